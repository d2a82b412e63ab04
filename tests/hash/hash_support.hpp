// tests/hash/hash_support.hpp — helpers shared by the hash/HMAC/HKDF tests: byte views of strings,
// the algorithms, and the SHA compressors this CPU runs for an algorithm.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "aeskit/hash.hpp"
#include "backend/sha_backend.hpp"
#include "cpu/features.hpp"

namespace aeskit_test::hash {

inline std::span<const std::uint8_t> bytes_of(std::string_view s) {
  return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}

inline constexpr aeskit::HashAlgorithm kAlgorithms[] = {
    aeskit::HashAlgorithm::sha1, aeskit::HashAlgorithm::sha256, aeskit::HashAlgorithm::sha512};

// runnable_backends: names of every compiled-in compressor that implements `alg` and that
// this CPU (after AESKIT_DISABLE) supports; "portable" is always among them.
inline std::vector<std::string> runnable_backends(aeskit::HashAlgorithm alg) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < aeskit::detail::sha_compressor_count(); ++i) {
    const auto& c = aeskit::detail::sha_compressor_at(i);
    if (c.supported(aeskit::cpu::cpu_features()) && aeskit::detail::compress_fn(c, alg))
      out.emplace_back(c.name);
  }
  return out;
}

}  // namespace aeskit_test::hash
