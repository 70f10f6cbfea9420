// A review as the report a player reads and as JSON (the schema is in README, "Hand review").
// The JSON is what the library stores and the viewer reads back, so review_from_json gives
// back everything review_to_json wrote.
#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <nlohmann/json.hpp>

#include "spadework/analyzer/review.h"
#include "spadework/analyzer/review_words.h"
#include "spadework/analyzer/text.h"
#include "spadework/formats/dates.h"
#include "text_width.h"

namespace spadework::analyzer {
namespace {

using nlohmann::ordered_json;

constexpr int kSchema = 1;

FlagClass parse_class(const std::string& name) {
    if (std::optional<FlagClass> c = parse_class_name(name)) return *c;
    throw Error("review JSON: unknown flag class \"" + name + "\"");
}

// Rounds to 0.01 so the JSON stays readable and compares equal after a round trip.
double round2(double x) {
    return std::round(x * 100) / 100;
}

ordered_json standings_json(const Standings& s) {
    ordered_json j;
    for (Team t : kAllTeams) {
        j[std::string(team_name(t))] = {{"score", s[index(t)].score}, {"bags", s[index(t)].bags}};
    }
    return j;
}

Standings standings_from(const ordered_json& j) {
    Standings s{};
    for (Team t : kAllTeams) {
        const auto& v = j.at(std::string(team_name(t)));
        s[index(t)] = {v.at("score").get<int>(), v.at("bags").get<int>()};
    }
    return s;
}

ordered_json stats_json(const PlayStats& p) {
    ordered_json j = {{"cards", p.cards},
                      {"decisions", p.decisions},
                      {"kept_best", p.kept_best},
                      {"accuracy", round2(p.accuracy() * 100)},
                      {"inaccuracies", p.inaccuracies},
                      {"mistakes", p.mistakes},
                      {"blunders", p.blunders},
                      {"points_lost", p.points_lost}};
    if (p.chance_lost > 0) j["chance_lost"] = p.chance_lost;
    return j;
}

PlayStats stats_from(const ordered_json& j) {
    PlayStats p;
    p.cards = j.at("cards").get<int>();
    p.decisions = j.at("decisions").get<int>();
    p.kept_best = j.at("kept_best").get<int>();
    p.inaccuracies = j.at("inaccuracies").get<int>();
    p.mistakes = j.at("mistakes").get<int>();
    p.blunders = j.at("blunders").get<int>();
    p.points_lost = j.at("points_lost").get<int>();
    p.chance_lost = j.value("chance_lost", 0.0);
    return p;
}

ordered_json card_json(const CardReview& c) {
    ordered_json j = {{"index", c.index},
                      {"trick", c.trick + 1},
                      {"seat", seat_letter(c.seat)},
                      {"card", to_string(c.played)},
                      {"irregular", c.irregular}};
    if (c.irregular) return j;
    // A card whose score was not valued has no score fields at all.
    if (!c.score_valued) j["score_valued"] = false;
    j["best_tricks"] = c.best_tricks;
    if (c.score_valued) j["best_score"] = c.best_score;
    j["played_tricks"] = c.played_tricks;
    if (c.score_valued) {
        j["played_score"] = c.played_score;
        j["cost_points"] = c.cost_points();
    }
    j["cost_tricks"] = c.cost_tricks();
    if (c.best_chance) {
        j["best_chance"] = *c.best_chance;
        j["played_chance"] = *c.played_chance;
    }
    j["flag"] = class_name(c.flag);
    if (c.better) j["better"] = to_string(*c.better);
    if (c.points_flag) {
        j["points_flag"] = class_name(*c.points_flag);
        if (c.points_better) j["points_better"] = to_string(*c.points_better);
    }
    ordered_json choices = ordered_json::array();
    for (const CardChoice& ch : c.choices) {
        ordered_json one = {{"card", to_string(ch.card)}, {"tricks", ch.tricks}};
        if (c.score_valued) one["score"] = ch.score;
        if (ch.chance) one["chance"] = *ch.chance;
        choices.push_back(std::move(one));
    }
    j["choices"] = std::move(choices);
    return j;
}

CardReview card_from(const ordered_json& j) {
    CardReview c;
    c.index = j.at("index").get<int>();
    c.trick = j.at("trick").get<int>() - 1;
    c.seat = parse_seat(j.at("seat").get<std::string>());
    c.played = parse_card(j.at("card").get<std::string>());
    c.irregular = j.at("irregular").get<bool>();
    if (c.irregular) return c;
    c.score_valued = j.value("score_valued", true);
    const auto score_of = [&](const ordered_json& o, const char* key) {
        return c.score_valued ? o.at(key).get<int>() : 0;
    };
    c.best_tricks = j.at("best_tricks").get<int>();
    c.best_score = score_of(j, "best_score");
    c.played_tricks = j.at("played_tricks").get<int>();
    c.played_score = score_of(j, "played_score");
    c.flag = parse_class(j.at("flag").get<std::string>());
    if (j.contains("better")) c.better = parse_card(j.at("better").get<std::string>());
    if (j.contains("points_flag"))
        c.points_flag = parse_class(j.at("points_flag").get<std::string>());
    if (j.contains("points_better")) {
        c.points_better = parse_card(j.at("points_better").get<std::string>());
    }
    if (j.contains("best_chance")) c.best_chance = j.at("best_chance").get<double>();
    if (j.contains("played_chance")) c.played_chance = j.at("played_chance").get<double>();
    for (const auto& ch : j.at("choices")) {
        std::optional<double> chance;
        if (ch.contains("chance")) chance = ch.at("chance").get<double>();
        c.choices.push_back({parse_card(ch.at("card").get<std::string>()),
                             ch.at("tricks").get<int>(), score_of(ch, "score"), chance});
    }
    return c;
}

// Graded by the game: a decision's best and played chance and the ± of the chance lost.
template <class Decision>
void chance_json(const Decision& d, ordered_json& j) {
    if (!d.best_chance) return;
    j["best_chance"] = *d.best_chance;
    j["played_chance"] = *d.played_chance;
    j["chance_error"] = d.chance_error;
}

template <class Decision>
void chance_from(const ordered_json& j, Decision& d) {
    if (!j.contains("best_chance")) return;
    d.best_chance = j.at("best_chance").get<double>();
    d.played_chance = j.at("played_chance").get<double>();
    d.chance_error = j.value("chance_error", 0.0);
}

// An option's chance and its ±, when graded by the game.
template <class Option>
void option_chance_json(const Option& o, ordered_json& j) {
    if (!o.chance) return;
    j["chance"] = *o.chance;
    j["chance_error"] = o.chance_error;
}

template <class Option>
void option_chance_from(const ordered_json& j, Option& o) {
    if (!j.contains("chance")) return;
    o.chance = j.at("chance").get<double>();
    o.chance_error = j.value("chance_error", 0.0);
}

ordered_json bid_json(const BidDecision& b) {
    ordered_json j = {
        {"index", b.index},        {"seat", seat_letter(b.seat)},
        {"bid", to_string(b.bid)}, {"known", to_string(b.known)},
        {"samples", b.samples},    {"effective_samples", round2(b.effective_samples)}};
    ordered_json tricks = ordered_json::array();
    for (double x : b.tricks) tricks.push_back(round2(x * 100));
    j["tricks_percent"] = std::move(tricks);
    if (b.nil_kept) j["nil_kept_percent"] = round2(*b.nil_kept * 100);
    if (b.unsettled_nils > 0) j["unsettled_nils"] = b.unsettled_nils;
    j["best"] = to_string(b.best);
    j["best_expected"] = round2(b.best_expected);
    j["played_expected"] = round2(b.played_expected);
    j["shortfall"] = round2(b.shortfall());
    j["shortfall_error"] = round2(b.shortfall_error);
    j["flag"] = class_name(b.flag);
    j["settled"] = b.settled;
    ordered_json good = ordered_json::array();
    for (Bid g : b.good) good.push_back(to_string(g));
    j["good"] = std::move(good);
    ordered_json options = ordered_json::array();
    for (const BidOption& o : b.options) {
        ordered_json one = {{"bid", to_string(o.bid)},
                            {"expected", round2(o.expected)},
                            {"error", round2(o.error)},
                            {"made_percent", round2(o.made * 100)},
                            {"samples", o.samples}};
        option_chance_json(o, one);
        options.push_back(std::move(one));
    }
    j["options"] = std::move(options);
    chance_json(b, j);
    return j;
}

BidDecision bid_from(const ordered_json& j) {
    BidDecision b;
    b.index = j.at("index").get<int>();
    b.seat = parse_seat(j.at("seat").get<std::string>());
    b.bid = parse_bid(j.at("bid").get<std::string>());
    b.known = parse_cards(j.at("known").get<std::string>());
    b.samples = j.at("samples").get<int>();
    b.effective_samples = j.value("effective_samples", static_cast<double>(b.samples));
    for (const auto& x : j.at("tricks_percent")) b.tricks.push_back(x.get<double>() / 100);
    if (j.contains("nil_kept_percent")) b.nil_kept = j.at("nil_kept_percent").get<double>() / 100;
    b.unsettled_nils = j.value("unsettled_nils", 0);
    b.best = parse_bid(j.at("best").get<std::string>());
    b.best_expected = j.at("best_expected").get<double>();
    b.played_expected = j.at("played_expected").get<double>();
    b.flag = parse_class(j.at("flag").get<std::string>());
    b.shortfall_error = j.value("shortfall_error", 0.0);
    b.settled = j.value("settled", false);
    if (j.contains("good")) {
        for (const auto& g : j.at("good")) b.good.push_back(parse_bid(g.get<std::string>()));
    }
    for (const auto& o : j.at("options")) {
        BidOption one;
        one.bid = parse_bid(o.at("bid").get<std::string>());
        one.expected = o.at("expected").get<double>();
        one.error = o.value("error", 0.0);
        one.made = o.at("made_percent").get<double>() / 100;
        one.samples = o.value("samples", b.samples);
        option_chance_from(o, one);
        b.options.push_back(one);
    }
    chance_from(j, b);
    return b;
}

ordered_json pass_json(const PassDecision& p) {
    ordered_json j = {{"seat", seat_letter(p.seat)},
                      {"passed", to_string(p.passed)},
                      {"candidates", p.candidates},
                      {"best", to_string(p.best)},
                      {"best_expected", round2(p.best_expected)},
                      {"played_expected", round2(p.played_expected)},
                      {"shortfall", round2(p.shortfall())},
                      {"shortfall_error", round2(p.shortfall_error)},
                      {"samples", p.samples},
                      {"flag", class_name(p.flag)},
                      {"settled", p.settled}};
    ordered_json options = ordered_json::array();
    for (const PassOption& o : p.options) {
        ordered_json one = {{"cards", to_string(o.cards)},
                            {"expected", round2(o.expected)},
                            {"error", round2(o.error)},
                            {"samples", o.samples}};
        option_chance_json(o, one);
        options.push_back(std::move(one));
    }
    j["options"] = std::move(options);
    chance_json(p, j);
    if (p.unsettled_nils > 0) j["unsettled_nils"] = p.unsettled_nils;
    return j;
}

PassDecision pass_from(const ordered_json& j) {
    PassDecision p;
    p.unsettled_nils = j.value("unsettled_nils", 0);
    p.seat = parse_seat(j.at("seat").get<std::string>());
    p.passed = parse_cards(j.at("passed").get<std::string>());
    p.candidates = j.at("candidates").get<int>();
    p.best = parse_cards(j.at("best").get<std::string>());
    p.best_expected = j.at("best_expected").get<double>();
    p.played_expected = j.at("played_expected").get<double>();
    p.flag = parse_class(j.at("flag").get<std::string>());
    p.shortfall_error = j.value("shortfall_error", 0.0);
    p.samples = j.value("samples", 0);
    p.settled = j.value("settled", false);
    for (const auto& o : j.at("options")) {
        PassOption one;
        one.cards = parse_cards(o.at("cards").get<std::string>());
        one.expected = o.at("expected").get<double>();
        one.error = o.value("error", 0.0);
        one.samples = o.at("samples").get<int>();
        option_chance_from(o, one);
        p.options.push_back(one);
    }
    chance_from(j, p);
    return p;
}

// "+12.5", "-3", "0".
// Expected points, always to one decimal ("+38.0", "-12.5", never "-0.0"), as their ± is.
std::string signed_points(double x) {
    double r = std::round(x * 10) / 10;
    return fmt::format("{:+.1f}", r == 0 ? 0.0 : r);
}

std::string player_label(const RecordedGame& game, Seat s) {
    const std::string& name = game.players[index(s)];
    return name.empty() ? seat_letter(s) : fmt::format("{} ({})", seat_letter(s), name);
}

// The partnership's trick distribution in words: the mean and the middle 80% of the layouts.
std::string distribution_line(const std::vector<double>& shares) {
    double mean = 0;
    double total = 0;
    for (std::size_t t = 0; t < shares.size(); ++t) {
        mean += shares[t] * static_cast<double>(t);
        total += shares[t];
    }
    if (total <= 0) return "no layouts";
    mean /= total;
    auto quantile = [&](double q) {
        double acc = 0;
        for (std::size_t t = 0; t < shares.size(); ++t) {
            acc += shares[t] / total;
            if (acc >= q - 1e-9) return static_cast<int>(t);
        }
        return static_cast<int>(shares.size()) - 1;
    };
    const int low = quantile(0.1);
    const int high = quantile(0.9);
    if (low == high) {
        return fmt::format("the partnership takes {:.1f} tricks on average, {} in most layouts",
                           mean, low);
    }
    return fmt::format("the partnership takes {:.1f} tricks on average, {} to {} in most layouts",
                       mean, low, high);
}

// The game a review is of, as its JSON names it: review_to_json writes it, and
// review_json_with_metadata writes it again when the game's metadata is edited.
ordered_json game_json(const RecordedGame& game) {
    ordered_json players = ordered_json::object();
    for (Seat s : kAllSeats) players[seat_letter(s)] = game.players[index(s)];
    return {{"event", game.event},
            {"date", formats::shown_date(game.date)},
            {"rules", spell_rules(game.rules)},
            {"players", players},
            {"hands", game.hands.size()}};
}

}  // namespace

std::string review_to_json(const GameReview& review, const RecordedGame& game) {
    ordered_json j;
    j["spadework_review"] = kSchema;
    j["version"] = review.version;
    j["settings"] = review.settings_key;
    if (review.parts != ReviewParts::Both) j["only"] = parts_name(review.parts);
    if (review.grade != Grade::Points) j["grade"] = grade_name(review.grade);
    if (!review.grade_note.empty()) j["grade_note"] = review.grade_note;
    j["game"] = game_json(game);
    j["seconds"] = round2(review.seconds);
    ordered_json seats = ordered_json::array();
    for (Seat s : kAllSeats) {
        ordered_json p = {{"seat", seat_letter(s)}, {"name", game.players[index(s)]}};
        p.update(stats_json(review.seats[index(s)]));
        p["bid_flags"] = review.bid_flags[index(s)];
        if (review.bid_chance_lost[index(s)] > 0) {
            p["bid_chance_lost"] = review.bid_chance_lost[index(s)];
        }
        seats.push_back(std::move(p));
    }
    j["players"] = std::move(seats);
    ordered_json hands = ordered_json::array();
    for (const HandReview& h : review.hands) {
        ordered_json hj;
        hj["hand"] = h.hand + 1;
        hj["dealer"] = seat_letter(game.hands[h.hand].dealer);
        hj["before"] = standings_json(h.before);
        ordered_json par = {
            {"tricks", {{"NS", h.bidding.par.tricks[0]}, {"EW", h.bidding.par.tricks[1]}}}};
        ordered_json nils = ordered_json::array();
        for (const Par::Nil& n : h.bidding.par.nils) {
            nils.push_back({{"seat", seat_letter(n.seat)}, {"kept", n.kept}});
        }
        par["nils"] = std::move(nils);
        hj["par"] = std::move(par);
        ordered_json passes = ordered_json::array();
        for (const PassDecision& p : h.bidding.passes) passes.push_back(pass_json(p));
        hj["passes"] = std::move(passes);
        ordered_json bids = ordered_json::array();
        for (const BidDecision& b : h.bidding.bids) bids.push_back(bid_json(b));
        hj["bids"] = std::move(bids);
        hj["bid_seconds"] = round2(h.bidding.seconds);
        if (h.play) {
            ordered_json cards = ordered_json::array();
            for (const CardReview& c : h.play->cards) cards.push_back(card_json(c));
            ordered_json seats_play = ordered_json::object();
            for (Seat s : kAllSeats)
                seats_play[seat_letter(s)] = stats_json(h.play->seats[index(s)]);
            hj["play"] = {{"seconds", round2(h.play->seconds)},
                          {"nodes", h.play->nodes},
                          {"players", std::move(seats_play)},
                          {"cards", std::move(cards)}};
        }
        hands.push_back(std::move(hj));
    }
    j["hands"] = std::move(hands);
    return j.dump(1);
}

std::string review_json_with_metadata(std::string_view json_text, const RecordedGame& game) {
    try {
        ordered_json j = ordered_json::parse(json_text);
        j["game"] = game_json(game);
        // The seats are written in seat order (review_to_json).
        for (Seat s : kAllSeats) j.at("players").at(index(s))["name"] = game.players[index(s)];
        return j.dump(1);
    } catch (const nlohmann::json::exception& e) {
        throw Error(std::string("review JSON: ") + e.what());
    }
}

GameReview review_from_json(std::string_view text) {
    ordered_json j;
    try {
        j = ordered_json::parse(text.begin(), text.end());
    } catch (const nlohmann::json::exception& e) {
        throw Error("review JSON: " + json_error_text(e.what()));
    }
    try {
        if (j.at("spadework_review").get<int>() != kSchema) {
            throw Error("review JSON: unknown schema " + j.at("spadework_review").dump());
        }
        GameReview r;
        r.version = j.at("version").get<std::string>();
        r.settings_key = j.at("settings").get<std::string>();
        if (j.contains("only")) {
            std::optional<ReviewParts> parts = parse_parts(j.at("only").get<std::string>());
            if (!parts) throw Error("review JSON: unknown part " + j.at("only").dump());
            r.parts = *parts;
        }
        if (j.contains("grade")) {
            std::optional<Grade> grade = parse_grade(j.at("grade").get<std::string>());
            if (!grade) throw Error("review JSON: unknown grade " + j.at("grade").dump());
            r.grade = *grade;
        }
        r.grade_note = j.value("grade_note", std::string());
        r.seconds = j.at("seconds").get<double>();
        for (const auto& p : j.at("players")) {
            int s = index(parse_seat(p.at("seat").get<std::string>()));
            r.seats[s] = stats_from(p);
            r.bid_flags[s] = p.at("bid_flags").get<int>();
            r.bid_chance_lost[s] = p.value("bid_chance_lost", 0.0);
        }
        for (const auto& hj : j.at("hands")) {
            HandReview h;
            h.hand = hj.at("hand").get<int>() - 1;
            h.before = standings_from(hj.at("before"));
            const auto& par = hj.at("par");
            h.bidding.par.tricks = {par.at("tricks").at("NS").get<int>(),
                                    par.at("tricks").at("EW").get<int>()};
            for (const auto& n : par.at("nils")) {
                h.bidding.par.nils.push_back(
                    {parse_seat(n.at("seat").get<std::string>()), n.at("kept").get<bool>()});
            }
            for (const auto& p : hj.at("passes")) h.bidding.passes.push_back(pass_from(p));
            for (const auto& b : hj.at("bids")) h.bidding.bids.push_back(bid_from(b));
            h.bidding.seconds = hj.at("bid_seconds").get<double>();
            if (hj.contains("play")) {
                const auto& pj = hj.at("play");
                PlayReview play;
                play.seconds = pj.at("seconds").get<double>();
                play.nodes = pj.at("nodes").get<std::uint64_t>();
                for (const auto& [seat, stats] : pj.at("players").items()) {
                    play.seats[index(parse_seat(seat))] = stats_from(stats);
                }
                for (const auto& c : pj.at("cards")) play.cards.push_back(card_from(c));
                h.play = std::move(play);
            }
            r.hands.push_back(std::move(h));
        }
        return r;
    } catch (const nlohmann::json::exception& e) {
        throw Error("review JSON: " + json_error_text(e.what()));
    } catch (const ParseError& e) {
        throw Error("review JSON: " + json_error_text(e.what()));
    }
}

namespace {

using Line = std::function<void(const std::string&)>;

// Said of a decision some of whose nils the search could not settle within its budget.
std::string unsettled_note(int count, const char* what) {
    if (count == 0) return "";
    return fmt::format(" [a nil not settled within the search's budget on {} {}, counted broken]",
                       count,
                       count == 1 ? std::string(what).substr(0, std::strlen(what) - 1) : what);
}

// "12.5 ± 3.1": a sampled value with its ± (the confidence interval's half-width).
std::string with_error(double value, double error) {
    return fmt::format("{:.1f} ± {:.1f}", value, error);
}

// "from 58% to 46% (-12 ± 3 points of chance)": a decision's chance of winning the game, the
// best option's and the one made, and the chance lost with its ±, in percentage points.
std::string chance_change(double best, double played, double error) {
    return fmt::format("from {:.0f}% to {:.0f}% ({:+.0f} ± {:.0f} points of chance)", 100 * best,
                       100 * played, 100 * (played - best), 100 * error);
}

// The verdict on a bid graded by the game: the chance it left against the best's, the points
// beside it.
std::string bid_chance_verdict(const BidDecision& b, const std::string& good) {
    const std::string change = chance_change(*b.best_chance, *b.played_chance, b.chance_error);
    const bool is_best = b.best == b.bid;
    const std::string points =
        is_best ? fmt::format("in this hand expected {}", signed_points(b.played_expected))
                : fmt::format("in this hand {} expected {}, {} expected {}", to_string(b.bid),
                              signed_points(b.played_expected), to_string(b.best),
                              signed_points(b.best_expected));
    if (b.flag == FlagClass::None) {
        const std::string best =
            is_best ? "the best"
                    : fmt::format("best {} {:.0f}%", to_string(b.best), 100 * *b.best_chance);
        return fmt::format("chance to win the game {:.0f}% ({}); {}; good bids: {}{}",
                           100 * *b.played_chance, best, points, good,
                           b.settled ? "" : " (not settled at the layout cap)");
    }
    if (b.flag == FlagClass::CloseCall) {
        return fmt::format(
            "close call: {} instead of {}: the chance to win the game went {}, and the "
            "layouts cannot tell whether that costs a little or a lot; {}; good bids: {}",
            to_string(b.bid), to_string(b.best), change, points, good);
    }
    return fmt::format("{}: {} instead of {}: your chance to win the game went {}; {}",
                       class_name(b.flag), to_string(b.bid), to_string(b.best), change, points);
}

// A bid's verdict by points, each estimate named by its bid: "1 expected +33.3; best 3 expected
// +37.9", "mistake: 7 instead of 5: ...". A close call on the bid of the best estimate says
// why it is one: another bid may still be better (the shortfall's interval runs over every
// option's difference with it, bid_review.cpp), not the 0 points between a bid and itself.
std::string bid_points_verdict(const BidDecision& b, const std::string& good) {
    const std::string played =
        fmt::format("{} expected {}", to_string(b.bid), signed_points(b.played_expected));
    const std::string best =
        fmt::format("{} expected {}", to_string(b.best), signed_points(b.best_expected));
    const bool is_best = b.best == b.bid;
    if (b.flag == FlagClass::None) {
        return fmt::format("{}{}; good bids: {}{}", played,
                           is_best ? ", the best" : "; best " + best, good,
                           b.settled ? "" : " (not settled at the layout cap)");
    }
    if (b.flag == FlagClass::CloseCall && is_best) {
        return fmt::format(
            "close call: {}, the best estimate, but the layouts cannot tell whether "
            "another bid is better by a class or more; good bids: {}",
            played, good);
    }
    // The interval that spans classes runs over every bid's difference with this one, not only
    // the best's (a 9.0 ± 0.0 against the best can be one of them): said so.
    if (b.flag == FlagClass::CloseCall) {
        return fmt::format(
            "close call: {} instead of {}: {}, {} ({} points better); against {} or another "
            "bid near it, the layouts cannot tell whether {} costs a little or a lot; good "
            "bids: {}",
            to_string(b.bid), to_string(b.best), played, best,
            with_error(b.shortfall(), b.shortfall_error), to_string(b.best), to_string(b.bid),
            good);
    }
    return fmt::format("{}: {} instead of {}: {}, {} ({} points better)", class_name(b.flag),
                       to_string(b.bid), to_string(b.best), played, best,
                       with_error(b.shortfall(), b.shortfall_error));
}

// A pass's verdict by points, as a bid's (bid_points_verdict): a close call on the pass of the
// best estimate says why it is one, not "0.0 ± 0.0 points better".
std::string pass_points_verdict(const PassDecision& p) {
    if (p.flag == FlagClass::None) return "fine";
    if (p.flag == FlagClass::CloseCall && p.best == p.passed) {
        return "close call: the best estimate, but the layouts cannot tell whether another pass "
               "is better by a class or more";
    }
    return fmt::format("{}: {} expected {} ({} points better{})", class_name(p.flag),
                       to_string(p.best), signed_points(p.best_expected),
                       with_error(p.shortfall(), p.shortfall_error),
                       p.flag == FlagClass::CloseCall
                           ? "; the layouts cannot tell whether that costs a little or a lot"
                           : "");
}

// One bid: the layouts, every option with its ±, and the verdict.
void format_bid(const BidDecision& b, const RecordedGame& game, const Line& line) {
    // How often the bid made it, then what the partnership takes; the chance of keeping a nil
    // is the bid's own only when it is a nil (said first, as "kept in").
    const std::string made = bid_made_text(b);
    line(fmt::format("  {} bid {}: {}{}{}", player_label(game, b.seat), to_string(b.bid),
                     made.empty() ? "" : made + "; ", distribution_line(b.tricks),
                     unsettled_note(b.unsettled_nils, "layouts")));
    line(fmt::format("      each bid's expected points over {}, with its ±:",
                     count_of(b.samples, "sampled layout")));
    std::string options;
    int on_line = 0;
    for (const BidOption& o : b.options) {
        if (on_line == 6) {
            line("      " + options);
            options.clear();
            on_line = 0;
        }
        options += fmt::format("{}{} {} ± {:.1f}", on_line ? " · " : "", to_string(o.bid),
                               signed_points(o.expected), o.error);
        if (b.settled_out(o)) options += fmt::format(" ({} layouts)", o.samples);
        if (o.chance) {
            options +=
                fmt::format(" ({:.0f}% ± {:.0f} to win)", 100 * *o.chance, 100 * o.chance_error);
        }
        ++on_line;
    }
    if (!options.empty()) line("      " + options);
    std::string good;
    for (Bid g : b.good) good += (good.empty() ? "" : ", ") + to_string(g);
    if (b.best_chance) {
        line("      " + bid_chance_verdict(b, good));
    } else {
        line("      " + bid_points_verdict(b, good));
    }
}

// Par, the passes and the bids of one hand.
void format_bidding(const HandReview& h, const RecordedGame& game, const Line& line) {
    const Par& par = h.bidding.par;
    std::string nils;
    for (const Par::Nil& n : par.nils) {
        nils += fmt::format("; {} nil {}", seat_letter(n.seat),
                            n.kept ? "could be kept" : "could not be kept");
    }
    line(fmt::format("  Par (double dummy, both sides playing for tricks): NS {}, EW {}{}",
                     par.tricks[0], par.tricks[1], nils));
    for (const PassDecision& p : h.bidding.passes) {
        std::string verdict = pass_points_verdict(p);
        if (p.best_chance) {
            verdict = fmt::format(
                "{}: {} ({} points in this hand against {}'s {})",
                p.flag == FlagClass::None ? "fine" : class_name(p.flag),
                p.flag == FlagClass::None
                    ? fmt::format("chance to win the game {:.0f}%", 100 * *p.played_chance)
                    : "the chance to win the game went " +
                          chance_change(*p.best_chance, *p.played_chance, p.chance_error),
                signed_points(p.played_expected), to_string(p.best),
                signed_points(p.best_expected));
        }
        line(fmt::format("  {} passed {}: expected {}; {} ({}){}", player_label(game, p.seat),
                         to_string(p.passed), signed_points(p.played_expected), verdict,
                         count_of(p.samples, "sampled layout"),
                         unsettled_note(p.unsettled_nils, "solves")));
    }
    for (const BidDecision& b : h.bidding.bids) format_bid(b, game, line);
}

// The flagged cards of one hand.
void format_play(const PlayReview& play, const RecordedGame& game, const Line& line) {
    int flags = 0;
    int unvalued = 0;
    for (const CardReview& c : play.cards) {
        if (c.irregular) {
            line(fmt::format("  Trick {}: {} played {}, against the rules of play (not valued)",
                             c.trick + 1, player_label(game, c.seat), to_string(c.played)));
            continue;
        }
        if (!c.score_valued) ++unvalued;
        if (c.flag == FlagClass::None) continue;
        ++flags;
        // cost_tricks is against the most tricks any card kept, so it is never negative.
        std::string tricks = c.cost_tricks() == 0   ? "no trick"
                             : c.cost_tricks() == 1 ? "1 trick"
                                                    : fmt::format("{} tricks", c.cost_tricks());
        const std::string chance =
            c.best_chance ? fmt::format("; the chance to win the game went from {:.0f}% to {:.0f}%",
                                        100 * *c.best_chance, 100 * *c.played_chance)
                          : "";
        const std::vector<Card> instead = cards_to_play(c);
        const std::string play = any_other_card(c, instead) ? "any other card was better"
                                 : instead.empty()          ? "another card was better"
                                                   : "the card to play was " + cards_or(instead);
        line(fmt::format("  Trick {}: {} played {}, {}: {}; {} cost {} and {}{}", c.trick + 1,
                         player_label(game, c.seat), to_string(c.played),
                         with_article(class_name(c.flag)), play, to_string(c.played),
                         count_of(c.cost_points(), "point"), tricks, chance));
    }
    if (flags == 0) line("  Play: no card cost points.");
    if (unvalued > 0) {
        line(
            fmt::format("  Play: the score of {} card{} not valued (the search passed its budget "
                        "of positions; tricks are exact, no flag given)",
                        unvalued, unvalued == 1 ? " was" : "s were"));
    }
}

// Each player's tallies: the play's, the bid flags, or both, as reviewed.
void format_players(const GameReview& review, const RecordedGame& game, const Line& line) {
    const bool play = review.parts != ReviewParts::Bids;
    const bool bids = review.parts != ReviewParts::Play;
    // The first column as wide as the longest name: a name is never cut.
    std::size_t width = 16;
    for (Seat s : kAllSeats) width = std::max(width, display_width(player_label(game, s)) + 1);
    auto padded = [&](const std::string& text) {
        return text + std::string(width - std::min(width, display_width(text)), ' ');
    };
    line(fmt::format("{}{}{}", padded("Players"),
                     play ? " cards  decisions  accuracy  inaccuracies  mistakes  blunders" : "",
                     bids ? "  bid flags" : ""));
    for (Seat s : kAllSeats) {
        const PlayStats& p = review.seats[index(s)];
        std::string row = padded(player_label(game, s));
        if (play) {
            row += fmt::format(" {:>6} {:>10} {:>8.1f}% {:>13} {:>9} {:>9}", p.cards, p.decisions,
                               p.accuracy() * 100, p.inaccuracies, p.mistakes, p.blunders);
        }
        if (bids) row += fmt::format(" {:>10}", review.bid_flags[index(s)]);
        line(row);
    }
}

}  // namespace

std::string format_review(const GameReview& review, const RecordedGame& game) {
    std::string out;
    Line line = [&](const std::string& s) { out += s + "\n"; };
    line(fmt::format("Review: {}{}{} (rules: {}), {}", game.event.empty() ? "game" : game.event,
                     game.date.empty() ? "" : ", ", formats::shown_date(game.date),
                     spell_rules(game.rules),
                     count_of(static_cast<long long>(game.hands.size()), "hand")));
    if (review.grade == Grade::Game) {
        const char* what = review.parts == ReviewParts::Play   ? "Cards"
                           : review.parts == ReviewParts::Bids ? "Bids and passes"
                                                               : "Cards, bids and passes";
        line(
            fmt::format("{} graded by the chance of winning the game they lose; the points they "
                        "lose in the hand beside it.",
                        what));
    }
    if (!review.grade_note.empty()) line(review.grade_note);
    for (const HandReview& h : review.hands) {
        const RecordedHand& rh = game.hands[h.hand];
        line("");
        line(fmt::format("Hand {} (dealer {}; before: NS {} with {}, EW {} with {})", h.hand + 1,
                         seat_letter(rh.dealer), h.before[0].score,
                         count_of(h.before[0].bags, "bag"), h.before[1].score,
                         count_of(h.before[1].bags, "bag")));
        if (review.parts == ReviewParts::Play) {
            line("  Bids not reviewed (only the play was asked for).");
        } else {
            format_bidding(h, game, line);
        }
        if (review.parts == ReviewParts::Bids && !rh.cards.empty()) {
            line("  Play not reviewed (only the bids were asked for).");
        } else if (!h.play) {
            line("  No cards played.");
        } else {
            format_play(*h.play, game, line);
        }
    }
    line("");
    format_players(review, game, line);
    return out;
}

StoredReview to_stored_review(formats::GameId id, const GameReview& review,
                              const RecordedGame& game) {
    StoredReview s;
    s.game = id;
    s.settings = review.settings_key;
    s.version = review.version;
    s.json = review_to_json(review, game);
    for (Seat seat : kAllSeats) {
        const PlayStats& p = review.seats[index(seat)];
        s.seats[index(seat)] = {seat,
                                game.players[index(seat)],
                                p.cards,
                                p.decisions,
                                p.kept_best,
                                p.inaccuracies,
                                p.mistakes,
                                p.blunders,
                                p.points_lost,
                                review.bid_flags[index(seat)],
                                p.chance_lost + review.bid_chance_lost[index(seat)]};
    }
    return s;
}

}  // namespace spadework::analyzer
