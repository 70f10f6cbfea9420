// Hand review: what a strong player would say of a recorded hand. The play review values
// every card played and every legal alternative double dummy, under the tricks and the score
// objective, and flags the cards that cost points. The bid review compares each bid with the
// double-dummy par of the actual deal and, fairer to the bidder, with a single-dummy estimate:
// layouts sampled from what the bidder knew, each solved double dummy. Paperless passes are
// reviewed the same way.
//
// Everything here is deterministic: samples are drawn from a seeded generator, so the same
// game and settings give the same review, whatever the number of threads.
#pragma once

#include <array>
#include <cstdint>
#include <exception>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "spadework/analyzer/library_stores.h"
#include "spadework/engine/card.h"
#include "spadework/engine/hand.h"
#include "spadework/engine/record.h"
#include "spadework/engine/rules.h"
#include "spadework/engine/scoring.h"
#include "spadework/engine/solver.h"
#include "spadework/formats/library.h"

namespace spadework::analyzer {

// Bumped whenever a review of the same game and settings could come out differently; stored
// reviews of another version are recomputed.
inline constexpr std::string_view kAnalyzerVersion = "6";

// How bad a flagged card or bid is, by what it cost in points. CloseCall is a bid or pass
// whose cost the sampled layouts could not place in one class (its confidence interval
// straddles a class boundary even at the sample cap): never called a mistake or a blunder.
enum class FlagClass : std::uint8_t { None, Inaccuracy, Mistake, Blunder, CloseCall };
// "none", "inaccuracy", "mistake", "blunder", "close call"
std::string_view class_name(FlagClass c);
// The class of that name; nothing for any other text.
std::optional<FlagClass> parse_class_name(std::string_view name);

// A cost of at least `inaccuracy` points is an inaccuracy, and so on up. `bid` is the
// margin for bids and passes: flagged when the expectation falls short of the best by more.
struct Thresholds {
    int inaccuracy = 1;
    int mistake = 10;
    int blunder = 50;
    double bid = 10;
    bool operator==(const Thresholds&) const = default;
};
// The thresholds of a rule set when the settings name none: a point for an inaccuracy, the
// rule set's unit (a trick of contract: bid_trick_points, or the largest flat award under
// Paperless scoring) for a mistake, and five units, at most half the target, for a blunder.
// classic: 1 / 10 / 50, bid margin 10; paperless: 1 / 2 / 3, bid margin 2.
Thresholds default_thresholds(const RuleSet& rules);
FlagClass classify(double cost_points, const Thresholds& thresholds);
// The class of a bid or pass that falls `shortfall` points short of the best: none within
// the bid margin, else classify's.
FlagClass classify_bid(double shortfall, const Thresholds& thresholds);

// Which parts of each hand a review covers: the bids (and passes) and the play are
// independent, so either can be reviewed alone.
enum class ReviewParts : std::uint8_t { Both, Bids, Play };
std::string_view parts_name(ReviewParts parts);  // "both", "bids", "play"
// "both", "bids" or "play"; nothing for any other text.
std::optional<ReviewParts> parse_parts(std::string_view text);

// How a review grades a card, a bid or a pass: by the points it loses in the hand, or by the
// chance of winning the game it loses (the rule set's win-chance table read at the scores the
// hand ends with, the next dealer to deal; for bids and passes averaged over the layouts).
enum class Grade : std::uint8_t { Points, Game };
std::string_view grade_name(Grade grade);  // "points", "game"
std::optional<Grade> parse_grade(std::string_view text);

// A card's class by the chance of winning it loses, on the 0..1 scale: lichess's drops of 0.1,
// 0.2 and 0.3 on its -1..1 scale.
struct ChanceThresholds {
    double inaccuracy = 0.05;
    double mistake = 0.10;
    double blunder = 0.15;
};
FlagClass classify_chance(double drop, const ChanceThresholds& thresholds);

class WinChanceTable;

struct ReviewSettings {
    // Sequential sampling of the bid and pass reviews: layouts are drawn `batch` at a time
    // until the decision is settled at `confidence` (the played bid's class and the best bid
    // both certain, see BidDecision::settled) or `samples` layouts, the cap, are drawn.
    int samples = 64;
    int batch = 8;
    double confidence = 0.95;
    std::uint64_t seed = 1;
    // Weight each layout by how well the other hands fit the bids already made.
    bool weight_by_bids = true;
    // How: by keeping a layout with that weight as its probability (each layout kept counts
    // fully), or, false, by keeping every layout with its weight (fewer effective layouts).
    bool fit_by_rejection = true;
    // Worker threads: the hands of a game or of a batch of games, the layouts of one hand's bid
    // review; 0: every core.
    int threads = 1;
    // Per rule set name, thresholds that replace default_thresholds.
    std::map<std::string, Thresholds> thresholds;
    std::size_t table_megabytes = 64;  // each solver's transposition table
    // When set, a bid is valued by the chance (0..1) that its partnership's own points for the
    // hand reach this many, not by expected points: for a side that must score N now (to win
    // before the opponents do, or to stay in the game). Passes are still valued by points.
    std::optional<int> need_points;
    // The most positions one sampled layout's nil solve may search. Most nils are settled in
    // well under a million; a few layouts of weak hands take the search hundreds of millions
    // (a minute or more), more than all the other layouts together. A nil not settled by then
    // counts as broken, leaning the estimate against nils, and each decision reports on how
    // many layouts that happened. Par, on the deal itself, is always exact.
    std::uint64_t nil_node_budget = 20'000'000;
    // The most positions the play review's score search may visit for one card's position
    // (every legal card valued). Almost every position needs well under a million; a few
    // openings where a side must hold its tricks to a window (enough for its bid, too few for
    // a bag penalty) need hundreds of millions. Such a card is shown with its tricks but its
    // score "not valued", never flagged, and left out of the accuracy figures.
    std::uint64_t score_node_budget = 10'000'000;
    // The parts of each hand to review (a review of one part is stored under its own key).
    ReviewParts parts = ReviewParts::Both;
    Grade grade = Grade::Points;
    ChanceThresholds chance_thresholds;

