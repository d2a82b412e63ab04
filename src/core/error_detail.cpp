// src/core/error_detail.cpp — the thread-local record of the last failure's detail
// (core/error_detail.hpp) and its public readers (aeskit/status.hpp). No CPU feature.
#include "core/error_detail.hpp"

#include <cstdio>
#include <cstring>
#include <limits>

namespace aeskit {
namespace {

struct Record {
  Errc code = Errc::ok;
  std::uint64_t needed = 0;  // output_too_small: the bytes the call needed
  char text[320] = {};
};

thread_local Record last;

void put(Errc code, std::uint64_t needed, std::string_view sentence) noexcept {
  last.code = code;
  last.needed = needed;
  const std::size_t n =
      sentence.size() < sizeof last.text - 1 ? sentence.size() : sizeof last.text - 1;
  std::memcpy(last.text, sentence.data(), n);
  last.text[n] = '\0';
}

}  // namespace

namespace detail {

Status fail_with_detail(Errc code, std::string_view sentence) noexcept {
  put(code, 0, sentence);
  return code;
}

Status output_too_small(std::uint64_t needed, std::size_t given) noexcept {
  char buf[160];
  std::snprintf(buf, sizeof buf,
                "output buffer too small: the result needs %llu bytes, the buffer has %zu",
                static_cast<unsigned long long>(needed), given);
  put(Errc::output_too_small, needed, buf);
  return Errc::output_too_small;
}

Status bad_key_length(std::string_view what, std::string_view allowed, std::size_t given) noexcept {
  char buf[320];
  std::snprintf(buf, sizeof buf, "%.*s takes %.*s; got %zu byte%s", static_cast<int>(what.size()),
                what.data(), static_cast<int>(allowed.size()), allowed.data(), given,
                given == 1 ? "" : "s");
  put(Errc::bad_key_length, 0, buf);
  return Errc::bad_key_length;
}

Status bad_key_length(std::string_view what, std::size_t allowed, std::size_t given) noexcept {
  char len[48];
  std::snprintf(len, sizeof len, "a %zu-byte key", allowed);
  return bad_key_length(what, len, given);
}

Status bad_nonce_length(std::string_view what, std::size_t min, std::uint64_t max,
                        std::size_t recommended, std::size_t given) noexcept {
  char buf[320];
  const int w = static_cast<int>(what.size());
  if (min == max)
    std::snprintf(buf, sizeof buf, "%.*s takes a %zu-byte nonce; got %zu bytes", w, what.data(),
                  min, given);
  else if (max >= (std::uint64_t{1} << 32))
    std::snprintf(buf, sizeof buf,
                  "%.*s takes nonces of at least %zu byte%s (%zu recommended); got %zu", w,
                  what.data(), min, min == 1 ? "" : "s", recommended, given);
  else
    std::snprintf(buf, sizeof buf,
                  "%.*s takes nonces of %zu to %llu bytes (%zu recommended); got %zu", w,
                  what.data(), min, static_cast<unsigned long long>(max), recommended, given);
  put(Errc::bad_nonce_length, 0, buf);
  return Errc::bad_nonce_length;
}

Status bad_tag_length(std::string_view what, std::span<const std::size_t> allowed,
                      std::size_t given) noexcept {
  char list[160] = {};
  std::size_t at = 0;
  for (std::size_t i = 0; i < allowed.size() && at < sizeof list - 8; ++i) {
    const int n =
        std::snprintf(list + at, sizeof list - at, "%s%zu",
                      i == 0 ? "" : (i + 1 == allowed.size() ? " or " : ", "), allowed[i]);
    if (n < 0) break;
    at += static_cast<std::size_t>(n);
  }
  char buf[320];
  std::snprintf(buf, sizeof buf, "%.*s takes tags of %s bytes; got %zu",
                static_cast<int>(what.size()), what.data(), list, given);
  put(Errc::bad_tag_length, 0, buf);
  return Errc::bad_tag_length;
}

}  // namespace detail

const char* error_detail(Status s) noexcept {
  if (s.ok()) return errc_message(s.code());
  if (last.code == s.code() && last.text[0] != '\0') return last.text;
  return errc_message(s.code());
}

std::size_t required_size(Status s) noexcept {
  if (s.code() != Errc::output_too_small || last.code != Errc::output_too_small) return 0;
  // A 32-bit size_t cannot hold a need above 4 GiB: SIZE_MAX says "more than can exist".
  if (last.needed > std::numeric_limits<std::size_t>::max())
    return std::numeric_limits<std::size_t>::max();
  return static_cast<std::size_t>(last.needed);
}

}  // namespace aeskit
