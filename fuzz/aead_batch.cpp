// aead_batch — AeadKey::seal_batch / open_batch (issue 42) on fuzzer-chosen batches, every AEAD
// in aeskit::aead::algorithms().
//
// Each message lives in its own arena (input, output and detached tag at fuzzer-chosen
// offsets, so in place, disjoint and partially overlapping spans all occur); the same message
// also goes through the one-message call (seal, seal_detached, open, open_detached) on a copy
// of its arena. Checks: every status, length and arena byte of the batch equals the
// one-message call's; the batch returns ok exactly when every message succeeded, else the
// first failure's status; an opened message that was sealed untouched gives the plaintext
// back; a message with one flipped bit fails with authentication_failed (or its argument
// error) without changing the others.
//
// Input: [algorithm index][tag-length index][message count, 0..40] key (the algorithm's length),
//        then per message: [flags][nonce length: < 192 the recommended one, else % 65]
//        [AD length][plaintext length, 2 bytes][in offset][out offset][tag offset]
//        [bit to flip, 2 bytes] nonce, AD, plaintext.
// flags: bit 0 detached, bit 1 out at the in offset (in place), bit 2 flip a bit before
// opening, bit 3 output one byte short, bit 4 tag one byte short, bit 5 the AD and plaintext
// lengths cut to as many 16-byte blocks as the previous message's (a batch of one shape: the
// x86 GCM kernels' one message per lane).
#include <algorithm>
#include <cstring>
#include <vector>

#include "aeskit/aead.hpp"
#include "fuzz_aead.hpp"
#include "fuzz_support.hpp"

using namespace aeskit_fuzz;

namespace {

// same_blocks: a length of as many 16-byte blocks as `like` (padded), chosen by `pick`.
std::size_t same_blocks(std::size_t like, std::size_t pick) {
  const std::size_t blocks = (like + 15) / 16;
  return blocks == 0 ? 0 : 16 * (blocks - 1) + 1 + pick % 16;
}

struct Slot {
  Bytes arena;
  std::size_t in_off = 0, in_len = 0, out_off = 0, out_len = 0, tag_off = 0, tag_len = 0;
  bool detached = false;
  Bytes nonce, ad;

  aeskit::AeadMessage message(Bytes& a) const {
    aeskit::AeadMessage m;
    m.nonce = nonce;
    m.ad = ad;
    m.in = ByteSpan(a.data() + in_off, in_len);
    m.out = std::span<std::uint8_t>(a.data() + out_off, out_len);
    if (detached) m.tag = std::span<std::uint8_t>(a.data() + tag_off, tag_len);
    m.detached = detached;
    return m;
  }
};

void run_one(const aeskit::AeadKey& key, bool seal, aeskit::AeadMessage& m) {
  if (seal && m.detached) {
    m.status = key.seal_detached(m.nonce, m.ad, m.in, m.out, m.tag);
    m.length = m.status.ok() ? m.in.size() : 0;
  } else if (seal) {
    auto r = key.seal(m.nonce, m.ad, m.in, m.out);
    m.status = r.status();
    m.length = r.ok() ? *r : 0;
  } else if (m.detached) {
    m.status = key.open_detached(m.nonce, m.ad, m.in, m.tag, m.out);
    m.length = m.status.ok() ? m.in.size() : 0;
  } else {
    auto r = key.open(m.nonce, m.ad, m.in, m.out);
    m.status = r.status();
    m.length = r.ok() ? *r : 0;
  }
}

// compare: the batch against the one-message calls; returns each message's outcome.
std::vector<aeskit::AeadMessage> compare(const aeskit::AeadKey& key, bool seal,
                                         std::vector<Slot>& slots) {
  std::vector<Bytes> single(slots.size());
  std::vector<aeskit::AeadMessage> expected(slots.size()), batch(slots.size());
  for (std::size_t i = 0; i < slots.size(); ++i) {
    single[i] = slots[i].arena;
    expected[i] = slots[i].message(single[i]);
    run_one(key, seal, expected[i]);
    batch[i] = slots[i].message(slots[i].arena);
  }
  const aeskit::Status all = seal ? key.seal_batch(batch) : key.open_batch(batch);
  aeskit::Status first;
  for (std::size_t i = 0; i < slots.size(); ++i) {
    FUZZ_REQUIRE(batch[i].status == expected[i].status);
    FUZZ_REQUIRE(batch[i].length == expected[i].length);
    FUZZ_REQUIRE(slots[i].arena == single[i]);
    if (first.ok() && !batch[i].status.ok()) first = batch[i].status;
  }
  FUZZ_REQUIRE(all == first);
  return batch;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Input in(data, size);
  const auto [alg, tag_len] = pick_aead(in);
  const std::size_t count = in.u8() % 41;
  const ByteSpan key_bytes = in.take(alg.key_length());
  if (key_bytes.size() != alg.key_length()) return 0;
  auto key = aeskit::AeadKey::create(alg, key_bytes, tag_len);
  FUZZ_REQUIRE(key.ok());
  const std::size_t overhead = alg.max_overhead(tag_len);

  std::vector<Slot> seals;
  std::vector<std::uint8_t> flags;
  std::vector<std::uint16_t> flips;
  std::vector<Bytes> plaintexts;
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint8_t f = in.u8();
    Slot s;
    const std::uint8_t nonce_byte = in.u8();  // mostly the recommended length, else 0..64
    const std::size_t nonce_len = nonce_byte < 192 ? alg.nonce_recommended() : nonce_byte % 65u;
    std::size_t ad_len = is_record(alg) ? 11 : in.u8();
    std::size_t pt_len = in.u16() % 4096;
    if ((f & 32) != 0 && i > 0) {  // the previous message's shape: as many 16-byte blocks
      if (!is_record(alg)) ad_len = same_blocks(seals.back().ad.size(), ad_len);
      pt_len = same_blocks(plaintexts.back().size(), pt_len);
    }
    const std::size_t in_off = in.u8() % 32, out_off = in.u8() % 64, tag_off = in.u8() % 64;
    flips.push_back(in.u16());
    s.nonce = copy(in.take(nonce_len));
    s.ad = copy(in.take(ad_len));
    plaintexts.push_back(copy(in.take(pt_len)));
    const Bytes& pt = plaintexts.back();
    s.detached = (f & 1) != 0;
    s.in_off = in_off;
    s.in_len = pt.size();
    s.out_off = (f & 2) != 0 ? in_off : in_off + out_off;  // in place, overlapping or after
    s.out_len = s.detached ? pt.size() : pt.size() + overhead;
    if ((f & 8) != 0 && s.out_len > 0) --s.out_len;
    s.tag_len = s.detached ? tag_len - ((f & 16) != 0 ? 1 : 0) : 0;
    s.tag_off = std::max(s.in_off + s.in_len, s.out_off + s.out_len) + tag_off % 8;
    if (tag_off >= 56) s.tag_off = s.out_off;  // the tag over the output: overlapping_buffers
    s.arena.assign(std::max(s.tag_off + s.tag_len, s.out_off + s.out_len) + s.in_len + 4, 0xa5);
    put(s.arena.data() + s.in_off, pt.data(), pt.size());
    seals.push_back(std::move(s));
    flags.push_back(f);
  }
  const auto sealed = compare(*key, true, seals);

