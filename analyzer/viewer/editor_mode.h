// The deal editor in the viewer (File > New deal): a teacher's deal under construction
// (analyzer::DealEditor) and what the window adds to it: the seat cards go to, the card or
// bid a comment is on, the cards picked for a pass, the constraints of the random deal, the
// message of the last action and the check of a lesson question saved, which runs the bid
// review away from the window's thread.
//
// No ImGui here: the editor panel draws this and changes it only through these calls, so a
// deal can be built, saved and checked, and tested, without a window. An action refused sets
// the message (error() true) and changes nothing.
#pragma once

#include <filesystem>
#include <future>
#include <optional>
#include <string>

#include "spadework/analyzer/deal_editor.h"

namespace spadework::viewer {

// What a comment is on.
struct CommentTarget {
    enum class Kind : std::uint8_t { Hand, Bid, Card };
    Kind kind = Kind::Hand;
    int bid = 0;  // Kind::Bid: its index
    Card card;    // Kind::Card
};

// Where the deal editor saves lesson questions at first: `my_lessons` (--my-lessons) when
// given, else $SPADEWORK_MY_LESSONS, else my-lessons beside `library` (the library open, or
// the default one when none is).
std::filesystem::path editor_lessons_folder(const std::filesystem::path& my_lessons,
                                            const std::filesystem::path& library);

class EditorMode {
  public:
    // `library`: where "Save as game" imports (empty: none). `lessons`: the folder lesson
    // questions are saved in at first (the teacher's folder; may be changed).
    EditorMode(std::filesystem::path library, std::filesystem::path lessons);
    ~EditorMode();
    EditorMode(const EditorMode&) = delete;
    EditorMode& operator=(const EditorMode&) = delete;

    bool shown() const { return shown_; }
    void open();  // a new deal, every card unplaced
    void leave() { shown_ = false; }
    // Starts from a deal in PBN ("N:AKQ.JT9.8765.432 ..."), whole or in part (an empty hand
    // written "...": "N:AKQ... ... ... ...").
    void open_pbn(const std::string& pbn);
    // The cards of a score sheet's hand entered after the fact (DealEditor::start_from_sheet);
    // refused, the editor left as it was, for a full record.
    bool open_sheet_hand(const RecordedGame& sheet, int hand);
    bool enter_sheet_bids();
    // A full record's hand with its passes, bids, play and comments
    // (DealEditor::start_from_record); refused, the editor left as it was, for a score sheet.
    bool open_record_hand(const RecordedGame& game, int hand);
    // As `view --edit-deal` says: "new", "sheet" (the cards of hand `hand` of `shown`, a
    // score sheet), "game" (hand `hand` of `shown`, a full record) or a PBN deal. Throws Error
    // saying "--edit-deal: ..." when it cannot.
    void open_as(const std::string& option, const RecordedGame* shown = nullptr, int hand = 0);

    analyzer::DealEditor& editor() { return editor_; }
    const analyzer::DealEditor& editor() const { return editor_; }

    // A preset's rules (the passes and bids entered are dropped), and the dealer.
    bool set_rules(const std::string& preset_name);
    bool set_dealer(Seat s);

    // ---- Cards ----
    Seat target() const { return target_; }
    void set_target(Seat s) { target_ = s; }
    // A card of the 52-card picker: an unplaced card goes to the target seat (which moves on
    // clockwise to a seat with room once full), a placed one back to the deck.
    bool click_card(Card c);
    bool swap(Seat a, Seat b);
    bool rotate();
    bool clear();
    // Deals the unplaced cards under the constraints, with the next seed.
    bool deal_rest();
    std::uint64_t seed() const { return seed_; }

    // ---- Passes, bids, a blind bid's exchange and the play ----
    CardSet pass_pick() const { return pass_pick_; }
    void toggle_pass_card(Card c);
    bool pass();  // the picked cards: the seat to act's pass, or the exchange due
    bool bid(Bid b);
    bool bid_text(const std::string& text);  // "4", "nil", "bnil"
    // The seat to play plays `c`; a comment typed next is on that card.
    bool play(Card c);
    bool play_text(const std::string& text);  // "QC", "10h": a card typed
    bool undo();                              // the last card, exchange, bid or pass

    // ---- Comments ----
    const CommentTarget& comment_target() const { return comment_; }
    void set_comment_target(CommentTarget t) { comment_ = t; }
    std::string comment() const;  // on the target
    bool set_comment(const std::string& text);

    // ---- Saving ----
    std::string event = "Deal editor";
    std::filesystem::path lessons_folder;
    analyzer::LessonQuestionInfo lesson;
    bool save_game();
    // Saves the lesson question and checks it with the bid review in the background; poll()
    // takes the result when it is in. `threads`: the review's workers.
    bool save_lesson(int threads = 1);
    bool checking() const { return check_.valid(); }
    void poll();
    void wait();  // until the check is in (tests, a screenshot)
    const std::optional<analyzer::LessonCheck>& last_check() const { return last_check_; }
    // Lesson questions saved so far: lesson mode reads its folders again when this changes.
    int lesson_saves() const { return lesson_saves_; }

    // The last action's message: what was done, or why it was refused.
    const std::string& message() const { return message_; }
    bool error() const { return error_; }

  private:
    template <class F>
    bool act(F&& f);
    // Starts from a game's hand: `start` sets up a copy of the editor, which replaces this one
    // when it succeeds (the message then `done`); refused, the editor is left as it was.
    template <class Start>
    bool start_over(Start&& start, std::string done);

    analyzer::DealEditor editor_;
    std::filesystem::path library_;
    bool shown_ = false;
    Seat target_ = Seat::North;
    std::uint64_t seed_ = 1;
    CardSet pass_pick_;
    CommentTarget comment_;
    std::future<analyzer::LessonCheck> check_;
    std::optional<analyzer::LessonCheck> last_check_;
    std::string message_;
    bool error_ = false;
    int lesson_saves_ = 0;
};

}  // namespace spadework::viewer
