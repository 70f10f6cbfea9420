// OpenSpiel action lists: one hand a line; '# [Tag "value"]' comment lines carry the game
// around the hands (its event, players, rules, each hand's dealer), which OpenSpiel skips as
// comments. The printed state is openspiel_state.cpp's.
#include "spadework/formats/openspiel.h"

#include <algorithm>
#include <array>
#include <optional>

#include "openspiel_actions.h"
#include "openspiel_state.h"
#include "spadework/formats/error.h"
#include "tag_line.h"
#include "text_encoding.h"
#include "text_log_grammar.h"
#include "writable.h"

namespace spadework::formats {
namespace {

using openspiel::Action;

// The tags that name a field of the game rather than one kept as it is.
struct GameTags {
    RecordedGame* game = nullptr;
    bool apply(const TagLine& tag, std::string_view file, int line) {
        static const std::string_view seats[4] = {"North", "East", "South", "West"};
        if (tag.name == "Event") return (game->event = tag.value, true);
        if (tag.name == "Site") return (game->site = tag.value, true);
        if (tag.name == "Date") return (game->date = tag.value, true);
        if (tag.name == "Table") return (game->table = tag.value, true);
        if (tag.name == "Comment") return (game->comment = tag.value, true);
        if (tag.name == "Rules") {
            game->rules = read_rules_value(tag.value, file, line, tag.value_col);
            return true;
        }
        for (Seat s : kAllSeats) {
            if (tag.name == seats[index(s)]) return (game->players[index(s)] = tag.value, true);
        }
        return false;
    }
};

// A game of OpenSpiel's own: one hand under its rules, player 0 North.
RecordedGame openspiel_game() {
    RecordedGame game;
    game.event = "OpenSpiel";
    game.rules = preset("openspiel");
    return game;
}

class ListReader {
  public:
    ListReader(std::string_view file) : file_(file) {}

    std::vector<RecordedGame> read(std::string_view content) {
        int line_no = 0;
        for (std::size_t start = 0; start <= content.size();) {
            std::size_t end = std::min(content.find('\n', start), content.size());
            std::string_view line = content.substr(start, end - start);
            ++line_no;
            read_line(line, line_no);
            start = end + 1;
        }
        finish_game();
        return std::move(games_);
    }

  private:
    std::string_view file_;
    std::vector<RecordedGame> games_;
    std::optional<RecordedGame> game_;  // a game opened by an Event tag
    std::optional<Seat> dealer_;        // the next hand's, by a Dealer tag

    [[noreturn]] void fail(int line, int col, const std::string& what) const {
        throw FormatError(std::string(file_), line, col, what);
    }

    void finish_game() {
        if (!game_) return;
        if (game_->hands.empty()) {
            fail(0, 0, "game '" + game_->event + "' has tags but no hand");
        }
        games_.push_back(std::move(*game_));
        game_.reset();
    }

    void read_line(std::string_view line, int line_no) {
        std::size_t first = line.find_first_not_of(" \t\r");
        if (first == std::string_view::npos) return;
        if (line[first] == '#') {
            std::string_view rest = line.substr(first + 1);
            if (is_tag_line(rest)) {
                read_tag(read_tag_line(rest, line_no, static_cast<int>(first) + 2, file_), line_no);
            }
            return;
        }
        std::vector<Action> actions = openspiel::scan_actions(line, line_no, 1, file_);
        Action end{0, line_no, static_cast<int>(line.size()) + 1};
        RecordedGame* game = game_ ? &*game_ : nullptr;
        RecordedGame single = openspiel_game();
        if (!game) game = &single;
        Seat dealer = dealer_.value_or(Seat::West);
        game->hands.push_back(openspiel::hand_of(actions, dealer, game->rules, file_, end));
        dealer_.reset();
        if (!game_) games_.push_back(std::move(single));
    }

