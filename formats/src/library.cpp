#include "spadework/formats/library.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <string_view>
#include <utility>
#include <variant>

#include "library_schema.h"
#include "spadework/formats/error.h"
#include "spadework/formats/game_file.h"
#include "spadework/formats/proto_io.h"

namespace spadework::formats {

using detail::GameRows;
using detail::HandRow;

namespace {

constexpr int kBusyTimeoutMs = 5000;

// The columns of a GameSummary, with the four players joined in by seat.
constexpr std::string_view kGameSelect =
    "SELECT g.id, g.event, g.date, g.table_name, g.rules, g.hands, g.score_ns, g.score_ew, "
    "g.winner, g.source, p0.name, p1.name, p2.name, p3.name, g.score_sheet FROM games g "
    "LEFT JOIN players p0 ON p0.game = g.id AND p0.seat = 0 "
    "LEFT JOIN players p1 ON p1.game = g.id AND p1.seat = 1 "
    "LEFT JOIN players p2 ON p2.game = g.id AND p2.seat = 2 "
    "LEFT JOIN players p3 ON p3.game = g.id AND p3.seat = 3 WHERE 1";

constexpr std::string_view kHandSelect =
    "SELECT h.game, h.hand, h.dealer, h.bid_kind_n, h.bid_n, h.bid_kind_e, h.bid_e, "
    "h.bid_kind_s, h.bid_s, h.bid_kind_w, h.bid_w, h.tricks_n, h.tricks_e, h.tricks_s, "
    "h.tricks_w, h.points_ns, h.points_ew, h.score_ns, h.score_ew, h.set_ns, h.set_ew, "
    "h.bag_penalties_ns, h.bag_penalties_ew, p0.name, p1.name, p2.name, p3.name, "
    "h.tricks_unknown, h.blind_bids FROM hands h "
    "LEFT JOIN players p0 ON p0.game = h.game AND p0.seat = 0 "
    "LEFT JOIN players p1 ON p1.game = h.game AND p1.seat = 1 "
    "LEFT JOIN players p2 ON p2.game = h.game AND p2.seat = 2 "
    "LEFT JOIN players p3 ON p3.game = h.game AND p3.seat = 3 WHERE 1";

// The bid kind of seat p.seat in a row that joins players p to hands h.
constexpr std::string_view kSeatKind =
    "CASE p.seat WHEN 0 THEN h.bid_kind_n WHEN 1 THEN h.bid_kind_e WHEN 2 THEN h.bid_kind_s "
    "ELSE h.bid_kind_w END";

// A query put together from fixed fragments; user values only ever travel as parameters.
struct Query {
    std::string sql;
    std::vector<std::variant<std::int64_t, std::string>> params;

