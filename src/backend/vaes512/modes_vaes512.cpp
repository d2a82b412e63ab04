// src/backend/vaes512/modes_vaes512.cpp — the vaes512 backend's XTS and OCB kernels: the
// width-generic kernels of src/backend/vaes/ instantiated with the 512-bit policy. OCB's head
// and tail runs (outside whole groups) go to vaes256's (16-block groups; it hands its own head and tail to aesni).
//
// CPU features: AVX-512 F/BW/DQ/VL, AES-NI, VAES, PCLMULQDQ, VPCLMULQDQ (EVEX, zmm).
// References: vaes/wide_xts.hpp, vaes/wide_ocb.hpp (the math); backend/backend.hpp.
#include "backend/vaes/vec512.hpp"  // first: sets this unit's vector width and target

#include <cstddef>
#include <cstdint>

#include "backend/vaes256/kernels.hpp"
#include "backend/vaes/wide_ocb.hpp"
#include "backend/vaes/wide_xts.hpp"
#include "backend/vaes512/kernels.hpp"

namespace aeskit::detail::vaes512 {
namespace {
constexpr wide::OcbNarrow kOcbNarrow = {vaes256::ocb_encrypt, vaes256::ocb_decrypt, vaes256::ocb_hash};
}  // namespace

#include "backend/vaes/entries_modes.inc"
}  // namespace aeskit::detail::vaes512
