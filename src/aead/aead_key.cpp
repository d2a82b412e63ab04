// src/aead/aead_key.cpp — AeadKey: key creation, the argument checks common to every AEAD
// family, and the dispatch to the key's AeadScheme (aead_scheme.hpp). No CPU feature.
//
// Every family, GCM included (gcm_scheme.cpp), is an AeadScheme and is called the same way:
// the checks here (nonce, limits, the scheme's own check, output sizes, overlap) run in the
// same order for all, then the scheme's seal/open (fixed layout, tag last or first) or
// seal_record/open_record (record layout). The one exception is speed, not behaviour: GCM's
// one-shot seal/open (the same code GcmScheme runs) is inlined below (seal_one/open_one). A
// failed open has zeroed its output (the scheme's contract) and returns the single
// authentication_failed.
#include <cstring>

#include "aead/aead_batch.hpp"
#include "aead/aead_checks.hpp"
#include "aead/aead_key_state.hpp"
#include "aead/gcm_one_shot.hpp"
#include "aeskit/random.hpp"
#include "base/secure_zero.hpp"
#include "core/error_detail.hpp"

namespace aeskit {
namespace detail {

Result<AeadKey> make_aead_key(const AeadAlgorithm& algorithm, std::span<const std::uint8_t> key,
                              std::size_t tag_length, const GcmKeyOptions& options) {
  if (key.size() != algorithm.key_length())
    return aeskit::detail::bad_key_length(algorithm.name(), algorithm.key_length(), key.size());
  if (!algorithm.allows_tag_length(tag_length))
    return aeskit::detail::bad_tag_length(algorithm.name(), algorithm.tag_lengths(), tag_length);
  if (AeadSchemeFactory factory = scheme_factory(algorithm)) {
    Result<std::unique_ptr<AeadScheme>> scheme =
        factory(algorithm, key, tag_length, options.aes_backend);
    if (!scheme.ok()) return scheme.status();
    return make_scheme_key(algorithm, std::move(scheme).value());
  }
  Result<GcmPlan> plan = choose_gcm_plan(algorithm, tag_length, options);
  if (!plan.ok()) return plan.status();
  return make_gcm_key(*plan, key);
}

AeadKey make_scheme_key(const AeadAlgorithm& algorithm, std::unique_ptr<AeadScheme> scheme) {
  std::unique_ptr<AeadKeyState> state(new AeadKeyState);
  state->algorithm = &algorithm;
  state->tag_length = scheme->tag_length();
  state->record_layout = !scheme->fixed_layout();
  state->tag_first = scheme->tag_first();
  state->has_check = scheme->has_check();
  state->gcm = scheme->gcm_state();
  state->scheme = std::move(scheme);
  return AeadAccess::make(std::move(state));
}

namespace {

// seal_one / open_one: the one-message seal and open of the fixed layout: the scheme's
// seal/open, except that GCM's one-shot code (gcm_one_shot.hpp) is inlined here, reached
// through the scheme's non-virtual gcm_state() (kept in the key state): at 16 bytes the
// virtual call and its stack-passed arguments cost GCM 5-15% of a seal (measured, issue 40).
[[gnu::always_inline]] inline void seal_one(const AeadKeyState& k,
                                            std::span<const std::uint8_t> nonce,
                                            std::span<const std::uint8_t> ad,
                                            std::span<const std::uint8_t> plaintext,
                                            std::uint8_t* ciphertext,
                                            std::uint8_t* tag_out) noexcept {
  if (const GcmKey* gcm = k.gcm)
    return gcm::seal_one_shot(*gcm, k.tag_length, nonce, ad, plaintext.data(), ciphertext,
                              plaintext.size(), tag_out);
  k.scheme->seal(nonce, ad, plaintext.data(), ciphertext, plaintext.size(), tag_out);
}

// open_one: true when `tag` (k.tag_length bytes) authenticates; otherwise the plaintext
// written to `out` is zeroed (the scheme's contract).
[[gnu::always_inline]] inline bool open_one(const AeadKeyState& k,
                                            std::span<const std::uint8_t> nonce,
                                            std::span<const std::uint8_t> ad,
                                            std::span<const std::uint8_t> ciphertext,
                                            const std::uint8_t* tag, std::uint8_t* out) noexcept {
  if (const GcmKey* gcm = k.gcm)
    return gcm::open_one_shot(*gcm, k.tag_length, nonce, ad, ciphertext.data(), out,
                              ciphertext.size(), tag);
  return k.scheme->open(nonce, ad, ciphertext.data(), out, ciphertext.size(), tag);
}

// check_limits: plaintext/ciphertext and AD limits (the nonce already checked).
inline Status check_limits(const AeadKeyState& k, std::span<const std::uint8_t> nonce,
                           std::size_t data_len, std::size_t ad_len) noexcept {
  if (data_too_long(*k.algorithm, 0, data_len) || ad_too_long(*k.algorithm, 0, ad_len))
    return Errc::message_too_long;
  if (!k.has_check) return {};
  return k.scheme->check(nonce, data_len, ad_len);
}

// check_one: nonce, then plaintext/ciphertext and AD limits. Inline: a call per message.
inline Status check_one(const AeadKeyState& k, std::span<const std::uint8_t> nonce,
                        std::size_t data_len, std::size_t ad_len) noexcept {
  if (Status s = check_nonce(*k.algorithm, nonce); !s) return s;
  return check_limits(k, nonce, data_len, ad_len);
}

}  // namespace

// check_lengths, record_layout and tag_first are shared with the batch calls (aead_batch.hpp).
Status check_lengths(const AeadKeyState& k, std::span<const std::uint8_t> nonce,
                     std::size_t data_len, std::size_t ad_len) noexcept {
  return check_one(k, nonce, data_len, ad_len);
}

// record_layout: a scheme whose ciphertext is not plaintext-sized (aead_scheme.hpp).
bool record_layout(const AeadKeyState& k) noexcept {
  return k.record_layout;
}

bool tag_first(const AeadKeyState& k) noexcept {
  return k.tag_first;
}

namespace {

Result<std::size_t> seal_record(const AeadKeyState& k, std::span<const std::uint8_t> nonce,
                                std::span<const std::uint8_t> ad,
                                std::span<const std::uint8_t> plaintext,
                                std::span<std::uint8_t> out) noexcept {
  if (Status s = check_one(k, nonce, plaintext.size(), ad.size()); !s) return s;
  const std::uint64_t written = k.scheme->sealed_length(plaintext.size());
  if (out.size() < written) return aeskit::detail::output_too_small(written, out.size());
  if (Status s = check_written(out.data(), static_cast<std::size_t>(written), plaintext, nonce, ad);
      !s)
    return s;
  k.scheme->seal_record(nonce, ad, plaintext, out.data());
  return static_cast<std::size_t>(written);
}

Result<std::size_t> open_record(const AeadKeyState& k, std::span<const std::uint8_t> nonce,
                                std::span<const std::uint8_t> ad,
                                std::span<const std::uint8_t> sealed,
                                std::span<std::uint8_t> out) noexcept {
  if (Status s = check_nonce(*k.algorithm, nonce); !s) return s;
  if (sealed.size() < k.scheme->min_sealed_length()) return Errc::authentication_failed;
  const std::size_t n = k.scheme->max_opened_length(sealed.size());
  if (Status s = check_one(k, nonce, n, ad.size()); !s) return s;
  if (out.size() < n) return aeskit::detail::output_too_small(n, out.size());
  if (Status s = check_written(out.data(), n, sealed.first(n), nonce, ad); !s) return s;
  if (overlaps(sealed.subspan(n), out.data(), n)) return Errc::overlapping_buffers;
  return k.scheme->open_record(nonce, ad, sealed, out.data());
}

}  // namespace
}  // namespace detail

using detail::overlaps;

Result<AeadKey> AeadKey::create(const AeadAlgorithm& algorithm, std::span<const std::uint8_t> key,
                                std::size_t tag_length, std::string_view backend) {
  return detail::make_aead_key(algorithm, key, tag_length, {backend, nullptr, true});
}

Result<AeadKey> AeadKey::create(const AeadAlgorithm& algorithm, std::span<const std::uint8_t> key) {
  return create(algorithm, key, algorithm.default_tag_length());
}

Status AeadKey::generate(const AeadAlgorithm& algorithm, std::span<std::uint8_t> key_out) noexcept {
  const std::size_t n = algorithm.key_length();
  if (key_out.size() < n) return aeskit::detail::output_too_small(n, key_out.size());
  return random_bytes(key_out.first(n));
}

AeadKey::AeadKey() noexcept = default;
AeadKey::AeadKey(std::unique_ptr<detail::AeadKeyState> state) noexcept : state_(std::move(state)) {}
AeadKey::AeadKey(AeadKey&&) noexcept = default;
AeadKey& AeadKey::operator=(AeadKey&&) noexcept = default;
AeadKey::~AeadKey() = default;

const AeadAlgorithm* AeadKey::algorithm() const noexcept {
  return state_ ? state_->algorithm : nullptr;
}

std::size_t AeadKey::tag_length() const noexcept {
  return state_ ? state_->tag_length : 0;
}

std::string_view AeadKey::backend_name() const noexcept {
  return state_ ? state_->scheme->backend_name() : std::string_view{};
}

std::string_view AeadKey::ghash_backend_name() const noexcept {
  return state_ ? state_->scheme->hash_backend_name() : std::string_view{};
}

std::string AeadKey::kernel() const {
  return state_ ? state_->scheme->describe() : std::string{};
}

Result<std::size_t> AeadKey::seal(std::span<const std::uint8_t> nonce,
                                  std::span<const std::uint8_t> ad,
                                  std::span<const std::uint8_t> plaintext,
                                  std::span<std::uint8_t> out) const {
  if (!state_) return Errc::invalid_state;
  const detail::AeadKeyState& k = *state_;
  if (detail::record_layout(k)) return detail::seal_record(k, nonce, ad, plaintext, out);
  if (Status s = detail::check_one(k, nonce, plaintext.size(), ad.size()); !s) return s;
  const std::size_t written = plaintext.size() + k.tag_length;
  if (out.size() < written) return aeskit::detail::output_too_small(written, out.size());
  if (detail::tag_first(k)) {
    // tag || ciphertext: in place means the plaintext sits at out, so the ciphertext moves
    // by tag_length; only an exact alias of the plaintext with out or out + tag is allowed.
    std::uint8_t* ct = out.data() + k.tag_length;
    if (plaintext.data() != out.data() &&
        detail::check_written(ct, plaintext.size(), plaintext, nonce, ad) != Status{})
      return Errc::overlapping_buffers;
    if (detail::overlaps(nonce, out.data(), written) || detail::overlaps(ad, out.data(), written))
      return Errc::overlapping_buffers;
    if (plaintext.data() == out.data()) {
      if (!plaintext.empty()) std::memmove(ct, out.data(), plaintext.size());
      plaintext = std::span<const std::uint8_t>(ct, plaintext.size());
    } else if (detail::overlaps(plaintext, out.data(), k.tag_length)) {
      return Errc::overlapping_buffers;
    }
    detail::seal_one(k, nonce, ad, plaintext, ct, out.data());
    return written;
  }
  if (Status s = detail::check_written(out.data(), written, plaintext, nonce, ad); !s) return s;
  detail::seal_one(k, nonce, ad, plaintext, out.data(), out.data() + plaintext.size());
  return written;
}

Status AeadKey::seal_detached(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> ad,
                              std::span<const std::uint8_t> plaintext,
                              std::span<std::uint8_t> ciphertext_out,
                              std::span<std::uint8_t> tag_out) const {
  if (!state_) return Errc::invalid_state;
  const detail::AeadKeyState& k = *state_;
  if (detail::record_layout(k)) return Errc::no_detached_tag;
  if (Status s = detail::check_one(k, nonce, plaintext.size(), ad.size()); !s) return s;
  const std::size_t n = plaintext.size();
  if (ciphertext_out.size() < n) return aeskit::detail::output_too_small(n, ciphertext_out.size());
  if (tag_out.size() < k.tag_length)
    return aeskit::detail::fail_with_detail(Errc::output_too_small,
                                            "the tag output is shorter than the key's tag length");
  if (Status s = detail::check_written(ciphertext_out.data(), n, plaintext, nonce, ad); !s)
    return s;
  const std::uint8_t* tag = tag_out.data();
  if (overlaps(plaintext, tag, k.tag_length) || overlaps(nonce, tag, k.tag_length) ||
      overlaps(ad, tag, k.tag_length) || overlaps(ciphertext_out.data(), n, tag, k.tag_length))
    return Errc::overlapping_buffers;
  detail::seal_one(k, nonce, ad, plaintext, ciphertext_out.data(), tag_out.data());
  return {};
}

Result<std::size_t> AeadKey::open(std::span<const std::uint8_t> nonce,
                                  std::span<const std::uint8_t> ad,
                                  std::span<const std::uint8_t> ciphertext_and_tag,
                                  std::span<std::uint8_t> out) const {
  if (!state_) return Errc::invalid_state;
  const detail::AeadKeyState& k = *state_;
  if (detail::record_layout(k)) return detail::open_record(k, nonce, ad, ciphertext_and_tag, out);
  if (Status s = detail::check_nonce(*k.algorithm, nonce); !s) return s;
  if (ciphertext_and_tag.size() < k.tag_length) return Errc::authentication_failed;
  const std::size_t n = ciphertext_and_tag.size() - k.tag_length;
  if (Status s = detail::check_limits(k, nonce, n, ad.size()); !s) return s;
  if (out.size() < n) return aeskit::detail::output_too_small(n, out.size());
  if (detail::tag_first(k)) {
    // tag || ciphertext: the tag is copied out first so that in-place use (out at the
    // input's start, or at its ciphertext) cannot clobber it.
    const auto ciphertext = ciphertext_and_tag.subspan(k.tag_length);
    std::uint8_t tag[16];
    std::memcpy(tag, ciphertext_and_tag.data(), k.tag_length);
    const bool exact = out.data() == ciphertext_and_tag.data() || out.data() == ciphertext.data();
    if (!exact && detail::check_written(out.data(), n, ciphertext_and_tag, nonce, ad) != Status{})
      return Errc::overlapping_buffers;
    if (detail::overlaps(nonce, out.data(), n) || detail::overlaps(ad, out.data(), n))
      return Errc::overlapping_buffers;
    const std::uint8_t* in = ciphertext.data();
    if (out.data() == ciphertext_and_tag.data() && n != 0) {
      std::memmove(out.data(), ciphertext.data(), n);  // then decrypt in place
      in = out.data();
    }
    const bool ok =
        detail::open_one(k, nonce, ad, std::span<const std::uint8_t>(in, n), tag, out.data());
    detail::secure_zero(tag, sizeof tag);
    if (!ok) return Errc::authentication_failed;
    return n;
  }
  const auto ciphertext = ciphertext_and_tag.first(n);
  const auto tag = ciphertext_and_tag.subspan(n);
  if (Status s = detail::check_written(out.data(), n, ciphertext, nonce, ad); !s) return s;
  if (overlaps(tag, out.data(), n)) return Errc::overlapping_buffers;
  if (!detail::open_one(k, nonce, ad, ciphertext, tag.data(), out.data()))
    return Errc::authentication_failed;
  return n;
}

Status AeadKey::open_detached(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> ad,
                              std::span<const std::uint8_t> ciphertext,
                              std::span<const std::uint8_t> tag,
                              std::span<std::uint8_t> out) const {
  if (!state_) return Errc::invalid_state;
  const detail::AeadKeyState& k = *state_;
  if (detail::record_layout(k)) return Errc::no_detached_tag;
  const std::size_t n = ciphertext.size();
  if (Status s = detail::check_one(k, nonce, n, ad.size()); !s) return s;
  if (out.size() < n) return aeskit::detail::output_too_small(n, out.size());
  if (Status s = detail::check_written(out.data(), n, ciphertext, nonce, ad); !s) return s;
  if (overlaps(tag, out.data(), n)) return Errc::overlapping_buffers;
  if (tag.size() != k.tag_length) {
    if (n != 0) detail::secure_zero(out.data(), n);
    return Errc::authentication_failed;
  }
  if (!detail::open_one(k, nonce, ad, ciphertext, tag.data(), out.data()))
    return Errc::authentication_failed;
  return {};
}

}  // namespace aeskit
