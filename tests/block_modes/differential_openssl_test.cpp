// tests/block_modes/differential_openssl_test.cpp — aeskit against OpenSSL EVP (aes-*-ecb, cbc,
// ctr, cfb128, cfb8, ofb; OpenSSL's ctr is our Mode::ctr128) on random keys, IVs and messages from
// a fixed-seed PRNG (seed printed; AESKIT_TEST_SEED overrides). For every backend, mode and key
// size: every length 0..320 bytes (16 * 8-block batch * 2 + 64), every whole block count 21..40,
// the block counts 16k-1, 16k, 16k+1 for k = 3..8 (vaes256's 16-block groups and, for even k,
// vaes512's 32-block groups; 16k±1 crosses each group boundary, odd counts end in a half-used ymm
// or partly used zmm register; cross_backend_test has every count to 145), each also with a
// random 1..15-byte tail, plus three random lengths up to 64 KiB and 64 KiB itself (4 KiB for
// CFB8); each one encrypted and decrypted one-shot (random input/output misalignment 0..15), in
// place, and through Cipher with random update splits; ECB/CBC with PKCS#7 on and (aligned lengths)
// off. ECB/CBC also decrypt random near-valid padded ciphertexts with PKCS#7 and must accept and
// reject exactly what OpenSSL does. No fixed vectors: OpenSSL is the reference.
#include <gtest/gtest.h>

#include "aeskit/aeskit.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/names.hpp"
#include "support/openssl_ref.hpp"
#include "support/rng.hpp"
#include "support/run_modes.hpp"

