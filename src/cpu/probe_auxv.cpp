// src/cpu/probe_auxv.cpp — feature probing on Linux CPUs whose kernel reports the vector unit
// in the auxiliary vector (getauxval), a libc call rather than an instruction that could trap
// on a CPU without the unit:
//   - AArch64: the ARMv8 Crypto Extensions, AT_HWCAP bits HWCAP_AES (1 << 3), HWCAP_PMULL
//     (1 << 4), HWCAP_SHA1 (1 << 5), HWCAP_SHA2 (1 << 6), HWCAP_SHA3 (1 << 17), HWCAP_SHA512
//     (1 << 21). Advanced SIMD (NEON) is base AArch64 and not probed.
//   - 32-bit Arm (ARMv7-A, armhf): the NEON (Advanced SIMD) unit, AT_HWCAP bit HWCAP_NEON
//     (1 << 12; glibc's HWCAP_ARM_NEON), set only when the CPU has the unit and the kernel
//     saves its registers.
//   - 64-bit POWER (ppc64le): the AltiVec (VMX) unit, and VSX together with the Power ISA 2.07
//     (POWER8) vector instructions that simd::V128 uses (vmuleuw, 64-bit lane shifts).
//     AT_HWCAP has PPC_FEATURE_HAS_ALTIVEC (0x10000000) and PPC_FEATURE_HAS_VSX (0x00000080),
//     AT_HWCAP2 has PPC_FEATURE2_ARCH_2_07 (0x80000000). `vsx` is reported only with ISA 2.07,
//     since that is what the vector code needs; `altivec` alone is the plain VMX unit.
//     `vcrypto`: AT_HWCAP2's PPC_FEATURE2_VEC_CRYPTO (0x02000000), the in-core crypto
//     instructions (vcipher family, vsbox, vpmsumd, vshasigma) the power8 backends use;
//     `isa300`: AT_HWCAP2's PPC_FEATURE2_ARCH_3_00 (0x00800000), POWER9's Power ISA 3.0.
// Both: the brand is the kernel's platform string (AT_PLATFORM), and no vector unit changes
// the clock by register width.
// References: Linux arch/arm64/include/uapi/asm/hwcap.h, arch/arm/include/uapi/asm/hwcap.h,
// arch/powerpc/include/uapi/asm/ cputable.h; getauxval(3).
#include <sys/auxv.h>

#include "cpu/features.hpp"

namespace aeskit::cpu {
namespace {

#if defined(__aarch64__)
constexpr unsigned long kHwcapAes = 1ul << 3;
constexpr unsigned long kHwcapPmull = 1ul << 4;
constexpr unsigned long kHwcapSha1 = 1ul << 5;
constexpr unsigned long kHwcapSha2 = 1ul << 6;
constexpr unsigned long kHwcapSha3 = 1ul << 17;
constexpr unsigned long kHwcapSha512 = 1ul << 21;
#if defined(HWCAP_AES)
static_assert(HWCAP_AES == kHwcapAes && HWCAP_PMULL == kHwcapPmull && HWCAP_SHA1 == kHwcapSha1 &&
              HWCAP_SHA2 == kHwcapSha2 && HWCAP_SHA3 == kHwcapSha3 && HWCAP_SHA512 == kHwcapSha512);
#endif
#elif defined(__arm__)
constexpr unsigned long kHwcapNeon = 1ul << 12;
#if defined(HWCAP_ARM_NEON)
static_assert(HWCAP_ARM_NEON == kHwcapNeon);
#endif
#elif defined(__powerpc64__)
constexpr unsigned long kHasAltivec = 0x10000000ul;
constexpr unsigned long kHasVsx = 0x00000080ul;
constexpr unsigned long kArch207 = 0x80000000ul;
constexpr unsigned long kVecCrypto = 0x02000000ul;
constexpr unsigned long kArch300 = 0x00800000ul;
#if defined(PPC_FEATURE_HAS_ALTIVEC) && defined(PPC_FEATURE_HAS_VSX) && \
    defined(PPC_FEATURE2_ARCH_2_07)
static_assert(PPC_FEATURE_HAS_ALTIVEC == kHasAltivec && PPC_FEATURE_HAS_VSX == kHasVsx &&
              PPC_FEATURE2_ARCH_2_07 == kArch207);
#endif
#if defined(PPC_FEATURE2_VEC_CRYPTO) && defined(PPC_FEATURE2_ARCH_3_00)
static_assert(PPC_FEATURE2_VEC_CRYPTO == kVecCrypto && PPC_FEATURE2_ARCH_3_00 == kArch300);
#endif
#else
#error "probe_auxv.cpp is for AArch64, 32-bit Arm and ppc64le (CMakeLists.txt)"
#endif

}  // namespace

FeatureSet probe_features() {
  FeatureSet f;
#if defined(__aarch64__)
  const unsigned long hw = getauxval(AT_HWCAP);
  if (hw & kHwcapAes) f.add(Feature::arm_aes);
  if (hw & kHwcapPmull) f.add(Feature::pmull);
  if (hw & kHwcapSha1) f.add(Feature::sha1);
  if (hw & kHwcapSha2) f.add(Feature::sha2);
  if (hw & kHwcapSha512) f.add(Feature::sha512);
  if (hw & kHwcapSha3) f.add(Feature::sha3);
#elif defined(__arm__)
  if (getauxval(AT_HWCAP) & kHwcapNeon) f.add(Feature::neon);
#else
  const unsigned long hwcap = getauxval(AT_HWCAP);
  const unsigned long hwcap2 = getauxval(AT_HWCAP2);
  if (hwcap & kHasAltivec) f.add(Feature::altivec);
  if ((hwcap & kHasVsx) && (hwcap2 & kArch207)) f.add(Feature::vsx);
  if (hwcap2 & kVecCrypto) f.add(Feature::vcrypto);
  if (hwcap2 & kArch300) f.add(Feature::isa300);
#endif
  return f;
}

// cpu_brand: the kernel's platform string (e.g. "v7l", "power9"); these CPUs have no brand
// string.
std::string cpu_brand() {
  const auto* platform = reinterpret_cast<const char*>(getauxval(AT_PLATFORM));
  return platform ? std::string(platform) : std::string();
}

// No vector unit here changes the clock by register width.
bool probe_zmm_lowers_clock() {
  return false;
}

bool probed_here(Feature f) {
#if defined(__aarch64__)
  const auto i = static_cast<unsigned>(f);
  return i >= static_cast<unsigned>(Feature::arm_aes) && i <= static_cast<unsigned>(Feature::sha3);
#elif defined(__arm__)
  return f == Feature::neon;
#else
  return f == Feature::altivec || f == Feature::vsx || f == Feature::vcrypto ||
         f == Feature::isa300;
#endif
}

}  // namespace aeskit::cpu
