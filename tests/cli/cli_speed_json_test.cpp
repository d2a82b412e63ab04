// tests/cli/cli_speed_json_test.cpp — end to end: `aeskit speed --json` (the built tool, path
// compiled in as AESKIT_CLI_PATH) keeps its contract, which other tools read:
//   - a JSON array of records, each with exactly the fields impl, backend, algorithm, op,
//     bytes, ops_per_sec, mb_per_sec, hw_masked, plus ns_per_op for single-block and
//     key-setup items; the types and the arithmetic between them (mb_per_sec is
//     ops_per_sec × bytes / 10^6);
//   - impl is "aeskit", "openssl", "libgcrypt", "ipsec-mb" or "ipsec-mb-job"; the first two peers
//     are measured beside aeskit when asked for (this build links them); Intel ipsec-mb's two
//     (direct GCM API, job API; loaded at run time) give the GCM items their records when the
//     build found intel-ipsec-mb.h, and are refused by name, and reported absent, when not;
//   - every (algorithm, op) name listed below is still produced: names may be added, never
//     renamed or dropped (a deliberate change updates this list and the release notes);
//   - hw_masked says whether the implementation ran with CPU features removed: false for
//     all with no AESKIT_DISABLE, true for aeskit and both peers when AESKIT_DISABLE removes
//     a detected feature (the peers are masked like aeskit).
// Timing values themselves are not checked (benchmarks are not timed tests); only that each
// measurement ran (ops_per_sec > 0). No vectors.
#include <sys/wait.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "aeskit/aeskit.hpp"

#ifndef AESKIT_CLI_PATH
#error "tests/CMakeLists.txt must define AESKIT_CLI_PATH"
#endif

namespace {

using Json = nlohmann::json;

// speed_json runs `env <env_args> aeskit speed --json - <args>` (the human report to
// /dev/null) and parses standard output; exit_code gets the tool's status.
Json speed_json(const std::string& env_args, const std::string& args, int& exit_code) {
  const std::string cmd = "env -u AESKIT_DISABLE " + env_args + " '" +
                          std::string(AESKIT_CLI_PATH) + "' speed --json - " + args +
                          " 2>/dev/null";
  std::string output;
  FILE* p = popen(cmd.c_str(), "r");
  if (p == nullptr) {
    exit_code = -1;
    return Json();
  }
  char buf[4096];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) output.append(buf, n);
  const int status = pclose(p);
  exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return Json::parse(output, nullptr, /*allow_exceptions=*/false);
}

