// tests/support/aead_cases.cpp — see aead_cases.hpp.
#include "support/aead_cases.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "backend/ghash_backend.hpp"
#include "cpu/features.hpp"
#include "support/backends.hpp"

namespace aeskit_test::aead {

using aeskit::Errc;

const aeskit::AeadAlgorithm& aes_algorithm(std::string_view mode, std::size_t key_len) {
  const std::string name = "AES-" + std::to_string(key_len * 8) + "-" + std::string(mode);
  const aeskit::AeadAlgorithm* a = aeskit::aead::find(name);
  if (a == nullptr) {
    std::fprintf(stderr, "test bug: no AEAD named %s\n", name.c_str());
    std::abort();
  }
  return *a;
}

Layout layout_of(const aeskit::AeadAlgorithm& algorithm) {
  const std::string_view name = algorithm.name();
  Layout l;
  if (name.find("-CBC-SHA") != std::string_view::npos) {
    l.record = true;
    l.fixed_ad = 11;
  }
  l.tag_first = name.ends_with("-SIV") && name.find("GCM") == std::string_view::npos;
  return l;
}

std::size_t sealed_length(const aeskit::AeadKey& key, std::size_t len) {
  if (layout_of(*key.algorithm()).record) return (len + key.tag_length()) / 16 * 16 + 16;
  return len + key.tag_length();
}

std::size_t opened_span(const aeskit::AeadKey& key, std::size_t sealed_len) {
  const std::size_t tag = key.tag_length();
  if (layout_of(*key.algorithm()).record)  // shorter than the smallest record: refused unread
    return sealed_len >= (tag + 1 + 15) / 16 * 16 ? sealed_len : 0;
  return sealed_len >= tag ? sealed_len - tag : 0;
}

Bytes seal(const aeskit::AeadKey& key, std::span<const std::uint8_t> nonce,
           std::span<const std::uint8_t> ad, std::span<const std::uint8_t> pt) {
  Bytes out(sealed_length(key, pt.size()));
  const auto n = key.seal(nonce, ad, pt, out);
  EXPECT_TRUE(n.ok()) << "seal failed: " << n.message();
  if (n.ok()) {
    EXPECT_EQ(n.value(), out.size());
  }
  return out;
}

bool all_zero(std::span<const std::uint8_t> b) {
  return std::all_of(b.begin(), b.end(), [](std::uint8_t x) { return x == 0; });
}

std::optional<Bytes> open(const aeskit::AeadKey& key, std::span<const std::uint8_t> nonce,
                          std::span<const std::uint8_t> ad, std::span<const std::uint8_t> sealed) {
  const std::size_t span = opened_span(key, sealed.size());
  Bytes out(span + 16, 0xa5);
  const auto n = key.open(nonce, ad, sealed, out);
  if (n.ok()) {
    out.resize(n.value());
    return out;
  }
  EXPECT_EQ(n.code(), Errc::authentication_failed);
  EXPECT_TRUE(all_zero(std::span(out).first(span))) << "plaintext span not zeroed";
  EXPECT_EQ(Bytes(out.begin() + static_cast<std::ptrdiff_t>(span), out.end()), Bytes(16, 0xa5))
      << "written past the plaintext span";
  return std::nullopt;
}

std::vector<std::string> ghash_backend_names() {
  std::vector<std::string> names;
  for (std::size_t i = 0; i < aeskit::detail::ghash_backend_count(); ++i)
    names.emplace_back(aeskit::detail::ghash_backend_at(i).name);
  return names;
}

bool ghash_available(std::string_view name) {
  const aeskit::detail::GhashBackend* b = aeskit::detail::find_ghash_backend(name);
  return b != nullptr && b->supported(aeskit::cpu::cpu_features());
}

namespace {

void flip_bits(Bytes& b, Message& m, const MutationFn& fn, const char* part, std::size_t step,
               std::size_t first) {
  for (std::size_t bit = first; bit < 8 * b.size(); bit += step) {
    const auto mask = static_cast<std::uint8_t>(1u << (bit % 8));
    b[bit / 8] ^= mask;
    fn(m, std::string(part) + " bit " + std::to_string(bit));
    b[bit / 8] ^= mask;
  }
}

// checked: the outcome of one failed open into `out` (`span` plaintext bytes, then guard
// bytes still `fill`).
testing::AssertionResult checked(aeskit::Status status, const Bytes& out, std::size_t span,
                                 std::uint8_t fill, bool same_lengths, const char* call) {
  const Errc code = status.code();
  const auto tail = std::span(out).subspan(span);
  const bool tail_ok = std::all_of(tail.begin(), tail.end(), [&](auto x) { return x == fill; });
  if (code == Errc::ok) return testing::AssertionFailure() << call << " accepted it";
  if (code == Errc::authentication_failed) {
    if (!all_zero(std::span(out).first(span)))
      return testing::AssertionFailure() << call << ": plaintext span not zeroed";
    if (!tail_ok) return testing::AssertionFailure() << call << ": written past the span";
    return testing::AssertionSuccess();
  }
  if (!same_lengths && (code == Errc::bad_nonce_length || code == Errc::bad_ad_length)) {
    if (!tail_ok || !std::all_of(out.begin(), out.end(), [&](auto x) { return x == fill; }))
      return testing::AssertionFailure() << call << ": written on an argument error";
    return testing::AssertionSuccess();
  }
  return testing::AssertionFailure() << call << " returned " << aeskit::errc_message(code);
}

}  // namespace

void for_each_bit_flip(const Message& m, const MutationFn& fn, std::size_t sealed_step,
                       std::size_t first_bit) {
  Message c = m;
  flip_bits(c.sealed, c, fn, "sealed", sealed_step, first_bit);
  flip_bits(c.ad, c, fn, "AD", 1, 0);
  flip_bits(c.nonce, c, fn, "nonce", 1, 0);
}

void for_each_length_change(const Message& m, const MutationFn& fn) {
  auto with = [&](auto change, const char* what) {
    Message c = m;
    change(c);
    fn(c, what);
  };
  if (!m.sealed.empty()) {
    with([](Message& c) { c.sealed.pop_back(); }, "sealed one byte shorter (end)");
    with([](Message& c) { c.sealed.erase(c.sealed.begin()); }, "sealed one byte shorter (start)");
  }
  with([](Message& c) { c.sealed.push_back(0); }, "sealed one byte longer");
  if (!m.ad.empty()) {
    with([](Message& c) { c.ad.clear(); }, "AD dropped");
    with([](Message& c) { c.ad.pop_back(); }, "AD one byte shorter");
  }
  with([](Message& c) { c.ad.push_back(0); }, "AD one byte longer");
  if (!m.nonce.empty()) with([](Message& c) { c.nonce.pop_back(); }, "nonce one byte shorter");
  with([](Message& c) { c.nonce.push_back(0); }, "nonce one byte longer");
}

testing::AssertionResult open_rejected(const aeskit::AeadKey& key, const Message& m,
                                       bool same_lengths) {
  const std::size_t span = opened_span(key, m.sealed.size());
  Bytes out(span + 16, 0xa5);
  const auto r = key.open(m.nonce, m.ad, m.sealed, out);
  if (auto c = checked(r.status(), out, span, 0xa5, same_lengths, "open"); !c) return c;
  const Layout layout = layout_of(*key.algorithm());
  const std::size_t tag = key.tag_length();
  if (layout.record || m.sealed.size() < tag) return testing::AssertionSuccess();
  const std::size_t n = m.sealed.size() - tag;
  const auto sealed = std::span<const std::uint8_t>(m.sealed);
  const auto ct = layout.tag_first ? sealed.subspan(tag) : sealed.first(n);
  const auto t = layout.tag_first ? sealed.first(tag) : sealed.subspan(n);
  Bytes det(n + 16, 0x5a);
  const aeskit::Status s = key.open_detached(m.nonce, m.ad, ct, t, det);
  return checked(s, det, n, 0x5a, same_lengths, "open_detached");
}

void expect_matches_reference(const aeskit::AeadKey& key, TestRng& rng,
                              std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> ad,
                              const Bytes& pt, const Bytes& expected,
                              const std::vector<PeerOpen>& peers) {
  const std::size_t len = pt.size();
  const std::size_t in_off = rng.between(0, 15), out_off = rng.between(0, 15);
  // Seal at offsets, then in place.
  Bytes in_buf(in_off + len), out_buf(out_off + expected.size());
  std::copy(pt.begin(), pt.end(), in_buf.begin() + static_cast<std::ptrdiff_t>(in_off));
  auto n = key.seal(nonce, ad, std::span(in_buf).subspan(in_off, len),
                    std::span(out_buf).subspan(out_off));
  ASSERT_TRUE(n.ok()) << n.message();
  const Bytes sealed(out_buf.begin() + static_cast<std::ptrdiff_t>(out_off), out_buf.end());
  ASSERT_EQ(to_hex(sealed), to_hex(expected));
  Bytes inplace = pt;
  inplace.resize(expected.size());
  ASSERT_TRUE(key.seal(nonce, ad, std::span(inplace).first(len), inplace).ok());
  ASSERT_EQ(to_hex(inplace), to_hex(expected)) << "in place";

  // Open at offsets, in place, detached.
  Bytes c_buf(in_off + expected.size()), p_buf(out_off + len, 0xee);
  std::copy(expected.begin(), expected.end(), c_buf.begin() + static_cast<std::ptrdiff_t>(in_off));
  auto m = key.open(nonce, ad, std::span(c_buf).subspan(in_off), std::span(p_buf).subspan(out_off));
  ASSERT_TRUE(m.ok()) << m.message();
  ASSERT_EQ(to_hex(std::span(p_buf).subspan(out_off)), to_hex(pt));
  Bytes io = expected;
  ASSERT_TRUE(key.open(nonce, ad, io, io).ok());
  ASSERT_EQ(to_hex(std::span(io).first(len)), to_hex(pt)) << "open in place";
  const std::size_t tag = key.tag_length();
  const auto e = std::span<const std::uint8_t>(expected);
  const bool first = layout_of(*key.algorithm()).tag_first;
  Bytes det(len);
  ASSERT_TRUE(key.open_detached(nonce, ad, first ? e.subspan(tag) : e.first(len),
                                first ? e.first(tag) : e.subspan(len), det)
                  .ok());
  ASSERT_EQ(to_hex(det), to_hex(pt)) << "open_detached";

  for (const PeerOpen& peer : peers) {
    const std::optional<Bytes> back = peer.open(sealed);
    ASSERT_TRUE(back.has_value()) << peer.name << " rejected aeskit's output";
    ASSERT_EQ(to_hex(*back), to_hex(pt)) << peer.name;
  }
}

void expect_tamper_rejected(const aeskit::AeadKey& key, const Message& m,
                            std::span<const std::uint8_t> pt, std::size_t sealed_step) {
  int failures = 0;
  auto check = [&](bool same_lengths) {
    return [&, same_lengths](const Message& c, const std::string& what) {
      if (failures >= 8) return;  // enough to diagnose; the rest would repeat it
      if (testing::AssertionResult r = open_rejected(key, c, same_lengths); !r) {
        ADD_FAILURE() << what << ": " << r.message();
        ++failures;
      }
    };
  };
  for_each_bit_flip(m, check(true), sealed_step);
  for_each_length_change(m, check(false));
  const std::optional<Bytes> opened = open(key, m.nonce, m.ad, m.sealed);
  ASSERT_TRUE(opened.has_value()) << "the unchanged message does not open";
  EXPECT_EQ(to_hex(*opened), to_hex(pt));
}

}  // namespace aeskit_test::aead
