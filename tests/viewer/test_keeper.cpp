// The score keeper without a window: a game entered hand by hand through its commands, the
// keeper dropped between hands (as a crash or a closed window would) and resumed from the
// library, the checks made as entries are typed, undo, and the game imported once over.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <string>

#include "keeper.h"
#include "spadework/formats/game_file.h"
#include "spadework/formats/library.h"
#include "support/workspace.h"

using namespace spadework;
using namespace spadework::viewer;

namespace {

const std::filesystem::path kSheet =
    std::filesystem::path(SPADEWORK_SAMPLES) / "sheets" / "club-night.csv";

KeeperSetup club_setup() {
    KeeperSetup s;
    s.players = {"Ann", "Bob", "Carol", "Dee"};
    s.dealer = Seat::North;
    s.rules = "classic";
    s.event = "Thursday club night";
    s.date = "2026.11.19";
    return s;
}

// Types one hand of a recorded sheet into the keeper: the bids in turn, then the tricks as the
// sheet gives them (per seat, or per partnership with the nil bidders' own).
void type_hand(ScoreKeeper& k, const RecordedHand& h) {
    for (Bid b : h.bids) REQUIRE(k.enter_text(to_string(b)));
    const bool per_team = h.sheet.teams[0].has_value();
    REQUIRE(k.set_team_tricks(per_team));
    while (auto slot = k.tricks_slot()) {
        const auto who = static_cast<std::size_t>(slot->who);
        const int n = slot->team ? *h.sheet.teams[who] : *h.sheet.seats[who];
        INFO(k.slot_name(*slot) << " " << n);
        REQUIRE(k.enter_text(std::to_string(n)));
    }
}

}  // namespace

