#include <catch2/catch.hpp>

#include <set>

#include "spadework/engine/error.h"
#include "spadework/engine/record.h"
#include "spadework/engine/rules.h"
#include "spadework/engine/scoring.h"

using namespace spadework;

TEST_CASE("the six presets exist, each naming its rules for a reader", "[rules]") {
    std::set<std::string> names;
    for (auto& p : presets()) {
        names.insert(std::string(p.name));
        // Named as a reader knows them, never by a source document's file name.
        CHECK(p.source.find("Spades") != std::string_view::npos);
        CHECK(p.source.find(".txt") == std::string_view::npos);
        CHECK_NOTHROW(check_rules(preset(p.name)));
        CHECK(preset(p.name).name == p.name);
    }
    CHECK(names == std::set<std::string>{"classic", "casual", "computer", "leaflet", "paperless",
                                         "openspiel"});
    CHECK(presets().front().name == "classic");
    CHECK(RuleSet{} == preset("classic"));
    CHECK_THROWS_WITH(preset("bridge"), Catch::Contains("no rule set named 'bridge'") &&
                                            Catch::Contains("paperless"));
}

TEST_CASE("every preset round-trips through its key=value form", "[rules]") {
    for (auto& p : presets()) {
        RuleSet original = preset(p.name);
        for (auto& other : presets()) {
            RuleSet r = preset(other.name);
            for (auto& [key, value] : rule_values(original)) apply_override(r, key, value);
            r.name = original.name;
            CHECK(r == original);
        }
    }
}

TEST_CASE("the override keys of the issue take the documented values", "[rules]") {
    RuleSet r = preset("classic");
    apply_override(r, "spades_lead=anytime");
    CHECK(r.spades_lead == SpadesLead::Anytime);
    apply_override(r, "first_lead=two_of_clubs");
    CHECK(r.first_lead == FirstLead::TwoOfClubs);
    for (auto [value, expected] : {std::pair{"separate", NilTricks::Separate},
                                   {"count_for_partner", NilTricks::CountForPartner},
                                   {"bags_only", NilTricks::BagsOnly},
                                   {"bags_and_points", NilTricks::BagsAndPoints}}) {
        apply_override(r, "nil_tricks", value);
        CHECK(r.nil_tricks == expected);
    }
    for (auto [value, expected] : {std::pair{"minus_bid", FailedContract::MinusBid},
                                   {"zero", FailedContract::Zero},
                                   {"minus_shortfall", FailedContract::MinusShortfall}}) {
        apply_override(r, "failed_contract", value);
        CHECK(r.failed_contract == expected);
    }
    apply_override(r, "bag_limit=5");
    apply_override(r, "bag_penalty=50");
    apply_override(r, "nil_points=50");
    apply_override(r, "blind_nil_points=150");
    apply_override(r, "target=300");
    apply_override(r, "loss_limit=-200");
    apply_override(r, "hand_limit=12");
    CHECK(r.bag_limit == 5);
    CHECK(r.bag_penalty == 50);
    CHECK(r.nil_points == 50);
    CHECK(r.blind_nil_points == 150);
    CHECK(r.target == 300);
    CHECK(r.loss_limit == -200);
    CHECK(r.hand_limit == 12);
    apply_override(r, "loss_limit=none");
    CHECK_FALSE(r.loss_limit.has_value());
    CHECK(r.name == "classic");
}

TEST_CASE("issue 20's readings are keys that print and read back", "[rules]") {
    RuleSet r = preset("classic");
    CHECK(r.both_nil_scoring == BothNil::Each);
    apply_override(r, "both_nil_scoring=together");
    apply_override(r, "nil_tricks=bags_and_points");
    CHECK(r.both_nil_scoring == BothNil::Together);
    CHECK(r.nil_tricks == NilTricks::BagsAndPoints);
    auto values = rule_values(r);
    auto value_of = [&](std::string_view key) {
        for (auto& [k, v] : values) {
            if (k == key) return v;
        }
        return std::string("(missing)");
    };
    CHECK(value_of("both_nil_scoring") == "together");
    CHECK(value_of("nil_tricks") == "bags_and_points");
    // Printed values given back to another preset rebuild the rule set.
    RuleSet back = preset("leaflet");
    for (auto& [key, value] : values) apply_override(back, key, value);
    back.name = r.name;
    CHECK(back == r);
    apply_override(r, "both_nil_scoring=each");
    CHECK(r.both_nil_scoring == BothNil::Each);
    CHECK_THROWS_WITH(apply_override(r, "both_nil_scoring=jointly"),
                      Catch::Contains("both_nil_scoring") && Catch::Contains("each|together"));
    CHECK_THROWS_WITH(apply_override(r, "nil_tricks=points"),
                      Catch::Contains("bags_only|bags_and_points"));
}

TEST_CASE("bad overrides name the key and the values it takes", "[rules]") {
    RuleSet r;
    CHECK_THROWS_WITH(apply_override(r, "spades_lead=never"),
                      Catch::Contains("spades_lead") && Catch::Contains("after_broken|anytime"));
    CHECK_THROWS_WITH(apply_override(r, "bag_limit=ten"), Catch::Contains("bag_limit"));
    CHECK_THROWS_WITH(apply_override(r, "bag_limit=10x"), Catch::Contains("bag_limit"));
    CHECK_THROWS_WITH(apply_override(r, "trumps=hearts"),
                      Catch::Contains("no rule named 'trumps'"));
    CHECK_THROWS_WITH(apply_override(r, "jokers=2"),
                      Catch::Contains("jokers: '2' is not one of off|on"));
    CHECK_THROWS_WITH(apply_override(r, "target"), Catch::Contains("key=value"));
    CHECK_THROWS_AS(make_rules("classic", {"pass_cards=13"}), RuleError);
    CHECK_THROWS_AS(make_rules("classic", {"loss_limit=600"}), RuleError);
    CHECK_THROWS_AS(make_rules("paperless", {"pass_cards=12"}), RuleError);
    CHECK(make_rules("paperless", {"pass_cards=2"}).pass_cards == 2);
}

