// tests/support/run_modes.hpp — driving aeskit's modes the ways the tests need: one-shot at
// given buffer offsets or in place, and incremental with random update splits; each checks
// that nothing outside the output span was written; and the check of such an outcome. No
// vectors here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "aeskit/aeskit.hpp"
#include "support/hex.hpp"
#include "support/rng.hpp"

namespace aeskit_test {

inline constexpr std::uint8_t kCanary = 0xA5;

inline bool is_stream_mode(aeskit::Mode m) {
  return m != aeskit::Mode::ecb && m != aeskit::Mode::cbc;
}

// All seven modes, and the six OpenSSL has.
inline constexpr aeskit::Mode kAllModes[] = {
    aeskit::Mode::ecb,    aeskit::Mode::cbc,  aeskit::Mode::ctr32, aeskit::Mode::ctr128,
    aeskit::Mode::cfb128, aeskit::Mode::cfb8, aeskit::Mode::ofb};

// BackendMode: a test parameter, one backend and one mode.
struct BackendMode {
  std::string backend;
  aeskit::Mode mode;
  friend void PrintTo(const BackendMode& p, std::ostream* os) {
    *os << p.backend << " " << aeskit::mode_name(p.mode);
  }
};
// backend_modes: every compiled-in backend except `except`, each with every mode of `modes`.
std::vector<BackendMode> backend_modes(std::span<const aeskit::Mode> modes,
                                       std::string_view except = {});

std::string mode_label(aeskit::Mode m);  // "ECB", "CTR32", ... (identifier-safe)
std::string direction_label(aeskit::Direction d);

// The output span size a caller needs: in_len, or for pkcs7 encryption in_len rounded up to
// the next multiple of 16 (a full block when aligned).
std::size_t needed_output(aeskit::Direction d, aeskit::Padding p, std::size_t in_len);

struct Outcome {
  aeskit::Errc code = aeskit::Errc::ok;
  Bytes out;             // bytes written (empty on error)
  bool guard_ok = true;  // nothing written outside the output span (and on error: nothing)
  std::string detail;    // what went wrong, for the failure message
};

struct Placement {
  std::size_t in_offset = 0;   // 0..15: misalignment of the input
  std::size_t out_offset = 0;  // 0..15: misalignment of the output
  bool in_place = false;       // out starts exactly at in (in_offset used for both)
};

// one_shot: aeskit::encrypt/decrypt with the input and output placed as asked; the output
// span is exactly needed_output(...) bytes, with canary bytes before and after it.
Outcome one_shot(const aeskit::AesKey& key, aeskit::Mode mode, aeskit::Direction dir,
                 std::span<const std::uint8_t> iv, std::span<const std::uint8_t> in,
                 aeskit::Padding padding = aeskit::Padding::none, Placement where = {});

// incremental: Cipher with update() calls of random sizes (or one update when rng is null),
// each given exactly update_output_bound(n) bytes of output, then finish() with 16 bytes.
// Also checks the per-call output rules (bound respected; stream modes write n per update).
Outcome incremental(const aeskit::AesKey& key, aeskit::Mode mode, aeskit::Direction dir,
                    std::span<const std::uint8_t> iv, std::span<const std::uint8_t> in,
                    aeskit::Padding padding, TestRng* rng);

// produced: the outcome `r` of a driver (Outcome here, gcm::Outcome, ...) succeeded, wrote
// nothing outside its output span, and its output is exactly `want_hex`. For EXPECT_TRUE.
template <class Result>
testing::AssertionResult produced(const Result& r, std::string_view want_hex) {
  if (r.code != aeskit::Errc::ok)
    return testing::AssertionFailure()
           << "failed with " << testing::PrintToString(r.code) << " " << r.detail;
  if (!r.guard_ok) return testing::AssertionFailure() << r.detail;
  if (const std::string got = to_hex(r.out); got != want_hex)
    return testing::AssertionFailure() << "gave " << got << "\n  expected " << want_hex;
  return testing::AssertionSuccess();
}

}  // namespace aeskit_test
