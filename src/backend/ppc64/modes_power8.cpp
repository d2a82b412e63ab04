// src/backend/ppc64/modes_power8.cpp — the power8 backend's XTS, OCB3 (encrypt, decrypt, AD
// hash), CBC-MAC and CTR+CBC-MAC (CCM, EAX) kernels.
//
// CPU features: POWER8 vector crypto.
// References: IEEE 1619-2018 §5.3 (XTS, the tweak times α); RFC 7253 §4 (OCB3); NIST SP
// 800-38C (CCM), the EAX paper (Bellare, Rogaway, Wagner); backend/backend.hpp (the
// contract); rounds.hpp (round structure, byte order, groups of 8).
//
// XTS and OCB: the per-block masks (T·α^i, Offset_i) are computed one after another (one
// shift-and-fold or one XOR each, far shorter than the rounds they feed), then the group's
// 8 blocks go through the rounds together; the closing mask XOR is folded into the last
// round's key operand. Masks and data are secret: every step is branch-free; only block
// indices (public) choose L rows. mac_ctr: the CTR blocks of a group go through the rounds
// together, then the group's CBC-MAC steps one after another (the core overlaps the next
// group's CTR with this chain).
#include "backend/ppc64/counter.hpp"
#include "backend/ppc64/kernels.hpp"

