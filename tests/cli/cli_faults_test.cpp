// tests/cli/cli_faults_test.cpp — the file commands of the built tool (AESKIT_CLI_PATH) under
// faults and odd input (issue 17, item 5): closed stdin/stdout, key files that are not exactly one
// hex key (and --raw-key-file), output permissions and symbolic links, every signal that ends
// the process (no temporary file may stay), a full disk (RLIMIT_FSIZE: EFBIG), input that
// fails midway (EIO), a reader of stdout that stops early, --threads far above the work, and
// the exit status and reason of each failure. Each test works in a fresh temporary directory;
// the tool runs in a forked child whose descriptors, limits and umask the test sets
// (cli_support.hpp).
#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "aeskit/aeskit.hpp"
#include "cli_support.hpp"

namespace {

namespace fs = std::filesystem;
using aeskit_test::Bytes;
using aeskit_test::cli::Child;
using aeskit_test::cli::Limits;
using aeskit_test::cli::Stream;

class CliFaults : public aeskit_test::cli::CliTest {
 protected:
  static unsigned mode_of(const std::string& p) {
    struct stat st;
    return stat(p.c_str(), &st) == 0 ? static_cast<unsigned>(st.st_mode) & 07777u : 0xFFFFu;
  }

  // expect_only: the work directory holds exactly `names` (no output, no temporary file).
  void expect_only(std::vector<std::string> names) const {
    std::sort(names.begin(), names.end());
    EXPECT_EQ(files(), names);
  }
  // Key and sealed plaintext most tests start from.
  void make_key_and_ciphertext(std::size_t size) {
    ASSERT_EQ(run({"keygen", "-o", "key"}).code(), 0);
    pt_ = random_bytes(size, static_cast<unsigned>(size));
    write_bytes(path("pt"), pt_);
    ASSERT_EQ(run({"seal", "-q", "-k", "key", "-o", "ct", "pt"}).code(), 0);
  }

