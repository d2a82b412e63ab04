// tests/cli/cli_cpu_test.cpp — end to end: the built `aeskit cpu` tool (path compiled in as
// AESKIT_CLI_PATH) reports kernels on the backend AESKIT_DISABLE leaves. Format relied on: a
// line "kernels:" followed by indented lines whose third whitespace-separated field is
// "<backend>:<kernel>", e.g. "  AES-128-CBC encrypt  aesni:cbc_encrypt (...)". The expected
// backend per AESKIT_DISABLE setting is the tier the detected features leave (vaes512 where
// AVX-512 is left and 512-bit registers are allowed, vaes256, aesni, vperm, portable), and
// AESKIT_PREFER_YMM=1 / =0 moves an AVX-512 CPU to vaes256 / keeps it on vaes512. The kernel
// text names the register width ("(bulk kernel, 512-bit)"). The "self-test" section: every
// available backend "passed"; and, with tools/aeskit/cmd_cpu.cpp compiled into this test so it
// runs in-process after a failure is injected through detail::self_test_inject_fault_for_testing,
// the failed backend is reported "FAILED: <entry> ... - not used" and every kernel line names
// the next backend. Likewise the "ghash self-test" and "gcm fused self-test" sections: every
// GHASH backend and fused GCM kernel this CPU runs "passed"; a failed GHASH backend is reported
// and the GCM and GCM-SIV lines name the next one; a failed fused kernel is reported and the
// GCM lines say "[generic, not fused]". No vectors.
#include <sys/wait.h>

#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "aead/gcm_fused.hpp"
#include "aeskit/aeskit.hpp"
#include "backend/backend.hpp"
#include "backend/ghash_backend.hpp"
#include "backend/select/catalog.hpp"
#include "backend/select/self_test.hpp"
#include "commands.hpp"  // tools/aeskit: run_cpu, compiled into this test
#include "cpu/features.hpp"

#ifndef AESKIT_CLI_PATH
#error "tests/CMakeLists.txt must define AESKIT_CLI_PATH"
#endif

