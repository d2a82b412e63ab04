// src/backend/ghash_backend.hpp — the GHASH backend contract (GCM's universal hash).
//
// GHASH_H(X_1..X_n) = (((X_1·H) ^ X_2)·H ^ ... ^ X_n)·H in GF(2^128) with GCM's bit order
// (SP 800-38D §6.3-6.4). A GHASH backend precomputes what it needs from H once per key
// (powers of H, Karatsuba halves) into a GhashKey, and then absorbs whole 16-byte blocks.
// Like the AES contract (backend.hpp): one constant GhashBackend per implementation, chosen
// once per key by CPU features, noexcept, allocation-free, constant-time (no table indexed by
// H or data, no branch on them), any alignment.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "cpu/features.hpp"

namespace aeskit::detail {

// GhashKey holds a backend's precomputation from H; its layout belongs to that backend.
// 1024 bytes: the vpclmul512 layout's 32 powers and their Karatsuba halves
// (x86/clmul/ghash_groups.hpp; the other layouts use the first 256 or 512 bytes).
struct alignas(16) GhashKey {
  static constexpr std::size_t kBytes = 1024;
  std::uint8_t bytes[kBytes];
};

struct GhashBackend {
  std::string_view name;         // "portable", "pclmul", "vpclmul256", ...
  std::string_view description;  // one line for `aeskit cpu`
  bool (*supported)(const cpu::FeatureSet& features);
  // vector_bits: as AesBackend::vector_bits (selection honours cpu::max_vector_bits()).
  unsigned vector_bits = 0;
  // init: h is E_K(0^128) as 16 bytes in GCM order.
  void (*init)(const std::uint8_t h[16], GhashKey& key) noexcept;
  // update: for each 16-byte block X of data: state = (state ^ X)·H. state is 16 bytes in
  // GCM order (the Y/X_i of SP 800-38D as byte strings).
  void (*update)(const GhashKey& key, std::uint8_t state[16], const std::uint8_t* data,
                 std::size_t blocks) noexcept;
};

// The GHASH backends compiled in, fastest first (backend/select/catalog.hpp; registries.cpp;
// best_ghash_backend: backend/select/select.cpp).
// best_ghash_backend: the first that `features` supports (no wider than
// cpu::max_vector_bits()) and that did not fail its once-per-process self-test
// (backend/select/self_test.hpp); the portable backend in the end.
std::size_t ghash_backend_count() noexcept;
const GhashBackend& ghash_backend_at(std::size_t index) noexcept;
const GhashBackend* find_ghash_backend(std::string_view name) noexcept;
const GhashBackend& best_ghash_backend(const cpu::FeatureSet& features) noexcept;

}  // namespace aeskit::detail
