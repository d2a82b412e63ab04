// src/capi/capi_stream.cpp — the C API's incremental AEAD (AeadSealer / AeadOpener: GCM keys)
// and nonce safety (aeskit/nonce.hpp: nonce sequences, sealing keys, message limits)
// (aeskit/aeskit.h). No CPU feature.
#include <variant>

#include "capi/capi_common.hpp"

using namespace aeskit;
using namespace aeskit::capi;

struct aeskit_aead_stream {
  std::variant<AeadSealer, AeadOpener> stream;
};
struct aeskit_nonce_seq {
  NonceSequence seq;
};
struct aeskit_sealing_key {
  SealingKey key;
  std::size_t nonce_length;  // of the base nonce: every nonce the key hands out
};

namespace {

template <class Stream>
int make(aeskit_aead_stream** s, const aeskit_aead* ctx, const uint8_t* nonce, size_t nonce_len) {
  if (s == nullptr || ctx == nullptr || null_with_length(nonce, nonce_len))
    return status(Errc::null_pointer);
  return guarded([&] { return make_handle(s, Stream::create(ctx->key, in(nonce, nonce_len))); });
}

}  // namespace

extern "C" {

int aeskit_aead_sealer_new(aeskit_aead_stream** s, const aeskit_aead* ctx, const uint8_t* nonce,
                           size_t nonce_len) {
  return make<AeadSealer>(s, ctx, nonce, nonce_len);
}

int aeskit_aead_opener_new(aeskit_aead_stream** s, const aeskit_aead* ctx, const uint8_t* nonce,
                           size_t nonce_len) {
  return make<AeadOpener>(s, ctx, nonce, nonce_len);
}

int aeskit_aead_stream_update_ad(aeskit_aead_stream* s, const uint8_t* ad, size_t ad_len) {
  if (s == nullptr || null_with_length(ad, ad_len)) return status(Errc::null_pointer);
  return std::visit([&](auto& st) { return status(st.update_ad(in(ad, ad_len))); }, s->stream);
}

int aeskit_aead_stream_update(aeskit_aead_stream* s, const uint8_t* input, size_t in_len,
                              uint8_t* out, size_t max_out_len) {
  if (s == nullptr || null_with_length(input, in_len) || null_with_length(out, max_out_len))
    return status(Errc::null_pointer);
  return std::visit(
      [&](auto& st) {
        return status(st.update(in(input, in_len), capi::out(out, max_out_len)).status());
      },
      s->stream);
}

int aeskit_aead_sealer_finish(aeskit_aead_stream* s, uint8_t* tag, size_t max_tag_len,
                              size_t* tag_len) {
  if (s == nullptr || tag_len == nullptr || null_with_length(tag, max_tag_len))
    return status(Errc::null_pointer);
  AeadSealer* sealer = std::get_if<AeadSealer>(&s->stream);
  if (sealer == nullptr) return status(Errc::invalid_state);
  Result<std::size_t> n = sealer->finish(capi::out(tag, max_tag_len));
  return sized(n, tag_len);
}

int aeskit_aead_opener_finish(aeskit_aead_stream* s, const uint8_t* tag, size_t tag_len) {
  if (s == nullptr || null_with_length(tag, tag_len)) return status(Errc::null_pointer);
  AeadOpener* opener = std::get_if<AeadOpener>(&s->stream);
  if (opener == nullptr) return status(Errc::invalid_state);
  return status(opener->finish(in(tag, tag_len)));
}

void aeskit_aead_stream_free(aeskit_aead_stream* s) {
  delete s;
}

int aeskit_nonce_seq_new(aeskit_nonce_seq** s, const uint8_t* base, size_t base_len,
                         uint64_t limit) {
  return new_keyed(s, base, base_len, [&](std::span<const std::uint8_t> bytes) {
    return NonceSequence::create(bytes, limit == 0 ? NonceSequence::kNoLimit : limit);
  });
}

int aeskit_nonce_seq_next(aeskit_nonce_seq* s, uint8_t* nonce, size_t max_len, uint64_t* counter) {
  if (s == nullptr || counter == nullptr || null_with_length(nonce, max_len))
    return status(Errc::null_pointer);
  Result<std::uint64_t> c = s->seq.next(capi::out(nonce, max_len));
  return sized(c, counter);
}

int aeskit_nonce_seq_accept(aeskit_nonce_seq* s, uint64_t counter, uint8_t* nonce, size_t max_len) {
  if (s == nullptr || null_with_length(nonce, max_len)) return status(Errc::null_pointer);
  return status(s->seq.accept(counter, capi::out(nonce, max_len)).status());
}

void aeskit_nonce_seq_free(aeskit_nonce_seq* s) {
  delete s;
}

int aeskit_sealing_key_new(aeskit_sealing_key** k, const char* algorithm, const uint8_t* key,
                           size_t key_len, size_t tag_len, const uint8_t* base_nonce,
                           size_t base_nonce_len, uint64_t max_messages) {
  if (k == nullptr || algorithm == nullptr || null_with_length(key, key_len) ||
      null_with_length(base_nonce, base_nonce_len))
    return status(Errc::null_pointer);
  const AeadAlgorithm* alg = aead::find(algorithm);
  if (alg == nullptr) return status(Errc::unknown_algorithm);
  return guarded([&] {
    Result<AeadKey> a =
        AeadKey::create(*alg, in(key, key_len), tag_len == 0 ? alg->default_tag_length() : tag_len);
    if (!a.ok()) return status(a);
    Result<SealingKey> r =
        SealingKey::create(std::move(a).value(), in(base_nonce, base_nonce_len), max_messages);
    if (!r.ok()) return status(r);
    *k = new aeskit_sealing_key{std::move(r).value(), base_nonce_len};
    return 0;
  });
}

int aeskit_sealing_key_seal(aeskit_sealing_key* k, uint8_t* out, size_t* out_len,
                            size_t max_out_len, uint8_t* nonce_out, size_t max_nonce_len,
                            size_t* nonce_len, const uint8_t* input, size_t in_len,
                            const uint8_t* ad, size_t ad_len) {
  if (k == nullptr || out_len == nullptr || nonce_len == nullptr ||
      null_with_length(out, max_out_len) || null_with_length(nonce_out, max_nonce_len) ||
      null_with_length(input, in_len) || null_with_length(ad, ad_len))
    return status(Errc::null_pointer);
  return guarded([&] {
    Result<std::size_t> r =
        k->key.seal(in(ad, ad_len), in(input, in_len), capi::out(out, max_out_len),
                    capi::out(nonce_out, max_nonce_len));
    if (!r.ok()) return status(r);
    *out_len = *r;
    *nonce_len = k->nonce_length;
    return 0;
  });
}

int aeskit_sealing_key_messages(const aeskit_sealing_key* k, uint64_t* used,
                                uint64_t* max_messages) {
  if (k == nullptr || used == nullptr || max_messages == nullptr) return status(Errc::null_pointer);
  *used = k->key.messages();
  *max_messages = k->key.max_messages();
  return 0;
}

void aeskit_sealing_key_free(aeskit_sealing_key* k) {
  delete k;
}

int aeskit_message_limit(const char* algorithm, uint64_t* out) {
  if (algorithm == nullptr || out == nullptr) return status(Errc::null_pointer);
  const AeadAlgorithm* alg = aead::find(algorithm);
  if (alg == nullptr) return status(Errc::unknown_algorithm);
  *out = message_limit(*alg);
  return 0;
}

}  // extern "C"
