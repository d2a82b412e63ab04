// src/aead/gcm_scheme.cpp — GCM keys: the plan (backends chosen once), the key setup
// (SP 800-38D §7.1 step 1, done once per key) and GcmScheme, whose seal/open are the
// one-shot GCM-AE and GCM-AD of gcm_one_shot.hpp. No CPU feature of its own.
#include "aead/gcm_scheme.hpp"

#include <cstring>

#include "aead/aead_batch.hpp"
#include "aead/gcm_blocks.hpp"
#include "aead/gcm_one_shot.hpp"
#include "aead/gcm_small.hpp"
#include "backend/gcm_fused_kernels.hpp"
#include "base/block128.hpp"
#include "base/ct_equal.hpp"
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

// The batch hook. With the key's fused kernel's batch entries (seal_messages /
// open_messages: several short messages' rounds in one run, x86/gcm.hpp short_batch), the
// group goes to the kernel in one call: each job's J0 is derived here and its full tag
// written to the caller (16-byte tags) or to a local copy that is then truncated; open
// compares each tag in constant time afterwards and zeroes a failed message's output, as
// open_one_shot does. Otherwise one message after the other (GcmScheme is final, so these
// calls bind to GcmScheme::seal / open directly).
namespace {

struct GcmGroup {
  std::uint8_t j0[kBatchGroup][16];
  std::uint8_t tags[kBatchGroup][16];  // seal: truncated tags' copies; open: expected tags
  GcmMessage messages[kBatchGroup]{};
  std::size_t used;  // entries filled (the ones wiped)

  explicit GcmGroup(std::size_t n) noexcept : used(n) {}
  GcmGroup(const GcmGroup&) = delete;
  GcmGroup& operator=(const GcmGroup&) = delete;
  ~GcmGroup() {
    secure_zero(j0, 16 * used);
    secure_zero(tags, 16 * used);
  }
};

}  // namespace

void GcmScheme::seal_jobs(std::span<AeadBatchJob> jobs) const noexcept {
  const GcmFusedKernels* f = gcm_.fused;
  if (f == nullptr || f->seal_messages == nullptr || jobs.size() < 2 || jobs.size() > kBatchGroup) {
    for (AeadBatchJob& j : jobs) seal(j.nonce_span(), j.ad_span(), j.in, j.out, j.len, j.tag_out);
    return;
  }
  const bool full = tag_length() == 16;
  GcmGroup g(jobs.size());
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    const AeadBatchJob& j = jobs[i];
    gcm::derive_j0(gcm_, j.nonce_span(), g.j0[i]);
    g.messages[i] = {g.j0[i], j.ad, j.ad_len, j.in, j.out, j.len, full ? j.tag_out : g.tags[i]};
  }
  f->seal_messages(gcm_.aes->enc, gcm_.hkey, g.messages, jobs.size());
  if (!full)
    for (std::size_t i = 0; i < jobs.size(); ++i)
      std::memcpy(jobs[i].tag_out, g.tags[i], tag_length());
}

void GcmScheme::open_jobs(std::span<AeadBatchJob> jobs) const noexcept {
  const GcmFusedKernels* f = gcm_.fused;
  if (f == nullptr || f->open_messages == nullptr || jobs.size() < 2 || jobs.size() > kBatchGroup) {
    for (AeadBatchJob& j : jobs)
      j.ok = open(j.nonce_span(), j.ad_span(), j.in, j.out, j.len, j.tag_in);
    return;
  }
  // The received tags are copied before any output is written (an output may cover them).
  // Full tags: constant-length copies and compares, inline (as open_one_shot).
  const bool full = tag_length() == 16;
  std::uint8_t received[kBatchGroup][16];
  GcmGroup g(jobs.size());
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    const AeadBatchJob& j = jobs[i];
    if (full)
      std::memcpy(received[i], j.tag_in, 16);
    else
      std::memcpy(received[i], j.tag_in, tag_length());
    gcm::derive_j0(gcm_, j.nonce_span(), g.j0[i]);
    g.messages[i] = {g.j0[i], j.ad, j.ad_len, j.in, j.out, j.len, g.tags[i]};
  }
  f->open_messages(gcm_.aes->enc, gcm_.hkey, g.messages, jobs.size());
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    AeadBatchJob& j = jobs[i];
    j.ok = full ? ct_equal(g.tags[i], received[i], 16)
                : ct_equal(g.tags[i], received[i], tag_length());
    if (!j.ok && j.len != 0) secure_zero(j.out, j.len);
  }
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
