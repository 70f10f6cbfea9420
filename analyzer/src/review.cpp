// Review settings, flag classes, per-player tallies, and the review of a whole game: the
// standings each hand began from, then the play and the bids of each hand.
#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <exception>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "spadework/analyzer/review.h"
#include "spadework/analyzer/text.h"
#include "spadework/analyzer/winchance.h"

namespace spadework::analyzer {

namespace {

// Every flag class and its name: the one table the rest reads.
struct ClassName {
    FlagClass flag;
    std::string_view name;
};
constexpr ClassName kClassNames[] = {{FlagClass::None, "none"},
                                     {FlagClass::Inaccuracy, "inaccuracy"},
                                     {FlagClass::Mistake, "mistake"},
                                     {FlagClass::Blunder, "blunder"},
                                     {FlagClass::CloseCall, "close call"}};

}  // namespace

std::string_view class_name(FlagClass c) {
    for (const ClassName& n : kClassNames) {
        if (n.flag == c) return n.name;
    }
    return "none";
}

std::optional<FlagClass> parse_class_name(std::string_view name) {
    for (const ClassName& n : kClassNames) {
        if (n.name == name) return n.flag;
    }
    return std::nullopt;
}

Thresholds default_thresholds(const RuleSet& rules) {
    // The unit: what a trick of contract is worth, or under flat scoring the largest award.
    int unit = std::max(
        {rules.bid_trick_points, rules.exact_points, rules.over_points, rules.set_points, 1});
    Thresholds t;
    t.inaccuracy = 1;
    t.mistake = std::max(unit, 2);
    t.blunder = std::max(t.mistake + 1, std::min(5 * unit, rules.target / 2));
    t.bid = unit;
    return t;
}

FlagClass classify(double cost_points, const Thresholds& t) {
    if (cost_points >= t.blunder) return FlagClass::Blunder;
    if (cost_points >= t.mistake) return FlagClass::Mistake;
    if (cost_points >= t.inaccuracy) return FlagClass::Inaccuracy;
    return FlagClass::None;
}

FlagClass classify_bid(double shortfall, const Thresholds& t) {
    return shortfall > t.bid ? classify(shortfall, t) : FlagClass::None;
}

Thresholds ReviewSettings::thresholds_for(const RuleSet& rules) const {
    auto it = thresholds.find(rules.name);
    return it != thresholds.end() ? it->second : default_thresholds(rules);
}

std::string ReviewSettings::key() const {
    std::string key =
        fmt::format("v{} samples={} batch={} confidence={} seed={} weight={}", kAnalyzerVersion,
                    samples, batch, confidence, seed, weight_by_bids ? 1 : 0);
    for (const auto& [name, t] : thresholds) {
        key += fmt::format(" {}={}/{}/{}/{}", name, t.inaccuracy, t.mistake, t.blunder, t.bid);
    }
    if (need_points) key += fmt::format(" need={}", *need_points);
    if (nil_node_budget != ReviewSettings{}.nil_node_budget) {
        key += fmt::format(" nil_budget={}", nil_node_budget);
    }
    if (score_node_budget != ReviewSettings{}.score_node_budget) {
        key += fmt::format(" score_budget={}", score_node_budget);
    }
    if (parts != ReviewParts::Both) key += fmt::format(" only={}", parts_name(parts));
    if (!fit_by_rejection) key += " fit=weights";
    if (grade == Grade::Game) {
        key += " grade=game";
        const ChanceThresholds& c = chance_thresholds;
        if (c.inaccuracy != ChanceThresholds{}.inaccuracy ||
            c.mistake != ChanceThresholds{}.mistake || c.blunder != ChanceThresholds{}.blunder) {
            key += fmt::format(" chance={}/{}/{}", c.inaccuracy, c.mistake, c.blunder);
        }
    }
    return key;
}

std::string_view grade_name(Grade grade) {
    return grade == Grade::Game ? "game" : "points";
}

std::optional<Grade> parse_grade(std::string_view text) {
    for (Grade g : {Grade::Points, Grade::Game}) {
        if (text == grade_name(g)) return g;
    }
    return std::nullopt;
}

// Chances closer than this (a hundredth of a percentage point, the solver's unit) are equal.
constexpr double kSameChance = 1e-4 / 2;

FlagClass classify_chance(double drop, const ChanceThresholds& t) {
    if (drop >= t.blunder) return FlagClass::Blunder;
    if (drop >= t.mistake) return FlagClass::Mistake;
    if (drop >= t.inaccuracy) return FlagClass::Inaccuracy;
    return FlagClass::None;
}

std::string_view parts_name(ReviewParts parts) {
    switch (parts) {
        case ReviewParts::Bids:
            return "bids";
        case ReviewParts::Play:
            return "play";
        case ReviewParts::Both:
            break;
    }
    return "both";
}

std::optional<ReviewParts> parse_parts(std::string_view text) {
    for (ReviewParts p : {ReviewParts::Both, ReviewParts::Bids, ReviewParts::Play}) {
        if (text == parts_name(p)) return p;
    }
    return std::nullopt;
}

namespace {

// The 1-based line and column of a byte offset in a text.
std::pair<int, int> line_col(std::string_view text, std::size_t offset) {
    int line = 1;
    int col = 1;
    for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            col = 1;
        } else {
            ++col;
        }
    }
    return {line, col};
}

