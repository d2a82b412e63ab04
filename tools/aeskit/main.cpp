// tools/aeskit/main.cpp — `aeskit <command>`: dispatch to the sub-commands.
#include <cstdio>
#include <cstring>
#include <string_view>

#include "commands.hpp"

namespace {

constexpr const char* kUsage =
    "usage: aeskit <command> [options]\n"
    "\n"
    "commands:\n"
    "  cpu     show the CPU features found, what AESKIT_DISABLE removed, and the kernel\n"
    "          every mode and key size will run on\n"
    "  speed   measure throughput of every mode, side by side with OpenSSL and libgcrypt\n"
    "          (aeskit speed --help for options)\n"
    "\n"
    "environment:\n"
    "  AESKIT_DISABLE=aesni,pclmul,vaes,avx512,avx2,ssse3,...   remove CPU features (never adds)\n";

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  std::string_view command = argv[1];
  if (command == "cpu") return aeskit::cli::run_cpu(argc - 2, argv + 2);
  if (command == "speed") return aeskit::cli::run_speed(argc - 2, argv + 2);
  if (command == "help" || command == "--help" || command == "-h") {
    std::fputs(kUsage, stdout);
    return 0;
  }
  std::fprintf(stderr, "aeskit: unknown command '%s'\n\n%s", argv[1], kUsage);
  return 2;
}
