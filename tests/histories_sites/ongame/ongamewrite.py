"""Writes engine hands in OnGame's text format, to make this format's
samples and the speed bench's file: ``ongame_text(hand, ...)``.

The hands are the engine's (``stud.Hand`` played to the end), so every
amount adds up and every card is unique; the text is written as OnGame's
client writes a stud hand (see ``stud.histories.sites.ongame``): the
currency sign before the number, ``small bring in`` / ``big bring in``,
raises by their total, pots before the rake with each share after it, no
uncalled bet, the shown cards and each seat's net in the summary.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from stud import ActionKind, Hand, Rules, Variant
from stud.game import (
    ActionTaken,
    AntePosted,
    CardDealt,
    HandShown,
    PotAwarded,
    RakeTaken,
    StreetStarted,
    UncalledBetReturned,
)

from ..playing import play

GAMES = {Variant.SEVEN_CARD_STUD: "SEVEN_CARD_STUD",
         Variant.SEVEN_CARD_STUD_HILO: "SEVEN_CARD_STUD_HI_LO", Variant.RAZZ: "RAZZ"}
STREETS = {3: "Dealing pocket cards", 4: "--- Dealing 4th street", 5: "--- Dealing 5th street",
           6: "--- Dealing 6th street", 7: "--- Dealing river"}


def money(value: int, sign: str | None) -> str:
    if sign is None:
        return f"{value}" if value >= 0 else f"-{-value}"
    minus = "-" if value < 0 else ""
    value = abs(value)
    return f"{minus}{sign}{value // 100}.{value % 100:02d}"


def ongame_text(hand: Hand, *, hand_id: str, names: Sequence[str], seats: Sequence[int],
                hero: int | None = 0, sign: str | None = "$", table: str = "Bonn",
                tournament: str | None = None) -> str:
    """The hand (finished) as OnGame writes it; ``sign``: the currency
    sign ("$", "€", "£"), None for tournament chips."""
    rules = hand.rules
    m = (lambda v: money(v, sign))
    head = f"***** History for hand {hand_id}"
    if tournament is not None:
        head += f' (TOURNAMENT: "{tournament}", S-1556-758114, buy-in: €3)'
    lines = [head + " *****", "Start hand: Wed Aug 18 19:29:10 GMT+0100 2010",
             f"Table: {table} [75443872] (LIMIT {GAMES[rules.variant]} {m(rules.small_bet)}/"
             f"{m(rules.big_bet)}, ante: {m(rules.ante)}, "
             f"{'Real money' if sign else 'Chips'})",
             f"Players in round: {hand.n_seats}"]
    for seat in range(hand.n_seats):
        lines.append(f"Seat {seats[seat]}: {names[seat]} ({m(hand.starting_stacks[seat])})")
    stacks = list(hand.starting_stacks)
    bets = [0] * hand.n_seats
    put = [0] * hand.n_seats
    cards: list[list[str]] = [[] for _ in range(hand.n_seats)]
    new: dict[int, list[tuple[str, bool]]] = {}
    shown: set[int] = set()
    awards: list[tuple[int, int, int, str]] = []
    returned = [0] * hand.n_seats
    rake = 0
    street = 0
    first_decision = False

    def flush() -> None:
        for seat in sorted(new):
            got = [c for c, up in new[seat] if up or seat == hero]
            if got:
                lines.append(f"Dealing to {names[seat]}: [{', '.join(got)}]")
        new.clear()

    for event in hand.history:
        if isinstance(event, AntePosted):
            stacks[event.seat] -= event.amount
            put[event.seat] += event.amount
            lines.append(f"{names[event.seat]} posts ante {m(event.amount)}")
        elif isinstance(event, StreetStarted):
            flush()
            street = event.street
            bets = [0] * hand.n_seats
            if street == 3:
                lines.append("---")
                first_decision = True
            lines.append(STREETS[street])
        elif isinstance(event, CardDealt):
            cards[event.seat].append(str(event.card))
            new.setdefault(event.seat, []).append((str(event.card), event.face_up))
        elif isinstance(event, ActionTaken):
            flush()
            seat, (action, to) = event.seat, event.action
            name = names[seat]
            opening = first_decision
            first_decision = False
            if action is ActionKind.FOLD:
                lines.append(f"{name} folds")
                continue
            if action is ActionKind.CHECK:
                lines.append(f"{name} checks")
                continue
            added = to - bets[seat]
            bets[seat] = to
            stacks[seat] -= added
            put[seat] += added
            tail = " [all in]" if stacks[seat] == 0 else ""
            if action is ActionKind.BRING_IN:
                text = f"small bring in {m(added)}"
            elif action is ActionKind.COMPLETE and opening:
                text = f"big bring in {m(added)}"
            elif action is ActionKind.CALL:
                text = f"calls {m(added)}"
            elif action is ActionKind.BET:
                text = f"bets {m(added)}"
            else:
                text = f"raises {m(added)} to {m(to)}"
            lines.append(f"{name} {text}{tail}")
        elif isinstance(event, HandShown):
            flush()
            shown.add(event.seat)
        elif isinstance(event, UncalledBetReturned):
            returned[event.seat] += event.amount
        elif isinstance(event, RakeTaken):
            rake += event.amount
        elif isinstance(event, PotAwarded):
            awards.append((event.pot, event.seat, event.amount, event.share))
    flush()
    lines.append("---")
    lines.append("Summary:")
    # each pot: what it held before the rake, each share after it (the rake
    # taken from the main pot's line)
    by_pot: dict[int, list[tuple[int, int, str]]] = {}
    for pot, seat, amount, share in awards:
        by_pot.setdefault(pot, []).append((seat, amount, share))
    won = [0] * hand.n_seats
    for index, pot in enumerate(sorted(by_pot)):
        shares = by_pot[pot]
        held = sum(a for _, a, _ in shares) + (rake if index == 0 else 0)
        parts = []
        for seat, amount, share in shares:
            won[seat] += amount
            half = {"high": " High", "low": " Low"}.get(share, "")
            parts.append(f"{names[seat]} ({m(amount)}{half})")
        label = "Main pot" if index == 0 else f"Side pot {index}"
        lines.append(f"{label}: {m(held)} won by {', '.join(parts)}")
    lines.append(f"Rake taken: {m(rake)}")
    for seat in range(hand.n_seats):
        net = won[seat] - (put[seat] - returned[seat])
        sign_ = "+" if net >= 0 else ""
        text = f"Seat {seats[seat]}: {names[seat]} ({m(hand.stacks[seat])}), net: {sign_}{m(net)}"
        if seat in shown:
            text += f", [{', '.join(cards[seat])}]"
        lines.append(text)
    lines.append(f"***** End of hand {hand_id} *****")
    return "\n".join(lines) + "\n"


NAMES = ["BONUS 1OOO", "Tiresias.", "mleo17", "sagi34", "maac_5", "kliketiklok", "Kåre"]


def random_hands(n: int, seed: int, *, sign: str | None = "$",
                 players: tuple[int, int] = (2, 7)) -> Iterator[str]:
    """``n`` hands played at random (the three stud games OnGame dealt)."""
    rng = random.Random(seed)
    for number in range(n):
        variant = rng.choice(list(GAMES))
        if sign is not None:
            small = rng.choice([10, 50, 200])
            rules = Rules(variant, small, ante=small // 10, bring_in=small // 5)
        else:
            small = rng.choice([40, 100])
            rules = Rules(variant, small, ante=small // 10, bring_in=small // 4)
        n_seats = rng.randint(*players)
        big = rules.big_bet
        stacks = [rng.randint(2, 10) * big + rng.randint(0, 9) if rng.random() < 0.2
                  else rng.randint(20, 100) * big for _ in range(n_seats)]
        rake = rng.choice([0, small // 10]) if sign is not None else 0
        hand = play(rules, stacks, rng, rake=rake, muck=0.4)
        seats = sorted(rng.sample(range(1, 9), n_seats))
        names = rng.sample(NAMES, n_seats)
        prefix = "R5" if sign is not None else "T5"
        yield ongame_text(hand, hand_id=f"{prefix}-75443872-{seed * 1000 + number}",
                          names=names, seats=seats, hero=rng.choice([0, None, 1]), sign=sign,
                          tournament=None if sign is not None else "Stud Sunday")
