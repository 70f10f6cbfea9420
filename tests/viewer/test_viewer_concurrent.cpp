// The viewer open on a library while other programs write to it: its list follows the games
// imported and the reviews stored elsewhere, and no "database is locked" reaches the user.
// First the model alone, then the window under xvfb-run while `spadework import` and
// `spadework analyze --all` run beside it.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include "model.h"
#include "spadework/analyzer/simple_bot.h"
#include "spadework/formats/game_file.h"
#include "spadework/formats/library.h"
#include "support/run_command.h"
#include "support/workspace.h"

using namespace spadework;
using namespace spadework::viewer;
using spadework::testing::Workspace;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

// Bot games cut to one hand, so that reviewing them takes a moment: the first `bidding`
// games keep their bids and first trick (a bid review, a third of a second), the others
// only their deal (nothing to review, yet a review is stored).
std::vector<RecordedGame> short_games(int games, int bidding, std::uint64_t seed) {
    SplitMix64 rng(seed);
    std::vector<RecordedGame> out;
    for (int g = 0; g < games; ++g) {
        RecordedGame game = analyzer::play_game(preset("classic"), rng);
        game.hands.resize(1);
        RecordedHand& hand = game.hands[0];
        hand.claim.reset();
        hand.cards.resize(g < bidding ? 4 : 0);
        if (g >= bidding) hand.bids.clear();
        game.players = {"Ann", "Ben", "Cat", "Dan"};
        game.date = "2026.11." + std::to_string(10 + g);
        out.push_back(std::move(game));
    }
    return out;
}

// Polls the model as the window does, each frame, until `done` or `seconds` pass.
template <typename Done>
bool poll_until(Model& m, double seconds, Done done) {
    auto end = Clock::now() + std::chrono::duration<double>(seconds);
    while (Clock::now() < end) {
        m.poll();
        if (done()) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(15));
    }
    return false;
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("the viewer's list follows the games and reviews other programs store",
          "[viewer][sharing]") {
    Workspace ws("spadework-viewer-sharing");
    std::vector<RecordedGame> games = short_games(12, 0, 31);
    formats::Library writer(ws.db);
    writer.import_games({games[0], games[1]}, "first.pb");

    analyzer::ReviewSettings settings;
    settings.samples = 1;
    Model m(ws.db, settings);
    REQUIRE(m.games().size() == 2);
    m.select_game(1);

    // Imported by another program: listed within the refresh (a second), the selection kept.
    writer.import_games({games[2], games[3], games[4]}, "more.pb");
    CHECK(poll_until(m, 3, [&] { return m.games().size() == 5; }));
    REQUIRE(m.selected_game());
    CHECK(m.games()[*m.selected_game()].library_id == 2);

    // A review stored by another program (analyze --all): the game shows as reviewed.
    formats::StoredReview r;
    r.game = 3;
    r.settings = m.settings().key();
    r.version = "test";
    r.json = "{}";
    for (int s = 0; s < 4; ++s) r.seats[s].seat = kAllSeats[s];
    writer.store_review(r);
    CHECK(poll_until(m, 3, [&] {
        for (const GameRow& g : m.games()) {
            if (g.library_id == 3) return g.reviewed;
        }
        return false;
    }));

    // Writers at work while the model polls: every batch shows, and nothing is reported.
    std::thread importer([&] {
        formats::Library other(ws.db);
        for (std::size_t i = 5; i < games.size(); ++i) {
            other.import_games({games[i]}, "batch.pb");
            std::this_thread::sleep_for(std::chrono::milliseconds(30));
        }
    });
    importer.join();
    CHECK(poll_until(m, 3, [&] { return m.games().size() == games.size(); }));
    CHECK(m.messages().empty());
}

