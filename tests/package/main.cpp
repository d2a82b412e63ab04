// tests/package/main.cpp — a program built against an installed aeskit: encrypts one message
// with AES-128-CBC and PKCS#7 and prints the first ciphertext byte, which check.sh compares
// with the known answer.
#include <aeskit/aeskit.hpp>

#include <cstdio>

int main() {
  const unsigned char key_bytes[16] = {}, iv[16] = {}, pt[20] = {1};
  unsigned char ct[32];
  auto key = aeskit::AesKey::create(key_bytes);
  if (!key) return 1;
  auto n = aeskit::encrypt(*key, aeskit::Mode::cbc, iv, pt, ct, aeskit::Padding::pkcs7);
  if (!n || *n != 32) return 1;
  std::printf("%02x\n", ct[0]);
  return 0;
}
