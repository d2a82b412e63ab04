// tests/cli/cli_small_test.cpp — the smaller defects of issue 38 (item I), each probe as a test:
// XTS over 16 MiB and one-shot AEADs over 64 MiB are usage errors (exit 2) with the limit
// named; the thread limit (9999) is stated; unknown `speed` options are named as such; write
// errors on --help, --list and cpu fail; `--` ends the options; `-o ''` is refused; `-e`
// trims like `-k`; GCM enc/dec stream in bounded memory and dec releases nothing unverified;
// a file too short for the format is "not an aeskit file".
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cli_support.hpp"

namespace {

using aeskit_test::Bytes;
using aeskit_test::cli::Child;
using aeskit_test::cli::Stream;

bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

// Peak resident sets: ASan's shadow memory and allocator add tens of MiB (as in
// cli_memory_test.cpp), so sanitizer builds check a looser bound that still fails if a 150 MB
// input were held in memory.
#if defined(AESKIT_TEST_SANITIZED)
constexpr long kOneShotRssKiB = 256 * 1024;
constexpr long kStreamRssKiB = 256 * 1024;
#else
constexpr long kOneShotRssKiB = 100 * 1024;
constexpr long kStreamRssKiB = 64 * 1024;
#endif

class CliSmall : public aeskit_test::cli::CliTest {
 protected:
  void SetUp() override {
    CliTest::SetUp();
    ASSERT_EQ(run({"keygen", "-o", "key"}).code(), 0);
    hex_ = read_text(path("key")).substr(0, 32);
  }
  std::vector<std::string> gcm(const char* cmd, std::vector<std::string> rest) const {
    std::vector<std::string> a = {cmd,  "-a",      "aes-128-gcm",       "-K",
                                  hex_, "--nonce", std::string(24, '0')};
    a.insert(a.end(), rest.begin(), rest.end());
    return a;
  }
  std::string hex_;
};

TEST_F(CliSmall, XtsAndOneShotAeadLimitsAreUsageErrors) {
  const std::string k2 = std::string(32, '1') + std::string(32, '2');
  write_bytes(path("max"), Bytes(std::size_t{1} << 24, 1));
  Child c = run({"enc", "-a", "aes-128-xts", "-K", k2, "--iv", hex_, "-o", "x", "max"});
  EXPECT_EQ(c.code(), 0) << c.err;
  write_bytes(path("over"), Bytes((std::size_t{1} << 24) + 16, 1));
  c = run({"enc", "-a", "aes-128-xts", "-K", k2, "--iv", hex_, "-o", "y", "over"});
  EXPECT_EQ(c.code(), 2);
  EXPECT_TRUE(contains(c.err, "one data unit of at most 16 MiB")) << c.err;
  EXPECT_FALSE(contains(c.err, "associated data")) << c.err;
  write_bytes(path("big"), Bytes((std::size_t{64} << 20) + 1, 2));
  c = run(
      {"enc", "-a", "aes-128-ocb", "-K", hex_, "--nonce", std::string(24, '0'), "-o", "z", "big"});
  EXPECT_EQ(c.code(), 2);
  EXPECT_TRUE(contains(c.err, "at most 64 MiB")) << c.err;
  EXPECT_LT(c.max_rss_kib, kOneShotRssKiB);
  EXPECT_EQ(files(), (std::vector<std::string>{"big", "key", "max", "over", "x"}));
}

TEST_F(CliSmall, ThreadLimitIsStated) {
  write_text(path("pt"), "hello");
  EXPECT_EQ(run({"seal", "-q", "-k", "key", "-t", "9999", "-o", "ct", "pt"}).code(), 0);
  const Child c = run({"seal", "-q", "-k", "key", "-t", "10000", "-o", "ct", "pt"});
  EXPECT_EQ(c.code(), 2);
  EXPECT_TRUE(contains(c.err, "from 1 to 9999")) << c.err;
  const Child h = run({"seal", "--help"}, {}, {.path = "help"});
  EXPECT_TRUE(contains(read_text(path("help")), "1 to 9999"));
}

TEST_F(CliSmall, SpeedNamesUnknownOptions) {
  for (const char* bad : {"--bogus", "--bogus=1", "-x"}) {
    SCOPED_TRACE(bad);
    const Child c = run({"speed", bad});
    EXPECT_EQ(c.code(), 2);
    EXPECT_TRUE(contains(c.err, "unknown option")) << c.err;
    EXPECT_FALSE(contains(c.err, "needs a value")) << c.err;
  }
}

TEST_F(CliSmall, WriteErrorsOnStandardOutputFail) {
  const Stream full{.path = "/dev/full"};
  for (const std::vector<std::string>& args : {std::vector<std::string>{"--help"},
                                               {"seal", "--help"},
                                               {"enc", "--help"},
                                               {"enc", "--list"},
                                               {"cpu"},
                                               {"keygen", "--help"}}) {
    SCOPED_TRACE(args[0] + (args.size() > 1 ? " " + args[1] : ""));
    const Child c = run(args, {}, full);
    EXPECT_EQ(c.code(), 3);
    EXPECT_TRUE(contains(c.err, "cannot write to standard output")) << c.err;
  }
  EXPECT_EQ(run({"enc", "--list"}).code(), 0);  // to /dev/null: fine
}

TEST_F(CliSmall, DoubleDashEndsOptions) {
  write_text(path("-x"), "a file whose name starts with a dash");
  Child c = run({"seal", "-q", "-k", "key", "-o", "x.cob", "--", "-x"});
  ASSERT_EQ(c.code(), 0) << c.err;
  c = run({"open", "-q", "-k", "key", "-o", "back", "--", "x.cob"});
  ASSERT_EQ(c.code(), 0) << c.err;
  EXPECT_EQ(read_text(path("back")), "a file whose name starts with a dash");
  c = run(gcm("enc", {"-o", "x.gcm", "--", "-x"}));
  ASSERT_EQ(c.code(), 0) << c.err;
  c = run(gcm("dec", {"-o", "back2", "--", "x.gcm"}));
  ASSERT_EQ(c.code(), 0) << c.err;
  EXPECT_EQ(read_text(path("back2")), "a file whose name starts with a dash");
  c = run({"seal", "-q", "-k", "key", "-x"});
  EXPECT_EQ(c.code(), 2);
  EXPECT_TRUE(contains(c.err, "unknown option '-x'")) << c.err;
}

TEST_F(CliSmall, EmptyOutputNameIsRefused) {
  write_text(path("pt"), "x");
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"seal", "-k", "key", "-o", "", "pt"},
        {"open", "-k", "key", "-o", "", "pt"},
        {"seal", "-k", "key", "--output=", "pt"},
        gcm("enc", {"-o", "", "pt"}),
        gcm("dec", {"-o", "", "pt"}),
        {"keygen", "-o", ""}}) {
    SCOPED_TRACE(args[0]);
    const Child c = run(args, {}, {.path = "stdout"});
    EXPECT_EQ(c.code(), 2);
    EXPECT_TRUE(contains(c.err, "-o needs a file name")) << c.err;
    EXPECT_TRUE(read_text(path("stdout")).empty());
  }
}

