// The game commands as a user runs them: import, list, show, convert, stats and score, on the
// sample games and on files made here.
#include <fmt/core.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>

#include "spadework/analyzer/comparison.h"
#include "spadework/formats/game_file.h"
#include "support/run_command.h"
#include "support/test_games.h"
#include "support/workspace.h"

using namespace spadework;
using spadework::testing::contains;
using spadework::testing::run;
using spadework::testing::run_json;
using spadework::testing::run_ok;
using spadework::testing::RunResult;
using spadework::testing::Workspace;
namespace fs = std::filesystem;

namespace {

const fs::path kSamples = SPADEWORK_SAMPLES;

std::size_t game_count(const Workspace& ws) {
    return run_json(ws.with_db({"list"})).size();
}

}  // namespace

TEST_CASE("import reads a folder of samples once and again changes nothing", "[cli-games]") {
    Workspace ws("spadework-cli-games");
    std::string out = run_ok(ws.with_db({"import", (kSamples / "games").string()}));
    // Files go in sorted order; the .spades twin of each .pb holds the same game, so it is
    // found already there.
    const int classic_hands = static_cast<int>(
        formats::read_game_file(kSamples / "games" / "classic.pb")[0].hands.size());
    CHECK(contains(out, "classic.pb: 1 game, 1 new, 0 already in the library, " +
                            std::to_string(classic_hands) + " hands added"));
    CHECK(contains(out, "classic.spades: 1 game, 0 new, 1 already in the library, 0 hands added"));
    CHECK(contains(out, "12 games read, 6 new"));
    CHECK(game_count(ws) == 6);
    out = run_ok(ws.with_db({"import", (kSamples / "games" / "casual.spades").string()}));
    CHECK(contains(out, "0 new, 1 already in the library"));
    CHECK(game_count(ws) == 6);
}

TEST_CASE("list filters by rules player and what happened in the hands", "[cli-games]") {
    Workspace ws("spadework-cli-games");
    run_ok(ws.with_db({"import", (kSamples / "games").string()}));
    auto paperless = run_json(ws.with_db({"list", "--rules", "paperless"}));
    REQUIRE(paperless.size() == 1);
    CHECK(paperless[0]["rules"] == "paperless");
    auto obrien = run_json(ws.with_db({"list", "--player", "Cathal O'Brien"}));
    REQUIRE(obrien.size() == 1);
    CHECK(obrien[0]["players"]["S"] == "Cathal O'Brien");
    auto blind = run_json(ws.with_db({"list", "--blind-nil"}));
    CHECK(blind.size() >= 2);  // the classic and computer samples
    auto penalties = run_json(ws.with_db({"list", "--bag-penalty"}));
    std::vector<std::string> penalty_rules;
    for (auto& g : penalties) penalty_rules.push_back(g["rules"]);
    // classic and leaflet were chosen for one; computer and paperless count no bags at all.
    CHECK(std::count(penalty_rules.begin(), penalty_rules.end(), "classic") == 1);
    CHECK(std::count(penalty_rules.begin(), penalty_rules.end(), "leaflet") == 1);
    CHECK(std::count(penalty_rules.begin(), penalty_rules.end(), "computer") == 0);
    CHECK(std::count(penalty_rules.begin(), penalty_rules.end(), "paperless") == 0);
    CHECK(run_json(ws.with_db({"list", "--player", "Nobody"})).empty());
    std::string text = run_ok(ws.with_db({"list", "--limit", "2"}));
    CHECK(contains(text, "players N/E/S/W"));
}

