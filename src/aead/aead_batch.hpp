// src/aead/aead_batch.hpp — the pieces of the one-message AEAD path (aead_key.cpp) that
// AeadKey::seal_batch / open_batch (aead_batch.cpp) share, and the batch's group size.
// No CPU feature.
//
// The batch calls check each message exactly as the one-message calls do, turn the ones that
// pass into AeadBatchJobs (aead_scheme.hpp) and hand groups of at most kBatchGroup jobs to the
// family's AeadScheme::seal_jobs / open_jobs. That group call is where a multi-message kernel
// plugs in.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "aead/aead_key_state.hpp"
#include "aead/aead_scheme.hpp"
#include "aeskit/status.hpp"

namespace aeskit::detail {

// kBatchGroup: jobs per group call (a stack array of this many jobs; 32 = a QUIC flight, one
// zmm group of counter blocks per message at 1-block messages).
inline constexpr std::size_t kBatchGroup = 32;

Status check_lengths(const AeadKeyState& k, std::span<const std::uint8_t> nonce,
                     std::size_t data_len, std::size_t ad_len) noexcept;
bool record_layout(const AeadKeyState& k) noexcept;
bool tag_first(const AeadKeyState& k) noexcept;

}  // namespace aeskit::detail
