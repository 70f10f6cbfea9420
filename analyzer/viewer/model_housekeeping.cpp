// The model's housekeeping commands: deleting and editing library games, exporting the hand
// shown. Each write opens a connection of its own, as an import does, so the model's reading
// connection never holds a write transaction.
#include <fmt/core.h>

#include "model.h"
#include "spadework/analyzer/library_stores.h"
#include "spadework/engine/error.h"

namespace spadework::viewer {

bool Model::ask_delete() {
    delete_asked_.reset();
    if (!selected_) {
        message("Select a game to delete first.");
        return false;
    }
    const GameRow& row = games_[static_cast<std::size_t>(*selected_)];
    if (!row.library_id) {
        message(
            fmt::format("{} is a file opened, not a library game: there is nothing to delete "
                        "from the library",
                        row.label));
        return false;
    }
    delete_asked_ = row.library_id;
    return true;
}

bool Model::confirm_delete() {
    if (!delete_asked_) return false;
    const formats::GameId id = *delete_asked_;
    delete_asked_.reset();
    try {
        formats::Library(library_path_).delete_games({id});
    } catch (const Error& e) {
        error(e.what());
        return false;
    }
    const bool shown = selected_ && games_[static_cast<std::size_t>(*selected_)].library_id == id;
    reload_library();
    if (shown) forget_game();
    message(fmt::format("Game #{} deleted, with its reviews.", id));
    return true;
}

void Model::forget_game() {
    selected_.reset();
    game_.reset();
    before_.clear();
    hand_ = 0;
    position_ = 0;
    what_if_.clear();
    what_if_values_.reset();
    review_.reset();
    review_computed_ = false;
    stored_reviews_.clear();
    stored_review_shown_ = -1;
    rebuild_state();
    rebuild_comparison();
    rebuild_win_chance();
}

bool Model::edit_game(const formats::GameEdit& edit) {
    if (!selected_ || !games_[static_cast<std::size_t>(*selected_)].library_id) {
        error("Only a library game can be edited: import the file first.");
        return false;
    }
    const formats::GameId id = *games_[static_cast<std::size_t>(*selected_)].library_id;
    try {
        formats::Library library(library_path_);
        analyzer::edit_library_game(library, id, edit);
    } catch (const Error& e) {
        error(e.what());
        return false;
    }
    // The game is read again with its new metadata; the hand and position shown stay.
    const int hand = hand_;
    const int position = position_;
    reload_library();
    if (selected_) {
        select_game(*selected_);
        select_hand(hand);
        move_to(position);
    }
    message(fmt::format("Game #{} edited.", id));
    return true;
}

bool Model::export_hand(const std::filesystem::path& path, analyzer::PictureSize size) {
    if (!game_) {
        error("Select a game and a hand to export first.");
        return false;
    }
    if (game_->score_sheet()) {
        error("A score sheet has no cards: there is no hand diagram to export.");
        return false;
    }
    const auto format = analyzer::picture_format_of(path);
    if (!format) {
        error(fmt::format("{}: name the file .png, .svg or .html to say which picture to write",
                          path.string()));
        return false;
    }
    try {
        analyzer::write_hand_picture(path, *format, *game_, hand_, size);
    } catch (const Error& e) {
        error(e.what());
        return false;
    }
    message(fmt::format("Hand {} written to {}.", hand_ + 1, path.string()));
    return true;
}

}  // namespace spadework::viewer
