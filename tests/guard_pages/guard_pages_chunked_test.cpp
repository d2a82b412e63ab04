// tests/guard_pages/guard_pages_chunked_test.cpp — the chunked format (aeskit/chunked.hpp,
// c2sp.org/chunked-encryption v1: Cobblestone-128 and -256) with every buffer the API lets the
// caller place against an inaccessible page (guard_page.hpp): it ends exactly where a PROT_NONE
// page begins, or starts right after one. Each guarded run must give the same bytes as the same
// call on ordinary buffers.
//
// Coverage, both suites, plaintexts of every length 0..70 and 1000, 16383, 16384, 16385 and
// 2 · 16384 + 70 bytes (one, two and three chunks):
//   - seal_with_salt / open and raw_seal / raw_open (whole buffers; two threads above a chunk),
//     key, salt and context at guards too;
//   - seal_chunk / open_chunk (final chunks and a full non-final one);
//   - the push streams: Encryptor and Decryptor in three pieces, each piece and each output
//     span (exactly what the update writes, learnt from required_size after an update into an
//     empty span; kFinishBound for finish) at a guard;
//   - the pull streams: PullEncryptor and PullDecryptor read into spans of 1..20000 bytes that
//     end at (start after) a guard (their Source buffers belong to the library);
//   - the random-access Reader over a span that ends at (starts after) a guard, and over a
//     ReadAt callback that must never ask beyond the ciphertext: size() and reads at chunk
//     edges into outputs at guards;
//   - refusal: random ciphertexts of every length 0..140 and a valid header followed by 0..70
//     random bytes, at a guard, through open, Decryptor and Reader: an error, the open output
//     zeroed, no access outside the buffers.
//
// Linux/POSIX (mmap + mprotect).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "aeskit/chunked.hpp"
#include "guard_page.hpp"

namespace {

// exact_need: the bytes update(in) will write, learnt without writing: an update into an empty
// span fails with output_too_small (consuming nothing) and required_size() says how much it
// needs. When the update writes nothing at all the probe succeeds and has consumed `in`:
// nullopt, and the caller skips its own update.
template <class Stream>
std::optional<std::size_t> exact_need(Stream& stream, std::span<const std::uint8_t> in) {
  auto probe = stream.update(in, std::span<std::uint8_t>());
  if (probe.ok()) return std::nullopt;
  EXPECT_EQ(probe.code(), aeskit::Errc::output_too_small);
  return aeskit::required_size(probe.status());
}

using namespace aeskit_test;  // NOLINT: the guard-page helpers
namespace ck = aeskit::chunked;
using ck::Suite;

constexpr std::size_t kError = std::size_t{1} << 60;
std::size_t outcome(const aeskit::Status& s) {
  return s.ok() ? 0 : kError | static_cast<std::size_t>(s.code());
}
std::size_t outcome(const aeskit::Result<std::size_t>& r) {
  return r.ok() ? r.value() : kError | static_cast<std::size_t>(r.code());
}

std::vector<std::size_t> plaintext_lengths() {
  std::vector<std::size_t> v;
  for (std::size_t n = 0; n <= 70; ++n) v.push_back(n);
  for (std::size_t n : {std::size_t{1000}, ck::kChunkSize - 1, ck::kChunkSize, ck::kChunkSize + 1,
                        2 * ck::kChunkSize + 70})
    v.push_back(n);
  return v;
}

std::size_t ct_length(std::size_t pt) {
  return static_cast<std::size_t>(ck::ciphertext_length(pt).value());
}

// 16 pages of data: room for three chunks (49,256 bytes) and their plaintext.
class Chunked : public GuardedTest {
 protected:
  Chunked() : GuardedTest(16) {
    returns_blocks = false;
    in_place = false;
  }
  const Bytes salt = random_bytes(ck::kSaltSize, seed);
  const Bytes context = random_bytes(11, seed);
  std::size_t calls = 0;

