// src/backend/portable/aegis_portable.cpp — the portable AEGIS kernels: the draft-literal
// reference (backend/kernels/aegis_reference.hpp) on the constant-time bitsliced AES round
// (aes_round.hpp), every family at degrees 1, 2 and 4. Every other AEGIS kernel is tested
// against it, and it serves CPUs (or degrees) no other kernel covers.
//
// CPU features: none. Constant-time (no table lookups; only lengths steer branches).
// References: backend/kernels/aegis_reference.hpp, backend/aegis_kernels.hpp.
#include "backend/aegis_kernels.hpp"
#include "backend/kernels/aegis_reference.hpp"
#include "backend/portable/aes_round.hpp"

namespace aeskit::detail {

constinit const AegisKernels kAegisPortable =
    aegis_reference_tables<&portable::aes_rounds>("portable");

}  // namespace aeskit::detail
