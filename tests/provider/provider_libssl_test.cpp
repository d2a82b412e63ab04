// provider_libssl_test.cpp — libssl in one process over the aeskit provider: a TLS client and
// server in one OSSL_LIB_CTX with the default and aeskit providers, "?provider=aeskit"
// preferred, joined by a BIO pair, with PSK suites (no certificates needed) that take the
// record paths of this provider: TLS 1.2 AES-GCM (tlsaad, tlsivfixed, the explicit IV), AES-CCM
// and AES-CCM8 (tlsaad, tlsivfixed, the sequence number as explicit nonce), and
// AES-CBC-HMAC-SHA1/SHA256 without encrypt-then-MAC (the stitched ciphers) in TLS 1.2, 1.1
// and 1.0 (the chained IV); and AES-CBC with encrypt-then-MAC or with a MAC that has no
// stitched cipher (the generic CBC record path). Data of many sizes both ways, compared; the
// provider's aeskit-bytes-processed counter must grow by at least what was sent (so a run that fell
// back to the default provider fails). Where the default provider has no stitched ciphers
// the CBC suites still run (libssl then uses AES-CBC + HMAC).
//
// argv[1]: the folder holding aeskit.so.
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/ssl.h>

#include <cstring>

#include "diff_support.hpp"

namespace {

using diff::Bytes;

const unsigned char kPsk[32] = {1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16,
                                17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32};

unsigned int client_psk(SSL*, const char*, char* identity, unsigned int max_identity,
                        unsigned char* psk, unsigned int max_psk) {
  if (max_identity < 7 || max_psk < sizeof kPsk) return 0;
  std::memcpy(identity, "aeskit", 7);
  std::memcpy(psk, kPsk, sizeof kPsk);
  return sizeof kPsk;
}

unsigned int server_psk(SSL*, const char* identity, unsigned char* psk, unsigned int max_psk) {
  if (std::strcmp(identity, "aeskit") != 0 || max_psk < sizeof kPsk) return 0;
  std::memcpy(psk, kPsk, sizeof kPsk);
  return sizeof kPsk;
}

// Moves whatever is pending between the two ends until both handshakes are done.
bool handshake(SSL* c, SSL* s) {
  for (int i = 0; i < 200; ++i) {
    const int rc = SSL_do_handshake(c), rs = SSL_do_handshake(s);
    if (rc == 1 && rs == 1) return true;
    const int ec = SSL_get_error(c, rc), es = SSL_get_error(s, rs);
    if ((rc != 1 && ec != SSL_ERROR_WANT_READ && ec != SSL_ERROR_WANT_WRITE) ||
        (rs != 1 && es != SSL_ERROR_WANT_READ && es != SSL_ERROR_WANT_WRITE))
      return false;
  }
  return false;
}

// Sends `data` from `from` to `to` in pieces and reads it back on the other side.
bool transfer(SSL* from, SSL* to, const Bytes& data) {
  std::size_t sent = 0, got = 0;
  Bytes back(data.size());
  for (int spins = 0; got < data.size() && spins < 100000; ++spins) {
    if (sent < data.size()) {
      const int n = SSL_write(from, data.data() + sent, static_cast<int>(data.size() - sent));
      if (n > 0)
        sent += static_cast<std::size_t>(n);
      else if (SSL_get_error(from, n) != SSL_ERROR_WANT_WRITE &&
               SSL_get_error(from, n) != SSL_ERROR_WANT_READ)
        return false;
    }
    const int r = SSL_read(to, back.data() + got, static_cast<int>(back.size() - got));
    if (r > 0)
      got += static_cast<std::size_t>(r);
    else if (SSL_get_error(to, r) != SSL_ERROR_WANT_READ)
      return false;
  }
  return got == data.size() && back == data;
}

struct Suite {
  const char* cipher;
  int version;
  bool etm;
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s <folder with aeskit.so>\n", argv[0]);
    return 2;
  }
  diff::Providers prov;
  if (!prov.load(argv[1])) {
    std::fprintf(stderr, "FAIL: could not load the aeskit and default providers\n");
    return 1;
  }
  const Suite suites[] = {
      {"PSK-AES128-GCM-SHA256", TLS1_2_VERSION, true},
      {"PSK-AES256-GCM-SHA384", TLS1_2_VERSION, true},
      // TLS 1.2 AES-CCM (tlsaad, tlsivfixed, the sequence number as explicit nonce), with
      // 16- and 8-byte tags.
      {"PSK-AES128-CCM", TLS1_2_VERSION, true},
      {"PSK-AES256-CCM", TLS1_2_VERSION, true},
      {"PSK-AES128-CCM8", TLS1_2_VERSION, true},
      {"PSK-AES256-CCM8", TLS1_2_VERSION, true},
      {"PSK-AES128-CBC-SHA", TLS1_2_VERSION, false},
      {"PSK-AES256-CBC-SHA", TLS1_2_VERSION, false},
      {"PSK-AES128-CBC-SHA256", TLS1_2_VERSION, false},
      {"PSK-AES256-CBC-SHA", TLS1_1_VERSION, false},
      {"PSK-AES128-CBC-SHA", TLS1_VERSION, false},
      // AES-CBC + HMAC through the generic CBC record path (tls-version, tls-mac-size):
      // encrypt-then-MAC, and MAC-then-encrypt where no stitched cipher exists (SHA-384:
      // padding and MAC taken off in constant time by the provider).
      {"PSK-AES128-CBC-SHA", TLS1_2_VERSION, true},
      {"PSK-AES256-CBC-SHA", TLS1_1_VERSION, true},
      {"PSK-AES128-CBC-SHA", TLS1_VERSION, true},
      {"PSK-AES256-CBC-SHA384", TLS1_2_VERSION, false},
  };
  diff::Rng rng{std::mt19937_64(diff::seed_from_env())};
  for (const Suite& suite : suites) {
    diff::g_where = std::string(suite.cipher) + " " + std::to_string(suite.version);
    SSL_CTX* cctx = SSL_CTX_new_ex(prov.lib, "?provider=aeskit", TLS_client_method());
    SSL_CTX* sctx = SSL_CTX_new_ex(prov.lib, "?provider=aeskit", TLS_server_method());
    CHECK(cctx != nullptr && sctx != nullptr);
    if (cctx == nullptr || sctx == nullptr) return 1;
    for (SSL_CTX* ctx : {cctx, sctx}) {
      SSL_CTX_set_min_proto_version(ctx, suite.version);
      SSL_CTX_set_max_proto_version(ctx, suite.version);
      const std::string list = std::string(suite.cipher) + ":@SECLEVEL=0";
      CHECK(SSL_CTX_set_cipher_list(ctx, list.c_str()) == 1);
      if (!suite.etm) SSL_CTX_set_options(ctx, SSL_OP_NO_ENCRYPT_THEN_MAC);
    }
    SSL_CTX_set_psk_client_callback(cctx, client_psk);
    SSL_CTX_set_psk_server_callback(sctx, server_psk);
    SSL* c = SSL_new(cctx);
    SSL* s = SSL_new(sctx);
    BIO *bc = nullptr, *bs = nullptr;
    CHECK(BIO_new_bio_pair(&bc, 1 << 17, &bs, 1 << 17) == 1);
    SSL_set_bio(c, bc, bc);
    SSL_set_bio(s, bs, bs);
    SSL_set_connect_state(c);
    SSL_set_accept_state(s);
    const std::uint64_t before = prov.bytes_processed();
    const bool shook = handshake(c, s);
    CHECK(shook);
    if (!shook) ERR_print_errors_fp(stderr);
    std::size_t total = 0;
    for (int i = 0; shook && i < 40; ++i) {
      const std::size_t n = i < 20 ? rng.below(300) + 1 : rng.below(70000) + 1;
      Bytes data = rng.bytes(n);
      const bool ok = transfer(i % 2 ? c : s, i % 2 ? s : c, data);
      CHECK(ok);
      if (!ok) {
        ERR_print_errors_fp(stderr);
        break;
      }
      total += n;
    }
    const std::uint64_t moved = prov.bytes_processed() - before;
    const char* name = shook ? SSL_CIPHER_get_name(SSL_get_current_cipher(c)) : "-";
    // Each byte is sealed on one side and opened on the other.
    CHECK(moved >= 2 * total);
    std::printf("%-24s %-8s etm %d: %zu bytes each way-ish, aeskit processed %llu\n", name,
                SSL_get_version(c), suite.etm, total, static_cast<unsigned long long>(moved));
    SSL_free(c);
    SSL_free(s);
    SSL_CTX_free(cctx);
    SSL_CTX_free(sctx);
  }
  std::printf("%d failures\n", diff::g_failures);
  return diff::g_failures == 0 ? 0 : 1;
}
