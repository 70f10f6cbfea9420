// The reference the solver is checked against where DDS cannot be (the spades-broken rule,
// the 2C lead, nil, score): a plain exhaustive minimax over every legal play of a small
// ending, written for obviousness more than speed. Two shortcuts keep thousands of
// positions quick, both exact: a memo of finished searches at trick boundaries, keyed on
// everything the rest of the hand depends on, and alpha-beta cut-offs inside a trick (each
// trick boundary is searched with the full window, so the memo only holds exact values).
//
// The same template walks one of two states:
//  - HandState, the engine's reference for what is legal, reached by playing a seeded
//    random legal hand (random_hand below); position_of(state) is what the solver gets;
//  - EndingState, a Position made playable, for tiny deals no HandState can hold (five-card
//    hands at trick 0 under the 2C lead). It follows HandState's rules line for line, and a
//    test checks that the two give the same answers.
#pragma once

#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "spadework/engine/deal.h"
#include "spadework/engine/hand.h"
#include "spadework/engine/rules.h"
#include "spadework/engine/scoring.h"
#include "spadework/engine/solver.h"

namespace spadework::reference {

// --- States ------------------------------------------------------------------------------

// HandState seen through the interface the minimax walks.
class HandStateView {
  public:
    explicit HandStateView(HandState& state) : s_(state) {}
    const RuleSet& rules() const { return s_.rules(); }
    bool done() const { return s_.phase() == Phase::Done; }
    Seat to_act() const { return s_.to_act(); }
    CardSet legal_cards() const { return s_.legal_cards(); }
    void play(Card c) { s_.play(c); }
    void undo() { s_.undo(); }
    bool at_trick_start() const { return s_.current_trick().empty(); }
    CardSet hand(Seat seat) const { return s_.hand(seat); }
    bool spades_broken() const { return s_.spades_broken(); }
    int tricks(Seat seat) const { return s_.tricks_taken(seat); }
    // The honour cards each side has won so far.
    std::array<CardSet, 2> honours() const {
        std::array<CardSet, 2> won;
        const auto& played = s_.play_record();
        const auto& winners = s_.trick_winners();
        for (std::size_t t = 0; t < winners.size(); ++t) {
            for (std::size_t k = 4 * t; k < 4 * t + 4; ++k) {
                if (kHonours.contains(played[k].card)) {
                    won[index(team_of(winners[t]))].insert(played[k].card);
                }
            }
        }
        return won;
    }
    // At the end: the side that won all four honours, if one did.
    std::optional<Team> honours_team() const { return s_.outcome().honours; }

  private:
    HandState& s_;
};

// A Position made playable. The rules of play are HandState's (hand.cpp: check_card_rules
// and do_play); the 2C lead binds while no card of the hand has been played.
class EndingState {
  public:
    explicit EndingState(const Position& p)
        : rules_(p.rules),
          order_(p.rules),
          hands_(p.hands),
          trick_(p.trick),
          to_act_(p.to_play),
          broken_(p.spades_broken),
          tricks_played_(p.tricks_played),
          tricks_(p.tricks_taken),
          won_(p.won),
          bids_(p.bids) {}

