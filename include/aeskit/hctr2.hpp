// aeskit/hctr2.hpp — HCTR2 (Crowley, Huckleberry, Biggers, "Length-preserving encryption
// with HCTR2", ePrint 2021/1441): a tweakable wide-block cipher over AES. A message of any
// length from 16 bytes up is ONE block: every output bit depends on every input bit and on
// the tweak, and the ciphertext is exactly as long as the plaintext.
//
// What it is for: length-preserving encryption where XTS's 16-byte granularity leaks too
// much, e.g. file names (Linux fscrypt's HCTR2 policy: AES-CTS/XTS show which names share a
// 16-byte prefix, HCTR2 does not) or sectors that want wide-block security. Like XTS it does
// not authenticate: a changed ciphertext decrypts to random-looking data without an error,
// and equal (tweak, plaintext) pairs give equal ciphertexts. Use an AEAD where the length may
// grow (aeskit/aead.hpp; docs/api-cpp.md compares HCTR2, XTS, SIV and the AEADs).
//
// The construction, with hbar = E_K(0^128), L = E_K(le128(1)), and P = M || N where M is the
// first 16 bytes:
//   MM = M ^ H(T, N);  UU = E_K(MM);  S = MM ^ UU ^ L;
//   V  = N ^ XCTR_K(S);  U = UU ^ H(T, V);  C = U || V
// H(T, X) = POLYVAL(hbar, le128(2·bits(T) + (|X| % 16 ? 3 : 2)) || pad(T) || X padded with
// a 1 byte then zeros if |X| is not a multiple of 16); XCTR_K(S)_i = E_K(S ^ le128(i)),
// i = 1, 2, ... Decryption runs the same steps backwards with one AES decryption.
//
// Keys: 16, 24 or 32 bytes (AES-128/192/256-HCTR2; Linux's fscrypt uses AES-256).
// Tweaks: any length, including empty (fscrypt uses 32 bytes); a tweak is public.
// Messages: kHctr2MinMessage (16) to kHctr2MaxMessage bytes (2^36: the XCTR counter stays
// within 32 bits).
//
// Buffers: `out` may be exactly `in`; any other overlap is rejected. On any error nothing is
// written. No call allocates memory, except that the first decryption with a key builds its
// decryption schedule once (as for AesKey). Hctr2Key is move-only, wiped on destruction, and
// its operations are const and thread-safe. Constant-time in the key and the data; the
// running time depends only on the message and tweak lengths.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "aeskit/export.hpp"
#include "aeskit/status.hpp"

namespace aeskit {

inline constexpr std::size_t kHctr2MinMessage = 16;
inline constexpr std::uint64_t kHctr2MaxMessage = std::uint64_t{1} << 36;

class AESKIT_API Hctr2Key {
 public:
  // create expands `key` (16, 24 or 32 bytes) on the best backend, or on the one named (see
  // aeskit/backends.hpp; empty: best), and derives hbar and L.
  // Errors: bad_key_length, unknown_backend, backend_unavailable.
  static Result<Hctr2Key> create(std::span<const std::uint8_t> key, std::string_view backend = {});

  Hctr2Key() noexcept;  // empty; every operation fails with invalid_state
  Hctr2Key(Hctr2Key&&) noexcept;
  Hctr2Key& operator=(Hctr2Key&&) noexcept;
  Hctr2Key(const Hctr2Key&) = delete;
  Hctr2Key& operator=(const Hctr2Key&) = delete;
  ~Hctr2Key();  // wipes the schedules, hbar and L

  bool valid() const noexcept;
  std::size_t key_bits() const noexcept;  // 128, 192 or 256; 0 when empty
  std::string_view backend_name() const noexcept;

  // encrypt / decrypt one message of in.size() bytes (kHctr2MinMessage .. kHctr2MaxMessage)
  // under `tweak` (any length). Writes in.size() bytes to `out`.
  // Errors: bad_data_unit_length (under 16 bytes), message_too_long (over 2^36 bytes),
  // output_too_small, overlapping_buffers, invalid_state (empty key).
  Status encrypt(std::span<const std::uint8_t> tweak, std::span<const std::uint8_t> in,
                 std::span<std::uint8_t> out) const;
  Status decrypt(std::span<const std::uint8_t> tweak, std::span<const std::uint8_t> in,
                 std::span<std::uint8_t> out) const;

  // kernel describes the code paths this key runs, e.g. "aesni: xctr (bulk kernel, 128-bit)
  // + pclmul polyval (native); second pass fused (aesni+pclmul 8x)" (the last part where XCTR
  // and the second POLYVAL pass run as one loop); empty for an empty key.
  std::string kernel() const;

 private:
  struct State;
  explicit Hctr2Key(std::unique_ptr<State> state) noexcept;
  std::unique_ptr<State> state_;
};

}  // namespace aeskit
