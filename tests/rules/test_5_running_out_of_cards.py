"""Rules table, docs/rules.md 5 -- Running out of cards (8 and 7 players).

Conventions (defaults, card strings, steps): tests/rules/__init__.py.
"""

from __future__ import annotations

from stud import Hand, Rules
from stud.game import BurnsReshuffled

from tests.support.rules_helpers import (
    ALL_CARDS,
    V5,
    V7,
    burns,
    check_down,
    community_events,
    drive,
    make,
    passive_to,
    seven,
    shown_order,
    stack_deck,
)

# Eight players, everybody checks to the end.  The 48 cards dealt to the
# players plus 3 burns (As before 4th, 2d before 5th, 2h before 6th) leave
# one card (2s).  7th street needs 9 (8 + burn): the burns go back under the
# stub in the order burned (Hand docstring, given deck): 2s As 2d 2h; still
# short, so 2s is burned and As is the community card.
EIGHT = [
    "5c 3d 4h 7s 9s Jd",
    "6c 4d 3h Ts Qc 5s",
    "9c 3c 9h Kc Kd 9d",   # nines full of kings, board K-K-9-9: opens 5th-7th
    "7c 5d 5h 8c Jh Ks",
    "Tc 6d 7h 3s Qd 4s",
    "Ac Ad Ah 4c 6h 8s",   # trip aces + the community As: quads, wins
    "Jc 7d 8h 6s Th Qh",
    "8d Td 2c Kh Js Qs",   # 2c: brings in
]


def test_5_1_5_2_eight_players_community_card():
    hand = make(V7, EIGHT, burn=["As", "2d", "2h"])
    steps = ["7 bring_in ? bring in for 5, complete to 10"]
    steps += [f"{s} call ? fold, call 5, complete to 10" for s in range(7)]
    steps += ["street 4"] + [f"{s} check" for s in (5, 6, 7, 0, 1, 2, 3, 4)]   # A-4 opens
    for street in (5, 6, 7):   # 3.5 / 5.2: seat 2 opens 6th and again 7th
        steps += [f"street {street}"] + [f"{s} check ? check, bet 20" for s in (2, 3, 4, 5, 6, 7, 0, 1)]
    drive(hand, steps[:-8])
    assert hand.street == 7 and hand.actor == 2
    assert community_events(hand) == ["As"]
    assert any(isinstance(e, BurnsReshuffled) for e in hand.history)
    assert burns(hand) == ["As", "2d", "2h", "2s"]
    assert [str(c) for c in hand.community] == ["As"]
    for seat in range(8):   # nobody got a 7th card of his own; everyone has the As
        assert len(hand.up_cards(seat)) + len(hand.down_cards(seat)) == 6
        assert "As" in [str(c) for c in hand.cards(seat)]
    drive(hand, steps[-8:] + ["over"])
    shown = [e for e in hand.history if type(e).__name__ == "HandShown"]
    assert [e.seat for e in shown] == [5]
    assert "As" in [str(c) for c in shown[0].cards] and len(shown[0].cards) == 7
    # 8.1: nobody bet on 7th: seat 2 (first to act) shows first, then clockwise
    assert [s for s, _ in shown_order(hand)] == [2, 3, 4, 5, 6, 7, 0, 1]
    assert hand.payouts == [0, 0, 0, 0, 0, 56, 0, 0]
    assert hand.stacks == [993] * 5 + [1049] + [993] * 2


