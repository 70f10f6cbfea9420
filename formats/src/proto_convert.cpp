#include "proto_convert.h"

#include <algorithm>
#include <cctype>
#include <stdexcept>
#include <utility>

#include "spadework/formats/dates.h"
#include "spadework/formats/error.h"

namespace spadework::formats::proto_convert {

namespace gp = ::google::protobuf;

std::string value_names(const gp::EnumDescriptor* e) {
    std::string out;
    for (int k = 0; k < e->value_count(); ++k) {
        if (k > 0) out += k + 1 == e->value_count() ? " or " : ", ";
        out += e->value(k)->name();
    }
    return out;
}

namespace {
using Part = RecordPlace::Part;

std::string lower_seat(Seat s) {
    std::string name(seat_name(s));
    std::transform(name.begin(), name.end(), name.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return name;
}

// The path to the part of hand `hand` a RecordError names. Cards are found by trick: every
// trick but the last holds four.
std::vector<Step> steps_for(int hand, RecordPlace place) {
    std::vector<Step> steps{{"hands", hand}};
    switch (place.part) {
        case Part::Hand:
            break;
        case Part::Deal:
            steps.push_back({"deal"});
            break;
        case Part::Pass:
            steps.push_back({"passes"});
            steps.push_back({lower_seat(static_cast<Seat>(place.index & 3))});
            break;
        case Part::Bid:
            steps.push_back({"bids", place.index});
            break;
        case Part::Exchange:
            steps.push_back({"exchanges"});
            steps.push_back({lower_seat(static_cast<Seat>(place.index & 3))});
            break;
        case Part::Card:
            steps.push_back({"tricks", place.index / 4});
            break;
        case Part::Claim:
            steps.push_back({"claim"});
            break;
        case Part::SeatTricks:
            steps.push_back({"sheet"});
            if (place.index >= 0) steps.push_back({lower_seat(static_cast<Seat>(place.index & 3))});
            break;
        case Part::TeamTricks:
            steps.push_back({"sheet"});
            steps.push_back({place.index == 0 ? "ns" : "ew"});
            break;
    }
    return steps;
}

// ---------------------------------------------------------------------------------------
// Seats and cards.

Seat seat_from(int value, const std::string& field, const Place& place) {
    if (value < 0 || value > 3) {
        throw ConvertError(field + ": " + std::to_string(value) + " is not a seat (0-3)", place);
    }
    return static_cast<Seat>(value);
}

pb::Seat seat_to(Seat s) {
    return static_cast<pb::Seat>(index(s));
}

CardSet cards_from(const std::string& text, const std::string& field, Place place) {
    try {
        return parse_cards(text);
    } catch (const ParseError& e) {
        place.value_column = e.column();
        throw ConvertError(field + ": " + e.what(), place);
    }
}

std::string cards_to(CardSet cards) {
    return cards.empty() ? std::string() : to_string(cards);
}

// ---------------------------------------------------------------------------------------
// Rule sets. The message has one field per rule key, named as the key, so conversion goes
// through rule_values/apply_override by name and needs no list of fields of its own. A key
// whose value can be "none" is a oneof of <key>_value and <key>_none.

std::string upper(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    return out;
}

std::string lower(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

[[noreturn]] void schema_bug(std::string_view key) {
    throw InternalError("spadework.proto has a RuleSet field for every rule key (" +
                            std::string(key) + " has none)",
                        __FILE__, __LINE__);
}

// The value a message gives a key, as apply_override takes it; nothing when left out.
std::optional<std::string> rule_value(const pb::RuleSet& m, std::string_view key,
                                      std::vector<Step>& steps, const Place& place) {
    const gp::Descriptor* d = m.GetDescriptor();
    const gp::Reflection* r = m.GetReflection();
    std::string name(key);
    if (const gp::OneofDescriptor* oneof = d->FindOneofByName(name)) {
        const gp::FieldDescriptor* f = r->GetOneofFieldDescriptor(m, oneof);
        if (f == nullptr) return std::nullopt;
        steps.push_back({f->name()});
        if (f->cpp_type() == gp::FieldDescriptor::CPPTYPE_BOOL) {
            if (!r->GetBool(m, f)) {
                Place at = place;
                at.steps = steps;
                throw ConvertError(f->name() + ": false gives no " + name + "; write " + name +
                                       "_value, or leave " + name + " out",
                                   at);
            }
            return "none";
        }
        return std::to_string(r->GetInt32(m, f));
    }
    const gp::FieldDescriptor* f = d->FindFieldByName(name);
    if (f == nullptr) schema_bug(key);
    if (!r->HasField(m, f)) return std::nullopt;
    steps.push_back({f->name()});
    if (f->cpp_type() == gp::FieldDescriptor::CPPTYPE_ENUM) {
        int number = r->GetEnumValue(m, f);
        const gp::EnumValueDescriptor* v = f->enum_type()->FindValueByNumber(number);
        if (v == nullptr) {
            Place at = place;
            at.steps = steps;
            throw ConvertError(name + ": " + std::to_string(number) + " is not one of " +
                                   value_names(f->enum_type()),
                               at);
        }
        return lower(v->name());
    }
    return std::to_string(r->GetInt32(m, f));
}

std::string preset_names() {
    std::string names;
    for (const PresetInfo& info : presets()) {
        if (!names.empty()) names += ", ";
        names += info.name;
    }
    return names;
}

// Where `word` stands alone in `text` (not inside a longer name); npos when it does not.
std::size_t find_word(std::string_view text, std::string_view word) {
    auto name_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    for (std::size_t at = text.find(word); at != std::string_view::npos;
         at = text.find(word, at + 1)) {
        std::size_t end = at + word.size();
        if ((at == 0 || !name_char(text[at - 1])) &&
            (end == text.size() || !name_char(text[end]))) {
            return at;
        }
    }
    return std::string_view::npos;
}

}  // namespace

std::string words(int game, const Place& place) {
    std::string out = place.hand < 0 ? "game " + std::to_string(game + 1)
                                     : describe_record_place(game, place.hand,
                                                             place.part.value_or(RecordPlace{}));
    if (!place.detail.empty()) out += ", " + place.detail;
    return out;
}

RuleSet rules_from(const pb::RuleSet& m, const Place& place) {
    std::string name = m.name().empty() ? "classic" : m.name();
    std::optional<RuleSet> base;
    try {
        base = preset(name);
    } catch (const RuleError&) {
    }
    RuleSet out = base.value_or(RuleSet{});
    out.name = name;
    std::vector<std::pair<std::string_view, std::vector<Step>>> given;
    for (const RuleKeyInfo& key : rule_keys()) {
        std::vector<Step> steps = place.steps;
        std::optional<std::string> value = rule_value(m, key.key, steps, place);
        if (!value) {
            if (base) continue;
            Place at = place;
            at.steps.push_back({"name"});
            throw ConvertError("there is no preset named '" + name + "' to take " +
                                   std::string(key.key) + " from; give every rule, or name " +
                                   "a preset (" + preset_names() + ")",
                               at);
        }
        given.emplace_back(key.key, steps);
        try {
            apply_override(out, key.key, *value);
        } catch (const RuleError& e) {
            Place at = place;
            at.steps = steps;
            throw ConvertError(e.what(), at);
        }
    }
    try {
        check_rules(out);
    } catch (const RuleError& e) {
        // The rules do not fit together: point at the first rule the message names that the
        // message read gives.
        std::string_view what = e.what();
        Place at = place;
        std::size_t first = std::string_view::npos;
        for (const auto& [key, steps] : given) {
            std::size_t found = find_word(what, key);
            if (found < first) {
                first = found;
                at.steps = steps;
            }
        }
        throw ConvertError(e.what(), at);
    }
    return out;
}

void rules_to(const RuleSet& rules, pb::RuleSet& m) {
    const gp::Descriptor* d = m.GetDescriptor();
    const gp::Reflection* r = m.GetReflection();
    m.set_name(rules.name);
    for (const auto& [key, value] : rule_values(rules)) {
        if (d->FindOneofByName(key) != nullptr) {
            const gp::FieldDescriptor* f =
                d->FindFieldByName(key + (value == "none" ? "_none" : "_value"));
            if (f == nullptr) schema_bug(key);
            if (value == "none") {
                r->SetBool(&m, f, true);
            } else {
                r->SetInt32(&m, f, std::stoi(value));
            }
            continue;
        }
        const gp::FieldDescriptor* f = d->FindFieldByName(key);
        if (f == nullptr) schema_bug(key);
        if (f->cpp_type() == gp::FieldDescriptor::CPPTYPE_ENUM) {
            const gp::EnumValueDescriptor* v = f->enum_type()->FindValueByName(upper(value));
            if (v == nullptr) schema_bug(key + "=" + value);
            r->SetEnumValue(&m, f, v->number());
        } else {
            r->SetInt32(&m, f, std::stoi(value));
        }
    }
}

// ---------------------------------------------------------------------------------------
// Hands.

namespace {

// The cards of one trick string, with the 1-based column of each.
std::vector<std::pair<Card, int>> trick_from(const std::string& text, const Place& place) {
    std::vector<std::pair<Card, int>> cards;
    std::size_t i = 0;
    while (i < text.size()) {
        if (text[i] == ' ' || text[i] == ',' || text[i] == '\t') {
            ++i;
            continue;
        }
        std::size_t end = text.find_first_of(" ,\t", i);
        if (end == std::string::npos) end = text.size();
        try {
            cards.emplace_back(parse_card(std::string_view(text).substr(i, end - i)),
                               static_cast<int>(i) + 1);
        } catch (const ParseError& e) {
            Place at = place;
            at.part->index += static_cast<int>(cards.size());
            at.value_column = static_cast<int>(i) + e.column();
            throw ConvertError(e.what(), at);
        }
        i = end;
    }
    return cards;
}

// The 1-based column of the n-th card (0-based) of a trick string; 0 when there is none.
int token_column(const std::string& text, int n) {
    std::size_t i = text.find_first_not_of(" ,\t");
    for (; n > 0 && i != std::string::npos; --n) {
        i = text.find_first_of(" ,\t", i);
        if (i != std::string::npos) i = text.find_first_not_of(" ,\t", i);
    }
    return i == std::string::npos ? 0 : static_cast<int>(i) + 1;
}

// Where in hand h a part of its message lies.
struct HandPlace {
    Place at;
    Place operator()(std::optional<RecordPlace> part, std::vector<Step> steps,
                     std::string detail = "") const {
        Place p = at;
        p.part = part;
        p.detail = std::move(detail);
        p.steps.insert(p.steps.end(), steps.begin(), steps.end());
        return p;
    }
};

// The place of a field of the message at `p`: a fault is put at the field at fault, or at
// the message when the text leaves the field out.
Place in_field(Place p, std::string field) {
    p.steps.push_back({std::move(field)});
    return p;
}

// The bids, each checked: by the seat whose turn it is, nil or 1..13, only nil blind.
void bids_from(const pb::Hand& m, const HandPlace& place, RecordedHand& out) {
    for (int k = 0; k < m.bids_size(); ++k) {
        const pb::Bid& b = m.bids(k);
        Place p = place(RecordPlace{Part::Bid, k}, {{"bids", k}});
        Seat turn = next(out.dealer, k + 1);
        Seat seat = b.has_seat() ? seat_from(b.seat(), "seat", in_field(p, "seat")) : turn;
        if (seat != turn) {
            throw ConvertError(std::string("the bid is by ") + seat_char(seat) + ", but it was " +
                                   seat_char(turn) +
                                   "'s turn: bids go clockwise from the dealer's left",
                               in_field(p, "seat"));
        }
        std::string count = std::to_string(b.tricks());
        if (b.nil() && b.tricks() != 0) {
            throw ConvertError("a nil bid of " + count + " tricks: nil is no tricks",
                               in_field(p, "tricks"));
        }
        if (b.tricks() < 0 || b.tricks() > 13) {
            throw ConvertError("a bid of " + count + " tricks: bids are nil or 1..13",
                               in_field(p, "tricks"));
        }
        // A blind trick bid the rule set does not have is refused by the replay, at the bid.
        out.bids.push_back(b.nil()     ? (b.blind() ? Bid::blind_nil() : Bid::nil())
                           : b.blind() ? Bid::blind_tricks(b.tricks())
                                       : Bid::tricks(b.tricks()));
    }
}

// The cards played, trick by trick: four to a trick but the last of an unfinished record.
void tricks_from(const pb::Hand& m, const HandPlace& place, RecordedHand& out) {
    for (int t = 0; t < m.tricks_size(); ++t) {
        int first = static_cast<int>(out.cards.size());
        Place p = place(RecordPlace{Part::Card, first}, {{"tricks", t}});
        std::vector<std::pair<Card, int>> cards = trick_from(m.tricks(t), p);
        std::string trick = "trick " + std::to_string(t + 1);
        if (cards.empty()) throw ConvertError(trick + " is empty", p);
        if (cards.size() > 4) {
            p.part = RecordPlace{Part::Card, first + 4};
            p.value_column = cards[4].second;
            throw ConvertError(
                trick + " has " + std::to_string(cards.size()) + " cards; a trick has 4", p);
        }
        if (cards.size() < 4 && t + 1 < m.tricks_size()) {
            throw ConvertError(trick + " has " + std::to_string(cards.size()) +
                                   " cards; only the last trick of an unfinished record may "
                                   "have fewer than 4",
                               p);
        }
        for (auto& [card, column] : cards) out.cards.push_back(card);
    }
}

Claim claim_from(const pb::Claim& c, const HandPlace& place) {
    Claim claim;
    if (c.has_by()) {
        claim.by = seat_from(c.by(), "by", place(RecordPlace{Part::Claim, 0}, {{"claim"}, {"by"}}));
    }
    claim.tricks = {c.north(), c.east(), c.south(), c.west()};
    for (Seat s : kAllSeats) {
        int n = claim.tricks[index(s)];
        if (n < 0 || n > 13) {
            throw ConvertError(std::string("the claim credits ") + seat_char(s) + " with " +
                                   std::to_string(n) + " tricks",
                               place(RecordPlace{Part::Claim, 0}, {{"claim"}, {lower_seat(s)}}));
        }
    }
    return claim;
}

// Annotation k, its target checked against the bids and cards already read.
Annotation annotation_from(const pb::Annotation& a, int k, const HandPlace& place,
                           const RecordedHand& out) {
    std::string name = "annotation " + std::to_string(k + 1);
    Place p = place(std::nullopt, {{"annotations", k}}, name);
    Annotation note;
    std::size_t limit = 0;
    switch (a.target_case()) {
        case pb::Annotation::kBid:
            note.target = Annotation::Target::Bid;
            note.index = a.bid();
            limit = out.bids.size();
            break;
        case pb::Annotation::kCard:
            note.target = Annotation::Target::Card;
            note.index = a.card();
            limit = out.cards.size();
            break;
        case pb::Annotation::kHand:
            if (!a.hand()) {
                throw ConvertError("hand: false names no target; write hand: true",
                                   in_field(p, "hand"));
            }
            break;
        case pb::Annotation::TARGET_NOT_SET:
            break;
    }
    if (note.target != Annotation::Target::Hand &&
        (note.index < 0 || static_cast<std::size_t>(note.index) >= limit)) {
        std::string what = note.target == Annotation::Target::Bid ? "bid" : "card";
        throw ConvertError(what + " " + std::to_string(note.index) +
                               " is not in the hand, which has " + std::to_string(limit) + " " +
                               what + "s (counted from 0)",
                           in_field(p, what));
    }
    if (!a.glyph().empty() && !is_glyph(a.glyph())) {
        throw ConvertError("'" + a.glyph() + "' is not a glyph (! ? !! ?? !? ?!)",
                           in_field(p, "glyph"));
    }
    note.glyph = a.glyph();
    note.comment = a.comment();
    return note;
}

// A score sheet's tricks, as given; the engine checks them.
SheetTricks sheet_from(const pb::SheetTricks& m) {
    auto given = [](bool has, int value) { return has ? std::optional<int>(value) : std::nullopt; };
    SheetTricks out;
    out.seats = {given(m.has_north(), m.north()), given(m.has_east(), m.east()),
                 given(m.has_south(), m.south()), given(m.has_west(), m.west())};
    out.teams = {given(m.has_ns(), m.ns()), given(m.has_ew(), m.ew())};
    return out;
}

// `sheet`: the hand is a score sheet's, which has no deal (one given is refused by the engine).
RecordedHand hand_from(const pb::Hand& m, int h, bool sheet) {
    RecordedHand out;
    const HandPlace place{Place{h, std::nullopt, "", {{"hands", h}}, 0}};
    if (m.has_dealer()) {
        out.dealer = seat_from(m.dealer(), "dealer", place(std::nullopt, {{"dealer"}}));
    }
    try {
        if (!sheet || !m.deal().empty()) out.deal = parse_pbn(m.deal());
    } catch (const ParseError& e) {
        Place p = place(RecordPlace{Part::Deal, 0}, {{"deal"}});
        p.value_column = e.column();
        throw ConvertError(m.deal().empty() ? "the hand has no deal" : e.what(), p);
    }
    for (Seat s : kAllSeats) {
        std::string seat = lower_seat(s);
        const gp::Reflection* r = m.passes().GetReflection();
        const gp::FieldDescriptor* f = m.passes().GetDescriptor()->FindFieldByName(seat);
        out.passes[index(s)] =
            cards_from(r->GetString(m.passes(), f), "pass",
                       place(RecordPlace{Part::Pass, index(s)}, {{"passes"}, {seat}}));
        out.exchanges[index(s)] =
            cards_from(r->GetString(m.exchanges(), f), "exchange",
                       place(RecordPlace{Part::Exchange, index(s)}, {{"exchanges"}, {seat}}));
    }
    bids_from(m, place, out);
    tricks_from(m, place, out);
    if (m.has_claim()) out.claim = claim_from(m.claim(), place);
    if (m.has_sheet()) out.sheet = sheet_from(m.sheet());
    for (int k = 0; k < m.annotations_size(); ++k) {
        out.annotations.push_back(annotation_from(m.annotations(k), k, place, out));
    }
    return out;
}

// Whether text is well-formed UTF-8 (no overlong forms, surrogates or values past U+10FFFF),
// as protobuf requires of string fields.
bool is_utf8(std::string_view text) {
    std::size_t i = 0;
    while (i < text.size()) {
        auto c = static_cast<unsigned char>(text[i]);
        std::size_t follow = 0;
        unsigned char low = 0x80;
        unsigned char high = 0xBF;
        if (c < 0x80) {
            ++i;
            continue;
        } else if (c >= 0xC2 && c <= 0xDF) {
            follow = 1;
        } else if (c >= 0xE0 && c <= 0xEF) {
            follow = 2;
            if (c == 0xE0) low = 0xA0;
            if (c == 0xED) high = 0x9F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            follow = 3;
            if (c == 0xF0) low = 0x90;
            if (c == 0xF4) high = 0x8F;
        } else {
            return false;
        }
        if (text.size() - i - 1 < follow) return false;
        for (std::size_t k = 1; k <= follow; ++k) {
            auto b = static_cast<unsigned char>(text[i + k]);
            if (b < (k == 1 ? low : 0x80) || b > (k == 1 ? high : 0xBF)) return false;
        }
        i += follow + 1;
    }
    return true;
}

// A record holding other bytes than UTF-8 (a Latin-1 name from an old log) cannot be written
// as it is: protobuf would write a file that does not read back, so writing refuses it.
const std::string& utf8(const std::string& text, const std::string& what) {
    if (!is_utf8(text)) {
        throw Error("the " + what +
                    " is not UTF-8 text, which .pb, .textproto and .json files "
                    "need");
    }
    return text;
}

void sheet_to(const SheetTricks& sheet, pb::SheetTricks& m) {
    const auto& s = sheet.seats;
    if (s[0]) m.set_north(*s[0]);
    if (s[1]) m.set_east(*s[1]);
    if (s[2]) m.set_south(*s[2]);
    if (s[3]) m.set_west(*s[3]);
    if (sheet.teams[0]) m.set_ns(*sheet.teams[0]);
    if (sheet.teams[1]) m.set_ew(*sheet.teams[1]);
}

void hand_to(const RecordedHand& hand, pb::Hand& m) {
    m.set_dealer(seat_to(hand.dealer));
    if (!hand.deal.all().empty()) m.set_deal(to_pbn(hand.deal, Seat::North));
    auto seat_cards = [](const std::array<CardSet, 4>& given, pb::SeatCards* out) {
        out->set_north(cards_to(given[0]));
        out->set_east(cards_to(given[1]));
        out->set_south(cards_to(given[2]));
        out->set_west(cards_to(given[3]));
    };
    auto any = [](const std::array<CardSet, 4>& given) {
        return std::any_of(given.begin(), given.end(), [](CardSet c) { return !c.empty(); });
    };
    if (any(hand.passes)) seat_cards(hand.passes, m.mutable_passes());
    if (any(hand.exchanges)) seat_cards(hand.exchanges, m.mutable_exchanges());
    for (std::size_t k = 0; k < hand.bids.size(); ++k) {
        pb::Bid* b = m.add_bids();
        b->set_seat(seat_to(next(hand.dealer, static_cast<int>(k) + 1)));
        b->set_tricks(hand.bids[k].count());
        b->set_nil(hand.bids[k].is_nil());
        b->set_blind(hand.bids[k].is_blind());
    }
    for (std::size_t i = 0; i < hand.cards.size(); i += 4) {
        std::string trick;
        for (std::size_t j = i; j < std::min(i + 4, hand.cards.size()); ++j) {
            if (!trick.empty()) trick += ' ';
            trick += to_string(hand.cards[j]);
        }
        m.add_tricks(trick);
    }
    if (!hand.sheet.empty()) sheet_to(hand.sheet, *m.mutable_sheet());
    if (hand.claim) {
        pb::Claim* c = m.mutable_claim();
        c->set_by(seat_to(hand.claim->by));
        c->set_north(hand.claim->tricks[0]);
        c->set_east(hand.claim->tricks[1]);
        c->set_south(hand.claim->tricks[2]);
        c->set_west(hand.claim->tricks[3]);
    }
    for (const Annotation& a : hand.annotations) {
        pb::Annotation* n = m.add_annotations();
        switch (a.target) {
            case Annotation::Target::Hand:
                n->set_hand(true);
                break;
            case Annotation::Target::Bid:
                n->set_bid(a.index);
                break;
            case Annotation::Target::Card:
                n->set_card(a.index);
                break;
        }
        n->set_glyph(utf8(a.glyph, "annotation's glyph"));
        n->set_comment(utf8(a.comment, "annotation's comment"));
    }
}

}  // namespace

// ---------------------------------------------------------------------------------------
// Games.

RecordedGame game_from(const pb::Game& m) {
    RecordedGame out;
    out.event = m.event();
    out.site = m.site();
    out.date = m.date();
    out.table = m.table();
    out.players = {m.players().north(), m.players().east(), m.players().south(),
                   m.players().west()};
    out.rules = rules_from(m.rules(), Place{-1, std::nullopt, "rules", {{"rules"}}, 0});
    for (const pb::Tag& tag : m.tags()) out.tags.emplace_back(tag.name(), tag.value());
    out.comment = m.comment();
    const gp::EnumValueDescriptor* kind =
        pb::RecordKind_descriptor()->FindValueByNumber(m.record());
    if (kind == nullptr) {
        throw ConvertError("record: " + std::to_string(m.record()) + " is not one of " +
                               value_names(pb::RecordKind_descriptor()),
                           Place{-1, std::nullopt, "record", {{"record"}}, 0});
    }
    out.kind = m.record() == pb::SCORE_SHEET ? RecordKind::ScoreSheet : RecordKind::Full;
    for (int h = 0; h < m.hands_size(); ++h) {
        out.hands.push_back(hand_from(m.hands(h), h, out.score_sheet()));
    }
    try {
        check_game(out);
    } catch (const RecordError& e) {
        Place place{e.hand(), e.place(), "", steps_for(e.hand(), e.place()), 0};
        // A seat's tricks left out beside its partnership's total: the total stands for them.
        if (e.place().part == Part::SeatTricks && e.place().index >= 0 && e.hand() >= 0 &&
            e.hand() < m.hands_size()) {
            int team = e.place().index % 2;
            if (!out.hands[e.hand()].sheet.seats[e.place().index] &&
                out.hands[e.hand()].sheet.teams[team]) {
                place.steps = steps_for(e.hand(), RecordPlace{Part::TeamTricks, team});
            }
        }
        if (e.place().part == Part::Card && e.hand() >= 0 && e.hand() < m.hands_size()) {
            const pb::Hand& hand = m.hands(e.hand());
            int trick = e.place().index / 4;
            if (trick < hand.tricks_size()) {
                place.value_column = token_column(hand.tricks(trick), e.place().index % 4);
            }
        }
        throw ConvertError(e.what(), place);
    }
    return out;
}

pb::Game game_to(const RecordedGame& game) {
    pb::Game m;
    m.set_event(utf8(game.event, "event"));
    m.set_site(utf8(game.site, "site"));
    m.set_date(utf8(game.date, "date"));
    m.set_table(utf8(game.table, "table"));
    if (std::any_of(game.players.begin(), game.players.end(),
                    [](const std::string& p) { return !p.empty(); })) {
        pb::Players* p = m.mutable_players();
        p->set_north(utf8(game.players[0], "name of N"));
        p->set_east(utf8(game.players[1], "name of E"));
        p->set_south(utf8(game.players[2], "name of S"));
        p->set_west(utf8(game.players[3], "name of W"));
    }
    rules_to(game.rules, *m.mutable_rules());
    utf8(game.rules.name, "rule set's name");
    for (const auto& [name, value] : game.tags) {
        pb::Tag* tag = m.add_tags();
        tag->set_name(utf8(name, "tag name " + name));
        tag->set_value(utf8(value, "value of tag " + name));
    }
    m.set_comment(utf8(game.comment, "game's comment"));
    if (game.score_sheet()) m.set_record(pb::SCORE_SHEET);
    for (const RecordedHand& hand : game.hands) hand_to(hand, *m.add_hands());
    return m;
}

RecordedGame game_read(const pb::Game& m) {
    if (auto wrong = date_problem(m.date())) {
        throw ConvertError(*wrong, Place{-1, std::nullopt, "date", {{"date"}}, 0});
    }
    return game_from(m);
}

}  // namespace spadework::formats::proto_convert
