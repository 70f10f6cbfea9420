// The review store: one row per game and settings key with the analyzer's JSON, and one row
// per seat of it with the tallies a player's trend is read from.
#include <string>

#include "spadework/analyzer/library_stores.h"
#include "store_time.h"

namespace spadework::analyzer {

using formats::GameId;
using formats::Statement;

namespace {

// Version 1: the tables as the library's own schema version 3 made them, so a library of
// that time keeps them as they are (IF NOT EXISTS). A review is kept per game and per
// settings key (the analyzer version and every setting that changes results), as the
// analyzer's JSON, with a row per seat of the play and bid tallies so a player's trend is
// read without the JSON.
constexpr const char* kReviewsV1 = R"sql(
CREATE TABLE IF NOT EXISTS reviews (
    game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    settings TEXT NOT NULL,
    version TEXT NOT NULL,
    created TEXT NOT NULL,
    review TEXT NOT NULL,
    PRIMARY KEY (game, settings)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS review_seats (
    game INTEGER NOT NULL,
    settings TEXT NOT NULL,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    cards INTEGER NOT NULL,
    decisions INTEGER NOT NULL,
    kept_best INTEGER NOT NULL,
    inaccuracies INTEGER NOT NULL,
    mistakes INTEGER NOT NULL,
    blunders INTEGER NOT NULL,
    points_lost INTEGER NOT NULL,
    bid_flags INTEGER NOT NULL,
    PRIMARY KEY (game, settings, seat),
    FOREIGN KEY (game, settings) REFERENCES reviews (game, settings) ON DELETE CASCADE
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS review_seats_by_name ON review_seats (name, settings, game);
)sql";

// Version 2: each seat's chance of winning the game lost, for reviews graded by the game (0
// for the others, and for the reviews stored before).
constexpr const char* kReviewsV2 = R"sql(
ALTER TABLE review_seats ADD COLUMN chance_lost REAL NOT NULL DEFAULT 0;
)sql";

constexpr const char* kSeatColumns =
    "seat, name, cards, decisions, kept_best, inaccuracies, mistakes, blunders, points_lost, "
    "bid_flags, chance_lost";

// The columns of kSeatColumns from `first` on.
ReviewSeat read_seat(const Statement& st, int first) {
    ReviewSeat r;
    r.seat = kAllSeats[st.integer(first)];
    r.name = st.text(first + 1);
    r.cards = st.integer(first + 2);
    r.decisions = st.integer(first + 3);
    r.kept_best = st.integer(first + 4);
    r.inaccuracies = st.integer(first + 5);
    r.mistakes = st.integer(first + 6);
    r.blunders = st.integer(first + 7);
    r.points_lost = st.integer(first + 8);
    r.bid_flags = st.integer(first + 9);
    r.chance_lost = st.real(first + 10);
    return r;
}

}  // namespace

const formats::StoreSchema& review_store_schema() {
    using Table = formats::StoreTable;
    // A review before its seats: the seats' foreign key names it. A review of a game under
    // a settings key that the target has already is the same review: the target's is kept.
    static const formats::StoreSchema schema{
        "reviews",
        {kReviewsV1, kReviewsV2},
        {Table{"reviews", "game", nullptr, Table::Match::Key},
         Table{"review_seats", "game", nullptr, Table::Match::Key}}};
    return schema;
}

ReviewStore::ReviewStore(const formats::Library& library) : db_(library.database()) {
    library.open_store(review_store_schema());
}

void ReviewStore::store_review(const StoredReview& review) const {
    formats::Transaction tx(db_);
    {
        Statement exists(db_, "SELECT 1 FROM games WHERE id = ?1");
        exists.bind(1, review.game);
        if (!exists.step()) db_.fail("no game with id " + std::to_string(review.game));
    }
    Statement del(db_, "DELETE FROM reviews WHERE game = ?1 AND settings = ?2");
    del.bind(1, review.game);
    del.bind(2, review.settings);
    del.run();
    Statement ins(db_,
                  "INSERT INTO reviews (game, settings, version, created, review) "
                  "VALUES (?1, ?2, ?3, ?4, ?5)");
    ins.bind(1, review.game);
    ins.bind(2, review.settings);
    ins.bind(3, review.version);
    ins.bind(4, review.created.empty() ? utc_now() : review.created);
    ins.bind(5, review.json);
    ins.run();
    Statement seat(db_, std::string("INSERT INTO review_seats (game, settings, ") + kSeatColumns +
                            ") VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)");
    for (const ReviewSeat& r : review.seats) {
        seat.bind(1, review.game);
        seat.bind(2, review.settings);
        seat.bind(3, static_cast<int>(index(r.seat)));
        seat.bind(4, r.name);
        seat.bind(5, r.cards);
        seat.bind(6, r.decisions);
        seat.bind(7, r.kept_best);
        seat.bind(8, r.inaccuracies);
        seat.bind(9, r.mistakes);
        seat.bind(10, r.blunders);
        seat.bind(11, r.points_lost);
        seat.bind(12, r.bid_flags);
        seat.bind(13, r.chance_lost);
        seat.run();
    }
    tx.commit();
}

std::optional<StoredReview> ReviewStore::load_review(GameId game,
                                                     const std::string& settings) const {
    Statement st(db_,
                 "SELECT version, created, review FROM reviews WHERE game = ?1 AND settings = ?2");
    st.bind(1, game);
    st.bind(2, settings);
    if (!st.step()) return std::nullopt;
    StoredReview r;
    r.game = game;
    r.settings = settings;
    r.version = st.text(0);
    r.created = st.text(1);
    r.json = st.text(2);
    Statement seats(db_, std::string("SELECT ") + kSeatColumns +
                             " FROM review_seats WHERE game = ?1 AND settings = ?2 ORDER BY seat");
    seats.bind(1, game);
    seats.bind(2, settings);
    while (seats.step()) {
        ReviewSeat s = read_seat(seats, 0);
        r.seats[index(s.seat)] = s;
    }
    return r;
}

std::vector<GameId> ReviewStore::games_without_review(const std::string& settings) const {
    Statement st(db_,
                 "SELECT id FROM games WHERE NOT EXISTS (SELECT 1 FROM reviews r WHERE r.game = "
                 "games.id AND r.settings = ?1) ORDER BY id");
    st.bind(1, settings);
    std::vector<GameId> out;
    while (st.step()) out.push_back(st.int64(0));
    return out;
}

int ReviewStore::count_reviews(const std::string& settings) const {
    Statement st(db_, "SELECT count(*) FROM reviews WHERE settings = ?1");
    st.bind(1, settings);
    return st.step() ? st.integer(0) : 0;
}

std::vector<TrendPoint> ReviewStore::player_trend(const std::string& player,
                                                  const std::string& settings) const {
    Statement st(db_, std::string("SELECT g.id, g.date, ") + kSeatColumns +
                          " FROM review_seats r JOIN games g ON g.id = r.game "
                          "WHERE r.name = ?1 AND r.settings = ?2 ORDER BY g.date, g.id");
    st.bind(1, player);
    st.bind(2, settings);
    std::vector<TrendPoint> out;
    while (st.step()) {
        TrendPoint p;
        p.game = st.int64(0);
        p.date = st.text(1);
        p.tally = read_seat(st, 2);
        p.seat = p.tally.seat;
        out.push_back(std::move(p));
    }
    return out;
}

}  // namespace spadework::analyzer
