// src/backend/arm64/kernels.hpp — the armv8ce backend's entry points (shared by its files): the
// declarations every 8-block-group backend shares, backend/kernels/group8/entry_declarations.inc.
// CPU features: AArch64 FEAT_AES (callers check through AesBackend::supported).
// References: backend/backend.hpp (the contract); rounds.hpp (layout and round structure).
#pragma once

#include <cstddef>
#include <cstdint>

#include "backend/arm64/rounds.hpp"
#include "backend/backend.hpp"

namespace aeskit::detail::armv8ce {
inline namespace AESKIT_ARMV8CE_NS {

#define AESKIT_GROUP8_DECLARE AESKIT_ARMV8CE_TARGET
#include "backend/kernels/group8/entry_declarations.inc"
#undef AESKIT_GROUP8_DECLARE

}  // namespace AESKIT_ARMV8CE_NS
}  // namespace aeskit::detail::armv8ce
