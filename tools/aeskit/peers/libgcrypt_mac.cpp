// tools/aeskit/peers/libgcrypt_mac.cpp — libgcrypt as a peer for the CMAC items
// (GCRY_MAC_CMAC_AES: keyed once, gcry_mac_reset + write + read per message) and the EAX and
// SIV items (GCRY_CIPHER_MODE_EAX / _SIV, keyed once). EAX per message:
// gcry_cipher_reset, setiv (the nonce), authenticate (the AD), one encrypt/decrypt,
// gettag/checktag. SIV per message:
// gcry_cipher_reset (a new S2V), authenticate (the AD component), setiv (the nonce, S2V's
// last AD component), then one encrypt + gettag, or set_decryption_tag + one decrypt.
#include <gcrypt.h>

#include <string>

#include "peers/libgcrypt_util.hpp"
#include "speed/aead.hpp"
#include "speed/mac.hpp"

namespace aeskit::cli::speed {
namespace {

using gcrypt_util::algorithm_id;
using gcrypt_util::failure;

class GcryptCmacRunner final : public Runner {
 public:
  GcryptCmacRunner() = default;
  GcryptCmacRunner(const GcryptCmacRunner&) = delete;
  GcryptCmacRunner& operator=(const GcryptCmacRunner&) = delete;
  ~GcryptCmacRunner() override {
    if (handle_ != nullptr) gcry_mac_close(handle_);
  }
  bool init(std::span<const std::uint8_t> key, std::string& error) {
    gcry_error_t err = gcry_mac_open(&handle_, GCRY_MAC_CMAC_AES, 0, nullptr);
    if (err != 0) {
      handle_ = nullptr;
      error = failure("gcry_mac_open(CMAC_AES)", err);
      return false;
    }
    err = gcry_mac_setkey(handle_, key.data(), key.size());
    if (err != 0) error = failure("gcry_mac_setkey", err);
    return err == 0;
  }
  bool run(std::size_t count, std::span<const std::uint8_t> in, std::span<std::uint8_t> out,
           std::string& error) override {
    for (std::size_t i = 0; i < count; ++i) {
      std::size_t len = kCmacTagBytes;
      gcry_error_t err = gcry_mac_reset(handle_);
      if (err == 0) err = gcry_mac_write(handle_, in.data(), in.size());
      if (err == 0) err = gcry_mac_read(handle_, out.data(), &len);
      if (err != 0) {
        error = failure("gcry_mac_reset/write/read", err);
        return false;
      }
    }
    return true;
  }

 private:
  gcry_mac_hd_t handle_ = nullptr;
};

class GcryptMacAeadRunner final : public AeadRunner<GcryptMacAeadRunner> {
 public:
  GcryptMacAeadRunner(const Item& item, const Material& material)
      : AeadRunner(item, material), siv_(is_cmac_siv_name(item.algorithm)) {}
  GcryptMacAeadRunner(const GcryptMacAeadRunner&) = delete;
  GcryptMacAeadRunner& operator=(const GcryptMacAeadRunner&) = delete;
  ~GcryptMacAeadRunner() override {
    if (handle_ != nullptr) gcry_cipher_close(handle_);
  }

  bool init(const Item& item, std::span<const std::uint8_t> key, std::string& error) {
    gcry_error_t err = gcry_cipher_open(&handle_, algorithm_id(item.key_bits),
                                        siv_ ? GCRY_CIPHER_MODE_SIV : GCRY_CIPHER_MODE_EAX, 0);
    if (err != 0) {
      handle_ = nullptr;
      error = failure("gcry_cipher_open", err);
      return false;
    }
    err = gcry_cipher_setkey(handle_, key.data(), key.size());
    if (err != 0) error = failure("gcry_cipher_setkey", err);
    return err == 0;
  }

  bool seal_one(std::span<const std::uint8_t> in, std::span<std::uint8_t> out, std::string& error) {
    if (!start(error)) return false;
    const bool in_place = in.data() == out.data();
    gcry_error_t err = gcry_cipher_encrypt(
        handle_, out.data(), in.size(), in_place ? nullptr : in.data(), in_place ? 0 : in.size());
    if (err == 0) err = gcry_cipher_gettag(handle_, out.data() + in.size(), kAeadTagBytes);
    if (err != 0) {
      error = failure("gcry_cipher_encrypt / gcry_cipher_gettag", err);
      return false;
    }
    return true;
  }

  bool open_one(std::span<const std::uint8_t> in, const std::uint8_t* tag,
                std::span<std::uint8_t> out, std::string& error) {
    if (!start(error)) return false;
    gcry_error_t err = 0;
    if (siv_) {
      err = gcry_cipher_set_decryption_tag(handle_, tag, kAeadTagBytes);
      if (err == 0)
        err = gcry_cipher_decrypt(handle_, out.data(), out.size(), in.data(), in.size());
    } else {
      err = gcry_cipher_decrypt(handle_, out.data(), out.size(), in.data(), in.size());
      if (err == 0) err = gcry_cipher_checktag(handle_, tag, kAeadTagBytes);
    }
    if (err != 0) {
      error = failure("gcry_cipher_decrypt / tag check", err);
      return false;
    }
    return true;
  }

 private:
  bool start(std::string& error) {
    gcry_error_t err = 0;
    if (siv_) {
      err = gcry_cipher_reset(handle_);
      if (err == 0) err = gcry_cipher_authenticate(handle_, kAeadAd, kAeadAdBytes);
      if (err == 0) err = gcry_cipher_setiv(handle_, nonce().data(), nonce().size());
    } else {  // reset too: libgcrypt's EAX setiv alone keeps the previous header's OMAC
      err = gcry_cipher_reset(handle_);
      if (err == 0) err = gcry_cipher_setiv(handle_, nonce().data(), nonce().size());
      if (err == 0) err = gcry_cipher_authenticate(handle_, kAeadAd, kAeadAdBytes);
    }
    if (err != 0) {
      error = failure("gcry_cipher_setiv / gcry_cipher_authenticate", err);
      return false;
    }
    return true;
  }

  bool siv_;
  gcry_cipher_hd_t handle_ = nullptr;
};

}  // namespace

std::unique_ptr<Runner> make_libgcrypt_cmac_runner(const Item& item, const Material& material,
                                                   std::string& error) {
  auto runner = std::make_unique<GcryptCmacRunner>();
  if (!runner->init(material.key.first(item.key_bits / 8), error)) return nullptr;
  return runner;
}

std::unique_ptr<Runner> make_libgcrypt_mac_aead_runner(const Item& item, const Material& material,
                                                       std::string& error) {
  auto runner = std::make_unique<GcryptMacAeadRunner>(item, material);
  const std::size_t key_bytes = item.key_bits / 8 * (is_cmac_siv_name(item.algorithm) ? 2 : 1);
  if (!runner->init(item, material.key.first(key_bytes), error)) return nullptr;
  return runner;
}

}  // namespace aeskit::cli::speed
