// tests/gcm_siv/aead_xaes_test.cpp — XAES-256-GCM (c2sp.org/XAES-256-GCM): the spec's two vectors
// (MSB(L) = 0 and 1) and its accumulated randomized test (10,000 iterations on every AES
// backend, 1,000,000 on the default one outside sanitizer builds; SHAKE-128 from libgcrypt
// as the spec's deterministic RNG, from OpenSSL as its hash); a differential test
// against an independent composition (our AES-256 ECB for L, K1 and Kx, then OpenSSL's
// AES-256-GCM); mutation; API errors.
#include <gcrypt.h>
#include <openssl/evp.h>

#include <algorithm>
#include <cstring>

#include <gtest/gtest.h>

#include "aeskit/aeskit.hpp"
#include "support/aead_peers.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/names.hpp"
#include "support/rng.hpp"

namespace {

using namespace aeskit_test::names;

Bytes ascii(const char* s) {
  return Bytes(s, s + std::strlen(s));
}

aeskit::AeadKey make_xaes(const Bytes& key, const std::string& backend) {
  auto k = aeskit::AeadKey::create(aeskit::aead::xaes_256_gcm(), key, 16, backend);
  EXPECT_TRUE(k.ok()) << k.message();
  return k.ok() ? std::move(k).value() : aeskit::AeadKey();
}

Bytes seal(const aeskit::AeadKey& k, const Bytes& nonce, const Bytes& ad, const Bytes& pt) {
  Bytes out(pt.size() + 16);
  const auto n = k.seal(nonce, ad, pt, out);
  EXPECT_TRUE(n.ok()) << n.message();
  return out;
}

class Xaes : public testing::TestWithParam<std::string> {};

TEST_P(Xaes, SpecVectors) {
  AESKIT_SKIP_UNAVAILABLE(GetParam());
  struct V {
    const char* key;
    const char* ad;
    const char* result;
  } vs[] = {
      {"0101010101010101010101010101010101010101010101010101010101010101", "",
       "ce546ef63c9cc60765923609b33a9a1974e96e52daf2fcf7075e2271"},
      {"0303030303030303030303030303030303030303030303030303030303030303", "c2sp.org/XAES-256-GCM",
       "986ec1832593df5443a179437fd083bf3fdb41abd740a21f71eb769d"},
  };
  const Bytes nonce = ascii("ABCDEFGHIJKLMNOPQRSTUVWX");
  const Bytes pt = ascii("XAES-256-GCM");
  for (const V& v : vs) {
    const aeskit::AeadKey k = make_xaes(from_hex(v.key), GetParam());
    ASSERT_TRUE(k.valid());
    const Bytes ad = ascii(v.ad);
    EXPECT_EQ(to_hex(seal(k, nonce, ad, pt)), v.result);
    Bytes out(pt.size());
    ASSERT_TRUE(k.open(nonce, ad, from_hex(v.result), out).ok());
    EXPECT_EQ(out, pt);
  }
}

// ShakeStream: the SHAKE-128 output of the empty string, read on demand. OpenSSL 3.0 can
// squeeze a SHAKE only once, so the stream comes from libgcrypt, whose gcry_md_extract
// continues the output with every call (checked against OpenSSL below); 1,000,000
// iterations read up to 568 MB, too much to generate up front.
class ShakeStream {
 public:
  ShakeStream() {
    aeskit_test::peers::gcrypt_init();
    EXPECT_EQ(gcry_md_open(&h_, GCRY_MD_SHAKE128, 0), 0u);
  }
  ~ShakeStream() { gcry_md_close(h_); }
  ShakeStream(const ShakeStream&) = delete;
  ShakeStream& operator=(const ShakeStream&) = delete;

  void read(std::uint8_t* out, std::size_t n) {
    if (n != 0) {
      EXPECT_EQ(gcry_md_extract(h_, GCRY_MD_SHAKE128, out, n), 0u);
    }
  }
  Bytes take(std::size_t n) {
    Bytes b(n);
    read(b.data(), n);
    return b;
  }

