// tools/aeskit/peers/openssl_mac.cpp — OpenSSL as a peer for the CMAC items (EVP_MAC "CMAC"
// with cipher AES-*-CBC: keyed once, EVP_MAC_init(ctx, NULL, 0, NULL) restarts it per
// message) and the SIV items (EVP "AES-128-SIV"/"AES-256-SIV": one AAD update, the nonce as
// a second AAD update — S2V's last AD component, as OpenSSL's SIV takes no IV — then one
// data update and the final). OpenSSL's SIV context keeps its S2V state across messages
// and offers no reset without the key, so each SIV message re-keys the context (what an
// application must do too). OpenSSL has no EAX.
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include <climits>
#include <string>

#include "peers/openssl_util.hpp"
#include "speed/aead.hpp"
#include "speed/mac.hpp"

namespace aeskit::cli::speed {
namespace {

using openssl_util::CipherFree;
using openssl_util::CtxFree;
using openssl_util::failure;

class OpensslCmacRunner final : public Runner {
 public:
  OpensslCmacRunner() = default;
  OpensslCmacRunner(const OpensslCmacRunner&) = delete;
  OpensslCmacRunner& operator=(const OpensslCmacRunner&) = delete;
  ~OpensslCmacRunner() override {
    EVP_MAC_CTX_free(ctx_);
    EVP_MAC_free(mac_);
  }
  bool init(const Item& item, std::span<const std::uint8_t> key, std::string& error) {
    mac_ = EVP_MAC_fetch(nullptr, "CMAC", nullptr);
    ctx_ = mac_ ? EVP_MAC_CTX_new(mac_) : nullptr;
    const std::string cbc = "AES-" + std::to_string(item.key_bits) + "-CBC";
    OSSL_PARAM params[2] = {
        OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER, const_cast<char*>(cbc.c_str()), 0),
        OSSL_PARAM_construct_end()};
    if (ctx_ == nullptr || EVP_MAC_init(ctx_, key.data(), key.size(), params) != 1) {
      error = failure("EVP_MAC_fetch(CMAC) / EVP_MAC_init");
      return false;
    }
    return true;
  }
  bool run(std::size_t count, std::span<const std::uint8_t> in, std::span<std::uint8_t> out,
           std::string& error) override {
    for (std::size_t i = 0; i < count; ++i) {
      std::size_t len = 0;
      if (EVP_MAC_init(ctx_, nullptr, 0, nullptr) != 1 ||
          EVP_MAC_update(ctx_, in.data(), in.size()) != 1 ||
          EVP_MAC_final(ctx_, out.data(), &len, kCmacTagBytes) != 1) {
        error = failure("EVP_MAC_init/update/final");
        return false;
      }
    }
    return true;
  }

 private:
  EVP_MAC* mac_ = nullptr;
  EVP_MAC_CTX* ctx_ = nullptr;
};

class OpensslSivRunner final : public AeadRunner<OpensslSivRunner> {
 public:
  OpensslSivRunner(const Item& item, const Material& material, std::span<const std::uint8_t> key)
      : AeadRunner(item, material), key_(key) {}

  bool init(const Item& item, std::string& error) {
    cipher_.reset(EVP_CIPHER_fetch(nullptr, item.algorithm.c_str(), nullptr));
    ctx_.reset(EVP_CIPHER_CTX_new());
    if (!cipher_ || !ctx_) {
      error = failure(("EVP_CIPHER_fetch(" + item.algorithm + ")").c_str());
      return false;
    }
    return true;
  }

  bool seal_one(std::span<const std::uint8_t> in, std::span<std::uint8_t> out, std::string& error) {
    int n = 0, tail = 0;
    if (!start(1, in, error)) return false;
    if (EVP_CipherUpdate(ctx_.get(), out.data(), &n, in.data(), static_cast<int>(in.size())) != 1 ||
        EVP_CipherFinal_ex(ctx_.get(), out.data() + n, &tail) != 1 ||
        EVP_CIPHER_CTX_ctrl(ctx_.get(), EVP_CTRL_AEAD_GET_TAG, static_cast<int>(kAeadTagBytes),
                            out.data() + in.size()) != 1) {
      error = failure("EVP_CipherUpdate / EVP_CipherFinal_ex / EVP_CTRL_AEAD_GET_TAG");
      return false;
    }
    return true;
  }

  bool open_one(std::span<const std::uint8_t> in, const std::uint8_t* tag,
                std::span<std::uint8_t> out, std::string& error) {
    int n = 0, tail = 0;
    if (!start(0, in, error)) return false;
    if (EVP_CIPHER_CTX_ctrl(ctx_.get(), EVP_CTRL_AEAD_SET_TAG, static_cast<int>(kAeadTagBytes),
                            const_cast<std::uint8_t*>(tag)) != 1 ||
        EVP_CipherUpdate(ctx_.get(), out.data(), &n, in.data(), static_cast<int>(in.size())) != 1 ||
        EVP_CipherFinal_ex(ctx_.get(), out.data() + n, &tail) != 1) {
      error = failure("EVP_CipherUpdate / EVP_CipherFinal_ex (tag rejected)");
      return false;
    }
    return true;
  }

 private:
  // start: re-key (a fresh S2V), then the AD and the nonce as two AAD components.
  bool start(int enc, std::span<const std::uint8_t> in, std::string& error) {
    if (in.size() > INT_MAX) {
      error = "message too long for EVP";
      return false;
    }
    int n = 0;
    if (EVP_CipherInit_ex(ctx_.get(), cipher_.get(), nullptr, key_.data(), nullptr, enc) != 1 ||
        EVP_CipherUpdate(ctx_.get(), nullptr, &n, kAeadAd, static_cast<int>(kAeadAdBytes)) != 1 ||
        EVP_CipherUpdate(ctx_.get(), nullptr, &n, nonce().data(),
                         static_cast<int>(nonce().size())) != 1) {
      error = failure("EVP_CipherInit_ex / EVP_CipherUpdate (AAD)");
      return false;
    }
    return true;
  }

  std::span<const std::uint8_t> key_;
  std::unique_ptr<EVP_CIPHER, CipherFree> cipher_;
  std::unique_ptr<EVP_CIPHER_CTX, CtxFree> ctx_;
};

}  // namespace

std::unique_ptr<Runner> make_openssl_cmac_runner(const Item& item, const Material& material,
                                                 std::string& error) {
  auto runner = std::make_unique<OpensslCmacRunner>();
  if (!runner->init(item, material.key.first(item.key_bits / 8), error)) return nullptr;
  return runner;
}

std::unique_ptr<Runner> make_openssl_mac_aead_runner(const Item& item, const Material& material,
                                                     std::string& error) {
  if (!is_cmac_siv_name(item.algorithm)) {
    error.clear();  // no EAX in OpenSSL: measured without it
    return nullptr;
  }
  auto runner =
      std::make_unique<OpensslSivRunner>(item, material, material.key.first(item.key_bits / 4));
  if (!runner->init(item, error)) return nullptr;
  return runner;
}

}  // namespace aeskit::cli::speed
