// tests/aead/aead_batch_test.cpp — AeadKey::seal_batch / open_batch (issue 42) against the
// one-message API, for every algorithm of aead::algorithms() on every AES backend this CPU runs
// (AESKIT_DISABLE honoured through backend_available).
//
// Every message of a batch lives in its own arena (input, output and detached tag at chosen
// offsets); the same message is run through the one-message call (seal, seal_detached, open,
// open_detached) on a copy of its arena, and the two arenas, statuses and lengths must be
// equal. Shapes: random lengths 0..9000, random nonce lengths in the algorithm's range and AD
// lengths (fixed for the TLS records), in place and not, attached and detached tags, argument
// errors (output one byte short, nonce out of range, partial overlap, short detached tag) and
// tampered messages in the middle of a batch; batch sizes 0, 1, 7, 32, 33 and 70 (groups of 32
// and the tails). Failed opens must zero their plaintext span and leave the other messages
// opened.
#include <algorithm>
#include <cstddef>
#include <cstdint>
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
using aeskit::AeadMessage;
using aeskit_test::kSanitized;
using aeskit_test::aead::Layout;

constexpr std::uint8_t kFill = 0x5a;

std::vector<std::string> available_backends() {
  std::vector<std::string> names;
  for (const std::string& b : aeskit_test::backend_names())
    if (aeskit_test::backend_available(b)) names.push_back(b);
  return names;
}

// What goes wrong with a message on purpose.
enum class Fault { none, short_output, bad_nonce, overlap, short_tag, tampered };

// One message: its arena and where its spans sit in it.
struct Slot {
  Bytes arena;
  std::size_t in_off = 0, in_len = 0;
  std::size_t out_off = 0, out_len = 0;
  std::size_t tag_off = 0, tag_len = 0;
  bool detached = false;
  Bytes nonce, ad;
  Fault fault = Fault::none;

  AeadMessage message(Bytes& a) const {
    AeadMessage m;
    m.nonce = nonce;
    m.ad = ad;
    m.in = std::span<const std::uint8_t>(a.data() + in_off, in_len);
    m.out = std::span<std::uint8_t>(a.data() + out_off, out_len);
    if (detached) m.tag = std::span<std::uint8_t>(a.data() + tag_off, tag_len);
    m.detached = detached;
    m.status = Errc::invalid_state;  // the batch must overwrite both
    m.length = 12345;
    return m;
  }
};

// The one-message call a batch message stands for.
void run_one(const AeadKey& key, bool seal, AeadMessage& m) {
  if (seal && m.detached) {
    m.status = key.seal_detached(m.nonce, m.ad, m.in, m.out, m.tag);
    m.length = m.status.ok() ? m.in.size() : 0;
  } else if (seal) {
    auto r = key.seal(m.nonce, m.ad, m.in, m.out);
    m.status = r.status();
    m.length = r.ok() ? r.value() : 0;
  } else if (m.detached) {
    m.status = key.open_detached(m.nonce, m.ad, m.in, m.tag, m.out);
    m.length = m.status.ok() ? m.in.size() : 0;
  } else {
    auto r = key.open(m.nonce, m.ad, m.in, m.out);
    m.status = r.status();
    m.length = r.ok() ? r.value() : 0;
  }
}

class AeadBatch : public testing::TestWithParam<const AeadAlgorithm*> {
 protected:
  const AeadAlgorithm& alg() const { return *GetParam(); }
  Layout layout() const { return aeskit_test::aead::layout_of(alg()); }

  std::size_t max_len() const {
    const std::size_t cap = kSanitized ? 2000 : 9000;
    return static_cast<std::size_t>(std::min<std::uint64_t>(alg().max_plaintext(), cap));
  }

  Bytes nonce() {
    // The TLS records take a 16-byte IV (or, implicit-IV forms, none): not a range.
    if (layout().record)
      return rng_.bytes(rng_.coin() ? alg().nonce_min()
                                    : static_cast<std::size_t>(alg().nonce_max()));
    const std::uint64_t hi = std::min<std::uint64_t>(alg().nonce_max(), alg().nonce_min() + 40);
    return rng_.bytes(rng_.between(alg().nonce_min(), static_cast<std::size_t>(hi)));
  }
  Bytes ad() {
    if (layout().fixed_ad != 0) return rng_.bytes(layout().fixed_ad);
    if (ad_blocks_ != kAnyShape) return rng_.bytes(bytes_in_blocks(ad_blocks_));
    return rng_.bytes(rng_.coin() ? 0 : rng_.between(1, 100));
  }

