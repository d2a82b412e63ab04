// tools/aeskit/speed/tls.cpp — the parameters of the TLS AEAD items of `aeskit speed` and
// aeskit's runner for them (one AeadKey per item; see speed/tls.hpp for what an operation is).
#include "speed/tls.hpp"

#include <vector>

#include "aeskit/aead.hpp"
#include "speed/aead.hpp"

namespace aeskit::cli::speed {
namespace {

class AeskitTlsRunner final : public TlsRunner<AeskitTlsRunner> {
 public:
  AeskitTlsRunner(const Item& item, const Material& material, AeadKey key)
      : TlsRunner(item), key_(std::move(key)) {
    const TlsParams p = tls_params(item);
    nonce_.assign(material.iv.begin(), material.iv.begin() + (p.cbc ? 16 : 12));
  }

  bool seal_record(std::span<const std::uint8_t> in, std::span<std::uint8_t> out,
                   std::string& error) {
    const auto n = key_.seal(nonce_, tls_ad(), in, out);
    if (!n.ok()) error = std::string("AeadKey::seal failed: ") + n.message();
    return n.ok();
  }

  bool open_record(std::span<const std::uint8_t> record, std::span<std::uint8_t> plain,
                   std::size_t& length, std::string& error) {
    auto n = key_.open(nonce_, tls_ad(), record, plain);
    if (!n.ok()) {
      error = std::string("AeadKey::open failed: ") + n.message();
      return false;
    }
    length = *n;
    return true;
  }

 private:
  AeadKey key_;
  std::vector<std::uint8_t> nonce_;
};

}  // namespace

TlsParams tls_params(const Item& item) {
  const bool cbc = item.family == Family::tls_cbc_hmac;
  const bool sha1 = item.algorithm.find("SHA1") != std::string::npos;
  const std::size_t aes = item.key_bits / 8;
  const std::size_t mac = sha1 ? 20 : 32;
  return {cbc, mac, aes, aes + (cbc ? mac : 32), sha1 ? "SHA1" : "SHA256"};
}

std::size_t tls_sealed_length(const Item& item, std::size_t len) {
  const TlsParams p = tls_params(item);
  return p.cbc ? (len + p.mac_len) / 16 * 16 + 16 : len + p.mac_len;
}

std::size_t tls_output_length(const Item& item, std::size_t in_len) {
  return item.direction == Direction::encrypt ? tls_sealed_length(item, in_len) : in_len;
}

std::span<const std::uint8_t> tls_ad() {
  return std::span<const std::uint8_t>(kAeadAd).first(kTlsAdBytes);
}

std::unique_ptr<Runner> make_aeskit_tls_runner(const Item& item, const Material& material,
                                               std::string_view /*backend*/, std::string& error) {
  const AeadAlgorithm* alg = aead::find(item.algorithm);
  if (!alg) {
    error = "no AEAD " + item.algorithm;
    return nullptr;
  }
  const TlsParams p = tls_params(item);
  Result<AeadKey> key = AeadKey::create(*alg, material.key.first(p.key_len), p.mac_len);
  if (!key.ok()) {
    error = std::string("AeadKey::create failed: ") + key.message();
    return nullptr;
  }
  return std::make_unique<AeskitTlsRunner>(item, material, std::move(key).value());
}

}  // namespace aeskit::cli::speed
