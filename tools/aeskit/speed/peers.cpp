// tools/aeskit/speed/peers.cpp — the peer libraries `aeskit speed` can compare against, and
// which of them this build has (decided at configure time by tools/aeskit/CMakeLists.txt;
// ipsec-mb and ipsec-mb-job, Intel ipsec-mb's direct GCM API and job API, are loaded at run
// time, peers/ipsec_mb.cpp).
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

#if defined(AESKIT_HAVE_IPSEC_MB)
constexpr auto kMakeIpsecMb = &make_ipsec_mb_impl;
constexpr auto kMakeIpsecMbJob = &make_ipsec_mb_job_impl;
#else
constexpr std::unique_ptr<Impl> (*kMakeIpsecMb)(std::string&) = nullptr;
constexpr std::unique_ptr<Impl> (*kMakeIpsecMbJob)(std::string&) = nullptr;
#endif

const std::array<Peer, 4> kPeers = {{
    {"openssl", "OpenSSL 3 (libcrypto) was not found when aeskit was configured", kMakeOpenssl},
    {"libgcrypt", "libgcrypt was not found when aeskit was configured", kMakeLibgcrypt},
    {"ipsec-mb", "intel-ipsec-mb.h (libipsec-mb-dev) was not found when aeskit was configured",
     kMakeIpsecMb},
    {"ipsec-mb-job", "intel-ipsec-mb.h (libipsec-mb-dev) was not found when aeskit was configured",
     kMakeIpsecMbJob},
}};

}  // namespace

std::span<const Peer> peers() {
  return kPeers;
}

}  // namespace aeskit::cli::speed
