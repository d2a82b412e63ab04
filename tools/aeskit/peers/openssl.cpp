// tools/aeskit/peers/openssl.cpp — OpenSSL (EVP, libcrypto 3) as a peer in `aeskit speed`.
//
// Driven the efficient way: the cipher is fetched and the EVP_CIPHER_CTX created and keyed
// once per item, padding off; per message only EVP_{En,De}cryptInit_ex(ctx, NULL, NULL, NULL,
// iv) resets the IV, then one Update and one Final. Block items are one 16-byte ECB Update;
// setup items re-key the existing ECB context with EVP_{En,De}cryptInit_ex. AEAD items:
// peers/openssl_aead.cpp.
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>

#include <climits>
#include <string>

#include "aeskit/aes.hpp"
#include "peers/openssl_util.hpp"
#include "speed/aead.hpp"
#include "speed/hash.hpp"
#include "speed/impl.hpp"
#include "speed/mac.hpp"
#include "speed/mask.hpp"
#include "speed/tls.hpp"

namespace aeskit::cli::speed {
namespace {

using openssl_util::CipherFree;
using openssl_util::CtxFree;
using openssl_util::failure;

class OpensslRunner final : public Runner {
 public:
  OpensslRunner(const Item& item, std::span<const std::uint8_t> key,
                std::span<const std::uint8_t> iv)
      : kind_(item.kind), encrypt_(item.direction == Direction::encrypt), key_(key) {
    iv_ = (item.kind == ItemKind::message && item.mode != Mode::ecb) ? iv.data() : nullptr;
    if (item.kind == ItemKind::xts) iv_ = iv.data();  // the tweak
  }

  // init fetches the cipher and keys the context; false with `error` on failure.
  bool init(const Item& item, std::string& error) {
    const bool whole_messages = item.kind == ItemKind::message || item.kind == ItemKind::xts;
    const std::string name = whole_messages ? item.algorithm : item.algorithm + "-ECB";
    cipher_.reset(EVP_CIPHER_fetch(nullptr, name.c_str(), nullptr));
    if (!cipher_) {
      error = failure(("EVP_CIPHER_fetch(" + name + ")").c_str());
      return false;
    }
    ctx_.reset(EVP_CIPHER_CTX_new());
    if (!ctx_) {
      error = failure("EVP_CIPHER_CTX_new");
      return false;
    }
    const int ok = encrypt_
                       ? EVP_EncryptInit_ex(ctx_.get(), cipher_.get(), nullptr, key_.data(), iv_)
                       : EVP_DecryptInit_ex(ctx_.get(), cipher_.get(), nullptr, key_.data(), iv_);
    if (ok != 1) {
      error = failure(encrypt_ ? "EVP_EncryptInit_ex" : "EVP_DecryptInit_ex");
      return false;
    }
    if (EVP_CIPHER_CTX_set_padding(ctx_.get(), 0) != 1) {
      error = failure("EVP_CIPHER_CTX_set_padding");
      return false;
    }
    return true;
  }

  bool run(std::size_t count, std::span<const std::uint8_t> in, std::span<std::uint8_t> out,
           std::string& error) override {
    switch (kind_) {
      case ItemKind::message:
      case ItemKind::xts:  // one data unit per Update (EVP's XTS takes whole units)
        return run_messages(count, in, out, error);
      case ItemKind::block:
        return run_blocks(count, in, out, error);
      case ItemKind::setup:
        return run_setups(count, error);
      case ItemKind::aead:  // AEAD items have their own runner (peers/openssl_aead.cpp)
      case ItemKind::hash:  // and so do hash items (peers/openssl_hash.cpp)
      case ItemKind::tls:   // and TLS AEAD items (peers/openssl_tls.cpp)
      case ItemKind::chunked:
        break;
    }
    error = "internal: OpensslRunner given an AEAD item";
    return false;
  }

 private:
  bool run_messages(std::size_t count, std::span<const std::uint8_t> in,
                    std::span<std::uint8_t> out, std::string& error) {
    if (in.size() > INT_MAX) {
      error = "message too long for EVP";
      return false;
    }
    const int len = static_cast<int>(in.size());
    EVP_CIPHER_CTX* ctx = ctx_.get();
    for (std::size_t i = 0; i < count; ++i) {
      int n = 0;
      int tail = 0;
      if (encrypt_) {
        if (EVP_EncryptInit_ex(ctx, nullptr, nullptr, nullptr, iv_) != 1) {
          error = failure("EVP_EncryptInit_ex");
          return false;
        }
        if (EVP_EncryptUpdate(ctx, out.data(), &n, in.data(), len) != 1) {
          error = failure("EVP_EncryptUpdate");
          return false;
        }
        if (EVP_EncryptFinal_ex(ctx, out.data() + n, &tail) != 1) {
          error = failure("EVP_EncryptFinal_ex");
          return false;
        }
      } else {
        if (EVP_DecryptInit_ex(ctx, nullptr, nullptr, nullptr, iv_) != 1) {
          error = failure("EVP_DecryptInit_ex");
          return false;
        }
        if (EVP_DecryptUpdate(ctx, out.data(), &n, in.data(), len) != 1) {
          error = failure("EVP_DecryptUpdate");
          return false;
        }
        if (EVP_DecryptFinal_ex(ctx, out.data() + n, &tail) != 1) {
          error = failure("EVP_DecryptFinal_ex");
          return false;
        }
      }
      if (n + tail != len) {
        error = "EVP wrote " + std::to_string(n + tail) + " bytes for a " + std::to_string(len) +
                "-byte message";
        return false;
      }
    }
    return true;
  }

