// tests/aegis/aegis_wycheproof_test.cpp — Wycheproof aegis128L_test.json and aegis256_test.json
// (../shared/vectors/wycheproof; skipped visibly when missing, failing under
// AESKIT_REQUIRE_VECTORS=1): every valid record sealed to its ct || tag and opened to its
// message, every invalid one rejected (its output zeroed), on every available backend.
#include <gtest/gtest.h>

#include "aegis/aegis_support.hpp"
#include "support/backends.hpp"
#include "support/json.hpp"
#include "support/vectors.hpp"

namespace {

using aeskit_test::Bytes;
using aeskit_test::to_hex;
namespace ag = aeskit_test::aegis;

void run_file(const nlohmann::json& doc, const char* variant, int* valid, int* invalid) {
  for (const std::string& backend : aeskit_test::backend_names()) {
    if (!aeskit_test::backend_available(backend)) continue;
    SCOPED_TRACE("backend " + backend);
    aeskit_test::for_each_wycheproof_test(doc, [&](const nlohmann::json& test) {
      const aeskit_test::WycheproofAead t = aeskit_test::wycheproof_aead(test);
      auto k = ag::make(variant, t.key, t.tag.size(), backend);
      ASSERT_TRUE(k.has_value());
      if (t.result == "valid") {
        EXPECT_EQ(to_hex(ag::seal(*k, t.iv, t.aad, t.msg)), to_hex(t.sealed()));
        auto pt = ag::open(*k, t.iv, t.aad, t.sealed());
        ASSERT_TRUE(pt.has_value());
        EXPECT_EQ(to_hex(*pt), to_hex(t.msg));
        ++*valid;
      } else {
        ASSERT_EQ(t.result, "invalid");
        EXPECT_FALSE(ag::open(*k, t.iv, t.aad, t.sealed()).has_value());
        ++*invalid;
      }
    });
  }
}

TEST(AegisWycheproof, Aegis128L) {
  AESKIT_LOAD_VECTOR_JSON(doc, "wycheproof/aegis128L_test.json");
  int valid = 0, invalid = 0;
  run_file(doc, "AEGIS-128L", &valid, &invalid);
  EXPECT_GT(valid, 0);
  EXPECT_GT(invalid, 0);
}

TEST(AegisWycheproof, Aegis256) {
  AESKIT_LOAD_VECTOR_JSON(doc, "wycheproof/aegis256_test.json");
  int valid = 0, invalid = 0;
  run_file(doc, "AEGIS-256", &valid, &invalid);
  EXPECT_GT(valid, 0);
  EXPECT_GT(invalid, 0);
}

}  // namespace
