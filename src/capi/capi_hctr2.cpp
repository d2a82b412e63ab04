// src/capi/capi_hctr2.cpp — the C API's HCTR2 handle (aeskit/aeskit.h) over aeskit::Hctr2Key
// (aeskit/hctr2.hpp; Crowley, Huckleberry, Biggers, ePrint 2021/1441): a tweakable wide-block
// cipher, one message of 16 bytes or more per call, ciphertext as long as the plaintext. No CPU
// feature.
#include "capi/capi_common.hpp"

using namespace aeskit;
using namespace aeskit::capi;

struct aeskit_hctr2 {
  Hctr2Key key;
};

int aeskit_hctr2_new(aeskit_hctr2** h, const uint8_t* key, size_t key_len, const char* backend) {
  return new_keyed(h, key, key_len, [&](std::span<const std::uint8_t> bytes) {
    return Hctr2Key::create(bytes, backend_name(backend));
  });
}

void aeskit_hctr2_free(aeskit_hctr2* h) {
  delete h;
}

int aeskit_hctr2_encrypt(const aeskit_hctr2* h, const uint8_t* tweak, size_t tweak_len,
                         const uint8_t* input, size_t in_len, uint8_t* out, size_t max_out_len) {
  return tweaked_crypt(Direction::encrypt, h, tweak, tweak_len, input, in_len, out, max_out_len);
}

int aeskit_hctr2_decrypt(const aeskit_hctr2* h, const uint8_t* tweak, size_t tweak_len,
                         const uint8_t* input, size_t in_len, uint8_t* out, size_t max_out_len) {
  return tweaked_crypt(Direction::decrypt, h, tweak, tweak_len, input, in_len, out, max_out_len);
}
