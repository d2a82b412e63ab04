// aeskit/random.hpp — random bytes from the operating system (getrandom(2)), for keys, salts
// and the random nonces the algorithms that tolerate them use (aeskit/nonce.hpp). There is no
// fallback: when the OS generator fails, the call fails with Errc::random_failed, and the
// output is zeroed rather than left partly filled.
//
// Keys: AeadKey::generate (aeskit/aead.hpp) writes a key of an AEAD's length; chunked keys:
// chunked::generate_key. Nonces are not "random bytes" for every algorithm: AES-GCM, CCM,
// OCB and EAX need a nonce sequence (NonceSequence, SealingKey); random_nonce refuses them.
#pragma once

#include <cstdint>
#include <span>

#include "aeskit/export.hpp"
#include "aeskit/status.hpp"

namespace aeskit {

// random_bytes fills `out` from the OS generator (blocks only until the kernel's pool is
// first initialised after boot). Error: random_failed.
AESKIT_API Status random_bytes(std::span<std::uint8_t> out) noexcept;

}  // namespace aeskit
