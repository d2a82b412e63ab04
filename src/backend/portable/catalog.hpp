// src/backend/portable/catalog.hpp — what the portable folder offers (select/catalog.hpp): the
// AES, GHASH and SHA backends every CPU supports. They stand last in every joined list, so each
// search for a usable backend ends. Its AEGIS kernels (kAegisPortable) are the fallback of
// select_aegis_kernel, not a listed table.
//
// No CPU features.
#pragma once

#include <tuple>

#include "backend/portable/ghash_portable.hpp"
#include "backend/portable/portable.hpp"
#include "backend/sha_backend.hpp"

namespace aeskit::detail::portable_catalog {

inline constexpr std::tuple kOffers{&kPortableBackend, &kGhashPortableBackend, &kShaPortable};

}  // namespace aeskit::detail::portable_catalog
