/* tests/capi/capi_c_test.c — the C API (aeskit/aeskit.h) from C99: every function, known
 * answers (FIPS-197 C.1, the GCM specification's test case 2, SHA-256("abc") from FIPS 180-2
 * B.1, RFC 5869 A.1, RFC 4493 example 2 is not used: CMAC is checked against its incremental
 * form), round trips, every documented size error, NULL with a non-zero length, overlapping
 * buffers, zeroed output after a failed open, and "nothing written on error" (canaries);
 * chunked encryption whole, pushed and pulled, by raw key and by key handle.
 * Compiled as C (-std=c99 -Wall -Wextra -pedantic -Werror); exit status 0 only if every
 * check passed; prints the number of checks. */
#include <stdio.h>
#include <string.h>

#include "aeskit/aeskit.h"

static int checks = 0;
static int failures = 0;

#define CHECK(cond)                                                            \
  do {                                                                         \
    ++checks;                                                                  \
    if (!(cond)) {                                                             \
      ++failures;                                                              \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
    }                                                                          \
  } while (0)

#define CHECK_RC(call, want)                                                                   \
  do {                                                                                         \
    int rc_ = (call);                                                                          \
    ++checks;                                                                                  \
    if (rc_ != (want)) {                                                                       \
      ++failures;                                                                              \
      fprintf(stderr, "%s:%d: %s returned %d (%s), want %d\n", __FILE__, __LINE__, #call, rc_, \
              aeskit_error_message(rc_), (int)(want));                                         \
    }                                                                                          \
  } while (0)

static void from_hex(const char* hex, uint8_t* out) {
  size_t i;
  for (i = 0; hex[2 * i] != '\0'; ++i) {
    unsigned v = 0;
    sscanf(hex + 2 * i, "%2x", &v);
    out[i] = (uint8_t)v;
  }
}

static int all_equal(const uint8_t* p, size_t n, uint8_t v) {
  size_t i;
  for (i = 0; i < n; ++i)
    if (p[i] != v) return 0;
  return 1;
}

/* Version, random bytes, key generation and the error details (issue 37). */
static void test_version_random_details(void) {
  const char* s = NULL;
  uint8_t a[64], b[64], key[64];
  size_t len = 0;
  aeskit_aead* ctx = NULL;
  CHECK(AESKIT_HEADERS_MATCH_LIBRARY() == 1);
  CHECK(aeskit_version_compatible(AESKIT_VERSION_MAJOR, AESKIT_VERSION_MINOR) == 1);
  CHECK(aeskit_version_compatible(AESKIT_VERSION_MAJOR, AESKIT_VERSION_MINOR + 1) == 0);
  CHECK(aeskit_version_compatible(AESKIT_VERSION_MAJOR + 1, AESKIT_VERSION_MINOR) == 0);
  CHECK_RC(aeskit_version(&s), AESKIT_OK);
  CHECK(strcmp(s, AESKIT_VERSION_STRING) == 0);
  CHECK(AESKIT_VERSION_NUMBER ==
        AESKIT_VERSION_MAJOR * 10000 + AESKIT_VERSION_MINOR * 100 + AESKIT_VERSION_PATCH);

  memset(a, 0, sizeof a);
  memset(b, 0, sizeof b);
  CHECK_RC(aeskit_random_bytes(a, sizeof a), AESKIT_OK);
  CHECK_RC(aeskit_random_bytes(b, sizeof b), AESKIT_OK);
  CHECK(memcmp(a, b, sizeof a) != 0 && !all_equal(a, sizeof a, 0));
  CHECK_RC(aeskit_random_bytes(NULL, 0), AESKIT_OK);
  CHECK_RC(aeskit_random_bytes(NULL, 4), AESKIT_E_NULL_POINTER);

  /* Key generation: the algorithm's length; too small reports the length needed. */
  CHECK_RC(aeskit_aead_key_generate("AES-256-GCM", key, sizeof key, &len), AESKIT_OK);
  CHECK(len == 32);
  CHECK_RC(aeskit_aead_new(&ctx, "AES-256-GCM", key, len, 0), AESKIT_OK);
  aeskit_aead_free(ctx);
  len = 0;
  CHECK_RC(aeskit_aead_key_generate("AES-128-SIV", key, 16, &len), AESKIT_E_OUTPUT_TOO_SMALL);
  CHECK(len == 32);
  CHECK_RC(aeskit_aead_key_generate("AES-128-GMC", key, sizeof key, &len),
           AESKIT_E_UNKNOWN_ALGORITHM);
  CHECK(strstr(aeskit_error_detail(AESKIT_E_UNKNOWN_ALGORITHM), "did you mean AES-128-GCM?") !=
        NULL);
  CHECK_RC(aeskit_aead_key_generate(NULL, key, sizeof key, &len), AESKIT_E_NULL_POINTER);

  /* A wrong key length names the algorithm, the length it takes and the one given. */
  CHECK_RC(aeskit_aead_new(&ctx, "AES-128-GCM", key, 32, 0), AESKIT_E_BAD_KEY_LENGTH);
  CHECK(strcmp(aeskit_error_detail(AESKIT_E_BAD_KEY_LENGTH),
               "AES-128-GCM takes a 16-byte key; got 32 bytes") == 0);
  CHECK_RC(aeskit_aead_new(&ctx, "AEGIS-128L", key, 15, 0), AESKIT_E_BAD_KEY_LENGTH);
  CHECK(strcmp(aeskit_error_detail(AESKIT_E_BAD_KEY_LENGTH),
               "AEGIS-128L takes a 16-byte key; got 15 bytes") == 0);
  /* A detail of another code is never shown: the plain message instead. */
  CHECK(strcmp(aeskit_error_detail(AESKIT_E_BAD_TAG_LENGTH),
               aeskit_error_message(AESKIT_E_BAD_TAG_LENGTH)) == 0);
  CHECK(strcmp(aeskit_error_detail(999), "unknown error") == 0);

  /* OUTPUT_TOO_SMALL: *out_len gets the size needed; then the retry succeeds. */
  {
    uint8_t nonce[12] = {0}, msg[40] = {0}, out[128];
    size_t out_len = 0;
    CHECK_RC(aeskit_aead_new(&ctx, "AES-128-GCM", key, 16, 0), AESKIT_OK);
    CHECK_RC(aeskit_aead_seal(ctx, out, &out_len, 55, nonce, 12, msg, 40, NULL, 0),
             AESKIT_E_OUTPUT_TOO_SMALL);
    CHECK(out_len == 56);
    CHECK(strstr(aeskit_error_detail(AESKIT_E_OUTPUT_TOO_SMALL), "needs 56 bytes") != NULL);
    CHECK_RC(aeskit_aead_seal(ctx, out, &out_len, out_len, nonce, 12, msg, 40, NULL, 0), AESKIT_OK);
    CHECK(out_len == 56);
    aeskit_aead_free(ctx);
  }
}

static void test_library(void) {
  const char* s = NULL;
  char buf[8];
  size_t len = 0, need = 0;
  int code;
  CHECK_RC(aeskit_version(&s), AESKIT_OK);
  CHECK(s != NULL && strcmp(s, "0.1.0") == 0);
  CHECK_RC(aeskit_version(NULL), AESKIT_E_NULL_POINTER);
  for (code = 0; code <= AESKIT_E_RANDOM_FAILED; ++code) {
    CHECK_RC(aeskit_error_string(code, &s), AESKIT_OK);
    CHECK(s != NULL && strcmp(s, "unknown error") != 0);
  }
  CHECK_RC(aeskit_error_string(999, &s), AESKIT_OK);
  CHECK(strcmp(s, "unknown error") == 0);
  CHECK(strcmp(aeskit_error_message(-1), "unknown error") == 0);
  CHECK_RC(aeskit_error_string(0, NULL), AESKIT_E_NULL_POINTER);
  /* The report: size query, too small (nothing written), then the whole text. */
  CHECK_RC(aeskit_cpu_report(NULL, 0, &need), AESKIT_OK);
  CHECK(need > 20);
  memset(buf, 'x', sizeof buf);
  len = 0;
  CHECK_RC(aeskit_cpu_report(buf, sizeof buf, &len), AESKIT_E_OUTPUT_TOO_SMALL);
  CHECK(buf[0] == 'x');
  CHECK(len == need); /* the size a retry needs */
  CHECK_RC(aeskit_cpu_report(NULL, 5, &len), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_cpu_report(buf, sizeof buf, NULL), AESKIT_E_NULL_POINTER);
  {
    static char report[65536];
    CHECK(need < sizeof report);
    CHECK_RC(aeskit_cpu_report(report, sizeof report, &len), AESKIT_OK);
    CHECK(len == strlen(report) && strstr(report, "portable") != NULL);
  }
  {
    char name[64];
    CHECK_RC(aeskit_default_backend(name, sizeof name, &len), AESKIT_OK);
    CHECK(len > 0 && len == strlen(name));
  }
  CHECK_RC(aeskit_set_prefer_ymm(0), AESKIT_OK);
}

/* GCM test case 2 (McGrew and Viega): K = 0^128, IV = 0^96, P = 0^128. */
static void test_aead_known_answer(void) {
  uint8_t key[16] = {0}, nonce[12] = {0}, pt[16] = {0}, out[48], back[32], tag[16], want[32];
  size_t out_len = 0, n = 0, tag_len = 0;
  aeskit_aead* ctx = NULL;
  from_hex("0388dace60b6a392f328c2b971b2fe78ab6e47d42cec13bdf53a67b21257bddf", want);
  CHECK_RC(aeskit_aead_new(&ctx, "aes-128-gcm", key, 16, 0), AESKIT_OK);
  CHECK_RC(aeskit_aead_key_length(ctx, &n), AESKIT_OK);
  CHECK(n == 16);
  CHECK_RC(aeskit_aead_nonce_length(ctx, &n), AESKIT_OK);
  CHECK(n == 12);
  CHECK_RC(aeskit_aead_tag_length(ctx, &n), AESKIT_OK);
  CHECK(n == 16);
  CHECK_RC(aeskit_aead_max_overhead(ctx, &n), AESKIT_OK);
  CHECK(n == 16);
  CHECK_RC(aeskit_aead_seal(ctx, out, &out_len, sizeof out, nonce, 12, pt, 16, NULL, 0), AESKIT_OK);
  CHECK(out_len == 32 && memcmp(out, want, 32) == 0);
  CHECK_RC(aeskit_aead_open(ctx, back, &n, sizeof back, nonce, 12, out, 32, NULL, 0), AESKIT_OK);
  CHECK(n == 16 && all_equal(back, 16, 0));
  CHECK_RC(
      aeskit_aead_seal_detached(ctx, back, tag, &tag_len, sizeof tag, nonce, 12, pt, 16, NULL, 0),
      AESKIT_OK);
  CHECK(tag_len == 16 && memcmp(back, want, 16) == 0 && memcmp(tag, want + 16, 16) == 0);
  CHECK_RC(aeskit_aead_open_detached(ctx, back, nonce, 12, want, 16, tag, 16, NULL, 0), AESKIT_OK);
  CHECK(all_equal(back, 16, 0));
  /* In place: seal over the plaintext, open over the ciphertext. */
  memset(out, 0, 16);
  CHECK_RC(aeskit_aead_seal(ctx, out, &out_len, sizeof out, nonce, 12, out, 16, NULL, 0),
           AESKIT_OK);
  CHECK(memcmp(out, want, 32) == 0);
  CHECK_RC(aeskit_aead_open(ctx, out, &n, sizeof out, nonce, 12, out, 32, NULL, 0), AESKIT_OK);
  CHECK(n == 16 && all_equal(out, 16, 0));
  aeskit_aead_free(ctx);
  aeskit_aead_free(NULL);
}

/* Batches (aeskit_aead_seal_batch / open_batch): GCM test case 2 three times in one batch
 * (attached, detached, in place), then opened with the middle message's tag damaged: only it
 * fails and is zeroed; a NULL pointer with a length fails its message alone. */
