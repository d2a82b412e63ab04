// src/backend/select/registries.cpp — selection by CPU features for every kind of backend, over the
// lists of catalog.hpp through the one Registry pattern (registry.hpp): the first candidate,
// fastest first, that the features support, that fits cpu::max_vector_bits() (prefer-ymm)
// where the kind has a width, and that did not fail its once-per-process self-test
// (self_test.hpp). The portable AES, GHASH and SHA backends support every CPU and stand last,
// so those searches always end.
//
// No CPU features of its own.
#include "backend/select/catalog.hpp"
#include "backend/select/self_test.hpp"
#include "cpu/features.hpp"

namespace aeskit::detail {
namespace {

template <class Backend>
bool fits_width(const Backend& b) noexcept {
  return b.vector_bits <= cpu::max_vector_bits();
}

}  // namespace

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

const AesBackend& best_backend(const cpu::FeatureSet& features) noexcept {
  const AesBackend* b = kAesBackends.first(
      [&features](const AesBackend& c) { return fits_width(c) && backend_usable(c, features); });
  return b != nullptr ? *b : kPortableBackend;
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

const GhashBackend& best_ghash_backend(const cpu::FeatureSet& features) noexcept {
  const GhashBackend* g = kGhashBackends.first([&features](const GhashBackend& c) {
    return fits_width(c) && c.supported(features) && ghash_self_test_allows(c);
  });
  return g != nullptr ? *g : kGhashPortableBackend;
}

// --- POLYVAL (polyval_kernels.hpp) ----------------------------------------------------------

const PolyvalKernel* polyval_kernel_of(const GhashBackend& ghash) noexcept {
  return kPolyvalKernels.first([&ghash](const PolyvalKernel& k) { return k.ghash == &ghash; });
}

const PolyvalKernel* find_polyval_kernel(const GhashBackend& ghash,
                                         const cpu::FeatureSet& features) noexcept {
  const PolyvalKernel* k = polyval_kernel_of(ghash);
  if (k == nullptr || !ghash.supported(features) || !polyval_self_test_allows(*k)) return nullptr;
  return k;
}

// --- SHA (sha_backend.hpp, sha_stitch.hpp) --------------------------------------------------

std::size_t sha_compressor_count() noexcept {
  return kShaCompressors.size();
}

const ShaCompressor& sha_compressor_at(std::size_t index) noexcept {
  return kShaCompressors.at(index);
}

const ShaCompressor* find_sha_compressor(std::string_view name) noexcept {
  return kShaCompressors.find(name);
}

const ShaCompressor& best_sha_compressor(const cpu::FeatureSet& features,
                                         HashAlgorithm alg) noexcept {
  const ShaCompressor* c = kShaCompressors.first([&](const ShaCompressor& s) {
    return s.supported(features) && compress_fn(s, alg) != nullptr;
  });
  return c != nullptr ? *c : kShaPortable;
}

const CbcShaStitch* find_cbc_sha_stitch(const cpu::FeatureSet& features,
                                        std::string_view aes_backend) noexcept {
  return kCbcShaStitches.first([&](const CbcShaStitch& s) {
    if (!s.supported(features)) return false;
    for (std::string_view f : s.key_formats)
      if (!f.empty() && f == aes_backend) return true;
    return false;
  });
}

// --- AEGIS (aegis_kernels.hpp) ----------------------------------------------------------------

AegisChoice select_aegis_kernel(std::string_view aes_backend, AegisFamily family,
                                std::size_t degree_index,
                                const cpu::FeatureSet& features) noexcept {
  bool reached = false;  // the key's own table, then the narrower ones after it
  for (const AegisKernels* t : kAegisKernelTables) {
    reached = reached || t->aes_backend == aes_backend;
    if (!reached) continue;
    const AegisKernel& k = t->at(family, degree_index);
    if (k.encrypt == nullptr) continue;
    const AesBackend* b = find_backend(t->aes_backend);
    if (b != nullptr && backend_usable(*b, features) && t->runs_on(features) &&
        aegis_self_test_allows(*t))
      return {&k, t->label()};
  }
  return {&kAegisPortable.at(family, degree_index), kAegisPortable.aes_backend};
}

}  // namespace aeskit::detail
