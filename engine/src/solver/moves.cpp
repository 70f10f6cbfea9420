#include "moves.h"

#include <algorithm>

namespace SPADEWORK_SOLVER_NAMESPACE {

namespace {

// What every weight of one node looks at: the seats around the player to move and their
// suit holdings.
struct View {
    const State& st;
    int seat;
    int partner;
    int lho;
    int rho;
    std::uint16_t h[4][4];  // [seat][suit]

    explicit View(const State& s) : st(s), seat(s.to_play()) {
        partner = seat ^ 2;
        lho = (seat + 1) & 3;
        rho = (seat + 3) & 3;
        for (int w = 0; w < 4; ++w) {
            for (int u = 0; u < 4; ++u) h[w][u] = suit_bits(s.hand[w], u);
        }
    }
    int len(int who, int suit) const { return suit_count(h[who][suit]); }
    bool has_spades(int who) const { return h[who][kSpades] != 0; }
    int holder(int suit, int rank) const {
        if (rank < 0) return -1;
        for (int w = 0; w < 4; ++w) {
            if ((h[w][suit] >> rank) & 1) return w;
        }
        return -1;
    }
    // Discard from long suits, not from a guarded second-best card.
    int discard_bonus(int suit) const {
        int n = len(seat, suit);
        int add = n * 64 / 36;
        if (n == 2 && suit != kSpades) {
            std::uint16_t all = st.in_play(suit);
            std::uint16_t rest = all & static_cast<std::uint16_t>(~(1u << highest_rank(all)));
            if (rest && ((h[seat][suit] >> highest_rank(rest)) & 1)) add -= 4;
        }
        return add;
    }
};

// The lead (tricks), weighed after DDS's principles: suits where the opponents have few
// cards but are not void (a small tree), where the side holds the top cards, where the
// partner can ruff; not into a right-hand opponent's top cards.
struct LeadSuit {
    int top = 0;
    int second = -1;
    int top_h = -1;
    int second_h = -1;
    int sw = 0;            // the suit's share of the weight
    int sw_losing = 0;     // added when the card led does not win
    bool win_top = false;  // the top card takes the trick
    bool win_any = false;  // any card does: the partner's best or its ruff
    bool singleton_top_opp = false;
};

LeadSuit lead_suit(const View& v, int s) {
    const State& st = v.st;
    LeadSuit f;
    std::uint16_t all = st.remaining[s];
    f.top = highest_rank(all);
    all &= static_cast<std::uint16_t>(~(1u << f.top));
    f.second = all ? highest_rank(all) : -1;
    if (all) all &= static_cast<std::uint16_t>(~(1u << f.second));
    int third = all ? highest_rank(all) : -1;
    f.top_h = v.holder(s, f.top);
    f.second_h = v.holder(s, f.second);
    int third_h = v.holder(s, third);
    const int llho = v.len(v.lho, s);
    const int lrho = v.len(v.rho, s);
    const int lpart = v.len(v.partner, s);
    const int cl = (llho ? llho : st.tricks_left) * 4;
    const int cr = (lrho ? lrho : st.tricks_left) * 4;
    int sw = -((cl + cr) * 32) / 13;
    bool opp_ruff = false;
    if (s != kSpades) {
        opp_ruff = (llho == 0 && v.has_spades(v.lho)) || (lrho == 0 && v.has_spades(v.rho));
        if (opp_ruff) sw -= 12;
        if (lpart == 0 && v.has_spades(v.partner) && lrho > 0) sw += 17;
        if (v.len(v.seat, s) == 1 && v.has_spades(v.seat) && lpart > 1 && f.top_h == v.partner) {
            sw += 19;
        }
    }
    if (f.top_h == v.rho || f.second_h == v.rho) {
        if (lrho != 1) sw -= 12;
    } else if (f.top_h == v.lho && f.second_h == v.partner && lpart != 1) {
        sw += 27;
    }
    f.sw = sw;
    std::uint16_t part = v.h[v.partner][s];
    std::uint16_t opps = v.h[v.lho][s] | v.h[v.rho][s];
    f.win_top = !opp_ruff;
    if (part && (!opps || highest_rank(part) > highest_rank(opps))) {
        f.win_any = !opp_ruff;
    } else if (s != kSpades && lpart == 0 && v.has_spades(v.partner)) {
        int ps = highest_rank(v.h[v.partner][kSpades]);
        auto overruffs = [&](int who) {
            return v.h[who][s] == 0 && v.h[who][kSpades] && highest_rank(v.h[who][kSpades]) > ps;
        };
        f.win_any = !overruffs(v.lho) && !overruffs(v.rho);
    }
    f.singleton_top_opp = (llho == 1 && f.top_h == v.lho) || (lrho == 1 && f.top_h == v.rho);
    if (f.second_h == v.partner && third_h == v.partner) {
        f.sw_losing = 20;
    } else if (lpart > 1 && ((f.second_h == v.seat && third_h == v.partner) ||
                             (f.second_h == v.partner && third_h == v.seat))) {
        f.sw_losing = 13;
    }
    return f;
}

int lead_weight(const View& v, const LeadSuit& f, int card, int low, bool preferred) {
    const int s = suit_of(card);
    const int r = rank_of(card);
    // The card's place from the top among the suit's cards in play (1 for the highest), as
    // DDS's relative rank: of two cards alike in the rest, the lower one comes first.
    const int rrank = suit_count(v.st.remaining[s] & at_or_above(r));
    const bool sequence = low != card;
    const bool win = (r == f.top && f.win_top) || f.win_any;
    if (win) {
        int w;
        if (f.singleton_top_opp)
            w = 35 + rrank;
        else if (f.top_h == v.seat)
            w = f.second_h == v.partner ? 48 + rrank : (r == f.top ? 31 : -3 + rrank);
        else if (f.top_h == v.partner)
            w = f.second_h == v.seat ? 42 + rrank : 28 + rrank;
        else if (sequence && r == f.second)
            w = 40;
        else if (sequence)
            w = 22 + rrank;
        else
            w = 11 + rrank;
        return f.sw + w + (preferred ? 55 : 0);
    }
    int w;
    if (f.singleton_top_opp)
        w = rrank + 2;
    else if (f.top_h == v.seat)
        w = f.second_h == v.partner ? 33 + rrank : (r == f.top ? 38 : -14 + rrank);
    else if (f.top_h == v.partner)
        w = 34 + rrank;
    else if (sequence && r == f.second)
        w = 35;
    else
        w = 17 - r;
    return f.sw + f.sw_losing + w + (preferred ? 18 : 0);
}

// Following (tricks): what the opponents still to play can do, once per node.
struct Follow {
    int led = 0;
    int winning = 0;  // the card winning the trick so far
    bool partner_winning = false;
    bool partner_sure = false;  // and no opponent still to play can beat it
    int opp_follow = 0;         // the best card of the suit led among them (rank, 0 none)
    bool opp_can_ruff = false;  // one of them is void in a side suit led and has spades
    int opp_ruff = 0;           // the best spade among those
};

Follow follow_facts(const View& v) {
    const State& st = v.st;
    Follow f;
    f.led = suit_of(st.trick[0]);
    f.winning = st.trick[st.win_pos];
    f.partner_winning = st.winner_so_far() == v.partner;
    for (int p = st.count + 1; p < 4; ++p) {
        int who = (st.leader + p) & 3;
        if ((who & 1) == (v.seat & 1)) continue;
        std::uint16_t follow = v.h[who][f.led];
        if (follow) {
            f.opp_follow = std::max(f.opp_follow, highest_rank(follow));
        } else if (f.led != kSpades && v.h[who][kSpades]) {
            f.opp_can_ruff = true;
            f.opp_ruff = std::max(f.opp_ruff, highest_rank(v.h[who][kSpades]));
        }
    }
    if (f.partner_winning) {
        int w = f.winning;
        if (suit_of(w) == f.led) {
            f.partner_sure = f.opp_follow < rank_of(w) && !f.opp_can_ruff;
        } else {  // the partner ruffed
            f.partner_sure = f.opp_ruff < rank_of(w);
        }
    }
    return f;
}

// Whether an opponent still to play can beat card c (which beats the trick so far).
bool opp_beats(const Follow& f, int c) {
    if (suit_of(c) == f.led) return f.opp_follow > rank_of(c) || f.opp_can_ruff;
    return f.opp_ruff > rank_of(c);
}

// Let a partner's sure winner stand and play low; otherwise win as cheaply as is sure, or
// force out the opponents' high cards; ruff cheaply, never over a partner's sure trick;
// discard from long suits.
int follow_weight(const View& v, const Follow& f, int card) {
    const int s = suit_of(card);
    const int r = rank_of(card);
    const bool beats = State::beats(card, f.winning);
    if (s == f.led) {
        if (f.partner_sure) return beats ? -30 - r : -r;
        if (beats) return opp_beats(f, card) ? 20 - r : 60 - r;
        return f.partner_winning ? -r : -10 - r;
    }
    int add = v.discard_bonus(s);
    if (s == kSpades) {
        if (f.partner_sure) return -40 - r + add;
        if (beats) return (opp_beats(f, card) ? 30 : 70) - r + add;
        return -30 - r + add;
    }
    return (f.partner_sure ? 25 : 0) - r + add;
}

// The second hand (tricks), after DDS's weights: whether the trick can end on our side,
// counting the partner, who plays last, and the third hand between us.
struct Second {
    int led = 0;
    int lead_rank = 0;
    int third = 0;   // the third hand (the leader's partner)
    int fourth = 0;  // our partner
    int max3 = 0;    // the highest and lowest card of the suit led, 0 for none
    int min3 = 0;
    int max4 = 0;
    int min4 = 0;
    bool leader_above4 = false;  // the leader still holds a card of the suit above all of ours
};

Second second_facts(const View& v) {
    Second f;
    f.led = suit_of(v.st.trick[0]);
    f.lead_rank = rank_of(v.st.trick[0]);
    f.third = v.lho;
    f.fourth = v.partner;
    std::uint16_t t = v.h[f.third][f.led];
    std::uint16_t p = v.h[f.fourth][f.led];
    if (t) {
        f.max3 = highest_rank(t);
        f.min3 = lowest_rank(t);
    }
    if (p) {
        f.max4 = highest_rank(p);
        f.min4 = lowest_rank(p);
    }
    std::uint16_t leader = v.h[v.rho][f.led];
    f.leader_above4 = leader && highest_rank(leader) > f.max4;
    return f;
}

// The top spade of a hand, 0 for none.
int top_spade(const View& v, int who) {
    std::uint16_t sp = v.h[who][kSpades];
    return sp ? highest_rank(sp) : 0;
}

int second_follow_weight(const View& v, const Second& f, int card, bool sequence) {
    const int r = rank_of(card);
    const int rrank = suit_count(v.st.in_play(f.led) & at_or_above(r));
    const int lr = f.lead_rank;
    const bool third_ruffs_free = f.max3 == 0 && v.has_spades(f.third);
    bool win = false;
    if (f.led == kSpades) {
        win = (f.max4 > lr && f.max4 > f.max3) || (r > lr && r > f.max3);
    } else if (r > lr && r > f.max3) {
        win = !third_ruffs_free || (f.max4 == 0 && top_spade(v, f.fourth) > top_spade(v, f.third));
    } else if (f.max4 > lr && f.max4 > f.max3) {
        win = !third_ruffs_free;
    } else if (lr > f.max4 && lr > f.max3 && lr > r) {
        if (f.max4 == 0 && v.has_spades(f.fourth)) {
            win = !third_ruffs_free || top_spade(v, f.fourth) > top_spade(v, f.third);
        }
    } else if (f.max4 == 0 && v.has_spades(f.fourth)) {
        win = true;
    }
    if (win) {
        if (f.min3 > r) return 40 + rrank;
        if (f.max4 > lr && f.leader_above4) return 41 + rrank;
        if (r > lr) {
            if (r < f.max4) return 78 - r;
            if (r > f.max3) return 73 - r;
            return (sequence ? 62 : 49) - r;
        }
        return (f.max4 > 0 ? 47 : 40) - r;
    }
    if (r < f.min3 || r < f.min4) return -9 + rrank;
    if (r < lr) return -16 + rrank;
    return (sequence ? 22 : 10) - r;
}

// The second hand void in the suit led: a discard, or a ruff.
int second_void_weight(const View& v, const Second& f, int card) {
    const int s = suit_of(card);
    const int r = rank_of(card);
    const int n = v.len(v.seat, s);
    // Keep a guarded second-best card.
    std::uint16_t all = v.st.in_play(s);
    std::uint16_t rest = all & static_cast<std::uint16_t>(~(1u << highest_rank(all)));
    const bool guard = n == 2 && rest && ((v.h[v.seat][s] >> highest_rank(rest)) & 1);
    const int keep = n * 64 / 36 - (guard ? 4 : 0);
    const int spare = n * 64 / 44;
    const int lr = f.lead_rank;
    const bool fourth_over = f.max4 > std::max(f.max3, lr);
    if (f.led == kSpades) return -r + (fourth_over ? spare : keep);
    if (s != kSpades) {
        bool partner_wins;
        if (f.max3) {
            partner_wins = fourth_over || (f.max4 == 0 && v.has_spades(f.fourth));
        } else {
            partner_wins = (f.max4 == 0 && top_spade(v, f.fourth) > top_spade(v, f.third)) ||
                           (!v.has_spades(f.third) && f.max4 > lr);
        }
        return -r + (partner_wins ? 60 + spare : keep - 2);
    }
    if (f.max3 ||
        (f.max4 == 0 && v.has_spades(f.fourth) && top_spade(v, f.fourth) > top_spade(v, f.third))) {
        return 24 - r + spare;
    }
    if (r > top_spade(v, f.third)) return 24 - r + spare;
    return 15 - r + keep;
}

// The third hand (tricks), after DDS's weights: the fourth hand, our left-hand opponent, is
// the one to beat.
struct Third {
    int led = 0;
    int lead_rank = 0;
    int win_rank = 0;              // the card winning so far
    bool win_spade = false;        // it is a ruff (of a side suit)
    bool partner_winning = false;  // the leader's card
    std::uint16_t cards4 = 0;      // the fourth hand's cards of the suit led
    int max4 = 0;                  // their highest and lowest, 0 for none
    int min4 = 0;
    int max3 = 0;  // our highest card of the suit led, 0 for none
};

Third third_facts(const View& v) {
    const State& st = v.st;
    Third f;
    f.led = suit_of(st.trick[0]);
    f.lead_rank = rank_of(st.trick[0]);
    int w = st.trick[st.win_pos];
    f.win_rank = rank_of(w);
    f.win_spade = suit_of(w) == kSpades && f.led != kSpades;
    f.partner_winning = st.winner_so_far() == v.partner;
    f.cards4 = v.h[v.lho][f.led];
    if (f.cards4) {
        f.max4 = highest_rank(f.cards4);
        f.min4 = lowest_rank(f.cards4);
    }
    std::uint16_t mine = v.h[v.seat][f.led];
    f.max3 = mine ? highest_rank(mine) : 0;
    return f;
}

// The rank our card must pass to force out the fourth hand's top cards: its highest card
// below the run of top cards it holds (cards out of play join runs); 0 when it has none.
int below_top_run(const View& v, const Third& f) {
    std::uint16_t all = v.st.in_play(f.led);
    int r = f.max4;
    while (true) {
        std::uint16_t lower = all & below(r);
        if (!lower) return 0;
        int next = highest_rank(lower);
        if (!((f.cards4 >> next) & 1)) break;
        r = next;
    }
    std::uint16_t rest = f.cards4 & below(r);
    return rest ? highest_rank(rest) : 0;
}

// Weighs the third hand's cards of the suit led (moves[0..n), all of that suit).
void third_follow_weights(const View& v, const Third& f, Move* moves, int n) {
    enum Plan { kLow, kWinAbove4, kWinAboveBoth, kBeatSecond, kForce };
    Plan plan = kLow;
    const bool too_low = f.max3 < f.min4 || f.max3 < f.win_rank;
    if (f.led == kSpades) {
        if (f.partner_winning && f.lead_rank > f.max4) {
            plan = kLow;
        } else if (too_low) {
            plan = kLow;
        } else if (f.max3 > f.max4) {
            plan = kWinAboveBoth;
        } else {
            plan = kForce;
        }
    } else if (f.win_spade) {
        plan = kLow;
    } else if (f.partner_winning) {
        if (f.max4 == 0 || f.lead_rank > f.max4 || too_low) {
            plan = kLow;
        } else {
            plan = f.max3 > f.max4 ? kWinAbove4 : kForce;
        }
    } else if (f.max4 == 0) {
        plan = kBeatSecond;
    } else if (too_low) {
        plan = kLow;
    } else {
        plan = f.max3 > f.max4 ? kWinAboveBoth : kForce;
    }
    for (int i = 0; i < n; ++i) {
        const int r = rank_of(moves[i].card);
        int w = -r;
        if (plan == kWinAbove4 && r > f.max4) w = 58 - r;
        if (plan == kWinAboveBoth && r > f.max4 && r > f.win_rank) w = 58 - r;
        if (plan == kBeatSecond && r > f.win_rank) w = 20 - r;
        if (plan == kForce && f.led != kSpades && r > f.win_rank && r > f.max4) w = 60 - r;
        moves[i].weight = static_cast<std::int16_t>(w);
    }
    if (plan != kForce) return;
    // The cheapest card that forces out the fourth hand's top cards, or failing that beats
    // the second hand's.
    const int second4 = below_top_run(v, f);
    if (second4 == 0) return;
    int target = second4 > f.win_rank ? second4 : (!f.partner_winning ? f.win_rank : 99);
    int pick = -1;
    for (int i = 0; i < n; ++i) {
        int r = rank_of(moves[i].card);
        if (r > target && (pick < 0 || r < rank_of(moves[pick].card))) pick = i;
    }
    if (pick >= 0) moves[pick].weight = static_cast<std::int16_t>(moves[pick].weight + 20);
}

// The third hand void in the suit led: a discard, or a ruff.
int third_void_weight(const View& v, const Third& f, int card) {
    const int s = suit_of(card);
    const int r = rank_of(card);
    const int n = v.len(v.seat, s);
    if (f.led == kSpades || s != kSpades) return -r + n * 64 / 40;
    const int top4_spade = v.h[v.lho][kSpades] ? highest_rank(v.h[v.lho][kSpades]) : 0;
    if (f.partner_winning && f.lead_rank > f.max4 && (f.max4 != 0 || !v.h[v.lho][kSpades])) {
        return -r - 50;  // the partner's sure winner: no ruff
    }
    const int add = n * 64 / 50;
    if (f.win_spade && r < f.win_rank) {
        int rrank = suit_count(v.st.in_play(kSpades) & at_or_above(r));
        return -32 + rrank + n * 64 / 40;  // an underruff
    }
    if (f.partner_winning) {
        if (f.max4 != 0) {
            // Spare the partner's second-best card if it has it.
            std::uint16_t all = v.st.in_play(f.led);
            std::uint16_t rest = all & static_cast<std::uint16_t>(~(1u << highest_rank(all)));
            int second = rest ? highest_rank(rest) : -1;
            bool partner_second = second >= 0 && (((v.h[v.partner][f.led] >> second) & 1) ||
                                                  v.st.trick[0] == make_card(f.led, second));
            return (partner_second ? 36 : 48) - r + add;
        }
        return (r > top4_spade ? 48 : -12) - r + add;
    }
    if (f.max4 != 0) return 72 - r + add;
    return (r > top4_spade ? 48 : 36) - r + add;
}

// Nil: the nil bidder ducks with its highest safe card and sheds its most dangerous card when
// void; its partner wins the trick high before the bidder plays (or, unable to, keeps its high
// cards) and takes the lead after; the opponents duck under the bidder, never ruff before it,
// and take the lead once it is safe in the trick; on lead, the bidder plays its safest card.
// (solver_bench --nil-only, 100 deals, seeds 1 and 2: 200.9 M and 208.7 M positions with the
// order before, 108.9 M and 57.2 M with this one; README lists each step.)
int nil_weight(const View& v, int card, int nil) {
    const State& st = v.st;
    int s = suit_of(card);
    int r = rank_of(card);
    if (st.count == 0) {
        if (v.seat == nil) {
            // The bidder on lead: the card the most of the others' cards of its suit beat.
            std::uint16_t others = st.remaining[s] & static_cast<std::uint16_t>(~v.h[nil][s]);
            return 2 * suit_count(others & at_or_above(r + 1)) - r;
        }
        // The partner leads high in a suit of the bidder's, above its highest card when it can
        // (the bidder ducks under it).
        if (v.seat == (nil ^ 2)) {
            const std::uint16_t mine = v.h[nil][s];
            return r + (!mine ? 0 : r > highest_rank(mine) ? 20 : 5);
        }
        // An opponent leads low in a suit where the nil bidder holds cards its partner
        // cannot cover.
        std::uint16_t mine = v.h[nil][s];
        if (!mine) return -r;
        std::uint16_t cover = v.h[nil ^ 2][s];
        int exposed =
            cover ? suit_count(mine & at_or_above(highest_rank(cover) + 1)) : suit_count(mine);
        return -r + 20 + 4 * exposed;
    }
    int wc = st.trick[st.win_pos];
    bool beats_now = State::beats(card, wc);
    int nil_pos = (nil - st.leader) & 3;
    bool nil_played = nil_pos < st.count;
    bool nil_winning = nil_played && st.winner_so_far() == nil;
    if (v.seat == nil) {
        if (!beats_now) {
            if (s == suit_of(st.trick[0])) return 20 + r;
            // A discard: the card that would beat the most of the others' cards of its suit
            // first, the most dangerous to keep.
            std::uint16_t others = st.remaining[s] & static_cast<std::uint16_t>(~v.h[nil][s]);
            return 30 + 2 * suit_count(others & below(r));
        }
        // Forced above the trick: with the partner still to play, the highest card, which the
        // partner may overtake (and so shed), else the lowest.
        const bool partner_after = (((nil ^ 2) - st.leader) & 3) > st.count;
        return partner_after ? -20 + r : -50 - r;
    }
    if (v.seat == (nil ^ 2)) {
        if (nil_winning) return beats_now ? 50 - r : -r;
        // Before the nil bidder plays: win the trick high (a ruff counts), so the bidder can
        // duck under it; unable to, keep the high cards for the tricks to come.
        if (!nil_played) return beats_now ? 30 + r : -r;
        // The bidder safe in this trick: take the lead, as cheaply as can be, to lead for it.
        return beats_now ? 10 - r : -r;
    }
    if (nil_winning) return beats_now ? -50 - r : r;
    // The nil bidder safe in this trick: take the lead, as cheaply as can be, to lead at it.
    if (nil_played) return beats_now ? 10 - r : -r;
    // Before the nil bidder plays, a ruff would take the trick out of its reach.
    if (!nil_played && s != suit_of(st.trick[0]) && beats_now) return -30 - r;
    return -r;
}

}  // namespace

int generate_moves(const State& st, const Ordering& ordering, int preferred, Move* out) {
    // 1. The sequences; a single one needs no weighing.
    int n = generate_sequences(st, ordering.honours_apart, out);
    if (n == 1) return 1;
    // 2. The weights.
    View v(st);
    if (ordering.nil_seat >= 0) {
        for (int i = 0; i < n; ++i)
            out[i].weight =
                static_cast<std::int16_t>(nil_weight(v, out[i].card, ordering.nil_seat));
    } else if (st.count == 0) {
        LeadSuit lead;
        int suit = -1;
        for (int i = 0; i < n; ++i) {
            int s = suit_of(out[i].card);
            if (s != suit) {
                lead = lead_suit(v, s);
                suit = s;
            }
            bool pref = preferred >= 0 && suit_of(preferred) == s && preferred <= out[i].card &&
                        preferred >= out[i].low;
            out[i].weight =
                static_cast<std::int16_t>(lead_weight(v, lead, out[i].card, out[i].low, pref));
        }
    } else if (st.count == 1) {
        Second second = second_facts(v);
        for (int i = 0; i < n; ++i) {
            int c = out[i].card;
            int w = suit_of(c) == second.led ? second_follow_weight(v, second, c, out[i].low != c)
                                             : second_void_weight(v, second, c);
            out[i].weight = static_cast<std::int16_t>(w);
        }
    } else if (st.count == 2) {
        Third third = third_facts(v);
        if (suit_of(out[0].card) == third.led) {
            third_follow_weights(v, third, out, n);
        } else {
            for (int i = 0; i < n; ++i) {
                out[i].weight = static_cast<std::int16_t>(third_void_weight(v, third, out[i].card));
            }
        }
    } else {
        Follow follow = follow_facts(v);
        for (int i = 0; i < n; ++i)
            out[i].weight = static_cast<std::int16_t>(follow_weight(v, follow, out[i].card));
    }
    if (preferred >= 0 && (ordering.nil_seat >= 0 || st.count != 0)) {
        for (int i = 0; i < n; ++i) {
            if (suit_of(preferred) == suit_of(out[i].card) && preferred <= out[i].card &&
                preferred >= out[i].low) {
                out[i].weight = static_cast<std::int16_t>(out[i].weight + 20);
            }
        }
    }
    return n;
}

int generate_sequences(const State& st, bool honours_apart, Move* out) {
    std::uint64_t legal = st.legal_moves();
    int n = 0;
    for (int s = 0; s < 4; ++s) {
        std::uint16_t mine = suit_bits(legal, s);
        if (!mine) continue;
        // Among the cards in play, a sequence's top has no card of ours just above it and its
        // lowest none just below: numbered among the cards in play (compress), a sequence is a
        // run of set bits.
        std::uint16_t all = st.in_play(s);
        std::uint32_t c = compress(mine, all);
        std::uint16_t top_cards = expand(c & ~(c >> 1), all);
        std::uint16_t low_cards = expand(c & ~(c << 1), all);
        if (honours_apart && s == kHearts) {
            // No sequence spans the honours and the hearts below them.
            std::uint16_t under = all & below(11);
            std::uint16_t over = all & at_or_above(11);
            if (under && over) {
                top_cards |= mine & static_cast<std::uint16_t>(1u << highest_rank(under));
                low_cards |= mine & static_cast<std::uint16_t>(1u << lowest_rank(over));
            }
        }
        // The i-th lowest top pairs with the i-th lowest low card; written from the end of
        // the suit's run so the highest sequence comes first.
        int i = n + suit_count(top_cards);
        n = i;
        while (top_cards) {
            out[--i] =
                Move{static_cast<std::uint8_t>(make_card(s, std::countr_zero(top_cards))),
                     static_cast<std::uint8_t>(make_card(s, std::countr_zero(low_cards))), 0};
            top_cards &= static_cast<std::uint16_t>(top_cards - 1);
            low_cards &= static_cast<std::uint16_t>(low_cards - 1);
        }
    }
    return n;
}

}  // namespace SPADEWORK_SOLVER_NAMESPACE
