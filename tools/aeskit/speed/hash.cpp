// tools/aeskit/speed/hash.cpp — aeskit's runner for the hash and HMAC items of `aeskit speed`
// (aeskit::Hash / aeskit::Hmac created once per item, reset per message) and their notes.
#include "speed/hash.hpp"

#include <cstring>
#include <string>

#include "aeskit/kdf.hpp"

namespace aeskit::cli::speed {
namespace {

std::string failure(const char* call, Status status) {
  return std::string(call) + " failed: " + status.message();
}

// DigestRunner: a Hash or an Hmac (the same reset/update/finish calls), reset per message.
template <class Digest>
class DigestRunner final : public Runner {
 public:
  DigestRunner(Digest digest, const char* name) : digest_(std::move(digest)), name_(name) {}
  bool run(std::size_t count, std::span<const std::uint8_t> in, std::span<std::uint8_t> out,
           std::string& error) override {
    for (std::size_t i = 0; i < count; ++i) {
      Status s = digest_.reset();
      if (s) s = digest_.update(in);
      if (s) s = digest_.finish(out);
      if (!s) {
        error = failure(name_, s);
        return false;
      }
    }
    return true;
  }

 private:
  Digest digest_;
  const char* name_;
};

// HkdfHeaderRunner: aeskit::hkdf with a Cobblestone-128 header's inputs (speed/hash.hpp).
class HkdfHeaderRunner final : public Runner {
 public:
  explicit HkdfHeaderRunner(const Material& material) {
    std::memcpy(key_, material.key.data(), sizeof key_);
    for (std::size_t i = 0; i < sizeof salt_; ++i) salt_[i] = material.iv[i % material.iv.size()];
  }
  bool run(std::size_t count, std::span<const std::uint8_t>, std::span<std::uint8_t>,
           std::string& error) override {
    static constexpr char kInfo[] = "c2sp.org/chunked-encryption@v1+AEAD_AES_128_GCM";
    // sizeof kInfo counts the terminating NUL: the 0x00 separator of the info string.
    const std::span<const std::uint8_t> info(reinterpret_cast<const std::uint8_t*>(kInfo),
                                             sizeof kInfo);
    for (std::size_t i = 0; i < count; ++i) {
      const Status s = hkdf(HashAlgorithm::sha512, key_, salt_, info, okm_);
      if (!s) {
        error = failure("aeskit::hkdf", s);
        return false;
      }
    }
    return true;
  }

 private:
  std::uint8_t key_[16];
  std::uint8_t salt_[24];
  std::uint8_t okm_[16 + 12 + 32];
};

}  // namespace

std::unique_ptr<Runner> make_aeskit_hkdf_runner(const Item& /*item*/, const Material& material,
                                                std::string_view /*backend*/, std::string& error) {
  if (material.key.size() < 16 || material.iv.empty()) {
    error = "HKDF item: the item material lacks a 16-byte key or an IV";
    return nullptr;
  }
  return std::make_unique<HkdfHeaderRunner>(material);
}

HashAlgorithm hash_algorithm_of(const Item& item) {
  const std::string_view name = item.algorithm;
  if (name.ends_with("512")) return HashAlgorithm::sha512;
  if (name.ends_with("256")) return HashAlgorithm::sha256;
  return HashAlgorithm::sha1;
}

std::size_t hash_output_length(const Item& item) {
  return digest_length(hash_algorithm_of(item));
}

std::string hash_table_note(const Item& item) {
  Result<Hash> probe = Hash::create(hash_algorithm_of(item));
  std::string note = "aeskit SHA compressor ";
  note += probe.ok() ? std::string(probe->backend_name()) : std::string("?");
  if (item.family == Family::hkdf)
    return note + "; extract + expand (60 bytes) of a Cobblestone-128 header per operation";
  if (item.family == Family::hmac)
    note += "; " + std::to_string(kHashMacKeyBytes) + "-byte key set once";
  note += "; context reset per message, full digest";
  return note;
}

std::unique_ptr<Runner> make_aeskit_hash_runner(const Item& item, const Material& material,
                                                std::string_view /*backend*/, std::string& error) {
  const HashAlgorithm alg = hash_algorithm_of(item);
  if (item.family == Family::hmac) {
    Result<Hmac> m = Hmac::create(alg, material.key.first(kHashMacKeyBytes));
    if (!m.ok()) {
      error = failure("Hmac::create", m.status());
      return nullptr;
    }
    return std::make_unique<DigestRunner<Hmac>>(std::move(m).value(), "aeskit::Hmac");
  }
  Result<Hash> h = Hash::create(alg);
  if (!h.ok()) {
    error = failure("Hash::create", h.status());
    return nullptr;
  }
  return std::make_unique<DigestRunner<Hash>>(std::move(h).value(), "aeskit::Hash");
}

}  // namespace aeskit::cli::speed
