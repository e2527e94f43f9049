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
from typing import Any

from ..._core import Card
from ...enums import Variant
from ..record import HandRecord, Mucked, Showed, _trusted
from . import SiteFormat
from ._stud_lines import LineHand, LineReader, action_patterns, amount_of, bounded, read_card
from ._stud_text import Fail, Skip, shown_again

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
_ACTION, _ACTION_GREEDY = action_patterns(_VERBS)
_NUMBER = r"\d[\d,  ]*(?:\.\d+)?"
_AMOUNT = re.compile(r"\s*-?(?P<num>" + _NUMBER + r")\s*€?")
_RAISE_TO = re.compile(r".*?(?:to|à)\s+(?P<num>" + _NUMBER + r")\s*€?")
_TOTAL = re.compile(r"Total pot (?P<total>" + _NUMBER + r")\s*€?\s*\|\s*(?:No rake|Rake (?P<rake>"
                    + _NUMBER + r")\s*€?)")
_SHOWN = re.compile(r"\s*\[(?P<cards>[^\]]*)\]")
_NOISE = re.compile(r".+ (?:joins|leaves) the table.*$|.+ is (?:dis|re)connected.*$|"
                    r".+ (?:sits out|is sitting out|is back).*$|.+ will be allowed to play.*$|"
                    r".+ has timed out.*$|.+ said, \".*$|.+ adds? .*$")


def _cards(text: str, line: int) -> tuple[Card | None, ...]:
    return tuple(None if t in ("X", "x", "??") else read_card(t, line) for t in text.split())


def _number(text: str, cents: bool, line: int) -> int:
    text = text.replace(",", "").replace(" ", "").replace("\u202f", "").replace("\xa0", "")
    return bounded(amount_of(text, cents, line), text, line)


