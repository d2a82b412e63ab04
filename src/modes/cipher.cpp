// src/modes/cipher.cpp — aeskit::Cipher, the incremental interface to the classic modes.
//
// Stream modes (CTR, CFB128, CFB8, OFB) keep the unused part of the current key-stream block;
// block modes (ECB, CBC) keep a partial block. Whole blocks in the middle of an update go
// straight to the mode loops in mode_kernels.hpp, so incremental use runs the same kernels as
// one-shot use.
//
// In-place updates (out == in) stay correct even when a partial block is buffered: then the
// output runs ahead of the input by the buffered length b, so each batch is gathered into a
// scratch buffer and the b input bytes the batch's output will overwrite are saved first.
#include <algorithm>
#include <cstring>
#include <utility>

#include "aeskit/modes.hpp"
#include "base/block128.hpp"
#include "base/buffers.hpp"
#include "base/declassify.hpp"
#include "base/secure_zero.hpp"
#include "core/error_detail.hpp"
#include "core/key_state.hpp"
#include "modes/mode_args.hpp"
#include "modes/mode_kernels.hpp"
#include "modes/padding.hpp"

namespace aeskit {

using detail::KeyAccess;
using detail::KeyState;

Cipher::Cipher(const AesKey& key, Mode mode, Direction direction, Padding padding) noexcept
    : key_(&key), mode_(mode), direction_(direction), padding_(padding) {}

Result<Cipher> Cipher::create(const AesKey& key, Mode mode, Direction direction,
                              std::span<const std::uint8_t> iv, Padding padding) {
  if (Status s = detail::validate_mode_args(key, mode, iv, padding); !s) return s;
  Cipher c(key, mode, direction, padding);
  if (!iv.empty()) std::memcpy(c.iv_, iv.data(), 16);
  return c;
}

Cipher::Cipher(Cipher&& other) noexcept
    : key_(other.key_),
      mode_(other.mode_),
      direction_(other.direction_),
      padding_(other.padding_),
      finished_(other.finished_),
      buffered_(other.buffered_) {
  std::memcpy(iv_, other.iv_, 16);
  std::memcpy(buffer_, other.buffer_, 16);
  other.key_ = nullptr;
  other.finished_ = true;
  detail::secure_zero(other.iv_, 16);
  detail::secure_zero(other.buffer_, 16);
}

Cipher& Cipher::operator=(Cipher&& other) noexcept {
  if (this != &other) {
    this->~Cipher();
    new (this) Cipher(std::move(other));
  }
  return *this;
}

Cipher::~Cipher() {
  detail::secure_zero(iv_, sizeof iv_);
  detail::secure_zero(buffer_, sizeof buffer_);
}

std::size_t Cipher::update_output_bound(std::size_t in_len) const noexcept {
  if (!detail::is_block_mode(mode_)) return in_len;
  return (buffered_ + in_len) / 16 * 16;
}

Result<std::size_t> Cipher::update(std::span<const std::uint8_t> in, std::span<std::uint8_t> out) {
  if (finished_ || key_ == nullptr || !key_->valid()) return Errc::invalid_state;
  return detail::is_block_mode(mode_) ? update_blocks(in, out) : update_stream(in, out);
}

Result<std::size_t> Cipher::update_stream(std::span<const std::uint8_t> in,
                                          std::span<std::uint8_t> out) {
  const std::size_t n = in.size();
  if (out.size() < n) return aeskit::detail::output_too_small(n, out.size());
  if (detail::partially_overlaps(in.data(), n, out.data(), n)) return Errc::overlapping_buffers;
  const KeyState& k = *KeyAccess::state(*key_);
  const std::uint8_t* src = in.data();
  std::uint8_t* dst = out.data();
  if (mode_ == Mode::cfb8) {
    detail::cfb8_bytes(k, direction_, iv_, src, dst, n);
    return n;
  }
  // buffered_ counts the key-stream bytes of buffer_ still unused (at its end).
  auto use_buffered = [&](std::size_t& pos) {
    while (buffered_ > 0 && pos < n) {
      const std::size_t idx = 16 - buffered_;
      const std::uint8_t x = src[pos];
      const auto y = static_cast<std::uint8_t>(x ^ buffer_[idx]);
      dst[pos] = y;
      if (mode_ == Mode::cfb128) iv_[idx] = direction_ == Direction::encrypt ? y : x;
      --buffered_;
      ++pos;
    }
  };
  std::size_t pos = 0;
  use_buffered(pos);
  const std::size_t blocks = (n - pos) / 16;
  detail::run_stream_mode(k, mode_, direction_, iv_, src + pos, dst + pos, 16 * blocks);
  pos += 16 * blocks;
  if (pos < n) {
    // Start a new key-stream block for the tail and keep what it leaves unused.
    detail::encrypt_one(k, iv_, buffer_);
    if (mode_ == Mode::ctr32 || mode_ == Mode::ctr128) detail::ctr_increment(mode_, iv_);
    if (mode_ == Mode::ofb) std::memcpy(iv_, buffer_, 16);
    buffered_ = 16;
    use_buffered(pos);
  }
  return n;
}

std::size_t Cipher::pending() const noexcept {
  return detail::is_block_mode(mode_) ? buffered_ : 0;
}

Result<std::size_t> Cipher::update_blocks(std::span<const std::uint8_t> in,
                                          std::span<std::uint8_t> out) {
  const std::size_t n = in.size();
  const std::size_t total = buffered_ + n;
  std::size_t out_blocks = total / 16;
  // Padded decryption must keep the last complete block for finish(): it holds the padding.
  const bool hold_last = direction_ == Direction::decrypt && padding_ == Padding::pkcs7;
  if (hold_last && total % 16 == 0 && out_blocks > 0) --out_blocks;
  const std::size_t out_len = 16 * out_blocks;
  if (out.size() < out_len) return aeskit::detail::output_too_small(out_len, out.size());
  // Streaming in place over one buffer: the output may trail the input by up to the b bytes
  // held from earlier calls (out = in - d, 0 <= d <= b). Safe because the gather loop below
  // reads the input up to 16 * (blocks written) - b + b before it writes blocks ending at
  // 16 * (blocks written) - d of the input's coordinates: it never writes over input it has
  // not read.
  const auto in_at = reinterpret_cast<std::uintptr_t>(in.data());
  const auto out_at = reinterpret_cast<std::uintptr_t>(out.data());
  const bool trailing = n != 0 && out_at <= in_at && in_at - out_at <= buffered_;
  if (!trailing && detail::partially_overlaps(in.data(), n, out.data(), out_len))
    return Errc::overlapping_buffers;

  const KeyState& k = *KeyAccess::state(*key_);
  auto run = [&](const std::uint8_t* src, std::uint8_t* dst, std::size_t blocks) {
    if (mode_ == Mode::ecb) {
      if (direction_ == Direction::encrypt)
        detail::ecb_encrypt_blocks(k, src, dst, blocks);
      else
        detail::ecb_decrypt_blocks(k, src, dst, blocks);
    } else {
      if (direction_ == Direction::encrypt)
        detail::cbc_encrypt_blocks(k, iv_, src, dst, blocks);
      else
        detail::cbc_decrypt_blocks(k, iv_, src, dst, blocks);
    }
  };

  const std::uint8_t* src = in.data();
  std::uint8_t* dst = out.data();
  if (buffered_ == 0) {
    run(src, dst, out_blocks);
    buffered_ = n - out_len;
    if (buffered_ != 0) detail::copy_bytes(buffer_, src + out_len, buffered_);  // src may be null
    return out_len;
  }

  // Gather path: carry holds input bytes not yet encrypted that precede src[pos].
  const std::size_t b = buffered_;
  std::uint8_t carry[16];
  std::size_t carry_len = b;
  std::memcpy(carry, buffer_, b);
  std::uint8_t scratch[16 * detail::kMaxBatchBlocks];
  std::size_t pos = 0;
  for (std::size_t done = 0; done < out_blocks;) {
    const std::size_t m = std::min(out_blocks - done, detail::kMaxBatchBlocks);
    const std::size_t take = 16 * m - carry_len;
    std::memcpy(scratch, carry, carry_len);
    detail::copy_bytes(scratch + carry_len, src + pos, take);
    pos += take;
    // The batch's output covers dst[16*done, 16*(done+m)); save the input it may overwrite.
    carry_len = std::min(b, n - pos);
    detail::copy_bytes(carry, src + pos, carry_len);
    pos += carry_len;
    run(scratch, dst + 16 * done, m);
    done += m;
  }
  std::memcpy(buffer_, carry, carry_len);
  detail::copy_bytes(buffer_ + carry_len, src + pos, n - pos);
  buffered_ = carry_len + (n - pos);
  detail::secure_zero(scratch, sizeof scratch);
  detail::secure_zero(carry, sizeof carry);
  return out_len;
}

Result<std::size_t> Cipher::finish(std::span<std::uint8_t> out) {
  if (finished_ || key_ == nullptr || !key_->valid()) return Errc::invalid_state;
  if (!detail::is_block_mode(mode_)) {
    finished_ = true;
    return std::size_t{0};
  }
  const KeyState& k = *KeyAccess::state(*key_);
  std::size_t written = 0;
  if (padding_ == Padding::none) {
    if (buffered_ != 0) {
      finished_ = true;
      return Errc::not_block_multiple;
    }
  } else if (direction_ == Direction::encrypt) {
    if (out.size() < 16) return aeskit::detail::output_too_small(16, out.size());
    std::uint8_t block[16];
    detail::pkcs7_pad_block(buffer_, buffered_, block);
    if (mode_ == Mode::ecb)
      detail::ecb_encrypt_blocks(k, block, out.data(), 1);
    else
      detail::cbc_encrypt_blocks(k, iv_, block, out.data(), 1);
    detail::secure_zero(block, sizeof block);
    written = 16;
  } else {
    if (buffered_ != 16) {
      finished_ = true;
      return buffered_ == 0 ? Errc::bad_padding : Errc::not_block_multiple;
    }
    std::uint8_t block[16], chain[16];
    detail::store_block128(chain, detail::load_block128(iv_));
    if (mode_ == Mode::ecb)
      detail::ecb_decrypt_blocks(k, buffer_, block, 1);
    else
      detail::cbc_decrypt_blocks(k, chain, buffer_, block, 1);
    std::size_t pad = detail::pkcs7_check_block(block);
    detail::declassify(pad);  // validity and length are the call's result
    Status status;
    if (pad == 0)
      status = Errc::bad_padding;  // the verdict is the call's result: declassified here
    else if (out.size() < 16 - pad)
      status = aeskit::detail::output_too_small(16 - pad, out.size());  // recoverable: call again
    else if (pad != 16)
      detail::copy_bytes(out.data(), block, 16 - pad);  // out may be null
    detail::secure_zero(block, sizeof block);
    detail::secure_zero(chain, sizeof chain);
    if (status.code() == Errc::output_too_small) return status;
    if (!status.ok()) {
      finished_ = true;
      return status;
    }
    written = 16 - pad;
  }
  finished_ = true;
  detail::secure_zero(buffer_, sizeof buffer_);
  detail::secure_zero(iv_, sizeof iv_);
  buffered_ = 0;
  return written;
}

}  // namespace aeskit