TEST_CASE("list shows every date in one form and the scores around one column", "[cli-games]") {
    Workspace ws("spadework-cli-games");
    run_ok(ws.with_db({"import", (kSamples / "games").string()}));
    run_ok(ws.with_db({"import", (kSamples / "sheets" / "club-night.csv").string()}));
    // The samples write "2026.11.21", the score sheet "2026-11-19": the table shows one form.
    auto json = run_json(ws.with_db({"list"}));
    std::set<std::string> written;
    for (auto& g : json) written.insert(g["date"].get<std::string>());
    CHECK(written.count("2026-11-21") == 1);  // JSON writes one form too
    CHECK(written.count("2026-11-19") == 1);
    std::istringstream text(run_ok(ws.with_db({"list"})));
    std::string line;
    std::getline(text, line);
    const std::size_t slash = line.find(" / ");  // the header's "NS / EW"
    REQUIRE(slash != std::string::npos);
    const std::size_t date = line.find("date");
    int rows = 0;
    while (std::getline(text, line) && !line.empty()) {
        INFO(line);
        CHECK(line.substr(date, 10).find('.') == std::string::npos);
        CHECK(line[date + 4] == '-');
        CHECK(line.substr(slash, 3) == " / ");
        ++rows;
    }
    CHECK(rows == static_cast<int>(json.size()));
    // hands keeps its running scores' "/" in one column too.
    std::istringstream hands(run_ok(ws.with_db({"hands", "--limit", "12"})));
    std::getline(hands, line);
    const std::size_t hands_slash = line.find(" / ");
    REQUIRE(hands_slash != std::string::npos);
    rows = 0;
    while (std::getline(hands, line)) {
        INFO(line);
        CHECK(line.substr(hands_slash, 3) == " / ");
        ++rows;
    }
    CHECK(rows == 12);
}

TEST_CASE("A name full of SQL is stored and shown exactly", "[cli-games]") {
    Workspace ws("spadework-cli-games");
    const std::string name = "O'Brien\"; DROP TABLE games;--";
    RecordedGame game = testing::first_legal_game(preset("classic"), 2, 7);
    game.players[1] = name;
    fs::path file = ws.dir / "sql.spades";
    formats::write_game_file(file, {game});
    run_ok(ws.with_db({"import", file.string()}));
    auto found = run_json(ws.with_db({"list", "--player", name}));
    REQUIRE(found.size() == 1);
    CHECK(found[0]["players"]["E"] == name);
    std::string shown = run_ok(ws.with_db({"show", std::to_string(found[0]["id"].get<int>())}));
    CHECK(contains(shown, name));
    auto stats = run_json(ws.with_db({"stats", "--player", name}));
    REQUIRE(stats["players"].size() == 1);
    CHECK(stats["players"][0]["name"] == name);
    CHECK(stats["players"][0]["hands"] == 2);
}

TEST_CASE("A file with a bad game imports nothing and says where", "[cli-games]") {
    Workspace ws("spadework-cli-games");
    RecordedGame good = testing::first_legal_game(preset("classic"), 2, 9);
    RecordedGame bad = testing::first_legal_game(preset("classic"), 2, 19);
    // The first card of the second trick of hand 2 swapped for the card after it.
    std::swap(bad.hands[1].cards[4], bad.hands[1].cards[5]);
    fs::path file = ws.dir / "mixed.spades";
    formats::write_game_file(ws.dir / "good.spades", {good});
    std::string text = formats::format_games(formats::FileKind::TextLog, {good, bad});
    std::ofstream(file, std::ios::binary) << text;
    RunResult r = run(ws.with_db({"import", file.string()}));
    CHECK(r.status == 1);
    CHECK(contains(r.err, file.string() + ":"));
    CHECK(contains(r.err, "mixed.spades: nothing imported"));
    // Nothing went in, so the library the run would have made is not left behind.
    CHECK_FALSE(fs::exists(ws.db));
    // The good file next to it still goes in.
    r = run(ws.with_db({"import", file.string(), (ws.dir / "good.spades").string()}));
    CHECK(r.status == 1);
    CHECK(game_count(ws) == 1);
}

TEST_CASE("show draws a game as a table and a hand as a diagram", "[cli-games]") {
    Workspace ws("spadework-cli-games");
    fs::path file = kSamples / "games" / "classic.spades";
    std::string table = run_ok({"show", file.string()});
    CHECK(contains(table, "Sample: classic"));
    CHECK(contains(table, "NS Ann & Cathal O'Brien v EW Bob & Dee"));
    CHECK(contains(table, "Hand  Dealer  Bids N E S W"));
    CHECK((contains(table, "NS win") || contains(table, "EW win")));
    std::string hand = run_ok({"show", file.string() + ":1"});
    CHECK(contains(hand, "Hand 1 of"));
    CHECK(contains(hand, "North Ann"));
    CHECK(contains(hand, "Bids:"));
    CHECK(contains(hand, "Trick  Lead  Cards"));
    CHECK(contains(hand, "NS Ann & Cathal O'Brien: "));
    // The same hand by library id.
    run_ok(ws.with_db({"import", file.string()}));
    CHECK(run_ok(ws.with_db({"show", "1:1"})) == hand);
    RunResult r = run(ws.with_db({"show", "1:99"}));
    CHECK(r.status == 1);
    CHECK(contains(r.err, "there is no hand 99"));
    r = run(ws.with_db({"show", "42"}));
    CHECK(r.status == 1);
    CHECK(contains(r.err, "no game 42 in the library"));
}