def test_5_1_seven_players_burns_reshuffled_suffice():
    """Seven players: 21 + 3 * (1 + 7) = 45 cards out; 7th needs 8, the stub
    has 7: the three burns go back under it (Ks, 2c, 2d in the order burned)
    and that is enough: burn 2h, deal the six last cards to seats 0-5 and the
    first burn card, Ks, to seat 6 (quad kings).  No community card."""
    others = [  # seats 0-5: no quads, no straight flush (checked by hand)
        "2s 4s 6h 8c 9h Jc Qh", "3d 5c 6s 8d 9s Jd Qs", "3h 5d 7c 8h Tc Jh Ac",
        "3s 5s 7d 8s Td Js Ad", "4c 6c 7h 9c Th Qc Ah", "4h 6d 7s 9d Ts Qd As",
    ]
    seat6 = "3c Kc 4d Kh 5h Kd".split()   # + Ks as the 7th card
    seats = [o.split() for o in others] + [seat6]
    first = [" ".join(s[:3]) for s in seats]
    later = [{i: s[3 + k] for i, s in enumerate(seats)} for k in range(3)]
    deck = stack_deck(first, *later, burn=["Ks", "2c", "2d"])
    deck += " 2h " + " ".join(s[6] for s in seats[:6])
    hand = Hand(Rules(V7, 10), [1000] * 7, deck=deck, seed=1)
    passive_to(hand, 6)
    sixth = hand.actor
    passive_to(hand, 7)
    assert hand.actor == sixth   # 3.5
    assert community_events(hand) == []
    assert any(isinstance(e, BurnsReshuffled) for e in hand.history)
    assert burns(hand) == ["Ks", "2c", "2d", "2h"]
    for i, s in enumerate(seats[:6]):
        assert str(hand.down_cards(i)[-1]) == s[6]
    assert str(hand.down_cards(6)[-1]) == "Ks"
    check_down(hand)
    assert hand.payouts == [0] * 6 + [49]
    assert hand.stacks == [993] * 6 + [1042]


def test_5_1_ten_players_five_card_stud():
    """Five Card Stud, 10 players: 20 + 11 + 11 = 42 cards out, 10 left, 11
    needed for 5th street: the burns (As, 2c) go back under the stub; burn
    2d, the last nine cards to seats 0-8, the first burn (As) to seat 9:
    a royal flush."""
    others = ["2h 4s 7c 9d Qc", "2s 5c 7d 9h Qd", "3c 5d 7h 9s Qh", "3d 5h 7s Tc Kc",
              "3h 5s 8c Td Kd", "3s 6c 8d Th Kh", "4c 6d 8h Jc Ac", "4d 6h 8s Jd Ad",
              "4h 6s 9c Jh Ah"]   # no straight flush among them (checked by hand)
    seats = [o.split() for o in others] + ["Ts Js Qs Ks".split()]
    first = [" ".join(s[:2]) for s in seats]
    later = [{i: s[2 + k] for i, s in enumerate(seats)} for k in range(2)]
    deck = stack_deck(first, *later, burn=["As", "2c"]) + " 2d " + " ".join(s[4] for s in seats[:9])
    hand = Hand(Rules(V5, 10), [1000] * 10, deck=deck, seed=1)
    assert hand.actor == 0   # 4s: the lowest upcard
    check_down(hand)
    assert any(isinstance(e, BurnsReshuffled) for e in hand.history)
    assert community_events(hand) == []
    assert burns(hand) == ["As", "2c", "2d"]
    assert [str(c) for c in hand.up_cards(9)] == "Js Qs Ks As".split()
    for i, s in enumerate(seats[:9]):
        assert str(hand.up_cards(i)[-1]) == s[4]
    assert hand.payouts == [0] * 9 + [70]
    assert hand.stacks == [993] * 9 + [1063]


def test_5_1_eight_players_without_burns():
    """burn_cards=False: 48 cards out, 4 left, 8 needed, no burns to put
    back: one community card.  Ambiguous: docs/rules.md 5.1 says "burn (when at
    least 2 cards remain)" before the community card, but `need` counts a
    burn only "when burns are on"; reading chosen: with burn_cards off
    nothing is burned, so the community card is the 49th card."""
    rest = [c for c in ALL_CARDS if c not in " ".join(EIGHT).split()]  # 2d 2h 2s As
    deck = seven(EIGHT, burns=False) + " As 2d 2h 2s"
    hand = Hand(Rules(V7, 10, burn_cards=False), [1000] * 8, deck=deck, seed=1)
    check_down(hand)
    assert sorted(rest) == sorted(["2d", "2h", "2s", "As"])
    assert community_events(hand) == ["As"]
    assert burns(hand) == []
    assert hand.payouts == [0, 0, 0, 0, 0, 56, 0, 0]
