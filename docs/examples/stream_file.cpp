// docs/examples/stream_file.cpp — docs/api-cpp.md, "Stream a file": chunked encryption
// (c2sp.org/chunked-encryption, Cobblestone-256) of a file read in 64 KiB pieces with the push
// Encryptor, decrypted back with the Decryptor, compared; a truncated file is refused. Built
// and run as a test (tests/doc_examples); exit status 0 when all holds.
#include <aeskit/chunked.hpp>

#include <array>
#include <cstdint>
#include <cstdio>
#include <span>
#include <vector>

namespace chunked = aeskit::chunked;
using Bytes = std::vector<std::uint8_t>;

// encrypt_file reads `in` to its end and writes the chunked ciphertext to `out`.
aeskit::Status encrypt_file(std::FILE* in, std::FILE* out, std::span<const std::uint8_t> key) {
  const std::array<std::uint8_t, 6> context{'b', 'a', 'c', 'k', 'u', 'p'};
  auto enc = chunked::Encryptor::create(chunked::Suite::cobblestone_256, key, context);
  if (!enc) return enc.status();
  Bytes buf(65536), ct(enc->update_bound(buf.size()));
  while (std::size_t got = std::fread(buf.data(), 1, buf.size(), in)) {
    auto n = enc->update(std::span(buf).first(got), ct);
    if (!n) return n.status();
    std::fwrite(ct.data(), 1, *n, out);
  }
  std::array<std::uint8_t, chunked::Encryptor::kFinishBound> last;
  auto n = enc->finish(last);
  if (!n) return n.status();
  std::fwrite(last.data(), 1, *n, out);
  return {};
}

// decrypt_file writes only plaintext whose chunk verified; the file is authentic only when
// finish() succeeds (a cut-off or modified file fails there at the latest).
aeskit::Status decrypt_file(std::FILE* in, std::FILE* out, std::span<const std::uint8_t> key) {
  const std::array<std::uint8_t, 6> context{'b', 'a', 'c', 'k', 'u', 'p'};
  auto dec = chunked::Decryptor::create(chunked::Suite::cobblestone_256, key, context);
  if (!dec) return dec.status();
  Bytes buf(65536), pt(dec->update_bound(buf.size()));
  while (std::size_t got = std::fread(buf.data(), 1, buf.size(), in)) {
    auto n = dec->update(std::span(buf).first(got), pt);
    if (!n) return n.status();
    std::fwrite(pt.data(), 1, *n, out);
  }
  std::array<std::uint8_t, chunked::Decryptor::kFinishBound> last;
  auto n = dec->finish(last);
  if (!n) return n.status();
  std::fwrite(last.data(), 1, *n, out);
  return {};
}

Bytes contents(std::FILE* f) {
  Bytes all;
  std::rewind(f);
  for (int c; (c = std::fgetc(f)) != EOF;) all.push_back(static_cast<std::uint8_t>(c));
  std::rewind(f);
  return all;
}

int main() {
  std::array<std::uint8_t, 32> key;
  if (!chunked::generate_key(key)) return 1;
  Bytes data(100000);  // six full chunks and a partial one
  for (std::size_t i = 0; i < data.size(); ++i) data[i] = static_cast<std::uint8_t>(i * 7);

  std::FILE* plain = std::tmpfile();
  std::FILE* sealed = std::tmpfile();
  std::FILE* back = std::tmpfile();
  if (!plain || !sealed || !back) return 1;
  std::fwrite(data.data(), 1, data.size(), plain);
  std::rewind(plain);

  if (aeskit::Status s = encrypt_file(plain, sealed, key); !s)
    return std::printf("encrypt: %s\n", s.message()), 1;
  const Bytes ct = contents(sealed);
  if (ct.size() != chunked::ciphertext_length(data.size()).value()) return 1;
  if (aeskit::Status s = decrypt_file(sealed, back, key); !s)
    return std::printf("decrypt: %s\n", s.message()), 1;
  if (contents(back) != data) return 1;

  // The same ciphertext without its last byte: every full chunk verifies, finish refuses.
  std::FILE* cut = std::tmpfile();
  std::FILE* sink = std::tmpfile();
  if (!cut || !sink) return 1;
  std::fwrite(ct.data(), 1, ct.size() - 1, cut);
  std::rewind(cut);
  if (decrypt_file(cut, sink, key).code() != aeskit::Errc::chunk_forged) return 1;
  std::printf("stream_file: ok (%zu bytes -> %zu)\n", data.size(), ct.size());
  return 0;
}
