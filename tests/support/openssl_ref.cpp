// tests/support/openssl_ref.cpp — OpenSSL EVP reference wrappers. No vectors here.
#include "support/openssl_ref.hpp"

#include <openssl/evp.h>

#include <cstdio>
#include <cstdlib>

namespace aeskit_test {
namespace {

using aeskit::Mode;

const EVP_CIPHER* cipher_for(Mode mode, std::size_t key_len) {
  const int k = key_len == 16 ? 0 : key_len == 24 ? 1 : key_len == 32 ? 2 : -1;
  if (k < 0) return nullptr;
  switch (mode) {
    case Mode::ecb:
      return k == 0 ? EVP_aes_128_ecb() : k == 1 ? EVP_aes_192_ecb() : EVP_aes_256_ecb();
    case Mode::cbc:
      return k == 0 ? EVP_aes_128_cbc() : k == 1 ? EVP_aes_192_cbc() : EVP_aes_256_cbc();
    case Mode::ctr128:
      return k == 0 ? EVP_aes_128_ctr() : k == 1 ? EVP_aes_192_ctr() : EVP_aes_256_ctr();
    case Mode::cfb128:
      return k == 0 ? EVP_aes_128_cfb128() : k == 1 ? EVP_aes_192_cfb128() : EVP_aes_256_cfb128();
    case Mode::cfb8:
      return k == 0 ? EVP_aes_128_cfb8() : k == 1 ? EVP_aes_192_cfb8() : EVP_aes_256_cfb8();
    case Mode::ofb:
      return k == 0 ? EVP_aes_128_ofb() : k == 1 ? EVP_aes_192_ofb() : EVP_aes_256_ofb();
    case Mode::ctr32:
      return nullptr;
  }
  return nullptr;
}

[[noreturn]] void evp_broke(const char* what) {
  std::fprintf(stderr, "OpenSSL reference failed unexpectedly in %s\n", what);
  std::abort();
}

}  // namespace

bool openssl_has_mode(Mode mode) {
  return mode != Mode::ctr32;
}

std::optional<Bytes> openssl_crypt(Mode mode, aeskit::Direction direction,
                                   std::span<const std::uint8_t> key,
                                   std::span<const std::uint8_t> iv,
                                   std::span<const std::uint8_t> in, bool pkcs7) {
  const EVP_CIPHER* cipher = cipher_for(mode, key.size());
  if (cipher == nullptr) evp_broke("cipher_for (no such OpenSSL cipher)");
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  if (ctx == nullptr) evp_broke("EVP_CIPHER_CTX_new");
  const int enc = direction == aeskit::Direction::encrypt ? 1 : 0;
  if (EVP_CipherInit_ex(ctx, cipher, nullptr, key.data(), iv.empty() ? nullptr : iv.data(), enc) !=
      1)
    evp_broke("EVP_CipherInit_ex");
  EVP_CIPHER_CTX_set_padding(ctx, pkcs7 ? 1 : 0);
  Bytes out(in.size() + 32);
  static const std::uint8_t kEmpty[1] = {0};
  int n1 = 0, n2 = 0;
  bool ok = EVP_CipherUpdate(ctx, out.data(), &n1, in.empty() ? kEmpty : in.data(),
                             static_cast<int>(in.size())) == 1;
  ok = ok && EVP_CipherFinal_ex(ctx, out.data() + n1, &n2) == 1;
  EVP_CIPHER_CTX_free(ctx);
  if (!ok) return std::nullopt;
  out.resize(static_cast<std::size_t>(n1) + static_cast<std::size_t>(n2));
  return out;
}

EvpBlock::EvpBlock(std::span<const std::uint8_t> key, aeskit::Direction direction)
    : ctx_(EVP_CIPHER_CTX_new()) {
  const EVP_CIPHER* cipher = cipher_for(Mode::ecb, key.size());
  if (ctx_ == nullptr || cipher == nullptr) evp_broke("EvpBlock");
  const int enc = direction == aeskit::Direction::encrypt ? 1 : 0;
  if (EVP_CipherInit_ex(ctx_, cipher, nullptr, key.data(), nullptr, enc) != 1)
    evp_broke("EvpBlock init");
  EVP_CIPHER_CTX_set_padding(ctx_, 0);
}

EvpBlock::~EvpBlock() {
  EVP_CIPHER_CTX_free(ctx_);
}

void EvpBlock::crypt(const std::uint8_t* in, std::uint8_t* out) {
  int n = 0;
  if (EVP_CipherUpdate(ctx_, out, &n, in, 16) != 1 || n != 16) evp_broke("EvpBlock crypt");
}

}  // namespace aeskit_test
