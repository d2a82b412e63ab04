// src/backend/arm64/modes_armv8ce.cpp — the armv8ce backend's XTS, OCB3 (encrypt, decrypt,
// AD hash), CBC-MAC and CTR+CBC-MAC (CCM, EAX) kernels.
//
// CPU features: AArch64 FEAT_AES.
// References: IEEE 1619-2018 §5.3 (XTS, the tweak times α); RFC 7253 §4 (OCB3); NIST SP
// 800-38C (CCM), the EAX paper (Bellare, Rogaway, Wagner); backend/backend.hpp (the
// contract); rounds.hpp (round structure, groups of 8).
//
// XTS and OCB: the per-block masks (T·α^i, Offset_i) are computed one after another (one
// shift-and-fold or one XOR each, far shorter than the rounds they feed), then the group's
// 8 blocks go through the rounds together. Masks and data are secret: every step is
// branch-free; only block indices (public) choose L rows. mac_ctr: the CTR blocks of a group
// go through the rounds together, then the group's CBC-MAC steps one after another (the
// core overlaps the next group's CTR with this chain).
#include "backend/arm64/counter.hpp"
#include "backend/arm64/kernels.hpp"

namespace aeskit::detail::armv8ce {
inline namespace AESKIT_ARMV8CE_NS {  // rounds.hpp: base or eor3
namespace {

// times_alpha: T·α in GF(2^128) for XTS: the block as one little-endian 128-bit integer
// shifted left by one, a carry out of bit 127 folded back as 0x87 into byte 0. Each 64-bit
// lane's top bit, spread by an arithmetic shift, selects the carry into the other lane (1 into
// the high lane, 0x87 into the low one).
AESKIT_ARMV8CE_INLINE block times_alpha(block t) {
  const uint64x2_t v = vreinterpretq_u64_u8(t);
  const uint64x2_t top = vreinterpretq_u64_s64(vshrq_n_s64(vreinterpretq_s64_u64(v), 63));
  const uint64x2_t fold = vcombine_u64(vcreate_u64(1), vcreate_u64(0x87));
  const uint64x2_t carry = vandq_u64(top, fold);  // lane 0: 1 if bit 63 set; lane 1: 0x87
  return vreinterpretq_u8_u64(veorq_u64(vshlq_n_u64(v, 1), vextq_u64(carry, carry, 1)));
}

// The tweak in memory order (a little-endian integer: times_alpha's lanes), which is also
// the cipher's.
AESKIT_ARMV8CE_INLINE block load_tweak(const std::uint8_t* p) {
  return load(p);
}
AESKIT_ARMV8CE_INLINE void store_tweak(std::uint8_t* p, block t) {
  store(p, t);
}
AESKIT_ARMV8CE_INLINE block tweak_mask(block t) {
  return t;
}

#include "backend/kernels/group8/xts.inc"

enum class OcbOp { encrypt, decrypt, hash };

// ocb: Offset_i = Offset_{i-1} ^ L[ntz(i)]; encrypt C_i = Offset_i ^ E(P_i ^ Offset_i),
// checksum ^= P_i; decrypt P_i = Offset_i ^ D(C_i ^ Offset_i), checksum ^= P_i; hash
// sum ^= E(A_i ^ Offset_i).
template <OcbOp Op>
AESKIT_ARMV8CE_INLINE std::size_t ocb(const RoundKeys& rk, const OcbLTable& l, std::uint64_t index,
                                      std::uint8_t offset[16], std::uint8_t acc_bytes[16],
                                      const std::uint8_t* in, std::uint8_t* out,
                                      std::size_t blocks) {
  constexpr Dir D = Op == OcbOp::decrypt ? Dir::decrypt : Dir::encrypt;
  with_rounds(rk.rounds, [&]<unsigned R>() AESKIT_ARMV8CE_LAMBDA {
    const Keys<R> keys = load_keys<R>(rk);
    block o = load(offset);
    block acc = load(acc_bytes);
    run_groups(blocks, [&]<std::size_t Y>() AESKIT_ARMV8CE_LAMBDA {
      block off[Y];
      block b[Y];
#pragma GCC unroll 8
      for (std::size_t i = 0; i < Y; ++i) {
        o = x(o, load(l.l[__builtin_ctzll(index + i)]));  // index ≥ 1, public
        off[i] = o;
        const block v = load(in + 16 * i);
        if constexpr (Op == OcbOp::encrypt) acc = x(acc, v);
        b[i] = x(v, o);
      }
      cipher<D, R>(keys, b);
#pragma GCC unroll 8
      for (std::size_t i = 0; i < Y; ++i) {
        if constexpr (Op == OcbOp::hash) {
          acc = x(acc, b[i]);
        } else {
          const block y = x(b[i], off[i]);
          if constexpr (Op == OcbOp::decrypt) acc = x(acc, y);
          store(out + 16 * i, y);
        }
      }
      index += Y;
      in += 16 * Y;
      if constexpr (Op != OcbOp::hash) out += 16 * Y;
    });
    store(offset, o);
    store(acc_bytes, acc);
  });
  return blocks;
}

// The hooks of kernels/group8/entries_mac.inc.
template <unsigned R>
AESKIT_ARMV8CE_INLINE block mac_step(const Keys<R>& keys, block m, block d) {
  return one<Dir::encrypt, R>(keys, x(m, d));
}
template <class Gen>
AESKIT_ARMV8CE_INLINE void save_counter(const Gen& gen, std::uint8_t counter[16]) {
  store(counter, gen.current());
}

}  // namespace

// xts_encrypt, xts_decrypt, ocb_encrypt, ocb_decrypt, ocb_hash over the kernels above.
#define AESKIT_GROUP8_TARGET AESKIT_ARMV8CE_TARGET
#include "backend/kernels/group8/entries_xts_ocb.inc"

#include "backend/kernels/group8/entries_mac.inc"

#undef AESKIT_GROUP8_TARGET

}  // namespace AESKIT_ARMV8CE_NS
}  // namespace aeskit::detail::armv8ce
