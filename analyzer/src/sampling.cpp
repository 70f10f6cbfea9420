#include "sampling.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <exception>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "spadework/analyzer/simple_bot.h"
#include "spadework/engine/error.h"

namespace spadework::analyzer::sampling {

CardSet Knowledge::pool() const {
    CardSet unknown = deck;
    for (CardSet k : known) unknown -= k;
    return unknown;
}

namespace {

// How keen a player is to keep a card: spades above everything, then by rank (c a card in play).
int keep_value(Card c) {
    return static_cast<int>(c.rank()) + (c.suit() == Suit::Spades ? 20 : 0);
}

// The n cards of a hand a player would most (or least) like to keep.
CardSet extreme_cards(CardSet hand, int n, bool strongest) {
    std::vector<Card> cards;
    for (Card c : hand) cards.push_back(c);
    std::stable_sort(cards.begin(), cards.end(), [&](Card a, Card b) {
        return strongest ? keep_value(a) > keep_value(b) : keep_value(a) < keep_value(b);
    });
    CardSet out;
    for (int i = 0; i < n && i < static_cast<int>(cards.size()); ++i) out.insert(cards[i]);
    return out;
}

// Refuses knowledge whose counts the unknown cards cannot fill exactly.
void check(const Knowledge& k) {
    int missing = 0;
    for (int s = 0; s < 4; ++s) {
        if (k.known[s].size() > k.counts[s]) {
            throw Error("sampling: " + seat_letter(static_cast<Seat>(s)) +
                        " is known to hold more cards than it has");
        }
        missing += k.counts[s] - k.known[s].size();
    }
    if (missing != k.pool().size()) {
        throw Error("sampling: " + std::to_string(k.pool().size()) + " unknown cards cannot fill " +
                    std::to_string(missing) + " places");
    }
}

}  // namespace

Knowledge bidder_knowledge(const HandState& state, Seat bidder, bool blind) {
    Knowledge k;
    k.deck = state.rules().deck();
    for (Seat s : kAllSeats) k.counts[index(s)] = state.hand(s).size();
    if (!blind) {
        k.known[index(bidder)] = state.hand(bidder);
        // The cards it passed are in its partner's hand; those it received are in its own.
        if (auto given = state.passed(bidder)) k.known[index(partner(bidder))] = *given;
    }
    check(k);
    return k;
}

Knowledge passer_knowledge(const RuleSet& rules, Seat passer, CardSet dealt) {
    Knowledge k;
    k.deck = rules.deck();
    k.counts.fill(rules.hand_size());
    k.known[index(passer)] = dealt;
    check(k);
    return k;
}

Hands sample_layout(const Knowledge& knowledge, SplitMix64& rng) {
    std::vector<Card> pool;
    for (Card c : knowledge.pool()) pool.push_back(c);
    for (std::size_t i = pool.size(); i > 1; --i) {
        std::size_t j = static_cast<std::size_t>(rng.below(i));
        std::swap(pool[i - 1], pool[j]);
    }
    Hands hands = knowledge.known;
    std::size_t next = 0;
    for (int s = 0; s < 4; ++s) {
        while (hands[s].size() < knowledge.counts[s]) hands[s].insert(pool[next++]);
    }
    return hands;
}

std::uint64_t decision_seed(std::uint64_t seed, int hand, int decision) {
    // Three SplitMix64 steps, each folding in one part: nearby seeds, hands and decisions
    // give unrelated streams.
    SplitMix64 mix(seed);
    std::uint64_t x = mix.next() ^ (static_cast<std::uint64_t>(hand) + 1);
    x = SplitMix64(x).next() ^ (static_cast<std::uint64_t>(decision) + 1);
    return SplitMix64(x).next();
}

double bid_fit(CardSet hand, Bid bid, const RuleSet& rules) {
    switch (bid.kind()) {
        case Bid::Kind::BlindNil:
            return 1.0;
        case Bid::Kind::Nil:
            return nil_candidate(hand, rules) ? 1.0 : kNilMisfit;
        case Bid::Kind::Tricks: {
            double d = (estimate_tricks(hand, rules) - bid.count()) / kFitSigma;
            return std::exp(-0.5 * d * d);
        }
    }
    return 1.0;
}

double layout_weight(const Hands& hands, const MadeBids& bids, Seat except, const RuleSet& rules) {
    double w = 1.0;
    for (Seat s : kAllSeats) {
        if (s != except && bids[index(s)]) w *= bid_fit(hands[index(s)], *bids[index(s)], rules);
    }
    return w;
}

Hands after_exchanges(const RuleSet& rules, Seat dealer, const Bids& bids, Hands hands) {
    if (rules.blind_nil_exchange == 0) return hands;
    auto blind = [&](Seat s) { return bids[index(s)].kind() == Bid::Kind::BlindNil; };
    for (int i = 1; i <= 4; ++i) {
        Seat s = next(dealer, i);
        if (!blind(s) || blind(partner(s))) continue;
        CardSet& bidder = hands[index(s)];
        CardSet& mate = hands[index(partner(s))];
        const PlayOrder order(rules);
        CardSet given =
            order.printed(extreme_cards(order.in_play(bidder), rules.blind_nil_exchange, true));
        CardSet back =
            order.printed(extreme_cards(order.in_play(mate), rules.blind_nil_exchange, false));
        bidder = (bidder - given) | back;
        mate = (mate - back) | given;
    }
    return hands;
}

Seat opening_leader(const RuleSet& rules, Seat dealer, const Hands& hands) {
    if (rules.first_lead == FirstLead::TwoOfClubs) {
        for (Seat s : kAllSeats) {
            if (hands[index(s)].contains(Card(Rank::Two, Suit::Clubs))) return s;
        }
    }
    return next(dealer);
}

Solve make_solve(const RuleSet& rules, Seat dealer, const Hands& hands, Team team) {
    Solve s;
    s.position.rules = rules;
    s.position.hands = hands;
    s.position.to_play = opening_leader(rules, dealer, hands);
    s.team = team;
    return s;
}

namespace {

void solve_one(Solver& solver, Solve& job, std::uint64_t nil_budget) {
    const Position& p = job.position;
    int side = solver.total_tricks(p);
    job.tricks = team_of(p.to_play) == job.team ? side : p.rules.hand_size() - side;
    for (Seat s : kAllSeats) {
        if (!job.nil_for[index(s)]) continue;
        // The highest trump (the ace of spades, or the big joker) wins whatever trick it falls on.
        if (p.hands[index(s)].contains(PlayOrder(p.rules).top_trump())) continue;
        Position q = p;
        q.bids[index(s)] = Bid::nil();
        if (job.exact) {
            job.kept[index(s)] = solver.nil_kept(q, s);
            continue;
        }
        // A nil the search cannot settle within the budget counts as broken, and says so.
        std::optional<bool> kept = solver.nil_kept(q, s, nil_budget);
        job.kept[index(s)] = kept.value_or(false);
        job.unsettled[index(s)] = !kept;
    }
}

}  // namespace

void solve_all(std::vector<Solve>& jobs, std::vector<Solver>& solvers, std::uint64_t nil_budget) {
    std::atomic<std::size_t> next_job{0};
    std::exception_ptr error;
    std::mutex error_mutex;
    auto work = [&](Solver& solver) {
        for (std::size_t i; (i = next_job++) < jobs.size();) {
            try {
                solve_one(solver, jobs[i], nil_budget);
            } catch (...) {
                std::lock_guard lock(error_mutex);
                if (!error) error = std::current_exception();
                next_job = jobs.size();
            }
        }
    };
    std::size_t workers = std::min(solvers.size(), jobs.size());
    if (workers <= 1) {
        if (!jobs.empty()) work(solvers.front());
    } else {
        std::vector<std::thread> threads;
        for (std::size_t w = 0; w < workers; ++w) threads.emplace_back(work, std::ref(solvers[w]));
        for (auto& t : threads) t.join();
    }
    if (error) std::rethrow_exception(error);
}

std::array<int, 4> split_tricks(const RuleSet& rules, Team team, int team_tricks, const Bids& bids,
                                const std::array<bool, 4>& kept) {
    std::array<int, 4> out{};
    auto [a, b] = members(team);
    auto& ta = out[index(a)];
    auto& tb = out[index(b)];
    bool a_nil = bids[index(a)].is_nil();
    bool b_nil = bids[index(b)].is_nil();
    if (!a_nil && !b_nil) {
        ta = team_tricks;
    } else if (a_nil != b_nil) {
        Seat nil = a_nil ? a : b;
        Seat other = a_nil ? b : a;
        out[index(nil)] = kept[index(nil)] ? 0 : 1;
        out[index(other)] = std::max(0, team_tricks - out[index(nil)]);
    } else {
        ta = kept[index(a)] ? 0 : 1;
        tb = kept[index(b)] ? 0 : 1;
        int broken = ta + tb;
        if (broken > 0) (ta > 0 ? ta : tb) += std::max(0, team_tricks - broken);
    }
    auto [c, d] = members(opponent(team));
    bool c_only_nil = bids[index(c)].is_nil() && !bids[index(d)].is_nil();
    out[index(c_only_nil ? d : c)] = rules.hand_size() - ta - tb;
    return out;
}

Scored partnership_points(const RuleSet& rules, Team team, const Bids& bids,
                          const std::array<int, 4>& tricks, const Standings& before) {
    HandOutcome outcome;
    outcome.bids = bids;
    outcome.tricks = tricks;
    HandScore score = score_hand(rules, outcome, before);
    const TeamHandScore& ours = score[team];
    Scored out;
    out.points = ours.delta;
    out.own = ours.delta;
    for (const ScoreItem& item : score[opponent(team)].items) {
        using K = ScoreItem::Kind;
        if (item.kind == K::OpponentsSet || item.kind == K::OpponentNilFailed ||
            item.kind == K::OpponentBlindNilFailed) {
            out.points -= item.points;
        }
    }
    out.contract_made = ours.bid > 0 && ours.tricks >= ours.bid;
    for (Team t : {Team::NS, Team::EW}) out.after[index(t)] = score[t].after.score;
    return out;
}

Bids complete_bids(const RuleSet& rules, Seat dealer, const Hands& hands, MadeBids made,
                   Seat bidder, Bid bid, std::optional<std::array<int, 2>> scores) {
    made[index(bidder)] = bid;
    for (int i = 1; i <= 4; ++i) {
        Seat s = next(dealer, i);
        if (made[index(s)]) continue;
        // The bot's bid, brought within the house bidding rules (Whiz, Mirrors, Suicide, a
        // team minimum, nil with few spades, blind_behind at `scores`) as the bots bring theirs
        // at the table.
        Bid wanted = suggest_bid(hands[index(s)], rules, made[index(partner(s))]);
        BidFacts known{made[index(partner(s))], hands[index(s)], scores};
        if (check_bid_rules(rules, s, wanted, known)) {
            wanted = nearest_bid(wanted, allowed_bids(rules, s, known));
        }
        made[index(s)] = wanted;
    }
    Bids out;
    for (int s = 0; s < 4; ++s) out[s] = *made[s];
    return out;
}

}  // namespace spadework::analyzer::sampling
