// Runs the built `spadework` command as a user would, and checks what it prints and the exit
// status. The expected scores are worked out by hand from the rule documents in shared/seeds/.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "support/run_command.h"

namespace {

using spadework::testing::contains;
using spadework::testing::run;
using spadework::testing::run_json;
using spadework::testing::run_ok;
using spadework::testing::RunResult;

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> result;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) result.push_back(line);
    return result;
}

// The key=value lines of `spadework rules NAME`, in order.
std::vector<std::string> rule_lines(const std::string& text) {
    std::vector<std::string> result;
    for (auto& line : lines(text)) {
        if (!line.empty() && line[0] != '#') result.push_back(line);
    }
    return result;
}

// The breakdown entry of a kind, or null.
nlohmann::json item_of(const nlohmann::json& team, const std::string& kind) {
    for (auto& item : team["breakdown"]) {
        if (item["kind"] == kind) return item;
    }
    return nullptr;
}

}  // namespace

// ---------------------------------------------------------------------------------------
// rules

TEST_CASE("rules lists the five presets, name first", "[cli]") {
    auto out = lines(run_ok({"rules"}));
    REQUIRE(out.size() == 6);
    std::vector<std::string> names;
    for (auto& line : out) names.push_back(line.substr(0, line.find(' ')));
    CHECK(names == std::vector<std::string>{"classic", "casual", "computer", "leaflet", "paperless",
                                            "openspiel"});
    CHECK(contains(out[0], "Classic Spades, Joe Andrews' rules"));
    CHECK(contains(out[4], "Paperless Spades, Hugh Aguilar's rules"));
}

TEST_CASE("rules --json lists the presets with their sources", "[cli]") {
    auto list = run_json({"rules"});
    REQUIRE(list.size() == 6);
    CHECK(list[2]["name"] == "computer");
    CHECK(list[2]["source"] == "Spades as a computer game plays it");
    CHECK(!list[2]["summary"].get<std::string>().empty());
}

TEST_CASE("rules paperless prints the 48-card deck and the 3-card pass", "[cli]") {
    std::string out = run_ok({"rules", "paperless"});
    CHECK(lines(out)[0] == "# paperless (from Paperless Spades, Hugh Aguilar's rules)");
    auto values = rule_lines(out);
    CHECK(std::find(values.begin(), values.end(), "deck=48") != values.end());
    CHECK(std::find(values.begin(), values.end(), "pass_cards=3") != values.end());
}

TEST_CASE("rules openspiel says what differs from classic", "[cli]") {
    auto all = lines(run_ok({"rules", "openspiel"}));
    REQUIRE(all.size() > 9);
    CHECK(all[0] == "# openspiel (from OpenSpiel's Spades game (google-deepmind/open_spiel))");
    CHECK(all[1] == "# differs from classic:");
    CHECK(all[2] == "#   blind_nil=forbidden (classic: allowed)");
    CHECK(all[3] == "#   spades_break=never (classic: any_spade)");
    CHECK(all[4] == "#   nil_tricks=count_for_partner (classic: separate)");
    CHECK(all[5] == "#   loss_limit=-350 (classic: -250)");
    CHECK(all[6] == "#   max_team_bid=13 (classic: none)");
    CHECK(all[7] == "#   both_nil_tricks=overtricks (classic: no_contract)");
    CHECK(all[8] == "#   end_bonus=200 (classic: 0)");
    CHECK(all[9].rfind("deck=52", 0) == 0);
    // Classic itself has nothing to list.
    CHECK(lines(run_ok({"rules", "classic"}))[1].rfind("deck=", 0) == 0);
}

TEST_CASE("rules classic --rule bag_limit=5 shows the override", "[cli]") {
    std::string out = run_ok({"rules", "classic", "--rule", "bag_limit=5"});
    auto all = lines(out);
    REQUIRE(all.size() > 2);
    CHECK(all[1] == "# overrides: bag_limit=5");
    auto values = rule_lines(out);
    CHECK(std::find(values.begin(), values.end(), "bag_limit=5") != values.end());
    CHECK(std::find(values.begin(), values.end(), "bag_limit=10") == values.end());
}

