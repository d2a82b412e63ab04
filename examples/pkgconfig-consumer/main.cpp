// examples/pkgconfig-consumer/main.cpp — a program built against an installed aeskit with
// pkg-config only, no CMake:
//   c++ -std=c++20 main.cpp $(pkg-config --cflags --libs aeskit) -o app
// (main.c beside it is the C consumer, over include/aeskit/aeskit.h).
// `app FILE WORKDIR` streams FILE through the chunked format's push Encryptor (Cobblestone-128,
// 5000-byte pieces) into WORKDIR/stream.cob, streams that back through the Decryptor and
// compares with FILE; then seals FILE with AES-128-GCM-SIV (tag detached) into
// WORKDIR/stream.siv, opens it, and checks that a wrong tag is refused with the output zeroed.
#include <aeskit/aead.hpp>
#include <aeskit/chunked.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace {

using Bytes = std::vector<std::uint8_t>;
constexpr std::size_t kPiece = 5000;  // not a multiple of the 16 KiB chunk

int fail(const char* what, const char* why) {
  std::fprintf(stderr, "pkgconfig-consumer: %s: %s\n", what, why);
  return 1;
}

Bytes read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return Bytes(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
}

void put(std::ofstream& f, const Bytes& buf, std::size_t n) {
  f.write(reinterpret_cast<const char*>(buf.data()), static_cast<std::streamsize>(n));
}

// Streams `in` through a chunked Encryptor or Decryptor into `out` in kPiece pieces.
template <class Stream>
const char* pump(Stream& s, const std::string& in, const std::string& out) {
  std::ifstream src(in, std::ios::binary);
  std::ofstream dst(out, std::ios::binary | std::ios::trunc);
  Bytes piece(kPiece), buf(Stream::kFinishBound);
  while (src) {
    src.read(reinterpret_cast<char*>(piece.data()), static_cast<std::streamsize>(piece.size()));
    auto got = static_cast<std::size_t>(src.gcount());
    if (got == 0) break;
    buf.resize(std::max(buf.size(), s.update_bound(got)));  // holds whatever is buffered
    auto n = s.update(std::span(piece).first(got), buf);
    if (!n) return n.message();
    put(dst, buf, *n);
  }
  auto n = s.finish(buf);
  if (!n) return n.message();
  put(dst, buf, *n);
  return dst ? nullptr : "write failed";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) return fail("usage", "app FILE WORKDIR");
  const std::string file = argv[1], dir = argv[2];
  const Bytes context = {'p', 'k', 'g'};
  Bytes key(16);
  if (auto s = aeskit::chunked::generate_key(key); !s) return fail("generate_key", s.message());
  const auto suite = aeskit::chunked::Suite::cobblestone_128;

  auto enc = aeskit::chunked::Encryptor::create(suite, key, context);
  if (!enc) return fail("Encryptor::create", enc.message());
  if (auto e = pump(*enc, file, dir + "/stream.cob")) return fail("encrypt", e);
  auto dec = aeskit::chunked::Decryptor::create(suite, key, context);
  if (!dec) return fail("Decryptor::create", dec.message());
  if (auto e = pump(*dec, dir + "/stream.cob", dir + "/stream.out")) return fail("decrypt", e);
  const Bytes plain = read_file(file);
  if (read_file(dir + "/stream.out") != plain) return fail("chunked", "decrypted file differs");

  auto aead = aeskit::AeadKey::create(aeskit::aead::aes_128_gcm_siv(), Bytes(16, 0x24));
  if (!aead) return fail("AeadKey::create", aead.message());
  const Bytes nonce(12, 0x01), ad;
  Bytes ct(plain.size()), tag(aead->tag_length()), pt(plain.size());
  if (auto s = aead->seal_detached(nonce, ad, plain, ct, tag); !s) return fail("seal", s.message());
  {
    std::ofstream f(dir + "/stream.siv", std::ios::binary | std::ios::trunc);
    put(f, ct, ct.size());
    put(f, tag, tag.size());
  }
  Bytes back = read_file(dir + "/stream.siv");
  if (back.size() != ct.size() + tag.size()) return fail("AES-128-GCM-SIV", "short file");
  const std::span<const std::uint8_t> ct_back = std::span(back).first(ct.size());
  Bytes tag_back(back.end() - static_cast<std::ptrdiff_t>(tag.size()), back.end());
  if (auto s = aead->open_detached(nonce, ad, ct_back, tag_back, pt); !s)
    return fail("open", s.message());
  if (pt != plain) return fail("AES-128-GCM-SIV", "opened message differs");
  tag_back[3] ^= 0x80;
  if (aead->open_detached(nonce, ad, ct_back, tag_back, pt))
    return fail("AES-128-GCM-SIV", "a wrong tag opened");
  if (std::any_of(pt.begin(), pt.end(), [](std::uint8_t b) { return b != 0; }))
    return fail("AES-128-GCM-SIV", "a failed open left output behind");

  std::printf("ok: %zu bytes streamed through %s and sealed with AES-128-GCM-SIV\n", plain.size(),
              std::string(aeskit::chunked::suite_name(suite)).c_str());
  return 0;
}
