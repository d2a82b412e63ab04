// src/aead/siv_core.hpp — AES-SIV (RFC 5297): the key state and the one-shot seal/open over
// a vector of associated-data components, shared by the public SivKey (aeskit/siv.hpp) and
// the AEAD descriptors (siv_scheme.cpp: one AD component and the nonce).
//
// Generic: CMAC through src/mac/cmac_core (the backend's cbc_mac entry), CTR through the
// backend's ctr128_be entry (src/modes/mode_kernels.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "aeskit/aes.hpp"
#include "aeskit/status.hpp"
#include "core/key_state.hpp"
#include "mac/cmac_core.hpp"

namespace aeskit::detail::siv {

// RFC 5297 §2.6/§7: S2V takes at most 127 components; the plaintext is always the last
// one, so at most 126 associated-data components.
inline constexpr std::size_t kMaxAdComponents = 126;

// Core: K = K1 || K2 (32, 48 or 64 bytes): K1 keys S2V's CMAC, K2 keys CTR.
struct Core {
  AesKey mac_aes;                   // K1
  AesKey ctr_aes;                   // K2
  const KeyState* mac = nullptr;    // into mac_aes
  const KeyState* ctr = nullptr;    // into ctr_aes
  cmac::Subkeys sub;                // K1's CMAC subkeys
  alignas(16) std::uint8_t d0[16];  // S2V's first D = CMAC(K1, <zero>), a per-key constant
  alignas(16) std::uint8_t d1[16];  // dbl(d0): what the first component (or a short P) uses

  Core() = default;
  Core(const Core&) = delete;
  Core& operator=(const Core&) = delete;
  ~Core();
};

// make_core: key of 32, 48 or 64 bytes (else bad_key_length), both halves on `backend`.
Result<std::unique_ptr<Core>> make_core(std::span<const std::uint8_t> key,
                                        std::string_view backend);

using Component = std::span<const std::uint8_t>;

// seal: V = S2V(K1, AD_1..AD_n, P) into v_out; out = P ^ CTR(K2, Q) with Q = V with bits 31
// and 63 cleared. in == out allowed; v_out overlaps nothing. n ≤ kMaxAdComponents (checked
// by the caller).
void seal(const Core& core, const Component* ad, std::size_t ad_count, const std::uint8_t* in,
          std::uint8_t* out, std::size_t len, std::uint8_t v_out[16]) noexcept;

// open: decrypts with Q from `v` (16 bytes, not overlapping out), recomputes S2V over the
// plaintext and compares with `v` in constant time; on mismatch out[0..len) is zeroed and
// the result is false. in == out allowed.
bool open(const Core& core, const Component* ad, std::size_t ad_count, const std::uint8_t* in,
          std::uint8_t* out, std::size_t len, const std::uint8_t v[16]) noexcept;

// describe: the code path ("<backend>:siv ...").
std::string describe(const Core& core);

}  // namespace aeskit::detail::siv