    void add(std::string_view fragment) { sql += fragment; }
    template <typename T>
    void add(std::string_view fragment, T value) {
        sql += fragment;
        params.emplace_back(std::move(value));
    }
    void limit(int n) {
        if (n > 0) add(" LIMIT ?", std::int64_t{n});
    }
    void bind(Statement& st) const {
        for (std::size_t i = 0; i < params.size(); ++i) {
            int at = static_cast<int>(i) + 1;
            std::visit([&](const auto& v) { st.bind(at, v); }, params[i]);
        }
    }
};

int bid_kind_code(Bid::Kind kind) {
    return static_cast<int>(kind);  // 0 tricks, 1 nil, 2 blind nil, as the schema says
}

Bid bid_from(int kind, int count, bool blind) {
    switch (kind) {
        case 1:
            return Bid::nil();
        case 2:
            return Bid::blind_nil();
        default:
            return blind ? Bid::blind_tricks(count) : Bid::tricks(count);
    }
}

GameSummary read_summary(const Statement& st) {
    GameSummary g;
    g.id = st.int64(0);
    g.event = st.text(1);
    g.date = st.text(2);
    g.table = st.text(3);
    g.rules = st.text(4);
    g.hands = st.integer(5);
    g.score = {st.integer(6), st.integer(7)};
    if (!st.is_null(8)) g.winner = static_cast<Team>(st.integer(8));
    g.source = st.text(9);
    for (int s = 0; s < 4; ++s) g.players[s] = st.text(10 + s);
    g.score_sheet = st.integer(14) != 0;
    return g;
}

HandSummary read_hand(const Statement& st) {
    HandSummary h;
    h.game = st.int64(0);
    h.hand = st.integer(1);
    h.dealer = static_cast<Seat>(st.integer(2));
    for (int s = 0; s < 4; ++s) {
        if (!st.is_null(3 + 2 * s)) {
            h.bids[s] = bid_from(st.integer(3 + 2 * s), st.integer(4 + 2 * s),
                                 (st.integer(28) >> s & 1) != 0);
        }
        h.tricks[s] = st.integer(11 + s);
    }
    h.scored = !st.is_null(15);
    for (int t = 0; t < 2; ++t) {
        h.points[t] = st.integer(15 + t);
        h.score[t] = st.integer(17 + t);
        h.set[t] = st.integer(19 + t) != 0;
        h.bag_penalties[t] = st.integer(21 + t);
    }
    for (int s = 0; s < 4; ++s) {
        h.players[s] = st.text(23 + s);
        h.tricks_unknown[s] = (st.integer(27) >> s & 1) != 0;
    }
    return h;
}

// The games stored under a content hash, with their records, to compare byte for byte.
constexpr const char* kGamesByHash =
    "SELECT g.id, r.record FROM games g JOIN records r ON r.game = g.id WHERE g.hash = ?1";

// The id of a stored game with exactly these bytes; `find` is kGamesByHash, reset after.
std::optional<GameId> game_with_record(Statement& find, std::string_view record) {
    find.bind(1, static_cast<std::int64_t>(detail::fnv1a_64(record)));
    std::optional<GameId> id;
    while (!id && find.step()) {
        if (find.blob(1) == record) id = find.int64(0);
    }
    find.reset();
    return id;
}

// The statements of one import, prepared once and reused for every row.
struct Inserts {
    Statement find;
    Statement game;
    Statement record;
    Statement player;
    Statement hand;

    explicit Inserts(const Database& db)
        : find(db, kGamesByHash),
          game(db,
               "INSERT INTO games (hash, event, date, table_name, rules, hands, score_ns, "
               "score_ew, winner, source, has_nil, has_blind_nil, has_set, has_bag_penalty, "
               "score_sheet) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, "
               "?14, ?15)"),
          record(db, "INSERT INTO records (game, record) VALUES (?1, ?2)"),
          player(db, "INSERT INTO players (game, seat, name) VALUES (?1, ?2, ?3)"),
          hand(db,
               "INSERT INTO hands (game, hand, dealer, bid_kind_n, bid_n, bid_kind_e, bid_e, "
               "bid_kind_s, bid_s, bid_kind_w, bid_w, tricks_n, tricks_e, tricks_s, tricks_w, "
               "points_ns, points_ew, score_ns, score_ew, nil, blind_nil, set_ns, set_ew, "
               "bag_penalties_ns, bag_penalties_ew, bags_ns, bags_ew, tricks_unknown, "
               "blind_bids) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, "
               "?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23, ?24, ?25, ?26, ?27, ?28, "
               "?29)") {}

