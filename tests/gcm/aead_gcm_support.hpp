// tests/gcm/aead_gcm_support.hpp — helpers for the AES-GCM / GMAC tests: the implementations to
// run (AES backend × GHASH backend), OpenSSL EVP aes-*-gcm as the reference, GF(2^128)
// arithmetic to build nonces with a chosen J0, and one-shot / incremental drivers that check
// guard bytes. No vectors here.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "aeskit/aeskit.hpp"
#include "support/hex.hpp"
#include "support/rng.hpp"
#include "support/run_modes.hpp"

namespace aeskit_test::gcm {

// algorithm_for: AES-128/192/256-GCM by key length in bytes.
const aeskit::AeadAlgorithm& algorithm_for(std::size_t key_len);

// Impl is one way to run GCM: an AES backend and a GHASH backend (and fused kernels, which
// the key takes when they exist for the pair, unless `fused` is false).
struct Impl {
  std::string aes;
  std::string ghash;
  bool fused = true;
  friend void PrintTo(const Impl& impl, std::ostream* os) {
    *os << impl.aes << "+" << impl.ghash << (impl.fused ? "" : " (generic)");
  }
};

// all_impls: every AES backend × every GHASH backend compiled in, fused kernels allowed.
std::vector<Impl> all_impls();
// reference_impl: portable × portable without fused kernels, the plain-C++ baseline.
Impl reference_impl();
bool impl_available(const Impl& impl);
std::string impl_param_name(const testing::TestParamInfo<Impl>& info);

// make_key: an AeadKey on exactly `impl`. Use with ASSERT_NO_FATAL_FAILURE.
void make_key(const Impl& impl, std::span<const std::uint8_t> key, std::size_t tag_len,
              aeskit::AeadKey& out);

// OpenSSL EVP aes-*-gcm, any nonce length ≥ 1, tag of tag_len bytes (4..16).
struct Sealed {
  Bytes ct;
  Bytes tag;
  Bytes joined() const;  // ct || tag
};
Sealed openssl_seal(std::span<const std::uint8_t> key, std::span<const std::uint8_t> nonce,
                    std::span<const std::uint8_t> ad, std::span<const std::uint8_t> pt,
                    std::size_t tag_len = 16);
// openssl_open: the plaintext, or nullopt when OpenSSL rejects the tag.
std::optional<Bytes> openssl_open(std::span<const std::uint8_t> key,
                                  std::span<const std::uint8_t> nonce,
                                  std::span<const std::uint8_t> ad,
                                  std::span<const std::uint8_t> ct,
                                  std::span<const std::uint8_t> tag);

// GF(2^128) with GCM's bit order (SP 800-38D §6.3, Algorithm 1), written plainly for tests.
using Block = std::array<std::uint8_t, 16>;
Block gf_mul(const Block& x, const Block& y);
Block gf_inverse(const Block& x);  // x ≠ 0
// hash_subkey: H = E_K(0^128), through OpenSSL.
Block hash_subkey(std::span<const std::uint8_t> key);
// j0_of: J0 for `nonce` computed here from H (SP 800-38D §7.1 step 2).
Block j0_of(const Block& h, std::span<const std::uint8_t> nonce);
// nonce_for_j0: the 16-byte nonce N with GHASH_H(N || 0^64 || [128]_64) == j0:
// J0 = ((N·H) ^ L)·H, so N = (J0·H^-1 ^ L)·H^-1.
Bytes nonce_for_j0(const Block& h, const Block& j0);

// Drivers. Every output span is exactly the result size, between canary guards.
struct Outcome {
  aeskit::Errc code = aeskit::Errc::ok;
  Bytes out;             // seal: ct || tag; open: plaintext (empty on error)
  bool guard_ok = true;  // nothing written outside the output span; see each driver
  std::string detail;
};

// seal_at: AeadKey::seal with input/output placed as asked (in place: ct||tag over pt).
// On an error nothing may be written.
Outcome seal_at(const aeskit::AeadKey& key, std::span<const std::uint8_t> nonce,
                std::span<const std::uint8_t> ad, std::span<const std::uint8_t> pt,
                Placement where = {});
// open_at: AeadKey::open likewise. On authentication_failed the plaintext span must be all
// zeros and nothing else written; on any other error nothing written at all.
Outcome open_at(const aeskit::AeadKey& key, std::span<const std::uint8_t> nonce,
                std::span<const std::uint8_t> ad, std::span<const std::uint8_t> ct_and_tag,
                Placement where = {});
// seal_detached_at / open_detached_at: the detached forms, not in place.
Outcome seal_detached(const aeskit::AeadKey& key, std::span<const std::uint8_t> nonce,
                      std::span<const std::uint8_t> ad, std::span<const std::uint8_t> pt);
Outcome open_detached(const aeskit::AeadKey& key, std::span<const std::uint8_t> nonce,
                      std::span<const std::uint8_t> ad, std::span<const std::uint8_t> ct,
                      std::span<const std::uint8_t> tag);
// seal_incremental / open_incremental: AeadSealer / AeadOpener with AD and data fed in
// random pieces (one piece each when rng is null), some updates in place.
Outcome seal_incremental(const aeskit::AeadKey& key, std::span<const std::uint8_t> nonce,
                         std::span<const std::uint8_t> ad, std::span<const std::uint8_t> pt,
                         TestRng* rng);
Outcome open_incremental(const aeskit::AeadKey& key, std::span<const std::uint8_t> nonce,
                         std::span<const std::uint8_t> ad, std::span<const std::uint8_t> ct_and_tag,
                         TestRng* rng);

}  // namespace aeskit_test::gcm

// AESKIT_SKIP_UNAVAILABLE_IMPL(impl) skips (never passes) a test whose backends this CPU lacks.
#define AESKIT_SKIP_UNAVAILABLE_IMPL(impl)                                                   \
  if (!::aeskit_test::gcm::impl_available(impl)) {                                           \
    GTEST_SKIP() << "SKIPPED, NOT PASSED: backend '" << (impl).aes << "' or GHASH backend '" \
                 << (impl).ghash << "' is not available on this CPU (or AESKIT_DISABLE)";    \
  }                                                                                          \
  static_assert(true, "")
