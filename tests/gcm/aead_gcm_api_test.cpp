// tests/gcm/aead_gcm_api_test.cpp — the AEAD and GMAC API contract: algorithm descriptors and
// lookup; key creation errors (key length, tag length, backend); per-call errors (nonce
// length, output too small, overlaps, length limits), each with its own Errc and nothing
// written; the incremental sealer/opener's state rules; empty and moved-from objects; one
// key used from several threads. No fixed vectors.
#include <sys/mman.h>

#include <cstring>
#include <set>
#include <thread>

#include <gtest/gtest.h>

#include "aead/aead_checks.hpp"
#include "aead_gcm_support.hpp"
#include "aeskit/aeskit.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/names.hpp"
#include "support/rng.hpp"

namespace {

using namespace aeskit_test::names;
using aeskit::AeadKey;

constexpr std::uint8_t kFill = 0x5C;

TEST(AeadAlgorithms, DescriptorsAndLookup) {
  const aeskit::AeadAlgorithm* expected[] = {
      &aeskit::aead::aes_128_gcm(), &aeskit::aead::aes_192_gcm(), &aeskit::aead::aes_256_gcm()};
  const char* names[] = {"AES-128-GCM", "AES-192-GCM", "AES-256-GCM"};
  // GCM comes first; every listed descriptor is found by its own name, and names are unique.
  const auto all = aeskit::aead::algorithms();
  ASSERT_GE(all.size(), 3u);
  for (std::size_t i = 0; i < all.size(); ++i) {
    EXPECT_EQ(aeskit::aead::find(all[i]->name()), all[i]) << all[i]->name();
    for (std::size_t j = i + 1; j < all.size(); ++j) EXPECT_NE(all[i]->name(), all[j]->name());
  }
  for (std::size_t i = 0; i < 3; ++i) {
    const aeskit::AeadAlgorithm& a = *expected[i];
    EXPECT_EQ(a.name(), names[i]);
    EXPECT_EQ(a.key_length(), 16 + 8 * i);
    EXPECT_EQ(a.nonce_min(), 1u);
    EXPECT_EQ(a.nonce_recommended(), 12u);
    EXPECT_EQ(a.nonce_max(), (std::uint64_t{1} << 61) - 1);
    EXPECT_EQ(a.max_plaintext(), (std::uint64_t{1} << 36) - 32);
    EXPECT_EQ(a.max_ad(), (std::uint64_t{1} << 61) - 1);
    EXPECT_EQ(a.default_tag_length(), 16u);
    EXPECT_EQ(std::vector<std::size_t>(a.tag_lengths().begin(), a.tag_lengths().end()),
              (std::vector<std::size_t>{4, 8, 12, 13, 14, 15, 16}));
    for (std::size_t t = 0; t <= 32; ++t)
      EXPECT_EQ(a.allows_tag_length(t), t == 4 || t == 8 || (t >= 12 && t <= 16)) << t;
    EXPECT_FALSE(a.allows_nonce_length(0));
    EXPECT_TRUE(a.allows_nonce_length(1));
    EXPECT_TRUE(a.allows_nonce_length(1000));
    EXPECT_EQ(aeskit::aead::algorithms()[i], &a);
    EXPECT_EQ(aeskit::aead::find(names[i]), &a);
  }
  EXPECT_EQ(aeskit::aead::find("aes-256-gcm"), &aeskit::aead::aes_256_gcm());
  EXPECT_EQ(aeskit::aead::find("AES-256-GCM "), nullptr);
  EXPECT_EQ(aeskit::aead::find("AES-256-CTR"), nullptr);
  EXPECT_EQ(aeskit::aead::find(""), nullptr);
}

TEST(AeadKeyCreation, KeyTagAndBackendErrors) {
  const Bytes key(32, 7);
  for (const aeskit::AeadAlgorithm* a : aeskit::aead::algorithms()) {
    if (a->name().find("-GCM") == std::string_view::npos) continue;  // OCB: aead_ocb_api_test
    SCOPED_TRACE(std::string(a->name()));
    for (std::size_t n : {0, 1, 15, 16, 17, 24, 31, 32, 33}) {
      auto k = AeadKey::create(*a, {key.data(), std::min<std::size_t>(n, 32)});
      if (n > 32) k = AeadKey::create(*a, Bytes(n, 1));
      if (n == a->key_length()) {
        ASSERT_TRUE(k.ok()) << k.message();
        EXPECT_EQ(k->algorithm(), a);
        EXPECT_EQ(k->tag_length(), a->default_tag_length());  // 16; DNDK-GCM-KC: 48 (T || KC)
        EXPECT_EQ(k->backend_name(), aeskit::default_backend());
        EXPECT_FALSE(k->ghash_backend_name().empty());
        EXPECT_FALSE(k->kernel().empty());
      } else {
        EXPECT_EQ(k.code(), Errc::bad_key_length) << n;
      }
    }
    const auto key_span = std::span<const std::uint8_t>(key.data(), a->key_length());
    for (std::size_t t = 0; t <= 20; ++t) {
      auto k = AeadKey::create(*a, key_span, t);
      if (a->allows_tag_length(t)) {
        ASSERT_TRUE(k.ok());
        EXPECT_EQ(k->tag_length(), t);
      } else {
        EXPECT_EQ(k.code(), Errc::bad_tag_length) << t;
      }
    }
    const std::size_t tag = a->default_tag_length();
    EXPECT_EQ(AeadKey::create(*a, key_span, tag, "no-such-backend").code(), Errc::unknown_backend);
    for (const aeskit::BackendInfo& b : aeskit::backends()) {
      auto k = AeadKey::create(*a, key_span, tag, b.name);
      if (b.available) {
        ASSERT_TRUE(k.ok());
        EXPECT_EQ(k->backend_name(), b.name);
      } else {
        EXPECT_EQ(k.code(), Errc::backend_unavailable);
      }
    }
  }
  // Gmac: key length decides AES-128/192/256.
  for (std::size_t n : {0, 15, 16, 20, 24, 32, 33}) {
    auto g = aeskit::Gmac::create(Bytes(n, 1));
    EXPECT_EQ(g.ok(), n == 16 || n == 24 || n == 32) << n;
    if (!g.ok()) {
      EXPECT_EQ(g.code(), Errc::bad_key_length);
    }
  }
  EXPECT_EQ(aeskit::Gmac::create(Bytes(16, 1), 10).code(), Errc::bad_tag_length);
  EXPECT_EQ(aeskit::Gmac::create(Bytes(16, 1), 16, "no-such-backend").code(),
            Errc::unknown_backend);
}

// A fixture with one key and a scratch arena, checking "nothing written" after each error.
class AeadCallErrors : public testing::Test {
 protected:
  void SetUp() override {
    auto k = AeadKey::create(aeskit::aead::aes_128_gcm(), Bytes(16, 3));
    ASSERT_TRUE(k.ok());
    key_ = std::move(k).value();
    arena_.assign(512, kFill);
  }
  std::uint8_t* at(std::size_t offset) { return arena_.data() + offset; }
  bool arena_untouched() const {
    return std::all_of(arena_.begin(), arena_.end(), [](std::uint8_t b) { return b == kFill; });
  }
  void reset() { std::fill(arena_.begin(), arena_.end(), kFill); }