    const RuleSet& rules() const { return rules_; }
    bool done() const {
        return trick_.empty() && (hands_[0] | hands_[1] | hands_[2] | hands_[3]).empty();
    }
    Seat to_act() const { return to_act_; }
    CardSet legal_cards() const {
        CardSet hand = hands_[index(to_act_)];
        if (trick_.empty()) {
            Card two_clubs(Rank::Two, Suit::Clubs);
            if (rules_.first_lead == FirstLead::TwoOfClubs && tricks_played_ == 0 &&
                hand.contains(two_clubs)) {
                return CardSet{two_clubs};
            }
            const CardSet spades = order_.of_suit(hand, Suit::Spades);
            if (rules_.spades_lead == SpadesLead::AfterBroken && !broken_ && spades != hand) {
                return hand - spades;
            }
            return hand;
        }
        const CardSet led = order_.of_suit(hand, order_.suit(trick_.front().card));
        return led.empty() ? hand : led;
    }
    void play(Card c) {
        history_.push_back({c, to_act_, broken_, trick_, tricks_, won_, tricks_played_});
        hands_[index(to_act_)].erase(c);
        trick_.push_back({to_act_, c});
        if (order_.suit(c) == Suit::Spades && !broken_) {
            bool on_other_suit = order_.suit(trick_.front().card) != Suit::Spades;
            // Under spades_break=never nothing breaks them, as in hand.cpp's do_play.
            broken_ = rules_.spades_break == SpadesBreak::AnySpade ||
                      (rules_.spades_break == SpadesBreak::Trump && on_other_suit);
        }
        to_act_ = next(to_act_);
        if (trick_.size() == 4) {
            Seat winner = trick_winner(trick_, order_);
            ++tricks_[index(winner)];
            for (const PlayedCard& p : trick_) won_[index(team_of(winner))].insert(p.card);
            ++tricks_played_;
            trick_.clear();
            to_act_ = winner;
        }
    }
    void undo() {
        Saved s = history_.back();
        history_.pop_back();
        hands_[index(s.seat)].insert(s.card);
        to_act_ = s.seat;
        broken_ = s.broken;
        trick_ = s.trick;
        tricks_ = s.tricks;
        won_ = s.won;
        tricks_played_ = s.tricks_played;
    }
    bool at_trick_start() const { return trick_.empty(); }
    CardSet hand(Seat seat) const { return hands_[index(seat)]; }
    bool spades_broken() const { return broken_; }
    int tricks(Seat seat) const { return tricks_[index(seat)]; }
    std::array<CardSet, 2> honours() const { return {won_[0] & kHonours, won_[1] & kHonours}; }
    std::optional<Team> honours_team() const {
        for (Team t : kAllTeams) {
            if ((won_[index(t)] & kHonours) == kHonours) return t;
        }
        return std::nullopt;
    }
    // The state as a Position, for the solver.
    Position position() const {
        Position p;
        p.rules = rules_;
        p.hands = hands_;
        p.trick = trick_;
        p.to_play = to_act_;
        p.spades_broken = broken_;
        p.tricks_played = tricks_played_;
        p.tricks_taken = tricks_;
        p.won = won_;
        p.bids = bids_;
        return p;
    }

  private:
    struct Saved {
        Card card;
        Seat seat;
        bool broken;
        std::vector<PlayedCard> trick;
        std::array<int, 4> tricks;
        std::array<CardSet, 2> won;
        int tricks_played;
    };
    RuleSet rules_;
    PlayOrder order_;
    std::array<CardSet, 4> hands_;
    std::vector<PlayedCard> trick_;
    Seat to_act_;
    bool broken_;
    int tricks_played_;
    std::array<int, 4> tricks_;
    std::array<CardSet, 2> won_;
    std::array<std::optional<Bid>, 4> bids_;
    std::vector<Saved> history_;
};

// --- The minimax -------------------------------------------------------------------------

// What the search maximises, and for which side.
struct Goal {
    Objective objective = Objective::Tricks;
    Team maximiser = Team::NS;  // Tricks, Score: the side to play; Nil: the nil bidder's side
    Seat nil_seat = Seat::North;
    std::array<Bid, 4> bids{};  // Score
    Standings before{};         // Score
    // The memo and the cut-offs; without them the search is the bare minimax, which a test
    // compares with them on endings small enough for it.
    bool shortcuts = true;
};

// What the rest of a hand's value depends on at a trick boundary: the four hands, the
// leader, spades broken, and for the Score objective each seat's tricks and the honours each
// side has won (the score is not a sum over tricks). For Tricks the memo holds the tricks
// still to come, which depend on nothing else; for Nil it is only asked while the nil stands.
// The 2C lead binds only before the first card of the hand, which no search ever memoises
// (the reference plays a card before it searches).
struct MemoKey {
    std::array<std::uint64_t, 4> hands{};
    int leader = 0;
    bool broken = false;
    std::array<int, 4> tricks{};
    std::array<std::uint64_t, 2> honours{};
    bool operator==(const MemoKey&) const = default;
};

struct MemoKeyHash {
    std::size_t operator()(const MemoKey& k) const {
        std::uint64_t h = static_cast<std::uint64_t>(k.leader) * 2 + (k.broken ? 1 : 0);
        auto mix = [&h](std::uint64_t v) {
            h = (h ^ v) * 0x9E3779B97F4A7C15ull;
            h ^= h >> 29;
        };
        for (std::uint64_t v : k.hands) mix(v);
        for (int t : k.tricks) mix(static_cast<std::uint64_t>(t));
        for (std::uint64_t v : k.honours) mix(v);
        return static_cast<std::size_t>(h);
    }
};

template <class State>
class Minimax {
  public:
    Minimax(State& state, Goal goal) : s_(state), goal_(goal) {}

