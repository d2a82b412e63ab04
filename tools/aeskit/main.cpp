// tools/aeskit/main.cpp — `aeskit <command>`: dispatch to the sub-commands.
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

#include "aeskit/backends.hpp"
#include "aeskit/version.hpp"
#include "cli_files.hpp"
#include "commands.hpp"
#include "speed/mask.hpp"

namespace {

constexpr const char* kUsage =
    "usage: aeskit <command> [options]\n"
    "\n"
    "commands:\n"
    "  cpu     show the CPU features found, what AESKIT_DISABLE removed, and the kernel\n"
    "          every mode and key size will run on\n"
    "  speed   measure throughput of every mode, side by side with OpenSSL and libgcrypt\n"
    "          (aeskit speed --help for options)\n"
    "  keygen  write a new random key for seal/open\n"
    "  seal    encrypt a file or stream with Cobblestone (c2sp.org/chunked-encryption):\n"
    "          authenticated, any size, all cores\n"
    "  open    verify and decrypt what seal wrote (a failed open leaves no output file)\n"
    "  enc     raw AES modes and AEADs with a hex key and IV, like `openssl enc -K -iv`\n"
    "  dec     the reverse of enc\n"
    "  version the version and the default backend (also --version, -V)\n"
    "\n"
    "Each command explains itself: aeskit <command> --help. Quick start:\n"
    "  aeskit keygen -o my.key\n"
    "  aeskit seal -k my.key -o notes.txt.cob notes.txt\n"
    "  aeskit open -k my.key -o notes.txt notes.txt.cob\n"
    "\n"
    "environment:\n"
    "  AESKIT_DISABLE=aesni,pclmul,vaes,avx512,avx2,ssse3,...   remove CPU features (never adds);\n"
    "                 on AArch64: aes,pmull,sha1,sha2,sha512,sha3\n";

}  // namespace

static int run_command(int argc, char** argv);

int main(int argc, char** argv) {
  return aeskit::cli::flush_standard_output(run_command(argc, argv));
}

static int run_command(int argc, char** argv) {
  aeskit::cli::guard_standard_descriptors();
  if (argc < 2) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  std::string_view command = argv[1];
  if (command == "cpu") return aeskit::cli::run_cpu(argc - 2, argv + 2);
  if (command == "speed") {
    aeskit::cli::speed::prepare_peer_mask(argc - 2, argv + 2, argv);  // may re-execute
    return aeskit::cli::run_speed(argc - 2, argv + 2);
  }
  if (command == "keygen") return aeskit::cli::run_keygen(argc - 2, argv + 2);
  if (command == "seal") return aeskit::cli::run_seal(argc - 2, argv + 2);
  if (command == "open") return aeskit::cli::run_open(argc - 2, argv + 2);
  if (command == "enc") return aeskit::cli::run_enc(argc - 2, argv + 2);
  if (command == "dec") return aeskit::cli::run_dec(argc - 2, argv + 2);
  if (command == "--version" || command == "-V" || command == "version") {
    // The library's version (the tool links it statically: the same as the headers') and
    // the AES backend keys get by default on this CPU.
    const std::string backend(aeskit::default_backend());
    if (std::printf("aeskit %s (default backend: %s)\n", aeskit::version().string,
                    backend.c_str()) < 0 ||
        std::fflush(stdout) != 0)
      return 1;
    return 0;
  }
  if (command == "help" || command == "--help" || command == "-h") {
    std::fputs(kUsage, stdout);
    return 0;
  }
  std::fprintf(stderr, "aeskit: unknown command '%s'\n\n%s", argv[1], kUsage);
  return 2;
}
