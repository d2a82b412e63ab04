// src/capi/capi_siv.cpp — the C API's AES-SIV handle with several AD components
// (aeskit/aeskit.h) over aeskit::SivKey (RFC 5297): the C arrays of pointers and lengths
// become the span of spans SivKey takes. No CPU feature.
#include <array>

#include "capi/capi_common.hpp"

using namespace aeskit;
using namespace aeskit::capi;

struct aeskit_siv {
  SivKey key;
};

namespace {

using Components = std::array<std::span<const std::uint8_t>, SivKey::kMaxAdComponents>;

// components: the C vector as spans in `c`; NULL_POINTER for a NULL array with a count, or a
// NULL component with a length; TOO_MANY_AD_COMPONENTS past SivKey's limit.
int components(const uint8_t* const* ad, const size_t* ad_lens, size_t count, Components& c) {
  if (count != 0 && (ad == nullptr || ad_lens == nullptr)) return status(Errc::null_pointer);
  if (count > c.size()) return status(Errc::too_many_ad_components);
  for (size_t i = 0; i < count; ++i) {
    if (null_with_length(ad[i], ad_lens[i])) return status(Errc::null_pointer);
    c[i] = in(ad[i], ad_lens[i]);
  }
  return 0;
}

int crypt(bool open, const aeskit_siv* s, uint8_t* out, size_t* out_len, size_t max_out_len,
          const uint8_t* const* ad, const size_t* ad_lens, size_t ad_count, const uint8_t* input,
          size_t in_len) {
  if (s == nullptr || out_len == nullptr || null_with_length(out, max_out_len) ||
      null_with_length(input, in_len))
    return status(Errc::null_pointer);
  Components c;
  if (int rc = components(ad, ad_lens, ad_count, c); rc != 0) return rc;
  return guarded([&] {
    const std::span<const std::span<const std::uint8_t>> v(c.data(), ad_count);
    Result<std::size_t> n = open ? s->key.open(v, in(input, in_len), capi::out(out, max_out_len))
                                 : s->key.seal(v, in(input, in_len), capi::out(out, max_out_len));
    return sized(n, out_len);
  });
}

}  // namespace

extern "C" {

int aeskit_siv_new(aeskit_siv** s, const uint8_t* key, size_t key_len, const char* backend) {
  return new_keyed(s, key, key_len, [&](std::span<const std::uint8_t> bytes) {
    return SivKey::create(bytes, backend_name(backend));
  });
}

void aeskit_siv_free(aeskit_siv* s) {
  delete s;
}

int aeskit_siv_seal(const aeskit_siv* s, uint8_t* out, size_t* out_len, size_t max_out_len,
                    const uint8_t* const* ad, const size_t* ad_lens, size_t ad_count,
                    const uint8_t* input, size_t in_len) {
  return crypt(false, s, out, out_len, max_out_len, ad, ad_lens, ad_count, input, in_len);
}

int aeskit_siv_open(const aeskit_siv* s, uint8_t* out, size_t* out_len, size_t max_out_len,
                    const uint8_t* const* ad, const size_t* ad_lens, size_t ad_count,
                    const uint8_t* input, size_t in_len) {
  return crypt(true, s, out, out_len, max_out_len, ad, ad_lens, ad_count, input, in_len);
}

}  // extern "C"
