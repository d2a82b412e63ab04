// src/backend/ppc64/kernels.hpp — the power8 backend's entry points (shared by its files): the
// declarations every 8-block-group backend shares, backend/kernels/group8/entry_declarations.inc.
// CPU features: POWER8 vector crypto (callers check through AesBackend::supported).
// References: backend/backend.hpp (the contract); rounds.hpp (layout and round structure).
#pragma once

#include <cstddef>
#include <cstdint>

#include "backend/backend.hpp"
#include "backend/ppc64/rounds.hpp"

namespace aeskit::detail::power8 {
inline namespace AESKIT_POWER8_NS {  // rounds.hpp: p8 or p9

#define AESKIT_GROUP8_DECLARE AESKIT_POWER8_TARGET
#include "backend/kernels/group8/entry_declarations.inc"
#undef AESKIT_GROUP8_DECLARE

}  // namespace AESKIT_POWER8_NS
}  // namespace aeskit::detail::power8
