// tests/support/aead_peers.cpp — see aead_peers.hpp.
#include "support/aead_peers.hpp"

#include <string>

namespace aeskit_test::peers {

void gcrypt_init() {
  static const bool initialised = [] {
    gcry_check_version(nullptr);
    gcry_control(GCRYCTL_DISABLE_SECMEM, 0);  // test keys need no locked memory
    gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
    return true;
  }();
  (void)initialised;
}

int gcrypt_aes(std::size_t key_len) {
  if (key_len == 16) return GCRY_CIPHER_AES128;
  if (key_len == 24) return GCRY_CIPHER_AES192;
  return GCRY_CIPHER_AES256;
}

bool gcrypt_open_aes(GcryCipher& g, int mode, std::span<const std::uint8_t> key, unsigned flags) {
  gcrypt_init();
  return gcry_cipher_open(&g.h, gcrypt_aes(key.size()), mode, flags) == 0 &&
         gcry_cipher_setkey(g.h, key.data(), key.size()) == 0;
}

const EVP_CIPHER* evp_aes(std::string_view mode, std::size_t key_len) {
  const std::string name = "AES-" + std::to_string(key_len * 8) + "-" + std::string(mode);
  return EVP_get_cipherbyname(name.c_str());
}

const std::uint8_t* nonnull(std::span<const std::uint8_t> s) {
  static const std::uint8_t kByte[1] = {0};
  return s.empty() ? kByte : s.data();
}

}  // namespace aeskit_test::peers
