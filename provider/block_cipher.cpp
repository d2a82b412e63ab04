// block_cipher.cpp — AES-{128,192,256}-{ECB,CBC,CTR} for the aeskit OpenSSL provider
// (provider-cipher(7)). The context keeps OpenSSL's own state (partial block, chaining value
// or counter, CTR "num" and key-stream block) so that every call behaves exactly as the
// default provider's, oddities included (docs/openssl-provider.md lists them); the AES work
// is done by the stateless calls aeskit::encrypt_chained / decrypt_chained (CBC whole
// blocks, the chaining value kept here and handed in and out), aeskit::encrypt (CTR whole
// blocks) and aeskit::AesKey::encrypt_blocks / decrypt_blocks (ECB, CTR's key-stream block
// for a partial block); nothing is built or allocated per call. With
// tls-version set (libssl's CBC suites without a stitched cipher), each update is one TLS
// record: padded when encrypting; unpadded and its MAC handed out through tls-mac when
// decrypting (tls_unpad.cpp).
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/prov_ssl.h>

#include <bit>
#include <cstring>
#include <memory>
#include <new>

#include "aeskit/aes.hpp"
#include "aeskit/modes.hpp"
#include "dispatch.hpp"
#include "provider.hpp"

namespace aeskit_provider {
namespace {

enum class Kind { ecb, cbc, ctr };

struct BlockCtx {
  void* provctx = nullptr;
  std::size_t stat = 0;  // stats::alg of this cipher
  Kind kind = Kind::ecb;
  std::size_t keylen = 0;                     // bytes
  std::shared_ptr<const aeskit::AesKey> key;  // immutable once made: shared by dupctx
  RawKey rawkey;                              // what `key` was made from (provider.hpp)
  bool key_set = false;
  bool iv_set = false;
  bool enc = false;
  bool pad = true;
  unsigned int num = 0;                    // CTR: bytes of ks used
  std::size_t bufsz = 0;                   // ECB/CBC: bytes in buf
  alignas(16) unsigned char buf[16] = {};  // ECB/CBC: partial (or held-back) block
  alignas(16) unsigned char ks[16] = {};   // CTR: key stream of the last partial block
  alignas(16) unsigned char iv[16] = {};   // CBC chaining value / CTR next counter block
  unsigned char oiv[16] = {};              // the IV given at init
  // TLS records (libssl: tls-version, tls-mac-size): each update is one record, padded
  // when encrypting, unpadded and its MAC handed out (tls-mac) when decrypting.
  unsigned int tlsversion = 0;
  std::size_t tlsmacsize = 0;
  unsigned char tlsmac[64] = {};
  bool tlsmac_set = false;

