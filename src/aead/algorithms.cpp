// src/aead/algorithms.cpp — the AEAD algorithm descriptors and their lookup by name.
//
// GCM limits (NIST SP 800-38D §5.2.1.1): len(P) ≤ 2^39 − 256 bits (2^36 − 32 bytes: the
// 32-bit block counter must not come back to J0), len(A) and len(IV) ≤ 2^64 − 1 bits (whole
// bytes: 2^61 − 1), len(IV) ≥ 1 bit (we take whole bytes: ≥ 1). Tag lengths (§5.2.1.2): 128,
// 120, 112, 104, 96 bits, and 64 or 32 bits for applications that respect Appendix C.
//
// OCB limits (RFC 7253): nonce 1..15 bytes (§4: at most 120 bits; whole bytes), 12 bytes
// recommended; TAGLEN ≤ 128 bits — we offer 8..16 bytes (64..128 bits: shorter tags make
// forgery by guessing too cheap, and 64 is the shortest the RFC's test suite covers). RFC
// 7253 §5: a key must not encrypt more than 2^48 blocks, so one message (plaintext, and
// likewise AD) is capped at 2^48 blocks = 2^52 bytes.
#include <array>

#include "aead/aead_scheme.hpp"
#include "aead/aegis.hpp"
#include "aead/cbc_hmac.hpp"
#include "aead/ccm.hpp"
#include "aead/dndk.hpp"
#include "aead/eax.hpp"
#include "aead/gcm_siv.hpp"
#include "aead/ocb_key.hpp"
#include "aead/siv_scheme.hpp"
#include "aead/xaes.hpp"
#include "aeskit/aead.hpp"

namespace aeskit {
namespace detail {

struct AeadAlgorithmTable {
  static constexpr std::size_t kGcmTags[] = {4, 8, 12, 13, 14, 15, 16};
  static constexpr std::uint64_t kGcmMaxPlaintext = (std::uint64_t{1} << 36) - 32;
  static constexpr std::uint64_t kGcmMaxAd = (std::uint64_t{1} << 61) - 1;
  static constexpr std::uint64_t kGcmMaxNonce = (std::uint64_t{1} << 61) - 1;

  static constexpr AeadAlgorithm gcm(std::string_view name, std::size_t key_length) {
    return AeadAlgorithm(name, key_length, 1, kGcmMaxNonce, 12, kGcmTags, kGcmMaxPlaintext,
                         kGcmMaxAd);
  }

  static const AeadAlgorithm kAes128Gcm;
  static const AeadAlgorithm kAes192Gcm;
  static const AeadAlgorithm kAes256Gcm;

  static constexpr std::size_t kOcbTags[] = {8, 9, 10, 11, 12, 13, 14, 15, 16};
  static constexpr std::uint64_t kOcbMaxBytes = std::uint64_t{1} << 52;  // 2^48 blocks

  static constexpr AeadAlgorithm ocb(std::string_view name, std::size_t key_length) {
    return AeadAlgorithm(name, key_length, 1, 15, 12, kOcbTags, kOcbMaxBytes, kOcbMaxBytes);
  }

  static const AeadAlgorithm kAes128Ocb;
  static const AeadAlgorithm kAes192Ocb;
  static const AeadAlgorithm kAes256Ocb;

  // AES-GCM-SIV (RFC 8452): 12-byte nonce, 16-byte tag; §6: plaintext and AD ≤ 2^36 bytes.
  static constexpr std::size_t kGcmSivTags[] = {16};
  static constexpr std::uint64_t kGcmSivMax = std::uint64_t{1} << 36;

  static constexpr AeadAlgorithm gcm_siv(std::string_view name, std::size_t key_length) {
    return AeadAlgorithm(name, key_length, 12, 12, 12, kGcmSivTags, kGcmSivMax, kGcmSivMax);
  }

  static const AeadAlgorithm kAes128GcmSiv;
  static const AeadAlgorithm kAes256GcmSiv;

