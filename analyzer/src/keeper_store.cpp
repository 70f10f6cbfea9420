// The score keeper's store, and a kept game's setup and entries as it keeps them (JSON: the
// entries in order, so resuming replays them as they were made).
#include "spadework/analyzer/keeper_store.h"

#include <nlohmann/json.hpp>

#include <algorithm>

#include "spadework/formats/game_file.h"
#include "store_time.h"

namespace spadework::analyzer {

using formats::Statement;

namespace {

constexpr const char* kKeeperV1 = R"sql(
CREATE TABLE IF NOT EXISTS keeper_games (
    id INTEGER PRIMARY KEY,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    state TEXT NOT NULL,
    game_id INTEGER
);
)sql";

// Version 2: the id of the game a kept game was imported as is no longer kept. It named a
// game of this library only, and a merge copies the row into another where that id is some
// other game or none; the sheet itself finds its game by content when it is imported again.
constexpr const char* kKeeperV2 = "ALTER TABLE keeper_games DROP COLUMN game_id;";

// Version 3: whether the game, once over, went into the library's games. Opening it again
// then looks for it there and never imports it a second time: a game deleted or edited in the
// library since stays as the user left it. (Rows kept before say 0: their first opening
// imports them as before, finding the game by its content.)
constexpr const char* kKeeperV3 =
    "ALTER TABLE keeper_games ADD COLUMN imported INTEGER NOT NULL DEFAULT 0;";

bool is_nil(Bid b) {
    return b.kind() != Bid::Kind::Tricks;
}

// The team a partnership_label names; an Error for any other label (a row another program
// wrote, or broke), which is never taken for either side.
int partnership_index(const std::string& label) {
    for (int team = 0; team < 2; ++team) {
        if (label == partnership_label(team)) return team;
    }
    throw Error("the partnership '" + label + "' is neither N-S nor E-W");
}

// One entry of the state's list: ["bid", "N", "4"], ["tricks", "N", 3], ["team", "N-S", 7].
KeeperEntry read_entry(const nlohmann::json& e) {
    KeeperEntry k;
    const std::string kind = e.at(0).get<std::string>();
    const std::string who = e.at(1).get<std::string>();
    if (kind == "bid") {
        k.kind = KeeperEntry::Kind::Bid;
        k.who = index(parse_seat(who));
        k.bid = parse_bid(e.at(2).get<std::string>());
    } else if (kind == "tricks") {
        k.kind = KeeperEntry::Kind::SeatTricks;
        k.who = index(parse_seat(who));
        k.tricks = e.at(2).get<int>();
    } else if (kind == "team") {
        k.kind = KeeperEntry::Kind::TeamTricks;
        k.who = partnership_index(who);
        k.tricks = e.at(2).get<int>();
    } else {
        throw Error("an entry of kind '" + kind + "'");
    }
    return k;
}

// Where a kept game is, for what is said of it: "LIBRARY, kept game #ID".
std::string kept_place(const formats::Database& db, std::int64_t id) {
    return db.path() + ", kept game #" + std::to_string(id);
}

}  // namespace

std::string partnership_label(int team) {
    return team == 0 ? "N-S" : "E-W";
}

RuleSet keeper_rules(const KeeperSetup& setup) {
    RuleSet rules = formats::load_rules(setup.rules);
    for (const std::string& o : setup.overrides) apply_override(rules, o);
    check_rules(rules);
    return rules;
}

std::string keeper_rules_text(const KeeperSetup& setup) {
    std::string out = setup.rules;
    for (const std::string& o : setup.overrides) out += " " + o;
    return out;
}

std::vector<KeeperSlot> keeper_slots(const RecordedHand& hand, bool per_team) {
    std::vector<KeeperSlot> out;
    if (!per_team) {
        for (int i = 1; i <= 4; ++i) out.push_back({false, index(next(hand.dealer, i))});
        return out;
    }
    const Team first = team_of(next(hand.dealer));
    for (Team t : {first, opponent(first)}) {
        out.push_back({true, index(t)});
        for (int i = 1; i <= 4; ++i) {
            Seat s = next(hand.dealer, i);
            if (team_of(s) == t && is_nil(hand.bids[static_cast<std::size_t>(i - 1)])) {
                out.push_back({false, index(s)});
            }
        }
    }
    return out;
}

