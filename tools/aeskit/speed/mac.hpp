// tools/aeskit/speed/mac.hpp — the block-cipher MAC items of `aeskit speed` and the runners
// for the CMAC-based AEADs that the generic AEAD runners do not cover.
//
// CMAC items ("AES-128-CMAC mac", "AES-256-CMAC mac") reuse ItemKind::hash (op "mac", as
// the HMAC items): per operation one whole message MACed under a key set once per item; the
// output is the full 16-byte tag.
// EAX and SIV items are ItemKind::aead ("AES-128-EAX seal", "AES-128-SIV open", ...): aeskit
// runs them through its generic AEAD runner; the peers' runners are here (libgcrypt: EAX and
// SIV; OpenSSL: SIV, as it has no EAX). Every SIV runner writes ciphertext || tag like the
// other AEAD runners (aeskit via seal_detached), so outputs compare across libraries; SIV
// is not a counter mode, so its open items open a copy sealed once (speed/aead.hpp).
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "speed/impl.hpp"
#include "speed/items.hpp"

namespace aeskit::cli::speed {

inline constexpr std::size_t kCmacTagBytes = 16;

// cmac_items: "AES-128-CMAC mac", "AES-256-CMAC mac".
std::vector<Item> cmac_items();
inline bool is_cmac_item(const Item& item) {
  return item.kind == ItemKind::hash && item.algorithm.size() > 5 &&
         item.algorithm.compare(item.algorithm.size() - 5, 5, "-CMAC") == 0;
}
// is_cmac_siv_name: "AES-128-SIV", "AES-192-SIV", "AES-256-SIV" (not GCM-SIV); their key is
// two AES keys (2 × key_bits / 8 bytes).
inline bool is_cmac_siv_name(std::string_view name) {
  return name == "AES-128-SIV" || name == "AES-192-SIV" || name == "AES-256-SIV";
}
inline bool is_eax_name(std::string_view name) {
  return name == "AES-128-EAX" || name == "AES-192-EAX" || name == "AES-256-EAX";
}
// mac_aead_items: EAX (AES-128, AES-256) and SIV (AES-128-SIV, AES-256-SIV), seal and open.
std::vector<Item> mac_aead_items();

// cmac_table_note: which chain kernel aeskit's CMAC runs on `backend`.
std::string cmac_table_note(const Item& item, std::string_view backend);

std::unique_ptr<Runner> make_aeskit_cmac_runner(const Item& item, const Material& material,
                                                std::string_view backend, std::string& error);
#if defined(AESKIT_HAVE_OPENSSL)
std::unique_ptr<Runner> make_openssl_cmac_runner(const Item& item, const Material& material,
                                                 std::string& error);
// SIV only; for EAX it returns nullptr with an EMPTY error: OpenSSL has no EAX, the item
// is measured without it.
std::unique_ptr<Runner> make_openssl_mac_aead_runner(const Item& item, const Material& material,
                                                     std::string& error);
#endif
#if defined(AESKIT_HAVE_LIBGCRYPT)
std::unique_ptr<Runner> make_libgcrypt_cmac_runner(const Item& item, const Material& material,
                                                   std::string& error);
std::unique_ptr<Runner> make_libgcrypt_mac_aead_runner(const Item& item, const Material& material,
                                                       std::string& error);
#endif

}  // namespace aeskit::cli::speed
