#include "spadework/analyzer/lesson.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <sstream>

#include "spadework/analyzer/data_dir.h"
#include "spadework/analyzer/text.h"
#include "spadework/engine/hand.h"
#include "spadework/formats/error.h"
#include "spadework/formats/game_file.h"
#include "spadework/formats/library.h"
#include "spadework/formats/text_log.h"

namespace spadework::analyzer {
namespace {

using formats::FormatError;

// Where each game of a text log starts, so that a lesson's own checks can point at a line:
// the line of each [Event tag, which opens a game.
struct Lines {
    std::vector<std::string> text;  // every line of the file
    std::vector<int> games;         // 1-based line of each game's [Event

    explicit Lines(const std::string& content) {
        std::istringstream in(content);
        std::string line;
        while (std::getline(in, line)) {
            text.push_back(line);
            std::size_t at = line.find_first_not_of(" \t\xEF\xBB\xBF");
            if (at != std::string::npos && line.compare(at, 7, "[Event ") == 0) {
                games.push_back(static_cast<int>(text.size()));
            }
        }
    }
    // The line and column of tag `name` in game k, or the game's first line.
    std::pair<int, int> tag(std::size_t k, const std::string& name) const {
        int first = k < games.size() ? games[k] : 1;
        int last = k + 1 < games.size() ? games[k + 1] : static_cast<int>(text.size()) + 1;
        std::string needle = "[" + name + " ";
        for (int l = first; l < last; ++l) {
            std::size_t at = text[l - 1].find(needle);
            if (at != std::string::npos) return {l, static_cast<int>(at) + 1};
        }
        return {first, 1};
    }
};

std::optional<std::string> tag_of(const RecordedGame& game, const std::string& name) {
    for (const auto& [key, value] : game.tags) {
        if (key == name) return value;
    }
    return std::nullopt;
}

std::optional<int> to_int(std::string_view text) {
    int v = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return v;
}

std::optional<double> to_double(const std::string& text) {
    try {
        std::size_t used = 0;
        double v = std::stod(text, &used);
        if (used != text.size() || !std::isfinite(v)) return std::nullopt;
        return v;
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

// "NS 420/8 EW 380/2": each side's score and bags (bags may be left out: "NS 420 EW 380").
std::optional<Standings> parse_score(const std::string& text) {
    std::istringstream in(text);
    std::string side;
    std::string value;
    Standings out{};
    bool seen[2] = {false, false};
    while (in >> side) {
        if (!(in >> value)) return std::nullopt;
        int t = side == "NS" ? 0 : side == "EW" ? 1 : -1;
        if (t < 0 || seen[t]) return std::nullopt;
        seen[t] = true;
        std::size_t slash = value.find('/');
        auto score = to_int(std::string_view(value).substr(0, slash));
        std::optional<int> bags = 0;
        if (slash != std::string::npos) bags = to_int(std::string_view(value).substr(slash + 1));
        if (!score || !bags || *bags < 0) return std::nullopt;
        out[t] = {*score, *bags};
    }
    if (!seen[0] || !seen[1]) return std::nullopt;
    return out;
}

// The hand's state at the learner's decision: the passes made and the bids before its bid, at
// the scores before the hand (which the bids under blind_behind go by).
HandState state_at(const LessonHand& h) {
    const RecordedHand& hand = h.game.hands.front();
    HandState state(h.game.rules, hand.dealer, hand.deal,
                    {h.before[index(Team::NS)].score, h.before[index(Team::EW)].score});
    if (h.ask == LessonAsk::Pass) return state;
    while (state.phase() == Phase::Pass) {
        Seat s = state.to_act();
        state.pass(s, hand.passes[index(s)]);
    }
    for (int i = 0; i < h.bid_index; ++i) state.bid(state.to_act(), hand.bids[i]);
    return state;
}

}  // namespace

CardSet LessonHand::shown_hand() const {
    if (blind()) return {};
    if (ask == LessonAsk::Pass) return game.hands.front().deal[learner];
    return state_at(*this).hand(learner);
}

std::vector<std::pair<Seat, Bid>> LessonHand::bids_before() const {
    std::vector<std::pair<Seat, Bid>> out;
    if (ask == LessonAsk::Pass) return out;
    const RecordedHand& hand = game.hands.front();
    for (int i = 0; i < bid_index; ++i) out.push_back({next(hand.dealer, i + 1), hand.bids[i]});
    return out;
}

bool LessonHand::blind() const {
    return ask == LessonAsk::Bid && answer.kind() == Bid::Kind::BlindNil;
}

std::filesystem::path default_lessons_dir() {
    if (const char* env = std::getenv("SPADEWORK_LESSONS"); env && *env) return env;
    return data_dir() / "lessons";
}

bool valid_lesson_name(const std::string& name) {
    return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
    });
}

std::optional<std::string> weighted_layouts_note(const BidDecision& d) {
    // Weighted by how well each layout fits the bids before: the shares, in the chart and in
    // the "made" column, are weighted, so say so and what the weights leave.
    if (d.effective_samples <= 0 || d.effective_samples + 0.5 >= d.samples) return std::nullopt;
    return fmt::format(
        "(Layouts that fit the bids so far count more, so the shares below and in the \"made\" "
        "column are weighted: together worth about {:.0f} layouts drawn equal.)",
        d.effective_samples);
}

std::optional<std::filesystem::path> named_my_lessons_dir() {
    if (const char* env = std::getenv("SPADEWORK_MY_LESSONS"); env && *env) return env;
    return std::nullopt;
}

std::filesystem::path default_my_lessons_dir(const std::filesystem::path& library) {
    if (auto named = named_my_lessons_dir()) return *named;
    const std::filesystem::path beside =
        library.empty() ? formats::default_library_path() : library;
    return beside.parent_path() / "my-lessons";
}

namespace {

// Throws the error of a lesson file at the tag of its k-th game.
struct LessonFail {
    const std::string& name;
    const Lines& lines;
    [[noreturn]] void operator()(std::size_t k, const std::string& tag,
                                 const std::string& what) const {
        auto [line, col] = lines.tag(k, tag);
        throw FormatError(name, line, col, what);
    }
};

// A pass question: the learner's recommended pass, recorded, and no bids.
void read_pass_answer(LessonHand& h, std::size_t k, const LessonFail& fail) {
    const RecordedHand& hand = h.game.hands.front();
    if (h.game.rules.pass_cards == 0) fail(k, "Ask", "[Ask \"pass\"] under rules without a pass");
    if (hand.passes[index(h.learner)].empty()) {
        fail(k, "Deal", "the learner's recommended pass is not recorded");
    }
    if (!hand.bids.empty()) fail(k, "Deal", "a pass question stops before the bids");
    h.answer_pass = hand.passes[index(h.learner)];
    if (const Annotation* on_hand = hand.annotation(Annotation::Target::Hand, 0)) {
        h.explanation = on_hand->comment;
    }
}

// A bid question: every pass recorded, the bids up to the learner's, which is the last.
void read_bid_answer(LessonHand& h, std::size_t k, const LessonFail& fail) {
    const RecordedHand& hand = h.game.hands.front();
    HandState state(h.game.rules, hand.dealer, hand.deal,
                    {h.before[index(Team::NS)].score, h.before[index(Team::EW)].score});
    while (state.phase() == Phase::Pass) {
        Seat s = state.to_act();
        if (hand.passes[index(s)].empty()) {
            fail(k, "Deal", "a bid question under rules with a pass records every pass");
        }
        state.pass(s, hand.passes[index(s)]);
    }
    std::optional<int> at;
    for (std::size_t i = 0; i < hand.bids.size() && !at; ++i) {
        Seat s = state.to_act();
        if (s == h.learner) at = static_cast<int>(i);
        // At the [Score] before the hand, which the record's own check (from 0 to 0) did not
        // know: a blind bid under blind_behind goes by it.
        if (auto bad = state.check_bid(s, hand.bids[i])) fail(k, "Score", bad->message);
        state.bid(s, hand.bids[i]);
    }
    if (!at) fail(k, "Learner", "the learner's recommended bid is not recorded");
    if (*at + 1 != static_cast<int>(hand.bids.size())) {
        fail(k, "Learner", "a lesson hand stops at the learner's bid: no bids after it");
    }
    h.bid_index = *at;
    h.answer = hand.bids[*at];
    const Annotation* on_bid = hand.annotation(Annotation::Target::Bid, *at);
    const Annotation* on_hand = hand.annotation(Annotation::Target::Hand, 0);
    if (on_bid && !on_bid->comment.empty()) {
        h.explanation = on_bid->comment;
    } else if (on_hand) {
        h.explanation = on_hand->comment;
    }
}

// The k-th question of a lesson: its tags, its question and its recommended answer.
LessonHand read_question(const RecordedGame& game, std::size_t k, const Lines& lines,
                         const LessonFail& fail) {
    LessonHand h;
    h.game = game;
    h.number = static_cast<int>(k) + 1;
    h.line = k < lines.games.size() ? lines.games[k] : 0;
    if (h.game.hands.size() != 1) fail(k, "Event", "a lesson question is a game of one hand");
    if (h.game.score_sheet()) {
        fail(k, "Record", "a lesson question needs a deal, which a score sheet does not have");
    }
    const RecordedHand& hand = h.game.hands.front();

    auto learner = tag_of(h.game, "Learner");
    if (!learner) fail(k, "Event", "a lesson question needs [Learner \"N|E|S|W\"]");
    try {
        h.learner = parse_seat(*learner);
    } catch (const Error&) {
        fail(k, "Learner", "[Learner] is a seat: N, E, S or W, not \"" + *learner + "\"");
    }
    std::string ask = tag_of(h.game, "Ask").value_or("bid");
    if (ask == "pass") {
        h.ask = LessonAsk::Pass;
    } else if (ask != "bid") {
        fail(k, "Ask", "[Ask] is \"bid\" or \"pass\", not \"" + ask + "\"");
    }
    if (auto score = tag_of(h.game, "Score")) {
        auto parsed = parse_score(*score);
        if (!parsed) fail(k, "Score", "[Score] reads \"NS 420/8 EW 380/2\" (score/bags)");
        h.before = *parsed;
    }
    if (auto need = tag_of(h.game, "Need")) {
        auto n = to_int(*need);
        if (!n || *n <= 0) fail(k, "Need", "[Need] is a number of points > 0");
        h.need = *n;
    }
    h.question = h.game.comment;
    if (h.question.empty()) {
        fail(k, "Event", "a lesson question needs the question as the game's {comment}");
    }
    if (!hand.cards.empty() || hand.claim) {
        fail(k, "Hand", "a lesson hand stops at the learner's decision: no cards played");
    }
    if (h.ask == LessonAsk::Pass) {
        read_pass_answer(h, k, fail);
    } else {
        read_bid_answer(h, k, fail);
    }
    if (h.explanation.empty()) {
        fail(k, "Deal",
             "a lesson hand needs its explanation: a {comment} on the learner's bid or on "
             "the hand");
    }
    return h;
}

}  // namespace

Lesson read_lesson(const std::filesystem::path& file) {
    return parse_lesson(formats::read_file(file), file);
}

Lesson parse_lesson(const std::string& content, const std::filesystem::path& file) {
    const std::string name = file.string();
    std::vector<RecordedGame> games = formats::read_text_log(content, name);
    Lines lines(content);
    const LessonFail fail{name, lines};
    if (games.empty()) throw FormatError(name, 0, 0, "a lesson needs at least one hand");

    Lesson lesson;
    lesson.file = file;
    const RecordedGame& first = games.front();
    lesson.title = first.event;
    if (lesson.title.empty()) fail(0, "Event", "a lesson's first [Event] is its title: not empty");
    auto required = [&](const std::string& tag) {
        auto v = tag_of(first, tag);
        if (!v || v->empty())
            fail(0, "Event", "a lesson needs a [" + tag + "] tag in its first game");
        return *v;
    };
    lesson.name = required("Lesson");
    if (!valid_lesson_name(lesson.name)) {
        fail(0, "Lesson",
             "a lesson name is lower case letters, digits and '-': \"" + lesson.name + "\"");
    }
    lesson.point = required("Point");
    lesson.credit = tag_of(first, "Credit").value_or("");
    auto tolerance = to_double(required("Tolerance"));
    if (!tolerance || *tolerance < 0) {
        fail(0, "Tolerance", "[Tolerance] is a number of points (or a share for a Need) >= 0");
    }
    lesson.tolerance = *tolerance;
    if (auto s = tag_of(first, "Samples")) {
        auto n = to_int(*s);
        if (!n || *n < 1 || *n > 1024) fail(0, "Samples", "[Samples] is a whole number 1..1024");
        lesson.samples = *n;
    }
    for (std::size_t k = 0; k < games.size(); ++k) {
        lesson.hands.push_back(read_question(games[k], k, lines, fail));
    }
    return lesson;
}

std::vector<Lesson> read_lessons(const std::filesystem::path& dir) {
    return read_lessons(std::vector<std::filesystem::path>{dir});
}

Lesson find_lesson(const std::filesystem::path& dir, const std::string& name) {
    return find_lesson(std::vector<std::filesystem::path>{dir}, name);
}

const formats::GameFormat& lesson_format() {
    return formats::game_format(formats::FileKind::TextLog);
}

bool is_lesson_head(std::string_view head) {
    std::size_t lesson = head.find("\n[Lesson \"");
    return lesson != std::string_view::npos && lesson < head.find("\n[Hand ");
}

std::vector<std::filesystem::path> game_files(const std::filesystem::path& path) {
    return formats::game_files(path, is_lesson_head);
}

namespace {

// The lesson files of a folder, by name; throws Error for a folder that is not there or
// cannot be read.
std::vector<std::filesystem::path> lesson_files(const std::filesystem::path& dir) {
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec)) {
        throw Error(dir.string() + ": no such folder of lessons");
    }
    std::vector<std::filesystem::path> files;
    std::filesystem::directory_iterator it(dir, ec);
    for (; !ec && it != std::filesystem::directory_iterator(); it.increment(ec)) {
        const formats::GameFormat* format = formats::format_of(it->path());
        std::error_code type_ec;
        if (it->is_regular_file(type_ec) && format == &lesson_format()) {
            files.push_back(it->path());
        }
    }
    if (ec) throw Error(dir.string() + ": cannot read the folder of lessons: " + ec.message());
    std::sort(files.begin(), files.end());
    return files;
}

}  // namespace

