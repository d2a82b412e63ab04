// tests/gcm_siv/aead_dndk_test.cpp — DNDK-GCM and DNDK-GCM-KC (IETF CFRG
// draft-gueron-cfrg-dndkgcm): the draft's test vectors (draft -03 Appendix A: LN = 24 and 12,
// with and without key commitment); a differential test against an independent model of the
// draft's Derive written here over OpenSSL (EVP AES-256-ECB for X_0..X_4, EVP AES-256-GCM under
// DK with NTail) at random lengths, nonce lengths 12..27 and every AES backend; every single-bit
// change of nonce, AD, ciphertext, tag and commitment rejected with the output zeroed; the key
// commitment: a (C, T) made valid under two root keys at once (GCM is not key-committing: one
// ciphertext block solved in GF(2^128)) opens under both with DNDK-GCM, while DNDK-GCM-KC
// refuses the second root key on the commitment; descriptor, limits and errors.
#include <openssl/evp.h>

#include <algorithm>
#include <cstring>

#include <gtest/gtest.h>

#include "aeskit/aeskit.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/names.hpp"
#include "support/rng.hpp"

namespace {

using namespace aeskit_test::names;

// --- the model (the draft's Derive over OpenSSL) ------------------------------------------

Bytes ossl_ecb(const Bytes& key, const Bytes& in) {
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  Bytes out(in.size() + 16);
  int n = 0, m = 0;
  EXPECT_EQ(EVP_EncryptInit_ex(ctx, EVP_aes_256_ecb(), nullptr, key.data(), nullptr), 1);
  EXPECT_EQ(EVP_CIPHER_CTX_set_padding(ctx, 0), 1);
  EXPECT_EQ(EVP_EncryptUpdate(ctx, out.data(), &n, in.data(), static_cast<int>(in.size())), 1);
  EXPECT_EQ(EVP_EncryptFinal_ex(ctx, out.data() + n, &m), 1);
  EVP_CIPHER_CTX_free(ctx);
  out.resize(in.size());
  return out;
}

struct Derived {
  Bytes dk, kc, ntail;
};

// derive: the draft's Derive(K, N, KC_Choice): N zero-padded to 27 bytes, NHead its first 15,
// NTail its last 12, ConfigByte = 128·KC_Choice + 8·(LN − 12), X_i = AES-256_K(NHead ||
// ConfigByte + i), Y_i = X_i ^ X_0, DK = Y_1 || Y_2, KC = Y_3 || Y_4.
Derived derive(const Bytes& key, const Bytes& nonce, bool kc) {
  Bytes padded(27, 0);
  std::copy(nonce.begin(), nonce.end(), padded.begin());
  const int config = (kc ? 128 : 0) + 8 * (static_cast<int>(nonce.size()) - 12);
  const int count = kc ? 5 : 3;
  Bytes blocks;
  for (int i = 0; i < count; ++i) {
    blocks.insert(blocks.end(), padded.begin(), padded.begin() + 15);
    blocks.push_back(static_cast<std::uint8_t>(config + i));
  }
  const Bytes x = ossl_ecb(key, blocks);
  Bytes y(x.size() - 16);
  for (std::size_t j = 0; j < y.size(); ++j) y[j] = x[16 + j] ^ x[j % 16];
  Derived d;
  d.dk.assign(y.begin(), y.begin() + 32);
  if (kc) d.kc.assign(y.begin() + 32, y.end());
  d.ntail.assign(padded.begin() + 15, padded.end());
  return d;
}

// model_seal: C || T (|| KC) by the model.
Bytes model_seal(const Bytes& key, const Bytes& nonce, const Bytes& ad, const Bytes& pt, bool kc) {
  const Derived d = derive(key, nonce, kc);
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  Bytes out(pt.size() + 16);
  int n = 0;
  EXPECT_EQ(EVP_EncryptInit_ex(ctx, EVP_aes_256_gcm(), nullptr, d.dk.data(), d.ntail.data()), 1);
  if (!ad.empty()) {
    EXPECT_EQ(EVP_EncryptUpdate(ctx, nullptr, &n, ad.data(), static_cast<int>(ad.size())), 1);
  }
  if (!pt.empty()) {
    EXPECT_EQ(EVP_EncryptUpdate(ctx, out.data(), &n, pt.data(), static_cast<int>(pt.size())), 1);
  }
  EXPECT_EQ(EVP_EncryptFinal_ex(ctx, out.data() + pt.size(), &n), 1);
  EXPECT_EQ(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_GET_TAG, 16, out.data() + pt.size()), 1);
  EVP_CIPHER_CTX_free(ctx);
  out.insert(out.end(), d.kc.begin(), d.kc.end());
  return out;
}

