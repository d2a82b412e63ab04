// tests/cli/cli_memory_test.cpp — the peak memory of `aeskit seal` and `aeskit open` does not grow
// with the message: the built tool (AESKIT_CLI_PATH) runs as a pipeline
//   generator (this process) -> aeskit seal -> aeskit open -> checker (this process)
// (or seal reading a sparse file), and each child's peak resident set (ru_maxrss from wait4)
// is compared at a small and a large message. Release: 16 MiB and 256 MiB, each child under
// 64 MiB, growing by under 8 MiB between the two. Sanitizer builds (AESKIT_TEST_SANITIZED:
// slower, and ASan's shadow memory and allocator add tens of MiB): 4 MiB and 32 MiB, the
// growth check only (also under 8 MiB), the absolute bound raised to 256 MiB.
// The decrypted stream is compared byte for byte with what was sealed.
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#ifndef AESKIT_CLI_PATH
#error "tests/CMakeLists.txt must define AESKIT_CLI_PATH"
#endif

namespace {

namespace fs = std::filesystem;

#if defined(AESKIT_TEST_SANITIZED)
constexpr std::uint64_t kSmall = 4u << 20;
constexpr std::uint64_t kLarge = 32u << 20;
constexpr long kMaxRssKiB = 256 * 1024;
#else
constexpr std::uint64_t kSmall = 16u << 20;
constexpr std::uint64_t kLarge = 256u << 20;
constexpr long kMaxRssKiB = 64 * 1024;
#endif
constexpr long kMaxGrowthKiB = 8 * 1024;
// A fixed 128-bit key, as the hex that --key-env takes.
constexpr const char* kKeyEnv = "AESKIT_MEMTEST_KEY=000102030405060708090a0b0c0d0e0f";

// pattern: the generated plaintext byte at `offset` (not periodic within a chunk or a buffer).
std::uint8_t pattern(std::uint64_t offset) {
  return static_cast<std::uint8_t>(offset * 131 + (offset >> 13) + (offset >> 21));
}

struct Outcome {
  int seal_status = -1, open_status = -1;
  long seal_rss_kib = 0, open_rss_kib = 0;
  std::uint64_t received = 0;
  std::uint64_t first_wrong = UINT64_MAX;  // offset of the first wrong output byte
};

// spawn runs `aeskit <args>` with stdin/stdout on the given descriptors (stderr to
// `err_path`); every other descriptor of ours is close-on-exec.
pid_t spawn(const std::vector<std::string>& args, int in_fd, int out_fd,
            const std::string& err_path) {
  const pid_t pid = fork();
  if (pid != 0) return pid;
  const int err = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0600);
  if (err < 0 || dup2(in_fd, 0) < 0 || dup2(out_fd, 1) < 0 || dup2(err, 2) < 0) _exit(97);
  std::vector<char*> argv;
  std::string name = "aeskit";
  argv.push_back(name.data());
  std::vector<std::string> copy = args;
  for (std::string& a : copy) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::string env = kKeyEnv;
  char* envp[] = {env.data(), nullptr};
  execve(AESKIT_CLI_PATH, argv.data(), envp);
  _exit(98);
}

