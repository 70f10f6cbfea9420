#include "wording.h"

#include <fmt/core.h>

#include <cmath>
#include <vector>

#include "spadework/analyzer/review_words.h"
#include "spadework/analyzer/text.h"

namespace spadework::viewer {

std::string count_of(long n, std::string_view one, std::string_view many) {
    return analyzer::count_of(n, one, many);
}

std::string loss_text(int points, int tricks, std::optional<double> chance) {
    std::vector<std::string> parts;
    // Rounded as shown: a chance that rounds to 0% is not written "-0%".
    if (chance && std::lround(*chance * 100) != 0) {
        parts.push_back(fmt::format("-{}% win", std::lround(*chance * 100)));
    }
    // "-1 pt" and "-2 pts": the number as signed_number writes it, the noun as count_of does.
    if (points != 0) {
        parts.push_back(
            fmt::format("{} {}", signed_number(-points), analyzer::plural(points, "pt")));
    }
    if (tricks != 0) parts.push_back(fmt::format("{} tr", signed_number(-tricks)));
    if (parts.empty()) return "no loss";
    std::string out = parts[0];
    for (std::size_t i = 1; i < parts.size(); ++i) out += ", " + parts[i];
    return out;
}

std::string next_card_note(const analyzer::CardReview& card) {
    return fmt::format("next card {} by {} is {} (it cost {})", card_text(card.played),
                       seat_char(card.seat),
                       analyzer::with_article(analyzer::class_name(card.flag)),
                       analyzer::count_of(card.cost_points(), "point"));
}

}  // namespace spadework::viewer
