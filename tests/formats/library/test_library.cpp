#include <stdlib.h>

#include <algorithm>
#include <atomic>
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <thread>

#include "spadework/engine/deal.h"
#include "spadework/engine/game.h"
#include "spadework/engine/rules.h"
#include "spadework/formats/error.h"
#include "spadework/formats/game_file.h"
#include "spadework/formats/library.h"
#include "spadework/formats/proto_io.h"
#include "support/raw_db.h"

using namespace spadework;
using namespace spadework::formats;
using spadework::testing::RawDb;
namespace fs = std::filesystem;

namespace {

const std::string kTricky = "O'Brien\"; DROP TABLE games;--";

// A folder of its own for each test, removed afterwards.
class TempDir {
  public:
    TempDir() {
        std::string pattern = (fs::temp_directory_path() / "spadework-library-XXXXXX").string();
        REQUIRE(mkdtemp(pattern.data()) != nullptr);
        path_ = pattern;
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path_, ec);
    }
    fs::path file(const std::string& name) const { return path_ / name; }

  private:
    fs::path path_;
};

// What the test knows of a hand by having played it, apart from the library.
struct Expected {
    Seat dealer = Seat::North;
    std::array<std::optional<Bid>, 4> bids;
    std::array<int, 4> tricks{};
    bool scored = false;
    std::array<int, 2> points{}, score{}, bag_penalties{}, bags{};
    std::array<bool, 2> set{};
};

struct BuiltGame {
    RecordedGame game;
    std::vector<Expected> hands;
    std::optional<GameResult> result;
    std::array<int, 2> final_score{};
};

// A bid a player might make: roughly the hand's high cards, often under (bags) and sometimes
// over (sets), a nil now and then with a weak hand, and a rare blind nil.
Bid choose_bid(const HandState& st, SplitMix64& rng) {
    std::vector<Bid> legal = st.legal_bids();
    auto allowed = [&](Bid b) { return std::find(legal.begin(), legal.end(), b) != legal.end(); };
    CardSet hand = st.hand(st.to_act());
    int strength = 0;
    for (Card c : hand) {
        if (c.rank() == Rank::Ace || c.rank() == Rank::King) ++strength;
        if (c.suit() == Suit::Spades && c.rank() >= Rank::Ten && c.rank() < Rank::King) ++strength;
    }
    std::uint64_t roll = rng.below(100);
    if (roll < 4 && st.rules().blind_nil_exchange == 0 && allowed(Bid::blind_nil())) {
        return Bid::blind_nil();
    }
    if (roll < 30 && strength <= 2 && allowed(Bid::nil())) return Bid::nil();
    int n = std::clamp(strength + static_cast<int>(rng.below(4)) - 2, 1, st.rules().highest_bid());
    return Bid::tricks(n);
}

// Plays a hand with seeded choices. `cards` stops play early (an unfinished record, or the
// point of a claim when `claim` is set: the player on lead claims every trick left).
RecordedHand play_hand(const RuleSet& rules, Seat dealer, SplitMix64& rng, Expected& exp,
                       std::optional<HandOutcome>& outcome, int cards = -1, bool claim = false) {
    RecordedHand rh;
    rh.dealer = exp.dealer = dealer;
    rh.deal = deal_from_seed(rng.next(), rules.deck(), dealer);
    HandState st(rules, dealer, rh.deal);
    while (st.phase() == Phase::Pass) {
        Seat s = st.to_act();
        CardSet give;
        for (Card c : st.hand(s)) {
            if (give.size() < rules.pass_cards) give.insert(c);
        }
        rh.passes[index(s)] = give;
        st.pass(s, give);
    }
    while (st.phase() == Phase::Bid) {
        Seat s = st.to_act();
        Bid b = choose_bid(st, rng);
        rh.bids.push_back(b);
        exp.bids[index(s)] = b;
        st.bid(s, b);
    }
    REQUIRE(st.phase() == Phase::Play);
    if (cards < 0) cards = rules.deck_size;
    while (st.phase() == Phase::Play && static_cast<int>(rh.cards.size()) < cards) {
        CardSet legal = st.legal_cards();
        auto pick = static_cast<int>(rng.below(static_cast<std::uint64_t>(legal.size())));
        auto it = legal.begin();
        while (pick-- > 0) ++it;
        rh.cards.push_back(*it);
        st.play(*it);
    }
    for (Seat s : kAllSeats) exp.tricks[index(s)] = st.tricks_taken(s);
    outcome.reset();
    if (claim) {
        Claim c{st.to_act(), {}};
        c.tricks[index(c.by)] = rules.hand_size() - st.tricks_played();
        exp.tricks[index(c.by)] += c.tricks[index(c.by)];
        rh.claim = c;
        outcome = HandOutcome{{}, exp.tricks, std::nullopt};  // classic: honours score nothing
        for (Seat s : kAllSeats) outcome->bids[index(s)] = *exp.bids[index(s)];
    } else if (st.phase() == Phase::Done) {
        outcome = st.outcome();
    }
    return rh;
}

