// Game files chosen by extension, whole-or-nothing writes, folders of files, and rule sets
// given as a preset name or a RuleSet .textproto.
#include <unistd.h>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "spadework/formats/error.h"
#include "spadework/formats/game_file.h"
#include "spadework/formats/openspiel.h"
#include "spadework/formats/proto_io.h"
#include "spadework/formats/ptn.h"
#include "support/sheet_games.h"
#include "support/test_games.h"

using namespace spadework;
using namespace spadework::formats;
namespace fs = std::filesystem;

namespace {

struct TempDir {
    fs::path path;
    TempDir() {
        path = fs::temp_directory_path() / ("spadework-files-" + std::to_string(::getpid()) + "-" +
                                            std::to_string(reinterpret_cast<std::uintptr_t>(this)));
        fs::create_directories(path);
    }
    ~TempDir() { fs::remove_all(path); }
};

void write(const fs::path& p, const std::string& text) {
    std::ofstream(p, std::ios::binary) << text;
}

std::vector<RecordedGame> sample_games() {
    return {testing::first_legal_game(preset("classic"), 3, 40),
            testing::first_legal_game(preset("paperless"), 2, 50)};
}

// The games a format is tested with: full records and a score sheet, or the one score sheet
// a format of one sheet holds.
std::vector<RecordedGame> games_for(const GameFormat& format) {
    if (format.holds == GameFormat::Holds::OneScoreSheet) return {testing::sheet_game()};
    // The apps' formats: hands dealt from 52 cards and bid with trick bids, several a game.
    if (format.holds == GameFormat::Holds::DealtHands) {
        return {testing::openspiel_legal_game(3, 40)};
    }
    std::vector<RecordedGame> games = sample_games();
    games.push_back(testing::sheet_game());
    return games;
}

}  // namespace

TEST_CASE("The kind of a game file follows its extension", "[files]") {
    CHECK(file_kind("a/b.spades") == FileKind::TextLog);
    CHECK(file_kind("b.PB") == FileKind::Pb);
    CHECK(file_kind("b.textproto") == FileKind::TextProto);
    CHECK(file_kind("b.json") == FileKind::Json);
    CHECK(file_kind("Sheet.CSV") == FileKind::SheetCsv);
    CHECK_FALSE(file_kind("b.txt"));
    CHECK(extension_of(FileKind::TextLog) == ".spades");
}

TEST_CASE("A file named by itself whose extension names no format is known by its content",
          "[files][format-table]") {
    TempDir dir;
    const RecordedGame game = testing::openspiel_legal_game(2, 21);
    // OpenSpiel's playthrough as .txt, the app's export as .pbn: read as if named so.
    std::ofstream(dir.path / "playthrough.txt") << write_openspiel({game});
    std::ofstream(dir.path / "export.pbn") << write_ptn({game});
    CHECK(read_game_file(dir.path / "playthrough.txt") == std::vector<RecordedGame>{game});
    CHECK(read_game_file(dir.path / "export.pbn") == std::vector<RecordedGame>{game});
    // Anything else is no game file, said with what is read.
    std::ofstream(dir.path / "notes.txt") << "hello\n";
    CHECK_THROWS_WITH(
        read_game_file(dir.path / "notes.txt"),
        Catch::Contains("unknown kind of game file '.txt'") &&
            Catch::Contains("or a record of OpenSpiel's or the Trickster Cards app's"));
    // A folder's files are found by extension only: a .txt beside them is not read.
    CHECK(game_files(dir.path).empty());
}

