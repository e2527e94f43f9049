"""Winning Poker Network hands written from engine hands, in the network's
two text formats: ``write_new`` (``Hand #N - 7Stud(Fixed Limit) - ...``,
the software of 2019 on) and ``write_old`` (``Game ID: N ...``, the older
software).  The hand is played by the engine first, so every sample written
here is consistent: the reader must give back a record that replays to the
chip.  ``random_hand`` plays a seeded hand with random decisions.

    python tests/histories_sites/wpn/wpn_gen.py      # rewrites samples/generated_*.txt
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

from stud import Hand, Rules, Variant
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
from stud.histories.record import options_for

PROFILE: dict[str, Any] = {"odd_chip_half": "low"}

NEW_GAMES = {Variant.SEVEN_CARD_STUD: "7Stud", Variant.SEVEN_CARD_STUD_HILO: "7Stud H/L"}
OLD_GAMES = {Variant.SEVEN_CARD_STUD: "Seven Cards Stud",
             Variant.SEVEN_CARD_STUD_HILO: "Seven Cards Stud HiLow"}
NAMES = ("ann", "Bob Marley", "cé_line", "dan_99", "Éric", "fish 4 you", "gus", "Hélène")
STREET_WORDS = {3: "3rd", 4: "4th", 5: "5th", 6: "6th", 7: "7th"}
OLD_MARKERS = {4: "*** Third street ***", 5: "*** Fourth street ***",
               6: "*** Fifth street ***", 7: "*** Sixth street ***"}


def random_hand(rng: random.Random, *, variant: Variant | None = None, n: int | None = None,
                money: bool = True, short: bool = False,
                profile: dict[str, Any] | None = None,
                variants: tuple[Variant, ...] | None = None) -> Hand:
    """A finished engine hand of seeded random play (short: a short stack
    now and then, for all-ins and side pots; ``profile``: the rules'
    options, Winning's by default; ``variants``: the games to choose from)."""
    if variant is None:
        variant = rng.choice(list(variants or NEW_GAMES))
    if n is None:
        n = rng.randint(2, 7)  # (eight players can run out of cards: not written)
    small = rng.choice((10, 20, 50, 100)) if money else rng.choice((100, 200, 400))
    rules = Rules(variant, small, ante=small // 5, bring_in=small // 2,
                  **options_for(PROFILE if profile is None else profile, variant))
    stacks = [rng.randint(small * 5, small * 60) for _ in range(n)]
    if short:
        for seat in rng.sample(range(n), rng.randint(1, max(1, n // 2))):
            stacks[seat] = rng.randint(small // 5 + 1, small * 3)
    rake = rng.choice((0, 0, 1, 2, 5)) if money else 0
    hand = Hand(rules, stacks, seed=rng.randrange(1 << 30), rake=rake)
    while not hand.is_over:
        legal = hand.legal_actions()
        weights = []
        for action in legal:
            kind = action[0].name
            weights.append({"FOLD": 1, "CHECK": 4, "CALL": 5, "BRING_IN": 5,
                            "COMPLETE": 2, "BET": 3, "RAISE": 1.5}.get(kind, 1))
        hand.act(rng.choices(legal, weights)[0])
    return hand


def money_text(amount: int, money: bool, *, symbol: str = "$", commas: bool = True) -> str:
    whole, cents = divmod(amount, 100)
    if not money:
        return f"{amount:,}.00" if commas else f"{amount}.00"
    number = f"{whole:,}" if commas else str(whole)
    return f"{symbol}{number}.{cents:02d}"


def _plain(amount: int, money: bool) -> str:
    """The old format's amounts: 0.5 as 0.50, whole dollars as 5, chips as 420."""
    if not money:
        return str(amount)
    whole, cents = divmod(amount, 100)
    return f"{whole}.{cents:02d}" if cents else str(whole)


def _card(card: Any, old: bool) -> str:
    text = str(card)
    return "10" + text[1] if old and text[0] == "T" else text


class _Walk:
    """What the writers need from an engine hand, event by event."""

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        n = hand.n_seats
        self.n = n
        self.cards: list[list[tuple[Any, bool]]] = [[] for _ in range(n)]
        self.put_in = [0] * n
        self.returned = [0] * n
        self.awarded = [0] * n
        self.rake = 0
        self.shown: dict[int, Any] = {}
        self.mucked: set[int] = set()
        self.folded: dict[int, int] = {}
        self.returned_said: set[int] = set()
        for event in hand.history:
            if isinstance(event, CardDealt):
                self.cards[event.seat].append((event.card, event.face_up))
            elif isinstance(event, AntePosted):
                self.put_in[event.seat] += event.amount
            elif isinstance(event, UncalledBetReturned):
                self.returned[event.seat] += event.amount
            elif isinstance(event, PotAwarded):
                self.awarded[event.seat] += event.amount
            elif isinstance(event, RakeTaken):
                self.rake += event.amount
            elif isinstance(event, HandShown):
                self.shown[event.seat] = event.cards
            elif isinstance(event, HandMucked):
                self.mucked.add(event.seat)
        street = 0
        bets = [0] * n
        for event in hand.history:
            if isinstance(event, StreetStarted):
                street, bets = event.street, [0] * n
            elif isinstance(event, ActionTaken):
                kind, to = event.action
                self.put_in[event.seat] += to - bets[event.seat]
                bets[event.seat] = to
                if kind.name == "FOLD":
                    self.folded[event.seat] = street


def write_new(hand: Hand, *, hand_id: int, names: tuple[str, ...] | None = None,
              seats: tuple[int, ...] | None = None, money: bool = True, table: str = "Ohio",
              tournament: int | None = None, hero: int | None = 0, uncalled_line: bool = True,
              sitting_out: str | None = None, commas: bool = True,
              date: str = "2021/03/04 05:06:07 UTC") -> str:
    """The hand in the newer format (lines joined with \\n, a blank line after)."""
    rules, n = hand.rules, hand.n_seats
    walk = _Walk(hand)
    names = names or NAMES[:n]
    seats = seats or tuple(range(1, n + 1))

    def amt(amount: int) -> str:
        return money_text(amount, money, commas=commas)

    big = rules.big_bet
    assert big is not None
    stakes = f"{amt(rules.small_bet)}/{amt(big)}"
    game = f"{NEW_GAMES[rules.variant]}(Fixed Limit)"
    if tournament is not None:
        head = f"Game Hand #{hand_id} - Tournament #{tournament} - {game} - Level 3 ({stakes})- {date}"
    else:
        head = f"Hand #{hand_id} - {game} - {stakes} - {date}"
    out = [head, f"Table '{table}' 8-max"]
    for seat in range(n):
        out.append(f"Seat {seats[seat]}: {names[seat]} ({amt(hand.starting_stacks[seat])})")
    if sitting_out:
        out.append(f"Seat {max(seats) + 1}: {sitting_out} ({amt(big * 10)}) "
                   f"is sitting out")
    stacks = list(hand.starting_stacks)
    bets = [0] * n
    visible: list[list[str]] = [[] for _ in range(n)]
    dealt_on: list[list[str]] = [[] for _ in range(n)]
    street = 0
    for event in hand.history:
        if isinstance(event, AntePosted) and event.amount:
            stacks[event.seat] -= event.amount
            out.append(f"{names[event.seat]} posts ante {amt(event.amount)}"
                       + (" and is all-in" if stacks[event.seat] == 0 else ""))
        elif isinstance(event, StreetStarted):
            _flush_new(out, street, dealt_on, visible, names, hero)
            street, bets = event.street, [0] * n
            out.append(f"*** {STREET_WORDS[street]} STREET ***")
        elif isinstance(event, CardDealt):
            dealt_on[event.seat].append(("u" if event.face_up else "d") + str(event.card))
        elif isinstance(event, ActionTaken):
            _flush_new(out, street, dealt_on, visible, names, hero)
            seat = event.seat
            kind, to = event.action
            name, top = kind.name, max(bets)
            chips = to - bets[seat]
            stacks[seat] -= chips
            bets[seat] = to
            if name == "FOLD":
                text = "folds"
            elif name == "CHECK":
                text = "checks"
            elif name == "CALL":
                text = f"calls {amt(chips)}"
            elif name == "BRING_IN":
                text = f"brings in {amt(to)}"
            elif top == 0:
                text = f"bets {amt(to)}"
            else:
                text = f"raises {amt(to - top)} to {amt(to)}"
            if chips and stacks[seat] == 0:
                text += " and is all-in"
            out.append(f"{names[seat]} {text}")
        elif isinstance(event, UncalledBetReturned) and (
                uncalled_line or not walk.awarded[event.seat]):
            # (left out, it is counted in what its owner won: only a winner's)
            walk.returned_said.add(event.seat)
            out.append(f"Uncalled bet ({amt(event.amount)}) returned to {names[event.seat]}")
    _flush_new(out, street, dealt_on, visible, names, hero)
    if walk.shown or walk.mucked:
        out.append("*** SHOW DOWN ***")
    out.append("*** SUMMARY ***")
    total = sum(walk.put_in) - sum(walk.returned)
    out.append(f"Total pot {amt(total)} | Rake {amt(walk.rake)}")
    for seat in range(n):
        head = f"Seat {seats[seat]}: {names[seat]}"
        won = walk.awarded[seat] + (0 if seat in walk.returned_said else walk.returned[seat])
        if seat in walk.folded:
            out.append(f"{head} folded on the {STREET_WORDS[walk.folded[seat]]} Street")
        elif seat in walk.shown:
            cards = " ".join(str(c) for c, _ in walk.cards[seat])
            tail = f"won {amt(won)}" if won else "lost"
            out.append(f"{head} showed [{cards}] and {tail}")
        elif seat in walk.mucked:
            out.append(f"{head} mucked")
        else:
            out.append(f"{head} did not show and won {amt(won)}")
    return "\n".join(out) + "\n\n"


def _flush_new(out: list[str], street: int, dealt_on: list[list[str]],
               visible: list[list[str]], names: tuple[str, ...], hero: int | None) -> None:
    """The ``Dealt to`` lines of the cards dealt since the last flush."""
    for seat, cards in enumerate(dealt_on):
        if not cards:
            continue
        if seat == hero:
            new = [c[1:] for c in cards]
        else:
            new = [c[1:] for c in cards if c[0] == "u"]
        dealt_on[seat] = []
        if not new:
            continue
        if visible[seat]:
            out.append(f"Dealt to {names[seat]} [{' '.join(visible[seat])}] [{' '.join(new)}]")
        else:
            out.append(f"Dealt to {names[seat]} [{' '.join(new)}]")
        visible[seat].extend(new)


def write_old(hand: Hand, *, hand_id: int, names: tuple[str, ...] | None = None,
              seats: tuple[int, ...] | None = None, money: bool = True, table: str = "Ohio",
              hero: int | None = 0, date: str = "2014/5/6 7:08:09") -> str:
    """The hand in the older format (lines joined with \\n, a blank line after)."""
    rules, n = hand.rules, hand.n_seats
    walk = _Walk(hand)
    names = names or NAMES[:n]
    seats = seats or tuple(range(1, n + 1))

    def amt(amount: int) -> str:
        return _plain(amount, money)

    out = [f"Game started at: {date}",
           f"Game ID: {hand_id} {amt(rules.small_bet)}/{amt(rules.big_bet or 0)} {table} "
           f"({OLD_GAMES[rules.variant]})"]
    for seat in range(n):
        out.append(f"Seat {seats[seat]}: {names[seat]} ({amt(hand.starting_stacks[seat])}).")
    bets = [0] * n
    stacks = list(hand.starting_stacks)
    for event in hand.history:
        if isinstance(event, AntePosted) and event.amount:
            stacks[event.seat] -= event.amount
            out.append(f"Player {names[event.seat]} ante ({amt(event.amount)})")
        elif isinstance(event, StreetStarted):
            bets = [0] * n
            if event.street in OLD_MARKERS:
                out.append(OLD_MARKERS[event.street])
        elif isinstance(event, CardDealt):
            if event.face_up or event.seat == hero:
                out.append(f"Player {names[event.seat]} received card: "
                           f"[{_card(event.card, True)}]")
        elif isinstance(event, ActionTaken):
            seat = event.seat
            kind, to = event.action
            name, top = kind.name, max(bets)
            chips = to - bets[seat]
            bets[seat] = to
            stacks[seat] -= chips
            left = stacks[seat]
            if name == "FOLD":
                text = "folds"
            elif name == "CHECK":
                text = "checks"
            elif chips and left == 0:
                text = f"allin ({amt(chips)})"
            elif name == "CALL":
                text = f"calls ({amt(chips)})"
            elif name == "BRING_IN":
                text = f"bring in ({amt(to)})"
            elif top == 0:
                text = f"bets ({amt(chips)})"
            else:
                text = f"raises ({amt(chips)})"
            out.append(f"Player {names[seat]} {text}")
    out.append("------ Summary ------")
    for seat in range(n):
        bet = walk.put_in[seat]
        got = walk.awarded[seat] + walk.returned[seat]
        net = got - bet
        tally = f"Bets: {amt(bet)}. Collects: {amt(got)}. " + (
            f"Wins: {amt(net)}." if net >= 0 else f"Loses: {amt(-net)}.")
        star = "*" if walk.awarded[seat] else ""
        if seat in walk.shown:
            cards = " ".join(_card(c, True) for c, _ in walk.cards[seat])
            out.append(f"{star}Player {names[seat]} shows: {_word(walk, seat)} [{cards}]. {tally}")
        elif seat in walk.mucked:
            out.append(f"Player {names[seat]} mucks (does not show cards). {tally}")
        else:
            out.append(f"{star}Player {names[seat]} does not show cards.{tally}")
    out.append(f"Game ended at: {date}")
    return "\n".join(out) + "\n\n"


def _word(walk: _Walk, seat: int) -> str:
    return "Hand"


def generated(count: int, seed: int, *, old: bool, hero: int | None = 0) -> str:
    """``count`` seeded random hands in one format: both games, cash and
    tournament, short stacks now and then (``hero`` None: nobody's down
    cards shown, as a hand watched from the rail)."""
    rng = random.Random(seed)
    parts = []
    for index in range(count):
        money = index % 3 != 2
        hand = random_hand(rng, money=money, short=index % 4 == 3)
        parts.append(_write(rng, hand, index, old=old, money=money, hero=hero))
    return "".join(parts)


def _write(rng: random.Random, hand: Hand, index: int, *, old: bool, money: bool,
           hero: int | None) -> str:
    seats = tuple(sorted(rng.sample(range(1, 9), hand.n_seats)))
    if old:
        return write_old(hand, hand_id=300000 + index, seats=seats, money=money, hero=hero,
                         table="Ohio" if money else "$5 Regular 8-Max, Table 1")
    return write_new(hand, hand_id=900000 + index, seats=seats, money=money, hero=hero,
                     tournament=None if money else 777, uncalled_line=index % 5 != 4)


def odd_chip_hands(count: int, seed: int, *, old: bool) -> str:
    """Stud/8 hands whose split pot has an odd chip (the low half takes it
    on Winning): ``count`` of them."""
    rng = random.Random(seed)
    parts: list[str] = []
    index = 0
    while len(parts) < count:
        index += 1
        hand = random_hand(rng, variant=Variant.SEVEN_CARD_STUD_HILO, n=rng.randint(2, 4),
                           money=True)
        halves: dict[int, set[str]] = {}
        for event in hand.history:
            if isinstance(event, PotAwarded) and event.share in ("high", "low"):
                halves.setdefault(event.pot, set()).add(event.share)
        pots = [pot for pot in hand.pots if len(halves.get(hand.pots.index(pot), ())) == 2]
        if any(pot.amount % 2 for pot in pots) and hand.rake == 0:
            parts.append(_write(rng, hand, index, old=old, money=True, hero=0))
    return "".join(parts)


if __name__ == "__main__":
    here = Path(__file__).parent / "samples"
    here.mkdir(exist_ok=True)
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    (here / "generated_new.txt").write_text(generated(count, 1, old=False), encoding="utf-8")
    (here / "generated_old.txt").write_text(generated(count, 2, old=True), encoding="utf-8")
    (here / "observer_new.txt").write_text(generated(30, 3, old=False, hero=None),
                                           encoding="utf-8")
    (here / "observer_old.txt").write_text(generated(30, 4, old=True, hero=None),
                                           encoding="utf-8")
    (here / "odd_chip_new.txt").write_text(odd_chip_hands(3, 5, old=False), encoding="utf-8")
    (here / "odd_chip_old.txt").write_text(odd_chip_hands(3, 6, old=True), encoding="utf-8")
