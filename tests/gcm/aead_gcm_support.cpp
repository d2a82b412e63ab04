// tests/gcm/aead_gcm_support.cpp — implementations, OpenSSL GCM reference, GF(2^128) helpers and
// guarded drivers for the AES-GCM tests. No vectors here.
#include "aead_gcm_support.hpp"

#include <openssl/evp.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "aead/aead_key_state.hpp"
#include "backend/ghash_backend.hpp"
#include "cpu/features.hpp"
#include "support/aead_cases.hpp"
#include "support/backends.hpp"
#include "support/openssl_ref.hpp"

namespace aeskit_test::gcm {

using aeskit::Errc;

const aeskit::AeadAlgorithm& algorithm_for(std::size_t key_len) {
  return aead::aes_algorithm("GCM", key_len);
}

std::vector<Impl> all_impls() {
  std::vector<Impl> impls;
  for (const std::string& aes : backend_names())
    for (const std::string& ghash : aead::ghash_backend_names())
      impls.push_back({aes, ghash, true});
  return impls;
}

Impl reference_impl() {
  return {"portable", "portable", false};
}

bool impl_available(const Impl& impl) {
  return backend_available(impl.aes) && aead::ghash_available(impl.ghash);
}

std::string impl_param_name(const testing::TestParamInfo<Impl>& info) {
  return identifier(info.param.aes + "_" + info.param.ghash + (info.param.fused ? "" : "_generic"));
}

void make_key(const Impl& impl, std::span<const std::uint8_t> key, std::size_t tag_len,
              aeskit::AeadKey& out) {
  const aeskit::detail::GhashBackend* ghash = aeskit::detail::find_ghash_backend(impl.ghash);
  ASSERT_NE(ghash, nullptr) << "no GHASH backend '" << impl.ghash << "'";
  auto created = aeskit::detail::make_aead_key(algorithm_for(key.size()), key, tag_len,
                                               {impl.aes, ghash, impl.fused});
  ASSERT_TRUE(created.ok()) << "make_aead_key(" << key.size() << " bytes, tag " << tag_len << ", "
                            << impl.aes << "+" << impl.ghash << ") failed: " << created.message();
  out = std::move(created).value();
  ASSERT_EQ(out.backend_name(), impl.aes);
  ASSERT_EQ(out.ghash_backend_name(), impl.ghash);
  ASSERT_EQ(out.tag_length(), tag_len);
}

// --- OpenSSL -------------------------------------------------------------------------------

namespace {

[[noreturn]] void evp_broke(const char* what) {
  std::fprintf(stderr, "OpenSSL GCM reference failed unexpectedly in %s\n", what);
  std::abort();
}

const EVP_CIPHER* gcm_cipher(std::size_t key_len) {
  if (key_len == 16) return EVP_aes_128_gcm();
  if (key_len == 24) return EVP_aes_192_gcm();
  if (key_len == 32) return EVP_aes_256_gcm();
  evp_broke("gcm_cipher (key length)");
}

// A non-null pointer for empty inputs (EVP wants one).
const std::uint8_t* nonnull(std::span<const std::uint8_t> s) {
  static const std::uint8_t kEmpty[1] = {0};
  return s.empty() ? kEmpty : s.data();
}

EVP_CIPHER_CTX* start(std::span<const std::uint8_t> key, std::span<const std::uint8_t> nonce,
                      std::span<const std::uint8_t> ad, int enc) {
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  if (ctx == nullptr) evp_broke("EVP_CIPHER_CTX_new");
  if (EVP_CipherInit_ex(ctx, gcm_cipher(key.size()), nullptr, nullptr, nullptr, enc) != 1)
    evp_broke("EVP_CipherInit_ex (cipher)");
  if (EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_IVLEN, static_cast<int>(nonce.size()), nullptr) !=
      1)
    evp_broke("EVP_CTRL_GCM_SET_IVLEN");
  if (EVP_CipherInit_ex(ctx, nullptr, nullptr, key.data(), nonce.data(), enc) != 1)
    evp_broke("EVP_CipherInit_ex (key, nonce)");
  int n = 0;
  if (!ad.empty() &&
      EVP_CipherUpdate(ctx, nullptr, &n, ad.data(), static_cast<int>(ad.size())) != 1)
    evp_broke("EVP_CipherUpdate (AAD)");
  return ctx;
}

}  // namespace

Bytes Sealed::joined() const {
  Bytes out = ct;
  out.insert(out.end(), tag.begin(), tag.end());
  return out;
}

