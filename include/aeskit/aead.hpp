// aeskit/aead.hpp — authenticated encryption with associated data (AEAD): AES-GCM and
// AES-OCB3 (RFC 7253; see aead::aes_128_ocb below).
//
// Follows NIST SP 800-38D (GCM and GMAC) and the original GCM specification (McGrew and
// Viega, "The Galois/Counter Mode of Operation", 2005). AES-GCM encrypts with AES in counter
// mode (32-bit counter) and authenticates the associated data and the ciphertext with GHASH.
//
// Usage:
//   auto key = aeskit::AeadKey::create(aeskit::aead::aes_256_gcm(), key_bytes);
//   auto n = key->seal(nonce, ad, plaintext, out);        // out: ciphertext || tag
//   auto m = key->open(nonce, ad, ciphertext_and_tag, out);  // Errc::authentication_failed
//
// Nonces: never seal two messages with the same key and nonce — that reveals the XOR of the
// plaintexts and lets anyone forge tags. Prefer 12-byte nonces from a counter (NonceSequence
// or SealingKey, aeskit/nonce.hpp). SP 800-38D tolerates random 12-byte GCM nonces for up to
// 2^32 messages per key, but aeskit::random_nonce refuses GCM (at that limit the chance of a
// repeat, which breaks the key completely, is still about 2^-33): for random nonces choose
// XAES-256-GCM, DNDK-GCM, AES-GCM-SIV or AEGIS-256 (random_nonce_allowed). Other GCM nonce lengths
// (1 byte and up) are allowed as SP 800-38D does, and are hashed into the initial counter.
//
// Buffers: the plaintext (seal) or ciphertext (open) may be exactly the output (same start
// address: in place); any other overlap between an output and any input is rejected with
// Errc::overlapping_buffers, as is associated data or a nonce overlapping an output. On an
// argument error nothing is written. A failed open (Errc::authentication_failed) zeroes the
// whole plaintext span it would have written, so unauthenticated data never leaks by mistake.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "aeskit/aes.hpp"
#include "aeskit/export.hpp"
#include "aeskit/status.hpp"

namespace aeskit {

namespace detail {
struct AeadKeyState;
struct AeadAccess;
struct AeadAlgorithmTable;
}  // namespace detail

// AeadAlgorithm describes one AEAD: its name, key length and the lengths it accepts. The
// library owns the only instances (aeskit::aead::aes_128_gcm() and friends, or
// aeskit::aead::find); compare them by address.
class AESKIT_API AeadAlgorithm {
 public:
  AeadAlgorithm(const AeadAlgorithm&) = delete;
  AeadAlgorithm& operator=(const AeadAlgorithm&) = delete;

  std::string_view name() const noexcept { return name_; }         // "AES-128-GCM", ...
  std::size_t key_length() const noexcept { return key_length_; }  // bytes
  // Nonce lengths in bytes: every length in [nonce_min, nonce_max] is accepted;
  // nonce_recommended (12 for GCM) is the fast and safest choice.
  std::size_t nonce_min() const noexcept { return nonce_min_; }
  std::uint64_t nonce_max() const noexcept { return nonce_max_; }
  std::size_t nonce_recommended() const noexcept { return nonce_recommended_; }
  // tag_lengths lists the allowed tag lengths in bytes, ascending; the default is the longest.
  // GCM: 4, 8 (SP 800-38D Appendix C: only with strict limits on message length and count),
  // 12, 13, 14, 15, 16.
  std::span<const std::size_t> tag_lengths() const noexcept { return tag_lengths_; }
  std::size_t default_tag_length() const noexcept { return tag_lengths_.back(); }
  std::uint64_t max_plaintext() const noexcept { return max_plaintext_; }  // bytes (2^36 - 32)
  std::uint64_t max_ad() const noexcept { return max_ad_; }                // bytes (2^61 - 1)

  // max_overhead: the most seal adds to a plaintext under a key with `tag_length`-byte tags:
  // the tag, plus up to 16 bytes of padding for the TLS CBC-HMAC records (the only family whose
  // sealed length is not plaintext + tag).
  std::size_t max_overhead(std::size_t tag_length) const noexcept {
    return tag_length + max_padding_;
  }

  bool allows_tag_length(std::size_t n) const noexcept;
  bool allows_nonce_length(std::size_t n) const noexcept;

