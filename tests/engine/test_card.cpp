#include <catch2/catch.hpp>

#include "spadework/engine/card.h"
#include "spadework/engine/error.h"

using namespace spadework;

TEST_CASE("every card prints rank then suit and parses back", "[card]") {
    int n = 0;
    for (Card c : kFullDeck) {
        std::string text = to_string(c);
        REQUIRE(text.size() == 2);
        CHECK(parse_card(text) == c);
        ++n;
    }
    CHECK(n == 52);
    CHECK(to_string(Card(Rank::Ten, Suit::Hearts)) == "TH");
    CHECK(to_string(Card(Rank::Ace, Suit::Spades)) == "AS");
    CHECK(to_string(Card(Rank::Two, Suit::Clubs)) == "2C");
}

TEST_CASE("card input accepts 10, lower case and suit symbols", "[card]") {
    Card ten_spades(Rank::Ten, Suit::Spades);
    CHECK(parse_card("10S") == ten_spades);
    CHECK(parse_card("10s") == ten_spades);
    CHECK(parse_card("ts") == ten_spades);
    CHECK(parse_card("T\u2660") == ten_spades);
    CHECK(parse_card("10\u2660") == ten_spades);
    CHECK(parse_card("\u2660T") == ten_spades);
    CHECK(parse_card("q\u2665") == Card(Rank::Queen, Suit::Hearts));
    CHECK(parse_card("K\u2666") == Card(Rank::King, Suit::Diamonds));
    CHECK(parse_card("2\u2663") == Card(Rank::Two, Suit::Clubs));
    CHECK(parse_card("2\u2667") == Card(Rank::Two, Suit::Clubs));
}

TEST_CASE("bad card text is refused with a column", "[card]") {
    CHECK_THROWS_AS(parse_card(""), ParseError);
    CHECK_THROWS_AS(parse_card("1S"), ParseError);
    CHECK_THROWS_AS(parse_card("AX"), ParseError);
    CHECK_THROWS_AS(parse_card("ASS"), ParseError);
    try {
        parse_card("AX");
        FAIL("no error");
    } catch (const ParseError& e) {
        CHECK(e.column() == 2);
        CHECK(std::string(e.what()).find("no suit") != std::string::npos);
    }
    try {
        parse_cards("AS KS QX");
        FAIL("no error");
    } catch (const ParseError& e) {
        CHECK(e.column() == 8);
    }
    CHECK_THROWS_WITH(parse_cards("AS as"), Catch::Contains("AS is listed twice"));
}

TEST_CASE("card sets keep four 16-bit suit masks", "[card]") {
    CardSet s = parse_cards("AS 2S KH 3D TC");
    CHECK(s.size() == 5);
    CHECK(s.suit_mask(Suit::Spades) == ((1 << 14) | (1 << 2)));
    CHECK(s.count(Suit::Hearts) == 1);
    CHECK(s.of_suit(Suit::Clubs) == CardSet{Card(Rank::Ten, Suit::Clubs)});
    CHECK(to_string(s) == "AS 2S KH 3D TC");
    CHECK(kFullDeck.size() == 52);
    for (Suit suit : kAllSuits) CHECK(kFullDeck.count(suit) == 13);
}

TEST_CASE("seats go clockwise with partners opposite", "[card]") {
    CHECK(next(Seat::North) == Seat::East);
    CHECK(next(Seat::West) == Seat::North);
    CHECK(next(Seat::North, -1) == Seat::West);
    CHECK(partner(Seat::East) == Seat::West);
    CHECK(team_of(Seat::South) == Team::NS);
    CHECK(team_of(Seat::West) == Team::EW);
    CHECK(members(Team::NS) == std::array{Seat::North, Seat::South});
    CHECK(members(Team::EW) == std::array{Seat::East, Seat::West});
    CHECK(parse_seat("w") == Seat::West);
    CHECK(parse_seat("North") == Seat::North);
    CHECK(parse_team("ew") == Team::EW);
    CHECK_THROWS_AS(parse_seat("X"), ParseError);
}
