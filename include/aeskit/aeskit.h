/* aeskit/aeskit.h — the C API of aeskit (C99 and C++; no C++ type in it).
 *
 * Conventions (docs/api-c.md has every function, its errors and examples):
 *  - Every function returns an int status: AESKIT_OK (0) or one AESKIT_E_* code. The codes are
 *    the values of the C++ aeskit::Errc, so a C and a C++ caller see the same number for the
 *    same failure; aeskit_error_message(code) returns its one-line message (never NULL),
 *    aeskit_error_string(code, &msg) writes it to msg, and aeskit_error_detail(code) says
 *    exactly what the last failure of this thread needed (the key length an algorithm
 *    takes, the size an output needs, the nearest algorithm name).
 *  - OUTPUT_TOO_SMALL: functions with a length out-argument (*out_len, *len) write the size
 *    needed there, so a caller can allocate and call again (nothing else is written).
 *  - No exception ever crosses this boundary (an allocation failure is AESKIT_E_OUT_OF_MEMORY).
 *  - Pointers with a length: NULL is allowed when the length is 0, else AESKIT_E_NULL_POINTER.
 *    Required pointers (handles, out-pointers) NULL: AESKIT_E_NULL_POINTER.
 *  - On any error nothing is written to an output, except that a failed open / unwrap
 *    (AESKIT_E_AUTHENTICATION_FAILED) zeroes the output it would have written, so that
 *    unauthenticated plaintext never leaks by mistake.
 *  - Outputs may be exactly an input (same start address: in place); any other overlap is
 *    AESKIT_E_OVERLAPPING_BUFFERS.
 *  - Handles (aeskit_*_new / aeskit_*_free) are opaque; free wipes the key material and
 *    accepts NULL. AEAD, AES, XTS, GMAC handles may be shared by threads (their operations
 *    do not change them); incremental objects (cipher, CMAC update, hash, HMAC) may not.
 *  - Output lengths follow BoringSSL's EVP_AEAD: the caller passes max_out_len, the function
 *    writes *out_len. */
#ifndef AESKIT_AESKIT_H
#define AESKIT_AESKIT_H

#include <stddef.h>
#include <stdint.h>

#include "aeskit/version.h"

/* AESKIT_C_API marks the exported C functions (the packaging's visibility rules rely on it). */
#if defined(AESKIT_STATIC_DEFINE)
#define AESKIT_C_API
#elif defined(_WIN32)
#if defined(AESKIT_BUILDING)
#define AESKIT_C_API __declspec(dllexport)
#else
#define AESKIT_C_API __declspec(dllimport)
#endif
#else
#define AESKIT_C_API __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Status codes: the values of aeskit::Errc (include/aeskit/status.hpp). */
enum aeskit_status {
  AESKIT_OK = 0,
  AESKIT_E_BAD_KEY_LENGTH = 1,
  AESKIT_E_BAD_IV_LENGTH = 2,
  AESKIT_E_OUTPUT_TOO_SMALL = 3,
  AESKIT_E_NOT_BLOCK_MULTIPLE = 4,
  AESKIT_E_BAD_PADDING = 5,
  AESKIT_E_OVERLAPPING_BUFFERS = 6,
  AESKIT_E_UNKNOWN_BACKEND = 7,
  AESKIT_E_BACKEND_UNAVAILABLE = 8,
  AESKIT_E_INVALID_STATE = 9,
  AESKIT_E_INVALID_ARGUMENT = 10,
  AESKIT_E_AUTHENTICATION_FAILED = 11,
  AESKIT_E_BAD_NONCE_LENGTH = 12,
  AESKIT_E_BAD_TAG_LENGTH = 13,
  AESKIT_E_MESSAGE_TOO_LONG = 14,
  AESKIT_E_BAD_DATA_UNIT_LENGTH = 15,
  AESKIT_E_WEAK_KEY = 16,
  AESKIT_E_OUTPUT_TOO_LONG = 17,
  AESKIT_E_PRK_TOO_SHORT = 18,
  AESKIT_E_WRONG_KEY_OR_CONTEXT = 19,
  AESKIT_E_TRUNCATED = 20,
  AESKIT_E_CHUNK_FORGED = 21,
  AESKIT_E_TRAILING_DATA = 22,
  AESKIT_E_BAD_AD_LENGTH = 23,
  AESKIT_E_BACKEND_LACKS_ALGORITHM = 24,
  AESKIT_E_TOO_MANY_AD_COMPONENTS = 25,
  AESKIT_E_NOT_SEMIBLOCK_MULTIPLE = 26,
  AESKIT_E_EMPTY_INPUT = 27,
  AESKIT_E_ONE_SHOT_ONLY = 28,
  AESKIT_E_NO_DETACHED_TAG = 29,
  AESKIT_E_NONCE_REUSED = 30,
  AESKIT_E_NONCE_EXHAUSTED = 31,
  AESKIT_E_USAGE_LIMIT_REACHED = 32,
  AESKIT_E_RANDOM_NONCE_UNSAFE = 33,
  AESKIT_E_NULL_POINTER = 34,
  AESKIT_E_UNKNOWN_ALGORITHM = 35,
  AESKIT_E_OUT_OF_MEMORY = 36,
  AESKIT_E_RANDOM_FAILED = 37
};

/* ---- library ------------------------------------------------------------------------- */

/* aeskit_version writes the version of the loaded library ("0.1.0") to *out (static
 * storage); the headers' version is AESKIT_VERSION_STRING (aeskit/version.h). */
AESKIT_C_API int aeskit_version(const char** out);
/* aeskit_version_compatible: 1 when the loaded library serves programs built against headers
 * of version major.minor (while the version is 0.x: the same major and minor; from 1.0 on:
 * the same major and a minor no newer than the library's), else 0. Call it as
 * AESKIT_HEADERS_MATCH_LIBRARY() at start-up to catch a program run against another
 * library than the one it was built with. */