// The names other tools key on (algorithm, op). Items whose op names a thread count above
// one ("seal (2 threads)") depend on the machine and are checked by pattern instead.
const std::set<std::pair<std::string, std::string>>& contract_names() {
  static const std::set<std::pair<std::string, std::string>> names = {
      {"AES-128-CBC-SHA1", "open"},
      {"AES-128-CBC-SHA1", "seal"},
      {"AES-128-CBC-SHA256", "open"},
      {"AES-128-CBC-SHA256", "seal"},
      {"AES-128-CBC", "decrypt"},
      {"AES-128-CBC", "encrypt"},
      {"AES-128-CCM", "open"},
      {"AES-128-CCM", "seal"},
      {"AES-128-CFB8", "decrypt"},
      {"AES-128-CFB8", "encrypt"},
      {"AES-128-CFB", "decrypt"},
      {"AES-128-CFB", "encrypt"},
      {"AES-128-CMAC", "mac"},
      {"HKDF-SHA-512", "Cobblestone-128 header"},
      {"AES-128-CTR-HMAC-SHA256", "open"},
      {"AES-128-CTR-HMAC-SHA256", "seal"},
      {"AES-128-CTR", "decrypt"},
      {"AES-128-CTR", "encrypt"},
      {"AES-128-EAX", "open"},
      {"AES-128-EAX", "seal"},
      {"AES-128-ECB", "decrypt"},
      {"AES-128-ECB", "encrypt"},
      {"AES-128-GCM-SIV", "open"},
      {"AES-128-GCM-SIV", "seal"},
      {"AES-128-GCM", "open"},
      {"AES-128-GCM", "seal"},
      {"AES-128-OCB", "open"},
      {"AES-128-OCB", "seal"},
      {"AES-128-OFB", "decrypt"},
      {"AES-128-OFB", "encrypt"},
      {"AES-128-SIV", "open"},
      {"AES-128-SIV", "seal"},
      {"AES-128-XTS", "decrypt"},
      {"AES-128-XTS", "encrypt"},
      {"AES-128-HCTR2", "decrypt"},
      {"AES-128-HCTR2", "encrypt"},
      {"AES-128", "decrypt block"},
      {"AES-128", "decrypt setup"},
      {"AES-128", "encrypt block"},
      {"AES-128", "encrypt setup"},
      {"AES-192-CBC", "decrypt"},
      {"AES-192-CBC", "encrypt"},
      {"AES-192-CFB8", "decrypt"},
      {"AES-192-CFB8", "encrypt"},
      {"AES-192-CFB", "decrypt"},
      {"AES-192-CFB", "encrypt"},
      {"AES-192-CTR", "decrypt"},
      {"AES-192-CTR", "encrypt"},
      {"AES-192-ECB", "decrypt"},
      {"AES-192-ECB", "encrypt"},
      {"AES-192-GCM", "open"},
      {"AES-192-GCM", "seal"},
      {"AES-192-OCB", "open"},
      {"AES-192-OCB", "seal"},
      {"AES-192-OFB", "decrypt"},
      {"AES-192-OFB", "encrypt"},
      {"AES-192-HCTR2", "decrypt"},
      {"AES-192-HCTR2", "encrypt"},
      {"AES-192", "decrypt block"},
      {"AES-192", "decrypt setup"},
      {"AES-192", "encrypt block"},
      {"AES-192", "encrypt setup"},
      {"AES-256-CBC-SHA1", "open"},
      {"AES-256-CBC-SHA1", "seal"},
      {"AES-256-CBC", "decrypt"},
      {"AES-256-CBC", "encrypt"},
      {"AES-256-CCM", "open"},
      {"AES-256-CCM", "seal"},
      {"AES-256-CFB8", "decrypt"},
      {"AES-256-CFB8", "encrypt"},
      {"AES-256-CFB", "decrypt"},
      {"AES-256-CFB", "encrypt"},
      {"AES-256-CMAC", "mac"},
      {"AES-256-CTR", "decrypt"},
      {"AES-256-CTR", "encrypt"},
      {"AES-256-EAX", "open"},
      {"AES-256-EAX", "seal"},
      {"AES-256-ECB", "decrypt"},
      {"AES-256-ECB", "encrypt"},
      {"AES-256-GCM-SIV", "open"},
      {"AES-256-GCM-SIV", "seal"},
      {"AES-256-GCM", "open"},
      {"AES-256-GCM", "seal"},
      {"AES-256-OCB", "open"},
      {"AES-256-OCB", "seal"},
      {"AES-256-OFB", "decrypt"},
      {"AES-256-OFB", "encrypt"},
      {"AES-256-SIV", "open"},
      {"AES-256-SIV", "seal"},
      {"AES-256-XTS", "decrypt"},
      {"AES-256-XTS", "encrypt"},
      {"AES-256-HCTR2", "decrypt"},
      {"AES-256-HCTR2", "encrypt"},
      {"AES-256", "decrypt block"},
      {"AES-256", "decrypt setup"},
      {"AES-256", "encrypt block"},
      {"AES-256", "encrypt setup"},
      {"AEGIS-128L", "open"},
      {"AEGIS-128L", "seal"},
      {"AEGIS-128X2", "open"},
      {"AEGIS-128X2", "seal"},
      {"AEGIS-128X4", "open"},
      {"AEGIS-128X4", "seal"},
      {"AEGIS-256", "open"},
      {"AEGIS-256", "seal"},
      {"AEGIS-256X2", "open"},
      {"AEGIS-256X2", "seal"},
      {"AEGIS-256X4", "open"},
      {"AEGIS-256X4", "seal"},
      {"Cobblestone-128", "open (1 thread)"},
      {"Cobblestone-128", "seal (1 thread)"},
      {"Cobblestone-256", "open (1 thread)"},
      {"Cobblestone-256", "seal (1 thread)"},
      {"DNDK-GCM", "open"},
      {"DNDK-GCM", "seal"},
      {"DNDK-GCM-KC", "open"},
      {"DNDK-GCM-KC", "seal"},
      {"HMAC-SHA1", "mac"},
      {"HMAC-SHA256", "mac"},
      {"HMAC-SHA512", "mac"},
      {"SHA-1", "hash"},
      {"SHA-256", "hash"},
      {"SHA-512", "hash"},
      {"XAES-256-GCM", "open"},
      {"XAES-256-GCM", "seal"},
      {"memcpy", "copy (1 thread)"},
      // The batch items (issue 42; speed/batch.hpp): "bytes" is the whole batch.
      {"AES-128-GCM", "seal batch (1 message)"},
      {"AES-128-GCM", "seal one by one (1 message)"},
      {"AES-128-GCM", "seal batch (8 messages)"},
      {"AES-128-GCM", "seal one by one (8 messages)"},
      {"AES-128-GCM", "seal batch (32 messages)"},
      {"AES-128-GCM", "seal one by one (32 messages)"},
      {"AES-128-GCM", "open batch (1 message)"},
      {"AES-128-GCM", "open one by one (1 message)"},
      {"AES-128-GCM", "open batch (8 messages)"},
      {"AES-128-GCM", "open one by one (8 messages)"},
      {"AES-128-GCM", "open batch (32 messages)"},
      {"AES-128-GCM", "open one by one (32 messages)"},
      {"AES-128-GCM-SIV", "seal batch (32 messages)"},
      {"AES-128-GCM-SIV", "seal one by one (32 messages)"},
      {"AES-128-GCM-SIV", "open batch (32 messages)"},
      {"AES-128-GCM-SIV", "open one by one (32 messages)"},
      {"AEGIS-128L", "seal batch (32 messages)"},
      {"AEGIS-128L", "seal one by one (32 messages)"},
      {"AEGIS-128L", "open batch (32 messages)"},
      {"AEGIS-128L", "open one by one (32 messages)"},
      {"AES-128", "header-protection masks (1 sample)"},
      {"AES-128", "header-protection masks (32 samples)"},
      {"AES-128", "header-protection masks (32 one-block calls)"},
  };
  return names;
}