  // XAES-256-GCM (c2sp.org/XAES-256-GCM): 32-byte key, 24-byte nonce, 16-byte tag; the
  // plaintext and AD limits of AES-256-GCM under the derived key.
  static constexpr std::size_t kXaesTags[] = {16};
  static const AeadAlgorithm kXaes256Gcm;

  // DNDK-GCM (draft-gueron-cfrg-dndkgcm): 32-byte root key, nonces of LN = 12..27 bytes (24
  // recommended: the random-nonce form), the plaintext and AD limits of AES-256-GCM under the
  // derived key. The tag is GCM's 16 bytes; with key commitment T || KC, 16 + 32 bytes.
  static constexpr std::size_t kDndkTags[] = {16};
  static constexpr std::size_t kDndkKcTags[] = {16 + kDndkCommitment};
  static const AeadAlgorithm kDndkGcm;
  static const AeadAlgorithm kDndkGcmKc;

  // CCM (SP 800-38C): nonce 7..13 bytes (12 recommended, as RFC 5116's AEAD_AES_*_CCM),
  // tags 4..16 even. The payload limit depends on the nonce (p < 2^(8(15 - n)) bytes) and is
  // the scheme's check(); the descriptor allows what the 8-byte length field (n = 7) allows.
  // AD up to 2^64 - 1 bytes (the 10-byte encoding). Profiles with short tags (CCM-8, ...)
  // are these descriptors with a tag length at AeadKey::create.
  static constexpr std::size_t kCcmTags[] = {4, 6, 8, 10, 12, 14, 16};
  static constexpr std::uint64_t kCcmMax = ~std::uint64_t{0};

  static constexpr AeadAlgorithm ccm(std::string_view name, std::size_t key_length) {
    return AeadAlgorithm(name, key_length, 7, 13, 12, kCcmTags, kCcmMax, kCcmMax);
  }

  static const AeadAlgorithm kAes128Ccm;
  static const AeadAlgorithm kAes192Ccm;
  static const AeadAlgorithm kAes256Ccm;

  // CCM-8 presets (RFC 6655's AES_128_CCM_8 / AES_256_CCM_8, IEEE 802.15.4-style stacks):
  // the CCM descriptors above with the tag fixed at 8 bytes; nonces 7..13 as for CCM.
  static constexpr std::size_t kCcm8Tags[] = {8};

  static constexpr AeadAlgorithm ccm_8(std::string_view name, std::size_t key_length) {
    return AeadAlgorithm(name, key_length, 7, 13, 12, kCcm8Tags, kCcmMax, kCcmMax);
  }

  static const AeadAlgorithm kAes128Ccm8;
  static const AeadAlgorithm kAes256Ccm8;

  // EAX (Bellare-Rogaway-Wagner): nonce and header of any length (the empty nonce too, as
  // the paper and Wycheproof allow; 16 recommended), tags 8..16 bytes (the paper allows any
  // tau ≤ 16; below 8 bytes forgery by guessing gets cheap, as for OCB). The 128-bit CTR
  // counter never wraps within 2^61 - 1 bytes, the bound used for data and AD.
  static constexpr std::size_t kEaxTags[] = {8, 9, 10, 11, 12, 13, 14, 15, 16};
  static constexpr std::uint64_t kEaxMax = (std::uint64_t{1} << 61) - 1;

  static constexpr AeadAlgorithm eax(std::string_view name, std::size_t key_length) {
    return AeadAlgorithm(name, key_length, 0, kEaxMax, 16, kEaxTags, kEaxMax, kEaxMax);
  }

  static const AeadAlgorithm kAes128Eax;
  static const AeadAlgorithm kAes192Eax;
  static const AeadAlgorithm kAes256Eax;