AESKIT_C_API int aeskit_version_compatible(int major, int minor);
#define AESKIT_HEADERS_MATCH_LIBRARY() \
  aeskit_version_compatible(AESKIT_VERSION_MAJOR, AESKIT_VERSION_MINOR)
/* aeskit_error_string writes the message of `code` to *out (static storage; an unknown code
 * gives "unknown error"). Errors: NULL_POINTER. */
AESKIT_C_API int aeskit_error_string(int code, const char** out);
/* aeskit_error_message: the same message returned directly (never NULL), for printf. */
AESKIT_C_API const char* aeskit_error_message(int code);
/* aeskit_error_detail: what exactly went wrong, when the last failing aeskit call of this
 * thread returned `code` and left a detail ("AES-128-GCM takes a 16-byte key; got 32 bytes",
 * "output buffer too small: the result needs 1046 bytes, the buffer has 1045", "no AEAD named
 * 'AES-128-GMC' (did you mean AES-128-GCM?) ..."); else aeskit_error_message(code). Never
 * NULL; valid until the next failing call on this thread; lengths and names only. */
AESKIT_C_API const char* aeskit_error_detail(int code);

/* ---- random bytes and keys --------------------------------------------------------------- */

/* aeskit_random_bytes fills out[0 .. len) from the operating system's generator (getrandom;
 * blocks only until the kernel's pool is first initialised). Errors: RANDOM_FAILED (the OS
 * call failed: nothing usable is written and no weaker source is tried), NULL_POINTER. */
AESKIT_C_API int aeskit_random_bytes(uint8_t* out, size_t len);
/* aeskit_cpu_report writes a report of the CPU (features found, AESKIT_DISABLE), the
 * backends with their self-tests and the default backend into buf as a NUL-terminated
 * string, its length without the NUL to *len. With buf NULL and max_len 0 it only writes *len
 * (the size to allocate, minus one). Errors: OUTPUT_TOO_SMALL, NULL_POINTER. */
AESKIT_C_API int aeskit_cpu_report(char* buf, size_t max_len, size_t* len);
/* aeskit_default_backend writes the name of the AES backend keys use when none is named
 * ("vaes512", "aesni", "portable", ...), as aeskit_cpu_report writes its text. */
AESKIT_C_API int aeskit_default_backend(char* buf, size_t max_len, size_t* len);
/* Backend choice: every *_new taking a `backend` name pins that AES backend (NULL or "":
 * the best; an unknown name UNKNOWN_BACKEND, one this CPU cannot run BACKEND_UNAVAILABLE).
 * aeskit_set_prefer_ymm(1) makes keys created from now on prefer the 256-bit kernels over
 * the 512-bit ones on AVX-512 CPUs (0: allow zmm); AESKIT_DISABLE in the environment removes
 * CPU features at start-up. */
AESKIT_C_API int aeskit_set_prefer_ymm(int prefer);

/* ---- AEAD ------------------------------------------------------------------------------ */

typedef struct aeskit_aead aeskit_aead;

/* aeskit_aead_new makes an AEAD key of `algorithm` ("AES-128-GCM", "AES-256-GCM-SIV",
 * "XAES-256-GCM", "DNDK-GCM", "DNDK-GCM-KC", "AES-128-CCM", ...: every name of
 * aeskit_aead_name, ASCII case ignored);
 * tag_len 0 picks the algorithm's default (longest) tag. Errors: UNKNOWN_ALGORITHM,
 * BAD_KEY_LENGTH, BAD_TAG_LENGTH, NULL_POINTER, OUT_OF_MEMORY. */
AESKIT_C_API int aeskit_aead_new(aeskit_aead** ctx, const char* algorithm, const uint8_t* key,
                                 size_t key_len, size_t tag_len);
/* aeskit_aead_new_backend: as aeskit_aead_new on the AES backend named ("aesni",
 * "portable", ...; NULL or "" the best). Errors also UNKNOWN_BACKEND, BACKEND_UNAVAILABLE. */
AESKIT_C_API int aeskit_aead_new_backend(aeskit_aead** ctx, const char* algorithm,
                                         const uint8_t* key, size_t key_len, size_t tag_len,
                                         const char* backend);
/* aeskit_aead_free wipes and frees (NULL is fine). */
AESKIT_C_API void aeskit_aead_free(aeskit_aead* ctx);

/* Lengths of a key: key_length (bytes), nonce_length (the recommended nonce: 12 for GCM),
 * tag_length (fixed at creation), max_overhead (the most seal adds to a plaintext: the tag,
 * plus up to 16 bytes of padding for the TLS CBC-HMAC records). */
AESKIT_C_API int aeskit_aead_key_length(const aeskit_aead* ctx, size_t* out);
AESKIT_C_API int aeskit_aead_nonce_length(const aeskit_aead* ctx, size_t* out);
AESKIT_C_API int aeskit_aead_tag_length(const aeskit_aead* ctx, size_t* out);
AESKIT_C_API int aeskit_aead_max_overhead(const aeskit_aead* ctx, size_t* out);

/* aeskit_aead_seal writes ciphertext || tag (SIV: tag || ciphertext; TLS records: the padded
 * record) to out and its length to *out_len. max_out_len must be at least in_len +
 * max_overhead. Errors: BAD_NONCE_LENGTH, MESSAGE_TOO_LONG, BAD_AD_LENGTH, OUTPUT_TOO_SMALL,
 * OVERLAPPING_BUFFERS, NULL_POINTER. */
AESKIT_C_API int aeskit_aead_seal(const aeskit_aead* ctx, uint8_t* out, size_t* out_len,
                                  size_t max_out_len, const uint8_t* nonce, size_t nonce_len,
                                  const uint8_t* in, size_t in_len, const uint8_t* ad,
                                  size_t ad_len);
