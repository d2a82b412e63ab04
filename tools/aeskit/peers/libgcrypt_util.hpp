// tools/aeskit/peers/libgcrypt_util.hpp — what the libgcrypt speed peer's files share: error
// messages, AES's cipher ids and modes, an owning cipher handle, and the runner factories that
// peers/libgcrypt.cpp maps the item families to (cipher modes there; AEADs in
// libgcrypt_aead.cpp; hashes, HMAC and CMAC in libgcrypt_hash.cpp).
#pragma once

#include <gcrypt.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <utility>

#include "speed/impl.hpp"

namespace aeskit::cli::speed {

namespace gcrypt_util {

// failure names the call and libgcrypt's description of the error.
inline std::string failure(const char* call, gcry_error_t err) {
  return std::string(call) + " failed: " + gcry_strerror(err);
}

// algorithm_id: libgcrypt's cipher id for AES with a key of `key_bits`.
inline int algorithm_id(std::size_t key_bits) {
  if (key_bits == 128) return GCRY_CIPHER_AES128;
  if (key_bits == 192) return GCRY_CIPHER_AES192;
  return GCRY_CIPHER_AES256;
}

// mode_for: the libgcrypt mode `modes` pairs with `key` (an aeskit Mode or an item Family),
// or GCRY_CIPHER_MODE_NONE.
template <class Key, std::size_t N>
int mode_for(const std::pair<Key, int> (&modes)[N], Key key) {
  for (const auto& [known, mode] : modes)
    if (known == key) return mode;
  return GCRY_CIPHER_MODE_NONE;
}

// CipherHandle: a gcry_cipher_hd_t for AES in one mode, keyed once; closed on destruction.
class CipherHandle {
 public:
  CipherHandle() = default;
  CipherHandle(const CipherHandle&) = delete;
  CipherHandle& operator=(const CipherHandle&) = delete;
  ~CipherHandle() {
    if (handle_ != nullptr) gcry_cipher_close(handle_);
  }

  // open: AES-`key_bits` (per block: the AES key size; `key` may hold two AES keys, XTS and
  // SIV) in `mode`, keyed with `key`; false with `error` on failure.
  bool open(std::size_t key_bits, int mode, std::span<const std::uint8_t> key, std::string& error) {
    gcry_error_t err = gcry_cipher_open(&handle_, algorithm_id(key_bits), mode, 0);
    if (err != 0) {
      handle_ = nullptr;
      error = failure("gcry_cipher_open", err);
      return false;
    }
    err = gcry_cipher_setkey(handle_, key.data(), key.size());
    if (err != 0) error = failure("gcry_cipher_setkey", err);
    return err == 0;
  }

  gcry_cipher_hd_t get() const { return handle_; }

 private:
  gcry_cipher_hd_t handle_ = nullptr;
};

}  // namespace gcrypt_util

std::unique_ptr<Runner> make_libgcrypt_aead_runner(const Item& item, const Material& material,
                                                   std::string& error);
std::unique_ptr<Runner> make_libgcrypt_hash_runner(const Item& item, const Material& material,
                                                   std::string& error);
std::unique_ptr<Runner> make_libgcrypt_cmac_runner(const Item& item, const Material& material,
                                                   std::string& error);

}  // namespace aeskit::cli::speed
