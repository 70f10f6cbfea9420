// The files in samples/: every sample game is legal, holds the same games in both forms,
// shows what it is there to show, and is exactly what make_samples writes today.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <set>

#include "spadework/formats/game_file.h"
#include "spadework/formats/proto_io.h"

using namespace spadework;
using namespace spadework::formats;
namespace fs = std::filesystem;

extern char** environ;

namespace {

const fs::path kSamples = SPADEWORK_SAMPLES;

std::set<ScoreItem::Kind> score_kinds(const RecordedGame& game) {
    std::set<ScoreItem::Kind> kinds;
    for (const HandRecord& hand : score_game(game, game.rules).hands) {
        for (const TeamHandScore& team : hand.score.teams) {
            for (const ScoreItem& item : team.items) kinds.insert(item.kind);
        }
    }
    return kinds;
}

}  // namespace

TEST_CASE("Each preset has a sample game in both forms with the same games", "[samples]") {
    for (const PresetInfo& info : presets()) {
        std::string name(info.name);
        INFO(name);
        auto text = read_game_file(kSamples / "games" / (name + ".spades"));
        auto pb = read_game_file(kSamples / "games" / (name + ".pb"));
        REQUIRE(text.size() == 1);
        CHECK(text == pb);
        CHECK(text[0].rules == preset(name));
        auto scored = score_game(text[0], text[0].rules);
        CHECK(scored.result.has_value());  // a complete game
        CHECK(scored.hands_unscored == 0);
    }
}

TEST_CASE("The samples show nils a blind nil a set a bag penalty and Paperless overtime",
          "[samples]") {
    using K = ScoreItem::Kind;
    auto classic = score_kinds(read_game_file(kSamples / "games" / "classic.spades")[0]);
    CHECK((classic.count(K::NilMade) + classic.count(K::NilFailed)) > 0);
    CHECK((classic.count(K::BlindNilMade) + classic.count(K::BlindNilFailed)) > 0);
    CHECK(classic.count(K::ContractSet) > 0);
    CHECK(classic.count(K::BagPenalty) > 0);
    auto computer = score_kinds(read_game_file(kSamples / "games" / "computer.spades")[0]);
    CHECK((computer.count(K::BlindNilMade) + computer.count(K::BlindNilFailed)) > 0);
    auto paperless = read_game_file(kSamples / "games" / "paperless.spades")[0];
    CHECK(score_kinds(paperless).count(K::ContractSet) > 0);
    CHECK(score_game(paperless, paperless.rules).result->overtime_sets > 0);
}

TEST_CASE("The score sheet sample is a whole classic game of bids and tricks", "[samples]") {
    const fs::path file = kSamples / "sheets" / "club-night.csv";
    std::vector<RecordedGame> games = read_game_file(file);
    REQUIRE(games.size() == 1);
    const RecordedGame& sheet = games[0];
    CHECK(sheet.score_sheet());
    CHECK(sheet.rules == preset("classic"));
    ScoredGame scored = score_game(sheet, sheet.rules);
    REQUIRE(scored.result.has_value());  // to the end of the game, and no further
    CHECK(scored.hands_unscored == 0);
    CHECK(scored.result->winner == Team::NS);
    using K = ScoreItem::Kind;
    std::set<ScoreItem::Kind> kinds;
    for (const HandRecord& hand : scored.hands) {
        for (const TeamHandScore& team : hand.score.teams) {
            for (const ScoreItem& item : team.items) kinds.insert(item.kind);
        }
    }
    CHECK(kinds.count(K::NilMade) == 1);
    CHECK(kinds.count(K::NilFailed) == 1);
    CHECK(kinds.count(K::BlindNilFailed) == 1);
    CHECK(kinds.count(K::ContractSet) == 1);
    // Some hands give only the partnerships' tricks.
    CHECK(std::any_of(sheet.hands.begin(), sheet.hands.end(),
                      [](const RecordedHand& h) { return h.sheet.teams[0].has_value(); }));
    // It is in canonical form: written again, the same bytes.
    CHECK(format_games(FileKind::SheetCsv, games) == read_file(file));
}

TEST_CASE("Every preset is in samples/rules and reads back equal", "[samples]") {
    for (const PresetInfo& info : presets()) {
        std::string name(info.name);
        INFO(name);
        fs::path file = kSamples / "rules" / (name + ".textproto");
        CHECK(load_rules(file.string()) == preset(name));
        CHECK(read_file(file) == write_rules_textproto(preset(name)));
    }
}

TEST_CASE("make_samples writes exactly the files in samples", "[samples]") {
    fs::path out = fs::temp_directory_path() / ("spadework-samples-" + std::to_string(::getpid()));
    fs::remove_all(out);
    std::string exe = SPADEWORK_MAKE_SAMPLES;
    std::string dir = out.string();
    char* argv[] = {exe.data(), dir.data(), nullptr};
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    pid_t pid = 0;
    REQUIRE(posix_spawn(&pid, exe.c_str(), &actions, nullptr, argv, environ) == 0);
    posix_spawn_file_actions_destroy(&actions);
    int status = 0;
    waitpid(pid, &status, 0);
    REQUIRE(WIFEXITED(status));
    REQUIRE(WEXITSTATUS(status) == 0);
    for (const char* sub : {"games", "rules"}) {
        for (auto& entry : fs::directory_iterator(out / sub)) {
            fs::path checked_in = kSamples / sub / entry.path().filename();
            INFO(checked_in.string());
            REQUIRE(fs::exists(checked_in));
            CHECK(read_file(entry.path()) == read_file(checked_in));
        }
    }
    fs::remove_all(out);
}
