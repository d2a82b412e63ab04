// src/capi/capi_chunked.cpp — the C API's chunked encryption (c2sp.org/chunked-encryption,
// aeskit/aeskit.h): lengths, a key handle (chunked::Key), whole-buffer seal/open, push streams
// and pull streams over a C callback, over aeskit::chunked. No CPU feature. The suite follows the
// key length.
#include <variant>

#include "capi/capi_common.hpp"

using namespace aeskit;
using namespace aeskit::capi;

static_assert(AESKIT_CHUNKED_ENCRYPT_FINISH_BOUND == chunked::Encryptor::kFinishBound);
static_assert(AESKIT_CHUNKED_DECRYPT_FINISH_BOUND == chunked::Decryptor::kFinishBound);

struct aeskit_chunked_encryptor {
  chunked::Encryptor stream;
};
struct aeskit_chunked_decryptor {
  chunked::Decryptor stream;
};
struct aeskit_chunked_key {
  chunked::Key key;
};
struct aeskit_chunked_pull {
  std::variant<chunked::PullEncryptor, chunked::PullDecryptor> stream;
};

namespace {

bool bad_key(const uint8_t* key, size_t key_len, const uint8_t* context,
             size_t context_len) noexcept {
  return null_with_length(key, key_len) || null_with_length(context, context_len);
}

// source_of wraps the C callback: a non-zero status stops the stream with that code.
chunked::Source source_of(aeskit_source_fn fn, void* user) {
  return [fn, user](std::span<std::uint8_t> buf) -> Result<std::size_t> {
    std::size_t got = 0;
    const int rc = fn(user, buf.data(), buf.size(), &got);
    if (rc != 0) return static_cast<Errc>(rc);
    if (got > buf.size()) return Errc::invalid_state;
    return got;
  };
}

template <class Stream>
int stream_update(Stream& s, const uint8_t* input, size_t in_len, uint8_t* out, size_t* out_len,
                  size_t max_out_len) {
  if (out_len == nullptr || null_with_length(input, in_len) || null_with_length(out, max_out_len))
    return status(Errc::null_pointer);
  return guarded([&] {
    Result<std::size_t> n = s.update(in(input, in_len), capi::out(out, max_out_len));
    return sized(n, out_len);
  });
}

template <class Stream>
int stream_finish(Stream& s, uint8_t* out, size_t* out_len, size_t max_out_len) {
  if (out_len == nullptr || null_with_length(out, max_out_len)) return status(Errc::null_pointer);
  return guarded([&] {
    Result<std::size_t> n = s.finish(capi::out(out, max_out_len));
    return sized(n, out_len);
  });
}

int whole(bool open_it, const uint8_t* key, size_t key_len, const uint8_t* context,
          size_t context_len, const uint8_t* input, size_t in_len, uint8_t* out, size_t* out_len,
          size_t max_out_len, unsigned threads) {
  if (out_len == nullptr || bad_key(key, key_len, context, context_len) ||
      null_with_length(input, in_len) || null_with_length(out, max_out_len))
    return status(Errc::null_pointer);
  Result<chunked::Suite> suite = chunked::suite_for_key_length(key_len);
  if (!suite.ok()) return status(suite);
  return guarded([&] {
    const auto k = in(key, key_len), c = in(context, context_len), i = in(input, in_len);
    const auto o = capi::out(out, max_out_len);
    Result<std::size_t> n = open_it ? chunked::open(*suite, k, c, i, o, threads)
                                    : chunked::seal(*suite, k, c, i, o, threads);
    return sized(n, out_len);
  });
}

int whole_keyed(bool open_it, const aeskit_chunked_key* k, const uint8_t* context,
                size_t context_len, const uint8_t* input, size_t in_len, uint8_t* out,
                size_t* out_len, size_t max_out_len, unsigned threads) {
  if (k == nullptr || out_len == nullptr || null_with_length(context, context_len) ||
      null_with_length(input, in_len) || null_with_length(out, max_out_len))
    return status(Errc::null_pointer);
  return guarded([&] {
    const auto c = in(context, context_len), i = in(input, in_len);
    const auto o = capi::out(out, max_out_len);
    Result<std::size_t> n =
        open_it ? chunked::open(k->key, c, i, o, threads) : chunked::seal(k->key, c, i, o, threads);
    return sized(n, out_len);
  });
}

template <class Handle, class Stream>
int make_keyed_stream(Handle** h, const aeskit_chunked_key* k, const uint8_t* context,
                      size_t context_len) {
  if (h == nullptr || k == nullptr || null_with_length(context, context_len))
    return status(Errc::null_pointer);
  return guarded([&] { return make_handle(h, Stream::create(k->key, in(context, context_len))); });
}

template <class Handle, class Stream>
int make_stream(Handle** h, const uint8_t* key, size_t key_len, const uint8_t* context,
                size_t context_len) {
  if (h == nullptr || bad_key(key, key_len, context, context_len))
    return status(Errc::null_pointer);
  Result<chunked::Suite> suite = chunked::suite_for_key_length(key_len);
  if (!suite.ok()) return status(suite);
  return guarded([&] {
    return make_handle(h, Stream::create(*suite, in(key, key_len), in(context, context_len)));
  });
}

template <class Pull, class Stream>
int make_pull(aeskit_chunked_pull** p, const uint8_t* key, size_t key_len, const uint8_t* context,
              size_t context_len, aeskit_source_fn source, void* user) {
  if (p == nullptr || source == nullptr || bad_key(key, key_len, context, context_len))
    return status(Errc::null_pointer);
  Result<chunked::Suite> suite = chunked::suite_for_key_length(key_len);
  if (!suite.ok()) return status(suite);
  return guarded([&] {
    Result<Stream> s = Stream::create(*suite, in(key, key_len), in(context, context_len));
    if (!s.ok()) return status(s);
    *p = new aeskit_chunked_pull{Pull(std::move(s).value(), source_of(source, user))};
    return 0;
  });
}

}  // namespace

