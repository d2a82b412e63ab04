// src/cpu/probe_arm64.cpp — feature probing on AArch64 Linux: the ARMv8 Crypto Extensions
// (AES, PMULL, SHA1, SHA256, SHA512, SHA3) the kernel reports and lets user code use.
//
// The kernel reports them in the auxiliary vector's AT_HWCAP bits (set only when the CPU has
// the feature and the kernel enables it); reading them is a libc call, no instruction that
// could trap. Advanced SIMD (NEON) is part of the base AArch64 ISA and is not probed.
// References: Linux arch/arm64/include/uapi/asm/hwcap.h; Documentation/arch/arm64/elf_hwcaps;
// getauxval(3).
#include <sys/auxv.h>

#include "cpu/features.hpp"

namespace aeskit::cpu {
namespace {

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

}  // namespace

FeatureSet probe_features() {
  FeatureSet f;
  const unsigned long hw = getauxval(AT_HWCAP);
  if (hw & kHwcapAes) f.add(Feature::arm_aes);
  if (hw & kHwcapPmull) f.add(Feature::pmull);
  if (hw & kHwcapSha1) f.add(Feature::sha1);
  if (hw & kHwcapSha2) f.add(Feature::sha2);
  if (hw & kHwcapSha512) f.add(Feature::sha512);
  if (hw & kHwcapSha3) f.add(Feature::sha3);
  return f;
}

// cpu_brand: the kernel's platform string ("aarch64"); Arm CPUs have no brand string.
std::string cpu_brand() {
  const auto* platform = reinterpret_cast<const char*>(getauxval(AT_PLATFORM));
  return platform ? std::string(platform) : std::string();
}

// No vector unit here changes the clock by register width.
bool probe_zmm_lowers_clock() {
  return false;
}

}  // namespace aeskit::cpu
