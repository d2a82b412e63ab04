// tests/cli/cli_first_contact_test.cpp — the tool as a new user meets it (issue 37): `aeskit
// --version` / `-V` / `version` print the library's version and the default backend (and fail
// on a full disk), a mistyped algorithm gets the nearest name, and `aeskit cpu` lists this
// architecture's features only, with the vector width the AES kernels really have.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "aeskit/aeskit.hpp"
#include "cli_support.hpp"

namespace {

using aeskit_test::cli::Child;

bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

class CliFirstContact : public aeskit_test::cli::CliTest {};

TEST_F(CliFirstContact, VersionInEveryUsualSpelling) {
  std::string want("aeskit ");
  want.append(AESKIT_VERSION_STRING)
      .append(" (default backend: ")
      .append(aeskit::default_backend())
      .append(")\n");
  for (const char* spelling : {"--version", "-V", "version"}) {
    SCOPED_TRACE(spelling);
    const Child c = run({spelling}, {}, {.path = "out"});
    EXPECT_EQ(c.code(), 0) << c.err;
    EXPECT_EQ(read_text(path("out")), want);
    const Child full = run({spelling}, {}, {.path = "/dev/full"});
    EXPECT_NE(full.code(), 0) << "a version nobody could read reported success";
  }
  const Child h = run({"--help"}, {}, {.path = "help"});
  EXPECT_TRUE(contains(read_text(path("help")), "--version"));
}

TEST_F(CliFirstContact, MistypedAlgorithmGetsTheNearestName) {
  const Child gcm = run({"enc", "-a", "aes-128-gmc", "-K", std::string(32, '0')});
  EXPECT_EQ(gcm.code(), 2);
  EXPECT_TRUE(contains(gcm.err, "did you mean aes-128-gcm?")) << gcm.err;
  const Child cbc = run({"enc", "-a", "aes-128-cbx", "-K", std::string(32, '0')});
  EXPECT_EQ(cbc.code(), 2);
  EXPECT_TRUE(contains(cbc.err, "did you mean aes-128-cbc?")) << cbc.err;
  const Child far = run({"enc", "-a", "chacha20-poly1305", "-K", std::string(32, '0')});
  EXPECT_EQ(far.code(), 2);
  EXPECT_FALSE(contains(far.err, "did you mean")) << far.err;
  EXPECT_TRUE(contains(far.err, "--list")) << far.err;
}

TEST_F(CliFirstContact, CpuListsThisArchitectureOnly) {
  const Child c = run({"cpu"}, {}, {.path = "cpu"});
  ASSERT_EQ(c.code(), 0) << c.err;
  const std::string text = read_text(path("cpu"));
  const aeskit::CpuReport r = aeskit::cpu_report();
  for (const auto& f : r.features) {
    EXPECT_TRUE(contains(text, std::string(" ").append(f.name))) << f.name;
  }
#if defined(__x86_64__)
  EXPECT_FALSE(contains(text, "neon")) << text;
  EXPECT_FALSE(contains(text, "pmull")) << text;
  // (Appends only: GCC 12 warns, wrongly, about "literal" + std::string temporaries.)
  std::string width("vector width: up to ");
  width.append(std::to_string(r.vector_bits)).append("-bit");
  EXPECT_TRUE(contains(text, width)) << text;
#endif
  const bool vaes = [&] {
    for (const auto& f : r.features)
      if (f.name == "vaes") return f.enabled;
    return false;
  }();
  if (!vaes) {
    EXPECT_EQ(r.vector_bits, 128u) << "no VAES: the AES kernels are 128-bit";
  }
}

}  // namespace
