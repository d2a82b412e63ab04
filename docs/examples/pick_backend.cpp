// docs/examples/pick_backend.cpp — docs/api-cpp.md, "Pick or force a backend": list the AES
// backends this build has and which run here, see the default and the kernel a mode takes,
// force "portable" for one key (same bytes as the default), and the errors for a backend that
// does not exist. Built and run as a test (tests/doc_examples); exit status 0 when all holds.
#include <aeskit/aead.hpp>
#include <aeskit/backends.hpp>

#include <array>
#include <cstdint>
#include <cstdio>
#include <string>

int main() {
  for (const aeskit::BackendInfo& b : aeskit::backends())
    std::printf("%-10s %s  %s\n", std::string(b.name).c_str(),
                b.available ? "runs here " : "not here  ", b.self_test.c_str());
  const std::string best(aeskit::default_backend());  // what create() picks, e.g. "vaes512"
  std::printf("default: %s; CTR takes %s\n", best.c_str(),
              aeskit::kernel_for(aeskit::Mode::ctr32, aeskit::Direction::encrypt, 128).c_str());

  const std::array<std::uint8_t, 16> key_bytes{7};
  const std::array<std::uint8_t, 12> nonce{};
  const std::array<std::uint8_t, 100> msg{};
  const auto& gcm = aeskit::aead::aes_128_gcm();
  auto fast = aeskit::AeadKey::create(gcm, key_bytes);
  auto slow = aeskit::AeadKey::create(gcm, key_bytes, gcm.default_tag_length(), "portable");
  if (!fast || !slow) return 1;
  if (fast->backend_name() != best || slow->backend_name() != "portable") return 1;

  std::array<std::uint8_t, 116> a, b;  // every backend computes the same bytes
  if (!fast->seal(nonce, {}, msg, a) || !slow->seal(nonce, {}, msg, b) || a != b) return 1;

  // A name no backend has is refused, never silently replaced by another backend.
  auto none = aeskit::AesKey::create(key_bytes, "no-such-backend");
  if (none.code() != aeskit::Errc::unknown_backend) return 1;
  std::printf("pick_backend: ok (%s: %s)\n", std::string(fast->backend_name()).c_str(),
              fast->kernel().c_str());
  return 0;
}
