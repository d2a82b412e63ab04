// src/backend/portable/ctr_portable.hpp — the portable backend's CTR bulk operations (the
// ctr32_be / ctr128_be slots of backend/backend.hpp), defined in ctr_portable.cpp.
//
// CPU features: none.
// References: backend/backend.hpp; NIST SP 800-38A §6.5 and Appendix B.1.
#pragma once

#include <cstddef>
#include <cstdint>

#include "backend/backend.hpp"

namespace aeskit::detail::portable {

// Both process whole 32-block groups only and return how many blocks they did; the generic
// mode code finishes the remainder through encrypt_blocks.
std::size_t ctr32_be(const RoundKeys& enc, std::uint8_t counter[16], const std::uint8_t* in,
                     std::uint8_t* out, std::size_t blocks) noexcept;
std::size_t ctr128_be(const RoundKeys& enc, std::uint8_t counter[16], const std::uint8_t* in,
                      std::uint8_t* out, std::size_t blocks) noexcept;

}  // namespace aeskit::detail::portable
