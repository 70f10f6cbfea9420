// Trickster Cards PTN records: tags, '%' comments, the [Auction] line and the [Play] lines
// (one a trick, the columns in fixed seat order from the tag's seat). The rules are
// ptn_rules.cpp's; the writer is at the end.
#include "spadework/formats/ptn.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>

#include "ptn_rules.h"
#include "spadework/formats/error.h"
#include "spadework/formats/warning.h"
#include "tag_line.h"
#include "text_encoding.h"
#include "text_log_grammar.h"

namespace spadework::formats {
namespace {

constexpr std::string_view kAuto = " (Auto)";  // after a seat's name: the app's bot plays it
// Tags the reader turns into the game and its hands rather than keeping.
constexpr std::string_view kStructural[] = {
    "Event", "UTCDate", "Site", "Table",   "Comment", "North",          "East",         "South",
    "West",  "Dealer",  "Deal", "Auction", "Play",    "SpadeworkRules", "SpadeworkGame"};

bool one_of(std::string_view name, const auto& names) {
    return std::find(std::begin(names), std::end(names), name) != std::end(names);
}

struct Word {
    std::string text;
    int line = 0;
    int col = 0;
};

struct TagAt {
    TagLine tag;
    int line = 0;
};

// A record as written: its tags, and the data lines after [Auction] and [Play].
struct RawRecord {
    int line = 0;
    std::string cut;  // why the record stops part way in a line, when it does
    std::vector<TagAt> tags;
    std::vector<Word> auction;
    std::vector<std::vector<Word>> play;  // a trick a line

