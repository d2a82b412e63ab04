// src/cpu/probe_generic.cpp — feature probing on CPUs we have no accelerated backend for yet:
// nothing is reported, so the portable backend runs.
#include "cpu/features.hpp"

namespace aeskit::cpu {

FeatureSet probe_features() {
  return {};
}
std::string cpu_brand() {
  return {};
}

// No vector unit here changes the clock by register width.
bool probe_zmm_lowers_clock() {
  return false;
}

// Nothing is probed, so no feature's absence means anything.
bool probed_here(Feature) {
  return false;
}

}  // namespace aeskit::cpu