Sealed openssl_seal(std::span<const std::uint8_t> key, std::span<const std::uint8_t> nonce,
                    std::span<const std::uint8_t> ad, std::span<const std::uint8_t> pt,
                    std::size_t tag_len) {
  EVP_CIPHER_CTX* ctx = start(key, nonce, ad, 1);
  Sealed s;
  s.ct.resize(pt.size() + 16);
  int n = 0, m = 0;
  if (EVP_CipherUpdate(ctx, s.ct.data(), &n, nonnull(pt), static_cast<int>(pt.size())) != 1)
    evp_broke("EVP_CipherUpdate");
  if (EVP_CipherFinal_ex(ctx, s.ct.data() + n, &m) != 1) evp_broke("EVP_CipherFinal_ex");
  s.ct.resize(static_cast<std::size_t>(n + m));
  s.tag.resize(16);
  if (EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_GET_TAG, 16, s.tag.data()) != 1)
    evp_broke("EVP_CTRL_GCM_GET_TAG");
  s.tag.resize(tag_len);
  EVP_CIPHER_CTX_free(ctx);
  return s;
}

std::optional<Bytes> openssl_open(std::span<const std::uint8_t> key,
                                  std::span<const std::uint8_t> nonce,
                                  std::span<const std::uint8_t> ad,
                                  std::span<const std::uint8_t> ct,
                                  std::span<const std::uint8_t> tag) {
  EVP_CIPHER_CTX* ctx = start(key, nonce, ad, 0);
  Bytes pt(ct.size() + 16);
  int n = 0, m = 0;
  if (EVP_CipherUpdate(ctx, pt.data(), &n, nonnull(ct), static_cast<int>(ct.size())) != 1)
    evp_broke("EVP_CipherUpdate");
  Bytes tag_copy(tag.begin(), tag.end());
  if (EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_TAG, static_cast<int>(tag_copy.size()),
                          tag_copy.data()) != 1)
    evp_broke("EVP_CTRL_GCM_SET_TAG");
  const bool ok = EVP_CipherFinal_ex(ctx, pt.data() + n, &m) == 1;
  EVP_CIPHER_CTX_free(ctx);
  if (!ok) return std::nullopt;
  pt.resize(static_cast<std::size_t>(n + m));
  return pt;
}

// --- GF(2^128) -----------------------------------------------------------------------------

Block gf_mul(const Block& x, const Block& y) {
  // Z = 0, V = Y; for each bit x_i (MSB of byte 0 first): Z ^= V if set; V = V·α, i.e. shift
  // right by one bit, reducing with R = 11100001 || 0^120 when a bit falls off the end.
  Block z{};
  Block v = y;
  for (int i = 0; i < 128; ++i) {
    if ((x[static_cast<std::size_t>(i / 8)] >> (7 - i % 8)) & 1)
      for (std::size_t j = 0; j < 16; ++j) z[j] ^= v[j];
    const bool carry = v[15] & 1;
    for (std::size_t j = 15; j > 0; --j)
      v[j] = static_cast<std::uint8_t>((v[j] >> 1) | (v[j - 1] << 7));
    v[0] = static_cast<std::uint8_t>(v[0] >> 1);
    if (carry) v[0] ^= 0xe1;
  }
  return z;
}

Block gf_inverse(const Block& x) {
  // x^(2^128 - 2) = x^(2 + 4 + ... + 2^127): square and multiply.
  Block result{};
  result[0] = 0x80;            // the field's one
  Block power = gf_mul(x, x);  // x^2
  for (int i = 1; i < 128; ++i) {
    result = gf_mul(result, power);
    power = gf_mul(power, power);
  }
  return result;
}

Block hash_subkey(std::span<const std::uint8_t> key) {
  EvpBlock aes(key, aeskit::Direction::encrypt);
  Block zero{};
  Block h{};
  aes.crypt(zero.data(), h.data());
  return h;
}

Block j0_of(const Block& h, std::span<const std::uint8_t> nonce) {
  Block y{};
  if (nonce.size() == 12) {
    std::copy(nonce.begin(), nonce.end(), y.begin());
    y[15] = 1;
    return y;
  }
  Bytes padded(nonce.begin(), nonce.end());
  padded.resize((nonce.size() + 15) / 16 * 16 + 16, 0);
  const std::uint64_t bits = static_cast<std::uint64_t>(nonce.size()) * 8;
  for (std::size_t i = 0; i < 8; ++i)
    padded[padded.size() - 1 - i] = static_cast<std::uint8_t>(bits >> (8 * i));
  for (std::size_t pos = 0; pos < padded.size(); pos += 16) {
    for (std::size_t j = 0; j < 16; ++j) y[j] ^= padded[pos + j];
    y = gf_mul(y, h);
  }
  return y;
}

