// src/capi/capi_library.cpp — the C API's library functions: version, error strings and
// details, random bytes, the CPU report, the default backend and the ymm preference
// (aeskit/aeskit.h). No CPU feature (the
// report reads the probe's results through aeskit/backends.hpp).
#include <string>

#include "capi/capi_common.hpp"

using namespace aeskit;
using namespace aeskit::capi;

namespace {

// Appends only (GCC 12 warns, wrongly, about `"literal" + std::string` temporaries at -O3).
std::string report_text() {
  std::string r;
  const CpuReport cpu = cpu_report();
  r.append("cpu: ").append(cpu.cpu_name.empty() ? "(unnamed)" : cpu.cpu_name).append("\n");
  r.append("features:");
  for (const CpuFeatureState& f : cpu.features) {
    if (!f.detected) continue;
    r.append(" ").append(f.name).append(f.enabled ? "" : "(disabled)");
  }
  r.append("\nAESKIT_DISABLE: ")
      .append(cpu.disable_setting.empty() ? "(unset)" : cpu.disable_setting)
      .append("\nprefer ymm: ")
      .append(cpu.prefer_ymm ? "yes" : "no")
      .append(" (")
      .append(cpu.prefer_ymm_source)
      .append(")\n");
  auto list = [&r](const char* title, const std::vector<BackendInfo>& items) {
    r.append(title).append(":\n");
    for (const BackendInfo& b : items)
      r.append("  ")
          .append(b.name)
          .append(b.available ? " available" : " unavailable")
          .append(", self-test ")
          .append(b.self_test)
          .append("\n");
  };
  list("aes backends", backends());
  list("ghash backends", ghash_backends());
  r.append("fused gcm kernels:\n");
  for (const GcmKernelInfo& k : gcm_fused_kernels())
    r.append("  ").append(k.name).append(k.available ? " available\n" : " unavailable\n");
  r.append("default backend: ").append(default_backend()).append("\n");
  return r;
}

}  // namespace

extern "C" {

int aeskit_version(const char** out) {
  if (out == nullptr) return status(Errc::null_pointer);
  *out = version().string;
  return 0;
}

int aeskit_version_compatible(int major, int minor) {
  return library_compatible(major, minor) ? 1 : 0;
}

const char* aeskit_error_detail(int code) {
  if (code < 0 || code > static_cast<int>(Errc::random_failed)) return "unknown error";
  return error_detail(static_cast<Errc>(code));
}

int aeskit_random_bytes(uint8_t* out, size_t len) {
  if (null_with_length(out, len)) return status(Errc::null_pointer);
  return status(random_bytes(capi::out(out, len)));
}

const char* aeskit_error_message(int code) {
  if (code < 0 || code > static_cast<int>(Errc::random_failed)) return "unknown error";
  return errc_message(static_cast<Errc>(code));
}

int aeskit_error_string(int code, const char** out) {
  if (out == nullptr) return status(Errc::null_pointer);
  *out = aeskit_error_message(code);
  return 0;
}

int aeskit_cpu_report(char* buf, size_t max_len, size_t* len) {
  return guarded([&] { return write_string(report_text(), buf, max_len, len); });
}

int aeskit_default_backend(char* buf, size_t max_len, size_t* len) {
  return guarded([&] { return write_string(default_backend(), buf, max_len, len); });
}

int aeskit_set_prefer_ymm(int prefer) {
  set_prefer_ymm(prefer != 0);
  return 0;
}

}  // extern "C"