namespace {

// The shelf, and the names that stay ambiguous: two lessons of one name in one folder, where
// neither is more the user's than the other. A lesson of a later folder (the teacher's own)
// named as one of an earlier folder (the shipped ones) takes its place, and `clashes` (and
// `problems`, which the viewer's menu shows) say so, naming both files, the one used second.
LessonShelf shelve(const std::vector<std::filesystem::path>& dirs,
                   std::vector<LessonClash>& ambiguous) {
    LessonShelf shelf;
    std::vector<std::size_t> folder_of;  // per shelved lesson, its folder's index in `dirs`
    for (std::size_t d = 0; d < dirs.size(); ++d) {
        if (dirs[d].empty()) continue;
        std::vector<std::filesystem::path> files;
        try {
            files = lesson_files(dirs[d]);
        } catch (const Error& e) {
            shelf.problems.push_back(e.what());
        }
        for (const auto& f : files) {
            try {
                Lesson l = read_lesson(f);
                auto seen = std::find_if(shelf.lessons.begin(), shelf.lessons.end(),
                                         [&](const Lesson& s) { return s.name == l.name; });
                if (seen == shelf.lessons.end()) {
                    shelf.lessons.push_back(std::move(l));
                    folder_of.push_back(d);
                    continue;
                }
                const std::string both = "two lessons are named \"" + l.name +
                                         "\": " + seen->file.string() + " and " + f.string();
                const auto at = static_cast<std::size_t>(seen - shelf.lessons.begin());
                if (folder_of[at] == d) {
                    // Both in one folder: neither is used, and asking for it is refused.
                    ambiguous.push_back({l.name, both});
                    shelf.problems.push_back(both);
                    continue;
                }
                // The user's own lesson wins, and never hides the shipped one silently.
                shelf.clashes.push_back({l.name, both});
                shelf.problems.push_back(both);
                *seen = std::move(l);
                folder_of[at] = d;
            } catch (const Error& e) {
                // A lesson that does not read; a bug (InternalError) is not its fault.
                shelf.problems.push_back(e.what());
            }
        }
    }
    return shelf;
}

}  // namespace

