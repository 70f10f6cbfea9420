// The library's housekeeping as a user runs it: delete (all or none, with the reviews), edit
// (the metadata only, with usage errors for a bad seat or date), and a hand written as PNG,
// SVG and HTML by `show GAME:HAND`, without a display.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>

#include "spadework/analyzer/library_stores.h"
#include "spadework/analyzer/review.h"
#include "spadework/formats/library.h"
#include "support/run_command.h"
#include "support/workspace.h"

using namespace spadework;
using spadework::testing::contains;
using spadework::testing::run_expecting;
using spadework::testing::run_json;
using spadework::testing::run_ok;
using spadework::testing::slurp;
using spadework::testing::Workspace;
namespace fs = std::filesystem;

namespace {

const fs::path kSamples = SPADEWORK_SAMPLES;
const std::string kKey = "cli housekeeping settings";

// The sample games (ids from 1, by date then file), each with a review stored as the analyzer
// stores one. Returns how many there are.
int import_reviewed(const Workspace& ws) {
    run_ok(ws.with_db({"import", (kSamples / "games").string()}));
    formats::Library lib(ws.db);
    analyzer::ReviewStore reviews(lib);
    const std::vector<formats::GameSummary> games = lib.list_games();
    REQUIRE(games.size() >= 4);
    for (const formats::GameSummary& g : games) {
        analyzer::GameReview review;
        review.settings_key = kKey;
        review.seats[0].cards = 13;
        reviews.store_review(analyzer::to_stored_review(g.id, review, lib.load_game(g.id)));
    }
    return static_cast<int>(games.size());
}

int review_count(const Workspace& ws) {
    formats::Library lib(ws.db);
    return analyzer::ReviewStore(lib).count_reviews(kKey);
}

int game_count(const Workspace& ws) {
    return static_cast<int>(run_json(ws.with_db({"list"})).size());
}

// A PNG's width and height, from its IHDR chunk.
std::pair<long, long> png_size(const std::string& bytes) {
    REQUIRE(bytes.size() > 24);
    REQUIRE(bytes.substr(1, 3) == "PNG");
    auto be32 = [&](std::size_t at) {
        long v = 0;
        for (std::size_t k = 0; k < 4; ++k) v = v << 8 | static_cast<unsigned char>(bytes[at + k]);
        return v;
    };
    return {be32(16), be32(20)};
}

}  // namespace

TEST_CASE("delete removes games with their reviews, and an unknown id deletes nothing",
          "[cli-housekeeping]") {
    Workspace ws("spadework-cli-housekeeping");
    const int n = import_reviewed(ws);
    REQUIRE(game_count(ws) == n);
    REQUIRE(review_count(ws) == n);

    run_expecting(ws.with_db({"delete", "2", "99"}), 1,
                  "there is no game with id 99 in the library; nothing was deleted");
    CHECK(game_count(ws) == n);
    CHECK(review_count(ws) == n);
    run_expecting(ws.with_db({"delete", "2", "x"}), 1,
                  "'x' is neither a game id in the library nor a file");
    run_expecting(ws.with_db({"delete", "0"}), 1, "there is no game with id 0 in the library");
    run_expecting(ws.with_db({"delete"}), 2);
    CHECK(game_count(ws) == n);

    std::string out = run_ok(ws.with_db({"delete", "2", "4", "2"}));
    CHECK(contains(out, "2 games deleted (2, 4), with their reviews"));
    auto left = run_json(ws.with_db({"list"}));
    REQUIRE(static_cast<int>(left.size()) == n - 2);
    for (const auto& g : left) CHECK((g["id"] != 2 && g["id"] != 4));
    CHECK(review_count(ws) == n - 2);
    run_expecting(ws.with_db({"show", "2"}), 1, "no game 2 in the library");
    // One game is "its reviews", not "their".
    CHECK(run_ok(ws.with_db({"delete", "1"})) == "1 game deleted (1), with its reviews\n");
    CHECK(review_count(ws) == n - 3);
    // Deleted once: a second time is an unknown id.
    run_expecting(ws.with_db({"delete", "4"}), 1, "there is no game with id 4");
    // A library that is not there is not made by delete.
    run_expecting({"delete", "1", "--db", ws.file("none.sqlite")}, 1);
    CHECK_FALSE(fs::exists(ws.file("none.sqlite")));
}

