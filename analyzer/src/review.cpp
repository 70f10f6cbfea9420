// Review settings, flag classes, per-player tallies, and the review of a whole game: the
// standings each hand began from, then the play and the bids of each hand.
#include <fmt/core.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <fstream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "spadework/analyzer/review.h"

namespace spadework::analyzer {

std::string_view class_name(FlagClass c) {
    switch (c) {
        case FlagClass::None:
            return "none";
        case FlagClass::Inaccuracy:
            return "inaccuracy";
        case FlagClass::Mistake:
            return "mistake";
        case FlagClass::Blunder:
            return "blunder";
    }
    return "none";
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

Thresholds ReviewSettings::thresholds_for(const RuleSet& rules) const {
    auto it = thresholds.find(rules.name);
    return it != thresholds.end() ? it->second : default_thresholds(rules);
}

std::string ReviewSettings::key() const {
    std::string key = fmt::format("v{} samples={} seed={} weight={}", kAnalyzerVersion, samples,
                                  seed, weight_by_bids ? 1 : 0);
    for (const auto& [name, t] : thresholds) {
        key += fmt::format(" {}={}/{}/{}/{}", name, t.inaccuracy, t.mistake, t.blunder, t.bid);
    }
    if (need_points) key += fmt::format(" need={}", *need_points);
    if (nil_node_budget != ReviewSettings{}.nil_node_budget) {
        key += fmt::format(" nil_budget={}", nil_node_budget);
    }
    if (parts != ReviewParts::Both) key += fmt::format(" only={}", parts_name(parts));
    return key;
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

}  // namespace

ReviewSettings parse_settings(std::string_view text, const std::string& file) {
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(text.begin(), text.end());
    } catch (const nlohmann::json::parse_error& e) {
        auto [line, col] = line_col(text, e.byte > 0 ? e.byte - 1 : 0);
        std::string what = e.what();
        if (auto at = what.find("]: "); at != std::string::npos) what = what.substr(at + 3);
        throw Error(fmt::format("{}:{}:{}: not valid JSON: {}", file, line, col, what));
    }
    if (!j.is_object()) throw Error(fmt::format("{}:1:1: settings must be a JSON object", file));
    ReviewSettings s;
    auto need_int = [&](const nlohmann::json& v, std::string_view key, int lo, int hi) {
        if (!v.is_number_integer() || v.get<long long>() < lo || v.get<long long>() > hi) {
            throw Error(fmt::format("{}: \"{}\" must be a whole number from {} to {}",
                                    where_key(text, file, key), key, lo, hi));
        }
        return v.get<int>();
    };
    for (const auto& [key, v] : j.items()) {
        if (key == "samples") {
            s.samples = need_int(v, key, 1, 100000);
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
        } else if (key == "threads") {
            s.threads = need_int(v, key, 0, 256);
        } else if (key == "table_megabytes") {
            s.table_megabytes = static_cast<std::size_t>(need_int(v, key, 1, 4096));
        } else if (key == "nil_node_budget") {
            // At least a thousand positions; at most what a night's solve could use.
            if (!v.is_number_integer() || v.get<long long>() < 1000 ||
                v.get<long long>() > 100'000'000'000LL) {
                throw Error(fmt::format(
                    "{}: \"nil_node_budget\" must be a whole number from 1000 to 100000000000",
                    where_key(text, file, key)));
            }
            s.nil_node_budget = v.get<std::uint64_t>();
        } else if (key == "thresholds") {
            if (!v.is_object()) {
                throw Error(fmt::format("{}: \"thresholds\" must map rule set names to objects",
                                        where_key(text, file, key)));
            }
            for (const auto& [name, tv] : v.items()) {
                if (!tv.is_object()) {
                    throw Error(fmt::format("{}: thresholds for \"{}\" must be an object",
                                            where_key(text, file, name), name));
                }
                Thresholds t = default_thresholds(preset_or_classic(name));
                for (const auto& [tk, x] : tv.items()) {
                    if (tk == "inaccuracy") {
                        t.inaccuracy = need_int(x, tk, 0, 100000);
                    } else if (tk == "mistake") {
                        t.mistake = need_int(x, tk, 0, 100000);
                    } else if (tk == "blunder") {
                        t.blunder = need_int(x, tk, 0, 100000);
                    } else if (tk == "bid") {
                        if (!x.is_number() || x.get<double>() < 0) {
                            throw Error(
                                fmt::format("{}: \"bid\" must be a number of points, 0 or more",
                                            where_key(text, file, tk)));
                        }
                        t.bid = x.get<double>();
                    } else {
                        throw Error(fmt::format(
                            "{}: unknown threshold \"{}\" (inaccuracy, mistake, blunder, bid)",
                            where_key(text, file, tk), tk));
                    }
                }
                if (!(t.inaccuracy <= t.mistake && t.mistake <= t.blunder)) {
                    throw Error(fmt::format(
                        "{}: thresholds for \"{}\" must rise: inaccuracy <= mistake <= blunder",
                        where_key(text, file, name), name));
                }
                s.thresholds[name] = t;
            }
        } else {
            throw Error(
                fmt::format("{}: unknown setting \"{}\" (samples, seed, weight_by_bids, threads, "
                            "table_megabytes, nil_node_budget, thresholds)",
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
    if (!card.decision()) return;
    ++decisions;
    if (card.cost_points() <= 0) ++kept_best;
    points_lost += std::max(0, card.cost_points());
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
            break;
    }
}

void PlayStats::add(const PlayStats& o) {
    cards += o.cards;
    decisions += o.decisions;
    kept_best += o.kept_best;
    inaccuracies += o.inaccuracies;
    mistakes += o.mistakes;
    blunders += o.blunders;
    points_lost += o.points_lost;
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

// One step of a game's review: the bids or the play of one hand.
struct ReviewTask {
    int slot = 0;  // in the review's hands
    bool play = false;
};

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

// The steps of the review, the play first: its time varies most from hand to hand (a few
// hands' score searches take many times the others'), so the bid reviews, steadier, fill the
// workers' last gaps.
std::vector<ReviewTask> review_tasks(const RecordedGame& game, const std::vector<HandReview>& out,
                                     ReviewParts parts) {
    std::vector<ReviewTask> tasks;
    if (parts != ReviewParts::Bids) {
        for (int i = 0; i < static_cast<int>(out.size()); ++i) {
            if (!game.hands[out[i].hand].cards.empty()) tasks.push_back({i, true});
        }
    }
    if (parts != ReviewParts::Play) {
        for (int i = 0; i < static_cast<int>(out.size()); ++i) tasks.push_back({i, false});
    }
    return tasks;
}

// Runs the tasks on `workers` threads, each with its own solver (the answers do not depend on
// what a solver's table holds, so the review is the same whatever the number of workers). A
// task's error is rethrown after all have stopped: the first in task order, as one thread
// would have met it.
void run_review_tasks(const RecordedGame& game, const std::vector<ReviewTask>& tasks,
                      std::vector<HandReview>& out, const ReviewSettings& settings, int workers,
                      const Progress& progress) {
    std::atomic<std::size_t> next{0};
    std::atomic<bool> failed{false};
    std::vector<std::exception_ptr> errors(tasks.size());
    std::mutex progress_mutex;
    int done = 0;
    const int total = 2 * static_cast<int>(out.size());
    // With several workers each bid review runs on one thread: the parallelism is across
    // tasks. One worker leaves the bid review its own threads.
    ReviewSettings inner = settings;
    if (workers > 1) inner.threads = 1;
    auto work = [&] {
        Solver solver(SolverOptions{settings.table_megabytes});
        for (std::size_t t; !failed && (t = next++) < tasks.size();) {
            HandReview& hr = out[tasks[t].slot];
            try {
                if (tasks[t].play) {
                    hr.play = review_play(game, hr.hand, hr.before, inner, solver);
                } else {
                    hr.bidding = review_bids(game, hr.hand, hr.before, inner);
                }
            } catch (...) {
                errors[t] = std::current_exception();
                failed = true;
            }
            if (progress) {
                std::lock_guard<std::mutex> lock(progress_mutex);
                progress(++done, total);
            }
        }
    };
    std::vector<std::thread> threads;
    for (int i = 1; i < workers; ++i) threads.emplace_back(work);
    work();
    for (std::thread& t : threads) t.join();
    for (const std::exception_ptr& e : errors) {
        if (e) std::rethrow_exception(e);
    }
    if (progress && done < total) progress(total, total);  // the parts not asked for
}

}  // namespace

int worker_count(int threads) {
    return threads > 0 ? threads
                       : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

GameReview review_game(const RecordedGame& game, const ReviewSettings& settings,
                       std::optional<int> only_hand, const Progress& progress) {
    auto start = std::chrono::steady_clock::now();
    check_game(game);
    std::vector<Standings> before = standings_before_hands(game);
    GameReview review;
    review.settings_key = settings.key();
    review.parts = settings.parts;
    for (int h : hands_to_review(game, only_hand)) {
        HandReview hr;
        hr.hand = h;
        hr.before = before[h];
        review.hands.push_back(std::move(hr));
    }
    std::vector<ReviewTask> tasks = review_tasks(game, review.hands, settings.parts);
    // A worker per hand at most: a single hand's bid review shares its layouts among the
    // threads instead.
    const int workers = std::clamp(worker_count(settings.threads), 1,
                                   std::max(1, static_cast<int>(review.hands.size())));
    run_review_tasks(game, tasks, review.hands, settings, workers, progress);
    for (const HandReview& hr : review.hands) {
        if (hr.play) {
            for (int s = 0; s < 4; ++s) review.seats[s].add(hr.play->seats[s]);
        }
        for (const auto& p : hr.bidding.passes) {
            if (p.flag != FlagClass::None) ++review.bid_flags[index(p.seat)];
        }
        for (const auto& b : hr.bidding.bids) {
            if (b.flag != FlagClass::None) ++review.bid_flags[index(b.seat)];
        }
    }
    review.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return review;
}

}  // namespace spadework::analyzer
