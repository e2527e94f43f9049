"""OnGame's text hand histories of the stud games (the OnGame network's
rooms: PokerRoom, bwin, Betsson and others).

The format
----------
A hand lies between ``***** History for hand R5-75443872-57 *****`` (a
tournament's adds ``(TOURNAMENT: "Name", S-1556-758114, buy-in: €3)``) and
``***** End of hand R5-75443872-57 *****``::

    Start hand: Wed Aug 18 19:29:10 GMT+0100 2010
    Table: Bonn [75443872] (LIMIT SEVEN_CARD_STUD $0.50/$1, ante: $0.05, Real money)
    Players in round: 4
    Seat 1: alice ($10.50)
    alice posts ante $0.05
    ---
    Dealing pocket cards
    Dealing to alice: [Ah, Kd, 7c]
    Dealing to bob: [9h]
    bob small bring in $0.10
    carol raises $0.50 to $0.50
    --- Dealing 4th street
    ...
    --- Dealing river
    ---
    Summary:
    Main pot: $3.57 won by carol ($3.40)
    Rake taken: $0.17
    Seat 3: carol ($12.40), net: +$2.57, [Qs, Qd, 9c, 5h, 5d, 2s, 3c] (TWO_PAIR QUEEN, FIVE)

The games: ``SEVEN_CARD_STUD``, ``SEVEN_CARD_STUD_HI_LO`` and ``RAZZ``,
``LIMIT``; the stakes are the small and the big bet, the ante follows.
Amounts carry the currency sign before the number (``$``, ``€``, ``£``);
tournament tables (``Chips``) have none.

Quirks
------
- ``small bring in`` is the bring-in; ``big bring in``: the player due to
  bring in completes at once.
- ``raises $0.40 to $0.50``: only the ``to`` amount is read (the first
  number is what the player pushed, not the raise's size); ``calls`` and
  ``bets`` name what they add.  ``[all in]`` (or ``and is all-in``) may
  follow an action.
- ``Main pot: $X won by name ($Y)`` states the pot *before* the rake and
  each share *after* it (``$Y High``, ``$Y Low`` for the halves); ``Rake
  taken:`` gives the rake; the pots leave out the uncalled bet, which the
  files never write.  ``net:`` in the summary's seat lines is checked
  against what each player put in and won.
- Hole cards shown at the showdown appear in the summary's seat lines (or
  a ``shows [...]`` line): they become ``Showed`` steps.

What the files never say: the uncalled bet, and other players' down cards
unless shown (docs/rules.md 11.4).  A hand with no ``Summary:`` pot line
is cut short (an error).

The profile
-----------
None of the options of docs/rules.md 11.3: the seeds' rules.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any, Union

from ..._core import Card, _checked_stacks
from ...enums import Variant
from ..errors import HistoryError
from ..record import (
    Acted,
    Dealt,
    HandRecord,
    Move,
    Showed,
    Source,
    Step,
    _cached_rules,
    _trusted,
    options_for,
)
from . import SiteFormat

__all__ = ["FORMAT", "ONGAME_PROFILE", "OnGameReader"]

#: OnGame's table rules: the seeds' (no option of docs/rules.md 11.3)
ONGAME_PROFILE: dict[str, Any] = {}

_OPEN = re.compile(r"\*{5} History for hand (?P<hid>[\w-]+)(?P<tour> \(TOURNAMENT:.*\))? \*{5}$")
_CLOSE = re.compile(r"\*{5} End of hand [\w-]+ \*{5}$")
_TABLE = re.compile(r"Table: (?P<name>.*?) \[(?P<no>\d+)\] \((?P<limit>\w+) (?P<game>\w+) "
                    r"(?P<small>[$€£]?[\d.,]+)/(?P<big>[$€£]?[\d.,]+)"
                    r"(?:, ante: (?P<ante>[$€£]?[\d.,]+))?, (?P<money>[^)]*)\)$")
_GAMES = {"SEVEN_CARD_STUD": Variant.SEVEN_CARD_STUD,
          "SEVEN_CARD_STUD_HI_LO": Variant.SEVEN_CARD_STUD_HILO, "RAZZ": Variant.RAZZ}
_SEAT = re.compile(r"Seat (?P<num>\d+): (?P<name>.+) \((?P<stack>[$€£]?[\d.,]+)\)$")
_STREETS = {"Dealing pocket cards": 3, "--- Dealing 4th street": 4,
            "--- Dealing 5th street": 5, "--- Dealing 6th street": 6,
            "--- Dealing river": 7, "--- Dealing 7th street": 7}
_DEALT = re.compile(r"(?:Dealing to|New hand for) (?P<name>.+?): \[(?P<cards>[^\]]*)\]$")
_VERBS = {"posts ante": "ante", "small bring in": "bring_in", "big bring in": "complete",
          "bets": "bet", "raises": "raise", "calls": "call", "checks": "check",
          "folds": "fold", "shows": "show", "mucks": "muck", "doesn't show": "muck"}
_ACTION = re.compile(r"(?P<name>.+?) (?P<verb>" + "|".join(map(re.escape, _VERBS))
                     + r")(?P<rest>(?: .*)?)$")
_ACTION_GREEDY = re.compile(r"(?P<name>.+) (?P<verb>" + "|".join(map(re.escape, _VERBS))
                            + r")(?P<rest>(?: .*)?)$")
_NUM = r"[$€£]?-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?"
_AMOUNT = re.compile(r"\s*\(?(?P<num>" + _NUM + r")\)?")
_RAISE_TO = re.compile(r".*? to (?P<num>" + _NUM + r")")
_POT = re.compile(r"(?:Main pot|Side pot(?: \d+)?): (?P<pot>" + _NUM + r") won by (?P<won>.*)$")
_SHARE = re.compile(r"\s*(?P<name>.+?) \((?P<num>" + _NUM + r")(?: (?P<half>High|Low))?\)$")
_RAKE = re.compile(r"Rake taken: (?P<num>" + _NUM + r")$")
_SUMMARY_SEAT = re.compile(r"Seat (?P<num>\d+): (?P<name>.+?) \((?P<stack>" + _NUM + r")\)"
                           r"(?:, net: (?P<net>[-+]?" + _NUM + r"))?"
                           r"(?:, \[(?P<cards>[^\]]*)\])?.*$")
_SHOWN = re.compile(r"\s*\[(?P<cards>[^\]]*)\]")
_NOISE = re.compile(r".+ (?:sits out|is sitting out|has joined the table|has left the table|"
                    r"is disconnected|is reconnected|timed out).*$|User: .*$|Button: .*$|"
                    r"Start hand: .*$|Players in round: .*$")
_RANKS = "23456789TJQKA"
_SUITS = "cdhs"


class _Fail(Exception):
    def __init__(self, line: int, reason: str) -> None:
        super().__init__(reason)
        self.line = line
        self.reason = reason


class _Skip(Exception):
    pass


_CARD_CACHE: dict[str, Card] = {}


def _card(token: str, line: int) -> Card:
    card = _CARD_CACHE.get(token)
    if card is not None:
        return card
    text = token.strip()
    if text.startswith("10"):
        text = "T" + text[2:]
    if len(text) != 2 or text[0].upper() not in _RANKS or text[1].lower() not in _SUITS:
        raise _Fail(line, f"{token!r} is not a card")
    card = _CARD_CACHE[token] = Card(text[0].upper() + text[1].lower())
    return card


def _cards(text: str, line: int) -> tuple[Card, ...]:
    return tuple(_card(t, line) for t in text.replace(",", " ").split())


def _number(text: str, cents: bool, line: int, signed: bool = False) -> int:
    text = text.replace(",", "").lstrip("+")
    negative = text.startswith("-")
    text = text.lstrip("-").lstrip("$€£").lstrip("-")
    negative = negative or text.startswith("-")
    whole, _, frac = text.partition(".")
    if not whole.isdigit() or (frac and not frac.isdigit()) or (negative and not signed):
        raise _Fail(line, f"{text!r} is not an amount")
    if not cents:
        if frac.strip("0"):
            raise _Fail(line, f"{text!r}: chips are whole")
        value = int(whole)
    else:
        if len(frac) > 2 and frac[2:].strip("0"):
            raise _Fail(line, f"{text!r} is not a whole number of cents")
        value = int(whole) * 100 + int((frac + "00")[:2])
    if value >= 1 << 31:
        raise _Fail(line, f"{text!r}: an amount is at most 2**31 - 1 chips")
    return -value if negative else value


class _Hand:
    """One hand's lines to a HandRecord (raises _Fail or _Skip)."""

    def __init__(self, lines: list[tuple[int, str]], file: str | None,
                 profile: dict[str, Any]) -> None:
        self.lines = lines
        self.file = file
        self.profile = profile
        self.hand_id: str | None = None

    def parse(self) -> HandRecord:
        lines = self.lines
        first, banner = lines[0]
        opened = _OPEN.match(banner)
        assert opened is not None
        self.hand_id = opened.group("hid")
        fields: list[tuple[str, Any]] = []
        if opened.group("tour"):
            fields.append(("_tournament", opened.group("tour").strip()[1:-1]))
        table_at = next((i for i, (_, line) in enumerate(lines) if line.startswith("Table: ")),
                        None)
        if table_at is None:
            raise _Fail(lines[-1][0], "no 'Table:' line (the hand is cut short?)")
        number, text = lines[table_at]
        table_line = _TABLE.match(text)
        if table_line is None:
            raise _Fail(number, f"a 'Table:' line that does not read: {text!r}")
        game = table_line.group("game")
        if game not in _GAMES:
            raise _Skip()
        if table_line.group("limit") != "LIMIT":
            raise _Fail(number, "only fixed-limit stud is read")
        variant = _GAMES[game]
        sign = table_line.group("small")[0]
        cents = sign in "$€£"
        currency = {"$": "USD", "€": "EUR", "£": "GBP"}.get(sign) if cents else None
        small = _number(table_line.group("small"), cents, number)
        big = _number(table_line.group("big"), cents, number)
        stated_ante = (_number(table_line.group("ante"), cents, number)
                       if table_line.group("ante") else None)
        fields += [("_game", text[text.index("(") + 1:-1])]
        table = table_line.group("name")

        listed: dict[str, tuple[int, int, int]] = {}
        street = 0
        antes: dict[str, tuple[int, int]] = {}
        steps: list[Step] = []
        put_in: dict[str, int] = {}
        bets: dict[str, int] = {}
        folded: set[str] = set()
        dealt: dict[str, tuple[Card | None, ...]] = {}
        dealt_in: list[str] = []
        seen: dict[Card, str] = {}
        hero: str | None = None
        bring_in: int | None = None
        deal_pending = False
        seat_of: dict[str, int] = {}
        order: list[str] = []
        collected: dict[str, int] = {}
        showed: set[str] = set()
        nets: dict[str, tuple[int, int]] = {}
        summary = False
        closed = False
        pots = 0
        pot_lines = 0
        rake = 0
        summary_line = first

        def amount(rest: str, line: int) -> int:
            found = _AMOUNT.match(rest)
            if found is None:
                raise _Fail(line, f"no amount in {rest.strip()!r}")
            return _number(found.group("num"), cents, line)

        def seats_now(line: int) -> None:
            nonlocal order
            names = sorted((n for n in listed if n in antes or n in dealt_in),
                           key=lambda n: listed[n][0])
            if not 2 <= len(names) <= 8:
                raise _Fail(line, f"{len(names)} players dealt in: a stud hand has 2 to 8")
            order = names
            for seat, name in enumerate(names):
                seat_of[name] = seat

        def flush_deal(line: int) -> None:
            nonlocal deal_pending
            if not deal_pending:
                return
            deal_pending = False
            if not order:
                seats_now(line)
            count = 3 if street == 3 else 1
            for name in order:
                if name not in folded:
                    steps.append(_trusted(Dealt, seat_of[name], dealt.get(name, (None,) * count)))
            for name in dealt:
                if name not in seat_of or name in folded:
                    raise _Fail(line, f"cards dealt to {name}, who is not in the hand")
            dealt.clear()

        def note(cards: Iterable[Card], owner: str, line: int) -> None:
            for card in cards:
                other = seen.get(card)
                if other is not None and other != owner:
                    raise _Fail(line, f"{card} is dealt twice ({other}, {owner})")
                seen[card] = owner

        def show(name: str, cards: tuple[Card, ...], line: int) -> None:
            if name not in seat_of:
                raise _Fail(line, f"{name} shows but is not in the hand")
            note(cards, name, line)
            if name not in showed and cards:
                showed.add(name)
                steps.append(_trusted(Showed, seat_of[name], cards))

        for number, line in lines[1:]:
            if not line or line == "---" or number == lines[table_at][0]:
                continue
            if _CLOSE.match(line):
                closed = True
                continue
            if line == "Summary:":
                flush_deal(number)
                summary = True
                summary_line = number
                continue
            if summary:
                found = _POT.match(line)
                if found is not None:
                    pots += _number(found.group("pot"), cents, number)
                    pot_lines += 1
                    for part in found.group("won").split(", "):
                        share = _SHARE.match(part)
                        if share is None or share.group("name") not in listed:
                            raise _Fail(number, f"a share that does not read: {part!r}")
                        name = share.group("name")
                        collected[name] = collected.get(name, 0) + _number(
                            share.group("num"), cents, number)
                    continue
                found = _RAKE.match(line)
                if found is not None:
                    rake += _number(found.group("num"), cents, number)
                    continue
                found = _SUMMARY_SEAT.match(line)
                if found is not None and found.group("name") in listed:
                    name = found.group("name")
                    if found.group("net"):
                        nets[name] = (_number(found.group("net"), cents, number, signed=True),
                                      number)
                    if found.group("cards"):
                        show(name, _cards(found.group("cards"), number), number)
                    continue
                raise _Fail(number, f"a summary line that does not read: {line!r}")
            if line in _STREETS:
                flush_deal(number)
                new = _STREETS[line]
                if new <= street:
                    raise _Fail(number, f"{line!r} after street {street}")
                street = new
                bets = {}
                deal_pending = True
                continue
            if street == 0:
                found = _SEAT.match(line)
                if found is not None:
                    name = found.group("name")
                    if name in listed:
                        raise _Fail(number, f"{name} is seated twice")
                    listed[name] = (int(found.group("num")),
                                    _number(found.group("stack"), cents, number), number)
                    continue
            found = _DEALT.match(line)
            if found is not None:
                name = found.group("name")
                if name not in listed or not deal_pending:
                    raise _Fail(number, f"cards dealt to {name} out of place")
                cards = _cards(found.group("cards"), number)
                note(cards, name, number)
                count = 3 if street == 3 else 1
                if not 1 <= len(cards) <= count:
                    raise _Fail(number, f"{len(cards)} cards for {name} on street {street}")
                if street == 3:
                    dealt_in.append(name)
                    if len(cards) == 3:
                        hero = name
                dealt[name] = (None,) * (count - len(cards)) + cards
                continue
            action = _ACTION.match(line)
            if action is not None and action.group("name") not in listed:
                action = _ACTION_GREEDY.match(line)
            if action is None or action.group("name") not in listed:
                if _NOISE.match(line):
                    continue
                raise _Fail(number, f"a line that does not read: {line!r}")
            name, verb, rest = action.group("name", "verb", "rest")
            kind = _VERBS[verb]
            all_in = "[all in]" in rest or "and is all-in" in rest
            rest = rest.replace("[all in]", "").replace("and is all-in", "").rstrip()
            if kind == "ante":
                if street or name in antes:
                    raise _Fail(number, f"{name} posts an ante out of place")
                paid = amount(rest, number)
                antes[name] = (paid, number)
                put_in[name] = put_in.get(name, 0) + paid
                continue
            flush_deal(number)
            if name not in seat_of:
                raise _Fail(number, f"{name} is not in the hand")
            seat = seat_of[name]
            if kind in ("show", "muck"):
                shown = _SHOWN.match(rest)
                if kind == "show" and shown:
                    show(name, _cards(shown.group("cards"), number), number)
                continue
            if street == 0:
                raise _Fail(number, f"{name} acts before the deal")
            if name in folded:
                raise _Fail(number, f"{name} acts after folding")
            had = bets.get(name, 0)
            if kind == "fold":
                steps.append(_trusted(Acted, seat, Move.FOLD, None))
                folded.add(name)
                continue
            if kind == "check":
                steps.append(_trusted(Acted, seat, Move.CHECK_CALL, None))
                continue
            if kind == "raise":
                found = _RAISE_TO.match(rest)
                if found is None:
                    raise _Fail(number, f"a raise with no 'to' amount: {line!r}")
                to = _number(found.group("num"), cents, number)
                move = Move.RAISE
            else:
                to = had + amount(rest, number)
                move = {"bet": Move.RAISE, "call": Move.CHECK_CALL, "complete": Move.RAISE,
                        "bring_in": Move.BRING_IN}[kind]
                if kind == "bring_in" and not all_in:
                    bring_in = to
            if to < had:
                raise _Fail(number, f"{name}'s bet goes down to {to}")
            put_in[name] = put_in.get(name, 0) + to - had
            bets[name] = to
            steps.append(_trusted(Acted, seat, move, to))

        last = lines[-1][0]
        if not summary or not pot_lines or not closed:
            raise _Fail(last, "the hand ends before its summary and end line (cut short?)")
        if not order:
            raise _Fail(last, "nobody was dealt in")
        ante = max((paid for paid, _ in antes.values()), default=0)
        if stated_ante is not None and ante and ante != stated_ante:
            raise _Fail(lines[table_at][0], f"the antes posted ({ante}) are not the table's "
                                            f"({stated_ante})")
        for name, (paid, where) in antes.items():
            if name not in seat_of:
                raise _Fail(where, f"{name} posted the ante but was not dealt in")
            if paid != ante and paid != listed[name][1]:
                raise _Fail(where, f"{name} posted an ante of {paid}, the others {ante}")
        for name in order:
            if put_in.get(name, 0) > listed[name][1]:
                raise _Fail(last, f"{name} put in {put_in[name]}, more than the "
                                  f"{listed[name][1]} he sat with")
        ranked = sorted(put_in.items(), key=lambda item: -item[1]) + [("", 0)]
        uncalled = ranked[0][1] - ranked[1][1]
        if pots != sum(put_in.values()) - uncalled:
            raise _Fail(summary_line, f"the pots ({pots}) are not what was put in less the "
                                      f"uncalled bet ({sum(put_in.values()) - uncalled})")
        if sum(collected.values()) + rake != pots:
            raise _Fail(summary_line, f"the shares ({sum(collected.values())}) and the rake "
                                      f"({rake}) do not make the pots ({pots})")
        for name, (net, where) in nets.items():
            paid = put_in.get(name, 0) - (uncalled if name == ranked[0][0] else 0)
            if net != collected.get(name, 0) - paid:
                raise _Fail(where, f"{name}'s net {net} is not what he won less what he "
                                   f"put in ({collected.get(name, 0) - paid})")
        options = options_for(self.profile, variant)
        try:
            rules = _cached_rules(variant, small, big, stated_ante if stated_ante is not None
                                  else ante, bring_in, **options)
        except (TypeError, ValueError) as error:
            raise _Fail(lines[table_at][0], f"the rules: {error}") from None
        stacks = [listed[name][1] for name in order]
        try:
            _checked_stacks(rules, stacks, "seat")
        except (TypeError, ValueError) as error:
            raise _Fail(first, str(error)) from None
        if hero is not None:
            fields.append(("_hero", hero))
        return HandRecord(
            rules, tuple(stacks), tuple(steps), players=tuple(order),
            seats=tuple(listed[name][0] for name in order), hand_id=self.hand_id, table=table,
            collected=tuple(collected.get(name, 0) for name in order), rake=rake,
            currency=currency, fields=tuple(fields), source=Source(self.file, first, "ongame"))


