#include "nil.h"

#include "bounds.h"
#include "root.h"

namespace SPADEWORK_SOLVER_NAMESPACE {

namespace {

// Whether the nil bidder's spades force it to win a trick. Every card is played by the hand's
// end, and a spade wins its trick unless a higher spade falls in the same trick: each of the
// nil bidder's spades needs a higher spade of another hand of its own, in a trick of its own.
// With its spades from the highest down, the i-th needs at least i higher spades among the
// others'. When that fails the nil is broken whatever the play; the proof rests on the holders
// of the spades from the one that failed up.
bool spades_force_a_trick(const State& st, int nil_seat, std::uint64_t& relevant) {
    std::uint16_t mine = suit_bits(st.hand[nil_seat], kSpades);
    const std::uint16_t others = st.remaining[kSpades] & static_cast<std::uint16_t>(~mine);
    for (int i = 1; mine; ++i) {
        const int r = highest_rank(mine);
        mine &= static_cast<std::uint16_t>(~(1u << r));
        if (suit_count(others & at_or_above(r + 1)) < i) {
            relevant |= suit_set(static_cast<std::uint16_t>(1u << r), kSpades);
            return true;
        }
    }
    return false;
}

// Whether the partner covers the nil bidder in a suit: it holds at least as many of the
// suit's cards, and its i-th highest is above the bidder's i-th highest. When the suit is led
// both follow, the partner with its highest card and the bidder with its own: the partner's
// wins over the bidder's, and the order holds for the cards left. Discards keep it too: the
// bidder discards its highest card of a suit; the partner discards a spade, a card of a suit
// it does not cover, or its lowest card of a covered suit where it holds more than the bidder;
// when it holds nothing else it and the bidder hold only the covered suits, card for card, so
// the bidder is void in the suit led as well, and whichever of the two plays second discards
// from the suit the other did (the partner its lowest, the bidder its highest).
bool partner_covers(std::uint16_t mine, std::uint16_t mate) {
    if (suit_count(mate) < suit_count(mine)) return false;
    for (; mine; mine &= static_cast<std::uint16_t>(~(1u << highest_rank(mine))),
                 mate &= static_cast<std::uint16_t>(~(1u << highest_rank(mate)))) {
        if (highest_rank(mate) < highest_rank(mine)) return false;
    }
    return true;
}

// Whether the nil bidder, holding no spade and not on lead, can duck every trick whatever the
// others play. It never leads (it wins no trick), never ruffs (no spade), and discards when
// void. In each suit it holds, either the partner covers it (above), or its i-th lowest card
// is below the i-th lowest card of the others' (as far as both go); then, when the suit is
// led with a card x, some card of its own is below x, and playing the highest such card
// (discarding the highest card of a suit when void) keeps that order for the cards left: what
// the others play only raises their i-th lowest card. A suit the others hold none of is only
// ever discarded. The proof rests on the order of every card of each suit it ducks in, and on
// the holders of the cards from its lowest up in each suit its partner covers.
bool ducks_every_trick(const State& st, int nil_seat, std::uint64_t& relevant) {
    const std::uint64_t hand = st.hand[nil_seat];
    if (suit_bits(hand, kSpades) || st.leader == nil_seat) return false;
    const std::uint64_t partner_hand = st.hand[(nil_seat + 2) & 3];
    std::uint64_t marks = 0;
    for (int s = 1; s < 4; ++s) {
        const std::uint16_t held = suit_bits(hand, s);
        std::uint16_t mine = held;
        std::uint16_t others = st.remaining[s] & static_cast<std::uint16_t>(~mine);
        if (!mine || !others) continue;
        bool below = true;
        for (; mine && others; mine &= mine - 1, others &= others - 1) {
            if (lowest_rank(mine) > lowest_rank(others)) {
                below = false;
                break;
            }
        }
        if (below) {
            marks |= suit_set(static_cast<std::uint16_t>(1u << lowest_rank(st.remaining[s])), s);
        } else if (partner_covers(held, suit_bits(partner_hand, s))) {
            marks |= suit_set(static_cast<std::uint16_t>(1u << lowest_rank(held)), s);
        } else {
            return false;
        }
    }
    relevant |= marks;
    return true;
}

}  // namespace

bool NilGoal::settled(const State& st, int& value) const {
    if (st.taken[nil_] > 0) {
        value = 0;
        return true;
    }
    if (st.tricks_left == 0) {
        value = 1;
        return true;
    }
    return false;
}

bool NilGoal::bounds(const State& st, std::uint64_t& relevant, int& value) const {
    if (spades_force_a_trick(st, nil_, relevant)) {
        value = 0;
        return true;
    }
    if (ducks_every_trick(st, nil_, relevant)) {
        value = 1;
        return true;
    }
    return false;
}

bool NilGoal::mid_trick(const State& st, std::uint64_t& relevant, int& value) const {
    if (!nil_wins_trick(st, nil_, relevant)) return false;
    value = 0;
    return true;
}

bool nil_kept(State& st, TransTable& tt, std::uint64_t context, int nil_seat, NilRun& run) {
    return test_here(st, tt, NilGoal(nil_seat, context), run) >= 1;
}

std::optional<bool> nil_kept_within(State& st, TransTable& tt, std::uint64_t context, int nil_seat,
                                    NilRun& run, std::uint64_t max_nodes) {
    try {
        return test_here(st, tt, NilGoal(nil_seat, context), run, max_nodes) >= 1;
    } catch (const BudgetSpent&) {
        return std::nullopt;
    }
}

std::vector<bool> nil_kept_per_move(State& st, TransTable& tt, std::uint64_t context, int nil_seat,
                                    const std::vector<Move>& moves, NilRun& run) {
    std::vector<bool> out;
    out.reserve(moves.size());
    NilGoal goal(nil_seat, context);
    for (const Move& m : moves) out.push_back(test_after(st, tt, goal, m.card, run) >= 1);
    return out;
}

}  // namespace SPADEWORK_SOLVER_NAMESPACE
