// aeskit/export.hpp — symbol visibility for the shared library build.
// The library is compiled with hidden visibility; AESKIT_API marks the public surface.
#pragma once

#if defined(AESKIT_STATIC_DEFINE)
#define AESKIT_API
#elif defined(_WIN32)
#if defined(AESKIT_BUILDING)
#define AESKIT_API __declspec(dllexport)
#else
#define AESKIT_API __declspec(dllimport)
#endif
#else
#define AESKIT_API __attribute__((visibility("default")))
#endif
