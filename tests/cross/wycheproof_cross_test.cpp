// tests/cross/wycheproof_cross_test.cpp — Wycheproof's AEAD (AES-GCM, AES-CCM, AES-EAX,
// AES-GCM-SIV, AES-SIV), XTS, CMAC, HMAC (SHA-1/256/512) and HKDF (SHA-256/512) files through the
// default backends of the build, without GoogleTest (cross builds under qemu: on AArch64 that is
// armv8ce, pmull and armv8sha; the x86 build runs it natively on its own best backends).
//
// Every record: a "valid" one must seal (or compute) to the file's output and open back; an
// "invalid" one must be rejected (key creation, sealing with the wrong output, or opening);
// "acceptable" ones are checked for not crashing and for a consistent round trip when they
// open. Vectors are facts from ../shared/vectors/wycheproof (AESKIT_VECTORS_DIR); a missing
// file in a vectors folder that exists fails the test. Without the folder at all (a clone with
// nothing beside it) the test exits 77, which CTest reports as SKIPPED, never as passed; with
// AESKIT_REQUIRE_VECTORS=1 (CI) that fails too.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "aeskit/aeskit.hpp"

namespace {

using Bytes = std::vector<std::uint8_t>;
using nlohmann::json;

int g_checks = 0;
int g_failures = 0;

void expect(bool ok, const std::string& what) {
  ++g_checks;
  if (!ok && ++g_failures <= 50) std::printf("FAIL: %s\n", what.c_str());
}

Bytes hex(const json& v) {
  const std::string s = v.get<std::string>();
  Bytes out(s.size() / 2);
  for (std::size_t i = 0; i < out.size(); ++i)
    out[i] = static_cast<std::uint8_t>(std::stoi(s.substr(2 * i, 2), nullptr, 16));
  return out;
}

bool load(const std::string& name, json& out) {
  const char* dir = std::getenv("AESKIT_VECTORS_DIR");
  const std::string path = std::string(dir ? dir : "../shared/vectors") + "/wycheproof/" + name;
  std::ifstream f(path);
  expect(f.good(), "vector file " + path + " is readable");
  if (!f.good()) return false;
  out = json::parse(f);
  return true;
}

// aead_file: `family` is "GCM", "CCM", "EAX", "GCM-SIV" or "SIV" (AES-<bits>-<family>; the SIV
// file's key sizes are the double-length keys).
void aead_file(const std::string& file, const std::string& family) {
  json doc;
  if (!load(file, doc)) return;
  int run = 0;
  for (const json& group : doc["testGroups"]) {
    std::size_t bits = group["keySize"].get<std::size_t>();
    if (family == "SIV") bits /= 2;
    const auto* alg = aeskit::aead::find("AES-" + std::to_string(bits) + "-" + family);
    if (alg == nullptr) continue;  // e.g. AES-192-GCM-SIV: not an algorithm aeskit has
    const std::size_t tag_len = group["tagSize"].get<std::size_t>() / 8;
    for (const json& t : group["tests"]) {
      const std::string what = file + " #" + std::to_string(t["tcId"].get<int>());
      const std::string result = t["result"].get<std::string>();
      const Bytes key = hex(t["key"]), iv = hex(t["iv"]), aad = hex(t["aad"]), msg = hex(t["msg"]);
      // ct || tag, except SIV's V || C (RFC 5297: the synthetic IV first).
      Bytes sealed = hex(t["ct"]);
      const Bytes tag = hex(t["tag"]);
      if (family == "SIV")
        sealed.insert(sealed.begin(), tag.begin(), tag.end());
      else
        sealed.insert(sealed.end(), tag.begin(), tag.end());
      auto k = aeskit::AeadKey::create(*alg, key, tag_len);
      ++run;
      if (!k.ok()) {
        expect(result != "valid", what + ": a valid record's key/tag length is accepted");
        continue;
      }
      Bytes opened(sealed.size());
      auto o = k->open(iv, aad, sealed, opened);
      if (result == "valid") {
        Bytes out(msg.size() + k->tag_length());
        auto s = k->seal(iv, aad, msg, out);
        expect(s.ok() && out == sealed, what + ": seal gives the file's ct || tag");
        expect(o.ok() && *o == msg.size() && Bytes(opened.begin(), opened.begin() + *o) == msg,
               what + ": open gives the message");
      } else if (result == "invalid") {
        expect(!o.ok(), what + ": open rejects it");
      } else if (o.ok()) {
        expect(Bytes(opened.begin(), opened.begin() + *o) == msg,
               what + ": acceptable opens to msg");
      }
    }
  }
  expect(run > 0, file + ": records ran");
  std::printf("%s: %d records\n", file.c_str(), run);
}

void xts_file() {
  json doc;
  if (!load("aes_xts_test.json", doc)) return;
  int run = 0;
  for (const json& group : doc["testGroups"]) {
    for (const json& t : group["tests"]) {
      const std::string what = "aes_xts_test.json #" + std::to_string(t["tcId"].get<int>());
      const Bytes key = hex(t["key"]), msg = hex(t["msg"]), ct = hex(t["ct"]);
      Bytes iv = hex(t["iv"]);  // the tweak's first bytes, zero-padded to 16 (as tests/xts)
      iv.resize(16, 0);
      auto k = aeskit::XtsKey::create(key);
      ++run;
      Bytes out(msg.size()), back(msg.size());
      const bool enc = k.ok() && k->encrypt(iv, msg, out).ok();
      if (t["result"] == "valid") {
        expect(enc && out == ct, what + ": encrypt gives ct");
        expect(k.ok() && k->decrypt(iv, ct, back).ok() && back == msg, what + ": decrypt");
      } else if (t["result"] == "invalid") {
        expect(!enc || out != ct, what + ": rejected");
      }
    }
  }
  std::printf("aes_xts_test.json: %d records\n", run);
}

// mac_file: CMAC (alg empty) or HMAC with `alg`; tags truncated to tagSize bits.
void mac_file(const std::string& file, const aeskit::HashAlgorithm* alg) {
  json doc;
  if (!load(file, doc)) return;
  int run = 0;
  for (const json& group : doc["testGroups"]) {
    const std::size_t tag_len = group["tagSize"].get<std::size_t>() / 8;
    for (const json& t : group["tests"]) {
      const std::string what = file + " #" + std::to_string(t["tcId"].get<int>());
      const Bytes key = hex(t["key"]), msg = hex(t["msg"]), tag = hex(t["tag"]);
      Bytes full(64);
      bool ok = false;
      if (alg == nullptr) {
        auto c = aeskit::Cmac::create(key);
        ok = c.ok() && c->compute(msg, full).ok();
        full.resize(16);
      } else {
        auto h = aeskit::Hmac::create(*alg, key);
        full.resize(aeskit::digest_length(*alg));
        ok = h.ok() && h->update(msg).ok() && h->finish(full).ok();
      }
      ++run;
      const bool match = ok && tag.size() == tag_len && tag_len <= full.size() &&
                         Bytes(full.begin(), full.begin() + tag_len) == tag;
      if (t["result"] == "valid") expect(match, what + ": tag");
      if (t["result"] == "invalid") expect(!match, what + ": rejected");
    }
  }
  std::printf("%s: %d records\n", file.c_str(), run);
}

void hkdf_file(const std::string& file, aeskit::HashAlgorithm alg) {
  json doc;
  if (!load(file, doc)) return;
  int run = 0;
  for (const json& group : doc["testGroups"]) {
    for (const json& t : group["tests"]) {
      const std::string what = file + " #" + std::to_string(t["tcId"].get<int>());
      const Bytes ikm = hex(t["ikm"]), salt = hex(t["salt"]), info = hex(t["info"]),
                  okm = hex(t["okm"]);
      Bytes out(t["size"].get<std::size_t>());
      const bool ok = aeskit::hkdf(alg, ikm, salt, info, out).ok();
      ++run;
      if (t["result"] == "valid") expect(ok && out == okm, what + ": okm");
      if (t["result"] == "invalid") expect(!ok || out != okm, what + ": rejected");
    }
  }
  std::printf("%s: %d records\n", file.c_str(), run);
}

}  // namespace

