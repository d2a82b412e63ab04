// tests/mac/mac_cmac_test.cpp — AES-CMAC (aeskit::Cmac): RFC 4493 §4 examples and the SP 800-38B
// App. D AES-192/256 empty-message examples; every record of the NIST CAVP CMAC files
// (aes_{128,192,256}_cmac.txt: Tlen-byte tags, Result P must verify, F must not); every
// record of Wycheproof aes_cmac_test.json (valid computed and verified, invalid rejected,
// bad key sizes refused at creation); incremental updates with random splits; random keys
// and lengths against OpenSSL (EVP_MAC CMAC) and libgcrypt (GCRY_MAC_CMAC_AES); every
// backend against portable; the API contract.
#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

#include "mac/cmac_core.hpp"
#include "mac_support.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/json.hpp"
#include "support/names.hpp"
#include "support/rng.hpp"
#include "support/vectors.hpp"

namespace {

using namespace aeskit_test::names;
using aeskit::Cmac;
using aeskit_test::hex_field;

Bytes tag_of(const Cmac& mac, const Bytes& msg) {
  Bytes tag(mac.tag_length());
  EXPECT_TRUE(mac.compute(msg, tag).ok());
  return tag;
}

Cmac make(const Bytes& key, std::string_view backend = {}, std::size_t tag_len = 16) {
  auto mac = Cmac::create(key, tag_len, backend);
  EXPECT_TRUE(mac.ok()) << mac.message();
  return mac.ok() ? std::move(mac).value() : Cmac();
}

const char* kRfcKey = "2b7e151628aed2a6abf7158809cf4f3c";
const char* kRfcMsg =
    "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
    "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710";

TEST(CmacKat, Rfc4493SubkeysAndExamples) {
  const Bytes key = from_hex(kRfcKey);
  const Bytes msg = from_hex(kRfcMsg);
  for (const std::string& backend : aeskit_test::backend_names()) {
    if (!aeskit_test::backend_available(backend)) continue;
    SCOPED_TRACE(backend);
    auto aes = aeskit::AesKey::create(key, backend);
    ASSERT_TRUE(aes.ok());
    aeskit::detail::cmac::Subkeys sub;
    aeskit::detail::cmac::derive_subkeys(*aeskit::detail::KeyAccess::state(*aes), sub);
    EXPECT_EQ(to_hex({sub.k1, 16}), "fbeed618357133667c85e08f7236a8de");
    EXPECT_EQ(to_hex({sub.k2, 16}), "f7ddac306ae266ccf90bc11ee46d513b");
    const Cmac mac = make(key, backend);
    const std::pair<std::size_t, const char*> examples[] = {
        {0, "bb1d6929e95937287fa37d129b756746"},
        {16, "070a16b46b4d4144f79bdd9dd04a287c"},
        {40, "dfa66747de9ae63030ca32611497c827"},
        {64, "51f0bebf7e3b9d92fc49741779363cfe"}};
    for (const auto& [len, tag] : examples) {
      const Bytes m(msg.begin(), msg.begin() + static_cast<std::ptrdiff_t>(len));
      EXPECT_EQ(to_hex(tag_of(mac, m)), tag) << "Mlen " << len;
      EXPECT_TRUE(mac.verify(m, from_hex(tag)).ok());
    }
  }
}

TEST(CmacKat, Sp800_38bEmptyMessageAes192And256) {
  EXPECT_EQ(to_hex(tag_of(make(from_hex("8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b")), {})),
            "d17ddf46adaacde531cac483de7a9367");
  EXPECT_EQ(
      to_hex(tag_of(
          make(from_hex("603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4")), {})),
      "028962f61b7bf89efc6b551f4667d983");
}

// One CAVP record: the fields of "Name = value" lines up to a blank line.
using Record = std::map<std::string, std::string>;

std::vector<Record> read_cavp(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::vector<Record> records;
  Record current;
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#' || line[0] == '[') {
      if (current.count("Count") != 0 && current.count("Mac") != 0) records.push_back(current);
      if (line.empty() || line[0] == '[') current.clear();
      continue;
    }
    const auto eq = line.find('=');
    if (eq == std::string::npos) continue;
    auto trim = [](std::string s) {
      while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.pop_back();
      while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.erase(0, 1);
      return s;
    };
    current[trim(line.substr(0, eq))] = trim(line.substr(eq + 1));
  }
  if (current.count("Count") != 0 && current.count("Mac") != 0) records.push_back(current);
  return records;
}

class CmacCavp : public testing::TestWithParam<int> {};

