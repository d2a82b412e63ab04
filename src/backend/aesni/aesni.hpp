// src/backend/aesni/aesni.hpp — the AES-NI backend (x86-64 with AES-NI and SSSE3).
#pragma once

#include "backend/backend.hpp"

namespace aeskit::detail {
extern const AesBackend kAesniBackend;
}
