// src/hash/hash.cpp — aeskit::Hash and aeskit::hash(): the public incremental and one-shot
// SHA-1/SHA-256/SHA-512 (FIPS 180-4) over hash_core. Never names an ISA.
#include <cstring>
#include <utility>

#include "aeskit/hash.hpp"
#include "base/enum_table.hpp"
#include "base/secure_zero.hpp"
#include "core/error_detail.hpp"
#include "hash/hash_core.hpp"

namespace aeskit {

namespace {

// The FIPS 180-4 parameters of each algorithm, one row per HashAlgorithm in order.
struct HashParams {
  std::string_view name;
  std::size_t digest_length;
  std::size_t block_length;
};
constexpr detail::EnumRow<HashAlgorithm, HashParams> kParams[] = {
    {HashAlgorithm::sha1, {"SHA-1", 20, 64}},
    {HashAlgorithm::sha256, {"SHA-256", 32, 64}},
    {HashAlgorithm::sha512, {"SHA-512", 64, 128}},
};
static_assert(detail::complete(kParams, HashAlgorithm::sha512), "a row per HashAlgorithm");

constexpr HashParams params(HashAlgorithm alg) noexcept {
  return detail::lookup(kParams, alg, HashParams{"", 0, 64});
}

}  // namespace

std::size_t digest_length(HashAlgorithm alg) noexcept {
  return params(alg).digest_length;
}

std::size_t block_length(HashAlgorithm alg) noexcept {
  return params(alg).block_length;
}

std::string_view hash_name(HashAlgorithm alg) noexcept {
  return params(alg).name;
}

Result<Hash> Hash::create(HashAlgorithm alg, std::string_view backend) {
  auto c = detail::select_compressor(alg, backend);
  if (!c) return c.status();
  Hash h;
  detail::core_start(h.core_, alg, **c);
  return h;
}

Hash::Hash(Hash&& other) noexcept : core_(other.core_), finished_(other.finished_) {
  detail::secure_zero(&other.core_, sizeof other.core_);
  other.core_.compressor = nullptr;
}

Hash& Hash::operator=(Hash&& other) noexcept {
  if (this != &other) {
    core_ = other.core_;
    finished_ = other.finished_;
    detail::secure_zero(&other.core_, sizeof other.core_);
    other.core_.compressor = nullptr;
  }
  return *this;
}

Hash::~Hash() {
  detail::secure_zero(&core_, sizeof core_);
}

std::string_view Hash::backend_name() const noexcept {
  return core_.compressor ? core_.compressor->name : std::string_view{};
}

Status Hash::update(std::span<const std::uint8_t> data) noexcept {
  return detail::core_update_status(valid() && !finished_, core_, data);
}

Status Hash::finish(std::span<std::uint8_t> out) noexcept {
  if (!valid() || finished_) return Errc::invalid_state;
  const std::size_t n = digest_length();
  if (out.size() < n) return aeskit::detail::output_too_small(n, out.size());
  std::uint8_t digest[kMaxDigestLength];
  detail::core_finish(core_, digest);
  std::memcpy(out.data(), digest, n);
  detail::secure_zero(digest, sizeof digest);
  finished_ = true;
  return {};
}

Status Hash::reset() noexcept {
  if (!valid()) return Errc::invalid_state;
  detail::core_start(core_, core_.alg, *core_.compressor);
  finished_ = false;
  return {};
}

Status hash(HashAlgorithm alg, std::span<const std::uint8_t> in,
            std::span<std::uint8_t> out) noexcept {
  const std::size_t n = digest_length(alg);
  if (out.size() < n) return aeskit::detail::output_too_small(n, out.size());
  detail::HashCore core;
  detail::core_start(core, alg, detail::best_sha_compressor(cpu::cpu_features(), alg));
  if (!detail::core_update(core, in.data(), in.size())) return Errc::message_too_long;
  std::uint8_t digest[kMaxDigestLength];
  detail::core_finish(core, digest);
  std::memcpy(out.data(), digest, n);
  detail::secure_zero(&core, sizeof core);
  detail::secure_zero(digest, sizeof digest);
  return {};
}

}  // namespace aeskit
