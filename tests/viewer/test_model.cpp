// The viewer's model without a window: the same commands the panels give. Replay forwards
// then back returns to the same states; step by trick; what-if plays a card off the record,
// the solver values it, and the record is untouched; the seat view; files and the library,
// with background imports and reviews, and what reaches the user when a file is bad.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "model.h"
#include "sample_games.h"
#include "settings.h"
#include "spadework/analyzer/library_stores.h"
#include "spadework/engine/solver.h"
#include "spadework/formats/game_file.h"
#include "spadework/formats/library.h"
#include "temp_dir.h"
#include "text_scale.h"
#include "wording.h"

using namespace spadework;
using namespace spadework::viewer;
namespace fs = std::filesystem;

using spadework::testing::sample_under;
using spadework::testing::TempDir;

namespace {

const fs::path kGames = fs::path(SPADEWORK_SAMPLES) / "games";

// What a position shows, to compare positions reached by different routes.
struct Snapshot {
    std::array<CardSet, 4> hands;
    std::vector<PlayedCard> trick;
    std::array<int, 4> taken;
    Seat to_act;
    bool broken;
    bool operator==(const Snapshot& o) const {
        if (trick.size() != o.trick.size()) return false;
        for (std::size_t i = 0; i < trick.size(); ++i) {
            if (trick[i].seat != o.trick[i].seat || trick[i].card != o.trick[i].card) {
                return false;
            }
        }
        return hands == o.hands && taken == o.taken && to_act == o.to_act && broken == o.broken;
    }
};

Snapshot snap(const Model& m) {
    const HandState& st = m.state();
    Snapshot s;
    for (Seat seat : kAllSeats) {
        s.hands[index(seat)] = st.hand(seat);
        s.taken[index(seat)] = st.tricks_taken(seat);
    }
    s.trick = st.current_trick();
    s.to_act = st.to_act();
    s.broken = st.spades_broken();
    return s;
}

}  // namespace

TEST_CASE("replay forwards then backwards returns to the same states", "[viewer]") {
    Model m;
    REQUIRE(m.open(kGames / "classic.spades"));
    REQUIRE(m.games().size() == 1);
    m.select_game(0);
    REQUIRE(m.game());
    m.select_hand(1);
    const int n = m.recorded_cards();
    REQUIRE(n > 0);
    std::vector<Snapshot> forwards;
    for (int i = 0; i <= n; ++i) {
        CHECK(m.position() == i);
        forwards.push_back(snap(m));
        m.step(1);
    }
    CHECK(m.position() == n);  // clamped at the end
    CHECK(m.state().phase() == Phase::Done);
    for (int i = n; i >= 0; --i) {
        CHECK(m.position() == i);
        CHECK(snap(m) == forwards[i]);
        m.step(-1);
    }
    CHECK(m.position() == 0);
    // Jumps land where steps do.
    m.move_to(17);
    CHECK(snap(m) == forwards[17]);
    m.to_end();
    CHECK(snap(m) == forwards[n]);
    m.to_start();
    CHECK(snap(m) == forwards[0]);
}

// A comment on a card names it by its place in the hand: the replay up to an earlier
// position leaves it out (the viewer refused the whole game: "an annotation names card 19 of
// 0").
TEST_CASE("a game with comments on its cards replays at every position", "[viewer]") {
    TempDir t;
    RecordedGame game = formats::read_game_file(kGames / "classic.spades").at(0);
    RecordedHand& first = game.hands.at(0);
    first.annotations = {{Annotation::Target::Bid, 1, "!?", "bold"},
                         {Annotation::Target::Card, 18, "??", "overtrumps"},
                         {Annotation::Target::Card, 40, "", "the end play"}};
    const fs::path file = t.path / "annotated.spades";
    formats::write_game_file(file, {game});
    Model m;
    REQUIRE(m.open(file));
    m.select_game(0);
    REQUIRE(m.game());
    m.select_hand(0);
    const int n = m.recorded_cards();
    REQUIRE(n == static_cast<int>(first.cards.size()));
    for (int i = 0; i <= n; ++i) {
        m.move_to(i);
        CHECK(m.position() == i);
        CHECK(static_cast<int>(m.state().play_record().size()) == i);
    }
    // The record keeps every comment.
    REQUIRE(m.game()->hands.at(0).annotation(Annotation::Target::Card, 18));
    CHECK(m.game()->hands.at(0).annotation(Annotation::Target::Card, 18)->comment == "overtrumps");
}

