# src/backend/select/sources.cmake — choosing code (every build): the selectors over the
# joined family catalogs and the once-per-process self-tests. Included by CMakeLists.txt.
list(APPEND AESKIT_SOURCES
  src/backend/select/registries.cpp
  src/backend/select/select.cpp
  src/backend/select/self_test.cpp
  src/backend/select/self_test_ghash.cpp
  src/backend/select/self_test_gcm.cpp
  src/backend/select/self_test_aegis.cpp
)
