// A hand as a picture: what the SVG, the HTML page and the PNG show, that the page needs
// nothing from elsewhere, that a long name makes the diagram wider rather than cut, and that
// a picture is written whole or not at all.
#include <fmt/core.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>

#include "spadework/analyzer/hand_picture.h"
#include "spadework/engine/error.h"
#include "support/test_games.h"
#include "support/workspace.h"

using namespace spadework;
using namespace spadework::analyzer;
namespace fs = std::filesystem;

namespace {

RecordedGame game_with(std::array<std::string, 4> players) {
    RecordedGame game = testing::first_legal_game(preset("classic"), 2, 4242);
    game.players = std::move(players);
    game.event = "Club <night> & co";
    return game;
}

std::size_t count(const std::string& text, const std::string& part) {
    std::size_t n = 0;
    for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
    return n;
}

// The ranks of a seat's cards in a suit as the pictures write them: "A K 10 4".
std::string suit_text(const RecordedGame& game, int hand, Seat seat, Suit suit) {
    const HandState state =
        replay_hand(game.rules, game.hands[static_cast<std::size_t>(hand)], hand);
    std::string out;
    for (int r = kHighestRank; r >= kLowestRank; --r) {
        if (!state.held_at_play(seat).contains(Card(static_cast<Rank>(r), suit))) continue;
        const char c = rank_char(static_cast<Rank>(r));
        out += (out.empty() ? "" : " ") + (c == 'T' ? std::string("10") : std::string(1, c));
    }
    return out.empty() ? "—" : out;
}

bool is_page(const RgbImage& image, int x, int y) {
    const std::uint8_t* p = &image.pixels[(static_cast<std::size_t>(y) * image.width + x) * 3];
    return p[0] == 247 && p[1] == 247 && p[2] == 242;
}

std::string slurp(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST_CASE("The SVG and HTML show the four hands, the dealer, the bids and the result",
          "[picture]") {
    const RecordedGame game = game_with({"Ann", "Bob", "Cathal O'Brien", "Dee"});
    const int hand = 1;
    const Seat dealer = game.hands[hand].dealer;
    for (const std::string& text : {hand_svg(game, hand), hand_html(game, hand)}) {
        for (Seat s : kAllSeats) {
            INFO(seat_name(s));
            for (Suit suit : kAllSuits)
                CHECK(text.find(suit_text(game, hand, s, suit)) != std::string::npos);
        }
        CHECK(count(text, "(dealer)") == 1);
        CHECK(text.find(std::string(seat_name(dealer)) + " · " + game.players[index(dealer)] +
                        " (dealer)") != std::string::npos);
        // An apostrophe is escaped in the SVG, as it may be in an attribute; not in HTML.
        const bool named = text.find("Cathal O&#39;Brien") != std::string::npos ||
                           text.find("Cathal O'Brien") != std::string::npos;
        CHECK(named);
        // Markup in a name or an event is written as text.
        CHECK(text.find("Club &lt;night&gt; &amp; co") != std::string::npos);
        CHECK(text.find("<night>") == std::string::npos);
        CHECK(text.find("Hand 2 of 2") != std::string::npos);
        // The result: each side's contract and the tricks it took.
        const ScoredGame scored = score_game(game, game.rules);
        for (Team t : kAllTeams) {
            const TeamHandScore& team = scored.hands[hand].score[t];
            CHECK(text.find(fmt::format("bid {}, took {}", team.bid, team.tricks)) !=
                  std::string::npos);
        }
        for (std::size_t b = 0; b < game.hands[hand].bids.size(); ++b) {
            CHECK(text.find(">" + to_string(game.hands[hand].bids[b]) + "<") != std::string::npos);
        }
    }
}

TEST_CASE("The HTML page needs nothing from anywhere else", "[picture]") {
    const std::string html = hand_html(game_with({"Ann", "Bob", "Cy", "Dee"}), 0);
    CHECK(html.rfind("<!DOCTYPE html>", 0) == 0);
    CHECK(html.find("<style>") != std::string::npos);
    CHECK(html.find("<meta charset=\"utf-8\">") != std::string::npos);
    for (const char* fetch :
         {"http:", "https:", "src=", "href=", "url(", "@import", "<link", "<script", "<img"}) {
        INFO(fetch);
        CHECK(html.find(fetch) == std::string::npos);
    }
}

TEST_CASE("A long name widens the picture, and at a chosen size it is scaled, never cut",
          "[picture]") {
    const RecordedGame short_names = game_with({"Ann", "Bob", "Cy", "Dee"});
    const std::string long_name = "Maximilian Alexander von Hohenzollern-Sigmaringen the Third";
    const RecordedGame long_names = game_with({"Ann", long_name, "Cy", "Dee"});
    const PictureSize small = natural_picture_size(short_names, 0);
    const PictureSize wide = natural_picture_size(long_names, 0);
    CHECK(wide.width > small.width + 200);
    CHECK(hand_svg(long_names, 0).find(long_name) != std::string::npos);

    // The PNG at its own size, and at a chosen size of another shape: everything drawn lies
    // inside, with the page's colour all round the edge.
    for (PictureSize size : {PictureSize{}, PictureSize{800, 600}, PictureSize{1600, 400}}) {
        const RgbImage image = hand_image(long_names, 0, size);
        INFO(image.width << "x" << image.height);
        if (size.natural()) {
            CHECK(image.width == wide.width);
            CHECK(image.height == wide.height);
        } else {
            CHECK(image.width == size.width);
            CHECK(image.height == size.height);
        }
        REQUIRE(image.pixels.size() == static_cast<std::size_t>(image.width) * image.height * 3);
        bool edge_clear = true;
        for (int y = 0; y < image.height; ++y) {
            edge_clear = edge_clear && is_page(image, 0, y) && is_page(image, image.width - 1, y);
        }
        for (int x = 0; x < image.width; ++x) {
            edge_clear = edge_clear && is_page(image, x, 0) && is_page(image, x, image.height - 1);
        }
        CHECK(edge_clear);
        // Text is drawn: dark pixels, and red ones for the hearts and diamonds.
        int dark = 0;
        int red = 0;
        for (std::size_t i = 0; i < image.pixels.size(); i += 3) {
            const int r = image.pixels[i];
            const int g = image.pixels[i + 1];
            const int b = image.pixels[i + 2];
            dark += r < 60 && g < 60 && b < 60;
            red += r > 150 && g < 80 && b < 80;
        }
        CHECK(dark > 500);
        CHECK(red > 50);
    }
    // Too small to read: refused, with the smallest size that is not.
    CHECK_THROWS_WITH(
        hand_image(long_names, 0, {200, 150}),
        Catch::Contains("200x150 is too small for this hand") && Catch::Contains("at least"));
}

TEST_CASE("Picture sizes and formats read as the command line writes them", "[picture]") {
    CHECK(parse_picture_size("1200x800")->width == 1200);
    CHECK(parse_picture_size("1200X800")->height == 800);
    for (const char* bad : {"", "1200", "x800", "1200x", "0x10", "10x0", "-5x10", "8001x10",
                            "12a0x800", "1200x800x2", " 1200x800"}) {
        INFO(bad);
        CHECK_FALSE(parse_picture_size(bad));
    }
    for (PictureFormat f : {PictureFormat::Png, PictureFormat::Svg, PictureFormat::Html}) {
        CHECK(parse_picture_format(picture_format_name(f)) == f);
        CHECK(picture_format_of(fs::path("hand.") += std::string(picture_format_name(f))) == f);
    }
    CHECK(picture_format_of("hand.HTM") == PictureFormat::Html);
    CHECK_FALSE(picture_format_of("hand.jpg"));
    CHECK_FALSE(picture_format_of("hand"));
}

TEST_CASE("A picture is written whole or not at all", "[picture]") {
    testing::Workspace ws("spadework-picture");
    const RecordedGame game = game_with({"Ann", "Bob", "Cy", "Dee"});
    const fs::path png = ws.dir / "hand.png";
    write_hand_picture(png, PictureFormat::Png, game, 0, {900, 700});
    const std::string bytes = slurp(png);
    REQUIRE(bytes.size() > 24);
    CHECK(bytes.substr(1, 3) == "PNG");
    // The IHDR chunk: width and height, big-endian, at bytes 16 and 20.
    auto be32 = [&](std::size_t at) {
        return (static_cast<unsigned char>(bytes[at]) << 24) |
               (static_cast<unsigned char>(bytes[at + 1]) << 16) |
               (static_cast<unsigned char>(bytes[at + 2]) << 8) |
               static_cast<unsigned char>(bytes[at + 3]);
    };
    CHECK(be32(16) == 900);
    CHECK(be32(20) == 700);

    // A size too small: the file there is left as it was, nothing else is written.
    CHECK_THROWS_AS(write_hand_picture(png, PictureFormat::Png, game, 0, {40, 30}), Error);
    CHECK(slurp(png) == bytes);
    CHECK_THROWS_WITH(
        write_hand_picture(ws.dir / "no" / "such" / "hand.svg", PictureFormat::Svg, game, 0),
        Catch::Contains("there is no folder"));
    CHECK_THROWS_WITH(write_hand_picture(ws.dir, PictureFormat::Html, game, 0),
                      Catch::Contains("it is a folder"));
    CHECK(ws.names() == std::set<std::string>{"hand.png"});
    write_hand_picture(ws.dir / "hand.html", PictureFormat::Html, game, 0);
    CHECK(slurp(ws.dir / "hand.html") == hand_html(game, 0));
    CHECK(ws.names() == std::set<std::string>{"hand.html", "hand.png"});
}