void check_record_shape(const Json& r) {
  SCOPED_TRACE(r.dump());
  ASSERT_TRUE(r.is_object());
  const bool per_op = r.contains("ns_per_op");
  std::set<std::string> keys;
  for (const auto& [key, value] : r.items()) keys.insert(key);
  std::set<std::string> expected = {"impl",  "backend",     "algorithm",  "op",
                                    "bytes", "ops_per_sec", "mb_per_sec", "hw_masked"};
  if (per_op) expected.insert("ns_per_op");
  // Added fields (the clock and the cost in cycles; never renamed or removed): cpu_mhz, and
  // cycles_per_op (block and setup items) or cycles_per_byte (the others, when measurable).
  expected.insert("cpu_mhz");
  if (per_op)
    expected.insert("cycles_per_op");
  else if (r.contains("cycles_per_byte"))
    expected.insert("cycles_per_byte");
  EXPECT_EQ(keys, expected);
  ASSERT_TRUE(r["cpu_mhz"].is_number());
  EXPECT_GT(r["cpu_mhz"].get<double>(), 100.0);
  if (!per_op) {
    EXPECT_TRUE(r.contains("cycles_per_byte") || r["mb_per_sec"].get<double>() == 0.0);
    if (r.contains("cycles_per_byte")) {
      // Each figure is printed rounded (cpu_mhz to 1 MHz, mb_per_sec to 0.001): allow for it.
      const double cpb = r["cycles_per_byte"], mhz = r["cpu_mhz"], mb = r["mb_per_sec"];
      EXPECT_NEAR(cpb, mhz / mb, 1e-4 + cpb * (0.6 / mhz + 0.0006 / mb + 1e-4));
    }
  } else {
    EXPECT_NEAR(r["cycles_per_op"].get<double>(),
                r["ns_per_op"].get<double>() * r["cpu_mhz"].get<double>() / 1e3,
                0.1 + 1e-3 * r["cycles_per_op"].get<double>());
  }
  ASSERT_TRUE(r["impl"].is_string());
  const std::string impl = r["impl"];
  EXPECT_TRUE(impl == "aeskit" || impl == "openssl" || impl == "libgcrypt" || impl == "ipsec-mb" ||
              impl == "ipsec-mb-job")
      << impl;
  ASSERT_TRUE(r["backend"].is_string());
  EXPECT_FALSE(r["backend"].get<std::string>().empty());
  ASSERT_TRUE(r["algorithm"].is_string());
  ASSERT_TRUE(r["op"].is_string());
  ASSERT_TRUE(r["bytes"].is_number_unsigned());
  ASSERT_TRUE(r["ops_per_sec"].is_number());
  ASSERT_TRUE(r["mb_per_sec"].is_number());
  ASSERT_TRUE(r["hw_masked"].is_boolean());
  const double ops = r["ops_per_sec"], mb = r["mb_per_sec"];
  const double bytes = static_cast<double>(r["bytes"].get<std::uint64_t>());
  EXPECT_GT(ops, 0.0);
  // Printed with 1 and 3 decimals: allow for the rounding.
  EXPECT_NEAR(mb, ops * bytes / 1e6, 0.0006 + 0.05 * bytes / 1e6 + 1e-6 * mb);
  const std::string op = r["op"];
  // The HKDF header item is a setup item too (one derivation per operation, ns/op).
  const bool block_or_setup = op.ends_with(" block") || op.ends_with(" setup") ||
                              r["algorithm"].get<std::string>() == "HKDF-SHA-512";
  EXPECT_EQ(per_op, block_or_setup) << "ns_per_op goes with the block and setup items";
  if (per_op) {
    ASSERT_TRUE(r["ns_per_op"].is_number());
    EXPECT_NEAR(r["ns_per_op"].get<double>(), 1e9 / ops, 0.006 + 1e-3 * 1e9 / ops);
  }
}