TEST_CASE("stepping by trick goes to the start of the next or previous trick", "[viewer]") {
    Model m;
    REQUIRE(m.open(kGames / "classic.spades"));
    m.select_game(0);
    m.step_trick(1);
    CHECK(m.position() == 4);
    CHECK(m.state().current_trick().empty());
    CHECK(m.state().tricks_played() == 1);
    m.step(2);
    m.step_trick(1);
    CHECK(m.position() == 8);
    m.step(1);
    m.step_trick(-1);
    CHECK(m.position() == 8);
    m.step_trick(-1);
    CHECK(m.position() == 4);
    m.step_trick(-5);
    CHECK(m.position() == 0);
}

TEST_CASE("a what-if card is valued by the solver and leaves the record alone", "[viewer]") {
    Model m;
    REQUIRE(m.open(kGames / "classic.spades"));
    m.select_game(0);
    const RecordedGame record = *m.game();
    // Find a position late in the first hand where the player to play has a choice.
    int pos = 0;
    for (pos = 36; pos > 0; --pos) {
        m.move_to(pos);
        if (m.state().legal_cards().size() > 1) break;
    }
    REQUIRE(pos > 0);
    Card recorded = record.hands[0].cards[pos];
    Card other;
    for (Card c : m.state().legal_cards()) {
        if (c != recorded) other = c;
    }
    CHECK_FALSE(m.values());  // not analysed: no values on the recorded line
    REQUIRE(m.play_what_if(other));
    CHECK(m.in_what_if());
    CHECK(m.what_if_cards() == std::vector<Card>{other});
    CHECK(m.position() == pos);
    m.wait_idle();
    REQUIRE(m.values());
    // The values are the solver's for the position after the what-if card.
    HandState expected = replay_hand(record.rules, [&] {
        RecordedHand h = record.hands[0];
        h.cards.resize(pos);
        h.claim.reset();
        return h;
    }());
    expected.play(other);
    Solver solver;
    Position p = position_of(expected);
    SolveResult tricks = solver.solve_tricks(p);
    SolveResult score = solver.solve_score(p, Standings{});
    REQUIRE(m.values()->cards.size() == tricks.cards.size());
    for (std::size_t i = 0; i < tricks.cards.size(); ++i) {
        CHECK(m.values()->cards[i].card == tricks.cards[i].card);
        CHECK(m.values()->cards[i].tricks == tricks.cards[i].total_tricks);
        CHECK(m.values()->cards[i].score == score.cards[i].score);
    }
    CHECK(m.values()->best_tricks == tricks.total_tricks);
    // A second what-if card moves the values on; stepping back takes it back.
    Card next_card = *m.state().legal_cards().begin();
    REQUIRE(m.play_what_if(next_card));
    m.wait_idle();
    REQUIRE(m.values());
    CHECK(static_cast<int>(m.values()->cards.size()) == m.state().legal_cards().size());
    m.step(-1);
    m.wait_idle();
    CHECK(m.what_if_cards() == std::vector<Card>{other});
    REQUIRE(m.values());
    CHECK(m.values()->cards.size() == tricks.cards.size());
    // An illegal card is refused with a message; leaving what-if returns to the record.
    CHECK_FALSE(m.play_what_if(recorded == other ? other : recorded));
    CHECK_FALSE(m.messages().empty());
    m.leave_what_if();
    CHECK_FALSE(m.in_what_if());
    CHECK(m.position() == pos);
    CHECK(*m.game() == record);
    CHECK(m.state().hand(m.state().to_act()).contains(recorded));
}

