// src/modes/mac_chain.cpp — CBC-MAC chains alone and beside CTR (mac_chain.hpp): the backend's
// cbc_mac / mac_ctr entries first, then the generic loops below for what they leave.
//
// CPU features: none. References: see mac_chain.hpp.
#include "modes/mac_chain.hpp"

#include "base/secure_zero.hpp"
#include "modes/mode_kernels.hpp"

namespace aeskit::detail {
namespace {

// Generic chunk for mac_ctr without a kernel: 64 blocks (1 KiB) stay in L1 between the CTR
// pass and the MAC pass.
constexpr std::size_t kChunkBlocks = 64;

void xor_into(std::uint8_t acc[16], const std::uint8_t* in) noexcept {
  for (int i = 0; i < 16; ++i) acc[i] ^= in[i];
}

}  // namespace

void cbc_mac_blocks(const KeyState& key, std::uint8_t mac[16], const std::uint8_t* in,
                    std::size_t blocks) noexcept {
  const AesBackend& b = *key.backend;
  if (b.cbc_mac != nullptr && blocks != 0) {
    const std::size_t done = b.cbc_mac(key.enc, mac, in, blocks);
    in += 16 * done;
    blocks -= done;
  }
  for (std::size_t i = 0; i < blocks; ++i) {
    xor_into(mac, in + 16 * i);
    b.encrypt_blocks(key.enc, mac, mac, 1);
  }
}

void mac_ctr_blocks(const KeyState& key, bool ctr128, std::uint8_t counter[16],
                    std::uint8_t mac[16], const std::uint8_t* in, std::uint8_t* out,
                    std::size_t blocks, bool mac_output) noexcept {
  const AesBackend& b = *key.backend;
  if (b.mac_ctr != nullptr && blocks != 0) {
    const std::size_t done = b.mac_ctr(key.enc, ctr128, counter, mac, in, out, blocks, mac_output);
    in += 16 * done;
    out += 16 * done;
    blocks -= done;
  }
  const Mode mode = ctr128 ? Mode::ctr128 : Mode::ctr32;
  while (blocks != 0) {
    const std::size_t n = blocks < kChunkBlocks ? blocks : kChunkBlocks;
    if (mac_output) {
      ctr_blocks(key, mode, counter, in, out, n);
      cbc_mac_blocks(key, mac, out, n);
    } else {
      cbc_mac_blocks(key, mac, in, n);  // before CTR: in may be out
      ctr_blocks(key, mode, counter, in, out, n);
    }
    in += 16 * n;
    out += 16 * n;
    blocks -= n;
  }
}

}  // namespace aeskit::detail