    // The exact value of the state under best play by both sides.
    int value() { return search(INT_MIN, INT_MAX); }

    std::uint64_t entries() const { return memo_.size(); }

  private:
    // Alpha-beta inside a trick (fail-soft: outside the window (alpha, beta) the answer is
    // only a bound, which the caller then does not need); every trick boundary is searched
    // with the full window, so what the memo holds is always exact.
    int search(int alpha, int beta) {
        // 1. The end of the hand; the bare minimax; a nil broken for good; inside a trick.
        if (s_.done()) return leaf();
        if (!goal_.shortcuts) return expand(INT_MIN, INT_MAX);
        if (goal_.objective == Objective::Nil && s_.tricks(goal_.nil_seat) > 0) return 0;
        if (!s_.at_trick_start()) return expand(alpha, beta);
        // 2. A trick boundary: from the memo, or searched in full.
        MemoKey key = memo_key();
        int base = goal_.objective == Objective::Tricks ? maximiser_tricks() : 0;
        if (auto it = memo_.find(key); it != memo_.end()) return base + it->second;
        int exact = expand(INT_MIN, INT_MAX);
        memo_.emplace(key, exact - base);
        return exact;
    }

    // 3. Every legal card, until one proves the rest cannot matter.
    int expand(int alpha, int beta) {
        bool maximising = team_of(s_.to_act()) == goal_.maximiser;
        int best = maximising ? INT_MIN : INT_MAX;
        for (Card c : s_.legal_cards()) {
            s_.play(c);
            int v = search(alpha, beta);
            s_.undo();
            if (maximising) {
                best = std::max(best, v);
                alpha = std::max(alpha, v);
            } else {
                best = std::min(best, v);
                beta = std::min(beta, v);
            }
            if (alpha >= beta) break;
        }
        return best;
    }

    MemoKey memo_key() const {
        MemoKey k;
        for (Seat s : kAllSeats) k.hands[index(s)] = s_.hand(s).bits();
        k.leader = index(s_.to_act());
        k.broken = s_.spades_broken();
        if (goal_.objective == Objective::Score) {
            for (Seat s : kAllSeats) k.tricks[index(s)] = s_.tricks(s);
            if (s_.rules().honours_points != 0) {
                auto won = s_.honours();
                k.honours = {won[0].bits(), won[1].bits()};
            }
        }
        return k;
    }

    int maximiser_tricks() const {
        int n = 0;
        for (Seat s : members(goal_.maximiser)) n += s_.tricks(s);
        return n;
    }

    int leaf() {
        switch (goal_.objective) {
            case Objective::Tricks:
                return maximiser_tricks();
            case Objective::Nil:
                return s_.tricks(goal_.nil_seat) == 0 ? 1 : 0;
            case Objective::Score: {
                // score_hand of the outcome, remembered per outcome (many leaves share one).
                HandOutcome outcome;
                outcome.bids = goal_.bids;
                int packed = 0;
                for (Seat s : kAllSeats) {
                    outcome.tricks[index(s)] = s_.tricks(s);
                    packed = packed * 16 + s_.tricks(s);
                }
                outcome.honours = s_.honours_team();
                packed = packed * 3 + (outcome.honours ? 1 + index(*outcome.honours) : 0);
                if (auto it = scores_.find(packed); it != scores_.end()) return it->second;
                HandScore hs = score_hand(s_.rules(), outcome, goal_.before);
                int diff = hs[goal_.maximiser].delta - hs[opponent(goal_.maximiser)].delta;
                scores_.emplace(packed, diff);
                return diff;
            }
        }
        return 0;
    }

