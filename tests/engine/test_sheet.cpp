// Score sheets: games recorded as bids and tricks only. They are checked by every rule that
// needs no cards, scored hand by hand like full records, re-scored under other rule sets with
// what the sheet cannot give said plainly, and never replayed.
#include <catch2/catch.hpp>

#include "spadework/engine/record.h"
#include "support/sheet_games.h"
#include "support/test_games.h"

using namespace spadework;
using testing::kBlank;
using testing::sheet_game;
using testing::sheet_hand;
using testing::TeamCounts;
using Part = RecordPlace::Part;

namespace {

// The RecordError check_game raises for `game`.
RecordError check_error(const RecordedGame& game) {
    try {
        check_game(game);
    } catch (const RecordError& e) {
        return e;
    }
    FAIL("the game checked without an error");
    throw std::logic_error("unreachable");
}

// The sheet game with hand 1 (0-based 0) replaced.
RecordedGame with_first(RecordedHand hand) {
    RecordedGame g = sheet_game();
    g.hands[0] = std::move(hand);
    return g;
}

void check_fault(const RecordedGame& game, const std::string& what, Part part, int index) {
    RecordError e = check_error(game);
    CHECK(std::string(e.what()) == what);
    CHECK(e.hand() == 0);
    CHECK(e.place().part == part);
    CHECK(e.place().index == index);
}

}  // namespace

TEST_CASE("A score sheet is scored hand by hand from its bids and tricks", "[sheet]") {
    RecordedGame g = sheet_game();
    CHECK(check_game(g).empty());
    ScoredGame s = score_game(g, g.rules);
    REQUIRE(s.hands.size() == 4);
    CHECK(s.hands_unscored == 0);
    CHECK(s.not_scored.empty());
    // Hand 1: 4 made with 5 and South's nil (+141), East-West 6 with 8 (+62).
    CHECK(s.hands[0].score[Team::NS].delta == 141);
    CHECK(s.hands[0].score[Team::EW].delta == 62);
    // Hand 2: West's blind nil fails with the one trick given for West; East made 4 with the
    // 5 left of East-West's 6.
    CHECK(s.hands[1].score[Team::NS].delta == 61);
    CHECK(s.hands[1].score[Team::EW].delta == 41 - 200);
    CHECK(s.outcomes[1].tricks[index(Seat::East)] == 5);
    // Hand 3: North-South set (5 bid, 4 taken, split unknown), East-West 8 with 9.
    CHECK(s.hands[2].score[Team::NS].delta == -50);
    CHECK(s.hands[2].score[Team::EW].delta == 81);
    CHECK(s.hands[3].after[0].score == 232);
    CHECK(s.hands[3].after[1].score == 34);
    CHECK(s.hands[3].after[1].bags == 4);
    CHECK_FALSE(s.result.has_value());
}

TEST_CASE("A sheet's seat tricks are given or follow from a partnership's total", "[sheet]") {
    RecordedGame g = sheet_game();
    auto second = sheet_seat_tricks(g.hands[1].sheet);
    CHECK(second[index(Seat::North)] == std::nullopt);  // both bid tricks: split unknown
    CHECK(second[index(Seat::South)] == std::nullopt);
    CHECK(second[index(Seat::West)] == 1);
    CHECK(second[index(Seat::East)] == 5);  // East-West's 6 less West's 1
    auto first = sheet_seat_tricks(g.hands[0].sheet);
    CHECK(first == std::array<std::optional<int>, 4>{5, 3, 0, 5});
    // The outcome has an unknown split on the partnership's first member.
    auto third = hand_outcome(g, 2);
    REQUIRE(third);
    CHECK(third->tricks == std::array<int, 4>{4, 9, 0, 0});
    CHECK_FALSE(third->honours.has_value());
}