/* aeskit_aead_open checks and decrypts; max_out_len must be at least in_len - tag_length
 * (TLS records: in_len). On AUTHENTICATION_FAILED the plaintext span it would have written
 * (out[0 .. in_len - tag_length), nothing for an input shorter than the tag) is zeroed.
 * Errors as seal, plus AUTHENTICATION_FAILED. */
AESKIT_C_API int aeskit_aead_open(const aeskit_aead* ctx, uint8_t* out, size_t* out_len,
                                  size_t max_out_len, const uint8_t* nonce, size_t nonce_len,
                                  const uint8_t* in, size_t in_len, const uint8_t* ad,
                                  size_t ad_len);
/* Detached tag: the ciphertext (in_len bytes) to out, the tag to out_tag (*out_tag_len, at
 * most max_out_tag_len). TLS records have none: NO_DETACHED_TAG. */
AESKIT_C_API int aeskit_aead_seal_detached(const aeskit_aead* ctx, uint8_t* out, uint8_t* out_tag,
                                           size_t* out_tag_len, size_t max_out_tag_len,
                                           const uint8_t* nonce, size_t nonce_len,
                                           const uint8_t* in, size_t in_len, const uint8_t* ad,
                                           size_t ad_len);
/* open_detached: `tag` must be exactly tag_length bytes (else AUTHENTICATION_FAILED); out
 * receives in_len bytes (zeroed on AUTHENTICATION_FAILED). */
AESKIT_C_API int aeskit_aead_open_detached(const aeskit_aead* ctx, uint8_t* out,
                                           const uint8_t* nonce, size_t nonce_len,
                                           const uint8_t* in, size_t in_len, const uint8_t* tag,
                                           size_t tag_len, const uint8_t* ad, size_t ad_len);

/* Batches: many messages under one key (aeskit::AeadKey::seal_batch / open_batch). The caller
 * fills the inputs of each aeskit_aead_message; the batch writes `status` (an aeskit_status)
 * and `out_len` (0 on failure) back. Attached (detached == 0): seal is aeskit_aead_seal(out,
 * max_out_len, nonce, in, ad) and open aeskit_aead_open(...); `tag` is ignored. Detached
 * (detached != 0): seal writes the ciphertext (in_len bytes) to out and the tag (tag_length
 * bytes) to tag, whose room is tag_len; open reads exactly tag_len bytes of tag. out may be
 * exactly in. Each message's outcome is its own, with the one-message call's codes: a message
 * with bad arguments (NULL with a length: NULL_POINTER) is left unwritten, a failed open
 * zeroes that message's plaintext span (AUTHENTICATION_FAILED), the others are sealed or
 * opened. Messages must not share buffers with each other. The call returns AESKIT_OK when
 * every message succeeded, else the status of the first message that failed (check each
 * message's status then); NULL_POINTER (nothing touched) for a NULL ctx, or NULL messages
 * with count > 0. */
typedef struct aeskit_aead_message {
  const uint8_t* nonce;
  size_t nonce_len;
  const uint8_t* ad;
  size_t ad_len;
  const uint8_t* in;
  size_t in_len;
  uint8_t* out;
  size_t max_out_len;
  uint8_t* tag; /* detached only */
  size_t tag_len;
  int detached;
  int status;     /* written back */
  size_t out_len; /* written back */
} aeskit_aead_message;
AESKIT_C_API int aeskit_aead_seal_batch(const aeskit_aead* ctx, aeskit_aead_message* messages,
                                        size_t count);
AESKIT_C_API int aeskit_aead_open_batch(const aeskit_aead* ctx, aeskit_aead_message* messages,
                                        size_t count);

/* The AEADs of this build: aeskit_aead_count, then aeskit_aead_name(i) for i < count.
 * Errors: UNKNOWN_ALGORITHM (i out of range), NULL_POINTER. */
AESKIT_C_API int aeskit_aead_count(size_t* out);
AESKIT_C_API int aeskit_aead_name(size_t index, const char** out);

/* aeskit_aead_key_generate writes a fresh random key for `algorithm` (its key length,
 * aeskit_aead_key_length's figure: 16 for AES-128-GCM, 32 for AES-128-SIV, ...) to key and
 * that length to *key_len. Keep it secret; wipe it when done. Nonces under it: a nonce
 * sequence (aeskit_nonce_seq_*, or a sealing key, aeskit_sealing_key_*) for GCM, CCM,
 * OCB, EAX; random nonces (aeskit_random_nonce) only where the algorithm tolerates them
 * (below). Errors:
 * UNKNOWN_ALGORITHM, OUTPUT_TOO_SMALL (*key_len gets the length needed), RANDOM_FAILED,
 * NULL_POINTER. */
AESKIT_C_API int aeskit_aead_key_generate(const char* algorithm, uint8_t* key, size_t max_len,
                                          size_t* key_len);

/* aeskit_random_nonce fills nonce[0 .. recommended) from the OS, only for the algorithms that
 * tolerate random nonces (AES-GCM-SIV, XAES-256-GCM, DNDK-GCM, DNDK-GCM-KC,
 * AEGIS-256/256X2/256X4); others:
 * RANDOM_NONCE_UNSAFE. Errors also OUTPUT_TOO_SMALL, RANDOM_FAILED. */
AESKIT_C_API int aeskit_random_nonce(const aeskit_aead* ctx, uint8_t* nonce, size_t max_len,
                                     size_t* nonce_len);

/* ---- incremental AEAD (GCM) and nonce sequences ----------------------------------------- */

/* Incremental seal/open of one message under an AEAD handle (AES-GCM keys only; every other
 * family: ONE_SHOT_ONLY): update_ad any number of times before the first update, update with
 * any split (out receives exactly in_len bytes; out may be exactly in), then finish. The AEAD
 * handle must outlive the stream. The opener's update releases plaintext BEFORE it is
 * authenticated: use it only when the message cannot be held in memory, and discard all of
 * it unless finish returns AESKIT_OK. */
