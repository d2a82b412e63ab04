// src/aead/hctr2.cpp — Hctr2Key (aeskit/hctr2.hpp): HCTR2, the tweakable wide-block cipher of
// Crowley, Huckleberry and Biggers, over an AES key's backend (XCTR: modes/ctr_le.cpp and the
// backend's xctr entry) and the POLYVAL of AES-GCM-SIV (aead/polyval.hpp: the best GHASH
// backend's native POLYVAL kernel when it has one). Not an AEAD: it lives in this layer
// because POLYVAL does.
//
// CPU features: none (generic; never names an ISA).
// References: "Length-preserving encryption with HCTR2", ePrint 2021/1441, §3 (the
// construction, XCTR, the hash H with the tweak-length block and the 1-byte padding of a
// partial last block); RFC 8452 §3 (POLYVAL).
//
// Per call, with hbar and L from set-up:
//   the tweak part of H (the length block, then the zero-padded tweak) is hashed ONCE and its
//   state copied for the two message parts; the second POLYVAL pass (over V when encrypting,
//   over N when decrypting: XCTR's output either way) runs fused with XCTR when the key's
//   (AES backend, POLYVAL's GHASH backend) pair has a fused kernel with an xctr_polyval entry
//   (backend/gcm_fused_kernels.hpp; the hash key then has its native kernel's whole table),
//   over the whole blocks; otherwise, and for a partial last block, it follows the XCTR pass,
//   reading what XCTR wrote.
// Constant-time: the only branches are on the message and tweak lengths (public); the key,
// hbar, L, the plaintext and every intermediate (MM, UU, S, hash states) are only XORed,
// multiplied and encrypted, and wiped before return.
#include <cstring>

#include "aead/gcm_fused.hpp"
#include "aead/polyval.hpp"
#include "aeskit/hctr2.hpp"
#include "backend/select/self_test.hpp"
#include "base/buffers.hpp"
#include "base/secure_zero.hpp"
#include "core/error_detail.hpp"
#include "core/key_state.hpp"
#include "cpu/features.hpp"
#include "modes/mode_kernels.hpp"

namespace aeskit {

struct Hctr2Key::State {
  AesKey aes;
  detail::PolyvalKey hash;  // POLYVAL keyed with hbar = E_K(0^128), full table
  std::uint8_t l[16];       // L = E_K(le128(1))
  // fused: the pair's kernels when they have xctr_polyval and `hash` is on that pair's native
  // POLYVAL key with the whole table; nullptr: XCTR, then POLYVAL.
  const detail::GcmFusedKernels* fused = nullptr;

