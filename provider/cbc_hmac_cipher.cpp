// cbc_hmac_cipher.cpp — AES-{128,256}-CBC-HMAC-SHA1 and AES-{128,256}-CBC-HMAC-SHA256 for the
// aeskit OpenSSL provider: the "stitched" ciphers libssl fetches for TLS 1.0-1.2 CBC suites
// without encrypt-then-MAC. The behaviour is that of OpenSSL 3.0's default implementation
// (providers/implementations/ciphers/cipher_aes_cbc_hmac_sha*.c, observed differentially):
//
// - TLS mode, armed by tls1-aad for the next update or EVP_Cipher only:
//   encrypting, the AAD's length is the payload's (with the explicit IV from TLS 1.1 on) and
//   tlsaadpad reads what the record grows by; the update takes explicit IV || payload and
//   room for MAC and padding, exactly the padded length, and CBC-encrypts all of it with the
//   context's chaining value (the explicit IV block is encrypted too: its ciphertext is the
//   IV of the rest). Decrypting, tlsaadpad reads the MAC length; the record's explicit IV
//   (TLS 1.1+, by the AAD's version) becomes the chaining value, the rest is decrypted, the
//   padding and the MAC are checked in constant time, and with tls-version set the update
//   reports the payload length only.
// - Otherwise plain AES-CBC without padding over whole blocks (the default also hashes that
//   data into a MAC state no one can read).
// - mackey sets the HMAC key (after the key: a new key forgets it, as in OpenSSL);
//   tls-version (TLS 1.0/SSL 3: no explicit IV to strip) and keylen are settable.
//
// The records are aeskit's TLS CBC-HMAC AEADs (aead::aes_*_cbc_sha*_tls: stitched AES+SHA
// where the CPU has it, Lucky13-safe open). A TLS 1.1+ explicit IV block E is handled as
// CBC does it: its ciphertext C0 = AES(chain ^ E) is the record IV the AEAD seals under; a
// decrypted record's MAC and padding, which aeskit's open zeroes, are decrypted again from a
// copy of the last blocks (at most 21), so the output bytes equal OpenSSL's. A record that
// fails leaves zeros where OpenSSL leaves the unauthenticated decryption.
//
// Not offered: the TLS 1.1 multi-block parameters (tls1multi_*). The default provider has
// them on x86-64 (4 records interleaved, 8 with AVX2) and sets the TLS1_1_MULTIBLOCK flag;
// aeskit leaves the flag clear so libssl never takes that path, and refuses the parameters.
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/prov_ssl.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <new>

#include "aeskit/aead.hpp"
#include "aeskit/aes.hpp"
#include "aeskit/modes.hpp"
#include "dispatch.hpp"
#include "provider.hpp"

namespace aeskit_provider {
namespace {

constexpr std::size_t kNoPayload = ~std::size_t{0};
constexpr std::size_t kTlsAadLen = 13;
constexpr std::size_t kKeptBlocks = 21;  // covers MAC (<= 32) + padding (<= 256) + 2 blocks

struct Ctx {
  void* provctx = nullptr;
  std::size_t stat = 0;  // stats::alg of this algorithm (stats.hpp)
  std::size_t keylen = 16;
  std::size_t maclen = 20;  // the HMAC's digest length: 20 (SHA-1) or 32 (SHA-256)
  bool enc = false;
  unsigned char aes_key[32] = {};
  unsigned char mac_key[32] = {};
  bool aes_key_set = false;
  bool mac_key_set = false;
  std::shared_ptr<const aeskit::AesKey> aes;      // CBC outside records, single blocks
  std::shared_ptr<const aeskit::AeadKey> record;  // mac_key || aes_key, made when needed
  unsigned char iv[16] = {};                      // the chaining value
  unsigned char oiv[16] = {};                     // the IV given last
  bool iv_set = false;
  // TLS mode (OpenSSL's payload_length, aux.tls_ver / tls_aad, tls_aad_pad).
  std::size_t payload_length = kNoPayload;
  unsigned int enc_tls_ver = 0;
  unsigned char tls_aad[kTlsAadLen] = {};  // encrypting: the MAC header; decrypting: the AAD
  std::size_t tls_aad_pad = 0;
  // The generic cipher's TLS fields: the version set through tls-version and what a
  // decrypting update strips (padding, then MAC + explicit IV).
  unsigned int tlsversion = 0;
  bool removetlspad = false;
  std::size_t removetlsfixed = 0;

