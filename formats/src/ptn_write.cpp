// Writing PTN: one record a hand, as the app writes them, with the rule set in Spadework's own
// [SpadeworkRules] tag (the app's options do not name every rule) and [SpadeworkGame] telling
// games with the same event and players apart. read_ptn reads it back to the same games.
#include <map>

#include "ptn_rules.h"
#include "spadework/formats/ptn.h"
#include "tag_line.h"
#include "text_log_grammar.h"
#include "writable.h"

namespace spadework::formats {
namespace {

// Tags that tell one game's records from another's: written with every record.
constexpr std::string_view kEveryRecord[] = {"GameCode", "GameOptionsJson"};

std::string spell_bid(Bid b) {
    if (b.kind() == Bid::Kind::BlindNil) return "Blind Nil";
    if (b.is_nil()) return "Nil";
    return (b.is_blind() ? "Blind " : "") + std::to_string(b.count());
}

// A card as the app writes it: suit then rank ("SA"), a joker "JH" (high) or "JL" (low).
std::string spell_card(Card c) {
    if (c == kBigJoker) return "JH";
    if (c == kLittleJoker) return "JL";
    std::string rs = to_string(c);  // rank then suit: "AS"
    return std::string(1, rs[1]) + rs[0];
}

// The hands in PBN form from `first`; a hand's jokers in a fifth group, H high and L low.
std::string spell_deal(const Deal& deal, Seat first) {
    std::string out(1, seat_char(first));
    out += ':';
    for (int i = 0; i < 4; ++i) {
        const CardSet hand = deal[next(first, i)];
        out += (i ? " " : "") + hand_to_pbn(hand - kJokers);
        if (!(hand & kJokers).empty()) out += ".";
        for (Card joker : {kBigJoker, kLittleJoker}) {
            if (hand.contains(joker)) out += spell_card(joker)[1];
        }
    }
    return out;
}

// The trick lines: columns from the first leader's seat, each card suit then rank.
std::string spell_play(HandState st, const RecordedHand& hand) {
    Seat first = st.to_act();
    std::string out;
    std::array<std::string, 4> row{"-", "-", "-", "-"};
    bool open = false;
    for (Card c : hand.cards) {
        Seat seat = st.to_act();
        row[static_cast<std::size_t>((index(seat) - index(first) + 4) % 4)] = spell_card(c);
        open = true;
        st.play_recorded(c);
        if (st.current_trick().empty()) {
            out += row[0] + " " + row[1] + " " + row[2] + " " + row[3] + "\n";
            row = {"-", "-", "-", "-"};
            open = false;
        }
    }
    if (open) out += row[0] + " " + row[1] + " " + row[2] + " " + row[3] + "\n";
    return out;
}

std::string write_record(const RecordedGame& game, std::size_t g, std::size_t h) {
    const RecordedHand& hand = game.hands[h];
    std::string out;
    auto tag = [&out](std::string_view name, std::string_view value) {
        out += spell_tag_line(name, value) + "\n";
    };
    tag("Event", game.event);
    if (!game.date.empty()) tag("UTCDate", game.date);
    if (!game.site.empty()) tag("Site", game.site);
    if (!game.table.empty()) tag("Table", game.table);
    if (!game.comment.empty()) tag("Comment", game.comment);
    tag("SpadeworkGame", std::to_string(g + 1));
    tag("SpadeworkRules", spell_rules(game.rules));
    std::string bots;
    std::map<std::string, std::size_t> seen;
    for (const auto& [name, value] : game.tags) {
        if (name == "Auto") {
            bots = value;
            continue;
        }
        bool per_hand = false;
        bool every = false;
        for (std::string_view t : ptn::kHandTags) per_hand = per_hand || name == t;
        for (std::string_view t : kEveryRecord) every = every || name == t;
        // A hand's own tags go one a record, in order; the game's go with its first record.
        std::size_t n = seen[name]++;
        if (per_hand ? n == h : (h == 0 || (every && n == 0))) tag(name, value);
    }
    static const std::string_view seats[4] = {"West", "North", "East", "South"};
    static const Seat order[4] = {Seat::West, Seat::North, Seat::East, Seat::South};
    for (int i = 0; i < 4; ++i) {
        std::string name = game.players[index(order[i])];
        if (bots.find(seat_char(order[i])) != std::string::npos) name += " (Auto)";
        if (!name.empty()) tag(seats[i], name);
    }
    tag("Dealer", seat_letter(hand.dealer));
    tag("Deal", spell_deal(hand.deal, hand.dealer));
    tag("Auction", seat_letter(next(hand.dealer)));
    std::string bids;
    for (Bid b : hand.bids) bids += (bids.empty() ? "" : " ") + spell_bid(b);
    out += bids + "\n";
    if (!hand.cards.empty()) {
        HandState st(game.rules, hand.dealer, hand.deal);
        for (Bid b : hand.bids) st.bid(st.to_act(), b);
        tag("Play", seat_letter(st.to_act()));  // the first trick's leader
        out += spell_play(st, hand);
    }
    return out + "\n";
}

}  // namespace

std::string write_ptn(const std::vector<RecordedGame>& games) {
    std::string out = "% PTN written by Spadework: one record a hand\n\n";
    for (std::size_t g = 0; g < games.size(); ++g) {
        check_writable(games[g], g, {"a PTN record has no place for", true, false, true});
        for (std::size_t h = 0; h < games[g].hands.size(); ++h) out += write_record(games[g], g, h);
    }
    return out;
}

}  // namespace spadework::formats
