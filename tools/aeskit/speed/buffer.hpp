// tools/aeskit/speed/buffer.hpp — a zero-initialised byte buffer aligned to 64 bytes (a cache
// line), so no implementation is timed on split cache lines the others do not see.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <span>

namespace aeskit::cli::speed {

class AlignedBuffer {
 public:
  static constexpr std::size_t kAlignment = 64;

  explicit AlignedBuffer(std::size_t size)
      : data_(static_cast<std::uint8_t*>(
            ::operator new (size == 0 ? 1 : size, std::align_val_t{kAlignment}))),
        size_(size) {
    std::memset(data_, 0, size_);
  }
  AlignedBuffer(const AlignedBuffer&) = delete;
  AlignedBuffer& operator=(const AlignedBuffer&) = delete;
  ~AlignedBuffer() { ::operator delete (data_, std::align_val_t{kAlignment}); }

  std::span<std::uint8_t> span() { return {data_, size_}; }
  std::span<const std::uint8_t> span() const { return {data_, size_}; }
  std::span<std::uint8_t> first(std::size_t n) { return span().first(n); }
  std::span<const std::uint8_t> first(std::size_t n) const { return span().first(n); }

 private:
  std::uint8_t* data_;
  std::size_t size_;
};

}  // namespace aeskit::cli::speed
