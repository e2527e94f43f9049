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

The lines are read in C (src/studcore/site_winamax.c, on the builder
src/studcore/site_lines.c that mirrors ``_stud_lines.LineHand``, the file
split into hands as ``_stud_lines.LineReader`` splits it); this module
reads the header's game, stakes and fields.  Text strips and splits at
Python's whitespace; digits are Unicode's decimal digits, as ``\\d`` reads
them.
"""

from __future__ import annotations

import re
from typing import Any

from ...enums import Variant
from . import SiteFormat
from ._c_text import CTextReader
from ._stud_lines import amount_of, bounded
from ._stud_text import Fail, Skip

__all__ = ["FORMAT", "WINAMAX_PROFILE", "WinamaxReader"]

#: Winamax's table rules: the seeds' (no option of docs/rules.md 11.3)
WINAMAX_PROFILE: dict[str, Any] = {}

_PREFIX = "Winamax Poker - "
_HEADER = re.compile(
    r"Winamax Poker - (?P<kind>CashGame|Go Fast \"[^\"]*\"|Tournament \"(?P<tname>[^\"]*)\""
    r"(?P<tinfo>.*?))\s*- HandId: #(?P<hid>[\w-]+) - (?P<game>.+?) "
    r"(?P<limit>fixed limit|no limit|pot limit) \((?P<stakes>[^)]*)\) - (?P<date>.*)$")
#: what a header says of its game ("kind", "game", "limit" and "stakes") -> its facts
_HEADERS: dict[tuple[str | Any, ...], tuple[Any, ...]] = {}
_GAMES = {"7-Card Stud": Variant.SEVEN_CARD_STUD, "7stud": Variant.SEVEN_CARD_STUD,
          "7-Card Stud Hi/Lo": Variant.SEVEN_CARD_STUD_HILO,
          "7stud8": Variant.SEVEN_CARD_STUD_HILO, "Razz": Variant.RAZZ}


def _number(text: str, cents: bool, line: int) -> int:
    text = text.replace(",", "").replace(" ", "").replace("\u202f", "").replace("\xa0", "")
    return bounded(amount_of(text, cents, line), text, line)


def _header(header: str, number: int) -> tuple[Any, ...]:
    """What a hand's header says: (variant, small bet, big bet, currency
    sign, cents, currency, table, fields, the hand's id, the stated ante or
    None), raising ``Fail`` (its ``hand`` the hand's id, None for a header
    that does not read) or ``Skip``.  What the header says of the game is
    the same in every hand of a table: read once."""
    match = _HEADER.match(header)
    if match is None:
        raise _of_hand(Fail(number, f"a header that does not read: {header!r}"), None)
    hand_id = match.group("hid")
    key = match.group("kind", "game", "limit", "stakes")
    facts = _HEADERS.get(key)
    if facts is None:
        try:
            facts = _read_header(match, number)
        except Fail as fail:
            raise _of_hand(fail, hand_id) from None
        except (TypeError, ValueError) as error:
            raise _of_hand(Fail(number, str(error)), hand_id) from None
        if len(_HEADERS) >= 1024:
            _HEADERS.clear()
        _HEADERS[key] = facts
    fields = facts[7]
    return (*facts[:7], (fields[0], ("_date", match.group("date").strip()), *fields[1:]),
            hand_id, facts[8])


def _of_hand(fail: Fail, hand_id: str | None) -> Fail:
    """``fail`` naming the hand it ends (``_SiteText`` reports it so)."""
    fail.hand = hand_id  # type: ignore[attr-defined]
    return fail


def _read_header(match: re.Match[str], first: int) -> tuple[Any, ...]:
    """The header's facts but the hand's id and date: (variant, small bet,
    big bet, currency sign, cents, currency, table, fields, the stated ante
    or None)."""
    game = match.group("game")
    if game not in _GAMES:
        raise Skip()
    if match.group("limit") != "fixed limit":
        raise Fail(first, "only fixed-limit stud is read")
    variant = _GAMES[game]
    tournament = match.group("tname") is not None
    stakes = match.group("stakes").split("/")
    cents = "€" in match.group("stakes")
    fields: list[tuple[str, Any]] = [("_game", f"{game} {match.group('limit')}")]
    if tournament:
        fields.append(("_tournament", match.group("tname")))
        if match.group("tinfo").strip():
            fields.append(("_tournament_info", match.group("tinfo").strip()))
    if len(stakes) not in (2, 3):
        raise Fail(first, f"stakes {match.group('stakes')!r}: ante/small bet/big bet")
    values = [_number(s.strip().rstrip("€"), cents, first) for s in stakes]
    small, big = values[-2:]
    currency = "EUR" if cents else None
    return (variant, small, big, 2 if cents else 0, cents, currency, None, tuple(fields),
            values[0] if len(values) == 3 else None)


class WinamaxReader(CTextReader):
    """Reads a Winamax file's lines (see the module), in C
    (src/studcore/site_winamax.c) but for the header's game: ``read(lines)``
    yields a ``HandRecord`` per hand and a ``HistoryError`` per hand that
    cannot be read; ``skipped`` counts the hands of other games,
    ``cancelled`` stays 0 (Winamax's files mark no hand cancelled),
    ``hands`` and ``errors`` what was read."""

    format = "winamax"
    c_format = 3  # STUD_SITE_WINAMAX
    header_of = staticmethod(_header)


def detect(head: str) -> bool:
    """A Winamax file: its first line that says something is a hand's
    header, ``Winamax Poker - ... - HandId: #...``."""
    first = head.split("\n", 1)[0]
    return first.startswith(_PREFIX) and " - HandId: #" in first


FORMAT = SiteFormat("winamax", "Winamax", detect, WinamaxReader, WINAMAX_PROFILE)
