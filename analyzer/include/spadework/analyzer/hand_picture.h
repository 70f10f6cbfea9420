// A hand as a picture to share: the four hands as play began, the dealer, the bids and
// tricks, and how each side's contract ended, as PNG, SVG or a self-contained HTML page.
// `spadework show GAME:HAND --png/--svg/--html` and the viewer's Export both write through
// write_hand_picture, so the two draw the same picture. PNG needs no display: the diagram is
// drawn in software with DejaVu Sans (fonts-dejavu-core).
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "spadework/engine/record.h"

namespace spadework::analyzer {

enum class PictureFormat { Png, Svg, Html };

// The one table of the formats. The name is the file's extension and the command line's
// option (`--png`); `what` says what is written, for --help.
struct PictureFormatInfo {
    PictureFormat format;
    std::string_view name;
    std::string_view what;
};
inline constexpr std::array<PictureFormatInfo, 3> kPictureFormats{{
    {PictureFormat::Png, "png", "a PNG picture, drawn without a display"},
    {PictureFormat::Svg, "svg", "an SVG picture"},
    {PictureFormat::Html, "html", "a self-contained HTML page (inline CSS, nothing fetched)"},
}};

std::string_view picture_format_name(PictureFormat format);
std::optional<PictureFormat> parse_picture_format(std::string_view name);
// The format a file's extension names (".png", ".SVG", ".htm" too); none otherwise.
std::optional<PictureFormat> picture_format_of(const std::filesystem::path& path);

// The picture's size in pixels; 0 x 0 for the diagram's own size. The diagram is scaled to
// fit and centred, so nothing of it (a long name) is cut off at any size.
struct PictureSize {
    int width = 0;
    int height = 0;
    bool natural() const { return width == 0 && height == 0; }
};
inline constexpr int kMaxPictureSide = 8000;
// "1200x800" (or "1200X800"); none when it does not read or a side is outside 1..8000.
std::optional<PictureSize> parse_picture_size(std::string_view text);

// The diagram's own size, in pixels.
PictureSize natural_picture_size(const RecordedGame& game, int hand);
// The smallest size whose text is still readable (7 pixels), for a picture of this shape.
// Throws Error when `size` is smaller: "... is too small for this hand: at least 420x300".
void check_picture_size(const RecordedGame& game, int hand, PictureSize size);

// Hand `hand` (0-based) of a full record (not a score sheet: it has no cards).
std::string hand_svg(const RecordedGame& game, int hand, PictureSize size = {});
std::string hand_html(const RecordedGame& game, int hand);
struct RgbImage {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> pixels;  // RGB, top row first
};
RgbImage hand_image(const RecordedGame& game, int hand, PictureSize size = {});

// Writes an image as a PNG file, as write_hand_picture writes it (temporary file, renamed).
void write_png(const std::filesystem::path& path, const RgbImage& image);

// Writes the picture to `path`: to a temporary file beside it first, then renamed, so a
// failure leaves no file half written. Throws Error naming the path and why (no such folder,
// not writable, a size too small for the hand).
void write_hand_picture(const std::filesystem::path& path, PictureFormat format,
                        const RecordedGame& game, int hand, PictureSize size = {});

}  // namespace spadework::analyzer