TEST_CASE("convert goes between every form and back to the same bytes", "[cli-games]") {
    Workspace ws("spadework-cli-games");
    fs::path original = kSamples / "games" / "paperless.spades";
    std::string pb = (ws.dir / "p.pb").string();
    std::string json = (ws.dir / "p.json").string();
    std::string textproto = (ws.dir / "p.textproto").string();
    std::string back = (ws.dir / "p.spades").string();
    run_ok({"convert", original.string(), pb});
    run_ok({"convert", pb, json});
    run_ok({"convert", json, textproto});
    run_ok({"convert", textproto, back});
    CHECK(formats::read_file(back) == formats::read_file(original));
    CHECK(formats::read_file(pb) == formats::read_file(kSamples / "games" / "paperless.pb"));
    // The output's name is the command line's: an extension no format has is bad usage.
    RunResult r = run({"convert", original.string(), (ws.dir / "p.txt").string()});
    CHECK(r.status == 2);
    CHECK(contains(r.err, "unknown output kind"));
}

TEST_CASE("the comparison carries over the keys marked as shaping play, and no other",
          "[cli-games]") {
    // One key at a time: a scoring rule set that differs from the played one in that key
    // alone carries it over exactly when the rule table marks it.
    RuleSet played = preset("paperless");
    RuleSet other = preset("classic");
    auto as_played = rule_values(played);
    auto others = rule_values(other);
    int tried = 0;
    for (std::size_t i = 0; i < rule_keys().size(); ++i) {
        const RuleKeyInfo& key = rule_keys()[i];
        if (as_played[i].second == others[i].second) continue;
        INFO(key.key);
        RuleSet scoring = played;
        scoring.name = "house";
        apply_override(scoring, key.key, others[i].second);
        std::vector<std::string> carried = analyzer::carried_over(played, scoring);
        if (key.shapes_play) {
            CHECK(carried ==
                  std::vector<std::string>{as_played[i].first + "=" + as_played[i].second +
                                           " (as played; house has " + others[i].second + ")"});
        } else {
            CHECK(carried.empty());
        }
        ++tried;
    }
    CHECK(tried >= 10);
}

