// src/aead/introspection.cpp — the public view of backends, CPU features and kernel choice
// (aeskit/backends.hpp), built from the registries (AES, GHASH, fused GCM), their self-test
// results, the CPU probe and the modes' own report.
#include <string>
#include <utility>
#include <vector>

#include "aeskit/backends.hpp"
#include "backend/backend.hpp"
#include "backend/gcm_fused_kernels.hpp"
#include "backend/ghash_backend.hpp"
#include "backend/polyval_kernels.hpp"
#include "backend/select/catalog.hpp"
#include "backend/select/select.hpp"
#include "backend/select/self_test.hpp"
#include "cpu/features.hpp"
#include "modes/mode_kernels.hpp"

namespace aeskit {

namespace {

// self_test_text: the BackendInfo::self_test line for a backend enabled on this CPU.
std::string self_test_text(const detail::SelfTestResult& r) {
  using Status = detail::SelfTestResult::Status;
  const std::string us = std::to_string((r.nanoseconds + 500) / 1000) + " us";
  if (r.status == Status::not_run) return "not run (this CPU cannot run it)";
  if (r.status == Status::passed) {
    if (r.known_answers_only)
      return "passed (FIPS-197 known answers; the reference for the others, " + us + ")";
    unsigned entries = 0;
    for (unsigned i = 0; i < detail::kSelfTestEntryCount; ++i)
      entries += (r.tested_entries >> i) & 1;
    return "passed (" + std::to_string(entries) + " entries, 1.." + std::to_string(r.max_blocks) +
           " blocks, AES-128/192/256, " + us + ")";
  }
  std::string text = "FAILED:";
  for (unsigned i = 0; i < detail::kSelfTestEntryCount; ++i) {
    if (((r.failed_entries >> i) & 1) == 0) continue;
    text += (text.back() == ':' ? " " : ", ");
    text += detail::self_test_entry_name(static_cast<detail::SelfTestEntry>(i));
  }
  text += " (first: " + std::string(detail::self_test_entry_name(r.first_failure)) + ", AES-" +
          std::to_string(r.first_failure_key_bits) + ", " + std::to_string(r.first_failure_blocks) +
          " block" + (r.first_failure_blocks == 1 ? "" : "s") + ") - not used";
  return text;
}

std::string microseconds(std::uint64_t ns) {
  return std::to_string((ns + 500) / 1000) + " us";
}

std::string plural_blocks(std::size_t n) {
  return std::to_string(n) + " block" + (n == 1 ? "" : "s");
}

// entry_list: ", "-separated names of the entries whose bit is set in `mask`.
template <class Entry, class NameOf>
std::string entry_list(std::uint32_t mask, unsigned count, NameOf name_of) {
  std::string text;
  for (unsigned i = 0; i < count; ++i) {
    if (((mask >> i) & 1) == 0) continue;
    if (!text.empty()) text += ", ";
    text += name_of(static_cast<Entry>(i));
  }
  return text;
}

// ghash_self_test_text: the BackendInfo::self_test line of a GHASH backend this CPU runs.
std::string ghash_self_test_text(const detail::GhashBackend& g,
                                 const detail::GhashSelfTestResult& r) {
  using Status = detail::SelfTestResult::Status;
  using E = detail::GhashSelfTestEntry;
  auto names = [](std::uint32_t mask) {
    return entry_list<E>(mask, detail::kGhashSelfTestEntryCount,
                         detail::ghash_self_test_entry_name);
  };
  const std::string first =
      " (first: " + std::string(detail::ghash_self_test_entry_name(r.first_failure)) + ", " +
      plural_blocks(r.first_failure_blocks) + ")";
  if (r.status == Status::not_run) return "not run (this CPU cannot run it)";
  if (r.status == detail::SelfTestResult::Status::failed)
    return "FAILED: " + names(r.failed_entries) + first + " - not used";
  const detail::PolyvalKernel* pk = detail::polyval_kernel_of(g);
  const std::uint32_t update_bit = 1u << static_cast<unsigned>(E::update);
  std::string text = "passed (" + names(r.tested_entries & update_bit);
  if (pk != nullptr && r.polyval_status == Status::passed)
    text += "; " + std::string(pk->name) + ": " + names(r.tested_entries & ~update_bit);
  text += "; 1.." + std::to_string(r.max_blocks) + ", 127, 128, 129, 160, " +
          std::to_string(r.longest_blocks) + " blocks, split calls; " + microseconds(r.nanoseconds);
  if (r.reference_nanoseconds != 0)
    text += ", of which " + microseconds(r.reference_nanoseconds) + " building the reference";
  text += ")";
  if (pk != nullptr && r.polyval_status == Status::failed) {
    text += "; " + std::string(pk->name) + " FAILED: " + names(r.failed_entries) + first +
            " - not used, POLYVAL runs through the RFC 8452 mapping";
  }
  return text;
}

// fused_self_test_text: the GcmKernelInfo::self_test line of a kernel this CPU runs.
std::string fused_self_test_text(const detail::GcmFusedKernels& k,
                                 const detail::GcmFusedSelfTestResult& r) {
  using Status = detail::SelfTestResult::Status;
  using E = detail::GcmFusedSelfTestEntry;
  if (r.backend_failed) {
    const bool aes_failed = !detail::backend_self_test_allows(*k.aes);
    return "not run: its " + std::string(aes_failed ? "AES" : "GHASH") + " backend " +
           std::string(aes_failed ? k.aes->name : k.ghash->name) +
           " failed its self-test - not used";
  }
  if (r.status == Status::not_run) return "not run (this CPU cannot run it)";
  auto names = [](std::uint32_t mask) {
    return entry_list<E>(mask, detail::kGcmFusedSelfTestEntryCount,
                         detail::gcm_fused_self_test_entry_name);
  };
  if (r.status == Status::passed) {
    const std::uint32_t block_bits =
        (1u << static_cast<unsigned>(E::seal)) | (1u << static_cast<unsigned>(E::open));
    std::string text = "passed (" + names(r.tested_entries & block_bits) + ": 0.." +
                       std::to_string(r.max_blocks) + " blocks";
    if ((r.tested_entries & ~block_bits) != 0) {
      text += "; " + names(r.tested_entries & ~block_bits) + ": " + std::to_string(r.messages) +
              " messages of 0.." + std::to_string(r.max_message_bytes) +
              " bytes, AD 0/1/16/17 bytes";
    }
    return text + "; in place and not, AES-128/192/256, " + microseconds(r.nanoseconds) + ")";
  }
  const bool message = r.first_failure == E::seal_message || r.first_failure == E::open_message;
  std::string where = message ? std::to_string(r.first_failure_length) + "-byte message, " +
                                    std::to_string(r.first_failure_ad_bytes) + "-byte AD"
                              : plural_blocks(r.first_failure_length);
  return "FAILED: " + names(r.failed_entries) +
         " (first: " + std::string(detail::gcm_fused_self_test_entry_name(r.first_failure)) +
         ", AES-" + std::to_string(r.first_failure_key_bits) + ", " + where +
         ") - not used, GCM runs unfused";
}

constexpr auto kFailed = detail::SelfTestResult::Status::failed;

// SelfTestLine: a self-test's line for BackendInfo/GcmKernelInfo::self_test, and whether it
// failed.
struct SelfTestLine {
  std::string text;
  bool failed;
};

// The listing's row of an AES or GHASH backend, or of a fused GCM kernel, before its
// self-test; and whether `features` run it (a fused kernel: both its backends).
template <class Backend>
BackendInfo blank_info(const Backend& b) {
  return BackendInfo{b.name, b.description, false, {}, false};
}
GcmKernelInfo blank_info(const detail::GcmFusedKernels& k) {
  return GcmKernelInfo{k.name, k.aes->name, k.ghash->name, false, {}, false};
}
template <class Backend>
bool runs_on(const Backend& b, const cpu::FeatureSet& features) {
  return b.supported(features);
}
bool runs_on(const detail::GcmFusedKernels& k, const cpu::FeatureSet& features) {
  return k.aes->supported(features) && k.ghash->supported(features);
}

// self_test_listing: a row per entry of `registry`, fastest first, with its self-test fields:
// "not run" when the CPU (detected features) cannot run it or AESKIT_DISABLE turned it off,
// else the line test(entry) gives after running the self-test (once per process); available
// when it ran and did not fail.
template <class Entry, class Test>
auto self_test_listing(const detail::Registry<Entry>& registry, Test&& test) {
  std::vector<decltype(blank_info(std::declval<const Entry&>()))> out;
  for (const Entry* e : registry) {
    auto info = blank_info(*e);
    if (!runs_on(*e, cpu::detected_features())) {
      info.self_test = "not run (this CPU cannot run it)";
    } else if (!runs_on(*e, cpu::cpu_features())) {
      info.self_test = "not run (disabled by AESKIT_DISABLE)";
    } else {
      SelfTestLine line = test(*e);
      info.self_test = std::move(line.text);
      info.self_test_failed = line.failed;
      info.available = !line.failed;
    }
    out.push_back(std::move(info));
  }
  return out;
}

}  // namespace

std::vector<BackendInfo> backends() {
  return self_test_listing(detail::kAesBackends, [](const detail::AesBackend& b) {
    const detail::SelfTestResult& r = detail::backend_self_test(b);
    return SelfTestLine{self_test_text(r), r.status == kFailed};
  });
}

std::vector<BackendInfo> ghash_backends() {
  return self_test_listing(detail::kGhashBackends, [](const detail::GhashBackend& g) {
    const detail::GhashSelfTestResult& r = detail::ghash_self_test(g);
    return SelfTestLine{ghash_self_test_text(g, r), r.status == kFailed};
  });
}

std::vector<GcmKernelInfo> gcm_fused_kernels() {
  return self_test_listing(detail::kGcmFusedKernels, [](const detail::GcmFusedKernels& k) {
    const detail::GcmFusedSelfTestResult& r = detail::gcm_fused_self_test(k);
    return SelfTestLine{fused_self_test_text(k, r), r.backend_failed || r.status == kFailed};
  });
}

std::string_view default_backend() {
  return detail::best_backend(cpu::cpu_features()).name;
}

std::string kernel_for(Mode mode, Direction direction, std::size_t key_bits,
                       std::string_view backend) {
  // Every backend here runs all key sizes with the same kernels (templated on the round
  // count), so key_bits does not change the choice today; it is in the signature because
  // future backends may differ per key size.
  (void)key_bits;
  Result<const detail::AesBackend*> b = detail::resolve_backend(backend, cpu::cpu_features());
  if (!b.ok()) return {};
  return detail::describe_kernel(**b, mode, direction);
}

CpuReport cpu_report() {
  CpuReport r;
  r.cpu_name = cpu::cpu_brand();
  const cpu::FeatureSet& detected = cpu::detected_features();
  const cpu::FeatureSet& enabled = cpu::cpu_features();
  for (unsigned i = 0; i < cpu::kFeatureCount; ++i) {
    auto f = static_cast<cpu::Feature>(i);
    if (!cpu::probed_here(f)) continue;
    r.features.push_back({cpu::feature_name(f), detected.has(f), enabled.has(f)});
  }
  r.vector_bits = cpu::widest_vector_bits();
  r.disable_setting = cpu::disable_setting();
  r.unknown_tokens = cpu::disable_unknown_tokens();
  r.prefer_ymm = cpu::prefer_ymm();
  r.prefer_ymm_source = cpu::prefer_ymm_source();
  return r;
}

void set_prefer_ymm(bool prefer) {
  cpu::set_prefer_ymm(prefer);
}

bool prefer_ymm() {
  return cpu::prefer_ymm();
}

}  // namespace aeskit
