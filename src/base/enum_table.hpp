// src/base/enum_table.hpp — a value per enumerator, written as a table of (enumerator, value)
// rows in enumerator order, for the names and messages of the public enums (Errc, Mode,
// HashAlgorithm). complete() lets a static_assert check the table against the enum: a row for
// every enumerator up to the last one (named at the assert, so a new enumerator means a new row
// and a new last), in order with no gap; lookup() then indexes the row directly, and a value
// outside the table gets the fallback.
//
// No CPU features; constexpr, allocation-free.
#pragma once

#include <cstddef>

namespace aeskit::detail {

template <class Enum, class Value>
struct EnumRow {
  Enum key;
  Value value;
};

// complete: row i holds the enumerator whose value is i, and the last row holds `last`.
template <class Enum, class Value, std::size_t N>
constexpr bool complete(const EnumRow<Enum, Value> (&table)[N], Enum last) noexcept {
  for (std::size_t i = 0; i < N; ++i)
    if (static_cast<std::size_t>(table[i].key) != i) return false;
  return table[N - 1].key == last;
}

// lookup: the value of row `key` of a complete table, or `fallback` when key has no row.
template <class Enum, class Value, std::size_t N>
constexpr Value lookup(const EnumRow<Enum, Value> (&table)[N], Enum key, Value fallback) noexcept {
  const auto i = static_cast<std::size_t>(key);
  return i < N ? table[i].value : fallback;
}

}  // namespace aeskit::detail