TEST_CASE("a model closed while a what-if solve runs waits for it", "[viewer]") {
    // Early in a hand the solve takes a while: the model goes while its thread still searches
    // (the solver it uses must outlive the thread; before, this crashed in the solver's table).
    for (int round = 0; round < 3; ++round) {
        Model m;
        REQUIRE(m.open(kGames / "classic.spades"));
        m.select_game(0);
        m.move_to(1);
        const Card recorded = m.game()->hands[0].cards[1];
        bool played = false;
        for (Card c : m.state().legal_cards()) {
            if (c != recorded && !played) played = m.play_what_if(c);
        }
        REQUIRE(played);
        CHECK(m.values_pending());
    }
}

TEST_CASE("the view of one seat hides the others and shows revealed voids", "[viewer]") {
    Model m;
    REQUIRE(m.open(kGames / "classic.spades"));
    m.select_game(0);
    for (Seat s : kAllSeats) CHECK(m.face_up(s));
    m.set_seat_view(Seat::East);
    CHECK(m.face_up(Seat::East));
    CHECK_FALSE(m.face_up(Seat::North));
    CHECK_FALSE(m.face_up(Seat::West));
    // Voids: a seat that did not follow the suit led is void in it from then on.
    const RecordedHand& h = m.game()->hands[0];
    m.to_end();
    for (Seat seat : kAllSeats) {
        std::array<bool, 4> expected{};
        for (std::size_t t = 0; t * 4 < h.cards.size(); ++t) {
            const auto& played = m.state().play_record();
            Suit led = played[t * 4].card.suit();
            for (std::size_t i = t * 4; i < t * 4 + 4 && i < played.size(); ++i) {
                if (played[i].seat == seat && played[i].card.suit() != led) {
                    expected[index(led)] = true;
                }
            }
        }
        CHECK(m.voids(seat) == expected);
    }
    CHECK(m.face_up(Seat::North));  // the hand is over: everything shows
}

TEST_CASE("a seat's view shows neither an opponent's legal cards nor its passes", "[viewer]") {
    Model m;
    REQUIRE(m.open(kGames / "paperless.spades"));
    m.select_game(0);
    const RecordedHand& h = *m.recorded_hand();
    for (Seat s : kAllSeats) REQUIRE_FALSE(h.passes[index(s)].empty());
    // Open hands: every pass, and the legal cards of whoever is to play.
    m.move_to(1);
    const Seat mover = m.state().to_act();
    for (Seat s : kAllSeats) CHECK(m.shown_passes(s) == h.passes[index(s)]);
    CHECK(m.shown_legal_cards() == m.state().legal_cards());
    CHECK_FALSE(m.shown_legal_cards().empty());
    // The mover's partner's view: its own and its partner's passes, and the mover's legal
    // cards (partners' hands are not shown to each other, so none).
    m.set_seat_view(partner(mover));
    CHECK(m.shown_passes(partner(mover)) == h.passes[index(partner(mover))]);
    CHECK(m.shown_passes(mover) == h.passes[index(mover)]);
    CHECK(m.shown_passes(next(mover)).empty());
    CHECK(m.shown_passes(next(mover, 3)).empty());
    CHECK(m.shown_legal_cards().empty());
    // An opponent's view: no legal cards of the mover either.
    m.set_seat_view(next(mover));
    CHECK(m.shown_legal_cards().empty());
    // The mover's own view: its legal cards.
    m.set_seat_view(mover);
    CHECK(m.shown_legal_cards() == m.state().legal_cards());
}

// The values of the legal cards are double dummy, worked out from all four hands: a seat's
// view shows none, not even of its own cards (the Analysis tab listed West's cards in South's
// view, and South's own values told South where the cards it could not see lay).
TEST_CASE("a seat's view shows no card values: they are double dummy", "[viewer]") {
    Model m;
    REQUIRE(m.open(kGames / "classic.spades"));
    m.select_game(0);
    int pos = 40;
    for (m.move_to(pos); m.state().legal_cards().size() < 2 && pos > 0;) m.move_to(--pos);
    REQUIRE(pos > 0);
    Card other;
    for (Card c : m.state().legal_cards()) {
        if (c != m.recorded_hand()->cards[static_cast<std::size_t>(pos)]) other = c;
    }
    REQUIRE(m.play_what_if(other));
    m.wait_idle();
    REQUIRE(m.values());
    const Seat next_mover = m.state().to_act();
    CHECK(m.shown_values());  // open hands
    for (Seat s : kAllSeats) {
        INFO(seat_char(s));
        m.set_seat_view(s);
        CHECK_FALSE(m.shown_values());  // the seat to play included
        CHECK(m.values());              // still known: only not shown
    }
    // The legal cards themselves are the seat's own to see.
    m.set_seat_view(next_mover);
    CHECK(m.shown_legal_cards() == m.state().legal_cards());
    m.set_seat_view(std::nullopt);
    CHECK(m.shown_values());
}