    void add_hand(GameId id, int h, const HandRow& row) {
        hand.bind(1, id);
        hand.bind(2, h);
        hand.bind(3, index(row.dealer));
        for (int s = 0; s < 4; ++s) {
            if (row.bids[s]) {
                hand.bind(4 + 2 * s, bid_kind_code(row.bids[s]->kind()));
                hand.bind(5 + 2 * s, row.bids[s]->count());
            } else {
                hand.bind_null(4 + 2 * s);
                hand.bind_null(5 + 2 * s);
            }
            hand.bind(12 + s, row.tricks[s]);
        }
        for (int t = 0; t < 2; ++t) {
            if (row.scored) {
                hand.bind(16 + t, row.points[t]);
                hand.bind(18 + t, row.score[t]);
            } else {
                hand.bind_null(16 + t);
                hand.bind_null(18 + t);
            }
            hand.bind(22 + t, row.set[t]);
            hand.bind(24 + t, row.bag_penalties[t]);
            hand.bind(26 + t, row.bags[t]);
        }
        hand.bind(20, row.nil);
        hand.bind(21, row.blind_nil);
        int unknown = 0;
        for (int s = 0; s < 4; ++s) unknown |= row.tricks_unknown[s] ? 1 << s : 0;
        hand.bind(28, unknown);
        hand.bind(29, detail::blind_bid_seats(row));
        hand.run();
    }
};

// Stores game number i of an import (0-based, for messages) unless the same content is
// there already; import_games and import_file share it inside their one transaction.
void store_game(const Database& db, Inserts& ins, const RecordedGame& game, std::size_t i,
                const std::string& where, const std::string& source, ImportResult& result) {
    std::string record = encode_game(game);
    auto hash = static_cast<std::int64_t>(detail::fnv1a_64(record));
    if (std::optional<GameId> id = game_with_record(ins.find, record)) {
        ++result.games_already_there;
        result.ids.push_back(*id);
        return;
    }

    GameRows rows;
    try {
        rows = detail::index_rows(game);
    } catch (const RecordError& e) {
        throw FormatError(
            where, 0, 0,
            describe_record_place(static_cast<int>(i), e.hand(), e.place()) + ": " + e.what());
    } catch (const Error& e) {
        throw FormatError(where, 0, 0,
                          describe_record_place(static_cast<int>(i), -1, {}) + ": " + e.what());
    }
    // A last hand not played out: kept (a record may stop mid-hand), and said, since a file
    // cut short reads the same.
    if (!game.hands.empty() && !hand_outcome(game, static_cast<int>(game.hands.size()) - 1)) {
        result.unfinished.push_back(describe_record_place(
            static_cast<int>(i), static_cast<int>(game.hands.size()) - 1, {}));
    }
    for (const RecordedIrregularity& r : rows.irregular) {
        result.irregular.push_back(
            describe_record_place(static_cast<int>(i), r.hand, {RecordPlace::Part::Card, r.card}) +
            ": " + r.what);
    }

    ins.game.bind(1, hash);
    ins.game.bind(2, game.event);
    ins.game.bind(3, game.date);
    ins.game.bind(4, game.table);
    ins.game.bind(5, spell_rules(game.rules));
    ins.game.bind(6, static_cast<int>(game.hands.size()));
    ins.game.bind(7, rows.final_score[0]);
    ins.game.bind(8, rows.final_score[1]);
    ins.game.bind(9, rows.winner ? std::optional<int>(index(*rows.winner)) : std::nullopt);
    ins.game.bind(10, source);
    auto any = [&](auto&& test) { return std::any_of(rows.hands.begin(), rows.hands.end(), test); };
    ins.game.bind(11, any([](const HandRow& h) { return h.nil; }));
    ins.game.bind(12, any([](const HandRow& h) { return h.blind_nil; }));
    ins.game.bind(13, any([](const HandRow& h) { return h.set[0] || h.set[1]; }));
    ins.game.bind(
        14, any([](const HandRow& h) { return h.bag_penalties[0] > 0 || h.bag_penalties[1] > 0; }));
    ins.game.bind(15, rows.score_sheet);
    ins.game.run();
    GameId id = db.last_insert_id();
    ins.record.bind(1, id);
    ins.record.bind_blob(2, record);
    ins.record.run();

    for (int s = 0; s < 4; ++s) {
        ins.player.bind(1, id);
        ins.player.bind(2, s);
        ins.player.bind(3, game.players[s]);
        ins.player.run();
    }
    for (std::size_t h = 0; h < rows.hands.size(); ++h) {
        ins.add_hand(id, static_cast<int>(h), rows.hands[h]);
    }
    ++result.games_added;
    result.hands_added += static_cast<int>(rows.hands.size());
    result.ids.push_back(id);
}

}  // namespace

std::filesystem::path default_library_path() {
    const char* xdg = std::getenv("XDG_DATA_HOME");
    std::filesystem::path base;
    // The XDG rules ignore a relative XDG_DATA_HOME.
    if (xdg && *xdg && std::filesystem::path(xdg).is_absolute()) {
        base = xdg;
    } else if (const char* home = std::getenv("HOME"); home && *home) {
        base = std::filesystem::path(home) / ".local" / "share";
    } else {
        base = std::filesystem::current_path();
    }
    return base / "spadework" / "library.sqlite";
}

struct Library::Impl {
    std::filesystem::path path;
    std::unique_ptr<Database> db;
    int version = 0;
    std::filesystem::path backup;
};

// Step 1. The folder. Step 2. The connection, with a busy timeout so two writers take turns.
// Step 3. The schema, checked before anything is written, then WAL (so readers never wait
// for an importer) and the migrations.
Library::Library(const std::filesystem::path& path) : impl_(std::make_unique<Impl>()) {
    impl_->path = path;
    std::error_code ec;
    if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), ec);
    if (ec) {
        throw FormatError(
            path.string(), 0, 0,
            "cannot create the folder " + path.parent_path().string() + ": " + ec.message());
    }
    impl_->db = std::make_unique<Database>(path);
    const Database& db = *impl_->db;
    sqlite3_busy_timeout(detail::handle(db), kBusyTimeoutMs);
    db.exec("PRAGMA foreign_keys = ON");
    detail::SchemaOpened opened = detail::open_schema(db, kSchemaVersion);
    impl_->version = opened.version;
    impl_->backup = opened.backup;
}

