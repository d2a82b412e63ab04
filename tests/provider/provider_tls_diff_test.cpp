// provider_tls_diff_test.cpp — differential test of the aeskit provider's TLS record paths
// against OpenSSL's default provider, the way libssl drives them (ssl/record in OpenSSL
// 3.0): AES-{128,192,256}-GCM with tls1-aad / tls1-iv-fixed / tls1-get-iv-gen /
// tls1-set-iv-inv and records sealed and opened in place by one update or EVP_Cipher
// (random lengths, bad AAD lengths, damaged records, copies, parameter reads between
// records); and the stitched AES-{128,256}-CBC-HMAC-SHA{1,256} ciphers (mackey, tls-version,
// tls1-aad, records with bad padding and bad MACs), skipped (and reported so) where the
// default provider lacks them (it offers them only on x86-64 with AES-NI). Every return
// value, length, output byte and parameter must agree.
//
// Environment: AESKIT_PROVIDER_SEQUENCES (sequences per cipher, default 300), AESKIT_TEST_SEED,
// AESKIT_PROVIDER_TRACE. argv[1]: the folder holding aeskit.so.
#include <openssl/core_names.h>
#include <openssl/evp.h>
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
  } else {  // not in place: both refuse (and disarm the record)
    Bytes oa(rec.size() + 16), od(rec.size() + 16);
    int na = -5, nd = -5;
    ra = EVP_CipherUpdate(p.a, oa.data(), &na, ra_buf.data(), static_cast<int>(rec.size()));
    rd = EVP_CipherUpdate(p.d, od.data(), &nd, rd_buf.data(), static_cast<int>(rec.size()));
    CHECK(na == nd);
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
    std::memcpy(rec.data() + 8, payload.data(), plen);
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
      CHECK(std::memcmp(got.data() + 8, payload.data(), plen) == 0);
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s <folder with aeskit.so>\n", argv[0]);
    return 2;
  }
  const std::uint64_t seed = diff::seed_from_env();
  const std::size_t sequences = diff::sequences_from_env(300);
  std::printf("seed 0x%llx, %zu sequences per cipher\n", static_cast<unsigned long long>(seed),
              sequences);
  diff::Providers prov;
  if (!prov.load(argv[1])) {
    std::fprintf(stderr, "FAIL: could not load the aeskit and default providers\n");
    return 1;
  }
  Rng rng{std::mt19937_64(seed)};
  const char* only = std::getenv("AESKIT_PROVIDER_ONLY");

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
  std::printf("GCM records: sealed %ld ok / %ld failed, opened %ld ok / %ld failed\n", g_records_ok,
              g_records_failed, g_opens_ok, g_opens_failed);
  if (only == nullptr && sequences >= 100) {
    diff::g_where = "GCM coverage";
    CHECK(g_records_ok > 0 && g_records_failed > 0 && g_opens_ok > 0 && g_opens_failed > 0);
    CHECK(prov.bytes_processed() > before);
  }
  for (auto& c : gcm) {
    EVP_CIPHER_free(c.ours);
    EVP_CIPHER_free(c.theirs);
  }
  std::printf("%d failures\n", diff::g_failures);
  return diff::g_failures == 0 ? 0 : 1;
}
