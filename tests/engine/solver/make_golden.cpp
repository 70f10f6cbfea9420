// make_golden: writes the solver's golden records, tests/data/solver/golden.txt (its header,
// kHeader below, describes the format), which test_solver_golden.cpp replays.
//
// Usage, from the repository root:
//     cmake --build build --target make_golden
//     build/tests/engine/solver/make_golden tests/data/solver/golden.txt
//
// When to run it: only when a change of the rules (a preset's keys, the scoring) or of the
// file's format means the expected answers change; then read the diff, record by record.
// Never to make a failing golden test pass: a failure means the search now gives another
// answer somewhere, and the change of the search is what is wrong until shown otherwise
// (every tricks answer DDS can check was checked when the file was written).
//
// How: each row of kSpecs names a rule set, where in the hand the position stands, the
// objectives answered and what the position must show (a nil still standing and kept, a bag
// penalty that changes the score, ...). A seeded random hand (reference.h's random_hand:
// dealer, passes, bids, blind nil exchange and legal cards all drawn from the seed) is played
// to that point, from the row's seed and then the next seeds until one shows it. The record is
// replayed from what the file will hold, exactly as the test replays it, and solved with a
// fresh Solver; every tricks answer where DDS applies (spades_lead=anytime, or spades already
// broken, where Spades is bridge with spades trump) is checked with dds_solve. The file is
// written only if every row found its record and DDS agreed with every answer checked; the
// choice of records depends only on the answers, never on the solver's speed.
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "dds_oracle.h"
#include "reference.h"
#include "spadework/engine/card.h"
#include "spadework/engine/deal.h"
#include "spadework/engine/error.h"
#include "spadework/engine/hand.h"
#include "spadework/engine/rules.h"
#include "spadework/engine/scoring.h"
#include "spadework/engine/solver.h"

using namespace spadework;

namespace {

constexpr const char* kHeader =
    R"(# Golden records of Spadework's double-dummy solver (engine/include/spadework/engine/
# solver.h): positions with the expected answer of each objective asked, in the manner of
# DDS's hands/ files. tests/engine/solver/test_solver_golden.cpp replays every record on a
# fresh Solver and on one Solver kept across all the records, and checks every answer exactly.
#
# Written by tests/engine/solver/make_golden.cpp: do not edit by hand. Regenerate only when a
# change of the rules or of this format means the expected answers change, and read the diff:
#     cmake --build build --target make_golden
#     build/tests/engine/solver/make_golden tests/data/solver/golden.txt
# Never regenerate to make a failing test pass: a failure means the search gives another answer.
# Every tricks answer where DDS applies (spades_lead=anytime, or spades already broken) agreed
# with DDS when the file was written.
#
# Format. A line starting with '#' is a comment; a blank line ends a record. A record is a few
# lines, each a key and its fields separated by spaces. It begins with `deal`; each key appears
# at most once. The position, as `spadework solve` takes it:
#   deal    N:<N> <E> <S> <W>         the hands as play began (after any pass or blind nil
#                                     exchange), PBN: spades.hearts.diamonds.clubs
#   rules   PRESET [KEY=VALUE]...     a preset and its overrides, as `spadework rules` names them
#   leader  SEAT                      the seat that led the first trick: N, E, S or W
#   played  CARD... [| CARD...]...    optional: the cards played since, in order, `|` between
#                                     tricks (the last group may be a trick in progress)
#   bids    N=BID E=BID S=BID W=BID   optional, 1 each when absent: a number, nil or bnil
#   before  NS=SCORE/BAGS EW=SCORE/BAGS   optional, 0/0 when absent: the standings before the
#                                     hand, which the score objective counts bags from
# Then at least one answer, each for the player to play now, followed by the value of every
# legal card of that player (spades, hearts, diamonds, clubs; high to low), as the Solver gives
# them:
#   tricks  TOTAL CARD=TOTAL...       the most tricks the side to play ends the hand with (the
#                                     tricks it already holds included)
#   nil     SEAT kept|broken CARD=kept|broken...   whether SEAT's nil (bid nil or bnil) is kept
#                                     when SEAT and partner keep it and the opponents break it
#   score   POINTS CARD=POINTS...     this hand's points of the side to play minus the
#                                     opponents', under best play for that difference
# The comment before each record says where the position stands and what it shows.
)";

