// src/aead/algorithm_names.cpp — help for a mistyped AEAD name: the nearest name of this
// build (aead::nearest) and the unknown_algorithm error that suggests it (aead::unknown_name).
// No CPU feature; names are public, nothing here touches a secret.
//
// Distance: Levenshtein (insertions, deletions, substitutions, each 1) between the names
// with ASCII case folded and '-', '_' and spaces dropped, so "aes128gcm" is 0 from
// "AES-128-GCM" and "AES-128-GMC" is 2. A name within max(2, length / 4) edits is "near".
#include <algorithm>
#include <array>
#include <cstdio>
#include <string>
#include <vector>

#include "aeskit/aead.hpp"
#include "core/error_detail.hpp"

namespace aeskit::aead {
namespace {

std::string folded(std::string_view s) {
  std::string r;
  r.reserve(s.size());
  for (char c : s) {
    if (c == '-' || c == '_' || c == ' ') continue;
    r.push_back(c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c);
  }
  return r;
}

std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = up;
    }
  }
  return row[b.size()];
}

}  // namespace

std::string_view nearest(std::string_view name) noexcept {
  if (name.size() > 64) return {};
  try {
    const std::string want = folded(name);
    std::string_view best;
    std::size_t best_distance = std::max<std::size_t>(2, want.size() / 4) + 1;
    for (const AeadAlgorithm* a : algorithms()) {
      const std::size_t d = edit_distance(want, folded(a->name()));
      if (d < best_distance) {
        best_distance = d;
        best = a->name();
      }
    }
    return best;
  } catch (...) {
    return {};
  }
}

Status unknown_name(std::string_view name) noexcept {
  char sentence[256];
  const std::string_view near = nearest(name);
  const int shown = static_cast<int>(std::min<std::size_t>(name.size(), 64));
  if (near.empty())
    std::snprintf(sentence, sizeof sentence,
                  "no AEAD named '%.*s' in this build; aeskit::aead::algorithms() (C: "
                  "aeskit_aead_name, CLI: aeskit enc --list) lists them",
                  shown, name.data());
  else
    std::snprintf(sentence, sizeof sentence,
                  "no AEAD named '%.*s' in this build (did you mean %.*s?); "
                  "aeskit::aead::algorithms() (C: aeskit_aead_name, CLI: aeskit enc --list) "
                  "lists them",
                  shown, name.data(), static_cast<int>(near.size()), near.data());
  return aeskit::detail::fail_with_detail(Errc::unknown_algorithm, sentence);
}

}  // namespace aeskit::aead