class _Hand(LineHand):
    """One hand's lines to a HandRecord (raises Fail or Skip)."""

    format = "winamax"

    def number(self, text: str, line: int) -> int:
        return _number(text, self.cents, line)

    def parse(self) -> HandRecord:
        lines = self.lines
        first, header = lines[0]
        match = _HEADER.match(header)
        if match is None:
            raise Fail(first, f"a header that does not read: {header!r}")
        self.hand_id = match.group("hid")
        game = match.group("game")
        if game not in _GAMES:
            raise Skip()
        if match.group("limit") != "fixed limit":
            raise Fail(first, "only fixed-limit stud is read")
        variant = _GAMES[game]
        tournament = match.group("tname") is not None
        stakes = match.group("stakes").split("/")
        cents = self.cents = "€" in match.group("stakes")
        fields = self.fields
        fields += [("_game", f"{game} {match.group('limit')}"),
                   ("_date", match.group("date").strip())]
        if tournament:
            fields.append(("_tournament", match.group("tname")))
            if match.group("tinfo").strip():
                fields.append(("_tournament_info", match.group("tinfo").strip()))
        if len(stakes) not in (2, 3):
            raise Fail(first, f"stakes {match.group('stakes')!r}: ante/small bet/big bet")
        values = [_number(s.strip().rstrip("€"), cents, first) for s in stakes]
        small, big = values[-2:]
        currency = "EUR" if cents else None

        table: str | None = None
        listed, collected, steps = self.listed, self.collected, self.steps
        showed: dict[int, tuple[int, tuple[Card | None, ...]]] = {}  # seat -> its Showed step
        summary = False
        total: int | None = None
        rake = 0
        total_line = first

        for number, line in lines[1:]:
            if not line:
                continue
            if line.startswith("*** ") and line.endswith(" ***"):
                label = line[4:-4].strip()
                if label in _STREETS:
                    self.new_street(number, line, _STREETS[label])
                elif label == "SUMMARY":
                    self.flush_deal(number)
                    summary = True
                elif label not in ("ANTE/BLINDS", "SHOW DOWN", "PRE-FLOP"):
                    raise Fail(number, f"an unknown section {line!r}")
                continue
            if summary:
                found = _TOTAL.match(line)
                if found is not None:
                    total = _number(found.group("total"), cents, number)
                    rake = _number(found.group("rake"), cents, number) if found.group(
                        "rake") else 0
                    total_line = number
                continue  # the seats' lines repeat what the hand said
            street = self.street
            if street == 0:
                if self.seat_line(number, line, _SEAT):
                    continue
                found = _TABLE.match(line)
                if found is not None:
                    if table is not None:
                        raise Fail(number, "a second table line")
                    table = found.group("name")
                    fields.append(("seat_count", int(found.group("max"))))
                    continue
            if line.startswith("Dealt to "):
                found = _DEALT.match(line)
                if found is None or street == 0 or not self.deal_pending:
                    raise Fail(number, f"a 'Dealt to' line out of place: {line!r}")
                name = found.group("name")
                if name not in listed:
                    raise Fail(number, f"cards dealt to {name}, who is not seated")
                new_text = found.group("b") if found.group("b") is not None else found.group("a")
                cards = _cards(new_text, number)
                self.note(_cards(found.group("a"), number), name, number)
                self.note(cards, name, number)
                count = 3 if street == 3 else 1
                if len(cards) != count:
                    raise Fail(number, f"{len(cards)} new cards for {name} on street {street}")
                if street == 3:
                    self.dealt_in.append(name)
                    if all(card is not None for card in cards):
                        self.hero = name
                self.dealt[name] = cards
                continue
            action = self.read_action(number, line, _ACTION, _ACTION_GREEDY, _NOISE)
            if action is None:
                continue
            name, verb, rest = action
            kind = _VERBS[verb]
            all_in = rest.endswith("and is all-in") or rest.endswith("et est all-in")
            if kind == "ante":
                self.post_ante(number, name, rest, _AMOUNT)
                continue
            self.flush_deal(number)
            if name not in self.seat_of:
                raise Fail(number, f"{name} is not in the hand")
            if kind == "collect":
                collected[name] = collected.get(name, 0) + self.amount(rest, number, _AMOUNT)
                continue
            if kind in ("show", "muck"):
                seat = self.seat_of[name]
                shown = _SHOWN.match(rest)
                shown_cards: tuple[Card | None, ...] = (
                    tuple(_cards(shown.group("cards"), number)) if shown else ())
                self.note(shown_cards, name, number)
                if kind == "show":
                    step = _trusted(Showed, seat, shown_cards)
                    if seat not in showed:
                        showed[seat] = (len(steps), shown_cards)
                        steps.append(step)
                    elif shown_again(number, name, showed[seat][1], shown_cards):
                        showed[seat] = (showed[seat][0], shown_cards)
                        steps[showed[seat][0]] = step
                else:
                    steps.append(_trusted(Mucked, seat))
                continue
            self.decision(number, name, kind, rest, all_in, line, _RAISE_TO, _AMOUNT)

        last = lines[-1][0]
        if not summary or total is None:
            raise Fail(last, "the hand ends before its summary's total pot (cut short?)")
        if not self.order:
            raise Fail(last, "nobody was dealt in")
        ante = self.check_antes()
        self.check_stacks(last)
        put = sum(self.put_in.values())
        if total + rake != put:
            raise Fail(total_line, f"the total pot ({total}) and the rake ({rake}) are not "
                                   f"what was put in ({put})")
        if sum(collected.values()) != total:
            raise Fail(total_line, f"the collections ({sum(collected.values())}) do not make "
                                   f"the total pot ({total})")
        # the collections hold the uncalled bet: the engine returns it itself
        top, uncalled = self.uncalled()
        if uncalled:
            if collected.get(top, 0) < uncalled:
                raise Fail(total_line, f"{top}'s uncalled {uncalled} is not in his collections")
            collected[top] -= uncalled
        return self.finish(variant, small, big, values[0] if len(values) == 3 else ante,
                           first, table, rake, currency)


class WinamaxReader(LineReader):
    """Reads a Winamax file's lines (see the module): ``read(lines)`` yields
    a ``HandRecord`` per hand and a ``HistoryError`` per hand that cannot be
    read; ``skipped`` counts the hands of other games, ``cancelled`` stays 0
    (Winamax's files mark no hand cancelled)."""

    hand = _Hand
    profile_default = WINAMAX_PROFILE

    def is_header(self, line: str) -> bool:
        return line.startswith(_PREFIX)


def detect(head: str) -> bool:
    """A Winamax file: its first line that says something is a hand's
    header, ``Winamax Poker - ... - HandId: #...``."""
    first = head.split("\n", 1)[0]
    return first.startswith(_PREFIX) and " - HandId: #" in first


FORMAT = SiteFormat("winamax", "Winamax", detect, WinamaxReader, WINAMAX_PROFILE)
