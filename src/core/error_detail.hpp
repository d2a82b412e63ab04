// src/core/error_detail.hpp — the sentence behind a failure: a thread-local record that a
// failing call fills with what it needed and what it got ("AES-128-GCM takes a 16-byte key;
// got 32 bytes", "the output needs 1046 bytes; got 1045"), read back through
// aeskit::error_detail / required_size (aeskit/status.hpp) and the C API. No CPU feature.
//
// The record is written only on error paths (never on success, so no cost there) and carries
// the Errc it explains: a later failure of another kind never shows a stale sentence. Nothing
// secret goes into it: only lengths and public names.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "aeskit/status.hpp"

namespace aeskit::detail {

// output_too_small records the size needed and the size given; returns Errc::output_too_small.
[[gnu::cold]] Status output_too_small(std::uint64_t needed, std::size_t given) noexcept;

// bad_key_length records "<what> takes <allowed>; got <given> bytes" (allowed: "a 16-byte key",
// "a key of 32, 48 or 64 bytes", ...); returns Errc::bad_key_length.
[[gnu::cold]] Status bad_key_length(std::string_view what, std::string_view allowed,
                                    std::size_t given) noexcept;
// The common case: one fixed length.
[[gnu::cold]] Status bad_key_length(std::string_view what, std::size_t allowed,
                                    std::size_t given) noexcept;

// bad_nonce_length: "<what> takes nonces of <min>..<max> bytes (<recommended> recommended);
// got <given>" (one length: "a <n>-byte nonce"). Returns Errc::bad_nonce_length.
[[gnu::cold]] Status bad_nonce_length(std::string_view what, std::size_t min, std::uint64_t max,
                                      std::size_t recommended, std::size_t given) noexcept;
// bad_tag_length: "<what> takes tags of <list> bytes; got <given>". Returns bad_tag_length.
[[gnu::cold]] Status bad_tag_length(std::string_view what, std::span<const std::size_t> allowed,
                                    std::size_t given) noexcept;

// fail_with_detail records `sentence` (truncated to the record's size) for `code`.
[[gnu::cold]] Status fail_with_detail(Errc code, std::string_view sentence) noexcept;

}  // namespace aeskit::detail
