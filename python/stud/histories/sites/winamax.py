"""Winamax's text hand histories of the stud games.

The format
----------
Each hand begins with its header line (one line, cut here)::

    Winamax Poker - CashGame - HandId: #7100002-2-1600000002 -
        7-Card Stud fixed limit (5€/25€/50€) - 2016/11/13 10:01:00 UTC

(``Tournament "Name" buyIn: 4.50€ + 0.50€ level: 5`` in place of
``CashGame`` for a tournament, whose amounts are chips), the game ``7-Card
Stud``, ``7-Card Stud Hi/Lo`` or ``Razz``, fixed limit, and the ante, the
small bet and the big bet.  Then ``Table: 'Name' 6-max (real money)``, a
``Seat N: name (1749.22€)`` line per player, ``*** ANTE/BLINDS ***`` and
the antes (``name posts ante 5€``), the streets ``*** 3rd STREET ***`` to
``*** 7th STREET ***`` (``*** THIRD ***`` ... ``*** SEVENTH ***`` in some
files), ``*** SHOW DOWN ***`` and ``*** SUMMARY ***`` with ``Total pot
458€ | Rake 2€`` (or ``No rake``).  Hands are parted by blank lines.

Quirks
------
- Euro amounts are written with the sign **after** the number (``5€``,
  ``1749.22€``); play-money and tournament amounts have no sign.  Money
  is read as cents (``currency`` "EUR"), chips as they are.
- ``Dealt to`` lines repeat the seat's earlier cards: ``Dealt to Player0
  [X X 9h] [Kh]``; ``X`` is a card not shown (None in the record).
- ``raises 25€ to 25€``: the completion of a bring-in is written as a
  raise; only the ``to`` amount is read (the first amount is not always
  the raise's size).  ``calls`` and ``bets`` name what they add.
  `` and is all-in`` may follow any of them.
- The collections include the uncalled bet: ``Player0 collected 114€ from
  pot(HI)`` and ``... pot(LO)`` split a pot *and* the bet nobody called.
  The reader takes the uncalled part (what the largest contribution has
  over the next) out of that player's collections, since the engine returns
  it itself; ``Total pot`` is what was put in less the rake.
- The French client writes its verbs in French: ``mise`` (bets), ``suit``
  (calls), ``relance X à Y`` (raises), ``passe`` (folds), ``parle``
  (checks), ``paie l'ante`` (posts ante), ``apporte`` (brings in),
  ``montre`` (shows), ``a remporté`` / ``remporte`` (collected); both
  languages are read.

What the files never say
------------------------
Other players' down cards unless shown (docs/rules.md 11.4 chooses
them), the uncalled bet on its own line, and the button (stud has none).

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
    Mucked,
    Showed,
    Source,
    Step,
    _cached_rules,
    _trusted,
    options_for,
)
from . import SiteFormat

__all__ = ["FORMAT", "WINAMAX_PROFILE", "WinamaxReader"]

#: Winamax's table rules: the seeds' (no option of docs/rules.md 11.3)
WINAMAX_PROFILE: dict[str, Any] = {}

_PREFIX = "Winamax Poker - "
_HEADER = re.compile(
    r"Winamax Poker - (?P<kind>CashGame|Go Fast \"[^\"]*\"|Tournament \"(?P<tname>[^\"]*)\""
    r"(?P<tinfo>.*?))\s*- HandId: #(?P<hid>[\w-]+) - (?P<game>.+?) "
    r"(?P<limit>fixed limit|no limit|pot limit) \((?P<stakes>[^)]*)\) - (?P<date>.*)$")
_GAMES = {"7-Card Stud": Variant.SEVEN_CARD_STUD, "7stud": Variant.SEVEN_CARD_STUD,
          "7-Card Stud Hi/Lo": Variant.SEVEN_CARD_STUD_HILO,
          "7stud8": Variant.SEVEN_CARD_STUD_HILO, "Razz": Variant.RAZZ}
_TABLE = re.compile(r"Table: '(?P<name>.*)' (?P<max>\d+)-max(?: \((?P<money>real|play) money\))?")
_SEAT = re.compile(r"Seat (?P<num>\d+): (?P<name>.+) \((?P<stack>[\d.,  ]+)(?P<sign>€?)"
                   r"(?:, [^)]*bounty)?\)$")
_STREETS = {"3rd STREET": 3, "THIRD": 3, "4th STREET": 4, "FOURTH": 4, "5th STREET": 5,
            "FIFTH": 5, "6th STREET": 6, "SIXTH": 6, "7th STREET": 7, "SEVENTH": 7,
            "RIVER": 7, "3ème RUE": 3, "4ème RUE": 4, "5ème RUE": 5, "6ème RUE": 6,
            "7ème RUE": 7}
_DEALT = re.compile(r"Dealt to (?P<name>.+?) \[(?P<a>[^\]]*)\](?: \[(?P<b>[^\]]*)\])?\s*$")
_VERBS = {"posts ante": "ante", "paie l'ante": "ante", "brings in": "bring_in",
          "apporte": "bring_in", "completes to": "raise", "complète à": "raise",
          "bets": "bet", "mise": "bet", "raises": "raise", "relance": "raise",
          "calls": "call", "suit": "call", "checks": "check", "parle": "check",
          "folds": "fold", "passe": "fold", "shows": "show", "montre": "show",
          "mucks": "muck", "collected": "collect", "a remporté": "collect",
          "remporte": "collect"}
_ACTION = re.compile(r"(?P<name>.+?) (?P<verb>" + "|".join(map(re.escape, _VERBS))
                     + r")(?P<rest>(?: .*)?)$")
_ACTION_GREEDY = re.compile(r"(?P<name>.+) (?P<verb>" + "|".join(map(re.escape, _VERBS))
                            + r")(?P<rest>(?: .*)?)$")
_NUMBER = r"\d[\d,  ]*(?:\.\d+)?"
_AMOUNT = re.compile(r"\s*-?(?P<num>" + _NUMBER + r")\s*€?")
_RAISE_TO = re.compile(r".*?(?:to|à)\s+(?P<num>" + _NUMBER + r")\s*€?")
_TOTAL = re.compile(r"Total pot (?P<total>" + _NUMBER + r")\s*€?\s*\|\s*(?:No rake|Rake (?P<rake>"
                    + _NUMBER + r")\s*€?)")
_SHOWN = re.compile(r"\s*\[(?P<cards>[^\]]*)\]")
_NOISE = re.compile(r".+ (?:joins|leaves) the table.*$|.+ is (?:dis|re)connected.*$|"
                    r".+ (?:sits out|is sitting out|is back).*$|.+ will be allowed to play.*$|"
                    r".+ has timed out.*$|.+ said, \".*$|.+ adds? .*$")
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


def _card(token: str, line: int) -> Card | None:
    if token in ("X", "x", "??"):
        return None
    card = _CARD_CACHE.get(token)
    if card is not None:
        return card
    text = token
    if text.startswith("10"):
        text = "T" + text[2:]
    if len(text) != 2 or text[0].upper() not in _RANKS or text[1].lower() not in _SUITS:
        raise _Fail(line, f"{token!r} is not a card")
    card = _CARD_CACHE[token] = Card(text[0].upper() + text[1].lower())
    return card


def _cards(text: str, line: int) -> tuple[Card | None, ...]:
    return tuple(_card(t, line) for t in text.split())


def _number(text: str, cents: bool, line: int) -> int:
    text = text.replace(",", "").replace(" ", "").replace("\u202f", "").replace("\xa0", "")
    whole, _, frac = text.partition(".")
    if not whole.isdigit() or (frac and not frac.isdigit()):
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
    return value


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
        first, header = lines[0]
        match = _HEADER.match(header)
        if match is None:
            raise _Fail(first, f"a header that does not read: {header!r}")
        self.hand_id = match.group("hid")
        game = match.group("game")
        if game not in _GAMES:
            raise _Skip()
        if match.group("limit") != "fixed limit":
            raise _Fail(first, "only fixed-limit stud is read")
        variant = _GAMES[game]
        tournament = match.group("tname") is not None
        stakes = match.group("stakes").split("/")
        cents = "€" in match.group("stakes")
        fields: list[tuple[str, Any]] = [("_game", f"{game} {match.group('limit')}"),
                                         ("_date", match.group("date").strip())]
        if tournament:
            fields.append(("_tournament", match.group("tname")))
            if match.group("tinfo").strip():
                fields.append(("_tournament_info", match.group("tinfo").strip()))
        if len(stakes) not in (2, 3):
            raise _Fail(first, f"stakes {match.group('stakes')!r}: ante/small bet/big bet")
        values = [_number(s.strip().rstrip("€"), cents, first) for s in stakes]
        small, big = values[-2:]
        currency = "EUR" if cents else None

        table: str | None = None
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
        summary = False
        total: int | None = None
        rake = 0
        total_line = first

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

        def note(cards: Iterable[Card | None], owner: str, line: int) -> None:
            for card in cards:
                if card is None:
                    continue
                other = seen.get(card)
                if other is not None and other != owner:
                    raise _Fail(line, f"{card} is dealt twice ({other}, {owner})")
                seen[card] = owner

        for number, line in lines[1:]:
            if not line:
                continue
            if line.startswith("*** ") and line.endswith(" ***"):
                label = line[4:-4].strip()
                if label in _STREETS:
                    flush_deal(number)
                    new = _STREETS[label]
                    if new <= street:
                        raise _Fail(number, f"{line!r} after street {street}")
                    street = new
                    bets = {}
                    deal_pending = True
                elif label == "SUMMARY":
                    flush_deal(number)
                    summary = True
                elif label not in ("ANTE/BLINDS", "SHOW DOWN", "PRE-FLOP"):
                    raise _Fail(number, f"an unknown section {line!r}")
                continue
            if summary:
                found = _TOTAL.match(line)
                if found is not None:
                    total = _number(found.group("total"), cents, number)
                    rake = _number(found.group("rake"), cents, number) if found.group(
                        "rake") else 0
                    total_line = number
                continue  # the seats' lines repeat what the hand said
            if street == 0:
                found = _SEAT.match(line)
                if found is not None:
                    name = found.group("name")
                    if name in listed:
                        raise _Fail(number, f"{name} is seated twice")
                    listed[name] = (int(found.group("num")),
                                    _number(found.group("stack"), cents, number), number)
                    continue
                found = _TABLE.match(line)
                if found is not None:
                    table = found.group("name")
                    fields.append(("seat_count", int(found.group("max"))))
                    continue
            if line.startswith("Dealt to "):
                found = _DEALT.match(line)
                if found is None or street == 0 or not deal_pending:
                    raise _Fail(number, f"a 'Dealt to' line out of place: {line!r}")
                name = found.group("name")
                if name not in listed:
                    raise _Fail(number, f"cards dealt to {name}, who is not seated")
                new_text = found.group("b") if found.group("b") is not None else found.group("a")
                cards = _cards(new_text, number)
                note(_cards(found.group("a"), number), name, number)
                note(cards, name, number)
                count = 3 if street == 3 else 1
                if len(cards) != count:
                    raise _Fail(number, f"{len(cards)} new cards for {name} on street {street}")
                if street == 3:
                    dealt_in.append(name)
                    if all(card is not None for card in cards):
                        hero = name
                dealt[name] = cards
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
            all_in = rest.endswith("and is all-in") or rest.endswith("et est all-in")
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
            if kind == "collect":
                collected[name] = collected.get(name, 0) + amount(rest, number)
                continue
            if kind in ("show", "muck"):
                shown = _SHOWN.match(rest)
                cards = _cards(shown.group("cards"), number) if shown else ()
                note(cards, name, number)
                if kind == "show":
                    steps.append(_trusted(Showed, seat, cards))
                else:
                    steps.append(_trusted(Mucked, seat))
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
                move = {"bet": Move.RAISE, "call": Move.CHECK_CALL,
                        "bring_in": Move.BRING_IN}[kind]
                if kind == "bring_in" and not all_in:
                    bring_in = to
            if to < had:
                raise _Fail(number, f"{name}'s bet goes down to {to}")
            put_in[name] = put_in.get(name, 0) + to - had
            bets[name] = to
            steps.append(_trusted(Acted, seat, move, to))

        last = lines[-1][0]
        if not summary or total is None:
            raise _Fail(last, "the hand ends before its summary's total pot (cut short?)")
        if not order:
            raise _Fail(last, "nobody was dealt in")
        ante = max((paid for paid, _ in antes.values()), default=0)
        for name, (paid, where) in antes.items():
            if name not in seat_of:
                raise _Fail(where, f"{name} posted the ante but was not dealt in")
            if paid != ante and paid != listed[name][1]:
                raise _Fail(where, f"{name} posted an ante of {paid}, the others {ante}")
        for name in order:
            if put_in.get(name, 0) > listed[name][1]:
                raise _Fail(last, f"{name} put in {put_in[name]}, more than the "
                                  f"{listed[name][1]} he sat with")
        put = sum(put_in.values())
        if total + rake != put:
            raise _Fail(total_line, f"the total pot ({total}) and the rake ({rake}) are not "
                                    f"what was put in ({put})")
        if sum(collected.values()) != total:
            raise _Fail(total_line, f"the collections ({sum(collected.values())}) do not make "
                                    f"the total pot ({total})")
        # the collections hold the uncalled bet: the engine returns it itself
        ranked = sorted(put_in.items(), key=lambda item: -item[1]) + [("", 0)]
        uncalled = ranked[0][1] - ranked[1][1]
        if uncalled:
            top = ranked[0][0]
            if collected.get(top, 0) < uncalled:
                raise _Fail(total_line, f"{top}'s uncalled {uncalled} is not in his collections")
            collected[top] -= uncalled
        options = options_for(self.profile, variant)
        try:
            rules = _cached_rules(variant, small, big, values[0] if len(values) == 3 else ante,
                                  bring_in, **options)
        except (TypeError, ValueError) as error:
            raise _Fail(first, f"the rules: {error}") from None
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
            currency=currency, fields=tuple(fields), source=Source(self.file, first, "winamax"))


class WinamaxReader:
    """Reads a Winamax file's lines (see the module): ``read(lines)`` yields
    a ``HandRecord`` per hand and a ``HistoryError`` per hand that cannot be
    read; ``skipped`` counts the hands of other games, ``cancelled`` stays 0
    (Winamax's files mark no hand cancelled)."""

    def __init__(self, file: str | None = None, profile: dict[str, Any] | None = None) -> None:
        self.file = file
        self.profile = dict(WINAMAX_PROFILE if profile is None else profile)
        self.skipped = 0
        self.cancelled = 0

    def read(self, lines: Iterable[str]) -> Iterator[Union[HandRecord, HistoryError]]:
        hand: list[tuple[int, str]] = []
        for number, raw in enumerate(lines, 1):
            line = raw.strip()
            if line.startswith(_PREFIX):
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
    """A Winamax file: its first line that says something is a hand's
    header, ``Winamax Poker - ... - HandId: #...``."""
    first = head.split("\n", 1)[0]
    return first.startswith(_PREFIX) and " - HandId: #" in first


FORMAT = SiteFormat("winamax", "Winamax", detect, WinamaxReader, WINAMAX_PROFILE)
