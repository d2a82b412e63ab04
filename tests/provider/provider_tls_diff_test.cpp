// provider_tls_diff_test.cpp — differential test of the aeskit provider's TLS record paths
// against OpenSSL's default provider, the way libssl drives them (ssl/record in OpenSSL
// 3.0): AES-{128,192,256}-GCM with tls1-aad / tls1-iv-fixed / tls1-get-iv-gen /
// tls1-set-iv-inv and records sealed and opened in place by one update or EVP_Cipher
// (random lengths, bad AAD lengths, damaged records, copies, parameter reads between
// records); AES-{128,256}-CCM with 16- and 8-byte tags (CCM8) the same way, with tls1-aad
// and tls1-iv-fixed (the explicit nonce is the record's sequence number); and the stitched
// AES-{128,256}-CBC-HMAC-SHA{1,256} ciphers (mackey, tls-version, tls1-aad, records with bad
// padding and bad MACs), skipped (and reported so) where the default provider lacks them (it offers
// them only on x86-64 with AES-NI); and AES-CBC/ECB records (tls-version, tls-mac-size: padding
// added, or checked and taken off with the MAC handed out through tls-mac). Every return value,
// length, output byte and parameter must agree (a MAC behind a bad padding is random on both sides:
// not compared).
//
// Environment: AESKIT_PROVIDER_SEQUENCES (sequences per cipher, default 1000), AESKIT_TEST_SEED,
// AESKIT_PROVIDER_TRACE. argv[1]: the folder holding aeskit.so.
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/prov_ssl.h>

#include <cstring>

#include "diff_support.hpp"

namespace {

using diff::Bytes;
using diff::Rng;

struct Cipher {
  std::string name;
  std::size_t keylen = 0;
  EVP_CIPHER* ours = nullptr;
  EVP_CIPHER* theirs = nullptr;
};

// One context per provider, driven in lockstep.
struct Pair {
  EVP_CIPHER_CTX* a = EVP_CIPHER_CTX_new();  // aeskit
  EVP_CIPHER_CTX* d = EVP_CIPHER_CTX_new();  // default
  Pair() = default;
  Pair(const Pair&) = delete;
  Pair& operator=(const Pair&) = delete;
  ~Pair() {
    EVP_CIPHER_CTX_free(a);
    EVP_CIPHER_CTX_free(d);
  }
  // A ctrl on both; the return values must agree, and are returned.
  int ctrl(int type, int arg, void* pa, void* pd) {
    const int ra = EVP_CIPHER_CTX_ctrl(a, type, arg, pa);
    const int rd = EVP_CIPHER_CTX_ctrl(d, type, arg, pd);
    CHECK(ra == rd);
    if (diff::g_trace && ra != rd)
      std::fprintf(stderr, "  ctrl %d arg %d: aeskit %d default %d\n", type, arg, ra, rd);
    return rd;
  }
  // EVP_CIPHER_CTX_copy of both; on success, continue on the copies half of the time.
  void copy(Rng& rng) {
    EVP_CIPHER_CTX* na = EVP_CIPHER_CTX_new();
    EVP_CIPHER_CTX* nd = EVP_CIPHER_CTX_new();
    const int ra = EVP_CIPHER_CTX_copy(na, a), rd = EVP_CIPHER_CTX_copy(nd, d);
    CHECK(ra == rd);
    if (ra == 1 && rd == 1 && rng.coin()) {
      std::swap(na, a);
      std::swap(nd, d);
    }
    EVP_CIPHER_CTX_free(na);
    EVP_CIPHER_CTX_free(nd);
  }
};

long g_records_ok = 0, g_records_failed = 0, g_opens_ok = 0, g_opens_failed = 0;

// One record through both contexts of `p`, in place: update or EVP_Cipher (or, rarely, not
// in place: refused). Returns the agreed return value; `rec` becomes the default's output
// (the two outputs must be equal).
int record_both(Pair& p, Bytes& rec, Rng& rng, std::size_t* outl_out) {
  Bytes ra_buf = rec, rd_buf = rec;
  int ra, rd;
  std::size_t la = 0, ld = 0;
  const int how = static_cast<int>(rng.below(12));
  if (how < 7) {  // EVP_CipherUpdate in place (what libssl 3.0 calls)
    int oa = -5, od = -5;
    ra = EVP_CipherUpdate(p.a, ra_buf.data(), &oa, ra_buf.data(), static_cast<int>(rec.size()));
    rd = EVP_CipherUpdate(p.d, rd_buf.data(), &od, rd_buf.data(), static_cast<int>(rec.size()));
    CHECK(oa == od);
    la = static_cast<std::size_t>(oa < 0 ? 0 : oa);
    ld = static_cast<std::size_t>(od < 0 ? 0 : od);
  } else if (how < 11) {  // EVP_Cipher in place: returns the length or -1
    ra = EVP_Cipher(p.a, ra_buf.data(), ra_buf.data(), static_cast<unsigned int>(rec.size()));
    rd = EVP_Cipher(p.d, rd_buf.data(), rd_buf.data(), static_cast<unsigned int>(rec.size()));
    la = ld = ra > 0 ? static_cast<std::size_t>(ra) : 0;
  } else {  // not in place: GCM refuses (and disarms the record); CBC-HMAC takes it
    Bytes oa(rec.size() + 16), od(rec.size() + 16);
    int na = -5, nd = -5;
    ra = EVP_CipherUpdate(p.a, oa.data(), &na, ra_buf.data(), static_cast<int>(rec.size()));
    rd = EVP_CipherUpdate(p.d, od.data(), &nd, rd_buf.data(), static_cast<int>(rec.size()));
    CHECK(na == nd);
    la = static_cast<std::size_t>(na < 0 ? 0 : na);
    ld = static_cast<std::size_t>(nd < 0 ? 0 : nd);
    if (rd > 0) {
      oa.resize(rec.size());
      od.resize(rec.size());
      ra_buf = oa;
      rd_buf = od;
    }
  }
  CHECK(ra == rd);
  CHECK(la == ld);
  CHECK(ra_buf == rd_buf);
  if (diff::g_trace && (ra != rd || ra_buf != rd_buf))
    std::fprintf(stderr, "  record %zu bytes how %d: aeskit %d/%zu default %d/%zu same %d\n",
                 rec.size(), how, ra, la, rd, ld, ra_buf == rd_buf);
  rec = rd_buf;
  *outl_out = ld;
  return rd;
}

Bytes tls_aad(std::uint64_t seq, unsigned char type, unsigned int version, std::size_t len) {
  Bytes aad(13);
  for (int i = 0; i < 8; ++i)
    aad[static_cast<std::size_t>(i)] = static_cast<unsigned char>(seq >> (56 - 8 * i));
  aad[8] = type;
  aad[9] = static_cast<unsigned char>(version >> 8);
  aad[10] = static_cast<unsigned char>(version);
  aad[11] = static_cast<unsigned char>(len >> 8);
  aad[12] = static_cast<unsigned char>(len);
  return aad;
}

// Reads iv, updated-iv, tlsaadpad, the tag (16 bytes) and the tag length from both.
void compare_params(Pair& p) {
  for (const char* name :
       {OSSL_CIPHER_PARAM_IV, OSSL_CIPHER_PARAM_UPDATED_IV, OSSL_CIPHER_PARAM_AEAD_TAG}) {
    unsigned char va[16] = {}, vd[16] = {};
    const std::size_t n = std::strcmp(name, OSSL_CIPHER_PARAM_AEAD_TAG) == 0 ? 16 : 12;
    OSSL_PARAM pa[2] = {OSSL_PARAM_construct_octet_string(name, va, n), OSSL_PARAM_construct_end()};
    OSSL_PARAM pd[2] = {OSSL_PARAM_construct_octet_string(name, vd, n), OSSL_PARAM_construct_end()};
    const int ra = EVP_CIPHER_CTX_get_params(p.a, pa), rd = EVP_CIPHER_CTX_get_params(p.d, pd);
    CHECK(ra == rd);
    CHECK(std::memcmp(va, vd, sizeof va) == 0);
    if (diff::g_trace && (ra != rd || std::memcmp(va, vd, sizeof va) != 0))
      std::fprintf(stderr, "  param %s: aeskit %d default %d\n", name, ra, rd);
  }
  std::size_t pad_a = 7, pad_d = 7, tl_a = 7, tl_d = 7;
  OSSL_PARAM pa[3] = {OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD, &pad_a),
                      OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_AEAD_TAGLEN, &tl_a),
                      OSSL_PARAM_construct_end()};
  OSSL_PARAM pd[3] = {OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD, &pad_d),
                      OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_AEAD_TAGLEN, &tl_d),
                      OSSL_PARAM_construct_end()};
  CHECK(EVP_CIPHER_CTX_get_params(p.a, pa) == EVP_CIPHER_CTX_get_params(p.d, pd));
  CHECK(pad_a == pad_d && tl_a == tl_d);
}

