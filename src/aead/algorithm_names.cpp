// src/aead/algorithm_names.cpp — help for a mistyped AEAD name: the nearest name of this
// build (aead::nearest, over aeskit::nearest_name) and the unknown_algorithm error that
// suggests it (aead::unknown_name). No CPU feature; names are public.
#include <algorithm>
#include <cstdio>
#include <iterator>

#include "aeskit/aead.hpp"
#include "core/error_detail.hpp"

namespace aeskit::aead {

std::string_view nearest(std::string_view name) noexcept {
  std::string_view names[64];
  std::size_t n = 0;
  for (const AeadAlgorithm* a : algorithms())
    if (n < std::size(names)) names[n++] = a->name();
  return nearest_name(name, std::span<const std::string_view>(names, n));
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
