// The score keeper's model: the sheet is rebuilt from the setup and the entries after each
// change, so undo is dropping the last entry and resuming is reading both back.
#include "keeper.h"

#include <fmt/format.h>

#include <algorithm>
#include <ctime>

#include "spadework/formats/game_file.h"
#include "wording.h"

namespace spadework::viewer {

using analyzer::keeper_record;
using analyzer::keeper_rules;
using analyzer::keeper_rules_text;
using analyzer::keeper_slot_filled;
using analyzer::keeper_slots;

namespace {

std::string utc(const char* format) {
    std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, format, &tm);
    return buf;
}

}  // namespace

struct ScoreKeeper::Open {
    explicit Open(const std::filesystem::path& path) : library(path), store(library) {}
    formats::Library library;
    analyzer::KeeperStore store;
};

ScoreKeeper::ScoreKeeper(std::filesystem::path library) : library_path_(std::move(library)) {}
ScoreKeeper::~ScoreKeeper() = default;

ScoreKeeper::Open& ScoreKeeper::open() const {
    if (!open_) open_ = std::make_unique<Open>(library_path_);
    return *open_;
}

void ScoreKeeper::start(const KeeperSetup& setup) {
    for (Seat s : kAllSeats) {
        if (setup.players[static_cast<std::size_t>(index(s))].empty()) {
            throw Error(fmt::format("{} has no player's name", seat_name(s)));
        }
    }
    KeeperSetup s = setup;
    if (s.date.empty()) s.date = utc("%Y.%m.%d");
    RuleSet rules = keeper_rules(s);  // throws before anything is kept
    std::int64_t id = 0;
    if (has_library()) id = open().store.add(analyzer::keeper_state_json(s, {}));
    id_ = id;
    form_open_ = false;
    setup_ = std::move(s);
    finish_asked_ = false;
    ended_early_ = false;
    ++revision_;
    entries_.clear();
    per_team_ = false;
    library_game_.reset();
    imported_ = false;
    error_.clear();
    game_ = std::make_unique<RecordedGame>();
    game_->rules = rules;
    rebuild();
}

void ScoreKeeper::resume(std::int64_t id) {
    if (!has_library()) throw Error("no library to resume a game from");
    KeeperSetup setup;
    std::vector<KeeperEntry> entries;
    if (!open().store.read(id, setup, entries)) {
        throw Error(fmt::format("no kept game #{} in the library", id));
    }
    RuleSet rules = keeper_rules(setup);
    id_ = id;
    form_open_ = false;
    setup_ = std::move(setup);
    finish_asked_ = false;
    ended_early_ = false;
    ++revision_;
    entries_ = std::move(entries);
    per_team_ = false;
    library_game_.reset();
    imported_ = false;
    error_.clear();
    game_ = std::make_unique<RecordedGame>();
    game_->rules = rules;
    rebuild();
    // A game over went into the library when it ended, unless its import failed then: it
    // is imported now.
    import_if_over();
}

void ScoreKeeper::open_as(const std::string& keep_score) {
    if (keep_score == "new") {
        open_form();
        return;
    }
    const bool number = !keep_score.empty() && keep_score.size() <= 15 &&
                        std::all_of(keep_score.begin(), keep_score.end(),
                                    [](char c) { return c >= '0' && c <= '9'; });
    if (!number) {
        throw Error(
            fmt::format("--keep-score {}: expected new or a kept game's number", keep_score));
    }
    try {
        resume(std::stoll(keep_score));
    } catch (const Error& e) {
        throw Error(fmt::format("--keep-score {}: {}", keep_score, e.what()));
    }
}

void ScoreKeeper::leave() {
    form_open_ = false;
    finish_asked_ = false;
    ended_early_ = false;
    ++revision_;
    game_.reset();
    entries_.clear();
    sheet_ = {};
    id_ = 0;
    library_game_.reset();
    imported_ = false;
    error_.clear();
}

const KeeperSetup& ScoreKeeper::setup() const {
    return setup_;
}
const RuleSet& ScoreKeeper::rules() const {
    return game_->rules;
}
const RecordedGame& ScoreKeeper::game() const {
    return *game_;
}