// --- AES-GCM TLS 1.2 records -------------------------------------------------------------

void gcm_sequence(Cipher& c, Rng& rng) {
  Pair enc, dec;
  Bytes key = rng.bytes(c.keylen);
  diff::g_where = c.name + " TLS init";
  CHECK(EVP_CipherInit_ex2(enc.a, c.ours, key.data(), nullptr, 1, nullptr) ==
        EVP_CipherInit_ex2(enc.d, c.theirs, key.data(), nullptr, 1, nullptr));
  CHECK(EVP_CipherInit_ex2(dec.a, c.ours, key.data(), nullptr, 0, nullptr) ==
        EVP_CipherInit_ex2(dec.d, c.theirs, key.data(), nullptr, 0, nullptr));
  // The implicit IV: 4 bytes (libssl's call; when encrypting, the invocation field is then
  // random, so the default's IV is read and set on both as a whole IV, length -1), or the
  // whole IV directly; now and then a length that both refuse.
  Bytes fixed = rng.bytes(4);
  if (rng.coin(8)) {
    // Not longer than the IV: OpenSSL 3.0 then accepts it and, when encrypting, writes
    // random bytes far past its IV (docs/openssl-provider.md); aeskit refuses.
    const int bad = rng.coin() ? 3 : static_cast<int>(5 + rng.below(8));
    Bytes junk = rng.bytes(16);
    enc.ctrl(EVP_CTRL_GCM_SET_IV_FIXED, bad, junk.data(), junk.data());
    dec.ctrl(EVP_CTRL_GCM_SET_IV_FIXED, bad, junk.data(), junk.data());
  }
  if (rng.coin()) {
    if (enc.ctrl(EVP_CTRL_GCM_SET_IV_FIXED, 4, fixed.data(), fixed.data()) > 0) {
      unsigned char iv[12] = {};
      OSSL_PARAM ps[2] = {OSSL_PARAM_construct_octet_string(OSSL_CIPHER_PARAM_IV, iv, 12),
                          OSSL_PARAM_construct_end()};
      CHECK(EVP_CIPHER_CTX_get_params(enc.d, ps) == 1);
      CHECK(std::memcmp(iv, fixed.data(), 4) == 0);
      enc.ctrl(EVP_CTRL_GCM_SET_IV_FIXED, -1, iv, iv);
    }
  } else {
    Bytes whole = fixed;
    Bytes inv = rng.bytes(8);
    if (rng.coin(4))  // an invocation field about to carry or wrap
      for (std::size_t i = rng.below(8); i < 8; ++i) inv[i] = 0xff;
    whole.insert(whole.end(), inv.begin(), inv.end());
    enc.ctrl(EVP_CTRL_GCM_SET_IV_FIXED, -1, whole.data(), whole.data());
  }
  dec.ctrl(EVP_CTRL_GCM_SET_IV_FIXED, 4, fixed.data(), fixed.data());

  std::uint64_t seq = rng.g();
  const std::size_t steps = 1 + rng.below(10);
  for (std::size_t step = 0; step < steps; ++step) {
    diff::g_where = c.name + " TLS step " + std::to_string(step);
    const std::size_t op = rng.below(16);
    if (op == 0) {
      compare_params(enc);
      compare_params(dec);
      continue;
    }
    if (op == 1) {
      (rng.coin() ? enc : dec).copy(rng);
      continue;
    }
    if (op == 2) {  // tlsivgen on its own, any length; the next record then starts afresh
      unsigned char ga[16] = {}, gd[16] = {};
      const int len = static_cast<int>(rng.below(15));
      Pair& p = rng.coin(4) ? dec : enc;
      p.ctrl(EVP_CTRL_GCM_IV_GEN, len, ga, gd);
      CHECK(std::memcmp(ga, gd, sizeof ga) == 0);
      continue;
    }
    if (op == 3) {  // tlsivinv on its own (refused when encrypting)
      Bytes inv = rng.bytes(8);
      const int len = static_cast<int>(rng.below(9));
      (rng.coin(4) ? enc : dec).ctrl(EVP_CTRL_GCM_SET_IV_INV, len, inv.data(), inv.data());
      continue;
    }
    // A record: plaintext of any length up to 2^14 + a little.
    std::size_t plen = rng.coin(10) ? rng.below(17000) : rng.piece();
    const unsigned char type = static_cast<unsigned char>(rng.coin(4) ? 21 : 23);
    std::size_t hdr_len = plen + 8;
    if (rng.coin(25)) hdr_len = rng.below(30);  // too short for an explicit IV (and tag)
    Bytes aad = tls_aad(seq, type, TLS1_2_VERSION, hdr_len);
    int aad_len = 13;
    if (rng.coin(30)) aad_len = rng.coin() ? 12 : 14;
    Bytes aad_d = aad;
    aad_d.resize(14);
    aad.resize(14);
    const int pad = enc.ctrl(EVP_CTRL_AEAD_TLS1_AAD, aad_len, aad.data(), aad_d.data());
    Bytes payload = rng.bytes(plen);
    Bytes rec(8 + plen + 16, 0);
    if (plen != 0) std::memcpy(rec.data() + 8, payload.data(), plen);  // empty: data() may be null
    if (rng.coin(30)) rec.resize(rng.below(24));  // shorter than explicit IV + tag
    if (op == 4 && rng.coin()) {
      // A final instead of the record: fails (and disarms it) on both.
      unsigned char oa[32], od[32];
      int la = -5, ld = -5;
      CHECK(EVP_CipherFinal_ex(enc.a, oa, &la) == EVP_CipherFinal_ex(enc.d, od, &ld));
      CHECK(la == ld);
      continue;
    }
    std::size_t outl = 0;
    const int rc = record_both(enc, rec, rng, &outl);
    (rc > 0 ? g_records_ok : g_records_failed)++;
    // (An empty update succeeds without touching the record: nothing to open then.)
    if (rc <= 0 || pad <= 0 || rec.size() < 24) continue;
    ++seq;
    // Open it (maybe damaged) on the decrypting side, with the AAD of the received record.
    Bytes got = rec;
    Bytes dad = tls_aad(seq - 1, type, TLS1_2_VERSION, got.size());
    const std::size_t damage = rng.below(8);
    if (damage == 0) got[rng.below(got.size())] ^= static_cast<unsigned char>(1 + rng.below(255));
    if (damage == 1) dad[rng.below(11)] ^= 0x40;
    if (damage == 2 && rng.coin()) dad = tls_aad(seq - 1, type, TLS1_2_VERSION, rng.below(30));
    Bytes dad_d = dad;
    dec.ctrl(EVP_CTRL_AEAD_TLS1_AAD, 13, dad.data(), dad_d.data());
    std::size_t dl = 0;
    const int drc = record_both(dec, got, rng, &dl);
    (drc > 0 ? g_opens_ok : g_opens_failed)++;
    if (diff::g_trace)
      std::fprintf(stderr, "  opened %zu-byte record (plen %zu, damage %zu): %d, %zu\n", got.size(),
                   plen, damage, drc, dl);
    if (drc > 0 && damage > 2) {
      CHECK(dl == plen || dl == got.size());  // update: the payload; EVP_Cipher: the input
      CHECK(plen == 0 || std::memcmp(got.data() + 8, payload.data(), plen) == 0);
    }
  }
}

