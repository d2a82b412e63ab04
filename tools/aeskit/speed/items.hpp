// tools/aeskit/speed/items.hpp — what `aeskit speed` can measure: one Item per algorithm and
// operation ("AES-128-CTR encrypt", "AES-256 decrypt block", "AES-128-GCM seal", ...), and the
// --filter match.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "aeskit/modes.hpp"

namespace aeskit::cli::speed {

enum class ItemKind {
  message,  // a whole message in one mode per operation; reported in MB/s per size
  block,    // one 16-byte block through the raw cipher per operation; reported in ns/op
  setup,    // one key schedule per operation; reported in ns/op
  aead,     // one AEAD message per operation (seal or open, with kAeadAdBytes of associated
            // data); reported in MB/s of plaintext per size
  xts,      // one XTS data unit per operation (the IV as its 16-byte tweak; "AES-128-XTS" is
            // two AES-128 keys, 32 bytes, as OpenSSL names it); MB/s per size (16 bytes up)
  hash,     // one message hashed (op "hash") or HMACed (op "mac") per operation; the output
            // is the digest; MB/s per size (speed/hash.hpp)
  tls,      // one TLS AEAD record sealed or opened per operation (speed/tls.hpp)
  chunked,  // one whole Cobblestone message sealed or opened, or one memcpy, on Item::threads
            // threads per operation; MB/s of plaintext (speed/chunked.hpp)
};

// AEAD items: every message is authenticated with this much associated data (a TLS 1.2
// record header's size) and carries a tag of this size.
inline constexpr std::size_t kAeadAdBytes = 13;
inline constexpr std::size_t kAeadTagBytes = 16;

struct Item {
  ItemKind kind = ItemKind::message;
  std::size_t key_bits = 128;  // 128, 192 or 256
  Mode mode = Mode::ecb;       // message items only
  // AEAD items: encrypt is "seal", decrypt is "open".
  Direction direction = Direction::encrypt;
  std::string algorithm;  // "AES-128-CTR" (message items), "AES-128-GCM" (AEAD) or "AES-128"
  std::string op;         // "encrypt", "decrypt block", "encrypt setup", "seal", "open", ...
  unsigned threads = 1;   // chunked items: threads per operation (named in `op`)

  // label is "ALGORITHM op", the text --filter matches against.
  std::string label() const { return algorithm + " " + op; }
};

// all_items lists every item, grouped by key size: setup and block items first, then each
// mode's encrypt and decrypt, then GCM seal and open.
std::vector<Item> all_items();

// matches_filters: true when `filters` is empty or `item.label()` contains any of them,
// ignoring ASCII case.
bool matches_filters(const Item& item, const std::vector<std::string>& filters);

// run_sizes gives the message lengths to measure `item` at, from the requested --sizes:
// message items take each requested size their mode can process (ECB and CBC, which run
// without padding, only whole blocks), AEAD items every size, block items always 16 bytes,
// setup items 0 bytes.
std::vector<std::size_t> run_sizes(const Item& item, const std::vector<std::size_t>& requested);

// output_length: the bytes one operation of `item` writes for an `in_len`-byte input: in_len,
// plus the tag for AEAD items (seal: ciphertext || tag; open: plaintext || the tag it
// verified, see speed/aead.hpp).
std::size_t output_length(const Item& item, std::size_t in_len);

}  // namespace aeskit::cli::speed
