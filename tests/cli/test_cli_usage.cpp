// The command line as a new player meets it (issue 18): the version, malformed flag values as
// usage errors, dates and player names as a person writes them, a missing library, an empty
// import, JSON Lines, and the GAME forms score and convert take.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "spadework/formats/game_file.h"
#include "support/run_command.h"
#include "support/test_games.h"
#include "support/workspace.h"

using namespace spadework;
using spadework::testing::contains;
using spadework::testing::run;
using spadework::testing::run_expecting;
using spadework::testing::run_ok;
using spadework::testing::RunResult;
using spadework::testing::Workspace;
namespace fs = std::filesystem;

TEST_CASE("spadework --version prints the project's version, and --help shows it", "[cli-usage]") {
    RunResult r = run({"--version"});
    CHECK(r.status == 0);
    CHECK(r.out == std::string("spadework ") + SPADEWORK_VERSION + "\n");
    std::string help = run_ok({"--help"});
    CHECK(contains(help, std::string("Spadework ") + SPADEWORK_VERSION));
}

// A flag value that cannot mean anything is a usage error (exit 2) naming the flag, not "no
// games match" and 0, nor bad input and 1. A bad file stays bad input.
TEST_CASE("malformed flag values exit 2 and name the flag", "[cli-usage]") {
    Workspace ws("spadework-cli-usage");
    std::string game = ws.file("g.spades");
    formats::write_game_file(game, {testing::first_legal_game(preset("classic"), 2, 40)});
    run_ok(ws.with_db({"import", game}));

    // A day the calendar does not have says why; a word that is no date, the form expected.
    run_expecting(
        ws.with_db({"list", "--from", "2026-13-45"}), 2,
        "--from: the date '2026-13-45' is not a day of the calendar: there is no month 13");
    run_expecting(ws.with_db({"list", "--to", "yesterday"}), 2,
                  "--to: 'yesterday' is not a date: expected YYYY-MM-DD");
    run_expecting(ws.with_db({"list", "--from", "2026-02-29"}), 2,
                  "the date '2026-02-29' is not a day of the calendar: February 2026 has 28 days");
    run_expecting(ws.with_db({"list", "--rules", "clasic"}), 2, "'clasic'");
    run_expecting(ws.with_db({"list", "--limit", "-3"}), 2,
                  "--limit: '-3' is not a whole number from 0");
    run_expecting(ws.with_db({"hands", "--limit", "-1"}), 2, "--limit");
    run_expecting(ws.with_db({"hands", "--game", "0"}), 2,
                  "--game: '0' is not a whole number from 1");
    run_expecting({"analyze"}, 2, "give one of GAME, --all or --trend PLAYER");
    // A hand or a position out of range says the range in words, not up to the largest
    // double ("not in range 0.000000 to 1797693...").
    for (const std::vector<std::string>& args :
         std::vector<std::vector<std::string>>{{"analyze", game, "--hand", "0"},
                                               {"view", game, "--hand", "0"},
                                               {"view", game, "--position", "-1"},
                                               {"view", game, "--bench-frames", "0"}}) {
        RunResult r = run_expecting(args, 2, args[2] + ": '" + args[3] + "' is not a whole number");
        CHECK_FALSE(contains(r.err, "179769"));
    }
    // A preset no game was played under is a filter that matches nothing, not a mistake.
    RunResult none = run(ws.with_db({"list", "--rules", "paperless"}));
    CHECK(none.status == 0);
    CHECK(contains(none.out, "no games match"));

    run_expecting({"score", game, "--rules", "classic,nosuch"}, 2, "nosuch");
    run_expecting({"tally", "--rules", "classic", "--rule", "target", "--bids", "4,4,4,1",
                   "--tricks", "4,4,4,1"},
                  2, "--rule target");
    run_expecting({"tally", "--rule", "no_such_key=1", "--bids", "4,4,4,1", "--tricks", "4,4,4,1"},
                  2, "no_such_key");
    // An override whose value is fine alone but breaks the rule set.
    run_expecting({"rules", "classic", "--rule", "pass_cards=40"}, 2, "pass_cards");

    const std::string deal =
        "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. "
        "...AKQJT98765432";
    run_expecting({"solve", "--deal", deal, "--leader", "X"}, 2, "--leader: 'X' is not a seat");
    run_expecting({"solve", "--deal", deal, "--leader", "E", "--bids", "nil,3,3,3", "--objective",
                   "nil", "--nil-seat", "Z"},
                  2, "--nil-seat: 'Z'");
    run_expecting({"view", game, "--seat", "Q"}, 2, "--seat: 'Q'");
    run_expecting({"view", game, "--panel", "nowhere"}, 2, "--panel nowhere: expected");
    run_expecting({"view", game, "--size", "20x10"}, 2,
                  "--size 20x10: expected WIDTHxHEIGHT, from 640x480 to 8192x8192 (default "
                  "1600x1000)");

    // A rule set file that exists but does not read is still bad input.
    std::string bad_rules = ws.file("bad.textproto");
    std::ofstream(bad_rules) << "this is not a rule set\n";
    run_expecting({"rules", bad_rules}, 1, "bad.textproto");
}