namespace {

struct RunResult {
  int exit_code = -1;
  std::string output;
};

// run_cli runs `env <env_args> aeskit cpu` and captures stdout+stderr.
RunResult run_cli(const std::string& env_args) {
  RunResult r;
  const std::string cmd = "env " + env_args + " '" + std::string(AESKIT_CLI_PATH) + "' cpu 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  if (p == nullptr) return r;
  char buf[4096];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) r.output.append(buf, n);
  const int status = pclose(p);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

// section: the indented lines after the line starting with `header`, without the indent;
// `found` (if given) tells whether the header line was there.
std::vector<std::string> section(const std::string& output, const std::string& header,
                                 bool* found = nullptr) {
  std::vector<std::string> lines;
  std::istringstream in(output);
  std::string line;
  bool inside = false;
  while (std::getline(in, line)) {
    if (!inside) {
      inside = line.rfind(header, 0) == 0;
      continue;
    }
    if (line.size() < 2 || line[0] != ' ') break;  // end of the indented block
    lines.push_back(line.substr(2));
  }
  if (found != nullptr) *found = inside;
  return lines;
}

// kernel_backends returns the "<backend>" prefix of each kernel line's third field.
std::vector<std::string> kernel_backends(const std::string& output, std::string& problems) {
  std::vector<std::string> backends;
  bool found = false;
  for (const std::string& line : section(output, "kernels:", &found)) {
    std::istringstream fields(line);
    std::string f1, f2, f3;
    fields >> f1 >> f2 >> f3;
    const auto colon = f3.find(':');
    if (colon == std::string::npos || colon == 0) {
      problems += "malformed kernel line: '" + line + "'\n";
      continue;
    }
    backends.push_back(f3.substr(0, colon));
  }
  if (!found) problems += "no 'kernels:' line\n";
  return backends;
}

void expect_all_on(const RunResult& r, const std::string& backend) {
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::string problems;
  const auto backends = kernel_backends(r.output, problems);
  EXPECT_TRUE(problems.empty()) << problems << "output:\n" << r.output;
  ASSERT_GE(backends.size(), 3u) << "too few kernel lines; output:\n" << r.output;
  for (const std::string& b : backends) EXPECT_EQ(b, backend) << "output:\n" << r.output;
}

TEST(CliCpu, DisableAllPutsEveryKernelOnPortable) {
  expect_all_on(run_cli("AESKIT_DISABLE=all"), "portable");
}

// best_tier: the backend every kernel line must name when `setting` is applied to this CPU:
// vaes512 with everything vaes256 needs plus AVX-512 when zmm is allowed (`zmm_allowed`: the
// child's width preference; by default the same as this process's, which shares its
// environment and CPU model); vaes256 with AES-NI, SSSE3, AVX2, VAES, PCLMULQDQ and
// VPCLMULQDQ; else aesni with AES-NI and SSSE3; else portable.
// Below AES-NI: the vector-permute backend where it is compiled in and SSSE3 is left, else
// portable.
std::string best_tier(const char* setting,
                      bool zmm_allowed = aeskit::cpu::max_vector_bits() == 512) {
  using aeskit::cpu::Feature;
  const aeskit::cpu::FeatureSet f =
      aeskit::cpu::apply_disable(aeskit::cpu::detected_features(), setting).enabled;
  const bool aes = f.has(Feature::aesni) && f.has(Feature::ssse3);
  const bool ymm = aes && f.has(Feature::avx2) && f.has(Feature::vaes) && f.has(Feature::pclmul) &&
                   f.has(Feature::vpclmul);
  if (ymm && f.has(Feature::avx512) && zmm_allowed) return "vaes512";
  if (ymm) return "vaes256";
  if (aes) return "aesni";
  if (aeskit::detail::find_backend("vperm") != nullptr && f.has(Feature::ssse3)) return "vperm";
  return "portable";
}

// sha512_compressor_line: the compressor named on `aeskit cpu`'s "SHA-512" line of its hash
// compressors, or "" when there is none.
std::string sha512_compressor_line(const std::string& output) {
  const std::string key = "\n  SHA-512 ";
  const std::size_t at = output.find(key);
  if (at == std::string::npos) return "";
  std::size_t from = output.find_first_not_of(' ', at + key.size());
  const std::size_t end = output.find('\n', from);
  return output.substr(from, end == std::string::npos ? std::string::npos : end - from);
}

// SHA-512 runs on avx512sha512 with AVX-512, AVX2 and BMI2, on avx2sha512 with AVX2 and BMI2;
// AESKIT_DISABLE=avx512 leaves avx2sha512, bmi2 (or avx2) puts it back on portable.
TEST(CliCpu, Sha512CompressorFollowsAvx512Avx2AndBmi2) {
  using aeskit::cpu::Feature;
  for (const char* setting : {"", "avx512", "bmi2", "avx2"}) {
    const aeskit::cpu::FeatureSet f =
        aeskit::cpu::apply_disable(aeskit::cpu::detected_features(), setting).enabled;
    const bool x86 = aeskit::detail::find_sha_compressor("avx2sha512") != nullptr;
    const bool avx2 = x86 && f.has(Feature::avx2) && f.has(Feature::bmi2);
    const std::string want = !avx2                    ? "portable"
                             : f.has(Feature::avx512) ? "avx512sha512"
                                                      : "avx2sha512";
    const RunResult r = run_cli(*setting ? "AESKIT_DISABLE=" + std::string(setting)
                                         : std::string("-u AESKIT_DISABLE"));
    ASSERT_EQ(r.exit_code, 0) << r.output;
    const std::string got = sha512_compressor_line(r.output);
    if (!x86 && got != "portable") {
      // Other CPU families may have their own SHA-512 compressor; only x86's is checked.
      EXPECT_FALSE(got.empty()) << r.output;
      continue;
    }
    EXPECT_EQ(got, want) << "AESKIT_DISABLE=" << setting << "\n" << r.output;
  }
}

TEST(CliCpu, DisableAesniLeavesTheSoftwareTier) {
  const std::string tier = best_tier("aesni");
  EXPECT_TRUE(tier == "vperm" || tier == "portable") << tier;
  if (aeskit::cpu::detected_features().has(aeskit::cpu::Feature::ssse3)) {
    EXPECT_EQ(tier, "vperm") << "x86 with SSSE3: AESKIT_DISABLE=aesni must leave vperm";
  }
  expect_all_on(run_cli("AESKIT_DISABLE=aesni"), tier);
}

TEST(CliCpu, DisableAesniAndSsse3PutsEveryKernelOnPortable) {
  expect_all_on(run_cli("AESKIT_DISABLE=aesni,ssse3"), "portable");
}

TEST(CliCpu, DefaultUsesTheBestBackendTheCpuHas) {
  // On a Zen 3 (AES-NI, AVX2, VAES): vaes256; on a Zen 4/5 (AVX-512 too): vaes512.
  expect_all_on(run_cli("-u AESKIT_DISABLE"), best_tier(""));
}

TEST(CliCpu, DisableAvx512KeepsTheYmmBackend) {
  const std::string tier = best_tier("avx512");
  EXPECT_NE(tier, "vaes512");
  if (best_tier("") != "vaes512") {
    EXPECT_EQ(tier, best_tier("")) << "removing AVX-512 must not change a ymm/xmm choice";
  } else {
    EXPECT_EQ(tier, "vaes256") << "AVX-512 CPU without AVX-512: the ymm backend";
  }
  expect_all_on(run_cli("AESKIT_DISABLE=avx512"), tier);
}

TEST(CliCpu, PreferYmmEnvironmentPicksTheYmmBackend) {
  // AESKIT_PREFER_YMM=1: the zmm backend is skipped; =0: it is allowed again (even on a CPU
  // model that prefers ymm by default).
  expect_all_on(run_cli("-u AESKIT_DISABLE AESKIT_PREFER_YMM=1"), best_tier("", false));
  expect_all_on(run_cli("-u AESKIT_DISABLE AESKIT_PREFER_YMM=0"), best_tier("", true));
  if (best_tier("", true) != "vaes512") {
    GTEST_SKIP() << "SKIPPED, NOT PASSED: the two runs were checked, but this CPU has no "
                    "AVX-512+VAES (or AESKIT_DISABLE removes it), so both name "
                 << best_tier("", true) << " and the width preference changed nothing";
  }
  EXPECT_EQ(best_tier("", false), "vaes256");
}

TEST(CliCpu, KernelLinesNameTheRegisterWidth) {
  // "<backend>:ctr32_be (bulk kernel, N-bit)" for the default tier; a serial chain the VAES
  // backends share with aesni says "128-bit) [aesni's code]".
  const std::string tier = best_tier("");
  const RunResult r = run_cli("-u AESKIT_DISABLE");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  if (tier == "vaes512" || tier == "vaes256" || tier == "aesni") {
    const std::string bits = tier == "vaes512" ? "512" : tier == "vaes256" ? "256" : "128";
    EXPECT_NE(r.output.find(tier + ":ctr32_be (bulk kernel, " + bits + "-bit)"), std::string::npos)
        << r.output;
    if (tier != "aesni") {
      EXPECT_NE(r.output.find(tier + ":cbc_encrypt (bulk kernel, 128-bit) [aesni's code]"),
                std::string::npos)
          << r.output;
    }
  } else {
    GTEST_SKIP() << "SKIPPED, NOT PASSED: no AES-NI tier on this CPU (" << tier << ")";
  }
}

TEST(CliCpu, DisableVaesOrAvx2FallsBackToAesni) {
  for (const char* setting : {"vaes", "avx2"}) {
    SCOPED_TRACE(setting);
    const std::string tier = best_tier(setting);
    EXPECT_NE(tier, "vaes256");
    expect_all_on(run_cli(std::string("AESKIT_DISABLE=") + setting), tier);
  }
}

// self_test_lines: "<backend> <status...>" for each line of the "self-test" section.
std::vector<std::pair<std::string, std::string>> self_test_lines(const std::string& output) {
  std::vector<std::pair<std::string, std::string>> lines;
  std::istringstream in(output);
  std::string line;
  bool inside = false;
  while (std::getline(in, line)) {
    if (!inside) {
      inside = line.rfind("self-test", 0) == 0;
      continue;
    }
    if (line.empty() || line[0] != ' ') break;
    std::istringstream fields(line);
    std::string name, rest;
    fields >> name;
    std::getline(fields >> std::ws, rest);
    lines.emplace_back(name, rest);
  }
  return lines;
}

TEST(CliCpu, SelfTestPassedOnEveryAvailableBackend) {
  const RunResult r = run_cli("-u AESKIT_DISABLE");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto lines = self_test_lines(r.output);
  ASSERT_EQ(lines.size(), aeskit::detail::backend_count()) << r.output;
  for (const auto& [name, status] : lines) {
    const aeskit::detail::AesBackend* b = aeskit::detail::find_backend(name);
    ASSERT_NE(b, nullptr) << name;
    if (b->supported(aeskit::cpu::cpu_features()))
      EXPECT_EQ(status.rfind("passed", 0), 0u) << name << ": " << status;
    else
      EXPECT_EQ(status.rfind("not run", 0), 0u) << name << ": " << status;
  }
}

// run_cpu_here: `aeskit cpu ARGS` in this process (stdout and stderr captured).
RunResult run_cpu_here(std::vector<std::string> args) {
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  testing::internal::CaptureStdout();
  testing::internal::CaptureStderr();
  RunResult r;
  r.exit_code = aeskit::cli::run_cpu(static_cast<int>(argv.size()), argv.data());
  r.output = testing::internal::GetCapturedStdout();
  r.output += testing::internal::GetCapturedStderr();
  return r;
}

TEST(CliCpu, FailedSelfTestIsReportedAndTheNextBackendRunsEveryKernel) {
  namespace d = aeskit::detail;
  d::self_test_reset_for_testing();
  const d::AesBackend& best = d::best_backend(aeskit::cpu::cpu_features());
  if (best.name == "portable")
    GTEST_SKIP() << "SKIPPED, NOT PASSED: no backend above portable on this CPU";
  const std::string failed(best.name);
  const char* entry = best.ctr32_be != nullptr ? "ctr32_be" : "encrypt_blocks";
  ASSERT_TRUE(d::self_test_inject_fault_for_testing(best, entry));
  const std::string next(d::best_backend(aeskit::cpu::cpu_features()).name);
  ASSERT_NE(next, failed);

  const RunResult r = run_cpu_here({});
  EXPECT_EQ(r.exit_code, 0) << r.output;
  bool reported = false;
  for (const auto& [name, status] : self_test_lines(r.output)) {
    if (name != failed) continue;
    reported = true;
    EXPECT_EQ(status.rfind(std::string("FAILED: ") + entry + " (first: ", 0), 0u) << status;
    EXPECT_NE(status.find("- not used"), std::string::npos) << status;
  }
  EXPECT_TRUE(reported) << r.output;
  EXPECT_NE(r.output.find("default backend: " + next + "\n"), std::string::npos) << r.output;
  expect_all_on(r, next);

  const RunResult named = run_cpu_here({"--backend", failed});
  EXPECT_EQ(named.exit_code, 2);
  EXPECT_NE(named.output.find("failed its self-test"), std::string::npos) << named.output;
  d::self_test_reset_for_testing();
}

// status_in: the text after `name` (and its padding) on the section line for `name`.
std::string status_in(const std::vector<std::string>& lines, std::string_view name) {
  for (const std::string& line : lines) {
    if (line.rfind(name, 0) != 0 || line.size() <= name.size() || line[name.size()] != ' ')
      continue;
    const auto at = line.find_first_not_of(' ', name.size());
    return at == std::string::npos ? std::string() : line.substr(at);
  }
  return "(no line for " + std::string(name) + ")";
}

// aead_lines: the kernel lines of one AEAD (both operations).
std::vector<std::string> aead_lines(const std::string& output, const std::string& algorithm) {
  std::vector<std::string> lines;
  std::istringstream in(output);
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("  " + algorithm + " ", 0) == 0) lines.push_back(line);
  return lines;
}

