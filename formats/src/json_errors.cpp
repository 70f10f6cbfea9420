#include "json_errors.h"

#include <optional>
#include <utility>

#include "field_places.h"
#include "proto_convert.h"
#include "spadework/formats/error.h"

namespace spadework::formats {
namespace {

namespace gp = ::google::protobuf;
using field_places::FieldPlaces;
using field_places::Spot;
using proto_convert::value_names;

// What a field of each scalar type takes, for "V is not ...".
struct TypeWords {
    std::string_view type;  // as protobuf names it
    std::string_view takes;
};
constexpr TypeWords kTypeWords[] = {
    {"TYPE_INT32", "a whole number from -2147483648 to 2147483647"},
    {"TYPE_SINT32", "a whole number from -2147483648 to 2147483647"},
    {"TYPE_SFIXED32", "a whole number from -2147483648 to 2147483647"},
    {"TYPE_UINT32", "a whole number from 0 to 4294967295"},
    {"TYPE_FIXED32", "a whole number from 0 to 4294967295"},
    {"TYPE_INT64", "a whole number of at most 19 digits"},
    {"TYPE_SINT64", "a whole number of at most 19 digits"},
    {"TYPE_SFIXED64", "a whole number of at most 19 digits"},
    {"TYPE_UINT64", "a whole number from 0, of at most 20 digits"},
    {"TYPE_FIXED64", "a whole number from 0, of at most 20 digits"},
    {"TYPE_BOOL", "true or false"},
    {"TYPE_STRING", "text in double quotes"},
    {"TYPE_BYTES", "base64 text in double quotes"},
    {"TYPE_DOUBLE", "a number"},
    {"TYPE_FLOAT", "a number"},
};

// The message type at a path of fields ("hands[0].bids"), nothing when the schema has none.
const gp::Descriptor* message_at(const gp::Descriptor* d, std::string_view path) {
    while (d != nullptr && !path.empty()) {
        std::size_t dot = path.find('.');
        std::string_view name = path.substr(0, std::min(dot, path.find('[')));
        const gp::FieldDescriptor* f = d->FindFieldByName(std::string(name));
        d = f != nullptr ? f->message_type() : nullptr;
        path = dot == std::string_view::npos ? std::string_view() : path.substr(dot + 1);
    }
    return d;
}

// Messages said in the words of the other readers, whole.
constexpr std::pair<std::string_view, std::string_view> kPlainWords[] = {
    {"Cannot find field.", "no such field (misspelt, or from a newer version of Spadework?)"},
    {"Proto field is not repeating, cannot start list.", "a list where a single value belongs"},
    {"Root element must be a message.", "a game file holds one JSON object, { ... }"},
};

// The JSON reader's words for a fault of syntax (protobuf's json_stream_parser), said as a
// player reads them; a message not here is shown as it is.
constexpr std::pair<std::string_view, std::string_view> kSyntaxWords[] = {
    {"Expected : between key:value pair.", "expected ':' between a field's name and its value"},
    {"Expected , or } after key:value pair.", "expected ',' or '}' after a field's value"},
    {"Expected , or ] after array value.", "expected ',' or ']' after a value in a list"},
    {"Expected an object key or }.", "expected a field's name in double quotes, or '}'"},
    {"Expected a value.", "expected a value"},
    {"Unexpected token.", "unexpected text: not a value, a name or a mark of JSON"},
    {"Unexpected end of string.", "the file ends in the middle of the game"},
    {"Closing quote expected in string.", "text with no closing double quote"},
    {"Parsing terminated before end of input.", "more text after the game's closing '}'"},
    {"Invalid escape sequence.", "an escape that JSON does not have (after a \\)"},
};

struct Fault {
    std::string path;  // of the field at fault, "" for the document
    std::string what;
    bool key = false;  // the fault is the key (a field not known, or given twice), not its value
};

// "invalid value V for type T", said with what the field takes. Protobuf puts three things
// in V and T: a value and its type, a oneof given twice, and a scalar field given an object
// (then V is what happened and T the field's name).
Fault invalid_value(const gp::Descriptor* root, Fault f, std::string_view value,
                    std::string_view type) {
    if (type == "oneof") {
        std::string group = quoted_name(value, 0, '\'');
        std::string field = quoted_name(value, 1, '\'');
        f.path += (f.path.empty() ? "" : ".") + field;
        f.key = true;
        const gp::Descriptor* d = message_at(root, f.path.substr(0, f.path.rfind('.')));
        const gp::OneofDescriptor* oneof = d != nullptr ? d->FindOneofByName(group) : nullptr;
        if (group.rfind('_', 0) == 0 || oneof == nullptr || oneof->field_count() < 2) {
            f.what = f.path + ": given twice";
        } else {
            std::string names;
            for (int k = 0; k < oneof->field_count(); ++k) {
                names += (k == 0                          ? ""
                          : k + 1 == oneof->field_count() ? " or "
                                                          : ", ") +
                         oneof->field(k)->name();
            }
            f.what = f.path + ": only one of " + names + " may be given";
        }
        return f;
    }
    if (value.rfind("Starting an ", 0) == 0) {
        f.path += (f.path.empty() ? "" : ".") + std::string(type);
        std::string_view thing = value.substr(12, value.find(' ', 12) - 12);
        f.what = f.path + ": an " + std::string(thing) + " where a single value belongs";
        return f;
    }
    std::string takes;
    for (const TypeWords& w : kTypeWords) {
        if (w.type == type) takes = w.takes;
    }
    constexpr std::string_view kUrl = "type.googleapis.com/";
    if (type.rfind(kUrl, 0) == 0) {
        std::string name(type.substr(kUrl.size()));
        const gp::EnumDescriptor* e =
            gp::DescriptorPool::generated_pool()->FindEnumTypeByName(name);
        takes = e != nullptr ? "one of " + value_names(e) : "a " + name.substr(name.rfind('.') + 1);
    }
    if (takes.empty()) return f;
    f.what = (f.path.empty() ? "" : f.path + ": ") + std::string(value) + " is not " + takes;
    return f;
}

// A message with no context: "PATH: what", "(PATH) field: what" or "what".
Fault fault_of(const gp::Descriptor* root, std::string message) {
    // "(hands[0]) foo: Cannot find field." reads "hands[0].foo: Cannot find field.".
    if (!message.empty() && message[0] == '(') {
        std::size_t close = message.find(')');
        if (close != std::string::npos) {
            std::string path = message.substr(1, close - 1);
            std::string rest = message.substr(close + 1);
            if (rest.rfind(' ', 0) == 0 && !path.empty()) rest[0] = '.';
            message = path + rest;
        }
    }
    if (message.rfind(": ", 0) == 0) message.erase(0, 2);
    Fault f{"", message, message.find("Cannot find field") != std::string::npos};
    std::size_t rest = 0;
    if (std::size_t c = message.find(": "); c != std::string::npos && message.find(' ') > c) {
        f.path = message.substr(0, c);
        rest = c + 2;
    }
    for (const auto& [said, plain] : kPlainWords) {
        if (std::string_view(message).substr(rest) == said) {
            f.what = message.substr(0, rest) + std::string(plain);
        }
    }
    constexpr std::string_view kInvalid = "invalid value ";
    constexpr std::string_view kForType = " for type ";
    std::string_view tail = std::string_view(message).substr(rest);
    std::size_t for_type = tail.rfind(kForType);
    if (tail.rfind(kInvalid, 0) == 0 && for_type != std::string_view::npos) {
        return invalid_value(root, f, tail.substr(kInvalid.size(), for_type - kInvalid.size()),
                             tail.substr(for_type + kForType.size()));
    }
    return f;
}

}  // namespace

std::string quoted_name(std::string_view s, int k, char quote) {
    std::size_t at = 0;
    for (int i = 0; i <= k; ++i) {
        std::size_t open = s.find(quote, at);
        if (open == std::string_view::npos) return "";
        std::size_t close = s.find(quote, open + 1);
        if (close == std::string_view::npos) return "";
        if (i == k) return std::string(s.substr(open + 1, close - open - 1));
        at = close + 1;
    }
    return "";
}

// A syntax error's message is "what\n<the text up to 20 bytes either side>\n   ^": where that
// text first occurs is taken for where it was cut from. Other messages start with the path
// of a field, looked up in the places of the text's fields: the nearest enclosing value when
// the path itself is not there, and the document when a message names no path.
void throw_json_error(std::string_view text, std::string_view file, const gp::Descriptor* root,
                      std::string message) {
    std::size_t context = message.find('\n');
    std::size_t caret_line = message.rfind('\n');
    if (context != std::string::npos && caret_line != context) {
        std::string segment = message.substr(context + 1, caret_line - context - 1);
        std::size_t caret = message.size() - caret_line - 2;
        std::size_t at = segment.empty() ? text.size() : text.find(segment);
        message.erase(context);
        for (const auto& [said, plain] : kSyntaxWords) {
            if (message == said) message = plain;
        }
        if (at != std::string_view::npos) {
            field_places::throw_at_offset(text, file, segment.empty() ? at : at + caret, message);
        }
        throw FormatError(std::string(file), 0, 0, message);
    }
    Fault fault = fault_of(root, std::move(message));
    const FieldPlaces places = field_places::json_places(text, root);
    std::string path = fault.path;
    bool whole = true;
    std::optional<Spot> spot = places.at(path);
    while (!spot && !path.empty()) {
        std::size_t cut = path.find_last_of(".[");
        path.erase(cut == std::string::npos ? 0 : cut);
        spot = places.at(path);
        whole = false;
    }
    if (!spot) throw FormatError(std::string(file), 0, 0, fault.what);
    field_places::throw_at_offset(text, file, whole && fault.key ? spot->key : spot->value,
                                  fault.what);
}

}  // namespace spadework::formats
