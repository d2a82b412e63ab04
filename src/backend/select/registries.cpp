// src/backend/select/registries.cpp — the lists of catalog.hpp read through the one Registry
// pattern (registry.hpp): by index and by name, and a GHASH backend's native POLYVAL kernel,
// whatever the CPU. Choosing by CPU features is backend/select/select.cpp's (the one selection
// rule).
//
// No CPU features of its own.
#include "backend/select/catalog.hpp"

namespace aeskit::detail {

// --- AES (backend.hpp) ----------------------------------------------------------------------

std::size_t backend_count() noexcept {
  return kAesBackends.size();
}

const AesBackend& backend_at(std::size_t index) noexcept {
  return kAesBackends.at(index);
}

const AesBackend* find_backend(std::string_view name) noexcept {
  return kAesBackends.find(name);
}

// --- GHASH (ghash_backend.hpp) --------------------------------------------------------------

std::size_t ghash_backend_count() noexcept {
  return kGhashBackends.size();
}

const GhashBackend& ghash_backend_at(std::size_t index) noexcept {
  return kGhashBackends.at(index);
}

const GhashBackend* find_ghash_backend(std::string_view name) noexcept {
  return kGhashBackends.find(name);
}

// --- POLYVAL (polyval_kernels.hpp) ----------------------------------------------------------

const PolyvalKernel* polyval_kernel_of(const GhashBackend& ghash) noexcept {
  return kPolyvalKernels.first([&ghash](const PolyvalKernel& k) { return k.ghash == &ghash; });
}

// --- SHA (sha_backend.hpp) ------------------------------------------------------------------

std::size_t sha_compressor_count() noexcept {
  return kShaCompressors.size();
}

const ShaCompressor& sha_compressor_at(std::size_t index) noexcept {
  return kShaCompressors.at(index);
}

const ShaCompressor* find_sha_compressor(std::string_view name) noexcept {
  return kShaCompressors.find(name);
}

}  // namespace aeskit::detail
