// tests/gcm_siv/aead_gcm_siv_support.cpp — see aead_gcm_siv_support.hpp. No vectors here.
#include "aead_gcm_siv_support.hpp"

#include "aead/gcm_siv.hpp"
#include "backend/ghash_backend.hpp"
#include "support/aead_cases.hpp"
#include "support/aead_peers.hpp"
#include "support/backends.hpp"

namespace aeskit_test::gcm_siv {

const aeskit::AeadAlgorithm& algorithm_for(std::size_t key_len) {
  return aead::aes_algorithm("GCM-SIV", key_len);
}

std::vector<Impl> all_impls() {
  std::vector<Impl> impls;
  for (const std::string& aes : backend_names())
    for (const std::string& ghash : aead::ghash_backend_names())
      for (bool native : {true, false}) impls.push_back({aes, ghash, native});
  return impls;
}

Impl reference_impl() {
  return {"portable", "portable", false};
}

bool impl_available(const Impl& impl) {
  return backend_available(impl.aes) && aead::ghash_available(impl.ghash);
}

std::string impl_param_name(const testing::TestParamInfo<Impl>& info) {
  return identifier(info.param.aes + "_" + info.param.ghash + (info.param.native ? "" : "_mapped"));
}

void make_key(const Impl& impl, const Bytes& key, aeskit::AeadKey& out) {
  const aeskit::detail::GhashBackend* ghash = aeskit::detail::find_ghash_backend(impl.ghash);
  ASSERT_NE(ghash, nullptr) << "no GHASH backend '" << impl.ghash << "'";
  auto created = aeskit::detail::make_gcm_siv_key(algorithm_for(key.size()), key, impl.aes, ghash,
                                                  impl.native);
  ASSERT_TRUE(created.ok()) << "make_gcm_siv_key(" << key.size() << " bytes, " << impl.aes << "+"
                            << impl.ghash << ") failed: " << created.message();
  out = std::move(created).value();
  ASSERT_EQ(out.backend_name(), impl.aes);
  ASSERT_EQ(out.ghash_backend_name(), impl.ghash);
  ASSERT_EQ(out.tag_length(), 16u);
}

namespace {

using peers::GcryCipher;

bool gcry_start(GcryCipher& g, const Bytes& key, const Bytes& nonce, const Bytes& ad) {
  return peers::gcrypt_open_aes(g, GCRY_CIPHER_MODE_GCM_SIV, key) &&
         gcry_cipher_setiv(g.h, nonce.data(), nonce.size()) == 0 &&
         gcry_cipher_authenticate(g.h, ad.data(), ad.size()) == 0;
}

}  // namespace

Bytes gcrypt_seal(const Bytes& key, const Bytes& nonce, const Bytes& ad, const Bytes& pt) {
  GcryCipher g;
  Bytes out(pt.size() + 16);
  const bool ok = gcry_start(g, key, nonce, ad) && gcry_cipher_final(g.h) == 0 &&
                  gcry_cipher_encrypt(g.h, out.data(), pt.size(), pt.data(), pt.size()) == 0 &&
                  gcry_cipher_gettag(g.h, out.data() + pt.size(), 16) == 0;
  EXPECT_TRUE(ok) << "libgcrypt GCM-SIV seal failed";
  return out;
}

std::optional<Bytes> gcrypt_open(const Bytes& key, const Bytes& nonce, const Bytes& ad,
                                 const Bytes& ct_and_tag) {
  GcryCipher g;
  if (ct_and_tag.size() < 16) return std::nullopt;
  const std::size_t n = ct_and_tag.size() - 16;
  Bytes out(n);
  const bool started = gcry_start(g, key, nonce, ad) && gcry_cipher_final(g.h) == 0 &&
                       gcry_cipher_set_decryption_tag(g.h, ct_and_tag.data() + n, 16) == 0;
  EXPECT_TRUE(started) << "libgcrypt GCM-SIV open setup failed";
  if (!started) return std::nullopt;
  if (gcry_cipher_decrypt(g.h, out.data(), n, ct_and_tag.data(), n) != 0) return std::nullopt;
  return out;
}

Bytes polyval_reference(const Bytes& h, const Bytes& blocks) {
  // Field elements as two 64-bit halves of the little-endian 128-bit integer.
  struct U128 {
    std::uint64_t lo = 0, hi = 0;
  };
  auto load = [](const std::uint8_t* p) {
    U128 v;
    for (int i = 7; i >= 0; --i) v.lo = (v.lo << 8) | p[i];
    for (int i = 15; i >= 8; --i) v.hi = (v.hi << 8) | p[i];
    return v;
  };
  // a·b mod P, schoolbook: for each bit of b from the top, r = r·x (+ a).
  auto times_x = [](U128 v) {
    const bool carry = (v.hi >> 63) != 0;
    v.hi = (v.hi << 1) | (v.lo >> 63);
    v.lo <<= 1;
    if (carry) {  // x^128 = x^127 + x^126 + x^121 + 1
      v.hi ^= 0xC200000000000000ULL;
      v.lo ^= 1;
    }
    return v;
  };
  auto mul = [&](U128 a, U128 b) {
    U128 r;
    for (int i = 127; i >= 0; --i) {
      r = times_x(r);
      const bool bit = i >= 64 ? ((b.hi >> (i - 64)) & 1) != 0 : ((b.lo >> i) & 1) != 0;
      if (bit) {
        r.lo ^= a.lo;
        r.hi ^= a.hi;
      }
    }
    return r;
  };
  // x^-128 mod P: 1 halved 128 times (x^-1·v: add P when v has an x^0 term, then shift).
  U128 inv;
  inv.lo = 1;
  for (int i = 0; i < 128; ++i) {
    const bool odd = (inv.lo & 1) != 0;
    if (odd) {  // add P = x^128 + x^127 + x^126 + x^121 + 1 (the x^128 bit is implicit)
      inv.lo ^= 1;
      inv.hi ^= 0xC200000000000000ULL;
    }
    inv.lo = (inv.lo >> 1) | (inv.hi << 63);
    inv.hi = (inv.hi >> 1) | (odd ? 0x8000000000000000ULL : 0);
  }
  const U128 hv = load(h.data());
  U128 s;
  for (std::size_t off = 0; off + 16 <= blocks.size(); off += 16) {
    const U128 x = load(blocks.data() + off);
    s.lo ^= x.lo;
    s.hi ^= x.hi;
    s = mul(mul(s, hv), inv);
  }
  Bytes out(16);
  for (int i = 0; i < 8; ++i) {
    out[i] = static_cast<std::uint8_t>(s.lo >> (8 * i));
    out[8 + i] = static_cast<std::uint8_t>(s.hi >> (8 * i));
  }
  return out;
}

}  // namespace aeskit_test::gcm_siv
