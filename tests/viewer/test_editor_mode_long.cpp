// The deal editor's long case (see test_editor_mode.cpp for the rest of its window state): a
// lesson the teacher saves in their own folder is offered by lesson mode beside the shipped
// ones. Saving it checks its question by the bid review, as the shipped lessons' content checks
// do, and like them it runs in the normal build only; the editor's model is tested under the
// sanitizers by its other cases.
#include <catch2/catch.hpp>
#include <cstddef>
#include <filesystem>
#include <string>

#include "editor_mode.h"
#include "lesson_mode.h"
#include "support/workspace.h"

using namespace spadework;
using namespace spadework::viewer;

TEST_CASE("lesson mode offers a lesson saved in the teacher's folder beside the shipped ones",
          "[viewer][editor][lesson]") {
    testing::Workspace ws("spadework-editor-mode");
    const std::filesystem::path shipped = std::filesystem::path(SPADEWORK_SAMPLES) / "lessons";
    const std::filesystem::path mine = ws.dir / "mine";
    EditorMode e(ws.db, mine);
    e.open_pbn("E:K63.Q32.JT54.K87 852.AK4.A73.9643 AJ9.J876.K96.QT5 QT74.T95.Q82.AJ2");
    e.set_dealer(Seat::East);
    REQUIRE(e.bid_text("3"));
    REQUIRE(e.set_comment("Three sure tricks."));
    e.lesson.name = "tuesday";
    REQUIRE(e.save_lesson());
    e.wait();
    REQUIRE(e.last_check());

    LessonMode lessons(shipped, {}, 1);
    const std::size_t shipped_count = lessons.catalogue().size();
    lessons.set_my_lessons_dir(mine);
    lessons.reload();
    CHECK(lessons.catalogue_error().empty());
    REQUIRE(lessons.catalogue().size() == shipped_count + 1);
    CHECK(lessons.catalogue().back().name == "tuesday");
    lessons.start("tuesday");
    CHECK(lessons.active());
    lessons.leave();

    // A teacher's lesson named as a shipped one: the catalogue says so, naming both files.
    e.lesson.name = "sure-tricks";
    REQUIRE(e.save_lesson());
    e.wait();
    lessons.reload();
    CHECK(lessons.catalogue_error().find("two lessons are named \"sure-tricks\"") == 0);
    CHECK(lessons.catalogue_error().find((mine / "sure-tricks.spades").string()) !=
          std::string::npos);
}
