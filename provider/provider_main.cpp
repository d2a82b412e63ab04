// provider_main.cpp — the aeskit OpenSSL provider's entry point: OSSL_provider_init, the
// provider's parameters (name, version, buildinfo, status and the proof counters:
// aeskit-bytes-processed, -sealed, -opened, aeskit-stats), query_operation (ciphers and MACs)
// and teardown (which appends the AESKIT_PROVIDER_STATS line). References: provider(7),
// provider-base(7).
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>

#include <cstring>
#include <new>
#include <string>

#include "aeskit/version.hpp"
#include "provider.hpp"

namespace aeskit_provider {

void wipe(void* p, std::size_t n) noexcept {
  OPENSSL_cleanse(p, n);
}

bool RawKey::matches(const unsigned char* key, std::size_t n) const noexcept {
  return len != 0 && n == len && CRYPTO_memcmp(bytes, key, n) == 0;
}
void RawKey::set(const unsigned char* key, std::size_t n) noexcept {
  clear();
  if (n == 0 || n > sizeof bytes) return;
  std::memcpy(bytes, key, n);
  len = n;
}
void RawKey::clear() noexcept {
  OPENSSL_cleanse(bytes, sizeof bytes);
  len = 0;
}

bool keep_or_make_key(std::shared_ptr<const aeskit::AesKey>& key, RawKey& raw,
                      const unsigned char* bytes, std::size_t n) noexcept {
  if (key && raw.matches(bytes, n)) return true;
  try {  // no exception may cross into OpenSSL's C
    auto k = aeskit::AesKey::create({bytes, n});
    if (!k.ok()) return false;
    key = std::make_shared<const aeskit::AesKey>(std::move(*k));
  } catch (...) {
    return false;
  }
  raw.set(bytes, n);
  return true;
}

namespace {

constexpr const char* kProps = "provider=aeskit";
// The proof counters (stats.hpp): all bytes, bytes sealed, bytes opened (every algorithm),
// and the per-algorithm text of the stats line.
constexpr const char* kBytesParam = "aeskit-bytes-processed";
constexpr const char* kSealedParam = "aeskit-bytes-sealed";
constexpr const char* kOpenedParam = "aeskit-bytes-opened";
constexpr const char* kStatsParam = "aeskit-stats";

const OSSL_PARAM kGettable[] = {
    OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_NAME, nullptr, 0),
    OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_VERSION, nullptr, 0),
    OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_BUILDINFO, nullptr, 0),
    OSSL_PARAM_int(OSSL_PROV_PARAM_STATUS, nullptr),
    OSSL_PARAM_uint64(kBytesParam, nullptr),
    OSSL_PARAM_uint64(kSealedParam, nullptr),
    OSSL_PARAM_uint64(kOpenedParam, nullptr),
    OSSL_PARAM_utf8_string(kStatsParam, nullptr, 0),
    OSSL_PARAM_END,
};

const OSSL_PARAM* gettable_params(void*) {
  return kGettable;
}

int get_params(void* provctx, OSSL_PARAM params[]) {
  auto* ctx = static_cast<ProviderContext*>(provctx);
  OSSL_PARAM* p = find_param(params, OSSL_PROV_PARAM_NAME);
  if (p != nullptr && !OSSL_PARAM_set_utf8_ptr(p, "aeskit")) return 0;
  p = find_param(params, OSSL_PROV_PARAM_VERSION);
  if (p != nullptr && !OSSL_PARAM_set_utf8_ptr(p, aeskit::version().string)) return 0;
  p = find_param(params, OSSL_PROV_PARAM_BUILDINFO);
  if (p != nullptr &&
      !OSSL_PARAM_set_utf8_ptr(p, "aeskit provider, built against " OPENSSL_VERSION_TEXT))
    return 0;
  p = find_param(params, OSSL_PROV_PARAM_STATUS);
  if (p != nullptr && !OSSL_PARAM_set_int(p, 1)) return 0;
  p = find_param(params, kBytesParam);
  if (p != nullptr && !OSSL_PARAM_set_uint64(p, ctx->stats.total())) return 0;
  p = find_param(params, kSealedParam);
  if (p != nullptr && !OSSL_PARAM_set_uint64(p, ctx->stats.total(stats::Dir::seal))) return 0;
  p = find_param(params, kOpenedParam);
  if (p != nullptr && !OSSL_PARAM_set_uint64(p, ctx->stats.total(stats::Dir::open))) return 0;
  p = find_param(params, kStatsParam);
  if (p != nullptr) {
    try {  // no exception may cross into OpenSSL's C
      const std::string text = ctx->stats.text();
      if (!OSSL_PARAM_set_utf8_string(p, text.c_str())) return 0;
    } catch (...) {
      return 0;
    }
  }
  return 1;
}