static void test_aead_batch(void) {
  uint8_t key[16] = {0}, nonce[12] = {0}, pt[16] = {0}, want[32];
  uint8_t a[32], b[16], btag[16], c[32], pa[16], pb[16];
  aeskit_aead* ctx = NULL;
  aeskit_aead_message m[4];
  from_hex("0388dace60b6a392f328c2b971b2fe78ab6e47d42cec13bdf53a67b21257bddf", want);
  CHECK_RC(aeskit_aead_new(&ctx, "AES-128-GCM", key, 16, 0), AESKIT_OK);
  memset(m, 0, sizeof m);
  memset(c, 0, sizeof c);
  m[0].nonce = nonce, m[0].nonce_len = 12, m[0].in = pt, m[0].in_len = 16;
  m[0].out = a, m[0].max_out_len = sizeof a;
  m[1] = m[0];
  m[1].out = b, m[1].max_out_len = sizeof b, m[1].tag = btag, m[1].tag_len = sizeof btag;
  m[1].detached = 1;
  m[2] = m[0];
  m[2].in = c, m[2].out = c, m[2].max_out_len = sizeof c; /* in place */
  CHECK_RC(aeskit_aead_seal_batch(ctx, m, 3), AESKIT_OK);
  CHECK(m[0].status == AESKIT_OK && m[0].out_len == 32 && memcmp(a, want, 32) == 0);
  CHECK(m[1].status == AESKIT_OK && m[1].out_len == 16 && memcmp(b, want, 16) == 0 &&
        memcmp(btag, want + 16, 16) == 0);
  CHECK(m[2].status == AESKIT_OK && m[2].out_len == 32 && memcmp(c, want, 32) == 0);
  m[0].in = a, m[0].in_len = 32, m[0].out = pa, m[0].max_out_len = sizeof pa;
  btag[5] ^= 1;
  m[1].in = b, m[1].out = pb, m[1].max_out_len = sizeof pb;
  m[2].in = c, m[2].in_len = 32, m[2].out = c;
  memset(pb, 0x77, sizeof pb);
  m[3] = m[0];
  m[3].ad = NULL, m[3].ad_len = 3; /* NULL with a length */
  CHECK_RC(aeskit_aead_open_batch(ctx, m, 4), AESKIT_E_AUTHENTICATION_FAILED);
  CHECK(m[0].status == AESKIT_OK && m[0].out_len == 16 && all_equal(pa, 16, 0));
  CHECK(m[1].status == AESKIT_E_AUTHENTICATION_FAILED && m[1].out_len == 0 && all_equal(pb, 16, 0));
  CHECK(m[2].status == AESKIT_OK && m[2].out_len == 16 && all_equal(c, 16, 0));
  CHECK(m[3].status == AESKIT_E_NULL_POINTER && m[3].out_len == 0);
  CHECK_RC(aeskit_aead_open_batch(NULL, m, 4), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_aead_seal_batch(ctx, NULL, 1), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_aead_seal_batch(ctx, NULL, 0), AESKIT_OK);
  aeskit_aead_free(ctx);
}

/* QUIC header-protection masks: two samples in two packets, against one-block ECB. */
static void test_hp_masks(void) {
  uint8_t key[16], p1[40], p2[30], masks[32], one[16];
  const uint8_t* samples[2];
  aeskit_aes* aes = NULL;
  size_t n = 0;
  memset(key, 7, sizeof key);
  memset(p1, 1, sizeof p1);
  memset(p2, 2, sizeof p2);
  samples[0] = p1 + 9, samples[1] = p2 + 5;
  CHECK_RC(aeskit_aes_new(&aes, key, 16, NULL), AESKIT_OK);
  CHECK_RC(aeskit_hp_masks(aes, samples, 2, masks, sizeof masks), AESKIT_OK);
  CHECK_RC(aeskit_encrypt(aes, AESKIT_MODE_ECB, AESKIT_PADDING_NONE, NULL, 0, p2 + 5, 16, one, &n,
                          sizeof one),
           AESKIT_OK);
  CHECK(n == 16 && memcmp(masks + 16, one, 16) == 0);
  CHECK_RC(aeskit_hp_masks(aes, samples, 2, masks, 31), AESKIT_E_OUTPUT_TOO_SMALL);
  CHECK_RC(aeskit_hp_masks(NULL, samples, 2, masks, 32), AESKIT_E_NULL_POINTER);
  aeskit_aes_free(aes);
}

static void test_aead_errors(void) {
  uint8_t key[32] = {1}, nonce[12] = {2}, msg[64] = {3}, ad[8] = {4}, buf[128], out[128];
  uint8_t tag[16];
  size_t n = 12345, tag_len = 0, i, count = 0;
  const char* name = NULL;
  aeskit_aead* ctx = NULL;
  /* Creation. */
  CHECK_RC(aeskit_aead_new(&ctx, "AES-128-NOPE", key, 16, 0), AESKIT_E_UNKNOWN_ALGORITHM);
  CHECK_RC(aeskit_aead_new(&ctx, "AES-128-GCM", key, 17, 0), AESKIT_E_BAD_KEY_LENGTH);
  CHECK_RC(aeskit_aead_new(&ctx, "AES-128-GCM", key, 16, 5), AESKIT_E_BAD_TAG_LENGTH);
  CHECK_RC(aeskit_aead_new(&ctx, "AES-128-GCM", NULL, 16, 0), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_aead_new(&ctx, NULL, key, 16, 0), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_aead_new(NULL, "AES-128-GCM", key, 16, 0), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_aead_new_backend(&ctx, "AES-128-GCM", key, 16, 0, "no-such"),
           AESKIT_E_UNKNOWN_BACKEND);
  CHECK(ctx == NULL);
  CHECK_RC(aeskit_aead_new_backend(&ctx, "AES-128-GCM", key, 16, 12, "portable"), AESKIT_OK);
  CHECK_RC(aeskit_aead_tag_length(ctx, &n), AESKIT_OK);
  CHECK(n == 12);
  CHECK_RC(aeskit_aead_tag_length(NULL, &n), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_aead_key_length(ctx, NULL), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_aead_nonce_length(NULL, &n), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_aead_max_overhead(NULL, &n), AESKIT_E_NULL_POINTER);
  /* Sizes: nothing written on error, *out_len untouched, except that OUTPUT_TOO_SMALL reports
   * the size needed there. */
  memset(out, 0xEE, sizeof out);
  n = 777;
  CHECK_RC(aeskit_aead_seal(ctx, out, &n, 64 + 11, nonce, 12, msg, 64, ad, 8),
           AESKIT_E_OUTPUT_TOO_SMALL);
  CHECK(n == 64 + 12 && all_equal(out, sizeof out, 0xEE)); /* 12-byte tags */
  n = 777;
  CHECK_RC(aeskit_aead_seal(ctx, out, &n, sizeof out, nonce, 0, msg, 64, ad, 8),
           AESKIT_E_BAD_NONCE_LENGTH);
  /* NULL with a non-zero length, for each pointer. */
  CHECK_RC(aeskit_aead_seal(ctx, NULL, &n, 80, nonce, 12, msg, 64, ad, 8), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_aead_seal(ctx, out, &n, sizeof out, NULL, 12, msg, 64, ad, 8),
           AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_aead_seal(ctx, out, &n, sizeof out, nonce, 12, NULL, 64, ad, 8),
           AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_aead_seal(ctx, out, &n, sizeof out, nonce, 12, msg, 64, NULL, 8),
           AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_aead_seal(ctx, out, NULL, sizeof out, nonce, 12, msg, 64, ad, 8),
           AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_aead_seal(NULL, out, &n, sizeof out, nonce, 12, msg, 64, ad, 8),
           AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_aead_open(ctx, out, &n, sizeof out, nonce, 12, NULL, 64, ad, 8),
           AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_aead_seal_detached(ctx, NULL, tag, &tag_len, 16, nonce, 12, msg, 64, ad, 8),
           AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_aead_open_detached(ctx, out, nonce, 12, msg, 64, NULL, 12, ad, 8),
           AESKIT_E_NULL_POINTER);
  CHECK(n == 777 && all_equal(out, sizeof out, 0xEE));
  /* NULL with a zero length is an empty input. */
  CHECK_RC(aeskit_aead_seal(ctx, out, &n, sizeof out, nonce, 12, NULL, 0, NULL, 0), AESKIT_OK);
  CHECK(n == 12);
  CHECK_RC(aeskit_aead_open(ctx, NULL, &n, 0, nonce, 12, out, 12, NULL, 0), AESKIT_OK);
  CHECK(n == 0);
  /* Overlap: output one byte after the input, nonce or AD inside the output. */
  memcpy(buf, msg, 64);
  CHECK_RC(aeskit_aead_seal(ctx, buf + 1, &n, 100, nonce, 12, buf, 64, ad, 8),
           AESKIT_E_OVERLAPPING_BUFFERS);
  CHECK_RC(aeskit_aead_seal(ctx, buf, &n, 100, buf + 70, 12, msg, 64, ad, 8),
           AESKIT_E_OVERLAPPING_BUFFERS);
  CHECK_RC(aeskit_aead_seal(ctx, buf, &n, 100, nonce, 12, msg, 64, buf + 66, 8),
           AESKIT_E_OVERLAPPING_BUFFERS);
  /* A failed open zeroes its output; every tampered byte fails. */
  CHECK_RC(aeskit_aead_seal(ctx, buf, &n, sizeof buf, nonce, 12, msg, 64, ad, 8), AESKIT_OK);
  CHECK(n == 64 + 12);
  for (i = 0; i < n; i += 7) {
    buf[i] ^= 1;
    memset(out, 0xEE, sizeof out);
    CHECK_RC(aeskit_aead_open(ctx, out, &tag_len, sizeof out, nonce, 12, buf, n, ad, 8),
             AESKIT_E_AUTHENTICATION_FAILED);
    CHECK(all_equal(out, 64, 0) && out[64] == 0xEE);
    buf[i] ^= 1;
  }
  CHECK_RC(aeskit_aead_open(ctx, out, &tag_len, sizeof out, nonce, 12, buf, 11, ad, 8),
           AESKIT_E_AUTHENTICATION_FAILED);
  CHECK_RC(aeskit_aead_open(ctx, out, &tag_len, 63, nonce, 12, buf, n, ad, 8),
           AESKIT_E_OUTPUT_TOO_SMALL);
  memset(out, 0xEE, sizeof out);
  CHECK_RC(aeskit_aead_open_detached(ctx, out, nonce, 12, buf, 64, buf + 64, 11, ad, 8),
           AESKIT_E_AUTHENTICATION_FAILED);
  CHECK(all_equal(out, 64, 0));
  CHECK_RC(aeskit_aead_seal_detached(ctx, out, tag, &tag_len, 11, nonce, 12, msg, 64, ad, 8),
           AESKIT_E_OUTPUT_TOO_SMALL);
  /* Random nonces: refused for GCM, given for GCM-SIV, XAES-256-GCM and DNDK-GCM. */
  CHECK_RC(aeskit_random_nonce(ctx, out, sizeof out, &n), AESKIT_E_RANDOM_NONCE_UNSAFE);
  aeskit_aead_free(ctx);
  CHECK_RC(aeskit_aead_new(&ctx, "XAES-256-GCM", key, 32, 0), AESKIT_OK);
  CHECK_RC(aeskit_random_nonce(ctx, out, 23, &n), AESKIT_E_OUTPUT_TOO_SMALL);
  CHECK_RC(aeskit_random_nonce(ctx, out, sizeof out, &n), AESKIT_OK);
  CHECK(n == 24);
  CHECK_RC(aeskit_random_nonce(ctx, NULL, 24, &n), AESKIT_E_NULL_POINTER);
  aeskit_aead_free(ctx);
  /* DNDK-GCM-KC (draft-gueron-cfrg-dndkgcm-03 A.1): C || T || KC, a 48-byte "tag", random
   * 24-byte nonces; a changed commitment byte is refused with the output zeroed. */
  {
    uint8_t root[32], dnonce[24], dad[5], dpt[4], want[4 + 48], sealed[4 + 48], back[4];
    size_t len = 0;
    memset(root, 0, sizeof root);
    root[0] = 1;
    from_hex("000102030405060708090a0b0c0d0e0f1011121314151617", dnonce);
    from_hex("0100000011", dad);
    from_hex("11000001", dpt);
    from_hex(
        "8eee8a4b8a1c8d0ceb7e07e3c834cafe75aa001f2baf00efd298de13055c9a6c39e05aee571583384357"
        "635e144fa21444239968",
        want);
    CHECK_RC(aeskit_aead_new(&ctx, "dndk-gcm-kc", root, 32, 0), AESKIT_OK);
    CHECK_RC(aeskit_aead_tag_length(ctx, &n), AESKIT_OK);
    CHECK(n == 48);
    CHECK_RC(aeskit_aead_max_overhead(ctx, &n), AESKIT_OK);
    CHECK(n == 48);
    CHECK_RC(aeskit_aead_seal(ctx, sealed, &len, sizeof sealed, dnonce, 24, dpt, 4, dad, 5),
             AESKIT_OK);
    CHECK(len == sizeof want && memcmp(sealed, want, sizeof want) == 0);
    CHECK_RC(aeskit_aead_open(ctx, back, &len, sizeof back, dnonce, 24, sealed, 52, dad, 5),
             AESKIT_OK);
    CHECK(len == 4 && memcmp(back, dpt, 4) == 0);
    sealed[51] ^= 1; /* the commitment's last byte */
    CHECK_RC(aeskit_aead_open(ctx, back, &len, sizeof back, dnonce, 24, sealed, 52, dad, 5),
             AESKIT_E_AUTHENTICATION_FAILED);
    CHECK(all_equal(back, 4, 0));
    CHECK_RC(aeskit_random_nonce(ctx, out, sizeof out, &n), AESKIT_OK);
    CHECK(n == 24);
    aeskit_aead_free(ctx);
    CHECK_RC(aeskit_aead_new(&ctx, "DNDK-GCM", root, 32, 48), AESKIT_E_BAD_TAG_LENGTH);
    CHECK_RC(aeskit_aead_new(&ctx, "DNDK-GCM", root, 32, 0), AESKIT_OK);
    CHECK_RC(aeskit_random_nonce(ctx, out, sizeof out, &n), AESKIT_OK);
    CHECK(n == 24);
    aeskit_aead_free(ctx);
  }
  /* TLS CBC-HMAC: max_overhead counts the padding, no detached form. */
  CHECK_RC(aeskit_aead_new(&ctx, "AES-128-CBC-SHA256", key, 48, 0), AESKIT_OK);
  CHECK_RC(aeskit_aead_max_overhead(ctx, &n), AESKIT_OK);
  CHECK(n == 32 + 16);
  {
    aeskit_aead* other = NULL;
    uint8_t k64[64];
    memset(k64, 1, sizeof k64);
    CHECK_RC(aeskit_aead_new(&other, "AES-128-CBC-SHA1-IMPLICIT-IV", k64, 52, 0), AESKIT_OK);
    CHECK_RC(aeskit_aead_max_overhead(other, &n), AESKIT_OK);
    CHECK(n == 20 + 16);
    aeskit_aead_free(other);
    CHECK_RC(aeskit_aead_new(&other, "AES-128-CTR-HMAC-SHA256", k64, 48, 20), AESKIT_OK);
    CHECK_RC(aeskit_aead_max_overhead(other, &n), AESKIT_OK);
    CHECK(n == 20);
    aeskit_aead_free(other);
  }
  CHECK_RC(aeskit_aead_seal_detached(ctx, out, tag, &tag_len, 16, nonce, 16, msg, 64, ad, 8),
           AESKIT_E_NO_DETACHED_TAG);
  aeskit_aead_free(ctx);
  /* The algorithm list: every name makes a key of its own key length. */
  CHECK_RC(aeskit_aead_count(&count), AESKIT_OK);
  CHECK(count >= 20);
  for (i = 0; i < count; ++i) {
    uint8_t k[80] = {9};
    size_t klen = 0;
    CHECK_RC(aeskit_aead_name(i, &name), AESKIT_OK);
    for (klen = 16; klen <= 80; ++klen) {
      if (aeskit_aead_new(&ctx, name, k, klen, 0) == AESKIT_OK) break;
    }
    CHECK(ctx != NULL);
    if (ctx != NULL) {
      size_t nl = 0;
      CHECK_RC(aeskit_aead_key_length(ctx, &n), AESKIT_OK);
      CHECK(n == klen);
      CHECK_RC(aeskit_aead_nonce_length(ctx, &nl), AESKIT_OK);
      /* TLS records take an 11-byte AD: BAD_AD_LENGTH for 8. */
      CHECK_RC(aeskit_aead_seal(ctx, buf, &n, sizeof buf, msg, nl, msg, 40, ad, 8),
               strstr(name, "-CBC-") != NULL ? AESKIT_E_BAD_AD_LENGTH : AESKIT_OK);
      aeskit_aead_free(ctx);
      ctx = NULL;
    }
  }
  CHECK_RC(aeskit_aead_name(count, &name), AESKIT_E_UNKNOWN_ALGORITHM);
  CHECK_RC(aeskit_aead_count(NULL), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_aead_name(0, NULL), AESKIT_E_NULL_POINTER);
}

