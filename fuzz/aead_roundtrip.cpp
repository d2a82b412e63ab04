// aead_roundtrip — every AEAD in aeskit::aead::algorithms() on a fuzzer-chosen plaintext.
//
// Checks: seal succeeds and writes the documented length (ciphertext || tag; SIV tag first;
// TLS CBC-HMAC: roundup16(|P| + MAC + 1)); open gives the plaintext back, out of place and in
// place; flipping one fuzzer-chosen bit of the sealed bytes makes open fail with
// authentication_failed and a zeroed output span; seal_detached/open_detached agree with
// seal/open; for AES-GCM the incremental AeadSealer/AeadOpener with fuzzer-chosen splits give
// the same bytes; and the sealed bytes equal OpenSSL's for AES-GCM, AES-CCM (and CCM-8),
// AES-OCB and AES-SIV (S2V over AD then nonce; non-empty AD and plaintext only), and the
// draft's DNDK-GCM derivation over OpenSSL's AES-256-ECB and AES-256-GCM (both forms).
//
// Input: [algorithm index][tag-length index][nonce-length byte][AD length, 2 bytes]
//        [bit to flip, 4 bytes][flags] key (the algorithm's length), nonce, AD (TLS: 11 bytes),
//        [plaintext length, 2 bytes] plaintext, then split lengths for the incremental calls.
// flags: bit 0 seal in place.
#include <cstring>
#include <map>
#include <string>
#include <string_view>

#include "aeskit/aead.hpp"
#include "fuzz_aead.hpp"
#include "fuzz_support.hpp"
#include "openssl_ref.hpp"

using namespace aeskit_fuzz;

