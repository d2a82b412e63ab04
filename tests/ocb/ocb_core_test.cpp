// tests/ocb/ocb_core_test.cpp — aeskit::OcbCore (aeskit/ocb.hpp), OCB3 on a caller-kept
// state, on every available backend: against OpenSSL's EVP OCB (every tag length 1..16,
// nonces of 1..15 bytes) and against aeskit's own one-shot AeadKey OCB, with AD and data fed
// in random whole-block pieces interleaved in random order (the last piece of each may be
// partial), in place and out of place; plus the argument errors, which change nothing.
// Random inputs from the fixed-seed PRNG (seed printed; AESKIT_TEST_SEED overrides).
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "aead_ocb_support.hpp"
#include "aeskit/ocb.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/rng.hpp"

namespace {

using aeskit_test::Bytes;
using aeskit_test::to_hex;

class OcbCoreTest : public testing::TestWithParam<std::string> {};

// run: one message through `core`, AD and data each cut into pieces of whole blocks (the
// last piece takes the rest, partial block included), the pieces of the two streams
// interleaved at random. Returns out || tag (tag_len bytes).
Bytes run(const aeskit::OcbCore& core, aeskit_test::TestRng& rng, bool encrypting,
          const Bytes& nonce, std::size_t tag_len, const Bytes& ad, const Bytes& in,
          bool in_place) {
  aeskit::OcbState st;
  EXPECT_TRUE(core.start(nonce, tag_len, st).ok());
  Bytes out = in;
  if (!in_place) out.assign(in.size(), 0xa5);
  std::size_t ad_done = 0, done = 0;
  auto piece = [&](std::size_t left) {
    const std::size_t blocks = left / 16;
    const std::size_t take = rng.coin() ? left : 16 * rng.between(0, blocks);
    return take;
  };
  while (ad_done < ad.size() || done < in.size()) {
    const bool do_ad = done == in.size() || (ad_done < ad.size() && rng.coin());
    if (do_ad) {
      const std::size_t n = piece(ad.size() - ad_done);
      EXPECT_TRUE(core.absorb_ad(st, {ad.data() + ad_done, n}).ok());
      ad_done += n;
    } else {
      const std::size_t n = piece(in.size() - done);
      const std::span<const std::uint8_t> src{(in_place ? out.data() : in.data()) + done, n};
      const std::span<std::uint8_t> dst{out.data() + done, n};
      EXPECT_TRUE((encrypting ? core.encrypt(st, src, dst) : core.decrypt(st, src, dst)).ok());
      done += n;
    }
  }
  // Empty calls change nothing.
  EXPECT_TRUE(core.absorb_ad(st, {}).ok());
  EXPECT_TRUE(core.encrypt(st, {}, {}).ok());
  Bytes tag(tag_len);
  EXPECT_TRUE(core.tag(st, tag).ok());
  out.insert(out.end(), tag.begin(), tag.end());
  return out;
}

TEST_P(OcbCoreTest, MatchesOpenSslAndTheOneShotKeyInAnyOrderAndSplit) {
  AESKIT_SKIP_UNAVAILABLE(GetParam());
  aeskit_test::TestRng rng;
  std::size_t checked = 0;
  for (int i = 0; i < aeskit_test::scaled(300, 60); ++i) {
    const std::size_t key_len = aeskit_test::kKeySizes[i % 3];
    const Bytes key = rng.bytes(key_len);
    const Bytes nonce = rng.bytes(rng.coin() ? 12 : rng.between(1, 15));
    const std::size_t tag_len = rng.between(1, 16);
    const Bytes ad = rng.bytes(rng.coin() ? rng.between(0, 40) : rng.between(0, 700));
    const std::size_t len = i % 5 == 0 ? rng.between(0, 9000) : rng.between(0, 600);
    const Bytes pt = rng.bytes(len);
    SCOPED_TRACE("key " + to_hex(key) + " nonce " + to_hex(nonce) + " tag " +
                 std::to_string(tag_len) + " ad " + std::to_string(ad.size()) + " len " +
                 std::to_string(len));
    auto core = aeskit::OcbCore::create(key, GetParam());
    ASSERT_TRUE(core.ok());
    EXPECT_EQ(core->backend_name(), GetParam());
    const bool in_place = rng.coin();
    const Bytes sealed = run(*core, rng, true, nonce, tag_len, ad, pt, in_place);
    ASSERT_EQ(to_hex(sealed), to_hex(aeskit_test::ocb::openssl_seal(key, nonce, ad, pt, tag_len)));
    if (tag_len >= 8) {  // the tag lengths AeadKey's OCB takes
      auto one_shot = aeskit_test::ocb::make_key({GetParam(), true}, key, tag_len);
      ASSERT_TRUE(one_shot.has_value());
      Bytes expect(pt.size() + tag_len);
      ASSERT_TRUE(one_shot->seal(nonce, ad, pt, expect).ok());
      EXPECT_EQ(to_hex(sealed), to_hex(expect));
    }
    // Decrypting gives the plaintext back and the same tag.
    const Bytes ct(sealed.begin(), sealed.end() - static_cast<long>(tag_len));
    const Bytes opened = run(*core, rng, false, nonce, tag_len, ad, ct, !in_place);
    EXPECT_EQ(to_hex(Bytes(opened.begin(), opened.end() - static_cast<long>(tag_len))), to_hex(pt));
    EXPECT_EQ(to_hex(Bytes(opened.end() - static_cast<long>(tag_len), opened.end())),
              to_hex(Bytes(sealed.end() - static_cast<long>(tag_len), sealed.end())));
    ++checked;
  }
  EXPECT_GT(checked, 0u);
}

TEST_P(OcbCoreTest, ACopiedStateForksTheMessage) {
  AESKIT_SKIP_UNAVAILABLE(GetParam());
  aeskit_test::TestRng rng;
  const Bytes key = rng.bytes(16), nonce = rng.bytes(12), ad = rng.bytes(20);
  const Bytes pt = rng.bytes(100);
  auto core = aeskit::OcbCore::create(key, GetParam());
  ASSERT_TRUE(core.ok());
  aeskit::OcbState st;
  ASSERT_TRUE(core->start(nonce, 16, st).ok());
  ASSERT_TRUE(core->absorb_ad(st, ad).ok());
  Bytes a(pt.size()), b(pt.size());
  ASSERT_TRUE(core->encrypt(st, {pt.data(), 32}, {a.data(), 32}).ok());
  aeskit::OcbState fork = st;
  ASSERT_TRUE(core->encrypt(st, {pt.data() + 32, 68}, {a.data() + 32, 68}).ok());
  std::memcpy(b.data(), a.data(), 32);
  ASSERT_TRUE(core->encrypt(fork, {pt.data() + 32, 68}, {b.data() + 32, 68}).ok());
  Bytes ta(16), tb(16);
  ASSERT_TRUE(core->tag(st, ta).ok());
  ASSERT_TRUE(core->tag(fork, tb).ok());
  EXPECT_EQ(to_hex(a), to_hex(b));
  EXPECT_EQ(to_hex(ta), to_hex(tb));
  Bytes expect = aeskit_test::ocb::openssl_seal(key, nonce, ad, pt, 16);
  a.insert(a.end(), ta.begin(), ta.end());
  EXPECT_EQ(to_hex(a), to_hex(expect));
}

INSTANTIATE_TEST_SUITE_P(Backends, OcbCoreTest, testing::ValuesIn(aeskit_test::backend_names()),
                         aeskit_test::backend_param_name);

// Argument errors: each is refused with its code, writes nothing and leaves the state as it
// was (the message then finishes exactly as OpenSSL's).
TEST(OcbCoreErrors, RefusedArgumentsChangeNothing) {
  aeskit_test::TestRng rng;
  const Bytes key = rng.bytes(32), nonce = rng.bytes(12), ad = rng.bytes(5);
  Bytes pt = rng.bytes(64);
  EXPECT_EQ(aeskit::OcbCore::create(rng.bytes(20)).status().code(), aeskit::Errc::bad_key_length);
  EXPECT_EQ(aeskit::OcbCore::create(key, "no-such-backend").status().code(),
            aeskit::Errc::unknown_backend);
  auto core = aeskit::OcbCore::create(key);
  ASSERT_TRUE(core.ok());
  aeskit::OcbState st;
  ASSERT_TRUE(core->start(nonce, 16, st).ok());
  const aeskit::OcbState before = st;
  auto same = [&](const aeskit::OcbState& s) {
    return std::memcmp(s.offset, before.offset, 16) == 0 &&
           std::memcmp(s.checksum, before.checksum, 16) == 0 &&
           std::memcmp(s.ad_offset, before.ad_offset, 16) == 0 &&
           std::memcmp(s.ad_sum, before.ad_sum, 16) == 0 && s.blocks == before.blocks &&
           s.ad_blocks == before.ad_blocks;
  };
  EXPECT_EQ(core->start({}, 16, st).code(), aeskit::Errc::bad_nonce_length);
  EXPECT_EQ(core->start(rng.bytes(16), 16, st).code(), aeskit::Errc::bad_nonce_length);
  EXPECT_EQ(core->start(nonce, 0, st).code(), aeskit::Errc::bad_tag_length);
  EXPECT_EQ(core->start(nonce, 17, st).code(), aeskit::Errc::bad_tag_length);
  EXPECT_TRUE(same(st));
  Bytes out(63, 0x5a);
  EXPECT_EQ(core->encrypt(st, pt, out).code(), aeskit::Errc::output_too_small);
  EXPECT_EQ(core->decrypt(st, pt, out).code(), aeskit::Errc::output_too_small);
  EXPECT_EQ(out, Bytes(63, 0x5a));
  const Bytes pt_before = pt;
  EXPECT_EQ(core->encrypt(st, {pt.data(), 48}, {pt.data() + 16, 48}).code(),
            aeskit::Errc::overlapping_buffers);
  EXPECT_EQ(pt, pt_before);
  EXPECT_TRUE(same(st));
  Bytes tag(17);
  EXPECT_EQ(core->tag(st, tag).code(), aeskit::Errc::invalid_argument);
  EXPECT_EQ(core->tag(st, {}).code(), aeskit::Errc::invalid_argument);
  EXPECT_EQ(tag, Bytes(17, 0));

  // The message goes on as if nothing had been refused.
  Bytes ct(pt.size());
  ASSERT_TRUE(core->absorb_ad(st, ad).ok());
  ASSERT_TRUE(core->encrypt(st, pt, ct).ok());
  Bytes t(16);
  ASSERT_TRUE(core->tag(st, t).ok());
  ct.insert(ct.end(), t.begin(), t.end());
  EXPECT_EQ(to_hex(ct), to_hex(aeskit_test::ocb::openssl_seal(key, nonce, ad, pt, 16)));

  aeskit::OcbCore empty;
  EXPECT_FALSE(empty.valid());
  EXPECT_EQ(empty.start(nonce, 16, st).code(), aeskit::Errc::invalid_state);
  EXPECT_EQ(empty.absorb_ad(st, ad).code(), aeskit::Errc::invalid_state);
  EXPECT_EQ(empty.encrypt(st, pt, ct).code(), aeskit::Errc::invalid_state);
  EXPECT_EQ(empty.tag(st, t).code(), aeskit::Errc::invalid_state);
  st.clear();
  EXPECT_EQ(st.blocks, 0u);
  EXPECT_EQ(to_hex(Bytes(st.offset, st.offset + 16)), std::string(32, '0'));
}

}  // namespace