TEST_CASE("files and the library are listed and a bad file says where", "[viewer]") {
    TempDir dir;
    fs::path db = dir.path / "library.sqlite";
    {
        formats::Library lib(db);
        lib.import_file(kGames / "classic.pb");
    }
    Model m(db);
    REQUIRE(m.games().size() == 1);
    CHECK(m.games()[0].library_id);
    REQUIRE(m.open(kGames));
    // The library's game, then every game of every game file in the folder, counted from the
    // folder itself: the .pb and .spades twins of each sample, the same game, listed once.
    std::size_t in_folder = 0;
    std::vector<RecordedGame> distinct;
    for (const fs::directory_entry& e : fs::directory_iterator(kGames)) {
        if (!e.is_regular_file() || !formats::format_of(e.path())) continue;
        for (RecordedGame& g : formats::read_game_file(e.path())) {
            ++in_folder;
            if (std::find(distinct.begin(), distinct.end(), g) == distinct.end()) {
                distinct.push_back(std::move(g));
            }
        }
    }
    REQUIRE(distinct.size() > 0);
    REQUIRE(distinct.size() < in_folder);  // the twins are there
    CHECK(m.games().size() == 1 + distinct.size());
    m.select_game(0);
    REQUIRE(m.game());
    CHECK(m.game()->rules.name == "classic");
    REQUIRE(m.comparison());
    CHECK(m.comparison()->runs.size() == 2);  // classic (played) and paperless
    m.set_compare_rules({"classic", "paperless", "leaflet"});
    CHECK(m.comparison()->runs.size() == 3);

    fs::path bad = dir.path / "bad.spades";
    std::ofstream(bad) << "[Event \"x\"]\n[Rules \"classic\"]\nnonsense here\n";
    std::size_t before = m.games().size();
    CHECK_FALSE(m.open(bad));
    CHECK(m.games().size() == before);
    REQUIRE_FALSE(m.messages().empty());
    CHECK(m.messages().back().rfind(bad.string() + ":", 0) == 0);
    // It is an error, kept for the window with its place (file:line:col) until dismissed.
    REQUIRE(m.errors().size() == 1);
    CHECK(m.errors()[0].rfind(bad.string() + ":3:1: ", 0) == 0);
    m.dismiss_errors();
    CHECK(m.errors().empty());
    CHECK_FALSE(m.messages().empty());
    // A game that does not replay: the error says which hand and card.
    std::vector<RecordedGame> games = formats::read_game_file(kGames / "classic.spades");
    std::swap(games[0].hands[1].cards[0], games[0].hands[1].cards[5]);
    fs::path illegal = dir.path / "illegal.pb";
    formats::write_game_file(illegal, games);
    if (m.open(illegal)) {
        m.select_game(static_cast<int>(m.games().size()) - 1);
    }
    REQUIRE(m.errors().size() == 1);
    INFO(m.errors()[0]);
    CHECK(m.errors()[0].find("hand 2") != std::string::npos);
}

