/* examples/pkgconfig-consumer/main.c — a C program built against an installed aeskit with
 * pkg-config only, through the C API (aeskit/aeskit.h):
 *   cc -std=c99 main.c $(pkg-config --cflags --libs aeskit) -o app
 * `app FILE WORKDIR` seals FILE whole with the chunked format (Cobblestone-256) into
 * WORKDIR/c-whole.cob, reads that file back, opens it and compares with FILE; then seals FILE
 * with AES-256-GCM into WORKDIR/c-file.gcm, reads it back, opens it and compares; and checks
 * that one flipped bit makes both opens fail, with the output zeroed. Exit status 0 when all
 * of that holds. */
#include <aeskit/aeskit.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fail(const char* what, int code) {
  fprintf(stderr, "pkgconfig-consumer (C): %s: %s\n", what,
          code != 0 ? aeskit_error_message(code) : "mismatch");
  return 1;
}

/* read_file: the whole file into a malloc'd buffer (at least one byte allocated). */
static uint8_t* read_file(const char* path, size_t* len) {
  FILE* f = fopen(path, "rb");
  uint8_t* buf = NULL;
  size_t cap = 1, n = 0;
  if (f == NULL) return NULL;
  buf = (uint8_t*)malloc(cap);
  while (buf != NULL) {
    size_t got;
    if (n == cap) {
      uint8_t* bigger = (uint8_t*)realloc(buf, cap * 2);
      if (bigger == NULL) {
        free(buf);
        buf = NULL;
        break;
      }
      buf = bigger;
      cap *= 2;
    }
    got = fread(buf + n, 1, cap - n, f);
    n += got;
    if (got == 0) break;
  }
  fclose(f);
  *len = n;
  return buf;
}

static int write_file(const char* path, const uint8_t* data, size_t len) {
  FILE* f = fopen(path, "wb");
  int ok;
  if (f == NULL) return 0;
  ok = fwrite(data, 1, len, f) == len;
  return fclose(f) == 0 && ok;
}

static int all_zero(const uint8_t* p, size_t n) {
  size_t i;
  for (i = 0; i < n; ++i)
    if (p[i] != 0) return 0;
  return 1;
}

int main(int argc, char** argv) {
  static const uint8_t key[32] = {1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11,
                                  12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22,
                                  23, 24, 25, 26, 27, 28, 29, 30, 31, 32};
  static const uint8_t context[] = "pkgconfig-consumer";
  static const uint8_t nonce[12] = {9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 1, 2};
  static const uint8_t ad[] = "file header";
  char path_cob[4096], path_gcm[4096];
  uint8_t *plain = NULL, *sealed = NULL, *back = NULL, *opened = NULL;
  size_t plain_len = 0, sealed_len = 0, back_len = 0, opened_len = 0, overhead = 0;
  uint64_t cob_len = 0;
  aeskit_aead* aead = NULL;
  int rc, status = 1;

  if (argc != 3) {
    fprintf(stderr, "usage: %s FILE WORKDIR\n", argv[0]);
    return 2;
  }
  snprintf(path_cob, sizeof path_cob, "%s/c-whole.cob", argv[2]);
  snprintf(path_gcm, sizeof path_gcm, "%s/c-file.gcm", argv[2]);
  plain = read_file(argv[1], &plain_len);
  if (plain == NULL) return fail("reading FILE", 0);

  /* The chunked format, whole buffers. */
  rc = aeskit_chunked_ciphertext_length(plain_len, &cob_len);
  if (rc != 0) goto done_rc;
  sealed = (uint8_t*)malloc((size_t)cob_len);
  opened = (uint8_t*)malloc(plain_len + 1);
  if (sealed == NULL || opened == NULL) goto done;
  rc = aeskit_chunked_seal(key, sizeof key, context, sizeof context - 1, plain, plain_len, sealed,
                           &sealed_len, (size_t)cob_len, 0);
  if (rc != 0) goto done_rc;
  if (!write_file(path_cob, sealed, sealed_len)) goto done;
  back = read_file(path_cob, &back_len);
  if (back == NULL || back_len != sealed_len) goto done;
  rc = aeskit_chunked_open(key, sizeof key, context, sizeof context - 1, back, back_len, opened,
                           &opened_len, plain_len + 1, 0);
  if (rc != 0) goto done_rc;
  if (opened_len != plain_len || memcmp(opened, plain, plain_len) != 0) {
    status = fail("chunked round trip", 0);
    goto done;
  }
  back[back_len / 2] ^= 0x10; /* one flipped bit: refused, nothing released */
  memset(opened, 0xaa, plain_len + 1);
  rc = aeskit_chunked_open(key, sizeof key, context, sizeof context - 1, back, back_len, opened,
                           &opened_len, plain_len + 1, 0);
  if (rc == 0 || !all_zero(opened, plain_len)) {
    status = fail("a forged chunked file was not refused with its output zeroed", rc);
    goto done;
  }
  free(sealed);
  free(back);
  sealed = back = NULL;

  /* An AEAD over the whole file. */
  rc = aeskit_aead_new(&aead, "AES-256-GCM", key, sizeof key, 0);
  if (rc != 0) goto done_rc;
  rc = aeskit_aead_max_overhead(aead, &overhead);
  if (rc != 0) goto done_rc;
  sealed = (uint8_t*)malloc(plain_len + overhead);
  if (sealed == NULL) goto done;
  rc = aeskit_aead_seal(aead, sealed, &sealed_len, plain_len + overhead, nonce, sizeof nonce,
                        plain, plain_len, ad, sizeof ad - 1);
  if (rc != 0) goto done_rc;
  if (!write_file(path_gcm, sealed, sealed_len)) goto done;
  back = read_file(path_gcm, &back_len);
  if (back == NULL || back_len != sealed_len) goto done;
  rc = aeskit_aead_open(aead, opened, &opened_len, plain_len + 1, nonce, sizeof nonce, back,
                        back_len, ad, sizeof ad - 1);
  if (rc != 0) goto done_rc;
  if (opened_len != plain_len || memcmp(opened, plain, plain_len) != 0) {
    status = fail("AES-256-GCM round trip", 0);
    goto done;
  }
  back[back_len - 1] ^= 0x01;
  memset(opened, 0xaa, plain_len + 1);
  rc = aeskit_aead_open(aead, opened, &opened_len, plain_len + 1, nonce, sizeof nonce, back,
                        back_len, ad, sizeof ad - 1);
  if (rc != AESKIT_E_AUTHENTICATION_FAILED || !all_zero(opened, plain_len)) {
    status = fail("a forged AES-256-GCM file was not refused with its output zeroed", rc);
    goto done;
  }
  printf("pkgconfig-consumer (C): %lu bytes through Cobblestone-256 and AES-256-GCM: ok\n",
         (unsigned long)plain_len);
  status = 0;
  goto done;

done_rc:
  status = fail("aeskit call", rc);
done:
  if (status != 0 && rc == 0) fprintf(stderr, "pkgconfig-consumer (C): failed\n");
  aeskit_aead_free(aead);
  free(plain);
  free(sealed);
  free(back);
  free(opened);
  return status;
}
