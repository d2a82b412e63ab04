// src/backend/portable/catalog.hpp — what the portable folder offers (family_catalog.hpp): the
// AES, GHASH and SHA backends every CPU supports. They stand last in every joined list, so each
// search for a usable backend ends. Its AEGIS kernels (kAegisPortable) are the fallback of
// select_aegis_kernel, not a listed table.
//
// No CPU features.
#pragma once

#include "backend/family_catalog.hpp"
#include "backend/portable/ghash_portable.hpp"
#include "backend/portable/portable.hpp"

namespace aeskit::detail::portable_catalog {

inline constexpr const AesBackend* kAes[] = {&kPortableBackend};
inline constexpr const GhashBackend* kGhash[] = {&kGhashPortableBackend};
inline constexpr const ShaCompressor* kSha[] = {&kShaPortable};

}  // namespace aeskit::detail::portable_catalog

namespace aeskit::detail {

inline constexpr FamilyCatalog kPortableCatalog{.aes = portable_catalog::kAes,
                                                .ghash = portable_catalog::kGhash,
                                                .sha = portable_catalog::kSha};

}  // namespace aeskit::detail
