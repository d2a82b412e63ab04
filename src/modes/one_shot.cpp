// src/modes/one_shot.cpp — aeskit::encrypt / aeskit::decrypt: validate everything, then run
// the whole-block loops of mode_kernels.hpp, handling padding and partial final blocks.
//
// Nothing is written to `out` unless every check passes. For padded decryption the last
// block is decrypted first into a scratch block and its padding checked, so a bad padding
// (or an output too small for the unpadded length) is reported before any byte is written.
// encrypt_chained / decrypt_chained: CBC and OFB whole blocks with the caller's chaining
// value, the same loops with the same checks, no padding.
#include <cstring>

#include "aeskit/modes.hpp"
#include "base/block128.hpp"
#include "base/buffers.hpp"
#include "base/declassify.hpp"
#include "base/enum_table.hpp"
#include "base/secure_zero.hpp"
#include "core/error_detail.hpp"
#include "core/key_state.hpp"
#include "modes/mode_args.hpp"
#include "modes/mode_kernels.hpp"
#include "modes/padding.hpp"

namespace aeskit {

namespace {

constexpr detail::EnumRow<Mode, std::string_view> kModeNames[] = {
    {Mode::ecb, "ECB"},    {Mode::cbc, "CBC"},   {Mode::ctr32, "CTR32"}, {Mode::ctr128, "CTR"},
    {Mode::cfb128, "CFB"}, {Mode::cfb8, "CFB8"}, {Mode::ofb, "OFB"},
};
static_assert(detail::complete(kModeNames, Mode::ofb), "a row per Mode, in order");

}  // namespace

std::string_view mode_name(Mode mode) noexcept {
  return detail::lookup(kModeNames, mode, std::string_view{"?"});
}

bool mode_needs_iv(Mode mode) noexcept {
  return mode != Mode::ecb;
}

namespace detail {

bool is_block_mode(Mode mode) {
  return mode == Mode::ecb || mode == Mode::cbc;
}

Status validate_mode_args(const AesKey& key, Mode mode, std::span<const std::uint8_t> iv,
                          Padding padding) {
  if (!key.valid()) return Errc::invalid_state;
  if (iv.size() != (mode_needs_iv(mode) ? 16u : 0u)) return Errc::bad_iv_length;
  if (padding != Padding::none && !is_block_mode(mode)) return Errc::invalid_argument;
  return {};
}

void run_stream_mode(const KeyState& k, Mode mode, Direction dir, std::uint8_t iv[16],
                     const std::uint8_t* in, std::uint8_t* out, std::size_t len) {
  if (mode == Mode::cfb8) {
    cfb8_bytes(k, dir, iv, in, out, len);
    return;
  }
  const std::size_t blocks = len / 16, tail = len % 16;
  switch (mode) {
    case Mode::ctr32:
    case Mode::ctr128:
      ctr_blocks(k, mode, iv, in, out, blocks);
      break;
    case Mode::cfb128:
      if (dir == Direction::encrypt)
        cfb128_encrypt_blocks(k, iv, in, out, blocks);
      else
        cfb128_decrypt_blocks(k, iv, in, out, blocks);
      break;
    case Mode::ofb:
      ofb_blocks(k, iv, in, out, blocks);
      break;
    default:
      break;
  }
  if (tail) {
    // The final partial block uses the next key-stream block: E(counter) for CTR,
    // E(previous ciphertext) for CFB, E(previous output) for OFB — all E(iv) here.
    std::uint8_t stream[16];
    encrypt_one(k, iv, stream);
    xor_bytes(out + 16 * blocks, in + 16 * blocks, stream, tail);
    secure_zero(stream, sizeof stream);
  }
}

}  // namespace detail

using detail::KeyAccess;
using detail::KeyState;

Result<std::size_t> encrypt(const AesKey& key, Mode mode, std::span<const std::uint8_t> iv,
                            std::span<const std::uint8_t> in, std::span<std::uint8_t> out,
                            Padding padding) {
  if (Status s = detail::validate_mode_args(key, mode, iv, padding); !s) return s;
  const bool padded = padding == Padding::pkcs7;
  if (detail::is_block_mode(mode) && !padded && in.size() % 16) return Errc::not_block_multiple;
  const std::size_t out_len = padded ? (in.size() / 16 + 1) * 16 : in.size();
  if (out.size() < out_len) return aeskit::detail::output_too_small(out_len, out.size());
  if (detail::partially_overlaps(in.data(), in.size(), out.data(), out_len))
    return Errc::overlapping_buffers;

  const KeyState& k = *KeyAccess::state(key);
  std::uint8_t chain[16] = {};
  if (!iv.empty()) detail::store_block128(chain, detail::load_block128(iv.data()));
  const std::size_t full = in.size() / 16;
  if (detail::is_block_mode(mode)) {
    // With padding, the final block holds the tail and the pad; build it before the full
    // blocks are written, since in place they overwrite the input it comes from.
    std::uint8_t last[16];
    if (padded) detail::pkcs7_pad_block(in.data() + 16 * full, in.size() % 16, last);
    if (mode == Mode::ecb) {
      detail::ecb_encrypt_blocks(k, in.data(), out.data(), full);
      if (padded) detail::ecb_encrypt_blocks(k, last, out.data() + 16 * full, 1);
    } else {
      detail::cbc_encrypt_blocks(k, chain, in.data(), out.data(), full);
      if (padded) detail::cbc_encrypt_blocks(k, chain, last, out.data() + 16 * full, 1);
    }
    detail::secure_zero(last, sizeof last);
  } else {
    detail::run_stream_mode(k, mode, Direction::encrypt, chain, in.data(), out.data(), in.size());
  }
  detail::secure_zero(chain, sizeof chain);
  return out_len;
}

Result<std::size_t> decrypt(const AesKey& key, Mode mode, std::span<const std::uint8_t> iv,
                            std::span<const std::uint8_t> in, std::span<std::uint8_t> out,
                            Padding padding) {
  if (Status s = detail::validate_mode_args(key, mode, iv, padding); !s) return s;
  const KeyState& k = *KeyAccess::state(key);
  std::uint8_t chain[16] = {};
  if (!iv.empty()) detail::store_block128(chain, detail::load_block128(iv.data()));

  if (!detail::is_block_mode(mode)) {
    if (out.size() < in.size()) return aeskit::detail::output_too_small(in.size(), out.size());
    if (detail::partially_overlaps(in.data(), in.size(), out.data(), in.size()))
      return Errc::overlapping_buffers;
    detail::run_stream_mode(k, mode, Direction::decrypt, chain, in.data(), out.data(), in.size());
    detail::secure_zero(chain, sizeof chain);
    return in.size();
  }

  if (in.size() % 16) return Errc::not_block_multiple;
  const std::size_t blocks = in.size() / 16;
  if (padding == Padding::none) {
    if (out.size() < in.size()) return aeskit::detail::output_too_small(in.size(), out.size());
    if (detail::partially_overlaps(in.data(), in.size(), out.data(), in.size()))
      return Errc::overlapping_buffers;
    if (mode == Mode::ecb)
      detail::ecb_decrypt_blocks(k, in.data(), out.data(), blocks);
    else
      detail::cbc_decrypt_blocks(k, chain, in.data(), out.data(), blocks);
    detail::secure_zero(chain, sizeof chain);
    return in.size();
  }

  // PKCS#7: decrypt and check the last block first, write nothing until it passes.
  if (blocks == 0) return Errc::bad_padding;
  std::uint8_t last[16];
  const std::uint8_t* last_in = in.data() + 16 * (blocks - 1);
  if (mode == Mode::ecb) {
    detail::ecb_decrypt_blocks(k, last_in, last, 1);
  } else {
    std::uint8_t last_chain[16];
    std::memcpy(last_chain, blocks > 1 ? last_in - 16 : chain, 16);
    detail::cbc_decrypt_blocks(k, last_chain, last_in, last, 1);
  }
  std::size_t pad = detail::pkcs7_check_block(last);
  // Declassified here: whether the padding is valid, and its length, are the call's result.
  detail::declassify(pad);
  if (pad == 0) {
    detail::secure_zero(last, sizeof last);
    detail::secure_zero(chain, sizeof chain);
    return Errc::bad_padding;
  }
  const std::size_t out_len = in.size() - pad;
  Status status;
  if (out.size() < out_len)
    status = aeskit::detail::output_too_small(out_len, out.size());
  else if (detail::partially_overlaps(in.data(), in.size(), out.data(), out_len))
    status = Errc::overlapping_buffers;
  if (status.ok()) {
    if (mode == Mode::ecb)
      detail::ecb_decrypt_blocks(k, in.data(), out.data(), blocks - 1);
    else
      detail::cbc_decrypt_blocks(k, chain, in.data(), out.data(), blocks - 1);
    if (pad != 16)
      detail::copy_bytes(out.data() + 16 * (blocks - 1), last, 16 - pad);  // out may be null
  }
  detail::secure_zero(last, sizeof last);
  detail::secure_zero(chain, sizeof chain);
  if (!status.ok()) return status;
  return out_len;
}

namespace {

// apart16: two 16-byte buffers share no byte.
bool apart16(const void* a, const void* b) noexcept {
  const auto d = reinterpret_cast<std::uintptr_t>(a) - reinterpret_cast<std::uintptr_t>(b);
  return d + 15 >= 31;  // |a - b| >= 16, in modular arithmetic
}

Status chained(const AesKey& key, Mode mode, Direction dir, std::span<std::uint8_t, 16> chain,
               std::span<const std::uint8_t> in, std::span<std::uint8_t> out) {
  // One CBC block (an OpenSSL provider's 16-byte update, one call per block on a serial
  // chain): the checks below for that size only, then the backend's one-block entry, with
  // none of the loops' set-up. Anything that fails a check takes the general path for its
  // error.
  if (const KeyState* k = KeyAccess::state(key);
      k != nullptr && mode == Mode::cbc && in.size() == 16 && out.size() >= 16 &&
      (in.data() == out.data() || apart16(in.data(), out.data())) &&
      apart16(chain.data(), in.data()) && apart16(chain.data(), out.data())) {
    if (dir == Direction::encrypt)
      detail::cbc_encrypt_one(*k, chain.data(), in.data(), out.data());
    else
      detail::cbc_decrypt_one(*k, chain.data(), in.data(), out.data());
    return {};
  }
  if (!key.valid()) return Errc::invalid_state;
  if (mode != Mode::cbc && mode != Mode::ofb) return Errc::invalid_argument;
  if (in.size() % 16) return Errc::not_block_multiple;
  if (out.size() < in.size()) return aeskit::detail::output_too_small(in.size(), out.size());
  if (detail::partially_overlaps(in.data(), in.size(), out.data(), in.size()) ||
      detail::partially_overlaps(chain.data(), 16, in.data(), in.size()) ||
      detail::partially_overlaps(chain.data(), 16, out.data(), in.size()) ||
      (!in.empty() && (chain.data() == in.data() || chain.data() == out.data())))
    return Errc::overlapping_buffers;
  const std::size_t blocks = in.size() / 16;
  if (blocks == 0) return {};
  const KeyState& k = *KeyAccess::state(key);
  if (mode == Mode::ofb)
    detail::ofb_blocks(k, chain.data(), in.data(), out.data(), blocks);
  else if (dir == Direction::encrypt)
    detail::cbc_encrypt_blocks(k, chain.data(), in.data(), out.data(), blocks);
  else
    detail::cbc_decrypt_blocks(k, chain.data(), in.data(), out.data(), blocks);
  return {};
}

}  // namespace

// 64-byte aligned, as decrypt_chained: the one-block path is a chain of calls (an OpenSSL
// provider's 16-byte updates) whose speed measurably moved with where it fell in the fetch
// windows (docs/openssl-provider.md).
[[gnu::aligned(64)]] Status encrypt_chained(const AesKey& key, Mode mode,
                                            std::span<std::uint8_t, 16> chain,
                                            std::span<const std::uint8_t> in,
                                            std::span<std::uint8_t> out) {
  return chained(key, mode, Direction::encrypt, chain, in, out);
}

[[gnu::aligned(64)]] Status decrypt_chained(const AesKey& key, Mode mode,
                                            std::span<std::uint8_t, 16> chain,
                                            std::span<const std::uint8_t> in,
                                            std::span<std::uint8_t> out) {
  return chained(key, mode, Direction::decrypt, chain, in, out);
}

}  // namespace aeskit
