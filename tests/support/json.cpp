// tests/support/json.cpp — see json.hpp.
#include "support/json.hpp"

#include <fstream>
#include <stdexcept>

namespace aeskit_test {

nlohmann::json load_json(const std::filesystem::path& path) {
  std::ifstream file(path);
  if (!file) throw std::runtime_error("cannot open " + path.string());
  return nlohmann::json::parse(file);
}

Bytes hex_field(const nlohmann::json& test, const char* field) {
  return from_hex(test.at(field).get<std::string>());
}

WycheproofAead wycheproof_aead(const nlohmann::json& test) {
  auto hex = [&](const char* field) { return hex_field(test, field); };
  return {test.at("tcId").get<int>(),
          test.at("comment").get<std::string>(),
          test.at("result").get<std::string>(),
          hex("key"),
          hex("iv"),
          hex("aad"),
          hex("msg"),
          hex("ct"),
          hex("tag")};
}

Bytes WycheproofAead::sealed() const {
  Bytes out = ct;
  out.insert(out.end(), tag.begin(), tag.end());
  return out;
}

}  // namespace aeskit_test