  AeadKey key_;
  Bytes arena_;
  const Bytes nonce_ = Bytes(12, 9);
  const Bytes ad_ = Bytes(13, 4);
};

TEST_F(AeadCallErrors, NonceLength) {
  const Bytes pt(40, 1);
  Bytes out(56, kFill);
  auto r = key_.seal({}, ad_, pt, out);
  EXPECT_EQ(r.code(), Errc::bad_nonce_length);
  EXPECT_EQ(out, Bytes(56, kFill));
  EXPECT_EQ(key_.open({}, ad_, out, out).code(), Errc::bad_nonce_length);
  EXPECT_EQ(key_.seal_detached({}, ad_, pt, out, out).code(), Errc::bad_nonce_length);
  EXPECT_EQ(aeskit::AeadSealer::create(key_, {}).code(), Errc::bad_nonce_length);
  EXPECT_EQ(aeskit::AeadOpener::create(key_, {}).code(), Errc::bad_nonce_length);
  auto g = aeskit::Gmac::create(Bytes(16, 1));
  ASSERT_TRUE(g.ok());
  Bytes tag(16, kFill);
  EXPECT_EQ(g->compute({}, pt, tag).code(), Errc::bad_nonce_length);
  EXPECT_EQ(tag, Bytes(16, kFill));
  EXPECT_EQ(g->verify({}, pt, tag).code(), Errc::bad_nonce_length);
  // Every other length is fine (1..64 here), and gives distinct results.
  std::set<std::string> tags;
  for (std::size_t n = 1; n <= 64; ++n) {
    Bytes o(16);
    ASSERT_TRUE(key_.seal(Bytes(n, 0), {}, {}, o).ok()) << n;
    tags.insert(to_hex(o));
  }
  EXPECT_EQ(tags.size(), 64u);
}

TEST_F(AeadCallErrors, OutputTooSmall) {
  const Bytes pt(40, 1);
  for (std::size_t cap = 0; cap < 56; ++cap) {
    EXPECT_EQ(key_.seal(nonce_, ad_, pt, {at(0), cap}).code(), Errc::output_too_small) << cap;
    ASSERT_TRUE(arena_untouched());
  }
  EXPECT_EQ(key_.seal_detached(nonce_, ad_, pt, {at(0), 39}, {at(100), 16}).code(),
            Errc::output_too_small);
  EXPECT_EQ(key_.seal_detached(nonce_, ad_, pt, {at(0), 40}, {at(100), 15}).code(),
            Errc::output_too_small);
  ASSERT_TRUE(arena_untouched());
  Bytes sealed(56);
  ASSERT_TRUE(key_.seal(nonce_, ad_, pt, sealed).ok());
  for (std::size_t cap = 0; cap < 40; ++cap) {
    EXPECT_EQ(key_.open(nonce_, ad_, sealed, {at(0), cap}).code(), Errc::output_too_small);
    EXPECT_EQ(
        key_.open_detached(nonce_, ad_, {sealed.data(), 40}, {sealed.data() + 40, 16}, {at(0), cap})
            .code(),
        Errc::output_too_small);
    ASSERT_TRUE(arena_untouched());
  }
  // Exactly enough is enough; more is fine and only the result is written.
  auto n = key_.open(nonce_, ad_, sealed, {at(0), 100});
  ASSERT_TRUE(n.ok());
  EXPECT_EQ(*n, 40u);
  EXPECT_TRUE(std::all_of(at(40), at(512), [](std::uint8_t b) { return b == kFill; }));
  reset();
  auto sealer = aeskit::AeadSealer::create(key_, nonce_);
  ASSERT_TRUE(sealer.ok());
  EXPECT_EQ(sealer->update(pt, {at(0), 39}).code(), Errc::output_too_small);
  EXPECT_EQ(sealer->finish({at(0), 15}).code(), Errc::output_too_small);
  EXPECT_TRUE(arena_untouched());
  // The failed calls changed nothing: the stream still produces the one-shot result.
  Bytes streamed(56);
  ASSERT_TRUE(sealer->update_ad(ad_).ok());
  ASSERT_TRUE(sealer->update(pt, {streamed.data(), 40}).ok());
  ASSERT_TRUE(sealer->finish({streamed.data() + 40, 16}).ok());
  EXPECT_EQ(to_hex(streamed), to_hex(sealed));
  auto g = aeskit::Gmac::create(Bytes(16, 1));
  ASSERT_TRUE(g.ok());
  EXPECT_EQ(g->compute(nonce_, pt, {at(0), 15}).code(), Errc::output_too_small);
  EXPECT_TRUE(arena_untouched());
}

TEST_F(AeadCallErrors, PartialOverlapRejectedExactInPlaceAccepted) {
  const std::size_t len = 64;
  Bytes pt(len, 1);
  // pt at 200; output starting at 200 ± d for d = 1..33 overlaps partially.
  for (int d = -33; d <= 33; ++d) {
    if (d == 0) continue;
    reset();
    std::copy(pt.begin(), pt.end(), at(200));
    const Bytes before = arena_;
    std::uint8_t* out = at(static_cast<std::size_t>(200 + d));
    EXPECT_EQ(key_.seal(nonce_, ad_, {at(200), len}, {out, len + 16}).code(),
              Errc::overlapping_buffers)
        << d;
    EXPECT_EQ(key_.open(nonce_, ad_, {at(200), len}, {out, len - 16}).code(),
              Errc::overlapping_buffers)
        << d;
    EXPECT_EQ(key_.seal_detached(nonce_, ad_, {at(200), len}, {out, len}, {at(0), 16}).code(),
              Errc::overlapping_buffers)
        << d;
    EXPECT_EQ(arena_, before);
    auto sealer = aeskit::AeadSealer::create(key_, nonce_);
    ASSERT_TRUE(sealer.ok());
    EXPECT_EQ(sealer->update({at(200), len}, {out, len}).code(), Errc::overlapping_buffers);
    EXPECT_EQ(arena_, before);
  }
  // Exact in place works (and matches out-of-place: covered by the differential test).
  reset();
  std::copy(pt.begin(), pt.end(), at(200));
  EXPECT_TRUE(key_.seal(nonce_, ad_, {at(200), len}, {at(200), len + 16}).ok());
  EXPECT_TRUE(key_.open(nonce_, ad_, {at(200), len + 16}, {at(200), len}).ok());
  EXPECT_TRUE(std::equal(pt.begin(), pt.end(), at(200)));
}

TEST_F(AeadCallErrors, AdNonceAndTagMustNotOverlapOutputs) {
  const std::size_t len = 32;
  Bytes pt(len, 1);
  Bytes sealed(len + 16);
  Bytes ad(13, 4);
  ASSERT_TRUE(key_.seal(nonce_, ad, pt, sealed).ok());
  // Output at 100..148 (seal) / 100..132 (open). AD or nonce inside it, at its start, at its
  // last byte: rejected. Just outside: accepted.
  struct Place {
    std::size_t at;
    bool overlaps;
  };
  for (const Place p : {Place{100, true}, Place{110, true}, Place{131, true}, Place{88, true},
                        Place{147, true}, Place{87, false}, Place{148, false}}) {
    SCOPED_TRACE("input placed at " + std::to_string(p.at));
    // AD of 13 bytes.
    reset();
    std::copy(ad.begin(), ad.end(), at(p.at));
    const std::span<const std::uint8_t> ad_span{at(p.at), 13};
    auto s = key_.seal(nonce_, ad_span, pt, {at(100), len + 16});
    if (p.overlaps) {
      EXPECT_EQ(s.code(), Errc::overlapping_buffers) << "AD vs seal output";
    } else {
      EXPECT_TRUE(s.ok()) << s.message();
    }
    reset();
    std::copy(ad.begin(), ad.end(), at(p.at));
    auto o = key_.open(nonce_, ad_span, sealed, {at(100), len});
    if (p.overlaps && p.at < 132) {
      EXPECT_EQ(o.code(), Errc::overlapping_buffers) << "AD vs open output";
    } else {
      EXPECT_TRUE(o.ok()) << o.message();
    }
    // Nonce of 12 bytes.
    reset();
    std::copy(nonce_.begin(), nonce_.end(), at(p.at));
    const std::span<const std::uint8_t> nonce_span{at(p.at), 12};
    auto sn = key_.seal(nonce_span, ad, pt, {at(100), len + 16});
    const bool nonce_overlaps = p.at + 12 > 100 && p.at < 148;
    if (nonce_overlaps) {
      EXPECT_EQ(sn.code(), Errc::overlapping_buffers) << "nonce vs seal output";
    } else {
      EXPECT_TRUE(sn.ok());
    }
  }
  // The AD exactly at the output (exact aliasing) is rejected too.
  reset();
  EXPECT_EQ(key_.seal(nonce_, {at(100), 13}, pt, {at(100), len + 16}).code(),
            Errc::overlapping_buffers);
  EXPECT_TRUE(arena_untouched());
  // Detached: the tag output may not overlap the ciphertext output, the input or the AD; the
  // tag input of open_detached may not overlap the plaintext output.
  EXPECT_EQ(key_.seal_detached(nonce_, ad, pt, {at(100), len}, {at(120), 16}).code(),
            Errc::overlapping_buffers);
  EXPECT_EQ(key_.seal_detached(nonce_, {at(300), 13}, pt, {at(100), len}, {at(305), 16}).code(),
            Errc::overlapping_buffers);
  EXPECT_TRUE(arena_untouched());
  std::copy(sealed.begin() + len, sealed.end(), at(110));
  const Bytes before = arena_;
  EXPECT_EQ(
      key_.open_detached(nonce_, ad, {sealed.data(), len}, {at(110), 16}, {at(100), len}).code(),
      Errc::overlapping_buffers);
  EXPECT_EQ(arena_, before);
  // Gmac: the tag output may not overlap the data or the nonce.
  auto g = aeskit::Gmac::create(Bytes(16, 1));
  ASSERT_TRUE(g.ok());
  EXPECT_EQ(g->compute(nonce_, {at(0), 64}, {at(60), 16}).code(), Errc::overlapping_buffers);
}

TEST_F(AeadCallErrors, EachErrorHasItsOwnCode) {
  // One call per error, all on the same key: distinct codes, in a documented order.
  const Bytes pt(32, 1);
  Bytes out(48);
  const Errc codes[] = {
      AeadKey().seal(nonce_, ad_, pt, out).code(),
      key_.seal({}, ad_, pt, out).code(),
      key_.seal(nonce_, ad_, pt, {out.data(), 47}).code(),
      key_.seal(nonce_, ad_, {out.data() + 1, 32}, out).code(),
      key_.open(nonce_, ad_, Bytes(48, 0), out).code(),
      AeadKey::create(aeskit::aead::aes_128_gcm(), Bytes(15, 0)).code(),
      AeadKey::create(aeskit::aead::aes_128_gcm(), Bytes(16, 0), 11).code(),
  };
  const Errc expect[] = {Errc::invalid_state,         Errc::bad_nonce_length,
                         Errc::output_too_small,      Errc::overlapping_buffers,
                         Errc::authentication_failed, Errc::bad_key_length,
                         Errc::bad_tag_length};
  for (std::size_t i = 0; i < std::size(codes); ++i) EXPECT_EQ(codes[i], expect[i]) << i;
  for (Errc e : {Errc::authentication_failed, Errc::bad_nonce_length, Errc::bad_tag_length,
                 Errc::message_too_long}) {
    EXPECT_STRNE(aeskit::errc_message(e), "unknown error");
  }
}

TEST_F(AeadCallErrors, LengthLimits) {
  const aeskit::AeadAlgorithm& a = aeskit::aead::aes_128_gcm();
  // The checks themselves, at the exact limits (no 64 GiB buffers needed).
  EXPECT_FALSE(aeskit::detail::data_too_long(a, 0, static_cast<std::size_t>(a.max_plaintext())));
  EXPECT_TRUE(aeskit::detail::data_too_long(a, 0, static_cast<std::size_t>(a.max_plaintext() + 1)));
  EXPECT_TRUE(aeskit::detail::data_too_long(a, a.max_plaintext(), 1));
  EXPECT_FALSE(aeskit::detail::data_too_long(a, a.max_plaintext() - 1, 1));
  EXPECT_TRUE(aeskit::detail::data_too_long(a, 1, SIZE_MAX));
  EXPECT_FALSE(aeskit::detail::ad_too_long(a, 0, static_cast<std::size_t>(a.max_ad())));
  EXPECT_TRUE(aeskit::detail::ad_too_long(a, 0, static_cast<std::size_t>(a.max_ad() + 1)));
  EXPECT_TRUE(aeskit::detail::ad_too_long(a, a.max_ad(), 1));
  // Through the API: a reserved, never-touched address range one byte over the limit (the
  // length is checked before anything is read).
  const std::size_t over = static_cast<std::size_t>(a.max_plaintext()) + 1;
  void* region =
      mmap(nullptr, over + 64, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (region == MAP_FAILED) GTEST_SKIP() << "cannot reserve " << over << " bytes of address space";
  const std::span<const std::uint8_t> huge(static_cast<const std::uint8_t*>(region), over);
  Bytes out(64, kFill);
  EXPECT_EQ(key_.seal(nonce_, ad_, huge, out).code(), Errc::message_too_long);
  EXPECT_EQ(key_.seal_detached(nonce_, ad_, huge, out, out).code(), Errc::message_too_long);
  const std::span<const std::uint8_t> huge_ct(static_cast<const std::uint8_t*>(region), over + 16);
  EXPECT_EQ(key_.open(nonce_, ad_, huge_ct, out).code(), Errc::message_too_long);
  EXPECT_EQ(key_.open_detached(nonce_, ad_, huge, {out.data(), 16}, out).code(),
            Errc::message_too_long);
  auto sealer = aeskit::AeadSealer::create(key_, nonce_);
  ASSERT_TRUE(sealer.ok());
  EXPECT_EQ(sealer->update(huge, {static_cast<std::uint8_t*>(region), over}).code(),
            Errc::message_too_long);
  EXPECT_EQ(out, Bytes(64, kFill));
  munmap(region, over + 64);
}

TEST(AeadStreams, StateRules) {
  auto k = AeadKey::create(aeskit::aead::aes_256_gcm(), Bytes(32, 1), 12);
  ASSERT_TRUE(k.ok());
  const Bytes nonce(12, 2), ad(20, 3), pt(50, 4);
  Bytes out(50), tag(12);
  auto sealer = aeskit::AeadSealer::create(*k, nonce);
  ASSERT_TRUE(sealer.ok());
  EXPECT_EQ(sealer->tag_length(), 12u);
  ASSERT_TRUE(sealer->update_ad(ad).ok());
  ASSERT_TRUE(sealer->update({pt.data(), 10}, {out.data(), 10}).ok());
  EXPECT_EQ(sealer->update_ad(ad).code(), Errc::invalid_state) << "AD after data";
  ASSERT_TRUE(sealer->update({pt.data() + 10, 40}, {out.data() + 10, 40}).ok());
  auto written = sealer->finish(tag);
  ASSERT_TRUE(written.ok());
  EXPECT_EQ(*written, 12u);
  EXPECT_EQ(sealer->finish(tag).code(), Errc::invalid_state);
  EXPECT_EQ(sealer->update(pt, out).code(), Errc::invalid_state);
  EXPECT_EQ(sealer->update_ad(ad).code(), Errc::invalid_state);
  // Same as one-shot.
  Bytes oneshot(62);
  ASSERT_TRUE(k->seal(nonce, ad, pt, oneshot).ok());
  Bytes joined = out;
  joined.insert(joined.end(), tag.begin(), tag.end());
  EXPECT_EQ(to_hex(joined), to_hex(oneshot));

  // Opener: a wrong tag length or value fails; finish only once.
  auto opener = aeskit::AeadOpener::create(*k, nonce);
  ASSERT_TRUE(opener.ok());
  ASSERT_TRUE(opener->update_ad(ad).ok());
  Bytes back(50);
  ASSERT_TRUE(opener->update(out, back).ok());
  EXPECT_EQ(to_hex(back), to_hex(pt));
  EXPECT_EQ(opener->finish({tag.data(), 11}).code(), Errc::authentication_failed);
  EXPECT_EQ(opener->finish(tag).code(), Errc::invalid_state) << "finish is final, even failed";
  auto again = aeskit::AeadOpener::create(*k, nonce);
  ASSERT_TRUE(again.ok());
  ASSERT_TRUE(again->update_ad(ad).ok());
  ASSERT_TRUE(again->update(out, back).ok());
  EXPECT_TRUE(again->finish(tag).ok());

  // Moved-from streams are unusable; the moved-to one carries on.
  auto s1 = aeskit::AeadSealer::create(*k, nonce);
  ASSERT_TRUE(s1.ok());
  ASSERT_TRUE(s1->update_ad(ad).ok());
  aeskit::AeadSealer s2 = std::move(*s1);
  EXPECT_EQ(s1->update_ad(ad).code(), Errc::invalid_state);
  EXPECT_EQ(s1->finish(tag).code(), Errc::invalid_state);
  EXPECT_EQ(s1->tag_length(), 0u);
  ASSERT_TRUE(s2.update(pt, out).ok());
  ASSERT_TRUE(s2.finish(tag).ok());
  joined = out;
  joined.insert(joined.end(), tag.begin(), tag.end());
  EXPECT_EQ(to_hex(joined), to_hex(oneshot));
}

// Copies continue the message on their own: a sealer copied after the AD and part of the
// data gives the same ciphertext and tag as the original; an opener copy verifies too.
TEST(AeadStreams, CopiesContinueIndependently) {
  auto k = AeadKey::create(aeskit::aead::aes_128_gcm(), Bytes(16, 9));
  ASSERT_TRUE(k.ok());
  const Bytes nonce(12, 5), ad(21, 6), pt(77, 7);
  Bytes whole(77 + 16);
  ASSERT_TRUE(k->seal(nonce, ad, pt, whole).ok());
  auto sealer = aeskit::AeadSealer::create(*k, nonce);
  ASSERT_TRUE(sealer.ok());
  ASSERT_TRUE(sealer->update_ad({ad.data(), 9}).ok());
  aeskit::AeadSealer in_ad = *sealer;  // copied in the AD phase, mid-block
  ASSERT_TRUE(sealer->update_ad({ad.data() + 9, 12}).ok());
  Bytes out(77), tag(16);
  ASSERT_TRUE(sealer->update({pt.data(), 30}, {out.data(), 30}).ok());
  aeskit::AeadSealer in_data(*sealer);  // copied mid-block of data
  ASSERT_TRUE(sealer->update({pt.data() + 30, 47}, {out.data() + 30, 47}).ok());
  ASSERT_TRUE(sealer->finish(tag).ok());
  Bytes joined = out;
  joined.insert(joined.end(), tag.begin(), tag.end());
  EXPECT_EQ(to_hex(joined), to_hex(whole));
  Bytes out2(47), tag2(16);
  ASSERT_TRUE(in_data.update({pt.data() + 30, 47}, out2).ok());
  ASSERT_TRUE(in_data.finish(tag2).ok());
  EXPECT_EQ(to_hex(out2), to_hex(Bytes(out.begin() + 30, out.end())));
  EXPECT_EQ(to_hex(tag2), to_hex(tag));
  ASSERT_TRUE(in_ad.update_ad({ad.data() + 9, 12}).ok());
  Bytes out3(77), tag3(16);
  ASSERT_TRUE(in_ad.update(pt, out3).ok());
  ASSERT_TRUE(in_ad.finish(tag3).ok());
  EXPECT_EQ(to_hex(out3), to_hex(out));
  EXPECT_EQ(to_hex(tag3), to_hex(tag));
  // Assignment over a finished sealer revives it as the copy; a copy of a finished one is
  // finished.
  aeskit::AeadSealer again = in_data;  // finished
  EXPECT_EQ(again.finish(tag2).code(), Errc::invalid_state);
  auto fresh = aeskit::AeadSealer::create(*k, nonce);
  ASSERT_TRUE(fresh.ok());
  again = *fresh;
  ASSERT_TRUE(again.update_ad(ad).ok());

  auto opener = aeskit::AeadOpener::create(*k, nonce);
  ASSERT_TRUE(opener.ok());
  ASSERT_TRUE(opener->update_ad(ad).ok());
  Bytes back(77);
  ASSERT_TRUE(opener->update({out.data(), 40}, {back.data(), 40}).ok());
  aeskit::AeadOpener second = *opener;
  ASSERT_TRUE(opener->update({out.data() + 40, 37}, {back.data() + 40, 37}).ok());
  EXPECT_TRUE(opener->finish(tag).ok());
  EXPECT_EQ(to_hex(back), to_hex(pt));
  ASSERT_TRUE(second.update({out.data() + 40, 37}, {back.data() + 40, 37}).ok());
  Bytes bad = tag;
  bad[15] ^= 1;
  EXPECT_EQ(second.finish(bad).code(), Errc::authentication_failed);
}

// finish_truncated: 1..tag_length() leading bytes of the tag, compared in constant time.
TEST(AeadStreams, FinishTruncated) {
  auto k = AeadKey::create(aeskit::aead::aes_256_gcm(), Bytes(32, 3));
  ASSERT_TRUE(k.ok());
  const Bytes nonce(7, 1), ad(5, 2), pt(33, 4);
  Bytes sealed(33 + 16);
  ASSERT_TRUE(k->seal(nonce, ad, pt, sealed).ok());
  const Bytes ct(sealed.begin(), sealed.begin() + 33), tag(sealed.begin() + 33, sealed.end());
  auto open_with = [&](std::span<const std::uint8_t> t) {
    auto o = aeskit::AeadOpener::create(*k, nonce);
    EXPECT_TRUE(o.ok());
    EXPECT_TRUE(o->update_ad(ad).ok());
    Bytes back(33);
    EXPECT_TRUE(o->update(ct, back).ok());
    return o->finish_truncated(t).code();
  };
  for (std::size_t n = 1; n <= 16; ++n) {
    EXPECT_EQ(open_with({tag.data(), n}), Errc::ok) << n;
    Bytes bad(tag.begin(), tag.begin() + static_cast<long>(n));
    bad[n - 1] ^= 0x80;
    EXPECT_EQ(open_with(bad), Errc::authentication_failed) << n;
  }
  EXPECT_EQ(open_with({}), Errc::authentication_failed);
  Bytes longer = tag;
  longer.push_back(0);
  EXPECT_EQ(open_with(longer), Errc::authentication_failed);
  auto o = aeskit::AeadOpener::create(*k, nonce);
  ASSERT_TRUE(o.ok());
  ASSERT_TRUE(o->update_ad(ad).ok());
  EXPECT_EQ(o->finish_truncated(tag).code(), Errc::authentication_failed) << "no data";
  EXPECT_EQ(o->finish_truncated(tag).code(), Errc::invalid_state);
}

TEST(AeadKeys, EmptyAndMovedFrom) {
  AeadKey empty;
  const Bytes nonce(12, 0);
  Bytes out(32);
  EXPECT_FALSE(empty.valid());
  EXPECT_EQ(empty.algorithm(), nullptr);
  EXPECT_EQ(empty.tag_length(), 0u);
  EXPECT_TRUE(empty.backend_name().empty());
  EXPECT_EQ(empty.seal(nonce, {}, {}, out).code(), Errc::invalid_state);
  EXPECT_EQ(empty.open(nonce, {}, out, out).code(), Errc::invalid_state);
  EXPECT_EQ(empty.seal_detached(nonce, {}, {}, {}, out).code(), Errc::invalid_state);
  EXPECT_EQ(empty.open_detached(nonce, {}, {}, out, {}).code(), Errc::invalid_state);
  EXPECT_EQ(aeskit::AeadSealer::create(empty, nonce).code(), Errc::invalid_state);
  EXPECT_EQ(aeskit::AeadOpener::create(empty, nonce).code(), Errc::invalid_state);
  auto k = AeadKey::create(aeskit::aead::aes_128_gcm(), Bytes(16, 1));
  ASSERT_TRUE(k.ok());
  AeadKey moved = std::move(*k);
  EXPECT_FALSE(k->valid());
  EXPECT_EQ(k->seal(nonce, {}, {}, out).code(), Errc::invalid_state);
  EXPECT_TRUE(moved.seal(nonce, {}, {}, out).ok());
  aeskit::Gmac gmac;
  EXPECT_EQ(gmac.compute(nonce, {}, out).code(), Errc::invalid_state);
  EXPECT_EQ(gmac.verify(nonce, {}, {out.data(), 16}).code(), Errc::invalid_state);
}

TEST(AeadKeys, OneKeyManyThreads) {
  aeskit_test::TestRng rng;
  const Bytes key_bytes = rng.bytes(32);
  auto k = AeadKey::create(aeskit::aead::aes_256_gcm(), key_bytes);
  ASSERT_TRUE(k.ok());
  const AeadKey& key = *k;
  std::vector<Bytes> pts;
  for (int t = 0; t < 4; ++t) pts.push_back(rng.bytes(3000 + 17 * static_cast<std::size_t>(t)));
  std::vector<int> failures(4, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      const Bytes nonce(12, static_cast<std::uint8_t>(t));
      const Bytes& pt = pts[static_cast<std::size_t>(t)];
      const auto ref = aeskit_test::gcm::openssl_seal(key_bytes, nonce, {}, pt).joined();
      for (int i = 0; i < 50; ++i) {
        Bytes out(pt.size() + 16), back(pt.size());
        if (!key.seal(nonce, {}, pt, out).ok() || out != ref)
          ++failures[static_cast<std::size_t>(t)];
        if (!key.open(nonce, {}, out, back).ok() || back != pt)
          ++failures[static_cast<std::size_t>(t)];
      }
    });
  }
  for (std::thread& th : threads) th.join();
  EXPECT_EQ(failures, std::vector<int>(4, 0));
}

}  // namespace
