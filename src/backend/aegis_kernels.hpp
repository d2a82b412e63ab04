// src/backend/aegis_kernels.hpp — the AEGIS contract: whole-message AEGIS-128L/128X and
// AEGIS-256/256X kernels (draft-irtf-cfrg-aegis-aead), one table per AES backend.
//
// AEGIS needs AES rounds without a key schedule, on a state of 8 (128L) or 6 (256) blocks per
// instance; the X forms run D = 2 or 4 instances side by side. A kernel does a whole message:
// Init, Absorb over the AD, Enc/Dec over the data, Finalize. The AEAD layer (src/aead/aegis.cpp)
// picks the table of the key's AES backend and falls back to the portable one where an entry
// is null; it compares tags and zeroes a rejected plaintext itself.
//
// Every kernel:
//   - key: 16 bytes (128 family) or 32 (256 family); nonce likewise 16 or 32;
//   - encrypt: out = Enc(in), tag (tag_len 16 or 32 bytes) written to `tag`;
//   - decrypt: out = Dec(in) and the EXPECTED tag written to `tag` (the caller compares);
//   - in == out allowed, otherwise no overlap; any alignment; lengths as the draft allows;
//   - constant-time in key, nonce and data (only lengths steer it); leaves no state copies.
// No CPU features of its own: each table names the AES backend whose predicate it needs, and
// any feature beyond it (`needs`).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "cpu/features.hpp"

namespace aeskit::detail {

using AegisFn = void (*)(const std::uint8_t* key, const std::uint8_t* nonce, const std::uint8_t* ad,
                         std::size_t ad_len, const std::uint8_t* in, std::uint8_t* out,
                         std::size_t len, std::uint8_t* tag, std::size_t tag_len) noexcept;

// AegisKernel: one family at one degree. `name` says where it runs ("xmm", "2 x xmm", "ymm",
// "zmm", "portable"), for AeadKey::kernel() and `aeskit cpu`.
struct AegisKernel {
  std::string_view name;
  AegisFn encrypt = nullptr;
  AegisFn decrypt = nullptr;
};

// C0, C1: the draft's initialisation constants (§2; the Fibonacci numbers mod 256).
inline constexpr std::uint8_t kAegisC0[16] = {0x00, 0x01, 0x01, 0x02, 0x03, 0x05, 0x08, 0x0d,
                                              0x15, 0x22, 0x37, 0x59, 0x90, 0xe9, 0x79, 0x62};
inline constexpr std::uint8_t kAegisC1[16] = {0xdb, 0x3d, 0x18, 0x55, 0x6d, 0xc2, 0x2f, 0xf1,
                                              0x20, 0x11, 0x31, 0x42, 0x73, 0xb5, 0x28, 0xdd};

enum class AegisFamily : std::uint8_t { aegis128l, aegis256 };

// AegisKernels: the kernels one AES backend (by name) can run, per family and degree
// (index 0, 1, 2: D = 1, 2, 4). A null entry means "use the portable kernel". A table may
// need more than its backend (`needs`, e.g. AVX-512VL beside AES-NI): it then has its own
// `name` for AeadKey::kernel(), `aeskit cpu` and the self-test lines.
struct AegisKernels {
  std::string_view aes_backend;
  AegisKernel aegis128l[3];
  AegisKernel aegis256[3];
  std::string_view name = {};                                // empty: aes_backend
  bool (*needs)(const cpu::FeatureSet&) noexcept = nullptr;  // nullptr: the backend's features

  std::string_view label() const noexcept { return name.empty() ? aes_backend : name; }
  // runs_on: the table's own features (beyond its backend's) are in `features`.
  bool runs_on(const cpu::FeatureSet& features) const noexcept {
    return needs == nullptr || needs(features);
  }

  const AegisKernel& at(AegisFamily f, std::size_t degree_index) const noexcept {
    return f == AegisFamily::aegis128l ? aegis128l[degree_index] : aegis256[degree_index];
  }
};

// The portable kernels (portable/aegis_portable.cpp): every family and degree, any CPU.
extern const AegisKernels kAegisPortable;

// AegisChoice: the kernel a key runs and the label of the table it came from ("portable"
// for the fallback).
struct AegisChoice {
  const AegisKernel* kernel;
  std::string_view backend;
};

// select_aegis_kernel (backend/select/select.cpp): the entry of the table of `aes_backend`
// (catalog.hpp's kAegisKernelList), or where that is null, of the next narrower table whose
// backend is usable and own features present under `features` and whose self-test passed
// (self_test.hpp: aegis_self_test); else the portable kernel. degree_index: 0, 1, 2 for
// D = 1, 2, 4.
AegisChoice select_aegis_kernel(std::string_view aes_backend, AegisFamily family,
                                std::size_t degree_index, const cpu::FeatureSet& features) noexcept;

}  // namespace aeskit::detail
