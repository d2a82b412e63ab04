// src/aead/gcm_stream.cpp — incremental GCM: AeadSealer and AeadOpener (SP 800-38D §7.1,
// §7.2, computed piecewise).
//
// The stream keeps the running GHASH value, the next counter block, and one partial block:
// during the AD phase the AD bytes not yet hashed; during the data phase the ciphertext bytes
// of the current block (hashed once it is complete) next to that block's key stream. AD and
// data lengths are public, so all branching here is on public values only.
#include <cstring>

#include "aead/aead_checks.hpp"
#include "aead/aead_key_state.hpp"
#include "aead/gcm_blocks.hpp"
#include "base/ct_equal.hpp"
#include "base/secure_zero.hpp"
#include "core/error_detail.hpp"

namespace aeskit {
namespace detail {
namespace {

using Phase = AeadStream::Phase;

// gcm_of: the GCM key state of a started stream (start() accepts GCM keys only).
const GcmKey& gcm_of(const AeadStream& s) noexcept {
  return *s.key->scheme->gcm_state();
}

Status start(AeadStream& s, const AeadKey& key, std::span<const std::uint8_t> nonce) {
  const AeadKeyState* k = AeadAccess::state(key);
  if (k == nullptr) return Errc::invalid_state;
  const GcmKey* g = k->scheme->gcm_state();
  if (g == nullptr) return Errc::one_shot_only;  // only GCM streams
  if (Status st = check_nonce(*k->algorithm, nonce); !st) return st;
  s.key = k;
  gcm::derive_j0(*g, nonce, s.j0);
  std::memcpy(s.counter, s.j0, 16);
  gcm::inc32(s.counter);
  return {};
}

Status update_ad(AeadStream& s, std::span<const std::uint8_t> ad) {
  if (s.key == nullptr || s.phase != Phase::ad) return Errc::invalid_state;
  if (ad_too_long(*s.key->algorithm, s.ad_length, ad.size())) return Errc::message_too_long;
  const GcmKey& key = gcm_of(s);
  const std::uint8_t* p = ad.data();
  std::size_t left = ad.size();
  std::size_t used = static_cast<std::size_t>(s.ad_length % 16);
  s.ad_length += left;
  if (used != 0) {
    const std::size_t take = left < 16 - used ? left : 16 - used;
    std::memcpy(s.partial + used, p, take);
    p += take;
    left -= take;
    used += take;
    if (used < 16) return {};
    gcm::hash_blocks(key, s.hash, s.partial, 1);
  }
  gcm::hash_blocks(key, s.hash, p, left / 16);
  p += 16 * (left / 16);
  left %= 16;
  if (left != 0) std::memcpy(s.partial, p, left);
  return {};
}

// begin_data ends the AD phase: the last partial AD block is hashed zero-padded.
void begin_data(AeadStream& s) {
  if (s.phase != Phase::ad) return;
  const std::size_t used = static_cast<std::size_t>(s.ad_length % 16);
  if (used != 0) {
    std::memset(s.partial + used, 0, 16 - used);
    gcm::hash_blocks(gcm_of(s), s.hash, s.partial, 1);
  }
  s.phase = Phase::data;
}

// crypt_bytes: n bytes within the current partial block, at position `pos`. The ciphertext
// byte (output when sealing, input when opening) is kept for the hash.
void crypt_bytes(AeadStream& s, gcm::Op op, std::size_t pos, const std::uint8_t* in,
                 std::uint8_t* out, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint8_t x = in[i];
    const std::uint8_t y = static_cast<std::uint8_t>(x ^ s.keystream[pos + i]);
    s.partial[pos + i] = op == gcm::Op::seal ? y : x;
    out[i] = y;
  }
}

Result<std::size_t> update(AeadStream& s, gcm::Op op, std::span<const std::uint8_t> in,
                           std::span<std::uint8_t> out) {
  if (s.key == nullptr || s.phase == Phase::finished) return Errc::invalid_state;
  if (out.size() < in.size()) return aeskit::detail::output_too_small(in.size(), out.size());
  if (partially_overlaps(in.data(), in.size(), out.data(), in.size()))
    return Errc::overlapping_buffers;
  if (data_too_long(*s.key->algorithm, s.data_length, in.size())) return Errc::message_too_long;
  begin_data(s);
  const GcmKey& key = gcm_of(s);
  const std::uint8_t* src = in.data();
  std::uint8_t* dst = out.data();
  std::size_t left = in.size();
  std::size_t pos = static_cast<std::size_t>(s.data_length % 16);
  s.data_length += left;
  if (pos != 0) {
    const std::size_t take = left < 16 - pos ? left : 16 - pos;
    crypt_bytes(s, op, pos, src, dst, take);
    src += take;
    dst += take;
    left -= take;
    pos += take;
    if (pos < 16) return in.size();
    gcm::hash_blocks(key, s.hash, s.partial, 1);
  }
  const std::size_t blocks = left / 16;
  gcm::crypt_blocks(key, op, s.counter, s.hash, src, dst, blocks);
  src += 16 * blocks;
  dst += 16 * blocks;
  left %= 16;
  if (left != 0) {
    gcm::next_keystream(key, s.counter, s.keystream);
    crypt_bytes(s, op, 0, src, dst, left);
  }
  return in.size();
}

// final_tag: hashes the last partial data block and the lengths; the stream is finished.
void final_tag(AeadStream& s, std::uint8_t tag[16]) {
  begin_data(s);
  const std::size_t pos = static_cast<std::size_t>(s.data_length % 16);
  if (pos != 0) {
    std::memset(s.partial + pos, 0, 16 - pos);
    gcm::hash_blocks(gcm_of(s), s.hash, s.partial, 1);
  }
  gcm::finish_tag(gcm_of(s), s.j0, s.hash, s.ad_length, s.data_length, tag);
  s.phase = Phase::finished;
}

void wipe(AeadStream& s) {
  secure_zero(&s, sizeof s);
  s.key = nullptr;
  s.phase = Phase::finished;
}

// take: move assignment; the source is wiped and left unusable.
void take(AeadStream& to, AeadStream& from) {
  if (&to == &from) return;
  std::memcpy(&to, &from, sizeof to);
  wipe(from);
}

// copy: copy construction and assignment; both streams go on independently (the key state
// they point to is immutable and shared).
void copy(AeadStream& to, const AeadStream& from) {
  if (&to == &from) return;
  std::memcpy(&to, &from, sizeof to);
}

}  // namespace
}  // namespace detail