  Bytes key_for(Suite s) { return random_bytes(ck::key_length(s), seed); }
  Bytes sealed(Suite s, const Bytes& key, const Bytes& pt) {
    Bytes ct(ct_length(pt.size()));
    auto r = ck::hazmat::seal_with_salt(s, key, salt, context, pt, ct, 1);
    EXPECT_TRUE(r.ok());
    return ct;
  }
};

constexpr Suite kSuites[] = {Suite::cobblestone_128, Suite::cobblestone_256};

TEST_F(Chunked, WholeBuffersAgainstAGuardPage) {
  for (Suite s : kSuites) {
    SCOPED_TRACE(std::string(ck::suite_name(s)));
    const Bytes key = key_for(s), nonce = random_bytes(ck::kNonceSize, seed);
    const std::size_t klen = key.size();
    for (std::size_t len : plaintext_lengths()) {
      const unsigned threads = len > ck::kChunkSize ? 2 : 1;
      const std::size_t ct_len = ct_length(len), body_len = ct_len - ck::kHeaderSize;
      check("seal_with_salt", len, ct_len, [&](const std::uint8_t* in, std::uint8_t* out, auto*) {
        return outcome(ck::hazmat::seal_with_salt(
            s, std::span(side(0, key), klen), std::span(side(1, salt), ck::kSaltSize), context,
            std::span(in, len), std::span(out, ct_len), threads));
      });
      const Bytes msg = random_bytes(len, seed);
      const Bytes ct = sealed(s, key, msg);
      check_with("open", ct, len, [&](const std::uint8_t* in, std::uint8_t* out, auto*) {
        return outcome(ck::open(s, std::span(side(0, key), klen),
                                std::span(side(1, context), context.size()), std::span(in, ct_len),
                                std::span(out, len), threads));
      });
      check("raw_seal", len, body_len, [&](const std::uint8_t* in, std::uint8_t* out, auto*) {
        return outcome(ck::hazmat::raw_seal(s, std::span(side(0, key), klen),
                                            std::span(side(1, nonce), nonce.size()),
                                            std::span(in, len), std::span(out, body_len), threads));
      });
      Bytes body(body_len);
      ASSERT_TRUE(ck::hazmat::raw_seal(s, key, nonce, msg, body, 1).ok());
      check_with("raw_open", body, len, [&](const std::uint8_t* in, std::uint8_t* out, auto*) {
        return outcome(ck::hazmat::raw_open(s, key, nonce, std::span(in, body_len),
                                            std::span(out, len), threads));
      });
      calls += 4;
    }
  }
  std::printf("%zu whole-buffer calls at the guards\n", calls);
  EXPECT_GT(calls, 300u);
}

TEST_F(Chunked, SingleChunksAgainstAGuardPage) {
  for (Suite s : kSuites) {
    SCOPED_TRACE(std::string(ck::suite_name(s)));
    const Bytes key = key_for(s), nonce = random_bytes(ck::kNonceSize, seed);
    for (std::size_t len : plaintext_lengths()) {
      if (len > ck::kChunkSize) continue;
      const bool final_chunk = len < ck::kChunkSize;
      check(
          "seal_chunk", len, len + ck::kTagSize,
          [&](const std::uint8_t* in, std::uint8_t* out, auto*) {
            return outcome(ck::hazmat::seal_chunk(s, key, nonce, 5, final_chunk, std::span(in, len),
                                                  std::span(out, len + ck::kTagSize)));
          });
      const Bytes msg = random_bytes(len, seed);
      Bytes chunk(len + ck::kTagSize);
      ASSERT_TRUE(ck::hazmat::seal_chunk(s, key, nonce, 5, final_chunk, msg, chunk).ok());
      check_with("open_chunk", chunk, len, [&](const std::uint8_t* in, std::uint8_t* out, auto*) {
        return outcome(ck::hazmat::open_chunk(s, key, nonce, 5, final_chunk,
                                              std::span(in, chunk.size()), std::span(out, len)));
      });
      calls += 2;
    }
  }
  std::printf("%zu single-chunk calls at the guards\n", calls);
  EXPECT_GT(calls, 100u);
}

// The three pieces of an n-byte stream: [0, a), [a, b), [b, n).
std::pair<std::size_t, std::size_t> cuts(std::size_t n) {
  const std::size_t a = std::min(n, n / 3 + n % 7), b = std::min(n, a + n / 2 + 1);
  return {a, b};
}

TEST_F(Chunked, PushStreamsAgainstAGuardPage) {
  for (Suite s : kSuites) {
    SCOPED_TRACE(std::string(ck::suite_name(s)));
    const Bytes key = key_for(s);
    for (std::size_t len : plaintext_lengths()) {
      const Bytes msg = random_bytes(len, seed);
      const Bytes want = sealed(s, key, msg);
      const auto [a, b] = cuts(len);
      for (bool at_end : {true, false}) {
        auto enc = ck::hazmat::encryptor_with_salt(s, key, salt, context);
        ASSERT_TRUE(enc.ok());
        Bytes got;
        for (const auto& [off, n] :
             {std::pair{std::size_t{0}, a}, std::pair{a, b - a}, std::pair{b, len - b}}) {
          std::uint8_t* in = in_page.place(at_end, n);
          copy(in, msg.data() + off, n);
          const auto need = exact_need(*enc, std::span<const std::uint8_t>(in, n));
          if (!need) continue;  // consumed by the probe: this piece writes nothing
          const std::size_t bound = *need;
          ASSERT_LE(bound, enc->update_bound(n));
          std::uint8_t* out = out_page.place(at_end, bound);
          auto r = enc->update(std::span<const std::uint8_t>(in, n), std::span(out, bound));
          ASSERT_TRUE(r.ok()) << "Encryptor update, " << len;
          got.insert(got.end(), out, out + *r);
        }
        std::uint8_t* fin = out_page.place(at_end, ck::Encryptor::kFinishBound);
        auto f = enc->finish(std::span(fin, ck::Encryptor::kFinishBound));
        ASSERT_TRUE(f.ok());
        got.insert(got.end(), fin, fin + *f);
        ASSERT_EQ(got, want) << "Encryptor, " << len << (at_end ? " at end" : " at start");

        const auto [ca, cb] = cuts(want.size());
        auto dec = ck::Decryptor::create(s, key, context);
        ASSERT_TRUE(dec.ok());
        got.clear();
        for (const auto& [off, n] : {std::pair{std::size_t{0}, ca}, std::pair{ca, cb - ca},
                                     std::pair{cb, want.size() - cb}}) {
          std::uint8_t* in = in_page.place(at_end, n);
          copy(in, want.data() + off, n);
          const auto need = exact_need(*dec, std::span<const std::uint8_t>(in, n));
          if (!need) continue;  // consumed by the probe: this piece writes nothing
          const std::size_t bound = *need;
          ASSERT_LE(bound, dec->update_bound(n));
          std::uint8_t* out = out_page.place(at_end, bound);
          auto r = dec->update(std::span<const std::uint8_t>(in, n), std::span(out, bound));
          ASSERT_TRUE(r.ok()) << "Decryptor update, " << len;
          got.insert(got.end(), out, out + *r);
        }
        fin = out_page.place(at_end, ck::Decryptor::kFinishBound);
        f = dec->finish(std::span(fin, ck::Decryptor::kFinishBound));
        ASSERT_TRUE(f.ok()) << "Decryptor finish, " << len;
        got.insert(got.end(), fin, fin + *f);
        ASSERT_EQ(got, msg) << "Decryptor, " << len << (at_end ? " at end" : " at start");
        calls += 2;
      }
    }
  }
  std::printf("%zu push streams at the guards\n", calls);
  EXPECT_GT(calls, 300u);
}

// read_all: reads `read` to the end into spans of `piece` bytes ending at (or starting after)
// a guard; stops at 0 or an error.
template <class Pull>
aeskit::Result<Bytes> read_all(Pull& pull, GuardedPage& page, bool at_end, std::size_t piece) {
  Bytes got;
  for (;;) {
    std::uint8_t* out = page.place(at_end, piece);
    auto r = pull.read(std::span(out, piece));
    if (!r.ok()) return r.status();
    if (*r == 0) return got;
    got.insert(got.end(), out, out + *r);
  }
}

// A Source over `data` handing out at most `step` bytes a call.
ck::Source source_of(const Bytes& data, std::size_t step) {
  return [&data, step, pos = std::size_t{0}](
             std::span<std::uint8_t> buf) mutable -> aeskit::Result<std::size_t> {
    const std::size_t n = std::min({buf.size(), data.size() - pos, step});
    copy(buf.data(), data.data() + pos, n);
    pos += n;
    return n;
  };
}

TEST_F(Chunked, PullStreamsAgainstAGuardPage) {
  const std::size_t pieces[] = {1, 7, 100, 4096, ck::kWireChunkSize, 20000};
  for (Suite s : kSuites) {
    SCOPED_TRACE(std::string(ck::suite_name(s)));
    const Bytes key = key_for(s);
    std::size_t i = 0;
    for (std::size_t len : plaintext_lengths()) {
      const Bytes msg = random_bytes(len, seed);
      const Bytes want = sealed(s, key, msg);
      for (bool at_end : {true, false}) {
        const std::size_t piece = pieces[i++ % std::size(pieces)];
        auto enc = ck::hazmat::encryptor_with_salt(s, key, salt, context);
        ASSERT_TRUE(enc.ok());
        ck::PullEncryptor pe(std::move(*enc), source_of(msg, 5000));
        auto got = read_all(pe, out_page, at_end, piece);
        ASSERT_TRUE(got.ok());
        ASSERT_EQ(*got, want) << "PullEncryptor, " << len << ", reads of " << piece;
        auto dec = ck::Decryptor::create(s, key, context);
        ASSERT_TRUE(dec.ok());
        ck::PullDecryptor pd(std::move(*dec), source_of(want, 3000));
        got = read_all(pd, out_page, at_end, piece);
        ASSERT_TRUE(got.ok());
        ASSERT_EQ(*got, msg) << "PullDecryptor, " << len << ", reads of " << piece;
        calls += 2;
      }
    }
  }
  std::printf("%zu pull streams at the guards\n", calls);
  EXPECT_GT(calls, 300u);
}

TEST_F(Chunked, ReaderAgainstAGuardPage) {
  for (Suite s : kSuites) {
    SCOPED_TRACE(std::string(ck::suite_name(s)));
    const Bytes key = key_for(s);
    for (std::size_t len : plaintext_lengths()) {
      const Bytes msg = random_bytes(len, seed);
      const Bytes ct = sealed(s, key, msg);
      // Ranges: everything, the first and last bytes, across the first chunk edge.
      std::vector<std::pair<std::size_t, std::size_t>> ranges = {{0, len}, {0, 1}};
      if (len > 0) ranges.push_back({len - 1, 1});
      if (len > ck::kChunkSize) ranges.push_back({ck::kChunkSize - 3, 7});
      for (bool at_end : {true, false}) {
        const std::uint8_t* c = put(in_page, at_end, ct);
        for (int via_read_at = 0; via_read_at < 2; ++via_read_at) {
          ck::ReadAt read_at = [c, size = ct.size()](std::uint64_t off,
                                                     std::span<std::uint8_t> buf) {
            // The reader never asks beyond the ciphertext (chunked.hpp).
            EXPECT_LE(off + buf.size(), size);
            if (off + buf.size() > size) return aeskit::Status(aeskit::Errc::invalid_argument);
            copy(buf.data(), c + off, buf.size());
            return aeskit::Status();
          };
          auto rd = via_read_at != 0 ? ck::Reader::open(s, key, context, ct.size(), read_at)
                                     : ck::Reader::open(s, key, context, std::span(c, ct.size()));
          ASSERT_TRUE(rd.ok()) << "Reader::open, " << len;
          auto size = rd->size();
          ASSERT_TRUE(size.ok() && *size == len) << "Reader size, " << len;
          for (const auto& [off, n] : ranges) {
            std::uint8_t* out = out_page.place(!at_end, n);
            auto r = rd->read(off, std::span(out, n));
            ASSERT_TRUE(r.ok()) << "Reader read, " << len;
            const std::size_t want = std::min(n, len - std::min(off, len));
            ASSERT_EQ(*r, want);
            ASSERT_TRUE(std::equal(out, out + want, msg.begin() + static_cast<std::ptrdiff_t>(off)))
                << "Reader read at " << off << ", " << len;
            ++calls;
          }
        }
      }
    }
  }
  std::printf("%zu Reader reads at the guards\n", calls);
  EXPECT_GT(calls, 300u);
}

// Ciphertexts that must be refused, at a guard: open, Decryptor and Reader each fail without
// touching a byte outside the buffers, and open zeroes its output.
TEST_F(Chunked, RefusedCiphertextsAgainstAGuardPage) {
  for (Suite s : kSuites) {
    SCOPED_TRACE(std::string(ck::suite_name(s)));
    const Bytes key = key_for(s);
    const Bytes empty = sealed(s, key, {});
    std::vector<Bytes> cts;
    for (std::size_t n = 0; n <= 140; ++n) cts.push_back(random_bytes(n, seed));
    for (std::size_t n = 0; n <= 70; ++n) {
      Bytes ct(empty.begin(), empty.begin() + ck::kHeaderSize);
      const Bytes junk = random_bytes(n, seed);
      ct.insert(ct.end(), junk.begin(), junk.end());
      cts.push_back(ct);
    }
    for (const Bytes& ct : cts) {
      const auto pl = ck::plaintext_length(ct.size());
      const std::size_t out_len = pl.ok() ? static_cast<std::size_t>(pl.value()) : 0;
      for (bool at_end : {true, false}) {
        const std::uint8_t* c = put(in_page, at_end, ct);
        std::uint8_t* out = out_page.place(!at_end, out_len);
        std::memset(out, 0x5a, out_len);
        auto r = ck::open(s, key, context, std::span(c, ct.size()), std::span(out, out_len), 1);
        ASSERT_FALSE(r.ok()) << "open of " << ct.size() << " bytes";
        ASSERT_TRUE(std::all_of(out, out + out_len, [](std::uint8_t x) { return x == 0; }))
            << "open left output, " << ct.size();

        auto dec = ck::Decryptor::create(s, key, context);
        ASSERT_TRUE(dec.ok());
        const std::size_t bound = dec->update_bound(ct.size());
        std::uint8_t* o = out_page.place(at_end, bound);
        auto u = dec->update(std::span(c, ct.size()), std::span(o, bound));
        std::uint8_t* fin = out_page.place(at_end, ck::Decryptor::kFinishBound);
        auto f = dec->finish(std::span(fin, ck::Decryptor::kFinishBound));
        ASSERT_FALSE(u.ok() && f.ok()) << "Decryptor of " << ct.size() << " bytes";

        auto rd = ck::Reader::open(s, key, context, std::span(c, ct.size()));
        if (rd.ok()) {
          std::uint8_t* ro = out_page.place(at_end, 64);
          auto rr = rd->read(0, std::span(ro, 64));
          ASSERT_FALSE(rr.ok() && rd->size().ok()) << "Reader of " << ct.size() << " bytes";
        }
        calls += 3;
      }
    }
  }
  std::printf("%zu refusals at the guards\n", calls);
  EXPECT_GT(calls, 1000u);
}

}  // namespace
