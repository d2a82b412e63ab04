// tools/aeskit/speed/chunked.cpp — aeskit's runners for the Cobblestone and memcpy items of
// `aeskit speed` and the ratio to AES-GCM printed after each Cobblestone table
// (speed/chunked.hpp).
#include "speed/chunked.hpp"

#include <algorithm>
#include <condition_variable>
#include <cstring>
#include <map>
#include <mutex>
#include <optional>
#include <thread>
#include <tuple>

#include "aeskit/chunked.hpp"
#include "speed/timer.hpp"

namespace aeskit::cli::speed {
namespace {

constexpr std::size_t kSmallSize = 16384;    // one chunk (and the empty final one)
constexpr std::size_t kLargeSize = 1 << 20;  // 64 chunks

chunked::Suite suite_of(const Item& item) {
  return item.key_bits == 256 ? chunked::Suite::cobblestone_256 : chunked::Suite::cobblestone_128;
}

std::string failure(const char* call, const Status& status) {
  return std::string(call) + " failed: " + status.message();
}

// Input identity: the speed tool fills its input once, so a span seen before holds the same
// bytes (the AEAD runners rely on the same, speed/aead.hpp).
struct SeenInput {
  const std::uint8_t* data = nullptr;
  std::size_t size = SIZE_MAX;
  bool is(std::span<const std::uint8_t> in) const { return in.data() == data && in.size() == size; }
  void set(std::span<const std::uint8_t> in) {
    data = in.data();
    size = in.size();
  }
};

// make_key: the chunked::Key a program sealing or opening many files under one key makes once
// (the per-key HMAC-SHA-512 setup); each timed message pays only its own header derivation.
chunked::Key make_key(chunked::Suite suite, std::span<const std::uint8_t> key) {
  auto k = chunked::Key::create(suite, key);
  return k.ok() ? std::move(k).value() : chunked::Key();  // empty: the runs report invalid_state
}

class SealRunner final : public Runner {
 public:
  SealRunner(const Item& item, const Material& material)
      : suite_(suite_of(item)), threads_(item.threads) {
    key_.assign(material.key.begin(),
                material.key.begin() + static_cast<std::ptrdiff_t>(chunked::key_length(suite_)));
    prepared_ = make_key(suite_, key_);
    std::memcpy(salt_, material.iv.data(), 16);
    std::memcpy(salt_ + 16, material.iv.data(), 8);
  }

  bool run(std::size_t count, std::span<const std::uint8_t> in, std::span<std::uint8_t> out,
           std::string& error) override {
    for (std::size_t i = 0; i < count; ++i) {
      auto n = chunked::hazmat::seal_with_salt(prepared_, salt_, {}, in, out, threads_);
      if (!n.ok()) {
        error = failure("chunked::hazmat::seal_with_salt", n.status());
        return false;
      }
      written_ = *n;
    }
    if (!checked_.is(in)) {  // round trip the first message of each input, by the raw key
      std::vector<std::uint8_t> back(in.size());
      auto n = chunked::open(suite_, key_, {}, out.first(written_), back, threads_);
      if (!n.ok() || *n != in.size() || !std::equal(back.begin(), back.end(), in.begin())) {
        error = "the sealed message did not open to the input (" +
                std::string(n.ok() ? "different bytes" : n.message()) + ")";
        return false;
      }
      checked_.set(in);
    }
    return true;
  }

 private:
  chunked::Suite suite_;
  unsigned threads_;
  std::vector<std::uint8_t> key_;
  chunked::Key prepared_;
  std::uint8_t salt_[chunked::kSaltSize] = {};
  std::size_t written_ = 0;
  SeenInput checked_;
};

class OpenRunner final : public Runner {
 public:
  OpenRunner(const Item& item, const Material& material)
      : suite_(suite_of(item)), threads_(item.threads), sealer_(item, material) {
    const std::span<const std::uint8_t> key(material.key.data(), chunked::key_length(suite_));
    prepared_ = make_key(suite_, key);
  }