// Dates as people write them, compared as dates: the library holds "2026.11.21" and
// "2026-11-23" (the two forms records use), and --from/--to take either.
TEST_CASE("list --from/--to compare dates, written with '-' or '.'", "[cli-usage]") {
    Workspace ws("spadework-cli-dates");
    RecordedGame a = testing::first_legal_game(preset("classic"), 2, 40);
    RecordedGame b = testing::first_legal_game(preset("classic"), 2, 41);
    a.date = "2026.11.21";
    b.date = "2026-11-23";
    std::string file = ws.file("two.spades");
    formats::write_game_file(file, {a, b});
    run_ok(ws.with_db({"import", file}));
    auto dates = [&](std::vector<std::string> args) {
        args.insert(args.begin(), "list");
        std::vector<std::string> out;
        for (const auto& g : testing::run_json(ws.with_db(args))) out.push_back(g["date"]);
        return out;
    };
    using V = std::vector<std::string>;
    // Compared as text, "2026.11.21" >= "2026-11-22": the game of the 21st was listed.
    CHECK(dates({"--from", "2026-11-22"}) == V{"2026-11-23"});
    CHECK(dates({"--from", "2026.11.22"}) == V{"2026-11-23"});
    CHECK(dates({"--to", "2026-11-22"}) == V{"2026-11-21"});
    CHECK(dates({"--to", "2026.11.22"}) == V{"2026-11-21"});
    CHECK(dates({"--from", "2026-11-21", "--to", "2026.11.23"}) == V{"2026-11-21", "2026-11-23"});
    CHECK(dates({"--from", "2026.11.21", "--to", "2026-11-21"}) == V{"2026-11-21"});
    CHECK(dates({"--from", "2026-11-24"}).empty());
    // --limit counts the games that pass the dates.
    CHECK(dates({"--from", "2026-11-22", "--limit", "1"}) == V{"2026-11-23"});
}

// --player as a person types it: any case, the start of a name; the names matched said on
// stderr. A name equal to the text (ignoring case) is taken alone, so "Ann" does not also
// mean Annika.
TEST_CASE("list --player matches names ignoring case and by prefix, and says which",
          "[cli-usage]") {
    Workspace ws("spadework-cli-player");
    RecordedGame a = testing::first_legal_game(preset("classic"), 2, 40);
    RecordedGame b = testing::first_legal_game(preset("classic"), 2, 41);
    b.players = {"Annika", "Bob", "Cyril", "Dee"};
    std::string file = ws.file("two.spades");
    formats::write_game_file(file, {a, b});
    run_ok(ws.with_db({"import", file}));
    auto ids = [&](const std::string& player) {
        RunResult r = run(ws.with_db({"list", "--player", player, "--json"}));
        REQUIRE(r.status == 0);
        std::vector<int> out;
        for (const auto& g : nlohmann::json::parse(r.out)) out.push_back(g["id"]);
        return std::pair(out, r.err);
    };
    auto [both, said] = ids("an");
    CHECK(both == std::vector<int>{1, 2});
    CHECK(contains(said, "--player 'an' matches Ann, Annika"));
    auto [ann, said_ann] = ids("ANN");
    CHECK(ann == std::vector<int>{1});
    CHECK(contains(said_ann, "--player 'ANN' matches Ann"));
    CHECK(ids("annI").first == std::vector<int>{2});
    CHECK(ids("Bob").first == std::vector<int>{1, 2});
    CHECK(ids("Bob").second.empty());  // exactly the name typed: nothing to say
    auto [none, said_none] = ids("zed");
    CHECK(none.empty());
    CHECK(contains(said_none, "--player 'zed': no player's name is or begins with it"));

    auto stats = testing::run_json(ws.with_db({"stats", "--player", "an"}));
    std::vector<std::string> names;
    for (const auto& p : stats["players"]) names.push_back(p["name"]);
    std::sort(names.begin(), names.end());
    CHECK(names == std::vector<std::string>{"Ann", "Annika"});
    CHECK(stats["partnerships"].size() == 2);  // Ann & Cy, Annika & Cyril
    // stats of nobody has nothing to show: an error, said once.
    RunResult nobody = run(ws.with_db({"stats", "--player", "zed"}));
    CHECK(nobody.status == 1);
    CHECK(nobody.err == "spadework: --player 'zed': no player's name is or begins with it\n");

    auto hands_of = [&](const std::string& player, std::vector<std::string> more = {}) {
        std::vector<std::string> args = {"hands", "--player", player};
        args.insert(args.end(), more.begin(), more.end());
        return testing::run_json(ws.with_db(args)).size();
    };
    std::size_t cy = hands_of("Cy");
    std::size_t cyril = hands_of("Cyril");
    CHECK(cy > 0);
    CHECK(cyril > 0);
    CHECK(hands_of("cy") == cy);  // Cy alone: the name equals the text
    CHECK(hands_of("c") == cy + cyril);
    CHECK(hands_of("c", {"--limit", "1"}) == 1);
}

