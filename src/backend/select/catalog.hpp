// src/backend/select/catalog.hpp — which backends this build has, per kind, fastest first: the
// catalogs of the families CMakeLists.txt compiles (each folder's catalog.hpp, a FamilyCatalog)
// joined in family order, x86, arm64, ppc64, then simd and portable, which run on every CPU of
// their families and so stand after the CPU-specific code. CMakeLists.txt defines
// AESKIT_HAVE_X86 / AESKIT_HAVE_ARMV8CE / AESKIT_HAVE_POWER8 / AESKIT_HAVE_VPERM for the
// families it compiles; every #if on those macros stands here, one per family.
//
// Adding a backend: declare its table in its folder's header and add its address to its
// family's catalog.hpp, in speed order. Adding a family: its folder's catalog.hpp and one line
// below. No CPU features of its own.
#pragma once

#include <array>
#include <cstddef>
#include <type_traits>

#include "backend/family_catalog.hpp"
#include "backend/portable/catalog.hpp"
#include "backend/select/registry.hpp"
#if defined(AESKIT_HAVE_X86)
#include "backend/x86/catalog.hpp"
#endif
#if defined(AESKIT_HAVE_ARMV8CE)
#include "backend/arm64/catalog.hpp"
#endif
#if defined(AESKIT_HAVE_POWER8)
#include "backend/ppc64/catalog.hpp"
#endif
#if defined(AESKIT_HAVE_VPERM)
#include "backend/simd/catalog.hpp"
#endif

namespace aeskit::detail {

// The families of this build, in the order their entries are tried.
inline constexpr const FamilyCatalog* kFamilyCatalogs[] = {
#if defined(AESKIT_HAVE_X86)
    &kX86Catalog,
#endif
#if defined(AESKIT_HAVE_ARMV8CE)
    &kArm64Catalog,
#endif
#if defined(AESKIT_HAVE_POWER8)
    &kPpc64Catalog,
#endif
#if defined(AESKIT_HAVE_VPERM)
    &kSimdCatalog,
#endif
    &kPortableCatalog,
};

// joined_list<&FamilyCatalog::aes>(): one kind's entries of every family, in family order.
template <auto Kind>
using CatalogEntry = std::remove_const_t<
    typename std::remove_reference_t<decltype(FamilyCatalog{}.*Kind)>::element_type>;

template <auto Kind>
consteval std::size_t joined_size() {
  std::size_t n = 0;
  for (const FamilyCatalog* f : kFamilyCatalogs) n += (f->*Kind).size();
  return n;
}

template <auto Kind>
consteval std::array<CatalogEntry<Kind>, joined_size<Kind>()> joined_list() {
  std::array<CatalogEntry<Kind>, joined_size<Kind>()> all{};
  std::size_t n = 0;
  for (const FamilyCatalog* f : kFamilyCatalogs)
    for (CatalogEntry<Kind> e : f->*Kind) all[n++] = e;
  return all;
}

inline constexpr auto kAesBackendList = joined_list<&FamilyCatalog::aes>();
inline constexpr auto kGhashBackendList = joined_list<&FamilyCatalog::ghash>();
inline constexpr auto kPolyvalKernelList = joined_list<&FamilyCatalog::polyval>();
inline constexpr auto kGcmFusedList = joined_list<&FamilyCatalog::gcm_fused>();
inline constexpr auto kShaCompressorList = joined_list<&FamilyCatalog::sha>();
inline constexpr auto kCbcShaStitchList = joined_list<&FamilyCatalog::cbc_sha_stitch>();
// AEGIS kernel tables, widest first: a family/degree the key's backend's table lacks is taken
// from the next (narrower) table whose backend is usable, else from the portable kernels
// (select.cpp: select_aegis_kernel).
inline constexpr auto kAegisKernelList = joined_list<&FamilyCatalog::aegis>();

// The lists as registries (registry.hpp): what registries.cpp, select.cpp and the self-tests
// walk. The
// portable AES, GHASH and SHA backends support every CPU and stand last, so best_backend(),
// best_ghash_backend() and best_sha_compressor() always find one.
inline constexpr Registry<AesBackend> kAesBackends{kAesBackendList};
inline constexpr Registry<GhashBackend> kGhashBackends{kGhashBackendList};
inline constexpr Registry<PolyvalKernel> kPolyvalKernels{kPolyvalKernelList};
inline constexpr Registry<GcmFusedKernels> kGcmFusedKernels{kGcmFusedList};
inline constexpr Registry<ShaCompressor> kShaCompressors{kShaCompressorList};
inline constexpr Registry<CbcShaStitch> kCbcShaStitches{kCbcShaStitchList};
inline constexpr Registry<AegisKernels> kAegisKernelTables{kAegisKernelList};
static_assert(kAesBackendList.back() == &kPortableBackend &&
              kGhashBackendList.back() == &kGhashPortableBackend &&
              kShaCompressorList.back() == &kShaPortable);

}  // namespace aeskit::detail