 private:
  friend struct detail::AeadAlgorithmTable;
  constexpr AeadAlgorithm(std::string_view name, std::size_t key_length, std::size_t nonce_min,
                          std::uint64_t nonce_max, std::size_t nonce_recommended,
                          std::span<const std::size_t> tag_lengths, std::uint64_t max_plaintext,
                          std::uint64_t max_ad, std::size_t max_padding = 0) noexcept
      : name_(name),
        key_length_(key_length),
        nonce_min_(nonce_min),
        nonce_max_(nonce_max),
        nonce_recommended_(nonce_recommended),
        tag_lengths_(tag_lengths),
        max_plaintext_(max_plaintext),
        max_ad_(max_ad),
        max_padding_(max_padding) {}

  std::string_view name_;
  std::size_t key_length_;
  std::size_t nonce_min_;
  std::uint64_t nonce_max_;
  std::size_t nonce_recommended_;
  std::span<const std::size_t> tag_lengths_;
  std::uint64_t max_plaintext_;
  std::uint64_t max_ad_;
  std::size_t max_padding_;  // bytes a seal may add beyond the tag (TLS CBC-HMAC: 16)
};

namespace aead {

AESKIT_API const AeadAlgorithm& aes_128_gcm() noexcept;
AESKIT_API const AeadAlgorithm& aes_192_gcm() noexcept;
AESKIT_API const AeadAlgorithm& aes_256_gcm() noexcept;

// AES-OCB3 (RFC 7253; "AES-128-OCB", ...): nonce 1..15 bytes (12 recommended), tags of
// 8..16 bytes (the RFC allows any length up to 16; below 8 forgeries get cheap, so we stop
// there), at most 2^48 blocks per message (RFC 7253 §5 caps a key at 2^48 blocks). One pass,
// one AES call per block for both secrecy and authenticity. OCB keys work with seal/open and
// the detached variants; AeadSealer/AeadOpener reject them (Errc::one_shot_only): their
// update() must return every byte at once, and OCB cannot encrypt a trailing partial block
// before it knows the message ends there.
AESKIT_API const AeadAlgorithm& aes_128_ocb() noexcept;
AESKIT_API const AeadAlgorithm& aes_192_ocb() noexcept;
AESKIT_API const AeadAlgorithm& aes_256_ocb() noexcept;

// AES-GCM-SIV (RFC 8452; "AES-128-GCM-SIV", "AES-256-GCM-SIV"): nonce-misuse resistant —
// sealing two messages under one key and nonce reveals only whether they are equal. 12-byte
// nonce, 16-byte tag, plaintext and AD up to 2^36 bytes each (§6). Per-nonce keys are derived
// inside every call. Two passes to seal (POLYVAL, then CTR), one to open. One-shot only
// (AeadSealer/AeadOpener reject it: the tag is the CTR's starting counter).
AESKIT_API const AeadAlgorithm& aes_128_gcm_siv() noexcept;
AESKIT_API const AeadAlgorithm& aes_256_gcm_siv() noexcept;

// XAES-256-GCM (c2sp.org/XAES-256-GCM): AES-256-GCM with 24-byte nonces that are safe to
// pick at random for practically any number of messages. 32-byte key, 16-byte tag; a subkey
// is derived per message from the key and the nonce's first 12 bytes (a one-block CMAC,
// NIST SP 800-108r1), then AES-256-GCM runs with the nonce's last 12 bytes. One-shot only.
AESKIT_API const AeadAlgorithm& xaes_256_gcm() noexcept;

// DNDK-GCM (Double Nonce Derive Key AES-GCM, IETF CFRG draft-gueron-cfrg-dndkgcm): AES-256-GCM
// with a 32-byte root key and 24-byte nonces that are safe to pick at random; per message a
// fresh AES-256-GCM key is derived from the root key and the nonce's first 15 bytes (three
// AES-256 blocks, XOR-combined), and GCM runs with the remaining 9 bytes (zero-padded to 12).
// Nonces of 12..27 bytes are accepted as the draft defines them (the length is bound into
// the derivation); 24 is the recommended, random-nonce length. One-shot only.
//   dndk_gcm(): "DNDK-GCM", no key commitment, seal writes C || T (16-byte tag).
//   dndk_gcm_kc(): "DNDK-GCM-KC", with the draft's 32-byte key commitment KC: seal writes
//     C || T || KC (tag_length() is 48: T || KC); open recomputes KC and refuses a mismatch
//     before any GCM work, so a ciphertext opens under one root key only (a GCM tag alone can
//     be made valid under two keys at once).
// Limits (the draft): up to 2^64 bytes under one root key; per message those of AES-256-GCM
// (2^36 - 32 bytes).
AESKIT_API const AeadAlgorithm& dndk_gcm() noexcept;
AESKIT_API const AeadAlgorithm& dndk_gcm_kc() noexcept;

// AES-CCM (NIST SP 800-38C, RFC 3610; "AES-128-CCM", ...): nonces of 7..13 bytes (12
// recommended); the nonce length n fixes the length field q = 15 - n, and a message must be
// shorter than 2^(8q) bytes (13-byte nonce: 64 KiB - 1; 12: 16 MiB - 1; 11: 4 GiB - 1), else
// seal/open return Errc::message_too_long. Tags of 4, 6, ..., 16 bytes, fixed per key (the
// default 16); AD of any length. CCM needs both lengths before it starts, so it is one-shot:
// AeadSealer/AeadOpener reject CCM keys (Errc::one_shot_only).
// Common profiles are these descriptors with a tag length and a nonce length:
//   CCM-8 (RFC 6655 TLS AES_128_CCM_8, 12-byte nonce; 13-byte nonces in IEEE 802.15.4 /
//     Zigbee-style stacks): AeadKey::create(aead::aes_128_ccm(), key, 8), or the named
//     presets below
//   Bluetooth LE link layer (4-byte MIC, 13-byte nonce): create(aead::aes_128_ccm(), key, 4)
//   Matter (16-byte MIC, 13-byte nonce): create(aead::aes_128_ccm(), key)   (default tag 16)
//   RFC 5116 AEAD_AES_128_CCM (12-byte nonce, 16-byte tag): create(aead::aes_128_ccm(), key)
AESKIT_API const AeadAlgorithm& aes_128_ccm() noexcept;
AESKIT_API const AeadAlgorithm& aes_192_ccm() noexcept;
AESKIT_API const AeadAlgorithm& aes_256_ccm() noexcept;
// CCM-8 presets ("AES-128-CCM-8", "AES-256-CCM-8"): CCM with the tag fixed at 8 bytes —
// create(aead::aes_128_ccm_8(), key) (the default tag length is 8 here) or with tag length 8;
// any other tag length returns Errc::bad_tag_length. Nonces of 7..13 bytes as above; the
// output is identical to aes_*_ccm() with an 8-byte tag.
AESKIT_API const AeadAlgorithm& aes_128_ccm_8() noexcept;
AESKIT_API const AeadAlgorithm& aes_256_ccm_8() noexcept;

// AES-EAX (Bellare-Rogaway-Wagner; "AES-128-EAX", "AES-192-EAX", "AES-256-EAX"): nonces of
// any length, the empty one included (16 bytes recommended), AD of any length, tags of
// 8..16 bytes fixed per key (default 16). One pass: CTR and the OMAC over the ciphertext
// interleaved. One-shot only (AeadSealer/AeadOpener return one_shot_only).
AESKIT_API const AeadAlgorithm& aes_128_eax() noexcept;
AESKIT_API const AeadAlgorithm& aes_192_eax() noexcept;
AESKIT_API const AeadAlgorithm& aes_256_eax() noexcept;

// AES-SIV (RFC 5297) in its nonce-based AEAD form: S2V over (AD, nonce, plaintext), output
// V || C — the 16-byte tag comes FIRST in seal's output and open's input (RFC 5297 §7);
// the detached calls take it separately. "AES-128-SIV" takes a 32-byte key (two AES-128
// keys; RFC 5116's AEAD_AES_SIV_CMAC_256, a name aead::find also accepts, as
// "AES-SIV-CMAC-256"), "AES-192-SIV" 48 bytes (_384), "AES-256-SIV" 64 bytes (_512). Nonce
// ≥ 1 byte (16 recommended); a repeated nonce only reveals repeated (AD, plaintext) pairs.
// Several AD components, or the deterministic form without a nonce: aeskit/siv.hpp.
// One-shot only.
AESKIT_API const AeadAlgorithm& aes_128_siv() noexcept;
AESKIT_API const AeadAlgorithm& aes_192_siv() noexcept;
AESKIT_API const AeadAlgorithm& aes_256_siv() noexcept;

// TLS CBC-HMAC record protection with BoringSSL's AEAD semantics ("AES-128-CBC-SHA1",
// "AES-256-CBC-SHA1", "AES-128-CBC-SHA256", and "AES-256-CBC-SHA256", which BoringSSL lacks
// but TLS 1.2's AES_256_CBC_SHA256 suites and OpenSSL's stitched cipher use): MAC-then-encrypt with
// TLS padding. Key = MAC key (20 or 32 bytes) || AES key; the AD is the 11 bytes seq_num || type ||
// version (the length is appended internally; other lengths: Errc::bad_ad_length); the nonce is the
// record's 16-byte CBC IV (TLS 1.1+ explicit IV). seal writes roundup16(|P| + MAC + 1) bytes;
// open needs an output as long as the input, returns the plaintext length, and is
// constant-time in the padding and the MAC check (Lucky13), with one error
// (authentication_failed) for every bad record. The "-IMPLICIT-IV" forms (TLS 1.0) append the
// first record's IV to the key and take no nonce for it, then the previous record's last
// ciphertext block as the nonce. One-shot only; the detached calls return no_detached_tag.
AESKIT_API const AeadAlgorithm& aes_128_cbc_sha1_tls() noexcept;
AESKIT_API const AeadAlgorithm& aes_256_cbc_sha1_tls() noexcept;
AESKIT_API const AeadAlgorithm& aes_128_cbc_sha256_tls() noexcept;
AESKIT_API const AeadAlgorithm& aes_256_cbc_sha256_tls() noexcept;
AESKIT_API const AeadAlgorithm& aes_128_cbc_sha1_tls_implicit_iv() noexcept;
AESKIT_API const AeadAlgorithm& aes_256_cbc_sha1_tls_implicit_iv() noexcept;
AESKIT_API const AeadAlgorithm& aes_128_cbc_sha256_tls_implicit_iv() noexcept;
// AES-CTR-HMAC-SHA256 (BoringSSL's construction; "AES-128-CTR-HMAC-SHA256", "AES-256-..."):
// key = AES key || 32-byte HMAC key, 12-byte nonce, tags 16..32 bytes (default 32), AD of any
// length. HMAC-SHA256 over le64(|AD|) || le64(|C|) || nonce || AD || zero pad || C.
AESKIT_API const AeadAlgorithm& aes_128_ctr_hmac_sha256() noexcept;
AESKIT_API const AeadAlgorithm& aes_256_ctr_hmac_sha256() noexcept;

// AEGIS (draft-irtf-cfrg-aegis-aead; "AEGIS-128L", "AEGIS-128X2", "AEGIS-128X4", "AEGIS-256",
// "AEGIS-256X2", "AEGIS-256X4"): AEADs built from the AES round function alone, no key
// schedule. 128L/128X: 16-byte key and nonce; 256/256X: 32-byte key and nonce (random nonces
// are safe there). Tags of 16 or 32 bytes (default 32), plaintext and AD up to 2^61 - 1 bytes.
// The X2/X4 forms run 2 or 4 AEGIS states side by side (one per 128-bit lane of a ymm/zmm
// register) and give different outputs from 128L/256: both ends must agree on the variant.
// One-shot and detached; AeadSealer/AeadOpener return one_shot_only. A failed open zeroes
// the output.
AESKIT_API const AeadAlgorithm& aegis_128l() noexcept;
AESKIT_API const AeadAlgorithm& aegis_128x2() noexcept;
AESKIT_API const AeadAlgorithm& aegis_128x4() noexcept;
AESKIT_API const AeadAlgorithm& aegis_256() noexcept;
AESKIT_API const AeadAlgorithm& aegis_256x2() noexcept;
AESKIT_API const AeadAlgorithm& aegis_256x4() noexcept;

// algorithms lists every AEAD in this build.
AESKIT_API std::span<const AeadAlgorithm* const> algorithms() noexcept;
// find looks an algorithm up by name, ignoring ASCII case ("aes-256-gcm"); nullptr if none.
AESKIT_API const AeadAlgorithm* find(std::string_view name) noexcept;
// nearest: the name of this build's AEAD closest to `name` (ASCII case, '-' and '_'
// ignored; at most a few edits away: "AES-128-GMC" gives "AES-128-GCM", "aes128gcm" too), or
// an empty view when none is close. For error messages; find() never guesses.
AESKIT_API std::string_view nearest(std::string_view name) noexcept;
// unknown_name: Errc::unknown_algorithm, leaving error_detail() the sentence "no AEAD named
// '<name>' in this build (did you mean <nearest>?); aeskit::aead::algorithms() lists them".
AESKIT_API Status unknown_name(std::string_view name) noexcept;

}  // namespace aead

// AeadMessage is one message of a batch (AeadKey::seal_batch / open_batch): the caller
// fills the inputs, the batch writes `status` and `length` back. Every message is what the
// one-message call with the same spans would be:
//   attached (detached == false): seal is seal(nonce, ad, in, out) (out receives ciphertext
//     || tag; SIV: tag || ciphertext; TLS records: the padded record); open is
//     open(nonce, ad, in, out) with `in` the sealed message. `tag` is ignored.
//   detached (detached == true): seal is seal_detached(nonce, ad, in, out, tag) (tag_length()
//     bytes to the start of `tag`); open is open_detached(nonce, ad, in, tag, out) (`tag` is
//     read, never written). TLS records have no detached form (no_detached_tag).
// `out` may be exactly `in` (in place) as the one-message calls allow. `length` is the byte
// count written to `out` (seal attached: ciphertext and tag; seal detached: the ciphertext;
// open: the plaintext), 0 on failure.
struct AeadMessage {
  std::span<const std::uint8_t> nonce;
  std::span<const std::uint8_t> ad;
  std::span<const std::uint8_t> in;
  std::span<std::uint8_t> out;
  std::span<std::uint8_t> tag;  // detached only
  bool detached = false;
  // written back by the batch call:
  Status status;
  std::size_t length = 0;
};

// AeadKey is one AEAD key, ready to use: the AES key schedule (on the backend chosen at
// creation, as for AesKey), the hash key (GCM: H = E_K(0^128) and its precomputed powers on
// the fastest GHASH code this CPU offers) and the tag length, all fixed at creation. The tag
// length is never taken from an input.
//
// AeadKey is move-only and wiped on destruction. All operations are const, allocate nothing,
// and may be called from many threads at once.
class AESKIT_API AeadKey {
 public:
  // create: `key` must be algorithm.key_length() bytes; `tag_length` one of
  // algorithm.tag_lengths(); `backend` names an AES backend (see aeskit/backends.hpp; empty:
  // the best available). Errors: bad_key_length, bad_tag_length, unknown_backend,
  // backend_unavailable.
  static Result<AeadKey> create(const AeadAlgorithm& algorithm, std::span<const std::uint8_t> key,
                                std::size_t tag_length, std::string_view backend = {});
  // create without a tag length: the algorithm's default_tag_length(), its longest tag (16 for
  // GCM, 8 for CCM-8, 20 for AES-128-CBC-SHA1, 32 for AES-128-CTR-HMAC-SHA256).
  static Result<AeadKey> create(const AeadAlgorithm& algorithm, std::span<const std::uint8_t> key);

