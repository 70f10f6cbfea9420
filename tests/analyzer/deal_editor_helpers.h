// What the deal editor's tests share (test_deal_editor.cpp and its long cases,
// test_deal_editor_long.cpp): a folder of their own, the message a call fails with, and an
// editor holding a whole deal.
#pragma once

#include <functional>
#include <string>

#include "spadework/analyzer/deal_editor.h"
#include "spadework/engine/deal.h"
#include "spadework/engine/error.h"
#include "support/workspace.h"

namespace spadework::testing {

// A folder of its own for each test, removed afterwards.
using TempDir = Workspace;

inline std::string error_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const Error& e) {
        return e.what();
    }
    return "(no error)";
}

// The first question of the shipped lesson 01: South bids 3 after East, 3 being the best.
inline constexpr const char* kDeal =
    "E:K63.Q32.JT54.K87 852.AK4.A73.9643 AJ9.J876.K96.QT5 QT74.T95.Q82.AJ2";

inline analyzer::DealEditor editor_with(const char* pbn, Seat dealer) {
    analyzer::DealEditor e(preset("classic"), dealer);
    Deal d = parse_pbn(pbn);
    for (Seat s : kAllSeats) {
        for (Card c : d[s]) e.place(c, s);
    }
    return e;
}

}  // namespace spadework::testing