// A whole game: hands until the rules end it or `max_hands`; then an unfinished hand when
// asked. Hand 2 of a classic game ends with a claim after ten tricks.
BuiltGame build_game(std::uint64_t seed, const RuleSet& rules, std::array<std::string, 4> players,
                     std::string event, std::string date, std::string table, int max_hands = 18,
                     bool unfinished_last = false) {
    BuiltGame b;
    b.game.event = std::move(event);
    b.game.date = std::move(date);
    b.game.table = std::move(table);
    b.game.players = std::move(players);
    b.game.rules = rules;
    SplitMix64 rng(seed);
    Game tally(rules);
    Seat first = static_cast<Seat>(seed % 4);
    while (!tally.over() && static_cast<int>(b.game.hands.size()) < max_hands) {
        Expected exp;
        std::optional<HandOutcome> outcome;
        bool claim = rules.name == "classic" && b.game.hands.size() == 1;
        b.game.hands.push_back(
            play_hand(rules, tally.next_dealer(first), rng, exp, outcome, claim ? 40 : -1, claim));
        const HandRecord& rec = tally.add_hand(*outcome);
        exp.scored = true;
        for (Team t : kAllTeams) {
            int i = index(t);
            exp.points[i] = rec.score[t].delta;
            exp.score[i] = rec.after[i].score;
            exp.bag_penalties[i] = rec.score[t].bag_penalties;
            exp.bags[i] = rec.score[t].bags_added;
            // The contract and the tricks that count for it, worked out here again.
            int contract = 0, taken = 0;
            for (Seat s : members(t)) {
                Bid bid = outcome->bids[index(s)];
                if (!bid.is_nil()) contract += bid.count();
                if (!bid.is_nil() || rules.nil_tricks == NilTricks::CountForPartner) {
                    taken += outcome->tricks[index(s)];
                }
            }
            exp.set[i] = contract > 0 && taken < contract;
        }
        b.hands.push_back(exp);
    }
    b.result = tally.result();
    for (Team t : kAllTeams) {
        b.final_score[index(t)] =
            b.result ? b.result->final[index(t)].score : tally.standings()[index(t)].score;
    }
    if (unfinished_last) {
        Expected exp;
        std::optional<HandOutcome> outcome;
        b.game.hands.push_back(play_hand(rules, tally.next_dealer(first), rng, exp, outcome, 9));
        b.hands.push_back(exp);
    }
    return b;
}

// Six games between nine players: classic, casual, Paperless, and three hands of classic
// without nil (no end, no winner) with a name made to break careless SQL; one game ends with
// an unfinished hand, one carries notes.
std::vector<BuiltGame> corpus() {
    std::vector<BuiltGame> c;
    c.push_back(build_game(11, preset("classic"), {"Ann", "Bob", "Cal", "Dee"}, "Club night",
                           "2026.11.01", "1"));
    c.push_back(build_game(12, preset("classic"), {"Ann", "Eve", "Cal", "Fay"}, "Club night",
                           "2026.11.08", "2", 18, true));
    c.push_back(build_game(13, preset("casual"), {"Bob", "Ann", "Dee", "Cal"}, "League",
                           "2026.11.15", "1"));
    c.push_back(build_game(14, preset("paperless"), {"Eve", "Fay", "Ann", "Bob"}, "League",
                           "2026.12.01", "3"));
    c.push_back(build_game(15, make_rules("classic", {"nil=forbidden", "blind_nil=forbidden"}),
                           {kTricky, "Ann", "Gus", "Bob"}, "Friendly", "2026.10.20", "1", 3));
    c.push_back(build_game(16, preset("classic"), {"Cal", "Dee", "Ann", "Hal"}, "Club night",
                           "2026.11.22", "1"));
    RecordedGame& noted = c[0].game;
    noted.site = "Leeds";
    noted.comment = "a close one";
    noted.tags = {{"Scorer", "Ann"}};
    noted.hands[0].annotations = {{Annotation::Target::Card, 3, "?", "too early"}};
    return c;
}

std::vector<RecordedGame> games_of(const std::vector<BuiltGame>& built) {
    std::vector<RecordedGame> out;
    for (const BuiltGame& b : built) out.push_back(b.game);
    return out;
}

bool any_hand(const BuiltGame& b, const std::function<bool(const Expected&)>& test) {
    return std::any_of(b.hands.begin(), b.hands.end(), test);
}
using HandTest = bool (*)(const Expected&);
bool has_nil(const Expected& h) {
    return std::any_of(h.bids.begin(), h.bids.end(), [](auto& b) { return b && b->is_nil(); });
}
bool has_blind_nil(const Expected& h) {
    return std::any_of(h.bids.begin(), h.bids.end(),
                       [](auto& b) { return b && b->kind() == Bid::Kind::BlindNil; });
}
bool has_set(const Expected& h) {
    return h.set[0] || h.set[1];
}
bool has_penalty(const Expected& h) {
    return h.bag_penalties[0] > 0 || h.bag_penalties[1] > 0;
}

// The ids (1-based import order) of the corpus games that pass, ordered by date.
std::vector<GameId> expected_ids(const std::vector<BuiltGame>& c,
                                 const std::function<bool(const BuiltGame&)>& keep) {
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < c.size(); ++i) {
        if (keep(c[i])) order.push_back(i);
    }
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return c[a].game.date < c[b].game.date; });
    std::vector<GameId> ids;
    for (std::size_t i : order) ids.push_back(static_cast<GameId>(i + 1));
    return ids;
}

