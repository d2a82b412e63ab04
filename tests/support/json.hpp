// tests/support/json.hpp — reading a JSON vector file (Wycheproof) located with
// AESKIT_LOCATE_VECTOR, and walking its test records. No vectors here.
#pragma once

#include <filesystem>
#include <string>
#include <type_traits>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/hex.hpp"
#include "support/vectors.hpp"

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

// hex_field: a hex string field of a record, decoded.
Bytes hex_field(const nlohmann::json& test, const char* field);

// for_each_wycheproof_test calls fn(group, test) (or fn(test), where fn takes one argument) for
// every record of every test group of a Wycheproof file, each under
// SCOPED_TRACE("tcId <id> (<comment>)"). Like the loops it replaces, it stops at the record
// where a fatal failure happened.
template <class Fn>
void for_each_wycheproof_test(const nlohmann::json& doc, Fn&& fn) {
  for (const auto& group : doc.at("testGroups")) {
    for (const auto& test : group.at("tests")) {
      SCOPED_TRACE("tcId " + std::to_string(test.at("tcId").get<int>()) + " (" +
                   test.value("comment", std::string()) + ")");
      if constexpr (std::is_invocable_v<Fn&, const nlohmann::json&>)
        fn(test);
      else
        fn(group, test);
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
}

}  // namespace aeskit_test

// AESKIT_LOAD_VECTOR_JSON(doc, "wycheproof/aes_gcm_test.json") declares `doc` as the parsed
// file, or skips / fails the current test as AESKIT_LOCATE_VECTOR does when it is missing.
#define AESKIT_LOAD_VECTOR_JSON(doc, relative) \
  AESKIT_LOCATE_VECTOR(doc##_path_, relative); \
  const nlohmann::json doc = ::aeskit_test::load_json(doc##_path_)
