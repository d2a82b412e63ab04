// src/capi/capi_mac.cpp — the C API's CMAC and GMAC handles (aeskit/aeskit.h) over
// aeskit::Cmac and aeskit::Gmac. No CPU feature.
#include "capi/capi_common.hpp"

using namespace aeskit;
using namespace aeskit::capi;

extern "C" {

int aeskit_cmac_new(aeskit_cmac** m, const uint8_t* key, size_t key_len, size_t tag_len) {
  return new_keyed(m, key, key_len, [&](std::span<const std::uint8_t> bytes) {
    return Cmac::create(bytes, tag_len == 0 ? Cmac::kMaxTagLength : tag_len);
  });
}

void aeskit_cmac_free(aeskit_cmac* m) {
  delete m;
}

int aeskit_cmac_compute(const aeskit_cmac* m, const uint8_t* data, size_t len, uint8_t* tag_out,
                        size_t max_tag_len) {
  if (m == nullptr || null_with_length(data, len) || null_with_length(tag_out, max_tag_len))
    return status(Errc::null_pointer);
  return guarded(
      [&] { return status(m->mac.compute(in(data, len), capi::out(tag_out, max_tag_len))); });
}

int aeskit_cmac_verify(const aeskit_cmac* m, const uint8_t* data, size_t len, const uint8_t* tag,
                       size_t tag_len) {
  if (m == nullptr || null_with_length(data, len) || null_with_length(tag, tag_len))
    return status(Errc::null_pointer);
  return guarded([&] { return status(m->mac.verify(in(data, len), in(tag, tag_len))); });
}

int aeskit_cmac_update(aeskit_cmac* m, const uint8_t* data, size_t len) {
  if (m == nullptr || null_with_length(data, len)) return status(Errc::null_pointer);
  return guarded([&] { return status(m->mac.update(in(data, len))); });
}

int aeskit_cmac_finish(aeskit_cmac* m, uint8_t* tag_out, size_t max_tag_len) {
  if (m == nullptr || null_with_length(tag_out, max_tag_len)) return status(Errc::null_pointer);
  return guarded([&] { return status(m->mac.finish(capi::out(tag_out, max_tag_len))); });
}

int aeskit_cmac_reset(aeskit_cmac* m) {
  if (m == nullptr) return status(Errc::null_pointer);
  return status(m->mac.reset());
}

int aeskit_gmac_new(aeskit_gmac** m, const uint8_t* key, size_t key_len, size_t tag_len) {
  return new_keyed(m, key, key_len, [&](std::span<const std::uint8_t> bytes) {
    return Gmac::create(bytes, tag_len == 0 ? 16 : tag_len);
  });
}

void aeskit_gmac_free(aeskit_gmac* m) {
  delete m;
}

int aeskit_gmac_compute(const aeskit_gmac* m, const uint8_t* nonce, size_t nonce_len,
                        const uint8_t* data, size_t len, uint8_t* tag_out, size_t max_tag_len) {
  if (m == nullptr || null_with_length(nonce, nonce_len) || null_with_length(data, len) ||
      null_with_length(tag_out, max_tag_len))
    return status(Errc::null_pointer);
  return guarded([&] {
    return status(
        m->mac.compute(in(nonce, nonce_len), in(data, len), capi::out(tag_out, max_tag_len)));
  });
}

int aeskit_gmac_verify(const aeskit_gmac* m, const uint8_t* nonce, size_t nonce_len,
                       const uint8_t* data, size_t len, const uint8_t* tag, size_t tag_len) {
  if (m == nullptr || null_with_length(nonce, nonce_len) || null_with_length(data, len) ||
      null_with_length(tag, tag_len))
    return status(Errc::null_pointer);
  return guarded(
      [&] { return status(m->mac.verify(in(nonce, nonce_len), in(data, len), in(tag, tag_len))); });
}

}  // extern "C"
