// tools/aeskit/speed/chunked.hpp — aeskit's runners for the Cobblestone items of `aeskit speed`
// (c2sp.org/chunked-encryption, aeskit::chunked) and the memory-copy reference they are
// judged against, their sizes and notes, and the ratio to AES-GCM printed after them.
//
// Items (ItemKind::chunked; Item::threads says how many threads one operation may use):
//   "Cobblestone-128 seal (1 thread)", "Cobblestone-128 seal (T threads)",
//   "Cobblestone-128 open (1 thread)", "Cobblestone-128 open (T threads)", the same for
//   Cobblestone-256, and "memcpy copy (1 thread)", "memcpy copy (T threads)", where T is
//   std::thread::hardware_concurrency() (the T-thread items are left out when T is 1; the
//   rows are in speed/items.cpp). The
//   names are part of the --json contract: the thread count is spelt out so that figures
//   from machines with different core counts never share a name.
// Per operation one whole message through the whole-buffer API: seal = chunked::hazmat::
// seal_with_salt (header derivation, HKDF-SHA-512, included; the salt is the item IV's first
// 16 bytes and 8 more, fixed so runs are reproducible; no getrandom), output = the whole
// ciphertext; open = chunked::open of `in` sealed once per input outside the timed batches,
// output = the plaintext; memcpy = `in` copied to `out` by T threads (contiguous ranges; the
// runner keeps T - 1 helper threads, as chunked keeps its pool of workers).
// Speeds count plaintext bytes. Sizes: 16 KiB and 1 MiB always, plus every --sizes entry of
// at least 16 KiB (e.g. --sizes 1073741824 adds 1 GiB). No peer has the format: instead of
// the cross-check, each runner round-trips its first message of each size (seal then open,
// or open then compare with the input) and fails on any difference.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "speed/impl.hpp"
#include "speed/items.hpp"
#include "speed/report.hpp"

namespace aeskit::cli::speed {

// chunked_sizes: {16384, 1048576} and every requested size of at least 16384, ascending.
std::vector<std::size_t> chunked_sizes(const std::vector<std::size_t>& requested);
// chunked_output_length: seal: the ciphertext length; open and memcpy: in_len.
std::size_t chunked_output_length(const Item& item, std::size_t in_len);
std::string chunked_table_note(const Item& item);

// make_aeskit_chunked_runner: Cobblestone on aeskit's default backend, or the memcpy
// reference (`backend` is not used).
std::unique_ptr<Runner> make_aeskit_chunked_runner(const Item& item, const Material& material,
                                                   std::string_view backend, std::string& error);

// print_chunked_ratios follows a Cobblestone item's table (human-readable output only): it
// times aeskit's AES-GCM item of the same key size and direction ("AES-128-GCM seal" for
// "Cobblestone-128 seal (...)") at each size of `records` with `seconds` per measurement
// (cached across the items of one run), and prints the Cobblestone figure as a ratio of it.
// `in` and `out` are the speed tool's buffers (large enough for every size). Returns false
// and sets `error` if the AES-GCM runner fails.
bool print_chunked_ratios(std::FILE* out_file, const Item& item, const std::vector<Record>& records,
                          Impl& aeskit, double seconds, std::span<const std::uint8_t> in,
                          std::span<std::uint8_t> out, std::string& error);

}  // namespace aeskit::cli::speed
