// tools/aeskit/speed/bound.hpp — `aeskit speed --bound`: the machine's own limit. Measures on
// this CPU the latency and throughput of the AES round instruction at every vector width the
// CPU has, of the carry-less multiply, and (through the clock, speed/clock.hpp) of a dependent
// add; derives each item's lower bound in cycles/byte from them; prints both and "% of bound"
// for aeskit's items. The model: docs/SPEED-BOUND.md.
#pragma once

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "speed/report.hpp"

namespace aeskit::cli::speed {

// InstructionTiming: one instruction at one width, measured (cycles at the run's clock).
struct InstructionTiming {
  std::string name;      // "AES round (xmm)", "carry-less multiply (zmm)"
  unsigned lanes = 1;    // 128-bit lanes per instruction (blocks or 64x64 products)
  double latency = 0;    // cycles from input to output, one dependent chain
  double per_cycle = 0;  // instructions per cycle, many independent chains
  double lane_rate() const { return per_cycle * lanes; }  // block-rounds/products per cycle
};

struct MachineLimits {
  double mhz = 0;
  std::vector<InstructionTiming> aes;    // the widths this CPU has (may be empty)
  std::vector<InstructionTiming> clmul;  // likewise
  double aes_rate = 0;                   // best block-rounds per cycle over the widths
  double aes_latency = 0;                // the narrowest width's round latency (the serial chains)
  double clmul_rate = 0;                 // best 64x64 products per cycle over the widths
  // sharing: how much AES rounds and carry-less products slow each other when interleaved at
  // the widest width that has both (0: independent units, the time is the larger of the two;
  // 1: one resource, the times add), from mix_cycles; 0 when not measured. The mix is
  // mix_rounds AES rounds per product (their throughput ratio, rounded to 1..4), 3 products
  // per iteration, so that each kind alone takes about as long as the other: mix_alone is
  // that time (the larger of the two), mix_cycles the time interleaved.
  double sharing = 0;
  double mix_cycles = 0;
  double mix_alone = 0;
  unsigned mix_rounds = 0;
  unsigned mix_width = 0;
  // overlapped: the cost of two streams of work that the code interleaves (AES at x
  // cycles/byte alone, products at y alone): max(x, y) + sharing · min(x, y).
  double overlapped(double x, double y) const;
};

// measure_limits: the instruction timings at `mhz` (about half a second). Only the
// instructions the CPU has (cpu_report()) are run.
MachineLimits measure_limits(double mhz);

// bound_cycles_per_byte: the model's lower bound for a message item ("AES-128-CTR",
// "encrypt"), or nullopt when the model has none (hashes, TLS, chunked files, setup).
std::optional<double> bound_cycles_per_byte(const std::string& algorithm, const std::string& op,
                                            const MachineLimits& limits);

// print_bounds: the instruction table, then per aeskit item (`ours`) at its largest measured
// size: the bound, aeskit's cycles/byte and the percentage of the bound reached.
void print_bounds(std::FILE* out, const MachineLimits& limits, const std::vector<Record>& records,
                  const std::string& ours);

// The per-architecture instruction loops (bound_x86.cpp, bound_arm.cpp): each returns the
// cycles per instruction of one dependent chain (latency) or of `chains` independent ones
// (the reciprocal throughput), or 0 when this build cannot run it. `width` is 128, 256 or 512.
double aes_round_cycles(unsigned width, bool independent, double mhz);
double clmul_cycles(unsigned width, bool independent, double mhz);
// aes_clmul_mix_cycles: cycles per iteration when 3 · rounds_per_product (1..4) independent
// chains of AES rounds and 3 of carry-less products run interleaved at `width`, one round of
// each AES chain and one product of each product chain per iteration; 0 when not measured.
double aes_clmul_mix_cycles(unsigned width, unsigned rounds_per_product, double mhz);

}  // namespace aeskit::cli::speed