TEST(SpeedJson, EveryItemKeepsItsNameAndFields) {
  int exit_code = -1;
  const Json records =
      speed_json("", "--compare openssl,libgcrypt --seconds 0.001 --sizes 16", exit_code);
  ASSERT_EQ(exit_code, 0);
  ASSERT_TRUE(records.is_array());
  ASSERT_FALSE(records.empty());
  std::set<std::pair<std::string, std::string>> seen;
  std::set<std::string> peers;
  for (const Json& r : records) {
    check_record_shape(r);
    if (HasFatalFailure()) return;
    EXPECT_FALSE(r["hw_masked"].get<bool>()) << r.dump();
    if (r["impl"] == "aeskit") {
      seen.emplace(r["algorithm"], r["op"]);
    } else if (r["algorithm"] == "AES-128-CTR" && r["op"] == "encrypt") {
      peers.insert(r["impl"].get<std::string>());
    }
  }
  for (const auto& name : contract_names())
    EXPECT_TRUE(seen.count(name)) << "no aeskit record for \"" << name.first << " " << name.second
                                  << "\"";
  for (const auto& [algorithm, op] : seen) {
    if (contract_names().count({algorithm, op})) continue;
    // Thread-count variants of the Cobblestone and memcpy items: "<verb> (N threads)".
    const bool threads = op.ends_with(" threads)") && op.find(" (") != std::string::npos;
    EXPECT_TRUE(threads) << "new item \"" << algorithm << " " << op
                         << "\": add it to contract_names()";
  }
  EXPECT_EQ(peers, (std::set<std::string>{"openssl", "libgcrypt"}));
}