/* FIPS-197 C.1 (AES-128) through ECB; CBC/CTR round trips one-shot and incremental. */
static void test_modes(void) {
  uint8_t key[16], pt[16], want[16], out[64], back[64], iv[16] = {7}, msg[40];
  size_t n = 0, m = 0, i, total;
  aeskit_aes* aes = NULL;
  aeskit_cipher* c = NULL;
  from_hex("000102030405060708090a0b0c0d0e0f", key);
  from_hex("00112233445566778899aabbccddeeff", pt);
  from_hex("69c4e0d86a7b0430d8cdb78070b4c55a", want);
  CHECK_RC(aeskit_aes_new(&aes, key, 15, NULL), AESKIT_E_BAD_KEY_LENGTH);
  CHECK_RC(aeskit_aes_new(&aes, key, 16, "no-such"), AESKIT_E_UNKNOWN_BACKEND);
  CHECK_RC(aeskit_aes_new(&aes, NULL, 16, NULL), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_aes_new(NULL, key, 16, NULL), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_aes_new(&aes, key, 16, ""), AESKIT_OK);
  CHECK_RC(aeskit_encrypt(aes, AESKIT_MODE_ECB, AESKIT_PADDING_NONE, NULL, 0, pt, 16, out, &n, 16),
           AESKIT_OK);
  CHECK(n == 16 && memcmp(out, want, 16) == 0);
  CHECK_RC(
      aeskit_decrypt(aes, AESKIT_MODE_ECB, AESKIT_PADDING_NONE, NULL, 0, out, 16, back, &n, 16),
      AESKIT_OK);
  CHECK(memcmp(back, pt, 16) == 0);
  /* Errors: nothing written. */
  memset(out, 0xEE, sizeof out);
  CHECK_RC(aeskit_encrypt(aes, AESKIT_MODE_ECB, AESKIT_PADDING_NONE, NULL, 0, pt, 15, out, &n, 64),
           AESKIT_E_NOT_BLOCK_MULTIPLE);
  CHECK_RC(aeskit_encrypt(aes, AESKIT_MODE_CBC, AESKIT_PADDING_NONE, iv, 15, pt, 16, out, &n, 64),
           AESKIT_E_BAD_IV_LENGTH);
  CHECK_RC(aeskit_encrypt(aes, AESKIT_MODE_CBC, AESKIT_PADDING_PKCS7, iv, 16, pt, 16, out, &n, 31),
           AESKIT_E_OUTPUT_TOO_SMALL);
  CHECK_RC(
      aeskit_encrypt(aes, AESKIT_MODE_CTR128, AESKIT_PADDING_PKCS7, iv, 16, pt, 16, out, &n, 64),
      AESKIT_E_INVALID_ARGUMENT);
  CHECK_RC(aeskit_encrypt(aes, 42, AESKIT_PADDING_NONE, iv, 16, pt, 16, out, &n, 64),
           AESKIT_E_UNKNOWN_ALGORITHM);
  CHECK_RC(aeskit_encrypt(aes, AESKIT_MODE_CBC, 9, iv, 16, pt, 16, out, &n, 64),
           AESKIT_E_INVALID_ARGUMENT);
  CHECK_RC(aeskit_encrypt(aes, AESKIT_MODE_CBC, AESKIT_PADDING_NONE, NULL, 16, pt, 16, out, &n, 64),
           AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_encrypt(aes, AESKIT_MODE_CBC, AESKIT_PADDING_NONE, iv, 16, NULL, 16, out, &n, 64),
           AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_encrypt(NULL, AESKIT_MODE_CBC, AESKIT_PADDING_NONE, iv, 16, pt, 16, out, &n, 64),
           AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_decrypt(aes, AESKIT_MODE_CBC, AESKIT_PADDING_NONE, iv, 16, pt, 16, out, NULL, 64),
           AESKIT_E_NULL_POINTER);
  CHECK(all_equal(out, sizeof out, 0xEE));
  memcpy(back, msg, 32);
  CHECK_RC(aeskit_encrypt(aes, AESKIT_MODE_CTR32, AESKIT_PADDING_NONE, iv, 16, back, 32, back + 3,
                          &n, 40),
           AESKIT_E_OVERLAPPING_BUFFERS);
  /* PKCS#7 CBC round trip, then the same through the incremental cipher in 7-byte pieces. */
  for (i = 0; i < sizeof msg; ++i) msg[i] = (uint8_t)i;
  CHECK_RC(aeskit_encrypt(aes, AESKIT_MODE_CBC, AESKIT_PADDING_PKCS7, iv, 16, msg, 40, out, &n, 64),
           AESKIT_OK);
  CHECK(n == 48);
  CHECK_RC(
      aeskit_cipher_new(&c, aes, AESKIT_MODE_CBC, AESKIT_DECRYPT, AESKIT_PADDING_PKCS7, iv, 16),
      AESKIT_OK);
  total = 0;
  for (i = 0; i < 48; i += 7) {
    size_t piece = 48 - i < 7 ? 48 - i : 7;
    CHECK_RC(aeskit_cipher_update(c, out + i, piece, back + total, &m, sizeof back - total),
             AESKIT_OK);
    total += m;
  }
  CHECK_RC(aeskit_cipher_pending(c, &m), AESKIT_OK);
  CHECK(m == 16);
  CHECK_RC(aeskit_cipher_finish(c, back + total, &m, sizeof back - total), AESKIT_OK);
  total += m;
  CHECK(total == 40 && memcmp(back, msg, 40) == 0);
  CHECK_RC(aeskit_cipher_update(c, msg, 16, back, &m, sizeof back), AESKIT_E_INVALID_STATE);
  aeskit_cipher_free(c);
  /* A bad padding is refused at finish. */
  out[31] ^= 0x55; /* flips the last padding byte */
  CHECK_RC(
      aeskit_cipher_new(&c, aes, AESKIT_MODE_CBC, AESKIT_DECRYPT, AESKIT_PADDING_PKCS7, iv, 16),
      AESKIT_OK);
  CHECK_RC(aeskit_cipher_update(c, out, 48, back, &m, sizeof back), AESKIT_OK);
  CHECK_RC(aeskit_cipher_finish(c, back, &m, sizeof back), AESKIT_E_BAD_PADDING);
  aeskit_cipher_free(c);
  aeskit_cipher_free(NULL);
  CHECK_RC(aeskit_cipher_new(&c, aes, 99, AESKIT_ENCRYPT, 0, iv, 16), AESKIT_E_UNKNOWN_ALGORITHM);
  CHECK_RC(aeskit_cipher_new(&c, aes, AESKIT_MODE_CBC, 5, 0, iv, 16), AESKIT_E_INVALID_ARGUMENT);
  CHECK_RC(aeskit_cipher_new(&c, aes, AESKIT_MODE_CBC, AESKIT_ENCRYPT, 0, iv, 3),
           AESKIT_E_BAD_IV_LENGTH);
  CHECK_RC(aeskit_cipher_new(&c, NULL, AESKIT_MODE_CBC, AESKIT_ENCRYPT, 0, iv, 16),
           AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_cipher_new(&c, aes, AESKIT_MODE_CTR128, AESKIT_ENCRYPT, 0, iv, 16), AESKIT_OK);
  CHECK_RC(aeskit_cipher_update(c, NULL, 3, back, &m, sizeof back), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_cipher_update(c, msg, 3, back, NULL, sizeof back), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_cipher_update(c, msg, 3, back, &m, 2), AESKIT_E_OUTPUT_TOO_SMALL);
  CHECK_RC(aeskit_cipher_finish(c, NULL, &m, 4), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_cipher_pending(NULL, &m), AESKIT_E_NULL_POINTER);
  aeskit_cipher_free(c);

  /* Key wrap: RFC 3394 §4.1 (128-bit KEK, 128-bit key data). */
  {
    uint8_t kek[16], data[16], wrapped[24], w[40], u[40];
    aeskit_aes* k = NULL;
    from_hex("000102030405060708090a0b0c0d0e0f", kek);
    from_hex("00112233445566778899aabbccddeeff", data);
    from_hex("1fa68b0a8112b447aef34bd8fb5a7b829d3e862371d2cfe5", wrapped);
    CHECK_RC(aeskit_aes_new(&k, kek, 16, NULL), AESKIT_OK);
    CHECK_RC(aeskit_key_wrap(k, 0, data, 16, w, &n, sizeof w), AESKIT_OK);
    CHECK(n == 24 && memcmp(w, wrapped, 24) == 0);
    CHECK_RC(aeskit_key_unwrap(k, 0, w, 24, u, &n, sizeof u), AESKIT_OK);
    CHECK(n == 16 && memcmp(u, data, 16) == 0);
    CHECK_RC(aeskit_key_wrap(k, 0, data, 12, w, &n, sizeof w), AESKIT_E_NOT_SEMIBLOCK_MULTIPLE);
    CHECK_RC(aeskit_key_wrap(k, 1, data, 0, w, &n, sizeof w), AESKIT_E_EMPTY_INPUT);
    CHECK_RC(aeskit_key_wrap(k, 2, data, 16, w, &n, sizeof w), AESKIT_E_INVALID_ARGUMENT);
    CHECK_RC(aeskit_key_wrap(k, 0, data, 16, w, &n, 23), AESKIT_E_OUTPUT_TOO_SMALL);
    CHECK_RC(aeskit_key_wrap(k, 0, NULL, 16, w, &n, sizeof w), AESKIT_E_NULL_POINTER);
    CHECK_RC(aeskit_key_wrap(k, 1, data, 5, w, &n, sizeof w), AESKIT_OK);
    CHECK(n == 16);
    CHECK_RC(aeskit_key_unwrap(k, 1, w, 16, u, &m, sizeof u), AESKIT_OK);
    CHECK(m == 5 && memcmp(u, data, 5) == 0);
    w[3] ^= 1;
    memset(u, 0xEE, sizeof u);
    CHECK_RC(aeskit_key_unwrap(k, 1, w, 16, u, &m, sizeof u), AESKIT_E_AUTHENTICATION_FAILED);
    CHECK(all_equal(u, 8, 0));
    CHECK_RC(aeskit_key_unwrap(NULL, 1, w, 16, u, &m, sizeof u), AESKIT_E_NULL_POINTER);
    aeskit_aes_free(k);
  }
  aeskit_aes_free(aes);
  aeskit_aes_free(NULL);
}