extern "C" {

int aeskit_chunked_ciphertext_length(uint64_t plaintext_len, uint64_t* out) {
  if (out == nullptr) return status(Errc::null_pointer);
  Result<std::uint64_t> n = chunked::ciphertext_length(plaintext_len);
  return sized(n, out);
}

int aeskit_chunked_plaintext_length(uint64_t ciphertext_len, uint64_t* out) {
  if (out == nullptr) return status(Errc::null_pointer);
  Result<std::uint64_t> n = chunked::plaintext_length(ciphertext_len);
  return sized(n, out);
}

int aeskit_chunked_seal(const uint8_t* key, size_t key_len, const uint8_t* context,
                        size_t context_len, const uint8_t* input, size_t in_len, uint8_t* out,
                        size_t* out_len, size_t max_out_len, unsigned threads) {
  return whole(false, key, key_len, context, context_len, input, in_len, out, out_len, max_out_len,
               threads);
}

int aeskit_chunked_open(const uint8_t* key, size_t key_len, const uint8_t* context,
                        size_t context_len, const uint8_t* input, size_t in_len, uint8_t* out,
                        size_t* out_len, size_t max_out_len, unsigned threads) {
  return whole(true, key, key_len, context, context_len, input, in_len, out, out_len, max_out_len,
               threads);
}

int aeskit_chunked_key_new(aeskit_chunked_key** k, const uint8_t* key, size_t key_len) {
  if (k == nullptr || null_with_length(key, key_len)) return status(Errc::null_pointer);
  Result<chunked::Suite> suite = chunked::suite_for_key_length(key_len);
  if (!suite.ok()) return status(suite);
  return guarded([&] { return make_handle(k, chunked::Key::create(*suite, in(key, key_len))); });
}

void aeskit_chunked_key_free(aeskit_chunked_key* k) {
  delete k;
}

int aeskit_chunked_key_seal(const aeskit_chunked_key* k, const uint8_t* context, size_t context_len,
                            const uint8_t* input, size_t in_len, uint8_t* out, size_t* out_len,
                            size_t max_out_len, unsigned threads) {
  return whole_keyed(false, k, context, context_len, input, in_len, out, out_len, max_out_len,
                     threads);
}

int aeskit_chunked_key_open(const aeskit_chunked_key* k, const uint8_t* context, size_t context_len,
                            const uint8_t* input, size_t in_len, uint8_t* out, size_t* out_len,
                            size_t max_out_len, unsigned threads) {
  return whole_keyed(true, k, context, context_len, input, in_len, out, out_len, max_out_len,
                     threads);
}

// The push streams' C functions, the same for both directions (a macro: a C function's name
// cannot come from a template): new from a key or a key handle, update_bound, update, finish and
// free over the handle's chunked::Encryptor or chunked::Decryptor.
#define AESKIT_CHUNKED_PUSH_STREAM(dir, Stream)                                                   \
  int aeskit_chunked_key_##dir##_new(aeskit_chunked_##dir** h, const aeskit_chunked_key* k,       \
                                     const uint8_t* context, size_t context_len) {                \
    return make_keyed_stream<aeskit_chunked_##dir, Stream>(h, k, context, context_len);           \
  }                                                                                               \
  int aeskit_chunked_##dir##_new(aeskit_chunked_##dir** h, const uint8_t* key, size_t key_len,    \
                                 const uint8_t* context, size_t context_len) {                    \
    return make_stream<aeskit_chunked_##dir, Stream>(h, key, key_len, context, context_len);      \
  }                                                                                               \
  int aeskit_chunked_##dir##_update_bound(const aeskit_chunked_##dir* h, size_t in_len,           \
                                          size_t* out) {                                          \
    return query(h, out,                                                                          \
                 [&](const aeskit_chunked_##dir& x) { return x.stream.update_bound(in_len); });   \
  }                                                                                               \
  int aeskit_chunked_##dir##_update(aeskit_chunked_##dir* h, const uint8_t* input, size_t in_len, \
                                    uint8_t* out, size_t* out_len, size_t max_out_len) {          \
    if (h == nullptr) return status(Errc::null_pointer);                                          \
    return stream_update(h->stream, input, in_len, out, out_len, max_out_len);                    \
  }                                                                                               \
  int aeskit_chunked_##dir##_finish(aeskit_chunked_##dir* h, uint8_t* out, size_t* out_len,       \
                                    size_t max_out_len) {                                         \
    if (h == nullptr) return status(Errc::null_pointer);                                          \
    return stream_finish(h->stream, out, out_len, max_out_len);                                   \
  }                                                                                               \
  void aeskit_chunked_##dir##_free(aeskit_chunked_##dir* h) {                                     \
    delete h;                                                                                     \
  }