TEST_CASE("list lines its columns up whatever the names, and spells house rules", "[cli-games]") {
    Workspace ws("spadework-cli-games");
    std::ifstream in(kSamples / "games" / "classic.spades");
    std::stringstream read;
    read << in.rdbuf();
    const std::string sample = read.str();
    auto changed = [&](std::vector<std::pair<std::string, std::string>> edits) {
        std::string text = sample;
        for (const auto& [from, to] : edits) {
            REQUIRE(text.find(from) != std::string::npos);
            text.replace(text.find(from), from.size(), to);
        }
        return text;
    };
    std::ofstream(ws.file("long.spades")) << changed(
        {{"[Event \"Sample: classic\"]", "[Event \"The Thursday evening club's winter league\"]"},
         {"[North \"Ann\"]", "[North \"Maximiliana Featherstonehaugh-Smythe\"]"},
         {"[Rules \"classic\"]", "[Rules \"classic bag_limit=5 target=300\"]"}});
    std::ofstream(ws.file("unnamed.spades")) << changed({{"[North \"Ann\"]", ""},
                                                         {"[East \"Bob\"]", ""},
                                                         {"[South \"Cathal O'Brien\"]", ""},
                                                         {"[West \"Dee\"]", ""}});
    run_ok(ws.with_db({"import", (kSamples / "games").string(), ws.file("long.spades"),
                       ws.file("unnamed.spades")}));
    const std::string text = run_ok(ws.with_db({"list"}));
    std::istringstream lines(text);
    std::string header, line;
    std::getline(lines, header);
    std::vector<std::size_t> starts;
    for (const char* column : {"date", "event", "players", "rules"}) {
        starts.push_back(header.find(column));
    }
    int rows = 0;
    while (std::getline(lines, line) && !line.empty()) {
        INFO(line);
        // Each column starts where its header does: a space before it, a character at it.
        for (std::size_t at : starts) {
            REQUIRE(at < line.size());
            CHECK(line[at - 1] == ' ');
        }
        CHECK(line.substr(header.find(" / "), 3) == " / ");
        ++rows;
    }
    CHECK(rows == 8);
    CHECK(contains(text, "The Thursday evening club's winter league"));
    CHECK(contains(text, "Maximiliana Featherstonehaugh-Smythe/Bob/Cathal O'Brien/Dee"));
    CHECK(contains(text, "(no names)"));
    CHECK(contains(text, "classic bag_limit=5 target=300"));
    // A preset picks its games with house rules or without.
    auto classic = run_json(ws.with_db({"list", "--rules", "classic"}));
    CHECK(classic.size() == 3);
    // Statistics are per player: a library of unnamed games says so instead of empty tables.
    Workspace bare("spadework-cli-games");
    run_ok(bare.with_db({"import", ws.file("unnamed.spades")}));
    CHECK(run_ok(bare.with_db({"stats"})) ==
          "No player statistics: the library's game has no player names. `spadework edit ID "
          "--player N=NAME` names a game's players.\n");
}

TEST_CASE("score puts a game under several rule sets side by side", "[cli-games]") {
    fs::path file = kSamples / "games" / "paperless.spades";
    auto j = run_json({"score", file.string(), "--rules", "paperless,classic"});
    CHECK(j["played_under"] == "paperless");
    REQUIRE(j["rule_sets"].size() == 2);
    auto& own = j["rule_sets"][0];
    auto& classic = j["rule_sets"][1];
    CHECK(own["rules"] == "paperless");
    CHECK(own["carried_over"].empty());
    CHECK(own["result"]["overtime_sets"].get<int>() > 0);
    CHECK(own["hands"].size() == j["hands"].get<std::size_t>());
    // Scored by classic rules, the 48-card deck and the pass are carried over.
    std::vector<std::string> carried = classic["carried_over"];
    CHECK(std::find(carried.begin(), carried.end(), "deck=48 (as played; classic has 52)") !=
          carried.end());
    // Running totals add up the points of each hand.
    int ns = 0;
    for (auto& hand : classic["hands"]) {
        ns += hand["NS"]["points"].get<int>();
        CHECK(hand["NS"]["score"].get<int>() == ns);
    }
    std::string text = run_ok({"score", file.string(), "--rules", "paperless,classic"});
    CHECK(contains(text, "classic: carried over deck=48"));
    CHECK(contains(text, "paperless: ends after hand"));
    CHECK(contains(text, "(paperless: level at the end, an overtime set to 3 begins)"));
    // The table's cells are explained above it: "2b" is bags.
    CHECK(contains(text, "(each side: the hand's points, the score after it, its bags:"));
    // No hand paid a bag penalty, so the table has no "!" and no key for it.
    for (auto& run : j["rule_sets"]) {
        for (auto& hand : run["hands"]) {
            CHECK(hand["NS"]["bag_penalties"].get<int>() == 0);
            CHECK(hand["EW"]["bag_penalties"].get<int>() == 0);
        }
    }
    CHECK_FALSE(contains(text, "!"));
    CHECK_FALSE(contains(text, "marks a bag penalty"));
    // With a bag limit of 2 the classic game pays penalties: marked, and the key says so.
    std::string bagged = run_ok({"score", (kSamples / "games" / "classic.spades").string(),
                                 "--rules", "classic", "--rule", "bag_limit=2"});
    CHECK(contains(bagged, "b!"));
    CHECK(contains(bagged, "(! marks a bag penalty in that hand)"));
}