Bytes nonce_for_j0(const Block& h, const Block& j0) {
  const Block h_inv = gf_inverse(h);
  Block y1 = gf_mul(j0, h_inv);
  y1[15] ^= 128;  // L = 0^64 || [128]_64: the length block of a 16-byte nonce
  const Block n = gf_mul(y1, h_inv);
  return Bytes(n.begin(), n.end());
}

// --- drivers -------------------------------------------------------------------------------

namespace {

constexpr std::size_t kGuard = 32;

bool all_equal(const std::uint8_t* p, std::size_t n, std::uint8_t value) {
  return std::all_of(p, p + n, [value](std::uint8_t b) { return b == value; });
}

std::span<const std::uint8_t> place(Bytes& storage, std::size_t offset,
                                    std::span<const std::uint8_t> data) {
  storage.assign(offset + data.size() + 1, 0);
  std::copy(data.begin(), data.end(), storage.begin() + static_cast<std::ptrdiff_t>(offset));
  return {storage.data() + offset, data.size()};
}

}  // namespace

Outcome seal_at(const aeskit::AeadKey& key, std::span<const std::uint8_t> nonce,
                std::span<const std::uint8_t> ad, std::span<const std::uint8_t> pt,
                Placement where) {
  Outcome r;
  const std::size_t cap = pt.size() + key.tag_length();
  if (where.in_place) {
    Bytes buf(kGuard + where.in_offset + cap + kGuard, kCanary);
    std::uint8_t* base = buf.data() + kGuard + where.in_offset;
    std::copy(pt.begin(), pt.end(), base);
    const Bytes before = buf;
    auto res = key.seal(nonce, ad, {base, pt.size()}, {base, cap});
    if (!res.ok()) {
      r.code = res.code();
      r.guard_ok = buf == before;
      if (!r.guard_ok) r.detail = "in-place seal failed but changed the buffer";
      return r;
    }
    r.guard_ok = res.value() == cap && all_equal(buf.data(), kGuard + where.in_offset, kCanary) &&
                 all_equal(base + cap, kGuard, kCanary);
    if (!r.guard_ok) r.detail = "in-place seal wrote outside its span or returned a wrong size";
    r.out.assign(base, base + cap);
    return r;
  }
  Bytes in_buf;
  const auto in = place(in_buf, where.in_offset, pt);
  Bytes out_buf(kGuard + where.out_offset + cap + kGuard, kCanary);
  std::uint8_t* out = out_buf.data() + kGuard + where.out_offset;
  auto res = key.seal(nonce, ad, in, {out, cap});
  if (!res.ok()) {
    r.code = res.code();
    r.guard_ok = all_equal(out_buf.data(), out_buf.size(), kCanary);
    if (!r.guard_ok) r.detail = "failed seal wrote to its output";
    return r;
  }
  r.guard_ok =
      res.value() == cap && all_equal(out_buf.data(), kGuard + where.out_offset, kCanary) &&
      all_equal(out + cap, kGuard, kCanary) && std::equal(pt.begin(), pt.end(), in.begin());
  if (!r.guard_ok) r.detail = "seal wrote outside its span, changed its input or miscounted";
  r.out.assign(out, out + cap);
  return r;
}

