// tests/aead/aead_conformance_test.cpp — the AeadKey contract, checked for every algorithm in
// aeskit::aead::algorithms() on every AES backend this CPU runs. A new AEAD family gets all of
// it by being listed there; where a family's layout genuinely differs from the general case
// (TLS CBC-HMAC records, SIV's tag first, a fixed AD length) support/aead_cases.hpp says so
// in one place (layout_of), and nothing here names an algorithm.
//
//  - round trips at every plaintext length 0..300 and a few large ones (4096 + 15,
//    65536 + 1, as far as the algorithm's limit allows): seal, open, both in place, the
//    detached forms (or no_detached_tag where the layout has none), the incremental
//    sealer/opener (or one_shot_only where the family is one-shot); every backend's bytes
//    equal portable's; nonces of the shortest, recommended and longest (up to 64) lengths;
//  - every single-bit change of the sealed message, the AD and the nonce is refused with
//    authentication_failed and the plaintext span zeroed (all bits at 0, 1, 15, 16, 17 and
//    64 bytes, a sample of bits at other lengths), and lengths one byte off are refused;
//  - every wrong size gets its documented code with nothing written: key (bad_key_length),
//    tag (bad_tag_length), backend (unknown_backend), nonce (bad_nonce_length), AD of a
//    fixed-AD family (bad_ad_length), outputs one byte short (output_too_small), inputs
//    shorter than a tag or a detached tag of another length (authentication_failed),
//    partial overlaps (overlapping_buffers), over the length limits (message_too_long, where
//    the limit can be reached in this address space), an empty key (invalid_state).
// Sanitizer builds (AESKIT_TEST_SANITIZED) run fewer lengths and sample more bits.
#include <sys/mman.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "aeskit/aeskit.hpp"
#include "support/aead_cases.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/names.hpp"
#include "support/rng.hpp"

namespace {

using namespace aeskit_test::names;
using aeskit::AeadAlgorithm;
using aeskit::AeadKey;
using aeskit_test::aead::Layout;
using aeskit_test::aead::Message;

#ifdef AESKIT_TEST_SANITIZED
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif

constexpr std::uint8_t kFill = 0xa5;

std::vector<std::size_t> round_trip_lengths(const AeadAlgorithm& a) {
  std::vector<std::size_t> lengths;
  for (std::size_t len = 0; len <= 300; len += (kSanitized && len >= 64) ? 11 : 1)
    lengths.push_back(len);
  lengths.push_back(4096 + 15);
  if (!kSanitized) lengths.push_back(65536 + 1);
  std::erase_if(lengths, [&](std::size_t len) { return len > a.max_plaintext(); });
  return lengths;
}

// The nonce length the tests use: the recommended one, or (a family whose recommended nonce is
// empty) the longest up to 16 bytes, so that nonce bits can be flipped.
std::size_t nonce_length(const AeadAlgorithm& a) {
  if (a.nonce_recommended() > 0) return a.nonce_recommended();
  return static_cast<std::size_t>(std::min<std::uint64_t>(a.nonce_max(), 16));
}

std::vector<std::string> available_backends() {
  std::vector<std::string> names;
  for (const std::string& b : aeskit_test::backend_names())
    if (aeskit_test::backend_available(b)) names.push_back(b);
  return names;
}

class AeadConformance : public testing::TestWithParam<const AeadAlgorithm*> {
 protected:
  const AeadAlgorithm& alg() const { return *GetParam(); }
  Layout layout() const { return aeskit_test::aead::layout_of(alg()); }

  Bytes ad_for(std::size_t len) {
    const std::size_t fixed = layout().fixed_ad;
    return rng_.bytes(fixed != 0 ? fixed : (len * 7) % 45);
  }

  AeadKey make(const Bytes& key, const std::string& backend, std::size_t tag_len = 0) {
    auto k =
        AeadKey::create(alg(), key, tag_len == 0 ? alg().default_tag_length() : tag_len, backend);
    EXPECT_TRUE(k.ok()) << "create on " << backend << ": " << k.message();
    if (!k.ok()) return AeadKey{};
    EXPECT_EQ(k->backend_name(), backend);
    return std::move(k).value();
  }

