// The OpenSpiel reader (.openspiel: action lists, or the printed state). Games it accepts that
// its writer can hold must survive writing and reading back.
#include "fuzz_common.h"
#include "spadework/formats/openspiel.h"
#include "spadework/formats/warning.h"

using namespace spadework;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    formats::WarningCapture quiet;  // parameter warnings are answers, not noise on stderr
    fuzz::expect_errors([&] {
        std::vector<RecordedGame> games =
            formats::read_openspiel(fuzz::as_text(data, size), "fuzz.openspiel");
        std::string written = formats::write_openspiel(games);
        fuzz::require(formats::read_openspiel(written, "written.openspiel") == games,
                      "write_openspiel(read_openspiel(x)) reads back the same games");
    });
    return 0;
}
