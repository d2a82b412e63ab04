// src/hash/hkdf.cpp — HKDF extract and expand (RFC 5869 §2.2, §2.3) over hmac_core.
//
//   extract: PRK = HMAC(salt, IKM)  (an empty salt is HashLen zero bytes, which HMAC's zero
//            padding of the key makes identical to the empty key)
//   expand:  T(i) = HMAC(PRK, T(i-1) || info || i) for i = 1..N, N = ceil(L / HashLen) ≤ 255,
//            OKM = the first L bytes of T(1) || ... || T(N)
// PRK is keyed once (hmac_key_setup); each T(i) costs one inner and one outer hash. Nothing is
// written to `out` on error. Never names an ISA.
#include <cstring>

#include "aeskit/kdf.hpp"
#include "base/buffers.hpp"
#include "base/secure_zero.hpp"
#include "core/error_detail.hpp"
#include "hash/hmac_core.hpp"

namespace aeskit {

std::size_t hkdf_max_output(HashAlgorithm alg) noexcept {
  return 255 * digest_length(alg);
}

Status hkdf_extract(HashAlgorithm alg, std::span<const std::uint8_t> ikm,
                    std::span<const std::uint8_t> salt, std::span<std::uint8_t> prk_out) noexcept {
  const std::size_t d = digest_length(alg);
  if (prk_out.size() < d) return aeskit::detail::output_too_small(d, prk_out.size());
  return hmac(alg, salt, ikm, prk_out.first(d));
}

namespace {

Status expand(HashAlgorithm alg, std::span<const std::uint8_t> prk,
              std::span<const std::uint8_t> info, std::span<std::uint8_t> out) noexcept {
  const std::size_t d = digest_length(alg);
  const detail::ShaCompressor& c = detail::best_sha_compressor(cpu::cpu_features(), alg);
  detail::HmacKey key;
  detail::hmac_key_setup(key, alg, c, prk.data(), prk.size());
  detail::HashCore core;
  std::uint8_t t[kMaxDigestLength];
  std::size_t done = 0;
  for (unsigned i = 1; done < out.size(); ++i) {
    detail::hmac_begin(key, core);
    if (i > 1) detail::core_update(core, t, d);
    detail::core_update(core, info.data(), info.size());
    const std::uint8_t counter = static_cast<std::uint8_t>(i);
    detail::core_update(core, &counter, 1);
    detail::hmac_end(key, core, t);
    const std::size_t n = out.size() - done < d ? out.size() - done : d;
    std::memcpy(out.data() + done, t, n);
    done += n;
  }
  detail::secure_zero(&key, sizeof key);
  detail::secure_zero(&core, sizeof core);
  detail::secure_zero(t, sizeof t);
  return {};
}

bool overlaps(std::span<const std::uint8_t> a, std::span<std::uint8_t> b) noexcept {
  if (a.empty() || b.empty()) return false;
  auto pa = reinterpret_cast<std::uintptr_t>(a.data());
  auto pb = reinterpret_cast<std::uintptr_t>(b.data());
  return pa < pb + b.size() && pb < pa + a.size();
}

}  // namespace

Status hkdf_expand(HashAlgorithm alg, std::span<const std::uint8_t> prk,
                   std::span<const std::uint8_t> info, std::span<std::uint8_t> out) noexcept {
  if (out.size() > hkdf_max_output(alg)) return Errc::output_too_long;
  if (prk.size() < digest_length(alg)) return Errc::prk_too_short;
  if (overlaps(info, out)) return Errc::overlapping_buffers;
  return expand(alg, prk, info, out);
}

Status hkdf(HashAlgorithm alg, std::span<const std::uint8_t> ikm,
            std::span<const std::uint8_t> salt, std::span<const std::uint8_t> info,
            std::span<std::uint8_t> out) noexcept {
  if (out.size() > hkdf_max_output(alg)) return Errc::output_too_long;
  if (overlaps(info, out)) return Errc::overlapping_buffers;
  std::uint8_t prk[kMaxDigestLength];
  const std::size_t d = digest_length(alg);
  Status s = hmac(alg, salt, ikm, std::span<std::uint8_t>(prk, d));
  if (s) s = expand(alg, std::span<const std::uint8_t>(prk, d), info, out);
  detail::secure_zero(prk, sizeof prk);
  return s;
}

}  // namespace aeskit
