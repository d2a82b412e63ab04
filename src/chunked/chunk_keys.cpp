// src/chunked/chunk_keys.cpp — key derivation and single chunks of c2sp.org/chunked-encryption.
//
// Derivation (HKDF-Expand, RFC 5869 §2.3, over HMAC-SHA-512 with the 16/32-byte key itself as
// the PRK — the spec expands the key directly, so no extract step):
//   info = "c2sp.org/chunked-encryption@v1+" || "AEAD_AES_128_GCM" (or _256_) || 0x00 || salt
//          || context
//   T(1) = HMAC(key, info || 0x01), T(i) = HMAC(key, T(i-1) || info || i)
//   OKM = T(1) || T(2) || ... cut to k + 12 + 32 bytes: aead_key || base_nonce || commitment
// aeskit::hkdf_expand insists on a PRK of HashLen bytes (RFC 5869's recommendation), so the
// expansion runs here on hash/hmac_core, which takes keys of any length.
// No CPU feature of its own. Reference: c2sp.org/chunked-encryption; Wycheproof
// c2sp_chunked_encryption_* (aeadKey, baseNonce).
#include <cstring>

#include "aead/aead_key_state.hpp"
#include "aead/gcm_blocks.hpp"
#include "aeskit/hash.hpp"
#include "base/byte_order.hpp"
#include "base/ct_equal.hpp"
#include "base/secure_zero.hpp"
#include "chunked/chunk_keys.hpp"
#include "cpu/features.hpp"
#include "hash/hmac_core.hpp"
#include "modes/mode_kernels.hpp"

