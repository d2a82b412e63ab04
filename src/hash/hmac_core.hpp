// src/hash/hmac_core.hpp — the HMAC building blocks shared by Hmac, HKDF and the TLS AEADs.
//
// RFC 2104 / FIPS 198-1: HMAC(K, m) = H((K0 ^ opad) || H((K0 ^ ipad) || m)), where K0 is K
// zero-padded to the block length B (K is first replaced by H(K) when longer than B),
// ipad = 0x36 repeated, opad = 0x5c repeated. (K0 ^ ipad) and (K0 ^ opad) are exactly one
// block each, so they are compressed once per key into two chaining values; every message
// then starts from ipad_h after B bytes, and the outer hash from opad_h after B bytes.
#pragma once

#include <cstddef>
#include <cstdint>

#include "aeskit/hash.hpp"
#include "hash/hash_core.hpp"

namespace aeskit::detail {

// HmacKey (declared in aeskit/hash.hpp): ipad_h, opad_h, alg, compressor.

// hmac_key_setup fills `key` (wipes its temporaries).
void hmac_key_setup(HmacKey& key, HashAlgorithm alg, const ShaCompressor& c, const std::uint8_t* k,
                    std::size_t k_len) noexcept;
// hmac_begin starts the inner hash of a message in `core`.
void hmac_begin(const HmacKey& key, HashCore& core) noexcept;
// hmac_end finishes the inner hash in `core` and writes the full HMAC (digest_length bytes)
// to `mac`; `core` is spent.
void hmac_end(const HmacKey& key, HashCore& core, std::uint8_t* mac) noexcept;

}  // namespace aeskit::detail
