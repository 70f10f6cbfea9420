#include "tag_line.h"

#include <algorithm>
#include <cctype>
#include <vector>

#include "spadework/formats/error.h"
#include "spadework/formats/warning.h"

namespace spadework::formats {

int column_of(std::string_view line, std::size_t offset) {
    int col = 1;
    for (std::size_t i = 0; i < offset && i < line.size(); ++i) {
        // UTF-8 continuation bytes do not start a character.
        if ((static_cast<unsigned char>(line[i]) & 0xC0) != 0x80) ++col;
    }
    // The loop counted the first byte of the character at `offset` when it is a continuation.
    return col;
}

bool is_tag_line(std::string_view line) {
    std::size_t i = line.find_first_not_of(" \t");
    return i != std::string_view::npos && line[i] == '[';
}

namespace {

bool name_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
}

}  // namespace

TagLine read_tag_line(std::string_view line, int line_no, int col_base, std::string_view file) {
    auto at = [&](std::size_t offset) { return col_base - 1 + column_of(line, offset); };
    auto fail = [&](std::size_t offset, const std::string& what) {
        throw FormatError(std::string(file), line_no, at(offset), what);
    };
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r')) {
        line.remove_suffix(1);
    }
    std::size_t i = line.find('[');
    TagLine tag;
    std::size_t name_start = i + 1;
    std::size_t j = name_start;
    while (j < line.size() && name_char(line[j])) ++j;
    if (j == name_start) fail(name_start, "a tag line starts [Name \"value\"]: no tag name");
    tag.name = std::string(line.substr(name_start, j - name_start));
    tag.name_col = at(name_start);
    while (j < line.size() && (line[j] == ' ' || line[j] == '\t')) ++j;
    if (j >= line.size() || line[j] != '"') {
        fail(j, "tag [" + tag.name + "] has no quoted value: write [" + tag.name + " \"value\"]");
    }
    std::size_t open = j;
    tag.value_col = at(open + 1);
    // The value ends at the first unescaped quote; what follows must be the closing bracket.
    std::size_t k = open + 1;
    std::string value;
    for (; k < line.size() && line[k] != '"'; ++k) {
        if (line[k] == '\\' && k + 1 < line.size() && line[k + 1] == 'n') {
            value += '\n';  // a line break, as spell_tag_line writes it
            ++k;
            continue;
        }
        if (line[k] == '\\' && k + 1 < line.size() && (line[k + 1] == '"' || line[k + 1] == '\\')) {
            ++k;
        }
        value += line[k];
    }
    if (k >= line.size())
        fail(line.size(), "tag [" + tag.name + "]: the value's quote is not closed");
    std::string_view rest = line.substr(k + 1);
    std::size_t last_quote = line.rfind('"');
    if (rest.find('"') != std::string_view::npos) {
        // An old export: quotes inside the value, unescaped. The value runs to the last quote.
        warn({std::string(file), line_no, at(k),
              "tag [" + tag.name +
                  "] has unescaped quotes inside its value (an old export): read up to the "
                  "line's last quote"});
        value = std::string(line.substr(open + 1, last_quote - open - 1));
        rest = line.substr(last_quote + 1);
    }
    std::size_t after = rest.find_first_not_of(" \t");
    if (after == std::string_view::npos) {
        warn({std::string(file), line_no, at(line.size()),
              "tag [" + tag.name + "] has no closing bracket (an old export): read as if it had"});
    } else if (rest[after] != ']' ||
               rest.find_first_not_of(" \t", after + 1) != std::string_view::npos) {
        fail(line.size() - rest.size() + after,
             "tag [" + tag.name + "]: nothing may follow the value but the closing bracket");
    }
    tag.value = std::move(value);
    return tag;
}

RuleSet read_rules_value(std::string_view value, std::string_view file, int line, int col) {
    std::vector<std::string> words;
    for (std::size_t i = value.find_first_not_of(' '); i != std::string_view::npos;) {
        std::size_t j = std::min(value.find(' ', i), value.size());
        words.emplace_back(value.substr(i, j - i));
        i = value.find_first_not_of(' ', j);
    }
    std::string name = "classic";
    if (!words.empty() && words[0].find('=') == std::string::npos) {
        name = words[0];
        words.erase(words.begin());
    }
    try {
        return make_rules(name, words);
    } catch (const RuleError& e) {
        throw FormatError(std::string(file), line, col, e.what());
    }
}

std::string spell_tag_line(std::string_view name, std::string_view value) {
    std::string out = "[" + std::string(name) + " \"";
    for (char c : value) {
        if (c == '\n') {
            out += "\\n";
            continue;
        }
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"]";
}

}  // namespace spadework::formats
