// tools/aeskit/speed/progress.hpp — the progress line `aeskit speed` keeps on standard error
// while it measures: "item k of n: LABEL (about S s left)", rewritten in place; only when
// standard error is a terminal (never in logs or pipes), and cleared before anything else is
// printed there and at the end.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>

namespace aeskit::cli::speed {

class Progress {
 public:
  // total: the measurements the run will make (the estimate of time left is based on it).
  Progress(std::size_t total, bool enabled);
  ~Progress() { clear(); }
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  // step: one more measurement of `label` is about to start.
  void step(const std::string& label);
  // clear: erases the line (call before printing to standard error).
  void clear();

 private:
  std::size_t total_;
  std::size_t done_ = 0;
  bool enabled_;
  bool shown_ = false;
  std::chrono::steady_clock::time_point start_;
};

// stderr_is_terminal: whether a progress line makes sense.
bool stderr_is_terminal();

}  // namespace aeskit::cli::speed