TEST_CASE("Tricks that do not add up to the hand are refused", "[sheet]") {
    check_fault(with_first(sheet_hand(Seat::North, {"4", "3", "nil", "3"}, {5, 3, 0, 4})),
                "the tricks add up to 12, not 13: a hand of these rules has 13", Part::SeatTricks,
                -1);
    check_fault(with_first(sheet_hand(Seat::North, {"4", "3", "nil", "3"}, {14, 0, 0, 0})),
                "N takes 14 tricks: a hand has 13", Part::SeatTricks, 0);
    check_fault(with_first(sheet_hand(Seat::North, {"4", "3", "nil", "3"}, {}, TeamCounts{-1, 14})),
                "NS take -1 tricks: a hand has 13", Part::TeamTricks, 0);
    // A 48-card deck has hands of 12 tricks.
    RecordedGame paperless = sheet_game();
    paperless.rules = preset("paperless");
    paperless.hands = {sheet_hand(Seat::North, {"4", "3", "3", "2"}, {4, 3, 3, 2})};
    CHECK_NOTHROW(check_game(paperless));
    paperless.hands[0].sheet.seats[3] = 4;
    check_fault(paperless, "the tricks add up to 14, not 12: a hand of these rules has 12",
                Part::SeatTricks, -1);
}

TEST_CASE("A partnership's total must be split where a nil is at stake", "[sheet]") {
    // South bid nil, but only North-South's total is written.
    check_fault(
        with_first(
            sheet_hand(Seat::North, {"4", "3", "nil", "3"}, {kBlank, 3, kBlank, 5}, TeamCounts{5})),
        "S bid nil, so S's own tricks are needed beside NS's total (a nil is made or failed by "
        "its bidder alone)",
        Part::SeatTricks, 2);
    // Neither the seat nor its partnership.
    check_fault(with_first(sheet_hand(Seat::North, {"4", "3", "nil", "3"}, {5, kBlank, 0, 5})),
                "the sheet gives no tricks for E: give each seat's tricks, or the partnership's "
                "(EW)",
                Part::SeatTricks, 1);
    // Both seats and a total that disagree; seats that take more than the total.
    check_fault(
        with_first(sheet_hand(Seat::North, {"4", "3", "nil", "3"}, {5, 3, 0, 5}, TeamCounts{6})),
        "N and S took 5 tricks between them, but NS's total is 6", Part::TeamTricks, 0);
    check_fault(with_first(sheet_hand(Seat::North, {"4", "3", "nil", "3"}, {kBlank, 3, 1, 5},
                                      TeamCounts{std::optional<int>(0), std::nullopt})),
                "the sheet gives N and S 1 trick, more than NS's total of 0", Part::TeamTricks, 0);
}

TEST_CASE("A sheet's bids are checked by the rules as a full record's are", "[sheet]") {
    check_fault(with_first(sheet_hand(Seat::North, {"4", "14", "nil", "3"}, {5, 3, 0, 5})),
                "E bids 14: bid 14 is out of range: bids are nil or 1..13", Part::Bid, 0);
    RecordedGame casual = sheet_game();
    casual.rules = preset("casual");
    casual.hands.resize(1);
    casual.hands[0] = sheet_hand(Seat::North, {"4", "3", "bnil", "3"}, {5, 3, 0, 5});
    check_fault(casual, "S bids bnil: these rules have no blind nil bid", Part::Bid, 1);
    RecordedGame paperless = sheet_game();
    paperless.rules = preset("paperless");
    paperless.hands = {sheet_hand(Seat::North, {"nil", "3", "nil", "3"}, {0, 6, 0, 6})};
    check_fault(paperless,
                "N bids nil: N cannot bid nil: partner S already did, and both partners may not "
                "bid nil",
                Part::Bid, 3);
    RecordedHand five = sheet_hand(Seat::North, {"4", "3", "nil", "3"}, {5, 3, 0, 5});
    five.bids.push_back(Bid::tricks(2));
    check_fault(with_first(five), "a fifth bid: each player bids once", Part::Bid, 4);
    // Tricks with the bidding not complete.
    RecordedHand short_bids = sheet_hand(Seat::North, {"", "3", "nil", ""}, {5, 3, 0, 5});
    check_fault(with_first(short_bids), "tricks before the bidding is complete (2 of the 4 bids)",
                Part::SeatTricks, 0);
}

