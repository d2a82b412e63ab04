// keywrap — AES key unwrap, KW (RFC 3394) and KWP (RFC 5649), on arbitrary bytes.
//
// Checks: unwrapping any input either succeeds or fails with authentication_failed and the
// span it would have written (wrapped.size() - 8 bytes) zeroed, bytes past it untouched;
// the verdict and the plaintext equal OpenSSL's (aes-*-wrap / aes-*-wrap-pad); a successful
// unwrap re-wraps to the same input (KWP: the output past the returned length is zero); in
// place gives the same; and the input read as a plaintext wraps, unwraps back, and fails to
// unwrap with one bit flipped.
//
// Input: [flags][bit to flip, 2 bytes] KEK (16/24/32 bytes), then the wrapped bytes (the rest).
// flags: bit 0 KWP (else KW); bits 1-2 KEK length; bit 3 unwrap in place.
#include <cstring>

#include "aeskit/keywrap.hpp"
#include "fuzz_support.hpp"
#include "openssl_ref.hpp"

using namespace aeskit_fuzz;

namespace {

const EVP_CIPHER* reference(bool pad, std::size_t key_len) {
  static const EVP_CIPHER* kw[3] = {ossl::cipher("AES-128-WRAP"), ossl::cipher("AES-192-WRAP"),
                                    ossl::cipher("AES-256-WRAP")};
  static const EVP_CIPHER* kwp[3] = {ossl::cipher("AES-128-WRAP-PAD"),
                                     ossl::cipher("AES-192-WRAP-PAD"),
                                     ossl::cipher("AES-256-WRAP-PAD")};
  return (pad ? kwp : kw)[key_len / 8 - 2];
}

aeskit::Result<std::size_t> unwrap(bool pad, const aeskit::AesKey& kek, ByteSpan in,
                                   std::span<std::uint8_t> out) {
  return pad ? aeskit::key_unwrap_pad(kek, in, out) : aeskit::key_unwrap(kek, in, out);
}

aeskit::Result<std::size_t> wrap(bool pad, const aeskit::AesKey& kek, ByteSpan in,
                                 std::span<std::uint8_t> out) {
  return pad ? aeskit::key_wrap_pad(kek, in, out) : aeskit::key_wrap(kek, in, out);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Input in(data, size);
  const std::uint8_t flags = in.u8();
  const std::uint16_t flip = in.u16();
  const bool pad = flags & 1;
  const std::size_t key_len = 16 + 8 * (((flags >> 1) & 3) % 3);
  const bool in_place = flags & 8;
  const Bytes key = copy(in.take(key_len));
  const Bytes wrapped = copy(in.rest());
  if (key.size() != key_len) return 0;
  auto kek = aeskit::AesKey::create(key);
  FUZZ_REQUIRE(kek.ok());

  const std::size_t span = wrapped.size() >= 8 ? wrapped.size() - 8 : 0;
  Bytes buf(wrapped.size() + 8, kFill);
  if (in_place) put(buf.data(), wrapped.data(), wrapped.size());
  const Bytes before = buf;
  const ByteSpan src = in_place ? ByteSpan(buf.data(), wrapped.size()) : ByteSpan(wrapped);
  auto r = unwrap(pad, *kek, src, std::span(buf).first(span));
  if (r.ok()) {
    const std::size_t n = *r;
    FUZZ_REQUIRE(pad ? (n <= span && n + 7 >= span) : n == span);
    FUZZ_REQUIRE(all_zero(buf.data() + n, span - n));
    const Bytes plain(buf.begin(), buf.begin() + static_cast<std::ptrdiff_t>(n));
    Bytes again(wrapped.size() + 16, 0);
    auto w = wrap(pad, *kek, plain, again);
    FUZZ_REQUIRE(w.ok() && *w == wrapped.size() && same(ByteSpan(again.data(), *w), wrapped));
  } else {
    FUZZ_REQUIRE(r.code() == aeskit::Errc::authentication_failed);
    // keywrap.hpp: the span zeroed for every failure, a wrong length included
    // (corpus/keywrap/short-kw-not-zeroed: a 16-byte KW input once left it untouched).
    FUZZ_REQUIRE(all_zero(buf.data(), span));
  }
  FUZZ_REQUIRE(std::equal(buf.begin() + static_cast<std::ptrdiff_t>(span), buf.end(),
                          before.begin() + static_cast<std::ptrdiff_t>(span)));

  // OpenSSL agrees on the verdict and the plaintext (for KW not on 16-byte inputs: OpenSSL
  // unwraps one-semiblock plaintexts, which SP 800-38F KW does not have).
  if (pad || wrapped.size() != 16) {
    Bytes theirs;
    const bool ok = !wrapped.empty() && ossl::run_cipher(reference(pad, key_len), false, key, {},
                                                         wrapped, false, theirs);
    FUZZ_REQUIRE(ok == r.ok());
    if (ok) FUZZ_REQUIRE(same(theirs, ByteSpan(buf.data(), *r)));
  }

  // The input as a plaintext: wrap, unwrap back, one flipped bit fails.
  auto w = wrap(pad, *kek, wrapped, std::span<std::uint8_t>());
  const bool wrappable = pad ? !wrapped.empty() : (wrapped.size() >= 16 && wrapped.size() % 8 == 0);
  if (!wrappable) {
    Bytes sink(wrapped.size() + 16, kFill);
    auto e = wrap(pad, *kek, wrapped, sink);
    FUZZ_REQUIRE(!e.ok() && e.code() == (pad ? aeskit::Errc::empty_input
                                             : aeskit::Errc::not_semiblock_multiple));
    return 0;
  }
  FUZZ_REQUIRE(!w.ok());
  Bytes sealed(
      pad ? aeskit::key_wrap_pad_length(wrapped.size()) : aeskit::key_wrap_length(wrapped.size()),
      0);
  auto ws = wrap(pad, *kek, wrapped, sealed);
  FUZZ_REQUIRE(ws.ok() && *ws == sealed.size());
  Bytes back(sealed.size() - 8, kFill);
  auto u = unwrap(pad, *kek, sealed, back);
  FUZZ_REQUIRE(u.ok() && *u == wrapped.size() && same(ByteSpan(back.data(), *u), wrapped));
  const std::size_t bit = flip % (sealed.size() * 8);
  sealed[bit / 8] = static_cast<std::uint8_t>(sealed[bit / 8] ^ (1u << (bit % 8)));
  Bytes bad(sealed.size() - 8, kFill);
  auto f = unwrap(pad, *kek, sealed, bad);
  FUZZ_REQUIRE(!f.ok() && f.code() == aeskit::Errc::authentication_failed);
  FUZZ_REQUIRE(all_zero(bad.data(), bad.size()));
  return 0;
}