static void test_xts(void) {
  uint8_t key[64], data[1024], enc[1024], one[512], back[1024];
  size_t i;
  aeskit_xts* x = NULL;
  for (i = 0; i < sizeof key; ++i) key[i] = (uint8_t)(i * 7 + 1);
  for (i = 0; i < sizeof data; ++i) data[i] = (uint8_t)i;
  CHECK_RC(aeskit_xts_new(&x, key, 33, NULL), AESKIT_E_BAD_KEY_LENGTH);
  CHECK_RC(aeskit_xts_new(&x, NULL, 32, NULL), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_xts_new(&x, key, 64, NULL), AESKIT_OK);
  /* Two sectors in one call equal sector 10 and sector 11 one by one. */
  CHECK_RC(aeskit_xts_encrypt_sectors(x, 10, 512, data, 1024, enc, sizeof enc), AESKIT_OK);
  CHECK_RC(aeskit_xts_encrypt_sectors(x, 11, 512, data + 512, 512, one, sizeof one), AESKIT_OK);
  CHECK(memcmp(one, enc + 512, 512) == 0);
  CHECK_RC(aeskit_xts_decrypt_sectors(x, 10, 512, enc, 1024, back, sizeof back), AESKIT_OK);
  CHECK(memcmp(back, data, 1024) == 0);
  memset(back, 0xEE, sizeof back);
  CHECK_RC(aeskit_xts_encrypt_sectors(x, 10, 512, data, 1000, back, sizeof back),
           AESKIT_E_BAD_DATA_UNIT_LENGTH);
  CHECK_RC(aeskit_xts_encrypt_sectors(x, 10, 8, data, 16, back, sizeof back),
           AESKIT_E_BAD_DATA_UNIT_LENGTH);
  CHECK_RC(aeskit_xts_encrypt_sectors(x, 10, 512, data, 1024, back, 1023),
           AESKIT_E_OUTPUT_TOO_SMALL);
  CHECK_RC(aeskit_xts_encrypt_sectors(x, 10, 512, NULL, 1024, back, sizeof back),
           AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_xts_decrypt_sectors(NULL, 10, 512, data, 512, back, sizeof back),
           AESKIT_E_NULL_POINTER);
  CHECK(all_equal(back, sizeof back, 0xEE));
  memcpy(back, data, 1024);
  CHECK_RC(aeskit_xts_encrypt_sectors(x, 10, 512, back, 512, back + 16, 512),
           AESKIT_E_OVERLAPPING_BUFFERS);
  aeskit_xts_free(x);
  memset(key + 32, 0, 32);
  memset(key, 0, 32);
  CHECK_RC(aeskit_xts_new(&x, key, 64, NULL), AESKIT_OK);
  CHECK_RC(aeskit_xts_encrypt_sectors(x, 0, 512, data, 512, back, sizeof back), AESKIT_E_WEAK_KEY);
  aeskit_xts_free(x);
  aeskit_xts_free(NULL);
}

/* HCTR2: a published vector (Linux crypto/testmgr.h aes_hctr2_tv_template, AES-256, a 32-byte
 * tweak, 17 bytes: one byte past the first block), in place and out of place, a round trip at
 * several lengths with every tweak length to 40, and every error, each writing nothing. */
static void test_hctr2(void) {
  uint8_t key[32], tweak[40], pt[17], ct[17], buf[600], data[600], enc[600];
  size_t i, len, tlen;
  aeskit_hctr2* h = NULL;
  from_hex("93fa7ee20e67c439e7ca4795689d5e5a7c2619abc6ca6a4c45a69642ae6cffe7", key);
  from_hex("ea8247953b22a13a6aca244c507e23cd0e50e541b66529d8302300d254a7d656", tweak);
  from_hex("db1f1fecad836e5d19a5f63bb4935a576f", pt);
  from_hex("f1466e9db301f06bc2ac5788486d407268", ct);
  CHECK_RC(aeskit_hctr2_new(&h, key, 31, NULL), AESKIT_E_BAD_KEY_LENGTH);
  CHECK_RC(aeskit_hctr2_new(&h, NULL, 32, NULL), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_hctr2_new(&h, key, 32, "no-such-backend"), AESKIT_E_UNKNOWN_BACKEND);
  CHECK_RC(aeskit_hctr2_new(&h, key, 32, NULL), AESKIT_OK);
  CHECK_RC(aeskit_hctr2_encrypt(h, tweak, 32, pt, 17, buf, sizeof buf), AESKIT_OK);
  CHECK(memcmp(buf, ct, 17) == 0);
  CHECK_RC(aeskit_hctr2_decrypt(h, tweak, 32, buf, 17, buf, 17), AESKIT_OK); /* in place */
  CHECK(memcmp(buf, pt, 17) == 0);

  for (i = 0; i < sizeof data; ++i) data[i] = (uint8_t)(i * 13 + 5);
  for (len = 16; len <= sizeof data; len += len < 40 ? 1 : 97) {
    for (tlen = 0; tlen <= sizeof tweak; tlen += 8) {
      CHECK_RC(aeskit_hctr2_encrypt(h, tlen ? tweak : NULL, tlen, data, len, enc, len), AESKIT_OK);
      CHECK(memcmp(enc, data, len) != 0);
      CHECK_RC(aeskit_hctr2_decrypt(h, tlen ? tweak : NULL, tlen, enc, len, buf, len), AESKIT_OK);
      CHECK(memcmp(buf, data, len) == 0);
    }
  }
  memset(buf, 0xEE, sizeof buf);
  CHECK_RC(aeskit_hctr2_encrypt(h, tweak, 32, data, 15, buf, sizeof buf),
           AESKIT_E_BAD_DATA_UNIT_LENGTH);
  CHECK_RC(aeskit_hctr2_encrypt(h, tweak, 32, data, 64, buf, 63), AESKIT_E_OUTPUT_TOO_SMALL);
  CHECK_RC(aeskit_hctr2_encrypt(h, NULL, 32, data, 64, buf, sizeof buf), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_hctr2_encrypt(h, tweak, 32, NULL, 64, buf, sizeof buf), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_hctr2_decrypt(NULL, tweak, 32, data, 64, buf, sizeof buf), AESKIT_E_NULL_POINTER);
  CHECK(all_equal(buf, sizeof buf, 0xEE));
  memcpy(buf, data, 64);
  CHECK_RC(aeskit_hctr2_encrypt(h, tweak, 32, buf, 64, buf + 8, 64), AESKIT_E_OVERLAPPING_BUFFERS);
  CHECK(memcmp(buf, data, 64) == 0);
  aeskit_hctr2_free(h);
  aeskit_hctr2_free(NULL);
}

/* XTS with an explicit 16-byte tweak: IEEE 1619-2018 vector 1 (Key1 = Key2 = 0, tweak 0,
 * decryptable though not encryptable), equality with the sector form, ciphertext stealing,
 * and every error. */
