// tls_record — the TLS CBC-HMAC AEADs ("AES-128-CBC-SHA1", "AES-256-CBC-SHA1",
// "AES-128-CBC-SHA256" and their -IMPLICIT-IV forms) opening arbitrary records.
//
// Checks: open accepts a record exactly when a plain model built on OpenSSL (AES-CBC without
// padding, then the TLS padding check and HMAC over seq || type || version || length || P)
// does, with the same plaintext; AD of any length but 11 bytes never opens; a failed open
// (authentication_failed) leaves the record's span zeroed and bytes past it untouched, other
// errors write nothing; and sealing the same bytes as a plaintext gives the model's record
// (minimal padding), which opens back.
//
// Input: [algorithm index][flags][AD length byte] key (the algorithm's length), AD, nonce
//        (16 bytes when flags bit 0, else none), then the record (the rest).
// flags: bit 0 pass a 16-byte nonce (explicit-IV forms always need one); bit 1 in place.
#include <openssl/hmac.h>

#include <cstring>
#include <string_view>
#include <vector>

#include "aeskit/aead.hpp"
#include "fuzz_support.hpp"
#include "openssl_ref.hpp"

using namespace aeskit_fuzz;

namespace {

struct Tls {
  const aeskit::AeadAlgorithm* alg;
  std::size_t mac_key;
  std::size_t aes_key;
  bool implicit;
  const EVP_MD* (*md)();
  const char* cbc;
};

const std::vector<Tls>& suites() {
  static const std::vector<Tls> s = {
      {&aeskit::aead::aes_128_cbc_sha1_tls(), 20, 16, false, EVP_sha1, "AES-128-CBC"},
      {&aeskit::aead::aes_256_cbc_sha1_tls(), 20, 32, false, EVP_sha1, "AES-256-CBC"},
      {&aeskit::aead::aes_128_cbc_sha256_tls(), 32, 16, false, EVP_sha256, "AES-128-CBC"},
      {&aeskit::aead::aes_128_cbc_sha1_tls_implicit_iv(), 20, 16, true, EVP_sha1, "AES-128-CBC"},
      {&aeskit::aead::aes_256_cbc_sha1_tls_implicit_iv(), 20, 32, true, EVP_sha1, "AES-256-CBC"},
      {&aeskit::aead::aes_128_cbc_sha256_tls_implicit_iv(), 32, 16, true, EVP_sha256,
       "AES-128-CBC"},
  };
  return s;
}

const EVP_CIPHER* cbc(const char* name) {
  static const EVP_CIPHER* c128 = ossl::cipher("AES-128-CBC");
  static const EVP_CIPHER* c256 = ossl::cipher("AES-256-CBC");
  return std::string_view(name) == "AES-128-CBC" ? c128 : c256;
}

Bytes mac(const Tls& t, ByteSpan key, ByteSpan ad, ByteSpan p) {
  Bytes msg(ad.begin(), ad.end());
  msg.push_back(static_cast<std::uint8_t>(p.size() >> 8));
  msg.push_back(static_cast<std::uint8_t>(p.size()));
  msg.insert(msg.end(), p.begin(), p.end());
  Bytes out(EVP_MAX_MD_SIZE, 0);
  unsigned n = 0;
  HMAC(t.md(), key.data(), static_cast<int>(t.mac_key), msg.data(), msg.size(), out.data(), &n);
  out.resize(n);
  return out;
}

// model_open: the record's plaintext, or false.
bool model_open(const Tls& t, ByteSpan key, ByteSpan iv, ByteSpan ad, ByteSpan rec, Bytes& p) {
  const std::size_t tl = t.alg->default_tag_length();
  if (ad.size() != 11 || rec.size() % 16 != 0 || rec.size() < (tl + 1 + 15) / 16 * 16) return false;
  Bytes dec;
  if (!ossl::run_cipher(cbc(t.cbc), false, key.subspan(t.mac_key, t.aes_key), iv, rec, false, dec))
    return false;
  const std::size_t pad = dec.back();
  if (pad + 1 + tl > dec.size()) return false;
  for (std::size_t i = dec.size() - pad - 1; i < dec.size(); ++i)
    if (dec[i] != pad) return false;
  const std::size_t n = dec.size() - pad - 1 - tl;
  const Bytes want = mac(t, key.first(t.mac_key), ad, ByteSpan(dec).first(n));
  if (!same(want, ByteSpan(dec).subspan(n, tl))) return false;
  p.assign(dec.begin(), dec.begin() + static_cast<std::ptrdiff_t>(n));
  return true;
}

Bytes model_seal(const Tls& t, ByteSpan key, ByteSpan iv, ByteSpan ad, ByteSpan p) {
  Bytes rec(p.begin(), p.end());
  const Bytes m = mac(t, key.first(t.mac_key), ad, p);
  rec.insert(rec.end(), m.begin(), m.end());
  const std::size_t pad = 15 - rec.size() % 16;
  rec.insert(rec.end(), pad + 1, static_cast<std::uint8_t>(pad));
  Bytes out;
  FUZZ_REQUIRE(
      ossl::run_cipher(cbc(t.cbc), true, key.subspan(t.mac_key, t.aes_key), iv, rec, false, out));
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Input in(data, size);
  const Tls& t = suites()[in.u8() % suites().size()];
  const std::uint8_t flags = in.u8();
  const std::size_t ad_len = in.u8() % 16;
  const std::size_t key_len = t.mac_key + t.aes_key + (t.implicit ? 16 : 0);
  const Bytes key = copy(in.take(key_len));
  const Bytes ad = copy(in.take(ad_len));
  const Bytes nonce = copy(in.take((flags & 1) ? 16 : 0));
  const Bytes rec = copy(in.rest());
  if (key.size() != key_len || ad.size() != ad_len) return 0;
  auto k = aeskit::AeadKey::create(*t.alg, key);
  FUZZ_REQUIRE(k.ok());
  const std::size_t tl = k->tag_length();
  FUZZ_REQUIRE(tl == t.mac_key);
  const bool nonce_ok = nonce.size() == 16 || (t.implicit && nonce.empty());
  const ByteSpan iv = nonce.empty() ? ByteSpan(key).last(16) : ByteSpan(nonce);

  // Open.
  const bool in_place = flags & 2;
  Bytes buf(rec.size() + 16, kFill);
  if (in_place) put(buf.data(), rec.data(), rec.size());
  const Bytes before = buf;
  const ByteSpan src = in_place ? ByteSpan(buf.data(), rec.size()) : ByteSpan(rec);
  auto r = k->open(nonce, ad, src, std::span(buf).first(rec.size()));
  Bytes want;
  const bool model = nonce_ok && model_open(t, key, iv, ad, rec, want);
  FUZZ_REQUIRE(r.ok() == model);
  if (r.ok()) {
    FUZZ_REQUIRE(*r == want.size() && same(ByteSpan(buf.data(), *r), want));
  } else if (r.code() == aeskit::Errc::authentication_failed) {
    const std::size_t min_record = (tl + 1 + 15) / 16 * 16;
    if (rec.size() >= min_record)
      FUZZ_REQUIRE(all_zero(buf.data(), rec.size()));
    else
      FUZZ_REQUIRE(std::equal(buf.begin(), buf.end(), before.begin()) ||
                   all_zero(buf.data(), rec.size()));
  } else {
    FUZZ_REQUIRE(buf == before);
    FUZZ_REQUIRE(r.code() ==
                 (nonce_ok ? aeskit::Errc::bad_ad_length : aeskit::Errc::bad_nonce_length));
  }
  FUZZ_REQUIRE(std::equal(buf.begin() + static_cast<std::ptrdiff_t>(rec.size()), buf.end(),
                          before.begin() + static_cast<std::ptrdiff_t>(rec.size())));

  // Seal the same bytes as a plaintext (11-byte AD only).
  if (!nonce_ok || ad.size() != 11 || rec.size() > t.alg->max_plaintext()) return 0;
  Bytes sealed((rec.size() + tl) / 16 * 16 + 16 + 16, kFill);
  auto s = k->seal(nonce, ad, rec, sealed);
  FUZZ_REQUIRE(s.ok() && *s == sealed.size() - 16);
  sealed.resize(*s);
  FUZZ_REQUIRE(sealed == model_seal(t, key, iv, ad, rec));
  Bytes back(sealed.size(), 0);
  auto o = k->open(nonce, ad, sealed, back);
  FUZZ_REQUIRE(o.ok() && *o == rec.size() && same(ByteSpan(back.data(), *o), rec));
  return 0;
}
