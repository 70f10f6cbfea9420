#include "editor_mode.h"

#include <fmt/format.h>

#include <chrono>

#include "failure.h"
#include "spadework/engine/deal.h"
#include "spadework/engine/error.h"
#include "spadework/formats/library.h"
#include "wording.h"

namespace spadework::viewer {

EditorMode::EditorMode(std::filesystem::path library, std::filesystem::path lessons)
    : lessons_folder(std::move(lessons)), library_(std::move(library)) {
    lesson.name = "my-lesson";
    lesson.title = "My lesson";
    lesson.point = "What the lesson teaches.";
    lesson.question = "What do you bid?";
}

EditorMode::~EditorMode() {
    // The check of a lesson question must end before the editor it reports to.
    if (check_.valid()) check_.wait();
}

template <class F>
bool EditorMode::act(F&& f) {
    try {
        message_ = f();
        error_ = false;
        return true;
    } catch (...) {
        message_ = caught_failure();
        error_ = true;
        return false;
    }
}

void EditorMode::open() {
    editor_ = analyzer::DealEditor(editor_.rules(), editor_.dealer());
    shown_ = true;
    target_ = Seat::North;
    pass_pick_ = {};
    comment_ = {};
    message_ = "Click a card to give it to the seat chosen, or deal the rest at random.";
    error_ = false;
}

void EditorMode::open_pbn(const std::string& pbn) {
    open();
    Deal d = parse_pbn(pbn);
    for (Seat s : kAllSeats) {
        for (Card c : d[s]) editor_.place(c, s);
    }
}

void EditorMode::open_as(const std::string& option, const RecordedGame* shown, int hand) {
    if (option == "new") return open();
    if (option == "sheet") {
        if (!shown) throw Error("--edit-deal sheet: no game is shown (name a score sheet's game)");
        if (!open_sheet_hand(*shown, hand)) throw Error("--edit-deal sheet: " + message_);
        return;
    }
    if (option == "game") {
        if (!shown) throw Error("--edit-deal game: no game is shown (name a game)");
        if (!open_record_hand(*shown, hand)) throw Error("--edit-deal game: " + message_);
        return;
    }
    try {
        open_pbn(option);
    } catch (const ParseError& e) {
        // Where in the deal, as solve --deal says it.
        shown_ = false;
        throw Error(fmt::format("--edit-deal, column {}: {}", e.column(), e.what()));
    } catch (const Error& e) {
        shown_ = false;
        throw Error(fmt::format("--edit-deal: {}", e.what()));
    }
}

std::filesystem::path editor_lessons_folder(const std::filesystem::path& my_lessons,
                                            const std::filesystem::path& library) {
    return my_lessons.empty() ? analyzer::default_my_lessons_dir(library) : my_lessons;
}

template <class Start>
bool EditorMode::start_over(Start&& start, std::string done) {
    analyzer::DealEditor from = editor_;
    try {
        start(from);
    } catch (const Error& e) {
        message_ = e.what();
        error_ = true;
        return false;
    }
    open();
    editor_ = std::move(from);
    event.clear();  // the game's own event goes with the hand
    message_ = std::move(done);
    return true;
}

bool EditorMode::open_sheet_hand(const RecordedGame& sheet, int hand) {
    return start_over([&](analyzer::DealEditor& e) { e.start_from_sheet(sheet, hand); },
                      std::string("Place the hand's cards, then enter the sheet's bids."));
}

bool EditorMode::open_record_hand(const RecordedGame& game, int hand) {
    std::string done = fmt::format(
        "Hand {} of the game: comment on its bids and cards, or take back and play on.", hand + 1);
    // The editor plays every card: a claim is not kept, and the teacher is told so.
    if (hand >= 0 && hand < static_cast<int>(game.hands.size())) {
        if (const auto& claim = game.hands[static_cast<std::size_t>(hand)].claim) {
            int left = 0;
            for (int t : claim->tricks) left += t;
            done += fmt::format(
                " The record's claim ({} claimed the last {} tricks) is dropped: play them out.",
                seat_name(claim->by), left);
        }
    }
    return start_over([&](analyzer::DealEditor& e) { e.start_from_record(game, hand); },
                      std::move(done));
}

bool EditorMode::enter_sheet_bids() {
    return act([&] {
        editor_.enter_sheet_bids();
        return std::string("The sheet's bids are entered.");
    });
}

bool EditorMode::set_rules(const std::string& preset_name) {
    return act([&] {
        editor_.set_rules(preset(preset_name));
        pass_pick_ = {};
        return fmt::format("Rules: {}.", preset_name);
    });
}

bool EditorMode::set_dealer(Seat s) {
    return act([&] {
        editor_.set_dealer(s);
        return fmt::format("{} deals.", seat_name(s));
    });
}

bool EditorMode::click_card(Card c) {
    return act([&] {
        if (auto at = editor_.holder(c)) {
            editor_.remove(c);
            return fmt::format("{} back from {}.", card_text(c), seat_name(*at));
        }
        editor_.place(c, target_);
        std::string done = fmt::format("{} to {}.", card_text(c), seat_name(target_));
        // Filling hands one after the other needs no click on the seats.
        for (int step = 0;
             step < 4 && editor_.deal()[target_].size() == editor_.rules().hand_size(); ++step) {
            target_ = next(target_);
        }
        return done;
    });
}

bool EditorMode::swap(Seat a, Seat b) {
    return act([&] {
        editor_.swap(a, b);
        return fmt::format("{} and {} swapped hands.", seat_name(a), seat_name(b));
    });
}

bool EditorMode::rotate() {
    return act([&] {
        editor_.rotate(1);
        return std::string("Each hand moved a seat clockwise.");
    });
}

bool EditorMode::clear() {
    return act([&] {
        editor_.clear();
        pass_pick_ = {};
        comment_ = {};
        return std::string("Every card is back in the deck.");
    });
}

bool EditorMode::deal_rest() {
    return act([&] {
        int tries = editor_.deal_rest(seed_);
        ++seed_;
        return fmt::format("Dealt ({} {}).", tries, tries == 1 ? "draw" : "draws");
    });
}

void EditorMode::toggle_pass_card(Card c) {
    if (pass_pick_.contains(c)) {
        pass_pick_.erase(c);
    } else {
        pass_pick_.insert(c);
    }
}

bool EditorMode::pass() {
    return act([&] {
        const bool exchange = editor_.phase() == Phase::Exchange;
        std::optional<Seat> who = exchange ? editor_.to_play() : editor_.to_act();
        if (exchange) {
            editor_.exchange(pass_pick_);
        } else {
            editor_.pass(pass_pick_);
        }
        std::string done = fmt::format("{} {} {}.", seat_name(*who), exchange ? "gives" : "passes",
                                       to_string(pass_pick_));
        pass_pick_ = {};
        return done;
    });
}

bool EditorMode::play(Card c) {
    return act([&] {
        std::optional<Seat> who = editor_.to_play();
        editor_.play(c);  // refuses, with the reason, when no card or not this one is due
        comment_ = {CommentTarget::Kind::Card, 0, c};
        std::string done = fmt::format("{} plays {}.", seat_name(*who), card_text(c));
        const HandState now = editor_.state();
        if (now.current_trick().empty()) {
            done += fmt::format(" {} wins trick {}.", seat_name(now.trick_winners().back()),
                                now.tricks_played());
        }
        if (now.phase() == Phase::Done) done += " The play is over.";
        return done;
    });
}

bool EditorMode::bid(Bid b) {
    return act([&] {
        std::optional<Seat> who = editor_.to_act();
        editor_.bid(b);
        // A bid question ends at the learner's bid: the last one entered is the learner's.
        if (who) lesson.learner = *who;
        comment_ = {CommentTarget::Kind::Bid, static_cast<int>(editor_.bids().size()) - 1, {}};
        return fmt::format("{} bids {}.", who ? seat_name(*who) : "", to_string(b));
    });
}

bool EditorMode::bid_text(const std::string& text) {
    Bid b;
    try {
        b = parse_bid(text);
    } catch (const Error&) {
        message_ = "a bid is a number of tricks, \"nil\" or \"bnil\", not \"" + text + "\"";
        error_ = true;
        return false;
    }
    return bid(b);
}

bool EditorMode::play_text(const std::string& text) {
    Card c;
    try {
        c = parse_card(text);
    } catch (const Error& e) {
        message_ = fmt::format("{} (a card is its rank and suit: QC, 10H, AS)", e.what());
        error_ = true;
        return false;
    }
    return play(c);
}

bool EditorMode::undo() {
    return act([&] {
        editor_.undo();
        if (comment_.kind == CommentTarget::Kind::Bid &&
            comment_.bid >= static_cast<int>(editor_.bids().size())) {
            comment_ = {};
        }
        return std::string("Taken back.");
    });
}

std::string EditorMode::comment() const {
    switch (comment_.kind) {
        case CommentTarget::Kind::Bid:
            return comment_.bid < static_cast<int>(editor_.bids().size())
                       ? editor_.bid_comment(comment_.bid)
                       : std::string();
        case CommentTarget::Kind::Card:
            return editor_.card_comment(comment_.card);
        case CommentTarget::Kind::Hand:
            break;
    }
    return editor_.hand_comment();
}

bool EditorMode::set_comment(const std::string& text) {
    return act([&] {
        switch (comment_.kind) {
            case CommentTarget::Kind::Bid:
                editor_.comment_bid(comment_.bid, text);
                break;
            case CommentTarget::Kind::Card:
                editor_.comment_card(comment_.card, text);
                break;
            case CommentTarget::Kind::Hand:
                editor_.set_hand_comment(text);
                break;
        }
        return std::string();
    });
}

bool EditorMode::save_game() {
    return act([&] {
        if (library_.empty()) throw Error("no library is open to save the game in");
        formats::Library library(library_);
        std::int64_t id = editor_.save_game(library, event);
        return fmt::format("Saved as game #{} in {}.", id, library_.string());
    });
}

bool EditorMode::save_lesson(int threads) {
    if (check_.valid()) {
        message_ = "a lesson question is being checked: wait for it";
        error_ = true;
        return false;
    }
    // Refusals that need no review are said at once: an incomplete deal, a missing comment.
    if (!editor_.complete()) {
        return act([&]() -> std::string {
            editor_.game();
            return {};
        });
    }
    analyzer::DealEditor copy = editor_;
    std::filesystem::path folder = lessons_folder;
    analyzer::LessonQuestionInfo info = lesson;
    check_ = std::async(std::launch::async, [copy, folder, info, threads] {
        return copy.save_lesson_question(folder, info, threads);
    });
    message_ = "Saving the question and checking its answer with the bid review...";
    error_ = false;
    return true;
}

void EditorMode::poll() {
    if (!check_.valid()) return;
    if (check_.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return;
    try {
        last_check_ = check_.get();
        ++lesson_saves_;
        message_ = fmt::format("Saved as question {} of {}. {}", last_check_->question,
                               last_check_->file.string(), last_check_->message);
        error_ = !last_check_->agrees;
    } catch (...) {
        message_ = caught_failure();
        error_ = true;
    }
}

void EditorMode::wait() {
    if (check_.valid()) check_.wait();
    poll();
}

}  // namespace spadework::viewer
