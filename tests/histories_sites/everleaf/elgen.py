"""Everleaf hand histories written from hands the engine played: the
samples' generator (``python -m tests.histories_sites.everleaf.elgen``
rewrites samples/generated_*.txt) and the speed bench's file.

Each hand is played by ``stud.Hand`` under Everleaf's rules
(``stud.histories.sites.everleaf.PROFILE``) with random legal actions,
then written as Everleaf wrote its hands: amounts in brackets with a
currency word, raises by their size, no uncalled bet, no total, no rake.
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
)
from stud.histories.record import options_for
from stud.histories.sites.everleaf import PROFILE

from ..playing import play

GAMES = {Variant.SEVEN_CARD_STUD: "7 Card Stud", Variant.SEVEN_CARD_STUD_HILO: "7 Card Stud Hi/Lo",
         Variant.RAZZ: "Razz"}
STREETS = {3: "** Dealing down cards **", 4: "**** dealing 4th street ****",
           5: "**** dealing 5th street ****", 6: "**** dealing 6th street ****",
           7: "**** dealing river ****"}
NAMES = ("hero_1", "Big Al", "zoë", "nit-wit", "K.O.", "pipo", "xyz")


def short(amount: int, currency: str | None) -> str:
    """$0.25, €2 (the header, bring-in and completion); chips: 40."""
    if currency is None:
        return f"{amount:,}"
    whole, cents = divmod(amount, 100)
    return ("$" if currency == "USD" else "€") + f"{whole:,}" + (f".{cents:02d}" if cents else "")


def long(amount: int, currency: str | None) -> str:
    """$ 0.25 USD, € 2 EUR; chips: 40 Chips."""
    if currency is None:
        return f"{amount:,} Chips"
    whole, cents = divmod(amount, 100)
    sign, word = ("$", "USD") if currency == "USD" else ("€", "EUR")
    return f"{sign} {whole:,}" + (f".{cents:02d}" if cents else "") + f" {word}"


def write(hand: Hand, hand_id: int, *, currency: str | None, seats: list[int], hero: int = 0,
          table: str = "Sheffield") -> str:
    rules = hand.rules
    n = hand.n_seats
    names = NAMES[:n]
    out = [f"Everleaf Gaming Game #{hand_id}", f"***** Hand history for game #{hand_id} *****",
           f"{short(rules.small_bet, currency)}/{short(rules.big_bet, currency)} "
           f"{GAMES[rules.variant]} - 2008/12/05 - 21:43:59", f"Table {table}"]
    for seat in range(n):
        out.append(f"Seat {seats[seat]}: {names[seat]} ( {long(hand.starting_stacks[seat], currency)} )")
    out.append(f"Total number of players : {n}")
    bets = [0] * n
    street = 0
    dealt: dict[int, list[str]] = {}
    shown = False
    for event in hand.history:
        kind = type(event)
        if kind is not CardDealt and dealt:
            for seat in sorted(dealt):
                cards = dealt[seat]
                if street == 3 and seat != hero:
                    cards = ["xx", "xx", cards[2]]
                elif street == 7 and seat != hero:
                    continue
                out.append(f"Dealt to {names[seat]} [ {', '.join(cards)} ]")
            dealt = {}
        if kind is AntePosted:
            if event.amount:
                out.append(f"{names[event.seat]}: posts ante [{long(event.amount, currency)}]")
        elif kind is StreetStarted:
            street = event.street
            bets = [0] * n
            out.append(STREETS[street])
        elif kind is CardDealt:
            dealt.setdefault(event.seat, []).append(str(event.card))
        elif kind is ActionTaken:
            seat = event.seat
            act, to = event.action
            faced = max(bets)
            chips = to - bets[seat]
            bets[seat] = to
            name = names[seat]
            if act is ActionKind.FOLD:
                out.append(f"{name}: folds")
            elif act is ActionKind.CHECK:
                out.append(f"{name}: checks")
            elif act is ActionKind.BRING_IN:
                out.append(f"{name} posts bring-in {short(to, currency)}.")
            elif act is ActionKind.COMPLETE and street == 3:
                out.append(f"{name} completes to {short(to, currency)}.")
            elif act is ActionKind.CALL:
                out.append(f"{name}: calls [{long(chips, currency)}]")
            elif act in (ActionKind.BET, ActionKind.COMPLETE):
                out.append(f"{name}: bets [{long(chips, currency)}]")
            else:
                out.append(f"{name}: raises [{long(to - faced, currency)}]")
        elif kind is HandShown or kind is HandMucked:
            cards = ", ".join(str(c) for c in hand.cards(event.seat))
            verb = "shows" if kind is HandShown else "mucks"
            out.append(f"{names[event.seat]} {verb} [ {cards} ]")
            shown = True
        elif kind is PotAwarded:
            if event.amount:
                share = {"high": "high ", "low": "low "}.get(event.share, "")
                pot = "main pot" if event.pot == 0 else f"side pot #{event.pot}"
                out.append(f"{names[event.seat]} wins {share}{long(event.amount, currency)} "
                           f"from {pot}")
    del shown
    return "\n".join(out) + "\n"


def hands(n: int, seed: int, *, currency: str | None = "USD",
          variants: tuple[Variant, ...] = tuple(GAMES)) -> Iterator[tuple[Hand, str]]:
    rng = random.Random(seed)
    for number in range(n):
        variant = variants[number % len(variants)]
        small = rng.choice([10, 25, 50, 100] if currency else [20, 40, 100])
        rules = Rules(variant, small, ante=small // 5, bring_in=small * 2 // 5,
                      **options_for(PROFILE, variant))
        players = rng.randint(2, 7)
        big = rules.big_bet
        stacks = [rng.randint(2, 10) * big + rng.randint(0, big) if rng.random() < 0.15
                  else rng.randint(20, 150) * big for _ in range(players)]
        hand = play(rules, stacks, rng, rake=rng.choice([0, 1, 2]) if currency else 0)
        seats = sorted(rng.sample(range(1, 11), players))
        yield hand, write(hand, 75_000_000 + seed * 10_000 + number, currency=currency,
                          seats=seats, hero=rng.randrange(players))


def main() -> None:
    here = Path(__file__).parent / "samples"
    for index, (name, currency) in enumerate((("generated_usd.txt", "USD"),
                                              ("generated_eur.txt", "EUR"),
                                              ("generated_chips.txt", None))):
        text = "\n\n\n".join(t for _, t in hands(40, 31 + index, currency=currency))
        (here / name).write_text(text, encoding="utf-8", newline="\n")


if __name__ == "__main__":
    main()
