// docs/examples/nonce_sequence.cpp — docs/api-cpp.md, "Nonces without mistakes": a TLS 1.3 /
// QUIC style NonceSequence on both sides (the receiver refuses a replayed counter), a
// SealingKey that picks its own nonces and stops at its message limit, and random nonces only
// where the algorithm tolerates them. Built and run as a test (tests/doc_examples); exit
// status 0 when all holds.
#include <aeskit/nonce.hpp>

#include <array>
#include <cstdint>
#include <cstdio>
#include <vector>

using aeskit::Errc;

int main() {
  const std::array<std::uint8_t, 16> key_bytes{3};
  const std::array<std::uint8_t, 12> iv{0xa0, 0xb1, 0xc2};  // the static IV both sides derive
  auto key = aeskit::AeadKey::create(aeskit::aead::aes_128_gcm(), key_bytes);
  if (!key) return 1;

  // Sender: nonce(i) = iv XOR i, each handed out once.
  auto send = aeskit::NonceSequence::create(iv);
  auto recv = aeskit::NonceSequence::create(iv);
  if (!send || !recv) return 1;
  const std::array<std::uint8_t, 5> msg{'h', 'e', 'l', 'l', 'o'};
  std::array<std::uint8_t, 12> nonce, their_nonce;
  std::array<std::uint8_t, 5 + 16> record;
  std::array<std::uint8_t, 5> back;
  for (int i = 0; i < 3; ++i) {
    auto counter = send->next(nonce);  // 0, 1, 2
    if (!counter || !key->seal(nonce, {}, msg, record)) return 1;
    // Receiver: learns the counter from the record, refuses anything not above the last.
    if (!recv->accept(*counter, their_nonce) || their_nonce != nonce) return 1;
    if (!key->open(their_nonce, {}, record, back) || back != msg) return 1;
  }
  if (recv->accept(1, their_nonce).code() != Errc::nonce_reused) return 1;  // a replay

  // SealingKey: the key chooses the nonce (written to nonce_out) and counts messages.
  auto key2 = aeskit::AeadKey::create(aeskit::aead::aes_128_gcm(), key_bytes);
  if (!key2) return 1;
  auto sealing = aeskit::SealingKey::create(std::move(*key2), iv, /*max_messages=*/2);
  if (!sealing) return 1;
  for (int i = 0; i < 2; ++i)
    if (!sealing->seal({}, msg, record, nonce)) return 1;
  if (sealing->seal({}, msg, record, nonce).code() != Errc::usage_limit_reached) return 1;

  // Random nonces: fine for XAES-256-GCM (24 bytes) and AES-GCM-SIV, refused for AES-GCM.
  std::array<std::uint8_t, 24> random;
  if (!aeskit::random_nonce(aeskit::aead::xaes_256_gcm(), random)) return 1;
  if (aeskit::random_nonce(aeskit::aead::aes_128_gcm(), random).code() != Errc::random_nonce_unsafe)
    return 1;
  std::printf("nonce_sequence: ok (GCM limit per key: %llu messages)\n",
              static_cast<unsigned long long>(aeskit::message_limit(aeskit::aead::aes_128_gcm())));
  return 0;
}
