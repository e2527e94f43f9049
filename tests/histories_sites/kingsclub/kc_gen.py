"""KingsClub hands written from engine hands (``write_kingsclub``), so each
sample is consistent and must replay to the chip.

    python -m tests.histories_sites.kingsclub.kc_gen    # rewrites samples/generated*.txt
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from stud import Hand, Variant
from stud.game import ActionTaken, AntePosted, CardDealt, StreetStarted, UncalledBetReturned

from ..wpn.wpn_gen import NAMES, _Walk, random_hand

PROFILE: dict[str, Any] = {"open_pair_double": {Variant.SEVEN_CARD_STUD: True}}
GAMES = {Variant.SEVEN_CARD_STUD: "Seven Card Stud",
         Variant.SEVEN_CARD_STUD_HILO: "Seven Card Stud Hi-Lo", Variant.RAZZ: "Razz",
         Variant.DEUCE_TO_SEVEN_RAZZ: "2-7 Razz"}
WORDS = {3: "3RD", 4: "4TH", 5: "5TH", 6: "6TH", 7: "7TH"}


def _amount(value: int, symbol: str) -> str:
    """Hundredths: cents (``symbol`` "$") or hundredths of a chip ("")."""
    whole, cents = divmod(value, 100)
    return f"{symbol}{whole:,}.{cents:02d}"


def write_kingsclub(hand: Hand, *, hand_id: int, money: bool = True,
                    names: tuple[str, ...] | None = None, seats: tuple[int, ...] | None = None,
                    hero: int | None = 0, shifted: bool = False,
                    tournament: int | None = None) -> str:
    """The hand as KingsClub writes it; ``shifted``: the 3rd street before
    any marker, the labels one street behind.  Tournament hands' chips are
    written in hundredths: an engine chip is 0.01."""
    rules, n = hand.rules, hand.n_seats
    walk = _Walk(hand)
    names = names or NAMES[:n]
    seats = seats or tuple(range(1, n + 1))
    symbol = "$" if money else ""

    def amt(value: int) -> str:
        return _amount(value, symbol)

    table = f"T{tournament} [3]" if tournament is not None else "Rio"
    out = [f"#{hand_id}: Limit {GAMES[rules.variant]} - {amt(rules.small_bet)}/"
           f"{amt(rules.big_bet or 0)} - 2021-03-04 05:06:07",
           f"Table '{table}' 8-max"]
    for seat in range(n):
        out.append(f"Seat {seats[seat]}: {names[seat]} ({amt(hand.starting_stacks[seat])})")
    stacks = list(hand.starting_stacks)
    bets = [0] * n
    seen: list[list[str]] = [[] for _ in range(n)]
    fresh: dict[int, list[str]] = {}
    for event in hand.history:
        if isinstance(event, AntePosted) and event.amount:
            stacks[event.seat] -= event.amount
            out.append(f"{names[event.seat]}: posts ante {amt(event.amount)}"
                       + (", and is all-in" if stacks[event.seat] == 0 else ""))
        elif isinstance(event, StreetStarted):
            _dealt(out, seen, fresh, names)
            bets = [0] * n
            street = event.street - (1 if shifted else 0)
            if street >= 3:
                out.append(f"*** {WORDS[street]} STREET ***")
        elif isinstance(event, CardDealt):
            text = str(event.card) if event.face_up or event.seat == hero else "X"
            fresh.setdefault(event.seat, []).append(text)
        elif isinstance(event, UncalledBetReturned):
            out.append(f"Uncalled bet ({amt(event.amount)}) returned to {names[event.seat]}")
        elif isinstance(event, ActionTaken):
            _dealt(out, seen, fresh, names)
            seat = event.seat
            kind, to = event.action
            name, top = kind.name, max(bets)
            chips = to - bets[seat]
            stacks[seat] -= chips
            bets[seat] = to
            tail = ", and is all-in" if chips and stacks[seat] == 0 else ""
            if name == "FOLD":
                text = "folds"
            elif name == "CHECK":
                text = "checks"
            elif name == "CALL":
                text = f"calls {amt(chips)}"
            elif name == "BRING_IN":
                text = f"brings in for {amt(to)}"
            elif top == 0:
                text = f"bets {amt(to)}"
            else:
                text = f"raises {amt(to - top)} to {amt(to)}"
            out.append(f"{names[seat]} {text}{tail}")
    _dealt(out, seen, fresh, names)
    for seat in range(n):
        if seat in walk.shown:
            out.append(f"{names[seat]} shows [{' '.join(str(c) for c, _ in walk.cards[seat])}]")
        elif seat in walk.mucked:
            out.append(f"{names[seat]} mucks hand")
    for seat in range(n):
        if walk.awarded[seat]:
            out.append(f"{names[seat]} wins ({amt(walk.awarded[seat])[len(symbol):]}) from pot")
    out.append("*** SUMMARY ***")
    out.append(f"Rake {amt(walk.rake)[len(symbol):]}")
    return "\n".join(out) + "\n\n"


def _dealt(out: list[str], seen: list[list[str]], fresh: dict[int, list[str]],
           names: tuple[str, ...]) -> None:
    for seat in sorted(fresh):
        new = fresh[seat]
        if seen[seat]:
            out.append(f"Dealt to {names[seat]}: [{' '.join(seen[seat])}] [{' '.join(new)}]")
        else:
            out.append(f"Dealt to {names[seat]}: [{' '.join(new)}]")
        seen[seat].extend(new)
    fresh.clear()


def generated(count: int, seed: int, *, hero: int | None = 0) -> str:
    rng = random.Random(seed)
    parts = []
    for index in range(count):
        money = index % 3 != 2
        hand = random_hand(rng, money=money, short=index % 4 == 3, profile=PROFILE,
                           variants=tuple(GAMES))
        seats = tuple(sorted(rng.sample(range(1, 9), hand.n_seats)))
        parts.append(write_kingsclub(hand, hand_id=7000000 + index, money=money, seats=seats,
                                     hero=hero, shifted=index % 2 == 1,
                                     tournament=None if money else 55))
    return "".join(parts)


if __name__ == "__main__":
    here = Path(__file__).parent / "samples"
    here.mkdir(exist_ok=True)
    (here / "generated.txt").write_text(generated(100, 31), encoding="utf-8")
    (here / "observer.txt").write_text(generated(30, 32, hero=None), encoding="utf-8")