TEST_CASE("A game kept hand by hand, the keeper dropped between hands, scores as its sheet",
          "[viewer][keeper]") {
    testing::Workspace ws("spadework-keeper");
    const RecordedGame csv = formats::read_game_file(kSheet).at(0);
    const ScoredGame expected = score_game(csv, csv.rules);
    REQUIRE(expected.result);  // classic ends the club's game before its last hand
    const auto played = expected.hands.size();

    std::int64_t id = 0;
    {
        ScoreKeeper k(ws.db);
        k.start(club_setup());
        id = k.id();
        REQUIRE(id > 0);
    }
    for (std::size_t h = 0; h < played; ++h) {
        ScoreKeeper k(ws.db);  // a fresh keeper each hand: nothing lives outside the library
        k.resume(id);
        REQUIRE(k.hand() == static_cast<int>(h));
        CHECK(k.dealer() == csv.hands[h].dealer);
        type_hand(k, csv.hands[h]);
        const auto& run = k.sheet().runs.at(0).scored;
        REQUIRE(run.hands.size() == h + 1);
        CHECK(run.hands.back().after == expected.hands[h].after);
    }
    ScoreKeeper k(ws.db);
    k.resume(id);
    CHECK(k.step() == KeeperStep::Over);
    REQUIRE(k.result());
    CHECK(k.result()->winner == expected.result->winner);
    const int ns = expected.result->final[0].score;
    const int ew = expected.result->final[1].score;
    CHECK(k.result_text() == std::string(expected.result->winner == Team::NS ? "N-S" : "E-W") +
                                 " win at the target, " + std::to_string(std::max(ns, ew)) +
                                 " to " + std::to_string(std::min(ns, ew)));
    // Each nil's fate on its row, North first: Carol's nil holds, Dee's blind nil breaks on the
    // last trick, Carol's second nil fails; a hand without a nil is its bids alone.
    const ScoredGame& own = k.sheet().runs.at(0).scored;
    CHECK(keeper_bids_cell(k.game(), own, 0) == "4 3 nil✓ 3");
    CHECK(keeper_bids_cell(k.game(), own, 1) == "3 4 3 2");
    CHECK(keeper_bids_cell(k.game(), own, 2) == "2 5 3 blind nil✗");
    CHECK(keeper_bids_cell(k.game(), own, 5) == "3 4 nil✗ 4");
    // Beside the game's rules, Paperless by default, scoring what a sheet gives it.
    REQUIRE(k.sheet().runs.size() == 2);
    CHECK(k.sheet().runs[1].label == "paperless");
    // The game went into the library as a score sheet the moment it ended.
    REQUIRE(k.library_game());
    formats::Library lib(ws.db);
    const RecordedGame stored = lib.load_game(*k.library_game());
    CHECK(stored.score_sheet());
    REQUIRE(stored.hands.size() == played);
    for (std::size_t h = 0; h < played; ++h) {
        CHECK(stored.hands[h].bids == csv.hands[h].bids);
        CHECK(stored.hands[h].sheet == csv.hands[h].sheet);
        CHECK(stored.hands[h].dealer == csv.hands[h].dealer);
    }
    CHECK(lib.game_summary(*k.library_game())->score ==
          std::array<int, 2>{expected.hands.back().after[0].score,
                             expected.hands.back().after[1].score});
    // Nothing more can be entered, nor taken back once the game is in the library.
    CHECK_FALSE(k.enter_text("4"));
    CHECK_FALSE(k.undo());
    // Over, it is no longer under way; listed with the games over, it is found again.
    CHECK(k.kept_games().empty());
    auto kept = k.kept_games(true);
    REQUIRE(kept.size() == 1);
    CHECK(kept[0].over);
    CHECK(kept[0].hands == static_cast<int>(played));
    ScoreKeeper again(ws.db);
    again.resume(id);
    CHECK(again.library_game() == k.library_game());
    CHECK(lib.list_games().size() == 1);  // found by its content, not imported twice

    // The library's copy is the user's from then on: edited there, opening the kept game
    // again adds no second, unedited copy; deleted there, it does not come back.
    formats::GameEdit edit;
    edit.event = "Tuesday club";
    lib.edit_game(*k.library_game(), edit);
    ScoreKeeper after_edit(ws.db);
    after_edit.resume(id);
    CHECK(after_edit.imported());
    CHECK_FALSE(after_edit.library_game());
    REQUIRE(lib.list_games().size() == 1);
    CHECK(lib.list_games().front().event == "Tuesday club");
    lib.delete_games({lib.list_games().front().id});
    ScoreKeeper after_delete(ws.db);
    after_delete.resume(id);
    CHECK(after_delete.imported());
    CHECK(lib.list_games().empty());
    CHECK_FALSE(after_delete.undo());
    CHECK(after_delete.error() == "the game went into the library when it ended");
}

TEST_CASE("The keeper loses no entry made before a crash, the one being typed aside",
          "[viewer][keeper]") {
    testing::Workspace ws("spadework-keeper");
    std::int64_t id = 0;
    {
        ScoreKeeper k(ws.db);
        k.start(club_setup());
        id = k.id();
        REQUIRE(k.enter_text("4"));
        REQUIRE(k.enter_text("nil"));
        // "3" typed but not entered when the window closes.
        CHECK(k.check_text("3").empty());
    }
    ScoreKeeper k(ws.db);
    k.resume(id);
    CHECK(k.step() == KeeperStep::Bids);
    REQUIRE(k.game().hands.back().bids.size() == 2);
    CHECK(k.game().hands.back().bids[1] == Bid::nil());
    CHECK(k.to_bid() == Seat::West);  // North dealt: E, S bid; W is next
}