std::vector<GameId> ids_of(const std::vector<GameSummary>& list) {
    std::vector<GameId> ids;
    for (const GameSummary& g : list) ids.push_back(g.id);
    return ids;
}

bool seated(const BuiltGame& b, const std::string& name) {
    const auto& p = b.game.players;
    return std::find(p.begin(), p.end(), name) != p.end();
}

// The schema as version 1 created it: the historical fixture the migration starts from.
const char* kSchemaV1 = R"sql(
PRAGMA application_id = 1397769303;
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    hash INTEGER NOT NULL,
    event TEXT NOT NULL,
    date TEXT NOT NULL,
    table_name TEXT NOT NULL,
    rules TEXT NOT NULL,
    hands INTEGER NOT NULL,
    score_ns INTEGER NOT NULL,
    score_ew INTEGER NOT NULL,
    winner INTEGER
);
CREATE INDEX games_by_hash ON games (hash);
CREATE TABLE records (
    game INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    record BLOB NOT NULL
);
CREATE TABLE players (
    game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY (game, seat)
) WITHOUT ROWID;
CREATE TABLE hands (
    game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    hand INTEGER NOT NULL,
    dealer INTEGER NOT NULL,
    bid_kind_n INTEGER, bid_n INTEGER,
    bid_kind_e INTEGER, bid_e INTEGER,
    bid_kind_s INTEGER, bid_s INTEGER,
    bid_kind_w INTEGER, bid_w INTEGER,
    tricks_n INTEGER NOT NULL, tricks_e INTEGER NOT NULL,
    tricks_s INTEGER NOT NULL, tricks_w INTEGER NOT NULL,
    points_ns INTEGER, points_ew INTEGER,
    score_ns INTEGER, score_ew INTEGER,
    PRIMARY KEY (game, hand)
) WITHOUT ROWID;
PRAGMA user_version = 1;
)sql";

std::int64_t fnv1a(const std::string& bytes) {
    std::uint64_t h = 14695981039346656037ull;
    for (unsigned char c : bytes) h = (h ^ c) * 1099511628211ull;
    return static_cast<std::int64_t>(h);
}

}  // namespace

TEST_CASE("imported games are listed with the data they were imported with", "[library]") {
    TempDir dir;
    auto c = corpus();
    Library lib(dir.file("sub/folder/library.sqlite"));
    CHECK(lib.schema_version() == Library::kSchemaVersion);
    ImportResult r = lib.import_games(games_of(c), "club.spades");
    int hands = 0;
    for (const BuiltGame& b : c) hands += static_cast<int>(b.hands.size());
    CHECK(r.games_added == 6);
    CHECK(r.games_already_there == 0);
    CHECK(r.hands_added == hands);
    CHECK(r.ids == std::vector<GameId>{1, 2, 3, 4, 5, 6});
    CHECK(lib.count_games() == 6);
    CHECK(lib.count_hands() == hands);

    std::vector<GameSummary> list = lib.list_games();
    CHECK(ids_of(list) == expected_ids(c, [](auto&) { return true; }));
    for (const GameSummary& g : list) {
        const BuiltGame& b = c[static_cast<std::size_t>(g.id - 1)];
        INFO("game " << g.id);
        CHECK(g.event == b.game.event);
        CHECK(g.date == b.game.date);
        CHECK(g.table == b.game.table);
        CHECK(g.players == b.game.players);
        CHECK(g.rules == spell_rules(b.game.rules));
        CHECK(g.hands == static_cast<int>(b.hands.size()));
        CHECK(g.score == b.final_score);
        CHECK(g.winner == (b.result ? b.result->winner : std::nullopt));
        CHECK(g.source == "club.spades");
        CHECK(lib.game_summary(g.id)->date == g.date);
    }
    CHECK_FALSE(lib.game_summary(99).has_value());
    // The corpus has games that ended with a winner, and one that never ended.
    CHECK(c[1].result.has_value());
    CHECK_FALSE(c[4].result.has_value());
}

TEST_CASE("every hand is found as it was played and scored", "[library]") {
    TempDir dir;
    auto c = corpus();
    Library lib(dir.file("library.sqlite"));
    lib.import_games(games_of(c), "club.spades");
    std::vector<HandSummary> hands = lib.find_hands();
    REQUIRE(static_cast<int>(hands.size()) == lib.count_hands());
    std::size_t at = 0;
    for (std::size_t g = 0; g < c.size(); ++g) {
        for (std::size_t h = 0; h < c[g].hands.size(); ++h, ++at) {
            const HandSummary& got = hands[at];
            const Expected& exp = c[g].hands[h];
            INFO("game " << g + 1 << " hand " << h + 1);
            CHECK(got.game == static_cast<GameId>(g + 1));
            CHECK(got.hand == static_cast<int>(h));
            CHECK(got.dealer == exp.dealer);
            CHECK(got.players == c[g].game.players);
            for (int s = 0; s < 4; ++s) CHECK(got.bids[s] == exp.bids[s].value_or(Bid()));
            CHECK(got.tricks == exp.tricks);
            CHECK(got.scored == exp.scored);
            CHECK(got.points == exp.points);
            CHECK(got.score == exp.score);
            CHECK(got.set == exp.set);
            CHECK(got.bag_penalties == exp.bag_penalties);
        }
    }
    // The unfinished last hand of game 2: bid, two tricks played, not scored.
    const Expected& last = c[1].hands.back();
    CHECK_FALSE(last.scored);
    CHECK(last.tricks[0] + last.tricks[1] + last.tricks[2] + last.tricks[3] == 2);
    // The claimed hand of game 1 counts the claim.
    CHECK(c[0].game.hands[1].claim.has_value());
    CHECK(hands[1].tricks[0] + hands[1].tricks[1] + hands[1].tricks[2] + hands[1].tricks[3] == 13);
}

