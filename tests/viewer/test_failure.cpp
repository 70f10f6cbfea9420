// How the viewer words a failure it caught (failure.h), the one place every panel and mode
// asks: the user's input is the user's message, a bug is an internal error kept for the exit
// code (3, when the window closes).
#include <catch2/catch.hpp>
#include <stdexcept>
#include <string>

#include "failure.h"
#include "spadework/engine/error.h"

using namespace spadework;
using namespace spadework::viewer;

namespace {

// What the viewer shows for `thrower`'s exception, caught as a panel catches it.
template <class F>
std::string shown_for(F thrower) {
    try {
        thrower();
    } catch (...) {
        return caught_failure();
    }
    FAIL("nothing was thrown");
    return {};
}

}  // namespace

TEST_CASE("a caught Error is shown as its own message and is no bug", "[viewer][failure]") {
    CHECK(shown_for([] { throw Error("games.spades:3:1: 'ZZ' is not a card"); }) ==
          "games.spades:3:1: 'ZZ' is not a card");
    CHECK(shown_for([] { throw UsageError("--rule: no key 'bagz'"); }) == "--rule: no key 'bagz'");
    CHECK_NOTHROW(rethrow_internal_failure());
}

TEST_CASE("a caught bug is shown as an internal error and kept until the window closes",
          "[viewer][failure]") {
    const std::string first =
        shown_for([] { SPADEWORK_INVARIANT(1 + 1 == 3, "a hand holds 13 cards"); });
    CHECK(first.rfind("internal error, please report: ", 0) == 0);
    CHECK(first.find("test_failure.cpp:") != std::string::npos);  // where it was broken
    CHECK(first.size() > std::string(": a hand holds 13 cards").size());
    CHECK(first.substr(first.size() - 23) == ": a hand holds 13 cards");
    // Any exception that is no Error is a bug too, a std::exception or not.
    CHECK(shown_for([] { throw std::out_of_range("vector::at"); }) ==
          "internal error, please report: vector::at");
    CHECK(shown_for([] { throw 42; }) ==
          "internal error, please report: an exception that is not a std::exception");
    // An Error after them changes nothing of what is kept.
    CHECK(shown_for([] { throw Error("no such lesson"); }) == "no such lesson");
    // The first bug is what the window rethrows when it closes, as it was thrown, once.
    bool rethrown = false;
    try {
        rethrow_internal_failure();
    } catch (const InternalError& e) {
        rethrown = true;
        CHECK(std::string("internal error, please report: ") + e.what() == first);
    }
    CHECK(rethrown);
    CHECK_NOTHROW(rethrow_internal_failure());
}
