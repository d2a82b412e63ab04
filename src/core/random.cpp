// src/core/random.cpp — random bytes from getrandom(2) (aeskit/random.hpp). No CPU feature.
// Every random value in the library (keys, salts, random nonces) comes through here.
#include "aeskit/random.hpp"

#include <sys/random.h>

#include <cerrno>

#include "base/secure_zero.hpp"
#include "core/error_detail.hpp"

namespace aeskit {

Status random_bytes(std::span<std::uint8_t> out) noexcept {
  std::size_t done = 0;
  while (done < out.size()) {
    const ssize_t n = getrandom(out.data() + done, out.size() - done, 0);
    if (n < 0) {
      if (errno == EINTR) continue;
      const int err = errno;
      detail::secure_zero(out.data(), out.size());
      return detail::fail_with_detail(
          Errc::random_failed, err == ENOSYS ? "getrandom(2) is not available (kernel before 3.17)"
                                             : "getrandom(2) failed");
    }
    done += static_cast<std::size_t>(n);
  }
  return {};
}

}  // namespace aeskit
