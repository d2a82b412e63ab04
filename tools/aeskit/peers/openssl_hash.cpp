// tools/aeskit/peers/openssl_hash.cpp — OpenSSL as a peer for the hash and HMAC items of
// `aeskit speed`: the EVP_MD (or the "HMAC" EVP_MAC) is fetched and the context created (and
// keyed) once per item; per message EVP_DigestInit_ex2 (EVP_MAC_init with no key: same key),
// one update and the final.
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include <memory>
#include <string>

#include "peers/openssl_util.hpp"
#include "speed/hash.hpp"

namespace aeskit::cli::speed {
namespace {

using openssl_util::failure;

const char* md_name(HashAlgorithm alg) {
  return alg == HashAlgorithm::sha1 ? "SHA1" : alg == HashAlgorithm::sha256 ? "SHA256" : "SHA512";
}

class OpensslDigestRunner final : public Runner {
 public:
  ~OpensslDigestRunner() override {
    EVP_MD_CTX_free(ctx_);
    EVP_MD_free(md_);
  }
  bool init(HashAlgorithm alg, std::string& error) {
    md_ = EVP_MD_fetch(nullptr, md_name(alg), nullptr);
    ctx_ = EVP_MD_CTX_new();
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
      if (EVP_DigestInit_ex2(ctx_, md_, nullptr) != 1 ||
          EVP_DigestUpdate(ctx_, in.data(), in.size()) != 1 ||
          EVP_DigestFinal_ex(ctx_, out.data(), &n) != 1) {
        error = failure("EVP_Digest*");
        return false;
      }
    }
    return true;
  }

 private:
  EVP_MD* md_ = nullptr;
  EVP_MD_CTX* ctx_ = nullptr;
};

class OpensslHmacRunner final : public Runner {
 public:
  ~OpensslHmacRunner() override {
    EVP_MAC_CTX_free(ctx_);
    EVP_MAC_free(mac_);
  }
  bool init(HashAlgorithm alg, std::span<const std::uint8_t> key, std::string& error) {
    mac_ = EVP_MAC_fetch(nullptr, "HMAC", nullptr);
    ctx_ = mac_ ? EVP_MAC_CTX_new(mac_) : nullptr;
    std::string digest = md_name(alg);
    OSSL_PARAM params[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, digest.data(), 0),
        OSSL_PARAM_construct_end()};
    if (!ctx_ || EVP_MAC_init(ctx_, key.data(), key.size(), params) != 1) {
      error = failure("EVP_MAC_fetch(HMAC) / EVP_MAC_init");
      return false;
    }
    out_len_ = digest_length(alg);
    return true;
  }
  bool run(std::size_t count, std::span<const std::uint8_t> in, std::span<std::uint8_t> out,
           std::string& error) override {
    for (std::size_t i = 0; i < count; ++i) {
      std::size_t n = 0;
      if (EVP_MAC_init(ctx_, nullptr, 0, nullptr) != 1 ||
          EVP_MAC_update(ctx_, in.data(), in.size()) != 1 ||
          EVP_MAC_final(ctx_, out.data(), &n, out_len_) != 1) {
        error = failure("EVP_MAC_*");
        return false;
      }
    }
    return true;
  }

 private:
  EVP_MAC* mac_ = nullptr;
  EVP_MAC_CTX* ctx_ = nullptr;
  std::size_t out_len_ = 0;
};

}  // namespace

std::unique_ptr<Runner> make_openssl_hash_runner(const Item& item, const Material& material,
                                                 std::string& error) {
  const HashAlgorithm alg = hash_algorithm_of(item);
  if (is_mac_item(item)) {
    auto r = std::make_unique<OpensslHmacRunner>();
    if (!r->init(alg, material.key.first(kHashMacKeyBytes), error)) return nullptr;
    return r;
  }
  auto r = std::make_unique<OpensslDigestRunner>();
  if (!r->init(alg, error)) return nullptr;
  return r;
}

}  // namespace aeskit::cli::speed
