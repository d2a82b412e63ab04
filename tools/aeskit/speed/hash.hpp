// tools/aeskit/speed/hash.hpp — the hash and HMAC items of `aeskit speed` ("SHA-256 hash",
// "HMAC-SHA256 mac", ...): per operation one whole message hashed (or MACed under a key set
// once per item, kHashMacKeyBytes of the item key) with a context created once and reset per
// message, the way an application keeps one; the output is the full digest.
// And "HKDF-SHA-512 Cobblestone-128 header" (ItemKind::setup, ns per operation): one
// aeskit::hkdf (extract + expand) per operation with a Cobblestone-128 header's inputs: the
// 16-byte key as IKM, the 24-byte salt, info = "c2sp.org/chunked-encryption@v1+AEAD_AES_128_GCM"
// || 0x00, 60 bytes out (AES key, base nonce, commitment). Cobblestone itself expands the key
// directly (no extract: two SHA-512 compressions fewer), so this is an upper bound on its
// per-file derivation.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "aeskit/hash.hpp"
#include "speed/impl.hpp"
#include "speed/items.hpp"

namespace aeskit::cli::speed {

// HMAC items are keyed with this many bytes of Material::key.
inline constexpr std::size_t kHashMacKeyBytes = 32;

// hash_algorithm_of: the hash behind a SHA or HMAC item, read from the end of its name
// ("SHA-256" or "HMAC-SHA256" -> sha256; "SHA-1", "HMAC-SHA1" -> sha1).
HashAlgorithm hash_algorithm_of(const Item& item);
// hash_output_length: the digest length of the item's hash.
std::size_t hash_output_length(const Item& item);
// hash_table_note: which SHA compressor aeskit runs the item on.
std::string hash_table_note(const Item& item);

// make_aeskit_hash_runner: aeskit::Hash or aeskit::Hmac (SHA has no AES backend: `backend`
// is not used).
std::unique_ptr<Runner> make_aeskit_hash_runner(const Item& item, const Material& material,
                                                std::string_view backend, std::string& error);

// make_aeskit_hkdf_runner: the HKDF header item (`backend` is not used).
std::unique_ptr<Runner> make_aeskit_hkdf_runner(const Item& item, const Material& material,
                                                std::string_view backend, std::string& error);

}  // namespace aeskit::cli::speed
