// chunked — c2sp.org chunked encryption (aeskit/chunked.hpp): whole-buffer open, the push
// Decryptor, the PullDecryptor and the random-access Reader on the same ciphertext.
//
// Checks: nothing crashes; when whole-buffer open succeeds, every stream succeeds and releases
// exactly its plaintext, and the Reader's size() and reads agree with it; when it fails, its
// output span is zeroed, every stream fails (no finish() or end-of-stream), and every byte a
// stream released belongs to a chunk that verifies on its own (hazmat::open_chunk with the
// header's derived keys): the push and pull streams release only whole non-final chunks
// 0..k-1 in order, the Reader only chunks it verified (the final chunk as final), and a failed
// Reader read leaves each touched chunk's part of the output either unwritten or verified.
//
// Input: [suite][flags][context length][stream seed, 4 bytes] key, context, then either
//   flags bit 0 clear: the ciphertext (the rest; at most kShortCiphertext bytes unless flags
//     bit 3 is set), or
//   flags bit 0 set: [salt, 24 bytes][plaintext length, 3 bytes: below 1100, or with flags
//     bit 3 below 2 · 16384 + 100][mutation count]
//     [mutations: position 4 bytes, xor byte][cut, 2 bytes][extra bytes...]: a ciphertext
//     sealed here (plaintext from the seed), then bytes xored, the end cut (bit 1) and the
//     extra bytes appended (bit 2).
// Flags bit 3 marks a long input (chunks of up to 16 KiB; the ciphertext to max_len). A long
// input runs whole-buffer open and one of the three streams (push, pull, Reader with two
// reads; picked by the seed), a short one all three (four Reader reads): short inputs stay
// cheap, and the long ones still reach every chunk boundary. (The split dates from when a
// failing chunk cost a trial open at every shorter length, ~130 MB of AES-GCM for a full one;
// ChunkKeys::failure_kind now costs one GHASH pass over the chunk and at most one open.) The stream
// seed drives a small generator for the push splits, the pull source's and reader's sizes, and the
// Reader's offsets.
#include <cstring>
#include <optional>

#include "aeskit/chunked.hpp"
#include "fuzz_support.hpp"

using namespace aeskit_fuzz;
namespace ck = aeskit::chunked;

namespace {

// Short inputs (flags bit 3 clear): plaintexts below 1100 bytes, ciphertexts cut to a header
// and a final chunk of at most 1100 bytes.
constexpr std::size_t kShortPlaintext = 1100;
constexpr std::size_t kShortCiphertext = ck::kHeaderSize + kShortPlaintext + ck::kTagSize;

// Rng: splitmix64, deterministic from the fuzzer's seed.
struct Rng {
  std::uint64_t s;
  std::uint64_t next() {
    std::uint64_t z = (s += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
  }
  std::size_t below(std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(next() % n); }
  // size: mostly small pieces, sometimes around a chunk.
  std::size_t size() {
    switch (next() % 4) {
      case 0:
        return below(17);
      case 1:
        return below(300);
      case 2:
        return below(5000);
      default:
        return 16300 + below(200);
    }
  }
};

// Model: the chunks as hazmat::open_chunk verifies them with the header's keys.
struct Model {
  ck::Suite suite;
  ByteSpan body;
  bool header_ok = false;
  Bytes aead_key, nonce;

  Model(ck::Suite s, ByteSpan key, ByteSpan ctx, ByteSpan ct) : suite(s) {
    if (ct.size() < ck::kHeaderSize) return;
    aead_key.assign(ck::key_length(s), 0);
    nonce.assign(ck::kNonceSize, 0);
    Bytes commitment(ck::kCommitmentSize, 0);
    FUZZ_REQUIRE(
        ck::hazmat::derive_keys(s, key, ct.first(ck::kSaltSize), ctx, aead_key, nonce, commitment)
            .ok());
    header_ok = same(commitment, ct.subspan(ck::kSaltSize, ck::kCommitmentSize));
    body = ct.subspan(ck::kHeaderSize);
  }

  // chunk: chunk i's plaintext if it verifies (as the final chunk or not).
  std::optional<Bytes> chunk(std::uint64_t i, bool final_chunk) const {
    if (!header_ok) return std::nullopt;
    const std::uint64_t start = i * ck::kWireChunkSize;
    if (start > body.size()) return std::nullopt;
    const std::size_t len = std::min<std::uint64_t>(ck::kWireChunkSize, body.size() - start);
    if (len < ck::kTagSize) return std::nullopt;
    Bytes out(len - ck::kTagSize, 0);
    if (!ck::hazmat::open_chunk(suite, aead_key, nonce, i, final_chunk,
                                body.subspan(static_cast<std::size_t>(start), len), out)
             .ok())
      return std::nullopt;
    return out;
  }