bool keeper_slot_filled(const SheetTricks& sheet, const KeeperSlot& slot) {
    return slot.team ? sheet.teams[static_cast<std::size_t>(slot.who)].has_value()
                     : sheet.seats[static_cast<std::size_t>(slot.who)].has_value();
}

RecordedGame keeper_record(const KeeperSetup& setup, const RuleSet& rules,
                           const std::vector<KeeperEntry>& entries, bool& per_team,
                           SheetTricks& pending) {
    RecordedGame g;
    g.kind = RecordKind::ScoreSheet;
    g.players = setup.players;
    g.rules = rules;
    g.event = setup.event;
    g.date = setup.date;
    auto new_hand = [&] {
        RecordedHand h;
        h.dealer = next(setup.dealer, static_cast<int>(g.hands.size()));
        g.hands.push_back(h);
        pending = {};
    };
    new_hand();
    for (const KeeperEntry& e : entries) {
        RecordedHand& h = g.hands.back();
        const auto who = static_cast<std::size_t>(e.who);
        if (e.kind == KeeperEntry::Kind::Bid) {
            h.bids.push_back(e.bid);
            continue;
        }
        if (pending.empty()) per_team = e.kind == KeeperEntry::Kind::TeamTricks;
        if (e.kind == KeeperEntry::Kind::SeatTricks) {
            pending.seats[who] = e.tricks;
        } else {
            pending.teams[who] = e.tricks;
        }
        auto slots = keeper_slots(h, per_team);
        if (h.bids.size() == 4 && std::all_of(slots.begin(), slots.end(), [&](const KeeperSlot& s) {
                return keeper_slot_filled(pending, s);
            })) {
            h.sheet = pending;
            new_hand();
        }
    }
    return g;
}

const formats::StoreSchema& keeper_store_schema() {
    using Table = formats::StoreTable;
    // A kept game's row stands for the table's evening, not for a game of the library (it has
    // none until it ends): merged with whole libraries, equal rows being the same.
    static const formats::StoreSchema schema{
        "score_keeper",
        {kKeeperV1, kKeeperV2, kKeeperV3},
        {Table{"keeper_games", nullptr, "id", Table::Match::Content}}};
    return schema;
}

std::string keeper_state_json(const KeeperSetup& setup, const std::vector<KeeperEntry>& entries) {
    nlohmann::ordered_json j;
    j["players"] = setup.players;
    j["dealer"] = seat_letter(setup.dealer);
    j["rules"] = setup.rules;
    j["overrides"] = setup.overrides;
    j["event"] = setup.event;
    j["date"] = setup.date;
    auto list = nlohmann::ordered_json::array();
    for (const KeeperEntry& e : entries) {
        switch (e.kind) {
            case KeeperEntry::Kind::Bid:
                list.push_back({"bid", seat_letter(static_cast<Seat>(e.who)), to_string(e.bid)});
                break;
            case KeeperEntry::Kind::SeatTricks:
                list.push_back({"tricks", seat_letter(static_cast<Seat>(e.who)), e.tricks});
                break;
            case KeeperEntry::Kind::TeamTricks:
                list.push_back({"team", partnership_label(e.who), e.tricks});
                break;
        }
    }
    j["entries"] = list;
    return j.dump();
}

void read_keeper_state(const std::string& json, KeeperSetup& setup,
                       std::vector<KeeperEntry>& entries) {
    try {
        auto j = nlohmann::json::parse(json);
        setup.players = j.at("players").get<std::array<std::string, 4>>();
        setup.dealer = parse_seat(j.at("dealer").get<std::string>());
        setup.rules = j.at("rules").get<std::string>();
        setup.overrides = j.at("overrides").get<std::vector<std::string>>();
        setup.event = j.at("event").get<std::string>();
        setup.date = j.at("date").get<std::string>();
        entries.clear();
        int n = 0;
        for (const auto& e : j.at("entries")) {
            ++n;
            try {
                entries.push_back(read_entry(e));
            } catch (const nlohmann::json::exception& bad) {
                throw Error("entry " + std::to_string(n) + ": " + bad.what());
            } catch (const Error& bad) {
                throw Error("entry " + std::to_string(n) + ": " + bad.what());
            }
        }
    } catch (const nlohmann::json::exception& e) {
        throw Error(std::string("cannot be read: ") + e.what());
    } catch (const Error& e) {
        throw Error(std::string("cannot be read: ") + e.what());
    }
}

