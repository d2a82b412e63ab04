// tests/keywrap/keywrap_test.cpp — AES key wrap KW (RFC 3394) and KWP (RFC 5649) on every AES
// backend: RFC 3394 §4.1-4.6 and RFC 5649 §6 known answers; Project Wycheproof aes_wrap_test.json
// and aes_kwp_test.json (every valid case wrapped and unwrapped exactly, every invalid case refused
// — with the wrapped input rejected by unwrap, zeroed output — and the "acceptable" 8-byte KW
// plaintexts refused by design: SP 800-38F §5.3.1 wants at least two semiblocks); differential
// against OpenSSL (id-aes*-wrap, id-aes*-wrap-pad) and libgcrypt (AESWRAP; KWP with
// GCRY_CIPHER_EXTENDED) over random KEKs and lengths, misaligned and in place; every single-bit
// change of a wrapped key rejected with the output zeroed; the API errors.
#include <fstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "aeskit/aeskit.hpp"
#include "keywrap_support.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/json.hpp"
#include "support/names.hpp"
#include "support/rng.hpp"
#include "support/vectors.hpp"

namespace {

using namespace aeskit_test::names;
using aeskit_test::hex_field;
namespace ref = aeskit_test::keywrap;

class KeyWrap : public testing::TestWithParam<std::string> {
 public:
  aeskit::AesKey kek(const Bytes& bytes) {
    aeskit::AesKey k;
    make_key_into(bytes, k);
    return k;
  }
  void make_key_into(const Bytes& bytes, aeskit::AesKey& k) {
    auto r = aeskit::AesKey::create(bytes, GetParam());
    EXPECT_TRUE(r.ok()) << r.message();
    if (r.ok()) k = std::move(r).value();
  }
  Bytes wrap(const aeskit::AesKey& k, const Bytes& pt, bool pad) {
    Bytes out(pad ? aeskit::key_wrap_pad_length(pt.size()) : aeskit::key_wrap_length(pt.size()));
    auto n = pad ? aeskit::key_wrap_pad(k, pt, out) : aeskit::key_wrap(k, pt, out);
    EXPECT_TRUE(n.ok()) << n.message();
    if (n.ok()) {
      EXPECT_EQ(*n, out.size());
    }
    return out;
  }
  // unwrap: the plaintext, or nullopt after checking the failure was clean.
  std::optional<Bytes> unwrap(const aeskit::AesKey& k, const Bytes& wrapped, bool pad) {
    Bytes out(wrapped.size() >= 8 ? wrapped.size() - 8 : 0, 0xAA);
    auto n = pad ? aeskit::key_unwrap_pad(k, wrapped, out) : aeskit::key_unwrap(k, wrapped, out);
    if (!n.ok()) {
      EXPECT_EQ(n.code(), Errc::authentication_failed);
      for (std::uint8_t b : out)
        if (b != 0 && b != 0xAA) ADD_FAILURE() << "failed unwrap left key bytes in the output";
      if (wrapped.size() % 8 == 0 && wrapped.size() >= (pad ? 16u : 24u)) {
        for (std::uint8_t b : out) EXPECT_EQ(b, 0) << "output not zeroed";
      }
      return std::nullopt;
    }
    EXPECT_LE(*n, out.size());
    for (std::size_t i = *n; i < out.size(); ++i) EXPECT_EQ(out[i], 0) << "padding left over";
    out.resize(*n);
    return out;
  }
};

struct WrapKat {
  const char* name;
  const char* kek;
  const char* pt;
  const char* wrapped;
  bool pad;
};

const WrapKat kKats[] = {
    {"RFC 3394 4.1", "000102030405060708090a0b0c0d0e0f", "00112233445566778899aabbccddeeff",
     "1fa68b0a8112b447aef34bd8fb5a7b829d3e862371d2cfe5", false},
    {"RFC 3394 4.2", "000102030405060708090a0b0c0d0e0f1011121314151617",
     "00112233445566778899aabbccddeeff", "96778b25ae6ca435f92b5b97c050aed2468ab8a17ad84e5d", false},
    {"RFC 3394 4.3", "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
     "00112233445566778899aabbccddeeff", "64e8c3f9ce0f5ba263e9777905818a2a93c8191e7d6e8ae7", false},
    {"RFC 3394 4.4", "000102030405060708090a0b0c0d0e0f1011121314151617",
     "00112233445566778899aabbccddeeff0001020304050607",
     "031d33264e15d33268f24ec260743edce1c6c7ddee725a936ba814915c6762d2", false},
    {"RFC 3394 4.5", "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
     "00112233445566778899aabbccddeeff0001020304050607",
     "a8f9bc1612c68b3ff6e6f4fbe30e71e4769c8b80a32cb8958cd5d17d6b254da1", false},
    {"RFC 3394 4.6", "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
     "00112233445566778899aabbccddeeff000102030405060708090a0b0c0d0e0f",
     "28c9f404c4b810f4cbccb35cfb87f8263f5786e2d80ed326cbc7f0e71a99f43bfb988b9b7a02dd21", false},
    {"RFC 5649 6 (20 bytes)", "5840df6e29b02af1ab493b705bf16ea1ae8338f4dcc176a8",
     "c37b7e6492584340bed12207808941155068f738",
     "138bdeaa9b8fa7fc61f97742e72248ee5ae6ae5360d1ae6a5f54f373fa543b6a", true},
    {"RFC 5649 6 (7 bytes)", "5840df6e29b02af1ab493b705bf16ea1ae8338f4dcc176a8", "466f7250617369",
     "afbeb0f07dfbf5419200f2ccb50bb24f", true},
};

TEST_P(KeyWrap, RfcVectors) {
  AESKIT_SKIP_UNAVAILABLE(GetParam());
  for (const WrapKat& kat : kKats) {
    SCOPED_TRACE(kat.name);
    const aeskit::AesKey k = kek(from_hex(kat.kek));
    ASSERT_TRUE(k.valid());
    EXPECT_EQ(to_hex(wrap(k, from_hex(kat.pt), kat.pad)), kat.wrapped);
    auto back = unwrap(k, from_hex(kat.wrapped), kat.pad);
    ASSERT_TRUE(back.has_value());
    EXPECT_EQ(to_hex(*back), kat.pt);
  }
}

void wycheproof(KeyWrap& t, const char* file, bool pad, int want_valid, int want_invalid,
                int want_acceptable) {
  AESKIT_LOAD_VECTOR_JSON(doc, std::string("wycheproof/") + file);
  int valid = 0, invalid = 0, acceptable = 0;
  aeskit_test::for_each_wycheproof_test(doc, [&](const nlohmann::json& c) {
    const Bytes key = hex_field(c, "key");
    const Bytes msg = hex_field(c, "msg");
    const Bytes ct = hex_field(c, "ct");
    const std::string result = c.at("result").get<std::string>();
    auto r = aeskit::AesKey::create(key, t.GetParam());
    ASSERT_TRUE(r.ok());
    const aeskit::AesKey& k = *r;
    auto back = t.unwrap(k, ct, pad);
    if (result == "valid") {
      ++valid;
      EXPECT_EQ(to_hex(t.wrap(k, msg, pad)), to_hex(ct));
      ASSERT_TRUE(back.has_value());
      EXPECT_EQ(to_hex(*back), to_hex(msg));
      return;
    }
    // invalid, and the acceptable short (8-byte) KW plaintexts: refused.
    (result == "invalid" ? invalid : acceptable)++;
    EXPECT_FALSE(back.has_value());
    const bool wrappable = pad ? !msg.empty() : (msg.size() >= 16 && msg.size() % 8 == 0);
    if (!wrappable) {
      Bytes out(msg.size() + 16, 0xAA);
      auto n = pad ? aeskit::key_wrap_pad(k, msg, out) : aeskit::key_wrap(k, msg, out);
      EXPECT_EQ(n.code(), pad ? Errc::empty_input : Errc::not_semiblock_multiple);
      EXPECT_EQ(out, Bytes(msg.size() + 16, 0xAA));
    }
  });
  EXPECT_EQ(valid, want_valid);
  EXPECT_EQ(invalid, want_invalid);
  EXPECT_EQ(acceptable, want_acceptable);
}

TEST_P(KeyWrap, WycheproofKw) {
  AESKIT_SKIP_UNAVAILABLE(GetParam());
  wycheproof(*this, "aes_wrap_test.json", false, 36, 126, 3);
}

TEST_P(KeyWrap, WycheproofKwp) {
  AESKIT_SKIP_UNAVAILABLE(GetParam());
  wycheproof(*this, "aes_kwp_test.json", true, 77, 177, 0);
}

TEST_P(KeyWrap, VsOpenSslAndLibgcrypt) {
  AESKIT_SKIP_UNAVAILABLE(GetParam());
  aeskit_test::TestRng rng;
  for (std::size_t key_len : aeskit_test::kKeySizes) {
    for (bool pad : {false, true}) {
      for (int i = 0; i < 120; ++i) {
        const std::size_t len =
            pad ? (i < 40 ? static_cast<std::size_t>(i) + 1 : rng.between(1, 600))
                : 8 * (i < 40 ? static_cast<std::size_t>(i) + 2 : rng.between(2, 80));
        const Bytes kek_bytes = rng.bytes(key_len), pt = rng.bytes(len);
        SCOPED_TRACE("kek " + to_hex(kek_bytes) + " len " + std::to_string(len) + " pad " +
                     std::to_string(pad));
        const aeskit::AesKey k = kek(kek_bytes);
        const auto expected = ref::openssl_wrap(kek_bytes, pt, pad);
        ASSERT_TRUE(expected.has_value());
        const auto g = ref::gcrypt_wrap(kek_bytes, pt, pad);
        ASSERT_TRUE(g.has_value());
        ASSERT_EQ(to_hex(*g), to_hex(*expected)) << "the references disagree";
        // Misaligned.
        const std::size_t off = rng.between(0, 15);
        Bytes in_buf(off + len);
        std::copy(pt.begin(), pt.end(), in_buf.begin() + static_cast<long>(off));
        Bytes out_buf(expected->size() + 3);
        auto n = pad ? aeskit::key_wrap_pad(k, std::span(in_buf).subspan(off), out_buf)
                     : aeskit::key_wrap(k, std::span(in_buf).subspan(off), out_buf);
        ASSERT_TRUE(n.ok()) << n.message();
        ASSERT_EQ(*n, expected->size());
        ASSERT_EQ(to_hex(std::span(out_buf).first(*n)), to_hex(*expected));
        // In place.
        Bytes inplace = pt;
        inplace.resize(expected->size());
        n = pad ? aeskit::key_wrap_pad(k, std::span(inplace).first(len), inplace)
                : aeskit::key_wrap(k, std::span(inplace).first(len), inplace);
        ASSERT_TRUE(n.ok());
        ASSERT_EQ(to_hex(inplace), to_hex(*expected)) << "in place";
        // Unwrap: ours in place, and the references on our output.
        Bytes back = *expected;
        auto m = pad ? aeskit::key_unwrap_pad(k, back, back) : aeskit::key_unwrap(k, back, back);
        ASSERT_TRUE(m.ok()) << m.message();
        ASSERT_EQ(*m, len);
        ASSERT_EQ(to_hex(std::span(back).first(len)), to_hex(pt));
        const auto o = ref::openssl_unwrap(kek_bytes, inplace, pad);
        ASSERT_TRUE(o.has_value());
        ASSERT_EQ(to_hex(*o), to_hex(pt));
        const auto gu = ref::gcrypt_unwrap(kek_bytes, inplace, pad);
        ASSERT_TRUE(gu.has_value());
        ASSERT_EQ(to_hex(std::span(*gu).first(len)), to_hex(pt));
      }
    }
  }
}

TEST_P(KeyWrap, EveryBitFlipIsRejected) {
  AESKIT_SKIP_UNAVAILABLE(GetParam());
  aeskit_test::TestRng rng;
  for (bool pad : {false, true}) {
    for (std::size_t len : pad ? std::vector<std::size_t>{1, 7, 8, 9, 20, 32}
                               : std::vector<std::size_t>{16, 24, 40}) {
      const Bytes kek_bytes = rng.bytes(32), pt = rng.bytes(len);
      const aeskit::AesKey k = kek(kek_bytes);
      const Bytes wrapped = wrap(k, pt, pad);
      for (std::size_t bit = 0; bit < 8 * wrapped.size(); ++bit) {
        Bytes w = wrapped;
        w[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
        ASSERT_FALSE(unwrap(k, w, pad).has_value()) << "bit " << bit << " len " << len;
      }
      // Truncated or extended by a semiblock; the other mode's unwrap.
      ASSERT_FALSE(unwrap(k, Bytes(wrapped.begin(), wrapped.end() - 8), pad).has_value());
      Bytes longer = wrapped;
      longer.insert(longer.end(), 8, 0);
      ASSERT_FALSE(unwrap(k, longer, pad).has_value());
      if (wrapped.size() >= 24) {
        ASSERT_FALSE(unwrap(k, wrapped, !pad).has_value());
      }
      // A different KEK.
      Bytes other = kek_bytes;
      other[0] ^= 1;
      ASSERT_FALSE(unwrap(kek(other), wrapped, pad).has_value());
    }
  }
}

// KWP's length indicator and padding: forged with the raw block cipher (one-block case), every
// MLI outside (0, 8] and any non-zero padding byte must be refused.
TEST_P(KeyWrap, KwpLengthIndicatorAndPadding) {
  AESKIT_SKIP_UNAVAILABLE(GetParam());
  const Bytes kek_bytes(16, 0x42);
  const aeskit::AesKey k = kek(kek_bytes);
  auto forge = [&](std::uint32_t mli, const Bytes& payload8) {
    Bytes block = {0xa6,
                   0x59,
                   0x59,
                   0xa6,
                   static_cast<std::uint8_t>(mli >> 24),
                   static_cast<std::uint8_t>(mli >> 16),
                   static_cast<std::uint8_t>(mli >> 8),
                   static_cast<std::uint8_t>(mli)};
    block.insert(block.end(), payload8.begin(), payload8.end());
    Bytes out(16);
    EXPECT_TRUE(k.encrypt_blocks(block, out).ok());
    return out;
  };
  const Bytes zeros(8, 0);
  for (std::uint32_t mli : {0u, 9u, 16u, 0xffffffffu, 0x80000001u})
    EXPECT_FALSE(unwrap(k, forge(mli, zeros), true).has_value()) << mli;
  for (std::uint32_t mli = 1; mli <= 8; ++mli) {
    auto back = unwrap(k, forge(mli, zeros), true);
    ASSERT_TRUE(back.has_value()) << mli;
    EXPECT_EQ(back->size(), mli);
    for (std::uint32_t pos = mli; pos < 8; ++pos) {
      Bytes p = zeros;
      p[pos] = 1;
      EXPECT_FALSE(unwrap(k, forge(mli, p), true).has_value()) << mli << " " << pos;
    }
  }
}

TEST_P(KeyWrap, ApiErrorsWriteNothing) {
  AESKIT_SKIP_UNAVAILABLE(GetParam());
  const aeskit::AesKey k = kek(Bytes(16, 1));
  Bytes out(64, 0xAA);
  const Bytes pt(24, 3);
  // KW lengths.
  for (std::size_t n : {0u, 1u, 8u, 15u, 17u, 23u})
    EXPECT_EQ(aeskit::key_wrap(k, Bytes(n, 3), out).code(), Errc::not_semiblock_multiple) << n;
  // KWP: empty input.
  EXPECT_EQ(aeskit::key_wrap_pad(k, {}, out).code(), Errc::empty_input);
  EXPECT_EQ(out, Bytes(64, 0xAA));
  // Output too small.
  EXPECT_EQ(aeskit::key_wrap(k, pt, std::span(out).first(31)).code(), Errc::output_too_small);
  EXPECT_EQ(aeskit::key_wrap_pad(k, Bytes(9, 3), std::span(out).first(23)).code(),
            Errc::output_too_small);
  EXPECT_EQ(out, Bytes(64, 0xAA));
  // Partial overlap.
  Bytes buf(64, 3);
  EXPECT_EQ(aeskit::key_wrap(k, std::span(buf).first(24), std::span(buf).subspan(8)).code(),
            Errc::overlapping_buffers);
  EXPECT_EQ(buf, Bytes(64, 3));
  // Unwrap: bad lengths are authentication failures that zero out[0 .. n - 8), as every other
  // failure does (keywrap.hpp; found by fuzz/keywrap.cpp), and touch nothing past it; output
  // too small is its own error.
  for (int pad = 0; pad < 2; ++pad) {
    for (std::size_t n : {0u, 8u, 15u, 16u, 17u, 25u}) {
      if (pad == 0 && n == 15) continue;
      if (pad == 1 && n == 16) continue;  // a valid KWP length: a plain forgery
      Bytes o(64, 0xAA);
      const auto r =
          pad ? aeskit::key_unwrap_pad(k, Bytes(n, 0), o) : aeskit::key_unwrap(k, Bytes(n, 0), o);
      EXPECT_EQ(r.code(), Errc::authentication_failed) << n;
      const std::size_t zeroed = n >= 8 ? n - 8 : 0;
      Bytes want(64, 0xAA);
      std::fill(want.begin(), want.begin() + static_cast<std::ptrdiff_t>(zeroed), 0);
      EXPECT_EQ(o, want) << (pad ? "KWP " : "KW ") << n;
    }
  }
  EXPECT_EQ(out, Bytes(64, 0xAA));
  EXPECT_EQ(aeskit::key_unwrap(k, Bytes(32, 0), std::span(out).first(23)).code(),
            Errc::output_too_small);
  EXPECT_EQ(aeskit::key_unwrap_pad(k, Bytes(32, 0), std::span(out).first(23)).code(),
            Errc::output_too_small);
  // Empty key.
  aeskit::AesKey empty;
  EXPECT_EQ(aeskit::key_wrap(empty, pt, out).code(), Errc::invalid_state);
  EXPECT_EQ(aeskit::key_unwrap(empty, Bytes(32, 0), out).code(), Errc::invalid_state);
  EXPECT_EQ(aeskit::key_wrap_pad(empty, pt, out).code(), Errc::invalid_state);
  EXPECT_EQ(aeskit::key_unwrap_pad(empty, Bytes(32, 0), out).code(), Errc::invalid_state);
  // Lengths helpers.
  static_assert(aeskit::key_wrap_length(16) == 24);
  static_assert(aeskit::key_wrap_pad_length(1) == 16 && aeskit::key_wrap_pad_length(8) == 16 &&
                aeskit::key_wrap_pad_length(9) == 24);
}

INSTANTIATE_TEST_SUITE_P(AllBackends, KeyWrap, testing::ValuesIn(aeskit_test::backend_names()),
                         aeskit_test::backend_param_name);

}  // namespace