TEST_CASE("A sheet holds nothing of the cards and a full record no sheet tricks", "[sheet]") {
    RecordedHand dealt = sheet_game().hands[0];
    dealt.deal = deal_from_seed(1, preset("classic").deck(), Seat::North);
    check_fault(with_first(dealt), "a score sheet has no deal: its hands hold bids and tricks only",
                Part::Deal, 0);
    RecordedHand played = sheet_game().hands[0];
    played.cards = {parse_card("AS")};
    check_fault(with_first(played),
                "a score sheet has no cards played: its hands hold bids and tricks only",
                Part::Card, 0);
    RecordedHand claimed = sheet_game().hands[0];
    claimed.claim = Claim{};
    check_fault(with_first(claimed),
                "a score sheet has no claim: its hands hold bids and tricks only", Part::Claim, 0);

    RecordedGame full = testing::first_legal_game(preset("classic"), 2, 7);
    REQUIRE_NOTHROW(check_game(full));
    full.hands[0].sheet.teams[1] = 6;
    RecordError e = check_error(full);
    CHECK(std::string(e.what()) ==
          "a hand recorded card by card has no score-sheet tricks (a score sheet is a game "
          "recorded as bids and tricks only)");
    CHECK(e.place().part == Part::TeamTricks);
    CHECK(e.place().index == 1);
}

TEST_CASE("Only a sheet's last hand may be unfinished, and it is not scored", "[sheet]") {
    RecordedGame g = sheet_game();
    g.hands.push_back(sheet_hand(Seat::North, {"3", "nil", "", ""}, {}));
    CHECK_NOTHROW(check_game(g));
    CHECK_FALSE(hand_outcome(g, 4).has_value());
    ScoredGame s = score_game(g, g.rules);
    CHECK(s.hands.size() == 4);
    CHECK(s.hands_unscored == 1);
    // The same hand in the middle.
    g.hands.insert(g.hands.begin() + 1, g.hands.back());
    g.hands.pop_back();
    RecordError e = check_error(g);
    CHECK(std::string(e.what()) == "hand 2 is unfinished, but more hands follow it");
    CHECK(e.hand() == 1);
}

TEST_CASE("A sheet re-scored under other rules says what needs the cards", "[sheet]") {
    RecordedGame g = sheet_game();
    ScoredGame paperless = score_game(g, preset("paperless"));
    // The bids and tricks are scored; the honours are not, and it is said.
    CHECK(paperless.hands.size() == 4);
    REQUIRE(paperless.not_scored.size() == 1);
    CHECK(paperless.not_scored[0] ==
          "the honours are not scored: a score sheet does not say who won AH KH QH JH, which are "
          "won card by card (honours_points=2)");
    // A Paperless sheet under classic scoring: 12 tricks a hand, no pass, and no honours.
    RecordedGame played = g;
    played.rules = preset("paperless");
    played.hands = {sheet_hand(Seat::North, {"4", "3", "3", "2"}, {4, 3, 3, 2})};
    REQUIRE_NOTHROW(check_game(played));
    ScoredGame classic = score_game(played, preset("classic"));
    REQUIRE(classic.hands.size() == 1);
    CHECK(classic.hands[0].score[Team::NS].delta == 70);  // 7 bid, 7 taken
    CHECK(classic.not_scored ==
          std::vector<std::string>{
              "each hand is scored from its 12 tricks: the sheet does not show the cards dealt "
              "(deck=48)",
              "the cards passed are not on a score sheet; they change no score (pass_cards=3)"});
    CHECK(score_game(testing::first_legal_game(preset("paperless"), 1, 3), preset("paperless"))
              .not_scored.empty());
}

TEST_CASE("A sheet's hand cannot be replayed, and says why", "[sheet]") {
    RecordedGame g = sheet_game();
    try {
        replay_hand(g.rules, g.hands[0], 0);
        FAIL("a score sheet's hand replayed");
    } catch (const RecordError& e) {
        CHECK(std::string(e.what()) ==
              "the hand has no deal to replay (a score sheet records bids and tricks only)");
        CHECK(e.place().part == Part::Deal);
    }
}
