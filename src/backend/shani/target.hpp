// src/backend/shani/target.hpp — the function attributes every SHA-NI backend function carries.
//
// CPU features: the SHA extensions (SHA1RNDS4, SHA1NEXTE, SHA1MSG1/2, SHA256RNDS2,
// SHA256MSG1/2) plus SSSE3 (PSHUFB for the big-endian loads) and SSE4.1 (PBLENDW). Enabled
// per function, never per file, so the library still runs on CPUs without them; the
// compressor's supported() predicate keeps these functions from being called there. Legacy
// SSE encodings only: no vzeroupper needed.
// References: Intel, "Intel SHA Extensions" (Gulley et al., 2013); GCC/Clang target attribute.
#pragma once

#define AESKIT_SHANI_TARGET __attribute__((target("sha,sse4.1,ssse3")))
#define AESKIT_SHANI_INLINE __attribute__((target("sha,sse4.1,ssse3"), always_inline)) inline
