// tools/aeskit/cmd_speed.cpp — `aeskit speed`: measure aeskit against OpenSSL and libgcrypt.
//
// For every selected item: key each implementation once, cross-check aeskit's output with
// each peer's (stop with status 1 on any difference), then time every implementation at
// each size, alternating implementations within a size so drifting machine load hits all of
// them alike. The report (--format): the compact tables of speed/summary.hpp at the end (the
// default), BoringSSL-style lines and a table per item as they are measured (bssl), or CSV.
// Timing method: speed/timer.cpp; the clock for cycles/byte: speed/clock.hpp.
#include <algorithm>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "aeskit/aeskit.hpp"
#include "commands.hpp"
#include "speed/batch.hpp"
#include "speed/bound.hpp"
#include "speed/buffer.hpp"
#include "speed/chunked.hpp"
#include "speed/clock.hpp"
#include "speed/hash.hpp"
#include "speed/impl.hpp"
#include "speed/items.hpp"
#include "speed/mac.hpp"
#include "speed/mask.hpp"
#include "speed/options.hpp"
#include "speed/plot.hpp"
#include "speed/progress.hpp"
#include "speed/report.hpp"
#include "speed/summary.hpp"
#include "speed/timer.hpp"
#include "speed/verify.hpp"

namespace aeskit::cli {

using namespace speed;  // this file drives the speed:: parts

namespace {

constexpr int kExitFailed = 1;
constexpr int kExitUsage = 2;

// Key and IVs shared by all implementations. The timing IV's low 32 bits do not wrap within
// the largest message, as for almost any random IV. The check IV's low 64 bits wrap after
// 16 blocks, so the cross-check also proves all implementations carry CTR's counter through
// the whole 128 bits (aeskit Mode::ctr128, not ctr32). AEAD items take the first 12 bytes of
// the timing IV as their nonce, and all 16 bytes of the check IV (GCM's hashed nonce).
// XTS items take twice the AES key size (Key1 || Key2, whose halves differ) and the IV as
// their tweak.
constexpr std::uint8_t kKey[64] = {
    0x60, 0x3d, 0xeb, 0x10, 0x15, 0xca, 0x71, 0xbe, 0x2b, 0x73, 0xae, 0xf0, 0x85, 0x7d, 0x77, 0x81,
    0x1f, 0x35, 0x2c, 0x07, 0x3b, 0x61, 0x08, 0xd7, 0x2d, 0x98, 0x10, 0xa3, 0x09, 0x14, 0xdf, 0xf4,
    0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6, 0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf, 0x4f, 0x3c,
    0x8e, 0x73, 0xb0, 0xf7, 0xda, 0x0e, 0x64, 0x52, 0xc8, 0x10, 0xf3, 0x2b, 0x80, 0x90, 0x79, 0xe5};
constexpr std::uint8_t kTimingIv[16] = {0xf0, 0xe1, 0xd2, 0xc3, 0xb4, 0xa5, 0x96, 0x87,
                                        0x78, 0x69, 0x5a, 0x4b, 0x1a, 0x2b, 0x3c, 0x4d};
constexpr std::uint8_t kCheckIv[16] = {0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
                                       0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xf0};

struct Prepared {
  Impl* impl = nullptr;
  std::unique_ptr<Runner> runner;  // null once the item failed for this implementation
};

struct Run {
  Options options;
  std::FILE* human = stdout;
  std::FILE* json = nullptr;                 // --json destination, opened before any timing
  std::vector<std::unique_ptr<Impl>> impls;  // aeskit first
  std::vector<std::string> impl_names;
  // Peers left out of a default run (no --compare): "name: why", for the report header.
  std::vector<std::string> absent_peers;
  std::vector<Record> records;
  double mhz = 0;  // core clock for cycles/byte (--cpu-mhz or measured)
  Progress* progress = nullptr;
  int failures = 0;
  int items_checked = 0;
};

void report_failure(Run& run, const std::string& who, const Item& item, const std::string& error) {
  if (run.progress != nullptr) run.progress->clear();
  std::fflush(run.human);
  std::fprintf(stderr, "error: %s %s: %s; item skipped for %s\n", who.c_str(), item.label().c_str(),
               error.c_str(), who.c_str());
  ++run.failures;
}

// select_impls fills run.impls: aeskit, then the peers asked for. Returns an exit status,
// or -1 to go on.
int select_impls(Run& run) {
  std::string error;
  std::unique_ptr<Impl> ours = make_aeskit_impl(run.options.backend, error);
  if (!ours) {
    std::fprintf(stderr, "aeskit speed: %s\n", error.c_str());
    return kExitUsage;
  }
  run.impls.push_back(std::move(ours));

  std::vector<std::string> wanted;
  if (run.options.compare) {
    wanted = *run.options.compare;
  } else {
    for (const Peer& peer : peers()) {
      if (peer.make != nullptr)
        wanted.emplace_back(peer.name);
      else
        run.absent_peers.push_back(std::string(peer.name) +
                                   ": not measured: " + std::string(peer.missing));
    }
  }
  for (const std::string& name : wanted) {
    const Peer* found = nullptr;
    for (const Peer& peer : peers()) found = peer.name == name ? &peer : found;
    if (found == nullptr) {
      std::string known;
      for (const Peer& peer : peers())
        known += (known.empty() ? "" : ", ") + std::string(peer.name);
      std::fprintf(stderr, "aeskit speed: unknown peer '%s' (known: %s)\n", name.c_str(),
                   known.c_str());
      return kExitUsage;
    }
    if (found->make == nullptr) {
      std::fprintf(stderr, "aeskit speed: cannot compare with %s: %.*s\n", name.c_str(),
                   static_cast<int>(found->missing.size()), found->missing.data());
      return kExitUsage;
    }
    bool duplicate = false;
    for (const auto& impl : run.impls) duplicate = duplicate || impl->name() == name;
    if (duplicate) continue;
    std::unique_ptr<Impl> peer = found->make(error);
    if (!peer && !run.options.compare && found->name.starts_with("ipsec-mb")) {
      // Loaded at run time: a default run goes on without it (asked for, it is an error).
      run.absent_peers.push_back(name + ": not measured: " + error);
      continue;
    }
    if (!peer) {
      std::fprintf(stderr, "aeskit speed: %s: %s\n", name.c_str(), error.c_str());
      return kExitFailed;
    }
    run.impls.push_back(std::move(peer));
  }
  for (const auto& impl : run.impls) run.impl_names.emplace_back(impl->name());
  return -1;
}

void print_header(const Run& run) {
  std::string sizes;
  for (std::size_t size : run.options.sizes) {
    if (!sizes.empty()) sizes += ',';
    sizes += std::to_string(size);
  }
  const CpuReport cpu = cpu_report();
  std::fprintf(run.human, "aeskit speed on %s, clock %.0f MHz (%s)\n",
               cpu.cpu_name.empty() ? "a CPU without a brand string" : cpu.cpu_name.c_str(),
               run.mhz, run.options.cpu_mhz > 0 ? "--cpu-mhz" : "measured: dependent adds");
  if (!cpu.disable_setting.empty())
    std::fprintf(run.human, "AESKIT_DISABLE=%s: those CPU features removed from aeskit\n",
                 cpu.disable_setting.c_str());
  std::fprintf(run.human,
               "aeskit backend %.*s; %g s per measurement (one run after a warm-up); sizes %s\n",
               static_cast<int>(run.impls.front()->backend().size()),
               run.impls.front()->backend().data(), run.options.seconds, sizes.c_str());
  for (const auto& impl : run.impls) {
    const std::string tag = std::string(impl->name()) + ":";
    const int width = std::max(11, static_cast<int>(tag.size()) + 1);
    std::fprintf(run.human, "  %-*s%s\n", width, tag.c_str(), impl->describe().c_str());
  }
  for (const std::string& absent : run.absent_peers)
    std::fprintf(run.human, "  (%s)\n", absent.c_str());
  if (run.options.format == Format::bssl) std::fputc('\n', run.human);
  std::fflush(run.human);
}

std::vector<Prepared> prepare_all(Run& run, const Item& item, const Material& material,
                                  bool report) {
  std::vector<Prepared> prepared;
  for (const auto& impl : run.impls) {
    Prepared entry{impl.get(), nullptr};
    std::string error;
    entry.runner = impl->prepare(item, material, error);
    // An empty error: the peer lacks the algorithm (OpenSSL and EAX); measured without it.
    if (!entry.runner && report && !error.empty())
      report_failure(run, std::string(impl->name()), item, error);
    prepared.push_back(std::move(entry));
  }
  return prepared;
}

// verify cross-checks aeskit against every peer with the timing runners and with fresh
// runners on the carry-testing IV. Returns false on a mismatch (the run must stop).
bool verify(Run& run, const Item& item, std::vector<Prepared>& timed,
            std::span<const std::uint8_t> in) {
  const std::vector<std::size_t> lengths = check_lengths(item, run.options.sizes);
  if (lengths.empty() || timed.size() < 2 || !timed.front().runner) return true;
  std::vector<Prepared> carry = prepare_all(run, item, {kKey, kCheckIv, sizeof kCheckIv}, false);
  for (std::size_t p = 1; p < timed.size(); ++p) {
    for (std::vector<Prepared>* set : {&timed, &carry}) {
      Prepared& ours = set->front();
      Prepared& peer = (*set)[p];
      if (!ours.runner || !peer.runner || !timed.front().runner || !timed[p].runner) continue;
      const std::string peer_name(peer.impl->name());
      const CrossCheck check =
          cross_check(item, *ours.runner, *peer.runner, peer_name, in, lengths);
      if (check.outcome == CrossCheck::Outcome::differs) {
        std::fflush(run.human);
        std::fprintf(stderr,
                     "\n*****************************************************************\n"
                     "*** MISMATCH: aeskit (%.*s) and %s disagree on %s\n"
                     "*** (%s IV) %s\n"
                     "*** Their speeds would not measure the same computation; stopping.\n"
                     "*****************************************************************\n\n",
                     static_cast<int>(ours.impl->backend().size()), ours.impl->backend().data(),
                     peer_name.c_str(), item.label().c_str(),
                     set == &timed ? "timing" : "counter-carry", check.detail.c_str());
        return false;
      }
      if (check.outcome == CrossCheck::Outcome::ours_failed) {
        report_failure(run, "aeskit", item, check.detail);
        timed.front().runner.reset();
      } else if (check.outcome == CrossCheck::Outcome::peer_failed) {
        report_failure(run, peer_name, item, check.detail);
        timed[p].runner.reset();
      }
    }
  }
  ++run.items_checked;
  return true;
}

std::string table_note(const Run& run, const Item& item, std::size_t measured_sizes) {
  const std::string backend(run.impls.front()->backend());
  std::string note = "aeskit backend " + backend;
  if (item.kind == ItemKind::aead) {
    const std::uint8_t key[64] = {};
    if (const AeadAlgorithm* algorithm = aead::find(item.algorithm)) {
      Result<AeadKey> probe = AeadKey::create(
          *algorithm, std::span<const std::uint8_t>(key).first(algorithm->key_length()),
          aead_tag_bytes(item), backend);
      if (probe.ok()) note += ", " + probe->kernel();
    }
    note += "; " + std::to_string(kAeadAdBytes) + "-byte AD, " +
            std::to_string(aead_tag_bytes(item)) + "-byte tag";
  }
  if (item.family == Family::cmac) return cmac_table_note(item, backend);
  if (item.kind == ItemKind::hash || item.family == Family::hkdf) return hash_table_note(item);
  if (item.kind == ItemKind::chunked) return chunked_table_note(item);
  if (item.kind == ItemKind::batch) return note + batch_table_note(item);
  if (item.kind == ItemKind::xts) {
    const std::string kernel = xts_kernel_for(item.direction, item.key_bits, backend);
    if (!kernel.empty()) note += ", kernel " + kernel;
    note += "; one data unit of the message size per operation";
  }
  if (item.kind == ItemKind::message) {
    const std::string kernel = kernel_for(item.mode, item.direction, item.key_bits, backend);
    if (!kernel.empty()) note += ", kernel " + kernel;
    if (measured_sizes < run.options.sizes.size()) {
      note += "; sizes that are not a multiple of 16 skipped (no padding)";
    }
  }
  return note;
}

void time_item(Run& run, const Item& item, std::vector<Prepared>& prepared,
               std::span<const std::uint8_t> in, std::span<std::uint8_t> out) {
  const std::vector<std::size_t> sizes = run_sizes(item, run.options.sizes);
  if (sizes.empty()) {
    std::fprintf(run.human, "%s: skipped, no size given is a multiple of 16 (no padding)\n\n",
                 item.label().c_str());
    return;
  }
  std::vector<Record> item_records;
  for (std::size_t bytes : sizes) {
    // Block and setup runners read (at most) one block; message runners the whole message.
    const bool whole_message = item.kind == ItemKind::message || item.kind == ItemKind::aead ||
                               item.kind == ItemKind::xts || item.kind == ItemKind::hash ||
                               item.kind == ItemKind::tls || item.kind == ItemKind::chunked ||
                               item.kind == ItemKind::batch;
    const std::size_t span = whole_message ? bytes : kBlockSize;
    for (Prepared& entry : prepared) {
      if (!entry.runner) continue;
      if (run.progress != nullptr)
        run.progress->step(item.label() + " " + std::to_string(bytes) + " B, " +
                           std::string(entry.impl->name()));
      Record record{std::string(entry.impl->name()),
                    std::string(entry.impl->backend()),
                    item.algorithm,
                    item.op,
                    item.kind,
                    bytes,
                    {},
                    impl_hw_masked(entry.impl->name())};
      std::string error;
      if (!measure(*entry.runner, in.first(span), out.first(output_length(item, span)),
                   run.options.seconds, record.timing, error)) {
        report_failure(run, record.impl, item, error);
        entry.runner.reset();
        continue;
      }
      if (run.options.format == Format::bssl) {
        print_line(run.human, record);
        std::fflush(run.human);
      }
      item_records.push_back(record);
    }
  }
  if (!item_records.empty() && run.options.format == Format::bssl) {
    print_table(run.human, item, item_records, run.impl_names, table_note(run, item, sizes.size()));
  }
  run.records.insert(run.records.end(), item_records.begin(), item_records.end());
}

}  // namespace

int run_speed(int argc, char** argv) {
  Run run;
  std::string error;
  if (!parse_options(argc, argv, run.options, error)) {
    std::fprintf(stderr, "aeskit speed: %s (see aeskit speed --help)\n", error.c_str());
    return kExitUsage;
  }
  if (run.options.help) {
    std::fputs(usage(), stdout);
    return 0;
  }
  if (run.options.json_path == "-") run.human = stderr;

  if (run.options.quick) {
    if (!run.options.sizes_given) run.options.sizes = {16, 1350, 16384};
    if (!run.options.seconds_given) run.options.seconds = 0.1;
  }
  std::vector<Item> items;
  for (Item& item : all_items()) {
    if (run.options.quick && !in_quick_set(item)) continue;
    if (matches_filters(item, run.options.filters)) items.push_back(std::move(item));
  }
  if (items.empty()) {
    std::fprintf(stderr, "aeskit speed: no item matches the --filter given\n");
    return kExitUsage;
  }
  if (const int status = select_impls(run); status >= 0) return status;
  if (run.options.verify_only && run.impls.size() < 2) {
    std::fprintf(stderr, "aeskit speed: --verify-only needs a peer to compare with\n");
    return kExitUsage;
  }
  if (!run.options.json_path.empty() && !run.options.verify_only) {
    run.json = open_json(run.options.json_path, error);
    if (run.json == nullptr) {
      std::fprintf(stderr, "aeskit speed: %s\n", error.c_str());
      return kExitUsage;
    }
  }
  if (!run.options.verify_only)
    run.mhz = run.options.cpu_mhz > 0 ? run.options.cpu_mhz : measure_cpu_mhz();
  print_header(run);

  std::size_t longest = 1350;  // the cross-check's tail length
  for (std::size_t size : run.options.sizes) longest = std::max(longest, size);
  std::size_t longest_out = longest + kAeadMaxTagBytes;
  for (const Item& item : items) {  // chunked items add sizes of their own, and headers
    for (std::size_t size : run_sizes(item, run.options.sizes)) {
      longest = std::max(longest, size);
      longest_out = std::max({longest_out, size + kAeadMaxTagBytes, output_length(item, size)});
    }
  }
  AlignedBuffer in(longest);
  AlignedBuffer out(longest_out);
  for (std::size_t i = 0; i < longest; ++i) {
    in.span()[i] = static_cast<std::uint8_t>(i * 31 + 7);
  }

  // The progress line: only for the formats that print at the end, on a terminal.
  std::size_t measurements = 0;
  for (const Item& item : items)
    measurements += run_sizes(item, run.options.sizes).size() * run.impls.size();
  Progress progress(measurements, run.options.format != Format::bssl && !run.options.verify_only &&
                                      stderr_is_terminal());
  run.progress = &progress;

  for (const Item& item : items) {
    std::vector<Prepared> prepared = prepare_all(run, item, {kKey, kTimingIv}, true);
    if (!verify(run, item, prepared, in.span())) return kExitFailed;
    if (run.options.verify_only) {
      const bool has_output = item.kind != ItemKind::setup;
      std::fprintf(run.human, "%s %s\n", has_output ? "checked" : "nothing to check for",
                   item.label().c_str());
      continue;
    }
    time_item(run, item, prepared, in.span(), out.span());
    if (item.kind == ItemKind::chunked && run.options.format == Format::bssl &&
        !print_chunked_ratios(run.human, item, run.records, *run.impls.front(), run.options.seconds,
                              in.span(), out.span(), error)) {
      report_failure(run, "aeskit", item, "AES-GCM reference: " + error);
    }
  }

  progress.clear();
  run.progress = nullptr;
  if (!run.options.verify_only && run.options.format == Format::table)
    print_summary(run.human, run.records, std::string(run.impls.front()->name()), run.mhz);
  if (!run.options.verify_only && run.options.format == Format::csv)
    write_csv(run.human, run.records, run.mhz);
  if (!run.options.verify_only && run.options.slope)
    print_slopes(run.human, run.records, run.impl_names, run.mhz);
  std::optional<MachineLimits> limits;
  if (!run.options.verify_only && run.options.bound) {
    limits = measure_limits(run.mhz);
    print_bounds(run.human, *limits, run.records, std::string(run.impls.front()->name()));
  }
  for (const auto& [path, scaling] :
       {std::pair{run.options.plot_path, false}, std::pair{run.options.plot_scaling_path, true}}) {
    if (path.empty() || run.options.verify_only) continue;
    const std::string svg = scaling ? scaling_svg(run.records)
                                    : throughput_svg(run.records, limits ? &*limits : nullptr);
    if (svg.empty()) {
      std::fprintf(stderr, "aeskit speed: nothing to plot in %s (%s)\n", path.c_str(),
                   scaling ? "needs a multi-thread item at two thread counts or more"
                           : "needs an item measured at two sizes or more");
      ++run.failures;
    } else if (!write_file(path, svg, error)) {
      std::fprintf(stderr, "aeskit speed: %s\n", error.c_str());
      ++run.failures;
    } else {
      std::fprintf(run.human, "plot written to %s\n", path.c_str());
    }
  }
  if (run.impls.size() > 1) {
    std::fprintf(run.human, "cross-check: aeskit's output matched every peer's on %d item%s\n",
                 run.items_checked, run.items_checked == 1 ? "" : "s");
  }
  if (run.options.quick && !run.options.verify_only)
    std::fprintf(run.human,
                 "--quick measured a curated set; `aeskit speed` measures every item (about 3 "
                 "minutes), with --bound the machine's limit, --plot FILE.svg a plot (--help).\n");
  if (run.json != nullptr) {
    if (!write_json(run.json, run.records, run.mhz, error)) {
      std::fprintf(stderr, "aeskit speed: %s\n", error.c_str());
      return kExitFailed;
    }
  }
  if (run.failures > 0) {
    std::fprintf(stderr, "aeskit speed: %d item%s failed (see errors above)\n", run.failures,
                 run.failures == 1 ? "" : "s");
    return kExitFailed;
  }
  return 0;
}

}  // namespace aeskit::cli