Library::~Library() = default;
Library::Library(Library&&) noexcept = default;
Library& Library::operator=(Library&&) noexcept = default;

int Library::schema_version() const {
    return impl_->version;
}

const std::filesystem::path& Library::path() const {
    return impl_->path;
}

const std::filesystem::path& Library::migration_backup() const {
    return impl_->backup;
}

const Database& Library::database() const {
    return *impl_->db;
}

std::filesystem::path Library::open_store(const StoreSchema& store) const {
    return detail::open_store(*impl_->db, store);
}

std::int64_t Library::data_version() const {
    Statement st(*impl_->db, "PRAGMA data_version");
    return st.step() ? st.int64(0) : 0;
}

ImportResult Library::import_games(const std::vector<RecordedGame>& games,
                                   const std::string& source) {
    const Database& db = *impl_->db;
    const std::string where = source.empty() ? impl_->path.string() : source;
    ImportResult result;
    Transaction tx(db);
    detail::note_encoding(db);
    Inserts ins(db);
    for (std::size_t i = 0; i < games.size(); ++i) {
        store_game(db, ins, games[i], i, where, source, result);
    }
    tx.commit();
    return result;
}

ImportResult Library::import_file(const std::filesystem::path& path,
                                  const std::function<void(RecordedGame&, std::size_t)>& adjust) {
    // Game by game as the file is read, so a .pb stream of any size imports in the memory of
    // one game; still one transaction, so a fault anywhere in the file stores none of it.
    const Database& db = *impl_->db;
    const std::string source = path.string();
    ImportResult result;
    Transaction tx(db);
    detail::note_encoding(db);
    Inserts ins(db);
    std::size_t i = 0;
    for_each_game(path, [&](RecordedGame&& game) {
        if (adjust) adjust(game, i);
        store_game(db, ins, game, i++, source, source, result);
    });
    tx.commit();
    return result;
}