namespace aeskit::chunked::detail {
namespace {

constexpr char kInfoPrefix[] = "c2sp.org/chunked-encryption@v1+";

std::string_view aead_name(Suite suite) noexcept {
  return suite == Suite::cobblestone_128 ? "AEAD_AES_128_GCM" : "AEAD_AES_256_GCM";
}

const AeadAlgorithm& aead_algorithm(Suite suite) noexcept {
  return suite == Suite::cobblestone_128 ? aead::aes_128_gcm() : aead::aes_256_gcm();
}

}  // namespace

Status FileKeyState::init(Suite s, std::span<const std::uint8_t> key) noexcept {
  if (key.size() != key_length(s)) return Errc::bad_key_length;
  // The key's inner and outer states are compressed once here (2 SHA-512 compressions); every
  // derivation with this state then starts from them.
  suite = s;
  const aeskit::detail::ShaCompressor& c =
      aeskit::detail::best_sha_compressor(aeskit::cpu::cpu_features(), HashAlgorithm::sha512);
  aeskit::detail::hmac_key_setup(hmac, HashAlgorithm::sha512, c, key.data(), key.size());
  return {};
}

Status FileKeyState::plan_gcm() {
  // The code a key of the suite's AEAD gets on this CPU, as AeadKey::create would choose it
  // (no key is made).
  Result<aeskit::detail::GcmPlan> plan =
      aeskit::detail::choose_gcm_plan(aead_algorithm(suite), kTagSize);
  if (!plan.ok()) return plan.status();
  gcm = *plan;
  return {};
}

void FileKeyState::wipe() noexcept {
  aeskit::detail::secure_zero(&hmac, sizeof hmac);
}

Status expand_keys(const FileKeyState& key, std::span<const std::uint8_t> salt,
                   std::span<const std::uint8_t> context, std::span<std::uint8_t> okm) noexcept {
  namespace ad = aeskit::detail;
  // Straight on hmac_core from the key's precomputed inner and outer states: each T(i) costs
  // its inner blocks and one outer block (Cobblestone-128: 2 compressions), with no Hmac
  // object to create, move and wipe.
  const ad::HmacKey& hk = key.hmac;
  const Suite suite = key.suite;
  ad::HashCore core;
  const std::string_view name = aead_name(suite);
  const std::uint8_t zero = 0;
  std::uint8_t t[64];
  std::size_t done = 0;
  bool ok = true;
  for (std::uint8_t i = 1; done < okm.size(); ++i) {
    ad::hmac_begin(hk, core);
    if (i > 1) ok &= ad::core_update(core, t, sizeof t);
    ok &= ad::core_update(core, reinterpret_cast<const std::uint8_t*>(kInfoPrefix),
                          sizeof kInfoPrefix - 1);
    ok &= ad::core_update(core, reinterpret_cast<const std::uint8_t*>(name.data()), name.size());
    ok &= ad::core_update(core, &zero, 1);
    ok &= ad::core_update(core, salt.data(), salt.size());
    ok &= ad::core_update(core, context.data(), context.size());
    ok &= ad::core_update(core, &i, 1);
    ad::hmac_end(hk, core, t);
    const std::size_t n = okm.size() - done < sizeof t ? okm.size() - done : sizeof t;
    std::memcpy(okm.data() + done, t, n);
    done += n;
  }
  ad::secure_zero(&core, sizeof core);
  ad::secure_zero(t, sizeof t);
  if (!ok) {  // a context near 2^64 bytes: unreachable in practice, but never a wrong key
    ad::secure_zero(okm.data(), okm.size());
    return Errc::message_too_long;
  }
  return {};
}

Result<ChunkKeys> ChunkKeys::derive(const FileKeyState& key, std::span<const std::uint8_t> salt,
                                    std::span<const std::uint8_t> context,
                                    std::uint8_t commitment[kCommitmentSize]) {
  const std::size_t k = key_length(key.suite);
  std::uint8_t okm[32 + kNonceSize + kCommitmentSize];
  const std::size_t total = k + kNonceSize + kCommitmentSize;
  Status s = expand_keys(key, salt, context, {okm, total});
  if (!s) return s;
  auto keys = raw(key.suite, {okm, k}, {okm + k, kNonceSize}, key.gcm);
  std::memcpy(commitment, okm + k + kNonceSize, kCommitmentSize);
  aeskit::detail::secure_zero(okm, sizeof okm);
  return keys;
}

Result<ChunkKeys> ChunkKeys::raw(Suite suite, std::span<const std::uint8_t> aead_key,
                                 std::span<const std::uint8_t> base_nonce,
                                 const aeskit::detail::GcmPlan& plan) {
  if (aead_key.size() != key_length(suite)) return Errc::bad_key_length;
  if (base_nonce.size() != kNonceSize) return Errc::bad_nonce_length;
  auto aead = plan.algorithm == &aead_algorithm(suite)
                  ? aeskit::detail::make_gcm_key(plan, aead_key)
                  : AeadKey::create(aead_algorithm(suite), aead_key, kTagSize);
  if (!aead) return aead.status();
  ChunkKeys keys;
  keys.suite = suite;
  keys.aead = std::move(*aead);
  std::memcpy(keys.base_nonce, base_nonce.data(), kNonceSize);
  return keys;
}

void ChunkKeys::nonce(std::uint64_t index, std::uint8_t out[kNonceSize]) const noexcept {
  std::memcpy(out, base_nonce, kNonceSize);
  for (int b = 0; b < 8; ++b)
    out[kNonceSize - 1 - b] ^= static_cast<std::uint8_t>(index >> (8 * b));
}

void ChunkKeys::seal(std::uint64_t index, std::span<const std::uint8_t> pt,
                     std::uint8_t* out) const {
  std::uint8_t n[kNonceSize];
  nonce(index, n);
  // Cannot fail: valid key, 12-byte nonce, lengths checked by the caller.
  (void)aead.seal({n, kNonceSize}, {}, pt, {out, pt.size() + kTagSize});
}

bool ChunkKeys::open(std::uint64_t index, std::span<const std::uint8_t> wire,
                     std::uint8_t* out) const {
  std::uint8_t n[kNonceSize];
  nonce(index, n);
  std::uint8_t dummy = 0;
  std::span<std::uint8_t> dst = wire.size() > kTagSize
                                    ? std::span<std::uint8_t>(out, wire.size() - kTagSize)
                                    : std::span<std::uint8_t>(&dummy, 0);
  return aead.open({n, kNonceSize}, {}, wire, dst).ok();
}

// failure_kind asks whether some prefix bytes[0, len), kTagSize <= len <= limit, is a valid
// final chunk at `index`. Trying each length as an AES-GCM open would cost about 16,000 opens
// (~130 MB of AES and GHASH) for one bad chunk, a denial-of-service lever on untrusted input.
// GCM makes every candidate cheap instead: with the 12-byte nonce, J0 is fixed, and the tag a
// prefix of len bytes must carry is
//   E_K(J0) ^ GHASH_H(C || 0-pad || [0]_64 || [8·(len - 16)]_64),  C = bytes[0, len - 16)
// where the GHASH state over C's whole blocks is shared by every longer candidate. One pass
// over the chunk computes all of them: E_K(J0) once, then per candidate at most two one-block
// GHASH updates (C's partial last block, the lengths block) on a copy of the shared state, plus
// one per 16 bytes for the shared state itself: about 2.1 GHASH blocks per byte of the chunk,
// no AES, on the key's constant-time GHASH backend. A candidate whose tag matches is then
// confirmed by one real open, so the verdict is exactly the one the search over every length
// gave (whether some valid prefix exists; the shortest is confirmed). The scan works on the GCM
// key state below the public AeadKey (aead/gcm_blocks.hpp).
Errc ChunkKeys::failure_kind(std::uint64_t index, std::span<const std::uint8_t> bytes,
                             std::uint8_t* scratch, unsigned* trial_opens) const {
  namespace gcm = aeskit::detail::gcm;
  if (trial_opens != nullptr) *trial_opens = 0;
  aeskit::detail::secure_zero(scratch, kChunkSize);  // callers pass buffers of plaintext
  if (bytes.size() <= kTagSize) return Errc::chunk_forged;
  const std::size_t limit =
      bytes.size() - 1 < kWireChunkSize - 1 ? bytes.size() - 1 : kWireChunkSize - 1;
  const aeskit::detail::GcmKey* gcm_key = aeskit::detail::gcm_key_of(aead);
  if (gcm_key == nullptr || gcm_key->aes == nullptr) return Errc::chunk_forged;
  const aeskit::detail::GcmKey& key = *gcm_key;
  std::uint8_t j0[16] = {}, ek_j0[16];
  nonce(index, j0);
  j0[15] = 1;
  aeskit::detail::encrypt_one(*key.aes, j0, ek_j0);
  std::uint8_t whole[16] = {};  // GHASH over the whole blocks of C so far
  std::uint8_t hash[16], lengths[16] = {};
  std::size_t found = 0;
  for (std::size_t len = kTagSize; len <= limit && found == 0; ++len) {
    const std::size_t c = len - kTagSize;
    if (c % 16 == 0 && c != 0) gcm::hash_blocks(key, whole, bytes.data() + c - 16, 1);
    std::memcpy(hash, whole, sizeof hash);
    gcm::hash_padded(key, hash, bytes.data() + c - c % 16, c % 16);
    aeskit::detail::store_be64(lengths + 8, std::uint64_t{c} * 8);
    gcm::hash_blocks(key, hash, lengths, 1);
    for (int k = 0; k < 16; ++k) hash[k] ^= ek_j0[k];
    if (aeskit::detail::ct_equal(hash, bytes.data() + c, kTagSize)) found = len;
  }
  aeskit::detail::secure_zero(whole, sizeof whole);
  aeskit::detail::secure_zero(hash, sizeof hash);
  aeskit::detail::secure_zero(ek_j0, sizeof ek_j0);
  Errc kind = Errc::chunk_forged;
  if (found != 0) {
    if (trial_opens != nullptr) ++*trial_opens;
    if (open(index, bytes.first(found), scratch)) kind = Errc::trailing_data;
    aeskit::detail::secure_zero(scratch, kChunkSize);
  }
  return kind;
}

bool spans_overlap(const std::uint8_t* a, std::size_t an, const std::uint8_t* b,
                   std::size_t bn) noexcept {
  if (an == 0 || bn == 0) return false;
  auto pa = reinterpret_cast<std::uintptr_t>(a);
  auto pb = reinterpret_cast<std::uintptr_t>(b);
  return pa < pb + bn && pb < pa + an;
}

}  // namespace aeskit::chunked::detail
