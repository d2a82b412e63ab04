// tools/aeskit/speed/svg.cpp — the SVG writer (svg.hpp).
#include "speed/svg.hpp"

#include <cstdio>

namespace aeskit::cli::speed {
namespace {

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

// put: appends each piece to out (one append per piece: GCC 12 reports false -Wrestrict
// overlaps in long chains of string concatenations).
template <class... Pieces>
void put(std::string& out, const Pieces&... pieces) {
  (out.append(std::string_view(pieces)), ...);
}

}  // namespace

std::string escape_xml(std::string_view s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

SvgWriter::SvgWriter(double width, double height) : width_(width), height_(height) {}

void SvgWriter::line(double x1, double y1, double x2, double y2, std::string_view stroke,
                     double width, bool dashed) {
  put(body_, "<line x1=\"", num(x1), "\" y1=\"", num(y1), "\" x2=\"", num(x2), "\" y2=\"", num(y2),
      "\" stroke=\"", escape_xml(stroke), "\" stroke-width=\"", num(width), "\"",
      dashed ? " stroke-dasharray=\"6 4\"" : "", "/>\n");
}

void SvgWriter::polyline(const std::vector<std::pair<double, double>>& points,
                         std::string_view stroke, double width, bool dashed) {
  std::string p;
  for (const auto& [x, y] : points) put(p, num(x), ",", num(y), " ");
  put(body_, "<polyline fill=\"none\" points=\"", p, "\" stroke=\"", escape_xml(stroke),
      "\" stroke-width=\"", num(width), "\"", dashed ? " stroke-dasharray=\"6 4\"" : "", "/>\n");
}

void SvgWriter::rect(double x, double y, double w, double h, std::string_view fill,
                     std::string_view stroke) {
  put(body_, "<rect x=\"", num(x), "\" y=\"", num(y), "\" width=\"", num(w), "\" height=\"", num(h),
      "\" fill=\"", escape_xml(fill), "\" stroke=\"", escape_xml(stroke), "\"/>\n");
}

void SvgWriter::circle(double x, double y, double r, std::string_view fill) {
  put(body_, "<circle cx=\"", num(x), "\" cy=\"", num(y), "\" r=\"", num(r), "\" fill=\"",
      escape_xml(fill), "\"/>\n");
}

void SvgWriter::text(double x, double y, std::string_view s, double size, std::string_view anchor,
                     std::string_view fill, double rotate) {
  put(body_, "<text x=\"", num(x), "\" y=\"", num(y), "\" font-size=\"", num(size),
      "\" text-anchor=\"", escape_xml(anchor), "\" fill=\"", escape_xml(fill), "\"");
  if (rotate != 0) put(body_, " transform=\"rotate(", num(rotate), " ", num(x), " ", num(y), ")\"");
  put(body_, ">", escape_xml(s), "</text>\n");
}

std::string SvgWriter::finish() const {
  std::string doc;
  put(doc, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n",
      "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"", num(width_),
      "\" height=\"", num(height_), "\" viewBox=\"0 0 ", num(width_), " ", num(height_),
      "\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n",
      "<rect x=\"0\" y=\"0\" width=\"100%\" height=\"100%\" fill=\"white\"/>\n", body_, "</svg>\n");
  return doc;
}

}  // namespace aeskit::cli::speed