  Ctx() = default;
  Ctx(const Ctx&) = default;  // keys shared (immutable), key bytes and state copied
  Ctx& operator=(const Ctx&) = delete;
  ~Ctx() {
    wipe(aes_key, sizeof aes_key);
    wipe(mac_key, sizeof mac_key);
    wipe(iv, sizeof iv);
    wipe(oiv, sizeof oiv);
    wipe(tls_aad, sizeof tls_aad);
  }
};

void* newctx(void* provctx, std::size_t keybits, std::size_t maclen, std::size_t stat) {
  auto* c = new (std::nothrow) Ctx;
  if (c == nullptr) return nullptr;
  c->provctx = provctx;
  c->stat = stat;
  c->keylen = keybits / 8;
  c->maclen = maclen;
  return c;
}

void freectx(void* vctx) {
  delete static_cast<Ctx*>(vctx);
}

void* dupctx(void* vctx) {
  return new (std::nothrow) Ctx(*static_cast<Ctx*>(vctx));
}

const aeskit::AeadAlgorithm& record_algorithm(const Ctx* c) {
  namespace a = aeskit::aead;
  if (c->maclen == 20)
    return c->keylen == 16 ? a::aes_128_cbc_sha1_tls() : a::aes_256_cbc_sha1_tls();
  return c->keylen == 16 ? a::aes_128_cbc_sha256_tls() : a::aes_256_cbc_sha256_tls();
}

// The record key, made from the MAC and AES keys the first time a record needs it.
bool ensure_record_key(Ctx* c) {
  if (c->record) return true;
  if (!c->aes_key_set || !c->mac_key_set) return false;
  unsigned char both[64];
  std::memcpy(both, c->mac_key, c->maclen);
  std::memcpy(both + c->maclen, c->aes_key, c->keylen);
  bool ok = false;
  try {
    auto k = aeskit::AeadKey::create(record_algorithm(c), {both, c->maclen + c->keylen});
    if (k.ok()) {
      c->record = std::make_shared<const aeskit::AeadKey>(std::move(*k));
      ok = true;
    }
  } catch (...) {
  }
  wipe(both, sizeof both);
  return ok;
}

// EVP_CTRL_AEAD_TLS1_AAD (OpenSSL's set_tls1_aad): > 0 on success. Encrypting, the length
// in the caller's AAD is rewritten without the explicit IV, as OpenSSL does.
int set_tls1_aad(Ctx* c, unsigned char* aad, std::size_t len) {
  if (len != kTlsAadLen) return -1;
  std::size_t n = static_cast<std::size_t>(aad[11]) << 8 | aad[12];
  if (c->enc) {
    c->payload_length = n;
    c->enc_tls_ver = static_cast<unsigned int>(aad[9]) << 8 | aad[10];
    if (c->enc_tls_ver >= TLS1_1_VERSION) {
      if (n < 16) return 0;
      n -= 16;
      aad[11] = static_cast<unsigned char>(n >> 8);
      aad[12] = static_cast<unsigned char>(n);
    }
    std::memcpy(c->tls_aad, aad, kTlsAadLen);
    c->tls_aad_pad = ((n + c->maclen + 16) & ~std::size_t{15}) - n;
    return 1;
  }
  std::memcpy(c->tls_aad, aad, kTlsAadLen);
  c->payload_length = kTlsAadLen;
  c->tls_aad_pad = c->maclen;
  return 1;
}

int set_ctx_params(void* vctx, const OSSL_PARAM params[]) {
  auto* c = static_cast<Ctx*>(vctx);
  if (params == nullptr || params[0].key == nullptr) return 1;
  const OSSL_PARAM* p = find_param(params, OSSL_CIPHER_PARAM_AEAD_MAC_KEY);
  if (p != nullptr) {
    if (p->data_type != OSSL_PARAM_OCTET_STRING) return 0;
    // aeskit's TLS AEADs take an HMAC key of the digest's length, the length TLS uses;
    // OpenSSL accepts any length (HMAC's key rules). Others are refused.
    if (p->data_size != c->maclen || p->data == nullptr) return 0;
    std::memcpy(c->mac_key, p->data, c->maclen);
    c->mac_key_set = true;
    c->record.reset();
  }
  for (const char* multi :
       {OSSL_CIPHER_PARAM_TLS1_MULTIBLOCK_MAX_SEND_FRAGMENT, OSSL_CIPHER_PARAM_TLS1_MULTIBLOCK_AAD,
        OSSL_CIPHER_PARAM_TLS1_MULTIBLOCK_ENC, OSSL_CIPHER_PARAM_TLS1_MULTIBLOCK_ENC_IN})
    if (find_param(params, multi) != nullptr) return 0;
  p = find_param(params, OSSL_CIPHER_PARAM_AEAD_TLS1_AAD);
  if (p != nullptr) {
    if (p->data_type != OSSL_PARAM_OCTET_STRING || p->data == nullptr) return 0;
    if (set_tls1_aad(c, static_cast<unsigned char*>(p->data), p->data_size) <= 0) return 0;
  }
  p = find_param(params, OSSL_CIPHER_PARAM_KEYLEN);
  if (p != nullptr) {
    std::size_t keylen = 0;
    if (!OSSL_PARAM_get_size_t(p, &keylen) || keylen != c->keylen) return 0;
  }
  p = find_param(params, OSSL_CIPHER_PARAM_TLS_VERSION);
  if (p != nullptr) {
    if (!OSSL_PARAM_get_uint(p, &c->tlsversion)) return 0;
    if (c->tlsversion == SSL3_VERSION || c->tlsversion == TLS1_VERSION) {
      // No explicit IV to strip with these versions (OpenSSL subtracts it each time).
      if (c->removetlsfixed < 16) return 0;
      c->removetlsfixed -= 16;
    }
  }
  return 1;
}

int init(void* vctx, const unsigned char* key, std::size_t keylen, const unsigned char* iv,
         std::size_t ivlen, const OSSL_PARAM params[], bool enc) {
  auto* c = static_cast<Ctx*>(vctx);
  c->enc = enc;
  if (iv != nullptr) {
    if (ivlen != 16) return 0;
    std::memcpy(c->iv, iv, 16);
    std::memcpy(c->oiv, iv, 16);
    c->iv_set = true;
  } else if (c->iv_set) {
    std::memcpy(c->iv, c->oiv, 16);  // CBC restarts from the IV given last
  }
  if (key != nullptr) {
    if (keylen != c->keylen) return 0;
    std::shared_ptr<const aeskit::AesKey> made;
    try {
      auto k = aeskit::AesKey::create({key, keylen});
      if (!k.ok()) return 0;
      made = std::make_shared<const aeskit::AesKey>(std::move(*k));
    } catch (...) {
      return 0;
    }
    c->aes = std::move(made);
    std::memcpy(c->aes_key, key, keylen);
    c->aes_key_set = true;
    // OpenSSL's init_key: the HMAC state starts over (the MAC key is gone), no record is
    // armed, and a decrypting update strips padding, MAC and explicit IV.
    c->mac_key_set = false;
    wipe(c->mac_key, sizeof c->mac_key);
    c->record.reset();
    c->payload_length = kNoPayload;
    c->removetlspad = true;
    c->removetlsfixed = c->maclen + 16;
  }
  return set_ctx_params(c, params);
}

// Plain CBC over whole blocks from the chaining value, which moves to the last ciphertext
// block.
bool plain_cbc(Ctx* c, unsigned char* out, const unsigned char* in, std::size_t len) {
  if (len == 0) return true;
  unsigned char next[16];
  if (!c->enc) std::memcpy(next, in + len - 16, 16);
  auto r = c->enc ? aeskit::encrypt(*c->aes, aeskit::Mode::cbc, {c->iv, 16}, {in, len}, {out, len})
                  : aeskit::decrypt(*c->aes, aeskit::Mode::cbc, {c->iv, 16}, {in, len}, {out, len});
  if (!r.ok()) return false;
  std::memcpy(c->iv, c->enc ? out + len - 16 : next, 16);
  return true;
}

bool seal_record(Ctx* c, unsigned char* out, const unsigned char* in, std::size_t len,
                 std::size_t plen) {
  if (!ensure_record_key(c)) return false;
  const std::size_t off = c->enc_tls_ver >= TLS1_1_VERSION ? 16 : 0;
  if (plen < off) return false;  // OpenSSL would hash a negative length here
  if (off != 0) {
    // The explicit IV block, CBC-encrypted like the rest: its ciphertext is the record IV.
    unsigned char block[16];
    for (int i = 0; i < 16; ++i) block[i] = static_cast<unsigned char>(in[i] ^ c->iv[i]);
    if (!c->aes->encrypt_blocks({block, 16}, {out, 16}).ok()) return false;
    std::memcpy(c->iv, out, 16);
  }
  const std::size_t n = plen - off;
  auto r = c->record->seal({c->iv, 16}, {c->tls_aad, 11}, {in + off, n}, {out + off, len - off});
  if (!r.ok() || *r != len - off) return false;
  std::memcpy(c->iv, out + len - 16, 16);
  count_bytes(c->provctx, c->stat, true, n, kTlsAadLen);
  return true;
}

bool open_record(Ctx* c, unsigned char* out, const unsigned char* in, std::size_t len) {
  const unsigned int version = static_cast<unsigned int>(c->tls_aad[9]) << 8 | c->tls_aad[10];
  const std::size_t off = version >= TLS1_1_VERSION ? 16 : 0;
  if (c->maclen == 32) {
    // OpenSSL's SHA-256 form decrypts the whole record first, the explicit IV block with the
    // chaining value too (its plaintext lands in out[0, 16)), and checks the length after.
    if (len < off + c->maclen + 1) return len == 0 || plain_cbc(c, out, in, len), false;
    if (off != 0) {
      unsigned char block[16];
      if (!c->aes->decrypt_blocks({in, 16}, {block, 16}).ok()) return false;
      for (int i = 0; i < 16; ++i) block[i] ^= c->iv[i];
      std::memcpy(c->iv, in, 16);
      std::memcpy(out, block, 16);
      wipe(block, sizeof block);
    }
  } else {
    // The SHA-1 form checks the length first and takes the explicit IV as the chaining
    // value; out[0, 16) is left as it was.
    if (len < off + c->maclen + 1) return false;
    if (off != 0) std::memcpy(c->iv, in, 16);
  }
  in += off;
  out += off;
  len -= off;
  if (!ensure_record_key(c)) return false;
  // The last blocks, before an in-place open overwrites them: the MAC and padding are
  // decrypted again from them afterwards (aeskit's open zeroes them).
  const std::size_t blocks = len / 16;
  const std::size_t kept = std::min(blocks, kKeptBlocks);
  const std::size_t first_kept = blocks - kept;
  unsigned char saved[16 * (kKeptBlocks + 1)];
  std::memcpy(saved, first_kept == 0 ? c->iv : in + 16 * (first_kept - 1), 16);
  std::memcpy(saved + 16, in + 16 * first_kept, 16 * kept);
  unsigned char nonce[16];
  std::memcpy(nonce, c->iv, 16);
  std::memcpy(c->iv, in + len - 16, 16);  // decrypted or not, CBC ends here
  auto r = c->record->open({nonce, 16}, {c->tls_aad, 11}, {in, len}, {out, len});
  bool ok = r.ok();
  if (ok) {
    // MAC || padding: the blocks from the one holding the payload's end.
    const std::size_t first = *r / 16;
    if (first < first_kept) {
      ok = false;
    } else {
      const std::size_t n = blocks - first;
      unsigned char* dst = out + 16 * first;
      const unsigned char* prev = saved + 16 * (first - first_kept);  // then the blocks
      unsigned char plain[16 * kKeptBlocks];
      ok = c->aes->decrypt_blocks({prev + 16, 16 * n}, {plain, 16 * n}).ok();
      for (std::size_t i = 0; ok && i < 16 * n; ++i)
        if (16 * first + i >= *r) dst[i] = static_cast<unsigned char>(plain[i] ^ prev[i]);
      wipe(plain, sizeof plain);
    }
    if (ok) count_bytes(c->provctx, c->stat, false, *r, kTlsAadLen);
  }
  wipe(saved, sizeof saved);
  return ok;
}

// OpenSSL's hw->cipher for these ciphers: one record when armed, plain CBC otherwise.
bool cipher(Ctx* c, unsigned char* out, const unsigned char* in, std::size_t len) {
  const std::size_t plen = c->payload_length;
  c->payload_length = kNoPayload;
  if (len % 16 != 0 || !c->aes) return false;
  if (plen == kNoPayload) {
    if (!plain_cbc(c, out, in, len)) return false;
    count_bytes(c->provctx, c->stat, c->enc, len);
    return true;
  }
  if (c->enc) {
    if (len != ((plen + c->maclen + 16) & ~std::size_t{15})) return false;
    return seal_record(c, out, in, len, plen);
  }
  return open_record(c, out, in, len);
}

int update(void* vctx, unsigned char* out, std::size_t* outl, std::size_t outsize,
           const unsigned char* in, std::size_t inl) {
  auto* c = static_cast<Ctx*>(vctx);
  if (inl == 0) {
    *outl = 0;
    return 1;
  }
  if (outsize < inl || !cipher(c, out, in, inl)) return 0;
  std::size_t n = inl;
  if (!c->enc && c->tlsversion > 0) {
    // What the generic stream update strips once a TLS version is set: the padding (by the
    // last byte, whatever mode the update ran in), then MAC and explicit IV.
    if (c->removetlspad) {
      const std::size_t pad = static_cast<std::size_t>(out[inl - 1]) + 1;
      if (n < pad) return 0;
      n -= pad;
    }
    if (n < c->removetlsfixed) return 0;
    n -= c->removetlsfixed;
  }
  *outl = n;
  return 1;
}

int final(void*, unsigned char*, std::size_t* outl, std::size_t) {
  *outl = 0;
  return 1;
}

int oneshot(void* vctx, unsigned char* out, std::size_t* outl, std::size_t outsize,
            const unsigned char* in, std::size_t inl) {
  auto* c = static_cast<Ctx*>(vctx);
  if (outsize < inl || !cipher(c, out, in, inl)) return 0;
  *outl = inl;
  return 1;
}

int get_ctx_params(void* vctx, OSSL_PARAM params[]) {
  auto* c = static_cast<Ctx*>(vctx);
  OSSL_PARAM* p = find_param(params, OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD);
  if (p != nullptr && !OSSL_PARAM_set_size_t(p, c->tls_aad_pad)) return 0;
  p = find_param(params, OSSL_CIPHER_PARAM_KEYLEN);
  if (p != nullptr && !OSSL_PARAM_set_size_t(p, c->keylen)) return 0;
  p = find_param(params, OSSL_CIPHER_PARAM_IVLEN);
  if (p != nullptr && !OSSL_PARAM_set_size_t(p, 16)) return 0;
  const struct {
    const char* name;
    unsigned char* value;
  } ivs[] = {{OSSL_CIPHER_PARAM_IV, c->oiv}, {OSSL_CIPHER_PARAM_UPDATED_IV, c->iv}};
  for (const auto& v : ivs) {
    p = find_param(params, v.name);
    if (p != nullptr && !OSSL_PARAM_set_octet_string(p, v.value, 16) &&
        !OSSL_PARAM_set_octet_ptr(p, v.value, 16))
      return 0;
  }
  return 1;
}

const OSSL_PARAM kGettableCtx[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD, nullptr),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, nullptr),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, nullptr),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_IV, nullptr, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_UPDATED_IV, nullptr, 0),
    OSSL_PARAM_END,
};
const OSSL_PARAM kSettableCtx[] = {
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_MAC_KEY, nullptr, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_AAD, nullptr, 0),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, nullptr),
    OSSL_PARAM_uint(OSSL_CIPHER_PARAM_TLS_VERSION, nullptr),
    OSSL_PARAM_END,
};

