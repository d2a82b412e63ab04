// diff_support.hpp — what the provider's TLS-record and MAC differential tests share: a
// seeded PRNG, the CHECK macro (counts failures, prints the first 20 with the current
// place), loading aeskit and default into one library context, the environment knobs.
#pragma once

#include <openssl/err.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

namespace diff {

using Bytes = std::vector<unsigned char>;

inline int g_failures = 0;
inline std::string g_where;
inline bool g_trace = std::getenv("AESKIT_PROVIDER_TRACE") != nullptr;

#define CHECK(cond)                                                              \
  do {                                                                           \
    if (!(cond)) {                                                               \
      if (diff::g_failures++ < 20)                                               \
        std::fprintf(stderr, "FAIL %s:%d: %s [%s]\n", __FILE__, __LINE__, #cond, \
                     diff::g_where.c_str());                                     \
    }                                                                            \
  } while (0)

struct Rng {
  std::mt19937_64 g;
  std::size_t below(std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(g() % n); }
  bool coin(unsigned one_in = 2) { return below(one_in) == 0; }
  Bytes bytes(std::size_t n) {
    Bytes b(n);
    for (auto& x : b) x = static_cast<unsigned char>(g());
    return b;
  }
  // Piece sizes that hit 0, partial blocks, block edges and multi-block runs.
  std::size_t piece() {
    switch (below(6)) {
      case 0:
        return 0;
      case 1:
        return 1 + below(15);
      case 2:
        return 16 * (1 + below(4));
      case 3:
        return coin(4) ? 1000 + below(5000) : below(300);
      default:
        return below(300);
    }
  }
};

// The seed (AESKIT_TEST_SEED) and the sequence count (AESKIT_PROVIDER_SEQUENCES, else
// `fallback`), printed.
inline std::uint64_t seed_from_env() {
  std::uint64_t seed = 0xae5c17'0039'0002ULL;
  if (const char* s = std::getenv("AESKIT_TEST_SEED")) seed = std::strtoull(s, nullptr, 0);
  return seed;
}
inline std::size_t sequences_from_env(std::size_t fallback) {
  if (const char* s = std::getenv("AESKIT_PROVIDER_SEQUENCES"))
    return static_cast<std::size_t>(std::strtoull(s, nullptr, 0));
  return fallback;
}

struct Providers {
  OSSL_LIB_CTX* lib = nullptr;
  OSSL_PROVIDER* ours = nullptr;
  OSSL_PROVIDER* deflt = nullptr;
  bool load(const char* folder) {
    lib = OSSL_LIB_CTX_new();
    if (lib == nullptr || OSSL_PROVIDER_set_default_search_path(lib, folder) != 1) return false;
    ours = OSSL_PROVIDER_load(lib, "aeskit");
    deflt = OSSL_PROVIDER_load(lib, "default");
    if (ours == nullptr || deflt == nullptr) {
      ERR_print_errors_fp(stderr);
      return false;
    }
    return true;
  }
  std::uint64_t bytes_processed() const {
    std::uint64_t v = 0;
    OSSL_PARAM ps[2] = {OSSL_PARAM_construct_uint64("aeskit-bytes-processed", &v),
                        OSSL_PARAM_construct_end()};
    CHECK(OSSL_PROVIDER_get_params(ours, ps) == 1);
    return v;
  }
  ~Providers() {
    if (ours != nullptr) OSSL_PROVIDER_unload(ours);
    if (deflt != nullptr) OSSL_PROVIDER_unload(deflt);
    if (lib != nullptr) OSSL_LIB_CTX_free(lib);
    ERR_clear_error();
  }
};

}  // namespace diff