  // generate writes a fresh random key for `algorithm` (aeskit::random_bytes, getrandom) to
  // key_out.first(algorithm.key_length()): store it, then create() a key from it. Nonces under
  // it: a NonceSequence or SealingKey (aeskit/nonce.hpp) for GCM, CCM, OCB, EAX, SIV's nonce
  // form; random nonces only where random_nonce_allowed(algorithm). Errors: output_too_small
  // (required_size says how many bytes), random_failed.
  static Status generate(const AeadAlgorithm& algorithm, std::span<std::uint8_t> key_out) noexcept;

  AeadKey() noexcept;  // an empty key; every operation on it fails with invalid_state
  AeadKey(AeadKey&&) noexcept;
  AeadKey& operator=(AeadKey&&) noexcept;
  AeadKey(const AeadKey&) = delete;
  AeadKey& operator=(const AeadKey&) = delete;
  ~AeadKey();

  bool valid() const noexcept { return state_ != nullptr; }
  const AeadAlgorithm* algorithm() const noexcept;       // nullptr for an empty key
  std::size_t tag_length() const noexcept;               // bytes; 0 for an empty key
  std::string_view backend_name() const noexcept;        // the AES backend, e.g. "aesni"
  std::string_view ghash_backend_name() const noexcept;  // e.g. "pclmul"; empty for OCB
  // kernel describes the code path seal/open take, for `aeskit cpu` and `aeskit speed`.
  std::string kernel() const;

