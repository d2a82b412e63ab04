// src/backend/ppc64/aegis_power9.cpp — the AEGIS kernels of the backend "power9":
// aegis_power8.cpp compiled a second time for the Power ISA 3.0 (rounds.hpp's p9 build:
// single lxvb16x/stxvb16x for the big-endian loads and stores).
// CPU features: POWER8 vector crypto and POWER9's ISA 3.0 (cpu::Feature::vcrypto, isa300).
// References: aegis_power8.cpp, aes_power9.cpp.
#define AESKIT_POWER8_ISA3 1
#include "backend/ppc64/aegis_power8.cpp"

namespace aeskit::detail {
constinit const AegisKernels kAegisPower9 = power8::p9::aegis_table("power9");
}  // namespace aeskit::detail
