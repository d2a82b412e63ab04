// tests/cross/aegis_cross_test.cpp — every AEGIS kernel table of the build (catalog.hpp's
// kAegisKernelList: on AArch64 armv8ce and vperm, on ppc64le power9, power8 and vperm, on x86
// the three widths and vperm) whose AES backend this CPU can use, against the portable kernels
// (backend/aegis_kernels.hpp), for AEGIS-128L/128X2/128X4 and AEGIS-256/256X2/256X4 with 16-
// and 32-byte tags: message lengths 0 .. 5 rate blocks + 17 (every length up to two rate
// blocks, then the rate multiples and their neighbours) and random lengths with random tails,
// AD lengths rotating over empty, partial and several rate blocks, out of place and in place,
// encryption and decryption (the expected tag). Then through the public API on each of those
// AES backends: the draft's test vectors (draft-irtf-cfrg-aegis-aead-17 A.2-A.7;
// tests/support/aegis_draft_vectors.hpp), its invalid ones and a flipped tag bit must be
// rejected, and kernel() must name the backend's own kernel. AESKIT_CROSS_EXPECT_AEGIS=NAME: the
// default AEGIS-128L key must run NAME's kernel. Internal contract (src/ headers); no gtest.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "aeskit/aead.hpp"
#include "backend/aegis_kernels.hpp"
#include "backend/backend.hpp"
#include "backend/select/catalog.hpp"
#include "backend/select/self_test.hpp"
#include "cpu/features.hpp"
#include "cross_check.hpp"
#include "support/aegis_draft_vectors.hpp"