// Where a key first appears in the text, as "file:line:col".
std::string where_key(std::string_view text, const std::string& file, std::string_view key) {
    std::size_t at = text.find(fmt::format("\"{}\"", key));
    auto [line, col] = line_col(text, at == std::string_view::npos ? 0 : at);
    return fmt::format("{}:{}:{}", file, line, col);
}

// The preset of that name, or classic for a name that is not one (a rule set file's own).
RuleSet preset_or_classic(const std::string& name) {
    for (const PresetInfo& p : presets()) {
        if (p.name == name) return preset(name);
    }
    return preset("classic");
}

// A whole number from lo to hi, else an Error at the key's place.
int need_int(const nlohmann::json& v, std::string_view key, int lo, int hi, std::string_view text,
             const std::string& file) {
    if (!v.is_number_integer() || v.get<long long>() < lo || v.get<long long>() > hi) {
        throw Error(fmt::format("{}: \"{}\" must be a whole number from {} to {}",
                                where_key(text, file, key), key, lo, hi));
    }
    return v.get<int>();
}

// "thresholds": {"classic": {"inaccuracy": 1, "mistake": 10, "blunder": 50, "bid": 10}}.
void read_thresholds(const nlohmann::json& v, std::string_view text, const std::string& file,
                     ReviewSettings& s) {
    if (!v.is_object()) {
        throw Error(fmt::format("{}: \"thresholds\" must map rule set names to objects",
                                where_key(text, file, "thresholds")));
    }
    for (const auto& [name, tv] : v.items()) {
        if (!tv.is_object()) {
            throw Error(fmt::format("{}: thresholds for \"{}\" must be an object",
                                    where_key(text, file, name), name));
        }
        Thresholds t = default_thresholds(preset_or_classic(name));
        for (const auto& [tk, x] : tv.items()) {
            if (tk == "inaccuracy") {
                t.inaccuracy = need_int(x, tk, 0, 100000, text, file);
            } else if (tk == "mistake") {
                t.mistake = need_int(x, tk, 0, 100000, text, file);
            } else if (tk == "blunder") {
                t.blunder = need_int(x, tk, 0, 100000, text, file);
            } else if (tk == "bid") {
                if (!x.is_number() || x.get<double>() < 0) {
                    throw Error(fmt::format("{}: \"bid\" must be a number of points, 0 or more",
                                            where_key(text, file, tk)));
                }
                t.bid = x.get<double>();
            } else {
                throw Error(
                    fmt::format("{}: unknown threshold \"{}\" (inaccuracy, mistake, blunder, bid)",
                                where_key(text, file, tk), tk));
            }
        }
        if (!(t.inaccuracy <= t.mistake && t.mistake <= t.blunder)) {
            throw Error(
                fmt::format("{}: thresholds for \"{}\" must rise: inaccuracy <= mistake <= blunder",
                            where_key(text, file, name), name));
        }
        s.thresholds[name] = t;
    }
}

