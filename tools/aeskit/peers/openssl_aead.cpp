// tools/aeskit/peers/openssl_aead.cpp — OpenSSL (EVP) AES-GCM and AES-OCB as a peer in
// `aeskit speed` (the EVP_CTRL_GCM_* controls used here are EVP_CTRL_AEAD_*, valid for both;
// OCB's default tag length is the 16 bytes used). CCM items (aes-*-ccm) set the 16-byte tag
// length at init, give the message length before the AD, set the expected tag before the data
// (open verifies inside the data update) and skip EVP_CipherFinal_ex.
//
// Driven the efficient way: the cipher is fetched and the EVP_CIPHER_CTX created, given the
// nonce length and keyed once per item; per message EVP_CipherInit_ex(ctx, NULL, NULL, NULL,
// nonce, enc) resets the nonce, then one AAD update, one data update and the final, with
// EVP_CTRL_GCM_GET_TAG after it (seal) or EVP_CTRL_GCM_SET_TAG before it (open).
#include <openssl/err.h>
#include <openssl/evp.h>

#include <climits>
#include <string>

#include "peers/openssl_util.hpp"
#include "speed/aead.hpp"

namespace aeskit::cli::speed {
namespace {

using openssl_util::CipherFree;
using openssl_util::CtxFree;
using openssl_util::failure;

class OpensslAeadRunner final : public AeadRunner<OpensslAeadRunner> {
 public:
  OpensslAeadRunner(const Item& item, const Material& material)
      : AeadRunner(item, material), ccm_(item.algorithm.find("-CCM") != std::string::npos) {}

  bool init(const Item& item, std::span<const std::uint8_t> key, std::string& error) {
    cipher_.reset(EVP_CIPHER_fetch(nullptr, item.algorithm.c_str(), nullptr));
    if (!cipher_) {
      error = failure(("EVP_CIPHER_fetch(" + item.algorithm + ")").c_str());
      return false;
    }
    ctx_.reset(EVP_CIPHER_CTX_new());
    if (!ctx_) {
      error = failure("EVP_CIPHER_CTX_new");
      return false;
    }
    EVP_CIPHER_CTX* ctx = ctx_.get();
    const int enc = item.direction == Direction::encrypt ? 1 : 0;
    if (EVP_CipherInit_ex(ctx, cipher_.get(), nullptr, nullptr, nullptr, enc) != 1 ||
        EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_IVLEN, static_cast<int>(nonce().size()),
                            nullptr) != 1 ||
        (ccm_ && EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, static_cast<int>(kAeadTagBytes),
                                     nullptr) != 1) ||
        EVP_CipherInit_ex(ctx, nullptr, nullptr, key.data(), nullptr, enc) != 1) {
      error = failure("EVP_CipherInit_ex / EVP_CTRL_GCM_SET_IVLEN");
      return false;
    }
    // OCB keys its context for one direction (decryption needs the inverse schedule), so an
    // open item's seals (AeadRunner's find_tag, untimed) re-key for encryption and back.
    // CCM too: a context keyed for decryption seals wrongly (OpenSSL 3.0 keeps the direction).
    if (enc == 0 && (item.algorithm.find("-OCB") != std::string::npos || ccm_)) ocb_open_key_ = key;
    return true;
  }

  bool seal_one(std::span<const std::uint8_t> in, std::span<std::uint8_t> out, std::string& error) {
    if (!ocb_open_key_.empty()) {
      const bool sealed = rekey(1, error) && seal_now(in, out, error);
      return rekey(0, error) && sealed;
    }
    return seal_now(in, out, error);
  }

  bool rekey(int enc, std::string& error) {
    if (EVP_CipherInit_ex(ctx_.get(), nullptr, nullptr, ocb_open_key_.data(), nullptr, enc) != 1) {
      error = failure("EVP_CipherInit_ex (OCB re-key)");
      return false;
    }
    return true;
  }

