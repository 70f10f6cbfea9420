// Lessons: annotated hands that teach bidding, each answer checked by the bid review.
//
// A lesson is a .spades text log (formats/TEXT_LOG.md) in which every game is one question: a
// hand recorded up to the learner's decision, the recommended answer being the learner's bid
// (or pass) in the record. The tags say the rest (samples/lessons/README.md is the full
// description):
//   first game:  [Event "title"] [Lesson "name"] [Point "what it teaches"]
//                [Tolerance "5"] [Samples "24"] [Credit "seed files drawn on"]
//   every game:  [Learner "S"] [Ask "bid"|"pass"] [Score "NS 420/8 EW 380/2"] [Need "60"]
//   the game's comment is the question; the comment on the learner's bid (or the hand's
//   comment) is the explanation shown after the answer.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "spadework/analyzer/review.h"
#include "spadework/engine/card.h"
#include "spadework/engine/record.h"
#include "spadework/engine/scoring.h"
#include "spadework/formats/game_file.h"

namespace spadework::analyzer {

enum class LessonAsk : std::uint8_t { Bid, Pass };

struct LessonHand {
    RecordedGame game;  // one hand (game.hands[0]), recorded up to the learner's decision
    int number = 0;     // 1-based, in the lesson
    int line = 0;       // where the game starts in the file
    Seat learner = Seat::South;
    LessonAsk ask = LessonAsk::Bid;
    int bid_index = 0;        // the learner's bid in game.hands[0].bids (LessonAsk::Bid)
    Bid answer;               // the recommended bid (LessonAsk::Bid)
    CardSet answer_pass;      // the recommended pass (LessonAsk::Pass)
    Standings before{};       // the scores and bags before the hand
    std::optional<int> need;  // the points the learner's side needs this hand (bids are
                              // then valued by the chance of scoring them)
    std::string question;     // shown before the answer
    std::string explanation;  // shown after it

