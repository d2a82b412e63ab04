// tools/aeskit/speed/mask.cpp — masking the peers' hardware paths like aeskit's (see
// speed/mask.hpp).
//
// Which features: every CPU feature the CPU has that aeskit's start-up removed
// (aeskit::cpu_report(): detected && !enabled, which includes the dependency closure). By
// default peers are masked when that set contains aesni, pclmul or ssse3 (the software tier
// is being measured); --mask-peers forces it, --no-mask-peers turns it off.
//
// OPENSSL_ia32cap syntax (OpenSSL manual): "~0xA:~0xB" clears the bits of A in capability
// word 0 and of B in word 1. Word 0 = CPUID.1 EDX (bits 0-31) | ECX (bits 32-63); word 1 =
// CPUID.7.0 EBX (bits 0-31) | ECX (bits 32-63).
#include "speed/mask.hpp"

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "aeskit/aeskit.hpp"
#include "speed/options.hpp"

namespace aeskit::cli::speed {
namespace {

// The re-executed process finds this set and does not re-execute again.
constexpr const char* kReexecMarker = "AESKIT_SPEED_PEER_MASK";

struct FeatureMap {
  std::string_view name;  // aeskit's spelling (AESKIT_DISABLE)
  std::uint64_t word0;    // OpenSSL capability word 0 bits
  std::uint64_t word1;    // OpenSSL capability word 1 bits
  std::string_view hwf1;  // libgcrypt hwf names ("" = none)
  std::string_view hwf2;
};

constexpr std::uint64_t bit(unsigned n) {
  return std::uint64_t{1} << n;
}

constexpr FeatureMap kFeatures[] = {
    {"ssse3", bit(32 + 9), 0, "intel-ssse3", ""},                                 // CPUID.1:ECX.9
    {"sse41", bit(32 + 19), 0, "intel-sse4.1", ""},                               // CPUID.1:ECX.19
    {"aesni", bit(32 + 25), bit(32 + 9), "intel-aesni", "intel-vaes-vpclmul"},    // + VAES
    {"pclmul", bit(32 + 1), bit(32 + 10), "intel-pclmul", "intel-vaes-vpclmul"},  // + VPCLMUL
    {"avx", bit(32 + 28), 0, "intel-avx", ""},                                    // CPUID.1:ECX.28
    {"avx2", 0, bit(5), "intel-avx2", ""},                                        // CPUID.7:EBX.5
    {"bmi2", 0, bit(8), "intel-bmi2", ""},                                        // CPUID.7:EBX.8
    {"vaes", 0, bit(32 + 9), "intel-vaes-vpclmul", ""},                           // CPUID.7:ECX.9
    {"vpclmul", 0, bit(32 + 10), "intel-vaes-vpclmul", ""},                       // CPUID.7:ECX.10
    // aeskit's avx512 is F+DQ+BW+VL (cpu/features.hpp); a masked peer also loses IFMA
    // (CPUID.7:EBX.16/17/21/30/31), which OpenSSL uses for big-number code only, so no
    // measured item changes by it. libgcrypt 1.10 has no name for AVX-512.
    {"avx512", 0, bit(16) | bit(17) | bit(21) | bit(30) | bit(31), "", ""},
    {"sha", 0, bit(29), "intel-shaext", ""},  // CPUID.7:EBX.29
};

PeerMask g_mask;

std::string hex(std::uint64_t v) {
  char text[24];
  std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(v));
  return text;
}

void add_unique(std::vector<std::string>& list, std::string_view name) {
  if (name.empty()) return;
  for (const std::string& s : list)
    if (s == name) return;
  list.emplace_back(name);
}

}  // namespace

void prepare_peer_mask(int argc, char** argv, char** full_argv) {
  Options options;
  std::string error;
  if (!parse_options(argc, argv, options, error) || options.help) return;  // run_speed reports
  if (options.mask_peers == MaskPeers::off) return;

  std::uint64_t word0 = 0, word1 = 0;
  bool software_tier = false;
  PeerMask mask;
  for (const CpuFeatureState& f : cpu_report().features) {
    if (!f.detected || f.enabled) continue;
    for (const FeatureMap& m : kFeatures) {
      if (m.name != f.name) continue;
      mask.features.emplace_back(f.name);
      word0 |= m.word0;
      word1 |= m.word1;
      add_unique(mask.gcrypt_hwf, m.hwf1);
      add_unique(mask.gcrypt_hwf, m.hwf2);
      software_tier = software_tier || m.name == "aesni" || m.name == "pclmul" || m.name == "ssse3";
    }
  }
  if (!software_tier && options.mask_peers != MaskPeers::on) return;
  mask.active = true;
  if (word0 != 0 || word1 != 0) {
    mask.openssl_ia32cap.append("~").append(hex(word0)).append(":~").append(hex(word1));
  }
  g_mask = mask;
  if (mask.openssl_ia32cap.empty()) return;

  const char* current = std::getenv("OPENSSL_ia32cap");
  if (current != nullptr && mask.openssl_ia32cap == current) {
    g_mask.openssl_applied = true;
    return;
  }
  if (current != nullptr) {
    g_mask.openssl_note = std::string("OPENSSL_ia32cap=") + current + " set by the caller kept";
    return;
  }
  if (std::getenv(kReexecMarker) != nullptr) {
    g_mask.openssl_note = "re-executed, but OPENSSL_ia32cap was not kept";
    return;
  }
#if defined(AESKIT_HAVE_OPENSSL)
  // libcrypto has already read its capabilities: set the variable and start afresh.
  setenv("OPENSSL_ia32cap", mask.openssl_ia32cap.c_str(), 1);
  setenv(kReexecMarker, "1", 1);
  std::fflush(nullptr);
  execv("/proc/self/exe", full_argv);
  // Only reached if the re-execution failed: go on unmasked, and say so.
  unsetenv("OPENSSL_ia32cap");
  g_mask.openssl_note = "could not re-execute /proc/self/exe to set OPENSSL_ia32cap";
#else
  (void)full_argv;
#endif
}

const PeerMask& peer_mask() {
  return g_mask;
}

bool impl_hw_masked(std::string_view impl) {
  if (impl == "aeskit") {
    for (const CpuFeatureState& f : cpu_report().features)
      if (f.detected && !f.enabled) return true;
    return false;
  }
  if (!g_mask.active) return false;
  if (impl == "openssl") return g_mask.openssl_applied || g_mask.openssl_ia32cap.empty();
  return true;  // libgcrypt applies gcrypt_hwf itself
}

std::string mask_summary(const std::string& how) {
  if (!g_mask.active) return "";
  std::string features;
  for (const std::string& f : g_mask.features) {
    if (!features.empty()) features.append(",");
    features.append(f);
  }
  if (features.empty()) features = "nothing removed";
  return "; hardware MASKED like aeskit (" + features + "): " + how;
}

}  // namespace aeskit::cli::speed