const OSSL_ALGORITHM* query_operation(void*, int operation_id, int* no_cache) {
  *no_cache = 0;
  if (operation_id == OSSL_OP_MAC) {
    static const OSSL_ALGORITHM macs[] = {
        {"CMAC", kProps, cmac_functions(), "aeskit CMAC (AES-CBC ciphers)"},
        {"GMAC:1.0.9797.3.4", kProps, gmac_functions(), "aeskit GMAC (AES-GCM ciphers)"},
        {nullptr, nullptr, nullptr, nullptr},
    };
    return macs;
  }
  if (operation_id != OSSL_OP_CIPHER) return nullptr;
  // The names (and aliases) are exactly the default provider's, so a fetch by any of them
  // with "provider=aeskit" finds these.
  static const OSSL_ALGORITHM ciphers[] = {
      {"AES-256-ECB:2.16.840.1.101.3.4.1.41", kProps, ecb_functions(256), "aeskit AES-256-ECB"},
      {"AES-192-ECB:2.16.840.1.101.3.4.1.21", kProps, ecb_functions(192), "aeskit AES-192-ECB"},
      {"AES-128-ECB:2.16.840.1.101.3.4.1.1", kProps, ecb_functions(128), "aeskit AES-128-ECB"},
      {"AES-256-CBC:AES256:2.16.840.1.101.3.4.1.42", kProps, cbc_functions(256),
       "aeskit AES-256-CBC"},
      {"AES-192-CBC:AES192:2.16.840.1.101.3.4.1.22", kProps, cbc_functions(192),
       "aeskit AES-192-CBC"},
      {"AES-128-CBC:AES128:2.16.840.1.101.3.4.1.2", kProps, cbc_functions(128),
       "aeskit AES-128-CBC"},
      {"AES-256-CTR", kProps, ctr_functions(256), "aeskit AES-256-CTR"},
      {"AES-192-CTR", kProps, ctr_functions(192), "aeskit AES-192-CTR"},
      {"AES-128-CTR", kProps, ctr_functions(128), "aeskit AES-128-CTR"},
      {"AES-256-GCM:id-aes256-GCM:2.16.840.1.101.3.4.1.46", kProps, gcm_functions(256),
       "aeskit AES-256-GCM"},
      {"AES-192-GCM:id-aes192-GCM:2.16.840.1.101.3.4.1.26", kProps, gcm_functions(192),
       "aeskit AES-192-GCM"},
      {"AES-128-GCM:id-aes128-GCM:2.16.840.1.101.3.4.1.6", kProps, gcm_functions(128),
       "aeskit AES-128-GCM"},
      {"AES-256-CFB:2.16.840.1.101.3.4.1.44", kProps, cfb_functions(256), "aeskit AES-256-CFB"},
      {"AES-192-CFB:2.16.840.1.101.3.4.1.24", kProps, cfb_functions(192), "aeskit AES-192-CFB"},
      {"AES-128-CFB:2.16.840.1.101.3.4.1.4", kProps, cfb_functions(128), "aeskit AES-128-CFB"},
      {"AES-256-CFB1", kProps, cfb1_functions(256), "aeskit AES-256-CFB1"},
      {"AES-192-CFB1", kProps, cfb1_functions(192), "aeskit AES-192-CFB1"},
      {"AES-128-CFB1", kProps, cfb1_functions(128), "aeskit AES-128-CFB1"},
      {"AES-256-CFB8", kProps, cfb8_functions(256), "aeskit AES-256-CFB8"},
      {"AES-192-CFB8", kProps, cfb8_functions(192), "aeskit AES-192-CFB8"},
      {"AES-128-CFB8", kProps, cfb8_functions(128), "aeskit AES-128-CFB8"},
      {"AES-256-OFB:2.16.840.1.101.3.4.1.43", kProps, ofb_functions(256), "aeskit AES-256-OFB"},
      {"AES-192-OFB:2.16.840.1.101.3.4.1.23", kProps, ofb_functions(192), "aeskit AES-192-OFB"},
      {"AES-128-OFB:2.16.840.1.101.3.4.1.3", kProps, ofb_functions(128), "aeskit AES-128-OFB"},
      {"AES-256-XTS:1.3.111.2.1619.0.1.2", kProps, xts_functions(256), "aeskit AES-256-XTS"},
      {"AES-128-XTS:1.3.111.2.1619.0.1.1", kProps, xts_functions(128), "aeskit AES-128-XTS"},
      {"AES-256-CCM:id-aes256-CCM:2.16.840.1.101.3.4.1.47", kProps, ccm_functions(256),
       "aeskit AES-256-CCM"},
      {"AES-192-CCM:id-aes192-CCM:2.16.840.1.101.3.4.1.27", kProps, ccm_functions(192),
       "aeskit AES-192-CCM"},
      {"AES-128-CCM:id-aes128-CCM:2.16.840.1.101.3.4.1.7", kProps, ccm_functions(128),
       "aeskit AES-128-CCM"},
      {"AES-128-SIV", kProps, siv_functions(128), "aeskit AES-128-SIV"},
      {"AES-192-SIV", kProps, siv_functions(192), "aeskit AES-192-SIV"},
      {"AES-256-SIV", kProps, siv_functions(256), "aeskit AES-256-SIV"},
      {"AES-256-OCB", kProps, ocb_functions(256), "aeskit AES-256-OCB"},
      {"AES-192-OCB", kProps, ocb_functions(192), "aeskit AES-192-OCB"},
      {"AES-128-OCB", kProps, ocb_functions(128), "aeskit AES-128-OCB"},
      {"AES-256-GCM-SIV", kProps, gcm_siv_functions(256), "aeskit AES-256-GCM-SIV"},
      {"AES-128-GCM-SIV", kProps, gcm_siv_functions(128), "aeskit AES-128-GCM-SIV"},
      {"AES-128-CBC-HMAC-SHA1", kProps, cbc_hmac_sha1_functions(128),
       "aeskit AES-128-CBC-HMAC-SHA1"},
      {"AES-256-CBC-HMAC-SHA1", kProps, cbc_hmac_sha1_functions(256),
       "aeskit AES-256-CBC-HMAC-SHA1"},
      {"AES-128-CBC-HMAC-SHA256", kProps, cbc_hmac_sha256_functions(128),
       "aeskit AES-128-CBC-HMAC-SHA256"},
      {"AES-256-CBC-HMAC-SHA256", kProps, cbc_hmac_sha256_functions(256),
       "aeskit AES-256-CBC-HMAC-SHA256"},
      {nullptr, nullptr, nullptr, nullptr},
  };
  return ciphers;
}

