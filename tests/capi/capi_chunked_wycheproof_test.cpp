// tests/capi/capi_chunked_wycheproof_test.cpp — the Wycheproof chunked-encryption vectors
// (c2sp.org/chunked-encryption, Cobblestone-128/256) through the C API: whole-buffer open, the
// push decryptor fed in 1000-byte pieces and the pull decryptor over a C callback. Vectors:
// ../shared/vectors/wycheproof/c2sp_chunked_encryption_aes_{128,256}_gcm_test.json, whose
// ciphertexts are zlib-compressed and whose plaintexts are given by length and SHA-512.
//
// valid: every path gives msgLength bytes with the given SHA-512. invalid: every path fails
// (whole-buffer open with its output zeroed); the message is never accepted.
#include <openssl/sha.h>
#include <zlib.h>

#include <cstdio>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "aeskit/aeskit.h"
#include "support/hex.hpp"
#include "support/json.hpp"
#include "support/vectors.hpp"

namespace {

using aeskit_test::Bytes;
using aeskit_test::to_hex;

Bytes inflate_all(const Bytes& compressed) {
  Bytes out;
  z_stream z{};
  if (inflateInit(&z) != Z_OK) return out;
  z.next_in = const_cast<Bytef*>(compressed.data());
  z.avail_in = static_cast<uInt>(compressed.size());
  unsigned char buf[65536];
  int rc = Z_OK;
  while (rc == Z_OK) {
    z.next_out = buf;
    z.avail_out = sizeof buf;
    rc = inflate(&z, Z_NO_FLUSH);
    out.insert(out.end(), buf, buf + (sizeof buf - z.avail_out));
  }
  inflateEnd(&z);
  EXPECT_EQ(rc, Z_STREAM_END) << "the vector's ciphertext did not inflate";
  return out;
}

std::string sha512_hex(const Bytes& data) {
  unsigned char d[SHA512_DIGEST_LENGTH];
  SHA512(data.data(), data.size(), d);
  return to_hex(Bytes(d, d + sizeof d));
}

struct Memory {
  const Bytes* data;
  std::size_t pos;
};

int memory_source(void* user, uint8_t* buf, size_t max_len, size_t* got) {
  auto* m = static_cast<Memory*>(user);
  const std::size_t n = std::min(max_len, std::min<std::size_t>(777, m->data->size() - m->pos));
  std::copy(m->data->begin() + static_cast<long>(m->pos),
            m->data->begin() + static_cast<long>(m->pos + n), buf);
  m->pos += n;
  *got = n;
  return 0;
}

// push: the decryptor fed in 1000-byte pieces; AESKIT_OK and the plaintext, or the error.
int push(const Bytes& key, const Bytes& ctx, const Bytes& ct, Bytes& pt) {
  aeskit_chunked_decryptor* d = nullptr;
  int rc = aeskit_chunked_decryptor_new(&d, key.data(), key.size(), ctx.data(), ctx.size());
  if (rc != AESKIT_OK) return rc;
  for (std::size_t at = 0; at < ct.size() && rc == AESKIT_OK; at += 1000) {
    const std::size_t len = std::min<std::size_t>(1000, ct.size() - at);
    std::size_t bound = 0, n = 0;
    EXPECT_EQ(aeskit_chunked_decryptor_update_bound(d, len, &bound), AESKIT_OK);
    Bytes out(bound + 1);
    rc = aeskit_chunked_decryptor_update(d, ct.data() + at, len, out.data(), &n, out.size());
    if (rc == AESKIT_OK) pt.insert(pt.end(), out.begin(), out.begin() + static_cast<long>(n));
  }
  if (rc == AESKIT_OK) {
    Bytes out(AESKIT_CHUNKED_DECRYPT_FINISH_BOUND);
    std::size_t n = 0;
    rc = aeskit_chunked_decryptor_finish(d, out.data(), &n, out.size());
    if (rc == AESKIT_OK) pt.insert(pt.end(), out.begin(), out.begin() + static_cast<long>(n));
  }
  aeskit_chunked_decryptor_free(d);
  return rc;
}

int pull(const Bytes& key, const Bytes& ctx, const Bytes& ct, Bytes& pt) {
  Memory m{&ct, 0};
  aeskit_chunked_pull* p = nullptr;
  int rc = aeskit_chunked_pull_decryptor_new(&p, key.data(), key.size(), ctx.data(), ctx.size(),
                                             memory_source, &m);
  if (rc != AESKIT_OK) return rc;
  Bytes out(5000);
  for (;;) {
    std::size_t n = 0;
    rc = aeskit_chunked_pull_read(p, out.data(), out.size(), &n);
    if (rc != AESKIT_OK || n == 0) break;
    pt.insert(pt.end(), out.begin(), out.begin() + static_cast<long>(n));
  }
  aeskit_chunked_pull_free(p);
  return rc;
}

class CapiChunked : public testing::TestWithParam<const char*> {};

TEST_P(CapiChunked, EveryRecordEveryPath) {
  AESKIT_LOAD_VECTOR_JSON(doc, GetParam());
  int valid = 0, invalid = 0;
  aeskit_test::for_each_wycheproof_test(doc, [&](const nlohmann::json& t) {
    const Bytes key = aeskit_test::hex_field(t, "key"), ctx = aeskit_test::hex_field(t, "ctx");
    const Bytes ct = inflate_all(aeskit_test::hex_field(t, "ct"));
    const std::string result = t.at("result").get<std::string>();
    ASSERT_TRUE(result == "valid" || result == "invalid") << "no policy for " << result;
    const bool is_valid = result == "valid";
    (is_valid ? valid : invalid)++;

    // Whole buffer.
    Bytes out(ct.size() + 1, 0xEE);
    std::size_t n = 0;
    const int whole = aeskit_chunked_open(key.data(), key.size(), ctx.data(), ctx.size(), ct.data(),
                                          ct.size(), out.data(), &n, out.size(), 2);
    Bytes pushed, pulled;
    const int pushed_rc = push(key, ctx, ct, pushed);
    const int pulled_rc = pull(key, ctx, ct, pulled);
    if (!is_valid) {
      EXPECT_NE(whole, AESKIT_OK);
      EXPECT_NE(pushed_rc, AESKIT_OK);
      EXPECT_NE(pulled_rc, AESKIT_OK);
      if (whole != AESKIT_E_BAD_KEY_LENGTH && whole != AESKIT_E_OUTPUT_TOO_SMALL) {
        uint64_t want = 0;
        if (aeskit_chunked_plaintext_length(ct.size(), &want) == AESKIT_OK) {
          EXPECT_EQ(Bytes(out.begin(), out.begin() + static_cast<long>(want)), Bytes(want, 0))
              << "a failed open did not zero its output";
        }
      }
      return;
    }
    const std::size_t len = t.at("msgLength").get<std::size_t>();
    const std::string sha = t.at("msgSha512").get<std::string>();
    ASSERT_EQ(whole, AESKIT_OK) << aeskit_error_message(whole);
    ASSERT_EQ(n, len);
    out.resize(n);
    EXPECT_EQ(sha512_hex(out), sha);
    ASSERT_EQ(pushed_rc, AESKIT_OK) << aeskit_error_message(pushed_rc);
    EXPECT_EQ(sha512_hex(pushed), sha);
    ASSERT_EQ(pulled_rc, AESKIT_OK) << aeskit_error_message(pulled_rc);
    EXPECT_EQ(sha512_hex(pulled), sha);
    uint64_t pt_len = 0, ct_len = 0;
    EXPECT_EQ(aeskit_chunked_plaintext_length(ct.size(), &pt_len), AESKIT_OK);
    EXPECT_EQ(pt_len, len);
    EXPECT_EQ(aeskit_chunked_ciphertext_length(len, &ct_len), AESKIT_OK);
    EXPECT_EQ(ct_len, ct.size());
  });
  std::printf("%s: %d valid, %d invalid\n", GetParam(), valid, invalid);
  EXPECT_GT(valid, 0);
  EXPECT_GT(invalid, 0);
}

INSTANTIATE_TEST_SUITE_P(
    Files, CapiChunked,
    testing::Values("wycheproof/c2sp_chunked_encryption_aes_128_gcm_test.json",
                    "wycheproof/c2sp_chunked_encryption_aes_256_gcm_test.json"),
    [](const testing::TestParamInfo<const char*>& p) {
      return std::string(p.index == 0 ? "Cobblestone128" : "Cobblestone256");
    });

}  // namespace
