// tools/aeskit/peers/libgcrypt.cpp — libgcrypt as a peer in `aeskit speed`.
//
// Driven the efficient way: one cipher handle opened and keyed per item; per message only
// gcry_cipher_setiv (gcry_cipher_setctr for CTR, whose counter is separate from the IV) and
// one gcry_cipher_encrypt/decrypt. Block items are one 16-byte ECB call; setup items call
// gcry_cipher_setkey on the existing ECB handle. kRunners maps every other family to its
// runner: AEADs in peers/libgcrypt_aead.cpp, hashes and MACs in peers/libgcrypt_hash.cpp.
#include <gcrypt.h>

#include <string>

#include "aeskit/aes.hpp"
#include "peers/libgcrypt_util.hpp"
#include "speed/impl.hpp"
#include "speed/mask.hpp"

namespace aeskit::cli::speed {
namespace {

using gcrypt_util::failure;

// libgcrypt's mode for each message mode (CTR: the full 128-bit counter, as aeskit's ctr128).
constexpr std::pair<Mode, int> kModes[] = {
    {Mode::ecb, GCRY_CIPHER_MODE_ECB},    {Mode::cbc, GCRY_CIPHER_MODE_CBC},
    {Mode::ctr128, GCRY_CIPHER_MODE_CTR}, {Mode::cfb128, GCRY_CIPHER_MODE_CFB},
    {Mode::cfb8, GCRY_CIPHER_MODE_CFB8},  {Mode::ofb, GCRY_CIPHER_MODE_OFB},
};

enum class IvCall { none, setiv, setctr };

class GcryptRunner final : public Runner {
 public:
  GcryptRunner(const Item& item, std::span<const std::uint8_t> key,
               std::span<const std::uint8_t> iv)
      : kind_(item.kind), encrypt_(item.direction == Direction::encrypt), key_(key), iv_(iv) {
    if (item.kind == ItemKind::message && item.mode == Mode::ctr128) iv_call_ = IvCall::setctr;
    if (item.kind == ItemKind::message && item.mode != Mode::ecb && item.mode != Mode::ctr128) {
      iv_call_ = IvCall::setiv;
    }
    if (item.kind == ItemKind::xts) iv_call_ = IvCall::setiv;  // the tweak, per data unit
  }

  // init opens the handle and sets the key; false with `error` on failure.
  bool init(const Item& item, std::string& error) {
    int mode = item.kind == ItemKind::message ? gcrypt_util::mode_for(kModes, item.mode)
                                              : GCRY_CIPHER_MODE_ECB;
    if (item.kind == ItemKind::xts) mode = GCRY_CIPHER_MODE_XTS;
    if (mode == GCRY_CIPHER_MODE_NONE) {
      error = "libgcrypt has no mode matching " + item.algorithm;
      return false;
    }
    return cipher_.open(item.key_bits, mode, key_, error);
  }

  bool run(std::size_t count, std::span<const std::uint8_t> in, std::span<std::uint8_t> out,
           std::string& error) override {
    if (kind_ == ItemKind::setup) return run_setups(count, in, out, error);
    const auto src = kind_ == ItemKind::block ? in.first(kBlockSize) : in;
    const auto dst = kind_ == ItemKind::block ? out.first(kBlockSize) : out;
    for (std::size_t i = 0; i < count; ++i) {
      gcry_error_t err = 0;
      if (iv_call_ == IvCall::setiv) err = gcry_cipher_setiv(cipher_.get(), iv_.data(), iv_.size());
      if (iv_call_ == IvCall::setctr)
        err = gcry_cipher_setctr(cipher_.get(), iv_.data(), iv_.size());
      if (err != 0) {
        error =
            failure(iv_call_ == IvCall::setiv ? "gcry_cipher_setiv" : "gcry_cipher_setctr", err);
        return false;
      }
      err =
          encrypt_
              ? gcry_cipher_encrypt(cipher_.get(), dst.data(), dst.size(), src.data(), src.size())
              : gcry_cipher_decrypt(cipher_.get(), dst.data(), dst.size(), src.data(), src.size());
      if (err != 0) {
        error = failure(encrypt_ ? "gcry_cipher_encrypt" : "gcry_cipher_decrypt", err);
        return false;
      }
    }
    return true;
  }

