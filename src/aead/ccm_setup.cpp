// src/aead/ccm_setup.cpp — the AES-CCM AeadScheme: key setup, the length check that depends on
// the nonce length, and dispatch to ccm_crypt.cpp.
//
// CPU features: none (generic). References: SP 800-38C §5.3 (q and the bound on the payload
// length), RFC 3610 §2.
//
// CCM needs no per-key precomputation beyond the AES encryption schedule (decryption uses the
// forward cipher too), so the scheme only holds the AesKey.
#include "aead/aead_key_state.hpp"
#include "aead/ccm.hpp"

namespace aeskit::detail {
namespace {

class CcmScheme final : public AeadScheme {
 public:
  CcmScheme(std::size_t tag_length, AesKey aes) noexcept
      : AeadScheme(tag_length), aes_(std::move(aes)), key_(KeyAccess::state(aes_)) {}

  Status check(std::span<const std::uint8_t> nonce, std::uint64_t data_len,
               std::uint64_t ad_len) const noexcept override {
    (void)ad_len;  // any AD length below 2^64 has an encoding
    return ccm::check_length(nonce.size(), data_len);
  }

  void seal(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> ad,
            const std::uint8_t* in, std::uint8_t* out, std::size_t len,
            std::uint8_t* tag_out) const noexcept override {
    ccm::seal(*key_, tag_length(), nonce, ad, in, out, len, tag_out);
  }
  bool open(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> ad,
            const std::uint8_t* in, std::uint8_t* out, std::size_t len,
            const std::uint8_t* tag) const noexcept override {
    return ccm::open(*key_, tag_length(), nonce, ad, in, out, len, tag);
  }
  std::string describe() const override { return ccm::describe(*key_); }
  std::string_view backend_name() const noexcept override { return aes_.backend_name(); }

 private:
  AesKey aes_;  // key_ points into it
  const KeyState* key_;
};

}  // namespace

Result<std::unique_ptr<AeadScheme>> make_ccm_scheme(const AeadAlgorithm& algorithm,
                                                    std::span<const std::uint8_t> key,
                                                    std::size_t tag_length,
                                                    std::string_view aes_backend) {
  if (!is_ccm(algorithm)) return Errc::invalid_argument;
  Result<AesKey> aes = AesKey::create(key, aes_backend);
  if (!aes.ok()) return aes.status();
  return std::unique_ptr<AeadScheme>(new CcmScheme(tag_length, std::move(aes).value()));
}

}  // namespace aeskit::detail
