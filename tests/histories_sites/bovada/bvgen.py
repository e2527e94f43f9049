"""Bovada hand histories written from hands the engine played: the
samples' generator (``python -m tests.histories_sites.bovada.bvgen``
rewrites samples/generated_*.txt) and the speed bench's file.

Each hand is played by ``stud.Hand`` under Bovada's rules
(``stud.histories.sites.bovada.PROFILE``) with random legal actions, then
written as Bovada wrote its stud hands: anonymous seats (``Seat+3``, the
owner marked ``[ME]``), every card of every player, no stakes in a cash
header, the rake left unsaid.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

from stud import Hand, Rules, Variant
from stud.game import (
    ActionKind,
    ActionTaken,
    AntePosted,
    CardDealt,
    HandMucked,
    HandShown,
    PotAwarded,
    StreetStarted,
    UncalledBetReturned,
)
from stud.histories.record import options_for
from stud.histories.sites.bovada import PROFILE

from ..playing import play

GAMES = {Variant.SEVEN_CARD_STUD: "7CARD", Variant.SEVEN_CARD_STUD_HILO: "7CARD HiLo"}
STREETS = {3: "3RD", 4: "4TH", 5: "5TH", 6: "6TH", 7: "7TH"}


def money(amount: int, currency: str | None) -> str:
    """$2, $0.40, $1,234.50; chips: 1,500."""
    if currency is None:
        return f"{amount:,}"
    whole, cents = divmod(amount, 100)
    return f"${whole:,}" + (f".{cents:02d}" if cents else "")


def write(hand: Hand, hand_id: int, *, currency: str | None, seats: list[int], me: int = 0,
          tournament: int | None = None, table: int = 12345,
          sitting_out: int | None = None) -> str:
    rules = hand.rules
    n = hand.n_seats
    names = [f"Seat+{seat}" for seat in seats]
    tag = [f"{names[s]} [ME]" if s == me else names[s] for s in range(n)]
    m = lambda amount: money(amount, currency)  # noqa: E731
    if tournament is None:
        head = f"TBL#{table} {GAMES[rules.variant]} Fixed Limit"
    else:
        head = (f"{GAMES[rules.variant]} Tournament #{tournament} TBL#{table}, Fixed Limit - "
                f"Level 3 ({rules.small_bet}/{rules.big_bet})")
    out = [f"Bovada Hand #{hand_id} {head} - 2016-03-14 12:00:00"]
    stacks = list(hand.starting_stacks)
    listed = [(seats[s], f"{tag[s]}: {m(stacks[s])} in chips") for s in range(n)]
    if sitting_out is not None:
        listed.append((sitting_out, f"Seat+{sitting_out}: {m(4000)} in chips"))
    out.extend(text for _, text in sorted(listed))
    if sitting_out is not None:
        out.append(f"Seat+{sitting_out} : Seat sit out")
    bets = [0] * n
    put_in = [0] * n
    street = 0
    dealt: dict[int, list[str]] = {}
    shown = False
    results: list[str] = []
    history = hand.history
    first_action = True
    for event in history:
        kind = type(event)
        if kind is not CardDealt and dealt:
            for seat in sorted(dealt):
                out.append(f"{tag[seat]} : Card dealt to a spot [{' '.join(dealt[seat])}]")
            dealt = {}
        if kind is AntePosted:
            if event.amount:
                stacks[event.seat] -= event.amount
                put_in[event.seat] += event.amount
                out.append(f"{tag[event.seat]} : Ante chip {m(event.amount)}")
        elif kind is StreetStarted:
            street = event.street
            bets = [0] * n
            out.append(f"*** {STREETS[street]} STREET ***")
        elif kind is CardDealt:
            dealt.setdefault(event.seat, []).append(str(event.card))
        elif kind is ActionTaken:
            seat = event.seat
            act, to = event.action
            faced = max(bets)
            chips = to - bets[seat]
            stacks[seat] -= chips
            put_in[seat] += chips
            bets[seat] = to
            all_in = chips > 0 and stacks[seat] == 0
            if first_action and street == 3:
                out.append(f"Dealer : Set dealer/Bring in spot [{seats[seat]}]")
            first_action = False
            if act is ActionKind.FOLD:
                text = "Fold"
            elif act is ActionKind.CHECK:
                text = "Checks"
            elif act is ActionKind.BRING_IN:
                text = f"Bring_in chip {m(to)}"
            elif all_in and act is not ActionKind.CALL and to > faced and faced:
                text = f"All-in(raise) {m(to - faced)} to {m(to)}"
            elif all_in:
                text = f"All-in {m(chips)}"
            elif act is ActionKind.CALL:
                text = f"Calls {m(chips)}"
            elif act in (ActionKind.COMPLETE, ActionKind.BET):
                double = street == 4 and to == rules.big_bet and rules.big_bet != rules.small_bet
                text = f"Double bets {m(to)}" if double else f"Bets {m(to)}"
            else:
                text = f"Raises {m(to - faced)} to {m(to)}"
            out.append(f"{tag[seat]} : {text}")
        elif kind is UncalledBetReturned:
            stacks[event.seat] += event.amount
            put_in[event.seat] -= event.amount
            out.append(f"{tag[event.seat]} : Return uncalled portion of bet {m(event.amount)}")
        elif kind is HandShown:
            if not shown:
                out.append("*** SHOW DOWN ***")
                shown = True
            cards = " ".join(str(c) for c in hand.cards(event.seat))
            out.append(f"{tag[event.seat]} : Showdown [{cards}]")
        elif kind is HandMucked:
            if not shown:
                out.append("*** SHOW DOWN ***")
                shown = True
            cards = " ".join(str(c) for c in hand.cards(event.seat))
            out.append(f"{tag[event.seat]} : Does not show [{cards}]")
        elif kind is PotAwarded:
            if event.amount:
                side = "-Side pot" if event.pot else ""
                results.append(f"{tag[event.seat]} : Hand result{side} {m(event.amount)}")
    out.extend(results)
    out.append("*** SUMMARY ***")
    out.append(f"Total Pot({m(sum(put_in))})")
    return "\n".join(out) + "\n"


def hands(n: int, seed: int, *, tournament: bool = False, short: float = 0.15,
          variants: tuple[Variant, ...] = tuple(GAMES)) -> Iterator[tuple[Hand, str]]:
    rng = random.Random(seed)
    for number in range(n):
        variant = variants[number % len(variants)]
        options = options_for(PROFILE, variant)
        if tournament:
            small = rng.choice([100, 200, 400, 1000])
            rules = Rules(variant, small, ante=small // 10, bring_in=small // 4, **options)
        else:
            small = rng.choice([50, 100, 200, 500])
            rules = Rules(variant, small, ante=small // 10, bring_in=small // 4, **options)
        players = rng.randint(2, 7)
        big = rules.big_bet
        stacks = [rng.randint(2, 10) * big + rng.randint(0, big) if rng.random() < short
                  else rng.randint(20, 150) * big for _ in range(players)]
        hand = play(rules, stacks, rng, rake=0 if tournament else rng.choice([0, 2, 5]))
        seats = sorted(rng.sample(range(1, 9), players))
        free = [s for s in range(1, 9) if s not in seats]
        sitting_out = free[0] if free and rng.random() < 0.2 else None
        text = write(hand, 3_391_000_000 + seed * 100_000 + number,
                     currency=None if tournament else "USD", seats=seats,
                     me=rng.randrange(players), tournament=seed * 1000 + 1 if tournament else None,
                     table=rng.randint(1000, 99999), sitting_out=sitting_out)
        yield hand, text


def main() -> None:
    here = Path(__file__).parent / "samples"
    for index, (name, tournament) in enumerate((("generated_cash.txt", False),
                                                ("generated_tournament.txt", True))):
        text = "\n\n".join(t for _, t in hands(40, 21 + index, tournament=tournament))
        (here / name).write_text(text, encoding="utf-8", newline="\n")


if __name__ == "__main__":
    main()
