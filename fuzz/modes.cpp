// modes — the block modes (aeskit::encrypt/decrypt and aeskit::Cipher) against OpenSSL EVP.
//
// Checks, for ECB, CBC (each with and without PKCS#7), CTR (ctr128), CTR32, CFB, CFB8 and OFB
// in either direction on arbitrary data: the one-shot call succeeds exactly when OpenSSL's
// does and gives the same bytes (CTR32, which OpenSSL lacks as a cipher, is checked against
// ctr128 when the counter's low 32 bits do not wrap); on an error nothing is written; in place
// gives the same result; the incremental Cipher with fuzzer-chosen update sizes, in place or
// not, gives the same bytes and the same verdict; an encryption decrypts back.
//
// Input: [mode][key-length selector][flags] key (16/24/32), IV (16 bytes unless ECB),
//        [data length, 2 bytes] data, then the update sizes for Cipher.
// flags: bit 0 decrypt; bit 1 PKCS#7 (ECB/CBC only); bit 2 Cipher in place.
#include <cstring>

#include "aeskit/aes.hpp"
#include "aeskit/modes.hpp"
#include "fuzz_support.hpp"
#include "openssl_ref.hpp"

using namespace aeskit_fuzz;

namespace {

constexpr aeskit::Mode kModes[] = {aeskit::Mode::ecb,   aeskit::Mode::cbc,    aeskit::Mode::ctr128,
                                   aeskit::Mode::ctr32, aeskit::Mode::cfb128, aeskit::Mode::cfb8,
                                   aeskit::Mode::ofb};

const EVP_CIPHER* reference(aeskit::Mode mode, std::size_t key_len) {
  static const char* const names[3][7] = {
      {"AES-128-ECB", "AES-128-CBC", "AES-128-CTR", "AES-128-CTR", "AES-128-CFB", "AES-128-CFB8",
       "AES-128-OFB"},
      {"AES-192-ECB", "AES-192-CBC", "AES-192-CTR", "AES-192-CTR", "AES-192-CFB", "AES-192-CFB8",
       "AES-192-OFB"},
      {"AES-256-ECB", "AES-256-CBC", "AES-256-CTR", "AES-256-CTR", "AES-256-CFB", "AES-256-CFB8",
       "AES-256-OFB"}};
  static const EVP_CIPHER* cache[3][7] = {};
  const std::size_t row = key_len / 8 - 2;
  std::size_t col = 0;
  while (kModes[col] != mode) ++col;
  if (cache[row][col] == nullptr) cache[row][col] = ossl::cipher(names[row][col]);
  return cache[row][col];
}

bool block_mode(aeskit::Mode m) {
  return m == aeskit::Mode::ecb || m == aeskit::Mode::cbc;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Input in(data, size);
  const aeskit::Mode mode = kModes[in.u8() % 7];
  const std::size_t key_len = 16 + 8 * (in.u8() % 3);
  const std::uint8_t flags = in.u8();
  const bool decrypt = flags & 1;
  const bool pkcs7 = block_mode(mode) && (flags & 2);
  const aeskit::Padding padding = pkcs7 ? aeskit::Padding::pkcs7 : aeskit::Padding::none;
  const Bytes key = copy(in.take(key_len));
  const Bytes iv = copy(in.take(mode == aeskit::Mode::ecb ? 0 : 16));
  const Bytes msg = copy(in.take(in.u16()));
  if (key.size() != key_len || (mode != aeskit::Mode::ecb && iv.size() != 16)) return 0;

  auto k = aeskit::AesKey::create(key);
  FUZZ_REQUIRE(k.ok());

  // One-shot, out of place.
  Bytes out(msg.size() + 32, kFill);
  const Bytes fresh = out;
  auto r = decrypt ? aeskit::decrypt(*k, mode, iv, msg, out, padding)
                   : aeskit::encrypt(*k, mode, iv, msg, out, padding);
  if (!r.ok()) FUZZ_REQUIRE(out == fresh);

  // OpenSSL. CTR32 matches ctr128 unless the low 32 bits of the counter wrap.
  bool compare = true;
  if (mode == aeskit::Mode::ctr32) {
    const std::uint64_t low = std::uint64_t{iv[12]} << 24 | std::uint64_t{iv[13]} << 16 |
                              std::uint64_t{iv[14]} << 8 | iv[15];
    compare = low + (msg.size() + 15) / 16 <= (std::uint64_t{1} << 32);
  }
  if (compare) {
    Bytes theirs;
    const bool ok =
        ossl::run_cipher(reference(mode, key_len), !decrypt, key, iv, msg, pkcs7, theirs);
    FUZZ_REQUIRE(ok == r.ok());
    if (ok) FUZZ_REQUIRE(*r == theirs.size() && same(ByteSpan(out.data(), *r), theirs));
  }
  if (!r.ok()) {
    FUZZ_REQUIRE(
        (block_mode(mode) && !pkcs7 && msg.size() % 16 != 0 &&
         r.code() == aeskit::Errc::not_block_multiple) ||
        (decrypt && pkcs7 &&
         (r.code() == aeskit::Errc::bad_padding || r.code() == aeskit::Errc::not_block_multiple)));
  }
  const Bytes result =
      r.ok() ? Bytes(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(*r)) : Bytes{};

  // One-shot in place.
  {
    Bytes buf(msg.size() + 32, kFill);
    put(buf.data(), msg.data(), msg.size());
    const Bytes before = buf;
    const ByteSpan src(buf.data(), msg.size());
    auto p = decrypt ? aeskit::decrypt(*k, mode, iv, src, buf, padding)
                     : aeskit::encrypt(*k, mode, iv, src, buf, padding);
    FUZZ_REQUIRE(p.ok() == r.ok());
    if (p.ok())
      FUZZ_REQUIRE(*p == *r && same(ByteSpan(buf.data(), *p), result));
    else
      FUZZ_REQUIRE(p.code() == r.code() && buf == before);
  }

  // Incremental, with fuzzer-chosen update sizes.
  {
    const bool in_place = flags & 4;
    auto c = aeskit::Cipher::create(
        *k, mode, decrypt ? aeskit::Direction::decrypt : aeskit::Direction::encrypt, iv, padding);
    FUZZ_REQUIRE(c.ok());
    Bytes got;
    std::size_t pos = 0;
    for (std::size_t n : splits(in, msg.size(), 100)) {
      const std::size_t bound = c->update_output_bound(n);
      Bytes piece(std::max(bound, n) + 16, kFill);
      put(piece.data(), msg.data() + pos, n);
      const ByteSpan src = in_place ? ByteSpan(piece.data(), n) : ByteSpan(msg).subspan(pos, n);
      auto u = c->update(src, std::span(piece).first(bound));
      FUZZ_REQUIRE(u.ok() && *u <= bound);
      if (!block_mode(mode)) FUZZ_REQUIRE(*u == n);
      got.insert(got.end(), piece.begin(), piece.begin() + static_cast<std::ptrdiff_t>(*u));
      pos += n;
    }
    Bytes last(32, kFill);
    auto f = c->finish(last);
    FUZZ_REQUIRE(f.ok() == r.ok());
    if (f.ok()) {
      got.insert(got.end(), last.begin(), last.begin() + static_cast<std::ptrdiff_t>(*f));
      FUZZ_REQUIRE(got == result);
    } else {
      FUZZ_REQUIRE(f.code() == r.code());
    }
  }

  // An encryption decrypts back.
  if (!decrypt && r.ok()) {
    Bytes back(result.size() + 16, kFill);
    auto d = aeskit::decrypt(*k, mode, iv, result, back, padding);
    FUZZ_REQUIRE(d.ok() && *d == msg.size() && same(ByteSpan(back.data(), *d), msg));
  }
  return 0;
}
