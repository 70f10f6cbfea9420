// make_samples OUT_DIR: writes the sample games and rule sets that samples/ holds.
//
// For each preset it plays games with the simple bots from seed 1 upward (skipping the seeds
// of the samples before it) until one shows what that sample is meant to show (a nil, a blind
// nil, a set contract, a bag penalty, a Paperless set that goes to overtime) in a complete
// game short enough to read through, then writes it as a text log and as protobuf:
//   OUT_DIR/games/<preset>.spades, OUT_DIR/games/<preset>.pb, OUT_DIR/rules/<preset>.textproto
// The output depends on nothing but the engine, so a test reruns it and compares the bytes
// with the files in samples/.
#include <fmt/core.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "spadework/analyzer/simple_bot.h"
#include "spadework/formats/game_file.h"
#include "spadework/formats/proto_io.h"

namespace {

using namespace spadework;
namespace fs = std::filesystem;

enum class Feature { Nil, BlindNil, Set, BagPenalty, Overtime };

struct Sample {
    std::string preset;
    std::vector<Feature> wanted;
    std::size_t max_hands;  // the game ends within this many hands
    std::string event;
    std::array<std::string, 4> players;
};

std::set<Feature> features_of(const RecordedGame& game) {
    std::set<Feature> found;
    ScoredGame scored = score_game(game, game.rules);
    for (const HandRecord& hand : scored.hands) {
        for (const TeamHandScore& team : hand.score.teams) {
            for (const ScoreItem& item : team.items) {
                using K = ScoreItem::Kind;
                if (item.kind == K::NilMade || item.kind == K::NilFailed)
                    found.insert(Feature::Nil);
                if (item.kind == K::BlindNilMade || item.kind == K::BlindNilFailed) {
                    found.insert(Feature::BlindNil);
                }
                if (item.kind == K::ContractSet) found.insert(Feature::Set);
                if (item.kind == K::BagPenalty) found.insert(Feature::BagPenalty);
            }
        }
    }
    if (scored.result && scored.result->overtime_sets > 0) found.insert(Feature::Overtime);
    return found;
}

// The first seed not in `taken` whose game shows what the sample wants. Each sample takes a
// seed of its own: the presets that differ only in scoring would otherwise often show the
// same deals and the same bids.
RecordedGame find_game(const Sample& sample, std::set<std::uint64_t>& taken,
                       std::uint64_t& seed_used) {
    RuleSet rules = preset(sample.preset);
    for (std::uint64_t seed = 1; seed < 100000; ++seed) {
        if (taken.count(seed)) continue;
        SplitMix64 rng(seed);
        RecordedGame game = analyzer::play_game(rules, rng);
        std::set<Feature> found = features_of(game);
        bool all = true;
        for (Feature f : sample.wanted) all = all && found.count(f) > 0;
        if (all && game.hands.size() <= sample.max_hands && score_game(game, rules).result) {
            seed_used = seed;
            taken.insert(seed);
            return game;
        }
    }
    throw Error("no seed below 100000 gives the " + sample.preset + " sample");
}

void write_text(const fs::path& path, const std::string& content) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << content;
    if (!out) throw Error("cannot write " + path.string());
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        fmt::print(stderr, "usage: make_samples OUT_DIR\n");
        return 2;
    }
    fs::path out = argv[1];
    try {
        fs::create_directories(out / "games");
        fs::create_directories(out / "rules");
        const std::vector<Sample> samples = {
            {"classic",
             {Feature::Nil, Feature::BlindNil, Feature::Set, Feature::BagPenalty},
             12,
             "Sample: classic",
             {"Ann", "Bob", "Cathal O'Brien", "Dee"}},
            {"casual",
             {Feature::Nil, Feature::Set},
             10,
             "Sample: casual",
             {"Eve", "Finn", "Gus", "Hana"}},
            {"computer",
             {Feature::BlindNil, Feature::Set},
             12,
             "Sample: computer",
             {"Ivo", "Jill", "Kai", "Lena"}},
            {"leaflet",
             {Feature::Nil, Feature::Set, Feature::BagPenalty},
             14,
             "Sample: leaflet",
             {"Mo", "Nell", "Otto", "Pia"}},
            {"paperless",
             {Feature::Nil, Feature::Set, Feature::Overtime},
             8,
             "Sample: paperless",
             {"Quin", "Rosa", "Sam", "Tess"}},
            {"openspiel",
             {Feature::Nil, Feature::Set},
             14,
             "Sample: openspiel",
             {"Uma", "Vic", "Wes", "Xia"}},
        };
        std::set<std::uint64_t> taken;
        for (const Sample& sample : samples) {
            std::uint64_t seed = 0;
            RecordedGame game = find_game(sample, taken, seed);
            game.event = sample.event;
            game.site = "Spadework";
            game.date = "2026.11.21";
            game.table = "1";
            game.players = sample.players;
            game.tags.push_back({"Generator", fmt::format("make_samples seed {}", seed)});
            game.comment =
                "Played by the simple bots; a legal game under the " + sample.preset + " rules.";
            formats::write_game_file(out / "games" / (sample.preset + ".spades"), {game});
            formats::write_game_file(out / "games" / (sample.preset + ".pb"), {game});
            write_text(out / "rules" / (sample.preset + ".textproto"),
                       formats::write_rules_textproto(preset(sample.preset)));
            fmt::print("{}: seed {}, {} hands\n", sample.preset, seed, game.hands.size());
        }
    } catch (const std::exception& e) {
        fmt::print(stderr, "make_samples: {}\n", e.what());
        return 1;
    }
    return 0;
}