TEST_P(CmacCavp, EveryRecord) {
  const std::string name = "nist_cavp/aes_" + std::to_string(GetParam()) + "_cmac.txt";
  AESKIT_LOCATE_VECTOR(path, name);
  const std::vector<Record> records = read_cavp(path);
  ASSERT_GE(records.size(), 200u);
  std::size_t pass = 0, fail = 0;
  for (const Record& r : records) {
    SCOPED_TRACE("Count " + r.at("Count"));
    const Bytes key = from_hex(r.at("Key"));
    ASSERT_EQ(key.size() * 8, static_cast<std::size_t>(GetParam()));
    const std::size_t mlen = std::stoul(r.at("Mlen"));
    const std::size_t tlen = std::stoul(r.at("Tlen"));
    Bytes msg = from_hex(r.at("Msg"));
    ASSERT_GE(msg.size(), mlen);
    msg.resize(mlen);
    const Bytes mac_value = from_hex(r.at("Mac"));
    ASSERT_EQ(mac_value.size(), tlen);
    const Cmac mac = make(key, {}, tlen);
    const bool expect_pass = r.count("Result") == 0 || r.at("Result").rfind("P", 0) == 0;
    if (expect_pass) {
      ++pass;
      EXPECT_EQ(to_hex(tag_of(mac, msg)), to_hex(mac_value));
      EXPECT_TRUE(mac.verify(msg, mac_value).ok());
    } else {
      ++fail;
      EXPECT_EQ(mac.verify(msg, mac_value).code(), Errc::authentication_failed);
      EXPECT_NE(to_hex(tag_of(mac, msg)), to_hex(mac_value));
    }
  }
  EXPECT_GT(pass, 0u);
  EXPECT_GT(fail, 0u);
  std::cout << "[   INFO   ] " << records.size() << " records: " << pass << " P, " << fail
            << " F\n";
}

INSTANTIATE_TEST_SUITE_P(KeySizes, CmacCavp, testing::Values(128, 192, 256));

TEST(CmacWycheproof, EveryRecord) {
  AESKIT_LOAD_VECTOR_JSON(doc, "wycheproof/aes_cmac_test.json");
  std::size_t valid = 0, invalid = 0;
  aeskit_test::for_each_wycheproof_test(
      doc, [&](const nlohmann::json& group, const nlohmann::json& t) {
        const std::size_t key_bits = group.at("keySize").get<std::size_t>();
        const std::size_t tag_len = group.at("tagSize").get<std::size_t>() / 8;
        const Bytes key = hex_field(t, "key");
        const Bytes msg = hex_field(t, "msg");
        const Bytes tag = hex_field(t, "tag");
        const bool is_valid = t.at("result") == "valid";
        ASSERT_NE(t.at("result"), "acceptable");
        is_valid ? ++valid : ++invalid;
        auto mac = Cmac::create(key, tag_len);
        if (key_bits != 128 && key_bits != 192 && key_bits != 256) {
          ASSERT_FALSE(is_valid);
          EXPECT_EQ(mac.code(), Errc::bad_key_length);
          return;
        }
        ASSERT_TRUE(mac.ok());
        if (is_valid) {
          EXPECT_EQ(to_hex(tag_of(*mac, msg)), to_hex(tag));
          EXPECT_TRUE(mac->verify(msg, tag).ok());
        } else {
          EXPECT_EQ(mac->verify(msg, tag).code(), Errc::authentication_failed);
        }
      });
  EXPECT_EQ(valid + invalid, doc.at("numberOfTests").get<std::size_t>());
}

TEST(CmacIncremental, RandomSplitsEqualOneShot) {
  aeskit_test::TestRng rng;
  for (std::size_t key_len : aeskit_test::kKeySizes) {
    Cmac mac = make(rng.bytes(key_len));
    for (int iter = 0; iter < 300; ++iter) {
      const std::size_t len = iter < 100 ? static_cast<std::size_t>(iter) : rng.between(0, 3000);
      const Bytes msg = rng.bytes(len);
      const Bytes expected = tag_of(mac, msg);
      std::size_t at = 0;
      while (at < len) {
        const std::size_t piece = rng.coin() ? rng.between(0, 17) : rng.between(0, len - at);
        const std::size_t n = std::min(piece, len - at);
        ASSERT_TRUE(mac.update(std::span<const std::uint8_t>(msg.data() + at, n)).ok());
        at += n;
      }
      if (rng.coin()) {
        Bytes tag(16);
        ASSERT_TRUE(mac.finish(tag).ok());
        EXPECT_EQ(to_hex(tag), to_hex(expected)) << "len " << len;
      } else {
        EXPECT_TRUE(mac.verify(expected).ok()) << "len " << len;
      }
      ASSERT_TRUE(mac.reset().ok());
    }
  }
}

