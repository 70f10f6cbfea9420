// The simple bots: the bidder's count and its adjustments, its bidding to the score near the
// end, the pass, the card player's rules of thumb on positions built by hand, and whole games
// that must be legal under every preset.
#include <catch2/catch.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "spadework/analyzer/simple_bot.h"
#include "spadework/engine/error.h"

using namespace spadework;
using namespace spadework::analyzer;

namespace {

// A position in play: the deal (PBN, North first), the bids from the dealer's left, then the
// cards played so far. The bot chooses for the seat to act.
HandState position(const RuleSet& rules, Seat dealer, const std::string& pbn,
                   const std::vector<std::string>& bids, const std::vector<std::string>& cards) {
    Deal deal = parse_pbn(pbn);
    REQUIRE_FALSE(check_deal(deal, rules.deck()));
    HandState state(rules, dealer, deal);
    for (const std::string& b : bids) state.bid(state.to_act(), parse_bid(b));
    for (const std::string& c : cards) state.play(parse_card(c));
    REQUIRE(state.phase() == Phase::Play);
    return state;
}

std::string chosen(const HandState& state, const Standings& standings = {}) {
    return to_string(choose_card(state, standings));
}

Standings with_bags(Team team, int bags) {
    Standings s{};
    s[index(team)].bags = bags;
    return s;
}

// Deal A: North holds the top clubs and hearts, South A543 of diamonds under West's KQJT.
const std::string kDealA = "N:KQ4.AK9.2.AKQJ98 J98.8762.9876.73 A65.T53.A543.654 T732.QJ4.KQJT.T2";
// Deal B: North holds a nil-looking hand; South A73 of diamonds and KT3 of clubs.
const std::string kDealB = "N:8.AQ92.642.J9865 97532.K8.J985.74 AKQJ.J43.A73.KT3 T64.T765.KQT.AQ2";

}  // namespace

TEST_CASE("The bidder counts aces kings and long spades above a weak hand", "[bots]") {
    RuleSet rules = preset("classic");
    CardSet strong = parse_pbn_hand("AKQ54.A2.A3.AK32");
    CardSet weak = parse_pbn_hand("53.9742.8632.752");
    CardSet middling = parse_pbn_hand("K74.KQ3.A862.J94");
    double s = estimate_tricks(strong, rules);
    double m = estimate_tricks(middling, rules);
    double w = estimate_tricks(weak, rules);
    // Strong: three spade honours and two spades of length, three side aces, a guarded king.
    CHECK(s >= 9);
    CHECK(s <= 12);
    CHECK(w < 1);
    CHECK(w < m);
    CHECK(m < s);
    CHECK(suggest_bid(strong, rules).count() >= 8);
    CHECK(suggest_bid(middling, rules).count() >= 2);
    CHECK(suggest_bid(middling, rules).count() <= 4);
    // A void with spare spades ruffs: the same hand with a side suit emptied into spades
    // counts more.
    CardSet flat = parse_pbn_hand("8643.A53.K62.754");
    CardSet ruffing = parse_pbn_hand("86432.A53.K6274.");
    CHECK(estimate_tricks(ruffing, rules) > estimate_tricks(flat, rules) + 1);
}

TEST_CASE("A weak hand is a nil candidate and a hand with a high spade is not", "[bots]") {
    RuleSet rules = preset("classic");
    CardSet weak = parse_pbn_hand("53.9742.8632.752");
    CHECK(nil_candidate(weak, rules));
    CHECK(suggest_bid(weak, rules) == Bid::nil());
    CHECK_FALSE(nil_candidate(parse_pbn_hand("A3.9742.8632.752"), rules));
    CHECK_FALSE(nil_candidate(parse_pbn_hand("Q53.9742.863.752"), rules));
    CHECK_FALSE(nil_candidate(parse_pbn_hand("53.A742.8632.752"), rules));
    // Without nil in the rules the weak hand bids the least it can.
    rules.nil_allowed = false;
    CHECK_FALSE(nil_candidate(weak, rules));
    CHECK(suggest_bid(weak, rules) == Bid::tricks(1));
}