TEST_CASE("score without --rules compares the rules as played with classic and Paperless",
          "[cli-games]") {
    const std::string paperless = (kSamples / "games" / "paperless.spades").string();
    // The same columns as asked for by name: the rules as played, then the other of the two.
    auto j = run_json({"score", paperless});
    CHECK(j == run_json({"score", paperless, "--rules", "paperless,classic"}));
    // A classic game with a house rule: its own column, then classic and Paperless as they are.
    Workspace ws("spadework-cli-games");
    const fs::path house = ws.dir / "house.spades";
    {
        std::ifstream in(kSamples / "games" / "classic.spades");
        std::stringstream text;
        text << in.rdbuf();
        std::string content = text.str();
        const std::string tag = "[Rules \"classic\"]";
        REQUIRE(content.find(tag) != std::string::npos);
        content.replace(content.find(tag), tag.size(), "[Rules \"classic bag_limit=5\"]");
        std::ofstream(house) << content;
    }
    auto h = run_json({"score", house.string(), "--rule", "target=300"});
    REQUIRE(h["rule_sets"].size() == 3);
    CHECK(h["rule_sets"][0]["rules"] == "classic bag_limit=5 target=300");
    CHECK(h["rule_sets"][1]["rules"] == "classic target=300");
    CHECK(h["rule_sets"][2]["rules"] == "paperless target=300");
    // bag_limit=5 applies to the first column alone: North-South pay a penalty classic does not.
    auto penalties = [&](std::size_t column) {
        int n = 0;
        for (auto& hand : h["rule_sets"][column]["hands"])
            n += hand["NS"]["bag_penalties"].get<int>();
        return n;
    };
    CHECK(penalties(0) > penalties(1));
    CHECK(
        contains(run_ok({"score", house.string()}), "played under classic bag_limit=5, 11 hands"));
}

TEST_CASE("score takes a rule set from a textproto file", "[cli-games]") {
    Workspace ws("spadework-cli-games");
    fs::path rules = ws.dir / "house.textproto";
    std::ofstream(rules) << "name: \"classic\"\ntarget: 200\n";
    auto j = run_json({"score", (kSamples / "games" / "classic.spades").string(), "--rules",
                       "classic," + rules.string()});
    REQUIRE(j["rule_sets"].size() == 2);
    auto& house = j["rule_sets"][1];
    CHECK(house["rules"] == rules.string());
    REQUIRE(!house["result"].is_null());
    CHECK(house["hands"].size() <= j["rule_sets"][0]["hands"].size());
    int last_ns = house["hands"].back()["NS"]["score"];
    int last_ew = house["hands"].back()["EW"]["score"];
    CHECK((last_ns >= 200 || last_ew >= 200 || last_ns <= -250 || last_ew <= -250));
}

TEST_CASE("hands finds the hands with a blind nil and a game's hands", "[cli-games]") {
    Workspace ws("spadework-cli-games");
    run_ok(ws.with_db({"import", (kSamples / "games").string()}));
    auto blind = run_json(ws.with_db({"hands", "--blind-nil"}));
    REQUIRE(!blind.empty());
    for (auto& h : blind) {
        int count = 0;
        for (auto& [seat, bid] : h["bids"].items()) count += bid == "bnil" ? 1 : 0;
        CHECK(count >= 1);
    }
    auto games = run_json(ws.with_db({"list"}));
    auto first =
        run_json(ws.with_db({"hands", "--game", std::to_string(games[0]["id"].get<int>())}));
    CHECK(first.size() == games[0]["hands"].get<std::size_t>());
    auto sets = run_json(ws.with_db({"hands", "--set", "--player", "Cathal O'Brien"}));
    for (auto& h : sets) {
        CHECK(h["players"]["S"] == "Cathal O'Brien");
        CHECK((h["NS"]["set"].get<bool>() || h["EW"]["set"].get<bool>()));
    }
}

