// xts — XTS-AES (aeskit::XtsKey) against OpenSSL's aes-128-xts / aes-256-xts.
//
// Checks, for a fuzzer-chosen key (32, 48 or 64 bytes), tweak and data unit: encrypt and
// decrypt succeed exactly for 16 .. 2^24 bytes (encrypt refuses Key1 == Key2 with weak_key)
// and write nothing on an error; the bytes equal OpenSSL's (32- and 64-byte keys; OpenSSL
// has no AES-192-XTS); in place gives the same; decrypt(encrypt(x)) == x; the sector forms
// equal encrypt/decrypt with the sector number as the tweak, and encrypt_sectors equals one
// encrypt_sector per unit.
//
// Input: [key-length selector][flags][sector size byte][sector number, 8 bytes]
//        key, tweak (16 bytes), then the data unit (the rest).
// flags: bit 0 decrypt first (arbitrary ciphertext); bit 1 copy Key1 into Key2.
#include <cstring>

#include "aeskit/xts.hpp"
#include "fuzz_support.hpp"
#include "openssl_ref.hpp"

using namespace aeskit_fuzz;

namespace {

const EVP_CIPHER* reference(std::size_t key_len) {
  static const EVP_CIPHER* x128 = ossl::cipher("AES-128-XTS");
  static const EVP_CIPHER* x256 = ossl::cipher("AES-256-XTS");
  return key_len == 32 ? x128 : key_len == 64 ? x256 : nullptr;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Input in(data, size);
  const std::size_t key_len = 32 + 16 * (in.u8() % 3);
  const std::uint8_t flags = in.u8();
  const std::size_t sector_size = 16 + in.u8();
  std::uint64_t sector = 0;
  for (int i = 0; i < 8; ++i) sector = sector << 8 | in.u8();
  Bytes key = copy(in.take(key_len));
  const Bytes tweak = copy(in.take(16));
  const Bytes msg = copy(in.rest());
  if (key.size() != key_len || tweak.size() != 16) return 0;
  if (flags & 2) put(key.data() + key_len / 2, key.data(), key_len / 2);

  auto k = aeskit::XtsKey::create(key);
  FUZZ_REQUIRE(k.ok());
  const bool weak = std::memcmp(key.data(), key.data() + key_len / 2, key_len / 2) == 0;
  FUZZ_REQUIRE(k->encryption_allowed() == !weak);
  const bool decrypt = flags & 1;
  const bool valid_len = msg.size() >= 16;

  Bytes out(msg.size() + 16, kFill);
  const Bytes fresh = out;
  aeskit::Status s = decrypt ? k->decrypt(tweak, msg, out) : k->encrypt(tweak, msg, out);
  if (!valid_len) {
    FUZZ_REQUIRE(out == fresh);
    FUZZ_REQUIRE(s.code() == aeskit::Errc::bad_data_unit_length ||
                 (!decrypt && weak && s.code() == aeskit::Errc::weak_key));
    return 0;
  }
  if (!decrypt && weak) {
    FUZZ_REQUIRE(s.code() == aeskit::Errc::weak_key && out == fresh);
    return 0;
  }
  FUZZ_REQUIRE(s.ok());
  for (std::size_t i = msg.size(); i < out.size(); ++i) FUZZ_REQUIRE(out[i] == kFill);
  out.resize(msg.size());

  if (const EVP_CIPHER* c = reference(key_len)) {
    Bytes theirs;
    FUZZ_REQUIRE(ossl::run_cipher(c, !decrypt, key, tweak, msg, false, theirs));
    FUZZ_REQUIRE(theirs == out);
  }

  // In place.
  Bytes buf = msg;
  FUZZ_REQUIRE((decrypt ? k->decrypt(tweak, buf, buf) : k->encrypt(tweak, buf, buf)).ok());
  FUZZ_REQUIRE(buf == out);

  // The inverse gives the input back (encrypting needs distinct halves).
  if (!weak) {
    Bytes back(msg.size(), 0);
    FUZZ_REQUIRE((decrypt ? k->encrypt(tweak, out, back) : k->decrypt(tweak, out, back)).ok());
    FUZZ_REQUIRE(back == msg);
  }

  // Sector forms: the tweak is the sector number, little-endian, zero-padded.
  std::uint8_t st[16] = {};
  for (int i = 0; i < 8; ++i) st[i] = static_cast<std::uint8_t>(sector >> (8 * i));
  Bytes a(msg.size(), 0), b(msg.size(), 0);
  FUZZ_REQUIRE(k->decrypt_sector(sector, msg, a).ok());
  FUZZ_REQUIRE(k->decrypt(st, msg, b).ok());
  FUZZ_REQUIRE(a == b);

  // decrypt_sectors over whole units equals one decrypt per unit (the 128-bit tweak carries).
  const std::size_t whole = msg.size() / sector_size * sector_size;
  const ByteSpan units(msg.data(), whole);
  Bytes many(whole, kFill);
  FUZZ_REQUIRE(k->decrypt_sectors(sector, sector_size, units, many).ok());
  for (std::size_t j = 0; j * sector_size < whole; ++j) {
    std::uint8_t t[16] = {};
    std::uint64_t lo = sector + j;
    const bool carry = lo < sector;
    for (int i = 0; i < 8; ++i) t[i] = static_cast<std::uint8_t>(lo >> (8 * i));
    t[8] = carry ? 1 : 0;
    Bytes one(sector_size, 0);
    FUZZ_REQUIRE(k->decrypt(t, units.subspan(j * sector_size, sector_size), one).ok());
    FUZZ_REQUIRE(same(one, ByteSpan(many).subspan(j * sector_size, sector_size)));
  }
  if (!weak) {
    FUZZ_REQUIRE(k->encrypt_sectors(sector, sector_size, units, many).ok());
    Bytes one(sector_size, 0);
    if (whole > 0) {
      FUZZ_REQUIRE(k->encrypt_sector(sector, units.first(sector_size), one).ok());
      FUZZ_REQUIRE(same(one, ByteSpan(many).first(sector_size)));
    }
  }
  return 0;
}