  // bytes_in_blocks: a random length that is `blocks` 16-byte blocks once padded.
  std::size_t bytes_in_blocks(std::size_t blocks) {
    return blocks == 0 ? 0 : 16 * (blocks - 1) + rng_.between(1, 16);
  }
  static constexpr std::size_t kAnyShape = ~std::size_t{0};
  std::size_t ad_blocks_ = kAnyShape;  // ad(): AD of this many blocks, or any length

  // A seal slot holding `pt`; `fault` chooses an argument error.
  Slot seal_slot(const AeadKey& key, const Bytes& pt, Fault fault) {
    Slot s;
    s.nonce = nonce();
    s.ad = ad();
    s.detached = !layout().record && rng_.coin();
    const std::size_t overhead = alg().max_overhead(key.tag_length());
    s.in_len = pt.size();
    s.out_len = s.detached ? pt.size() : pt.size() + overhead;
    s.tag_len = s.detached ? key.tag_length() : 0;
    const bool in_place = rng_.coin();
    s.in_off = 3;
    s.out_off = in_place ? s.in_off : s.in_off + s.in_len + 5;
    s.tag_off = s.out_off + s.out_len + 7;
    s.fault = fault;
    switch (fault) {
      case Fault::short_output:
        if (s.out_len > 0 && !(s.detached && pt.empty()))
          s.out_len -= 1;
        else
          s.fault = Fault::none;
        break;
      case Fault::bad_nonce:
        if (alg().nonce_max() < 64)
          s.nonce = rng_.bytes(static_cast<std::size_t>(alg().nonce_max()) + 1);
        else if (alg().nonce_min() > 0)
          s.nonce = rng_.bytes(alg().nonce_min() - 1);
        else
          s.fault = Fault::none;
        break;
      case Fault::overlap:
        if (s.in_len > 1)
          s.out_off = s.in_off + 1;
        else
          s.fault = Fault::none;
        break;
      case Fault::short_tag:
        if (s.detached)
          s.tag_len -= 1;
        else
          s.fault = Fault::none;
        break;
      default:
        break;
    }
    s.arena.assign(
        std::max(s.tag_off + s.tag_len, std::max(s.in_off + s.in_len, s.out_off + s.out_len)) + 9,
        kFill);
    std::copy(pt.begin(), pt.end(), s.arena.begin() + static_cast<std::ptrdiff_t>(s.in_off));
    return s;
  }

  // An open slot for what seal slot `s` sealed (s.fault must be none): in place or not, its
  // detached tag copied; about one in four with one bit of input or tag flipped (or, with
  // nothing to flip, a nonce one byte longer), one in ten of the rest with a short output.
  Slot open_slot(const AeadKey& key, const Slot& s) {
    const std::size_t sealed_len = s.detached ? s.in_len : 0;
    Slot o;
    o.nonce = s.nonce;
    o.ad = s.ad;
    o.detached = s.detached;
    const auto* base = s.arena.data() + s.out_off;
    Bytes input;
    if (s.detached) {
      input.assign(base, base + sealed_len);
    } else {
      const std::size_t n = aeskit_test::aead::sealed_length(key, s.in_len);
      input.assign(base, base + n);
    }
    o.in_off = 2;
    o.in_len = input.size();
    o.out_len = input.size();
    o.out_off = rng_.coin() ? o.in_off : o.in_off + o.in_len + 4;
    o.tag_len = s.detached ? key.tag_length() : 0;
    o.tag_off = std::max(o.in_off + o.in_len, o.out_off + o.out_len) + 6;
    o.arena.assign(o.tag_off + o.tag_len + 8, kFill);
    std::copy(input.begin(), input.end(), o.arena.begin() + static_cast<std::ptrdiff_t>(o.in_off));
    if (s.detached)
      std::copy(s.arena.begin() + static_cast<std::ptrdiff_t>(s.tag_off),
                s.arena.begin() + static_cast<std::ptrdiff_t>(s.tag_off + s.tag_len),
                o.arena.begin() + static_cast<std::ptrdiff_t>(o.tag_off));
    if (rng_.between(0, 3) == 0) {
      // Flip one bit of the sealed input or the tag.
      o.fault = Fault::tampered;
      const std::size_t span = o.in_len + o.tag_len;
      if (span == 0) {
        o.nonce.push_back(1);  // nonce one byte longer: an argument error, or a mismatch
        o.fault = Fault::bad_nonce;
      } else {
        std::size_t at = rng_.between(0, span - 1);
        std::size_t pos = at < o.in_len ? o.in_off + at : o.tag_off + (at - o.in_len);
        o.arena[pos] ^= static_cast<std::uint8_t>(1u << rng_.between(0, 7));
      }
    } else if (rng_.between(0, 9) == 0) {
      o.fault = Fault::short_output;
      if (o.out_len > 0 && !layout().record)
        o.out_len -= 1;
      else
        o.fault = Fault::none;
    }
    return o;
  }