TEST_CASE("a revoke in a file is imported as played and flagged", "[cli]") {
    Workspace ws;
    const std::string file = std::string(SPADEWORK_SAMPLES) + "/../tests/data/bad/revoke.spades";
    auto r = run(ws.with_db({"import", file}));
    CHECK(r.status == 0);
    // The record stops after its second trick: said too.
    CHECK(r.err == "spadework: " + file +
                       ": game 1, hand 1, card 6: trick 2: S did not follow suit with ♣ in hand "
                       "(revoke): played 2S (kept as played)\n"
                       "spadework: " +
                       file +
                       ": game 1, hand 1 is not played out (kept unfinished; a file cut short "
                       "reads so too)\n");
    std::string shown = run_ok({"show", file + ":1"});
    CHECK(shown.find("    2  E     AC    2S*   9C    JC    S\n") != std::string::npos);
    CHECK(shown.find("  * trick 2: S did not follow suit with ♣ in hand (revoke): played 2S "
                     "(kept as played)\n") != std::string::npos);
}

TEST_CASE("show says the points the final score adds after the last hand (end_bonus)",
          "[cli-games]") {
    const std::string file = (kSamples / "games" / "openspiel.spades").string();
    nlohmann::json j = nlohmann::json::parse(run_ok({"show", file, "--json"}));
    REQUIRE(!j["result"].is_null());
    const std::string winner = j["result"]["winner"];
    const std::string loser = winner == "NS" ? "EW" : "NS";
    const auto& last = j["hands"].back();
    const int won = j["result"][winner].get<int>();
    const int bonus = won - last[winner]["score"].get<int>();
    REQUIRE(bonus == 200);  // the openspiel rules' end_bonus, to the side that reaches the target
    CHECK(j["result"][loser] == last[loser]["score"]);
    // The table's last running score and the final score differ: the last line says by what.
    std::string text = run_ok({"show", file});
    CHECK(contains(
        text, fmt::format("{} win {} to {} (target) after hand {}, {} +200 at the end "
                          "(end_bonus).",
                          winner, won, j["result"][loser].get<int>(), j["hands"].size(), winner)));
    // score says it too, for the rule set that has it.
    std::string scored = run_ok({"score", file, "--rules", "openspiel,classic"});
    CHECK(contains(scored, fmt::format("openspiel: ends after hand {} (target): {} win {} to {}, "
                                       "{} +200 at the end (end_bonus)",
                                       j["hands"].size(), winner, won,
                                       j["result"][loser].get<int>(), winner)));
    const std::size_t classic_end = scored.find("\nclassic: ends");
    REQUIRE(classic_end != std::string::npos);
    CHECK(scored.substr(classic_end, scored.find('\n', classic_end + 1) - classic_end)
              .find("end_bonus") == std::string::npos);
    // A game without it says nothing of the kind.
    CHECK_FALSE(
        contains(run_ok({"show", (kSamples / "games" / "classic.spades").string()}), "end_bonus"));
}

TEST_CASE("PTN and OpenSpiel files are games to import, show, score and analyze", "[cli]") {
    Workspace ws("spadework-cli-apps");
    // A classic game played within OpenSpiel's rules, as the app and OpenSpiel write it.
    const RecordedGame game = testing::openspiel_legal_game(2, 21);
    std::filesystem::create_directories(ws.dir / "apps");
    formats::write_game_file(ws.dir / "apps" / "hands.ptn", {game});
    formats::write_game_file(ws.dir / "apps" / "hands.openspiel", {game});
    const std::string db = ws.file("l.sqlite");
    // A folder of both imports both, as one game (the same content, found again).
    std::string out = run_ok({"import", (ws.dir / "apps").string(), "--db", db});
    CHECK(contains(out, "hands.openspiel: 1 game, 1 new"));
    CHECK(contains(out, "hands.ptn: 1 game, 0 new, 1 already in the library"));
    for (const char* file : {"hands.ptn", "hands.openspiel"}) {
        INFO(file);
        const std::string path = (ws.dir / "apps" / file).string();
        nlohmann::json shown = run_json({"show", path, "--json"});
        CHECK(shown["rules"] == "classic");
        CHECK(contains(run_ok({"show", path + ":2"}), "Hand 2 of 2"));
        nlohmann::json scored = run_json({"score", path, "--json"});
        CHECK(scored["rule_sets"][0]["rules"] == "classic");
        CHECK(scored["hands"] == 2);
        nlohmann::json review =
            run_json({"analyze", path, "--hand", "1", "--only", "play", "--no-store", "--json"});
        CHECK(review["hands"].size() == 1);
    }
}
