// src/cpu/features.hpp — the one place that knows which CPU features exist: the enum, their
// names and their prerequisites (a new CPU family adds its features here, and its probe in
// src/cpu/probe_*.cpp, which also defines probed_here).
//
// Features are probed once (x86: CPUID, plus XGETBV for the vector state the OS saves: a
// feature whose registers the OS does not enable counts as absent; Arm and POWER: the
// kernel's AT_HWCAP / AT_HWCAP2 bits, which likewise report only usable units), then
// AESKIT_DISABLE removes features (it can never add one), then every feature whose
// prerequisite is gone is removed too (no AVX2 without AVX, no VAES without AVX, ...).
// Backends read the result through cpu_features(); nothing else in the library looks at CPUID,
// the auxiliary vector or the environment.
#pragma once

#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

namespace aeskit::cpu {

enum class Feature : unsigned {
  sse2,
  ssse3,
  sse41,
  aesni,
  pclmul,
  avx,
  avx2,
  bmi2,
  vaes,
  vpclmul,
  avx512,  // AVX-512 F + DQ + BW + VL (the set the zmm kernels are compiled for, x86/targets.hpp),
           // with opmask and ZMM state enabled by the OS
  gfni,
  sha,
  neon,     // ARMv7 Advanced SIMD (probed on 32-bit Arm only: it is baseline on AArch64)
  altivec,  // POWER vector unit (VMX)
  vsx,      // POWER VSX with the Power ISA 2.07 (POWER8) vector instructions
  // AArch64 (AT_HWCAP; probed on AArch64 only). Named "aes", "pmull", "sha1", "sha2",
  // "sha512", "sha3" for AESKIT_DISABLE: x86's are "aesni" and "sha" (SHA-NI).
  arm_aes,  // FEAT_AES: AESE, AESD, AESMC, AESIMC
  pmull,    // FEAT_PMULL: PMULL/PMULL2 on 64-bit elements
  sha1,     // FEAT_SHA1
  sha2,     // FEAT_SHA256
  sha512,   // FEAT_SHA512
  sha3,     // FEAT_SHA3: EOR3, RAX1, XAR, BCAX
  // POWER (AT_HWCAP2's PPC_FEATURE2_VEC_CRYPTO; probed on ppc64le only). Named "vcrypto" for
  // AESKIT_DISABLE: the Power ISA 2.07 in-core crypto (vcipher, vcipherlast, vncipher,
  // vncipherlast, vsbox, vpmsumd, vshasigmaw/d); needs `vsx`.
  vcrypto,
  isa300,  // POWER9's Power ISA 3.0 (AT_HWCAP2 PPC_FEATURE2_ARCH_3_00): lxvb16x/stxvb16x; needs vsx
  count
};

inline constexpr unsigned kFeatureCount = static_cast<unsigned>(Feature::count);

// kFeatureNames: each feature's spelling for AESKIT_DISABLE and `aeskit cpu`, in enum order.
inline constexpr std::string_view kFeatureNames[] = {
    "sse2", "ssse3",   "sse41",  "aesni", "pclmul", "avx",  "avx2",    "bmi2",
    "vaes", "vpclmul", "avx512", "gfni",  "sha",    "neon", "altivec", "vsx",
    "aes",  "pmull",   "sha1",   "sha2",  "sha512", "sha3", "vcrypto", "isa300"};
static_assert(std::size(kFeatureNames) == kFeatureCount, "one name per Feature");

// kFeatureRequirements: a feature and what it needs, the ISA extension's prerequisite as the
// vendors document it (all VEX/EVEX extensions need AVX state; AVX-512 needs AVX2-era state and
// our kernels' subset; VAES/VPCLMULQDQ are VEX-encoded on ymm; VSX extends the AltiVec register
// file; the POWER8 crypto instructions are VSX-era vector instructions). close_dependencies
// removes a feature whose prerequisite is absent.
struct FeatureRequirement {
  Feature feature;
  Feature needs;
};
inline constexpr FeatureRequirement kFeatureRequirements[] = {
    {Feature::ssse3, Feature::sse2},  {Feature::sse41, Feature::ssse3},
    {Feature::aesni, Feature::sse2},  {Feature::pclmul, Feature::sse2},
    {Feature::avx, Feature::sse41},   {Feature::avx2, Feature::avx},
    {Feature::vaes, Feature::avx},    {Feature::vaes, Feature::aesni},
    {Feature::vpclmul, Feature::avx}, {Feature::vpclmul, Feature::pclmul},
    {Feature::avx512, Feature::avx2}, {Feature::gfni, Feature::sse2},
    {Feature::sha, Feature::sse2},    {Feature::vsx, Feature::altivec},
    {Feature::vcrypto, Feature::vsx}, {Feature::isa300, Feature::vsx},
};

// FeatureSet is a bit set over Feature.
class FeatureSet {
 public:
  constexpr FeatureSet() = default;
  constexpr bool has(Feature f) const { return (bits_ >> static_cast<unsigned>(f)) & 1u; }
  constexpr void add(Feature f) { bits_ |= 1u << static_cast<unsigned>(f); }
  constexpr void remove(Feature f) { bits_ &= ~(1u << static_cast<unsigned>(f)); }
  constexpr std::uint32_t bits() const { return bits_; }
  friend constexpr bool operator==(FeatureSet, FeatureSet) = default;

