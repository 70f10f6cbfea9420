// The search's side of the public Solver (one per build, isa.h): checks the position once,
// keeps the transposition table between calls, and turns the yes-or-no searches into the
// answers of solver.h.
#include "backend.h"

#include <algorithm>
#include <optional>

#include "nil.h"
#include "position.h"
#include "score.h"
#include "spadework/engine/error.h"
#include "tricks.h"

namespace SPADEWORK_SOLVER_NAMESPACE {

namespace {

// What the table's entries of one search depend on beyond the cards: entries made under one
// context never answer a search under another.
struct Context {
    Objective objective = Objective::Tricks;
    PlayRules play;
    int nil_seat = -1;
    RuleSet rules;  // Score only
    std::array<std::optional<Bid>, 4> bids;
    Standings before{};
    std::string end_value;  // Score only: the EndValue's name ("" for points)
    bool operator==(const Context&) const = default;
};

constexpr std::size_t kMaxContexts = 256;

// Root moves in the order of SolveResult::cards: spades, hearts, diamonds, clubs, high first.
std::vector<Move> root_moves(const State& st, bool honours_apart = false) {
    Move buffer[13];
    int n = generate_sequences(st, honours_apart, buffer);
    return std::vector<Move>(buffer, buffer + n);
}

// The tricks the side to play has taken so far.
int side_taken(const Position& position) {
    Team side = team_of(position.to_play);
    int n = 0;
    for (Seat s : members(side)) n += position.tricks_taken[index(s)];
    return n;
}

// Every legal card of a sequence, highest first.
template <class F>
void for_each_card(const State& st, const Move& m, F&& f) {
    std::uint64_t legal = st.legal_moves();
    for (int c = m.card; c >= m.low; --c) {
        if (legal & card_bit(c)) f(Card::from_index(c));
    }
}

struct Impl {
    SolverOptions options;
    TransTable table;
    std::vector<Context> contexts;
    SolverStats stats;
    ScoreTableCache score_tables;
    // The last answer as NS's tricks at the end of the hand: the guess for the next position,
    // which in a card-by-card analysis is usually the same.
    int last_ns_total = -1;

    int guess(const Position& position, int left) const {
        if (last_ns_total < 0) return left / 2;
        int all = position.tricks_played + left;
        bool ns = team_of(position.to_play) == Team::NS;
        int side_total = ns ? last_ns_total : all - last_ns_total;
        return std::clamp(side_total - side_taken(position), 0, left);
    }
    void remember(const Position& position, const State& st, int side_future) {
        int all = position.tricks_played + tricks_left(position);
        int side_total = side_taken(position) + side_future;
        last_ns_total = team_of(position.to_play) == Team::NS ? side_total : all - side_total;
        last_root = st;
        have_last_root = true;
    }

    // The last root whose tricks were found (NS's total is last_ns_total). The next position
    // of a card-by-card analysis follows it by one card, whose player could do no better than
    // the root's value: NS's total is at most last_ns_total after a card of NS, at least after
    // one of EW. So one test settles the value when the card lost nothing.
    State last_root;
    bool have_last_root = false;

    // The range of the future tricks of the side to play at st: [0, tricks left], narrowed
    // when st follows the last root by one card.
    std::pair<int, int> future_range(const Position& position, const State& st) {
        int left = st.tricks_left;
        if (!have_last_root || last_root.tricks_left - (last_root.count == 3) != left) {
            return {0, left};
        }
        State& probe = last_root;
        const bool ns_played = (probe.to_play() & 1) == 0;
        bool follows = false;
        for (std::uint64_t legal = probe.legal_moves(); legal && !follows; legal &= legal - 1) {
            probe.play(std::countr_zero(legal));
            follows = same_play(probe, st);
            probe.undo();
        }
        if (!follows) return {0, left};
        int all = position.tricks_played + left;
        int taken = side_taken(position);
        bool side_ns = team_of(position.to_play) == Team::NS;
        int bound = (side_ns ? last_ns_total : all - last_ns_total) - taken;
        bound = std::clamp(bound, 0, left);
        // NS's total bounded above (NS played) is the side's bounded above when the side is NS.
        if (ns_played == side_ns) return {0, bound};
        return {bound, left};
    }

    explicit Impl(SolverOptions o) : options(o), table(o.table_megabytes << 20) {}

