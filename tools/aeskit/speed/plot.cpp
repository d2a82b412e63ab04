// tools/aeskit/speed/plot.cpp — the throughput and scaling plots (plot.hpp), drawn with the
// SVG writer (svg.hpp): small multiples in a grid of three columns, each panel with its own
// axes, grid lines, ticks and legend.
#include "speed/plot.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>

#include "speed/svg.hpp"

namespace aeskit::cli::speed {
namespace {

constexpr double kPanelW = 380, kPanelH = 260, kLeft = 58, kRight = 14, kTop = 34, kBottom = 44;
constexpr int kColumns = 3;

struct Series {
  std::string name;
  std::string color;
  bool dashed = false;
  std::vector<std::pair<double, double>> points;  // (x, MB/s)
};

struct Panel {
  std::string title;
  std::string x_label;
  bool log_x = true;
  std::vector<Series> series;
};

std::string color_of(const std::string& impl, std::size_t index) {
  if (impl == "aeskit") return "#1f62b4";
  if (impl == "openssl") return "#e0701a";
  if (impl == "libgcrypt") return "#2a9d3a";
  static const char* const kOthers[] = {"#8e44ad", "#c0392b", "#16a085", "#7f8c8d", "#d4a017"};
  return kOthers[index % 5];
}

// nice_step: a round step (1, 2 or 5 times a power of ten) giving about 5 intervals.
double nice_step(double range) {
  const double raw = range / 5;
  const double p = std::pow(10, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (raw <= m * p) return m * p;
  return 10 * p;
}

std::string size_label(double bytes) {
  char buf[32];
  if (bytes >= 1 << 20 && std::fmod(bytes, 1 << 20) == 0)
    std::snprintf(buf, sizeof buf, "%.0fM", bytes / (1 << 20));
  else if (bytes >= 1024 && std::fmod(bytes, 1024) == 0)
    std::snprintf(buf, sizeof buf, "%.0fK", bytes / 1024);
  else
    std::snprintf(buf, sizeof buf, "%.0f", bytes);
  return buf;
}

void draw_panel(SvgWriter& svg, const Panel& p, double ox, double oy) {
  const double w = kPanelW - kLeft - kRight, h = kPanelH - kTop - kBottom;
  const double x0 = ox + kLeft, y0 = oy + kTop;
  std::vector<double> xs;
  double ymax = 0;
  for (const Series& s : p.series)
    for (const auto& [x, y] : s.points) {
      if (std::find(xs.begin(), xs.end(), x) == xs.end()) xs.push_back(x);
      ymax = std::max(ymax, y);
    }
  std::sort(xs.begin(), xs.end());
  if (xs.empty() || ymax <= 0) return;
  const auto tx = [&](double x) {
    const double lo = p.log_x ? std::log2(xs.front()) : xs.front();
    const double hi = p.log_x ? std::log2(xs.back()) : xs.back();
    const double v = p.log_x ? std::log2(x) : x;
    return hi > lo ? x0 + w * (v - lo) / (hi - lo) : x0 + w / 2;
  };
  const double step = nice_step(ymax * 1.08);
  const double ytop = std::ceil(ymax * 1.08 / step) * step;
  const auto ty = [&](double y) { return y0 + h - h * y / ytop; };

  svg.rect(x0, y0, w, h, "#fbfbfb", "#bbb");
  svg.text(ox + kPanelW / 2, oy + 16, p.title, 12.5, "middle", "#111");
  for (double y = 0; y <= ytop + step / 2; y += step) {
    svg.line(x0, ty(y), x0 + w, ty(y), "#e3e3e3", 1);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f", y);
    svg.text(x0 - 5, ty(y) + 4, buf, 9.5, "end", "#444");
  }
  double last_label = -1e9;  // a tick closer than 30 units to the last label gets none
  for (double x : xs) {
    svg.line(tx(x), y0 + h, tx(x), y0 + h + 4, "#888", 1);
    if (tx(x) - last_label < 30) continue;
    svg.text(tx(x), y0 + h + 15, size_label(x), 9.5, "middle", "#444");
    last_label = tx(x);
  }
  svg.text(x0 + w / 2, oy + kPanelH - 8, p.x_label, 10, "middle", "#333");
  svg.text(ox + 13, y0 + h / 2, "MB/s", 10, "middle", "#333", -90);

  for (const Series& s : p.series) {
    std::vector<std::pair<double, double>> pts;
    for (const auto& [x, y] : s.points) pts.emplace_back(tx(x), ty(y));
    std::sort(pts.begin(), pts.end());
    if (pts.size() > 1) svg.polyline(pts, s.color, s.dashed ? 1.4 : 2, s.dashed);
    if (!s.dashed)
      for (const auto& [x, y] : pts) svg.circle(x, y, 2.6, s.color);
  }
  // The legend in a white box over the upper left corner (the lines rise to the right).
  svg.rect(x0 + 4, y0 + 3, 118, 13.0 * static_cast<double>(p.series.size()) + 4, "white", "#ccc");
  double legend_y = y0 + 14;
  for (const Series& s : p.series) {
    svg.line(x0 + 8, legend_y - 4, x0 + 26, legend_y - 4, s.color, 2, s.dashed);
    svg.text(x0 + 30, legend_y, s.name, 9.5, "start", "#222");
    legend_y += 13;
  }
}

std::string draw(const std::vector<Panel>& panels, const std::string& heading) {
  const int rows = static_cast<int>((panels.size() + kColumns - 1) / kColumns);
  const int cols = static_cast<int>(std::min<std::size_t>(panels.size(), kColumns));
  SvgWriter svg(kPanelW * cols, kPanelH * rows + 30);
  svg.text(10, 20, heading, 14, "start", "#000");
  for (std::size_t i = 0; i < panels.size(); ++i)
    draw_panel(svg, panels[i], kPanelW * static_cast<double>(i % kColumns),
               30 + kPanelH * static_cast<double>(i / kColumns));
  return svg.finish();
}

bool per_op(ItemKind kind) {
  return kind == ItemKind::block || kind == ItemKind::setup;
}

// threads_of: N from an op "seal (N threads)" / "(1 thread)", or 0.
unsigned threads_of(const std::string& op) {
  const std::size_t open = op.rfind('(');
  if (open == std::string::npos) return 0;
  return static_cast<unsigned>(std::strtoul(op.c_str() + open + 1, nullptr, 10));
}

std::string verb_of(const std::string& op) {
  const std::size_t open = op.rfind(" (");
  return open == std::string::npos ? op : op.substr(0, open);
}

}  // namespace

std::string throughput_svg(const std::vector<Record>& records, const MachineLimits* limits) {
  std::vector<Panel> panels;
  std::vector<std::string> labels;
  for (const Record& r : records)
    if (!per_op(r.kind) && r.kind != ItemKind::chunked &&
        std::find(labels.begin(), labels.end(), r.algorithm + " " + r.op) == labels.end())
      labels.push_back(r.algorithm + " " + r.op);
  for (const std::string& label : labels) {
    Panel p;
    p.title = label;
    p.x_label = "message size (bytes, log scale)";
    std::vector<std::string> impls;
    std::vector<double> sizes;
    const Record* any = nullptr;
    for (const Record& r : records) {
      if (r.algorithm + " " + r.op != label) continue;
      any = &r;
      if (std::find(impls.begin(), impls.end(), r.impl) == impls.end()) impls.push_back(r.impl);
      if (std::find(sizes.begin(), sizes.end(), static_cast<double>(r.bytes)) == sizes.end())
        sizes.push_back(static_cast<double>(r.bytes));
    }
    if (sizes.size() < 2) continue;
    for (std::size_t i = 0; i < impls.size(); ++i) {
      Series s{impls[i], color_of(impls[i], i), false, {}};
      for (const Record& r : records)
        if (r.algorithm + " " + r.op == label && r.impl == impls[i])
          s.points.emplace_back(static_cast<double>(r.bytes), mb_per_sec(r));
      p.series.push_back(std::move(s));
    }
    if (limits != nullptr && any != nullptr) {
      if (const auto bound = bound_cycles_per_byte(any->algorithm, any->op, *limits)) {
        Series s{"bound (--bound)", "#555", true, {}};
        const double mbps = limits->mhz / *bound;
        const auto [lo, hi] = std::minmax_element(sizes.begin(), sizes.end());
        s.points = {{*lo, mbps}, {*hi, mbps}};
        p.series.push_back(std::move(s));
      }
    }
    panels.push_back(std::move(p));
  }
  if (panels.empty()) return "";
  return draw(panels, "aeskit speed: throughput against message size (MB/s = 10^6 bytes/s)");
}

std::string scaling_svg(const std::vector<Record>& records) {
  // family ("Cobblestone-128 seal") -> size -> threads -> MB/s
  std::vector<std::string> families;
  std::map<std::string, std::map<std::size_t, std::map<unsigned, double>>> data;
  std::map<std::size_t, std::map<unsigned, double>> memcpy_data;
  for (const Record& r : records) {
    const unsigned t = threads_of(r.op);
    if (r.kind != ItemKind::chunked || t == 0) continue;
    if (r.algorithm == "memcpy") {
      memcpy_data[r.bytes][t] = mb_per_sec(r);
      continue;
    }
    const std::string family = r.algorithm + " " + verb_of(r.op) + " (" + r.impl + ")";
    if (std::find(families.begin(), families.end(), family) == families.end())
      families.push_back(family);
    data[family][r.bytes][t] = mb_per_sec(r);
  }
  std::vector<Panel> panels;
  for (const std::string& family : families) {
    Panel p;
    p.title = family;
    p.x_label = "threads";
    p.log_x = false;
    std::size_t index = 0;
    for (const auto& [bytes, by_threads] : data[family]) {
      if (by_threads.size() < 2) continue;
      Series s{size_label(static_cast<double>(bytes)) + " bytes", color_of("", index++), false, {}};
      for (const auto& [t, mbps] : by_threads) s.points.emplace_back(t, mbps);
      p.series.push_back(std::move(s));
    }
    if (p.series.empty()) continue;
    if (!memcpy_data.empty()) {
      const auto& [bytes, by_threads] = *memcpy_data.rbegin();
      Series s{"memcpy " + size_label(static_cast<double>(bytes)), "#555", true, {}};
      for (const auto& [t, mbps] : by_threads) s.points.emplace_back(t, mbps);
      p.series.push_back(std::move(s));
    }
    panels.push_back(std::move(p));
  }
  if (panels.empty()) return "";
  return draw(panels, "aeskit speed: multi-thread scaling (MB/s against threads)");
}

bool write_file(const std::string& path, const std::string& text, std::string& error) {
  std::FILE* f = std::fopen(path.c_str(), "w");
  if (f == nullptr) {
    error = "cannot open " + path + " for writing: " + std::strerror(errno);
    return false;
  }
  const bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
  if (std::fclose(f) != 0 || !ok) {
    error = "writing " + path + " failed";
    return false;
  }
  return true;
}

}  // namespace aeskit::cli::speed
