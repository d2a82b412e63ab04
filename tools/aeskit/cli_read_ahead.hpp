// tools/aeskit/cli_read_ahead.hpp — the input side of the `aeskit seal` / `aeskit open`
// pipeline: a reader thread that reads the next block while the caller seals or opens this one
// (BackgroundWriter in cli_files.hpp is the output side), and page-offset-matched buffers for
// both sides.
//
// Why the page offset matters: read(2) and write(2) copy between the page cache and the user
// buffer with `rep movsb`, which on AMD Zen 3 runs ~3x slower when the destination sits a few
// bytes (1..63) past the source modulo 4096 (4K aliasing of the stores with the loads that
// follow them). malloc puts large blocks at page offset 16, so 1 MiB reads of a tmpfs file
// at file offsets that are multiples of 4096 hit exactly that case (measured on this project's
// VM: 875 MB/s into page offset 16, 3124 MB/s into page offset 0). IoBuffer::at(pos) places
// the data for stream offset `pos` at the address with the same page offset, so source and
// destination of every copy are 0 apart modulo 4096, whatever the block sizes.
// POSIX threads and I/O only; no CPU feature of its own.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <thread>
#include <vector>

namespace aeskit::cli {

inline constexpr std::size_t kPageSize = 4096;

// IoBuffer holds `size` bytes that can start at any page offset.
class IoBuffer {
 public:
  explicit IoBuffer(std::size_t size);
  // at: `size` bytes starting at the page offset of stream offset `pos`.
  std::span<std::uint8_t> at(std::uint64_t pos) noexcept;

 private:
  std::vector<std::uint8_t> storage_;
  std::uint8_t* base_;  // page-aligned, inside storage_
  std::size_t size_;
};

// stream_position: the current offset of `fd` (0 for pipes and terminals).
std::uint64_t stream_position(int fd) noexcept;

// BackgroundReader reads `fd` in blocks of `block` bytes (every block full but the last) on a
// thread of its own, one block ahead of the caller, into two alternating IoBuffers.
class BackgroundReader {
 public:
  BackgroundReader(int fd, std::size_t block);
  // The destructor does not wait for a read in progress (stdin may never end): the thread
  // works on a duplicate of the descriptor and on state it shares, and ends on its own.
  ~BackgroundReader();
  BackgroundReader(const BackgroundReader&) = delete;
  BackgroundReader& operator=(const BackgroundReader&) = delete;

  // next waits for the next block and sets `data` to it (empty at the end of the input); the
  // block stays valid until the following next(). False on a read error, with errno set to
  // its cause (sticky: later calls fail the same way).
  bool next(std::span<const std::uint8_t>& data);

 private:
  struct State;
  std::shared_ptr<State> s_;
  std::thread thread_;
  int cur_ = 0;        // the buffer the next block arrives in
  bool done_ = false;  // the last block was handed out
};

}  // namespace aeskit::cli