  bool run_blocks(std::size_t count, std::span<const std::uint8_t> in, std::span<std::uint8_t> out,
                  std::string& error) {
    EVP_CIPHER_CTX* ctx = ctx_.get();
    constexpr int kLen = static_cast<int>(kBlockSize);
    for (std::size_t i = 0; i < count; ++i) {
      int n = 0;
      const int ok = encrypt_ ? EVP_EncryptUpdate(ctx, out.data(), &n, in.data(), kLen)
                              : EVP_DecryptUpdate(ctx, out.data(), &n, in.data(), kLen);
      if (ok != 1 || n != kLen) {
        error = ok != 1 ? failure(encrypt_ ? "EVP_EncryptUpdate" : "EVP_DecryptUpdate")
                        : "EVP wrote " + std::to_string(n) + " bytes for one block";
        return false;
      }
    }
    return true;
  }

  bool run_setups(std::size_t count, std::string& error) {
    EVP_CIPHER_CTX* ctx = ctx_.get();
    for (std::size_t i = 0; i < count; ++i) {
      const int ok = encrypt_ ? EVP_EncryptInit_ex(ctx, nullptr, nullptr, key_.data(), nullptr)
                              : EVP_DecryptInit_ex(ctx, nullptr, nullptr, key_.data(), nullptr);
      if (ok != 1) {
        error = failure(encrypt_ ? "EVP_EncryptInit_ex" : "EVP_DecryptInit_ex");
        return false;
      }
    }
    return true;
  }

  ItemKind kind_;
  bool encrypt_;
  std::span<const std::uint8_t> key_;
  const std::uint8_t* iv_ = nullptr;
  std::unique_ptr<EVP_CIPHER, CipherFree> cipher_;
  std::unique_ptr<EVP_CIPHER_CTX, CtxFree> ctx_;
};

class OpensslImpl final : public Impl {
 public:
  std::string_view name() const override { return "openssl"; }
  std::string_view backend() const override { return "evp"; }
  std::string describe() const override {
    const PeerMask& mask = peer_mask();
    std::string how = "OPENSSL_ia32cap=" + mask.openssl_ia32cap;
    if (mask.openssl_ia32cap.empty()) how = "no OpenSSL capability bit to clear";
    if (!mask.openssl_ia32cap.empty() && !mask.openssl_applied) {
      how = "NOT applied (" + mask.openssl_note + ")";
    }
    return std::string("openssl, EVP (") + OpenSSL_version(OPENSSL_VERSION) + ")" +
           mask_summary(how);
  }
  std::unique_ptr<Runner> prepare(const Item& item, const Material& material,
                                  std::string& error) override {
    if (item.kind == ItemKind::aead &&
        (is_eax_name(item.algorithm) || is_cmac_siv_name(item.algorithm)))
      return make_openssl_mac_aead_runner(item, material, error);
    if (is_cmac_item(item)) return make_openssl_cmac_runner(item, material, error);
    // OpenSSL 3.0 has neither GCM-SIV nor XAES-256-GCM: measured without it (empty error).
    if (item.kind == ItemKind::aead && (item.algorithm.find("GCM-SIV") != std::string::npos ||
                                        item.algorithm.rfind("XAES-", 0) == 0))
      return nullptr;
    if (item.kind == ItemKind::aead) return make_openssl_aead_runner(item, material, error);
    if (item.kind == ItemKind::hash) return make_openssl_hash_runner(item, material, error);
    if (item.kind == ItemKind::tls) return make_openssl_tls_runner(item, material, error);
    // No Cobblestone (c2sp.org chunked encryption): measured without OpenSSL (empty error).
    if (item.kind == ItemKind::chunked) return nullptr;
    const std::size_t key_bytes = item.key_bits / (item.kind == ItemKind::xts ? 4 : 8);
    auto runner = std::make_unique<OpensslRunner>(item, material.key.first(key_bytes), material.iv);
    if (!runner->init(item, error)) return nullptr;
    return runner;
  }
};

}  // namespace

std::unique_ptr<Impl> make_openssl_impl(std::string& /*error*/) {
  return std::make_unique<OpensslImpl>();
}

}  // namespace aeskit::cli::speed