enum Objectives : unsigned { kTricks = 1, kNil = 2, kScore = 4 };

// What a position must show to be kept.
enum class Want {
    Any,
    NilStanding,  // a nil bid not broken yet
    NilKept,      // ... and kept under best play
    NilBroken,    // ... and broken under best play
    BlindNil,     // a blind nil not broken yet
    BagPenalty,   // the score, or a card's, differs from the same position with no bags before
    Honours,      // the score, or a card's, differs with honours_points=0
};

struct Spec {
    const char* rules;  // a preset and overrides, as the file's rules line
    int cards_left;     // cards each hand holds when the position's trick begins
    int into_trick;     // cards of that trick already played
    unsigned objectives;
    Want want;
    std::uint64_t seed;  // the first seed tried
};

// The records, in the file's order: first tricks only (openings and mid-hand, every preset),
// then nils, then scores. Openings are solved for tricks only, where the solver is quick;
// nil and score positions stand 7 to 9 tricks from the end, where they are quick too.
const Spec kSpecs[] = {
    // Tricks where DDS applies throughout: spades may be led at any time.
    {"classic spades_lead=anytime", 13, 0, kTricks, Want::Any, 101},
    {"classic spades_lead=anytime", 13, 0, kTricks, Want::Any, 102},
    {"classic spades_lead=anytime deck=48", 12, 0, kTricks, Want::Any, 103},
    {"computer", 13, 0, kTricks, Want::Any, 104},
    {"classic spades_lead=anytime", 12, 1, kTricks, Want::Any, 105},
    {"classic spades_lead=anytime", 11, 0, kTricks, Want::Any, 106},
    {"classic spades_lead=anytime", 10, 2, kTricks, Want::Any, 107},
    {"classic spades_lead=anytime", 10, 3, kTricks, Want::Any, 108},
    {"classic spades_lead=anytime deck=48", 10, 1, kTricks, Want::Any, 109},
    {"classic spades_lead=anytime deck=48", 10, 3, kTricks, Want::Any, 110},
    {"computer", 11, 2, kTricks, Want::Any, 111},
    // Tricks under the spades-broken rule, the 2C lead and the other presets' play.
    {"classic", 13, 0, kTricks, Want::Any, 201},
    {"classic first_lead=two_of_clubs", 13, 1, kTricks, Want::Any, 202},
    {"classic first_lead=two_of_clubs", 13, 3, kTricks, Want::Any, 203},
    {"classic", 11, 3, kTricks, Want::Any, 204},
    {"casual", 11, 0, kTricks, Want::Any, 205},
    {"casual", 10, 2, kTricks, Want::Any, 206},
    {"leaflet", 11, 1, kTricks, Want::Any, 207},
    {"paperless", 12, 0, kTricks, Want::Any, 208},
    {"paperless", 11, 2, kTricks, Want::Any, 209},
    {"paperless", 10, 0, kTricks, Want::Any, 210},
    // Nils, kept and broken.
    {"classic", 9, 0, kTricks | kNil, Want::NilKept, 301},
    {"classic", 9, 1, kTricks | kNil, Want::NilBroken, 302},
    {"classic spades_lead=anytime", 9, 1, kTricks | kNil, Want::NilKept, 303},
    {"computer", 9, 2, kTricks | kNil, Want::BlindNil, 304},
    {"casual", 9, 1, kNil, Want::NilBroken, 305},
    {"leaflet", 9, 3, kNil, Want::NilKept, 306},
    {"paperless", 8, 0, kTricks | kNil, Want::NilKept, 307},
    {"paperless", 9, 2, kNil, Want::NilBroken, 308},
    // Scores: bag penalties in play, nils, Paperless honours and points.
    {"classic", 8, 0, kTricks | kScore, Want::BagPenalty, 401},
    {"classic", 8, 2, kScore, Want::BagPenalty, 402},
    {"classic spades_lead=anytime deck=48", 7, 0, kTricks | kScore, Want::BagPenalty, 403},
    {"leaflet", 8, 1, kScore, Want::BagPenalty, 404},
    {"casual", 8, 0, kScore, Want::BagPenalty, 405},
    {"classic", 8, 1, kNil | kScore, Want::NilStanding, 406},
    {"computer", 8, 2, kScore, Want::BlindNil, 407},
    {"paperless", 8, 0, kTricks | kScore, Want::Honours, 408},
    {"paperless", 9, 1, kScore, Want::Honours, 409},
    {"paperless", 7, 3, kScore, Want::Honours, 410},
    {"paperless", 8, 2, kNil | kScore, Want::NilStanding, 411},
    {"classic first_lead=two_of_clubs", 8, 2, kScore, Want::Any, 412},
};