 private:
  std::uint32_t bits_ = 0;
};

// has_feature<F>: a backend's supported() predicate when it needs exactly one feature.
template <Feature F>
bool has_feature(const FeatureSet& features) {
  return features.has(F);
}

// feature_name is the spelling used by AESKIT_DISABLE and `aeskit cpu`.
std::string_view feature_name(Feature f);

// probe_features asks the CPU (uncached; prefer cpu_features()).
FeatureSet probe_features();

// DisableResult is what parsing AESKIT_DISABLE produced.
struct DisableResult {
  FeatureSet enabled;
  std::vector<std::string> unknown_tokens;
};

// apply_disable removes the features named in `setting` (comma-separated, case-insensitive,
// spaces ignored; "all" removes every feature) from `detected`, then removes features whose
// prerequisites are missing. The result is always a subset of `detected`.
DisableResult apply_disable(FeatureSet detected, std::string_view setting);

// close_dependencies removes every feature whose prerequisite is absent.
FeatureSet close_dependencies(FeatureSet set);

// cpu_features: detected features minus AESKIT_DISABLE, computed once (thread-safe).
const FeatureSet& cpu_features();
// detected_features: before AESKIT_DISABLE.
const FeatureSet& detected_features();
// probed_here: whether this build's architecture probes `f` at all (x86 features on x86-64;
// AArch64's aes/pmull/sha*; neon on 32-bit Arm only, being baseline on AArch64; the POWER
// features on ppc64le). Reports list only these: elsewhere "absent" would mean nothing.
bool probed_here(Feature f);
// widest_vector_bits: the widest vector registers the AES kernels may use with the enabled
// features and the width preference: 512 (VAES + AVX-512), 256 (VAES + AVX2) or 128 (AES-NI,
// and every non-x86 architecture).
unsigned widest_vector_bits();
// disable_setting: the raw AESKIT_DISABLE value read at start-up ("" if unset).
const std::string& disable_setting();
const std::vector<std::string>& disable_unknown_tokens();
// cpu_brand: the CPU's brand string, or "".
std::string cpu_brand();

// Vector width preference (prefer-ymm). Some CPUs lower their clock while 512-bit registers
// are in use, which can make zmm kernels slower than ymm ones for the whole process. Backends
// with vector_bits above max_vector_bits() are skipped by selection (a backend named
// explicitly still runs). zmm_lowers_clock: the probe knows this CPU model does that (x86:
// Intel Ice Lake, Tiger Lake, Sapphire Rapids and Emerald Rapids, as the Linux kernel's
// prefer-ymm list has them; AMD Zen 4/5 run zmm at full clock).
bool probe_zmm_lowers_clock();
// prefer_ymm: set_prefer_ymm() if called, else AESKIT_PREFER_YMM ("1"/"0") if set, else
// zmm_lowers_clock(). Keys pick their backend at creation: a change affects new keys only.
bool prefer_ymm();
void set_prefer_ymm(bool prefer);
// prefer_ymm_source: why prefer_ymm() is what it is ("api", "AESKIT_PREFER_YMM", "cpu model",
// or "default").
std::string_view prefer_ymm_source();
// max_vector_bits: 256 when ymm is preferred, else 512.
unsigned max_vector_bits();

}  // namespace aeskit::cpu
