// src/capi/capi_aead.cpp — the C API's AEAD handles (aeskit/aeskit.h) over aeskit::AeadKey:
// BoringSSL EVP_AEAD-style seal/open with max_out_len and *out_len, the detached forms, the
// lengths, the algorithm list and random nonces. No CPU feature.
//
// Each call checks its pointers (NULL with a non-zero length: null_pointer) and then lets
// AeadKey check lengths and overlap, so the C and C++ APIs refuse the same inputs with the
// same codes; *out_len is written only on success.
#include <string_view>

#include "capi/capi_common.hpp"

using namespace aeskit;
using namespace aeskit::capi;

namespace {

int make(aeskit_aead** ctx, const char* algorithm, const uint8_t* key, size_t key_len,
         size_t tag_len, const char* backend) {
  if (ctx == nullptr || algorithm == nullptr || null_with_length(key, key_len))
    return status(Errc::null_pointer);
  const AeadAlgorithm* alg = aead::find(algorithm);
  if (alg == nullptr) return status(aead::unknown_name(algorithm));
  if (tag_len == 0) tag_len = alg->default_tag_length();
  return make_handle(ctx, AeadKey::create(*alg, in(key, key_len), tag_len, backend_name(backend)));
}

bool bad_io(const uint8_t* out, size_t max_out_len, const size_t* out_len, const uint8_t* nonce,
            size_t nonce_len, const uint8_t* input, size_t in_len, const uint8_t* ad,
            size_t ad_len) noexcept {
  return out_len == nullptr || null_with_length(out, max_out_len) ||
         null_with_length(nonce, nonce_len) || null_with_length(input, in_len) ||
         null_with_length(ad, ad_len);
}

// run_batch: the C messages in groups of 32 C++ AeadMessages (no allocation); a message
// with a NULL pointer and a length gets NULL_POINTER and is not passed on.
int run_batch(const aeskit_aead* ctx, aeskit_aead_message* messages, size_t count, bool seal) {
  if (ctx == nullptr || (messages == nullptr && count != 0)) return status(Errc::null_pointer);
  constexpr std::size_t kGroup = 32;
  AeadMessage group[kGroup];
  std::size_t index[kGroup];
  int first_failure = 0;
  for (std::size_t next = 0; next < count;) {
    std::size_t n = 0;
    for (; next < count && n < kGroup; ++next) {
      aeskit_aead_message& m = messages[next];
      m.out_len = 0;
      if (null_with_length(m.nonce, m.nonce_len) || null_with_length(m.ad, m.ad_len) ||
          null_with_length(m.in, m.in_len) || null_with_length(m.out, m.max_out_len) ||
          (m.detached != 0 && null_with_length(m.tag, m.tag_len))) {
        m.status = status(Errc::null_pointer);
        continue;
      }
      AeadMessage& g = group[n];
      g = AeadMessage{};
      g.nonce = in(m.nonce, m.nonce_len);
      g.ad = in(m.ad, m.ad_len);
      g.in = in(m.in, m.in_len);
      g.out = capi::out(m.out, m.max_out_len);
      g.detached = m.detached != 0;
      if (g.detached) g.tag = capi::out(m.tag, m.tag_len);
      index[n++] = next;
    }
    const std::span<AeadMessage> span(group, n);
    (void)(seal ? ctx->key.seal_batch(span) : ctx->key.open_batch(span));
    for (std::size_t i = 0; i < n; ++i) {
      aeskit_aead_message& m = messages[index[i]];
      m.status = status(group[i].status);
      m.out_len = group[i].length;
    }
  }
  for (std::size_t i = 0; i < count && first_failure == 0; ++i) first_failure = messages[i].status;
  return first_failure;
}

// seal_or_open: aeskit_aead_seal / aeskit_aead_open (ciphertext || tag).
int seal_or_open(bool open_it, const aeskit_aead* ctx, uint8_t* out, size_t* out_len,
                 size_t max_out_len, const uint8_t* nonce, size_t nonce_len, const uint8_t* input,
                 size_t in_len, const uint8_t* ad, size_t ad_len) {
  if (ctx == nullptr ||
      bad_io(out, max_out_len, out_len, nonce, nonce_len, input, in_len, ad, ad_len))
    return status(Errc::null_pointer);
  return guarded([&] {
    const auto n = in(nonce, nonce_len), a = in(ad, ad_len), i = in(input, in_len);
    const auto o = capi::out(out, max_out_len);
    Result<std::size_t> written = open_it ? ctx->key.open(n, a, i, o) : ctx->key.seal(n, a, i, o);
    return sized(written, out_len);
  });
}

}  // namespace

