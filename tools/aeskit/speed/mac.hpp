// tools/aeskit/speed/mac.hpp — aeskit's runner for the block-cipher MAC items of `aeskit
// speed` (Family::cmac) and its table note.
//
// CMAC items ("AES-128-CMAC mac", "AES-256-CMAC mac") reuse ItemKind::hash (op "mac", as
// the HMAC items): per operation one whole message MACed under a key set once per item; the
// output is the full 16-byte tag.
// The CMAC-based AEADs, EAX and SIV ("AES-128-EAX seal", "AES-128-SIV open", ...), are
// ItemKind::aead and run through every implementation's AEAD runner (speed/aead.hpp;
// OpenSSL has no EAX). Every SIV runner writes ciphertext || tag like the other AEAD runners
// (aeskit via seal_detached), so outputs compare across libraries; SIV is not a counter
// mode, so its open items open a copy sealed once.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

#include "speed/impl.hpp"
#include "speed/items.hpp"

namespace aeskit::cli::speed {

inline constexpr std::size_t kCmacTagBytes = 16;

// cmac_table_note: which chain kernel aeskit's CMAC runs on `backend`.
std::string cmac_table_note(const Item& item, std::string_view backend);

std::unique_ptr<Runner> make_aeskit_cmac_runner(const Item& item, const Material& material,
                                                std::string_view backend, std::string& error);

}  // namespace aeskit::cli::speed
