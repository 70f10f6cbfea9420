// The solver's golden records: tests/data/solver/golden.txt (written by make_golden.cpp, its
// header describes the format) holds positions of every preset, 52 and 48 cards, openings and
// mid-hand (mid-trick too), with the expected answer of each objective asked: the total and
// every legal card's value. Each record is replayed as `spadework solve` replays its options
// and solved on a fresh Solver, then again on one Solver kept across all the records (what the
// table learnt from other positions must not change an answer); every answer must be exactly
// the one written. A mismatch names the file and line of the answer that differs.
#include <array>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <catch2/catch.hpp>

#include "spadework/engine/card.h"
#include "spadework/engine/deal.h"
#include "spadework/engine/error.h"
#include "spadework/engine/hand.h"
#include "spadework/engine/rules.h"
#include "spadework/engine/scoring.h"
#include "spadework/engine/solver.h"

using namespace spadework;

namespace {

const std::string kGoldenFile = SPADEWORK_GOLDEN_FILE;

// One expected answer and the line it is written on.
struct Expected {
    int line = 0;
    Objective objective = Objective::Tricks;
    std::optional<Seat> nil_seat;
    int total = 0;      // Tricks: total tricks; Score: the score
    bool kept = false;  // Nil
    std::vector<CardValue> cards;
};

struct Record {
    int line = 0;  // of its deal line
    std::vector<std::string> keys_seen;
    RuleSet rules;
    bool has_rules = false;
    Deal deal;
    std::optional<Seat> leader;
    std::vector<Card> played;
    std::array<Bid, 4> bids{Bid::tricks(1), Bid::tricks(1), Bid::tricks(1), Bid::tricks(1)};
    Standings before{};
    std::vector<Expected> answers;
};

std::string where(int line) {
    return kGoldenFile + ":" + std::to_string(line) + ": ";
}

using Fields = std::vector<std::string>;

// --- Reading ------------------------------------------------------------------------------

void need(bool ok, const std::string& what) {
    if (!ok) throw Error(what);
}

int read_int(const std::string& text) {
    std::size_t used = 0;
    int v = std::stoi(text, &used);
    need(used == text.size(), "expected a number, not " + text);
    return v;
}

void read_deal(Record& r, const Fields& f) {
    need(f.size() == 4, "deal: expected four hands, N:<N> <E> <S> <W>");
    r.deal = parse_pbn(f[0] + " " + f[1] + " " + f[2] + " " + f[3]);
}

void read_rules(Record& r, const Fields& f) {
    need(!f.empty(), "rules: expected a preset");
    r.rules = make_rules(f[0], Fields(f.begin() + 1, f.end()));
    r.has_rules = true;
}

void read_leader(Record& r, const Fields& f) {
    need(f.size() == 1, "leader: expected one seat");
    r.leader = parse_seat(f[0]);
}

// Cards, with `|` only where a trick ends.
void read_played(Record& r, const Fields& f) {
    for (const std::string& w : f) {
        if (w == "|") {
            need(!r.played.empty() && r.played.size() % 4 == 0, "played: '|' within a trick");
        } else {
            r.played.push_back(parse_card(w));
        }
    }
}

void read_bids(Record& r, const Fields& f) {
    need(f.size() == 4, "bids: expected N=BID E=BID S=BID W=BID");
    std::array<bool, 4> seen{};
    for (const std::string& w : f) {
        auto eq = w.find('=');
        need(eq != std::string::npos, "bids: expected SEAT=BID, not " + w);
        Seat s = parse_seat(w.substr(0, eq));
        need(!seen[index(s)], "bids: a seat given twice");
        seen[index(s)] = true;
        r.bids[index(s)] = parse_bid(w.substr(eq + 1));
    }
}

void read_before(Record& r, const Fields& f) {
    need(f.size() == 2, "before: expected NS=SCORE/BAGS EW=SCORE/BAGS");
    for (const std::string& w : f) {
        auto eq = w.find('=');
        auto slash = w.find('/');
        need(eq != std::string::npos && slash != std::string::npos && slash > eq,
             "before: expected TEAM=SCORE/BAGS, not " + w);
        TeamStanding& t = r.before[index(parse_team(w.substr(0, eq)))];
        t.score = read_int(w.substr(eq + 1, slash - eq - 1));
        t.bags = read_int(w.substr(slash + 1));
    }
}

bool read_kept(const std::string& text) {
    need(text == "kept" || text == "broken", "expected kept or broken, not " + text);
    return text == "kept";
}

// The answer's fields after its total: CARD=VALUE for every legal card.
void read_cards(Expected& e, const Fields& f, std::size_t from) {
    for (std::size_t i = from; i < f.size(); ++i) {
        auto eq = f[i].find('=');
        need(eq != std::string::npos, "expected CARD=VALUE, not " + f[i]);
        CardValue v;
        v.card = parse_card(f[i].substr(0, eq));
        std::string value = f[i].substr(eq + 1);
        if (e.objective == Objective::Tricks) v.total_tricks = read_int(value);
        if (e.objective == Objective::Nil) v.nil_kept = read_kept(value);
        if (e.objective == Objective::Score) v.score = read_int(value);
        e.cards.push_back(v);
    }
    need(!e.cards.empty(), "an answer without the value of any card");
}

void read_answer(Record& r, const Fields& f, Objective objective, int line) {
    Expected e;
    e.line = line;
    e.objective = objective;
    if (objective == Objective::Nil) {
        need(f.size() >= 2, "nil: expected SEAT kept|broken CARD=VALUE...");
        e.nil_seat = parse_seat(f[0]);
        e.kept = read_kept(f[1]);
        read_cards(e, f, 2);
    } else {
        need(!f.empty(), "expected a total then CARD=VALUE...");
        e.total = read_int(f[0]);
        read_cards(e, f, 1);
    }
    r.answers.push_back(std::move(e));
}

// The keys of a record, one row each.
struct Key {
    std::string_view name;
    void (*read)(Record&, const Fields&, int line);
};

const Key kKeys[] = {
    {"deal", [](Record& r, const Fields& f, int) { read_deal(r, f); }},
    {"rules", [](Record& r, const Fields& f, int) { read_rules(r, f); }},
    {"leader", [](Record& r, const Fields& f, int) { read_leader(r, f); }},
    {"played", [](Record& r, const Fields& f, int) { read_played(r, f); }},
    {"bids", [](Record& r, const Fields& f, int) { read_bids(r, f); }},
    {"before", [](Record& r, const Fields& f, int) { read_before(r, f); }},
    {"tricks", [](Record& r, const Fields& f, int l) { read_answer(r, f, Objective::Tricks, l); }},
    {"nil", [](Record& r, const Fields& f, int l) { read_answer(r, f, Objective::Nil, l); }},
    {"score", [](Record& r, const Fields& f, int l) { read_answer(r, f, Objective::Score, l); }},
};

void finish(std::vector<Record>& records, std::optional<Record>& r) {
    if (!r) return;
    auto missing = [&](bool ok, const char* what) {
        if (!ok) throw Error(where(r->line) + "the record has no " + what);
    };
    missing(r->has_rules, "rules line");
    missing(r->leader.has_value(), "leader line");
    missing(!r->answers.empty(), "answer");
    records.push_back(std::move(*r));
    r.reset();
}

// Every record of the file. Throws Error naming the file and line of the first fault.
std::vector<Record> read_golden() {
    std::ifstream in(kGoldenFile);
    if (!in) throw Error("cannot read " + kGoldenFile);
    std::vector<Record> records;
    std::optional<Record> current;
    int line_no = 0;
    for (std::string line; std::getline(in, line);) {
        ++line_no;
        if (!line.empty() && line[0] == '#') continue;
        std::istringstream words(line);
        Fields f;
        for (std::string w; words >> w;) f.push_back(w);
        if (f.empty()) {
            finish(records, current);
            continue;
        }
        std::string key = f.front();
        f.erase(f.begin());
        try {
            if (key == "deal") {
                finish(records, current);
                current.emplace();
                current->line = line_no;
            }
            if (!current) throw Error("a record begins with its deal line");
            const Key* k = nullptr;
            for (const Key& row : kKeys) {
                if (row.name == key) k = &row;
            }
            if (!k) throw Error("unknown key '" + key + "'");
            for (const std::string& seen : current->keys_seen) {
                if (seen == key) throw Error("'" + key + "' given twice in one record");
            }
            current->keys_seen.push_back(key);
            k->read(*current, f, line_no);
        } catch (const std::exception& e) {
            throw Error(where(line_no) + e.what());
        }
    }
    finish(records, current);
    return records;
}

const std::vector<Record>& golden() {
    static const std::vector<Record> records = read_golden();
    return records;
}

// --- Replaying ----------------------------------------------------------------------------

// The position as `spadework solve` builds it: the deal at play, the bids from the leader
// round (passes and exchanges are over, so they are turned off), every card played checked.
Position replay(const Record& r) {
    if (auto bad = check_deal(r.deal, r.rules.deck())) throw Error("deal: " + *bad);
    RuleSet at_play = r.rules;
    at_play.pass_cards = 0;
    at_play.blind_nil_exchange = 0;
    HandState st(at_play, next(*r.leader, 3), r.deal);
    for (int k = 0; k < 4; ++k) {
        Seat s = next(*r.leader, k);
        if (auto bad = st.check_bid(s, r.bids[index(s)])) throw Error("bids: " + bad->message);
        st.bid(s, r.bids[index(s)]);
    }
    if (st.to_act() != *r.leader) throw Error("leader: the 2C holder leads");
    for (Card c : r.played) {
        if (st.phase() != Phase::Play) throw Error("played: the hand is over");
        if (auto bad = st.check_play(c)) throw Error("played: " + bad->message);
        st.play(c);
    }
    if (st.phase() != Phase::Play) throw Error("played: every card has been played");
    Position p = position_of(st);
    p.rules = r.rules;  // the scoring keys of the rule set, pass and exchange included
    return p;
}

std::string value_text(Objective objective, int total, bool kept) {
    if (objective == Objective::Nil) return kept ? "kept" : "broken";
    return std::to_string(total);
}

std::string cards_text(const std::vector<CardValue>& cards, Objective objective) {
    std::string out;
    for (const CardValue& c : cards) {
        int v = objective == Objective::Tricks ? c.total_tricks : c.score;
        out += " " + to_string(c.card) + "=" + value_text(objective, v, c.nil_kept);
    }
    return out;
}

// What differs between an expected answer and the solver's, one line each.
std::vector<std::string> differences(const Expected& e, const SolveResult& got) {
    std::vector<std::string> out;
    const char* name = e.objective == Objective::Tricks ? "tricks"
                       : e.objective == Objective::Nil  ? "nil"
                                                        : "score";
    std::string at = where(e.line) + name + ": ";
    int total = e.objective == Objective::Tricks ? got.total_tricks : got.score;
    if (e.objective == Objective::Nil ? got.nil_kept != e.kept : total != e.total) {
        out.push_back(at + "expected " + value_text(e.objective, e.total, e.kept) + ", got " +
                      value_text(e.objective, total, got.nil_kept));
    }
    bool same_cards = got.cards.size() == e.cards.size();
    for (std::size_t i = 0; same_cards && i < e.cards.size(); ++i) {
        same_cards = got.cards[i].card == e.cards[i].card;
    }
    if (!same_cards) {
        out.push_back(at + "expected the cards" + cards_text(e.cards, e.objective) + ", got" +
                      cards_text(got.cards, e.objective));
        return out;
    }
    for (std::size_t i = 0; i < e.cards.size(); ++i) {
        const CardValue& want = e.cards[i];
        const CardValue& have = got.cards[i];
        bool same = e.objective == Objective::Tricks ? want.total_tricks == have.total_tricks
                    : e.objective == Objective::Nil  ? want.nil_kept == have.nil_kept
                                                     : want.score == have.score;
        if (!same) {
            int w = e.objective == Objective::Tricks ? want.total_tricks : want.score;
            int h = e.objective == Objective::Tricks ? have.total_tricks : have.score;
            out.push_back(at + to_string(want.card) + " expected " +
                          value_text(e.objective, w, want.nil_kept) + ", got " +
                          value_text(e.objective, h, have.nil_kept));
        }
    }
    return out;
}

// Every answer of the record on `solver`: what differs, each naming its line.
std::vector<std::string> check_record(Solver& solver, const Record& r) {
    std::vector<std::string> out;
    Position p;
    try {
        p = replay(r);
    } catch (const std::exception& e) {
        return {where(r.line) + "the record does not replay: " + e.what()};
    }
    for (const Expected& e : r.answers) {
        SolveResult got;
        try {
            switch (e.objective) {
                case Objective::Tricks:
                    got = solver.solve_tricks(p);
                    break;
                case Objective::Nil:
                    got = solver.solve_nil(p, *e.nil_seat);
                    break;
                case Objective::Score:
                    got = solver.solve_score(p, r.before);
                    break;
            }
        } catch (const std::exception& ex) {
            out.push_back(where(e.line) + "the solver threw: " + ex.what());
            continue;
        }
        for (std::string& d : differences(e, got)) out.push_back(std::move(d));
    }
    return out;
}

// Checks every record, each on the solver `solver_for` gives it; reports each difference.
template <class SolverFor>
void check_all(SolverFor solver_for) {
    const std::vector<Record>& records = golden();
    int answers = 0;
    int wrong = 0;
    for (const Record& r : records) {
        answers += static_cast<int>(r.answers.size());
        for (const std::string& d : check_record(solver_for(), r)) {
            ++wrong;
            FAIL_CHECK(d);
        }
    }
    INFO(records.size() << " records, " << answers << " answers");
    CHECK(records.size() >= 40);
    CHECK(wrong == 0);
}

}  // namespace