TEST_CASE("a stored game loads back equal to the original", "[library]") {
    TempDir dir;
    auto c = corpus();
    Library lib(dir.file("library.sqlite"));
    ImportResult r = lib.import_games(games_of(c), "club.spades");
    for (std::size_t i = 0; i < c.size(); ++i) CHECK(lib.load_game(r.ids[i]) == c[i].game);
    REQUIRE_THROWS_AS(lib.load_game(42), FormatError);
    try {
        lib.load_game(42);
    } catch (const FormatError& e) {
        CHECK(std::string(e.what()) ==
              dir.file("library.sqlite").string() + ": there is no game with id 42");
    }
}

TEST_CASE("importing the same games twice stores them once", "[library]") {
    TempDir dir;
    auto c = corpus();
    Library lib(dir.file("library.sqlite"));
    ImportResult first = lib.import_games({c[0].game, c[1].game}, "a.pb");
    int hands = lib.count_hands();
    std::vector<RecordedGame> again = games_of(c);
    again.push_back(c[0].game);  // and once more inside the batch
    ImportResult second = lib.import_games(again, "b.pb");
    CHECK(second.games_added == 4);
    CHECK(second.games_already_there == 3);
    CHECK(second.ids == std::vector<GameId>{1, 2, 3, 4, 5, 6, 1});
    CHECK(lib.count_games() == 6);
    CHECK(lib.count_hands() == hands + second.hands_added);
    CHECK(lib.game_summary(1)->source == "a.pb");  // where it was first imported from
    CHECK(lib.game_summary(3)->source == "b.pb");
    ImportResult third = lib.import_games(games_of(c), "c.pb");
    CHECK(third.games_added == 0);
    CHECK(third.hands_added == 0);
    CHECK(third.games_already_there == 6);
}

TEST_CASE("a batch with one illegal game leaves the library unchanged", "[library]") {
    TempDir dir;
    auto c = corpus();
    Library lib(dir.file("library.sqlite"));
    lib.import_games({c[3].game}, "first.pb");
    int games = lib.count_games();
    int hands = lib.count_hands();

    // The first lead of game 2's first hand becomes a card the leader's partner holds.
    RecordedGame bad = c[1].game;
    RecordedHand& hand = bad.hands[0];
    Seat leader = next(hand.dealer);
    Card stolen = *hand.deal[partner(leader)].begin();
    hand.cards[0] = stolen;
    std::string prefix = "batch.pb: game 2, hand 1, card 1: ";
    try {
        lib.import_games({c[0].game, bad, c[2].game}, "batch.pb");
        FAIL("an illegal game was imported");
    } catch (const FormatError& e) {
        CHECK_THAT(e.what(),
                   Catch::StartsWith(prefix) &&
                       Catch::Contains(to_string(stolen) + " played by " + seat_letter(leader)));
    }
    CHECK(lib.count_games() == games);
    CHECK(lib.count_hands() == hands);
    CHECK(ids_of(lib.list_games()) == std::vector<GameId>{1});
    ImportResult ok = lib.import_games({c[0].game, c[2].game}, "batch.pb");
    CHECK(ok.games_added == 2);
}

TEST_CASE("a name written to break SQL is stored and found exactly", "[library]") {
    TempDir dir;
    auto c = corpus();
    Library lib(dir.file("library.sqlite"));
    lib.import_games(games_of(c), kTricky);
    GameFilter f;
    f.player = kTricky;
    std::vector<GameSummary> list = lib.list_games(f);
    REQUIRE(ids_of(list) == std::vector<GameId>{5});
    CHECK(list[0].players[0] == kTricky);
    CHECK(list[0].source == kTricky);
    HandFilter hf;
    hf.player = kTricky;
    CHECK(lib.find_hands(hf).size() == c[4].hands.size());
    std::vector<PlayerStats> stats = lib.player_stats(kTricky);
    REQUIRE(stats.size() == 1);
    CHECK(stats[0].name == kTricky);
    CHECK(stats[0].games == 1);
    f.player = "O'Brien";
    CHECK(lib.list_games(f).empty());
    CHECK(lib.count_games() == 6);
}

