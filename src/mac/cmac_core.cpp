// src/mac/cmac_core.cpp — CMAC subkeys, the message chain and the streaming state
// (cmac_core.hpp).
//
// CPU features: none. References: SP 800-38B §6, RFC 4493 §2.
#include "mac/cmac_core.hpp"

#include <cstring>

#include "base/block128.hpp"
#include "base/block_double.hpp"
#include "base/buffers.hpp"
#include "base/secure_zero.hpp"
#include "base/wipe_block.hpp"
#include "modes/mac_chain.hpp"

namespace aeskit::detail::cmac {

Subkeys::~Subkeys() {
  secure_zero(k1, sizeof k1);
  secure_zero(k2, sizeof k2);
}

void derive_subkeys(const KeyState& aes, Subkeys& out) noexcept {
  alignas(16) std::uint8_t l[16] = {};
  aes.backend->encrypt_blocks(aes.enc, l, l, 1);
  block_double(l, out.k1);
  block_double(out.k1, out.k2);
  secure_zero(l, sizeof l);
}

Block128 final_block_input(const Subkeys& sub, const std::uint8_t* last,
                           std::size_t last_len) noexcept {
  const Block128 m = load_partial_block(last, last_len, /*pad=*/true);
  // lengths are public: choosing the subkey by them is fine
  return m ^ load_block128(last_len == 16 ? sub.k1 : sub.k2);
}

void finish_last_input(const Subkeys& sub, const std::uint8_t* last, std::size_t last_len,
                       std::uint8_t x[16]) noexcept {
  store_block128(x, load_block128(x) ^ final_block_input(sub, last, last_len));
}

void finish_last(const KeyState& aes, const Subkeys& sub, std::uint8_t chain[16],
                 const std::uint8_t* last, std::size_t last_len) noexcept {
  finish_last_input(sub, last, last_len, chain);
  aes.backend->encrypt_blocks(aes.enc, chain, chain, 1);
}

void continue_message(const KeyState& aes, const Subkeys& sub, std::uint8_t chain[16],
                      const std::uint8_t* data, std::size_t len) noexcept {
  const std::size_t whole = len == 0 ? 0 : (len - 1) / 16;  // blocks before the final one
  if (whole != 0) cbc_mac_blocks(aes, chain, data, whole);
  finish_last(aes, sub, chain, data + 16 * whole, len - 16 * whole);
}

void compute(const KeyState& aes, const Subkeys& sub, const std::uint8_t* data, std::size_t len,
             std::uint8_t tag[16]) noexcept {
  std::memset(tag, 0, 16);
  continue_message(aes, sub, tag, data, len);
}

Stream::~Stream() {
  reset();
}

void Stream::reset() noexcept {
  secure_zero(chain, sizeof chain);
  secure_zero(buffer, sizeof buffer);
  buffered = 0;
}

void update(const KeyState& aes, Stream& s, const std::uint8_t* data, std::size_t len) noexcept {
  if (len == 0) return;
  if (s.buffered < 16) {
    const std::size_t take = len < 16 - s.buffered ? len : 16 - s.buffered;
    std::memcpy(s.buffer + s.buffered, data, take);
    s.buffered += take;
    data += take;
    len -= take;
    if (len == 0) return;
  }
  // The buffered block is whole and more data follows: it is not the final block.
  cbc_mac_blocks(aes, s.chain, s.buffer, 1);
  const std::size_t whole = (len - 1) / 16;  // keep the final 1..16 bytes back
  if (whole != 0) cbc_mac_blocks(aes, s.chain, data, whole);
  s.buffered = len - 16 * whole;
  std::memcpy(s.buffer, data + 16 * whole, s.buffered);
}

void finish(const KeyState& aes, const Subkeys& sub, Stream& s, std::uint8_t tag[16]) noexcept {
  finish_last(aes, sub, s.chain, s.buffer, s.buffered);
  std::memcpy(tag, s.chain, 16);
  s.reset();
}

std::string describe_chain(const AesBackend& backend) {
  const std::string name(backend.name);
  if (backend.cbc_mac != nullptr) return name + ":cbc_mac kernel";
  return name + ":cbc_mac generic (one encrypt_blocks call per block) [no cbc_mac kernel]";
}

}  // namespace aeskit::detail::cmac
