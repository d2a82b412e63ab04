// tools/aeskit/speed/summary.hpp — the compact report of `aeskit speed` (--format table, the
// default) and its CSV form (--format csv).
//
// The compact report groups the items: one table per AES key size (its modes and AEADs),
// one for single blocks and key setups, one for hashes and MACs, one for the chunked-file
// items. Rows are the operations in the order they were measured, columns the message
// sizes; each cell is aeskit's MB/s, its cycles per byte at the measured clock, and its speed
// over the best peer measured at that size in the same run, marked '<' when aeskit is behind
// (ns/op and cycles/op for the per-operation items).
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "speed/report.hpp"

namespace aeskit::cli::speed {

// cycles_per_byte: record's cost in core cycles per byte at `mhz` (0 when unknown); for
// block and setup items, cycles_per_op.
double cycles_per_byte(const Record& record, double mhz);
double cycles_per_op(const Record& record, double mhz);

// print_summary writes the compact tables for `records` (aeskit's and the peers', as
// measured); `ours` names aeskit's implementation.
void print_summary(std::FILE* out, const std::vector<Record>& records, const std::string& ours,
                   double mhz);

// print_slopes (--slope, libgcrypt bench-slope's method): per item and implementation, a
// least-squares line through (message size, time per operation) over the sizes measured:
// its slope is the per-byte cost without the per-call cost (cycles/byte), its intercept the
// per-call cost (cycles). Items measured at fewer than two sizes are left out.
void print_slopes(std::FILE* out, const std::vector<Record>& records,
                  const std::vector<std::string>& impls, double mhz);

// write_csv writes a header line and one line per record.
void write_csv(std::FILE* out, const std::vector<Record>& records, double mhz);

}  // namespace aeskit::cli::speed
