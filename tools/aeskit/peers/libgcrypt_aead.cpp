// tools/aeskit/peers/libgcrypt_aead.cpp — libgcrypt as a peer for the AEAD items of `aeskit
// speed`: AES-GCM, -OCB, -GCM-SIV, -CCM, -EAX and -SIV, one runner over one cipher handle
// (GCRY_CIPHER_MODE_<family>) opened and keyed per item.
//
// Per message: gcry_cipher_reset where a finished message leaves state that setiv does not
// clear (GCM-SIV, EAX, SIV), gcry_cipher_setiv (the nonce), gcry_cipher_authenticate (the
// AD), one gcry_cipher_encrypt/decrypt, then gcry_cipher_gettag (seal) or
// gcry_cipher_checktag (open). Each family's departures: CCM gives GCRYCTL_SET_CCM_LENGTHS
// {data, AD, tag} after the nonce; OCB calls gcry_cipher_final after the AD, since the one
// data call is the last; SIV authenticates the AD before setiv (the nonce is S2V's last AD
// component); GCM-SIV and SIV open with gcry_cipher_set_decryption_tag before the data (the
// tag is their CTR's starting counter).
#include <gcrypt.h>

#include <string>

#include "peers/libgcrypt_util.hpp"
#include "speed/aead.hpp"

namespace aeskit::cli::speed {
namespace {

using gcrypt_util::failure;

constexpr std::pair<Family, int> kModes[] = {
    {Family::gcm, GCRY_CIPHER_MODE_GCM},         {Family::ocb, GCRY_CIPHER_MODE_OCB},
    {Family::gcm_siv, GCRY_CIPHER_MODE_GCM_SIV},  // libgcrypt 1.10
    {Family::ccm, GCRY_CIPHER_MODE_CCM},         {Family::eax, GCRY_CIPHER_MODE_EAX},
    {Family::siv, GCRY_CIPHER_MODE_SIV},
};

class GcryptAeadRunner final : public AeadRunner<GcryptAeadRunner> {
 public:
  GcryptAeadRunner(const Item& item, const Material& material)
      : AeadRunner(item, material), family_(item.family) {}

  bool init(const Item& item, std::span<const std::uint8_t> key, std::string& error) {
    const int mode = gcrypt_util::mode_for(kModes, family_);
    if (mode == GCRY_CIPHER_MODE_NONE) {
      error = "libgcrypt has no mode matching " + item.algorithm;
      return false;
    }
    return cipher_.open(item.key_bits, mode, key, error);
  }

  bool seal_one(std::span<const std::uint8_t> in, std::span<std::uint8_t> out, std::string& error) {
    if (!start(error, in.size())) return false;
    // In place (out == in) is libgcrypt's "input NULL" form.
    const bool in_place = in.data() == out.data();
    gcry_error_t err =
        gcry_cipher_encrypt(cipher_.get(), out.data(), in.size(), in_place ? nullptr : in.data(),
                            in_place ? 0 : in.size());
    if (err != 0) {
      error = failure("gcry_cipher_encrypt", err);
      return false;
    }
    err = gcry_cipher_gettag(cipher_.get(), out.data() + in.size(), kAeadTagBytes);
    if (err != 0) {
      error = failure("gcry_cipher_gettag", err);
      return false;
    }
    return true;
  }

  bool open_one(std::span<const std::uint8_t> in, const std::uint8_t* tag,
                std::span<std::uint8_t> out, std::string& error) {
    if (!start(error, in.size())) return false;
    gcry_cipher_hd_t handle = cipher_.get();
    gcry_error_t err = 0;
    if (family_ == Family::gcm_siv || family_ == Family::siv) {  // the tag first
      err = gcry_cipher_set_decryption_tag(handle, tag, kAeadTagBytes);
      if (err == 0) err = gcry_cipher_decrypt(handle, out.data(), out.size(), in.data(), in.size());
      if (err != 0) {
        error = failure("gcry_cipher_set_decryption_tag / gcry_cipher_decrypt", err);
        return false;
      }
      return true;
    }
    err = gcry_cipher_decrypt(handle, out.data(), out.size(), in.data(), in.size());
    if (err != 0) {
      error = failure("gcry_cipher_decrypt", err);
      return false;
    }
    err = gcry_cipher_checktag(handle, tag, kAeadTagBytes);
    if (err != 0) {
      error = failure("gcry_cipher_checktag", err);
      return false;
    }
    return true;
  }

 private:
  bool start(std::string& error, std::size_t len) {
    gcry_cipher_hd_t handle = cipher_.get();
    const bool siv = family_ == Family::siv;
    // GCM-SIV's finished message, EAX's header OMAC and SIV's S2V survive setiv.
    const bool reset = family_ == Family::gcm_siv || family_ == Family::eax || siv;
    gcry_error_t err = reset ? gcry_cipher_reset(handle) : 0;
    if (err == 0 && siv) err = gcry_cipher_authenticate(handle, kAeadAd, kAeadAdBytes);
    if (err == 0) err = gcry_cipher_setiv(handle, nonce().data(), nonce().size());
    if (err == 0 && family_ == Family::ccm) {
      std::uint64_t lengths[3] = {len, kAeadAdBytes, kAeadTagBytes};
      err = gcry_cipher_ctl(handle, GCRYCTL_SET_CCM_LENGTHS, lengths, sizeof lengths);
    }
    if (err == 0 && !siv) err = gcry_cipher_authenticate(handle, kAeadAd, kAeadAdBytes);
    if (err == 0 && family_ == Family::ocb) err = gcry_cipher_final(handle);  // next: the last
    if (err != 0) {
      error = failure("gcry_cipher_setiv / gcry_cipher_authenticate", err);
      return false;
    }
    return true;
  }

  Family family_;
  gcrypt_util::CipherHandle cipher_;
};

}  // namespace

std::unique_ptr<Runner> make_libgcrypt_aead_runner(const Item& item, const Material& material,
                                                   std::string& error) {
  auto runner = std::make_unique<GcryptAeadRunner>(item, material);
  if (!runner->init(item, material.key.first(item.key_bytes()), error)) return nullptr;
  return runner;
}

}  // namespace aeskit::cli::speed
