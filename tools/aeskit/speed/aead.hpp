// tools/aeskit/speed/aead.hpp — the shape shared by every AEAD runner of `aeskit speed`
// (aeskit, OpenSSL, libgcrypt; GCM, OCB, GCM-SIV, XAES-256-GCM, CCM, EAX, SIV; AEGIS: aeskit): per
// operation one whole message sealed or opened, with the item's nonce and the fixed associated data
// kAeadAd.
//
// seal: `in` is the plaintext; out = ciphertext || tag.
// open: `in` is taken as a ciphertext. Before its first open of a given input the runner
// finds the tag that makes it authentic, with two seals by the library being measured
// (sealing `in` gives X = in ^ key stream; sealing X gives back `in` and its tag), once per
// input span, outside the timed batches (the warm-up pays it). Every operation then opens
// `in` with that tag; out = plaintext (X) || the tag it verified, so the cross-check compares
// both the key stream and the GHASH of each library. Inputs must not change between calls
// with the same span (the speed tool fills its input buffer once).
// OCB, GCM-SIV, SIV and AEGIS are not counter modes (sealing twice does not give the input back),
// so for their items the runner seals `in` once (same place: outside the timed batches) and
// every operation opens that sealed copy; out = `in` || its tag. OCB nonces are at most 15
// bytes, CCM's 13: a longer aead_nonce_length is cut to that.
//
// Dispatch to the library calls is static (CRTP): no virtual call per operation.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "aeskit/aead.hpp"
#include "speed/impl.hpp"
#include "speed/items.hpp"

namespace aeskit::cli::speed {

// The associated data of every AEAD item: a TLS 1.2 record header's worth.
inline constexpr std::uint8_t kAeadAd[kAeadAdBytes] = {0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
                                                       0x2a, 0x17, 0x03, 0x03, 0x05, 0x46};

// Derived provides:
//   bool seal_one(std::span<const uint8_t> in, std::span<uint8_t> out, std::string& error);
//     out has in.size() + aead_tag_bytes(item) bytes; out may start exactly at in.
//   bool open_one(std::span<const uint8_t> in, const uint8_t* tag, std::span<uint8_t> out,
//                 std::string& error);   // out has in.size() bytes; false if rejected
template <class Derived>
class AeadRunner : public Runner {
 public:
  AeadRunner(const Item& item, const Material& material)
      : seal_(item.direction == Direction::encrypt),
        tag_bytes_(aead_tag_bytes(item)),
        counter_mode_(item.family != Family::ocb && item.family != Family::siv &&
                      item.family != Family::gcm_siv &&  // SIV: IV from the data
                      item.family != Family::aegis),     // AEGIS: the state absorbs the data
        nonce_(material.iv.first(
            std::min<std::size_t>(material.aead_nonce_length, max_nonce(item.family)))) {
    // GCM-SIV takes exactly 12 bytes; XAES-256-GCM and DNDK-GCM 24: the 16-byte IV, then its first
    // 8 bytes again with the last one flipped (so the two nonce halves differ).
    if (item.family == Family::gcm_siv) nonce_ = material.iv.first(12);
    if (item.family == Family::xaes_gcm || item.family == Family::dndk_gcm) {
      std::memcpy(wide_nonce_, material.iv.data(), 16);
      std::memcpy(wide_nonce_ + 16, material.iv.data(), 8);
      wide_nonce_[23] ^= 0xff;
      nonce_ = std::span<const std::uint8_t>(wide_nonce_, 24);
    }
    // AEGIS takes exactly its key's length: AEGIS-128L/128X the 16-byte IV, AEGIS-256/256X
    // the IV, then the IV again with its last byte flipped.
    if (item.family == Family::aegis) {
      std::memcpy(wide_nonce_, material.iv.data(), 16);
      std::memcpy(wide_nonce_ + 16, material.iv.data(), 16);
      wide_nonce_[31] ^= 0xff;
      nonce_ = std::span<const std::uint8_t>(wide_nonce_, item.key_bits / 8);
    }
  }

  // max_nonce: OCB nonces are at most 15 bytes, CCM's at most 13 (a longer aead_nonce_length
  // is cut to that).
  static std::size_t max_nonce(Family family) {
    if (family == Family::ocb) return 15;
    if (family == Family::ccm) return 13;
    return SIZE_MAX;
  }

  bool run(std::size_t count, std::span<const std::uint8_t> in, std::span<std::uint8_t> out,
           std::string& error) final {
    Derived& self = static_cast<Derived&>(*this);
    const std::size_t len = in.size();
    if (out.size() < len + tag_bytes_) {
      error = "output buffer too small for message and tag";
      return false;
    }
    const auto sealed = out.first(len + tag_bytes_);
    if (seal_) {
      for (std::size_t i = 0; i < count; ++i)
        if (!self.seal_one(in, sealed, error)) return false;
      return true;
    }
    if (in.data() != tagged_data_ || len != tagged_size_) {
      if (!find_tag(in, sealed, error)) return false;
    }
    const auto plain = out.first(len);
    const auto source = counter_mode_ ? in : std::span<const std::uint8_t>(sealed_input_);
    for (std::size_t i = 0; i < count; ++i)
      if (!self.open_one(source, tag_, plain, error)) return false;
    std::memcpy(out.data() + len, tag_, tag_bytes_);
    return true;
  }

 protected:
  std::span<const std::uint8_t> nonce() const { return nonce_; }

 private:
  bool find_tag(std::span<const std::uint8_t> in, std::span<std::uint8_t> scratch,
                std::string& error) {
    Derived& self = static_cast<Derived&>(*this);
    const std::size_t len = in.size();
    if (!self.seal_one(in, scratch, error)) return false;
    if (!counter_mode_) {
      sealed_input_.assign(scratch.begin(), scratch.begin() + static_cast<std::ptrdiff_t>(len));
      std::memcpy(tag_, scratch.data() + len, tag_bytes_);
      tagged_data_ = in.data();
      tagged_size_ = len;
      return true;
    }
    if (!self.seal_one(scratch.first(len), scratch, error)) return false;
    if (std::memcmp(scratch.data(), in.data(), len) != 0) {
      error = "sealing twice did not give the input back (not a counter mode?)";
      return false;
    }
    std::memcpy(tag_, scratch.data() + len, tag_bytes_);
    tagged_data_ = in.data();
    tagged_size_ = len;
    return true;
  }

  bool seal_;
  std::size_t tag_bytes_;  // aead_tag_bytes(item)
  bool counter_mode_;      // GCM, CCM, EAX; false for OCB, the SIVs and AEGIS (header comment)
  std::span<const std::uint8_t> nonce_;
  std::uint8_t wide_nonce_[32] = {};  // XAES-256-GCM's and DNDK-GCM's 24 bytes, AEGIS-256's 32
  std::vector<std::uint8_t> sealed_input_;  // OCB open: `in` sealed once
  const std::uint8_t* tagged_data_ = nullptr;
  std::size_t tagged_size_ = SIZE_MAX;  // no input tagged yet
  std::uint8_t tag_[kAeadMaxTagBytes] = {};
};

// make_aeskit_aead_runner: every AEAD family through one AeadKey (aeskit's AEAD runner).
std::unique_ptr<Runner> make_aeskit_aead_runner(const Item& item, const Material& material,
                                                std::string_view backend, std::string& error);

}  // namespace aeskit::cli::speed
