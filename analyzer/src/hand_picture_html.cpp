// The hand picture's HTML page, its formats and sizes as the command line names them, and
// writing any of them to a file without leaving half of one behind.
#include <fmt/core.h>
#include <stb_image_write.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <fstream>

#include "hand_content.h"
#include "spadework/analyzer/hand_picture.h"
#include "spadework/analyzer/text.h"

namespace spadework::analyzer {
namespace {

std::string lower(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

// Inline, so the page needs nothing else: no stylesheet, font or script to fetch. Boxes never
// wrap their text (white-space: nowrap) and the grid grows with it, so no name is cut.
constexpr const char* kStyle = R"css(
body { font-family: "DejaVu Sans", Verdana, sans-serif; background: #f7f7f2; color: #141418;
       margin: 1.5em; }
.heading { color: #5a5a60; margin: 0; }
h1 { font-size: 1.15em; margin: 0.3em 0 0.8em; }
.table { display: grid; grid-template-columns: auto auto auto; gap: 0.9em;
         align-items: center; justify-items: center; width: max-content; }
.seat, .bids { border: 1px solid #96968c; border-radius: 4px; padding: 0.5em 0.7em;
               white-space: nowrap; }
.seat { background: #ffffff; }
.seat h2 { font-size: 1em; margin: 0 0 0.3em; }
.seat p { margin: 0.15em 0; }
.north { grid-column: 2; grid-row: 1; }
.west { grid-column: 1; grid-row: 2; }
.bids { grid-column: 2; grid-row: 2; background: #d6e9da; }
.east { grid-column: 3; grid-row: 2; }
.south { grid-column: 2; grid-row: 3; }
.red { color: #c81020; }
.bids th { color: #5a5a60; text-align: left; }
.bids td, .bids th { padding: 0.1em 0.5em; }
.result { margin-top: 1em; white-space: pre; }
)css";

std::string seat_html(const SeatBlock& block, Seat seat) {
    std::string out = fmt::format("<div class=\"seat {}\">\n<h2>{}</h2>\n", lower(seat_name(seat)),
                                  escape_markup(block.title));
    for (std::size_t k = 0; k < std::size(kAllSuits); ++k) {
        const Suit suit = kAllSuits[k];
        const bool red = suit == Suit::Hearts || suit == Suit::Diamonds;
        out += fmt::format("<p><span{}>{}</span> {}</p>\n", red ? " class=\"red\"" : "",
                           suit_symbol(suit), escape_markup(block.suits[k]));
    }
    return out + "</div>\n";
}

// Writes `bytes` to a temporary file beside `path`, then renames it over `path`.
void write_atomically(const std::filesystem::path& path, const std::string& bytes) {
    namespace fs = std::filesystem;
    const fs::path folder = path.parent_path().empty() ? fs::path(".") : path.parent_path();
    std::error_code ec;
    if (!fs::is_directory(folder, ec)) {
        throw Error(
            fmt::format("cannot write {}: there is no folder {}", path.string(), folder.string()));
    }
    if (fs::is_directory(path, ec)) {
        throw Error(fmt::format("cannot write {}: it is a folder", path.string()));
    }
    fs::path tmp = path;
    tmp += fmt::format(".{}.tmp", ::getpid());
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (out) out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        out.close();
        if (!out) {
            fs::remove(tmp, ec);
            throw Error(
                fmt::format("cannot write {}: the file cannot be written there", path.string()));
        }
    }
    fs::rename(tmp, path, ec);
    if (ec) {
        const std::string why = ec.message();
        fs::remove(tmp, ec);
        throw Error(fmt::format("cannot write {}: {}", path.string(), why));
    }
}

std::string png_bytes(const RgbImage& image) {
    std::string bytes;
    auto append = [](void* to, void* data, int size) {
        static_cast<std::string*>(to)->append(static_cast<const char*>(data),
                                              static_cast<std::size_t>(size));
    };
    if (!stbi_write_png_to_func(append, &bytes, image.width, image.height, 3, image.pixels.data(),
                                image.width * 3)) {
        throw Error("the PNG could not be encoded");
    }
    return bytes;
}

}  // namespace

std::string_view picture_format_name(PictureFormat format) {
    for (const PictureFormatInfo& f : kPictureFormats) {
        if (f.format == format) return f.name;
    }
    return "png";
}

std::optional<PictureFormat> parse_picture_format(std::string_view name) {
    const std::string wanted = lower(name);
    for (const PictureFormatInfo& f : kPictureFormats) {
        if (f.name == wanted) return f.format;
    }
    return std::nullopt;
}

std::optional<PictureFormat> picture_format_of(const std::filesystem::path& path) {
    std::string ext = lower(path.extension().string());
    if (ext.empty()) return std::nullopt;
    ext.erase(0, 1);
    if (ext == "htm") ext = "html";
    return parse_picture_format(ext);
}

std::optional<PictureSize> parse_picture_size(std::string_view text) {
    const auto x = text.find_first_of("xX");
    if (x == std::string_view::npos) return std::nullopt;
    auto side = [](std::string_view part) -> std::optional<int> {
        int n = 0;
        auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), n);
        if (part.empty() || ec != std::errc() || end != part.data() + part.size()) return {};
        if (n < 1 || n > kMaxPictureSide) return {};
        return n;
    };
    const auto w = side(text.substr(0, x));
    const auto h = side(text.substr(x + 1));
    if (!w || !h) return std::nullopt;
    return PictureSize{*w, *h};
}

std::string hand_html(const RecordedGame& game, int hand) {
    const HandContent c = read_hand_content(game, hand);
    std::string out = fmt::format(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<title>{}</title>\n<style>{}</style>\n</head>\n<body>\n<p class=\"heading\">{}</p>\n"
        "<h1>{}</h1>\n<div class=\"table\">\n",
        escape_markup(c.subheading + " · " + c.heading), kStyle, escape_markup(c.heading),
        escape_markup(c.subheading));
    for (Seat s : {Seat::North, Seat::West}) out += seat_html(c.seats[index(s)], s);
    out += "<div class=\"bids\">\n<table>\n<tr><th></th><th>bid</th><th>tricks</th></tr>\n";
    for (const BidRow& r : c.bids) {
        out += fmt::format("<tr><th>{}</th><td>{}</td><td>{}</td></tr>\n", r.seat,
                           escape_markup(r.bid), r.tricks);
    }
    out += "</table>\n</div>\n";
    for (Seat s : {Seat::East, Seat::South}) out += seat_html(c.seats[index(s)], s);
    out += "</div>\n<div class=\"result\">";
    if (!c.note.empty()) out += escape_markup(c.note) + "\n";
    for (const std::string& line : c.result) out += escape_markup(line) + "\n";
    out += "</div>\n</body>\n</html>\n";
    return out;
}

void write_hand_picture(const std::filesystem::path& path, PictureFormat format,
                        const RecordedGame& game, int hand, PictureSize size) {
    // Drawn in full before the file is opened: a size too small or a missing font writes
    // nothing.
    std::string bytes;
    switch (format) {
        case PictureFormat::Png:
            bytes = png_bytes(hand_image(game, hand, size));
            break;
        case PictureFormat::Svg:
            bytes = hand_svg(game, hand, size);
            break;
        case PictureFormat::Html:
            bytes = hand_html(game, hand);
            break;
    }
    write_atomically(path, bytes);
}

void write_png(const std::filesystem::path& path, const RgbImage& image) {
    write_atomically(path, png_bytes(image));
}

}  // namespace spadework::analyzer