extern "C" {

int aeskit_aead_new(aeskit_aead** ctx, const char* algorithm, const uint8_t* key, size_t key_len,
                    size_t tag_len) {
  return guarded([&] { return make(ctx, algorithm, key, key_len, tag_len, nullptr); });
}

int aeskit_aead_new_backend(aeskit_aead** ctx, const char* algorithm, const uint8_t* key,
                            size_t key_len, size_t tag_len, const char* backend) {
  return guarded([&] { return make(ctx, algorithm, key, key_len, tag_len, backend); });
}

void aeskit_aead_free(aeskit_aead* ctx) {
  delete ctx;
}

int aeskit_aead_key_length(const aeskit_aead* ctx, size_t* out) {
  return query(ctx, out, [](const aeskit_aead& x) { return x.key.algorithm()->key_length(); });
}

int aeskit_aead_nonce_length(const aeskit_aead* ctx, size_t* out) {
  return query(ctx, out,
               [](const aeskit_aead& x) { return x.key.algorithm()->nonce_recommended(); });
}

int aeskit_aead_tag_length(const aeskit_aead* ctx, size_t* out) {
  return query(ctx, out, [](const aeskit_aead& x) { return x.key.tag_length(); });
}

int aeskit_aead_max_overhead(const aeskit_aead* ctx, size_t* out) {
  return query(ctx, out, [](const aeskit_aead& x) {
    return x.key.algorithm()->max_overhead(x.key.tag_length());
  });
}

int aeskit_aead_seal(const aeskit_aead* ctx, uint8_t* out, size_t* out_len, size_t max_out_len,
                     const uint8_t* nonce, size_t nonce_len, const uint8_t* input, size_t in_len,
                     const uint8_t* ad, size_t ad_len) {
  return seal_or_open(false, ctx, out, out_len, max_out_len, nonce, nonce_len, input, in_len, ad,
                      ad_len);
}

int aeskit_aead_open(const aeskit_aead* ctx, uint8_t* out, size_t* out_len, size_t max_out_len,
                     const uint8_t* nonce, size_t nonce_len, const uint8_t* input, size_t in_len,
                     const uint8_t* ad, size_t ad_len) {
  return seal_or_open(true, ctx, out, out_len, max_out_len, nonce, nonce_len, input, in_len, ad,
                      ad_len);
}

int aeskit_aead_seal_detached(const aeskit_aead* ctx, uint8_t* out, uint8_t* out_tag,
                              size_t* out_tag_len, size_t max_out_tag_len, const uint8_t* nonce,
                              size_t nonce_len, const uint8_t* input, size_t in_len,
                              const uint8_t* ad, size_t ad_len) {
  if (ctx == nullptr || out_tag_len == nullptr || null_with_length(out, in_len) ||
      null_with_length(out_tag, max_out_tag_len) || null_with_length(nonce, nonce_len) ||
      null_with_length(input, in_len) || null_with_length(ad, ad_len))
    return status(Errc::null_pointer);
  return guarded([&] {
    Status s = ctx->key.seal_detached(in(nonce, nonce_len), in(ad, ad_len), in(input, in_len),
                                      capi::out(out, in_len), capi::out(out_tag, max_out_tag_len));
    if (!s.ok()) return status(s);
    *out_tag_len = ctx->key.tag_length();
    return 0;
  });
}

int aeskit_aead_open_detached(const aeskit_aead* ctx, uint8_t* out, const uint8_t* nonce,
                              size_t nonce_len, const uint8_t* input, size_t in_len,
                              const uint8_t* tag, size_t tag_len, const uint8_t* ad,
                              size_t ad_len) {
  if (ctx == nullptr || null_with_length(out, in_len) || null_with_length(nonce, nonce_len) ||
      null_with_length(input, in_len) || null_with_length(tag, tag_len) ||
      null_with_length(ad, ad_len))
    return status(Errc::null_pointer);
  return guarded([&] {
    return status(ctx->key.open_detached(in(nonce, nonce_len), in(ad, ad_len), in(input, in_len),
                                         in(tag, tag_len), capi::out(out, in_len)));
  });
}

int aeskit_aead_seal_batch(const aeskit_aead* ctx, aeskit_aead_message* messages, size_t count) {
  return guarded([&] { return run_batch(ctx, messages, count, true); });
}

int aeskit_aead_open_batch(const aeskit_aead* ctx, aeskit_aead_message* messages, size_t count) {
  return guarded([&] { return run_batch(ctx, messages, count, false); });
}

int aeskit_aead_count(size_t* out) {
  if (out == nullptr) return status(Errc::null_pointer);
  *out = aead::algorithms().size();
  return 0;
}

int aeskit_aead_name(size_t index, const char** out) {
  if (out == nullptr) return status(Errc::null_pointer);
  const auto all = aead::algorithms();
  if (index >= all.size()) return status(Errc::unknown_algorithm);
  *out = all[index]->name().data();  // the names are NUL-terminated literals
  return 0;
}

int aeskit_aead_key_generate(const char* algorithm, uint8_t* key, size_t max_len, size_t* key_len) {
  if (algorithm == nullptr || key_len == nullptr || null_with_length(key, max_len))
    return status(Errc::null_pointer);
  const AeadAlgorithm* alg = aead::find(algorithm);
  if (alg == nullptr) return status(aead::unknown_name(algorithm));
  Status s = AeadKey::generate(*alg, capi::out(key, max_len));
  return sized(s, key_len, alg->key_length());
}

int aeskit_random_nonce(const aeskit_aead* ctx, uint8_t* nonce, size_t max_len, size_t* nonce_len) {
  if (ctx == nullptr || nonce_len == nullptr || null_with_length(nonce, max_len))
    return status(Errc::null_pointer);
  const AeadAlgorithm& alg = *ctx->key.algorithm();
  Status s = random_nonce(alg, capi::out(nonce, max_len));
  if (!s.ok()) return status(s);
  *nonce_len = alg.nonce_recommended();
  return 0;
}

}  // extern "C"