int main() {
  std::printf("default backend: %s\n", std::string(aeskit::default_backend()).c_str());
  const char* dir = std::getenv("AESKIT_VECTORS_DIR");
  const std::string wycheproof = std::string(dir ? dir : "../shared/vectors") + "/wycheproof";
  const char* require = std::getenv("AESKIT_REQUIRE_VECTORS");
  if (!std::filesystem::is_directory(wycheproof) &&
      !(require != nullptr && std::string(require) == "1")) {
    std::printf("SKIPPED: no vectors folder %s (set AESKIT_VECTORS_DIR; see tests/README.md)\n",
                wycheproof.c_str());
    return 77;
  }
  aead_file("aes_gcm_test.json", "GCM");
  aead_file("aes_ccm_test.json", "CCM");
  aead_file("aes_eax_test.json", "EAX");
  aead_file("aes_gcm_siv_test.json", "GCM-SIV");
  aead_file("aead_aes_siv_cmac_test.json", "SIV");
  xts_file();
  mac_file("aes_cmac_test.json", nullptr);
  const aeskit::HashAlgorithm sha1 = aeskit::HashAlgorithm::sha1;
  const aeskit::HashAlgorithm sha256 = aeskit::HashAlgorithm::sha256;
  const aeskit::HashAlgorithm sha512 = aeskit::HashAlgorithm::sha512;
  mac_file("hmac_sha1_test.json", &sha1);
  mac_file("hmac_sha256_test.json", &sha256);
  mac_file("hmac_sha512_test.json", &sha512);
  hkdf_file("hkdf_sha256_test.json", sha256);
  hkdf_file("hkdf_sha512_test.json", sha512);
  std::printf("%d checks, %d failures\n", g_checks, g_failures);
  return g_failures == 0 ? 0 : 1;
}