TEST_CASE("golden records: the file reads and holds every objective", "[solver][golden]") {
    std::vector<Record> records;
    REQUIRE_NOTHROW(records = read_golden());
    std::array<int, 3> per_objective{};
    for (const Record& r : records) {
        for (const Expected& e : r.answers) ++per_objective[static_cast<std::size_t>(e.objective)];
    }
    CHECK(records.size() >= 40);
    CHECK(per_objective[0] > 0);
    CHECK(per_objective[1] > 0);
    CHECK(per_objective[2] > 0);
}

TEST_CASE("golden records: every answer on a fresh solver", "[solver][golden]") {
    std::optional<Solver> solver;
    check_all([&]() -> Solver& { return solver.emplace(); });
}

// The search is built twice on x86-64 (engine/src/solver/isa.h); the tests above ran the build
// the processor gets, this one the other where they differ.
TEST_CASE("golden records: every answer on the portable build of the search", "[solver][golden]") {
    SolverOptions portable;
    portable.portable = true;
    CHECK(std::string(solver_build(portable)) == "portable");
    INFO("the default build here: " << solver_build());
    std::optional<Solver> solver;
    check_all([&]() -> Solver& { return solver.emplace(portable); });
}

TEST_CASE("golden records: every answer on one solver kept across the records",
          "[solver][golden]") {
    Solver solver;
    check_all([&]() -> Solver& { return solver; });
}

TEST_CASE("golden records: a wrong expected value is reported with its line", "[solver][golden]") {
    // The checker itself must be able to fail: the first record with one card's value off.
    Record r = golden().front();
    Expected& e = r.answers.front();
    CardValue& c = e.cards.front();
    c.total_tricks += 1;
    c.nil_kept = !c.nil_kept;
    c.score += 1;
    Solver solver;
    std::vector<std::string> found = check_record(solver, r);
    REQUIRE(found.size() == 1);
    CHECK_THAT(found[0], Catch::StartsWith(where(e.line)) &&
                             Catch::Contains(to_string(c.card) + " expected"));
}