TEST_CASE("rules output fed back as overrides gives the same rule set", "[cli]") {
    for (std::string name :
         {"classic", "casual", "computer", "leaflet", "paperless", "openspiel"}) {
        INFO("preset " << name);
        auto values = rule_lines(run_ok({"rules", name}));
        REQUIRE(values.size() > 10);
        // Applied to a different preset, every key must carry the whole rule set over.
        std::vector<std::string> args = {"rules", name == "classic" ? "paperless" : "classic"};
        for (auto& v : values) {
            args.push_back("--rule");
            args.push_back(v);
        }
        CHECK(rule_lines(run_ok(args)) == values);
    }
}

TEST_CASE("rules NAME --json gives name, source, overrides and every rule", "[cli]") {
    auto j = run_json({"rules", "computer", "--rule", "target=300"});
    CHECK(j["name"] == "computer");
    CHECK(j["source"] == "Spades as a computer game plays it");
    CHECK(j["overrides"] == nlohmann::json::array({"target=300"}));
    CHECK(j["rules"]["target"] == "300");
    CHECK(j["rules"]["max_bid"] == "10");
    CHECK(j["rules"].size() == rule_lines(run_ok({"rules", "computer"})).size());
}

// ---------------------------------------------------------------------------------------
// tally

TEST_CASE("tally classic: bid 4+5 taking 5+5 scores 91, a nil made 100", "[cli]") {
    // 003: 10 a trick bid, 1 a trick over; nil +100 with the partner scoring alone.
    auto j = run_json({"tally", "--bids", "4,5,5,nil", "--tricks", "5,3,5,0"});
    CHECK(j["rules"] == "classic");
    auto ns = j["teams"]["NS"];
    CHECK(ns["delta"] == 91);
    CHECK(ns["score"] == 91);
    CHECK(ns["bags"] == 1);
    CHECK(ns["bid"] == 9);
    CHECK(ns["tricks"] == 10);
    CHECK(item_of(ns, "contract_made")["points"] == 90);
    CHECK(item_of(ns, "overtricks")["points"] == 1);
    CHECK(item_of(ns, "overtricks")["bags"] == 1);
    CHECK_FALSE(item_of(ns, "contract_made").contains("seat"));

    // East bid 5 and took 3: -50; West's nil: +100.
    auto ew = j["teams"]["EW"];
    CHECK(ew["delta"] == 50);
    CHECK(ew["score"] == 50);
    CHECK(ew["bags"] == 0);
    CHECK(item_of(ew, "contract_set")["points"] == -50);
    auto nil = item_of(ew, "nil_made");
    REQUIRE(nil.is_object());
    CHECK(nil["points"] == 100);
    CHECK(nil["seat"] == "W");
    CHECK(nil["text"].is_string());
}

TEST_CASE("tally computer: bid 3 and win 5 scores 32", "[cli]") {
    // 002: "if you bid 3 tricks and win 5 tricks then your total score is 32".
    auto j = run_json({"tally", "--rules", "computer", "--bids", "2,4,1,4", "--tricks", "3,4,2,4"});
    CHECK(j["rules"] == "computer");
    CHECK(j["teams"]["NS"]["delta"] == 32);
    CHECK(j["teams"]["EW"]["delta"] == 80);
}

TEST_CASE("tally computer: a failed contract loses 10 per missing trick", "[cli]") {
    // 002: "you lose 10 points for every trick you couldn't win": bid 8, took 6.
    auto j = run_json({"tally", "--rules", "computer", "--bids", "4,2,4,2", "--tricks", "3,4,3,3"});
    CHECK(j["teams"]["NS"]["delta"] == -20);
    CHECK(j["teams"]["EW"]["delta"] == 43);
}

