// The bid review: par on the actual deal, a single-dummy estimate of every bid, and the
// Paperless passes judged the same way.
//
// The model. It is an estimate, not an exact answer, and these are its simplifications:
//
// Par. The deal as play began (after passes and exchanges) is solved double dummy from the
// opening lead: the tricks each side takes when both play for tricks, and for each nil or
// blind nil whether its side can keep it against a defence trying to break it.
//
// A bid. Layouts are drawn from what the bidder knew at that moment: its own hand (after a
// pass: the cards received in it, the cards passed in the partner's hand), the rest dealt at
// random with the right counts; for a blind nil bid nothing is known, the bidder's own hand
// is drawn too. With weight_by_bids, a layout is kept with a probability equal to how well the
// hands of those who already bid fit their bids (the bots' trick count against the bid, a
// Gaussian of sigma 1.5 tricks; a nil on a hand the bots would not call a nil candidate 0.1),
// so the layouts kept follow the bids and each counts fully (draw_fitting). Each
// layout is solved double dummy from the opening lead: the partnership's tricks with both
// sides playing for tricks, whether the bidder's nil is kept (when nil is a candidate), and
// whether the partner's nil is kept (when the partner bid nil, or the bots would). Every legal
// bid is then scored on the same layouts with the engine's scoring from the standings before
// the hand (bags and bag penalties count):
//  - bids already made are the actual ones; bids still to come are the bots' suggest_bid on
//    the seat's sampled hand;
//  - the partnership's tricks are split simply: a kept nil takes none and a broken nil takes
//    exactly one, the partner the rest; when both partners bid nil, a broken nil takes one
//    (the first broken one any more the side took) and two kept nils take none. The
//    opponents take the rest, all of it credited to a member who did not bid nil: their own
//    nils are assumed kept. One trick solve serves every bid, though a side keeping a nil
//    plays differently from one playing for tricks;
//  - double dummy is hard on nils: the defence sees every card, so nils are kept less often
//    than at the table and the review leans against them;
//  - a nil is solved only for a hand the bots would call a nil candidate, or when nil was the
//    bid made; any other nil counts as broken, to save time (and the decision then reports
//    no nil_kept share). A nil on a hand holding the ace of spades is broken, which is
//    certain;
//  - a blind nil is declared before looking, so it is valued with nothing known of the
//    bidder's hand, on layouts of its own. For a bidder who looked it is shown but is not a
//    bid it could still make: the best is chosen among the others. For a blind nil bidder
//    every other bid is valued on those unseen hands too, which undervalues looking first.
//    Where the rules have an exchange, the bots' exchange is played on the layout (the blind
//    nil bidder gives its highest cards, spades first, the partner its lowest);
//  - honours are left out;
//  - the points of a bid are the partnership's points for the hand less the points its
//    result hands the opponents (a set's set_points, a failed nil under NilFailed::Opponents),
//    so that every cost of a bid shows.
// The expectation of a bid is its mean over the layouts, with its ± (estimate.h); the best is
// the highest, and a bid is flagged when its expectation falls short of the best by more than
// the rule set's bid margin, classed by the shortfall. Layouts are drawn a batch at a time
// until the shortfall's interval lies in one class and no bid could beat the best by more than
// the margin (settled), or the cap is reached: a flag still unsettled there is a close call.
//
// A pass (rules with pass_cards). Layouts are drawn from the hand dealt to the passer; the
// partner's pass and the opponents' are the bots' choose_pass on their sampled hands, and
// the opponents bid the bots' suggest_bid. A pass is valued by the best, over the
// partnership's contracts (two trick bids adding up to 2 .. hand size, and where nil is
// allowed the passer's nil beside each trick bid of the partner's), of the contract's
// expected points. The passer's nil is solved, as a bid's is, only for a hand that after the
// pass looks like a nil to the bots; otherwise it counts as broken. Passes that differ only by
// cards no other card separates (e.g. the 7 or the 6 of a suit held with both) give the same
// layouts up to naming equal cards, so one of each such class is solved for all. The classes are
// narrowed by successive halving on common layouts: all of them on 1 layout, the best quarter (at
// least 3, and the pass made, always) on four times as many, and so on up to the sample count. The
// options shown are those that lasted longest, by value, each with the layouts it was valued on.
#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <thread>

#include "estimate.h"
#include "sampling.h"
#include "spadework/analyzer/review.h"
#include "spadework/analyzer/simple_bot.h"
#include "spadework/analyzer/winchance.h"

namespace spadework::analyzer {
namespace {

using sampling::after_exchanges;
using sampling::Bids;
using sampling::complete_bids;
using sampling::Hands;
using sampling::MadeBids;
using sampling::make_solve;
using sampling::partnership_points;
using sampling::Scored;
using sampling::Solve;
using sampling::split_tricks;

// Passes: the options reported beside the one made, and the fewest kept in a round.
constexpr std::size_t kPassOptions = 5;
constexpr std::size_t kPassKeepAtLeast = 3;
// Decision numbers for decision_seed: bids are 0.., blind draws and passes further on.
constexpr int kBlindDecisions = 100;
constexpr int kPassDecisions = 200;

bool is_blind(Bid b) {
    return b.kind() == Bid::Kind::BlindNil;
}

// What one solve of a layout answered.
struct Outcome {
    int tricks = 0;
    std::array<bool, 4> kept{};
    std::array<bool, 4> asked{};  // the nils solved (others count broken)
    bool unsettled = false;
};

Outcome outcome_of(const Solve& s) {
    return {s.tricks, s.kept, s.nil_for, s.any_unsettled()};
}

// One sampled layout of a bid decision.
struct BidLayout {
    double weight = 1;
    Bids if_tricks{};  // every bid, the bidder's being a trick bid (its slot is replaced)
    Bids if_nil{};     // every bid, the bidder's being nil or blind nil
    int sighted = -1;  // this round's solve for the candidates other than blind nil
    int blind = -1;    // this round's solve for blind nil (the same one without an exchange)
    Outcome sighted_out;
    Outcome blind_out;
};

// Layouts and the candidates valued on them, drawn batch by batch from one stream.
struct LayoutSet {
    std::vector<Bid> candidates;
    std::vector<BidLayout> layouts;
    sampling::Knowledge knowledge;
    SplitMix64 rng{0};
    bool always_solve_nil = false;
    // Once the bidder's nil candidates (nil, blind nil) are settled out, far below the best,
    // they are valued on the layouts drawn so far only: the bidder's nil is no longer solved
    // on new layouts (and a set of blind nil alone draws no more). Unset: valued on all.
    std::optional<std::size_t> nil_until;

    // The layouts candidate `c` is valued on: the first ones.
    std::size_t valued(Bid c) const {
        return c.is_nil() && nil_until ? *nil_until : layouts.size();
    }
};

struct BidWork {
    BidDecision decision;
    bool bid_blind = false;  // the bid made was a blind nil: main is drawn blind
    MadeBids made;
    LayoutSet main;          // drawn from what the bidder knew
    LayoutSet blind;         // for a bidder who looked: the blind nil candidate, drawn blind
    std::size_t solved = 0;  // layouts of main (and blind) whose solves are in
    bool closed = false;     // a close call before the cap: more layouts would not settle it
};

// How decisions are graded: by points (the rule set's thresholds, flagged past the bid margin)
// or by the chance of winning the game (0..1, flagged from an inaccuracy's drop, which is then
// the margin).
struct Scale {
    Thresholds points;
    std::optional<ChanceThresholds> chance;