typedef struct aeskit_aead_stream aeskit_aead_stream;
AESKIT_C_API int aeskit_aead_sealer_new(aeskit_aead_stream** s, const aeskit_aead* ctx,
                                        const uint8_t* nonce, size_t nonce_len);
AESKIT_C_API int aeskit_aead_opener_new(aeskit_aead_stream** s, const aeskit_aead* ctx,
                                        const uint8_t* nonce, size_t nonce_len);
AESKIT_C_API int aeskit_aead_stream_update_ad(aeskit_aead_stream* s, const uint8_t* ad,
                                              size_t ad_len);
AESKIT_C_API int aeskit_aead_stream_update(aeskit_aead_stream* s, const uint8_t* in, size_t in_len,
                                           uint8_t* out, size_t max_out_len);
/* sealer_finish writes the tag (tag_length bytes) to tag and its length to *tag_len (errors:
 * OUTPUT_TOO_SMALL, INVALID_STATE, also for an opener); opener_finish compares `tag` (exactly
 * tag_length bytes) in constant time (errors: AUTHENTICATION_FAILED, INVALID_STATE, also for
 * a sealer). After finish only free is allowed. update errors: OUTPUT_TOO_SMALL,
 * OVERLAPPING_BUFFERS, MESSAGE_TOO_LONG, INVALID_STATE; creation: ONE_SHOT_ONLY,
 * BAD_NONCE_LENGTH. */
AESKIT_C_API int aeskit_aead_sealer_finish(aeskit_aead_stream* s, uint8_t* tag, size_t max_tag_len,
                                           size_t* tag_len);
AESKIT_C_API int aeskit_aead_opener_finish(aeskit_aead_stream* s, const uint8_t* tag,
                                           size_t tag_len);
AESKIT_C_API void aeskit_aead_stream_free(aeskit_aead_stream* s);

/* A nonce sequence (TLS 1.3 / QUIC): nonce(i) = base XOR i (the 64-bit counter big-endian,
 * right-aligned). next hands out nonce(0), nonce(1), ... each once and refuses to wrap or pass
 * `limit` (0: no limit but the counter's; NONCE_EXHAUSTED); accept (receiver) gives nonce(i)
 * only for i above every counter accepted before (else NONCE_REUSED). Not thread-safe. */
typedef struct aeskit_nonce_seq aeskit_nonce_seq;
AESKIT_C_API int aeskit_nonce_seq_new(aeskit_nonce_seq** s, const uint8_t* base, size_t base_len,
                                      uint64_t limit);
AESKIT_C_API int aeskit_nonce_seq_next(aeskit_nonce_seq* s, uint8_t* nonce, size_t max_len,
                                       uint64_t* counter);
AESKIT_C_API int aeskit_nonce_seq_accept(aeskit_nonce_seq* s, uint64_t counter, uint8_t* nonce,
                                         size_t max_len);
AESKIT_C_API void aeskit_nonce_seq_free(aeskit_nonce_seq* s);

/* A sealing key (C++ aeskit::SealingKey): an AEAD key that picks its own nonces from a nonce
 * sequence over `base_nonce` (a length the algorithm allows) and refuses to seal more than
 * `max_messages` messages (0: aeskit_message_limit). aeskit_sealing_key_seal seals as
 * aeskit_aead_seal with the next nonce and writes that nonce to nonce_out (*nonce_len bytes)
 * for the receiver; on any error no nonce is consumed and nothing is written. Not
 * thread-safe (one sender). Errors of _new: UNKNOWN_ALGORITHM, BAD_KEY_LENGTH, BAD_TAG_LENGTH,
 * BAD_NONCE_LENGTH, NULL_POINTER, OUT_OF_MEMORY; of _seal: USAGE_LIMIT_REACHED,
 * NONCE_EXHAUSTED, OUTPUT_TOO_SMALL (also nonce_out shorter than the nonce), and those of
 * aeskit_aead_seal. */
typedef struct aeskit_sealing_key aeskit_sealing_key;
AESKIT_C_API int aeskit_sealing_key_new(aeskit_sealing_key** k, const char* algorithm,
                                        const uint8_t* key, size_t key_len, size_t tag_len,
                                        const uint8_t* base_nonce, size_t base_nonce_len,
                                        uint64_t max_messages);
AESKIT_C_API int aeskit_sealing_key_seal(aeskit_sealing_key* k, uint8_t* out, size_t* out_len,
                                         size_t max_out_len, uint8_t* nonce_out,
                                         size_t max_nonce_len, size_t* nonce_len, const uint8_t* in,
                                         size_t in_len, const uint8_t* ad, size_t ad_len);
/* messages sealed so far, and the limit. */
AESKIT_C_API int aeskit_sealing_key_messages(const aeskit_sealing_key* k, uint64_t* used,
                                             uint64_t* max_messages);
AESKIT_C_API void aeskit_sealing_key_free(aeskit_sealing_key* k);
/* aeskit_message_limit: the most messages one key of `algorithm` should seal (2^32; 2^64 - 1
 * for XAES-256-GCM, DNDK-GCM and DNDK-GCM-KC). Errors: UNKNOWN_ALGORITHM, NULL_POINTER. */
AESKIT_C_API int aeskit_message_limit(const char* algorithm, uint64_t* out);

/* ---- AES and the block modes ---------------------------------------------------------- */

typedef struct aeskit_aes aeskit_aes;

enum aeskit_mode {
  AESKIT_MODE_ECB = 0,
  AESKIT_MODE_CBC = 1,
  AESKIT_MODE_CTR32 = 2,  /* low 32 bits incremented (GCM's inc32) */
  AESKIT_MODE_CTR128 = 3, /* the whole block incremented (OpenSSL's aes-*-ctr) */
  AESKIT_MODE_CFB128 = 4,
  AESKIT_MODE_CFB8 = 5,
  AESKIT_MODE_OFB = 6
};
enum aeskit_padding { AESKIT_PADDING_NONE = 0, AESKIT_PADDING_PKCS7 = 1 };
enum aeskit_direction { AESKIT_ENCRYPT = 0, AESKIT_DECRYPT = 1 };

