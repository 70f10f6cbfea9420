#include "spadework/formats/proto_io.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/tokenizer.h>
#include <google/protobuf/io/zero_copy_stream_impl.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>
#include <google/protobuf/stubs/logging.h>
#include <google/protobuf/text_format.h>
#include <google/protobuf/unknown_field_set.h>
#include <google/protobuf/util/json_util.h>

#include <algorithm>
#include <cctype>
#include <climits>
#include <functional>
#include <istream>
#include <limits>
#include <optional>
#include <stdexcept>
#include <utility>

#include "field_places.h"
#include "json_errors.h"
#include "proto_convert.h"
#include "spadework/formats/error.h"
#include "text_encoding.h"

namespace spadework::formats {
namespace {

namespace pb = ::spadework::v1;
namespace gp = ::google::protobuf;
using field_places::FieldPlaces;
using field_places::offset_of;
using field_places::throw_at_offset;
using field_places::throw_at_steps;
using gp::TextFormat;
using proto_convert::ConvertError;
using proto_convert::game_from;
using proto_convert::game_read;
using proto_convert::game_to;
using proto_convert::Place;
using proto_convert::rules_from;
using proto_convert::rules_to;
using proto_convert::Step;
using proto_convert::words;

constexpr std::string_view kProtoFile = "formats/proto/spadework.proto";

// ---------------------------------------------------------------------------------------
// Text format. Errors point at the field that holds the bad value, found through the
// parser's ParseInfoTree (field_places.h).

// TextFormat's parser reports the first error with a 0-based line and a column in which a
// tab reaches the next multiple of 8; this keeps the first one.
class FirstError : public gp::io::ErrorCollector {
  public:
    void AddError(int line, gp::io::ColumnNumber column, const std::string& message) override {
        if (!message_) {
            line_ = line;
            column_ = column;
            message_ = message;
        }
    }
    int line() const { return line_; }
    int column() const { return column_; }
    const std::optional<std::string>& message() const { return message_; }

