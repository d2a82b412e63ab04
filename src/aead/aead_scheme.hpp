// src/aead/aead_scheme.hpp — how an AEAD family plugs into AeadKey. No CPU feature.
//
// AeadKey (aead_key.cpp) owns the public contract and does every check that is the same for
// all families before it calls a scheme: key length and tag length at creation; at seal/open
// time the nonce length (descriptor range), the descriptor's plaintext/AD limits, output sizes
// and buffer overlap (exact in place allowed, partial overlap rejected), and the zeroing of the
// output on a failed open is the scheme's job (AeadKey trusts `open` to do it). Every family,
// GCM included (GcmScheme, gcm_scheme.hpp), is an AeadScheme, and AeadKey dispatches to each
// the same way. The layout (fixed_layout, tag_first) is read once when the key is made.
//
// Adding a family:
//   1. a subclass of AeadScheme holding the per-key state (it wipes its secrets in its
//      destructor; AesKey members wipe themselves);
//   2. a factory `Result<std::unique_ptr<AeadScheme>> make_xxx(const AeadAlgorithm&, key,
//      tag_length, aes_backend)` (key and tag lengths are already checked against the
//      descriptor when it is called);
//   3. the descriptors and the factory in the table of algorithms.cpp, the accessors in
//      include/aeskit/aead.hpp.
//
// Two layouts:
//   * fixed (the default): ciphertext is exactly as long as the plaintext and the tag is
//     tag_length bytes; seal()/open() do the work, AeadKey lays out ciphertext || tag (or
//     tag || ciphertext when tag_first(), as SIV's RFC 5297 output IV || C), and the detached
//     calls work too.
//   * record (fixed_layout() false: TLS CBC-HMAC, whose padding makes the ciphertext longer
//     by a length-dependent amount): AeadKey calls seal_record()/open_record() with the whole
//     buffers; the detached calls return Errc::no_detached_tag.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "aeskit/aead.hpp"
#include "aeskit/status.hpp"

namespace aeskit::detail {

struct GcmKey;  // aead_key_state.hpp

// AeadBatchJob: one message of AeadKey::seal_batch / open_batch after every check of the
// one-message call passed (fixed layout; the tag detached, or after the ciphertext). `in` and
// `out` are equal (in place) or disjoint; `tag` (tag_length() bytes) overlaps neither; jobs of
// one batch never share buffers (the batch's precondition). A multi-message kernel writes
// `ok` for each open job (and must leave a failed job's out[0..len) all zero).
// No default member initialisers: a group's array of jobs stays uninitialised until a job is
// written whole (zeroing 32 jobs would cost more than sealing a 64-byte message).
struct AeadBatchJob {
  const std::uint8_t* nonce;
  std::size_t nonce_len;
  const std::uint8_t* ad;
  std::size_t ad_len;
  const std::uint8_t* in;
  std::uint8_t* out;
  std::size_t len;
  std::uint8_t* tag_out;       // seal
  const std::uint8_t* tag_in;  // open
  bool ok;                     // open: the verdict

  std::span<const std::uint8_t> nonce_span() const noexcept { return {nonce, nonce_len}; }
  std::span<const std::uint8_t> ad_span() const noexcept { return {ad, ad_len}; }
};

class AeadScheme {
 public:
  explicit AeadScheme(std::size_t tag_length) noexcept : tag_length_(tag_length) {}
  AeadScheme(const AeadScheme&) = delete;
  AeadScheme& operator=(const AeadScheme&) = delete;
  virtual ~AeadScheme() = default;

  std::size_t tag_length() const noexcept { return tag_length_; }

  // gcm_state: GCM's key state for the code that works below the one-shot calls (the
  // incremental sealer/opener, chunked's failure scan, GCM plans, tests); nullptr for every
  // family but GCM. Not virtual: GcmScheme sets it once.
  const GcmKey* gcm_state() const noexcept { return gcm_state_; }

  // check: family-specific rules beyond the descriptor's ranges, run by seal and open after
  // the generic checks (e.g. CCM: the plaintext must fit the L-byte length field that the
  // nonce length implies). Any error it returns reaches the caller unchanged; nothing is
  // written then.
  virtual Status check(std::span<const std::uint8_t> nonce, std::uint64_t data_len,
                       std::uint64_t ad_len) const noexcept {
    (void)nonce;
    (void)data_len;
    (void)ad_len;
    return {};
  }
  // has_check: false when a family said check() has no rule (declare_no_check); AeadKey then
  // skips the call (GCM: no virtual call beyond seal/open on the hottest AEAD). A family that
  // says nothing is always asked.
  bool has_check() const noexcept { return has_check_; }

  // --- fixed layout ------------------------------------------------------------------
  // fixed_layout and tag_first are asked once, by make_scheme_key (aead_key.cpp).
  virtual bool fixed_layout() const noexcept { return true; }
  // tag_first: the combined output of seal (and input of open) is tag || ciphertext.
  virtual bool tag_first() const noexcept { return false; }

