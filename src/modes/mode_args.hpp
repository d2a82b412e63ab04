// src/modes/mode_args.hpp — argument checks and the whole-message stream-mode runner shared
// by the one-shot functions (one_shot.cpp) and the incremental Cipher (cipher.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "aeskit/modes.hpp"
#include "core/key_state.hpp"

namespace aeskit::detail {

bool is_block_mode(Mode mode);
// validate_mode_args: key usable, IV length right for the mode, padding only for ECB/CBC.
Status validate_mode_args(const AesKey& key, Mode mode, std::span<const std::uint8_t> iv,
                          Padding padding);
// run_stream_mode: CTR/CFB/CFB8/OFB over `len` bytes starting at a block boundary; a final
// partial block uses E(iv) as key stream. iv is left as the chaining value after the whole
// blocks.
void run_stream_mode(const KeyState& k, Mode mode, Direction dir, std::uint8_t iv[16],
                     const std::uint8_t* in, std::uint8_t* out, std::size_t len);

}  // namespace aeskit::detail