// "chance_thresholds": {"inaccuracy": 0.05, "mistake": 0.1, "blunder": 0.15}: the drops in
// the chance of winning (0..1) that grade a decision by the game.
ChanceThresholds read_chance_thresholds(const nlohmann::json& v, std::string_view text,
                                        const std::string& file) {
    if (!v.is_object()) {
        throw Error(fmt::format(
            "{}: \"chance_thresholds\" must be an object: {{\"inaccuracy\": 0.05, ...}}",
            where_key(text, file, "chance_thresholds")));
    }
    ChanceThresholds t;
    for (const auto& [tk, x] : v.items()) {
        double* field = tk == "inaccuracy" ? &t.inaccuracy
                        : tk == "mistake"  ? &t.mistake
                        : tk == "blunder"  ? &t.blunder
                                           : nullptr;
        if (field == nullptr) {
            throw Error(
                fmt::format("{}: unknown chance threshold \"{}\" (inaccuracy, mistake, blunder)",
                            where_key(text, file, tk), tk));
        }
        if (!x.is_number() || x.get<double>() <= 0 || x.get<double>() > 1) {
            throw Error(fmt::format(
                "{}: \"{}\" must be a drop in the chance of winning, above 0 and at most 1 "
                "(0.05 is 5 points of chance)",
                where_key(text, file, tk), tk));
        }
        *field = x.get<double>();
    }
    if (!(t.inaccuracy <= t.mistake && t.mistake <= t.blunder)) {
        throw Error(fmt::format("{}: chance thresholds must rise: inaccuracy <= mistake <= blunder",
                                where_key(text, file, "chance_thresholds")));
    }
    return t;
}

}  // namespace

ReviewSettings parse_settings(std::string_view text, const std::string& file) {
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(text.begin(), text.end());
    } catch (const nlohmann::json::parse_error& e) {
        auto [line, col] = line_col(text, e.byte > 0 ? e.byte - 1 : 0);
        throw Error(fmt::format("{}:{}:{}: not valid JSON: {}", file, line, col,
                                json_error_text(e.what())));
    }
    if (!j.is_object()) throw Error(fmt::format("{}:1:1: settings must be a JSON object", file));
    ReviewSettings s;
    auto need = [&](const nlohmann::json& v, std::string_view key, int lo, int hi) {
        return need_int(v, key, lo, hi, text, file);
    };
    for (const auto& [key, v] : j.items()) {
        if (key == "samples") {
            s.samples = need(v, key, 1, 100000);
        } else if (key == "batch") {
            s.batch = need(v, key, 1, 100000);
        } else if (key == "confidence") {
            if (!v.is_number() || v.get<double>() < 0.5 || v.get<double>() > 0.999) {
                throw Error(fmt::format("{}: \"confidence\" must be a number from 0.5 to 0.999",
                                        where_key(text, file, key)));
            }
            s.confidence = v.get<double>();
        } else if (key == "seed") {
            if (!v.is_number_unsigned() && !v.is_number_integer()) {
                throw Error(
                    fmt::format("{}: \"seed\" must be a whole number", where_key(text, file, key)));
            }
            s.seed = v.get<std::uint64_t>();
        } else if (key == "weight_by_bids") {
            if (!v.is_boolean()) {
                throw Error(fmt::format("{}: \"weight_by_bids\" must be true or false",
                                        where_key(text, file, key)));
            }
            s.weight_by_bids = v.get<bool>();
        } else if (key == "grade") {
            std::optional<Grade> g =
                v.is_string() ? parse_grade(v.get<std::string>()) : std::nullopt;
            if (!g) {
                throw Error(fmt::format("{}: \"grade\" must be \"points\" or \"game\"",
                                        where_key(text, file, key)));
            }
            s.grade = *g;
        } else if (key == "threads") {
            s.threads = need(v, key, 0, 256);
        } else if (key == "table_megabytes") {
            s.table_megabytes = static_cast<std::size_t>(need(v, key, 1, 4096));
        } else if (key == "nil_node_budget" || key == "score_node_budget") {
            // At least a thousand positions; at most what a night's solve could use.
            if (!v.is_number_integer() || v.get<long long>() < 1000 ||
                v.get<long long>() > 100'000'000'000LL) {
                throw Error(
                    fmt::format("{}: \"{}\" must be a whole number from 1000 to 100000000000",
                                where_key(text, file, key), key));
            }
            (key == "nil_node_budget" ? s.nil_node_budget : s.score_node_budget) =
                v.get<std::uint64_t>();
        } else if (key == "thresholds") {
            read_thresholds(v, text, file, s);
        } else if (key == "chance_thresholds") {
            s.chance_thresholds = read_chance_thresholds(v, text, file);
        } else {
            throw Error(
                fmt::format("{}: unknown setting \"{}\" (samples, batch, confidence, seed, "
                            "weight_by_bids, grade, threads, table_megabytes, nil_node_budget, "
                            "score_node_budget, thresholds, chance_thresholds)",
                            where_key(text, file, key), key));
        }
    }
    return s;
}

