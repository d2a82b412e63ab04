// src/core/status.cpp — the messages behind Errc.
#include "aeskit/status.hpp"

namespace aeskit {

const char* errc_message(Errc code) noexcept {
  switch (code) {
    case Errc::ok:
      return "ok";
    case Errc::bad_key_length:
      return "AES key must be 16, 24 or 32 bytes";
    case Errc::bad_iv_length:
      return "IV must be 16 bytes for this mode (and absent for ECB)";
    case Errc::output_too_small:
      return "output buffer is too small for the result";
    case Errc::not_block_multiple:
      return "input length must be a multiple of 16 bytes for this mode without padding";
    case Errc::bad_padding:
      return "padding check failed on decryption";
    case Errc::overlapping_buffers:
      return "input and output buffers overlap without being the same buffer";
    case Errc::unknown_backend:
      return "no AES backend of that name is compiled into this build";
    case Errc::backend_unavailable:
      return "that AES backend cannot run on this CPU (or was disabled by AESKIT_DISABLE, or "
             "failed its self-test)";
    case Errc::invalid_state:
      return "object is not usable in this state (finished, moved from, or empty)";
    case Errc::invalid_argument:
      return "option does not apply to this mode";
    case Errc::authentication_failed:
      return "authentication failed: the message or its tag was altered, or the key, nonce or "
             "associated data differ";
    case Errc::bad_nonce_length:
      return "nonce length is not allowed for this algorithm";
    case Errc::bad_tag_length:
      return "tag length is not allowed for this algorithm";
    case Errc::message_too_long:
      return "plaintext or associated data exceeds the algorithm's length limit";
    case Errc::bad_data_unit_length:
      return "XTS data unit must be at least 16 bytes, and a sector batch a whole number of "
             "sectors";
    case Errc::weak_key:
      return "XTS key halves are equal: IEEE 1619 forbids encrypting with Key1 == Key2";
    case Errc::output_too_long:
      return "requested output is longer than the algorithm can produce (HKDF: 255 times the "
             "hash length)";
    case Errc::prk_too_short:
      return "HKDF pseudorandom key must be at least as long as the hash output";
    case Errc::wrong_key_or_context:
      return "wrong key or context: the header's key commitment does not match";
    case Errc::truncated:
      return "ciphertext is truncated (incomplete header, or the final chunk is missing)";
    case Errc::chunk_forged:
      return "a chunk failed authentication: the ciphertext was modified, reordered, or cut "
             "inside a chunk";
    case Errc::trailing_data:
      return "unexpected data after the final chunk";
    case Errc::bad_ad_length:
      return "associated data length is not allowed for this algorithm (TLS CBC-HMAC: the 11 "
             "bytes seq_num || type || version)";
  }
  return "unknown error";
}

}  // namespace aeskit
