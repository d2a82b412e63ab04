// src/cpu/features.cpp — AESKIT_DISABLE parsing, dependency closure and the cached feature set.
// The probing itself is per CPU family: probe_x86.cpp, probe_auxv.cpp (AArch64, 32-bit Arm,
// ppc64le), probe_generic.cpp; each also says which features it probes (probed_here). A new
// family's features go into features.hpp only (the enum, kFeatureNames, kFeatureRequirements).
#include "cpu/features.hpp"

#include <atomic>
#include <cctype>
#include <cstdlib>

namespace aeskit::cpu {
namespace {

std::string lower_trimmed(std::string_view token) {
  std::string out;
  for (char c : token)
    if (!std::isspace(static_cast<unsigned char>(c)))
      out.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  return out;
}

struct State {
  FeatureSet detected;
  std::string setting;
  DisableResult result;
  bool prefer_ymm = false;  // before any set_prefer_ymm()
  std::string_view prefer_ymm_source = "default";
};

const State& state() {
  static const State s = [] {
    State st;
    st.detected = close_dependencies(probe_features());
    const char* env = std::getenv("AESKIT_DISABLE");
    st.setting = env ? env : "";
    st.result = apply_disable(st.detected, st.setting);
    const char* ymm = std::getenv("AESKIT_PREFER_YMM");
    const std::string ymm_setting = ymm ? lower_trimmed(ymm) : std::string{};
    if (ymm_setting == "1" || ymm_setting == "yes" || ymm_setting == "true") {
      st.prefer_ymm = true;
      st.prefer_ymm_source = "AESKIT_PREFER_YMM";
    } else if (ymm_setting == "0" || ymm_setting == "no" || ymm_setting == "false") {
      st.prefer_ymm_source = "AESKIT_PREFER_YMM";
    } else if (probe_zmm_lowers_clock()) {
      st.prefer_ymm = true;
      st.prefer_ymm_source = "cpu model";
    }
    return st;
  }();
  return s;
}

// -1: set_prefer_ymm() not called; else its argument.
std::atomic<int> g_prefer_ymm_api{-1};

}  // namespace

std::string_view feature_name(Feature f) {
  return kFeatureNames[static_cast<unsigned>(f)];
}

FeatureSet close_dependencies(FeatureSet set) {
  // Iterate to a fixed point: removing one feature may orphan another.
  for (bool changed = true; changed;) {
    changed = false;
    for (const FeatureRequirement& r : kFeatureRequirements) {
      if (set.has(r.feature) && !set.has(r.needs)) {
        set.remove(r.feature);
        changed = true;
      }
    }
  }
  return set;
}

DisableResult apply_disable(FeatureSet detected, std::string_view setting) {
  DisableResult out;
  FeatureSet enabled = detected;
  while (!setting.empty()) {
    std::size_t comma = setting.find(',');
    std::string token = lower_trimmed(setting.substr(0, comma));
    setting = comma == std::string_view::npos ? std::string_view{} : setting.substr(comma + 1);
    if (token.empty()) continue;
    if (token == "all") {
      enabled = FeatureSet{};
      continue;
    }
    bool known = false;
    for (unsigned i = 0; i < kFeatureCount; ++i) {
      if (kFeatureNames[i] == token) {
        enabled.remove(static_cast<Feature>(i));
        known = true;
      }
    }
    if (!known) out.unknown_tokens.push_back(token);
  }
  out.enabled = close_dependencies(enabled);
  return out;
}

const FeatureSet& cpu_features() {
  return state().result.enabled;
}
const FeatureSet& detected_features() {
  return state().detected;
}
const std::string& disable_setting() {
  return state().setting;
}
const std::vector<std::string>& disable_unknown_tokens() {
  return state().result.unknown_tokens;
}

}  // namespace aeskit::cpu

namespace aeskit::cpu {

bool prefer_ymm() {
  const int api = g_prefer_ymm_api.load(std::memory_order_relaxed);
  return api >= 0 ? api != 0 : state().prefer_ymm;
}

void set_prefer_ymm(bool prefer) {
  g_prefer_ymm_api.store(prefer ? 1 : 0, std::memory_order_relaxed);
}

std::string_view prefer_ymm_source() {
  return g_prefer_ymm_api.load(std::memory_order_relaxed) >= 0 ? "api" : state().prefer_ymm_source;
}

unsigned widest_vector_bits() {
#if defined(__x86_64__) || defined(__i386__)
  const FeatureSet& f = cpu_features();
  // The widest AES kernels: VAES on zmm (with AVX-512) or ymm (with AVX2); else xmm.
  const bool vaes = f.has(Feature::vaes);
  unsigned bits = vaes && f.has(Feature::avx512) ? 512 : vaes && f.has(Feature::avx2) ? 256 : 128;
  return bits < max_vector_bits() ? bits : max_vector_bits();
#else
  return 128;
#endif
}

unsigned max_vector_bits() {
  return prefer_ymm() ? 256 : 512;
}

}  // namespace aeskit::cpu