TEST_CASE("The bidder adjusts a borderline nil to the partner's bid", "[bots]") {
    RuleSet rules = preset("classic");
    // A guarded king and a doubleton jack: a nil, but not one a weak partner can cover.
    CardSet hand = parse_pbn_hand("742.K83.T9652.J7");
    REQUIRE(nil_candidate(hand, rules));
    CHECK(suggest_bid(hand, rules) == Bid::nil());
    CHECK(suggest_bid(hand, rules, Bid::tricks(5)) == Bid::nil());
    CHECK_FALSE(suggest_bid(hand, rules, Bid::tricks(2)).is_nil());
    // Both partners nil leaves nobody to cover: not on this hand, and never where the rules
    // forbid it, even with the weakest hand.
    CHECK_FALSE(suggest_bid(hand, rules, Bid::nil()).is_nil());
    CardSet weak = parse_pbn_hand("53.9742.8632.752");
    CHECK(suggest_bid(weak, rules, Bid::nil()) == Bid::nil());
    rules.both_nil_allowed = false;
    CHECK(suggest_bid(weak, rules, Bid::nil()) == Bid::tricks(1));
    CHECK(suggest_bid(weak, rules, Bid::blind_nil()) == Bid::tricks(1));
}

TEST_CASE("The bidder never bids past the tricks left by the others' bids", "[bots]") {
    RuleSet rules = preset("classic");
    CardSet strong = parse_pbn_hand("AKQJT98.A2.A3.AK");
    REQUIRE(suggest_bid(strong, rules).count() >= 10);
    BidContext context;
    context.partner_bid = Bid::tricks(5);
    context.opponents_bid = 4;
    CHECK(suggest_bid(strong, rules, context) == Bid::tricks(4));
    // computer: bids stop at 10.
    CHECK(suggest_bid(strong, preset("computer")).count() <= 10);
}

TEST_CASE("Near the bag limit the bidder bids fuller and never less", "[bots]") {
    RuleSet rules = preset("classic");
    int fuller = 0;
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
        Deal deal = deal_from_seed(seed, rules.deck(), Seat::North);
        for (Seat s : kAllSeats) {
            BidContext eight_bags;
            eight_bags.ours.bags = 8;
            Bid calm = suggest_bid(deal[s], rules, BidContext{});
            Bid near = suggest_bid(deal[s], rules, eight_bags);
            if (calm.is_nil()) continue;
            CHECK(near.count() >= calm.count());
            fuller += near.count() > calm.count();
        }
    }
    // The count's fraction falls between the two roundings on a good share of hands.
    CHECK(fuller > 100);
}

TEST_CASE("A side's tricks to the target and its blind nil spot follow the score", "[bots]") {
    RuleSet classic = preset("classic");
    CHECK(tricks_to_target(classic, 491) == 1);
    CHECK(tricks_to_target(classic, 490) == 1);
    CHECK(tricks_to_target(classic, 489) == 2);
    CHECK(tricks_to_target(classic, 400) == 10);
    CHECK(tricks_to_target(classic, 399) == 0);
    CHECK(tricks_to_target(classic, 0) == 0);
    CHECK(tricks_to_target(classic, 510) == 1);  // a tie past the target: any contract
    // Paperless: a contract made exactly scores 2, to a target of 6.
    RuleSet paperless = preset("paperless");
    CHECK(tricks_to_target(paperless, 5) == 1);
    CHECK(tricks_to_target(paperless, 4) == 1);
    CHECK(tricks_to_target(paperless, 3) == 0);

    CHECK(blind_nil_spot(classic, 180, 400));
    CHECK_FALSE(blind_nil_spot(classic, 180, 380));  // the opponents not yet near the end
    CHECK_FALSE(blind_nil_spot(classic, 250, 400));  // behind by less than a blind nil
    CHECK_FALSE(blind_nil_spot(classic, 400, 180));
    RuleSet no_blind = classic;
    no_blind.blind_nil_allowed = false;
    CHECK_FALSE(blind_nil_spot(no_blind, 180, 400));
    CHECK_FALSE(blind_nil_spot(paperless, 0, 5));  // no blind nil in Paperless
}

