/* docs/examples/c_stream_file.c — docs/api-c.md, "Stream a file": chunked encryption
 * (Cobblestone-256) of a file read in 64 KiB pieces with the push encryptor, opened back whole
 * and compared. Built as C99 (-pedantic -Werror) and run as a test (tests/doc_examples); exit
 * status 0 when all holds. */
#include <stdio.h>
#include <string.h>

#include <aeskit/aeskit.h>

static uint8_t buf[65536], ct[65536 + 5 * 16 + AESKIT_CHUNKED_ENCRYPT_FINISH_BOUND];

int encrypt_file(FILE* in, FILE* out, const uint8_t key[32]) {
  size_t got, n;
  aeskit_chunked_encryptor* e;
  int rc = aeskit_chunked_encryptor_new(&e, key, 32, (const uint8_t*)"backup", 6);
  if (rc != AESKIT_OK) return rc;
  while (rc == AESKIT_OK && (got = fread(buf, 1, sizeof buf, in)) > 0) {
    rc = aeskit_chunked_encryptor_update(e, buf, got, ct, &n, sizeof ct);
    if (rc == AESKIT_OK) fwrite(ct, 1, n, out);
  }
  if (rc == AESKIT_OK) rc = aeskit_chunked_encryptor_finish(e, ct, &n, sizeof ct);
  if (rc == AESKIT_OK) fwrite(ct, 1, n, out);
  aeskit_chunked_encryptor_free(e);
  return rc;
}

static uint8_t data[100000], sealed[101000], back[100000];

int main(void) {
  uint8_t key[32];
  size_t i, sealed_len, back_len;
  uint64_t want;
  FILE *in = tmpfile(), *out = tmpfile();
  if (in == NULL || out == NULL) return 1;
  for (i = 0; i < sizeof key; ++i) key[i] = (uint8_t)(i * 3);
  for (i = 0; i < sizeof data; ++i) data[i] = (uint8_t)(i * 7);
  fwrite(data, 1, sizeof data, in);
  rewind(in);
  if (encrypt_file(in, out, key) != AESKIT_OK) return 1;
  rewind(out);
  sealed_len = fread(sealed, 1, sizeof sealed, out);
  if (aeskit_chunked_ciphertext_length(sizeof data, &want) != AESKIT_OK || sealed_len != want)
    return 1;
  if (aeskit_chunked_open(key, 32, (const uint8_t*)"backup", 6, sealed, sealed_len, back, &back_len,
                          sizeof back, 1) != AESKIT_OK)
    return 1;
  if (back_len != sizeof data || memcmp(back, data, sizeof data) != 0) return 1;
  printf("c_stream_file: ok (%lu bytes -> %lu)\n", (unsigned long)sizeof data,
         (unsigned long)sealed_len);
  return 0;
}
