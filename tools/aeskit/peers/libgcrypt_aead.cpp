// tools/aeskit/peers/libgcrypt_aead.cpp — libgcrypt AES-GCM (and AES-OCB) as a peer in
// `aeskit speed`. OCB items open a GCRY_CIPHER_MODE_OCB handle instead (default 16-byte
// tag) and call gcry_cipher_final after the AD, since the one data call is the last. CCM items
// open GCRY_CIPHER_MODE_CCM and give GCRYCTL_SET_CCM_LENGTHS {data, AD, tag} after the nonce.
//
// Driven the efficient way: one GCM handle opened and keyed per item; per message
// gcry_cipher_setiv (the nonce), gcry_cipher_authenticate (the AD), one
// gcry_cipher_encrypt/decrypt, then gcry_cipher_gettag (seal) or gcry_cipher_checktag (open).
#include <gcrypt.h>

#include <string>

#include "peers/libgcrypt_util.hpp"
#include "speed/aead.hpp"

namespace aeskit::cli::speed {
namespace {

using gcrypt_util::algorithm_id;
using gcrypt_util::failure;

class GcryptAeadRunner final : public AeadRunner<GcryptAeadRunner> {
 public:
  GcryptAeadRunner(const Item& item, const Material& material)
      : AeadRunner(item, material),
        ocb_(item.algorithm.find("-OCB") != std::string::npos),
        ccm_(item.algorithm.find("-CCM") != std::string::npos),
        gcm_siv_(item.algorithm.find("-GCM-SIV") != std::string::npos) {}
  GcryptAeadRunner(const GcryptAeadRunner&) = delete;
  GcryptAeadRunner& operator=(const GcryptAeadRunner&) = delete;
  ~GcryptAeadRunner() override {
    if (handle_ != nullptr) gcry_cipher_close(handle_);
  }

  bool init(const Item& item, std::span<const std::uint8_t> key, std::string& error) {
    gcry_error_t err = gcry_cipher_open(&handle_, algorithm_id(item.key_bits),
                                        ocb_       ? GCRY_CIPHER_MODE_OCB
                                        : ccm_     ? GCRY_CIPHER_MODE_CCM
                                        : gcm_siv_ ? GCRY_CIPHER_MODE_GCM_SIV
                                                   : GCRY_CIPHER_MODE_GCM,
                                        0);
    if (err != 0) {
      handle_ = nullptr;
      error = failure("gcry_cipher_open", err);
      return false;
    }
    err = gcry_cipher_setkey(handle_, key.data(), key.size());
    if (err != 0) {
      error = failure("gcry_cipher_setkey", err);
      return false;
    }
    return true;
  }

  bool seal_one(std::span<const std::uint8_t> in, std::span<std::uint8_t> out, std::string& error) {
    if (!start(error, in.size())) return false;
    // In place (out == in) is libgcrypt's "input NULL" form.
    const bool in_place = in.data() == out.data();
    gcry_error_t err = gcry_cipher_encrypt(
        handle_, out.data(), in.size(), in_place ? nullptr : in.data(), in_place ? 0 : in.size());
    if (err != 0) {
      error = failure("gcry_cipher_encrypt", err);
      return false;
    }
    err = gcry_cipher_gettag(handle_, out.data() + in.size(), kAeadTagBytes);
    if (err != 0) {
      error = failure("gcry_cipher_gettag", err);
      return false;
    }
    return true;
  }

  bool open_one(std::span<const std::uint8_t> in, const std::uint8_t* tag,
                std::span<std::uint8_t> out, std::string& error) {
    if (!start(error, in.size())) return false;
    if (gcm_siv_) {  // GCM-SIV: the tag comes first (it is the CTR's starting counter)
      gcry_error_t err = gcry_cipher_set_decryption_tag(handle_, tag, kAeadTagBytes);
      if (err == 0)
        err = gcry_cipher_decrypt(handle_, out.data(), out.size(), in.data(), in.size());
      if (err != 0) {
        error = failure("gcry_cipher_set_decryption_tag / gcry_cipher_decrypt", err);
        return false;
      }
      return true;
    }
    gcry_error_t err = gcry_cipher_decrypt(handle_, out.data(), out.size(), in.data(), in.size());
    if (err != 0) {
      error = failure("gcry_cipher_decrypt", err);
      return false;
    }
    err = gcry_cipher_checktag(handle_, tag, kAeadTagBytes);
    if (err != 0) {
      error = failure("gcry_cipher_checktag", err);
      return false;
    }
    return true;
  }

 private:
  bool start(std::string& error, std::size_t len) {
    // GCM-SIV: a finished message leaves the handle in a state setiv does not clear.
    gcry_error_t err = gcm_siv_ ? gcry_cipher_reset(handle_) : 0;
    if (err == 0) err = gcry_cipher_setiv(handle_, nonce().data(), nonce().size());
    if (err == 0 && ccm_) {
      std::uint64_t lengths[3] = {len, kAeadAdBytes, kAeadTagBytes};
      err = gcry_cipher_ctl(handle_, GCRYCTL_SET_CCM_LENGTHS, lengths, sizeof lengths);
    }
    if (err == 0) err = gcry_cipher_authenticate(handle_, kAeadAd, kAeadAdBytes);
    if (err == 0 && ocb_) err = gcry_cipher_final(handle_);  // OCB: the next call is the last
    if (err != 0) {
      error = failure("gcry_cipher_setiv / gcry_cipher_authenticate", err);
      return false;
    }
    return true;
  }

  bool ocb_;
  bool ccm_;
  bool gcm_siv_;  // GCRY_CIPHER_MODE_GCM_SIV (libgcrypt 1.10)
  gcry_cipher_hd_t handle_ = nullptr;
};

}  // namespace

std::unique_ptr<Runner> make_libgcrypt_aead_runner(const Item& item, const Material& material,
                                                   std::string& error) {
  auto runner = std::make_unique<GcryptAeadRunner>(item, material);
  if (!runner->init(item, material.key.first(item.key_bits / 8), error)) return nullptr;
  return runner;
}

}  // namespace aeskit::cli::speed
