// src/backend/select/select.cpp — the selection rule of select.hpp and every selector built on
// it: per kind, what a candidate needs of the CPU and which self-test gates it (runnable),
// then the searches over the catalog.hpp lists. The portable AES, GHASH and SHA backends
// support every CPU and stand last, so those searches always end.
//
// No CPU features of its own.
#include "backend/select/select.hpp"

#include "backend/select/catalog.hpp"
#include "backend/select/self_test.hpp"

namespace aeskit::detail {

// --- the rule, per kind -----------------------------------------------------------------------

bool runnable(const AesBackend& b, const cpu::FeatureSet& features) noexcept {
  return b.supported(features) && backend_self_test_allows(b);
}

bool runnable(const GhashBackend& g, const cpu::FeatureSet& features) noexcept {
  return g.supported(features) && ghash_self_test_allows(g);
}

bool runnable(const PolyvalKernel& k, const cpu::FeatureSet& features) noexcept {
  return k.ghash->supported(features) && polyval_self_test_allows(k);
}

bool runnable(const GcmFusedKernels& k, const cpu::FeatureSet& features) noexcept {
  return k.aes->supported(features) && k.ghash->supported(features) &&
         gcm_fused_self_test_allows(k);
}

bool runnable(const ShaCompressor& c, const cpu::FeatureSet& features) noexcept {
  return c.supported(features);
}

bool runnable(const CbcShaStitch& s, const cpu::FeatureSet& features) noexcept {
  return s.supported(features);
}

bool runnable(const AegisKernels& t, const cpu::FeatureSet& features) noexcept {
  const AesBackend* b = find_backend(t.aes_backend);
  return b != nullptr && runnable(*b, features) && t.runs_on(features) && aegis_self_test_allows(t);
}

bool backend_usable(const AesBackend& b, const cpu::FeatureSet& features) noexcept {
  return runnable(b, features);
}

namespace {

constexpr auto kAny = [](const auto&) { return true; };

}  // namespace

// --- AES --------------------------------------------------------------------------------------

const AesBackend& best_backend(const cpu::FeatureSet& features) noexcept {
  const AesBackend* b = first_usable(kAesBackends, features, kAny);
  return b != nullptr ? *b : kPortableBackend;
}

Result<const AesBackend*> resolve_backend(std::string_view name, const cpu::FeatureSet& features) {
  if (name.empty()) return &best_backend(features);
  const AesBackend* b = find_backend(name);
  if (b == nullptr) return Errc::unknown_backend;
  if (!runnable(*b, features)) return Errc::backend_unavailable;
  return b;
}

// --- GHASH and POLYVAL --------------------------------------------------------------------------

const GhashBackend& best_ghash_backend(const cpu::FeatureSet& features) noexcept {
  const GhashBackend* g = first_usable(kGhashBackends, features, kAny);
  return g != nullptr ? *g : kGhashPortableBackend;
}

const PolyvalKernel* find_polyval_kernel(const GhashBackend& ghash,
                                         const cpu::FeatureSet& features) noexcept {
  const PolyvalKernel* k = polyval_kernel_of(ghash);  // at most one per GHASH backend
  return k != nullptr && usable(*k, features) ? k : nullptr;
}

// --- fused GCM ----------------------------------------------------------------------------------

const GcmFusedKernels* find_gcm_fused(const AesBackend& aes, const GhashBackend& ghash,
                                      const cpu::FeatureSet& features) noexcept {
  return first_usable(kGcmFusedKernels, features,
                      [&](const GcmFusedKernels& k) { return k.aes == &aes && k.ghash == &ghash; });
}

GcmChoice choose_gcm(const AesBackend& aes, const GhashBackend* ghash,
                     const cpu::FeatureSet& features, bool allow_fused) noexcept {
  if (ghash != nullptr)
    return {ghash, allow_fused ? find_gcm_fused(aes, *ghash, features) : nullptr};
  if (allow_fused) {
    const GcmFusedKernels* k = first_usable(
        kGcmFusedKernels, features, [&](const GcmFusedKernels& c) { return c.aes == &aes; });
    if (k != nullptr) return {k->ghash, k};
  }
  return {&best_ghash_backend(features), nullptr};
}

// --- SHA ----------------------------------------------------------------------------------------

const ShaCompressor& best_sha_compressor(const cpu::FeatureSet& features,
                                         HashAlgorithm alg) noexcept {
  const ShaCompressor* c = first_usable(kShaCompressors, features, [alg](const ShaCompressor& s) {
    return compress_fn(s, alg) != nullptr;
  });
  return c != nullptr ? *c : kShaPortable;
}

const CbcShaStitch* find_cbc_sha_stitch(const cpu::FeatureSet& features,
                                        std::string_view aes_backend) noexcept {
  return first_usable(kCbcShaStitches, features, [aes_backend](const CbcShaStitch& s) {
    for (std::string_view f : s.key_formats)
      if (!f.empty() && f == aes_backend) return true;
    return false;
  });
}

// --- AEGIS --------------------------------------------------------------------------------------

AegisChoice select_aegis_kernel(std::string_view aes_backend, AegisFamily family,
                                std::size_t degree_index,
                                const cpu::FeatureSet& features) noexcept {
  bool reached = false;  // the key's own table, then the narrower ones after it
  const AegisKernels* t = first_usable(kAegisKernelTables, features, [&](const AegisKernels& c) {
    reached = reached || c.aes_backend == aes_backend;
    return reached && c.at(family, degree_index).encrypt != nullptr;
  });
  if (t != nullptr) return {&t->at(family, degree_index), t->label()};
  return {&kAegisPortable.at(family, degree_index), kAegisPortable.aes_backend};
}

}  // namespace aeskit::detail
