// tests/support/json.hpp — reading a JSON vector file (Wycheproof) once it has been located
// with AESKIT_LOCATE_VECTOR. No vectors here.
#pragma once

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "support/hex.hpp"

namespace aeskit_test {

// load_json: the parsed file; throws (the test fails with the message) when it cannot be read
// or parsed.
nlohmann::json load_json(const std::filesystem::path& path);

// WycheproofAead: one record of a Wycheproof AEAD file (aes_gcm, aes_ccm, aes_eax,
// aes_gcm_siv, ...): the hex fields decoded.
struct WycheproofAead {
  int id = 0;
  std::string comment, result;  // result: "valid", "invalid" or "acceptable"
  Bytes key, iv, aad, msg, ct, tag;
  Bytes sealed() const;  // ct || tag
};
WycheproofAead wycheproof_aead(const nlohmann::json& test);

}  // namespace aeskit_test
