// tests/capi/capi_batch_test.cpp — aeskit_aead_seal_batch / aeskit_aead_open_batch against
// AeadKey::seal_batch / open_batch for every algorithm of aead::algorithms(): random batches
// of 0..40 messages (lengths 0..2000, attached and detached, in place and not, a detached tag
// one byte short, a tampered message) give the same statuses, lengths, bytes and return value
// through both APIs; more than 32 messages cross the C layer's groups.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "aeskit/aeskit.h"
#include "aeskit/aeskit.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/names.hpp"
#include "support/rng.hpp"

namespace {

using namespace aeskit_test::names;
using aeskit::AeadAlgorithm;

struct Msg {
  Bytes nonce, ad, buf, tag;
  std::size_t in_len = 0, out_off = 0, out_len = 0;
  std::size_t written = 0;  // after a run: the length the batch reported
  bool detached = false;
};

class CapiBatch : public testing::TestWithParam<const AeadAlgorithm*> {
 protected:
  aeskit_test::TestRng rng_;
};

// run: the same batch (copies of `msgs`) through the C API and the C++ API; both outcomes must
// be equal. Returns the C++ side's buffers.
std::vector<Msg> run(aeskit_aead* c, const aeskit::AeadKey& k, std::vector<Msg> msgs, bool seal) {
  std::vector<Msg> cpp = msgs;
  std::vector<aeskit_aead_message> cm(msgs.size());
  std::vector<aeskit::AeadMessage> pm(msgs.size());
  for (std::size_t i = 0; i < msgs.size(); ++i) {
    Msg& m = msgs[i];
    cm[i] = aeskit_aead_message{};
    cm[i].nonce = m.nonce.data(), cm[i].nonce_len = m.nonce.size();
    cm[i].ad = m.ad.data(), cm[i].ad_len = m.ad.size();
    cm[i].in = m.buf.data(), cm[i].in_len = m.in_len;
    cm[i].out = m.buf.data() + m.out_off, cm[i].max_out_len = m.out_len;
    cm[i].tag = m.tag.data(), cm[i].tag_len = m.tag.size();
    cm[i].detached = m.detached ? 1 : 0;
    Msg& p = cpp[i];
    pm[i].nonce = p.nonce;
    pm[i].ad = p.ad;
    pm[i].in = std::span<const std::uint8_t>(p.buf.data(), p.in_len);
    pm[i].out = std::span<std::uint8_t>(p.buf.data() + p.out_off, p.out_len);
    pm[i].tag = p.tag;
    pm[i].detached = p.detached;
  }
  const int rc = seal ? aeskit_aead_seal_batch(c, cm.data(), cm.size())
                      : aeskit_aead_open_batch(c, cm.data(), cm.size());
  const aeskit::Status s = seal ? k.seal_batch(pm) : k.open_batch(pm);
  EXPECT_EQ(rc, static_cast<int>(s.code()));
  for (std::size_t i = 0; i < msgs.size(); ++i) {
    EXPECT_EQ(cm[i].status, static_cast<int>(pm[i].status.code())) << "message " << i;
    EXPECT_EQ(cm[i].out_len, pm[i].length) << "message " << i;
    EXPECT_EQ(to_hex(msgs[i].buf), to_hex(cpp[i].buf)) << "message " << i;
    EXPECT_EQ(to_hex(msgs[i].tag), to_hex(cpp[i].tag)) << "message " << i;
    cpp[i].written = pm[i].length;
  }
  return cpp;
}

TEST_P(CapiBatch, SameOutcomesAsTheCppBatch) {
  const AeadAlgorithm& a = *GetParam();
  const Bytes key = rng_.bytes(a.key_length());
  aeskit_aead* c = nullptr;
  ASSERT_EQ(aeskit_aead_new(&c, std::string(a.name()).c_str(), key.data(), key.size(), 0),
            AESKIT_OK);
  auto k = aeskit::AeadKey::create(a, key);
  ASSERT_TRUE(k.ok());
  const std::size_t tag = k->tag_length();
  const bool record = a.max_overhead(tag) != tag;
  const std::size_t ad_len = record ? 11 : 0;
  for (std::size_t count : {0u, 1u, 7u, 40u}) {
    std::vector<Msg> msgs;
    for (std::size_t i = 0; i < count; ++i) {
      Msg m;
      m.nonce = rng_.bytes(a.nonce_recommended());
      m.ad = rng_.bytes(ad_len != 0 ? ad_len : rng_.between(0, 40));
      m.in_len = rng_.coin() ? rng_.between(0, 64) : rng_.between(0, 2000);
      m.detached = !record && rng_.coin();
      m.out_len = m.in_len + (m.detached ? 0 : a.max_overhead(tag));
      m.out_off = rng_.coin() ? 0 : m.in_len;
      m.buf = rng_.bytes(m.out_off + m.out_len);
      m.tag.assign(m.detached ? tag - (rng_.between(0, 9) == 0 ? 1 : 0) : 0, 0x11);
      msgs.push_back(std::move(m));
    }
    std::vector<Msg> sealed = run(c, *k, msgs, true);
    // Open: the sealed output becomes the input, one message in five tampered.
    std::vector<Msg> opens;
    for (std::size_t i = 0; i < sealed.size(); ++i) {
      Msg o = sealed[i];
      const std::size_t n = o.written;
      Bytes input(o.buf.begin() + static_cast<std::ptrdiff_t>(o.out_off),
                  o.buf.begin() + static_cast<std::ptrdiff_t>(o.out_off + n));
      if (!input.empty() && rng_.between(0, 4) == 0) input[rng_.between(0, input.size() - 1)] ^= 4;
      o.in_len = input.size();
      o.out_off = rng_.coin() ? 0 : o.in_len;
      o.out_len = o.in_len;
      o.buf = input;
      o.buf.resize(o.out_off + o.out_len, 0x22);
      opens.push_back(std::move(o));
    }
    run(c, *k, opens, false);
  }
  aeskit_aead_free(c);
}

INSTANTIATE_TEST_SUITE_P(Algorithms, CapiBatch, testing::ValuesIn(aeskit::aead::algorithms()),
                         [](const testing::TestParamInfo<const AeadAlgorithm*>& p) {
                           return aeskit_test::identifier(p.param->name());
                         });

}  // namespace