    std::uint64_t context_id(const Context& c) {
        auto it = std::find(contexts.begin(), contexts.end(), c);
        if (it != contexts.end()) return static_cast<std::uint64_t>(it - contexts.begin());
        if (contexts.size() == kMaxContexts) {
            table.clear();
            contexts.clear();
        }
        contexts.push_back(c);
        return contexts.size() - 1;
    }

    // Before a search. A position of another deal (each seat's cards neither a subset nor a
    // superset of the last root's) starts with an empty table: the last deal's entries could
    // only compete for room. Within a deal, when the table is more than half full, positions
    // with more tricks left than the root go, as a card-by-card analysis never meets them
    // again.
    std::array<std::uint64_t, 4> last_cards{};
    // The context of the tricks objective under the position's play rules.
    std::uint64_t tricks_context(const State& st) {
        Context c;
        c.objective = Objective::Tricks;
        c.play = st.rules;
        return context_id(c);
    }
    // The context of the nil objective for one seat, the table prepared for the position.
    std::uint64_t prepare_nil(const State& st, Seat nil_seat) {
        Context c;
        c.objective = Objective::Nil;
        c.play = st.rules;
        c.nil_seat = index(nil_seat);
        std::uint64_t context = context_id(c);
        prepare(st);
        return context;
    }
    void prepare(const State& st) {
        std::array<std::uint64_t, 4> cards;
        for (int s = 0; s < 4; ++s) cards[s] = st.hand[s];
        for (int i = 0; i < st.count; ++i) cards[(st.leader + i) & 3] |= card_bit(st.trick[i]);
        bool forward = true;
        bool back = true;
        for (int s = 0; s < 4; ++s) {
            forward = forward && (cards[s] & ~last_cards[s]) == 0;
            back = back && (last_cards[s] & ~cards[s]) == 0;
        }
        last_cards = cards;
        if (!forward && !back) {
            table.clear();
        } else if (table.used_bytes() * 2 > table.max_bytes()) {
            table.drop_larger_than(st.tricks_left);
        }
    }

    // The positions one card after the last root whose cards were all valued, with NS's
    // tricks at the end of the hand: the next position of a card-by-card analysis is one of
    // them, and its total needs no search.
    struct Known {
        State after;
        int ns_total;
    };
    std::vector<Known> known;

    std::optional<int> known_ns_total(const State& st) const {
        for (const Known& k : known) {
            if (same_play(k.after, st)) return k.ns_total;
        }
        return std::nullopt;
    }

    void finish(std::uint64_t nodes) {
        stats.nodes += nodes;
        stats.table_entries = table.entries();
        stats.table_bytes = table.bytes();
        stats.peak_table_bytes = table.peak_bytes();
    }
};

// One build's Backend. A SolverStats counts what this Core did since it was made or cleared.
class Core final : public Backend {
  public:
    explicit Core(SolverOptions options) : impl_(std::make_unique<Impl>(options)) {}
    SolveResult solve_tricks(const Position& position) override;
    int total_tricks(const Position& position) override;
    SolveResult solve_nil(const Position& position, Seat nil_seat) override;
    bool nil_kept(const Position& position, Seat nil_seat) override;
    std::optional<bool> nil_kept(const Position& position, Seat nil_seat,
                                 std::uint64_t max_nodes) override;
    std::optional<SolveResult> solve_score(const Position& position, const Standings& before,
                                           std::uint64_t max_nodes, const EndValue* end) override;
    void clear() override;
    SolverStats stats() const override;

