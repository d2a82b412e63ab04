// src/capi/capi_modes.cpp — the C API's AES key handle, the block modes (one-shot and the
// incremental cipher), XTS by sector number and key wrap (aeskit/aeskit.h), over AesKey,
// encrypt/decrypt, Cipher, XtsKey and key_wrap*. No CPU feature.
#include "capi/capi_common.hpp"

using namespace aeskit;
using namespace aeskit::capi;

namespace {

// The C enums have the C++ enums' order (static_asserts); other values are refused.
static_assert(static_cast<int>(Mode::ofb) == AESKIT_MODE_OFB);
static_assert(static_cast<int>(Mode::cfb8) == AESKIT_MODE_CFB8);
static_assert(static_cast<int>(Mode::ctr128) == AESKIT_MODE_CTR128);

std::optional<Mode> mode_of(int m) noexcept {
  if (m < AESKIT_MODE_ECB || m > AESKIT_MODE_OFB) return std::nullopt;
  return static_cast<Mode>(m);
}
std::optional<Padding> padding_of(int p) noexcept {
  if (p == AESKIT_PADDING_NONE) return Padding::none;
  if (p == AESKIT_PADDING_PKCS7) return Padding::pkcs7;
  return std::nullopt;
}

int one_shot(Direction d, const aeskit_aes* key, int mode, int padding, const uint8_t* iv,
             size_t iv_len, const uint8_t* input, size_t in_len, uint8_t* out, size_t* out_len,
             size_t max_out_len) {
  if (key == nullptr || out_len == nullptr || null_with_length(iv, iv_len) ||
      null_with_length(input, in_len) || null_with_length(out, max_out_len))
    return status(Errc::null_pointer);
  const std::optional<Mode> m = mode_of(mode);
  if (!m) return status(Errc::unknown_algorithm);
  const std::optional<Padding> p = padding_of(padding);
  if (!p) return status(Errc::invalid_argument);
  return guarded([&] {
    Result<std::size_t> n = d == Direction::encrypt
                                ? encrypt(key->key, *m, in(iv, iv_len), in(input, in_len),
                                          capi::out(out, max_out_len), *p)
                                : decrypt(key->key, *m, in(iv, iv_len), in(input, in_len),
                                          capi::out(out, max_out_len), *p);
    return sized(n, out_len);
  });
}

int xts(Direction d, const aeskit_xts* x, uint64_t first_sector, size_t sector_size,
        const uint8_t* input, size_t in_len, uint8_t* out, size_t max_out_len) {
  if (x == nullptr || null_with_length(input, in_len) || null_with_length(out, max_out_len))
    return status(Errc::null_pointer);
  return guarded([&] {
    return status(d == Direction::encrypt
                      ? x->key.encrypt_sectors(first_sector, sector_size, in(input, in_len),
                                               capi::out(out, max_out_len))
                      : x->key.decrypt_sectors(first_sector, sector_size, in(input, in_len),
                                               capi::out(out, max_out_len)));
  });
}

int wrap(bool unwrap, const aeskit_aes* kek, int pad, const uint8_t* input, size_t in_len,
         uint8_t* out, size_t* out_len, size_t max_out_len) {
  if (kek == nullptr || out_len == nullptr || null_with_length(input, in_len) ||
      null_with_length(out, max_out_len))
    return status(Errc::null_pointer);
  if (pad != 0 && pad != 1) return status(Errc::invalid_argument);
  return guarded([&] {
    const auto i = in(input, in_len);
    const auto o = capi::out(out, max_out_len);
    Result<std::size_t> n =
        unwrap ? (pad ? key_unwrap_pad(kek->key, i, o) : key_unwrap(kek->key, i, o))
               : (pad ? key_wrap_pad(kek->key, i, o) : key_wrap(kek->key, i, o));
    return sized(n, out_len);
  });
}

}  // namespace

