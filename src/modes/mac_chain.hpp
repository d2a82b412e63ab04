// src/modes/mac_chain.hpp — CBC-MAC chains, alone or beside CTR encryption, for the MAC-based
// modes (CMAC/OMAC, CCM, EAX, SIV's S2V). Generic: each call first offers the work to the
// key's backend entries (backend.hpp: cbc_mac, mac_ctr), then finishes what they left with
// the existing mode loops (mode_kernels.hpp).
//
// CPU features: none (the backend's entries use whatever they need).
// References: SP 800-38B (CMAC's chain), SP 800-38C §6.1 (CCM: MAC over the plaintext, then
// CTR), Bellare–Rogaway–Wagner, "The EAX Mode of Operation" (OMAC over the ciphertext).
//
// Math: for blocks X_1..X_n and a running value M, cbc_mac sets M = E(M ^ X_i) for each i in
// turn — one AES latency per block, serial. mac_ctr does that chain and out_i = in_i ^
// E(counter + i) in one pass; with X_i the input (CCM seal, EAX open) or the output (CCM
// open, EAX seal). Without a backend kernel the two run in turn over chunks that stay in L1.
//
// Constant time: no branch or index on key, data or MAC value; only on lengths.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/key_state.hpp"

namespace aeskit::detail {

// cbc_mac_blocks: mac = E(mac ^ X_i) for the `blocks` blocks of `in`.
void cbc_mac_blocks(const KeyState& key, std::uint8_t mac[16], const std::uint8_t* in,
                    std::size_t blocks) noexcept;

// mac_ctr_blocks: CTR over `blocks` blocks in -> out (in == out allowed) and the CBC-MAC chain
// over the input (mac_output false) or the output (true). ctr128 selects the counter
// arithmetic (false: last 32 bits big-endian, as Mode::ctr32; true: 128-bit, as Mode::ctr128).
// counter and mac advance past the blocks.
void mac_ctr_blocks(const KeyState& key, bool ctr128, std::uint8_t counter[16],
                    std::uint8_t mac[16], const std::uint8_t* in, std::uint8_t* out,
                    std::size_t blocks, bool mac_output) noexcept;

}  // namespace aeskit::detail
