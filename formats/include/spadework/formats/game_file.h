// Game files of every kind. What a kind is (its extensions, how it is read whole or game by
// game, written, sniffed for a rule set, and named in messages) is one row of
// game_formats(); every reader, writer and command asks that table. A new format is a
// FileKind and its row in game_file.cpp.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "spadework/engine/record.h"
#include "spadework/engine/rules.h"

namespace spadework::formats {

// The rows of game_formats(), in its order.
enum class FileKind { TextLog, Pb, TextProto, Json, SheetCsv, OpenSpiel, Ptn };

// What a file of a game format holds, told from its first bytes: a folder of games may hold
// rule sets (a RuleSet .textproto) beside them.
enum class FileContent { Games, RuleSet };

using TakeGame = std::function<void(RecordedGame&&)>;

// One format of game file.
struct GameFormat {
    FileKind kind;
    std::string_view name;                     // in messages: "text log", "protobuf binary"
    std::vector<std::string_view> extensions;  // lower case, the dot included; [0] is written
    std::vector<RecordedGame> (*parse)(std::string_view content, std::string_view file);
    std::string (*format)(const std::vector<RecordedGame>& games);
    // Reads a file game by game from the disk; null: the content is parsed whole.
    void (*each_game)(const std::filesystem::path& path, const TakeGame& take) = nullptr;
    // What a file holds, from its first 4 KiB; null: always games.
    FileContent (*sniff)(std::string_view head) = nullptr;
    // What a file of the format holds: any games, one score sheet (a spreadsheet's CSV), or
    // full records of hands dealt from 52 cards and bid with nil and trick bids, no pass,
    // exchange, blind bid, claim or note (the apps' formats); a writer refuses anything else.
    enum class Holds { Games, OneScoreSheet, DealtHands };
    Holds holds = Holds::Games;
    // Whether a file of the format that does not read as games reads as a rule set (then it
    // is one, given where games go); null: the format holds no rule sets.
    bool (*reads_as_rules)(std::string_view content, std::string_view file) = nullptr;
    // Whether a file's first 4 KiB are of this format, for a file named by itself (not found
    // in a folder) whose extension names no format; null: known by extension only.
    bool (*claims)(std::string_view head) = nullptr;
};

// Every format, one row per FileKind in its order.
const std::vector<GameFormat>& game_formats();
const GameFormat& game_format(FileKind kind);
// The format a path's extension names (case does not matter), or null.
const GameFormat* format_of(const std::filesystem::path& path);
// The extensions for a message: ".spades, .pb, .textproto or .json" (first of each row).
std::string extension_list();
// Each format for a help text: ".spades (text log), .pb (protobuf binary), ...".
std::string format_list();
// What the file holds, by its format's sniffer (Games when it has none or is no game format).
FileContent sniff_file(const std::filesystem::path& path);

// The kind a path's extension names, or nothing.
std::optional<FileKind> file_kind(const std::filesystem::path& path);
std::string_view extension_of(FileKind kind);  // ".spades", ...

// Reads and checks every game of a file. Throws FormatError (file:line:col, or the file and
// the game/hand for .pb) for a file that cannot be read, an unknown extension, a syntax
// error or an illegal record.
std::vector<RecordedGame> read_game_file(const std::filesystem::path& path);

// Reads the games of a file one at a time, handing each to `take` as soon as it is read and
// checked: a .pb stream game by game from the disk, so a stream of any size reads in the
// memory of one game; a text log's games as each ends; a .textproto or .json whole. Throws
// as read_game_file does; games handed over before a fault stay handed over (an importer
// rolls them back).
void for_each_game(const std::filesystem::path& path, const TakeGame& take);

// What a whole-file read holds at most: past these, read_file and read_game_file refuse the
// file with an error that says so, rather than run out of memory. for_each_game has no limit
// on the games of a .pb stream or a text log.
inline constexpr std::uintmax_t kMaxFileBytes = std::uintmax_t{1} << 30;  // 1 GiB
inline constexpr std::size_t kMaxGamesAtOnce = 100000;
std::vector<RecordedGame> parse_games(FileKind kind, std::string_view content,
                                      std::string_view file);
std::string format_games(FileKind kind, const std::vector<RecordedGame>& games);

// Writes a file whole or not at all: to a temporary file beside it, then renamed over it.
// Throws FormatError naming the file when it cannot be written.
void write_file(const std::filesystem::path& path, std::string_view content);
// The games in the form the extension names, written as write_file writes.
void write_game_file(const std::filesystem::path& path, const std::vector<RecordedGame>& games);

// The game files under a directory (recursively, by extension, sorted), or the path itself.
// Rule set .textproto files (their header names the RuleSet message) found in a directory are
// left out, and so is any file whose first 4 KiB `other` accepts: files that another layer
// writes in a game format but that hold no game record of a player's (the analyzer's lessons).
using OtherFile = bool (*)(std::string_view head);
std::vector<std::filesystem::path> game_files(const std::filesystem::path& path,
                                              OtherFile other = nullptr);

// A rule set given on a command line: a preset name, or a path to a RuleSet .textproto.
RuleSet load_rules(std::string_view name_or_path);

// A file's content; throws FormatError when it cannot be read.
std::string read_file(const std::filesystem::path& path);

}  // namespace spadework::formats
