// provider_diff_test.cpp — differential test of the aeskit OpenSSL provider (provider/)
// against OpenSSL's default provider: for each cipher, random operation sequences (init and
// re-init with or without key and IV, updates of any size incl. 0 and in place, AAD pieces,
// padding on/off, CTR "num", GCM IV lengths and tags of every length, wrong tags, bad
// padding, EVP_CIPHER_CTX_copy, one-shot EVP_Cipher, parameter reads) run side by side on
// EVP_CIPHER_fetch(..., "provider=aeskit") and "provider=default"; every return value,
// length, output byte and parameter must agree. Also checks the provider's parameters and
// that its proof counters move (aeskit-bytes-processed, -sealed, -opened, aeskit-stats).
//
// Environment: AESKIT_PROVIDER_SEQUENCES (sequences per cipher, default 2000),
// AESKIT_PROVIDER_THREADS (threads sharing the fetched ciphers, default 1),
// AESKIT_TEST_SEED (the PRNG seed, printed). argv[1]: the folder holding aeskit.so.
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace {

using Bytes = std::vector<unsigned char>;

std::atomic<int> g_failures{0};
bool g_trace = std::getenv("AESKIT_PROVIDER_TRACE") != nullptr;
// What the sequences exercised (printed, and required to be non-zero: a generator that
// never reaches a case would pass vacuously).
// Per thread (AESKIT_PROVIDER_THREADS), summed into the main thread's after the run.
struct Coverage {
  long final_ok_dec = 0, final_fail_dec = 0, final_ok_enc = 0, final_fail_enc = 0;
  long copies = 0, in_place = 0, reinit_no_key = 0, reinit_no_iv = 0, tag_replays = 0;
  void add(const Coverage& o) {
    final_ok_dec += o.final_ok_dec, final_fail_dec += o.final_fail_dec;
    final_ok_enc += o.final_ok_enc, final_fail_enc += o.final_fail_enc;
    copies += o.copies, in_place += o.in_place, reinit_no_key += o.reinit_no_key;
    reinit_no_iv += o.reinit_no_iv, tag_replays += o.tag_replays;
  }
};
thread_local Coverage g_cov;
thread_local std::string g_where;

#define CHECK(cond)                                                                                \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      if (g_failures++ < 20)                                                                       \
        std::fprintf(stderr, "FAIL %s:%d: %s [%s]\n", __FILE__, __LINE__, #cond, g_where.c_str()); \
    }                                                                                              \
  } while (0)

struct Rng {
  std::mt19937_64 g;
  std::size_t below(std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(g() % n); }
  bool coin(unsigned one_in = 2) { return below(one_in) == 0; }
  Bytes bytes(std::size_t n) {
    Bytes b(n);
    for (auto& x : b) x = static_cast<unsigned char>(g());
    return b;
  }
  // Piece sizes that hit 0, partial blocks, block edges and multi-block runs.
  std::size_t piece() {
    switch (below(7)) {
      case 6:
        return coin(4) ? 1000 + below(5000) : below(300);  // the bulk kernels
      case 0:
        return 0;
      case 1:
        return 1 + below(15);
      case 2:
        return 16;
      case 3:
        return 15 + below(3);
      case 4:
        return 32 * (1 + below(4));
      default:
        return below(300);
    }
  }
};

enum class Family { ecb, cbc, ctr, gcm };

struct CipherUnderTest {
  std::string name;
  Family family;
  std::size_t keylen;
  EVP_CIPHER* ours = nullptr;
  EVP_CIPHER* theirs = nullptr;
};

// One EVP_CIPHER_CTX per provider, driven in lockstep.
struct Pair {
  EVP_CIPHER_CTX* a = EVP_CIPHER_CTX_new();  // aeskit
  EVP_CIPHER_CTX* d = EVP_CIPHER_CTX_new();  // default
  ~Pair() {
    EVP_CIPHER_CTX_free(a);
    EVP_CIPHER_CTX_free(d);
  }
};

// What the test knows about the state, to stay inside what OpenSSL defines (see the doc's
// "not compared" list): direction, key and IV, bytes held back, the GCM message phase.
struct Model {
  bool inited = false;
  bool have_key = false;
  int enc = 1;
  std::size_t pending = 0;   // ECB/CBC: input bytes not yet output
  bool gcm_started = false;  // GCM: AAD or data since the IV/key was (re)set
  bool gcm_broken = false;   // GCM: a final failed (OpenSSL continues with garbage)
  Bytes key, iv;
  // The last finished encryption, replayed (maybe damaged) by decryptions.
  Bytes msg_aad_ct, msg_ct, msg_tag;
  std::vector<std::size_t> msg_aad_pieces;
  Bytes cur_ct;  // ciphertext collected while encrypting
  Bytes cur_aad;
  bool final_next = false;  // a replayed message: finish it next, with the tag as set
  bool have_msg = false;    // msg_* hold a finished encryption
};