// view of a library id the library does not have says so as show does, before any window.
TEST_CASE("view of a game id not in the library names the id and the library", "[cli-usage]") {
    Workspace ws("spadework-cli-view-id");
    std::string game = ws.file("g.spades");
    formats::write_game_file(game, {testing::first_legal_game(preset("classic"), 2, 40)});
    run_ok(ws.with_db({"import", game}));
    const std::string shot = ws.file("never.png");
    RunResult r = run_expecting(ws.with_db({"view", "99", "--screenshot", shot}), 1);
    CHECK(r.err == "spadework: no game 99 in the library " + ws.db + "\n");
    CHECK_FALSE(fs::exists(shot));
    // The same words as show's.
    CHECK(run_expecting(ws.with_db({"show", "99"}), 1).err == r.err);
    // --analyze is read as --analyse (the command is `analyze`): the line parses, and the id
    // is what stops it.
    CHECK(run_expecting(ws.with_db({"view", "99", "--analyze", "--screenshot", shot}), 1).err ==
          r.err);
}

// Only import makes a library: the commands that read one name the path they did not find
// and leave nothing behind.
TEST_CASE("reading a library that does not exist is an error naming it", "[cli-usage]") {
    Workspace ws("spadework-cli-nolib");
    const std::vector<std::vector<std::string>> readers = {{"list"},
                                                           {"hands"},
                                                           {"stats"},
                                                           {"show", "1"},
                                                           {"analyze", "1"},
                                                           {"analyze", "--all"},
                                                           {"analyze", "--trend", "Ann"},
                                                           {"score", "1", "--rules", "classic"},
                                                           {"view"},
                                                           {"view", "1"}};
    std::string game = ws.file("g.spades");
    formats::write_game_file(game, {testing::first_legal_game(preset("classic"), 2, 40)});
    // The viewer shows a file without the library when none is named, but a --db that names
    // none is a mistake to say, as it is for the other readers.
    std::vector<std::vector<std::string>> views = readers;
    views.push_back({"view", game});
    views.push_back({"view", "--open", game});
    for (const auto& args : views) {
        INFO(args.front() << " " << (args.size() > 1 ? args[1] : ""));
        RunResult r = run_expecting(ws.with_db(args), 1, "there is no library at " + ws.db);
        CHECK(r.out.empty());
        CHECK_FALSE(fs::exists(ws.db));
    }
    // A --db in a folder that is not there: the hint names the folder to make first, as
    // import makes the library but not its folder.
    const std::string lost = ws.file("no-such-folder/lib.sqlite");
    run_expecting({"list", "--db", lost}, 1,
                  "nor its folder " + ws.file("no-such-folder") +
                      ": make the folder, then "
                      "`spadework import FILE --db " +
                      lost + "` makes the library");
    run_expecting({"import", game, "--db", lost}, 1, "there is no folder");
    run_ok(ws.with_db({"import", game}));
    CHECK(fs::exists(ws.db));
    CHECK(contains(run_ok(ws.with_db({"list"})), "Ann/Bob/Cy/Dee"));
}

