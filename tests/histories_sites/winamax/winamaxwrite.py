"""Writes engine hands in Winamax's text format, to make this format's
samples and the speed bench's file: ``winamax_text(hand, ...)``.

The hands are the engine's (``stud.Hand`` played to the end), so every
amount adds up and every card is unique; the text is written as Winamax's
client writes a stud hand (see ``stud.histories.sites.winamax``): euro
amounts with the sign after the number, ``Dealt to`` lines repeating the
earlier cards with ``X`` for a card not shown, completions written
``raises X to Y``, the uncalled bet inside the collections, the summary's
total pot after the rake.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from stud import ActionKind, Hand, Rules, Variant
from stud.game import (
    ActionTaken,
    AntePosted,
    CardDealt,
    HandMucked,
    HandShown,
    PotAwarded,
    RakeTaken,
    StreetStarted,
    UncalledBetReturned,
)

from ..playing import play

GAMES = {Variant.SEVEN_CARD_STUD: "7-Card Stud", Variant.SEVEN_CARD_STUD_HILO: "7-Card Stud Hi/Lo",
         Variant.RAZZ: "Razz"}
ENGLISH = {"ante": "posts ante", "bring_in": "brings in", "bet": "bets", "raise": "raises",
           "to": "to", "call": "calls", "check": "checks", "fold": "folds", "show": "shows",
           "collect": "collected", "all_in": "and is all-in"}
FRENCH = {"ante": "paie l'ante", "bring_in": "apporte", "bet": "mise", "raise": "relance",
          "to": "à", "call": "suit", "check": "parle", "fold": "passe", "show": "montre",
          "collect": "a remporté", "all_in": "et est all-in"}


def money(value: int, euros: bool) -> str:
    if not euros:
        return str(value)
    if value % 100 == 0:
        return f"{value // 100}€"
    return f"{value // 100}.{value % 100:02d}€"


def winamax_text(hand: Hand, *, hand_id: str, names: Sequence[str], seats: Sequence[int],
                 hero: int | None = 0, euros: bool = True, table: str = "Pampelune",
                 tournament: str | None = None, french: bool = False,
                 max_seats: int = 6) -> str:
    """The hand (finished) as Winamax writes it; ``seats``: each engine
    seat's seat number; ``tournament``: its name (amounts then in chips)."""
    rules = hand.rules
    words = FRENCH if french else ENGLISH
    m = (lambda v: money(v, euros))
    kind = "CashGame" if tournament is None else (
        f'Tournament "{tournament}" buyIn: 4.50€ + 0.50€ level: 4')
    lines = [f"Winamax Poker - {kind} - HandId: #{hand_id} - {GAMES[rules.variant]} fixed limit "
             f"({m(rules.ante)}/{m(rules.small_bet)}/{m(rules.big_bet)}) - "
             f"2016/11/12 22:46:27 UTC",
             f"Table: '{table}' {max_seats}-max (real money)"]
    for seat in range(hand.n_seats):
        lines.append(f"Seat {seats[seat]}: {names[seat]} ({m(hand.starting_stacks[seat])})")
    lines.append("*** ANTE/BLINDS ***")
    stacks = list(hand.starting_stacks)
    bets = [0] * hand.n_seats
    shown: list[list[str]] = [[] for _ in range(hand.n_seats)]  # as the file shows them
    cards: list[list[str]] = [[] for _ in range(hand.n_seats)]
    new: dict[int, list[str]] = {}
    street = 0
    collections: list[list[object]] = []
    returned: dict[int, int] = {}
    rake = 0
    put = 0
    labels = {3: "3rd STREET", 4: "4th STREET", 5: "5th STREET", 6: "6th STREET",
              7: "7th STREET"}

    def flush() -> None:
        for seat in sorted(new):
            before = " ".join(shown[seat])
            shown[seat].extend(new[seat])
            now = " ".join(new[seat])
            lines.append(f"Dealt to {names[seat]} [{now}]" if not before
                         else f"Dealt to {names[seat]} [{before}] [{now}]")
        new.clear()

    showdown = False
    for event in hand.history:
        if isinstance(event, AntePosted):
            stacks[event.seat] -= event.amount
            put += event.amount
            lines.append(f"{names[event.seat]} {words['ante']} {m(event.amount)}")
        elif isinstance(event, StreetStarted):
            flush()
            street = event.street
            bets = [0] * hand.n_seats
            lines.append(f"*** {labels[street]} ***")
        elif isinstance(event, CardDealt):
            card = str(event.card)
            cards[event.seat].append(card)
            new.setdefault(event.seat, []).append(
                card if event.face_up or event.seat == hero else "X")
        elif isinstance(event, ActionTaken):
            flush()
            seat, (action, to) = event.seat, event.action
            name = names[seat]
            if action is ActionKind.FOLD:
                lines.append(f"{name} {words['fold']}")
                continue
            if action is ActionKind.CHECK:
                lines.append(f"{name} {words['check']}")
                continue
            added = to - bets[seat]
            top = max(bets)
            bets[seat] = to
            stacks[seat] -= added
            put += added
            tail = f" {words['all_in']}" if stacks[seat] == 0 else ""
            if action is ActionKind.BRING_IN:
                text = f"{words['bring_in']} {m(added)}"
            elif action is ActionKind.CALL:
                text = f"{words['call']} {m(added)}"
            elif action is ActionKind.BET:
                text = f"{words['bet']} {m(added)}"
            else:  # a completion or a raise: by what it adds over the bet, to the total
                text = f"{words['raise']} {m(to - top)} {words['to']} {m(to)}"
            lines.append(f"{name} {text}{tail}")
        elif isinstance(event, (HandShown, HandMucked)):
            flush()
            if not showdown:
                lines.append("*** SHOW DOWN ***")
                showdown = True
            if isinstance(event, HandShown):
                lines.append(f"{names[event.seat]} {words['show']} "
                             f"[{' '.join(cards[event.seat])}]")
        elif isinstance(event, UncalledBetReturned):
            returned[event.seat] = returned.get(event.seat, 0) + event.amount
        elif isinstance(event, RakeTaken):
            rake += event.amount
        elif isinstance(event, PotAwarded):
            collections.append([event.seat, event.amount, event.pot, event.share])
    flush()
    pots = {pot for _, _, pot, _ in collections}
    for seat, amount in returned.items():  # the uncalled bet rides with a collection
        mine = [c for c in collections if c[0] == seat]
        if mine:
            mine[0][1] = int(mine[0][1]) + amount  # type: ignore[call-overload]
        else:
            collections.append([seat, amount, 0, "whole"])
    for seat, amount, pot, share in collections:
        where = "pot" if len(pots) == 1 else ("main pot" if pot == 0 else f"side pot {pot}")
        if share in ("high", "low"):
            where += "(HI)" if share == "high" else "(LO)"
        lines.append(f"{names[int(seat)]} {words['collect']} {m(int(amount))} from {where}")  # type: ignore[call-overload]
    lines.append("*** SUMMARY ***")
    lines.append(f"Total pot {m(put - rake)} | " + (f"Rake {m(rake)}" if rake else "No rake"))
    for seat, amount, _, _ in collections:
        lines.append(f"Seat {seats[int(seat)]}: {names[int(seat)]} won {m(int(amount))}")  # type: ignore[call-overload]
    return "\n".join(lines) + "\n\n"