  Bytes pt_;
};

bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

// Closed stdin: the temporary output used to become descriptor 0 and be read back as the
// input (seal exited 0 with a ciphertext of nothing). Now a closed stream is refused.
TEST_F(CliFaults, ClosedStdinOrStdoutIsRefused) {
  make_key_and_ciphertext(100000);
  const Stream closed{.path = "", .fd = -1, .closed = true};
  for (const char* cmd : {"seal", "open"}) {
    SCOPED_TRACE(cmd);
    const Child c = run({cmd, "-q", "-k", "key", "-o", "out"}, closed);
    EXPECT_EQ(c.code(), 3);
    EXPECT_TRUE(contains(c.err, "standard input is closed")) << c.err;
    expect_only({"ct", "key", "pt"});
  }
  const std::vector<std::string> enc = {
      "enc", "-a", "aes-128-ctr", "-K", std::string(32, '1'), "--iv", std::string(32, '2'),
      "-o",  "out"};
  Child c = run(enc, closed);
  EXPECT_EQ(c.code(), 3);
  EXPECT_TRUE(contains(c.err, "standard input is closed")) << c.err;
  expect_only({"ct", "key", "pt"});

  // A named input with stdin closed works, and the output is the real ciphertext.
  c = run({"seal", "-q", "-k", "key", "-o", "ct2", "pt"}, closed);
  ASSERT_EQ(c.code(), 0) << c.err;
  ASSERT_EQ(run({"open", "-q", "-k", "key", "-o", "back", "ct2"}, closed).code(), 0);
  EXPECT_EQ(read_bytes(path("back")), pt_);

  // Closed stdout: nothing to write to.
  for (const char* cmd : {"seal", "open"}) {
    SCOPED_TRACE(cmd);
    c = run({cmd, "-q", "-k", "key", std::string(cmd) == "seal" ? "pt" : "ct"}, {}, closed);
    EXPECT_EQ(c.code(), 3);
    EXPECT_TRUE(contains(c.err, "standard output is closed")) << c.err;
  }
  c = run({"keygen"}, {}, closed);
  EXPECT_EQ(c.code(), 3);
  EXPECT_TRUE(contains(c.err, "standard output is closed")) << c.err;
}

// A key file means one thing: hex (one run of 32/64 digits, whitespace around it) or, with
// --raw-key-file, raw bytes. A digit short used to be taken as a raw key.
TEST_F(CliFaults, KeyFilesAreHexOrExplicitlyRaw) {
  make_key_and_ciphertext(5000);
  const std::string hex = read_text(path("key")).substr(0, 32);
  struct Bad {
    const char* name;
    std::string text;
    const char* why;
  };
  const Bad bad[] = {
      {"short15", hex.substr(0, 15) + "\n", "15 hex digits"},  // 16 bytes
      {"short31", hex.substr(0, 31) + "\n", "31 hex digits"},  // 32 bytes
      {"short63", hex + hex.substr(0, 31) + "\n", "63 hex digits"},
      {"split", hex.substr(0, 16) + "\n" + hex.substr(16) + "\n", "separated by whitespace"},
      {"spaced", hex.substr(0, 16) + " " + hex.substr(16), "separated by whitespace"},
      {"empty", "", "0 hex digits"},
      {"raw16", std::string("\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10", 16),
       "--raw-key-file"},
      {"text", hex.substr(0, 31) + "g\n", "not a hex key"},
  };
  for (const Bad& b : bad) {
    SCOPED_TRACE(b.name);
    write_text(path(b.name), b.text);
    for (const char* cmd : {"seal", "open"}) {
      const Child c = run({cmd, "-q", "-k", b.name, "-o", "out", "ct"});
      EXPECT_EQ(c.code(), 2) << c.err;
      EXPECT_TRUE(contains(c.err, b.why)) << c.err;
      EXPECT_FALSE(fs::exists(path("out")));
    }
    fs::remove(path(b.name));
  }
  // Whitespace around the digits is fine (CRLF, blank lines, upper case).
  std::string upper = hex;
  for (char& ch : upper) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  write_text(path("padded"), "  \t" + upper + "\r\n\n");
  Child c = run({"open", "-q", "-k", "padded", "-o", "back", "ct"});
  ASSERT_EQ(c.code(), 0) << c.err;
  EXPECT_EQ(read_bytes(path("back")), pt_);

  // --raw-key-file: the file's 16 bytes are the key (the same key as its hex form).
  Bytes raw(16);
  for (std::size_t i = 0; i < 16; ++i)
    raw[i] = static_cast<std::uint8_t>(std::stoi(hex.substr(2 * i, 2), nullptr, 16));
  write_bytes(path("raw"), raw);
  c = run({"open", "-q", "--raw-key-file", "raw", "-o", "back2", "ct"});
  ASSERT_EQ(c.code(), 0) << c.err;
  EXPECT_EQ(read_bytes(path("back2")), pt_);
  // A hex file given as raw is 33 bytes: refused, not reinterpreted.
  c = run({"open", "-q", "--raw-key-file", "key", "-o", "out", "ct"});
  EXPECT_EQ(c.code(), 2);
  EXPECT_TRUE(contains(c.err, "exactly 16 or 32 bytes")) << c.err;
  // Two ways to give the key at once.
  c = run({"open", "-q", "--raw-key-file", "raw", "-k", "key", "-o", "out", "ct"});
  EXPECT_EQ(c.code(), 2);
  EXPECT_FALSE(fs::exists(path("out")));
}

// Decrypted output is never more readable than the file it replaces; a new plaintext file
// starts 0600; ciphertext gets 0666 & ~umask; keys always 0600. -o follows symbolic links
// (the kernel does; cli_outputs_test.cpp has the other link cases).
TEST_F(CliFaults, OutputPermissionsAndSymlinks) {
  make_key_and_ciphertext(70000);
  EXPECT_EQ(mode_of(path("ct")), 0644u);  // umask 022 in the child
  ASSERT_EQ(run({"open", "-q", "-k", "key", "-o", "new", "ct"}).code(), 0);
  EXPECT_EQ(mode_of(path("new")), 0600u);
  for (unsigned mode : {0600u, 0640u, 0400u}) {
    SCOPED_TRACE(mode);
    write_text(path("old"), "secret old content");
    ASSERT_EQ(chmod(path("old").c_str(), mode), 0);
    ASSERT_EQ(run({"open", "-q", "-k", "key", "-o", "old", "ct"}).code(), 0);
    EXPECT_EQ(mode_of(path("old")), mode);
    EXPECT_EQ(read_bytes(path("old")), pt_);
    write_text(path("oldct"), "x");
    ASSERT_EQ(chmod(path("oldct").c_str(), mode), 0);
    ASSERT_EQ(run({"seal", "-q", "-k", "key", "-o", "oldct", "pt"}).code(), 0);
    EXPECT_EQ(mode_of(path("oldct")), mode);
  }
  const std::vector<std::string> dec = {
      "dec", "-a",     "aes-128-ctr", "-K", std::string(32, '1'), "--iv", std::string(32, '2'),
      "-o",  "decout", "pt"};
  ASSERT_EQ(run(dec).code(), 0);
  EXPECT_EQ(mode_of(path("decout")), 0600u);
  write_text(path("k2"), "old");
  ASSERT_EQ(chmod(path("k2").c_str(), 0644), 0);
  ASSERT_EQ(run({"keygen", "--force", "-o", "k2"}).code(), 0);
  EXPECT_EQ(mode_of(path("k2")), 0600u);

  // Through a symbolic link: the target is written, the link stays.
  write_text(path("target"), "old");
  ASSERT_EQ(chmod(path("target").c_str(), 0600), 0);
  ASSERT_EQ(symlink("target", path("link").c_str()), 0);
  Child c = run({"open", "-q", "-k", "key", "-o", "link", "ct"});
  ASSERT_EQ(c.code(), 0) << c.err;
  EXPECT_TRUE(fs::is_symlink(path("link")));
  EXPECT_EQ(read_bytes(path("target")), pt_);
  EXPECT_EQ(mode_of(path("target")), 0600u);
  // A dangling link is refused (issue 38: creating its target would be following it in user
  // space); nothing is created.
  fs::create_directory(path("sub"));
  ASSERT_EQ(symlink("../made", path("sub/dangling").c_str()), 0);
  c = run({"open", "-q", "-k", "key", "-o", "sub/dangling", "ct"});
  EXPECT_EQ(c.code(), 3);
  EXPECT_TRUE(contains(c.err, "does not exist")) << c.err;
  EXPECT_TRUE(fs::is_symlink(path("sub/dangling")));
  EXPECT_FALSE(fs::exists(path("made")));
  // A failed open through the link leaves the target as it was.
  Bytes forged = read_bytes(path("ct"));
  forged[100] ^= 1;
  write_bytes(path("forged"), forged);
  c = run({"open", "-q", "-k", "key", "-o", "link", "forged"});
  EXPECT_EQ(c.code(), 6);
  EXPECT_EQ(read_bytes(path("target")), pt_);
  EXPECT_TRUE(fs::is_symlink(path("link")));
  // A character device is written in place, never replaced.
  c = run({"open", "-q", "-k", "key", "-o", "/dev/null", "ct"});
  EXPECT_EQ(c.code(), 0) << c.err;
  EXPECT_TRUE(fs::is_character_file("/dev/null"));
  // A directory is refused.
  c = run({"open", "-q", "-k", "key", "-o", "sub", "ct"});
  EXPECT_EQ(c.code(), 3);
  EXPECT_TRUE(contains(c.err, "directory")) << c.err;
}

// Every signal that ends the process removes the temporary file, for open while it holds
// verified plaintext. SIGINT/SIGTERM exit 130 (documented); the others end it by the signal.
TEST_F(CliFaults, EverySignalRemovesTheTemporaryFile) {
  make_key_and_ciphertext(3 << 20);
  const Bytes ct = read_bytes(path("ct"));
  ASSERT_EQ(mkfifo(path("fifo").c_str(), 0600), 0);
  // Every signal whose default action ends the process (faults sent with kill as well).
  const int sigs[] = {SIGHUP,    SIGINT,  SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2,  SIGALRM,
                      SIGVTALRM, SIGPROF, SIGXCPU, SIGPWR,  SIGIO,   SIGABRT,  SIGSEGV,
                      SIGBUS,    SIGFPE,  SIGILL,  SIGTRAP, SIGSYS,  SIGSTKFLT};
  auto* previous = std::signal(SIGPIPE, SIG_IGN);
  for (const char* cmd : {"open", "seal"}) {
    for (int sig : sigs) {
      SCOPED_TRACE(std::string(cmd) + " " + strsignal(sig));
      // Core dumps allowed by the limit: the tool must still leave none (it holds the key and
      // plaintext); with core_pattern "core" one would show up in the directory listing.
      Limits cores;
      cores.core_size = RLIM_INFINITY;
      const pid_t pid =
          start({cmd, "-q", "-k", "key", "-t", "1", "-o", "out", "fifo"}, {}, {}, cores);
      ASSERT_GT(pid, 0);
      const int w = ::open(path("fifo").c_str(), O_WRONLY);
      ASSERT_GE(w, 0);
      // Two blocks of -t 1 (64 wire chunks each) and a little: the first is written out.
      const std::size_t feed = 2 * 64 * 16400 + 100;
      std::size_t done = 0;
      while (done < feed) {
        const ssize_t n = ::write(w, ct.data() + done, feed - done);
        if (n <= 0) break;
        done += static_cast<std::size_t>(n);
      }
      // Wait until the unnamed temporary file holds data (for open: verified plaintext).
      bool data_seen = false;
      for (int i = 0; i < 1000 && !data_seen; ++i) {
        data_seen = holds_unnamed_file(pid, true);
        if (!data_seen) std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
      EXPECT_TRUE(data_seen);
      kill(pid, sig);
      const Child c = finish(pid);
      ::close(w);
      if (sig == SIGINT || sig == SIGTERM) {
        EXPECT_EQ(c.code(), 130);
        EXPECT_TRUE(contains(c.err, "interrupted")) << c.err;
      } else {
        EXPECT_EQ(c.signal(), sig) << "status " << c.status;
        EXPECT_TRUE(contains(c.err, "partial output removed")) << c.err;
      }
      expect_only({"ct", "fifo", "key", "pt"});
    }
  }
  std::signal(SIGPIPE, previous);
}

// A full disk (RLIMIT_FSIZE: SIGXFSZ, then EFBIG) is an I/O error with its reason, and leaves
// nothing behind.
TEST_F(CliFaults, FileSizeLimitIsAnIoErrorAndLeavesNothing) {
  make_key_and_ciphertext(3 << 20);
  Limits small;
  small.file_size = 1 << 20;
  const std::vector<std::vector<std::string>> cmds = {
      {"seal", "-q", "-k", "key", "-o", "out", "pt"},
      {"open", "-q", "-k", "key", "-o", "out", "ct"},
      {"enc", "-a", "aes-128-ctr", "-K", std::string(32, '1'), "--iv", std::string(32, '2'), "-o",
       "out", "pt"},
      {"enc", "-a", "aes-128-gcm", "-K", std::string(32, '1'), "--nonce", std::string(24, '2'),
       "-o", "out", "pt"},
  };
  for (const auto& args : cmds) {
    SCOPED_TRACE(args[0] + " " + args[2]);
    const Child c = run(args, {}, {}, small);
    EXPECT_EQ(c.code(), 3) << "status " << c.status << " " << c.err;
    EXPECT_TRUE(contains(c.err, std::strerror(EFBIG))) << c.err;
    expect_only({"ct", "key", "pt"});
  }
  Limits tiny;
  tiny.file_size = 10;
  Child c = run({"keygen", "-o", "k2"}, {}, {}, tiny);
  EXPECT_EQ(c.code(), 3);
  EXPECT_TRUE(contains(c.err, "cannot write the key: " + std::string(std::strerror(EFBIG))))
      << c.err;
  expect_only({"ct", "key", "pt"});
  // To stdout (a file): the same error, and open wrote only verified plaintext.
  c = run({"open", "-q", "-k", "key", "ct"}, {}, {.path = "stdout"}, small);
  EXPECT_EQ(c.code(), 3);
  const Bytes got = read_bytes(path("stdout"));
  EXPECT_LE(got.size(), std::size_t{1} << 20);
  EXPECT_TRUE(std::equal(got.begin(), got.end(), pt_.begin()));
}

// Input that fails midway with EIO: the process reads /proc/self/mem of this test process
// (inherited descriptor) from a mapping whose end was unmapped.
TEST_F(CliFaults, InputErrorMidwayIsAnIoErrorAndLeavesNothing) {
  make_key_and_ciphertext(3 << 20);
  const Bytes ct = read_bytes(path("ct"));
  const std::size_t mapped = 4 << 20, readable = 2 << 20;
  for (int which = 0; which < 4; ++which) {
    SCOPED_TRACE(which);
    void* p = mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    ASSERT_NE(p, MAP_FAILED);
    auto* bytes = static_cast<std::uint8_t*>(p);
    std::memcpy(bytes, which == 1 ? ct.data() : pt_.data(), readable);
    ASSERT_EQ(munmap(bytes + readable, mapped - readable), 0);
    const int mem = ::open("/proc/self/mem", O_RDONLY);
    ASSERT_GE(mem, 0);
    ASSERT_EQ(lseek(mem, static_cast<off_t>(reinterpret_cast<std::uintptr_t>(bytes)), SEEK_SET),
              static_cast<off_t>(reinterpret_cast<std::uintptr_t>(bytes)));
    std::vector<std::string> args;
    if (which == 0) args = {"seal", "-q", "-k", "key", "-t", "1", "-o", "out"};
    if (which == 1) args = {"open", "-q", "-k", "key", "-t", "1", "-o", "out"};
    if (which == 2)
      args = {"enc", "-a", "aes-128-ctr", "-K", std::string(32, '1'), "--iv", std::string(32, '2'),
              "-o",  "out"};
    if (which == 3)
      args = {
          "enc", "-a", "aes-128-gcm", "-K", std::string(32, '1'), "--nonce", std::string(24, '2'),
          "-o",  "out"};
    const Child c = run(args, {.path = "", .fd = mem});
    ::close(mem);
    munmap(bytes, readable);
    EXPECT_EQ(c.code(), 3) << c.err;
    EXPECT_TRUE(contains(c.err, "cannot read <stdin>: " + std::string(std::strerror(EIO))))
        << c.err;
    expect_only({"ct", "key", "pt"});
  }
}

// A reader of stdout that stops early ends the tool quietly (by SIGPIPE, like cat), also when
// the parent left SIGPIPE ignored.
TEST_F(CliFaults, ReaderThatStopsEarlyEndsItQuietly) {
  make_key_and_ciphertext(3 << 20);
  for (bool ignored : {false, true}) {
    for (const char* cmd : {"open", "seal"}) {
      SCOPED_TRACE(std::string(cmd) + (ignored ? " SIGPIPE ignored" : ""));
      int fds[2];
      ASSERT_EQ(pipe(fds), 0);
      Limits l;
      l.ignore_sigpipe = ignored;
      const pid_t pid = start({cmd, "-q", "-k", "key", std::string(cmd) == "open" ? "ct" : "pt"},
                              {}, {.path = "", .fd = fds[1]}, l);
      ::close(fds[1]);
      char buf[10];
      std::size_t got = 0;
      while (got < sizeof buf) {
        const ssize_t n = ::read(fds[0], buf + got, sizeof buf - got);
        if (n <= 0) break;
        got += static_cast<std::size_t>(n);
      }
      EXPECT_EQ(got, sizeof buf);
      ::close(fds[0]);
      const Child c = finish(pid);
      EXPECT_EQ(c.signal(), SIGPIPE) << "status " << c.status;
      EXPECT_EQ(c.err, "");
    }
  }
}

// --threads far above the work: a 1,000-byte input starts no more threads than it needs (the
// old tool took 6 GB for -t 4096). Address space capped so that a regression fails fast.
TEST_F(CliFaults, ThreadsAreCappedByTheWorkAndTheCores) {
  make_key_and_ciphertext(1000);
  Limits l;
#if !defined(AESKIT_TEST_SANITIZED)
  // Not under a sanitizer: ASan reserves terabytes of shadow address space at start-up.
  l.address_space = rlim_t{1} << 30;
#endif
  for (const char* t : {"256", "4096", "all"}) {
    SCOPED_TRACE(t);
    Child c = run({"seal", "-q", "-k", "key", "-t", t, "-o", "ct2", "pt"}, {}, {}, l);
    ASSERT_EQ(c.code(), 0) << c.err;
    EXPECT_LT(c.max_rss_kib, 128 * 1024);
    EXPECT_LT(c.seconds, 5.0);
    c = run({"open", "-q", "-k", "key", "-t", t, "-o", "back", "ct2"}, {}, {}, l);
    ASSERT_EQ(c.code(), 0) << c.err;
    EXPECT_LT(c.max_rss_kib, 128 * 1024);
    EXPECT_LT(c.seconds, 5.0);
    EXPECT_EQ(read_bytes(path("back")), pt_);
    // From a pipe the size is unknown: capped by the cores.
    const Bytes ct2 = read_bytes(path("ct2"));
    int fds[2];
    ASSERT_EQ(pipe(fds), 0);
    ASSERT_EQ(::write(fds[1], ct2.data(), ct2.size()), static_cast<ssize_t>(ct2.size()));
    ::close(fds[1]);
    c = run({"open", "-q", "-k", "key", "-t", t, "-o", "back2"}, {.path = "", .fd = fds[0]}, {}, l);
    ::close(fds[0]);
    ASSERT_EQ(c.code(), 0) << c.err;
    EXPECT_LT(c.max_rss_kib, 128 * 1024);
    EXPECT_LT(c.seconds, 5.0);
    EXPECT_EQ(read_bytes(path("back2")), pt_);
  }
}

// Exit statuses: a wrong TLS AD length is a usage error (2) like other bad sizes; keygen
// refuses --128 with --256.
TEST_F(CliFaults, ExitCodesForBadSizesAndContradictions) {
  const aeskit::AeadAlgorithm* tls = aeskit::aead::find("aes-128-cbc-sha1");
  ASSERT_NE(tls, nullptr);
  write_text(path("pt"), "hello");
  const std::string key(2 * tls->key_length(), '3');
  Child c = run({"enc", "-a", "aes-128-cbc-sha1", "-K", key, "--nonce", std::string(32, '4'),
                 "--aad", "00", "-o", "out", "pt"});
  EXPECT_EQ(c.code(), 2) << c.err;
  EXPECT_FALSE(fs::exists(path("out")));
  // The right length works.
  c = run({"enc", "-a", "aes-128-cbc-sha1", "-K", key, "--nonce", std::string(32, '4'), "--aad",
           std::string(22, '5'), "-o", "out", "pt"});
  EXPECT_EQ(c.code(), 0) << c.err;
  c = run({"keygen", "--128", "--256", "-o", "k"});
  EXPECT_EQ(c.code(), 2);
  EXPECT_TRUE(contains(c.err, "--128 and --256")) << c.err;
  EXPECT_FALSE(fs::exists(path("k")));
  c = run({"keygen", "--256", "--256", "-o", "k"});
  EXPECT_EQ(c.code(), 0) << c.err;
  EXPECT_EQ(read_text(path("k")).size(), 65u);
}

}  // namespace