// A file with no game is most likely not the file meant: an error naming it, exit 1, while
// the other files of the run are still imported.
TEST_CASE("importing an empty file or one with no game is an error naming it", "[cli-usage]") {
    Workspace ws("spadework-cli-empty");
    std::string empty = ws.file("empty.spades");
    std::ofstream(empty).close();
    std::string blank = ws.file("blank.spades");
    std::ofstream(blank) << "\n\n";
    std::string empty_pb = ws.file("empty.pb");
    std::ofstream(empty_pb).close();
    std::string bad = ws.file("bad.spades");
    std::ofstream(bad) << "[Event \"x\"]\nlorem\n";
    // Tags and no hand: a game with nothing in it, as empty as an empty file.
    std::string tags = ws.file("tags.spades");
    std::ofstream(tags) << "[Event \"x\"]\n";
    // A library the run would have made for nothing is not left behind, nor its SQLite
    // side files.
    for (const std::string& file : {empty, blank, empty_pb, bad, tags}) {
        const std::string said = file == bad    ? bad + ":"
                                 : file == tags ? tags + ": game 1 has no hand (only its tags)"
                                                : file + ": holds no game";
        RunResult r = run_expecting(ws.with_db({"import", file}), 1, said);
        CHECK(contains(r.err, file + ": nothing imported"));
        CHECK(contains(r.err, "no library made at " + ws.db));
        CHECK_FALSE(contains(r.out, file + ": 0 games"));
        for (const char* suffix : {"", "-wal", "-shm", "-journal"}) {
            CHECK_FALSE(fs::exists(ws.db + suffix));
        }
    }
    std::string game = ws.file("g.spades");
    formats::write_game_file(game, {testing::first_legal_game(preset("classic"), 2, 40)});
    RunResult both = run_expecting(ws.with_db({"import", empty, game}), 1, "1 file not imported");
    CHECK(contains(both.out, game + ": 1 game, 1 new"));
    CHECK_FALSE(contains(both.err, "no library made"));
    // A library that was there stays, with what it held, when a later import adds nothing.
    RunResult again = run_expecting(ws.with_db({"import", empty}), 1, empty + ": holds no game");
    CHECK_FALSE(contains(again.err, "no library made"));
    CHECK(contains(run_ok(ws.with_db({"list"})), "Ann/Bob/Cy/Dee"));

    // No file there to read: an error naming it, and no library made.
    const std::string elsewhere = ws.file("new.sqlite");
    RunResult missing = run_expecting({"import", ws.file("none.spades"), "--db", elsewhere}, 1,
                                      ws.file("none.spades"));
    CHECK(contains(missing.err, "nothing to import"));
    CHECK_FALSE(std::filesystem::exists(elsewhere));
}

// Two pretty documents back to back is not JSON any parser reads: analyze --json on a file
// of two games prints one review a line.
TEST_CASE("analyze --json on a file of two games prints JSON Lines", "[cli-usage]") {
    Workspace ws("spadework-cli-jsonl");
    std::string file = ws.file("two.spades");
    formats::write_game_file(file, {testing::first_legal_game(preset("classic"), 1, 40),
                                    testing::first_legal_game(preset("classic"), 1, 41)});
    std::string out = run_ok({"analyze", file, "--samples", "2", "--only", "play", "--json"});
    std::istringstream lines(out);
    std::string line;
    int reviews = 0;
    while (std::getline(lines, line)) {
        INFO(line.substr(0, 200));
        nlohmann::json j = nlohmann::json::parse(line);  // throws unless the line is a document
        CHECK(j.is_object());
        CHECK(j.contains("hands"));
        ++reviews;
    }
    CHECK(reviews == 2);
    CHECK(contains(run_ok({"analyze", "--help"}), "JSON Lines"));
    CHECK(contains(run_ok({"--help"}), "JSON Lines"));
    // A command without --json does not speak of it; every command gives the exit codes.
    for (const char* cmd : {"lesson", "simulate", "merge", "view"}) {
        std::string help = run_ok({cmd, "--help"});
        INFO(cmd);
        CHECK_FALSE(contains(help, "--json"));
        CHECK(contains(help, "Exit codes: 0 success, 1 bad input, 2 bad usage"));
    }
    CHECK(contains(run_ok({"list", "--help"}), "--json prints one JSON document"));
}

// score takes --rule like simulate and tally: applied to every rule set compared, and named
// in each column's label.
TEST_CASE("score applies --rule overrides to every rule set", "[cli-usage]") {
    const std::string sample = (fs::path(SPADEWORK_SAMPLES) / "games" / "classic.spades").string();
    auto plain = testing::run_json({"score", sample, "--rules", "classic"});
    CHECK(plain["rule_sets"][0]["result"]["ended_after_hand"] == 11);
    auto low =
        testing::run_json({"score", sample, "--rules", "classic,leaflet", "--rule", "target=150"});
    REQUIRE(low["rule_sets"].size() == 2);
    for (const auto& run : low["rule_sets"]) {
        CHECK(contains(run["rules"].get<std::string>(), "target=150"));
        CHECK(run["result"]["reason"] == "target");
        CHECK(run["result"]["ended_after_hand"] == 2);
        CHECK(run["result"]["EW"] == 151);
    }
    run_expecting({"score", sample, "--rules", "classic", "--rule", "target=none"}, 2,
                  "--rule target=none");
    // rules --rule without a rule set says what to type.
    run_expecting({"rules", "--rule", "target=300"}, 2,
                  "--rule changes a rule set: name one first, e.g. spadework rules classic --rule "
                  "target=300");
    // A rule set with no name is a slip, not classic under a blank column.
    run_expecting({"score", sample, "--rules", ""}, 2, "--rules: a rule set with no name");
    run_expecting({"tally", "--rules", " ", "--bids", "4,5,5,nil", "--tricks", "5,3,5,0"}, 2,
                  "--rules: a rule set with no name");
}

