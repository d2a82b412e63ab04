// provider_mac_diff_test.cpp — differential test of the aeskit provider's MACs (CMAC over
// AES-{128,192,256}-CBC, GMAC over AES-{128,192,256}-GCM) against OpenSSL's default provider:
// EVP_MAC_fetch(..., "provider=aeskit") and "provider=default" side by side, random keys
// (and wrong key lengths), the cipher by any of its names, IVs of any length (GMAC),
// messages in random pieces (0 bytes included), EVP_MAC_CTX_dup at random points (going on
// with the copy or the original), re-init with and without a key, finals; every return value,
// length, MAC and size must agree.
//
// Environment: AESKIT_PROVIDER_SEQUENCES (sequences per MAC, default 2000), AESKIT_TEST_SEED,
// AESKIT_PROVIDER_TRACE. argv[1]: the folder holding aeskit.so.
#include <openssl/core_names.h>
#include <openssl/evp.h>

#include <cstring>

#include "diff_support.hpp"

namespace {

using diff::Bytes;
using diff::Rng;

struct Mac {
  std::string name;
  bool gmac = false;
  EVP_MAC* ours = nullptr;
  EVP_MAC* theirs = nullptr;
};

long g_finals_ok = 0, g_finals_failed = 0, g_dups = 0, g_reinits = 0, g_bad_keys = 0;

std::string cipher_name(bool gmac, int bits, Rng& rng) {
  const std::string b = std::to_string(bits);
  if (gmac) {
    switch (rng.below(4)) {
      case 0:
        return "id-aes" + b + "-GCM";
      case 1:
        return "aes-" + b + "-gcm";
      default:
        return "AES-" + b + "-GCM";
    }
  }
  switch (rng.below(4)) {
    case 0:
      return "AES" + b;
    case 1:
      return "aes-" + b + "-cbc";
    default:
      return "AES-" + b + "-CBC";
  }
}

struct Pair {
  EVP_MAC_CTX* a = nullptr;
  EVP_MAC_CTX* d = nullptr;
  Pair(const Pair&) = delete;
  Pair& operator=(const Pair&) = delete;
  Pair(EVP_MAC* ours, EVP_MAC* theirs) : a(EVP_MAC_CTX_new(ours)), d(EVP_MAC_CTX_new(theirs)) {}
  ~Pair() {
    EVP_MAC_CTX_free(a);
    EVP_MAC_CTX_free(d);
  }
};

void mac_sequence(Mac& m, Rng& rng) {
  Pair p(m.ours, m.theirs);
  CHECK(p.a != nullptr && p.d != nullptr);
  int bits = 128;
  // What the test knows, to stay where OpenSSL defines the result:
  bool usable = false;    // a cipher and a key took (GMAC: and an IV): the next init may be
                          // partial; otherwise it gives cipher, key and IV
  bool started = false;   // GMAC: data since the IV was set (a new key alone would leave
                          // OpenSSL's GCM on a zeroed state mid-message: not compared)
  bool finished = false;  // CMAC: a final since the last init (OpenSSL's CMAC then goes on
                          // from a half-changed state: not compared)
  const std::size_t steps = 2 + rng.below(14);
  for (std::size_t step = 0; step < steps; ++step) {
    diff::g_where = m.name + " step " + std::to_string(step);
    std::size_t op = rng.below(10);
    // Unusable: an init, or now and then an update or final that both must refuse (not
    // before the first init: OpenSSL 3.0's CMAC size query needs a cipher).
    if (!usable && op > 1) op = step > 0 && rng.coin(4) ? (rng.coin() ? 2 : 6) : 0;
    if (op == 0 || op == 1) {
      // (Re-)init: sometimes a new cipher (GMAC: then an IV too), a key (in the call or as a
      // parameter, sometimes of a wrong length), a new IV; or none of them.
      const bool new_cipher = !usable || rng.coin(4);
      if (new_cipher) bits = rng.coin(3) ? 128 : rng.coin() ? 192 : 256;
      const std::string cname = cipher_name(m.gmac, bits, rng);
      const bool give_key = new_cipher || rng.coin(3);
      std::size_t keylen = static_cast<std::size_t>(bits / 8);
      if (give_key && rng.coin(12)) keylen = rng.coin() ? keylen + 8 : 16 + 8 * rng.below(3) - 1;
      Bytes key = rng.bytes(keylen);
      const bool give_iv = m.gmac && (new_cipher || rng.coin(2) || (give_key && started));
      Bytes iv = rng.bytes(rng.coin(3) ? 12 : 1 + rng.below(40));
      const bool key_in_params = rng.coin();
      // Built twice: the default is told to take its own GCM/CBC cipher.
      auto build = [&](bool ours, OSSL_PARAM* ps) {
        std::size_t n = 0;
        if (new_cipher) {
          ps[n++] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER,
                                                     const_cast<char*>(cname.c_str()), 0);
          if (!ours)
            ps[n++] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_PROPERTIES,
                                                       const_cast<char*>("provider=default"), 0);
        }
        if (give_key && key_in_params)
          ps[n++] = OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_KEY, key.data(), key.size());
        if (give_iv)
          ps[n++] = OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_IV, iv.data(), iv.size());
        ps[n] = OSSL_PARAM_construct_end();
      };
      OSSL_PARAM pa[5], pd[5];
      build(true, pa);
      build(false, pd);
      const unsigned char* k = give_key && !key_in_params ? key.data() : nullptr;
      const int ra = EVP_MAC_init(p.a, k, k ? key.size() : 0, pa);
      const int rd = EVP_MAC_init(p.d, k, k ? key.size() : 0, pd);
      CHECK(ra == rd);
      if (diff::g_trace)
        std::fprintf(stderr, "  init %s key %d (%zu) iv %d: aeskit %d default %d\n",
                     new_cipher ? cname.c_str() : "-", give_key, key.size(), give_iv, ra, rd);
      const bool bad_key = give_key && keylen != static_cast<std::size_t>(bits / 8);
      if (bad_key) ++g_bad_keys;
      if (!new_cipher && !give_key) ++g_reinits;
      if (rd == 1) {
        usable = true;
        finished = false;
        if (give_iv) started = false;
      } else if (new_cipher || (!m.gmac && give_key)) {
        // CMAC: any failed key leaves it unusable; GMAC: a new cipher without a key (or IV).
        usable = false;
      }
      continue;
    }
    if (usable && finished && (op == 2 || op == 3 || op == 4 || op == 5 || op == 6)) continue;
    switch (op) {
      case 2:
      case 3:
      case 4:
      case 5: {  // a piece of the message
        const std::size_t n = rng.piece();
        Bytes data = rng.bytes(n);
        const int ra = EVP_MAC_update(p.a, data.data(), n);
        const int rd = EVP_MAC_update(p.d, data.data(), n);
        CHECK(ra == rd);
        if (rd == 1 && n != 0) started = true;
        break;
      }
      case 6: {  // final
        unsigned char oa[32], od[32];
        std::memset(oa, 0xa5, sizeof oa);
        std::memset(od, 0xa5, sizeof od);
        std::size_t la = 99, ld = 99;
        const int ra = EVP_MAC_final(p.a, oa, &la, sizeof oa);
        const int rd = EVP_MAC_final(p.d, od, &ld, sizeof od);
        CHECK(ra == rd);
        CHECK(la == ld);
        CHECK(std::memcmp(oa, od, sizeof oa) == 0);
        (rd == 1 ? g_finals_ok : g_finals_failed)++;
        finished = !m.gmac;  // GMAC: the IV is spent; updates and finals fail on both
        break;
      }
      case 7: {  // EVP_MAC_CTX_dup, going on with the copy or the original
        EVP_MAC_CTX* na = EVP_MAC_CTX_dup(p.a);
        EVP_MAC_CTX* nd = EVP_MAC_CTX_dup(p.d);
        CHECK((na != nullptr) == (nd != nullptr));
        if (na != nullptr && nd != nullptr) ++g_dups;
        if (na != nullptr && nd != nullptr && rng.coin()) {
          std::swap(na, p.a);
          std::swap(nd, p.d);
        }
        EVP_MAC_CTX_free(na);
        EVP_MAC_CTX_free(nd);
        break;
      }
      default: {  // sizes
        CHECK(EVP_MAC_CTX_get_mac_size(p.a) == EVP_MAC_CTX_get_mac_size(p.d));
        std::size_t ba = 7, bd = 7;
        OSSL_PARAM qa[2] = {OSSL_PARAM_construct_size_t(OSSL_MAC_PARAM_BLOCK_SIZE, &ba),
                            OSSL_PARAM_construct_end()};
        OSSL_PARAM qd[2] = {OSSL_PARAM_construct_size_t(OSSL_MAC_PARAM_BLOCK_SIZE, &bd),
                            OSSL_PARAM_construct_end()};
        CHECK(EVP_MAC_CTX_get_params(p.a, qa) == EVP_MAC_CTX_get_params(p.d, qd));
        CHECK(ba == bd);
        break;
      }
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
  const std::size_t sequences = diff::sequences_from_env(2000);
  std::printf("seed 0x%llx, %zu sequences per MAC\n", static_cast<unsigned long long>(seed),
              sequences);
  diff::Providers prov;
  if (!prov.load(argv[1])) {
    std::fprintf(stderr, "FAIL: could not load the aeskit and default providers\n");
    return 1;
  }
  Rng rng{std::mt19937_64(seed)};
  std::vector<Mac> macs;
  for (const char* name : {"CMAC", "GMAC"}) {
    Mac m;
    m.name = name;
    m.gmac = m.name == "GMAC";
    m.ours = EVP_MAC_fetch(prov.lib, name, "provider=aeskit");
    m.theirs = EVP_MAC_fetch(prov.lib, name, "provider=default");
    diff::g_where = m.name + " fetch";
    CHECK(m.ours != nullptr && m.theirs != nullptr);
    if (m.ours == nullptr || m.theirs == nullptr) continue;
    CHECK(std::strcmp(OSSL_PROVIDER_get0_name(EVP_MAC_get0_provider(m.ours)), "aeskit") == 0);
    macs.push_back(m);
  }
  // GMAC is also fetchable by its OID.
  EVP_MAC* by_oid = EVP_MAC_fetch(prov.lib, "1.0.9797.3.4", "provider=aeskit");
  diff::g_where = "GMAC by OID";
  CHECK(by_oid != nullptr);
  EVP_MAC_free(by_oid);

  // A known answer first: RFC 4493's AES-128 CMAC example 2 (one block).
  {
    diff::g_where = "CMAC RFC 4493";
    const unsigned char key[16] = {0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6,
                                   0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf, 0x4f, 0x3c};
    const unsigned char msg[16] = {0x6b, 0xc1, 0xbe, 0xe2, 0x2e, 0x40, 0x9f, 0x96,
                                   0xe9, 0x3d, 0x7e, 0x11, 0x73, 0x93, 0x17, 0x2a};
    const unsigned char want[16] = {0x07, 0x0a, 0x16, 0xb4, 0x6b, 0x4d, 0x41, 0x44,
                                    0xf7, 0x9b, 0xdd, 0x9d, 0xd0, 0x4a, 0x28, 0x7c};
    EVP_MAC_CTX* ctx = EVP_MAC_CTX_new(macs.empty() ? nullptr : macs[0].ours);
    OSSL_PARAM ps[2] = {OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER,
                                                         const_cast<char*>("AES-128-CBC"), 0),
                        OSSL_PARAM_construct_end()};
    unsigned char out[16] = {};
    std::size_t outl = 0;
    const std::uint64_t before = prov.bytes_processed();
    CHECK(ctx != nullptr && EVP_MAC_init(ctx, key, sizeof key, ps) == 1);
    CHECK(EVP_MAC_update(ctx, msg, sizeof msg) == 1);
    CHECK(EVP_MAC_final(ctx, out, &outl, sizeof out) == 1 && outl == 16);
    CHECK(std::memcmp(out, want, 16) == 0);
    CHECK(prov.bytes_processed() == before + 16);
    EVP_MAC_CTX_free(ctx);
  }

  const char* only = std::getenv("AESKIT_PROVIDER_ONLY");
  for (auto& m : macs) {
    if (only != nullptr && m.name != only) continue;
    for (std::size_t i = 0; i < sequences; ++i) mac_sequence(m, rng);
    std::printf("%-6s %zu sequences\n", m.name.c_str(), sequences);
  }
  std::printf("finals %ld ok / %ld failed, %ld dups, %ld re-inits without key, %ld bad keys\n",
              g_finals_ok, g_finals_failed, g_dups, g_reinits, g_bad_keys);
  if (only == nullptr && sequences >= 100) {
    diff::g_where = "coverage";
    CHECK(g_finals_ok > 0 && g_finals_failed > 0 && g_dups > 0 && g_reinits > 0 && g_bad_keys > 0);
  }
  for (auto& m : macs) {
    EVP_MAC_free(m.ours);
    EVP_MAC_free(m.theirs);
  }
  std::printf("%d failures\n", diff::g_failures);
  return diff::g_failures == 0 && macs.size() == 2 ? 0 : 1;
}
