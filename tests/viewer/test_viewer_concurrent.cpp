// The viewer open on a library while other programs write to it: its list follows the games
// imported and the reviews stored elsewhere, and no "database is locked" reaches the user.
// First the model alone, then the window under xvfb-run while `spadework import` and
// `spadework analyze --all` run beside it.
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include "model.h"
#include "spadework/analyzer/library_stores.h"
#include "spadework/analyzer/simple_bot.h"
#include "spadework/formats/game_file.h"
#include "spadework/formats/library.h"
#include "support/run_command.h"
#include "support/workspace.h"
#include "support/xvfb.h"

using namespace spadework;
using namespace spadework::viewer;
using spadework::testing::Workspace;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

// Bot games cut to one hand, so that reviewing them takes a moment: the first `bidding`
// games keep their bids and first trick (a bid review, a third of a second), the others
// only their deal (nothing to review, yet a review is stored).
std::vector<RecordedGame> one_hand_games(int games, int bidding, std::uint64_t seed) {
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

// Polls the model as the window does, each frame, until `done`, or gives up after `seconds`
// (a deadline far past the refresh's second: it only keeps a broken refresh from hanging).
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

// A child process watched without blocking: running() reaps it once it has exited.
struct Child {
    pid_t pid;
    bool exited = false;
    int wstatus = 0;

    bool running() {
        if (!exited && waitpid(pid, &wstatus, WNOHANG) == pid) exited = true;
        return !exited;
    }
    // Waits for it; its exit code, or -1 when it did not exit normally.
    int wait() {
        if (!exited) REQUIRE(waitpid(pid, &wstatus, 0) == pid);
        exited = true;
        return WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : -1;
    }
};

// Waits until `text` shows in the file `path` (a child's output), or the child has exited.
// The deadline only keeps a broken build from hanging the run; nothing waits on it.
bool wait_for_output(Child& child, const std::string& path, const std::string& text) {
    const auto give_up = Clock::now() + std::chrono::minutes(5);
    while (!contains(testing::slurp(path), text)) {
        if (!child.running() || Clock::now() > give_up) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return true;
}

}  // namespace

TEST_CASE("the viewer's list follows the games and reviews other programs store",
          "[viewer][sharing]") {
    Workspace ws("spadework-viewer-sharing");
    std::vector<RecordedGame> games = one_hand_games(12, 0, 31);
    formats::Library writer(ws.db);
    writer.import_games({games[0], games[1]}, "first.pb");

    analyzer::ReviewSettings settings;
    settings.samples = 1;
    Model m(ws.db, settings);
    REQUIRE(m.games().size() == 2);
    m.select_game(1);

    // Imported by another program: listed within the refresh (a second), the selection kept.
    writer.import_games({games[2], games[3], games[4]}, "more.pb");
    CHECK(poll_until(m, 30, [&] { return m.games().size() == 5; }));
    REQUIRE(m.selected_game());
    CHECK(m.games()[*m.selected_game()].library_id == 2);

    // A review stored by another program (analyze --all): the game shows as reviewed.
    analyzer::StoredReview r;
    r.game = 3;
    r.settings = m.settings().key();
    r.version = "test";
    r.json = "{}";
    for (int s = 0; s < 4; ++s) r.seats[s].seat = kAllSeats[s];
    analyzer::ReviewStore(writer).store_review(r);
    CHECK(poll_until(m, 30, [&] {
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
    CHECK(poll_until(m, 30, [&] { return m.games().size() == games.size(); }));
    CHECK(m.messages().empty());

    // Told to look at once (the viewer told other programs are done), the next poll shows
    // what they stored, without waiting for the refresh's turn.
    writer.import_games({one_hand_games(1, 0, 32)[0]}, "last.pb");
    m.refresh_library_now();
    m.poll();
    CHECK(m.games().size() == games.size() + 1);
}

TEST_CASE("the viewer keeps working while import and analyze --all write to its library",
          "[window][sharing]") {
    Workspace ws("spadework-viewer-busy");
    // Step 1. A library with one game, and eight files of two short games to import.
    std::vector<RecordedGame> games = one_hand_games(17, 3, 77);
    formats::write_game_file(ws.file("first.pb"), {games.back()});
    games.pop_back();
    testing::run_ok(ws.with_db({"import", ws.file("first.pb")}));
    std::vector<std::string> files;
    for (int f = 0; f < 8; ++f) {
        files.push_back(ws.file("new" + std::to_string(f) + ".pb"));
        formats::write_game_file(files.back(), {games[2 * f], games[2 * f + 1]});
    }

    // Step 2. The viewer on that library lists its one game.
    const std::string out = ws.file("viewer.out");
    const std::string err = ws.file("viewer.err");
    const std::string status_file = ws.file("viewer.status");
    const std::vector<std::string> viewer = {SPADEWORK_EXE, "view",   "--db",
                                             ws.db,         "--size", "800x600"};
    const std::regex bench("frames=([0-9]+) .* games=([0-9]+)");
    std::smatch match;
    {
        std::vector<std::string> args = viewer;
        args.insert(args.end(), {"--bench-frames", "1"});
        int xvfb = testing::wait_process(testing::spawn_process(
            XVFB_RUN, testing::xvfb_args("1280x800x24", status_file, args), out, err));
        INFO(testing::slurp(err));
        REQUIRE(testing::command_status(status_file, xvfb) == 0);
        std::string text = testing::slurp(out);
        INFO(text << testing::slurp(err));
        REQUIRE(std::regex_search(text, match, bench));
        CHECK(match[2] == "1");
    }

    // Step 3. The viewer renders frames until it is told the writers are done (the file
    // `writers-done` appears), then reads the library at once and renders 30 frames more:
    // it ends on events, never on a duration guessed beforehand. The writers start once it
    // has drawn its first frame.
    const std::string writers_done = ws.file("writers-done");
    std::vector<std::string> args = viewer;
    args.insert(args.end(),
                {"--startup-time", "--bench-frames", "30", "--bench-until", writers_done});
    Child view{testing::spawn_process(
        XVFB_RUN, testing::xvfb_args("1280x800x24", status_file, args), out, err)};
    {
        INFO(testing::slurp(err));
        REQUIRE(wait_for_output(view, out, "first frame"));
    }
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
    const std::string imported = "'" + ws.file("imported") + "'";
    pid_t importer = shell("import", "for f in" + list + "; do " + exe + " import --db " + db +
                                         " \"$f\"; sleep 0.1; done; touch " + imported);
    pid_t analyzer = shell("analyze", "until [ -e " + imported + " ]; do " + exe +
                                          " analyze --all --samples 1 --threads 1 --db " + db +
                                          "; sleep 0.1; done");
    const int import_status = testing::wait_process(importer);
    const int analyze_status = testing::wait_process(analyzer);
    CHECK(view.running());  // it ends only once told
    std::ofstream{writers_done}.close();
    const int status = testing::command_status(status_file, view.wait());

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
    std::string text = testing::slurp(out);
    std::string errors = testing::slurp(err);
    INFO(text << errors);
    CHECK(status == 0);
    CHECK_FALSE(contains(errors, "locked"));
    CHECK_FALSE(contains(errors, "spadework view:"));  // no message for the user
    REQUIRE(std::regex_search(text, match, bench));
    CHECK(std::stoi(match[1]) >= 30);
    CHECK(match[2] == std::to_string(1 + games.size()));
    formats::Library lib(ws.db);
    CHECK(lib.count_games() == static_cast<int>(1 + games.size()));
}
