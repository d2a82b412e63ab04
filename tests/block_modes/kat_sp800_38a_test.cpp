// tests/block_modes/kat_sp800_38a_test.cpp — every mode, key size and backend against the worked
// examples of NIST SP 800-38A Appendix F: F.1 ECB, F.2 CBC, F.3.7-F.3.12 CFB8 (18 bytes),
// F.3.13-F.3.18 CFB128, F.4 OFB, F.5 CTR (counter f0f1..feff, which never carries out of the
// low 32 bits in four blocks, so it is a valid vector for both Mode::ctr32 and Mode::ctr128).
// Checked one-shot, in place, and incrementally (one byte per update and in one update).
#include <gtest/gtest.h>

#include "aeskit/aeskit.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/names.hpp"
#include "support/run_modes.hpp"
#include "support/sp800_38a_vectors.hpp"

namespace {

using namespace aeskit_test::names;

using aeskit_test::sp800_38a::kPlaintext;
using aeskit_test::sp800_38a::kVectors;
using aeskit_test::sp800_38a::ModeVector;

class Sp80038a : public testing::TestWithParam<std::string> {
 protected:
  // check runs one direction four ways and expects `expect` from each.
  void check(const aeskit::AesKey& key, const ModeVector& v, Direction dir, const Bytes& in,
             const Bytes& expect) {
    SCOPED_TRACE(aeskit_test::direction_label(dir));
    const Bytes iv = from_hex(v.iv);
    auto plain = aeskit_test::one_shot(key, v.mode, dir, iv, in);
    ASSERT_EQ(plain.code, aeskit::Errc::ok);
    EXPECT_TRUE(plain.guard_ok) << plain.detail;
    EXPECT_EQ(to_hex(plain.out), to_hex(expect)) << "one-shot";

    auto in_place = aeskit_test::one_shot(key, v.mode, dir, iv, in, Padding::none, {3, 3, true});
    ASSERT_EQ(in_place.code, aeskit::Errc::ok);
    EXPECT_TRUE(in_place.guard_ok) << in_place.detail;
    EXPECT_EQ(to_hex(in_place.out), to_hex(expect)) << "in place";

    auto whole = aeskit_test::incremental(key, v.mode, dir, iv, in, Padding::none, nullptr);
    ASSERT_EQ(whole.code, aeskit::Errc::ok) << whole.detail;
    EXPECT_TRUE(whole.guard_ok) << whole.detail;
    EXPECT_EQ(to_hex(whole.out), to_hex(expect)) << "Cipher, one update";

    // Cipher, one byte per update.
    auto cipher = aeskit::Cipher::create(key, v.mode, dir, iv);
    ASSERT_TRUE(cipher.ok()) << cipher.message();
    Bytes out;
    for (std::uint8_t b : in) {
      Bytes piece(cipher->update_output_bound(1));
      auto n = cipher->update({&b, 1}, piece);
      ASSERT_TRUE(n.ok()) << n.message();
      out.insert(out.end(), piece.begin(), piece.begin() + static_cast<std::ptrdiff_t>(*n));
    }
    Bytes tail(16);
    auto n = cipher->finish(tail);
    ASSERT_TRUE(n.ok()) << n.message();
    out.insert(out.end(), tail.begin(), tail.begin() + static_cast<std::ptrdiff_t>(*n));
    EXPECT_EQ(to_hex(out), to_hex(expect)) << "Cipher, one byte per update";
  }
};

TEST_P(Sp80038a, AllModesAllKeySizes) {
  AESKIT_SKIP_UNAVAILABLE(GetParam());
  for (const ModeVector& v : kVectors) {
    SCOPED_TRACE(std::string("SP 800-38A ") + v.source);
    aeskit::AesKey key;
    ASSERT_NO_FATAL_FAILURE(aeskit_test::make_key(from_hex(v.key), GetParam(), key));
    Bytes pt = from_hex(kPlaintext);
    pt.resize(v.length);
    const Bytes ct = from_hex(v.ciphertext);
    ASSERT_EQ(ct.size(), v.length);
    check(key, v, Direction::encrypt, pt, ct);
    check(key, v, Direction::decrypt, ct, pt);
  }
}

INSTANTIATE_TEST_SUITE_P(Backends, Sp80038a, testing::ValuesIn(aeskit_test::backend_names()),
                         aeskit_test::backend_param_name);

}  // namespace
