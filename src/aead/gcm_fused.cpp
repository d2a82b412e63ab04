// src/aead/gcm_fused.cpp — which fused AES-CTR + GHASH kernels a key gets (see gcm_fused.hpp):
// never one that failed its once-per-process self-test, nor one whose GHASH backend did
// (backend/select/self_test.hpp); such keys run the unfused path.
//
// Adding one: the kernels live in their backend folder (they use intrinsics); declare their
// GcmFusedKernels constant there and add its address to backend/select/catalog.hpp's kGcmFusedList,
// fastest first. This file only matches pairs; it never names an instruction set.
#include "aead/gcm_fused.hpp"

#include "backend/select/catalog.hpp"
#include "backend/select/self_test.hpp"

namespace aeskit::detail {
namespace {

// A kernel also needs the CPU features of both of its backends, so it is usable exactly when
// both backends are supported, and neither it nor its backends failed a self-test (asked
// last: a self-test runs only for code these features, and the CPU, allow).
bool usable(const GcmFusedKernels& k, const cpu::FeatureSet& features) {
  return k.aes->supported(features) && k.ghash->supported(features) &&
         gcm_fused_self_test_allows(k);
}

}  // namespace

const GcmFusedKernels* find_gcm_fused(const AesBackend& aes, const GhashBackend& ghash,
                                      const cpu::FeatureSet& features) noexcept {
  return kGcmFusedKernels.first([&](const GcmFusedKernels& k) {
    return k.aes == &aes && k.ghash == &ghash && usable(k, features);
  });
}

GcmChoice choose_gcm(const AesBackend& aes, const GhashBackend* ghash,
                     const cpu::FeatureSet& features, bool allow_fused) noexcept {
  if (ghash != nullptr)
    return {ghash, allow_fused ? find_gcm_fused(aes, *ghash, features) : nullptr};
  if (allow_fused) {
    const GcmFusedKernels* k = kGcmFusedKernels.first(
        [&](const GcmFusedKernels& c) { return c.aes == &aes && usable(c, features); });
    if (k != nullptr) return {k->ghash, k};
  }
  return {&best_ghash_backend(features), nullptr};
}

}  // namespace aeskit::detail
