// src/core/nearest_name.cpp — the name nearest to a mistyped one, for error messages
// (aeskit::nearest_name, aeskit/status.hpp). No CPU feature; names are public.
//
// Distance: optimal string alignment (Damerau-Levenshtein without repeated edits of one
// substring): insertion, deletion, substitution and a swap of two neighbours cost 1 each,
// between the names with ASCII case folded and '-', '_' and spaces dropped, so "aes128gcm" is
// 0 from "AES-128-GCM" and "AES-128-GMC" is 1. d[i][j] is the cost of turning the first i
// characters of one into the first j of the other.
#include <algorithm>
#include <string>
#include <vector>

#include "aeskit/status.hpp"

namespace aeskit {
namespace {

std::string folded(std::string_view s) {
  std::string r;
  for (char c : s) {
    if (c == '-' || c == '_' || c == ' ') continue;
    r.push_back(c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c);
  }
  return r;
}

std::size_t distance(const std::string& a, const std::string& b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t substitute = d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, substitute});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.size()][b.size()];
}

}  // namespace

std::string_view nearest_name(std::string_view name,
                              std::span<const std::string_view> candidates) noexcept {
  if (name.size() > 64) return {};
  try {
    const std::string want = folded(name);
    std::string_view best;
    std::size_t best_distance = std::max<std::size_t>(2, want.size() / 4) + 1;
    for (std::string_view c : candidates) {
      const std::size_t d = distance(want, folded(c));
      if (d < best_distance) {
        best_distance = d;
        best = c;
      }
    }
    return best;
  } catch (...) {  // allocation failure: no suggestion
    return {};
  }
}

}  // namespace aeskit
