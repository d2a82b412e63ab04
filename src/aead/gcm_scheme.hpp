// src/aead/gcm_scheme.hpp — GCM as an AeadScheme (SP 800-38D §7.1 GCM-AE, §7.2 GCM-AD, one
// shot). No CPU feature of its own: the AES, GHASH and fused kernels are the key's backends'.
//
// A GcmScheme owns the AES key schedule and the GcmKey (aead_key_state.hpp) that points into
// it; AeadKey reaches it through AeadScheme like every other family. The code that works below
// the one-shot calls (incremental sealer/opener, GMAC-style scans in chunked, tests) reads the
// GcmKey through AeadScheme::gcm_state(). The class is final, so calls inside it (the batch
// loops) bind directly to its seal/open.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "aead/aead_key_state.hpp"
#include "aead/aead_scheme.hpp"
#include "aead/gcm_fused.hpp"

namespace aeskit::detail {

class GcmScheme final : public AeadScheme {
 public:
  // The AES schedule `aes` (on the plan's AES backend), then H and the GHASH key table of
  // `choice` (gcm::setup_key).
  GcmScheme(std::size_t tag_length, AesKey aes, const GcmChoice& choice) noexcept;
  ~GcmScheme() override;

  void seal(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> ad,
            const std::uint8_t* in, std::uint8_t* out, std::size_t len,
            std::uint8_t* tag_out) const noexcept override;
  bool open(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> ad,
            const std::uint8_t* in, std::uint8_t* out, std::size_t len,
            const std::uint8_t* tag) const noexcept override;
  void seal_jobs(std::span<AeadBatchJob> jobs) const noexcept override;
  void open_jobs(std::span<AeadBatchJob> jobs) const noexcept override;

  std::string describe() const override;
  std::string_view backend_name() const noexcept override;
  std::string_view hash_backend_name() const noexcept override;

 private:
  AesKey aes_key_;  // owns the schedule gcm_.aes points into
  GcmKey gcm_;
};

}  // namespace aeskit::detail
