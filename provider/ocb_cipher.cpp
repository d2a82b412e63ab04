// ocb_cipher.cpp — AES-{128,192,256}-OCB (OCB3, RFC 7253) for the aeskit OpenSSL provider
// (provider-cipher(7); EVP_EncryptInit(3), "GCM and OCB Modes"). OpenSSL streams OCB: whole
// blocks of AAD and data are processed as they arrive, a partial block of each waits in a
// buffer until final, which also makes (or checks) the tag of 1..16 bytes. aeskit's AEAD API
// has OCB one-shot only, so the mode itself is written here on AesKey::encrypt_blocks /
// decrypt_blocks (runs of blocks per call), with the state OpenSSL's OCB128 context keeps
// (offsets, checksum, AAD sum, block counts), so every call, stray ones included, matches.
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include <bit>
#include <cstring>
#include <memory>
#include <new>

#include "aeskit/aes.hpp"
#include "dispatch.hpp"
#include "provider.hpp"

namespace aeskit_provider {
namespace {

// Doubling in GF(2^128) with RFC 7253's big-endian convention.
void dbl(unsigned char* out, const unsigned char* in) {
  const unsigned char carry = in[0] >> 7;
  for (int i = 0; i < 15; ++i) out[i] = static_cast<unsigned char>((in[i] << 1) | (in[i + 1] >> 7));
  out[15] = static_cast<unsigned char>((in[15] << 1) ^ (carry * 0x87));
}

// The key-dependent values: L_*, L_$ and L_i for every block index a message can reach.
struct OcbKey {
  aeskit::AesKey aes;
  unsigned char l_star[16] = {}, l_dollar[16] = {};
  unsigned char l[64][16] = {};
  ~OcbKey() {
    wipe(l_star, sizeof l_star);
    wipe(l_dollar, sizeof l_dollar);
    wipe(l, sizeof l);
  }
};

enum class IvState { uninitialised, buffered, copied, finished };

struct OcbCtx {
  void* provctx = nullptr;
  std::size_t stat = 0;  // stats::alg of this algorithm (stats.hpp)
  std::size_t keylen = 0;
  std::shared_ptr<const OcbKey> key;  // immutable: shared by dupctx
  RawKey rawkey;                      // what `key` was made from (provider.hpp)
  bool enc = false;
  std::size_t ivlen = 12, taglen = 16;
  IvState iv_state = IvState::uninitialised;
  unsigned char iv[16] = {}, oiv[16] = {};
  unsigned char tag[16] = {};
  unsigned char aad_buf[16] = {}, data_buf[16] = {};
  std::size_t aad_buf_len = 0, data_buf_len = 0;
  // OpenSSL's OCB128 session (zeroed by a new key, set up by the IV).
  std::uint64_t blocks_hashed = 0, blocks_processed = 0;
  unsigned char offset_aad[16] = {}, sum[16] = {}, offset[16] = {}, checksum[16] = {};

