// The Trickster Cards PTN reader (.ptn). Games it accepts must survive writing and reading back.
#include "fuzz_common.h"
#include "spadework/formats/ptn.h"
#include "spadework/formats/warning.h"

using namespace spadework;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    formats::WarningCapture quiet;  // the quirks' warnings are answers, not noise on stderr
    fuzz::expect_errors([&] {
        std::vector<RecordedGame> games = formats::read_ptn(fuzz::as_text(data, size), "fuzz.ptn");
        std::string written = formats::write_ptn(games);
        fuzz::require(formats::read_ptn(written, "written.ptn") == games,
                      "write_ptn(read_ptn(x)) reads back the same games");
    });
    return 0;
}