AESKIT_CHUNKED_PUSH_STREAM(encryptor, chunked::Encryptor)
AESKIT_CHUNKED_PUSH_STREAM(decryptor, chunked::Decryptor)
#undef AESKIT_CHUNKED_PUSH_STREAM

int aeskit_chunked_pull_encryptor_new(aeskit_chunked_pull** p, const uint8_t* key, size_t key_len,
                                      const uint8_t* context, size_t context_len,
                                      aeskit_source_fn source, void* user) {
  return make_pull<chunked::PullEncryptor, chunked::Encryptor>(p, key, key_len, context,
                                                               context_len, source, user);
}

int aeskit_chunked_pull_decryptor_new(aeskit_chunked_pull** p, const uint8_t* key, size_t key_len,
                                      const uint8_t* context, size_t context_len,
                                      aeskit_source_fn source, void* user) {
  return make_pull<chunked::PullDecryptor, chunked::Decryptor>(p, key, key_len, context,
                                                               context_len, source, user);
}

int aeskit_chunked_pull_read(aeskit_chunked_pull* p, uint8_t* out, size_t max_out_len,
                             size_t* out_len) {
  if (p == nullptr || out_len == nullptr || null_with_length(out, max_out_len))
    return status(Errc::null_pointer);
  return guarded([&] {
    Result<std::size_t> n =
        std::visit([&](auto& s) { return s.read(capi::out(out, max_out_len)); }, p->stream);
    return sized(n, out_len);
  });
}

void aeskit_chunked_pull_free(aeskit_chunked_pull* p) {
  delete p;
}

}  // extern "C"
