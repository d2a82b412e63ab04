// src/backend/portable/ghash_portable.hpp — the portable constant-time GHASH backend (any CPU).
#pragma once

#include "backend/ghash_backend.hpp"

namespace aeskit::detail {
extern const GhashBackend kGhashPortableBackend;
}