namespace {

BidContext at_score(int ours, int theirs, std::optional<Bid> partner = std::nullopt) {
    BidContext c;
    c.partner_bid = partner;
    c.ours.score = ours;
    c.theirs.score = theirs;
    return c;
}

}  // namespace

TEST_CASE("When making the contract wins the game the bidder takes no risk", "[bots]") {
    RuleSet rules = preset("classic");
    // A sure 4 (three aces and AQ of hearts) bids 4 at 480 to 300 as at 0 to 0.
    CardSet four = parse_pbn_hand("A74.AQ3.A862.J94");
    REQUIRE(suggest_bid(four, rules) == Bid::tricks(4));
    CHECK(suggest_bid(four, rules, at_score(480, 300)) == Bid::tricks(4));
    // A nil with a guarded king and a doubleton jack is a risk a side about to win does not
    // take; a hand with nothing to fear still bids nil.
    CardSet risky = parse_pbn_hand("742.K83.T9652.J7");
    REQUIRE(suggest_bid(risky, rules) == Bid::nil());
    CHECK(suggest_bid(risky, rules, at_score(480, 300)) == Bid::tricks(1));
    CHECK(suggest_bid(parse_pbn_hand("53.9742.8632.752"), rules, at_score(480, 300)) == Bid::nil());
    // The partner bid 3 and the side needs 2 tricks: the 4 bids no more than the 1 needed...
    CHECK(suggest_bid(four, rules, Bid::tricks(3)) == Bid::tricks(4));
    CHECK(suggest_bid(four, rules, at_score(480, 300, Bid::tricks(3))) == Bid::tricks(1));
    // ...unless the overtricks would near the bag limit: with 5 bags, one trick less; with 8
    // bags a penalty is too close for making the contract to win: the count.
    BidContext bags = at_score(485, 300, Bid::tricks(3));
    bags.ours.bags = 5;
    CHECK(suggest_bid(four, rules, bags) == Bid::tricks(3));
    bags.ours.bags = 8;
    CHECK(suggest_bid(four, rules, bags) == Bid::tricks(4));
    // With the opponents near the end too, making the contract does not win by itself.
    CHECK(suggest_bid(risky, rules, at_score(480, 460)) == Bid::nil());
    CHECK(suggest_bid(four, rules, at_score(480, 460, Bid::tricks(3))) == Bid::tricks(4));
}

TEST_CASE("The last bidder bids to set opponents whose contract would win them the game",
          "[bots]") {
    RuleSet rules = preset("classic");
    CardSet four = parse_pbn_hand("A74.AQ3.A862.J94");
    // 300 to 480: the opponents bid 4, the partner 3. Making 4 takes them past 500, so the
    // side bids the 10 tricks that leave them short: 7 here, not the count's 4.
    BidContext c = at_score(300, 480, Bid::tricks(3));
    c.opponents_bid = 4;
    c.opponents_done = true;
    Bid bid = suggest_bid(four, rules, c);
    CHECK(bid == Bid::tricks(7));
    CHECK(bid.count() + 3 + c.opponents_bid > rules.hand_size());
    // Not before both opponents have bid, and not when their contract would not reach 500.
    c.opponents_done = false;
    CHECK(suggest_bid(four, rules, c) == Bid::tricks(4));
    c.opponents_done = true;
    c.theirs.score = 440;  // 4 tricks make 480
    CHECK(suggest_bid(four, rules, c) == Bid::tricks(4));
    c.opponents_bid = 6;  // 6 make 500: set them, 13 - 6 + 1 - 3 = 5
    CHECK(suggest_bid(four, rules, c) == Bid::tricks(5));
    c.theirs.score = 380;  // out of reach whatever they bid
    CHECK(suggest_bid(four, rules, c) == Bid::tricks(4));
    // A race: 480 to 450, the opponents bid 6 (one trick past 500), the partner 3: the side's
    // 7 would be five past, so it bids its count and wins the race rather than chase a set.
    c.ours.score = 480;
    c.theirs.score = 450;
    CHECK(suggest_bid(four, rules, c) == Bid::tricks(4));
    // 480 to 460, the opponents bid 8 (four past), the partner 1: 5 tricks would be three
    // past: set them, 13 - 8 + 1 - 1 = 5.
    c.theirs.score = 460;
    c.opponents_bid = 8;
    c.partner_bid = Bid::tricks(1);
    CHECK(suggest_bid(four, rules, c) == Bid::tricks(5));
}

