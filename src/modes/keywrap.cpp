// src/modes/keywrap.cpp — AES key wrap KW and KWP (aeskit/keywrap.hpp).
//
// CPU features: none (generic; single blocks through the key's backend).
// References: NIST SP 800-38F §5.3 (lengths), §6.1 (W and W^-1), §6.2 (KW), §6.3 (KWP);
// RFC 3394 §2.2 (the same W in its index form), RFC 5649 §4 (KWP and its one-block case).
//
// Math. Semiblocks are 8 bytes. The wrapping function W over A (the integrity value) and
// R_1..R_n (n ≥ 2 plaintext semiblocks):
//   for j = 0..5, for i = 1..n:  B = E(A || R_i);  A = MSB_64(B) ^ [n·j + i]_64;  R_i = LSB_64(B)
//   W = A || R_1 || ... || R_n
// and W^-1 runs it backwards: for j = 5..0, for i = n..1:
//   B = D((A ^ [n·j + i]_64) || R_i);  A = MSB_64(B);  R_i = LSB_64(B).
// KW:  C = W(ICV1 || P), ICV1 = A6A6A6A6A6A6A6A6; unwrap checks A == ICV1.
// KWP: ICV2 = A65959A6 || [len(P)]_32 (the MLI); P is zero-padded to 8·n bytes. n = 1: C =
//      E(ICV2 || P) (one block); else C = W(ICV2 || P). Unwrap checks MSB_32(A) == A65959A6,
//      8(n − 1) < MLI ≤ 8n, and that the 8n − MLI padding bytes are zero.
// Each AES call depends on the previous one through A, so the 6n calls run one at a time.
//
// Constant time: the loops depend only on n (public). The integrity checks accumulate every
// difference without a branch (the KWP length and padding tests are arithmetic masks, since
// MLI is secret until the verdict); only the final verdict, and MLI after success, are
// declassified (base/declassify.hpp).
#include "aeskit/keywrap.hpp"
#include "base/ct_shadow.hpp"

#include <cstring>

#include "base/buffers.hpp"
#include "base/ct_mask.hpp"
#include "base/declassify.hpp"
#include "base/secure_zero.hpp"
#include "core/error_detail.hpp"
#include "core/key_state.hpp"