/* aeskit_aes_new expands a 16/24/32-byte key (backend NULL or "": the best).
 * Errors: BAD_KEY_LENGTH, UNKNOWN_BACKEND, BACKEND_UNAVAILABLE, NULL_POINTER, OUT_OF_MEMORY. */
AESKIT_C_API int aeskit_aes_new(aeskit_aes** key, const uint8_t* key_bytes, size_t key_len,
                                const char* backend);
AESKIT_C_API void aeskit_aes_free(aeskit_aes* key);

/* One-shot encryption/decryption in `mode` (an aeskit_mode) with `padding` (ECB/CBC only);
 * iv: 16 bytes, or none for ECB. Encryption with PKCS#7 writes in_len rounded up to the next
 * multiple of 16 (a whole block when aligned). Errors: UNKNOWN_ALGORITHM (mode),
 * BAD_IV_LENGTH, NOT_BLOCK_MULTIPLE, OUTPUT_TOO_SMALL, OVERLAPPING_BUFFERS, BAD_PADDING,
 * INVALID_ARGUMENT (padding with a stream mode), NULL_POINTER. */
AESKIT_C_API int aeskit_encrypt(const aeskit_aes* key, int mode, int padding, const uint8_t* iv,
                                size_t iv_len, const uint8_t* in, size_t in_len, uint8_t* out,
                                size_t* out_len, size_t max_out_len);
AESKIT_C_API int aeskit_decrypt(const aeskit_aes* key, int mode, int padding, const uint8_t* iv,
                                size_t iv_len, const uint8_t* in, size_t in_len, uint8_t* out,
                                size_t* out_len, size_t max_out_len);

/* aeskit_hp_masks: QUIC header protection (RFC 9001 5.4.3) for n packets: masks[16i .. 16i+16)
 * = AES-ECB(key, samples[i][0..16)), the samples gathered from their packets and encrypted 32
 * at a time on the key's widest kernel. max_masks_len must be at least 16 * n; masks may not
 * overlap a sample. Errors: OUTPUT_TOO_SMALL, OVERLAPPING_BUFFERS, NULL_POINTER (key, masks,
 * samples or a sample NULL with n > 0); nothing is written on an error. */
AESKIT_C_API int aeskit_hp_masks(const aeskit_aes* key, const uint8_t* const* samples, size_t n,
                                 uint8_t* masks, size_t max_masks_len);

/* The incremental form: any number of updates of any length, then finish. The key must
 * outlive the cipher. ECB/CBC write whole blocks as they complete (update writes at most
 * in_len + 15 bytes; pkcs7 decryption holds the last block for finish); out may be exactly
 * in, or trail it by aeskit_cipher_pending bytes (streaming in place over one buffer). */
typedef struct aeskit_cipher aeskit_cipher;
AESKIT_C_API int aeskit_cipher_new(aeskit_cipher** c, const aeskit_aes* key, int mode,
                                   int direction, int padding, const uint8_t* iv, size_t iv_len);
AESKIT_C_API int aeskit_cipher_update(aeskit_cipher* c, const uint8_t* in, size_t in_len,
                                      uint8_t* out, size_t* out_len, size_t max_out_len);
AESKIT_C_API int aeskit_cipher_finish(aeskit_cipher* c, uint8_t* out, size_t* out_len,
                                      size_t max_out_len);
AESKIT_C_API int aeskit_cipher_pending(const aeskit_cipher* c, size_t* out);
AESKIT_C_API void aeskit_cipher_free(aeskit_cipher* c);

/* ---- XTS (IEEE 1619) ------------------------------------------------------------------- */

typedef struct aeskit_xts aeskit_xts;
/* key: 32 or 64 bytes (Key1 || Key2). Equal halves can decrypt but not encrypt (WEAK_KEY). */
AESKIT_C_API int aeskit_xts_new(aeskit_xts** x, const uint8_t* key, size_t key_len,
                                const char* backend);
AESKIT_C_API void aeskit_xts_free(aeskit_xts* x);
/* in_len / sector_size consecutive sectors, numbered from first_sector (the tweak is the
 * number as a little-endian 128-bit integer). Errors: BAD_DATA_UNIT_LENGTH, MESSAGE_TOO_LONG,
 * OUTPUT_TOO_SMALL (max_out_len < in_len), OVERLAPPING_BUFFERS, WEAK_KEY, NULL_POINTER. */
AESKIT_C_API int aeskit_xts_encrypt_sectors(const aeskit_xts* x, uint64_t first_sector,
                                            size_t sector_size, const uint8_t* in, size_t in_len,
                                            uint8_t* out, size_t max_out_len);
AESKIT_C_API int aeskit_xts_decrypt_sectors(const aeskit_xts* x, uint64_t first_sector,
                                            size_t sector_size, const uint8_t* in, size_t in_len,
                                            uint8_t* out, size_t max_out_len);

/* One data unit of in_len bytes (16 .. 16 MiB; ciphertext stealing for a partial last block)
 * with an explicit 16-byte tweak. Errors: BAD_IV_LENGTH (tweak_len not 16),
 * BAD_DATA_UNIT_LENGTH (under 16 bytes), MESSAGE_TOO_LONG (over 2^20 blocks), OUTPUT_TOO_SMALL,
 * OVERLAPPING_BUFFERS, WEAK_KEY (encrypt with Key1 == Key2), NULL_POINTER. */
AESKIT_C_API int aeskit_xts_encrypt(const aeskit_xts* x, const uint8_t* tweak, size_t tweak_len,
                                    const uint8_t* in, size_t in_len, uint8_t* out,
                                    size_t max_out_len);
AESKIT_C_API int aeskit_xts_decrypt(const aeskit_xts* x, const uint8_t* tweak, size_t tweak_len,
                                    const uint8_t* in, size_t in_len, uint8_t* out,
                                    size_t max_out_len);