    FlagClass classify(double shortfall) const {
        return chance ? classify_chance(shortfall, *chance) : classify_bid(shortfall, points);
    }
    double margin() const { return chance ? chance->inaccuracy : points.bid; }
};

struct HandContext {
    const RuleSet& rules;
    Seat dealer;
    const Standings& before;
    const ReviewSettings& settings;
    Scale scale;
    // Graded by the game: the rule set's win-chance table, and whether the hand is played in an
    // overtime set. Null: graded by points.
    const WinChanceTable* chances = nullptr;
    bool overtime = false;

    // The partnerships' scores before the hand, as the bidding rules take them.
    std::array<int, 2> scores() const {
        return {before[index(Team::NS)].score, before[index(Team::EW)].score};
    }

    // The chance of `team` winning the game after a hand scored `sc`.
    double chance_of(Team team, const sampling::Scored& sc) const {
        return chances->chance_after(sc.after[index(Team::NS)], sc.after[index(Team::EW)], team,
                                     next(dealer), overtime);
    }
};

// One layout that fits the bids already made, by rejection: a layout drawn from what the
// bidder knew is kept with probability equal to its weight (how well the other hands fit
// their bids), so the layouts kept follow the weighted distribution and each counts fully:
// the effective number of layouts is the number drawn. A layout still refused after
// kMaxFitTries draws is kept with its weight instead (a bid so unlikely that almost no layout
// fits it), which the effective count then shows.
constexpr int kMaxFitTries = 200;

Hands draw_fitting(const HandContext& ctx, LayoutSet& set, const MadeBids& made, Seat bidder,
                   double& weight) {
    weight = 1;
    for (int tries = 1;; ++tries) {
        Hands hands = sampling::sample_layout(set.knowledge, set.rng);
        if (!ctx.settings.weight_by_bids) return hands;
        double w = sampling::layout_weight(hands, made, bidder, ctx.rules);
        if (tries == kMaxFitTries || !ctx.settings.fit_by_rejection) {
            weight = w;
            return hands;
        }
        double u = static_cast<double>(set.rng.next() >> 11) * 0x1.0p-53;  // uniform in [0, 1)
        if (u < w) return hands;
    }
}

// Draws `count` more layouts of a set and adds the solves they need.
void draw_set(const HandContext& ctx, const MadeBids& made, Seat bidder, int count, LayoutSet& set,
              std::vector<Solve>& jobs) {
    const RuleSet& rules = ctx.rules;
    bool any_blind = std::any_of(set.candidates.begin(), set.candidates.end(), is_blind);
    bool any_sighted = !std::all_of(set.candidates.begin(), set.candidates.end(), is_blind);
    bool any_nil = !set.nil_until && std::any_of(set.candidates.begin(), set.candidates.end(),
                                                 [](Bid b) { return b.kind() == Bid::Kind::Nil; });
    Seat mate = partner(bidder);
    for (int i = 0; i < count; ++i) {
        BidLayout layout;
        Hands hands = draw_fitting(ctx, set, made, bidder, layout.weight);
        layout.if_tricks =
            complete_bids(rules, ctx.dealer, hands, made, bidder, Bid::tricks(1), ctx.scores());
        layout.if_nil =
            complete_bids(rules, ctx.dealer, hands, made, bidder, Bid::nil(), ctx.scores());
        bool mate_nil =
            layout.if_tricks[index(mate)].is_nil() || layout.if_nil[index(mate)].is_nil();
        // Whether to ask for the bidder's nil: a hand holding the highest trump costs nothing
        // (its nil is broken, no solve needed).
        const Card top_trump = PlayOrder(rules).top_trump();
        auto bidder_nil_worth = [&](const Hands& at_play) {
            CardSet own = at_play[index(bidder)];
            return set.always_solve_nil || own.contains(top_trump) || nil_candidate(own, rules);
        };
        Hands sighted = after_exchanges(rules, ctx.dealer, layout.if_tricks, hands);
        Bids blind_bids = layout.if_nil;
        blind_bids[index(bidder)] = Bid::blind_nil();
        Hands blind = after_exchanges(rules, ctx.dealer, blind_bids, hands);
        if (any_sighted) {
            Solve s = make_solve(rules, ctx.dealer, sighted, team_of(bidder));
            s.nil_for[index(bidder)] = any_nil && bidder_nil_worth(sighted);
            s.nil_for[index(mate)] = mate_nil;
            if (any_blind && blind == sighted) {
                s.nil_for[index(bidder)] =
                    s.nil_for[index(bidder)] || (!set.nil_until && bidder_nil_worth(blind));
                layout.blind = static_cast<int>(jobs.size());
            }
            layout.sighted = static_cast<int>(jobs.size());
            jobs.push_back(std::move(s));
        }
        if (any_blind && layout.blind < 0) {
            Solve s = make_solve(rules, ctx.dealer, blind, team_of(bidder));
            s.nil_for[index(bidder)] = !set.nil_until && bidder_nil_worth(blind);
            s.nil_for[index(mate)] = layout.if_nil[index(mate)].is_nil();
            layout.blind = static_cast<int>(jobs.size());
            jobs.push_back(std::move(s));
        }
        set.layouts.push_back(layout);
    }
}

// Copies this round's answers into the layouts that asked for them.
void collect(LayoutSet& set, std::size_t from, const std::vector<Solve>& jobs) {
    for (std::size_t j = from; j < set.layouts.size(); ++j) {
        BidLayout& l = set.layouts[j];
        if (l.sighted >= 0) l.sighted_out = outcome_of(jobs[l.sighted]);
        if (l.blind >= 0) l.blind_out = outcome_of(jobs[l.blind]);
        l.sighted = l.blind = -1;
    }
}

// A candidate's value on each layout of its set, with the weights: its points and, graded by
// the game, its side's chance of winning the game after the hand.
struct Valued {
    Bid bid;
    std::vector<double> values;
    std::vector<double> chances;
    std::vector<double> made;
    Estimate estimate;
    Estimate chance;