TEST_CASE("The bidder bids a trick less to bag out opponents near the end", "[bots]") {
    RuleSet rules = preset("classic");
    CardSet four = parse_pbn_hand("A74.AQ3.A862.J94");
    // 300 to 468 with 8 bags: two overtricks cost them 100 and the game.
    BidContext c = at_score(300, 468);
    c.theirs.bags = 8;
    CHECK(suggest_bid(four, rules, c) == Bid::tricks(3));
    // Not with bags of its own near the limit, nor when they are far from the end, nor with
    // room for four more bags.
    c.ours.bags = 8;
    CHECK(suggest_bid(four, rules, c) == Bid::tricks(4));
    c.ours.bags = 0;
    c.theirs.score = 368;
    CHECK(suggest_bid(four, rules, c) == Bid::tricks(4));
    c.theirs.score = 466;
    c.theirs.bags = 6;
    CHECK(suggest_bid(four, rules, c) == Bid::tricks(4));
    c.theirs.bags = 7;
    CHECK(suggest_bid(four, rules, c) == Bid::tricks(3));
}

TEST_CASE("A side bids blind nil only in a blind nil spot", "[bots]") {
    RuleSet rules = preset("classic");
    BotStyle always;
    always.blind_nil_chance = 1;
    // North deals: East, South, West, North bid. South is North-South's first bidder, so its
    // partner has shown nothing weak: in a spot it bids blind nil; North, its partner blind,
    // does not.
    auto bids_at = [&](const RuleSet& r, int ns, int ew, std::uint64_t seed) {
        Deal deal = deal_from_seed(seed, r.deck(), Seat::North);
        SplitMix64 rng(seed);
        Standings s{TeamStanding{ns, 0}, TeamStanding{ew, 0}};
        return play_hand(r, Seat::North, deal, s, rng, always).bids;
    };
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        INFO("seed " << seed);
        std::vector<Bid> spot = bids_at(rules, 180, 400, seed);
        CHECK(spot[1] == Bid::blind_nil());
        CHECK(spot[3] != Bid::blind_nil());
        // Behind by 150, or with the opponents 320 from the end, or under rules without it:
        // nobody does.
        for (auto [ns, ew] : {std::pair{250, 400}, std::pair{-20, 380}}) {
            for (Bid b : bids_at(rules, ns, ew, seed)) CHECK(b != Bid::blind_nil());
        }
        RuleSet no_blind = rules;
        no_blind.blind_nil_allowed = false;
        for (Bid b : bids_at(no_blind, 180, 400, seed)) CHECK(b != Bid::blind_nil());
    }
}