  // SIV (RFC 5297) in its nonce-based AEAD form: S2V(K1, A, N, P), output V || C (the tag
  // first). Names follow the AES-<bits>-<mode> style with the bits of each AES key, as for
  // XTS and as OpenSSL names SIV: "AES-128-SIV" takes a 32-byte key (RFC 5116's
  // AEAD_AES_SIV_CMAC_256, also accepted by aead::find), -192 48 bytes, -256 64 bytes.
  // Nonce ≥ 1 byte (RFC 5297 §6: N_MIN 1), the tag is V (16 bytes).
  static constexpr std::size_t kSivTags[] = {16};
  static constexpr std::uint64_t kSivMax = (std::uint64_t{1} << 61) - 1;

  static constexpr AeadAlgorithm siv(std::string_view name, std::size_t key_length) {
    return AeadAlgorithm(name, key_length, 1, kSivMax, 16, kSivTags, kSivMax, kSivMax);
  }

  static const AeadAlgorithm kAes128Siv;
  static const AeadAlgorithm kAes192Siv;
  static const AeadAlgorithm kAes256Siv;

  // TLS AEADs (cbc_hmac.cpp, ctr_hmac.cpp). CBC-HMAC: key = mac key || AES key [|| IV], the
  // 11-byte TLS AD, the tag is the whole HMAC; the nonce is the record IV (16 bytes), or for
  // the TLS 1.0 implicit-IV keys none (first record) or the previous record's last block.
  // Plaintext up to 65487 bytes, so that every sealed record (≤ |P| + 48) and the plaintext
  // length fit the 16-bit TLS length (open checks the record length against the same limit).
  // CTR-HMAC-SHA256: key = AES key || 32-byte HMAC key, 12-byte nonce, tags 16..32, 2^32
  // blocks (32-bit counter from 0).
  static constexpr std::uint64_t kTlsMaxPlaintext = 65535 - 48;
  static constexpr std::size_t kSha1Tags[] = {20};
  static constexpr std::size_t kSha256Tags[] = {32};
  static constexpr std::size_t kCtrHmacTags[] = {16, 17, 18, 19, 20, 21, 22, 23, 24,
                                                 25, 26, 27, 28, 29, 30, 31, 32};
  static constexpr AeadAlgorithm cbc_tls(std::string_view name, std::size_t key_length,
                                         bool implicit, std::span<const std::size_t> tags) {
    return AeadAlgorithm(name, key_length, implicit ? 0 : 16, 16, implicit ? 0 : 16, tags,
                         kTlsMaxPlaintext, kSivMax,  // AD: exactly 11, the scheme's check()
                         16);                        // 1..16 bytes of TLS padding after the MAC
  }
  static const AeadAlgorithm kAes128CbcSha1;
  static const AeadAlgorithm kAes256CbcSha1;
  static const AeadAlgorithm kAes128CbcSha256;
  static const AeadAlgorithm kAes256CbcSha256;
  static const AeadAlgorithm kAes128CbcSha1Implicit;
  static const AeadAlgorithm kAes256CbcSha1Implicit;
  static const AeadAlgorithm kAes128CbcSha256Implicit;
  static const AeadAlgorithm kAes128CtrHmacSha256;
  static const AeadAlgorithm kAes256CtrHmacSha256;

