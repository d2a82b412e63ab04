// tests/guard_pages/guard_page.hpp — the guard-page helpers shared by the guard-page tests:
// GuardedPage (data pages between two PROT_NONE pages, so that a buffer can end exactly at an
// inaccessible page or start right after one), the placements of one call's input and output,
// GuardedTest::check, which runs a call on ordinary buffers and then at every placement
// and requires the same results, and the usable AES backends. Linux/POSIX: mmap + mprotect.
#pragma once
#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "backend/select/catalog.hpp"
#include "backend/select/self_test.hpp"
#include "cpu/features.hpp"

namespace aeskit_test {

using Bytes = std::vector<std::uint8_t>;

// `pages` pages of data (one by default) between two PROT_NONE pages.
class GuardedPage {
 public:
  explicit GuardedPage(std::size_t pages = 1) {
    page_ = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    size_ = pages * page_;
    void* p = mmap(nullptr, size_ + 2 * page_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                   -1, 0);
    if (p == MAP_FAILED) throw std::runtime_error("mmap failed");
    base_ = static_cast<std::uint8_t*>(p);
    if (mprotect(base_, page_, PROT_NONE) != 0 ||
        mprotect(base_ + page_ + size_, page_, PROT_NONE) != 0)
      throw std::runtime_error("mprotect failed");
  }
  GuardedPage(const GuardedPage&) = delete;
  GuardedPage& operator=(const GuardedPage&) = delete;
  ~GuardedPage() { munmap(base_, size_ + 2 * page_); }

  // size: the accessible bytes between the guards.
  std::size_t size() const { return size_; }
  // n bytes that end exactly at the guard page after them.
  std::uint8_t* ending(std::size_t n) {
    if (n > size_) throw std::length_error("GuardedPage: buffer larger than the pages");
    return base_ + page_ + size_ - n;
  }
  // bytes that start exactly after the guard page before them.
  std::uint8_t* starting() { return base_ + page_; }
  std::uint8_t* place(bool at_end, std::size_t n) { return at_end ? ending(n) : starting(); }

 private:
  std::size_t page_ = 0;
  std::size_t size_ = 0;
  std::uint8_t* base_ = nullptr;
};

// copy: memcpy that allows n == 0 with a null source (an empty vector's data()).
inline void copy(std::uint8_t* dst, const std::uint8_t* src, std::size_t n) {
  if (n != 0) std::memcpy(dst, src, n);
}

// put: `b` copied to the end (at_end) or the start of `page`; returns where it went.
inline std::uint8_t* put(GuardedPage& page, bool at_end, const Bytes& b) {
  std::uint8_t* p = page.place(at_end, b.size());
  copy(p, b.data(), b.size());
  return p;
}

inline Bytes random_bytes(std::size_t n, std::uint64_t& s) {
  Bytes b(n);
  for (auto& x : b) {
    s = s * 6364136223846793005u + 1442695040888963407u;
    x = static_cast<std::uint8_t>(s >> 56);
  }
  return b;
}

// The placements of one call: input and output at the end or at the start of their pages,
// and in place (input and output the same guarded bytes).
struct Placement {
  bool in_end, out_end, in_place;
};
inline constexpr Placement kPlacements[] = {
    {true, true, false},  {false, false, false}, {true, false, false},
    {false, true, false}, {true, true, true},    {false, false, true},
};

inline std::string where(const Placement& p, std::size_t n) {
  return std::string(p.in_place ? "in place" : "out of place") + ", in at " +
         (p.in_end ? "end" : "start") + ", out at " + (p.out_end ? "end" : "start") + ", " +
         std::to_string(n);
}

// GuardedTest: an input page and an output page of `pages` pages each (1 unless a derived
// fixture passes more).
class GuardedTest : public ::testing::Test {
 protected:
  explicit GuardedTest(std::size_t pages = 1) : in_page(pages), out_page(pages) {}

  GuardedPage in_page, out_page;
  // Pages for a call's other inputs (key, nonce, salt, info, tag): side(i, b) puts `b` at the
  // end of side page i on one call and at its start on the next, so both edges are covered.
  GuardedPage side_pages[2];
  unsigned side_calls = 0;
  std::uint8_t* side(int i, const Bytes& b) { return put(side_pages[i], ++side_calls % 2 != 0, b); }
  std::uint64_t seed = 0x67756172640000u;
  // Kernels return the blocks they processed (they may stop early: only those blocks of the
  // output are defined); the public entries return bytes, all of the output defined.
  bool returns_blocks = true;
  // in_place: check also runs in place when input and output have the same length (off for
  // calls whose contract does not allow the output over that input).
  bool in_place = true;

  // Runs `call(in, out, state)` on ordinary buffers and then at every placement; the outputs,
  // the 16-byte state and the return value must agree. `out_len` 0: no output buffer.
  template <class Call>
  void check(const std::string& what, std::size_t in_len, std::size_t out_len, Call call) {
    check_with(what, random_bytes(in_len, seed), out_len, call);
  }
  // check_with: as check, on the given input bytes.
  template <class Call>
  void check_with(const std::string& what, const Bytes& input, std::size_t out_len, Call call) {
    const std::size_t in_len = input.size();
    const Bytes state0 = random_bytes(16, seed);
    Bytes ref_out(std::max<std::size_t>(out_len, 1)), ref_state = state0;
    const std::size_t ref_done = call(input.data(), ref_out.data(), ref_state.data());
    for (const Placement& p : kPlacements) {
      if (p.in_place && (!in_place || out_len != in_len)) continue;
      std::uint8_t* in = in_page.place(p.in_end, in_len);
      copy(in, input.data(), in_len);
      std::uint8_t* out = p.in_place ? in : out_page.place(p.out_end, out_len);
      Bytes state = state0;
      const std::size_t done = call(in, out, state.data());
      ASSERT_EQ(done, ref_done) << what << ", " << where(p, in_len);
      ASSERT_EQ(state, ref_state) << what << ", " << where(p, in_len);
      const std::size_t defined = returns_blocks ? std::min(out_len, 16 * done) : out_len;
      if (defined != 0) {
        ASSERT_TRUE(std::equal(out, out + defined, ref_out.begin()))
            << what << ", " << where(p, in_len);
      }
    }
  }
};

// byte_lengths: every length 0..64, then 16k - 1, 16k, 16k + 1 for k = 5..max_blocks.
inline std::vector<std::size_t> byte_lengths(std::size_t max_blocks) {
  std::vector<std::size_t> v;
  for (std::size_t n = 0; n <= 64; ++n) v.push_back(n);
  for (std::size_t k = 5; k <= max_blocks; ++k)
    for (std::size_t n : {16 * k - 1, 16 * k, 16 * k + 1}) v.push_back(n);
  return v;
}

// The AES backends that AesKey::create accepts on this CPU.
inline std::vector<const aeskit::detail::AesBackend*> usable_backends() {
  std::vector<const aeskit::detail::AesBackend*> out;
  for (const aeskit::detail::AesBackend* b : aeskit::detail::kAesBackends)
    if (aeskit::detail::backend_usable(*b, aeskit::cpu::cpu_features())) out.push_back(b);
  return out;
}

// max_blocks: 3 groups + 16 blocks (a group: the backend's batch_blocks, at least 8).
inline std::size_t max_blocks(std::size_t batch) {
  return 3 * std::max<std::size_t>(batch, 8) + 16;
}

}  // namespace aeskit_test
