// src/cpu/probe_ppc64.cpp — feature probing on 64-bit POWER Linux (ppc64le): the AltiVec (VMX)
// unit, and VSX together with the Power ISA 2.07 (POWER8) vector instructions that
// simd::V128 uses (vmuleuw, 64-bit lane shifts).
//
// The kernel reports them in the auxiliary vector: AT_HWCAP has PPC_FEATURE_HAS_ALTIVEC
// (0x10000000) and PPC_FEATURE_HAS_VSX (0x00000080), AT_HWCAP2 has PPC_FEATURE2_ARCH_2_07
// (0x80000000). `vsx` is reported only with ISA 2.07, since that is what the vector code
// needs; `altivec` alone is the plain VMX unit.
// References: Linux arch/powerpc/include/uapi/asm/cputable.h; getauxval(3).
#include <sys/auxv.h>

#include "cpu/features.hpp"

namespace aeskit::cpu {
namespace {

constexpr unsigned long kHasAltivec = 0x10000000ul;
constexpr unsigned long kHasVsx = 0x00000080ul;
constexpr unsigned long kArch207 = 0x80000000ul;
#if defined(PPC_FEATURE_HAS_ALTIVEC) && defined(PPC_FEATURE_HAS_VSX) && \
    defined(PPC_FEATURE2_ARCH_2_07)
static_assert(PPC_FEATURE_HAS_ALTIVEC == kHasAltivec && PPC_FEATURE_HAS_VSX == kHasVsx &&
              PPC_FEATURE2_ARCH_2_07 == kArch207);
#endif

}  // namespace

FeatureSet probe_features() {
  FeatureSet f;
  const unsigned long hwcap = getauxval(AT_HWCAP);
  const unsigned long hwcap2 = getauxval(AT_HWCAP2);
  if (hwcap & kHasAltivec) f.add(Feature::altivec);
  if ((hwcap & kHasVsx) && (hwcap2 & kArch207)) f.add(Feature::vsx);
  return f;
}

// cpu_brand: the kernel's platform string (e.g. "power9").
std::string cpu_brand() {
  const auto* platform = reinterpret_cast<const char*>(getauxval(AT_PLATFORM));
  return platform ? std::string(platform) : std::string();
}

// No vector unit here changes the clock by register width.
bool probe_zmm_lowers_clock() {
  return false;
}

}  // namespace aeskit::cpu
