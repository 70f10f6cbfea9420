// Score sheets on the command line: import, list, hands, stats and score work on them beside
// full records; show draws their bids and tricks; the commands that need a deal (show of a
// hand, analyze) refuse them with a clear message and exit 1; convert carries them through
// every format.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "spadework/formats/game_file.h"
#include "support/run_command.h"
#include "support/workspace.h"

using namespace spadework;
using spadework::testing::contains;
using spadework::testing::run_expecting;
using spadework::testing::run_json;
using spadework::testing::run_ok;
using spadework::testing::Workspace;
namespace fs = std::filesystem;

namespace {

const fs::path kSamples = SPADEWORK_SAMPLES;
const std::string kSheet = (kSamples / "sheets" / "club-night.csv").string();
const std::string kClassic = (kSamples / "games" / "classic.spades").string();

// A library holding the sheet (id 1) and the classic sample (id 2).
void import_both(const Workspace& ws) {
    std::string out = run_ok(ws.with_db({"import", kSheet, kClassic}));
    REQUIRE(contains(out, "club-night.csv: 1 game, 1 new, 0 already in the library, 10 hands"));
}

}  // namespace

TEST_CASE("list and hands say which games are score sheets", "[cli-sheets]") {
    Workspace ws("spadework-cli-sheets");
    import_both(ws);
    auto games = run_json(ws.with_db({"list"}));
    REQUIRE(games.size() == 2);
    int sheets = 0;
    for (const auto& g : games) {
        if (!g["score_sheet"].get<bool>()) continue;
        ++sheets;
        CHECK(g["id"] == 1);
        CHECK(g["hands"] == 10);
        CHECK(g["winner"] == "NS");
        CHECK(g["score"]["NS"] == 556);
    }
    CHECK(sheets == 1);
    CHECK(contains(run_ok(ws.with_db({"list"})), "(score sheet)"));
    // Hand 2 gives only the partnerships' tricks; hand 3 West's own beside East-West's.
    auto hands = run_json(ws.with_db({"hands", "--game", "1"}));
    REQUIRE(hands.size() == 10);
    CHECK(hands[1]["tricks"]["N"].is_null());
    CHECK(hands[1]["tricks"]["E"].is_null());
    CHECK(hands[1]["NS"]["tricks"] == 7);
    CHECK(hands[1]["EW"]["tricks"] == 6);
    CHECK(hands[2]["tricks"]["W"] == 1);
    CHECK(hands[2]["tricks"]["E"] == 8);
    CHECK(hands[2]["tricks"]["S"].is_null());
    CHECK(hands[0]["tricks"]["S"] == 0);
    CHECK(hands[0]["bids"]["S"] == "nil");
    std::string text = run_ok(ws.with_db({"hands", "--game", "1"}));
    CHECK(contains(text, "3(?) 4(?) 3(?) 2(?)"));
    CHECK(contains(text, "NS took 7"));
}

TEST_CASE("stats count a sheet's hands and leave unsplit trick bids out of accuracy",
          "[cli-sheets]") {
    Workspace ws("spadework-cli-sheets");
    run_ok(ws.with_db({"import", kSheet}));
    auto stats = run_json(ws.with_db({"stats"}));
    const nlohmann::json* carol = nullptr;
    const nlohmann::json* ann = nullptr;
    for (const auto& p : stats["players"]) {
        if (p["name"] == "Carol") carol = &p;
        if (p["name"] == "Ann") ann = &p;
    }
    REQUIRE(carol);
    REQUIRE(ann);
    CHECK((*carol)["hands"] == 10);
    CHECK((*carol)["games_won"] == 1);
    // Carol's nils: one made (hand 1), one failed (hand 6).
    CHECK((*carol)["nils"] == 2);
    CHECK((*carol)["nils_made"] == 1);
    // Ann bid tricks in all ten hands; in hands 2, 3, 9 and 10 the sheet gives only
    // North-South's total, split between two trick bids (in hand 6 Ann's 3 is the total less
    // Carol's own nil trick).
    CHECK((*ann)["trick_bids"] == 6);
}

TEST_CASE("score compares a sheet under other rules and says what needs the cards",
          "[cli-sheets]") {
    auto j = run_json({"score", kSheet, "--rules", "classic,paperless"});
    CHECK(j["score_sheet"] == true);
    CHECK(j["hands"] == 10);
    REQUIRE(j["rule_sets"].size() == 2);
    const auto& classic = j["rule_sets"][0];
    CHECK(classic["not_scored"].empty());
    CHECK(classic["result"]["winner"] == "NS");
    CHECK(classic["result"]["ended_after_hand"] == 10);
    const auto& paperless = j["rule_sets"][1];
    REQUIRE(paperless["not_scored"].size() == 1);
    CHECK(paperless["not_scored"][0] ==
          "the honours are not scored: a score sheet does not say who won AH KH QH JH, which are "
          "won card by card (honours_points=2)");
    CHECK(paperless["result"]["winner"] == "EW");
    std::string text = run_ok({"score", kSheet, "--rules", "paperless"});
    CHECK(contains(text, "club-night.csv: a score sheet (bids and tricks), played under classic"));
    CHECK(contains(text, "paperless: from a score sheet, the honours are not scored"));
}

