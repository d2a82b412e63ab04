// tests/support/run_modes.cpp — one-shot and incremental drivers with guard checks.
// No vectors here.
#include "support/run_modes.hpp"

#include <algorithm>
#include <cstring>

#include "support/backends.hpp"

namespace aeskit_test {

using aeskit::Direction;
using aeskit::Errc;
using aeskit::Mode;
using aeskit::Padding;

std::string mode_label(Mode m) {
  switch (m) {
    case Mode::ecb:
      return "ECB";
    case Mode::cbc:
      return "CBC";
    case Mode::ctr32:
      return "CTR32";
    case Mode::ctr128:
      return "CTR128";
    case Mode::cfb128:
      return "CFB128";
    case Mode::cfb8:
      return "CFB8";
    case Mode::ofb:
      return "OFB";
  }
  return "unknown";
}

std::string direction_label(Direction d) {
  return d == Direction::encrypt ? "encrypt" : "decrypt";
}

std::size_t needed_output(Direction d, Padding p, std::size_t in_len) {
  if (d == Direction::encrypt && p == Padding::pkcs7) return (in_len / 16 + 1) * 16;
  return in_len;
}

namespace {

constexpr std::size_t kGuard = 32;

bool all_canary(const std::uint8_t* p, std::size_t n) {
  return std::all_of(p, p + n, [](std::uint8_t b) { return b == kCanary; });
}

}  // namespace

Outcome one_shot(const aeskit::AesKey& key, Mode mode, Direction dir,
                 std::span<const std::uint8_t> iv, std::span<const std::uint8_t> in,
                 Padding padding, Placement where) {
  Outcome r;
  const std::size_t cap = needed_output(dir, padding, in.size());
  if (where.in_place) {
    // One buffer: guard | data (cap bytes, input at its start) | guard.
    Bytes buf(kGuard + where.in_offset + cap + kGuard, kCanary);
    std::uint8_t* base = buf.data() + kGuard + where.in_offset;
    std::copy(in.begin(), in.end(), base);
    const Bytes before = buf;
    auto res = dir == Direction::encrypt
                   ? aeskit::encrypt(key, mode, iv, {base, in.size()}, {base, cap}, padding)
                   : aeskit::decrypt(key, mode, iv, {base, in.size()}, {base, cap}, padding);
    const bool outside_ok =
        all_canary(buf.data(), kGuard + where.in_offset) && all_canary(base + cap, kGuard);
    if (!res.ok()) {
      r.code = res.code();
      r.guard_ok = buf == before;
      if (!r.guard_ok) r.detail = "in-place call failed but changed the buffer";
      return r;
    }
    r.guard_ok = outside_ok && res.value() <= cap;
    if (!r.guard_ok) r.detail = "wrote outside the output span";
    r.out.assign(base, base + std::min(res.value(), cap));
    return r;
  }
  Bytes in_buf(where.in_offset + in.size() + 1);
  std::copy(in.begin(), in.end(), in_buf.begin() + static_cast<std::ptrdiff_t>(where.in_offset));
  Bytes out_buf(kGuard + where.out_offset + cap + kGuard, kCanary);
  std::uint8_t* out = out_buf.data() + kGuard + where.out_offset;
  const std::span<const std::uint8_t> in_span(in_buf.data() + where.in_offset, in.size());
  auto res = dir == Direction::encrypt
                 ? aeskit::encrypt(key, mode, iv, in_span, {out, cap}, padding)
                 : aeskit::decrypt(key, mode, iv, in_span, {out, cap}, padding);
  if (!res.ok()) {
    r.code = res.code();
    r.guard_ok = all_canary(out_buf.data(), out_buf.size());
    if (!r.guard_ok) r.detail = "failed call wrote to the output buffer";
    return r;
  }
  r.guard_ok = all_canary(out_buf.data(), kGuard + where.out_offset) &&
               all_canary(out + cap, kGuard) && res.value() <= cap;
  if (!r.guard_ok) r.detail = "wrote outside the output span";
  r.out.assign(out, out + std::min(res.value(), cap));
  if (!std::equal(in.begin(), in.end(), in_span.begin())) {
    r.guard_ok = false;
    r.detail = "modified its input";
  }
  return r;
}

Outcome incremental(const aeskit::AesKey& key, Mode mode, Direction dir,
                    std::span<const std::uint8_t> iv, std::span<const std::uint8_t> in,
                    Padding padding, TestRng* rng) {
  Outcome r;
  auto created = aeskit::Cipher::create(key, mode, dir, iv, padding);
  if (!created.ok()) {
    r.code = created.code();
    return r;
  }
  aeskit::Cipher cipher = std::move(created).value();
  std::size_t pos = 0;
  bool first = true;
  while (pos < in.size() || first) {
    first = false;
    // Mix empty, sub-block, block-sized and multi-batch pieces, or the rest.
    const std::size_t n = random_piece(rng, in.size() - pos, {{17, 64}, {65, 400}});
    const std::size_t bound = cipher.update_output_bound(n);
    Bytes out_buf(bound + kGuard, kCanary);
    auto res = cipher.update(in.subspan(pos, n), {out_buf.data(), bound});
    if (!res.ok()) {
      r.code = res.code();
      r.detail = "update(" + std::to_string(n) + ") at offset " + std::to_string(pos) + " failed";
      return r;
    }
    const std::size_t w = res.value();
    if (w > bound || !all_canary(out_buf.data() + bound, kGuard) ||
        (is_stream_mode(mode) && w != n)) {
      r.guard_ok = false;
      r.detail = "update(" + std::to_string(n) + ") wrote " + std::to_string(w) + " bytes (bound " +
                 std::to_string(bound) + ")";
    }
    r.out.insert(r.out.end(), out_buf.begin(),
                 out_buf.begin() + static_cast<std::ptrdiff_t>(std::min(w, bound)));
    pos += n;
  }
  Bytes fin(16 + kGuard, kCanary);
  auto res = cipher.finish({fin.data(), 16});
  if (!res.ok()) {
    r.code = res.code();
    r.detail = "finish failed";
    return r;
  }
  if (res.value() > 16 || !all_canary(fin.data() + 16, kGuard) ||
      (is_stream_mode(mode) && res.value() != 0)) {
    r.guard_ok = false;
    r.detail = "finish wrote " + std::to_string(res.value()) + " bytes";
  }
  r.out.insert(r.out.end(), fin.begin(),
               fin.begin() + static_cast<std::ptrdiff_t>(std::min<std::size_t>(res.value(), 16)));
  return r;
}

std::vector<BackendMode> backend_modes(std::span<const aeskit::Mode> modes,
                                       std::string_view except) {
  std::vector<BackendMode> params;
  for (const std::string& b : backend_names())
    if (b != except)
      for (aeskit::Mode m : modes) params.push_back({b, m});
  return params;
}

}  // namespace aeskit_test