  void clear_session() {
    blocks_hashed = blocks_processed = 0;
    wipe(offset_aad, 16);
    wipe(sum, 16);
    wipe(offset, 16);
    wipe(checksum, 16);
  }
  ~OcbCtx() {
    clear_session();
    wipe(iv, 16);
    wipe(oiv, 16);
    wipe(tag, 16);
    wipe(aad_buf, 16);
    wipe(data_buf, 16);
  }
};

const unsigned char* l_for(const OcbCtx* c, std::uint64_t index) {
  return c->key->l[std::countr_zero(index)];
}

bool enc_block(const OcbCtx* c, unsigned char* b) {
  return c->key->aes.encrypt_blocks({b, 16}, {b, 16}).ok();
}

// CRYPTO_ocb128_setiv: the nonce (tag length, zeros, 1, IV) gives the first offset.
bool setiv(OcbCtx* c) {
  if (c->ivlen < 1 || c->ivlen > 15 || c->taglen < 1 || c->taglen > 16) return false;
  c->clear_session();
  unsigned char nonce[16] = {};
  nonce[0] = static_cast<unsigned char>(((c->taglen * 8) % 128) << 1);
  std::memcpy(nonce + 16 - c->ivlen, c->iv, c->ivlen);
  nonce[15 - c->ivlen] |= 1;
  const unsigned int bottom = nonce[15] & 0x3f;
  nonce[15] &= 0xc0;
  if (!enc_block(c, nonce)) return false;
  unsigned char stretch[24];
  std::memcpy(stretch, nonce, 16);
  for (int i = 0; i < 8; ++i) stretch[16 + i] = static_cast<unsigned char>(nonce[i] ^ nonce[i + 1]);
  const unsigned int byte = bottom / 8, bit = bottom % 8;
  for (unsigned int i = 0; i < 16; ++i) {
    const unsigned int hi = stretch[byte + i], lo = stretch[byte + i + 1];
    c->offset[i] = static_cast<unsigned char>(bit == 0 ? hi : (hi << bit) | (lo >> (8 - bit)));
  }
  wipe(nonce, sizeof nonce);
  wipe(stretch, sizeof stretch);
  return true;
}

// CRYPTO_ocb128_aad: whole blocks into the sum, then a partial one (10* padded).
bool hash_aad(OcbCtx* c, const unsigned char* aad, std::size_t len) {
  const std::size_t blocks = len / 16;
  unsigned char t[16];
  for (std::size_t i = 0; i < blocks; ++i) {
    xor16(c->offset_aad, c->offset_aad, l_for(c, c->blocks_hashed + i + 1));
    xor16(t, aad + 16 * i, c->offset_aad);
    if (!enc_block(c, t)) return false;
    xor16(c->sum, c->sum, t);
  }
  c->blocks_hashed += blocks;
  const std::size_t last = len % 16;
  if (last != 0) {
    xor16(c->offset_aad, c->offset_aad, c->key->l_star);
    std::memset(t, 0, 16);
    std::memcpy(t, aad + 16 * blocks, last);
    t[last] = 0x80;
    xor16(t, t, c->offset_aad);
    if (!enc_block(c, t)) return false;
    xor16(c->sum, c->sum, t);
  }
  wipe(t, sizeof t);
  count_bytes(c->provctx, c->stat, c->enc, 0, len);
  return true;
}

// CRYPTO_ocb128_encrypt / decrypt: whole blocks (in runs, one AES call per run), then a
// partial block against the pad E(offset ^ L_*). The key, direction and block index are
// read into locals first: the stores into buf may alias any byte, so fields read through
// `c` would be loaded again for every block.
bool crypt(OcbCtx* c, const unsigned char* in, unsigned char* out, std::size_t len) {
  typedef unsigned char V __attribute__((vector_size(16)));
  constexpr std::size_t kRun = 32;
  V offs[kRun];
  V buf[kRun];
  const OcbKey& key = *c->key;
  const bool enc = c->enc;
  const std::uint64_t base = c->blocks_processed;
  const std::size_t blocks = len / 16;
  V offset;
  V checksum;
  std::memcpy(&offset, c->offset, 16);
  std::memcpy(&checksum, c->checksum, 16);
  bool ok = true;
  std::size_t most = 0;  // the longest run: what to wipe
  for (std::size_t done = 0; done < blocks && ok;) {
    const std::size_t n = blocks - done < kRun ? blocks - done : kRun;
    most = n > most ? n : most;
    for (std::size_t i = 0; i < n; ++i) {
      V l;
      std::memcpy(&l, key.l[std::countr_zero(base + done + i + 1)], 16);
      offset ^= l;
      offs[i] = offset;
      V src;
      std::memcpy(&src, in + 16 * (done + i), 16);
      if (enc) checksum ^= src;
      buf[i] = src ^ offset;
    }
    const std::span<std::uint8_t> run{reinterpret_cast<std::uint8_t*>(buf), 16 * n};
    ok = enc ? key.aes.encrypt_blocks(run, run).ok() : key.aes.decrypt_blocks(run, run).ok();
    for (std::size_t i = 0; i < n && ok; ++i) {
      const V dst = buf[i] ^ offs[i];
      std::memcpy(out + 16 * (done + i), &dst, 16);
      if (!enc) checksum ^= dst;
    }
    done += n;
  }
  std::memcpy(c->offset, &offset, 16);
  std::memcpy(c->checksum, &checksum, 16);
  wipe_small(offs, 16 * most);
  wipe_small(buf, 16 * most);
  wipe_small(&offset, 16);
  wipe_small(&checksum, 16);
  if (!ok) return false;
  c->blocks_processed += blocks;
  const std::size_t last = len % 16;
  if (last != 0) {
    unsigned char pad[16], t[16] = {};
    xor16(c->offset, c->offset, c->key->l_star);
    std::memcpy(pad, c->offset, 16);
    if (!enc_block(c, pad)) return false;
    const unsigned char* src = in + 16 * blocks;
    unsigned char* dst = out + 16 * blocks;
    if (c->enc) std::memcpy(t, src, last);
    for (std::size_t i = 0; i < last; ++i) dst[i] = static_cast<unsigned char>(src[i] ^ pad[i]);
    if (!c->enc) std::memcpy(t, dst, last);
    t[last] = 0x80;
    xor16(c->checksum, c->checksum, t);
    wipe(pad, sizeof pad);
    wipe(t, sizeof t);
  }
  count_bytes(c->provctx, c->stat, c->enc, len);
  return true;
}

// ocb_finish: the full tag E(checksum ^ offset ^ L_$) ^ sum.
bool full_tag(const OcbCtx* c, unsigned char* t) {
  xor16(t, c->checksum, c->offset);
  xor16(t, t, c->key->l_dollar);
  if (!enc_block(c, t)) return false;
  xor16(t, t, c->sum);
  return true;
}

void freectx(void* vctx) {
  delete static_cast<OcbCtx*>(vctx);
}

void* dupctx(void* vctx) {
  return new (std::nothrow) OcbCtx(*static_cast<OcbCtx*>(vctx));
}

int set_ctx_params(void* vctx, const OSSL_PARAM params[]) {
  auto* c = static_cast<OcbCtx*>(vctx);
  if (params == nullptr) return 1;
  const OSSL_PARAM* p = find_param(params, OSSL_CIPHER_PARAM_AEAD_TAG);
  if (p != nullptr) {
    if (p->data_type != OSSL_PARAM_OCTET_STRING) return 0;
    if (p->data == nullptr) {
      if (p->data_size > 16) return 0;
      c->taglen = p->data_size;  // 0 is taken, and fails at the next IV setup
    } else {
      if (p->data_size != c->taglen || c->enc) return 0;
      std::memcpy(c->tag, p->data, p->data_size);
    }
  }
  p = find_param(params, OSSL_CIPHER_PARAM_AEAD_IVLEN);
  if (p != nullptr) {
    std::size_t sz;
    if (!OSSL_PARAM_get_size_t(p, &sz)) return 0;
    if (sz < 1 || sz > 15) return 0;
    if (sz != c->ivlen) {
      c->ivlen = sz;
      c->iv_state = IvState::uninitialised;
    }
  }
  p = find_param(params, OSSL_CIPHER_PARAM_KEYLEN);
  if (p != nullptr) {
    std::size_t keylen;
    if (!OSSL_PARAM_get_size_t(p, &keylen)) return 0;
    if (keylen != c->keylen) return 0;
  }
  return 1;
}

std::shared_ptr<const OcbKey> make_key(const unsigned char* key, std::size_t keylen) {
  auto k = aeskit::AesKey::create({key, keylen});
  if (!k.ok()) return nullptr;
  auto ok = std::make_shared<OcbKey>();
  ok->aes = std::move(*k);
  if (!ok->aes.encrypt_blocks({ok->l_star, 16}, {ok->l_star, 16}).ok()) return nullptr;
  dbl(ok->l_dollar, ok->l_star);
  dbl(ok->l[0], ok->l_dollar);
  for (int i = 1; i < 64; ++i) dbl(ok->l[i], ok->l[i - 1]);
  return ok;
}

int init(void* vctx, const unsigned char* key, std::size_t keylen, const unsigned char* iv,
         std::size_t ivlen, const OSSL_PARAM params[], bool enc) {
  auto* c = static_cast<OcbCtx*>(vctx);
  c->aad_buf_len = 0;
  c->data_buf_len = 0;
  wipe(c->aad_buf, sizeof c->aad_buf);
  wipe(c->data_buf, sizeof c->data_buf);
  c->enc = enc;
  if (iv != nullptr) {
    if (ivlen != c->ivlen) {
      if (ivlen < 1 || ivlen > 15) return 0;
      c->ivlen = ivlen;
    }
    std::memcpy(c->iv, iv, ivlen);
    std::memcpy(c->oiv, iv, ivlen);
    c->iv_state = IvState::buffered;
  }
  if (key != nullptr) {
    if (keylen != c->keylen) return 0;
    if (!c->key || !c->rawkey.matches(key, keylen)) {  // the same key again: kept
      try {                                            // no exception may cross into OpenSSL's C
        auto k = make_key(key, keylen);
        if (k == nullptr) return 0;
        c->key = std::move(k);
      } catch (...) {
        return 0;
      }
      c->rawkey.set(key, keylen);
    }
    c->clear_session();  // OpenSSL's OCB128 context starts over (the IV state stays)
  }
  return set_ctx_params(c, params);
}

bool update_iv(OcbCtx* c) {
  if (c->iv_state == IvState::finished || c->iv_state == IvState::uninitialised) return false;
  if (c->iv_state == IvState::buffered) {
    if (!setiv(c)) return false;
    c->iv_state = IvState::copied;
  }
  return true;
}

// AAD (out == NULL) or data: fill the partial block, process whole blocks, keep the tail.
// The returned length counts the whole blocks processed, for AAD too.
int update(void* vctx, unsigned char* out, std::size_t* outl, std::size_t outsize,
           const unsigned char* in, std::size_t inl) {
  auto* c = static_cast<OcbCtx*>(vctx);
  if (c->key == nullptr || !update_iv(c)) return 0;
  if (inl == 0) {
    *outl = 0;
    return 1;
  }
  const bool aad = out == nullptr;
  unsigned char* buf = aad ? c->aad_buf : c->data_buf;
  std::size_t& buflen = aad ? c->aad_buf_len : c->data_buf_len;
  auto run = [&](const unsigned char* src, unsigned char* dst, std::size_t n) {
    return aad ? hash_aad(c, src, n) : crypt(c, src, dst, n);
  };
  std::size_t outlint = 0, nextblocks;
  if (buflen != 0) {
    std::size_t take = 16 - buflen;
    if (inl < take) take = inl;
    std::memcpy(buf + buflen, in, take);
    buflen += take;
    in += take;
    inl -= take;
    nextblocks = inl & ~std::size_t{15};
  } else {
    nextblocks = inl & ~std::size_t{15};
  }
  if (buflen == 16) {
    if (outsize < 16) return 0;
    if (!run(buf, out, 16)) return 0;
    buflen = 0;
    outlint = 16;
    if (out != nullptr) out += 16;
  }
  if (nextblocks > 0) {
    outlint += nextblocks;
    if (outsize < outlint) return 0;
    if (!run(in, out, nextblocks)) return 0;
    in += nextblocks;
    inl -= nextblocks;
  }
  if (inl != 0) {
    if (buflen + inl > 16) return 0;
    std::memcpy(buf + buflen, in, inl);
    buflen += inl;
  }
  *outl = outlint;
  return 1;
}

int final(void* vctx, unsigned char* out, std::size_t* outl, std::size_t) {
  auto* c = static_cast<OcbCtx*>(vctx);
  if (c->key == nullptr || !update_iv(c)) return 0;
  *outl = 0;
  if (c->data_buf_len > 0) {
    if (out == nullptr || !crypt(c, c->data_buf, out, c->data_buf_len)) return 0;
    *outl = c->data_buf_len;
    c->data_buf_len = 0;
  }
  if (c->aad_buf_len > 0) {
    if (!hash_aad(c, c->aad_buf, c->aad_buf_len)) return 0;
    c->aad_buf_len = 0;
  }
  if (c->taglen < 1 || c->taglen > 16) return 0;
  unsigned char t[16];
  if (!full_tag(c, t)) return 0;
  bool ok = true;
  if (c->enc)
    std::memcpy(c->tag, t, c->taglen);
  else
    ok = CRYPTO_memcmp(t, c->tag, c->taglen) == 0;
  wipe(t, sizeof t);
  if (!ok) return 0;  // the IV stays in use, as in OpenSSL
  c->iv_state = IvState::finished;
  return 1;
}

// EVP_Cipher: OCB128 directly on any length (a partial block is processed at once). aeskit
// requires a key and an IV in use (OpenSSL does not check; not compared otherwise).
int oneshot(void* vctx, unsigned char* out, std::size_t* outl, std::size_t outsize,
            const unsigned char* in, std::size_t inl) {
  auto* c = static_cast<OcbCtx*>(vctx);
  if (outsize < inl) return 0;
  if (c->key == nullptr || c->iv_state != IvState::copied) return 0;
  if (inl != 0 && !crypt(c, in, out, inl)) return 0;
  *outl = inl;
  return 1;
}

int get_ctx_params(void* vctx, OSSL_PARAM params[]) {
  auto* c = static_cast<OcbCtx*>(vctx);
  OSSL_PARAM* p = find_param(params, OSSL_CIPHER_PARAM_IVLEN);
  if (p != nullptr && !OSSL_PARAM_set_size_t(p, c->ivlen)) return 0;
  p = find_param(params, OSSL_CIPHER_PARAM_KEYLEN);
  if (p != nullptr && !OSSL_PARAM_set_size_t(p, c->keylen)) return 0;
  p = find_param(params, OSSL_CIPHER_PARAM_AEAD_TAGLEN);
  if (p != nullptr && !OSSL_PARAM_set_size_t(p, c->taglen)) return 0;
  const struct {
    const char* name;
    unsigned char* value;
  } ivs[] = {{OSSL_CIPHER_PARAM_IV, c->oiv}, {OSSL_CIPHER_PARAM_UPDATED_IV, c->iv}};
  for (const auto& iv : ivs) {
    p = find_param(params, iv.name);
    if (p == nullptr) continue;
    if (c->ivlen > p->data_size) return 0;
    if (!OSSL_PARAM_set_octet_string(p, iv.value, c->ivlen) &&
        !OSSL_PARAM_set_octet_ptr(p, iv.value, c->ivlen))
      return 0;
  }
  p = find_param(params, OSSL_CIPHER_PARAM_AEAD_TAG);
  if (p != nullptr) {
    if (p->data_type != OSSL_PARAM_OCTET_STRING) return 0;
    if (!c->enc || p->data_size != c->taglen) return 0;
    if (c->taglen != 0) std::memcpy(p->data, c->tag, c->taglen);
  }
  return 1;
}

const OSSL_PARAM kGettableCtx[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, nullptr),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, nullptr),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TAGLEN, nullptr),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_IV, nullptr, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_UPDATED_IV, nullptr, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, nullptr, 0),
    OSSL_PARAM_END,
};
const OSSL_PARAM kSettableCtx[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, nullptr),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_IVLEN, nullptr),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, nullptr, 0),
    OSSL_PARAM_END,
};

const OSSL_PARAM* gettable_ctx(void*, void*) {
  return kGettableCtx;
}
const OSSL_PARAM* settable_ctx(void*, void*) {
  return kSettableCtx;
}

template <std::size_t Bits>
struct Table {
  static constexpr std::size_t kStat = stats::aes_alg(Bits, "OCB");
  static void* make(void* provctx) {
    auto* c = new (std::nothrow) OcbCtx;
    if (c == nullptr) return nullptr;
    c->provctx = provctx;
    c->stat = kStat;
    c->keylen = Bits / 8;
    return c;
  }
  static int params(OSSL_PARAM p[]) {
    return cipher_get_params(p, {EVP_CIPH_OCB_MODE, true, true, Bits / 8, 16, 12});
  }
  static constexpr CipherFns kFns = {
      make,    freectx, dupctx,         encrypt_init<init>, decrypt_init<init>, update,      final,
      oneshot, params,  get_ctx_params, set_ctx_params,     gettable_ctx,       settable_ctx};
};

}  // namespace

const OSSL_DISPATCH* ocb_functions(int bits) {
  return by_bits<Table>(bits);
}

}  // namespace aeskit_provider
