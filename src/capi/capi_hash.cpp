// src/capi/capi_hash.cpp — the C API's SHA-1/256/512 (one-shot and incremental), HMAC and
// HKDF (aeskit/aeskit.h) over aeskit/hash.hpp and aeskit/kdf.hpp. No CPU feature (the
// backends choose SHA-NI and friends).
#include "capi/capi_common.hpp"

using namespace aeskit;
using namespace aeskit::capi;

namespace {

static_assert(static_cast<int>(HashAlgorithm::sha1) == AESKIT_SHA1);
static_assert(static_cast<int>(HashAlgorithm::sha512) == AESKIT_SHA512);

std::optional<HashAlgorithm> alg_of(int a) noexcept {
  if (a < AESKIT_SHA1 || a > AESKIT_SHA512) return std::nullopt;
  return static_cast<HashAlgorithm>(a);
}

// with_algorithm: null_pointer when `null_args` (the caller's pointer checks), unknown_algorithm
// for an alg outside AESKIT_SHA1..AESKIT_SHA512, else f(the algorithm) (a C status).
template <class F>
int with_algorithm(int alg, bool null_args, F&& f) {
  if (null_args) return status(Errc::null_pointer);
  const auto a = alg_of(alg);
  if (!a) return status(Errc::unknown_algorithm);
  return f(*a);
}

}  // namespace

extern "C" {

int aeskit_hash_length(int alg, size_t* out) {
  return with_algorithm(alg, out == nullptr, [&](HashAlgorithm a) {
    *out = digest_length(a);
    return 0;
  });
}

int aeskit_hash(int alg, const uint8_t* input, size_t in_len, uint8_t* out, size_t max_out_len) {
  return with_algorithm(alg, null_with_length(input, in_len) || null_with_length(out, max_out_len),
                        [&](HashAlgorithm a) {
                          return guarded([&] {
                            return status(hash(a, in(input, in_len), capi::out(out, max_out_len)));
                          });
                        });
}

int aeskit_hash_new(aeskit_hash_ctx** h, int alg) {
  return with_algorithm(alg, h == nullptr, [&](HashAlgorithm a) {
    return guarded([&] { return make_handle(h, Hash::create(a)); });
  });
}

int aeskit_hash_update(aeskit_hash_ctx* h, const uint8_t* input, size_t in_len) {
  if (h == nullptr || null_with_length(input, in_len)) return status(Errc::null_pointer);
  return status(h->hash.update(in(input, in_len)));
}

int aeskit_hash_finish(aeskit_hash_ctx* h, uint8_t* out, size_t max_out_len) {
  if (h == nullptr || null_with_length(out, max_out_len)) return status(Errc::null_pointer);
  if (Status s = h->hash.finish(capi::out(out, max_out_len)); !s.ok()) return status(s);
  return status(h->hash.reset());
}

void aeskit_hash_free(aeskit_hash_ctx* h) {
  delete h;
}

int aeskit_hmac(int alg, const uint8_t* key, size_t key_len, const uint8_t* input, size_t in_len,
                uint8_t* out, size_t out_len) {
  return with_algorithm(
      alg,
      null_with_length(key, key_len) || null_with_length(input, in_len) ||
          null_with_length(out, out_len),
      [&](HashAlgorithm a) {
        return status(hmac(a, in(key, key_len), in(input, in_len), capi::out(out, out_len)));
      });
}

int aeskit_hmac_verify(int alg, const uint8_t* key, size_t key_len, const uint8_t* input,
                       size_t in_len, const uint8_t* tag, size_t tag_len) {
  return with_algorithm(
      alg,
      null_with_length(key, key_len) || null_with_length(input, in_len) ||
          null_with_length(tag, tag_len),
      [&](HashAlgorithm a) {
        return status(hmac_verify(a, in(key, key_len), in(input, in_len), in(tag, tag_len)));
      });
}

int aeskit_hkdf(int alg, const uint8_t* ikm, size_t ikm_len, const uint8_t* salt, size_t salt_len,
                const uint8_t* info, size_t info_len, uint8_t* out, size_t out_len) {
  return with_algorithm(alg,
                        null_with_length(ikm, ikm_len) || null_with_length(salt, salt_len) ||
                            null_with_length(info, info_len) || null_with_length(out, out_len),
                        [&](HashAlgorithm a) {
                          return status(hkdf(a, in(ikm, ikm_len), in(salt, salt_len),
                                             in(info, info_len), capi::out(out, out_len)));
                        });
}

int aeskit_hkdf_extract(int alg, const uint8_t* ikm, size_t ikm_len, const uint8_t* salt,
                        size_t salt_len, uint8_t* prk, size_t prk_max) {
  return with_algorithm(alg,
                        null_with_length(ikm, ikm_len) || null_with_length(salt, salt_len) ||
                            null_with_length(prk, prk_max),
                        [&](HashAlgorithm a) {
                          return status(hkdf_extract(a, in(ikm, ikm_len), in(salt, salt_len),
                                                     capi::out(prk, prk_max)));
                        });
}

int aeskit_hkdf_expand(int alg, const uint8_t* prk, size_t prk_len, const uint8_t* info,
                       size_t info_len, uint8_t* out, size_t out_len) {
  return with_algorithm(alg,
                        null_with_length(prk, prk_len) || null_with_length(info, info_len) ||
                            null_with_length(out, out_len),
                        [&](HashAlgorithm a) {
                          return status(hkdf_expand(a, in(prk, prk_len), in(info, info_len),
                                                    capi::out(out, out_len)));
                        });
}

}  // extern "C"
