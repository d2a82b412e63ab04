// tests/ocb/aead_ocb_differential_test.cpp — AES-OCB3 against OpenSSL (EVP aes-*-ocb) and
// libgcrypt (GCRY_CIPHER_MODE_OCB), and every backend (with and without its OCB kernels)
// against the portable backend, on random inputs from a fixed-seed PRNG (seed printed;
// AESKIT_TEST_SEED overrides). No fixed vectors.
//
// Per implementation and key size: nonce lengths 1..15 (half of them 12), every tag length
// 8..16 (libgcrypt only where it accepts them: tags of 8, 12, 16 bytes, nonces of 8..15), AD 0..300
// bytes, plaintext of every length 0..(2 × 16 + 4) blocks (twice the widest kernel stride, 16
// blocks, plus 64 bytes), and random lengths up to 1 MiB. Each message: seal with misaligned
// (0..15-byte offset) buffers and in place must equal OpenSSL's and libgcrypt's ct || tag; open
// (misaligned, in place, detached) must return the plaintext; OpenSSL and libgcrypt must open what
// aeskit sealed.
//
// Widths (issue 16): every backend vs portable at every block count 0..145 (0..4 x vaes512's
// 32-block group + 17) with a random byte tail and AD of 0..40 blocks; and each backend's
// ocb_encrypt / ocb_decrypt / ocb_hash kernel called directly against the contract in
// backend.hpp from every first block index 1..65 (every index modulo 8, 16 and 32, twice) and
// from indices just below 2^16, 2^32 and 2^48 (large ntz), over block counts across the
// 8/16/32-block groups: output, offset and checksum/sum after the blocks processed.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "aead_ocb_support.hpp"
#include "backend/backend.hpp"
#include "cpu/features.hpp"
#include "support/aead_cases.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/rng.hpp"

namespace {

using aeskit_test::Bytes;
using aeskit_test::to_hex;
using aeskit_test::ocb::Impl;

using aeskit_test::aead::kLarge;
using aeskit_test::aead::kLargeCount;
using aeskit_test::aead::kSweep;

class OcbDifferential : public testing::TestWithParam<Impl> {
 protected:
  void check_message(aeskit_test::TestRng& rng, std::size_t key_len, std::size_t len,
                     bool with_gcrypt) {
    const Bytes key_bytes = rng.bytes(key_len);
    const Bytes nonce = rng.bytes(rng.coin() ? 12 : rng.between(1, 15));
    const Bytes ad = rng.bytes(rng.coin() ? rng.between(0, 20) : rng.between(0, 300));
    const Bytes pt = rng.bytes(len);
    const std::size_t tag_len = rng.between(8, 16);
    with_gcrypt = with_gcrypt && aeskit_test::ocb::gcrypt_accepts(nonce.size(), tag_len);
    SCOPED_TRACE("key " + to_hex(key_bytes) + " nonce " + to_hex(nonce) + " ad " +
                 std::to_string(ad.size()) + " len " + std::to_string(len) + " tag " +
                 std::to_string(tag_len));
    auto key = aeskit_test::ocb::make_key(GetParam(), key_bytes, tag_len);
    ASSERT_TRUE(key.has_value());
    const Bytes expected = aeskit_test::ocb::openssl_seal(key_bytes, nonce, ad, pt, tag_len);
    if (with_gcrypt) {
      ASSERT_EQ(to_hex(aeskit_test::ocb::gcrypt_seal(key_bytes, nonce, ad, pt, tag_len)),
                to_hex(expected))
          << "the two references disagree";
    }

    std::vector<aeskit_test::aead::PeerOpen> peers = {{"OpenSSL", [&](const Bytes& s) {
                                                         return aeskit_test::ocb::openssl_open(
                                                             key_bytes, nonce, ad, s, tag_len);
                                                       }}};
    if (with_gcrypt) {
      peers.push_back({"libgcrypt", [&](const Bytes& s) {
                         return aeskit_test::ocb::gcrypt_open(key_bytes, nonce, ad, s, tag_len);
                       }});
    }
    ASSERT_NO_FATAL_FAILURE(
        aeskit_test::aead::expect_matches_reference(*key, rng, nonce, ad, pt, expected, peers));
  }