TEST_CASE("imports and reviews run in the background and land in the library", "[viewer]") {
    TempDir dir;
    fs::path db = dir.path / "library.sqlite";
    // A short game, so that its review takes a moment.
    std::vector<RecordedGame> games = formats::read_game_file(kGames / "classic.spades");
    games[0].hands.resize(1);
    fs::path file = dir.path / "short.spades";
    formats::write_game_file(file, games);

    analyzer::ReviewSettings settings;
    settings.samples = 2;
    Model m(db, settings);
    CHECK(m.games().empty());
    m.import(file);
    m.wait_idle();
    REQUIRE(m.games().size() == 1);
    CHECK_FALSE(m.games()[0].reviewed);
    m.select_game(0);
    CHECK_FALSE(m.review());
    m.request_review();
    CHECK(m.progress());
    m.wait_idle();
    REQUIRE(m.review());
    CHECK(m.games()[0].reviewed);
    REQUIRE(m.hand_review());
    REQUIRE(m.hand_review()->play);
    // On the recorded line the values come from the review.
    m.move_to(0);
    REQUIRE(m.card_review());
    REQUIRE(m.values());
    CHECK(m.values()->cards == m.card_review()->choices);

    // A new model on the same library shows the stored review at once.
    Model again(db, settings);
    again.select_game(0);
    REQUIRE(again.review());
    CHECK(again.review()->hands.size() == 1);
    {
        formats::Library lib(db);
        CHECK(analyzer::ReviewStore(lib).count_reviews(settings.key()) == 1);
    }
}

TEST_CASE("the viewer's settings are kept between runs and survive a damaged file", "[viewer]") {
    TempDir dir;
    fs::path file = dir.path / "spadework" / "viewer.json";
    ViewerSettings defaults = load_viewer_settings(file);  // no file yet
    CHECK(defaults.compare_rules == std::vector<std::string>{"classic", "paperless"});
    ViewerSettings s;
    s.compare_rules = {"leaflet", "paperless"};
    s.autoplay_seconds = 1.5f;
    s.show_values = false;
    s.seat_view = "E";
    s.tab = "scores";
    s.recent = {"/a/b.spades"};
    s.text_step = -2;
    save_viewer_settings(file, s);
    ViewerSettings back = load_viewer_settings(file);
    CHECK(back.compare_rules == s.compare_rules);
    CHECK(back.autoplay_seconds == 1.5f);
    CHECK_FALSE(back.show_values);
    CHECK(back.seat_view == "E");
    CHECK(back.tab == "scores");
    CHECK(back.recent == s.recent);
    CHECK(back.text_step == -2);
    CHECK(defaults.text_step == 0);
    std::ofstream(file) << "{ not json";
    CHECK(load_viewer_settings(file).tab == ViewerSettings{}.tab);
    // The config folder follows XDG_CONFIG_HOME.
    const char* saved = std::getenv("XDG_CONFIG_HOME");
    std::string old = saved ? saved : "";
    setenv("XDG_CONFIG_HOME", dir.path.c_str(), 1);
    CHECK(config_dir() == dir.path / "spadework");
    if (saved) {
        setenv("XDG_CONFIG_HOME", old.c_str(), 1);
    } else {
        unsetenv("XDG_CONFIG_HOME");
    }
}

TEST_CASE("the text grows with the window and the monitor, and steps with the user's choice",
          "[viewer]") {
    // The panels' design size and the smallest supported window draw 16 px text.
    CHECK(text_scale(1600, 1000, 1, 0) == 1.0f);
    CHECK(text_scale(1280, 720, 1, 0) == 1.0f);
    // 2560x1440: by the height (1.44), rounded to sixteenths: 23 px text.
    CHECK(text_scale(2560, 1440, 1, 0) == Approx(23.0 / 16));
    // A wide, low window is scaled by its height, a tall narrow one by its width.
    CHECK(text_scale(3840, 1000, 1, 0) == 1.0f);
    CHECK(text_scale(2400, 3000, 1, 0) == 1.5f);
    // A monitor that asks for double-size text gets it, at any window size.
    CHECK(text_scale(1280, 720, 2, 0) == 2.0f);
    CHECK(text_scale(1280, 720, 0, 0) == 1.0f);  // a platform that does not say
    // A few pixels of resizing keep the scale (no atlas rebuilt each frame).
    CHECK(text_scale(2561, 1441, 1, 0) == text_scale(2560, 1440, 1, 0));
    // Each step is an eighth of the automatic size, within the bounds.
    CHECK(text_scale(1600, 1000, 1, 2) == 1.25f);
    CHECK(text_scale(1600, 1000, 1, -2) == 0.75f);
    CHECK(text_scale(1600, 1000, 1, -50) == text_scale(1600, 1000, 1, kMinTextStep));
    CHECK(text_scale(1600, 1000, 1, 50) == text_scale(1600, 1000, 1, kMaxTextStep));
    CHECK(text_scale(1600, 1000, 1, kMinTextStep) > 0.5f);
}

