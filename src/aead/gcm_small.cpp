// src/aead/gcm_small.cpp — one-shot GCM for short messages: one CTR call (E_K(J0) and the key
// stream) and one GHASH call (AD, ciphertext, lengths). See gcm_small.hpp.
#include "aead/gcm_small.hpp"
#include "base/byte_order.hpp"

#include <cstring>

#include "base/block128.hpp"
#include "base/buffers.hpp"
#include "base/secure_zero.hpp"
#include "modes/mode_kernels.hpp"

namespace aeskit::detail::gcm {
namespace {}  // namespace

void crypt_small(const GcmKey& key, Op op, const std::uint8_t j0[16],
                 std::span<const std::uint8_t> ad, const std::uint8_t* in, std::uint8_t* out,
                 std::size_t len, std::uint8_t tag[16]) noexcept {
  const std::size_t data_blocks = (len + 15) / 16;
  const std::size_t ad_bytes = (ad.size() + 15) / 16 * 16;
  // stream = E(J0) || E(inc32(J0)) || ...: CTR32 over zero blocks.
  alignas(16) std::uint8_t stream[kSmallBytes];
  std::memset(stream, 0, 16 * (1 + data_blocks));
  std::uint8_t counter[16];
  store_block128(counter, load_block128(j0));
  ctr_blocks(*key.aes, Mode::ctr32, counter, stream, stream, 1 + data_blocks);

  // hashed = AD || 0-pad || C || 0-pad || [bits(AD)]_64 || [bits(C)]_64.
  alignas(16) std::uint8_t hashed[kSmallBytes];
  const std::size_t total = ad_bytes + 16 * data_blocks + 16;
  std::memset(hashed, 0, total);
  copy_bytes(hashed, ad.data(), ad.size());
  std::uint8_t* c = hashed + ad_bytes;
  if (op == Op::seal) {
    xor_bytes(c, in, stream + 16, len);  // reads all of `in` before `out` is written
    copy_bytes(out, c, len);
  } else {
    copy_bytes(c, in, len);
    xor_bytes(out, c, stream + 16, len);
  }
  store_be64(hashed + total - 16, static_cast<std::uint64_t>(ad.size()) * 8);
  store_be64(hashed + total - 8, static_cast<std::uint64_t>(len) * 8);

  std::uint8_t hash[16] = {};
  hash_blocks(key, hash, hashed, total / 16);
  xor_block(tag, stream, hash);
  // `hashed` holds only public data (AD, ciphertext, lengths); the rest is wiped.
  secure_zero(stream, 16 * (1 + data_blocks));
  secure_zero(hash, sizeof hash);
  secure_zero(counter, sizeof counter);
}

}  // namespace aeskit::detail::gcm
