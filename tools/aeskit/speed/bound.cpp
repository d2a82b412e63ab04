// tools/aeskit/speed/bound.cpp — the machine's limit (bound.hpp): which instructions to time,
// the per-item model, and the --bound tables. The model is written out in
// docs/SPEED-BOUND.md; in short, with R the AES rounds per block (10/12/14), A the best AES
// block-rounds per cycle over the widths, L the AES round latency, C the best 64x64
// carry-less products per cycle:
//   parallel modes (ECB, CTR, CBC/CFB decrypt, XTS, OCB)   R / A / 16          cycles/byte
//   serial chains (CBC/CFB encrypt, OFB; the CBC-MAC of    R * L / 16
//     CCM, the CMACs of EAX and SIV)                       (CFB8: R * L per byte)
//   GCM, GCM-SIV, XAES-256-GCM                              ov(R / A, 3.125 / C) / 16
//   HCTR2 (a POLYVAL pass, then XCTR fused with the second)  (3.125 / C
//                                                              + ov(R / A, 3.125 / C)) / 16
// where ov(x, y) = max(x, y) + s · min(x, y), s the measured sharing of AES and carry-less
// multiply (0: separate units; 1: the times add).
//   AEGIS at degree D (128L/256: 1, X2: 2, X4: 4) on the widest AES instruction of at most
//     D lanes (T per cycle, latency L; D / lanes registers per state block): an update is
//     B = 8 (128 family) or 6 (256) rounds per register on 32 D or 16 D bytes, serial
//     from update to update:                               max(B D / lanes / T, L) / bytes
// (GHASH/POLYVAL: 3 Karatsuba products per block and 2 per 16-block reduction.) These are
// lower bounds: they leave out loads, stores, XORs and the per-message cost.
#include "speed/bound.hpp"

#include <algorithm>
#include <cmath>
#include <string_view>

#include "aeskit/backends.hpp"