    void rate(const std::vector<double>& weights, double confidence) {
        estimate = analyzer::estimate(values, weights, confidence);
        if (!chances.empty()) chance = analyzer::estimate(chances, weights, confidence);
    }
    // What the decision is graded by.
    const std::vector<double>& graded() const { return chances.empty() ? values : chances; }
    const Estimate& graded_estimate() const { return chances.empty() ? estimate : chance; }
    double graded_mean() const { return graded_estimate().mean; }
};

std::vector<Valued> value_set(const HandContext& ctx, const LayoutSet& set, Seat bidder) {
    std::vector<Valued> out;
    for (Bid c : set.candidates) {
        Valued v;
        v.bid = c;
        for (std::size_t j = 0; j < set.valued(c); ++j) {
            const BidLayout& l = set.layouts[j];
            const Outcome& o = is_blind(c) ? l.blind_out : l.sighted_out;
            Bids bids = c.is_nil() ? l.if_nil : l.if_tricks;
            bids[index(bidder)] = c;
            auto tricks = split_tricks(ctx.rules, team_of(bidder), o.tricks, bids, o.kept);
            Scored sc = partnership_points(ctx.rules, team_of(bidder), bids, tricks, ctx.before);
            bool made = c.is_nil() ? tricks[index(bidder)] == 0 : sc.contract_made;
            const std::optional<int>& need = ctx.settings.need_points;
            v.values.push_back(need ? (sc.own >= *need ? 1.0 : 0.0) : sc.points);
            if (ctx.chances) v.chances.push_back(ctx.chance_of(team_of(bidder), sc));
            v.made.push_back(made ? 1.0 : 0.0);
        }
        out.push_back(std::move(v));
    }
    return out;
}

std::vector<double> weights_of(const LayoutSet& set) {
    std::vector<double> w;
    for (const BidLayout& l : set.layouts) w.push_back(l.weight);
    return w;
}

// Settling needs at least this many batches of layouts: the ± of one batch of 8 is itself too
// unsure where a few layouts carry most of the spread (a nil kept or broken), and a decision
// settled on it came out differently under other seeds.
constexpr int kMinBatches = 2;

// The interval of the played option's shortfall against the best: at least the largest lower
// end, at most the largest upper end, of every option's paired difference with the played one
// (never below 0). It is the same whichever of two close options the sample happens to rank
// first, even the played one: a sample where the played bid leads by a point does not get a
// sure "no shortfall" that a sample where it trails by a point would not.
struct Interval {
    double low = 0;
    double high = 0;
};

Interval shortfall_interval(const std::vector<const std::vector<double>*>& options,
                            const std::vector<double>& played, const std::vector<double>& weights,
                            double confidence) {
    Interval i;
    for (const std::vector<double>* o : options) {
        Estimate d = paired(*o, played, weights, confidence);
        i.low = std::max(i.low, d.low());
        i.high = std::max(i.high, d.high());
    }
    return i;
}

// Whether a shortfall's whole interval lies in one class.
bool one_class(const Interval& shortfall, const Scale& scale) {
    return scale.classify(shortfall.low) == scale.classify(shortfall.high);
}

// The flag of a decision from its shortfall's interval: the class the interval lies in;
// where it spans classes, a close call at the cap (the layouts cannot tell the classes apart)
// and, before it, the class of the estimate (drawing goes on).
FlagClass flag_of(const Interval& shortfall, double estimate, const Scale& scale, bool at_cap) {
    if (one_class(shortfall, scale)) return scale.classify(shortfall.low);
    return at_cap ? FlagClass::CloseCall : scale.classify(estimate);
}

// Whether the decision could still settle by the cap. Each interval is narrowed as it would be
// at the cap (a ±'s half-width shrinks as one over the square root of the layouts), about its
// present centre: when even then the played bid's shortfall would span two classes, or another
// option could still beat the best by more than the bid margin, more layouts are not expected
// to settle it, and the decision closes now as a close call instead of at the cap. This is the
// "futility" stop of sequential trials; the close decisions that ran to the cap for nothing
// were most of a review's layouts.
bool could_settle(const std::vector<const std::vector<double>*>& options,
                  const std::vector<double>& played, const std::vector<double>& best,
                  const std::vector<double>& weights, const HandContext& ctx, int layouts) {
    const double confidence = ctx.settings.confidence;
    const double shrink = std::sqrt(static_cast<double>(layouts) / ctx.settings.samples);
    Interval range;
    bool best_settled = true;
    for (const std::vector<double>* o : options) {
        Estimate d = paired(*o, played, weights, confidence);
        range.low = std::max(range.low, d.mean - d.error * shrink);
        range.high = std::max(range.high, d.mean + d.error * shrink);
        Estimate over_best = paired(*o, best, weights, confidence);
        if (o != &best && over_best.mean + over_best.error * shrink > ctx.scale.margin()) {
            best_settled = false;
        }
    }
    return best_settled && one_class(range, ctx.scale);
}

// The bidder's nil candidates, unless one is the bid made, stop being valued once settled
// out: after the batches settling needs, each lies below the best by more than twice the bid
// margin at the review's confidence (paired on the same layouts; blind nil, drawn apart, by the
// difference of the two estimates). They keep their values on the layouts so far, and the
// bidder's nil, a layout's costliest solve, is no longer asked on new ones (a set of blind nil
// alone draws no more layouts). However the sampling goes on, none of them could become the best
// or a good bid: the best is chosen among the options valued on every layout.
void settle_out(const HandContext& ctx, BidWork& w, const std::vector<Valued>& main,
                const std::vector<Valued>& blind, const Valued& best,
                const std::vector<double>& weights) {
    if (w.decision.bid.is_nil()) return;
    const double confidence = ctx.settings.confidence;
    const double bar = -2 * ctx.scale.margin();
    auto paired_out = [&](const Valued& v) {
        return !v.bid.is_nil() ||
               paired(v.graded(), best.graded(), weights, confidence).high() < bar;
    };
    auto apart_out = [&](const Valued& v) {
        return difference(v.graded_estimate(), best.graded_estimate(), confidence).high() < bar;
    };
    bool main_nil =
        std::any_of(main.begin(), main.end(), [](const Valued& v) { return v.bid.is_nil(); });
    if (!w.main.nil_until && main_nil && std::all_of(main.begin(), main.end(), paired_out)) {
        w.main.nil_until = w.main.layouts.size();
    }
    if (!w.blind.nil_until && !blind.empty() &&
        std::all_of(blind.begin(), blind.end(), apart_out)) {
        w.blind.nil_until = w.blind.layouts.size();
    }
}

// The distribution of the partnership's tricks and the nil's fate, on the layouts drawn from
// what the bidder knew, as the bid made would have played them.
void describe_layouts(const HandContext& ctx, const BidWork& w, BidDecision& d) {
    Seat bidder = d.seat;
    d.samples = static_cast<int>(w.main.layouts.size());
    d.tricks.assign(ctx.rules.hand_size() + 1, 0.0);
    d.unsettled_nils = 0;
    d.nil_kept.reset();
    double total = 0;
    double kept = 0;
    bool nil_candidate_bid = std::any_of(w.main.candidates.begin(), w.main.candidates.end(),
                                         [](Bid b) { return b.is_nil(); });
    bool nil_asked = false;
    double nil_total = 0;
    const std::size_t nil_layouts = w.main.nil_until.value_or(w.main.layouts.size());
    for (std::size_t j = 0; j < w.main.layouts.size(); ++j) {
        const BidLayout& l = w.main.layouts[j];
        const Outcome& o = w.bid_blind ? l.blind_out : l.sighted_out;
        d.tricks[o.tricks] += l.weight;
        total += l.weight;
        if (j < nil_layouts) nil_total += l.weight;
        if (o.kept[index(bidder)]) kept += l.weight;
        nil_asked = nil_asked || o.asked[index(bidder)];
        // Layouts on which some nil could not be settled within the search's budget.
        d.unsettled_nils += l.sighted_out.unsettled || l.blind_out.unsettled ? 1 : 0;
    }
    if (total > 0) {
        for (double& x : d.tricks) x /= total;
    }
    // Left out when the nil was counted broken without asking (not a hand for a nil).
    if (nil_candidate_bid && nil_asked) d.nil_kept = nil_total > 0 ? kept / nil_total : 0.0;
}

// Values the bid's candidates on the layouts so far and decides whether the decision is
// settled: the interval of the played bid's shortfall lies in one class, and no candidate
// could beat the best by more than the bid margin. Unsettled at the cap, a flag is a close
// call. Returns whether it is settled.
bool finish_bid(const HandContext& ctx, BidWork& w, bool at_cap) {
    BidDecision& d = w.decision;
    const double confidence = ctx.settings.confidence;
    const double margin = ctx.scale.margin();
    std::vector<double> weights = weights_of(w.main);
    std::vector<Valued> main = value_set(ctx, w.main, d.seat);
    std::vector<Valued> blind = value_set(ctx, w.blind, d.seat);
    std::vector<double> blind_weights = weights_of(w.blind);
    for (Valued& v : main) v.rate(weights, confidence);
    for (Valued& v : blind) v.rate(blind_weights, confidence);
    describe_layouts(ctx, w, d);

    // A bidder who looked at its hand could no longer bid blind nil (its candidate is in
    // `blind`, drawn apart): shown, but the best is chosen among the bids still open, all in
    // `main`. The played bid is there too. The best is the one graded highest (points, or the
    // chance of winning the game); the played bid when it is as good.
    const Valued* best = nullptr;
    const Valued* played = nullptr;
    auto settled_out = [&](const Valued& v) { return v.values.size() < weights.size(); };
    for (const Valued& v : main) {
        if (!settled_out(v) && (!best || v.graded_mean() > best->graded_mean())) best = &v;
        if (v.bid == d.bid) played = &v;
    }
    if (played->graded_mean() == best->graded_mean()) best = played;
    d.effective_samples = played->estimate.effective;  // valued on every layout, as the best
    d.best = best->bid;
    d.best_expected = best->estimate.mean;
    d.played_expected = played->estimate.mean;
    d.shortfall_error = paired(best->values, played->values, weights, confidence).error;
    const Estimate shortfall = paired(best->graded(), played->graded(), weights, confidence);
    if (ctx.chances) {
        d.best_chance = best->chance.mean;
        d.played_chance = played->chance.mean;
        d.chance_error = shortfall.error;
    }
    std::vector<const std::vector<double>*> options;
    for (const Valued& v : main) {
        if (!settled_out(v)) options.push_back(&v.graded());
    }
    // Settling is judged at the look's confidence (stricter before the cap).
    const double look = look_confidence(confidence, d.samples, ctx.settings.samples);
    const Interval range = shortfall_interval(options, played->graded(), weights, look);
    bool best_settled = true;
    d.good.clear();
    for (const Valued& v : main) {
        if (&v != best && !settled_out(v) &&
            paired(v.graded(), best->graded(), weights, look).high() > margin) {
            best_settled = false;
        }
        if (best->graded_mean() - v.graded_mean() <= margin) d.good.push_back(v.bid);
    }
    const bool enough =
        d.samples >= std::min(kMinBatches * ctx.settings.batch, ctx.settings.samples);
    d.settled = enough && one_class(range, ctx.scale) && best_settled;
    // From half the cap, a decision that could not settle by the cap closes now.
    const bool hopeless =
        2 * d.samples >= ctx.settings.samples && !d.settled && !at_cap &&
        !could_settle(options, played->graded(), best->graded(), weights, ctx, d.samples);
    d.flag = flag_of(range, shortfall.mean, ctx.scale, at_cap || hopeless);
    w.closed = hopeless;
    if (enough && !d.settled) settle_out(ctx, w, main, blind, *best, weights);

    // In bid order: nil, blind nil, then trick bids.
    d.options.clear();
    auto add = [&](const Valued& v) {
        double made = 0;
        double total = 0;
        const std::vector<double>& ws = is_blind(v.bid) && !w.bid_blind ? blind_weights : weights;
        for (std::size_t j = 0; j < v.made.size(); ++j) {
            made += ws[j] * v.made[j];
            total += ws[j];
        }
        BidOption o;
        o.bid = v.bid;
        o.expected = v.estimate.mean;
        o.error = v.estimate.error;
        o.samples = static_cast<int>(v.values.size());
        o.made = total > 0 ? made / total : 0;
        if (!v.chances.empty()) {
            o.chance = v.chance.mean;
            o.chance_error = v.chance.error;
        }
        d.options.push_back(o);
    };
    for (const Valued& v : main) add(v);
    for (const Valued& v : blind) add(v);
    auto order = [](const BidOption& o) {
        return o.bid.kind() == Bid::Kind::Nil ? -2 : is_blind(o.bid) ? -1 : o.bid.count();
    };
    std::sort(d.options.begin(), d.options.end(),
              [&](const BidOption& a, const BidOption& b) { return order(a) < order(b); });
    return d.settled;
}

// ---- Passes ----

// Runs of a hand's cards that no other card of the deck separates, within a suit: passing one
// card of a run or another gives the same layouts up to naming equal cards. The 2C of a 2C
// lead rule set stands alone: it is not equal to any card.
std::vector<CardSet> runs_of(CardSet hand, const RuleSet& rules) {
    std::vector<CardSet> runs;
    CardSet deck = rules.deck();
    Card two_clubs(Rank::Two, Suit::Clubs);
    for (Suit s : kAllSuits) {
        CardSet run;
        for (int r = kHighestRank; r >= kLowestRank; --r) {
            Card c(static_cast<Rank>(r), s);
            if (!deck.contains(c)) continue;
            bool alone = rules.first_lead == FirstLead::TwoOfClubs && c == two_clubs;
            if (hand.contains(c) && !alone) {
                run.insert(c);
                continue;
            }
            // A card held by another hand, or the 2C standing alone, ends the run.
            if (!run.empty()) runs.push_back(run);
            run = CardSet{};
            if (hand.contains(c)) runs.push_back(CardSet{c});
        }
        if (!run.empty()) runs.push_back(run);
    }
    return runs;
}

// Whether a pass takes, from each suit it touches, the highest cards the hand holds there:
// the pass the Paperless rules advise for a nil ("pass his best cards").
bool tops_only(CardSet pass, CardSet hand) {
    for (Suit s : kAllSuits) {
        unsigned passed = pass.suit_mask(s);
        unsigned kept = (hand - pass).suit_mask(s);
        // A card kept above the lowest card passed: not the top cards of the suit.
        if (passed != 0 && (kept >> std::countr_zero(passed)) != 0) return false;
    }
    return true;
}

int choose(int n, int k) {
    if (k < 0 || k > n) return 0;
    long long v = 1;
    for (int i = 1; i <= k; ++i) v = v * (n - k + i) / i;
    return static_cast<int>(v);
}

// A class of equivalent passes: a representative and how many passes it stands for.
struct PassClass {
    CardSet cards;
    int size = 0;
};

std::vector<PassClass> pass_classes(const std::vector<CardSet>& runs, int pass_cards) {
    std::vector<PassClass> out;
    std::vector<int> take(runs.size(), 0);
    // Each class takes take[i] cards from run i, the highest of the run.
    auto emit = [&]() {
        PassClass pc;
        pc.size = 1;
        for (std::size_t i = 0; i < runs.size(); ++i) {
            pc.size *= choose(runs[i].size(), take[i]);
            std::vector<Card> cards;
            for (Card c : runs[i]) cards.push_back(c);
            for (int k = 0; k < take[i]; ++k) pc.cards.insert(cards[cards.size() - 1 - k]);
        }
        out.push_back(pc);
    };
    auto rec = [&](auto&& self, std::size_t i, int left) -> void {
        if (i == runs.size()) {
            if (left == 0) emit();
            return;
        }
        for (int k = std::min(left, runs[i].size()); k >= 0; --k) {
            take[i] = k;
            self(self, i + 1, left - k);
        }
        take[i] = 0;
    };
    rec(rec, 0, pass_cards);
    return out;
}

// The class a pass falls in: the one taking as many cards from each run.
int class_of(CardSet passed, const std::vector<CardSet>& runs,
             const std::vector<PassClass>& classes) {
    for (std::size_t c = 0; c < classes.size(); ++c) {
        bool same = true;
        for (const CardSet& run : runs) {
            same = same && (run & passed).size() == (run & classes[c].cards).size();
        }
        if (same) return static_cast<int>(c);
    }
    throw Error("bid review: the pass made is not a pass of the hand dealt");
}

// One sampled layout of a pass decision: every hand after the pass but the passer's and its
// partner's, which depend on the pass, and what the opponents bid.
struct PassLayout {
    Hands hands;           // the opponents' after their passes; the partner's less its pass
    CardSet partner_pass;  // what the partner passes to the passer
    // points[kept][t][c]: the partnership's points with t tricks and contract contracts[c],
    // the passer's nil kept or not (the same for contracts without it).
    std::array<std::vector<std::vector<double>>, 2> points;
    // Graded by the game, chances[kept][t][c]: the partnership's chance of winning the game.
    std::array<std::vector<std::vector<double>>, 2> chances;
};

// What a pass gave on one layout, solved double dummy.
struct PassResult {
    int tricks = 0;
    bool kept = false;  // the passer's nil (asked only for a hand that looks like one)
};

struct PassWork {
    PassDecision decision;
    CardSet dealt;
    std::vector<PassClass> classes;
    int played = 0;
    int also = -1;               // a class valued to the end beside the one made (a learner's pass)
    std::vector<bool> nil_pass;  // per class: a pass of the top cards, valued for a nil too
    std::vector<PassLayout> layouts;
    sampling::Knowledge knowledge;  // the passer's, for the layouts drawn round by round
    SplitMix64 rng{0};
    std::vector<std::vector<PassResult>> results;  // per class, per layout solved so far
    std::vector<int> alive;                        // the classes still in the running
    std::vector<std::pair<int, int>> pending;  // (class, layout) of this round's solves, in order
    bool by_game = false;                      // graded by the chance of winning the game
    bool kept_alive(int c) const { return c == played || c == also; }
};

// The partnership's contracts a pass is valued with: two trick bids adding up to 2 .. hand
// size, and where nil is allowed the passer's nil beside each trick bid of the partner's (the
// Paperless advice: pass your best cards for a nil).
struct PassContract {
    Bid passer;
    Bid mate;
};
std::vector<PassContract> contracts_of(const RuleSet& rules) {
    std::vector<PassContract> out;
    for (int c = 2; c <= std::min(rules.hand_size(), 2 * rules.highest_bid()); ++c)
        out.push_back({Bid::tricks(c - c / 2), Bid::tricks(c / 2)});
    if (rules.nil_allowed) {
        for (int k = 1; k <= rules.highest_bid(); ++k) out.push_back({Bid::nil(), Bid::tricks(k)});
    }
    return out;
}

PassLayout draw_pass_layout(const HandContext& ctx, Seat passer, const Hands& dealt) {
    const RuleSet& rules = ctx.rules;
    Seat mate = partner(passer);
    PassLayout l;
    l.partner_pass = choose_pass(dealt[index(mate)], rules);
    l.hands = dealt;
    l.hands[index(mate)] = dealt[index(mate)] - l.partner_pass;
    for (Seat s : members(opponent(team_of(passer)))) {
        CardSet given = choose_pass(dealt[index(s)], rules);
        CardSet got = choose_pass(dealt[index(partner(s))], rules);
        l.hands[index(s)] = (dealt[index(s)] - given) | got;
    }
    // The opponents' bids, in bidding order; the partnership's are the contract's.
    MadeBids opp;
    for (int i = 1; i <= 4; ++i) {
        Seat s = next(ctx.dealer, i);
        if (team_of(s) == team_of(passer)) continue;
        opp[index(s)] = suggest_bid(l.hands[index(s)], rules, opp[index(partner(s))]);
    }
    std::vector<PassContract> contracts = contracts_of(rules);
    for (int kept = 0; kept < 2; ++kept) {
        auto& points = l.points[kept];
        points.assign(rules.hand_size() + 1, std::vector<double>(contracts.size()));
        if (ctx.chances) l.chances[kept] = points;
        for (int t = 0; t <= rules.hand_size(); ++t) {
            for (std::size_t c = 0; c < contracts.size(); ++c) {
                Bids bids;
                for (Seat s : kAllSeats) bids[index(s)] = opp[index(s)].value_or(Bid::tricks(1));
                bids[index(passer)] = contracts[c].passer;
                bids[index(mate)] = contracts[c].mate;
                std::array<bool, 4> kept_by{};
                kept_by[index(passer)] = kept == 1;
                auto tricks = split_tricks(rules, team_of(passer), t, bids, kept_by);
                Scored sc = partnership_points(rules, team_of(passer), bids, tricks, ctx.before);
                points[t][c] = sc.points;
                if (ctx.chances) l.chances[kept][t][c] = ctx.chance_of(team_of(passer), sc);
            }
        }
    }
    return l;
}

// A class's best contract over its first n layouts (by mean points, or with `chance` by the
// mean chance of winning the game), and its points (or chances) on each.
std::vector<double> contract_values(const PassWork& w, int cls, int n, bool chance) {
    std::size_t contracts = w.layouts.front().points[0].front().size();
    auto at = [&](int j, std::size_t c) {
        const PassResult& r = w.results[cls][j];
        const PassLayout& l = w.layouts[j];
        return (chance ? l.chances : l.points)[r.kept ? 1 : 0][r.tricks][c];
    };
    std::size_t best = 0;
    double best_sum = 0;
    for (std::size_t c = 0; c < contracts; ++c) {
        double sum = 0;
        for (int j = 0; j < n; ++j) sum += at(j, c);
        if (c == 0 || sum > best_sum) {
            best = c;
            best_sum = sum;
        }
    }
    std::vector<double> values;
    for (int j = 0; j < n; ++j) values.push_back(at(j, best));
    return values;
}

// What a pass is graded by on each of its first n layouts (points, or the chance of winning).
std::vector<double> pass_values(const PassWork& w, int cls, int n) {
    return contract_values(w, cls, n, w.by_game);
}

double pass_value(const PassWork& w, int cls, int n) {
    std::vector<double> v = pass_values(w, cls, n);
    double sum = 0;
    for (double x : v) sum += x;
    return sum / n;
}

// The classes in order of value over n layouts, best first; the pass made first among equals.
void rank_alive(PassWork& w, int n) {
    std::vector<std::pair<double, int>> v;
    for (int c : w.alive) v.push_back({pass_value(w, c, n), c});
    std::sort(v.begin(), v.end(), [&](const auto& a, const auto& b) {
        if (a.first != b.first) return a.first > b.first;
        if ((a.second == w.played) != (b.second == w.played)) return a.second == w.played;
        return a.second < b.second;
    });
    w.alive.clear();
    for (auto& [value, c] : v) w.alive.push_back(c);
}

// Draws layouts up to n and adds the solves that bring every class still running to n.
void add_pass_jobs(const HandContext& ctx, PassWork& w, int n, std::vector<Solve>& jobs) {
    Seat passer = w.decision.seat;
    Seat mate = partner(passer);
    while (static_cast<int>(w.layouts.size()) < n) {
        w.layouts.push_back(
            draw_pass_layout(ctx, passer, sampling::sample_layout(w.knowledge, w.rng)));
    }
    w.pending.clear();
    // Layout by layout: the solver's first guess is its last answer, and passes on one layout
    // often take as many tricks.
    for (int j = 0; j < n; ++j) {
        const PassLayout& l = w.layouts[j];
        for (int c : w.alive) {
            if (static_cast<int>(w.results[c].size()) > j) continue;
            Hands hands = l.hands;
            CardSet pass = w.classes[c].cards;
            hands[index(passer)] = (w.dealt - pass) | l.partner_pass;
            hands[index(mate)] = l.hands[index(mate)] | pass;
            Solve s = make_solve(ctx.rules, ctx.dealer, hands, team_of(passer));
            // The nil is asked as the bid review asks it, for a hand that looks like one, and
            // only after a pass of the passer's top cards (a nil solve costs many trick solves).
            CardSet own = hands[index(passer)];
            s.nil_for[index(passer)] = ctx.rules.nil_allowed && w.nil_pass[c] &&
                                       !own.contains(PlayOrder(ctx.rules).top_trump()) &&
                                       nil_candidate(own, ctx.rules);
            jobs.push_back(std::move(s));
            w.pending.push_back({c, j});
        }
    }
}

// Keeps the best quarter of the classes still running (at least kPassKeepAtLeast) and the
// pass made, whose value is then always known as well as the best's.
void narrow(PassWork& w, int n) {
    rank_alive(w, n);
    std::size_t keep = std::max(kPassKeepAtLeast, (w.alive.size() + 3) / 4);
    if (keep >= w.alive.size()) return;
    auto kept_end = w.alive.begin() + static_cast<std::ptrdiff_t>(keep);
    std::vector<int> dropped(kept_end, w.alive.end());
    w.alive.resize(keep);
    for (int c : dropped) {
        if (w.kept_alive(c)) w.alive.push_back(c);
    }
}

// The interval of the pass made's shortfall, over the classes still running on n layouts, at
// the look's confidence.
// The values of the classes still running on n layouts (in w.alive's order), and pointers to
// them as shortfall_interval and could_settle take them.
struct AliveValues {
    std::vector<std::vector<double>> values;
    std::vector<const std::vector<double>*> options;
    AliveValues(const PassWork& w, int n) {
        for (int c : w.alive) values.push_back(pass_values(w, c, n));
        for (const auto& v : values) options.push_back(&v);
    }
    AliveValues(const AliveValues&) = delete;  // options point into values
    AliveValues& operator=(const AliveValues&) = delete;
};

Interval pass_interval(const HandContext& ctx, const PassWork& w, int n) {
    const AliveValues alive(w, n);
    return shortfall_interval(alive.options, pass_values(w, w.played, n),
                              std::vector<double>(n, 1.0),
                              look_confidence(ctx.settings.confidence, n, ctx.settings.samples));
}

// Whether the pass decision is settled on its n layouts (as a bid's: the shortfall's interval
// in one class, no class still running that could beat the best by more than the margin).
bool pass_settled(const HandContext& ctx, PassWork& w, int n) {
    rank_alive(w, n);
    const double confidence = look_confidence(ctx.settings.confidence, n, ctx.settings.samples);
    std::vector<double> ones(n, 1.0);
    std::vector<double> best = pass_values(w, w.alive.front(), n);
    if (!one_class(pass_interval(ctx, w, n), ctx.scale)) return false;
    for (std::size_t i = 1; i < w.alive.size(); ++i) {
        std::vector<double> other = pass_values(w, w.alive[i], n);
        if (paired(other, best, ones, confidence).high() > ctx.scale.margin()) return false;
    }
    return true;
}

// Whether the pass decision could still settle by the cap (as a bid's, see could_settle), on
// the classes still running, ranked by pass_settled.
bool pass_could_settle(const HandContext& ctx, const PassWork& w, int n) {
    const AliveValues alive(w, n);
    return could_settle(alive.options, pass_values(w, w.played, n), alive.values.front(),
                        std::vector<double>(n, 1.0), ctx, n);
}

// The options: the classes that lasted longest, by value (what the pass is graded by), best
// first, and the pass made.
void finish_pass(const HandContext& ctx, PassWork& w, bool settled) {
    PassDecision& d = w.decision;
    const double confidence = ctx.settings.confidence;
    struct Rated {
        PassOption option;
        int cls = 0;
        double graded = 0;
    };
    auto rate = [&](int c) {
        Rated r;
        r.cls = c;
        PassOption& o = r.option;
        o.cards = c == w.played ? d.passed : c == w.also ? d.also : w.classes[c].cards;
        o.samples = static_cast<int>(w.results[c].size());
        const std::vector<double> ones(o.samples, 1.0);
        Estimate e = estimate(contract_values(w, c, o.samples, false), ones, confidence);
        o.expected = e.mean;
        o.error = e.error;
        r.graded = e.mean;
        if (w.by_game) {
            Estimate ch = estimate(contract_values(w, c, o.samples, true), ones, confidence);
            o.chance = ch.mean;
            o.chance_error = ch.error;
            r.graded = ch.mean;
        }
        return r;
    };
    std::vector<Rated> all;
    for (std::size_t c = 0; c < w.classes.size(); ++c) all.push_back(rate(static_cast<int>(c)));
    std::sort(all.begin(), all.end(), [&](const Rated& a, const Rated& b) {
        if (a.option.samples != b.option.samples) return a.option.samples > b.option.samples;
        if (a.graded != b.graded) return a.graded > b.graded;
        if ((a.cls == w.played) != (b.cls == w.played)) return a.cls == w.played;
        return a.cls < b.cls;
    });
    std::vector<bool> shown(w.classes.size());
    for (std::size_t i = 0; i < all.size() && i < kPassOptions; ++i) {
        d.options.push_back(all[i].option);
        shown[all[i].cls] = true;
    }
    const Rated* played = nullptr;
    for (const Rated& r : all) {
        if (w.kept_alive(r.cls) && !shown[r.cls]) {
            d.options.push_back(r.option);
            shown[r.cls] = true;
        }
        if (r.cls == w.played) played = &r;
        if (r.cls == w.also) d.also_expected = r.option.expected;
    }
    d.played_expected = played->option.expected;
    d.best = d.options.front().cards;
    d.best_expected = d.options.front().expected;
    // The shortfall, paired on the layouts both the best and the pass made were valued on.
    const int best_class = all.front().cls;
    const int n = std::min(w.results[best_class].size(), w.results[w.played].size());
    const std::vector<double> ones(n, 1.0);
    d.shortfall_error = paired(contract_values(w, best_class, n, false),
                               contract_values(w, w.played, n, false), ones, confidence)
                            .error;
    Estimate shortfall =
        paired(pass_values(w, best_class, n), pass_values(w, w.played, n), ones, confidence);
    if (w.by_game) {
        d.best_chance = d.options.front().chance;
        d.played_chance = played->option.chance;
        d.chance_error = shortfall.error;
    }
    d.samples = n;
    d.settled = settled;
    d.flag = flag_of(pass_interval(ctx, w, n), shortfall.mean, ctx.scale, true);
}

// What review_bids reviews: everything, or one decision alone (a lesson's).
struct Scope {
    bool par = true;
    std::optional<int> bid;       // only this bid
    std::optional<Seat> passer;   // only this passer's pass
    bool bids = true;             // the bids at all
    bool passes = true;           // the passes at all
    std::optional<CardSet> also;  // a pass valued beside the passer's
};

// Par: the deal as play began, when the hand got that far; -1 when there is none to solve.
int add_par_job(const HandContext& ctx, const HandState& played, std::vector<Solve>& jobs) {
    if (played.phase() != Phase::Play && played.phase() != Phase::Done) return -1;
    Hands at_play;
    for (Seat s : kAllSeats) at_play[index(s)] = played.held_at_play(s);
    Solve s = make_solve(ctx.rules, ctx.dealer, at_play, Team::NS);
    for (Seat seat : kAllSeats) s.nil_for[index(seat)] = played.bid_of(seat)->is_nil();
    s.exact = true;
    jobs.push_back(std::move(s));
    return static_cast<int>(jobs.size()) - 1;
}

Par par_of(const HandContext& ctx, const HandState& played, const Solve& p) {
    Par par;
    par.tricks[index(Team::NS)] = p.tricks;
    par.tricks[index(Team::EW)] = ctx.rules.hand_size() - p.tricks;
    for (int i = 1; i <= 4; ++i) {
        Seat s = next(ctx.dealer, i);
        if (played.bid_of(s) && played.bid_of(s)->is_nil())
            par.nils.push_back({s, p.kept[index(s)]});
    }
    return par;
}

// Walks the hand to each bid in scope and sets up its candidates and layout streams.
std::vector<BidWork> bid_works(const HandContext& ctx, const RecordedHand& hand, int hand_index,
                               const HandState& played, const Scope& scope) {
    std::uint64_t seed = ctx.settings.seed;
    HandState state(ctx.rules, hand.dealer, hand.deal);
    while (state.phase() == Phase::Pass && played.passed(state.to_act())) {
        state.pass(state.to_act(), *played.passed(state.to_act()));
    }
    std::vector<BidWork> bids;
    for (std::size_t i = 0; i < hand.bids.size() && state.phase() == Phase::Bid; ++i) {
        Seat bidder = state.to_act();
        Bid bid = hand.bids[i];
        // A blind trick bid (blind_bid_min) is not reviewed: the layouts model only blind
        // nil's unseen hand and exchange. The other bids of the hand are.
        bool blind_tricks = bid.is_blind() && !bid.is_nil();
        if (!scope.bids || (scope.bid && *scope.bid != static_cast<int>(i)) || blind_tricks) {
            state.bid(bidder, bid);
            continue;
        }
        BidWork w;
        w.decision.index = static_cast<int>(i);
        w.decision.seat = bidder;
        w.decision.bid = bid;
        w.bid_blind = is_blind(bid);
        for (Seat s : kAllSeats) w.made[index(s)] = state.bid_of(s);
        // The state does not know the scores before the hand: the rules that go by them
        // (blind_behind) are checked here, so that no bid they forbid is offered. The bid made
        // stays whatever they say (after the game's end a record is not held to them).
        const BidFacts facts{state.bid_of(partner(bidder)), state.hand(bidder), ctx.scores()};
        for (Bid c : state.legal_bids()) {
            if (c != bid && check_bid_rules(ctx.rules, bidder, c, facts)) continue;
            (is_blind(c) && !w.bid_blind ? w.blind : w.main).candidates.push_back(c);
        }
        int n = static_cast<int>(i);
        w.main.knowledge = sampling::bidder_knowledge(state, bidder, w.bid_blind);
        w.main.rng = SplitMix64(sampling::decision_seed(seed, hand_index, n));
        w.main.always_solve_nil = bid.is_nil();
        w.decision.known =
            w.main.knowledge.known[index(bidder)] | w.main.knowledge.known[index(partner(bidder))];
        if (!w.blind.candidates.empty()) {
            w.blind.knowledge = sampling::bidder_knowledge(state, bidder, true);
            w.blind.rng =
                SplitMix64(sampling::decision_seed(seed, hand_index, kBlindDecisions + n));
        }
        bids.push_back(std::move(w));
        state.bid(bidder, bid);
    }
    return bids;
}

// Sets up each pass in scope: its classes and its layout stream.
std::vector<PassWork> pass_works(const HandContext& ctx, const RecordedHand& hand, int hand_index,
                                 const HandState& played, const Scope& scope) {
    std::vector<PassWork> passes;
    for (Seat s : kAllSeats) {
        if (!played.passed(s) || !scope.passes || (scope.passer && *scope.passer != s)) continue;
        PassWork w;
        w.decision.seat = s;
        w.by_game = ctx.chances != nullptr;
        w.decision.passed = *played.passed(s);
        w.dealt = hand.deal[s];
        std::vector<CardSet> runs = runs_of(w.dealt, ctx.rules);
        w.classes = pass_classes(runs, ctx.rules.pass_cards);
        for (const PassClass& c : w.classes) w.decision.candidates += c.size;
        w.played = class_of(w.decision.passed, runs, w.classes);
        if (scope.also) {
            if (scope.also->size() != ctx.rules.pass_cards || !(*scope.also - w.dealt).empty()) {
                throw Error("a pass is " + std::to_string(ctx.rules.pass_cards) +
                            " cards of the hand dealt");
            }
            w.decision.also = *scope.also;
            w.also = class_of(*scope.also, runs, w.classes);
        }
        w.knowledge = sampling::passer_knowledge(ctx.rules, s, w.dealt);
        w.rng = SplitMix64(
            sampling::decision_seed(ctx.settings.seed, hand_index, kPassDecisions + index(s)));
        w.results.resize(w.classes.size());
        for (const PassClass& c : w.classes) w.nil_pass.push_back(tops_only(c.cards, w.dealt));
        for (std::size_t c = 0; c < w.classes.size(); ++c) w.alive.push_back(static_cast<int>(c));
        passes.push_back(std::move(w));
    }
    return passes;
}

// The layouts a pass goes to next: by fours while few (successive halving narrows the classes
// meanwhile), then doubling, up to the cap.
int next_pass_round(int n, const ReviewSettings& settings) {
    int next = n < settings.batch ? std::min(settings.batch, n * 4) : n * 2;
    return std::min(settings.samples, std::max(next, n + 1));
}

// Every decision's layouts, round by round: each bid still unsettled draws a batch more, each
// pass still unsettled goes to its next round, and all the round's solves share the workers.
void run_rounds(const HandContext& ctx, std::vector<BidWork>& bids, std::vector<PassWork>& passes,
                std::vector<Solve>& jobs, std::vector<Solver>& solvers) {
    const ReviewSettings& settings = ctx.settings;
    std::vector<bool> bid_open(bids.size(), true);
    std::vector<int> pass_n(passes.size(), 0);  // layouts of the last round, 0 before the first
    std::vector<bool> pass_open(passes.size(), true);
    for (int round = 0;; ++round) {
        bool any = false;
        for (std::size_t i = 0; i < bids.size(); ++i) {
            if (!bid_open[i]) continue;
            BidWork& w = bids[i];
            int count = std::min(settings.batch, settings.samples - static_cast<int>(w.solved));
            draw_set(ctx, w.made, w.decision.seat, count, w.main, jobs);
            if (!w.blind.candidates.empty() && !w.blind.nil_until) {
                draw_set(ctx, w.made, w.decision.seat, count, w.blind, jobs);
            }
            any = true;
        }
        std::vector<std::size_t> pass_first(passes.size());
        for (std::size_t i = 0; i < passes.size(); ++i) {
            if (!pass_open[i]) continue;
            pass_n[i] = pass_n[i] == 0 ? 1 : next_pass_round(pass_n[i], settings);
            pass_first[i] = jobs.size();
            add_pass_jobs(ctx, passes[i], pass_n[i], jobs);
            any = true;
        }
        if (!any && round > 0) break;
        sampling::solve_all(jobs, solvers, settings.nil_node_budget);
        for (std::size_t i = 0; i < bids.size(); ++i) {
            if (!bid_open[i]) continue;
            BidWork& w = bids[i];
            collect(w.main, w.solved, jobs);
            collect(w.blind, w.solved, jobs);
            w.solved = w.main.layouts.size();
            bool at_cap = static_cast<int>(w.solved) >= settings.samples;
            bool settled = finish_bid(ctx, w, at_cap);
            bid_open[i] = !settled && !at_cap && !w.closed;
        }
        for (std::size_t i = 0; i < passes.size(); ++i) {
            if (!pass_open[i]) continue;
            PassWork& w = passes[i];
            std::size_t k = pass_first[i];
            for (auto [c, j] : w.pending) {
                const Solve& solved = jobs[k++];
                w.results[c].push_back({solved.tricks, solved.kept[index(w.decision.seat)]});
                w.decision.unsettled_nils += solved.any_unsettled() ? 1 : 0;
            }
            int n = pass_n[i];
            const bool enough = n >= std::min(kMinBatches * settings.batch, settings.samples);
            const bool settled = enough && pass_settled(ctx, w, n);
            const bool hopeless = 2 * n >= settings.samples && !settled && n < settings.samples &&
                                  !pass_could_settle(ctx, w, n);
            if (settled || hopeless || n >= settings.samples) {
                pass_open[i] = false;
                finish_pass(ctx, w, settled);
            } else {
                narrow(w, n);
            }
        }
        jobs.clear();
    }
}

BidReview review_scope(const RecordedGame& game, int hand_index, const Standings& before,
                       const ReviewSettings& settings, const Scope& scope,
                       const WinChanceTable* chances = nullptr) {
    auto start = std::chrono::steady_clock::now();
    if (hand_index < 0 || hand_index >= static_cast<int>(game.hands.size())) {
        throw Error("the game has " + std::to_string(game.hands.size()) +
                    " hands: there is no hand " + std::to_string(hand_index + 1));
    }
    if (settings.samples < 1 || settings.batch < 1) {
        throw Error("the bid review needs at least 1 sample");
    }
    const RuleSet& rules = game.rules;
    const RecordedHand& hand = game.hands[hand_index];
    const HandState played = replay_hand(rules, hand, hand_index);
    HandContext ctx{rules, hand.dealer, before, settings,
                    Scale{settings.thresholds_for(rules), {}}};
    if (chances && settings.grade == Grade::Game) {
        ctx.chances = chances;
        ctx.overtime = in_overtime(game, hand_index);
        ctx.scale.chance = settings.chance_thresholds;
    }

    int threads = settings.threads > 0 ? settings.threads
                                       : static_cast<int>(std::thread::hardware_concurrency());
    std::vector<Solver> solvers;
    for (int i = 0; i < std::max(threads, 1); ++i) {
        solvers.emplace_back(SolverOptions{settings.table_megabytes});
    }
    BidReview review;
    std::vector<BidWork> bids = bid_works(ctx, hand, hand_index, played, scope);
    std::vector<PassWork> passes = pass_works(ctx, hand, hand_index, played, scope);
    // Par first, alone: the rounds' jobs are numbered from 0.
    if (scope.par) {
        std::vector<Solve> par_jobs;
        if (add_par_job(ctx, played, par_jobs) >= 0) {
            sampling::solve_all(par_jobs, solvers, settings.nil_node_budget);
            review.par = par_of(ctx, played, par_jobs.front());
        }
    }
    std::vector<Solve> jobs;
    run_rounds(ctx, bids, passes, jobs, solvers);
    for (BidWork& w : bids) review.bids.push_back(w.decision);
    for (PassWork& w : passes) review.passes.push_back(w.decision);

    for (const Solver& s : solvers) review.nodes += s.stats().nodes;
    review.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return review;
}

}  // namespace

BidReview review_bids(const RecordedGame& game, int hand_index, const Standings& before,
                      const ReviewSettings& settings, const WinChanceTable* chances) {
    return review_scope(game, hand_index, before, settings, Scope{}, chances);
}

std::vector<BidPart> bid_parts(const RecordedGame& game, int hand_index) {
    const RecordedHand& hand = game.hands.at(static_cast<std::size_t>(hand_index));
    std::vector<BidPart> parts{BidPart{}};
    for (Seat s : kAllSeats) {
        if (!hand.passes[index(s)].empty()) parts.push_back({BidPart::Kind::Pass, 0, s});
    }
    for (std::size_t i = 0; i < hand.bids.size(); ++i) {
        parts.push_back({BidPart::Kind::Bid, static_cast<int>(i), Seat::North});
    }
    return parts;
}

BidReview review_bid_part(const RecordedGame& game, int hand_index, const Standings& before,
                          const ReviewSettings& settings, const BidPart& part,
                          const WinChanceTable* chances) {
    Scope scope;
    scope.par = part.kind == BidPart::Kind::Par;
    scope.passes = part.kind == BidPart::Kind::Pass;
    scope.bids = part.kind == BidPart::Kind::Bid;
    if (scope.passes) scope.passer = part.passer;
    if (scope.bids) scope.bid = part.bid;
    return review_scope(game, hand_index, before, settings, scope, chances);
}

BidReview merge_bid_parts(std::vector<BidReview> parts) {
    BidReview out;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        BidReview& p = parts[i];
        if (i == 0) out.par = std::move(p.par);  // the par part comes first
        for (PassDecision& d : p.passes) out.passes.push_back(std::move(d));
        for (BidDecision& d : p.bids) out.bids.push_back(std::move(d));
        out.nodes += p.nodes;
        out.seconds += p.seconds;
    }
    return out;
}

BidDecision review_bid_decision(const RecordedGame& game, int hand_index, int bid_index,
                                const Standings& before, const ReviewSettings& settings,
                                const WinChanceTable* chances) {
    Scope scope;
    scope.par = false;
    scope.passes = false;
    scope.bid = bid_index;
    BidReview review = review_scope(game, hand_index, before, settings, scope, chances);
    if (review.bids.empty()) {
        throw Error("hand " + std::to_string(hand_index + 1) + " has no bid " +
                    std::to_string(bid_index + 1) + " to review");
    }
    return review.bids.front();
}

PassDecision review_pass_decision(const RecordedGame& game, int hand_index, Seat passer,
                                  const Standings& before, const ReviewSettings& settings,
                                  std::optional<CardSet> also) {
    Scope scope;
    scope.par = false;
    scope.bids = false;
    scope.passer = passer;
    scope.also = also;
    BidReview review = review_scope(game, hand_index, before, settings, scope);
    if (review.passes.empty()) {
        throw Error("hand " + std::to_string(hand_index + 1) + " has no pass by " +
                    std::string(seat_name(passer)) + " to review");
    }
    return review.passes.front();
}

}  // namespace spadework::analyzer