    Thresholds thresholds_for(const RuleSet& rules) const;
    // What a stored review must match to be reused: the analyzer version and every setting
    // that changes results (not threads, which do not).
    std::string key() const;
};

// A settings file (JSON; every key optional):
//   {"samples": 4, "seed": 1, "weight_by_bids": true, "threads": 0,
//    "thresholds": {"classic": {"inaccuracy": 1, "mistake": 10, "blunder": 50, "bid": 10}},
//    "chance_thresholds": {"inaccuracy": 0.05, "mistake": 0.1, "blunder": 0.15}}
// Throws Error with file:line:col for a malformed file or an unknown key.
ReviewSettings read_settings(const std::string& path);
ReviewSettings parse_settings(std::string_view json_text, const std::string& file_name);

// ---- Play review ----

// One legal card at a decision, valued double dummy from the mover's side.
struct CardChoice {
    Card card;
    int tricks = 0;  // the side's tricks at the end of the hand (tricks objective)
    int score = 0;   // the hand's score difference, side minus opponents (score objective)
    // Graded by the game: the side's chance (0..1) to win the game after the hand.
    std::optional<double> chance;
    bool operator==(const CardChoice&) const = default;
};

struct CardReview {
    int index = 0;  // in RecordedHand::cards
    int trick = 0;  // 0-based
    Seat seat = Seat::North;
    Card played;
    // A card that broke a rule of play (a revoke, an early spade lead) is recorded but not
    // valued: choices is empty.
    bool irregular = false;
    std::vector<CardChoice> choices;  // every legal card, spades first, high first
    int best_tricks = 0;              // the best over the choices
    int best_score = 0;
    int played_tricks = 0;  // the value of the card played
    int played_score = 0;
    std::optional<Card> better;  // when flagged: the best alternative (score, then tricks)
    FlagClass flag = FlagClass::None;
    // False when the score search passed ReviewSettings::score_node_budget: the choices' and
    // the best and played scores are then 0 and mean nothing; the tricks are exact.
    bool score_valued = true;
    // Graded by the game: the best chance to win the game over the choices and the played
    // card's (absent when the card was not graded by the game).
    std::optional<double> best_chance;
    std::optional<double> played_chance;
    // Graded by the game, the card's grading by points as well, which flag and better then do
    // not hold (absent when graded by points: flag and better are it).
    std::optional<FlagClass> points_flag;
    std::optional<Card> points_better;