// --- AES-CCM TLS 1.2 records (RFC 6655) --------------------------------------------------

struct CcmCipher {
  Cipher c;
  std::size_t taglen = 16;  // 8: the CCM8 suites
};

long g_ccm_sealed = 0, g_ccm_seal_failed = 0, g_ccm_opened = 0, g_ccm_open_failed = 0;

// libssl's setup (tls1_change_cipher_state): direction, IV length 12, tag length, the 4-byte
// fixed nonce (now and then a length both refuse), then the key. Now and then the order
// differs: the key first.
void ccm_setup(Pair& p, CcmCipher& cc, const Bytes& key, const Bytes& fixed, int enc, Rng& rng) {
  CHECK(EVP_CipherInit_ex2(p.a, cc.c.ours, nullptr, nullptr, enc, nullptr) ==
        EVP_CipherInit_ex2(p.d, cc.c.theirs, nullptr, nullptr, enc, nullptr));
  const bool key_first = rng.coin(10);
  if (key_first)
    CHECK(EVP_CipherInit_ex2(p.a, nullptr, key.data(), nullptr, -1, nullptr) ==
          EVP_CipherInit_ex2(p.d, nullptr, key.data(), nullptr, -1, nullptr));
  p.ctrl(EVP_CTRL_AEAD_SET_IVLEN, 12, nullptr, nullptr);
  p.ctrl(EVP_CTRL_AEAD_SET_TAG, static_cast<int>(cc.taglen), nullptr, nullptr);
  Bytes junk = rng.bytes(16), junk_d = junk;
  if (rng.coin(10))
    p.ctrl(EVP_CTRL_CCM_SET_IV_FIXED, rng.coin() ? 3 : static_cast<int>(5 + rng.below(8)),
           junk.data(), junk_d.data());
  Bytes fa = fixed, fd = fixed;
  p.ctrl(EVP_CTRL_CCM_SET_IV_FIXED, 4, fa.data(), fd.data());
  CHECK(EVP_CipherInit_ex2(p.a, nullptr, key.data(), nullptr, -1, nullptr) ==
        EVP_CipherInit_ex2(p.d, nullptr, key.data(), nullptr, -1, nullptr));
}