constexpr int kMaxAttempts = 2000;

// A record as the file holds it, and its answers.
struct Record {
    std::string rules_text;
    RuleSet rules;
    Deal deal;  // as play began
    Seat leader = Seat::North;
    std::vector<Card> played;
    std::array<Bid, 4> bids{};
    Standings before{};
    std::optional<Seat> nil_seat;
    std::optional<SolveResult> tricks, nil, score;
    std::uint64_t seed = 0;  // of the random hand
    std::string note;        // the comment line's description
};

RuleSet rules_of(const std::string& text) {
    std::istringstream words(text);
    std::string name;
    words >> name;
    std::vector<std::string> overrides;
    for (std::string w; words >> w;) overrides.push_back(w);
    return make_rules(name, overrides);
}

// The position the record describes, built as the test builds it (and as `spadework solve`
// does): the deal at play, the bids from the leader round, each card played checked. Passes
// and exchanges are over, so the hand starts at its bidding with them turned off.
HandState replay_state(const Record& r) {
    RuleSet at_play = r.rules;
    at_play.pass_cards = 0;
    at_play.blind_nil_exchange = 0;
    HandState st(at_play, next(r.leader, 3), r.deal);
    for (int k = 0; k < 4; ++k) st.bid(next(r.leader, k), r.bids[index(next(r.leader, k))]);
    if (st.to_act() != r.leader) throw Error("replay: the leader does not lead");
    for (Card c : r.played) st.play(c);
    return st;
}

Position replay(const Record& r) {
    Position p = position_of(replay_state(r));
    p.rules = r.rules;
    return p;
}

std::optional<Seat> standing_nil(const Record& r, const Position& p, bool blind_only) {
    for (Seat s : kAllSeats) {
        Bid b = r.bids[index(s)];
        bool fits = blind_only ? b.kind() == Bid::Kind::BlindNil : b.is_nil();
        if (fits && p.tricks_taken[index(s)] == 0) return s;
    }
    return std::nullopt;
}

// Scores and bags before the hand: bags a few short of the limit (when bags count), so that
// overtricks may bring a penalty.
Standings standings_of(const RuleSet& rules, std::uint64_t seed) {
    SplitMix64 rng(seed * 31 + 7);
    Standings st;
    for (TeamStanding& t : st) {
        if (rules.counts_bags()) {
            t.bags = rules.bag_limit - 1 - static_cast<int>(rng.below(3));
            t.score = 10 * static_cast<int>(rng.below(40)) - 100 + t.bags;
        } else {
            t.score = static_cast<int>(rng.below(static_cast<std::uint64_t>(rules.target)));
        }
    }
    return st;
}

// The record of a seeded hand played to the spec's point (nothing solved yet).
Record record_of(const Spec& spec, std::uint64_t seed) {
    Record r;
    r.seed = seed;
    r.rules_text = spec.rules;
    r.rules = rules_of(spec.rules);
    reference::EndingShape shape;
    shape.cards_left = spec.cards_left;
    shape.into_trick = spec.into_trick;
    HandState st = reference::random_hand(r.rules, seed, shape);
    for (Seat s : kAllSeats) {
        r.deal[s] = st.held_at_play(s);
        r.bids[index(s)] = *st.bid_of(s);
    }
    r.leader = st.play_record().empty() ? st.to_act() : st.play_record().front().seat;
    for (const PlayedCard& pc : st.play_record()) r.played.push_back(pc.card);
    if (spec.objectives & kScore) r.before = standings_of(r.rules, seed);
    return r;
}

bool same_scores(const SolveResult& a, const SolveResult& b) {
    if (a.score != b.score || a.cards.size() != b.cards.size()) return false;
    for (std::size_t i = 0; i < a.cards.size(); ++i) {
        if (a.cards[i].score != b.cards[i].score) return false;
    }
    return true;
}

// Whether the cards' values differ: an answer where the choice of card matters guards more.
bool varied(const std::optional<SolveResult>& r) {
    if (!r) return true;
    for (const CardValue& c : r->cards) {
        const CardValue& first = r->cards.front();
        if (c.total_tricks != first.total_tricks || c.nil_kept != first.nil_kept ||
            c.score != first.score) {
            return true;
        }
    }
    return false;
}

