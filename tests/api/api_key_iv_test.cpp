// tests/api/api_key_iv_test.cpp — AesKey::create and IV validation errors: wrong key lengths,
// unknown/unavailable backends, wrong IV lengths, an IV given to ECB. On every error the
// output buffer must be left exactly as it was (checked with a canary fill).
// No vectors: error paths only.
#include <gtest/gtest.h>

#include "aeskit/aeskit.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/names.hpp"
#include "support/run_modes.hpp"

namespace {

using namespace aeskit_test::names;
using aeskit::AesKey;
using aeskit_test::kCanary;

TEST(KeyCreation, WrongKeyLengthsAreRefused) {
  for (std::size_t n : {0, 1, 8, 15, 17, 23, 25, 31, 33, 48, 64}) {
    const Bytes key(n, 0x42);
    auto k = AesKey::create(key);
    EXPECT_EQ(k.code(), Errc::bad_key_length) << n << " bytes";
    for (const std::string& b : aeskit_test::backend_names()) {
      auto kb = AesKey::create(key, b);
      EXPECT_EQ(kb.code(), Errc::bad_key_length) << n << " bytes on " << b;
    }
  }
}

TEST(KeyCreation, ValidKeyLengthsReportTheirSize) {
  for (std::size_t n : aeskit_test::kKeySizes) {
    auto k = AesKey::create(Bytes(n, 1));
    ASSERT_TRUE(k.ok()) << k.message();
    EXPECT_TRUE(k->valid());
    EXPECT_EQ(k->key_bits(), n * 8);
    EXPECT_EQ(k->backend_name(), aeskit::default_backend());
  }
}

TEST(KeyCreation, UnknownBackendIsRefused) {
  EXPECT_EQ(AesKey::create(Bytes(16, 1), "no-such-backend").code(), Errc::unknown_backend);
  EXPECT_EQ(AesKey::create(Bytes(16, 1), "AESNI").code(), Errc::unknown_backend)
      << "backend names are exact";
}

TEST(KeyCreation, EachBackendIsUsableExactlyWhenAvailable) {
  // Under AESKIT_DISABLE=all (a separate ctest entry runs this) only portable is available.
  for (const aeskit::BackendInfo& info : aeskit::backends()) {
    auto k = AesKey::create(Bytes(32, 7), info.name);
    if (info.available) {
      ASSERT_TRUE(k.ok()) << info.name << ": " << k.message();
      EXPECT_EQ(k->backend_name(), info.name);
    } else {
      EXPECT_EQ(k.code(), Errc::backend_unavailable) << info.name;
    }
  }
  EXPECT_TRUE(aeskit_test::backend_available("portable")) << "portable must always run";
}

class IvErrors : public testing::TestWithParam<Mode> {};

TEST_P(IvErrors, WrongIvLengthIsRefusedAndNothingWritten) {
  const Mode mode = GetParam();
  auto key = AesKey::create(Bytes(16, 3));
  ASSERT_TRUE(key.ok());
  const Bytes in(64, 0x11);
  // ECB takes no IV: any non-empty one is wrong. Every other mode needs exactly 16 bytes.
  const std::vector<std::size_t> bad_lengths =
      mode == Mode::ecb ? std::vector<std::size_t>{1, 15, 16, 17}
                        : std::vector<std::size_t>{0, 1, 8, 12, 15, 17, 24, 32};
  for (std::size_t iv_len : bad_lengths) {
    SCOPED_TRACE("IV of " + std::to_string(iv_len) + " bytes");
    const Bytes iv(iv_len, 0x22);
    for (Direction d : {Direction::encrypt, Direction::decrypt}) {
      Bytes out(in.size() + 16, kCanary);
      auto r = d == Direction::encrypt ? aeskit::encrypt(*key, mode, iv, in, out)
                                       : aeskit::decrypt(*key, mode, iv, in, out);
      EXPECT_EQ(r.code(), Errc::bad_iv_length) << aeskit_test::direction_label(d);
      EXPECT_EQ(out, Bytes(in.size() + 16, kCanary)) << "output written on error";
      EXPECT_EQ(aeskit::Cipher::create(*key, mode, d, iv).code(), Errc::bad_iv_length);
    }
  }
}

TEST_P(IvErrors, CorrectIvLengthIsAccepted) {
  const Mode mode = GetParam();
  auto key = AesKey::create(Bytes(16, 3));
  ASSERT_TRUE(key.ok());
  const Bytes iv(mode == Mode::ecb ? 0 : 16, 0x22);
  const Bytes in(64, 0x11);
  Bytes out(64);
  auto r = aeskit::encrypt(*key, mode, iv, in, out);
  ASSERT_TRUE(r.ok()) << r.message();
  EXPECT_EQ(*r, 64u);
  EXPECT_TRUE(aeskit::Cipher::create(*key, mode, Direction::decrypt, iv).ok());
  EXPECT_EQ(aeskit::mode_needs_iv(mode), mode != Mode::ecb);
}

INSTANTIATE_TEST_SUITE_P(Modes, IvErrors, testing::ValuesIn(aeskit_test::kAllModes),
                         [](const testing::TestParamInfo<Mode>& param_info) {
                           return aeskit_test::mode_label(param_info.param);
                         });

}  // namespace
