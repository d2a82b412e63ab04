// tests/support/backends.cpp — backend parameters and key helpers. No vectors here.
#include "support/backends.hpp"

namespace aeskit {

void PrintTo(Errc code, std::ostream* os) {
  *os << errc_message(code) << " (" << static_cast<int>(code) << ")";
}

void PrintTo(Mode mode, std::ostream* os) {
  *os << mode_name(mode);
}

}  // namespace aeskit

namespace aeskit_test {

std::vector<std::string> backend_names() {
  std::vector<std::string> names;
  for (const aeskit::BackendInfo& info : aeskit::backends()) names.emplace_back(info.name);
  return names;
}

bool backend_available(std::string_view name) {
  for (const aeskit::BackendInfo& info : aeskit::backends())
    if (info.name == name) return info.available;
  return false;
}

std::string identifier(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))) c = '_';
  return out;
}

std::string backend_param_name(const testing::TestParamInfo<std::string>& info) {
  return identifier(info.param);
}

void make_key(std::span<const std::uint8_t> key, std::string_view backend, aeskit::AesKey& out) {
  auto created = aeskit::AesKey::create(key, backend);
  ASSERT_TRUE(created.ok()) << "AesKey::create(" << key.size() << " bytes, '" << backend
                            << "') failed: " << created.message();
  out = std::move(created).value();
  ASSERT_EQ(out.key_bits(), key.size() * 8);
  if (!backend.empty()) {
    ASSERT_EQ(out.backend_name(), backend);
  }
}

}  // namespace aeskit_test