namespace aeskit {
namespace {

using detail::KeyState;

constexpr std::uint8_t kIcv1[8] = {0xa6, 0xa6, 0xa6, 0xa6, 0xa6, 0xa6, 0xa6, 0xa6};
constexpr std::uint8_t kIcv2Prefix[4] = {0xa6, 0x59, 0x59, 0xa6};
constexpr std::uint64_t kMaxSemiblocks = (std::uint64_t{1} << 54) - 1;  // SP 800-38F §5.3.1
constexpr std::uint64_t kMaxKwpBytes = 0xffffffffu;                     // 32-bit MLI

void xor_counter(std::uint8_t a[8], std::uint64_t t) noexcept {
  for (int k = 0; k < 8; ++k) a[7 - k] ^= static_cast<std::uint8_t>(t >> (8 * k));
}

// wrap_w: W over A (8 bytes, in/out) and r[0 .. 8n), n ≥ 2, in place.
void wrap_w(const KeyState& key, std::uint8_t a[8], std::uint8_t* r, std::size_t n) noexcept {
  alignas(16) std::uint8_t b[16];
  for (std::uint64_t j = 0; j < 6; ++j) {
    for (std::size_t i = 1; i <= n; ++i) {
      std::memcpy(b, a, 8);
      std::memcpy(b + 8, r + 8 * (i - 1), 8);
      key.backend->encrypt_blocks(key.enc, b, b, 1);
      std::memcpy(a, b, 8);
      xor_counter(a, n * j + i);
      std::memcpy(r + 8 * (i - 1), b + 8, 8);
    }
  }
  detail::secure_zero(b, sizeof b);
}

// unwrap_w: W^-1 over A and r[0 .. 8n), n ≥ 2, in place.
void unwrap_w(const KeyState& key, std::uint8_t a[8], std::uint8_t* r, std::size_t n) noexcept {
  const detail::RoundKeys& dec = key.decryption_keys();
  alignas(16) std::uint8_t b[16];
  for (std::uint64_t j = 6; j-- > 0;) {
    for (std::size_t i = n; i >= 1; --i) {
      std::memcpy(b, a, 8);
      xor_counter(b, n * j + i);
      std::memcpy(b + 8, r + 8 * (i - 1), 8);
      key.backend->decrypt_blocks(dec, b, b, 1);
      std::memcpy(a, b, 8);
      std::memcpy(r + 8 * (i - 1), b + 8, 8);
    }
  }
  detail::secure_zero(b, sizeof b);
}

// differs: non-zero when a[0..n) != b[0..n), without an early exit.
std::uint64_t differs(const std::uint8_t* a, const std::uint8_t* b, std::size_t n) noexcept {
  std::uint64_t diff = 0;
  for (std::size_t i = 0; i < n; ++i) {
    diff |= static_cast<std::uint64_t>(a[i] ^ b[i]);
    AESKIT_REGISTER_BARRIER("+r", diff);
  }
  return diff;
}

// verdict: the public outcome of an accumulated difference.
bool verdict(std::uint64_t diff) noexcept {
  AESKIT_REGISTER_BARRIER("+r", diff);
  const bool ok = diff == 0;
  std::uint8_t v = ok ? 1 : 0;
  detail::declassify(v);
  return v != 0;
}

// check_buffers: the output checks shared by all four calls; `written` is what the call writes.
Status check_buffers(std::span<const std::uint8_t> in, std::span<std::uint8_t> out,
                     std::size_t written) noexcept {
  if (out.size() < written) return aeskit::detail::output_too_small(written, out.size());
  if (detail::partially_overlaps(in.data(), in.size(), out.data(), written))
    return Errc::overlapping_buffers;
  return {};
}

// refuse_length: the answer to a wrapped input of an impossible length — authentication_failed
// with out[0 .. wrapped.size() - 8) zeroed when it fits (as for every other failure), so a
// caller that ignores the status finds no stale bytes where a key was expected.
Errc refuse_length(std::span<const std::uint8_t> wrapped, std::span<std::uint8_t> out) noexcept {
  if (wrapped.size() >= 8) {
    const std::size_t span = wrapped.size() - 8;
    if (span != 0 && check_buffers(wrapped, out, span)) detail::secure_zero(out.data(), span);
  }
  return Errc::authentication_failed;
}

const KeyState* state_of(const AesKey& kek) noexcept {
  return detail::KeyAccess::state(kek);
}

}  // namespace

Result<std::size_t> key_wrap(const AesKey& kek, std::span<const std::uint8_t> plaintext,
                             std::span<std::uint8_t> out) {
  const KeyState* key = state_of(kek);
  if (key == nullptr) return Errc::invalid_state;
  const std::size_t len = plaintext.size();
  if (len < 16 || len % 8 != 0) return Errc::not_semiblock_multiple;
  if (len / 8 > kMaxSemiblocks) return Errc::message_too_long;
  const std::size_t written = len + 8;
  if (Status s = check_buffers(plaintext, out, written); !s) return s;
  std::uint8_t a[8];
  std::memcpy(a, kIcv1, 8);
  std::memmove(out.data() + 8, plaintext.data(), len);
  wrap_w(*key, a, out.data() + 8, len / 8);
  std::memcpy(out.data(), a, 8);
  return written;
}

Result<std::size_t> key_unwrap(const AesKey& kek, std::span<const std::uint8_t> wrapped,
                               std::span<std::uint8_t> out) {
  const KeyState* key = state_of(kek);
  if (key == nullptr) return Errc::invalid_state;
  const std::size_t len = wrapped.size();
  if (len < 24 || len % 8 != 0 || (len / 8 - 1) > kMaxSemiblocks)
    return refuse_length(wrapped, out);
  const std::size_t written = len - 8;
  if (Status s = check_buffers(wrapped, out, written); !s) return s;
  std::uint8_t a[8];
  std::memcpy(a, wrapped.data(), 8);
  std::memmove(out.data(), wrapped.data() + 8, written);
  unwrap_w(*key, a, out.data(), written / 8);
  const bool ok = verdict(differs(a, kIcv1, 8));
  detail::secure_zero(a, sizeof a);
  if (!ok) {
    detail::secure_zero(out.data(), written);
    return Errc::authentication_failed;
  }
  return written;
}

Result<std::size_t> key_wrap_pad(const AesKey& kek, std::span<const std::uint8_t> plaintext,
                                 std::span<std::uint8_t> out) {
  const KeyState* key = state_of(kek);
  if (key == nullptr) return Errc::invalid_state;
  const std::size_t len = plaintext.size();
  if (len == 0) return Errc::empty_input;
  if (static_cast<std::uint64_t>(len) > kMaxKwpBytes) return Errc::message_too_long;
  const std::size_t written = key_wrap_pad_length(len);
  if (Status s = check_buffers(plaintext, out, written); !s) return s;
  std::uint8_t a[8];
  std::memcpy(a, kIcv2Prefix, 4);
  for (int k = 0; k < 4; ++k) a[7 - k] = static_cast<std::uint8_t>(len >> (8 * k));
  std::uint8_t* r = out.data() + 8;
  std::memmove(r, plaintext.data(), len);
  std::memset(r + len, 0, written - 8 - len);
  const std::size_t n = (written - 8) / 8;
  if (n == 1) {
    std::memcpy(out.data(), a, 8);  // ICV2 || P padded: one block
    key->backend->encrypt_blocks(key->enc, out.data(), out.data(), 1);
  } else {
    wrap_w(*key, a, r, n);
    std::memcpy(out.data(), a, 8);
  }
  return written;
}

Result<std::size_t> key_unwrap_pad(const AesKey& kek, std::span<const std::uint8_t> wrapped,
                                   std::span<std::uint8_t> out) {
  const KeyState* key = state_of(kek);
  if (key == nullptr) return Errc::invalid_state;
  const std::size_t len = wrapped.size();
  if (len < 16 || len % 8 != 0 || static_cast<std::uint64_t>(len - 8) > kMaxKwpBytes + 7)
    return refuse_length(wrapped, out);
  const std::size_t written = len - 8;
  if (Status s = check_buffers(wrapped, out, written); !s) return s;
  const std::size_t n = written / 8;
  std::uint8_t a[8];
  if (n == 1) {
    alignas(16) std::uint8_t b[16];
    std::memcpy(b, wrapped.data(), 16);
    key->backend->decrypt_blocks(key->decryption_keys(), b, b, 1);
    std::memcpy(a, b, 8);
    std::memcpy(out.data(), b + 8, 8);
    detail::secure_zero(b, sizeof b);
  } else {
    std::memcpy(a, wrapped.data(), 8);
    std::memmove(out.data(), wrapped.data() + 8, written);
    unwrap_w(*key, a, out.data(), n);
  }
  // MLI = LSB_32(A); valid iff 8(n-1) < MLI <= 8n: comparisons of the secret MLI with public
  // bounds, as masks (base/ct_mask.hpp: exact under MemorySanitizer, unlike the sign or high
  // bits of a difference, whose shadow has no carries).
  std::uint64_t mli = 0;
  for (int k = 4; k < 8; ++k) mli = (mli << 8) | a[k];
  const std::uint64_t n8 = 8 * static_cast<std::uint64_t>(n);
  std::uint64_t diff =
      differs(a, kIcv2Prefix, 4) | ~(detail::ct_mask_lt(n8 - 8, mli) & detail::ct_mask_le(mli, n8));
  // Padding: every byte at position pos >= MLI of the last semiblock must be zero.
  const std::uint8_t* last = out.data() + 8 * (n - 1);
  for (std::uint64_t k = 0; k < 8; ++k) {
    const std::uint64_t pos = 8 * (static_cast<std::uint64_t>(n) - 1) + k;
    const std::uint64_t is_pad = detail::ct_mask_le(mli, pos);  // all ones when pos >= mli
    diff |= last[k] & is_pad;
    AESKIT_REGISTER_BARRIER("+r", diff);
  }
  const bool ok = verdict(diff);
  detail::secure_zero(a, sizeof a);
  if (!ok) {
    detail::secure_zero(out.data(), written);
    return Errc::authentication_failed;
  }
  detail::declassify(mli);  // public once authentic: the returned length
  return static_cast<std::size_t>(mli);
}

}  // namespace aeskit
