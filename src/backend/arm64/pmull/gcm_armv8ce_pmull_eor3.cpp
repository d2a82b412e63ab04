// src/backend/arm64/pmull/gcm_armv8ce_pmull_eor3.cpp — the fused AES-GCM kernel
// (gcm_armv8ce_pmull.cpp) built for ARMv8.2-A with FEAT_SHA3: the CTR output is one EOR3 per
// block (last round key ^ data) and the Karatsuba sums take two products per EOR3.
//
// CPU features: AArch64 FEAT_AES, FEAT_PMULL and FEAT_SHA3
// (target("arch=armv8.2-a+crypto+sha3"); run only when the CPU has them: arm64/eor3.hpp).
// References: arm64/rounds.hpp (the two builds), arm64/eor3.hpp.
#define AESKIT_ARMV8CE_EOR3 1
#include "backend/arm64/pmull/gcm_armv8ce_pmull.cpp"
