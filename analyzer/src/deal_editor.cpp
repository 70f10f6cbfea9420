#include "spadework/analyzer/deal_editor.h"

#include <fmt/format.h>

#include <algorithm>

#include "spadework/engine/error.h"
#include "spadework/formats/game_file.h"
#include "spadework/formats/library.h"
#include "spadework/formats/text_log.h"

namespace spadework::analyzer {

int high_card_points(CardSet hand) {
    int points = 0;
    for (Card c : hand) {
        int r = static_cast<int>(c.rank());
        if (r >= static_cast<int>(Rank::Jack)) points += r - static_cast<int>(Rank::Ten);
    }
    return points;
}

bool SeatConstraint::fits(CardSet hand) const {
    int points = high_card_points(hand);
    int spades = hand.count(Suit::Spades);
    if (points < points_min || points > points_max) return false;
    if (spades < spades_min || spades > spades_max) return false;
    for (Suit s : kAllSuits) {
        if (void_in[index(s)] && hand.has_suit(s)) return false;
    }
    return true;
}

bool SeatConstraint::any() const {
    return !(*this == SeatConstraint{});
}

std::string SeatConstraint::text() const {
    std::vector<std::string> parts;
    SeatConstraint none;
    if (points_min != none.points_min || points_max != none.points_max) {
        parts.push_back(fmt::format("{}-{} points", points_min, points_max));
    }
    if (spades_min != none.spades_min || spades_max != none.spades_max) {
        parts.push_back(fmt::format("{}-{} spades", spades_min, spades_max));
    }
    for (Suit s : kAllSuits) {
        if (void_in[index(s)]) parts.push_back(fmt::format("void in {}", suit_name(s)));
    }
    if (parts.empty()) return "any hand";
    std::string out = parts.front();
    for (std::size_t i = 1; i < parts.size(); ++i) out += ", " + parts[i];
    return out;
}

DealEditor::DealEditor(RuleSet rules, Seat dealer) : rules_(std::move(rules)), dealer_(dealer) {}

void DealEditor::set_rules(const RuleSet& rules) {
    rules_ = rules;
    for (CardSet& hand : deal_.hands) {
        hand &= rules_.deck();
        // A smaller hand size leaves the last cards of a hand over: they go back unplaced.
        while (hand.size() > seat_size()) hand.erase(*hand.begin());
    }
    drop_auction();
}

void DealEditor::set_dealer(Seat dealer) {
    dealer_ = dealer;
    drop_auction();
}

void DealEditor::drop_auction() {
    passes_ = {};
    passed_.clear();
    bids_.clear();
    bid_comments_.clear();
    exchanges_ = {};
    exchanged_.clear();
    cards_.clear();
}

std::optional<Seat> DealEditor::holder(Card c) const {
    for (Seat s : kAllSeats) {
        if (deal_[s].contains(c)) return s;
    }
    return std::nullopt;
}

void DealEditor::refuse_once_entered() const {
    if (!auction_begun()) return;
    const char* what = !cards_.empty() ? "the bids and the play are"
                       : bids_.empty() ? "the passes are"
                                       : "the bids are";
    throw Error(fmt::format(
        "{} entered: take them back (Undo) before changing the cards, or Clear the deal", what));
}

void DealEditor::place(Card c, Seat seat) {
    refuse_once_entered();
    if (!rules_.deck().contains(c)) {
        throw Error(fmt::format("{} is not in the {}-card deck", to_string(c), rules_.deck_size));
    }
    if (auto at = holder(c)) {
        throw Error(fmt::format("{} is already in {}'s hand", to_string(c), seat_name(*at)));
    }
    if (deal_[seat].size() >= seat_size()) {
        throw Error(fmt::format("{} already holds {} cards", seat_name(seat), seat_size()));
    }
    deal_[seat].insert(c);
}

void DealEditor::remove(Card c) {
    refuse_once_entered();
    auto at = holder(c);
    if (!at) throw Error(fmt::format("{} is in no hand", to_string(c)));
    deal_[*at].erase(c);
}

void DealEditor::swap(Seat a, Seat b) {
    refuse_once_entered();
    std::swap(deal_[a], deal_[b]);
}

void DealEditor::rotate(int steps) {
    refuse_once_entered();
    Deal turned;
    for (Seat s : kAllSeats) turned[next(s, steps)] = deal_[s];
    deal_ = turned;
}

void DealEditor::clear() {
    deal_ = Deal{};
    card_comments_.clear();
    drop_auction();
}

int DealEditor::deal_rest(std::uint64_t seed, int max_tries) {
    refuse_once_entered();
    // A range upside down fits no hand: said at once rather than after every draw fails.
    for (Seat s : kAllSeats) {
        const SeatConstraint& c = constraints[index(s)];
        if (c.points_min > c.points_max || c.spades_min > c.spades_max) {
            throw Error(fmt::format("{}: {}: a range's least is more than its most", seat_name(s),
                                    c.text()));
        }
    }
    std::vector<Card> rest;
    for (Card c : unplaced()) rest.push_back(c);
    SplitMix64 random(seed);
    for (int tries = 1; tries <= max_tries; ++tries) {
        for (std::size_t i = rest.size(); i > 1; --i) {
            std::swap(rest[i - 1], rest[random.below(i)]);
        }
        Deal dealt = deal_;
        std::size_t next_card = 0;
        for (Seat s : kAllSeats) {
            while (dealt[s].size() < seat_size()) dealt[s].insert(rest[next_card++]);
        }
        bool fits = std::all_of(kAllSeats, kAllSeats + 4,
                                [&](Seat s) { return constraints[index(s)].fits(dealt[s]); });
        if (fits) {
            deal_ = dealt;
            return tries;
        }
    }
    std::string asked;
    for (Seat s : kAllSeats) {
        if (!constraints[index(s)].any()) continue;
        asked += fmt::format("{}{}: {}", asked.empty() ? "" : "; ", seat_name(s),
                             constraints[index(s)].text());
    }
    throw Error(
        fmt::format("no deal fits within {} tries ({}): loosen a constraint", max_tries, asked));
}

HandState DealEditor::state() const {
    if (!complete()) {
        throw Error(fmt::format("the deal is not complete: {} cards are not placed yet",
                                unplaced().size()));
    }
    HandState h(rules_, dealer_, deal_);
    for (Seat s : passed_) h.pass(s, passes_[index(s)]);
    for (Bid b : bids_) h.bid(h.to_act(), b);
    for (Seat s : exchanged_) h.exchange(s, exchanges_[index(s)]);
    for (Card c : cards_) h.play(c);
    return h;
}

Phase DealEditor::phase() const {
    if (!complete()) return rules_.pass_cards > 0 ? Phase::Pass : Phase::Bid;
    return state().phase();
}

std::optional<Seat> DealEditor::to_act() const {
    if (!complete()) return std::nullopt;
    HandState now = state();
    if (now.phase() != Phase::Pass && now.phase() != Phase::Bid) return std::nullopt;
    return now.to_act();
}

void DealEditor::pass(CardSet cards) {
    HandState now = state();
    if (now.phase() != Phase::Pass) throw Error("no pass is due: the passes are made");
    Seat s = now.to_act();
    if (auto bad = now.check_pass(s, cards)) throw Error(bad->message);
    passes_[index(s)] = cards;
    passed_.push_back(s);
}

void DealEditor::bid(Bid b) {
    HandState now = state();
    if (now.phase() == Phase::Pass) throw Error("the passes come before the bids");
    if (now.phase() != Phase::Bid) throw Error("the bidding is over: four bids are in");
    // The engine's one check of a bid (check_bid: the turn and check_bid_rules).
    if (auto bad = now.check_bid(now.to_act(), b)) throw Error(bad->message);
    bids_.push_back(b);
}

std::optional<Seat> DealEditor::to_play() const {
    if (!complete()) return std::nullopt;
    HandState now = state();
    if (now.phase() != Phase::Exchange && now.phase() != Phase::Play) return std::nullopt;
    return now.to_act();
}

void DealEditor::exchange(CardSet cards) {
    HandState now = state();
    if (now.phase() != Phase::Exchange) throw Error("no exchange is due");
    const Seat s = now.to_act();
    if (auto bad = now.check_exchange(s, cards)) throw Error(bad->message);
    exchanges_[index(s)] = cards;
    exchanged_.push_back(s);
}

void DealEditor::play(Card c) {
    HandState now = state();
    if (now.phase() == Phase::Pass || now.phase() == Phase::Bid) {
        throw Error("the play comes after the bids: enter them first");
    }
    if (now.phase() == Phase::Exchange) {
        throw Error(
            fmt::format("{} gives the blind bid's exchange first", seat_name(now.to_act())));
    }
    if (now.phase() != Phase::Play) throw Error("the play is over: every card is played");
    if (auto bad = now.check_play(c)) throw Error(bad->message);
    cards_.push_back(c);
}

CardSet DealEditor::legal_cards() const {
    if (!complete()) return {};
    HandState now = state();
    return now.phase() == Phase::Play ? now.legal_cards() : CardSet{};
}

void DealEditor::undo() {
    if (!cards_.empty()) {
        cards_.pop_back();
    } else if (!exchanged_.empty()) {
        exchanges_[index(exchanged_.back())] = {};
        exchanged_.pop_back();
    } else if (!bids_.empty()) {
        bid_comments_.erase(static_cast<int>(bids_.size()) - 1);
        bids_.pop_back();
    } else if (!passed_.empty()) {
        passes_[index(passed_.back())] = {};
        passed_.pop_back();
    } else {
        throw Error("nothing to undo: no pass or bid is entered");
    }
}

std::vector<Bid> DealEditor::legal_bids() const {
    if (!complete()) return {};
    HandState now = state();
    if (now.phase() != Phase::Bid) return {};
    return now.legal_bids();
}

void DealEditor::comment_bid(int index, std::string text) {
    if (index < 0 || index >= static_cast<int>(bids_.size())) {
        throw Error(
            fmt::format("no bid {} to comment on: {} bids are entered", index + 1, bids_.size()));
    }
    if (text.empty()) {
        bid_comments_.erase(index);
    } else {
        bid_comments_[index] = std::move(text);
    }
}

void DealEditor::comment_card(Card c, std::string text) {
    if (!holder(c)) throw Error(fmt::format("{} is in no hand: place it first", to_string(c)));
    if (text.empty()) {
        card_comments_.erase(c.index());
    } else {
        card_comments_[c.index()] = std::move(text);
    }
}

std::string DealEditor::bid_comment(int index) const {
    auto it = bid_comments_.find(index);
    return it == bid_comments_.end() ? std::string() : it->second;
}

std::string DealEditor::card_comment(Card c) const {
    auto it = card_comments_.find(c.index());
    return it == card_comments_.end() ? std::string() : it->second;
}

void DealEditor::start_from_sheet(const RecordedGame& sheet, int hand) {
    if (!sheet.score_sheet()) throw Error("not a score sheet: its hands have their cards");
    if (hand < 0 || hand >= static_cast<int>(sheet.hands.size())) {
        throw Error(
            fmt::format("the sheet has no hand {} (it has {})", hand + 1, sheet.hands.size()));
    }
    DealEditor fresh(sheet.rules, sheet.hands[static_cast<std::size_t>(hand)].dealer);
    fresh.origin_ = sheet;
    fresh.origin_.hands.clear();
    fresh.sheet_hand_ = hand;
    fresh.sheet_bids_ = sheet.hands[static_cast<std::size_t>(hand)].bids;
    *this = std::move(fresh);
}

namespace {

// An annotation's glyph and comment as one comment.
std::string annotation_text(const Annotation& a) {
    if (a.glyph.empty()) return a.comment;
    return a.comment.empty() ? a.glyph : a.glyph + " " + a.comment;
}

}  // namespace

void DealEditor::start_from_record(const RecordedGame& game, int hand) {
    if (game.score_sheet()) {
        throw Error("a score sheet's hand has no cards: open it as a sheet's hand to enter them");
    }
    if (hand < 0 || hand >= static_cast<int>(game.hands.size())) {
        throw Error(
            fmt::format("the game has no hand {} (it has {})", hand + 1, game.hands.size()));
    }
    const RecordedHand& h = game.hands[static_cast<std::size_t>(hand)];
    DealEditor fresh(game.rules, h.dealer);
    fresh.origin_ = game;
    fresh.origin_.hands.clear();
    fresh.record_hand_ = hand;
    fresh.deal_ = h.deal;
    while (fresh.phase() == Phase::Pass) fresh.pass(h.passes[index(*fresh.to_act())]);
    for (Bid b : h.bids) fresh.bid(b);
    while (fresh.phase() == Phase::Exchange) fresh.exchange(h.exchanges[index(*fresh.to_play())]);
    for (std::size_t i = 0; i < h.cards.size(); ++i) {
        try {
            fresh.play(h.cards[i]);
        } catch (const Error& e) {
            throw Error(fmt::format("card {} ({}): {}", i + 1, to_string(h.cards[i]), e.what()));
        }
    }
    for (const Annotation& a : h.annotations) {
        switch (a.target) {
            case Annotation::Target::Hand:
                fresh.hand_comment_ = annotation_text(a);
                break;
            case Annotation::Target::Bid:
                fresh.bid_comments_[a.index] = annotation_text(a);
                break;
            case Annotation::Target::Card:
                if (a.index < 0 || a.index >= static_cast<int>(h.cards.size())) {
                    throw Error(
                        fmt::format("a comment on card {}, which is not played", a.index + 1));
                }
                fresh.card_comments_[h.cards[static_cast<std::size_t>(a.index)].index()] =
                    annotation_text(a);
                break;
        }
    }
    *this = std::move(fresh);
}

void DealEditor::enter_sheet_bids() {
    if (!from_sheet()) throw Error("no score sheet's hand to take the bids from");
    state();  // refuses an incomplete deal, before any bid is named
    for (std::size_t i = bids_.size(); i < sheet_bids_.size(); ++i) {
        Seat by = next(dealer_, static_cast<int>(i) + 1);
        try {
            bid(sheet_bids_[i]);
        } catch (const Error& e) {
            throw Error(fmt::format("the sheet's bid {} ({} {}): {}", i + 1, seat_name(by),
                                    to_string(sheet_bids_[i]), e.what()));
        }
    }
}

RecordedGame DealEditor::game(const std::string& event) const {
    state();  // refuses an incomplete deal
    RecordedGame g;
    if (from_sheet()) {
        // The sheet's players, date and place go with its hand, and a tag says where from.
        g = origin_;
        g.kind = RecordKind::Full;
        g.tags.push_back({"SheetHand", std::to_string(sheet_hand_ + 1)});
    } else if (from_record()) {
        g = origin_;  // the game's players, date and place, its tags and comment
    }
    if (!event.empty()) g.event = event;
    if (g.event.empty()) g.event = "Deal editor";
    g.rules = rules_;
    RecordedHand h;
    h.dealer = dealer_;
    h.deal = deal_;
    h.passes = passes_;
    h.bids = bids_;
    h.exchanges = exchanges_;
    h.cards = cards_;
    // A record annotates the cards played, not the cards dealt: the comment on a card not
    // played joins the hand's, naming the card.
    std::string on_hand = hand_comment_;
    std::vector<Annotation> on_cards;
    for (const auto& [card, text] : card_comments_) {
        const Card c = Card::from_index(card);
        const auto at = std::find(cards_.begin(), cards_.end(), c);
        if (at != cards_.end()) {
            on_cards.push_back(
                {Annotation::Target::Card, static_cast<int>(at - cards_.begin()), "", text});
        } else {
            on_hand += (on_hand.empty() ? "" : " ") + to_string(c) + ": " + text;
        }
    }
    if (!on_hand.empty()) {
        h.annotations.push_back({Annotation::Target::Hand, 0, "", on_hand});
    }
    for (const auto& [index, text] : bid_comments_) {
        h.annotations.push_back({Annotation::Target::Bid, index, "", text});
    }
    std::sort(on_cards.begin(), on_cards.end(),
              [](const Annotation& a, const Annotation& b) { return a.index < b.index; });
    h.annotations.insert(h.annotations.end(), on_cards.begin(), on_cards.end());
    g.hands.push_back(std::move(h));
    return g;
}

std::int64_t DealEditor::save_game(formats::Library& library, const std::string& event) const {
    RecordedGame g = game(event);
    formats::ImportResult r = library.import_games({g}, "deal editor");
    if (r.ids.empty()) throw Error("the library did not take the game");
    return r.ids.front();
}

}  // namespace spadework::analyzer