  private:
    int line_ = -1;
    int column_ = -1;
    std::optional<std::string> message_;
};

// TextFormat's messages that name a schema type ("Message type \"spadework.v1.Game\" has no
// field named \"x\"."), said in a player's words as the JSON reader says them
// (json_errors.cpp); the others name only fields and values, and are kept.
std::string plain_text_format_words(const std::string& message) {
    constexpr std::string_view kNewer = " (misspelt, or from a newer version of Spadework?)";
    if (message.rfind("Message type \"", 0) == 0) {
        if (message.find("\" has no field named \"") != std::string::npos) {
            return "unknown field '" + quoted_name(message, 1, '"') + "'" + std::string(kNewer);
        }
        constexpr std::string_view kNumber = "has no field with number ";
        if (std::size_t n = message.find(kNumber); n != std::string::npos) {
            std::string number = message.substr(n + kNumber.size());
            if (!number.empty() && number.back() == '.') number.pop_back();
            return "unknown field number " + number + std::string(kNewer);
        }
    }
    if (message.rfind("Extension \"", 0) == 0) {
        return "unknown field '[" + quoted_name(message, 0, '"') + "]'" + std::string(kNewer);
    }
    return message;
}

// Parses text into `out`, recording field locations in `tree`.
void parse_text(std::string_view text, std::string_view file, gp::Message& out,
                TextFormat::ParseInfoTree& tree) {
    FirstError errors;
    TextFormat::Parser parser;
    parser.RecordErrorsTo(&errors);
    parser.WriteLocationsTo(&tree);
    if (parser.ParseFromString(std::string(text), &out)) return;
    if (!errors.message()) throw FormatError(std::string(file), 0, 0, "not in text format");
    std::string message = *errors.message();
    // "Expected integer, got: " names no token when the text ended.
    if (message.size() >= 5 && message.compare(message.size() - 5, 5, "got: ") == 0) {
        message += "the end of the file";
    }
    std::size_t at = offset_of(text, errors.line(), errors.column());
    // Some errors are reported at the token after the one at fault; the message quotes it.
    for (std::string_view key : {"has no field named \"", "enumeration value of \"", "Value: \""}) {
        std::size_t quoted = message.find(key);
        if (quoted == std::string::npos) continue;
        quoted += key.size();
        std::string token = message.substr(quoted, message.find('"', quoted) - quoted);
        std::size_t found = token.empty() ? std::string_view::npos : text.rfind(token, at);
        if (found != std::string_view::npos) at = found;
        break;
    }
    throw_at_offset(text, file, at, plain_text_format_words(message));
}

// Where the first thing in a text format file is, past blank lines and # comments.
std::size_t skip_comments(std::string_view text) {
    std::size_t i = 0;
    while (i < text.size()) {
        if (std::isspace(static_cast<unsigned char>(text[i]))) {
            ++i;
        } else if (text[i] == '#') {
            i = text.find('\n', i);
            if (i == std::string_view::npos) return text.size();
        } else {
            break;
        }
    }
    return i;
}

bool holds_nothing(std::string_view text) {
    return skip_comments(text) == text.size();
}

// Throws the FormatError of a conversion fault in `message`, read from the text format with
// `tree`: at the field `prefix` then the fault's steps lead to, as deep as the text holds.
[[noreturn]] void throw_text_fault(std::string_view text, std::string_view file,
                                   const gp::Message& message,
                                   const TextFormat::ParseInfoTree& tree, std::vector<Step> prefix,
                                   const Place& place, const std::string& what) {
    FieldPlaces places = field_places::text_format_places(text, message, tree);
    std::size_t first = skip_comments(text);
    places.add("", {first, first});
    prefix.insert(prefix.end(), place.steps.begin(), place.steps.end());
    throw_at_steps(text, file, places, prefix, place.value_column, what);
}

// The first word of a text format file, which tells a GameList ("games") from a Game; empty
// when the file starts with something other than a word.
std::string first_word(std::string_view text) {
    std::size_t i = skip_comments(text);
    std::size_t end = i;
    while (end < text.size() &&
           (std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_')) {
        ++end;
    }
    return std::string(text.substr(i, end - i));
}

// Prints a small message on the line of its field: bids { seat: EAST tricks: 4 }.
class OneLinePrinter : public TextFormat::FastFieldValuePrinter {
  public:
    void PrintMessageStart(const gp::Message&, int, int, bool,
                           TextFormat::BaseTextGenerator* out) const override {
        out->PrintLiteral(" { ");
    }
    bool PrintMessageContent(const gp::Message& message, int, int, bool,
                             TextFormat::BaseTextGenerator* out) const override {
        TextFormat::Printer printer;
        printer.SetSingleLineMode(true);
        printer.SetUseUtf8StringEscaping(true);
        std::string text;
        printer.PrintToString(message, &text);
        out->PrintString(text);
        return true;
    }
    void PrintMessageEnd(const gp::Message&, int, int, bool,
                         TextFormat::BaseTextGenerator* out) const override {
        out->PrintLiteral("}\n");
    }
};

std::string print_text(const gp::Message& message) {
    TextFormat::Printer printer;
    printer.SetUseUtf8StringEscaping(true);
    auto one_line = [&](const gp::Descriptor* d, const char* field) {
        printer.RegisterFieldValuePrinter(d->FindFieldByName(field), new OneLinePrinter);
    };
    for (const char* field : {"players", "tags"}) one_line(pb::Game::descriptor(), field);
    for (const char* field : {"passes", "exchanges", "bids", "claim", "annotations"}) {
        one_line(pb::Hand::descriptor(), field);
    }
    std::string text = "# proto-file: " + std::string(kProtoFile) +
                       "\n# proto-message: " + message.GetDescriptor()->full_name() + "\n\n";
    std::string body;
    printer.PrintToString(message, &body);
    return text + body;
}

// ---------------------------------------------------------------------------------------
// Binary.

std::string serialize(const gp::Message& message) {
    std::string out;
    {
        gp::io::StringOutputStream stream(&out);
        gp::io::CodedOutputStream coded(&stream);
        coded.SetSerializationDeterministic(true);
        message.SerializeToCodedStream(&coded);
    }
    return out;
}

// A game message larger than this is refused before it is read: the largest real game is
// some kilobytes, and a damaged length must not make the reader allocate gigabytes.
constexpr std::int64_t kMaxGameBytes = std::int64_t{64} << 20;

RecordedGame convert(const pb::Game& message, int g, std::string_view file) {
    try {
        return game_read(message);
    } catch (const ConvertError& e) {
        throw FormatError(std::string(file), 0, 0, words(g, e.place()) + ": " + e.what());
    }
}

std::optional<std::string> wrong_wire_type(const gp::Message& message, const std::string& path);

// One bare Game message. Bytes of a stream read as one message leave fields it does not
// know, so a bare message with unknown fields is taken for a damaged stream.
bool parse_bare(std::string_view bytes, pb::Game& message) {
    gp::LogSilencer quiet;
    return bytes.size() <= static_cast<std::size_t>(kMaxGameBytes) &&
           message.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())) &&
           message.GetReflection()->GetUnknownFields(message).empty() &&
           !wrong_wire_type(message, "");
}

// A field the schema knows, met with another wire type, is taken by protobuf for an unknown
// field and dropped; the record would then read as if it had no such field. This names the
// first one, as "hands[2].bids[1]: field 2 (tricks) ...", or gives nothing. Unknown field
// numbers (from a newer schema) are left alone.
std::optional<std::string> wrong_wire_type(const gp::Message& message, const std::string& path) {
    const gp::Reflection* reflection = message.GetReflection();
    const gp::UnknownFieldSet& unknown = reflection->GetUnknownFields(message);
    const gp::Descriptor* d = message.GetDescriptor();
    for (int k = 0; k < unknown.field_count(); ++k) {
        if (const gp::FieldDescriptor* f = d->FindFieldByNumber(unknown.field(k).number())) {
            return (path.empty() ? "" : path + ": ") + "field " + std::to_string(f->number()) +
                   " (" + f->name() + ") of " + d->name() + " has the wrong wire type for a " +
                   f->type_name();
        }
    }
    std::vector<const gp::FieldDescriptor*> fields;
    reflection->ListFields(message, &fields);
    for (const gp::FieldDescriptor* f : fields) {
        if (f->cpp_type() != gp::FieldDescriptor::CPPTYPE_MESSAGE) continue;
        std::string at = (path.empty() ? "" : path + ".") + f->name();
        if (!f->is_repeated()) {
            if (auto found = wrong_wire_type(reflection->GetMessage(message, f), at)) return found;
            continue;
        }
        for (int i = 0; i < reflection->FieldSize(message, f); ++i) {
            auto found = wrong_wire_type(reflection->GetRepeatedMessage(message, f, i),
                                         at + "[" + std::to_string(i) + "]");
            if (found) return found;
        }
    }
    return std::nullopt;
}

// Reads a stream of length-delimited games from `raw` (`total` bytes long; -1 when not
// known) one at a time, handing each to `take`; says which game is damaged when it cannot.
// Game 1 is held back until game 2 reads: until then the file may be one bare Game, which
// `whole` gives the bytes of (nothing when they cannot be had). (Protobuf logs damaged
// strings to stderr; the error says all there is to say.)
void read_stream(gp::io::ZeroCopyInputStream& raw, std::int64_t total, std::string_view file,
                 const std::function<std::optional<std::string>()>& whole,
                 const std::function<void(RecordedGame&&)>& take) {
    gp::LogSilencer quiet;
    std::optional<pb::Game> held;
    int count = 0;
    std::int64_t pos = 0;
    std::optional<std::string> damage;
    while (!damage) {
        // A fresh CodedInputStream per game: its byte limit (2 GiB) is per stream, and each
        // one gives back what it read ahead when it goes.
        gp::io::CodedInputStream in(&raw);
        const void* ahead = nullptr;
        int ahead_size = 0;
        if (!in.GetDirectBufferPointer(&ahead, &ahead_size)) break;  // the end
        std::string where =
            "game " + std::to_string(count + 1) + " (at byte " + std::to_string(pos) + ")";
        std::uint32_t size = 0;
        if (!in.ReadVarint32(&size)) {
            damage = where + " is damaged: its length does not read";
            break;
        }
        pos += in.CurrentPosition();
        std::int64_t left = total < 0 ? std::numeric_limits<std::int64_t>::max() : total - pos;
        if (size > left) {
            damage = where + " is cut short: " + std::to_string(left) + " of its " +
                     std::to_string(size) + " bytes are there";
            break;
        }
        if (size > kMaxGameBytes) {
            damage = where + " is " + std::to_string(size) +
                     " bytes long, more than a game can be (64 MiB at most)";
            break;
        }
        pb::Game game;
        gp::io::CodedInputStream::Limit limit = in.PushLimit(static_cast<int>(size));
        if (!game.ParseFromCodedStream(&in) || !in.ConsumedEntireMessage() ||
            in.BytesUntilLimit() != 0) {
            damage = where + " is damaged: its " + std::to_string(size) +
                     " bytes are not a Game message";
            break;
        }
        in.PopLimit(limit);
        if (std::optional<std::string> wrong = wrong_wire_type(game, "")) {
            damage = where + " is damaged: " + *wrong;
            break;
        }
        pos += size;
        ++count;
        if (count == 1) {
            held = std::move(game);
            continue;
        }
        if (held) {
            take(convert(*held, 0, file));
            held.reset();
        }
        take(convert(game, count - 1, file));
    }
    if (damage) {
        pb::Game bare;
        std::optional<std::string> bytes;
        if (count <= 1 && (bytes = whole()) && parse_bare(*bytes, bare)) {
            take(convert(bare, 0, file));
            return;
        }
        throw FormatError(std::string(file), 0, 0, *damage);
    }
    if (held) take(convert(*held, 0, file));
}

}  // namespace