TEST(SpeedJson, MaskedRunsSaySo) {
  // Remove the first feature this CPU has (aesni on x86-64 machines with it); the peers are
  // then masked like aeskit. On a machine with no optional feature nothing can be masked and
  // every record must say hw_masked false.
  std::string feature;
  for (const aeskit::CpuFeatureState& f : aeskit::cpu_report().features)
    if (f.detected && feature.empty()) feature = std::string(f.name);
  int exit_code = -1;
  const std::string env = feature.empty() ? "" : "AESKIT_DISABLE=" + feature;
  const Json records = speed_json(
      env,
      "--compare openssl,libgcrypt --seconds 0.001 --sizes 16 --filter \"AES-128-CTR encrypt\"",
      exit_code);
  ASSERT_EQ(exit_code, 0);
  ASSERT_TRUE(records.is_array());
  std::set<std::string> impls;
  for (const Json& r : records) {
    check_record_shape(r);
    if (HasFatalFailure()) return;
    impls.insert(r["impl"].get<std::string>());
    EXPECT_EQ(r["hw_masked"].get<bool>(), !feature.empty())
        << "AESKIT_DISABLE=" << feature << ": " << r.dump();
  }
  EXPECT_EQ(impls, (std::set<std::string>{"aeskit", "openssl", "libgcrypt"}));
}

// run_tool: standard output of `aeskit speed <args>` (standard error dropped).
std::string run_tool(const std::string& args, int& exit_code) {
  const std::string cmd =
      "env -u AESKIT_DISABLE '" + std::string(AESKIT_CLI_PATH) + "' speed " + args + " 2>/dev/null";
  std::string output;
  FILE* p = popen(cmd.c_str(), "r");
  if (p == nullptr) {
    exit_code = -1;
    return output;
  }
  char buf[4096];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) output.append(buf, n);
  const int status = pclose(p);
  exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return output;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    lines.push_back(text.substr(start, end - start));
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return lines;
}

