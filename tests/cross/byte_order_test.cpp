// tests/cross/byte_order_test.cpp — src/base/byte_order.hpp (every be/le 32/64-bit load and
// store the library uses) against byte-by-byte arithmetic, at every offset 0..15 of a buffer,
// on random values and the edge ones. Self-contained (no GoogleTest), so it runs natively
// (little-endian x86) and in the cross builds under qemu — including s390x, the big-endian
// target, where std::endian::native differs and the swaps are the other way round.
// Exits 1 on any failure.
#include <bit>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

#include "base/byte_order.hpp"
#include "cross_check.hpp"

namespace {

void expect(bool ok, const char* what, unsigned offset) {
  cross_check::expect(ok, std::string(what) + " at offset " + std::to_string(offset));
}

// The value of `n` bytes read most significant first (big-endian) or least first.
std::uint64_t model_be(const std::uint8_t* p, unsigned n) {
  std::uint64_t v = 0;
  for (unsigned i = 0; i < n; ++i) v = (v << 8) | p[i];
  return v;
}
std::uint64_t model_le(const std::uint8_t* p, unsigned n) {
  std::uint64_t v = 0;
  for (unsigned i = n; i-- > 0;) v = (v << 8) | p[i];
  return v;
}

std::uint64_t next(std::uint64_t& s) {  // splitmix64
  s += 0x9e3779b97f4a7c15u;
  std::uint64_t z = s;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return z ^ (z >> 31);
}

void check_value(std::uint64_t v, unsigned off) {
  using namespace aeskit::detail;
  alignas(16) std::uint8_t buf[32];
  const auto v32 = static_cast<std::uint32_t>(v);
  std::memset(buf, 0xee, sizeof buf);
  store_be32(buf + off, v32);
  expect(model_be(buf + off, 4) == v32, "store_be32", off);
  expect(load_be32(buf + off) == v32, "load_be32", off);
  expect(buf[off + 4] == 0xee && (off == 0 || buf[off - 1] == 0xee), "store_be32 bounds", off);
  store_le32(buf + off, v32);
  expect(model_le(buf + off, 4) == v32, "store_le32", off);
  expect(load_le32(buf + off) == v32, "load_le32", off);
  std::memset(buf, 0xee, sizeof buf);
  store_be64(buf + off, v);
  expect(model_be(buf + off, 8) == v, "store_be64", off);
  expect(load_be64(buf + off) == v, "load_be64", off);
  expect(buf[off + 8] == 0xee && (off == 0 || buf[off - 1] == 0xee), "store_be64 bounds", off);
  store_le64(buf + off, v);
  expect(model_le(buf + off, 8) == v, "store_le64", off);
  expect(load_le64(buf + off) == v, "load_le64", off);
}

}  // namespace

int main() {
  std::printf("native byte order: %s-endian\n",
              std::endian::native == std::endian::big ? "big" : "little");
  std::uint64_t seed = 0x6279746573u;
  const std::uint64_t edges[] = {0,
                                 1,
                                 0x80,
                                 0xff,
                                 0x0102030405060708u,
                                 0x8000000000000000u,
                                 0xffffffffffffffffu,
                                 0x00000000ffffffffu,
                                 0xffffffff00000000u};
  for (unsigned off = 0; off < 16; ++off) {
    for (std::uint64_t v : edges) check_value(v, off);
    for (int i = 0; i < 200; ++i) check_value(next(seed), off);
  }
  return cross_check::finish();
}
