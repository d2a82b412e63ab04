// hctr2 — HCTR2 (aeskit::Hctr2Key) on the default backend against the portable backend (and
// the vperm backend where it runs): a second, independent code path (generic XCTR batches
// over the bitsliced AES, POLYVAL the same).
//
// Checks, for a fuzzer-chosen key (16, 24 or 32 bytes), tweak (0..255 bytes) and message:
// encrypt and decrypt succeed exactly from 16 bytes on and write nothing on an error; the
// bytes equal portable's (and vperm's); in place gives the same; decrypt(encrypt(x)) == x
// (and the other way round); one flipped bit of the input (at a fuzzer-chosen position) or of
// the tweak changes every 16-byte block of the output (the last partial block too when it has
// 8 bytes or more: a shorter one can repeat by chance).
//
// Input: [key-length selector][flags][tweak length][bit position, 2 bytes]
//        key, tweak, then the message (the rest).
// flags: bit 0 decrypt first (arbitrary ciphertext).
#include <cstring>

#include "aeskit/hctr2.hpp"
#include "fuzz_support.hpp"

using namespace aeskit_fuzz;

namespace {

aeskit::Hctr2Key make(const Bytes& key, std::string_view backend) {
  auto k = aeskit::Hctr2Key::create(key, backend);
  return k.ok() ? std::move(k).value() : aeskit::Hctr2Key();
}

Bytes run(const aeskit::Hctr2Key& k, bool decrypt, const Bytes& tweak, const Bytes& msg) {
  Bytes out(msg.size());
  const aeskit::Status s = decrypt ? k.decrypt(tweak, msg, out) : k.encrypt(tweak, msg, out);
  FUZZ_REQUIRE(s.ok());
  return out;
}

bool all_blocks_differ(const Bytes& a, const Bytes& b) {
  for (std::size_t off = 0; off < a.size(); off += 16) {
    const std::size_t n = std::min<std::size_t>(16, a.size() - off);
    if (n < 8) break;
    if (std::memcmp(a.data() + off, b.data() + off, n) == 0) return false;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Input in(data, size);
  const std::size_t key_len = 16 + 8 * (in.u8() % 3);
  const std::uint8_t flags = in.u8();
  const std::size_t tweak_len = in.u8();
  const std::size_t bit_pos = in.u16();
  const Bytes key = copy(in.take(key_len));
  const Bytes tweak = copy(in.take(tweak_len));
  const Bytes msg = copy(in.rest());
  if (key.size() != key_len || tweak.size() != tweak_len) return 0;
  const bool decrypt = flags & 1;

  const aeskit::Hctr2Key k = make(key, {});
  const aeskit::Hctr2Key ref = make(key, "portable");
  FUZZ_REQUIRE(k.valid() && ref.valid());

  Bytes out(msg.size() + 16, kFill);
  const Bytes fresh = out;
  const aeskit::Status s = decrypt ? k.decrypt(tweak, msg, out) : k.encrypt(tweak, msg, out);
  if (msg.size() < aeskit::kHctr2MinMessage) {
    FUZZ_REQUIRE(s.code() == aeskit::Errc::bad_data_unit_length && out == fresh);
    return 0;
  }
  FUZZ_REQUIRE(s.ok());
  for (std::size_t i = msg.size(); i < out.size(); ++i) FUZZ_REQUIRE(out[i] == kFill);
  out.resize(msg.size());

  // Another backend, another code path: the same bytes.
  FUZZ_REQUIRE(run(ref, decrypt, tweak, msg) == out);
  const aeskit::Hctr2Key vp = make(key, "vperm");
  if (vp.valid()) FUZZ_REQUIRE(run(vp, decrypt, tweak, msg) == out);

  // In place.
  Bytes buf = msg;
  FUZZ_REQUIRE((decrypt ? k.decrypt(tweak, buf, buf) : k.encrypt(tweak, buf, buf)).ok());
  FUZZ_REQUIRE(buf == out);

  // The inverse gives the input back.
  FUZZ_REQUIRE(run(k, !decrypt, tweak, out) == msg);

  // One flipped input bit changes every block of the output.
  Bytes flipped = msg;
  const std::size_t bit = bit_pos % (8 * msg.size());
  flipped[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
  FUZZ_REQUIRE(all_blocks_differ(run(k, decrypt, tweak, flipped), out));

  // One flipped tweak bit (or a byte more) too.
  Bytes tweak2 = tweak;
  if (tweak2.empty())
    tweak2.push_back(static_cast<std::uint8_t>(bit_pos));
  else
    tweak2[(bit_pos / 8) % tweak2.size()] ^= static_cast<std::uint8_t>(1u << (bit_pos % 8));
  FUZZ_REQUIRE(all_blocks_differ(run(k, decrypt, tweak2, msg), out));
  return 0;
}
