#include "bounds.h"

#include <algorithm>

namespace SPADEWORK_SOLVER_NAMESPACE {

namespace {

constexpr int kMany = 99;
constexpr int kLeader = 0;
constexpr int kLho = 1;
constexpr int kPartner = 2;
constexpr int kRho = 3;

// The ranks from r up matter in suit s.
void mark(std::uint64_t& relevant, int suit, int rank) {
    relevant |= suit_set(static_cast<std::uint16_t>(1u << rank), suit);
}

// How many of the highest cards in play (all) a hand holds without a gap (mine), and the
// lowest of them.
int top_run(std::uint16_t mine, std::uint16_t all, int& lowest) {
    int n = 0;
    while (all) {
        int r = highest_rank(all);
        if (!((mine >> r) & 1)) break;
        ++n;
        lowest = r;
        all &= static_cast<std::uint16_t>(~(1u << r));
    }
    return n;
}

std::uint16_t without_lowest(std::uint16_t m) {
    return static_cast<std::uint16_t>(m & (m - 1));
}

// Spade tricks a side (hands a and b) surely takes against the other side's spades (theirs):
// each spade of one hand above all of theirs wins the trick it falls in; and the two highest
// spades, split between a and b, win two tricks while one of the two holds another spade (the
// pair can then always be kept apart).
int sure_spades(std::uint16_t a, std::uint16_t b, std::uint16_t theirs, std::uint64_t& relevant) {
    int count;
    std::uint64_t rel = 0;
    if (theirs) {
        int top = highest_rank(theirs);
        std::uint16_t above = at_or_above(top + 1);
        count = std::max(suit_count(a & above), suit_count(b & above));
        if (count) mark(rel, kSpades, top);
    } else {
        count = std::max(suit_count(a), suit_count(b));
    }
    std::uint16_t all = a | b | theirs;
    if (count < 2 && suit_count(all) >= 2) {
        int first = highest_rank(all);
        int second = highest_rank(static_cast<std::uint16_t>(all & ~(1u << first)));
        std::uint16_t pair = static_cast<std::uint16_t>((1u << first) | (1u << second));
        bool split = ((a & pair) && (b & pair) && !(theirs & pair));
        if (split && (suit_count(a) >= 2 || suit_count(b) >= 2)) {
            count = 2;
            rel = 0;
            mark(rel, kSpades, second);
        }
    }
    relevant = rel;
    return count;
}

// A trick start seen from the leader: hand[0] the leader, then its left-hand opponent, its
// partner and its right-hand opponent, each as four suit masks.
struct Table {
    std::uint16_t hand[4][4];
    bool open;             // spades may be led by anyone (spades_lead=anytime, or broken)
    bool break_any;        // spades_break=AnySpade
    bool can_break;        // spades_break is not Never
    bool can_lead_spades;  // by the leader: open, or it holds nothing else