KeeperStore::KeeperStore(const formats::Library& library) : db_(library.database()) {
    library.open_store(keeper_store_schema());
}

std::int64_t KeeperStore::add(const std::string& state) const {
    Statement st(db_, "INSERT INTO keeper_games (created, updated, state) VALUES (?1, ?1, ?2)");
    st.bind(1, utc_now());
    st.bind(2, state);
    st.run();
    return db_.last_insert_id();
}

std::optional<std::string> KeeperStore::state(std::int64_t id) const {
    Statement st(db_, "SELECT state FROM keeper_games WHERE id = ?1");
    st.bind(1, id);
    if (!st.step()) return std::nullopt;
    return st.text(0);
}

bool KeeperStore::read(std::int64_t id, KeeperSetup& setup,
                       std::vector<KeeperEntry>& entries) const {
    std::optional<std::string> json = state(id);
    if (!json) return false;
    read_state_at(id, *json, setup, entries);
    return true;
}

void KeeperStore::read_state_at(std::int64_t id, const std::string& json, KeeperSetup& setup,
                                std::vector<KeeperEntry>& entries) const {
    try {
        read_keeper_state(json, setup, entries);
    } catch (const Error& e) {
        throw Error(kept_place(db_, id) + " " + e.what());
    }
}

void KeeperStore::save(std::int64_t id, const std::string& state) const {
    Statement st(db_, "UPDATE keeper_games SET state = ?1, updated = ?2 WHERE id = ?3");
    st.bind(1, state);
    st.bind(2, utc_now());
    st.bind(3, id);
    st.run();
    if (db_.changes() != 1) {
        throw Error("the kept game #" + std::to_string(id) + " is no longer in the library");
    }
}

void KeeperStore::mark_imported(std::int64_t id) const {
    Statement st(db_, "UPDATE keeper_games SET imported = 1 WHERE id = ?1");
    st.bind(1, id);
    st.run();
}

bool KeeperStore::imported(std::int64_t id) const {
    Statement st(db_, "SELECT imported FROM keeper_games WHERE id = ?1");
    st.bind(1, id);
    return st.step() && st.int64(0) != 0;
}

void KeeperStore::remove(std::int64_t id) const {
    Statement st(db_, "DELETE FROM keeper_games WHERE id = ?1");
    st.bind(1, id);
    st.run();
}

std::vector<KeptGame> KeeperStore::kept_games(bool with_over) const {
    std::vector<KeptGame> out;
    Statement st(db_, "SELECT id, created, updated, state FROM keeper_games ORDER BY id DESC");
    while (st.step()) {
        KeptGame k;
        k.id = st.int64(0);
        k.created = st.text(1);
        k.updated = st.text(2);
        try {
            std::vector<KeeperEntry> entries;
            read_state_at(k.id, st.text(3), k.setup, entries);
            bool per_team = false;
            SheetTricks pending;
            RecordedGame g =
                keeper_record(k.setup, keeper_rules(k.setup), entries, per_team, pending);
            ScoredGame scored = score_game(g, g.rules);
            k.hands = static_cast<int>(scored.hands.size());
            if (!scored.hands.empty()) {
                k.score = {scored.hands.back().after[0].score, scored.hands.back().after[1].score};
            }
            k.over = scored.result.has_value();
        } catch (const Error& e) {
            // Listed with what could be read: resuming it says the same.
            k.problem = e.what();
        }
        if (with_over || !k.over) out.push_back(std::move(k));
    }
    return out;
}

}  // namespace spadework::analyzer