TEST_CASE("A side whose contract wins the game never overbids by chance", "[bots]") {
    RuleSet rules = preset("classic");
    BotStyle overbid;
    overbid.overbid_chance = 1;
    overbid.nil_chance = 1;
    // 480 to 300 (North-South to win by making theirs): North-South bid what suggest_bid says;
    // East-West, who cannot win this hand, bid one more with this style.
    const Standings standings{TeamStanding{480, 0}, TeamStanding{300, 0}};
    int checked = 0;
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
        Deal deal = deal_from_seed(seed, rules.deck(), Seat::North);
        SplitMix64 rng(seed);
        RecordedHand hand = play_hand(rules, Seat::North, deal, standings, rng, overbid);
        for (std::size_t i = 0; i < hand.bids.size(); ++i) {
            Seat seat = next(Seat::North, static_cast<int>(i) + 1);
            Team us = team_of(seat);
            BidContext c;
            c.opponents_done = true;
            for (std::size_t j = 0; j < i; ++j) {
                Seat earlier = next(Seat::North, static_cast<int>(j) + 1);
                if (earlier == partner(seat)) c.partner_bid = hand.bids[j];
            }
            for (Seat o : {next(seat), next(seat, 3)}) {
                std::size_t at = static_cast<std::size_t>((index(o) - index(Seat::North) + 3) % 4);
                if (at < i) {
                    c.opponents_bid += hand.bids[at].count();
                } else {
                    c.opponents_done = false;
                }
            }
            c.ours = standings[index(us)];
            c.theirs = standings[index(opponent(us))];
            Bid plain = suggest_bid(deal[seat], rules, c);
            if (plain.is_nil() || plain.count() == rules.highest_bid()) continue;
            INFO("seed " << seed << ", " << seat_char(seat));
            CHECK(hand.bids[i].count() == plain.count() + (us == Team::NS ? 0 : 1));
            ++checked;
        }
    }
    CHECK(checked > 80);
}

TEST_CASE("suggest_bid is deterministic and reads the rules not the preset name", "[bots]") {
    RuleSet classic = preset("classic");
    RuleSet renamed = classic;
    renamed.name = "paperless";
    for (std::uint64_t seed = 1; seed <= 50; ++seed) {
        Deal deal = deal_from_seed(seed, classic.deck(), Seat::North);
        for (Seat s : kAllSeats) {
            CHECK(suggest_bid(deal[s], classic) == suggest_bid(deal[s], classic));
            CHECK(suggest_bid(deal[s], classic) == suggest_bid(deal[s], renamed));
            CHECK(estimate_tricks(deal[s], classic) == estimate_tricks(deal[s], renamed));
        }
    }
}

TEST_CASE("The pass sends a nil hand's dangers away and a strong hand's low cards", "[bots]") {
    RuleSet rules = preset("paperless");
    // 12 cards: the ten of spades, a king and a doubleton queen are what would break a nil.
    CardSet nilish = parse_pbn_hand("T4.K54.Q7.97654");
    REQUIRE(nilish.size() == 12);
    CHECK(choose_pass(nilish, rules) == parse_cards("TS KH QD"));
    // A strong hand keeps its aces and spades, empties its doubleton club and adds its
    // lowest side card.
    CardSet strong = parse_pbn_hand("AK95.AQ7.KJ6.83");
    CHECK(choose_pass(strong, rules) == parse_cards("8C 3C 6D"));
    // A long spade holding with a long side suit passes a spare spade to ruff with.
    CardSet long_spades = parse_pbn_hand("KQ654.AQJ87.K4.");
    CHECK(choose_pass(long_spades, rules).contains(parse_card("4S")));
    CHECK(choose_pass(long_spades, rules).size() == 3);
    // No pass in the rules: nothing.
    CHECK(choose_pass(strong, preset("classic")).empty());
}

TEST_CASE("Second hand plays low and third hand plays high", "[bots]") {
    RuleSet rules = preset("classic");
    // East leads 6D; South could win with the ace but plays low second hand.
    auto second = position(rules, Seat::North, kDealA, {"2", "1", "2", "1"}, {"6D"});
    CHECK(chosen(second) == "3D");
    // North leads 2D, East plays 9D: third hand South plays the ace.
    auto third = position(rules, Seat::West, kDealA, {"1", "2", "1", "2"}, {"2D", "9D"});
    CHECK(chosen(third) == "AD");
    // West leads 2C, North plays 5C, East 7C: last to play, South wins with the ten, not the
    // king.
    auto last = position(rules, Seat::South, kDealB, {"2", "3", "2", "3"}, {"2C", "5C", "7C"});
    CHECK(chosen(last) == "TC");
}

