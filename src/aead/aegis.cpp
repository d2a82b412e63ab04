// src/aead/aegis.cpp — AEGIS-128L, AEGIS-256 and their X2/X4 forms as an AeadScheme: the key,
// the kernel chosen once per key, seal, and open with a constant-time tag check.
//
// CPU features: none (the kernels are the backends': backend/aegis_kernels.hpp; the choice
// follows the key's AES backend, as named or the best one, with the portable reference as the
// fallback, by the one selection rule of backend/select/select.hpp; never an ISA named here).
// References: draft-irtf-cfrg-aegis-aead-17 §3.1-3.2, §4.1-4.2, §5.2-5.3 (Encrypt/Decrypt:
// on a failed check the decrypted message and the expected tag are erased, the comparison is
// constant-time); §3, §4 (K_LEN, N_MIN = N_MAX, P_MAX = A_MAX = 2^61 - 1 bytes: the
// descriptors in algorithms.cpp, checked by AeadKey before a scheme is called).
//
// One-shot only: AeadSealer/AeadOpener's stream state is GCM's (include/aeskit/aead.hpp), so
// they answer one_shot_only for AEGIS keys, as for the other non-GCM families.
#include "aead/aegis.hpp"

#include <cstring>
#include <string>

#include "backend/aegis_kernels.hpp"
#include "backend/backend.hpp"
#include "backend/select/select.hpp"
#include "base/ct_equal.hpp"
#include "base/secure_zero.hpp"
#include "cpu/features.hpp"

namespace aeskit::detail {
namespace {

struct Variant {
  std::string_view name;
  AegisFamily family;
  std::size_t degree_index;  // 0, 1, 2: D = 1, 2, 4
};

constexpr Variant kVariants[] = {
    {"AEGIS-128L", AegisFamily::aegis128l, 0},  {"AEGIS-128X2", AegisFamily::aegis128l, 1},
    {"AEGIS-128X4", AegisFamily::aegis128l, 2}, {"AEGIS-256", AegisFamily::aegis256, 0},
    {"AEGIS-256X2", AegisFamily::aegis256, 1},  {"AEGIS-256X4", AegisFamily::aegis256, 2},
};

class AegisScheme final : public AeadScheme {
 public:
  AegisScheme(const Variant& variant, std::span<const std::uint8_t> key, std::size_t tag_length,
              const AesBackend& aes, AegisChoice choice) noexcept
      : AeadScheme(tag_length), variant_(variant), aes_(aes), choice_(choice) {
    std::memcpy(key_, key.data(), key.size());
  }
  ~AegisScheme() override { secure_zero(key_, sizeof key_); }

  void seal(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> ad,
            const std::uint8_t* in, std::uint8_t* out, std::size_t len,
            std::uint8_t* tag_out) const noexcept override {
    choice_.kernel->encrypt(key_, nonce.data(), ad.data(), ad.size(), in, out, len, tag_out,
                            tag_length());
  }

  bool open(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> ad,
            const std::uint8_t* in, std::uint8_t* out, std::size_t len,
            const std::uint8_t* tag) const noexcept override {
    std::uint8_t expected[32];
    choice_.kernel->decrypt(key_, nonce.data(), ad.data(), ad.size(), in, out, len, expected,
                            tag_length());
    const bool ok = ct_equal(expected, tag, tag_length());
    secure_zero(expected, sizeof expected);
    if (!ok && len != 0) secure_zero(out, len);
    return ok;
  }

  std::string describe() const override {
    const std::string_view d = variant_.degree_index == 0   ? "1 state"
                               : variant_.degree_index == 1 ? "2 states"
                                                            : "4 states";
    return std::string(aes_.name) + ":aegis " + std::string(variant_.name) + " (" + std::string(d) +
           ") on the " + std::string(choice_.backend) + " kernel [" +
           std::string(choice_.kernel->name) + "]";
  }
  std::string_view backend_name() const noexcept override { return aes_.name; }

 private:
  const Variant& variant_;
  const AesBackend& aes_;
  AegisChoice choice_;
  std::uint8_t key_[32] = {};
};

}  // namespace

Result<std::unique_ptr<AeadScheme>> make_aegis_scheme(const AeadAlgorithm& algorithm,
                                                      std::span<const std::uint8_t> key,
                                                      std::size_t tag_length,
                                                      std::string_view aes_backend) {
  const Variant* variant = nullptr;
  for (const Variant& v : kVariants)
    if (v.name == algorithm.name()) variant = &v;
  if (variant == nullptr) return Errc::invalid_argument;
  // The AES backend as AesKey::create resolves it (select.hpp: resolve_backend).
  const cpu::FeatureSet& features = cpu::cpu_features();
  Result<const AesBackend*> resolved = resolve_backend(aes_backend, features);
  if (!resolved.ok()) return resolved.status();
  const AesBackend* aes = *resolved;
  const AegisChoice choice =
      select_aegis_kernel(aes->name, variant->family, variant->degree_index, features);
  return std::unique_ptr<AeadScheme>(new AegisScheme(*variant, key, tag_length, *aes, choice));
}

}  // namespace aeskit::detail
