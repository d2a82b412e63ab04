// src/aead/ocb_key.hpp — AES-OCB3 (RFC 7253): what an OCB AeadKey holds, and the one-shot
// seal/open the AEAD layer calls. Generic code (no ISA named); the bulk work goes to the AES
// backend's ocb_* entries when it has them, else through its encrypt_blocks/decrypt_blocks.
//
// Per key (RFC 7253 §4.1, done once at key setup):
//   L_*  = E_K(0^128)
//   L_$  = double(L_*)
//   L_0  = double(L_$),  L_j = double(L_{j-1})   (64 entries: every 64-bit block index)
// where double(S) = S << 1 xor (msb(S) ? 0^120 10000111 : 0), branch-free on S. The
// decryption schedule is built at setup too, so open never builds it on the hot path.
// Per message, Ktop = E_K(top of the nonce) is taken from the key's one-entry cache when the
// nonce's top is the cached one (ocb_ktop_cache.hpp: 63 messages in 64 with a counter nonce).
//
// Nothing here branches on or indexes by key, plaintext or tag; block indices (ntz(i)), the
// nonce and lengths are public.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "aead/aead_scheme.hpp"
#include "aead/ocb_ktop_cache.hpp"
#include "aeskit/aead.hpp"
#include "backend/backend.hpp"
#include "core/key_state.hpp"

namespace aeskit::detail {

struct OcbKey {
  const KeyState* aes = nullptr;          // points into OcbScheme's AES key
  const RoundKeys* dec = nullptr;         // the same key's decryption schedule (built at setup)
  bool use_kernels = true;                // false: never call the backend's ocb_* entries (tests)
  alignas(16) std::uint8_t l_star[16];    // L_*
  alignas(16) std::uint8_t l_dollar[16];  // L_$
  OcbLTable l;                            // L_0 .. L_63
  OcbKtopCache ktop;                      // the last Ktop, for counter nonces (thread-safe)

  OcbKey() = default;
  OcbKey(const OcbKey&) = delete;
  OcbKey& operator=(const OcbKey&) = delete;
  ~OcbKey();  // wipes the L values
};

// is_ocb: is `algorithm` one of the AES-*-OCB descriptors (algorithms.cpp)?
bool is_ocb(const AeadAlgorithm& algorithm) noexcept;

// make_ocb_scheme: the AeadScheme factory for the OCB descriptors (aead_scheme.hpp).
Result<std::unique_ptr<AeadScheme>> make_ocb_scheme(const AeadAlgorithm& algorithm,
                                                    std::span<const std::uint8_t> key,
                                                    std::size_t tag_length,
                                                    std::string_view aes_backend);

// make_ocb_key: AeadKey::create for an OCB algorithm (key and tag lengths checked here).
// `allow_kernels` false pins the generic batched path even when the backend has ocb_*
// kernels (tests compare the two).
// init_ocb_key: fills `k` for the AES key `aes` (L_*, L_$, L_0..L_63, the decryption
// schedule); `allow_kernels` as for make_ocb_key.
void init_ocb_key(OcbKey& k, const KeyState* aes, bool allow_kernels) noexcept;

Result<AeadKey> make_ocb_key(const AeadAlgorithm& algorithm, std::span<const std::uint8_t> key,
                             std::size_t tag_length, std::string_view aes_backend,
                             bool allow_kernels = true);

namespace ocb {

enum class Kind { encrypt, decrypt, hash };

// run_blocks: `blocks` whole blocks from 1-based block index `index` — encrypt or decrypt
// in -> out with Checksum in `acc`, or hash (AD; out unused) with Sum in `acc` — on the
// backend's ocb_* kernel when it has one, batched through encrypt_blocks otherwise.
// `offset` goes in as Offset_{index-1} and comes out as the offset of the last block.
void run_blocks(const OcbKey& k, Kind kind, std::uint64_t index, std::uint8_t offset[16],
                std::uint8_t acc[16], const std::uint8_t* in, std::uint8_t* out,
                std::size_t blocks) noexcept;

// initial_offset: Offset_0 for `nonce` (1..15 bytes) and `tag_length` (§4.2), Ktop from the
// key's cache when it holds this nonce's top.
void initial_offset(const OcbKey& k, std::size_t tag_length, std::span<const std::uint8_t> nonce,
                    std::uint8_t offset[16]) noexcept;

// seal: OCB-ENCRYPT (RFC 7253 §4.2): `len` bytes in -> out (in == out allowed), and the
// first `tag_length` bytes of the tag to `tag_out`.
void seal(const OcbKey& key, std::size_t tag_length, std::span<const std::uint8_t> nonce,
          std::span<const std::uint8_t> ad, const std::uint8_t* in, std::uint8_t* out,
          std::size_t len, std::uint8_t* tag_out) noexcept;

// open: OCB-DECRYPT (§4.3): decrypts `len` bytes in -> out and compares the tag with
// `tag` (tag_length bytes, read before anything is written) in constant time. On mismatch
// it zeroes out[0..len) and returns false.
bool open(const OcbKey& key, std::size_t tag_length, std::span<const std::uint8_t> nonce,
          std::span<const std::uint8_t> ad, const std::uint8_t* in, std::uint8_t* out,
          std::size_t len, const std::uint8_t* tag) noexcept;

// describe: the code path, for AeadKey::kernel() / `aeskit cpu`; starts "<backend>:".
std::string describe(const OcbKey& key);

}  // namespace ocb
}  // namespace aeskit::detail
