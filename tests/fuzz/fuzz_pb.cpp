// The binary .pb reader: whole-file read_pb and the streaming for_each_game must agree.
#include <sstream>

#include "fuzz_common.h"
#include "spadework/formats/game_file.h"
#include "spadework/formats/proto_io.h"

using namespace spadework;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view bytes = fuzz::as_text(data, size);
    fuzz::expect_errors([&] {
        std::vector<RecordedGame> games = formats::read_pb(bytes, "fuzz.pb");
        fuzz::require(formats::read_pb(formats::write_pb(games), "written.pb") == games,
                      "write_pb(read_pb(x)) reads back the same games");
    });
    fuzz::expect_errors([&] {
        std::istringstream in{std::string(bytes)};
        formats::for_each_pb_game(in, "fuzz.pb", [](RecordedGame&&) {});
    });
    return 0;
}
