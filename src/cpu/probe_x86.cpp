// src/cpu/probe_x86.cpp — feature probing on x86 / x86-64 with CPUID and XGETBV.
//
// References: Intel SDM Vol. 2A (CPUID leaves 1 and 7), Vol. 1 §13 (XSAVE-enabled state:
// XCR0 bits 1-2 for SSE/AVX, 5-7 for the AVX-512 opmask/ZMM state), AMD APM Vol. 3.
// A vector feature counts only if the OS saves its registers (OSXSAVE and XCR0 say so).
#include <cpuid.h>

#include <cstring>

#include "cpu/features.hpp"

namespace aeskit::cpu {
namespace {

struct Regs {
  unsigned a = 0, b = 0, c = 0, d = 0;
};

Regs cpuid(unsigned leaf, unsigned subleaf) {
  Regs r;
  __cpuid_count(leaf, subleaf, r.a, r.b, r.c, r.d);
  return r;
}

std::uint64_t read_xcr0() {
  unsigned lo, hi;
  __asm__ __volatile__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
  return (static_cast<std::uint64_t>(hi) << 32) | lo;
}

constexpr bool bit(unsigned reg, unsigned n) {
  return (reg >> n) & 1u;
}

}  // namespace

FeatureSet probe_features() {
  FeatureSet f;
  const unsigned max_leaf = cpuid(0, 0).a;
  if (max_leaf < 1) return f;
  const Regs l1 = cpuid(1, 0);
  const Regs l7 = max_leaf >= 7 ? cpuid(7, 0) : Regs{};

  bool ymm_state = false, zmm_state = false;
  if (bit(l1.c, 27)) {  // OSXSAVE: the OS uses XSAVE, so XGETBV is allowed
    const std::uint64_t xcr0 = read_xcr0();
    ymm_state = (xcr0 & 0x6) == 0x6;    // SSE and AVX state
    zmm_state = (xcr0 & 0xe6) == 0xe6;  // plus opmask, ZMM_Hi256, Hi16_ZMM
  }

  if (bit(l1.d, 26)) f.add(Feature::sse2);
  if (bit(l1.c, 9)) f.add(Feature::ssse3);
  if (bit(l1.c, 19)) f.add(Feature::sse41);
  if (bit(l1.c, 25)) f.add(Feature::aesni);
  if (bit(l1.c, 1)) f.add(Feature::pclmul);
  if (bit(l1.c, 28) && ymm_state) f.add(Feature::avx);
  if (bit(l7.b, 5) && ymm_state) f.add(Feature::avx2);
  if (bit(l7.b, 8)) f.add(Feature::bmi2);
  if (bit(l7.c, 9) && ymm_state) f.add(Feature::vaes);
  if (bit(l7.c, 10) && ymm_state) f.add(Feature::vpclmul);
  // AVX-512 Foundation (b16), DQ (b17), BW (b30), VL (b31): the subset our kernels assume.
  const bool avx512 = bit(l7.b, 16) && bit(l7.b, 17) && bit(l7.b, 30) && bit(l7.b, 31);
  if (avx512 && zmm_state) f.add(Feature::avx512);
  if (bit(l7.c, 8)) f.add(Feature::gfni);
  if (bit(l7.b, 29)) f.add(Feature::sha);
  return f;
}

std::string cpu_brand() {
  if (cpuid(0x80000000u, 0).a < 0x80000004u) return {};
  char brand[49] = {};
  for (unsigned i = 0; i < 3; ++i) {
    Regs r = cpuid(0x80000002u + i, 0);
    std::memcpy(brand + 16 * i, &r, 16);
  }
  std::string s(brand);
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

// probe_zmm_lowers_clock: Intel family 6 models whose cores lower their frequency while zmm
// registers are in use enough that 512-bit crypto kernels lose to 256-bit ones over a whole
// process (the models the Linux kernel marks X86_FEATURE_PREFER_YMM): Ice Lake (server 0x6A,
// 0x6C; client 0x7D, 0x7E; NNP-I 0x9D), Tiger Lake (0x8C, 0x8D), Sapphire Rapids (0x8F) and
// Emerald Rapids (0xCF). Older AVX-512 CPUs (Skylake-X) have no VAES, so never run zmm AES
// anyway; AMD's AVX-512 CPUs keep their clock.
bool probe_zmm_lowers_clock() {
  if (cpuid(0, 0).a < 1) return false;
  const Regs vendor = cpuid(0, 0);
  const bool intel = vendor.b == 0x756e6547u && vendor.d == 0x49656e69u && vendor.c == 0x6c65746eu;
  if (!intel) return false;
  const unsigned eax = cpuid(1, 0).a;
  const unsigned family = (eax >> 8) & 0xfu;
  const unsigned model = ((eax >> 4) & 0xfu) | (((eax >> 16) & 0xfu) << 4);
  if (family != 6) return false;
  switch (model) {
    case 0x6A:
    case 0x6C:
    case 0x7D:
    case 0x7E:
    case 0x9D:
    case 0x8C:
    case 0x8D:
    case 0x8F:
    case 0xCF:
      return true;
    default:
      return false;
  }
}

// The x86 features are the enum's first block, sse2 .. sha.
bool probed_here(Feature f) {
  return static_cast<unsigned>(f) <= static_cast<unsigned>(Feature::sha);
}

}  // namespace aeskit::cpu