  // seal encrypts and authenticates `plaintext` with `ad`, writes ciphertext || tag
  // (plaintext.size() + tag_length() bytes) to `out`, and returns that count.
  // Errors: bad_nonce_length, message_too_long, output_too_small, overlapping_buffers,
  // invalid_state.
  Result<std::size_t> seal(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> ad,
                           std::span<const std::uint8_t> plaintext,
                           std::span<std::uint8_t> out) const;

  // open checks and decrypts ciphertext || tag; writes and returns the plaintext length
  // (ciphertext_and_tag.size() - tag_length()). `out` may start exactly at
  // ciphertext_and_tag. Errors: authentication_failed (also for an input shorter than the
  // tag; the plaintext span is zeroed), bad_nonce_length, message_too_long, output_too_small,
  // overlapping_buffers, invalid_state.
  Result<std::size_t> open(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> ad,
                           std::span<const std::uint8_t> ciphertext_and_tag,
                           std::span<std::uint8_t> out) const;

  // seal_detached writes the ciphertext (plaintext.size() bytes) to `ciphertext_out` and the
  // tag (tag_length() bytes) to the start of `tag_out`. Errors as seal; output_too_small also
  // when tag_out is shorter than tag_length(); tag_out must not overlap any other span.
  Status seal_detached(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> ad,
                       std::span<const std::uint8_t> plaintext,
                       std::span<std::uint8_t> ciphertext_out,
                       std::span<std::uint8_t> tag_out) const;

