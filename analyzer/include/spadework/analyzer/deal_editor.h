// The deal editor: a teacher builds a hand card by card (or deals the cards left at random
// under constraints per seat), enters the passes and bids, comments on them, and saves the
// hand as a game in the library or as a question of a lesson (lesson.h) in a folder of the
// teacher's choice, which the bid review then checks as it checks the shipped lessons.
//
// No ImGui here: the viewer's editor panel draws this and changes it only through these
// calls, so a deal can be built, and tested, without a window. Every refused action throws
// Error saying what and why, and changes nothing.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "spadework/analyzer/lesson.h"
#include "spadework/engine/card.h"
#include "spadework/engine/deal.h"
#include "spadework/engine/hand.h"
#include "spadework/engine/record.h"
#include "spadework/engine/rules.h"

namespace spadework::formats {
class Library;
}

namespace spadework::analyzer {

// High-card points: ace 4, king 3, queen 2, jack 1 (40 in a 52-card deck).
int high_card_points(CardSet hand);

// What a seat's hand must be for a random deal to fit. The defaults let every hand fit.
struct SeatConstraint {
    int points_min = 0;
    int points_max = 40;
    int spades_min = 0;
    int spades_max = 13;
    std::array<bool, 4> void_in{};  // by suit index: the hand holds none of that suit
    bool fits(CardSet hand) const;
    bool any() const;          // something is asked of the hand
    std::string text() const;  // "10-15 points, 4-6 spades, void in hearts"
    bool operator==(const SeatConstraint&) const = default;
};

// How a hand is saved as a lesson question. The lesson's own tags (title, point, tolerance,
// samples) are taken from here when the file is new, and kept from the file when the question
// is added to a lesson already there.
struct LessonQuestionInfo {
    std::string name;      // the lesson: lower case, digits and '-'; the file is NAME.spades
    std::string title;     // [Event]
    std::string point;     // [Point]
    double tolerance = 5;  // [Tolerance]
    int samples = 24;      // [Samples]
    Seat learner = Seat::South;
    LessonAsk ask = LessonAsk::Bid;
    std::string question;  // the game's {comment}
};

// What saving a lesson question did, and what the bid review makes of its answer.
struct LessonCheck {
    std::filesystem::path file;
    int question = 0;  // 1-based in the lesson
    bool agrees = false;
    std::string best;         // the analysis' best answer: "4", "AH KH 2C"
    std::string recommended;  // the teacher's
    std::string message;      // one line for the teacher, whether it agrees or not
};

class DealEditor {
  public:
    explicit DealEditor(RuleSet rules = RuleSet{}, Seat dealer = Seat::North);

    const RuleSet& rules() const { return rules_; }
    Seat dealer() const { return dealer_; }
    // A new rule set or dealer drops the passes and bids (they may no longer be legal) and,
    // for a smaller deck, the cards it does not have.
    void set_rules(const RuleSet& rules);
    void set_dealer(Seat dealer);

    // ---- The cards ----
    const Deal& deal() const { return deal_; }
    CardSet unplaced() const { return rules_.deck() - deal_.all(); }
    std::optional<Seat> holder(Card c) const;
    bool complete() const { return unplaced().empty(); }
    // Refused: a card not in the deck, a card already placed, a seat with its hand full; and,
    // as every change of the cards below, once a pass or a bid is entered (it would drop the
    // auction and the play: they are taken back first, or the deal cleared).
    void place(Card c, Seat seat);
    // Refused: a card not placed.
    void remove(Card c);
    void swap(Seat a, Seat b);
    // Each hand moves `steps` seats clockwise (North's hand to East for 1).
    void rotate(int steps = 1);
    void clear();

    // ---- Dealing the rest at random ----
    std::array<SeatConstraint, 4> constraints;
    // Deals the unplaced cards to fill every hand, drawing again until each seat's hand fits
    // its constraint; the same seed gives the same deal. Returns the draws it took. Refused,
    // changing nothing, when no draw fits within `max_tries`.
    int deal_rest(std::uint64_t seed, int max_tries = 200000);

    // ---- Passes and bids, checked by the engine as they are entered ----
    // The seat to act next (the pass, then the bids); none once the bidding is over.
    std::optional<Seat> to_act() const;
    Phase phase() const;
    void pass(CardSet cards);  // the seat to act passes these to its partner
    void bid(Bid bid);         // the seat to act bids
    void undo();               // takes back the last card, exchange, bid or pass
    const std::vector<Bid>& bids() const { return bids_; }
    // A pass or a bid is entered: the cards are fixed until it is taken back.
    bool auction_begun() const { return !bids_.empty() || !passed_.empty(); }
    const std::array<CardSet, 4>& passes() const { return passes_; }
    std::vector<Bid> legal_bids() const;