int exit_status(int status) {
  return WIFEXITED(status) ? WEXITSTATUS(status)
                           : 1000 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

// run_pipeline seals `size` bytes (from `input_file` if given, which then holds zeros; else
// the generator writes pattern bytes to seal's stdin) and opens the result, checking it.
Outcome run_pipeline(std::uint64_t size, const std::string& input_file, const std::string& dir) {
  Outcome o;
  int to_seal[2] = {-1, -1}, between[2], from_open[2];
  if (input_file.empty() && pipe2(to_seal, O_CLOEXEC) != 0) return o;
  if (pipe2(between, O_CLOEXEC) != 0 || pipe2(from_open, O_CLOEXEC) != 0) return o;
  for (int fd : {to_seal[1], between[1], from_open[1]})  // fewer, larger pipe transfers
    if (fd >= 0) (void)fcntl(fd, F_SETPIPE_SZ, 1 << 20);
  const int seal_in =
      input_file.empty() ? to_seal[0] : ::open(input_file.c_str(), O_RDONLY | O_CLOEXEC);
  if (seal_in < 0) return o;
  const std::string err = dir + "/stderr.txt";
  const pid_t sealer =
      spawn({"seal", "-q", "-e", "AESKIT_MEMTEST_KEY", "-t", "2"}, seal_in, between[1], err);
  const pid_t opener =
      spawn({"open", "-q", "-e", "AESKIT_MEMTEST_KEY", "-t", "2"}, between[0], from_open[1], err);
  ::close(seal_in);
  ::close(between[0]);
  ::close(between[1]);
  ::close(from_open[1]);
  std::thread writer;
  if (input_file.empty()) {
    writer = std::thread([&] {
      std::vector<std::uint8_t> buf(1 << 20);
      for (std::uint64_t done = 0; done < size;) {
        const std::size_t n =
            static_cast<std::size_t>(std::min<std::uint64_t>(buf.size(), size - done));
        for (std::size_t i = 0; i < n; ++i) buf[i] = pattern(done + i);
        std::size_t off = 0;
        while (off < n) {
          const ssize_t w = ::write(to_seal[1], buf.data() + off, n - off);
          if (w < 0 && errno == EINTR) continue;
          if (w <= 0) break;
          off += static_cast<std::size_t>(w);
        }
        if (off < n) break;  // the sealer died: its status tells
        done += n;
      }
      ::close(to_seal[1]);
    });
  }
  std::vector<std::uint8_t> buf(1 << 20);
  for (;;) {
    const ssize_t n = ::read(from_open[0], buf.data(), buf.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    for (ssize_t i = 0; i < n && o.first_wrong == UINT64_MAX; ++i) {
      const std::uint64_t at = o.received + static_cast<std::uint64_t>(i);
      const std::uint8_t want = input_file.empty() ? pattern(at) : 0;
      if (buf[static_cast<std::size_t>(i)] != want) o.first_wrong = at;
    }
    o.received += static_cast<std::uint64_t>(n);
  }
  ::close(from_open[0]);
  if (writer.joinable()) writer.join();
  int status = 0;
  rusage usage{};
  if (wait4(sealer, &status, 0, &usage) == sealer) {
    o.seal_status = exit_status(status);
    o.seal_rss_kib = usage.ru_maxrss;
  }
  if (wait4(opener, &status, 0, &usage) == opener) {
    o.open_status = exit_status(status);
    o.open_rss_kib = usage.ru_maxrss;
  }
  return o;
}

class CliMemory : public ::testing::Test {
 protected:
  void SetUp() override {
    std::signal(SIGPIPE, SIG_IGN);  // a dead child must fail the test, not kill it
    char tmpl[] = "/tmp/aeskit-mem-XXXXXX";
    ASSERT_NE(mkdtemp(tmpl), nullptr);
    dir_ = tmpl;
  }
  void TearDown() override { fs::remove_all(dir_); }

  // check runs both sizes and applies the bounds; `sparse` makes seal read a sparse file.
  void check(bool sparse) {
    Outcome at[2];
    const std::uint64_t sizes[2] = {kSmall, kLarge};
    for (int i = 0; i < 2; ++i) {
      SCOPED_TRACE(sizes[i]);
      std::string file;
      if (sparse) {
        file = (dir_ / "sparse.bin").string();
        const int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
        ASSERT_GE(fd, 0);
        ASSERT_EQ(ftruncate(fd, static_cast<off_t>(sizes[i])), 0);
        ::close(fd);
      }
      at[i] = run_pipeline(sizes[i], file, dir_.string());
      const Outcome& o = at[i];
      ASSERT_EQ(o.seal_status, 0) << "seal failed; stderr in " << (dir_ / "stderr.txt");
      ASSERT_EQ(o.open_status, 0) << "open failed";
      EXPECT_EQ(o.received, sizes[i]);
      EXPECT_EQ(o.first_wrong, UINT64_MAX) << "first wrong byte at " << o.first_wrong;
      EXPECT_GT(o.seal_rss_kib, 0);
      EXPECT_GT(o.open_rss_kib, 0);
      EXPECT_LT(o.seal_rss_kib, kMaxRssKiB);
      EXPECT_LT(o.open_rss_kib, kMaxRssKiB);
      std::printf("  %llu bytes: peak RSS seal %ld KiB, open %ld KiB\n",
                  static_cast<unsigned long long>(sizes[i]), o.seal_rss_kib, o.open_rss_kib);
    }
    // Growing the message 8x (16x in Release) must not grow the peak resident set.
    EXPECT_LT(at[1].seal_rss_kib - at[0].seal_rss_kib, kMaxGrowthKiB);
    EXPECT_LT(at[1].open_rss_kib - at[0].open_rss_kib, kMaxGrowthKiB);
  }

  fs::path dir_;
};

TEST_F(CliMemory, SealOpenThroughPipesKeepPeakMemoryBounded) {
  check(false);
}

TEST_F(CliMemory, SealOfSparseFileKeepsPeakMemoryBounded) {
  check(true);
}

}  // namespace
