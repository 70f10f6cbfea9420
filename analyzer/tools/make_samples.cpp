// make_samples OUT_DIR: writes the sample games and rule sets that samples/ holds.
//
// For each preset it plays games with the simple bot from seed 1 upward until one shows what
// that sample is meant to show (a nil, a blind nil, a set contract, a bag penalty, a Paperless
// set that goes to overtime), then writes it as a text log and as protobuf:
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

RecordedGame find_game(const Sample& sample, std::uint64_t& seed_used) {
    RuleSet rules = preset(sample.preset);
    for (std::uint64_t seed = 1; seed < 100000; ++seed) {
        SplitMix64 rng(seed);
        RecordedGame game = analyzer::play_game(rules, rng);
        std::set<Feature> found = features_of(game);
        bool all = true;
        for (Feature f : sample.wanted) all = all && found.count(f) > 0;
        if (all && score_game(game, rules).result) {
            seed_used = seed;
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
             "Sample: classic",
             {"Ann", "Bob", "Cathal O'Brien", "Dee"}},
            {"casual",
             {Feature::Nil, Feature::Set},
             "Sample: casual",
             {"Eve", "Finn", "Gus", "Hana"}},
            {"computer",
             {Feature::BlindNil, Feature::Set},
             "Sample: computer",
             {"Ivo", "Jill", "Kai", "Lena"}},
            {"leaflet",
             {Feature::Nil, Feature::Set, Feature::BagPenalty},
             "Sample: leaflet",
             {"Mo", "Nell", "Otto", "Pia"}},
            {"paperless",
             {Feature::Set, Feature::Overtime},
             "Sample: paperless",
             {"Quin", "Rosa", "Sam", "Tess"}},
        };
        for (const Sample& sample : samples) {
            std::uint64_t seed = 0;
            RecordedGame game = find_game(sample, seed);
            game.event = sample.event;
            game.site = "Spadework";
            game.date = "2026.11.21";
            game.table = "1";
            game.players = sample.players;
            game.tags.push_back({"Generator", fmt::format("make_samples seed {}", seed)});
            game.comment =
                "Played by the simple bot; a legal game under the " + sample.preset + " rules.";
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
