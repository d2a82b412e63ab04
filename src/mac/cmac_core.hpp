// src/mac/cmac_core.hpp — the CMAC (OMAC1) core shared by the public Cmac class, EAX
// (OMAC^t) and SIV (S2V): per-key subkeys, the chain over a whole message, and a streaming
// state. Generic: the chain runs through cbc_mac_blocks (src/modes/mac_chain.hpp), i.e. the
// AES backend's cbc_mac entry when it has one.
//
// CPU features: none (AES through the key's backend).
// References: NIST SP 800-38B §6.1 (subkeys), §6.2 (MAC generation); RFC 4493 §2.3-2.4.
//
// Math (blocks of 128 bits, E = AES under K, dbl = multiplication by x in GF(2^128)):
//   L = E(0^128), K1 = dbl(L), K2 = dbl(K1).
//   M = M_1 || ... || M_n with M_1..M_{n-1} whole blocks and M_n of 1..16 bytes (n = 1 and
//   M_n empty for the empty message).
//   C_0 = 0; C_i = E(C_{i-1} ^ M_i) for i < n;
//   last = M_n ^ K1 if M_n is a whole block, else (M_n || 10^j) ^ K2;  T = E(C_{n-1} ^ last).
// A "chain" is the running C_i; callers that know a prefix's chain value (EAX's E([t]))
// start from it. Nothing branches on or indexes by key, data or chain; only on lengths.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "base/block128.hpp"
#include "core/key_state.hpp"

namespace aeskit::detail::cmac {

// Subkeys: K1 and K2 of one AES key (wiped on destruction).
struct Subkeys {
  alignas(16) std::uint8_t k1[16];
  alignas(16) std::uint8_t k2[16];

  Subkeys() = default;
  Subkeys(const Subkeys&) = delete;
  Subkeys& operator=(const Subkeys&) = delete;
  ~Subkeys();
};

// derive_subkeys: L = E(0), K1 = dbl(L), K2 = dbl(K1).
void derive_subkeys(const KeyState& aes, Subkeys& out) noexcept;

// finish_last: chain = E(chain ^ last), `last` being the final block M_n (0..16 bytes:
// 16 → xor K1; fewer → padded 10* and xor K2). The chain then holds the full tag.
void finish_last(const KeyState& aes, const Subkeys& sub, std::uint8_t chain[16],
                 const std::uint8_t* last, std::size_t last_len) noexcept;

// finish_last_input: x ^= the final block's input (0..16 bytes `last`, xored with K1, or
// padded and xored with K2): with x = the chain, E(x) is the tag. For a message of at most
// one block the chain is zero, so E(x) from x = 0 is its whole CMAC, independent of others.
// final_block_input: the same final block's input as a register value (base/block128.hpp):
// written with one 16-byte store it feeds an AES kernel without a store-forwarding stall.
Block128 final_block_input(const Subkeys& sub, const std::uint8_t* last,
                           std::size_t last_len) noexcept;

void finish_last_input(const Subkeys& sub, const std::uint8_t* last, std::size_t last_len,
                       std::uint8_t x[16]) noexcept;

// continue_message: processes `len` bytes as the rest of a message whose earlier blocks gave
// `chain` (all zero for a whole message), ending it: every block but the final 1..16 bytes
// through the CBC-MAC chain, then finish_last. len == 0 means the final block is empty
// (only right for a whole empty message, whose chain starts at zero).
void continue_message(const KeyState& aes, const Subkeys& sub, std::uint8_t chain[16],
                      const std::uint8_t* data, std::size_t len) noexcept;

// compute: the 16-byte CMAC of data[0..len) into tag (tag may not overlap data).
void compute(const KeyState& aes, const Subkeys& sub, const std::uint8_t* data, std::size_t len,
             std::uint8_t tag[16]) noexcept;

// Stream: CMAC over a message given in pieces of any size. The last 1..16 bytes seen are
// held back in `buffer` (the final block must be treated differently), everything before
// them is chained. Wipe with reset() or by destruction.
struct Stream {
  alignas(16) std::uint8_t chain[16] = {};
  alignas(16) std::uint8_t buffer[16] = {};
  std::size_t buffered = 0;  // 0..16

  Stream() = default;
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
  ~Stream();
  void reset() noexcept;  // a new empty message
};

void update(const KeyState& aes, Stream& s, const std::uint8_t* data, std::size_t len) noexcept;
// finish: the 16-byte tag; the stream is left reset (wiped).
void finish(const KeyState& aes, const Subkeys& sub, Stream& s, std::uint8_t tag[16]) noexcept;

// describe_chain: the code path of the CBC-MAC chain on `backend` ("aesni:cbc_mac", or the
// generic single-block loop), for the kernel() strings.
std::string describe_chain(const AesBackend& backend);

}  // namespace aeskit::detail::cmac