  bool run(std::size_t count, std::span<const std::uint8_t> in, std::span<std::uint8_t> out,
           std::string& error) override {
    const bool first = !sealed_for_.is(in);
    if (first) {  // seal `in` once, outside the timed batches (the warm-up pays it)
      auto length = chunked::ciphertext_length(in.size());
      if (!length.ok()) {
        error = failure("chunked::ciphertext_length", length.status());
        return false;
      }
      sealed_.assign(static_cast<std::size_t>(*length), 0);
      if (!sealer_.run(1, in, sealed_, error)) return false;
      sealed_for_.set(in);
    }
    for (std::size_t i = 0; i < count; ++i) {
      auto n = chunked::open(prepared_, {}, sealed_, out.first(in.size()), threads_);
      if (!n.ok() || *n != in.size()) {
        error =
            n.ok() ? "chunked::open returned a wrong length" : failure("chunked::open", n.status());
        return false;
      }
    }
    if (first && !std::equal(in.begin(), in.end(), out.begin())) {
      error = "chunked::open did not give the sealed input back";
      return false;
    }
    return true;
  }

 private:
  chunked::Suite suite_;
  unsigned threads_;
  SealRunner sealer_;
  chunked::Key prepared_;
  std::vector<std::uint8_t> sealed_;
  SeenInput sealed_for_;
};

// MemcpyRunner: the memory-copy ceiling, split the way the chunked whole-buffer API splits
// its chunks (thread t of T copies [t·n/T, (t+1)·n/T), rounded to 64-byte lines), on T - 1
// helper threads started once per runner (as chunked keeps its workers) and the caller.
class MemcpyRunner final : public Runner {
 public:
  explicit MemcpyRunner(unsigned threads) : threads_(threads) {
    for (unsigned t = 1; t < threads_; ++t) helpers_.emplace_back([this, t] { help(t); });
  }
  ~MemcpyRunner() override {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    start_.notify_all();
    for (auto& helper : helpers_) helper.join();
  }

  bool run(std::size_t count, std::span<const std::uint8_t> in, std::span<std::uint8_t> out,
           std::string& error) override {
    for (std::size_t i = 0; i < count; ++i) {
      {
        std::lock_guard<std::mutex> lock(mutex_);
        in_ = in;
        out_ = out;
        finished_ = 0;
        ++generation_;
      }
      start_.notify_all();
      copy(0);
      std::unique_lock<std::mutex> lock(mutex_);
      done_.wait(lock, [&] { return finished_ == helpers_.size(); });
    }
    if (!checked_.is(in)) {  // check the first copy of each input only
      if (!std::equal(in.begin(), in.end(), out.begin())) {
        error = "the copy differs from its source";
        return false;
      }
      checked_.set(in);
    }
    return true;
  }

 private:
  std::size_t bound(std::size_t t) const {
    const std::size_t n = in_.size();
    return t == threads_ ? n : (t * n / threads_) & ~std::size_t{63};
  }
  void copy(std::size_t t) const {
    const std::size_t begin = bound(t), end = bound(t + 1);
    if (end > begin) std::memcpy(out_.data() + begin, in_.data() + begin, end - begin);
  }
  void help(std::size_t t) {
    std::uint64_t seen = 0;
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      start_.wait(lock, [&] { return stop_ || generation_ != seen; });
      if (stop_) return;
      seen = generation_;
      lock.unlock();
      copy(t);
      lock.lock();
      if (++finished_ == helpers_.size()) done_.notify_one();
    }
  }

  unsigned threads_;
  std::vector<std::thread> helpers_;
  std::mutex mutex_;
  std::condition_variable start_, done_;
  std::span<const std::uint8_t> in_;
  std::span<std::uint8_t> out_;
  std::uint64_t generation_ = 0;
  std::size_t finished_ = 0;
  bool stop_ = false;
  SeenInput checked_;
};

}  // namespace

std::vector<std::size_t> chunked_sizes(const std::vector<std::size_t>& requested) {
  std::vector<std::size_t> sizes = {kSmallSize, kLargeSize};
  for (std::size_t size : requested)
    if (size >= kSmallSize) sizes.push_back(size);
  std::sort(sizes.begin(), sizes.end());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  return sizes;
}