std::string encode_game(const RecordedGame& game) {
    return serialize(game_to(game));
}

RecordedGame decode_game(std::string_view bytes, std::string_view file) {
    pb::Game m;
    gp::LogSilencer quiet;
    if (bytes.size() > INT_MAX || !m.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) {
        throw FormatError(std::string(file), 0, 0, "not a Game message");
    }
    try {
        return game_from(m);
    } catch (const ConvertError& e) {
        throw FormatError(std::string(file), 0, 0, words(0, e.place()) + ": " + e.what());
    }
}

std::vector<RecordedGame> read_pb(std::string_view bytes, std::string_view file) {
    if (bytes.size() > INT_MAX) throw FormatError(std::string(file), 0, 0, "too large");
    std::vector<RecordedGame> games;
    gp::io::ArrayInputStream raw(bytes.data(), static_cast<int>(bytes.size()));
    read_stream(
        raw, static_cast<std::int64_t>(bytes.size()), file,
        [&]() -> std::optional<std::string> {
            if (bytes.size() > static_cast<std::size_t>(kMaxGameBytes)) return std::nullopt;
            return std::string(bytes);
        },
        [&](RecordedGame&& game) { games.push_back(std::move(game)); });
    return games;
}

void for_each_pb_game(std::istream& in, std::string_view file,
                      const std::function<void(RecordedGame&&)>& take) {
    // The size, when the stream can tell it, lets a cut-short game be named as such.
    std::int64_t total = -1;
    std::istream::pos_type start = in.tellg();
    if (start != std::istream::pos_type(-1) && in.seekg(0, std::ios::end)) {
        total = static_cast<std::int64_t>(in.tellg() - start);
        in.seekg(start);
    }
    in.clear();
    auto whole = [&]() -> std::optional<std::string> {
        if (total < 0 || total > kMaxGameBytes) return std::nullopt;
        in.clear();
        if (!in.seekg(start)) return std::nullopt;
        std::string bytes(static_cast<std::size_t>(total), '\0');
        if (!in.read(bytes.data(), total)) return std::nullopt;
        return bytes;
    };
    {
        gp::io::IstreamInputStream raw(&in);
        read_stream(raw, total, file, whole, take);
    }
    if (in.bad()) throw FormatError(std::string(file), 0, 0, "cannot read the file");
}