ReviewSettings read_settings(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Error(fmt::format("{}: cannot open the settings file", path));
    std::ostringstream text;
    text << in.rdbuf();
    return parse_settings(text.str(), path);
}

void PlayStats::add(const CardReview& card) {
    ++cards;
    if (!card.judged()) return;
    ++decisions;
    // Graded by the game, the best is the best chance to win it; else the best score.
    if (card.best_chance ? card.cost_chance() < kSameChance : card.cost_points() <= 0) ++kept_best;
    points_lost += std::max(0, card.cost_points());
    if (card.best_chance) chance_lost += card.cost_chance();
    switch (card.flag) {
        case FlagClass::Inaccuracy:
            ++inaccuracies;
            break;
        case FlagClass::Mistake:
            ++mistakes;
            break;
        case FlagClass::Blunder:
            ++blunders;
            break;
        case FlagClass::None:
        case FlagClass::CloseCall:  // bids and passes only
            break;
    }
}

int PlayReview::unvalued() const {
    return static_cast<int>(std::count_if(cards.begin(), cards.end(),
                                          [](const CardReview& c) { return !c.score_valued; }));
}

void PlayStats::add(const PlayStats& o) {
    cards += o.cards;
    decisions += o.decisions;
    kept_best += o.kept_best;
    inaccuracies += o.inaccuracies;
    mistakes += o.mistakes;
    blunders += o.blunders;
    points_lost += o.points_lost;
    chance_lost += o.chance_lost;
}

std::vector<Standings> standings_before_hands(const RecordedGame& game) {
    ScoredGame scored = score_game(game, game.rules);
    std::vector<Standings> out;
    Standings now{};
    for (std::size_t i = 0; i < game.hands.size(); ++i) {
        out.push_back(now);
        if (i < scored.hands.size()) {
            now = scored.hands[i].tie_to_overtime ? Standings{} : scored.hands[i].after;
        }
    }
    return out;
}

namespace {

using Clock = std::chrono::steady_clock;

// The hands to review, 0-based.
std::vector<int> hands_to_review(const RecordedGame& game, std::optional<int> only_hand) {
    std::vector<int> hands;
    for (int h = 0; h < static_cast<int>(game.hands.size()); ++h) {
        if (!only_hand || *only_hand == h) hands.push_back(h);
    }
    if (only_hand && hands.empty()) {
        throw Error(fmt::format("the game has {} hands: there is no hand {}", game.hands.size(),
                                *only_hand + 1));
    }
    return hands;
}

// A game of a batch while its steps run. Its steps and `failed`, `errors`, `began` and
// `ended` are shared with the workers under the batch's lock; each step writes its own part
// of `review` (a hand's play or its bids).
struct OpenGame {
    int index = 0;
    std::optional<RecordedGame> game;  // none when it could not be loaded
    GameReview review;
    std::exception_ptr error;                // what stopped it before any step (load, check)
    std::vector<std::exception_ptr> errors;  // per step, in the game's step order
    int play_steps = 0;  // the play of each hand with cards first, when asked for
    int bid_steps = 0;   // then the parts of each hand's bids (par, each pass, each bid)
    int steps_left = 0;
    // Per hand slot, the parts of its bid review and their reviews, merged when the game is
    // done, and how many are still to come (a hand's bids count as done with its last part).
    std::vector<std::vector<BidPart>> bid_parts;
    std::vector<std::vector<BidReview>> part_reviews;
    std::vector<int> parts_left;
    bool failed = false;  // a step failed: the game's steps not yet begun are skipped
    std::optional<Clock::time_point> began;
    Clock::time_point ended;
    std::shared_ptr<const WinChanceTable> chances;  // graded by the game: its rule set's table
};

// The win-chance tables a batch grades by, one per rule set, loaded (or built and cached) the
// first time a game of that rule set opens. A rule set whose table cannot be made (a hand
// limit, bags kept apart from the score) is graded by points, and the review says why.
class ChanceTables {
  public:
    std::shared_ptr<const WinChanceTable> get(const RuleSet& rules, std::string& note) {
        const std::string key = winchance_key(rules, WinChanceOptions{});
        auto it = tables_.find(key);
        if (it == tables_.end()) {
            Entry e;
            try {
                e.table = std::make_shared<const WinChanceTable>(
                    load_winchance(rules, WinChanceOptions{}).table);
            } catch (const Error& error) {
                e.note = fmt::format("Graded by points: no win-chance table for these rules ({}).",
                                     error.what());
            }
            it = tables_.emplace(key, std::move(e)).first;
        }
        note = it->second.note;
        return it->second.table;
    }

