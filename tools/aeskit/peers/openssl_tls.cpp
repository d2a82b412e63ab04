// tools/aeskit/peers/openssl_tls.cpp — OpenSSL as a peer for the TLS AEAD items of `aeskit
// speed`, composed from its primitives the way a TLS stack without the stitched cipher does:
// CBC-HMAC seal = HMAC (EVP_MAC, keyed once) over AD || len || P, then AES-CBC without EVP
// padding over P || MAC || TLS padding; open = AES-CBC decrypt, padding and HMAC check (not
// constant-time); CTR-HMAC-SHA256 = AES-CTR and HMAC over BoringSSL's layout. Contexts are
// created and keyed once per item; per record only the IV and the MAC are re-initialised.
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include <cstring>
#include <string>
#include <vector>

#include "peers/openssl_util.hpp"
#include "speed/tls.hpp"

namespace aeskit::cli::speed {
namespace {

using openssl_util::failure;

class OpensslTlsRunner final : public TlsRunner<OpensslTlsRunner> {
 public:
  OpensslTlsRunner(const Item& item, const Material& material)
      : TlsRunner(item), p_(tls_params(item)) {
    const auto key = material.key.first(p_.key_len);
    if (p_.cbc) {
      mac_key_.assign(key.begin(), key.begin() + static_cast<long>(p_.mac_len));
      aes_key_.assign(key.begin() + static_cast<long>(p_.mac_len), key.end());
    } else {
      aes_key_.assign(key.begin(), key.begin() + static_cast<long>(p_.aes_len));
      mac_key_.assign(key.begin() + static_cast<long>(p_.aes_len), key.end());
    }
    iv_.assign(material.iv.begin(), material.iv.begin() + 16);
    if (!p_.cbc) std::memset(iv_.data() + 12, 0, 4);
  }

  bool init(std::string& error) {
    const std::string name = "AES-" + std::to_string(p_.aes_len * 8) + (p_.cbc ? "-CBC" : "-CTR");
    cipher_.reset(EVP_CIPHER_fetch(nullptr, name.c_str(), nullptr));
    enc_.reset(EVP_CIPHER_CTX_new());
    dec_.reset(EVP_CIPHER_CTX_new());
    mac_alg_.reset(EVP_MAC_fetch(nullptr, "HMAC", nullptr));
    if (mac_alg_) mac_ctx_.reset(EVP_MAC_CTX_new(mac_alg_.get()));
    std::string digest = p_.md;
    OSSL_PARAM params[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, digest.data(), 0),
        OSSL_PARAM_construct_end()};
    if (!cipher_ || !enc_ || !dec_ || !mac_ctx_ ||
        EVP_CipherInit_ex(enc_.get(), cipher_.get(), nullptr, aes_key_.data(), iv_.data(), 1) !=
            1 ||
        EVP_CipherInit_ex(dec_.get(), cipher_.get(), nullptr, aes_key_.data(), iv_.data(), 0) !=
            1 ||
        EVP_MAC_init(mac_ctx_.get(), mac_key_.data(), mac_key_.size(), params) != 1) {
      error = failure("OpenSSL TLS AEAD setup");
      return false;
    }
    EVP_CIPHER_CTX_set_padding(enc_.get(), 0);
    EVP_CIPHER_CTX_set_padding(dec_.get(), 0);
    return true;
  }

  bool seal_record(std::span<const std::uint8_t> in, std::span<std::uint8_t> out,
                   std::string& error) {
    return seal(in, out.data(), error);
  }

  bool open_record(std::span<const std::uint8_t> record, std::span<std::uint8_t> plain,
                   std::size_t& length, std::string& error) {
    return open(record, plain, length, error);
  }

 private:
  bool mac(std::initializer_list<std::span<const std::uint8_t>> parts, std::uint8_t* t) {
    std::size_t n = 0;
    EVP_MAC_CTX* ctx = mac_ctx_.get();
    if (EVP_MAC_init(ctx, nullptr, 0, nullptr) != 1) return false;
    for (auto part : parts)
      if (!part.empty() && EVP_MAC_update(ctx, part.data(), part.size()) != 1) return false;
    return EVP_MAC_final(ctx, t, &n, 32) == 1;
  }
  bool crypt(EVP_CIPHER_CTX* ctx, const std::uint8_t* in, std::size_t len, std::uint8_t* out) {
    int n = 0;
    if (EVP_CipherInit_ex(ctx, nullptr, nullptr, nullptr, iv_.data(), -1) != 1) return false;
    return len == 0 || EVP_CipherUpdate(ctx, out, &n, in, static_cast<int>(len)) == 1;
  }
  static std::vector<std::uint8_t> le64s(std::uint64_t a, std::uint64_t b) {
    std::vector<std::uint8_t> v(16);
    for (int i = 0; i < 8; ++i) {
      v[i] = static_cast<std::uint8_t>(a >> (8 * i));
      v[8 + i] = static_cast<std::uint8_t>(b >> (8 * i));
    }
    return v;
  }

