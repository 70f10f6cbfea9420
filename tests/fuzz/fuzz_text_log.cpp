// The .spades text log reader. A log it accepts must survive writing and reading back.
#include "fuzz_common.h"
#include "spadework/formats/text_log.h"

using namespace spadework;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::expect_errors([&] {
        std::vector<RecordedGame> games =
            formats::read_text_log(fuzz::as_text(data, size), "fuzz.spades");
        std::string written = formats::write_text_log(games);
        fuzz::require(formats::read_text_log(written, "written.spades") == games,
                      "write_text_log(read_text_log(x)) reads back the same games");
    });
    return 0;
}