void teardown(void* provctx) {
  auto* ctx = static_cast<ProviderContext*>(provctx);
  ctx->stats.write_file();
  delete ctx;
}

const OSSL_DISPATCH kProviderFunctions[] = {
    {OSSL_FUNC_PROVIDER_TEARDOWN, reinterpret_cast<void (*)()>(teardown)},
    {OSSL_FUNC_PROVIDER_GETTABLE_PARAMS, reinterpret_cast<void (*)()>(gettable_params)},
    {OSSL_FUNC_PROVIDER_GET_PARAMS, reinterpret_cast<void (*)()>(get_params)},
    {OSSL_FUNC_PROVIDER_QUERY_OPERATION, reinterpret_cast<void (*)()>(query_operation)},
    {0, nullptr},
};

}  // namespace
}  // namespace aeskit_provider

extern "C" __attribute__((visibility("default"))) int OSSL_provider_init(
    const OSSL_CORE_HANDLE* handle, const OSSL_DISPATCH*, const OSSL_DISPATCH** out,
    void** provctx) {
  auto* ctx = new (std::nothrow) aeskit_provider::ProviderContext;
  if (ctx == nullptr) return 0;
  ctx->handle = handle;
  ctx->stats.open_file();
  *provctx = ctx;
  *out = aeskit_provider::kProviderFunctions;
  return 1;
}