// --- AeadSealer ---------------------------------------------------------------------------

Result<AeadSealer> AeadSealer::create(const AeadKey& key, std::span<const std::uint8_t> nonce) {
  AeadSealer sealer;
  if (Status s = detail::start(sealer.s_, key, nonce); !s) return s;
  return sealer;
}

AeadSealer::AeadSealer(AeadSealer&& other) noexcept {
  detail::take(s_, other.s_);
}
AeadSealer& AeadSealer::operator=(AeadSealer&& other) noexcept {
  detail::take(s_, other.s_);
  return *this;
}
AeadSealer::AeadSealer(const AeadSealer& other) noexcept {
  detail::copy(s_, other.s_);
}
AeadSealer& AeadSealer::operator=(const AeadSealer& other) noexcept {
  detail::copy(s_, other.s_);
  return *this;
}
AeadSealer::~AeadSealer() {
  detail::wipe(s_);
}

std::size_t AeadSealer::tag_length() const noexcept {
  return s_.key ? s_.key->tag_length : 0;
}

Status AeadSealer::update_ad(std::span<const std::uint8_t> ad) {
  return detail::update_ad(s_, ad);
}

Result<std::size_t> AeadSealer::update(std::span<const std::uint8_t> in,
                                       std::span<std::uint8_t> out) {
  return detail::update(s_, detail::gcm::Op::seal, in, out);
}

Result<std::size_t> AeadSealer::finish(std::span<std::uint8_t> tag_out) {
  if (s_.key == nullptr || s_.phase == detail::AeadStream::Phase::finished)
    return Errc::invalid_state;
  const std::size_t n = s_.key->tag_length;
  if (tag_out.size() < n) return aeskit::detail::output_too_small(n, tag_out.size());
  std::uint8_t tag[16];
  detail::final_tag(s_, tag);
  std::memcpy(tag_out.data(), tag, n);
  detail::secure_zero(tag, sizeof tag);
  return n;
}

// --- AeadOpener ---------------------------------------------------------------------------

Result<AeadOpener> AeadOpener::create(const AeadKey& key, std::span<const std::uint8_t> nonce) {
  AeadOpener opener;
  if (Status s = detail::start(opener.s_, key, nonce); !s) return s;
  return opener;
}

AeadOpener::AeadOpener(AeadOpener&& other) noexcept {
  detail::take(s_, other.s_);
}
AeadOpener& AeadOpener::operator=(AeadOpener&& other) noexcept {
  detail::take(s_, other.s_);
  return *this;
}
AeadOpener::AeadOpener(const AeadOpener& other) noexcept {
  detail::copy(s_, other.s_);
}
AeadOpener& AeadOpener::operator=(const AeadOpener& other) noexcept {
  detail::copy(s_, other.s_);
  return *this;
}
AeadOpener::~AeadOpener() {
  detail::wipe(s_);
}

std::size_t AeadOpener::tag_length() const noexcept {
  return s_.key ? s_.key->tag_length : 0;
}

Status AeadOpener::update_ad(std::span<const std::uint8_t> ad) {
  return detail::update_ad(s_, ad);
}

Result<std::size_t> AeadOpener::update(std::span<const std::uint8_t> in,
                                       std::span<std::uint8_t> out) {
  return detail::update(s_, detail::gcm::Op::open, in, out);
}

Status AeadOpener::finish(std::span<const std::uint8_t> tag) {
  if (s_.key == nullptr || s_.phase == detail::AeadStream::Phase::finished)
    return Errc::invalid_state;
  const std::size_t n = s_.key->tag_length;
  std::uint8_t expected[16];
  detail::final_tag(s_, expected);
  const bool ok = tag.size() == n && detail::ct_equal(expected, tag.data(), n);
  detail::secure_zero(expected, sizeof expected);
  return ok ? Status{} : Errc::authentication_failed;
}

Status AeadOpener::finish_truncated(std::span<const std::uint8_t> tag) {
  if (s_.key == nullptr || s_.phase == detail::AeadStream::Phase::finished)
    return Errc::invalid_state;
  const std::size_t n = s_.key->tag_length;
  std::uint8_t expected[16];
  detail::final_tag(s_, expected);
  // The tag's length is public; only the verdict over its bytes is.
  const bool ok =
      !tag.empty() && tag.size() <= n && detail::ct_equal(expected, tag.data(), tag.size());
  detail::secure_zero(expected, sizeof expected);
  return ok ? Status{} : Errc::authentication_failed;
}

}  // namespace aeskit
