// tests/support/aead_peers.cpp — see aead_peers.hpp.
#include "support/aead_peers.hpp"

#include <string>

#include <gtest/gtest.h>

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

Bytes gcrypt_aead_seal(const GcryAeadStart& start, std::span<const std::uint8_t> pt,
                       std::size_t tag_len, std::string_view mode) {
  GcryCipher g;
  Bytes out(pt.size() + tag_len);
  const bool ok = start(g, pt.size()) &&
                  gcry_cipher_encrypt(g.h, out.data(), pt.size(), nonnull(pt), pt.size()) == 0 &&
                  gcry_cipher_gettag(g.h, out.data() + pt.size(), tag_len) == 0;
  EXPECT_TRUE(ok) << "libgcrypt " << mode << " seal failed";
  return out;
}

std::optional<Bytes> gcrypt_aead_open(const GcryAeadStart& start,
                                      std::span<const std::uint8_t> sealed, std::size_t tag_len,
                                      std::string_view mode) {
  if (sealed.size() < tag_len) return std::nullopt;
  const std::size_t len = sealed.size() - tag_len;
  GcryCipher g;
  Bytes out(len + 1);  // never empty: libgcrypt refuses a null output pointer
  if (!start(g, len)) {
    ADD_FAILURE() << "libgcrypt " << mode << " open setup failed";
    return std::nullopt;
  }
  if (gcry_cipher_decrypt(g.h, out.data(), len, nonnull(sealed), len) != 0) return std::nullopt;
  if (gcry_cipher_checktag(g.h, sealed.data() + len, tag_len) != 0) return std::nullopt;
  out.resize(len);
  return out;
}

}  // namespace aeskit_test::peers
