// tests/support/aead_cases.hpp — what the AEAD tests of every family share: the algorithm of a
// family by key length, sealing through the public API, the GHASH backends to pin, the few
// ways a family's layout differs from the general AeadKey contract, and the tamper loops
// (every bit of the sealed message, the AD and the nonce; lengths one byte off) with the
// check that a forgery is refused with the plaintext span zeroed, and the row type of the
// known-answer tables. No vectors here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "aeskit/aeskit.hpp"
#include "support/hex.hpp"
#include "support/rng.hpp"

namespace aeskit_test::aead {

// Message lengths of the per-family differential tests: every length up to two 16-block
// strides and 64 bytes (kSweep), then kLargeCount random ones up to kLarge (smaller and fewer
// in sanitizer builds, where the portable backend runs under ASan).
inline constexpr std::size_t kSweep = (2 * 16 + 4) * 16;
#if defined(AESKIT_TEST_SANITIZED)
inline constexpr std::size_t kLarge = std::size_t{1} << 14;
inline constexpr int kLargeCount = 1;
#else
inline constexpr std::size_t kLarge = std::size_t{1} << 20;
inline constexpr int kLargeCount = 3;
#endif

// aes_algorithm: "AES-<8·key_len>-<mode>" from aeskit::aead::find (mode "GCM", "OCB", "CCM",
// "GCM-SIV", "EAX", ...); aborts the test binary when there is none (a bug in the test).
const aeskit::AeadAlgorithm& aes_algorithm(std::string_view mode, std::size_t key_len);

// Kat: one known answer of an AEAD, as hex: sealing `pt` under `key`, `nonce` and `ad` gives
// `sealed` (ciphertext || tag, the tag as long as sealed is longer than pt).
struct Kat {
  const char* name;
  const char* key;
  const char* nonce;
  const char* ad;
  const char* pt;
  const char* sealed;
};

// Layout is where a family differs from the general contract (seal writes plaintext + tag
// bytes, ciphertext first, any AD): read from the algorithm's name, the one place the tests
// name families for this.
struct Layout {
  // TLS CBC-HMAC (MAC-then-encrypt with TLS padding): the record is roundup16(|P| + tag + 1)
  // bytes, open returns the plaintext length and zeroes the whole record-sized output on
  // failure, the detached calls return no_detached_tag.
  bool record = false;
  // AES-SIV (RFC 5297 §7): the tag (V) comes first, sealed = V || C.
  bool tag_first = false;
  // TLS CBC-HMAC: the AD is the 11-byte TLS header, the only length it takes
  // (bad_ad_length otherwise); 0: any length.
  std::size_t fixed_ad = 0;
};
Layout layout_of(const aeskit::AeadAlgorithm& algorithm);

// sealed_length: what seal writes for a plaintext of `len` bytes.
std::size_t sealed_length(const aeskit::AeadKey& key, std::size_t len);
// opened_span: the plaintext span open writes into (and zeroes on failure) for `sealed_len`
// input bytes: the record itself for the record layout, else sealed_len - tag (0 if shorter).
std::size_t opened_span(const aeskit::AeadKey& key, std::size_t sealed_len);

// seal: AeadKey::seal's output, sized exactly (the test fails on an error).
Bytes seal(const aeskit::AeadKey& key, std::span<const std::uint8_t> nonce,
           std::span<const std::uint8_t> ad, std::span<const std::uint8_t> pt);
// open: the plaintext, or nullopt after checking that the error is authentication_failed and
// the plaintext span was zeroed (nothing written past it).
std::optional<Bytes> open(const aeskit::AeadKey& key, std::span<const std::uint8_t> nonce,
                          std::span<const std::uint8_t> ad, std::span<const std::uint8_t> sealed);

bool all_zero(std::span<const std::uint8_t> b);

// Every GHASH backend compiled in (available or not), and whether this CPU runs one.
std::vector<std::string> ghash_backend_names();
bool ghash_available(std::string_view name);

// A reference implementation's open of sealed bytes: the plaintext, or nullopt (rejected).
struct PeerOpen {
  const char* name;
  std::function<std::optional<Bytes>(const Bytes& sealed)> open;
};

// expect_matches_reference: `key` seals `pt` to exactly `expected` (a reference's output)
// from and to buffers at random offsets 0..15 and in place; opens it back at random offsets,
// in place and detached; and every peer opens what `key` sealed.
void expect_matches_reference(const aeskit::AeadKey& key, TestRng& rng,
                              std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> ad,
                              const Bytes& pt, const Bytes& expected,
                              const std::vector<PeerOpen>& peers);

// A sealed message and what it was sealed with.
struct Message {
  Bytes nonce, ad, sealed;
};
using MutationFn = std::function<void(const Message& changed, const std::string& what)>;

// for_each_bit_flip calls `fn` with every single-bit change of the sealed bytes (every
// `sealed_step`-th bit, from `first_bit`), and of every bit of the AD and the nonce.
void for_each_bit_flip(const Message& m, const MutationFn& fn, std::size_t sealed_step = 1,
                       std::size_t first_bit = 0);
// for_each_length_change: the sealed bytes one byte shorter (either end) and one byte longer,
// the AD dropped, one byte shorter and longer, the nonce one byte shorter and longer.
void for_each_length_change(const Message& m, const MutationFn& fn);

// open_rejected: open (and open_detached, where the layout has it) of a changed message
// fails. With `same_lengths`, the error must be authentication_failed with the plaintext
// span zeroed; otherwise it may also be the length's argument error (bad_nonce_length,
// bad_ad_length) with nothing written.
testing::AssertionResult open_rejected(const aeskit::AeadKey& key, const Message& m,
                                       bool same_lengths);

// expect_tamper_rejected: open_rejected over every bit flip (sealed bits sampled every
// `sealed_step`) and every length change of `m`, and `m` itself still opens to `pt`.
void expect_tamper_rejected(const aeskit::AeadKey& key, const Message& m,
                            std::span<const std::uint8_t> pt, std::size_t sealed_step = 1);

}  // namespace aeskit_test::aead