  explicit State(AesKey k) noexcept : aes(std::move(k)) {}
  State(const State&) = delete;
  State& operator=(const State&) = delete;
  ~State() {
    detail::polyval_wipe(hash);
    detail::secure_zero(l, sizeof l);
  }
};

namespace {

const detail::KeyState& state_of(const AesKey& key) {
  return *detail::KeyAccess::state(key);
}

// hash_tail: POLYVAL continued over the whole blocks of x[0..len) and then, when len is not a
// multiple of 16, one block holding the rest, a 1 byte and zeros (HCTR2's padding of the
// message part; `one_pad` false: zeros only, the tweak's padding).
void hash_bytes(const detail::PolyvalKey& key, std::uint8_t state[16], const std::uint8_t* x,
                std::size_t len, bool one_pad) {
  const std::size_t whole = len / 16;
  if (whole != 0) detail::polyval_update(key, state, x, whole);
  const std::size_t rest = len % 16;
  if (rest != 0) {
    std::uint8_t last[16] = {};
    std::memcpy(last, x + 16 * whole, rest);
    if (one_pad) last[rest] = 1;
    detail::polyval_update(key, state, last, 1);
    detail::secure_zero(last, sizeof last);
  }
}

// tweak_state: POLYVAL(hbar, le128(2·bits(T) + (n % 16 ? 3 : 2)) || pad(T)) for a message part
// of n bytes: the state both message parts continue from. A tweak of up to kOneCallTweak bytes
// (fscrypt's 32, say) goes with the length block into one POLYVAL call, one reduction: short
// messages (file names) are mostly this per-call cost.
constexpr std::size_t kOneCallTweak = 48;

void tweak_state(const detail::PolyvalKey& key, std::span<const std::uint8_t> tweak, std::size_t n,
                 std::uint8_t state[16]) {
  std::memset(state, 0, 16);
  const std::uint64_t t = tweak.size();
  // 16·t + 2 or 3 as a 128-bit little-endian integer (t < 2^64, so 16·t < 2^68).
  const std::uint64_t lo = (t << 4) + (n % 16 != 0 ? 3 : 2);
  const std::uint64_t hi = t >> 60;
  std::uint8_t blocks[16 + kOneCallTweak] = {};  // the length block, then the padded tweak
  for (unsigned i = 0; i < 8; ++i) {
    blocks[i] = static_cast<std::uint8_t>(lo >> (8 * i));
    blocks[8 + i] = static_cast<std::uint8_t>(hi >> (8 * i));
  }
  if (tweak.size() <= kOneCallTweak) {
    if (!tweak.empty()) std::memcpy(blocks + 16, tweak.data(), tweak.size());
    detail::polyval_update(key, state, blocks, 1 + (tweak.size() + 15) / 16);
    return;
  }
  detail::polyval_update(key, state, blocks, 1);
  hash_bytes(key, state, tweak.data(), tweak.size(), false);
}

// xctr_bytes: out = in ^ XCTR_K(S) over n bytes, counters from `counter` (le128(1) for a
// whole message part; advanced): whole blocks through the backend's xctr entry (or the
// generic batches), a partial last block through a stack block.
void xctr_bytes(const detail::KeyState& key, const std::uint8_t s[16], std::uint8_t counter[16],
                const std::uint8_t* in, std::uint8_t* out, std::size_t n) {
  const std::size_t whole = n / 16;
  if (whole != 0) detail::xctr_blocks(key, s, counter, in, out, whole);
  const std::size_t rest = n % 16;
  if (rest != 0) {
    std::uint8_t block[16] = {};
    std::memcpy(block, in + 16 * whole, rest);
    detail::xctr_blocks(key, s, counter, block, block, 1);
    std::memcpy(out + 16 * whole, block, rest);
    detail::secure_zero(block, sizeof block);
  }
}

}  // namespace

Hctr2Key::Hctr2Key() noexcept = default;
Hctr2Key::Hctr2Key(std::unique_ptr<State> state) noexcept : state_(std::move(state)) {}
Hctr2Key::Hctr2Key(Hctr2Key&&) noexcept = default;
Hctr2Key& Hctr2Key::operator=(Hctr2Key&&) noexcept = default;
Hctr2Key::~Hctr2Key() = default;

Result<Hctr2Key> Hctr2Key::create(std::span<const std::uint8_t> key, std::string_view backend) {
  if (key.size() != 16 && key.size() != 24 && key.size() != 32)
    return detail::bad_key_length("AES-HCTR2", "a key of 16, 24 or 32 bytes", key.size());
  Result<AesKey> aes = AesKey::create(key, backend);
  if (!aes.ok()) return aes.status();
  auto state = std::make_unique<State>(std::move(aes).value());
  const detail::KeyState& ks = state_of(state->aes);
  std::uint8_t blocks[32] = {};
  blocks[16] = 1;  // le128(1)
  ks.backend->encrypt_blocks(ks.enc, blocks, blocks, 2);
  const detail::PolyvalChoice code = detail::choose_polyval(nullptr, cpu::cpu_features(), true);
  detail::polyval_init(code, blocks, state->hash);  // no block bound: the whole table
  if (code.native != nullptr) {
    const detail::GcmFusedKernels* f =
        detail::find_gcm_fused(*ks.backend, *code.ghash, cpu::cpu_features());
    if (f != nullptr && f->xctr_polyval != nullptr) state->fused = f;
  }
  std::memcpy(state->l, blocks + 16, 16);
  detail::secure_zero(blocks, sizeof blocks);
  return Hctr2Key(std::move(state));
}

bool Hctr2Key::valid() const noexcept {
  return state_ != nullptr;
}

std::size_t Hctr2Key::key_bits() const noexcept {
  return state_ ? state_->aes.key_bits() : 0;
}

std::string_view Hctr2Key::backend_name() const noexcept {
  return state_ ? state_->aes.backend_name() : std::string_view{};
}

namespace {

Status check(bool valid, std::span<const std::uint8_t> in, std::span<std::uint8_t> out) {
  if (!valid) return Errc::invalid_state;
  if (in.size() < kHctr2MinMessage) return Errc::bad_data_unit_length;
  if (in.size() > kHctr2MaxMessage) return Errc::message_too_long;
  if (out.size() < in.size()) return detail::output_too_small(in.size(), out.size());
  if (detail::partially_overlaps(in.data(), in.size(), out.data(), in.size()))
    return Errc::overlapping_buffers;
  return {};
}

// wide_block: both directions, which differ only in the block cipher call. With X the first
// 16 bytes of the input and R the rest:
//   Y = X ^ H(T, R);  Z = E_K(Y) (encrypt) or D_K(Y) (decrypt);  S = Y ^ Z ^ L;
//   R' = R ^ XCTR_K(S);  output = (Z ^ H(T, R')) || R'.
// Encrypt (P = M || N): Y = MM, Z = UU, R' = V, output U || V. Decrypt (C = U || V): Y = UU,
// Z = MM, R' = N, output M || N. X is read and R hashed before XCTR writes R' (in == out);
// R' is hashed from `out`.
Status wide_block(const detail::KeyState& key, const detail::PolyvalKey& hk,
                  const detail::GcmFusedKernels* fused, const std::uint8_t l[16], bool encrypt,
                  std::span<const std::uint8_t> tweak, std::span<const std::uint8_t> in,
                  std::span<std::uint8_t> out) {
  const std::size_t n = in.size() - 16;
  std::uint8_t ht[16], h[16], y[16], z[16], s[16];
  tweak_state(hk, tweak, n, ht);
  std::memcpy(h, ht, 16);
  hash_bytes(hk, h, in.data() + 16, n, true);
  detail::xor_bytes(y, in.data(), h, 16);
  if (encrypt)
    key.backend->encrypt_blocks(key.enc, y, z, 1);
  else
    key.backend->decrypt_blocks(key.decryption_keys(), y, z, 1);
  detail::xor_bytes(s, y, z, 16);
  detail::xor_bytes(s, s, l, 16);
  std::memcpy(h, ht, 16);
  std::uint8_t counter[16] = {1};
  std::size_t done = 0;  // blocks of the message part through the fused pass
  if (fused != nullptr && n >= 16)
    done = fused->xctr_polyval(key.enc, hk.hkey, s, counter, h, in.data() + 16, out.data() + 16,
                               n / 16);
  // The rest (all of it without the fused pass; else the partial block, if any), counter at
  // le128(done + 1): XCTR, then POLYVAL continued over what it wrote.
  const std::size_t at = 16 + 16 * done;
  xctr_bytes(key, s, counter, in.data() + at, out.data() + at, n - 16 * done);
  hash_bytes(hk, h, out.data() + at, n - 16 * done, true);
  detail::xor_bytes(out.data(), z, h, 16);
  for (std::uint8_t* secret : {ht, h, y, z, s}) detail::secure_zero(secret, 16);
  return {};
}

}  // namespace

Status Hctr2Key::encrypt(std::span<const std::uint8_t> tweak, std::span<const std::uint8_t> in,
                         std::span<std::uint8_t> out) const {
  if (Status st = check(valid(), in, out); !st.ok()) return st;
  return wide_block(state_of(state_->aes), state_->hash, state_->fused, state_->l, true, tweak, in,
                    out);
}

Status Hctr2Key::decrypt(std::span<const std::uint8_t> tweak, std::span<const std::uint8_t> in,
                         std::span<std::uint8_t> out) const {
  if (Status st = check(valid(), in, out); !st.ok()) return st;
  return wide_block(state_of(state_->aes), state_->hash, state_->fused, state_->l, false, tweak, in,
                    out);
}

std::string Hctr2Key::kernel() const {
  if (!valid()) return {};
  // As describe_kernel words it: "aesni: xctr (bulk kernel, 128-bit) + pclmul polyval
  // (native)", or "portable: xctr (batched, 32 blocks/call) + ..." without an xctr entry.
  const detail::AesBackend& b = *state_of(state_->aes).backend;
  // (Appends only: GCC 12 at -O3 for ARMv7 reports a false -Wrestrict overlap in the
  // operator+ chains.)
  const std::size_t batch =
      b.batch_blocks < detail::kMaxBatchBlocks ? b.batch_blocks : detail::kMaxBatchBlocks;
  const std::string number = std::to_string(b.xctr != nullptr ? b.vector_bits : batch);
  std::string text(b.name);
  text.append(": xctr (");
  if (b.xctr == nullptr)
    text.append("batched, ").append(number).append(" blocks/call");
  else if (b.vector_bits != 0)
    text.append("bulk kernel, ").append(number).append("-bit");
  else
    text.append("bulk kernel");
  text.append(") + ").append(detail::describe_polyval(state_->hash.code));
  // "...; second pass fused (aesni+pclmul 8x)" when XCTR and the second POLYVAL pass run as one.
  if (state_->fused != nullptr)
    text.append("; second pass fused (").append(state_->fused->name).append(")");
  return text;
}

}  // namespace aeskit
