// tools/aeskit/speed/peers.cpp — the peer libraries `aeskit speed` can compare against, and
// which of them this build has (decided at configure time by tools/aeskit/CMakeLists.txt).
#include <array>

#include "speed/impl.hpp"

namespace aeskit::cli::speed {
namespace {

#if defined(AESKIT_HAVE_OPENSSL)
constexpr auto kMakeOpenssl = &make_openssl_impl;
#else
constexpr std::unique_ptr<Impl> (*kMakeOpenssl)(std::string&) = nullptr;
#endif
#if defined(AESKIT_HAVE_LIBGCRYPT)
constexpr auto kMakeLibgcrypt = &make_libgcrypt_impl;
#else
constexpr std::unique_ptr<Impl> (*kMakeLibgcrypt)(std::string&) = nullptr;
#endif

const std::array<Peer, 2> kPeers = {{
    {"openssl", "OpenSSL 3 (libcrypto) was not found when aeskit was configured", kMakeOpenssl},
    {"libgcrypt", "libgcrypt was not found when aeskit was configured", kMakeLibgcrypt},
}};

}  // namespace

std::span<const Peer> peers() {
  return kPeers;
}

}  // namespace aeskit::cli::speed
