// tests/support/json.hpp — reading a JSON vector file (Wycheproof) once it has been located
// with AESKIT_LOCATE_VECTOR. No vectors here.
#pragma once

#include <filesystem>

#include <nlohmann/json.hpp>

namespace aeskit_test {

// load_json: the parsed file; throws (the test fails with the message) when it cannot be read
// or parsed.
nlohmann::json load_json(const std::filesystem::path& path);

}  // namespace aeskit_test
