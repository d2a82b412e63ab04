// gcm_ctx.hpp — the AES-GCM context of the aeskit provider, shared by gcm_cipher.cpp (the
// EVP stream: init, AAD and data through update, final, tags) and gcm_tls.cpp (the TLS 1.2
// record parameters and the one-call record path). It mirrors the state of OpenSSL's
// default GCM implementation (PROV_GCM_CTX): the IV buffered until the first use, the IV
// state, one 16-byte buffer shared by the tag and the TLS AAD, the TLS AAD length and pad.
// References: provider-cipher(7), EVP_EncryptInit(3) ("GCM and OCB Modes"), RFC 5288.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>

#include "aeskit/aead.hpp"
#include "provider.hpp"
#include "tls_aead.hpp"

namespace aeskit_provider::gcm {

inline constexpr std::size_t kUnset = ~std::size_t{0};
inline constexpr std::size_t kMaxIv = 128;  // OpenSSL's GCM_IV_MAX_SIZE
inline constexpr std::size_t kTlsAadLen = tls_aead::kAadLen;
inline constexpr std::size_t kTlsFixedIvLen = tls_aead::kFixedIvLen;
inline constexpr std::size_t kTlsExplicitIvLen = tls_aead::kExplicitIvLen;
inline constexpr std::size_t kTagLen = 16;

enum class IvState { uninitialised, buffered, copied, finished };

struct Ctx {
  void* provctx = nullptr;
  std::size_t stat = 0;  // stats::alg of this cipher (stats.hpp)
  std::size_t keylen = 0;
  std::shared_ptr<const aeskit::AeadKey> key;  // 16-byte tags; shared by dupctx
  RawKey rawkey;                               // what `key` was made from (provider.hpp)
  bool key_set = false;
  bool enc = false;
  unsigned char iv[kMaxIv] = {};
  std::size_t ivlen = 12;
  IvState iv_state = IvState::uninitialised;
  // The tag (computed when encrypting, expected when decrypting) or, once tls1-aad is set,
  // the TLS AAD: OpenSSL keeps both in one buffer, and so does this context.
  unsigned char buf[16] = {};
  std::size_t taglen = kUnset;
  std::size_t tls_aad_len = kUnset;  // 13 while a TLS record is pending
  std::size_t tls_aad_pad = 0;       // what tlsaadpad reads: 16 after a good tls1-aad
  bool iv_gen = false;               // tlsivfixed was set: the IV is fixed || invocation field
  // The message in progress (iv_state copied): a sealer when encrypting, an opener when
  // decrypting; copied with the context.
  std::optional<aeskit::AeadSealer> sealer;
  std::optional<aeskit::AeadOpener> opener;
  bool streams_enc = false;  // the direction the stream was made for

  Ctx() = default;
  Ctx(const Ctx&) = default;  // deep: the streams are values, the key immutable and shared
  Ctx& operator=(const Ctx&) = delete;
  ~Ctx();
};

void drop_streams(Ctx* c);
// Starts the stream over c->iv (OpenSSL's hw->setiv).
bool start_streams(Ctx* c);

// gcm_tls.cpp. Each returns what OpenSSL's function of the same role returns.
// tls1-aad: 0 on failure, else the pad (16); may leave tls_aad_len set on failure, as
// OpenSSL does.
std::size_t tls_set_aad(Ctx* c, const unsigned char* aad, std::size_t len);
bool tls_set_iv_fixed(Ctx* c, const unsigned char* iv, std::size_t len);
bool tls_get_iv_gen(Ctx* c, unsigned char* out, std::size_t len);
bool tls_set_iv_inv(Ctx* c, const unsigned char* in, std::size_t len);
// The record path taken by update and EVP_Cipher while tls_aad_len is set: in place,
// explicit IV || payload || tag; *outl is the record length (encrypt) or the payload length
// (decrypt). A failed decryption wipes the payload.
bool tls_cipher(Ctx* c, unsigned char* out, std::size_t* outl, const unsigned char* in,
                std::size_t len);

}  // namespace aeskit_provider::gcm