TEST_CASE("show prints a sheet's bids and tricks and the hand and analysis commands refuse it",
          "[cli-sheets]") {
    std::string table = run_ok({"show", kSheet});
    CHECK(contains(table, "   2  E       3 4 3 2       ? ? ? ? (NS 7) (EW 6)    +61"));
    // The tricks column is as wide as a partnership total makes it: every hand's scores line up
    // under the header's (each row as long as the header, none of them with a note).
    std::istringstream lines(table);
    std::string line, header;
    int rows = 0;
    while (std::getline(lines, line)) {
        if (line.rfind("Hand", 0) == 0) header = line;
        if (header.empty() || line.size() < 4 || line[3] < '0' || line[3] > '9') continue;
        CHECK(line.size() == header.size());
        ++rows;
    }
    CHECK(rows == 10);
    CHECK(contains(table, "NS win 556 to -14 (target) after hand 10."));
    const std::string refusal = " is a score sheet (bids and tricks only): it has no deal to ";
    run_expecting({"show", kSheet + ":2"}, 1, "club-night.csv" + refusal + "show");
    run_expecting({"analyze", kSheet}, 1, "club-night.csv" + refusal + "analyse");
    run_expecting({"analyze", kSheet, "--hand", "3"}, 1, refusal + "analyse");
    Workspace ws("spadework-cli-sheets");
    // The full game beside the sheet is one hand long: analysing it is not what is tested.
    const std::string one_hand = ws.file("one-hand.spades");
    run_ok({"simulate", "--games", "1", "--rules", "classic hand_limit=1", "-o", one_hand});
    run_ok(ws.with_db({"import", kSheet, one_hand}));
    run_expecting(ws.with_db({"show", "1:4"}), 1, "library game 1" + refusal + "show");
    run_expecting(ws.with_db({"analyze", "1"}), 1, "library game 1" + refusal + "analyse");
    // A whole library: the sheet is left out, said so, and the full game is analysed.
    std::string out = run_ok(
        ws.with_db({"analyze", "--all", "--only", "bids", "--samples", "4", "--threads", "2"}));
    CHECK(contains(out, "1 score sheet left out: a score sheet has no deal to analyse."));
    CHECK(contains(out, "1 of 1 game now analysed"));
}

TEST_CASE("convert carries a sheet through every format and back to the same CSV", "[cli-sheets]") {
    Workspace ws("spadework-cli-sheets");
    std::string from = kSheet;
    for (const formats::GameFormat& format : formats::game_formats()) {
        std::string to = ws.file("sheet" + std::string(format.extensions.front()));
        // The apps' formats hold the cards of each hand, which a sheet does not have.
        if (format.holds == formats::GameFormat::Holds::DealtHands) {
            run_expecting({"convert", from, to}, 1, "score sheet");
            CHECK_FALSE(fs::exists(to));
            continue;
        }
        run_ok({"convert", from, to});
        from = to;
    }
    run_ok({"convert", from, ws.file("again.csv")});
    CHECK(formats::read_file(ws.file("again.csv")) == formats::read_file(kSheet));
    // A full record has no place in a CSV score sheet.
    run_expecting({"convert", kClassic, ws.file("classic.csv")}, 1,
                  "a .csv file holds a score sheet (bids and tricks only), but this game is "
                  "recorded card by card");
    CHECK_FALSE(fs::exists(ws.file("classic.csv")));
}

TEST_CASE("a broken CSV sheet is refused at its cell and nothing is imported", "[cli-sheets]") {
    Workspace ws("spadework-cli-sheets");
    const std::string bad = ws.file("bad.csv");
    {
        std::ofstream out(bad);
        out << "hand,N_bid,E_bid,S_bid,W_bid,N_tricks,E_tricks,S_tricks,W_tricks\n"
            << "1,4,3,nil,3,5,3,0,5\n2,3,4,3,3,4,3,4,3\n";
    }
    run_expecting(ws.with_db({"import", bad}), 1,
                  bad + ":3:11: the tricks add up to 14, not 13: a hand of these rules has 13");
    run_expecting(ws.with_db({"import", bad}), 1, "nothing imported");
}

TEST_CASE("a lesson question written as a score sheet is refused at its Record tag",
          "[cli-sheets]") {
    Workspace ws("spadework-cli-sheets");
    const fs::path dir = ws.dir / "lessons";
    fs::create_directories(dir);
    {
        std::ofstream out(dir / "01-sheet.spades");
        out << "[Event \"A sheet\"]\n[Lesson \"sheet\"]\n[Point \"x\"]\n[Tolerance \"5\"]\n"
            << "[Record \"score sheet\"]\n[Learner \"S\"]\n{What do you bid?}\n\n"
            << "[Hand \"1\"]\n[Dealer \"E\"]\nbids S:3 {Because.}\n";
    }
    run_expecting({"lesson", "--list", "--lessons", dir.string()}, 1,
                  (dir / "01-sheet.spades").string() +
                      ":5:1: a lesson question needs a deal, which a score sheet does not have");
}
