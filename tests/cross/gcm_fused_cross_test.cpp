// tests/cross/gcm_fused_cross_test.cpp — every fused AES-GCM kernel of the build that this CPU
// can run (on ppc64le: power8+vpmsum, power9+vpmsum) against the unfused composition of the
// same pair (the AES backend's ctr32_be, then the GHASH backend's update), without GoogleTest:
//   kernel level: 0..3 groups of 8 blocks plus every tail (0..31 blocks, and 40, 64), a random
//     starting hash (which stands for any AD), in place and not, counters whose 32-bit word
//     wraps inside the call, AES-128/192/256;
//   AEAD level: AES-128/192/256-GCM keys on the kernel's AES backend (which then seal and open
//     through the fused kernel) against portable, every message length 0..1100 bytes (the
//     short-message path up to 496 bytes, the fused path above it: 31..68 blocks, each group
//     count with every byte tail), AD of 0, 1, 16 and 17 bytes, sealed and opened in place.
// AESKIT_CROSS_EXPECT_GCM_FUSED=n: at least n kernels must have been run.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "aeskit/aead.hpp"
#include "backend/gcm_fused_kernels.hpp"
#include "backend/select/catalog.hpp"
#include "backend/select/self_test.hpp"
#include "cpu/features.hpp"
#include "cross_check.hpp"

namespace {

namespace d = aeskit::detail;
using cross_check::expect;
using Bytes = std::vector<std::uint8_t>;

cross_check::Xorshift64Star g_rng{0x243F6A8885A308D3ull};

Bytes random_bytes(std::size_t n) {
  Bytes b(n);
  for (auto& c : b) c = g_rng.byte();
  return b;
}

// Unfused reference: seal hashes its output, open its input.
void reference(const d::GcmFusedKernels& k, bool seal, const d::RoundKeys& enc,
               const d::GhashKey& hkey, std::uint8_t counter[16], std::uint8_t hash[16],
               const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) {
  if (!seal) k.ghash->update(hkey, hash, in, blocks);
  k.aes->ctr32_be(enc, counter, in, out, blocks);
  if (seal) k.ghash->update(hkey, hash, out, blocks);
}

void kernel_level(const d::GcmFusedKernels& k) {
  const std::string name(k.name);
  for (std::size_t key_len : {16u, 24u, 32u}) {
    const Bytes key = random_bytes(key_len);
    d::RoundKeys enc;
    k.aes->expand_key(key.data(), key_len, enc);
    std::uint8_t h[16] = {};
    k.aes->encrypt_blocks(enc, h, h, 1);
    static d::GhashKey hkey;
    k.ghash->init(h, hkey);
    std::vector<std::size_t> counts;
    for (std::size_t n = 0; n < 32; ++n) counts.push_back(n);
    counts.push_back(40);
    counts.push_back(64);
    for (std::size_t blocks : counts) {
      for (int variant = 0; variant < 4; ++variant) {  // bit 0: in place; bit 1: counter wraps
        const bool in_place = variant & 1;
        for (bool seal : {true, false}) {
          const std::string what =
              name + ", AES-" + std::to_string(8 * key_len) + ", " + std::to_string(blocks) +
              " blocks" + (in_place ? ", in place" : "") + (variant & 2 ? ", counter wrap" : "") +
              (seal ? ", seal" : ", open");
          const Bytes data = random_bytes(16 * blocks);
          Bytes ctr0 = random_bytes(16), hash0 = random_bytes(16);
          if (variant & 2) {
            const std::uint32_t low = 0xFFFFFFFFu - static_cast<std::uint32_t>(blocks / 2);
            for (int i = 0; i < 4; ++i)
              ctr0[12 + i] = static_cast<std::uint8_t>(low >> (24 - 8 * i));
          }
          Bytes want_out(data.size()), want_ctr = ctr0, want_hash = hash0;
          reference(k, seal, enc, hkey, want_ctr.data(), want_hash.data(), data.data(),
                    want_out.data(), blocks);
          Bytes buf = data, got_out(data.size()), got_ctr = ctr0, got_hash = hash0;
          std::uint8_t* out = in_place ? buf.data() : got_out.data();
          const std::size_t done = (seal ? k.seal : k.open)(
              enc, hkey, got_ctr.data(), got_hash.data(), buf.data(), out, blocks);
          if (in_place) got_out = buf;
          expect(done == blocks, what + ": blocks processed");
          expect(got_out == want_out, what + ": output");
          expect(got_ctr == want_ctr, what + ": counter");
          expect(got_hash == want_hash, what + ": hash");
        }
      }
    }
  }
}

void aead_level(const d::GcmFusedKernels& k) {
  const std::string backend(k.aes->name);
  for (const aeskit::AeadAlgorithm* alg : aeskit::aead::algorithms()) {
    const std::string_view n = alg->name();
    if (n.find("-GCM") == std::string_view::npos || n.find("SIV") != std::string_view::npos ||
        n.find("XAES") != std::string_view::npos || n.find("DNDK") != std::string_view::npos)
      continue;
    const Bytes key_bytes = random_bytes(alg->key_length());
    auto key = aeskit::AeadKey::create(*alg, key_bytes, alg->default_tag_length(), backend);
    auto ref = aeskit::AeadKey::create(*alg, key_bytes, alg->default_tag_length(), "portable");
    expect(key.ok() && ref.ok(), std::string(n) + ": AeadKey::create");
    if (!key.ok() || !ref.ok()) continue;
    expect(
        key->kernel().find("fused " + std::string(k.name)) != std::string::npos,
        std::string(n) + " on " + backend + " runs " + std::string(k.name) + ": " + key->kernel());
    const Bytes nonce = random_bytes(12);
    for (std::size_t ad_len : {0u, 1u, 16u, 17u}) {
      const Bytes ad = random_bytes(ad_len);
      for (std::size_t len = 0; len <= 1100; ++len) {
        const std::string what = std::string(n) + " " + std::string(k.aes->name) + ", " +
                                 std::to_string(len) + " bytes, AD " + std::to_string(ad_len);
        const Bytes msg = random_bytes(len);
        const std::size_t tag = key->tag_length();
        Bytes want(len + tag), buf(len + tag);
        std::memcpy(buf.data(), msg.data(), len);
        auto m = ref->seal(nonce, ad, msg, want);
        auto s = key->seal(nonce, ad, std::span<const std::uint8_t>(buf.data(), len), buf);
        expect(m.ok() && s.ok() && buf == want, what + ": seal in place");
        auto o = key->open(nonce, ad, buf, std::span<std::uint8_t>(buf.data(), len));
        expect(o.ok() && *o == len && std::memcmp(buf.data(), msg.data(), len) == 0,
               what + ": open in place");
      }
    }
  }
}

}  // namespace

int main() {
  const aeskit::cpu::FeatureSet& f = aeskit::cpu::cpu_features();
  int run = 0;
  for (const d::GcmFusedKernels* k : d::kGcmFusedKernels) {
    if (!k->aes->supported(f) || !k->ghash->supported(f)) {
      std::printf("%s: not run (this CPU cannot run it)\n", std::string(k->name).c_str());
      continue;
    }
    expect(d::gcm_fused_self_test_allows(*k), std::string(k->name) + ": self-test passes");
    kernel_level(*k);
    aead_level(*k);
    std::printf("%s: checked\n", std::string(k->name).c_str());
    ++run;
  }
  if (const char* want = std::getenv("AESKIT_CROSS_EXPECT_GCM_FUSED"))
    expect(run >= std::atoi(want), "at least " + std::string(want) + " fused kernels ran");
  return cross_check::finish();
}