namespace {

struct Reference {
  ossl::AeadKind kind;
  const EVP_CIPHER* cipher;
};

// reference: the OpenSSL cipher for `alg`, or none (cipher null).
Reference reference(const aeskit::AeadAlgorithm& alg) {
  // Never destroyed: the fetched ciphers stay reachable until exit (LeakSanitizer).
  static auto* cache = new std::map<const aeskit::AeadAlgorithm*, Reference>;
  auto it = cache->find(&alg);
  if (it != cache->end()) return it->second;
  std::string name(alg.name());
  Reference ref{ossl::AeadKind::gcm, nullptr};
  auto ends = [&](std::string_view s) { return std::string_view(name).ends_with(s); };
  if (name.starts_with("AES-") && ends("-GCM")) {
    ref = {ossl::AeadKind::gcm, ossl::cipher(name.c_str())};
  } else if (ends("-CCM") || ends("-CCM-8")) {
    ref = {ossl::AeadKind::ccm, ossl::cipher(name.substr(0, 11).c_str())};  // "AES-128-CCM"
  } else if (ends("-OCB")) {
    ref = {ossl::AeadKind::ocb, ossl::cipher(name.c_str())};
  } else if (ends("-SIV") && name.find("GCM") == std::string::npos) {
    ref = {ossl::AeadKind::siv, ossl::cipher(name.c_str())};
  }
  cache->emplace(&alg, ref);
  return ref;
}

// update_in_pieces: `src` through stream.update (AeadSealer or AeadOpener) in fuzzer-chosen
// pieces of 0..255 bytes into `dst`; each call must write exactly its piece.
template <class Stream>
void update_in_pieces(Input& in, Stream& stream, ByteSpan src, std::span<std::uint8_t> dst) {
  std::size_t pos = 0;
  for (std::size_t n : splits(in, src.size(), 255)) {
    auto u = stream.update(src.subspan(pos, n), dst.subspan(pos, n));
    FUZZ_REQUIRE(u.ok() && *u == n);
    pos += n;
  }
}

bool is_plain_gcm(const aeskit::AeadAlgorithm& a) {
  return a.name().starts_with("AES-") && a.name().ends_with("-GCM");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Input in(data, size);
  const auto [alg, tag_len] = pick_aead(in);
  const std::uint8_t nonce_byte = in.u8();
  const std::size_t ad_len_wanted = in.u16() % 1024;
  const std::uint32_t flip = in.u32();
  const std::uint8_t flags = in.u8();
  const bool record = is_record(alg);

  std::size_t nonce_len;
  if (record) {
    nonce_len = (nonce_byte & 1) ? alg.nonce_max() : alg.nonce_min();
  } else {
    const std::uint64_t hi = std::min<std::uint64_t>(alg.nonce_max(), alg.nonce_min() + 40);
    nonce_len = alg.nonce_min() + nonce_byte % (hi - alg.nonce_min() + 1);
  }
  const std::size_t ad_len = record ? 11 : ad_len_wanted;
  const Bytes key = copy(in.take(alg.key_length()));
  const Bytes nonce = copy(in.take(nonce_len));
  const Bytes ad = copy(in.take(ad_len));
  if (key.size() != alg.key_length() || nonce.size() != nonce_len || ad.size() != ad_len) return 0;
  const std::size_t pt_len = std::min<std::uint64_t>(in.u16(), alg.max_plaintext());
  const Bytes pt = copy(in.take(pt_len));

  auto k = aeskit::AeadKey::create(alg, key, tag_len);
  FUZZ_REQUIRE(k.ok());
  FUZZ_REQUIRE(k->tag_length() == tag_len);

  // Seal, out of place or in place.
  const std::size_t sealed_len =
      record ? (pt.size() + tag_len) / 16 * 16 + 16 : pt.size() + tag_len;
  Bytes sealed(sealed_len + 16, kFill);
  if (flags & 1) {
    put(sealed.data(), pt.data(), pt.size());
    auto s = k->seal(nonce, ad, ByteSpan(sealed.data(), pt.size()), sealed);
    FUZZ_REQUIRE(s.ok() && *s == sealed_len);
  } else {
    auto s = k->seal(nonce, ad, pt, sealed);
    FUZZ_REQUIRE(s.ok() && *s == sealed_len);
  }
  for (std::size_t i = sealed_len; i < sealed.size(); ++i) FUZZ_REQUIRE(sealed[i] == kFill);
  sealed.resize(sealed_len);

  // Open it back, out of place and in place.
  {
    Bytes out(sealed_len, kFill);
    auto o = k->open(nonce, ad, sealed, out);
    FUZZ_REQUIRE(o.ok() && *o == pt.size() && same(ByteSpan(out.data(), pt.size()), pt));
    Bytes inplace = sealed;
    auto p = k->open(nonce, ad, inplace, inplace);
    FUZZ_REQUIRE(p.ok() && *p == pt.size() && same(ByteSpan(inplace.data(), pt.size()), pt));
  }

  // One bit flipped anywhere in the sealed bytes: authentication_failed, output zeroed.
  {
    Bytes bad = sealed;
    const std::size_t bit = flip % (bad.size() * 8);
    bad[bit / 8] = static_cast<std::uint8_t>(bad[bit / 8] ^ (1u << (bit % 8)));
    const std::size_t span = record ? bad.size() : pt.size();
    Bytes out(span, kFill);
    auto o = k->open(nonce, ad, bad, out);
    FUZZ_REQUIRE(!o.ok() && o.code() == aeskit::Errc::authentication_failed);
    FUZZ_REQUIRE(all_zero(out.data(), out.size()));
  }

  if (!record) {
    // Detached forms give the same bytes.
    const bool tag_first = is_tag_first(alg);
    Bytes ct(pt.size(), 0), tag(tag_len, 0);
    FUZZ_REQUIRE(k->seal_detached(nonce, ad, pt, ct, tag).ok());
    const ByteSpan want_tag =
        tag_first ? ByteSpan(sealed).first(tag_len) : ByteSpan(sealed).last(tag_len);
    const ByteSpan want_ct =
        tag_first ? ByteSpan(sealed).subspan(tag_len) : ByteSpan(sealed).first(pt.size());
    FUZZ_REQUIRE(same(ct, want_ct) && same(tag, want_tag));
    Bytes back(pt.size(), kFill);
    FUZZ_REQUIRE(k->open_detached(nonce, ad, ct, tag, back).ok() && same(back, pt));
  }

  if (is_plain_gcm(alg)) {
    // Incremental seal and open with fuzzer-chosen splits.
    auto sealer = aeskit::AeadSealer::create(*k, nonce);
    FUZZ_REQUIRE(sealer.ok());
    std::size_t pos = 0;
    for (std::size_t n : splits(in, ad.size(), 64)) {
      FUZZ_REQUIRE(sealer->update_ad(ByteSpan(ad).subspan(pos, n)).ok());
      pos += n;
    }
    Bytes ct(pt.size(), 0);
    update_in_pieces(in, *sealer, pt, ct);
    Bytes tag(16, 0);
    auto f = sealer->finish(tag);
    FUZZ_REQUIRE(f.ok() && *f == tag_len);
    tag.resize(tag_len);
    FUZZ_REQUIRE(same(ct, ByteSpan(sealed).first(pt.size())) &&
                 same(tag, ByteSpan(sealed).last(tag_len)));

    auto opener = aeskit::AeadOpener::create(*k, nonce);
    FUZZ_REQUIRE(opener.ok());
    FUZZ_REQUIRE(opener->update_ad(ad).ok());
    Bytes back(pt.size(), 0);
    update_in_pieces(in, *opener, ct, back);
    FUZZ_REQUIRE(opener->finish(tag).ok() && same(back, pt));
  }

  // The same bytes as OpenSSL, where OpenSSL has the algorithm.
  // (EVP drops zero-length updates, so it cannot give SIV an empty AD component or message.)
  const Reference ref = reference(alg);
  if (ref.cipher != nullptr && !(ref.kind == ossl::AeadKind::siv && (ad.empty() || pt.empty()))) {
    Bytes theirs;
    FUZZ_REQUIRE(ossl::aead_seal(ref.kind, ref.cipher, key, nonce, ad, pt, tag_len, theirs));
    FUZZ_REQUIRE(same(theirs, sealed));
  }
  if (alg.name().starts_with("DNDK-GCM")) {
    Bytes theirs;
    FUZZ_REQUIRE(ossl::dndk_seal(alg.name() == "DNDK-GCM-KC", key, nonce, ad, pt, theirs));
    FUZZ_REQUIRE(same(theirs, sealed));
  }
  return 0;
}