TEST_CASE("The keeper checks bids and tricks as they are typed, and undoes the last entry",
          "[viewer][keeper]") {
    testing::Workspace ws("spadework-keeper");
    ScoreKeeper k(ws.db);
    KeeperSetup s = club_setup();
    s.overrides = {"blind_nil=forbidden"};
    k.start(s);
    // The rule set's own refusal, from the engine's one bid check.
    CHECK_FALSE(k.check_text("bnil").empty());
    CHECK_FALSE(k.enter_text("bnil"));
    CHECK(k.error() == k.check_text("bnil"));
    CHECK(k.check_text("14") != "");
    CHECK(k.check_text("four").find("is not a bid") != std::string::npos);
    for (const char* b : {"3", "nil", "4", "3"}) REQUIRE(k.enter_text(b));
    CHECK(k.step() == KeeperStep::Tricks);
    // Per seat from the dealer's left: E, S, W, N. 13 in all.
    REQUIRE(k.enter_text("3"));
    CHECK(k.check_text("11").find("more than the 13") != std::string::npos);
    REQUIRE(k.enter_text("0"));
    REQUIRE(k.enter_text("4"));
    // The last seat's tricks must make the hand's 13.
    CHECK(k.check_text("5").find("must add up to 13") != std::string::npos);
    CHECK_FALSE(k.enter_text("5"));
    // Undo takes back W's 4; W's 5 then leaves N's 5 to make 13.
    REQUIRE(k.undo());
    REQUIRE(k.enter_text("5"));
    CHECK_FALSE(k.enter_text("6"));
    REQUIRE(k.enter_text("5"));
    CHECK(k.hand() == 1);
    CHECK(k.dealer() == Seat::East);
    REQUIRE(k.sheet().runs[0].scored.hands.size() == 1);
    // Undo reaches back into the finished hand.
    REQUIRE(k.undo());
    CHECK(k.hand() == 0);
    CHECK(k.step() == KeeperStep::Tricks);
    CHECK(k.sheet().runs[0].scored.hands.empty());
    // A game with a rule set that cannot be read, or a seat with no name, is not started.
    ScoreKeeper other(ws.db);
    KeeperSetup bad = club_setup();
    bad.overrides = {"nil=perhaps"};
    CHECK_THROWS_AS(other.start(bad), Error);
    bad = club_setup();
    bad.players[2].clear();
    CHECK_THROWS_WITH(other.start(bad), "South has no player's name");
    CHECK_FALSE(other.active());
    CHECK(other.kept_games().size() == 1);
}

TEST_CASE("Per partnership, the keeper asks each nil bidder's own tricks", "[viewer][keeper]") {
    ScoreKeeper k({});  // no library: kept in memory
    k.start(club_setup());
    // North deals: E 3, S 4, W nil, N 2.
    for (const char* b : {"3", "4", "nil", "2"}) REQUIRE(k.enter_text(b));
    REQUIRE(k.set_team_tricks(true));
    // E's partnership first (the dealer's left), its total, then W's own; then N-S.
    auto slot = k.tricks_slot();
    REQUIRE(slot);
    CHECK(k.slot_name(*slot) == "E-W");
    REQUIRE(k.enter_text("6"));
    CHECK(k.slot_name(*k.tricks_slot()) == "W");
    CHECK(k.check_text("7").find("more than E-W's 6") != std::string::npos);
    CHECK_FALSE(k.set_team_tricks(false));  // tricks of the hand are in already
    REQUIRE(k.enter_text("1"));
    CHECK(k.slot_name(*k.tricks_slot()) == "N-S");
    CHECK_FALSE(k.enter_text("8"));  // 6 and 8 are not 13
    REQUIRE(k.enter_text("7"));
    REQUIRE(k.step() == KeeperStep::Bids);
    const auto& hand = k.sheet().runs[0].scored.hands.at(0);
    // N-S's 6 made with 7; W's nil failed with a trick.
    CHECK(hand.score[Team::NS].delta == 61);
    CHECK(hand.score[Team::EW].delta < -60);
    CHECK(k.game().hands[0].sheet.seats[3] == 1);
}

TEST_CASE("The keeper opens as --keep-score asks: its form, or a kept game", "[viewer][keeper]") {
    testing::Workspace ws("spadework-keeper");
    ScoreKeeper k(ws.db);
    CHECK_FALSE(k.shown());
    k.open_as("new");
    CHECK(k.form_open());
    CHECK(k.shown());
    k.start(club_setup());  // the form closes
    CHECK_FALSE(k.form_open());
    const std::string id = std::to_string(k.id());
    REQUIRE(k.enter_text("2"));
    k.leave();
    CHECK_FALSE(k.shown());
    k.open_as(id);
    CHECK(k.active());
    CHECK(k.entries().size() == 1);
    CHECK_THROWS_WITH(k.open_as("12"), "--keep-score 12: no kept game #12 in the library");
    CHECK_THROWS_WITH(k.open_as("-1"), "--keep-score -1: expected new or a kept game's number");
    CHECK(k.id() == std::stoll(id));  // a refusal leaves the game shown as it was
}