// --- the library --------------------------------------------------------------------------

const aeskit::AeadAlgorithm& algorithm(bool kc) {
  return kc ? aeskit::aead::dndk_gcm_kc() : aeskit::aead::dndk_gcm();
}

aeskit::AeadKey make_key(const Bytes& key, bool kc, const std::string& backend = "") {
  auto k = aeskit::AeadKey::create(algorithm(kc), key, kc ? 48 : 16, backend);
  EXPECT_TRUE(k.ok()) << k.message();
  return k.ok() ? std::move(k).value() : aeskit::AeadKey();
}

Bytes seal(const aeskit::AeadKey& k, const Bytes& nonce, const Bytes& ad, const Bytes& pt) {
  Bytes out(pt.size() + k.tag_length());
  const auto n = k.seal(nonce, ad, pt, out);
  EXPECT_TRUE(n.ok()) << n.message();
  return out;
}

// --- the draft's vectors ------------------------------------------------------------------

struct Vector {
  bool kc;
  const char* nonce;
  const char* ct;
  const char* tag;
  const char* dk;
  const char* kc_value;
};

// draft-gueron-cfrg-dndkgcm-03 Appendix A: root key 01 00..00, AD 0100000011, P 11000001.
constexpr Vector kVectors[] = {
    {true, "000102030405060708090a0b0c0d0e0f1011121314151617", "8eee8a4b",
     "8a1c8d0ceb7e07e3c834cafe75aa001f",
     "3d1480ee39a968d581d16a578bdaf0e6719dcfff6e127b40bbdd844accea7e1c",
     "2baf00efd298de13055c9a6c39e05aee571583384357635e144fa21444239968"},
    {false, "000102030405060708090a0b0c0d0e0f1011121314151617", "7f6e39cc",
     "b61df0a502c167164e99fa23b7d12b9d",
     "d974a46fbbeb3dec953ce088ef6b608573248947acf51606de5a1e5b72629197", ""},
    {true, "000102030405060708090a0b", "1915d0bd", "187b392eeb9b231a57a852db20e02201",
     "dfde3c721be6e0b0369770788941a29396c4e50dd81725d3832221fa47d564e1",
     "675fb3ec6d0e56002333c2504d1b70db47c3713775999c9600bedcfda76f8d8c"},
    {false, "000102030405060708090a0b", "b95cf258", "39e74511d997eaafd0f567d13758305b",
     "13c31bcaf1f11785e1dcb29d5d65541a4b371b1142bb60f39cea823f189e0a17", ""},
};

class Dndk : public testing::TestWithParam<std::string> {};

TEST_P(Dndk, DraftVectors) {
  AESKIT_SKIP_UNAVAILABLE(GetParam());
  const Bytes key = from_hex("0100000000000000000000000000000000000000000000000000000000000000");
  const Bytes ad = from_hex("0100000011");
  const Bytes pt = from_hex("11000001");
  for (const Vector& v : kVectors) {
    SCOPED_TRACE(std::string(v.nonce) + (v.kc ? " KC" : ""));
    const Bytes nonce = from_hex(v.nonce);
    // The model reproduces the draft's intermediate values...
    const Derived d = derive(key, nonce, v.kc);
    EXPECT_EQ(to_hex(d.dk), v.dk);
    EXPECT_EQ(to_hex(d.kc), v.kc_value);
    // ...and the library its output.
    const aeskit::AeadKey k = make_key(key, v.kc, GetParam());
    ASSERT_TRUE(k.valid());
    const std::string want = std::string(v.ct) + v.tag + v.kc_value;
    EXPECT_EQ(to_hex(seal(k, nonce, ad, pt)), want);
    Bytes out(pt.size());
    ASSERT_TRUE(k.open(nonce, ad, from_hex(want), out).ok());
    EXPECT_EQ(out, pt);
  }
}