void ScoreKeeper::rebuild() {
    RuleSet rules = game_->rules;
    *game_ = keeper_record(setup_, rules, entries_, per_team_, pending_);
    std::vector<RuleSet> sets{rules};
    // The label says the overrides, so the column does not claim the preset as it is.
    std::vector<std::string> labels{keeper_rules_text(setup_)};
    for (const std::string& name : compare_rules_) {
        if (name == setup_.rules && setup_.overrides.empty()) continue;
        try {
            sets.push_back(formats::load_rules(name));
            labels.push_back(name);
        } catch (const Error&) {
            // A rule set to compare that cannot be read is left out; the game's own decides.
        }
    }
    sheet_ = analyzer::compare_scoring(*game_, sets, labels);
}

void ScoreKeeper::set_compare_rules(const std::vector<std::string>& rules) {
    compare_rules_ = rules;
    if (active()) rebuild();
}

const std::optional<GameResult>& ScoreKeeper::result() const {
    return sheet_.runs.front().scored.result;
}

std::string ScoreKeeper::result_text() const {
    if (!active()) return {};
    if (ended_early_) {
        const auto& hands = sheet_.runs.front().scored.hands;
        return fmt::format(
            "ended early after {}, N-S {}, E-W {}",
            hands.size() == 1 ? std::string("1 hand") : fmt::format("{} hands", hands.size()),
            hands.back().after[0].score, hands.back().after[1].score);
    }
    if (!result()) return {};
    const GameResult& r = *result();
    std::string_view why = "at the target";
    switch (r.reason) {
        case EndReason::Target:
            break;
        case EndReason::LossLimit:
            why = "at the loss limit";
            break;
        case EndReason::HandLimit:
            why = "at the hand limit";
            break;
        case EndReason::Mercy:
            why = "by the mercy margin";
            break;
    }
    const int ns = r.final[0].score;
    const int ew = r.final[1].score;
    if (!r.winner) return fmt::format("a draw {}, {} to {}", why, ns, ew);
    const int w = index(*r.winner);
    return fmt::format("{} win {}, {} to {}", partnership_label(w), why, w == 0 ? ns : ew,
                       w == 0 ? ew : ns);
}

KeeperStep ScoreKeeper::step() const {
    if (result() || ended_early_) return KeeperStep::Over;
    return game_->hands.back().bids.size() < 4 ? KeeperStep::Bids : KeeperStep::Tricks;
}

int ScoreKeeper::hand() const {
    int n = static_cast<int>(game_->hands.size()) - 1;
    // Once over, the empty hand after the last is not one.
    return step() == KeeperStep::Over && game_->hands.back().bids.empty() && n > 0 ? n - 1 : n;
}

Seat ScoreKeeper::dealer() const {
    return game_->hands.back().dealer;
}

std::optional<Seat> ScoreKeeper::to_bid() const {
    if (step() != KeeperStep::Bids) return std::nullopt;
    return next(dealer(), static_cast<int>(game_->hands.back().bids.size()) + 1);
}

std::optional<ScoreKeeper::Slot> ScoreKeeper::tricks_slot() const {
    if (step() != KeeperStep::Tricks) return std::nullopt;
    const RecordedHand& h = game_->hands.back();
    for (const Slot& s : keeper_slots(h, per_team_)) {
        if (!keeper_slot_filled(pending_, s)) return s;
    }
    return std::nullopt;
}

std::string ScoreKeeper::slot_name(const Slot& slot) const {
    return slot.team ? partnership_label(slot.who) : seat_letter(static_cast<Seat>(slot.who));
}

bool ScoreKeeper::set_team_tricks(bool per_team) {
    if (!active()) return false;
    if (step() == KeeperStep::Tricks && !pending_.empty() && per_team != per_team_) {
        error_ = "tricks of this hand are entered already; undo them to change how they are given";
        return false;
    }
    per_team_ = per_team;
    return true;
}