  // same_as_portable: the parameter's path seals as portable's generic path does (random tag
  // length) and opens its own output.
  void same_as_portable(aeskit_test::TestRng& rng, const Bytes& k, const Bytes& nonce,
                        const Bytes& ad, const Bytes& pt) {
    SCOPED_TRACE("len " + std::to_string(pt.size()) + " ad " + std::to_string(ad.size()) + " key " +
                 std::to_string(k.size()));
    const std::size_t tag_len = rng.between(8, 16);
    auto ours = aeskit_test::ocb::make_key(GetParam(), k, tag_len);
    auto ref = aeskit_test::ocb::make_key({"portable", false}, k, tag_len);
    ASSERT_TRUE(ours.has_value() && ref.has_value());
    const Bytes a = aeskit_test::aead::seal(*ours, nonce, ad, pt);
    ASSERT_EQ(to_hex(a), to_hex(aeskit_test::aead::seal(*ref, nonce, ad, pt)));
    const std::optional<Bytes> back = aeskit_test::aead::open(*ours, nonce, ad, a);
    ASSERT_TRUE(back.has_value());
    ASSERT_EQ(to_hex(*back), to_hex(pt));
  }
};

TEST_P(OcbDifferential, EveryLengthAcrossTwoStrides) {
  AESKIT_SKIP_UNAVAILABLE(GetParam().backend);
  aeskit_test::TestRng rng;
  for (std::size_t key_len : aeskit_test::kKeySizes)
    for (std::size_t len = 0; len <= kSweep; ++len)
      ASSERT_NO_FATAL_FAILURE(check_message(rng, key_len, len, len % 3 == 0));
}

TEST_P(OcbDifferential, RandomLargeMessages) {
  AESKIT_SKIP_UNAVAILABLE(GetParam().backend);
  aeskit_test::TestRng rng;
  for (std::size_t key_len : aeskit_test::kKeySizes)
    for (int i = 0; i < kLargeCount; ++i)
      ASSERT_NO_FATAL_FAILURE(check_message(rng, key_len, rng.between(kSweep, kLarge), true));
}

// Every nonce length and every tag length, short messages: vs OpenSSL and libgcrypt.
TEST_P(OcbDifferential, EveryNonceAndTagLength) {
  AESKIT_SKIP_UNAVAILABLE(GetParam().backend);
  aeskit_test::TestRng rng;
  for (std::size_t key_len : aeskit_test::kKeySizes) {
    for (std::size_t nonce_len = 1; nonce_len <= 15; ++nonce_len) {
      for (std::size_t tag_len = 8; tag_len <= 16; ++tag_len) {
        const Bytes k = rng.bytes(key_len), nonce = rng.bytes(nonce_len);
        const Bytes ad = rng.bytes(rng.between(0, 40)), pt = rng.bytes(rng.between(0, 70));
        auto key = aeskit_test::ocb::make_key(GetParam(), k, tag_len);
        ASSERT_TRUE(key.has_value());
        const Bytes ours = aeskit_test::aead::seal(*key, nonce, ad, pt);
        ASSERT_EQ(to_hex(ours), to_hex(aeskit_test::ocb::openssl_seal(k, nonce, ad, pt, tag_len)))
            << "nonce " << nonce_len << " tag " << tag_len;
        if (aeskit_test::ocb::gcrypt_accepts(nonce_len, tag_len)) {
          ASSERT_EQ(to_hex(ours), to_hex(aeskit_test::ocb::gcrypt_seal(k, nonce, ad, pt, tag_len)))
              << "nonce " << nonce_len << " tag " << tag_len;
        }
      }
    }
  }
}

// Every backend, kernels on or off, equals the portable backend's generic path.
TEST_P(OcbDifferential, AgreesWithPortable) {
  AESKIT_SKIP_UNAVAILABLE(GetParam().backend);
  aeskit_test::TestRng rng;
  for (std::size_t key_len : aeskit_test::kKeySizes) {
    for (int i = 0; i < 60; ++i) {
      const std::size_t len = i < 40 ? rng.between(0, kSweep) : rng.between(0, 70000);
      const Bytes k = rng.bytes(key_len), nonce = rng.bytes(rng.between(1, 15));
      const Bytes ad = rng.bytes(i % 5 == 0 ? rng.between(0, 2000) : rng.between(0, 300));
      ASSERT_NO_FATAL_FAILURE(same_as_portable(rng, k, nonce, ad, rng.bytes(len)));
    }
  }
}

// Every block count up to 4 x 32 + 17 with a random byte tail and AD across many blocks: the
// backend (kernels on or off) equals portable's generic path; one key size per count.
TEST_P(OcbDifferential, EveryBlockCountToFourZmmGroups) {
  AESKIT_SKIP_UNAVAILABLE(GetParam().backend);
  aeskit_test::TestRng rng;
  for (std::size_t blocks = 0; blocks <= 4 * 32 + 17; ++blocks) {
    const std::size_t key_len = aeskit_test::kKeySizes[blocks % 3];
    const std::size_t len = 16 * blocks + (blocks % 4 == 0 ? 0 : rng.between(1, 15));
    const Bytes k = rng.bytes(key_len), nonce = rng.bytes(rng.coin() ? 12 : rng.between(1, 15));
    const Bytes ad = rng.bytes(rng.between(0, 16 * 40 + 15));
    ASSERT_NO_FATAL_FAILURE(same_as_portable(rng, k, nonce, ad, rng.bytes(len)));
  }
}

INSTANTIATE_TEST_SUITE_P(Impls, OcbDifferential, testing::ValuesIn(aeskit_test::ocb::all_impls()),
                         [](const testing::TestParamInfo<Impl>& p) {
                           return aeskit_test::ocb::impl_name(p.param);
                         });

}  // namespace