// convert writes library games (ID) and one game of a file (FILE@N), not only whole files.
TEST_CASE("convert exports a library game and one game of a file", "[cli-usage]") {
    Workspace ws("spadework-cli-convert");
    RecordedGame a = testing::first_legal_game(preset("classic"), 2, 40);
    RecordedGame b = testing::first_legal_game(preset("paperless"), 2, 50);
    std::string both = ws.file("two.spades");
    std::string second = ws.file("second.spades");
    formats::write_game_file(both, {a, b});
    formats::write_game_file(second, {b});

    // FILE@N: that game alone, the same as the file holding only it.
    std::string one = ws.file("one.pb");
    CHECK(contains(run_ok({"convert", both + "@2", one}), "1 game written"));
    std::string back = ws.file("back.spades");
    run_ok({"convert", one, back});
    CHECK(testing::slurp(back) == testing::slurp(second));

    // ID: a library game.
    run_ok(ws.with_db({"import", both}));
    std::string lib = ws.file("lib.spades");
    CHECK(contains(run_ok(ws.with_db({"convert", "2", lib})), "1 game written"));
    CHECK(testing::slurp(lib) == testing::slurp(second));

    run_expecting(ws.with_db({"convert", "9", ws.file("x.pb")}), 1, "no game 9 in the library");
    run_expecting({"convert", both + "@3", ws.file("x.pb")}, 1, "there is no game 3");
    run_expecting({"convert", both + "@1:2", ws.file("x.pb")}, 2, "drop the :HAND");
    CHECK_FALSE(fs::exists(ws.file("x.pb")));
}

namespace {

// Runs the command on a terminal of its own (util-linux `script` gives it a pseudo-terminal)
// and returns what the terminal showed.
std::string run_on_terminal(const Workspace& ws, const std::string& command_line) {
    std::string shown = ws.file("terminal.txt");
    std::string err = ws.file("terminal.err");
    pid_t pid = testing::spawn_process(
        "/usr/bin/script",
        {"script", "-qec", std::string(SPADEWORK_EXE) + " " + command_line, "/dev/null"}, shown,
        err);
    CHECK(testing::wait_process(pid) == 0);
    return testing::slurp(shown);
}

}  // namespace

// Long work shows its progress on a terminal, with counts, and prints no bar into a file.
TEST_CASE("simulate and import show a progress bar on a terminal only", "[cli-usage]") {
    REQUIRE(fs::exists("/usr/bin/script"));  // util-linux, on every Debian
    Workspace ws("spadework-cli-progress");
    std::string games = ws.file("g.spades");
    std::string shown = run_on_terminal(ws, "simulate --games 30 -o " + games);
    CHECK(contains(shown, "playing 30 games ["));
    CHECK(contains(shown, "] 30/30"));
    RunResult piped = run({"simulate", "--games", "30", "-o", games});
    CHECK(piped.status == 0);
    CHECK(piped.err.empty());

    fs::create_directory(ws.dir / "folder");
    for (int i = 0; i < 3; ++i) {
        formats::write_game_file(ws.dir / "folder" / ("g" + std::to_string(i) + ".spades"),
                                 {testing::first_legal_game(preset("classic"), 1, 40 + i)});
    }
    shown = run_on_terminal(ws, "import " + (ws.dir / "folder").string() + " --db " + ws.db);
    CHECK(contains(shown, "importing 3 files ["));
    CHECK(contains(shown, "] 3/3"));
    CHECK(contains(shown, "3 games read, 3 new"));
    RunResult quiet = run(ws.with_db({"import", (ws.dir / "folder").string()}));
    CHECK(quiet.status == 0);
    CHECK(quiet.err.empty());
    CHECK(contains(quiet.out, "3 games read, 0 new"));
}