TEST_CASE("every game filter keeps the games it names", "[library]") {
    TempDir dir;
    auto c = corpus();
    Library lib(dir.file("library.sqlite"));
    lib.import_games(games_of(c), "club.spades");
    auto check = [&](const GameFilter& f, const std::function<bool(const BuiltGame&)>& keep) {
        std::vector<GameId> want = expected_ids(c, keep);
        CHECK(ids_of(lib.list_games(f)) == want);
        return want.size();
    };
    GameFilter f;
    f.player = "Cal";
    CHECK(check(f, [](auto& b) { return seated(b, "Cal"); }) == 4);
    f = {};
    f.date_from = "2026.11.08";
    f.date_to = "2026.11.22";
    CHECK(check(f, [](auto& b) {
              return b.game.date >= "2026.11.08" && b.game.date <= "2026.11.22";
          }) == 3);
    f = {};
    f.rules = "classic";
    CHECK(check(f, [](auto& b) { return b.game.rules.name == "classic"; }) == 4);
    // Stored spelled ("classic nil=forbidden ..."): a preset is matched whole, not its start.
    f.rules = "clas";
    CHECK(lib.list_games(f).empty());
    f.rules = "classic";
    f.event = "Club night";
    f.player = "Dee";
    CHECK(check(f, [](auto& b) { return b.game.event == "Club night" && seated(b, "Dee"); }) == 2);
    f = {};
    f.event = "League";
    CHECK(check(f, [](auto& b) { return b.game.event == "League"; }) == 2);
    using Flag = std::pair<bool GameFilter::*, HandTest>;
    for (const Flag& flag :
         {Flag{&GameFilter::with_nil, has_nil}, Flag{&GameFilter::with_blind_nil, has_blind_nil},
          Flag{&GameFilter::with_set, has_set}, Flag{&GameFilter::with_bag_penalty, has_penalty}}) {
        f = {};
        f.*flag.first = true;
        std::size_t n = check(f, [&](auto& b) { return any_hand(b, flag.second); });
        CHECK(n > 0);  // the corpus has games with it and without
        CHECK(n < c.size());
    }
    f = {};
    f.with_nil = true;
    f.with_set = true;
    check(f, [](auto& b) { return any_hand(b, has_nil) && any_hand(b, has_set); });
    f = {};
    f.limit = 2;
    CHECK(ids_of(lib.list_games(f)) == std::vector<GameId>{5, 1});
    f.player = "Nobody";
    CHECK(lib.list_games(f).empty());
}

TEST_CASE("every hand filter keeps the hands it names", "[library]") {
    TempDir dir;
    auto c = corpus();
    Library lib(dir.file("library.sqlite"));
    lib.import_games(games_of(c), "club.spades");
    auto check = [&](const HandFilter& f,
                     const std::function<bool(std::size_t, const Expected&)>& keep) {
        std::vector<std::pair<GameId, int>> want, got;
        for (std::size_t g = 0; g < c.size(); ++g) {
            for (std::size_t h = 0; h < c[g].hands.size(); ++h) {
                if (keep(g, c[g].hands[h])) want.emplace_back(g + 1, static_cast<int>(h));
            }
        }
        for (const HandSummary& h : lib.find_hands(f)) got.emplace_back(h.game, h.hand);
        CHECK(got == want);
        return want.size();
    };
    HandFilter f;
    f.game = 3;
    CHECK(check(f, [](std::size_t g, auto&) { return g == 2; }) == c[2].hands.size());
    f = {};
    f.player = "Eve";
    CHECK(check(f, [&](std::size_t g, auto&) { return seated(c[g], "Eve"); }) > 0);
    f.nil = true;
    check(f, [&](std::size_t g, auto& h) { return seated(c[g], "Eve") && has_nil(h); });
    using Flag = std::pair<bool HandFilter::*, HandTest>;
    for (const Flag& flag :
         {Flag{&HandFilter::nil, has_nil}, Flag{&HandFilter::blind_nil, has_blind_nil},
          Flag{&HandFilter::set, has_set}, Flag{&HandFilter::bag_penalty, has_penalty}}) {
        f = {};
        f.*flag.first = true;
        CHECK(check(f, [&](std::size_t, auto& h) { return flag.second(h); }) > 0);
    }
    f = {};
    f.game = 1;
    f.limit = 3;
    std::vector<HandSummary> first = lib.find_hands(f);
    REQUIRE(first.size() == 3);
    CHECK(first[2].game == 1);
    CHECK(first[2].hand == 2);
}

