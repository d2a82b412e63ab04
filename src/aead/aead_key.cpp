// src/aead/aead_key.cpp — AeadKey: key setup (SP 800-38D §7.1 step 1, done once per key),
// argument checks, and one-shot GCM seal/open (GCM-AE and GCM-AD, §7.1 and §7.2).
//
// open decrypts while it hashes (one pass), then compares the tag in constant time; on a
// mismatch it zeroes everything it wrote before returning the single authentication_failed.
// Short messages take gcm_small.cpp's two-call path, longer ones gcm_blocks.cpp's chunks.
// Every other family is an AeadScheme (aead_scheme.hpp): this file does the checks common to
// all families and dispatches to the scheme.
#include <cstring>

#include "aead/aead_batch.hpp"
#include "aead/aead_checks.hpp"
#include "aead/aead_key_state.hpp"
#include "aead/gcm_blocks.hpp"
#include "aead/gcm_small.hpp"
#include "aeskit/random.hpp"
#include "backend/select/select.hpp"
#include "base/block128.hpp"
#include "base/ct_equal.hpp"
#include "base/secure_zero.hpp"
#include "core/error_detail.hpp"
#include "cpu/features.hpp"
#include "modes/mode_kernels.hpp"

namespace aeskit {
namespace detail {

AeadKeyState::~AeadKeyState() {
  secure_zero(&gcm.hkey, sizeof gcm.hkey);
}

namespace {

// gcm_state: a GCM key state owning an expanded AES key (GHASH not set up yet).
std::unique_ptr<AeadKeyState> gcm_state(const AeadAlgorithm& algorithm, std::size_t tag_length,
                                        AesKey aes) {
  // Plain new (not make_unique): the GhashKey is written by init, no need to zero it first.
  std::unique_ptr<AeadKeyState> state(new AeadKeyState);
  state->algorithm = &algorithm;
  state->tag_length = tag_length;
  state->aes_key = std::move(aes);
  state->gcm.aes = KeyAccess::state(state->aes_key);
  return state;
}

// finish_gcm_key: the GHASH code of `choice` and its key table, then the public key.
AeadKey finish_gcm_key(std::unique_ptr<AeadKeyState> state, const GcmChoice& choice) {
  state->gcm.ghash = choice.ghash;
  state->gcm.fused = choice.fused;
  gcm::setup_key(state->gcm);
  return AeadAccess::make(std::move(state));
}

}  // namespace

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

Result<GcmPlan> choose_gcm_plan(const AeadAlgorithm& algorithm, std::size_t tag_length,
                                const GcmKeyOptions& options) {
  if (!algorithm.allows_tag_length(tag_length))
    return aeskit::detail::bad_tag_length(algorithm.name(), algorithm.tag_lengths(), tag_length);
  if (scheme_factory(algorithm) != nullptr) return Errc::invalid_argument;  // not GCM
  const cpu::FeatureSet& features = cpu::cpu_features();
  if (options.ghash != nullptr && !runnable(*options.ghash, features))
    return Errc::backend_unavailable;  // a pinned GHASH backend is refused, not replaced
  Result<const AesBackend*> aes = resolve_backend(options.aes_backend, features);
  if (!aes.ok()) return aes.status();
  // GHASH backend + fused kernels, once per plan (select.hpp: choose_gcm prefers a fused pair).
  const GcmChoice choice = choose_gcm(**aes, options.ghash, features, options.allow_fused);
  return GcmPlan{&algorithm, tag_length, *aes, choice.ghash, choice.fused};
}

GcmPlan gcm_plan_of(const AeadKey& key) noexcept {
  const AeadKeyState* s = AeadAccess::state(key);
  if (s == nullptr || s->scheme || s->gcm.aes == nullptr) return {};
  return {s->algorithm, s->tag_length, s->gcm.aes->backend, s->gcm.ghash, s->gcm.fused};
}

Result<AeadKey> make_gcm_key(const GcmPlan& plan, std::span<const std::uint8_t> key) {
  if (plan.algorithm == nullptr || plan.aes == nullptr || plan.ghash == nullptr)
    return Errc::invalid_state;
  if (key.size() != plan.algorithm->key_length())
    return aeskit::detail::bad_key_length(plan.algorithm->name(), plan.algorithm->key_length(),
                                          key.size());
  // Plain new (not make_unique): expand_key writes what the backend uses.
  std::unique_ptr<KeyState> aes(new KeyState);
  aes->backend = plan.aes;
  aes->key_len = key.size();
  plan.aes->expand_key(key.data(), key.size(), aes->enc);
  return finish_gcm_key(
      gcm_state(*plan.algorithm, plan.tag_length, KeyAccess::make(std::move(aes))),
      GcmChoice{plan.ghash, plan.fused});
}

AeadKey make_scheme_key(const AeadAlgorithm& algorithm, std::unique_ptr<AeadScheme> scheme) {
  std::unique_ptr<AeadKeyState> state(new AeadKeyState);
  state->algorithm = &algorithm;
  state->tag_length = scheme->tag_length();
  state->scheme = std::move(scheme);
  return AeadAccess::make(std::move(state));
}

namespace {

// crypt_generic: crypt_one_shot for keys without a fused message kernel (out of line: it
// keeps the inlined one-shot path small). Short messages take the two-call path
// (gcm_small.hpp), the rest the chunked one.
[[gnu::noinline]] void crypt_generic(const AeadKeyState& k, gcm::Op op, const std::uint8_t j0[16],
                                     std::span<const std::uint8_t> ad, const std::uint8_t* in,
                                     std::uint8_t* out, std::size_t len,
                                     std::uint8_t tag[16]) noexcept {
  if (gcm::fits_small(ad.size(), len)) {
    gcm::crypt_small(k.gcm, op, j0, ad, in, out, len, tag);
  } else {
    std::uint8_t counter[16];
    store_block128(counter, load_block128(j0));
    gcm::inc32(counter);
    std::uint8_t hash[16] = {};
    gcm::hash_padded(k.gcm, hash, ad.data(), ad.size());
    gcm::crypt_message(k.gcm, op, counter, hash, in, out, len);
    gcm::finish_tag(k.gcm, j0, hash, ad.size(), len, tag);
    secure_zero(counter, sizeof counter);
  }
}

// crypt_one_shot: the whole of GCM-AE (seal) or GCM-AD without the tag check (open): `len`
// bytes from `in` to `out`, and the full 16-byte tag computed over AD and ciphertext. Inline
// with J0 built in place (derive_j0) and the key's fused kernel called directly: at 16 bytes
// the calls around the kernel cost a third of the seal.
[[gnu::always_inline]] inline void crypt_one_shot(const AeadKeyState& k, gcm::Op op,
                                                  std::span<const std::uint8_t> nonce,
                                                  std::span<const std::uint8_t> ad,
                                                  const std::uint8_t* in, std::uint8_t* out,
                                                  std::size_t len, std::uint8_t tag[16]) noexcept {
  std::uint8_t j0[16];
  gcm::derive_j0(k.gcm, nonce, j0);
  if (!gcm::crypt_message_fused(k.gcm, op, j0, ad, in, out, len, tag))
    crypt_generic(k, op, j0, ad, in, out, len, tag);
  secure_zero(j0, sizeof j0);
}

// seal_one / open_one: the one-message seal and open, inlined into the four entry points (one
// call fewer per message); the batch calls reach them through seal_message / open_message.
[[gnu::always_inline]] inline void seal_one(const AeadKeyState& k,
                                            std::span<const std::uint8_t> nonce,
                                            std::span<const std::uint8_t> ad,
                                            std::span<const std::uint8_t> plaintext,
                                            std::uint8_t* ciphertext,
                                            std::uint8_t* tag_out) noexcept {
  if (k.scheme)
    return k.scheme->seal(nonce, ad, plaintext.data(), ciphertext, plaintext.size(), tag_out);
  if (k.tag_length == 16) {
    // Full tags straight to the caller: no copy of run-time length (a libc memcpy call, the
    // `memmove` of a 16-byte seal's profile). The checks keep tag_out clear of every input.
    crypt_one_shot(k, gcm::Op::seal, nonce, ad, plaintext.data(), ciphertext, plaintext.size(),
                   tag_out);
    return;
  }
  std::uint8_t tag[16];
  crypt_one_shot(k, gcm::Op::seal, nonce, ad, plaintext.data(), ciphertext, plaintext.size(), tag);
  std::memcpy(tag_out, tag, k.tag_length);
  secure_zero(tag, sizeof tag);
}

// open_one: true when `tag` (k.tag_length bytes) authenticates; otherwise the
// plaintext written to `out` is zeroed.
[[gnu::always_inline]] inline bool open_one(const AeadKeyState& k,
                                            std::span<const std::uint8_t> nonce,
                                            std::span<const std::uint8_t> ad,
                                            std::span<const std::uint8_t> ciphertext,
                                            const std::uint8_t* tag, std::uint8_t* out) noexcept {
  if (k.scheme) return k.scheme->open(nonce, ad, ciphertext.data(), out, ciphertext.size(), tag);
  std::uint8_t received[16];
  const bool full = k.tag_length == 16;  // constant-length copy and compare: inline
  if (full)
    std::memcpy(received, tag, 16);
  else
    std::memcpy(received, tag, k.tag_length);
  std::uint8_t expected[16];
  crypt_one_shot(k, gcm::Op::open, nonce, ad, ciphertext.data(), out, ciphertext.size(), expected);
  const bool ok =
      full ? ct_equal(expected, received, 16) : ct_equal(expected, received, k.tag_length);
  secure_zero(expected, sizeof expected);
  if (!ok && !ciphertext.empty()) secure_zero(out, ciphertext.size());
  return ok;
}

// check_limits: plaintext/ciphertext and AD limits (the nonce already checked).
inline Status check_limits(const AeadKeyState& k, std::span<const std::uint8_t> nonce,
                           std::size_t data_len, std::size_t ad_len) noexcept {
  if (data_too_long(*k.algorithm, 0, data_len) || ad_too_long(*k.algorithm, 0, ad_len))
    return Errc::message_too_long;
  if (k.scheme) return k.scheme->check(nonce, data_len, ad_len);
  return {};
}

// check_one: nonce, then plaintext/ciphertext and AD limits. Inline: a call per message.
inline Status check_one(const AeadKeyState& k, std::span<const std::uint8_t> nonce,
                        std::size_t data_len, std::size_t ad_len) noexcept {
  if (Status s = check_nonce(*k.algorithm, nonce); !s) return s;
  return check_limits(k, nonce, data_len, ad_len);
}

}  // namespace

// seal_message, open_message, check_lengths, record_layout and tag_first are shared with the
// batch calls (aead_batch.hpp).
void seal_message(const AeadKeyState& k, std::span<const std::uint8_t> nonce,
                  std::span<const std::uint8_t> ad, std::span<const std::uint8_t> plaintext,
                  std::uint8_t* ciphertext, std::uint8_t* tag_out) noexcept {
  seal_one(k, nonce, ad, plaintext, ciphertext, tag_out);
}

bool open_message(const AeadKeyState& k, std::span<const std::uint8_t> nonce,
                  std::span<const std::uint8_t> ad, std::span<const std::uint8_t> ciphertext,
                  const std::uint8_t* tag, std::uint8_t* out) noexcept {
  return open_one(k, nonce, ad, ciphertext, tag, out);
}

Status check_lengths(const AeadKeyState& k, std::span<const std::uint8_t> nonce,
                     std::size_t data_len, std::size_t ad_len) noexcept {
  return check_one(k, nonce, data_len, ad_len);
}

// record_layout: a scheme whose ciphertext is not plaintext-sized (aead_scheme.hpp).
bool record_layout(const AeadKeyState& k) noexcept {
  return k.scheme && !k.scheme->fixed_layout();
}

bool tag_first(const AeadKeyState& k) noexcept {
  return k.scheme && k.scheme->tag_first();
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
  if (!state_) return {};
  if (state_->scheme) return state_->scheme->backend_name();
  return state_->aes_key.backend_name();
}

std::string_view AeadKey::ghash_backend_name() const noexcept {
  if (!state_) return {};
  if (state_->scheme) return state_->scheme->hash_backend_name();
  return state_->gcm.ghash->name;
}

std::string AeadKey::kernel() const {
  if (!state_) return {};
  if (state_->scheme) return state_->scheme->describe();
  const detail::GcmKey& g = state_->gcm;
  // Starts with "<aes backend>:" like every kernel line of `aeskit cpu`.
  const std::string generic =
      detail::describe_kernel(*g.aes->backend, Mode::ctr32, Direction::encrypt) + " then " +
      std::string(g.ghash->name) + ":ghash, per " +
      std::to_string(detail::gcm::kChunkBlocks * 16 / 1024) + " KiB chunk";
  const std::string small =
      "; short messages (padded AD + data <= " + std::to_string(detail::gcm::kSmallBytes - 16) +
      " bytes): one CTR and one GHASH call";
  if (g.fused == nullptr) return generic + " [generic, not fused]" + small;
  if (g.fused->seal_message != nullptr)  // one-shot messages never reach the generic path
    return std::string(g.aes->backend->name) + ":fused " + std::string(g.fused->name) +
           " (one-shot: whole message in one call; incremental: fused blocks)";
  return std::string(g.aes->backend->name) + ":fused " + std::string(g.fused->name) +
         " (rest: " + generic + ")" + small;
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