TEST(CliCpu, GhashAndFusedSelfTestsPassedOnEveryAvailableOne) {
  namespace d = aeskit::detail;
  const RunResult r = run_cli("-u AESKIT_DISABLE");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const aeskit::cpu::FeatureSet& f = aeskit::cpu::cpu_features();
  const auto ghash = section(r.output, "ghash self-test");
  ASSERT_EQ(ghash.size(), d::ghash_backend_count()) << r.output;
  for (std::size_t i = 0; i < d::ghash_backend_count(); ++i) {
    const d::GhashBackend& g = d::ghash_backend_at(i);
    const std::string status = status_in(ghash, g.name);
    EXPECT_EQ(status.rfind(g.supported(f) ? "passed (update" : "not run", 0), 0u)
        << g.name << ": " << status;
    EXPECT_EQ(status.find("FAILED"), std::string::npos) << g.name << ": " << status;
  }
  const auto fused = section(r.output, "gcm fused self-test");
  std::size_t kernels = 0;
  for (const d::GcmFusedKernels* k : d::kGcmFusedList) {
    ++kernels;
    const std::string status = status_in(fused, k->name);
    const bool runs = k->aes->supported(f) && k->ghash->supported(f);
    EXPECT_EQ(status.rfind(runs ? "passed (seal, open: 0.." : "not run", 0), 0u)
        << k->name << ": " << status;
  }
  EXPECT_EQ(fused.size(), kernels) << r.output;
}