TEST_CASE("player statistics agree with the games played", "[library]") {
    TempDir dir;
    auto c = corpus();
    Library lib(dir.file("library.sqlite"));
    lib.import_games(games_of(c), "club.spades");
    std::map<std::string, PlayerStats> want;
    std::map<std::string, int> error;
    for (const BuiltGame& b : c) {
        for (Seat s : kAllSeats) {
            PlayerStats& p = want[b.game.players[index(s)]];
            p.name = b.game.players[index(s)];
            ++p.games;
            if (b.result && b.result->winner == team_of(s)) ++p.games_won;
            for (const Expected& h : b.hands) {
                if (!h.scored) continue;
                ++p.hands;
                Bid bid = *h.bids[index(s)];
                int took = h.tricks[index(s)];
                if (bid.kind() == Bid::Kind::Tricks) {
                    ++p.trick_bids;
                    p.bids_exact += took == bid.count();
                    p.bids_made += took >= bid.count();
                    error[p.name] += std::abs(took - bid.count());
                } else {
                    ++p.nils;
                    p.nils_made += took == 0;
                    p.blind_nils += bid.kind() == Bid::Kind::BlindNil;
                    p.blind_nils_made += bid.kind() == Bid::Kind::BlindNil && took == 0;
                }
                p.sets += h.set[index(team_of(s))];
                p.bags += h.bags[index(team_of(s))];
            }
        }
    }
    std::vector<PlayerStats> got = lib.player_stats();
    REQUIRE(got.size() == want.size());
    for (const PlayerStats& g : got) {
        INFO(g.name);
        REQUIRE(want.count(g.name) == 1);
        const PlayerStats& w = want[g.name];
        CHECK(g.games == w.games);
        CHECK(g.games_won == w.games_won);
        CHECK(g.hands == w.hands);
        CHECK(g.trick_bids == w.trick_bids);
        CHECK(g.bids_exact == w.bids_exact);
        CHECK(g.bids_made == w.bids_made);
        CHECK(g.mean_bid_error == Approx(w.trick_bids ? double(error[g.name]) / w.trick_bids : 0));
        CHECK(g.nils == w.nils);
        CHECK(g.nils_made == w.nils_made);
        CHECK(g.blind_nils == w.blind_nils);
        CHECK(g.blind_nils_made == w.blind_nils_made);
        CHECK(g.sets == w.sets);
        CHECK(g.bags == w.bags);
        CHECK(g.bags_per_hand == Approx(double(w.bags) / w.hands));
    }
    CHECK(want["Ann"].games == 6);
    CHECK(want["Ann"].nils > 0);
    std::vector<PlayerStats> ann = lib.player_stats("Ann");
    REQUIRE(ann.size() == 1);
    CHECK(ann[0].hands == want["Ann"].hands);
    CHECK(lib.player_stats("Nobody").empty());
}

TEST_CASE("partnership statistics agree with the games played", "[library]") {
    TempDir dir;
    auto c = corpus();
    Library lib(dir.file("library.sqlite"));
    lib.import_games(games_of(c), "club.spades");
    std::map<std::array<std::string, 2>, PartnershipStats> want;
    for (const BuiltGame& b : c) {
        for (Team t : kAllTeams) {
            auto [a, z] = members(t);
            std::array<std::string, 2> names = {b.game.players[index(a)], b.game.players[index(z)]};
            std::sort(names.begin(), names.end());
            PartnershipStats& p = want[names];
            p.players = names;
            ++p.games;
            if (b.result && b.result->winner == t) ++p.games_won;
            for (const Expected& h : b.hands) {
                if (!h.scored) continue;
                ++p.hands;
                bool contract = false;
                for (Seat s : {a, z}) {
                    Bid bid = *h.bids[index(s)];
                    contract = contract || !bid.is_nil();
                    p.nils += bid.is_nil();
                    p.nils_made += bid.is_nil() && h.tricks[index(s)] == 0;
                }
                p.contracts += contract;
                p.contracts_made += contract && !h.set[index(t)];
                p.sets += h.set[index(t)];
                p.bags += h.bags[index(t)];
            }
        }
    }
    std::vector<PartnershipStats> got = lib.partnership_stats();
    REQUIRE(got.size() == want.size());
    auto it = want.begin();
    for (const PartnershipStats& g : got) {
        const PartnershipStats& w = (it++)->second;  // both sorted by names
        INFO(w.players[0] << " & " << w.players[1]);
        CHECK(g.players == w.players);
        CHECK(g.games == w.games);
        CHECK(g.games_won == w.games_won);
        CHECK(g.hands == w.hands);
        CHECK(g.contracts == w.contracts);
        CHECK(g.contracts_made == w.contracts_made);
        CHECK(g.sets == w.sets);
        CHECK(g.nils == w.nils);
        CHECK(g.nils_made == w.nils_made);
        CHECK(g.bags == w.bags);
        CHECK(g.bags_per_hand == Approx(double(w.bags) / w.hands));
    }
    std::vector<PartnershipStats> eve = lib.partnership_stats("Eve");
    REQUIRE(eve.size() == 2);
    CHECK(eve[0].players == std::array<std::string, 2>{"Ann", "Eve"});
    CHECK(eve[1].players == std::array<std::string, 2>{"Eve", "Fay"});
    CHECK(eve[1].games == 1);
}

