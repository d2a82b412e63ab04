// tests/tls/tls_support.hpp — OpenSSL-built reference records for the TLS AEAD tests: TLS CBC
// records (HMAC then AES-CBC without EVP padding, any valid TLS padding length) and
// AES-CTR-HMAC-SHA256 (BoringSSL's layout), from libcrypto primitives only.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "support/hex.hpp"

namespace aeskit_test::tls {

struct CbcParams {
  const char* name;  // aeskit algorithm name
  const EVP_MD* (*md)();
  std::size_t mac_len;
  std::size_t aes_len;
  bool implicit_iv;
};

inline const CbcParams kCbcParams[] = {
    {"AES-128-CBC-SHA1", EVP_sha1, 20, 16, false},
    {"AES-256-CBC-SHA1", EVP_sha1, 20, 32, false},
    {"AES-128-CBC-SHA256", EVP_sha256, 32, 16, false},
    {"AES-128-CBC-SHA1-IMPLICIT-IV", EVP_sha1, 20, 16, true},
    {"AES-256-CBC-SHA1-IMPLICIT-IV", EVP_sha1, 20, 32, true},
    {"AES-128-CBC-SHA256-IMPLICIT-IV", EVP_sha256, 32, 16, true},
    {"AES-256-CBC-SHA256", EVP_sha256, 32, 32, false},  // last: tests index the rows above
};

inline Bytes hmac_of(const EVP_MD* md, const Bytes& key, const Bytes& data) {
  Bytes out(EVP_MAX_MD_SIZE);
  unsigned n = 0;
  HMAC(md, key.data(), static_cast<int>(key.size()), data.data(), data.size(), out.data(), &n);
  out.resize(n);
  return out;
}

// aes_raw: AES-CBC (enc/dec) or AES-CTR (enc) of whole data with no EVP padding.
inline Bytes aes_raw(const char* mode, std::size_t key_len, bool enc, const Bytes& key,
                     const Bytes& iv, const Bytes& in) {
  const std::string name = "AES-" + std::to_string(key_len * 8) + "-" + mode;
  EVP_CIPHER* c = EVP_CIPHER_fetch(nullptr, name.c_str(), nullptr);
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  EVP_CipherInit_ex(ctx, c, nullptr, key.data(), iv.data(), enc ? 1 : 0);
  EVP_CIPHER_CTX_set_padding(ctx, 0);
  Bytes out(in.size() + 16);
  int n = 0, m = 0;
  EVP_CipherUpdate(ctx, out.data(), &n, in.data(), static_cast<int>(in.size()));
  EVP_CipherFinal_ex(ctx, out.data() + n, &m);
  out.resize(static_cast<std::size_t>(n + m));
  EVP_CIPHER_CTX_free(ctx);
  EVP_CIPHER_free(c);
  return out;
}

inline Bytes concat(std::initializer_list<const Bytes*> parts) {
  Bytes out;
  for (const Bytes* p : parts) out.insert(out.end(), p->begin(), p->end());
  return out;
}

// cbc_record: the TLS record OpenSSL primitives make: CBC(iv, P || HMAC(ad || len || P) ||
// (pad + 1) x pad). `pad` must make the total a multiple of 16.
inline Bytes cbc_record(const CbcParams& p, const Bytes& mac_key, const Bytes& enc_key,
                        const Bytes& iv, const Bytes& ad, const Bytes& pt, std::size_t pad) {
  Bytes header = ad;
  header.push_back(static_cast<std::uint8_t>(pt.size() >> 8));
  header.push_back(static_cast<std::uint8_t>(pt.size()));
  const Bytes mac = hmac_of(p.md(), mac_key, concat({&header, &pt}));
  Bytes body = concat({&pt, &mac});
  body.insert(body.end(), pad + 1, static_cast<std::uint8_t>(pad));
  return aes_raw("CBC", p.aes_len, true, enc_key, iv, body);
}

// CbcKeys: one key of a CBC-HMAC AEAD and its parts: all = mac || enc [|| iv].
struct CbcKeys {
  Bytes mac, enc, iv, all;
};

template <class Rng>
CbcKeys make_cbc_keys(Rng& rng, const CbcParams& p) {
  CbcKeys k{rng.bytes(p.mac_len), rng.bytes(p.aes_len), rng.bytes(16), {}};
  k.all = concat({&k.mac, &k.enc});
  if (p.implicit_iv) k.all.insert(k.all.end(), k.iv.begin(), k.iv.end());
  return k;
}

// tls_ad: the 11-byte TLS AD seq_num || type || version (3, 3).
inline Bytes tls_ad(std::uint64_t seq, std::uint8_t type = 23) {
  Bytes ad;
  for (int i = 7; i >= 0; --i) ad.push_back(static_cast<std::uint8_t>(seq >> (8 * i)));
  ad.push_back(type);
  ad.push_back(3);
  ad.push_back(3);
  return ad;
}

}  // namespace aeskit_test::tls
