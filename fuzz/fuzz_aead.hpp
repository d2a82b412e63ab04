// fuzz_aead.hpp — what the AEAD fuzz targets (aead_open, aead_roundtrip) share: the algorithm
// and tag length the input picks from aeskit::aead::algorithms(), and the layouts that differ
// from ciphertext || tag (TLS CBC-HMAC records, SIV's tag first).
#pragma once

#include <cstddef>
#include <string_view>

#include "aeskit/aead.hpp"
#include "fuzz_support.hpp"

namespace aeskit_fuzz {

// AeadChoice: the first two input bytes, as an algorithm index and a tag-length index.
struct AeadChoice {
  const aeskit::AeadAlgorithm& alg;
  std::size_t tag_len;
};
inline AeadChoice pick_aead(Input& in) {
  const auto algs = aeskit::aead::algorithms();
  const aeskit::AeadAlgorithm& alg = *algs[in.u8() % algs.size()];
  const auto tags = alg.tag_lengths();
  return {alg, tags[in.u8() % tags.size()]};
}

// is_record: TLS CBC-HMAC (AES-*-CBC-SHA*), whose seal writes a padded record.
inline bool is_record(const aeskit::AeadAlgorithm& a) {
  return a.name().find("-CBC-SHA") != std::string_view::npos;
}

// is_tag_first: AES-SIV (RFC 5297; not AES-GCM-SIV), sealed = tag || ciphertext.
inline bool is_tag_first(const aeskit::AeadAlgorithm& a) {
  const std::string_view n = a.name();
  return n.ends_with("-SIV") && n.find("GCM") == std::string_view::npos;
}

}  // namespace aeskit_fuzz