// Copies fork the incremental message: each copy finishes with the tag of its own
// continuation; the original is untouched by what the copy absorbs.
TEST(CmacIncremental, CopiesContinueIndependently) {
  aeskit_test::TestRng rng;
  for (std::size_t key_len : aeskit_test::kKeySizes) {
    Cmac mac = make(rng.bytes(key_len));
    for (int iter = 0; iter < 100; ++iter) {
      const Bytes a = rng.bytes(rng.between(0, 70)), b = rng.bytes(rng.between(0, 70)),
                  c = rng.bytes(rng.between(0, 70));
      ASSERT_TRUE(mac.update(a).ok());
      Cmac fork(mac);
      Cmac assigned;
      assigned = mac;
      ASSERT_TRUE(mac.update(b).ok());
      ASSERT_TRUE(fork.update(c).ok());
      Bytes ab = a, ac = a;
      ab.insert(ab.end(), b.begin(), b.end());
      ac.insert(ac.end(), c.begin(), c.end());
      Bytes t1(16), t2(16), t3(16);
      ASSERT_TRUE(mac.finish(t1).ok());
      ASSERT_TRUE(fork.finish(t2).ok());
      ASSERT_TRUE(assigned.finish(t3).ok());
      EXPECT_EQ(to_hex(t1), to_hex(tag_of(mac, ab)));
      EXPECT_EQ(to_hex(t2), to_hex(tag_of(mac, ac)));
      EXPECT_EQ(to_hex(t3), to_hex(tag_of(mac, a)));
      Cmac finished(fork);  // a copy of a finished message is finished
      EXPECT_FALSE(finished.update(a).ok());
      ASSERT_TRUE(mac.reset().ok());
    }
  }
  Cmac empty;
  Cmac copy(empty);
  EXPECT_FALSE(copy.valid());
}

TEST(CmacDifferential, OpensslAndLibgcrypt) {
  aeskit_test::TestRng rng;
  for (std::size_t key_len : aeskit_test::kKeySizes) {
    for (int iter = 0; iter < 400; ++iter) {
      const Bytes key = rng.bytes(key_len);
      const std::size_t len = iter < 200 ? static_cast<std::size_t>(iter) : rng.between(0, 70000);
      const Bytes msg = rng.bytes(len);
      const std::string expected = to_hex(aeskit_test::macref::openssl_cmac(key, msg));
      ASSERT_EQ(to_hex(aeskit_test::macref::gcrypt_cmac(key, msg)), expected);
      ASSERT_EQ(to_hex(tag_of(make(key), msg)), expected) << "len " << len;
      // Truncated tags are the prefix; an offset message gives the same tag.
      const std::size_t tlen = rng.between(Cmac::kMinTagLength, 16);
      EXPECT_EQ(to_hex(tag_of(make(key, {}, tlen), msg)), expected.substr(0, 2 * tlen));
      Bytes shifted(len + 15);
      const std::size_t off = rng.between(1, 15);
      if (len) std::memcpy(shifted.data() + off, msg.data(), len);
      EXPECT_EQ(to_hex(tag_of(make(key),
                              Bytes(shifted.begin() + static_cast<std::ptrdiff_t>(off),
                                    shifted.begin() + static_cast<std::ptrdiff_t>(off + len)))),
                expected);
    }
  }
}

class CmacBackends : public testing::TestWithParam<std::string> {};

TEST_P(CmacBackends, MatchesPortable) {
  AESKIT_SKIP_UNAVAILABLE(GetParam());
  aeskit_test::TestRng rng;
  for (std::size_t key_len : aeskit_test::kKeySizes) {
    const Bytes key = rng.bytes(key_len);
    const Cmac mine = make(key, GetParam());
    const Cmac portable = make(key, "portable");
    EXPECT_EQ(mine.backend_name(), GetParam());
    for (std::size_t len = 0; len < 16 * 40 + 17; ++len) {
      const Bytes msg = rng.bytes(len);
      ASSERT_EQ(to_hex(tag_of(mine, msg)), to_hex(tag_of(portable, msg))) << "len " << len;
    }
    for (int i = 0; i < 10; ++i) {
      const Bytes msg = rng.bytes(rng.between(1000, 50000));
      ASSERT_EQ(to_hex(tag_of(mine, msg)), to_hex(tag_of(portable, msg)));
    }
  }
}