// Whether the solved record shows what the spec wants (the extra solves on a fresh solver):
// always a card that matters in each answer, and the spec's own want.
bool shows(const Spec& spec, const Record& r, const Position& p) {
    if (!varied(r.tricks) || !varied(r.nil) || !varied(r.score)) return false;
    switch (spec.want) {
        case Want::Any:
        case Want::NilStanding:
        case Want::BlindNil:
            return true;
        case Want::NilKept:
            return r.nil && r.nil->nil_kept;
        case Want::NilBroken:
            return r.nil && !r.nil->nil_kept;
        case Want::BagPenalty: {
            Standings no_bags = r.before;
            for (TeamStanding& t : no_bags) t.bags = 0;
            return !same_scores(*r.score, Solver().solve_score(p, no_bags));
        }
        case Want::Honours: {
            Position without = p;
            without.rules.honours_points = 0;
            return !same_scores(*r.score, Solver().solve_score(without, r.before));
        }
    }
    return false;
}

std::string describe(const Spec& spec, const Record& r, const Position& p, bool dds) {
    std::ostringstream out;
    out << r.rules_text;
    if (r.rules_text.find("deck=") == std::string::npos)
        out << " (" << r.rules.deck_size << " cards)";
    out << ": ";
    if (r.played.empty()) {
        out << "the opening lead";
    } else {
        out << "trick " << p.tricks_played + 1 << " of " << r.rules.hand_size();
        if (!p.trick.empty()) out << ", " << p.trick.size() << " played to it";
    }
    out << "; " << seat_char(p.to_play) << " to play, spades "
        << (p.spades_broken ? "broken" : "not broken");
    if (r.nil_seat) {
        out << "; " << seat_char(*r.nil_seat) << "'s "
            << (r.bids[index(*r.nil_seat)] == Bid::blind_nil() ? "blind nil" : "nil")
            << " standing";
        if (r.nil) out << ", " << (r.nil->nil_kept ? "kept" : "broken") << " under best play";
    }
    if (spec.want == Want::BagPenalty) out << "; a bag penalty in play";
    if (spec.want == Want::Honours) out << "; the honours in play";
    out << "; random_hand seed " << r.seed;
    if (dds) out << "; tricks checked by DDS";
    return out.str();
}

// Empty when DDS agrees with our tricks answer; else both answers.
std::string dds_disagreement(const Position& p, const SolveResult& ours) {
    Position bridge = p;
    bridge.rules.spades_lead = SpadesLead::Anytime;  // the same play once spades are broken
    dds_oracle::DdsAnswer dds = dds_oracle::dds_solve(bridge);
    bool same = dds.total_tricks == ours.total_tricks && dds.cards.size() == ours.cards.size();
    for (std::size_t i = 0; same && i < dds.cards.size(); ++i) {
        same = dds.cards[i].card == ours.cards[i].card &&
               dds.cards[i].total_tricks == ours.cards[i].total_tricks;
    }
    if (same) return {};
    std::string dds_text = "total " + std::to_string(dds.total_tricks) + " cards";
    for (const CardValue& c : dds.cards) {
        dds_text += " " + to_string(c.card) + "=" + std::to_string(c.total_tricks);
    }
    return reference::describe(p) + "\n  ours " + reference::describe(ours) + "\n  DDS  " +
           dds_text;
}

struct Made {
    Record record;
    double ms = 0;
    std::string disagreement;  // with DDS, if any
};

// The first seed from the spec's on that gives a record showing what the spec wants.
std::optional<Made> make(const Spec& spec) {
    for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
        std::uint64_t seed = spec.seed + static_cast<std::uint64_t>(attempt);
        Made m;
        m.record = record_of(spec, seed);
        Record& r = m.record;
        if (replay_state(r).legal_cards().size() < 2) continue;  // no choice to value
        Position p = replay(r);
        bool needs_nil = (spec.objectives & kNil) || spec.want == Want::NilStanding ||
                         spec.want == Want::BlindNil;
        if (needs_nil) {
            r.nil_seat = standing_nil(r, p, spec.want == Want::BlindNil);
            if (!r.nil_seat) continue;
        }
        Solver solver;
        auto start = std::chrono::steady_clock::now();
        if (spec.objectives & kTricks) r.tricks = solver.solve_tricks(p);
        if (spec.objectives & kNil) r.nil = solver.solve_nil(p, *r.nil_seat);
        if (spec.objectives & kScore) r.score = solver.solve_score(p, r.before);
        m.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                   .count();
        if (!shows(spec, r, p)) continue;
        bool dds = r.tricks && (r.rules.spades_lead == SpadesLead::Anytime || p.spades_broken);
        if (dds) m.disagreement = dds_disagreement(p, *r.tricks);
        r.note = describe(spec, r, p, dds);
        return m;
    }
    return std::nullopt;
}