namespace {

using aeskit::detail::AegisFamily;
using aeskit::detail::AegisKernel;
using aeskit::detail::AegisKernels;
using cross_check::expect;
using Bytes = std::vector<std::uint8_t>;

struct Rng : cross_check::Xorshift64Star {
  Rng() : Xorshift64Star{0x13198A2E03707344ull} {}
  Bytes bytes(std::size_t n) {
    Bytes b(n);
    for (auto& x : b) x = byte();
    return b;
  }
};

Bytes from_hex(std::string_view h) {
  Bytes b(h.size() / 2);
  for (std::size_t i = 0; i < b.size(); ++i)
    b[i] = static_cast<std::uint8_t>(std::stoul(std::string(h.substr(2 * i, 2)), nullptr, 16));
  return b;
}

// One family at one degree: 16 * D bytes per word, 2 (128 family) or 1 (256) words per rate.
// memcmp over n bytes that allows n == 0 with a null pointer (an empty Bytes has data() == nullptr,
// and memcmp's arguments must never be null, even for zero bytes: UBSan checks it).
bool same(const std::uint8_t* a, const std::uint8_t* b, std::size_t n) {
  return n == 0 || std::memcmp(a, b, n) == 0;
}

std::size_t rate_of(AegisFamily f, unsigned degree) {
  return 16 * degree * (f == AegisFamily::aegis128l ? 2 : 1);
}

void check_one(const std::string& what, const AegisKernel& k, const AegisKernel& ref, AegisFamily f,
               std::size_t len, std::size_t ad_len, std::size_t tag_len, Rng& rng) {
  const std::size_t key_len = f == AegisFamily::aegis128l ? 16 : 32;
  const Bytes key = rng.bytes(key_len), nonce = rng.bytes(key_len), ad = rng.bytes(ad_len);
  const Bytes pt = rng.bytes(len);
  Bytes ct_ref(len + 1), tag_ref(32), ct(len + 1), tag(32, 0xEE);
  ref.encrypt(key.data(), nonce.data(), ad.data(), ad_len, pt.data(), ct_ref.data(), len,
              tag_ref.data(), tag_len);
  k.encrypt(key.data(), nonce.data(), ad.data(), ad_len, pt.data(), ct.data(), len, tag.data(),
            tag_len);
  const std::string at = what + " len " + std::to_string(len) + " ad " + std::to_string(ad_len) +
                         " tag " + std::to_string(tag_len);
  expect(same(ct.data(), ct_ref.data(), len), at + ": ciphertext");
  expect(same(tag.data(), tag_ref.data(), tag_len), at + ": tag");
  // Decrypt out of place: the plaintext and the expected tag.
  Bytes back(len + 1), dtag(32, 0xDD);
  k.decrypt(key.data(), nonce.data(), ad.data(), ad_len, ct_ref.data(), back.data(), len,
            dtag.data(), tag_len);
  expect(same(back.data(), pt.data(), len), at + ": decrypt");
  expect(same(dtag.data(), tag_ref.data(), tag_len), at + ": decrypt tag");
  // In place, both ways.
  Bytes buf = pt;
  buf.push_back(0);
  k.encrypt(key.data(), nonce.data(), ad.data(), ad_len, buf.data(), buf.data(), len, tag.data(),
            tag_len);
  expect(same(buf.data(), ct_ref.data(), len), at + ": in-place encrypt");
  k.decrypt(key.data(), nonce.data(), ad.data(), ad_len, buf.data(), buf.data(), len, dtag.data(),
            tag_len);
  expect(same(buf.data(), pt.data(), len), at + ": in-place decrypt");
  expect(same(dtag.data(), tag_ref.data(), tag_len), at + ": in-place decrypt tag");
}

void check_table(const AegisKernels& t, Rng& rng, int& kernels) {
  const AegisKernels& portable = aeskit::detail::kAegisPortable;
  const unsigned degrees[3] = {1, 2, 4};
  for (AegisFamily f : {AegisFamily::aegis128l, AegisFamily::aegis256}) {
    for (std::size_t di = 0; di < 3; ++di) {
      const AegisKernel& k = t.at(f, di);
      if (k.encrypt == nullptr) continue;  // the portable kernel stands in: nothing to compare
      ++kernels;
      const std::string what = std::string(t.aes_backend) + " [" + std::string(k.name) + "] " +
                               (f == AegisFamily::aegis128l ? "128" : "256") +
                               " D=" + std::to_string(degrees[di]);
      const std::size_t rate = rate_of(f, degrees[di]);
      std::vector<std::size_t> lens;
      for (std::size_t n = 0; n <= 2 * rate + 1; ++n) lens.push_back(n);
      for (std::size_t m = 3; m <= 5; ++m)
        for (std::size_t d : {rate - 1, rate, rate + 1, rate + 17})
          lens.push_back((m - 1) * rate + d);
      for (int i = 0; i < 8; ++i)
        lens.push_back(static_cast<std::size_t>(rng.next() % (9 * rate)) + 1);  // random tails
      // Longer than B rate blocks: the rotated-register loop (aegis_lanes.hpp) and its tails.
      lens.push_back(8 * rate);
      lens.push_back(9 * rate + 5);
      const std::size_t ads[] = {0, 1, 13, rate - 1, rate, rate + 3, 3 * rate + 7};
      std::size_t i = 0;
      for (std::size_t len : lens) {
        for (std::size_t tag_len : {16u, 32u}) {
          check_one(what, k, portable.at(f, di), f, len, ads[i % 7], tag_len, rng);
          ++i;
        }
      }
    }
  }
}

using aeskit_test::aegis_draft::Kat;

const aeskit::AeadAlgorithm& algorithm(std::string_view name) {
  namespace a = aeskit::aead;
  if (name == "AEGIS-128X2") return a::aegis_128x2();
  if (name == "AEGIS-128X4") return a::aegis_128x4();
  if (name == "AEGIS-256") return a::aegis_256();
  if (name == "AEGIS-256X2") return a::aegis_256x2();
  if (name == "AEGIS-256X4") return a::aegis_256x4();
  return a::aegis_128l();
}

// check_api: the draft's vectors through AeadKey on `backend`; its kernel() must name `table`'s
// entry.
void check_api(std::string_view backend, const AegisKernels& table) {
  for (const Kat& v : aeskit_test::aegis_draft::kValid) {
    const aeskit::AeadAlgorithm& alg = algorithm(v.variant);
    for (std::size_t tag_len : {16u, 32u}) {
      const std::string at =
          std::string(backend) + " " + std::string(alg.name()) + " tag " + std::to_string(tag_len);
      const Bytes key = from_hex(v.key), nonce = from_hex(v.nonce), ad = from_hex(v.ad);
      const Bytes msg = from_hex(v.msg);
      Bytes expected = from_hex(v.ct);
      const Bytes tag = from_hex(tag_len == 16 ? v.tag128 : v.tag256);
      expected.insert(expected.end(), tag.begin(), tag.end());
      auto k = aeskit::AeadKey::create(alg, key, tag_len, backend);
      expect(k.ok(), at + ": create");
      if (!k.ok()) continue;
      const std::size_t di = alg.name().find("X4") != std::string_view::npos   ? 2
                             : alg.name().find("X2") != std::string_view::npos ? 1
                                                                               : 0;
      const AegisFamily fam =
          alg.key_length() == 16 ? AegisFamily::aegis128l : AegisFamily::aegis256;
      // A null entry is served by a narrower table (select_aegis_kernel), and an entry by a
      // table before this one on the backend (aesni-avx512vl before aesni): no name to expect.
      const aeskit::detail::AegisChoice chosen =
          aeskit::detail::select_aegis_kernel(backend, fam, di, aeskit::cpu::cpu_features());
      if (table.at(fam, di).encrypt != nullptr && chosen.kernel == &table.at(fam, di)) {
        const std::string want = "on the " + std::string(table.label()) + " kernel [" +
                                 std::string(table.at(fam, di).name) + "]";
        expect(k->kernel().find(want) != std::string::npos,
               at + ": kernel() = " + k->kernel() + ", wanted ..." + want);
      }
      Bytes out(msg.size() + tag_len);
      auto n = k->seal(nonce, ad, msg, out);
      expect(n.ok() && out == expected, at + ": seal");
      Bytes back(msg.size());
      auto m = k->open(nonce, ad, expected, back);
      expect(m.ok() && back == msg, at + ": open");
      Bytes bad = expected;
      bad[msg.size() + (tag_len - 1) / 2] ^= 0x10;  // one bit in the middle of the tag
      auto r = k->open(nonce, ad, bad, back);
      expect(!r.ok(), at + ": flipped tag bit accepted");
    }
  }
  // The draft's vectors that must fail verification.
  for (const Kat& v : aeskit_test::aegis_draft::kInvalid) {
    for (std::size_t tag_len : {16u, 32u}) {
      auto k = aeskit::AeadKey::create(algorithm(v.variant), from_hex(v.key), tag_len, backend);
      Bytes sealed = from_hex(v.ct);
      const Bytes tag = from_hex(tag_len == 16 ? v.tag128 : v.tag256);
      sealed.insert(sealed.end(), tag.begin(), tag.end());
      Bytes back(sealed.size() - tag_len);
      const std::string at = std::string(backend) + " " + v.variant + " invalid ct " + v.ct;
      expect(k.ok() && !k->open(from_hex(v.nonce), from_hex(v.ad), sealed, back).ok(),
             at + ": accepted");
    }
  }
}

}  // namespace

