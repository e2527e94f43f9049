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

The lines are read in C (src/studcore/site_ongame.c, on the builder
src/studcore/site_lines.c that mirrors ``_stud_lines.LineHand``, the file
split into hands as ``_stud_lines.LineReader`` splits it); this module
reads the game of the hand's first ``Table:`` line.  Text strips and
splits at Python's whitespace; digits are Unicode's decimal digits and
the hand's id Unicode's word characters, as ``\\d`` and ``\\w`` read them.
"""

from __future__ import annotations

import re
from typing import Any

from ...enums import Variant
from . import SiteFormat
from ._c_text import CTextReader
from ._stud_lines import amount_of, bounded
from ._stud_text import Fail, Skip

__all__ = ["FORMAT", "ONGAME_PROFILE", "OnGameReader"]

#: OnGame's table rules: the seeds' (no option of docs/rules.md 11.3)
ONGAME_PROFILE: dict[str, Any] = {}

_OPEN = re.compile(r"\*{5} History for hand (?P<hid>[\w-]+)(?P<tour> \(TOURNAMENT:.*\))? \*{5}$")
_TABLE = re.compile(r"Table: (?P<name>.*?) \[(?P<no>\d+)\] \((?P<limit>\w+) (?P<game>\w+) "
                    r"(?P<small>[$€£]?[\d.,]+)/(?P<big>[$€£]?[\d.,]+)"
                    r"(?:, ante: (?P<ante>[$€£]?[\d.,]+))?, (?P<money>[^)]*)\)$")
_GAMES = {"SEVEN_CARD_STUD": Variant.SEVEN_CARD_STUD,
          "SEVEN_CARD_STUD_HI_LO": Variant.SEVEN_CARD_STUD_HILO, "RAZZ": Variant.RAZZ}


def _number(text: str, cents: bool, line: int, signed: bool = False) -> int:
    text = text.replace(",", "").lstrip("+")
    negative = text.startswith("-")
    text = text.lstrip("-").lstrip("$€£").lstrip("-")
    negative = negative or text.startswith("-")
    if negative and not signed:
        raise Fail(line, f"{text!r} is not an amount")
    value = bounded(amount_of(text, cents, line), text, line)
    return -value if negative else value


def _of_hand(fail: Fail, hand_id: str | None) -> Fail:
    """``fail`` naming the hand it ends (``_SiteText`` reports it so)."""
    fail.hand = hand_id  # type: ignore[attr-defined]
    return fail


def _header(header: str, first: int, text: str | None, number: int) -> tuple[Any, ...]:
    """What a hand's header and its first ``Table:`` line (``text``, on
    line ``number``; None: the hand has none, ``number`` its last line)
    say: (variant, small bet, big bet, currency sign, cents, currency,
    table, fields, the hand's id, the stated ante or None), raising
    ``Fail`` (its ``hand`` the hand's id) or ``Skip``."""
    opened = _OPEN.match(header)
    if opened is None:
        raise _of_hand(Fail(first, f"a header that does not read: {header!r}"), None)
    hand_id = opened.group("hid")
    try:
        facts = _read_table(text, number, opened)
    except Fail as fail:
        raise _of_hand(fail, hand_id) from None
    return (*facts[:8], hand_id, facts[8])


def _read_table(text: str | None, number: int, opened: re.Match[str]) -> tuple[Any, ...]:
    fields: list[tuple[str, Any]] = []
    if opened.group("tour"):
        fields.append(("_tournament", opened.group("tour").strip()[1:-1]))
    if text is None:
        raise Fail(number, "no 'Table:' line (the hand is cut short?)")
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
    cents = sign in "$€£"
    currency = {"$": "USD", "€": "EUR", "£": "GBP"}.get(sign) if cents else None
    small = _number(table_line.group("small"), cents, number)
    big = _number(table_line.group("big"), cents, number)
    stated_ante = (_number(table_line.group("ante"), cents, number)
                   if table_line.group("ante") else None)
    fields.append(("_game", text[text.index("(") + 1:-1]))
    symbol = {"$": 1, "€": 2, "£": 3}.get(sign, 0)
    return (variant, small, big, symbol, cents, currency, table_line.group("name"),
            tuple(fields), stated_ante)


class OnGameReader(CTextReader):
    """Reads an OnGame file's lines (see the module), in C
    (src/studcore/site_ongame.c) but for the game of the hand's first
    ``Table:`` line: ``read(lines)`` yields a ``HandRecord`` per hand and a
    ``HistoryError`` per hand that cannot be read; ``skipped`` counts the
    hands of other games, ``cancelled`` stays 0, ``hands`` and ``errors``
    what was read."""

    format = "ongame"
    c_format = 4  # STUD_SITE_ONGAME
    header_prefix = "Table: "
    header_of = staticmethod(_header)


def detect(head: str) -> bool:
    """An OnGame file: its first line that says something opens a hand,
    ``***** History for hand R5-... *****``."""
    return _OPEN.match(head.split("\n", 1)[0]) is not None


FORMAT = SiteFormat("ongame", "OnGame", detect, OnGameReader, ONGAME_PROFILE)