// A hand's points are a point key times the tricks times both factors, added to scores kept
// in an int: a number past the bounds would overflow them, so it is refused wherever it comes
// from (an override, a rule set file), naming the key.
TEST_CASE("a rule's number past its bounds is refused, not overflowed", "[rules]") {
    CHECK_THROWS_WITH(make_rules("classic", {"bid_trick_points=2000000000"}),
                      "rule set: bid_trick_points=2000000000 is out of range: a rule's number is "
                      "from -100000 to 100000");
    CHECK_THROWS_WITH(make_rules("classic", {"loss_limit=-100001"}),
                      Catch::Contains("loss_limit=-100001 is out of range"));
    CHECK_THROWS_WITH(make_rules("classic", {"blind_bid_min=6", "blind_bid_factor=11"}),
                      "rule set: blind_bid_factor=11 is out of range: a factor is from -10 to 10");
    CHECK_THROWS_WITH(make_rules("classic", {"big_contract_factor=-11"}),
                      Catch::Contains("big_contract_factor=-11 is out of range"));
    RuleSet r;
    CHECK_THROWS_WITH(apply_override(r, "target=99999999999"),
                      "rule target: '99999999999' is out of range: a rule's number is from "
                      "-100000 to 100000");
    // At the bounds the rules hold, and the largest hand they score stays in range.
    RuleSet edge =
        make_rules("classic", {"bid_trick_points=100000", "target=100000", "big_contract=10",
                               "big_contract_factor=10", "big_contract_bonus=100000",
                               "blind_bid_min=6", "blind_bid_factor=10"});
    HandOutcome all;
    all.bids = {Bid::blind_tricks(13), Bid::tricks(1), Bid::nil(), Bid::tricks(1)};
    all.tricks = {13, 0, 0, 0};
    Standings before{};
    before[index(Team::NS)].score = -1000000;
    HandScore score = score_hand(edge, all, before);
    CHECK(score[Team::NS].delta > 0);
    CHECK(score[Team::NS].after.score > before[index(Team::NS)].score);
}

TEST_CASE("rule_keys lists every key rule_values prints, in order", "[rules]") {
    auto values = rule_values(RuleSet{});
    REQUIRE(values.size() == rule_keys().size());
    for (std::size_t i = 0; i < values.size(); ++i) {
        CHECK(values[i].first == rule_keys()[i].key);
        CHECK_FALSE(rule_keys()[i].help.empty());
    }
}

TEST_CASE("the 48-card deck drops the twos and threes of spades and hearts", "[rules]") {
    RuleSet p = preset("paperless");
    CHECK(p.deck().size() == 48);
    CHECK(p.hand_size() == 12);
    CHECK(p.highest_bid() == 12);
    for (const char* gone : {"2S", "3S", "2H", "3H"}) {
        CHECK_FALSE(p.deck().contains(parse_card(gone)));
    }
    CHECK(p.deck().contains(parse_card("2C")));
    RuleSet c = preset("classic");
    apply_override(c, "deck=48");
    CHECK(c.highest_bid() == 12);  // max_bid 13 is capped at the hand size
}

TEST_CASE("re-scoring keeps as played exactly the keys marked as shaping play", "[rules]") {
    std::set<std::string_view> marked;
    for (const RuleKeyInfo& key : rule_keys()) {
        if (key.shapes_play) marked.insert(key.key);
    }
    // The keys the issue names (deck, pass, spades break, bids allowed) are marked; scoring
    // and game-end keys are not.
    for (std::string_view key : {"deck", "pass_cards", "spades_break", "spades_lead", "first_lead",
                                 "max_bid", "nil", "both_nil", "blind_nil", "blind_nil_exchange"}) {
        CHECK(marked.count(key) == 1);
    }
    for (std::string_view key : {"bid_trick_points", "nil_points", "bag_limit", "target"}) {
        CHECK(marked.count(key) == 0);
    }
    // Paperless and classic differ in marked keys and in unmarked ones; each key of the
    // re-scoring rule set follows the mark.
    RuleSet played = preset("paperless");
    RuleSet scoring = preset("classic");
    auto as_played = rule_values(played);
    auto wanted = rule_values(scoring);
    auto applied = rule_values(rescoring_rules(played, scoring));
    int marked_differing = 0;
    int unmarked_differing = 0;
    for (std::size_t i = 0; i < applied.size(); ++i) {
        INFO(applied[i].first);
        bool shapes = rule_keys()[i].shapes_play;
        CHECK(applied[i].second == (shapes ? as_played[i].second : wanted[i].second));
        if (as_played[i].second != wanted[i].second)
            ++(shapes ? marked_differing : unmarked_differing);
    }
    CHECK(marked_differing >= 3);
    CHECK(unmarked_differing >= 3);
    // take_play_keys alone moves the marked keys and nothing else.
    RuleSet moved = scoring;
    take_play_keys(moved, played);
    CHECK(moved == rescoring_rules(played, scoring));
}
