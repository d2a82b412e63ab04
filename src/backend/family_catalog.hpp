// src/backend/family_catalog.hpp — what one CPU family (or role folder) offers: each kind of
// kernel it compiles, fastest first. Every family folder defines one FamilyCatalog constant in
// its catalog.hpp (x86/, arm64/, ppc64/, simd/, portable/), and select/catalog.hpp joins the
// catalogs of the families a build has into the lists the selectors walk.
//
// No CPU features of its own.
#pragma once

#include <span>

#include "backend/aegis_kernels.hpp"
#include "backend/backend.hpp"
#include "backend/gcm_fused_kernels.hpp"
#include "backend/ghash_backend.hpp"
#include "backend/polyval_kernels.hpp"
#include "backend/sha_backend.hpp"
#include "backend/sha_stitch.hpp"

namespace aeskit::detail {

template <class Entry>
using CatalogList = std::span<const Entry* const>;

// A kind a family lacks stays empty.
struct FamilyCatalog {
  CatalogList<AesBackend> aes{};               // AES backends
  CatalogList<GhashBackend> ghash{};           // GHASH backends
  CatalogList<PolyvalKernel> polyval{};        // native POLYVAL kernels, one per GHASH backend
  CatalogList<GcmFusedKernels> gcm_fused{};    // fused AES-CTR + GHASH, one per backend pair
  CatalogList<ShaCompressor> sha{};            // SHA-1/256/512 compression functions
  CatalogList<CbcShaStitch> cbc_sha_stitch{};  // AES-CBC stitched with SHA
  CatalogList<AegisKernels> aegis{};           // whole-message AEGIS kernel tables
};

}  // namespace aeskit::detail