NAMES = ["Hero", "Player0", "jean pierre", "Amélie_75", "ko ko", "zed", "le_roi"]


def random_hands(n: int, seed: int, *, euros: bool = True, french: bool = False,
                 players: tuple[int, int] = (2, 6)) -> Iterator[str]:
    """``n`` hands played at random (the three stud games Winamax dealt),
    each as Winamax's text."""
    rng = random.Random(seed)
    for number in range(n):
        variant = rng.choice(list(GAMES))
        if euros:
            small = rng.choice([10, 50, 2500])
            rules = Rules(variant, small, ante=small // 5, bring_in=small * 2 // 5)
        else:
            small = rng.choice([40, 100])
            rules = Rules(variant, small, ante=small // 10, bring_in=small // 4)
        n_seats = rng.randint(*players)
        big = rules.big_bet
        stacks = [rng.randint(2, 10) * big + rng.randint(0, 9) if rng.random() < 0.2
                  else rng.randint(20, 100) * big for _ in range(n_seats)]
        rake = rng.choice([0, small // 10]) if euros else 0
        hand = play(rules, stacks, rng, rake=rake, muck=0.4)
        seats = sorted(rng.sample(range(1, 7), n_seats))
        names = rng.sample(NAMES, n_seats)
        yield winamax_text(hand, hand_id=f"9250793-{seed * 1000 + number}-1478990787",
                           names=names, seats=seats, hero=rng.choice([0, None, 1]),
                           euros=euros, french=french,
                           tournament=None if euros else "Sunday Stud")
