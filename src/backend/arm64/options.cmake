# src/backend/arm64/options.cmake — per-file compile options of the AArch64 family (included by
# CMakeLists.txt's aeskit_backend_folder after the folder's sources).
# ECB and the base build's CBC decryption: GCC's pre-allocation scheduler costs them 1.5
# and 1.1 instructions per block in register copies (the file's header comment).
set_property(SOURCE src/backend/arm64/ecb_cbc_armv8ce.cpp APPEND PROPERTY COMPILE_OPTIONS
  "$<$<CXX_COMPILER_ID:GNU>:-fno-schedule-insns>")
