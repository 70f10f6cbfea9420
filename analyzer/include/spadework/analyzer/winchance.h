// The win-chance table of a rule set: the chance that North-South win the game from the start
// of a hand, given both scores and the dealer (who bids last).
//
// It is built from how hands turn out, not from the cards: the built-in bots play hands under
// the rule set from each score situation (they bid to the score near the end; see
// score_situation), each hand's bids and tricks are kept (turned so the dealer sits North)
// under its situation, and the table is the fixed point of "the chance before a hand is the
// average, over the outcomes of its situation, of the chance after it", found by value iteration
// because scores go down as well as up and so no order fills the table in one pass. Each transition
// is scored by score_hand and ends the game where Game would: the target, the loss limit, a tie
// played on, drawn or sent to an overtime set.
//
// The state is two scores and the dealer's side. Bags are read from the score: under scoring
// where every item but bags is a multiple of bag_limit and a bag is worth one point, the bags
// are the score modulo bag_limit (floor modulo, so -27 holds 3 bags). Rule sets where that
// does not hold (bags worth no points, a nil worth 105) and rule sets with a hand limit (the
// state would need the hands played) are refused with an Error saying why.
//
// The same outcomes serve whichever side deals, so the table is symmetric by construction:
// North-South's chance at (a, b) with North dealing is one minus East-West's chance at (b, a)
// with East dealing. A draw (on_tie=draw) counts half a win.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "spadework/analyzer/hand_picture.h"
#include "spadework/engine/hand.h"
#include "spadework/engine/record.h"
#include "spadework/engine/rules.h"

namespace spadework::analyzer {

// One distinct hand outcome, seats turned so that the dealer sits North (North-South is the
// dealing side), and how many of the measured hands ended that way.
struct OutcomeCount {
    HandOutcome outcome;
    std::int64_t count = 0;
};

// The score situations the table tells apart, from the dealing side's view (its score x, the
// other side's y). The bots read the score through tricks_to_target, bags_near_limit and
// blind_nil_spot (simple_bot.h), so a situation is what those say: each side's tricks to the
// target (0: not in sight), whether its bags (the score's last digit) are near the limit, and
// which side, if either, is in a blind nil spot. Hands are measured, and the table steps, per
// situation: one distribution over every score would average the bidding of the end into the
// middle of the game and the other way round.
inline constexpr int kTrickLevels = 11;
inline constexpr int kScoreSituations = 3 * kTrickLevels * kTrickLevels * 4;
int score_situation(const RuleSet& rules, int x, int y);

// The hands measured from one situation.
struct SituationHands {
    std::vector<OutcomeCount> outcomes;  // each distinct outcome once
    std::int64_t hands = 0;              // the counts' sum
};

struct HandDistribution {
    std::vector<SituationHands> situations;  // [score_situation]: the hands begun there
    std::int64_t hands = 0;                  // all of them
    std::int64_t game_hands = 0;             // the hands of the whole games played first
    std::size_t distinct() const;            // distinct outcomes, counted per situation
};

// Plays whole games of the built-in bots under the rules, each game from a seed drawn from
// `seed`, until `hands` hands have been played, noting the situation each hand began in and
// its scores. Then plays, for every situation some cell of the table is in, as many hands as
// the games began there and at least situation_quota(hands) (the hands near the end, a small
// share of a game, are what the end of the table rests on), each from a score where the games
// were in it (or, a situation they never reached, a score of it drawn at random), and counts
// their outcomes. Every situation is played on the same deals with the same draws, so that two
// situations the bots play alike get the same outcomes. Deterministic: the situations are
// shared among `threads` threads (0: every core) with the same hands whatever the number.
HandDistribution measure_hands(const RuleSet& rules, int hands, std::uint64_t seed,
                               int threads = 1);
int situation_quota(int hands);

// Throws Error when the rule set's state is not two scores and a dealer (see above).
void check_winchance_rules(const RuleSet& rules);

// One set of a game (the game itself, or an overtime set) to one target. cells holds, for
// scores x (the dealing side's) and y (the other side's) in low..target-1, the chance that the
// side about to deal wins: cells[(x - low) * width + (y - low)]. ties holds, under
// on_tie=play_on, the same chance at a tie past the end, scores tie_low + i each.
struct SetTable {
    int target = 0;
    int low = 0;
    int width = 0;
    std::vector<double> cells;
    int tie_low = 0;
    std::vector<double> ties;
};

class WinChanceTable {
  public:
    // North-South's chance to win the game from the start of a hand at these scores, with
    // `dealer` to deal. Scores already past the end give the result (1, 0, or the tie's).
    // Scores below low() (possible only without a loss limit) are read as low()'s row.
    double chance(int ns, int ew, Seat dealer) const;
    // The same within an overtime set (on_tie=overtime: the scores of the set, to
    // overtime_target). Throws Error under rules without overtime.
    double overtime_chance(int ns, int ew, Seat dealer) const;
    // `side`'s chance at the scores a hand ended with, `next_dealer` to deal: in the main game,
    // or with `overtime` in its overtime set.
    double chance_after(int ns, int ew, Team side, Seat next_dealer, bool overtime) const;

