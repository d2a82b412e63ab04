// src/backend/portable/sha_portable.hpp — the portable C++ SHA compression functions
// (FIPS 180-4 §6.1.2, §6.2.2, §6.4.2), for every CPU.
#pragma once

#include <cstddef>
#include <cstdint>

#include "aeskit/hash.hpp"

namespace aeskit::detail {

void sha1_compress_portable(HashWords& h, const std::uint8_t* data, std::size_t blocks) noexcept;
void sha256_compress_portable(HashWords& h, const std::uint8_t* data, std::size_t blocks) noexcept;
void sha512_compress_portable(HashWords& h, const std::uint8_t* data, std::size_t blocks) noexcept;

}  // namespace aeskit::detail
