#include "spadework/formats/game_file.h"

#include <unistd.h>
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include "spadework/formats/error.h"
#include "spadework/formats/openspiel.h"
#include "spadework/formats/proto_io.h"
#include "spadework/formats/ptn.h"
#include "spadework/formats/sheet_csv.h"
#include "spadework/formats/text_log.h"

namespace spadework::formats {
namespace fs = std::filesystem;

namespace {

std::string lower(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

// A file opened for reading; FormatError when it is a folder or cannot be opened.
std::ifstream open_input(const fs::path& path) {
    std::error_code ec;
    if (fs::is_directory(path, ec)) throw FormatError(path.string(), 0, 0, "is a directory");
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        throw FormatError(path.string(), 0, 0,
                          std::string("cannot open the file: ") + std::strerror(errno));
    }
    return in;
}

}  // namespace

std::string read_file(const fs::path& path) {
    std::ifstream in = open_input(path);
    std::error_code ec;
    std::uintmax_t size = fs::file_size(path, ec);
    if (!ec && size > kMaxFileBytes) {
        throw FormatError(path.string(), 0, 0,
                          "too large to read whole: " + std::to_string(size) +
                              " bytes (1 GiB at most; a .pb stream of any size imports game "
                              "by game)");
    }
    std::ostringstream content;
    content << in.rdbuf();
    if (in.bad()) throw FormatError(path.string(), 0, 0, "cannot read the file");
    return std::move(content).str();
}

namespace {

void each_pb_game(const fs::path& path, const TakeGame& take) {
    std::ifstream in = open_input(path);
    for_each_pb_game(in, path.string(), take);
}

void each_text_log_game(const fs::path& path, const TakeGame& take) {
    for_each_text_log_game(read_file(path), path.string(), take);
}

// A rule set's header names the RuleSet message, as write_rules_textproto writes it.
FileContent sniff_textproto(std::string_view head) {
    return head.find("# proto-message: spadework.v1.RuleSet\n") != std::string_view::npos
               ? FileContent::RuleSet
               : FileContent::Games;
}

// A RuleSet message in protobuf text. Only a text that does not read is "no": a bug met on
// the way (an InternalError) is not taken for an answer.
bool textproto_holds_rules(std::string_view content, std::string_view file) {
    try {
        read_rules_textproto(content, file);
        return true;
    } catch (const Error&) {
        return false;
    }
}

}  // namespace

const std::vector<GameFormat>& game_formats() {
    static const std::vector<GameFormat> table = {
        {FileKind::TextLog,
         "text log",
         {".spades"},
         read_text_log,
         write_text_log,
         each_text_log_game},
        {FileKind::Pb, "protobuf binary", {".pb"}, read_pb, write_pb, each_pb_game},
        {FileKind::TextProto,
         "protobuf text",
         {".textproto", ".txtpb"},
         read_textproto,
         write_textproto,
         nullptr,
         sniff_textproto,
         GameFormat::Holds::Games,
         textproto_holds_rules},
        {FileKind::Json, "protobuf JSON", {".json"}, read_json, write_json},
        {FileKind::SheetCsv,
         "score sheet",
         {".csv"},
         read_sheet_csv,
         write_sheet_csv,
         nullptr,
         nullptr,
         GameFormat::Holds::OneScoreSheet},
        {FileKind::OpenSpiel,
         "OpenSpiel actions",
         {".openspiel"},
         read_openspiel,
         write_openspiel,
         nullptr,
         nullptr,
         GameFormat::Holds::DealtHands,
         nullptr,
         looks_like_openspiel},
        {FileKind::Ptn,
         "Trickster Cards PTN",
         {".ptn"},
         read_ptn,
         write_ptn,
         nullptr,
         nullptr,
         GameFormat::Holds::DealtHands,
         nullptr,
         looks_like_ptn},
    };
    return table;
}

const GameFormat& game_format(FileKind kind) {
    // The rows are in FileKind's order (a test holds the table to it).
    return game_formats().at(static_cast<std::size_t>(kind));
}

const GameFormat* format_of(const fs::path& path) {
    std::string ext = lower(path.extension().string());
    for (const GameFormat& format : game_formats()) {
        for (std::string_view e : format.extensions) {
            if (e == ext) return &format;
        }
    }
    return nullptr;
}

std::string extension_list() {
    const auto& table = game_formats();
    std::string out;
    for (std::size_t i = 0; i < table.size(); ++i) {
        if (i > 0) out += i + 1 == table.size() ? " or " : ", ";
        out += table[i].extensions.front();
    }
    return out;
}

std::string format_list() {
    std::string out;
    for (const GameFormat& format : game_formats()) {
        if (!out.empty()) out += ", ";
        out += std::string(format.extensions.front()) + " (" + std::string(format.name) + ")";
    }
    return out;
}

std::optional<FileKind> file_kind(const fs::path& path) {
    const GameFormat* format = format_of(path);
    if (!format) return std::nullopt;
    return format->kind;
}

std::string_view extension_of(FileKind kind) {
    return game_format(kind).extensions.front();
}

std::vector<RecordedGame> parse_games(FileKind kind, std::string_view content,
                                      std::string_view file) {
    return game_format(kind).parse(content, file);
}

namespace {

// The formats that hold every record (Holds::Games), from the table: ".spades, .pb, .textproto
// or .json".
std::string whole_record_extensions() {
    std::vector<std::string_view> exts;
    for (const GameFormat& format : game_formats()) {
        if (format.holds == GameFormat::Holds::Games) exts.push_back(format.extensions.front());
    }
    std::string out;
    for (std::size_t i = 0; i < exts.size(); ++i) {
        if (i > 0) out += i + 1 == exts.size() ? " or " : ", ";
        out += exts[i];
    }
    return out;
}

// A format's text of the games; what it cannot hold said with where the game can go instead.
std::string formatted(const GameFormat& format, const std::vector<RecordedGame>& games) {
    try {
        return format.format(games);
    } catch (const CannotHold& e) {
        throw Error(std::string(e.what()) + ": write the game to " + whole_record_extensions());
    }
}

}  // namespace

std::string format_games(FileKind kind, const std::vector<RecordedGame>& games) {
    return formatted(game_format(kind), games);
}

namespace {

[[noreturn]] void unknown_kind(const fs::path& path, std::string_view or_else) {
    throw FormatError(path.string(), 0, 0,
                      "unknown kind of game file '" + path.extension().string() + "': expected " +
                          extension_list() + std::string(or_else));
}

// The format a file is written in: by its extension.
const GameFormat& format_or_throw(const fs::path& path) {
    if (const GameFormat* format = format_of(path)) return *format;
    unknown_kind(path, "");
}

// The format a file is read in: by its extension, or else by its first bytes (format.claims):
// OpenSpiel's playthrough .txt and the app's .pbn exports.
const GameFormat& format_to_read(const fs::path& path) {
    if (const GameFormat* format = format_of(path)) return *format;
    std::ifstream in(path, std::ios::binary);
    std::string head(4096, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(in.gcount()));
    for (const GameFormat& format : game_formats()) {
        if (format.claims && format.claims(head)) return format;
    }
    unknown_kind(path, ", or a record of OpenSpiel's or the Trickster Cards app's");
}

}  // namespace

std::vector<RecordedGame> read_game_file(const fs::path& path) {
    std::vector<RecordedGame> games;
    for_each_game(path, [&](RecordedGame&& game) {
        if (games.size() == kMaxGamesAtOnce) {
            throw FormatError(path.string(), 0, 0,
                              "more than " + std::to_string(kMaxGamesAtOnce) +
                                  " games, too many to hold at once (import the file: it is "
                                  "read game by game)");
        }
        games.push_back(std::move(game));
    });
    return games;
}

namespace {

// Whether a text format file that does not read as games reads as a rule set: then it is one,
// given where a game file goes, which its parser alone would say as a field it does not know.
bool reads_as_rules(const GameFormat& format, const fs::path& path) {
    if (format.reads_as_rules == nullptr) return false;
    try {
        return format.reads_as_rules(read_file(path), path.string());
    } catch (const FormatError&) {
        return false;  // a file that cannot be read again
    }
}

FormatError rule_set_not_games(const fs::path& path) {
    return FormatError(path.string(), 0, 0,
                       "holds a rule set (a RuleSet message), not games: give it to --rules");
}

}  // namespace

void for_each_game(const fs::path& path, const TakeGame& take) {
    const GameFormat& format = format_to_read(path);
    // A rule set's text fails to read as games, header comment or not: only then is it asked
    // whether it reads as a rule set (no second read of a file that reads).
    try {
        if (format.each_game) {
            format.each_game(path, take);
            return;
        }
        for (RecordedGame& game : format.parse(read_file(path), path.string())) {
            take(std::move(game));
        }
    } catch (const FormatError&) {
        if (reads_as_rules(format, path)) throw rule_set_not_games(path);
        throw;
    }
}

void write_file(const fs::path& path, std::string_view content) {
    // Write beside the target and rename over it, so a reader never sees half a file and a
    // failure leaves the old file as it was.
    fs::path temp = path;
    temp += ".tmp-" + std::to_string(::getpid());
    {
        std::ofstream out(temp, std::ios::binary | std::ios::trunc);
        if (!out) {
            const int error = errno;
            // The two a user most often meets, said in their words.
            std::error_code ec;
            const fs::path folder = path.parent_path().empty() ? "." : path.parent_path();
            if (!fs::is_directory(folder, ec)) {
                throw FormatError(path.string(), 0, 0,
                                  "cannot write the file: there is no folder " + folder.string());
            }
            if (fs::is_directory(path, ec)) {
                throw FormatError(path.string(), 0, 0, "cannot write the file: it is a folder");
            }
            throw FormatError(path.string(), 0, 0,
                              std::string("cannot write the file: ") + std::strerror(error));
        }
        out.write(content.data(), static_cast<std::streamsize>(content.size()));
        out.flush();
        if (!out) {
            out.close();
            std::remove(temp.c_str());
            throw FormatError(path.string(), 0, 0, "cannot write the file (disk full?)");
        }
    }
    std::error_code ec;
    fs::rename(temp, path, ec);
    if (ec) {
        std::remove(temp.c_str());
        std::error_code is_dir;
        throw FormatError(path.string(), 0, 0,
                          fs::is_directory(path, is_dir)
                              ? "cannot write the file: it is a folder"
                              : "cannot write the file: " + ec.message());
    }
}

void write_game_file(const fs::path& path, const std::vector<RecordedGame>& games) {
    std::string content;
    try {
        content = formatted(format_or_throw(path), games);
    } catch (const FormatError&) {
        throw;
    } catch (const Error& e) {
        // What the format cannot hold ("game 1: OpenSpiel has no action for ..."), said of the
        // file being written.
        throw FormatError(path.string(), 0, 0, e.what());
    }
    write_file(path, content);
}

namespace {

// A file's first 4 KiB (fewer for a shorter file).
std::string file_head(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::string head(4096, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(in.gcount()));
    return head;
}

}  // namespace

FileContent sniff_file(const fs::path& path) {
    const GameFormat* format = format_of(path);
    if (!format || !format->sniff) return FileContent::Games;
    return format->sniff(file_head(path));
}

std::vector<fs::path> game_files(const fs::path& path, OtherFile other) {
    std::error_code ec;
    if (!fs::is_directory(path, ec)) {
        if (!fs::exists(path, ec)) throw FormatError(path.string(), 0, 0, "no such file");
        return {path};
    }
    std::vector<fs::path> found;
    for (auto it = fs::recursive_directory_iterator(path, ec); !ec && it != fs::end(it);
         it.increment(ec)) {
        if (it->is_regular_file(ec) && format_of(it->path()) &&
            sniff_file(it->path()) == FileContent::Games &&
            !(other && other(file_head(it->path())))) {
            found.push_back(it->path());
        }
    }
    if (ec) throw FormatError(path.string(), 0, 0, "cannot list the folder: " + ec.message());
    std::sort(found.begin(), found.end());
    return found;
}

RuleSet load_rules(std::string_view name_or_path) {
    for (const PresetInfo& info : presets()) {
        if (info.name == name_or_path) return preset(name_or_path);
    }
    fs::path path{std::string(name_or_path)};
    std::error_code ec;
    const GameFormat* format = format_of(path);
    if (format && format->kind != FileKind::TextProto && fs::exists(path, ec)) {
        throw RuleError(path.string() + " is a game file (" + std::string(format->name) +
                        "), not a rule set: a rule set is a RuleSet .textproto file (as in "
                        "samples/rules/)");
    }
    if (lower(path.extension().string()) == ".textproto" || fs::exists(path, ec)) {
        return read_rules_textproto(read_file(path), path.string());
    }
    std::string names;
    for (const PresetInfo& info : presets()) {
        names += (names.empty() ? "" : ", ") + std::string(info.name);
    }
    throw RuleError("no rule set '" + std::string(name_or_path) + "': give a preset (" + names +
                    ") or a RuleSet .textproto file");
}

}  // namespace spadework::formats
