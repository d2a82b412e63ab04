/* docs/examples/c_seal_open.c — docs/api-c.md, "Seal and open a message": AES-128-GCM through
 * the C API; a forged message is refused and the output zeroed. Built as C99 (-pedantic
 * -Werror) and run as a test (tests/doc_examples); exit status 0 when all holds. */
#include <stdio.h>
#include <string.h>

#include <aeskit/aeskit.h>

int main(void) {
  static const uint8_t key[16] = {1, 2, 3}, nonce[12] = {9};
  static const uint8_t msg[] = "attack at dawn";
  uint8_t sealed[sizeof msg + 16], back[sizeof msg];
  size_t sealed_len, back_len, i;
  aeskit_aead* ctx;
  int rc = aeskit_aead_new(&ctx, "AES-128-GCM", key, sizeof key, 0);
  if (rc != AESKIT_OK) return fprintf(stderr, "aeskit: %s\n", aeskit_error_message(rc)), 1;
  rc = aeskit_aead_seal(ctx, sealed, &sealed_len, sizeof sealed, nonce, 12, msg, sizeof msg, NULL,
                        0);
  if (rc == AESKIT_OK)
    rc =
        aeskit_aead_open(ctx, back, &back_len, sizeof back, nonce, 12, sealed, sealed_len, NULL, 0);
  if (rc != AESKIT_OK || back_len != sizeof msg || memcmp(back, msg, sizeof msg) != 0) return 1;

  sealed[3] ^= 1; /* a forgery: refused, nothing of it released */
  rc = aeskit_aead_open(ctx, back, &back_len, sizeof back, nonce, 12, sealed, sealed_len, NULL, 0);
  if (rc != AESKIT_E_AUTHENTICATION_FAILED) return 1;
  for (i = 0; i < sizeof back; ++i)
    if (back[i] != 0) return 1;
  aeskit_aead_free(ctx); /* wipes the key */
  printf("c_seal_open: ok\n");
  return 0;
}
