// src/backend/aesni/ocb_aesni.hpp — the AES-NI backend's OCB3 entries (ocb_aesni.cpp), for
// the ocb_encrypt/ocb_decrypt/ocb_hash slots of backend/backend.hpp.
//
// CPU features: AES-NI, SSSE3; callers must check the backend's supported() first.
// References: RFC 7253 §4; backend/backend.hpp.
#pragma once

#include <cstddef>
#include <cstdint>

#include "backend/aesni/target.hpp"
#include "backend/backend.hpp"

namespace aeskit::detail::aesni {

AESKIT_AESNI_TARGET std::size_t ocb_encrypt(const RoundKeys& enc, const OcbLTable& l,
                                            std::uint64_t first_index, std::uint8_t offset[16],
                                            std::uint8_t checksum[16], const std::uint8_t* in,
                                            std::uint8_t* out, std::size_t blocks) noexcept;
AESKIT_AESNI_TARGET std::size_t ocb_decrypt(const RoundKeys& dec, const OcbLTable& l,
                                            std::uint64_t first_index, std::uint8_t offset[16],
                                            std::uint8_t checksum[16], const std::uint8_t* in,
                                            std::uint8_t* out, std::size_t blocks) noexcept;
AESKIT_AESNI_TARGET std::size_t ocb_hash(const RoundKeys& enc, const OcbLTable& l,
                                         std::uint64_t first_index, std::uint8_t offset[16],
                                         std::uint8_t sum[16], const std::uint8_t* in,
                                         std::size_t blocks) noexcept;

}  // namespace aeskit::detail::aesni
