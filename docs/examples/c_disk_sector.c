/* docs/examples/c_disk_sector.c — docs/api-c.md, "Encrypt disk sectors": AES-256-XTS over
 * 4096-byte sectors numbered from 1000, in place, and the same sector through an explicit
 * 16-byte tweak. Built as C99 (-pedantic -Werror) and run as a test (tests/doc_examples); exit
 * status 0 when all holds. */
#include <stdio.h>
#include <string.h>

#include <aeskit/aeskit.h>

static uint8_t disk[3 * 4096], copy[3 * 4096], one[4096];

int main(void) {
  uint8_t key[64], tweak[16] = {0};
  size_t i;
  aeskit_xts* x;
  for (i = 0; i < sizeof key; ++i) key[i] = (uint8_t)(i + 1); /* Key1 != Key2 */
  for (i = 0; i < sizeof disk; ++i) disk[i] = (uint8_t)(i * 13);
  memcpy(copy, disk, sizeof disk);
  if (aeskit_xts_new(&x, key, 64, NULL) != AESKIT_OK) return 1;

  /* Sectors 1000, 1001, 1002, in place. */
  if (aeskit_xts_encrypt_sectors(x, 1000, 4096, disk, sizeof disk, disk, sizeof disk) != AESKIT_OK)
    return 1;
  /* Sector 1001 alone with its tweak spelled out: 1001 little-endian in 16 bytes. */
  tweak[0] = 1001 & 0xff;
  tweak[1] = 1001 >> 8;
  if (aeskit_xts_encrypt(x, tweak, 16, copy + 4096, 4096, one, sizeof one) != AESKIT_OK) return 1;
  if (memcmp(one, disk + 4096, 4096) != 0) return 1;

  if (aeskit_xts_decrypt_sectors(x, 1000, 4096, disk, sizeof disk, disk, sizeof disk) != AESKIT_OK)
    return 1;
  if (memcmp(disk, copy, sizeof disk) != 0) return 1;
  /* A sector size under one block is refused. */
  if (aeskit_xts_encrypt_sectors(x, 0, 8, disk, 16, disk, 16) != AESKIT_E_BAD_DATA_UNIT_LENGTH)
    return 1;
  aeskit_xts_free(x);
  printf("c_disk_sector: ok\n");
  return 0;
}
