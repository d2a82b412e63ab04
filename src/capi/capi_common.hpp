// src/capi/capi_common.hpp — what every C API translation unit shares: the handle structs
// behind the opaque C types, status conversion, pointer/length checks, and `guarded`, which
// turns any exception into a status so none crosses the C boundary. No CPU feature.
#pragma once

#include <cstddef>
#include <cstdint>
#include <new>
#include <optional>
#include <span>
#include <utility>

#include "aeskit/aeskit.h"
#include "aeskit/aeskit.hpp"

// The opaque handles of aeskit/aeskit.h: one C++ object each (wiped by its destructor).
struct aeskit_aead {
  aeskit::AeadKey key;
};
struct aeskit_aes {
  aeskit::AesKey key;
};
struct aeskit_cipher {
  aeskit::Cipher cipher;
};
struct aeskit_xts {
  aeskit::XtsKey key;
};
struct aeskit_cmac {
  aeskit::Cmac mac;
};
struct aeskit_gmac {
  aeskit::Gmac mac;
};
struct aeskit_hash_ctx {
  aeskit::Hash hash;
};

namespace aeskit::capi {

inline int status(Errc e) noexcept {
  return static_cast<int>(e);
}
inline int status(Status s) noexcept {
  return static_cast<int>(s.code());
}
template <class T>
inline int status(const Result<T>& r) noexcept {
  return static_cast<int>(r.code());
}

// sized: the status of a call with a length out-argument. Success: *len = the count (or
// `count` for a Status); OUTPUT_TOO_SMALL: *len = the size needed (aeskit::required_size), as
// the C API promises; any other error leaves *len alone.
template <class T>
inline int sized(const Result<T>& r, T* len) noexcept {
  if (r.ok()) {
    *len = r.value();
    return 0;
  }
  if (r.code() == Errc::output_too_small) *len = static_cast<T>(required_size(r.status()));
  return status(r);
}
inline int sized(Status s, std::size_t* len, std::size_t count) noexcept {
  if (s.ok()) {
    *len = count;
    return 0;
  }
  if (s.code() == Errc::output_too_small) *len = required_size(s);
  return status(s);
}

// null_with_length: a NULL pointer that claims bytes (the C API's NULL_POINTER error).
inline bool null_with_length(const void* p, std::size_t n) noexcept {
  return p == nullptr && n != 0;
}

inline std::span<const std::uint8_t> in(const std::uint8_t* p, std::size_t n) noexcept {
  return p == nullptr ? std::span<const std::uint8_t>() : std::span<const std::uint8_t>(p, n);
}
inline std::span<std::uint8_t> out(std::uint8_t* p, std::size_t n) noexcept {
  return p == nullptr ? std::span<std::uint8_t>() : std::span<std::uint8_t>(p, n);
}

// guarded runs f (returning an int status) and maps every exception to a status.
template <class F>
int guarded(F&& f) noexcept {
  try {
    return f();
  } catch (const std::bad_alloc&) {
    return status(Errc::out_of_memory);
  } catch (...) {
    return status(Errc::invalid_state);
  }
}

// tweaked_crypt: encrypt or decrypt through a handle whose `key` takes a tweak (Hctr2Key,
// XtsKey): null_pointer for a null handle or a null buffer with a length, else the key's
// status, guarded.
template <class Handle>
int tweaked_crypt(Direction d, const Handle* h, const std::uint8_t* tweak, std::size_t tweak_len,
                  const std::uint8_t* input, std::size_t in_len, std::uint8_t* out,
                  std::size_t max_out_len) noexcept {
  if (h == nullptr || null_with_length(tweak, tweak_len) || null_with_length(input, in_len) ||
      null_with_length(out, max_out_len))
    return status(Errc::null_pointer);
  return guarded([&] {
    const auto t = in(tweak, tweak_len);
    return status(d == Direction::encrypt
                      ? h->key.encrypt(t, in(input, in_len), capi::out(out, max_out_len))
                      : h->key.decrypt(t, in(input, in_len), capi::out(out, max_out_len)));
  });
}

// query: *out = get(*h), a handle's size or length query; null_pointer when h or out is null.
template <class Handle, class T, class Get>
int query(const Handle* h, T* out, Get&& get) noexcept {
  if (h == nullptr || out == nullptr) return status(Errc::null_pointer);
  *out = get(*h);
  return 0;
}

// make_handle: *h = a new Handle holding made's value, or made's status (inside guarded: the
// allocation may throw).
template <class Handle, class T>
int make_handle(Handle** h, Result<T>&& made) {
  if (!made.ok()) return status(made);
  *h = new Handle{std::move(made).value()};
  return 0;
}

// new_keyed: the constructor of a handle over a key (or nonce base) made from caller bytes:
// null_pointer when h is null or key is null with a length, else make_handle(h, create(the
// bytes)), guarded.
template <class Handle, class Create>
int new_keyed(Handle** h, const std::uint8_t* key, std::size_t key_len, Create&& create) noexcept {
  if (h == nullptr || null_with_length(key, key_len)) return status(Errc::null_pointer);
  return guarded([&] { return make_handle(h, create(in(key, key_len))); });
}

// backend_name: NULL means "" (the best backend).
inline std::string_view backend_name(const char* backend) noexcept {
  return backend == nullptr ? std::string_view() : std::string_view(backend);
}

// write_string copies s and a NUL into buf (max_len bytes) and its length to *len; with buf
// NULL and max_len 0 only *len. Errors: output_too_small (only *len written), null_pointer.
inline int write_string(std::string_view s, char* buf, std::size_t max_len,
                        std::size_t* len) noexcept {
  if (len == nullptr || null_with_length(buf, max_len)) return status(Errc::null_pointer);
  if (buf == nullptr) {
    *len = s.size();
    return 0;
  }
  if (max_len < s.size() + 1) {
    *len = s.size();  // what a retry needs (plus the NUL), as for every length out-argument
    return status(Errc::output_too_small);
  }
  for (std::size_t i = 0; i < s.size(); ++i) buf[i] = s[i];
  buf[s.size()] = '\0';
  *len = s.size();
  return 0;
}

}  // namespace aeskit::capi
