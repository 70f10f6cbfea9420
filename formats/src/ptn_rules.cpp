#include "ptn_rules.h"

#include <cctype>
#include <nlohmann/json.hpp>
#include <vector>

#include "spadework/formats/error.h"
#include "spadework/formats/warning.h"

namespace spadework::formats::ptn {
namespace {

// One option value and the rule keys it sets; "*" matches any value, which "$" stands for in
// the keys. The values were read off the app's own records (an [Event] spelling out the same
// game), so an option or value not here is named in a warning rather than guessed.
struct OptionRule {
    std::string_view option;
    std::string_view value;
    std::vector<std::string_view> keys;
};

const std::vector<OptionRule>& option_table() {
    static const std::vector<OptionRule> table = {
        {"gameOverScore", "*", {"target=$"}},
        {"minBid", "*", {"min_team_bid=$"}},
        {"tenForTwoHundred", "true", {"big_contract=10"}},
        {"tenForTwoHundred", "false", {"big_contract=none"}},
        {"tenBagsPenalty", "true", {"bag_limit=10", "bag_penalty=100"}},
        {"tenBagsPenalty", "false", {"bag_limit=0"}},
        {"leadSpades", "0", {"spades_lead=after_broken"}},
        {"leadSpades", "2", {"spades_lead=anytime"}},
        {"failBidScoring", "1", {"failed_contract=minus_bid"}},
        {"nilOrZero", "0", {"nil=allowed"}},
        // "Zero": a bid of 0 tricks, worth nothing made or failed, whose tricks count for the
        // partner, and two zeros leave a contract of 0.
        {"nilOrZero",
         "1",
         {"nil=allowed", "nil_points=0", "nil_tricks=count_for_partner",
          "both_nil_tricks=overtricks"}},
        {"mercyRule", "0", {"loss_limit=none"}},
        {"nilPass", "0", {}},
        {"variation", "0", {}},
        // The app's decks with jokers, as its records give them beside the [Event]'s words
        // (variation 1 with Joker-Joker-Ace, 3 with Joker-Joker-Deuce-Deuce).
        {"variation", "1", {"jokers=on"}},
        {"variation", "3", {"jokers=on", "deuces_high=diamond_spade"}},
        {"isPartnership", "true", {}},
        {"players", "4", {}},
    };
    return table;
}

// Words of the Event and the keys they set ("Joker-Joker-Deuce-Deuce to 500, min bid 4, ...").
struct EventWords {
    std::string_view words;
    std::vector<std::string_view> keys;
};

const std::vector<EventWords>& event_table() {
    static const std::vector<EventWords> table = {
        // The app's decks with jokers (its bots' SpadesVariation): the big and the little
        // joker on top, then the 2D and the 2S, the 2S, or neither; the 2H and the 2C out.
        {"Joker-Joker-Deuce-Deuce", {"jokers=on", "deuces_high=diamond_spade"}},
        {"Joker-Joker-Deuce-Ace", {"jokers=on", "deuces_high=spade"}},
        {"Joker-Joker-Ace", {"jokers=on"}},
        {"10-for-200", {"big_contract=10"}},
        {"no Nil", {"nil=forbidden"}},
        {"no bags", {"bag_limit=0"}},
        {"lead \xE2\x99\xA0 anytime", {"spades_lead=anytime"}},  // lead ♠ anytime
        // "−10x bid if set", its minus U+2212 or a hyphen: the longer words first, so the
        // "−10" is read with them.
        {"\xE2\x88\x92"
         "10x bid if set",
         {"failed_contract=minus_bid"}},
        {"-10x bid if set", {"failed_contract=minus_bid"}},
        {"x bid if set", {"failed_contract=minus_bid"}},
        {"Suicide", {"bidding=suicide"}},
        {"Whiz", {"bidding=whiz"}},
        {"Mirror", {"bidding=mirrors"}},
    };
    return table;
}

// What the engine does not have, by the Event's words.
struct Missing {
    std::string_view words;
    std::string_view what;
};
constexpr Missing kMissing[] = {
    {"Joker", "a deck with jokers of a kind not known here"},
    {"Deuce", "deuces high (the 2s of spades and diamonds as top trumps) without jokers"},
};

void apply(RuleSet& rules, std::string_view key, std::string_view value, const ValueAt& at,
           std::string_view file, std::string_view from) {
    std::string k(key);
    std::size_t dollar = k.find('$');
    if (dollar != std::string::npos) k.replace(dollar, 1, value);
    try {
        apply_override(rules, k);
    } catch (const RuleError& e) {
        throw FormatError(std::string(file), at.line, at.col, std::string(from) + ": " + e.what());
    }
}

// "to 350/-200" (the minus may be U+2212): the target and the loss limit.
void apply_target(RuleSet& rules, const ValueAt& event, std::string_view file) {
    std::string_view t = event.text;
    std::size_t to = t.find(" to ");
    if (to == std::string_view::npos) return;
    std::size_t i = to + 4;
    std::size_t j = i;
    while (j < t.size() && std::isdigit(static_cast<unsigned char>(t[j])) != 0) ++j;
    if (j == i) return;
    apply(rules, "target=$", t.substr(i, j - i), event, file, "[Event] 'to'");
    if (j >= t.size() || t[j] != '/') return;
    std::size_t k = j + 1;
    if (t.substr(k, 3) == "\xE2\x88\x92")
        k += 3;  // U+2212 MINUS SIGN
    else if (k < t.size() && t[k] == '-')
        k += 1;
    std::size_t m = k;
    while (m < t.size() && std::isdigit(static_cast<unsigned char>(t[m])) != 0) ++m;
    if (m > k) apply(rules, "loss_limit=-$", t.substr(k, m - k), event, file, "[Event] 'to'");
}

// Words of the Event around a number, and the key it sets: "min bid 4", "Blind 6+", "if losing
// by 250".
struct NumberWords {
    std::string_view before;
    std::string_view after;
    std::string_view key;
};
constexpr NumberWords kNumberWords[] = {
    {"min bid ", "", "min_team_bid=$"},
    {"Blind ", "+", "blind_bid_min=$"},       // "Blind 6+": trick bids of 6 or more may be blind
    {"if losing by ", "", "blind_behind=$"},  // "... if losing by 250"
};

// Each of kNumberWords the Event holds: its key set, its words blanked in `unread`.
void apply_numbers(RuleSet& rules, const ValueAt& event, std::string_view file,
                   std::string& unread) {
    std::string_view t = event.text;
    for (const NumberWords& w : kNumberWords) {
        std::size_t at = t.find(w.before);
        if (at == std::string_view::npos) continue;
        std::size_t i = at + w.before.size();
        std::size_t j = i;
        while (j < t.size() && std::isdigit(static_cast<unsigned char>(t[j])) != 0) ++j;
        if (j == i || t.substr(j, w.after.size()) != w.after) continue;
        j += w.after.size();
        ValueAt where{event.text, event.line, event.col + static_cast<int>(at)};
        apply(rules, w.key, t.substr(i, j - w.after.size() - i), where, file,
              "[Event] '" + std::string(t.substr(at, j - at)) + "'");
        unread.replace(at, j - at, std::string(j - at, ' '));
    }
}

// The words of the [Event] after its first comma that no rule above reads ("Cheshire"): a
// warning each, at the words.
void warn_unread(std::string unread, const ValueAt& event, std::string_view file) {
    std::size_t comma = unread.find(',');
    while (comma != std::string::npos) {
        std::size_t end = std::min(unread.find(',', comma + 1), unread.size());
        std::size_t from = unread.find_first_not_of(' ', comma + 1);
        if (from < end) {
            std::size_t last = unread.find_last_not_of(' ', end - 1);
            warn({std::string(file), event.line, event.col + static_cast<int>(from),
                  "[Event] '" + unread.substr(from, last + 1 - from) +
                      "' has no rule key here: left out (give the rules it was played by with "
                      "--rules or --rule)"});
        }
        comma = end < unread.size() ? end : std::string::npos;
    }
}

void apply_event(RuleSet& rules, const ValueAt& event, std::string_view file) {
    // A deck word the table above does not name ("Deuce-Deuce" alone) is refused; the
    // table's own words are blanked first, in place, so the columns stay true.
    std::string unread(event.text);
    for (const EventWords& w : event_table()) {
        for (std::size_t at = unread.find(w.words); at != std::string::npos;
             at = unread.find(w.words, at + 1)) {
            unread.replace(at, w.words.size(), std::string(w.words.size(), ' '));
        }
    }
    for (const Missing& m : kMissing) {
        std::size_t at = unread.find(m.words);
        if (at == std::string_view::npos) continue;
        throw FormatError(std::string(file), event.line, event.col + static_cast<int>(at),
                          "the game is played with " + std::string(m.what) +
                              ", which Spadework does not read from a PTN record");
    }
    apply_target(rules, event, file);
    apply_numbers(rules, event, file, unread);
    for (const EventWords& w : event_table()) {
        if (event.text.find(w.words) == std::string_view::npos) continue;
        for (std::string_view key : w.keys) apply(rules, key, "", event, file, "[Event]");
    }
    warn_unread(unread, event, file);
}

void apply_options(RuleSet& rules, const ValueAt& options, std::string_view file) {
    nlohmann::json json;
    try {
        json = nlohmann::json::parse(options.text);
    } catch (const nlohmann::json::exception&) {
        throw FormatError(std::string(file), options.line, options.col,
                          "[GameOptionsJson] is not a JSON object of options");
    }
    if (!json.is_object()) {
        throw FormatError(std::string(file), options.line, options.col,
                          "[GameOptionsJson] is not a JSON object of options");
    }
    for (const auto& [name, value] : json.items()) {
        std::string text = value.is_string() ? value.get<std::string>() : value.dump();
        const OptionRule* rule = nullptr;
        for (const OptionRule& r : option_table()) {
            if (r.option == name && (r.value == "*" || r.value == text)) rule = &r;
        }
        if (!rule) {
            warn({std::string(file), options.line, options.col,
                  "option " + name + "=" + text +
                      " has no rule key here: left out (give the rules it was played by with "
                      "--rules or --rule)"});
            continue;
        }
        for (std::string_view key : rule->keys) {
            apply(rules, key, text, options, file, "[GameOptionsJson] " + name);
        }
    }
}

}  // namespace

RuleSet rules_of(const ValueAt& event, const ValueAt& options, std::string_view file) {
    RuleSet rules = preset("classic");
    apply_event(rules, event, file);
    if (!options.text.empty()) apply_options(rules, options, file);
    try {
        check_rules(rules);
    } catch (const RuleError& e) {
        throw FormatError(std::string(file), options.line, options.col, e.what());
    }
    return rules;
}

}  // namespace spadework::formats::ptn