TEST_P(Dndk, MatchesModel) {
  AESKIT_SKIP_UNAVAILABLE(GetParam());
  aeskit_test::TestRng rng;
  for (bool kc : {false, true}) {
    for (std::size_t len : {0u, 1u, 15u, 16u, 17u, 64u, 255u, 496u, 1350u, 4096u, 16384u, 20000u}) {
      for (int trial = 0; trial < 3; ++trial) {
        const std::size_t nonce_len = trial == 0 ? 24 : rng.between(12, 27);
        const Bytes key = rng.bytes(32), nonce = rng.bytes(nonce_len),
                    ad = rng.bytes(rng.between(0, 100)), pt = rng.bytes(len);
        const aeskit::AeadKey k = make_key(key, kc, GetParam());
        const Bytes expected = model_seal(key, nonce, ad, pt, kc);
        EXPECT_EQ(to_hex(seal(k, nonce, ad, pt)), to_hex(expected))
            << "len " << len << " nonce " << nonce_len << (kc ? " KC" : "");
        Bytes buf = expected;  // open in place
        ASSERT_TRUE(k.open(nonce, ad, buf, buf).ok());
        EXPECT_EQ(Bytes(buf.begin(), buf.begin() + static_cast<std::ptrdiff_t>(len)), pt);
        // Detached: the tag (T, or T || KC) is the tail of the combined output.
        Bytes ct(len), tag(k.tag_length());
        ASSERT_TRUE(k.seal_detached(nonce, ad, pt, ct, tag).ok());
        EXPECT_EQ(ct, Bytes(expected.begin(), expected.begin() + static_cast<std::ptrdiff_t>(len)));
        EXPECT_EQ(tag, Bytes(expected.begin() + static_cast<std::ptrdiff_t>(len), expected.end()));
      }
    }
  }
}