  bool seal(std::span<const std::uint8_t> in, std::uint8_t* out, std::string& error) {
    std::uint8_t t[32];
    bool ok;
    if (p_.cbc) {
      std::uint8_t header[13];
      std::memcpy(header, tls_ad().data(), kTlsAdBytes);
      header[11] = static_cast<std::uint8_t>(in.size() >> 8);
      header[12] = static_cast<std::uint8_t>(in.size());
      ok = mac({{header, 13}, in}, t);
      const std::size_t full = in.size() / 16 * 16, rem = in.size() - full;
      std::uint8_t tail[16 + 32 + 16];
      std::memcpy(tail, in.data() + full, rem);
      std::memcpy(tail + rem, t, p_.mac_len);
      const std::size_t tail_len = (rem + p_.mac_len) / 16 * 16 + 16;
      std::memset(tail + rem + p_.mac_len, static_cast<int>(tail_len - rem - p_.mac_len - 1),
                  tail_len - rem - p_.mac_len);
      int n = 0;
      ok = ok && crypt(enc_.get(), in.data(), full, out) &&
           EVP_CipherUpdate(enc_.get(), out + full, &n, tail, static_cast<int>(tail_len)) == 1;
    } else {
      ok = crypt(enc_.get(), in.data(), in.size(), out);
      static const std::uint8_t zeros[64] = {};
      const auto lengths = le64s(kTlsAdBytes, in.size());
      ok = ok && mac({lengths,
                      {iv_.data(), 12},
                      tls_ad(),
                      {zeros, (64 - (28 + kTlsAdBytes) % 64) % 64},
                      {out, in.size()}},
                     t);
      std::memcpy(out + in.size(), t, p_.mac_len);
    }
    if (!ok) error = failure("OpenSSL TLS seal");
    return ok;
  }

  // open: `length` stays 0 when the record is rejected (padding or MAC).
  bool open(std::span<const std::uint8_t> record, std::span<std::uint8_t> plain,
            std::size_t& len_out, std::string& error) {
    std::uint8_t t[32];
    const std::size_t len = record.size();
    if (p_.cbc) {
      if (!crypt(dec_.get(), record.data(), len, plain.data())) {
        error = failure("OpenSSL TLS open");
        return false;
      }
      const std::size_t pad = plain[len - 1];
      if (p_.mac_len + pad + 1 > len) return true;  // len_out stays 0: rejected
      for (std::size_t i = 0; i <= pad; ++i)
        if (plain[len - 1 - i] != pad) return true;
      const std::size_t n = len - p_.mac_len - pad - 1;
      std::uint8_t header[13];
      std::memcpy(header, tls_ad().data(), kTlsAdBytes);
      header[11] = static_cast<std::uint8_t>(n >> 8);
      header[12] = static_cast<std::uint8_t>(n);
      if (!mac({{header, 13}, {plain.data(), n}}, t)) return false;
      if (CRYPTO_memcmp(t, plain.data() + n, p_.mac_len) == 0) len_out = n;
      return true;
    }
    const std::size_t n = len - p_.mac_len;
    static const std::uint8_t zeros[64] = {};
    const auto lengths = le64s(kTlsAdBytes, n);
    if (!mac({lengths,
              {iv_.data(), 12},
              tls_ad(),
              {zeros, (64 - (28 + kTlsAdBytes) % 64) % 64},
              {record.data(), n}},
             t))
      return false;
    if (CRYPTO_memcmp(t, record.data() + n, p_.mac_len) != 0) return true;
    if (!crypt(dec_.get(), record.data(), n, plain.data())) return false;
    len_out = n;
    return true;
  }

  TlsParams p_;
  std::vector<std::uint8_t> mac_key_, aes_key_, iv_;
  openssl_util::Cipher cipher_;
  openssl_util::CipherCtx enc_, dec_;
  openssl_util::Owned<EVP_MAC, EVP_MAC_free> mac_alg_;
  openssl_util::Owned<EVP_MAC_CTX, EVP_MAC_CTX_free> mac_ctx_;
};

}  // namespace

std::unique_ptr<Runner> make_openssl_tls_runner(const Item& item, const Material& material,
                                                std::string& error) {
  auto r = std::make_unique<OpensslTlsRunner>(item, material);
  if (!r->init(error)) return nullptr;
  return r;
}

}  // namespace aeskit::cli::speed