TEST(CliCpu, FailedGhashBackendIsReportedAndGcmTakesTheNext) {
  namespace d = aeskit::detail;
  d::self_test_reset_for_testing();
  const aeskit::cpu::FeatureSet& f = aeskit::cpu::cpu_features();
  const d::GhashBackend& best = d::best_ghash_backend(f);
  if (best.name == "portable")
    GTEST_SKIP() << "SKIPPED, NOT PASSED: no GHASH backend above portable on this CPU";
  const std::string failed(best.name);
  ASSERT_TRUE(d::self_test_inject_fault_for_testing(best, "update"));
  const std::string next(d::best_ghash_backend(f).name);
  ASSERT_NE(next, failed);

  const RunResult r = run_cpu_here({});
  EXPECT_EQ(r.exit_code, 0) << r.output;
  const std::string status = status_in(section(r.output, "ghash self-test"), failed);
  EXPECT_EQ(status.rfind("FAILED: update (first: update, 1 block) - not used", 0), 0u) << status;
  const auto fused = section(r.output, "gcm fused self-test");
  for (const d::GcmFusedKernels* k : d::kGcmFusedList) {
    if (k->ghash != &best) continue;
    EXPECT_EQ(status_in(fused, k->name),
              "not run: its GHASH backend " + failed + " failed its self-test - not used");
  }
  // GCM hashes on the next backend (fused with it or not), GCM-SIV's POLYVAL too.
  const auto gcm = aead_lines(r.output, "AES-128-GCM");
  ASSERT_EQ(gcm.size(), 2u) << r.output;
  for (const std::string& line : gcm) {
    EXPECT_EQ(line.find(failed), std::string::npos) << line;
    EXPECT_TRUE(line.find("then " + next + ":ghash") != std::string::npos ||
                line.find("+" + next + " ") != std::string::npos)
        << line;
  }
  for (const std::string& line : aead_lines(r.output, "AES-128-GCM-SIV"))
    EXPECT_NE(line.find("POLYVAL " + next + " "), std::string::npos) << line;
  d::self_test_reset_for_testing();
}

