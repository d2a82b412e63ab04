// tests/block_modes/kat_cavp_test.cpp — NIST CAVP known answers for CBC and CTR on every backend.
// Vectors: ../shared/vectors/nist_cavp/aes_{128,192,256}_{cbc,ctr}.txt (CAVP AESAVS
// GFSbox, KeySbox, VarKey and VarTxt sets, see that folder's README.md). Every record is
// run in its Operation's direction; CTR records (one block each) are run as both ctr128
// and ctr32, which agree on a single block.
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "aeskit/aeskit.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/names.hpp"
#include "support/run_modes.hpp"
#include "support/vectors.hpp"

namespace {

using namespace aeskit_test::names;

using Record = std::map<std::string, std::string>;

// parse_records reads "Name: value" lines; a blank line ends a record; '#' lines are comments.
std::vector<Record> parse_records(std::istream& in) {
  std::vector<Record> records;
  Record current;
  std::string line;
  auto flush = [&] {
    if (!current.empty()) records.push_back(std::move(current));
    current.clear();
  };
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) {
      flush();
      continue;
    }
    if (line[0] == '#') continue;
    const auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string value = line.substr(colon + 1);
    value.erase(0, value.find_first_not_of(' '));
    current[line.substr(0, colon)] = value;
  }
  flush();
  return records;
}

struct CavpParam {
  std::string backend;
  std::string file;  // e.g. "aes_128_cbc"
  friend void PrintTo(const CavpParam& p, std::ostream* os) { *os << p.backend << " " << p.file; }
};

std::vector<CavpParam> all_params() {
  std::vector<CavpParam> params;
  for (const std::string& b : aeskit_test::backend_names())
    for (const char* bits : {"128", "192", "256"})
      for (const char* mode : {"cbc", "ctr"})
        params.push_back({b, std::string("aes_") + bits + "_" + mode});
  return params;
}

class Cavp : public testing::TestWithParam<CavpParam> {};

TEST_P(Cavp, EveryRecord) {
  const CavpParam& p = GetParam();
  AESKIT_SKIP_UNAVAILABLE(p.backend);
  AESKIT_LOCATE_VECTOR(path, "nist_cavp/" + p.file + ".txt");
  std::ifstream file(path);
  ASSERT_TRUE(file) << "cannot open " << path;
  const std::vector<Record> records = parse_records(file);
  ASSERT_GT(records.size(), 100u) << "suspiciously few records parsed from " << path;

  const bool ctr = p.file.ends_with("ctr");
  const std::size_t key_bytes = std::stoul(p.file.substr(4, 3)) / 8;
  const std::string cipher_name = "AES-" + p.file.substr(4, 3) + (ctr ? "-CTR" : "-CBC");
  std::size_t checked = 0;
  for (std::size_t i = 0; i < records.size(); ++i) {
    const Record& r = records[i];
    SCOPED_TRACE(path.string() + " record #" + std::to_string(i));
    for (const char* field : {"Cipher", "Operation", "Key", "IV", "Plaintext", "Ciphertext"})
      ASSERT_EQ(r.count(field), 1u) << "missing field " << field;
    ASSERT_EQ(r.at("Cipher"), cipher_name);
    const std::string& op = r.at("Operation");
    ASSERT_TRUE(op == "ENCRYPT" || op == "DECRYPT") << op;
    const Direction dir = op == "ENCRYPT" ? Direction::encrypt : Direction::decrypt;
    const Bytes key_bytes_v = from_hex(r.at("Key"));
    ASSERT_EQ(key_bytes_v.size(), key_bytes);
    const Bytes iv = from_hex(r.at("IV"));
    const Bytes pt = from_hex(r.at("Plaintext"));
    const Bytes ct = from_hex(r.at("Ciphertext"));
    aeskit::AesKey key;
    ASSERT_NO_FATAL_FAILURE(aeskit_test::make_key(key_bytes_v, p.backend, key));
    const Bytes& in = dir == Direction::encrypt ? pt : ct;
    const Bytes& expect = dir == Direction::encrypt ? ct : pt;
    const std::vector<Mode> modes =
        ctr ? std::vector<Mode>{Mode::ctr128, Mode::ctr32} : std::vector<Mode>{Mode::cbc};
    for (Mode m : modes) {
      auto got = aeskit_test::one_shot(key, m, dir, iv, in);
      ASSERT_EQ(got.code, aeskit::Errc::ok) << aeskit_test::mode_label(m);
      EXPECT_EQ(to_hex(got.out), to_hex(expect)) << aeskit_test::mode_label(m) << " " << op;
      ++checked;
    }
  }
  RecordProperty("records_checked", static_cast<int>(checked));
}

INSTANTIATE_TEST_SUITE_P(Backends, Cavp, testing::ValuesIn(all_params()),
                         [](const testing::TestParamInfo<CavpParam>& param_info) {
                           return aeskit_test::identifier(param_info.param.backend) + "_" +
                                  param_info.param.file;
                         });

}  // namespace
