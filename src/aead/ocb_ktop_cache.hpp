// src/aead/ocb_ktop_cache.hpp — AES-OCB3's per-key cache of the last Ktop (RFC 7253 §4.2),
// safe to use from any number of threads sealing and opening with the same key.
//
// CPU features: none (generic; 64-bit atomics through std::atomic_ref).
// References: RFC 7253 §4.2 (Ktop, bottom); the OCB FAQ (Rogaway): "m + a + 1.016
// blockcipher calls ... This assumes a counter nonce" (1.016 = 1 + 1/64: with a counter
// nonce, Ktop changes once in 64 messages).
//
// What it saves. Every message's Offset_0 comes from Ktop = E_K(Nonce with its last 6 bits
// cleared) ("top"), and that AES call is the first link of a serial chain the bulk kernel
// waits for (measured on Zen 5: ~12 ns of a 16 KiB AES-128-OCB seal, a third of a 16-byte
// one). Nonces that differ only in their last 6 bits share a top: with a counter nonce, 63
// messages in 64 can take Ktop from here.
//
// Which top is kept. The cache is written when it is empty and when a message's top is the
// cached top plus 64 (the nonce block read as a 128-bit big-endian number): the next top of
// an incrementing nonce. Any other top leaves it alone, so keys used with random nonces, or
// by several threads each with its own nonce range, do not rewrite the shared cache line on
// every message (a write per miss would bounce the line between cores; the rule writes once
// per 64 messages of the one counter that runs in step, and never for random nonces).
//
// Threads. A sequence lock over four 64-bit words (top: 2, Ktop: 2), every access atomic:
//   reader: s1 = seq (acquire); odd -> miss; read the words; fence (acquire); s2 = seq;
//           s1 != s2 -> miss (a writer ran meanwhile); else use them if top matches.
//   writer: seq even -> CAS seq to odd (a failed CAS: someone else writes, give up);
//           fence (release); write the words; seq = next even (release).
// A miss only costs the AES call it would have made anyway, so no one ever waits.
//
// Secrets. Ktop is key material, as secret as the L table: it lives in the key and is wiped
// with it. Only the nonce (public) decides a hit or a miss; nothing branches on Ktop.
#pragma once

#include <atomic>
#include <cstdint>
#include <cstring>

#include "base/block128.hpp"
#include "base/byte_order.hpp"
#include "base/secure_zero.hpp"

namespace aeskit::detail {

class OcbKtopCache {
 public:
  OcbKtopCache() = default;
  OcbKtopCache(const OcbKtopCache&) = delete;
  OcbKtopCache& operator=(const OcbKtopCache&) = delete;
  ~OcbKtopCache() { secure_zero(words_, sizeof words_); }

  // find: Ktop for the nonce block `top` (last 6 bits cleared) if it is the cached one.
  bool find(Block128 top, Block128& ktop) const noexcept {
    const std::uint64_t s1 = ref(seq_).load(std::memory_order_acquire);
    if (s1 % 2 != 0 || s1 == 0) return false;
    const std::uint64_t t0 = ref(words_[0]).load(std::memory_order_relaxed);
    const std::uint64_t t1 = ref(words_[1]).load(std::memory_order_relaxed);
    const std::uint64_t k0 = ref(words_[2]).load(std::memory_order_relaxed);
    const std::uint64_t k1 = ref(words_[3]).load(std::memory_order_relaxed);
    std::atomic_thread_fence(std::memory_order_acquire);
    if (ref(seq_).load(std::memory_order_relaxed) != s1) return false;
    if (t0 != top[0] || t1 != top[1]) return false;  // the nonce: public
    ktop = Block128{k0, k1};
    return true;
  }

  // offer: keep (top, ktop) if the cache is empty or `top` is the cached top's successor.
  void offer(Block128 top, Block128 ktop) const noexcept {
    std::uint64_t s = ref(seq_).load(std::memory_order_relaxed);
    if (s % 2 != 0) return;  // another thread is writing
    if (s != 0 && !is_successor(top)) return;
    if (!ref(seq_).compare_exchange_strong(s, s + 1, std::memory_order_acquire,
                                           std::memory_order_relaxed))
      return;
    std::atomic_thread_fence(std::memory_order_release);
    ref(words_[0]).store(top[0], std::memory_order_relaxed);
    ref(words_[1]).store(top[1], std::memory_order_relaxed);
    ref(words_[2]).store(ktop[0], std::memory_order_relaxed);
    ref(words_[3]).store(ktop[1], std::memory_order_relaxed);
    ref(seq_).store(s + 2, std::memory_order_release);
  }

 private:
  static std::atomic_ref<std::uint64_t> ref(std::uint64_t& w) noexcept {
    return std::atomic_ref<std::uint64_t>(w);
  }

  // is_successor: top == cached top + 64 as 128-bit big-endian numbers. The cached words
  // are read without the sequence check: a torn read only makes this answer wrong, and a
  // wrong answer only decides whether this top is stored (the store itself is locked).
  bool is_successor(Block128 top) const noexcept {
    const std::uint64_t hi = load_be64_word(ref(words_[0]).load(std::memory_order_relaxed));
    const std::uint64_t lo = load_be64_word(ref(words_[1]).load(std::memory_order_relaxed));
    const std::uint64_t next_lo = lo + 64;
    const std::uint64_t next_hi = hi + (next_lo < lo ? 1 : 0);
    return load_be64_word(top[0]) == next_hi && load_be64_word(top[1]) == next_lo;
  }

  // load_be64_word: the 8 bytes of w, as they lie in memory, read as a big-endian number.
  static std::uint64_t load_be64_word(std::uint64_t w) noexcept {
    std::uint8_t b[8];
    std::memcpy(b, &w, 8);
    return load_be64(b);
  }

  mutable std::uint64_t seq_ = 0;        // 0: empty; odd: being written
  mutable std::uint64_t words_[4] = {};  // top (memory order), then Ktop
};

}  // namespace aeskit::detail
