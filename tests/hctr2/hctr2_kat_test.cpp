// tests/hctr2/hctr2_kat_test.cpp — HCTR2 known answers on every backend this CPU runs, and the
// test model (hctr2_model.hpp) against the same answers and RFC 8452's POLYVAL example.
// Vectors: hctr2_vectors.hpp (github.com/google/hctr2's published JSON vectors).
// Each is checked encrypting and decrypting, out of place and in place.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "aeskit/hctr2.hpp"
#include "hctr2_model.hpp"
#include "hctr2_vectors.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"

namespace {

using aeskit_test::Bytes;
using aeskit_test::from_hex;

using hctr2_vectors::kVectors;
using hctr2_vectors::Vector;

class Hctr2Kat : public testing::TestWithParam<std::string> {};

TEST_P(Hctr2Kat, PublishedVectors) {
  const std::string& backend = GetParam();
  AESKIT_SKIP_UNAVAILABLE(backend);
  for (const Vector& v : kVectors) {
    const Bytes key = from_hex(v.key), tweak = from_hex(v.tweak);
    const Bytes pt = from_hex(v.plaintext), ct = from_hex(v.ciphertext);
    ASSERT_EQ(pt.size(), ct.size());
    SCOPED_TRACE(std::string("key ") + v.key + ", " + std::to_string(pt.size()) + " bytes");
    auto k = aeskit::Hctr2Key::create(key, backend);
    ASSERT_TRUE(k.ok());
    EXPECT_EQ(k.value().key_bits(), 8 * key.size());
    EXPECT_EQ(k.value().backend_name(), backend);
    Bytes out(pt.size());
    ASSERT_TRUE(k.value().encrypt(tweak, pt, out).ok());
    EXPECT_EQ(aeskit_test::to_hex(out), v.ciphertext);
    ASSERT_TRUE(k.value().decrypt(tweak, ct, out).ok());
    EXPECT_EQ(aeskit_test::to_hex(out), v.plaintext);
    Bytes buf = pt;
    ASSERT_TRUE(k.value().encrypt(tweak, buf, buf).ok());
    EXPECT_EQ(buf, ct);
    ASSERT_TRUE(k.value().decrypt(tweak, buf, buf).ok());
    EXPECT_EQ(buf, pt);
  }
}

INSTANTIATE_TEST_SUITE_P(Backends, Hctr2Kat, testing::ValuesIn(aeskit_test::backend_names()),
                         aeskit_test::backend_param_name);

// The model itself against the same published answers (so the differential tests compare
// against something known to be HCTR2), and its POLYVAL against RFC 8452 Appendix A.
TEST(Hctr2Model, PublishedVectors) {
  for (const Vector& v : kVectors) {
    const Bytes key = from_hex(v.key), tweak = from_hex(v.tweak);
    const Bytes pt = from_hex(v.plaintext), ct = from_hex(v.ciphertext);
    EXPECT_EQ(aeskit_test::hctr2_model::crypt(true, key, tweak, pt), ct) << v.key;
    EXPECT_EQ(aeskit_test::hctr2_model::crypt(false, key, tweak, ct), pt) << v.key;
  }
}

TEST(Hctr2Model, PolyvalRfc8452AppendixA) {
  const Bytes h = from_hex("25629347589242761d31f826ba4b757b");
  const Bytes x = from_hex("4f4f95668c83dfb6401762bb2d01a262d1a24ddd2721d006bbe45f20d3c9f362");
  std::uint8_t out[16];
  aeskit_test::hctr2_model::le_store(out, aeskit_test::hctr2_model::polyval(h.data(), x));
  EXPECT_EQ(aeskit_test::to_hex(out), "f7a3b47b846119fae5b7866cf5e5b77e");
}

}  // namespace
