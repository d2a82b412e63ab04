// src/backend/vaes256/ocb_vaes256.hpp — the vaes256 backend's OCB3 entries (ocb_vaes256.cpp),
// for the ocb_encrypt/ocb_decrypt/ocb_hash slots of backend/backend.hpp.
//
// CPU features: AVX2, VAES, AES-NI; callers must check the backend's supported() first.
// References: RFC 7253 §4; backend/backend.hpp.
#pragma once

#include <cstddef>
#include <cstdint>

#include "backend/backend.hpp"
#include "backend/vaes256/target.hpp"

namespace aeskit::detail::vaes256 {

AESKIT_VAES256_TARGET std::size_t ocb_encrypt(const RoundKeys& enc, const OcbLTable& l,
                                              std::uint64_t first_index, std::uint8_t offset[16],
                                              std::uint8_t checksum[16], const std::uint8_t* in,
                                              std::uint8_t* out, std::size_t blocks) noexcept;
AESKIT_VAES256_TARGET std::size_t ocb_decrypt(const RoundKeys& dec, const OcbLTable& l,
                                              std::uint64_t first_index, std::uint8_t offset[16],
                                              std::uint8_t checksum[16], const std::uint8_t* in,
                                              std::uint8_t* out, std::size_t blocks) noexcept;
AESKIT_VAES256_TARGET std::size_t ocb_hash(const RoundKeys& enc, const OcbLTable& l,
                                           std::uint64_t first_index, std::uint8_t offset[16],
                                           std::uint8_t sum[16], const std::uint8_t* in,
                                           std::size_t blocks) noexcept;

}  // namespace aeskit::detail::vaes256
