// tools/aeskit/speed/tls.hpp — the TLS AEAD items of `aeskit speed` ("AES-128-CBC-SHA1 seal",
// "AES-128-CTR-HMAC-SHA256 open", ...). Per operation one record: seal writes the sealed
// record (CBC-HMAC: roundup16(len + MAC + 1) bytes; CTR-HMAC: len + 32-byte tag); open takes
// `in` as a plaintext, seals it once per input outside the timed batches, and every
// operation opens that record; its output is the plaintext (len bytes). AD: the 11-byte TLS
// seq_num || type || version (kAeadAd's first 11 bytes); nonce: the item IV (CBC: 16 bytes,
// the explicit record IV; CTR-HMAC: its first 12). Keys: the first key_length bytes of the
// item key (MAC key || AES key for CBC-HMAC; AES key || HMAC key for CTR-HMAC).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "speed/impl.hpp"
#include "speed/items.hpp"

namespace aeskit::cli::speed {

inline constexpr std::size_t kTlsAdBytes = 11;

struct TlsParams {
  bool cbc;             // CBC-HMAC (else CTR-HMAC-SHA256)
  std::size_t mac_len;  // 20 or 32 (CBC: the MAC; CTR: the tag)
  std::size_t aes_len;  // 16 or 32
  std::size_t key_len;  // the whole AEAD key
  const char* md;       // OpenSSL digest name
};

TlsParams tls_params(const Item& item);
// tls_sealed_length: bytes a seal of `len` plaintext bytes writes.
std::size_t tls_sealed_length(const Item& item, std::size_t len);
std::size_t tls_output_length(const Item& item, std::size_t in_len);
std::span<const std::uint8_t> tls_ad();

// TlsRunner: what every TLS AEAD runner (aeskit, OpenSSL) does per operation. Seal items
// seal `in` into `out`; open items seal `in` once per input span, outside the timed batches
// (inputs do not change between calls with the same span, as in speed/aead.hpp), then open
// that record per operation and copy the plaintext to `out`. Dispatch is static (CRTP).
// Derived provides:
//   bool seal_record(std::span<const uint8_t> in, std::span<uint8_t> out, std::string& error);
//     writes tls_sealed_length(item, in.size()) bytes;
//   bool open_record(std::span<const uint8_t> record, std::span<uint8_t> plain,
//                    std::size_t& length, std::string& error);
//     false on a failed call; `length` is the plaintext's, left 0 if the record is rejected.
template <class Derived>
class TlsRunner : public Runner {
 public:
  explicit TlsRunner(const Item& item) : item_(item) {}

  bool run(std::size_t count, std::span<const std::uint8_t> in, std::span<std::uint8_t> out,
           std::string& error) final {
    Derived& self = static_cast<Derived&>(*this);
    if (item_.direction == Direction::encrypt) {
      for (std::size_t i = 0; i < count; ++i)
        if (!self.seal_record(in, out, error)) return false;
      return true;
    }
    if (in.data() != sealed_for_ || in.size() != sealed_size_) {
      record_.assign(tls_sealed_length(item_, in.size()), 0);
      if (!self.seal_record(in, record_, error)) return false;
      plain_.assign(record_.size(), 0);
      sealed_for_ = in.data();
      sealed_size_ = in.size();
    }
    for (std::size_t i = 0; i < count; ++i) {
      std::size_t length = 0;
      if (!self.open_record(record_, plain_, length, error)) return false;
      if (length != in.size()) {
        error = "the record was rejected";
        return false;
      }
      std::memcpy(out.data(), plain_.data(), length);
    }
    return true;
  }

 private:
  Item item_;
  std::vector<std::uint8_t> record_, plain_;
  const std::uint8_t* sealed_for_ = nullptr;
  std::size_t sealed_size_ = 0;
};

// make_aeskit_tls_runner: an AeadKey on aeskit's default backend (`backend` is not used).
std::unique_ptr<Runner> make_aeskit_tls_runner(const Item& item, const Material& material,
                                               std::string_view backend, std::string& error);

}  // namespace aeskit::cli::speed