    bool decision() const { return choices.size() > 1; }
    double cost_chance() const { return best_chance ? *best_chance - *played_chance : 0; }
    // A decision whose score was valued: the ones accuracy and flags are about.
    bool judged() const { return decision() && score_valued; }
    int cost_points() const { return score_valued ? best_score - played_score : 0; }
    int cost_tricks() const { return best_tricks - played_tricks; }
    bool operator==(const CardReview&) const = default;
};

// A player's record over some cards: decisions are the cards with more than one legal
// choice; accuracy is the share of decisions that kept the best score.
struct PlayStats {
    int cards = 0;
    int decisions = 0;  // judged ones: decisions whose score was valued
    int kept_best = 0;
    int inaccuracies = 0;
    int mistakes = 0;
    int blunders = 0;
    int points_lost = 0;
    // Graded by the game: the chance of winning the game its cards lost, summed (0..1 each).
    double chance_lost = 0;
    double accuracy() const { return decisions ? double(kept_best) / decisions : 1.0; }
    void add(const CardReview& card);
    void add(const PlayStats& other);
    bool operator==(const PlayStats&) const = default;
};

struct PlayReview {
    std::vector<CardReview> cards;  // one per card played, in order
    std::array<PlayStats, 4> seats;
    std::uint64_t nodes = 0;
    double seconds = 0;
    int unvalued() const;  // cards whose score was not valued (score_node_budget)
};

// Reviews the play of game.hands[hand]. `before` is the standings before the hand (bags
// toward a penalty count in the score objective). The solver keeps its table across the
// cards of the hand; the answers are the same as solving each position cold.
// With `chances` (the game's rule set's table) and settings.grade == Grade::Game, each card is
// also valued by the chance of winning the game and graded by it.
PlayReview review_play(const RecordedGame& game, int hand, const Standings& before,
                       const ReviewSettings& settings, Solver& solver,
                       const WinChanceTable* chances = nullptr);

// ---- Bid review ----

// Double dummy on the actual deal, from the opening lead.
struct Par {
    std::array<int, 2> tricks{};  // per team, with both sides playing for tricks
    struct Nil {
        Seat seat;
        bool kept = false;  // whether the nil could be kept against best defence
    };
    std::vector<Nil> nils;  // each nil or blind nil bid
};

// A candidate bid and how it would have scored on average over the sampled layouts.
struct BidOption {
    Bid bid;
    // The partnership's points for the hand less the points its result gives the opponents
    // (their set_points when it is set, its failed nil under NilFailed::Opponents), expected.
    double expected = 0;
    double error = 0;  // the ± of expected at the review's confidence
    double made = 0;   // share of layouts where this contract (or nil) is made
    // Graded by the game: the side's chance (0..1) of winning the game after the hand,
    // expected over the same layouts, and its ±.
    std::optional<double> chance;
    double chance_error = 0;
    // The layouts it was valued on: the decision's, or for a nil or blind nil settled out (far
    // below the best), the first of them, where its valuing stopped.
    int samples = 0;
    bool operator==(const BidOption&) const = default;
};

struct BidDecision {
    int index = 0;  // in RecordedHand::bids
    Seat seat = Seat::North;
    Bid bid;
    // What the bidder knew: own cards (none for a blind nil), cards passed and received.
    CardSet known;
    int samples = 0;               // layouts solved
    double effective_samples = 0;  // what the weights leave of them (equal to samples unweighted)
    // Weighted share of layouts by the partnership's double-dummy tricks, 0..hand size.
    std::vector<double> tricks;
    // Share of layouts where the bidder's nil would be kept (when nil was a candidate).
    std::optional<double> nil_kept;
    std::vector<BidOption> options;  // every candidate, in bid order (nil, blind nil, 1..)
    Bid best;
    double best_expected = 0;
    double played_expected = 0;
    FlagClass flag = FlagClass::None;  // by the shortfall, when above the bid margin
    // Layouts on which a nil could not be settled within the search's budget (it counted
    // broken there): the estimate is not exact on them.
    int unsettled_nils = 0;
    // The ± of the shortfall (paired: both bids valued on the same layouts).
    double shortfall_error = 0;
    // Settled: the shortfall's interval lies in one class and no other bid could beat the
    // best by more than the bid margin. Unsettled at the cap, a flag becomes a close call.
    bool settled = false;
    // The bids whose expectation is within the bid margin of the best's: all good bids.
    std::vector<Bid> good;
    // Graded by the game: the best bid's and the played bid's chance of winning the game, and
    // the ± of the chance lost (paired). The best, the flag, the good bids and settling then
    // go by the chance (the points stay beside it: best_expected is the best's points).
    std::optional<double> best_chance;
    std::optional<double> played_chance;
    double chance_error = 0;
    double shortfall() const { return best_expected - played_expected; }
    double cost_chance() const { return best_chance ? *best_chance - *played_chance : 0; }
    // An option valued on fewer layouts than the decision: a nil or blind nil settled out,
    // far below the best, valued on the first layouts only. Every report says so.
    bool settled_out(const BidOption& o) const { return o.samples < samples; }
};

struct PassOption {
    CardSet cards;
    double expected =
        0;             // the partnership's expected points (as BidOption's) with its best contract
    double error = 0;  // its ± at the review's confidence
    int samples = 0;
    // Graded by the game: the chance (0..1) of winning the game with its best contract by
    // that chance, and its ±.
    std::optional<double> chance;
    double chance_error = 0;
};

struct PassDecision {
    Seat seat = Seat::North;
    CardSet passed;
    int candidates = 0;               // passes considered (all of them: C(hand, pass))
    std::vector<PassOption> options;  // the best few, best first, and the one passed
    CardSet best;
    double best_expected = 0;
    double played_expected = 0;
    // A pass valued beside the one made when the caller asked (review_pass_decision's
    // `also`, a learner's answer); empty otherwise. It is among the options too.
    CardSet also;
    double also_expected = 0;
    FlagClass flag = FlagClass::None;
    int unsettled_nils = 0;      // solves whose nil was not settled within the budget (as a bid's)
    int samples = 0;             // layouts the pass made and the best were both valued on
    double shortfall_error = 0;  // as a bid's
    bool settled = false;        // as a bid's
    std::optional<double> best_chance;  // graded by the game, as a bid's
    std::optional<double> played_chance;
    double chance_error = 0;
    double shortfall() const { return best_expected - played_expected; }
    double cost_chance() const { return best_chance ? *best_chance - *played_chance : 0; }
};

struct BidReview {
    Par par;
    std::vector<PassDecision> passes;  // empty when the rule set has no pass
    std::vector<BidDecision> bids;
    std::uint64_t nodes = 0;
    double seconds = 0;
    int unvalued() const;  // cards whose score was not valued (score_node_budget)
};

// Reviews the passes and bids of game.hands[hand], with settings.threads workers. With
// `chances` (the game's rule set's table) and settings.grade == Grade::Game, each option is
// also valued by the chance of winning the game after the hand and graded by it.
BidReview review_bids(const RecordedGame& game, int hand, const Standings& before,
                      const ReviewSettings& settings, const WinChanceTable* chances = nullptr);

// A part of a hand's bid review that can be reviewed on its own: par, one bid, one pass. A
// batch of reviews shares out the parts, not whole hands' bids, so that no long bid review is
// left to one worker at the end while the others wait.
struct BidPart {
    enum class Kind : std::uint8_t { Par, Pass, Bid } kind = Kind::Par;
    int bid = 0;                // Bid: its index in the hand's bids
    Seat passer = Seat::North;  // Pass
};
// The parts of game.hands[hand]'s bid review, in the order review_bids lists what they give.
std::vector<BidPart> bid_parts(const RecordedGame& game, int hand);
// One part, as review_bids reviews it (the same layouts for the same seed): a BidReview with
// its par, or its pass, or its bid (none for a bid the review leaves out: a blind trick bid).
BidReview review_bid_part(const RecordedGame& game, int hand, const Standings& before,
                          const ReviewSettings& settings, const BidPart& part,
                          const WinChanceTable* chances = nullptr);
// The parts' reviews, in bid_parts' order, as one: what review_bids gives (its seconds and
// positions the parts' sum).
BidReview merge_bid_parts(std::vector<BidReview> parts);

// One decision alone, as review_bids values it (the same layouts for the same seed): the bid
// game.hands[hand].bids[bid_index], or `passer`'s pass, with `also` (a pass of the hand
// dealt) valued beside the one made. What a lesson asks and reveals. Throws Error when the
// hand has no such decision. `chances` as review_bids's.
BidDecision review_bid_decision(const RecordedGame& game, int hand, int bid_index,
                                const Standings& before, const ReviewSettings& settings,
                                const WinChanceTable* chances = nullptr);
PassDecision review_pass_decision(const RecordedGame& game, int hand, Seat passer,
                                  const Standings& before, const ReviewSettings& settings,
                                  std::optional<CardSet> also = std::nullopt);

// ---- A whole game ----

struct HandReview {
    int hand = 0;  // 0-based
    Standings before{};
    std::optional<PlayReview> play;  // absent for a hand with no cards played
    BidReview bidding;
};

struct GameReview {
    std::string version{kAnalyzerVersion};
    std::string settings_key;
    ReviewParts parts = ReviewParts::Both;  // what was reviewed of each hand
    Grade grade = Grade::Points;            // how its cards were graded
    std::string grade_note;  // why a review asked to grade by the game grades by points
    std::vector<HandReview> hands;
    std::array<PlayStats, 4> seats;  // play over every hand reviewed
    std::array<int, 4> bid_flags{};  // flagged bids and passes per seat
    // Graded by the game: the chance of winning its bids and passes lost, summed, per seat.
    std::array<double, 4> bid_chance_lost{};
    double seconds = 0;
};

// Called after each step (a hand's play, a hand's bids) with steps done and in all.
using Progress = std::function<void(int done, int total)>;

// Reviews every hand of a game (or only `only_hand`), with the standings each hand began
// from under the game's own rules. The bids and the play of the hands are independent steps,
// shared among settings.threads workers, each with its own solver; the review is the same
// whatever their number. Throws RecordError for an illegal record.
GameReview review_game(const RecordedGame& game, const ReviewSettings& settings,
                       std::optional<int> only_hand = std::nullopt, const Progress& progress = {});

// ---- A batch of games ----

// Loads game `index` (0-based) of a batch. Called on review_games' own thread, in index order,
// a few games ahead of the workers; what it throws fails that game alone.
using GameLoader = std::function<RecordedGame(int index)>;

// A game of a batch whose steps are all done: its review, or the error that stopped it (the
// first in its steps' order, as one thread would have met it; a load error leaves `game`
// null).
struct BatchGame {
    int index = 0;                       // in the batch
    const RecordedGame* game = nullptr;  // valid until the callback returns
    std::optional<GameReview> review;    // when there is no error
    std::exception_ptr error;
};
// Called on review_games' own thread for each game as soon as its review is complete, in the
// order the games finish. What it throws stops the batch (once the steps under way are done)
// and comes out of review_games.
using GameDone = std::function<void(BatchGame& game)>;

// Reviews games 0..count-1 (every hand of each), each as review_game would, with the steps of
// all of them shared among settings.threads workers, each with its own solver: the play of
// each hand first, a few games ahead of the bids, so that the bid reviews, steadier, fill the
// workers' last gaps. Only a few games are open at a time, and each goes to `done` as soon as
// its steps are done. The reviews are the same whatever the number of workers.
void review_games(int count, const GameLoader& load, const ReviewSettings& settings,
                  const GameDone& done);

// The number of workers for a `threads` setting: 0 means every core.
int worker_count(int threads);

// The standings before each hand of a game under its own rules (hands after the game ended
// get the final standings).
std::vector<Standings> standings_before_hands(const RecordedGame& game);

// ---- Output ----

// The report a reader follows: per hand, the bids with par and estimate, then each flagged
// card with who, what was better and what it cost.
std::string format_review(const GameReview& review, const RecordedGame& game);
// The same as JSON text (schema in README), and back.
std::string review_to_json(const GameReview& review, const RecordedGame& game);
GameReview review_from_json(std::string_view json_text);
// A stored review's JSON with the game's metadata (event, date, player names) as `game` has
// it now, after an edit of the game; the analysis is left as it is.
std::string review_json_with_metadata(std::string_view json_text, const RecordedGame& game);
// What the library keeps of a review of library game `id`: the JSON and each seat's tallies.
StoredReview to_stored_review(formats::GameId id, const GameReview& review,
                              const RecordedGame& game);

}  // namespace spadework::analyzer