TEST_CASE("An entry the library cannot take is not entered", "[viewer][keeper]") {
    testing::Workspace ws("spadework-keeper");
    ScoreKeeper k(ws.db);
    k.start(club_setup());
    REQUIRE(k.enter_text("4"));
    {
        // Another program has taken the keeper's table away (a library broken underneath).
        formats::Library other(ws.db);
        other.database().exec("ALTER TABLE keeper_games RENAME TO hidden");
        CHECK_FALSE(k.enter_text("3"));
        CHECK(k.error().rfind("not saved, so not entered: ", 0) == 0);
        CHECK(k.entries().size() == 1);
        CHECK_FALSE(k.undo());
        CHECK(k.entries().size() == 1);
        // Its row gone: saving finds nothing to save to, and says so.
        other.database().exec("CREATE TABLE keeper_games AS SELECT * FROM hidden WHERE 0");
        CHECK_FALSE(k.enter_text("3"));
        CHECK(k.error() == "not saved, so not entered: the kept game #" + std::to_string(k.id()) +
                               " is no longer in the library");
        other.database().exec("DROP TABLE keeper_games; ALTER TABLE hidden RENAME TO keeper_games");
    }
    REQUIRE(k.enter_text("3"));
    ScoreKeeper again(ws.db);
    again.resume(k.id());
    CHECK(again.entries() == k.entries());
}

TEST_CASE("The keeper's rules: a rule set file with changes, and a bid beside the partner's",
          "[viewer][keeper]") {
    ScoreKeeper k({});
    KeeperSetup s = club_setup();
    s.rules = (std::filesystem::path(SPADEWORK_SAMPLES) / "rules" / "casual.textproto").string();
    s.overrides = {"both_nil=forbidden", "target=100"};
    k.start(s);
    CHECK(k.rules().name == "casual");
    CHECK(k.rules().target == 100);
    CHECK_FALSE(k.rules().blind_nil_allowed);  // the file's own
    CHECK(k.sheet().runs[0].label == s.rules + " both_nil=forbidden target=100");
    // E nil; S bids; W, E's partner, may not bid nil too, and is not offered it.
    REQUIRE(k.enter_text("nil"));
    REQUIRE(k.enter_text("4"));
    CHECK_FALSE(k.check_text("nil").empty());
    const auto open = k.open_bids();
    CHECK(std::find(open.begin(), open.end(), Bid::nil()) == open.end());
    CHECK(std::find(open.begin(), open.end(), Bid::tricks(3)) != open.end());
    for (const char* e : {"3", "5", "0", "4", "4", "5"}) REQUIRE(k.enter_text(e));
    // N-S's 9 made and E's nil made with W's 3: past the target of 100 in one hand.
    CHECK(k.step() == KeeperStep::Over);
    REQUIRE(k.result());
    CHECK(k.result()->winner == Team::EW);
    CHECK(k.result_text().rfind("E-W win at the target, ", 0) == 0);
    CHECK_FALSE(k.enter_text("4"));
    CHECK_FALSE(k.library_game());  // no library: nothing imported
    CHECK(k.undo());                // and so the last entry can still be taken back
    CHECK(k.step() == KeeperStep::Tricks);
}