Outcome open_at(const aeskit::AeadKey& key, std::span<const std::uint8_t> nonce,
                std::span<const std::uint8_t> ad, std::span<const std::uint8_t> ct_and_tag,
                Placement where) {
  Outcome r;
  const std::size_t tag = key.tag_length();
  const std::size_t cap = ct_and_tag.size() >= tag ? ct_and_tag.size() - tag : 0;
  if (where.in_place) {
    Bytes buf(kGuard + where.in_offset + ct_and_tag.size() + kGuard, kCanary);
    std::uint8_t* base = buf.data() + kGuard + where.in_offset;
    std::copy(ct_and_tag.begin(), ct_and_tag.end(), base);
    const Bytes before = buf;
    auto res = key.open(nonce, ad, {base, ct_and_tag.size()}, {base, cap});
    // Beyond the plaintext span the buffer (tag, guards) must be untouched in every case.
    const std::size_t span_end = kGuard + where.in_offset + cap;
    const bool rest_same =
        std::equal(buf.begin(), buf.begin() + static_cast<std::ptrdiff_t>(kGuard + where.in_offset),
                   before.begin()) &&
        std::equal(buf.begin() + static_cast<std::ptrdiff_t>(span_end), buf.end(),
                   before.begin() + static_cast<std::ptrdiff_t>(span_end));
    if (!res.ok()) {
      r.code = res.code();
      r.guard_ok = rest_same && (res.code() == Errc::authentication_failed
                                     ? all_equal(base, cap, 0)
                                     : std::equal(base, base + cap,
                                                  before.begin() + static_cast<std::ptrdiff_t>(
                                                                       kGuard + where.in_offset)));
      if (!r.guard_ok) r.detail = "failed in-place open left non-zero plaintext or wrote elsewhere";
      return r;
    }
    r.guard_ok = rest_same && res.value() == cap;
    if (!r.guard_ok) r.detail = "in-place open wrote outside its span or miscounted";
    r.out.assign(base, base + cap);
    return r;
  }
  Bytes in_buf;
  const auto in = place(in_buf, where.in_offset, ct_and_tag);
  Bytes out_buf(kGuard + where.out_offset + cap + kGuard, kCanary);
  std::uint8_t* out = out_buf.data() + kGuard + where.out_offset;
  auto res = key.open(nonce, ad, in, {out, cap});
  const bool guards = all_equal(out_buf.data(), kGuard + where.out_offset, kCanary) &&
                      all_equal(out + cap, kGuard, kCanary) &&
                      std::equal(ct_and_tag.begin(), ct_and_tag.end(), in.begin());
  if (!res.ok()) {
    r.code = res.code();
    r.guard_ok =
        guards &&
        all_equal(out, cap, res.code() == Errc::authentication_failed ? std::uint8_t{0} : kCanary);
    if (!r.guard_ok)
      r.detail = "failed open did not zero its plaintext span (authentication) or wrote anyway";
    return r;
  }
  r.guard_ok = guards && res.value() == cap;
  if (!r.guard_ok) r.detail = "open wrote outside its span, changed its input or miscounted";
  r.out.assign(out, out + cap);
  return r;
}

Outcome seal_detached(const aeskit::AeadKey& key, std::span<const std::uint8_t> nonce,
                      std::span<const std::uint8_t> ad, std::span<const std::uint8_t> pt) {
  Outcome r;
  const std::size_t tag_len = key.tag_length();
  Bytes ct(pt.size() + kGuard, kCanary);
  Bytes tag(tag_len + kGuard, kCanary);
  const aeskit::Status s =
      key.seal_detached(nonce, ad, pt, {ct.data(), pt.size()}, {tag.data(), tag_len});
  r.code = s.code();
  r.guard_ok = all_equal(ct.data() + pt.size(), kGuard, kCanary) &&
               all_equal(tag.data() + tag_len, kGuard, kCanary);
  if (!s.ok()) {
    r.guard_ok =
        all_equal(ct.data(), ct.size(), kCanary) && all_equal(tag.data(), tag.size(), kCanary);
    if (!r.guard_ok) r.detail = "failed seal_detached wrote";
    return r;
  }
  if (!r.guard_ok) r.detail = "seal_detached wrote past its spans";
  r.out.assign(ct.begin(), ct.begin() + static_cast<std::ptrdiff_t>(pt.size()));
  r.out.insert(r.out.end(), tag.begin(), tag.begin() + static_cast<std::ptrdiff_t>(tag_len));
  return r;
}

Outcome open_detached(const aeskit::AeadKey& key, std::span<const std::uint8_t> nonce,
                      std::span<const std::uint8_t> ad, std::span<const std::uint8_t> ct,
                      std::span<const std::uint8_t> tag) {
  Outcome r;
  Bytes out(ct.size() + kGuard, kCanary);
  const aeskit::Status s = key.open_detached(nonce, ad, ct, tag, {out.data(), ct.size()});
  r.code = s.code();
  const bool guard = all_equal(out.data() + ct.size(), kGuard, kCanary);
  if (!s.ok()) {
    r.guard_ok = guard && all_equal(out.data(), ct.size(),
                                    s.code() == Errc::authentication_failed ? 0 : kCanary);
    if (!r.guard_ok) r.detail = "failed open_detached left plaintext or wrote";
    return r;
  }
  r.guard_ok = guard;
  if (!r.guard_ok) r.detail = "open_detached wrote past its span";
  r.out.assign(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(ct.size()));
  return r;
}

