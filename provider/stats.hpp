// stats.hpp — the aeskit provider's proof counters: bytes sealed (encrypted), opened
// (decrypted) and authenticated only (AAD, MAC input) per algorithm, per loaded provider
// instance. Lock-free (one relaxed atomic add per call). Read in process through the provider
// parameters (aeskit-bytes-sealed, aeskit-bytes-opened, aeskit-stats), and from outside the
// process through AESKIT_PROVIDER_STATS=<file>: one line appended at teardown
// (docs/openssl-provider.md, "Proof counters").
//
// A cipher or MAC file names its algorithm once, in a constant,
//   static constexpr std::size_t kStat = stats::alg("AES-128-GCM");
// (a name missing from kAlgorithms below then does not compile; every algorithm of issue 39
// is already listed, so a new cipher needs no change here) and counts with
//   stats::count(provctx, kStat, stats::Dir::seal, n);
#pragma once

#include <sys/types.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>

namespace aeskit_provider::stats {

// OpenSSL's names (the first of each algorithm's names).
inline constexpr std::string_view kAlgorithms[] = {
    // clang-format off
    "AES-128-ECB", "AES-192-ECB", "AES-256-ECB",
    "AES-128-CBC", "AES-192-CBC", "AES-256-CBC",
    "AES-128-CBC-CTS", "AES-192-CBC-CTS", "AES-256-CBC-CTS",
    "AES-128-CFB", "AES-192-CFB", "AES-256-CFB",
    "AES-128-CFB1", "AES-192-CFB1", "AES-256-CFB1",
    "AES-128-CFB8", "AES-192-CFB8", "AES-256-CFB8",
    "AES-128-OFB", "AES-192-OFB", "AES-256-OFB",
    "AES-128-CTR", "AES-192-CTR", "AES-256-CTR",
    "AES-128-GCM", "AES-192-GCM", "AES-256-GCM",
    "AES-128-CCM", "AES-192-CCM", "AES-256-CCM",
    "AES-128-OCB", "AES-192-OCB", "AES-256-OCB",
    "AES-128-XTS", "AES-256-XTS",
    "AES-128-SIV", "AES-192-SIV", "AES-256-SIV",
    "AES-128-GCM-SIV", "AES-192-GCM-SIV", "AES-256-GCM-SIV",
    "AES-128-WRAP", "AES-192-WRAP", "AES-256-WRAP",
    "AES-128-WRAP-PAD", "AES-192-WRAP-PAD", "AES-256-WRAP-PAD",
    "AES-128-WRAP-INV", "AES-192-WRAP-INV", "AES-256-WRAP-INV",
    "AES-128-WRAP-PAD-INV", "AES-192-WRAP-PAD-INV", "AES-256-WRAP-PAD-INV",
    "AES-128-CBC-HMAC-SHA1", "AES-256-CBC-HMAC-SHA1",
    "AES-128-CBC-HMAC-SHA256", "AES-256-CBC-HMAC-SHA256",
    "CMAC", "GMAC",
    "AEGIS-128L", "AEGIS-256",
    // clang-format on
};
inline constexpr std::size_t kAlgorithmCount = std::size(kAlgorithms);

// An algorithm's index in kAlgorithms. Use it to initialise a constexpr variable: a name not
// listed then does not compile. (constexpr rather than consteval: clang 14 rejects consteval
// calls in the static members of the cipher files' class templates.)
constexpr std::size_t alg(std::string_view name) {
  for (std::size_t i = 0; i < kAlgorithmCount; ++i)
    if (kAlgorithms[i] == name) return i;
  throw "stats::alg: not in stats::kAlgorithms";
}

// aes_alg: the index of "AES-<bits>-<suffix>" (aes_alg(128, "CCM") is alg("AES-128-CCM")),
// for the cipher files whose tables are templates over the key size. Use it, like alg, to
// initialise a constexpr variable.
constexpr std::size_t aes_alg(std::size_t bits, std::string_view suffix) {
  const std::string_view size = bits == 128 ? "128" : bits == 192 ? "192" : "256";
  for (std::size_t i = 0; i < kAlgorithmCount; ++i) {
    const std::string_view n = kAlgorithms[i];
    if (n.size() == 8 + suffix.size() && n.substr(0, 4) == "AES-" && n.substr(4, 3) == size &&
        n[7] == '-' && n.substr(8) == suffix)
      return i;
  }
  throw "stats::aes_alg: not in stats::kAlgorithms";
}

// seal: plaintext encrypted; open: ciphertext decrypted; aad: bytes only authenticated
// (AEAD associated data, a MAC's input).
enum class Dir : unsigned { seal = 0, open = 1, aad = 2 };
inline constexpr std::size_t kDirCount = 3;

// A provider instance's counters and its stats file (ProviderContext holds one).
class Table {
 public:
  Table() = default;
  Table(const Table&) = delete;
  Table& operator=(const Table&) = delete;
  ~Table();

  void add(std::size_t alg, Dir dir, std::size_t n) noexcept {
    bytes_[alg][static_cast<unsigned>(dir)].fetch_add(n, std::memory_order_relaxed);
  }
  std::uint64_t get(std::size_t alg, Dir dir) const noexcept {
    return bytes_[alg][static_cast<unsigned>(dir)].load(std::memory_order_relaxed);
  }
  std::uint64_t total(Dir dir) const noexcept;
  std::uint64_t total() const noexcept;
  // "AES-128-GCM.sealed=N AES-128-GCM.opened=N ..." (non-zero counters only; may be empty).
  std::string text() const;

  // At OSSL_provider_init: with AESKIT_PROVIDER_STATS set (secure_getenv), opens that file
  // for appending (O_APPEND | O_CLOEXEC), so that a process which later drops privileges,
  // changes directory or clears its environment (nginx workers) can still write to it.
  void open_file() noexcept;
  // At teardown: appends "aeskit-stats pid=P <text()>\n" in one write(2); reopens the file
  // by name if the descriptor no longer refers to it (a daemon closed and reused it).
  void write_file() noexcept;

 private:
  std::atomic<std::uint64_t> bytes_[kAlgorithmCount][kDirCount] = {};
  int fd_ = -1;
  dev_t dev_ = 0;
  ino_t ino_ = 0;
  std::string path_;
};

// The one call the cipher and MAC files make: n bytes of algorithm `alg` (stats::alg(...))
// went through aeskit in direction `dir`, for the provider instance `provctx`.
void count(void* provctx, std::size_t alg, Dir dir, std::size_t n) noexcept;

}  // namespace aeskit_provider::stats
