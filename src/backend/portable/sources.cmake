# src/backend/portable/sources.cmake — the plain C++ backends every build has (AES, GHASH,
# SHA, AEGIS), on any CPU. Included by CMakeLists.txt.
list(APPEND AESKIT_SOURCES
  src/backend/portable/aes_portable.cpp
  src/backend/portable/key_schedule.cpp
  src/backend/portable/batch_cipher.cpp
  src/backend/portable/wide_cipher.cpp
  src/backend/portable/ctr_portable.cpp
  src/backend/portable/ghash_portable.cpp
  src/backend/portable/aes_round.cpp
  src/backend/portable/aegis_portable.cpp
  src/backend/portable/sha_portable.cpp
  src/backend/portable/sha1_portable.cpp
  src/backend/portable/sha256_portable.cpp
  src/backend/portable/sha512_portable.cpp
)