void ccm_sequence(CcmCipher& cc, Rng& rng) {
  Pair enc, dec;
  Bytes key = rng.bytes(cc.c.keylen);
  Bytes fixed = rng.bytes(4);
  diff::g_where = cc.c.name + "/" + std::to_string(cc.taglen) + " TLS init";
  ccm_setup(enc, cc, key, fixed, 1, rng);
  ccm_setup(dec, cc, key, fixed, 0, rng);
  std::uint64_t seq = rng.coin(8) ? ~std::uint64_t{0} - rng.below(3) : rng.g();
  const std::size_t steps = 1 + rng.below(10);
  for (std::size_t step = 0; step < steps; ++step) {
    diff::g_where =
        cc.c.name + "/" + std::to_string(cc.taglen) + " TLS step " + std::to_string(step);
    const std::size_t op = rng.below(16);
    if (op == 0) {
      compare_params(enc);
      compare_params(dec);
      continue;
    }
    if (op == 1) {
      (rng.coin() ? enc : dec).copy(rng);
      continue;
    }
    if (op == 2 && rng.coin()) {  // the key again (libssl does not; the record mode stays)
      Pair& p = rng.coin() ? enc : dec;
      CHECK(EVP_CipherInit_ex2(p.a, nullptr, key.data(), nullptr, -1, nullptr) ==
            EVP_CipherInit_ex2(p.d, nullptr, key.data(), nullptr, -1, nullptr));
      continue;
    }
    if (op == 3 && rng.coin()) {  // a final instead of a record
      Pair& p = rng.coin() ? enc : dec;
      unsigned char oa[32], od[32];
      int la = -5, ld = -5;
      CHECK(EVP_CipherFinal_ex(p.a, oa, &la) == EVP_CipherFinal_ex(p.d, od, &ld));
      CHECK(la == ld);
      continue;
    }
    // A record: plaintext of 0..2000 bytes.
    const std::size_t plen = rng.coin(4) ? rng.below(2001) : rng.piece() % 2001;
    const unsigned char type = static_cast<unsigned char>(rng.coin(4) ? 21 : 23);
    std::size_t hdr_len = plen + 8;
    if (rng.coin(25)) hdr_len = rng.below(30);  // too short for an explicit nonce (and tag)
    Bytes aad = tls_aad(seq, type, TLS1_2_VERSION, hdr_len);
    int aad_len = 13;
    if (rng.coin(30)) aad_len = rng.coin() ? 12 : 14;
    aad.resize(14);
    Bytes aad_d = aad;
    // Now and then no tls1-aad before a record: the last one (never disarmed) is used again.
    const bool stale_aad = step > 0 && rng.coin(20);
    const int pad =
        stale_aad ? 0 : enc.ctrl(EVP_CTRL_AEAD_TLS1_AAD, aad_len, aad.data(), aad_d.data());
    Bytes payload = rng.bytes(plen);
    Bytes rec(8 + plen + cc.taglen, 0);
    if (plen != 0) std::memcpy(rec.data() + 8, payload.data(), plen);
    if (rng.coin(30)) rec.resize(rng.below(8 + cc.taglen));  // shorter than nonce + tag
    std::size_t outl = 0;
    const int rc = record_both(enc, rec, rng, &outl);
    (rc > 0 ? g_ccm_sealed : g_ccm_seal_failed)++;
    if (rc <= 0 || pad <= 0 || rec.size() < 8 + cc.taglen) continue;
    ++seq;
    CHECK(std::memcmp(rec.data(), aad.data(), 8) == 0);  // the explicit nonce: the sequence
    // Open it (maybe damaged: the record, its tag, the AAD, or a record cut short) with the
    // AAD of the received record.
    Bytes got = rec;
    const std::size_t damage = rng.below(10);
    if (damage == 0) got[rng.below(got.size())] ^= static_cast<unsigned char>(1 + rng.below(255));
    if (damage == 1) got[got.size() - 1 - rng.below(cc.taglen)] ^= 0x80;  // the tag
    if (damage == 2) got.resize(rng.below(got.size()));                   // truncated
    Bytes dad = tls_aad(seq - 1, type, TLS1_2_VERSION, got.size());
    if (damage == 3) dad[rng.below(11)] ^= 0x40;
    if (damage == 4) {  // a length field other than the one sealed (hdr_len - 8)
      std::size_t bad = got.size() + 1 + rng.below(30);
      if (bad == hdr_len + cc.taglen) ++bad;
      dad = tls_aad(seq - 1, type, TLS1_2_VERSION, bad);
    }
    Bytes dad_d = dad;
    dec.ctrl(EVP_CTRL_AEAD_TLS1_AAD, 13, dad.data(), dad_d.data());
    if (damage == 5 && rng.coin()) {  // a tag set now lands in the buffer holding the AAD
      Bytes t = rng.bytes(cc.taglen), td = t;
      dec.ctrl(EVP_CTRL_AEAD_SET_TAG, static_cast<int>(cc.taglen), t.data(), td.data());
    }
    std::size_t dl = 0;
    const int drc = record_both(dec, got, rng, &dl);
    (drc > 0 ? g_ccm_opened : g_ccm_open_failed)++;
    if (diff::g_trace)
      std::fprintf(stderr, "  opened %zu-byte record (plen %zu, damage %zu): %d, %zu\n", got.size(),
                   plen, damage, drc, dl);
    if (damage < 5) CHECK(drc <= 0);
    if (drc > 0) {
      CHECK(dl == plen || dl == got.size());  // update: the payload; EVP_Cipher: the input
      CHECK(plen == 0 || std::memcmp(got.data() + 8, payload.data(), plen) == 0);
    }
  }
}

// --- AES-CBC-HMAC-SHA1/SHA256 (stitched) TLS records ----------------------------------

struct CbcHmac {
  Cipher c;
  const EVP_MD* md = nullptr;
  std::size_t maclen = 0;
  EVP_CIPHER* cbc = nullptr;  // the default's plain AES-CBC: crafted records
};

long g_cbc_sealed = 0, g_cbc_seal_failed = 0, g_cbc_opened = 0, g_cbc_open_failed = 0;
long g_cbc_bad_pad = 0, g_cbc_bad_mac = 0, g_cbc_long_pad = 0;

Bytes hmac(const EVP_MD* md, const Bytes& key, const Bytes& data) {
  Bytes out(EVP_MAX_MD_SIZE);
  unsigned int n = 0;
  HMAC(md, key.data(), static_cast<int>(key.size()), data.data(), data.size(), out.data(), &n);
  out.resize(n);
  return out;
}

// A record built by hand: payload || MAC || padding of `padlen` + 1 bytes, with the MAC or
// one padding byte damaged on request, CBC-encrypted under `iv` (and, from TLS 1.1, preceded
// by that IV as the explicit IV).
Bytes craft_record(CbcHmac& h, const Bytes& key, const Bytes& mackey, const Bytes& aad11,
                   const Bytes& payload, std::size_t padlen, int damage, const unsigned char* iv,
                   bool explicit_iv) {
  Bytes header = aad11;
  header.push_back(static_cast<unsigned char>(payload.size() >> 8));
  header.push_back(static_cast<unsigned char>(payload.size()));
  header.insert(header.end(), payload.begin(), payload.end());
  Bytes body = payload;
  Bytes mac = hmac(h.md, mackey, header);
  if (damage == 1) mac[mac.size() / 2] ^= 0x01;
  body.insert(body.end(), mac.begin(), mac.end());
  for (std::size_t i = 0; i <= padlen; ++i) body.push_back(static_cast<unsigned char>(padlen));
  if (damage == 2) body[body.size() - 1 - (padlen == 0 ? 0 : 1 + padlen / 2)] ^= 0x10;
  Bytes out(body.size());
  EVP_CIPHER_CTX* e = EVP_CIPHER_CTX_new();
  int n = 0;
  CHECK(EVP_EncryptInit_ex2(e, h.cbc, key.data(), iv, nullptr) == 1);
  EVP_CIPHER_CTX_set_padding(e, 0);
  CHECK(EVP_EncryptUpdate(e, out.data(), &n, body.data(), static_cast<int>(body.size())) == 1);
  EVP_CIPHER_CTX_free(e);
  if (!explicit_iv) return out;
  Bytes rec(iv, iv + 16);
  rec.insert(rec.end(), out.begin(), out.end());
  return rec;
}

