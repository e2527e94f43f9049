"""Absolute Poker / UltimateBet hands written from engine hands
(``write_absolute``): every sample consistent, so the reader must give back
a record that replays to the chip.

    python tests/histories_sites/absolute/abs_gen.py    # rewrites samples/generated.txt
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

from stud import Hand, Variant
from stud.game import ActionTaken, AntePosted, CardDealt, StreetStarted

from ..wpn.wpn_gen import NAMES, _Walk, random_hand

PROFILE: dict[str, Any] = {}
GAMES = {Variant.SEVEN_CARD_STUD: "7 Card Stud", Variant.SEVEN_CARD_STUD_HILO: "Seven Card Hi/Lo",
         Variant.RAZZ: "Razz"}
MARKERS = {3: "*** 3rd STREET ***", 4: "*** 4TH STREET ***", 5: "*** 5TH STREET ***",
           6: "*** 6TH STREET ***", 7: "*** RIVER ***"}


def _amount(amount: int, money: bool, symbol: str = "$") -> str:
    if not money:
        return f"{amount:,}"
    whole, cents = divmod(amount, 100)
    return f"{symbol}{whole:,}.{cents:02d}" if cents else f"{symbol}{whole:,}"


def write_absolute(hand: Hand, *, hand_id: int, money: bool = True, symbol: str = "$",
                   names: tuple[str, ...] | None = None, seats: tuple[int, ...] | None = None,
                   hero: int | None = 0, tournament: int | None = None,
                   table: str = "TORONTO AVE") -> str:
    rules, n = hand.rules, hand.n_seats
    walk = _Walk(hand)
    names = names or NAMES[:n]
    seats = seats or tuple(range(1, n + 1))

    def amt(amount: int) -> str:
        return _amount(amount, money, symbol)

    tourney = f"Tourney ID {tournament} " if tournament is not None else ""
    kind = "Multi Normal Tournament " if tournament is not None else ""
    out = [f"Stage #{hand_id}: {tourney}{GAMES[rules.variant]} {kind}Normal "
           f"{amt(rules.small_bet)}/{amt(rules.big_bet or 0)}, {amt(rules.ante or 0)} ante - "
           f"2009-08-05 15:24:06 (ET)",
           f"Table: {table} (Real Money) Seat #{seats[0]} is the dealer"]
    for seat in range(n):
        out.append(f"Seat {seats[seat]} - {names[seat]} ({amt(hand.starting_stacks[seat])} "
                   f"in chips)")
    stacks = list(hand.starting_stacks)
    bets = [0] * n
    shown: list[list[str]] = [[] for _ in range(n)]
    fresh: set[int] = set()
    for event in hand.history:
        if isinstance(event, AntePosted) and event.amount:
            stacks[event.seat] -= event.amount
            out.append(f"{names[event.seat]} - Ante {amt(event.amount)}")
        elif isinstance(event, StreetStarted):
            _pockets(out, shown, fresh, names)
            bets = [0] * n
            out.append(MARKERS[event.street])
        elif isinstance(event, CardDealt):
            visible = event.face_up or event.seat == hero
            shown[event.seat].append(str(event.card) if visible else "H")
            fresh.add(event.seat)
        elif isinstance(event, ActionTaken):
            _pockets(out, shown, fresh, names)
            seat = event.seat
            kind_, to = event.action
            name, top = kind_.name, max(bets)
            chips = to - bets[seat]
            stacks[seat] -= chips
            bets[seat] = to
            all_in = chips > 0 and stacks[seat] == 0
            if name == "FOLD":
                text = "Folds"
            elif name == "CHECK":
                text = "Checks"
            elif name == "BRING_IN":
                text = f"Bring-In {amt(to)}."
            elif name == "CALL":
                text = f"{'All-In' if all_in else 'Calls'} {amt(chips)}"
            elif top == 0:
                text = f"{'All-In' if all_in else 'Bets'} {amt(chips)}"
            else:
                text = f"{'All-In(Raise)' if all_in else 'Raises'} {amt(chips)}"
            out.append(f"{names[seat]} - {text}")
    _pockets(out, shown, fresh, names)
    for seat in range(n):
        if seat in walk.shown:
            cards = " ".join(str(c) for c, _ in walk.cards[seat])
            out.append(f"{names[seat]} - Shows [{cards}] (a hand)")
        elif seat in walk.mucked:
            out.append(f"{names[seat]} - Mucks")
    out.append("*** SUMMARY ***")
    for seat in range(n):
        head = f"Seat {seats[seat]}: {names[seat]}"
        if walk.awarded[seat]:
            out.append(f"{head} won Total ({amt(walk.awarded[seat])})")
        elif seat in walk.folded:
            out.append(f"{head} Folded")
        else:
            out.append(f"{head} lost")
    return "\n".join(out) + "\n\n"


def _pockets(out: list[str], shown: list[list[str]], fresh: set[int],
             names: tuple[str, ...]) -> None:
    for seat in sorted(fresh):
        out.append(f"{names[seat]} - Pocket [{' '.join(shown[seat])}]")
    fresh.clear()


def generated(count: int, seed: int, *, hero: int | None = 0) -> str:
    rng = random.Random(seed)
    parts = []
    for index in range(count):
        money = index % 3 != 2
        hand = random_hand(rng, money=money, short=index % 4 == 3, profile=PROFILE,
                           variants=tuple(GAMES))
        seats = tuple(sorted(rng.sample(range(1, 9), hand.n_seats)))
        parts.append(write_absolute(hand, hand_id=1571360000 + index, money=money, seats=seats,
                                    hero=hero, tournament=None if money else 4242,
                                    symbol="€" if index % 7 == 6 else "$"))
    return "".join(parts)


if __name__ == "__main__":
    here = Path(__file__).parent / "samples"
    here.mkdir(exist_ok=True)
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    (here / "generated.txt").write_text(generated(count, 21), encoding="utf-8")
    (here / "observer.txt").write_text(generated(30, 22, hero=None), encoding="utf-8")