TEST_CASE("a version 1 library is migrated to version 2", "[library]") {
    TempDir dir;
    fs::path path = dir.file("old.sqlite");
    auto c = corpus();
    const BuiltGame& b = c[1];  // with an unfinished last hand
    {
        RawDb raw(path);
        raw.exec(kSchemaV1);
        std::string record = encode_game(b.game);
        raw.query(
            "INSERT INTO games (id, hash, event, date, table_name, rules, hands, score_ns, "
            "score_ew, winner) VALUES (7, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            {fnv1a(record), b.game.event, b.game.date, b.game.table, b.game.rules.name,
             std::int64_t(b.hands.size()), std::int64_t(b.final_score[0]),
             std::int64_t(b.final_score[1]), std::int64_t(index(*b.result->winner))});
        raw.query("INSERT INTO records VALUES (7, ?)", {record});
        for (int s = 0; s < 4; ++s) {
            raw.query("INSERT INTO players VALUES (7, ?, ?)", {std::int64_t(s), b.game.players[s]});
        }
        for (std::size_t h = 0; h < b.hands.size(); ++h) {
            const Expected& e = b.hands[h];
            std::string values = "7, " + std::to_string(h) + ", " + std::to_string(index(e.dealer));
            for (const auto& bid : e.bids) {
                values += ", " + std::to_string(static_cast<int>(bid->kind())) + ", " +
                          std::to_string(bid->count());
            }
            for (int t : e.tricks) values += ", " + std::to_string(t);
            for (int v : {e.points[0], e.points[1], e.score[0], e.score[1]}) {
                values += e.scored ? ", " + std::to_string(v) : ", NULL";
            }
            raw.exec("INSERT INTO hands VALUES (" + values + ")");
        }
    }

    Library lib(path);
    CHECK(lib.schema_version() == Library::kSchemaVersion);
    CHECK(lib.count_games() == 1);
    std::vector<GameSummary> list = lib.list_games();
    REQUIRE(list.size() == 1);
    CHECK(list[0].id == 7);
    CHECK(list[0].source == "");
    CHECK(list[0].players == b.game.players);
    CHECK(lib.load_game(7) == b.game);
    HandFilter hf;
    hf.game = 7;
    std::vector<HandSummary> hands = lib.find_hands(hf);
    REQUIRE(hands.size() == b.hands.size());
    for (std::size_t h = 0; h < hands.size(); ++h) {
        CHECK(hands[h].set == b.hands[h].set);
        CHECK(hands[h].bag_penalties == b.hands[h].bag_penalties);
    }
    GameFilter f;
    f.with_nil = true;
    CHECK(lib.list_games(f).size() == (any_hand(b, has_nil) ? 1u : 0u));
    f = {};
    f.with_set = true;
    CHECK(lib.list_games(f).size() == 1);
    // The same game imported again is recognised by the hash version 1 stored.
    ImportResult again = lib.import_games({b.game, c[0].game}, "new.pb");
    CHECK(again.games_already_there == 1);
    CHECK(again.ids[0] == 7);
    CHECK(lib.count_games() == 2);

    RawDb raw(path);
    CHECK(raw.query("PRAGMA user_version", {}) ==
          std::vector<std::vector<std::string>>{{std::to_string(Library::kSchemaVersion)}});
    auto rows = raw.query(
        "SELECT nil, blind_nil, bags_ns, bags_ew FROM hands WHERE game = 7 ORDER BY hand", {});
    REQUIRE(rows.size() == b.hands.size());
    for (std::size_t h = 0; h < rows.size(); ++h) {
        const Expected& e = b.hands[h];
        CHECK(rows[h] ==
              std::vector<std::string>{has_nil(e) ? "1" : "0", has_blind_nil(e) ? "1" : "0",
                                       std::to_string(e.bags[0]), std::to_string(e.bags[1])});
    }
}

TEST_CASE("a library from a newer Spadework is refused", "[library]") {
    TempDir dir;
    fs::path path = dir.file("library.sqlite");
    { Library lib(path); }
    const int newer = Library::kSchemaVersion + 1;
    RawDb(path).exec(("PRAGMA user_version = " + std::to_string(newer)).c_str());
    try {
        Library lib(path);
        FAIL("opened");
    } catch (const FormatError& e) {
        CHECK(std::string(e.what()) ==
              path.string() + ": the library has schema version " + std::to_string(newer) +
                  ", newer than this Spadework reads (" + std::to_string(Library::kSchemaVersion) +
                  "): open it with a newer Spadework");
    }
}

TEST_CASE("files that are not Spadework libraries are refused and left alone", "[library]") {
    TempDir dir;
    fs::path text = dir.file("notes.txt");
    std::string content = "these are not the games you are looking for\n";
    std::ofstream(text) << content;
    try {
        Library lib(text);
        FAIL("opened");
    } catch (const FormatError& e) {
        CHECK(std::string(e.what()) ==
              text.string() + ": not a Spadework library: the file is not a SQLite database");
    }
    std::ifstream in(text);
    CHECK(std::string(std::istreambuf_iterator<char>(in), {}) == content);

    fs::path other = dir.file("other.sqlite");
    RawDb(other).exec("CREATE TABLE notes (body TEXT); CREATE TABLE tags (name TEXT)");
    try {
        Library lib(other);
        FAIL("opened");
    } catch (const FormatError& e) {
        CHECK(std::string(e.what()) == other.string() +
                                           ": not a Spadework library: it holds tables of "
                                           "another program (notes, tags)");
    }
    RawDb(other).exec("PRAGMA user_version = 1");
    CHECK_THROWS_WITH(Library(other), other.string() +
                                          ": not a Spadework library: its application id is "
                                          "0x00000000 (a Spadework library has 0x53504457)");
    RawDb raw(other);
    CHECK(raw.query("PRAGMA journal_mode", {})[0][0] == "delete");  // still as it was
    CHECK(raw.query("SELECT name FROM sqlite_schema ORDER BY name", {}) ==
          std::vector<std::vector<std::string>>{{"notes"}, {"tags"}});
}

