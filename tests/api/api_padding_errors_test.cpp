// tests/api/api_padding_errors_test.cpp — PKCS#7 verification on decryption, every way it can be
// wrong, for ECB and CBC on every backend: pad byte 0, pad byte 17..255, a pad byte that
// disagrees with the last one (at every position of pads of length 2..16), and a valid pad
// length with every other byte wrong. Each must give bad_padding and leave the output (also
// when decrypting in place) and Cipher::finish's output unchanged. Every valid pad length
// 1..16 is checked to be accepted as a control. Messages of 1, 3 and 19 blocks, so the last
// block comes from single-block, tail and batched code paths. No vectors: ciphertexts are
// made by encrypting chosen plaintext without padding.
#include <gtest/gtest.h>

#include "aeskit/aeskit.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/names.hpp"
#include "support/rng.hpp"
#include "support/run_modes.hpp"

namespace {

using namespace aeskit_test::names;
using aeskit_test::kCanary;

using PadParam = aeskit_test::BackendMode;
constexpr Mode kPaddedModes[] = {Mode::ecb, Mode::cbc};

class PaddingErrors : public testing::TestWithParam<PadParam> {
 protected:
  void SetUp() override {
    if (!aeskit_test::backend_available(GetParam().backend)) return;
    ASSERT_NO_FATAL_FAILURE(aeskit_test::make_key(Bytes(24, 0x6c), GetParam().backend, key_));
    if (GetParam().mode == Mode::cbc) iv_ = Bytes(16, 0x9e);
  }

  // encrypt_raw: the plaintext as is (no padding added).
  Bytes encrypt_raw(const Bytes& pt) {
    Bytes ct(pt.size());
    auto r = aeskit::encrypt(key_, GetParam().mode, iv_, pt, ct);
    EXPECT_TRUE(r.ok()) << r.message();
    return ct;
  }

  void expect_rejected(const Bytes& pt, const std::string& what) {
    SCOPED_TRACE(what + ", last block " + to_hex({pt.data() + pt.size() - 16, 16}));
    const Bytes ct = encrypt_raw(pt);
    for (bool in_place : {false, true}) {
      auto got = aeskit_test::one_shot(key_, GetParam().mode, Direction::decrypt, iv_, ct,
                                       Padding::pkcs7, {0, 5, in_place});
      EXPECT_EQ(got.code, Errc::bad_padding) << (in_place ? "in place" : "separate buffers");
      EXPECT_TRUE(got.guard_ok) << got.detail;
    }
    auto c = aeskit::Cipher::create(key_, GetParam().mode, Direction::decrypt, iv_, Padding::pkcs7);
    ASSERT_TRUE(c.ok());
    Bytes sink(c->update_output_bound(ct.size()));
    auto u = c->update(ct, sink);
    ASSERT_TRUE(u.ok()) << u.message();
    EXPECT_LE(*u, ct.size() - 16) << "the last block must be held back until finish()";
    Bytes fin(32, kCanary);
    EXPECT_EQ(c->finish(fin).code(), Errc::bad_padding);
    EXPECT_EQ(fin, Bytes(32, kCanary)) << "finish wrote output despite bad padding";
  }

  aeskit::AesKey key_;
  Bytes iv_;
};

TEST_P(PaddingErrors, EveryMalformedPaddingIsRejected) {
  AESKIT_SKIP_UNAVAILABLE(GetParam().backend);
  aeskit_test::TestRng rng;
  int cases = 0;
  for (std::size_t blocks : {1, 3, 19}) {
    const Bytes base = rng.bytes(16 * blocks);
    auto with_tail = [&](auto edit) {
      Bytes pt = base;
      edit(pt.data() + pt.size() - 16);  // the last block
      return pt;
    };
    const std::string n = std::to_string(blocks) + " blocks: ";
    // Pad byte 0.
    expect_rejected(with_tail([](std::uint8_t* last) { last[15] = 0; }), n + "pad byte 0");
    ++cases;
    // Pad byte larger than a block (all bytes of the block set to it, so only its value is bad).
    for (int v : {17, 18, 32, 128, 255}) {
      expect_rejected(with_tail([v](std::uint8_t* last) {
                        for (int i = 0; i < 16; ++i) last[i] = static_cast<std::uint8_t>(v);
                      }),
                      n + "pad byte " + std::to_string(v));
      ++cases;
    }
    // Inconsistent pad bytes: length k, one of the other k-1 bytes differs.
    for (int k = 2; k <= 16; ++k) {
      for (int wrong = 16 - k; wrong < 15; ++wrong) {
        expect_rejected(
            with_tail([k, wrong](std::uint8_t* last) {
              for (int i = 16 - k; i < 16; ++i) last[i] = static_cast<std::uint8_t>(k);
              last[wrong] = static_cast<std::uint8_t>(k ^ 0x01);
            }),
            n + "pad length " + std::to_string(k) + ", byte " + std::to_string(wrong) + " differs");
        ++cases;
      }
    }
    // A long pad claim over bytes that are all different from it.
    expect_rejected(with_tail([](std::uint8_t* last) {
                      for (int i = 0; i < 15; ++i) last[i] = 0;
                      last[15] = 16;
                    }),
                    n + "pad length 16 over zeros");
    ++cases;
  }
  RecordProperty("malformed_cases", cases);
  EXPECT_GT(cases, 300);
}

TEST_P(PaddingErrors, EveryValidPaddingIsAccepted) {
  AESKIT_SKIP_UNAVAILABLE(GetParam().backend);
  aeskit_test::TestRng rng;
  for (std::size_t blocks : {1, 3, 19}) {
    for (int k = 1; k <= 16; ++k) {
      SCOPED_TRACE(std::to_string(blocks) + " blocks, pad length " + std::to_string(k));
      Bytes pt = rng.bytes(16 * blocks);
      for (std::size_t i = pt.size() - static_cast<std::size_t>(k); i < pt.size(); ++i)
        pt[i] = static_cast<std::uint8_t>(k);
      const Bytes ct = encrypt_raw(pt);
      const Bytes expect(pt.begin(), pt.end() - k);
      auto got =
          aeskit_test::one_shot(key_, GetParam().mode, Direction::decrypt, iv_, ct, Padding::pkcs7);
      ASSERT_EQ(got.code, Errc::ok);
      EXPECT_EQ(to_hex(got.out), to_hex(expect));
      auto inc = aeskit_test::incremental(key_, GetParam().mode, Direction::decrypt, iv_, ct,
                                          Padding::pkcs7, &rng);
      ASSERT_EQ(inc.code, Errc::ok) << inc.detail;
      EXPECT_EQ(to_hex(inc.out), to_hex(expect));
    }
  }
}

TEST_P(PaddingErrors, EmptyCiphertextIsRejected) {
  AESKIT_SKIP_UNAVAILABLE(GetParam().backend);
  Bytes out(16, kCanary);
  auto r = aeskit::decrypt(key_, GetParam().mode, iv_, Bytes{}, out, Padding::pkcs7);
  EXPECT_TRUE(r.code() == Errc::bad_padding || r.code() == Errc::not_block_multiple)
      << testing::PrintToString(r.code());
  EXPECT_EQ(out, Bytes(16, kCanary));
}

INSTANTIATE_TEST_SUITE_P(Backends, PaddingErrors,
                         testing::ValuesIn(aeskit_test::backend_modes(kPaddedModes)),
                         [](const testing::TestParamInfo<PadParam>& param_info) {
                           return aeskit_test::identifier(param_info.param.backend) + "_" +
                                  aeskit_test::mode_label(param_info.param.mode);
                         });

}  // namespace