TEST_CASE("edit changes the players, date, event and notes and nothing else",
          "[cli-housekeeping]") {
    Workspace ws("spadework-cli-housekeeping");
    const int n = import_reviewed(ws);
    const auto before = run_json(ws.with_db({"show", "2"}));
    RecordedGame game_before = formats::Library(ws.db).load_game(2);

    std::string out =
        run_ok(ws.with_db({"edit", "2", "--player", "e=Robert", "--player", "W=Deirdre Ní Bhriain",
                           "--date", "2026-12-05", "--event", "Club night", "--notes",
                           "Rematch on Friday.\nBring the score pad."}));
    CHECK(contains(out, "game 2 edited"));
    CHECK(contains(out, "East: 'Bob' -> 'Robert'"));
    CHECK(contains(out, "date: '2026.11.21' -> '2026-12-05'"));
    const auto after = run_json(ws.with_db({"show", "2"}));
    CHECK(after["players"]["E"] == "Robert");
    CHECK(after["players"]["W"] == "Deirdre Ní Bhriain");
    CHECK(after["players"]["N"] == before["players"]["N"]);
    CHECK(after["date"] == "2026-12-05");
    CHECK(after["event"] == "Club night");
    // The bids, tricks and scores of every hand are as they were.
    CHECK(after["hands"] == before["hands"]);
    CHECK(after["result"] == before["result"]);
    // The record: the same deal, bids and play; the notes are the game's comment.
    RecordedGame game_after = formats::Library(ws.db).load_game(2);
    CHECK(game_after.hands == game_before.hands);
    CHECK(game_after.rules == game_before.rules);
    CHECK(game_after.comment == "Rematch on Friday.\nBring the score pad.");
    CHECK(review_count(ws) == n);
    CHECK(run_json(ws.with_db({"list", "--player", "Robert"})).size() == 1);
    // An empty name clears the seat; an empty --notes clears the notes.
    run_ok(ws.with_db({"edit", "2", "--player", "W=", "--notes", ""}));
    game_after = formats::Library(ws.db).load_game(2);
    CHECK(game_after.players[index(Seat::West)].empty());
    CHECK(game_after.comment.empty());
}

TEST_CASE("edit refuses a bad seat, date or id and changes nothing", "[cli-housekeeping]") {
    Workspace ws("spadework-cli-housekeeping");
    import_reviewed(ws);
    const auto before = run_json(ws.with_db({"show", "3"}));
    run_expecting(ws.with_db({"edit", "3", "--player", "X=Bob"}), 2, "--player");
    run_expecting(ws.with_db({"edit", "3", "--player", "Bob"}), 2,
                  "--player 'Bob': expected SEAT=NAME");
    run_expecting(ws.with_db({"edit", "3", "--player", "N=A", "--player", "n=B"}), 2,
                  "seat N is given twice");
    run_expecting(ws.with_db({"edit", "3", "--date", "2026-02-30"}), 2,
                  "edit: the date '2026-02-30' is not a day of the calendar");
    run_expecting(ws.with_db({"edit", "3", "--date", "tomorrow"}), 2, "expected YYYY-MM-DD");
    run_expecting(ws.with_db({"edit", "3", "--event", "two\tparts"}), 2,
                  "the event 'two\tparts' has a control character at position 4");
    run_expecting(ws.with_db({"edit", "3", "--player", "S=A\nB"}), 2,
                  "the name of South 'A\nB' has a control character");
    run_expecting(ws.with_db({"edit", "3"}), 2, "nothing to change");
    run_expecting(ws.with_db({"edit", "three", "--event", "E"}), 1,
                  "'three' is neither a game id in the library nor a file");
    run_expecting(ws.with_db({"edit", "99", "--event", "E"}), 1, "no game with id 99");
    CHECK(run_json(ws.with_db({"show", "3"})) == before);
}

TEST_CASE("delete and edit read a game id as show does and refuse it alike", "[cli-housekeeping]") {
    Workspace ws("spadework-cli-housekeeping");
    const int n = import_reviewed(ws);
    const std::string file = (kSamples / "games" / "classic.spades").string();
    // An argument show refuses is refused by delete and edit with the same exit code, and
    // in the same words where the words are about the argument rather than the command.
    struct Case {
        std::string arg;
        int status;
        std::string words;  // what show, delete and edit all say
    };
    const std::vector<Case> cases = {
        {"0", 1, "no game"},
        {"x", 1, "'x' is neither a game id in the library nor a file"},
        {"99999999999999999999", 2, "GAME '99999999999999999999': the game id is too large"},
        {"2@1", 2, "GAME '2@1': @N picks a game of a file"},
        {"2:x", 2, "expected GAME:HAND, HAND a hand number from 1, not 'x'"},
    };
    for (const Case& c : cases) {
        INFO(c.arg);
        const auto show = run_expecting(ws.with_db({"show", c.arg}), c.status, c.words);
        const auto del = run_expecting(ws.with_db({"delete", c.arg}), c.status, c.words);
        const auto edit =
            run_expecting(ws.with_db({"edit", c.arg, "--event", "E"}), c.status, c.words);
        // The id the library lacks is named the same by all three.
        if (c.arg == "0") {
            CHECK(contains(show.err, "no game 0 in the library"));
            CHECK(contains(del.err, "there is no game with id 0 in the library"));
            CHECK(contains(edit.err, "there is no game with id 0"));
        }
    }
    // What show takes and a library command cannot: a file, or one hand of a game.
    run_ok(ws.with_db({"show", file}));
    run_expecting(ws.with_db({"delete", file}), 2,
                  "delete: '" + file + "' is a file; delete takes the id of a library game");
    run_expecting(ws.with_db({"edit", file, "--event", "E"}), 2,
                  "edit: '" + file + "' is a file; edit takes the id of a library game");
    run_expecting(ws.with_db({"delete", file + "@1"}), 2, "is a file");
    run_ok(ws.with_db({"show", "2:1"}));
    run_expecting(ws.with_db({"delete", "2:1"}), 2,
                  "delete: '2:1' names a hand; delete takes a whole game's id");
    run_expecting(ws.with_db({"edit", "2:1", "--event", "E"}), 2, "edit: '2:1' names a hand");
    // Nothing was deleted or edited on the way.
    CHECK(game_count(ws) == n);
    CHECK(review_count(ws) == n);
    CHECK(run_json(ws.with_db({"show", "2"}))["event"] != "E");
}