TEST_CASE("rules the win-chance table cannot describe say why instead of a graph",
          "[viewer][winchance]") {
    TempDir dir;
    Model m;
    REQUIRE(m.open(sample_under(dir.path, "classic hand_limit=10")));
    m.select_game(0);
    m.request_win_chance();
    CHECK(m.win_chance().status == WinChanceView::Status::Refused);
    CHECK(m.win_chance().reason.find("hand") != std::string::npos);
    CHECK(m.win_chance().hands.empty());
    // A table turned off (hands = 0) says so too, rather than computing forever.
    Model off;
    analyzer::WinChanceOptions none;
    none.hands = 0;
    off.set_win_chance_options(none);
    REQUIRE(off.open(sample_under(dir.path, "classic target=200")));
    off.select_game(0);
    off.request_win_chance();
    CHECK(off.win_chance().status == WinChanceView::Status::Refused);
    CHECK(off.win_chance().reason.find("turned off") != std::string::npos);
}

TEST_CASE("the hand's result shows at its last card, under every rule set compared", "[viewer]") {
    Model m;
    REQUIRE(m.open(kGames / "classic.spades"));
    m.select_game(0);
    m.set_compare_rules({"classic", "paperless"});
    m.select_hand(1);
    m.move_to(m.recorded_cards() - 1);
    CHECK_FALSE(m.hand_result());  // a card still to play
    m.to_end();
    const std::optional<HandResult> r = m.hand_result();
    REQUIRE(r);
    // The played rules' score of the hand, side by side with Paperless's.
    const ScoredGame classic = score_game(*m.game(), m.game()->rules);
    const HandScore& hs = classic.hands[1].score;
    REQUIRE(r->runs.size() == 2);
    for (int t = 0; t < 2; ++t) {
        const Team team = t == 0 ? Team::NS : Team::EW;
        CHECK(r->sides[t].bid == hs[team].bid);
        CHECK(r->sides[t].tricks == hs[team].tricks);
        CHECK(r->sides[t].bags == hs[team].bags_added);
        CHECK(r->runs[0].delta[t] == hs[team].delta);
        CHECK(r->runs[0].after[t] == classic.hands[1].after[t].score);
    }
    CHECK(r->sides[0].tricks + r->sides[1].tricks == 13);
    CHECK(r->runs[0].scored);
    CHECK(r->runs[1].label == "paperless");
    CHECK(r->runs[1].scored);
    const ScoredGame paperless = score_game(*m.game(), formats::load_rules("paperless"));
    CHECK(r->runs[1].delta[0] == paperless.hands[1].score[Team::NS].delta);
    // Hand 5: South bid nil; the nil's fate is part of the result.
    m.select_hand(4);
    m.to_end();
    const std::optional<HandResult> nil = m.hand_result();
    REQUIRE(nil);
    REQUIRE(nil->sides[0].nils.size() == 1);
    CHECK(nil->sides[0].nils[0].find("nil") != std::string::npos);
    CHECK(nil->sides[1].nils.empty());
    // Back one card: no result.
    m.step(-1);
    CHECK_FALSE(m.hand_result());
}

