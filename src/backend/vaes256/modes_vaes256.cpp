// src/backend/vaes256/modes_vaes256.cpp — the vaes256 backend's XTS and OCB kernels: the
// width-generic kernels of src/backend/vaes/ instantiated with the 256-bit policy. OCB's head
// and tail runs (outside whole groups) go to aesni's (8 blocks interleaved).
//
// CPU features: AVX2, AES-NI, VAES, PCLMULQDQ, VPCLMULQDQ (VEX only).
// References: vaes/wide_xts.hpp, vaes/wide_ocb.hpp (the math); backend/backend.hpp.
#include "backend/vaes/vec256.hpp"  // first: sets this unit's vector width and target

#include <cstddef>
#include <cstdint>

#include "backend/aesni/ocb_aesni.hpp"
#include "backend/vaes/wide_ocb.hpp"
#include "backend/vaes/wide_xts.hpp"
#include "backend/vaes256/kernels.hpp"

namespace aeskit::detail::vaes256 {
namespace {
constexpr wide::OcbNarrow kOcbNarrow = {aesni::ocb_encrypt, aesni::ocb_decrypt, aesni::ocb_hash};
}  // namespace

#include "backend/vaes/entries_modes.inc"
}  // namespace aeskit::detail::vaes256
