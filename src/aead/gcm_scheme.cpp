// src/aead/gcm_scheme.cpp — GCM keys: the plan (backends chosen once), the key setup
// (SP 800-38D §7.1 step 1, done once per key) and GcmScheme, whose seal/open are the
// one-shot GCM-AE and GCM-AD of gcm_one_shot.hpp. No CPU feature of its own.
#include "aead/gcm_scheme.hpp"

#include "aead/gcm_blocks.hpp"
#include "aead/gcm_one_shot.hpp"
#include "aead/gcm_small.hpp"
#include "base/block128.hpp"
#include "base/secure_zero.hpp"
#include "core/error_detail.hpp"
#include "cpu/features.hpp"
#include "modes/mode_kernels.hpp"

namespace aeskit::detail {

GcmScheme::GcmScheme(std::size_t tag_length, AesKey aes, const GcmChoice& choice) noexcept
    : AeadScheme(tag_length), aes_key_(std::move(aes)) {
  gcm_.aes = KeyAccess::state(aes_key_);
  gcm_.ghash = choice.ghash;
  gcm_.fused = choice.fused;
  gcm::setup_key(gcm_);
  set_gcm_state(&gcm_);
  declare_no_check();  // the descriptor's nonce range and limits are all of GCM's rules
}

GcmScheme::~GcmScheme() {
  secure_zero(&gcm_.hkey, sizeof gcm_.hkey);
}

// crypt_generic: short messages take the two-call path (gcm_small.hpp), the rest the
// chunked one. Out of line: it keeps the inlined one-shot path small.
[[gnu::noinline]] void gcm::crypt_generic(const GcmKey& k, Op op, const std::uint8_t j0[16],
                                          std::span<const std::uint8_t> ad, const std::uint8_t* in,
                                          std::uint8_t* out, std::size_t len,
                                          std::uint8_t tag[16]) noexcept {
  if (fits_small(ad.size(), len)) {
    crypt_small(k, op, j0, ad, in, out, len, tag);
  } else {
    std::uint8_t counter[16];
    store_block128(counter, load_block128(j0));
    inc32(counter);
    std::uint8_t hash[16] = {};
    hash_padded(k, hash, ad.data(), ad.size());
    crypt_message(k, op, counter, hash, in, out, len);
    finish_tag(k, j0, hash, ad.size(), len, tag);
    secure_zero(counter, sizeof counter);
  }
}

void GcmScheme::seal(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> ad,
                     const std::uint8_t* in, std::uint8_t* out, std::size_t len,
                     std::uint8_t* tag_out) const noexcept {
  gcm::seal_one_shot(gcm_, tag_length(), nonce, ad, in, out, len, tag_out);
}

bool GcmScheme::open(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> ad,
                     const std::uint8_t* in, std::uint8_t* out, std::size_t len,
                     const std::uint8_t* tag) const noexcept {
  return gcm::open_one_shot(gcm_, tag_length(), nonce, ad, in, out, len, tag);
}

// The batch hook: one message after the other for now (GcmScheme is final, so these calls
// bind to GcmScheme::seal / open directly).
void GcmScheme::seal_jobs(std::span<AeadBatchJob> jobs) const noexcept {
  for (AeadBatchJob& j : jobs) seal(j.nonce_span(), j.ad_span(), j.in, j.out, j.len, j.tag_out);
}

void GcmScheme::open_jobs(std::span<AeadBatchJob> jobs) const noexcept {
  for (AeadBatchJob& j : jobs)
    j.ok = open(j.nonce_span(), j.ad_span(), j.in, j.out, j.len, j.tag_in);
}

std::string GcmScheme::describe() const {
  // Starts with "<aes backend>:" like every kernel line of `aeskit cpu`.
  const std::string generic = describe_kernel(*gcm_.aes->backend, Mode::ctr32, Direction::encrypt) +
                              " then " + std::string(gcm_.ghash->name) + ":ghash, per " +
                              std::to_string(gcm::kChunkBlocks * 16 / 1024) + " KiB chunk";
  const std::string small =
      "; short messages (padded AD + data <= " + std::to_string(gcm::kSmallBytes - 16) +
      " bytes): one CTR and one GHASH call";
  if (gcm_.fused == nullptr) return generic + " [generic, not fused]" + small;
  if (gcm_.fused->seal_message != nullptr)  // one-shot messages never reach the generic path
    return std::string(gcm_.aes->backend->name) + ":fused " + std::string(gcm_.fused->name) +
           " (one-shot: whole message in one call; incremental: fused blocks)";
  return std::string(gcm_.aes->backend->name) + ":fused " + std::string(gcm_.fused->name) +
         " (rest: " + generic + ")" + small;
}

std::string_view GcmScheme::backend_name() const noexcept {
  return aes_key_.backend_name();
}

std::string_view GcmScheme::hash_backend_name() const noexcept {
  return gcm_.ghash->name;
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
  const GcmKey* g = gcm_key_of(key);
  if (g == nullptr || g->aes == nullptr) return {};
  const AeadKeyState* s = AeadAccess::state(key);
  return {s->algorithm, s->tag_length, g->aes->backend, g->ghash, g->fused};
}

Result<AeadKey> make_gcm_key(const GcmPlan& plan, std::span<const std::uint8_t> key) {
  if (plan.algorithm == nullptr || plan.aes == nullptr || plan.ghash == nullptr)
    return Errc::invalid_state;
  if (key.size() != plan.algorithm->key_length())
    return aeskit::detail::bad_key_length(plan.algorithm->name(), plan.algorithm->key_length(),
                                          key.size());
  // Plain new (not make_unique): expand_key writes what the backend uses, and GcmScheme's
  // GhashKey is written by setup_key, no need to zero either first.
  std::unique_ptr<KeyState> aes(new KeyState);
  aes->backend = plan.aes;
  aes->key_len = key.size();
  plan.aes->expand_key(key.data(), key.size(), aes->enc);
  std::unique_ptr<AeadScheme> scheme(new GcmScheme(plan.tag_length, KeyAccess::make(std::move(aes)),
                                                   GcmChoice{plan.ghash, plan.fused}));
  return make_scheme_key(*plan.algorithm, std::move(scheme));
}

}  // namespace aeskit::detail