    std::uint16_t all(int s) const { return hand[0][s] | hand[1][s] | hand[2][s] | hand[3][s]; }
    int len(int who, int s) const { return suit_count(hand[who][s]); }
    int others(int who) const {  // cards other than spades
        return suit_count(hand[who][1]) + suit_count(hand[who][2]) + suit_count(hand[who][3]);
    }
};

Table table_of(const State& st) {
    Table t;
    for (int i = 0; i < 4; ++i) {
        for (int s = 0; s < 4; ++s) t.hand[i][s] = suit_bits(st.hand[(st.leader + i) & 3], s);
    }
    bool only_spades = (st.hand[st.leader] & ~kSuitMask) == 0;
    t.open = !st.rules.lead_after_broken || st.broken;
    t.break_any = st.rules.break_any_spade;
    t.can_break = st.rules.spades_break;
    t.can_lead_spades = t.open || only_spades;
    return t;
}

// The table after a trick won by the leader's partner, who leads next: `lead` and `win` are
// the cards the leader and its partner played, the opponents followed with their lowest
// card of the suit led (keeping their cards when void, which only helps them).
Table pass_lead(const Table& t, int suit, std::uint16_t lead_bit, int win_suit,
                std::uint16_t win_bit) {
    Table n;
    const int order[4] = {kPartner, kRho, kLeader, kLho};
    for (int i = 0; i < 4; ++i) {
        for (int s = 0; s < 4; ++s) n.hand[i][s] = t.hand[order[i]][s];
    }
    n.hand[2][suit] &= static_cast<std::uint16_t>(~lead_bit);
    n.hand[0][win_suit] &= static_cast<std::uint16_t>(~win_bit);
    n.hand[1][suit] = without_lowest(n.hand[1][suit]);
    n.hand[3][suit] = without_lowest(n.hand[3][suit]);
    // A spade led breaks them under AnySpade; a ruff breaks them under both rules.
    n.break_any = t.break_any;
    n.can_break = t.can_break;
    n.open = t.open || (t.can_break && ((suit == kSpades && t.break_any) ||
                                        (win_suit == kSpades && suit != kSpades)));
    bool only_spades = !(n.hand[0][1] | n.hand[0][2] | n.hand[0][3]);
    n.can_lead_spades = n.open || only_spades;
    return n;
}

// The leader cashing its own winners: its top spades while a spade may be led, then its top
// cards of the other suits while every opponent who holds a spade still follows suit. The
// partner discards while it has cards other than spades; once it has none it would have to
// ruff and take the lead, so the count stops there. Or, if more, the spades of one hand of
// the side that beat every opponent's spade: each wins the trick it falls in.
//
// With `later_spades`, when the leader cashes no spade, the side's spades that win whatever
// the play (step 1) add to the other suits' tricks: while cashing those, the leader plays
// other suits and its partner follows or discards other suits, so both keep their spades.
int cash(const Table& t, int enough, std::uint64_t& relevant, bool later_spades) {
    const auto& h = t.hand;
    // 1. Spades that win whatever the play.
    std::uint16_t opp_spades = h[kLho][kSpades] | h[kRho][kSpades];
    std::uint64_t trump_relevant = 0;
    int trump_count =
        sure_spades(h[kLeader][kSpades], h[kPartner][kSpades], opp_spades, trump_relevant);
    if (trump_count >= enough) {
        relevant = trump_relevant;
        return trump_count;
    }

    // 2. The leader's top spades.
    std::uint64_t plan_relevant = 0;
    bool opp_trumps = opp_spades != 0;
    int cashed_spades = 0;
    std::uint16_t mine = h[kLeader][kSpades];
    if (t.can_lead_spades && mine) {
        int low = 0;
        int run = top_run(mine, t.all(kSpades), low);
        cashed_spades = run;
        int longest_opp = std::max(t.len(kLho, kSpades), t.len(kRho, kSpades));
        if (run >= longest_opp) {
            // The opponents' spades fall (or there are none): every spade of the leader wins
            // while the partner follows under it or has run out.
            opp_trumps = false;
            std::uint16_t part = h[kPartner][kSpades];
            bool part_gone = t.len(kPartner, kSpades) <= run;
            if (part_gone || highest_rank(part) < lowest_rank(mine)) {
                cashed_spades = suit_count(mine);
                if (opp_spades) mark(plan_relevant, kSpades, low);
                if (!part_gone) mark(plan_relevant, kSpades, lowest_rank(mine));
            } else if (run) {
                mark(plan_relevant, kSpades, low);
            }
        } else if (run) {
            mark(plan_relevant, kSpades, low);
        }
    }
    bool only_spades = !(h[kLeader][1] | h[kLeader][2] | h[kLeader][3]);
    if (only_spades) {
        if (trump_count >= cashed_spades) {
            relevant = trump_relevant;
            return trump_count;
        }
        relevant = plan_relevant;
        return cashed_spades;
    }

    // 3. The other suits.
    bool o1_ruffs = opp_trumps && h[kLho][kSpades];
    bool o2_ruffs = opp_trumps && h[kRho][kSpades];
    int side = 0;
    int partner_spades = t.len(kPartner, kSpades);
    int partner_others =
        std::max(0, t.others(kPartner) - std::max(0, cashed_spades - partner_spades));
    if (cashed_spades >= enough) {
        relevant = plan_relevant;
        return cashed_spades;
    }
    for (int s = 1; s < 4; ++s) {
        std::uint16_t own = h[kLeader][s];
        if (!own) continue;
        int len1 = t.len(kLho, s);
        int len2 = t.len(kRho, s);
        int safe = kMany;
        if (o1_ruffs) safe = std::min(safe, len1);
        if (o2_ruffs) safe = std::min(safe, len2);
        if (safe == 0) continue;
        int low = 0;
        int run = top_run(own, t.all(s), low);
        int q = std::min(run, safe);
        bool all_win = false;
        if (safe == kMany && std::max(len1, len2) <= run) {
            // The opponents run out with no spade to ruff: the small cards win too, while
            // the partner has run out or stays under them.
            std::uint16_t part = h[kPartner][s];
            bool part_gone = suit_count(part) <= run;
            if (part_gone || highest_rank(part) < lowest_rank(own)) {
                all_win = true;
                q = suit_count(own);
                if (len1 || len2) mark(plan_relevant, s, low);
                if (!part_gone) mark(plan_relevant, s, lowest_rank(own));
            }
        }
        if (!all_win && q) mark(plan_relevant, s, low);
        side += q;
        if (cashed_spades + std::min(side, partner_others) >= enough) break;
    }
    int plan = cashed_spades + std::min(side, partner_others);
    if (later_spades && cashed_spades == 0 && trump_count > 0 && plan > 0) {
        relevant = plan_relevant | trump_relevant;
        return plan + trump_count;
    }
    if (trump_count > plan) {
        relevant = trump_relevant;
        return trump_count;
    }
    relevant = plan_relevant;
    return plan;
}

// Quick tricks with one crossing: the leader's own, or one trick won by the partner (its top
// card of a suit the leader leads, or a ruff) followed by the partner's own.
int quick(const Table& t, int enough, std::uint64_t& relevant, bool later_spades) {
    std::uint64_t rel = 0;
    int best = cash(t, enough, rel, later_spades);
    relevant = rel;
    if (best >= enough) return best;
    const auto& h = t.hand;
    for (int s = 0; s < 4; ++s) {
        std::uint16_t own = h[kLeader][s];
        if (!own || (s == kSpades && !t.can_lead_spades)) continue;
        std::uint16_t all = t.all(s);
        int top = highest_rank(all);
        std::uint16_t lead_bit = static_cast<std::uint16_t>(own & (~own + 1));  // lowest
        std::uint64_t plan_rel = 0;
        Table next;
        if ((h[kPartner][s] >> top) & 1) {
            // 1. The partner's top card, led to.
            if (s != kSpades) {
                bool lho_ruffs = !h[kLho][s] && h[kLho][kSpades];
                bool rho_ruffs = !h[kRho][s] && h[kRho][kSpades];
                if (lho_ruffs || rho_ruffs) continue;
            }
            mark(plan_rel, s, top);
            next = pass_lead(t, s, lead_bit, s, static_cast<std::uint16_t>(1u << top));
        } else if (s != kSpades && !h[kPartner][s] && h[kPartner][kSpades]) {
            // 2. A ruff by the partner while both opponents follow suit (or hold no spade: an
            // opponent who could ruff might rather discard and ruff a later trick).
            bool lho_ruffs = !h[kLho][s] && h[kLho][kSpades];
            bool rho_ruffs = !h[kRho][s] && h[kRho][kSpades];
            if (lho_ruffs || rho_ruffs) continue;
            std::uint16_t ruffs = h[kPartner][kSpades];
            std::uint16_t ruff_bit = static_cast<std::uint16_t>(ruffs & (~ruffs + 1));
            next = pass_lead(t, s, lead_bit, kSpades, ruff_bit);
        } else {
            continue;
        }
        if (!(next.hand[0][0] | next.hand[0][1] | next.hand[0][2] | next.hand[0][3])) {
            // The partner has no card left: the hand is over.
            if (1 > best) {
                best = 1;
                relevant = plan_rel;
            }
            continue;
        }
        std::uint64_t more_rel = 0;
        int value = 1 + cash(next, enough - 1, more_rel, later_spades);
        if (value > best) {
            best = value;
            relevant = plan_rel | more_rel;
            if (best >= enough) return best;
        }
    }
    return best;
}

}  // namespace

int quick_tricks(const State& st, int enough, std::uint64_t& relevant) {
    return quick(table_of(st), enough, relevant, false);
}

int quick_tricks_later_spades(const State& st, int enough, std::uint64_t& relevant) {
    return quick(table_of(st), enough, relevant, true);
}

int sure_tricks_against(const State& st, std::uint64_t& relevant) {
    const Table t = table_of(st);
    const auto& h = t.hand;

    // 1. Spades of the other side that win whatever the play.
    std::uint16_t side_spades = h[kLeader][kSpades] | h[kPartner][kSpades];
    std::uint64_t trump_relevant = 0;
    int trump_count = sure_spades(h[kLho][kSpades], h[kRho][kSpades], side_spades, trump_relevant);
    if (trump_count) {
        relevant = trump_relevant;
        return trump_count;
    }

    // 2. This trick: every suit the leader may lead has its top card with an opponent, and
    // the partner cannot ruff it.
    bool restricted = !t.can_lead_spades;
    std::uint64_t lost_relevant = 0;
    for (int s = restricted ? 1 : 0; s < 4; ++s) {
        if (!h[kLeader][s]) continue;
        int top = highest_rank(t.all(s));
        std::uint16_t bit = static_cast<std::uint16_t>(1u << top);
        if (!((h[kLho][s] | h[kRho][s]) & bit)) return 0;
        if (s != kSpades && !h[kPartner][s] && h[kPartner][kSpades]) return 0;
        mark(lost_relevant, s, top);
    }
    relevant = lost_relevant;
    return 1;
}

int long_spade_tricks(const State& st, bool leaders, std::uint64_t& relevant) {
    const int first = leaders ? st.leader : (st.leader + 1) & 3;
    const std::uint16_t theirs =
        suit_bits(st.hand[(first + 1) & 3], kSpades) | suit_bits(st.hand[(first + 3) & 3], kSpades);
    int best = 0;
    int best_low = -1;
    for (int who : {first, first ^ 2}) {
        std::uint16_t mine = suit_bits(st.hand[who], kSpades);
        int n = suit_count(mine);
        if (n <= best) continue;
        // The most of these spades the other side can beat, each with its own higher spade:
        // from the lowest up, each takes the lowest spade of theirs above it.
        std::uint16_t avail = theirs;
        int beaten = 0;
        for (std::uint16_t m = mine; m && avail; m = without_lowest(m)) {
            std::uint16_t above = avail & at_or_above(lowest_rank(m) + 1);
            if (!above) break;
            avail = without_lowest(avail & above) | (avail & ~above);
            ++beaten;
        }
        if (n - beaten > best) {
            best = n - beaten;
            best_low = lowest_rank(mine);
        }
    }
    if (best > 0) {
        if (theirs) mark(relevant, kSpades, best_low);
        return best;
    }
    // A hand not on lead whose top spade only its right-hand opponent beats, and with fewer
    // such spades than it holds: the side takes a trick (kept, that spade wins the first trick
    // it can be played to with no higher one before it).
    for (int who : {first, first ^ 2}) {
        std::uint16_t mine = suit_bits(st.hand[who], kSpades);
        if (who == st.leader || !mine) continue;
        int top = highest_rank(mine);
        std::uint16_t above = st.remaining[kSpades] & at_or_above(top + 1);
        if (above & suit_bits(st.hand[(who + 1) & 3], kSpades)) continue;
        if (suit_count(above & suit_bits(st.hand[(who + 3) & 3], kSpades)) < suit_count(mine)) {
            mark(relevant, kSpades, top);
            return 1;
        }
    }
    return 0;
}

namespace {

// Whether `who`, still to play to a trick led in `led`, can beat card c.
bool can_beat(const State& st, int who, int c, int led) {
    std::uint16_t follow = suit_bits(st.hand[who], led);
    if (follow) return suit_of(c) == led && highest_rank(follow) > rank_of(c);
    std::uint16_t spades = suit_bits(st.hand[who], kSpades);
    if (!spades) return false;
    return suit_of(c) != kSpades || highest_rank(spades) > rank_of(c);
}

}  // namespace

int trick_decided(const State& st, std::uint64_t& relevant) {
    const int me = st.to_play();
    const int led = suit_of(st.trick[0]);
    const int w = st.trick[st.win_pos];
    const int ws = st.winner_so_far();
    // 1. The card winning so far stays winning when nobody of the other side still to play
    // can beat it.
    bool beaten = false;
    for (int p = st.count; p < 4 && !beaten; ++p) {
        int who = (st.leader + p) & 3;
        if ((who & 1) != (ws & 1)) beaten = can_beat(st, who, w, led);
    }
    if (!beaten) {
        mark(relevant, suit_of(w), rank_of(w));
        return (ws & 1) == (me & 1) ? 1 : -1;
    }
    if (st.count == 1) {
        // 2. Second hand: our side holds the best card of the suit led out of the third
        // hand's reach, or ruffs above it.
        const int z = (me + 1) & 3;  // the leader's partner, third to play
        const int y = me ^ 2;        // my partner, last to play
        std::uint16_t z_led = suit_bits(st.hand[z], led);
        std::uint16_t z_spades = suit_bits(st.hand[z], kSpades);
        std::uint16_t ours_led = suit_bits(st.hand[me], led) | suit_bits(st.hand[y], led);
        if (ours_led) {
            int best = highest_rank(ours_led);
            bool above_lead = best > rank_of(st.trick[0]);
            bool above_z = !z_led || best > highest_rank(z_led);
            bool z_cannot_ruff = led == kSpades || z_led || !z_spades;
            if (above_lead && above_z && z_cannot_ruff) {
                mark(relevant, led, best);
                return 1;
            }
        }
        if (led == kSpades) return 0;
        std::uint16_t ruffer = 0;
        if (!suit_bits(st.hand[me], led)) ruffer |= suit_bits(st.hand[me], kSpades);
        if (!suit_bits(st.hand[y], led)) ruffer |= suit_bits(st.hand[y], kSpades);
        if (!ruffer) return 0;
        if (z_led || !z_spades) return 1;
        if (highest_rank(ruffer) > highest_rank(z_spades)) {
            mark(relevant, kSpades, highest_rank(z_spades));
            return 1;
        }
        return 0;
    }
    if (st.count == 2) {
        // 3. Third hand: a card above the trick that the last hand cannot beat.
        const int last = (me + 1) & 3;
        std::uint16_t follow = suit_bits(st.hand[me], led);
        int c = -1;
        if (follow) {
            if (suit_of(w) == led && highest_rank(follow) > rank_of(w))
                c = make_card(led, highest_rank(follow));
        } else {
            std::uint16_t spades = suit_bits(st.hand[me], kSpades);
            if (spades && (suit_of(w) != kSpades || highest_rank(spades) > rank_of(w))) {
                c = make_card(kSpades, highest_rank(spades));
            }
        }
        if (c >= 0 && !can_beat(st, last, c, led)) {
            mark(relevant, suit_of(c), rank_of(c));
            return 1;
        }
    }
    return 0;
}

bool nil_wins_trick(const State& st, int nil_seat, std::uint64_t& relevant) {
    if (st.count == 0 || st.winner_so_far() != nil_seat) return false;
    const int led = suit_of(st.trick[0]);
    const int w = st.trick[st.win_pos];
    for (int p = st.count; p < 4; ++p) {
        if (can_beat(st, (st.leader + p) & 3, w, led)) return false;
    }
    mark(relevant, suit_of(w), rank_of(w));
    return true;
}

}  // namespace SPADEWORK_SOLVER_NAMESPACE
