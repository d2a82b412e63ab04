// tools/aeskit/speed/batch.hpp — aeskit's runners for the batch items of `aeskit speed` (issue
// 42): AEAD batches (AeadKey::seal_batch / open_batch) against the same messages sealed or
// opened one by one, and QUIC header-protection masks (aeskit::hp_masks) against one-block
// calls. No peer has these calls: the items are aeskit's alone (the peers' maps lack
// Family::batch and Family::hp).
//
// Items (names and the --json "bytes" are a contract, checked by tests/cli/cli_speed_json_test):
//   "AES-128-GCM seal batch (N messages)", "AES-128-GCM seal one by one (N messages)", and the
//     same with "open", for N = 1, 8, 32; messages of 64, 1350 and 9000 bytes;
//   "AES-128-GCM-SIV ..." and "AEGIS-128L ..." the same four ops for N = 32 at 1350 bytes;
//   "AES-128 header-protection masks (1 sample)", "AES-128 header-protection masks (32
//     samples)" (one hp_masks call per operation) and "AES-128 header-protection masks (32
//     one-block calls)" (32 encrypt_blocks calls of one block each).
// One operation is the whole batch: "bytes" is the plaintext of all N messages (N x the
// message size; 32 x 1350 = 43200), or 16 x the sample count, so MB/s compare directly
// between a batch and its one-by-one twin. Every message carries the kAeadAdBytes AD and a
// 16-byte tag after its ciphertext; all messages of a batch use the item's nonce (a speed
// measurement, not a protocol). Open items open the batch sealed once per input, outside the
// timed loops, and fail on any authentication failure. The samples of the header-protection
// items sit at offset 1 + 8 + 4 (a short header's pn_offset + 4) in 32 packets of 1350 bytes
// each, owned by the runner.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "speed/impl.hpp"
#include "speed/items.hpp"

namespace aeskit::cli::speed {

// batch_sizes: the byte counts one operation of a batch or header-protection item covers.
std::vector<std::size_t> batch_sizes(const Item& item);
// batch_output_length: AEAD batches: in_len + N tags; masks: in_len.
std::size_t batch_output_length(const Item& item, std::size_t in_len);
std::string batch_table_note(const Item& item);

std::unique_ptr<Runner> make_aeskit_batch_runner(const Item& item, const Material& material,
                                                 std::string_view backend, std::string& error);

}  // namespace aeskit::cli::speed