void compare_ctx_params(CipherUnderTest& c, Pair& p) {
  unsigned char iva[128], ivd[128], uiva[128], uivd[128];
  size_t ivlen_a = 0, ivlen_d = 0, keylen_a = 0, keylen_d = 0, tl_a = 0, tl_d = 0;
  unsigned int pad_a = 7, pad_d = 7, num_a = 7, num_d = 7;
  auto read = [&](EVP_CIPHER_CTX* ctx, unsigned char* iv, unsigned char* uiv, size_t* ivlen,
                  size_t* keylen, size_t* tl, unsigned int* pad, unsigned int* num, int* rc) {
    std::memset(iv, 0, 128);
    std::memset(uiv, 0, 128);
    OSSL_PARAM ps[4];
    ps[0] = OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_IVLEN, ivlen);
    ps[1] = OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_KEYLEN, keylen);
    ps[2] = c.family == Family::gcm ? OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_AEAD_TAGLEN, tl)
            : c.family == Family::ctr ? OSSL_PARAM_construct_uint(OSSL_CIPHER_PARAM_NUM, num)
                                      : OSSL_PARAM_construct_uint(OSSL_CIPHER_PARAM_PADDING, pad);
    ps[3] = OSSL_PARAM_construct_end();
    rc[0] = EVP_CIPHER_CTX_get_params(ctx, ps);
    OSSL_PARAM q[2] = {OSSL_PARAM_construct_octet_string(OSSL_CIPHER_PARAM_UPDATED_IV, uiv, 128),
                       OSSL_PARAM_construct_end()};
    rc[1] = EVP_CIPHER_CTX_get_params(ctx, q);
    OSSL_PARAM r[2] = {OSSL_PARAM_construct_octet_string(OSSL_CIPHER_PARAM_IV, iv, 128),
                       OSSL_PARAM_construct_end()};
    rc[2] = EVP_CIPHER_CTX_get_params(ctx, r);
  };
  int rca[3], rcd[3];
  read(p.a, iva, uiva, &ivlen_a, &keylen_a, &tl_a, &pad_a, &num_a, rca);
  read(p.d, ivd, uivd, &ivlen_d, &keylen_d, &tl_d, &pad_d, &num_d, rcd);
  CHECK(rca[0] == rcd[0] && rca[1] == rcd[1] && rca[2] == rcd[2]);
  CHECK(ivlen_a == ivlen_d && keylen_a == keylen_d && tl_a == tl_d && pad_a == pad_d &&
        num_a == num_d);
  CHECK(std::memcmp(iva, ivd, 128) == 0);
  CHECK(std::memcmp(uiva, uivd, 128) == 0);
}

// update on both; in place or not; returns the output (equal on both, else a failure).
Bytes update_both(Pair& p, const unsigned char* in, std::size_t len, bool in_place, bool aad,
                  int* rc_out) {
  Bytes ia(in, in + len), id(in, in + len);
  Bytes oa(len + 32, 0xAA), od(len + 32, 0xAA);
  int la = -5, ld = -5;
  if (in_place) {
    ia.resize(len + 32, 0xAA);
    id.resize(len + 32, 0xAA);
  }
  unsigned char* outa = aad ? nullptr : (in_place ? ia.data() : oa.data());
  unsigned char* outd = aad ? nullptr : (in_place ? id.data() : od.data());
  const int ra = EVP_CipherUpdate(p.a, outa, &la, ia.data(), static_cast<int>(len));
  const int rd = EVP_CipherUpdate(p.d, outd, &ld, id.data(), static_cast<int>(len));
  CHECK(ra == rd);
  CHECK(la == ld);
  if (g_trace && (ra != rd || la != ld))
    std::fprintf(stderr, "  update len %zu aad %d: aeskit %d/%d default %d/%d\n", len, aad, ra, la,
                 rd, ld);
  *rc_out = ra;
  if (in_place && ra == 1) ++g_cov.in_place;
  if (aad || ra != 1 || la != ld || la < 0) return {};
  Bytes ra_bytes(outa, outa + la), rd_bytes(outd, outd + ld);
  CHECK(ra_bytes == rd_bytes);
  if (g_trace && ra_bytes != rd_bytes)
    std::fprintf(stderr, "  len %zu in_place %d a %02x%02x d %02x%02x\n", len, in_place,
                 ra_bytes.empty() ? 0 : ra_bytes[0], ra_bytes.size() < 2 ? 0 : ra_bytes[1],
                 rd_bytes.empty() ? 0 : rd_bytes[0], rd_bytes.size() < 2 ? 0 : rd_bytes[1]);
  return ra_bytes;
}