  aeskit_test::TestRng rng_;
};

// One message through every path of one key; `expected` is portable's sealed bytes.
void check_round_trip(const AeadKey& key, const Bytes& nonce, const Bytes& ad, const Bytes& pt,
                      const Bytes& expected) {
  namespace sa = aeskit_test::aead;
  const Layout layout = sa::layout_of(*key.algorithm());
  const std::size_t tag = key.tag_length();
  const Bytes sealed = sa::seal(key, nonce, ad, pt);
  ASSERT_EQ(sealed.size(), sa::sealed_length(key, pt.size()));
  ASSERT_EQ(to_hex(sealed), to_hex(expected)) << "differs from portable";

  // In place: the plaintext at the start of the output.
  Bytes buf(sealed.size(), kFill);
  std::copy(pt.begin(), pt.end(), buf.begin());
  auto n = key.seal(nonce, ad, std::span(buf).first(pt.size()), buf);
  ASSERT_TRUE(n.ok()) << n.message();
  ASSERT_EQ(to_hex(buf), to_hex(sealed)) << "seal in place";

  const std::optional<Bytes> opened = sa::open(key, nonce, ad, sealed);
  ASSERT_TRUE(opened.has_value());
  ASSERT_EQ(to_hex(*opened), to_hex(pt));
  auto m = key.open(nonce, ad, buf, buf);
  ASSERT_TRUE(m.ok()) << "open in place: " << m.message();
  ASSERT_EQ(m.value(), pt.size());
  ASSERT_EQ(to_hex(std::span(buf).first(pt.size())), to_hex(pt)) << "open in place";

  Bytes ct(pt.size(), kFill), t(tag, kFill);
  const aeskit::Status s = key.seal_detached(nonce, ad, pt, ct, t);
  Bytes back(pt.size(), kFill);
  const aeskit::Status o = key.open_detached(nonce, ad, ct, t, back);
  if (layout.record) {
    // The record layout has no detached form; nothing may be written.
    ASSERT_EQ(s.code(), Errc::no_detached_tag);
    ASSERT_EQ(o.code(), Errc::no_detached_tag);
    ASSERT_EQ(back, Bytes(pt.size(), kFill));
    return;
  }
  ASSERT_TRUE(s.ok()) << "seal_detached: " << s.message();
  Bytes joined = layout.tag_first ? t : ct;
  const Bytes& rest = layout.tag_first ? ct : t;
  joined.insert(joined.end(), rest.begin(), rest.end());
  ASSERT_EQ(to_hex(joined), to_hex(sealed)) << "detached != one-shot";
  ASSERT_TRUE(o.ok()) << "open_detached: " << o.message();
  ASSERT_EQ(to_hex(back), to_hex(pt));

  // Incremental, where the family offers it (else one_shot_only); any split would do, the
  // GCM tests split at random.
  auto sealer = aeskit::AeadSealer::create(key, nonce);
  auto opener = aeskit::AeadOpener::create(key, nonce);
  if (!sealer.ok()) {
    ASSERT_EQ(sealer.code(), Errc::one_shot_only);
    ASSERT_EQ(opener.code(), Errc::one_shot_only);
    return;
  }
  ASSERT_TRUE(opener.ok());
  Bytes ict(pt.size()), itag(tag), ipt(pt.size());
  const std::size_t half = pt.size() / 2;
  ASSERT_TRUE(sealer->update_ad(ad).ok());
  ASSERT_TRUE(sealer->update(std::span(pt).first(half), std::span(ict).first(half)).ok());
  ASSERT_TRUE(sealer->update(std::span(pt).subspan(half), std::span(ict).subspan(half)).ok());
  ASSERT_TRUE(sealer->finish(itag).ok());
  ASSERT_EQ(to_hex(ict), to_hex(ct));
  ASSERT_EQ(to_hex(itag), to_hex(t));
  ASSERT_TRUE(opener->update_ad(ad).ok());
  ASSERT_TRUE(opener->update(ict, ipt).ok());
  ASSERT_TRUE(opener->finish(itag).ok());
  ASSERT_EQ(to_hex(ipt), to_hex(pt));
}

TEST_P(AeadConformance, RoundTripEveryLengthEveryBackend) {
  const Bytes key = rng_.bytes(alg().key_length());
  const Bytes nonce = rng_.bytes(nonce_length(alg()));
  const std::vector<std::size_t> lengths = round_trip_lengths(alg());
  const Bytes all = rng_.bytes(lengths.back());
  const AeadKey reference = make(key, "portable");
  ASSERT_TRUE(reference.valid());
  for (const std::string& backend : available_backends()) {
    SCOPED_TRACE("backend " + backend);
    const AeadKey k = make(key, backend);
    ASSERT_TRUE(k.valid());
    for (std::size_t len : lengths) {
      SCOPED_TRACE("length " + std::to_string(len));
      const Bytes pt(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(len));
      const Bytes ad = ad_for(len);
      const Bytes expected = aeskit_test::aead::seal(reference, nonce, ad, pt);
      ASSERT_NO_FATAL_FAILURE(check_round_trip(k, nonce, ad, pt, expected));
    }
  }
}

TEST_P(AeadConformance, EveryNonceLengthBoundAndTagLength) {
  const Bytes key = rng_.bytes(alg().key_length());
  std::vector<std::size_t> nonce_lengths = {
      alg().nonce_min(), alg().nonce_recommended(),
      static_cast<std::size_t>(std::min<std::uint64_t>(alg().nonce_max(), 64))};
  for (const std::string& backend : available_backends()) {
    SCOPED_TRACE("backend " + backend);
    for (std::size_t tag_len : alg().tag_lengths()) {
      SCOPED_TRACE("tag " + std::to_string(tag_len));
      const AeadKey reference = make(key, "portable", tag_len);
      const AeadKey k = make(key, backend, tag_len);
      ASSERT_TRUE(k.valid());
      ASSERT_EQ(k.tag_length(), tag_len);
      for (std::size_t nonce_len : nonce_lengths) {
        SCOPED_TRACE("nonce " + std::to_string(nonce_len));
        for (std::size_t len : {0u, 1u, 33u}) {
          const Bytes nonce = rng_.bytes(nonce_len), ad = ad_for(len), pt = rng_.bytes(len);
          const Bytes expected = aeskit_test::aead::seal(reference, nonce, ad, pt);
          ASSERT_NO_FATAL_FAILURE(check_round_trip(k, nonce, ad, pt, expected));
        }
      }
    }
  }
  // create without a tag length: the longest.
  auto d = AeadKey::create(alg(), key);
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(d->tag_length(), alg().tag_lengths().back());
  EXPECT_EQ(d->algorithm(), &alg());
}

TEST_P(AeadConformance, EverySingleBitChangeIsRejectedWithTheOutputZeroed) {
  // Every bit at these lengths; at the others, a sample (every 7th bit, and every 19th in
  // sanitizer builds) of the sealed bytes, and every bit of the AD and the nonce.
  std::vector<std::size_t> every_bit = {0, 1, 15, 16, 17, 64};
  std::vector<std::size_t> sampled = {2, 31, 100, 255, 300};
  if (kSanitized) {
    every_bit = {0, 17};
    sampled = {1, 64, 300};
  }
  const Bytes key = rng_.bytes(alg().key_length());
  for (const std::string& backend : available_backends()) {
    SCOPED_TRACE("backend " + backend);
    const AeadKey k = make(key, backend);
    ASSERT_TRUE(k.valid());
    auto run = [&](std::size_t len, std::size_t step) {
      SCOPED_TRACE("length " + std::to_string(len));
      const Bytes pt = rng_.bytes(len);
      Message m{rng_.bytes(nonce_length(alg())), ad_for(len), {}};
      m.sealed = aeskit_test::aead::seal(k, m.nonce, m.ad, pt);
      aeskit_test::aead::expect_tamper_rejected(k, m, pt, step);
    };
    for (std::size_t len : every_bit) run(len, 1);
    for (std::size_t len : sampled) run(len, kSanitized ? 19 : 7);
  }
}

// expect_untouched: an argument error, and nothing written to `out`.
void expect_refused(aeskit::Status s, Errc code, const Bytes& out, const char* what) {
  EXPECT_EQ(s.code(), code) << what;
  EXPECT_TRUE(std::all_of(out.begin(), out.end(), [](auto x) { return x == kFill; }))
      << what << ": written on an error";
}

TEST_P(AeadConformance, EveryWrongSizeGetsItsCodeAndWritesNothing) {
  const Layout layout = this->layout();
  const Bytes key = rng_.bytes(alg().key_length());

  // Key, tag and backend at creation.
  for (std::size_t len :
       {std::size_t{0}, alg().key_length() - 1, alg().key_length() + 1, std::size_t{16},
        std::size_t{24}, std::size_t{32}, std::size_t{48}, std::size_t{64}, std::size_t{80}}) {
    if (len == alg().key_length()) continue;
    EXPECT_EQ(AeadKey::create(alg(), rng_.bytes(len)).code(), Errc::bad_key_length) << len;
    EXPECT_EQ(AeadKey::create(alg(), rng_.bytes(len), alg().default_tag_length()).code(),
              Errc::bad_key_length)
        << len;
  }
  for (std::size_t tag = 0; tag <= 64; ++tag) {
    if (alg().allows_tag_length(tag)) continue;
    EXPECT_EQ(AeadKey::create(alg(), key, tag).code(), Errc::bad_tag_length) << tag;
  }
  EXPECT_EQ(AeadKey::create(alg(), key, alg().default_tag_length(), "no-such-backend").code(),
            Errc::unknown_backend);

  // An empty key.
  {
    const AeadKey empty;
    Bytes out(64, kFill);
    const Bytes n(nonce_length(alg())), a(layout.fixed_ad), p(8);
    expect_refused(empty.seal(n, a, p, out).status(), Errc::invalid_state, out, "empty seal");
    expect_refused(empty.open(n, a, out, out).status(), Errc::invalid_state, out, "empty open");
    expect_refused(empty.seal_detached(n, a, p, out, out), Errc::invalid_state, out,
                   "empty seal_detached");
    expect_refused(empty.open_detached(n, a, p, p, out), Errc::invalid_state, out,
                   "empty open_detached");
  }

  for (const std::string& backend : available_backends()) {
    SCOPED_TRACE("backend " + backend);
    const AeadKey k = make(key, backend);
    ASSERT_TRUE(k.valid());
    const std::size_t tag = k.tag_length();
    const std::size_t len = 37;
    const Bytes nonce = rng_.bytes(nonce_length(alg())), ad = ad_for(len), pt = rng_.bytes(len);
    const Bytes sealed = aeskit_test::aead::seal(k, nonce, ad, pt);
    const std::size_t span = aeskit_test::aead::opened_span(k, sealed.size());

    // Nonces just outside the range.
    std::vector<std::size_t> bad_nonces;
    if (alg().nonce_min() > 0) bad_nonces.push_back(alg().nonce_min() - 1);
    if (alg().nonce_max() < 4096)
      bad_nonces.push_back(static_cast<std::size_t>(alg().nonce_max()) + 1);
    for (std::size_t nl : bad_nonces) {
      SCOPED_TRACE("nonce length " + std::to_string(nl));
      const Bytes bad = rng_.bytes(nl);
      Bytes out(sealed.size() + 16, kFill);
      expect_refused(k.seal(bad, ad, pt, out).status(), Errc::bad_nonce_length, out, "seal");
      expect_refused(k.open(bad, ad, sealed, out).status(), Errc::bad_nonce_length, out, "open");
      if (!layout.record) {
        expect_refused(k.seal_detached(bad, ad, pt, out, std::span(out).last(tag)),
                       Errc::bad_nonce_length, out, "seal_detached");
        expect_refused(k.open_detached(bad, ad, std::span(sealed).first(len),
                                       std::span(sealed).last(tag), out),
                       Errc::bad_nonce_length, out, "open_detached");
      }
    }

    // A family with a fixed AD length refuses every other.
    if (layout.fixed_ad != 0) {
      for (std::size_t al : {std::size_t{0}, layout.fixed_ad - 1, layout.fixed_ad + 1}) {
        const Bytes bad = rng_.bytes(al);
        Bytes out(sealed.size() + 16, kFill);
        expect_refused(k.seal(nonce, bad, pt, out).status(), Errc::bad_ad_length, out, "seal AD");
        expect_refused(k.open(nonce, bad, sealed, out).status(), Errc::bad_ad_length, out,
                       "open AD");
      }
    }

    // Outputs one byte short.
    {
      Bytes out(sealed.size() - 1, kFill);
      expect_refused(k.seal(nonce, ad, pt, out).status(), Errc::output_too_small, out, "seal");
      Bytes po(span - 1, kFill);
      expect_refused(k.open(nonce, ad, sealed, po).status(), Errc::output_too_small, po, "open");
    }
    if (!layout.record) {
      const auto ct =
          layout.tag_first ? std::span(sealed).subspan(tag) : std::span(sealed).first(len);
      const auto t = layout.tag_first ? std::span(sealed).first(tag) : std::span(sealed).last(tag);
      Bytes c_short(len - 1, kFill), t_full(tag, kFill), c_full(len, kFill),
          t_short(tag - 1, kFill);
      expect_refused(k.seal_detached(nonce, ad, pt, c_short, t_full), Errc::output_too_small,
                     c_short, "seal_detached ciphertext");
      EXPECT_EQ(t_full, Bytes(tag, kFill));
      expect_refused(k.seal_detached(nonce, ad, pt, c_full, t_short), Errc::output_too_small,
                     c_full, "seal_detached tag");
      EXPECT_EQ(t_short, Bytes(tag - 1, kFill));
      expect_refused(k.open_detached(nonce, ad, ct, t, c_short), Errc::output_too_small, c_short,
                     "open_detached");
      // A detached tag of another length: authentication_failed, the output zeroed.
      for (std::size_t tl : {tag - 1, tag + 1}) {
        Bytes wrong(t.begin(), t.end());
        wrong.resize(tl, 0);
        Bytes out(len, kFill);
        EXPECT_EQ(k.open_detached(nonce, ad, ct, wrong, out).code(), Errc::authentication_failed);
        EXPECT_TRUE(aeskit_test::aead::all_zero(out)) << "tag of " << tl << " bytes";
      }
    }

    // Inputs shorter than a tag.
    for (std::size_t sl = 0; sl < tag; ++sl) {
      Bytes out(sealed.size(), kFill);
      EXPECT_EQ(k.open(nonce, ad, std::span(sealed).first(sl), out).code(),
                Errc::authentication_failed)
          << sl;
      EXPECT_EQ(out, Bytes(sealed.size(), kFill)) << sl << ": nothing to zero, nothing written";
    }

    // Partial overlaps: the input one byte after the output, the AD and the nonce inside it.
    {
      Bytes buf(sealed.size() + 1, kFill);
      std::copy(pt.begin(), pt.end(), buf.begin() + 1);
      const Bytes before = buf;
      auto r =
          k.seal(nonce, ad, std::span(buf).subspan(1, len), std::span(buf).first(sealed.size()));
      EXPECT_EQ(r.code(), Errc::overlapping_buffers) << "seal, input at output + 1";
      EXPECT_EQ(buf, before);
      Bytes sb(sealed.size() + 1, kFill);
      std::copy(sealed.begin(), sealed.end(), sb.begin() + 1);
      const Bytes sb_before = sb;
      r = k.open(nonce, ad, std::span(sb).subspan(1), std::span(sb).first(span));
      EXPECT_EQ(r.code(), Errc::overlapping_buffers) << "open, input at output + 1";
      EXPECT_EQ(sb, sb_before);
      Bytes out(sealed.size() + 64, kFill);
      std::copy(ad.begin(), ad.end(), out.begin() + 3);
      std::copy(nonce.begin(), nonce.end(), out.begin() + 3 + ad.size());
      const auto ad_in = std::span<const std::uint8_t>(out).subspan(3, ad.size());
      const auto nonce_in = std::span<const std::uint8_t>(out).subspan(3 + ad.size(), nonce.size());
      const Bytes out_before = out;
      if (!ad.empty()) {
        EXPECT_EQ(k.seal(nonce, ad_in, pt, out).code(), Errc::overlapping_buffers)
            << "AD in output";
      }
      if (!nonce.empty()) {
        EXPECT_EQ(k.seal(nonce_in, ad, pt, out).code(), Errc::overlapping_buffers)
            << "nonce in output";
      }
      EXPECT_EQ(out, out_before);
    }
  }
}

// The length limits, where a span one byte over them fits this address space: a reserved,
// never-touched range (the lengths are checked before anything is read). The limits that
// do not (2^52 and more) are only checked by their areas' tests of the checks themselves.
TEST_P(AeadConformance, OverTheLengthLimitsIsMessageTooLong) {
  const Layout layout = this->layout();
  const Bytes key = rng_.bytes(alg().key_length());
  const AeadKey k = make(key, "portable");
  ASSERT_TRUE(k.valid());
  const std::size_t tag = k.tag_length();
  const Bytes nonce = rng_.bytes(nonce_length(alg())), ad = ad_for(0);
  constexpr std::uint64_t kReachable = std::uint64_t{1} << 40;
  int checked = 0;
  if (alg().max_plaintext() < kReachable) {
    const std::size_t over = static_cast<std::size_t>(alg().max_plaintext()) + 1;
    const std::size_t reserve = over + 64;
    void* region =
        mmap(nullptr, reserve, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    ASSERT_NE(region, MAP_FAILED) << "cannot reserve " << reserve << " bytes of address space";
    const auto* p = static_cast<const std::uint8_t*>(region);
    Bytes out(64, kFill);
    expect_refused(k.seal(nonce, ad, {p, over}, out).status(), Errc::message_too_long, out, "seal");
    const std::size_t sealed_over = layout.record ? over + 16 : over + tag;
    expect_refused(k.open(nonce, ad, {p, sealed_over}, out).status(), Errc::message_too_long, out,
                   "open");
    if (!layout.record) {
      expect_refused(k.seal_detached(nonce, ad, {p, over}, out, std::span(out).first(tag)),
                     Errc::message_too_long, out, "seal_detached");
      expect_refused(k.open_detached(nonce, ad, {p, over}, {p, tag}, out), Errc::message_too_long,
                     out, "open_detached");
    }
    munmap(region, reserve);
    ++checked;
  }
  if (layout.fixed_ad == 0 && alg().max_ad() < kReachable) {
    const std::size_t over = static_cast<std::size_t>(alg().max_ad()) + 1;
    void* region =
        mmap(nullptr, over, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    ASSERT_NE(region, MAP_FAILED) << "cannot reserve " << over << " bytes of address space";
    const auto* p = static_cast<const std::uint8_t*>(region);
    const Bytes pt(5);
    Bytes out(64, kFill);
    expect_refused(k.seal(nonce, {p, over}, pt, out).status(), Errc::message_too_long, out,
                   "seal AD");
    const Bytes sealed(5 + tag);
    expect_refused(k.open(nonce, {p, over}, sealed, out).status(), Errc::message_too_long, out,
                   "open AD");
    munmap(region, over);
    ++checked;
  }
  RecordProperty("limits_checked", checked);
  if (checked == 0) {
    // Nothing to reach: the descriptor's limits must then be beyond this address space.
    EXPECT_GE(alg().max_plaintext(), kReachable);
  }
}

INSTANTIATE_TEST_SUITE_P(Algorithms, AeadConformance, testing::ValuesIn(aeskit::aead::algorithms()),
                         [](const testing::TestParamInfo<const AeadAlgorithm*>& p) {
                           return aeskit_test::identifier(p.param->name());
                         });

TEST(AeadAlgorithms, ListIsCompleteAndFindable) {
  const auto all = aeskit::aead::algorithms();
  ASSERT_FALSE(all.empty());
  for (const AeadAlgorithm* a : all) {
    ASSERT_NE(a, nullptr);
    EXPECT_EQ(aeskit::aead::find(a->name()), a) << a->name();
    EXPECT_FALSE(a->tag_lengths().empty()) << a->name();
    EXPECT_TRUE(std::is_sorted(a->tag_lengths().begin(), a->tag_lengths().end())) << a->name();
    EXPECT_LE(a->nonce_min(), a->nonce_recommended()) << a->name();
    EXPECT_LE(a->nonce_recommended(), a->nonce_max()) << a->name();
    for (const AeadAlgorithm* b : all) {
      if (a != b) {
        EXPECT_NE(a->name(), b->name());
      }
    }
  }
}

}  // namespace
