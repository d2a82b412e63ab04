// tools/aeskit/speed/aeskit.cpp — aeskit as measured by `aeskit speed`: its map from family
// to runner, and the block-cipher runners (an AesKey, XtsKey or Hctr2Key created once per item on
// the chosen backend, then per message one aeskit::encrypt/decrypt call). AEAD items:
// speed/aeskit_aead.cpp; hash, CMAC, TLS and Cobblestone items: their speed/ files.
#include <array>
#include <string>
#include <vector>

#include "aeskit/aeskit.hpp"
#include "speed/aead.hpp"
#include "speed/batch.hpp"
#include "speed/chunked.hpp"
#include "speed/hash.hpp"
#include "speed/impl.hpp"
#include "speed/mac.hpp"
#include "speed/tls.hpp"

namespace aeskit::cli::speed {
namespace {

std::string failure(const char* call, Status status) {
  return std::string(call) + " failed: " + status.message();
}

// One message per operation: aeskit::encrypt/decrypt with the item's mode and the fixed IV.
class MessageRunner final : public Runner {
 public:
  MessageRunner(AesKey key, const Item& item, std::span<const std::uint8_t> iv)
      : key_(std::move(key)), mode_(item.mode), direction_(item.direction), iv_(iv) {
    if (!mode_needs_iv(mode_)) iv_ = {};
  }
  bool run(std::size_t count, std::span<const std::uint8_t> in, std::span<std::uint8_t> out,
           std::string& error) override {
    for (std::size_t i = 0; i < count; ++i) {
      Result<std::size_t> written = direction_ == Direction::encrypt
                                        ? aeskit::encrypt(key_, mode_, iv_, in, out)
                                        : aeskit::decrypt(key_, mode_, iv_, in, out);
      if (!written.ok()) {
        error = failure(direction_ == Direction::encrypt ? "aeskit::encrypt" : "aeskit::decrypt",
                        written.status());
        return false;
      }
      if (*written != in.size()) {
        error = "aeskit wrote " + std::to_string(*written) + " bytes for a " +
                std::to_string(in.size()) + "-byte message";
        return false;
      }
    }
    return true;
  }

 private:
  AesKey key_;
  Mode mode_;
  Direction direction_;
  std::span<const std::uint8_t> iv_;
};

// One data unit per operation through a tweakable key: XtsKey (the IV as its 16-byte tweak) or
// Hctr2Key (one wide block under a 32-byte tweak, the size Linux's fscrypt uses: the IV
// twice). `calls` names the two calls for error messages.
template <class Key>
class TweakedRunner final : public Runner {
 public:
  TweakedRunner(Key key, Direction direction, std::vector<std::uint8_t> tweak,
                std::array<const char*, 2> calls)
      : key_(std::move(key)), direction_(direction), tweak_(std::move(tweak)), calls_(calls) {}
  bool run(std::size_t count, std::span<const std::uint8_t> in, std::span<std::uint8_t> out,
           std::string& error) override {
    const bool encrypt = direction_ == Direction::encrypt;
    for (std::size_t i = 0; i < count; ++i) {
      const Status status = encrypt ? key_.encrypt(tweak_, in, out) : key_.decrypt(tweak_, in, out);
      if (!status.ok()) {
        error = failure(calls_[encrypt ? 0 : 1], status);
        return false;
      }
    }
    return true;
  }

 private:
  Key key_;
  Direction direction_;
  std::vector<std::uint8_t> tweak_;
  std::array<const char*, 2> calls_;
};

// One 16-byte block per operation through AesKey::encrypt_blocks / decrypt_blocks.
class BlockRunner final : public Runner {
 public:
  BlockRunner(AesKey key, Direction direction) : key_(std::move(key)), direction_(direction) {}
  bool run(std::size_t count, std::span<const std::uint8_t> in, std::span<std::uint8_t> out,
           std::string& error) override {
    const auto block_in = in.first(kBlockSize);
    const auto block_out = out.first(kBlockSize);
    for (std::size_t i = 0; i < count; ++i) {
      const Status status = direction_ == Direction::encrypt
                                ? key_.encrypt_blocks(block_in, block_out)
                                : key_.decrypt_blocks(block_in, block_out);
      if (!status.ok()) {
        error = failure(
            direction_ == Direction::encrypt ? "AesKey::encrypt_blocks" : "AesKey::decrypt_blocks",
            status);
        return false;
      }
    }
    return true;
  }