TEST_CASE("tally classic: bid 7 taking 6 scores -70", "[cli]") {
    // 003: "Bidding a total of 7 and taking anywhere from zero to six tricks ... -70".
    auto j =
        run_json({"tally", "--bids", "3,3,4,3", "--tricks", "3,4,3,3", "--score", "NS=208,EW=-40"});
    auto ns = j["teams"]["NS"];
    CHECK(ns["delta"] == -70);
    CHECK(ns["score"] == 138);
    CHECK(item_of(ns, "contract_set")["points"] == -70);
    CHECK(j["teams"]["EW"]["delta"] == 61);
    CHECK(j["teams"]["EW"]["score"] == 21);
}

TEST_CASE("tally classic: three overtricks on 8 bags reach 10 and cost 100", "[cli]") {
    // Bid 6, took 9: 60 + 3; bags 8 + 3 = 11 -> -100, 1 carried over.
    auto j = run_json({"tally", "--bids", "3,3,3,3", "--tricks", "5,2,4,2", "--score", "NS=208",
                       "--bags", "NS=8,EW=0"});
    auto ns = j["teams"]["NS"];
    CHECK(ns["bags"] == 1);
    CHECK(ns["bags_added"] == 3);
    CHECK(ns["bag_penalties"] == 1);
    CHECK(item_of(ns, "bag_penalty")["points"] == -100);
    CHECK(ns["delta"] == -37);
    CHECK(ns["score"] == 171);
    CHECK(j["teams"]["EW"]["delta"] == -60);
    CHECK(j["teams"]["EW"]["score"] == -60);
}

TEST_CASE("tally paperless: exact scores 2, over 1, honours 2", "[cli]") {
    // 000: 12-card hands; 2 for an exact contract, 1 for tricks over, 2 for all four honours.
    std::vector<std::string> args = {"tally",   "--rules",  "paperless", "--bids",
                                     "3,3,3,2", "--tricks", "3,4,3,2"};
    auto plain = run_json(args);
    CHECK(plain["teams"]["NS"]["delta"] == 2);
    CHECK(item_of(plain["teams"]["NS"], "exact")["points"] == 2);
    CHECK(plain["teams"]["EW"]["delta"] == 1);
    CHECK(item_of(plain["teams"]["EW"], "over")["points"] == 1);

    args.insert(args.end(), {"--honours", "NS"});
    auto honours = run_json(args);
    CHECK(honours["teams"]["NS"]["delta"] == 4);
    CHECK(item_of(honours["teams"]["NS"], "honours")["points"] == 2);
    CHECK(honours["teams"]["EW"]["delta"] == 1);
}

TEST_CASE("tally --rule overrides the preset", "[cli]") {
    // With bag_limit=5, the third overtrick on 3 bags already costs 100.
    auto j = run_json({"tally", "--rule", "bag_limit=5", "--bids", "3,3,3,3", "--tricks", "5,2,4,2",
                       "--bags", "NS=3"});
    CHECK(j["teams"]["NS"]["bags"] == 1);
    CHECK(j["teams"]["NS"]["delta"] == -37);
}

TEST_CASE("tally prints a readable table per partnership", "[cli]") {
    std::string out = run_ok({"tally", "--bids", "4,5,5,nil", "--tricks", "5,3,5,0"});
    CHECK(contains(out, "rules: classic"));
    CHECK(contains(out, "NS  N bid 4 took 5  S bid 5 took 5"));
    CHECK(contains(out, "EW  E bid 5 took 3  W bid nil took 0"));
    CHECK(contains(out, "+91"));
    CHECK(contains(out, "+100"));
    CHECK(contains(out, "(was 0)"));
}

// ---------------------------------------------------------------------------------------
// Errors: bad input exits 1 with a message naming it, usage errors exit 2.

// A rule set name that is no preset and no file, and an override that does not apply, are
// malformed command lines (issue 18): exit 2.
TEST_CASE("an unknown preset exits 2 and names it", "[cli]") {
    RunResult r = run({"rules", "nosuchrules"});
    CHECK(r.status == 2);
    CHECK(contains(r.err, "nosuchrules"));
    CHECK(r.out.empty());

    RunResult t =
        run({"tally", "--rules", "nosuchrules", "--bids", "4,4,4,1", "--tricks", "4,4,4,1"});
    CHECK(t.status == 2);
    CHECK(contains(t.err, "nosuchrules"));
}

