// aead_open — every AEAD in aeskit::aead::algorithms() opening arbitrary bytes.
//
// Checks: no crash or out-of-bounds access (ASan) for any key, nonce, AD or input length;
// a key of the wrong length is refused; open either succeeds, or fails with
// authentication_failed and the plaintext span it would have written zeroed (for the TLS
// CBC-HMAC records: the whole record's span), or fails with another error and writes nothing;
// bytes past that span are never touched; open_detached agrees with open; when open succeeds,
// seal of the plaintext gives back the input (TLS: when the padding was minimal; otherwise the
// re-sealed record opens to the same plaintext).
//
// Input: [algorithm index][tag-length index][flags][nonce length][AD length, 2 bytes]
//        [key length, when flags bit 0] key, nonce, AD, then ciphertext || tag (the rest).
// flags: bit 0 key of fuzzer-chosen length; bit 1 open in place; bits 2-3 extra output room.
//
// With AESKIT_FUZZ_LIST_AEADS=1 in the environment the binary prints the algorithms in index
// order (name, key length, nonce range, tag lengths) and exits: make_seeds.py reads that.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include "aeskit/aead.hpp"
#include "fuzz_aead.hpp"
#include "fuzz_support.hpp"

using namespace aeskit_fuzz;

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  if (std::getenv("AESKIT_FUZZ_LIST_AEADS") == nullptr) return 0;
  for (const aeskit::AeadAlgorithm* a : aeskit::aead::algorithms()) {
    std::printf("%.*s %zu %zu %llu", static_cast<int>(a->name().size()), a->name().data(),
                a->key_length(), a->nonce_min(), static_cast<unsigned long long>(a->nonce_max()));
    const char* sep = " ";
    for (std::size_t t : a->tag_lengths()) {
      std::printf("%s%zu", sep, t);
      sep = ",";
    }
    std::printf("\n");
  }
  std::exit(0);
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Input in(data, size);
  const auto [alg, tag_len] = pick_aead(in);
  const std::uint8_t flags = in.u8();
  const std::size_t nonce_len = in.u8();
  const std::size_t ad_len = in.u16() % 1024;
  const std::size_t key_len = (flags & 1) ? in.u8() : alg.key_length();
  const ByteSpan key = in.take(key_len);
  const ByteSpan nonce = in.take(nonce_len);
  const ByteSpan ad = in.take(ad_len);
  const ByteSpan sealed = in.rest();

  auto k = aeskit::AeadKey::create(alg, key, tag_len);
  if (key.size() != alg.key_length()) {
    FUZZ_REQUIRE(!k && k.code() == aeskit::Errc::bad_key_length);
    return 0;
  }
  FUZZ_REQUIRE(k.ok());
  const bool record = is_record(alg);
  const bool in_place = (flags & 2) != 0;
  const std::size_t room = (flags >> 2) & 3;

  // The span open may write: the plaintext (non-record), the whole record (TLS).
  const std::size_t span_len =
      record ? sealed.size() : (sealed.size() >= tag_len ? sealed.size() - tag_len : 0);
  Bytes buf(std::max(sealed.size(), span_len) + room, kFill);
  if (in_place) put(buf.data(), sealed.data(), sealed.size());
  const Bytes before = buf;
  const ByteSpan input = in_place ? ByteSpan(buf.data(), sealed.size()) : sealed;
  const std::span<std::uint8_t> out(buf.data(), span_len + room);
  auto r = k->open(nonce, ad, input, out);

  if (r.ok()) {
    const std::size_t n = *r;
    FUZZ_REQUIRE(alg.allows_nonce_length(nonce.size()));
    if (record) {
      FUZZ_REQUIRE(ad.size() == 11);
      FUZZ_REQUIRE(n + tag_len < sealed.size());
    } else {
      FUZZ_REQUIRE(sealed.size() >= tag_len && n == sealed.size() - tag_len);
      // Nothing past the plaintext is written.
      FUZZ_REQUIRE(std::equal(buf.begin() + static_cast<std::ptrdiff_t>(n), buf.end(),
                              before.begin() + static_cast<std::ptrdiff_t>(n)));
    }
    const Bytes plain(buf.begin(), buf.begin() + static_cast<std::ptrdiff_t>(n));
    Bytes again(sealed.size() + 64, 0);
    auto s = k->seal(nonce, ad, plain, again);
    FUZZ_REQUIRE(s.ok());
    again.resize(*s);
    if (!record || again.size() == sealed.size()) {
      FUZZ_REQUIRE(same(again, sealed));
    } else {
      Bytes back(again.size(), 0);
      auto o = k->open(nonce, ad, again, back);
      FUZZ_REQUIRE(o.ok() && *o == n && same(ByteSpan(back.data(), n), plain));
    }
  } else if (r.code() == aeskit::Errc::authentication_failed) {
    // Record opens refuse records shorter than the smallest one (MAC + 1, whole blocks)
    // before touching the output; everything else zeroes the span.
    const std::size_t min_record = (tag_len + 1 + 15) / 16 * 16;
    const bool untouched = std::equal(buf.begin(), buf.end(), before.begin());
    if (record && sealed.size() < min_record) {
      FUZZ_REQUIRE(untouched || all_zero(buf.data(), span_len));
    } else {
      FUZZ_REQUIRE(all_zero(buf.data(), span_len));
    }
    FUZZ_REQUIRE(std::equal(buf.begin() + static_cast<std::ptrdiff_t>(span_len), buf.end(),
                            before.begin() + static_cast<std::ptrdiff_t>(span_len)));
  } else {
    FUZZ_REQUIRE(std::equal(buf.begin(), buf.end(), before.begin()));
    if (!alg.allows_nonce_length(nonce.size()))
      FUZZ_REQUIRE(r.code() == aeskit::Errc::bad_nonce_length);
  }

  // open_detached on the same split agrees (not for TLS records: no_detached_tag).
  if (!in_place && sealed.size() >= tag_len) {
    const bool first = is_tag_first(alg);
    const ByteSpan tag = first ? sealed.first(tag_len) : sealed.last(tag_len);
    const ByteSpan ct = first ? sealed.subspan(tag_len) : sealed.first(sealed.size() - tag_len);
    Bytes dbuf(ct.size() + room, kFill);
    aeskit::Status d = k->open_detached(nonce, ad, ct, tag, dbuf);
    if (record) {
      FUZZ_REQUIRE(d.code() == aeskit::Errc::no_detached_tag);
    } else {
      FUZZ_REQUIRE(d.code() == r.code());
      if (d.ok())
        FUZZ_REQUIRE(same(ByteSpan(dbuf.data(), ct.size()), ByteSpan(buf.data(), ct.size())));
      if (d.code() == aeskit::Errc::authentication_failed)
        FUZZ_REQUIRE(all_zero(dbuf.data(), ct.size()));
    }
  }
  return 0;
}