 private:
  AesKey key_;
  Direction direction_;
};

// One key schedule per operation: AesKey::create. AesKey builds its decryption schedule
// lazily, on the first decryption, so "decrypt setup" also runs one decrypt_blocks call on a
// single block to force it — otherwise it would time the encryption schedule only, while
// OpenSSL's EVP_DecryptInit_ex builds the decryption schedule eagerly.
class SetupRunner final : public Runner {
 public:
  SetupRunner(std::span<const std::uint8_t> key, std::string backend, Direction direction)
      : key_(key), backend_(std::move(backend)), direction_(direction) {}
  bool run(std::size_t count, std::span<const std::uint8_t> in, std::span<std::uint8_t> out,
           std::string& error) override {
    for (std::size_t i = 0; i < count; ++i) {
      Result<AesKey> key = AesKey::create(key_, backend_);
      if (!key.ok()) {
        error = failure("AesKey::create", key.status());
        return false;
      }
      if (direction_ == Direction::decrypt) {
        const Status status = key->decrypt_blocks(in.first(kBlockSize), out.first(kBlockSize));
        if (!status.ok()) {
          error = failure("AesKey::decrypt_blocks", status);
          return false;
        }
      }
    }
    return true;
  }

 private:
  std::span<const std::uint8_t> key_;
  std::string backend_;
  Direction direction_;
};

// make_cipher_runner: setup, block and message items (Family::aes).
std::unique_ptr<Runner> make_cipher_runner(const Item& item, const Material& material,
                                           std::string_view backend, std::string& error) {
  const auto key_bytes = material.key.first(item.key_bytes());
  if (item.kind == ItemKind::setup)
    return std::make_unique<SetupRunner>(key_bytes, std::string(backend), item.direction);
  Result<AesKey> key = AesKey::create(key_bytes, backend);
  if (!key.ok()) {
    error = failure("AesKey::create", key.status());
    return nullptr;
  }
  if (item.kind == ItemKind::block)
    return std::make_unique<BlockRunner>(std::move(key).value(), item.direction);
  return std::make_unique<MessageRunner>(std::move(key).value(), item, material.iv);
}

std::unique_ptr<Runner> make_xts_runner(const Item& item, const Material& material,
                                        std::string_view backend, std::string& error) {
  Result<XtsKey> xts = XtsKey::create(material.key.first(item.key_bytes()), backend);
  if (!xts.ok()) {
    error = failure("XtsKey::create", xts.status());
    return nullptr;
  }
  return std::make_unique<TweakedRunner<XtsKey>>(
      std::move(xts).value(), item.direction,
      std::vector<std::uint8_t>(material.iv.begin(), material.iv.end()),
      std::array<const char*, 2>{"XtsKey::encrypt", "XtsKey::decrypt"});
}

std::unique_ptr<Runner> make_hctr2_runner(const Item& item, const Material& material,
                                          std::string_view backend, std::string& error) {
  Result<Hctr2Key> key = Hctr2Key::create(material.key.first(item.key_bytes()), backend);
  if (!key.ok()) {
    error = failure("Hctr2Key::create", key.status());
    return nullptr;
  }
  std::vector<std::uint8_t> tweak(material.iv.begin(), material.iv.end());
  tweak.insert(tweak.end(), material.iv.begin(), material.iv.end());
  return std::make_unique<TweakedRunner<Hctr2Key>>(
      std::move(key).value(), item.direction, std::move(tweak),
      std::array<const char*, 2>{"Hctr2Key::encrypt", "Hctr2Key::decrypt"});
}

using MakeAeskitRunner = std::unique_ptr<Runner> (*)(const Item& item, const Material& material,
                                                     std::string_view backend, std::string& error);

// aeskit measures every family.
constexpr FamilyRunner<MakeAeskitRunner> kRunners[] = {
    {Family::aes, make_cipher_runner},
    {Family::xts, make_xts_runner},
    {Family::hctr2, make_hctr2_runner},
    {Family::gcm, make_aeskit_aead_runner},
    {Family::ocb, make_aeskit_aead_runner},
    {Family::gcm_siv, make_aeskit_aead_runner},
    {Family::xaes_gcm, make_aeskit_aead_runner},
    {Family::dndk_gcm, make_aeskit_aead_runner},
    {Family::ccm, make_aeskit_aead_runner},
    {Family::eax, make_aeskit_aead_runner},
    {Family::siv, make_aeskit_aead_runner},
    {Family::aegis, make_aeskit_aead_runner},
    {Family::sha, make_aeskit_hash_runner},
    {Family::hmac, make_aeskit_hash_runner},
    {Family::hkdf, make_aeskit_hkdf_runner},
    {Family::cmac, make_aeskit_cmac_runner},
    {Family::tls_cbc_hmac, make_aeskit_tls_runner},
    {Family::tls_ctr_hmac, make_aeskit_tls_runner},
    {Family::cobblestone, make_aeskit_chunked_runner},
    {Family::memory_copy, make_aeskit_chunked_runner},
    {Family::batch, make_aeskit_batch_runner},
    {Family::hp, make_aeskit_batch_runner},
};

class AeskitImpl final : public Impl {
 public:
  explicit AeskitImpl(std::string backend) : backend_(std::move(backend)) {}
  std::string_view name() const override { return "aeskit"; }
  std::string_view backend() const override { return backend_; }
  std::string describe() const override {
    for (const BackendInfo& info : backends()) {
      if (info.name == backend_)
        return "aeskit, backend " + backend_ + " (" + std::string(info.description) + ")";
    }
    return "aeskit, backend " + backend_;
  }
  std::unique_ptr<Runner> prepare(const Item& item, const Material& material,
                                  std::string& error) override {
    const MakeAeskitRunner make = runner_for<MakeAeskitRunner>(kRunners, item.family);
    if (make == nullptr) {
      error = "internal: no aeskit runner for " + item.label();
      return nullptr;
    }
    return make(item, material, backend_, error);
  }