TEST_CASE("two libraries on one file read while the other imports", "[library]") {
    TempDir dir;
    fs::path path = dir.file("library.sqlite");
    auto c = corpus();
    std::vector<RecordedGame> batch;
    for (int round = 0; round < 20; ++round) {
        for (const BuiltGame& b : c) {
            batch.push_back(b.game);
            batch.back().table = std::to_string(round);  // a different game to the hash
        }
    }
    Library writer(path);
    Library reader(path);
    std::atomic<bool> done = false;
    std::thread import([&] {
        writer.import_games(batch, "many.pb");
        done = true;
    });
    std::set<int> seen;
    while (!done) seen.insert(reader.count_games());
    import.join();
    seen.insert(reader.count_games());
    // The reader never saw half an import.
    CHECK(seen.count(0) + seen.count(static_cast<int>(batch.size())) == seen.size());
    CHECK(reader.count_games() == static_cast<int>(batch.size()));

    // Two importers at once take turns.
    std::vector<RecordedGame> more = games_of(c);
    for (RecordedGame& g : more) g.table = "late";
    std::thread a([&] { writer.import_games({more[0], more[1], more[2]}, "a.pb"); });
    Library other(path);
    other.import_games({more[3], more[4], more[5]}, "b.pb");
    a.join();
    CHECK(reader.count_games() == static_cast<int>(batch.size()) + 6);
}

TEST_CASE("a game file is imported with its path as source", "[library]") {
    TempDir dir;
    auto c = corpus();
    fs::path file = dir.file("games.pb");
    write_game_file(file, {c[0].game, c[2].game});
    Library lib(dir.file("library.sqlite"));
    ImportResult r = lib.import_file(file);
    CHECK(r.games_added == 2);
    CHECK(lib.game_summary(r.ids[1])->source == file.string());
    CHECK(lib.load_game(r.ids[1]) == c[2].game);
    CHECK_THROWS_AS(lib.import_file(dir.file("missing.pb")), FormatError);
    CHECK(lib.count_games() == 2);
}

TEST_CASE("the default library lives in the XDG data folder", "[library]") {
    auto saved = [](const char* name) {
        const char* v = std::getenv(name);
        return v ? std::optional<std::string>(v) : std::nullopt;
    };
    std::optional<std::string> xdg = saved("XDG_DATA_HOME"), home = saved("HOME");
    setenv("XDG_DATA_HOME", "/data/home", 1);
    CHECK(default_library_path() == fs::path("/data/home/spadework/library.sqlite"));
    setenv("XDG_DATA_HOME", "relative", 1);  // ignored, as the XDG rules say
    setenv("HOME", "/home/ann", 1);
    CHECK(default_library_path() == fs::path("/home/ann/.local/share/spadework/library.sqlite"));
    if (home) setenv("HOME", home->c_str(), 1);
    if (xdg) {
        setenv("XDG_DATA_HOME", xdg->c_str(), 1);
    } else {
        unsetenv("XDG_DATA_HOME");
    }
}

TEST_CASE("a blind trick bid is listed blind, in a library migrated from version 7 too",
          "[library]") {
    TempDir dir;
    RecordedGame game;
    game.rules = make_rules("classic", {"blind_bid_min=6"});
    RecordedHand h;
    h.dealer = Seat::North;
    h.deal = deal_from_seed(3, game.rules.deck(), Seat::North);
    h.bids = {Bid::blind_tricks(6), Bid::tricks(3), Bid::tricks(2), Bid::tricks(3)};  // E S W N
    game.hands.push_back(h);
    const fs::path path = dir.file("library.sqlite");
    {
        Library lib(path);
        lib.import_games({game}, "blind.spades");
        CHECK(lib.find_hands().at(0).bids[index(Seat::East)] == Bid::blind_tricks(6));
    }
    // The same library as version 7 left it: no column for it, until migrated from the records.
    RawDb(path).exec("ALTER TABLE hands DROP COLUMN blind_bids; PRAGMA user_version = 7");
    Library lib(path);
    HandSummary got = lib.find_hands().at(0);
    CHECK(got.bids[index(Seat::East)] == Bid::blind_tricks(6));
    CHECK(got.bids[index(Seat::South)] == Bid::tricks(3));
    CHECK(lib.schema_version() == 8);
}

// The readers refuse a date the calendar does not have; a game a library took in before they
// did still loads, so that `edit --date` can mend it, and a file written from it is refused.
TEST_CASE("a stored game whose date is no day of the calendar still loads", "[library]") {
    TempDir dir;
    RecordedGame game = games_of(corpus()).at(0);
    game.date = "2026-02-30";
    Library lib(dir.file("library.sqlite"));
    const GameId id = lib.import_games({game}, "old.spades").ids.at(0);
    CHECK(lib.load_game(id).date == "2026-02-30");
    const fs::path written = dir.file("written.pb");
    write_game_file(written, {game});
    CHECK_THROWS_WITH(read_game_file(written),
                      Catch::Contains("the date '2026-02-30' is not a day of the calendar"));
}
