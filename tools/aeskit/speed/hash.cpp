// tools/aeskit/speed/hash.cpp — the hash/HMAC items of `aeskit speed` and aeskit's runner for
// them (aeskit::Hash / aeskit::Hmac created once per item, reset per message).
#include "speed/hash.hpp"

#include <string>

namespace aeskit::cli::speed {
namespace {

struct HashItemName {
  const char* hash;  // "SHA-256"
  const char* mac;   // "HMAC-SHA256"
  HashAlgorithm alg;
};
constexpr HashItemName kNames[] = {
    {"SHA-1", "HMAC-SHA1", HashAlgorithm::sha1},
    {"SHA-256", "HMAC-SHA256", HashAlgorithm::sha256},
    {"SHA-512", "HMAC-SHA512", HashAlgorithm::sha512},
};

std::string failure(const char* call, Status status) {
  return std::string(call) + " failed: " + status.message();
}

class AeskitHashRunner final : public Runner {
 public:
  explicit AeskitHashRunner(Hash h) : hash_(std::move(h)) {}
  bool run(std::size_t count, std::span<const std::uint8_t> in, std::span<std::uint8_t> out,
           std::string& error) override {
    for (std::size_t i = 0; i < count; ++i) {
      Status s = hash_.reset();
      if (s) s = hash_.update(in);
      if (s) s = hash_.finish(out);
      if (!s) {
        error = failure("aeskit::Hash", s);
        return false;
      }
    }
    return true;
  }

 private:
  Hash hash_;
};

class AeskitHmacRunner final : public Runner {
 public:
  explicit AeskitHmacRunner(Hmac m) : mac_(std::move(m)) {}
  bool run(std::size_t count, std::span<const std::uint8_t> in, std::span<std::uint8_t> out,
           std::string& error) override {
    for (std::size_t i = 0; i < count; ++i) {
      Status s = mac_.reset();
      if (s) s = mac_.update(in);
      if (s) s = mac_.finish(out);
      if (!s) {
        error = failure("aeskit::Hmac", s);
        return false;
      }
    }
    return true;
  }

 private:
  Hmac mac_;
};

}  // namespace

std::vector<Item> hash_items() {
  std::vector<Item> items;
  for (bool mac : {false, true}) {
    for (const HashItemName& n : kNames) {
      Item item;
      item.kind = ItemKind::hash;
      item.key_bits = mac ? kHashMacKeyBytes * 8 : 0;
      item.algorithm = mac ? n.mac : n.hash;
      item.op = mac ? "mac" : "hash";
      items.push_back(item);
    }
  }
  return items;
}

HashAlgorithm hash_algorithm_of(const Item& item) {
  for (const HashItemName& n : kNames)
    if (item.algorithm == n.hash || item.algorithm == n.mac) return n.alg;
  return HashAlgorithm::sha256;
}

std::size_t hash_output_length(const Item& item) {
  return digest_length(hash_algorithm_of(item));
}

std::string hash_table_note(const Item& item) {
  Result<Hash> probe = Hash::create(hash_algorithm_of(item));
  std::string note = "aeskit SHA compressor ";
  note += probe.ok() ? std::string(probe->backend_name()) : std::string("?");
  if (is_mac_item(item)) note += "; " + std::to_string(kHashMacKeyBytes) + "-byte key set once";
  note += "; context reset per message, full digest";
  return note;
}

std::unique_ptr<Runner> make_aeskit_hash_runner(const Item& item, const Material& material,
                                                std::string& error) {
  const HashAlgorithm alg = hash_algorithm_of(item);
  if (is_mac_item(item)) {
    Result<Hmac> m = Hmac::create(alg, material.key.first(kHashMacKeyBytes));
    if (!m.ok()) {
      error = failure("Hmac::create", m.status());
      return nullptr;
    }
    return std::make_unique<AeskitHmacRunner>(std::move(m).value());
  }
  Result<Hash> h = Hash::create(alg);
  if (!h.ok()) {
    error = failure("Hash::create", h.status());
    return nullptr;
  }
  return std::make_unique<AeskitHashRunner>(std::move(h).value());
}

}  // namespace aeskit::cli::speed
