#include "model.h"

#include <fmt/core.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <future>
#include <map>
#include <mutex>
#include <thread>
#include <tuple>

#include "failure.h"
#include "spadework/analyzer/lesson.h"
#include "spadework/formats/error.h"
#include "spadework/formats/game_file.h"

namespace spadework::viewer {

namespace {

using Clock = std::chrono::steady_clock;

// How often the library is looked at for what other programs wrote (games imported,
// reviews stored): a cheap PRAGMA, the list read again only when something changed.
constexpr auto kLibraryRefresh = std::chrono::seconds(1);

GameRow row_of(const formats::GameSummary& s) {
    GameRow r;
    r.library_id = s.id;
    r.label = fmt::format("#{}", s.id);
    r.event = s.event;
    r.date = s.date;
    r.rules = s.rules;
    r.players = s.players;
    r.hands = s.hands;
    r.score = s.score;
    r.winner = s.winner;
    r.score_sheet = s.score_sheet;
    return r;
}

GameRow row_of(const RecordedGame& g, const std::filesystem::path& file, int index, int count) {
    GameRow r;
    r.file = file;
    r.index_in_file = index;
    r.label = count == 1 ? file.filename().string()
                         : fmt::format("{} #{}", file.filename().string(), index + 1);
    r.event = g.event;
    r.date = g.date;
    r.rules = spell_rules(g.rules);
    r.players = g.players;
    r.hands = static_cast<int>(g.hands.size());
    ScoredGame scored = score_game(g, g.rules);
    if (!scored.hands.empty()) {
        const Standings& st = scored.result ? scored.result->final : scored.hands.back().after;
        r.score = {st[0].score, st[1].score};
    }
    if (scored.result) r.winner = scored.result->winner;
    r.score_sheet = g.score_sheet();
    return r;
}

bool same_game(const GameRow& a, const GameRow& b) {
    return a.library_id == b.library_id && a.file == b.file && a.index_in_file == b.index_in_file;
}

}  // namespace

std::vector<HandChance> win_chance_series(const RecordedGame& game,
                                          const analyzer::WinChanceTable& table) {
    const ScoredGame scored = score_game(game, game.rules);
    const std::vector<Standings> before = analyzer::standings_before_hands(game);
    std::vector<HandChance> out;
    bool overtime = false;
    for (std::size_t h = 0; h < scored.hands.size() && h < before.size(); ++h) {
        const Seat dealer = game.hands[h].dealer;
        const Standings& b = before[h];
        const Standings& a = scored.hands[h].after;
        HandChance c;
        c.hand = static_cast<int>(h);
        c.start = overtime ? table.overtime_chance(b[0].score, b[1].score, dealer)
                           : table.chance(b[0].score, b[1].score, dealer);
        c.end = table.chance_after(a[0].score, a[1].score, Team::NS, next(dealer), overtime);
        out.push_back(c);
        overtime = overtime || scored.hands[h].tie_to_overtime;
    }
    return out;
}

std::optional<std::pair<int, double>> largest_fall(const std::vector<HandChance>& series,
                                                   Team side) {
    std::optional<std::pair<int, double>> worst;
    for (const HandChance& c : series) {
        const double fall = side == Team::NS ? c.start - c.end : c.end - c.start;
        if (fall > 1e-9 && (!worst || fall > worst->second)) worst = {c.hand, fall};
    }
    return worst;
}

// The background work: at most one review, one import and one what-if solve at a time.
struct Model::Background {
    std::unique_ptr<formats::Library> library;  // the model's own connection, for reads
    Clock::time_point last_refresh = Clock::now();
    std::int64_t data_version = -1;  // the library's, when the list was read

    struct Review {
        GameRow row;  // whose review
        RecordedGame game;
        std::atomic<int> done{0};
        std::atomic<int> total{1};
        std::future<analyzer::GameReview> result;
        std::string store_error;  // set before the result is ready
    };
    std::unique_ptr<Review> review;

    struct Import {
        std::filesystem::path path;
        std::atomic<int> done{0};
        std::atomic<int> total{1};
        std::future<std::string> result;  // the summary line
    };
    std::unique_ptr<Import> import;