TEST_CASE("a bad rule override exits 2 and names the key", "[cli]") {
    RunResult r = run({"rules", "classic", "--rule", "bag_limit=lots"});
    CHECK(r.status == 2);
    CHECK(contains(r.err, "bag_limit"));
    CHECK(contains(r.err, "lots"));
}

TEST_CASE("a bid that does not parse exits 2 and says which value", "[cli]") {
    RunResult r = run({"tally", "--bids", "4,5,5,x", "--tricks", "5,3,5,0"});
    CHECK(r.status == 2);
    CHECK(contains(r.err, "--bids: 'x' (4th value) is not a bid"));
}

TEST_CASE("tricks that do not add up to the hand size exit 1", "[cli]") {
    RunResult r = run({"tally", "--bids", "4,5,5,nil", "--tricks", "5,3,5,1"});
    CHECK(r.status == 1);
    // The message gives the values it is about, not only the engine's sum.
    CHECK(r.err ==
          "spadework: --bids 4,5,5,nil --tricks 5,3,5,1 (seat order N,E,S,W) under classic: "
          "tricks add up to 14, not 13\n");
    CHECK(r.out.empty());
}

// A value that does not read as what its option takes is bad usage (2); one that reads but does
// not fit the rule set (a bag count at the limit) is bad input (1).
TEST_CASE("malformed tally values exit 2 and name the option", "[cli]") {
    std::vector<std::string> hand = {"--bids", "4,5,5,nil", "--tricks", "5,3,5,0"};
    auto with = [&](std::vector<std::string> extra) {
        std::vector<std::string> args = {"tally"};
        args.insert(args.end(), hand.begin(), hand.end());
        args.insert(args.end(), extra.begin(), extra.end());
        return run(args);
    };
    RunResult three_bids = run({"tally", "--bids", "4,5,5", "--tricks", "5,3,5,0"});
    CHECK(three_bids.status == 2);
    CHECK(contains(three_bids.err, "--bids"));

    RunResult bad_tricks = run({"tally", "--bids", "4,5,5,nil", "--tricks", "5,three,5,0"});
    CHECK(bad_tricks.status == 2);
    CHECK(contains(bad_tricks.err, "--tricks: 'three' (2nd value)"));

    RunResult bad_team = with({"--score", "NS=10,XY=5"});
    CHECK(bad_team.status == 2);
    CHECK(contains(bad_team.err, "--score: 'XY=5' (2nd value)"));

    RunResult bad_bags = with({"--bags", "NS=12"});
    CHECK(bad_bags.status == 1);
    CHECK(contains(bad_bags.err, "--bags"));

    RunResult bad_honours = with({"--honours", "NE"});
    CHECK(bad_honours.status == 2);
    CHECK(contains(bad_honours.err, "--honours"));
}

TEST_CASE("a missing --bids is a usage error, exit 2", "[cli]") {
    RunResult r = run({"tally", "--tricks", "5,3,5,0"});
    CHECK(r.status == 2);
    CHECK(contains(r.err, "--bids"));
}

TEST_CASE("an unknown subcommand is a usage error, exit 2", "[cli]") {
    RunResult r = run({"frobnicate"});
    CHECK(r.status == 2);
    CHECK(contains(r.err, "frobnicate"));
}

TEST_CASE("no subcommand prints help and exits 2", "[cli]") {
    RunResult r = run({});
    CHECK(r.status == 2);
    CHECK(contains(r.err, "rules"));
    CHECK(contains(r.err, "tally"));
}

TEST_CASE("spadework --help prints help and exits 0", "[cli]") {
    RunResult r = run({"tally", "--help"});
    CHECK(r.status == 0);
    CHECK(contains(r.out, "--bids"));
}