TEST_CASE("convert refuses to write over the file it reads", "[cli-usage]") {
    Workspace ws("spadework-cli-usage");
    const std::string file = ws.file("two.spades");
    formats::write_game_file(file, {testing::first_legal_game(preset("classic"), 2, 40),
                                    testing::first_legal_game(preset("classic"), 1, 41)});
    const auto before = fs::last_write_time(file);
    run_expecting({"convert", file + "@1", file}, 2,
                  "the output is the file read; write to another file (the file's other games "
                  "would be lost)");
    run_expecting({"convert", file, file}, 2, "the output is the file read");
    // The same file by another path.
    run_expecting({"convert", file, ws.dir.string() + "/./two.spades"}, 2,
                  "the output is the file read");
    CHECK(formats::read_game_file(file).size() == 2);
    CHECK(fs::last_write_time(file) == before);
}

// import, merge and analyze make a library that is not there, but not its folder: a --db in a
// folder that is not there is a mistyped path.
TEST_CASE("import and merge refuse a library in a folder that is not there", "[cli-usage]") {
    Workspace ws("spadework-cli-usage");
    const std::string game = ws.file("g.spades");
    formats::write_game_file(game, {testing::first_legal_game(preset("classic"), 2, 40)});
    const std::string typo = ws.file("typo/library.sqlite");
    run_expecting(
        {"import", game, "--db", typo}, 1,
        "--db " + typo + ": there is no folder " + ws.file("typo") + " to keep the library in");
    run_ok({"import", game, "--db", ws.db});
    run_expecting({"merge", ws.db, "--into", typo}, 1, "--into " + typo + ": there is no folder");
    CHECK_FALSE(fs::exists(ws.file("typo")));
}

// A file of the other kind says what it is, not its parser's complaint about a field.
TEST_CASE("a rule set given as a game, and a game given as a rule set, say what they are",
          "[cli-usage]") {
    Workspace ws("spadework-cli-usage");
    const std::string header =
        (fs::path(SPADEWORK_SAMPLES) / "rules" / "classic.textproto").string();
    const std::string bare = ws.file("club.textproto");
    std::ofstream(bare) << "name: \"classic\"\nbag_limit: 5\n";  // no header naming the message
    for (const std::string& rules : {header, bare}) {
        run_expecting({"show", rules}, 1,
                      rules +
                          ": holds a rule set (a RuleSet message), not games: give it to "
                          "--rules");
        run_expecting({"import", rules, "--db", ws.db}, 1, "holds a rule set");
    }
    const std::string game = (fs::path(SPADEWORK_SAMPLES) / "games" / "classic.spades").string();
    run_expecting({"tally", "--rules", game, "--bids", "3,3,3,3", "--tricks", "4,3,3,3"}, 1,
                  game + " is a game file (text log), not a rule set");
    // Each still works where it belongs.
    run_ok({"tally", "--rules", bare, "--bids", "3,3,3,3", "--tricks", "4,3,3,3"});
    run_ok({"show", game});
}

TEST_CASE("import says which game's last hand is not played out", "[cli-usage]") {
    Workspace ws("spadework-cli-usage");
    // The sample cut after its second hand's first tricks, as a half-copied file is.
    std::ifstream in(fs::path(SPADEWORK_SAMPLES) / "games" / "classic.spades");
    std::string line, cut;
    for (int n = 0; n < 40 && std::getline(in, line); ++n) cut += line + "\n";
    const std::string file = ws.file("cut.spades");
    std::ofstream(file) << cut;
    RunResult r = run({"import", file, "--db", ws.db});
    CHECK(r.status == 0);
    CHECK(contains(r.err, file + ": game 1, hand 2 is not played out (kept unfinished"));
    // A whole game says nothing of the kind.
    r = run({"import", (fs::path(SPADEWORK_SAMPLES) / "games" / "classic.spades").string(), "--db",
             ws.db});
    CHECK(r.status == 0);
    CHECK_FALSE(contains(r.err, "not played out"));
}

