// The viewer's housekeeping commands without a window: a deletion asked, then confirmed or
// cancelled; an edit that keeps the hand and position shown; a hand exported as the command
// line exports it.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "model.h"
#include "spadework/analyzer/library_stores.h"
#include "spadework/analyzer/review.h"
#include "spadework/formats/library.h"

using namespace spadework;
using namespace spadework::viewer;
namespace fs = std::filesystem;

namespace {

const fs::path kSamples = SPADEWORK_SAMPLES;

struct Library3 {
    fs::path dir;
    fs::path db;
    std::vector<formats::GameId> ids;
    // Three sample games, each with a review stored under the model's settings.
    Library3() {
        static int counter = 0;
        dir = fs::temp_directory_path() /
              ("spadework-viewer-housekeeping-" + std::to_string(::getpid()) + "-" +
               std::to_string(counter++));
        fs::remove_all(dir);
        fs::create_directories(dir);
        db = dir / "library.sqlite";
        formats::Library lib(db);
        for (const char* name : {"casual.spades", "classic.spades", "leaflet.spades"}) {
            ids.push_back(lib.import_file(kSamples / "games" / name).ids.at(0));
        }
        analyzer::ReviewStore reviews(lib);
        for (formats::GameId id : ids) {
            analyzer::GameReview review;
            review.settings_key = analyzer::ReviewSettings{}.key();
            reviews.store_review(analyzer::to_stored_review(id, review, lib.load_game(id)));
        }
    }
    ~Library3() { fs::remove_all(dir); }
    int reviews() const {
        formats::Library lib(db);
        return analyzer::ReviewStore(lib).count_reviews(analyzer::ReviewSettings{}.key());
    }
};

int row_of(const Model& m, formats::GameId id) {
    for (std::size_t i = 0; i < m.games().size(); ++i) {
        if (m.games()[i].library_id == id) return static_cast<int>(i);
    }
    return -1;
}

std::string slurp(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST_CASE("A deletion is asked first, then confirmed or cancelled", "[viewer][housekeeping]") {
    Library3 lib;
    Model m(lib.db);
    REQUIRE(m.games().size() == 3);
    m.select_game(row_of(m, lib.ids[1]));
    REQUIRE(m.game());
    REQUIRE(m.review());

    REQUIRE(m.ask_delete());
    CHECK(m.delete_asked() == lib.ids[1]);
    CHECK(m.games().size() == 3);  // nothing deleted yet
    m.cancel_delete();
    CHECK_FALSE(m.delete_asked());
    CHECK_FALSE(m.confirm_delete());  // nothing asked: nothing to confirm
    CHECK(m.games().size() == 3);
    CHECK(lib.reviews() == 3);

    REQUIRE(m.ask_delete());
    REQUIRE(m.confirm_delete());
    CHECK_FALSE(m.delete_asked());
    CHECK(m.games().size() == 2);
    CHECK(row_of(m, lib.ids[1]) == -1);
    // The game shown is gone: nothing is selected, nothing of it is left on show.
    CHECK_FALSE(m.selected_game());
    CHECK_FALSE(m.game());
    CHECK_FALSE(m.review());
    CHECK(m.stored_reviews().empty());
    CHECK(m.messages().back() ==
          "Game #" + std::to_string(lib.ids[1]) + " deleted, with its reviews.");
    CHECK(lib.reviews() == 2);
    CHECK(formats::Library(lib.db).count_games() == 2);

    // A game of a file opened is not the library's to delete.
    REQUIRE(m.open(kSamples / "games" / "paperless.spades"));
    m.select_game(static_cast<int>(m.games().size()) - 1);
    CHECK_FALSE(m.ask_delete());
    CHECK_FALSE(m.delete_asked());
    CHECK(formats::Library(lib.db).count_games() == 2);
}

TEST_CASE("An edit in the viewer keeps the hand and position shown", "[viewer][housekeeping]") {
    Library3 lib;
    Model m(lib.db);
    m.select_game(row_of(m, lib.ids[1]));
    m.select_hand(2);
    m.move_to(7);
    const std::vector<RecordedHand> hands = m.game()->hands;

    formats::GameEdit edit;
    edit.players[index(Seat::East)] = "Robert";
    edit.event = "Club night";
    REQUIRE(m.edit_game(edit));
    REQUIRE(m.game());
    CHECK(m.game()->players[index(Seat::East)] == "Robert");
    CHECK(m.game()->event == "Club night");
    CHECK(m.game()->hands == hands);
    CHECK(m.hand() == 2);
    CHECK(m.position() == 7);
    const GameRow& row = m.games()[static_cast<std::size_t>(*m.selected_game())];
    CHECK(row.library_id == lib.ids[1]);
    CHECK(row.players[index(Seat::East)] == "Robert");
    CHECK(row.event == "Club night");
    CHECK(m.review());  // the review stays with the game
    CHECK(lib.reviews() == 3);

    // A bad date is refused with the reason, and nothing changes.
    formats::GameEdit bad;
    bad.date = "2026-02-30";
    CHECK_FALSE(m.edit_game(bad));
    REQUIRE_FALSE(m.errors().empty());
    CHECK(m.errors().back().find("is not a day of the calendar") != std::string::npos);
    CHECK(m.game()->date == formats::Library(lib.db).load_game(lib.ids[1]).date);
    CHECK(m.game()->date != "2026-02-30");
}

TEST_CASE("The hand shown is exported as the command line exports it", "[viewer][housekeeping]") {
    Library3 lib;
    Model m(lib.db);
    m.select_game(row_of(m, lib.ids[0]));
    m.select_hand(1);
    REQUIRE(m.export_hand(lib.dir / "hand.html"));
    CHECK(slurp(lib.dir / "hand.html") == analyzer::hand_html(*m.game(), 1));
    REQUIRE(m.export_hand(lib.dir / "hand.svg", {640, 480}));
    CHECK(slurp(lib.dir / "hand.svg") == analyzer::hand_svg(*m.game(), 1, {640, 480}));
    REQUIRE(m.export_hand(lib.dir / "hand.png"));
    CHECK(slurp(lib.dir / "hand.png").substr(1, 3) == "PNG");
    CHECK(m.messages().back() == "Hand 2 written to " + (lib.dir / "hand.png").string() + ".");

    CHECK_FALSE(m.export_hand(lib.dir / "hand.jpg"));
    CHECK(m.errors().back().find("name the file .png, .svg or .html") != std::string::npos);
    CHECK_FALSE(m.export_hand(lib.dir / "no" / "hand.png"));
    CHECK(m.errors().back().find("there is no folder") != std::string::npos);
    CHECK_FALSE(fs::exists(lib.dir / "hand.jpg"));

    // A score sheet has no cards to draw.
    REQUIRE(m.open(kSamples / "sheets" / "club-night.csv"));
    m.select_game(static_cast<int>(m.games().size()) - 1);
    REQUIRE(m.game());
    REQUIRE(m.game()->score_sheet());
    CHECK_FALSE(m.export_hand(lib.dir / "sheet.png"));
    CHECK_FALSE(fs::exists(lib.dir / "sheet.png"));
}
