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

}  // namespace aeskit_test
