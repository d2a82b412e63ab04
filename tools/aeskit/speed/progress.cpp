// tools/aeskit/speed/progress.cpp — the progress line on standard error (progress.hpp).
#include "speed/progress.hpp"

#include <unistd.h>

#include <cstdio>

namespace aeskit::cli::speed {

bool stderr_is_terminal() {
  return isatty(STDERR_FILENO) == 1;
}

Progress::Progress(std::size_t total, bool enabled)
    : total_(total), enabled_(enabled), start_(std::chrono::steady_clock::now()) {}

void Progress::step(const std::string& label) {
  ++done_;
  if (!enabled_) return;
  const double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  const std::size_t total = done_ > total_ ? done_ : total_;
  char left[48] = "";
  if (done_ > 1) {
    const double per = elapsed / static_cast<double>(done_ - 1);
    std::snprintf(left, sizeof left, " (about %.0f s left)",
                  per * static_cast<double>(total - done_ + 1));
  }
  std::fprintf(stderr, "\r\033[Kmeasuring %zu of %zu: %.50s%s", done_, total, label.c_str(), left);
  std::fflush(stderr);
  shown_ = true;
}

void Progress::clear() {
  if (!shown_) return;
  std::fputs("\r\033[K", stderr);
  std::fflush(stderr);
  shown_ = false;
}

}  // namespace aeskit::cli::speed
