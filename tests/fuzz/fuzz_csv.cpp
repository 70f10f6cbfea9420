// The score sheet CSV reader (.csv). A sheet it accepts must survive writing and reading back.
#include "fuzz_common.h"
#include "spadework/formats/sheet_csv.h"

using namespace spadework;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::expect_errors([&] {
        std::vector<RecordedGame> games =
            formats::read_sheet_csv(fuzz::as_text(data, size), "fuzz.csv");
        fuzz::require(games.size() <= 1, "a CSV score sheet holds at most one game");
        std::string written = formats::write_sheet_csv(games);
        fuzz::require(formats::read_sheet_csv(written, "written.csv") == games,
                      "write_sheet_csv(read_sheet_csv(x)) reads back the same game");
    });
    return 0;
}
