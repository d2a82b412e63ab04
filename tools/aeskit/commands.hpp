// tools/aeskit/commands.hpp — the sub-commands of the aeskit tool.
// Each takes the arguments after its own name and returns the process exit status.
#pragma once

namespace aeskit::cli {

int run_cpu(int argc, char** argv);
int run_speed(int argc, char** argv);

}  // namespace aeskit::cli
