"""Rules table, docs/rules.md 3 -- First to act on later streets.

Conventions (defaults, card strings, steps): tests/rules/__init__.py.
"""

from __future__ import annotations

import pytest
from stud import Variant

from tests.support.rules_helpers import (
    ALL_CARDS,
    HI_FAMILY,
    RZ,
    SEVEN,
    make,
    passive_to,
)

# (seat 0 upcards, seat 1 upcards, board_tiebreak, first to act); the number
# of upcards fixes the street.  3.2 hi games:
BOARDS_HI = [
    ("2c Ah", "Kd Qc", "position", 0),          # ace high
    ("2c Ah", "Kd Kc", "position", 1),          # pair > high cards
    ("2c Ah", "3c Ad", "position", 1),          # A-3 > A-2
    ("2c 9d 9h", "3s 9c 9s", "position", 1),    # pair of 9s, kicker 3 > 2
    ("2c 7d 2h", "Ac Kd Qh", "position", 0),    # pair of 2s > A-K-Q
    ("2h 5h 9h Jh", "3c Qd 8s Kc", "position", 1),  # four-flush ignored
    ("9c Td Jh Qs", "3c 8d 5s Kc", "position", 1),  # four-straight ignored
    ("5c 5d 2h 2s", "Ac Ad Kc Qd", "position", 0),  # two pair > pair
    ("3c 3d 3h 2s", "Kc Kd Qc Qd", "position", 0),  # trips > two pair
    ("2c 2d 2h 2s", "Ac Ad Ah Ks", "position", 0),  # quads > trips
    ("Qc Qd Jc Jd", "Kc Kd 2c 2d", "position", 1),  # kings up > queens up
    ("Kc Kd Jh 4s", "Ks Kh Jc 5d", "position", 1),  # kicker
    # 3.4 ties
    ("Kc 7d", "Ks 7h", "position", 0),
    ("Kc 7d", "Ks 7h", "suit", 1),              # Ks > Kc
    ("Ac 5s", "Ad 5c", "position", 0),
    ("Ac 5s", "Ad 5c", "suit", 1),              # the highest card's suit, not the kicker's
    ("8h 6c 3d", "8d 6s 3h", "suit", 0),        # 8h > 8d
]
# 3.3 Razz: lowest board first
BOARDS_RAZZ = [
    ("7c 6d", "8h 2s", "position", 0),          # 7-6 is lower than 8-2
    ("Kc Qd", "2c 2d", "position", 0),          # any unpaired < any paired
    ("Ac Ad", "2c 2s", "position", 0),          # A-A is the lowest pair
    ("3h 2d Ac", "4c 2s Ah", "position", 0),    # 3-2-A < 4-2-A
    ("Kc 2d", "Ac Kd", "position", 1),          # K-A < K-2: ace low
    ("Kc Kd 2c 3d", "Qc Qd Jc Jd", "position", 0),  # one pair < two pair
    ("2c 2d 2h 3s", "Qc Qd Jc Jd", "position", 1),  # two pair < trips
    ("5c 4h 3d 2s", "6c 4d 3h 2h", "position", 0),  # straight on board ignored
    ("7c 5d", "7s 5h", "position", 0),
    # Ambiguous (docs/rules.md 3.4 says "suit of the highest card" without saying
    # which way in Razz).  Reading chosen: the Razz order is the mirror of the
    # bring-in (2.2: the highest suit is the "highest" card), so the lowest
    # suit of the highest card is the lowest board and acts first: 7c < 7s.
    ("7s 5d", "7c 5h", "suit", 1),
]


def _board_case(variant, up0, up1, tiebreak):
    ups = [up0.split(), up1.split()]
    k = len(ups[0])
    per_down = 2 if variant in SEVEN else 1
    used = set(ups[0]) | set(ups[1])
    spare = [c for c in ALL_CARDS if c not in used]
    hands = [" ".join([spare.pop() for _ in range(per_down)] + u) for u in ups]
    hand = make(variant, hands, board_tiebreak=tiebreak)
    street = k + 2 if variant in SEVEN else k + 1
    passive_to(hand, street)
    return hand, street


@pytest.mark.parametrize("variant,up0,up1,tiebreak,seat",
                         [(v, *row) for v in HI_FAMILY for row in BOARDS_HI]
                         + [(RZ, *row) for row in BOARDS_RAZZ],
                         ids=lambda x: x.name if isinstance(x, Variant) else str(x).replace(" ", ""))
def test_3_1_to_3_4_first_to_act(variant, up0, up1, tiebreak, seat):
    hand, street = _board_case(variant, up0, up1, tiebreak)
    assert hand.street == street
    assert hand.actor == seat
