// src/aead/ocb_core.cpp — OcbCore (aeskit/ocb.hpp): OCB3 on a caller-kept state, the form an
// OpenSSL provider needs to match EVP's OCB call for call. Generic (no ISA named): whole
// blocks go through ocb::run_blocks (the backend's ocb_* kernels), as AeadKey's OCB does.
//
// CPU features: none (AES through the key's backend).
// References: RFC 7253 §4.1 (L values), §4.2 (HASH, OCB-ENCRYPT), §4.3 (OCB-DECRYPT); the
// order of operations of OpenSSL's CRYPTO_ocb128_setiv/aad/encrypt/decrypt/finish (a fact
// the provider's differential test checks).
//
// Math, per call on the running state (i counts whole blocks from 1 across calls):
//   AD block A_i:    ad_offset ^= L_{ntz(i)};  ad_sum ^= E(A_i ^ ad_offset)
//   AD partial A_*:  ad_offset ^= L_*;         ad_sum ^= E((A_* || 1 || 0*) ^ ad_offset)
//   data block:      offset ^= L_{ntz(i)};  C_i = offset ^ E(P_i ^ offset)  (D for decrypt);
//                    checksum ^= P_i
//   data partial X_*: offset ^= L_*;  Pad = E(offset);  other side = X_* ^ Pad;
//                    checksum ^= P_* || 1 || 0*
//   tag = E(checksum ^ offset ^ L_$) ^ ad_sum
// Branches depend on lengths only; the partial block is masked, not looped over by value.
#include "aeskit/ocb.hpp"

#include <cstring>

#include "aead/ocb_key.hpp"
#include "base/block128.hpp"
#include "base/buffers.hpp"
#include "base/secure_zero.hpp"
#include "base/wipe_block.hpp"
#include "core/error_detail.hpp"
#include "core/key_state.hpp"