  // open_detached checks `tag` (exactly tag_length() bytes, else authentication_failed) and
  // decrypts `ciphertext` into `out` (ciphertext.size() bytes). Errors as open.
  Status open_detached(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> ad,
                       std::span<const std::uint8_t> ciphertext, std::span<const std::uint8_t> tag,
                       std::span<std::uint8_t> out) const;

  // seal_batch / open_batch run every message of `messages` under this key: each message's
  // outcome is its own and is written to its `status` and `length` (see AeadMessage), exactly
  // as the one-message call would give it. An argument error in one message (bad nonce
  // length, output too small, overlap within the message, ...) writes nothing to that
  // message's buffers; a failed open (authentication_failed) zeroes that message's plaintext
  // span, as open does; every other message of the batch is sealed or opened and released
  // normally. Returns ok when every message succeeded, else the status of the first message
  // that failed (so a caller that checks only the return value never takes a forgery); an
  // empty key gives invalid_state for every message. Messages must not share buffers with
  // each other (one message's out or tag overlapping another message's spans): each message
  // is checked on its own, and the batch may process messages in any order, interleaved.
  // Allocates nothing.
  Status seal_batch(std::span<AeadMessage> messages) const noexcept;
  Status open_batch(std::span<AeadMessage> messages) const noexcept;

