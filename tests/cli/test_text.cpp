// The words everything a user reads is made of (spadework/analyzer/text.h and review_words.h):
// counts, articles, signed numbers and score pairs; a JSON library's message without its
// internals; the cards to play instead of a flagged one; how often a bid made over its
// sampled layouts. The commands' tests check the same words where they are printed.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "spadework/analyzer/review_words.h"
#include "spadework/analyzer/text.h"

using namespace spadework;
using namespace spadework::analyzer;

TEST_CASE("counts, articles, signed numbers and score pairs read as English", "[text]") {
    CHECK(count_of(1, "game") == "1 game");
    CHECK(count_of(0, "game") == "0 games");
    CHECK(count_of(12, "hand") == "12 hands");
    CHECK(count_of(2, "library", "libraries") == "2 libraries");
    CHECK(plural(1, "bag") == "bag");
    CHECK(plural(3, "bag") == "bags");

    CHECK(with_article("inaccuracy") == "an inaccuracy");
    CHECK(with_article("mistake") == "a mistake");
    CHECK(with_article("blunder") == "a blunder");
    CHECK(with_article("8") == "an 8");
    CHECK(with_article("11") == "an 11");
    CHECK(with_article("10") == "a 10");

    CHECK(signed_number(5LL) == "+5");
    CHECK(signed_number(-3LL) == "-3");
    CHECK(signed_number(0LL) == "0");
    CHECK(signed_number(-0.04, 1) == "0.0");  // never "-0.0"
    CHECK(signed_number(2.25, 1) == "+2.3");

    CHECK(score_pair(437, -259) == "437 to -259");  // "437--259" read as nothing
}

TEST_CASE("a JSON parser's message loses its internal kind and its place", "[text]") {
    std::string what;
    try {
        const nlohmann::json j = nlohmann::json::parse("{\"samples\": 8,\n ");
        what = j.dump();  // not reached: the text is cut short
    } catch (const nlohmann::json::parse_error& e) {
        what = e.what();
    }
    REQUIRE(what.find("[json.exception.") != std::string::npos);  // what the parser says
    const std::string text = json_error_text(what);
    CHECK(text.find("json.exception") == std::string::npos);
    CHECK(text.find("parse error at") == std::string::npos);
    CHECK(text.rfind("syntax error", 0) == 0);
    CHECK(json_error_text("a plain message") == "a plain message");
}

namespace {

CardChoice choice(const char* card, int tricks, int score) {
    CardChoice c;
    c.card = parse_card(card);
    c.tricks = tricks;
    c.score = score;
    return c;
}

}  // namespace

TEST_CASE("a flagged card names every card that was as good as the better one", "[text]") {
    CardReview c;
    c.played = parse_card("KS");
    c.choices = {choice("KS", 5, -20), choice("AC", 6, 40), choice("8H", 6, 40),
                 choice("2H", 6, 30)};
    c.flag = FlagClass::Blunder;
    c.better = parse_card("8H");  // the one the review kept
    const std::vector<Card> cards = cards_to_play(c);
    REQUIRE(cards.size() == 2);
    CHECK(cards[0] == parse_card("8H"));
    CHECK(cards[1] == parse_card("AC"));  // as good: named, not left out
    CHECK(cards_or(cards) == "8H or AC");
    CHECK_FALSE(any_other_card(c, cards));  // the 2H was worse
    CHECK(cards_or({parse_card("TS"), parse_card("9S"), parse_card("8S")}) == "TS, 9S or 8S");
    // Past three cards, the rest counted.
    const std::vector<Card> five = {parse_card("TS"), parse_card("9S"), parse_card("8S"),
                                    parse_card("7S"), parse_card("2S")};
    CHECK(cards_or(five) == "TS, 9S, 8S or 2 more as good");
    // One past three: named, not "or 1 more".
    const std::vector<Card> four(five.begin(), five.begin() + 4);
    CHECK(cards_or(four) == "TS, 9S, 8S or 7S");
    CHECK(cards_or_all(five) == "TS, 9S, 8S, 7S or 2S");
    // Every other card as good: "any other card", not a list.
    c.choices[3].score = 40;
    c.choices[3].tricks = 6;
    CHECK(any_other_card(c, cards_to_play(c)));
    // Of two legal cards, the other one is named.
    c.choices.resize(2);
    c.better = c.choices[1].card;
    CHECK_FALSE(any_other_card(c, cards_to_play(c)));
    c.better.reset();
    CHECK(cards_to_play(c).empty());
}

TEST_CASE("a bid's layouts are counted, and a nil is kept rather than made", "[text]") {
    BidDecision d;
    d.bid = Bid::tricks(4);
    d.samples = 10;
    d.effective_samples = 10;
    BidOption four;
    four.bid = Bid::tricks(4);
    four.made = 0.8;
    BidOption nil;
    nil.bid = Bid::nil();
    nil.made = 0.3;
    d.options = {nil, four};
    // A trick bid is made with the partner's: the partnership's contract.
    CHECK(bid_made_text(d) == "made with the partner's bid in 8 of 10 sampled layouts");
    d.bid = Bid::nil();
    CHECK(bid_made_text(d) == "kept in 3 of 10 sampled layouts");
    // Layouts weighted by the earlier bids do not count one each.
    d.effective_samples = 6.5;
    CHECK(bid_made_text(d) == "kept in 30% of 10 sampled layouts (weighted by the earlier bids)");
    d.samples = 1;
    d.effective_samples = 1;
    CHECK(share_of_layouts(1.0, 1, 1) == "1 of 1 sampled layout");
}

TEST_CASE("cards and bids read as players write them", "[text]") {
    using spadework::Bid;
    using spadework::Card;
    using spadework::Rank;
    using spadework::Suit;
    CHECK(spadework::analyzer::card_text(Card(Rank::Ten, Suit::Diamonds)) == "10♦");
    CHECK(spadework::analyzer::card_text(Card(Rank::King, Suit::Clubs)) == "K♣");
    CHECK(spadework::analyzer::bid_text(Bid::tricks(4)) == "4");
    CHECK(spadework::analyzer::bid_text(Bid::nil()) == "nil");
    CHECK(spadework::analyzer::bid_text(Bid::blind_nil()) == "blind nil");
    // A blind trick bid (a house rule) says it was blind, as the text log's "b6" does.
    CHECK(spadework::analyzer::bid_text(Bid::blind_tricks(6)) == "blind 6");
}
