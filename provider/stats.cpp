// stats.cpp — the aeskit provider's proof counters (stats.hpp): the per-instance table, its
// text form, and the AESKIT_PROVIDER_STATS file written at teardown.
#include "stats.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>

#include "provider.hpp"

namespace aeskit_provider::stats {

namespace {

constexpr std::string_view kDirNames[kDirCount] = {"sealed", "opened", "aad"};

}  // namespace

void count(void* provctx, std::size_t alg, Dir dir, std::size_t n) noexcept {
  if (provctx != nullptr && n != 0) static_cast<ProviderContext*>(provctx)->stats.add(alg, dir, n);
}

Table::~Table() {
  if (fd_ >= 0) ::close(fd_);
}

std::uint64_t Table::total(Dir dir) const noexcept {
  std::uint64_t sum = 0;
  for (std::size_t a = 0; a < kAlgorithmCount; ++a) sum += get(a, dir);
  return sum;
}

std::uint64_t Table::total() const noexcept {
  return total(Dir::seal) + total(Dir::open) + total(Dir::aad);
}

std::string Table::text() const {
  std::string out;
  for (std::size_t a = 0; a < kAlgorithmCount; ++a) {
    for (std::size_t d = 0; d < kDirCount; ++d) {
      const std::uint64_t n = get(a, static_cast<Dir>(d));
      if (n == 0) continue;
      if (!out.empty()) out += ' ';
      out += kAlgorithms[a];
      out += '.';
      out += kDirNames[d];
      out += '=';
      out += std::to_string(n);
    }
  }
  return out;
}

void Table::open_file() noexcept {
  const char* path = ::secure_getenv("AESKIT_PROVIDER_STATS");
  if (path == nullptr || *path == '\0') return;
  try {
    path_ = path;
  } catch (...) {
    return;
  }
  fd_ = ::open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  struct stat st;
  if (fd_ >= 0 && ::fstat(fd_, &st) == 0) {
    dev_ = st.st_dev;
    ino_ = st.st_ino;
  } else if (fd_ >= 0) {
    ::close(fd_);
    fd_ = -1;
  }
}

void Table::write_file() noexcept {
  if (path_.empty()) return;
  // The descriptor from open_file, if it still is that file; else the file by name (the
  // process may have closed every descriptor, and a number may now be someone else's).
  int fd = -1;
  struct stat st;
  if (fd_ >= 0 && ::fstat(fd_, &st) == 0 && st.st_dev == dev_ && st.st_ino == ino_) {
    fd = fd_;
  } else {
    fd = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  }
  fd_ = -1;  // closed below if it still was ours; never closed if it is someone else's now
  if (fd < 0) return;
  try {
    std::string line = "aeskit-stats pid=" + std::to_string(::getpid());
    const std::string counters = text();
    if (!counters.empty()) line += ' ' + counters;
    line += '\n';
    // One write(2) with O_APPEND: lines of concurrent processes do not interleave.
    const char* p = line.data();
    std::size_t left = line.size();
    while (left > 0) {
      const ssize_t w = ::write(fd, p, left);
      if (w < 0 && errno == EINTR) continue;
      if (w <= 0) break;
      p += w;
      left -= static_cast<std::size_t>(w);
    }
  } catch (...) {
  }
  ::close(fd);
}

}  // namespace aeskit_provider::stats