namespace aeskit::detail::power8 {
inline namespace AESKIT_POWER8_NS {  // rounds.hpp: p8 or p9
namespace {

// times_alpha: T·α in GF(2^128) for XTS, on the tweak in the native byte order (load_le: the
// little-endian 128-bit integer of IEEE 1619 as two 64-bit lanes, low lane first): each lane
// shifted left by one, the carry out of the low lane into bit 0 of the high lane and the
// carry out of bit 127 folded back as 0x87 into the low lane. Each lane's top bit, spread by
// an arithmetic shift and swapped to the other lane (vsldoi by 8 bytes), selects the carry.
AESKIT_POWER8_INLINE block times_alpha(block t) {
  const u64x2 v = reinterpret_cast<u64x2>(t);
  const u64x2 top = reinterpret_cast<u64x2>(
      vec_sra(reinterpret_cast<__vector signed long long>(v), vec_splats(63ull)));
  const u64x2 fold = {0x87, 1};  // element 0: the low lane (gets bit 127's carry)
  const u64x2 carry = vec_and(reinterpret_cast<u64x2>(vec_sld(reinterpret_cast<block>(top),
                                                              reinterpret_cast<block>(top), 8)),
                              fold);
  return reinterpret_cast<block>(vec_xor(vec_add(v, v), carry));
}

// The tweak in the native byte order (times_alpha's lanes); the mask in the cipher's.
AESKIT_POWER8_INLINE block load_tweak(const std::uint8_t* p) {
  return load_le(p);
}
AESKIT_POWER8_INLINE void store_tweak(std::uint8_t* p, block t) {
  store_le(p, t);
}
AESKIT_POWER8_INLINE block tweak_mask(block t) {
  return reverse(t);
}

#include "backend/kernels/group8/xts.inc"

enum class OcbOp { encrypt, decrypt, hash };

// ocb: Offset_i = Offset_{i-1} ^ L[ntz(i)]; encrypt C_i = Offset_i ^ E(P_i ^ Offset_i),
// checksum ^= P_i; decrypt P_i = Offset_i ^ D(C_i ^ Offset_i), checksum ^= P_i; hash
// sum ^= E(A_i ^ Offset_i).
//
// Groups aligned to 8 (the first index ≡ 1 mod 8): the first seven blocks' ntz are those of
// 1..7 (0, 1, 0, 2, 0, 1, 0), so L_0, L_1, L_2 stay in registers and only the eighth block
// loads its row, L[ntz(i + 7)]; a tail after aligned groups has the same pattern without the
// eighth. An unaligned start runs one short group of per-block rows up to the alignment.
// The offset is kept with k_0 XORed in (ok = Offset ^ k_0): the block's first XOR, v ^ ok,
// is then also the first round key's, and the last round's key operand is
// ok ^ (k_R ^ k_0): four XORs per block with the chain and the checksum.
template <OcbOp Op>
AESKIT_POWER8_INLINE std::size_t ocb(const RoundKeys& rk, const OcbLTable& l, std::uint64_t index,
                                     std::uint8_t offset[16], std::uint8_t acc_bytes[16],
                                     const std::uint8_t* in, std::uint8_t* out,
                                     std::size_t blocks) {
  constexpr Dir D = Op == OcbOp::decrypt ? Dir::decrypt : Dir::encrypt;
  with_rounds(rk.rounds, [&]<unsigned R>() AESKIT_POWER8_LAMBDA {
    const Keys<R> keys = load_keys<R>(rk);
    const block last_k0 = x(keys.k[R], keys.k[0]);
    const block l0 = load(l.l[0]), l1 = load(l.l[1]), l2 = load(l.l[2]);
    block ok = x(load(offset), keys.k[0]);
    block acc = load(acc_bytes);
    const Offsets offs = make_offsets();
    const auto group = [&]<std::size_t Y, bool kAligned>() AESKIT_POWER8_LAMBDA {
      block off[Y];
      block b[Y];
#pragma GCC unroll 8
      for (std::size_t i = 0; i < Y; ++i) {
        if constexpr (kAligned) {
          constexpr unsigned kNtz[7] = {0, 1, 0, 2, 0, 1, 0};
          ok = x(ok, i == 7 ? load(l.l[__builtin_ctzll(index + 7)])
                            : (kNtz[i % 7] == 0   ? l0
                               : kNtz[i % 7] == 1 ? l1
                                                  : l2));
        } else {
          ok = x(ok, load(l.l[__builtin_ctzll(index + i)]));  // index ≥ 1, public
        }
        off[i] = ok;
        const block v = load(in, offs.o[i]);
        if constexpr (Op == OcbOp::encrypt) acc = x(acc, v);
        b[i] = x(v, ok);  // with k_0
      }
      middle<D, R>(keys, b);
      if constexpr (Op == OcbOp::hash) {
#pragma GCC unroll 8
        for (std::size_t i = 0; i < Y; ++i) acc = x(acc, round_last(D, b[i], keys.k[R]));
      } else {
#pragma GCC unroll 8
        for (std::size_t i = 0; i < Y; ++i) {
          b[i] = round_last(D, b[i], x(off[i], last_k0));
          if constexpr (Op == OcbOp::decrypt) acc = x(acc, b[i]);
        }
#pragma GCC unroll 8
        for (std::size_t i = 0; i < Y; ++i) store(out, b[i], offs.o[i]);
        out += 16 * Y;
      }
      index += Y;
      in += 16 * Y;
    };
    std::size_t head = static_cast<std::size_t>((kGroup - (index - 1) % kGroup) % kGroup);
    if (head > blocks) head = blocks;
    run_groups(
        head, [&]<std::size_t Y>() AESKIT_POWER8_LAMBDA { group.template operator()<Y, false>(); });
    run_groups(blocks - head,
               [&]<std::size_t Y>() AESKIT_POWER8_LAMBDA { group.template operator()<Y, true>(); });
    store(offset, x(ok, keys.k[0]));
    store(acc_bytes, acc);
  });
  return blocks;
}

// The hooks of kernels/group8/entries_mac.inc: the chain step with d ^ k_0 beside the chain.
template <unsigned R>
AESKIT_POWER8_INLINE block mac_step(const Keys<R>& keys, block m, block d) {
  return chain_step<Dir::encrypt, R>(keys, x(m, x(d, keys.k[0])), keys.k[R]);
}
template <class Gen>
AESKIT_POWER8_INLINE void save_counter(const Gen& gen, std::uint8_t counter[16]) {
  gen.save(counter);
}

}  // namespace

// xts_encrypt, xts_decrypt, ocb_encrypt, ocb_decrypt, ocb_hash over the kernels above.
#define AESKIT_GROUP8_TARGET AESKIT_POWER8_TARGET
#include "backend/kernels/group8/entries_xts_ocb.inc"

#include "backend/kernels/group8/entries_mac.inc"

#undef AESKIT_GROUP8_TARGET

}  // namespace AESKIT_POWER8_NS
}  // namespace aeskit::detail::power8
