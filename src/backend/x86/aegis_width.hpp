// src/backend/x86/aegis_width.hpp — the x86 side of backend/kernels/aegis_lanes.hpp: the shared
// AEGIS template compiled with the including width's target (AESKIT_WIDE_TARGET / _INLINE / _LAMBDA
// of vec128.hpp, vec256.hpp or vec512.hpp, which must come first). The width's AEGIS policy (Vec
// plus the single-block operations) is x86/entries_aegis.inc's AegisVec. CPU features: the width's.
// References: backend/kernels/aegis_lanes.hpp.
#pragma once

#if !defined(AESKIT_WIDE_INLINE)
#error "include the width's vecNNN.hpp before x86/aegis_width.hpp"
#endif
#define AESKIT_AEGIS_TARGET AESKIT_WIDE_TARGET
#define AESKIT_AEGIS_INLINE AESKIT_WIDE_INLINE
#define AESKIT_AEGIS_LAMBDA AESKIT_WIDE_LAMBDA

#include "backend/kernels/aegis_lanes.hpp"
