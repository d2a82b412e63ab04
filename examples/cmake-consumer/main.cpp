// examples/cmake-consumer/main.cpp — a program built against an installed aeskit with
// find_package(aeskit). `app FILE WORKDIR` encrypts FILE with the chunked format
// (Cobblestone-256, whole buffer) into WORKDIR/file.cob, reads that back, decrypts it and
// compares with FILE; then seals FILE with AES-256-GCM into WORKDIR/file.gcm, opens it, and
// checks that a flipped ciphertext bit is refused. Exit 0 and one "ok" line when all holds.
#include <aeskit/aead.hpp>
#include <aeskit/chunked.hpp>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace {

using Bytes = std::vector<std::uint8_t>;

Bytes read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return Bytes(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
}

bool write_file(const std::string& path, const Bytes& data) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  f.write(reinterpret_cast<const char*>(data.data()), static_cast<std::streamsize>(data.size()));
  return static_cast<bool>(f);
}

int fail(const char* what, const char* why) {
  std::fprintf(stderr, "cmake-consumer: %s: %s\n", what, why);
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) return fail("usage", "app FILE WORKDIR");
  const std::string dir = argv[2];
  const Bytes plain = read_file(argv[1]);
  const Bytes context = {'e', 'x', 'a', 'm', 'p', 'l', 'e'};

  // The chunked format: seal to a file, read it back, open.
  Bytes key(32);
  if (auto s = aeskit::chunked::generate_key(key); !s) return fail("generate_key", s.message());
  const auto suite = aeskit::chunked::Suite::cobblestone_256;
  auto sealed = aeskit::chunked::seal(suite, key, context, plain);
  if (!sealed) return fail("chunked::seal", sealed.message());
  if (!write_file(dir + "/file.cob", *sealed)) return fail("write", "file.cob");
  const Bytes cob = read_file(dir + "/file.cob");
  Bytes opened(plain.size());
  auto n = aeskit::chunked::open(suite, key, context, cob, opened);
  if (!n) return fail("chunked::open", n.message());
  if (*n != plain.size() || opened != plain) return fail("chunked", "decrypted file differs");

  // An AEAD: AES-256-GCM with a fixed test nonce (a real program never reuses one per key).
  auto aead = aeskit::AeadKey::create(aeskit::aead::aes_256_gcm(), Bytes(32, 0x42));
  if (!aead) return fail("AeadKey::create", aead.message());
  const Bytes nonce(12, 0x07), ad = {'h', 'd', 'r'};
  Bytes ct(plain.size() + aead->tag_length());
  auto c = aead->seal(nonce, ad, plain, ct);
  if (!c) return fail("AeadKey::seal", c.message());
  if (!write_file(dir + "/file.gcm", ct)) return fail("write", "file.gcm");
  Bytes ct_back = read_file(dir + "/file.gcm");
  Bytes pt(ct_back.size());
  auto p = aead->open(nonce, ad, ct_back, pt);
  if (!p) return fail("AeadKey::open", p.message());
  pt.resize(*p);
  if (pt != plain) return fail("AES-256-GCM", "opened message differs");
  ct_back[0] ^= 1;
  if (aead->open(nonce, ad, ct_back, pt))
    return fail("AES-256-GCM", "a modified ciphertext opened");

  std::printf("ok: %zu bytes through %s (%zu bytes) and AES-256-GCM (%zu bytes)\n", plain.size(),
              std::string(aeskit::chunked::suite_name(suite)).c_str(), cob.size(), ct.size());
  return 0;
}
