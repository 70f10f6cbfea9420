[Event "Sample: classic"]
[Site "Spadework"]
[Date "2026.11.21"]
[Table "1"]
[North "Ann"]
[East "Bob"]
[South "Cathal O'Brien"]
[West "Dee"]
[Rules "classic"]
[Generator "make_samples seed 4"]
{Played by the simple bots; a legal game under the classic rules.}

[Hand "1"]
[Dealer "N"]
[Deal "N:Q5.K62.KQJT63.KJ A63.74.A7.AT7652 KJ82.JT9.984.843 T974.AQ853.52.Q9"]
bids E:4 S:1 W:2 N:2
1 E: AD 4D 2D 3D
2 E: AC 3C 9C JC
3 E: 7D 8D 5D 6D
4 S: 9D 4S TD 2C
5 W: AH 2H 4H 9H
6 W: QC KC 5C 4C
7 N: KH 7H TH 3H
8 N: 6H 3S JH 5H
9 E: TC 8C 8H 5S
10 N: JD 6S 8S 9S
11 W: 7S QS AS KS
12 E: 6C 2S QH KD
13 S: JS TS QD 7C
