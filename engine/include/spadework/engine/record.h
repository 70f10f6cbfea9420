// A recorded game: what a file holds of a game that was played (metadata, the deal, the pass,
// the bids, every card, a claim, annotations), or of a game kept on a score sheet (each hand's
// bids and tricks, no cards), and how the engine checks, replays and scores it. The file
// formats in formats/ read and write these types; nothing outside formats/ sees how a record
// is stored.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "spadework/engine/card.h"
#include "spadework/engine/deal.h"
#include "spadework/engine/error.h"
#include "spadework/engine/game.h"
#include "spadework/engine/hand.h"
#include "spadework/engine/rules.h"

namespace spadework {

// A teaching note on a bid, a card or a whole hand: a glyph ("!", "?", "!!", "??", "!?",
// "?!") and/or a comment.
struct Annotation {
    enum class Target : std::uint8_t { Hand, Bid, Card };
    Target target = Target::Hand;
    int index = 0;  // the bid's index in RecordedHand::bids, the card's in ::cards; 0 for Hand
    std::string glyph;
    std::string comment;
    bool operator==(const Annotation&) const = default;
};
// The glyphs an annotation may carry.
inline constexpr std::string_view kGlyphs[] = {"!", "?", "!!", "??", "!?", "?!"};
bool is_glyph(std::string_view text);

// A claim ends play early: the players agree how the tricks not yet played fall.
struct Claim {
    Seat by = Seat::North;        // recorded as played; the shares alone decide the outcome
    std::array<int, 4> tricks{};  // per seat, the remaining tricks each is credited with
    bool operator==(const Claim&) const = default;
};

// How a game was recorded: card by card (a full record, which can be replayed and analysed),
// or on a score sheet, as most kitchen-table and club games are: per hand each seat's bid and
// the tricks taken, no deal and no cards.
enum class RecordKind : std::uint8_t { Full, ScoreSheet };

// The tricks a score sheet gives for one hand: each seat's, or a partnership's total where the
// sheet wrote only that. A partnership written as a total still gives the tricks of its members
// who bid nil (a nil is made or failed by its bidder alone); the split between members who bid
// tricks is then unknown, and scoring never needs it. Nothing given: the hand is unfinished
// (the bids are in, the tricks not yet).
struct SheetTricks {
    std::array<std::optional<int>, 4> seats;  // per seat
    std::array<std::optional<int>, 2> teams;  // per partnership, when the sheet gave its total
    bool empty() const;
    bool operator==(const SheetTricks&) const = default;
};

struct RecordedHand {
    Seat dealer = Seat::North;
    Deal deal;                            // as dealt, before any pass
    std::array<CardSet, 4> passes{};      // per seat, the cards it passed (empty: no pass)
    std::array<CardSet, 4> exchanges{};   // per seat, the cards it gave in a blind nil exchange
    std::vector<Bid> bids;                // in bidding order, from the dealer's left
    std::vector<Card> cards;              // every card played, in order
    std::optional<Claim> claim;           // after the last card, which ends a trick
    std::vector<Annotation> annotations;  // ordered by (target, index)
    // A score sheet's hand: its tricks (the deal, passes, exchanges, cards and claim are then
    // empty). Empty in a full record.
    SheetTricks sheet;

    // The annotation on a bid or card, if any.
    const Annotation* annotation(Annotation::Target target, int index) const;
    bool operator==(const RecordedHand&) const = default;
};

struct RecordedGame {
    std::string event;
    std::string site;
    std::string date;  // as written: "2026.11.20" (PBN style) or "2026-11-20"
    std::string table;
    std::array<std::string, 4> players;  // per seat
    RuleSet rules;                       // the rule set the game was played under
    std::vector<std::pair<std::string, std::string>> tags;  // any other tags, in order
    std::string comment;                                    // about the game as a whole
    std::vector<RecordedHand> hands;
    RecordKind kind = RecordKind::Full;
    bool score_sheet() const { return kind == RecordKind::ScoreSheet; }
    bool operator==(const RecordedGame&) const = default;
};

// Where in a recorded hand something went wrong, so a reader can point at the file position
// of that part.
struct RecordPlace {
    // SeatTricks and TeamTricks: a score sheet's tricks of a seat or a partnership.
    enum class Part : std::uint8_t {
        Hand,
        Deal,
        Pass,
        Bid,
        Exchange,
        Card,
        Claim,
        SeatTricks,
        TeamTricks
    };
    Part part = Part::Hand;
    // The bid or card index; the seat's index for Pass, Exchange and SeatTricks, the team's for
    // TeamTricks; -1 for a sheet's tricks as a whole (they do not add up).
    int index = 0;
};

// A recorded hand that cannot have been played under its rule set: a card the player does
// not hold, a bid out of range, a deal with 12 cards in a hand. what() is the message
// without a location ("trick 5: E did not follow suit with ♥ in hand (revoke)"); readers
// add the file position of place().
class RecordError : public Error {
  public:
    RecordError(const std::string& what, int hand, RecordPlace place)
        : Error(what), hand_(hand), place_(place) {}
    int hand() const { return hand_; }  // 0-based index in the game; -1: the game itself
    RecordPlace place() const { return place_; }