  aeskit_test::TestRng rng_;
};

// Runs `slots` as one batch and one by one; every outcome must be equal. Returns the arenas
// after the batch.
void compare(const AeadKey& key, bool seal, std::vector<Slot>& slots) {
  std::vector<Bytes> single(slots.size());
  std::vector<AeadMessage> expected(slots.size()), batch(slots.size());
  for (std::size_t i = 0; i < slots.size(); ++i) {
    single[i] = slots[i].arena;
    expected[i] = slots[i].message(single[i]);
    run_one(key, seal, expected[i]);
    batch[i] = slots[i].message(slots[i].arena);
  }
  const aeskit::Status all = seal ? key.seal_batch(batch) : key.open_batch(batch);
  aeskit::Status first;
  for (std::size_t i = 0; i < slots.size(); ++i) {
    SCOPED_TRACE("message " + std::to_string(i) + " of " + std::to_string(slots.size()) +
                 ", length " + std::to_string(slots[i].in_len) +
                 (slots[i].detached ? ", detached" : ", attached") +
                 (slots[i].in_off == slots[i].out_off ? ", in place" : "") + ", fault " +
                 std::to_string(static_cast<int>(slots[i].fault)));
    EXPECT_EQ(batch[i].status.code(), expected[i].status.code());
    EXPECT_EQ(batch[i].length, expected[i].length);
    EXPECT_EQ(to_hex(slots[i].arena), to_hex(single[i])) << "the batch wrote other bytes";
    if (first.ok() && !batch[i].status.ok()) first = batch[i].status;
    const Fault f = slots[i].fault;
    if (f == Fault::none) {
      EXPECT_TRUE(batch[i].status.ok()) << batch[i].status.message();
    }
    if (f == Fault::tampered) {
      EXPECT_EQ(batch[i].status.code(), Errc::authentication_failed);
    }
  }
  EXPECT_EQ(all.code(), first.code()) << "the batch returns its first failure";
}

TEST_P(AeadBatch, EveryShapeEqualsTheOneMessageCalls) {
  const Bytes key_bytes = rng_.bytes(alg().key_length());
  // The default tag length, and the shortest one with one batch of 33 (a kernel that writes
  // full tags must not write past a truncated one).
  std::vector<std::size_t> tag_lengths{alg().default_tag_length()};
  if (alg().tag_lengths().front() != tag_lengths[0])
    tag_lengths.push_back(alg().tag_lengths().front());
  for (const std::string& backend : available_backends())
    for (std::size_t tag_length : tag_lengths) {
      SCOPED_TRACE("backend " + backend + ", tag length " + std::to_string(tag_length));
      auto created = AeadKey::create(alg(), key_bytes, tag_length, backend);
      ASSERT_TRUE(created.ok()) << created.message();
      const AeadKey& key = created.value();
      for (std::size_t count : {std::size_t{0}, std::size_t{1}, std::size_t{7}, std::size_t{32},
                                std::size_t{33}, std::size_t{70}}) {
        if (kSanitized && count > 33) continue;
        if (tag_length != alg().default_tag_length() && count != 33) continue;
        SCOPED_TRACE("batch of " + std::to_string(count));
        std::vector<Bytes> plaintexts;
        std::vector<Slot> slots;
        for (std::size_t i = 0; i < count; ++i) {
          // Mostly good messages; about one in six with an argument error.
          Fault fault = Fault::none;
          if (rng_.between(0, 5) == 0) fault = static_cast<Fault>(rng_.between(1, 4));
          const std::size_t len = rng_.coin() ? rng_.between(0, 64) : rng_.between(0, max_len());
          plaintexts.push_back(rng_.bytes(len));
          slots.push_back(seal_slot(key, plaintexts.back(), fault));
        }
        ASSERT_NO_FATAL_FAILURE(compare(key, true, slots));

        // Open what was sealed; tamper some in the middle of the batch.
        std::vector<Slot> opens;
        std::vector<std::size_t> from;
        for (std::size_t i = 0; i < count; ++i) {
          const Slot& s = slots[i];
          if (s.fault != Fault::none) continue;
          Slot o = open_slot(key, s);
          opens.push_back(std::move(o));
          from.push_back(i);
        }
        ASSERT_NO_FATAL_FAILURE(compare(key, false, opens));
        for (std::size_t j = 0; j < opens.size(); ++j) {
          const Slot& o = opens[j];
          if (o.fault != Fault::none) continue;
          const Bytes& pt = plaintexts[from[j]];
          const auto got = std::span<const std::uint8_t>(o.arena).subspan(o.out_off, pt.size());
          EXPECT_EQ(to_hex(got), to_hex(pt)) << "message " << j << " opened wrong";
        }
      }
    }
}

