// tests/api/api_state_test.cpp — object-state misuse: Cipher used after finish() (successful or
// failed) gives invalid_state; an empty or moved-from AesKey gives invalid_state everywhere and
// the moved-to key works; a Cipher moved mid-stream continues the same stream.
// Vectors: FIPS-197 Appendix C.1 (to show the moved-to key still computes AES).
#include <gtest/gtest.h>

#include "aeskit/aeskit.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/names.hpp"
#include "support/rng.hpp"
#include "support/run_modes.hpp"

namespace {

using namespace aeskit_test::names;
using aeskit::AesKey;
using aeskit_test::kCanary;

Bytes iv_for(Mode m) {
  return m == Mode::ecb ? Bytes{} : Bytes(16, 0x31);
}

class CipherState : public testing::TestWithParam<Mode> {};

TEST_P(CipherState, UseAfterFinishIsInvalidState) {
  const Mode mode = GetParam();
  auto key = AesKey::create(Bytes(16, 2));
  ASSERT_TRUE(key.ok());
  for (Direction d : {Direction::encrypt, Direction::decrypt}) {
    SCOPED_TRACE(aeskit_test::direction_label(d));
    auto c = aeskit::Cipher::create(*key, mode, d, iv_for(mode));
    ASSERT_TRUE(c.ok());
    Bytes out(64);
    ASSERT_TRUE(c->update(Bytes(32, 1), out).ok());
    ASSERT_TRUE(c->finish(out).ok());
    Bytes canary(64, kCanary);
    EXPECT_EQ(c->update(Bytes(16, 1), canary).code(), Errc::invalid_state);
    EXPECT_EQ(c->update(Bytes{}, canary).code(), Errc::invalid_state);
    EXPECT_EQ(c->finish(canary).code(), Errc::invalid_state);
    EXPECT_EQ(canary, Bytes(64, kCanary));
  }
}

TEST(CipherStateBlockModes, UseAfterFailedFinishIsInvalidState) {
  // Only ECB/CBC have a finish() that can fail (a partial block without padding).
  auto key = AesKey::create(Bytes(16, 2));
  ASSERT_TRUE(key.ok());
  for (Mode mode : {Mode::ecb, Mode::cbc}) {
    SCOPED_TRACE(aeskit_test::mode_label(mode));
    auto c = aeskit::Cipher::create(*key, mode, Direction::encrypt, iv_for(mode));
    ASSERT_TRUE(c.ok());
    Bytes out(64);
    ASSERT_TRUE(c->update(Bytes(20, 1), out).ok());
    EXPECT_EQ(c->finish(out).code(), Errc::not_block_multiple);
    Bytes canary(64, kCanary);
    EXPECT_EQ(c->update(Bytes(12, 1), canary).code(), Errc::invalid_state);
    EXPECT_EQ(c->finish(canary).code(), Errc::invalid_state);
    EXPECT_EQ(canary, Bytes(64, kCanary));
  }
}

TEST_P(CipherState, MovedCipherContinuesTheStream) {
  const Mode mode = GetParam();
  aeskit_test::TestRng rng;
  auto key = AesKey::create(rng.bytes(16));
  ASSERT_TRUE(key.ok());
  const Bytes iv = iv_for(mode);
  const Bytes pt = rng.bytes(96);
  auto whole = aeskit_test::one_shot(*key, mode, Direction::encrypt, iv, pt);
  ASSERT_EQ(whole.code, Errc::ok);
  auto a = aeskit::Cipher::create(*key, mode, Direction::encrypt, iv);
  ASSERT_TRUE(a.ok());
  Bytes out(96 + 16);
  auto n1 = a->update({pt.data(), 40}, out);
  ASSERT_TRUE(n1.ok());
  aeskit::Cipher b = std::move(a).value();
  EXPECT_EQ(b.mode(), mode);
  EXPECT_EQ(b.direction(), Direction::encrypt);
  auto n2 = b.update({pt.data() + 40, 56}, {out.data() + *n1, out.size() - *n1});
  ASSERT_TRUE(n2.ok());
  auto n3 = b.finish({out.data() + *n1 + *n2, out.size() - *n1 - *n2});
  ASSERT_TRUE(n3.ok());
  out.resize(*n1 + *n2 + *n3);
  EXPECT_EQ(to_hex(out), to_hex(whole.out));
}

INSTANTIATE_TEST_SUITE_P(Modes, CipherState, testing::ValuesIn(aeskit_test::kAllModes),
                         [](const testing::TestParamInfo<Mode>& param_info) {
                           return aeskit_test::mode_label(param_info.param);
                         });

// expect_unusable: every operation on `key` fails with invalid_state and writes nothing.
void expect_unusable(const AesKey& key) {
  EXPECT_FALSE(key.valid());
  EXPECT_EQ(key.key_bits(), 0u);
  EXPECT_TRUE(key.backend_name().empty());
  const Bytes in(32, 5);
  Bytes out(48, kCanary);
  EXPECT_EQ(key.encrypt_blocks(in, out).code(), Errc::invalid_state);
  EXPECT_EQ(key.decrypt_blocks(in, out).code(), Errc::invalid_state);
  for (Mode m : aeskit_test::kAllModes) {
    SCOPED_TRACE(aeskit_test::mode_label(m));
    EXPECT_EQ(aeskit::encrypt(key, m, iv_for(m), in, out).code(), Errc::invalid_state);
    EXPECT_EQ(aeskit::decrypt(key, m, iv_for(m), in, out).code(), Errc::invalid_state);
    EXPECT_EQ(aeskit::Cipher::create(key, m, Direction::encrypt, iv_for(m)).code(),
              Errc::invalid_state);
    EXPECT_EQ(aeskit::Cipher::create(key, m, Direction::decrypt, iv_for(m)).code(),
              Errc::invalid_state);
  }
  EXPECT_EQ(aeskit::encrypt(key, Mode::cbc, iv_for(Mode::cbc), in, out, Padding::pkcs7).code(),
            Errc::invalid_state);
  EXPECT_EQ(out, Bytes(48, kCanary));
}

void expect_fips197_c1(const AesKey& key) {
  Bytes out(16);
  ASSERT_TRUE(key.encrypt_blocks(from_hex("00112233445566778899aabbccddeeff"), out).ok());
  EXPECT_EQ(to_hex(out), "69c4e0d86a7b0430d8cdb78070b4c55a");
  ASSERT_TRUE(key.decrypt_blocks(from_hex("69c4e0d86a7b0430d8cdb78070b4c55a"), out).ok());
  EXPECT_EQ(to_hex(out), "00112233445566778899aabbccddeeff");
}

TEST(KeyState, DefaultConstructedKeyIsInvalidState) {
  expect_unusable(AesKey());
}

TEST(KeyState, MovedFromKeyIsInvalidStateAndMovedToKeyWorks) {
  for (const std::string& backend : aeskit_test::backend_names()) {
    if (!aeskit_test::backend_available(backend)) continue;
    SCOPED_TRACE(backend);
    AesKey a;
    ASSERT_NO_FATAL_FAILURE(
        aeskit_test::make_key(from_hex("000102030405060708090a0b0c0d0e0f"), backend, a));
    AesKey b(std::move(a));
    expect_unusable(a);  // NOLINT(bugprone-use-after-move): the point of the test
    ASSERT_NO_FATAL_FAILURE(expect_fips197_c1(b));
    EXPECT_EQ(b.backend_name(), backend);
    AesKey c;
    c = std::move(b);
    expect_unusable(b);  // NOLINT(bugprone-use-after-move)
    ASSERT_NO_FATAL_FAILURE(expect_fips197_c1(c));
  }
}

}  // namespace
