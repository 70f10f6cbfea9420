#include "spadework/engine/card.h"

#include <array>
#include <cctype>

#include "spadework/engine/error.h"

namespace spadework {

namespace {

constexpr std::string_view kRankChars = "??23456789TJQKA?";
constexpr std::string_view kSuitChars = "SHDC";

// UTF-8 suit symbols, black and white forms, in suit order.
constexpr std::array<std::string_view, 4> kSuitSymbols = {"\u2660", "\u2665", "\u2666", "\u2663"};
constexpr std::array<std::string_view, 4> kWhiteSuitSymbols = {"\u2664", "\u2661", "\u2662",
                                                               "\u2667"};

std::string quoted(std::string_view s) {
    return "'" + std::string(s) + "'";
}

// Reads a suit at the start of text: a letter or a symbol. Returns its length in bytes, or 0.
int read_suit(std::string_view text, Suit& suit) {
    if (text.empty()) return 0;
    char c = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
    if (auto i = kSuitChars.find(c); i != std::string_view::npos) {
        suit = static_cast<Suit>(i);
        return 1;
    }
    for (int i = 0; i < 4; ++i) {
        for (auto sym : {kSuitSymbols[i], kWhiteSuitSymbols[i]}) {
            if (text.starts_with(sym)) {
                suit = static_cast<Suit>(i);
                return static_cast<int>(sym.size());
            }
        }
    }
    return 0;
}

// Reads a rank at the start of text ("10" or one character). Returns its length, or 0.
int read_rank(std::string_view text, Rank& rank) {
    if (text.starts_with("10")) {
        rank = Rank::Ten;
        return 2;
    }
    if (text.empty()) return 0;
    char c = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
    auto i = kRankChars.find(c, 2);
    if (i == std::string_view::npos) return 0;
    rank = static_cast<Rank>(i);
    return 1;
}

}  // namespace

char rank_char(Rank r) {
    return kRankChars[static_cast<int>(r)];
}
char suit_char(Suit s) {
    return kSuitChars[index(s)];
}
std::string_view suit_symbol(Suit s) {
    return kSuitSymbols[index(s)];
}
std::string_view suit_name(Suit s) {
    static constexpr std::array<std::string_view, 4> names = {"spades", "hearts", "diamonds",
                                                              "clubs"};
    return names[index(s)];
}
char seat_char(Seat s) {
    return "NESW"[index(s)];
}
std::string seat_letter(Seat s) {
    return std::string(1, seat_char(s));
}
std::string_view seat_name(Seat s) {
    static constexpr std::array<std::string_view, 4> names = {"North", "East", "South", "West"};
    return names[index(s)];
}
std::string_view team_name(Team t) {
    return t == Team::NS ? "NS" : "EW";
}

std::string to_string(Card c) {
    if (c == kBigJoker) return "BJ";
    if (c == kLittleJoker) return "LJ";
    return {rank_char(c.rank()), suit_char(c.suit())};
}

std::string to_string(CardSet cards) {
    std::string out;
    for (Card c : {kBigJoker, kLittleJoker}) {
        if (!cards.contains(c)) continue;
        if (!out.empty()) out += ' ';
        out += to_string(c);
    }
    for (Suit s : kAllSuits) {
        for (int r = kHighestRank; r >= kLowestRank; --r) {
            Card c(static_cast<Rank>(r), s);
            if (!cards.contains(c)) continue;
            if (!out.empty()) out += ' ';
            out += to_string(c);
        }
    }
    return out;
}

Rank parse_rank(std::string_view text) {
    Rank r{};
    int n = read_rank(text, r);
    if (n == 0 || n != static_cast<int>(text.size())) {
        throw ParseError(quoted(text) + " is not a rank (2-9, T or 10, J, Q, K, A)", 1);
    }
    return r;
}

Suit parse_suit(std::string_view text) {
    Suit s{};
    int n = read_suit(text, s);
    if (n == 0 || n != static_cast<int>(text.size())) {
        throw ParseError(quoted(text) + " is not a suit (S, H, D, C or a suit symbol)", 1);
    }
    return s;
}

Card parse_card(std::string_view text) {
    // A joker ("BJ", "LJ"); rank then suit ("AS", "10h"); the suit symbol may also come first
    // ("♠A").
    for (Card joker : {kBigJoker, kLittleJoker}) {
        const std::string name = to_string(joker);
        if (text.size() == 2 && std::toupper(static_cast<unsigned char>(text[0])) == name[0] &&
            std::toupper(static_cast<unsigned char>(text[1])) == name[1]) {
            return joker;
        }
    }
    Rank r{};
    Suit s{};
    if (int n = read_rank(text, r); n > 0) {
        int m = read_suit(text.substr(n), s);
        if (m == 0) {
            throw ParseError(quoted(text) + " is not a card: no suit after the rank", n + 1);
        }
        if (n + m != static_cast<int>(text.size())) {
            throw ParseError(quoted(text) + " is not a card: unexpected text after it", n + m + 1);
        }
        return Card(r, s);
    }
    if (int m = read_suit(text, s); m > 0 && text.size() > 1) {
        int n = read_rank(text.substr(m), r);
        if (n > 0 && m + n == static_cast<int>(text.size())) return Card(r, s);
    }
    throw ParseError(quoted(text) + " is not a card (rank then suit, like AS, TH, 10h, 2\u2663)",
                     1);
}

Seat parse_seat(std::string_view text) {
    std::string up;
    for (char c : text) up += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    static constexpr std::array<std::string_view, 4> long_names = {"NORTH", "EAST", "SOUTH",
                                                                   "WEST"};
    for (Seat s : kAllSeats) {
        if (up.size() == 1 && up[0] == seat_char(s)) return s;
        if (up == long_names[index(s)]) return s;
    }
    throw ParseError(quoted(text) + " is not a seat (N, E, S or W)", 1);
}

Team parse_team(std::string_view text) {
    std::string up;
    for (char c : text) up += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (up == "NS" || up == "SN") return Team::NS;
    if (up == "EW" || up == "WE") return Team::EW;
    throw ParseError(quoted(text) + " is not a partnership (NS or EW)", 1);
}

CardSet parse_cards(std::string_view text) {
    CardSet cards;
    std::size_t i = 0;
    while (i < text.size()) {
        if (text[i] == ' ' || text[i] == ',' || text[i] == '\t') {
            ++i;
            continue;
        }
        std::size_t j = i;
        while (j < text.size() && text[j] != ' ' && text[j] != ',' && text[j] != '\t') ++j;
        Card c;
        try {
            c = parse_card(text.substr(i, j - i));
        } catch (const ParseError& e) {
            throw ParseError(e.what(), static_cast<int>(i) + e.column());
        }
        if (cards.contains(c)) {
            throw ParseError(to_string(c) + " is listed twice", static_cast<int>(i) + 1);
        }
        cards.insert(c);
        i = j;
    }
    return cards;
}

}  // namespace spadework