LessonShelf shelve_lessons(const std::vector<std::filesystem::path>& dirs) {
    std::vector<LessonClash> ambiguous;
    return shelve(dirs, ambiguous);
}

std::vector<Lesson> read_lessons(const std::vector<std::filesystem::path>& dirs) {
    LessonShelf shelf = shelve_lessons(dirs);
    if (!shelf.problems.empty()) throw Error(shelf.problems.front());
    return std::move(shelf.lessons);
}

Lesson find_lesson(const std::vector<std::filesystem::path>& dirs, const std::string& name) {
    std::vector<LessonClash> ambiguous;
    LessonShelf shelf = shelve(dirs, ambiguous);
    for (const LessonClash& c : ambiguous) {
        if (c.name == name) throw Error(c.problem);
    }
    std::string names;
    std::vector<std::string> each;
    std::string where;
    for (Lesson& l : shelf.lessons) {
        if (l.name == name) return std::move(l);
        names += (names.empty() ? "" : ", ") + l.name;
        each.push_back(l.name);
    }
    for (const auto& dir : dirs) {
        if (!dir.empty()) where += (where.empty() ? "" : " or ") + dir.string();
    }
    std::string not_read;
    for (const std::string& p : shelf.problems) not_read += "; " + p;
    const std::optional<std::string> near = nearest_word(name, each);
    // A name asked for, as a rule set's: a slip of the keyboard is bad usage (exit 2).
    throw UsageError("no lesson named \"" + name + "\"" +
                     (near ? " (did you mean \"" + *near + "\"?)" : "") + " in " + where +
                     " (there are: " + names + ")" + not_read);
}