    void read_tag(const TagLine& tag, int line_no) {
        if (tag.name == "Event") {
            finish_game();
            game_ = openspiel_game();  // OpenSpiel's rules, unless a [Rules] tag says others
        }
        if (tag.name == "Dealer") {
            try {
                dealer_ = parse_seat(tag.value);
            } catch (const Error&) {
                fail(line_no, tag.value_col, "[Dealer] is N, E, S or W, not '" + tag.value + "'");
            }
            return;
        }
        if (!game_) {
            fail(line_no, tag.name_col,
                 "tag [" + tag.name + "] before any [Event]: a game's tags start with its Event");
        }
        if (!game_->hands.empty()) {
            fail(line_no, tag.name_col,
                 "tag [" + tag.name + "] after the game's first hand: give it before its hands");
        }
        GameTags fields{&*game_};
        if (!fields.apply(tag, file_, line_no)) game_->tags.emplace_back(tag.name, tag.value);
    }
};

// Writing.

std::string write_hand(const RecordedHand& hand) {
    std::string out;
    auto add = [&out](int id) {
        if (!out.empty()) out += ", ";
        out += std::to_string(id);
    };
    // Deal order: player i mod 4 takes the i-th card, each player's cards in id order.
    std::array<std::vector<int>, 4> ids;
    for (int p = 0; p < 4; ++p) {
        for (Card c : hand.deal[openspiel::seat_of_player(hand.dealer, p)]) {
            ids[static_cast<std::size_t>(p)].push_back(openspiel::id_of(c));
        }
        std::sort(ids[static_cast<std::size_t>(p)].begin(), ids[static_cast<std::size_t>(p)].end());
    }
    for (std::size_t i = 0; i < 13; ++i) {
        for (std::size_t p = 0; p < 4; ++p) add(ids[p][i]);
    }
    for (Bid b : hand.bids)
        add(b.is_nil() ? openspiel::kNilAction : openspiel::kNilAction + b.count());
    for (Card c : hand.cards) add(openspiel::id_of(c));
    return out + "\n";
}

std::string write_game(const RecordedGame& game) {
    std::string out;
    auto tag = [&out](std::string_view name, std::string_view value) {
        out += "# " + spell_tag_line(name, value) + "\n";
    };
    tag("Event", game.event);
    if (!game.site.empty()) tag("Site", game.site);
    if (!game.date.empty()) tag("Date", game.date);
    if (!game.table.empty()) tag("Table", game.table);
    static const std::string_view seats[4] = {"North", "East", "South", "West"};
    for (Seat s : kAllSeats) {
        if (!game.players[index(s)].empty()) tag(seats[index(s)], game.players[index(s)]);
    }
    tag("Rules", spell_rules(game.rules));
    for (const auto& [name, value] : game.tags) tag(name, value);
    if (!game.comment.empty()) tag("Comment", game.comment);
    for (const RecordedHand& hand : game.hands) {
        tag("Dealer", seat_letter(hand.dealer));
        out += write_hand(hand);
    }
    return out;
}

}  // namespace

std::vector<RecordedGame> read_openspiel(std::string_view content, std::string_view file) {
    content = checked_utf8(content, file);
    if (content.find("History() = [") != std::string_view::npos) {
        return openspiel::read_printed_states(content, file);
    }
    return ListReader(file).read(content);
}

namespace {

// OpenSpiel's game plays only what its own rules allow (spades led only from a hand of nothing
// but spades, partners' bids 13 at most together, no blind nil): a game played otherwise would
// not load there, so it is refused, naming the first bid or card at fault.
void check_openspiel_play(const RecordedGame& game, std::size_t g) {
    RecordedGame as_openspiel = game;
    take_play_keys(as_openspiel.rules, preset("openspiel"));
    std::vector<RecordedIrregularity> broken;
    try {
        broken = check_game(as_openspiel);
    } catch (const RecordError& e) {
        throw CannotHold("game " + std::to_string(g + 1) + ", hand " +
                         std::to_string(e.hand() + 1) +
                         ": OpenSpiel's own rules do not allow it: " + e.what());
    }
    if (broken.empty()) return;
    throw CannotHold("game " + std::to_string(g + 1) + ", hand " +
                     std::to_string(broken.front().hand + 1) +
                     ": OpenSpiel's own rules do not allow it: " + broken.front().what);
}

}  // namespace

bool looks_like_openspiel(std::string_view head) {
    return head.rfind("# OpenSpiel spades", 0) == 0 ||
           head.find("History() = [") != std::string_view::npos ||
           head.find("game: spades") != std::string_view::npos;
}

std::string write_openspiel(const std::vector<RecordedGame>& games) {
    std::string out =
        "# OpenSpiel spades: one hand a line of action ids (deal, bids from player 0, plays);\n"
        "# player 0 is the seat left of the hand's [Dealer]. Written by Spadework.\n";
    for (std::size_t g = 0; g < games.size(); ++g) {
        check_writable(games[g], g, {"OpenSpiel has no action for", false, true});
        check_openspiel_play(games[g], g);
        out += write_game(games[g]);
    }
    return out;
}

}  // namespace spadework::formats
