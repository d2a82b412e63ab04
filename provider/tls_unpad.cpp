// tls_unpad.cpp — the TLS record step of OpenSSL's generic block ciphers after decryption
// (its ossl_cipher_tlsunpadblock, used by libssl for CBC suites with encrypt-then-MAC or
// without a stitched cipher): strip the explicit IV (TLS 1.1+, DTLS), check and strip the
// padding, and hand out the MAC. The padding length is secret until the MAC is checked, so
// the check, the length and the MAC's position are computed without branches or addresses
// that depend on it; a bad padding is not reported here (that would be a padding oracle)
// but yields a random MAC, so that the caller's MAC comparison fails in the same time as for
// a bad MAC. Only lengths that are public (the record's) fail the call.
// References: RFC 5246 §6.2.3.2, RFC 4346 (explicit IV), RFC 6101 §5.2.3.2 (SSL 3.0
// padding), "Lucky Thirteen" (AlFardan-Paterson 2013).
#include <openssl/prov_ssl.h>

#include <cstdint>
#include <cstring>

#include "aeskit/random.hpp"
#include "provider.hpp"

namespace aeskit_provider {
namespace {

// All ones when a >= b, else 0 (a, b below 2^63).
std::uint64_t mask_ge(std::uint64_t a, std::uint64_t b) {
  return (((a - b) >> 63) & 1) - 1;
}
std::uint64_t mask_eq(std::uint64_t a, std::uint64_t b) {
  const std::uint64_t d = a ^ b;
  return (((d | (0 - d)) >> 63) & 1) - 1;
}

}  // namespace

bool tls_unpad_record(unsigned int version, unsigned char* buf, std::size_t* len,
                      std::size_t macsize, unsigned char* mac_out) {
  const bool ssl3 = version == SSL3_VERSION;
  switch (version) {
    case TLS1_2_VERSION:
    case TLS1_1_VERSION:
    case DTLS1_2_VERSION:
    case DTLS1_VERSION:
    case DTLS1_BAD_VER:
      if (*len < 16) return false;  // (OpenSSL would read before the record)
      buf += 16;                    // the explicit IV
      *len -= 16;
      break;
    case TLS1_VERSION:
    case SSL3_VERSION:
      break;
    default:
      return false;
  }
  const std::size_t reclen = *len;
  if (macsize + 1 > reclen || macsize > 64) return false;  // public lengths
  const std::uint64_t pad = buf[reclen - 1];
  std::uint64_t good;
  if (ssl3) {
    // SSL 3.0: the padding's bytes are arbitrary; it is at most one block.
    good = mask_ge(reclen, pad + 1 + macsize) & mask_ge(16, pad + 1);
  } else {
    good = mask_ge(reclen, pad + 1 + macsize);
    // The last pad + 1 bytes all equal pad (read 256 bytes, or the record, whatever pad is).
    const std::size_t to_check = reclen < 256 ? reclen : 256;
    std::uint64_t diff = 0;
    for (std::size_t i = 0; i < to_check; ++i) {
      const std::uint64_t in_pad = mask_ge(pad, i);
      diff |= in_pad & (pad ^ buf[reclen - 1 - i]);
    }
    good &= mask_eq(diff, 0);
  }
  const std::size_t data_end = reclen - static_cast<std::size_t>(good & (pad + 1));
  *len = data_end - macsize;
  if (macsize == 0) return good != 0;  // nothing to fail later: fail here (as OpenSSL does)
  // The MAC at [data_end - macsize, data_end): every byte of the last macsize + 256 bytes is
  // read for every MAC byte, and selected by position.
  unsigned char random_mac[64];
  if (!aeskit::random_bytes({random_mac, macsize}).ok()) return false;
  const std::size_t mac_start = data_end - macsize;  // secret
  const std::size_t scan_from = reclen > macsize + 256 ? reclen - macsize - 256 : 0;
  for (std::size_t k = 0; k < macsize; ++k) {
    std::uint64_t byte = 0;
    for (std::size_t i = scan_from; i < reclen; ++i) byte |= buf[i] & mask_eq(i, mac_start + k);
    mac_out[k] = static_cast<unsigned char>((byte & good) | (random_mac[k] & ~good));
  }
  wipe(random_mac, sizeof random_mac);
  return true;
}

}  // namespace aeskit_provider
