// aeskit/backends.hpp — which AES and GHASH backends and fused GCM kernels exist, which this
// CPU can run and whether they passed their self-tests, and which kernel each mode will use.
// Used by `aeskit cpu`, the speed tool and the tests.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "aeskit/export.hpp"
#include "aeskit/modes.hpp"

namespace aeskit {

struct BackendInfo {
  std::string_view name;         // stable identifier, e.g. "aesni", "portable"
  std::string_view description;  // one line for people
  bool available;                // this CPU (after AESKIT_DISABLE) can run it, and its
                                 // self-test did not fail
  // The known-answer self-test of the backend's kernels (each against the portable block
  // function, once per process, before the backend is first selected): "passed (...)",
  // "FAILED: <entries> (first: <entry>, AES-<bits>, <n> blocks) - not used", or
  // "not run (...)" when this CPU or AESKIT_DISABLE rules the backend out.
  std::string self_test;
  bool self_test_failed = false;
};

// backends lists every backend compiled into this build, fastest first. It runs the
// self-test of each backend this CPU can run (once per process; tens of microseconds each).
AESKIT_API std::vector<BackendInfo> backends();

// ghash_backends lists the GHASH backends (GCM's and GMAC's hash; POLYVAL runs on them too,
// through their native POLYVAL kernel where one exists), fastest first, as BackendInfo. Their
// self-test (once per process) checks update, and the native POLYVAL kernel's init_powers +
// update and hash_short, against a bit-serial GF(2^128) multiply: "passed (...)",
// "FAILED: <entries> (first: <entry>, <n> blocks) - not used" (self_test_failed; keys take
// the next backend), a passed update whose POLYVAL kernel failed ("...; <kernel> FAILED: ...
// - not used, POLYVAL runs through the RFC 8452 mapping": the backend stays available), or
// "not run (...)".
AESKIT_API std::vector<BackendInfo> ghash_backends();

struct GcmKernelInfo {
  std::string_view name;           // e.g. "aesni+pclmul 8x"
  std::string_view aes_backend;    // the AES backend whose keys it reads, e.g. "aesni"
  std::string_view ghash_backend;  // the GHASH backend whose keys it reads, e.g. "pclmul"
  bool available = false;          // this CPU (after AESKIT_DISABLE) can run it, and neither it
                                   // nor its two backends failed a self-test
  // Its self-test against the unfused AES CTR + GHASH (once per process, after its two
  // backends' own): "passed (...)", "FAILED: <entries> (first: ...) - not used (GCM runs
  // unfused)", or "not run (...)" (this CPU, AESKIT_DISABLE, or a backend that failed).
  std::string self_test;
  bool self_test_failed = false;  // it failed, or a backend it reads failed: never used
};

// gcm_fused_kernels lists the fused AES-GCM kernels compiled in, fastest first, running the
// self-test of each this CPU can run (once per process).
AESKIT_API std::vector<GcmKernelInfo> gcm_fused_kernels();

// default_backend names the backend AesKey::create picks when none is named.
AESKIT_API std::string_view default_backend();

// kernel_for describes the code that runs `mode` in `direction` for a key of `key_bits`
// on `backend` (empty: the default backend), e.g. "aesni:ctr128 (8 blocks/iteration)" or
// "portable:encrypt_blocks (batched, 4 blocks)". Empty if the backend is unknown/unavailable.
AESKIT_API std::string kernel_for(Mode mode, Direction direction, std::size_t key_bits,
                                  std::string_view backend = {});

struct CpuFeatureState {
  std::string_view name;  // as spelled in AESKIT_DISABLE, e.g. "aesni"
  bool detected;          // the CPU (and OS, for vector state) has it
  bool enabled;           // detected and not removed by AESKIT_DISABLE or a missing dependency
};

struct CpuReport {
  std::string cpu_name;  // brand string, if the CPU reports one
  std::vector<CpuFeatureState> features;
  std::string disable_setting;              // AESKIT_DISABLE as read at start-up
  std::vector<std::string> unknown_tokens;  // tokens of AESKIT_DISABLE that name no feature
  bool prefer_ymm = false;                  // see set_prefer_ymm
  std::string_view prefer_ymm_source;       // "api", "AESKIT_PREFER_YMM", "cpu model", "default"
  // The widest vector registers keys created now may use: 512 (zmm), 256 (ymm) or 128 (xmm,
  // and every non-x86 CPU), after AESKIT_DISABLE and the width preference.
  unsigned vector_bits = 128;
};

// cpu_report describes the features found once at start-up and what was disabled. `features`
// lists the features this build's architecture probes (x86-64: sse2 .. sha; AArch64: aes,
// pmull, sha1, sha2, sha512, sha3; 32-bit Arm: neon; ppc64le: altivec, vsx, vcrypto, isa300).
AESKIT_API CpuReport cpu_report();

// set_prefer_ymm: on CPUs with AVX-512, choose the 256-bit (ymm) kernels over the 512-bit
// (zmm) ones for keys created from now on (existing keys keep their kernels). For processes
// where other code is sensitive to the clock drop some CPUs take while zmm registers are in
// use. Without a call the environment decides: AESKIT_PREFER_YMM=1 prefers ymm, =0 allows
// zmm everywhere, unset prefers ymm only on CPU models known to lower their clock for zmm
// (Intel Ice Lake, Tiger Lake, Sapphire/Emerald Rapids). AESKIT_DISABLE=avx512 removes the
// zmm kernels altogether. A backend named explicitly (AesKey::create(key, "vaes512")) is
// used regardless. Thread-safe.
AESKIT_API void set_prefer_ymm(bool prefer);
AESKIT_API bool prefer_ymm();

}  // namespace aeskit
