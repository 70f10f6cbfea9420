// Words shared by everything a user reads: the command line's messages, the review report and
// the viewer. One place for counts ("1 game", "2 games", never "1 games" or "game(s)"),
// articles ("an inaccuracy", never "a inaccuracy"), signed numbers ("+5", "-3", "0", never
// "-0"), pairs of scores ("437 to -259", never "437--259") and cards as people write them
// ("10♦", never "T♦" or "TD"). Header-only: the command, the
// analyzer and the viewer include it without a library of its own.
#pragma once

#include <fmt/core.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "spadework/engine/card.h"
#include "spadework/engine/hand.h"
#include "spadework/engine/record.h"

namespace spadework::analyzer {

// A rank as printed on the cards: "A", "K", ..., "10", ..., "2".
inline std::string rank_text(Rank r) {
    return r == Rank::Ten ? std::string("10") : std::string(1, rank_char(r));
}

// A card in running text, with its suit symbol as on the cards: "K♣", "10♦"; a joker "BJ" or
// "LJ".
inline std::string card_text(Card c) {
    if (is_joker(c)) return to_string(c);
    return rank_text(c.rank()) + std::string(suit_symbol(c.suit()));
}

// A bid in running text: "4", "nil", "blind nil", "blind 6" (a blind trick bid).
inline std::string bid_text(Bid bid) {
    switch (bid.kind()) {
        case Bid::Kind::Nil:
            return "nil";
        case Bid::Kind::BlindNil:
            return "blind nil";
        case Bid::Kind::Tricks:
            break;
    }
    return (bid.is_blind() ? "blind " : "") + std::to_string(bid.count());
}

// A hand's bids by seat, North first, as the text log writes them, "-" for a seat not yet come
// to bid: "2 4 nil 3", the hand tables' column (show, the viewer's hand list).
inline std::string bids_line(const RecordedHand& hand) {
    const std::array<std::optional<Bid>, 4> bids = bids_by_seat(hand);
    std::string out;
    for (const std::optional<Bid>& b : bids) {
        out += (out.empty() ? "" : " ") + (b ? to_string(*b) : std::string("-"));
    }
    return out;
}

// The edit distance of two words (insertions, deletions, changes and swaps of two neighbours).
inline std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
    for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
    for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        for (std::size_t j = 1; j <= b.size(); ++j) {
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1,
                                d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
            }
        }
    }
    return d[a.size()][b.size()];
}

// The name among `names` nearest `word`, when it is near enough to be a slip of the keyboard
// (an option, a command, a lesson): "Did you mean ...?".
inline std::optional<std::string> nearest_word(std::string_view word,
                                               const std::vector<std::string>& names) {
    std::optional<std::string> best;
    std::size_t best_d = std::max<std::size_t>(1, word.size() / 3) + 1;
    for (const std::string& n : names) {
        const std::size_t d = edit_distance(word, n);
        if (d < best_d) best = n, best_d = d;
    }
    return best;
}

// "1 game", "3 games", "0 games"; `many` for a plural that is not `one` + "s".
inline std::string count_of(long long n, std::string_view one, std::string_view many = {}) {
    if (n == 1) return fmt::format("1 {}", one);
    if (many.empty()) return fmt::format("{} {}s", n, one);
    return fmt::format("{} {}", n, many);
}

// The noun alone, in the number `n` asks for: "game" for 1, "games" otherwise.
inline std::string plural(long long n, std::string_view one, std::string_view many = {}) {
    if (n == 1) return std::string(one);
    return many.empty() ? std::string(one) + "s" : std::string(many);
}

// "a mistake", "an inaccuracy", "an 8", "an 11": by how the word is said, which for the words
// the program writes (nouns, card ranks, small numbers) its first letter or number tells.
inline std::string with_article(std::string_view word) {
    if (word.empty()) return std::string();
    const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(word.front())));
    bool an = c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u' || c == '8';
    // "eleven" and "eighteen" begin with a vowel sound, "one" and "ten" do not.
    const std::string_view number = word.substr(0, word.find_first_not_of("0123456789"));
    if (number == "11" || number == "18") an = true;
    return fmt::format("{} {}", an ? "an" : "a", word);
}

// "+5", "-3", "0": a change, signed unless it is none.
inline std::string signed_number(long long n) {
    return n == 0 ? std::string("0") : fmt::format("{:+}", n);
}

// The same rounded to `decimals` places; a value that rounds to zero is "0" (or "0.0"), never
// "-0" nor "+0".
inline std::string signed_number(double x, int decimals) {
    const double scale = std::pow(10.0, decimals);
    const double r = std::round(x * scale) / scale;
    if (r == 0) return fmt::format("{:.{}f}", 0.0, decimals);
    return fmt::format("{:+.{}f}", r, decimals);
}

// Two scores side by side, "437 to -259": a hyphen between them reads "437--259".
inline std::string score_pair(long long a, long long b) {
    return fmt::format("{} to {}", a, b);
}

// A JSON library's message as a user should read it: without the library's own error kind
// ("[json.exception.parse_error.101] ") and without its place ("parse error at line 2,
// column 2: "), which the caller gives as file:line:col.
// Text for HTML and XML (SVG) alike: & < > " and ' as entities, everything else as it is.
inline std::string escape_markup(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (char ch : text) {
        switch (ch) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            case '\'':
                out += "&#39;";
                break;
            default:
                out += ch;
        }
    }
    return out;
}

inline std::string json_error_text(std::string_view what) {
    std::string text(what);
    if (text.rfind("[json.exception.", 0) == 0) {
        if (auto end = text.find("] "); end != std::string::npos) text.erase(0, end + 2);
    }
    for (std::string_view lead : {"parse error at line ", "parse error at "}) {
        if (text.rfind(lead, 0) == 0) {
            if (auto colon = text.find(": "); colon != std::string::npos) text.erase(0, colon + 2);
            break;
        }
    }
    if (text.rfind("parse error: ", 0) == 0) text.erase(0, 13);
    // The parser's grammar words ("while parsing object key", "string literal") in plain ones.
    if (text.rfind("syntax error", 0) == 0) {
        if (text.find("unexpected end of input") != std::string::npos) {
            return "syntax error: the text ends before the JSON does (a { or [ not closed, or a "
                   "value missing)";
        }
        for (const std::string read : {"last read: '", "unexpected '"}) {
            const auto at = text.find(read);
            if (at == std::string::npos) continue;
            const std::size_t from = at + read.size();
            const std::size_t to = text.find('\'', from);
            const std::string token = text.substr(from, to == std::string::npos ? to : to - from);
            const bool key = text.find("object key") != std::string::npos;
            return "syntax error: unexpected '" + token + "'" +
                   (key ? " where a key in double quotes was expected" : "");
        }
    }
    return text;
}

}  // namespace spadework::analyzer
