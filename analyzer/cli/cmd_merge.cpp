// `spadework merge A.sqlite B.sqlite ... --into C.sqlite`: gathers libraries into one, for
// instance the shards of `analyze --all --shard K/N --out`. Games are matched by content and
// reviews by game and settings, lesson answers and the score keeper's games under way by
// content, so nothing is stored twice and merging again adds nothing;
// everything goes in one transaction, so a failure leaves the target as it was.
#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "commands.h"
#include "common.h"
#include "spadework/analyzer/library_stores.h"
#include "spadework/formats/library.h"

namespace spadework::cli {
namespace {

struct MergeOptions {
    std::vector<std::string> sources;
    std::string into;
    std::string db;  // --db, another name for --into
};

void run_merge(MergeOptions o) {
    if (!o.into.empty() && !o.db.empty()) {
        throw UsageError(fmt::format(
            "--into {} and --db {} both name the library merged into: give one", o.into, o.db));
    }
    if (o.into.empty()) o.into = o.db;
    if (o.into.empty())
        throw UsageError("--into is required: the library to merge them into (or --db)");
    library_to_make(o.into, o.db.empty() ? "--into" : "--db");
    std::vector<std::filesystem::path> sources(o.sources.begin(), o.sources.end());
    formats::MergeResult r =
        formats::merge_libraries(sources, o.into, {}, analyzer::library_stores());
    std::string line = fmt::format(
        "Merged {} into {}: {} added ({} there already)",
        analyzer::count_of(static_cast<long long>(sources.size()), "library", "libraries"), o.into,
        analyzer::count_of(r.games_added, "game"), r.games_already_there);
    for (const formats::StoreMerged& s : r.stores) {
        line += fmt::format(", {} added ({} there already)",
                            analyzer::count_store_rows(s.store, s.added), s.already_there);
    }
    fmt::print("{}.\n", line);
}

}  // namespace

void add_merge_command(CLI::App& app) {
    auto opts = std::make_shared<MergeOptions>();
    CLI::App* cmd = app.add_subcommand(
        "merge",
        "Merge libraries into one (created when missing, added to when not): games matched by "
        "content, reviews by game and settings, lesson answers, the score keeper's games under "
        "way; nothing stored twice, all or nothing");
    cmd->add_option("libraries", opts->sources, "the libraries to merge (.sqlite files)")
        ->required();
    // --db too: every other command names its library so, and a user reaches for it here.
    cmd->add_option("--into", opts->into, "the library to merge them into (required)");
    cmd->add_option("--db", opts->db, "the same as --into");
    cmd->callback([opts] { run_merge(*opts); });
}

}  // namespace spadework::cli