 private:
  gcry_md_hd_t h_ = nullptr;
};

// OpenSSL's one-shot SHAKE-128 of the empty string, `n` bytes.
Bytes openssl_shake128_empty(std::size_t n) {
  Bytes out(n);
  EVP_MD_CTX* ctx = EVP_MD_CTX_new();
  EXPECT_EQ(EVP_DigestInit_ex(ctx, EVP_shake128(), nullptr), 1);
  EXPECT_EQ(EVP_DigestFinalXOF(ctx, out.data(), out.size()), 1);
  EVP_MD_CTX_free(ctx);
  return out;
}

TEST(XaesShakeStream, IncrementalReadsMatchOpenSsl) {
  const Bytes expected = openssl_shake128_empty(20000);
  EXPECT_EQ(to_hex(Bytes(expected.begin(), expected.begin() + 16)),
            "7f9c2ba4e88f827d616045507605853e");  // FIPS 202 SHAKE128("") prefix
  ShakeStream stream;
  Bytes got;
  aeskit_test::TestRng rng;
  while (got.size() < expected.size()) {  // pieces of 0..300 bytes, across the 168-byte rate
    const std::size_t n = std::min<std::size_t>(rng.between(0, 300), expected.size() - got.size());
    const Bytes piece = stream.take(n);
    got.insert(got.end(), piece.begin(), piece.end());
  }
  EXPECT_EQ(got, expected);
}

// Accumulated randomized test (c2sp.org/XAES-256-GCM): key[32], nonce[24],
// plaintext<0..255>, aad<0..255> read from one SHAKE-128 stream (empty input); every
// ciphertext (with tag) absorbed by a second SHAKE-128 (OpenSSL); the first 32 output bytes
// compared. Each iteration also opens its ciphertext.
std::string accumulated(const std::string& backend, int iterations) {
  ShakeStream stream;
  EVP_MD_CTX* hash = EVP_MD_CTX_new();
  EXPECT_EQ(EVP_DigestInit_ex(hash, EVP_shake128(), nullptr), 1);
  Bytes key(32), nonce(24), pt, ad, ct, back;
  int failures = 0;
  for (int i = 0; i < iterations; ++i) {
    stream.read(key.data(), key.size());
    stream.read(nonce.data(), nonce.size());
    std::uint8_t n = 0;
    stream.read(&n, 1);
    pt.resize(n);
    stream.read(pt.data(), pt.size());
    stream.read(&n, 1);
    ad.resize(n);
    stream.read(ad.data(), ad.size());
    const aeskit::AeadKey k = make_xaes(key, backend);
    ct.assign(pt.size() + 16, 0);
    const auto sealed = k.seal(nonce, ad, pt, ct);
    back.assign(pt.size(), 0xEE);
    const auto opened = k.open(nonce, ad, ct, back);
    if (!sealed.ok() || !opened.ok() || back != pt) {
      ADD_FAILURE() << "iteration " << i << ": seal/open round trip failed";
      if (++failures == 10) break;
    }
    EXPECT_EQ(EVP_DigestUpdate(hash, ct.data(), ct.size()), 1);
  }
  Bytes out(32);
  EXPECT_EQ(EVP_DigestFinalXOF(hash, out.data(), out.size()), 1);
  EVP_MD_CTX_free(hash);
  return to_hex(out);
}

TEST_P(Xaes, Accumulated10000) {
  AESKIT_SKIP_UNAVAILABLE(GetParam());
  EXPECT_EQ(accumulated(GetParam(), 10000),
            "e6b9edf2df6cec60c8cbd864e2211b597fb69a529160cd040d56c0c210081939");
}

#if !defined(AESKIT_TEST_SANITIZED)
// The spec's 1,000,000-iteration hash, on the default (fastest) backend only; not built into
// the sanitizer configuration, where the 10,000-iteration test above runs alone.
TEST(XaesAccumulated, Iterations1000000) {
  EXPECT_EQ(accumulated("", 1000000),
            "2163ae1445985a30b60585ee67daa55674df06901b890593e824b8a7c885ab15");
}
#endif

// The composition: L = E_K(0), K1 = dbl(L) (computed here, independently of the library's
// block_double), Kx = E_K(M1 ^ K1) || E_K(M2 ^ K1) with aeskit ECB, then OpenSSL AES-256-GCM
// with Kx and N[12:].
Bytes compose_seal(const Bytes& key, const Bytes& nonce, const Bytes& ad, const Bytes& pt) {
  auto aes = aeskit::AesKey::create(key);
  EXPECT_TRUE(aes.ok());
  Bytes l(16, 0);
  EXPECT_TRUE(aeskit::encrypt(aes.value(), aeskit::Mode::ecb, {}, Bytes(16, 0), l).ok());
  Bytes k1(16);
  for (int i = 0; i < 16; ++i)
    k1[i] = static_cast<std::uint8_t>((l[i] << 1) | (i < 15 ? l[i + 1] >> 7 : 0));
  if (l[0] & 0x80) k1[15] ^= 0x87;
  Bytes m(32);
  for (int j = 0; j < 2; ++j) {
    const std::uint8_t prefix[4] = {0x00, static_cast<std::uint8_t>(j + 1), 0x58, 0x00};
    std::memcpy(m.data() + 16 * j, prefix, 4);
    std::memcpy(m.data() + 16 * j + 4, nonce.data(), 12);
    for (int i = 0; i < 16; ++i) m[16 * j + i] ^= k1[i];
  }
  Bytes kx(32);
  EXPECT_TRUE(aeskit::encrypt(aes.value(), aeskit::Mode::ecb, {}, m, kx).ok());
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  Bytes out(pt.size() + 16);
  int n = 0;
  EXPECT_EQ(EVP_EncryptInit_ex(ctx, EVP_aes_256_gcm(), nullptr, kx.data(), nonce.data() + 12), 1);
  if (!ad.empty()) {
    EXPECT_EQ(EVP_EncryptUpdate(ctx, nullptr, &n, ad.data(), static_cast<int>(ad.size())), 1);
  }
  if (!pt.empty()) {
    EXPECT_EQ(EVP_EncryptUpdate(ctx, out.data(), &n, pt.data(), static_cast<int>(pt.size())), 1);
  }
  EXPECT_EQ(EVP_EncryptFinal_ex(ctx, out.data() + pt.size(), &n), 1);
  EXPECT_EQ(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_GET_TAG, 16, out.data() + pt.size()), 1);
  EVP_CIPHER_CTX_free(ctx);
  return out;
}

