// tools/aeskit/cmd_enc_aead.hpp — the part of `aeskit enc`/`aeskit dec` that is not a block
// mode: the AEADs (GCM streamed, the one-shot families capped), XTS (one data unit) and
// HCTR2 (one wide block).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "aeskit/aeskit.hpp"

namespace aeskit::cli {

struct Input;
class Output;

// The one-shot AEADs (every family but GCM) hold the message in memory: at most this much
// plaintext (64 MiB).
inline constexpr std::size_t kWholeMessageLimit = std::size_t{64} << 20;

struct EncJob {
  Direction dir = Direction::encrypt;
  const AeadAlgorithm* aead = nullptr;  // null: XTS, or HCTR2 if `hctr2`
  bool hctr2 = false;
  std::span<const std::uint8_t> key, iv, aad;
};

// run_whole_or_aead: reads `in`, writes `out` and commits it; the exit status, with the
// reason printed as "aeskit CMD: why" on failure (the output discarded).
int run_whole_or_aead(const char* cmd, const EncJob& job, Input& in, Output& out);

}  // namespace aeskit::cli