TEST_CASE("The format table has one row per kind, in order, each read back as written",
          "[files][format-table]") {
    TempDir dir;
    const auto& table = game_formats();
    REQUIRE_FALSE(table.empty());
    for (std::size_t i = 0; i < table.size(); ++i) {
        const GameFormat& format = table[i];
        INFO(format.name);
        const std::vector<RecordedGame> games = games_for(format);
        // A format of one score sheet refuses what it cannot hold, rather than drop it; through
        // the table, the refusal names the formats that hold a whole record, which the table
        // says (the rows that hold games).
        std::string whole;
        for (const GameFormat& f : table) {
            if (f.holds != GameFormat::Holds::Games) continue;
            whole += (whole.empty() ? "" : ", ") + std::string(f.extensions.front());
        }
        const std::size_t last = whole.rfind(", ");
        whole.replace(last, 2, " or ");
        CHECK(whole == ".spades, .pb, .textproto or .json");
        const std::string instead = ": write the game to " + whole;
        if (format.holds == GameFormat::Holds::OneScoreSheet) {
            const RecordedGame played = sample_games().front();  // card by card
            CHECK_THROWS_AS(format.format({played}), CannotHold);
            CHECK_THROWS_AS(format.format({games[0], games[0]}), Error);
            CHECK_THROWS_WITH(format_games(format.kind, {played}), Catch::EndsWith(instead));
        }
        // An app's format refuses a 48-card Paperless game (a pass, no 2S) and a score sheet.
        if (format.holds == GameFormat::Holds::DealtHands) {
            const RecordedGame paperless = testing::first_legal_game(preset("paperless"), 1, 7);
            CHECK_THROWS_AS(format.format({paperless}), CannotHold);
            CHECK_THROWS_AS(format.format({testing::sheet_game()}), CannotHold);
            CHECK_THROWS_WITH(format_games(format.kind, {paperless}), Catch::EndsWith(instead));
            CHECK_THROWS_WITH(write_game_file(dir.path / ("p" + std::string(format.extensions[0])),
                                              {testing::sheet_game()}),
                              Catch::EndsWith(instead));
        }
        CHECK(static_cast<std::size_t>(format.kind) == i);
        CHECK(&game_format(format.kind) == &format);
        REQUIRE_FALSE(format.extensions.empty());
        REQUIRE(format.parse);
        REQUIRE(format.format);
        CHECK(extension_list().find(format.extensions.front()) != std::string::npos);
        CHECK(format_list().find(std::string(format.extensions.front()) + " (" +
                                 std::string(format.name) + ")") != std::string::npos);
        for (std::string_view ext : format.extensions) {
            // Every extension, in any case, names this row; the file reads back the games.
            std::string upper(ext);
            for (char& c : upper)
                c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
            CHECK(format_of("x" + upper) == &format);
            fs::path file = dir.path / ("g" + std::string(ext));
            write_game_file(file, games);
            CHECK(read_game_file(file) == games);
            CHECK(format.parse(format.format(games), "mem") == games);
            std::vector<RecordedGame> streamed;
            for_each_game(file, [&](RecordedGame&& g) { streamed.push_back(std::move(g)); });
            CHECK(streamed == games);
            // Games written in any format sniff as games.
            CHECK(sniff_file(file) == FileContent::Games);
        }
    }
    CHECK(format_of("notes.txt") == nullptr);
}

TEST_CASE("Sniffing tells a rule set from games", "[files][format-table]") {
    const fs::path samples = SPADEWORK_SAMPLES;
    CHECK(sniff_file(samples / "rules" / "paperless.textproto") == FileContent::RuleSet);
    CHECK(sniff_file(samples / "games" / "paperless.spades") == FileContent::Games);
    CHECK(sniff_file(samples / "games" / "paperless.pb") == FileContent::Games);
    // A lesson is the analyzer's to tell (test_lesson_files.cpp): here it is a text log.
    CHECK(sniff_file(samples / "lessons" / "01-sure-tricks.spades") == FileContent::Games);
}

TEST_CASE("Every kind of file gives back the games written to it", "[files]") {
    TempDir dir;
    auto games = sample_games();
    for (const char* name : {"g.spades", "g.pb", "g.textproto", "g.json"}) {
        write_game_file(dir.path / name, games);
        CHECK(read_game_file(dir.path / name) == games);
    }
    // Converting through every kind in turn changes nothing.
    auto through = read_game_file(dir.path / "g.json");
    write_game_file(dir.path / "h.spades", through);
    write_game_file(dir.path / "h.pb", read_game_file(dir.path / "h.spades"));
    CHECK(read_game_file(dir.path / "h.pb") == games);
    // .pb -> .spades -> .pb is byte for byte the same.
    auto pb_bytes = read_file(dir.path / "g.pb");
    CHECK(read_file(dir.path / "h.pb") == pb_bytes);
}