TEST_P(Xaes, MatchesComposition) {
  AESKIT_SKIP_UNAVAILABLE(GetParam());
  aeskit_test::TestRng rng;
  for (std::size_t len : {0u, 1u, 16u, 17u, 255u, 480u, 496u, 1000u, 4096u, 20000u}) {
    for (int trial = 0; trial < 4; ++trial) {
      const Bytes key = rng.bytes(32), nonce = rng.bytes(24), ad = rng.bytes(rng.between(0, 100)),
                  pt = rng.bytes(len);
      const aeskit::AeadKey k = make_xaes(key, GetParam());
      const Bytes expected = compose_seal(key, nonce, ad, pt);
      EXPECT_EQ(to_hex(seal(k, nonce, ad, pt)), to_hex(expected)) << "len " << len;
      Bytes buf = expected;  // open in place
      ASSERT_TRUE(k.open(nonce, ad, buf, buf).ok());
      EXPECT_EQ(Bytes(buf.begin(), buf.begin() + static_cast<std::ptrdiff_t>(len)), pt);
    }
  }
}

TEST_P(Xaes, MutationsRejectedAndZeroed) {
  AESKIT_SKIP_UNAVAILABLE(GetParam());
  aeskit_test::TestRng rng;
  const Bytes key = rng.bytes(32), nonce = rng.bytes(24), ad = rng.bytes(9), pt = rng.bytes(33);
  const aeskit::AeadKey k = make_xaes(key, GetParam());
  const Bytes sealed = seal(k, nonce, ad, pt);
  auto rejected = [&](const Bytes& n, const Bytes& a, const Bytes& s) {
    Bytes out(pt.size(), 0x66);
    const auto r = k.open(n, a, s, out);
    return !r.ok() && r.status().code() == Errc::authentication_failed &&
           out == Bytes(pt.size(), 0);
  };
  for (std::size_t bit = 0; bit < 8 * sealed.size(); ++bit) {
    Bytes s = sealed;
    s[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
    ASSERT_TRUE(rejected(nonce, ad, s)) << "sealed bit " << bit;
  }
  for (std::size_t bit = 0; bit < 8 * 24; ++bit) {  // both halves of the nonce matter
    Bytes n = nonce;
    n[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
    ASSERT_TRUE(rejected(n, ad, sealed)) << "nonce bit " << bit;
  }
  for (std::size_t bit = 0; bit < 8 * ad.size(); ++bit) {
    Bytes a = ad;
    a[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
    ASSERT_TRUE(rejected(nonce, a, sealed)) << "ad bit " << bit;
  }
}

INSTANTIATE_TEST_SUITE_P(AllBackends, Xaes, testing::ValuesIn(aeskit_test::backend_names()),
                         aeskit_test::backend_param_name);

TEST(XaesApi, DescriptorAndErrors) {
  const aeskit::AeadAlgorithm& a = aeskit::aead::xaes_256_gcm();
  EXPECT_EQ(aeskit::aead::find("xaes-256-gcm"), &a);
  EXPECT_EQ(a.key_length(), 32u);
  EXPECT_EQ(a.nonce_min(), 24u);
  EXPECT_EQ(a.nonce_max(), 24u);
  EXPECT_EQ(a.default_tag_length(), 16u);
  EXPECT_EQ(aeskit::AeadKey::create(a, Bytes(16, 1)).status().code(), Errc::bad_key_length);
  EXPECT_EQ(aeskit::AeadKey::create(a, Bytes(32, 1), 12).status().code(), Errc::bad_tag_length);
  auto k = aeskit::AeadKey::create(a, Bytes(32, 1));
  ASSERT_TRUE(k.ok());
  EXPECT_NE(k.value().kernel().find("xaes-256-gcm"), std::string::npos) << k.value().kernel();
  const Bytes pt(10, 1);
  for (std::size_t nonce_len : {0u, 12u, 16u, 23u, 25u}) {
    Bytes out(26, 0xEE);
    EXPECT_EQ(k.value().seal(Bytes(nonce_len, 2), {}, pt, out).status().code(),
              Errc::bad_nonce_length);
    EXPECT_EQ(out, Bytes(26, 0xEE));
  }
  Bytes out(25, 0xEE);
  EXPECT_EQ(k.value().seal(Bytes(24, 2), {}, pt, out).status().code(), Errc::output_too_small);
  EXPECT_FALSE(aeskit::AeadSealer::create(k.value(), Bytes(24, 2)).ok());
}

}  // namespace