// Intel ipsec-mb as a peer: built in when CMake found intel-ipsec-mb.h (AESKIT_TEST_HAVE_IPSEC_MB;
// the -dev package brings the library the peer loads), it measures exactly the GCM items, every
// size, through its direct API (ipsec-mb) and its job API (ipsec-mb-job), after the cross-check
// (exit status 0 means the outputs matched aeskit's), and the report header names it.
// Without the header, asking for it is a usage error that says why, and a default run's
// header says it was not measured.
TEST(SpeedJson, IpsecMbPeer) {
  int exit_code = -1;
  const std::string args =
      "--compare ipsec-mb,ipsec-mb-job --seconds 0.001 --sizes 16,1350 --filter "
      "\"AES-128-GCM seal\" --filter \"AES-256-GCM open\" --filter \"AES-128-CTR encrypt\"";
#if defined(AESKIT_TEST_HAVE_IPSEC_MB)
  const Json records = speed_json("", args, exit_code);
  ASSERT_EQ(exit_code, 0);
  ASSERT_TRUE(records.is_array());
  std::set<std::string> seen;
  for (const Json& r : records) {
    check_record_shape(r);
    if (HasFatalFailure()) return;
    const std::string impl = r["impl"];
    if (impl == "aeskit") continue;
    seen.insert(impl + " " + r["algorithm"].get<std::string>() + " " + r["op"].get<std::string>() +
                " " + std::to_string(r["bytes"].get<std::uint64_t>()));
    const std::string backend = r["backend"];
    EXPECT_TRUE(backend == "avx512" || backend == "avx2" || backend == "avx" || backend == "sse")
        << backend;
  }
  std::set<std::string> expected;
  for (const char* impl : {"ipsec-mb", "ipsec-mb-job"})
    for (const char* item : {"AES-128-GCM seal", "AES-256-GCM open"})
      for (const char* bytes : {"16", "1350"})
        expected.insert(std::string(impl) + " " + item + " " + bytes);
  EXPECT_EQ(seen, expected);  // no CTR record: ipsec-mb measures GCM only
  const std::string human = run_tool(args, exit_code);
  ASSERT_EQ(exit_code, 0) << human;
  EXPECT_NE(human.find("ipsec-mb:  Intel ipsec-mb "), std::string::npos) << human;
  EXPECT_NE(human.find("direct GCM API"), std::string::npos) << human;
  EXPECT_NE(human.find("ipsec-mb-job: Intel ipsec-mb "), std::string::npos) << human;
#else
  // The refusal is on standard error: read it in place of standard output.
  const std::string cmd = "env -u AESKIT_DISABLE '" + std::string(AESKIT_CLI_PATH) + "' speed " +
                          args + " 2>&1 >/dev/null";
  std::string out;
  FILE* p = popen(cmd.c_str(), "r");
  ASSERT_NE(p, nullptr);
  char buf[4096];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  const int status = pclose(p);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) != 0) << out;
  EXPECT_NE(out.find("cannot compare with ipsec-mb: intel-ipsec-mb.h"), std::string::npos) << out;
  const std::string human =
      run_tool("--seconds 0.001 --sizes 16 --filter \"AES-128-GCM seal\"", exit_code);
  ASSERT_EQ(exit_code, 0) << human;
  EXPECT_NE(human.find("(ipsec-mb: not measured: intel-ipsec-mb.h"), std::string::npos) << human;
#endif
}

// The default report: one compact table per key size, a row per operation, a cell per size
// with MB/s, cycles/byte and the ratio to the best peer; no bssl lines.
TEST(SpeedFormats, TableIsCompact) {
  int exit_code = -1;
  const std::string out = run_tool(
      "--compare openssl --seconds 0.001 --sizes 16,64 --filter \"AES-128-CTR encrypt\" "
      "--filter \"AES-256-GCM seal\" --cpu-mhz 3000",
      exit_code);
  ASSERT_EQ(exit_code, 0) << out;
  EXPECT_EQ(out.find("Did "), std::string::npos) << out;
  EXPECT_NE(out.find("clock 3000 MHz (--cpu-mhz)"), std::string::npos) << out;
  const std::vector<std::string> lines = lines_of(out);
  auto row = [&](const std::string& group, const std::string& name) -> std::string {
    bool in_group = false;
    for (const std::string& l : lines) {
      if (l == group)
        in_group = true;
      else if (in_group && l.starts_with(name + " "))
        return l;
      else if (in_group && l.empty())
        in_group = false;
    }
    return "";
  };
  for (const auto& [group, name] :
       {std::pair<std::string, std::string>{"AES-128", "CTR encrypt"}, {"AES-256", "GCM seal"}}) {
    const std::string l = row(group, name);
    ASSERT_FALSE(l.empty()) << group << " / " << name << ":\n" << out;
    // Two cells ("| MB/s c/B ratio"), each ratio "N.NNx".
    std::size_t cells = 0, at = 0;
    while ((at = l.find('|', at)) != std::string::npos) {
      ++cells;
      ++at;
      double mbps = 0, cpb = 0, ratio = 0;
      ASSERT_EQ(std::sscanf(l.c_str() + at, "%lf %lf %lfx", &mbps, &cpb, &ratio), 3) << l;
      EXPECT_GT(mbps, 0.0);
      // MB/s is printed to 0.1 below 100 and to 1 above, c/B to 0.01.
      const double half = mbps < 100 ? 0.05 : 0.5;
      EXPECT_GE(cpb, 3000.0 / (mbps + half) - 0.006) << l;
      EXPECT_LE(cpb, 3000.0 / (mbps - half) + 0.006) << l;
      EXPECT_GT(ratio, 0.0);
    }
    EXPECT_EQ(cells, 2u) << l;
  }
}

