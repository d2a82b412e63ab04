// src/core/introspection.cpp — the public view of backends, CPU features and kernel choice
// (aeskit/backends.hpp), built from the registry, the CPU probe and the modes' own report.
#include "aeskit/backends.hpp"
#include "backend/backend.hpp"
#include "cpu/features.hpp"
#include "modes/mode_kernels.hpp"

namespace aeskit {

std::vector<BackendInfo> backends() {
  std::vector<BackendInfo> out;
  for (std::size_t i = 0; i < detail::backend_count(); ++i) {
    const detail::AesBackend& b = detail::backend_at(i);
    out.push_back({b.name, b.description, b.supported(cpu::cpu_features())});
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
  if (b == nullptr || !b->supported(cpu::cpu_features())) return {};
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
