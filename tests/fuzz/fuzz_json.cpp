// The protobuf JSON reader (.json).
#include "fuzz_common.h"
#include "spadework/formats/proto_io.h"

using namespace spadework;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::expect_errors([&] {
        std::vector<RecordedGame> games =
            formats::read_json(fuzz::as_text(data, size), "fuzz.json");
        fuzz::require(formats::read_json(formats::write_json(games), "written.json") == games,
                      "write_json(read_json(x)) reads back the same games");
    });
    return 0;
}
