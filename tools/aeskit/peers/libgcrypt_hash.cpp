// tools/aeskit/peers/libgcrypt_hash.cpp — libgcrypt as a peer for the hash and HMAC items of
// `aeskit speed`: gcry_md_open (with GCRY_MD_FLAG_HMAC and gcry_md_setkey for HMAC) once per
// item; per message gcry_md_reset (keeps the key), one gcry_md_write and gcry_md_read.
#include <gcrypt.h>

#include <cstring>
#include <memory>
#include <string>

#include "peers/libgcrypt_util.hpp"
#include "speed/hash.hpp"

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

}  // namespace

std::unique_ptr<Runner> make_libgcrypt_hash_runner(const Item& item, const Material& material,
                                                   std::string& error) {
  auto r = std::make_unique<GcryptHashRunner>();
  if (!r->init(hash_algorithm_of(item), is_mac_item(item), material.key.first(kHashMacKeyBytes),
               error))
    return nullptr;
  return r;
}

}  // namespace aeskit::cli::speed