    const RuleSet& rules() const { return rules_; }
    int target() const { return main_.target; }
    int low() const { return main_.low; }           // the lowest score the table holds
    int modulus() const { return modulus_; }        // bags are the score modulo this (1: no bags)
    int iterations() const { return iterations_; }  // value-iteration sweeps, all sets
    double last_change() const { return last_change_; }  // the largest change of the last sweep
    std::int64_t hands() const { return hands_; }        // the measured hands it rests on
    std::size_t outcomes() const { return outcomes_; }   // distinct ones, per situation
    const SetTable& main_set() const { return main_; }

    // Builds the table from measured outcomes, the value iteration on `threads` threads (0:
    // every core; the table is the same whatever the number); throws Error for rules
    // check_winchance_rules refuses. A cell whose situation has no hands steps by all the hands
    // pooled (measure_hands leaves none such).
    static WinChanceTable build(const RuleSet& rules, const HandDistribution& hands,
                                int threads = 1);

    // The cache file's bytes, and back. from_bytes returns false, leaving the table alone,
    // for bytes that are not a whole, intact table of exactly these rules and key.
    std::string to_bytes(const std::string& key) const;
    bool from_bytes(const std::string& bytes, const RuleSet& rules, const std::string& key);

  private:
    double value_before(const SetTable& set, int x, int y) const;

    RuleSet rules_;
    int modulus_ = 1;
    SetTable main_;
    SetTable overtime_;  // under on_tie=overtime: the overtime set, to overtime_target
    int iterations_ = 0;
    double last_change_ = 0;
    std::int64_t hands_ = 0;
    std::size_t outcomes_ = 0;
};

struct WinChanceOptions {
    int hands = 100000;               // bot hands measured
    std::uint64_t seed = 1;           // their seed
    std::filesystem::path cache_dir;  // empty: default_winchance_cache_dir()
    int threads = 1;                  // value-iteration threads, 0: every core (same table)
    int measure_threads = 0;          // measuring threads, 0: every core (the same hands)
};

// Whether hand `hand` (0-based) of a game is played in an overtime set: a tie sent the game to
// one before it.
bool in_overtime(const RecordedGame& game, int hand);

// $XDG_CACHE_HOME/spadework, or ~/.cache/spadework.
std::filesystem::path default_winchance_cache_dir();

// The cache key: the rule set's canonical key=value text with the hand count, the seed, the
// table's format version and the bots' version (kBotsVersion). A change to any of them is a
// different table.
std::string winchance_key(const RuleSet& rules, const WinChanceOptions& options);

struct LoadedWinChance {
    WinChanceTable table;
    std::filesystem::path file;  // the cache file
    bool from_cache = false;     // false: built now (and written to the cache)
    double build_seconds = 0;    // the measuring and the iteration, when built now
};

// The table from the cache when an intact one of these rules and options is there, otherwise
// built and written to the cache (a temporary file renamed into place, so a reader never sees
// half a file). A corrupt or mismatched file is rebuilt, never trusted.
LoadedWinChance load_winchance(const RuleSet& rules, const WinChanceOptions& options);

// The table for one dealer as a heat map (`winchance --png`): North-South's score left to
// right, East-West's bottom to top, both axes marked with their scores, blue where North-South
// lead and orange where East-West do (the partnerships' colours everywhere), a black line where
// the chance crosses 50%, a legend of the colours and a title naming the dealer and the rules.
// Where bags are the score's last digit, a square spans `modulus` points drawn at no bags.
struct WinChanceImage {
    RgbImage image;
    int map_x = 0, map_y = 0, map_side = 0;  // the map's square in the image
};
WinChanceImage winchance_image(const WinChanceTable& table, Seat dealer);

}  // namespace spadework::analyzer
