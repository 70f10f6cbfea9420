// The protobuf text format reader (.textproto).
#include "fuzz_common.h"
#include "spadework/formats/proto_io.h"

using namespace spadework;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::expect_errors([&] {
        std::vector<RecordedGame> games =
            formats::read_textproto(fuzz::as_text(data, size), "fuzz.textproto");
        fuzz::require(
            formats::read_textproto(formats::write_textproto(games), "written.textproto") == games,
            "write_textproto(read_textproto(x)) reads back the same games");
    });
    return 0;
}