static void test_xts_tweak(void) {
  uint8_t key[64], tweak[16], data[600], enc[600], ref[600], back[600], ct[32];
  size_t i;
  aeskit_xts* x = NULL;
  memset(key, 0, sizeof key);
  memset(tweak, 0, sizeof tweak);
  from_hex("917cf69ebd68b2ec9b9fe9a3eadda692cd43d2f59598ed858c02c2652fbf922e", ct);
  CHECK_RC(aeskit_xts_new(&x, key, 32, NULL), AESKIT_OK);
  memset(back, 0xEE, sizeof back);
  CHECK_RC(aeskit_xts_decrypt(x, tweak, 16, ct, 32, back, 32), AESKIT_OK);
  CHECK(all_equal(back, 32, 0));
  CHECK_RC(aeskit_xts_encrypt(x, tweak, 16, back, 32, enc, sizeof enc), AESKIT_E_WEAK_KEY);
  aeskit_xts_free(x);

  for (i = 0; i < sizeof key; ++i) key[i] = (uint8_t)(i * 11 + 3);
  for (i = 0; i < sizeof data; ++i) data[i] = (uint8_t)(i * 5);
  CHECK_RC(aeskit_xts_new(&x, key, 64, NULL), AESKIT_OK);
  /* Sector 0x0102 as a tweak: 02 01 00 ... little-endian. */
  tweak[0] = 0x02;
  tweak[1] = 0x01;
  CHECK_RC(aeskit_xts_encrypt(x, tweak, 16, data, 512, enc, sizeof enc), AESKIT_OK);
  CHECK_RC(aeskit_xts_encrypt_sectors(x, 0x0102, 512, data, 512, ref, sizeof ref), AESKIT_OK);
  CHECK(memcmp(enc, ref, 512) == 0);
  /* A data unit that is not whole blocks (ciphertext stealing), in place. */
  memcpy(back, data, 600);
  CHECK_RC(aeskit_xts_encrypt(x, tweak, 16, back, 600 - 7, back, 600 - 7), AESKIT_OK);
  CHECK(memcmp(back, data, 600 - 7) != 0);
  CHECK_RC(aeskit_xts_decrypt(x, tweak, 16, back, 600 - 7, back, 600), AESKIT_OK);
  CHECK(memcmp(back, data, 600 - 7) == 0);
  /* Errors: nothing written. */
  memset(back, 0xEE, sizeof back);
  CHECK_RC(aeskit_xts_encrypt(x, tweak, 15, data, 512, back, sizeof back), AESKIT_E_BAD_IV_LENGTH);
  CHECK_RC(aeskit_xts_decrypt(x, tweak, 17, data, 512, back, sizeof back), AESKIT_E_BAD_IV_LENGTH);
  CHECK_RC(aeskit_xts_encrypt(x, tweak, 16, data, 15, back, sizeof back),
           AESKIT_E_BAD_DATA_UNIT_LENGTH);
  CHECK_RC(aeskit_xts_encrypt(x, tweak, 16, data, 512, back, 511), AESKIT_E_OUTPUT_TOO_SMALL);
  CHECK_RC(aeskit_xts_encrypt(x, NULL, 16, data, 512, back, sizeof back), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_xts_encrypt(x, tweak, 16, NULL, 512, back, sizeof back), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_xts_decrypt(x, tweak, 16, data, 512, NULL, 512), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_xts_decrypt(NULL, tweak, 16, data, 512, back, sizeof back),
           AESKIT_E_NULL_POINTER);
  CHECK(all_equal(back, sizeof back, 0xEE));
  memcpy(back, data, 600);
  CHECK_RC(aeskit_xts_encrypt(x, tweak, 16, back, 512, back + 1, 512),
           AESKIT_E_OVERLAPPING_BUFFERS);
  CHECK(memcmp(back, data, 600) == 0);
  aeskit_xts_free(x);
}

/* AES-SIV with an AD vector: RFC 5297 A.1 (one component) and A.2 (three: AD, AD, nonce),
 * zero components vs one empty component, forgery refused with the output zeroed, and every
 * error. */
static void test_siv(void) {
  uint8_t key[32], ad0[24], pt[14], want[30], out[64], back[64];
  uint8_t key2[32], a1[40], a2[10], nonce[16], pt2[47], want2[63];
  const uint8_t* ad[1];
  const uint8_t* ads[3];
  size_t lens[3], n = 0;
  const uint8_t* many[127];
  size_t many_lens[127];
  size_t i;
  aeskit_siv* s = NULL;
  from_hex("fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff", key);
  from_hex("101112131415161718191a1b1c1d1e1f2021222324252627", ad0);
  from_hex("112233445566778899aabbccddee", pt);
  from_hex("85632d07c6e8f37f950acd320a2ecc9340c02b9690c4dc04daef7f6afe5c", want);
  CHECK_RC(aeskit_siv_new(&s, key, 31, NULL), AESKIT_E_BAD_KEY_LENGTH);
  CHECK_RC(aeskit_siv_new(&s, key, 32, "no-such"), AESKIT_E_UNKNOWN_BACKEND);
  CHECK_RC(aeskit_siv_new(&s, NULL, 32, NULL), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_siv_new(NULL, key, 32, NULL), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_siv_new(&s, key, 32, "portable"), AESKIT_OK);
  ad[0] = ad0;
  lens[0] = sizeof ad0;
  CHECK_RC(aeskit_siv_seal(s, out, &n, sizeof out, ad, lens, 1, pt, sizeof pt), AESKIT_OK);
  CHECK(n == 30 && memcmp(out, want, 30) == 0);
  CHECK_RC(aeskit_siv_open(s, back, &n, sizeof back, ad, lens, 1, out, 30), AESKIT_OK);
  CHECK(n == 14 && memcmp(back, pt, 14) == 0);
  /* In place: out exactly at the input. */
  memcpy(out, pt, sizeof pt);
  CHECK_RC(aeskit_siv_seal(s, out, &n, sizeof out, ad, lens, 1, out, sizeof pt), AESKIT_OK);
  CHECK(n == 30 && memcmp(out, want, 30) == 0);
  CHECK_RC(aeskit_siv_open(s, out, &n, sizeof out, ad, lens, 1, out, 30), AESKIT_OK);
  CHECK(n == 14 && memcmp(out, pt, 14) == 0);
  /* Zero components and one empty component are different inputs. */
  lens[0] = 0;
  CHECK_RC(aeskit_siv_seal(s, out, &n, sizeof out, NULL, NULL, 0, pt, sizeof pt), AESKIT_OK);
  CHECK_RC(aeskit_siv_seal(s, back, &n, sizeof back, ad, lens, 1, pt, sizeof pt), AESKIT_OK);
  CHECK(memcmp(out, back, 16) != 0);
  /* A forgery: refused, output zeroed. */
  lens[0] = sizeof ad0;
  memcpy(out, want, 30);
  out[20] ^= 1;
  memset(back, 0xEE, sizeof back);
  CHECK_RC(aeskit_siv_open(s, back, &n, sizeof back, ad, lens, 1, out, 30),
           AESKIT_E_AUTHENTICATION_FAILED);
  CHECK(all_equal(back, 14, 0) && all_equal(back + 14, sizeof back - 14, 0xEE));
  CHECK_RC(aeskit_siv_open(s, back, &n, sizeof back, ad, lens, 1, out, 15),
           AESKIT_E_AUTHENTICATION_FAILED);
  /* Errors: nothing written, *out_len untouched. */
  memset(out, 0xEE, sizeof out);
  n = 777;
  for (i = 0; i < 127; ++i) {
    many[i] = pt;
    many_lens[i] = 1;
  }
  CHECK_RC(aeskit_siv_seal(s, out, &n, sizeof out, many, many_lens, 126, pt, sizeof pt), AESKIT_OK);
  n = 777;
  CHECK_RC(aeskit_siv_seal(s, out, &n, sizeof out, many, many_lens, 127, pt, sizeof pt),
           AESKIT_E_TOO_MANY_AD_COMPONENTS);
  CHECK_RC(aeskit_siv_open(s, back, &n, sizeof back, many, many_lens, 127, want, 30),
           AESKIT_E_TOO_MANY_AD_COMPONENTS);
  memset(out, 0xEE, sizeof out);
  CHECK_RC(aeskit_siv_seal(s, out, &n, 29, ad, lens, 1, pt, sizeof pt), AESKIT_E_OUTPUT_TOO_SMALL);
  CHECK(n == sizeof pt + 16); /* the size needed */
  n = 777;
  CHECK_RC(aeskit_siv_seal(s, out, &n, sizeof out, NULL, lens, 1, pt, sizeof pt),
           AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_siv_seal(s, out, &n, sizeof out, ad, NULL, 1, pt, sizeof pt),
           AESKIT_E_NULL_POINTER);
  ad[0] = NULL;
  CHECK_RC(aeskit_siv_seal(s, out, &n, sizeof out, ad, lens, 1, pt, sizeof pt),
           AESKIT_E_NULL_POINTER);
  ad[0] = ad0;
  CHECK_RC(aeskit_siv_seal(s, out, NULL, sizeof out, ad, lens, 1, pt, sizeof pt),
           AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_siv_seal(s, out, &n, sizeof out, ad, lens, 1, NULL, sizeof pt),
           AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_siv_open(NULL, back, &n, sizeof back, ad, lens, 1, want, 30),
           AESKIT_E_NULL_POINTER);
  CHECK(n == 777 && all_equal(out, sizeof out, 0xEE));
  /* An output over an AD component, or partly over the input. */
  memcpy(out, ad0, sizeof ad0);
  ad[0] = out;
  CHECK_RC(aeskit_siv_seal(s, out + 4, &n, 40, ad, lens, 1, pt, sizeof pt),
           AESKIT_E_OVERLAPPING_BUFFERS);
  ad[0] = ad0;
  memcpy(out, pt, sizeof pt);
  CHECK_RC(aeskit_siv_seal(s, out + 1, &n, 40, ad, lens, 1, out, sizeof pt),
           AESKIT_E_OVERLAPPING_BUFFERS);
  aeskit_siv_free(s);

  from_hex("7f7e7d7c7b7a79787776757473727170404142434445464748494a4b4c4d4e4f", key2);
  from_hex("00112233445566778899aabbccddeeffdeaddadadeaddadaffeeddccbbaa99887766554433221100", a1);
  from_hex("102030405060708090a0", a2);
  from_hex("09f911029d74e35bd84156c5635688c0", nonce);
  from_hex(
      "7468697320697320736f6d6520706c61696e7465787420746f20656e6372797074207573696e67205349"
      "562d414553",
      pt2);
  from_hex(
      "7bdb6e3b432667eb06f4d14bff2fbd0fcb900f2fddbe404326601965c889bf17dba77ceb094fa663b7a3f748"
      "ba8af829ea64ad544a272e9c485b62a3fd5c0d",
      want2);
  CHECK_RC(aeskit_siv_new(&s, key2, 32, NULL), AESKIT_OK);
  ads[0] = a1;
  ads[1] = a2;
  ads[2] = nonce;
  lens[0] = sizeof a1;
  lens[1] = sizeof a2;
  lens[2] = sizeof nonce;
  {
    uint8_t sealed[63], opened[47];
    CHECK_RC(aeskit_siv_seal(s, sealed, &n, sizeof sealed, ads, lens, 3, pt2, sizeof pt2),
             AESKIT_OK);
    CHECK(n == 63 && memcmp(sealed, want2, 63) == 0);
    CHECK_RC(aeskit_siv_open(s, opened, &n, sizeof opened, ads, lens, 3, sealed, 63), AESKIT_OK);
    CHECK(n == 47 && memcmp(opened, pt2, 47) == 0);
    /* The components' order matters. */
    ads[0] = a2;
    ads[1] = a1;
    lens[0] = sizeof a2;
    lens[1] = sizeof a1;
    CHECK_RC(aeskit_siv_open(s, opened, &n, sizeof opened, ads, lens, 3, sealed, 63),
             AESKIT_E_AUTHENTICATION_FAILED);
  }
  aeskit_siv_free(s);
  aeskit_siv_free(NULL);
}

/* Sealing keys: nonces from the sequence (base XOR counter), the message limit, nothing
 * consumed on error, and the limits per algorithm. */
