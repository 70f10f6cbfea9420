// The score keeper in the window: `spadework view --keep-score new|N --screenshot` under
// xvfb-run at 1280x720 and 1600x1000, on the new-game form, a game under way (kept through the
// keeper's model into the library first) and a game over; and --keep-score refusals. A viewer
// typing a game in (--keeper-entries) killed at a moment it does not choose loses nothing.
// SPADEWORK_SCREENSHOT_DIR=DIR keeps the pictures there for a person to look at.

#include <signal.h>

#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "keeper.h"
#include "spadework/formats/game_file.h"
#include "support/window_run.h"

namespace fs = std::filesystem;
using namespace spadework;
using spadework::viewer::KeeperSetup;
using spadework::viewer::ScoreKeeper;

namespace {

const fs::path kSheet = fs::path(SPADEWORK_SAMPLES) / "sheets" / "club-night.csv";

using Shot = testing::WindowRun;

Shot view(const testing::Workspace& ws, const std::string& keep, const std::string& size,
          const fs::path& png, const std::vector<std::string>& more = {}) {
    std::vector<std::string> command = {SPADEWORK_EXE, "view", "--db",         ws.db,
                                        "--size",      size,   "--screenshot", png.string()};
    // No --keep-score: the viewer as it opens on the library.
    if (!keep.empty()) command.insert(command.end(), {"--keep-score", keep});
    command.insert(command.end(), more.begin(), more.end());
    return testing::run_in_window(ws, command, png);
}

// Pixels of North-South's blue (the partnership's names and points on the sheet), or of
// another colour.
std::size_t blue_pixels(const fs::path& png, int width, int height,
                        std::array<int, 3> rgb = {90, 160, 240}) {
    return testing::pixels_near(png, width, height, rgb);
}

// Types `hands` hands of the club's sheet into a new kept game, then `more` entries of the next
// (per partnership when `per_team`); its number.
std::int64_t keep_club_game(const testing::Workspace& ws, std::size_t hands,
                            const std::vector<std::string>& more = {}, bool per_team = false) {
    const RecordedGame csv = formats::read_game_file(kSheet).at(0);
    ScoreKeeper k(ws.db);
    KeeperSetup s;
    s.players = csv.players;
    s.date = "2026.11.19";
    s.event = "Thursday club night";
    k.start(s);
    for (std::size_t h = 0; h < hands && h < csv.hands.size(); ++h) {
        if (k.step() == viewer::KeeperStep::Over) break;
        const RecordedHand& hand = csv.hands[h];
        for (Bid b : hand.bids) REQUIRE(k.enter_bid(b));
        REQUIRE(k.set_team_tricks(hand.sheet.teams[0].has_value()));
        while (auto slot = k.tricks_slot()) {
            const auto who = static_cast<std::size_t>(slot->who);
            REQUIRE(k.enter_tricks(slot->team ? *hand.sheet.teams[who] : *hand.sheet.seats[who]));
        }
    }
    for (const std::string& entry : more) {
        if (k.step() == viewer::KeeperStep::Tricks) REQUIRE(k.set_team_tricks(per_team));
        REQUIRE(k.enter_text(entry));
    }
    return k.id();
}

// The right ends of the new-game form's rows, pixel row by pixel row: where the last pixel
// other than the background lies in the left 60% of the window (the fields and their labels;
// the Close button is further right). Rows drawn across the whole band (the separator) are
// left out, and so are rows with nothing on them.
std::vector<int> form_right_ends(const fs::path& png) {
    const testing::Picture p = testing::load_picture(png);
    const int band = p.width * 6 / 10;
    std::vector<int> ends;
    for (int y = 0; y < p.height; ++y) {
        const unsigned char* bg = p.at(band, y);
        int right = -1;
        for (int x = 0; x < band; ++x) {
            const unsigned char* q = p.at(x, y);
            if (std::abs(q[0] - bg[0]) + std::abs(q[1] - bg[1]) + std::abs(q[2] - bg[2]) > 24) {
                right = x;
            }
        }
        if (right >= 0 && right < band - 2) ends.push_back(right);
    }
    return ends;
}

}  // namespace

// The form's fields end in one line: the rules box and its presets' arrow as wide as the
// names, the dealer, the changes, the event and the date (the arrow stood past them).
TEST_CASE("The score keeper's new-game form is aligned at 1280x720, 1600x1000 and 2560x1440",
          "[window][keeper]") {
    testing::Workspace ws("spadework-keeper-window");
    for (const char* size : {"1280x720", "1600x1000", "2560x1440"}) {
        INFO(size);
        const fs::path form = ws.dir / ("keeper-form-aligned-" + std::string(size) + ".png");
        Shot s = view(ws, "new", size, form);
        INFO(s.err);
        REQUIRE(s.status == 0);
        const std::vector<int> ends = form_right_ends(form);
        REQUIRE(ends.size() > 100);
        // The right end most rows share is the fields' (nine fields, each a frame high); no
        // row reaches further.
        std::map<int, int> rows_at;
        for (int x : ends) ++rows_at[x];
        const auto fields = std::max_element(rows_at.begin(), rows_at.end(),
                                             [](auto a, auto b) { return a.second < b.second; });
        INFO("the fields end at x=" << fields->first << " (" << fields->second
                                    << " rows); the furthest row at x=" << rows_at.rbegin()->first);
        CHECK(fields->second > 100);
        CHECK(rows_at.rbegin()->first <= fields->first + 1);
    }
}

