// src/core/introspection.cpp — the public view of backends, CPU features and kernel choice
// (aeskit/backends.hpp), built from the registry, the CPU probe and the modes' own report.
#include "aeskit/backends.hpp"
#include "backend/backend.hpp"
#include "backend/self_test.hpp"
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

}  // namespace

std::vector<BackendInfo> backends() {
  std::vector<BackendInfo> out;
  const cpu::FeatureSet& enabled = cpu::cpu_features();
  for (std::size_t i = 0; i < detail::backend_count(); ++i) {
    const detail::AesBackend& b = detail::backend_at(i);
    BackendInfo info{b.name, b.description, false, {}, false};
    if (!b.supported(cpu::detected_features())) {
      info.self_test = "not run (this CPU cannot run it)";
    } else if (!b.supported(enabled)) {
      info.self_test = "not run (disabled by AESKIT_DISABLE)";
    } else {
      const detail::SelfTestResult& r = detail::backend_self_test(b);
      info.self_test = self_test_text(r);
      info.self_test_failed = r.status == detail::SelfTestResult::Status::failed;
      info.available = !info.self_test_failed;
    }
    out.push_back(std::move(info));
  }
  return out;
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
  const detail::AesBackend* b =
      backend.empty() ? &detail::best_backend(cpu::cpu_features()) : detail::find_backend(backend);
  if (b == nullptr || !detail::backend_usable(*b, cpu::cpu_features())) return {};
  return detail::describe_kernel(*b, mode, direction);
}

CpuReport cpu_report() {
  CpuReport r;
  r.cpu_name = cpu::cpu_brand();
  const cpu::FeatureSet& detected = cpu::detected_features();
  const cpu::FeatureSet& enabled = cpu::cpu_features();
  for (unsigned i = 0; i < cpu::kFeatureCount; ++i) {
    auto f = static_cast<cpu::Feature>(i);
    r.features.push_back({cpu::feature_name(f), detected.has(f), enabled.has(f)});
  }
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
