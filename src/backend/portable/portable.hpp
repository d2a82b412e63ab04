// src/backend/portable/portable.hpp — the portable constant-time backend (any CPU).
#pragma once

#include "backend/backend.hpp"

namespace aeskit::detail {
extern const AesBackend kPortableBackend;
}
