// src/core/status.cpp — the messages behind Errc.
#include "aeskit/status.hpp"
#include "base/enum_table.hpp"

namespace aeskit {
namespace {

using enum Errc;
constexpr detail::EnumRow<Errc, const char*> kMessages[] = {
    {ok, "ok"},
    {bad_key_length, "AES key must be 16, 24 or 32 bytes"},
    {bad_iv_length, "IV must be 16 bytes for this mode (and absent for ECB)"},
    {output_too_small, "output buffer is too small for the result"},
    {not_block_multiple,
     "input length must be a multiple of 16 bytes for this mode without padding"},
    {bad_padding, "padding check failed on decryption"},
    {overlapping_buffers, "input and output buffers overlap without being the same buffer"},
    {unknown_backend, "no AES backend of that name is compiled into this build"},
    {backend_unavailable,
     "that AES backend cannot run on this CPU (or was disabled by AESKIT_DISABLE, or failed its "
     "self-test)"},
    {invalid_state, "object is not usable in this state (finished, moved from, or empty)"},
    {invalid_argument, "option does not apply to this mode"},
    {authentication_failed,
     "authentication failed: the message or its tag was altered, or the key, nonce or associated "
     "data differ"},
    {bad_nonce_length, "nonce length is not allowed for this algorithm"},
    {bad_tag_length, "tag length is not allowed for this algorithm"},
    {message_too_long, "plaintext or associated data exceeds the algorithm's length limit"},
    {bad_data_unit_length,
     "XTS data unit must be at least 16 bytes, and a sector batch a whole number of sectors"},
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
};
// A new code: its row here, and the last enumerator below.
static_assert(detail::complete(kMessages, bad_ad_length), "a row per Errc, in order");

}  // namespace

const char* errc_message(Errc code) noexcept {
  return detail::lookup(kMessages, code, "unknown error");
}

}  // namespace aeskit