TEST_CASE("counts and losses read right: 1 game, no -0 parts", "[viewer]") {
    CHECK(count_of(1, "game") == "1 game");
    CHECK(count_of(0, "game") == "0 games");
    CHECK(count_of(5, "game") == "5 games");
    CHECK(count_of(2, "match", "matches") == "2 matches");
    CHECK(loss_text(2, 0) == "-2 pts");
    CHECK(loss_text(61, 1) == "-61 pts, -1 tr");
    CHECK(loss_text(0, 1) == "-1 tr");
    // One point is "pt", as the other counts of the project are singular for one.
    CHECK(loss_text(1, 1) == "-1 pt, -1 tr");
    CHECK(loss_text(1, 0) == "-1 pt");
    // The cards named before "or N more": never "or 1 more", the last card is named instead.
    CHECK(cards_named(2) == 2);
    CHECK(cards_named(3) == 3);
    CHECK(cards_named(4) == 4);
    CHECK(cards_named(5) == 3);
    CHECK(cards_named(9) == 3);
    CHECK(loss_text(0, 0) == "no loss");
    CHECK(loss_text(10, 0, 0.123) == "-12% win, -10 pts");
    CHECK(loss_text(10, 0, 0.004) == "-10 pts");  // rounds to 0%: left out
    // The replay bar's word on a flagged card: the article and the count the words ask for.
    analyzer::CardReview c;
    c.played = parse_card("4C");
    c.seat = Seat::West;
    c.flag = analyzer::FlagClass::Inaccuracy;
    c.best_score = 1;
    c.played_score = 0;
    CHECK(next_card_note(c) == "next card 4♣ by W is an inaccuracy (it cost 1 point)");
    c.flag = analyzer::FlagClass::Blunder;
    c.best_score = 61;
    CHECK(next_card_note(c) == "next card 4♣ by W is a blunder (it cost 61 points)");
}

TEST_CASE("reviews stored under other settings are shown, the best first, and can be picked",
          "[viewer]") {
    TempDir dir;
    const fs::path db = dir.path / "library.sqlite";
    // Hand 2's bids reviewed twice, as `analyze --only bids --samples 6` and `--samples 4`
    // store them: neither under the viewer's own settings (64 layouts, bids and play).
    formats::GameId id = 0;
    for (int samples : {4, 6}) {
        formats::Library lib(db);
        if (samples == 4) lib.import_file(kGames / "classic.spades");
        id = lib.list_games().front().id;
        const RecordedGame game = lib.load_game(id);
        analyzer::ReviewSettings s;
        s.samples = samples;
        s.parts = analyzer::ReviewParts::Bids;
        analyzer::ReviewStore(lib).store_review(
            analyzer::to_stored_review(id, analyzer::review_game(game, s, 1), game));
    }
    Model m(db);
    m.select_game(0);
    REQUIRE(m.stored_reviews().size() == 2);
    REQUIRE(m.review());
    // The best shown: the most layouts; said with its settings, not the viewer's own.
    const int shown = m.stored_review_shown();
    REQUIRE(shown >= 0);
    CHECK(m.stored_reviews()[shown].settings.samples == 6);
    CHECK(m.stored_reviews()[shown].label == "6 layouts, bids only, graded by points");
    CHECK_FALSE(m.stored_reviews()[shown].own);
    CHECK_FALSE(m.review_is_own());
    m.select_hand(1);
    REQUIRE(m.hand_review());
    CHECK(m.hand_review()->bidding.bids.front().samples <= 6);
    // The other one picked: its layouts now.
    const int other = 1 - shown;
    m.show_stored_review(other);
    CHECK(m.stored_review_shown() == other);
    REQUIRE(m.hand_review());
    CHECK(m.hand_review()->bidding.bids.front().samples <= 4);
    CHECK(m.review()->parts == analyzer::ReviewParts::Bids);
    // The settings in words.
    CHECK(describe_review_settings(analyzer::ReviewSettings{}) ==
          "64 layouts, bids and play, graded by points");
}

// The game list marks a score sheet as `spadework list` does, "(score sheet)", and only it.
TEST_CASE("the game list marks score-sheet games", "[viewer][sheet]") {
    Model m;
    REQUIRE(m.open(fs::path(SPADEWORK_SAMPLES) / "sheets" / "club-night.csv"));
    REQUIRE(m.open(kGames / "classic.spades"));
    REQUIRE(m.games().size() == 2);
    int sheets = 0;
    for (const GameRow& g : m.games()) {
        INFO(g.label);
        if (g.score_sheet) {
            ++sheets;
            CHECK(g.list_label() == g.label + " (score sheet)");
        } else {
            CHECK(g.list_label() == g.label);
        }
    }
    CHECK(sheets == 1);
}
