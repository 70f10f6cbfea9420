// Editing a library game with the reviews that name its players.
#include <string>
#include <utility>
#include <vector>

#include "spadework/analyzer/library_stores.h"
#include "spadework/analyzer/review.h"

namespace spadework::analyzer {

using formats::Statement;

void edit_library_game(formats::Library& library, formats::GameId id,
                       const formats::GameEdit& edit) {
    // Opened first: the store's tables exist before the transaction writes to them.
    ReviewStore reviews(library);
    library.edit_game(id, edit, [&](const formats::Database& db) {
        const RecordedGame game = library.load_game(id);
        Statement seats(
            db,
            "UPDATE review_seats SET name = (SELECT p.name FROM players p WHERE "
            "p.game = review_seats.game AND p.seat = review_seats.seat) WHERE game = ?1");
        seats.bind(1, std::int64_t{id});
        seats.run();
        std::vector<std::pair<std::string, std::string>> rewritten;  // settings, JSON
        {
            Statement read(db, "SELECT settings, review FROM reviews WHERE game = ?1");
            read.bind(1, std::int64_t{id});
            while (read.step()) {
                rewritten.emplace_back(read.text(0), review_json_with_metadata(read.text(1), game));
            }
        }
        Statement write(db, "UPDATE reviews SET review = ?3 WHERE game = ?1 AND settings = ?2");
        for (const auto& [settings, json] : rewritten) {
            write.bind(1, std::int64_t{id});
            write.bind(2, settings);
            write.bind(3, json);
            write.run();
        }
    });
}

}  // namespace spadework::analyzer