  private:
    struct Entry {
        std::shared_ptr<const WinChanceTable> table;
        std::string note;
    };
    std::map<std::string, Entry> tables_;
};

// One step of a batch's review: the play of one hand of an open game, or a part of its bids.
struct ReviewTask {
    OpenGame* game = nullptr;
    int slot = 0;   // in the game's review hands
    int order = 0;  // in the game's steps
    bool play = false;
    int part = 0;  // of the bids: in the hand's bid_parts
};

// Opens game `index` of a batch: loads and checks it, and lays out its review, a hand a slot,
// with the standings each hand began from. An error is kept as the game's.
std::unique_ptr<OpenGame> open_game(int index, const GameLoader& load,
                                    const ReviewSettings& settings, std::optional<int> only_hand,
                                    ChanceTables& tables) {
    auto g = std::make_unique<OpenGame>();
    g->index = index;
    g->review.settings_key = settings.key();
    g->review.parts = settings.parts;
    try {
        g->game = load(index);
        check_game(*g->game);
        if (settings.grade == Grade::Game) {
            g->chances = tables.get(g->game->rules, g->review.grade_note);
            if (g->chances) g->review.grade = Grade::Game;
        }
        std::vector<Standings> before = standings_before_hands(*g->game);
        for (int h : hands_to_review(*g->game, only_hand)) {
            HandReview hr;
            hr.hand = h;
            hr.before = before[h];
            g->review.hands.push_back(std::move(hr));
        }
    } catch (...) {
        g->error = std::current_exception();
        g->review.hands.clear();
        return g;
    }
    if (settings.parts != ReviewParts::Bids) {
        for (const HandReview& hr : g->review.hands) {
            g->play_steps += g->game->hands[hr.hand].cards.empty() ? 0 : 1;
        }
    }
    if (settings.parts != ReviewParts::Play) {
        for (const HandReview& hr : g->review.hands) {
            g->bid_parts.push_back(bid_parts(*g->game, hr.hand));
            g->part_reviews.emplace_back(g->bid_parts.back().size());
            g->parts_left.push_back(static_cast<int>(g->bid_parts.back().size()));
            g->bid_steps += static_cast<int>(g->bid_parts.back().size());
        }
    }
    g->steps_left = g->play_steps + g->bid_steps;
    g->errors.resize(g->steps_left);
    return g;
}

// The play steps of a game, or its bid steps, in the game's step order.
std::vector<ReviewTask> game_tasks(OpenGame& g, bool play) {
    std::vector<ReviewTask> tasks;
    if ((play ? g.play_steps : g.bid_steps) == 0) return tasks;
    int order = play ? 0 : g.play_steps;
    for (int i = 0; i < static_cast<int>(g.review.hands.size()); ++i) {
        if (play) {
            if (!g.game->hands[g.review.hands[i].hand].cards.empty()) {
                tasks.push_back({&g, i, order++, true, 0});
            }
            continue;
        }
        const auto& parts = g.bid_parts[static_cast<std::size_t>(i)];
        for (int k = 0; k < static_cast<int>(parts.size()); ++k) {
            tasks.push_back({&g, i, order++, false, k});
        }
    }
    return tasks;
}

// Runs one step on this worker's solver (the answers do not depend on what its table holds,
// so the review is the same whatever the number of workers); its error, if any.
std::exception_ptr run_step(const ReviewTask& task, const ReviewSettings& settings,
                            Solver& solver) {
    const RecordedGame& game = *task.game->game;
    HandReview& hr = task.game->review.hands[task.slot];
    try {
        if (task.play) {
            hr.play =
                review_play(game, hr.hand, hr.before, settings, solver, task.game->chances.get());
        } else {
            const auto slot = static_cast<std::size_t>(task.slot);
            const auto part = static_cast<std::size_t>(task.part);
            task.game->part_reviews[slot][part] =
                review_bid_part(game, hr.hand, hr.before, settings,
                                task.game->bid_parts[slot][part], task.game->chances.get());
        }
    } catch (...) {
        return std::current_exception();
    }
    return nullptr;
}

// A batch of games under review. The calling thread opens the games, a few ahead of the
// workers, queues their steps and hands each game over once its steps are done; the workers,
// each with its own solver, take the steps in queue order. The play steps of a game are
// queued when it opens, its bid steps only once `lag_` more games have opened (or the last
// has): the play, whose time varies most from hand to hand (a few hands' score searches take
// many times the others'), begins early, and the bid reviews, steadier, fill the last gaps.
class BatchRun {
  public:
    BatchRun(int count, GameLoader load, const ReviewSettings& settings,
             std::optional<int> only_hand, GameDone done, Progress progress)
        : count_(count),
          load_(std::move(load)),
          settings_(settings),
          only_hand_(only_hand),
          done_(std::move(done)),
          progress_(std::move(progress)),
          workers_(worker_count(settings.threads)),
          lag_(workers_),
          target_(2 * workers_) {}

