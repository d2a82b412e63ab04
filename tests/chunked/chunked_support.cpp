// tests/chunked/chunked_support.cpp — see chunked_support.hpp. OpenSSL 3.0 (EVP_KDF "HKDF" in
// EXPAND_ONLY mode, EVP AES-GCM, SHA512) and zlib. No vectors.
#include "chunked_support.hpp"

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/sha.h>
#include <zlib.h>

#include <algorithm>
#include <cstring>

#include <gtest/gtest.h>

namespace aeskit_test::chunked {

using aeskit::Errc;
namespace ck = aeskit::chunked;

std::string sha512_hex(std::span<const std::uint8_t> data) {
  std::uint8_t d[SHA512_DIGEST_LENGTH];
  SHA512(data.data(), data.size(), d);
  return to_hex({d, sizeof d});
}

StreamOutcome stream_decrypt(ck::Decryptor dec, std::span<const std::uint8_t> ct,
                             std::size_t piece) {
  StreamOutcome r;
  std::size_t pos = 0;
  Bytes buf;
  auto note_error = [&](Errc e) {
    r.error = e;
    buf.assign(dec.update_bound(1) + ck::kChunkSize, 0);
    auto again = dec.update({ct.data(), std::min<std::size_t>(ct.size(), 1)}, buf);
    if (again.ok() || again.code() != e) r.error_repeats = false;
    auto fin = dec.finish(buf);
    if (fin.ok() || fin.code() != e) r.error_repeats = false;
  };
  while (pos < ct.size()) {
    const std::size_t n = std::min(piece, ct.size() - pos);
    buf.assign(dec.update_bound(n), 0);
    auto got = dec.update(ct.subspan(pos, n), buf);
    if (!got) {
      note_error(got.code());
      return r;
    }
    r.out.insert(r.out.end(), buf.begin(), buf.begin() + static_cast<std::ptrdiff_t>(*got));
    pos += n;
  }
  buf.assign(ck::Decryptor::kFinishBound, 0);
  auto fin = dec.finish(buf);
  if (!fin) {
    note_error(fin.code());
    return r;
  }
  r.out.insert(r.out.end(), buf.begin(), buf.begin() + static_cast<std::ptrdiff_t>(*fin));
  return r;
}

Bytes stream_encrypt(ck::Encryptor enc, std::span<const std::uint8_t> pt,
                     const std::vector<std::size_t>& splits) {
  Bytes out, buf;
  std::size_t pos = 0, k = 0, held = 0;  // held: plaintext bytes the encryptor buffers
  while (pos < pt.size()) {
    const std::size_t n = std::min(splits[k++ % splits.size()], pt.size() - pos);
    buf.assign(enc.update_bound(n), 0);
    auto got = enc.update(pt.subspan(pos, n), buf);
    EXPECT_TRUE(got.ok()) << got.message();
    if (!got) return {};
    // The header with the first update, then every chunk as soon as it is complete; the
    // bound holds any buffered state, so it may exceed what this update writes.
    const std::size_t want =
        (pos == 0 ? ck::kHeaderSize : 0) + (held + n) / ck::kChunkSize * ck::kWireChunkSize;
    held = (held + n) % ck::kChunkSize;
    EXPECT_EQ(*got, want);
    EXPECT_LE(*got, buf.size());
    out.insert(out.end(), buf.begin(), buf.begin() + static_cast<std::ptrdiff_t>(*got));
    pos += n;
  }
  buf.assign(ck::Encryptor::kFinishBound, 0);
  auto fin = enc.finish(buf);
  EXPECT_TRUE(fin.ok()) << fin.message();
  if (!fin) return {};
  out.insert(out.end(), buf.begin(), buf.begin() + static_cast<std::ptrdiff_t>(*fin));
  return out;
}

namespace {

ck::Source span_source(std::span<const std::uint8_t> data, std::size_t piece) {
  auto pos = std::make_shared<std::size_t>(0);
  return [data, piece, pos](std::span<std::uint8_t> buf) -> aeskit::Result<std::size_t> {
    const std::size_t n = std::min({piece, buf.size(), data.size() - *pos});
    if (n != 0) std::memcpy(buf.data(), data.data() + *pos, n);
    *pos += n;
    return n;
  };
}

}  // namespace

StreamOutcome pull_decrypt(ck::Decryptor dec, std::span<const std::uint8_t> ct,
                           std::size_t source_piece, std::size_t read_piece) {
  StreamOutcome r;
  ck::PullDecryptor pull(std::move(dec), span_source(ct, source_piece));
  Bytes buf(read_piece);
  while (true) {
    auto got = pull.read(buf);
    if (!got) {
      r.error = got.code();
      auto again = pull.read(buf);
      r.error_repeats = !again.ok() && again.code() == r.error;
      return r;
    }
    if (*got == 0) return r;
    r.out.insert(r.out.end(), buf.begin(), buf.begin() + static_cast<std::ptrdiff_t>(*got));
  }
}

Bytes pull_encrypt(ck::Encryptor enc, std::span<const std::uint8_t> pt, std::size_t source_piece,
                   std::size_t read_piece) {
  Bytes out;
  ck::PullEncryptor pull(std::move(enc), span_source(pt, source_piece));
  Bytes buf(read_piece);
  while (true) {
    auto got = pull.read(buf);
    EXPECT_TRUE(got.ok()) << got.message();
    if (!got || *got == 0) return out;
    out.insert(out.end(), buf.begin(), buf.begin() + static_cast<std::ptrdiff_t>(*got));
  }
}

Bytes openssl_seal(Suite suite, std::span<const std::uint8_t> key,
                   std::span<const std::uint8_t> salt, std::span<const std::uint8_t> context,
                   std::span<const std::uint8_t> pt) {
  const bool is128 = suite == Suite::cobblestone_128;
  const std::size_t k = is128 ? 16 : 32;
  std::string info = "c2sp.org/chunked-encryption@v1+";
  info += is128 ? "AEAD_AES_128_GCM" : "AEAD_AES_256_GCM";
  info.push_back('\0');
  info.append(reinterpret_cast<const char*>(salt.data()), salt.size());
  info.append(reinterpret_cast<const char*>(context.data()), context.size());
  std::uint8_t okm[32 + 12 + 32];
  EVP_KDF* kdf = EVP_KDF_fetch(nullptr, "HKDF", nullptr);
  EVP_KDF_CTX* kctx = EVP_KDF_CTX_new(kdf);
  int mode = EVP_KDF_HKDF_MODE_EXPAND_ONLY;
  char digest[] = "SHA512";
  OSSL_PARAM params[] = {
      OSSL_PARAM_construct_int(OSSL_KDF_PARAM_MODE, &mode),
      OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, digest, 0),
      OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, const_cast<std::uint8_t*>(key.data()),
                                        key.size()),
      OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, info.data(), info.size()),
      OSSL_PARAM_construct_end()};
  const int ok = EVP_KDF_derive(kctx, okm, k + 44, params);
  EVP_KDF_CTX_free(kctx);
  EVP_KDF_free(kdf);
  EXPECT_EQ(ok, 1);
  Bytes out(salt.begin(), salt.end());
  out.insert(out.end(), okm + k + 12, okm + k + 44);
  const EVP_CIPHER* cipher = is128 ? EVP_aes_128_gcm() : EVP_aes_256_gcm();
  const std::size_t chunks = pt.size() / aeskit::chunked::kChunkSize + 1;
  for (std::size_t i = 0; i < chunks; ++i) {
    std::uint8_t nonce[12];
    std::memcpy(nonce, okm + k, 12);
    for (int b = 0; b < 8; ++b)
      nonce[11 - b] ^= static_cast<std::uint8_t>(std::uint64_t{i} >> (8 * b));
    const std::size_t off = i * aeskit::chunked::kChunkSize;
    const std::size_t len = std::min(pt.size() - off, aeskit::chunked::kChunkSize);
    EVP_CIPHER_CTX* c = EVP_CIPHER_CTX_new();
    EVP_EncryptInit_ex(c, cipher, nullptr, okm, nonce);
    const std::size_t at = out.size();
    out.resize(at + len + 16);
    int outl = 0;
    if (len) EVP_EncryptUpdate(c, out.data() + at, &outl, pt.data() + off, static_cast<int>(len));
    EVP_EncryptFinal_ex(c, out.data() + at + len, &outl);
    EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_GET_TAG, 16, out.data() + at + len);
    EVP_CIPHER_CTX_free(c);
  }
  return out;
}

Bytes zlib_inflate(std::span<const std::uint8_t> compressed) {
  Bytes out;
  z_stream z{};
  if (inflateInit(&z) != Z_OK) return out;
  z.next_in = const_cast<Bytef*>(compressed.data());
  z.avail_in = static_cast<uInt>(compressed.size());
  std::uint8_t buf[65536];
  int rc = Z_OK;
  while (rc == Z_OK) {
    z.next_out = buf;
    z.avail_out = sizeof buf;
    rc = inflate(&z, Z_NO_FLUSH);
    out.insert(out.end(), buf, buf + (sizeof buf - z.avail_out));
  }
  EXPECT_EQ(rc, Z_STREAM_END);
  inflateEnd(&z);
  return out;
}

}  // namespace aeskit_test::chunked
