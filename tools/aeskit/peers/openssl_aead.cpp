// tools/aeskit/peers/openssl_aead.cpp — OpenSSL (EVP) as a peer for the AEAD items of
// `aeskit speed`: AES-GCM, AES-OCB, AES-CCM and AES-SIV, one runner (EVP_CTRL_AEAD_*
// controls; OCB's default tag length is the 16 bytes used).
//
// Driven the efficient way: the cipher is fetched and the EVP_CIPHER_CTX created, given the
// nonce length and keyed once per item; per message EVP_CipherInit_ex(ctx, NULL, NULL, NULL,
// nonce, enc) resets the nonce, then one AAD update, one data update and the final, with
// EVP_CTRL_AEAD_GET_TAG after it (seal) or EVP_CTRL_AEAD_SET_TAG before it (open).
// CCM sets the 16-byte tag length at init, gives the message length before the AD, sets the
// expected tag before the data (open verifies inside the data update) and skips the final.
// SIV takes no nonce: it is a second AAD update (S2V's last AD component); and its context
// keeps its S2V state across messages with no reset short of the key, so each SIV message
// re-keys the context (what an application must do too) and sets the expected tag before
// the data.
#include <openssl/err.h>
#include <openssl/evp.h>

#include <climits>
#include <string>

#include "peers/openssl_util.hpp"
#include "speed/aead.hpp"

namespace aeskit::cli::speed {
namespace {

using openssl_util::failure;

class OpensslAeadRunner final : public AeadRunner<OpensslAeadRunner> {
 public:
  OpensslAeadRunner(const Item& item, const Material& material)
      : AeadRunner(item, material),
        ccm_(item.family == Family::ccm),
        siv_(item.family == Family::siv),
        key_(material.key.first(item.key_bytes())) {}

  bool init(const Item& item, std::string& error) {
    cipher_.reset(EVP_CIPHER_fetch(nullptr, item.algorithm.c_str(), nullptr));
    ctx_.reset(EVP_CIPHER_CTX_new());
    if (!cipher_ || !ctx_) {
      error = failure(("EVP_CIPHER_fetch(" + item.algorithm + ") / EVP_CIPHER_CTX_new").c_str());
      return false;
    }
    if (siv_) return true;  // keyed per message (start)
    EVP_CIPHER_CTX* ctx = ctx_.get();
    const int enc = item.direction == Direction::encrypt ? 1 : 0;
    if (EVP_CipherInit_ex(ctx, cipher_.get(), nullptr, nullptr, nullptr, enc) != 1 ||
        EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, static_cast<int>(nonce().size()),
                            nullptr) != 1 ||
        (ccm_ && EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, static_cast<int>(kAeadTagBytes),
                                     nullptr) != 1) ||
        EVP_CipherInit_ex(ctx, nullptr, nullptr, key_.data(), nullptr, enc) != 1) {
      error = failure("EVP_CipherInit_ex / EVP_CTRL_AEAD_SET_IVLEN");
      return false;
    }
    // OCB keys its context for one direction (decryption needs the inverse schedule), so an
    // open item's seals (AeadRunner's find_tag, untimed) re-key for encryption and back.
    // CCM too: a context keyed for decryption seals wrongly (OpenSSL 3.0 keeps the direction).
    rekey_to_seal_ = enc == 0 && (item.family == Family::ocb || ccm_);
    return true;
  }

  bool seal_one(std::span<const std::uint8_t> in, std::span<std::uint8_t> out, std::string& error) {
    if (rekey_to_seal_) {
      const bool sealed = rekey(1, error) && seal_now(in, out, error);
      return rekey(0, error) && sealed;
    }
    return seal_now(in, out, error);
  }

