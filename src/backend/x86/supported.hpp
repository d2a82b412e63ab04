// src/backend/x86/supported.hpp — the supported() predicates of the x86 backends, written
// once next to each other as targets.hpp writes their target strings: a backend's code runs
// only where its predicate holds, so each predicate names what its code executes.
//   aesni       AES-NI, SSSE3 (the PCLMULQDQ of its target string is executed only by the
//               GCM and GHASH code, behind the pclmul predicate)
//   vaes256     AVX2, AES-NI, SSSE3, VAES, PCLMULQDQ, VPCLMULQDQ
//   vaes512     the vaes256 set and AVX-512 (F/BW/DQ/VL: cpu::Feature::avx512)
//   pclmul      PCLMULQDQ, SSSE3 (GHASH on xmm)
//   vpclmul256  VPCLMULQDQ, AVX2, PCLMULQDQ (GHASH on ymm)
//   vpclmul512  AVX-512, VPCLMULQDQ, VAES, PCLMULQDQ (GHASH on zmm, compiled under the
//               vaes512 target, which names VAES; every AVX-512 CPU with VPCLMULQDQ has it)
//   shani       SHA, SSSE3, SSE4.1 (SHA-1/SHA-256 compression)
//   stitch      AES-NI and the shani set (CBC stitched with SHA)
//   avx2sha512  AVX2, BMI2 (SHA-512 compression)
//   avx512sha512 AVX-512 (F/BW/DQ/VL: cpu::Feature::avx512), AVX2, BMI2 (SHA-512 compression)
//
// No CPU features of its own: plain C++ over the feature set, safe on any x86-64 CPU.
#pragma once

#include <initializer_list>

#include "cpu/features.hpp"

namespace aeskit::detail::x86 {

// has_all: every feature of `needed` is in `features`.
inline bool has_all(const cpu::FeatureSet& features,
                    std::initializer_list<cpu::Feature> needed) noexcept {
  for (cpu::Feature f : needed)
    if (!features.has(f)) return false;
  return true;
}

inline bool aesni_supported(const cpu::FeatureSet& f) {
  return has_all(f, {cpu::Feature::aesni, cpu::Feature::ssse3});
}
inline bool vaes256_supported(const cpu::FeatureSet& f) {
  return has_all(f, {cpu::Feature::aesni, cpu::Feature::ssse3, cpu::Feature::avx2,
                     cpu::Feature::vaes, cpu::Feature::pclmul, cpu::Feature::vpclmul});
}
inline bool vaes512_supported(const cpu::FeatureSet& f) {
  return f.has(cpu::Feature::avx512) && vaes256_supported(f);
}
inline bool pclmul_supported(const cpu::FeatureSet& f) {
  return has_all(f, {cpu::Feature::pclmul, cpu::Feature::ssse3});
}
// vpclmul256 and vpclmul512 name VAES although GHASH runs no AES instruction: their updates are
// compiled in the VAES units under the width's whole target (targets.hpp), so the compiler may
// use any of its features; the predicate names what the code was compiled for.
inline bool vpclmul256_supported(const cpu::FeatureSet& f) {
  return has_all(
      f, {cpu::Feature::vpclmul, cpu::Feature::vaes, cpu::Feature::avx2, cpu::Feature::pclmul});
}
inline bool vpclmul512_supported(const cpu::FeatureSet& f) {
  return has_all(
      f, {cpu::Feature::avx512, cpu::Feature::vpclmul, cpu::Feature::vaes, cpu::Feature::pclmul});
}
inline bool shani_supported(const cpu::FeatureSet& f) {
  return has_all(f, {cpu::Feature::sha, cpu::Feature::ssse3, cpu::Feature::sse41});
}
inline bool avx2sha512_supported(const cpu::FeatureSet& f) {
  return has_all(f, {cpu::Feature::avx2, cpu::Feature::bmi2});
}
inline bool avx512sha512_supported(const cpu::FeatureSet& f) {
  return f.has(cpu::Feature::avx512) && avx2sha512_supported(f);
}
inline bool stitch_supported(const cpu::FeatureSet& f) {
  return f.has(cpu::Feature::aesni) && shani_supported(f);
}

}  // namespace aeskit::detail::x86