    // What the learner sees: its own hand (as dealt; after the pass for a bid under rules
    // with one) and the bids made before its turn. Empty hand for a blind nil question.
    CardSet shown_hand() const;
    std::vector<std::pair<Seat, Bid>> bids_before() const;
    // Whether the question is asked before the learner looks at its cards (blind nil).
    bool blind() const;
};

struct Lesson {
    std::string name;   // what `spadework lesson NAME` takes: lower case, digits and '-'
    std::string title;  // the first game's Event
    std::string point;  // the point it teaches
    std::string credit;
    // The recommended answer must be worth at least the best expectation less this (points,
    // or a share of 0..1 for a hand with a Need).
    double tolerance = 0;
    int samples = 24;  // layouts for the check and the reveal
    std::filesystem::path file;
    std::vector<LessonHand> hands;
};

// Where the lessons are: $SPADEWORK_LESSONS when set, else the "lessons" folder of the data
// Spadework ships (data_dir(): installed, PREFIX/share/spadework/lessons).
std::filesystem::path default_lessons_dir();
// A teacher's own lessons, kept beside the shipped ones: $SPADEWORK_MY_LESSONS when set, else
// the folder "my-lessons" beside the library (the default library when none is named), where
// the viewer's deal editor saves a lesson. The command line, the viewer and the editor all
// read this one default; a default folder not made yet holds no lesson (no error).
std::filesystem::path default_my_lessons_dir(const std::filesystem::path& library = {});
// The folder $SPADEWORK_MY_LESSONS names, when it names one (a folder the user named, which
// must then be there; the folder beside the library need not be yet).
std::optional<std::filesystem::path> named_my_lessons_dir();

// A lesson is a text log (`lesson_format()`, the one game format lessons are written in) with
// a [Lesson] tag among its first game's tags, as samples/lessons/README.md describes: a file
// whose first bytes `head` say so (a [Lesson] tag after the first hand is a comment's). The
// formats layer knows nothing of lessons; where games are listed, the analyzer's game_files
// leaves them out.
const formats::GameFormat& lesson_format();
bool is_lesson_head(std::string_view head);
// The game files of a folder (formats::game_files), its lessons left out; a file named by
// itself is taken as it is.
std::vector<std::filesystem::path> game_files(const std::filesystem::path& path);

// A lesson's name: lower case letters, digits and '-', not empty.
bool valid_lesson_name(const std::string& name);

// Reads a lesson file. Throws Error with file:line:col for a malformed file, a missing tag or
// a recorded decision that is not the learner's.
Lesson read_lesson(const std::filesystem::path& file);
// The same from the content of a file not yet written (`file` names it in errors), so that a
// lesson is checked before it is saved.
Lesson parse_lesson(const std::string& content, const std::filesystem::path& file);
// Every lesson (*.spades) in a folder, by file name. Throws for the first bad one.
std::vector<Lesson> read_lessons(const std::filesystem::path& dir);
// The lesson of that name in a folder; throws Error naming the lessons there when none is.
Lesson find_lesson(const std::filesystem::path& dir, const std::string& name);
// Every lesson of several folders (the shipped lessons, then a teacher's; empty paths
// skipped), the lessons of each in turn, and what kept any from the list: a folder that is
// not there, a lesson file that cannot be read (its file:line:col and what is wrong), a lesson
// named as one of an earlier folder (both files named in `clashes` and `problems`; the later
// folder's, the teacher's own, takes its place), or two of one name in one folder (neither is
// used: asking for that name is an error). A broken file leaves the others.
struct LessonClash {
    std::string name;
    std::string problem;  // as in `problems`
};
struct LessonShelf {
    std::vector<Lesson> lessons;
    std::vector<std::string> problems;
    std::vector<LessonClash> clashes;
};
LessonShelf shelve_lessons(const std::vector<std::filesystem::path>& dirs);
// The lessons of the shelf; throws Error with its first problem when it has any.
std::vector<Lesson> read_lessons(const std::vector<std::filesystem::path>& dirs);
// The lesson of that name, found even when other files are broken; throws Error for a name
// given twice, or naming the lessons there and the files not read when none has it.
Lesson find_lesson(const std::vector<std::filesystem::path>& dirs, const std::string& name);

// When the layouts were weighted by how well they fit the bids before (review.h), the shares a
// reveal shows are weighted too: the sentence that says so and what the weights leave ("(Layouts
// that fit the bids so far count more, ... about 13 layouts drawn equal.)"); none otherwise.
std::optional<std::string> weighted_layouts_note(const BidDecision& d);

// The review settings a lesson's hands are judged with: its samples, a fixed seed, the need.
ReviewSettings lesson_settings(const Lesson& lesson, const LessonHand& hand, int threads = 1);

// A learner's answer: a bid, or a pass (a pass_cards-card subset of the hand dealt).
struct LessonAnswer {
    std::optional<Bid> bid;
    CardSet pass;
};
// Reads "4", "nil", "bnil" for a bid, "AH KH 2C" for a pass; throws Error saying what is
// expected. Checks the answer is legal at that point.
LessonAnswer parse_answer(const LessonHand& hand, const std::string& text);

// What the reveal shows, from the bid review of the decision with the learner's answer
// valued beside the recommended one.
struct LessonVerdict {
    std::optional<BidDecision> bid;    // LessonAsk::Bid: every bid's value
    std::optional<PassDecision> pass;  // LessonAsk::Pass
    double best = 0;                   // the best value among the answers open
    double recommended = 0;            // the lesson's answer's value
    std::optional<double> learner;     // the learner's answer's value, when one was given
    // The recommended answer is within the lesson's tolerance of the best: the check every
    // lesson hand must pass.
    bool recommended_ok = false;
    // The learner's answer is the recommended one, or within the tolerance of the best.
    bool learner_ok = false;
    bool chance = false;  // values are chances of making the Need, not points
};
LessonVerdict judge(const Lesson& lesson, const LessonHand& hand,
                    const std::optional<LessonAnswer>& answer, int threads = 1);

// A value as the reveal prints it: "+42.5 points" or "63%".
std::string format_value(const LessonVerdict& verdict, double value);
// A value's ± alone, in the value's unit: "6.1" (points) or "4" (percentage points).
std::string format_error(const LessonVerdict& verdict, double error);
// The value with its ± ("+38.0 points ± 6.1", "71% ± 4").
std::string format_value(const LessonVerdict& verdict, double value, double error);

}  // namespace spadework::analyzer