/* ---- HCTR2 (ePrint 2021/1441): a tweakable wide-block cipher ---------------------------- */

typedef struct aeskit_hctr2 aeskit_hctr2;
/* key: 16, 24 or 32 bytes (AES-128/192/256-HCTR2); backend as for aeskit_aes_new. Errors:
 * BAD_KEY_LENGTH, UNKNOWN_BACKEND, BACKEND_UNAVAILABLE, NULL_POINTER, OUT_OF_MEMORY.
 * Thread-safe once made. */
AESKIT_C_API int aeskit_hctr2_new(aeskit_hctr2** h, const uint8_t* key, size_t key_len,
                                  const char* backend);
AESKIT_C_API void aeskit_hctr2_free(aeskit_hctr2* h);
/* One message of in_len bytes (16 .. 2^36) as one block under a tweak of any length (NULL
 * allowed when tweak_len is 0); writes in_len bytes. No authentication: see aeskit/hctr2.hpp.
 * out may be exactly in. Errors: BAD_DATA_UNIT_LENGTH (under 16 bytes), MESSAGE_TOO_LONG,
 * OUTPUT_TOO_SMALL (max_out_len < in_len), OVERLAPPING_BUFFERS, NULL_POINTER. */
AESKIT_C_API int aeskit_hctr2_encrypt(const aeskit_hctr2* h, const uint8_t* tweak, size_t tweak_len,
                                      const uint8_t* in, size_t in_len, uint8_t* out,
                                      size_t max_out_len);
AESKIT_C_API int aeskit_hctr2_decrypt(const aeskit_hctr2* h, const uint8_t* tweak, size_t tweak_len,
                                      const uint8_t* in, size_t in_len, uint8_t* out,
                                      size_t max_out_len);

/* ---- AES-SIV with several AD components (RFC 5297) -------------------------------------- */

typedef struct aeskit_siv aeskit_siv;
/* key: 32, 48 or 64 bytes (K1 || K2); backend as for aeskit_aes_new. Errors: BAD_KEY_LENGTH,
 * UNKNOWN_BACKEND, BACKEND_UNAVAILABLE, NULL_POINTER, OUT_OF_MEMORY. Thread-safe once made. */
AESKIT_C_API int aeskit_siv_new(aeskit_siv** s, const uint8_t* key, size_t key_len,
                                const char* backend);
AESKIT_C_API void aeskit_siv_free(aeskit_siv* s);
/* ad: ad_count components (0..126), component i of ad_lens[i] bytes at ad[i] (NULL allowed for
 * an empty one; ad may be NULL when ad_count is 0). seal writes V || C (in_len + 16 bytes),
 * deterministic: for the nonce-based form pass a fresh nonce as the last component. open
 * checks and decrypts V || C into in_len - 16 bytes. out may be exactly in. Errors:
 * TOO_MANY_AD_COMPONENTS, OUTPUT_TOO_SMALL, OVERLAPPING_BUFFERS (also an output over a
 * component), NULL_POINTER; open: AUTHENTICATION_FAILED (also under 16 bytes; the plaintext
 * it would have written is zeroed). */
AESKIT_C_API int aeskit_siv_seal(const aeskit_siv* s, uint8_t* out, size_t* out_len,
                                 size_t max_out_len, const uint8_t* const* ad,
                                 const size_t* ad_lens, size_t ad_count, const uint8_t* in,
                                 size_t in_len);
AESKIT_C_API int aeskit_siv_open(const aeskit_siv* s, uint8_t* out, size_t* out_len,
                                 size_t max_out_len, const uint8_t* const* ad,
                                 const size_t* ad_lens, size_t ad_count, const uint8_t* in,
                                 size_t in_len);

/* ---- MACs ------------------------------------------------------------------------------ */

typedef struct aeskit_cmac aeskit_cmac;
/* tag_len 0: 16. Errors: BAD_KEY_LENGTH, BAD_TAG_LENGTH (4..16), NULL_POINTER. */
AESKIT_C_API int aeskit_cmac_new(aeskit_cmac** m, const uint8_t* key, size_t key_len,
                                 size_t tag_len);
AESKIT_C_API void aeskit_cmac_free(aeskit_cmac* m);
/* One-shot (thread-safe): tag_out receives tag_length bytes (max_tag_len at least that). */
AESKIT_C_API int aeskit_cmac_compute(const aeskit_cmac* m, const uint8_t* data, size_t len,
                                     uint8_t* tag_out, size_t max_tag_len);
AESKIT_C_API int aeskit_cmac_verify(const aeskit_cmac* m, const uint8_t* data, size_t len,
                                    const uint8_t* tag, size_t tag_len);
/* Incremental (one message at a time per handle): update..., then finish; reset restarts. */
AESKIT_C_API int aeskit_cmac_update(aeskit_cmac* m, const uint8_t* data, size_t len);
AESKIT_C_API int aeskit_cmac_finish(aeskit_cmac* m, uint8_t* tag_out, size_t max_tag_len);
AESKIT_C_API int aeskit_cmac_reset(aeskit_cmac* m);

typedef struct aeskit_gmac aeskit_gmac;
/* tag_len 0: 16 (else 4, 8, 12..16). */
AESKIT_C_API int aeskit_gmac_new(aeskit_gmac** m, const uint8_t* key, size_t key_len,
                                 size_t tag_len);
AESKIT_C_API void aeskit_gmac_free(aeskit_gmac* m);
AESKIT_C_API int aeskit_gmac_compute(const aeskit_gmac* m, const uint8_t* nonce, size_t nonce_len,
                                     const uint8_t* data, size_t len, uint8_t* tag_out,
                                     size_t max_tag_len);
AESKIT_C_API int aeskit_gmac_verify(const aeskit_gmac* m, const uint8_t* nonce, size_t nonce_len,
                                    const uint8_t* data, size_t len, const uint8_t* tag,
                                    size_t tag_len);