void set_mac_key_and_version(Pair& p, Bytes& mackey, int tlsver) {
  p.ctrl(EVP_CTRL_AEAD_SET_MAC_KEY, static_cast<int>(mackey.size()), mackey.data(), mackey.data());
  if (tlsver != 0) {
    OSSL_PARAM ps[2] = {OSSL_PARAM_construct_int(OSSL_CIPHER_PARAM_TLS_VERSION, &tlsver),
                        OSSL_PARAM_construct_end()};
    CHECK(EVP_CIPHER_CTX_set_params(p.a, ps) == EVP_CIPHER_CTX_set_params(p.d, ps));
  }
}

void compare_cbc_params(Pair& p) {
  unsigned char ia[16], id[16], ua[16], ud[16];
  std::size_t pad_a = 7, pad_d = 7, kl_a = 7, kl_d = 7, il_a = 7, il_d = 7;
  auto read = [](EVP_CIPHER_CTX* ctx, unsigned char* iv, unsigned char* uiv, std::size_t* pad,
                 std::size_t* kl, std::size_t* il) {
    OSSL_PARAM ps[6] = {OSSL_PARAM_construct_octet_string(OSSL_CIPHER_PARAM_IV, iv, 16),
                        OSSL_PARAM_construct_octet_string(OSSL_CIPHER_PARAM_UPDATED_IV, uiv, 16),
                        OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD, pad),
                        OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_KEYLEN, kl),
                        OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_IVLEN, il),
                        OSSL_PARAM_construct_end()};
    return EVP_CIPHER_CTX_get_params(ctx, ps);
  };
  CHECK(read(p.a, ia, ua, &pad_a, &kl_a, &il_a) == read(p.d, id, ud, &pad_d, &kl_d, &il_d));
  CHECK(std::memcmp(ia, id, 16) == 0 && std::memcmp(ua, ud, 16) == 0);
  CHECK(pad_a == pad_d && kl_a == kl_d && il_a == il_d);
}

void cbc_hmac_sequence(CbcHmac& h, Rng& rng) {
  Cipher& c = h.c;
  Pair enc, dec;
  Bytes key = rng.bytes(c.keylen), mackey = rng.bytes(h.maclen), iv = rng.bytes(16);
  // The record version, and the tls-version parameter (mostly the same, sometimes unset).
  const unsigned int versions[] = {TLS1_VERSION, TLS1_1_VERSION, TLS1_2_VERSION};
  const unsigned int ver = versions[rng.below(3)];
  const int param_ver = rng.coin(4) ? 0 : static_cast<int>(ver);
  const bool explicit_iv = ver >= TLS1_1_VERSION;
  diff::g_where = c.name + " init";
  CHECK(EVP_CipherInit_ex2(enc.a, c.ours, key.data(), iv.data(), 1, nullptr) ==
        EVP_CipherInit_ex2(enc.d, c.theirs, key.data(), iv.data(), 1, nullptr));
  CHECK(EVP_CipherInit_ex2(dec.a, c.ours, key.data(), iv.data(), 0, nullptr) ==
        EVP_CipherInit_ex2(dec.d, c.theirs, key.data(), iv.data(), 0, nullptr));
  set_mac_key_and_version(enc, mackey, param_ver);
  set_mac_key_and_version(dec, mackey, param_ver);
  std::uint64_t seq = rng.g();
  const std::size_t steps = 1 + rng.below(10);
  for (std::size_t step = 0; step < steps; ++step) {
    diff::g_where = c.name + " step " + std::to_string(step);
    const std::size_t op = rng.below(14);
    if (op == 0) {
      compare_cbc_params(rng.coin() ? enc : dec);
      continue;
    }
    if (op == 1) {
      (rng.coin() ? enc : dec).copy(rng);
      continue;
    }
    if (op == 2) {  // plain CBC outside a record (whole blocks or not), or a final
      Pair& p = rng.coin() ? enc : dec;
      if (rng.coin(4)) {
        unsigned char oa[32], od[32];
        int la = -5, ld = -5;
        CHECK(EVP_CipherFinal_ex(p.a, oa, &la) == EVP_CipherFinal_ex(p.d, od, &ld));
        CHECK(la == ld);
        continue;
      }
      Bytes data = rng.bytes(rng.coin(6) ? rng.below(100) : 16 * rng.below(20));
      std::size_t outl = 0;
      record_both(p, data, rng, &outl);
      continue;
    }
    if (op == 3) {  // re-init without key (the MAC key stays) and with the first IV
      Pair& p = rng.coin() ? enc : dec;
      const int dir = &p == &enc ? 1 : 0;
      CHECK(EVP_CipherInit_ex2(p.a, nullptr, nullptr, nullptr, dir, nullptr) ==
            EVP_CipherInit_ex2(p.d, nullptr, nullptr, nullptr, dir, nullptr));
      continue;
    }
    // A record of the sealing side (the default's output), or a crafted one, then opened.
    const unsigned char type = static_cast<unsigned char>(rng.coin(4) ? 22 : 23);
    const std::size_t plen = rng.coin(10) ? rng.below(16400) : rng.piece();
    Bytes payload = rng.bytes(plen);
    Bytes aad11 = tls_aad(seq, type, ver, 0);
    aad11.resize(11);
    Bytes rec;
    int crafted = -1;
    if (op < 11) {
      Bytes aad = tls_aad(seq, type, ver, plen + (explicit_iv ? 16 : 0));
      aad.resize(16, 0xee);  // room: is anything written past the 13 bytes?
      Bytes aad_d = aad;
      const int pad = enc.ctrl(EVP_CTRL_AEAD_TLS1_AAD, 13, aad.data(), aad_d.data());
      CHECK(aad == aad_d);  // the default rewrites the length in the caller's AAD; so do we
      if (pad <= 0) continue;
      const std::size_t off = explicit_iv ? 16 : 0;
      rec = rng.bytes(off);  // the explicit IV block (random, as libssl writes it)
      rec.insert(rec.end(), payload.begin(), payload.end());
      rec.resize(off + plen + static_cast<std::size_t>(pad), 0);
      if (rng.coin(25)) rec.resize(rec.size() + (rng.coin() ? 16 : 1));  // a wrong length
      std::size_t outl = 0;
      const int rc = record_both(enc, rec, rng, &outl);
      (rc > 0 ? g_cbc_sealed : g_cbc_seal_failed)++;
      if (rc <= 0) continue;
    } else {
      // Crafted: a long valid padding, or a bad padding byte, or a bad MAC.
      crafted = static_cast<int>(rng.below(3));
      const std::size_t minpad = 15 - (plen + h.maclen) % 16;
      std::size_t padlen = minpad + 16 * rng.below(16 - minpad / 16);
      if (padlen > 255) padlen = minpad;
      unsigned char civ[16];
      if (explicit_iv) {
        Bytes r = rng.bytes(16);
        std::memcpy(civ, r.data(), 16);
      } else {
        OSSL_PARAM ps[2] = {
            OSSL_PARAM_construct_octet_string(OSSL_CIPHER_PARAM_UPDATED_IV, civ, 16),
            OSSL_PARAM_construct_end()};
        CHECK(EVP_CIPHER_CTX_get_params(dec.d, ps) == 1);
      }
      rec = craft_record(h, key, mackey, aad11, payload, padlen, crafted, civ, explicit_iv);
      (crafted == 0 ? g_cbc_long_pad : crafted == 1 ? g_cbc_bad_mac : g_cbc_bad_pad)++;
    }
    ++seq;
    bool intact = crafted <= 0;
    if (crafted < 0 && rng.coin(6)) {  // damaged in transit
      rec[rng.below(rec.size())] ^= 0x20;
      intact = false;
    }
    Bytes dad = tls_aad(seq - 1, type, ver, rec.size());
    if (rng.coin(30)) {
      dad[rng.below(11)] ^= 0x02;
      intact = false;
    }
    Bytes dad_d = dad;
    if (dec.ctrl(EVP_CTRL_AEAD_TLS1_AAD, 13, dad.data(), dad_d.data()) <= 0) continue;
    // Equal outputs when the record opens; when it fails aeskit has zeroed what the
    // default leaves decrypted (docs/openssl-provider.md), so only the verdicts compare.
    Bytes ra = rec, rd = rec;
    int oa = -5, od = -5, va, vd;
    const bool use_update = rng.coin(4) != 0;
    if (use_update) {
      va = EVP_CipherUpdate(dec.a, ra.data(), &oa, ra.data(), static_cast<int>(rec.size()));
      vd = EVP_CipherUpdate(dec.d, rd.data(), &od, rd.data(), static_cast<int>(rec.size()));
    } else {
      va = EVP_Cipher(dec.a, ra.data(), ra.data(), static_cast<unsigned int>(rec.size()));
      vd = EVP_Cipher(dec.d, rd.data(), rd.data(), static_cast<unsigned int>(rec.size()));
    }
    CHECK(va == vd);
    CHECK(oa == od);
    if (diff::g_trace && (va != vd || oa != od || (vd > 0 && ra != rd)))
      std::fprintf(stderr, "  open %zu bytes (plen %zu, crafted %d, update %d): %d/%d vs %d/%d\n",
                   rec.size(), plen, crafted, use_update, va, oa, vd, od);
    if (vd > 0) {
      CHECK(ra == rd);
      if (diff::g_trace && ra != rd) {
        std::size_t first = 0, last = 0;
        for (std::size_t i = 0; i < ra.size(); ++i)
          if (ra[i] != rd[i]) (first == 0 ? first : last) = i, last = i;
        std::fprintf(stderr, "  differ %zu..%zu of %zu (plen %zu): a %02x d %02x\n", first, last,
                     ra.size(), plen, ra[first], rd[first]);
      }
      ++g_cbc_opened;
      if (crafted <= 0 && use_update && param_ver == static_cast<int>(ver))
        CHECK(od == static_cast<int>(plen));
      if (crafted <= 0)
        CHECK(plen == 0 ||  // empty: payload.data() may be null (UBSan)
              std::memcmp(rd.data() + (explicit_iv ? 16 : 0), payload.data(), plen) == 0);
    } else {
      ++g_cbc_open_failed;
      // A record sealed here, undamaged, must open (a default whose seal and open disagree
      // would fail this, and so would aeskit matching it).
      // (TLS 1.1+ only: a TLS 1.0 record also needs both chaining values in step.)
      CHECK(!(intact && explicit_iv &&
              (!use_update || param_ver == 0 || param_ver == static_cast<int>(ver))));
    }
  }
}