    State& s_;
    Goal goal_;
    std::unordered_map<MemoKey, int, MemoKeyHash> memo_;
    std::unordered_map<int, int> scores_;
};

// Our order of cards in a SolveResult: spades, hearts, diamonds, clubs; high rank first, in
// the rule set's order (the jokers and any high deuces are the highest spades).
inline bool solver_order(const PlayOrder& order, const CardValue& a, const CardValue& b) {
    const Card x = order.in_play(a.card);
    const Card y = order.in_play(b.card);
    if (x.suit() != y.suit()) return x.suit() < y.suit();
    return x.index() > y.index();
}

// The answer in the solver's terms: every legal card valued by a full search after it.
template <class State>
SolveResult solve_state(State& state, Objective objective, std::optional<Seat> nil_seat,
                        const std::array<std::optional<Bid>, 4>& bids, const Standings& before,
                        bool shortcuts = true) {
    SolveResult r;
    r.objective = objective;
    r.to_play = state.to_act();
    r.side = team_of(r.to_play);
    Goal goal;
    goal.objective = objective;
    goal.maximiser = r.side;
    goal.before = before;
    goal.shortcuts = shortcuts;
    if (objective == Objective::Nil) {
        if (!nil_seat) throw Error("the reference's nil objective needs the nil seat");
        goal.nil_seat = *nil_seat;
        goal.maximiser = team_of(*nil_seat);
        r.nil_seat = nil_seat;
    }
    if (objective == Objective::Score) {
        for (Seat s : kAllSeats) {
            if (!bids[index(s)]) throw Error("the reference's score objective needs every bid");
            goal.bids[index(s)] = *bids[index(s)];
        }
    }
    Minimax<State> search(state, goal);
    bool maximising = team_of(r.to_play) == goal.maximiser;
    int best = maximising ? INT_MIN : INT_MAX;
    for (Card c : state.legal_cards()) {
        state.play(c);
        int v = search.value();
        state.undo();
        best = maximising ? std::max(best, v) : std::min(best, v);
        CardValue cv;
        cv.card = c;
        cv.total_tricks = objective == Objective::Tricks ? v : 0;
        cv.nil_kept = objective == Objective::Nil && v == 1;
        cv.score = objective == Objective::Score ? v : 0;
        r.cards.push_back(cv);
    }
    const PlayOrder order(state.rules());
    std::sort(r.cards.begin(), r.cards.end(),
              [&](const CardValue& a, const CardValue& b) { return solver_order(order, a, b); });
    if (objective == Objective::Tricks) r.total_tricks = best;
    if (objective == Objective::Nil) r.nil_kept = best == 1;
    if (objective == Objective::Score) r.score = best;
    r.nodes = search.entries();  // the memo's size: a rough measure of the work
    return r;
}

// The reference answer for a hand in play (the state is copied: the caller's is untouched).
inline SolveResult solve(HandState state, Objective objective,
                         std::optional<Seat> nil_seat = std::nullopt, const Standings& before = {},
                         bool shortcuts = true) {
    std::array<std::optional<Bid>, 4> bids;
    for (Seat s : kAllSeats) bids[index(s)] = state.bid_of(s);
    HandStateView view(state);
    return solve_state(view, objective, nil_seat, bids, before, shortcuts);
}

// The reference answer for a Position (tiny deals). The Score objective needs the tricks of
// the whole hand to add up to its size, so it fits only positions of a real hand.
inline SolveResult solve(const Position& position, Objective objective,
                         std::optional<Seat> nil_seat = std::nullopt,
                         const Standings& before = {}) {
    EndingState state(position);
    return solve_state(state, objective, nil_seat, position.bids, before);
}

// --- Positions ---------------------------------------------------------------------------

// The position of a hand in play, read from the HandState independently of position_of
// (a test checks the two agree).
inline Position position_from(const HandState& st) {
    Position p;
    p.rules = st.rules();
    for (Seat s : kAllSeats) {
        p.hands[index(s)] = st.hand(s);
        p.tricks_taken[index(s)] = st.tricks_taken(s);
        p.bids[index(s)] = st.bid_of(s);
    }
    p.trick = st.current_trick();
    p.to_play = st.to_act();
    p.spades_broken = st.spades_broken();
    p.tricks_played = st.tricks_played();
    const auto& played = st.play_record();
    const auto& winners = st.trick_winners();
    for (std::size_t t = 0; t < winners.size(); ++t) {
        for (std::size_t k = 4 * t; k < 4 * t + 4; ++k) {
            p.won[index(team_of(winners[t]))].insert(played[k].card);
        }
    }
    return p;
}

inline Card pick(CardSet cards, SplitMix64& rng) {
    int k = static_cast<int>(rng.below(static_cast<std::uint64_t>(cards.size())));
    for (Card c : cards) {
        if (k-- == 0) return c;
    }
    throw Error("pick from an empty card set");
}

inline CardSet pick_n(CardSet cards, int n, SplitMix64& rng) {
    CardSet chosen;
    while (chosen.size() < n) chosen.insert(pick(cards - chosen, rng));
    return chosen;
}

// A random bid among those legal: nil and blind nil often (when the rules have them), so the
// nil and score objectives meet them; trick bids small, so contracts are in reach.
inline Bid random_bid(const std::vector<Bid>& legal, int hand_size, SplitMix64& rng) {
    auto has = [&](Bid b) { return std::find(legal.begin(), legal.end(), b) != legal.end(); };
    std::uint64_t roll = rng.below(100);
    if (roll < 20 && has(Bid::nil())) return Bid::nil();
    if (roll < 30 && has(Bid::blind_nil())) return Bid::blind_nil();
    int most = std::min(5, hand_size);
    return Bid::tricks(1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(most))));
}

