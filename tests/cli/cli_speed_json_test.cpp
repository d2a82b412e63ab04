// tests/cli/cli_speed_json_test.cpp — end to end: `aeskit speed --json` (the built tool, path
// compiled in as AESKIT_CLI_PATH) keeps its contract, which other tools read:
//   - a JSON array of records, each with exactly the fields impl, backend, algorithm, op,
//     bytes, ops_per_sec, mb_per_sec, hw_masked, plus ns_per_op for single-block and
//     key-setup items; the types and the arithmetic between them (mb_per_sec is
//     ops_per_sec × bytes / 10^6);
//   - impl is "aeskit", "openssl" or "libgcrypt"; both peers are measured beside aeskit when
//     asked for (this build links them);
//   - every (algorithm, op) name listed below is still produced: names may be added, never
//     renamed or dropped (a deliberate change updates this list and the release notes);
//   - hw_masked says whether the implementation ran with CPU features removed: false for
//     all with no AESKIT_DISABLE, true for aeskit and both peers when AESKIT_DISABLE removes
//     a detected feature (the peers are masked like aeskit).
// Timing values themselves are not checked (benchmarks are not timed tests); only that each
// measurement ran (ops_per_sec > 0). No vectors.
#include <sys/wait.h>

#include <cmath>
#include <cstdio>
#include <set>
#include <string>
#include <utility>

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
      {"AES-256", "decrypt block"},
      {"AES-256", "decrypt setup"},
      {"AES-256", "encrypt block"},
      {"AES-256", "encrypt setup"},
      {"Cobblestone-128", "open (1 thread)"},
      {"Cobblestone-128", "seal (1 thread)"},
      {"Cobblestone-256", "open (1 thread)"},
      {"Cobblestone-256", "seal (1 thread)"},
      {"HMAC-SHA1", "mac"},
      {"HMAC-SHA256", "mac"},
      {"HMAC-SHA512", "mac"},
      {"SHA-1", "hash"},
      {"SHA-256", "hash"},
      {"SHA-512", "hash"},
      {"XAES-256-GCM", "open"},
      {"XAES-256-GCM", "seal"},
      {"memcpy", "copy (1 thread)"},
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
  EXPECT_EQ(keys, expected);
  ASSERT_TRUE(r["impl"].is_string());
  const std::string impl = r["impl"];
  EXPECT_TRUE(impl == "aeskit" || impl == "openssl" || impl == "libgcrypt") << impl;
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
  const bool block_or_setup = op.ends_with(" block") || op.ends_with(" setup");
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

}  // namespace
