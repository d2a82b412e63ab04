// tools/aeskit/speed/mask.hpp — like-for-like peers: when AESKIT_DISABLE removes CPU features
// from aeskit, `aeskit speed` removes the same ones from OpenSSL and libgcrypt.
//
// OpenSSL reads its capability vector from the OPENSSL_ia32cap environment variable once,
// when libcrypto is loaded (before main), so the variable is set and the process re-executed
// (prepare_peer_mask, called first thing in main for `speed`). libgcrypt takes
// gcry_control(GCRYCTL_DISABLE_HWF, name, NULL) before gcry_check_version; its peer applies
// the names listed here. Bit positions: OpenSSL's OPENSSL_ia32cap(3) manual (word 0 is
// CPUID.1:EDX|ECX<<32, word 1 is CPUID.7.0:EBX|ECX<<32); names: libgcrypt's hwf list.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace aeskit::cli::speed {

struct PeerMask {
  bool active = false;                  // peers are (to be) masked
  std::vector<std::string> features;    // aeskit feature names removed, e.g. "aesni"
  std::string openssl_ia32cap;          // the value wanted for OPENSSL_ia32cap
  bool openssl_applied = false;         // OPENSSL_ia32cap holds it in this process
  std::string openssl_note;             // why not, when not applied
  std::vector<std::string> gcrypt_hwf;  // libgcrypt hwf names to disable
};

// prepare_peer_mask decides from the speed options (args after "speed") and aeskit's CPU
// report whether peers are masked; if OpenSSL needs OPENSSL_ia32cap and the environment does
// not have it yet, it sets it and re-executes the program with `argv` (does not return on
// success). Call it before anything uses libcrypto.
void prepare_peer_mask(int argc, char** argv, char** full_argv);

// peer_mask is the decision prepare_peer_mask made (inactive if it was not called).
const PeerMask& peer_mask();

// impl_hw_masked: whether the implementation named `impl` ("aeskit", "openssl", "libgcrypt")
// runs with CPU features removed: aeskit when AESKIT_DISABLE removed a detected feature, a
// peer when the mask above is active and applied to it. The `hw_masked` field of
// `aeskit speed --json`.
bool impl_hw_masked(std::string_view impl);

// mask_summary: "masked like aeskit (aesni, pclmul): ..." for a report header, or "".
std::string mask_summary(const std::string& how);

}  // namespace aeskit::cli::speed
