// tools/aeskit/cli_read_ahead.cpp — see cli_read_ahead.hpp. The reader thread and the caller
// share one State under a mutex: the caller posts which buffer to fill (`want`), the thread
// reads a block into it at the page offset of the stream position and marks it ready.
#include "cli_read_ahead.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "cli_files.hpp"

namespace aeskit::cli {

IoBuffer::IoBuffer(std::size_t size) : storage_(size + 2 * kPageSize), size_(size) {
  // Up to kPageSize - 1 bytes to reach a page boundary, up to kPageSize - 1 more in at().
  const auto addr = reinterpret_cast<std::uintptr_t>(storage_.data());
  base_ = storage_.data() + (kPageSize - addr % kPageSize) % kPageSize;
}

std::span<std::uint8_t> IoBuffer::at(std::uint64_t pos) noexcept {
  return {base_ + pos % kPageSize, size_};
}

std::uint64_t stream_position(int fd) noexcept {
  const off_t pos = ::lseek(fd, 0, SEEK_CUR);
  return pos < 0 ? 0 : static_cast<std::uint64_t>(pos);
}

struct BackgroundReader::State {
  State(int fd_in, std::size_t block_in, std::uint64_t pos_in)
      : fd(fd_in), block(block_in), pos(pos_in), buf{IoBuffer(block_in), IoBuffer(block_in)} {}

  int fd;  // our own duplicate, closed by the thread when it ends
  std::size_t block;
  std::uint64_t pos;  // stream offset of the next read
  IoBuffer buf[2];
  std::uint64_t start[2] = {0, 0};  // stream offset of the block in buf[i]
  std::size_t length[2] = {0, 0};
  bool ready[2] = {false, false};
  int want = -1;  // the buffer the thread is to fill next, or -1
  bool reading = false, stop = false;
  int error = 0;
  std::mutex mutex;
  std::condition_variable cv;

  void loop() {
    std::unique_lock<std::mutex> lock(mutex);
    for (;;) {
      cv.wait(lock, [this] { return stop || want >= 0; });
      if (stop) break;
      const int i = want;
      const std::uint64_t at = pos;
      want = -1;
      reading = true;
      lock.unlock();
      errno = 0;
      const long long n = read_full(fd, buf[i].at(at).first(block));
      const int cause = errno;
      lock.lock();
      reading = false;
      if (n < 0) {
        error = cause == 0 ? EIO : cause;
      } else {
        start[i] = at;
        length[i] = static_cast<std::size_t>(n);
        pos += static_cast<std::uint64_t>(n);
      }
      ready[i] = true;
      cv.notify_all();
    }
    lock.unlock();
    ::close(fd);
  }
};

BackgroundReader::BackgroundReader(int fd, std::size_t block) {
  const int own = ::fcntl(fd, F_DUPFD_CLOEXEC, 0);
  s_ = std::make_shared<State>(own, block, stream_position(fd));
  if (own < 0) {
    s_->error = errno;
    return;
  }
  s_->want = 0;
  thread_ = std::thread([s = s_] { s->loop(); });
}

BackgroundReader::~BackgroundReader() {
  bool busy;
  {
    std::lock_guard<std::mutex> lock(s_->mutex);
    s_->stop = true;
    busy = s_->reading;
  }
  s_->cv.notify_all();
  if (!thread_.joinable()) return;
  if (busy)
    thread_.detach();  // it holds its own reference to the state and closes its descriptor
  else
    thread_.join();
}

bool BackgroundReader::next(std::span<const std::uint8_t>& data) {
  State& s = *s_;
  std::unique_lock<std::mutex> lock(s.mutex);
  if (s.error == 0 && done_) {
    data = {};
    return true;
  }
  s.cv.wait(lock, [&] { return s.ready[cur_] || s.error != 0; });
  if (s.error != 0) {
    errno = s.error;
    return false;
  }
  s.ready[cur_] = false;
  const std::size_t n = s.length[cur_];
  data = s.buf[cur_].at(s.start[cur_]).first(n);
  if (n == s.block) {  // there may be more: read ahead into the buffer the caller is done with
    s.want = cur_ ^ 1;
    lock.unlock();
    s.cv.notify_all();
  } else {
    done_ = true;
  }
  cur_ ^= 1;
  return true;
}

}  // namespace aeskit::cli