// The smaller faults a new user's trial found, each as the user met it.
TEST_CASE("tally, rules, hands, simulate and score say what they did in the user's words",
          "[cli-usage]") {
    Workspace ws("spadework-cli-usage");
    // tally --json names the rules with their changes, as its text's first line does.
    auto j =
        testing::run_json({"tally", "--rules", "classic bag_limit=5", "--rule", "big_contract=10",
                           "--bids", "3,3,3,3", "--tricks", "4,3,3,3", "--json"});
    CHECK(j["rules"] == "classic bag_limit=5 big_contract=10");
    // One nil trick as a bag, in the singular (the leaflet's reading).
    CHECK(contains(
        run_ok({"tally", "--rules", "leaflet", "--bids", "nil,3,7,3", "--tricks", "1,3,6,3"}),
        "1 trick taken counts as a bag"));
    // rules FILE names the file and what it changes, though its name is a preset's.
    const std::string club = ws.file("club.textproto");
    std::ofstream(club) << "name: \"classic\"\nbag_limit: 5\n";
    const std::string shown = run_ok({"rules", club});
    CHECK(contains(shown, "house rules in " + club));
    CHECK(contains(shown, "#   bag_limit=5 (classic: 10)"));
    // hands: the notes one phrase each, separated.
    run_ok({"import", (fs::path(SPADEWORK_SAMPLES) / "sheets" / "club-night.csv").string(), "--db",
            ws.db});
    CHECK(contains(run_ok({"hands", "--db", ws.db}), "NS took 9, EW took 4, EW set"));
    // simulate -o names only the kinds it writes: not the score sheet's .csv.
    RunResult r = run({"simulate", "--games", "1", "-o", ws.file("a.txt")});
    CHECK(r.status == 2);
    CHECK(contains(r.err, ".spades"));
    CHECK_FALSE(contains(r.err, ".csv"));
    // score: a rule set named twice is a usage error, not two equal columns.
    run_expecting({"score", ws.file("a.txt"), "--rules", "classic target=300,classic target=300"},
                  2, "--rules: 'classic target=300' is named twice");
}

TEST_CASE("a slip of the keyboard is named, an empty list entry refused, an event found in part",
          "[cli-usage]") {
    Workspace ws("spadework-cli-usage");
    // A command or an option one key away: the parser's refusal names the one meant.
    run_expecting({"lsit"}, 2, "not expected: lsit. Did you mean 'list'?");
    run_expecting({"list", "--evnt", "x"}, 2,
                  "were not expected: --evnt x. Did you mean '--event' for '--evnt'?");
    run_expecting({"simulate", "--gmaes", "1"}, 2, "Did you mean '--games' for '--gmaes'?");
    // Nothing near: no guess.
    RunResult r = run({"xyzzy"});
    CHECK(r.status == 2);
    CHECK_FALSE(contains(r.err, "Did you mean"));
    // An empty entry of a comma list is refused, not dropped (3,,4,3,3 is not four bids).
    run_expecting({"tally", "--bids", "3,,4,3,3", "--tricks", "3,4,3,3"}, 2,
                  "--bids: an empty entry in '3,,4,3,3'");
    run_expecting({"tally", "--bids", "3,4,3,3,", "--tricks", "3,4,3,3"}, 2, "an empty entry");
    const std::string game = (fs::path(SPADEWORK_SAMPLES) / "games" / "classic.spades").string();
    run_expecting({"score", game, "--rules", "classic,,paperless"}, 2,
                  "--rules: an empty entry in 'classic,,paperless'");
    // Entries may come in one argument or several.
    CHECK(run_ok({"tally", "--bids", "3", "4", "3", "3", "--tricks", "3,4,3,3"}) ==
          run_ok({"tally", "--bids", "3,4,3,3", "--tricks", "3,4,3,3"}));
    // --event matches within the name, in any case.
    run_ok({"import", game, "--db", ws.db});
    const std::string event = testing::run_json({"list", "--json", "--db", ws.db})[0]["event"];
    REQUIRE(event.size() > 3);
    std::string part = event.substr(1, 3);
    for (char& c : part) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    CHECK(testing::run_json({"list", "--json", "--event", part, "--db", ws.db}).size() == 1);
    CHECK(testing::run_json({"list", "--json", "--event", event + "x", "--db", ws.db}).empty());
}

// stats and hands lay their tables out from their content: a long name or a long bid line
// keeps every column in place.
TEST_CASE("stats and hands keep their columns whatever the length of a name", "[cli-usage]") {
    Workspace ws("spadework-cli-usage");
    const std::string game = (fs::path(SPADEWORK_SAMPLES) / "games" / "classic.spades").string();
    run_ok({"import", game, "--db", ws.db});
    run_ok({"edit", "1", "--player", "N=Maximilian Alexander Featherstonehaugh", "--db", ws.db});
    auto lines_of = [](const std::string& text) {
        std::vector<std::string> out;
        std::istringstream in(text);
        for (std::string line; std::getline(in, line) && !line.empty();) out.push_back(line);
        return out;
    };
    // The players' table: right-aligned to the last column, so every line is as long.
    const std::vector<std::string> players = lines_of(run_ok({"stats", "--db", ws.db}));
    REQUIRE(players.size() == 5);
    for (const std::string& line : players) CHECK(line.size() == players[0].size());
    CHECK(contains(players[0], "bags/hand"));
    // hands: the score column's "/" in one place on every line.
    const std::vector<std::string> hands = lines_of(run_ok({"hands", "--db", ws.db}));
    REQUIRE(hands.size() > 5);
    const std::size_t slash = hands[0].find(" / ");
    for (const std::string& line : hands) CHECK(line.find(" / ") == slash);
}

