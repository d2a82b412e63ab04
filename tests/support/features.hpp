// tests/support/features.hpp — CPU feature sets for the dispatch and kernel-selection tests:
// every feature the library knows (a synthetic CPU that has them all), from which a test
// removes what it needs absent. No vectors here.
#pragma once

#include "cpu/features.hpp"

namespace aeskit_test {

inline aeskit::cpu::FeatureSet every_feature() {
  aeskit::cpu::FeatureSet s;
  for (unsigned i = 0; i < aeskit::cpu::kFeatureCount; ++i)
    s.add(static_cast<aeskit::cpu::Feature>(i));
  return s;
}

}  // namespace aeskit_test