/* ---- key wrap (RFC 3394 KW, RFC 5649 KWP) ----------------------------------------------- */

/* pad 0: KW (in_len >= 16, a multiple of 8: else NOT_SEMIBLOCK_MULTIPLE), 1: KWP (in_len >= 1:
 * else EMPTY_INPUT). wrap writes in_len + 8 (KWP: padded to 8, + 8) bytes. unwrap:
 * AUTHENTICATION_FAILED zeroes out. */
AESKIT_C_API int aeskit_key_wrap(const aeskit_aes* kek, int pad, const uint8_t* in, size_t in_len,
                                 uint8_t* out, size_t* out_len, size_t max_out_len);
AESKIT_C_API int aeskit_key_unwrap(const aeskit_aes* kek, int pad, const uint8_t* in, size_t in_len,
                                   uint8_t* out, size_t* out_len, size_t max_out_len);

/* ---- hashes, HMAC, HKDF -------------------------------------------------------------------- */

enum aeskit_hash_algorithm { AESKIT_SHA1 = 0, AESKIT_SHA256 = 1, AESKIT_SHA512 = 2 };

/* digest length: 20, 32, 64. Errors: UNKNOWN_ALGORITHM. */
AESKIT_C_API int aeskit_hash_length(int alg, size_t* out);
/* One-shot hash; max_out_len >= the digest length. */
AESKIT_C_API int aeskit_hash(int alg, const uint8_t* in, size_t in_len, uint8_t* out,
                             size_t max_out_len);
typedef struct aeskit_hash_ctx aeskit_hash_ctx;
AESKIT_C_API int aeskit_hash_new(aeskit_hash_ctx** h, int alg);
AESKIT_C_API int aeskit_hash_update(aeskit_hash_ctx* h, const uint8_t* in, size_t in_len);
/* finish writes the digest and resets the context for a new message. */
AESKIT_C_API int aeskit_hash_finish(aeskit_hash_ctx* h, uint8_t* out, size_t max_out_len);
AESKIT_C_API void aeskit_hash_free(aeskit_hash_ctx* h);

/* HMAC one-shot: out_len bytes (1..digest length: a truncated MAC for fewer). */
AESKIT_C_API int aeskit_hmac(int alg, const uint8_t* key, size_t key_len, const uint8_t* in,
                             size_t in_len, uint8_t* out, size_t out_len);
/* tag_len 10..digest length, compared in constant time; else AUTHENTICATION_FAILED. */
AESKIT_C_API int aeskit_hmac_verify(int alg, const uint8_t* key, size_t key_len, const uint8_t* in,
                                    size_t in_len, const uint8_t* tag, size_t tag_len);

/* HKDF (RFC 5869), ikm before salt as in the C++ API. Errors: OUTPUT_TOO_LONG (over 255 *
 * digest length), PRK_TOO_SHORT (expand), OVERLAPPING_BUFFERS (out over info), OUTPUT_TOO_SMALL
 * (extract: prk_max below the digest length). */
AESKIT_C_API int aeskit_hkdf(int alg, const uint8_t* ikm, size_t ikm_len, const uint8_t* salt,
                             size_t salt_len, const uint8_t* info, size_t info_len, uint8_t* out,
                             size_t out_len);
AESKIT_C_API int aeskit_hkdf_extract(int alg, const uint8_t* ikm, size_t ikm_len,
                                     const uint8_t* salt, size_t salt_len, uint8_t* prk,
                                     size_t prk_max);
AESKIT_C_API int aeskit_hkdf_expand(int alg, const uint8_t* prk, size_t prk_len,
                                    const uint8_t* info, size_t info_len, uint8_t* out,
                                    size_t out_len);

/* ---- chunked encryption (c2sp.org/chunked-encryption, Cobblestone) ----------------------- */

/* The suite follows the key length: 16 bytes Cobblestone-128, 32 bytes Cobblestone-256 (else
 * BAD_KEY_LENGTH). `context` binds the ciphertext to a purpose (any bytes, may be empty).
 * Ciphertext = a 56-byte header, then 16400-byte chunks (16384 + tag), then a final chunk of
 * 16..16399 bytes. */

/* Lengths by the format's rules (nothing is authenticated). Errors: MESSAGE_TOO_LONG,
 * TRUNCATED (plaintext_length of a size no ciphertext has). */
AESKIT_C_API int aeskit_chunked_ciphertext_length(uint64_t plaintext_len, uint64_t* out);
AESKIT_C_API int aeskit_chunked_plaintext_length(uint64_t ciphertext_len, uint64_t* out);

/* Whole buffers, spread over `threads` threads (0: all cores; the bytes never depend on it).
 * seal uses a fresh random salt. Errors: BAD_KEY_LENGTH, OUTPUT_TOO_SMALL,
 * OVERLAPPING_BUFFERS, MESSAGE_TOO_LONG, RANDOM_FAILED (the OS generator failed). open: also
 * WRONG_KEY_OR_CONTEXT, TRUNCATED, CHUNK_FORGED, TRAILING_DATA, and on any error the output
 * it would have written is zeroed. */
AESKIT_C_API int aeskit_chunked_seal(const uint8_t* key, size_t key_len, const uint8_t* context,
                                     size_t context_len, const uint8_t* in, size_t in_len,
                                     uint8_t* out, size_t* out_len, size_t max_out_len,
                                     unsigned threads);
AESKIT_C_API int aeskit_chunked_open(const uint8_t* key, size_t key_len, const uint8_t* context,
                                     size_t context_len, const uint8_t* in, size_t in_len,
                                     uint8_t* out, size_t* out_len, size_t max_out_len,
                                     unsigned threads);

