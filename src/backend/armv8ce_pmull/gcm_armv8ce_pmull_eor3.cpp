// src/backend/armv8ce_pmull/gcm_armv8ce_pmull_eor3.cpp — the fused AES-GCM kernel
// (gcm_armv8ce_pmull.cpp) built for ARMv8.2-A with FEAT_SHA3: the CTR output is one EOR3 per
// block (last round key ^ data) and the Karatsuba sums take two products per EOR3.
//
// CPU features: AArch64 FEAT_AES, FEAT_PMULL and FEAT_SHA3
// (target("arch=armv8.2-a+crypto+sha3"); run only when the CPU has them: armv8ce/eor3.hpp).
// References: armv8ce/rounds.hpp (the two builds), armv8ce/eor3.hpp.
#define AESKIT_ARMV8CE_EOR3 1
#include "backend/armv8ce_pmull/gcm_armv8ce_pmull.cpp"
