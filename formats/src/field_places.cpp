#include "field_places.h"

#include <algorithm>

#include "spadework/formats/error.h"

namespace spadework::formats::field_places {
namespace {

namespace gp = ::google::protobuf;
using gp::TextFormat;
using proto_convert::Step;

std::string child_path(const std::string& path, std::string_view name) {
    return path.empty() ? std::string(name) : path + "." + std::string(name);
}

std::string element_path(const std::string& path, int index) {
    return path + "[" + std::to_string(index) + "]";
}

// ---------------------------------------------------------------------------------------
// The text format: the parser's ParseInfoTree, walked along the message it read.

// Where each line starts, so that every field's offset is found without reading the text
// from its start again.
class Lines {
  public:
    explicit Lines(std::string_view text) : text_(text) {
        starts_.push_back(0);
        for (std::size_t i = 0; i < text.size(); ++i) {
            if (text[i] == '\n') starts_.push_back(i + 1);
        }
    }
    std::size_t offset(int line, int column) const {
        if (line < 0) return 0;
        if (static_cast<std::size_t>(line) >= starts_.size()) return text_.size();
        std::size_t at = starts_[static_cast<std::size_t>(line)];
        for (int col = 0; at < text_.size() && text_[at] != '\n' && col < column; ++at) {
            col = text_[at] == '\t' ? (col / 8 + 1) * 8 : col + 1;
        }
        return at;
    }

  private:
    std::string_view text_;
    std::vector<std::size_t> starts_;
};

void add_text_fields(const gp::Message& m, const TextFormat::ParseInfoTree& tree,
                     const std::string& path, const Lines& lines, FieldPlaces& out) {
    const gp::Descriptor* d = m.GetDescriptor();
    const gp::Reflection* r = m.GetReflection();
    // Every field of the schema, not only those ListFields gives: a proto3 field written
    // with its default value is not "set", but it is in the text.
    for (int k = 0; k < d->field_count(); ++k) {
        const gp::FieldDescriptor* f = d->field(k);
        std::string name = child_path(path, f->name());
        int count = f->is_repeated() ? r->FieldSize(m, f) : 1;
        for (int i = 0; i < count; ++i) {
            int index = f->is_repeated() ? i : -1;
            TextFormat::ParseLocation loc = tree.GetLocation(f, index);
            if (loc.line < 0) continue;
            std::size_t at = lines.offset(loc.line, loc.column);
            std::string at_path = f->is_repeated() ? element_path(name, i) : name;
            out.add(at_path, {at, at});
            if (f->cpp_type() != gp::FieldDescriptor::CPPTYPE_MESSAGE) continue;
            const TextFormat::ParseInfoTree* nested = tree.GetTreeForNested(f, index);
            if (nested == nullptr) continue;
            add_text_fields(f->is_repeated() ? r->GetRepeatedMessage(m, f, i) : r->GetMessage(m, f),
                            *nested, at_path, lines, out);
        }
    }
}

// ---------------------------------------------------------------------------------------
// JSON: a scan that follows the schema down from the root message and stops at the first
// byte that is not JSON.

class JsonScan {
  public:
    JsonScan(std::string_view text, FieldPlaces& out) : text_(text), out_(out) {}

    // The value at the current byte; false when the text stops being JSON.
    bool value(const gp::Descriptor* d, const std::string& path, int depth) {
        // Deeper than any message of the schema: a hostile file, not a game.
        if (depth > kMaxDepth) return false;
        skip_space();
        if (at_ >= text_.size()) return false;
        switch (text_[at_]) {
            case '{':
                return object(d, path, depth);
            case '[':
                return array(d, path, depth);
            case '"':
                return string().has_value();
            default:
                return scalar();
        }
    }

  private:
    static constexpr int kMaxDepth = 64;

    void skip_space() {
        while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\t' ||
                                      text_[at_] == '\r' || text_[at_] == '\n')) {
            ++at_;
        }
    }

    bool take(char c) {
        skip_space();
        if (at_ >= text_.size() || text_[at_] != c) return false;
        ++at_;
        return true;
    }

    // A string's text between its quotes, escapes left as written (a key of the schema has
    // none).
    std::optional<std::string_view> string() {
        if (at_ >= text_.size() || text_[at_] != '"') return std::nullopt;
        std::size_t start = ++at_;
        while (at_ < text_.size() && text_[at_] != '"') at_ += text_[at_] == '\\' ? 2 : 1;
        if (at_ >= text_.size()) return std::nullopt;
        return text_.substr(start, at_++ - start);
    }

