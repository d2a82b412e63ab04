// tools/aeskit/cli_passphrase.hpp — `seal -p` / `open -p`: reading the passphrase (terminal
// without echo, a file, a descriptor) and the passphrase header (docs/FORMAT.md): magic,
// version, Argon2id (RFC 9106) parameters, salt, a checksum of those and a commitment,
// followed by the unchanged Cobblestone-256 stream under the key Argon2id derived.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace aeskit::cli {

// Where the passphrase comes from.
struct PassphraseSource {
  enum class Kind { none, terminal, file, fd } kind = Kind::none;
  std::string file;
  int fd = -1;
};

// The longest passphrase accepted (bytes, without the newline).
inline constexpr std::size_t kMaxPassphrase = 1024;

// read_passphrase: from the terminal (/dev/tty, no echo; asked twice when `confirm`, and the
// two must match), from the first line of a file, or from a descriptor up to a newline or the
// end. The newline (and a CR before it) is not part of it; empty is refused. On failure
// returns the exit status (kExitUsage or kExitIo) with the reason in `error`, which never
// holds the passphrase; on success returns -1.
int read_passphrase(const PassphraseSource& source, bool confirm, std::vector<std::uint8_t>& out,
                    std::string& error);

// Argon2id parameters as stored in the header.
struct Argon2Params {
  std::uint32_t memory_kib = 0, passes = 0, lanes = 0;
};
// The defaults `seal -p` writes: RFC 9106 §4's second recommended option (64 MiB, 3 passes,
// 4 lanes), for machines without 2 GiB to spare per run.
inline constexpr Argon2Params kDefaultArgon2 = {65536, 3, 4};
// What `open -p` accepts (a crafted header may ask no more): memory 8 MiB..1 GiB, 1..10
// passes, 1..16 lanes, memory x passes at most 4 GiB.
inline constexpr std::uint32_t kMinMemoryKib = 8192, kMaxMemoryKib = 1048576, kMaxPasses = 10,
                               kMaxLanes = 16;
inline constexpr std::uint64_t kMaxMemoryPassesKib = std::uint64_t{4} << 20;

inline constexpr std::size_t kPassHeaderSize = 77;
using PassHeader = std::uint8_t[kPassHeaderSize];

// derive_and_write_header: a new salt, Argon2id over the passphrase, the header into `header`
// and the 32-byte file key into `key`. Returns -1, or the exit status with `error`.
int seal_passphrase_header(std::span<const std::uint8_t> passphrase, const Argon2Params& params,
                           PassHeader& header, std::vector<std::uint8_t>& key, std::string& error);

// open_passphrase_header: checks `header` (magic, version, checksum, parameter bounds, in that
// order, before any Argon2id work), derives, compares the commitment in constant time, and
// gives the file key. Returns -1, or the exit status (2..6 as for keys; a wrong passphrase
// is kExitWrongKey) with `error`.
int open_passphrase_header(std::span<const std::uint8_t> passphrase, const PassHeader& header,
                           std::vector<std::uint8_t>& key, std::string& error);

// passphrase_available: this build links libargon2.
bool passphrase_available() noexcept;

}  // namespace aeskit::cli