std::string write_pb(const std::vector<RecordedGame>& games) {
    std::string out;
    for (const RecordedGame& game : games) {
        std::string bytes = encode_game(game);
        gp::io::StringOutputStream stream(&out);
        gp::io::CodedOutputStream coded(&stream);
        coded.WriteVarint32(static_cast<std::uint32_t>(bytes.size()));
        coded.WriteRaw(bytes.data(), static_cast<int>(bytes.size()));
    }
    return out;
}

std::vector<RecordedGame> read_textproto(std::string_view text, std::string_view file) {
    text = checked_utf8(text, file);
    std::string first = first_word(text);
    if (first.empty() && holds_nothing(text)) return {};
    bool list = first == "games";
    pb::GameList all;
    pb::Game one;
    TextFormat::ParseInfoTree tree;
    if (list) {
        parse_text(text, file, all, tree);
    } else {
        parse_text(text, file, one, tree);
    }
    std::vector<RecordedGame> games;
    int count = list ? all.games_size() : 1;
    for (int g = 0; g < count; ++g) {
        try {
            games.push_back(game_read(list ? all.games(g) : one));
        } catch (const ConvertError& e) {
            std::vector<Step> prefix;
            if (list) prefix.push_back({"games", g});
            throw_text_fault(text, file, list ? static_cast<const gp::Message&>(all) : one, tree,
                             prefix, e.place(), words(g, e.place()) + ": " + e.what());
        }
    }
    return games;
}

