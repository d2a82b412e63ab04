// tools/aeskit/speed/timer.cpp — the timing loop of `aeskit speed`.
//
// Method: one long run per measurement, not the best of several short ones. After a warm-up
// (a tenth of the budget, at least 5 ms: faults in the buffers, fills caches and branch
// predictors, builds lazy schedules, lets the clock settle), batches of operations run back
// to back, each batch twice the previous one, until the budget has elapsed; the result is
// total operations over total time, the way BoringSSL's `bssl speed` counts. A long run
// averages short interruptions instead of selecting them away, its total time stays the
// --seconds asked for, and its numbers read like bssl's. A batch never grows past what the
// rate seen so far says is left of the budget, so a run ends close to it rather than up to
// twice over. The clock is read once per batch only.
//
// So the optimiser cannot drop the work, every operation is an out-of-line library call
// writing to `out`, and after each run the output is folded into a volatile sink.
#include "speed/timer.hpp"

#include <algorithm>
#include <chrono>

namespace aeskit::cli::speed {
namespace {

using Clock = std::chrono::steady_clock;

volatile std::uint8_t g_sink = 0;

void consume(std::span<const std::uint8_t> out) {
  std::uint8_t folded = 0;
  for (std::uint8_t byte : out) folded = static_cast<std::uint8_t>(folded ^ byte);
  g_sink = static_cast<std::uint8_t>(g_sink + folded);
}

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// run_for performs batches (doubling from `first_batch`) until `budget` seconds elapse.
bool run_for(Runner& runner, std::span<const std::uint8_t> in, std::span<std::uint8_t> out,
             double budget, std::uint64_t first_batch, Timing& timing, std::string& error) {
  std::uint64_t total = 0;
  std::uint64_t batch = std::max<std::uint64_t>(first_batch, 1);
  double elapsed = 0;
  const Clock::time_point start = Clock::now();
  for (;;) {
    if (!runner.run(static_cast<std::size_t>(batch), in, out, error)) return false;
    total += batch;
    elapsed = seconds_since(start);
    if (elapsed >= budget) break;
    const double rate = elapsed > 0 ? static_cast<double>(total) / elapsed : 0;
    const double left = rate * (budget - elapsed) * 1.01 + 1;
    batch = batch * 2;
    if (rate > 0 && left < static_cast<double>(batch)) batch = static_cast<std::uint64_t>(left);
  }
  consume(out);
  timing.ops = total;
  timing.seconds = elapsed;
  return true;
}

}  // namespace

bool measure(Runner& runner, std::span<const std::uint8_t> in, std::span<std::uint8_t> out,
             double seconds, Timing& timing, std::string& error) {
  Timing warm;
  if (!run_for(runner, in, out, std::max(seconds / 10, 0.005), 1, warm, error)) return false;
  // Start the timed run at a batch of about 1/64 of the budget at the warm-up rate.
  const double warm_rate = static_cast<double>(warm.ops) / warm.seconds;
  const auto first_batch = static_cast<std::uint64_t>(warm_rate * seconds / 64);
  return run_for(runner, in, out, seconds, first_batch, timing, error);
}

}  // namespace aeskit::cli::speed