    // ---- The play, after the bids (and a blind bid's exchange), checked by the engine ----
    // The seat to give its exchange (Phase::Exchange) or to play next; none before the bids
    // are in and once the last card is played.
    std::optional<Seat> to_play() const;
    // The seat to give (a blind bid's exchange) gives these cards to its partner.
    void exchange(CardSet cards);
    // The seat to play plays `c`: refused, with the engine's reason, unless it is legal.
    void play(Card c);
    CardSet legal_cards() const;  // the seat to play's; empty when no card is due
    const std::vector<Card>& cards() const { return cards_; }
    const std::array<CardSet, 4>& exchanges() const { return exchanges_; }
    // The hand as entered so far: the deal, passes, bids, exchanges and cards. Refused while a
    // card is unplaced.
    HandState state() const;

    // ---- A score sheet's hand, its cards entered after the fact ----
    // Starts over from hand `hand` (0-based) of a score-sheet game: its rules, dealer and bids,
    // and the game's players, event and date for the record saved. The teacher places the
    // cards; then enter_sheet_bids() enters the sheet's bids, checked with the cards. Refused
    // for a full record or a hand that is not there.
    void start_from_sheet(const RecordedGame& sheet, int hand);
    bool from_sheet() const { return sheet_hand_ >= 0; }
    int sheet_hand() const { return sheet_hand_; }  // 0-based; -1: not from a sheet
    const std::vector<Bid>& sheet_bids() const { return sheet_bids_; }
    // Enters the sheet's bids not entered yet, in order; stops at the first the engine refuses
    // with the cards now known (throws, naming it), the bids before it kept.
    void enter_sheet_bids();

    // ---- A recorded hand, to comment on or change ----
    // Starts over from hand `hand` (0-based) of a full record: its rules, dealer, deal, passes,
    // bids, exchanges and cards, each entered through the calls above (so checked by the
    // engine), and its comments (a glyph goes in front of its comment: "?! ..."). The game's
    // players, event and date go with the record saved. Refused for a score sheet, a hand that
    // is not there, or a card that broke a rule of play (the editor takes legal play only); a
    // claim is dropped, the play entered up to it.
    void start_from_record(const RecordedGame& game, int hand);
    bool from_record() const { return record_hand_ >= 0; }
    int record_hand() const { return record_hand_; }  // 0-based; -1: not from a record

    // ---- Comments ----
    // On bid `index` (in bidding order) or on a card of the deal: kept with the record (on
    // the card where it is played; a card not played has its comment go with the hand's,
    // "AS: ...").
    void comment_bid(int index, std::string text);
    void comment_card(Card c, std::string text);
    void set_hand_comment(std::string text) { hand_comment_ = std::move(text); }
    const std::string& hand_comment() const { return hand_comment_; }
    std::string bid_comment(int index) const;
    std::string card_comment(Card c) const;

    // ---- Saving ----
    // The hand as a game of one hand. Refused while a card is unplaced.
    RecordedGame game(const std::string& event = "Deal editor") const;
    // Imports the game into the library; returns its id.
    std::int64_t save_game(formats::Library& library, const std::string& event) const;
    // The hand as a lesson question, added to FOLDER/NAME.spades (made when not there),
    // written whole or not at all after the lesson is read back and checked as lessons are.
    // A bid question ends at the learner's bid, the last one entered, whose comment is the
    // explanation; a pass question has the learner's pass and no bids.
    LessonCheck save_lesson_question(const std::filesystem::path& folder,
                                     const LessonQuestionInfo& info, int threads = 1) const;

  private:
    void drop_auction();  // the passes, bids, exchanges and cards
    // Refuses a change of the cards once a pass or a bid is entered: it would drop them.
    void refuse_once_entered() const;
    int seat_size() const { return rules_.hand_size(); }

    RuleSet rules_;
    Seat dealer_;
    Deal deal_;
    std::array<CardSet, 4> passes_{};
    std::vector<Seat> passed_;  // the order the passes were entered in, for undo
    std::vector<Bid> bids_;
    std::array<CardSet, 4> exchanges_{};
    std::vector<Seat> exchanged_;  // the order the exchanges were entered in, for undo
    std::vector<Card> cards_;
    std::map<int, std::string> bid_comments_;
    std::map<int, std::string> card_comments_;  // by Card::index()
    std::string hand_comment_;
    RecordedGame
        origin_;  // a score sheet's or a record's game: its players, event, date (no hands)
    int sheet_hand_ = -1;
    int record_hand_ = -1;
    std::vector<Bid> sheet_bids_;
};

// Checks the question `number` of a lesson as the shipped lessons are checked (judge): says
// whether the teacher's answer is within the lesson's tolerance of the analysis' best.
LessonCheck check_lesson_question(const Lesson& lesson, int number, int threads = 1);

}  // namespace spadework::analyzer
