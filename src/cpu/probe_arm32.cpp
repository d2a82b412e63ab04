// src/cpu/probe_arm32.cpp — feature probing on 32-bit Arm Linux (ARMv7-A, armhf): whether the
// NEON (Advanced SIMD) unit exists and the kernel lets user code use it.
//
// The kernel reports it in the auxiliary vector: AT_HWCAP bit HWCAP_NEON (1 << 12; glibc's
// HWCAP_ARM_NEON), set only when the CPU has the unit and the kernel saves its registers.
// Reading it is a libc call, no instruction that could trap on a CPU without NEON.
// References: Linux arch/arm/include/uapi/asm/hwcap.h; getauxval(3).
#include <sys/auxv.h>

#include "cpu/features.hpp"

namespace aeskit::cpu {
namespace {

constexpr unsigned long kHwcapNeon = 1ul << 12;
#if defined(HWCAP_ARM_NEON)
static_assert(HWCAP_ARM_NEON == kHwcapNeon);
#endif

}  // namespace

FeatureSet probe_features() {
  FeatureSet f;
  if (getauxval(AT_HWCAP) & kHwcapNeon) f.add(Feature::neon);
  return f;
}

// cpu_brand: the kernel's platform string (e.g. "v7l"); Arm CPUs have no brand string.
std::string cpu_brand() {
  const auto* platform = reinterpret_cast<const char*>(getauxval(AT_PLATFORM));
  return platform ? std::string(platform) : std::string();
}

// No vector unit here changes the clock by register width.
bool probe_zmm_lowers_clock() {
  return false;
}

}  // namespace aeskit::cpu