// --format csv: a header and one line per measurement, each with the header's field count.
TEST(SpeedFormats, CsvParses) {
  int exit_code = -1;
  const std::string out = run_tool(
      "--format csv --compare openssl --seconds 0.001 --sizes 16,1350 --filter "
      "\"AES-128-OCB seal\"",
      exit_code);
  ASSERT_EQ(exit_code, 0) << out;
  const std::vector<std::string> lines = lines_of(out);
  auto header = std::find_if(lines.begin(), lines.end(),
                             [](const std::string& l) { return l.starts_with("impl,backend,"); });
  ASSERT_NE(header, lines.end()) << out;
  auto fields = [](const std::string& l) { return std::count(l.begin(), l.end(), ',') + 1; };
  const auto width = fields(*header);
  EXPECT_EQ(width, 12);
  std::set<std::string> seen;
  for (auto it = header + 1; it != lines.end() && it->find(',') != std::string::npos; ++it) {
    EXPECT_EQ(fields(*it), width) << *it;
    std::vector<std::string> f;
    std::size_t start = 0;
    for (std::size_t comma; (comma = it->find(',', start)) != std::string::npos; start = comma + 1)
      f.push_back(it->substr(start, comma - start));
    f.push_back(it->substr(start));
    ASSERT_GE(f.size(), 5u);
    EXPECT_EQ(f[2] + " " + f[3], "AES-128-OCB seal") << *it;
    seen.insert(f[0] + " " + f[4]);
  }
  EXPECT_EQ(seen, (std::set<std::string>{"aeskit 16", "aeskit 1350", "openssl 16", "openssl 1350"}))
      << out;
}

// --quick: the curated set (26 items), at 16, 1350 and 16384 bytes unless --sizes is given.
TEST(SpeedFormats, QuickIsTheCuratedSet) {
  int exit_code = -1;
  const Json records = speed_json("", "--quick --compare none --seconds 0.001", exit_code);
  ASSERT_EQ(exit_code, 0);
  ASSERT_TRUE(records.is_array());
  std::set<std::string> labels;
  std::set<std::uint64_t> sizes;
  for (const Json& r : records) {
    labels.insert(r["algorithm"].get<std::string>() + " " + r["op"].get<std::string>());
    sizes.insert(r["bytes"].get<std::uint64_t>());
  }
  EXPECT_EQ(labels.size(), 26u);
  EXPECT_TRUE(labels.count("AES-128-GCM seal") && labels.count("AES-256-CCM open") &&
              labels.count("AES-256-XTS decrypt") && labels.count("AES-128-GCM-SIV open"));
  EXPECT_EQ(sizes, (std::set<std::uint64_t>{16, 1350, 16384}));
}

