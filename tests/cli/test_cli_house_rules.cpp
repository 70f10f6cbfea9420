// Issue 20's house rules as a user reaches them: `--rules "classic key=value"`, house rule
// sets saved by name in the config folder, `spadework rules` listing every key, and a
// simulated game under each house rule that reads back, keeps its rules, replays and
// re-scores. The bid review under the house bidding rules is a long case, in
// test_cli_house_rules_long.cpp.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "cli_house_rules_helpers.h"
#include "spadework/formats/game_file.h"
#include "support/run_command.h"
#include "support/workspace.h"

using namespace spadework;
using spadework::testing::contains;
using spadework::testing::run;
using spadework::testing::run_expecting;
using spadework::testing::run_json;
using spadework::testing::run_ok;
using spadework::testing::RunResult;
using spadework::testing::simulate;
using spadework::testing::Workspace;
namespace fs = std::filesystem;

namespace {

// XDG_CONFIG_HOME pointed at a folder for the life of the object; the commands run see it.
struct ConfigHome {
    std::optional<std::string> saved;
    explicit ConfigHome(const fs::path& dir) {
        if (const char* old = std::getenv("XDG_CONFIG_HOME")) saved = old;
        setenv("XDG_CONFIG_HOME", dir.c_str(), 1);
    }
    ~ConfigHome() {
        if (saved) {
            setenv("XDG_CONFIG_HOME", saved->c_str(), 1);
        } else {
            unsetenv("XDG_CONFIG_HOME");
        }
    }
    ConfigHome(const ConfigHome&) = delete;
    ConfigHome& operator=(const ConfigHome&) = delete;
};

void write(const fs::path& path, const std::string& text) {
    fs::create_directories(path.parent_path());
    std::ofstream(path) << text;
}

std::vector<std::string> words(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

// Every bid of a game's hands, with the cards its bidder held (no pass in these rules).
template <typename F>
void each_bid(const RecordedGame& game, F&& check) {
    for (const RecordedHand& hand : game.hands) {
        for (std::size_t i = 0; i < hand.bids.size(); ++i) {
            Seat seat = next(hand.dealer, static_cast<int>(i) + 1);
            check(hand, seat, hand.bids[i]);
        }
    }
}

// Re-scoring under the same rules and under classic, by the command and by the engine.
void check_rescoring(const Workspace& ws, const std::string& changes,
                     const std::vector<RecordedGame>& games) {
    nlohmann::json j = run_json(
        {"score", ws.file("g.spades") + "@1", "--rules", "classic " + changes + ",classic"});
    REQUIRE(j["rule_sets"].size() == 2);
    ScoredGame own = score_game(games[0], games[0].rules);
    REQUIRE(own.result);
    CHECK(j["rule_sets"][0]["result"]["NS"] == own.result->final[0].score);
    CHECK(j["rule_sets"][0]["result"]["EW"] == own.result->final[1].score);
    ScoredGame classic = score_game(games[0], preset("classic"));
    CHECK(classic.hands.size() + classic.hands_unscored == games[0].hands.size());
}

}  // namespace

TEST_CASE("rules classic lists every house rule key with its default", "[cli-house]") {
    std::string out = run_ok({"rules", "classic"});
    for (const char* line :
         {"mercy=none", "early_bag_limit=none", "early_bag_penalty=50", "bags_after_penalty=carry",
          "big_contract=none", "big_contract_factor=2", "big_contract_bonus=0", "boston_points=0",
          "min_team_bid=0", "below_min_team_bid=rebid", "bidding=free", "nil_max_spades=none",
          "blind_behind=0", "blind_bid_min=none", "blind_bid_exchange=0", "blind_bid_factor=2",
          "jokers=off", "jokers_out=hearts_clubs", "deuces_high=none"}) {
        INFO(line);
        CHECK(contains(out, std::string("\n") + line + "\n"));
    }
}

TEST_CASE("The --rules option takes a preset with changes: \"classic hand_limit=12\"",
          "[cli-house]") {
    std::string out = run_ok({"rules", "classic hand_limit=12 bidding=whiz"});
    CHECK(contains(out,
                   "# classic (from Classic Spades, Joe Andrews' rules)\n"
                   "# overrides: hand_limit=12 bidding=whiz\n"));
    CHECK(contains(out, "\nhand_limit=12\n"));
    CHECK(contains(out, "\nbidding=whiz\n"));
    // --rule changes come after the inline ones.
    auto j = run_json({"rules", "classic target=300", "--rule", "target=400"});
    CHECK(j["rules"]["target"] == "400");
    CHECK(j["overrides"] == nlohmann::json::array({"target=300", "target=400"}));
    // tally and the comma list of score read the same words.
    auto t = run_json({"tally", "--rules", "classic big_contract=10", "--bids", "6,1,4,1",
                       "--tricks", "6,2,4,1"});
    CHECK(t["teams"]["NS"]["delta"] == 200);
    // A change that does not apply is a usage error naming it.
    run_expecting({"rules", "classic hand_limt=12"}, 2,
                  "--rules 'classic hand_limt=12': no rule "
                  "named 'hand_limt'");
    run_expecting({"rules", "classic bidding=whiz min_team_bid=4"}, 2, "below_min_team_bid=raise");
}

TEST_CASE("a house rule set saved by name in the config folder is found by name", "[cli-house]") {
    Workspace ws("spadework-cli-house");
    ConfigHome home(ws.dir / "config");
    write(ws.dir / "config" / "spadework" / "rules" / "myclub.textproto",
          "name: \"classic\"\nbag_limit: 5\nmercy_value: 300\n");
    std::string out = run_ok({"rules", "myclub target=300"});
    CHECK(contains(out,
                   "house rules in " +
                       (ws.dir / "config" / "spadework" / "rules" / "myclub.textproto").string()));
    CHECK(contains(out, "\nbag_limit=5\n"));
    CHECK(contains(out, "\nmercy=300\n"));
    CHECK(contains(out, "\ntarget=300\n"));
    run_ok({"simulate", "--games", "1", "--rules", "myclub", "--seed", "2", "-o",
            ws.file("club.spades")});
    auto games = formats::read_game_file(ws.file("club.spades"));
    REQUIRE(games.size() == 1);
    CHECK(games[0].rules == make_rules("classic", {"bag_limit=5", "mercy=300"}));
    // A name found nowhere says where a house rule set would be.
    run_expecting({"rules", "otherclub"}, 2,
                  "or save one as " +
                      (ws.dir / "config" / "spadework" / "rules" / "otherclub.textproto").string());
    // A slip of the keyboard names the rule set meant, a preset or a house rule set; a name
    // near none names none.
    run_expecting({"rules", "clasic"}, 2, "no rule set 'clasic' (did you mean 'classic'?)");
    run_expecting({"score", ws.file("club.spades"), "--rules", "classic,paperles"}, 2,
                  "(did you mean 'paperless'?)");
    run_expecting({"rules", "myclb"}, 2, "(did you mean 'myclub'?)");
    CHECK_FALSE(contains(run_expecting({"rules", "zzzqqq"}, 2, "no rule set 'zzzqqq':").err,
                         "did you mean"));
    // A house file that does not read is bad input, exit 1.
    write(ws.dir / "config" / "spadework" / "rules" / "broken.textproto", "bag_limit: lots\n");
    run_expecting({"rules", "broken"}, 1, "broken.textproto");
}

TEST_CASE("simulated games under forced bidding replay, keep the rule and re-score",
          "[cli-house]") {
    Workspace ws("spadework-cli-house");
    SECTION("whiz: nil or the spades held") {
        auto games = simulate(ws, "bidding=whiz", "5");
        CHECK(games[0].rules.bidding == Bidding::Whiz);
        int nils = 0;
        for (const RecordedGame& g : games) {
            each_bid(g, [&](const RecordedHand& h, Seat s, Bid b) {
                if (b.is_blind()) return;
                nils += b.is_nil() ? 1 : 0;
                int spades = h.deal[s].count(Suit::Spades);
                CHECK((b == Bid::nil() || b == Bid::tricks(spades)));
            });
        }
        CHECK(nils > 0);
        check_rescoring(ws, "bidding=whiz", games);
    }
    SECTION("mirrors: the spades held") {
        auto games = simulate(ws, "bidding=mirrors", "6");
        for (const RecordedGame& g : games) {
            each_bid(g, [&](const RecordedHand& h, Seat s, Bid b) {
                if (b.is_blind()) return;
                int spades = h.deal[s].count(Suit::Spades);
                CHECK(b == (spades == 0 ? Bid::nil() : Bid::tricks(spades)));
            });
        }
        check_rescoring(ws, "bidding=mirrors", games);
    }
    SECTION("suicide: one nil in each partnership") {
        auto games = simulate(ws, "bidding=suicide", "7");
        for (const RecordedGame& g : games) {
            for (const RecordedHand& h : g.hands) {
                REQUIRE(h.bids.size() == 4);
                // Bids from the dealer's left: partners are 0 and 2, 1 and 3.
                CHECK(h.bids[0].is_nil() != h.bids[2].is_nil());
                CHECK(h.bids[1].is_nil() != h.bids[3].is_nil());
            }
        }
        check_rescoring(ws, "bidding=suicide", games);
    }
    SECTION("min_team_bid=4: no partnership bids under 4 (but two nils)") {
        auto games = simulate(ws, "min_team_bid=4", "8");
        for (const RecordedGame& g : games) {
            for (const RecordedHand& h : g.hands) {
                for (int k = 0; k < 2; ++k) {
                    Bid a = h.bids[static_cast<std::size_t>(k)];
                    Bid b = h.bids[static_cast<std::size_t>(k + 2)];
                    CHECK(((a.is_nil() && b.is_nil()) || a.count() + b.count() >= 4));
                }
            }
        }
        check_rescoring(ws, "min_team_bid=4", games);
    }
    SECTION("nil_max_spades=1: every nil is bid with one spade or none") {
        auto games = simulate(ws, "nil_max_spades=1", "9");
        for (const RecordedGame& g : games) {
            each_bid(g, [&](const RecordedHand& h, Seat s, Bid b) {
                if (b == Bid::nil()) CHECK(h.deal[s].count(Suit::Spades) <= 1);
            });
        }
        check_rescoring(ws, "nil_max_spades=1", games);
    }
}

TEST_CASE("simulated games with jokers and high deuces replay, convert, re-score and are analysed",
          "[cli-house]") {
    Workspace ws("spadework-cli-house");
    for (const char* changes :
         {"jokers=on", "jokers=on deuces_high=diamond_spade", "deuces_high=spade_diamond"}) {
        INFO(changes);
        auto games = simulate(ws, changes, "12");
        const RuleSet rules = make_rules("classic", words(changes));
        CHECK(games[0].rules == rules);
        // Every deal holds the whole deck: the jokers in, the 2H and the 2C out.
        for (const RecordedHand& h : games[0].hands) CHECK(h.deal.all() == rules.deck());
        check_rescoring(ws, changes, games);
        // The text forms of protobuf carry the jokers and the keys, and read back the same.
        run_ok({"convert", ws.file("g.spades") + "@1", ws.file("g.json")});
        CHECK(formats::read_game_file(ws.file("g.json")).front() == games[0]);
        // The play review runs its solver on the trumps as they rank.
        nlohmann::json j = run_json({"analyze", ws.file("g.spades") + "@1", "--hand", "1", "--only",
                                     "play", "--no-store", "--json"});
        CHECK(j.dump().find("\"cards\"") != std::string::npos);
    }
    // A game with jokers has a PTN form (the app's own decks have jokers), read back the same,
    // and no OpenSpiel form: refused, naming what is missing.
    auto jokers = simulate(ws, "jokers=on", "13");
    run_ok({"convert", ws.file("g.spades") + "@1", ws.file("g.ptn")});
    CHECK(formats::read_game_file(ws.file("g.ptn")).front() == jokers[0]);
    run_expecting({"convert", ws.file("g.spades") + "@1", ws.file("g.openspiel")}, 1,
                  "OpenSpiel has no action for a deck with jokers (jokers=on)");
}

TEST_CASE(
    "The rules a file's games were played under, set with --rules and --rule where games are "
    "read",
    "[cli-house]") {
    Workspace ws("spadework-cli-house");
    simulate(ws, "target=300", "14");
    const std::string game = ws.file("g.spades") + "@1";
    // show and convert: the rules given, in place of the file's.
    nlohmann::json shown = run_json({"show", game, "--rule", "target=400", "--json"});
    CHECK(shown["rules"] == "classic target=400");
    run_ok({"convert", game, ws.file("c.spades"), "--rules", "classic", "--rule", "mercy=250"});
    CHECK(formats::read_game_file(ws.file("c.spades")).front().rules ==
          make_rules("classic", {"mercy=250"}));
    // Rules the games cannot have been played under: an error naming the game and the card.
    run_expecting({"show", game, "--rules", "paperless"}, 1,
                  "hand 1: under the rules given (paperless): ");
    run_expecting({"show", game, "--rule", "bag_limt=5"}, 2,
                  "--rule bag_limt=5: no rule named 'bag_limt'");
    // import: the library keeps the game under the rules given.
    run_ok({"import", ws.file("g.spades"), "--rule", "target=250", "--db", ws.file("l.sqlite")});
    nlohmann::json stored = run_json({"show", "1", "--json", "--db", ws.file("l.sqlite")});
    CHECK(stored["rules"] == "classic target=250");
    // A library game keeps the rules it was imported under: analyze, show and convert say so.
    run_expecting({"analyze", "1", "--rule", "target=300", "--db", ws.file("l.sqlite")}, 2,
                  "library game 1 keeps the rules it was imported under");
    run_expecting({"analyze", "--all", "--rule", "target=300", "--db", ws.file("l.sqlite")}, 2,
                  "--rules and --rule set the rules of a game file's games");
}

TEST_CASE("simulated games under the scoring house rules replay and re-score", "[cli-house]") {
    Workspace ws("spadework-cli-house");
    for (const char* changes :
         {"min_team_bid=4 below_min_team_bid=raise", "big_contract=10 boston_points=200",
          "early_bag_limit=5 early_bag_penalty=50 bags_after_penalty=reset", "mercy=250",
          "hand_limit=6 on_tie=play_on", "overtrick_points=-1 bag_limit=0", "nil_points=50"}) {
        INFO(changes);
        auto games = simulate(ws, changes, "10");
        CHECK(games[0].rules == make_rules("classic", words(changes)));
        check_rescoring(ws, changes, games);
    }
    // The mercy rule ends games: some game ends by it.
    auto games = simulate(ws, "mercy=250", "10");
    int by_mercy = 0;
    for (const RecordedGame& g : games) {
        ScoredGame s = score_game(g, g.rules);
        REQUIRE(s.result);
        by_mercy += s.result->reason == EndReason::Mercy ? 1 : 0;
    }
    CHECK(by_mercy > 0);
}

TEST_CASE("simulated games with blind bids when behind replay and re-score", "[cli-house]") {
    Workspace ws("spadework-cli-house");
    const std::string changes = "blind_bid_min=6 blind_bid_exchange=2 blind_behind=100";
    auto games = simulate(ws, changes, "3");
    int blind_bids = 0;
    for (const RecordedGame& g : games) {
        ScoredGame s = score_game(g, g.rules);
        for (std::size_t h = 0; h < g.hands.size(); ++h) {
            for (Bid b : g.hands[h].bids) {
                if (!b.is_blind()) continue;
                ++blind_bids;
                // Bid only by a side behind by 100 or more before the hand.
                REQUIRE(h > 0);
                const Standings& before = s.hands[h - 1].after;
                CHECK(std::abs(before[0].score - before[1].score) >= 100);
            }
        }
    }
    CHECK(blind_bids > 0);
    check_rescoring(ws, changes, games);
    // The same file with the rule tightened no longer reads: the blind bid is refused where
    // it stands, with its line.
    std::string text = formats::read_file(ws.file("g.spades"));
    const std::string tag = "[Rules \"classic blind_behind=100";
    auto at = text.find(tag);
    REQUIRE(at != std::string::npos);
    text.replace(at, tag.size(), "[Rules \"classic blind_behind=1000");
    write(ws.dir / "tight.spades", text);
    RunResult r = run_expecting({"show", ws.file("tight.spades")}, 1, "tight.spades:");
    CHECK(contains(r.err, "a side must be behind by 1000 points or more"));
}

TEST_CASE("a record that breaks forced bidding is refused with its place", "[cli-house]") {
    Workspace ws("spadework-cli-house");
    run_ok({"simulate", "--games", "1", "--rules", "classic", "--seed", "4", "-o",
            ws.file("free.spades")});
    std::string text = formats::read_file(ws.file("free.spades"));
    const std::string tag = "[Rules \"classic\"]";
    auto at = text.find(tag);
    REQUIRE(at != std::string::npos);
    text.replace(at, tag.size(), "[Rules \"classic bidding=mirrors\"]");
    write(ws.dir / "mirrors.spades", text);
    RunResult r = run_expecting({"show", ws.file("mirrors.spades")}, 1, "mirrors.spades:");
    CHECK(contains(r.err, "under Mirrors the bid is"));
}

TEST_CASE("tally refuses bids the house bidding rules forbid, as a score sheet's are checked",
          "[cli-house]") {
    run_expecting(
        {"tally", "--rules", "classic bidding=suicide", "--bids", "3,3,3,3", "--tricks", "3,3,3,4"},
        1, "N bids 3: N must bid nil: partner S did not, and one partner bids nil");
    std::string ok = run_ok({"tally", "--rules", "classic bidding=suicide", "--bids", "nil,3,3,nil",
                             "--tricks", "0,3,9,1"});
    CHECK(contains(ok, "N bid nil took 0  S bid 3 took 9"));
    run_expecting(
        {"tally", "--rules", "classic min_team_bid=4", "--bids", "1,1,1,3", "--tricks", "3,3,3,4"},
        1, "N bids 1 beside S's 1: a partnership bids 4 tricks or more");
    // Raised rather than re-bid: the bids stand and the scoring raises them.
    run_ok({"tally", "--rules", "classic min_team_bid=4 below_min_team_bid=raise", "--bids",
            "1,1,1,3", "--tricks", "3,3,3,4"});
    // blind_behind is checked when the scores are given, and only then.
    const std::vector<std::string> blind = {
        "tally",    "--rules", "classic blind_bid_min=6 blind_behind=100", "--bids", "b6,1,1,1",
        "--tricks", "6,3,1,3"};
    run_ok(blind);
    std::vector<std::string> level = blind;
    level.insert(level.end(), {"--score", "NS=0,EW=50"});
    run_expecting(level, 1, "N cannot bid blind at 0 to 50: a side must be behind by 100 points");
    std::vector<std::string> behind = blind;
    behind.insert(behind.end(), {"--score", "NS=0,EW=150"});
    run_ok(behind);
}