 private:
  std::string backend_;
};

std::string available_list() {
  std::string list;
  for (const BackendInfo& info : backends()) {
    if (!info.available) continue;
    if (!list.empty()) list += ", ";
    list += info.name;
  }
  return list.empty() ? "none" : list;
}

}  // namespace

std::unique_ptr<Impl> make_aeskit_impl(std::string_view backend, std::string& error) {
  if (!backend.empty()) {
    bool known = false;
    bool available = false;
    for (const BackendInfo& info : backends()) {
      if (info.name != backend) continue;
      known = true;
      available = info.available;
    }
    if (!known || !available) {
      error = "aeskit backend '" + std::string(backend) + "' " +
              (known ? "is not available on this CPU (or is disabled by AESKIT_DISABLE)"
                     : "does not exist in this build") +
              "; available: " + available_list();
      return nullptr;
    }
  }
  // Name the backend a key really lands on, so reports never guess.
  const std::uint8_t probe[16] = {};
  Result<AesKey> key = AesKey::create(probe, backend);
  if (!key.ok()) {
    error = failure("AesKey::create", key.status()) + "; available: " + available_list();
    return nullptr;
  }
  return std::make_unique<AeskitImpl>(std::string(key->backend_name()));
}

}  // namespace aeskit::cli::speed