TEST_CASE("The score keeper's screens at 1280x720 and 1600x1000", "[window][keeper]") {
    testing::Workspace ws("spadework-keeper-window");
    // The form names no partnership: none of North-South's colour, while no game is kept.
    for (auto [size, w, h] : {std::tuple{"1280x720", 1280, 720}, {"1600x1000", 1600, 1000}}) {
        const fs::path empty = ws.dir / ("keeper-form-empty-" + std::string(size) + ".png");
        Shot s = view(ws, "new", size, empty);
        INFO(s.err);
        REQUIRE(s.status == 0);
        CHECK(blue_pixels(empty, w, h) == 0);
    }
    const std::int64_t under_way = keep_club_game(ws, 5, {"4", "nil"});
    // Hand 6 (East deals): S 4, W nil, N 4, E 3; then N-S's 7 together: E-W's 6 is the only
    // count left open.
    const std::int64_t tricks = keep_club_game(ws, 5, {"4", "nil", "4", "3", "7"}, true);
    const std::int64_t over = keep_club_game(ws, 10);
    for (auto [size, w, h] : {std::tuple{"1280x720", 1280, 720}, {"1600x1000", 1600, 1000}}) {
        const std::string tag = size;
        const fs::path form = ws.dir / ("keeper-form-" + tag + ".png");
        Shot s = view(ws, "new", size, form);
        INFO(s.err);
        REQUIRE(s.status == 0);
        // Under it, the kept games' partnerships each in their colour.
        CHECK(blue_pixels(form, w, h) > 200);
        const fs::path game = ws.dir / ("keeper-game-" + tag + ".png");
        s = view(ws, std::to_string(under_way), size, game);
        REQUIRE(s.status == 0);
        // The partnership's names and its points hand by hand.
        CHECK(blue_pixels(game, w, h) > 500);
        // "Finish now" asks first: the question's title bar (ImGui's active title, 41 74 122)
        // over the game, which has none of it.
        const fs::path finish = ws.dir / ("keeper-finish-" + tag + ".png");
        s = view(ws, std::to_string(under_way), size, finish,
                 {"--command", "finish the kept game now"});
        REQUIRE(s.status == 0);
        const std::array<int, 3> title = {41, 74, 122};
        CHECK(blue_pixels(finish, w, h, title) > blue_pixels(game, w, h, title) + 3000);
        const fs::path typing = ws.dir / ("keeper-tricks-" + tag + ".png");
        s = view(ws, std::to_string(tricks), size, typing);
        REQUIRE(s.status == 0);
        CHECK(blue_pixels(typing, w, h) > 500);
        const fs::path end = ws.dir / ("keeper-over-" + tag + ".png");
        s = view(ws, std::to_string(over), size, end);
        REQUIRE(s.status == 0);
        CHECK(blue_pixels(end, w, h) > blue_pixels(game, w, h));  // more hands on the sheet
    }
}

TEST_CASE("The Library list shows a game under way, marked, at 1280x720", "[window][keeper]") {
    testing::Workspace ws("spadework-keeper-window");
    const fs::path png = ws.dir / "library-under-way-1280x720.png";
    // The library with its games only first; then with a game kept five hands in.
    {
        formats::Library lib(ws.db);
        lib.import_file(kSheet);
    }
    Shot s = view(ws, "", "1280x720", png);
    INFO(s.err);
    REQUIRE(s.status == 0);
    // The mark of a game under way, in the library column (the left quarter: the score sheet
    // opened in the middle draws its target line in a gold too).
    auto library_gold = [&] {
        const testing::Picture p = testing::load_picture(png);
        std::size_t n = 0;
        for (int y = 0; y < p.height; ++y) {
            for (int x = 0; x < p.width / 4; ++x) {
                const unsigned char* c = &p.rgb[3 * (static_cast<std::size_t>(y) * p.width + x)];
                if (std::abs(c[0] - 250) < 24 && std::abs(c[1] - 210) < 24 &&
                    std::abs(c[2] - 80) < 24) {
                    ++n;
                }
            }
        }
        return n;
    };
    const std::size_t before = library_gold();
    keep_club_game(ws, 5, {"4", "nil"});
    s = view(ws, "", "1280x720", png);
    REQUIRE(s.status == 0);
    // "under way, 5 hands" in gold: about 95 pixels of it at this size, none before.
    CHECK(before == 0);
    CHECK(library_gold() > 50);
}

