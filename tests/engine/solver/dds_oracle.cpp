#include "dds_oracle.h"

#include <dds/dll.h>

#include <algorithm>
#include <mutex>
#include <string>

#include "spadework/engine/error.h"

namespace spadework::dds_oracle {

namespace {

// DDS encodes a suit as 0..3 in the order spades, hearts, diamonds, clubs, and a hand as
// 0..3 in the order N, E, S, W: the same numbers as our Suit and Seat. A holding is a mask
// with bit r for rank r (bit 2 the deuce, bit 14 the ace): our 16-bit suit mask as it is.
constexpr int kDdsSpades = 0;

std::string dds_error(int code) {
    char line[80] = {};
    ErrorMessage(code, line);
    return "DDS error " + std::to_string(code) + ": " + line;
}

void check_rules(const Position& position) {
    if (position.rules.spades_lead != SpadesLead::Anytime) {
        throw Error("DDS models Spades only with spades_lead=anytime");
    }
}

// The position as DDS's binary deal: spades trump, the trick's leader first, the cards
// already in the trick, and what remains in each hand.
deal to_dds_deal(const Position& position) {
    deal dl{};
    dl.trump = kDdsSpades;
    Seat leader = position.trick.empty() ? position.to_play : position.trick.front().seat;
    dl.first = index(leader);
    for (std::size_t i = 0; i < 3; ++i) {
        if (i < position.trick.size()) {
            dl.currentTrickSuit[i] = index(position.trick[i].card.suit());
            dl.currentTrickRank[i] = static_cast<int>(position.trick[i].card.rank());
        }
    }
    for (Seat s : kAllSeats) {
        for (Suit u : kAllSuits) {
            dl.remainCards[index(s)][index(u)] = position.hands[index(s)].suit_mask(u);
        }
    }
    return dl;
}

int team_tricks(const Position& position, Team team) {
    int n = 0;
    for (Seat s : members(team)) n += position.tricks_taken[index(s)];
    return n;
}

}  // namespace

void init_dds() {
    static std::once_flag once;
    std::call_once(once, [] { SetMaxThreads(1); });
}

DdsAnswer dds_solve(const Position& position, int mode) {
    check_rules(position);
    init_dds();
    deal dl = to_dds_deal(position);
    futureTricks fut{};
    int rc = SolveBoard(dl, -1, 3, mode, &fut, 0);
    if (rc != RETURN_NO_FAULT) throw Error(dds_error(rc));

    // 1. DDS counts the tricks the side of the player to play takes from the current trick
    //    on; ours counts the tricks it already holds too.
    DdsAnswer answer;
    answer.side = team_of(position.to_play);
    int held = team_tricks(position, answer.side);
    answer.nodes = static_cast<std::uint64_t>(fut.nodes);
    answer.total_tricks = -1;
    // 2. One card per class of equivalent cards, the lower equals in a holding: expand them.
    for (int i = 0; i < fut.cards; ++i) {
        int total = held + fut.score[i];
        answer.total_tricks = std::max(answer.total_tricks, total);
        Suit suit = static_cast<Suit>(fut.suit[i]);
        unsigned ranks = (1u << fut.rank[i]) | static_cast<unsigned>(fut.equals[i]);
        for (int r = kLowestRank; r <= kHighestRank; ++r) {
            if (ranks & (1u << r)) {
                CardValue v;
                v.card = Card(static_cast<Rank>(r), suit);
                v.total_tricks = total;
                answer.cards.push_back(v);
            }
        }
    }
    // 3. Our order: spades, hearts, diamonds, clubs; high rank first within a suit.
    std::sort(answer.cards.begin(), answer.cards.end(), [](const CardValue& a, const CardValue& b) {
        if (a.card.suit() != b.card.suit()) return a.card.suit() < b.card.suit();
        return a.card.rank() > b.card.rank();
    });
    return answer;
}

int dds_count(const Position& position) {
    check_rules(position);
    init_dds();
    deal dl = to_dds_deal(position);
    futureTricks fut{};
    int rc = SolveBoard(dl, -1, 1, 1, &fut, 0);
    if (rc != RETURN_NO_FAULT) throw Error(dds_error(rc));
    return team_tricks(position, team_of(position.to_play)) + fut.score[0];
}

std::vector<int> dds_analyse_play(const Position& start, const std::vector<Card>& play, Team team) {
    check_rules(start);
    if (!start.trick.empty()) throw Error("dds_analyse_play starts between tricks");
    if (play.size() > 52) throw Error("dds_analyse_play: more than 52 cards");
    init_dds();
    deal dl = to_dds_deal(start);
    playTraceBin trace{};
    trace.number = static_cast<int>(play.size());
    for (std::size_t i = 0; i < play.size(); ++i) {
        trace.suit[i] = index(play[i].suit());
        trace.rank[i] = static_cast<int>(play[i].rank());
    }
    solvedPlay solved{};
    int rc = AnalysePlayBin(dl, trace, &solved, 0);
    if (rc != RETURN_NO_FAULT) throw Error(dds_error(rc));
    if (solved.number < 1 || solved.number > trace.number + 1) {
        throw Error("AnalysePlayBin returned " + std::to_string(solved.number) + " values for " +
                    std::to_string(trace.number) + " cards");
    }
    // DDS counts the remaining tricks of the declarer's side, the side to the right of the
    // opening leader: the side not on lead.
    Team declarer = opponent(team_of(start.to_play));
    int remaining = 0;
    for (CardSet h : start.hands) remaining += h.size();
    remaining /= 4;
    std::vector<int> totals;
    for (int i = 0; i < solved.number; ++i) {
        int declarer_total = team_tricks(start, declarer) + solved.tricks[i];
        int total = team == declarer ? declarer_total
                                     : team_tricks(start, team) + remaining - solved.tricks[i];
        totals.push_back(total);
    }
    return totals;
}

}  // namespace spadework::dds_oracle
