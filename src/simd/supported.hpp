// src/simd/supported.hpp — simd::supported: whether a feature set lets simd::V128 code run,
// for the backends built on it (vperm AES, simd GHASH): SSSE3 on x86, NEON on ARMv7 (optional
// there), VSX with ISA 2.07 on ppc64le (see v128_altivec.hpp); on AArch64 NEON is part of the
// base ISA, so always. Apart from v128.hpp so that a backend's table can ask without the
// vector intrinsics.
//
// No CPU features of its own: it reads the feature set (src/cpu/).
#pragma once

#include "cpu/features.hpp"

namespace aeskit::simd {

inline bool supported([[maybe_unused]] const cpu::FeatureSet& features) {
#if defined(__x86_64__) || defined(__i386__)
  return features.has(cpu::Feature::ssse3);
#elif defined(__arm__)
  return features.has(cpu::Feature::neon);
#elif defined(__powerpc64__)
  return features.has(cpu::Feature::vsx);
#else
  return true;
#endif
}

}  // namespace aeskit::simd