namespace {

// piece: the next piece length of a random split (empty, sub-block, block, a few blocks,
// past a 4 KiB chunk, or the rest).
std::size_t piece(TestRng* rng, std::size_t left) {
  return random_piece(rng, left, {{17, 200}, {200, 1500}, {4000, 9000}});
}

template <class Stream>
bool feed_ad(Stream& stream, std::span<const std::uint8_t> ad, TestRng* rng, Outcome& r) {
  std::size_t pos = 0;
  do {
    const std::size_t n = piece(rng, ad.size() - pos);
    const aeskit::Status s = stream.update_ad(ad.subspan(pos, n));
    if (!s.ok()) {
      r.code = s.code();
      r.detail = "update_ad(" + std::to_string(n) + ") failed";
      return false;
    }
    pos += n;
  } while (pos < ad.size());
  return true;
}

template <class Stream>
bool feed_data(Stream& stream, std::span<const std::uint8_t> in, TestRng* rng, Outcome& r) {
  std::size_t pos = 0;
  do {
    const std::size_t n = piece(rng, in.size() - pos);
    const bool in_place = rng != nullptr && rng->coin();
    const std::span<const std::uint8_t> part = in.subspan(pos, n);
    Bytes buf(part.begin(), part.end());
    buf.resize(n + kGuard, kCanary);
    std::span<const std::uint8_t> src{buf.data(), n};
    if (!in_place) src = part;
    auto res = stream.update(src, {buf.data(), n});
    if (!res.ok()) {
      r.code = res.code();
      r.detail = "update(" + std::to_string(n) + ") at " + std::to_string(pos) + " failed";
      return false;
    }
    if (res.value() != n || !all_equal(buf.data() + n, kGuard, kCanary)) {
      r.guard_ok = false;
      r.detail = "update(" + std::to_string(n) + ") returned " + std::to_string(res.value()) +
                 " or wrote past its span";
    }
    r.out.insert(r.out.end(), buf.begin(), buf.begin() + static_cast<std::ptrdiff_t>(n));
    pos += n;
  } while (pos < in.size());
  return true;
}

}  // namespace

Outcome seal_incremental(const aeskit::AeadKey& key, std::span<const std::uint8_t> nonce,
                         std::span<const std::uint8_t> ad, std::span<const std::uint8_t> pt,
                         TestRng* rng) {
  Outcome r;
  auto created = aeskit::AeadSealer::create(key, nonce);
  if (!created.ok()) {
    r.code = created.code();
    return r;
  }
  aeskit::AeadSealer sealer = std::move(created).value();
  if (!feed_ad(sealer, ad, rng, r) || !feed_data(sealer, pt, rng, r)) {
    r.out.clear();
    return r;
  }
  Bytes tag(key.tag_length() + kGuard, kCanary);
  auto res = sealer.finish({tag.data(), key.tag_length()});
  if (!res.ok()) {
    r.code = res.code();
    r.out.clear();
    return r;
  }
  if (res.value() != key.tag_length() ||
      !all_equal(tag.data() + key.tag_length(), kGuard, kCanary)) {
    r.guard_ok = false;
    r.detail = "finish wrote past the tag";
  }
  r.out.insert(r.out.end(), tag.begin(),
               tag.begin() + static_cast<std::ptrdiff_t>(key.tag_length()));
  return r;
}

Outcome open_incremental(const aeskit::AeadKey& key, std::span<const std::uint8_t> nonce,
                         std::span<const std::uint8_t> ad, std::span<const std::uint8_t> ct_and_tag,
                         TestRng* rng) {
  Outcome r;
  const std::size_t tag_len = key.tag_length();
  if (ct_and_tag.size() < tag_len) {
    r.code = Errc::authentication_failed;
    return r;
  }
  const auto ct = ct_and_tag.first(ct_and_tag.size() - tag_len);
  auto created = aeskit::AeadOpener::create(key, nonce);
  if (!created.ok()) {
    r.code = created.code();
    return r;
  }
  aeskit::AeadOpener opener = std::move(created).value();
  if (!feed_ad(opener, ad, rng, r) || !feed_data(opener, ct, rng, r)) {
    r.out.clear();
    return r;
  }
  const aeskit::Status s = opener.finish(ct_and_tag.subspan(ct.size()));
  if (!s.ok()) {
    r.code = s.code();
    r.out.clear();
  }
  return r;
}

}  // namespace aeskit_test::gcm
