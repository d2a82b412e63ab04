// tests/xts/xts_differential_test.cpp — XTS-AES against OpenSSL (EVP aes-128-xts, aes-256-xts)
// and libgcrypt (GCRY_CIPHER_MODE_XTS, also AES-192-XTS) on every backend: every length
// 16..600, random lengths up to 64 KiB, unaligned buffers, in place; every backend against
// `portable`; each backend's xts_* kernel against the contract directly (output and advanced
// tweak, every block count across several strides); sector batches against one call per
// sector, including sector numbers that carry past 2^64 - 1. No vectors (random inputs).
#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "backend/backend.hpp"
#include "core/key_state.hpp"
#include "cpu/features.hpp"
#include "modes/xts_mode.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/rng.hpp"
#include "xts_support.hpp"

namespace {

using aeskit::XtsKey;
using aeskit_test::Bytes;
using aeskit_test::TestRng;
using aeskit_test::to_hex;
namespace xts = aeskit_test::xts;

class XtsDiff : public testing::TestWithParam<std::string> {};

// check_one: encrypt and decrypt `len` random bytes with `key` on `k`, at input/output
// offsets, against OpenSSL (32/64-byte keys) and libgcrypt, and in place.
void check_one(TestRng& rng, const XtsKey& k, const Bytes& key, std::size_t len, std::size_t in_off,
               std::size_t out_off) {
  const Bytes tweak = rng.bytes(16);
  const Bytes pt = rng.bytes(len);
  Bytes in_buf(len + in_off), out_buf(len + out_off + 1, 0xa5);
  std::memcpy(in_buf.data() + in_off, pt.data(), len);
  std::span<const std::uint8_t> in(in_buf.data() + in_off, len);
  std::span<std::uint8_t> out(out_buf.data() + out_off, len);
  ASSERT_TRUE(k.encrypt(tweak, in, out).ok());
  ASSERT_EQ(out_buf.back(), 0xa5) << "wrote past the end";
  const Bytes ct(out.begin(), out.end());
  if (key.size() != 48) {
    auto ref = xts::openssl_xts(true, key, tweak, pt);
    ASSERT_TRUE(ref.has_value());
    ASSERT_EQ(to_hex(ct), to_hex(*ref)) << "vs OpenSSL, length " << len;
  }
  auto gref = xts::gcrypt_xts(true, key, tweak, pt);
  ASSERT_TRUE(gref.has_value());
  ASSERT_EQ(to_hex(ct), to_hex(*gref)) << "vs libgcrypt, length " << len;

  std::memcpy(in_buf.data() + in_off, ct.data(), len);
  ASSERT_TRUE(k.decrypt(tweak, in, out).ok());
  ASSERT_EQ(to_hex(Bytes(out.begin(), out.end())), to_hex(pt)) << "decrypt, length " << len;

  Bytes inplace = pt;
  ASSERT_TRUE(k.encrypt(tweak, inplace, inplace).ok());
  ASSERT_EQ(inplace, ct) << "in-place encrypt, length " << len;
  ASSERT_TRUE(k.decrypt(tweak, inplace, inplace).ok());
  ASSERT_EQ(inplace, pt) << "in-place decrypt, length " << len;
}

TEST_P(XtsDiff, EveryLengthTo600AgainstOpensslAndLibgcrypt) {
  const std::string backend = GetParam();
  AESKIT_SKIP_UNAVAILABLE(backend);
  TestRng rng;
  for (std::size_t key_len : {32u, 48u, 64u}) {
    const Bytes key = xts::random_xts_key(rng, key_len);
    XtsKey k;
    ASSERT_NO_FATAL_FAILURE(xts::make_xts(key, backend, k));
    for (std::size_t len = 16; len <= 600; ++len) {
      ASSERT_NO_FATAL_FAILURE(check_one(rng, k, key, len, rng.between(0, 15), rng.between(0, 15)))
          << "key " << key_len << " bytes";
    }
  }
}

TEST_P(XtsDiff, RandomLengthsTo64KiBAndRandomKeys) {
  const std::string backend = GetParam();
  AESKIT_SKIP_UNAVAILABLE(backend);
  TestRng rng;
  for (int i = 0; i < 120; ++i) {
    const std::size_t key_len = i % 3 == 0 ? 32 : i % 3 == 1 ? 64 : 48;
    const Bytes key = xts::random_xts_key(rng, key_len);
    XtsKey k;
    ASSERT_NO_FATAL_FAILURE(xts::make_xts(key, backend, k));
    // smaller under ASan: same paths, less time
    const std::size_t len = rng.between(16, aeskit_test::scaled<std::size_t>(65536, 16384));
    ASSERT_NO_FATAL_FAILURE(check_one(rng, k, key, len, rng.between(0, 15), rng.between(0, 15)));
  }
}

// Every backend gives the portable backend's bytes, for every length across several kernel
// strides (16-block groups, 8-block groups) and every tail; then, for vaes512's 32-block
// groups, every block count 51..145 (= 4 x 32 + 17) with byte tails 0, 1, 15 and a random
// one (ciphertext stealing after every block count), one key size per count (rotating),
// separately at random misalignments and in place.
TEST_P(XtsDiff, MatchesPortable) {
  const std::string backend = GetParam();
  AESKIT_SKIP_UNAVAILABLE(backend);
  TestRng rng;
  for (std::size_t key_len : {32u, 64u}) {
    const Bytes key = xts::random_xts_key(rng, key_len);
    XtsKey k, ref;
    ASSERT_NO_FATAL_FAILURE(xts::make_xts(key, backend, k));
    ASSERT_NO_FATAL_FAILURE(xts::make_xts(key, "portable", ref));
    for (std::size_t len = 16; len <= 16 * 50 + 15; ++len) {
      const Bytes tweak = rng.bytes(16), pt = rng.bytes(len);
      Bytes a(len), b(len);
      ASSERT_TRUE(k.encrypt(tweak, pt, a).ok());
      ASSERT_TRUE(ref.encrypt(tweak, pt, b).ok());
      ASSERT_EQ(a, b) << "encrypt, length " << len;
      ASSERT_TRUE(k.decrypt(tweak, pt, a).ok());
      ASSERT_TRUE(ref.decrypt(tweak, pt, b).ok());
      ASSERT_EQ(a, b) << "decrypt, length " << len;
    }
  }
  XtsKey keys[2], refs[2];
  for (int i = 0; i < 2; ++i) {
    const Bytes key = xts::random_xts_key(rng, i == 0 ? 32 : 64);
    ASSERT_NO_FATAL_FAILURE(xts::make_xts(key, backend, keys[i]));
    ASSERT_NO_FATAL_FAILURE(xts::make_xts(key, "portable", refs[i]));
  }
  for (std::size_t blocks = 51; blocks <= 4 * 32 + 17; ++blocks) {
    const XtsKey& k = keys[blocks % 2];
    const XtsKey& ref = refs[blocks % 2];
    for (std::size_t tail : {std::size_t{0}, std::size_t{1}, std::size_t{15}, rng.between(2, 14)}) {
      const std::size_t len = 16 * blocks + tail;
      SCOPED_TRACE("length " + std::to_string(len) + ", " + (blocks % 2 ? "64" : "32") +
                   "-byte key");
      const Bytes tweak = rng.bytes(16), pt = rng.bytes(len);
      for (const bool encrypt : {true, false}) {
        Bytes want(len);
        ASSERT_TRUE((encrypt ? ref.encrypt(tweak, pt, want) : ref.decrypt(tweak, pt, want)).ok());
        const std::size_t in_off = rng.between(0, 15), out_off = rng.between(0, 15);
        Bytes in_buf(len + 16), out_buf(len + 16);
        std::copy(pt.begin(), pt.end(), in_buf.begin() + static_cast<std::ptrdiff_t>(in_off));
        const std::span<const std::uint8_t> in(in_buf.data() + in_off, len);
        const std::span<std::uint8_t> out(out_buf.data() + out_off, len);
        ASSERT_TRUE((encrypt ? k.encrypt(tweak, in, out) : k.decrypt(tweak, in, out)).ok());
        EXPECT_EQ(to_hex(out), to_hex(want))
            << (encrypt ? "encrypt" : "decrypt") << ", offsets " << in_off << "/" << out_off;
        Bytes inplace = pt;
        ASSERT_TRUE(
            (encrypt ? k.encrypt(tweak, inplace, inplace) : k.decrypt(tweak, inplace, inplace))
                .ok());
        EXPECT_EQ(to_hex(inplace), to_hex(want))
            << (encrypt ? "encrypt" : "decrypt") << " in place";
      }
    }
  }
}

// A sector batch equals one call per sector with the 128-bit little-endian sector number,
// including runs whose numbers carry past 2^64 - 1 into byte 8.
TEST_P(XtsDiff, SectorBatchEqualsOneByOne) {
  const std::string backend = GetParam();
  AESKIT_SKIP_UNAVAILABLE(backend);
  TestRng rng;
  const Bytes key = xts::random_xts_key(rng, 64);
  XtsKey k;
  ASSERT_NO_FATAL_FAILURE(xts::make_xts(key, backend, k));
  const std::size_t sector_sizes[] = {16, 17, 31, 32, 512, 520, 4096, 4097};
  for (std::size_t sector : sector_sizes) {
    for (std::size_t count : {1u, 2u, 31u, 32u, 33u, 70u}) {
      std::uint64_t first = rng.coin() ? rng.between(0, 1u << 20) : UINT64_MAX - 40;
      const Bytes pt = rng.bytes(sector * count);
      Bytes batch(pt.size()), single(pt.size());
      ASSERT_TRUE(k.encrypt_sectors(first, sector, pt, batch).ok());
      for (std::size_t j = 0; j < count; ++j) {
        const std::uint64_t lo = first + j;
        const Bytes tweak = xts::sector_tweak(lo, lo < first ? 1 : 0);
        std::span<const std::uint8_t> in(pt.data() + j * sector, sector);
        std::span<std::uint8_t> out(single.data() + j * sector, sector);
        ASSERT_TRUE(k.encrypt(tweak, in, out).ok());
        if (lo >= first) {  // no carry: the sector form is the same tweak
          Bytes via_sector(sector);
          ASSERT_TRUE(k.encrypt_sector(lo, in, via_sector).ok());
          ASSERT_EQ(via_sector, Bytes(out.begin(), out.end()));
        }
      }
      ASSERT_EQ(batch, single) << "sector " << sector << " count " << count << " first " << first;
      Bytes back(pt.size());
      ASSERT_TRUE(k.decrypt_sectors(first, sector, batch, back).ok());
      ASSERT_EQ(back, pt);
      Bytes inplace = pt;
      ASSERT_TRUE(k.encrypt_sectors(first, sector, inplace, inplace).ok());
      ASSERT_EQ(inplace, batch);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Backends, XtsDiff, testing::ValuesIn(aeskit_test::backend_names()),
                         aeskit_test::backend_param_name);

// The backend kernels against the contract in backend.hpp, directly: for every block count
// 0..145 (past several 8-, 16- and 32-block strides: 0..4 x 32 + 17; above 70 one key size
// per count, rotating) the output equals E(in ^ T) ^ T per block
// with T·α between blocks, and the tweak comes back advanced by exactly that many blocks.
TEST(XtsKernels, EveryBackendKernelMatchesTheContract) {
  TestRng rng;
  int kernels = 0;
  for (std::size_t i = 0; i < aeskit::detail::backend_count(); ++i) {
    const aeskit::detail::AesBackend& b = aeskit::detail::backend_at(i);
    if (!b.supported(aeskit::cpu::cpu_features())) continue;
    for (bool enc : {true, false}) {
      auto kernel = enc ? b.xts_encrypt : b.xts_decrypt;
      if (kernel == nullptr) continue;
      ++kernels;
      for (std::size_t key_len : {16u, 24u, 32u}) {
        const Bytes key = rng.bytes(key_len);
        aeskit::detail::RoundKeys ek, dk;
        b.expand_key(key.data(), key_len, ek);
        b.derive_decrypt_key(ek, dk);
        const aeskit::detail::RoundKeys& rk = enc ? ek : dk;
        for (std::size_t blocks = 0; blocks <= 4 * 32 + 17; ++blocks) {
          if (blocks > 70 && (blocks % 3) != key_len / 8 - 2) continue;
          SCOPED_TRACE(std::string(b.name) + (enc ? " xts_encrypt" : " xts_decrypt") + ", key " +
                       std::to_string(key_len) + ", blocks " + std::to_string(blocks));
          const Bytes in = rng.bytes(16 * blocks);
          Bytes t0 = rng.bytes(16);
          if (blocks % 3 == 0) t0[15] |= 0x80;  // force a carry out of bit 127 early
          Bytes want(16 * blocks), t = t0;
          for (std::size_t j = 0; j < blocks; ++j) {
            std::uint8_t x[16];
            for (int q = 0; q < 16; ++q) x[q] = in[16 * j + q] ^ t[q];
            if (enc)
              b.encrypt_blocks(rk, x, x, 1);
            else
              b.decrypt_blocks(rk, x, x, 1);
            for (int q = 0; q < 16; ++q) want[16 * j + q] = x[q] ^ t[q];
            aeskit::detail::xts_mul_alpha(t.data());
          }
          Bytes got(16 * blocks + 16, 0xa5), tweak = t0;
          const std::size_t done = kernel(rk, tweak.data(), in.data(), got.data(), blocks);
          ASSERT_LE(done, blocks);
          ASSERT_EQ(Bytes(got.begin(), got.begin() + 16 * done),
                    Bytes(want.begin(), want.begin() + 16 * done));
          Bytes t_done = t0;
          for (std::size_t j = 0; j < done; ++j) aeskit::detail::xts_mul_alpha(t_done.data());
          ASSERT_EQ(to_hex(tweak), to_hex(t_done));
          ASSERT_EQ(got[16 * blocks], 0xa5) << "wrote past the end";
          // in place
          Bytes inplace = in, tweak2 = t0;
          ASSERT_EQ(kernel(rk, tweak2.data(), inplace.data(), inplace.data(), blocks), done);
          ASSERT_EQ(Bytes(inplace.begin(), inplace.begin() + 16 * done),
                    Bytes(want.begin(), want.begin() + 16 * done));
        }
      }
    }
  }
  std::printf("[   INFO   ] %d XTS kernels checked\n", kernels);
}

// xts_mul_alpha against the byte-serial definition of IEEE 1619 §5.2.
TEST(XtsKernels, MulAlphaMatchesIeeeDefinition) {
  TestRng rng;
  for (int i = 0; i < 2000; ++i) {
    Bytes t = rng.bytes(16);
    if (i < 2) t.assign(16, i == 0 ? 0x00 : 0xff);
    Bytes want = t;
    unsigned carry_in = 0;
    for (int j = 0; j < 16; ++j) {
      const unsigned carry_out = want[j] >> 7;
      want[j] = static_cast<std::uint8_t>((want[j] << 1) | carry_in);
      carry_in = carry_out;
    }
    if (carry_in) want[0] ^= 0x87;
    aeskit::detail::xts_mul_alpha(t.data());
    ASSERT_EQ(t, want);
  }
}

}  // namespace