std::string write_textproto(const std::vector<RecordedGame>& games) {
    if (games.size() == 1) return print_text(game_to(games[0]));
    pb::GameList list;
    for (const RecordedGame& game : games) *list.add_games() = game_to(game);
    return print_text(list);
}

std::vector<RecordedGame> read_json(std::string_view text, std::string_view file) {
    text = checked_utf8(text, file);
    std::size_t start = text.find_first_not_of(" \t\r\n");
    if (start == std::string_view::npos) return {};
    bool list = false;
    if (text[start] == '{') {
        std::size_t key = text.find_first_not_of(" \t\r\n", start + 1);
        list = key != std::string_view::npos && text.substr(key, 7) == "\"games\"";
    }
    pb::GameList all;
    pb::Game one;
    gp::util::JsonParseOptions options;
    gp::Message& target = list ? static_cast<gp::Message&>(all) : one;
    gp::util::Status status =
        gp::util::JsonStringToMessage(gp::StringPiece(text.data(), text.size()), &target, options);
    if (!status.ok()) {
        throw_json_error(text, file, target.GetDescriptor(), std::string(status.message()));
    }
    std::vector<RecordedGame> games;
    int count = list ? all.games_size() : 1;
    for (int g = 0; g < count; ++g) {
        try {
            games.push_back(game_read(list ? all.games(g) : one));
        } catch (const ConvertError& e) {
            std::vector<Step> steps;
            if (list) steps.push_back({"games", g});
            steps.insert(steps.end(), e.place().steps.begin(), e.place().steps.end());
            throw_at_steps(text, file, field_places::json_places(text, target.GetDescriptor()),
                           steps, e.place().value_column, words(g, e.place()) + ": " + e.what());
        }
    }
    return games;
}

std::string write_json(const std::vector<RecordedGame>& games) {
    if (games.empty()) return "{\n \"games\": []\n}\n";
    gp::util::JsonPrintOptions options;
    options.add_whitespace = true;
    options.preserve_proto_field_names = true;
    std::string out;
    gp::util::Status status;
    if (games.size() == 1) {
        status = gp::util::MessageToJsonString(game_to(games[0]), &out, options);
    } else {
        pb::GameList list;
        for (const RecordedGame& game : games) *list.add_games() = game_to(game);
        status = gp::util::MessageToJsonString(list, &out, options);
    }
    SPADEWORK_INVARIANT(status.ok(), "a game message prints as JSON (" + status.ToString() + ")");
    if (out.empty() || out.back() != '\n') out += '\n';
    return out;
}

RuleSet read_rules_textproto(std::string_view text, std::string_view file) {
    text = checked_utf8(text, file);
    pb::RuleSet m;
    TextFormat::ParseInfoTree tree;
    parse_text(text, file, m, tree);
    try {
        return rules_from(m, Place{});
    } catch (const ConvertError& e) {
        throw_text_fault(text, file, m, tree, {}, e.place(), e.what());
    }
}

std::string write_rules_textproto(const RuleSet& rules) {
    pb::RuleSet m;
    rules_to(rules, m);
    return print_text(m);
}

}  // namespace spadework::formats
