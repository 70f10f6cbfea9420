#include "spadework/analyzer/diagram.h"

#include <fmt/core.h>

#include <algorithm>
#include <array>
#include <vector>

#include "spadework/analyzer/text.h"
#include "spadework/formats/dates.h"
#include "text_width.h"

namespace spadework::analyzer {
namespace {

constexpr int kColumn = 22;  // where North and South start; East starts at twice this

// "AKT4" for a suit holding, "—" for a void: compact, so a hand fits in 16 columns. The trumps
// above the ace (jokers, high deuces) lead the spades by their names: "BJ 2D AKT4".
std::string suit_holding(CardSet hand, Suit suit, const PlayOrder& order) {
    std::vector<Card> cards;
    for (Card c : order.of_suit(hand, suit)) cards.push_back(c);
    std::sort(cards.begin(), cards.end(), [&](Card a, Card b) { return order.beats(a, b); });
    const Card ace(Rank::Ace, suit);
    std::string names;
    std::string ranks;
    for (Card c : cards) {
        if (is_joker(c) || c.suit() != suit || order.beats(c, ace)) {
            names += to_string(c) + " ";
        } else {
            ranks += rank_char(c.rank());
        }
    }
    if (names.empty() && ranks.empty()) return "—";
    return ranks.empty() ? names.substr(0, names.size() - 1) : names + ranks;
}

std::vector<std::string> hand_lines(const RecordedGame& game, const HandState& state, Seat s) {
    std::vector<std::string> lines;
    std::string name = game.players[index(s)].empty()
                           ? std::string(seat_name(s))
                           : std::string(seat_name(s)) + " " + game.players[index(s)];
    lines.push_back(name);
    const PlayOrder order(state.rules());
    for (Suit suit : kAllSuits) {
        lines.push_back(std::string(suit_symbol(suit)) + " " +
                        suit_holding(state.held_at_play(s), suit, order));
    }
    return lines;
}

std::string pad(const std::string& text, std::size_t to) {
    std::size_t w = display_width(text);
    return text + std::string(to > w ? to - w : 0, ' ');
}

std::string annotated(std::string text, const Annotation* note) {
    if (note) text += note->glyph;
    return text;
}

void append_comment(std::string& out, const Annotation* note, const std::string& indent) {
    if (note && !note->comment.empty()) out += indent + "{" + note->comment + "}\n";
}

std::string heading(const RecordedGame& game) {
    std::vector<std::string> parts;
    for (const std::string& s : {game.event, game.site, formats::shown_date(game.date)}) {
        if (!s.empty()) parts.push_back(s);
    }
    if (!game.table.empty()) parts.push_back("table " + game.table);
    parts.push_back("rules " + spell_rules(game.rules));
    std::string out;
    for (auto& p : parts) out += (out.empty() ? "" : " · ") + p;
    return out;
}

std::string team_players(const RecordedGame& game, Team t) {
    auto [a, b] = members(t);
    std::string first = game.players[index(a)].empty() ? seat_letter(a) : game.players[index(a)];
    std::string second = game.players[index(b)].empty() ? seat_letter(b) : game.players[index(b)];
    return std::string(team_name(t)) + " " + first + " & " + second;
}

std::string result_line(const ScoredGame& scored, int hands) {
    const auto& r = scored.result;
    if (!r) {
        if (scored.hands.empty()) return "No hand finished.";
        const Standings& s = scored.hands.back().after;
        return fmt::format("Not over after {}: NS {}, EW {}.",
                           count_of(static_cast<long long>(scored.hands.size()), "hand"),
                           s[0].score, s[1].score);
    }
    std::string out;
    if (r->winner) {
        Team w = *r->winner;
        out = fmt::format("{} win {} to {} ({}) after hand {}", team_name(w),
                          r->final[index(w)].score, r->final[index(opponent(w))].score,
                          end_reason_name(r->reason), scored.hands.size());
    } else {
        out = fmt::format("Drawn at {} all ({}) after hand {}", r->final[0].score,
                          end_reason_name(r->reason), scored.hands.size());
    }
    if (r->overtime_sets > 0) out += ", " + count_of(r->overtime_sets, "overtime set");
    // Said, or the final score would not be the running score the table ends on.
    if (std::string note = end_points_note(scored); !note.empty()) out += ", " + note;
    out += ".";
    if (scored.hands_unscored > 0 && static_cast<int>(scored.hands.size()) < hands) {
        out += scored.hands_unscored == 1
                   ? std::string(" The hand after that is not scored.")
                   : fmt::format(" The {} hands after that are not scored.", scored.hands_unscored);
    }
    return out;
}

}  // namespace

std::string end_points_note(const ScoredGame& scored) {
    if (!scored.result || scored.hands.empty()) return "";
    std::string extra;
    for (Team t : kAllTeams) {
        int d = scored.result->final[index(t)].score - scored.hands.back().after[index(t)].score;
        if (d != 0) extra += fmt::format("{}{} {:+}", extra.empty() ? "" : ", ", team_name(t), d);
    }
    return extra.empty() ? "" : extra + " at the end (end_bonus)";
}

std::string hand_diagram(const RecordedGame& game, int hand) {
    const RecordedHand& h = game.hands.at(static_cast<std::size_t>(hand));
    std::vector<RecordedIrregularity> irregular;
    HandState state = replay_hand(game.rules, h, hand, &irregular);
    ScoredGame scored = score_game(game, game.rules);

    std::string out = heading(game) + "\n";
    out += fmt::format("Hand {} of {} · dealer {}\n", hand + 1, game.hands.size(),
                       seat_name(h.dealer));
    if (const Annotation* note = h.annotation(Annotation::Target::Hand, 0)) {
        append_comment(out, note, "");
    }
    out += "\n";

    // The four hands as play began, North at the top.
    auto north = hand_lines(game, state, Seat::North);
    auto south = hand_lines(game, state, Seat::South);
    auto west = hand_lines(game, state, Seat::West);
    auto east = hand_lines(game, state, Seat::East);
    std::string indent(kColumn, ' ');
    for (auto& line : north) out += indent + line + "\n";
    for (std::size_t i = 0; i < west.size(); ++i) {
        out += pad(west[i], 2 * kColumn) + east[i] + "\n";
    }
    for (auto& line : south) out += indent + line + "\n";
    if (game.rules.pass_cards > 0 || state.exchanged(Seat::North) || state.exchanged(Seat::East) ||
        state.exchanged(Seat::South) || state.exchanged(Seat::West)) {
        out += "(the hands as play began, after the cards passed below)\n";
    }

    // Step 1. Passes and exchanges.
    for (Seat s : kAllSeats) {
        if (!h.passes[index(s)].empty()) {
            out += fmt::format("Pass: {} gives {} to {}\n", seat_letter(s),
                               to_string(h.passes[index(s)]), seat_letter(partner(s)));
        }
    }
    for (Seat s : kAllSeats) {
        if (!h.exchanges[index(s)].empty()) {
            out += fmt::format("Exchange: {} gives {} to {}\n", seat_letter(s),
                               to_string(h.exchanges[index(s)]), seat_letter(partner(s)));
        }
    }

    // Step 2. Bids.
    out += "\nBids:";
    for (std::size_t i = 0; i < h.bids.size(); ++i) {
        Seat s = next(h.dealer, static_cast<int>(i) + 1);
        out += " " + seat_letter(s) + " " +
               annotated(to_string(h.bids[i]),
                         h.annotation(Annotation::Target::Bid, static_cast<int>(i)));
    }
    out += "\n";
    for (std::size_t i = 0; i < h.bids.size(); ++i) {
        append_comment(out, h.annotation(Annotation::Target::Bid, static_cast<int>(i)),
                       "  " + seat_letter(next(h.dealer, static_cast<int>(i) + 1)) + ": ");
    }

    // Step 3. Tricks, leader first, with the winner.
    const auto& played = state.play_record();
    if (!played.empty()) out += "\nTrick  Lead  Cards                  Won by\n";
    for (std::size_t t = 0; t * 4 < played.size(); ++t) {
        std::string cards;
        std::string comments;
        for (std::size_t k = 4 * t; k < std::min(played.size(), 4 * t + 4); ++k) {
            const Annotation* note = h.annotation(Annotation::Target::Card, static_cast<int>(k));
            bool broke_rule = std::any_of(irregular.begin(), irregular.end(), [&](const auto& r) {
                return r.card == static_cast<int>(k);
            });
            // A card kept as recorded though it broke a rule of play: marked '*'.
            cards +=
                pad(annotated(to_string(played[k].card), note) + (broke_rule ? "*" : ""), 5) + " ";
            append_comment(
                comments, note,
                "         " + seat_letter(played[k].seat) + " " + to_string(played[k].card) + ": ");
        }
        std::string winner =
            t < state.trick_winners().size() ? seat_letter(state.trick_winners()[t]) : "";
        out += fmt::format("{:>5}  {:<4}  {}{}\n", t + 1, seat_letter(played[4 * t].seat),
                           pad(cards, 23), winner);
        out += comments;
    }
    for (const RecordedIrregularity& r : irregular) {
        out += "  * " + r.what + " (kept as played)\n";
    }
    if (h.claim) {
        out += "Claim by " + seat_letter(h.claim->by) + ":";
        for (Seat s : kAllSeats) {
            out += fmt::format(" {} {}", seat_letter(s), h.claim->tricks[index(s)]);
        }
        out += "\n";
    }

    // Step 4. Tricks taken and the score.
    out += "\nTricks:";
    std::optional<HandOutcome> outcome = outcome_of(state, h.claim);
    for (Seat s : kAllSeats) {
        out += fmt::format(" {} {}", seat_letter(s),
                           outcome ? outcome->tricks[index(s)] : state.tricks_taken(s));
    }
    out += outcome ? "\n" : " (unfinished)\n";
    if (static_cast<std::size_t>(hand) < scored.hands.size()) {
        const HandRecord& record = scored.hands[static_cast<std::size_t>(hand)];
        for (Team t : kAllTeams) {
            const TeamHandScore& team = record.score[t];
            out +=
                fmt::format("{}: {} → {} ({})\n", team_players(game, t), signed_number(team.delta),
                            team.after.score, count_of(team.after.bags, "bag"));
            for (const ScoreItem& item : team.items) {
                out += fmt::format("    {:<40} {:>+5}\n", item.text, item.points);
            }
        }
    } else if (outcome) {
        out += "Not scored: the game had ended before this hand.\n";
    }
    return out;
}

namespace {

// A score sheet's tricks by seat, "?" where it gave only the partnership's total, which
// follows: "? 5 ? 1 (NS 7)".
std::string sheet_trick_text(const SheetTricks& sheet) {
    std::array<std::optional<int>, 4> seats = sheet_seat_tricks(sheet);
    std::string out;
    for (Seat s : kAllSeats) {
        out += (out.empty() ? "" : " ") +
               (seats[index(s)] ? std::to_string(*seats[index(s)]) : std::string("?"));
    }
    for (Team t : kAllTeams) {
        auto [a, b] = members(t);
        if (sheet.teams[index(t)] && (!seats[index(a)] || !seats[index(b)])) {
            out += fmt::format(" ({} {})", team_name(t), *sheet.teams[index(t)]);
        }
    }
    return out;
}

}  // namespace

std::string game_table(const RecordedGame& game) {
    ScoredGame scored = score_game(game, game.rules);
    std::string out = heading(game) + "\n";
    out += team_players(game, Team::NS) + " v " + team_players(game, Team::EW) + "\n";
    if (!game.comment.empty()) out += "{" + game.comment + "}\n";
    struct Row {
        std::string bids, tricks, score;
    };
    std::vector<Row> rows;
    // The bids' and tricks' columns as wide as their widest cell: a score sheet's partnership
    // totals ("? ? ? ? (NS 7) (EW 6)") widen the tricks.
    std::size_t bids_width = 12, tricks_width = 14;
    for (std::size_t i = 0; i < game.hands.size(); ++i) {
        const RecordedHand& h = game.hands[i];
        Row row{bids_line(h), "unfinished", ""};
        if (auto outcome = hand_outcome(game, static_cast<int>(i))) {
            const auto& t = outcome->tricks;
            row.tricks = game.score_sheet() ? sheet_trick_text(h.sheet)
                                            : fmt::format("{} {} {} {}", t[0], t[1], t[2], t[3]);
            row.score = "not scored: the game was over";
        }
        if (i < scored.hands.size()) {
            const HandRecord& r = scored.hands[i];
            row.score = fmt::format("{:>+5}  {:>6}  {:>+5}  {:>6}", r.score.teams[0].delta,
                                    r.after[0].score, r.score.teams[1].delta, r.after[1].score);
            if (r.tie_to_overtime) {
                row.score += fmt::format("  level: an overtime set to {} begins",
                                         scored.rules.overtime_target);
            }
        }
        bids_width = std::max(bids_width, row.bids.size());
        tricks_width = std::max(tricks_width, row.tricks.size());
        rows.push_back(std::move(row));
    }
    out += fmt::format("\n{:>4}  {:<6}  {:<{}}  {:<{}}  {:>5}  {:>6}  {:>5}  {:>6}\n", "Hand",
                       "Dealer", "Bids N E S W", bids_width, "Tricks N E S W", tricks_width, "NS",
                       "score", "EW", "score");
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const Row& row = rows[i];
        out += fmt::format("{:>4}  {:<6}  {:<{}}  {:<{}}  {}\n", i + 1,
                           seat_letter(game.hands[i].dealer), row.bids, bids_width, row.tricks,
                           tricks_width, row.score);
    }
    out += "\n" + result_line(scored, static_cast<int>(game.hands.size())) + "\n";
    return out;
}

}  // namespace spadework::analyzer
