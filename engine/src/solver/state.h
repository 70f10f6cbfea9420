// The search's view of a position: the four hands as bit sets, the trick in progress, and
// play/undo over a stack of small records (the search never copies the position).
#pragma once

#include <array>
#include <cstdint>

#include "bits.h"

namespace SPADEWORK_SOLVER_NAMESPACE {

// The play rules the search needs, read once from the RuleSet.
struct PlayRules {
    bool lead_after_broken = true;  // spades_lead=AfterBroken
    bool break_any_spade = true;    // spades_break=AnySpade (else Trump or Never)
    bool spades_break = true;       // false: spades_break=Never, they are never broken
    bool operator==(const PlayRules&) const = default;
};

// A complete trick, kept to undo it.
struct TrickRecord {
    std::uint8_t cards[4];  // in play order
    std::int8_t leader;
    std::int8_t winner;
    std::int8_t win_pos;
    std::uint16_t in_trick[4];        // its cards per suit
    std::uint16_t honours_before[2];  // honours won per team before the trick
    std::uint64_t rank_win;           // the winning card when it won by rank, else 0
};

// Seats are 0..3 (N, E, S, W), teams seat & 1, suits 0..3 with spades 0.
struct State {
    PlayRules rules;
    std::uint64_t hand[4] = {};       // the cards each seat holds
    std::uint16_t remaining[4] = {};  // per suit: the cards any seat holds
    std::uint16_t in_trick[4] = {};   // per suit: the cards of the trick in progress
    int leader = 0;                   // the seat that led (or leads) the trick in progress
    int count = 0;                    // cards played to the trick in progress (0..3)
    std::uint8_t trick[4] = {};       // its cards in play order
    int win_pos = 0;                  // the position in trick of the card winning it so far
    bool broken = false;
    bool two_clubs_first = false;  // the root must lead the 2C (TwoOfClubs, first trick)
    int tricks_left = 0;           // tricks not complete, the one in progress included
    std::array<int, 4> taken{};    // tricks won per seat, in the hand so far
    // Honours (AH KH QH JH) won per team so far, as heart rank bits.
    std::uint16_t honours_won[2] = {};
    // Suit lengths of spades, hearts and diamonds, 4 bits each at 4 * (3 * seat + suit): the
    // exact part of the table key, kept up to date by play and undo.
    std::uint64_t lengths = 0;

    int ply = 0;  // cards played since the root
    struct Saved {
        bool broken;
        std::int8_t win_pos;
    };
    Saved saved[kMaxCards + 1] = {};
    TrickRecord history[14] = {};
    int history_size = 0;

    int to_play() const { return (leader + count) & 3; }
    int winner_so_far() const { return (leader + win_pos) & 3; }
    // The cards of a suit in play: held, or in the trick in progress.
    std::uint16_t in_play(int suit) const { return remaining[suit] | in_trick[suit]; }

    // The legal cards of the seat to play, as HandState defines them.
    std::uint64_t legal_moves() const {
        int seat = to_play();
        std::uint64_t h = hand[seat];
        if (count == 0) {
            constexpr int two_clubs = make_card(3, 2);
            if (two_clubs_first && ply == 0 && (h & card_bit(two_clubs))) {
                return card_bit(two_clubs);
            }
            if (rules.lead_after_broken && !broken) {
                std::uint64_t others = h & ~kSuitMask;
                if (others) return others;
            }
            return h;
        }
        int led = suit_of(trick[0]);
        std::uint64_t follow = h & (kSuitMask << (16 * led));
        return follow ? follow : h;
    }

    // Whether card a (already in the trick, winning) is beaten by card b played after it.
    static bool beats(int b, int a) {
        if (suit_of(b) == suit_of(a)) return rank_of(b) > rank_of(a);
        return suit_of(b) == kSpades;
    }

