// src/base/byte_order.hpp — 32- and 64-bit words loaded from and stored to bytes in big- or
// little-endian order, on a host of either byte order: the one definition every layer uses
// (SHA words, GCM length blocks, OCB's stretch, XTS tweaks, CTR counters, GCM-SIV counters).
//
// CPU features: none. A memcpy and, when the host order differs, a byte swap: compilers emit
// one load or store (MOVBE or BSWAP where needed), with no branch and no table.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

namespace aeskit::detail {

namespace byte_order_detail {
template <class T>
inline T swap_if(T v, std::endian want) noexcept {
  if (std::endian::native == want) return v;
  if constexpr (sizeof(T) == 4)
    return __builtin_bswap32(v);
  else
    return __builtin_bswap64(v);
}
}  // namespace byte_order_detail

inline std::uint32_t load_be32(const std::uint8_t* p) noexcept {
  std::uint32_t v;
  std::memcpy(&v, p, 4);
  return byte_order_detail::swap_if(v, std::endian::big);
}

inline std::uint64_t load_be64(const std::uint8_t* p) noexcept {
  std::uint64_t v;
  std::memcpy(&v, p, 8);
  return byte_order_detail::swap_if(v, std::endian::big);
}

inline std::uint32_t load_le32(const std::uint8_t* p) noexcept {
  std::uint32_t v;
  std::memcpy(&v, p, 4);
  return byte_order_detail::swap_if(v, std::endian::little);
}

inline std::uint64_t load_le64(const std::uint8_t* p) noexcept {
  std::uint64_t v;
  std::memcpy(&v, p, 8);
  return byte_order_detail::swap_if(v, std::endian::little);
}

inline void store_be32(std::uint8_t* p, std::uint32_t v) noexcept {
  v = byte_order_detail::swap_if(v, std::endian::big);
  std::memcpy(p, &v, 4);
}

inline void store_be64(std::uint8_t* p, std::uint64_t v) noexcept {
  v = byte_order_detail::swap_if(v, std::endian::big);
  std::memcpy(p, &v, 8);
}

inline void store_le32(std::uint8_t* p, std::uint32_t v) noexcept {
  v = byte_order_detail::swap_if(v, std::endian::little);
  std::memcpy(p, &v, 4);
}

inline void store_le64(std::uint8_t* p, std::uint64_t v) noexcept {
  v = byte_order_detail::swap_if(v, std::endian::little);
  std::memcpy(p, &v, 8);
}

}  // namespace aeskit::detail