    bool scalar() {
        std::size_t start = at_;
        while (at_ < text_.size() &&
               std::string_view(",]} \t\r\n").find(text_[at_]) == std::string_view::npos) {
            ++at_;
        }
        return at_ > start;
    }

    bool object(const gp::Descriptor* d, const std::string& path, int depth) {
        ++at_;  // {
        if (take('}')) return true;
        do {
            skip_space();
            std::size_t key = at_;
            std::optional<std::string_view> name = string();
            if (!name || !take(':')) return false;
            const gp::FieldDescriptor* f = nullptr;
            if (d != nullptr) {
                std::string n(*name);
                f = d->FindFieldByName(n);
                for (int k = 0; f == nullptr && k < d->field_count(); ++k) {
                    if (d->field(k)->json_name() == n) f = d->field(k);
                }
            }
            std::string field =
                child_path(path, f != nullptr ? std::string_view(f->name()) : *name);
            skip_space();
            out_.add(field, {key, at_});
            if (!value(f != nullptr ? f->message_type() : nullptr, field, depth + 1)) return false;
        } while (take(','));
        return take('}');
    }

    // The elements of a repeated field, each under its index.
    bool array(const gp::Descriptor* d, const std::string& path, int depth) {
        ++at_;  // [
        if (take(']')) return true;
        int index = 0;
        do {
            skip_space();
            std::string element = element_path(path, index++);
            out_.add(element, {at_, at_});
            if (!value(d, element, depth + 1)) return false;
        } while (take(','));
        return take(']');
    }

    std::string_view text_;
    FieldPlaces& out_;
    std::size_t at_ = 0;
};

}  // namespace

std::optional<Spot> FieldPlaces::at(const std::string& path) const {
    auto it = spots_.find(path);
    if (it == spots_.end()) return std::nullopt;
    return it->second;
}

std::optional<FieldPlaces::Found> FieldPlaces::deepest(const std::vector<Step>& steps) const {
    std::optional<Found> found;
    if (std::optional<Spot> root = at("")) found = Found{*root, steps.empty()};
    std::string path;
    for (std::size_t k = 0; k < steps.size(); ++k) {
        path = child_path(path, steps[k].field);
        if (steps[k].index >= 0) path = element_path(path, steps[k].index);
        std::optional<Spot> spot = at(path);
        if (!spot) break;
        found = Found{*spot, k + 1 == steps.size()};
    }
    return found;
}

FieldPlaces text_format_places(std::string_view text, const gp::Message& message,
                               const TextFormat::ParseInfoTree& tree) {
    FieldPlaces places;
    Lines lines(text);
    add_text_fields(message, tree, "", lines, places);
    return places;
}

FieldPlaces json_places(std::string_view text, const gp::Descriptor* root) {
    FieldPlaces places;
    std::size_t start = text.find_first_not_of(" \t\r\n");
    if (start == std::string_view::npos) return places;
    places.add("", {start, start});
    JsonScan(text, places).value(root, "", 0);
    return places;
}

std::size_t offset_of(std::string_view text, int line, int column) {
    return Lines(text).offset(line, column);
}

void throw_at_offset(std::string_view text, std::string_view file, std::size_t offset,
                     const std::string& message) {
    offset = std::min(offset, text.size());
    std::string_view before = text.substr(0, offset);
    std::size_t line_start = before.rfind('\n');
    line_start = line_start == std::string_view::npos ? 0 : line_start + 1;
    int line = 1 + static_cast<int>(std::count(before.begin(), before.end(), '\n'));
    throw FormatError(std::string(file), line, static_cast<int>(offset - line_start) + 1, message);
}

void throw_at_steps(std::string_view text, std::string_view file, const FieldPlaces& places,
                    const std::vector<Step>& steps, int value_column, const std::string& message) {
    std::optional<FieldPlaces::Found> found = places.deepest(steps);
    if (!found) throw FormatError(std::string(file), 0, 0, message);
    std::size_t at = found->spot.value;
    if (found->whole && value_column > 0) {
        std::size_t quote = text.find_first_of("\"'\n", at);
        if (quote != std::string_view::npos && text[quote] != '\n') {
            at = quote + static_cast<std::size_t>(value_column);
        }
    }
    throw_at_offset(text, file, at, message);
}

}  // namespace spadework::formats::field_places
