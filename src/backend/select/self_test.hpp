// src/backend/select/self_test.hpp — the known-answer self-tests a backend passes before it is
// selected, once per process each:
//   - AES backends: every entry of the table (key expansion, encrypt_blocks/decrypt_blocks,
//     each non-null bulk kernel, and the GCM-SIV entries gcm_siv_derive/gcm_siv_tag_ctr) is run
//     on fixed inputs at every block count from 1 (0 for gcm_siv_tag_ctr) to 2 groups + 1
//     (group = the backend's batch_blocks, at least 16), for AES-128/192/256 (the GCM-SIV
//     entries: AES-128/256, their only key sizes), and compared with a model of the mode built
//     on the portable backend's block function (plus the FIPS-197 Appendix C known answers, so
//     the reference itself is checked). A backend that fails is skipped by best_backend() and
//     refused by name (backend_unavailable). (self_test.cpp)
//   - GHASH backends (init + update) and their native POLYVAL kernels (init_powers + update,
//     hash_short): every block count from 1 to 2 tables + 1 (table = the kernel's powers, at
//     least 8), the long calls 127, 128, 129, 160 and 300 blocks, and split calls, against a
//     bit-serial GF(2^128) multiply (checked itself by the SP 800-38D and RFC 8452 known answers
//     run through every kernel). A failed GHASH backend is skipped by best_ghash_backend() and
//     refused when pinned; a failed POLYVAL kernel is never chosen (POLYVAL then runs through
//     the RFC 8452 Appendix A mapping over the GHASH backend). (self_test_ghash.cpp)
//   - Fused GCM kernels (gcm_fused.hpp: seal/open, seal_message/open_message, polyval_open,
//     xctr_polyval), once their AES and GHASH backends passed: every block count 0..2 groups
//     + 1 and messages of every such block count with partial blocks, AD of 0, 1, 16 and 17
//     bytes (all four at each count for AES-128, rotating for AES-192/256), in place and not,
//     AES-128/192/256, against the unfused composition (the AES backend's ctr32_be, the GHASH
//     backend's update, the tag E_K(J0) ^ GHASH); polyval_open (AES-GCM-SIV's open pass) and
//     xctr_polyval (HCTR2's XCTR + POLYVAL pass) at every block count against the AES
//     backend's single blocks and the native POLYVAL kernel's update. A failed fused kernel is
//     never chosen: keys on its backend pair run the unfused path (GCM, GCM-SIV and HCTR2).
//     (self_test_gcm.cpp)
//   - AEGIS kernel tables (aegis_kernels.hpp), once their AES backend passed: every kernel of
//     the table, seal and open, on messages crossing its update width, unrolled loop and
//     partial update, AD of 0, 1 and r + 3 bytes, 16- and 32-byte tags, in place and not,
//     against the portable kernels. A failed table is never chosen: select_aegis_kernel takes
//     the next usable one, else portable. (self_test_aegis.cpp)
//
// No CPU features of its own: it runs a backend's code only when the CPU (detected features,
// before AESKIT_DISABLE) supports that backend. Thread-safe. Cost, once (measured on a shared,
// loaded Zen 5 class VM, minimum of 41 runs): 0.5-2 ms per AES backend (vaes512 the most),
// 15-30 us per clmul GHASH backend with its POLYVAL kernel and 80-85 us per software one, plus
// about 0.1 ms once for the GHASH reference chain (20 us warm), and 25-120 us per fused GCM
// kernel. The portable AES backend is the reference, so its self-test is the FIPS-197 known
// answers through its own table.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "backend/backend.hpp"
#include "backend/ghash_backend.hpp"

