// tools/aeskit/cli_output.cpp — Output (cli_files.hpp): where -o writes. Streams (stdout,
// descriptor names, devices, FIFOs) are written in place; a regular file is written to an
// unnamed temporary file (O_TMPFILE) in its directory and linked into place after fsync. The
// path is resolved by the kernel only (O_PATH open, then the file is reopened through
// /proc/self/fd), so its rules on symbolic links and permissions apply as they do for `>`.
#include <fcntl.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <optional>
#include <random>
#include <string>

#include "cli_files.hpp"

namespace aeskit::cli {
namespace {

std::string fd_path(int fd) {
  return "/proc/self/fd/" + std::to_string(fd);
}

// descriptor_named: the descriptor a path names by number: /dev/stdout (1), /dev/stderr (2),
// /dev/fd/N, /proc/self/fd/N.
std::optional<int> descriptor_named(const std::string& p) {
  if (p == "/dev/stdout") return 1;
  if (p == "/dev/stderr") return 2;
  std::string digits;
  for (const char* prefix : {"/dev/fd/", "/proc/self/fd/"}) {
    const std::string pre = prefix;
    if (p.size() > pre.size() && p.compare(0, pre.size(), pre) == 0) digits = p.substr(pre.size());
  }
  if (digits.empty() || digits.size() > 9) return std::nullopt;
  int n = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') return std::nullopt;
    n = n * 10 + (c - '0');
  }
  return n;
}

bool same_file(const struct stat& a, int fd) {
  struct stat b;
  return fstat(fd, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

constexpr const char* kSameFile = "input file is output file";

// A random name for the moment a finished file is linked beside the one it replaces.
std::string temporary_name(const std::string& base) {
  static const char letters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  std::random_device rd;
  std::string name = "." + base + ".aeskit-";
  for (int i = 0; i < 6; ++i) name.push_back(letters[rd() % 62]);
  return name;
}

// Runs `f` with every signal blocked (a temporary file and its registration appear together).
template <class F>
auto with_signals_blocked(F f) {
  sigset_t all, old;
  sigfillset(&all);
  pthread_sigmask(SIG_BLOCK, &all, &old);
  auto r = f();
  const int cause = errno;
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
  errno = cause;
  return r;
}

}  // namespace

Output::~Output() {
  discard();
  if (owned_ && fd_ >= 0) ::close(fd_);
  if (dir_fd_ >= 0) ::close(dir_fd_);
}

bool Output::open_stream(int fd, bool owned, const std::string& path, const Input* input,
                         std::string& error) {
  fd_ = fd;
  owned_ = owned;
  direct_ = true;
  path_ = path;
  struct stat st;
  if (input != nullptr && fstat(input->fd, &st) == 0 && S_ISREG(st.st_mode) && same_file(st, fd)) {
    error = std::string(kSameFile) + " (" + input->name + " and " +
            (path == "-" ? std::string("<stdout>") : "'" + path + "'") + ")";
    return false;
  }
  return true;
}

bool Output::open(const std::string& path, std::string& error, OutputMode mode,
                  const Input* input) {
  if (path.empty()) {
    error = "the output file name is empty (use '-' for stdout)";
    return false;
  }
  if (path == "-") {
    if (standard_stream_closed(1)) {
      error = "standard output is closed (give an output file with -o, or redirect stdout)";
      return false;
    }
    return open_stream(1, false, path, input, error);
  }
  if (const auto n = descriptor_named(path)) {
    const int flags = fcntl(*n, F_GETFL);
    if (flags < 0 || standard_stream_closed(*n)) {
      error = "cannot write '" + path + "': descriptor " + std::to_string(*n) + " is not open";
      return false;
    }
    if ((flags & O_ACCMODE) == O_RDONLY) {
      error = "cannot write '" + path + "': descriptor " + std::to_string(*n) +
              " is open for reading only";
      return false;
    }
    return open_stream(*n, false, path, input, error);
  }
  path_ = path;
  const mode_t mask = umask(0);
  umask(mask);
  mode_ = (mode == OutputMode::shared ? 0666u : 0600u) & ~static_cast<unsigned>(mask);

  // The kernel resolves the path (and every link in it) once; what it found is then used by
  // descriptor, never by name.
  const int found = ::open(path.c_str(), O_PATH | O_CLOEXEC);
  if (found < 0 && errno != ENOENT) {
    error = "cannot write '" + path + "': " + std::strerror(errno);
    return false;
  }
  if (found >= 0) {
    struct stat st;
    const bool ok = fstat(found, &st) == 0;
    if (!ok || S_ISDIR(st.st_mode)) {
      error = "cannot write '" + path + "': " + (ok ? "it is a directory" : std::strerror(errno));
      ::close(found);
      return false;
    }
    if (!S_ISREG(st.st_mode)) {  // a device, FIFO or socket: a stream, like stdout
      const int fd = ::open(fd_path(found).c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
      const int cause = errno;
      ::close(found);
      if (fd < 0) {
        error = "cannot write '" + path + "': " + std::strerror(cause);
        return false;
      }
      return open_stream(fd, true, path, input, error);
    }
    // A regular file: the caller must be allowed to write it (checked by the kernel on the
    // file itself: the mode, ACLs, a read-only mount).
    const int w = ::open(fd_path(found).c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
    if (w < 0) {
      error = "cannot write '" + path + "': " + std::strerror(errno) + " (not replaced)";
      ::close(found);
      return false;
    }
    ::close(w);
    if (input != nullptr && same_file(st, input->fd)) {
      error = std::string(kSameFile) + " ('" + path + "')";
      ::close(found);
      return false;
    }
    // Where the kernel found it: its directory and its name there.
    char buf[4096];
    const ssize_t len = readlink(fd_path(found).c_str(), buf, sizeof buf - 1);
    ::close(found);
    const std::string resolved = len > 0 ? std::string(buf, static_cast<std::size_t>(len)) : "";
    const auto slash = resolved.rfind('/');
    if (len <= 0 || resolved[0] != '/' || slash == std::string::npos) {
      error = "cannot write '" + path + "': the kernel did not name the file it found";
      return false;
    }
    const std::string dir = slash == 0 ? "/" : resolved.substr(0, slash);
    base_ = resolved.substr(slash + 1);
    dir_fd_ = ::open(dir.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
    struct stat again;
    if (dir_fd_ < 0 || fstatat(dir_fd_, base_.c_str(), &again, AT_SYMLINK_NOFOLLOW) != 0 ||
        again.st_dev != st.st_dev || again.st_ino != st.st_ino) {
      error = "cannot write '" + path + "': the file moved while it was being opened";
      return false;
    }
    // The new file keeps the owner and group: root gives them; anyone else may only keep a
    // group they belong to, and never another user's ownership.
    if (geteuid() != 0 && st.st_uid != geteuid()) {
      error = "cannot replace '" + path + "': it belongs to another user (uid " +
              std::to_string(st.st_uid) +
              ") and the new file would belong to you; not replaced (write into it with `>` "
              "instead)";
      return false;
    }
    target_dev_ = st.st_dev;
    target_ino_ = st.st_ino;
    replace_ = true;
    if (mode != OutputMode::secret) mode_ = static_cast<unsigned>(st.st_mode) & 0777u;
    dir_path_ = dir;
    if (!create_temporary(error)) return false;
    if (fchown(fd_, geteuid() == 0 ? st.st_uid : static_cast<uid_t>(-1), st.st_gid) != 0) {
      error = "cannot replace '" + path + "': its group (gid " + std::to_string(st.st_gid) +
              ") is not one of yours and the new file cannot keep it; not replaced";
      discard();
      return false;
    }
    return true;
  }
  // Nothing there. A dangling symbolic link is refused: creating its target is following it.
  struct stat lst;
  if (lstat(path.c_str(), &lst) == 0 && S_ISLNK(lst.st_mode)) {
    error = "cannot write '" + path +
            "': it is a symbolic link to a file that does not exist (not followed; name the "
            "target itself)";
    return false;
  }
  const auto slash = path.rfind('/');
  const std::string dir = slash == std::string::npos ? "." : path.substr(0, slash == 0 ? 1 : slash);
  base_ = slash == std::string::npos ? path : path.substr(slash + 1);
  if (base_.empty() || base_ == "." || base_ == "..") {
    error = "cannot write '" + path + "': it is a directory";
    return false;
  }
  dir_fd_ = ::open(dir.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
  if (dir_fd_ < 0) {
    error = "cannot write '" + path + "': " + std::strerror(errno);
    return false;
  }
  char buf[4096];
  const ssize_t len = readlink(fd_path(dir_fd_).c_str(), buf, sizeof buf - 1);
  dir_path_ = len > 0 ? std::string(buf, static_cast<std::size_t>(len)) : dir;
  replace_ = false;
  return create_temporary(error);
}

bool Output::create_temporary(std::string& error) {
  direct_ = false;
  owned_ = true;
  fd_ = ::openat(dir_fd_, ".", O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
  if (fd_ >= 0) return true;
  const int cause = errno;
  if (cause != EOPNOTSUPP && cause != EISDIR && cause != EINVAL) {
    error = "cannot create the output in '" + dir_path_ + "': " + std::strerror(cause);
    return false;
  }
  // The filesystem has no O_TMPFILE: a named temporary file, removed on any catchable signal.
  for (int attempt = 0; attempt < 100 && fd_ < 0; ++attempt) {
    const std::string name = temporary_name(base_);
    const std::string full = dir_path_ + "/" + name;
    fd_ = with_signals_blocked([&] {
      const int fd = ::openat(dir_fd_, name.c_str(), O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0600);
      if (fd >= 0 && !register_temporary(full)) {
        unlinkat(dir_fd_, name.c_str(), 0);
        ::close(fd);
        errno = ENAMETOOLONG;
        return -1;
      }
      return fd;
    });
    if (fd_ >= 0) named_temp_ = name;
    if (fd_ < 0 && errno != EEXIST) break;
  }
  if (fd_ < 0) {
    error = "cannot create a temporary file in '" + dir_path_ + "': " + std::strerror(errno);
    return false;
  }
  return true;
}

bool Output::commit(std::string& error) {
  if (direct_) return true;
  if (committed_) return true;
  if (fchmod(fd_, static_cast<mode_t>(mode_)) != 0 || fsync(fd_) != 0) {
    error = "cannot write '" + path_ + "': " + std::strerror(errno);
    discard();
    return false;
  }
  if (replace_) {
    struct stat now;
    if (fstatat(dir_fd_, base_.c_str(), &now, AT_SYMLINK_NOFOLLOW) != 0 ||
        now.st_dev != target_dev_ || now.st_ino != target_ino_) {
      error = "'" + path_ +
              "' was replaced or removed by someone else during the run; not "
              "overwritten";
      discard();
      return false;
    }
  }
  std::string linked = named_temp_;
  if (linked.empty()) {
    // Unnamed: link it under its name (a new file) or under a temporary name to rename.
    for (int attempt = 0; attempt < 100; ++attempt) {
      const std::string name = replace_ ? temporary_name(base_) : base_;
      const bool ok = with_signals_blocked([&] {
        if (linkat(AT_FDCWD, fd_path(fd_).c_str(), dir_fd_, name.c_str(), AT_SYMLINK_FOLLOW) != 0)
          return false;
        if (replace_) register_temporary(dir_path_ + "/" + name);
        return true;
      });
      if (ok) {
        linked = name;
        break;
      }
      if (errno != EEXIST || !replace_) {
        error = errno == EEXIST
                    ? "'" + path_ +
                          "' was created by someone else during the run; "
                          "not overwritten"
                    : "cannot link the output to '" + path_ + "': " + std::strerror(errno);
        discard();
        return false;
      }
    }
    if (!replace_) {
      ::close(fd_);
      fd_ = -1;
      committed_ = true;
      return true;
    }
  }
  if (renameat(dir_fd_, linked.c_str(), dir_fd_, base_.c_str()) != 0) {
    error = "cannot rename the output to '" + path_ + "': " + std::strerror(errno);
    unlinkat(dir_fd_, linked.c_str(), 0);
    unregister_temporary();
    named_temp_.clear();
    discard();
    return false;
  }
  unregister_temporary();
  named_temp_.clear();
  ::close(fd_);
  fd_ = -1;
  committed_ = true;
  return true;
}

void Output::discard() {
  if (direct_ || committed_) return;
  if (fd_ >= 0) ::close(fd_);  // an unnamed file is gone with its last descriptor
  fd_ = -1;
  if (!named_temp_.empty()) {
    unlinkat(dir_fd_, named_temp_.c_str(), 0);  // before clearing the registration: a signal
    unregister_temporary();                     // in between finds it gone already
    named_temp_.clear();
  }
}

}  // namespace aeskit::cli
