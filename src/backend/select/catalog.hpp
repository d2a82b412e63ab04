// src/backend/select/catalog.hpp — which backends this build has, per kind, fastest first. Each
// family folder says what it offers in its catalog.hpp, one tuple (kOffers) of the addresses
// of its backend constants, fastest first within each kind; here the tuples of the families
// CMakeLists.txt compiles are joined in family order, x86, arm64, ppc64 (and the
// never-selected skeleton, when built), then simd and portable, which run on every CPU of
// their families and so stand after the CPU-specific code, and split by kind (AES, GHASH,
// POLYVAL, fused GCM, SHA, CBC+SHA stitch, AEGIS). CMakeLists.txt defines AESKIT_HAVE_X86 /
// AESKIT_HAVE_ARMV8CE / AESKIT_HAVE_POWER8 / AESKIT_HAVE_SKELETON / AESKIT_HAVE_VPERM for the
// families it compiles (aeskit_family() in its one table); every #if on those macros in the
// library stands here, two per family (include, entry).
//
// Adding a backend: declare its constant in its folder's header and add its address to its
// family's kOffers, in speed order. Adding a family: its folder's catalog.hpp and its two
// lines below. No CPU features of its own.
#pragma once

#include <array>
#include <cstddef>
#include <tuple>
#include <type_traits>

#include "backend/aegis_kernels.hpp"
#include "backend/backend.hpp"
#include "backend/gcm_fused_kernels.hpp"
#include "backend/ghash_backend.hpp"
#include "backend/polyval_kernels.hpp"
#include "backend/portable/catalog.hpp"
#include "backend/select/registry.hpp"
#include "backend/sha_backend.hpp"
#include "backend/sha_stitch.hpp"
#if defined(AESKIT_HAVE_X86)
#include "backend/x86/catalog.hpp"
#endif
#if defined(AESKIT_HAVE_ARMV8CE)
#include "backend/arm64/catalog.hpp"
#endif
#if defined(AESKIT_HAVE_POWER8)
#include "backend/ppc64/catalog.hpp"
#endif
#if defined(AESKIT_HAVE_SKELETON)
#include "backend/skeleton/catalog.hpp"
#endif
#if defined(AESKIT_HAVE_VPERM)
#include "backend/simd/catalog.hpp"
#endif

namespace aeskit::detail {

// Everything this build offers, family after family.
inline constexpr auto kOffers = std::tuple_cat(
#if defined(AESKIT_HAVE_X86)
    x86_catalog::kOffers,
#endif
#if defined(AESKIT_HAVE_ARMV8CE)
    arm64_catalog::kOffers,
#endif
#if defined(AESKIT_HAVE_POWER8)
    ppc64_catalog::kOffers,
#endif
#if defined(AESKIT_HAVE_SKELETON)
    skeleton_catalog::kOffers,
#endif
#if defined(AESKIT_HAVE_VPERM)
    simd_catalog::kOffers,
#endif
    portable_catalog::kOffers);

// A catalog entry is the address of one of these kinds; anything else in kOffers would be
// silently left out of every list, so it does not compile.
template <class T>
inline constexpr bool kIsCatalogKind =
    std::is_same_v<T, const AesBackend*> || std::is_same_v<T, const GhashBackend*> ||
    std::is_same_v<T, const PolyvalKernel*> || std::is_same_v<T, const GcmFusedKernels*> ||
    std::is_same_v<T, const ShaCompressor*> || std::is_same_v<T, const CbcShaStitch*> ||
    std::is_same_v<T, const AegisKernels*>;
static_assert(std::apply([](auto... e) { return (kIsCatalogKind<decltype(e)> && ...); }, kOffers));

// joined_list<Kind>(): the entries of one kind, in kOffers order.
template <class Kind>
consteval std::size_t joined_size() {
  return std::apply(
      [](auto... e) { return (std::size_t{std::is_same_v<decltype(e), const Kind*>} + ... + 0); },
      kOffers);
}

template <class Kind, std::size_t N, class Entry>
constexpr void append_if_kind(std::array<const Kind*, N>& list, std::size_t& n, Entry e) {
  if constexpr (std::is_same_v<Entry, const Kind*>) list[n++] = e;
}

template <class Kind>
consteval std::array<const Kind*, joined_size<Kind>()> joined_list() {
  std::array<const Kind*, joined_size<Kind>()> list{};
  std::size_t n = 0;
  std::apply([&](auto... e) { (append_if_kind(list, n, e), ...); }, kOffers);
  return list;
}

inline constexpr auto kAesBackendList = joined_list<AesBackend>();
inline constexpr auto kGhashBackendList = joined_list<GhashBackend>();
inline constexpr auto kPolyvalKernelList = joined_list<PolyvalKernel>();
inline constexpr auto kGcmFusedList = joined_list<GcmFusedKernels>();
inline constexpr auto kShaCompressorList = joined_list<ShaCompressor>();
inline constexpr auto kCbcShaStitchList = joined_list<CbcShaStitch>();
// AEGIS kernel tables, widest first: a family/degree the key's backend's table lacks is taken
// from the next (narrower) table whose backend is usable, else from the portable kernels
// (select.cpp: select_aegis_kernel).
inline constexpr auto kAegisKernelList = joined_list<AegisKernels>();

// The lists as registries (registry.hpp): what registries.cpp, select.cpp and the self-tests
// walk. The portable AES, GHASH and SHA backends support every CPU and stand last, so
// best_backend(), best_ghash_backend() and best_sha_compressor() always find one.
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
