// src/chunked/worker_pool.hpp — the threads the chunked whole-buffer and stream APIs spread
// chunks over: started on first use and kept, so a call on N threads costs a hand-off to
// N - 1 waiting workers instead of N - 1 thread starts (which cost 0.1-0.3 ms each on a busy
// VM — as much as sealing 100 KiB). No CPU feature of its own.
#pragma once

#include <cstddef>

namespace aeskit::chunked::detail {

// run_parallel calls task(context, slot) once for every slot in [0, n) and returns when all
// calls have returned: slot 0 on the calling thread, the others on pooled workers (at most
// kMaxWorkers; slots no worker has picked up by the time the caller is done with its own
// are run by the caller, so a call always completes even if every worker is busy with other
// callers). Any number of threads may call it at once. Tasks must not throw.
// After fork(), a child starts a pool of its own on first use.
inline constexpr std::size_t kMaxWorkers = 64;
void run_parallel(std::size_t n, void (*task)(void* context, std::size_t slot), void* context);

}  // namespace aeskit::chunked::detail
