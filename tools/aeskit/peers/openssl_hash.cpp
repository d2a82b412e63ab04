// tools/aeskit/peers/openssl_hash.cpp — OpenSSL as a peer for the hash, HMAC and CMAC items
// of `aeskit speed`: the EVP_MD, or the EVP_MAC ("HMAC" with its digest, "CMAC" with cipher
// AES-*-CBC), is fetched and the context created (and keyed) once per item; per message
// EVP_DigestInit_ex2 (EVP_MAC_init with no key: same key), one update and the final.
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include <memory>
#include <string>

#include "peers/openssl_util.hpp"
#include "speed/hash.hpp"
#include "speed/mac.hpp"

namespace aeskit::cli::speed {
namespace {

using openssl_util::failure;
using openssl_util::Owned;

const char* md_name(HashAlgorithm alg) {
  return alg == HashAlgorithm::sha1 ? "SHA1" : alg == HashAlgorithm::sha256 ? "SHA256" : "SHA512";
}

class OpensslDigestRunner final : public Runner {
 public:
  bool init(HashAlgorithm alg, std::string& error) {
    md_.reset(EVP_MD_fetch(nullptr, md_name(alg), nullptr));
    ctx_.reset(EVP_MD_CTX_new());
    if (!md_ || !ctx_) {
      error = failure("EVP_MD_fetch / EVP_MD_CTX_new");
      return false;
    }
    return true;
  }
  bool run(std::size_t count, std::span<const std::uint8_t> in, std::span<std::uint8_t> out,
           std::string& error) override {
    for (std::size_t i = 0; i < count; ++i) {
      unsigned n = 0;
      if (EVP_DigestInit_ex2(ctx_.get(), md_.get(), nullptr) != 1 ||
          EVP_DigestUpdate(ctx_.get(), in.data(), in.size()) != 1 ||
          EVP_DigestFinal_ex(ctx_.get(), out.data(), &n) != 1) {
        error = failure("EVP_Digest*");
        return false;
      }
    }
    return true;
  }

 private:
  Owned<EVP_MD, EVP_MD_free> md_;
  Owned<EVP_MD_CTX, EVP_MD_CTX_free> ctx_;
};

// OpensslMacRunner: an EVP_MAC (`mac`: "HMAC" or "CMAC") whose one string parameter names
// what it runs on (`param`: the digest or the cipher).
class OpensslMacRunner final : public Runner {
 public:
  bool init(const char* mac, const char* param, std::string value,
            std::span<const std::uint8_t> key, std::size_t out_len, std::string& error) {
    mac_.reset(EVP_MAC_fetch(nullptr, mac, nullptr));
    if (mac_) ctx_.reset(EVP_MAC_CTX_new(mac_.get()));
    OSSL_PARAM params[] = {OSSL_PARAM_construct_utf8_string(param, value.data(), 0),
                           OSSL_PARAM_construct_end()};
    if (!ctx_ || EVP_MAC_init(ctx_.get(), key.data(), key.size(), params) != 1) {
      error = failure(("EVP_MAC_fetch(" + std::string(mac) + ") / EVP_MAC_init").c_str());
      return false;
    }
    out_len_ = out_len;
    return true;
  }
  bool run(std::size_t count, std::span<const std::uint8_t> in, std::span<std::uint8_t> out,
           std::string& error) override {
    for (std::size_t i = 0; i < count; ++i) {
      std::size_t n = 0;
      if (EVP_MAC_init(ctx_.get(), nullptr, 0, nullptr) != 1 ||
          EVP_MAC_update(ctx_.get(), in.data(), in.size()) != 1 ||
          EVP_MAC_final(ctx_.get(), out.data(), &n, out_len_) != 1) {
        error = failure("EVP_MAC_init/update/final");
        return false;
      }
    }
    return true;
  }

 private:
  Owned<EVP_MAC, EVP_MAC_free> mac_;
  Owned<EVP_MAC_CTX, EVP_MAC_CTX_free> ctx_;
  std::size_t out_len_ = 0;
};

}  // namespace

std::unique_ptr<Runner> make_openssl_hash_runner(const Item& item, const Material& /*material*/,
                                                 std::string& error) {
  auto runner = std::make_unique<OpensslDigestRunner>();
  if (!runner->init(hash_algorithm_of(item), error)) return nullptr;
  return runner;
}

std::unique_ptr<Runner> make_openssl_mac_runner(const Item& item, const Material& material,
                                                std::string& error) {
  auto runner = std::make_unique<OpensslMacRunner>();
  const HashAlgorithm alg = hash_algorithm_of(item);
  const bool ok =
      item.family == Family::hmac
          ? runner->init("HMAC", OSSL_MAC_PARAM_DIGEST, md_name(alg),
                         material.key.first(kHashMacKeyBytes), digest_length(alg), error)
          : runner->init("CMAC", OSSL_MAC_PARAM_CIPHER,
                         "AES-" + std::to_string(item.key_bits) + "-CBC",
                         material.key.first(item.key_bytes()), kCmacTagBytes, error);
  if (!ok) return nullptr;
  return runner;
}

}  // namespace aeskit::cli::speed