TEST_CASE("the viewer keeps working while import and analyze --all write to its library",
          "[window][sharing]") {
    Workspace ws("spadework-viewer-busy");
    // Step 1. A library with one game, and eight files of two short games to import.
    std::vector<RecordedGame> games = short_games(17, 3, 77);
    formats::write_game_file(ws.file("first.pb"), {games.back()});
    games.pop_back();
    auto t0 = Clock::now();
    testing::run_ok(ws.with_db({"import", ws.file("first.pb")}));
    // How long a command takes here (longer under the sanitizers): the writers' pace.
    const double command_ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
    std::vector<std::string> files;
    for (int f = 0; f < 8; ++f) {
        files.push_back(ws.file("new" + std::to_string(f) + ".pb"));
        formats::write_game_file(files.back(), {games[2 * f], games[2 * f + 1]});
    }
    auto viewer = [&](int frames) {
        return std::vector<std::string>{XVFB_RUN,
                                        "-a",
                                        "-s",
                                        "-screen 0 1280x800x24",
                                        SPADEWORK_EXE,
                                        "view",
                                        "--db",
                                        ws.db,
                                        "--size",
                                        "800x600",
                                        "--bench-frames",
                                        std::to_string(frames)};
    };
    const std::regex bench("mean_ms=([0-9.]+).* games=([0-9]+)");

    // Step 2. How long a frame takes here, so the real run lasts long enough.
    std::string out = ws.file("viewer.out");
    std::string err = ws.file("viewer.err");
    REQUIRE(testing::wait_process(testing::spawn_process(XVFB_RUN, viewer(40), out, err)) == 0);
    std::smatch match;
    std::string text = testing::slurp(out);
    INFO(text << testing::slurp(err));
    REQUIRE(std::regex_search(text, match, bench));
    CHECK(match[2] == "1");
    const double frame_ms = std::max(1.0, std::stod(match[1]));

    // Step 3. The viewer for about eight seconds (more where commands are slower); the
    // writers start once it is up and are done well before it ends, so it has seconds to
    // notice.
    const int frames = static_cast<int>((6500 + 40 * command_ms) / frame_ms);
    const auto started = Clock::now();
    pid_t view = testing::spawn_process(XVFB_RUN, viewer(frames), out, err);
    std::this_thread::sleep_for(std::chrono::milliseconds(1000));
    // Two shells beside it: one imports the files one by one, as a user adding files now
    // and then; the other runs analyze --all over and over, so later runs find later games.
    auto shell = [&](const std::string& name, const std::string& script) {
        return testing::spawn_process("/bin/sh", {"sh", "-c", "set -e; " + script},
                                      ws.file(name + ".out"), ws.file(name + ".err"));
    };
    std::string list;
    for (const std::string& f : files) list += " '" + f + "'";
    const std::string exe = std::string("'") + SPADEWORK_EXE + "'";
    const std::string db = "'" + ws.db + "'";
    const std::string done = "'" + ws.file("imported") + "'";
    pid_t importer = shell("import", "for f in" + list + "; do " + exe + " import --db " + db +
                                         " \"$f\"; sleep 0.1; done; touch " + done);
    pid_t analyzer = shell("analyze", "until [ -e " + done + " ]; do " + exe +
                                          " analyze --all --samples 1 --threads 1 --db " + db +
                                          "; sleep 0.1; done");
    const int import_status = testing::wait_process(importer);
    const int analyze_status = testing::wait_process(analyzer);
    const double writers_s = std::chrono::duration<double>(Clock::now() - started).count();
    const int status = testing::wait_process(view);
    const double viewer_s = std::chrono::duration<double>(Clock::now() - started).count();

    // Step 4. The writers all succeeded, and the viewer ran on past them and saw every game.
    {
        std::string import_err = testing::slurp(ws.file("import.err"));
        std::string analyze_err = testing::slurp(ws.file("analyze.err"));
        INFO(import_err << analyze_err);
        CHECK(import_status == 0);
        CHECK(analyze_status == 0);
        CHECK_FALSE(contains(import_err + analyze_err, "locked"));
        CHECK(contains(testing::slurp(ws.file("analyze.out")), "Analysed"));
    }
    INFO("writers done after " << writers_s << " s, viewer after " << viewer_s << " s");
    REQUIRE(viewer_s > writers_s + 1.5);  // else the test ended too soon to tell
    text = testing::slurp(out);
    std::string errors = testing::slurp(err);
    INFO(text << errors);
    CHECK(status == 0);
    CHECK_FALSE(contains(errors, "locked"));
    CHECK_FALSE(contains(errors, "spadework view:"));  // no message for the user
    REQUIRE(std::regex_search(text, match, bench));
    CHECK(match[2] == std::to_string(1 + games.size()));
    formats::Library lib(ws.db);
    CHECK(lib.count_games() == static_cast<int>(1 + games.size()));
}