  bool seal_now(std::span<const std::uint8_t> in, std::span<std::uint8_t> out, std::string& error) {
    int n = 0;
    if (!start(1, in, error)) return false;
    if (EVP_CipherUpdate(ctx_.get(), out.data(), &n, in.data(), static_cast<int>(in.size())) != 1) {
      error = failure("EVP_CipherUpdate");
      return false;
    }
    int tail = 0;
    if (!ccm_ && EVP_CipherFinal_ex(ctx_.get(), out.data() + n, &tail) != 1) {
      error = failure("EVP_CipherFinal_ex");
      return false;
    }
    if (EVP_CIPHER_CTX_ctrl(ctx_.get(), EVP_CTRL_GCM_GET_TAG, static_cast<int>(kAeadTagBytes),
                            out.data() + in.size()) != 1) {
      error = failure("EVP_CTRL_GCM_GET_TAG");
      return false;
    }
    return true;
  }

  bool open_one(std::span<const std::uint8_t> in, const std::uint8_t* tag,
                std::span<std::uint8_t> out, std::string& error) {
    int n = 0;
    if (!start(0, in, error, tag)) return false;
    if (EVP_CipherUpdate(ctx_.get(), out.data(), &n, in.data(), static_cast<int>(in.size())) != 1) {
      error = failure("EVP_CipherUpdate");
      return false;
    }
    if (ccm_) return true;  // verified inside the update
    if (EVP_CIPHER_CTX_ctrl(ctx_.get(), EVP_CTRL_GCM_SET_TAG, static_cast<int>(kAeadTagBytes),
                            const_cast<std::uint8_t*>(tag)) != 1) {
      error = failure("EVP_CTRL_GCM_SET_TAG");
      return false;
    }
    int tail = 0;
    if (EVP_CipherFinal_ex(ctx_.get(), out.data() + n, &tail) != 1) {
      error = failure("EVP_CipherFinal_ex (tag rejected)");
      return false;
    }
    return true;
  }

 private:
  // start: new nonce, then the AAD (CCM: the tag to check, and the length, first).
  bool start(int enc, std::span<const std::uint8_t> in, std::string& error,
             const std::uint8_t* tag = nullptr) {
    if (in.size() > INT_MAX) {
      error = "message too long for EVP";
      return false;
    }
    int n = 0;
    if (EVP_CipherInit_ex(ctx_.get(), nullptr, nullptr, nullptr, nonce().data(), enc) != 1) {
      error = failure("EVP_CipherInit_ex");
      return false;
    }
    if (ccm_ &&
        ((tag != nullptr &&
          EVP_CIPHER_CTX_ctrl(ctx_.get(), EVP_CTRL_AEAD_SET_TAG, static_cast<int>(kAeadTagBytes),
                              const_cast<std::uint8_t*>(tag)) != 1) ||
         EVP_CipherUpdate(ctx_.get(), nullptr, &n, nullptr, static_cast<int>(in.size())) != 1)) {
      error = failure("EVP_CTRL_AEAD_SET_TAG / CCM length");
      return false;
    }
    if (EVP_CipherUpdate(ctx_.get(), nullptr, &n, kAeadAd, static_cast<int>(kAeadAdBytes)) != 1) {
      error = failure("EVP_CipherUpdate (AAD)");
      return false;
    }
    return true;
  }

  std::unique_ptr<EVP_CIPHER, CipherFree> cipher_;
  std::unique_ptr<EVP_CIPHER_CTX, CtxFree> ctx_;
  std::span<const std::uint8_t> ocb_open_key_;  // set for OCB and CCM open items only
  bool ccm_;
};

}  // namespace

std::unique_ptr<Runner> make_openssl_aead_runner(const Item& item, const Material& material,
                                                 std::string& error) {
  auto runner = std::make_unique<OpensslAeadRunner>(item, material);
  if (!runner->init(item, material.key.first(item.key_bits / 8), error)) return nullptr;
  return runner;
}

}  // namespace aeskit::cli::speed
