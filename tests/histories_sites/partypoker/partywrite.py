"""Writes engine hands in PartyPoker's text format, to make this format's
samples and the speed bench's file: ``party_text(hand, ...)``.

The hands are the engine's (``stud.Hand`` played to the end), so every
amount adds up and every card is unique; the text is written as
PartyPoker's client writes a stud hand (see
``stud.histories.sites.partypoker``): amounts each action adds, the hero's
cards, other players' up cards, wins per pot and half, no rake, no
uncalled bet, no summary.
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
    StreetStarted,
)
from stud.histories.record import options_for
from stud.histories.sites.partypoker import PARTYPOKER_PROFILE

from ..playing import play

GAMES = {Variant.SEVEN_CARD_STUD: "7 Card Stud", Variant.SEVEN_CARD_STUD_HILO: "7 Card Stud Hi-Lo"}
STREETS = {3: "** Dealing **", 4: "** Dealing Fourth street **", 5: "** Dealing Fifth street **",
           6: "** Dealing Sixth street **", 7: "** Dealing River **"}
DATE = "Wednesday, March 04, 21:15:01 EST 2009"


def money(cents: int, currency: str | None, whole_plain: bool = True) -> str:
    """``$1,234.50 USD`` for cents of a currency, ``1,500`` for chips."""
    if currency is None:
        return f"{cents:,}"
    sign = {"USD": "$", "EUR": "€"}[currency]
    if whole_plain and cents % 100 == 0:
        return f"{sign}{cents // 100:,} {currency}"
    return f"{sign}{cents // 100:,}.{cents % 100:02d} {currency}"


def party_rules(variant: Variant, small: int, ante: int, bring_in: int) -> Rules:
    return Rules(variant, small, ante=ante, bring_in=bring_in,
                 **options_for(PARTYPOKER_PROFILE, variant))


def party_text(hand: Hand, *, hand_id: int, names: Sequence[str], seats: Sequence[int],
               button: int, hero: int | None = 0, currency: str | None = "USD",
               table: str = "Blackpool", tournament: tuple[int, int] | None = None,
               all_in_words: bool = True, reveal_mucks: bool = True,
               max_seats: int = 8) -> str:
    """The hand (finished) as PartyPoker writes it.  ``seats``: the site's
    seat number of each engine seat (engine seat 0 sits left of ``button``);
    ``hero``: the engine seat whose down cards the file shows (None: none);
    ``tournament``: (id, level) for a tournament (amounts then in chips)."""
    rules = hand.rules
    amount = (lambda v: "[" + money(v, currency) + "]")
    lines = [f"Game #{hand_id} starts.", "", f"#Game No : {hand_id}",
             f"***** Hand History for Game {hand_id} *****"]
    game = GAMES[rules.variant]
    if tournament is None:
        sign = {"USD": "$", "EUR": "€"}[currency or "USD"]
        small, big = (money(v, currency).split()[0].lstrip(sign) for v in
                      (rules.small_bet, rules.big_bet))
        lines.append(f"{sign}{small}/{sign}{big} {currency} {game} - {DATE}")
        lines.append(f"Table {table} (Real Money)")
    else:
        tid, level = tournament
        lines.append(f"{game}  $10 USD Buy-in Trny:{tid} Level:{level}  Stakes-Antes("
                     f"{rules.small_bet:,}/{rules.big_bet:,} - {rules.ante:,}) - {DATE}")
        lines.append(f"Table #{tid % 97 + 1} (Real Money)")
    lines.append(f"Seat {button} is the button")
    lines.append(f"Total number of players : {hand.n_seats}/{max_seats}")
    for seat in range(hand.n_seats):
        lines.append(f"Seat {seats[seat]}: {names[seat]} ( {money(hand.starting_stacks[seat], currency)} )")
    stacks = list(hand.starting_stacks)
    bets = [0] * hand.n_seats
    cards: list[list[str]] = [[] for _ in range(hand.n_seats)]
    new: dict[int, list[tuple[str, bool]]] = {}
    street = 0
    decided = False

    def flush() -> None:
        for seat in sorted(new):
            got = new[seat]
            if seat == hero:
                shown = [c for c, _ in got]
            else:
                shown = [c for c, up in got if up]
            if shown:
                lines.append(f"Dealt to {names[seat]} [  {' '.join(shown)} ]")
        new.clear()

    pots = {}
    for event in hand.history:
        if isinstance(event, AntePosted):
            stacks[event.seat] -= event.amount
            lines.append(f"{names[event.seat]} posts ante {amount(event.amount)}")
        elif isinstance(event, StreetStarted):
            flush()
            street = event.street
            bets = [0] * hand.n_seats
            decided = False
            lines.append(STREETS[street])
        elif isinstance(event, CardDealt):
            new.setdefault(event.seat, []).append((str(event.card), event.face_up))
            cards[event.seat].append(str(event.card))
        elif isinstance(event, ActionTaken):
            flush()
            seat = event.seat
            kind, to = event.action
            name = names[seat]
            if kind is ActionKind.FOLD:
                lines.append(f"{name} folds")
            elif kind is ActionKind.CHECK:
                lines.append(f"{name} checks")
            else:
                added = to - bets[seat]
                bets[seat] = to
                stacks[seat] -= added
                if stacks[seat] == 0 and all_in_words and not (street == 3 and not decided):
                    verb = "is all-In"
                elif kind is ActionKind.BRING_IN:
                    verb = "bring-ins"
                elif kind is ActionKind.COMPLETE:
                    verb = "completes"
                elif kind is ActionKind.BET:
                    verb = "double bets" if street == 4 and to == rules.big_bet else "bets"
                elif kind is ActionKind.RAISE:
                    verb = "raises"
                else:
                    verb = "calls"
                lines.append(f"{name} {verb} {amount(added)}")
            decided = True
        elif isinstance(event, HandShown):
            flush()
            lines.append(f"{names[event.seat]} shows [ {', '.join(cards[event.seat])} ]")
        elif isinstance(event, HandMucked):
            flush()
            if reveal_mucks:
                lines.append(f"{names[event.seat]} doesn't show [ {', '.join(cards[event.seat])} ]")
            else:
                lines.append(f"{names[event.seat]} doesn't show")
        elif isinstance(event, PotAwarded):
            flush()
            pots[event.pot] = True
            where = "the main pot" if event.pot == 0 else f"side pot #{event.pot}"
            won = money(event.amount, currency)
            if tournament is not None:
                won += " chips"
            if event.share == "low":
                lines.append(f"{names[event.seat]} wins Lo ({won}) from {where}")
            else:
                lines.append(f"{names[event.seat]} wins {won} from {where}")
    flush()
    return "\n".join(lines) + "\n"


NAMES = ["alice", "bob smith", "carol_77", "Dédé", "eve", "frank", "gus", "hal"]


def random_hands(n: int, seed: int, *, currency: str | None = "USD",
                 players: tuple[int, int] = (2, 7)) -> Iterator[str]:
    """``n`` hands played at random (both of PartyPoker's stud games,
    cash in cents or tournament chips), each as PartyPoker's text."""
    rng = random.Random(seed)
    for number in range(n):
        variant = rng.choice(list(GAMES))
        if currency is None:
            small = rng.choice([20, 40, 100])
            rules = party_rules(variant, small, small // 4, small // 4)
        else:
            small = rng.choice([10, 50, 200, 1000])
            rules = party_rules(variant, small, small // 10, small // 4)
        n_seats = rng.randint(*players)
        big = rules.big_bet
        stacks = [rng.randint(2, 10) * big + rng.randint(0, 9) if rng.random() < 0.2
                  else rng.randint(20, 150) * big for _ in range(n_seats)]
        hand = play(rules, stacks, rng, muck=0.4)
        seats = sorted(rng.sample(range(1, 9), n_seats))
        button = seats[-1]
        names = rng.sample(NAMES, n_seats)
        yield party_text(hand, hand_id=1_000_000 + seed * 100_000 + number, names=names,
                         seats=seats, button=button, hero=rng.choice([0, None, 1]),
                         currency=currency,
                         tournament=None if currency is not None else (5551 + seed, 3),
                         reveal_mucks=rng.random() < 0.5)
