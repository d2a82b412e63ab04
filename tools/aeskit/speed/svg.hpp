// tools/aeskit/speed/svg.hpp — a small SVG 1.1 writer for `aeskit speed --plot`: lines,
// polylines, rectangles, circles and text in user units, text escaped for XML. The document
// is built in memory and written in one piece (finish).
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace aeskit::cli::speed {

class SvgWriter {
 public:
  SvgWriter(double width, double height);

  void line(double x1, double y1, double x2, double y2, std::string_view stroke, double width,
            bool dashed = false);
  void polyline(const std::vector<std::pair<double, double>>& points, std::string_view stroke,
                double width, bool dashed = false);
  void rect(double x, double y, double w, double h, std::string_view fill, std::string_view stroke);
  void circle(double x, double y, double r, std::string_view fill);
  // text: anchor is "start", "middle" or "end"; rotate in degrees about (x, y).
  void text(double x, double y, std::string_view s, double size, std::string_view anchor = "start",
            std::string_view fill = "#222", double rotate = 0);

  // finish: the whole document.
  std::string finish() const;

 private:
  double width_, height_;
  std::string body_;
};

// escape_xml: s with &, <, >, " and ' replaced by their entities.
std::string escape_xml(std::string_view s);

}  // namespace aeskit::cli::speed