TEST_CASE("The partner of a nil bidder covers and the nil bidder ducks", "[bots]") {
    RuleSet rules = preset("classic");
    // North bid nil. East leads 5D: South, second, takes the lead with the ace so North can
    // play under it; with North not nil, South plays low.
    auto cover = position(rules, Seat::North, kDealB, {"2", "4", "3", "nil"}, {"5D"});
    CHECK(chosen(cover) == "AD");
    auto plain = position(rules, Seat::North, kDealB, {"2", "4", "3", "1"}, {"5D"});
    CHECK(chosen(plain) == "3D");
    // West leads 2C, North (nil) is winning with 9C, East plays 4C: South overtakes with the
    // cheapest card that does, the ten; were North not nil, South would play low under it.
    auto over = position(rules, Seat::South, kDealB, {"3", "nil", "2", "4"}, {"2C", "9C", "4C"});
    CHECK(chosen(over) == "TC");
    auto under = position(rules, Seat::South, kDealB, {"3", "2", "2", "4"}, {"2C", "9C", "4C"});
    CHECK(chosen(under) == "3C");
    // East leads KH; North, nil, sheds its queen under the king and keeps the ace guarded.
    auto duck = position(rules, Seat::North, kDealB, {"2", "4", "3", "nil"}, {"KH", "4H", "5H"});
    CHECK(chosen(duck) == "QH");
    // Leading with North's nil alive, South leads its top diamond for North to play under.
    auto lead = position(rules, Seat::East, kDealB, {"4", "3", "nil", "2"}, {});
    CHECK(chosen(lead) == "AD");
}

TEST_CASE("The bot does not overtake an opponent's nil", "[bots]") {
    RuleSet rules = preset("classic");
    // North leads 2D, East (nil) plays 5D: South keeps its ace and plays under.
    auto attack = position(rules, Seat::West, kDealB, {"3", "nil", "4", "3"}, {"2D", "5D"});
    CHECK(chosen(attack) == "3D");
    // East not nil: third hand high.
    auto plain = position(rules, Seat::West, kDealB, {"3", "2", "4", "3"}, {"2D", "5D"});
    CHECK(chosen(plain) == "AD");
}

TEST_CASE("With the contract made the bot ducks a bag that would cost a penalty", "[bots]") {
    RuleSet rules = preset("classic");
    // West 2, North 1, East 2, South 1. North wins the first two tricks: NS have made their
    // 2. North leads 2D and East plays 9D; EW need 4 of the 11 tricks left, far from a set.
    std::vector<std::string> play = {"2C", "AC", "3C", "4C", "AH", "2H", "3H", "4H", "2D", "9D"};
    auto state = position(rules, Seat::South, kDealA, {"2", "1", "2", "1"}, play);
    // Nine bags: the next one costs 100. South plays under the nine.
    CHECK(chosen(state, with_bags(Team::NS, 9)) == "5D");
    // Bags far from the limit, early in the game: South keeps taking tricks.
    CHECK(chosen(state, with_bags(Team::NS, 2)) == "AD");
    // Late in the game (a side near 500), a bag is not worth the risk either.
    Standings late = with_bags(Team::NS, 2);
    late[0].score = 430;
    CHECK(chosen(state, late) == "5D");
    // Under exact-contract scoring an overtrick costs the exact bonus: duck too.
    RuleSet exact = rules;
    exact.bid_trick_points = 0;
    exact.overtrick_points = 0;
    exact.exact_points = 2;
    exact.over_points = 1;
    exact.bag_limit = 0;
    auto paperless_like = position(exact, Seat::South, kDealA, {"2", "1", "2", "1"}, play);
    CHECK(chosen(paperless_like) == "5D");
    // With no bag penalty an overtrick is a point: take it.
    RuleSet no_bags = rules;
    no_bags.bag_limit = 0;
    auto computer_like = position(no_bags, Seat::South, kDealA, {"2", "1", "2", "1"}, play);
    CHECK(chosen(computer_like, with_bags(Team::NS, 9)) == "AD");
}

