// src/base/declassify.hpp — the points where a value computed from secrets becomes public.
//
// Constant-time code never branches on, or indexes memory with, secret data. A few results
// computed from secrets are public by design and are branched on: a tag comparison's verdict,
// a padding check's verdict and length — they are the call's result. `declassify(v)` marks
// such a value at the exact point it is released.
//
// In normal builds it compiles to nothing. In the constant-time audit build
// (-DAESKIT_CT_AUDIT=ON, see tests/ct/) the audit harness marks keys, plaintexts and tags as
// undefined for valgrind memcheck, which then reports every branch or address that depends on
// them; declassify tells memcheck that `v` is defined from here on, so only unintended
// dependences are reported. Every call site is a claim a reviewer can check. In the
// MemorySanitizer build (-DAESKIT_CT_MSAN=ON, the ctmsan preset) the same points unpoison `v`
// (__msan_unpoison): the checker poisons the secrets, MSan reports what depends on them.
// References: A. Langley, ctgrind (2010); valgrind memcheck client requests; the
// MemorySanitizer interface (sanitizer/msan_interface.h).
#pragma once

#if defined(AESKIT_CT_AUDIT)
#include <valgrind/memcheck.h>
#elif defined(AESKIT_CT_MSAN)
#include <sanitizer/msan_interface.h>
#endif

namespace aeskit::detail {

template <class T>
inline void declassify(T& value) noexcept {
#if defined(AESKIT_CT_AUDIT)
  VALGRIND_MAKE_MEM_DEFINED(&value, sizeof value);
#elif defined(AESKIT_CT_MSAN)
  __msan_unpoison(&value, sizeof value);
#else
  (void)value;
#endif
}

}  // namespace aeskit::detail