ReviewSettings lesson_settings(const Lesson& lesson, const LessonHand& hand, int threads) {
    ReviewSettings s;
    // A lesson's values are its author's: every question valued on all of its layouts at
    // once, the same ones the content check passed on, not stopped early.
    s.samples = lesson.samples;
    s.batch = lesson.samples;
    // The lessons were checked on layouts kept with their weights; under the review's draw by
    // rejection some recommended answers fall outside their tolerance and are to be looked at
    // again (the bid review issue's notes).
    s.fit_by_rejection = false;
    s.seed = 1;
    s.threads = threads;
    s.need_points = hand.need;
    return s;
}

LessonAnswer parse_answer(const LessonHand& hand, const std::string& raw) {
    std::string text = raw;
    text.erase(0, text.find_first_not_of(" \t"));
    text.erase(text.find_last_not_of(" \t\r\n") + 1);
    LessonAnswer out;
    if (hand.ask == LessonAsk::Pass) {
        const RuleSet& rules = hand.game.rules;
        CardSet dealt = hand.game.hands.front().deal[hand.learner];
        CardSet cards;
        try {
            cards = parse_cards(text);
        } catch (const Error& e) {
            throw Error(fmt::format("a pass is {} cards, like \"AH KH 2C\": {}", rules.pass_cards,
                                    e.what()));
        }
        if (cards.size() != rules.pass_cards) {
            throw Error(fmt::format("a pass is {} cards, not {}", rules.pass_cards, cards.size()));
        }
        if (!(cards - dealt).empty()) {
            throw Error("you do not hold " + to_string(cards - dealt));
        }
        out.pass = cards;
        return out;
    }
    Bid bid;
    try {
        bid = parse_bid(text);
    } catch (const Error&) {
        throw Error("a bid is a number of tricks, \"nil\" or \"bnil\", not \"" + text + "\"");
    }
    HandState state = state_at(hand);
    std::vector<Bid> legal = state.legal_bids();
    if (std::find(legal.begin(), legal.end(), bid) == legal.end()) {
        throw Error("\"" + to_string(bid) + "\" is not a legal bid here");
    }
    if (bid.kind() == Bid::Kind::BlindNil && !hand.blind()) {
        throw Error("blind nil is bid before looking at the cards: you have seen yours");
    }
    out.bid = bid;
    return out;
}