std::optional<std::string> ScoreKeeper::bid_problem(Bid bid) const {
    auto seat = to_bid();
    if (!seat) return "no bid is asked for now";
    const RecordedHand& h = game_->hands.back();
    BidFacts facts;
    // The partner bid before when it is one of the bids made so far this hand.
    for (std::size_t i = 0; i < h.bids.size(); ++i) {
        if (next(h.dealer, static_cast<int>(i) + 1) == partner(*seat))
            facts.partner_bid = h.bids[i];
    }
    const auto& hands = sheet_.runs.front().scored.hands;
    std::array<int, 2> before{};
    if (!hands.empty()) before = {hands.back().after[0].score, hands.back().after[1].score};
    facts.scores_before = before;
    if (auto illegal = check_bid_rules(game_->rules, *seat, bid, facts)) return illegal->message;
    return std::nullopt;
}

std::optional<std::string> ScoreKeeper::tricks_problem(int tricks) const {
    auto slot = tricks_slot();
    if (!slot) return "no tricks are asked for now";
    const int size = game_->rules.hand_size();
    if (tricks < 0 || tricks > size) {
        return fmt::format("{} tricks: a hand has {}", tricks, size);
    }
    const RecordedHand& h = game_->hands.back();
    auto slots = keeper_slots(h, per_team_);
    // Totals: the seats' tricks, or the partnerships' (a nil bidder's own are within its
    // partnership's total).
    int sum = 0;
    bool last_total = true;
    bool seen = false;
    for (const Slot& s : slots) {
        const bool total = !per_team_ || s.team;
        if (seen && total) last_total = false;
        if (s.team == slot->team && s.who == slot->who) seen = true;
        if (!total || !keeper_slot_filled(pending_, s)) continue;
        sum += s.team ? *pending_.teams[static_cast<std::size_t>(s.who)]
                      : *pending_.seats[static_cast<std::size_t>(s.who)];
    }
    if (!per_team_ || slot->team) {
        if (sum + tricks > size) {
            return fmt::format(
                "{} tricks: with the {} entered that is {}, more than the {} of a hand", tricks,
                sum, sum + tricks, size);
        }
        if (last_total && sum + tricks != size) {
            return fmt::format("{} tricks: the tricks must add up to {}; {} is {} short", tricks,
                               size, slot_name(*slot), size - sum - tricks);
        }
    } else {
        const int team = index(team_of(static_cast<Seat>(slot->who)));
        const int total = *pending_.teams[static_cast<std::size_t>(team)];
        if (tricks > total) {
            return fmt::format("{} tricks: more than {}'s {} together", tricks,
                               partnership_label(team), total);
        }
    }
    return std::nullopt;
}

bool ScoreKeeper::accept(const KeeperEntry& entry) {
    if (step() == KeeperStep::Over) {
        error_ = "the game is over";
        return false;
    }
    entries_.push_back(entry);
    try {
        rebuild();
    } catch (const Error& e) {
        // The engine's own check of the sheet (sheet_outcome) has the last word.
        entries_.pop_back();
        rebuild();
        error_ = e.what();
        return false;
    }
    try {
        save();
    } catch (const Error& e) {
        // Not in the library, so not taken: the sheet on screen is the one kept.
        entries_.pop_back();
        rebuild();
        error_ = std::string("not saved, so not entered: ") + e.what();
        return false;
    }
    error_.clear();
    import_if_over();
    return true;
}

bool ScoreKeeper::enter_bid(Bid bid) {
    if (!active()) return false;
    if (auto problem = bid_problem(bid)) {
        error_ = *problem;
        return false;
    }
    return accept({KeeperEntry::Kind::Bid, index(*to_bid()), bid, 0});
}

bool ScoreKeeper::enter_tricks(int tricks) {
    if (!active()) return false;
    if (auto problem = tricks_problem(tricks)) {
        error_ = *problem;
        return false;
    }
    auto slot = *tricks_slot();
    return accept({slot.team ? KeeperEntry::Kind::TeamTricks : KeeperEntry::Kind::SeatTricks,
                   slot.who, Bid(), tricks});
}

namespace {
std::optional<int> parse_count(const std::string& text) {
    if (text.empty() || text.size() > 2) return std::nullopt;
    int n = 0;
    for (char c : text) {
        if (c < '0' || c > '9') return std::nullopt;
        n = n * 10 + (c - '0');
    }
    return n;
}
}  // namespace