std::optional<GameId> Library::find_game(const RecordedGame& game) const {
    Statement find(*impl_->db, kGamesByHash);
    return game_with_record(find, encode_game(game));
}

std::vector<GameSummary> Library::list_games(const GameFilter& filter) const {
    Query q;
    q.add(kGameSelect);
    if (filter.player) {
        q.add(" AND g.id IN (SELECT game FROM players WHERE name = ?)", *filter.player);
    }
    if (filter.date_from) q.add(" AND g.date >= ?", *filter.date_from);
    if (filter.date_to) q.add(" AND g.date <= ?", *filter.date_to);
    if (filter.rules) {
        // The rules are stored spelled ("classic bag_limit=5"): a preset matches itself and
        // every rule set spelled from it.
        q.add(" AND (g.rules = ?", *filter.rules);
        q.add(" OR substr(g.rules, 1, length(?) + 1) =", *filter.rules);
        q.add(" ? || ' ')", *filter.rules);
    }
    // The event in any case (ASCII), anywhere in the name: "club" finds "Club night".
    if (filter.event) q.add(" AND instr(lower(g.event), lower(?)) > 0", *filter.event);
    if (filter.kind) {
        q.add(" AND g.score_sheet = ?",
              std::int64_t{*filter.kind == RecordKind::ScoreSheet ? 1 : 0});
    }
    // The terms are the partial indexes' WHERE clauses, so SQLite can use them.
    if (filter.with_nil) q.add(" AND g.has_nil");
    if (filter.with_blind_nil) q.add(" AND g.has_blind_nil");
    if (filter.with_set) q.add(" AND g.has_set");
    if (filter.with_bag_penalty) q.add(" AND g.has_bag_penalty");
    q.add(" ORDER BY g.date, g.id");
    q.limit(filter.limit);

    Statement st(*impl_->db, q.sql);
    q.bind(st);
    std::vector<GameSummary> out;
    while (st.step()) out.push_back(read_summary(st));
    return out;
}

std::optional<GameSummary> Library::game_summary(GameId id) const {
    Query q;
    q.add(kGameSelect);
    q.add(" AND g.id = ?", std::int64_t{id});
    Statement st(*impl_->db, q.sql);
    q.bind(st);
    if (!st.step()) return std::nullopt;
    return read_summary(st);
}

RecordedGame Library::load_game(GameId id) const {
    Statement st(*impl_->db, "SELECT record FROM records WHERE game = ?1");
    st.bind(1, std::int64_t{id});
    if (!st.step()) {
        throw FormatError(impl_->path.string(), 0, 0,
                          "there is no game with id " + std::to_string(id));
    }
    return decode_game(st.blob(0), impl_->path.string());
}

std::vector<HandSummary> Library::find_hands(const HandFilter& filter) const {
    Query q;
    q.add(kHandSelect);
    if (filter.game) q.add(" AND h.game = ?", std::int64_t{*filter.game});
    if (filter.player) {
        // The IN term lets SQLite start from players_by_name; EXISTS keeps the seats that bid.
        q.add(" AND h.game IN (SELECT game FROM players WHERE name = ?)", *filter.player);
        q.add(" AND EXISTS (SELECT 1 FROM players p WHERE p.game = h.game AND p.name = ? AND ",
              *filter.player);
        q.add(kSeatKind);
        q.add(" IS NOT NULL)");
    }
    if (filter.nil) q.add(" AND h.nil");
    if (filter.blind_nil) q.add(" AND h.blind_nil");
    if (filter.set) q.add(" AND (h.set_ns OR h.set_ew)");
    if (filter.bag_penalty) q.add(" AND (h.bag_penalties_ns OR h.bag_penalties_ew)");
    q.add(" ORDER BY h.game, h.hand");
    q.limit(filter.limit);

    Statement st(*impl_->db, q.sql);
    q.bind(st);
    std::vector<HandSummary> out;
    while (st.step()) out.push_back(read_hand(st));
    return out;
}