  // released_ok: what a stream released before failing is whole non-final chunks 0..k-1.
  bool released_ok(const Bytes& released) const {
    if (released.empty()) return true;
    if (released.size() % ck::kChunkSize != 0) return false;
    for (std::size_t i = 0; i < released.size() / ck::kChunkSize; ++i) {
      auto c = chunk(i, false);
      if (!c || c->size() != ck::kChunkSize ||
          !same(*c, ByteSpan(released).subspan(i * ck::kChunkSize, ck::kChunkSize)))
        return false;
    }
    return true;
  }
};

// push: the Decryptor fed in generated pieces; false when a call failed.
bool push(ck::Suite suite, ByteSpan key, ByteSpan ctx, ByteSpan ct, Rng& rng, Bytes& released) {
  auto d = ck::Decryptor::create(suite, key, ctx);
  FUZZ_REQUIRE(d.ok());
  std::size_t pos = 0;
  while (pos < ct.size()) {
    const std::size_t n = std::min(rng.size(), ct.size() - pos);
    Bytes out(d->update_bound(n), kFill);
    auto u = d->update(ct.subspan(pos, n), out);
    if (!u.ok()) return false;
    FUZZ_REQUIRE(*u <= out.size());
    released.insert(released.end(), out.begin(), out.begin() + static_cast<std::ptrdiff_t>(*u));
    pos += n;
  }
  Bytes out(ck::Decryptor::kFinishBound, kFill);
  auto f = d->finish(out);
  if (!f.ok()) return false;
  released.insert(released.end(), out.begin(), out.begin() + static_cast<std::ptrdiff_t>(*f));
  return true;
}

// pull: the PullDecryptor over a source of generated piece sizes; false on an error.
bool pull(ck::Suite suite, ByteSpan key, ByteSpan ctx, ByteSpan ct, Rng& rng, Bytes& released) {
  auto d = ck::Decryptor::create(suite, key, ctx);
  FUZZ_REQUIRE(d.ok());
  std::size_t pos = 0;
  Rng source_rng{rng.next()};
  ck::PullDecryptor p(std::move(*d), [&pos, ct, &source_rng](std::span<std::uint8_t> buf) {
    const std::size_t n = std::min({buf.size(), ct.size() - pos, 1 + source_rng.size()});
    put(buf.data(), ct.data() + pos, n);
    pos += n;
    return aeskit::Result<std::size_t>(n);
  });
  for (int guard = 0; guard < 100000; ++guard) {
    Bytes out(1 + rng.size(), kFill);
    auto r = p.read(out);
    if (!r.ok()) {
      // Errors repeat.
      Bytes again(16, kFill);
      auto r2 = p.read(again);
      FUZZ_REQUIRE(!r2.ok() && r2.code() == r.code());
      return false;
    }
    FUZZ_REQUIRE(*r <= out.size());
    if (*r == 0) return true;
    released.insert(released.end(), out.begin(), out.begin() + static_cast<std::ptrdiff_t>(*r));
  }
  FUZZ_REQUIRE(false);  // no progress
  return false;
}

void check_reader(ck::Suite suite, ByteSpan key, ByteSpan ctx, ByteSpan ct, const Model& model,
                  const std::optional<Bytes>& whole, Rng& rng, int reads) {
  auto rd = ck::Reader::open(suite, key, ctx, ct);
  if (whole) FUZZ_REQUIRE(rd.ok() && rd->claimed_size() == whole->size());
  if (!rd.ok()) return;
  FUZZ_REQUIRE(model.header_ok);
  const std::uint64_t claimed = rd->claimed_size();
  const std::uint64_t last = claimed / ck::kChunkSize;
  if (rng.next() % 2) {
    auto s = rd->size();
    if (whole) FUZZ_REQUIRE(s.ok() && *s == whole->size());
    if (s.ok()) FUZZ_REQUIRE(*s == claimed && model.chunk(last, true).has_value());
  }
  for (int i = 0; i < reads; ++i) {
    const std::uint64_t offset = rng.below(static_cast<std::size_t>(claimed) + 2);
    Bytes out(rng.size(), kFill);
    auto r = rd->read(offset, out);
    if (whole) {
      FUZZ_REQUIRE(r.ok());
      const std::size_t want =
          offset >= claimed ? 0 : std::min<std::uint64_t>(out.size(), claimed - offset);
      FUZZ_REQUIRE(*r == want);
      FUZZ_REQUIRE(same(
          ByteSpan(out.data(), want),
          ByteSpan(*whole).subspan(static_cast<std::size_t>(std::min(offset, claimed)), want)));
      continue;
    }
    // Every touched chunk verified: what was written matches its verified plaintext.
    const std::size_t written = r.ok() ? *r : out.size();
    FUZZ_REQUIRE(written <= out.size());
    std::size_t done = 0;
    while (done < written && offset + done < claimed) {
      const std::uint64_t at = offset + done;
      const std::uint64_t idx = at / ck::kChunkSize;
      const std::size_t in_chunk = static_cast<std::size_t>(at % ck::kChunkSize);
      const std::size_t take = std::min<std::size_t>(written - done, ck::kChunkSize - in_chunk);
      const ByteSpan part(out.data() + done, take);
      const bool untouched =
          std::all_of(part.begin(), part.end(), [](std::uint8_t b) { return b == kFill; });
      if (r.ok() || !untouched) {
        auto c = model.chunk(idx, idx == last);
        FUZZ_REQUIRE(c.has_value() && in_chunk + take <= c->size());
        FUZZ_REQUIRE(same(part, ByteSpan(*c).subspan(in_chunk, take)));
      }
      done += take;
    }
    if (!r.ok()) {
      // Past the claimed end nothing is written.
      for (std::size_t j = done; j < out.size(); ++j) FUZZ_REQUIRE(out[j] == kFill);
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Input in(data, size);
  const ck::Suite suite = (in.u8() & 1) ? ck::Suite::cobblestone_256 : ck::Suite::cobblestone_128;
  const std::uint8_t flags = in.u8();
  const bool long_input = (flags & 8) != 0;
  const std::size_t ctx_len = in.u8() % 64;
  Rng rng{in.u32()};
  const Bytes key = copy(in.take(ck::key_length(suite)));
  const Bytes ctx = copy(in.take(ctx_len));
  if (key.size() != ck::key_length(suite) || ctx.size() != ctx_len) return 0;

  Bytes ct;
  if (!(flags & 1)) {
    ct = copy(in.rest());
    if (!long_input && ct.size() > kShortCiphertext) ct.resize(kShortCiphertext);
  } else {
    const Bytes salt = copy(in.take(ck::kSaltSize));
    if (salt.size() != ck::kSaltSize) return 0;
    // Short: a final chunk only; long: up to two full chunks and a final one.
    std::size_t pt_len = in.u8();
    pt_len = (pt_len << 16 | in.u16()) % (long_input ? 2 * ck::kChunkSize + 100 : kShortPlaintext);
    Bytes pt(pt_len, 0);
    Rng fill{rng.s ^ 0x5555};
    for (auto& b : pt) b = static_cast<std::uint8_t>(fill.next());
    auto len = ck::ciphertext_length(pt_len);
    FUZZ_REQUIRE(len.ok());
    ct.assign(static_cast<std::size_t>(*len), 0);
    auto s = ck::hazmat::seal_with_salt(suite, key, salt, ctx, pt, ct, 1);
    FUZZ_REQUIRE(s.ok() && *s == ct.size());
    const std::size_t mutations = in.u8() % 4;
    for (std::size_t i = 0; i < mutations; ++i) {
      const std::size_t at = in.u32() % ct.size();
      const std::uint8_t x = in.u8();
      ct[at] = static_cast<std::uint8_t>(ct[at] ^ (x == 0 ? 1 : x));
    }
    const std::size_t cut = in.u16();
    if (flags & 2) ct.resize(ct.size() - cut % (ct.size() + 1));
    if (flags & 4) {
      const ByteSpan extra = in.rest();
      ct.insert(ct.end(), extra.begin(), extra.end());
    }
    // Untouched: it opens to pt (checked again below through `whole`).
    if (mutations == 0 && !(flags & 6)) {
      Bytes back(pt.size() + 1, 0);
      auto o = ck::open(suite, key, ctx, ct, back, 1);
      FUZZ_REQUIRE(o.ok() && *o == pt.size() && same(ByteSpan(back.data(), *o), pt));
    }
  }

  // Whole-buffer open.
  std::optional<Bytes> whole;
  {
    Bytes out(ct.size() + 16, kFill);
    auto o = ck::open(suite, key, ctx, ct, out, 1);
    auto pl = ck::plaintext_length(ct.size());
    if (o.ok()) {
      FUZZ_REQUIRE(pl.ok() && *o == *pl);
      whole = Bytes(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(*o));
    } else if (pl.ok()) {
      FUZZ_REQUIRE(all_zero(out.data(), static_cast<std::size_t>(*pl)));
    } else {
      for (std::uint8_t b : out) FUZZ_REQUIRE(b == 0 || b == kFill);
    }
  }
  const Model model(suite, key, ctx, ct);
  if (whole) FUZZ_REQUIRE(model.header_ok);

  // Short inputs: every stream; long ones: one of them.
  const unsigned only = long_input ? static_cast<unsigned>(rng.next() % 3) : 3;
  Bytes released;
  if (only == 0 || only == 3) {
    const bool push_ok = push(suite, key, ctx, ct, rng, released);
    if (whole)
      FUZZ_REQUIRE(push_ok && released == *whole);
    else
      FUZZ_REQUIRE(!push_ok && model.released_ok(released));
  }
  if (only == 1 || only == 3) {
    released.clear();
    const bool pull_ok = pull(suite, key, ctx, ct, rng, released);
    if (whole)
      FUZZ_REQUIRE(pull_ok && released == *whole);
    else
      FUZZ_REQUIRE(!pull_ok && model.released_ok(released));
  }
  if (only == 2 || only == 3)
    check_reader(suite, key, ctx, ct, model, whole, rng, long_input ? 2 : 4);
  return 0;
}
