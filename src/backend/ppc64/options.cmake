# src/backend/ppc64/options.cmake — per-file compile options of the ppc64le family (included by
# CMakeLists.txt's aeskit_backend_folder after the folder's sources).
# The fused GCM loop fits the 32 VMX registers only in source order: GCC's pre-allocation
# scheduler hoists the data and table loads to the top of the group and then spills
# (docs/POWER8.md, "GCM").
# APPEND: keep options set on these files elsewhere (a plain set_source_files_properties
# would overwrite them).
set_property(SOURCE src/backend/ppc64/vpmsum/gcm_power8_vpmsum.cpp
  src/backend/ppc64/vpmsum/gcm_power9_vpmsum.cpp
  APPEND PROPERTY COMPILE_OPTIONS "$<$<CXX_COMPILER_ID:GNU>:-fno-schedule-insns>")
