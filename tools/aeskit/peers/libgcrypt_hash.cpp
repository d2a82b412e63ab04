// tools/aeskit/peers/libgcrypt_hash.cpp — libgcrypt as a peer for the hash, HMAC and CMAC
// items of `aeskit speed`. Hash and HMAC: gcry_md_open (with GCRY_MD_FLAG_HMAC and
// gcry_md_setkey for HMAC) once per item; per message gcry_md_reset (keeps the key), one
// gcry_md_write and gcry_md_read. CMAC: gcry_mac_open(GCRY_MAC_CMAC_AES) keyed once per item;
// per message gcry_mac_reset, one gcry_mac_write and gcry_mac_read.
#include <gcrypt.h>

#include <cstring>
#include <memory>
#include <string>

#include "peers/libgcrypt_util.hpp"
#include "speed/hash.hpp"
#include "speed/mac.hpp"

namespace aeskit::cli::speed {
namespace {

using gcrypt_util::failure;

int md_id(HashAlgorithm alg) {
  return alg == HashAlgorithm::sha1     ? GCRY_MD_SHA1
         : alg == HashAlgorithm::sha256 ? GCRY_MD_SHA256
                                        : GCRY_MD_SHA512;
}

class GcryptHashRunner final : public Runner {
 public:
  ~GcryptHashRunner() override {
    if (hd_) gcry_md_close(hd_);
  }
  bool init(HashAlgorithm alg, bool mac, std::span<const std::uint8_t> key, std::string& error) {
    algo_ = md_id(alg);
    len_ = digest_length(alg);
    gcry_error_t err = gcry_md_open(&hd_, algo_, mac ? GCRY_MD_FLAG_HMAC : 0);
    if (err == 0 && mac) err = gcry_md_setkey(hd_, key.data(), key.size());
    if (err != 0) {
      error = failure("gcry_md_open / gcry_md_setkey", err);
      return false;
    }
    return true;
  }
  bool run(std::size_t count, std::span<const std::uint8_t> in, std::span<std::uint8_t> out,
           std::string& /*error*/) override {
    for (std::size_t i = 0; i < count; ++i) {
      gcry_md_reset(hd_);
      gcry_md_write(hd_, in.data(), in.size());
      std::memcpy(out.data(), gcry_md_read(hd_, algo_), len_);
    }
    return true;
  }

 private:
  gcry_md_hd_t hd_ = nullptr;
  int algo_ = 0;
  std::size_t len_ = 0;
};

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

}  // namespace

std::unique_ptr<Runner> make_libgcrypt_hash_runner(const Item& item, const Material& material,
                                                   std::string& error) {
  auto r = std::make_unique<GcryptHashRunner>();
  if (!r->init(hash_algorithm_of(item), item.family == Family::hmac,
               material.key.first(kHashMacKeyBytes), error))
    return nullptr;
  return r;
}

std::unique_ptr<Runner> make_libgcrypt_cmac_runner(const Item& item, const Material& material,
                                                   std::string& error) {
  auto runner = std::make_unique<GcryptCmacRunner>();
  if (!runner->init(material.key.first(item.key_bytes()), error)) return nullptr;
  return runner;
}

}  // namespace aeskit::cli::speed