// Batches whose messages all have one shape — as many AD blocks and as many data blocks, the
// partial blocks' lengths their own — the shape the x86 GCM kernels run one message per lane
// (x86/gcm.hpp lanes_crypt); sealed, then opened with some tampered, against the one-message
// calls.
TEST_P(AeadBatch, BatchesOfOneShapeEqualTheOneMessageCalls) {
  const Bytes key_bytes = rng_.bytes(alg().key_length());
  for (const std::string& backend : available_backends()) {
    SCOPED_TRACE("backend " + backend);
    auto created = AeadKey::create(alg(), key_bytes, alg().default_tag_length(), backend);
    ASSERT_TRUE(created.ok()) << created.message();
    const AeadKey& key = created.value();
    for (std::size_t data_blocks : {0, 1, 3, 4, 7, 8}) {
      for (std::size_t ad_blocks : {0, 1, 2}) {
        SCOPED_TRACE("data blocks " + std::to_string(data_blocks) + ", AD blocks " +
                     std::to_string(ad_blocks));
        ad_blocks_ = ad_blocks;
        std::vector<Bytes> plaintexts;
        std::vector<Slot> slots;
        for (std::size_t i = 0; i < 9; ++i) {
          plaintexts.push_back(rng_.bytes(bytes_in_blocks(data_blocks)));
          slots.push_back(seal_slot(key, plaintexts.back(), Fault::none));
        }
        ad_blocks_ = kAnyShape;
        ASSERT_NO_FATAL_FAILURE(compare(key, true, slots));
        std::vector<Slot> opens;
        for (const Slot& s : slots) opens.push_back(open_slot(key, s));
        ASSERT_NO_FATAL_FAILURE(compare(key, false, opens));
        for (std::size_t j = 0; j < opens.size(); ++j) {
          if (opens[j].fault != Fault::none) continue;
          const auto got = std::span<const std::uint8_t>(opens[j].arena)
                               .subspan(opens[j].out_off, plaintexts[j].size());
          EXPECT_EQ(to_hex(got), to_hex(plaintexts[j])) << "message " << j << " opened wrong";
        }
      }
    }
  }
}

TEST_P(AeadBatch, EmptyKeyFailsEveryMessage) {
  const AeadKey empty;
  Bytes buf(64, kFill);
  std::vector<AeadMessage> ms(3);
  for (AeadMessage& m : ms) {
    m.in = std::span<const std::uint8_t>(buf).first(16);
    m.out = std::span<std::uint8_t>(buf).subspan(32);
  }
  EXPECT_EQ(empty.seal_batch(ms).code(), Errc::invalid_state);
  for (const AeadMessage& m : ms) EXPECT_EQ(m.status.code(), Errc::invalid_state);
  EXPECT_EQ(empty.open_batch(ms).code(), Errc::invalid_state);
  EXPECT_EQ(buf, Bytes(64, kFill));
  EXPECT_TRUE(empty.seal_batch({}).ok());
}

INSTANTIATE_TEST_SUITE_P(Algorithms, AeadBatch, testing::ValuesIn(aeskit::aead::algorithms()),
                         [](const testing::TestParamInfo<const AeadAlgorithm*>& p) {
                           return aeskit_test::identifier(p.param->name());
                         });

}  // namespace
