// tests/cross/ocb_kernel_cross_test.cpp — every AES backend's OCB3 kernels (ocb_encrypt,
// ocb_decrypt, ocb_hash; backend/backend.hpp) at every first block index 1..17 (every
// position modulo a group of 8 or 16, twice) and every block count 0..40, out of place and in
// place, AES-128 and AES-256, against a block-by-block model over the portable backend:
//   Offset_i = Offset_{i-1} ^ L[ntz(i)];  C_i = Offset_i ^ E(P_i ^ Offset_i), checksum ^= P_i;
//   P_i = Offset_i ^ D(C_i ^ Offset_i), checksum ^= P_i;  sum ^= E(A_i ^ Offset_i).
// The L rows are random (the kernels only read them), so no OCB key setup is involved.
// Runs the backends the CPU supports (the cross builds: power8 under qemu; x86: aesni, vaes*);
// prints what it ran and what it skipped. Internal contract (src/ headers); no gtest.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "backend/backend.hpp"
#include "backend/portable/portable.hpp"
#include "cpu/features.hpp"
#include "cross_check.hpp"

namespace {

using aeskit::detail::AesBackend;
using aeskit::detail::OcbLTable;
using aeskit::detail::RoundKeys;
using cross_check::expect;
using Bytes = std::vector<std::uint8_t>;

struct Rng : cross_check::Xorshift64Star {
  Rng() : Xorshift64Star{0x243F6A8885A308D3ull} {}
  void fill(std::uint8_t* p, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) p[i] = byte();
  }
};

void xor16(std::uint8_t* a, const std::uint8_t* b) {
  for (int i = 0; i < 16; ++i) a[i] ^= b[i];
}

enum class Op { encrypt, decrypt, hash };

// model: the kernel's contract, one block at a time on portable.
void model(Op op, const RoundKeys& enc, const RoundKeys& dec, const OcbLTable& l,
           std::uint64_t first, std::uint8_t offset[16], std::uint8_t acc[16],
           const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) {
  const AesBackend& p = aeskit::detail::kPortableBackend;
  for (std::size_t i = 0; i < blocks; ++i) {
    xor16(offset, l.l[__builtin_ctzll(first + i)]);
    std::uint8_t b[16];
    std::memcpy(b, in + 16 * i, 16);
    const std::uint8_t* v = in + 16 * i;
    std::uint8_t plain[16];
    std::memcpy(plain, v, 16);
    xor16(b, offset);
    if (op == Op::decrypt)
      p.decrypt_blocks(dec, b, b, 1);
    else
      p.encrypt_blocks(enc, b, b, 1);
    if (op == Op::hash) {
      xor16(acc, b);
      continue;
    }
    xor16(b, offset);
    if (op == Op::encrypt) xor16(acc, plain);
    if (op == Op::decrypt) xor16(acc, b);
    std::memcpy(out + 16 * i, b, 16);
  }
}

void check_backend(const AesBackend& b, Rng& rng) {
  const AesBackend& portable = aeskit::detail::kPortableBackend;
  OcbLTable l{};
  rng.fill(&l.l[0][0], sizeof l.l);
  l.fill_prefix_sums();
  for (std::size_t key_len : {16u, 32u}) {
    std::uint8_t key[32];
    rng.fill(key, key_len);
    RoundKeys enc{}, dec{}, penc{}, pdec{};
    b.expand_key(key, key_len, enc);
    b.derive_decrypt_key(enc, dec);
    portable.expand_key(key, key_len, penc);
    portable.derive_decrypt_key(penc, pdec);
    for (std::uint64_t first = 1; first <= 17; ++first) {
      for (std::size_t blocks = 0; blocks <= 40; ++blocks) {
        for (Op op : {Op::encrypt, Op::decrypt, Op::hash}) {
          for (bool in_place : {false, true}) {
            if (op == Op::hash && in_place) continue;
            Bytes in(16 * blocks + 16), got(16 * blocks + 16), want(16 * blocks + 16);
            rng.fill(in.data(), in.size());
            std::uint8_t off0[16], acc0[16];
            rng.fill(off0, 16);
            rng.fill(acc0, 16);
            std::uint8_t off_got[16], acc_got[16], off_want[16], acc_want[16];
            std::memcpy(off_got, off0, 16);
            std::memcpy(acc_got, acc0, 16);
            std::memcpy(off_want, off0, 16);
            std::memcpy(acc_want, acc0, 16);
            got = in;  // the block after the last must stay as it was
            want = in;
            const std::uint8_t* src = in_place ? got.data() : in.data();
            std::size_t done = 0;
            if (op == Op::encrypt)
              done = b.ocb_encrypt(enc, l, first, off_got, acc_got, src, got.data(), blocks);
            else if (op == Op::decrypt)
              done = b.ocb_decrypt(dec, l, first, off_got, acc_got, src, got.data(), blocks);
            else
              done = b.ocb_hash(enc, l, first, off_got, acc_got, in.data(), blocks);
            // A kernel may stop early (the contract): the model runs the blocks it did.
            model(op, penc, pdec, l, first, off_want, acc_want, in.data(), want.data(),
                  done <= blocks ? done : 0);
            const std::string what = std::string(b.name) + " ocb_" +
                                     (op == Op::encrypt   ? "encrypt"
                                      : op == Op::decrypt ? "decrypt"
                                                          : "hash") +
                                     ", key " + std::to_string(key_len) + ", first index " +
                                     std::to_string(first) + ", " + std::to_string(blocks) +
                                     " blocks" + (in_place ? ", in place" : "");
            expect(done <= blocks, what + ": processed at most the blocks given");
            // power8's kernels (both builds) do every block (so every position is checked).
            if (b.name == "power8" || b.name == "power9")
              expect(done == blocks, what + ": processed every block");
            expect(std::memcmp(off_got, off_want, 16) == 0, what + ": offset");
            expect(std::memcmp(acc_got, acc_want, 16) == 0, what + ": checksum / sum");
            if (op != Op::hash) expect(got == want, what + ": output");
          }
        }
      }
    }
  }
}

}  // namespace

int main() {
  Rng rng;
  const aeskit::cpu::FeatureSet& features = aeskit::cpu::cpu_features();
  int ran = 0;
  for (std::size_t i = 0; i < aeskit::detail::backend_count(); ++i) {
    const AesBackend& b = aeskit::detail::backend_at(i);
    if (b.ocb_encrypt == nullptr || b.ocb_decrypt == nullptr || b.ocb_hash == nullptr) {
      std::printf("backend %s: no OCB kernels, skipped\n", std::string(b.name).c_str());
      continue;
    }
    if (!b.supported(features)) {
      std::printf("backend %s: not supported on this CPU, skipped\n", std::string(b.name).c_str());
      continue;
    }
    check_backend(b, rng);
    ++ran;
    std::printf("backend %s: OCB kernels checked\n", std::string(b.name).c_str());
  }
  if (const char* want = std::getenv("AESKIT_CROSS_EXPECT_OCB_KERNELS"))
    expect(std::to_string(ran) == want, "OCB kernels of " + std::string(want) +
                                            " backend(s) checked, not " + std::to_string(ran));
  return cross_check::finish();
}
