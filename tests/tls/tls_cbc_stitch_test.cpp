// tests/tls/tls_cbc_stitch_test.cpp — the stitched AES-CBC + SHA kernels (src/backend/x86/sha/,
// contract src/backend/sha_stitch.hpp) and the TLS CBC-HMAC paths that use them:
//   - each kernel directly vs the unstitched pieces (the SHA compressor + the AES backend's
//     CBC), 0..40 iterations, every key size, separate buffers, in place, and the hash
//     window overlapping the output the way seal/open place it;
//   - the AEAD on every AES backend (stitched: aesni/vaes256/vaes512 with SHA-NI; unstitched:
//     portable/vperm, or anything under AESKIT_DISABLE=sha) vs OpenSSL-built records: lengths
//     around the stitch thresholds and 16 KiB, every padding length class, in place,
//     unaligned buffers; bad padding under a valid MAC and single-byte changes on long
//     records (the stitched open) fail with authentication_failed and a zeroed output.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>

#include "aeskit/aead.hpp"
#include "aeskit/backends.hpp"
#include "backend/backend.hpp"
#include "backend/sha_backend.hpp"
#include "backend/sha_stitch.hpp"
#include "cpu/features.hpp"
#include "support/rng.hpp"
#include "tls_support.hpp"

namespace {

using aeskit::Errc;
using aeskit_test::Bytes;
using aeskit_test::TestRng;
using aeskit_test::tls::CbcParams;
using aeskit_test::tls::kCbcParams;
namespace d = aeskit::detail;

constexpr int kRounds = aeskit_test::scaled(60, 10);

std::vector<std::string> available_backends() {
  std::vector<std::string> names;
  for (const aeskit::BackendInfo& info : aeskit::backends())
    if (info.available) names.emplace_back(info.name);
  return names;
}

// --- the kernels themselves ---------------------------------------------------------------

// Reference for one kernel call: for each iteration, compress the hash block with the SHA
// compressor, then CBC the four AES blocks one at a time with the backend's block function.
void reference(const d::AesBackend& b, const d::RoundKeys& rk, bool encrypt, std::uint8_t iv[16],
               const std::uint8_t* in, std::uint8_t* out, d::CompressFn compress,
               aeskit::detail::HashWords& h, const std::uint8_t* hash_in, std::size_t groups) {
  for (std::size_t g = 0; g < groups; ++g) {
    compress(h, hash_in + 64 * g, 1);
    for (int i = 0; i < 4; ++i) {
      std::uint8_t x[16], c[16];
      std::memcpy(c, in + 64 * g + 16 * i, 16);
      if (encrypt) {
        for (int j = 0; j < 16; ++j) x[j] = static_cast<std::uint8_t>(c[j] ^ iv[j]);
        b.encrypt_blocks(rk, x, out + 64 * g + 16 * i, 1);
        std::memcpy(iv, out + 64 * g + 16 * i, 16);
      } else {
        b.decrypt_blocks(rk, c, x, 1);
        for (int j = 0; j < 16; ++j)
          out[64 * g + 16 * i + j] = static_cast<std::uint8_t>(x[j] ^ iv[j]);
        std::memcpy(iv, c, 16);
      }
    }
  }
}

TEST(CbcShaStitch, KernelsMatchUnstitchedPieces) {
  const aeskit::cpu::FeatureSet& f = aeskit::cpu::cpu_features();
  const d::AesBackend* aes = d::find_backend("aesni");
  if (aes == nullptr || !aes->supported(f)) GTEST_SKIP() << "SKIPPED, NOT PASSED: no aesni";
  const d::CbcShaStitch* s = d::find_cbc_sha_stitch(f, "aesni");
  if (s == nullptr)
    GTEST_SKIP() << "SKIPPED, NOT PASSED: no stitched kernel on this CPU / AESKIT_DISABLE";
  EXPECT_EQ(d::find_cbc_sha_stitch(f, "portable"), nullptr);  // other schedule layouts: none
  // The VAES backends keep aesni's schedule layout: the same stitch serves their keys.
  EXPECT_EQ(d::find_cbc_sha_stitch(f, "vaes256"), s);
  EXPECT_EQ(d::find_cbc_sha_stitch(f, "vaes512"), s);
  const d::ShaCompressor& portable = d::kShaPortable;
  TestRng rng;
  for (aeskit::HashAlgorithm alg : {aeskit::HashAlgorithm::sha1, aeskit::HashAlgorithm::sha256}) {
    for (std::size_t key_len : {16u, 24u, 32u}) {
      for (bool encrypt : {true, false}) {
        SCOPED_TRACE(testing::Message() << "sha" << (alg == aeskit::HashAlgorithm::sha1 ? 1 : 256)
                                        << " key " << key_len << (encrypt ? " enc" : " dec"));
        const d::CbcShaFn fn = d::stitch_fn(*s, alg, encrypt);
        ASSERT_NE(fn, nullptr);
        const Bytes key = rng.bytes(key_len);
        d::RoundKeys enc{}, dec{};
        aes->expand_key(key.data(), key.size(), enc);
        aes->derive_decrypt_key(enc, dec);
        const d::RoundKeys& rk = encrypt ? enc : dec;
        for (std::size_t groups = 0; groups <= 40; ++groups) {
          for (int layout = 0; layout < 3; ++layout) {
            // layout 0: separate buffers; 1: in place, hash 51 bytes ahead in the same
            // buffer (seal); 2: in place, hash trailing at out + 51 - 128 (open).
            const std::size_t n = 64 * groups;
            Bytes buf = rng.bytes(n + 256), buf2 = buf, src = rng.bytes(n + 256);
            Bytes hashbuf = rng.bytes(n + 64);
            d::HashWords h1{}, h2{};
            for (int w = 0; w < 8; ++w)
              h1.w32[w] = static_cast<std::uint32_t>(rng.between(0, 0xffffffffu));
            h2 = h1;
            Bytes iv = rng.bytes(16), iv2 = iv;
            const std::uint8_t *in1, *in2, *hin1, *hin2;
            std::uint8_t *out1, *out2;
            if (layout == 0) {
              in1 = in2 = src.data() + 3;
              out1 = buf.data() + 5;
              out2 = buf2.data() + 5;
              hin1 = hin2 = hashbuf.data() + 1;
            } else if (layout == 1) {
              in1 = out1 = buf.data() + 128;
              in2 = out2 = buf2.data() + 128;
              hin1 = buf.data() + 128 + 51;
              hin2 = buf2.data() + 128 + 51;
            } else {
              in1 = out1 = buf.data() + 128;
              in2 = out2 = buf2.data() + 128;
              hin1 = buf.data() + 51;
              hin2 = buf2.data() + 51;
            }
            fn(rk, iv.data(), in1, out1, h1, hin1, groups);
            reference(*aes, rk, encrypt, iv2.data(), in2, out2, d::compress_fn(portable, alg), h2,
                      hin2, groups);
            ASSERT_EQ(buf, buf2) << "groups " << groups << " layout " << layout;
            ASSERT_EQ(iv, iv2) << "groups " << groups << " layout " << layout;
            ASSERT_EQ(0, std::memcmp(h1.w32, h2.w32, sizeof h1.w32))
                << "groups " << groups << " layout " << layout;
          }
        }
      }
    }
  }
}

// --- the AEAD on every backend ------------------------------------------------------------

using Keys = aeskit_test::tls::CbcKeys;
using aeskit_test::tls::make_cbc_keys;
using aeskit_test::tls::tls_ad;

std::size_t stitch_length(TestRng& rng) {
  switch (rng.between(0, 4)) {
    case 0:
      return rng.between(100, 140);  // seal's first stitched group (115 bytes and more)
    case 1:
      return rng.between(150, 700);  // open's public blocks begin (record > mac + 256 + 115)
    case 2:
      return rng.between(700, 3000);
    case 3:
      return rng.between(16384 - 70, 16384);
    default:
      return rng.between(0, 100);
  }
}

TEST(CbcShaStitch, EveryBackendMatchesOpenSslRecords) {
  TestRng rng;
  const auto features = aeskit::cpu::cpu_features();
  for (const std::string& backend : available_backends()) {
    for (const CbcParams& p : kCbcParams) {
      SCOPED_TRACE(backend + " " + p.name);
      const int rounds = backend == "portable" ? kRounds / 4 : kRounds;
      for (int r = 0; r < rounds; ++r) {
        const Keys k = make_cbc_keys(rng, p);
        auto made = aeskit::AeadKey::create(*aeskit::aead::find(p.name), k.all, p.mac_len, backend);
        ASSERT_TRUE(made.ok()) << made.message();
        aeskit::AeadKey key = std::move(made).value();
        if (r == 0) {
          // The stitched kernel is used exactly where one exists for this backend and CPU.
          const bool stitched = d::find_cbc_sha_stitch(features, backend) != nullptr;
          EXPECT_EQ(key.kernel().find("stitched") != std::string::npos, stitched) << key.kernel();
        }
        const Bytes pt = rng.bytes(stitch_length(rng));
        const Bytes ad = tls_ad(rng.between(0, 1u << 30));
        const Bytes nonce = p.implicit_iv && rng.coin() ? Bytes{} : rng.bytes(16);
        const Bytes& iv = nonce.empty() ? k.iv : nonce;

        // Seal: equals OpenSSL's record with minimal padding; separate (unaligned) and in place.
        const std::size_t min_pad = 15 - (pt.size() + p.mac_len) % 16;
        const Bytes want = aeskit_test::tls::cbc_record(p, k.mac, k.enc, iv, ad, pt, min_pad);
        Bytes sealed(want.size() + 7, 0xcc);
        auto n = key.seal(nonce, ad, pt, std::span(sealed).subspan(3, want.size()));
        ASSERT_TRUE(n.ok()) << n.message();
        ASSERT_TRUE(std::equal(want.begin(), want.end(), sealed.begin() + 3)) << pt.size();
        Bytes inplace(want.size() + 1, 0);
        for (std::size_t i = 0; i < pt.size(); ++i) inplace[1 + i] = pt[i];
        auto m = key.seal(nonce, ad, std::span(inplace).subspan(1, pt.size()),
                          std::span(inplace).subspan(1, want.size()));
        ASSERT_TRUE(m.ok()) << m.message();
        ASSERT_TRUE(std::equal(want.begin(), want.end(), inplace.begin() + 1)) << pt.size();

        // Open OpenSSL's record with a random padding length (often the longest).
        std::size_t pad = min_pad + 16 * rng.between(0, (255 - min_pad) / 16);
        if (rng.coin()) pad = min_pad + 16 * ((255 - min_pad) / 16);
        const Bytes rec = aeskit_test::tls::cbc_record(p, k.mac, k.enc, iv, ad, pt, pad);
        Bytes out(rec.size() + 9, 0xdd);
        auto o = key.open(nonce, ad, rec, std::span(out).subspan(9, rec.size()));
        ASSERT_TRUE(o.ok()) << o.message() << " length " << pt.size() << " pad " << pad;
        ASSERT_EQ(*o, pt.size());
        EXPECT_TRUE(std::equal(pt.begin(), pt.end(), out.begin() + 9));
        EXPECT_TRUE(std::all_of(out.begin() + 9 + static_cast<long>(pt.size()), out.end(),
                                [](std::uint8_t b) { return b == 0; }));
        Bytes rec2 = rec;
        auto q = key.open(nonce, ad, rec2, rec2);
        ASSERT_TRUE(q.ok()) << "in place, length " << pt.size() << " pad " << pad;
        EXPECT_TRUE(std::equal(pt.begin(), pt.end(), rec2.begin()));

        // Bad padding under a valid MAC: one padding byte (not the last) changed.
        if (pad > 0) {
          Bytes header = ad;
          header.push_back(static_cast<std::uint8_t>(pt.size() >> 8));
          header.push_back(static_cast<std::uint8_t>(pt.size()));
          const Bytes mac =
              aeskit_test::tls::hmac_of(p.md(), k.mac, aeskit_test::tls::concat({&header, &pt}));
          Bytes body = aeskit_test::tls::concat({&pt, &mac});
          body.insert(body.end(), pad + 1, static_cast<std::uint8_t>(pad));
          body[body.size() - 1 - rng.between(1, pad)] ^=
              static_cast<std::uint8_t>(1 + rng.between(0, 254));
          const Bytes bad = aeskit_test::tls::aes_raw("CBC", p.aes_len, true, k.enc, iv, body);
          Bytes bo(bad.size(), 0xee);
          EXPECT_EQ(key.open(nonce, ad, bad, bo).code(), Errc::authentication_failed);
          EXPECT_TRUE(std::all_of(bo.begin(), bo.end(), [](std::uint8_t b) { return b == 0; }));
        }
        // A single changed byte anywhere in the record (or the IV).
        Bytes t = rec;
        Bytes tn = nonce;
        const std::size_t at = rng.between(0, t.size() - 1 + tn.size());
        if (at < t.size())
          t[at] ^= static_cast<std::uint8_t>(1 + rng.between(0, 254));
        else
          tn[at - t.size()] ^= 0x80;
        Bytes to(t.size(), 0xee);
        EXPECT_EQ(key.open(tn, ad, t, to).code(), Errc::authentication_failed) << "byte " << at;
        EXPECT_TRUE(std::all_of(to.begin(), to.end(), [](std::uint8_t b) { return b == 0; }));
      }
    }
  }
}

}  // namespace
