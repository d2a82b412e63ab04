// src/aead/derived_gcm.cpp — AES-256-GCM under a per-message derived key (derived_gcm.hpp),
// shared by XAES-256-GCM (xaes.cpp) and DNDK-GCM (dndk.cpp).
//
// CPU features: none (generic; AES through the root key's backend, GHASH and fused kernels
// as gcm_fused.hpp chose them for that backend).
// References: NIST SP 800-38D §7.1 (GCM-AE), §7.2 (GCM-AD), §7.1 step 2 (J0 = IV || 0^31 || 1
// for a 96-bit IV).
#include "aead/derived_gcm.hpp"

#include "aead/gcm_small.hpp"
#include "base/block128.hpp"
#include "base/secure_zero.hpp"
#include "modes/mode_kernels.hpp"

namespace aeskit::detail {

void crypt_derived_gcm(const KeyState& root, const GcmChoice& choice,
                       const std::uint8_t derived_key[32], gcm::Op op,
                       std::span<const std::uint8_t> gcm_nonce, std::span<const std::uint8_t> ad,
                       const std::uint8_t* in, std::uint8_t* out, std::size_t len,
                       std::uint8_t tag[16]) noexcept {
  KeyState subkey;  // wipes its schedule when it goes out of scope
  subkey.backend = root.backend;
  subkey.key_len = 32;
  subkey.backend->expand_key(derived_key, 32, subkey.enc);
  GcmKey g;
  g.aes = &subkey;
  g.ghash = choice.ghash;
  g.fused = choice.fused;
  gcm::setup_key(g);
  std::uint8_t j0[16];
  gcm::derive_j0(g, gcm_nonce, j0);
  if (gcm::crypt_message_fused(g, op, j0, ad, in, out, len, tag)) {
    // the fused kernel did the whole message
  } else if (gcm::fits_small(ad.size(), len)) {
    gcm::crypt_small(g, op, j0, ad, in, out, len, tag);
  } else {
    std::uint8_t counter[16];
    store_block128(counter, load_block128(j0));
    gcm::inc32(counter);
    std::uint8_t hash[16] = {};
    gcm::hash_padded(g, hash, ad.data(), ad.size());
    gcm::crypt_message(g, op, counter, hash, in, out, len);
    gcm::finish_tag(g, j0, hash, ad.size(), len, tag);
    secure_zero(counter, sizeof counter);
  }
  secure_zero(j0, sizeof j0);
  secure_zero(&g.hkey, sizeof g.hkey);
}

std::string describe_derived_gcm(const KeyState& root, const GcmChoice& choice,
                                 std::string_view derivation) {
  const std::string name(root.backend->name);
  const std::string ghash(choice.ghash->name);
  const std::string gcm = choice.fused != nullptr
                              ? "fused " + std::string(choice.fused->name)
                              : describe_kernel(*root.backend, Mode::ctr32, Direction::encrypt) +
                                    " then " + ghash + ":ghash";
  return name + std::string(derivation) + ", " + name + " key expansion + " + ghash +
         " GHASH key per message (on the stack); AES-256-GCM: " + gcm;
}

}  // namespace aeskit::detail