namespace aeskit::cli::speed {
namespace {

bool enabled(const CpuReport& cpu, std::string_view name) {
  for (const CpuFeatureState& f : cpu.features)
    if (f.name == name) return f.enabled;
  return false;
}

unsigned rounds_of(std::string_view algorithm) {
  for (std::string_view prefix : {"AES-128", "AES-192", "AES-256", "XAES-256"}) {
    if (!algorithm.starts_with(prefix)) continue;
    if (prefix.ends_with("128")) return 10;
    return prefix.ends_with("192") ? 12 : 14;
  }
  return 0;
}

[[maybe_unused]] void add(std::vector<InstructionTiming>& list, std::string name, unsigned width,
                          unsigned lanes, double (*cycles)(unsigned, bool, double), double mhz) {
  InstructionTiming t;
  t.name = std::move(name);
  t.lanes = lanes;
  t.latency = cycles(width, false, mhz);
  const double reciprocal = cycles(width, true, mhz);
  t.per_cycle = reciprocal > 0 ? 1 / reciprocal : 0;
  if (t.latency > 0 && t.per_cycle > 0) list.push_back(t);
}

// aegis_bound: the AEGIS line of the model above, or nullopt for other algorithms (or when
// no AES instruction was timed).
std::optional<double> aegis_bound(std::string_view algorithm, const MachineLimits& m) {
  if (!algorithm.starts_with("AEGIS-")) return std::nullopt;
  const bool family128 = algorithm.starts_with("AEGIS-128");
  const unsigned d = algorithm.ends_with("X4") ? 4 : algorithm.ends_with("X2") ? 2 : 1;
  const InstructionTiming* t = nullptr;
  for (const InstructionTiming& x : m.aes)
    if (x.lanes <= d && (t == nullptr || x.lanes > t->lanes)) t = &x;
  if (t == nullptr || t->per_cycle <= 0) return std::nullopt;
  const double rounds = (family128 ? 8.0 : 6.0) * d / t->lanes;  // instructions per update
  const double bytes = (family128 ? 32.0 : 16.0) * d;            // absorbed per update
  return std::max(rounds / t->per_cycle, t->latency) / bytes;
}

}  // namespace

double MachineLimits::overlapped(double x, double y) const {
  return std::max(x, y) + sharing * std::min(x, y);
}

MachineLimits measure_limits(double mhz) {
  MachineLimits m;
  m.mhz = mhz;
  const CpuReport cpu = cpu_report();
  const bool zmm = enabled(cpu, "avx512") && !cpu.prefer_ymm;
#if defined(__x86_64__)
  if (enabled(cpu, "aesni")) add(m.aes, "AES round, AESENC xmm", 128, 1, aes_round_cycles, mhz);
  if (enabled(cpu, "vaes") && enabled(cpu, "avx2"))
    add(m.aes, "AES round, VAESENC ymm", 256, 2, aes_round_cycles, mhz);
  if (enabled(cpu, "vaes") && zmm)
    add(m.aes, "AES round, VAESENC zmm", 512, 4, aes_round_cycles, mhz);
  if (enabled(cpu, "pclmul"))
    add(m.clmul, "carry-less multiply, PCLMULQDQ xmm", 128, 1, clmul_cycles, mhz);
  if (enabled(cpu, "vpclmul") && enabled(cpu, "avx2"))
    add(m.clmul, "carry-less multiply, VPCLMULQDQ ymm", 256, 2, clmul_cycles, mhz);
  if (enabled(cpu, "vpclmul") && zmm)
    add(m.clmul, "carry-less multiply, VPCLMULQDQ zmm", 512, 4, clmul_cycles, mhz);
#elif defined(__aarch64__)
  if (enabled(cpu, "aes")) add(m.aes, "AES round, AESE+AESMC", 128, 1, aes_round_cycles, mhz);
  if (enabled(cpu, "pmull")) add(m.clmul, "carry-less multiply, PMULL", 128, 1, clmul_cycles, mhz);
#endif
  (void)zmm;
  for (const InstructionTiming& t : m.aes) m.aes_rate = std::max(m.aes_rate, t.lane_rate());
  if (!m.aes.empty()) m.aes_latency = m.aes.front().latency;
  for (const InstructionTiming& t : m.clmul) m.clmul_rate = std::max(m.clmul_rate, t.lane_rate());
  // Sharing, at the widest width timed for both instructions: AES rounds and products
  // interleaved at their throughput ratio (r rounds per product), set against the two alone.
  for (const InstructionTiming& a : m.aes) {
    for (const InstructionTiming& c : m.clmul) {
      if (a.lanes != c.lanes || a.lanes * 128 <= m.mix_width) continue;
      if (a.per_cycle <= 0 || c.per_cycle <= 0) continue;
      const auto r =
          static_cast<unsigned>(std::clamp(std::lround(a.per_cycle / c.per_cycle), 1L, 4L));
      const double mix = aes_clmul_mix_cycles(a.lanes * 128, r, mhz);
      if (mix <= 0) continue;
      const double alone_a = 3.0 * r / a.per_cycle, alone_c = 3.0 / c.per_cycle;
      const double f = (mix - std::max(alone_a, alone_c)) / std::min(alone_a, alone_c);
      m.mix_width = a.lanes * 128;
      m.mix_rounds = r;
      m.mix_cycles = mix;
      m.mix_alone = std::max(alone_a, alone_c);
      m.sharing = std::clamp(f, 0.0, 1.0);
    }
  }
  return m;
}

std::optional<double> bound_cycles_per_byte(const std::string& algorithm, const std::string& op,
                                            const MachineLimits& m) {
  if (std::optional<double> aegis = aegis_bound(algorithm, m)) return aegis;
  const unsigned r = rounds_of(algorithm);
  if (r == 0 || m.aes_rate <= 0) return std::nullopt;
  const double parallel = r / m.aes_rate / 16;
  const double serial = r * m.aes_latency / 16;
  const std::string_view a = algorithm;
  const std::size_t dash = a.find('-', a.starts_with("XAES") ? 9 : 8);
  const std::string_view mode = a.starts_with("XAES") ? "GCM" : a.substr(8, dash - 8 + 0);
  const std::string_view rest = dash == std::string_view::npos ? "" : a.substr(dash);
  const bool encrypt = op == "encrypt" || op == "seal";
  if (mode == "GCM" && (rest.empty() || rest == "-SIV")) {
    if (m.clmul_rate <= 0) return std::nullopt;
    return m.overlapped(parallel, 3.125 / m.clmul_rate / 16);
  }
  if (mode == "HCTR2" && rest.empty()) {
    if (m.clmul_rate <= 0) return std::nullopt;
    const double polyval = 3.125 / m.clmul_rate / 16;
    return polyval + m.overlapped(parallel, polyval);
  }
  if (!rest.empty()) return std::nullopt;  // TLS CBC-HMAC / CTR-HMAC: SHA-bound, no model
  if (mode == "ECB" || mode == "CTR" || mode == "XTS" || mode == "OCB") return parallel;
  if (mode == "CBC" || mode == "CFB") return encrypt ? serial : parallel;
  if (mode == "CFB8") return serial * 16;
  if (mode == "OFB" || mode == "CCM" || mode == "EAX" || mode == "SIV" || mode == "CMAC")
    return serial;
  return std::nullopt;
}

void print_bounds(std::FILE* out, const MachineLimits& m, const std::vector<Record>& records,
                  const std::string& ours) {
  std::fprintf(out, "\nThe machine's limit (--bound), measured on this CPU at %.0f MHz:\n", m.mhz);
  std::fprintf(out, "  %-38s %9s %11s %13s\n", "instruction", "latency", "per cycle",
               "lanes/cycle");
  for (const auto* list : {&m.aes, &m.clmul})
    for (const InstructionTiming& t : *list)
      std::fprintf(out, "  %-38s %9.2f %11.2f %13.2f\n", t.name.c_str(), t.latency, t.per_cycle,
                   t.lane_rate());
  std::fprintf(out, "  %-38s %9.2f %11s %13s\n", "dependent add (the clock's reference)", 1.0, "-",
               "-");
  if (m.mix_cycles > 0) {
    std::fprintf(
        out,
        "  AES rounds and carry-less multiplies interleaved, %u rounds per product (%u-bit,"
        " their\n  throughput ratio): %.2f cycles per %u rounds + 3 products, against %.2f"
        " for the slower alone:\n  sharing %.2f (0: separate units, the slower one sets "
        "the pace; 1: the times add;\n  used by the GCM and HCTR2 bounds)\n",
        m.mix_rounds, m.mix_width, m.mix_cycles, 3 * m.mix_rounds, m.mix_alone, m.sharing);
  }
  if (m.aes_rate <= 0) {
    std::fprintf(out,
                 "  (no AES instruction timed here: this CPU has none, or this architecture has no "
                 "loop in bound_*.cpp; no bound for the modes)\n");
    std::fflush(out);
    return;
  }
  std::fprintf(out,
               "\n  %-28s %8s %12s %9s   (aeskit at its largest size measured; model: "
               "docs/SPEED-BOUND.md)\n",
               "item", "bound", "aeskit c/B", "of bound");
  std::vector<std::string> seen;
  for (const Record& r : records) {
    if (r.impl != ours || r.kind == ItemKind::block || r.kind == ItemKind::setup) continue;
    const std::string label = r.algorithm + " " + r.op;
    if (std::find(seen.begin(), seen.end(), label) != seen.end()) continue;
    seen.push_back(label);
    const Record* largest = &r;
    for (const Record& o : records)
      if (o.impl == ours && o.algorithm == r.algorithm && o.op == r.op && o.bytes > largest->bytes)
        largest = &o;
    const std::optional<double> bound = bound_cycles_per_byte(r.algorithm, r.op, m);
    const double mbps = mb_per_sec(*largest);
    if (!bound || mbps <= 0) continue;
    const double cpb = m.mhz / mbps;
    std::fprintf(out, "  %-28s %8.3f %12.3f %8.0f%%   (%zu bytes)\n", label.c_str(), *bound, cpb,
                 100 * *bound / cpb, largest->bytes);
  }
  std::fflush(out);
}

}  // namespace aeskit::cli::speed
