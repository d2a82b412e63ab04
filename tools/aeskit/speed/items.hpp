// tools/aeskit/speed/items.hpp — what `aeskit speed` can measure: one Item per algorithm and
// operation ("AES-128-CTR encrypt", "AES-256 decrypt block", "AES-128-GCM seal", ...), made
// from the table of rows in items.cpp (a row: name, family, key sizes, operations), and the
// --filter match.
#pragma once

#include <cstddef>
#include <optional>
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
            // two AES-128 keys, 32 bytes, as OpenSSL names it); MB/s per size (16 bytes up).
            // Also HCTR2 (Family::hctr2): one message, one wide block, per operation
  hash,     // one message hashed (op "hash") or HMACed (op "mac") per operation; the output
            // is the digest; MB/s per size (speed/hash.hpp)
  tls,      // one TLS AEAD record sealed or opened per operation (speed/tls.hpp)
  batch,    // one batch of Item::messages AEAD messages (or header-protection samples) per
            // operation, through the batch call or one by one (speed/batch.hpp); MB/s of the
            // whole batch's plaintext
  chunked,  // one whole Cobblestone message sealed or opened, or one memcpy, on Item::threads
            // threads per operation; MB/s of plaintext (speed/chunked.hpp)
};

// Family: the algorithm behind an item. Each implementation maps a family to the function
// that prepares its runner (speed/impl.hpp, FamilyRunner); a family missing from its map is
// one it lacks, and the item is measured without it.
enum class Family : unsigned char {
  aes,    // setup, block and message items: the raw cipher and its modes (Item::mode)
  xts,    // two AES keys (Key1 || Key2)
  hctr2,  // one AES key; ItemKind::xts items (one wide block per operation, a 32-byte tweak)
  // AEADs (speed/aead.hpp); EAX and SIV are the CMAC-based ones (speed/mac.hpp), and SIV
  // takes two AES keys, like XTS.
  gcm,
  ocb,
  gcm_siv,
  xaes_gcm,
  dndk_gcm,  // DNDK-GCM and DNDK-GCM-KC (draft-gueron-cfrg-dndkgcm; aeskit only)
  ccm,
  eax,
  siv,
  aegis,         // AEGIS-128L/256 and the X2/X4 forms (aeskit only: no peer has them)
  sha,           // speed/hash.hpp
  hmac,          // speed/hash.hpp
  hkdf,          // speed/hash.hpp: "HKDF-SHA-512 Cobblestone-128 header" (a setup item, ns/op)
  cmac,          // speed/mac.hpp
  tls_cbc_hmac,  // speed/tls.hpp
  tls_ctr_hmac,  // speed/tls.hpp
  cobblestone,   // speed/chunked.hpp
  memory_copy,   // "memcpy", the Cobblestone items' reference (speed/chunked.hpp)
  batch,         // AEAD batches, the AEAD named by Item::algorithm (speed/batch.hpp; aeskit only)
  hp,            // QUIC header-protection masks (speed/batch.hpp; aeskit only)
};

// AEAD items: every message is authenticated with this much associated data (a TLS 1.2
// record header's size) and carries a tag of this size.
inline constexpr std::size_t kAeadAdBytes = 13;
inline constexpr std::size_t kAeadTagBytes = 16;
// DNDK-GCM-KC's "tag" is the GCM tag and the 32-byte key commitment (T || KC): the longest an
// AEAD item writes after its ciphertext.
inline constexpr std::size_t kAeadMaxTagBytes = 48;

struct Item {
  ItemKind kind = ItemKind::message;
  Family family = Family::aes;
  std::size_t key_bits = 128;  // 128, 192 or 256
  Mode mode = Mode::ecb;       // message items only
  // AEAD items: encrypt is "seal", decrypt is "open".
  Direction direction = Direction::encrypt;
  std::string algorithm;     // "AES-128-CTR" (message items), "AES-128-GCM" (AEAD) or "AES-128"
  std::string op;            // "encrypt", "decrypt block", "encrypt setup", "seal", "open", ...
  unsigned threads = 1;      // chunked items: threads per operation (named in `op`)
  std::size_t messages = 0;  // batch items: messages (or samples) per operation (named in `op`)
  bool one_by_one = false;   // batch items: the one-message calls instead of the batch call

  // label is "ALGORITHM op", the text --filter matches against.
  std::string label() const { return algorithm + " " + op; }
  // key_bytes: the key the item takes; XTS and SIV take two AES keys of key_bits each.
  std::size_t key_bytes() const {
    return key_bits / 8 * (family == Family::xts || family == Family::siv ? 2 : 1);
  }
};

// aead_tag_bytes: what an AEAD item writes after its ciphertext: kAeadTagBytes, or T || KC
// (kAeadMaxTagBytes) for DNDK-GCM-KC.
inline std::size_t aead_tag_bytes(const Item& item) {
  return item.algorithm == "DNDK-GCM-KC" ? kAeadMaxTagBytes : kAeadTagBytes;
}

// all_items lists every item: the block cipher, its modes and the AES AEADs grouped by key
// size (setup and block items first, then each mode's encrypt and decrypt, then XTS, GCM,
// OCB, GCM-SIV, XAES-256-GCM, CCM), then EAX, SIV, the hashes and HMACs, the TLS AEADs,
// CMAC and the Cobblestone items, each at its key sizes.
std::vector<Item> all_items();

// find_item: the item of all_items() named `algorithm` and `op` exactly, or nullopt.
std::optional<Item> find_item(std::string_view algorithm, std::string_view op);

// in_quick_set: whether `item` is one of `aeskit speed --quick`'s: GCM, CTR (encrypt), XTS,
// CBC, OCB, GCM-SIV and CCM, AES-128 and AES-256, both directions (26 items).
bool in_quick_set(const Item& item);

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