  private:
    int hand_;
    RecordPlace place_;
};

// A card kept as recorded though it broke a rule of play: a revoke, or a spade led before
// spades were broken. Real games hold them; no rule document says how one is punished, so the
// hand is replayed and scored as it was played, and the card is flagged.
struct RecordedIrregularity {
    int hand = 0;      // 0-based
    int card = 0;      // in RecordedHand::cards
    std::string what;  // "trick 2: S did not follow suit with ♣ in hand (revoke): played 2S"
};

// Replays a hand through HandState under the given rules and returns the final state.
// Every action is checked; a revoke or an early spade lead is kept (HandState::play_recorded)
// and, when `irregular` is given, added to it. Anything else wrong (a card not held, out of
// turn, a bid out of range, ...) is refused. A hand may stop before its last trick without a
// claim (an unfinished record); the state is then not Done. `scores_before` (by team) lets
// the bids be checked against blind_behind; without it that rule is not checked. Throws
// RecordError with hand_index and the place of the first fault.
HandState replay_hand(const RuleSet& rules, const RecordedHand& hand, int hand_index = 0,
                      std::vector<RecordedIrregularity>* irregular = nullptr,
                      std::optional<std::array<int, 2>> scores_before = std::nullopt);

// The hand's bids by seat: they are recorded from the dealer's left; a seat not yet come to
// bid has none.
std::array<std::optional<Bid>, 4> bids_by_seat(const RecordedHand& hand);

// The hand up to its first `cards` cards (all of them when it has fewer), to replay a part of
// it: no claim (it belongs to the record's end), and the comments on the cards left out
// dropped (a comment names a card by its place, which must be there).
RecordedHand hand_up_to(const RecordedHand& hand, std::size_t cards);

// The outcome of a replayed hand: the tricks played plus the claim's. Honours not yet played
// go to the side the claim gives every trick left, whichever side claimed. Empty when the
// hand is unfinished (no claim and tricks left to play).
std::optional<HandOutcome> outcome_of(const HandState& state, const std::optional<Claim>& claim);

// A score sheet's hand checked against the rules it was played under: nothing of the cards, at
// most four bids (in turn from the dealer's left), each one the rules allow, and tricks that
// add up to the hand's size (RecordError otherwise). The bids are checked by check_bid_rules
// without the cards (a sheet has none) and, when `scores_before` (by team) is given, against
// blind_behind. Returns the outcome, in which a partnership written as a total has it all on
// its first member (the split is unknown and changes no score); empty when the hand is
// unfinished. The sheet gives no honours.
std::optional<HandOutcome> sheet_outcome(
    const RuleSet& rules, const RecordedHand& hand, int hand_index = 0,
    std::optional<std::array<int, 2>> scores_before = std::nullopt);

// The tricks of each seat by a score sheet, where it tells them: as given, or a partnership's
// total less what its other member took. Empty for the members of a partnership written as a
// total who both bid tricks.
std::array<std::optional<int>, 4> sheet_seat_tricks(const SheetTricks& sheet);

// The outcome of hand `hand` of a game: replayed from its cards, or as its score sheet gives
// it. Empty when the hand is unfinished. Throws RecordError.
std::optional<HandOutcome> hand_outcome(const RecordedGame& game, int hand);

// Checks every hand of a game: replay_hand for each one of a full record, sheet_outcome for a
// score sheet's, with the scores before it as the game's rules give them (until the game
// ends). Returns the game's irregular cards (kept as played), in order. Throws RecordError.
std::vector<RecordedIrregularity> check_game(const RecordedGame& game);

// The rule set a hand played under `played` is scored with under `scoring`: the scoring and
// game-end keys of `scoring`, and the keys that shaped the cards and bids as they happened
// (deck, pass, bidding, play: RuleKeyInfo::shapes_play) of `played`. So a 48-card Paperless hand is
// still scored by classic rules, and a nil made under one is a nil under the other.
RuleSet rescoring_rules(const RuleSet& played, const RuleSet& scoring);

// A game scored under a rule set.
struct ScoredGame {
    RuleSet rules;                      // rescoring_rules(game.rules, scoring)
    std::vector<HandOutcome> outcomes;  // one per hand scored
    std::vector<HandRecord> hands;      // one per hand scored, until the game ended
    std::optional<GameResult> result;   // where the rule set ended the game, if it did
    int hands_unscored = 0;             // recorded hands after that end, or unfinished
    // A score sheet: what the rule set scores from the cards, which the sheet does not have
    // (score_sheet_gaps of `rules`); everything else is scored.
    std::vector<std::string> not_scored;
};
// Scores every finished hand in order until the rule set ends the game. Throws RecordError
// for an illegal record.
ScoredGame score_game(const RecordedGame& game, const RuleSet& scoring);

}  // namespace spadework