std::string ScoreKeeper::check_text(const std::string& text) const {
    if (!active() || text.empty()) return {};
    if (step() == KeeperStep::Bids) {
        try {
            return bid_problem(parse_bid(text)).value_or("");
        } catch (const Error& e) {
            return e.what();
        }
    }
    if (step() == KeeperStep::Tricks) {
        auto n = parse_count(text);
        if (!n) return "'" + text + "' is not a count of tricks";
        return tricks_problem(*n).value_or("");
    }
    return "the game is over";
}

bool ScoreKeeper::enter_text(const std::string& text) {
    if (!active()) return false;
    if (std::string problem = check_text(text); !problem.empty()) {
        error_ = problem;
        return false;
    }
    if (step() == KeeperStep::Bids) return enter_bid(parse_bid(text));
    return enter_tricks(*parse_count(text));
}

bool ScoreKeeper::undo() {
    if (!active() || entries_.empty()) return false;
    if (library_game_) {
        error_ = fmt::format("the game is in the library already (#{})", *library_game_);
        return false;
    }
    if (imported_) {
        error_ = "the game went into the library when it ended";
        return false;
    }
    if (ended_early_) {
        error_ = "the game was finished";
        return false;
    }
    const KeeperEntry last = entries_.back();
    entries_.pop_back();
    try {
        save();
    } catch (const Error& e) {
        entries_.push_back(last);
        error_ = std::string("not saved, so not undone: ") + e.what();
        return false;
    }
    rebuild();
    error_.clear();
    return true;
}

void ScoreKeeper::script(std::vector<std::string> entries) {
    if (!entries.empty()) {
        // Every entry tried first on a copy of the game kept nowhere: a script with a bad entry
        // is refused whole, before one entry of it reaches the library.
        SPADEWORK_INVARIANT(active(), "a script types into a game under way");
        ScoreKeeper dry({});
        dry.setup_ = setup_;
        dry.entries_ = entries_;
        dry.game_ = std::make_unique<RecordedGame>();
        dry.game_->rules = game_->rules;
        dry.rebuild();
        for (std::size_t i = 0; i < entries.size(); ++i) {
            if (!dry.enter_text(entries[i])) {
                throw UsageError(fmt::format("--keeper-entries: entry {} (\"{}\"): {}", i + 1,
                                             entries[i], dry.error_));
            }
        }
    }
    script_ = std::move(entries);
    std::reverse(script_.begin(), script_.end());  // taken from the back
    scripted_ = 0;
}

bool ScoreKeeper::poll() {
    if (script_.empty()) return false;
    const std::string text = script_.back();
    script_.pop_back();
    ++scripted_;
    if (!enter_text(text)) {  // checked whole by script(): only the library can refuse now
        script_.clear();
        throw Error(
            fmt::format("--keeper-entries: entry {} (\"{}\"): {}", scripted_, text, error_));
    }
    return !script_.empty();
}

void ScoreKeeper::save() {
    if (!has_library()) return;
    ++revision_;
    open().store.save(id_, analyzer::keeper_state_json(setup_, entries_));
}

void ScoreKeeper::import_if_over() {
    if (step() != KeeperStep::Over || !has_library() || imported_) return;
    RecordedGame done = *game_;
    if (!done.hands.empty() && done.hands.back().bids.empty()) done.hands.pop_back();
    try {
        if (open().store.imported(id_)) {
            // Imported once: found by its content, or deleted or edited in the library since,
            // and left so.
            imported_ = true;
            library_game_ = open().library.find_game(done);
            return;
        }
        formats::ImportResult r = open().library.import_games({done}, "score keeper");
        library_game_ = r.ids.front();
        imported_ = true;
        // Should this fail, the next opening finds the game by its content.
        open().store.mark_imported(id_);
    } catch (const Error& e) {
        // Every entry is kept; resuming the game tries again.
        error_ =
            std::string("the game is over, but it could not be put in the library: ") + e.what();
    }
}