class OnGameReader:
    """Reads an OnGame file's lines (see the module): ``read(lines)`` yields
    a ``HandRecord`` per hand and a ``HistoryError`` per hand that cannot be
    read; ``skipped`` counts the hands of other games; ``cancelled`` stays
    0."""

    def __init__(self, file: str | None = None, profile: dict[str, Any] | None = None) -> None:
        self.file = file
        self.profile = dict(ONGAME_PROFILE if profile is None else profile)
        self.skipped = 0
        self.cancelled = 0

    def read(self, lines: Iterable[str]) -> Iterator[Union[HandRecord, HistoryError]]:
        hand: list[tuple[int, str]] = []
        for number, raw in enumerate(lines, 1):
            line = raw.strip()
            if line.startswith("***** History for hand") and _OPEN.match(line):
                if hand:
                    yield from self._hand(hand)
                hand = [(number, line)]
            elif hand:
                hand.append((number, line))
            elif line:
                yield HistoryError(f"a line before the first hand: {line!r}", self.file, None,
                                   number)
        if hand:
            yield from self._hand(hand)

    def _hand(self, lines: list[tuple[int, str]]) -> Iterator[Union[HandRecord, HistoryError]]:
        while lines and not lines[-1][1]:
            lines.pop()
        parser = _Hand(lines, self.file, self.profile)
        try:
            yield parser.parse()
        except _Skip:
            self.skipped += 1
        except _Fail as fail:
            yield HistoryError(fail.reason, self.file, parser.hand_id, fail.line)
        except (TypeError, ValueError) as error:
            yield HistoryError(str(error), self.file, parser.hand_id, lines[0][0])


def detect(head: str) -> bool:
    """An OnGame file: its first line that says something opens a hand,
    ``***** History for hand R5-... *****``."""
    return _OPEN.match(head.split("\n", 1)[0]) is not None


FORMAT = SiteFormat("ongame", "OnGame", detect, OnGameReader, ONGAME_PROFILE)