    // One win-chance table loading at a time; the tables loaded, by their cache key.
    struct Chances {
        std::string key;
        std::future<analyzer::WinChanceTable> result;
    };
    std::unique_ptr<Chances> chances;
    std::map<std::string, std::shared_ptr<const analyzer::WinChanceTable>> tables;
    std::map<std::string, std::string> table_errors;  // keys whose build failed, and why

    // Used by one solve at a time, table kept across what-if positions. Declared before the
    // solve so that it is destroyed after it: the solve's future waits for its thread, which
    // may still be searching with this solver when the model goes.
    Solver solver;
    struct Solve {
        std::vector<Card> line;  // the what-if cards solved for
        int hand = 0;
        int position = 0;
        std::future<CardValues> result;
    };
    std::unique_ptr<Solve> solve;
};

Model::Model(const std::filesystem::path& library, analyzer::ReviewSettings settings)
    : library_path_(library), settings_(std::move(settings)), bg_(std::make_unique<Background>()) {
    if (!library_path_.empty()) {
        try {
            bg_->library = std::make_unique<formats::Library>(library_path_);
        } catch (const Error& e) {
            error(e.what());
        }
    }
    reload_library();
}

Model::~Model() {
    // Futures from std::async wait for their threads here.
    bg_.reset();
}

void Model::message(std::string text) {
    messages_.push_back(std::move(text));
}

void Model::error(std::string text) {
    errors_.push_back(text);
    message(std::move(text));
}

void Model::dismiss_errors() {
    errors_.clear();
}

void Model::reload_library(bool quiet) {
    std::optional<GameRow> selected_row;
    if (selected_) selected_row = games_[*selected_];
    if (bg_->library) {
        try {
            // The version first: a commit after it makes the next refresh read again.
            std::int64_t version = bg_->library->data_version();
            std::vector<formats::GameId> unreviewed =
                analyzer::ReviewStore(*bg_->library).games_without_review(settings_.key());
            std::sort(unreviewed.begin(), unreviewed.end());
            std::vector<GameRow> rows;
            for (const formats::GameSummary& s : bg_->library->list_games(filter_)) {
                GameRow r = row_of(s);
                r.reviewed = !std::binary_search(unreviewed.begin(), unreviewed.end(), s.id);
                rows.push_back(std::move(r));
            }
            library_games_ = std::move(rows);
            bg_->data_version = version;
        } catch (const Error& e) {
            // The list stays as it was; a refresh tries again at its next turn.
            if (!quiet) error(e.what());
        }
    } else {
        library_games_.clear();
    }
    games_ = library_games_;
    games_.insert(games_.end(), file_games_.begin(), file_games_.end());
    selected_.reset();
    if (selected_row) {
        for (std::size_t i = 0; i < games_.size(); ++i) {
            if (same_game(games_[i], *selected_row)) selected_ = static_cast<int>(i);
        }
    }
}

bool Model::open(const std::filesystem::path& path) {
    std::vector<std::filesystem::path> files;
    try {
        files = analyzer::game_files(path);
    } catch (const Error& e) {
        error(e.what());
        return false;
    }
    if (files.empty()) {
        error(
            fmt::format("{}: no game files there ({})", path.string(), formats::extension_list()));
        return false;
    }
    int added = 0;
    for (const auto& file : files) {
        std::vector<RecordedGame> games;
        try {
            games = formats::read_game_file(file);
        } catch (const Error& e) {
            error(e.what());
            continue;
        }
        for (std::size_t i = 0; i < games.size(); ++i) {
            bool known = false;
            for (const GameRow& r : file_games_) {
                known = known || (r.file == file && r.index_in_file == static_cast<int>(i));
            }
            // The same game in another file (a folder holding a game as .spades and as .pb, as
            // samples/ does) is listed once.
            for (const RecordedGame& g : file_records_) known = known || g == games[i];
            if (known) continue;
            file_games_.push_back(
                row_of(games[i], file, static_cast<int>(i), static_cast<int>(games.size())));
            file_records_.push_back(std::move(games[i]));
            ++added;
        }
    }
    reload_library();
    if (added == 0 && files.size() == 1) return false;
    return true;
}

void Model::set_filter(const formats::GameFilter& filter) {
    filter_ = filter;
    reload_library();
}

void Model::select_game(int row) {
    if (row < 0 || row >= static_cast<int>(games_.size())) return;
    const GameRow& r = games_[row];
    RecordedGame game;
    try {
        if (r.library_id) {
            if (!bg_->library) return;
            game = bg_->library->load_game(*r.library_id);
        } else {
            for (std::size_t i = 0; i < file_games_.size(); ++i) {
                if (same_game(file_games_[i], r)) game = file_records_[i];
            }
        }
        before_ = analyzer::standings_before_hands(game);
    } catch (const Error& e) {
        error(e.what());
        return;
    }
    selected_ = row;
    game_ = std::move(game);
    review_.reset();
    review_computed_ = false;
    hand_ = 0;
    position_ = 0;
    what_if_.clear();
    what_if_values_.reset();
    rebuild_state();
    rebuild_comparison();
    rebuild_win_chance();
    load_stored_review();
}

void Model::select_hand(int hand) {
    if (!game_ || hand < 0 || hand >= static_cast<int>(game_->hands.size())) return;
    hand_ = hand;
    position_ = 0;
    what_if_.clear();
    what_if_values_.reset();
    rebuild_state();
}

const RecordedHand* Model::recorded_hand() const {
    return game_ && hand_ < static_cast<int>(game_->hands.size()) ? &game_->hands[hand_] : nullptr;
}

int Model::recorded_cards() const {
    const RecordedHand* h = recorded_hand();
    return h ? static_cast<int>(h->cards.size()) : 0;
}

void Model::rebuild_state() {
    const RecordedHand* h = recorded_hand();
    // A score sheet has no deal to replay.
    if (!h || game_->score_sheet()) {
        state_.reset();
        return;
    }
    // The record up to the position, then the what-if cards. The claim belongs to the end of
    // the record, not to a position inside it.
    state_ = std::make_unique<HandState>(
        replay_hand(game_->rules, hand_up_to(*h, static_cast<std::size_t>(position_)), hand_));
    for (Card c : what_if_) state_->play(c);
}

const HandState& Model::state() const {
    // Before any game is selected: a fresh deal, so callers never meet a null state.
    static const HandState kEmpty(preset("classic"), Seat::North,
                                  deal_from_seed(1, preset("classic").deck(), Seat::North));
    return state_ ? *state_ : kEmpty;
}

void Model::move_to(int cards) {
    if (!game_) return;
    position_ = std::clamp(cards, 0, recorded_cards());
    what_if_.clear();
    what_if_values_.reset();
    rebuild_state();
}

void Model::step(int cards) {
    if (!game_) return;
    if (!in_what_if()) {
        move_to(position_ + cards);
        return;
    }
    // In what-if: back takes back what-if cards; forward plays the best card when known.
    for (; cards < 0 && !what_if_.empty(); ++cards) what_if_.pop_back();
    if (cards < 0) {
        move_to(position_ + cards);
        return;
    }
    if (cards > 0 && state().phase() == Phase::Play) {
        if (auto v = values()) {
            const analyzer::CardChoice* best = nullptr;
            for (const auto& c : v->cards) {
                if (!best || c.score > best->score ||
                    (c.score == best->score && c.tricks > best->tricks)) {
                    best = &c;
                }
            }
            if (best) {
                play_what_if(best->card);
                return;
            }
        }
    }
    rebuild_state();
    what_if_values_.reset();
    start_what_if_solve();
}

void Model::step_trick(int tricks) {
    if (!game_) return;
    int p = position_ + static_cast<int>(what_if_.size());
    int target = tricks > 0 ? (p / 4 + tricks) * 4 : ((p + 3) / 4 + tricks) * 4;
    if (in_what_if()) {
        leave_what_if();
    }
    move_to(target);
}

void Model::to_start() {
    move_to(0);
}

void Model::to_end() {
    move_to(recorded_cards());
}

bool Model::play_what_if(Card card) {
    if (!game_ || !state_ || state_->phase() != Phase::Play) return false;
    if (auto illegal = state_->check_play(card)) {
        message(illegal->message);
        return false;
    }
    // Playing the recorded card from the recorded line is just a step forward.
    if (!in_what_if() && position_ < recorded_cards() &&
        recorded_hand()->cards[position_] == card) {
        move_to(position_ + 1);
        return true;
    }
    what_if_.push_back(card);
    state_->play(card);
    what_if_values_.reset();
    start_what_if_solve();
    return true;
}

void Model::leave_what_if() {
    what_if_.clear();
    what_if_values_.reset();
    rebuild_state();
}

void Model::set_seat_view(std::optional<Seat> seat) {
    seat_view_ = seat;
}

bool Model::face_up(Seat seat) const {
    return !seat_view_ || *seat_view_ == seat || state().phase() == Phase::Done;
}

bool Model::shows_whole_deal() const {
    return std::all_of(std::begin(kAllSeats), std::end(kAllSeats),
                       [this](Seat s) { return face_up(s); });
}

CardSet Model::shown_legal_cards() const {
    const HandState& st = state();
    if (st.phase() != Phase::Play || !face_up(st.to_act())) return {};
    return st.legal_cards();
}

namespace {

bool sees_passes_of(std::optional<Seat> view, Seat seat) {
    return !view || *view == seat || partner(*view) == seat;
}

}  // namespace

CardSet Model::shown_passes(Seat seat) const {
    const RecordedHand* rh = recorded_hand();
    if (!rh || !sees_passes_of(seat_view_, seat)) return {};
    return rh->passes[index(seat)];
}

CardSet Model::shown_exchanges(Seat seat) const {
    const RecordedHand* rh = recorded_hand();
    if (!rh || !sees_passes_of(seat_view_, seat)) return {};
    return rh->exchanges[index(seat)];
}

std::array<bool, 4> Model::voids(Seat seat) const {
    std::array<bool, 4> out{};
    const auto& played = state().play_record();
    const PlayOrder order(state().rules());
    for (std::size_t t = 0; t * 4 < played.size(); ++t) {
        Suit led = order.suit(played[t * 4].card);
        for (std::size_t i = t * 4; i < std::min(played.size(), t * 4 + 4); ++i) {
            if (played[i].seat == seat && order.suit(played[i].card) != led) out[index(led)] = true;
        }
    }
    return out;
}

std::optional<std::pair<std::vector<PlayedCard>, Seat>> Model::previous_trick() const {
    const HandState& st = state();
    int k = st.tricks_played();
    if (k == 0) return std::nullopt;
    const auto& played = st.play_record();
    std::vector<PlayedCard> trick(played.begin() + 4 * (k - 1), played.begin() + 4 * k);
    return std::make_pair(trick, st.trick_winners()[k - 1]);
}

const analyzer::HandReview* Model::hand_review() const {
    if (!review_) return nullptr;
    for (const auto& h : review_->hands) {
        if (h.hand == hand_) return &h;
    }
    return nullptr;
}

const analyzer::CardReview* Model::card_review() const {
    if (in_what_if()) return nullptr;
    const analyzer::HandReview* h = hand_review();
    if (!h || !h->play || position_ >= static_cast<int>(h->play->cards.size())) return nullptr;
    return &h->play->cards[position_];
}

std::optional<CardValues> Model::values() const {
    if (in_what_if()) return what_if_values_;
    const analyzer::CardReview* c = card_review();
    if (!c || c->irregular) return std::nullopt;
    return CardValues{c->choices, c->best_tricks, c->best_score, c->score_valued};
}

std::optional<CardValues> Model::shown_values() const {
    if (state().phase() != Phase::Play || !shows_whole_deal()) return std::nullopt;
    return values();
}

bool Model::values_pending() const {
    return bg_->solve != nullptr;
}

const analyzer::Comparison* Model::comparison() const {
    return comparison_ ? &*comparison_ : nullptr;
}

void Model::set_compare_rules(const std::vector<std::string>& rules) {
    compare_rules_ = rules;
    rebuild_comparison();
}

void Model::rebuild_comparison() {
    comparison_.reset();
    if (!game_) return;
    std::vector<RuleSet> sets{game_->rules};
    std::vector<std::string> labels{game_->rules.name + " (played)"};
    for (const std::string& name : compare_rules_) {
        if (name == game_->rules.name) continue;
        try {
            sets.push_back(formats::load_rules(name));
            labels.push_back(name);
        } catch (const Error& e) {
            error(e.what());
        }
    }
    try {
        comparison_ = analyzer::compare_scoring(*game_, sets, labels);
    } catch (const Error& e) {
        error(e.what());
    }
}

std::optional<HandResult> Model::hand_result() const {
    if (!game_ || !comparison_ || in_what_if() || comparison_->runs.empty()) return std::nullopt;
    if (position_ < recorded_cards() || state().phase() != Phase::Done) return std::nullopt;
    const ScoredGame& played = comparison_->runs.front().scored;
    if (hand_ >= static_cast<int>(played.hands.size())) return std::nullopt;
    HandResult r;
    const HandScore& hs = played.hands[static_cast<std::size_t>(hand_)].score;
    for (int t = 0; t < 2; ++t) {
        const TeamHandScore& ts = hs.teams[static_cast<std::size_t>(t)];
        HandResult::Side& side = r.sides[static_cast<std::size_t>(t)];
        side.bid = ts.bid;
        side.tricks = ts.tricks;
        side.bags = ts.bags_added;
        side.bag_penalties = ts.bag_penalties;
        for (const ScoreItem& item : ts.items) {
            using K = ScoreItem::Kind;
            if (item.kind == K::NilMade || item.kind == K::NilFailed ||
                item.kind == K::BlindNilMade || item.kind == K::BlindNilFailed) {
                side.nils.push_back(item.text);
            }
        }
    }
    for (const analyzer::RuleSetRun& run : comparison_->runs) {
        HandResult::Run out;
        out.label = run.label;
        if (hand_ < static_cast<int>(run.scored.hands.size())) {
            const HandRecord& hr = run.scored.hands[static_cast<std::size_t>(hand_)];
            out.scored = true;
            for (int t = 0; t < 2; ++t) {
                out.delta[static_cast<std::size_t>(t)] =
                    hr.score.teams[static_cast<std::size_t>(t)].delta;
                out.after[static_cast<std::size_t>(t)] =
                    hr.after[static_cast<std::size_t>(t)].score;
            }
        }
        r.runs.push_back(std::move(out));
    }
    return r;
}

void Model::set_win_chance_options(const analyzer::WinChanceOptions& options) {
    win_chance_options_ = options;
    rebuild_win_chance();
}

void Model::request_win_chance() {
    if (win_chance_wanted_) return;
    win_chance_wanted_ = true;
    rebuild_win_chance();
}

void Model::rebuild_win_chance() {
    win_chance_ = {};
    if (!game_) return;
    try {
        analyzer::check_winchance_rules(game_->rules);
    } catch (const Error& e) {
        win_chance_.status = WinChanceView::Status::Refused;
        win_chance_.reason = e.what();
        return;
    }
    if (win_chance_options_.hands <= 0) {
        win_chance_.status = WinChanceView::Status::Refused;
        win_chance_.reason = "the win-chance table is turned off";
        return;
    }
    const std::string key = analyzer::winchance_key(game_->rules, win_chance_options_);
    if (auto it = bg_->table_errors.find(key); it != bg_->table_errors.end()) {
        win_chance_.status = WinChanceView::Status::Refused;
        win_chance_.reason = it->second;
        return;
    }
    if (auto it = bg_->tables.find(key); it != bg_->tables.end()) {
        try {
            win_chance_.hands = win_chance_series(*game_, *it->second);
            win_chance_.status = WinChanceView::Status::Ready;
        } catch (const Error& e) {
            win_chance_.status = WinChanceView::Status::Refused;
            win_chance_.reason = e.what();
        }
        return;
    }
    if (!win_chance_wanted_) return;
    win_chance_.status = WinChanceView::Status::Computing;
    // One load at a time: another game's table finishes first, then poll() starts this one.
    if (bg_->chances) return;
    auto job = std::make_unique<Background::Chances>();
    job->key = key;
    job->result =
        std::async(std::launch::async, [rules = game_->rules, options = win_chance_options_] {
            return analyzer::load_winchance(rules, options).table;
        });
    bg_->chances = std::move(job);
}

void Model::find_stored_reviews() {
    stored_reviews_.clear();
    stored_review_shown_ = -1;
    if (!selected_ || !bg_->library) return;
    const GameRow& r = games_[*selected_];
    if (!r.library_id) return;
    const std::string own_key = settings_.key();
    try {
        const analyzer::ReviewStore store(*bg_->library);
        for (const analyzer::ReviewSettings& v : analyzer::review_variants(settings_)) {
            if (auto stored = store.load_review(*r.library_id, v.key())) {
                stored_reviews_.push_back(StoredReviewChoice{
                    v, describe_review_settings(v), v.key() == own_key, std::move(stored->json)});
            }
        }
    } catch (const Error& e) {
        error(e.what());
    }
}

void Model::load_stored_review() {
    find_stored_reviews();
    if (stored_reviews_.empty()) return;
    // The best: a review of both parts, then the most layouts, then the viewer's own.
    auto rank = [this](const StoredReviewChoice& c) {
        return analyzer::review_rank(c.settings, settings_);
    };
    std::size_t best = 0;
    for (std::size_t i = 1; i < stored_reviews_.size(); ++i) {
        if (rank(stored_reviews_[i]) > rank(stored_reviews_[best])) best = i;
    }
    show_stored_review(static_cast<int>(best));
}

void Model::show_stored_review(int index) {
    if (index < 0 || index >= static_cast<int>(stored_reviews_.size())) return;
    try {
        review_ = analyzer::review_from_json(stored_reviews_[static_cast<std::size_t>(index)].json);
        stored_review_shown_ = index;
        review_computed_ = false;
    } catch (const Error& e) {
        error(e.what());
    }
}

bool Model::review_is_own() const {
    if (!review_) return false;
    if (review_computed_) return true;
    return stored_review_shown_ >= 0 &&
           stored_reviews_[static_cast<std::size_t>(stored_review_shown_)].own;
}

void Model::request_review() {
    // A stored review of other settings does not stand in the way of the viewer's own.
    if (!game_ || !selected_ || review_is_own() || bg_->review) return;
    if (game_->score_sheet()) {
        error(fmt::format("{} is a score sheet (bids and tricks only): it has no deal to analyse",
                          games_[*selected_].label));
        return;
    }
    auto job = std::make_unique<Background::Review>();
    job->row = games_[*selected_];
    job->game = *game_;
    Background::Review* raw = job.get();
    analyzer::ReviewSettings settings = settings_;
    std::filesystem::path db = bg_->library ? library_path_ : std::filesystem::path();
    job->result = std::async(std::launch::async, [raw, settings, db] {
        analyzer::GameReview review =
            analyzer::review_game(raw->game, settings, std::nullopt, [raw](int done, int total) {
                raw->done = done;
                raw->total = total;
            });
        // Stored from this thread, on a connection of its own: while another program holds
        // the library for a long import, this thread waits, not the window.
        if (raw->row.library_id && !db.empty()) {
            try {
                analyzer::ReviewStore(formats::Library(db))
                    .store_review(
                        analyzer::to_stored_review(*raw->row.library_id, review, raw->game));
            } catch (const Error& e) {
                raw->store_error = e.what();
            }
        }
        return review;
    });
    bg_->review = std::move(job);
}

void Model::import(const std::filesystem::path& path) {
    if (library_path_.empty()) {
        message("no library to import into");
        return;
    }
    if (bg_->import) {
        message("an import is running already");
        return;
    }
    auto job = std::make_unique<Background::Import>();
    job->path = path;
    Background::Import* raw = job.get();
    std::filesystem::path db = library_path_;
    job->result = std::async(std::launch::async, [raw, db]() -> std::string {
        // Its own connection: SQLite connections are not shared across threads here.
        formats::Library library(db);
        std::vector<std::filesystem::path> files = analyzer::game_files(raw->path);
        raw->total = std::max<int>(1, static_cast<int>(files.size()));
        int added = 0;
        int again = 0;
        std::string errors;
        for (const auto& f : files) {
            try {
                formats::ImportResult r = library.import_file(f);
                added += r.games_added;
                again += r.games_already_there;
            } catch (const Error& e) {
                errors += fmt::format("; {}", e.what());
            }
            ++raw->done;
        }
        return fmt::format("imported {}: {} new games, {} already in the library{}",
                           raw->path.string(), added, again, errors);
    });
    bg_->import = std::move(job);
}

void Model::start_what_if_solve() {
    bg_->solve.reset();  // waits for a running solve: each is short, and the solver is shared
    if (!state_ || state_->phase() != Phase::Play) return;
    auto job = std::make_unique<Background::Solve>();
    job->line = what_if_;
    job->hand = hand_;
    job->position = position_;
    Position pos = position_of(*state_);
    Standings before = hand_ < static_cast<int>(before_.size()) ? before_[hand_] : Standings{};
    Solver* solver = &bg_->solver;
    const std::uint64_t budget = settings_.score_node_budget;
    job->result = std::async(std::launch::async, [pos, before, solver, budget] {
        SolveResult tricks = solver->solve_tricks(pos);
        std::optional<SolveResult> score = solver->solve_score(pos, before, budget);
        CardValues v;
        v.best_tricks = tricks.total_tricks;
        v.best_score = score ? score->score : 0;
        v.score_valued = score.has_value();
        for (std::size_t i = 0; i < tricks.cards.size(); ++i) {
            v.cards.push_back({tricks.cards[i].card, tricks.cards[i].total_tricks,
                               score ? score->cards[i].score : 0, std::nullopt});
        }
        return v;
    });
    bg_->solve = std::move(job);
}

std::optional<TaskProgress> Model::progress() const {
    if (bg_->review) {
        return TaskProgress{"analysing " + bg_->review->row.label, bg_->review->done,
                            bg_->review->total};
    }
    if (bg_->import) {
        return TaskProgress{"importing " + bg_->import->path.string(), bg_->import->done,
                            bg_->import->total};
    }
    return std::nullopt;
}

bool Model::poll() {
    bool changed = false;
    auto ready = [](auto& future) {
        return future.valid() &&
               future.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
    };
    if (bg_->solve && ready(bg_->solve->result)) {
        auto job = std::move(bg_->solve);
        try {
            CardValues v = job->result.get();
            if (job->line == what_if_ && job->hand == hand_ && job->position == position_) {
                what_if_values_ = std::move(v);
            }
        } catch (const Error& e) {
            error(e.what());
        }
        changed = true;
    }
    if (bg_->review && ready(bg_->review->result)) {
        auto job = std::move(bg_->review);
        try {
            analyzer::GameReview review = job->result.get();
            if (!job->store_error.empty()) error(job->store_error);
            if (selected_ && same_game(games_[*selected_], job->row)) {
                review_ = std::move(review);
                find_stored_reviews();  // the new one among them, when stored
                for (std::size_t i = 0; i < stored_reviews_.size(); ++i) {
                    if (stored_reviews_[i].own) stored_review_shown_ = static_cast<int>(i);
                }
                review_computed_ = true;
            }
            for (GameRow& r : games_) {
                if (same_game(r, job->row)) r.reviewed = true;
            }
        } catch (const Error& e) {
            error(e.what());
        }
        changed = true;
    }
    if (bg_->chances && ready(bg_->chances->result)) {
        auto job = std::move(bg_->chances);
        try {
            bg_->tables[job->key] =
                std::make_shared<const analyzer::WinChanceTable>(job->result.get());
        } catch (const std::filesystem::filesystem_error& e) {
            // A cache folder that cannot be written: said, not fatal.
            bg_->table_errors[job->key] = e.what();
        } catch (...) {
            bg_->table_errors[job->key] = caught_failure();
        }
        rebuild_win_chance();
        changed = true;
    }
    if (bg_->import && ready(bg_->import->result)) {
        auto job = std::move(bg_->import);
        try {
            message(job->result.get());
        } catch (const Error& e) {
            error(e.what());
        }
        reload_library();
        changed = true;
    }
    // What other programs (or our own import and review threads) committed meanwhile.
    if (bg_->library && Clock::now() - bg_->last_refresh > kLibraryRefresh) {
        bg_->last_refresh = Clock::now();
        try {
            if (bg_->library->data_version() != bg_->data_version) {
                reload_library(/*quiet=*/true);
                changed = true;
            }
        } catch (const Error&) {
            // Not readable just now (another program busy for longer than our patience):
            // the list stays as it is and the next refresh tries again.
        }
    }
    return changed;
}

void Model::refresh_library_now() {
    bg_->last_refresh = Clock::now() - 2 * kLibraryRefresh;
}

void Model::wait_idle() {
    if (bg_->solve) bg_->solve->result.wait();
    if (bg_->review) bg_->review->result.wait();
    if (bg_->import) bg_->import->result.wait();
    // The table of another game may be loading first; then this game's starts at the poll.
    while (bg_->chances) {
        bg_->chances->result.wait();
        poll();
    }
    poll();
}

}  // namespace spadework::viewer