static void test_sealing_key(void) {
  uint8_t key[16], base[12], nonce[12], out[64], back[64], msg[20];
  size_t n = 0, nonce_len = 0;
  uint64_t used = 0, max = 0, limit = 0;
  aeskit_sealing_key* k = NULL;
  aeskit_aead* ctx = NULL;
  memset(key, 0x42, sizeof key);
  memset(base, 0xA5, sizeof base);
  memset(msg, 'm', sizeof msg);
  CHECK_RC(aeskit_sealing_key_new(&k, "AES-128-NOPE", key, 16, 0, base, 12, 0),
           AESKIT_E_UNKNOWN_ALGORITHM);
  CHECK_RC(aeskit_sealing_key_new(&k, "AES-128-GCM", key, 15, 0, base, 12, 0),
           AESKIT_E_BAD_KEY_LENGTH);
  CHECK_RC(aeskit_sealing_key_new(&k, "AES-128-GCM", key, 16, 5, base, 12, 0),
           AESKIT_E_BAD_TAG_LENGTH);
  CHECK_RC(aeskit_sealing_key_new(&k, "AES-128-GCM-SIV", key, 16, 0, base, 8, 0),
           AESKIT_E_BAD_NONCE_LENGTH);
  CHECK_RC(aeskit_sealing_key_new(&k, "AES-128-GCM", key, 16, 0, NULL, 12, 0),
           AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_sealing_key_new(NULL, "AES-128-GCM", key, 16, 0, base, 12, 0),
           AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_sealing_key_new(&k, "AES-128-GCM", key, 16, 0, base, 12, 0), AESKIT_OK);
  CHECK_RC(aeskit_sealing_key_messages(k, &used, &max), AESKIT_OK);
  CHECK(used == 0 && max == ((uint64_t)1 << 32));
  aeskit_sealing_key_free(k);

  CHECK_RC(aeskit_sealing_key_new(&k, "aes-128-gcm", key, 16, 0, base, 12, 2), AESKIT_OK);
  CHECK_RC(aeskit_aead_new(&ctx, "AES-128-GCM", key, 16, 0), AESKIT_OK);
  /* Errors first: nothing written, no nonce consumed. */
  memset(nonce, 0xEE, sizeof nonce);
  n = 777;
  CHECK_RC(aeskit_sealing_key_seal(k, out, &n, 35, nonce, 12, &nonce_len, msg, 20, NULL, 0),
           AESKIT_E_OUTPUT_TOO_SMALL);
  CHECK_RC(aeskit_sealing_key_seal(k, out, &n, sizeof out, nonce, 11, &nonce_len, msg, 20, NULL, 0),
           AESKIT_E_OUTPUT_TOO_SMALL);
  CHECK_RC(aeskit_sealing_key_seal(k, out, &n, sizeof out, NULL, 12, &nonce_len, msg, 20, NULL, 0),
           AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_sealing_key_seal(k, out, &n, sizeof out, nonce, 12, NULL, msg, 20, NULL, 0),
           AESKIT_E_NULL_POINTER);
  CHECK_RC(
      aeskit_sealing_key_seal(NULL, out, &n, sizeof out, nonce, 12, &nonce_len, msg, 20, NULL, 0),
      AESKIT_E_NULL_POINTER);
  CHECK(n == 777 && all_equal(nonce, sizeof nonce, 0xEE));
  CHECK_RC(aeskit_sealing_key_messages(k, &used, &max), AESKIT_OK);
  CHECK(used == 0 && max == 2);
  /* Message 0 uses the base itself, message 1 base XOR 1; each opens with the nonce given. */
  CHECK_RC(aeskit_sealing_key_seal(k, out, &n, sizeof out, nonce, sizeof nonce, &nonce_len, msg, 20,
                                   msg, 3),
           AESKIT_OK);
  CHECK(n == 36 && nonce_len == 12 && memcmp(nonce, base, 12) == 0);
  CHECK_RC(aeskit_aead_open(ctx, back, &n, sizeof back, nonce, 12, out, 36, msg, 3), AESKIT_OK);
  CHECK(n == 20 && memcmp(back, msg, 20) == 0);
  CHECK_RC(aeskit_sealing_key_seal(k, out, &n, sizeof out, nonce, sizeof nonce, &nonce_len, msg, 20,
                                   NULL, 0),
           AESKIT_OK);
  CHECK(nonce[11] == (0xA5 ^ 1) && memcmp(nonce, base, 11) == 0);
  CHECK_RC(aeskit_aead_open(ctx, back, &n, sizeof back, nonce, 12, out, 36, NULL, 0), AESKIT_OK);
  CHECK_RC(aeskit_sealing_key_seal(k, out, &n, sizeof out, nonce, sizeof nonce, &nonce_len, msg, 20,
                                   NULL, 0),
           AESKIT_E_USAGE_LIMIT_REACHED);
  CHECK_RC(aeskit_sealing_key_messages(k, &used, &max), AESKIT_OK);
  CHECK(used == 2);
  CHECK_RC(aeskit_sealing_key_messages(k, NULL, &max), AESKIT_E_NULL_POINTER);
  aeskit_sealing_key_free(k);
  aeskit_sealing_key_free(NULL);
  aeskit_aead_free(ctx);

  CHECK_RC(aeskit_message_limit("AES-256-GCM", &limit), AESKIT_OK);
  CHECK(limit == ((uint64_t)1 << 32));
  CHECK_RC(aeskit_message_limit("XAES-256-GCM", &limit), AESKIT_OK);
  CHECK(limit == UINT64_MAX);
  CHECK_RC(aeskit_message_limit("DNDK-GCM-KC", &limit), AESKIT_OK);
  CHECK(limit == UINT64_MAX);
  CHECK_RC(aeskit_message_limit("AES-256-NOPE", &limit), AESKIT_E_UNKNOWN_ALGORITHM);
  CHECK_RC(aeskit_message_limit(NULL, &limit), AESKIT_E_NULL_POINTER);
}

static void test_macs(void) {
  uint8_t key[16] = {5}, msg[100], tag[16], tag2[16], nonce[12] = {6};
  size_t i;
  aeskit_cmac* c = NULL;
  aeskit_gmac* g = NULL;
  for (i = 0; i < sizeof msg; ++i) msg[i] = (uint8_t)(3 * i);
  CHECK_RC(aeskit_cmac_new(&c, key, 16, 3), AESKIT_E_BAD_TAG_LENGTH);
  CHECK_RC(aeskit_cmac_new(&c, key, 10, 0), AESKIT_E_BAD_KEY_LENGTH);
  CHECK_RC(aeskit_cmac_new(&c, NULL, 16, 0), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_cmac_new(&c, key, 16, 0), AESKIT_OK);
  CHECK_RC(aeskit_cmac_compute(c, msg, 100, tag, sizeof tag), AESKIT_OK);
  CHECK_RC(aeskit_cmac_verify(c, msg, 100, tag, 16), AESKIT_OK);
  CHECK_RC(aeskit_cmac_verify(c, msg, 99, tag, 16), AESKIT_E_AUTHENTICATION_FAILED);
  CHECK_RC(aeskit_cmac_compute(c, msg, 100, tag2, 15), AESKIT_E_OUTPUT_TOO_SMALL);
  CHECK_RC(aeskit_cmac_compute(c, NULL, 100, tag2, 16), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_cmac_verify(c, msg, 100, NULL, 16), AESKIT_E_NULL_POINTER);
  /* Incremental in uneven pieces equals one-shot. */
  CHECK_RC(aeskit_cmac_update(c, msg, 33), AESKIT_OK);
  CHECK_RC(aeskit_cmac_update(c, msg + 33, 67), AESKIT_OK);
  CHECK_RC(aeskit_cmac_finish(c, tag2, sizeof tag2), AESKIT_OK);
  CHECK(memcmp(tag, tag2, 16) == 0);
  CHECK_RC(aeskit_cmac_update(c, msg, 1), AESKIT_E_INVALID_STATE);
  CHECK_RC(aeskit_cmac_reset(c), AESKIT_OK);
  CHECK_RC(aeskit_cmac_update(c, NULL, 1), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_cmac_finish(c, NULL, 16), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_cmac_reset(NULL), AESKIT_E_NULL_POINTER);
  aeskit_cmac_free(c);
  aeskit_cmac_free(NULL);

  CHECK_RC(aeskit_gmac_new(&g, key, 16, 10), AESKIT_E_BAD_TAG_LENGTH);
  CHECK_RC(aeskit_gmac_new(NULL, key, 16, 0), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_gmac_new(&g, key, 16, 0), AESKIT_OK);
  CHECK_RC(aeskit_gmac_compute(g, nonce, 12, msg, 100, tag, sizeof tag), AESKIT_OK);
  CHECK_RC(aeskit_gmac_verify(g, nonce, 12, msg, 100, tag, 16), AESKIT_OK);
  tag[0] ^= 1;
  CHECK_RC(aeskit_gmac_verify(g, nonce, 12, msg, 100, tag, 16), AESKIT_E_AUTHENTICATION_FAILED);
  CHECK_RC(aeskit_gmac_compute(g, nonce, 0, msg, 100, tag, sizeof tag), AESKIT_E_BAD_NONCE_LENGTH);
  CHECK_RC(aeskit_gmac_compute(g, NULL, 12, msg, 100, tag, sizeof tag), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_gmac_verify(g, nonce, 12, NULL, 100, tag, 16), AESKIT_E_NULL_POINTER);
  aeskit_gmac_free(g);
  aeskit_gmac_free(NULL);
}

static void test_hashes(void) {
  uint8_t out[64], prk[32], okm[42], want[64], ikm[22], salt[13], info[10];
  size_t n = 0;
  aeskit_hash_ctx* h = NULL;
  from_hex("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", want);
  CHECK_RC(aeskit_hash_length(AESKIT_SHA512, &n), AESKIT_OK);
  CHECK(n == 64);
  CHECK_RC(aeskit_hash_length(7, &n), AESKIT_E_UNKNOWN_ALGORITHM);
  CHECK_RC(aeskit_hash_length(AESKIT_SHA1, NULL), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_hash(AESKIT_SHA256, (const uint8_t*)"abc", 3, out, sizeof out), AESKIT_OK);
  CHECK(memcmp(out, want, 32) == 0);
  CHECK_RC(aeskit_hash(AESKIT_SHA256, (const uint8_t*)"abc", 3, out, 31),
           AESKIT_E_OUTPUT_TOO_SMALL);
  CHECK_RC(aeskit_hash(AESKIT_SHA256, NULL, 3, out, 32), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_hash(-1, NULL, 0, out, 32), AESKIT_E_UNKNOWN_ALGORITHM);
  CHECK_RC(aeskit_hash_new(&h, 9), AESKIT_E_UNKNOWN_ALGORITHM);
  CHECK_RC(aeskit_hash_new(NULL, AESKIT_SHA256), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_hash_new(&h, AESKIT_SHA256), AESKIT_OK);
  CHECK_RC(aeskit_hash_update(h, (const uint8_t*)"a", 1), AESKIT_OK);
  CHECK_RC(aeskit_hash_update(h, (const uint8_t*)"bc", 2), AESKIT_OK);
  CHECK_RC(aeskit_hash_finish(h, out, 31), AESKIT_E_OUTPUT_TOO_SMALL);
  CHECK_RC(aeskit_hash_finish(h, out, 32), AESKIT_OK);
  CHECK(memcmp(out, want, 32) == 0);
  /* finish resets: the same message again gives the same digest. */
  CHECK_RC(aeskit_hash_update(h, (const uint8_t*)"abc", 3), AESKIT_OK);
  CHECK_RC(aeskit_hash_finish(h, out, 64), AESKIT_OK);
  CHECK(memcmp(out, want, 32) == 0);
  CHECK_RC(aeskit_hash_update(h, NULL, 3), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_hash_finish(h, NULL, 3), AESKIT_E_NULL_POINTER);
  aeskit_hash_free(h);
  aeskit_hash_free(NULL);

  /* HMAC: one-shot, truncated, verify. */
  CHECK_RC(aeskit_hmac(AESKIT_SHA256, (const uint8_t*)"key", 3, (const uint8_t*)"msg", 3, out, 32),
           AESKIT_OK);
  CHECK_RC(aeskit_hmac_verify(AESKIT_SHA256, (const uint8_t*)"key", 3, (const uint8_t*)"msg", 3,
                              out, 32),
           AESKIT_OK);
  CHECK_RC(
      aeskit_hmac_verify(AESKIT_SHA256, (const uint8_t*)"key", 3, (const uint8_t*)"msg", 3, out, 9),
      AESKIT_E_AUTHENTICATION_FAILED);
  CHECK_RC(aeskit_hmac_verify(AESKIT_SHA256, (const uint8_t*)"kez", 3, (const uint8_t*)"msg", 3,
                              out, 32),
           AESKIT_E_AUTHENTICATION_FAILED);
  CHECK_RC(aeskit_hmac(AESKIT_SHA256, (const uint8_t*)"key", 3, (const uint8_t*)"msg", 3, out, 0),
           AESKIT_E_OUTPUT_TOO_SMALL);
  CHECK_RC(aeskit_hmac(AESKIT_SHA256, NULL, 3, (const uint8_t*)"msg", 3, out, 32),
           AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_hmac_verify(AESKIT_SHA1, (const uint8_t*)"k", 1, NULL, 3, out, 20),
           AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_hmac(5, NULL, 0, NULL, 0, out, 32), AESKIT_E_UNKNOWN_ALGORITHM);

  /* HKDF, RFC 5869 A.1. */
  memset(ikm, 0x0b, sizeof ikm);
  from_hex("000102030405060708090a0b0c", salt);
  from_hex("f0f1f2f3f4f5f6f7f8f9", info);
  CHECK_RC(aeskit_hkdf_extract(AESKIT_SHA256, ikm, 22, salt, 13, prk, 32), AESKIT_OK);
  from_hex("077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5", want);
  CHECK(memcmp(prk, want, 32) == 0);
  CHECK_RC(aeskit_hkdf_expand(AESKIT_SHA256, prk, 32, info, 10, okm, 42), AESKIT_OK);
  from_hex("3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865",
           want);
  CHECK(memcmp(okm, want, 42) == 0);
  memset(okm, 0, sizeof okm);
  CHECK_RC(aeskit_hkdf(AESKIT_SHA256, ikm, 22, salt, 13, info, 10, okm, 42), AESKIT_OK);
  CHECK(memcmp(okm, want, 42) == 0);
  CHECK_RC(aeskit_hkdf_extract(AESKIT_SHA256, ikm, 22, salt, 13, prk, 31),
           AESKIT_E_OUTPUT_TOO_SMALL);
  CHECK_RC(aeskit_hkdf_expand(AESKIT_SHA256, prk, 31, info, 10, okm, 42), AESKIT_E_PRK_TOO_SHORT);
  {
    static uint8_t big[255 * 32 + 1];
    CHECK_RC(aeskit_hkdf(AESKIT_SHA256, ikm, 22, salt, 13, info, 10, big, sizeof big),
             AESKIT_E_OUTPUT_TOO_LONG);
    CHECK_RC(aeskit_hkdf(AESKIT_SHA256, ikm, 22, salt, 13, big + 4, 10, big, 42),
             AESKIT_E_OVERLAPPING_BUFFERS);
  }
  CHECK_RC(aeskit_hkdf(AESKIT_SHA256, NULL, 22, salt, 13, info, 10, okm, 42),
           AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_hkdf_extract(AESKIT_SHA256, ikm, 22, NULL, 13, prk, 32), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_hkdf_expand(AESKIT_SHA256, prk, 32, info, 10, NULL, 42), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_hkdf(8, ikm, 22, salt, 13, info, 10, okm, 42), AESKIT_E_UNKNOWN_ALGORITHM);
  CHECK_RC(aeskit_hkdf_extract(8, ikm, 22, salt, 13, prk, 32), AESKIT_E_UNKNOWN_ALGORITHM);
  CHECK_RC(aeskit_hkdf_expand(8, prk, 32, info, 10, okm, 42), AESKIT_E_UNKNOWN_ALGORITHM);
}