  bool open_one(std::span<const std::uint8_t> in, const std::uint8_t* tag,
                std::span<std::uint8_t> out, std::string& error) {
    int n = 0;
    if (!start(0, in, tag, error)) return false;
    if (EVP_CipherUpdate(ctx_.get(), out.data(), &n, in.data(), static_cast<int>(in.size())) != 1) {
      error = failure("EVP_CipherUpdate");
      return false;
    }
    if (ccm_) return true;         // verified inside the update
    if (!siv_ && !set_tag(tag)) {  // GCM, OCB: the tag to check before the final
      error = failure("EVP_CTRL_AEAD_SET_TAG");
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
  bool rekey(int enc, std::string& error) {
    if (EVP_CipherInit_ex(ctx_.get(), nullptr, nullptr, key_.data(), nullptr, enc) != 1) {
      error = failure("EVP_CipherInit_ex (re-key)");
      return false;
    }
    return true;
  }

  bool seal_now(std::span<const std::uint8_t> in, std::span<std::uint8_t> out, std::string& error) {
    int n = 0;
    if (!start(1, in, nullptr, error)) return false;
    if (EVP_CipherUpdate(ctx_.get(), out.data(), &n, in.data(), static_cast<int>(in.size())) != 1) {
      error = failure("EVP_CipherUpdate");
      return false;
    }
    int tail = 0;
    if (!ccm_ && EVP_CipherFinal_ex(ctx_.get(), out.data() + n, &tail) != 1) {
      error = failure("EVP_CipherFinal_ex");
      return false;
    }
    if (EVP_CIPHER_CTX_ctrl(ctx_.get(), EVP_CTRL_AEAD_GET_TAG, static_cast<int>(kAeadTagBytes),
                            out.data() + in.size()) != 1) {
      error = failure("EVP_CTRL_AEAD_GET_TAG");
      return false;
    }
    return true;
  }

  // start: a new nonce (SIV: the key again), then the AAD; CCM and SIV set the tag to check
  // (open: `tag` not null) there, CCM also the message length before the AAD.
  bool start(int enc, std::span<const std::uint8_t> in, const std::uint8_t* tag,
             std::string& error) {
    if (in.size() > INT_MAX) {
      error = "message too long for EVP";
      return false;
    }
    EVP_CIPHER_CTX* ctx = ctx_.get();
    const int restarted =
        siv_ ? EVP_CipherInit_ex(ctx, cipher_.get(), nullptr, key_.data(), nullptr, enc)
             : EVP_CipherInit_ex(ctx, nullptr, nullptr, nullptr, nonce().data(), enc);
    if (restarted != 1) {
      error = failure("EVP_CipherInit_ex");
      return false;
    }
    int n = 0;
    if (ccm_ && ((tag != nullptr && !set_tag(tag)) ||
                 EVP_CipherUpdate(ctx, nullptr, &n, nullptr, static_cast<int>(in.size())) != 1)) {
      error = failure("EVP_CTRL_AEAD_SET_TAG / CCM length");
      return false;
    }
    if (EVP_CipherUpdate(ctx, nullptr, &n, kAeadAd, static_cast<int>(kAeadAdBytes)) != 1) {
      error = failure("EVP_CipherUpdate (AAD)");
      return false;
    }
    if (siv_ && (EVP_CipherUpdate(ctx, nullptr, &n, nonce().data(),
                                  static_cast<int>(nonce().size())) != 1 ||
                 (tag != nullptr && !set_tag(tag)))) {
      error = failure("EVP_CipherUpdate (SIV nonce) / EVP_CTRL_AEAD_SET_TAG");
      return false;
    }
    return true;
  }

  bool set_tag(const std::uint8_t* tag) {
    return EVP_CIPHER_CTX_ctrl(ctx_.get(), EVP_CTRL_AEAD_SET_TAG, static_cast<int>(kAeadTagBytes),
                               const_cast<std::uint8_t*>(tag)) == 1;
  }

  bool ccm_;
  bool siv_;
  bool rekey_to_seal_ = false;  // OCB and CCM open items
  std::span<const std::uint8_t> key_;
  openssl_util::Cipher cipher_;
  openssl_util::CipherCtx ctx_;
};

}  // namespace

std::unique_ptr<Runner> make_openssl_aead_runner(const Item& item, const Material& material,
                                                 std::string& error) {
  auto runner = std::make_unique<OpensslAeadRunner>(item, material);
  if (!runner->init(item, error)) return nullptr;
  return runner;
}

}  // namespace aeskit::cli::speed