    const TagAt* find(std::string_view name) const {
        for (const TagAt& t : tags) {
            if (t.tag.name == name) return &t;
        }
        return nullptr;
    }
    std::string value(std::string_view name) const {
        const TagAt* t = find(name);
        return t ? t->tag.value : std::string();
    }
};

std::vector<Word> words_of(std::string_view line, int line_no) {
    std::vector<Word> out;
    for (std::size_t i = line.find_first_not_of(" \t\r"); i != std::string_view::npos;) {
        std::size_t j = std::min(line.find_first_of(" \t\r", i), line.size());
        out.push_back({std::string(line.substr(i, j - i)), line_no, column_of(line, i)});
        i = line.find_first_not_of(" \t\r", j);
    }
    return out;
}

// Whether what follows a line starts another record (an [Event] tag) or is the end: blank and
// '%' lines read past.
bool last_of_record(std::string_view rest) {
    for (std::size_t start = 0; start < rest.size();) {
        std::size_t end = std::min(rest.find('\n', start), rest.size());
        std::string_view line = rest.substr(start, end - start);
        start = end + 1;
        std::size_t first = line.find_first_not_of(" \t\r");
        if (first == std::string_view::npos || line[first] == '%') continue;
        return line.substr(first).rfind("[Event", 0) == 0;
    }
    return true;
}

std::vector<RawRecord> split_records(std::string_view content, std::string_view file) {
    std::vector<RawRecord> records;
    RawRecord current;
    std::string data_of;  // the tag whose data lines follow
    int no = 0;
    auto flush = [&] {
        if (!current.tags.empty()) records.push_back(std::move(current));
        current = RawRecord{};
        data_of.clear();
    };
    for (std::size_t start = 0; start <= content.size();) {
        std::size_t end = std::min(content.find('\n', start), content.size());
        std::string_view line = content.substr(start, end - start);
        start = end + 1;
        ++no;
        std::size_t first = line.find_first_not_of(" \t\r");
        if (first == std::string_view::npos) continue;
        if (line[first] == '%') {
            if (line.substr(first).rfind("% PBN", 0) == 0) {
                warn({std::string(file), no, static_cast<int>(first) + 1,
                      "a '% PBN' header (an old export): read as PTN"});
            }
            continue;
        }
        if (is_tag_line(line)) {
            std::optional<TagLine> read;
            try {
                read = read_tag_line(line, no, 1, file);
            } catch (const FormatError& e) {
                // A record's last line cut in the middle of a tag (the next record or the
                // file's end follows): the record is cut off, not the file broken.
                if (!last_of_record(content.substr(std::min(start, content.size()))) ||
                    current.tags.empty()) {
                    throw;
                }
                current.cut = "its last line, " + std::to_string(e.line()) +
                              ", stops part way: " + e.message() + " at column " +
                              std::to_string(e.col());
                data_of.clear();
                continue;
            }
            TagLine tag = std::move(*read);
            if (tag.name == "Event") flush();
            if (current.tags.empty()) current.line = no;
            data_of = tag.name;
            current.tags.push_back({std::move(tag), no});
            continue;
        }
        std::vector<Word> words = words_of(line, no);
        if (data_of == "Auction") {
            current.auction.insert(current.auction.end(), words.begin(), words.end());
        } else if (data_of == "Play") {
            current.play.push_back(std::move(words));
        } else {
            throw FormatError(std::string(file), no, static_cast<int>(first) + 1,
                              "a line that is no tag, and not after [Auction] or [Play]");
        }
    }
    flush();
    return records;
}

// A record that cannot be a hand because it stops part way: left out with a warning.
struct CutOff {
    std::string what;
};

[[noreturn]] void fail(std::string_view file, int line, int col, const std::string& what) {
    throw FormatError(std::string(file), line, col, what);
}

std::optional<Card> card_of(char suit, char rank) {
    static const std::string_view ranks = "23456789TJQKA";
    static const std::string_view suits = "SHDC";
    std::size_t r = ranks.find(static_cast<char>(std::toupper(static_cast<unsigned char>(rank))));
    std::size_t s = suits.find(static_cast<char>(std::toupper(static_cast<unsigned char>(suit))));
    if (r == std::string_view::npos || s == std::string_view::npos) return std::nullopt;
    return Card(static_cast<Rank>(kLowestRank + static_cast<int>(r)), kAllSuits[s]);
}

// A joker: "JH" (high, the big one) or "JL" (low, the little one) in the play, the letter
// alone in a hand's fifth group.
std::optional<Card> joker_of(char letter) {
    switch (std::toupper(static_cast<unsigned char>(letter))) {
        case 'H':
            return kBigJoker;
        case 'L':
            return kLittleJoker;
        default:
            return std::nullopt;
    }
}

// [Deal "D:h h h h"]: the dealer, then the hands clockwise from the dealer; nothing for a hand
// not known ("-"). A card outside the rule set's deck, or dealt twice, is an error at it.
std::pair<Seat, std::array<std::optional<CardSet>, 4>> read_deal(const TagAt& deal, CardSet deck,
                                                                 std::string_view file) {
    const std::string& v = deal.tag.value;
    int col = deal.tag.value_col;
    if (v.size() < 2 || v[1] != ':')
        fail(file, deal.line, col, "[Deal] starts with the dealer: \"N:...\"");
    Seat dealer;
    try {
        dealer = parse_seat(v.substr(0, 1));
    } catch (const Error&) {
        fail(file, deal.line, col, "[Deal]'s dealer is N, E, S or W, not '" + v.substr(0, 1) + "'");
    }
    std::array<std::optional<CardSet>, 4> hands;
    CardSet dealt;  // a card dealt twice is an error where it is written the second time
    std::vector<Word> words = words_of(std::string_view(v).substr(2), deal.line);
    if (words.size() != 4)
        fail(file, deal.line, col,
             "[Deal] gives " + std::to_string(words.size()) + " hands, not 4");
    for (std::size_t i = 0; i < 4; ++i) {
        const Word& w = words[i];
        int at = col + 2 + w.col - 1;
        if (w.text == "-") continue;
        CardSet hand;
        int group = 0;
        for (std::size_t k = 0; k < w.text.size(); ++k) {
            char c = w.text[k];
            if (c == '.') {
                ++group;
                continue;
            }
            auto card = group < 4 ? card_of("SHDC"[group], c) : joker_of(c);
            if (!card)
                fail(file, deal.line, at + static_cast<int>(k),
                     std::string("'") + c +
                         (group < 4 ? "' is not a rank (AKQJT98765432)"
                                    : "' is not a joker (H high, L low, after the clubs)"));
            if (!deck.contains(*card))
                fail(file, deal.line, at + static_cast<int>(k),
                     to_string(*card) + " is not in the " + std::to_string(deck.size()) +
                         "-card deck");
            if (dealt.contains(*card))
                fail(file, deal.line, at + static_cast<int>(k),
                     to_string(*card) + " is dealt twice");
            dealt.insert(*card);
            hand.insert(*card);
        }
        if (group > 4)
            fail(file, deal.line, at,
                 "a hand has 4 suits (and jokers), not " + std::to_string(group + 1));
        hands[static_cast<std::size_t>(index(next(dealer, static_cast<int>(i))))] = hand;
    }
    return {dealer, hands};
}

std::optional<Bid> bid_of(std::string text, bool blind) {
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (!blind && (text == "bnil" || text == "blindnil" || text == "bn")) return Bid::blind_nil();
    if (!blind && text.size() > 1 && text[0] == 'b') return bid_of(text.substr(1), true);
    if (text == "nil" || text == "0") return blind ? Bid::blind_nil() : Bid::nil();
    if (text.empty() || text.size() > 2 || !std::all_of(text.begin(), text.end(), ::isdigit)) {
        return std::nullopt;
    }
    int n = std::stoi(text);
    return blind ? Bid::blind_tricks(n) : Bid::tricks(n);
}

struct ReadBid {
    Bid bid;
    Word at;
};

std::vector<ReadBid> read_bids(const RawRecord& r, std::string_view file, Seat* first) {
    std::vector<ReadBid> bids;
    for (std::size_t i = 0; i < r.auction.size(); ++i) {
        const Word& w = r.auction[i];
        if (w.text == "-" && bids.empty()) {
            *first = next(*first);  // a seat before the first bidder, as PBN pads a table
            continue;
        }
        bool blind = w.text == "Blind" || w.text == "blind";
        if (blind && i + 1 < r.auction.size()) ++i;
        auto bid = bid_of(r.auction[i].text, blind);
        if (!bid) {
            fail(file, w.line, w.col,
                 "'" + r.auction[i].text +
                     "' is not a bid: a number of tricks, Nil, Blind Nil or Blind N (B6)");
        }
        bids.push_back({*bid, w});
    }
    return bids;
}

// The cards each seat played, by the columns of the [Play] lines.
struct Plays {
    Seat first = Seat::North;  // the seat of the first column
    std::vector<std::array<std::optional<std::pair<Card, Word>>, 4>> tricks;
};

Plays read_plays(const RawRecord& r, std::string_view file) {
    Plays plays;
    const TagAt* tag = r.find("Play");
    if (!tag) return plays;
    try {
        plays.first = parse_seat(tag->tag.value);
    } catch (const Error&) {
        fail(file, tag->line, tag->tag.value_col, "[Play] names a seat: N, E, S or W");
    }
    std::map<int, Word> seen;
    for (std::size_t l = 0; l < r.play.size(); ++l) {
        const std::vector<Word>& line = r.play[l];
        auto& trick = plays.tricks.emplace_back();
        if (line.size() > 4)
            fail(file, line[4].line, line[4].col, "a trick line has 4 columns, one a seat");
        // A short line (a card not played is "-", so every line has 4 columns) is the record
        // cut off in it when it is the last, and an error before more lines.
        if (line.size() < 4 && !line.empty()) {
            const std::string what = "trick line " + std::to_string(l + 1) + " has " +
                                     std::to_string(line.size()) + " of its 4 columns";
            if (l + 1 == r.play.size()) throw CutOff{"its " + what};
            fail(file, line.back().line, line.back().col, what + " (a card not played is '-')");
        }
        for (std::size_t k = 0; k < line.size(); ++k) {
            const Word& w = line[k];
            if (w.text == "-") continue;
            const bool joker =
                w.text.size() == 2 && std::toupper(static_cast<unsigned char>(w.text[0])) == 'J';
            auto card = w.text.size() != 2 ? std::nullopt
                        : joker            ? joker_of(w.text[1])
                                           : card_of(w.text[0], w.text[1]);
            if (!card)
                fail(file, w.line, w.col,
                     "'" + w.text + "' is not a card: suit then rank (CA, D2), or JH, JL");
            auto [was, added] = seen.emplace(card->index(), w);
            if (!added) {
                fail(file, w.line, w.col,
                     to_string(*card) + " is played twice (first at line " +
                         std::to_string(was->second.line) + ", column " +
                         std::to_string(was->second.col) + ")");
            }
            trick[k] = std::make_pair(*card, w);
        }
    }
    return plays;
}

// The deal with its unknown hands ("-") filled in: from the cards the seat played, when it
// played all 13, or as the cards left when it is the only one not known.
Deal full_deal(std::array<std::optional<CardSet>, 4> hands, const Plays& plays, const TagAt& tag,
               const CardSet deck, std::string_view file) {
    std::array<CardSet, 4> played;
    for (const auto& trick : plays.tricks) {
        for (std::size_t k = 0; k < 4; ++k) {
            if (trick[k])
                played[static_cast<std::size_t>(index(next(plays.first, static_cast<int>(k))))]
                    .insert(trick[k]->first);
        }
    }
    int unknown = 0;
    CardSet known;
    for (const auto& h : hands) {
        if (h) known = known | *h;
        unknown += h ? 0 : 1;
    }
    Deal deal;
    for (Seat s : kAllSeats) {
        const auto& h = hands[static_cast<std::size_t>(index(s))];
        if (h) {
            deal[s] = *h;
        } else if (played[static_cast<std::size_t>(index(s))].size() == 13) {
            deal[s] = played[static_cast<std::size_t>(index(s))];
        } else if (unknown == 1) {
            deal[s] = deck - known;
        } else {
            fail(file, tag.line, tag.tag.value_col,
                 std::string(seat_name(s)) +
                     "'s hand is not known ('-') and the play does not "
                     "give all its cards");
        }
    }
    if (auto bad = check_deal(deal, deck))
        fail(file, tag.line, tag.tag.value_col, "[Deal]: " + *bad);
    return deal;
}

// A card not played ('-') at trick t, the k-th from its leader: the play must stop there. A
// card after it is refused where it stands.
void stop_here(const Plays& plays, std::size_t t, Seat leader, int k, std::string_view file) {
    auto column = [&](Seat seat) {
        return static_cast<std::size_t>((index(seat) - index(plays.first) + 4) % 4);
    };
    for (int later = k + 1; later < 4; ++later) {
        if (const auto& cell = plays.tricks[t][column(next(leader, later))]) {
            fail(file, cell->second.line, cell->second.col,
                 "a card after the play stopped: trick " + std::to_string(t + 1) +
                     " has no card ('-') of " + seat_letter(next(leader, k)) +
                     ", who plays before this one");
        }
    }
    for (std::size_t u = t + 1; u < plays.tricks.size(); ++u) {
        for (const auto& cell : plays.tricks[u]) {
            if (!cell) continue;
            fail(file, cell->second.line, cell->second.col,
                 "a card after the play stopped: trick " + std::to_string(t + 1) +
                     " has no card ('-') of " + seat_letter(next(leader, k)) + ", and trick " +
                     std::to_string(u + 1) + " goes on");
        }
    }
}

// Replays the bids and the trick lines: each trick is played from its leader (the winner of
// the one before), each card checked where it stands.
RecordedHand hand_of(const RawRecord& r, const RuleSet& rules, std::string_view file) {
    const TagAt* deal_tag = r.find("Deal");
    if (!deal_tag) throw CutOff{"it has no [Deal]"};
    auto [dealer, hands] = read_deal(*deal_tag, rules.deck(), file);
    // [Dealer], where a record gives it too, says the same as the [Deal]: a record that says
    // two things is refused, not read one way.
    if (const TagAt* named = r.find("Dealer")) {
        const std::string& v = named->tag.value;
        if (v.size() != 1 || std::string_view("NESW").find(v[0]) == std::string_view::npos) {
            fail(file, named->line, named->tag.value_col,
                 "[Dealer] is N, E, S or W, not \"" + v + "\"");
        }
        if (parse_seat(v) != dealer) {
            fail(file, named->line, named->tag.value_col,
                 "[Dealer \"" + v + "\"] but the [Deal] starts with the dealer " +
                     seat_letter(dealer) + ": they must name the same seat");
        }
    }
    Plays plays = read_plays(r, file);
    RecordedHand hand;
    hand.dealer = dealer;
    hand.deal = full_deal(hands, plays, *deal_tag, rules.deck(), file);
    const TagAt* auction = r.find("Auction");
    if (!auction) throw CutOff{"it has no [Auction]"};
    Seat first;
    try {
        first = parse_seat(auction->tag.value);
    } catch (const Error&) {
        fail(file, auction->line, auction->tag.value_col, "[Auction] names a seat: N, E, S or W");
    }
    std::vector<ReadBid> bids = read_bids(r, file, &first);
    if (bids.size() < 4)
        throw CutOff{"its auction stops after " + std::to_string(bids.size()) + " of 4 bids"};
    if (first != next(dealer)) {
        fail(file, auction->line, auction->tag.value_col,
             "the bidding starts left of the dealer " + seat_letter(dealer) + ", with " +
                 seat_letter(next(dealer)) + ", not " + seat_letter(first));
    }
    HandState st(rules, dealer, hand.deal);
    for (const ReadBid& b : bids) {
        if (st.phase() != Phase::Bid)
            fail(file, b.at.line, b.at.col, "a fifth bid: the bidding is over");
        if (auto bad = st.check_bid(st.to_act(), b.bid))
            fail(file, b.at.line, b.at.col, bad->message);
        st.bid(st.to_act(), b.bid);
        hand.bids.push_back(b.bid);
    }
    if (!plays.tricks.empty() && plays.first != st.to_act()) {
        const TagAt* play = r.find("Play");
        fail(file, play->line, play->tag.value_col,
             "the first trick is led by " + seat_letter(st.to_act()) + ", not " +
                 seat_letter(plays.first));
    }
    for (std::size_t t = 0; t < plays.tricks.size(); ++t) {
        const auto& trick = plays.tricks[t];
        Seat leader = st.to_act();
        for (int k = 0; k < 4 && st.phase() == Phase::Play; ++k) {
            Seat seat = next(leader, k);
            const auto& cell =
                trick[static_cast<std::size_t>((index(seat) - index(plays.first) + 4) % 4)];
            if (!cell) {
                // The record stops here (an unfinished hand), or a card is left out of the
                // middle of the play, which no hand can be.
                stop_here(plays, t, leader, k, file);
                return hand;
            }
            try {
                st.play_recorded(cell->first);
            } catch (const IllegalActionError& e) {
                fail(file, cell->second.line, cell->second.col, e.what());
            }
            hand.cards.push_back(cell->first);
        }
    }
    return hand;
}

// What makes consecutive records one game: the same event, players, options and Spadework's
// own game number, and no [GameScores] of all zeros (a game starting).
std::string game_key(const RawRecord& r) {
    std::string key;
    for (std::string_view name : {"Event", "North", "East", "South", "West", "GameOptionsJson",
                                  "SpadeworkRules", "SpadeworkGame"}) {
        key += r.value(name) + '\x1f';
    }
    return key;
}

bool starts_game(const RawRecord& r) {
    std::string scores = r.value("GameScores");
    if (scores.empty()) return false;
    std::size_t colon = scores.find(':');
    std::string_view numbers =
        std::string_view(scores).substr(colon == std::string::npos ? 0 : colon + 1);
    return numbers.find_first_not_of("0 ") == std::string_view::npos;
}

RuleSet record_rules(const RawRecord& r, std::string_view file) {
    if (const TagAt* own = r.find("SpadeworkRules")) {
        return read_rules_value(own->tag.value, file, own->line, own->tag.value_col);
    }
    const TagAt* event = r.find("Event");
    const TagAt* options = r.find("GameOptionsJson");
    ptn::ValueAt e{event ? std::string_view(event->tag.value) : "", event ? event->line : r.line,
                   event ? event->tag.value_col : 1};
    ptn::ValueAt o{options ? std::string_view(options->tag.value) : "",
                   options ? options->line : r.line, options ? options->tag.value_col : 1};
    return ptn::rules_of(e, o, file);
}

// The game a first record opens: its event, date, players (a bot's "(Auto)" kept as the
// game's Auto tag) and the tags it does not turn into fields.
RecordedGame open_game(const RawRecord& r, std::string_view file) {
    RecordedGame game;
    game.event = r.value("Event");
    game.date = r.value("UTCDate");
    game.site = r.value("Site");
    game.table = r.value("Table");
    game.comment = r.value("Comment");
    game.rules = record_rules(r, file);
    std::string bots;
    static const std::string_view seats[4] = {"North", "East", "South", "West"};
    for (Seat s : kAllSeats) {
        std::string name = r.value(seats[index(s)]);
        if (name.size() >= kAuto.size() &&
            name.compare(name.size() - kAuto.size(), kAuto.size(), kAuto) == 0) {
            name.resize(name.size() - kAuto.size());
            bots += (bots.empty() ? "" : " ") + seat_letter(s);
        }
        game.players[index(s)] = name;
    }
    if (!bots.empty()) game.tags.emplace_back("Auto", bots);
    for (const TagAt& t : r.tags) {
        if (!one_of(t.tag.name, kStructural)) game.tags.emplace_back(t.tag.name, t.tag.value);
    }
    return game;
}

// A game's last hand, when another of its hands follows, must be whole: one whose play stops
// part way was cut off, and is left out with a warning at its record.
void drop_cut_hand(RecordedGame& game, int line, std::string_view file, int& left_out) {
    if (game.hands.empty()) return;
    const RecordedHand& last = game.hands.back();
    const std::size_t whole = static_cast<std::size_t>(4 * game.rules.hand_size());
    if (last.claim || last.cards.size() >= whole) return;
    ++left_out;
    warn({std::string(file), line, 1,
          "the record is cut off part way (its play stops after " +
              std::to_string(last.cards.size()) + " of " + std::to_string(whole) +
              " cards, and the game goes on in the next record): left out"});
    game.hands.pop_back();
}

// The app's option for blind trick bids is not known here: a record with one ("Blind 6") is
// read under rules that allow it from that bid up (blind_bid_min), with a warning at the bid
// that says so, rather than refused.
void admit_blind_bids(const RawRecord& r, RuleSet& rules, std::string_view file) {
    Seat first = Seat::North;
    for (const ReadBid& b : read_bids(r, file, &first)) {
        if (!b.bid.is_blind() || b.bid.is_nil()) continue;
        if (rules.blind_bid_min && *rules.blind_bid_min <= b.bid.count()) continue;
        rules.blind_bid_min = b.bid.count();
        warn({std::string(file), b.at.line, b.at.col,
              "a blind trick bid (Blind " + std::to_string(b.bid.count()) +
                  ") under rules that have none: read with blind_bid_min=" +
                  std::to_string(b.bid.count()) +
                  " (the app's option for blind bids is not known here; give the rules it was "
                  "played by with --rules or --rule)"});
    }
}

}  // namespace

bool looks_like_ptn(std::string_view head) {
    return head.rfind("% PTN", 0) == 0 || head.rfind("% PBN", 0) == 0 ||
           head.find("[GameCode \"Spades\"]") != std::string_view::npos ||
           head.find("[Event \"Trickster Cards") != std::string_view::npos;
}

std::vector<RecordedGame> read_ptn(std::string_view content, std::string_view file) {
    content = checked_utf8(content, file);
    std::vector<RecordedGame> games;
    std::string key;
    int left_out = 0;
    int last_line = 0;              // where the last game's last record starts
    std::vector<int> last_of_game;  // the same for each game
    for (const RawRecord& r : split_records(content, file)) {
        if (const TagAt* code = r.find("GameCode"); code && code->tag.value != "Spades") {
            fail(file, code->line, code->tag.value_col,
                 "a record of " + code->tag.value + ", not Spades");
        }
        bool same = !games.empty() && game_key(r) == key && !starts_game(r);
        try {
            if (!r.cut.empty()) throw CutOff{r.cut};
            RecordedGame opened = same ? RecordedGame{} : open_game(r, file);
            RecordedGame& game = same ? games.back() : opened;
            admit_blind_bids(r, game.rules, file);
            RecordedHand hand = hand_of(r, game.rules, file);
            if (same) drop_cut_hand(game, last_line, file, left_out);
            if (same) {
                for (const TagAt& t : r.tags) {
                    if (one_of(t.tag.name, ptn::kHandTags))
                        game.tags.emplace_back(t.tag.name, t.tag.value);
                }
            }
            game.hands.push_back(std::move(hand));
            if (!same) games.push_back(std::move(opened));
            if (!same) last_of_game.push_back(0);
            key = game_key(r);
            last_line = r.line;
            last_of_game.back() = r.line;
        } catch (const CutOff& cut) {
            ++left_out;
            warn({std::string(file), r.line, 1,
                  "the record is cut off part way (" + cut.what + "): left out"});
        }
    }
    if (games.empty()) {
        fail(file, 0, 0,
             left_out > 0 ? "no record is whole: every one is cut off part way"
                          : "no PTN record ([Event], [Deal], [Auction], [Play])");
    }
    for (std::size_t g = 0; g < games.size(); ++g) {
        // A game's last hand not played out is read as it stands, and said.
        const RecordedHand& last = games[g].hands.back();
        const std::size_t whole = static_cast<std::size_t>(4 * games[g].rules.hand_size());
        if (!last.claim && last.cards.size() < whole) {
            warn({std::string(file), last_of_game[g], 1,
                  "the record's play stops after " + std::to_string(last.cards.size()) + " of " +
                      std::to_string(whole) + " cards: read as a hand not played out"});
        }
        try {
            check_game(games[g]);
        } catch (const RecordError& e) {
            fail(file, 0, 0,
                 "game " + std::to_string(g + 1) + ", hand " + std::to_string(e.hand() + 1) + ": " +
                     e.what());
        }
    }
    return games;
}

}  // namespace spadework::formats