/* The incremental GCM sealer/opener against one-shot seal; nonce sequences. */
static void test_streams(void) {
  uint8_t key[16] = {3}, nonce[12] = {4}, ad[20] = {5}, msg[100], whole[116], ct[100], back[100];
  uint8_t tag[16], base[12], seq_nonce[12];
  size_t n = 0, i;
  uint64_t counter = 0;
  aeskit_aead* ctx = NULL;
  aeskit_aead_stream* s = NULL;
  aeskit_nonce_seq* q = NULL;
  for (i = 0; i < sizeof msg; ++i) msg[i] = (uint8_t)(i + 1);
  CHECK_RC(aeskit_aead_new(&ctx, "AES-128-GCM", key, 16, 0), AESKIT_OK);
  CHECK_RC(aeskit_aead_seal(ctx, whole, &n, sizeof whole, nonce, 12, msg, 100, ad, 20), AESKIT_OK);
  CHECK_RC(aeskit_aead_sealer_new(&s, ctx, nonce, 12), AESKIT_OK);
  CHECK_RC(aeskit_aead_stream_update_ad(s, ad, 7), AESKIT_OK);
  CHECK_RC(aeskit_aead_stream_update_ad(s, ad + 7, 13), AESKIT_OK);
  CHECK_RC(aeskit_aead_stream_update(s, msg, 33, ct, 33), AESKIT_OK);
  CHECK_RC(aeskit_aead_stream_update(s, msg + 33, 67, ct + 33, 66), AESKIT_E_OUTPUT_TOO_SMALL);
  CHECK_RC(aeskit_aead_stream_update(s, msg + 33, 67, ct + 33, 67), AESKIT_OK);
  CHECK_RC(aeskit_aead_stream_update_ad(s, ad, 1), AESKIT_E_INVALID_STATE);
  CHECK_RC(aeskit_aead_opener_finish(s, tag, 16), AESKIT_E_INVALID_STATE);
  CHECK_RC(aeskit_aead_sealer_finish(s, tag, 15, &n), AESKIT_E_OUTPUT_TOO_SMALL);
  CHECK_RC(aeskit_aead_sealer_finish(s, tag, sizeof tag, &n), AESKIT_OK);
  CHECK(n == 16 && memcmp(ct, whole, 100) == 0 && memcmp(tag, whole + 100, 16) == 0);
  CHECK_RC(aeskit_aead_stream_update(s, msg, 1, ct, 1), AESKIT_E_INVALID_STATE);
  aeskit_aead_stream_free(s);
  /* The opener, in place, then a wrong tag. */
  memcpy(back, whole, 100);
  CHECK_RC(aeskit_aead_opener_new(&s, ctx, nonce, 12), AESKIT_OK);
  CHECK_RC(aeskit_aead_stream_update_ad(s, ad, 20), AESKIT_OK);
  CHECK_RC(aeskit_aead_stream_update(s, back, 100, back, 100), AESKIT_OK);
  CHECK_RC(aeskit_aead_sealer_finish(s, tag, sizeof tag, &n), AESKIT_E_INVALID_STATE);
  CHECK_RC(aeskit_aead_opener_finish(s, whole + 100, 16), AESKIT_OK);
  CHECK(memcmp(back, msg, 100) == 0);
  aeskit_aead_stream_free(s);
  CHECK_RC(aeskit_aead_opener_new(&s, ctx, nonce, 12), AESKIT_OK);
  CHECK_RC(aeskit_aead_stream_update(s, whole, 100, back, 100), AESKIT_OK);
  CHECK_RC(aeskit_aead_opener_finish(s, whole + 100, 16), AESKIT_E_AUTHENTICATION_FAILED);
  aeskit_aead_stream_free(s);
  aeskit_aead_stream_free(NULL);
  CHECK_RC(aeskit_aead_sealer_new(&s, ctx, nonce, 0), AESKIT_E_BAD_NONCE_LENGTH);
  CHECK_RC(aeskit_aead_sealer_new(&s, ctx, NULL, 12), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_aead_stream_update_ad(NULL, ad, 1), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_aead_stream_update(NULL, msg, 1, ct, 1), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_aead_sealer_finish(NULL, tag, 16, &n), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_aead_opener_finish(NULL, tag, 16), AESKIT_E_NULL_POINTER);
  aeskit_aead_free(ctx);
  CHECK_RC(aeskit_aead_new(&ctx, "AES-128-OCB", key, 16, 0), AESKIT_OK);
  CHECK_RC(aeskit_aead_opener_new(&s, ctx, nonce, 12), AESKIT_E_ONE_SHOT_ONLY);
  aeskit_aead_free(ctx);

  /* Nonce sequence: base XOR counter, no wrap past the limit, replay refused. */
  for (i = 0; i < sizeof base; ++i) base[i] = (uint8_t)i;
  CHECK_RC(aeskit_nonce_seq_new(&q, base, 12, 2), AESKIT_OK);
  CHECK_RC(aeskit_nonce_seq_next(q, seq_nonce, 12, &counter), AESKIT_OK);
  CHECK(counter == 0 && memcmp(seq_nonce, base, 12) == 0);
  CHECK_RC(aeskit_nonce_seq_next(q, seq_nonce, 12, &counter), AESKIT_OK);
  CHECK(counter == 1 && seq_nonce[11] == (base[11] ^ 1) && memcmp(seq_nonce, base, 11) == 0);
  CHECK_RC(aeskit_nonce_seq_next(q, seq_nonce, 12, &counter), AESKIT_E_NONCE_EXHAUSTED);
  CHECK_RC(aeskit_nonce_seq_accept(q, 1, seq_nonce, 12), AESKIT_OK);
  CHECK_RC(aeskit_nonce_seq_accept(q, 1, seq_nonce, 12), AESKIT_E_NONCE_REUSED);
  CHECK_RC(aeskit_nonce_seq_accept(q, 0, seq_nonce, 12), AESKIT_E_NONCE_REUSED);
  CHECK_RC(aeskit_nonce_seq_next(q, seq_nonce, 12, NULL), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_nonce_seq_accept(NULL, 0, seq_nonce, 12), AESKIT_E_NULL_POINTER);
  aeskit_nonce_seq_free(q);
  aeskit_nonce_seq_free(NULL);
  CHECK_RC(aeskit_nonce_seq_new(&q, base, 0, 0), AESKIT_E_BAD_NONCE_LENGTH);
  CHECK_RC(aeskit_nonce_seq_new(&q, NULL, 12, 0), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_nonce_seq_new(&q, base, 12, 0), AESKIT_OK);
  CHECK_RC(aeskit_nonce_seq_next(q, seq_nonce, 11, &counter), AESKIT_E_OUTPUT_TOO_SMALL);
  aeskit_nonce_seq_free(q);
}

struct memory_source {
  const uint8_t* data;
  size_t len, pos;
};

static int read_memory(void* user, uint8_t* buf, size_t max_len, size_t* got) {
  struct memory_source* m = (struct memory_source*)user;
  size_t n = m->len - m->pos;
  if (n > max_len) n = max_len;
  if (n > 1000) n = 1000;
  memcpy(buf, m->data + m->pos, n);
  m->pos += n;
  *got = n;
  return 0;
}

static int failing_source(void* user, uint8_t* buf, size_t max_len, size_t* got) {
  (void)user, (void)buf, (void)max_len, (void)got;
  return AESKIT_E_TRUNCATED;
}

