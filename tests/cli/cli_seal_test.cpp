// tests/cli/cli_seal_test.cpp — end to end through the built tool (AESKIT_CLI_PATH): `aeskit
// keygen`, `seal`, `open` (files and stdin/stdout, key file and --key-env, --context,
// --threads), the exit status and message for each failure (wrong key/context, truncated,
// modified, trailing data, I/O, usage), no output file left after a failed or interrupted
// open, and `aeskit enc`/`dec` against `openssl enc` (CBC, CTR) when the openssl tool is
// installed, else against the library. Works in a fresh temporary directory.
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "aeskit/aeskit.hpp"
#include "cli_support.hpp"
#include "support/hex.hpp"

#ifndef AESKIT_CLI_PATH
#error "tests/CMakeLists.txt must define AESKIT_CLI_PATH"
#endif

namespace {

namespace fs = std::filesystem;
using aeskit_test::Bytes;

struct CliRun {
  int exit_code = -1;
  std::string err;
};

class CliSeal : public aeskit_test::cli::CliTest {
 protected:
  // shell: the shell command line `aeskit <args>` (redirections allowed) in the work
  // directory, with `env` (VAR=value ...) added to the environment, stderr captured to a file.
  CliRun shell(const std::string& args, const std::string& env = "") const {
    const std::string err = path("stderr.txt");
    const std::string cmd = "cd '" + dir_.string() + "' && env " + env + " '" +
                            std::string(AESKIT_CLI_PATH) + "' " + args + " 2>'" + err + "'";
    CliRun r;
    const int status = std::system(cmd.c_str());
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.err = read_text(err);
    return r;
  }
};

TEST_F(CliSeal, KeygenSealOpenRoundTripFilesAndPipes) {
  ASSERT_EQ(shell("keygen -o k128").exit_code, 0);
  ASSERT_EQ(shell("keygen --256 -o k256").exit_code, 0);
  EXPECT_EQ(read_text(path("k128")).size(), 33u);  // 32 hex digits and a newline
  EXPECT_EQ(read_text(path("k256")).size(), 65u);
  EXPECT_EQ(fs::status(path("k128")).permissions() & fs::perms::others_read, fs::perms::none);
  CliRun again = shell("keygen -o k128");
  EXPECT_EQ(again.exit_code, 2);
  EXPECT_NE(again.err.find("exists"), std::string::npos);

  for (std::size_t size :
       {std::size_t{0}, std::size_t{16384}, std::size_t{5 * 16384 + 7}, std::size_t{3 << 20}}) {
    SCOPED_TRACE(size);
    const Bytes pt = random_bytes(size, static_cast<unsigned>(size));
    write_bytes(path("pt"), pt);
    for (const char* key : {"k128", "k256"}) {
      ASSERT_EQ(shell(std::string("seal -q -k ") + key + " -c ctx -o ct pt").exit_code, 0);
      EXPECT_EQ(fs::file_size(path("ct")), aeskit::chunked::ciphertext_length(size).value());
      ASSERT_EQ(shell(std::string("open -q -k ") + key + " -c ctx -t 1 -o back ct").exit_code, 0);
      EXPECT_EQ(read_bytes(path("back")), pt);
      // stdin -> stdout, and the key from the environment as hex.
      const std::string hex = read_text(path(key)).substr(0, read_text(path(key)).size() - 1);
      ASSERT_EQ(shell("seal -e MYKEY -t 2 < pt > ct2", "MYKEY=" + hex).exit_code, 0);
      ASSERT_EQ(shell(std::string("open -k ") + key + " < ct2 > back2").exit_code, 0);
      EXPECT_EQ(read_bytes(path("back2")), pt);
    }
  }
  EXPECT_EQ(files(), (std::vector<std::string>{"back", "back2", "ct", "ct2", "k128", "k256", "pt",
                                               "stderr.txt"}));
}

TEST_F(CliSeal, FailuresHaveTheirOwnExitCodeAndLeaveNoOutput) {
  ASSERT_EQ(shell("keygen -o key").exit_code, 0);
  ASSERT_EQ(shell("keygen -o other").exit_code, 0);
  const Bytes pt = random_bytes(3 * 16384 + 100, 1);
  write_bytes(path("pt"), pt);
  ASSERT_EQ(shell("seal -q -k key -c A -o ct pt").exit_code, 0);
  const Bytes ct = read_bytes(path("ct"));
  struct Case {
    const char* name;
    Bytes data;
    const char* args;
    int code;
    const char* words;
  };
  Bytes modified = ct;
  modified[56 + 16400 + 5] ^= 1;
  Bytes truncated(ct.begin(), ct.begin() + 56 + 3 * 16400);
  Bytes trailing = ct;
  trailing.insert(trailing.end(), 40, 0x41);
  std::vector<Case> cases = {
      {"wrong key", ct, "-k other -c A", 4, "wrong key or context"},
      {"wrong context", ct, "-k key -c B", 4, "wrong key or context"},
      {"truncated", truncated, "-k key -c A", 5, "truncated"},
      {"modified", modified, "-k key -c A", 6, "modified"},
      {"trailing", trailing, "-k key -c A", 7, "after the end"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    write_bytes(path("in"), c.data);
    CliRun r = shell(std::string("open -q ") + c.args + " -o out in");
    EXPECT_EQ(r.exit_code, c.code);
    EXPECT_NE(r.err.find(c.words), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(path("out")));
    // To stdout: the exit status still says it failed; only verified chunks were written.
    CliRun s = shell(std::string("open -q ") + c.args + " in > stdout.bin");
    EXPECT_EQ(s.exit_code, c.code);
    const Bytes got = read_bytes(path("stdout.bin"));
    EXPECT_LE(got.size(), pt.size());
    EXPECT_TRUE(std::equal(got.begin(), got.end(), pt.begin()));
    EXPECT_EQ(got.size() % 16384, 0u);
  }
  // An existing output file is left alone when open fails.
  write_bytes(path("keep"), Bytes{1, 2, 3});
  write_bytes(path("in"), modified);
  EXPECT_EQ(shell("open -q -k key -c A -o keep in").exit_code, 6);
  EXPECT_EQ(read_bytes(path("keep")), (Bytes{1, 2, 3}));
  // I/O and usage errors.
  EXPECT_EQ(shell("open -k key -o out missing-file").exit_code, 3);
  EXPECT_EQ(shell("open -k key -o /nonexistent-dir/out ct").exit_code, 3);
  EXPECT_EQ(shell("open -k missing-key ct").exit_code, 3);
  EXPECT_EQ(shell("open ct").exit_code, 2);
  EXPECT_EQ(shell("seal -k key --bogus pt").exit_code, 2);
  EXPECT_EQ(shell("seal -e NOPE pt").exit_code, 2);
  EXPECT_EQ(shell("seal -e K pt", "K=abcd").exit_code, 2);
  EXPECT_EQ(shell("seal -k key -t x pt").exit_code, 2);
  EXPECT_EQ(shell("frobnicate").exit_code, 2);
  for (const char* c : {"seal", "open", "keygen", "enc", "dec"}) {
    EXPECT_EQ(shell(std::string(c) + " --help > help.txt").exit_code, 0);
    EXPECT_NE(read_text(path("help.txt")).find("usage: aeskit"), std::string::npos);
  }
  // No temporary files anywhere.
  for (const auto& name : files()) EXPECT_EQ(name.find(".aeskit-"), std::string::npos) << name;
}

TEST_F(CliSeal, InterruptedOpenLeavesNoFile) {
  ASSERT_EQ(shell("keygen -o key").exit_code, 0);
  // A pipe that never ends: open blocks reading, gets SIGINT, must remove its temp file.
  ASSERT_EQ(mkfifo(path("fifo").c_str(), 0600), 0);
  const pid_t pid = start({"open", "-q", "-k", "key", "-o", "out", "fifo"});
  ASSERT_GE(pid, 0);
  // Feed a header and one chunk, keep the pipe open.
  const int w = ::open(path("fifo").c_str(), O_WRONLY);
  ASSERT_GE(w, 0);
  Bytes junk(20000, 7);
  ASSERT_EQ(::write(w, junk.data(), 50), 50);
  bool temp_seen = false;  // the unnamed output file (O_TMPFILE)
  for (int i = 0; i < 200 && !temp_seen; ++i) {
    temp_seen = holds_unnamed_file(pid, false);
    if (!temp_seen) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_TRUE(temp_seen);
  kill(pid, SIGINT);
  const aeskit_test::cli::Child c = finish(pid);
  ::close(w);
  EXPECT_TRUE(c.exited());
  EXPECT_EQ(c.code(), 130);
  for (const auto& name : files()) {
    EXPECT_EQ(name.find(".aeskit-"), std::string::npos) << name;
    EXPECT_NE(name, "out");
  }
}

// open reads one block ahead (cli_read_ahead.hpp); a failure in the block it has must end the
// run at once even though the read of the next block never completes (input still open). The
// forged chunk is the last of the first block, so the read ahead has started by then.
TEST_F(CliSeal, FailureEndsTheRunWhileTheInputStaysOpen) {
  ASSERT_EQ(shell("keygen -o key").exit_code, 0);
  write_bytes(path("pt"), random_bytes(2 << 20, 5));
  ASSERT_EQ(shell("seal -q -k key -o ct pt").exit_code, 0);
  Bytes ct = read_bytes(path("ct"));
  // The first block of -t 1 is 64 wire chunks of bytes: the header and chunks 0..62 whole.
  ct[56 + 62 * 16400 + 5] ^= 1;
  ASSERT_EQ(mkfifo(path("fifo").c_str(), 0600), 0);
  const pid_t pid = start({"open", "-q", "-k", "key", "-t", "1", "-o", "out", "fifo"});
  ASSERT_GE(pid, 0);
  const int w = ::open(path("fifo").c_str(), O_WRONLY);
  ASSERT_GE(w, 0);
  // One whole block of -t 1 (64 wire chunks) and a little of the next, then nothing more.
  const std::size_t feed = 64 * 16400 + 100;
  std::size_t done = 0;
  auto* previous = std::signal(SIGPIPE, SIG_IGN);  // if open is gone early, write fails instead
  while (done < feed) {
    const ssize_t n = ::write(w, ct.data() + done, feed - done);
    if (n <= 0) break;
    done += static_cast<std::size_t>(n);
  }
  std::signal(SIGPIPE, previous);
  // 60 s: generous for sanitizer builds on a busy machine (telling a forged chunk from
  // trailing data costs one GHASH pass and at most one open). A hung open is killed and the
  // test fails.
  const aeskit_test::cli::Child c = finish(pid, 60);
  ::close(w);
  EXPECT_TRUE(c.exited());
  EXPECT_EQ(c.code(), 6) << c.err;
  for (const auto& name : files()) {
    EXPECT_EQ(name.find(".aeskit-"), std::string::npos) << name;
    EXPECT_NE(name, "out");
  }
}

bool have_openssl_tool() {
  return std::system("command -v openssl >/dev/null 2>&1") == 0;
}

TEST_F(CliSeal, EncDecMatchOpensslEncAndTheLibrary) {
  const Bytes pt = random_bytes(100000 + 3, 2);
  write_bytes(path("pt"), pt);
  const std::string key = "000102030405060708090a0b0c0d0e0f";
  const std::string iv = "f0e0d0c0b0a090807060504030201000";
  for (const char* alg : {"aes-128-cbc", "aes-128-ctr"}) {
    SCOPED_TRACE(alg);
    ASSERT_EQ(
        shell(std::string("enc -a ") + alg + " -K " + key + " --iv " + iv + " -o ct pt").exit_code,
        0);
    Bytes expected;
    if (have_openssl_tool()) {
      ASSERT_EQ(std::system(("openssl enc -" + std::string(alg) + " -K " + key + " -iv " + iv +
                             " -in '" + path("pt") + "' -out '" + path("ossl") + "'")
                                .c_str()),
                0);
      expected = read_bytes(path("ossl"));
    } else {
      auto k = aeskit::AesKey::create(aeskit_test::from_hex(key));
      const bool cbc = std::string(alg) == "aes-128-cbc";
      expected.resize(pt.size() + 16);
      auto n = aeskit::encrypt(*k, cbc ? aeskit::Mode::cbc : aeskit::Mode::ctr128,
                               aeskit_test::from_hex(iv), pt, expected,
                               cbc ? aeskit::Padding::pkcs7 : aeskit::Padding::none);
      expected.resize(*n);
    }
    EXPECT_EQ(read_bytes(path("ct")), expected);
    ASSERT_EQ(shell(std::string("dec -a ") + alg + " -K " + key + " --iv " + iv + " < ct > back")
                  .exit_code,
              0);
    EXPECT_EQ(read_bytes(path("back")), pt);
  }
  // Every AEAD the library lists: round trip, and a modified byte fails with nothing written.
  for (const aeskit::AeadAlgorithm* a : aeskit::aead::algorithms()) {
    const std::string name(a->name());
    SCOPED_TRACE(name);
    const std::string k = aeskit_test::to_hex(random_bytes(a->key_length(), 3));
    const std::string n = aeskit_test::to_hex(random_bytes(a->nonce_recommended(), 4));
    const std::string args =
        " -a " + name + " -K " + k + " --nonce '" + n + "'" +
        " --aad 0102030405060708090a0b";  // 11 bytes: TLS-style AEADs want that
    const Bytes apt(pt.begin(), pt.begin() + static_cast<std::ptrdiff_t>(std::min<std::uint64_t>(
                                                 4099, a->max_plaintext())));
    write_bytes(path("apt"), apt);
    const CliRun e = shell("enc" + args + " -o act apt");
    ASSERT_EQ(e.exit_code, 0) << e.err;
    EXPECT_GE(fs::file_size(path("act")), apt.size() + a->default_tag_length());
    const CliRun d = shell("dec" + args + " -o aback act");
    ASSERT_EQ(d.exit_code, 0) << d.err;
    EXPECT_EQ(read_bytes(path("aback")), apt);
    Bytes bad = read_bytes(path("act"));
    bad[10] ^= 1;
    write_bytes(path("abad"), bad);
    fs::remove(path("aback"));
    CliRun r = shell("dec" + args + " -o aback abad");
    EXPECT_EQ(r.exit_code, 6);
    EXPECT_FALSE(fs::exists(path("aback")));
  }
  // Bad padding, wrong lengths, unknown names.
  Bytes blocks = random_bytes(4096, 9);
  blocks.back() = 0;  // after decryption the last byte is random: make it fail for sure below
  write_bytes(path("blocks"), blocks);
  ASSERT_EQ(
      shell("enc -a aes-128-cbc --nopad -K " + key + " --iv " + iv + " -o bct blocks").exit_code,
      0);
  EXPECT_EQ(shell("dec -a aes-128-cbc -K " + key + " --iv " + iv + " -o x bct").exit_code, 6);
  EXPECT_FALSE(fs::exists(path("x")));
  EXPECT_EQ(shell("enc -a aes-128-cbc -K 0011 --iv " + iv + " pt").exit_code, 2);
  EXPECT_EQ(shell("enc -a aes-128-cbc -K " + key + " pt").exit_code, 2);
  EXPECT_EQ(shell("enc -a rot13 -K " + key + " pt").exit_code, 2);
  EXPECT_EQ(shell("enc --list > list.txt").exit_code, 0);
  const std::string list = read_text(path("list.txt"));
  for (const char* want : {"aes-128-cbc", "aes-256-ctr", "aes-128-xts", "aes-128-gcm"})
    EXPECT_NE(list.find(want), std::string::npos) << want;
  // XTS round trip.
  const std::string xk = aeskit_test::to_hex(random_bytes(32, 5));
  ASSERT_EQ(shell("enc -a aes-128-xts -K " + xk + " --iv " + iv + " -o xct pt").exit_code, 0);
  ASSERT_EQ(shell("dec -a aes-128-xts -K " + xk + " --iv " + iv + " -o xback xct").exit_code, 0);
  EXPECT_EQ(read_bytes(path("xback")), pt);
  // HCTR2: the output is exactly as long as the input and equals the library's; --tweak of
  // any length or none (the empty tweak); the errors write nothing.
  for (std::size_t bits : {128, 192, 256}) {
    for (std::size_t tweak_len : {0, 1, 16, 32, 45}) {
      const std::string name = "aes-" + std::to_string(bits) + "-hctr2";
      SCOPED_TRACE(name + " tweak " + std::to_string(tweak_len));
      const Bytes hkey = random_bytes(bits / 8, 6);
      const Bytes tweak = random_bytes(tweak_len, 7);
      const std::string args =
          " -a " + name + " -K " + aeskit_test::to_hex(hkey) +
          (tweak_len == 0 ? std::string() : " --tweak " + aeskit_test::to_hex(tweak));
      ASSERT_EQ(shell("enc" + args + " -o hct pt").exit_code, 0);
      auto h = aeskit::Hctr2Key::create(hkey);
      ASSERT_TRUE(h.ok());
      Bytes want(pt.size());
      ASSERT_TRUE(h->encrypt(tweak, pt, want).ok());
      EXPECT_EQ(read_bytes(path("hct")), want);
      ASSERT_EQ(shell("dec" + args + " -o hback hct").exit_code, 0);
      EXPECT_EQ(read_bytes(path("hback")), pt);
    }
  }
  const std::string hk = aeskit_test::to_hex(random_bytes(32, 8));
  write_bytes(path("short"), random_bytes(15, 9));
  EXPECT_EQ(shell("enc -a aes-256-hctr2 -K " + hk + " -o hshort short").exit_code, 2);
  EXPECT_FALSE(fs::exists(path("hshort")));
  EXPECT_EQ(shell("enc -a aes-256-hctr2 -K " + hk + " --tweak 00 --iv 00 -o h2 pt").exit_code, 2);
  EXPECT_EQ(shell("enc -a aes-128-cbc -K " + key + " --tweak " + iv + " -o h3 pt").exit_code, 2);
  EXPECT_EQ(shell("enc -a aes-256-hctr2 -K " + hk + " --tweak 0g -o h4 pt").exit_code, 2);
  for (const char* f : {"h2", "h3", "h4"}) EXPECT_FALSE(fs::exists(path(f))) << f;
  EXPECT_NE(list.find("aes-192-hctr2"), std::string::npos);
}

}  // namespace
