// tests/capi/capi_bench.cpp — the C API's cost (issue 20): AES-128-GCM seal of 16 and 16384
// bytes through aeskit_aead_seal and through AeadKey::seal, same key, nonce and buffers,
// interleaved rounds, best round of each reported in ns per call and MB/s. Not a
// ctest (timing); run by hand: aeskit_capi_bench [seconds per size, default 1].
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "aeskit/aeskit.h"
#include "aeskit/aeskit.hpp"

namespace {

using Clock = std::chrono::steady_clock;

template <class F>
double ns_per_call(F&& f, int calls) {
  const auto t0 = Clock::now();
  for (int i = 0; i < calls; ++i) f();
  return std::chrono::duration<double, std::nano>(Clock::now() - t0).count() / calls;
}

}  // namespace

int main(int argc, char** argv) {
  const double seconds = argc > 1 ? std::atof(argv[1]) : 1.0;
  std::vector<std::uint8_t> key(16, 7), nonce(12, 1), in(16384, 3), out(16384 + 16);
  aeskit_aead* ctx = nullptr;
  if (aeskit_aead_new(&ctx, "AES-128-GCM", key.data(), key.size(), 0) != AESKIT_OK) return 1;
  auto cxx = aeskit::AeadKey::create(aeskit::aead::aes_128_gcm(), key);
  if (!cxx.ok()) return 1;
  std::printf("AES-128-GCM seal, backend %s, best of interleaved rounds\n",
              std::string(cxx->backend_name()).c_str());
  for (std::size_t len : {std::size_t{16}, std::size_t{16384}}) {
    const int calls = len == 16 ? 200000 : 2000;
    double best_c = 1e30, best_cpp = 1e30;
    std::size_t sink = 0;
    const auto end = Clock::now() + std::chrono::duration<double>(seconds);
    while (Clock::now() < end) {
      best_c =
          std::min(best_c, ns_per_call(
                               [&] {
                                 std::size_t n = 0;
                                 aeskit_aead_seal(ctx, out.data(), &n, out.size(), nonce.data(), 12,
                                                  in.data(), len, nullptr, 0);
                                 sink += n;
                               },
                               calls));
      best_cpp = std::min(best_cpp, ns_per_call(
                                        [&] {
                                          auto n =
                                              cxx->seal(nonce, {}, std::span(in).first(len), out);
                                          sink += *n;
                                        },
                                        calls));
    }
    std::printf(
        "%6zu bytes: C API %9.1f ns (%7.0f MB/s)   C++ API %9.1f ns (%7.0f MB/s)   "
        "C/C++ %.3f   [%zu]\n",
        len, best_c, static_cast<double>(len) * 1e3 / best_c, best_cpp,
        static_cast<double>(len) * 1e3 / best_cpp, best_c / best_cpp, sink % 10);
  }
  aeskit_aead_free(ctx);
  return 0;
}