TEST_CASE("Finish now ends a game before its target: asked first, imported, out of the store",
          "[viewer][keeper]") {
    testing::Workspace ws("spadework-keeper");
    const RecordedGame csv = formats::read_game_file(kSheet).at(0);
    ScoreKeeper k(ws.db);
    k.start(club_setup());
    const std::int64_t id = k.id();
    // Nothing finished: nothing to put in the library.
    k.ask_finish();
    CHECK(k.finish_asked());
    CHECK_FALSE(k.confirm_finish());
    CHECK(k.error().find("no hand is finished") != std::string::npos);
    for (std::size_t h = 0; h < 2; ++h) type_hand(k, csv.hands[h]);
    REQUIRE(k.enter_text(to_string(csv.hands[2].bids[0])));  // the third hand begun
    // Not asked, or asked and then kept playing: nothing happens.
    CHECK_FALSE(k.confirm_finish());
    k.ask_finish();
    k.cancel_finish();
    CHECK_FALSE(k.confirm_finish());
    CHECK(k.step() == KeeperStep::Bids);
    REQUIRE(k.kept_games().size() == 1);

    k.ask_finish();
    REQUIRE(k.confirm_finish());
    CHECK(k.ended_early());
    CHECK(k.step() == KeeperStep::Over);
    CHECK(k.hand() == 1);  // the third hand's bid is dropped
    const auto& run = k.sheet().runs.at(0).scored;
    REQUIRE(run.hands.size() == 2);
    CHECK(k.result_text() == "ended early after 2 hands, N-S " +
                                 std::to_string(run.hands[1].after[0].score) + ", E-W " +
                                 std::to_string(run.hands[1].after[1].score));
    CHECK_FALSE(k.undo());
    CHECK_FALSE(k.enter_text("4"));
    // In the library as a score sheet of the two hands, as at a normal end, noted early.
    REQUIRE(k.library_game());
    formats::Library lib(ws.db);
    const RecordedGame stored = lib.load_game(*k.library_game());
    CHECK(stored.score_sheet());
    REQUIRE(stored.hands.size() == 2);
    CHECK(stored.hands[1].bids == csv.hands[1].bids);
    CHECK(stored.comment.find("Ended early") != std::string::npos);
    CHECK(stored.players == club_setup().players);
    CHECK(lib.game_summary(*k.library_game())->score ==
          std::array<int, 2>{run.hands[1].after[0].score, run.hands[1].after[1].score});
    // Out of the keeper's store: neither under way nor to resume.
    CHECK(k.kept_games(true).empty());
    ScoreKeeper again(ws.db);
    CHECK_THROWS_WITH(again.resume(id), "no kept game #" + std::to_string(id) + " in the library");
}

// A level score at the target under on_tie=overtime: the side-by-side sheet says an overtime
// set begins, on the hand and at the end, where it said only "not over"; the overtime's first
// hand then ends the game.
TEST_CASE("The keeper's sheet says when a level score starts an overtime set", "[viewer][keeper]") {
    ScoreKeeper k({});
    KeeperSetup s = club_setup();
    s.overrides = {"target=60", "on_tie=overtime", "overtrick_points=0"};
    k.start(s);
    // E, S, W, N each bid 3; E-W take 7 (their 6 and a bag worth nothing), N-S 6: 60 to 60.
    for (const char* e : {"3", "3", "3", "3", "4", "3", "3", "3"}) REQUIRE(k.enter_text(e));
    const ScoredGame& own = k.sheet().runs.front().scored;
    REQUIRE(own.hands.size() == 1);
    CHECK(own.hands[0].tie_to_overtime);
    CHECK(k.step() != KeeperStep::Over);
    CHECK(keeper_hand_cell(own, 0) == "60 : 60, level: overtime to 3");
    CHECK(keeper_end_cell(own) == "in overtime (to 3)");
    CHECK(keeper_hand_cell(own, 1) == "over");
    // Other rule sets chosen while the game goes on: the sheet is scored under them at once.
    k.set_compare_rules({"leaflet"});
    REQUIRE(k.sheet().runs.size() == 2);
    CHECK(k.sheet().runs[1].label == "leaflet");
    CHECK(k.sheet().runs[1].scored.hands.size() == 1);
    k.set_compare_rules({"classic", "paperless"});
    // The overtime's first hand, South first to bid: N-S bid 2 and take 7 (20), E-W bid 6 and
    // make it (60): both past the set's 3, E-W the higher.
    for (const char* e : {"1", "3", "1", "3", "7", "3", "0", "3"}) REQUIRE(k.enter_text(e));
    REQUIRE(k.step() == KeeperStep::Over);
    CHECK(keeper_end_cell(k.sheet().runs.front().scored) == "E-W win, hand 2");
}