const OSSL_PARAM* gettable_ctx(void*, void*) {
  return kGettableCtx;
}
const OSSL_PARAM* settable_ctx(void*, void*) {
  return kSettableCtx;
}

template <std::size_t Bits, std::size_t MacLen>
struct Table {
  static constexpr std::size_t kStat =
      stats::aes_alg(Bits, MacLen == 20 ? "CBC-HMAC-SHA1" : "CBC-HMAC-SHA256");
  static void* make(void* provctx) { return newctx(provctx, Bits, MacLen, kStat); }
  static int params(OSSL_PARAM p[]) {
    // AEAD flag as the default's; TLS1_1_MULTIBLOCK left clear (see the header).
    return cipher_get_params(p, {EVP_CIPH_CBC_MODE, true, false, Bits / 8, 16, 16});
  }
  static constexpr CipherFns kFns = {
      make,    freectx, dupctx,         encrypt_init<init>, decrypt_init<init>, update,      final,
      oneshot, params,  get_ctx_params, set_ctx_params,     gettable_ctx,       settable_ctx};
};

}  // namespace

const OSSL_DISPATCH* cbc_hmac_sha1_functions(int bits) {
  return bits == 128 ? cipher_dispatch<Table<128, 20>> : cipher_dispatch<Table<256, 20>>;
}
const OSSL_DISPATCH* cbc_hmac_sha256_functions(int bits) {
  return bits == 128 ? cipher_dispatch<Table<128, 32>> : cipher_dispatch<Table<256, 32>>;
}

}  // namespace aeskit_provider
