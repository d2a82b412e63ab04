// tools/aeskit/speed/impl.hpp — the interface every measured implementation (aeskit and the
// peers OpenSSL and libgcrypt) provides to `aeskit speed`, the map from algorithm family to
// runner each one keeps, and how to make each one.
//
// An Impl prepares a Runner per item: the key is set once there, the way an application
// keeps a keyed context. Runner::run then performs `count` operations back to back on
// caller-owned buffers (per message only the IV is reset), so the timing loop pays one
// virtual call per batch, never per operation.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "speed/items.hpp"

namespace aeskit::cli::speed {

// Runner performs one item's operation. Every operation reads `in` and writes
// output_length(item, in.size()) bytes to `out` (message items: the message; AEAD items: the
// message and a tag; block items: 16 bytes; setup items ignore both), starting afresh from
// the item's IV (nonce) each time.
class Runner {
 public:
  virtual ~Runner() = default;
  // run performs `count` operations. On a failed library call it returns false and sets
  // `error`; the measurement must then be dropped.
  virtual bool run(std::size_t count, std::span<const std::uint8_t> in, std::span<std::uint8_t> out,
                   std::string& error) = 0;
};

// Material fixes the key and IV each Runner uses, identical across implementations so the
// outputs can be compared.
struct Material {
  std::span<const std::uint8_t> key;  // at least 64 bytes; the first key_bits/8 are used
                                      // (XTS items: the first key_bits/4, Key1 || Key2)
  std::span<const std::uint8_t> iv;   // 16 bytes
  // AEAD items take the first aead_nonce_length bytes of `iv` as the nonce: 12 is GCM's
  // usual nonce; the cross-check also runs 16, GCM's hashed-nonce path.
  std::size_t aead_nonce_length = 12;
};

class Impl {
 public:
  virtual ~Impl() = default;
  virtual std::string_view name() const = 0;     // "aeskit", "openssl", "ipsec-mb", ...
  virtual std::string_view backend() const = 0;  // "aesni", "portable", "evp", "gcrypt"
  virtual std::string describe() const = 0;      // one line for the report header
  // prepare sets the key for `item`. On failure returns nullptr and sets `error`.
  virtual std::unique_ptr<Runner> prepare(const Item& item, const Material& material,
                                          std::string& error) = 0;
};

// MakeRunner: how a peer's Impl::prepare makes a runner for one item (the key set, the
// library's context ready); nullptr with `error` set on failure.
using MakeRunner = std::unique_ptr<Runner> (*)(const Item& item, const Material& material,
                                               std::string& error);

// FamilyRunner: one entry of an implementation's map from algorithm family to the function
// that prepares its runners; `make` is MakeRunner for the peers (aeskit's also takes its
// backend, speed/aeskit.cpp).
template <class Make>
struct FamilyRunner {
  Family family;
  Make make;
};

// runner_for: the function `runners` names for `family`, or nullptr when it names none (the
// implementation lacks the algorithm: the item is measured without it).
template <class Make>
Make runner_for(std::span<const FamilyRunner<Make>> runners, Family family) {
  for (const FamilyRunner<Make>& entry : runners)
    if (entry.family == family) return entry.make;
  return nullptr;
}

// prepare_from: a peer's Impl::prepare: the runner `runners` names for the item's family,
// or nullptr with an EMPTY error when it names none (the peer lacks the algorithm).
inline std::unique_ptr<Runner> prepare_from(std::span<const FamilyRunner<MakeRunner>> runners,
                                            const Item& item, const Material& material,
                                            std::string& error) {
  const MakeRunner make = runner_for(runners, item.family);
  if (make == nullptr) {
    error.clear();
    return nullptr;
  }
  return make(item, material, error);
}

// make_aeskit_impl uses the named aeskit backend (empty: the default). On an unknown or
// unavailable backend it returns nullptr and sets `error`, listing the available ones.
std::unique_ptr<Impl> make_aeskit_impl(std::string_view backend, std::string& error);

// Peer is one comparison library; `make` is null when it was not found at build time.
struct Peer {
  std::string_view name;     // as given to --compare
  std::string_view missing;  // why it is absent, for the error message
  std::unique_ptr<Impl> (*make)(std::string& error);
};

// peers lists every peer `aeskit speed` knows, built in or not.
std::span<const Peer> peers();

#if defined(AESKIT_HAVE_OPENSSL)
std::unique_ptr<Impl> make_openssl_impl(std::string& error);
#endif
#if defined(AESKIT_HAVE_LIBGCRYPT)
std::unique_ptr<Impl> make_libgcrypt_impl(std::string& error);
#endif
#if defined(AESKIT_HAVE_IPSEC_MB)
// Intel ipsec-mb, loaded at run time (peers/ipsec_mb.cpp): its direct GCM API and its job API.
std::unique_ptr<Impl> make_ipsec_mb_impl(std::string& error);
std::unique_ptr<Impl> make_ipsec_mb_job_impl(std::string& error);
#endif

}  // namespace aeskit::cli::speed
