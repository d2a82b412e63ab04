// src/backend/arm64/eor3.hpp — the armv8ce kernels built a second time with EOR3 (the
// *_eor3.cpp files) and the choice between the two builds.
//
// CPU features: AArch64 FEAT_AES; the eor3 build also needs FEAT_SHA3 (EOR3: three-way XOR).
// References: Arm Architecture Reference Manual for A-profile, EOR3; rounds.hpp (the two
// builds, x3); backend/backend.hpp and backend/gcm_fused_kernels.hpp (the entries).
//
// The backend tables hold one function per entry, so each entry that EOR3 shortens is a
// small dispatcher (Pick): it runs the eor3 build when cpu::cpu_features() has FEAT_SHA3
// (after AESKIT_DISABLE, computed once per process), the base build otherwise. Only the
// entries whose loops have three-way XORs (last round key with data or mask, OCB's offsets
// and checksum: GCC also forms EOR3 from a ^ b ^ c under that target) have one.
#pragma once

#include "backend/backend.hpp"
#include "backend/gcm_fused_kernels.hpp"

namespace aeskit::detail::armv8ce {

// use_eor3: FEAT_SHA3 present and not disabled (aes_armv8ce.cpp).
bool use_eor3() noexcept;

// The eor3 build's entries (blocks_armv8ce_eor3.cpp, modes_armv8ce_eor3.cpp,
// arm64/pmull/gcm_armv8ce_pmull_eor3.cpp).
struct Eor3Blocks {
  decltype(AesBackend::ctr32_be) ctr32_be, ctr32_le, ctr128_be;
  decltype(AesBackend::cbc_decrypt) cbc_decrypt;
  decltype(AesBackend::cfb128_decrypt) cfb128_decrypt;
  decltype(AesBackend::xctr) xctr;
};
struct Eor3Modes {
  decltype(AesBackend::xts_encrypt) xts_encrypt, xts_decrypt;
  decltype(AesBackend::mac_ctr) mac_ctr;
  decltype(AesBackend::ocb_encrypt) ocb_encrypt, ocb_decrypt;
  decltype(AesBackend::ocb_hash) ocb_hash;
};
struct Eor3Gcm {
  decltype(GcmFusedKernels::seal) seal;
  decltype(GcmFusedKernels::open) open;
};
extern const Eor3Blocks kEor3Blocks;
extern const Eor3Modes kEor3Modes;
extern const Eor3Gcm kEor3Gcm;

// Pick<base, &Table::member, table>::run: the entry that calls table.*member when use_eor3(),
// else base.
template <auto Base, auto Member, const auto& Table>
struct Pick;
template <class Ret, class... A, Ret (*Base)(A...) noexcept, auto Member, const auto& Table>
struct Pick<Base, Member, Table> {
  static Ret run(A... a) noexcept { return (use_eor3() ? Table.*Member : Base)(a...); }
};

}  // namespace aeskit::detail::armv8ce
