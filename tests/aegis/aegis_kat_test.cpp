// tests/aegis/aegis_kat_test.cpp — the test vectors of draft-irtf-cfrg-aegis-aead-17 Appendix A:
// A.1 (AESRound, through the portable constant-time round), A.2 AEGIS-128L and A.3 AEGIS-256
// (vectors 1-5 sealed and opened with both tag lengths, 6-9 must fail verification), A.4-A.7
// AEGIS-128X2/X4 and AEGIS-256X2/X4 (vectors 1-2, both tag lengths), on the default backend and
// on the portable one.
#include <gtest/gtest.h>

#include "aegis/aegis_support.hpp"
#include "backend/portable/aes_round.hpp"
#include "support/aegis_draft_vectors.hpp"
#include "support/backends.hpp"

namespace {

using aeskit_test::Bytes;
using aeskit_test::from_hex;
using aeskit_test::to_hex;
namespace ag = aeskit_test::aegis;

using aeskit_test::aegis_draft::Kat;
using aeskit_test::aegis_draft::kInvalid;
using aeskit_test::aegis_draft::kValid;

Bytes cat(const Bytes& a, const Bytes& b) {
  Bytes r = a;
  r.insert(r.end(), b.begin(), b.end());
  return r;
}

void check_valid(const std::string& backend) {
  for (const Kat& v : kValid) {
    for (std::size_t tag_len : {16u, 32u}) {
      SCOPED_TRACE(std::string(v.variant) + " msg " + v.msg + " tag " + std::to_string(tag_len));
      auto k = ag::make(v.variant, from_hex(v.key), tag_len, backend);
      ASSERT_TRUE(k.has_value());
      const Bytes expected = cat(from_hex(v.ct), from_hex(tag_len == 16 ? v.tag128 : v.tag256));
      EXPECT_EQ(to_hex(ag::seal(*k, from_hex(v.nonce), from_hex(v.ad), from_hex(v.msg))),
                to_hex(expected));
      auto pt = ag::open(*k, from_hex(v.nonce), from_hex(v.ad), expected);
      ASSERT_TRUE(pt.has_value());
      EXPECT_EQ(to_hex(*pt), v.msg);
    }
  }
}

TEST(AegisKat, DraftVectorsDefaultBackend) {
  check_valid("");
}

TEST(AegisKat, DraftVectorsPortable) {
  check_valid("portable");
}

TEST(AegisKat, DraftNegativeVectorsFail) {
  for (const Kat& v : kInvalid) {
    for (std::size_t tag_len : {16u, 32u}) {
      for (const char* backend : {"", "portable"}) {
        SCOPED_TRACE(std::string(v.variant) + " ct " + v.ct + " tag " + std::to_string(tag_len));
        auto k = ag::make(v.variant, from_hex(v.key), tag_len, backend);
        ASSERT_TRUE(k.has_value());
        const Bytes sealed = cat(from_hex(v.ct), from_hex(tag_len == 16 ? v.tag128 : v.tag256));
        EXPECT_FALSE(ag::open(*k, from_hex(v.nonce), from_hex(v.ad), sealed).has_value());
      }
    }
  }
}

// A.1: AESRound(in, rk) through the portable constant-time round (four copies at once, each
// block of the batch in a different position).
TEST(AegisKat, AesRoundVector) {
  const Bytes in = from_hex("000102030405060708090a0b0c0d0e0f");
  const Bytes rk = from_hex("101112131415161718191a1b1c1d1e1f");
  Bytes ins, rks;
  for (int i = 0; i < 5; ++i) {
    ins.insert(ins.end(), in.begin(), in.end());
    rks.insert(rks.end(), rk.begin(), rk.end());
  }
  Bytes out(ins.size());
  aeskit::detail::portable::aes_rounds(ins.data(), rks.data(), out.data(), 5);
  for (int i = 0; i < 5; ++i)
    EXPECT_EQ(to_hex(std::span(out).subspan(16 * i, 16)), "7a7b4e5638782546a8c0477a3b813f43");
}

}  // namespace