TEST_CASE("show GAME:HAND writes the hand as PNG, SVG and HTML without a display",
          "[cli-housekeeping]") {
    Workspace ws("spadework-cli-housekeeping");
    // No display to draw on: the PNG is drawn in software.
    ::unsetenv("DISPLAY");
    ::unsetenv("WAYLAND_DISPLAY");
    const std::string file = (kSamples / "games" / "classic.spades").string();
    const std::string png = ws.file("hand.png");
    const std::string svg = ws.file("hand.svg");
    const std::string html = ws.file("hand.html");
    std::string out = run_ok(
        {"show", file + ":3", "--png", png, "--size", "1000x700", "--svg", svg, "--html", html});
    CHECK(contains(out, png + ": hand 3 of "));
    CHECK(png_size(slurp(png)) == std::pair<long, long>{1000, 700});
    const std::string svg_text = slurp(svg);
    CHECK(contains(svg_text, "<svg "));
    CHECK(contains(svg_text, "width=\"1000\" height=\"700\""));
    const std::string html_text = slurp(html);
    for (const char* name : {"Ann", "Bob", "Cathal O", "Dee"}) {
        CHECK(contains(svg_text, name));
        CHECK(contains(html_text, name));
    }
    CHECK_FALSE(contains(html_text, "http"));
    CHECK(ws.names() == std::set<std::string>{"hand.html", "hand.png", "hand.svg"});
    // Without --size: the diagram's own size.
    run_ok({"show", file + ":3", "--png", png});
    CHECK(png_size(slurp(png)).first > 300);
}

TEST_CASE("show's picture options refuse what they cannot do and write nothing",
          "[cli-housekeeping]") {
    Workspace ws("spadework-cli-housekeeping");
    const std::string file = (kSamples / "games" / "classic.spades").string();
    const std::string png = ws.file("hand.png");
    run_expecting({"show", file, "--png", png}, 2, "name it as GAME:HAND");
    run_expecting({"show", file + ":1", "--png", png, "--size", "100"}, 2,
                  "--size '100': expected WIDTHxHEIGHT");
    run_expecting({"show", file + ":1", "--png", png, "--size", "9000x100"}, 2, "--size");
    run_expecting({"show", file + ":1", "--size", "800x600"}, 2, "--size is the size of the");
    run_expecting({"show", file + ":1", "--png", ws.file("hand.svg")}, 2,
                  "the file's extension says svg");
    run_expecting({"show", file + ":1", "--png", ws.file("hand"), "--svg", ws.file("hand")}, 2,
                  "--svg and --png both write");
    run_expecting({"show", file + ":1", "--png", png, "--json"}, 2, "not both");
    run_expecting({"show", file + ":99", "--png", png}, 1, "99");
    run_expecting({"show", file + ":1", "--png", ws.file("no/such/hand.png")}, 1,
                  "there is no folder");
    CHECK(ws.empty());
    // Too small to read: refused, and a file already there is left as it was.
    run_ok({"show", file + ":1", "--png", png});
    const std::string first = slurp(png);
    run_expecting({"show", file + ":1", "--png", png, "--size", "60x40"}, 2,
                  "60x40 is too small for this hand");
    CHECK(slurp(png) == first);
    CHECK(ws.names() == std::set<std::string>{"hand.png"});
    // A score sheet has no cards to draw.
    run_expecting({"show", (kSamples / "sheets" / "club-night.csv").string() + ":1", "--svg",
                   ws.file("sheet.svg")},
                  1, "score sheet");
    CHECK_FALSE(fs::exists(ws.file("sheet.svg")));
}