    void run();

  private:
    void open_more();
    void queue_bids(OpenGame& g);
    void hand_over(OpenGame& g);
    void work();

    const int count_;
    const GameLoader load_;
    const ReviewSettings settings_;
    const std::optional<int> only_hand_;
    const GameDone done_;
    const Progress progress_;
    int workers_;
    const int lag_;         // games opened ahead of the oldest whose bids wait
    const int target_;      // steps kept queued, when games remain to open
    ReviewSettings inner_;  // what each step runs with
    ChanceTables tables_;   // opened games' win-chance tables (calling thread only)
    int next_ = 0;          // the next game to open
    int hands_ = 0;         // hands of the games opened
    int failed_games_ = 0;
    std::map<int, std::unique_ptr<OpenGame>> open_;  // by index; the calling thread's only
    std::deque<OpenGame*> held_;                     // games whose bid steps wait, oldest first

    std::mutex mutex_;                 // guards what follows and the open games' shared fields
    std::condition_variable work_cv_;  // a step queued, or the end
    std::condition_variable main_cv_;  // a step done
    std::deque<ReviewTask> queue_;
    std::vector<OpenGame*> finished_;  // games whose steps are all done, not yet handed over
    int steps_done_ = 0;
    bool stop_ = false;
};

// Opens games while the queue runs short, then queues the bids held longest.
void BatchRun::open_more() {
    while (next_ < count_) {
        {
            std::lock_guard<std::mutex> lock(mutex_);
            if (static_cast<int>(queue_.size()) >= target_) break;
        }
        std::unique_ptr<OpenGame> g = open_game(next_, load_, settings_, only_hand_, tables_);
        ++next_;
        OpenGame& game = *g;
        open_.emplace(game.index, std::move(g));
        hands_ += static_cast<int>(game.review.hands.size());
        if (game.steps_left == 0) {  // an error before any step, or nothing to review
            hand_over(game);
            continue;
        }
        std::vector<ReviewTask> plays = game_tasks(game, true);
        {
            std::lock_guard<std::mutex> lock(mutex_);
            queue_.insert(queue_.end(), plays.begin(), plays.end());
        }
        work_cv_.notify_all();
        held_.push_back(&game);
        if (static_cast<int>(held_.size()) > lag_) {
            queue_bids(*held_.front());
            held_.pop_front();
        }
    }
    if (next_ == count_) {
        for (OpenGame* g : held_) queue_bids(*g);
        held_.clear();
    }
}

void BatchRun::queue_bids(OpenGame& g) {
    std::vector<ReviewTask> bids = game_tasks(g, false);
    if (bids.empty()) return;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        queue_.insert(queue_.end(), bids.begin(), bids.end());
    }
    work_cv_.notify_all();
}

