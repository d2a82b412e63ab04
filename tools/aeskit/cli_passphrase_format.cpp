// tools/aeskit/cli_passphrase_format.cpp — the passphrase header (docs/FORMAT.md): written by
// `seal -p`, checked by `open -p`. Argon2id is Debian's libargon2 (the reference
// implementation, argon2id_hash_raw); the checksum is SHA-256 from aeskit.
//
//   0  8  magic "aeskitpw"        21 16  salt
//   8  1  version 1               37  8  SHA-256(bytes 0..36), first 8 bytes
//   9  4  memory, KiB (BE)        45 32  commitment: Argon2id output bytes 32..63
//  13  4  passes (BE)             77     Cobblestone-256 under Argon2id output bytes 0..31
//  17  4  lanes (BE)
#include <algorithm>
#include <cstring>

#ifdef AESKIT_HAVE_ARGON2
#include <argon2.h>
#endif

#include "aeskit/chunked.hpp"
#include "aeskit/hash.hpp"
#include "cli_files.hpp"
#include "cli_passphrase.hpp"

namespace aeskit::cli {
namespace {

constexpr std::uint8_t kMagic[8] = {'a', 'e', 's', 'k', 'i', 't', 'p', 'w'};
constexpr std::uint8_t kVersion = 1;
constexpr std::size_t kSaltAt = 21, kCheckAt = 37, kCommitAt = 45;

void put32(std::uint8_t* p, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) p[i] = static_cast<std::uint8_t>(v >> (24 - 8 * i));
}
std::uint32_t get32(const std::uint8_t* p) {
  return std::uint32_t{p[0]} << 24 | std::uint32_t{p[1]} << 16 | std::uint32_t{p[2]} << 8 | p[3];
}

void checksum(const PassHeader& h, std::uint8_t out[8]) {
  std::uint8_t digest[32];
  (void)hash(HashAlgorithm::sha256, {h, kCheckAt}, digest);
  std::memcpy(out, digest, 8);
}

// derive: Argon2id(passphrase, salt, params) -> 64 bytes: file key || commitment.
int derive(std::span<const std::uint8_t> passphrase, const std::uint8_t* salt,
           const Argon2Params& p, std::uint8_t out[64], std::string& error) {
#ifdef AESKIT_HAVE_ARGON2
  const int rc = argon2id_hash_raw(p.passes, p.memory_kib, p.lanes, passphrase.data(),
                                   passphrase.size(), salt, 16, out, 64);
  if (rc != ARGON2_OK) {
    error = std::string("Argon2id failed: ") + argon2_error_message(rc);
    return rc == ARGON2_MEMORY_ALLOCATION_ERROR ? kExitIo : kExitFailure;
  }
  return -1;
#else
  (void)passphrase, (void)salt, (void)p, (void)out;
  error = "this build of aeskit has no passphrase support (built without libargon2)";
  return kExitUsage;
#endif
}

bool constant_time_equal(const std::uint8_t* a, const std::uint8_t* b, std::size_t n) {
  std::uint8_t diff = 0;
  for (std::size_t i = 0; i < n; ++i) diff |= static_cast<std::uint8_t>(a[i] ^ b[i]);
  return diff == 0;
}

}  // namespace

bool passphrase_available() noexcept {
#ifdef AESKIT_HAVE_ARGON2
  return true;
#else
  return false;
#endif
}

int seal_passphrase_header(std::span<const std::uint8_t> passphrase, const Argon2Params& params,
                           PassHeader& h, std::vector<std::uint8_t>& key, std::string& error) {
  std::memcpy(h, kMagic, 8);
  h[8] = kVersion;
  put32(h + 9, params.memory_kib);
  put32(h + 13, params.passes);
  put32(h + 17, params.lanes);
  if (!chunked::generate_key({h + kSaltAt, 16})) {
    error = "no randomness from the operating system";
    return kExitFailure;
  }
  checksum(h, h + kCheckAt);
  std::uint8_t out[64];
  if (int rc = derive(passphrase, h + kSaltAt, params, out, error); rc >= 0) return rc;
  std::memcpy(h + kCommitAt, out + 32, 32);
  key.assign(out, out + 32);
  std::fill(out, out + 64, 0);
  return -1;
}

int open_passphrase_header(std::span<const std::uint8_t> passphrase, const PassHeader& h,
                           std::vector<std::uint8_t>& key, std::string& error) {
  if (std::memcmp(h, kMagic, 8) != 0) {
    error =
        "not a passphrase-sealed aeskit file (no \"aeskitpw\" header); a file sealed with a "
        "key opens with -k";
    return kExitWrongKey;
  }
  if (h[8] != kVersion) {
    error = "passphrase header version " + std::to_string(h[8]) +
            " is not supported (this aeskit reads version 1)";
    return kExitModified;
  }
  std::uint8_t check[8];
  checksum(h, check);
  if (std::memcmp(check, h + kCheckAt, 8) != 0) {
    error = "the passphrase header is damaged (its checksum does not match); nothing decrypted";
    return kExitModified;
  }
  const Argon2Params p = {get32(h + 9), get32(h + 13), get32(h + 17)};
  std::string why;
  if (p.memory_kib < kMinMemoryKib || p.memory_kib > kMaxMemoryKib)
    why = "memory " + std::to_string(p.memory_kib) + " KiB is outside " +
          std::to_string(kMinMemoryKib) + ".." + std::to_string(kMaxMemoryKib) + " KiB";
  else if (p.passes < 1 || p.passes > kMaxPasses)
    why = std::to_string(p.passes) + " passes is outside 1.." + std::to_string(kMaxPasses);
  else if (p.lanes < 1 || p.lanes > kMaxLanes)
    why = std::to_string(p.lanes) + " lanes is outside 1.." + std::to_string(kMaxLanes);
  else if (std::uint64_t{p.memory_kib} * p.passes > kMaxMemoryPassesKib)
    why = "memory x passes (" + std::to_string(std::uint64_t{p.memory_kib} * p.passes) +
          " KiB) is over " + std::to_string(kMaxMemoryPassesKib) + " KiB";
  else if (p.memory_kib < 8 * p.lanes)
    why = "memory is under 8 KiB per lane";
  if (!why.empty()) {
    error = "the passphrase header asks Argon2id for " + why +
            ": refused (a damaged or crafted file; nothing computed)";
    return kExitModified;
  }
  std::uint8_t out[64];
  if (int rc = derive(passphrase, h + kSaltAt, p, out, error); rc >= 0) return rc;
  const bool match = constant_time_equal(out + 32, h + kCommitAt, 32);
  if (!match) {
    std::fill(out, out + 64, 0);
    error = "wrong passphrase: nothing decrypted";
    return kExitWrongKey;
  }
  key.assign(out, out + 32);
  std::fill(out, out + 64, 0);
  return -1;
}

}  // namespace aeskit::cli
