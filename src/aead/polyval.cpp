// src/aead/polyval.cpp — POLYVAL over the GHASH backends (see polyval.hpp for the math).
//
// CPU features: none (generic; the GHASH backend or its native POLYVAL kernel does the field
// arithmetic).
// References: RFC 8452 §3 (POLYVAL), Appendix A (the mapping to GHASH and mulX_GHASH);
// NIST SP 800-38D §6.3 (GHASH's bit order).
//
// mulX_GHASH in GCM's bit order: the block is a big-endian 128-bit integer V whose most
// significant bit is the x^0 coefficient, so multiplying by x is V >> 1, and the x^127
// coefficient shifted out (V's least significant bit) comes back as x^128 = x^7 + x^2 + x + 1,
// i.e. 0xE1 in the top byte. ByteReverse(h) read big-endian is h read little-endian, so with
// hi = le64(h + 8), lo = le64(h): V = hi:lo, and the carry is turned into a mask (no branch).
#include "aead/polyval.hpp"
#include "base/byte_order.hpp"
#include "base/ct_mask.hpp"

#include <cstring>

#include "base/secure_zero.hpp"

namespace aeskit::detail {
namespace {

// reverse16: out = ByteReverse(in) (out may equal in).
void reverse16(const std::uint8_t* in, std::uint8_t* out) noexcept {
  std::uint8_t t[16];
  for (int i = 0; i < 16; ++i) t[i] = in[15 - i];
  std::memcpy(out, t, 16);
}

// Blocks per bulk reversal in the mapped update (a 1 KiB stack buffer).
constexpr std::size_t kMappedBatch = 64;

}  // namespace

PolyvalChoice choose_polyval(const GhashBackend* ghash, const cpu::FeatureSet& features,
                             bool allow_native) noexcept {
  PolyvalChoice c;
  c.ghash = ghash != nullptr ? ghash : &best_ghash_backend(features);
  c.native = allow_native ? find_polyval_kernel(*c.ghash, features) : nullptr;
  return c;
}

void mulx_ghash_of_reversed(const std::uint8_t h[16], std::uint8_t out[16]) noexcept {
  std::uint64_t hi = load_le64(h + 8);
  std::uint64_t lo = load_le64(h);
  const std::uint64_t carry_mask = ct_mask_bit(lo);
  lo = (lo >> 1) | (hi << 63);
  hi = (hi >> 1) ^ (carry_mask & 0xE100000000000000ULL);
  store_be64(out, hi);
  store_be64(out + 8, lo);
}

void polyval_init(const PolyvalChoice& code, const std::uint8_t h[16], PolyvalKey& key,
                  std::size_t max_blocks) noexcept {
  key.code = code;
  const PolyvalKernel* native = code.native;
  if (native != nullptr && native->init_powers != nullptr) {
    // Powers beyond the message's block count are never read (lengths are public); the
    // kernel caps n at its table and may lay out more for long messages (init_powers).
    const std::size_t n = max_blocks == 0 ? 1 : max_blocks;
    native->init_powers(h, key.hkey, n);
    key.powers = n;
    return;
  }
  std::uint8_t mapped[16];
  mulx_ghash_of_reversed(h, mapped);
  code.ghash->init(mapped, key.hkey);
  key.powers = 0;
  secure_zero(mapped, sizeof mapped);
}

void polyval_update(const PolyvalKey& key, std::uint8_t state[16], const std::uint8_t* data,
                    std::size_t blocks) noexcept {
  if (blocks == 0) return;
  if (key.code.native != nullptr) return key.code.native->update(key.hkey, state, data, blocks);
  // Appendix A: GHASH state = ByteReverse(S), blocks ByteReverse(X_i), in batches.
  std::uint8_t y[16];
  reverse16(state, y);
  std::uint8_t batch[16 * kMappedBatch];
  const std::size_t used = blocks < kMappedBatch ? blocks : kMappedBatch;
  while (blocks > 0) {
    const std::size_t n = blocks < kMappedBatch ? blocks : kMappedBatch;
    for (std::size_t i = 0; i < n; ++i) reverse16(data + 16 * i, batch + 16 * i);
    key.code.ghash->update(key.hkey, y, batch, n);
    data += 16 * n;
    blocks -= n;
  }
  reverse16(y, state);
  secure_zero(batch, 16 * used);
  secure_zero(y, sizeof y);
}

void polyval_short(const PolyvalChoice& code, const std::uint8_t h[16], std::uint8_t state[16],
                   const std::uint8_t* data, std::size_t blocks) noexcept {
  if (blocks == 0) {
    std::memset(state, 0, 16);
    return;
  }
  if (code.native != nullptr && code.native->hash_short != nullptr)
    return code.native->hash_short(h, state, data, blocks);
  PolyvalKey key;
  polyval_init(code, h, key, blocks);
  std::memset(state, 0, 16);
  polyval_update(key, state, data, blocks);
  polyval_wipe(key);
}

void polyval_wipe(PolyvalKey& key) noexcept {
  if (key.powers != 0)
    key.code.native->wipe_powers(key.hkey, key.powers);
  else
    secure_zero(&key.hkey, sizeof key.hkey);
}

std::string describe_polyval(const PolyvalChoice& code) {
  if (code.native != nullptr) return std::string(code.native->name) + " (native)";
  return std::string(code.ghash->name) + " ghash (RFC 8452 Appendix A mapping, bulk byte reversal)";
}

}  // namespace aeskit::detail
