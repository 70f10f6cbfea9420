// Housekeeping of the library: deleting games and changing their metadata. Both run in one
// transaction, so a bad id or a clash leaves the library as it was.
#include <algorithm>
#include <string>

#include "library_schema.h"
#include "spadework/formats/dates.h"
#include "spadework/formats/error.h"
#include "spadework/formats/library.h"
#include "spadework/formats/proto_io.h"

namespace spadework::formats {

namespace {

// The position (1-based) of the first control character, a line break allowed or not.
std::optional<std::size_t> control_character(std::string_view text, bool lines) {
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if ((c < 0x20 && !(lines && c == '\n')) || c == 0x7f) return i + 1;
    }
    return std::nullopt;
}

}  // namespace

std::optional<std::string> GameEdit::problem() const {
    if (date) {
        if (auto wrong = date_problem(*date)) return wrong;
    }
    auto check = [](const std::string& what, const std::string& text,
                    bool lines) -> std::optional<std::string> {
        if (auto at = control_character(text, lines)) {
            return what + " '" + text + "' has a control character at position " +
                   std::to_string(*at) +
                   (lines ? " (only a line break may be written)" : " (write it on one line)");
        }
        return std::nullopt;
    };
    for (Seat s : kAllSeats) {
        const auto& name = players[static_cast<std::size_t>(index(s))];
        if (!name) continue;
        if (auto p = check("the name of " + std::string(seat_name(s)), *name, false)) return p;
    }
    if (event) {
        if (auto p = check("the event", *event, false)) return p;
    }
    if (notes) {
        if (auto p = check("the notes", *notes, true)) return p;
    }
    return std::nullopt;
}

bool GameEdit::empty() const {
    return !date && !event && !notes &&
           std::none_of(players.begin(), players.end(),
                        [](const auto& p) { return p.has_value(); });
}

void GameEdit::apply(RecordedGame& game) const {
    for (std::size_t s = 0; s < players.size(); ++s) {
        if (players[s]) game.players[s] = *players[s];
    }
    if (date) game.date = *date;
    if (event) game.event = *event;
    if (notes) game.comment = *notes;
}

namespace {

bool game_exists(const Database& db, GameId id) {
    Statement st(db, "SELECT 1 FROM games WHERE id = ?1");
    st.bind(1, std::int64_t{id});
    return st.step();
}

[[noreturn]] void no_such_game(const Database& db, GameId id, const char* consequence) {
    db.fail("there is no game with id " + std::to_string(id) + " in the library" + consequence);
}

}  // namespace

void Library::delete_games(const std::vector<GameId>& ids) {
    const Database& db = database();
    Transaction tx(db);
    // Every id is looked up before anything is deleted: the message names the first missing
    // one, and the library is untouched.
    for (GameId id : ids) {
        if (!game_exists(db, id)) no_such_game(db, id, "; nothing was deleted");
    }
    // The records, players, hands and the stores' rows refer to games (id) ON DELETE CASCADE
    // (foreign keys are on for every connection Library opens).
    Statement del(db, "DELETE FROM games WHERE id = ?1");
    for (GameId id : ids) {
        del.bind(1, std::int64_t{id});
        del.run();
    }
    tx.commit();
}

void Library::edit_game(GameId id, const GameEdit& edit,
                        const std::function<void(const Database&)>& also) {
    const Database& db = database();
    if (auto why = edit.problem()) db.fail("game " + std::to_string(id) + ": " + *why);
    Transaction tx(db);
    detail::note_encoding(db);
    if (!game_exists(db, id)) no_such_game(db, id, "");
    RecordedGame game = load_game(id);
    edit.apply(game);
    const std::string record = encode_game(game);
    const auto hash = static_cast<std::int64_t>(detail::fnv1a_64(record));
    {
        // Games are stored once by content: an edit must not make two of the same.
        Statement same(db,
                       "SELECT g.id, r.record FROM games g JOIN records r ON r.game = g.id "
                       "WHERE g.hash = ?1 AND g.id <> ?2");
        same.bind(1, hash);
        same.bind(2, std::int64_t{id});
        while (same.step()) {
            if (same.blob(1) == record) {
                db.fail("game " + std::to_string(id) + " would then be the same as game " +
                        std::to_string(same.int64(0)) + "; nothing was changed");
            }
        }
    }
    Statement games(db, "UPDATE games SET hash = ?2, event = ?3, date = ?4 WHERE id = ?1");
    games.bind(1, std::int64_t{id});
    games.bind(2, hash);
    games.bind(3, game.event);
    games.bind(4, game.date);
    games.run();
    Statement records(db, "UPDATE records SET record = ?2 WHERE game = ?1");
    records.bind(1, std::int64_t{id});
    records.bind_blob(2, record);
    records.run();
    Statement players(db, "UPDATE players SET name = ?3 WHERE game = ?1 AND seat = ?2");
    for (int s = 0; s < 4; ++s) {
        players.bind(1, std::int64_t{id});
        players.bind(2, s);
        players.bind(3, game.players[static_cast<std::size_t>(s)]);
        players.run();
    }
    if (also) also(db);
    tx.commit();
}

}  // namespace spadework::formats