/* Chunked encryption: 40000 bytes (two full chunks and a final one) through every path. */
static void test_chunked(void) {
  static uint8_t msg[40000], ct[41000], ct2[41000], back[41000], piece[20000];
  uint8_t key[32] = {8}, context[3] = {'c', 't', 'x'};
  uint64_t ct_len = 0, pt_len = 0;
  size_t n = 0, m = 0, total, at, i, bound = 0;
  aeskit_chunked_encryptor* e = NULL;
  aeskit_chunked_decryptor* d = NULL;
  aeskit_chunked_pull* p = NULL;
  struct memory_source src;
  for (i = 0; i < sizeof msg; ++i) msg[i] = (uint8_t)(i * 13);
  CHECK_RC(aeskit_chunked_ciphertext_length(sizeof msg, &ct_len), AESKIT_OK);
  CHECK(ct_len == 56 + 2 * 16400 + (40000 - 2 * 16384) + 16);
  CHECK_RC(aeskit_chunked_plaintext_length(ct_len, &pt_len), AESKIT_OK);
  CHECK(pt_len == sizeof msg);
  CHECK_RC(aeskit_chunked_plaintext_length(10, &pt_len), AESKIT_E_TRUNCATED);
  CHECK_RC(aeskit_chunked_ciphertext_length(1, NULL), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_chunked_plaintext_length(100, NULL), AESKIT_E_NULL_POINTER);
  /* Whole buffers. */
  CHECK_RC(aeskit_chunked_seal(key, 32, context, 3, msg, sizeof msg, ct, &n, sizeof ct, 2),
           AESKIT_OK);
  CHECK(n == ct_len);
  CHECK_RC(aeskit_chunked_open(key, 32, context, 3, ct, n, back, &m, sizeof back, 0), AESKIT_OK);
  CHECK(m == sizeof msg && memcmp(back, msg, m) == 0);
  CHECK_RC(aeskit_chunked_open(key, 32, context, 2, ct, n, back, &m, sizeof back, 1),
           AESKIT_E_WRONG_KEY_OR_CONTEXT);
  CHECK(all_equal(back, sizeof msg, 0));
  ct[100] ^= 1;
  CHECK_RC(aeskit_chunked_open(key, 32, context, 3, ct, n, back, &m, sizeof back, 1),
           AESKIT_E_CHUNK_FORGED);
  ct[100] ^= 1;
  CHECK_RC(aeskit_chunked_open(key, 32, context, 3, ct, n - 1, back, &m, sizeof back, 1),
           AESKIT_E_CHUNK_FORGED);
  CHECK_RC(aeskit_chunked_seal(key, 20, context, 3, msg, 10, ct2, &m, sizeof ct2, 1),
           AESKIT_E_BAD_KEY_LENGTH);
  CHECK_RC(aeskit_chunked_seal(key, 32, context, 3, msg, sizeof msg, ct2, &m, 1000, 1),
           AESKIT_E_OUTPUT_TOO_SMALL);
  CHECK_RC(aeskit_chunked_seal(key, 32, NULL, 3, msg, 10, ct2, &m, sizeof ct2, 1),
           AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_chunked_open(key, 32, context, 3, NULL, 10, back, &m, sizeof back, 1),
           AESKIT_E_NULL_POINTER);
  /* Push encryptor in 7000-byte pieces, opened whole. */
  CHECK_RC(aeskit_chunked_encryptor_new(&e, key, 16, NULL, 0), AESKIT_OK);
  total = 0;
  for (at = 0; at < sizeof msg; at += 7000) {
    size_t len = sizeof msg - at < 7000 ? sizeof msg - at : 7000;
    CHECK_RC(aeskit_chunked_encryptor_update_bound(e, len, &bound), AESKIT_OK);
    CHECK(bound <= sizeof piece);
    CHECK_RC(aeskit_chunked_encryptor_update(e, msg + at, len, ct2 + total, &n, bound), AESKIT_OK);
    total += n;
  }
  CHECK_RC(aeskit_chunked_encryptor_finish(e, ct2 + total, &n, AESKIT_CHUNKED_ENCRYPT_FINISH_BOUND),
           AESKIT_OK);
  total += n;
  CHECK_RC(aeskit_chunked_encryptor_update(e, msg, 1, piece, &n, sizeof piece),
           AESKIT_E_INVALID_STATE);
  CHECK_RC(aeskit_chunked_encryptor_update(e, NULL, 1, piece, &n, sizeof piece),
           AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_chunked_encryptor_finish(e, piece, NULL, sizeof piece), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_chunked_encryptor_update_bound(NULL, 1, &bound), AESKIT_E_NULL_POINTER);
  aeskit_chunked_encryptor_free(e);
  aeskit_chunked_encryptor_free(NULL);
  CHECK(total == ct_len);
  CHECK_RC(aeskit_chunked_encryptor_new(&e, key, 17, NULL, 0), AESKIT_E_BAD_KEY_LENGTH);
  CHECK_RC(aeskit_chunked_encryptor_new(NULL, key, 16, NULL, 0), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_chunked_open(key, 16, NULL, 0, ct2, total, back, &m, sizeof back, 1), AESKIT_OK);
  CHECK(m == sizeof msg && memcmp(back, msg, m) == 0);
  /* Push decryptor in 5000-byte pieces. */
  CHECK_RC(aeskit_chunked_decryptor_new(&d, key, 16, NULL, 0), AESKIT_OK);
  m = 0;
  for (at = 0; at < total; at += 5000) {
    size_t len = total - at < 5000 ? total - at : 5000;
    CHECK_RC(aeskit_chunked_decryptor_update_bound(d, len, &bound), AESKIT_OK);
    CHECK_RC(aeskit_chunked_decryptor_update(d, ct2 + at, len, back + m, &n, bound), AESKIT_OK);
    m += n;
  }
  CHECK_RC(aeskit_chunked_decryptor_finish(d, back + m, &n, AESKIT_CHUNKED_DECRYPT_FINISH_BOUND),
           AESKIT_OK);
  m += n;
  CHECK(m == sizeof msg && memcmp(back, msg, m) == 0);
  CHECK_RC(aeskit_chunked_decryptor_update(d, NULL, 1, back, &n, 10), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_chunked_decryptor_finish(NULL, back, &n, 10), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_chunked_decryptor_update_bound(d, 1, NULL), AESKIT_E_NULL_POINTER);
  aeskit_chunked_decryptor_free(d);
  /* A stream cut inside the header + tag fails at finish (a longer cut is a forged chunk). */
  CHECK_RC(aeskit_chunked_decryptor_new(&d, key, 16, NULL, 0), AESKIT_OK);
  CHECK_RC(aeskit_chunked_decryptor_update(d, ct2, 60, back, &n, sizeof back), AESKIT_OK);
  CHECK_RC(aeskit_chunked_decryptor_finish(d, back, &n, sizeof back), AESKIT_E_TRUNCATED);
  aeskit_chunked_decryptor_free(d);
  aeskit_chunked_decryptor_free(NULL);
  CHECK_RC(aeskit_chunked_decryptor_new(&d, NULL, 16, NULL, 0), AESKIT_E_NULL_POINTER);
  /* Pull streams over a memory source: encrypt, then decrypt what came out. */
  src.data = msg;
  src.len = sizeof msg;
  src.pos = 0;
  CHECK_RC(aeskit_chunked_pull_encryptor_new(&p, key, 32, context, 3, read_memory, &src),
           AESKIT_OK);
  total = 0;
  for (;;) {
    CHECK_RC(aeskit_chunked_pull_read(p, ct2 + total, 3333, &n), AESKIT_OK);
    if (n == 0) break;
    total += n;
  }
  aeskit_chunked_pull_free(p);
  CHECK(total == ct_len);
  src.data = ct2;
  src.len = total;
  src.pos = 0;
  CHECK_RC(aeskit_chunked_pull_decryptor_new(&p, key, 32, context, 3, read_memory, &src),
           AESKIT_OK);
  m = 0;
  for (;;) {
    CHECK_RC(aeskit_chunked_pull_read(p, back + m, 4444, &n), AESKIT_OK);
    if (n == 0) break;
    m += n;
  }
  CHECK(m == sizeof msg && memcmp(back, msg, m) == 0);
  CHECK_RC(aeskit_chunked_pull_read(p, NULL, 10, &n), AESKIT_E_NULL_POINTER);
  aeskit_chunked_pull_free(p);
  aeskit_chunked_pull_free(NULL);
  /* A source error stops the stream with that status, and repeats. */
  CHECK_RC(aeskit_chunked_pull_decryptor_new(&p, key, 32, context, 3, failing_source, NULL),
           AESKIT_OK);
  CHECK_RC(aeskit_chunked_pull_read(p, back, 100, &n), AESKIT_E_TRUNCATED);
  CHECK_RC(aeskit_chunked_pull_read(p, back, 100, &n), AESKIT_E_TRUNCATED);
  aeskit_chunked_pull_free(p);
  CHECK_RC(aeskit_chunked_pull_encryptor_new(&p, key, 32, context, 3, NULL, NULL),
           AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_chunked_pull_decryptor_new(&p, key, 15, context, 3, read_memory, &src),
           AESKIT_E_BAD_KEY_LENGTH);
}

/* The chunked key handle: seals opened by the raw-key open and the other way round, its
 * streams, every key length refused but 16 and 32, NULL arguments. */
static void test_chunked_key(void) {
  static uint8_t msg[20000], ct[21000], ct2[21000], back[21000];
  uint8_t key[32] = {9}, context[2] = {'k', 'y'};
  size_t n = 0, m = 0, len, total;
  unsigned threads;
  aeskit_chunked_key* k = NULL;
  aeskit_chunked_encryptor* e = NULL;
  aeskit_chunked_decryptor* d = NULL;
  for (len = 0; len < sizeof msg; ++len) msg[len] = (uint8_t)(len * 7);
  for (len = 0; len <= 40; ++len) {
    int want = len == 16 || len == 32 ? AESKIT_OK : AESKIT_E_BAD_KEY_LENGTH;
    k = NULL;
    CHECK_RC(aeskit_chunked_key_new(&k, key, len), want);
    CHECK((k != NULL) == (want == AESKIT_OK));
    aeskit_chunked_key_free(k);
  }
  CHECK_RC(aeskit_chunked_key_new(NULL, key, 16), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_chunked_key_new(&k, NULL, 16), AESKIT_E_NULL_POINTER);
  aeskit_chunked_key_free(NULL);
  CHECK_RC(aeskit_chunked_key_new(&k, key, 32), AESKIT_OK);
  for (threads = 0; threads < 3; ++threads) {
    CHECK_RC(aeskit_chunked_key_seal(k, context, 2, msg, sizeof msg, ct, &n, sizeof ct, threads),
             AESKIT_OK);
    CHECK_RC(aeskit_chunked_open(key, 32, context, 2, ct, n, back, &m, sizeof back, threads),
             AESKIT_OK);
    CHECK(m == sizeof msg && memcmp(back, msg, m) == 0);
    CHECK_RC(aeskit_chunked_seal(key, 32, context, 2, msg, 999, ct2, &n, sizeof ct2, threads),
             AESKIT_OK);
    CHECK_RC(aeskit_chunked_key_open(k, context, 2, ct2, n, back, &m, sizeof back, threads),
             AESKIT_OK);
    CHECK(m == 999 && memcmp(back, msg, m) == 0);
  }
  CHECK_RC(aeskit_chunked_key_open(k, context, 1, ct2, n, back, &m, sizeof back, 1),
           AESKIT_E_WRONG_KEY_OR_CONTEXT);
  CHECK(all_equal(back, 999, 0));
  CHECK_RC(aeskit_chunked_key_seal(k, context, 2, msg, sizeof msg, ct, &n, 100, 1),
           AESKIT_E_OUTPUT_TOO_SMALL);
  CHECK_RC(aeskit_chunked_key_seal(NULL, context, 2, msg, 10, ct, &n, sizeof ct, 1),
           AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_chunked_key_seal(k, NULL, 2, msg, 10, ct, &n, sizeof ct, 1),
           AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_chunked_key_open(k, context, 2, ct2, n, back, NULL, sizeof back, 1),
           AESKIT_E_NULL_POINTER);
  /* Streams from the handle: one update of everything, then finish. */
  CHECK_RC(aeskit_chunked_key_encryptor_new(&e, k, context, 2), AESKIT_OK);
  CHECK_RC(aeskit_chunked_encryptor_update(e, msg, sizeof msg, ct, &n, sizeof ct), AESKIT_OK);
  total = n;
  CHECK_RC(aeskit_chunked_encryptor_finish(e, ct + total, &n, sizeof ct - total), AESKIT_OK);
  total += n;
  aeskit_chunked_encryptor_free(e);
  CHECK_RC(aeskit_chunked_key_decryptor_new(&d, k, context, 2), AESKIT_OK);
  aeskit_chunked_key_free(k); /* the stream keeps what it needs */
  CHECK_RC(aeskit_chunked_decryptor_update(d, ct, total, back, &m, sizeof back), AESKIT_OK);
  CHECK_RC(aeskit_chunked_decryptor_finish(d, back + m, &n, sizeof back - m), AESKIT_OK);
  CHECK(m + n == sizeof msg && memcmp(back, msg, sizeof msg) == 0);
  aeskit_chunked_decryptor_free(d);
  CHECK_RC(aeskit_chunked_key_encryptor_new(&e, NULL, context, 2), AESKIT_E_NULL_POINTER);
  CHECK_RC(aeskit_chunked_key_decryptor_new(NULL, NULL, context, 2), AESKIT_E_NULL_POINTER);
}

int main(void) {
  test_library();
  test_version_random_details();
  test_aead_known_answer();
  test_aead_errors();
  test_aead_batch();
  test_hp_masks();
  test_modes();
  test_xts();
  test_hctr2();
  test_xts_tweak();
  test_siv();
  test_sealing_key();
  test_macs();
  test_hashes();
  test_chunked();
  test_chunked_key();
  test_streams();
  printf("capi_c_test: %d checks, %d failed\n", checks, failures);
  return failures == 0 && checks > 0 ? 0 : 1;
}
