#include "spadework/analyzer/lesson_pages.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <vector>

#include "spadework/analyzer/review_words.h"
#include "spadework/analyzer/text.h"
#include "spadework/engine/hand.h"
#include "text_width.h"

namespace spadework::analyzer {
namespace {

// "A K 10 4", or "—" for a void.
std::string holding(CardSet hand, Suit suit) {
    std::string out;
    for (int r = kHighestRank; r >= kLowestRank; --r) {
        Rank rank = static_cast<Rank>(r);
        if (!hand.contains(Card(rank, suit))) continue;
        if (!out.empty()) out += ' ';
        out += rank_text(rank);
    }
    return out.empty() ? "—" : out;
}

std::string team_text(const TeamStanding& t) {
    return fmt::format("{} ({})", t.score, count_of(t.bags, "bag"));
}

// Rules, seat and the score situation, in one or two lines.
std::string situation(const LessonHand& hand) {
    const RecordedHand& h = hand.game.hands.front();
    std::string out =
        fmt::format("Rules: {} · you are {} · dealer {}", spell_rules(hand.game.rules),
                    seat_name(hand.learner), seat_name(h.dealer));
    bool scored = hand.before[0] != TeamStanding{} || hand.before[1] != TeamStanding{};
    if (scored) {
        Team ours = team_of(hand.learner);
        out += fmt::format("\nScore: your side {}, the opponents {}",
                           team_text(hand.before[index(ours)]),
                           team_text(hand.before[index(opponent(ours))]));
    }
    if (hand.need) out += fmt::format("\nYour side needs {} points this hand.", *hand.need);
    return out;
}

std::string bids_line(const LessonHand& hand) {
    std::vector<std::pair<Seat, Bid>> bids = hand.bids_before();
    if (bids.empty()) return hand.ask == LessonAsk::Pass ? "" : "You are first to bid.";
    std::string out = "Bids so far: ";
    for (std::size_t i = 0; i < bids.size(); ++i) {
        if (i) out += ", ";
        out += fmt::format("{} {}", seat_name(bids[i].first), to_string(bids[i].second));
    }
    return out + ".";
}

// Words wrapped to `width` columns (code points), each paragraph kept.
std::string wrap(const std::string& text, std::size_t width = 78) {
    std::string out;
    std::istringstream paragraphs(text);
    std::string paragraph;
    while (std::getline(paragraphs, paragraph)) {
        std::istringstream words(paragraph);
        std::string word;
        std::size_t column = 0;
        while (words >> word) {
            std::size_t w = display_width(word);
            if (column > 0 && column + 1 + w > width) {
                out += '\n';
                column = 0;
            } else if (column > 0) {
                out += ' ';
                ++column;
            }
            out += word;
            column += w;
        }
        out += '\n';
    }
    return out;
}

std::string prompt(const LessonHand& hand) {
    const RuleSet& rules = hand.game.rules;
    if (hand.ask == LessonAsk::Pass) {
        return fmt::format("Your pass ({} cards, like AH KH 2C)? ", rules.pass_cards);
    }
    std::string kinds = fmt::format("1-{}", rules.highest_bid());
    if (rules.nil_allowed) kinds += ", nil";
    if (hand.blind()) kinds += ", bnil";
    return fmt::format("Your bid ({})? ", kinds);
}

// Paragraphs of text as HTML, line breaks kept.
std::string paragraphs(const std::string& text) {
    std::string out = "<p>";
    for (char c : escape_markup(text)) {
        if (c == '\n') {
            out += "<br>";
        } else {
            out += c;
        }
    }
    return out + "</p>\n";
}

std::string the_answer(const LessonHand& hand) {
    return hand.ask == LessonAsk::Pass ? to_string(hand.answer_pass) : to_string(hand.answer);
}

// The analysis of a verdict as rows "answer | value | made", best first for passes.
struct Row {
    std::string answer;
    double value = 0;
    double error = 0;  // the ± of value
    std::string made;  // "100%" for bids, "24 layouts" for passes
    bool recommended = false;
    bool learner = false;
};

// "+38.0 points ± 6.1", "71% ± 4": a row's value with its ±.
std::string with_error(const LessonVerdict& v, const Row& r) {
    return format_value(v, r.value, r.error);
}

std::vector<Row> rows_of(const LessonHand& hand, const LessonVerdict& v,
                         const std::optional<LessonAnswer>& answer) {
    std::vector<Row> rows;
    if (v.bid) {
        for (const BidOption& o : v.bid->options) {
            if (o.bid.kind() == Bid::Kind::BlindNil && !hand.blind()) continue;
            Row r;
            r.answer = to_string(o.bid);
            r.value = o.expected;
            r.error = o.error;
            r.made = fmt::format("{:.0f}%", 100 * o.made);
            if (v.bid->settled_out(o)) r.made += fmt::format(" of {} layouts", o.samples);
            r.recommended = o.bid == hand.answer;
            r.learner = answer && answer->bid && *answer->bid == o.bid;
            rows.push_back(r);
        }
    } else if (v.pass) {
        for (const PassOption& o : v.pass->options) {
            Row r;
            r.answer = to_string(o.cards);
            r.value = o.expected;
            r.error = o.error;
            r.made = fmt::format("{} layouts", o.samples);
            r.recommended = o.cards == v.pass->passed;
            r.learner = answer && o.cards == v.pass->also && !v.pass->also.empty();
            rows.push_back(r);
        }
    }
    return rows;
}

}  // namespace

std::string question_text(const Lesson& lesson, const LessonHand& hand) {
    std::string out =
        fmt::format("Question {} of {}\n{}\n\n", hand.number, lesson.hands.size(), situation(hand));
    out += wrap(hand.question);
    std::string bids = bids_line(hand);
    if (!bids.empty()) out += "\n" + bids + "\n";
    if (hand.blind()) {
        out += "\nYou have not looked at your cards.\n";
    } else {
        out += "\nYour hand:\n";
        CardSet cards = hand.shown_hand();
        for (Suit s : kAllSuits) out += fmt::format("  {} {}\n", suit_symbol(s), holding(cards, s));
    }
    return out + "\n" + prompt(hand);
}

std::string answer_text(const LessonHand& hand, const LessonAnswer& answer) {
    if (hand.ask == LessonAsk::Pass) return to_string(answer.pass);
    return answer.bid ? to_string(*answer.bid) : "";
}

std::string verdict_answer_text(const LessonHand& hand, const LessonVerdict& verdict, bool best) {
    if (!best) return the_answer(hand);
    return hand.ask == LessonAsk::Pass ? to_string(verdict.pass->best)
                                       : to_string(verdict.bid->best);
}

std::string reveal_text(const Lesson& lesson, const LessonHand& hand, const LessonAnswer& answer,
                        const LessonVerdict& v) {
    const std::string what = hand.ask == LessonAsk::Pass ? "pass" : "bid";
    std::string out = fmt::format("Recommended {}: {}\n", what, the_answer(hand));
    out += wrap(hand.explanation);

    if (v.bid && v.bid->samples > 0) {
        out += fmt::format("\nYour side's tricks, double dummy over {} layouts:\n", v.bid->samples);
        if (auto note = weighted_layouts_note(*v.bid)) out += wrap(*note);
        // From the fewest tricks seen to the most, a count between them that no layout gave
        // included (as 0%), so the chart reads as a distribution with no step left out.
        const std::vector<double>& tricks = v.bid->tricks;
        auto seen = [&](std::size_t t) { return tricks[t] >= 0.005; };
        std::size_t first = 0;
        std::size_t last = tricks.size();
        while (first < tricks.size() && !seen(first)) ++first;
        while (last > first && !seen(last - 1)) --last;
        for (std::size_t t = first; t < last; ++t) {
            double share = tricks[t];
            int bar = static_cast<int>(std::lround(share * 40));
            std::string bars;
            for (int i = 0; i < bar; ++i) bars += "█";
            out += fmt::format("  {:>2} {:<40} {:>3.0f}%\n", t, bars, 100 * share);
        }
        if (v.bid->nil_kept) {
            out += fmt::format("A nil would be kept in {:.0f}% of them.\n", 100 * *v.bid->nil_kept);
        }
        if (v.bid->unsettled_nils > 0) {
            out += fmt::format(
                "On {} of them a nil was not settled within the search's budget and counts as "
                "broken.\n",
                v.bid->unsettled_nils);
        }
    }
    std::vector<Row> rows = rows_of(hand, v, answer);
    if (!rows.empty()) {
        // The last column right-aligned to its widest cell, so "0%" and "100%" line up and
        // the marks after it start in one column.
        // The value and its ± each right-aligned in a column of its own, so that the
        // figures line up whatever the ±'s digits ("+41.0 points ±  7.5", "+55.8 points ± 11.1").
        const std::string made_head = v.bid ? "made" : "valued on";
        std::size_t made_width = made_head.size();
        std::vector<std::pair<std::string, std::string>> values;
        std::size_t value_width = 0;
        std::size_t error_width = 0;
        for (const Row& r : rows) {
            made_width = std::max(made_width, r.made.size());
            values.emplace_back(format_value(v, r.value), format_error(v, r.error));
            value_width = std::max(value_width, values.back().first.size());
            error_width = std::max(error_width, values.back().second.size());
        }
        const std::size_t cell_width = std::max<std::size_t>(value_width + 3 + error_width, 7);
        out += fmt::format("\n{:<12} {:>{}}  {:>{}}\n", what == "bid" ? "Bid" : "Pass",
                           v.chance ? "chance" : "average", cell_width, made_head, made_width);
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const Row& r = rows[i];
            std::string marks;
            if (r.recommended) marks += "  ← recommended";
            if (r.learner) marks += "  ← yours";
            if (std::abs(r.value - v.best) < 1e-9) marks += "  (best)";
            const std::string cell = fmt::format("{:>{}} ± {:>{}}", values[i].first, value_width,
                                                 values[i].second, error_width);
            out += fmt::format("{:<12} {}  {:>{}}{}\n", r.answer, cell, r.made, made_width, marks);
        }
        if (v.bid) out += fmt::format("{}\n", kMadeColumnNote);
    }
    out += "\n";
    if (v.learner) {
        out += fmt::format("Your {} ({}) would have scored {} on average; the best {}.\n", what,
                           answer_text(hand, answer), format_value(v, *v.learner),
                           format_value(v, v.best));
    }
    out += v.learner_ok ? "Good.\n"
                        : fmt::format("Not good enough: more than {} below the best.\n",
                                      v.chance ? fmt::format("{:.0f}%", 100 * lesson.tolerance)
                                               : fmt::format("{:g} points", lesson.tolerance));
    return out + "\n";
}

