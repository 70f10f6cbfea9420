// The score keeper's store in the library, and a kept game's setup and entries as it keeps them
// (JSON: the entries in order, so resuming replays them as they were made).
#include <nlohmann/json.hpp>

#include "keeper.h"

namespace spadework::viewer {

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

}  // namespace

std::string partnership_label(int team) {
    return team == 0 ? "N-S" : "E-W";
}

const formats::StoreSchema& keeper_store_schema() {
    using Table = formats::StoreTable;
    // A kept game's row stands for the table's evening, not for a game of the library (it has
    // none until it ends): merged with whole libraries, equal rows being the same.
    static const formats::StoreSchema schema{
        "score_keeper", {kKeeperV1}, {Table{"keeper_games", nullptr, "id", Table::Match::Content}}};
    return schema;
}

std::string keeper_state_json(const KeeperSetup& setup, const std::vector<KeeperEntry>& entries) {
    nlohmann::ordered_json j;
    j["players"] = setup.players;
    j["dealer"] = std::string(1, seat_char(setup.dealer));
    j["rules"] = setup.rules;
    j["overrides"] = setup.overrides;
    j["event"] = setup.event;
    j["date"] = setup.date;
    auto list = nlohmann::ordered_json::array();
    for (const KeeperEntry& e : entries) {
        switch (e.kind) {
            case KeeperEntry::Kind::Bid:
                list.push_back(
                    {"bid", std::string(1, seat_char(static_cast<Seat>(e.who))), to_string(e.bid)});
                break;
            case KeeperEntry::Kind::SeatTricks:
                list.push_back(
                    {"tricks", std::string(1, seat_char(static_cast<Seat>(e.who))), e.tricks});
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
        for (const auto& e : j.at("entries")) {
            KeeperEntry k;
            const std::string kind = e.at(0).get<std::string>();
            const std::string who = e.at(1).get<std::string>();
            if (kind == "bid") {
                k.kind = KeeperEntry::Kind::Bid;
                k.who = index(parse_seat(who));
                k.bid = parse_bid(e.at(2).get<std::string>());
            } else if (kind == "tricks" || kind == "team") {
                k.kind =
                    kind == "team" ? KeeperEntry::Kind::TeamTricks : KeeperEntry::Kind::SeatTricks;
                k.who = kind == "team" ? (who == "N-S" ? 0 : 1) : index(parse_seat(who));
                k.tricks = e.at(2).get<int>();
            } else {
                throw Error("an entry of kind '" + kind + "'");
            }
            entries.push_back(k);
        }
    } catch (const nlohmann::json::exception& e) {
        throw Error(std::string("a kept game that cannot be read: ") + e.what());
    } catch (const Error& e) {
        throw Error(std::string("a kept game that cannot be read: ") + e.what());
    }
}

}  // namespace spadework::viewer