TEST_P(Dndk, EveryBitFlipRejectedAndZeroed) {
  AESKIT_SKIP_UNAVAILABLE(GetParam());
  aeskit_test::TestRng rng;
  for (bool kc : {false, true}) {
    const Bytes key = rng.bytes(32), nonce = rng.bytes(24), ad = rng.bytes(9), pt = rng.bytes(33);
    const aeskit::AeadKey k = make_key(key, kc, GetParam());
    const Bytes sealed = seal(k, nonce, ad, pt);  // C || T (|| KC): every part is flipped
    auto rejected = [&](const Bytes& n, const Bytes& a, const Bytes& s) {
      Bytes out(pt.size(), 0x66);
      const auto r = k.open(n, a, s, out);
      return !r.ok() && r.status().code() == Errc::authentication_failed &&
             out == Bytes(pt.size(), 0);
    };
    for (std::size_t bit = 0; bit < 8 * sealed.size(); ++bit) {
      Bytes s = sealed;
      s[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
      ASSERT_TRUE(rejected(nonce, ad, s)) << "sealed bit " << bit << (kc ? " KC" : "");
    }
    for (std::size_t bit = 0; bit < 8 * nonce.size(); ++bit) {  // NHead and NTail both matter
      Bytes n = nonce;
      n[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
      ASSERT_TRUE(rejected(n, ad, sealed)) << "nonce bit " << bit;
    }
    for (std::size_t bit = 0; bit < 8 * ad.size(); ++bit) {
      Bytes a = ad;
      a[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
      ASSERT_TRUE(rejected(nonce, a, sealed)) << "ad bit " << bit;
    }
    // The nonce length is bound into the derivation: N with a zero byte appended differs.
    Bytes longer = nonce;
    longer.push_back(0);
    ASSERT_TRUE(rejected(longer, ad, sealed));
  }
}

INSTANTIATE_TEST_SUITE_P(AllBackends, Dndk, testing::ValuesIn(aeskit_test::backend_names()),
                         aeskit_test::backend_param_name);

// --- key commitment -----------------------------------------------------------------------

// GF(2^128) in GCM's bit order (SP 800-38D §6.3, Algorithm 1), bit by bit.
Bytes gf_mul(const Bytes& x, const Bytes& y) {
  Bytes z(16, 0), v = y;
  for (int i = 0; i < 128; ++i) {
    if ((x[i / 8] >> (7 - i % 8)) & 1)
      for (int j = 0; j < 16; ++j) z[j] ^= v[j];
    const bool lsb = v[15] & 1;
    for (int j = 15; j > 0; --j) v[j] = static_cast<std::uint8_t>((v[j] >> 1) | (v[j - 1] << 7));
    v[0] >>= 1;
    if (lsb) v[0] ^= 0xe1;
  }
  return z;
}

Bytes gf_inverse(const Bytes& a) {                              // a^(2^128 - 2)
  Bytes result = from_hex("80000000000000000000000000000000");  // 1
  Bytes power = a;
  for (int i = 1; i < 128; ++i) {  // exponent bits 1..127 are set, bit 0 is not
    power = gf_mul(power, power);
    result = gf_mul(result, power);
  }
  return result;
}

Bytes xor_of(const Bytes& a, const Bytes& b) {
  Bytes r(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) r[i] = a[i] ^ b[i];
  return r;
}

// colliding: a one-block ciphertext C and tag T that GCM accepts, with empty AD and the
// same nonce, under both DK_1 and DK_2 (the keys DNDK derives from two root keys): with
// H_i = E_DKi(0), E_i = E_DKi(J0) and L the lengths block, T = C·H_i^2 ^ L·H_i ^ E_i for both i,
// so C = (L·(H_1 ^ H_2) ^ E_1 ^ E_2) / (H_1 ^ H_2)^2.
Bytes colliding(const Derived& d1, const Derived& d2) {
  Bytes j0 = d1.ntail;
  j0.insert(j0.end(), {0, 0, 0, 1});
  const Bytes h1 = ossl_ecb(d1.dk, Bytes(16, 0)), h2 = ossl_ecb(d2.dk, Bytes(16, 0));
  const Bytes e1 = ossl_ecb(d1.dk, j0), e2 = ossl_ecb(d2.dk, j0);
  const Bytes l = from_hex("00000000000000000000000000000080");  // 0 AD bits, 128 C bits
  const Bytes dh = xor_of(h1, h2);
  const Bytes c = gf_mul(xor_of(gf_mul(l, dh), xor_of(e1, e2)), gf_inverse(gf_mul(dh, dh)));
  Bytes t = xor_of(xor_of(gf_mul(c, gf_mul(h1, h1)), gf_mul(l, h1)), e1);
  EXPECT_EQ(t, xor_of(xor_of(gf_mul(c, gf_mul(h2, h2)), gf_mul(l, h2)), e2));
  Bytes out = c;
  out.insert(out.end(), t.begin(), t.end());
  return out;
}

TEST(DndkCommitment, SecondRootKeyRefused) {
  aeskit_test::TestRng rng;
  for (int trial = 0; trial < 4; ++trial) {
    const Bytes k1 = rng.bytes(32), k2 = rng.bytes(32), nonce = rng.bytes(24);
    Bytes out1(16), out2(16);

    // Without commitment: one (C, T) opens under both root keys, to different plaintexts.
    {
      const Bytes ct = colliding(derive(k1, nonce, false), derive(k2, nonce, false));
      ASSERT_TRUE(make_key(k1, false).open(nonce, {}, ct, out1).ok());
      ASSERT_TRUE(make_key(k2, false).open(nonce, {}, ct, out2).ok());
      EXPECT_NE(out1, out2);
    }
    // With commitment: the same construction for the KC-derived keys; C || T || KC_1 opens
    // under K_1 only. Its GCM part is valid under K_2's DK too, so K_2 refuses it on KC.
    {
      const Derived d1 = derive(k1, nonce, true), d2 = derive(k2, nonce, true);
      Bytes ct = colliding(d1, d2);
      Bytes for_k2 = ct;
      ct.insert(ct.end(), d1.kc.begin(), d1.kc.end());
      for_k2.insert(for_k2.end(), d2.kc.begin(), d2.kc.end());
      ASSERT_TRUE(make_key(k1, true).open(nonce, {}, ct, out1).ok());
      Bytes refused(16, 0x66);
      const auto r = make_key(k2, true).open(nonce, {}, ct, refused);
      EXPECT_EQ(r.status().code(), Errc::authentication_failed);
      EXPECT_EQ(refused, Bytes(16, 0));  // no plaintext released
      // Only the commitment stood in the way: with K_2's own KC the GCM part opens.
      EXPECT_TRUE(make_key(k2, true).open(nonce, {}, for_k2, out2).ok());
      EXPECT_NE(d1.kc, d2.kc);
    }
  }
}

// --- descriptor, limits, errors -----------------------------------------------------------

TEST(DndkApi, DescriptorLimitsAndErrors) {
  for (bool kc : {false, true}) {
    const aeskit::AeadAlgorithm& a = algorithm(kc);
    EXPECT_EQ(aeskit::aead::find(kc ? "dndk-gcm-kc" : "dndk-gcm"), &a);
    EXPECT_EQ(a.name(), kc ? "DNDK-GCM-KC" : "DNDK-GCM");
    EXPECT_EQ(a.key_length(), 32u);
    EXPECT_EQ(a.nonce_min(), 12u);
    EXPECT_EQ(a.nonce_max(), 27u);
    EXPECT_EQ(a.nonce_recommended(), 24u);
    EXPECT_EQ(a.default_tag_length(), kc ? 48u : 16u);
    EXPECT_EQ(a.max_plaintext(), (std::uint64_t{1} << 36) - 32);
    EXPECT_TRUE(aeskit::random_nonce_allowed(a));
    EXPECT_EQ(aeskit::message_limit(a), ~std::uint64_t{0});
    Bytes n(32, 0);
    ASSERT_TRUE(aeskit::random_nonce(a, n).ok());
    EXPECT_EQ(aeskit::AeadKey::create(a, Bytes(16, 1)).status().code(), Errc::bad_key_length);
    EXPECT_EQ(aeskit::AeadKey::create(a, Bytes(32, 1), 12).status().code(), Errc::bad_tag_length);
    EXPECT_EQ(aeskit::AeadKey::create(a, Bytes(32, 1), kc ? 16 : 48).status().code(),
              Errc::bad_tag_length);
    auto k = aeskit::AeadKey::create(a, Bytes(32, 1));
    ASSERT_TRUE(k.ok());
    EXPECT_NE(k.value().kernel().find(kc ? "dndk-gcm-kc" : "dndk-gcm"), std::string::npos)
        << k.value().kernel();
    const Bytes pt(10, 1);
    for (std::size_t nonce_len : {0u, 8u, 11u, 28u, 32u}) {
      Bytes out(10 + 48, 0xEE);
      EXPECT_EQ(k.value().seal(Bytes(nonce_len, 2), {}, pt, out).status().code(),
                Errc::bad_nonce_length);
      EXPECT_EQ(out, Bytes(10 + 48, 0xEE));
    }
    Bytes out(10 + k.value().tag_length() - 1, 0xEE);
    EXPECT_EQ(k.value().seal(Bytes(24, 2), {}, pt, out).status().code(), Errc::output_too_small);
    EXPECT_FALSE(aeskit::AeadSealer::create(k.value(), Bytes(24, 2)).ok());
    // A sealed message shorter than the tag (or T || KC) is rejected outright.
    Bytes back(4);
    EXPECT_EQ(k.value()
                  .open(Bytes(24, 2), {}, Bytes(k.value().tag_length() - 1, 0), back)
                  .status()
                  .code(),
              Errc::authentication_failed);
  }
}

}  // namespace