  std::size_t ivlen() const { return kind == Kind::ecb ? 0 : 16; }
  std::size_t blocksize() const { return kind == Kind::ctr ? 1 : 16; }
  ~BlockCtx() {
    wipe(buf, sizeof buf);
    wipe(ks, sizeof ks);
    wipe(iv, sizeof iv);
    wipe(oiv, sizeof oiv);
    wipe(tlsmac, sizeof tlsmac);
  }
};

BlockCtx* newctx(void* provctx, Kind kind, std::size_t keybits, std::size_t stat) {
  auto* c = new (std::nothrow) BlockCtx;
  if (c == nullptr) return nullptr;
  c->provctx = provctx;
  c->stat = stat;
  c->kind = kind;
  c->keylen = keybits / 8;
  return c;
}

void freectx(void* vctx) {
  delete static_cast<BlockCtx*>(vctx);
}

void* dupctx(void* vctx) {
  auto* c = new (std::nothrow) BlockCtx(*static_cast<BlockCtx*>(vctx));
  return c;
}

// Up to this many bytes of whole blocks (CBC decryption, CTR) go through AesKey's raw block
// calls rather than the mode calls (see blocks() and ctr()).
constexpr std::size_t kShort = 64;

// Whole blocks (len a multiple of 16) from the current chaining value; updates iv for CBC.
// `in` and `out` are the same or disjoint. The one-shot calls (AesKey's raw blocks for ECB,
// aeskit::encrypt_chained / decrypt_chained for CBC) carry no state of their own: the
// chaining value lives here, so nothing is built per call.
bool blocks(BlockCtx* c, unsigned char* out, const unsigned char* in, std::size_t len) {
  if (len == 0) return true;
  const aeskit::AesKey& key = *c->key;
  if (c->kind != Kind::cbc) {
    const auto s = c->enc ? key.encrypt_blocks({in, len}, {out, len})
                          : key.decrypt_blocks({in, len}, {out, len});
    if (!s.ok()) return false;
  } else if (c->enc || len == 16 || len > kShort) {
    // CBC: the chaining value stays in the context and the library's chained call takes it
    // in and out (one load and one store per call, the chain in a register inside it). One
    // block, either way, goes to the backend's one-block CBC path (x86: the block XORed with
    // the chaining value in a register).
    const std::span<std::uint8_t, 16> chain{c->iv, 16};
    const auto s =
        c->enc ? aeskit::encrypt_chained(key, aeskit::Mode::cbc, chain, {in, len}, {out, len})
               : aeskit::decrypt_chained(key, aeskit::Mode::cbc, chain, {in, len}, {out, len});
    if (!s.ok()) return false;
  } else {
    // A few blocks to decrypt: side by side by the raw block call (the kernel's parallel
    // path), then chained here; measured faster at 16 and 64 bytes than the chained call,
    // whose CBC decryption runs short inputs block by block.
    unsigned char ct[kShort];
    std::memcpy(ct, in, len);  // before in place overwrites it
    if (!key.decrypt_blocks({ct, len}, {out, len}).ok()) return false;
    xor16(out, out, c->iv);
    for (std::size_t b = 16; b < len; b += 16) xor16(out + b, out + b, ct + b - 16);
    std::memcpy(c->iv, ct + len - 16, 16);
  }
  stats::count(c->provctx, c->stat, c->enc ? stats::Dir::seal : stats::Dir::open, len);
  return true;
}

// counter += n, the 16 bytes as one big-endian integer (what aeskit's ctr128 advanced by).
// Computed on two 64-bit halves and stored as one 16-byte vector: the next call loads the
// counter whole, and a load over byte-wise stores stalls store forwarding.
std::uint64_t be64(std::uint64_t v) {
  if constexpr (std::endian::native == std::endian::little) return __builtin_bswap64(v);
  return v;
}
void ctr_add(unsigned char* counter, std::uint64_t n) {
  std::uint64_t hi;
  std::uint64_t lo;
  std::memcpy(&hi, counter, 8);
  std::memcpy(&lo, counter + 8, 8);
  hi = be64(hi);
  lo = be64(lo);
  const std::uint64_t sum = lo + n;
  hi += sum < lo ? 1 : 0;
  typedef std::uint64_t V __attribute__((vector_size(16)));
  const V v = {be64(hi), be64(sum)};
  std::memcpy(counter, &v, 16);
}

// CTR as OpenSSL's CRYPTO_ctr128_encrypt_ctr32: leftover key stream first (from num), whole
// blocks, then a tail whose key stream is kept in ks for the next call.
bool ctr(BlockCtx* c, unsigned char* out, const unsigned char* in, std::size_t len) {
  unsigned int n = c->num;
  std::size_t done = 0;
  while (n != 0 && done < len) {
    out[done] = static_cast<unsigned char>(in[done] ^ c->ks[n]);
    ++done;
    n = (n + 1) % 16;
  }
  std::size_t whole = (len - done) & ~std::size_t{15};
  if (whole != 0 && whole <= kShort) {
    // A few blocks: their counter blocks through the raw block call (the shortest path to
    // the kernel; the counter as ctr128 advances it).
    unsigned char ksb[kShort];
    for (std::size_t b = 0; b < whole; b += 16) {
      std::memcpy(ksb + b, c->iv, 16);
      ctr_add(c->iv, 1);
    }
    if (!c->key->encrypt_blocks({ksb, whole}, {ksb, whole}).ok()) return false;
    for (std::size_t b = 0; b < whole; b += 16) xor16(out + done + b, in + done + b, ksb + b);
    wipe_small(ksb, sizeof ksb);
    done += whole;
  } else if (whole != 0) {
    auto w = aeskit::encrypt(*c->key, aeskit::Mode::ctr128, {c->iv, 16}, {in + done, whole},
                             {out + done, whole});
    if (!w.ok() || *w != whole) return false;
    ctr_add(c->iv, whole / 16);
    done += whole;
  }
  if (done < len) {
    if (!c->key->encrypt_blocks({c->iv, 16}, {c->ks, 16}).ok()) return false;
    ctr_add(c->iv, 1);
    n = 0;
    while (done < len) {
      out[done] = static_cast<unsigned char>(in[done] ^ c->ks[n]);
      ++done;
      ++n;
    }
  }
  c->num = n;
  stats::count(c->provctx, c->stat, c->enc ? stats::Dir::seal : stats::Dir::open, len);
  return true;
}

int set_ctx_params(void* vctx, const OSSL_PARAM params[]) {
  auto* c = static_cast<BlockCtx*>(vctx);
  if (params == nullptr) return 1;
  const OSSL_PARAM* p = find_param(params, OSSL_CIPHER_PARAM_PADDING);
  if (p != nullptr) {
    unsigned int pad;
    if (!OSSL_PARAM_get_uint(p, &pad)) return 0;
    c->pad = pad != 0;
  }
  p = find_param(params, OSSL_CIPHER_PARAM_NUM);
  if (p != nullptr) {
    unsigned int num;
    if (!OSSL_PARAM_get_uint(p, &num)) return 0;
    if (c->kind == Kind::ctr && num > 15) return 0;  // aeskit refuses what would read past ks
    c->num = num;
  }
  p = find_param(params, OSSL_CIPHER_PARAM_TLS_VERSION);
  if (p != nullptr && !OSSL_PARAM_get_uint(p, &c->tlsversion)) return 0;
  p = find_param(params, OSSL_CIPHER_PARAM_TLS_MAC_SIZE);
  if (p != nullptr) {
    std::size_t size = 0;
    if (!OSSL_PARAM_get_size_t(p, &size) || size > sizeof c->tlsmac) return 0;
    c->tlsmacsize = size;
  }
  return 1;
}

int init(void* vctx, const unsigned char* key, std::size_t keylen, const unsigned char* iv,
         std::size_t ivlen, const OSSL_PARAM params[], bool enc) {
  auto* c = static_cast<BlockCtx*>(vctx);
  c->num = 0;
  c->bufsz = 0;
  c->enc = enc;
  if (iv != nullptr && c->kind != Kind::ecb) {
    if (ivlen != c->ivlen()) return 0;
    c->iv_set = true;
    std::memcpy(c->oiv, iv, 16);
    std::memcpy(c->iv, iv, 16);
  }
  if (iv == nullptr && c->iv_set && c->kind == Kind::cbc) std::memcpy(c->iv, c->oiv, 16);
  if (key != nullptr) {
    if (keylen != c->keylen) return 0;
    if (!keep_or_make_key(c->key, c->rawkey, key, keylen)) return 0;  // the same key: kept
    c->key_set = true;
  }
  return set_ctx_params(c, params);
}

// A TLS record in place (tls-version set): padded and encrypted, or decrypted with the
// explicit IV, padding and MAC taken off by tls_unpad_record (tls_unpad.cpp).
int tls_record_update(BlockCtx* c, unsigned char* out, std::size_t* outl, std::size_t outsize,
                      const unsigned char* in, std::size_t inl) {
  if (in == nullptr || in != out || outsize < inl || !c->pad) return 0;
  if (c->enc) {
    const std::size_t padnum = 16 - inl % 16;
    if (outsize < inl + padnum) return 0;
    const auto padval = static_cast<unsigned char>(padnum - 1);
    if (c->tlsversion == SSL3_VERSION) {
      std::memset(out + inl, 0, padnum - 1);
      out[inl + padnum - 1] = padval;
    } else {
      std::memset(out + inl, padval, padnum);
    }
    inl += padnum;
  }
  if (inl % 16 != 0 || !blocks(c, out, in, inl)) return 0;
  c->tlsmac_set = false;
  *outl = inl;
  if (!c->enc) {
    if (!tls_unpad_record(c->tlsversion, out, outl, c->tlsmacsize, c->tlsmac)) return 0;
    c->tlsmac_set = c->tlsmacsize != 0;
  }
  return 1;
}

// ECB/CBC update: OpenSSL's block update (fill the partial block, hold the last whole block
// back when decrypting with padding, keep the trailing bytes), or a TLS record.
[[gnu::noinline]] int block_update(void* vctx, unsigned char* out, std::size_t* outl,
                                   std::size_t outsize, const unsigned char* in, std::size_t inl) {
  auto* c = static_cast<BlockCtx*>(vctx);
  if (!c->key_set) return 0;
  if (c->tlsversion > 0) return tls_record_update(c, out, outl, outsize, in, inl);
  std::size_t outlint = 0;
  std::size_t nextblocks;
  if (c->bufsz != 0) {
    std::size_t take = 16 - c->bufsz;
    if (inl < take) take = inl;
    if (take != 0) std::memcpy(c->buf + c->bufsz, in, take);  // `in` may be null with inl 0
    c->bufsz += take;
    in += take;
    inl -= take;
    nextblocks = inl & ~std::size_t{15};
  } else {
    nextblocks = inl & ~std::size_t{15};
  }
  if (c->bufsz == 16 && (c->enc || inl > 0 || !c->pad)) {
    if (outsize < 16) return 0;
    if (!blocks(c, out, c->buf, 16)) return 0;
    c->bufsz = 0;
    outlint = 16;
    out += 16;
  }
  if (nextblocks > 0) {
    if (!c->enc && c->pad && nextblocks == inl) nextblocks -= 16;
    outlint += nextblocks;
    if (outsize < outlint) return 0;
  }
  if (nextblocks > 0) {
    if (!blocks(c, out, in, nextblocks)) return 0;
    in += nextblocks;
    inl -= nextblocks;
  }
  if (inl != 0) {
    if (c->bufsz + inl > 16) return 0;
    std::memcpy(c->buf + c->bufsz, in, inl);
    c->bufsz += inl;
  }
  *outl = outlint;
  return 1;
}

// ECB/CBC update: one whole block with none held (openssl speed's 16-byte updates, a caller
// feeding block by block) straight to the library's one-block call (CBC: the chained call,
// which runs the backend's one-block CBC path), what block_update does for it without its
// bookkeeping; anything else goes to block_update. Aligned: this path's speed is a chain of
// calls, and where it falls in the fetch windows measurably moves it (the same code 16 or 22
// ns per 16-byte CBC update; docs/openssl-provider.md).
template <Kind K>
[[gnu::aligned(64)]] int block16_update(void* vctx, unsigned char* out, std::size_t* outl,
                                        std::size_t outsize, const unsigned char* in,
                                        std::size_t inl) {
  auto* c = static_cast<BlockCtx*>(vctx);
  if (inl != 16 || c->bufsz != 0 || !c->key_set || c->tlsversion != 0 || outsize < 16 ||
      (!c->enc && c->pad))
    return block_update(vctx, out, outl, outsize, in, inl);
  const aeskit::AesKey& key = *c->key;
  aeskit::Status s;
  // One call site for both directions (the function chosen, not the branch): both then run
  // the same instructions up to the library.
  if constexpr (K == Kind::cbc) {
    const auto fn = c->enc ? aeskit::encrypt_chained : aeskit::decrypt_chained;
    s = fn(key, aeskit::Mode::cbc, std::span<std::uint8_t, 16>{c->iv, 16}, {in, 16}, {out, 16});
  } else {
    const auto fn = c->enc ? &aeskit::AesKey::encrypt_blocks : &aeskit::AesKey::decrypt_blocks;
    s = (key.*fn)({in, 16}, {out, 16});
  }
  if (!s.ok()) return 0;
  if (c->provctx != nullptr)
    static_cast<ProviderContext*>(c->provctx)
        ->stats.add(c->stat, c->enc ? stats::Dir::seal : stats::Dir::open, 16);
  *outl = 16;
  return 1;
}

int block_final(void* vctx, unsigned char* out, std::size_t* outl, std::size_t outsize) {
  auto* c = static_cast<BlockCtx*>(vctx);
  if (!c->key_set) return 0;
  if (c->tlsversion > 0) return 0;  // TLS records are never finalised
  if (c->enc) {
    if (c->pad) {
      const auto padv = static_cast<unsigned char>(16 - c->bufsz);
      std::memset(c->buf + c->bufsz, padv, 16 - c->bufsz);
      c->bufsz = 16;
    } else if (c->bufsz == 0) {
      *outl = 0;
      return 1;
    } else if (c->bufsz != 16) {
      return 0;  // wrong final block length
    }
    if (outsize < 16) return 0;
    if (!blocks(c, out, c->buf, 16)) return 0;
    c->bufsz = 0;
    *outl = 16;
    return 1;
  }
  if (c->bufsz != 16) {
    if (c->bufsz == 0 && !c->pad) {
      *outl = 0;
      return 1;
    }
    return 0;  // wrong final block length
  }
  if (!blocks(c, c->buf, c->buf, 16)) return 0;
  std::size_t keep = 16;
  if (c->pad) {
    // PKCS#7 check without a branch on the padding bytes: pad byte in 1..16 and all equal.
    const unsigned int padv = c->buf[15];
    unsigned int bad = static_cast<unsigned int>(padv == 0) | static_cast<unsigned int>(padv > 16);
    for (unsigned int i = 0; i < 16; ++i) {
      const unsigned int in_pad = static_cast<unsigned int>(i >= 16 - padv);
      bad |= in_pad & static_cast<unsigned int>(c->buf[i] != padv);
    }
    if (bad != 0) return 0;  // buf stays decrypted and full, as OpenSSL leaves it
    keep = 16 - padv;
  }
  c->bufsz = keep;
  if (outsize < keep) return 0;
  if (keep != 0) std::memcpy(out, c->buf, keep);  // `out` may be null with nothing to write
  *outl = keep;
  c->bufsz = 0;
  return 1;
}

int stream_update(void* vctx, unsigned char* out, std::size_t* outl, std::size_t outsize,
                  const unsigned char* in, std::size_t inl) {
  auto* c = static_cast<BlockCtx*>(vctx);
  if (!c->key_set) return 0;
  if (inl == 0) {
    *outl = 0;
    return 1;
  }
  if (outsize < inl) return 0;
  if (!ctr(c, out, in, inl)) return 0;
  *outl = inl;
  if (!c->enc && c->tlsversion > 0 && c->tlsmacsize > 0) {
    // A TLS record of a stream cipher: the MAC is its last bytes.
    if (inl < c->tlsmacsize) return 0;
    *outl -= c->tlsmacsize;
    std::memcpy(c->tlsmac, out + *outl, c->tlsmacsize);
    c->tlsmac_set = true;
  }
  return 1;
}

int stream_final(void* vctx, unsigned char*, std::size_t* outl, std::size_t) {
  auto* c = static_cast<BlockCtx*>(vctx);
  if (!c->key_set) return 0;
  *outl = 0;
  return 1;
}

// One-shot (EVP_Cipher): the mode's raw operation on whole blocks, no padding or buffering.
int oneshot(void* vctx, unsigned char* out, std::size_t* outl, std::size_t outsize,
            const unsigned char* in, std::size_t inl) {
  auto* c = static_cast<BlockCtx*>(vctx);
  if (!c->key_set) return 0;
  if (outsize < inl) return 0;
  if (c->kind == Kind::ctr) {
    if (!ctr(c, out, in, inl)) return 0;
  } else if (!blocks(c, out, in, inl & ~std::size_t{15})) {
    return 0;
  }
  *outl = inl;
  return 1;
}

int get_ctx_params(void* vctx, OSSL_PARAM params[]) {
  auto* c = static_cast<BlockCtx*>(vctx);
  OSSL_PARAM* p = find_param(params, OSSL_CIPHER_PARAM_IVLEN);
  if (p != nullptr && !OSSL_PARAM_set_size_t(p, c->ivlen())) return 0;
  p = find_param(params, OSSL_CIPHER_PARAM_PADDING);
  if (p != nullptr && !OSSL_PARAM_set_uint(p, c->pad ? 1 : 0)) return 0;
  p = find_param(params, OSSL_CIPHER_PARAM_IV);
  if (p != nullptr && !OSSL_PARAM_set_octet_ptr(p, &c->oiv, c->ivlen()) &&
      !OSSL_PARAM_set_octet_string(p, &c->oiv, c->ivlen()))
    return 0;
  p = find_param(params, OSSL_CIPHER_PARAM_UPDATED_IV);
  if (p != nullptr && !OSSL_PARAM_set_octet_ptr(p, &c->iv, c->ivlen()) &&
      !OSSL_PARAM_set_octet_string(p, &c->iv, c->ivlen()))
    return 0;
  p = find_param(params, OSSL_CIPHER_PARAM_NUM);
  if (p != nullptr && !OSSL_PARAM_set_uint(p, c->num)) return 0;
  p = find_param(params, OSSL_CIPHER_PARAM_KEYLEN);
  if (p != nullptr && !OSSL_PARAM_set_size_t(p, c->keylen)) return 0;
  p = find_param(params, OSSL_CIPHER_PARAM_TLS_MAC);
  if (p != nullptr &&
      !OSSL_PARAM_set_octet_ptr(p, c->tlsmac_set ? c->tlsmac : nullptr, c->tlsmacsize))
    return 0;
  return 1;
}

const OSSL_PARAM kGettableCtx[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, nullptr),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, nullptr),
    OSSL_PARAM_uint(OSSL_CIPHER_PARAM_PADDING, nullptr),
    OSSL_PARAM_uint(OSSL_CIPHER_PARAM_NUM, nullptr),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_IV, nullptr, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_UPDATED_IV, nullptr, 0),
    OSSL_PARAM_octet_ptr(OSSL_CIPHER_PARAM_TLS_MAC, nullptr, 0),
    OSSL_PARAM_END,
};
const OSSL_PARAM kSettableCtx[] = {
    OSSL_PARAM_uint(OSSL_CIPHER_PARAM_PADDING, nullptr),
    OSSL_PARAM_uint(OSSL_CIPHER_PARAM_NUM, nullptr),
    OSSL_PARAM_uint(OSSL_CIPHER_PARAM_TLS_VERSION, nullptr),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_TLS_MAC_SIZE, nullptr),
    OSSL_PARAM_END,
};

