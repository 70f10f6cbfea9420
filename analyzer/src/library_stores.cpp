// The analyzer's stores, listed once: merging libraries copies each of them.
#include <ctime>

#include "spadework/analyzer/library_stores.h"

#include "spadework/analyzer/keeper_store.h"
#include "spadework/analyzer/text.h"
#include "store_time.h"

namespace spadework::analyzer {

namespace {

struct StoreEntry {
    const formats::StoreSchema& schema;
    const char* row;   // one row, in words
    const char* rows;  // more
};

const std::vector<StoreEntry>& store_table() {
    static const std::vector<StoreEntry> table{
        {review_store_schema(), "review", "reviews"},
        {lesson_answer_store_schema(), "lesson answer", "lesson answers"},
        {keeper_store_schema(), "game under way", "games under way"}};
    return table;
}

}  // namespace

const std::vector<formats::StoreSchema>& library_stores() {
    static const std::vector<formats::StoreSchema> stores = [] {
        std::vector<formats::StoreSchema> out;
        for (const StoreEntry& e : store_table()) out.push_back(e.schema);
        return out;
    }();
    return stores;
}

std::string count_store_rows(const std::string& store, long long rows) {
    for (const StoreEntry& e : store_table()) {
        if (e.schema.name == store) return count_of(rows, e.row, e.rows);
    }
    return count_of(rows, store + " row");
}

std::string utc_now() {
    std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return text;
}

}  // namespace spadework::analyzer