namespace aeskit {
namespace detail {

// OcbCoreState: the AES key and the OCB values derived from it (key.aes points into aes).
struct OcbCoreState {
  AesKey aes;
  OcbKey key;
  explicit OcbCoreState(AesKey k) noexcept : aes(std::move(k)) {
    init_ocb_key(key, KeyAccess::state(aes), /*allow_kernels=*/true);
  }
};

}  // namespace detail

namespace {

// encrypt_one: one block through the key's backend.
void encrypt_one(const detail::OcbKey& k, std::uint8_t block[16]) noexcept {
  k.aes->backend->encrypt_blocks(k.aes->enc, block, block, 1);
}

}  // namespace

void OcbState::clear() noexcept {
  detail::secure_zero(offset, sizeof offset);
  detail::secure_zero(checksum, sizeof checksum);
  detail::secure_zero(ad_offset, sizeof ad_offset);
  detail::secure_zero(ad_sum, sizeof ad_sum);
  blocks = 0;
  ad_blocks = 0;
}

OcbCore::OcbCore() noexcept = default;
OcbCore::OcbCore(OcbCore&&) noexcept = default;
OcbCore& OcbCore::operator=(OcbCore&&) noexcept = default;
OcbCore::~OcbCore() = default;
OcbCore::OcbCore(std::unique_ptr<detail::OcbCoreState> state) noexcept : state_(std::move(state)) {}

Result<OcbCore> OcbCore::create(std::span<const std::uint8_t> key, std::string_view backend) {
  Result<AesKey> aes = AesKey::create(key, backend);
  if (!aes.ok()) return aes.status();
  return OcbCore(std::make_unique<detail::OcbCoreState>(std::move(aes).value()));
}

std::string_view OcbCore::backend_name() const noexcept {
  return state_ ? state_->aes.backend_name() : std::string_view{};
}

Status OcbCore::start(std::span<const std::uint8_t> nonce, std::size_t tag_length,
                      OcbState& state) const noexcept {
  if (!state_) return Errc::invalid_state;
  if (nonce.empty() || nonce.size() > 15) return Errc::bad_nonce_length;
  if (tag_length < 1 || tag_length > 16) return Errc::bad_tag_length;
  state.clear();
  detail::ocb::initial_offset(state_->key, tag_length, nonce, state.offset);
  return {};
}

Status OcbCore::absorb_ad(OcbState& state, std::span<const std::uint8_t> ad) const noexcept {
  if (!state_) return Errc::invalid_state;
  const detail::OcbKey& k = state_->key;
  const std::size_t full = ad.size() / 16;
  const std::size_t rest = ad.size() % 16;
  detail::ocb::run_blocks(k, detail::ocb::Kind::hash, state.ad_blocks + 1, state.ad_offset,
                          state.ad_sum, ad.data(), nullptr, full);
  state.ad_blocks += full;
  if (rest != 0) {
    alignas(16) std::uint8_t last[16];
    detail::xor_block(state.ad_offset, state.ad_offset, k.l_star);
    detail::store_block128(last,
                           detail::load_partial_block(ad.data() + 16 * full, rest, /*pad=*/true) ^
                               detail::load_block128(state.ad_offset));
    encrypt_one(k, last);
    detail::xor_block(state.ad_sum, state.ad_sum, last);
    detail::wipe_block(last);
  }
  return {};
}

Status OcbCore::crypt(OcbState& state, std::span<const std::uint8_t> in,
                      std::span<std::uint8_t> out, bool encrypting) const noexcept {
  if (!state_) return Errc::invalid_state;
  if (out.size() < in.size()) return detail::output_too_small(in.size(), out.size());
  if (detail::partially_overlaps(in.data(), in.size(), out.data(), in.size()))
    return Errc::overlapping_buffers;
  const detail::OcbKey& k = state_->key;
  const std::size_t full = in.size() / 16;
  const std::size_t rest = in.size() % 16;
  detail::ocb::run_blocks(k, encrypting ? detail::ocb::Kind::encrypt : detail::ocb::Kind::decrypt,
                          state.blocks + 1, state.offset, state.checksum, in.data(), out.data(),
                          full);
  state.blocks += full;
  if (rest != 0) {
    alignas(16) std::uint8_t pad[16];
    detail::xor_block(state.offset, state.offset, k.l_star);
    std::memcpy(pad, state.offset, 16);
    encrypt_one(k, pad);
    // Read before out is written (in place). P_* || 1 || 0*: the input when sealing; when
    // opening, C_* ^ Pad with the pad's bytes past `rest` masked off, then 1 || 0*.
    const detail::Block128 x = detail::load_partial_block(in.data() + 16 * full, rest, true);
    const detail::Block128 p =
        encrypting ? x : x ^ (detail::load_block128(pad) & detail::block128_prefix_mask(rest));
    detail::store_partial_block(out.data() + 16 * full, rest, x ^ detail::load_block128(pad));
    detail::store_block128(pad, detail::load_block128(state.checksum) ^ p);
    std::memcpy(state.checksum, pad, 16);
    detail::wipe_block(pad);
  }
  return {};
}

Status OcbCore::encrypt(OcbState& state, std::span<const std::uint8_t> in,
                        std::span<std::uint8_t> out) const noexcept {
  return crypt(state, in, out, true);
}

Status OcbCore::decrypt(OcbState& state, std::span<const std::uint8_t> in,
                        std::span<std::uint8_t> out) const noexcept {
  return crypt(state, in, out, false);
}

Status OcbCore::tag(const OcbState& state, std::span<std::uint8_t> tag_out) const noexcept {
  if (!state_) return Errc::invalid_state;
  if (tag_out.empty() || tag_out.size() > 16) return Errc::invalid_argument;
  const detail::OcbKey& k = state_->key;
  alignas(16) std::uint8_t t[16];
  detail::xor_block(t, state.checksum, state.offset);
  detail::xor_block(t, t, k.l_dollar);
  encrypt_one(k, t);
  detail::xor_block(t, t, state.ad_sum);
  std::memcpy(tag_out.data(), t, tag_out.size());
  detail::wipe_block(t);
  return {};
}

}  // namespace aeskit