std::string lesson_html(const Lesson& lesson, const std::map<int, LessonVerdict>& verdicts) {
    std::string out = R"(<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>)" + escape_markup(lesson.title) +
                      R"(</title>
<style>
body { font-family: "DejaVu Sans", Arial, sans-serif; max-width: 42em; margin: 2em auto; color: #111; }
.page { break-after: page; page-break-after: always; padding-bottom: 2em; }
.page:last-child { break-after: auto; page-break-after: auto; }
h1 { font-size: 1.8em; } h2 { font-size: 1.3em; border-bottom: 1px solid #999; }
.situation { color: #444; white-space: pre-line; }
.hand { font-size: 1.5em; border-collapse: collapse; margin: 1em 0; }
.hand td { padding: 0.1em 0.6em; }
.red { color: #c00; } .black { color: #000; }
.answer-line { margin-top: 2em; font-size: 1.2em; }
.analysis { border-collapse: collapse; } .analysis td, .analysis th { padding: 0.1em 0.8em; text-align: right; }
.analysis tr.recommended { font-weight: bold; }
.credit { color: #555; font-size: 0.9em; }
@media print { body { margin: 0 auto; } }
</style>
</head>
<body>
)";
    out += "<section class=\"page\">\n<h1>" + escape_markup(lesson.title) + "</h1>\n";
    out += paragraphs(lesson.point);
    out += fmt::format(
        "<p>{}. Each question is on a page of its own; its answer is on the next page.</p>\n",
        count_of(static_cast<long long>(lesson.hands.size()), "question"));
    if (!lesson.credit.empty()) {
        out += "<p class=\"credit\">Drawn from: " + escape_markup(lesson.credit) + "</p>\n";
    }
    out += "</section>\n";

    for (const LessonHand& hand : lesson.hands) {
        out += fmt::format("<section class=\"page\">\n<h2>Question {}</h2>\n", hand.number);
        out += "<p class=\"situation\">" + escape_markup(situation(hand)) + "</p>\n";
        out += paragraphs(hand.question);
        std::string bids = bids_line(hand);
        if (!bids.empty()) out += "<p>" + escape_markup(bids) + "</p>\n";
        if (hand.blind()) {
            out += "<p><em>You have not looked at your cards.</em></p>\n";
        } else {
            out += "<table class=\"hand\">\n";
            CardSet cards = hand.shown_hand();
            for (Suit s : kAllSuits) {
                bool red = s == Suit::Hearts || s == Suit::Diamonds;
                out += fmt::format("<tr><td class=\"{}\">{}</td><td>{}</td></tr>\n",
                                   red ? "red" : "black", suit_symbol(s),
                                   escape_markup(holding(cards, s)));
            }
            out += "</table>\n";
        }
        out += fmt::format("<p class=\"answer-line\">Your {}: ______________</p>\n</section>\n",
                           hand.ask == LessonAsk::Pass ? "pass" : "bid");

        out += fmt::format("<section class=\"page\">\n<h2>Answer {}</h2>\n", hand.number);
        out += fmt::format("<p><strong>{}: {}</strong></p>\n",
                           hand.ask == LessonAsk::Pass ? "Pass" : "Bid",
                           escape_markup(the_answer(hand)));
        out += paragraphs(hand.explanation);
        auto found = verdicts.find(hand.number);
        if (found != verdicts.end()) {
            const LessonVerdict& v = found->second;
            out += fmt::format(
                "<table class=\"analysis\">\n<tr><th>{}</th><th>{}</th><th>{}</th></tr>\n",
                hand.ask == LessonAsk::Pass ? "Pass" : "Bid", v.chance ? "Chance" : "Average",
                v.bid ? "Made" : "Layouts");
            for (const Row& r : rows_of(hand, v, std::nullopt)) {
                out += fmt::format("<tr{}><td>{}</td><td>{}</td><td>{}</td></tr>\n",
                                   r.recommended ? " class=\"recommended\"" : "",
                                   escape_markup(r.answer), escape_markup(with_error(v, r)),
                                   escape_markup(r.made));
            }
            out += fmt::format(
                "</table>\n<p class=\"credit\">Values: the analysis of up to {} layouts of the "
                "unseen cards, each solved double dummy; ± is the 95% confidence interval.</p>\n",
                lesson.samples);
        }
        out += "</section>\n";
    }
    return out + "</body>\n</html>\n";
}

}  // namespace spadework::analyzer
