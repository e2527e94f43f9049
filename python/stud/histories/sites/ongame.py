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
from typing import Any

from ..._core import Card
from ...enums import Variant
from ..record import HandRecord, Showed, _trusted
from . import SiteFormat
from ._stud_lines import LineHand, LineReader, action_patterns, amount_of, bounded, read_card
from ._stud_text import Fail, Skip

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
_ACTION, _ACTION_GREEDY = action_patterns(_VERBS)
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


def _cards(text: str, line: int) -> tuple[Card, ...]:
    return tuple(read_card(t, line) for t in text.replace(",", " ").split())


def _number(text: str, cents: bool, line: int, signed: bool = False) -> int:
    text = text.replace(",", "").lstrip("+")
    negative = text.startswith("-")
    text = text.lstrip("-").lstrip("$€£").lstrip("-")
    negative = negative or text.startswith("-")
    if negative and not signed:
        raise Fail(line, f"{text!r} is not an amount")
    value = bounded(amount_of(text, cents, line), text, line)
    return -value if negative else value


class _Hand(LineHand):
    """One hand's lines to a HandRecord (raises Fail or Skip)."""

    format = "ongame"

    def number(self, text: str, line: int) -> int:
        return _number(text, self.cents, line)

    def show(self, name: str, cards: tuple[Card, ...], line: int, showed: set[str]) -> None:
        if name not in self.seat_of:
            raise Fail(line, f"{name} shows but is not in the hand")
        self.note(cards, name, line)
        if name not in showed and cards:
            showed.add(name)
            self.steps.append(_trusted(Showed, self.seat_of[name], cards))

    def parse(self) -> HandRecord:
        lines = self.lines
        first, banner = lines[0]
        opened = _OPEN.match(banner)
        assert opened is not None
        self.hand_id = opened.group("hid")
        fields = self.fields
        if opened.group("tour"):
            fields.append(("_tournament", opened.group("tour").strip()[1:-1]))
        table_at = next((i for i, (_, line) in enumerate(lines) if line.startswith("Table: ")),
                        None)
        if table_at is None:
            raise Fail(lines[-1][0], "no 'Table:' line (the hand is cut short?)")
        number, text = lines[table_at]
        table_line = _TABLE.match(text)
        if table_line is None:
            raise Fail(number, f"a 'Table:' line that does not read: {text!r}")
        game = table_line.group("game")
        if game not in _GAMES:
            raise Skip()
        if table_line.group("limit") != "LIMIT":
            raise Fail(number, "only fixed-limit stud is read")
        variant = _GAMES[game]
        sign = table_line.group("small")[0]
        cents = self.cents = sign in "$€£"
        currency = {"$": "USD", "€": "EUR", "£": "GBP"}.get(sign) if cents else None
        small = _number(table_line.group("small"), cents, number)
        big = _number(table_line.group("big"), cents, number)
        stated_ante = (_number(table_line.group("ante"), cents, number)
                       if table_line.group("ante") else None)
        fields += [("_game", text[text.index("(") + 1:-1])]
        table = table_line.group("name")

        listed, collected = self.listed, self.collected
        showed: set[str] = set()
        nets: dict[str, tuple[int, int]] = {}
        summary = False
        closed = False
        pots = 0
        pot_lines = 0
        rake = 0
        summary_line = first

        for number, line in lines[1:]:
            if not line or line == "---" or number == lines[table_at][0]:
                continue
            if _CLOSE.match(line):
                closed = True
                continue
            if line == "Summary:":
                self.flush_deal(number)
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
                            raise Fail(number, f"a share that does not read: {part!r}")
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
                        self.show(name, _cards(found.group("cards"), number), number, showed)
                    continue
                raise Fail(number, f"a summary line that does not read: {line!r}")
            if line in _STREETS:
                self.new_street(number, line, _STREETS[line])
                continue
            street = self.street
            if street == 0:
                if self.seat_line(number, line, _SEAT):
                    continue
            found = _DEALT.match(line)
            if found is not None:
                name = found.group("name")
                if name not in listed or not self.deal_pending:
                    raise Fail(number, f"cards dealt to {name} out of place")
                cards = _cards(found.group("cards"), number)
                self.note(cards, name, number)
                count = 3 if street == 3 else 1
                if not 1 <= len(cards) <= count:
                    raise Fail(number, f"{len(cards)} cards for {name} on street {street}")
                if street == 3:
                    self.dealt_in.append(name)
                    if len(cards) == 3:
                        self.hero = name
                self.dealt[name] = (None,) * (count - len(cards)) + cards
                continue
            action = self.read_action(number, line, _ACTION, _ACTION_GREEDY, _NOISE)
            if action is None:
                continue
            name, verb, rest = action
            kind = _VERBS[verb]
            all_in = "[all in]" in rest or "and is all-in" in rest
            rest = rest.replace("[all in]", "").replace("and is all-in", "").rstrip()
            if kind == "ante":
                self.post_ante(number, name, rest, _AMOUNT)
                continue
            self.flush_deal(number)
            if name not in self.seat_of:
                raise Fail(number, f"{name} is not in the hand")
            if kind in ("show", "muck"):
                shown = _SHOWN.match(rest)
                if kind == "show" and shown:
                    self.show(name, _cards(shown.group("cards"), number), number, showed)
                continue
            self.decision(number, name, kind, rest, all_in, line, _RAISE_TO, _AMOUNT)

        last = lines[-1][0]
        if not summary or not pot_lines or not closed:
            raise Fail(last, "the hand ends before its summary and end line (cut short?)")
        if not self.order:
            raise Fail(last, "nobody was dealt in")
        ante = max((paid for paid, _ in self.antes.values()), default=0)
        if stated_ante is not None and ante and ante != stated_ante:
            raise Fail(lines[table_at][0], f"the antes posted ({ante}) are not the table's "
                                           f"({stated_ante})")
        self.check_antes()
        self.check_stacks(last)
        put_in = self.put_in
        top, uncalled = self.uncalled()
        if pots != sum(put_in.values()) - uncalled:
            raise Fail(summary_line, f"the pots ({pots}) are not what was put in less the "
                                     f"uncalled bet ({sum(put_in.values()) - uncalled})")
        if sum(collected.values()) + rake != pots:
            raise Fail(summary_line, f"the shares ({sum(collected.values())}) and the rake "
                                     f"({rake}) do not make the pots ({pots})")
        for name, (net, where) in nets.items():
            paid = put_in.get(name, 0) - (uncalled if name == top else 0)
            if net != collected.get(name, 0) - paid:
                raise Fail(where, f"{name}'s net {net} is not what he won less what he "
                                  f"put in ({collected.get(name, 0) - paid})")
        return self.finish(variant, small, big, stated_ante if stated_ante is not None
                           else ante, lines[table_at][0], table, rake, currency)


class OnGameReader(LineReader):
    """Reads an OnGame file's lines (see the module): ``read(lines)`` yields
    a ``HandRecord`` per hand and a ``HistoryError`` per hand that cannot be
    read; ``skipped`` counts the hands of other games; ``cancelled`` stays
    0."""

    hand = _Hand
    profile_default = ONGAME_PROFILE

    def is_header(self, line: str) -> bool:
        return line.startswith("***** History for hand") and _OPEN.match(line) is not None


def detect(head: str) -> bool:
    """An OnGame file: its first line that says something opens a hand,
    ``***** History for hand R5-... *****``."""
    return _OPEN.match(head.split("\n", 1)[0]) is not None


FORMAT = SiteFormat("ongame", "OnGame", detect, OnGameReader, ONGAME_PROFILE)