namespace {

using namespace aeskit_test::names;

constexpr std::size_t kMaxSweep = 16 * 8 * 2 + 64;
constexpr std::size_t kLargeMax = 64 * 1024;

struct DiffParam {
  std::string backend;
  Mode mode;
  std::size_t key_len;
  friend void PrintTo(const DiffParam& p, std::ostream* os) {
    *os << p.backend << " " << aeskit::mode_name(p.mode) << " " << p.key_len * 8;
  }
};

std::vector<DiffParam> all_params() {
  std::vector<DiffParam> params;
  for (const std::string& b : aeskit_test::backend_names())
    for (Mode m : aeskit_test::kAllModes)
      if (aeskit_test::openssl_has_mode(m))
        for (std::size_t k : aeskit_test::kKeySizes) params.push_back({b, m, k});
  return params;
}

class DifferentialOpenssl : public testing::TestWithParam<DiffParam> {
 protected:
  // check_length runs every aeskit path on one random message of `len` bytes.
  void check_length(aeskit_test::TestRng& rng, std::size_t len, Padding padding) {
    const DiffParam& p = GetParam();
    const bool pkcs7 = padding == Padding::pkcs7;
    SCOPED_TRACE("length " + std::to_string(len) + (pkcs7 ? " pkcs7" : ""));
    const Bytes key_bytes = rng.bytes(p.key_len);
    const Bytes iv = p.mode == Mode::ecb ? Bytes{} : rng.bytes(16);
    const Bytes pt = rng.bytes(len);
    aeskit::AesKey key;
    ASSERT_NO_FATAL_FAILURE(aeskit_test::make_key(key_bytes, p.backend, key));
    const auto ref =
        aeskit_test::openssl_crypt(p.mode, Direction::encrypt, key_bytes, iv, pt, pkcs7);
    ASSERT_TRUE(ref.has_value());
    const Bytes& ct = *ref;
    const std::string ct_hex = to_hex(ct);
    const std::string pt_hex = to_hex(pt);
    SCOPED_TRACE("key " + to_hex(key_bytes) + " iv " + to_hex(iv));

    const aeskit_test::Placement where{rng.between(0, 15), rng.between(0, 15), false};
    const aeskit_test::Placement in_place{rng.between(0, 15), 0, true};
    SCOPED_TRACE("in offset " + std::to_string(where.in_offset) + ", out offset " +
                 std::to_string(where.out_offset));

    // Each direction: one-shot at the offsets, in place, and Cipher with random splits.
    for (const Direction dir : {Direction::encrypt, Direction::decrypt}) {
      const bool enc = dir == Direction::encrypt;
      const Bytes& in = enc ? pt : ct;
      const std::string& want = enc ? ct_hex : pt_hex;
      const std::string label = aeskit_test::direction_label(dir);
      EXPECT_TRUE(aeskit_test::produced(
          aeskit_test::one_shot(key, p.mode, dir, iv, in, padding, where), want))
          << "one-shot " << label;
      EXPECT_TRUE(aeskit_test::produced(
          aeskit_test::one_shot(key, p.mode, dir, iv, in, padding, in_place), want))
          << "in-place " << label;
      EXPECT_TRUE(aeskit_test::produced(
          aeskit_test::incremental(key, p.mode, dir, iv, in, padding, &rng), want))
          << "Cipher " << label << ", random splits";
    }
  }
};

TEST_P(DifferentialOpenssl, SweepAndLargeLengths) {
  const DiffParam& p = GetParam();
  AESKIT_SKIP_UNAVAILABLE(p.backend);
  aeskit_test::TestRng rng;
  const bool block_mode = !aeskit_test::is_stream_mode(p.mode);
  std::vector<std::size_t> lengths;
  for (std::size_t len = 0; len <= kMaxSweep; ++len) lengths.push_back(len);
  // Whole-block counts past the sweep, crossing the wide kernels' strides and tails.
  for (std::size_t blocks = kMaxSweep / 16 + 1; blocks <= 40; ++blocks)
    lengths.push_back(16 * blocks);
  for (std::size_t k = 3; k <= 8; ++k)
    for (std::size_t blocks : {16 * k - 1, 16 * k, 16 * k + 1}) {
      if (blocks > 40) lengths.push_back(16 * blocks);
      lengths.push_back(16 * blocks + rng.between(1, 15));
    }
  // CFB8 makes one block-cipher call per byte: cap its large lengths at 4 KiB, the same number
  // of block-cipher calls as 64 KiB in the other modes, to keep the suite's runtime modest.
  const std::size_t large_max = p.mode == Mode::cfb8 ? kLargeMax / 16 : kLargeMax;
  for (int i = 0; i < 3; ++i) lengths.push_back(rng.between(kMaxSweep + 1, large_max));
  lengths.push_back(large_max);
  for (std::size_t len : lengths) {
    if (block_mode) {
      if (len % 16 == 0) {
        ASSERT_NO_FATAL_FAILURE(check_length(rng, len, Padding::none));
      }
      ASSERT_NO_FATAL_FAILURE(check_length(rng, len, Padding::pkcs7));
    } else {
      ASSERT_NO_FATAL_FAILURE(check_length(rng, len, Padding::none));
    }
  }
}

std::vector<DiffParam> padding_params() {
  std::vector<DiffParam> params;
  for (const DiffParam& p : all_params())
    if (!aeskit_test::is_stream_mode(p.mode)) params.push_back(p);
  return params;
}

class DifferentialPadding : public testing::TestWithParam<DiffParam> {};

TEST_P(DifferentialPadding, Pkcs7AcceptsAndRejectsLikeOpenssl) {
  const DiffParam& p = GetParam();
  AESKIT_SKIP_UNAVAILABLE(p.backend);
  aeskit_test::TestRng rng;
  int accepted = 0, rejected = 0;
  for (int trial = 0; trial < 600; ++trial) {
    const Bytes key_bytes = rng.bytes(p.key_len);
    const Bytes iv = p.mode == Mode::ecb ? Bytes{} : rng.bytes(16);
    Bytes pt = rng.bytes(16 * rng.between(1, 20));
    // Make the tail look like padding of length k (0..17), then maybe spoil one byte of it.
    const std::size_t k = rng.between(0, 17);
    for (std::size_t i = 0; i < std::min<std::size_t>(k, 16); ++i)
      pt[pt.size() - 1 - i] = static_cast<std::uint8_t>(k);
    if (k > 0 && rng.coin())
      pt[pt.size() - 1 - rng.between(0, std::min<std::size_t>(k, 16) - 1)] ^=
          static_cast<std::uint8_t>(rng.between(1, 255));
    aeskit::AesKey key;
    ASSERT_NO_FATAL_FAILURE(aeskit_test::make_key(key_bytes, p.backend, key));
    const auto ct = aeskit_test::openssl_crypt(p.mode, Direction::encrypt, key_bytes, iv, pt);
    ASSERT_TRUE(ct.has_value());
    const auto ref =
        aeskit_test::openssl_crypt(p.mode, Direction::decrypt, key_bytes, iv, *ct, true);
    auto got = aeskit_test::one_shot(key, p.mode, Direction::decrypt, iv, *ct, Padding::pkcs7);
    SCOPED_TRACE("plaintext " + to_hex(pt));
    EXPECT_TRUE(got.guard_ok) << got.detail;
    if (ref.has_value()) {
      ++accepted;
      ASSERT_EQ(got.code, Errc::ok) << "OpenSSL accepts this padding";
      EXPECT_EQ(to_hex(got.out), to_hex(*ref));
    } else {
      ++rejected;
      EXPECT_EQ(got.code, Errc::bad_padding) << "OpenSSL rejects this padding";
    }
    auto inc =
        aeskit_test::incremental(key, p.mode, Direction::decrypt, iv, *ct, Padding::pkcs7, &rng);
    if (ref.has_value()) {
      ASSERT_EQ(inc.code, Errc::ok) << inc.detail;
      EXPECT_EQ(to_hex(inc.out), to_hex(*ref));
    } else {
      EXPECT_EQ(inc.code, Errc::bad_padding) << inc.detail;
    }
  }
  EXPECT_GT(accepted, 100);
  EXPECT_GT(rejected, 100);
}

std::string param_name(const testing::TestParamInfo<DiffParam>& info) {
  return aeskit_test::identifier(info.param.backend) + "_" +
         aeskit_test::mode_label(info.param.mode) + "_" + std::to_string(info.param.key_len * 8);
}

INSTANTIATE_TEST_SUITE_P(Backends, DifferentialOpenssl, testing::ValuesIn(all_params()),
                         param_name);
INSTANTIATE_TEST_SUITE_P(Backends, DifferentialPadding, testing::ValuesIn(padding_params()),
                         param_name);

}  // namespace