  // Open what sealed (in place or not as the seal was), some with one bit flipped.
  std::vector<Slot> opens;
  std::vector<std::size_t> from;
  std::vector<bool> flipped;
  for (std::size_t i = 0; i < seals.size(); ++i) {
    if (!sealed[i].status.ok()) continue;
    const Slot& s = seals[i];
    Slot o;
    o.nonce = s.nonce;
    o.ad = s.ad;
    o.detached = s.detached;
    o.in_off = 5;
    o.in_len = sealed[i].length;
    o.out_off = (flags[i] & 2) != 0 ? o.in_off : o.in_off + o.in_len + 3;
    o.out_len = o.in_len;
    o.tag_len = s.detached ? tag_len : 0;
    o.tag_off = o.out_off + o.out_len + o.in_len + 2;
    o.arena.assign(o.tag_off + o.tag_len + 2, 0x3c);
    put(o.arena.data() + o.in_off, s.arena.data() + s.out_off, o.in_len);
    if (s.detached) put(o.arena.data() + o.tag_off, s.arena.data() + s.tag_off, tag_len);
    const bool flip = (flags[i] & 4) != 0 && o.in_len + o.tag_len > 0;
    if (flip) {
      const std::size_t bit = flips[i] % ((o.in_len + o.tag_len) * 8);
      const std::size_t byte = bit / 8;
      const std::size_t at = byte < o.in_len ? o.in_off + byte : o.tag_off + (byte - o.in_len);
      o.arena[at] ^= static_cast<std::uint8_t>(1u << (bit % 8));
    }
    opens.push_back(std::move(o));
    from.push_back(i);
    flipped.push_back(flip);
  }
  const auto opened = compare(*key, false, opens);
  for (std::size_t j = 0; j < opens.size(); ++j) {
    if (flipped[j]) {
      FUZZ_REQUIRE(!opened[j].status.ok());
      continue;
    }
    FUZZ_REQUIRE(opened[j].status.ok());
    const Bytes& pt = plaintexts[from[j]];
    FUZZ_REQUIRE(opened[j].length == pt.size());
    FUZZ_REQUIRE(pt.empty() ||
                 std::memcmp(opens[j].arena.data() + opens[j].out_off, pt.data(), pt.size()) == 0);
  }
  return 0;
}
