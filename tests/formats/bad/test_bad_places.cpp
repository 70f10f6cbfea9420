// Every refusal of a JSON or text format game file says where (issue 18): the file's text
// damaged at each byte in turn, and every error the damage gives names a line and a column,
// whether protobuf's parser finds it or the checks that follow (a card, a seat, a bid).
#include <catch2/catch.hpp>

#include <filesystem>
#include <set>
#include <string>

#include "spadework/formats/error.h"
#include "spadework/formats/game_file.h"

using namespace spadework;
using namespace spadework::formats;
namespace fs = std::filesystem;

namespace {

// The first two hands of the classic sample: a deal, bids and every trick.
std::vector<RecordedGame> two_hands() {
    RecordedGame game =
        read_game_file(fs::path(SPADEWORK_SAMPLES) / "games" / "classic.spades").at(0);
    game.hands.resize(2);
    return {game};
}

}  // namespace

TEST_CASE("Every refusal of a damaged JSON or text format file names its line and column",
          "[bad]") {
    const std::vector<RecordedGame> games = two_hands();
    for (FileKind kind : {FileKind::Json, FileKind::TextProto}) {
        const std::string content = format_games(kind, games);
        INFO(extension_of(kind));
        int refused = 0;
        std::set<std::string> unplaced;
        for (std::size_t i = 0; i < content.size(); ++i) {
            std::string deleted = content;
            deleted.erase(i, 1);
            for (const std::string& damaged :
                 {deleted, std::string(content).replace(i, 1, "Z"),
                  std::string(content).replace(i, 1, "7"), std::string(content).insert(i, "-")}) {
                try {
                    parse_games(kind, damaged, "damaged");
                } catch (const FormatError& e) {
                    ++refused;
                    if (e.line() <= 0 || e.col() <= 0) unplaced.insert(e.what());
                }
            }
        }
        CHECK(refused > static_cast<int>(content.size()));
        CHECK(unplaced.empty());
        for (const std::string& what : unplaced) WARN(what);
    }
}
