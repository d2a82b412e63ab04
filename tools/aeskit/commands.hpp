// tools/aeskit/commands.hpp — the sub-commands of the aeskit tool.
// Each takes the arguments after its own name and returns the process exit status.
#pragma once

namespace aeskit::cli {

int run_cpu(int argc, char** argv);
int run_speed(int argc, char** argv);
int run_keygen(int argc, char** argv);  // cmd_keygen.cpp
int run_seal(int argc, char** argv);    // cmd_seal.cpp
int run_open(int argc, char** argv);    // cmd_open.cpp
int run_enc(int argc, char** argv);     // cmd_enc.cpp
int run_dec(int argc, char** argv);     // cmd_dec.cpp

}  // namespace aeskit::cli
