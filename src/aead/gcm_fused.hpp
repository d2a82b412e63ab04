// src/aead/gcm_fused.hpp — the seam for fused AES-CTR + GHASH kernels (GCM's bulk work): which
// kernel pair a key uses (the contract itself is backend/gcm_fused_kernels.hpp; the choice,
// find_gcm_fused and choose_gcm, is made by the one selection rule, backend/select/select.hpp).
//
// GCM's generic path (gcm_blocks.cpp) runs the AES backend's CTR32 kernel and then the GHASH
// backend's update over the same chunk while it is in cache. A fused kernel interleaves both
// in one loop (AES rounds hide the carry-less multiplications' latency). It plugs in here,
// exactly like the AES contract's bulk entries (backend.hpp): chosen once per key, it is
// offered every run of whole blocks, may process a prefix of them and returns how many; the
// generic path finishes the rest with the counter and hash state the kernel left.
//
// A fused kernel pair belongs to one AES backend and one GHASH backend: it reads the
// RoundKeys that AES backend wrote and the GhashKey that GHASH backend wrote, so it is only
// selected for keys made with exactly that pair, never when it or one of its backends failed
// its once-per-process self-test (backend/select/self_test.hpp; such keys run the unfused path).
// Same rules as every backend entry: noexcept, allocation-free, constant-time, any alignment,
// in == out allowed.
//
// Adding one: the kernels live in their backend folder (they use intrinsics); declare their
// GcmFusedKernels constant there and add its address to backend/select/catalog.hpp's kGcmFusedList,
// fastest first. Selection only matches pairs; it never names an instruction set.
#pragma once

#include "backend/gcm_fused_kernels.hpp"
#include "backend/select/select.hpp"  // find_gcm_fused, GcmChoice, choose_gcm