TEST(CliCpu, FailedFusedKernelIsReportedAndGcmRunsUnfused) {
  namespace d = aeskit::detail;
  d::self_test_reset_for_testing();
  const aeskit::cpu::FeatureSet& f = aeskit::cpu::cpu_features();
  const d::AesBackend& aes = d::best_backend(f);
  const d::GcmFusedKernels* k = d::choose_gcm(aes, nullptr, f, true).fused;
  if (k == nullptr) {
    GTEST_SKIP() << "SKIPPED, NOT PASSED: the default backend here (" << aes.name
                 << ") has no fused GCM kernel";
  }
  const std::string name(k->name);
  ASSERT_TRUE(d::self_test_inject_fault_for_testing(*k, "seal"));

  const RunResult r = run_cpu_here({});
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(status_in(section(r.output, "gcm fused self-test"), name),
            "FAILED: seal (first: seal, AES-128, 1 block) - not used, GCM runs unfused")
      << r.output;
  for (const char* algorithm : {"AES-128-GCM", "AES-256-GCM"}) {
    const auto lines = aead_lines(r.output, algorithm);
    ASSERT_EQ(lines.size(), 2u) << r.output;
    for (const std::string& line : lines) {
      EXPECT_NE(line.find("[generic, not fused]"), std::string::npos) << line;
      EXPECT_EQ(line.find(name), std::string::npos) << line;
    }
  }
  d::self_test_reset_for_testing();
  const RunResult again = run_cpu_here({});
  for (const std::string& line : aead_lines(again.output, "AES-128-GCM"))
    EXPECT_NE(line.find("fused " + name), std::string::npos) << line;
}

}  // namespace