int Library::count_games() const {
    Statement st(*impl_->db, "SELECT count(*) FROM games");
    return st.step() ? st.integer(0) : 0;
}

int Library::count_hands() const {
    Statement st(*impl_->db, "SELECT count(*) FROM hands");
    return st.step() ? st.integer(0) : 0;
}

// Statistics count the hands the rules scored: finished, and before the game's end. Each
// query unpivots the hands table to one row per player (or partnership) and hand; games
// and games won come from a second query, so a game without a scored hand still counts.

std::vector<PlayerStats> Library::player_stats(const std::optional<std::string>& player) const {
    std::map<std::string, PlayerStats> by_name;
    Query games;
    games.add(
        "SELECT p.name, count(DISTINCT p.game), "
        "count(DISTINCT CASE WHEN g.winner = p.seat % 2 THEN p.game END) "
        "FROM players p JOIN games g ON g.id = p.game WHERE p.name <> ''");
    if (player) games.add(" AND p.name = ?", *player);
    games.add(" GROUP BY p.name");
    Statement gs(*impl_->db, games.sql);
    games.bind(gs);
    while (gs.step()) {
        PlayerStats& ps = by_name[gs.text(0)];
        ps.name = gs.text(0);
        ps.games = gs.integer(1);
        ps.games_won = gs.integer(2);
    }

    Query hands;
    hands.add("WITH seat_hands AS (SELECT p.name AS name, ");
    hands.add(kSeatKind);
    hands.add(
        " AS kind, CASE p.seat WHEN 0 THEN h.bid_n WHEN 1 THEN h.bid_e WHEN 2 THEN h.bid_s "
        "ELSE h.bid_w END AS bid, CASE p.seat WHEN 0 THEN h.tricks_n WHEN 1 THEN h.tricks_e "
        "WHEN 2 THEN h.tricks_s ELSE h.tricks_w END AS tricks, "
        "(h.tricks_unknown >> p.seat) & 1 AS unknown, "
        "CASE p.seat % 2 WHEN 0 THEN h.set_ns ELSE h.set_ew END AS was_set, "
        "CASE p.seat % 2 WHEN 0 THEN h.bags_ns ELSE h.bags_ew END AS bags "
        "FROM players p JOIN hands h ON h.game = p.game "
        "WHERE h.points_ns IS NOT NULL AND p.name <> ''");
    if (player) hands.add(" AND p.name = ?", *player);
    hands.add(
        // A trick bid counts for accuracy only where the player's own tricks are known.
        ") SELECT name, count(*), total(kind = 0 AND NOT unknown), "
        "total(kind = 0 AND NOT unknown AND tricks = bid), "
        "total(kind = 0 AND NOT unknown AND tricks >= bid), "
        "total(CASE WHEN kind = 0 AND NOT unknown THEN abs(tricks - bid) END), "
        "total(kind IN (1, 2)), total(kind IN (1, 2) AND tricks = 0), total(kind = 2), "
        "total(kind = 2 AND tricks = 0), total(was_set), total(bags) "
        "FROM seat_hands GROUP BY name");
    Statement hs(*impl_->db, hands.sql);
    hands.bind(hs);
    while (hs.step()) {
        PlayerStats& ps = by_name[hs.text(0)];
        ps.hands = hs.integer(1);
        ps.trick_bids = hs.integer(2);
        ps.bids_exact = hs.integer(3);
        ps.bids_made = hs.integer(4);
        int error = hs.integer(5);
        ps.nils = hs.integer(6);
        ps.nils_made = hs.integer(7);
        ps.blind_nils = hs.integer(8);
        ps.blind_nils_made = hs.integer(9);
        ps.sets = hs.integer(10);
        ps.bags = hs.integer(11);
        if (ps.trick_bids > 0) ps.mean_bid_error = static_cast<double>(error) / ps.trick_bids;
        if (ps.hands > 0) ps.bags_per_hand = static_cast<double>(ps.bags) / ps.hands;
    }

    std::vector<PlayerStats> out;
    for (auto& [name, ps] : by_name) out.push_back(std::move(ps));
    return out;
}