int main() {
  const auto& features = aeskit::cpu::cpu_features();
  Rng rng;
  int kernels = 0;
  for (const AegisKernels* t : aeskit::detail::kAegisKernelTables) {
    const aeskit::detail::AesBackend* b = aeskit::detail::find_backend(t->aes_backend);
    const std::string_view label = t->label();
    if (b == nullptr || !aeskit::detail::backend_usable(*b, features) || !t->runs_on(features)) {
      std::printf("skipped %.*s (not usable on this CPU)\n", static_cast<int>(label.size()),
                  label.data());
      continue;
    }
    const int before = kernels;
    check_table(*t, rng, kernels);
    check_api(t->aes_backend, *t);
    std::printf("ran %.*s: %d kernels against portable, draft vectors through AeadKey\n",
                static_cast<int>(label.size()), label.data(), kernels - before);
  }
  if (const char* want = std::getenv("AESKIT_CROSS_EXPECT_AEGIS")) {
    const Bytes key(16, 0x42);
    auto k = aeskit::AeadKey::create(aeskit::aead::aegis_128l(), key, 16);
    const std::string needle = "on the " + std::string(want) + " kernel";
    expect(k.ok() && k->kernel().find(needle) != std::string::npos,
           "default AEGIS-128L kernel: " + (k.ok() ? k->kernel() : std::string("(none)")) +
               ", expected the " + want + " kernel");
    if (k.ok()) std::printf("default AEGIS-128L: %s\n", k->kernel().c_str());
  }
  return cross_check::finish();
}
