// tools/aeskit/speed/timer.hpp — times one Runner on one message length.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "speed/impl.hpp"

namespace aeskit::cli::speed {

struct Timing {
  std::uint64_t ops = 0;  // operations performed in the timed run
  double seconds = 0;     // wall time they took (steady_clock)
};

// measure warms `runner` up, then times one run of at least `seconds`. It returns false and
// sets `error` when the runner fails; no timing is reported then.
bool measure(Runner& runner, std::span<const std::uint8_t> in, std::span<std::uint8_t> out,
             double seconds, Timing& timing, std::string& error);

}  // namespace aeskit::cli::speed