  // seal: encrypts `len` bytes in -> out (in == out allowed) and writes tag_length() bytes to
  // tag_out (never overlapping in/out/nonce/ad).
  virtual void seal(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> ad,
                    const std::uint8_t* in, std::uint8_t* out, std::size_t len,
                    std::uint8_t* tag_out) const noexcept = 0;

  // open: verifies `tag` (tag_length() bytes; it never overlaps out) in constant time and
  // decrypts `len` bytes in -> out (in == out allowed). On failure out[0..len) is all zero
  // when it returns false, whatever the scheme wrote there meanwhile.
  virtual bool open(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> ad,
                    const std::uint8_t* in, std::uint8_t* out, std::size_t len,
                    const std::uint8_t* tag) const noexcept = 0;

  // --- record layout (fixed_layout() == false) ------------------------------------------
  // sealed_length: bytes seal writes for a `len`-byte plaintext (fixed: len + tag).
  virtual std::uint64_t sealed_length(std::uint64_t len) const noexcept {
    return len + tag_length_;
  }
  // min_sealed_length: the shortest input open can accept; anything shorter fails with
  // authentication_failed before any work (fixed: tag_length()).
  virtual std::size_t min_sealed_length() const noexcept { return tag_length_; }
  // max_opened_length: the most plaintext bytes open may write for a `len`-byte input; the
  // caller's output must hold that many (fixed: len - tag).
  virtual std::size_t max_opened_length(std::size_t len) const noexcept {
    return len - tag_length_;
  }
  // seal_record: writes sealed_length(plaintext.size()) bytes to out (out may start at
  // plaintext.data(); sizes and overlap already checked).
  virtual void seal_record(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> ad,
                           std::span<const std::uint8_t> plaintext,
                           std::uint8_t* out) const noexcept {
    (void)nonce, (void)ad, (void)plaintext, (void)out;
  }
  // open_record: verifies and decrypts `sealed` into out (out may start at sealed.data(); it
  // holds max_opened_length(sealed.size()) bytes). Returns the plaintext length, or
  // authentication_failed for every kind of bad record, with out[0..max_opened_length)
  // zeroed.
  virtual Result<std::size_t> open_record(std::span<const std::uint8_t> nonce,
                                          std::span<const std::uint8_t> ad,
                                          std::span<const std::uint8_t> sealed,
                                          std::uint8_t* out) const noexcept {
    (void)nonce, (void)ad, (void)sealed, (void)out;
    return Errc::invalid_argument;
  }

  // --- batches (the multi-message hook) ----------------------------------------------
  // seal_jobs / open_jobs run a group of checked messages (at most kBatchGroup, aead_batch.hpp)
  // of AeadKey::seal_batch / open_batch. The default runs seal()/open() once per job; a family
  // with a multi-message kernel (several messages' blocks in one register, the fixed
  // per-message work of one message overlapping the bulk of the next) overrides these two and
  // nothing else: the checks, the write-back of status and length and the layouts that never
  // reach a job (records, tag-first combined outputs) stay in AeadKey.
  virtual void seal_jobs(std::span<AeadBatchJob> jobs) const noexcept {
    for (AeadBatchJob& j : jobs) seal(j.nonce_span(), j.ad_span(), j.in, j.out, j.len, j.tag_out);
  }
  virtual void open_jobs(std::span<AeadBatchJob> jobs) const noexcept {
    for (AeadBatchJob& j : jobs)
      j.ok = open(j.nonce_span(), j.ad_span(), j.in, j.out, j.len, j.tag_in);
  }

  // --- description ------------------------------------------------------------------
  // describe: the code path for AeadKey::kernel() / `aeskit cpu`; starts "<aes backend>:".
  virtual std::string describe() const = 0;
  virtual std::string_view backend_name() const noexcept = 0;
  // hash_backend_name: GHASH/POLYVAL/SHA code name where the family has one (for
  // AeadKey::ghash_backend_name()); empty otherwise.
  virtual std::string_view hash_backend_name() const noexcept { return {}; }

 protected:
  void set_gcm_state(const GcmKey* state) noexcept { gcm_state_ = state; }
  void declare_no_check() noexcept { has_check_ = false; }

 private:
  std::size_t tag_length_;
  const GcmKey* gcm_state_ = nullptr;
  bool has_check_ = true;
};

// AeadSchemeFactory: builds the scheme of one family. Called only by make_aead_key
// (aead_key.cpp), after it checked the key length and the tag length against the descriptor,
// so a factory checks only what is its own (e.g. a backend it cannot use).
using AeadSchemeFactory = Result<std::unique_ptr<AeadScheme>> (*)(const AeadAlgorithm& algorithm,
                                                                  std::span<const std::uint8_t> key,
                                                                  std::size_t tag_length,
                                                                  std::string_view aes_backend);

// scheme_factory: the factory algorithms.cpp lists for `algorithm`; nullptr for GCM (whose
// keys make_aead_key builds from a GcmPlan, gcm_scheme.cpp) and for unknown descriptors.
AeadSchemeFactory scheme_factory(const AeadAlgorithm& algorithm) noexcept;

}  // namespace aeskit::detail
