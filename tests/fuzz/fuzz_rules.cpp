// Rule sets: the RuleSet .textproto reader, and a preset with key=value overrides as the
// [Rules] tag and --rule give them (make_rules, apply_override). The input is taken both
// ways: as a textproto, and as words "preset key=value ...".
#include <sstream>

#include "fuzz_common.h"
#include "spadework/engine/rules.h"
#include "spadework/formats/proto_io.h"

using namespace spadework;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text = fuzz::as_text(data, size);
    fuzz::expect_errors([&] {
        RuleSet rules = formats::read_rules_textproto(text, "fuzz.textproto");
        fuzz::require(formats::read_rules_textproto(formats::write_rules_textproto(rules),
                                                    "written.textproto") == rules,
                      "a rule set read from text reads back the same");
    });
    fuzz::expect_errors([&] {
        std::istringstream in{std::string(text)};
        std::string name;
        in >> name;
        std::vector<std::string> overrides;
        for (std::string word; in >> word;) overrides.push_back(word);
        RuleSet rules = make_rules(name, overrides);
        // Every key=value the rule set prints must apply back to it (rule_values' promise).
        RuleSet again = preset("classic");
        for (const auto& [key, value] : rule_values(rules)) apply_override(again, key, value);
        again.name = rules.name;
        fuzz::require(again == rules, "rule_values applied to classic give the rule set back");
    });
    return 0;
}
