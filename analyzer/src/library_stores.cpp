// The analyzer's stores, listed once: merging libraries copies each of them.
#include <ctime>

#include "spadework/analyzer/library_stores.h"
#include "store_time.h"

namespace spadework::analyzer {

const std::vector<formats::StoreSchema>& library_stores() {
    static const std::vector<formats::StoreSchema> stores{review_store_schema(),
                                                          lesson_answer_store_schema()};
    return stores;
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