    // Plays a card of the seat to play. Returns true when it completes a trick.
    bool play(int card) {
        int seat = to_play();
        int suit = suit_of(card);
        std::uint16_t rbit = static_cast<std::uint16_t>(1u << rank_of(card));
        hand[seat] &= ~card_bit(card);
        remaining[suit] &= static_cast<std::uint16_t>(~rbit);
        in_trick[suit] |= rbit;
        if (suit < 3) lengths -= std::uint64_t{1} << (4 * (3 * seat + suit));
        saved[ply] = Saved{broken, static_cast<std::int8_t>(win_pos)};
        if (suit == kSpades && !broken) {
            broken = rules.spades_break &&
                     (rules.break_any_spade || (count > 0 && suit_of(trick[0]) != kSpades));
        }
        ++ply;
        trick[count] = static_cast<std::uint8_t>(card);
        if (count == 0 || beats(card, trick[win_pos])) win_pos = count;
        if (++count < 4) return false;
        // The trick is complete.
        TrickRecord& rec = history[history_size++];
        for (int i = 0; i < 4; ++i) {
            rec.cards[i] = trick[i];
            rec.in_trick[i] = in_trick[i];
            in_trick[i] = 0;
        }
        rec.leader = static_cast<std::int8_t>(leader);
        rec.win_pos = static_cast<std::int8_t>(win_pos);
        int winner = (leader + win_pos) & 3;
        rec.winner = static_cast<std::int8_t>(winner);
        int w = trick[win_pos];
        // It won by rank when another card of its suit was in the trick.
        rec.rank_win =
            (rec.in_trick[suit_of(w)] & (rec.in_trick[suit_of(w)] - 1)) ? card_bit(w) : 0;
        rec.honours_before[0] = honours_won[0];
        rec.honours_before[1] = honours_won[1];
        honours_won[winner & 1] |= static_cast<std::uint16_t>(rec.in_trick[kHearts] & 0x7800);
        ++taken[winner];
        leader = winner;
        count = 0;
        win_pos = 0;
        --tricks_left;
        return true;
    }

    // The winning card of the last complete trick, when it won by rank (another card of its
    // suit was in the trick); 0 when it won for want of competition.
    std::uint64_t last_trick_rank_win() const { return history[history_size - 1].rank_win; }
    int last_trick_winner() const { return history[history_size - 1].winner; }

    void undo() {
        if (count == 0) {
            // Reopen the last complete trick.
            const TrickRecord& rec = history[--history_size];
            leader = rec.leader;
            --taken[rec.winner];
            honours_won[0] = rec.honours_before[0];
            honours_won[1] = rec.honours_before[1];
            for (int i = 0; i < 4; ++i) {
                trick[i] = rec.cards[i];
                in_trick[i] = rec.in_trick[i];
            }
            count = 4;
            ++tricks_left;
        }
        --ply;
        broken = saved[ply].broken;
        win_pos = saved[ply].win_pos;
        int card = trick[--count];
        int seat = (leader + count) & 3;
        int suit = suit_of(card);
        std::uint16_t rbit = static_cast<std::uint16_t>(1u << rank_of(card));
        hand[seat] |= card_bit(card);
        remaining[suit] |= rbit;
        in_trick[suit] &= static_cast<std::uint16_t>(~rbit);
        if (suit < 3) lengths += std::uint64_t{1} << (4 * (3 * seat + suit));
    }
};

// Whether two states are the same position of play: the cards held, the trick in progress,
// the tricks won, the lead and spades broken (the search's own bookkeeping aside). Honours won
// are not compared: only the score objective needs them.
inline bool same_play(const State& a, const State& b) {
    if (a.leader != b.leader || a.count != b.count || a.tricks_left != b.tricks_left ||
        a.broken != b.broken || a.taken != b.taken || !(a.rules == b.rules)) {
        return false;
    }
    for (int i = 0; i < 4; ++i) {
        if (a.hand[i] != b.hand[i]) return false;
    }
    for (int i = 0; i < a.count; ++i) {
        if (a.trick[i] != b.trick[i]) return false;
    }
    return true;
}

}  // namespace SPADEWORK_SOLVER_NAMESPACE