const OSSL_PARAM* gettable_ctx(void*, void*) {
  return kGettableCtx;
}
const OSSL_PARAM* settable_ctx(void*, void*) {
  return kSettableCtx;
}

// The cipher's name in stats::kAlgorithms.
constexpr std::string_view stat_name(Kind k, std::size_t bits) {
  switch (k) {
    case Kind::ecb:
      return bits == 128 ? "AES-128-ECB" : bits == 192 ? "AES-192-ECB" : "AES-256-ECB";
    case Kind::cbc:
      return bits == 128 ? "AES-128-CBC" : bits == 192 ? "AES-192-CBC" : "AES-256-CBC";
    case Kind::ctr:
      break;
  }
  return bits == 128 ? "AES-128-CTR" : bits == 192 ? "AES-192-CTR" : "AES-256-CTR";
}

template <Kind K, std::size_t Bits>
struct Table {
  static constexpr std::size_t kStat = stats::alg(stat_name(K, Bits));
  static void* make(void* provctx) { return newctx(provctx, K, Bits, kStat); }
  static int params(OSSL_PARAM p[]) {
    const unsigned int mode = K == Kind::ecb   ? EVP_CIPH_ECB_MODE
                              : K == Kind::cbc ? EVP_CIPH_CBC_MODE
                                               : EVP_CIPH_CTR_MODE;
    return cipher_get_params(
        p, {mode, false, false, Bits / 8, K == Kind::ctr ? 1u : 16u, K == Kind::ecb ? 0u : 16u});
  }
  static constexpr bool stream = K == Kind::ctr;
  static constexpr CipherFns kFns = {make,
                                     freectx,
                                     dupctx,
                                     encrypt_init<init>,
                                     decrypt_init<init>,
                                     stream ? stream_update : block16_update<K>,
                                     stream ? stream_final : block_final,
                                     oneshot,
                                     params,
                                     get_ctx_params,
                                     set_ctx_params,
                                     gettable_ctx,
                                     settable_ctx};
};

// Table<K, Bits> as a template over Bits alone, for by_bits (dispatch.hpp).
template <Kind K>
struct KindTable {
  template <std::size_t Bits>
  using Of = Table<K, Bits>;
};

}  // namespace

const OSSL_DISPATCH* ecb_functions(int bits) {
  return by_bits<KindTable<Kind::ecb>::template Of>(bits);
}
const OSSL_DISPATCH* cbc_functions(int bits) {
  return by_bits<KindTable<Kind::cbc>::template Of>(bits);
}
const OSSL_DISPATCH* ctr_functions(int bits) {
  return by_bits<KindTable<Kind::ctr>::template Of>(bits);
}

}  // namespace aeskit_provider
