// tests/cross/simd_contract_test.cpp — simd::V128 (src/simd/v128.hpp) against a scalar model
// of its contract, operation by operation, on random inputs, without GoogleTest: on x86
// (SSSE3), AArch64 and ARMv7 (NEON) and ppc64le (AltiVec/VSX) alike. The AES and GHASH tests
// only reach the operations their code uses; this one covers every operation and every shift
// count, so a new ISA file is checked before anything is built on it.
// The model: byte b of a vector is byte b of memory; a w-byte lane i is bytes [w i, w i + w)
// read little-endian; shuffle gives table[idx] for idx < 16 and 0 for idx >= 0x80 (the only
// index values the contract allows). Fails (exit 1) if the CPU lacks the vector unit, since
// every target this is built for must run the SIMD code (unless
// AESKIT_CROSS_EXPECT_NO_VECTOR_UNIT=1 says the CPU has none: then it checks the probe agrees).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>

#include "cpu/features.hpp"
#include "cross_check.hpp"
#include "simd/v128.hpp"

namespace {

using cross_check::expect;

using aeskit::simd::V128;

struct Vec {
  std::uint8_t b[16];
  friend bool operator==(const Vec& x, const Vec& y) { return std::memcmp(x.b, y.b, 16) == 0; }
};

struct Rng : cross_check::Xorshift64Star {
  Rng() : Xorshift64Star{0xD1B54A32D192ED03ull} {}
  Vec vec() {
    Vec v;
    for (auto& c : v.b) c = byte();
    return v;
  }
};

// Lane access in the model (little-endian lanes in memory order).
std::uint64_t lane(const Vec& v, unsigned width, unsigned i) {
  std::uint64_t x = 0;
  for (unsigned k = width; k-- > 0;) x = x << 8 | v.b[width * i + k];
  return x;
}
void set_lane(Vec& v, unsigned width, unsigned i, std::uint64_t x) {
  for (unsigned k = 0; k < width; ++k) v.b[width * i + k] = static_cast<std::uint8_t>(x >> 8 * k);
}

AESKIT_SIMD_TARGET Vec out(V128 x) {
  Vec v;
  x.store(v.b);
  return v;
}
AESKIT_SIMD_TARGET V128 in(const Vec& v) {
  return V128::load(v.b);
}

enum class Shift { shr, shl };

// model_shift: each `width`-byte lane shifted by n.
Vec model_shift(const Vec& a, unsigned width, Shift dir, unsigned n) {
  Vec r;
  const std::uint64_t mask = width == 8 ? ~0ull : (1ull << 8 * width) - 1;
  for (unsigned i = 0; i < 16 / width; ++i) {
    const std::uint64_t x = lane(a, width, i);
    set_lane(r, width, i, (dir == Shift::shr ? x >> n : x << n) & mask);
  }
  return r;
}

template <int n>
AESKIT_SIMD_TARGET void check_shifts(const Vec& a) {
  const std::string k = " by " + std::to_string(n);
  if constexpr (n < 16) {
    expect(out(V128::shr16<n>(in(a))) == model_shift(a, 2, Shift::shr, n), "shr16" + k);
    expect(out(V128::shl16<n>(in(a))) == model_shift(a, 2, Shift::shl, n), "shl16" + k);
  }
  if constexpr (n < 32) {
    expect(out(V128::shr32<n>(in(a))) == model_shift(a, 4, Shift::shr, n), "shr32" + k);
    expect(out(V128::shl32<n>(in(a))) == model_shift(a, 4, Shift::shl, n), "shl32" + k);
  }
  expect(out(V128::shr64<n>(in(a))) == model_shift(a, 8, Shift::shr, n), "shr64" + k);
  expect(out(V128::shl64<n>(in(a))) == model_shift(a, 8, Shift::shl, n), "shl64" + k);
}

template <int... n>
void check_all_shifts(const Vec& a, std::integer_sequence<int, n...>) {
  (check_shifts<n + 1>(a), ...);  // 1 .. 63
}

AESKIT_SIMD_TARGET void check_one(Rng& rng) {
  const Vec a = rng.vec(), b = rng.vec();
  Vec want;

  // load / store at odd addresses (any alignment).
  std::uint8_t buf[40] = {};
  std::memcpy(buf + 3, a.b, 16);
  V128::load(buf + 3).store(buf + 21);
  expect(std::memcmp(buf + 21, a.b, 16) == 0, "unaligned load/store");

  expect(out(V128::zero()) == Vec{}, "zero");
  const std::uint8_t s = a.b[0];
  for (auto& c : want.b) c = s;
  expect(out(V128::splat8(s)) == want, "splat8");
  const auto w = [&](unsigned i) { return static_cast<std::uint32_t>(lane(a, 4, i)); };
  expect(out(V128::from_u32(w(0), w(1), w(2), w(3))) == a, "from_u32");

  for (unsigned i = 0; i < 16; ++i) want.b[i] = a.b[i] ^ b.b[i];
  expect(out(in(a) ^ in(b)) == want, "xor");
  for (unsigned i = 0; i < 16; ++i) want.b[i] = a.b[i] & b.b[i];
  expect(out(V128::load(a.b) & in(b)) == want, "and");
  for (unsigned i = 0; i < 16; ++i) want.b[i] = a.b[i] | b.b[i];
  expect(out(in(a) | in(b)) == want, "or");
  for (unsigned i = 0; i < 16; ++i) want.b[i] = a.b[i] & static_cast<std::uint8_t>(~b.b[i]);
  expect(out(V128::and_not(in(a), in(b))) == want, "and_not");

  // shuffle: indices 0..15 and 0x80..0xFF only (the contract's domain).
  Vec idx = rng.vec();
  for (auto& c : idx.b) c = (c & 0x80) ? c : static_cast<std::uint8_t>(c & 0x0F);
  for (unsigned i = 0; i < 16; ++i) want.b[i] = idx.b[i] < 16 ? a.b[idx.b[i]] : 0;
  expect(out(V128::shuffle(in(a), in(idx))) == want, "shuffle");

  for (unsigned i = 0; i < 4; ++i)
    set_lane(want, 4, i, (lane(a, 4, i) + lane(b, 4, i)) & 0xFFFFFFFFu);
  expect(out(V128::add32(in(a), in(b))) == want, "add32");
  for (unsigned i = 0; i < 16; ++i) want.b[i] = a.b[15 - i];
  expect(out(V128::reverse_bytes(in(a))) == want, "reverse_bytes");
  for (unsigned i = 0; i < 2; ++i)
    set_lane(want, 8, i, (lane(a, 8, i) & 0xFFFFFFFFu) * (lane(b, 8, i) & 0xFFFFFFFFu));
  expect(out(V128::mul32x2(in(a), in(b))) == want, "mul32x2");
  set_lane(want, 8, 0, lane(a, 8, 0));
  set_lane(want, 8, 1, lane(b, 8, 0));
  expect(out(V128::unpack_lo64(in(a), in(b))) == want, "unpack_lo64");

  check_all_shifts(a, std::make_integer_sequence<int, 63>{});
}

bool vector_unit_usable(const aeskit::cpu::FeatureSet& f) {
#if defined(__x86_64__) || defined(__i386__)
  return f.has(aeskit::cpu::Feature::ssse3);
#elif defined(__arm__) && !defined(__aarch64__)
  return f.has(aeskit::cpu::Feature::neon);
#elif defined(__powerpc64__)
  return f.has(aeskit::cpu::Feature::vsx);
#else
  (void)f;
  return true;  // AArch64: NEON is baseline
#endif
}

}  // namespace

int main() {
  const bool expect_none = cross_check::expect_no_vector_unit();
  if (!vector_unit_usable(aeskit::cpu::cpu_features())) {
    // scripts/cpu-models.sh's SSE2-only model: the probe must say so (and nothing runs).
    std::printf(expect_none ? "ok: no vector unit, as expected\n"
                            : "FAIL: this CPU lacks the vector unit simd::V128 needs\n");
    return expect_none ? 0 : 1;
  }
  if (expect_none) {
    std::printf("FAIL: a vector unit was reported where none was expected\n");
    return 1;
  }
  Rng rng;
  for (int t = 0; t < 200; ++t) check_one(rng);
  return cross_check::finish();
}