extern "C" {

int aeskit_aes_new(aeskit_aes** key, const uint8_t* key_bytes, size_t key_len,
                   const char* backend) {
  return new_keyed(key, key_bytes, key_len, [&](std::span<const std::uint8_t> bytes) {
    return AesKey::create(bytes, backend_name(backend));
  });
}

void aeskit_aes_free(aeskit_aes* key) {
  delete key;
}

int aeskit_encrypt(const aeskit_aes* key, int mode, int padding, const uint8_t* iv, size_t iv_len,
                   const uint8_t* input, size_t in_len, uint8_t* out, size_t* out_len,
                   size_t max_out_len) {
  return one_shot(Direction::encrypt, key, mode, padding, iv, iv_len, input, in_len, out, out_len,
                  max_out_len);
}

int aeskit_decrypt(const aeskit_aes* key, int mode, int padding, const uint8_t* iv, size_t iv_len,
                   const uint8_t* input, size_t in_len, uint8_t* out, size_t* out_len,
                   size_t max_out_len) {
  return one_shot(Direction::decrypt, key, mode, padding, iv, iv_len, input, in_len, out, out_len,
                  max_out_len);
}

int aeskit_hp_masks(const aeskit_aes* key, const uint8_t* const* samples, size_t n, uint8_t* masks,
                    size_t max_masks_len) {
  if (key == nullptr || (samples == nullptr && n != 0) || null_with_length(masks, max_masks_len))
    return status(Errc::null_pointer);
  for (size_t i = 0; i < n; ++i)
    if (samples[i] == nullptr) return status(Errc::null_pointer);
  return guarded([&] {
    return status(hp_masks(key->key, std::span<const std::uint8_t* const>(samples, n),
                           out(masks, max_masks_len)));
  });
}

int aeskit_cipher_new(aeskit_cipher** c, const aeskit_aes* key, int mode, int direction,
                      int padding, const uint8_t* iv, size_t iv_len) {
  if (c == nullptr || key == nullptr || null_with_length(iv, iv_len))
    return status(Errc::null_pointer);
  const std::optional<Mode> m = mode_of(mode);
  if (!m) return status(Errc::unknown_algorithm);
  const std::optional<Padding> p = padding_of(padding);
  if (!p || (direction != AESKIT_ENCRYPT && direction != AESKIT_DECRYPT))
    return status(Errc::invalid_argument);
  const Direction d = direction == AESKIT_ENCRYPT ? Direction::encrypt : Direction::decrypt;
  return guarded(
      [&] { return make_handle(c, Cipher::create(key->key, *m, d, in(iv, iv_len), *p)); });
}

int aeskit_cipher_update(aeskit_cipher* c, const uint8_t* input, size_t in_len, uint8_t* out,
                         size_t* out_len, size_t max_out_len) {
  if (c == nullptr || out_len == nullptr || null_with_length(input, in_len) ||
      null_with_length(out, max_out_len))
    return status(Errc::null_pointer);
  return guarded([&] {
    Result<std::size_t> n = c->cipher.update(in(input, in_len), capi::out(out, max_out_len));
    return sized(n, out_len);
  });
}

int aeskit_cipher_finish(aeskit_cipher* c, uint8_t* out, size_t* out_len, size_t max_out_len) {
  if (c == nullptr || out_len == nullptr || null_with_length(out, max_out_len))
    return status(Errc::null_pointer);
  return guarded([&] {
    Result<std::size_t> n = c->cipher.finish(capi::out(out, max_out_len));
    return sized(n, out_len);
  });
}

int aeskit_cipher_pending(const aeskit_cipher* c, size_t* out) {
  return query(c, out, [](const aeskit_cipher& x) { return x.cipher.pending(); });
}

void aeskit_cipher_free(aeskit_cipher* c) {
  delete c;
}

int aeskit_xts_new(aeskit_xts** x, const uint8_t* key, size_t key_len, const char* backend) {
  return new_keyed(x, key, key_len, [&](std::span<const std::uint8_t> bytes) {
    return XtsKey::create(bytes, backend_name(backend));
  });
}

void aeskit_xts_free(aeskit_xts* x) {
  delete x;
}

int aeskit_xts_encrypt_sectors(const aeskit_xts* x, uint64_t first_sector, size_t sector_size,
                               const uint8_t* input, size_t in_len, uint8_t* out,
                               size_t max_out_len) {
  return xts(Direction::encrypt, x, first_sector, sector_size, input, in_len, out, max_out_len);
}

int aeskit_xts_decrypt_sectors(const aeskit_xts* x, uint64_t first_sector, size_t sector_size,
                               const uint8_t* input, size_t in_len, uint8_t* out,
                               size_t max_out_len) {
  return xts(Direction::decrypt, x, first_sector, sector_size, input, in_len, out, max_out_len);
}

int aeskit_xts_encrypt(const aeskit_xts* x, const uint8_t* tweak, size_t tweak_len,
                       const uint8_t* input, size_t in_len, uint8_t* out, size_t max_out_len) {
  return tweaked_crypt(Direction::encrypt, x, tweak, tweak_len, input, in_len, out, max_out_len);
}

int aeskit_xts_decrypt(const aeskit_xts* x, const uint8_t* tweak, size_t tweak_len,
                       const uint8_t* input, size_t in_len, uint8_t* out, size_t max_out_len) {
  return tweaked_crypt(Direction::decrypt, x, tweak, tweak_len, input, in_len, out, max_out_len);
}

int aeskit_key_wrap(const aeskit_aes* kek, int pad, const uint8_t* input, size_t in_len,
                    uint8_t* out, size_t* out_len, size_t max_out_len) {
  return wrap(false, kek, pad, input, in_len, out, out_len, max_out_len);
}

int aeskit_key_unwrap(const aeskit_aes* kek, int pad, const uint8_t* input, size_t in_len,
                      uint8_t* out, size_t* out_len, size_t max_out_len) {
  return wrap(true, kek, pad, input, in_len, out, out_len, max_out_len);
}

}  // extern "C"
