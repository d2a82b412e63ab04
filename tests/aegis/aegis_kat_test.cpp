// tests/aegis/aegis_kat_test.cpp — the test vectors of draft-irtf-cfrg-aegis-aead-17 Appendix A:
// A.1 (AESRound, through the portable constant-time round), A.2 AEGIS-128L and A.3 AEGIS-256
// (vectors 1-5 sealed and opened with both tag lengths, 6-9 must fail verification), A.4-A.7
// AEGIS-128X2/X4 and AEGIS-256X2/X4 (vectors 1-2, both tag lengths), on the default backend and
// on the portable one.
#include <gtest/gtest.h>

#include "aegis/aegis_support.hpp"
#include "backend/portable/aes_round.hpp"
#include "support/backends.hpp"

namespace {

using aeskit_test::Bytes;
using aeskit_test::from_hex;
using aeskit_test::to_hex;
namespace ag = aeskit_test::aegis;

struct Kat {
  const char* variant;
  const char* key;
  const char* nonce;
  const char* ad;
  const char* msg;
  const char* ct;
  const char* tag128;
  const char* tag256;
};

constexpr const char* k128 = "10010000000000000000000000000000";
constexpr const char* n128 = "10000200000000000000000000000000";
constexpr const char* k256 = "1001000000000000000000000000000000000000000000000000000000000000";
constexpr const char* n256 = "1000020000000000000000000000000000000000000000000000000000000000";
constexpr const char* kX128 = "000102030405060708090a0b0c0d0e0f";
constexpr const char* nX128 = "101112131415161718191a1b1c1d1e1f";
constexpr const char* kX256 = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
constexpr const char* nX256 = "101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f";
// 120 bytes: 04050607 thirty times.
constexpr const char* kXMsg =
    "04050607040506070405060704050607040506070405060704050607040506070405060704050607"
    "04050607040506070405060704050607040506070405060704050607040506070405060704050607"
    "04050607040506070405060704050607040506070405060704050607040506070405060704050607";
constexpr const char* kAd5 =
    "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20212223242526272829";
constexpr const char* kMsg5 =
    "101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f3031323334353637";

const Kat kValid[] = {
    // A.2.2 - A.2.6
    {"AEGIS-128L", k128, n128, "", "00000000000000000000000000000000",
     "c1c0e58bd913006feba00f4b3cc3594e", "abe0ece80c24868a226a35d16bdae37a",
     "25835bfbb21632176cf03840687cb968cace4617af1bd0f7d064c639a5c79ee4"},
    {"AEGIS-128L", k128, n128, "", "", "", "c2b879a67def9d74e6c14f708bbcc9b4",
     "1360dc9db8ae42455f6e5b6a9d488ea4f2184c4e12120249335c4ee84bafe25d"},
    {"AEGIS-128L", k128, n128, "0001020304050607",
     "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
     "79d94593d8c2119d7e8fd9b8fc77845c5c077a05b2528b6ac54b563aed8efe84",
     "cc6f3372f6aa1bb82388d695c3962d9a",
     "022cb796fe7e0ae1197525ff67e309484cfbab6528ddef89f17d74ef8ecd82b3"},
    {"AEGIS-128L", k128, n128, "0001020304050607", "000102030405060708090a0b0c0d",
     "79d94593d8c2119d7e8fd9b8fc77", "5c04b3dba849b2701effbe32c7f0fab7",
     "86f1b80bfb463aba711d15405d094baf4a55a15dbfec81a76f35ed0b9c8b04ac"},
    {"AEGIS-128L", k128, n128, kAd5, kMsg5,
     "b31052ad1cca4e291abcf2df3502e6bdb1bfd6db36798be3607b1f94d34478aa7ede7f7a990fec10",
     "7542a745733014f9474417b337399507",
     "b91e2947a33da8bee89b6794e647baf0fc835ff574aca3fc27c33be0db2aff98"},
    // A.3.2 - A.3.6
    {"AEGIS-256", k256, n256, "", "00000000000000000000000000000000",
     "754fc3d8c973246dcc6d741412a4b236", "3fe91994768b332ed7f570a19ec5896e",
     "1181a1d18091082bf0266f66297d167d2e68b845f61a3b0527d31fc7b7b89f13"},
    {"AEGIS-256", k256, n256, "", "", "", "e3def978a0f054afd1e761d7553afba3",
     "6a348c930adbd654896e1666aad67de989ea75ebaa2b82fb588977b1ffec864a"},
    {"AEGIS-256", k256, n256, "0001020304050607",
     "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
     "f373079ed84b2709faee373584585d60accd191db310ef5d8b11833df9dec711",
     "8d86f91ee606e9ff26a01b64ccbdd91d",
     "b7d28d0c3c0ebd409fd22b44160503073a547412da0854bfb9723020dab8da1a"},
    {"AEGIS-256", k256, n256, "0001020304050607", "000102030405060708090a0b0c0d",
     "f373079ed84b2709faee37358458", "c60b9c2d33ceb058f96e6dd03c215652",
     "8c1cc703c81281bee3f6d9966e14948b4a175b2efbdc31e61a98b4465235c2d9"},
    {"AEGIS-256", k256, n256, kAd5, kMsg5,
     "57754a7d09963e7c787583a2e7b859bb24fa1e04d49fd550b2511a358e3bca252a9b1b8b30cc4a67",
     "ab8a7d53fd0e98d727accca94925e128",
     "a3aca270c006094d71c20e6910b5161c0826df233d08919a566ec2c05990f734"},
    // A.4.2 - A.4.3
    {"AEGIS-128X2", kX128, nX128, "", "", "", "63117dc57756e402819a82e13eca8379",
     "b92c71fdbd358b8a4de70b27631ace90cffd9b9cfba82028412bac41b4f53759"},
    {"AEGIS-128X2", kX128, nX128, "0102030401020304", kXMsg,
     "5795544301997f93621b278809d6331b3bfa6f18e90db12c4aa35965b5e98c5fc6fb4e54bcb6111842c2"
     "0637252eff747cb3a8f85b37de80919a589fe0f24872bc926360696739e05520647e390989e1eb5fd42f"
     "99678a0276a498f8c454761c9d6aacb647ad56be62b29c22cd4b5761b38f43d5a5ee062f",
     "1aebc200804f405cab637f2adebb6d77",
     "c471876f9b4978c44f2ae1ce770cdb11a094ee3feca64e7afcd48bfe52c60eca"},
    // A.5.2 - A.5.3
    {"AEGIS-128X4", kX128, nX128, "", "", "", "5bef762d0947c00455b97bb3af30dfa3",
     "a4b25437f4be93cfa856a2f27e4416b42cac79fd4698f2cdbe6af25673e10a68"},
    {"AEGIS-128X4", kX128, nX128, "0102030401020304", kXMsg,
     "e836118562f4479c9d35c17356a833114c21f9aa39e4dda5e5c87f4152a00fce9a7c38f832eafe8b1c12"
     "f8a7cf12a81a1ad8a9c24ba9dedfbdaa586ffea67ddc801ea97d9ab4a872f42d0e352e2713dacd609f94"
     "42c17517c5a29daf3e2a3fac4ff6b1380c4e46df7b086af6ce6bc1ed594b8dd64aed2a7e",
     "0e56ab94e2e85db80f9d54010caabfb4",
     "69abf0f64a137dd6e122478d777e98bc422823006cf57f5ee822dd78397230b2"},
    // A.6.2 - A.6.3
    {"AEGIS-256X2", kX256, nX256, "", "", "", "62cdbab084c83dacdb945bb446f049c8",
     "25d7e799b49a80354c3f881ac2f1027f471a5d293052bd9997abd3ae84014bb7"},
    {"AEGIS-256X2", kX256, nX256, "0102030401020304", kXMsg,
     "72120c2ea8236180d67859001f4729077b7064c414384fe3a7b52f1571f4f8a7d0f01e18db4f3bc0adb1"
     "50702e5d147a8d36522132761b994c1bd395589e2ccf0790dfe2a3d12d61cd666b2859827739db4037dd"
     "3124c78424459376f6cac08e1a7223a2a43e398ce6385cd654a19f481cba3b8f25910b42",
     "635d391828520bf1512763f0c8f5cdbd",
     "b5668d3317159e9cc5d46e4803c3a76ad63bb42b3f47956d94f30db8cb366ad7"},
    // A.7.2 - A.7.3
    {"AEGIS-256X4", kX256, nX256, "", "", "", "3b7fee6cee7bf17888ad11ed2397beb4",
     "6093a1a8aab20ec635dc1ca71745b01b5bec4fc444c9ffbebd710d4a34d20eaf"},
    {"AEGIS-256X4", kX256, nX256, "0102030401020304", kXMsg,
     "bfc2085b7e8017da99b0b6d646ae4d01f4ba8f2e7dfca1d759ae48a135139b9aaac6b4f5db810d426be1"
     "fdaff4e1454153a34b11da78ed7e418ee2ee9853042e95536aecbb694cea1b16a478eb0d4d1bf6509b1c"
     "e652a45af58e0e46ffccfa2d0426e702391d2ff5813808b81748a490dd656465fed61f09",
     "b63b611b13975e2f3dc3cb6c2397bfcd",
     "7847eace74409ee56c8f4cf63a9c2841ce7c8bd567d7c0ca514c879a190b978c"},
};

// A.2.7 - A.2.10 and A.3.7 - A.3.10: "This test MUST return a verification failed error".
const Kat kInvalid[] = {
    {"AEGIS-128L", n128, k128, "0001020304050607", "", "79d94593d8c2119d7e8fd9b8fc77",
     "5c04b3dba849b2701effbe32c7f0fab7",
     "86f1b80bfb463aba711d15405d094baf4a55a15dbfec81a76f35ed0b9c8b04ac"},
    {"AEGIS-128L", k128, n128, "0001020304050607", "", "79d94593d8c2119d7e8fd9b8fc78",
     "5c04b3dba849b2701effbe32c7f0fab7",
     "86f1b80bfb463aba711d15405d094baf4a55a15dbfec81a76f35ed0b9c8b04ac"},
    {"AEGIS-128L", k128, n128, "0001020304050608", "", "79d94593d8c2119d7e8fd9b8fc77",
     "5c04b3dba849b2701effbe32c7f0fab7",
     "86f1b80bfb463aba711d15405d094baf4a55a15dbfec81a76f35ed0b9c8b04ac"},
    {"AEGIS-128L", k128, n128, "0001020304050607", "", "79d94593d8c2119d7e8fd9b8fc77",
     "6c04b3dba849b2701effbe32c7f0fab8",
     "86f1b80bfb463aba711d15405d094baf4a55a15dbfec81a76f35ed0b9c8b04ad"},
    {"AEGIS-256", n256, k256, "0001020304050607", "", "f373079ed84b2709faee37358458",
     "c60b9c2d33ceb058f96e6dd03c215652",
     "8c1cc703c81281bee3f6d9966e14948b4a175b2efbdc31e61a98b4465235c2d9"},
    {"AEGIS-256", k256, n256, "0001020304050607", "", "f373079ed84b2709faee37358459",
     "c60b9c2d33ceb058f96e6dd03c215652",
     "8c1cc703c81281bee3f6d9966e14948b4a175b2efbdc31e61a98b4465235c2d9"},
    {"AEGIS-256", k256, n256, "0001020304050608", "", "f373079ed84b2709faee37358458",
     "c60b9c2d33ceb058f96e6dd03c215652",
     "8c1cc703c81281bee3f6d9966e14948b4a175b2efbdc31e61a98b4465235c2d9"},
    {"AEGIS-256", k256, n256, "0001020304050607", "", "f373079ed84b2709faee37358458",
     "c60b9c2d33ceb058f96e6dd03c215653",
     "8c1cc703c81281bee3f6d9966e14948b4a175b2efbdc31e61a98b4465235c2da"},
};

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
