// tools/aeskit/speed/report.cpp — human-readable lines and tables, and the JSON output, of
// `aeskit speed`. The line format and the JSON field names are a public contract: other
// tools parse them.
#include "speed/report.hpp"

#include <cerrno>
#include <cstring>

namespace aeskit::cli::speed {
namespace {

bool per_op_item(ItemKind kind) {
  return kind == ItemKind::block || kind == ItemKind::setup;
}

const Record* find(const std::vector<Record>& records, std::string_view impl, std::size_t bytes) {
  for (const Record& record : records) {
    if (record.impl == impl && record.bytes == bytes) return &record;
  }
  return nullptr;
}

// The table shows, per implementation, MB/s for messages and ns/op for blocks and setups.
double shown_value(const Record& record) {
  return per_op_item(record.kind) ? ns_per_op(record) : mb_per_sec(record);
}

void write_escaped(std::FILE* out, std::string_view text) {
  std::fputc('"', out);
  for (char c : text) {
    if (c == '"' || c == '\\') {
      std::fputc('\\', out);
      std::fputc(c, out);
    } else if (static_cast<unsigned char>(c) < 0x20) {
      std::fprintf(out, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(c)));
    } else {
      std::fputc(c, out);
    }
  }
  std::fputc('"', out);
}

void write_record(std::FILE* out, const Record& record, double mhz) {
  std::fputs("{\"impl\":", out);
  write_escaped(out, record.impl);
  std::fputs(",\"backend\":", out);
  write_escaped(out, record.backend);
  std::fputs(",\"algorithm\":", out);
  write_escaped(out, record.algorithm);
  std::fputs(",\"op\":", out);
  write_escaped(out, record.op);
  std::fprintf(out, ",\"bytes\":%zu,\"ops_per_sec\":%.1f,\"mb_per_sec\":%.3f", record.bytes,
               ops_per_sec(record), mb_per_sec(record));
  if (per_op_item(record.kind)) std::fprintf(out, ",\"ns_per_op\":%.2f", ns_per_op(record));
  std::fprintf(out, ",\"hw_masked\":%s", record.hw_masked ? "true" : "false");
  if (mhz > 0) {
    std::fprintf(out, ",\"cpu_mhz\":%.0f", mhz);
    if (per_op_item(record.kind))
      std::fprintf(out, ",\"cycles_per_op\":%.1f", ns_per_op(record) * mhz / 1e3);
    else if (mb_per_sec(record) > 0)
      std::fprintf(out, ",\"cycles_per_byte\":%.4f", mhz / mb_per_sec(record));
  }
  std::fputc('}', out);
}

}  // namespace

double ops_per_sec(const Record& record) {
  if (record.timing.seconds <= 0) return 0;
  return static_cast<double>(record.timing.ops) / record.timing.seconds;
}

double mb_per_sec(const Record& record) {
  return ops_per_sec(record) * static_cast<double>(record.bytes) / 1e6;
}

double ns_per_op(const Record& record) {
  if (record.timing.ops == 0) return 0;
  return record.timing.seconds * 1e9 / static_cast<double>(record.timing.ops);
}

void print_line(std::FILE* out, const Record& record) {
  const std::string tag = record.impl + ":";
  std::fprintf(out, "%-10s Did %llu %s", tag.c_str(),
               static_cast<unsigned long long>(record.timing.ops), record.algorithm.c_str());
  if (record.kind != ItemKind::setup) std::fprintf(out, " (%zu bytes)", record.bytes);
  std::fprintf(out, " %s operations in %.0f us (%.1f ops/sec): ", record.op.c_str(),
               record.timing.seconds * 1e6, ops_per_sec(record));
  if (per_op_item(record.kind)) {
    std::fprintf(out, "%.1f ns/op\n", ns_per_op(record));
  } else {
    std::fprintf(out, "%.1f MB/s\n", mb_per_sec(record));
  }
}

void print_table(std::FILE* out, const Item& item, const std::vector<Record>& records,
                 const std::vector<std::string>& impls, std::string_view title_note) {
  const bool per_op = per_op_item(item.kind);
  const char* unit = per_op ? "ns/op" : "MB/s";
  std::fprintf(out, "\n%s %s", item.algorithm.c_str(), item.op.c_str());
  if (!title_note.empty())
    std::fprintf(out, " -- %.*s", static_cast<int>(title_note.size()), title_note.data());
  std::fprintf(out, "\n%9s", "bytes");
  for (const std::string& impl : impls) {
    const std::string heading = impl + " " + unit;
    std::fprintf(out, "  %16s", heading.c_str());
    if (impl != impls.front()) {
      const std::string ratio = impls.front() + "/" + impl;
      std::fprintf(out, "  %16s", ratio.c_str());
    }
  }
  std::fputc('\n', out);

  // Rows follow the order the sizes were measured in.
  std::vector<std::size_t> sizes;
  for (const Record& record : records) {
    bool seen = false;
    for (std::size_t size : sizes) seen = seen || size == record.bytes;
    if (!seen) sizes.push_back(record.bytes);
  }
  for (std::size_t bytes : sizes) {
    if (item.kind == ItemKind::setup) {
      std::fprintf(out, "%9s", "-");
    } else {
      std::fprintf(out, "%9zu", bytes);
    }
    const Record* ours = find(records, impls.front(), bytes);
    for (const std::string& impl : impls) {
      const Record* record = find(records, impl, bytes);
      if (record != nullptr) {
        std::fprintf(out, "  %16.1f", shown_value(*record));
      } else {
        std::fprintf(out, "  %16s", "-");
      }
      if (impl == impls.front()) continue;
      // Speed ratio: aeskit's operations per second over the peer's.
      if (ours != nullptr && record != nullptr && ops_per_sec(*record) > 0) {
        std::fprintf(out, "  %15.2fx", ops_per_sec(*ours) / ops_per_sec(*record));
      } else {
        std::fprintf(out, "  %16s", "-");
      }
    }
    std::fputc('\n', out);
  }
  std::fputc('\n', out);
  std::fflush(out);
}

std::FILE* open_json(const std::string& path, std::string& error) {
  if (path == "-") return stdout;
  std::FILE* out = std::fopen(path.c_str(), "w");
  if (out == nullptr) error = "cannot open " + path + " for writing: " + std::strerror(errno);
  return out;
}

bool write_json(std::FILE* out, const std::vector<Record>& records, double mhz,
                std::string& error) {
  std::fputs("[\n", out);
  for (std::size_t i = 0; i < records.size(); ++i) {
    std::fputs("  ", out);
    write_record(out, records[i], mhz);
    std::fputs(i + 1 < records.size() ? ",\n" : "\n", out);
  }
  std::fputs("]\n", out);
  const bool failed = std::fflush(out) != 0 || std::ferror(out) != 0;
  const bool close_failed = out != stdout && std::fclose(out) != 0;
  if (failed || close_failed) {
    error = "writing the JSON output failed";
    return false;
  }
  return true;
}

}  // namespace aeskit::cli::speed
