// tests/gcm_siv/aead_gcm_siv_support.hpp — helpers for the AES-GCM-SIV, POLYVAL and XAES-256-GCM
// tests: the code paths (AES backend × GHASH backend × native POLYVAL or the Appendix A
// mapping), keys pinned to a path, libgcrypt's GCM-SIV (GCRY_CIPHER_MODE_GCM_SIV) as a
// reference, and a bit-by-bit POLYVAL oracle. No vectors here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "aeskit/aeskit.hpp"
#include "support/hex.hpp"

namespace aeskit_test::gcm_siv {

const aeskit::AeadAlgorithm& algorithm_for(std::size_t key_len);  // 16 or 32

// Impl: one code path for GCM-SIV keys.
struct Impl {
  std::string aes;
  std::string ghash;
  bool native = true;  // false: POLYVAL through the RFC 8452 Appendix A mapping
  friend void PrintTo(const Impl& impl, std::ostream* os) {
    *os << impl.aes << "+" << impl.ghash << (impl.native ? "" : "(mapped)");
  }
};
std::vector<Impl> all_impls();  // every AES backend × GHASH backend × {native, mapped}
Impl reference_impl();          // portable + portable, mapped
bool impl_available(const Impl& impl);
std::string impl_param_name(const testing::TestParamInfo<Impl>& info);

// make_key: a GCM-SIV key on `impl` (use with ASSERT_NO_FATAL_FAILURE).
void make_key(const Impl& impl, const Bytes& key, aeskit::AeadKey& out);

// libgcrypt GCM-SIV: ciphertext || tag; open gives the plaintext or nullopt on rejection.
Bytes gcrypt_seal(const Bytes& key, const Bytes& nonce, const Bytes& ad, const Bytes& pt);
std::optional<Bytes> gcrypt_open(const Bytes& key, const Bytes& nonce, const Bytes& ad,
                                 const Bytes& ct_and_tag);

// polyval_reference: POLYVAL(H, X) (RFC 8452 §3) computed bit by bit from the definition:
// dot(a, b) = a·b·x^-128 mod x^128 + x^127 + x^126 + x^121 + 1, little-endian blocks.
Bytes polyval_reference(const Bytes& h, const Bytes& blocks);

}  // namespace aeskit_test::gcm_siv

#define AESKIT_SKIP_UNAVAILABLE_SIV_IMPL(impl)                                      \
  if (!::aeskit_test::gcm_siv::impl_available(impl)) {                              \
    GTEST_SKIP() << "SKIPPED, NOT PASSED: " << (impl).aes << "+" << (impl).ghash    \
                 << " is not available on this CPU (or removed by AESKIT_DISABLE)"; \
  }                                                                                 \
  static_assert(true, "")
