// tests/cli/cli_parse_test.cpp — the command-line parsing in process (aeskit_cli_parsing, the
// library fuzz/cli_parse.cpp fuzzes): the key-file text rule without I/O (parse_key_text) and
// the seal/open options' verdicts and messages without printing (read_seal_options).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "cli_files.hpp"
#include "cmd_seal_options.hpp"

namespace {

namespace cli = aeskit::cli;
using Bytes = std::vector<std::uint8_t>;

Bytes text(std::string_view s) {
  return Bytes(s.begin(), s.end());
}

std::optional<Bytes> key_of(std::string_view s, bool raw, std::string& error) {
  error.clear();
  return cli::parse_key_text(text(s), raw, "k.key", error);
}

TEST(CliParse, HexKeyText) {
  std::string error;
  const std::string d32 = "00112233445566778899AABBCCDDEEFF";
  auto k = key_of(" \t" + d32 + "\r\n", false, error);
  ASSERT_TRUE(k.has_value()) << error;
  EXPECT_EQ(*k, (Bytes{0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xaa, 0xbb, 0xcc,
                       0xdd, 0xee, 0xff}));
  k = key_of(d32 + d32 + "\n", false, error);
  ASSERT_TRUE(k.has_value()) << error;
  EXPECT_EQ(k->size(), 32u);
  // 31 digits (the raw-key guess of old), a split key, a stray character, 48 digits.
  for (const std::string& bad : {d32.substr(1) + "\n", d32.substr(0, 16) + "\n" + d32.substr(16),
                                 d32 + "g", d32 + d32.substr(0, 16), std::string()}) {
    EXPECT_FALSE(key_of(bad, false, error).has_value()) << bad;
    EXPECT_NE(error.find("k.key"), std::string::npos) << error;
    EXPECT_NE(error.rfind("cannot", 0), 0u) << error;  // a bad key, not an I/O error (exit 2)
  }
  EXPECT_FALSE(key_of(d32.substr(0, 16) + " " + d32.substr(16), false, error).has_value());
  EXPECT_NE(error.find("separated by whitespace"), std::string::npos) << error;
  EXPECT_FALSE(key_of(d32.substr(1), false, error).has_value());
  EXPECT_NE(error.find("holds 31 hex digits"), std::string::npos) << error;
}

TEST(CliParse, RawKeyText) {
  std::string error;
  for (std::size_t n : {16u, 32u}) {
    const std::string s(n, '\n');  // raw keys are bytes, whitespace or not
    auto k = key_of(s, true, error);
    ASSERT_TRUE(k.has_value()) << n;
    EXPECT_EQ(*k, text(s));
  }
  for (std::size_t n : {0u, 15u, 17u, 24u, 33u}) {
    EXPECT_FALSE(key_of(std::string(n, 'a'), true, error).has_value()) << n;
    EXPECT_NE(error.find("holds " + std::to_string(n) + ")"), std::string::npos) << error;
  }
  EXPECT_FALSE(key_of(std::string(cli::kKeyFileReadLimit, 'a'), true, error).has_value());
  EXPECT_NE(error.find("or more"), std::string::npos) << error;
}

int read(std::vector<std::string> args, cli::SealOptions& o, std::string& message) {
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  message.clear();
  return cli::read_seal_options(static_cast<int>(argv.size()), argv.data(), "open", o, message);
}

TEST(CliParse, SealOptionsVerdicts) {
  const std::string hex = "000102030405060708090a0b0c0d0e0f000102030405060708090a0b0c0d0e0f";
  ASSERT_EQ(setenv("AESKIT_CLI_PARSE_TEST_KEY", hex.c_str(), 1), 0);
  ASSERT_EQ(setenv("AESKIT_CLI_PARSE_TEST_BAD", "0g", 1), 0);
  cli::SealOptions o;
  std::string m;
  EXPECT_EQ(
      read({"-e", "AESKIT_CLI_PARSE_TEST_KEY", "-t", "3", "-c", "ctx", "-o", "out", "in"}, o, m),
      -1)
      << m;
  EXPECT_TRUE(m.empty());
  EXPECT_EQ(o.key.size(), 32u);
  EXPECT_EQ(o.key[1], 1);
  EXPECT_EQ(o.threads, 3u);
  EXPECT_EQ(o.context, "ctx");
  EXPECT_EQ(o.output, "out");
  EXPECT_EQ(o.input, "in");

  cli::SealOptions help;
  EXPECT_EQ(read({"--help", "--bogus"}, help, m), cli::kExitOk);
  EXPECT_TRUE(m.empty());

  struct Case {
    std::vector<std::string> args;
    int status;
    const char* says;
  };
  const Case cases[] = {
      {{"--bogus"}, cli::kExitUsage, "unknown option '--bogus' (aeskit open --help)"},
      {{"-e", "AESKIT_CLI_PARSE_TEST_KEY", "-t", "x"}, cli::kExitUsage, "--threads wants"},
      {{"-e", "AESKIT_CLI_PARSE_TEST_KEY", "-o"}, cli::kExitUsage, "option '-o' needs a value"},
      {{"-e", "AESKIT_CLI_PARSE_TEST_KEY", "a", "b"}, cli::kExitUsage, "one input file at most"},
      {{"in"}, cli::kExitUsage, "exactly one of --key-file"},
      {{"-e", "AESKIT_CLI_PARSE_TEST_KEY", "-k", "k"}, cli::kExitUsage, "exactly one of"},
      {{"-e", "AESKIT_CLI_PARSE_TEST_UNSET_X"}, cli::kExitUsage, "is not set"},
      {{"-e", "AESKIT_CLI_PARSE_TEST_BAD"}, cli::kExitUsage, "must hold a 16- or 32-byte key"},
      {{"-k", "/nonexistent/aeskit/key"}, cli::kExitIo, "cannot open"},
  };
  for (const Case& c : cases) {
    cli::SealOptions x;
    EXPECT_EQ(read(c.args, x, m), c.status) << c.args[0];
    EXPECT_NE(m.find(c.says), std::string::npos) << m;
  }
}

}  // namespace
