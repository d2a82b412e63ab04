// src/backend/select/self_test_aegis.cpp — the once-per-process self-test of each AEGIS kernel
// table (backend/aegis_kernels.hpp; see self_test.hpp for the contract).
//
// The reference is the portable table (kAegisPortable: the draft's pseudocode on the bitsliced
// constant-time AES round, itself checked against the draft's vectors by tests/aegis). Every
// non-null kernel of a table, each family (AEGIS-128L/128X, AEGIS-256/256X) at each degree
// (D = 1, 2, 4), seals messages of the lengths that cross its code paths, with rate r = its
// bytes per update (32·D or 16·D) and B = its state blocks (8 or 6):
//     0, 1, r - 1, r, r + 1, B·r - 1 (just under the unrolled B-update loop), B·r,
//     B·r + r + 5 (the loop, one whole update, a partial one),
// the AD length rotating through 0, 1 and r + 3, the tag through 16 and 32 bytes, and every
// other message in place. The ciphertext and tag must be the portable kernel's; decrypting
// that ciphertext (in place likewise) must give back the plaintext and the same tag, and no
// byte after the output may be written. A table that fails is never chosen
// (select_aegis_kernel goes on to the next usable table, else portable).
//
// No CPU features of its own: a table's kernels run only when the CPU (detected features,
// before AESKIT_DISABLE) supports its AES backend and the table's own features. Cost, once per
// table a key selects: 16 messages of at most 1157 bytes per kernel and direction, 0.5-1.3 ms per
// table (vaes512: 4 kernels, aesni-avx512vl: 2, aesni and vperm: 6), mostly the portable reference
// (Zen 5 class VM, loaded). References: draft-irtf-cfrg-aegis-aead (the families and the X forms).
#include <cstring>

#include "backend/aegis_kernels.hpp"
#include "backend/select/catalog.hpp"
#include "backend/select/self_test.hpp"
#include "backend/select/self_test_once.hpp"
#include "cpu/features.hpp"

namespace aeskit::detail {
namespace {

constexpr std::size_t kMaxRate = 128;                             // 128X4: 2 words x 64
constexpr std::size_t kMaxMessage = 8 * kMaxRate + kMaxRate + 5;  // B·r + r + 5
constexpr std::size_t kMaxAd = kMaxRate + 3;
constexpr std::uint8_t kGuard = 0xA5;

// The entry of a family at a degree, sealing or opening (self_test.hpp's enum order).
AegisSelfTestEntry entry_of(AegisFamily f, std::size_t degree_index, bool decrypt) noexcept {
  const unsigned family = f == AegisFamily::aegis128l ? 0 : 1;
  return static_cast<AegisSelfTestEntry>((family * 3 + degree_index) * 2 + (decrypt ? 1 : 0));
}

struct AegisScratch {
  std::uint8_t key[32], nonce[32], ad[kMaxAd], plain[kMaxMessage];
  std::uint8_t expect[kMaxMessage], expect_tag[32];
  std::uint8_t out[kMaxMessage + 1], tag[32];
};

AegisSelfTestResult run_aegis_self_test(const AegisKernels& table, int fault) {
  Stopwatch clock;
  AegisSelfTestResult result;
  static AegisScratch s;  // under the slots' lock: one run at a time
  SelfTestBytes gen{0x6165676973000000u};
  gen.fill(s.key, sizeof s.key);
  gen.fill(s.nonce, sizeof s.nonce);
  gen.fill(s.ad, sizeof s.ad);
  gen.fill(s.plain, sizeof s.plain);

  auto fail = [&](AegisSelfTestEntry e, std::size_t length) {
    if (result.failed_entries == 0) {
      result.first_failure = e;
      result.first_failure_length = length;
    }
    result.failed_entries |= entry_bit(e);
  };

  for (AegisFamily family : {AegisFamily::aegis128l, AegisFamily::aegis256}) {
    for (std::size_t d = 0; d < 3; ++d) {
      const AegisKernel& k = table.at(family, d);
      if (k.encrypt == nullptr || k.decrypt == nullptr) continue;
      const AegisKernel& ref = kAegisPortable.at(family, d);
      const AegisSelfTestEntry seal = entry_of(family, d, false), open = entry_of(family, d, true);
      result.tested_entries |= entry_bit(seal) | entry_bit(open);
      const std::size_t degree = std::size_t{1} << d;
      const std::size_t blocks = family == AegisFamily::aegis128l ? 8 : 6;
      const std::size_t rate = (family == AegisFamily::aegis128l ? 32 : 16) * degree;
      const std::size_t lengths[] = {0,
                                     1,
                                     rate - 1,
                                     rate,
                                     rate + 1,
                                     blocks * rate - 1,
                                     blocks * rate,
                                     blocks * rate + rate + 5};
      const std::size_t ads[] = {0, 1, rate + 3};
      std::size_t m = 0;
      for (std::size_t len : lengths) {
        for (std::size_t tag_len : {std::size_t{16}, std::size_t{32}}) {
          const std::size_t ad_len = ads[m % 3];
          const bool in_place = m % 2 == 1;
          ++m;
          ++result.messages;
          if (len > result.max_message_bytes) result.max_message_bytes = len;
          ref.encrypt(s.key, s.nonce, s.ad, ad_len, s.plain, s.expect, len, s.expect_tag, tag_len);

          // Seal: the reference's ciphertext and tag; open: the plaintext back and the same
          // (expected) tag; nothing written past the output either way.
          auto check = [&](AegisSelfTestEntry e, AegisFn fn, const std::uint8_t* from,
                           const std::uint8_t* to) {
            std::memset(s.out, kGuard, len + 1);
            if (in_place) std::memcpy(s.out, from, len);
            fn(s.key, s.nonce, s.ad, ad_len, in_place ? s.out : from, s.out, len, s.tag, tag_len);
            if (fault == static_cast<int>(e)) s.tag[0] ^= 1;
            if (std::memcmp(s.out, to, len) != 0 || s.out[len] != kGuard ||
                std::memcmp(s.tag, s.expect_tag, tag_len) != 0)
              fail(e, len);
          };
          check(seal, k.encrypt, s.plain, s.expect);
          check(open, k.decrypt, s.expect, s.plain);
        }
      }
    }
  }
  finish_self_test(result, clock, s);
  return result;
}

constinit SelfTestSlots<AegisKernels, AegisSelfTestResult, kAegisKernelTables.size()> slots{
    kAegisKernelTables, kAegisSelfTestEntryNames, run_aegis_self_test};

}  // namespace

const AegisSelfTestResult& aegis_self_test(const AegisKernels& table) noexcept {
  const AesBackend* b = find_backend(table.aes_backend);
  const bool runnable = b != nullptr && b->supported(cpu::detected_features()) &&
                        table.runs_on(cpu::detected_features());
  if (runnable && !backend_self_test_allows(*b))
    return backend_failed_result<AegisSelfTestResult>();
  return slots.result(table, runnable);
}

bool aegis_self_test_allows(const AegisKernels& table) noexcept {
  return self_test_allows_kernels(aegis_self_test(table));
}

bool self_test_inject_fault_for_testing(const AegisKernels& table,
                                        std::string_view entry) noexcept {
  return slots.inject(table, entry);
}

void aegis_self_test_reset_for_testing() noexcept {
  slots.reset_all();
}

unsigned self_test_runs_for_testing(const AegisKernels& table) noexcept {
  return slots.runs(table);
}

}  // namespace aeskit::detail