  // AEGIS (draft-irtf-cfrg-aegis-aead-17 §3, §4, §5): K_LEN 16 (128L/128X) or 32 (256/256X),
  // N_MIN = N_MAX = K_LEN, P_MAX = A_MAX = 2^61 - 1 bytes, tags of 128 or 256 bits (the
  // default, as for every descriptor, is the longest).
  static constexpr std::size_t kAegisTags[] = {16, 32};
  static constexpr std::uint64_t kAegisMax = (std::uint64_t{1} << 61) - 1;
  static constexpr AeadAlgorithm aegis(std::string_view name, std::size_t key_length) {
    return AeadAlgorithm(name, key_length, key_length, key_length, key_length, kAegisTags,
                         kAegisMax, kAegisMax);
  }
  static const AeadAlgorithm kAegis128L;
  static const AeadAlgorithm kAegis128X2;
  static const AeadAlgorithm kAegis128X4;
  static const AeadAlgorithm kAegis256;
  static const AeadAlgorithm kAegis256X2;
  static const AeadAlgorithm kAegis256X4;
};

constinit const AeadAlgorithm AeadAlgorithmTable::kAes128Gcm = gcm("AES-128-GCM", 16);
constinit const AeadAlgorithm AeadAlgorithmTable::kAes192Gcm = gcm("AES-192-GCM", 24);
constinit const AeadAlgorithm AeadAlgorithmTable::kAes256Gcm = gcm("AES-256-GCM", 32);
constinit const AeadAlgorithm AeadAlgorithmTable::kAes128Ocb = ocb("AES-128-OCB", 16);
constinit const AeadAlgorithm AeadAlgorithmTable::kAes192Ocb = ocb("AES-192-OCB", 24);
constinit const AeadAlgorithm AeadAlgorithmTable::kAes256Ocb = ocb("AES-256-OCB", 32);
constinit const AeadAlgorithm AeadAlgorithmTable::kAes128GcmSiv = gcm_siv("AES-128-GCM-SIV", 16);
constinit const AeadAlgorithm AeadAlgorithmTable::kAes256GcmSiv = gcm_siv("AES-256-GCM-SIV", 32);
constinit const AeadAlgorithm AeadAlgorithmTable::kXaes256Gcm =
    AeadAlgorithm("XAES-256-GCM", 32, 24, 24, 24, kXaesTags, kGcmMaxPlaintext, kGcmMaxAd);
constinit const AeadAlgorithm AeadAlgorithmTable::kDndkGcm =
    AeadAlgorithm("DNDK-GCM", 32, kDndkNonceMin, kDndkNonceMax, kDndkNonce, kDndkTags,
                  kGcmMaxPlaintext, kGcmMaxAd);
constinit const AeadAlgorithm AeadAlgorithmTable::kDndkGcmKc =
    AeadAlgorithm("DNDK-GCM-KC", 32, kDndkNonceMin, kDndkNonceMax, kDndkNonce, kDndkKcTags,
                  kGcmMaxPlaintext, kGcmMaxAd);
constinit const AeadAlgorithm AeadAlgorithmTable::kAes128Ccm = ccm("AES-128-CCM", 16);
constinit const AeadAlgorithm AeadAlgorithmTable::kAes192Ccm = ccm("AES-192-CCM", 24);
constinit const AeadAlgorithm AeadAlgorithmTable::kAes256Ccm = ccm("AES-256-CCM", 32);
constinit const AeadAlgorithm AeadAlgorithmTable::kAes128Ccm8 = ccm_8("AES-128-CCM-8", 16);
constinit const AeadAlgorithm AeadAlgorithmTable::kAes256Ccm8 = ccm_8("AES-256-CCM-8", 32);
constinit const AeadAlgorithm AeadAlgorithmTable::kAes128Eax = eax("AES-128-EAX", 16);
constinit const AeadAlgorithm AeadAlgorithmTable::kAes192Eax = eax("AES-192-EAX", 24);
constinit const AeadAlgorithm AeadAlgorithmTable::kAes256Eax = eax("AES-256-EAX", 32);
constinit const AeadAlgorithm AeadAlgorithmTable::kAes128Siv = siv("AES-128-SIV", 32);
constinit const AeadAlgorithm AeadAlgorithmTable::kAes192Siv = siv("AES-192-SIV", 48);
constinit const AeadAlgorithm AeadAlgorithmTable::kAes256Siv = siv("AES-256-SIV", 64);
constinit const AeadAlgorithm AeadAlgorithmTable::kAes128CbcSha1 =
    cbc_tls("AES-128-CBC-SHA1", 20 + 16, false, kSha1Tags);
constinit const AeadAlgorithm AeadAlgorithmTable::kAes256CbcSha1 =
    cbc_tls("AES-256-CBC-SHA1", 20 + 32, false, kSha1Tags);
constinit const AeadAlgorithm AeadAlgorithmTable::kAes128CbcSha256 =
    cbc_tls("AES-128-CBC-SHA256", 32 + 16, false, kSha256Tags);
constinit const AeadAlgorithm AeadAlgorithmTable::kAes256CbcSha256 =
    cbc_tls("AES-256-CBC-SHA256", 32 + 32, false, kSha256Tags);
constinit const AeadAlgorithm AeadAlgorithmTable::kAes128CbcSha1Implicit =
    cbc_tls("AES-128-CBC-SHA1-IMPLICIT-IV", 20 + 16 + 16, true, kSha1Tags);
constinit const AeadAlgorithm AeadAlgorithmTable::kAes256CbcSha1Implicit =
    cbc_tls("AES-256-CBC-SHA1-IMPLICIT-IV", 20 + 32 + 16, true, kSha1Tags);
constinit const AeadAlgorithm AeadAlgorithmTable::kAes128CbcSha256Implicit =
    cbc_tls("AES-128-CBC-SHA256-IMPLICIT-IV", 32 + 16 + 16, true, kSha256Tags);
constinit const AeadAlgorithm AeadAlgorithmTable::kAes128CtrHmacSha256 = AeadAlgorithm(
    "AES-128-CTR-HMAC-SHA256", 16 + 32, 12, 12, 12, kCtrHmacTags, std::uint64_t{1} << 36, kSivMax);
constinit const AeadAlgorithm AeadAlgorithmTable::kAes256CtrHmacSha256 = AeadAlgorithm(
    "AES-256-CTR-HMAC-SHA256", 32 + 32, 12, 12, 12, kCtrHmacTags, std::uint64_t{1} << 36, kSivMax);

constinit const AeadAlgorithm AeadAlgorithmTable::kAegis128L = aegis("AEGIS-128L", 16);
constinit const AeadAlgorithm AeadAlgorithmTable::kAegis128X2 = aegis("AEGIS-128X2", 16);
constinit const AeadAlgorithm AeadAlgorithmTable::kAegis128X4 = aegis("AEGIS-128X4", 16);
constinit const AeadAlgorithm AeadAlgorithmTable::kAegis256 = aegis("AEGIS-256", 32);
constinit const AeadAlgorithm AeadAlgorithmTable::kAegis256X2 = aegis("AEGIS-256X2", 32);
constinit const AeadAlgorithm AeadAlgorithmTable::kAegis256X4 = aegis("AEGIS-256X4", 32);

bool is_gcm_siv(const AeadAlgorithm& algorithm) noexcept {
  return &algorithm == &AeadAlgorithmTable::kAes128GcmSiv ||
         &algorithm == &AeadAlgorithmTable::kAes256GcmSiv;
}

bool is_xaes(const AeadAlgorithm& algorithm) noexcept {
  return &algorithm == &AeadAlgorithmTable::kXaes256Gcm;
}

bool is_dndk(const AeadAlgorithm& algorithm) noexcept {
  return &algorithm == &AeadAlgorithmTable::kDndkGcm ||
         &algorithm == &AeadAlgorithmTable::kDndkGcmKc;
}

bool is_dndk_kc(const AeadAlgorithm& algorithm) noexcept {
  return &algorithm == &AeadAlgorithmTable::kDndkGcmKc;
}

bool is_aegis_256(const AeadAlgorithm& algorithm) noexcept {
  return &algorithm == &AeadAlgorithmTable::kAegis256 ||
         &algorithm == &AeadAlgorithmTable::kAegis256X2 ||
         &algorithm == &AeadAlgorithmTable::kAegis256X4;
}

bool is_ocb(const AeadAlgorithm& algorithm) noexcept {
  return &algorithm == &AeadAlgorithmTable::kAes128Ocb ||
         &algorithm == &AeadAlgorithmTable::kAes192Ocb ||
         &algorithm == &AeadAlgorithmTable::kAes256Ocb;
}

bool is_ccm(const AeadAlgorithm& algorithm) noexcept {
  using T = AeadAlgorithmTable;
  return &algorithm == &T::kAes128Ccm || &algorithm == &T::kAes192Ccm ||
         &algorithm == &T::kAes256Ccm || &algorithm == &T::kAes128Ccm8 ||
         &algorithm == &T::kAes256Ccm8;
}

}  // namespace detail

namespace {

// Every AEAD of this build with the factory of its family (aead_scheme.hpp; nullptr: GCM,
// built into aead_key.cpp). A new family adds its descriptors to AeadAlgorithmTable above
// and its rows here.
struct Entry {
  const AeadAlgorithm* algorithm;
  detail::AeadSchemeFactory factory;
};

using T = detail::AeadAlgorithmTable;
constexpr Entry kEntries[] = {
    {&T::kAes128Gcm, nullptr},
    {&T::kAes192Gcm, nullptr},
    {&T::kAes256Gcm, nullptr},
    {&T::kAes128Ocb, &detail::make_ocb_scheme},
    {&T::kAes192Ocb, &detail::make_ocb_scheme},
    {&T::kAes256Ocb, &detail::make_ocb_scheme},
    {&T::kAes128GcmSiv, &detail::make_gcm_siv_scheme},
    {&T::kAes256GcmSiv, &detail::make_gcm_siv_scheme},
    {&T::kXaes256Gcm, &detail::make_xaes_scheme},
    {&T::kDndkGcm, &detail::make_dndk_scheme},
    {&T::kDndkGcmKc, &detail::make_dndk_scheme},
    {&T::kAes128Ccm, &detail::make_ccm_scheme},
    {&T::kAes192Ccm, &detail::make_ccm_scheme},
    {&T::kAes256Ccm, &detail::make_ccm_scheme},
    {&T::kAes128Ccm8, &detail::make_ccm_scheme},
    {&T::kAes256Ccm8, &detail::make_ccm_scheme},
    {&T::kAes128Eax, &detail::make_eax_scheme},
    {&T::kAes192Eax, &detail::make_eax_scheme},
    {&T::kAes256Eax, &detail::make_eax_scheme},
    {&T::kAes128Siv, &detail::make_siv_scheme},
    {&T::kAes192Siv, &detail::make_siv_scheme},
    {&T::kAes256Siv, &detail::make_siv_scheme},
    {&T::kAes128CbcSha1, &detail::make_cbc_hmac_scheme_for<HashAlgorithm::sha1, false>},
    {&T::kAes256CbcSha1, &detail::make_cbc_hmac_scheme_for<HashAlgorithm::sha1, false>},
    {&T::kAes128CbcSha256, &detail::make_cbc_hmac_scheme_for<HashAlgorithm::sha256, false>},
    {&T::kAes256CbcSha256, &detail::make_cbc_hmac_scheme_for<HashAlgorithm::sha256, false>},
    {&T::kAes128CbcSha1Implicit, &detail::make_cbc_hmac_scheme_for<HashAlgorithm::sha1, true>},
    {&T::kAes256CbcSha1Implicit, &detail::make_cbc_hmac_scheme_for<HashAlgorithm::sha1, true>},
    {&T::kAes128CbcSha256Implicit, &detail::make_cbc_hmac_scheme_for<HashAlgorithm::sha256, true>},
    {&T::kAes128CtrHmacSha256, &detail::make_ctr_hmac_scheme},
    {&T::kAes256CtrHmacSha256, &detail::make_ctr_hmac_scheme},
    {&T::kAegis128L, &detail::make_aegis_scheme},
    {&T::kAegis128X2, &detail::make_aegis_scheme},
    {&T::kAegis128X4, &detail::make_aegis_scheme},
    {&T::kAegis256, &detail::make_aegis_scheme},
    {&T::kAegis256X2, &detail::make_aegis_scheme},
    {&T::kAegis256X4, &detail::make_aegis_scheme},
};
constexpr std::size_t kCount = sizeof kEntries / sizeof kEntries[0];

constexpr std::array<const AeadAlgorithm*, kCount> list_all() {
  std::array<const AeadAlgorithm*, kCount> all{};
  for (std::size_t i = 0; i < kCount; ++i) all[i] = kEntries[i].algorithm;
  return all;
}
constexpr std::array<const AeadAlgorithm*, kCount> kAll = list_all();

char lower(char c) {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

bool equal_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (lower(a[i]) != lower(b[i])) return false;
  return true;
}

}  // namespace

namespace detail {
AeadSchemeFactory scheme_factory(const AeadAlgorithm& algorithm) noexcept {
  for (const Entry& e : kEntries)
    if (e.algorithm == &algorithm) return e.factory;
  return nullptr;
}
}  // namespace detail

bool AeadAlgorithm::allows_tag_length(std::size_t n) const noexcept {
  for (std::size_t allowed : tag_lengths_)
    if (allowed == n) return true;
  return false;
}

bool AeadAlgorithm::allows_nonce_length(std::size_t n) const noexcept {
  return n >= nonce_min_ && static_cast<std::uint64_t>(n) <= nonce_max_;
}

namespace aead {

const AeadAlgorithm& aes_128_gcm() noexcept {
  return detail::AeadAlgorithmTable::kAes128Gcm;
}
const AeadAlgorithm& aes_192_gcm() noexcept {
  return detail::AeadAlgorithmTable::kAes192Gcm;
}
const AeadAlgorithm& aes_256_gcm() noexcept {
  return detail::AeadAlgorithmTable::kAes256Gcm;
}
const AeadAlgorithm& aes_128_ocb() noexcept {
  return detail::AeadAlgorithmTable::kAes128Ocb;
}
const AeadAlgorithm& aes_192_ocb() noexcept {
  return detail::AeadAlgorithmTable::kAes192Ocb;
}
const AeadAlgorithm& aes_256_ocb() noexcept {
  return detail::AeadAlgorithmTable::kAes256Ocb;
}
const AeadAlgorithm& aes_128_gcm_siv() noexcept {
  return detail::AeadAlgorithmTable::kAes128GcmSiv;
}
const AeadAlgorithm& aes_256_gcm_siv() noexcept {
  return detail::AeadAlgorithmTable::kAes256GcmSiv;
}
const AeadAlgorithm& xaes_256_gcm() noexcept {
  return detail::AeadAlgorithmTable::kXaes256Gcm;
}
const AeadAlgorithm& dndk_gcm() noexcept {
  return detail::AeadAlgorithmTable::kDndkGcm;
}
const AeadAlgorithm& dndk_gcm_kc() noexcept {
  return detail::AeadAlgorithmTable::kDndkGcmKc;
}

const AeadAlgorithm& aes_128_ccm() noexcept {
  return detail::AeadAlgorithmTable::kAes128Ccm;
}
const AeadAlgorithm& aes_192_ccm() noexcept {
  return detail::AeadAlgorithmTable::kAes192Ccm;
}
const AeadAlgorithm& aes_256_ccm() noexcept {
  return detail::AeadAlgorithmTable::kAes256Ccm;
}
const AeadAlgorithm& aes_128_ccm_8() noexcept {
  return detail::AeadAlgorithmTable::kAes128Ccm8;
}
const AeadAlgorithm& aes_256_ccm_8() noexcept {
  return detail::AeadAlgorithmTable::kAes256Ccm8;
}

const AeadAlgorithm& aes_128_eax() noexcept {
  return detail::AeadAlgorithmTable::kAes128Eax;
}
const AeadAlgorithm& aes_192_eax() noexcept {
  return detail::AeadAlgorithmTable::kAes192Eax;
}
const AeadAlgorithm& aes_256_eax() noexcept {
  return detail::AeadAlgorithmTable::kAes256Eax;
}
const AeadAlgorithm& aes_128_siv() noexcept {
  return detail::AeadAlgorithmTable::kAes128Siv;
}
const AeadAlgorithm& aes_192_siv() noexcept {
  return detail::AeadAlgorithmTable::kAes192Siv;
}
const AeadAlgorithm& aes_256_siv() noexcept {
  return detail::AeadAlgorithmTable::kAes256Siv;
}
const AeadAlgorithm& aes_128_cbc_sha1_tls() noexcept {
  return detail::AeadAlgorithmTable::kAes128CbcSha1;
}
const AeadAlgorithm& aes_256_cbc_sha1_tls() noexcept {
  return detail::AeadAlgorithmTable::kAes256CbcSha1;
}
const AeadAlgorithm& aes_128_cbc_sha256_tls() noexcept {
  return detail::AeadAlgorithmTable::kAes128CbcSha256;
}
const AeadAlgorithm& aes_256_cbc_sha256_tls() noexcept {
  return detail::AeadAlgorithmTable::kAes256CbcSha256;
}
const AeadAlgorithm& aes_128_cbc_sha1_tls_implicit_iv() noexcept {
  return detail::AeadAlgorithmTable::kAes128CbcSha1Implicit;
}
const AeadAlgorithm& aes_256_cbc_sha1_tls_implicit_iv() noexcept {
  return detail::AeadAlgorithmTable::kAes256CbcSha1Implicit;
}
const AeadAlgorithm& aes_128_cbc_sha256_tls_implicit_iv() noexcept {
  return detail::AeadAlgorithmTable::kAes128CbcSha256Implicit;
}
const AeadAlgorithm& aes_128_ctr_hmac_sha256() noexcept {
  return detail::AeadAlgorithmTable::kAes128CtrHmacSha256;
}
const AeadAlgorithm& aes_256_ctr_hmac_sha256() noexcept {
  return detail::AeadAlgorithmTable::kAes256CtrHmacSha256;
}

const AeadAlgorithm& aegis_128l() noexcept {
  return detail::AeadAlgorithmTable::kAegis128L;
}
const AeadAlgorithm& aegis_128x2() noexcept {
  return detail::AeadAlgorithmTable::kAegis128X2;
}
const AeadAlgorithm& aegis_128x4() noexcept {
  return detail::AeadAlgorithmTable::kAegis128X4;
}
const AeadAlgorithm& aegis_256() noexcept {
  return detail::AeadAlgorithmTable::kAegis256;
}
const AeadAlgorithm& aegis_256x2() noexcept {
  return detail::AeadAlgorithmTable::kAegis256X2;
}
const AeadAlgorithm& aegis_256x4() noexcept {
  return detail::AeadAlgorithmTable::kAegis256X4;
}

std::span<const AeadAlgorithm* const> algorithms() noexcept {
  return kAll;
}

const AeadAlgorithm* find(std::string_view name) noexcept {
  for (const AeadAlgorithm* algorithm : kAll)
    if (equal_ignoring_case(algorithm->name(), name)) return algorithm;
  // Other names of the same descriptors: RFC 5116's registry names for SIV (the key bits
  // of K1 || K2), and that order in the AES-<mode>-<bits> style.
  using T = detail::AeadAlgorithmTable;
  static constexpr struct {
    std::string_view name;
    const AeadAlgorithm* algorithm;
  } kAliases[] = {
      {"AEAD_AES_SIV_CMAC_256", &T::kAes128Siv}, {"AEAD_AES_SIV_CMAC_384", &T::kAes192Siv},
      {"AEAD_AES_SIV_CMAC_512", &T::kAes256Siv}, {"AES-SIV-CMAC-256", &T::kAes128Siv},
      {"AES-SIV-CMAC-384", &T::kAes192Siv},      {"AES-SIV-CMAC-512", &T::kAes256Siv},
  };
  for (const auto& alias : kAliases)
    if (equal_ignoring_case(alias.name, name)) return alias.algorithm;
  return nullptr;
}

}  // namespace aead
}  // namespace aeskit