// Every command that takes --rule reads it one way (apply_rule_flags): a key or a value that
// does not apply is bad usage naming the flag, whether score compares the rules as played or
// simulate deals under them.
TEST_CASE("a malformed --rule is bad usage naming the flag in every command", "[cli-usage]") {
    Workspace ws("spadework-cli-rule-flag");
    const std::string sample = (fs::path(SPADEWORK_SAMPLES) / "games" / "classic.spades").string();
    const std::vector<std::vector<std::string>> commands = {
        {"score", sample},
        {"score", sample, "--rules", "classic,paperless"},
        {"show", sample},
        {"convert", sample, ws.file("out.pb")},
        {"import", sample, "--db", ws.db},
        {"analyze", sample, "--samples", "2"},
        {"simulate", "--games", "1", "--output", ws.file("sim.spades")},
        {"tally", "--bids", "4,3,3,3", "--tricks", "4,3,3,3"},
        {"rules", "classic"},
    };
    for (std::vector<std::string> args : commands) {
        for (const char* flag : {"bag_limit=abc", "nosuchkey=5"}) {
            std::vector<std::string> with = args;
            with.insert(with.end(), {"--rule", flag});
            INFO(with[0] << " --rule " << flag);
            RunResult r = run_expecting(with, 2, std::string("spadework: --rule ") + flag + ": ");
            CHECK(r.out.empty());
        }
    }
    CHECK_FALSE(fs::exists(ws.db));
    run_expecting({"score", sample, "--rule", "bag_limit=abc"}, 2,
                  "--rule bag_limit=abc: rule bag_limit: 'abc' is not a whole number");
}

// A preset's name is a name, as a player's is: any case on the command line.
TEST_CASE("rule set names on the command line ignore case", "[cli-usage]") {
    Workspace ws("spadework-cli-preset-case");
    const std::string sample = (fs::path(SPADEWORK_SAMPLES) / "games" / "classic.spades").string();
    run_ok(ws.with_db({"import", sample}));
    auto ids = [&](const std::string& rules) {
        std::vector<int> out;
        for (const auto& g : testing::run_json(ws.with_db({"list", "--rules", rules}))) {
            out.push_back(g["id"]);
        }
        return out;
    };
    CHECK(ids("classic") == std::vector<int>{1});
    CHECK(ids("CLASSIC") == std::vector<int>{1});
    CHECK(ids("Classic") == std::vector<int>{1});
    CHECK(ids("PAPERLESS").empty());
    auto lower = testing::run_json({"rules", "paperless"});
    CHECK(testing::run_json({"rules", "Paperless"}) == lower);
    CHECK(testing::run_json({"rules", "PAPERLESS target=300"})["rules"]["target"] == "300");
    auto scored = testing::run_json({"score", sample, "--rules", "Classic,PAPERLESS"});
    REQUIRE(scored["rule_sets"].size() == 2);
    // tally echoes the name as given on its first line, and scores as under the preset.
    auto after_first_line = [](const std::string& text) { return text.substr(text.find('\n')); };
    CHECK(after_first_line(run_ok(
              {"tally", "--rules", "Leaflet", "--bids", "4,3,3,3", "--tricks", "4,3,3,3"})) ==
          after_first_line(
              run_ok({"tally", "--rules", "leaflet", "--bids", "4,3,3,3", "--tricks", "4,3,3,3"})));
}

// Every JSON output writes a date one way, 2026-11-21, whichever form the record wrote.
TEST_CASE("show --json and list --json write dates alike", "[cli-usage]") {
    Workspace ws("spadework-cli-json-date");
    RecordedGame a = testing::first_legal_game(preset("classic"), 2, 40);
    a.date = "2026.11.21";
    std::string file = ws.file("dotted.spades");
    formats::write_game_file(file, {a});
    run_ok(ws.with_db({"import", file}));
    CHECK(testing::run_json({"show", file})["date"] == "2026-11-21");
    CHECK(testing::run_json(ws.with_db({"show", "1"}))["date"] == "2026-11-21");
    CHECK(testing::run_json(ws.with_db({"list"}))[0]["date"] == "2026-11-21");
    // A date known in part is written as the record gives it: it is no day to rewrite.
    a.date = "2026.11.??";
    formats::write_game_file(file, {a});
    CHECK(testing::run_json({"show", file})["date"] == "2026.11.??");
}
