// src/aead/gcm_siv_setup.cpp — AES-GCM-SIV keys (RFC 8452): the AeadScheme that holds the
// key-generating key and the POLYVAL code choice, and its factories.
//
// CPU features: none (generic).
// References: RFC 8452 §4 (the key-generating key is 16 or 32 bytes; everything else is
// derived per nonce, so nothing more is precomputed here).
#include <cstring>

#include "aead/aead_key_state.hpp"
#include "aead/gcm_fused.hpp"
#include "aead/gcm_siv.hpp"
#include "cpu/features.hpp"

namespace aeskit::detail {
namespace {

// fused_open_for: the fused open pass needs the native POLYVAL kernel's key layout, so only
// a native kernel's GHASH backend paired with the key's AES backend qualifies.
const GcmFusedKernels* fused_open_for(const AesBackend& aes, const PolyvalChoice& polyval,
                                      const cpu::FeatureSet& features) noexcept {
  if (polyval.native == nullptr) return nullptr;
  const GcmFusedKernels* k = find_gcm_fused(aes, *polyval.ghash, features);
  return k != nullptr && k->polyval_open != nullptr ? k : nullptr;
}

class GcmSivScheme final : public AeadScheme {
 public:
  GcmSivScheme(AesKey aes, PolyvalChoice polyval, const cpu::FeatureSet& features) noexcept
      : AeadScheme(16), aes_(std::move(aes)) {
    key_.aes = KeyAccess::state(aes_);
    key_.polyval = polyval;
    key_.fused_open = fused_open_for(*key_.aes->backend, polyval, features);
  }

  void seal(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> ad,
            const std::uint8_t* in, std::uint8_t* out, std::size_t len,
            std::uint8_t* tag_out) const noexcept override {
    gcm_siv::seal(key_, nonce, ad, in, out, len, tag_out);
  }
  bool open(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> ad,
            const std::uint8_t* in, std::uint8_t* out, std::size_t len,
            const std::uint8_t* tag) const noexcept override {
    return gcm_siv::open(key_, nonce, ad, in, out, len, tag);
  }
  std::string describe() const override { return gcm_siv::describe(key_); }
  std::string_view backend_name() const noexcept override { return aes_.backend_name(); }
  std::string_view hash_backend_name() const noexcept override { return key_.polyval.ghash->name; }

 private:
  AesKey aes_;  // key_.aes points into it
  GcmSivKey key_;
};

Result<std::unique_ptr<AeadScheme>> build(const AeadAlgorithm& algorithm,
                                          std::span<const std::uint8_t> key, std::size_t tag_length,
                                          std::string_view aes_backend, const GhashBackend* ghash,
                                          bool allow_native) {
  if (!is_gcm_siv(algorithm)) return Errc::invalid_argument;
  if (key.size() != algorithm.key_length()) return Errc::bad_key_length;
  if (!algorithm.allows_tag_length(tag_length)) return Errc::bad_tag_length;
  const cpu::FeatureSet& features = cpu::cpu_features();
  if (ghash != nullptr && !runnable(*ghash, features))
    return Errc::backend_unavailable;  // a pinned GHASH backend is refused, not replaced
  Result<AesKey> aes = AesKey::create(key, aes_backend);
  if (!aes.ok()) return aes.status();
  return std::unique_ptr<AeadScheme>(new GcmSivScheme(
      std::move(aes).value(), choose_polyval(ghash, features, allow_native), features));
}

}  // namespace

Result<std::unique_ptr<AeadScheme>> make_gcm_siv_scheme(const AeadAlgorithm& algorithm,
                                                        std::span<const std::uint8_t> key,
                                                        std::size_t tag_length,
                                                        std::string_view aes_backend) {
  return build(algorithm, key, tag_length, aes_backend, nullptr, true);
}

Result<AeadKey> make_gcm_siv_key(const AeadAlgorithm& algorithm, std::span<const std::uint8_t> key,
                                 std::string_view aes_backend, const GhashBackend* ghash,
                                 bool allow_native) {
  auto scheme = build(algorithm, key, 16, aes_backend, ghash, allow_native);
  if (!scheme.ok()) return scheme.status();
  return make_scheme_key(algorithm, std::move(scheme).value());
}

}  // namespace aeskit::detail
