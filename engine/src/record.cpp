#include "spadework/engine/record.h"

#include <algorithm>
#include <numeric>

namespace spadework {
namespace {

using Part = RecordPlace::Part;

std::string trick_prefix(const HandState& state) {
    return "trick " + std::to_string(state.tricks_played() + 1) + ": ";
}

// The message for a card the engine refuses, in the words a reader of a score sheet uses.
std::string card_fault(const HandState& state, Card card, const Illegal& illegal) {
    Seat seat = state.to_act();
    std::string who = seat_letter(seat);
    switch (illegal.reason) {
        case IllegalReason::CardNotHeld: {
            bool played = std::any_of(state.play_record().begin(), state.play_record().end(),
                                      [&](const PlayedCard& p) { return p.card == card; });
            if (played) return trick_prefix(state) + to_string(card) + " was played already";
            return trick_prefix(state) + to_string(card) + " played by " + who +
                   ", who does not hold it";
        }
        case IllegalReason::MustFollowSuit: {
            Suit led = *state.led_suit();
            return trick_prefix(state) + who + " did not follow suit with " +
                   std::string(suit_symbol(led)) + " in hand (revoke): played " + to_string(card);
        }
        case IllegalReason::SpadesNotBroken:
            return trick_prefix(state) + who + " led " + to_string(card) +
                   " before spades were broken";
        default:
            return trick_prefix(state) + illegal.message;
    }
}

void check_annotations(const RecordedHand& hand, int hand_index) {
    for (const Annotation& a : hand.annotations) {
        if (!a.glyph.empty() && !is_glyph(a.glyph)) {
            throw RecordError("'" + a.glyph + "' is not an annotation glyph (! ? !! ?? !? ?!)",
                              hand_index, {Part::Hand, 0});
        }
        std::size_t limit = 0;
        const char* what = "";
        switch (a.target) {
            case Annotation::Target::Hand:
                continue;
            case Annotation::Target::Bid:
                limit = hand.bids.size();
                what = "bid";
                break;
            case Annotation::Target::Card:
                limit = hand.cards.size();
                what = "card";
                break;
        }
        if (a.index < 0 || static_cast<std::size_t>(a.index) >= limit) {
            throw RecordError("an annotation names " + std::string(what) + " " +
                                  std::to_string(a.index + 1) + " of " + std::to_string(limit),
                              hand_index, {Part::Hand, 0});
        }
    }
}

void replay_claim(const HandState& state, const Claim& claim, int hand_index) {
    auto fail = [&](const std::string& what) {
        throw RecordError(what, hand_index, {Part::Claim, 0});
    };
    if (state.phase() != Phase::Play) {
        fail(state.phase() == Phase::Done ? "a claim after the last trick"
                                          : "a claim before play began");
    }
    if (!state.current_trick().empty()) fail("a claim in the middle of a trick");
    int left = state.rules().hand_size() - state.tricks_played();
    int claimed = 0;
    for (Seat s : kAllSeats) {
        int n = claim.tricks[index(s)];
        if (n < 0) fail("the claim credits " + seat_letter(s) + " with " + std::to_string(n));
        claimed += n;
    }
    if (claimed != left) {
        fail("the claim shares " + std::to_string(claimed) + " tricks, but " +
             std::to_string(left) + " are left to play");
    }
}

}  // namespace

bool is_glyph(std::string_view text) {
    return std::find(std::begin(kGlyphs), std::end(kGlyphs), text) != std::end(kGlyphs);
}

const Annotation* RecordedHand::annotation(Annotation::Target target, int index) const {
    for (const Annotation& a : annotations) {
        if (a.target == target && a.index == index) return &a;
    }
    return nullptr;
}

std::array<std::optional<Bid>, 4> bids_by_seat(const RecordedHand& hand) {
    std::array<std::optional<Bid>, 4> out;
    for (std::size_t i = 0; i < hand.bids.size() && i < 4; ++i) {
        out[index(next(hand.dealer, static_cast<int>(i) + 1))] = hand.bids[i];
    }
    return out;
}

RecordedHand hand_up_to(const RecordedHand& hand, std::size_t cards) {
    RecordedHand out = hand;
    if (out.cards.size() > cards) out.cards.resize(cards);
    out.claim.reset();
    std::erase_if(out.annotations, [&](const Annotation& a) {
        return a.target == Annotation::Target::Card &&
               static_cast<std::size_t>(a.index) >= out.cards.size();
    });
    return out;
}

HandState replay_hand(const RuleSet& rules, const RecordedHand& hand, int hand_index,
                      std::vector<RecordedIrregularity>* irregular,
                      std::optional<std::array<int, 2>> scores_before) {
    auto fail = [&](const std::string& what, RecordPlace place) -> void {
        throw RecordError(what, hand_index, place);
    };
    if (hand.deal.all().empty()) {
        // Most likely a score sheet's hand, which has bids and tricks only.
        fail("the hand has no deal to replay (a score sheet records bids and tricks only)",
             {Part::Deal, 0});
    }
    std::optional<HandState> built;
    try {
        if (scores_before) {
            built.emplace(rules, hand.dealer, hand.deal, *scores_before);
        } else {
            built.emplace(rules, hand.dealer, hand.deal);
        }
    } catch (const Error& e) {
        fail(e.what(), {Part::Deal, 0});
    }
    HandState& state = *built;
    check_annotations(hand, hand_index);

    // Step 1. The pass, in seat order from the dealer's left.
    for (int k = 0; k < 4; ++k) {
        Seat seat = next(hand.dealer, k + 1);
        CardSet given = hand.passes[index(seat)];
        if (rules.pass_cards == 0) {
            if (!given.empty()) {
                fail("these rules have no pass, but " + seat_letter(seat) + " passes " +
                         to_string(given),
                     {Part::Pass, index(seat)});
            }
            continue;
        }
        if (auto bad = state.check_pass(seat, given)) fail(bad->message, {Part::Pass, index(seat)});
        state.pass(seat, given);
    }

    // Step 2. The bids, from the dealer's left.
    for (std::size_t i = 0; i < hand.bids.size(); ++i) {
        int at = static_cast<int>(i);
        if (i >= 4) fail("a fifth bid: each player bids once", {Part::Bid, at});
        Seat seat = state.to_act();
        if (auto bad = state.check_bid(seat, hand.bids[i])) {
            fail(seat_letter(seat) + " bids " + to_string(hand.bids[i]) + ": " + bad->message,
                 {Part::Bid, at});
        }
        state.bid(seat, hand.bids[i]);
    }

    // Step 3. The blind nil exchange, in the order the engine asks for it.
    if (state.phase() == Phase::Exchange) {
        while (state.phase() == Phase::Exchange) {
            Seat seat = state.to_act();
            if (auto bad = state.check_exchange(seat, hand.exchanges[index(seat)])) {
                fail(bad->message, {Part::Exchange, index(seat)});
            }
            state.exchange(seat, hand.exchanges[index(seat)]);
        }
    } else {
        for (Seat seat : kAllSeats) {
            if (!hand.exchanges[index(seat)].empty()) {
                fail("no blind nil exchange in this hand, but " + seat_letter(seat) + " gives " +
                         to_string(hand.exchanges[index(seat)]),
                     {Part::Exchange, index(seat)});
            }
        }
    }

    // Step 4. The cards.
    for (std::size_t i = 0; i < hand.cards.size(); ++i) {
        RecordPlace place{Part::Card, static_cast<int>(i)};
        if (state.phase() == Phase::Done) fail("a card after the last trick", place);
        if (state.phase() != Phase::Play) fail("a card played before the bidding ended", place);
        if (auto bad = state.check_play(hand.cards[i])) {
            bool rule_of_play = bad->reason == IllegalReason::MustFollowSuit ||
                                bad->reason == IllegalReason::SpadesNotBroken;
            if (!rule_of_play) fail(card_fault(state, hand.cards[i], *bad), place);
            // Kept as played, and flagged.
            if (irregular) {
                irregular->push_back(
                    {hand_index, static_cast<int>(i), card_fault(state, hand.cards[i], *bad)});
            }
            state.play_recorded(hand.cards[i]);
            continue;
        }
        state.play(hand.cards[i]);
    }

    // Step 5. The claim.
    if (hand.claim) replay_claim(state, *hand.claim, hand_index);
    return std::move(*built);
}

std::optional<HandOutcome> outcome_of(const HandState& state, const std::optional<Claim>& claim) {
    if (state.phase() == Phase::Done) return state.outcome();
    if (!claim || state.phase() != Phase::Play || !state.current_trick().empty()) return {};

    HandOutcome out = state.outcome();
    for (Seat s : kAllSeats) out.tricks[index(s)] += claim->tricks[index(s)];

    // Honours: the tricks played decide them, and honours not yet played go to the side that
    // takes every trick left, whoever claimed: a side conceding all the rest gives up the
    // honours with them.
    std::array<CardSet, 2> won;
    CardSet played;
    const auto& record = state.play_record();
    for (std::size_t t = 0; t < state.trick_winners().size(); ++t) {
        for (std::size_t k = 0; k < 4; ++k) {
            won[index(team_of(state.trick_winners()[t]))].insert(record[4 * t + k].card);
            played.insert(record[4 * t + k].card);
        }
    }
    for (Team t : kAllTeams) {
        int to_side = 0;
        int to_others = 0;
        for (Seat s : members(t)) to_side += claim->tricks[index(s)];
        for (Seat s : members(opponent(t))) to_others += claim->tricks[index(s)];
        if (to_side > 0 && to_others == 0) won[index(t)] |= kHonours - played;
    }
    out.honours.reset();
    for (Team t : kAllTeams) {
        if ((won[index(t)] & kHonours) == kHonours) out.honours = t;
    }
    return out;
}

// ---------------------------------------------------------------------------------------
// Score sheets.

namespace {

std::string tricks_word(int n) {
    return std::to_string(n) + (n == 1 ? " trick" : " tricks");
}

// A score sheet's hand holds nothing of the cards.
void check_no_cards(const RecordedHand& hand, int hand_index) {
    auto fail = [&](const std::string& what, RecordPlace place) {
        throw RecordError("a score sheet has " + what + ": its hands hold bids and tricks only",
                          hand_index, place);
    };
    if (!hand.deal.all().empty()) fail("no deal", {Part::Deal, 0});
    for (Seat s : kAllSeats) {
        if (!hand.passes[index(s)].empty()) fail("no pass", {Part::Pass, index(s)});
        if (!hand.exchanges[index(s)].empty()) fail("no exchange", {Part::Exchange, index(s)});
    }
    if (!hand.cards.empty()) fail("no cards played", {Part::Card, 0});
    if (hand.claim) fail("no claim", {Part::Claim, 0});
}

// The bids, in turn from the dealer's left, each checked by the rules; per seat.
std::array<std::optional<Bid>, 4> sheet_bids(const RuleSet& rules, const RecordedHand& hand,
                                             int hand_index,
                                             std::optional<std::array<int, 2>> scores_before) {
    std::array<std::optional<Bid>, 4> by_seat;
    for (std::size_t i = 0; i < hand.bids.size(); ++i) {
        RecordPlace place{Part::Bid, static_cast<int>(i)};
        if (i >= 4) throw RecordError("a fifth bid: each player bids once", hand_index, place);
        Seat seat = next(hand.dealer, static_cast<int>(i) + 1);
        // No cards: the rules that need them are named by score_sheet_gaps instead.
        BidFacts known{by_seat[index(partner(seat))], std::nullopt, scores_before};
        if (auto bad = check_bid_rules(rules, seat, hand.bids[i], known)) {
            throw RecordError(
                seat_letter(seat) + " bids " + to_string(hand.bids[i]) + ": " + bad->message,
                hand_index, place);
        }
        by_seat[index(seat)] = hand.bids[i];
    }
    return by_seat;
}

// The first entry a sheet gives, where a fault of its tricks as a whole is reported.
RecordPlace first_given(const SheetTricks& sheet) {
    for (Seat s : kAllSeats) {
        if (sheet.seats[index(s)]) return {Part::SeatTricks, index(s)};
    }
    for (Team t : kAllTeams) {
        if (sheet.teams[index(t)]) return {Part::TeamTricks, index(t)};
    }
    return {Part::SeatTricks, -1};
}

// One partnership's tricks by the sheet: its total, checked against what its members' entries
// say.
int team_tricks(const SheetTricks& sheet, Team team, const std::array<std::optional<Bid>, 4>& bids,
                int hand_index) {
    const std::string name(team_name(team));
    const std::optional<int> total = sheet.teams[index(team)];
    int known = 0;
    int unknown = 0;
    for (Seat s : members(team)) {
        const std::optional<int> own = sheet.seats[index(s)];
        RecordPlace place{Part::SeatTricks, index(s)};
        if (!own && !total) {
            throw RecordError("the sheet gives no tricks for " + seat_letter(s) +
                                  ": give each seat's tricks, or the partnership's (" + name + ")",
                              hand_index, place);
        }
        if (!own && bids[index(s)]->is_nil()) {
            throw RecordError(seat_letter(s) + " bid " + to_string(*bids[index(s)]) + ", so " +
                                  seat_letter(s) + "'s own tricks are needed beside " + name +
                                  "'s total (a nil is made or failed by its bidder alone)",
                              hand_index, place);
        }
        known += own.value_or(0);
        unknown += own ? 0 : 1;
    }
    if (!total) return known;
    RecordPlace place{Part::TeamTricks, index(team)};
    auto [a, b] = members(team);
    std::string pair = seat_letter(a) + " and " + seat_letter(b);
    if (unknown == 0 && known != *total) {
        throw RecordError(pair + " took " + tricks_word(known) + " between them, but " + name +
                              "'s total is " + std::to_string(*total),
                          hand_index, place);
    }
    if (known > *total) {
        throw RecordError("the sheet gives " + pair + " " + tricks_word(known) + ", more than " +
                              name + "'s total of " + std::to_string(*total),
                          hand_index, place);
    }
    return *total;
}

}  // namespace

bool SheetTricks::empty() const {
    auto none = [](const auto& values) {
        return std::none_of(values.begin(), values.end(), [](const auto& v) { return v; });
    };
    return none(seats) && none(teams);
}

std::array<std::optional<int>, 4> sheet_seat_tricks(const SheetTricks& sheet) {
    std::array<std::optional<int>, 4> out = sheet.seats;
    for (Team t : kAllTeams) {
        auto [a, b] = members(t);
        const std::optional<int> total = sheet.teams[index(t)];
        if (!total) continue;
        if (!out[index(a)] && out[index(b)]) out[index(a)] = *total - *out[index(b)];
        if (!out[index(b)] && out[index(a)]) out[index(b)] = *total - *out[index(a)];
    }
    return out;
}

std::optional<HandOutcome> sheet_outcome(const RuleSet& rules, const RecordedHand& hand,
                                         int hand_index,
                                         std::optional<std::array<int, 2>> scores_before) {
    check_no_cards(hand, hand_index);
    check_annotations(hand, hand_index);
    const std::array<std::optional<Bid>, 4> bids =
        sheet_bids(rules, hand, hand_index, scores_before);
    const SheetTricks& sheet = hand.sheet;
    if (sheet.empty()) return std::nullopt;
    if (hand.bids.size() < 4) {
        throw RecordError("tricks before the bidding is complete (" +
                              std::to_string(hand.bids.size()) + " of the 4 bids)",
                          hand_index, first_given(sheet));
    }
    const int size = rules.hand_size();
    for (Seat s : kAllSeats) {
        std::optional<int> n = sheet.seats[index(s)];
        if (n && (*n < 0 || *n > size)) {
            throw RecordError(seat_letter(s) + " takes " + std::to_string(*n) +
                                  " tricks: a hand has " + std::to_string(size),
                              hand_index, {Part::SeatTricks, index(s)});
        }
    }
    for (Team t : kAllTeams) {
        std::optional<int> n = sheet.teams[index(t)];
        if (n && (*n < 0 || *n > size)) {
            throw RecordError(std::string(team_name(t)) + " take " + std::to_string(*n) +
                                  " tricks: a hand has " + std::to_string(size),
                              hand_index, {Part::TeamTricks, index(t)});
        }
    }
    HandOutcome out;
    for (Seat s : kAllSeats) out.bids[index(s)] = *bids[index(s)];
    const std::array<std::optional<int>, 4> own = sheet_seat_tricks(sheet);
    int total = 0;
    for (Team t : kAllTeams) {
        int taken = team_tricks(sheet, t, bids, hand_index);
        total += taken;
        // Members the sheet does not split bid tricks, whose tricks count only together.
        int left = taken;
        for (Seat s : members(t)) left -= own[index(s)].value_or(0);
        for (Seat s : members(t)) {
            out.tricks[index(s)] = own[index(s)].value_or(left);
            if (!own[index(s)]) left = 0;
        }
    }
    if (total != size) {
        throw RecordError("the tricks add up to " + std::to_string(total) + ", not " +
                              std::to_string(size) + ": a hand of these rules has " +
                              std::to_string(size),
                          hand_index, {Part::SeatTricks, -1});
    }
    return out;
}

std::optional<HandOutcome> hand_outcome(const RecordedGame& game, int hand) {
    const RecordedHand& h = game.hands.at(static_cast<std::size_t>(hand));
    if (game.score_sheet()) return sheet_outcome(game.rules, h, hand);
    return outcome_of(replay_hand(game.rules, h, hand), h.claim);
}

std::vector<RecordedIrregularity> check_game(const RecordedGame& game) {
    std::vector<RecordedIrregularity> irregular;
    try {
        check_rules(game.rules);
    } catch (const RuleError& e) {
        throw RecordError(std::string("the rule set does not hold together: ") + e.what(), -1,
                          {Part::Hand, 0});
    }
    // The score before each hand, for the bids that depend on it (blind_behind). After the
    // game's end by its rules, a recorded hand is checked without it.
    Game tally(game.rules);
    for (std::size_t h = 0; h < game.hands.size(); ++h) {
        int at = static_cast<int>(h);
        std::optional<std::array<int, 2>> scores;
        if (!tally.over()) {
            scores = {tally.standings()[index(Team::NS)].score,
                      tally.standings()[index(Team::EW)].score};
        }
        const RecordedHand& hand = game.hands[h];
        std::optional<HandOutcome> outcome;
        if (game.score_sheet()) {
            outcome = sheet_outcome(game.rules, hand, at, scores);
        } else {
            if (!hand.sheet.empty()) {
                throw RecordError(
                    "a hand recorded card by card has no score-sheet tricks (a score sheet "
                    "is a game recorded as bids and tricks only)",
                    at, first_given(hand.sheet));
            }
            HandState state = replay_hand(game.rules, hand, at, &irregular, scores);
            outcome = outcome_of(state, hand.claim);
        }
        bool last = h + 1 == game.hands.size();
        if (!last && !outcome) {
            throw RecordError(
                "hand " + std::to_string(h + 1) + " is unfinished, but more hands follow it", at,
                {Part::Hand, 0});
        }
        if (outcome && !tally.over()) tally.add_hand(*outcome);
    }
    return irregular;
}

RuleSet rescoring_rules(const RuleSet& played, const RuleSet& scoring) {
    // The keys that shaped the cards and bids are marked so on the rule table.
    RuleSet out = scoring;
    take_play_keys(out, played);
    return out;
}

ScoredGame score_game(const RecordedGame& game, const RuleSet& scoring) {
    ScoredGame scored;
    scored.rules = rescoring_rules(game.rules, scoring);
    Game tally(scored.rules);
    if (game.score_sheet()) scored.not_scored = score_sheet_gaps(scored.rules);
    for (std::size_t h = 0; h < game.hands.size(); ++h) {
        std::optional<HandOutcome> outcome = hand_outcome(game, static_cast<int>(h));
        if (!outcome || tally.over()) {
            scored.hands_unscored = static_cast<int>(game.hands.size() - h);
            break;
        }
        scored.outcomes.push_back(*outcome);
        tally.add_hand(*outcome);
    }
    scored.hands = tally.hands();
    scored.result = tally.result();
    return scored;
}

}  // namespace spadework