/* A key handle for many messages: aeskit_chunked_key_new does the per-key HMAC-SHA-512 setup
 * of the key derivation once (the suite follows key_len, else BAD_KEY_LENGTH), and each
 * aeskit_chunked_key_seal/_open then skips it. Same bytes and errors as aeskit_chunked_seal/
 * _open (but no BAD_KEY_LENGTH). The key bytes are not kept; _free wipes the state. A handle is
 * read-only after _new: threads may share one. aeskit_chunked_key_encryptor_new/_decryptor_new
 * make the push streams below from a handle (the handle may be freed afterwards). */
typedef struct aeskit_chunked_key aeskit_chunked_key;
AESKIT_C_API int aeskit_chunked_key_new(aeskit_chunked_key** k, const uint8_t* key, size_t key_len);
AESKIT_C_API void aeskit_chunked_key_free(aeskit_chunked_key* k);
AESKIT_C_API int aeskit_chunked_key_seal(const aeskit_chunked_key* k, const uint8_t* context,
                                         size_t context_len, const uint8_t* in, size_t in_len,
                                         uint8_t* out, size_t* out_len, size_t max_out_len,
                                         unsigned threads);
AESKIT_C_API int aeskit_chunked_key_open(const aeskit_chunked_key* k, const uint8_t* context,
                                         size_t context_len, const uint8_t* in, size_t in_len,
                                         uint8_t* out, size_t* out_len, size_t max_out_len,
                                         unsigned threads);

/* Push streams: update any number of times with any split, then finish. update_bound gives
 * the most one update of in_len bytes may write whatever the stream holds (so one figure
 * serves every update of that size; an update needs only what it writes, and on
 * OUTPUT_TOO_SMALL *out_len says exactly how much); finish writes at most
 * AESKIT_CHUNKED_ENCRYPT_FINISH_BOUND / AESKIT_CHUNKED_DECRYPT_FINISH_BOUND bytes. The
 * decryptor releases a chunk's plaintext only after that chunk verified; the message is
 * authentic only when finish succeeds. Errors are sticky. */
#define AESKIT_CHUNKED_ENCRYPT_FINISH_BOUND (56 + 16383 + 16)
#define AESKIT_CHUNKED_DECRYPT_FINISH_BOUND 16383
typedef struct aeskit_chunked_encryptor aeskit_chunked_encryptor;
typedef struct aeskit_chunked_decryptor aeskit_chunked_decryptor;
AESKIT_C_API int aeskit_chunked_encryptor_new(aeskit_chunked_encryptor** e, const uint8_t* key,
                                              size_t key_len, const uint8_t* context,
                                              size_t context_len);
AESKIT_C_API int aeskit_chunked_encryptor_update_bound(const aeskit_chunked_encryptor* e,
                                                       size_t in_len, size_t* out);
AESKIT_C_API int aeskit_chunked_encryptor_update(aeskit_chunked_encryptor* e, const uint8_t* in,
                                                 size_t in_len, uint8_t* out, size_t* out_len,
                                                 size_t max_out_len);
AESKIT_C_API int aeskit_chunked_encryptor_finish(aeskit_chunked_encryptor* e, uint8_t* out,
                                                 size_t* out_len, size_t max_out_len);
AESKIT_C_API void aeskit_chunked_encryptor_free(aeskit_chunked_encryptor* e);
AESKIT_C_API int aeskit_chunked_decryptor_new(aeskit_chunked_decryptor** d, const uint8_t* key,
                                              size_t key_len, const uint8_t* context,
                                              size_t context_len);
AESKIT_C_API int aeskit_chunked_decryptor_update_bound(const aeskit_chunked_decryptor* d,
                                                       size_t in_len, size_t* out);
AESKIT_C_API int aeskit_chunked_decryptor_update(aeskit_chunked_decryptor* d, const uint8_t* in,
                                                 size_t in_len, uint8_t* out, size_t* out_len,
                                                 size_t max_out_len);
AESKIT_C_API int aeskit_chunked_decryptor_finish(aeskit_chunked_decryptor* d, uint8_t* out,
                                                 size_t* out_len, size_t max_out_len);
AESKIT_C_API void aeskit_chunked_decryptor_free(aeskit_chunked_decryptor* d);
AESKIT_C_API int aeskit_chunked_key_encryptor_new(aeskit_chunked_encryptor** e,
                                                  const aeskit_chunked_key* k,
                                                  const uint8_t* context, size_t context_len);
AESKIT_C_API int aeskit_chunked_key_decryptor_new(aeskit_chunked_decryptor** d,
                                                  const aeskit_chunked_key* k,
                                                  const uint8_t* context, size_t context_len);

/* Pull streams: the stream calls `source(user, buf, max_len, &got)` for input when it needs
 * it (*got = 0: end of input; a non-zero return stops the stream with that status), and
 * read(p, out, max_out_len, &n) returns up to max_out_len bytes of output, n = 0 at the end
 * (the pull decryptor: only after the final chunk verified). Errors repeat. */
typedef int (*aeskit_source_fn)(void* user, uint8_t* buf, size_t max_len, size_t* got);
typedef struct aeskit_chunked_pull aeskit_chunked_pull;
AESKIT_C_API int aeskit_chunked_pull_encryptor_new(aeskit_chunked_pull** p, const uint8_t* key,
                                                   size_t key_len, const uint8_t* context,
                                                   size_t context_len, aeskit_source_fn source,
                                                   void* user);
AESKIT_C_API int aeskit_chunked_pull_decryptor_new(aeskit_chunked_pull** p, const uint8_t* key,
                                                   size_t key_len, const uint8_t* context,
                                                   size_t context_len, aeskit_source_fn source,
                                                   void* user);
AESKIT_C_API int aeskit_chunked_pull_read(aeskit_chunked_pull* p, uint8_t* out, size_t max_out_len,
                                          size_t* out_len);
AESKIT_C_API void aeskit_chunked_pull_free(aeskit_chunked_pull* p);

#ifdef __cplusplus
}
#endif

#endif /* AESKIT_AESKIT_H */