 private:
  friend struct detail::AeadAccess;
  explicit AeadKey(std::unique_ptr<detail::AeadKeyState> state) noexcept;
  std::unique_ptr<detail::AeadKeyState> state_;
};

namespace detail {
// AeadStream is the state of an incremental seal or open (a private member of AeadSealer and
// AeadOpener; its layout is not part of the API).
struct AeadStream {
  const AeadKeyState* key = nullptr;
  std::uint8_t j0[16] = {};         // pre-counter block J0
  std::uint8_t counter[16] = {};    // next counter block
  std::uint8_t hash[16] = {};       // running GHASH value
  std::uint8_t partial[16] = {};    // partial block of AD, or of ciphertext, not yet hashed
  std::uint8_t keystream[16] = {};  // key stream of the current partial data block
  std::uint64_t ad_length = 0;
  std::uint64_t data_length = 0;
  enum class Phase : std::uint8_t { ad, data, finished } phase = Phase::ad;
};
}  // namespace detail

// AeadSealer seals one message incrementally: update_ad() any number of times (all before
// the first update()), update() with any split of the plaintext, then finish() for the tag.
// The concatenated output and the tag equal AeadKey::seal_detached's for the whole message.
//
// The sealer keeps a pointer to `key`: the key must outlive it. A sealer is not thread-safe
// (the key is). After finish() (successful or not) only destruction and assignment are
// allowed; other calls fail with invalid_state. A failed call changes nothing.
class AESKIT_API AeadSealer {
 public:
  // Errors: invalid_state (empty key), bad_nonce_length, one_shot_only (every family but GCM: see
  // aead::aes_128_ocb).
  static Result<AeadSealer> create(const AeadKey& key, std::span<const std::uint8_t> nonce);

