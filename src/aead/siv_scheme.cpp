// src/aead/siv_scheme.cpp — the AES-SIV AEAD descriptors' scheme: S2V(K1, A, N, P) and CTR,
// output V || C (RFC 5297 §3 nonce-based use, §6 AEAD_AES_SIV_CMAC_*, §7 layout).
//
// CPU features: none. References: RFC 5297.
// AeadKey lays out tag || ciphertext (tag_first) and does the length/overlap checks; this
// passes the two components {A, N} to the SIV core. A is a component even when empty.
#include "aead/siv_scheme.hpp"

#include "aead/siv_core.hpp"

namespace aeskit::detail {
namespace {

class SivScheme final : public AeadScheme {
 public:
  explicit SivScheme(std::unique_ptr<siv::Core> core) noexcept
      : AeadScheme(16), core_(std::move(core)) {}

  bool tag_first() const noexcept override { return true; }

  void seal(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> ad,
            const std::uint8_t* in, std::uint8_t* out, std::size_t len,
            std::uint8_t* tag_out) const noexcept override {
    const siv::Component components[2] = {ad, nonce};
    siv::seal(*core_, components, 2, in, out, len, tag_out);
  }
  bool open(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> ad,
            const std::uint8_t* in, std::uint8_t* out, std::size_t len,
            const std::uint8_t* tag) const noexcept override {
    const siv::Component components[2] = {ad, nonce};
    return siv::open(*core_, components, 2, in, out, len, tag);
  }
  std::string describe() const override { return siv::describe(*core_); }
  std::string_view backend_name() const noexcept override { return core_->mac_aes.backend_name(); }

 private:
  std::unique_ptr<siv::Core> core_;
};

}  // namespace

Result<std::unique_ptr<AeadScheme>> make_siv_scheme(const AeadAlgorithm& /*algorithm*/,
                                                    std::span<const std::uint8_t> key,
                                                    std::size_t /*tag_length: always 16*/,
                                                    std::string_view aes_backend) {
  Result<std::unique_ptr<siv::Core>> core = siv::make_core(key, aes_backend);
  if (!core.ok()) return core.status();
  return std::unique_ptr<AeadScheme>(new SivScheme(std::move(core).value()));
}

}  // namespace aeskit::detail