LessonVerdict judge(const Lesson& lesson, const LessonHand& hand,
                    const std::optional<LessonAnswer>& answer, int threads) {
    LessonVerdict v;
    ReviewSettings settings = lesson_settings(lesson, hand, threads);
    // Passes are valued in points even under a need (ReviewSettings::need_points).
    v.chance = hand.need.has_value() && hand.ask == LessonAsk::Bid;
    constexpr double kSlack = 1e-9;  // sums of weights in another order
    if (hand.ask == LessonAsk::Pass) {
        std::optional<CardSet> also;
        if (answer) also = answer->pass;
        PassDecision d =
            review_pass_decision(hand.game, 0, hand.learner, hand.before, settings, also);
        v.best = d.best_expected;
        v.recommended = d.played_expected;
        if (answer) {
            v.learner = d.also_expected;
            v.learner_ok = answer->pass == hand.answer_pass ||
                           *v.learner >= v.best - lesson.tolerance - kSlack;
        }
        v.pass = std::move(d);
    } else {
        BidDecision d = review_bid_decision(hand.game, 0, hand.bid_index, hand.before, settings);
        v.best = d.best_expected;
        v.recommended = d.played_expected;
        if (answer && answer->bid) {
            for (const BidOption& o : d.options) {
                if (o.bid == *answer->bid) v.learner = o.expected;
            }
            v.learner_ok = *answer->bid == hand.answer ||
                           (v.learner && *v.learner >= v.best - lesson.tolerance - kSlack);
        }
        v.bid = std::move(d);
    }
    v.recommended_ok = v.recommended >= v.best - lesson.tolerance - kSlack;
    return v;
}

std::string format_value(const LessonVerdict& verdict, double value) {
    if (verdict.chance) return fmt::format("{:.0f}%", 100 * value);
    return fmt::format("{:+.1f} points", value);
}

std::string format_error(const LessonVerdict& verdict, double error) {
    return verdict.chance ? fmt::format("{:.0f}", 100 * error) : fmt::format("{:.1f}", error);
}

std::string format_value(const LessonVerdict& verdict, double value, double error) {
    return format_value(verdict, value) + " ± " + format_error(verdict, error);
}

}  // namespace spadework::analyzer