TEST_CASE("The bot fights for a set when the opponents' contract would win them the game",
          "[bots]") {
    RuleSet rules = preset("classic");
    // As above: North-South have made their 2, East-West need 4 of the 11 tricks left, too
    // many to set on South's top cards. At 430 to 300 South ducks under the nine; at 430 to
    // 480, East-West's 4 would take them past 500, so South takes the trick.
    std::vector<std::string> play = {"2C", "AC", "3C", "4C", "AH", "2H", "3H", "4H", "2D", "9D"};
    auto state = position(rules, Seat::South, kDealA, {"2", "1", "2", "1"}, play);
    Standings calm{TeamStanding{430, 2}, TeamStanding{300, 0}};
    CHECK(chosen(state, calm) == "5D");
    Standings losing{TeamStanding{430, 2}, TeamStanding{480, 0}};
    CHECK(chosen(state, losing) == "AD");
    // At 430 to 470 their 4 would make 510 too; at 430 to 450 only 490: duck again.
    CHECK(chosen(state, Standings{TeamStanding{430, 2}, TeamStanding{470, 0}}) == "AD");
    CHECK(chosen(state, Standings{TeamStanding{430, 2}, TeamStanding{450, 0}}) == "5D");
    // A race, counted in tricks past 500: at 485 to 480 North-South's 2 are none past and
    // East-West's 4 two: fight. At 495 to 460 one against none: North-South's made contract
    // wins it, so duck.
    CHECK(chosen(state, Standings{TeamStanding{485, 2}, TeamStanding{480, 0}}) == "AD");
    CHECK(chosen(state, Standings{TeamStanding{495, 2}, TeamStanding{460, 0}}) == "5D");
}

TEST_CASE("The bot tries to set opponents who cannot lose another trick", "[bots]") {
    RuleSet rules = preset("classic");
    // West 5, North 1, East 5, South 1: after North's two tricks EW need 10 of the 11 left.
    // Even with nine bags, South takes the trick to set them.
    std::vector<std::string> play = {"2C", "AC", "3C", "4C", "AH", "2H", "3H", "4H", "2D", "9D"};
    auto state = position(rules, Seat::South, kDealA, {"5", "1", "5", "1"}, play);
    CHECK(chosen(state, with_bags(Team::NS, 9)) == "AD");
}

TEST_CASE("choose_card refuses a hand that is not in play", "[bots]") {
    RuleSet rules = preset("classic");
    HandState state(rules, Seat::North, parse_pbn(kDealA));
    CHECK_THROWS_AS(choose_card(state), Error);
}

TEST_CASE("Games played by the bots are legal under every preset", "[bots]") {
    for (const PresetInfo& info : presets()) {
        RuleSet rules = preset(info.name);
        INFO(info.name);
        for (std::uint64_t seed = 1; seed <= 6; ++seed) {
            SplitMix64 rng(seed);
            RecordedGame game = play_game(rules, rng, kAllSeats[seed % 4]);
            REQUIRE_FALSE(game.hands.empty());
            CHECK_NOTHROW(check_game(game));
            ScoredGame scored = score_game(game, rules);
            CHECK(scored.result.has_value());
            CHECK(scored.hands_unscored == 0);
            // The same seed plays the same game.
            SplitMix64 again(seed);
            CHECK(play_game(rules, again, kAllSeats[seed % 4]) == game);
        }
    }
}

TEST_CASE("A game played from 0 to 0 is the game play_game plays", "[bots]") {
    // play_game_from mirrors Game's end-of-game rules: the same seed must give the same hands
    // and the same winner, overtime sets (Paperless) included.
    for (const PresetInfo& info : presets()) {
        RuleSet rules = preset(info.name);
        INFO(info.name);
        for (std::uint64_t seed = 1; seed <= 6; ++seed) {
            Seat dealer = kAllSeats[seed % 4];
            SplitMix64 rng(seed), again(seed);
            RecordedGame game = play_game(rules, rng, dealer);
            GameFromStandings from = play_game_from(rules, Standings{}, dealer, again);
            REQUIRE(from.hands == game.hands);
            ScoredGame scored = score_game(game, rules);
            REQUIRE(scored.result.has_value());
            REQUIRE(from.result.has_value());
            CHECK(from.result->winner == scored.result->winner);
            CHECK(from.result->final == scored.result->final);
            CHECK(from.result->overtime_sets == scored.result->overtime_sets);
        }
    }
}