TEST_CASE(
    "view --keep-score refuses a library or game that is not there, and a word it does not know",
    "[window][keeper]") {
    testing::Workspace ws("spadework-keeper-window");
    const fs::path png = ws.dir / "none.png";
    // No library: nothing to resume, and none is made.
    Shot s = view(ws, "7", "1280x720", png);
    CHECK(s.status == 1);
    CHECK(s.err.find("--keep-score 7: there is no library at " + ws.db) != std::string::npos);
    CHECK_FALSE(fs::exists(png));
    CHECK_FALSE(fs::exists(ws.db));
    // A new game makes it.
    const fs::path form = ws.dir / "form.png";
    s = view(ws, "new", "1280x720", form);
    CHECK(s.status == 0);
    CHECK(fs::exists(ws.db));
    s = view(ws, "7", "1280x720", png);
    CHECK(s.status == 1);
    CHECK(s.err.find("--keep-score 7: no kept game #7 in the library") != std::string::npos);
    CHECK_FALSE(fs::exists(png));
    // A word that is neither: bad usage, said before any window.
    s = view(ws, "old", "1280x720", png);
    CHECK(s.status == 2);
    CHECK(s.err.find("--keep-score old: expected new or a kept game's number") !=
          std::string::npos);
    // Without a library there is nowhere to keep the game: a usage error, before any window.
    testing::run_expecting({"view", "--no-library", "--keep-score", "new"}, 2,
                           "--keep-score: the score keeper keeps its games in the library");
}

// A viewer killed while it types a game in (--keeper-entries: one entry a frame, each saved
// in the library as it is made) loses nothing it had taken: after SIGKILL, at a moment the
// viewer does not choose, the kept game holds the script's first entries, and a keeper in
// another process resumes it to the sheet those entries make.
TEST_CASE("A kept game loses no entry when the viewer typing it is killed",
          "[viewer][keeper][window]") {
    testing::Workspace ws("spadework-keeper-kill");
    KeeperSetup setup;
    setup.players = {"Ann", "Bob", "Carol", "Dee"};
    setup.overrides = {"target=5000"};  // thirty hands and the game still on
    std::int64_t id = 0;
    {
        ScoreKeeper k(ws.db);
        k.start(setup);
        id = k.id();
    }
    std::vector<std::string> script;
    for (int h = 0; h < 30; ++h) {
        for (const char* e : {"3", "4", "3", "2", "4", "3", "3", "3"}) script.push_back(e);
    }
    std::string list;
    for (const std::string& e : script) list += (list.empty() ? "" : ",") + e;
    const fs::path pid_file = ws.dir / "viewer.pid";
    const std::vector<std::string> args = {XVFB_RUN,
                                           "-a",
                                           "-s",
                                           "-screen 0 1280x720x24",
                                           "/bin/sh",
                                           "-c",
                                           "p=$1; shift; \"$@\" & echo $! >\"$p\"; wait",
                                           "sh",
                                           pid_file.string(),
                                           SPADEWORK_EXE,
                                           "view",
                                           "--db",
                                           ws.db,
                                           "--size",
                                           "1280x720",
                                           "--keep-score",
                                           std::to_string(id),
                                           "--keeper-entries",
                                           list};
    const pid_t runner =
        testing::spawn_process(XVFB_RUN, args, "/dev/null", (ws.dir / "err").string());
    // Killed once a hand and a bid are in (or after two minutes, and the check below fails).
    auto saved = [&] {
        ScoreKeeper reader(ws.db);
        reader.resume(id);
        return reader.entries().size();
    };
    pid_t viewer = 0;
    std::size_t seen = 0;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(2);
    while (std::chrono::steady_clock::now() < deadline && (viewer == 0 || seen < 9)) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
        if (viewer == 0) {
            std::ifstream in(pid_file);
            in >> viewer;
            continue;
        }
        seen = saved();
    }
    if (viewer > 0) kill(viewer, SIGKILL);
    testing::wait_process(runner);
    INFO(testing::slurp(ws.dir / "err"));
    REQUIRE(viewer > 0);
    CHECK(seen >= 9);

    // A fresh keeper finds the script's first entries, as a keeper typing them itself makes
    // them, and the same sheet.
    ScoreKeeper resumed(ws.db);
    resumed.resume(id);
    const std::size_t n = resumed.entries().size();
    CHECK(n >= seen);
    REQUIRE(n <= script.size());
    ScoreKeeper typed({});
    typed.start(setup);
    for (std::size_t i = 0; i < n; ++i) REQUIRE(typed.enter_text(script[i]));
    CHECK(resumed.entries() == typed.entries());
    const auto& a = resumed.sheet().runs.front().scored.hands;
    const auto& b = typed.sheet().runs.front().scored.hands;
    REQUIRE(a.size() == b.size());
    CHECK(a.back().after[0].score == b.back().after[0].score);
    CHECK(a.back().after[1].score == b.back().after[1].score);
    // And it goes on from there.
    CHECK(resumed.enter_text(script[n]));
}