  AeadSealer(AeadSealer&&) noexcept;
  AeadSealer& operator=(AeadSealer&&) noexcept;
  // A copy continues the same message independently (same key pointer: the key must outlive
  // every copy). For forking a computation (OpenSSL's EVP_CIPHER_CTX_copy, or a tag over a
  // common prefix) where at most one copy goes on to seal data: two copies that both
  // encrypt different plaintexts reuse the nonce, as two messages under one nonce would.
  AeadSealer(const AeadSealer&) noexcept;
  AeadSealer& operator=(const AeadSealer&) noexcept;
  ~AeadSealer();  // wipes the state

  // update_ad absorbs associated data. Errors: invalid_state (after update() or finish()),
  // message_too_long.
  Status update_ad(std::span<const std::uint8_t> ad);
  // update encrypts `in` into `out` (exactly in.size() bytes; out may be exactly in) and
  // returns in.size(). Errors: output_too_small, overlapping_buffers, message_too_long,
  // invalid_state.
  Result<std::size_t> update(std::span<const std::uint8_t> in, std::span<std::uint8_t> out);
  // finish writes the tag (tag_length() bytes) to the start of `tag_out` and returns its
  // length. Errors: output_too_small, invalid_state.
  Result<std::size_t> finish(std::span<std::uint8_t> tag_out);

  std::size_t tag_length() const noexcept;

 private:
  AeadSealer() noexcept = default;
  detail::AeadStream s_;
};

// AeadOpener opens one message incrementally: update_ad(), update() with any split of the
// ciphertext, then finish(tag).
//
// WARNING: update() releases plaintext BEFORE it is authenticated. Until finish() returns ok,
// treat everything update() wrote as untrusted: do not parse it, act on it or pass it on, and
// on any error discard all of it (the opener cannot take back what it already wrote). Use
// AeadKey::open when the message fits in memory: it checks first-hand and zeroes its output
// on failure.
//
// Same rules as AeadSealer otherwise (key outlives it; not thread-safe; after finish() only
// destruction and assignment; a failed update() changes nothing).
class AESKIT_API AeadOpener {
 public:
  // Errors: invalid_state (empty key), bad_nonce_length, one_shot_only (not a GCM key).
  static Result<AeadOpener> create(const AeadKey& key, std::span<const std::uint8_t> nonce);

  AeadOpener(AeadOpener&&) noexcept;
  AeadOpener& operator=(AeadOpener&&) noexcept;
  // A copy continues the same message independently (the key must outlive every copy).
  AeadOpener(const AeadOpener&) noexcept;
  AeadOpener& operator=(const AeadOpener&) noexcept;
  ~AeadOpener();  // wipes the state

  Status update_ad(std::span<const std::uint8_t> ad);
  // update decrypts `in` into `out` (exactly in.size() bytes, UNAUTHENTICATED until finish).
  Result<std::size_t> update(std::span<const std::uint8_t> in, std::span<std::uint8_t> out);
  // finish compares `tag` (exactly tag_length() bytes) with the computed tag in constant
  // time. Errors: authentication_failed (also for a tag of the wrong length), invalid_state.
  Status finish(std::span<const std::uint8_t> tag);
  // finish_truncated compares `tag` (1..tag_length() bytes) with that many leading bytes of
  // the computed tag in constant time: for interfaces that accept any truncation, as
  // OpenSSL's EVP GCM does (1..16 bytes). A short tag is a weak tag (an n-byte tag is forged
  // with probability 2^-8n per try); prefer finish() with a key of the length you need.
  // Errors: authentication_failed (also for an empty or too long tag), invalid_state.
  Status finish_truncated(std::span<const std::uint8_t> tag);

  std::size_t tag_length() const noexcept;

 private:
  AeadOpener() noexcept = default;
  detail::AeadStream s_;
};

}  // namespace aeskit
