// src/modes/kernel_report.cpp — describe_kernel: the code path each mode takes on a backend.
// It mirrors the choices in block_modes.cpp and stream_modes.cpp (bulk entry if the backend
// has one, else batches through encrypt_blocks/decrypt_blocks, else a serial chain of
// single-block calls where the mode itself is serial).
#include <string>

#include "modes/mode_kernels.hpp"
#include "modes/xts_mode.hpp"

namespace aeskit::detail {
namespace {

// bulk: the backend's own entry and the register width it runs at. When a narrower backend's
// table holds the very same function (vaes512 and vaes256 reuse aesni's serial chains, whose
// 128-bit code is already right for them), say whose code it is: the last such backend in the
// registry, the one the code was written for.
template <typename Fn>
std::string bulk(const AesBackend& b, const char* entry, Fn AesBackend::*member) {
  const AesBackend* origin = &b;
  for (std::size_t i = 0; i < backend_count(); ++i) {
    const AesBackend& other = backend_at(i);
    if (other.*member == b.*member) origin = &other;
  }
  std::string text = std::string(b.name) + ":" + entry + " (bulk kernel";
  if (origin->vector_bits != 0) text += ", " + std::to_string(origin->vector_bits) + "-bit";
  text += ")";
  if (origin != &b) text += " [" + std::string(origin->name) + "'s code]";
  return text;
}

std::string batched(const AesBackend& b, const char* entry) {
  std::size_t n = b.batch_blocks < kMaxBatchBlocks ? b.batch_blocks : kMaxBatchBlocks;
  return std::string(b.name) + ":" + entry + " (batched, " + std::to_string(n) + " blocks/call)";
}

std::string serial(const AesBackend& b, const char* why) {
  return std::string(b.name) + ":encrypt_blocks (1 block/call; " + why + ")";
}

}  // namespace

std::string describe_kernel(const AesBackend& b, Mode mode, Direction dir) {
  const bool enc = dir == Direction::encrypt;
  switch (mode) {
    case Mode::ecb:
      return std::string(b.name) + (enc ? ":encrypt_blocks" : ":decrypt_blocks") +
             " (whole input in one call)";
    case Mode::cbc:
      if (enc)
        return b.cbc_encrypt ? bulk(b, "cbc_encrypt", &AesBackend::cbc_encrypt)
                             : serial(b, "CBC encryption is a chain");
      return b.cbc_decrypt ? bulk(b, "cbc_decrypt", &AesBackend::cbc_decrypt)
                           : batched(b, "decrypt_blocks");
    case Mode::ctr32:
      return b.ctr32_be ? bulk(b, "ctr32_be", &AesBackend::ctr32_be) : batched(b, "encrypt_blocks");
    case Mode::ctr128:
      return b.ctr128_be ? bulk(b, "ctr128_be", &AesBackend::ctr128_be)
                         : batched(b, "encrypt_blocks");
    case Mode::cfb128:
      if (enc)
        return b.cfb128_encrypt ? bulk(b, "cfb128_encrypt", &AesBackend::cfb128_encrypt)
                                : serial(b, "CFB encryption is a chain");
      return b.cfb128_decrypt ? bulk(b, "cfb128_decrypt", &AesBackend::cfb128_decrypt)
                              : batched(b, "encrypt_blocks");
    case Mode::cfb8:
      return serial(b, "CFB8 needs one block per byte");
    case Mode::ofb:
      return b.ofb ? bulk(b, "ofb", &AesBackend::ofb) : serial(b, "OFB is a chain");
  }
  return {};
}

// XTS (xts.cpp): whole blocks on the backend's xts kernel, else batched with generic tweaks.
std::string describe_xts_kernel(const AesBackend& b, Direction dir) {
  if (dir == Direction::encrypt)
    return b.xts_encrypt ? bulk(b, "xts_encrypt", &AesBackend::xts_encrypt)
                         : batched(b, "encrypt_blocks");
  return b.xts_decrypt ? bulk(b, "xts_decrypt", &AesBackend::xts_decrypt)
                       : batched(b, "decrypt_blocks");
}

}  // namespace aeskit::detail