TEST_CASE("A game played from a score starts at that score with that dealer", "[bots]") {
    RuleSet rules = preset("classic");
    const Standings start{TeamStanding{487, 7}, TeamStanding{452, 2}};
    for (std::uint64_t seed = 1; seed <= 8; ++seed) {
        SplitMix64 rng(seed);
        GameFromStandings game = play_game_from(rules, start, Seat::East, rng);
        REQUIRE(game.result.has_value());
        REQUIRE_FALSE(game.hands.empty());
        // The hands rescored from the starting score (bags included) reach the final score.
        Standings s = start;
        for (std::size_t h = 0; h < game.hands.size(); ++h) {
            const RecordedHand& hand = game.hands[h];
            CHECK(hand.dealer == next(Seat::East, static_cast<int>(h % 4)));
            auto outcome = outcome_of(replay_hand(rules, hand), hand.claim);
            REQUIRE(outcome.has_value());
            HandScore score = score_hand(rules, *outcome, s);
            for (Team t : kAllTeams) s[index(t)] = score[t].after;
        }
        CHECK(s == game.result->final);
        int ns = s[0].score, ew = s[1].score;
        CHECK(game.result->winner == (ns > ew ? Team::NS : Team::EW));
    }
    // A score that has ended the game is refused; a tie past the target plays on.
    SplitMix64 rng(1);
    CHECK_THROWS_AS(play_game_from(rules, Standings{TeamStanding{500, 0}, TeamStanding{450, 0}},
                                   Seat::North, rng),
                    Error);
    CHECK_NOTHROW(play_game_from(rules, Standings{TeamStanding{510, 0}, TeamStanding{510, 0}},
                                 Seat::North, rng));
}

TEST_CASE("Rule overrides give legal games too", "[bots]") {
    // Spades led at any time, the two of clubs leads, a blind nil exchange, a 48-card deck
    // with a pass under classic scoring.
    RuleSet rules = preset("classic");
    for (const char* o : {"spades_lead=anytime", "first_lead=two_of_clubs", "blind_nil_exchange=2",
                          "deck=48", "pass_cards=2"}) {
        apply_override(rules, o);
    }
    check_rules(rules);
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
        SplitMix64 rng(seed);
        CHECK_NOTHROW(check_game(play_game(rules, rng)));
    }
}

TEST_CASE("The bots make most contracts and most nils", "[bots]") {
    RuleSet rules = preset("classic");
    int contracts = 0;
    int made = 0;
    int nils = 0;
    int nils_made = 0;
    SplitMix64 rng(2026);
    for (int g = 0; g < 30; ++g) {
        RecordedGame game = play_game(rules, rng);
        ScoredGame scored = score_game(game, rules);
        for (std::size_t h = 0; h < scored.hands.size(); ++h) {
            const HandOutcome& o = scored.outcomes[h];
            for (Team t : kAllTeams) {
                const TeamHandScore& ts = scored.hands[h].score[t];
                if (ts.bid == 0) continue;
                ++contracts;
                made += ts.tricks >= ts.bid;
            }
            for (Seat s : kAllSeats) {
                if (o.bids[index(s)] != Bid::nil()) continue;
                ++nils;
                nils_made += o.tricks[index(s)] == 0;
            }
        }
    }
    REQUIRE(contracts > 200);
    REQUIRE(nils > 20);
    // Simple players, not experts: still, a side that counts its tricks makes its contract
    // far more often than not, and a nil is bid on hands that mostly keep it.
    CHECK(made > contracts * 7 / 10);
    CHECK(nils_made > nils / 2);
}