// Gives a finished game to `done_` (its error, or its review with the totals) and closes it.
void BatchRun::hand_over(OpenGame& g) {
    BatchGame out;
    out.index = g.index;
    out.game = g.game ? &*g.game : nullptr;
    out.error = g.error;
    for (const std::exception_ptr& e : g.errors) {
        if (!out.error) out.error = e;
    }
    if (out.error) {
        ++failed_games_;
    } else {
        GameReview& review = g.review;
        for (std::size_t slot = 0; slot < g.part_reviews.size(); ++slot) {
            review.hands[slot].bidding = merge_bid_parts(std::move(g.part_reviews[slot]));
        }
        for (const HandReview& hr : review.hands) {
            if (hr.play) {
                for (int s = 0; s < 4; ++s) review.seats[s].add(hr.play->seats[s]);
            }
            // A bid flag is a fault (an inaccuracy or worse), not a close call.
            auto fault = [](FlagClass f) {
                return f != FlagClass::None && f != FlagClass::CloseCall;
            };
            for (const auto& p : hr.bidding.passes) {
                if (fault(p.flag)) ++review.bid_flags[index(p.seat)];
                review.bid_chance_lost[index(p.seat)] += p.cost_chance();
            }
            for (const auto& b : hr.bidding.bids) {
                if (fault(b.flag)) ++review.bid_flags[index(b.seat)];
                review.bid_chance_lost[index(b.seat)] += b.cost_chance();
            }
        }
        if (g.began) review.seconds = std::chrono::duration<double>(g.ended - *g.began).count();
        out.review = std::move(review);
    }
    std::unique_ptr<OpenGame> closing = std::move(open_.at(g.index));
    open_.erase(g.index);
    done_(out);
}

void BatchRun::work() {
    Solver solver(SolverOptions{settings_.table_megabytes});
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
        work_cv_.wait(lock, [&] { return stop_ || !queue_.empty(); });
        if (stop_) return;
        const ReviewTask task = queue_.front();
        queue_.pop_front();
        OpenGame& g = *task.game;
        if (!g.failed) {
            if (!g.began) g.began = Clock::now();
            lock.unlock();
            std::exception_ptr error = run_step(task, inner_, solver);
            lock.lock();
            // Progress counts a hand's play and its bids: the bids once their last part is done.
            if (task.play || --g.parts_left[static_cast<std::size_t>(task.slot)] == 0) {
                ++steps_done_;
            }
            if (error) {
                g.errors[task.order] = error;
                g.failed = true;
            }
        }
        if (--g.steps_left == 0) {
            g.ended = Clock::now();
            finished_.push_back(&g);
        }
        main_cv_.notify_one();
    }
}

void BatchRun::run() {
    // A small batch opens whole before the workers start: a worker per hand at most, so that
    // a single hand's bid review shares its layouts among the threads instead.
    open_more();
    if (next_ == count_) workers_ = std::clamp(workers_, 1, std::max(1, hands_));
    inner_ = settings_;
    // With several workers each bid review runs on one thread: the parallelism is across
    // steps. One worker leaves the bid review its own threads.
    if (workers_ > 1) inner_.threads = 1;
    std::vector<std::thread> threads;
    // However run() ends (a callback may throw), the workers finish their steps and stop.
    struct Stop {
        BatchRun& run;
        std::vector<std::thread>& threads;
        ~Stop() {
            {
                std::lock_guard<std::mutex> lock(run.mutex_);
                run.stop_ = true;
            }
            run.work_cv_.notify_all();
            for (std::thread& t : threads) t.join();
        }
    } stop{*this, threads};
    for (int i = 0; i < workers_; ++i) threads.emplace_back([this] { work(); });
    int reported = 0;
    while (!open_.empty() || next_ < count_) {
        std::vector<OpenGame*> finished;
        int steps_done = 0;
        {
            std::unique_lock<std::mutex> lock(mutex_);
            main_cv_.wait(lock, [&] { return !finished_.empty() || steps_done_ != reported; });
            finished.swap(finished_);
            steps_done = steps_done_;
        }
        while (progress_ && reported < steps_done) progress_(++reported, 2 * hands_);
        reported = steps_done;
        for (OpenGame* g : finished) hand_over(*g);
        open_more();
    }
    // The parts not asked for.
    if (progress_ && failed_games_ == 0 && reported < 2 * hands_) progress_(2 * hands_, 2 * hands_);
}

}  // namespace

int worker_count(int threads) {
    return threads > 0 ? threads
                       : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

void review_games(int count, const GameLoader& load, const ReviewSettings& settings,
                  const GameDone& done) {
    BatchRun(count, load, settings, std::nullopt, done, {}).run();
}

GameReview review_game(const RecordedGame& game, const ReviewSettings& settings,
                       std::optional<int> only_hand, const Progress& progress) {
    std::optional<GameReview> review;
    BatchRun run(
        1, [&](int) { return game; }, settings, only_hand,
        [&](BatchGame& g) {
            if (g.error) std::rethrow_exception(g.error);
            review = std::move(g.review);
        },
        progress);
    run.run();
    return std::move(*review);
}

}  // namespace spadework::analyzer
