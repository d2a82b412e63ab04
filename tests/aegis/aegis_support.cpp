// tests/aegis/aegis_support.cpp — the AEGIS test helpers (aegis_support.hpp).
#include "aegis/aegis_support.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace aeskit_test::aegis {

const aeskit::AeadAlgorithm& algorithm(std::string_view name) {
  const aeskit::AeadAlgorithm* a = aeskit::aead::find(name);
  if (a == nullptr) throw std::runtime_error("no AEAD named " + std::string(name));
  return *a;
}

std::optional<aeskit::AeadKey> make(std::string_view name, const Bytes& key, std::size_t tag_len,
                                    std::string_view backend) {
  auto k = aeskit::AeadKey::create(algorithm(name), key, tag_len, backend);
  EXPECT_TRUE(k.ok()) << name << " key on '" << backend << "'";
  if (!k.ok()) return std::nullopt;
  return std::move(k).value();
}

Bytes seal(const aeskit::AeadKey& k, const Bytes& nonce, const Bytes& ad, const Bytes& pt) {
  Bytes out(pt.size() + k.tag_length());
  auto n = k.seal(nonce, ad, pt, out);
  EXPECT_TRUE(n.ok());
  if (n.ok()) {
    EXPECT_EQ(*n, out.size());
  }
  return out;
}

std::optional<Bytes> open(const aeskit::AeadKey& k, const Bytes& nonce, const Bytes& ad,
                          const Bytes& sealed) {
  const std::size_t len = sealed.size() >= k.tag_length() ? sealed.size() - k.tag_length() : 0;
  Bytes out(len, 0xA5);
  auto n = k.open(nonce, ad, sealed, out);
  if (!n.ok()) {
    EXPECT_TRUE(std::all_of(out.begin(), out.end(), [](std::uint8_t b) { return b == 0; }))
        << "a failed open left plaintext bytes in the output";
    return std::nullopt;
  }
  EXPECT_EQ(*n, len);
  return out;
}

}  // namespace aeskit_test::aegis
