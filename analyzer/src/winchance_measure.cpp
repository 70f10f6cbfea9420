// Measuring the hands a win-chance table rests on: whole games of the bots show which score
// situations a game passes through, and from where; then each situation's hands are played
// from those scores and counted by outcome (the dealer North).
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <map>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

#include "spadework/analyzer/simple_bot.h"
#include "spadework/analyzer/winchance.h"
#include "spadework/engine/error.h"
#include "spadework/engine/game.h"
#include "spadework/engine/record.h"
#include "winchance_cells.h"

namespace spadework::analyzer {

namespace {

// A game of the bots that has not ended after this many hands is left (no loss limit and
// sets on both sides); its hands still count.
constexpr int kMaxHandsPerGame = 200;
// Every situation of the table gets at least this share of the games' hands: 2,000 of 100,000
// keep a situation's own noise near a point of chance, and the common deals keep most of it
// out of the differences between neighbouring situations.
constexpr int kQuotaShare = 50;
// The scores kept per situation to deal more hands from, and the random cells of a
// situation the games never reached.
constexpr std::size_t kStartsKept = 4096;

int floor_mod(int a, int m) {
    int r = a % m;
    return r < 0 ? r + m : r;
}

// An outcome packed in 46 bits, to count distinct outcomes in a map: per seat its bid at bits
// 7*seat (tricks bid in bits 0-3, kind in bits 4-5, bid blind in bit 6: a blind 6 scores
// apart from a 6), its tricks (0..13) at 28 + 4*seat, and the honours (0 none, 1 NS, 2 EW)
// at bits 44-45.
std::uint64_t pack(const HandOutcome& o) {
    std::uint64_t key = 0;
    for (int s = 0; s < 4; ++s) {
        const Bid b = o.bids[s];
        auto bid = static_cast<std::uint64_t>((b.is_blind() ? 64 : 0) |
                                              static_cast<int>(b.kind()) << 4 | b.count());
        key |= bid << (7 * s);
        key |= static_cast<std::uint64_t>(o.tricks[s]) << (28 + 4 * s);
    }
    std::uint64_t honours = o.honours ? (*o.honours == Team::NS ? 1 : 2) : 0;
    return key | honours << 44;
}

HandOutcome unpack(std::uint64_t key) {
    HandOutcome o;
    for (int s = 0; s < 4; ++s) {
        auto bid = static_cast<int>(key >> (7 * s) & 127);
        switch (static_cast<Bid::Kind>(bid >> 4 & 3)) {
            case Bid::Kind::Tricks:
                o.bids[s] = (bid & 64) ? Bid::blind_tricks(bid & 15) : Bid::tricks(bid & 15);
                break;
            case Bid::Kind::Nil:
                o.bids[s] = Bid::nil();
                break;
            case Bid::Kind::BlindNil:
                o.bids[s] = Bid::blind_nil();
                break;
        }
        o.tricks[s] = static_cast<int>(key >> (28 + 4 * s) & 15);
    }
    auto honours = key >> 44 & 3;
    if (honours != 0) o.honours = honours == 1 ? Team::NS : Team::EW;
    return o;
}

// Standings from the dealing side's view: [0] the dealing side's, [1] the other side's.
using Start = Standings;

// The standings of a table cell: bags are the score's last digit (see winchance.h).
Start start_at(const RuleSet& rules, int x, int y) {
    auto bags = [&](int s) { return rules.counts_bags() ? floor_mod(s, rules.bag_limit) : 0; };
    return {TeamStanding{x, bags(x)}, TeamStanding{y, bags(y)}};
}

// Where the games went: per situation, the hands begun there and up to kStartsKept of their
// starting scores.
struct Visits {
    std::vector<std::int64_t> hands = std::vector<std::int64_t>(kScoreSituations);
    std::vector<std::vector<Start>> starts = std::vector<std::vector<Start>>(kScoreSituations);
    std::int64_t played = 0;
};

HandOutcome outcome_of_hand(const RuleSet& rules, const RecordedHand& hand) {
    std::optional<HandOutcome> outcome = outcome_of(replay_hand(rules, hand), hand.claim);
    SPADEWORK_INVARIANT(outcome.has_value(), "winchance: the bots finish every hand");
    return *outcome;
}

// Whole games of the bots until `hands` hands are played, noting the situation each hand
// began in.
void play_games(const RuleSet& rules, int hands, SplitMix64& seeds, Visits& v) {
    for (int game = 0; v.played < hands; ++game) {
        SplitMix64 rng(seeds.next());
        Seat first = kAllSeats[game % 4];
        Game tally(rules);
        for (int h = 0; h < kMaxHandsPerGame && !tally.over() && v.played < hands; ++h) {
            Seat dealer = tally.next_dealer(first);
            const Standings before = tally.standings();
            const Team us = team_of(dealer);
            Start start{before[index(us)], before[index(opponent(us))]};
            auto situation =
                static_cast<std::size_t>(score_situation(rules, start[0].score, start[1].score));
            ++v.hands[situation];
            if (v.starts[situation].size() < kStartsKept) v.starts[situation].push_back(start);

            Deal deal = deal_from_seed(rng.next(), rules.deck(), dealer);
            RecordedHand hand = play_hand(rules, dealer, deal, before, rng);
            tally.add_hand(outcome_of_hand(rules, hand));
            ++v.played;
        }
    }
}

// The table's cells by situation: whether any cell is in it, and up to kStartsKept of its
// cells, drawn evenly (reservoir sampling), for each situation in `wanted`.
std::vector<std::vector<Start>> cells_by_situation(const RuleSet& rules,
                                                   const std::vector<bool>& wanted, SplitMix64& rng,
                                                   std::vector<bool>& in_table) {
    std::vector<std::vector<Start>> cells(kScoreSituations);
    std::vector<std::uint64_t> seen(kScoreSituations);
    for_each_table_cell(rules, [&](int x, int y) {
        auto s = static_cast<std::size_t>(score_situation(rules, x, y));
        in_table[s] = true;
        if (!wanted[s]) return;
        std::uint64_t n = ++seen[s];
        if (cells[s].size() < kStartsKept) {
            cells[s].push_back(start_at(rules, x, y));
        } else if (std::uint64_t j = rng.next() % n; j < kStartsKept) {
            cells[s][j] = start_at(rules, x, y);
        }
    });
    return cells;
}

// The hands of one situation: n of them, the i-th from the start starts[i % size] (the dealing
// side North-South, North the dealer), dealt from deals[i] and played with a generator seeded
// by plays[i]. Every situation draws the same deals and generators (common random numbers):
// two situations the bots play alike get the same outcomes, and where they play differently
// only that shows, so the table does not jump at a situation's border from sampling alone.
SituationHands measure_situation(const RuleSet& rules, const std::vector<Start>& starts,
                                 std::int64_t n, const std::vector<std::uint64_t>& deals,
                                 const std::vector<std::uint64_t>& plays) {
    std::map<std::uint64_t, std::int64_t> counts;
    for (std::int64_t i = 0; i < n; ++i) {
        const auto at = static_cast<std::size_t>(i);
        SplitMix64 rng(plays[at]);
        Deal deal = deal_from_seed(deals[at], rules.deck(), Seat::North);
        RecordedHand hand = play_hand(rules, Seat::North, deal, starts[at % starts.size()], rng);
        ++counts[pack(outcome_of_hand(rules, hand))];
    }
    SituationHands out;
    for (auto& [key, count] : counts) out.outcomes.push_back({unpack(key), count});
    out.hands = n;
    return out;
}

}  // namespace

int score_situation(const RuleSet& rules, int x, int y) {
    auto level = [&](int score) {
        return std::min(kTrickLevels - 1, tricks_to_target(rules, score));
    };
    auto near = [&](int score) {
        return rules.counts_bags() && bags_near_limit(rules, floor_mod(score, rules.bag_limit));
    };
    int spot = blind_nil_spot(rules, x, y) ? 1 : blind_nil_spot(rules, y, x) ? 2 : 0;
    return ((spot * kTrickLevels + level(x)) * kTrickLevels + level(y)) * 4 + near(x) * 2 + near(y);
}

int situation_quota(int hands) {
    return std::max(1, hands / kQuotaShare);
}

std::size_t HandDistribution::distinct() const {
    std::size_t n = 0;
    for (const SituationHands& s : situations) n += s.outcomes.size();
    return n;
}

HandDistribution measure_hands(const RuleSet& rules, int hands, std::uint64_t seed, int threads) {
    if (threads <= 0) threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    check_rules(rules);
    SplitMix64 seeds(seed);
    Visits visits;
    play_games(rules, hands, seeds, visits);

    SplitMix64 rng(seeds.next());
    std::vector<bool> never(kScoreSituations), in_table(kScoreSituations);
    for (std::size_t s = 0; s < never.size(); ++s) never[s] = visits.starts[s].empty();
    const std::vector<std::vector<Start>> cells = cells_by_situation(rules, never, rng, in_table);

    // Each situation of the table gets as many hands as the games began there, and at least
    // the quota.
    std::vector<std::int64_t> wanted(kScoreSituations);
    std::int64_t most = 0;
    for (std::size_t s = 0; s < wanted.size(); ++s) {
        if (!in_table[s]) continue;
        wanted[s] = std::max<std::int64_t>(situation_quota(hands), visits.hands[s]);
        most = std::max(most, wanted[s]);
    }
    std::vector<std::uint64_t> deals(static_cast<std::size_t>(most));
    std::vector<std::uint64_t> plays(static_cast<std::size_t>(most));
    for (std::size_t i = 0; i < deals.size(); ++i) {
        deals[i] = rng.next();
        plays[i] = rng.next();
    }

    // The situations are independent: each thread takes the next one not yet taken.
    HandDistribution d;
    d.game_hands = visits.played;
    d.situations.resize(kScoreSituations);
    std::atomic<std::size_t> next{0};
    auto work = [&] {
        for (std::size_t s; (s = next++) < wanted.size();) {
            if (wanted[s] == 0) continue;
            const std::vector<Start>& from = never[s] ? cells[s] : visits.starts[s];
            d.situations[s] = measure_situation(rules, from, wanted[s], deals, plays);
        }
    };
    std::vector<std::thread> helpers;
    for (int i = 1; i < threads; ++i) helpers.emplace_back(work);
    work();
    for (std::thread& t : helpers) t.join();
    for (std::int64_t n : wanted) d.hands += n;
    return d;
}

}  // namespace spadework::analyzer
