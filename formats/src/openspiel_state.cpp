#include "openspiel_state.h"

#include <cctype>
#include <optional>
#include <string>

#include "openspiel_actions.h"
#include "spadework/formats/error.h"
#include "spadework/formats/warning.h"

namespace spadework::formats::openspiel {
namespace {

// A line as printed, without the "# " a playthrough puts before the diagram.
struct Line {
    int no = 0;
    int col0 = 1;  // the column of body[0]
    std::string_view body;
};

// A hand's actions and the lines printed before them.
struct PrintedState {
    std::vector<Action> actions;
    std::vector<Line> before;
    Action end;
};

bool is_prefix(const std::vector<Action>& a, const std::vector<Action>& b) {
    if (a.size() > b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i].id != b[i].id) return false;
    }
    return true;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.back() == ' ' || s.back() == '\r' || s.back() == '\t')) {
        s.remove_suffix(1);
    }
    return s;
}

// The words of a line and their columns.
std::vector<std::pair<std::string_view, int>> words_of(const Line& line) {
    std::vector<std::pair<std::string_view, int>> out;
    std::string_view b = line.body;
    for (std::size_t i = b.find_first_not_of(' '); i != std::string_view::npos;) {
        std::size_t j = std::min(b.find(' ', i), b.size());
        out.emplace_back(b.substr(i, j - i), line.col0 + static_cast<int>(i));
        i = b.find_first_not_of(' ', j);
    }
    return out;
}

class Checker {
  public:
    Checker(std::string_view file, const RecordedGame& game, const PrintedState& state)
        : file_(file), game_(game), state_(state), hand_(game.hands.front()) {
        replayed_.emplace(replay_hand(game.rules, hand_));
    }

    void check() {
        const std::vector<Line>& lines = state_.before;
        check_diagram();
        for (std::size_t i = 0; i < lines.size(); ++i) {
            std::string_view body = trim(lines[i].body);
            std::size_t lead = body.find_first_not_of(' ');
            if (lead == std::string_view::npos) continue;
            body.remove_prefix(lead);
            if (body == "Tricks taken:") {
                tricks_next_ = true;
            } else if (body.rfind("North East", 0) == 0) {
                std::size_t k = i + 1;
                if (k < lines.size())
                    (tricks_next_ ? check_tricks(lines[k]) : check_bids(lines[k]));
                tricks_next_ = false;
            } else if (body.rfind("Score:", 0) == 0) {
                check_score(lines[i]);
            }
        }
    }

  private:
    std::string_view file_;
    const RecordedGame& game_;
    const PrintedState& state_;
    const RecordedHand& hand_;
    std::optional<HandState> replayed_;
    bool tricks_next_ = false;

    [[noreturn]] void fail(int line, int col, const std::string& what) const {
        throw FormatError(std::string(file_), line, col, what + " (the history says otherwise)");
    }

    Seat seat_of(int player) const { return seat_of_player(hand_.dealer, player); }

    void check_bids(const Line& line) {
        auto words = words_of(line);
        for (std::size_t p = 0; p < words.size() && p < hand_.bids.size(); ++p) {
            std::string_view w = words[p].first;
            Bid b = hand_.bids[p];
            std::string want = b.is_nil() ? "Nil" : std::to_string(b.count());
            if (w != want) {
                fail(line.no, words[p].second,
                     std::string(seat_name(seat_of(static_cast<int>(p)))) + "'s bid is printed '" +
                         std::string(w) + "', not " + want);
            }
        }
    }

    void check_tricks(const Line& line) {
        auto words = words_of(line);
        for (std::size_t p = 0; p < words.size() && p < 4; ++p) {
            Seat s = seat_of(static_cast<int>(p));
            std::string want = std::to_string(replayed_->tricks_taken(s));
            if (words[p].first != want) {
                fail(line.no, words[p].second,
                     std::string(seat_name(s)) + " is printed with " + std::string(words[p].first) +
                         " tricks taken, not " + want);
            }
        }
    }

    void check_score(const Line& line) {
        auto words = words_of(line);  // Score: N/S 71 E/W -130
        if (words.size() != 5 || words[1].first != "N/S" || words[3].first != "E/W") {
            throw FormatError(std::string(file_), line.no, line.col0,
                              "a score line reads 'Score: N/S <points> E/W <points>'");
        }
        if (replayed_->phase() != Phase::Done) {
            fail(line.no, line.col0, "a score is printed for a hand not played to its end");
        }
        ScoredGame scored = score_game(game_, game_.rules);
        Standings final = scored.result ? scored.result->final : scored.hands.back().after;
        for (Team t : kAllTeams) {
            const auto& [word, col] = words[t == Team::NS ? 2 : 4];
            std::string want = std::to_string(final[index(t)].score);
            if (word != want) {
                fail(line.no, col,
                     std::string(team_name(t)) + " scored " + want + " under " + game_.rules.name +
                         " rules, not the " + std::string(word) + " printed");
            }
        }
    }

