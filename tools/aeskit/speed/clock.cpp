// tools/aeskit/speed/clock.cpp — the dependent-add clock measurement (clock.hpp).
//
// Each step is one add on a value the compiler must keep in a register and may not fold
// with the next add: the empty asm statement tells it the value may have changed (no
// instruction is emitted for it). So the loop body is eight adds in one dependency chain,
// eight cycles per iteration at any issue width; the loop's own counter and branch run
// beside it.
#include "speed/clock.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>

namespace aeskit::cli::speed {
namespace {

#define AESKIT_SPEED_STEP \
  x += 1;                 \
  asm volatile("" : "+r"(x))

double adds_per_second(std::uint64_t iterations) {
  std::uint64_t x = 0;
  const auto start = std::chrono::steady_clock::now();
  for (std::uint64_t i = 0; i < iterations; ++i) {
    AESKIT_SPEED_STEP;
    AESKIT_SPEED_STEP;
    AESKIT_SPEED_STEP;
    AESKIT_SPEED_STEP;
    AESKIT_SPEED_STEP;
    AESKIT_SPEED_STEP;
    AESKIT_SPEED_STEP;
    AESKIT_SPEED_STEP;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (x != 8 * iterations || seconds <= 0) return 0;
  return static_cast<double>(8 * iterations) / seconds;
}

#undef AESKIT_SPEED_STEP

}  // namespace

double measure_cpu_mhz() {
  adds_per_second(std::uint64_t{1} << 22);  // warm up: let the clock ramp
  double best = 0;
  for (int run = 0; run < 5; ++run) best = std::max(best, adds_per_second(std::uint64_t{1} << 23));
  return best / 1e6;
}

}  // namespace aeskit::cli::speed
