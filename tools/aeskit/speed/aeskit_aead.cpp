// tools/aeskit/speed/aeskit_aead.cpp — aeskit's AEAD runner for `aeskit speed`: an AeadKey
// created once per item on the chosen AES backend, then per message one AeadKey::seal
// (ciphertext || tag into the output) or AeadKey::open_detached (tag checked, then the
// plaintext), with the item's nonce and the fixed 13-byte AD.
#include <string>

#include "aeskit/aeskit.hpp"
#include "speed/aead.hpp"

namespace aeskit::cli::speed {
namespace {

// algorithm_for: the item's AEAD by name ("AES-128-GCM", "AES-256-OCB", ...).
const AeadAlgorithm* algorithm_for(const Item& item) {
  return aead::find(item.algorithm);
}

class AeskitAeadRunner final : public AeadRunner<AeskitAeadRunner> {
 public:
  AeskitAeadRunner(const Item& item, const Material& material, AeadKey key)
      : AeadRunner(item, material),
        key_(std::move(key)),
        tag_first_(item.family == Family::siv),
        tag_bytes_(aead_tag_bytes(item)) {}

  bool seal_one(std::span<const std::uint8_t> in, std::span<std::uint8_t> out, std::string& error) {
    if (tag_first_) {  // SIV: V || C natively; ciphertext || tag like the peers (speed/mac.hpp)
      const Status s = key_.seal_detached(nonce(), kAeadAd, in, out.first(in.size()),
                                          out.subspan(in.size(), kAeadTagBytes));
      if (!s.ok()) error = std::string("AeadKey::seal_detached failed: ") + s.message();
      return s.ok();
    }
    const Result<std::size_t> written = key_.seal(nonce(), kAeadAd, in, out);
    if (!written.ok()) {
      error = std::string("AeadKey::seal failed: ") + written.message();
      return false;
    }
    return true;
  }

  bool open_one(std::span<const std::uint8_t> in, const std::uint8_t* tag,
                std::span<std::uint8_t> out, std::string& error) {
    const Status status = key_.open_detached(nonce(), kAeadAd, in, {tag, tag_bytes_}, out);
    if (!status.ok()) {
      error = std::string("AeadKey::open_detached failed: ") + status.message();
      return false;
    }
    return true;
  }

 private:
  AeadKey key_;
  bool tag_first_;
  std::size_t tag_bytes_;  // 16, or T || KC for DNDK-GCM-KC
};

}  // namespace

std::unique_ptr<Runner> make_aeskit_aead_runner(const Item& item, const Material& material,
                                                std::string_view backend, std::string& error) {
  const AeadAlgorithm* algorithm = algorithm_for(item);
  if (algorithm == nullptr) {
    error = "no AEAD for " + item.algorithm;
    return nullptr;
  }
  Result<AeadKey> key = AeadKey::create(*algorithm, material.key.first(algorithm->key_length()),
                                        aead_tag_bytes(item), backend);
  if (!key.ok()) {
    error = std::string("AeadKey::create failed: ") + key.message();
    return nullptr;
  }
  return std::make_unique<AeskitAeadRunner>(item, material, std::move(key).value());
}

}  // namespace aeskit::cli::speed