// Where random_hand stops.
struct EndingShape {
    int cards_left = 5;  // cards each hand holds when the ending's first trick begins
    int into_trick = 0;  // cards of that trick already played (0..3)
    // Play a spade only when nothing else is legal, so spades often stay unbroken into the
    // ending (the spades-broken rule then matters there).
    bool avoid_spades = false;
};

// A seeded random legal hand under `rules` (random dealer, passes, bids, exchanges and
// cards) played up to the ending `shape` describes.
inline HandState random_hand(const RuleSet& rules, std::uint64_t seed, const EndingShape& shape) {
    SplitMix64 rng(seed * 0x9E3779B97F4A7C15ull + 1);
    Seat dealer = static_cast<Seat>(rng.below(4));
    HandState st(rules, dealer, deal_from_seed(seed, rules.deck(), dealer));
    std::size_t stop =
        static_cast<std::size_t>(4 * (rules.hand_size() - shape.cards_left) + shape.into_trick);
    while (st.phase() != Phase::Play || st.play_record().size() < stop) {
        Seat s = st.to_act();
        switch (st.phase()) {
            case Phase::Pass:
                st.pass(s, pick_n(st.hand(s), rules.pass_cards, rng));
                break;
            case Phase::Bid:
                st.bid(s, random_bid(st.legal_bids(), rules.hand_size(), rng));
                break;
            case Phase::Exchange:
                st.exchange(s, pick_n(st.hand(s), rules.blind_nil_exchange, rng));
                break;
            case Phase::Play: {
                CardSet legal = st.legal_cards();
                CardSet other = legal - legal.of_suit(Suit::Spades);
                st.play(pick(shape.avoid_spades && !other.empty() ? other : legal, rng));
                break;
            }
            case Phase::Done:
                throw Error("random_hand: the hand ended before the ending");
        }
    }
    return st;
}

// Standings before the hand: any score, and bags a few short of the limit, so that the
// ending's overtricks may bring a penalty.
inline Standings random_standings(const RuleSet& rules, SplitMix64& rng) {
    Standings st;
    for (TeamStanding& t : st) {
        t.score = static_cast<int>(rng.below(500)) - 200;
        if (rules.bag_limit > 0) {
            int below = 1 + static_cast<int>(rng.below(4));
            t.bags = std::max(0, rules.bag_limit - below);
        }
    }
    return st;
}

