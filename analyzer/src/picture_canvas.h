// The drawing under a hand picture (hand_picture.h): DejaVu Sans read with stb_truetype, to
// measure text for the layout and to draw it into an RGB canvas without a display.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace spadework::analyzer::picture {

struct Rgb {
    std::uint8_t r = 0;
    std::uint8_t g = 0;
    std::uint8_t b = 0;
};

// DejaVu Sans (spadework/analyzer/fonts.h), regular or bold.
enum class Weight { Regular, Bold };

// The width of `text` (UTF-8) at `size` pixels (the font's em). Throws Error when the font
// is missing, saying which package to install.
double text_width(std::string_view text, double size, Weight weight);

// An RGB image, top row first.
class Canvas {
  public:
    Canvas(int width, int height, Rgb background);
    int width() const { return width_; }
    int height() const { return height_; }
    const std::vector<std::uint8_t>& pixels() const { return rgb_; }

    // A rectangle in pixels, clipped to the canvas, with a border `edge` pixels wide.
    void box(double x, double y, double w, double h, Rgb fill, Rgb border, double edge);
    // Text whose baseline starts at (x, baseline), anti-aliased.
    void text(std::string_view text, double x, double baseline, double size, Weight weight,
              Rgb colour);

  private:
    void fill(int x0, int y0, int x1, int y1, Rgb colour);
    void blend(int x, int y, int alpha, Rgb colour);

    int width_;
    int height_;
    std::vector<std::uint8_t> rgb_;
};

}  // namespace spadework::analyzer::picture
