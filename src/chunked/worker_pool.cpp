// src/chunked/worker_pool.cpp — see worker_pool.hpp.
//
// One process-wide pool: a FIFO of (task, slot, batch) entries under one mutex, workers that
// sleep on a condition variable until an entry arrives, and per call a Batch counting the
// slots not yet finished. The caller runs slot 0, then takes back every entry of its own batch
// still queued (nobody started it) and runs it too, then sleeps until the count reaches zero.
// The pool object is never destroyed (workers may still sleep in it while static destructors
// run at exit); a forked child, which has none of the parent's workers, makes a new one.
// No CPU feature of its own.
#include "chunked/worker_pool.hpp"

#include <unistd.h>

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

namespace aeskit::chunked::detail {
namespace {

struct Batch {
  std::size_t left = 0;  // slots not yet finished (guarded by Pool::mutex)
};

struct Entry {
  void (*task)(void*, std::size_t);
  void* context;
  std::size_t slot;
  Batch* batch;
};

class Pool {
 public:
  void run(std::size_t n, void (*task)(void*, std::size_t), void* context) {
    Batch batch;
    batch.left = n - 1;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      while (workers_ < n - 1 && workers_ < kMaxWorkers) {
        std::thread(&Pool::work, this).detach();
        ++workers_;
      }
      for (std::size_t slot = 1; slot < n; ++slot) queue_.push_back({task, context, slot, &batch});
    }
    work_ready_.notify_all();
    task(context, 0);
    std::unique_lock<std::mutex> lock(mutex_);
    for (auto it = queue_.begin(); it != queue_.end();) {  // run what nobody has taken
      if (it->batch != &batch) {
        ++it;
        continue;
      }
      const Entry entry = *it;
      it = queue_.erase(it);
      lock.unlock();
      entry.task(entry.context, entry.slot);
      lock.lock();
      --batch.left;
      it = queue_.begin();  // the queue may have changed meanwhile
    }
    batch_done_.wait(lock, [&] { return batch.left == 0; });
  }

 private:
  void work() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      work_ready_.wait(lock, [&] { return !queue_.empty(); });
      const Entry entry = queue_.front();
      queue_.pop_front();
      lock.unlock();
      entry.task(entry.context, entry.slot);
      lock.lock();
      if (--entry.batch->left == 0) batch_done_.notify_all();
    }
  }

  std::mutex mutex_;
  std::condition_variable work_ready_, batch_done_;
  std::deque<Entry> queue_;
  std::size_t workers_ = 0;
};

Pool& pool() {
  static std::mutex creation;
  static Pool* current = nullptr;
  static pid_t owner = 0;
  std::lock_guard<std::mutex> lock(creation);
  const pid_t self = getpid();
  if (current == nullptr || owner != self) {  // first use, or a forked child
    current = new Pool;                       // never deleted: see the header comment
    owner = self;
  }
  return *current;
}

}  // namespace

void run_parallel(std::size_t n, void (*task)(void* context, std::size_t slot), void* context) {
  if (n == 0) return;
  if (n == 1) {
    task(context, 0);
    return;
  }
  pool().run(n, task, context);
}

}  // namespace aeskit::chunked::detail
