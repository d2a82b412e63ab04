// tools/aeskit/speed/summary.cpp — the compact tables and the CSV of `aeskit speed`
// (summary.hpp).
#include "speed/summary.hpp"

#include <algorithm>
#include <string_view>

namespace aeskit::cli::speed {
namespace {

bool per_op(ItemKind kind) {
  return kind == ItemKind::block || kind == ItemKind::setup;
}

// group_of: the table a record belongs to.
std::string group_of(const Record& r) {
  if (r.kind == ItemKind::chunked) return "Chunked files (c2sp.org Cobblestone) and memcpy";
  if (r.kind == ItemKind::hash) return "Hashes and MACs";
  const std::string_view a = r.algorithm;
  if (a.starts_with("AES-") && a.size() >= 7) {
    const std::string bits(a.substr(4, 3));
    if (per_op(r.kind)) return "AES-" + bits + ": one block and one key setup (ns/op)";
    if (bits == "128" || bits == "192" || bits == "256") return "AES-" + bits;
  }
  return "Other";
}

// row_name: the operation within its group ("GCM seal" in the AES-128 table).
std::string row_name(const Record& r) {
  std::string_view a = r.algorithm;
  if (r.kind != ItemKind::chunked && r.kind != ItemKind::hash && a.starts_with("AES-") &&
      a.size() > 8 && a[7] == '-')
    a.remove_prefix(8);
  else if (per_op(r.kind) && a.starts_with("AES-"))
    a = "";
  std::string name(a);
  if (!name.empty()) name += ' ';
  return name + r.op;
}

template <class T>
void add_unique(std::vector<T>& v, const T& x) {
  if (std::find(v.begin(), v.end(), x) == v.end()) v.push_back(x);
}

}  // namespace

double cycles_per_byte(const Record& record, double mhz) {
  const double mbps = mb_per_sec(record);
  if (mhz <= 0 || mbps <= 0) return 0;
  return mhz / mbps;  // (cycles/s) / (bytes/s), both in millions
}

double cycles_per_op(const Record& record, double mhz) {
  return mhz <= 0 ? 0 : ns_per_op(record) * mhz / 1e3;
}

void print_summary(std::FILE* out, const std::vector<Record>& records, const std::string& ours,
                   double mhz) {
  std::vector<std::string> groups;
  for (const Record& r : records) add_unique(groups, group_of(r));
  for (const std::string& group : groups) {
    std::vector<std::string> rows;
    std::vector<std::size_t> sizes;
    bool ns = false;
    for (const Record& r : records) {
      if (group_of(r) != group) continue;
      add_unique(rows, row_name(r));
      add_unique(sizes, r.bytes);
      ns = ns || per_op(r.kind);
    }
    if (!ns) std::sort(sizes.begin(), sizes.end());
    std::fprintf(out, "\n%s\n%-24s", group.c_str(), "");
    for (std::size_t bytes : sizes) {
      const std::string head = ns ? std::string("per operation") : std::to_string(bytes) + " bytes";
      std::fprintf(out, " | %-21s", head.c_str());
    }
    std::fprintf(out, "\n%-24s", "");
    for (std::size_t i = 0; i < sizes.size(); ++i)
      std::fprintf(out, " | %21s", ns ? "ns   cycles vs best" : "MB/s  c/B  vs best");
    std::fputc('\n', out);
    for (const std::string& row : rows) {
      std::fprintf(out, "%-24.24s", row.c_str());
      for (std::size_t bytes : sizes) {
        const Record* mine = nullptr;
        double best_peer = 0;
        for (const Record& r : records) {
          if (group_of(r) != group || row_name(r) != row || r.bytes != bytes) continue;
          if (r.impl == ours)
            mine = &r;
          else
            best_peer = std::max(best_peer, ops_per_sec(r));
        }
        if (mine == nullptr) {
          std::fprintf(out, " | %21s", "-");
          continue;
        }
        char ratio[16] = "   -  ";
        if (best_peer > 0) {
          const double x = ops_per_sec(*mine) / best_peer;
          std::snprintf(ratio, sizeof ratio, "%5.2fx%c", x, x < 0.995 ? '<' : ' ');
        }
        if (ns)
          std::fprintf(out, " | %6.1f %6.0f %7s", ns_per_op(*mine), cycles_per_op(*mine, mhz),
                       ratio);
        else
          std::fprintf(out, mb_per_sec(*mine) < 99.95 ? " | %6.1f %5.2f %7s" : " | %6.0f %5.2f %7s",
                       mb_per_sec(*mine), cycles_per_byte(*mine, mhz), ratio);
      }
      std::fputc('\n', out);
    }
  }
  std::fprintf(out,
               "\nvs best: aeskit's speed over the fastest peer measured at that size in this "
               "run ('<': aeskit behind);\nc/B and cycles at %.0f MHz (measured: dependent adds; "
               "--cpu-mhz to set it).\n",
               mhz);
  std::fflush(out);
}

void print_slopes(std::FILE* out, const std::vector<Record>& records,
                  const std::vector<std::string>& impls, double mhz) {
  std::vector<std::string> labels;
  for (const Record& r : records)
    if (!per_op(r.kind) && r.kind != ItemKind::chunked)
      add_unique(labels, r.algorithm + " " + r.op);
  std::fprintf(out,
               "\nSlopes (--slope): time per operation = per-call + size x per-byte, fitted "
               "over the sizes measured\n%-28s",
               "");
  for (const std::string& impl : impls) std::fprintf(out, " | %-24s", impl.c_str());
  std::fprintf(out, "\n%-28s", "item");
  for (std::size_t i = 0; i < impls.size(); ++i)
    std::fprintf(out, " | %24s", "c/B   per-call cycles");
  std::fputc('\n', out);
  for (const std::string& label : labels) {
    std::string line;
    bool any = false;
    for (const std::string& impl : impls) {
      double n = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
      for (const Record& r : records) {
        if (r.impl != impl || r.algorithm + " " + r.op != label || ops_per_sec(r) <= 0) continue;
        const double x = static_cast<double>(r.bytes), y = ns_per_op(r) * mhz / 1e3;  // cycles
        n += 1;
        sx += x;
        sy += y;
        sxx += x * x;
        sxy += x * y;
      }
      char cell[64] = "                       -";
      const double var = n * sxx - sx * sx;
      if (n >= 2 && var > 0) {
        const double slope = (n * sxy - sx * sy) / var;
        const double intercept = (sy - slope * sx) / n;
        std::snprintf(cell, sizeof cell, "%6.3f %17.0f", slope, intercept);
        any = true;
      }
      line += " | ";
      line += cell;
    }
    if (any) std::fprintf(out, "%-28.28s%s\n", label.c_str(), line.c_str());
  }
  std::fflush(out);
}

void write_csv(std::FILE* out, const std::vector<Record>& records, double mhz) {
  std::fputs(
      "impl,backend,algorithm,op,bytes,ops_per_sec,mb_per_sec,ns_per_op,cycles_per_byte,"
      "cycles_per_op,cpu_mhz,hw_masked\n",
      out);
  for (const Record& r : records) {
    std::fprintf(out, "%s,%s,%s,%s,%zu,%.1f,%.3f,%.2f,%.4f,%.1f,%.0f,%s\n", r.impl.c_str(),
                 r.backend.c_str(), r.algorithm.c_str(), r.op.c_str(), r.bytes, ops_per_sec(r),
                 mb_per_sec(r), ns_per_op(r), per_op(r.kind) ? 0.0 : cycles_per_byte(r, mhz),
                 cycles_per_op(r, mhz), mhz, r.hw_masked ? "true" : "false");
  }
  std::fflush(out);
}

}  // namespace aeskit::cli::speed
