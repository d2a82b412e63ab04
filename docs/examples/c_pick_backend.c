/* docs/examples/c_pick_backend.c — docs/api-c.md, "Pick a backend and see what runs": the
 * default backend, a key pinned to "portable" giving the same bytes as the default one, and an
 * unknown name refused. Built as C99 (-pedantic -Werror) and run as a test
 * (tests/doc_examples); exit status 0 when all holds. */
#include <stdio.h>
#include <string.h>

#include <aeskit/aeskit.h>

int main(void) {
  static const uint8_t key[32] = {5}, nonce[12] = {0}, msg[64] = {0};
  uint8_t a[80], b[80];
  size_t n, a_len, b_len;
  char name[32];
  aeskit_aead *fast, *slow, *none;
  if (aeskit_default_backend(name, sizeof name, &n) != AESKIT_OK) return 1; /* e.g. "vaes512" */
  if (aeskit_aead_new(&fast, "AES-256-GCM", key, 32, 0) != AESKIT_OK) return 1;
  if (aeskit_aead_new_backend(&slow, "AES-256-GCM", key, 32, 0, "portable") != AESKIT_OK) return 1;
  if (aeskit_aead_seal(fast, a, &a_len, sizeof a, nonce, 12, msg, sizeof msg, NULL, 0) ||
      aeskit_aead_seal(slow, b, &b_len, sizeof b, nonce, 12, msg, sizeof msg, NULL, 0))
    return 1;
  if (a_len != b_len || memcmp(a, b, a_len) != 0) return 1; /* every backend: same bytes */
  if (aeskit_aead_new_backend(&none, "AES-256-GCM", key, 32, 0, "no-such") !=
      AESKIT_E_UNKNOWN_BACKEND)
    return 1;
  aeskit_aead_free(fast);
  aeskit_aead_free(slow);
  printf("c_pick_backend: ok (default %s)\n", name);
  return 0;
}
