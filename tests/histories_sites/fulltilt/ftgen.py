"""Full Tilt hand histories written from hands the engine played: the
samples' generator (``python -m tests.histories_sites.fulltilt.ftgen``
rewrites samples/generated_*.txt) and the speed bench's file.

Each hand is played by ``stud.Hand`` under Full Tilt's rules
(``stud.histories.sites.fulltilt.PROFILE``) with random legal actions,
then written the way Full Tilt wrote its stud hands: the hero (seat 0)
sees his down cards, the others' show only at a showdown.
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
    RakeTaken,
    StreetStarted,
    UncalledBetReturned,
)
from stud.histories.sites.fulltilt import PROFILE

from ..playing import play

GAMES = {Variant.SEVEN_CARD_STUD: "Stud Hi", Variant.SEVEN_CARD_STUD_HILO: "Stud H/L",
         Variant.RAZZ: "Razz"}
NAMES = ("Hero", "sea otter", "Jürgen_K", "marlowe", "tess.d", "idle_guy77")
STREETS = {3: "3RD", 4: "4TH", 5: "5TH", 6: "6TH", 7: "7TH"}
SUITS = "cdhs"


def money(amount: int, currency: str | None) -> str:
    """An amount as Full Tilt writes it: $2, $0.40, $1,234.50; 1,500 chips."""
    if currency is None:
        return f"{amount:,}"
    sign = {"USD": "$", "EUR": "€", "GBP": "£"}[currency]
    whole, cents = divmod(amount, 100)
    return f"{sign}{whole:,}" + (f".{cents:02d}" if cents else "")


def write(hand: Hand, hand_id: int, *, currency: str | None, seats: list[int],
          table: str = "Hagan", tournament: int | None = None,
          sitting_out: tuple[int, str] | None = None, hero: int | None = 0) -> str:
    """One hand in Full Tilt's text (``seats``: the site's seat numbers)."""
    rules = hand.rules
    n = hand.n_seats
    names = NAMES[:n]
    m = lambda amount: money(amount, currency)  # noqa: E731
    stakes = f"{m(rules.small_bet)}/{m(rules.big_bet)}" + (
        f" Ante {m(rules.ante)}" if rules.ante else "")
    where = f"Table {table}" if tournament is None else (
        f"$10 + $1 Sit & Go ({tournament}), Table {table}")
    out = [f"Full Tilt Poker Game #{hand_id}: {where} - {stakes} - Limit "
           f"{GAMES[rules.variant]} - 12:22:17 ET - 2010/06/11"]
    stacks = list(hand.starting_stacks)
    listed = [(seats[s], f"Seat {seats[s]}: {names[s]} ({m(stacks[s])})") for s in range(n)]
    if sitting_out is not None:
        listed.append((sitting_out[0], f"Seat {sitting_out[0]}: {sitting_out[1]} ({m(500)}), "
                                       f"is sitting out"))
    out.extend(text for _, text in sorted(listed))
    cards: list[list[str]] = [[] for _ in range(n)]
    bets = [0] * n
    put_in = [0] * n
    folded_on: dict[int, int] = {}
    won = [0] * n
    shown: list[int] = []
    mucked: list[int] = []
    rake = 0
    street = 0
    dealt_now: dict[int, list[str]] = {}
    showdown_written = False
    awards: list[str] = []
    n_pots = max(1, len(hand.pots))

    def flush_deal() -> None:
        for seat in sorted(dealt_now):
            new = dealt_now[seat]
            before = cards[seat]
            if street == 3:
                if seat == hero:
                    out.append(f"Dealt to {names[seat]} [{new[0]} {new[1]}] [{new[2]}]")
                else:
                    out.append(f"Dealt to {names[seat]} [{new[2]}]")
            elif seat == hero:
                out.append(f"Dealt to {names[seat]} [{' '.join(before)}] [{new[0]}]")
            elif street < 7:
                up = before[2:]
                out.append(f"Dealt to {names[seat]} [{' '.join(up)}] [{new[0]}]")
            cards[seat] = before + new
        dealt_now.clear()

    history = hand.history
    for index, event in enumerate(history):
        kind = type(event)
        if kind is not CardDealt and dealt_now:
            flush_deal()
            if street == 3:
                low = next(e for e in history[index:] if type(e) is ActionTaken)
                word = "high" if rules.variant is Variant.RAZZ else "low"
                out.append(f"{names[low.seat]} is {word} with [{cards[low.seat][2]}]")
        if kind is AntePosted:
            if event.amount:
                stacks[event.seat] -= event.amount
                put_in[event.seat] += event.amount
                out.append(f"{names[event.seat]} antes {m(event.amount)}"
                           + (", and is all in" if stacks[event.seat] == 0 else ""))
        elif kind is StreetStarted:
            street = event.street
            bets = [0] * n
            out.append(f"*** {STREETS[street]} STREET ***")
        elif kind is CardDealt:
            dealt_now.setdefault(event.seat, []).append(str(event.card))
        elif kind is ActionTaken:
            seat = event.seat
            act, to = event.action
            chips = to - bets[seat]
            stacks[seat] -= chips
            put_in[seat] += chips
            bets[seat] = to
            if act is ActionKind.FOLD:
                text = "folds"
                folded_on[seat] = street
            elif act is ActionKind.CHECK:
                text = "checks"
            elif act is ActionKind.CALL:
                text = f"calls {m(chips)}"
            elif act is ActionKind.BRING_IN:
                text = f"brings in for {m(to)}"
            elif act is ActionKind.COMPLETE:
                text = f"completes it to {m(to)}"
            elif act is ActionKind.BET:
                text = f"bets {m(chips)}"
            else:
                text = f"raises to {m(to)}"
            if chips and stacks[seat] == 0:
                text += ", and is all in"
            out.append(f"{names[seat]} {text}")
        elif kind is UncalledBetReturned:
            stacks[event.seat] += event.amount
            put_in[event.seat] -= event.amount
            bets[event.seat] -= event.amount
            out.append(f"Uncalled bet of {m(event.amount)} returned to {names[event.seat]}")
        elif kind is HandShown or kind is HandMucked:
            if not showdown_written:
                out.append("*** SHOW DOWN ***")
                showdown_written = True
            if kind is HandShown:
                shown.append(event.seat)
                all_cards = " ".join(str(c) for c in hand.down_cards(event.seat)[:2]) + " " + \
                    " ".join(str(c) for c in hand.up_cards(event.seat)) + (
                        " " + str(hand.down_cards(event.seat)[2])
                        if len(hand.down_cards(event.seat)) > 2 else "")
                out.append(f"{names[event.seat]} shows [{all_cards.strip()}]")
            else:
                mucked.append(event.seat)
                out.append(f"{names[event.seat]} mucks")
        elif kind is RakeTaken:
            rake += event.amount
        elif kind is PotAwarded:
            seat = event.seat
            if not event.amount:
                continue
            won[seat] += event.amount
            if event.share == "high":
                where_ = "the high pot"
            elif event.share == "low":
                where_ = "the low pot"
            elif n_pots == 1:
                where_ = "the pot"
            elif event.pot == 0:
                where_ = "the main pot"
            else:
                where_ = f"side pot #{event.pot}"
            if not showdown_written and seat not in folded_on and not awards:
                out.append(f"{names[seat]} mucks")
            awards.append(f"{names[seat]} wins {where_} ({m(event.amount)})")
    out.extend(awards)
    out.append("*** SUMMARY ***")
    out.append(f"Total pot {m(sum(put_in))} | Rake {m(rake)}")
    for seat in range(n):
        head = f"Seat {seats[seat]}: {names[seat]}"
        if seat in folded_on:
            out.append(f"{head} folded on {STREETS[folded_on[seat]].lower()} St.")
        elif seat in shown:
            out.append(f"{head} showed and " + (f"won ({m(won[seat])})" if won[seat] else "lost"))
        elif won[seat]:
            out.append(f"{head} collected ({m(won[seat])}), mucked")
        else:
            out.append(f"{head} mucked")
    return "\n".join(out) + "\n"


def hands(n: int, seed: int, *, currency: str | None = "USD",
          variants: tuple[Variant, ...] = tuple(GAMES), short: float = 0.15,
          tournament: bool = False, rake: bool = True) -> Iterator[tuple[Hand, str]]:
    """n hands (the engine's and the text), seeded."""
    rng = random.Random(seed)
    for number in range(n):
        variant = variants[number % len(variants)]
        if tournament:
            small = rng.choice([30, 60, 100, 400, 1000])
            rules = Rules(variant, small, ante=small // 10, bring_in=small // 4, **PROFILE)
        else:
            small = rng.choice([10, 20, 40, 200, 300])
            rules = Rules(variant, small, ante=small // 5, bring_in=small // 4, **PROFILE)
        players = rng.randint(2, 6)
        big = rules.big_bet
        stacks = [rng.randint(2, 10) * big + rng.randint(0, big) if rng.random() < short
                  else rng.randint(20, 150) * big for _ in range(players)]
        hand = play(rules, stacks, rng, rake=rng.choice([0, 1, 2, 3]) if rake else 0)
        seats = sorted(rng.sample(range(1, 9), players))
        free = [s for s in range(1, 9) if s not in seats]
        sitting_out = (free[0], "Gone Fishin") if free and rng.random() < 0.2 else None
        text = write(hand, 30_000_000_000 + seed * 100_000 + number,
                     currency=None if tournament else currency, seats=seats,
                     table="Kenai" if not tournament else str(rng.randint(1, 9)),
                     tournament=seed * 1000 + 7 if tournament else None,
                     sitting_out=sitting_out)
        yield hand, text


def main() -> None:
    here = Path(__file__).parent / "samples"
    sets = {"generated_cash_usd.txt": dict(currency="USD"),
            "generated_cash_eur.txt": dict(currency="EUR"),
            "generated_tournament.txt": dict(tournament=True)}
    for index, (name, options) in enumerate(sets.items()):
        text = "\n\n\n".join(t for _, t in hands(40, 11 + index, **options))  # type: ignore[arg-type]
        (here / name).write_text(text, encoding="utf-8", newline="\n")


if __name__ == "__main__":
    main()
