// docs/examples/seal_open.cpp — docs/api-cpp.md, "Seal and open a message": AES-256-GCM with
// associated data; a flipped ciphertext bit is refused (authentication_failed) and the output
// span is zeroed. Built and run as a test (tests/doc_examples); exit status 0 when all holds.
#include <aeskit/aead.hpp>

#include <array>
#include <cstdint>
#include <cstdio>
#include <string_view>
#include <vector>

int main() {
  using aeskit::AeadKey;
  const std::array<std::uint8_t, 32> key_bytes{1, 2, 3};  // use a random key in real code
  auto key = AeadKey::create(aeskit::aead::aes_256_gcm(), key_bytes);
  if (!key) return std::printf("create: %s\n", key.message()), 1;

  const std::array<std::uint8_t, 12> nonce{9};  // never reuse a (key, nonce) pair
  const std::string_view text = "attack at dawn", header = "to: hq";
  const std::vector<std::uint8_t> msg(text.begin(), text.end()), ad(header.begin(), header.end());

  std::vector<std::uint8_t> sealed(msg.size() + key->tag_length());
  auto n = key->seal(nonce, ad, msg, sealed);  // ciphertext || 16-byte tag
  if (!n || *n != sealed.size()) return std::printf("seal: %s\n", n.message()), 1;

  std::vector<std::uint8_t> back(sealed.size() - key->tag_length());
  auto m = key->open(nonce, ad, sealed, back);
  if (!m || back != msg) return std::printf("open: %s\n", m.message()), 1;

  sealed[0] ^= 1;  // a forgery: refused, and nothing of it is released
  auto bad = key->open(nonce, ad, sealed, back);
  if (bad.code() != aeskit::Errc::authentication_failed) return 1;
  for (std::uint8_t b : back)
    if (b != 0) return 1;
  std::printf("seal_open: ok (%s)\n", key->kernel().c_str());
  return 0;
}
