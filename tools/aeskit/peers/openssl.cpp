// tools/aeskit/peers/openssl.cpp — OpenSSL (EVP, libcrypto 3) as a peer in `aeskit speed`.
//
// Driven the efficient way: the cipher is fetched and the EVP_CIPHER_CTX created and keyed
// once per item, padding off; per message only EVP_{En,De}cryptInit_ex(ctx, NULL, NULL, NULL,
// iv) resets the IV, then one Update and one Final. Block items are one 16-byte ECB Update;
// setup items re-key the existing ECB context with EVP_{En,De}cryptInit_ex. kRunners maps
// every other family to its runner: AEADs in peers/openssl_aead.cpp, hashes and MACs in
// peers/openssl_hash.cpp, TLS AEADs in peers/openssl_tls.cpp.
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>

#include <climits>
#include <string>

#include "aeskit/aes.hpp"
#include "peers/openssl_util.hpp"
#include "speed/impl.hpp"
#include "speed/mask.hpp"

namespace aeskit::cli::speed {
namespace {

using openssl_util::failure;

// Evp: one direction's EVP calls (EVP_Encrypt* or EVP_Decrypt*) and their names for errors.
struct Evp {
  decltype(&EVP_EncryptInit_ex) init;
  decltype(&EVP_EncryptUpdate) update;
  decltype(&EVP_EncryptFinal_ex) finish;
  const char* init_name;
  const char* update_name;
  const char* final_name;
};
const Evp kEncrypt = {EVP_EncryptInit_ex,   EVP_EncryptUpdate,   EVP_EncryptFinal_ex,
                      "EVP_EncryptInit_ex", "EVP_EncryptUpdate", "EVP_EncryptFinal_ex"};
const Evp kDecrypt = {EVP_DecryptInit_ex,   EVP_DecryptUpdate,   EVP_DecryptFinal_ex,
                      "EVP_DecryptInit_ex", "EVP_DecryptUpdate", "EVP_DecryptFinal_ex"};

// OpensslRunner: setup, block, message and XTS items.
class OpensslRunner final : public Runner {
 public:
  OpensslRunner(const Item& item, std::span<const std::uint8_t> key,
                std::span<const std::uint8_t> iv)
      : kind_(item.kind),
        evp_(item.direction == Direction::encrypt ? kEncrypt : kDecrypt),
        key_(key) {
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
    if (evp_.init(ctx_.get(), cipher_.get(), nullptr, key_.data(), iv_) != 1) {
      error = failure(evp_.init_name);
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
    if (kind_ == ItemKind::setup) return run_setups(count, error);
    if (kind_ == ItemKind::block) return run_blocks(count, in, out, error);
    // Message items; XTS: one data unit per Update (EVP's XTS takes whole units).
    return run_messages(count, in, out, error);
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
      if (evp_.init(ctx, nullptr, nullptr, nullptr, iv_) != 1) {
        error = failure(evp_.init_name);
        return false;
      }
      if (evp_.update(ctx, out.data(), &n, in.data(), len) != 1) {
        error = failure(evp_.update_name);
        return false;
      }
      if (evp_.finish(ctx, out.data() + n, &tail) != 1) {
        error = failure(evp_.final_name);
        return false;
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
      const int ok = evp_.update(ctx, out.data(), &n, in.data(), kLen);
      if (ok != 1 || n != kLen) {
        error = ok != 1 ? failure(evp_.update_name)
                        : "EVP wrote " + std::to_string(n) + " bytes for one block";
        return false;
      }
    }
    return true;
  }

  bool run_setups(std::size_t count, std::string& error) {
    EVP_CIPHER_CTX* ctx = ctx_.get();
    for (std::size_t i = 0; i < count; ++i) {
      if (evp_.init(ctx, nullptr, nullptr, key_.data(), nullptr) != 1) {
        error = failure(evp_.init_name);
        return false;
      }
    }
    return true;
  }

  ItemKind kind_;
  const Evp& evp_;
  std::span<const std::uint8_t> key_;
  const std::uint8_t* iv_ = nullptr;
  openssl_util::Cipher cipher_;
  openssl_util::CipherCtx ctx_;
};

std::unique_ptr<Runner> make_cipher_runner(const Item& item, const Material& material,
                                           std::string& error) {
  auto runner =
      std::make_unique<OpensslRunner>(item, material.key.first(item.key_bytes()), material.iv);
  if (!runner->init(item, error)) return nullptr;
  return runner;
}

// OpenSSL 3.0 has neither GCM-SIV, XAES-256-GCM, EAX nor Cobblestone (c2sp.org chunked
// encryption): their items are measured without it.
constexpr FamilyRunner<MakeRunner> kRunners[] = {
    {Family::aes, make_cipher_runner},
    {Family::xts, make_cipher_runner},
    {Family::gcm, make_openssl_aead_runner},
    {Family::ocb, make_openssl_aead_runner},
    {Family::ccm, make_openssl_aead_runner},
    {Family::siv, make_openssl_aead_runner},
    {Family::sha, make_openssl_hash_runner},
    {Family::hmac, make_openssl_mac_runner},
    {Family::cmac, make_openssl_mac_runner},
    {Family::tls_cbc_hmac, make_openssl_tls_runner},
    {Family::tls_ctr_hmac, make_openssl_tls_runner},
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
    return prepare_from(kRunners, item, material, error);
  }
};

}  // namespace

std::unique_ptr<Impl> make_openssl_impl(std::string& /*error*/) {
  return std::make_unique<OpensslImpl>();
}

}  // namespace aeskit::cli::speed