// --bound: the instruction table and, per aeskit item with a model, its bound, its cycles per
// byte and the share of the bound it reaches (never above 100%: the bound is a floor).
TEST(SpeedFormats, BoundTable) {
  int exit_code = -1;
  const std::string out = run_tool(
      "--bound --compare none --seconds 0.02 --sizes 16384 --filter \"AES-128-CTR encrypt\" "
      "--filter \"AES-256-GCM seal\" --filter \"SHA-256 hash\"",
      exit_code);
  ASSERT_EQ(exit_code, 0) << out;
  ASSERT_NE(out.find("The machine's limit (--bound)"), std::string::npos) << out;
  bool has_aes = false;
  for (const aeskit::CpuFeatureState& f : aeskit::cpu_report().features)
    has_aes = has_aes || (f.enabled && (f.name == "aesni" || f.name == "aes"));
  if (!has_aes) {
    EXPECT_NE(out.find("no AES instruction timed here"), std::string::npos) << out;
    return;
  }
  EXPECT_NE(out.find("AES round"), std::string::npos) << out;
  // x86 with PCLMULQDQ: the interleaved AES + carry-less multiply loop (at the two
  // instructions' throughput ratio), its sharing in [0, 1].
  bool has_pclmul = false;
  for (const aeskit::CpuFeatureState& f : aeskit::cpu_report().features)
    has_pclmul = has_pclmul || (f.enabled && f.name == "pclmul");
  if (has_pclmul) {
    const std::string label = "for the slower alone:\n  sharing ";
    ASSERT_NE(out.find("rounds per product"), std::string::npos) << out;
    const std::size_t at = out.find(label);
    ASSERT_NE(at, std::string::npos) << out;
    double sharing = -1;
    ASSERT_EQ(std::sscanf(out.c_str() + at + label.size(), "%lf", &sharing), 1)
        << out.substr(at, 60);
    EXPECT_GE(sharing, 0.0);
    EXPECT_LE(sharing, 1.0);
  }
  for (const std::string item : {"AES-128-CTR encrypt", "AES-256-GCM seal"}) {
    const std::size_t at = out.find("  " + item + " ");
    ASSERT_NE(at, std::string::npos) << item << ":\n" << out;
    double bound = 0, ours = 0, percent = 0;
    ASSERT_EQ(
        std::sscanf(out.c_str() + at + 2 + item.size(), "%lf %lf %lf%%", &bound, &ours, &percent),
        3)
        << out.substr(at, 80);
    EXPECT_GT(bound, 0.0);
    EXPECT_GT(ours, 0.0);
    // The table prints bound and c/B to 3 decimals and the share to 0, each from the unrounded
    // figures: the share must lie within what those roundings allow (at 0.075 / 0.089 the
    // 3-decimal rounding alone moves the ratio by more than 1%).
    const double lo = 100 * (bound - 0.0005) / (ours + 0.0005) - 0.5;
    const double hi = 100 * (bound + 0.0005) / (ours - 0.0005) + 0.5;
    EXPECT_GE(percent, lo) << out.substr(at, 80);
    EXPECT_LE(percent, hi) << out.substr(at, 80);
  }
  EXPECT_EQ(out.find("  SHA-256 hash "), std::string::npos) << "no model for hashes";
}

// --slope: a fitted per-byte cost and per-call cost per item and implementation; with
// --cpu-mhz fixed, the per-byte cost is near the cycles/byte at the largest size (the per-call
// cost spread over 16 KiB is small), within the noise of 10 ms measurements.
TEST(SpeedFormats, SlopeFits) {
  int exit_code = -1;
  const std::string out = run_tool(
      "--slope --compare none --seconds 0.01 --sizes 1024,4096,16384 --cpu-mhz 3000 --filter "
      "\"AES-128-CTR encrypt\"",
      exit_code);
  ASSERT_EQ(exit_code, 0) << out;
  const std::size_t table = out.find("Slopes (--slope)");
  ASSERT_NE(table, std::string::npos) << out;
  const std::size_t at = out.find("AES-128-CTR encrypt", table);
  ASSERT_NE(at, std::string::npos) << out;
  double per_byte = 0, per_call = 0;
  ASSERT_EQ(std::sscanf(out.c_str() + at + 19, " | %lf %lf", &per_byte, &per_call), 2)
      << out.substr(at, 80);
  EXPECT_GT(per_byte, 0.0);
  EXPECT_LT(per_byte, 100.0);
}

}  // namespace