    // The 12 rows: North's four suits, West's and East's side by side, South's.
    void check_diagram() {
        std::vector<const Line*> rows;
        for (const Line& line : state_.before) {
            std::string_view b = trim(line.body);
            std::size_t lead = b.find_first_not_of(' ');
            if (lead == std::string_view::npos || lead + 1 >= b.size() + 1) continue;
            char c = b[lead];
            bool suit = c == 'S' || c == 'H' || c == 'D' || c == 'C';
            if (suit && (lead + 1 == b.size() || b[lead + 1] == ' ')) rows.push_back(&line);
        }
        if (rows.empty()) return;
        if (rows.size() < 12) {
            throw FormatError(std::string(file_), rows.front()->no, rows.front()->col0,
                              "the diagram has " + std::to_string(rows.size()) +
                                  " suit rows, not 12 (North, West and East, South)");
        }
        rows.erase(rows.begin(), rows.end() - 12);
        bool done = replayed_->phase() == Phase::Done;
        for (int i = 0; i < 12; ++i) {
            int suit = i % 4;  // S H D C
            if (i < 4) check_row(*rows[static_cast<std::size_t>(i)], {Seat::North}, suit, done);
            if (i >= 4 && i < 8) {
                check_row(*rows[static_cast<std::size_t>(i)], {Seat::West, Seat::East}, suit, done);
            }
            if (i >= 8) check_row(*rows[static_cast<std::size_t>(i)], {Seat::South}, suit, done);
        }
    }

    void check_row(const Line& line, std::vector<Seat> seats, int suit, bool done) {
        auto words = words_of(line);
        std::size_t w = 0;
        for (Seat s : seats) {
            if (w >= words.size()) fail(line.no, line.col0, "a diagram row is cut short");
            int col = words[w].second;
            ++w;
            std::string printed;
            if (w < words.size() && words[w].first.find_first_of("SHDC") != 0) {
                printed = std::string(words[w].first);
                ++w;
            }
            CardSet held = done ? hand_.deal[s] : replayed_->hand(s);
            std::string want;
            for (Card c : held.of_suit(kAllSuits[suit])) want.insert(0, to_string(c).substr(0, 1));
            if (printed != want) {
                fail(line.no, col,
                     std::string(seat_name(s)) + "'s " + std::string(suit_name(kAllSuits[suit])) +
                         " are printed '" + printed + "', not '" + want + "'");
            }
        }
    }
};

// OpenSpiel's game parameters, as GetParameters() prints them, onto the openspiel preset.
RuleSet rules_of_parameters(const Line& line, std::string_view file) {
    RuleSet rules = preset("openspiel");
    std::string_view b = line.body;
    std::size_t open = b.find('{');
    std::size_t close = b.rfind('}');
    if (open == std::string_view::npos || close == std::string_view::npos || close < open) {
        return rules;
    }
    std::string_view inner = b.substr(open + 1, close - open - 1);
    for (std::size_t i = 0; i < inner.size();) {
        std::size_t j = std::min(inner.find(',', i), inner.size());
        std::string_view item = inner.substr(i, j - i);
        std::size_t eq = item.find('=');
        int col = line.col0 + static_cast<int>(open + 1 + i);
        std::string key(item.substr(0, eq));
        std::string value(eq == std::string_view::npos ? "" : item.substr(eq + 1));
        try {
            if (key == "win_threshold") apply_override(rules, "target", value);
            if (key == "win_or_loss_bonus") apply_override(rules, "end_bonus", value);
            if (key == "mercy_threshold") {
                apply_override(rules, "loss_limit", value == "0" ? "none" : value);
            }
        } catch (const RuleError& e) {
            throw FormatError(std::string(file), line.no, col, e.what());
        }
        bool known = key == "win_threshold" || key == "win_or_loss_bonus" ||
                     key == "mercy_threshold" || key == "use_mercy_rule" || key == "num_tricks";
        if (!known) {
            warn({std::string(file), line.no, col,
                  "OpenSpiel parameter '" + key + "' has no rule here: left out"});
        }
        i = j + 1;
    }
    return rules;
}

}  // namespace

std::vector<RecordedGame> read_printed_states(std::string_view content, std::string_view file) {
    std::vector<PrintedState> states;
    std::vector<Line> lines;
    RuleSet rules = preset("openspiel");
    int no = 0;
    for (std::size_t start = 0; start <= content.size();) {
        std::size_t end = std::min(content.find('\n', start), content.size());
        std::string_view text = content.substr(start, end - start);
        start = end + 1;
        Line line{++no, 1, text};
        if (!text.empty() && text[0] == '#') {
            std::size_t skip = text.size() > 1 && text[1] == ' ' ? 2 : 1;
            line.body = text.substr(skip);
            line.col0 = static_cast<int>(skip) + 1;
        }
        if (text.rfind("GetParameters() = ", 0) == 0) {
            check_rules(rules = rules_of_parameters(line, file));
            continue;
        }
        std::size_t history = text.find("History() = [");
        if (history != 0) {
            lines.push_back(line);
            continue;
        }
        std::size_t from = history + std::string_view("History() = ").size();
        PrintedState state{scan_actions(text.substr(from), no, static_cast<int>(from) + 1, file),
                           std::move(lines), Action{0, no, static_cast<int>(text.size()) + 1}};
        lines.clear();
        if (!states.empty() && is_prefix(states.back().actions, state.actions)) states.pop_back();
        states.push_back(std::move(state));
    }
    std::vector<RecordedGame> games;
    for (const PrintedState& state : states) {
        if (state.actions.size() < static_cast<std::size_t>(kCards + kBids)) {
            // A state printed before the bidding was over is no hand to replay: said, not
            // dropped silently.
            warn({std::string(file), state.end.line, 1,
                  "History() gives " + std::to_string(state.actions.size()) +
                      " actions, before the deal (52) and the bids (4) are done: left out"});
            continue;
        }
        RecordedGame game;
        game.event = "OpenSpiel";
        game.rules = rules;
        game.hands.push_back(hand_of(state.actions, Seat::West, rules, file, state.end));
        Checker(file, game, state).check();
        games.push_back(std::move(game));
    }
    if (games.empty()) {
        throw FormatError(std::string(file), 0, 0,
                          "no History() line gives a hand dealt and bid (52 deal actions and 4 "
                          "bids)");
    }
    return games;
}

}  // namespace spadework::formats::openspiel