INSTANTIATE_TEST_SUITE_P(All, CmacBackends, testing::ValuesIn(aeskit_test::backend_names()),
                         aeskit_test::backend_param_name);

TEST(CmacApi, Errors) {
  const Bytes key(16, 7);
  for (std::size_t bad : {0, 1, 15, 17, 23, 25, 31, 33, 64})
    EXPECT_EQ(Cmac::create(Bytes(bad, 1)).code(), Errc::bad_key_length) << bad;
  for (std::size_t bad : {0, 1, 3, 17, 32})
    EXPECT_EQ(Cmac::create(key, bad).code(), Errc::bad_tag_length) << bad;
  EXPECT_EQ(Cmac::create(key, 16, "no-such-backend").code(), Errc::unknown_backend);
  for (std::size_t ok = 4; ok <= 16; ++ok) EXPECT_TRUE(Cmac::create(key, ok).ok());

  Cmac mac = make(key, {}, 12);
  EXPECT_EQ(mac.tag_length(), 12u);
  EXPECT_FALSE(mac.kernel().empty());
  const Bytes msg(40, 3);
  Bytes small(11, 0xee);
  EXPECT_EQ(mac.compute(msg, small).code(), Errc::output_too_small);
  EXPECT_EQ(small, Bytes(11, 0xee));  // nothing written
  Bytes big(20, 0xee);
  ASSERT_TRUE(mac.compute(msg, big).ok());
  EXPECT_EQ(Bytes(big.begin() + 12, big.end()), Bytes(8, 0xee));  // only tag_length() bytes
  const Bytes tag(big.begin(), big.begin() + 12);
  EXPECT_TRUE(mac.verify(msg, tag).ok());
  EXPECT_EQ(mac.verify(msg, Bytes(big.begin(), big.begin() + 11)).code(),
            Errc::authentication_failed);
  EXPECT_EQ(mac.verify(msg, big).code(), Errc::authentication_failed);  // 20 bytes
  // Every single-bit change of tag and message is rejected.
  for (std::size_t bit = 0; bit < tag.size() * 8; ++bit) {
    Bytes t = tag;
    t[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
    EXPECT_EQ(mac.verify(msg, t).code(), Errc::authentication_failed);
  }
  for (std::size_t bit = 0; bit < msg.size() * 8; ++bit) {
    Bytes m = msg;
    m[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
    EXPECT_EQ(mac.verify(m, tag).code(), Errc::authentication_failed);
  }
  // Tag written over the message it authenticates (allowed: the message is read first).
  Bytes in_place = msg;
  ASSERT_TRUE(mac.compute(in_place, in_place).ok());
  EXPECT_EQ(Bytes(in_place.begin(), in_place.begin() + 12), tag);

  // Incremental state.
  ASSERT_TRUE(mac.update(msg).ok());
  EXPECT_EQ(mac.finish(small).code(), Errc::output_too_small);  // still unfinished
  ASSERT_TRUE(mac.finish(big).ok());
  EXPECT_EQ(Bytes(big.begin(), big.begin() + 12), tag);
  EXPECT_EQ(mac.update(msg).code(), Errc::invalid_state);
  EXPECT_EQ(mac.finish(big).code(), Errc::invalid_state);
  EXPECT_EQ(mac.verify(tag).code(), Errc::invalid_state);
  ASSERT_TRUE(mac.reset().ok());
  ASSERT_TRUE(mac.update(msg).ok());
  EXPECT_EQ(mac.verify(Bytes(12, 0)).code(), Errc::authentication_failed);
  ASSERT_TRUE(mac.reset().ok());

  Cmac moved = std::move(mac);
  EXPECT_TRUE(moved.valid());
  EXPECT_FALSE(mac.valid());  // NOLINT(bugprone-use-after-move): moved-from is empty
  Cmac empty;
  EXPECT_EQ(empty.tag_length(), 0u);
  EXPECT_EQ(empty.compute(msg, big).code(), Errc::invalid_state);
  EXPECT_EQ(empty.verify(msg, tag).code(), Errc::invalid_state);
  EXPECT_EQ(empty.update(msg).code(), Errc::invalid_state);
  EXPECT_EQ(empty.finish(big).code(), Errc::invalid_state);
  EXPECT_EQ(empty.verify(tag).code(), Errc::invalid_state);
  EXPECT_EQ(empty.reset().code(), Errc::invalid_state);
}

}  // namespace