namespace aeskit::detail {

struct PolyvalKernel;    // backend/polyval_kernels.hpp
struct GcmFusedKernels;  // backend/gcm_fused_kernels.hpp
struct AegisKernels;     // backend/aegis_kernels.hpp

// entry_name_of: names[entry], or "" for a value past the end (the names of each kind of
// self-test's entries stand next to its enum below).
template <class EntryEnum, std::size_t N>
constexpr std::string_view entry_name_of(const std::string_view (&names)[N],
                                         EntryEnum entry) noexcept {
  const auto i = static_cast<std::size_t>(entry);
  return i < N ? names[i] : std::string_view{};
}

// --- AES backends ---------------------------------------------------------------------------

// The entries the self-test checks, in table order; bit i of SelfTestResult::failed_entries.
enum class SelfTestEntry : unsigned {
  key_schedule,  // expand_key + encrypt_blocks/derive_decrypt_key + decrypt_blocks vs FIPS-197
  encrypt_blocks,
  decrypt_blocks,
  ctr32_be,
  ctr32_le,
  ctr128_be,
  cbc_encrypt,
  cbc_decrypt,
  cfb128_encrypt,
  cfb128_decrypt,
  ofb,
  xts_encrypt,
  xts_decrypt,
  xts_encrypt_one,  // one-block data unit, the tweak encrypted with the same key as the data
  xts_decrypt_one,
  ocb_encrypt,
  ocb_decrypt,
  ocb_hash,
  cbc_mac,
  mac_ctr,
  gcm_siv_derive,   // vs encrypt_blocks on LE32(i) || N + expand_key (AES-128/256 only)
  gcm_siv_tag_ctr,  // vs E(S ^ N, bit 127 cleared) then ctr32_le from tag | 0x80, 0.. blocks
  xctr,             // HCTR2's XCTR: vs E(S ^ counter), ctr32_le's counter, across the wrap
  ecb_gather,       // vs encrypt_blocks of the gathered blocks (odd offsets, overlapping)
};
inline constexpr unsigned kSelfTestEntryCount = 24;
// The entries' names, in enum order: the AesBackend member names ("key_schedule" for the first).
inline constexpr std::string_view kSelfTestEntryNames[kSelfTestEntryCount] = {"key_schedule",
                                                                              "encrypt_blocks",
                                                                              "decrypt_blocks",
                                                                              "ctr32_be",
                                                                              "ctr32_le",
                                                                              "ctr128_be",
                                                                              "cbc_encrypt",
                                                                              "cbc_decrypt",
                                                                              "cfb128_encrypt",
                                                                              "cfb128_decrypt",
                                                                              "ofb",
                                                                              "xts_encrypt",
                                                                              "xts_decrypt",
                                                                              "xts_encrypt_one",
                                                                              "xts_decrypt_one",
                                                                              "ocb_encrypt",
                                                                              "ocb_decrypt",
                                                                              "ocb_hash",
                                                                              "cbc_mac",
                                                                              "mac_ctr",
                                                                              "gcm_siv_derive",
                                                                              "gcm_siv_tag_ctr",
                                                                              "xctr",
                                                                              "ecb_gather"};

// self_test_entry_name: "ctr32_be", ...; "" for a value past the last entry.
inline std::string_view self_test_entry_name(SelfTestEntry entry) noexcept {
  return entry_name_of(kSelfTestEntryNames, entry);
}

struct SelfTestResult {
  enum class Status : unsigned char {
    not_run,  // the CPU cannot run this backend's code: nothing was tested
    passed,
    failed,
  };
  Status status = Status::not_run;
  std::uint32_t failed_entries = 0;  // bit per SelfTestEntry
  std::uint32_t tested_entries = 0;  // bit per SelfTestEntry that the table has and was run
  // The first mismatch found: entry, key size and block count.
  SelfTestEntry first_failure = SelfTestEntry::key_schedule;
  unsigned first_failure_key_bits = 0;
  std::size_t first_failure_blocks = 0;
  std::size_t max_blocks = 0;       // longest run tested (2 groups + 1)
  bool known_answers_only = false;  // the portable backend: the reference, FIPS-197 only
  std::uint64_t nanoseconds = 0;    // wall time of the run
};

// backend_self_test: the result for `b`, running the test first if this process has not yet
// (other threads asking meanwhile wait for it). Not run (status not_run) when the CPU's
// detected features do not support `b`.
const SelfTestResult& backend_self_test(const AesBackend& b) noexcept;

// backend_self_test_allows: false only when `b` ran its self-test here and failed. A backend
// this CPU cannot run is not tested and not refused here (callers check supported() first;
// the dispatch tests ask best_backend about feature sets this CPU does not have).
bool backend_self_test_allows(const AesBackend& b) noexcept;

// backend_usable: supported by `features` and not refused by its self-test (select.hpp's
// runnable, defined in select/select.cpp). What AesKey::create requires of a backend named
// explicitly, and what best_backend takes the first of (within the width preference).
bool backend_usable(const AesBackend& b, const cpu::FeatureSet& features) noexcept;

// --- GHASH backends and their native POLYVAL kernels ----------------------------------------

// The entries the GHASH self-test checks; bit i of GhashSelfTestResult::failed_entries.
enum class GhashSelfTestEntry : unsigned {
  update,                // GhashBackend::init + update (GHASH)
  polyval_update,        // the native PolyvalKernel's init_powers + update (POLYVAL)
  polyval_hash_short,    // the native PolyvalKernel's hash_short
  polyval_hash_message,  // the native PolyvalKernel's hash_message
};
inline constexpr unsigned kGhashSelfTestEntryCount = 4;
inline constexpr std::string_view kGhashSelfTestEntryNames[kGhashSelfTestEntryCount] = {
    "update", "polyval_update", "polyval_hash_short", "polyval_hash_message"};

// ghash_self_test_entry_name: "update", "polyval_update", "polyval_hash_short",
// "polyval_hash_message".
inline std::string_view ghash_self_test_entry_name(GhashSelfTestEntry entry) noexcept {
  return entry_name_of(kGhashSelfTestEntryNames, entry);
}

struct GhashSelfTestResult {
  using Status = SelfTestResult::Status;
  Status status = Status::not_run;  // the GHASH backend (update)
  // Its native POLYVAL kernel (both polyval_* entries): not_run when none is compiled in.
  Status polyval_status = Status::not_run;
  std::uint32_t failed_entries = 0;  // bit per GhashSelfTestEntry
  std::uint32_t tested_entries = 0;
  GhashSelfTestEntry first_failure = GhashSelfTestEntry::update;
  std::size_t first_failure_blocks = 0;
  std::size_t max_blocks = 0;      // every block count 1..max_blocks (2 tables + 1) was run
  std::size_t longest_blocks = 0;  // and the long calls up to this many blocks
  std::uint64_t nanoseconds = 0;   // wall time of the run
  // Of which: building the reference chain (once per process: nonzero in the first run only).
  std::uint64_t reference_nanoseconds = 0;
};

// ghash_self_test: the result for `g` (and its native POLYVAL kernel), running the test first
// if this process has not yet. Not run when the CPU's detected features do not support `g`.
const GhashSelfTestResult& ghash_self_test(const GhashBackend& g) noexcept;
// ghash_self_test_allows: false only when g's update ran its self-test here and failed.
bool ghash_self_test_allows(const GhashBackend& g) noexcept;
// polyval_self_test_allows: false only when the native POLYVAL kernel `k` (init_powers +
// update or hash_short) ran its self-test here and failed.
bool polyval_self_test_allows(const PolyvalKernel& k) noexcept;

// --- fused GCM kernels ----------------------------------------------------------------------

enum class GcmFusedSelfTestEntry : unsigned {
  seal,
  open,
  seal_message,
  open_message,
  polyval_open,
  xctr_polyval,
  seal_messages,
  open_messages
};
inline constexpr unsigned kGcmFusedSelfTestEntryCount = 8;
inline constexpr std::string_view kGcmFusedSelfTestEntryNames[kGcmFusedSelfTestEntryCount] = {
    "seal",         "open",         "seal_message",  "open_message",
    "polyval_open", "xctr_polyval", "seal_messages", "open_messages"};

// gcm_fused_self_test_entry_name: "seal", "open", "seal_message", "open_message",
// "polyval_open", "xctr_polyval", "seal_messages", "open_messages".
inline std::string_view gcm_fused_self_test_entry_name(GcmFusedSelfTestEntry entry) noexcept {
  return entry_name_of(kGcmFusedSelfTestEntryNames, entry);
}

struct GcmFusedSelfTestResult {
  using Status = SelfTestResult::Status;
  Status status = Status::not_run;
  // Its AES or GHASH backend failed its own self-test: nothing run here, and never used.
  bool backend_failed = false;
  std::uint32_t failed_entries = 0;  // bit per GcmFusedSelfTestEntry
  std::uint32_t tested_entries = 0;
  // The first mismatch: entry, key size, and the length (blocks for seal/open/polyval_open; bytes
  // of the message and of its AD for seal_message/open_message).
  GcmFusedSelfTestEntry first_failure = GcmFusedSelfTestEntry::seal;
  unsigned first_failure_key_bits = 0;
  std::size_t first_failure_length = 0;
  std::size_t first_failure_ad_bytes = 0;
  std::size_t max_blocks = 0;  // block entries at 0..max_blocks (2 groups + 1)
  std::size_t messages = 0;    // messages per message entry, all key sizes
  std::size_t max_message_bytes = 0;
  std::uint64_t nanoseconds = 0;  // wall time of the run (not the backends' own tests)
};

// gcm_fused_self_test: the result for `k`, running its AES and GHASH backends' self-tests and
// then its own first if this process has not yet. Not run when the CPU's detected features do
// not support both backends.
const GcmFusedSelfTestResult& gcm_fused_self_test(const GcmFusedKernels& k) noexcept;
// gcm_fused_self_test_allows: false when `k` failed its self-test here, or did not run it
// because its AES or GHASH backend failed theirs.
bool gcm_fused_self_test_allows(const GcmFusedKernels& k) noexcept;

// --- AEGIS kernel tables (self_test_aegis.cpp) -------------------------------------------------

// The entries: each family at each degree, sealing and opening, (family * 3 + degree index) * 2
// + (0 seal, 1 open); bit i of AegisSelfTestResult::failed_entries.
enum class AegisSelfTestEntry : unsigned {};
inline constexpr unsigned kAegisSelfTestEntryCount = 12;
inline constexpr std::string_view kAegisSelfTestEntryNames[kAegisSelfTestEntryCount] = {
    "AEGIS-128L seal",  "AEGIS-128L open",  "AEGIS-128X2 seal", "AEGIS-128X2 open",
    "AEGIS-128X4 seal", "AEGIS-128X4 open", "AEGIS-256 seal",   "AEGIS-256 open",
    "AEGIS-256X2 seal", "AEGIS-256X2 open", "AEGIS-256X4 seal", "AEGIS-256X4 open"};

// aegis_self_test_entry_name: "AEGIS-128L seal", ...; "" past the last entry.
inline std::string_view aegis_self_test_entry_name(AegisSelfTestEntry entry) noexcept {
  return entry_name_of(kAegisSelfTestEntryNames, entry);
}

struct AegisSelfTestResult {
  using Status = SelfTestResult::Status;
  Status status = Status::not_run;
  bool backend_failed = false;       // its AES backend failed its self-test: never used, not run
  std::uint32_t failed_entries = 0;  // bit per AegisSelfTestEntry
  std::uint32_t tested_entries = 0;  // the table's non-null kernels
  AegisSelfTestEntry first_failure{};
  std::size_t first_failure_length = 0;  // message bytes
  std::size_t messages = 0;              // per direction, all kernels
  std::size_t max_message_bytes = 0;
  std::uint64_t nanoseconds = 0;  // wall time of the run
};

// aegis_self_test: the result for `table` against the portable kernels, running it first
// (after its AES backend's own) if this process has not yet. Not run when the CPU's detected
// features do not support the table's AES backend.
const AegisSelfTestResult& aegis_self_test(const AegisKernels& table) noexcept;
// aegis_self_test_allows: false when `table` failed here, or its AES backend failed its own.
bool aegis_self_test_allows(const AegisKernels& table) noexcept;

// --- test hooks (tests/api/selftest_test.cpp); not for library code -----------------------------
// self_test_inject_fault_for_testing: from now on the self-test of `b` sees a corrupted output
// from `entry` (one bit flipped), and b's result is forgotten so the next query re-runs it.
// Returns false for an unknown entry name. The GHASH overload takes the GhashSelfTestEntry
// names (a polyval_* entry only where g has a native POLYVAL kernel), the fused one the
// GcmFusedSelfTestEntry names.
bool self_test_inject_fault_for_testing(const AesBackend& b, std::string_view entry) noexcept;
bool self_test_inject_fault_for_testing(const GhashBackend& g, std::string_view entry) noexcept;
bool self_test_inject_fault_for_testing(const GcmFusedKernels& k, std::string_view entry) noexcept;
bool self_test_inject_fault_for_testing(const AegisKernels& table, std::string_view entry) noexcept;
// self_test_reset_for_testing: clear all injected faults, results and run counts (AES, GHASH,
// fused GCM and AEGIS). Call it only while no other thread is creating keys.
void self_test_reset_for_testing() noexcept;
// self_test_runs_for_testing: how many times the self-test of b (g, k) has run in this
// process (since the last reset).
unsigned self_test_runs_for_testing(const AesBackend& b) noexcept;
unsigned self_test_runs_for_testing(const GhashBackend& g) noexcept;
unsigned self_test_runs_for_testing(const GcmFusedKernels& k) noexcept;
unsigned self_test_runs_for_testing(const AegisKernels& table) noexcept;
// The GHASH, fused and AEGIS parts of self_test_reset_for_testing (self_test_ghash.cpp,
// self_test_gcm.cpp, self_test_aegis.cpp).
void ghash_self_test_reset_for_testing() noexcept;
void gcm_fused_self_test_reset_for_testing() noexcept;
void aegis_self_test_reset_for_testing() noexcept;

}  // namespace aeskit::detail