 private:
  // libgcrypt, like aeskit, prepares the decryption schedule lazily on the first decryption
  // after setkey, so "decrypt setup" adds one single-block ECB decryption to force it, as
  // the aeskit runner does; "encrypt setup" is gcry_cipher_setkey alone.
  bool run_setups(std::size_t count, std::span<const std::uint8_t> in, std::span<std::uint8_t> out,
                  std::string& error) {
    for (std::size_t i = 0; i < count; ++i) {
      gcry_error_t err = gcry_cipher_setkey(cipher_.get(), key_.data(), key_.size());
      if (err != 0) {
        error = failure("gcry_cipher_setkey", err);
        return false;
      }
      if (encrypt_) continue;
      err = gcry_cipher_decrypt(cipher_.get(), out.data(), kBlockSize, in.data(), kBlockSize);
      if (err != 0) {
        error = failure("gcry_cipher_decrypt", err);
        return false;
      }
    }
    return true;
  }

  ItemKind kind_;
  bool encrypt_;
  std::span<const std::uint8_t> key_;
  std::span<const std::uint8_t> iv_;
  IvCall iv_call_ = IvCall::none;
  gcrypt_util::CipherHandle cipher_;
};

std::unique_ptr<Runner> make_cipher_runner(const Item& item, const Material& material,
                                           std::string& error) {
  auto runner =
      std::make_unique<GcryptRunner>(item, material.key.first(item.key_bytes()), material.iv);
  if (!runner->init(item, error)) return nullptr;
  return runner;
}

// libgcrypt has neither XAES-256-GCM, the TLS AEADs (not offered) nor Cobblestone (c2sp.org
// chunked encryption): their items are measured without it.
constexpr FamilyRunner<MakeRunner> kRunners[] = {
    {Family::aes, make_cipher_runner},
    {Family::xts, make_cipher_runner},
    {Family::gcm, make_libgcrypt_aead_runner},
    {Family::ocb, make_libgcrypt_aead_runner},
    {Family::gcm_siv, make_libgcrypt_aead_runner},
    {Family::ccm, make_libgcrypt_aead_runner},
    {Family::eax, make_libgcrypt_aead_runner},
    {Family::siv, make_libgcrypt_aead_runner},
    {Family::sha, make_libgcrypt_hash_runner},
    {Family::hmac, make_libgcrypt_hash_runner},
    {Family::cmac, make_libgcrypt_cmac_runner},
};

class GcryptImpl final : public Impl {
 public:
  GcryptImpl(std::string version, std::string mask) : version_(std::move(version)), mask_(mask) {}
  std::string_view name() const override { return "libgcrypt"; }
  std::string_view backend() const override { return "gcrypt"; }
  std::string describe() const override { return "libgcrypt " + version_ + mask_; }
  std::unique_ptr<Runner> prepare(const Item& item, const Material& material,
                                  std::string& error) override {
    return prepare_from(kRunners, item, material, error);
  }

 private:
  std::string version_;
  std::string mask_;  // mask_summary(), or ""
};

// disable_hwf applies the peer mask (speed/mask.hpp); it must run before gcry_check_version.
// Returns what the report says about it.
std::string disable_hwf() {
  const PeerMask& mask = peer_mask();
  if (!mask.active) return "";
  std::string applied, refused;
  for (const std::string& name : mask.gcrypt_hwf) {
    const gcry_error_t err = gcry_control(GCRYCTL_DISABLE_HWF, name.c_str(), nullptr);
    std::string& list = err == 0 ? applied : refused;
    if (!list.empty()) list.append(",");
    list.append(name);
  }
  if (applied.empty()) applied = "none";
  return mask_summary("GCRYCTL_DISABLE_HWF " + applied +
                      (refused.empty() ? "" : " (unknown here: " + refused + ")"));
}

}  // namespace

std::unique_ptr<Impl> make_libgcrypt_impl(std::string& error) {
  // Hardware features are disabled before initialisation (gcry_check_version).
  std::string mask = disable_hwf();
  // libgcrypt must be initialised once before use; secure memory is not needed here.
  const char* version = gcry_check_version(GCRYPT_VERSION);
  if (version == nullptr) {
    error = std::string("libgcrypt at run time is older than the ") + GCRYPT_VERSION +
            " it was built against";
    return nullptr;
  }
  if (!gcry_control(GCRYCTL_INITIALIZATION_FINISHED_P)) {
    gcry_error_t err = gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
    if (err == 0) err = gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
    if (err != 0) {
      error = failure("gcry_control", err);
      return nullptr;
    }
  }
  return std::make_unique<GcryptImpl>(version, std::move(mask));
}

}  // namespace aeskit::cli::speed
