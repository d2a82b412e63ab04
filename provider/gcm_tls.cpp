// gcm_tls.cpp — the TLS 1.2 AES-GCM record support of the aeskit provider (RFC 5288), as
// OpenSSL's default provider offers it to libssl: the parameters tls1-aad ("tlsaad", which
// arms the next update as one record and makes "tlsaadpad" read 16), tls1-iv-fixed
// ("tlsivfixed": the 4-byte implicit IV, or the whole IV with length -1), tls1-get-iv-gen
// ("tlsivgen": the next explicit IV, then the invocation field counts up) and
// tls1-set-iv-inv ("tlsivinv": the explicit IV of a received record), and the record path:
// one update or EVP_Cipher, in place, over explicit IV || payload || tag. Decryption checks
// the tag before any plaintext is released (AeadKey::open_detached zeroes the payload on
// failure); there is no "plaintext before the tag" window on this path. The AAD rewrite and
// the in-place record are shared with AES-CCM (tls_aead.hpp).
// References: OpenSSL's EVP_EncryptInit(3) (EVP_CTRL_AEAD_TLS1_AAD, EVP_CTRL_GCM_SET_IV_FIXED,
// EVP_CTRL_GCM_IV_GEN, EVP_CTRL_GCM_SET_IV_INV), provider-cipher(7).
#include <cstring>

#include "aeskit/random.hpp"
#include "gcm_ctx.hpp"
#include "provider.hpp"
#include "tls_aead.hpp"

namespace aeskit_provider::gcm {

namespace {

// The invocation field (the IV's last 8 bytes) as a big-endian counter, wrapping.
void increment64(unsigned char* p) {
  for (int i = 7; i >= 0; --i)
    if (++p[i] != 0) return;
}

}  // namespace

std::size_t tls_set_aad(Ctx* c, const unsigned char* aad, std::size_t len) {
  if (len != kTlsAadLen) return 0;
  // Kept in the tag buffer, as OpenSSL does (a later aead-tag get on an encrypting context
  // reads these bytes); armed before the length checks, which may still fail.
  c->tls_aad_len = len;
  return tls_aead::set_aad(c->buf, aad, len, c->enc, kTagLen) ? kTagLen : 0;
}

bool tls_set_iv_fixed(Ctx* c, const unsigned char* iv, std::size_t len) {
  if (len == ~std::size_t{0}) {  // length -1: the whole IV
    std::memcpy(c->iv, iv, c->ivlen);
    c->iv_gen = true;
    c->iv_state = IvState::buffered;
    drop_streams(c);
    return true;
  }
  // A fixed field of at least 4 bytes, an invocation field of at least 8.
  if (len < kTlsFixedIvLen || len > c->ivlen || c->ivlen - len < kTlsExplicitIvLen) return false;
  std::memcpy(c->iv, iv, len);
  if (c->enc && !aeskit::random_bytes({c->iv + len, c->ivlen - len}).ok()) return false;
  c->iv_gen = true;
  c->iv_state = IvState::buffered;
  drop_streams(c);
  return true;
}

// OpenSSL's getivgen: the message starts over the current IV, whose last `len` bytes (all of
// it for 0 or more than the IV) are handed out; then the invocation field counts up.
bool tls_get_iv_gen(Ctx* c, unsigned char* out, std::size_t len) {
  if (!c->iv_gen || !c->key_set || !start_streams(c)) return false;
  if (len == 0 || len > c->ivlen) len = c->ivlen;
  std::memcpy(out, c->iv + c->ivlen - len, len);
  increment64(c->iv + c->ivlen - 8);
  c->iv_state = IvState::copied;
  return true;
}

// OpenSSL's setivinv: the last `len` bytes of the IV from a received record, and the
// message starts over it. OpenSSL does not bound `len`; aeskit refuses more than the IV.
bool tls_set_iv_inv(Ctx* c, const unsigned char* in, std::size_t len) {
  if (!c->iv_gen || !c->key_set || c->enc) return false;
  if (len > c->ivlen) return false;
  std::memmove(c->iv + c->ivlen - len, in, len);
  if (!start_streams(c)) return false;
  c->iv_state = IvState::copied;
  return true;
}

bool tls_cipher(Ctx* c, unsigned char* out, std::size_t* outl, const unsigned char* in,
                std::size_t len) {
  bool ok = false;
  std::size_t written = 0;
  unsigned char nonce[kMaxIv];
  const std::size_t nonce_len = c->ivlen;
  if (c->key_set && out == in && len >= kTlsExplicitIvLen + kTagLen) {
    // The explicit IV: generated into the record, or taken from it.
    bool iv_ok;
    if (c->enc) {
      std::memcpy(nonce, c->iv, nonce_len);  // the IV before the invocation field counts up
      iv_ok = tls_get_iv_gen(c, out, kTlsExplicitIvLen);
    } else {
      iv_ok = tls_set_iv_inv(c, out, kTlsExplicitIvLen);
      std::memcpy(nonce, c->iv, nonce_len);
    }
    drop_streams(c);  // the record is sealed or opened in one call below
    if (iv_ok) {
      const std::span<const std::uint8_t> iv{nonce, nonce_len}, aad{c->buf, c->tls_aad_len};
      ok = tls_aead::seal_or_open(*c->key, c->enc, iv, aad, out, len, kTagLen, &written);
      if (ok)
        count_bytes(c->provctx, c->stat, c->enc, len - kTlsExplicitIvLen - kTagLen, c->tls_aad_len);
      // After a record the tag length is 16, as OpenSSL's one-shot path leaves it.
      c->taglen = kTagLen;
    }
    wipe(nonce, sizeof nonce);
  }
  c->iv_state = IvState::finished;
  c->tls_aad_len = kUnset;
  *outl = ok ? written : 0;
  return ok;
}

}  // namespace aeskit_provider::gcm
