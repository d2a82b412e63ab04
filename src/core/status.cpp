// src/core/status.cpp — the messages behind Errc.
#include "aeskit/status.hpp"
#include "base/enum_table.hpp"

namespace aeskit {
namespace {

using enum Errc;
constexpr detail::EnumRow<Errc, const char*> kMessages[] = {
    {ok, "ok"},
    {bad_key_length,
     "key length is not one this algorithm takes (AES: 16, 24 or 32 bytes; an AEAD: its "
     "key_length(); aeskit::error_detail says which)"},
    {bad_iv_length,
     "IV must be 16 bytes for this mode (ECB takes none; an XTS tweak is 16 bytes too)"},
    {output_too_small,
     "output buffer is too small for the result (aeskit::required_size, or the C API's length "
     "argument, gives the size needed)"},
    {not_block_multiple,
     "input length must be a multiple of 16 bytes for this mode without padding"},
    {bad_padding, "padding check failed on decryption"},
    {overlapping_buffers, "input and output buffers overlap without being the same buffer"},
    {unknown_backend,
     "no backend of that name is compiled into this build for this primitive (AES backends and "
     "SHA backends have different names: see aeskit cpu)"},
    {backend_unavailable,
     "that backend cannot run on this CPU (or was disabled by AESKIT_DISABLE, or failed its "
     "self-test)"},
    {invalid_state, "object is not usable in this state (finished, moved from, or empty)"},
    {invalid_argument,
     "argument does not apply here (padding with a stream mode, a chunked salt or raw chunk of "
     "the wrong size)"},
    {authentication_failed,
     "authentication failed: the message or its tag was altered, or the key, nonce or associated "
     "data differ"},
    {bad_nonce_length,
     "nonce length is not one this algorithm takes (see its nonce_min()..nonce_max(); "
     "aeskit::error_detail says which)"},
    {bad_tag_length,
     "tag length is not one this algorithm takes (see its tag_lengths(); aeskit::error_detail "
     "says which)"},
    {message_too_long,
     "plaintext or associated data exceeds the algorithm's length limit (max_plaintext(), "
     "max_ad(); for CCM the nonce length sets it)"},
    {bad_data_unit_length,
     "input too short or not whole sectors: an XTS data unit or HCTR2 message must be at least "
     "16 bytes, and an XTS sector batch a whole number of sectors"},
    {weak_key, "XTS key halves are equal: IEEE 1619 forbids encrypting with Key1 == Key2"},
    {output_too_long,
     "requested output is longer than the algorithm can produce (HKDF: 255 times the hash length)"},
    {prk_too_short, "HKDF pseudorandom key must be at least as long as the hash output"},
    {wrong_key_or_context, "wrong key or context: the header's key commitment does not match"},
    {truncated, "ciphertext is truncated (incomplete header, or the final chunk is missing)"},
    {chunk_forged,
     "a chunk failed authentication: the ciphertext was modified, reordered, or cut inside a "
     "chunk"},
    {trailing_data, "unexpected data after the final chunk"},
    {bad_ad_length,
     "associated data length is not allowed for this algorithm (TLS CBC-HMAC: the 11 bytes seq_num "
     "|| type || version)"},
    {backend_lacks_algorithm,
     "that backend runs on this CPU but does not implement this algorithm (e.g. shani has no "
     "SHA-512)"},
    {too_many_ad_components, "too many associated-data components (SIV takes at most 126)"},
    {not_semiblock_multiple,
     "key wrap (KW) input must be at least 16 bytes and a multiple of 8 (use KWP for other "
     "lengths)"},
    {empty_input, "input must not be empty (key wrap with padding wraps 1 byte or more)"},
    {one_shot_only,
     "this AEAD is one-shot only: it has no incremental sealer/opener (only GCM streams)"},
    {no_detached_tag,
     "this AEAD has no detached tag (TLS CBC-HMAC records: use seal/open on whole records)"},
    {nonce_reused, "nonce already used with this key: a nonce sequence only moves forward"},
    {nonce_exhausted, "nonce counter exhausted: it would wrap; rekey"},
    {usage_limit_reached, "the key's message limit is reached: rekey before sealing more"},
    {random_nonce_unsafe,
     "random nonces are not safe with this algorithm (use a nonce sequence, or AES-GCM-SIV, "
     "XAES-256-GCM, DNDK-GCM or AEGIS-256 for random nonces)"},
    {null_pointer, "a pointer is null although its length is not zero (or it is required)"},
    {unknown_algorithm,
     "no algorithm of that name or number in this build (aeskit::aead::algorithms(), "
     "aeskit_aead_name() and `aeskit enc --list` list the names)"},
    {out_of_memory, "out of memory"},
    {random_failed,
     "the operating system's random number generator (getrandom) failed; no weaker source is "
     "used"},
};
// A new code: its row here, and the last enumerator below.
static_assert(detail::complete(kMessages, random_failed), "a row per Errc, in order");

}  // namespace

const char* errc_message(Errc code) noexcept {
  return detail::lookup(kMessages, code, "unknown error");
}

}  // namespace aeskit