void one_sequence(CipherUnderTest& c, Rng& rng) {
  Pair p;
  Model m;
  const bool gcm = c.family == Family::gcm;
  const bool block = c.family == Family::ecb || c.family == Family::cbc;
  const std::size_t steps = 4 + rng.below(24);
  for (std::size_t step = 0; step < steps; ++step) {
    g_where = c.name + " step " + std::to_string(step);
    std::size_t op = m.inited ? rng.below(10) : 0;
    if (m.final_next) op = 5;
    if (g_trace)
      std::fprintf(stderr, "  %s step %zu op %zu enc %d started %d\n", c.name.c_str(), step, op,
                   m.enc, m.gcm_started);
    if (op == 0 || (gcm && m.gcm_broken)) {
      // (Re-)init: the first one with everything; later ones with key and/or IV NULL.
      int enc = rng.coin() ? 1 : 0;
      bool give_key = !m.inited ? !rng.coin(8) : rng.coin(3);  // sometimes no key at first
      bool give_iv = !m.inited || rng.coin(2);
      if (m.inited && enc != m.enc) {
        if (block) give_key = true;  // a key schedule for the other direction
        if (gcm && m.gcm_started) give_iv = true;
      }
      if (gcm && (m.gcm_started || m.gcm_broken)) give_iv = true;
      const bool replay = !enc && m.have_msg && rng.coin(3) == false;
      Bytes key = give_key ? (replay ? m.key : rng.bytes(c.keylen)) : Bytes{};
      std::size_t ivlen = c.family == Family::ecb ? 0 : 16;
      if (gcm) ivlen = replay ? m.iv.size() : (rng.coin(3) ? 12 : 1 + rng.below(40));
      Bytes iv = give_iv ? (replay ? m.iv : rng.bytes(ivlen)) : Bytes{};
      if (c.family == Family::ctr && !replay && !iv.empty() && rng.coin(4)) {
        // A counter about to carry across several bytes (or wrap entirely).
        for (std::size_t i = 16 - 1 - rng.below(16); i < 16; ++i) iv[i] = 0xff;
        iv[15] = static_cast<unsigned char>(0xff - rng.below(4));
      }
      if (replay && (!give_key || !give_iv)) {  // replays need both
        key = m.key;
        iv = m.iv;
        give_key = give_iv = true;
      }
      const EVP_CIPHER* ca = m.inited ? nullptr : c.ours;
      const EVP_CIPHER* cd = m.inited ? nullptr : c.theirs;
      int ra, rd;
      if (gcm && give_iv) {
        // The IV length first: on a fresh context through init's params, else set_params.
        size_t l = iv.size();
        OSSL_PARAM ps[2] = {OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_AEAD_IVLEN, &l),
                            OSSL_PARAM_construct_end()};
        if (!m.inited) {
          ra = EVP_CipherInit_ex2(p.a, ca, nullptr, nullptr, enc, nullptr);
          rd = EVP_CipherInit_ex2(p.d, cd, nullptr, nullptr, enc, nullptr);
          CHECK(ra == rd);
          ca = cd = nullptr;
        }
        ra = EVP_CIPHER_CTX_set_params(p.a, ps);
        rd = EVP_CIPHER_CTX_set_params(p.d, ps);
        CHECK(ra == rd);
      }
      ra = EVP_CipherInit_ex2(p.a, ca, give_key ? key.data() : nullptr,
                              give_iv && !iv.empty() ? iv.data() : nullptr, enc, nullptr);
      rd = EVP_CipherInit_ex2(p.d, cd, give_key ? key.data() : nullptr,
                              give_iv && !iv.empty() ? iv.data() : nullptr, enc, nullptr);
      CHECK(ra == rd);
      if (ra != 1) return;
      if (m.inited && !give_key) ++g_cov.reinit_no_key;
      if (m.inited && !give_iv) ++g_cov.reinit_no_iv;
      if (replay) ++g_cov.tag_replays;
      m.inited = true;
      m.enc = enc;
      m.pending = 0;
      if (give_key) m.key = key, m.have_key = true;
      if (give_iv) m.iv = iv;
      if (give_key || give_iv) m.gcm_started = false;
      if (give_iv) m.gcm_broken = false;
      m.cur_ct.clear();
      m.cur_aad.clear();
      if (replay && gcm) {
        // Replay the last message's AAD and ciphertext in random pieces, then a tag.
        int rc;
        std::size_t off = 0;
        while (off < m.msg_aad_ct.size()) {
          const std::size_t n = std::min(rng.piece(), m.msg_aad_ct.size() - off);
          update_both(p, m.msg_aad_ct.data() + off, n, false, true, &rc);
          if (n) m.gcm_started = true;
          off += n;
        }
        off = 0;
        while (off < m.msg_ct.size()) {
          const std::size_t n = std::min(rng.piece(), m.msg_ct.size() - off);
          update_both(p, m.msg_ct.data() + off, n, rng.coin(), false, &rc);
          if (n) m.gcm_started = true;
          off += n;
        }
        Bytes tag = m.msg_tag;
        std::size_t tl = 1 + rng.below(16);
        if (rng.coin(4)) tag[rng.below(tl)] ^= static_cast<unsigned char>(1 + rng.below(255));
        OSSL_PARAM ps[2] = {
            OSSL_PARAM_construct_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, tag.data(), tl),
            OSSL_PARAM_construct_end()};
        CHECK(EVP_CIPHER_CTX_set_params(p.a, ps) == EVP_CIPHER_CTX_set_params(p.d, ps));
        m.final_next = rng.coin(4) == false;
      } else if (replay) {
        int rc;
        std::size_t off = 0;
        Bytes ct = m.msg_ct;
        if (!ct.empty() && rng.coin(4)) ct[rng.below(ct.size())] ^= 0x5a;
        while (off < ct.size()) {
          const std::size_t n = std::min(rng.piece(), ct.size() - off);
          auto out = update_both(p, ct.data() + off, n, m.pending == 0 && rng.coin(), false, &rc);
          if (rc == 1) m.pending = m.pending + n - out.size();
          off += n;
        }
      }
      continue;
    }
    switch (op) {
      case 1:
      case 2:
      case 3: {  // data update
        const std::size_t n = rng.piece();
        Bytes in = rng.bytes(n);
        const bool in_place = block ? (m.pending == 0 && rng.coin()) : rng.coin();
        int rc;
        auto out = update_both(p, in.data(), n, in_place, false, &rc);
        if (rc == 1) {
          if (block) m.pending = m.pending + n - out.size();
          if (n && gcm) m.gcm_started = true;
          if (m.enc) m.cur_ct.insert(m.cur_ct.end(), out.begin(), out.end());
        }
        break;
      }
      case 4: {  // AAD (GCM) or padding / num (others)
        if (gcm && rng.coin(6)) {
          // aead-ivlen at any time: the IV buffered (or set next) is taken at this length.
          size_t l = rng.coin(8) ? 0 : 1 + rng.below(130);  // 0 and > 128 are refused
          OSSL_PARAM ps[2] = {OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_AEAD_IVLEN, &l),
                              OSSL_PARAM_construct_end()};
          const int ra = EVP_CIPHER_CTX_set_params(p.a, ps),
                    rd = EVP_CIPHER_CTX_set_params(p.d, ps);
          CHECK(ra == rd);
          if (g_trace) std::fprintf(stderr, "  aead-ivlen %zu: aeskit %d default %d\n", l, ra, rd);
          m.have_msg = false;  // the replayed IV would no longer be the one used
        } else if (gcm && rng.coin(5)) {
          // A tag set in either direction: refused when encrypting, yet OpenSSL has already
          // copied it into the tag buffer that a later aead-tag get reads.
          Bytes tag = rng.bytes(16);
          std::size_t tl = rng.below(18);
          OSSL_PARAM ps[2] = {
              OSSL_PARAM_construct_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, tag.data(), tl),
              OSSL_PARAM_construct_end()};
          CHECK(EVP_CIPHER_CTX_set_params(p.a, ps) == EVP_CIPHER_CTX_set_params(p.d, ps));
          for (std::size_t gl : {std::size_t{1}, tl, std::size_t{16}}) {
            unsigned char ta[32] = {}, td[32] = {};
            OSSL_PARAM pa[2] = {
                OSSL_PARAM_construct_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, ta, gl),
                OSSL_PARAM_construct_end()};
            OSSL_PARAM pd[2] = {
                OSSL_PARAM_construct_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, td, gl),
                OSSL_PARAM_construct_end()};
            CHECK(EVP_CIPHER_CTX_get_params(p.a, pa) == EVP_CIPHER_CTX_get_params(p.d, pd));
            CHECK(std::memcmp(ta, td, sizeof ta) == 0);
          }
        } else if (gcm) {
          const std::size_t n = rng.coin(3) ? 0 : rng.piece();
          Bytes in = rng.bytes(n);
          int rc;
          update_both(p, in.data(), n, false, true, &rc);
          if (rc == 1 && n) {
            m.gcm_started = true;
            m.cur_aad.insert(m.cur_aad.end(), in.begin(), in.end());
          }
        } else if (block) {
          const int pad = rng.coin() ? 1 : 0;
          CHECK(EVP_CIPHER_CTX_set_padding(p.a, pad) == EVP_CIPHER_CTX_set_padding(p.d, pad));
        } else {
          unsigned int num = static_cast<unsigned int>(rng.below(16));
          OSSL_PARAM ps[2] = {OSSL_PARAM_construct_uint(OSSL_CIPHER_PARAM_NUM, &num),
                              OSSL_PARAM_construct_end()};
          CHECK(EVP_CIPHER_CTX_set_params(p.a, ps) == EVP_CIPHER_CTX_set_params(p.d, ps));
        }
        break;
      }
      case 5: {  // final
        const bool keep_tag = m.final_next;
        m.final_next = false;
        if (gcm && !m.enc && !keep_tag && rng.coin(2)) {
          Bytes tag = rng.bytes(16);
          std::size_t tl = rng.below(18);  // 0 and 17 are refused
          OSSL_PARAM ps[2] = {
              OSSL_PARAM_construct_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, tag.data(), tl),
              OSSL_PARAM_construct_end()};
          CHECK(EVP_CIPHER_CTX_set_params(p.a, ps) == EVP_CIPHER_CTX_set_params(p.d, ps));
        }
        unsigned char oa[32], od[32];
        std::memset(oa, 0xAA, sizeof oa);
        std::memset(od, 0xAA, sizeof od);
        int la = -5, ld = -5;
        const int ra = EVP_CipherFinal_ex(p.a, oa, &la);
        const int rd = EVP_CipherFinal_ex(p.d, od, &ld);
        CHECK(ra == rd);
        CHECK(la == ld);
        if (ra == 1 && la == ld && la > 0)
          CHECK(std::memcmp(oa, od, static_cast<std::size_t>(la)) == 0);
        if (block && ra == 1) m.pending = 0;
        (m.enc ? (ra == 1 ? g_cov.final_ok_enc : g_cov.final_fail_enc)
               : (ra == 1 ? g_cov.final_ok_dec : g_cov.final_fail_dec))++;
        if (gcm) {
          if (m.gcm_started || ra == 1) m.gcm_started = false;
          if (ra != 1 && !m.enc) m.gcm_broken = true;
        }
        if (ra == 1 && m.enc) {
          m.cur_ct.insert(m.cur_ct.end(), oa, oa + la);
          m.msg_ct = m.cur_ct;
          m.have_msg = true;
          m.msg_aad_ct = m.cur_aad;
          m.msg_tag.assign(16, 0);
          if (gcm) {
            // The tag at every length the default provider gives (1..16), and 0/17 refused.
            for (std::size_t tl = 0; tl <= 17; ++tl) {
              unsigned char ta[32] = {}, td[32] = {};
              OSSL_PARAM pa[2] = {
                  OSSL_PARAM_construct_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, ta, tl),
                  OSSL_PARAM_construct_end()};
              OSSL_PARAM pd[2] = {
                  OSSL_PARAM_construct_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, td, tl),
                  OSSL_PARAM_construct_end()};
              CHECK(EVP_CIPHER_CTX_get_params(p.a, pa) == EVP_CIPHER_CTX_get_params(p.d, pd));
              CHECK(std::memcmp(ta, td, sizeof ta) == 0);
              if (tl == 16) m.msg_tag.assign(td, td + 16);
            }
          }
        }
        m.cur_ct.clear();
        m.cur_aad.clear();
        break;
      }
      case 6:
        compare_ctx_params(c, p);
        break;
      case 7: {  // EVP_CIPHER_CTX_copy, continuing on the copy or the original
        EVP_CIPHER_CTX* na = EVP_CIPHER_CTX_new();
        EVP_CIPHER_CTX* nd = EVP_CIPHER_CTX_new();
        const int ra = EVP_CIPHER_CTX_copy(na, p.a);
        const int rd = EVP_CIPHER_CTX_copy(nd, p.d);
        CHECK(ra == rd);
        if (ra == 1) ++g_cov.copies;
        if (ra == 1 && rd == 1 && rng.coin()) {
          std::swap(na, p.a);
          std::swap(nd, p.d);
        }
        EVP_CIPHER_CTX_free(na);
        EVP_CIPHER_CTX_free(nd);
        break;
      }
      case 8: {  // one-shot EVP_Cipher on whole blocks (data only)
        if (gcm) {
          if (rng.coin()) break;
          std::size_t n = 1 + rng.piece();  // in == NULL would be a final
          Bytes in = rng.bytes(n);
          Bytes oa(n + 16), od(n + 16);
          const int ra = EVP_Cipher(p.a, oa.data(), in.data(), static_cast<unsigned int>(n));
          const int rd = EVP_Cipher(p.d, od.data(), in.data(), static_cast<unsigned int>(n));
          CHECK(ra == rd);
          if (g_trace && ra != rd)
            std::fprintf(stderr, "  EVP_Cipher %zu: aeskit %d default %d\n", n, ra, rd);
          if (ra > 0) CHECK(oa == od);
          if (ra > 0 && n) m.gcm_started = true;
          if (ra > 0 && m.enc)
            m.cur_ct.insert(m.cur_ct.end(), od.begin(), od.begin() + static_cast<long>(n));
          break;
        }
        std::size_t n = block ? 16 * rng.below(5) : rng.piece();
        Bytes in = rng.bytes(n);
        Bytes oa(n + 16), od(n + 16);
        const int ra = EVP_Cipher(p.a, oa.data(), in.data(), static_cast<unsigned int>(n));
        const int rd = EVP_Cipher(p.d, od.data(), in.data(), static_cast<unsigned int>(n));
        CHECK(ra == rd);
        CHECK(oa == od);
        m.cur_ct.clear();  // no longer a clean message
        m.have_msg = false;
        break;
      }
      default: {
        // EVP-level knobs on every cipher: key length (fixed for AES), num, IV/tag lengths.
        switch (rng.below(3)) {
          case 0: {
            const int kl =
                rng.coin() ? static_cast<int>(c.keylen) : 8 + static_cast<int>(rng.below(33));
            CHECK(EVP_CIPHER_CTX_set_key_length(p.a, kl) == EVP_CIPHER_CTX_set_key_length(p.d, kl));
            break;
          }
          case 1: {
            if (c.family == Family::ctr) break;  // CTR's num is driven by op 4 (0..15)
            const int num = static_cast<int>(rng.below(40));
            CHECK(EVP_CIPHER_CTX_set_num(p.a, num) == EVP_CIPHER_CTX_set_num(p.d, num));
            break;
          }
          default:
            break;
        }
        CHECK(EVP_CIPHER_CTX_get_num(p.a) == EVP_CIPHER_CTX_get_num(p.d));
        CHECK(EVP_CIPHER_CTX_get_key_length(p.a) == EVP_CIPHER_CTX_get_key_length(p.d));
        CHECK(EVP_CIPHER_CTX_get_iv_length(p.a) == EVP_CIPHER_CTX_get_iv_length(p.d));
        CHECK(EVP_CIPHER_CTX_get_tag_length(p.a) == EVP_CIPHER_CTX_get_tag_length(p.d));
        compare_ctx_params(c, p);
        break;
      }
    }
  }
}