// A tiny deal at trick 0 (cards_each cards to each seat, drawn from the rule set's deck,
// the 2C among them under the 2C lead), with random bids and into_trick random legal cards
// of the first trick played. No HandState can hold it; the solver and EndingState can.
inline Position tiny_deal(const RuleSet& rules, int cards_each, int into_trick, SplitMix64& rng) {
    Card two_clubs(Rank::Two, Suit::Clubs);
    CardSet deck = rules.deck();
    CardSet cards;
    if (rules.first_lead == FirstLead::TwoOfClubs) cards.insert(two_clubs);
    cards |= pick_n(deck - cards, 4 * cards_each - cards.size(), rng);
    Position p;
    p.rules = rules;
    for (Seat s : kAllSeats) {
        p.hands[index(s)] = pick_n(cards, cards_each, rng);
        cards -= p.hands[index(s)];
    }
    p.to_play = static_cast<Seat>(rng.below(4));
    for (Seat s : kAllSeats) {
        if (rules.first_lead == FirstLead::TwoOfClubs && p.hands[index(s)].contains(two_clubs)) {
            p.to_play = s;
        }
    }
    std::vector<Bid> bids{Bid::nil(), Bid::blind_nil()};
    for (int n = 1; n <= cards_each; ++n) bids.push_back(Bid::tricks(n));
    for (Seat s : kAllSeats) p.bids[index(s)] = random_bid(bids, cards_each, rng);
    EndingState state(p);
    for (int i = 0; i < into_trick; ++i) state.play(pick(state.legal_cards(), rng));
    return state.position();
}

// --- Reports -----------------------------------------------------------------------------

// A position in words, to debug a disagreement: the rule keys that differ from the preset,
// the hands in PBN, the trick, who plays, spades broken, tricks so far, bids.
inline std::string describe(const Position& p) {
    std::string out = "rules " + p.rules.name;
    auto base = rule_values(preset(p.rules.name));
    auto mine = rule_values(p.rules);
    for (std::size_t i = 0; i < mine.size(); ++i) {
        if (i >= base.size() || mine[i] != base[i])
            out += " " + mine[i].first + "=" + mine[i].second;
    }
    Deal d;
    d.hands = p.hands;
    out += "\n  hands \"" + to_pbn(d, Seat::North) + "\"";
    out += "\n  trick";
    if (p.trick.empty()) out += " (none)";
    for (const PlayedCard& c : p.trick) out += " " + seat_letter(c.seat) + ":" + to_string(c.card);
    out += "  to_play " + seat_letter(p.to_play);
    out += "  spades_broken " + std::string(p.spades_broken ? "yes" : "no");
    out += "  tricks_played " + std::to_string(p.tricks_played);
    out += "\n  taken";
    for (Seat s : kAllSeats) {
        out += " " + seat_letter(s) + "=" + std::to_string(p.tricks_taken[index(s)]);
    }
    out += "  honours won NS {" + to_string(p.won[0] & kHonours) + "} EW {" +
           to_string(p.won[1] & kHonours) + "}";
    out += "  bids";
    for (Seat s : kAllSeats) {
        out += " " + seat_letter(s) + "=" +
               (p.bids[index(s)] ? to_string(*p.bids[index(s)]) : std::string("-"));
    }
    return out;
}

// An answer in words: the total and each card's value under its objective.
inline std::string describe(const SolveResult& r) {
    auto value = [&](int tricks, bool kept, int score) {
        switch (r.objective) {
            case Objective::Tricks:
                return std::to_string(tricks);
            case Objective::Nil:
                return std::string(kept ? "kept" : "broken");
            case Objective::Score:
                return std::to_string(score);
        }
        return std::string();
    };
    std::string out = "total " + value(r.total_tricks, r.nil_kept, r.score) + " cards";
    for (const CardValue& c : r.cards) {
        out += " " + to_string(c.card) + "=" + value(c.total_tricks, c.nil_kept, c.score);
    }
    return out;
}

}  // namespace spadework::reference
