// tools/aeskit/speed/clock.hpp — the core clock `aeskit speed` converts times to cycles with.
#pragma once

namespace aeskit::cli::speed {

// measure_cpu_mhz: the core clock in MHz while a chain of dependent integer adds runs (one
// add per cycle on every x86 and Arm core: latency 1), timed against the wall clock; the
// fastest of a few short runs, so a run that was interrupted does not count. This is the
// clock the measured code sees under the same load, turbo included, as libgcrypt's
// bench-slope --cpu-mhz auto does it. About 0.2 s.
double measure_cpu_mhz();

}  // namespace aeskit::cli::speed
