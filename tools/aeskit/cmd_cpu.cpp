// tools/aeskit/cmd_cpu.cpp — `aeskit cpu`: CPU features, AESKIT_DISABLE, backends and their
// self-test results (AES backends, GHASH backends with their POLYVAL kernels, fused GCM
// kernels), and the kernel every mode and key size runs on.
//
// Output format (tests and scripts read it): a "kernels:" line, then one line per algorithm
// and operation: two spaces, the algorithm (AES-128-CBC), the operation (encrypt/decrypt),
// then the kernel, which always starts with "<backend>:". Each self-test section is a line
// starting "self-test", "ghash self-test" or "gcm fused self-test", then one indented line
// per backend or kernel: its name (fused kernel names contain a space), then the result.
// Last, a "hash compressors:" line and one indented line per hash: the hash (SHA-256), then
// the compressor it runs on (portable, shani, armv8sha256, ...).
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "aeskit/aeskit.hpp"
#include "commands.hpp"

namespace aeskit::cli {
namespace {

constexpr Mode kModes[] = {Mode::ecb,    Mode::cbc,  Mode::ctr128, Mode::ctr32,
                           Mode::cfb128, Mode::cfb8, Mode::ofb};
constexpr std::size_t kKeyBits[] = {128, 192, 256};

void print_features(const CpuReport& r) {
  std::printf("cpu: %s\n", r.cpu_name.empty() ? "(no brand string)" : r.cpu_name.c_str());
  std::printf("features:");
  for (const auto& f : r.features)
    if (f.enabled) std::printf(" %.*s", static_cast<int>(f.name.size()), f.name.data());
  std::printf("\n");
  std::printf("disabled:");
  bool any = false;
  for (const auto& f : r.features) {
    if (f.detected && !f.enabled) {
      std::printf(" %.*s", static_cast<int>(f.name.size()), f.name.data());
      any = true;
    }
  }
  std::printf("%s (AESKIT_DISABLE=%s)\n", any ? "" : " none",
              r.disable_setting.empty() ? "<unset>" : r.disable_setting.c_str());
  std::printf("absent:");
  for (const auto& f : r.features)
    if (!f.detected) std::printf(" %.*s", static_cast<int>(f.name.size()), f.name.data());
  std::printf("\n");
  for (const auto& t : r.unknown_tokens)
    std::printf("warning: AESKIT_DISABLE token '%s' names no feature; ignored\n", t.c_str());
#if defined(__x86_64__) || defined(__i386__)
  std::printf("vector width: up to %u-bit%s (prefer-ymm %s, from %.*s)\n", r.vector_bits,
              r.prefer_ymm ? ", ymm preferred" : "", r.prefer_ymm ? "on" : "off",
              static_cast<int>(r.prefer_ymm_source.size()), r.prefer_ymm_source.data());
#else
  std::printf("vector width: %u-bit\n", r.vector_bits);
#endif
}

void print_backends() {
  std::printf("backends (fastest first):\n");
  for (const auto& b : backends()) {
    std::printf("  %-10.*s %-11s %.*s\n", static_cast<int>(b.name.size()), b.name.data(),
                b.available ? "available" : "unavailable", static_cast<int>(b.description.size()),
                b.description.data());
  }
  std::printf("self-test (every kernel against the portable block function, once per process):\n");
  for (const auto& b : backends()) {
    std::printf("  %-10.*s %s\n", static_cast<int>(b.name.size()), b.name.data(),
                b.self_test.c_str());
  }
  std::printf(
      "ghash self-test (update and the native POLYVAL kernel against a bit-serial GF(2^128) "
      "multiply, once per process):\n");
  for (const auto& g : ghash_backends()) {
    std::printf("  %-10.*s %s\n", static_cast<int>(g.name.size()), g.name.data(),
                g.self_test.c_str());
  }
  std::printf(
      "gcm fused self-test (against its AES backend's CTR + its GHASH backend's update, once per "
      "process):\n");
  for (const auto& k : gcm_fused_kernels()) {
    std::printf("  %-22.*s %s\n", static_cast<int>(k.name.size()), k.name.data(),
                k.self_test.c_str());
  }
  std::string_view d = default_backend();
  std::printf("default backend: %.*s\n", static_cast<int>(d.size()), d.data());
}

// print_aead_kernels: one line per AEAD and operation, from a throwaway all-zero key.
void print_aead_kernels(std::string_view backend) {
  for (const AeadAlgorithm* alg : aead::algorithms()) {
    const std::vector<std::uint8_t> zero_key(alg->key_length());
    auto key = AeadKey::create(*alg, zero_key, alg->default_tag_length(), backend);
    if (!key) continue;
    const std::string k = key->kernel();
    for (const char* op : {"seal", "open"}) {
      std::printf("  %-14.*s %-8s %s\n", static_cast<int>(alg->name().size()), alg->name().data(),
                  op, k.c_str());
    }
  }
}

void print_kernels(std::string_view backend) {
  std::printf("kernels:\n");
  for (std::size_t bits : kKeyBits) {
    for (Mode m : kModes) {
      for (Direction dir : {Direction::encrypt, Direction::decrypt}) {
        std::string alg = "AES-" + std::to_string(bits) + "-" + std::string(mode_name(m));
        std::string k = kernel_for(m, dir, bits, backend);
        std::printf("  %-14s %-8s %s\n", alg.c_str(),
                    dir == Direction::encrypt ? "encrypt" : "decrypt", k.c_str());
      }
    }
    for (Direction dir : {Direction::encrypt, Direction::decrypt}) {  // XTS: 2 keys of `bits`
      const std::string alg = "AES-" + std::to_string(bits) + "-XTS";
      const std::string k = xts_kernel_for(dir, bits, backend);
      std::printf("  %-14s %-8s %s\n", alg.c_str(),
                  dir == Direction::encrypt ? "encrypt" : "decrypt", k.c_str());
    }
  }
}

// print_hashes: the SHA compressor each hash runs on (HMAC, HKDF, Cobblestone and the TLS
// CBC-HMAC AEADs use the same one), after a header line of its own.
void print_hashes() {
  std::printf("hash compressors:\n");
  for (HashAlgorithm alg : {HashAlgorithm::sha1, HashAlgorithm::sha256, HashAlgorithm::sha512}) {
    const std::string_view name = hash_name(alg);
    auto h = Hash::create(alg);
    const std::string_view b = h ? h->backend_name() : std::string_view("(unavailable)");
    std::printf("  %-14.*s %.*s\n", static_cast<int>(name.size()), name.data(),
                static_cast<int>(b.size()), b.data());
  }
}

}  // namespace

int run_cpu(int argc, char** argv) {
  std::string_view backend;
  for (int i = 0; i < argc; ++i) {
    std::string_view a = argv[i];
    if (a == "--backend" && i + 1 < argc) {
      backend = argv[++i];
    } else if (a.rfind("--backend=", 0) == 0) {
      backend = a.substr(10);
    } else if (a == "--help" || a == "-h") {
      std::printf(
          "usage: aeskit cpu [--backend NAME]\n"
          "Shows the CPU features found, those removed by AESKIT_DISABLE, the backends, the\n"
          "self-tests of the AES and GHASH backends and fused GCM kernels, and the kernel each\n"
          "mode and key size runs on (for NAME, or the default backend), and the SHA\n"
          "compressor each hash runs on.\n");
      return 0;
    } else {
      std::fprintf(stderr, "aeskit cpu: unknown option '%s'\n", argv[i]);
      return 2;
    }
  }
  if (!backend.empty()) {
    bool known = false, available = false, failed = false;
    for (const auto& b : backends()) {
      if (b.name == backend) {
        known = true;
        available = b.available;
        failed = b.self_test_failed;
      }
    }
    if (!known || !available) {
      std::fprintf(stderr, "aeskit cpu: backend '%.*s' is %s\n", static_cast<int>(backend.size()),
                   backend.data(),
                   !known   ? "unknown"
                   : failed ? "not used: it failed its self-test on this CPU"
                            : "not available on this CPU");
      return 2;
    }
  }
  print_features(cpu_report());
  print_backends();
  print_kernels(backend);
  print_aead_kernels(backend);
  print_hashes();
  return 0;
}

}  // namespace aeskit::cli
