// tests/xts/xts_api_test.cpp — the XtsKey contract: key lengths, Key1 == Key2 (refused for
// encryption, allowed for decryption and then equal to libgcrypt), short and over-long data
// units (2^20 blocks is the limit), tweak length, output size, partial overlap, sector batch
// arguments, empty key, kernel descriptions. Every refused call must leave the output as it
// was. No vectors.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "backend/backend.hpp"
#include "cpu/features.hpp"
#include "modes/xts_mode.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/names.hpp"
#include "support/rng.hpp"
#include "xts_support.hpp"

namespace {

using namespace aeskit_test::names;
using aeskit::XtsKey;
using aeskit_test::TestRng;
namespace xts = aeskit_test::xts;

TEST(XtsApi, KeyLengths) {
  for (std::size_t n : {0u, 1u, 16u, 24u, 31u, 33u, 47u, 49u, 63u, 65u, 96u, 128u}) {
    const Bytes key(n, 0x42);
    EXPECT_EQ(XtsKey::create(key).code(), Errc::bad_key_length) << n;
    for (const std::string& b : aeskit_test::backend_names())
      EXPECT_EQ(XtsKey::create(key, b).code(), Errc::bad_key_length) << n << " on " << b;
  }
  for (std::size_t n : {32u, 48u, 64u}) {
    Bytes key(n);
    for (std::size_t i = 0; i < n; ++i) key[i] = static_cast<std::uint8_t>(i);
    auto k = XtsKey::create(key);
    ASSERT_TRUE(k.ok()) << n;
    EXPECT_EQ(k->key_bits(), n * 4);
    EXPECT_TRUE(k->encryption_allowed());
  }
  const Bytes key(32, 1);
  EXPECT_EQ(XtsKey::create(key, "no-such-backend").code(), Errc::unknown_backend);
}

// Key1 == Key2: encryption refused with nothing written; decryption allowed (OpenSSL's rule)
// and equal to libgcrypt's, which accepts such keys.
TEST(XtsApi, EqualHalvesRefusedForEncryptionOnly) {
  TestRng rng;
  for (std::size_t n : {32u, 48u, 64u}) {
    Bytes key = rng.bytes(n);
    std::copy(key.begin(), key.begin() + static_cast<std::ptrdiff_t>(n / 2),
              key.begin() + static_cast<std::ptrdiff_t>(n / 2));
    auto k = XtsKey::create(key);
    ASSERT_TRUE(k.ok());
    EXPECT_FALSE(k->encryption_allowed());
    const Bytes tweak = rng.bytes(16), in = rng.bytes(100);
    Bytes out(100, 0xa5);
    EXPECT_EQ(k->encrypt(tweak, in, out).code(), Errc::weak_key);
    EXPECT_EQ(k->encrypt_sector(7, in, out).code(), Errc::weak_key);
    EXPECT_EQ(k->encrypt_sectors(7, 50, in, out).code(), Errc::weak_key);
    EXPECT_EQ(out, Bytes(100, 0xa5));
    ASSERT_TRUE(k->decrypt(tweak, in, out).ok());
    auto ref = xts::gcrypt_xts(false, key, tweak, in);
    ASSERT_TRUE(ref.has_value());
    EXPECT_EQ(out, *ref);
    // One differing byte anywhere in the halves makes the key usable.
    for (std::size_t i = 0; i < n; i += 7) {
      Bytes other = key;
      other[i] ^= 1;
      auto k2 = XtsKey::create(other);
      ASSERT_TRUE(k2.ok());
      EXPECT_TRUE(k2->encryption_allowed()) << i;
      EXPECT_TRUE(k2->encrypt(tweak, in, out).ok());
    }
  }
}

class XtsApiBackend : public testing::TestWithParam<std::string> {};

TEST_P(XtsApiBackend, LengthLimits) {
  const std::string backend = GetParam();
  AESKIT_SKIP_UNAVAILABLE(backend);
  TestRng rng;
  const Bytes key = xts::random_xts_key(rng, 32), tweak = rng.bytes(16);
  XtsKey k;
  ASSERT_NO_FATAL_FAILURE(xts::make_xts(key, backend, k));
  Bytes out(64, 0xa5);
  for (std::size_t n : {0u, 1u, 15u}) {
    const Bytes in(n, 1);
    EXPECT_EQ(k.encrypt(tweak, in, out).code(), Errc::bad_data_unit_length) << n;
    EXPECT_EQ(k.decrypt(tweak, in, out).code(), Errc::bad_data_unit_length) << n;
    EXPECT_EQ(k.encrypt_sector(0, in, out).code(), Errc::bad_data_unit_length) << n;
  }
  EXPECT_EQ(out, Bytes(64, 0xa5));
  // 2^20 blocks is accepted (and equals OpenSSL), one byte more is not.
  Bytes big = rng.bytes(aeskit::kXtsMaxDataUnit + 1);
  Bytes big_out(big.size(), 0xa5);
  std::span<const std::uint8_t> limit(big.data(), aeskit::kXtsMaxDataUnit);
  EXPECT_EQ(k.encrypt(tweak, big, big_out).code(), Errc::message_too_long);
  EXPECT_EQ(k.decrypt(tweak, big, big_out).code(), Errc::message_too_long);
  EXPECT_EQ(k.encrypt_sectors(0, big.size(), big, big_out).code(), Errc::message_too_long);
  EXPECT_EQ(big_out, Bytes(big.size(), 0xa5));
  ASSERT_TRUE(k.encrypt(tweak, limit, big_out).ok());
  auto ref = xts::openssl_xts(true, key, tweak, limit);
  ASSERT_TRUE(ref.has_value());
  EXPECT_TRUE(std::equal(ref->begin(), ref->end(), big_out.begin()));
  EXPECT_EQ(big_out.back(), 0xa5);
}

TEST_P(XtsApiBackend, BufferErrorsWriteNothing) {
  const std::string backend = GetParam();
  AESKIT_SKIP_UNAVAILABLE(backend);
  TestRng rng;
  const Bytes key = xts::random_xts_key(rng, 64), tweak = rng.bytes(16);
  XtsKey k;
  ASSERT_NO_FATAL_FAILURE(xts::make_xts(key, backend, k));
  const Bytes in = rng.bytes(100);
  Bytes small(99, 0xa5);
  EXPECT_EQ(k.encrypt(tweak, in, small).code(), Errc::output_too_small);
  EXPECT_EQ(k.decrypt_sector(1, in, small).code(), Errc::output_too_small);
  EXPECT_EQ(k.encrypt_sectors(1, 50, in, small).code(), Errc::output_too_small);
  EXPECT_EQ(small, Bytes(99, 0xa5));
  Bytes out(100, 0xa5);
  for (std::size_t t : {0u, 8u, 15u, 17u, 32u}) {
    const Bytes bad(t, 0);
    EXPECT_EQ(k.encrypt(bad, in, out).code(), Errc::bad_iv_length) << t;
    EXPECT_EQ(k.decrypt(bad, in, out).code(), Errc::bad_iv_length) << t;
  }
  // Sector batches: sector size under 16, or input not whole sectors.
  EXPECT_EQ(k.encrypt_sectors(0, 15, in, out).code(), Errc::bad_data_unit_length);
  EXPECT_EQ(k.encrypt_sectors(0, 0, in, out).code(), Errc::bad_data_unit_length);
  EXPECT_EQ(k.encrypt_sectors(0, 30, in, out).code(), Errc::bad_data_unit_length);
  EXPECT_EQ(k.decrypt_sectors(0, 33, in, out).code(), Errc::bad_data_unit_length);
  EXPECT_EQ(k.encrypt_sectors(0, aeskit::kXtsMaxDataUnit + 16, in, out).code(),
            Errc::message_too_long);
  EXPECT_EQ(out, Bytes(100, 0xa5));
  EXPECT_TRUE(k.encrypt_sectors(0, 512, {}, out).ok());  // no sectors: nothing to do
  EXPECT_EQ(out, Bytes(100, 0xa5));

  // Partial overlap in either direction refused; exact in-place accepted.
  Bytes buf = rng.bytes(300);
  const Bytes orig = buf;
  for (std::size_t shift = 1; shift <= 33; ++shift) {
    std::span<const std::uint8_t> src(buf.data() + 40, 100);
    std::span<std::uint8_t> ahead(buf.data() + 40 + shift, 100);
    std::span<std::uint8_t> behind(buf.data() + 40 - shift, 100);
    EXPECT_EQ(k.encrypt(tweak, src, ahead).code(), Errc::overlapping_buffers) << shift;
    EXPECT_EQ(k.decrypt(tweak, src, behind).code(), Errc::overlapping_buffers) << shift;
    EXPECT_EQ(k.encrypt_sectors(3, 50, src, behind).code(), Errc::overlapping_buffers) << shift;
  }
  EXPECT_EQ(buf, orig);
  std::span<std::uint8_t> same(buf.data() + 40, 100);
  EXPECT_TRUE(k.encrypt(tweak, same, same).ok());
  EXPECT_NE(buf, orig);
}

TEST_P(XtsApiBackend, KernelDescription) {
  const std::string backend = GetParam();
  AESKIT_SKIP_UNAVAILABLE(backend);
  XtsKey k;
  ASSERT_NO_FATAL_FAILURE(xts::make_xts(Bytes(32, 3), backend, k));
  for (Direction d : {Direction::encrypt, Direction::decrypt}) {
    const std::string s = k.kernel(d);
    EXPECT_EQ(s.rfind(backend + ":", 0), 0u) << s;
    EXPECT_EQ(s, aeskit::xts_kernel_for(d, 128, backend));
    const aeskit::detail::AesBackend* table = aeskit::detail::find_backend(backend);
    ASSERT_NE(table, nullptr);
    const bool has_kernel =
        (d == Direction::encrypt ? table->xts_encrypt : table->xts_decrypt) != nullptr;
    if (!has_kernel) {
      EXPECT_NE(s.find(d == Direction::encrypt ? "encrypt_blocks" : "decrypt_blocks"),
                std::string::npos)
          << s;
    } else {
      // The kernel's own width (each of these backends has its own XTS code).
      EXPECT_EQ(s, backend + (d == Direction::encrypt ? ":xts_encrypt" : ":xts_decrypt") +
                       " (bulk kernel, " + std::to_string(table->vector_bits) + "-bit)");
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Backends, XtsApiBackend, testing::ValuesIn(aeskit_test::backend_names()),
                         aeskit_test::backend_param_name);

TEST(XtsApi, EmptyAndMovedFromKey) {
  XtsKey empty;
  const Bytes tweak(16), in(32);
  Bytes out(32, 0xa5);
  EXPECT_FALSE(empty.valid());
  EXPECT_FALSE(empty.encryption_allowed());
  EXPECT_EQ(empty.key_bits(), 0u);
  EXPECT_EQ(empty.encrypt(tweak, in, out).code(), Errc::invalid_state);
  EXPECT_EQ(empty.decrypt(tweak, in, out).code(), Errc::invalid_state);
  EXPECT_EQ(empty.encrypt_sector(0, in, out).code(), Errc::invalid_state);
  EXPECT_EQ(empty.decrypt_sectors(0, 16, in, out).code(), Errc::invalid_state);
  EXPECT_EQ(empty.kernel(Direction::encrypt), "");
  EXPECT_EQ(XtsKey::create(Bytes{}).code(), Errc::bad_key_length);
  Bytes key(64);
  for (std::size_t i = 0; i < key.size(); ++i) key[i] = static_cast<std::uint8_t>(i);
  auto k = XtsKey::create(key);
  ASSERT_TRUE(k.ok());
  XtsKey moved = std::move(*k);
  EXPECT_TRUE(moved.encrypt(tweak, in, out).ok());
  EXPECT_EQ(k->encrypt(tweak, in, out).code(), Errc::invalid_state);  // NOLINT: use after move
  EXPECT_EQ(aeskit::xts_kernel_for(Direction::encrypt, 128, "no-such-backend"), "");
}

}  // namespace

namespace {

// Which XTS kernel each AESKIT_DISABLE setting leads to on this CPU: vaes512's zmm kernels
// when AVX-512 remains too and 512-bit registers are allowed (cpu::max_vector_bits()); else
// vaes256's ymm kernels when VAES, VPCLMULQDQ and AVX2 remain; else aesni's 8-block kernels
// when AES-NI remains; else the generic batched path (no xts_* entry) — "all" leaves the
// portable backend. The kernel text names the register width: "(bulk kernel, 512-bit)".
TEST(XtsKernelSelection, PerDisableSetting) {
  using aeskit::cpu::Feature;
  const aeskit::cpu::FeatureSet& detected = aeskit::cpu::detected_features();
  for (const char* setting : {"", "avx512", "vaes", "avx2", "aesni", "all", "vaes,avx512"}) {
    SCOPED_TRACE(std::string("AESKIT_DISABLE=") + setting);
    const aeskit::cpu::FeatureSet enabled = aeskit::cpu::apply_disable(detected, setting).enabled;
    const aeskit::detail::AesBackend& b = aeskit::detail::best_backend(enabled);
    const bool ymm = enabled.has(Feature::vaes) && enabled.has(Feature::vpclmul) &&
                     enabled.has(Feature::avx2) && enabled.has(Feature::aesni);
    const bool zmm = ymm && enabled.has(Feature::avx512) && aeskit::cpu::max_vector_bits() == 512;
    const std::string want_backend = zmm                           ? "vaes512"
                                     : ymm                         ? "vaes256"
                                     : enabled.has(Feature::aesni) ? "aesni"
                                                                   : std::string(b.name);
    const std::string bits = zmm ? "512" : ymm ? "256" : "128";
    if (std::string_view(setting) == "all") {
      EXPECT_EQ(b.name, "portable");
    }
    for (Direction d : {Direction::encrypt, Direction::decrypt}) {
      const bool enc = d == Direction::encrypt;
      const std::string k = aeskit::detail::describe_xts_kernel(b, d);
      if (ymm || enabled.has(Feature::aesni)) {
        EXPECT_EQ(k, want_backend + (enc ? ":xts_encrypt" : ":xts_decrypt") + " (bulk kernel, " +
                         bits + "-bit)");
      } else {
        EXPECT_EQ(
            k.rfind(want_backend + (enc ? ":encrypt_blocks (batched" : ":decrypt_blocks (batched"),
                    0),
            0u)
            << k;
      }
    }
  }
}

}  // namespace