std::uint64_t bytes_processed(OSSL_PROVIDER* prov, const char* name = "aeskit-bytes-processed") {
  std::uint64_t v = 0;
  OSSL_PARAM ps[2] = {OSSL_PARAM_construct_uint64(name, &v), OSSL_PARAM_construct_end()};
  CHECK(OSSL_PROVIDER_get_params(prov, ps) == 1);
  return v;
}

// The per-algorithm counters as text: "AES-128-GCM.sealed=N ...".
std::string provider_stats(OSSL_PROVIDER* prov) {
  char text[4096] = {};
  OSSL_PARAM ps[2] = {OSSL_PARAM_construct_utf8_string("aeskit-stats", text, sizeof text),
                      OSSL_PARAM_construct_end()};
  CHECK(OSSL_PROVIDER_get_params(prov, ps) == 1);
  return text;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s <folder with aeskit.so>\n", argv[0]);
    return 2;
  }
  std::uint64_t seed = 0xae5c17'0039'0001ULL;
  if (const char* s = std::getenv("AESKIT_TEST_SEED")) seed = std::strtoull(s, nullptr, 0);
  std::size_t sequences = 2000;
  if (const char* s = std::getenv("AESKIT_PROVIDER_SEQUENCES"))
    sequences = static_cast<std::size_t>(std::strtoull(s, nullptr, 0));
  std::printf("seed 0x%llx, %zu sequences per cipher\n", static_cast<unsigned long long>(seed),
              sequences);
  std::fflush(stdout);

  OSSL_LIB_CTX* lib = OSSL_LIB_CTX_new();
  if (OSSL_PROVIDER_set_default_search_path(lib, argv[1]) != 1) return 2;
  OSSL_PROVIDER* ours = OSSL_PROVIDER_load(lib, "aeskit");
  OSSL_PROVIDER* deflt = OSSL_PROVIDER_load(lib, "default");
  if (ours == nullptr || deflt == nullptr) {
    ERR_print_errors_fp(stderr);
    std::fprintf(stderr, "FAIL: could not load the aeskit and default providers\n");
    return 1;
  }

  // The provider's own parameters.
  {
    char* name = nullptr;
    char* version = nullptr;
    char* buildinfo = nullptr;
    int status = 0;
    OSSL_PARAM ps[5] = {OSSL_PARAM_construct_utf8_ptr(OSSL_PROV_PARAM_NAME, &name, 0),
                        OSSL_PARAM_construct_utf8_ptr(OSSL_PROV_PARAM_VERSION, &version, 0),
                        OSSL_PARAM_construct_utf8_ptr(OSSL_PROV_PARAM_BUILDINFO, &buildinfo, 0),
                        OSSL_PARAM_construct_int(OSSL_PROV_PARAM_STATUS, &status),
                        OSSL_PARAM_construct_end()};
    g_where = "provider params";
    CHECK(OSSL_PROVIDER_get_params(ours, ps) == 1);
    CHECK(name != nullptr && std::strcmp(name, "aeskit") == 0);
    CHECK(version != nullptr && version[0] != '\0');
    CHECK(buildinfo != nullptr);
    CHECK(status == 1);
    CHECK(bytes_processed(ours) == 0);
  }

  std::vector<CipherUnderTest> ciphers;
  for (const char* mode : {"ECB", "CBC", "CTR", "GCM"})
    for (int bits : {128, 192, 256}) {
      CipherUnderTest c;
      c.name = "AES-" + std::to_string(bits) + "-" + mode;
      const std::string m = mode;
      c.family = m == "ECB"   ? Family::ecb
                 : m == "CBC" ? Family::cbc
                 : m == "CTR" ? Family::ctr
                              : Family::gcm;
      c.keylen = static_cast<std::size_t>(bits / 8);
      c.ours = EVP_CIPHER_fetch(lib, c.name.c_str(), "provider=aeskit");
      c.theirs = EVP_CIPHER_fetch(lib, c.name.c_str(), "provider=default");
      g_where = c.name + " fetch";
      CHECK(c.ours != nullptr && c.theirs != nullptr);
      if (c.ours == nullptr || c.theirs == nullptr) continue;
      CHECK(std::strcmp(OSSL_PROVIDER_get0_name(EVP_CIPHER_get0_provider(c.ours)), "aeskit") == 0);
      CHECK(EVP_CIPHER_get_mode(c.ours) == EVP_CIPHER_get_mode(c.theirs));
      CHECK(EVP_CIPHER_get_key_length(c.ours) == EVP_CIPHER_get_key_length(c.theirs));
      CHECK(EVP_CIPHER_get_iv_length(c.ours) == EVP_CIPHER_get_iv_length(c.theirs));
      CHECK(EVP_CIPHER_get_block_size(c.ours) == EVP_CIPHER_get_block_size(c.theirs));
      CHECK(EVP_CIPHER_get_flags(c.ours) == EVP_CIPHER_get_flags(c.theirs));
      ciphers.push_back(c);
    }

  if (ciphers.size() != 12) {
    std::fprintf(stderr, "FAIL: only %zu of the 12 ciphers could be fetched from both providers\n",
                 ciphers.size());
    return 1;
  }

  // The counter moves by exactly the bytes of one CTR update (ciphers[6]: AES-128-CTR).
  {
    g_where = "counter";
    const std::uint64_t before = bytes_processed(ours);
    EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
    unsigned char key[16] = {1}, iv[16] = {2}, buf[100] = {};
    int outl = 0;
    CHECK(EVP_EncryptInit_ex2(ctx, ciphers[6].ours, key, iv, nullptr) == 1);
    CHECK(EVP_EncryptUpdate(ctx, buf, &outl, buf, 100) == 1 && outl == 100);
    EVP_CIPHER_CTX_free(ctx);
    CHECK(bytes_processed(ours) == before + 100);
  }

  // GCM encryption without an IV: a random 12-byte IV, readable afterwards, under which the
  // default provider opens the message.
  for (int bits : {128, 256}) {
    g_where = "GCM random IV";
    const std::size_t idx = bits == 128 ? 9 : 11;
    unsigned char key[32] = {7}, msg[40] = {1, 2, 3}, ct[40], back[40], tag[16], iv[12];
    int outl = 0;
    EVP_CIPHER_CTX* e = EVP_CIPHER_CTX_new();
    CHECK(EVP_EncryptInit_ex2(e, ciphers[idx].ours, key, nullptr, nullptr) == 1);
    OSSL_PARAM none[2] = {OSSL_PARAM_construct_octet_string(OSSL_CIPHER_PARAM_IV, iv, sizeof iv),
                          OSSL_PARAM_construct_end()};
    CHECK(EVP_CIPHER_CTX_get_params(e, none) == 0);  // no IV yet
    CHECK(EVP_EncryptUpdate(e, ct, &outl, msg, sizeof msg) == 1 && outl == 40);
    CHECK(EVP_EncryptFinal_ex(e, ct, &outl) == 1 && outl == 0);
    OSSL_PARAM got[3] = {
        OSSL_PARAM_construct_octet_string(OSSL_CIPHER_PARAM_IV, iv, sizeof iv),
        OSSL_PARAM_construct_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, tag, sizeof tag),
        OSSL_PARAM_construct_end()};
    CHECK(EVP_CIPHER_CTX_get_params(e, got) == 1);
    EVP_CIPHER_CTX* d = EVP_CIPHER_CTX_new();
    CHECK(EVP_DecryptInit_ex2(d, ciphers[idx].theirs, key, iv, nullptr) == 1);
    CHECK(EVP_DecryptUpdate(d, back, &outl, ct, sizeof ct) == 1 && outl == 40);
    OSSL_PARAM set[2] = {
        OSSL_PARAM_construct_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, tag, sizeof tag),
        OSSL_PARAM_construct_end()};
    CHECK(EVP_CIPHER_CTX_set_params(d, set) == 1);
    CHECK(EVP_DecryptFinal_ex(d, back, &outl) == 1);
    CHECK(std::memcmp(back, msg, sizeof msg) == 0);
    // Re-inits after a message under a random IV: the return codes of both providers agree
    // (OpenSSL 3.0.19 spends the drawn IV: a re-init without one cannot encrypt again).
    std::vector<int> rcs[2];
    for (int side = 0; side < 2; ++side) {
      const EVP_CIPHER* cipher = side == 0 ? ciphers[idx].ours : ciphers[idx].theirs;
      std::vector<int>& rc = rcs[side];
      EVP_CIPHER_CTX* r = EVP_CIPHER_CTX_new();
      unsigned char iv1[12] = {};
      OSSL_PARAM g1[2] = {OSSL_PARAM_construct_octet_string(OSSL_CIPHER_PARAM_IV, iv1, sizeof iv1),
                          OSSL_PARAM_construct_end()};
      rc.push_back(EVP_EncryptInit_ex2(r, cipher, key, nullptr, nullptr));
      rc.push_back(EVP_EncryptUpdate(r, ct, &outl, msg, sizeof msg));
      rc.push_back(EVP_EncryptFinal_ex(r, ct, &outl));
      rc.push_back(EVP_CIPHER_CTX_get_params(r, g1));
      rc.push_back(EVP_EncryptInit_ex2(r, nullptr, nullptr, nullptr, nullptr));
      rc.push_back(EVP_EncryptUpdate(r, ct, &outl, msg, sizeof msg));
      rc.push_back(EVP_EncryptInit_ex2(r, nullptr, key, nullptr, nullptr));
      rc.push_back(EVP_EncryptUpdate(r, ct, &outl, msg, sizeof msg));
      rc.push_back(EVP_EncryptInit_ex2(r, nullptr, nullptr, iv1, nullptr));
      rc.push_back(EVP_EncryptUpdate(r, ct, &outl, msg, sizeof msg));
      rc.push_back(EVP_EncryptFinal_ex(r, ct, &outl));
      EVP_CIPHER_CTX_free(r);
    }
    CHECK(rcs[0] == rcs[1]);
    CHECK(rcs[1].size() == 11 && rcs[1][1] == 1 && rcs[1][3] == 1 && rcs[1][10] == 1);
    ERR_clear_error();
    EVP_CIPHER_CTX_free(e);
    EVP_CIPHER_CTX_free(d);
  }

  // Outside what OpenSSL defines, aeskit fails cleanly (docs/openssl-provider.md): a GCM
  // direction switch mid-message, and a CTR num past the key-stream block.
  {
    g_where = "GCM direction switch";
    unsigned char key[16] = {3}, iv[12] = {4}, buf[32] = {};
    int outl = 0;
    EVP_CIPHER_CTX* e = EVP_CIPHER_CTX_new();
    CHECK(EVP_EncryptInit_ex2(e, ciphers[9].ours, key, iv, nullptr) == 1);
    CHECK(EVP_EncryptUpdate(e, buf, &outl, buf, 10) == 1);
    CHECK(EVP_DecryptInit_ex2(e, nullptr, nullptr, nullptr, nullptr) == 1);
    CHECK(EVP_DecryptUpdate(e, buf, &outl, buf, 10) == 0);
    CHECK(EVP_DecryptFinal_ex(e, buf, &outl) == 0);
    CHECK(EVP_DecryptInit_ex2(e, nullptr, nullptr, iv, nullptr) == 1);  // a new IV restarts
    CHECK(EVP_DecryptUpdate(e, buf, &outl, buf, 10) == 1 && outl == 10);
    g_where = "CTR num 16";
    unsigned int num = 16;
    OSSL_PARAM ps[2] = {OSSL_PARAM_construct_uint(OSSL_CIPHER_PARAM_NUM, &num),
                        OSSL_PARAM_construct_end()};
    CHECK(EVP_EncryptInit_ex2(e, ciphers[6].ours, key, key, nullptr) == 1);
    CHECK(EVP_CIPHER_CTX_set_params(e, ps) == 0);
    EVP_CIPHER_CTX_free(e);
    ERR_clear_error();
  }

  // A key given again keeps the expanded key (RawKey in provider.hpp): re-inits with the same
  // key, another key, the first again, a copy re-keyed while the original goes on, both
  // directions, and the short-update paths (1..5 blocks, partial blocks) in between. Every
  // output byte, length and return code must equal the default provider's.
  for (const auto& c : ciphers) {
    g_where = c.name + " same key again";
    const bool gcm = c.family == Family::gcm;
    const std::size_t ivlen = c.family == Family::ecb ? 0 : gcm ? 12 : 16;
    Bytes k1(c.keylen, 0x11), k2(c.keylen, 0x22), iv1(16, 0x33), iv2(16, 0x44);
    k2[c.keylen - 1] = 0x23;
    Bytes msg(100);
    for (std::size_t i = 0; i < msg.size(); ++i) msg[i] = static_cast<unsigned char>(i * 7 + 1);
    Bytes trace[2];
    for (int side = 0; side < 2; ++side) {
      const EVP_CIPHER* cipher = side == 0 ? c.ours : c.theirs;
      Bytes& t = trace[side];
      auto note = [&t](int v) { t.push_back(static_cast<unsigned char>(v & 0xff)); };
      // One message under what the context holds: updates of the given sizes, final, tag.
      auto message = [&](EVP_CIPHER_CTX* x, int enc, std::initializer_list<int> sizes) {
        unsigned char out[256] = {};
        int outl = 0;
        std::size_t at = 0;
        for (int n : sizes) {
          note(EVP_CipherUpdate(x, out, &outl, msg.data() + at, n));
          note(outl);
          t.insert(t.end(), out, out + (outl > 0 ? outl : 0));
          at += static_cast<std::size_t>(n);
        }
        if (gcm && !enc) {
          unsigned char tag[16] = {9};
          OSSL_PARAM ps[2] = {
              OSSL_PARAM_construct_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, tag, sizeof tag),
              OSSL_PARAM_construct_end()};
          note(EVP_CIPHER_CTX_set_params(x, ps));
        }
        note(EVP_CipherFinal_ex(x, out, &outl));
        note(outl);
        t.insert(t.end(), out, out + (outl > 0 ? outl : 0));
        if (gcm && enc) {
          unsigned char tag[16] = {};
          OSSL_PARAM ps[2] = {
              OSSL_PARAM_construct_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, tag, sizeof tag),
              OSSL_PARAM_construct_end()};
          note(EVP_CIPHER_CTX_get_params(x, ps));
          t.insert(t.end(), tag, tag + 16);
        }
        ERR_clear_error();
      };
      const unsigned char* v1 = ivlen != 0 ? iv1.data() : nullptr;
      const unsigned char* v2 = ivlen != 0 ? iv2.data() : nullptr;
      EVP_CIPHER_CTX* a = EVP_CIPHER_CTX_new();
      note(EVP_CipherInit_ex2(a, cipher, k1.data(), v1, 1, nullptr));
      EVP_CIPHER_CTX_set_padding(a, 0);
      message(a, 1, {16, 32, 48});
      note(EVP_CipherInit_ex2(a, nullptr, k1.data(), v2, 1, nullptr));  // the same key
      message(a, 1, {64, 16});
      note(EVP_CipherInit_ex2(a, nullptr, k2.data(), v1, 1, nullptr));  // another key
      message(a, 1, {80});
      EVP_CIPHER_CTX* b = EVP_CIPHER_CTX_new();
      note(EVP_CIPHER_CTX_copy(b, a));
      note(EVP_CipherInit_ex2(a, nullptr, k1.data(), v2, 1, nullptr));  // the first again
      note(EVP_CipherInit_ex2(b, nullptr, k1.data(), v1, 0, nullptr));  // the copy re-keyed
      message(b, 0, {32, 16});
      EVP_CIPHER_CTX_free(b);
      message(a, 1, {48, 32});
      note(EVP_CipherInit_ex2(a, nullptr, k1.data(), v1, 0, nullptr));  // decrypting, same key
      message(a, 0, {16, 16, 64});
      note(EVP_CipherInit_ex2(a, nullptr, k2.data(), v2, 0, nullptr));
      message(a, 0, {96});
      EVP_CIPHER_CTX_free(a);
    }
    CHECK(trace[0] == trace[1]);
    CHECK(trace[0].size() > 400);
  }

  Rng rng{std::mt19937_64(seed)};
  std::size_t run = 0;
  // Four threads, one context each on the shared fetched ciphers: the counter adds up.
  {
    g_where = "threads";
    const std::uint64_t before = bytes_processed(ours);
    const std::uint64_t sealed = bytes_processed(ours, "aeskit-bytes-sealed");
    const std::uint64_t opened = bytes_processed(ours, "aeskit-bytes-opened");
    std::vector<std::thread> threads;
    std::vector<int> ok(4, 0);
    for (int t = 0; t < 4; ++t)
      threads.emplace_back([&, t] {
        EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
        unsigned char key[32] = {static_cast<unsigned char>(t)}, iv[16] = {}, buf[1000] = {};
        int outl = 0, good = 1;
        const EVP_CIPHER* cipher = ciphers[static_cast<std::size_t>(t) * 3 + 2].ours;  // *-256-*
        good &= EVP_EncryptInit_ex2(ctx, cipher, key, cipher == ciphers[2].ours ? nullptr : iv,
                                    nullptr);
        EVP_CIPHER_CTX_set_padding(ctx, 0);
        for (int i = 0; i < 200; ++i)
          good &= EVP_EncryptUpdate(ctx, buf, &outl, buf, 992) == 1 && outl == 992;
        EVP_CIPHER_CTX_free(ctx);
        ok[static_cast<std::size_t>(t)] = good;
      });
    for (auto& th : threads) th.join();
    CHECK(ok[0] && ok[1] && ok[2] && ok[3]);
    CHECK(bytes_processed(ours) == before + 4 * 200 * 992);
    CHECK(bytes_processed(ours, "aeskit-bytes-sealed") == sealed + 4 * 200 * 992);
    CHECK(bytes_processed(ours, "aeskit-bytes-opened") == opened);
    const std::string text = provider_stats(ours);
    for (const char* name : {"AES-256-ECB.sealed=", "AES-256-CBC.sealed=", "AES-256-CTR.sealed=",
                             "AES-256-GCM.sealed="})
      CHECK(text.find(name) != std::string::npos);
  }

  const char* only = std::getenv("AESKIT_PROVIDER_ONLY");  // one cipher, for debugging
  // AESKIT_PROVIDER_THREADS=N (default 1): N threads run each cipher's sequences at once, each
  // with its own contexts and generator, all on the same fetched EVP_CIPHERs (for the tsan
  // preset: the provider's shared state under concurrent use).
  const char* threads_env = std::getenv("AESKIT_PROVIDER_THREADS");
  const std::size_t workers =
      threads_env == nullptr ? 1 : std::max<std::size_t>(1, std::strtoul(threads_env, nullptr, 10));
  for (auto& c : ciphers) {
    if (only != nullptr && c.name != only) continue;
    if (workers == 1) {
      for (std::size_t i = 0; i < sequences; ++i) one_sequence(c, rng);
    } else {
      std::vector<std::thread> pool;
      std::vector<Coverage> covered(workers);
      for (std::size_t w = 0; w < workers; ++w)
        pool.emplace_back([&, w, thread_seed = rng.g()] {
          Rng own{std::mt19937_64(thread_seed)};
          for (std::size_t i = w; i < sequences; i += workers) one_sequence(c, own);
          covered[w] = g_cov;
        });
      for (auto& th : pool) th.join();
      for (const Coverage& part : covered) g_cov.add(part);
    }
    run += sequences;
    std::printf("%-12s %zu sequences%s\n", c.name.c_str(), sequences,
                workers == 1 ? "" : (" on " + std::to_string(workers) + " threads").c_str());
  }
  std::printf(
      "finals: encrypt %ld ok / %ld failed, decrypt %ld ok / %ld failed; %ld copies, "
      "%ld in-place updates, re-inits without key %ld / without IV %ld, %ld replays\n",
      g_cov.final_ok_enc, g_cov.final_fail_enc, g_cov.final_ok_dec, g_cov.final_fail_dec,
      g_cov.copies, g_cov.in_place, g_cov.reinit_no_key, g_cov.reinit_no_iv, g_cov.tag_replays);
  if (only == nullptr && sequences >= 100) {
    g_where = "coverage";
    CHECK(g_cov.final_ok_dec > 0 && g_cov.final_fail_dec > 0 && g_cov.final_ok_enc > 0);
    CHECK(g_cov.copies > 0 && g_cov.in_place > 0 && g_cov.reinit_no_key > 0 &&
          g_cov.reinit_no_iv > 0);
    CHECK(g_cov.tag_replays > 0);
  }
  std::printf("aeskit-bytes-processed: %llu\n",
              static_cast<unsigned long long>(bytes_processed(ours)));

  for (auto& c : ciphers) {
    EVP_CIPHER_free(c.ours);
    EVP_CIPHER_free(c.theirs);
  }
  OSSL_PROVIDER_unload(ours);
  OSSL_PROVIDER_unload(deflt);
  OSSL_LIB_CTX_free(lib);
  ERR_clear_error();
  std::printf("%zu sequences, %d failures\n", run, g_failures.load());
  return g_failures == 0 && ciphers.size() == 12 ? 0 : 1;
}