std::size_t chunked_output_length(const Item& item, std::size_t in_len) {
  if (item.family == Family::memory_copy || item.direction == Direction::decrypt) return in_len;
  auto n = chunked::ciphertext_length(in_len);
  return n.ok() ? static_cast<std::size_t>(*n) : in_len;
}

std::string chunked_table_note(const Item& item) {
  if (item.family == Family::memory_copy)
    return "the memory-copy reference for the Cobblestone items";
  return "aeskit whole-buffer API (default backend), " + std::to_string(item.threads) +
         (item.threads == 1 ? " thread" : " threads") +
         "; per-message header derivation included (chunked::Key made once); MB/s of "
         "plaintext";
}

std::unique_ptr<Runner> make_aeskit_chunked_runner(const Item& item, const Material& material,
                                                   std::string_view /*backend*/,
                                                   std::string& error) {
  if (item.threads == 0) {
    error = "a chunked item needs a thread count";
    return nullptr;
  }
  if (item.family == Family::memory_copy) return std::make_unique<MemcpyRunner>(item.threads);
  if (item.direction == Direction::encrypt) return std::make_unique<SealRunner>(item, material);
  return std::make_unique<OpenRunner>(item, material);
}

bool print_chunked_ratios(std::FILE* out_file, const Item& item, const std::vector<Record>& records,
                          Impl& aeskit, double seconds, std::span<const std::uint8_t> in,
                          std::span<std::uint8_t> out, std::string& error) {
  if (item.family == Family::memory_copy) return true;
  const std::string gcm_name = "AES-" + std::to_string(item.key_bits) + "-GCM";
  const std::optional<Item> found_gcm =
      find_item(gcm_name, item.direction == Direction::encrypt ? "seal" : "open");
  if (!found_gcm) {
    error = "no item " + gcm_name;
    return false;
  }
  const Item& gcm = *found_gcm;
  // One AES-GCM figure per (key size, direction, size) per run: the 1-thread and T-thread
  // items are judged against the same one.
  static std::map<std::tuple<std::size_t, Direction, std::size_t>, double> cache;
  static const std::uint8_t kKey[64] = {0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6,
                                        0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf, 0x4f, 0x3c};
  static const std::uint8_t kIv[16] = {0xf0, 0xe1, 0xd2, 0xc3, 0xb4, 0xa5, 0x96, 0x87,
                                       0x78, 0x69, 0x5a, 0x4b, 0x1a, 0x2b, 0x3c, 0x4d};
  std::unique_ptr<Runner> runner;
  bool printed_heading = false;
  for (const Record& record : records) {
    if (record.impl != "aeskit" || record.algorithm != item.algorithm || record.op != item.op)
      continue;
    const auto key = std::make_tuple(item.key_bits, item.direction, record.bytes);
    auto found = cache.find(key);
    if (found == cache.end()) {
      if (!runner) runner = aeskit.prepare(gcm, {kKey, kIv}, error);
      if (!runner) return false;
      Record base{"aeskit",
                  std::string(aeskit.backend()),
                  gcm.algorithm,
                  gcm.op,
                  ItemKind::aead,
                  record.bytes,
                  {}};
      if (!measure(*runner, in.first(record.bytes), out.first(record.bytes + kAeadTagBytes),
                   seconds, base.timing, error))
        return false;
      found = cache.emplace(key, mb_per_sec(base)).first;
    }
    if (!printed_heading) {
      std::fprintf(out_file, "%s %s relative to aeskit %s %s (same size, timed now):\n",
                   item.algorithm.c_str(), item.op.c_str(), gcm.algorithm.c_str(), gcm.op.c_str());
      std::fprintf(out_file, "%9s  %16s  %16s  %16s\n", "bytes", "chunked MB/s", "GCM MB/s",
                   "chunked/GCM");
      printed_heading = true;
    }
    const double ours = mb_per_sec(record);
    std::fprintf(out_file, "%9zu  %16.1f  %16.1f  %15.2fx\n", record.bytes, ours, found->second,
                 found->second > 0 ? ours / found->second : 0.0);
  }
  if (printed_heading) std::fputc('\n', out_file);
  std::fflush(out_file);
  return true;
}

}  // namespace aeskit::cli::speed
