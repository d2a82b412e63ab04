/* docs/examples/c_siv_components.c — docs/api-c.md, "AES-SIV over several AD components": a
 * header, a record number and a nonce as three components (RFC 5297's nonce-based form); the
 * same components open it, swapped ones do not. Built as C99 (-pedantic -Werror) and run as a
 * test (tests/doc_examples); exit status 0 when all holds. */
#include <stdio.h>
#include <string.h>

#include <aeskit/aeskit.h>

int main(void) {
  static const uint8_t key[32] = {7}, header[8] = "v1.hdr", record[4] = {0, 0, 0, 42};
  static const uint8_t nonce[16] = {1, 2, 3, 4}, msg[] = "the payload";
  uint8_t sealed[sizeof msg + 16], back[sizeof msg];
  size_t ad_lens[3] = {sizeof header, sizeof record, sizeof nonce}, n;
  const uint8_t* ad[3];
  aeskit_siv* s;
  if (aeskit_siv_new(&s, key, 32, NULL) != AESKIT_OK) return 1;
  ad[0] = header;
  ad[1] = record;
  ad[2] = nonce; /* the nonce last */
  if (aeskit_siv_seal(s, sealed, &n, sizeof sealed, ad, ad_lens, 3, msg, sizeof msg) != AESKIT_OK)
    return 1; /* sealed = V (16 bytes) || C */
  if (aeskit_siv_open(s, back, &n, sizeof back, ad, ad_lens, 3, sealed, sizeof sealed) !=
          AESKIT_OK ||
      memcmp(back, msg, sizeof msg) != 0)
    return 1;
  ad[0] = record; /* the components are ordered: swapping two is another input */
  ad[1] = header;
  ad_lens[0] = sizeof record;
  ad_lens[1] = sizeof header;
  if (aeskit_siv_open(s, back, &n, sizeof back, ad, ad_lens, 3, sealed, sizeof sealed) !=
      AESKIT_E_AUTHENTICATION_FAILED)
    return 1;
  aeskit_siv_free(s);
  printf("c_siv_components: ok\n");
  return 0;
}