// --- AES-CBC (and ECB) TLS records: tls-version, tls-mac-size, tls-mac ----------------

long g_plain_sealed = 0, g_plain_opened = 0, g_plain_failed = 0, g_plain_macs = 0;

// The MAC the last decrypting update handed out (tls-mac, an octet pointer), or empty.
Bytes tls_mac(EVP_CIPHER_CTX* ctx, std::size_t size) {
  void* ptr = nullptr;
  OSSL_PARAM ps[2] = {OSSL_PARAM_construct_octet_ptr(OSSL_CIPHER_PARAM_TLS_MAC, &ptr, size),
                      OSSL_PARAM_construct_end()};
  if (EVP_CIPHER_CTX_get_params(ctx, ps) != 1 || ptr == nullptr) return {};
  const auto* p = static_cast<const unsigned char*>(ptr);
  return Bytes(p, p + size);
}

void cbc_tls_sequence(Cipher& c, Rng& rng) {
  Pair enc, dec;
  Bytes key = rng.bytes(c.keylen), iv = rng.bytes(16);
  const unsigned int versions[] = {SSL3_VERSION, TLS1_VERSION, TLS1_1_VERSION, TLS1_2_VERSION,
                                   DTLS1_2_VERSION};
  unsigned int ver = versions[rng.below(5)];
  const std::size_t macsizes[] = {0, 20, 32, 48};
  std::size_t macsize = macsizes[rng.below(4)];
  diff::g_where = c.name + " TLS init";
  CHECK(EVP_CipherInit_ex2(enc.a, c.ours, key.data(), iv.data(), 1, nullptr) ==
        EVP_CipherInit_ex2(enc.d, c.theirs, key.data(), iv.data(), 1, nullptr));
  CHECK(EVP_CipherInit_ex2(dec.a, c.ours, key.data(), iv.data(), 0, nullptr) ==
        EVP_CipherInit_ex2(dec.d, c.theirs, key.data(), iv.data(), 0, nullptr));
  for (Pair* p : {&enc, &dec}) {
    OSSL_PARAM ps[3] = {OSSL_PARAM_construct_uint(OSSL_CIPHER_PARAM_TLS_VERSION, &ver),
                        OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_TLS_MAC_SIZE, &macsize),
                        OSSL_PARAM_construct_end()};
    CHECK(EVP_CIPHER_CTX_set_params(p->a, ps) == EVP_CIPHER_CTX_set_params(p->d, ps));
  }
  bool opened_with_mac = false;
  const std::size_t steps = 1 + rng.below(10);
  for (std::size_t step = 0; step < steps; ++step) {
    diff::g_where = c.name + " TLS step " + std::to_string(step);
    const std::size_t op = rng.below(12);
    if (op == 0) {
      // Not a decrypting context holding a MAC: OpenSSL 3.0's dupctx copies the pointer to
      // its allocated MAC, and both copies free it (a double free).
      if (rng.coin() || opened_with_mac)
        enc.copy(rng);
      else
        dec.copy(rng);
      continue;
    }
    if (op == 1) {  // a final: TLS records are never finalised
      Pair& p = rng.coin() ? enc : dec;
      unsigned char oa[32], od[32];
      int la = -5, ld = -5;
      CHECK(EVP_CipherFinal_ex(p.a, oa, &la) == EVP_CipherFinal_ex(p.d, od, &ld));
      CHECK(la == ld);
      continue;
    }
    if (op == 2) {  // padding off: records refused
      Pair& p = rng.coin() ? enc : dec;
      const int pad = rng.coin(3) ? 1 : 0;
      CHECK(EVP_CIPHER_CTX_set_padding(p.a, pad) == EVP_CIPHER_CTX_set_padding(p.d, pad));
      continue;
    }
    // A record sealed on one side (explicit IV + payload + MAC, as libssl lays it out), or a
    // random ciphertext (bad padding, most of the time), opened on the other.
    Bytes rec;
    std::size_t outl = 0;
    bool sealed = false;
    if (op < 9) {
      const std::size_t len = rng.coin(10) ? rng.below(17000) : rng.piece();
      rec = rng.bytes(len);
      rec.resize(len + 16, 0);  // room for the padding
      Bytes ra = rec, rd = rec;
      int oa = -5, od = -5;
      const int va = EVP_CipherUpdate(enc.a, ra.data(), &oa, ra.data(), static_cast<int>(len));
      const int vd = EVP_CipherUpdate(enc.d, rd.data(), &od, rd.data(), static_cast<int>(len));
      CHECK(va == vd);
      CHECK(oa == od);
      CHECK(ra == rd);
      if (vd != 1 || od <= 0) continue;
      ++g_plain_sealed;
      rec.assign(rd.begin(), rd.begin() + od);
      sealed = true;
    } else {
      rec = rng.bytes(16 * (1 + rng.below(40)));
      if (rng.coin(8)) rec.resize(rec.size() - 1 - rng.below(15));  // not whole blocks
    }
    if (sealed && rng.coin(8)) rec[rng.below(rec.size())] ^= 0x08;  // damaged: maybe padding
    Bytes ra = rec, rd = rec;
    int oa = -5, od = -5;
    const int va = EVP_CipherUpdate(dec.a, ra.data(), &oa, ra.data(), static_cast<int>(rec.size()));
    const int vd = EVP_CipherUpdate(dec.d, rd.data(), &od, rd.data(), static_cast<int>(rec.size()));
    CHECK(va == vd);
    CHECK(oa == od);
    CHECK(ra == rd);
    if (diff::g_trace && (va != vd || oa != od || ra != rd))
      std::fprintf(stderr, "  open %zu bytes ver %x mac %zu: %d/%d vs %d/%d\n", rec.size(), ver,
                   macsize, va, oa, vd, od);
    (vd == 1 ? g_plain_opened : g_plain_failed)++;
    outl = static_cast<std::size_t>(od < 0 ? 0 : od);
    if (vd == 1 && macsize != 0) {
      Bytes ma = tls_mac(dec.a, macsize), md = tls_mac(dec.d, macsize);
      CHECK(ma.size() == md.size());
      // A good padding hands out the record's MAC (equal on both); a bad one a random MAC.
      const std::size_t off = ver == TLS1_VERSION || ver == SSL3_VERSION ? 0 : 16;
      const bool trimmed = outl + macsize + off < rec.size();  // padding was taken off
      if (trimmed) {
        CHECK(ma == md);
        ++g_plain_macs;
        if (diff::g_trace && ma != md)
          std::fprintf(stderr, "  MAC differs: %zu bytes ver %x mac %zu outl %zu\n", rec.size(),
                       ver, macsize, outl);
      }
      opened_with_mac = true;
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s <folder with aeskit.so> [gcm|ccm|cbc|cbc-hmac]\n", argv[0]);
    return 2;
  }
  const std::string part = argc > 2 ? argv[2] : "";
  const std::uint64_t seed = diff::seed_from_env();
  const std::size_t sequences = diff::sequences_from_env(1000);
  std::printf("seed 0x%llx, %zu sequences per cipher\n", static_cast<unsigned long long>(seed),
              sequences);
  diff::Providers prov;
  if (!prov.load(argv[1])) {
    std::fprintf(stderr, "FAIL: could not load the aeskit and default providers\n");
    return 1;
  }
  Rng rng{std::mt19937_64(seed)};
  const char* only = std::getenv("AESKIT_PROVIDER_ONLY");
  bool nothing_compared = false;  // every CBC-HMAC cipher skipped

  if (part.empty() || part == "gcm") {
    std::vector<Cipher> gcm;
    for (int bits : {128, 192, 256}) {
      Cipher c;
      c.name = "AES-" + std::to_string(bits) + "-GCM";
      c.keylen = static_cast<std::size_t>(bits / 8);
      c.ours = EVP_CIPHER_fetch(prov.lib, c.name.c_str(), "provider=aeskit");
      c.theirs = EVP_CIPHER_fetch(prov.lib, c.name.c_str(), "provider=default");
      diff::g_where = c.name + " fetch";
      CHECK(c.ours != nullptr && c.theirs != nullptr);
      if (c.ours != nullptr && c.theirs != nullptr) gcm.push_back(c);
    }
    const std::uint64_t before = prov.bytes_processed();
    for (auto& c : gcm) {
      if (only != nullptr && c.name != only) continue;
      for (std::size_t i = 0; i < sequences; ++i) gcm_sequence(c, rng);
      std::printf("%-24s %zu TLS sequences\n", c.name.c_str(), sequences);
    }
    std::printf("GCM records: sealed %ld ok / %ld failed, opened %ld ok / %ld failed\n",
                g_records_ok, g_records_failed, g_opens_ok, g_opens_failed);
    if (only == nullptr && sequences >= 100) {
      diff::g_where = "GCM coverage";
      CHECK(g_records_ok > 0 && g_records_failed > 0 && g_opens_ok > 0 && g_opens_failed > 0);
      CHECK(prov.bytes_processed() > before);
    }
    for (auto& c : gcm) {
      EVP_CIPHER_free(c.ours);
      EVP_CIPHER_free(c.theirs);
    }
  }

  if (part.empty() || part == "ccm") {
    std::vector<CcmCipher> ccm;
    for (int bits : {128, 256})
      for (std::size_t taglen : {16, 8}) {
        CcmCipher cc;
        cc.c.name = "AES-" + std::to_string(bits) + "-CCM";
        cc.c.keylen = static_cast<std::size_t>(bits / 8);
        cc.taglen = taglen;
        cc.c.ours = EVP_CIPHER_fetch(prov.lib, cc.c.name.c_str(), "provider=aeskit");
        cc.c.theirs = EVP_CIPHER_fetch(prov.lib, cc.c.name.c_str(), "provider=default");
        diff::g_where = cc.c.name + " fetch";
        CHECK(cc.c.ours != nullptr && cc.c.theirs != nullptr);
        if (cc.c.ours != nullptr && cc.c.theirs != nullptr) ccm.push_back(cc);
      }
    const std::uint64_t before = prov.bytes_processed();
    for (auto& cc : ccm) {
      if (only != nullptr && cc.c.name != only) continue;
      for (std::size_t i = 0; i < sequences; ++i) ccm_sequence(cc, rng);
      std::printf("%-24s %2zu-byte tag: %zu TLS sequences\n", cc.c.name.c_str(), cc.taglen,
                  sequences);
    }
    std::printf("CCM records: sealed %ld ok / %ld failed, opened %ld ok / %ld failed\n",
                g_ccm_sealed, g_ccm_seal_failed, g_ccm_opened, g_ccm_open_failed);
    if (only == nullptr && sequences >= 100) {
      diff::g_where = "CCM coverage";
      CHECK(g_ccm_sealed > 0 && g_ccm_seal_failed > 0 && g_ccm_opened > 0 && g_ccm_open_failed > 0);
      CHECK(prov.bytes_processed() > before);
    }
    for (auto& cc : ccm) {
      EVP_CIPHER_free(cc.c.ours);
      EVP_CIPHER_free(cc.c.theirs);
    }
  }

  if (part.empty() || part == "cbc") {
    std::vector<Cipher> cbc;
    for (const char* mode : {"CBC", "ECB"})
      for (int bits : {128, 192, 256}) {
        Cipher c;
        c.name = "AES-" + std::to_string(bits) + "-" + mode;
        c.keylen = static_cast<std::size_t>(bits / 8);
        c.ours = EVP_CIPHER_fetch(prov.lib, c.name.c_str(), "provider=aeskit");
        c.theirs = EVP_CIPHER_fetch(prov.lib, c.name.c_str(), "provider=default");
        diff::g_where = c.name + " fetch";
        CHECK(c.ours != nullptr && c.theirs != nullptr);
        if (c.ours != nullptr && c.theirs != nullptr) cbc.push_back(c);
      }
    for (auto& c : cbc) {
      if (only != nullptr && c.name != only) continue;
      for (std::size_t i = 0; i < sequences; ++i) cbc_tls_sequence(c, rng);
      std::printf("%-24s %zu TLS sequences\n", c.name.c_str(), sequences);
    }
    std::printf("CBC/ECB records: sealed %ld, opened %ld ok / %ld failed, %ld MACs compared\n",
                g_plain_sealed, g_plain_opened, g_plain_failed, g_plain_macs);
    if (only == nullptr && sequences >= 100) {
      diff::g_where = "CBC coverage";
      CHECK(g_plain_sealed > 0 && g_plain_opened > 0 && g_plain_failed > 0 && g_plain_macs > 0);
    }
    for (auto& c : cbc) {
      EVP_CIPHER_free(c.ours);
      EVP_CIPHER_free(c.theirs);
    }
  }

  if (part.empty() || part == "cbc-hmac") {
    std::vector<CbcHmac> cbc;
    for (int bits : {128, 256})
      for (int sha : {1, 256}) {
        CbcHmac h;
        h.c.name = "AES-" + std::to_string(bits) + "-CBC-HMAC-SHA" + std::to_string(sha);
        h.c.keylen = static_cast<std::size_t>(bits / 8);
        h.md = sha == 1 ? EVP_sha1() : EVP_sha256();
        h.maclen = sha == 1 ? 20 : 32;
        h.c.ours = EVP_CIPHER_fetch(prov.lib, h.c.name.c_str(), "provider=aeskit");
        ERR_set_mark();
        h.c.theirs = EVP_CIPHER_fetch(prov.lib, h.c.name.c_str(), "provider=default");
        ERR_pop_to_mark();
        const std::string plain = "AES-" + std::to_string(bits) + "-CBC";
        h.cbc = EVP_CIPHER_fetch(prov.lib, plain.c_str(), "provider=default");
        diff::g_where = h.c.name + " fetch";
        CHECK(h.c.ours != nullptr && h.cbc != nullptr);
        if (h.c.theirs == nullptr) {
          // OpenSSL 3.0's default provider has these only on x86-64 with AES-NI.
          std::printf("%-24s SKIPPED: the default provider does not offer it here\n",
                      h.c.name.c_str());
          EVP_CIPHER_free(h.c.ours);
          EVP_CIPHER_free(h.cbc);
          continue;
        }
        // The default also sets TLS1_1_MULTIBLOCK; aeskit does not (no multi-block path).
        CHECK((EVP_CIPHER_get_flags(h.c.ours) | EVP_CIPH_FLAG_TLS1_1_MULTIBLOCK) ==
              EVP_CIPHER_get_flags(h.c.theirs));
        CHECK(EVP_CIPHER_get_iv_length(h.c.ours) == EVP_CIPHER_get_iv_length(h.c.theirs));
        CHECK(EVP_CIPHER_get_key_length(h.c.ours) == EVP_CIPHER_get_key_length(h.c.theirs));
        CHECK(EVP_CIPHER_get_block_size(h.c.ours) == EVP_CIPHER_get_block_size(h.c.theirs));
        cbc.push_back(h);
      }
    nothing_compared = cbc.empty();
    for (auto& h : cbc) {
      if (only != nullptr && h.c.name != only) continue;
      for (std::size_t i = 0; i < sequences; ++i) cbc_hmac_sequence(h, rng);
      std::printf("%-24s %zu TLS sequences\n", h.c.name.c_str(), sequences);
    }
    if (!cbc.empty()) {
      std::printf(
          "CBC-HMAC records: sealed %ld ok / %ld failed, opened %ld ok / %ld failed; crafted: "
          "%ld long padding, %ld bad MAC, %ld bad padding\n",
          g_cbc_sealed, g_cbc_seal_failed, g_cbc_opened, g_cbc_open_failed, g_cbc_long_pad,
          g_cbc_bad_mac, g_cbc_bad_pad);
      if (only == nullptr && sequences >= 100) {
        diff::g_where = "CBC-HMAC coverage";
        CHECK(g_cbc_sealed > 0 && g_cbc_seal_failed > 0 && g_cbc_opened > 0 &&
              g_cbc_open_failed > 0 && g_cbc_long_pad > 0 && g_cbc_bad_mac > 0 &&
              g_cbc_bad_pad > 0);
      }
    }
    for (auto& h : cbc) {
      EVP_CIPHER_free(h.c.ours);
      EVP_CIPHER_free(h.c.theirs);
      EVP_CIPHER_free(h.cbc);
    }
  }

  std::printf("%d failures\n", diff::g_failures);
  if (diff::g_failures != 0) return 1;
  return nothing_compared && part == "cbc-hmac" ? 77 : 0;
}
