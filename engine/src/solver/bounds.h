// Bounds computed at a trick start without searching: tricks one side is sure to take (quick
// tricks for the leader's side, sure tricks for the other side), and the nil bidder's fate
// when it is already sealed. Each sets `relevant` to the cards whose ranks it relied on (bits
// in CardSet layout; the ranks from the lowest set bit of a suit up count), so a cut it makes
// can be stored in the transposition table for every position that agrees on those ranks.
#pragma once

#include <cstdint>

#include "state.h"

namespace SPADEWORK_SOLVER_NAMESPACE {

// Tricks the leader's side surely takes from here: the leader cashing its top spades, then
// its top cards of other suits while no opponent can ruff; or one trick to the partner (its
// top card or a ruff) and then the partner's; or the spades that win whatever the play (see
// sure_tricks_against). Stops looking once `enough` is reached.
int quick_tricks(const State& st, int enough, std::uint64_t& relevant);

// The same, counting besides the side's spades that win whatever the play when the leader
// cashes other suits only (both hands keep their spades). For the tricks objective.
int quick_tricks_later_spades(const State& st, int enough, std::uint64_t& relevant);

// In the middle of a trick: +1 when the side of the player to move surely wins it, -1 when
// the other side surely does, 0 when it is open.
int trick_decided(const State& st, std::uint64_t& relevant);

// Tricks the side not on lead surely takes: spades that win whatever the play (those of one
// of its hands above every spade of the leader's side, or the two highest split between its
// hands with one to spare), or this trick when every lead loses to one of its top cards.
int sure_tricks_against(const State& st, std::uint64_t& relevant);

// Tricks a side surely takes with the length of one hand's spades, at a trick start: every
// spade of that hand is played (each hand holds a card for every trick left), and the other
// side wins a trick holding one only with a higher spade of its own in the same trick. So
// the side takes at least the hand's spades less the most of them the other side's spades
// can each beat. Failing that, one trick when a hand of the side not on lead has more spades
// than its right-hand opponent has above its top spade, and its left-hand opponent none
// above it. `leaders` picks the side: the leader's, or the other one.
int long_spade_tricks(const State& st, bool leaders, std::uint64_t& relevant);

// In the middle of a trick: whether the nil bidder's card winning it so far cannot be beaten
// by anyone still to play, the partner included.
bool nil_wins_trick(const State& st, int nil_seat, std::uint64_t& relevant);

}  // namespace SPADEWORK_SOLVER_NAMESPACE
