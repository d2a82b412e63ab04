// tests/support/fips197_vectors.hpp — the FIPS-197 example vectors of the raw block cipher
// (Appendix C.1-C.3, one per key size, and the Appendix B cipher example) as data, shared by
// the known-answer test and the self-contained cross-architecture test (tests/cross, which
// runs under qemu without the vector files). Header-only: no test framework.
// Reference: NIST FIPS 197, "Advanced Encryption Standard (AES)", Appendices B and C.
#pragma once

namespace aeskit_test::fips197 {

struct BlockVector {
  const char* source;
  const char* key;
  const char* plaintext;
  const char* ciphertext;
};

// C.1 (AES-128), C.2 (AES-192), C.3 (AES-256), B (AES-128).
constexpr BlockVector kVectors[] = {
    {"FIPS-197 C.1", "000102030405060708090a0b0c0d0e0f", "00112233445566778899aabbccddeeff",
     "69c4e0d86a7b0430d8cdb78070b4c55a"},
    {"FIPS-197 C.2", "000102030405060708090a0b0c0d0e0f1011121314151617",
     "00112233445566778899aabbccddeeff", "dda97ca4864cdfe06eaf70a0ec0d7191"},
    {"FIPS-197 C.3", "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
     "00112233445566778899aabbccddeeff", "8ea2b7ca516745bfeafc49904b496089"},
    {"FIPS-197 B", "2b7e151628aed2a6abf7158809cf4f3c", "3243f6a8885a308d313198a2e0370734",
     "3925841d02dc09fbdc118597196a0b32"},
};

}  // namespace aeskit_test::fips197
