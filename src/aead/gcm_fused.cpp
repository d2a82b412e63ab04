// src/aead/gcm_fused.cpp — which fused AES-CTR + GHASH kernels exist (see gcm_fused.hpp).
//
// Adding one: the kernels live in their backend folder (they use intrinsics); declare their
// GcmFusedKernels constant there and add its address to kFused below, fastest first. This
// file only matches pairs; it never names an instruction set.
#include "aead/gcm_fused.hpp"

#include <array>

namespace aeskit::detail {
namespace {

// A kernel also needs the CPU features of both of its backends, so it is usable exactly when
// both backends are supported.
bool usable(const GcmFusedKernels& k, const cpu::FeatureSet& features) {
  return k.aes->supported(features) && k.ghash->supported(features);
}

constexpr std::array<const GcmFusedKernels*, 0> kFused = {};

}  // namespace

const GcmFusedKernels* find_gcm_fused(const AesBackend& aes, const GhashBackend& ghash,
                                      const cpu::FeatureSet& features) noexcept {
  for (const GcmFusedKernels* k : kFused) {
    if (k->aes == &aes && k->ghash == &ghash && usable(*k, features)) return k;
  }
  return nullptr;
}

}  // namespace aeskit::detail
