#include "picture_canvas.h"

#include <stb_truetype.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>

#include "spadework/analyzer/fonts.h"
#include "spadework/engine/error.h"

namespace spadework::analyzer::picture {
namespace {

// A font file read once and kept for the life of the program (stb_truetype reads from the
// bytes as it goes).
struct LoadedFont {
    std::vector<unsigned char> bytes;
    stbtt_fontinfo info{};

    explicit LoadedFont(const char* path) {
        std::ifstream in(path, std::ios::binary);
        bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
        if (bytes.empty() || !stbtt_InitFont(&info, bytes.data(), 0)) {
            throw Error(std::string(path) +
                        " is missing or unreadable: install fonts-dejavu-core (the hand pictures "
                        "are drawn with DejaVu Sans)");
        }
    }
};

const stbtt_fontinfo& font(Weight weight) {
    // Function-local statics: loaded on first use, once, also with several threads; a load
    // that throws is tried again by the next call.
    if (weight == Weight::Bold) {
        static const LoadedFont bold(analyzer::bold_font_path());
        return bold.info;
    }
    static const LoadedFont regular(analyzer::font_path());
    return regular.info;
}

// The code points of UTF-8 text; a malformed byte reads as U+FFFD.
std::vector<int> code_points(std::string_view text) {
    std::vector<int> out;
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        int length = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
        int cp = length == 1 ? c : length == 2 ? c & 31 : length == 3 ? c & 15 : c & 7;
        bool ok = length > 0 && i + static_cast<std::size_t>(length) <= text.size();
        for (int k = 1; ok && k < length; ++k) {
            const auto next = static_cast<unsigned char>(text[i + static_cast<std::size_t>(k)]);
            ok = (next >> 6) == 2;
            cp = (cp << 6) | (next & 63);
        }
        out.push_back(ok ? cp : 0xFFFD);
        i += ok ? static_cast<std::size_t>(length) : 1;
    }
    return out;
}

}  // namespace

double text_width(std::string_view text, double size, Weight weight) {
    const stbtt_fontinfo& f = font(weight);
    const float scale = stbtt_ScaleForMappingEmToPixels(&f, 1.0f);
    const std::vector<int> cps = code_points(text);
    double units = 0;
    for (std::size_t i = 0; i < cps.size(); ++i) {
        int advance = 0;
        int bearing = 0;
        stbtt_GetCodepointHMetrics(&f, cps[i], &advance, &bearing);
        units += advance;
        if (i + 1 < cps.size()) units += stbtt_GetCodepointKernAdvance(&f, cps[i], cps[i + 1]);
    }
    return units * scale * size;
}

Canvas::Canvas(int width, int height, Rgb background)
    : width_(width), height_(height), rgb_(static_cast<std::size_t>(width) * height * 3) {
    fill(0, 0, width, height, background);
}

void Canvas::fill(int x0, int y0, int x1, int y1, Rgb colour) {
    x0 = std::clamp(x0, 0, width_);
    x1 = std::clamp(x1, 0, width_);
    y0 = std::clamp(y0, 0, height_);
    y1 = std::clamp(y1, 0, height_);
    for (int y = y0; y < y1; ++y) {
        for (int x = x0; x < x1; ++x) {
            std::uint8_t* p = &rgb_[(static_cast<std::size_t>(y) * width_ + x) * 3];
            p[0] = colour.r;
            p[1] = colour.g;
            p[2] = colour.b;
        }
    }
}

void Canvas::blend(int x, int y, int alpha, Rgb colour) {
    if (x < 0 || y < 0 || x >= width_ || y >= height_ || alpha <= 0) return;
    std::uint8_t* p = &rgb_[(static_cast<std::size_t>(y) * width_ + x) * 3];
    auto mix = [alpha](std::uint8_t under, std::uint8_t over) {
        return static_cast<std::uint8_t>((under * (255 - alpha) + over * alpha + 127) / 255);
    };
    p[0] = mix(p[0], colour.r);
    p[1] = mix(p[1], colour.g);
    p[2] = mix(p[2], colour.b);
}

void Canvas::box(double x, double y, double w, double h, Rgb fill_colour, Rgb border, double edge) {
    const int x0 = static_cast<int>(std::lround(x));
    const int y0 = static_cast<int>(std::lround(y));
    const int x1 = static_cast<int>(std::lround(x + w));
    const int y1 = static_cast<int>(std::lround(y + h));
    const int e = std::max(edge > 0 ? 1 : 0, static_cast<int>(std::lround(edge)));
    fill(x0, y0, x1, y1, border);
    fill(x0 + e, y0 + e, x1 - e, y1 - e, fill_colour);
}

void Canvas::text(std::string_view text, double x, double baseline, double size, Weight weight,
                  Rgb colour) {
    const stbtt_fontinfo& f = font(weight);
    const float scale = stbtt_ScaleForMappingEmToPixels(&f, 1.0f) * static_cast<float>(size);
    const std::vector<int> cps = code_points(text);
    double pen = x;
    const int base = static_cast<int>(std::lround(baseline));
    for (std::size_t i = 0; i < cps.size(); ++i) {
        const int left = static_cast<int>(std::floor(pen));
        const auto shift = static_cast<float>(pen - left);
        int w = 0;
        int h = 0;
        int xoff = 0;
        int yoff = 0;
        unsigned char* glyph = stbtt_GetCodepointBitmapSubpixel(&f, scale, scale, shift, 0, cps[i],
                                                                &w, &h, &xoff, &yoff);
        for (int gy = 0; glyph && gy < h; ++gy) {
            for (int gx = 0; gx < w; ++gx) {
                blend(left + xoff + gx, base + yoff + gy, glyph[gy * w + gx], colour);
            }
        }
        stbtt_FreeBitmap(glyph, nullptr);
        int advance = 0;
        int bearing = 0;
        stbtt_GetCodepointHMetrics(&f, cps[i], &advance, &bearing);
        pen += advance * scale;
        if (i + 1 < cps.size())
            pen += stbtt_GetCodepointKernAdvance(&f, cps[i], cps[i + 1]) * scale;
    }
}

}  // namespace spadework::analyzer::picture
