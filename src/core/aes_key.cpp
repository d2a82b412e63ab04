// src/core/aes_key.cpp — AesKey: backend choice at key setup, schedule ownership, wiping.
#include <new>

#include "aeskit/aes.hpp"
#include "backend/select/select.hpp"
#include "base/buffers.hpp"
#include "base/secure_zero.hpp"
#include "core/error_detail.hpp"
#include "core/key_state.hpp"
#include "cpu/features.hpp"

namespace aeskit {
namespace detail {

KeyState::~KeyState() {
  secure_zero(&enc, sizeof enc);
  if (RoundKeys* dec = dec_.load(std::memory_order_acquire)) {
    secure_zero(dec, sizeof *dec);
    delete dec;
  }
}

const RoundKeys& KeyState::build_decryption_keys() const {
  auto* mine = new RoundKeys;
  backend->derive_decrypt_key(enc, *mine);
  RoundKeys* expected = nullptr;
  if (dec_.compare_exchange_strong(expected, mine, std::memory_order_acq_rel,
                                   std::memory_order_acquire))
    return *mine;
  secure_zero(mine, sizeof *mine);  // another thread published first
  delete mine;
  return *expected;
}

}  // namespace detail

namespace {

bool valid_key_length(std::size_t n) {
  return n == 16 || n == 24 || n == 32;
}

}  // namespace

Result<AesKey> AesKey::create(std::span<const std::uint8_t> key) {
  return create(key, {});
}

Result<AesKey> AesKey::create(std::span<const std::uint8_t> key, std::string_view backend_name) {
  if (!valid_key_length(key.size()))
    return aeskit::detail::bad_key_length("AES", "a key of 16, 24 or 32 bytes", key.size());
  // Named: compiled in and runnable (no silent substitution); empty: the best (select.hpp).
  Result<const detail::AesBackend*> resolved =
      detail::resolve_backend(backend_name, cpu::cpu_features());
  if (!resolved.ok()) return resolved.status();
  const detail::AesBackend* backend = *resolved;
  // Plain new (not make_unique): no value-initialisation of the schedule bytes.
  std::unique_ptr<detail::KeyState> state(new detail::KeyState);
  state->backend = backend;
  state->key_len = key.size();
  backend->expand_key(key.data(), key.size(), state->enc);
  return AesKey(std::move(state));
}

namespace detail {

Result<AesKeyPair> create_key_pair(std::string_view scheme, std::span<const std::uint8_t> key,
                                   std::string_view backend) {
  if (key.size() != 32 && key.size() != 48 && key.size() != 64)
    return bad_key_length(scheme, "a key of 32, 48 or 64 bytes (two AES keys)", key.size());
  const std::size_t half = key.size() / 2;
  Result<AesKey> first = AesKey::create(key.first(half), backend);
  if (!first.ok()) return first.status();
  Result<AesKey> second = AesKey::create(key.subspan(half), backend);
  if (!second.ok()) return second.status();
  return AesKeyPair{std::move(first).value(), std::move(second).value()};
}

}  // namespace detail

AesKey::AesKey() noexcept = default;
AesKey::AesKey(std::unique_ptr<detail::KeyState> state) noexcept : state_(std::move(state)) {}
AesKey::AesKey(AesKey&&) noexcept = default;
AesKey& AesKey::operator=(AesKey&&) noexcept = default;
AesKey::~AesKey() = default;

std::size_t AesKey::key_bits() const noexcept {
  return state_ ? state_->key_len * 8 : 0;
}

std::string_view AesKey::backend_name() const noexcept {
  return state_ ? state_->backend->name : std::string_view{};
}

namespace {

Status check_block_buffers(std::span<const std::uint8_t> in, std::span<std::uint8_t> out) {
  if (in.size() % kBlockSize != 0) return Errc::not_block_multiple;
  if (out.size() < in.size()) return aeskit::detail::output_too_small(in.size(), out.size());
  if (detail::partially_overlaps(in.data(), in.size(), out.data(), in.size()))
    return Errc::overlapping_buffers;
  return {};
}

}  // namespace

Status AesKey::encrypt_blocks(std::span<const std::uint8_t> in, std::span<std::uint8_t> out) const {
  if (!state_) return Errc::invalid_state;
  if (Status s = check_block_buffers(in, out); !s) return s;
  state_->backend->encrypt_blocks(state_->enc, in.data(), out.data(), in.size() / kBlockSize);
  return {};
}

Status AesKey::decrypt_blocks(std::span<const std::uint8_t> in, std::span<std::uint8_t> out) const {
  if (!state_) return Errc::invalid_state;
  if (Status s = check_block_buffers(in, out); !s) return s;
  state_->backend->decrypt_blocks(state_->decryption_keys(), in.data(), out.data(),
                                  in.size() / kBlockSize);
  return {};
}

}  // namespace aeskit
