// src/aead/dndk.cpp — DNDK-GCM (IETF CFRG draft-gueron-cfrg-dndkgcm) over the GCM code of this
// folder: "DNDK-GCM" (no key commitment) and "DNDK-GCM-KC" (32-byte key commitment).
//
// CPU features: none (generic; AES through the root key's backend, GHASH and fused kernels
// as gcm_fused.hpp chooses them for that backend, once per root key).
// References: draft-gueron-cfrg-dndkgcm (Derive: NHead/NTail, ConfigByte, X_i, Y_i, DK, KC;
// test vectors of draft -03 Appendix A); NIST SP 800-38D §7 (GCM, derived_gcm.hpp).
//
// Per message: the 3 (or 5) derivation blocks in one encrypt_blocks call on the root key's
// backend (its widest kernel), DK and KC by XOR with X_0, then AES-256-GCM under DK with
// NTail (derived_gcm.hpp). Open with commitment: KC is recomputed and compared with the
// received one in constant time before any GCM work; a mismatch zeroes the output and fails.
// Then the 16-byte GCM tag is compared in constant time; a mismatch zeroes the output. DK,
// KC and the derivation blocks are wiped before returning.
#include "aead/dndk.hpp"

#include <cstring>

#include "aead/aead_key_state.hpp"
#include "aead/derived_gcm.hpp"
#include "base/block128.hpp"
#include "base/ct_equal.hpp"
#include "base/secure_zero.hpp"
#include "cpu/features.hpp"
#include "modes/mode_kernels.hpp"

namespace aeskit::detail {

void dndk_derive(const KeyState& root, bool commit, std::span<const std::uint8_t> nonce,
                 std::uint8_t dk[32], std::uint8_t kc[32], std::uint8_t gcm_nonce[12]) noexcept {
  // N zero-padded to 27 bytes: NHead = bytes 0..14, NTail = bytes 15..26 (the lengths are
  // public). The blocks are built in registers and stored whole (base/block128.hpp: no
  // store-forwarding stall before the AES call).
  const std::size_t ln = nonce.size();
  const Block128 head = load_partial_block(nonce.data(), ln < 15 ? ln : 15, /*pad=*/false);
  std::memset(gcm_nonce, 0, 12);
  if (ln > 15) std::memcpy(gcm_nonce, nonce.data() + 15, ln - 15);
  const std::uint64_t config = (commit ? 128u : 0u) + 8u * (ln - 12);
  const std::size_t blocks = commit ? 5 : 3;
  alignas(16) std::uint8_t x[5 * 16];
  for (std::size_t i = 0; i < blocks; ++i)
    store_block128(x + 16 * i, head | block128_from_be64(0, config + i));  // NHead || config + i
  root.backend->encrypt_blocks(root.enc, x, x, blocks);
  // Y_i = X_i ^ X_0: DK = Y_1 || Y_2, KC = Y_3 || Y_4.
  const Block128 x0 = load_block128(x);
  store_block128(dk, load_block128(x + 16) ^ x0);
  store_block128(dk + 16, load_block128(x + 32) ^ x0);
  if (commit) {
    store_block128(kc, load_block128(x + 48) ^ x0);
    store_block128(kc + 16, load_block128(x + 64) ^ x0);
  }
  secure_zero(x, sizeof x);
}

namespace {

class DndkScheme final : public AeadScheme {
 public:
  DndkScheme(AesKey aes, GcmChoice choice, bool commit) noexcept
      : AeadScheme(commit ? 16 + kDndkCommitment : 16),
        aes_(std::move(aes)),
        choice_(choice),
        commit_(commit) {}

  void seal(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> ad,
            const std::uint8_t* in, std::uint8_t* out, std::size_t len,
            std::uint8_t* tag_out) const noexcept override {
    const KeyState& root = *KeyAccess::state(aes_);
    alignas(16) std::uint8_t dk[32];
    std::uint8_t kc[kDndkCommitment];
    std::uint8_t gcm_nonce[12];
    dndk_derive(root, commit_, nonce, dk, kc, gcm_nonce);
    crypt_derived_gcm(root, choice_, dk, gcm::Op::seal, gcm_nonce, ad, in, out, len, tag_out);
    if (commit_) std::memcpy(tag_out + 16, kc, kDndkCommitment);
    secure_zero(dk, sizeof dk);
    secure_zero(kc, sizeof kc);
  }

  bool open(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> ad,
            const std::uint8_t* in, std::uint8_t* out, std::size_t len,
            const std::uint8_t* tag) const noexcept override {
    const KeyState& root = *KeyAccess::state(aes_);
    std::uint8_t received[16 + kDndkCommitment];
    std::memcpy(received, tag, tag_length());
    alignas(16) std::uint8_t dk[32];
    std::uint8_t kc[kDndkCommitment];
    std::uint8_t gcm_nonce[12];
    dndk_derive(root, commit_, nonce, dk, kc, gcm_nonce);
    bool ok = true;
    if (commit_) ok = ct_equal(kc, received + 16, kDndkCommitment);
    if (ok) {
      // The commitment matched (or there is none): GCM-AD, then the tag.
      std::uint8_t expected[16];
      crypt_derived_gcm(root, choice_, dk, gcm::Op::open, gcm_nonce, ad, in, out, len, expected);
      ok = ct_equal(expected, received, 16);
      secure_zero(expected, sizeof expected);
    }
    secure_zero(dk, sizeof dk);
    secure_zero(kc, sizeof kc);
    if (!ok && len != 0) secure_zero(out, len);
    return ok;
  }

  std::string describe() const override {
    return describe_derived_gcm(
        *KeyAccess::state(aes_), choice_,
        std::string(commit_ ? ":dndk-gcm-kc, DK and KC = five" : ":dndk-gcm, DK = three") +
            " AES-256 blocks in one encrypt_blocks call");
  }
  std::string_view backend_name() const noexcept override { return aes_.backend_name(); }
  std::string_view hash_backend_name() const noexcept override { return choice_.ghash->name; }

 private:
  AesKey aes_;
  GcmChoice choice_;
  bool commit_;
};

}  // namespace

Result<std::unique_ptr<AeadScheme>> make_dndk_scheme(const AeadAlgorithm& algorithm,
                                                     std::span<const std::uint8_t> key,
                                                     std::size_t tag_length,
                                                     std::string_view aes_backend) {
  if (!is_dndk(algorithm)) return Errc::invalid_argument;
  const bool commit = is_dndk_kc(algorithm);
  if (key.size() != 32) return Errc::bad_key_length;
  if (tag_length != (commit ? 16 + kDndkCommitment : 16)) return Errc::bad_tag_length;
  Result<AesKey> aes = AesKey::create(key, aes_backend);
  if (!aes.ok()) return aes.status();
  const GcmChoice choice =
      choose_gcm(*KeyAccess::state(aes.value())->backend, nullptr, cpu::cpu_features(), true);
  return std::unique_ptr<AeadScheme>(new DndkScheme(std::move(aes).value(), choice, commit));
}

}  // namespace aeskit::detail