void ScoreKeeper::ask_finish() {
    finish_asked_ = active() && step() != KeeperStep::Over;
}

bool ScoreKeeper::confirm_finish() {
    const bool asked = finish_asked_;
    finish_asked_ = false;
    if (!active() || !asked) return false;
    if (step() == KeeperStep::Over) {
        error_ = "the game is over already";
        return false;
    }
    const std::size_t finished = sheet_.runs.front().scored.hands.size();
    if (finished == 0) {
        error_ = "no hand is finished: there is nothing to keep (Leave, or Undo to the start)";
        return false;
    }
    RecordedGame done = *game_;
    done.hands.resize(finished);  // the hand under way, if begun, is not one
    const std::string note = fmt::format(
        "Ended early in the score keeper after {} hand{}, before the rules ended "
        "the game.",
        finished, finished == 1 ? "" : "s");
    done.comment = done.comment.empty() ? note : done.comment + "\n" + note;
    if (has_library()) {
        try {
            // Imported first: should taking it out of the store fail, finishing again finds
            // the game imported by its content and takes it out then.
            formats::ImportResult r = open().library.import_games({done}, "score keeper");
            open().store.remove(id_);
            library_game_ = r.ids.front();
            imported_ = true;
        } catch (const Error& e) {
            error_ = std::string("not finished: ") + e.what();
            return false;
        }
    }
    // The sheet shows the hands finished, without the one begun.
    while (!game_->hands.back().bids.empty()) {
        entries_.pop_back();
        rebuild();
    }
    ended_early_ = true;
    ++revision_;
    error_.clear();
    return true;
}

std::vector<Bid> ScoreKeeper::open_bids() const {
    std::vector<Bid> out;
    if (!to_bid()) return out;
    std::vector<Bid> all{Bid::nil(), Bid::blind_nil()};
    for (int n = 1; n <= game_->rules.hand_size(); ++n) all.push_back(Bid::tricks(n));
    for (int n = 1; n <= game_->rules.hand_size(); ++n) all.push_back(Bid::blind_tricks(n));
    for (Bid b : all) {
        if (!bid_problem(b)) out.push_back(b);
    }
    return out;
}

std::vector<KeptGame> ScoreKeeper::kept_games(bool with_over) const {
    if (!has_library()) return {};
    return open().store.kept_games(with_over);
}

std::string keeper_hand_cell(const ScoredGame& scored, std::size_t hand) {
    if (hand >= scored.hands.size()) return "over";
    const auto& h = scored.hands[hand];
    std::string cell = fmt::format("{} : {}", h.after[0].score, h.after[1].score);
    if (h.tie_to_overtime) {
        cell += fmt::format(", level: overtime to {}", scored.rules.overtime_target);
    }
    return cell;
}

std::string keeper_bids_cell(const RecordedGame& game, const ScoredGame& scored, std::size_t hand) {
    const HandOutcome* outcome = hand < scored.outcomes.size() ? &scored.outcomes[hand] : nullptr;
    const std::array<std::optional<Bid>, 4> bids = bids_by_seat(game.hands.at(hand));
    std::array<std::string, 4> cells;
    for (Seat seat : kAllSeats) {
        const std::optional<Bid>& b = bids[index(seat)];
        if (!b) continue;
        cells[index(seat)] = bid_text(*b);
        if (outcome && b->is_nil()) {
            cells[index(seat)] += outcome->tricks[index(seat)] == 0 ? "✓" : "✗";
        }
    }
    return fmt::format("{} {} {} {}", cells[0], cells[1], cells[2], cells[3]);
}

std::string keeper_end_cell(const ScoredGame& scored) {
    if (scored.result) {
        const auto& winner = scored.result->winner;
        return fmt::format("{}, hand {}",
                           winner ? partnership_label(index(*winner)) + " win" : "drawn",
                           scored.hands.size());
    }
    const bool overtime = std::any_of(scored.hands.begin(), scored.hands.end(),
                                      [](const auto& h) { return h.tie_to_overtime; });
    if (overtime) return fmt::format("in overtime (to {})", scored.rules.overtime_target);
    return "not over";
}

}  // namespace spadework::viewer