namespace {

unsigned ntz(std::uint64_t i) {
  unsigned n = 0;
  while ((i & 1) == 0) {
    i >>= 1;
    ++n;
  }
  return n;
}

void xor16(std::uint8_t* a, const std::uint8_t* b) {
  for (int q = 0; q < 16; ++q) a[q] ^= b[q];
}

// The ocb_* kernels directly, against the contract written out with single-block calls. The
// L table is random (the contract holds for any table), so every entry read is checked.
TEST(OcbKernels, EveryStartIndexAndCountMatchesTheContract) {
  namespace d = aeskit::detail;
  aeskit_test::TestRng rng;
  std::vector<std::uint64_t> firsts;
  for (std::uint64_t i = 1; i <= 65; ++i) firsts.push_back(i);
  for (std::uint64_t top : {std::uint64_t{1} << 16, std::uint64_t{1} << 32, std::uint64_t{1} << 48})
    for (std::uint64_t back : {1u, 5u, 17u, 33u}) firsts.push_back(top - back);
  const std::size_t counts[] = {0, 1, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 145};
  int kernels = 0;
  for (std::size_t bi = 0; bi < d::backend_count(); ++bi) {
    const d::AesBackend& b = d::backend_at(bi);
    if (b.ocb_encrypt == nullptr && b.ocb_decrypt == nullptr && b.ocb_hash == nullptr) continue;
    if (!b.supported(aeskit::cpu::cpu_features())) {
      std::printf("[   INFO   ] %s: OCB kernels not run (CPU lacks its features)\n",
                  std::string(b.name).c_str());
      continue;
    }
    ++kernels;
    for (std::size_t fi = 0; fi < firsts.size(); ++fi) {
      const std::uint64_t first = firsts[fi];
      const std::size_t key_len = aeskit_test::kKeySizes[fi % 3];
      const Bytes key = rng.bytes(key_len);
      d::RoundKeys ek, dk;
      b.expand_key(key.data(), key_len, ek);
      b.derive_decrypt_key(ek, dk);
      d::OcbLTable l;
      for (auto& entry : l.l) {
        const Bytes r = rng.bytes(16);
        std::memcpy(entry, r.data(), 16);
      }
      l.fill_prefix_sums();
      for (std::size_t count : counts) {
        SCOPED_TRACE(std::string(b.name) + ", first index " + std::to_string(first) + ", " +
                     std::to_string(count) + " blocks, " + std::to_string(key_len * 8) +
                     "-bit key");
        const Bytes in = rng.bytes(16 * count);
        const Bytes offset0 = rng.bytes(16), acc0 = rng.bytes(16);
        for (int kind = 0; kind < 3; ++kind) {  // 0 encrypt, 1 decrypt, 2 hash
          if ((kind == 0 && b.ocb_encrypt == nullptr) || (kind == 1 && b.ocb_decrypt == nullptr) ||
              (kind == 2 && b.ocb_hash == nullptr))
            continue;
          const char* what = kind == 0 ? "ocb_encrypt" : kind == 1 ? "ocb_decrypt" : "ocb_hash";
          for (const bool in_place : {false, true}) {
            Bytes buf = in, out(16 * count + 16, 0xa5);
            Bytes offset = offset0, acc = acc0;
            std::uint8_t* dst = in_place ? buf.data() : out.data();
            std::size_t done = 0;
            if (kind == 0)
              done = b.ocb_encrypt(ek, l, first, offset.data(), acc.data(), buf.data(), dst, count);
            else if (kind == 1)
              done = b.ocb_decrypt(dk, l, first, offset.data(), acc.data(), buf.data(), dst, count);
            else
              done = b.ocb_hash(ek, l, first, offset.data(), acc.data(), buf.data(), count);
            ASSERT_LE(done, count) << what;
            // The contract, block by block, over the blocks the kernel says it processed.
            Bytes want_offset = offset0, want_acc = acc0, want(16 * done);
            for (std::size_t j = 0; j < done; ++j) {
              xor16(want_offset.data(), l.l[ntz(first + j)]);
              std::uint8_t x[16];
              std::memcpy(x, in.data() + 16 * j, 16);
              xor16(x, want_offset.data());
              if (kind == 1)
                b.decrypt_blocks(dk, x, x, 1);
              else
                b.encrypt_blocks(ek, x, x, 1);
              if (kind == 2) {
                xor16(want_acc.data(), x);
                continue;
              }
              xor16(x, want_offset.data());
              std::memcpy(want.data() + 16 * j, x, 16);
              xor16(want_acc.data(), kind == 0 ? in.data() + 16 * j : x);
            }
            if (kind != 2) {
              EXPECT_EQ(to_hex({dst, 16 * done}), to_hex(want))
                  << what << (in_place ? " in place" : "");
              if (!in_place) {
                EXPECT_EQ(out[16 * count], 0xa5) << what << " wrote past the end";
              }
            }
            EXPECT_EQ(to_hex(offset), to_hex(want_offset)) << what << " offset after";
            EXPECT_EQ(to_hex(acc), to_hex(want_acc)) << what << " checksum/sum after";
          }
        }
      }
    }
  }
  std::printf("[   INFO   ] %d backends' OCB kernels checked\n", kernels);
  if (kernels == 0) GTEST_SKIP() << "SKIPPED, NOT PASSED: no backend with OCB kernels runs here";
}

}  // namespace