TEST_CASE("An unknown extension or a missing file is an error naming the file", "[files]") {
    TempDir dir;
    write(dir.path / "notes.txt", "hello");
    try {
        read_game_file(dir.path / "notes.txt");
        FAIL("read a .txt file");
    } catch (const FormatError& e) {
        CHECK(std::string(e.what()) ==
              (dir.path / "notes.txt").string() +
                  ": unknown kind of game file '.txt': expected .spades, .pb, .textproto, .json, "
                  ".csv, .openspiel or .ptn, or a record of OpenSpiel's or the Trickster Cards "
                  "app's");
    }
    try {
        read_game_file(dir.path / "missing.spades");
        FAIL("read a missing file");
    } catch (const FormatError& e) {
        CHECK(std::string(e.what()) == (dir.path / "missing.spades").string() +
                                           ": cannot open the file: No such file or directory");
    }
}

TEST_CASE("A failed write leaves no file and no temporary behind", "[files]") {
    TempDir dir;
    fs::path target = dir.path / "no-such-folder" / "g.spades";
    CHECK_THROWS_AS(write_game_file(target, sample_games()), FormatError);
    CHECK_FALSE(fs::exists(dir.path / "no-such-folder"));

    // Over an existing file, the old content stays until the new one is whole.
    fs::path existing = dir.path / "g.pb";
    write_game_file(existing, sample_games());
    auto before = read_file(existing);
    write_game_file(existing, {sample_games()[0]});
    CHECK(read_file(existing) != before);
    CHECK(read_game_file(existing).size() == 1);
    for (auto& entry : fs::directory_iterator(dir.path)) {
        CHECK(entry.path().filename().string().find(".tmp-") == std::string::npos);
    }
}

TEST_CASE("A folder lists its game files recursively in order", "[files]") {
    TempDir dir;
    fs::create_directories(dir.path / "b");
    write(dir.path / "b" / "z.pb", "");
    write(dir.path / "a.spades", "");
    write(dir.path / "readme.md", "");
    // A rule set file beside the games is not one of them, nor a file another layer's test
    // claims (the analyzer's lessons).
    write(dir.path / "house.textproto", write_rules_textproto(preset("casual")));
    write(dir.path / "b" / "01-other.spades", "[Event \"Other\"]\n[Other \"x\"]\n");
    auto files = game_files(dir.path);
    REQUIRE(files.size() == 3);
    CHECK(files[1] == dir.path / "b" / "01-other.spades");
    files = game_files(dir.path, [](std::string_view head) {
        return head.find("[Other ") != std::string_view::npos;
    });
    REQUIRE(files.size() == 2);
    CHECK(files[0] == dir.path / "a.spades");
    CHECK(files[1] == dir.path / "b" / "z.pb");
    CHECK(game_files(dir.path / "a.spades") == std::vector<fs::path>{dir.path / "a.spades"});
    CHECK_THROWS_AS(game_files(dir.path / "nothing"), FormatError);
}

TEST_CASE("A rule set is a preset name or a RuleSet textproto file", "[files]") {
    TempDir dir;
    CHECK(load_rules("paperless") == preset("paperless"));
    fs::path file = dir.path / "house.textproto";
    write(file, "name: \"classic\"\nbag_limit: 5\ntarget: 300\n");
    RuleSet house = load_rules(file.string());
    RuleSet expected = make_rules("classic", {"bag_limit=5", "target=300"});
    CHECK(house == expected);
    try {
        load_rules("clasic");
        FAIL("an unknown preset was accepted");
    } catch (const RuleError& e) {
        CHECK(std::string(e.what()) ==
              "no rule set 'clasic': give a preset (classic, casual, computer, leaflet, "
              "paperless, openspiel) or a RuleSet .textproto file");
    }
}