TEST_F(CliSmall, KeyInEnvironmentIsTrimmedLikeAKeyFile) {
  write_text(path("pt"), "secret");
  setenv("AESKIT_TEST_KEY", ("  " + hex_ + "\n").c_str(), 1);
  Child c = run({"seal", "-q", "-e", "AESKIT_TEST_KEY", "-o", "ct", "pt"});
  ASSERT_EQ(c.code(), 0) << c.err;
  c = run({"open", "-q", "-k", "key", "-o", "back", "ct"});
  ASSERT_EQ(c.code(), 0) << c.err;
  EXPECT_EQ(read_text(path("back")), "secret");
  setenv("AESKIT_TEST_KEY", (hex_.substr(0, 16) + " " + hex_.substr(16)).c_str(), 1);
  c = run({"seal", "-q", "-e", "AESKIT_TEST_KEY", "-o", "ct2", "pt"});
  EXPECT_EQ(c.code(), 2);
  EXPECT_FALSE(contains(c.err, hex_.substr(0, 16))) << c.err;  // the key is not echoed
  unsetenv("AESKIT_TEST_KEY");
}

// GCM enc/dec stream: 150 MB in and out with a few MiB resident; dec of a modified file writes
// nothing to stdout (the plaintext waited, unverified, in an unnamed file).
TEST_F(CliSmall, GcmStreamsInBoundedMemory) {
  // Written in pieces: a test holding 150 MB would lend its pages to the forked child's RSS.
  {
    std::ofstream f(path("pt"), std::ios::binary);
    for (unsigned i = 0; i < 150; ++i) {
      const Bytes piece = random_bytes(1'000'000, i);
      f.write(reinterpret_cast<const char*>(piece.data()),
              static_cast<std::streamsize>(piece.size()));
    }
  }
  auto same = [&](const char* a, const char* b) {
    return std::system(("cmp -s " + path(a) + " " + path(b)).c_str()) == 0;
  };
  Child c = run(gcm("enc", {"-o", "ct", "pt"}));
  ASSERT_EQ(c.code(), 0) << c.err;
  EXPECT_LT(c.max_rss_kib, kStreamRssKiB);
  c = run(gcm("dec", {"-o", "back", "ct"}));
  ASSERT_EQ(c.code(), 0) << c.err;
  EXPECT_LT(c.max_rss_kib, kStreamRssKiB);
  EXPECT_TRUE(same("back", "pt"));
  c = run(gcm("dec", {"ct"}), {}, {.path = "stdout"});
  ASSERT_EQ(c.code(), 0) << c.err;
  EXPECT_LT(c.max_rss_kib, kStreamRssKiB);
  EXPECT_TRUE(same("stdout", "pt"));
  {
    std::fstream f(path("ct"), std::ios::binary | std::ios::in | std::ios::out);
    char byte = 0;
    f.seekg(123456);
    f.get(byte);
    f.seekp(123456);
    f.put(static_cast<char>(byte ^ 1));
  }
  c = run(gcm("dec", {"ct"}), {}, {.path = "stdout"});
  EXPECT_EQ(c.code(), 6);
  EXPECT_EQ(read_bytes(path("stdout")).size(), 0u);
  c = run(gcm("dec", {"-o", "back2", "ct"}));
  EXPECT_EQ(c.code(), 6);
  EXPECT_FALSE(temp_present());
  EXPECT_EQ(files(), (std::vector<std::string>{"back", "ct", "key", "pt", "stdout"}));
}

TEST_F(CliSmall, ShortInputIsNotAnAeskitFile) {
  write_text(path("t"), "this is a 36-byte text file, really\n");
  const Child c = run({"open", "-q", "-k", "key", "t"});
  EXPECT_EQ(c.code(), 5);
  EXPECT_TRUE(contains(c.err, "not an aeskit file")) << c.err;
}

}  // namespace