  private:
    SolveResult score_within(const Position& position, const Standings& before,
                             std::uint64_t max_nodes, const EndValue* end);
    std::unique_ptr<Impl> impl_;
};

}  // namespace

namespace {

SolveResult base_result(const Position& position, Objective objective) {
    SolveResult r;
    r.objective = objective;
    r.to_play = position.to_play;
    r.side = team_of(position.to_play);
    return r;
}

// Every card of every root move, each with its move's value: `set` writes the value of move
// i into the card's CardValue.
template <typename SetValue>
void add_card_values(SolveResult& result, const State& st, const std::vector<Move>& moves,
                     SetValue set) {
    for (std::size_t i = 0; i < moves.size(); ++i) {
        for_each_card(st, moves[i], [&](Card card) {
            CardValue v;
            v.card = card;
            set(v, i);
            result.cards.push_back(v);
        });
    }
}

}  // namespace

namespace {

// NS's tricks at the end of the hand when the side to play ends with side_total.
int ns_total_of(const Position& position, int side_total) {
    int all = position.tricks_played + tricks_left(position);
    return team_of(position.to_play) == Team::NS ? side_total : all - side_total;
}

}  // namespace

SolveResult Core::solve_tricks(const Position& printed) {
    const SearchPosition search(printed);
    const Position& position = search.get();
    SolveResult result = base_result(position, Objective::Tricks);
    State st = make_state(position);
    int taken = side_taken(position);
    if (st.tricks_left == 0) {
        result.total_tricks = taken;
        return result;
    }
    std::uint64_t context = impl_->tricks_context(st);
    impl_->prepare(st);
    TricksRun run;
    // 1. The total: known when the position follows the last one by a card, else searched.
    int best;
    if (std::optional<int> ns = impl_->known_ns_total(st)) {
        best = ns_total_of(position, *ns) - taken;
    } else {
        auto [low, high] = impl_->future_range(position, st);
        best = future_tricks(st, impl_->table, context, impl_->guess(position, st.tricks_left), run,
                             low, high);
    }
    // 2. Each move, and what follows each for the next call.
    std::vector<Move> moves = root_moves(st);
    std::vector<int> values = future_tricks_per_move(st, impl_->table, context, best, moves, run);
    result.total_tricks = taken + best;
    impl_->known.clear();
    for (std::size_t i = 0; i < moves.size(); ++i) {
        for_each_card(st, moves[i], [&](Card card) {
            CardValue v;
            v.card = card;
            v.total_tricks = taken + values[i];
            result.cards.push_back(v);
            State after = st;
            after.play(card.index());
            impl_->known.push_back({after, ns_total_of(position, taken + values[i])});
        });
    }
    impl_->remember(position, st, best);
    result.nodes = run.nodes;
    impl_->finish(run.nodes);
    search.print_cards(result);
    return result;
}

int Core::total_tricks(const Position& printed) {
    const SearchPosition search(printed);
    const Position& position = search.get();
    State st = make_state(position);
    int taken = side_taken(position);
    if (st.tricks_left == 0) return taken;
    if (std::optional<int> ns = impl_->known_ns_total(st)) {
        impl_->remember(position, st, ns_total_of(position, *ns) - taken);
        return ns_total_of(position, *ns);
    }
    std::uint64_t context = impl_->tricks_context(st);
    impl_->prepare(st);
    TricksRun run;
    auto [low, high] = impl_->future_range(position, st);
    int best = future_tricks(st, impl_->table, context, impl_->guess(position, st.tricks_left), run,
                             low, high);
    impl_->remember(position, st, best);
    impl_->finish(run.nodes);
    return taken + best;
}

namespace {

// The nil objective needs the seat's bid to be nil or blind nil.
void check_nil_bid(const Position& position, Seat nil_seat) {
    const auto& bid = position.bids[index(nil_seat)];
    if (!bid || !bid->is_nil()) {
        throw Error(seat_letter(nil_seat) + " did not bid nil or blind nil");
    }
}

}  // namespace

SolveResult Core::solve_nil(const Position& printed, Seat nil_seat) {
    const SearchPosition search(printed);
    const Position& position = search.get();
    check_nil_bid(position, nil_seat);
    SolveResult result = base_result(position, Objective::Nil);
    result.nil_seat = nil_seat;
    State st = make_state(position);
    std::vector<Move> moves = root_moves(st);
    NilRun run;
    std::vector<bool> per_move;
    bool kept;
    if (position.tricks_taken[index(nil_seat)] > 0) {
        kept = false;
        per_move.assign(moves.size(), false);
    } else {
        std::uint64_t context = impl_->prepare_nil(st, nil_seat);
        kept = solver::nil_kept(st, impl_->table, context, index(nil_seat), run);
        per_move = nil_kept_per_move(st, impl_->table, context, index(nil_seat), moves, run);
    }
    result.nil_kept = kept;
    add_card_values(result, st, moves,
                    [&](CardValue& v, std::size_t i) { v.nil_kept = per_move[i]; });
    result.nodes = run.nodes;
    impl_->finish(run.nodes);
    search.print_cards(result);
    return result;
}

bool Core::nil_kept(const Position& printed, Seat nil_seat) {
    const SearchPosition search(printed);
    const Position& position = search.get();
    check_nil_bid(position, nil_seat);
    if (position.tricks_taken[index(nil_seat)] > 0) return false;
    State st = make_state(position);
    NilRun run;
    bool kept =
        solver::nil_kept(st, impl_->table, impl_->prepare_nil(st, nil_seat), index(nil_seat), run);
    impl_->finish(run.nodes);
    return kept;
}

std::optional<bool> Core::nil_kept(const Position& printed, Seat nil_seat,
                                   std::uint64_t max_nodes) {
    const SearchPosition search(printed);
    const Position& position = search.get();
    check_nil_bid(position, nil_seat);
    if (position.tricks_taken[index(nil_seat)] > 0) return false;
    State st = make_state(position);
    NilRun run;
    std::optional<bool> kept = solver::nil_kept_within(
        st, impl_->table, impl_->prepare_nil(st, nil_seat), index(nil_seat), run, max_nodes);
    impl_->finish(run.nodes);
    if (!kept) ++impl_->stats.budget_spent;
    return kept;
}

std::optional<SolveResult> Core::solve_score(const Position& position, const Standings& before,
                                             std::uint64_t max_nodes, const EndValue* end) {
    try {
        return score_within(position, before, max_nodes, end);
    } catch (const BudgetSpent&) {
        ++impl_->stats.budget_spent;
        return std::nullopt;
    }
}

// Throws BudgetSpent past max_nodes positions, the positions searched counted.
SolveResult Core::score_within(const Position& printed, const Standings& before,
                               std::uint64_t max_nodes, const EndValue* end) {
    const SearchPosition search(printed);
    const Position& position = search.get();
    for (Seat s : kAllSeats) {
        if (!position.bids[index(s)]) {
            throw Error(std::string("the score objective needs every bid; ") + seat_char(s) +
                        "'s is missing");
        }
    }
    if (position.tricks_played + tricks_left(position) != position.rules.hand_size()) {
        throw Error(
            "the score objective needs the whole hand: " + std::to_string(position.tricks_played) +
            " tricks played and " + std::to_string(tricks_left(position)) + " to play are not " +
            std::to_string(position.rules.hand_size()));
    }
    SolveResult result = base_result(position, Objective::Score);
    State st = make_state(position);
    Context c;
    c.objective = Objective::Score;
    c.play = st.rules;
    c.rules = position.rules;
    c.bids = position.bids;
    c.before = before;
    if (end) c.end_value = end->name;
    const ScoreContexts contexts{impl_->context_id(c), impl_->tricks_context(st)};
    const ScoreTable& values = impl_->score_tables.get(position.rules, position.bids, before, end);
    std::vector<Move> moves =
        root_moves(st, std::popcount(static_cast<unsigned>(honours_outcomes(values, st))) > 1);
    impl_->prepare(st);
    ScoreRun run;
    run.budget = max_nodes;
    int best = 0;
    std::vector<int> per_move;
    try {
        best = best_score(st, impl_->table, contexts, values, run);
        per_move = best_score_per_move(st, impl_->table, contexts, values, best, moves, run);
    } catch (const BudgetSpent&) {
        impl_->finish(run.nodes);
        throw;
    }
    result.score = best;
    add_card_values(result, st, moves, [&](CardValue& v, std::size_t i) { v.score = per_move[i]; });
    result.nodes = run.nodes;
    impl_->finish(run.nodes);
    search.print_cards(result);
    return result;
}

void Core::clear() {
    impl_->table.clear();
    impl_->contexts.clear();
    impl_->last_ns_total = -1;
    impl_->have_last_root = false;
    impl_->last_cards = {};
    impl_->known.clear();
    impl_->stats = SolverStats{};
    impl_->stats.table_bytes = impl_->table.bytes();
    impl_->stats.peak_table_bytes = impl_->table.peak_bytes();
}

SolverStats Core::stats() const {
    SolverStats s = impl_->stats;
    s.table_entries = impl_->table.entries();
    s.table_bytes = impl_->table.bytes();
    s.peak_table_bytes = impl_->table.peak_bytes();
    return s;
}

std::unique_ptr<Backend> make_backend(SolverOptions options) {
    return std::make_unique<Core>(options);
}

}  // namespace SPADEWORK_SOLVER_NAMESPACE