std::string played_text(const std::vector<Card>& played) {
    std::string out;
    for (std::size_t i = 0; i < played.size(); ++i) {
        if (i > 0) out += i % 4 == 0 ? " | " : " ";
        out += to_string(played[i]);
    }
    return out;
}

std::string signed_text(int v) {
    return v > 0 ? "+" + std::to_string(v) : std::to_string(v);
}

std::string answers_text(const Record& r) {
    std::string out;
    if (r.tricks) {
        out += "tricks  " + std::to_string(r.tricks->total_tricks);
        for (const CardValue& c : r.tricks->cards) {
            out += " " + to_string(c.card) + "=" + std::to_string(c.total_tricks);
        }
        out += "\n";
    }
    if (r.nil) {
        auto word = [](bool kept) { return kept ? "kept" : "broken"; };
        out += "nil     " + seat_letter(*r.nil->nil_seat) + " " + word(r.nil->nil_kept);
        for (const CardValue& c : r.nil->cards)
            out += " " + to_string(c.card) + "=" + word(c.nil_kept);
        out += "\n";
    }
    if (r.score) {
        out += "score   " + signed_text(r.score->score);
        for (const CardValue& c : r.score->cards) {
            out += " " + to_string(c.card) + "=" + signed_text(c.score);
        }
        out += "\n";
    }
    return out;
}

std::string record_text(int number, const Record& r) {
    std::string out = "# " + std::to_string(number) + ". " + r.note + "\n";
    out += "deal    " + to_pbn(r.deal, Seat::North) + "\n";
    out += "rules   " + r.rules_text + "\n";
    out += "leader  " + seat_letter(r.leader) + "\n";
    if (!r.played.empty()) out += "played  " + played_text(r.played) + "\n";
    out += "bids   ";
    for (Seat s : kAllSeats) {
        out += " " + seat_letter(s) + "=" + to_string(r.bids[index(s)]);
    }
    out += "\n";
    if (r.score) {
        out += "before ";
        for (Team t : kAllTeams) {
            out += " " + std::string(team_name(t)) + "=" +
                   std::to_string(r.before[index(t)].score) + "/" +
                   std::to_string(r.before[index(t)].bags);
        }
        out += "\n";
    }
    return out + answers_text(r);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: make_golden OUT (tests/data/solver/golden.txt)\n");
        return 2;
    }
    std::string text = kHeader;
    int failures = 0;
    double total_ms = 0;
    int number = 0;
    for (const Spec& spec : kSpecs) {
        ++number;
        std::optional<Made> m = make(spec);
        if (!m) {
            std::fprintf(stderr, "record %d (%s, seed %llu on): no seed in %d shows it\n", number,
                         spec.rules, static_cast<unsigned long long>(spec.seed), kMaxAttempts);
            ++failures;
            continue;
        }
        if (!m->disagreement.empty()) {
            std::fprintf(stderr, "record %d: the solver and DDS disagree\n  %s\n", number,
                         m->disagreement.c_str());
            ++failures;
        }
        total_ms += m->ms;
        std::fprintf(stderr, "%3d  %8.1f ms  %s\n", number, m->ms, m->record.note.c_str());
        text += "\n" + record_text(number, m->record);
    }
    std::fprintf(stderr, "%d records, %.1f ms of solving on fresh solvers\n", number, total_ms);
    if (failures > 0) {
        std::fprintf(stderr, "%d failure(s): %s not written\n", failures, argv[1]);
        return 1;
    }
    std::ofstream out(argv[1], std::ios::binary);
    out << text;
    if (!out.flush()) {
        std::fprintf(stderr, "cannot write %s\n", argv[1]);
        return 1;
    }
    return 0;
}
