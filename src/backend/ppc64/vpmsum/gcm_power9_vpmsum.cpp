// src/backend/ppc64/vpmsum/gcm_power9_vpmsum.cpp — the fused (power9, vpmsum) AES-GCM kernel:
// gcm_power8_vpmsum.cpp compiled for the Power ISA 3.0 (ppc64/rounds.hpp's p9 build:
// lxvb16x/stxvb16x block loads and stores), reading the power9 backend's round keys.
// CPU features: POWER8 vector crypto and ISA 3.0 (cpu::Feature::vcrypto, isa300).
// References: gcm_power8_vpmsum.cpp.
#define AESKIT_POWER8_ISA3 1
#include "backend/ppc64/vpmsum/gcm_power8_vpmsum.cpp"