std::vector<PartnershipStats> Library::partnership_stats(
    const std::optional<std::string>& player) const {
    // The partnerships of each game: seat 0 with 2 (team 0), seat 1 with 3 (team 1), the
    // names in order.
    Query teams;
    teams.add(
        "WITH teams AS (SELECT a.game AS game, a.seat AS team, min(a.name, b.name) AS p1, "
        "max(a.name, b.name) AS p2 FROM players a JOIN players b "
        "ON b.game = a.game AND b.seat = a.seat + 2 "
        "WHERE a.seat < 2 AND a.name <> '' AND b.name <> ''");
    if (player) teams.add(" AND (a.name = ?1 OR b.name = ?1)", *player);
    teams.add(") ");

    using Key = std::pair<std::string, std::string>;
    std::map<Key, PartnershipStats> by_pair;
    Query games = teams;
    games.add(
        "SELECT t.p1, t.p2, count(DISTINCT t.game), "
        "count(DISTINCT CASE WHEN g.winner = t.team THEN t.game END) "
        "FROM teams t JOIN games g ON g.id = t.game GROUP BY t.p1, t.p2");
    Statement gs(*impl_->db, games.sql);
    games.bind(gs);
    while (gs.step()) {
        PartnershipStats& ps = by_pair[{gs.text(0), gs.text(1)}];
        ps.players = {gs.text(0), gs.text(1)};
        ps.games = gs.integer(2);
        ps.games_won = gs.integer(3);
    }

    Query hands = teams;
    hands.add(
        ", team_hands AS (SELECT t.p1 AS p1, t.p2 AS p2, "
        "CASE t.team WHEN 0 THEN h.bid_kind_n ELSE h.bid_kind_e END AS kind_a, "
        "CASE t.team WHEN 0 THEN h.tricks_n ELSE h.tricks_e END AS tricks_a, "
        "CASE t.team WHEN 0 THEN h.bid_kind_s ELSE h.bid_kind_w END AS kind_b, "
        "CASE t.team WHEN 0 THEN h.tricks_s ELSE h.tricks_w END AS tricks_b, "
        "CASE t.team WHEN 0 THEN h.set_ns ELSE h.set_ew END AS was_set, "
        "CASE t.team WHEN 0 THEN h.bags_ns ELSE h.bags_ew END AS bags "
        "FROM teams t JOIN hands h ON h.game = t.game WHERE h.points_ns IS NOT NULL) "
        "SELECT p1, p2, count(*), total(kind_a = 0 OR kind_b = 0), "
        "total((kind_a = 0 OR kind_b = 0) AND NOT was_set), total(was_set), "
        "total((kind_a IN (1, 2)) + (kind_b IN (1, 2))), "
        "total((kind_a IN (1, 2) AND tricks_a = 0) + (kind_b IN (1, 2) AND tricks_b = 0)), "
        "total(bags) FROM team_hands GROUP BY p1, p2");
    Statement hs(*impl_->db, hands.sql);
    hands.bind(hs);
    while (hs.step()) {
        PartnershipStats& ps = by_pair[{hs.text(0), hs.text(1)}];
        ps.hands = hs.integer(2);
        ps.contracts = hs.integer(3);
        ps.contracts_made = hs.integer(4);
        ps.sets = hs.integer(5);
        ps.nils = hs.integer(6);
        ps.nils_made = hs.integer(7);
        ps.bags = hs.integer(8);
        if (ps.hands > 0) ps.bags_per_hand = static_cast<double>(ps.bags) / ps.hands;
    }

    std::vector<PartnershipStats> out;
    for (auto& [key, ps] : by_pair) out.push_back(std::move(ps));
    return out;
}

}  // namespace spadework::formats
