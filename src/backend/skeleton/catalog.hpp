// src/backend/skeleton/catalog.hpp — what the skeleton family offers (select/catalog.hpp): its
// one AES backend. A real family lists here the address of every backend constant it
// compiles, of any kind, fastest first within each kind (see x86/catalog.hpp, ppc64/catalog.hpp).
//
// CPU features: each entry's own (its supported() predicate; the skeleton's is always false).
#pragma once

#include <tuple>

#include "backend/skeleton/skeleton.hpp"

namespace aeskit::detail::skeleton_catalog {

inline constexpr std::tuple kOffers{&kSkeletonBackend};

}  // namespace aeskit::detail::skeleton_catalog
