// src/backend/select/registry.hpp — the one registry pattern: an ordered list of candidates,
// fastest first (a select/catalog.hpp list), read as a range; the first one a predicate
// accepts; lookup by name; an entry's index (the self-tests keep one slot per entry). Every
// kind of backend (AES, GHASH, POLYVAL, fused GCM, SHA, CBC+SHA stitch, AEGIS) is looked up
// through it: by name and index in registries.cpp, by CPU features in select.cpp (the one
// selection rule, whose first_usable every selector calls).
//
// No CPU features; constexpr, allocation-free.
#pragma once

#include <array>
#include <cstddef>
#include <span>
#include <string_view>

namespace aeskit::detail {

template <class Entry>
class Registry {
 public:
  // From a catalog list (select/catalog.hpp: the families' entries joined).
  template <std::size_t N>
  constexpr explicit Registry(const std::array<const Entry*, N>& list) noexcept : entries_(list) {}

  constexpr std::size_t size() const noexcept { return entries_.size(); }
  constexpr const Entry& at(std::size_t index) const noexcept { return *entries_[index]; }
  constexpr auto begin() const noexcept { return entries_.begin(); }
  constexpr auto end() const noexcept { return entries_.end(); }

  // first: the first entry (fastest) for which accept(entry) holds, or nullptr.
  template <class Accept>
  const Entry* first(Accept&& accept) const noexcept {
    for (const Entry* e : entries_)
      if (accept(*e)) return e;
    return nullptr;
  }

  // find: the entry called `name`, or nullptr (for entries with a `name` member).
  const Entry* find(std::string_view name) const noexcept {
    return first([name](const Entry& e) { return e.name == name; });
  }

  // index_of: the position of `entry` in the list, or size() when it is not listed.
  std::size_t index_of(const Entry& entry) const noexcept {
    std::size_t i = 0;
    while (i < entries_.size() && entries_[i] != &entry) ++i;
    return i;
  }

 private:
  std::span<const Entry* const> entries_;
};

}  // namespace aeskit::detail
