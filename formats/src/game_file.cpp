#include "spadework/formats/game_file.h"

#include <unistd.h>
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include "spadework/formats/error.h"
#include "spadework/formats/proto_io.h"
#include "spadework/formats/text_log.h"

namespace spadework::formats {
namespace fs = std::filesystem;

namespace {

std::string lower(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

}  // namespace

std::optional<FileKind> file_kind(const fs::path& path) {
    std::string ext = lower(path.extension().string());
    if (ext == ".spades") return FileKind::TextLog;
    if (ext == ".pb") return FileKind::Pb;
    if (ext == ".textproto" || ext == ".txtpb") return FileKind::TextProto;
    if (ext == ".json") return FileKind::Json;
    return std::nullopt;
}

std::string_view extension_of(FileKind kind) {
    switch (kind) {
        case FileKind::TextLog:
            return ".spades";
        case FileKind::Pb:
            return ".pb";
        case FileKind::TextProto:
            return ".textproto";
        case FileKind::Json:
            return ".json";
    }
    return "";
}

namespace {

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

std::vector<RecordedGame> parse_games(FileKind kind, std::string_view content,
                                      std::string_view file) {
    switch (kind) {
        case FileKind::TextLog:
            return read_text_log(content, file);
        case FileKind::Pb:
            return read_pb(content, file);
        case FileKind::TextProto:
            return read_textproto(content, file);
        case FileKind::Json:
            return read_json(content, file);
    }
    return {};
}

std::string format_games(FileKind kind, const std::vector<RecordedGame>& games) {
    switch (kind) {
        case FileKind::TextLog:
            return write_text_log(games);
        case FileKind::Pb:
            return write_pb(games);
        case FileKind::TextProto:
            return write_textproto(games);
        case FileKind::Json:
            return write_json(games);
    }
    return {};
}

namespace {

FileKind kind_or_throw(const fs::path& path) {
    if (auto kind = file_kind(path)) return *kind;
    throw FormatError(path.string(), 0, 0,
                      "unknown kind of game file '" + path.extension().string() +
                          "': expected .spades, .pb, .textproto or .json");
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

void for_each_game(const fs::path& path, const std::function<void(RecordedGame&&)>& take) {
    FileKind kind = kind_or_throw(path);
    if (kind == FileKind::Pb) {
        std::ifstream in = open_input(path);
        for_each_pb_game(in, path.string(), take);
        return;
    }
    std::string content = read_file(path);
    if (kind == FileKind::TextLog) {
        for_each_text_log_game(content, path.string(), take);
        return;
    }
    for (RecordedGame& game : parse_games(kind, content, path.string())) take(std::move(game));
}

void write_file(const fs::path& path, std::string_view content) {
    // Write beside the target and rename over it, so a reader never sees half a file and a
    // failure leaves the old file as it was.
    fs::path temp = path;
    temp += ".tmp-" + std::to_string(::getpid());
    {
        std::ofstream out(temp, std::ios::binary | std::ios::trunc);
        if (!out) {
            throw FormatError(path.string(), 0, 0,
                              std::string("cannot write the file: ") + std::strerror(errno));
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
        throw FormatError(path.string(), 0, 0, "cannot write the file: " + ec.message());
    }
}

void write_game_file(const fs::path& path, const std::vector<RecordedGame>& games) {
    write_file(path, format_games(kind_or_throw(path), games));
}

namespace {

// Files a folder of games may hold beside them (samples/ holds all three) that are not games:
// a rule set (a .textproto whose header names the RuleSet message, as write_rules_textproto
// writes it) and a lesson (a text log with a [Lesson] tag among its first game's tags, as
// samples/lessons/README.md describes). Only the start of the file is read.
bool is_not_games(const fs::path& path) {
    std::optional<FileKind> kind = file_kind(path);
    if (kind != FileKind::TextProto && kind != FileKind::TextLog) return false;
    std::ifstream in(path, std::ios::binary);
    std::string head(4096, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(in.gcount()));
    if (kind == FileKind::TextProto) {
        return head.find("# proto-message: spadework.v1.RuleSet\n") != std::string::npos;
    }
    std::size_t lesson = head.find("\n[Lesson \"");
    return lesson != std::string::npos && lesson < head.find("\n[Hand ");
}

}  // namespace

std::vector<fs::path> game_files(const fs::path& path) {
    std::error_code ec;
    if (!fs::is_directory(path, ec)) {
        if (!fs::exists(path, ec)) throw FormatError(path.string(), 0, 0, "no such file");
        return {path};
    }
    std::vector<fs::path> found;
    for (auto it = fs::recursive_directory_iterator(path, ec); !ec && it != fs::end(it);
         it.increment(ec)) {
        if (it->is_regular_file(ec) && file_kind(it->path()) && !is_not_games(it->path())) {
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
