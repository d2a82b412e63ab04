// tools/aeskit/cmd_dec.cpp — `aeskit dec`: the decrypting half of `aeskit enc` (cmd_enc.cpp
// holds both; this file is the entry point with the direction fixed).
#include "commands.hpp"

namespace aeskit::cli {

int run_enc_or_dec(int argc, char** argv, bool encrypt);

int run_dec(int argc, char** argv) {
  return run_enc_or_dec(argc, argv, false);
}

}  // namespace aeskit::cli
