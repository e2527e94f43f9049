"""Bovada's (and Bodog's, Ignition's) text hand histories (``bovada``).

The tables are anonymous: players are named by their seat (``Seat+3``),
the file's owner marked ``[ME]``, and after the hand the site writes every
player's cards, so a file names all the cards dealt::

    Bovada Hand #3391385925 TBL#12345 7CARD Fixed Limit - 2016-03-14 12:00:00
    Seat+1: $20 in chips
    Seat+3 [ME]: $18.40 in chips
    Dealer : Set dealer/Bring in spot [1]
    Seat+1 : Ante chip $0.10
    Seat+3 [ME] : Ante chip $0.10
    *** 3RD STREET ***
    Seat+1 : Card dealt to a spot [4c 8d 2h]
    Seat+3 [ME] : Card dealt to a spot [Ah Kd Qs]
    Seat+1 : Bring_in chip $0.25
    Seat+3 [ME] : Bets $1
    Seat+1 : Calls $0.75
    *** 4TH STREET ***
    ...
    Seat+3 [ME] : Return uncalled portion of bet $2
    Seat+3 [ME] : Hand result $5.20
    *** SUMMARY ***
    Total Pot($5.40)

Games: ``7CARD`` (Seven Card Stud) and ``7CARD HiLo`` (``7CARD_HL``);
other games (hold'em, omaha) are passed over and counted.  Cash amounts
are dollars with the sign before them; tournaments (``7CARD Tournament
#2194767 TBL#1, Fixed Limit - Level 3 (100/200)``) are chips.

The format's ways:

- The header gives no stakes at cash tables: the small and big bets are
  taken from the hand's bets (the completion or a 4th street opening bet
  for the small bet, a 5th-7th street opening bet or the open pair's
  double bet for the big bet, the one twice the other where only one
  shows; failing those, the size of a full raise over the last full bet
  or over a short all-in of half a bet or more; failing all, twice the
  bring-in: the field ``_stakes_from`` says which).
- ``Bets`` names the round's new total (on 3rd street: the completion),
  ``Double bets`` the open pair's double bet on 4th street, ``Raises $A to
  $B`` and ``All-in(raise) $A to $B`` the total ``$B``; ``Calls`` and
  ``All-in`` name the chips they add.  ``(timeout)`` after a verb changes
  nothing.  A line repeated word for word right after itself is written
  once too often by the site: read once.
- Uncalled bets come back on their own line (``Return uncalled portion of
  bet``); ``Hand result`` (``Hand result-Side pot``) gives what a player
  collected, one line per pot or half.
- At the showdown ``Showdown [..]`` shows a hand; ``Does not show [..]``
  and ``Mucks`` give it up (the cards are written all the same).
- Players who only sit (``Seat sit out``, no ante, no cards) are not in
  the hand; ``Table enter user``, ``Table leave user``, ``Seat stand``,
  ``Seat re-join`` and the dealer line inform only.

What the files never say: the stakes of cash tables (above) and the rake:
``Total Pot`` is what was put in, the collections are less the rake, and
replay derives the rake (``rake`` is left 0).

The profile (docs/rules.md 11.3): bring-in ties go by suit; Seven Card
Stud deals the open pair's double bet on 4th street (the rule book's
default, ``open_pair_double``).

The lines are read in C (src/studcore/site_bovada.c, on the builder all
the sites' text readers share, site_text.c), which also finds a cash
table's stakes in the bets; this module reads the header's game, table
and fields.  Text strips and splits at Python's whitespace; digits are
ASCII digits.
"""

from __future__ import annotations

import re
from typing import Any

from ...enums import Variant
from . import SiteFormat
from ._c_text import CTextReader
from ._stud_text import Fail, Skip, first_line_is

__all__ = ["FORMAT", "BovadaReader"]

PROFILE: dict[str, Any] = {"bring_in_tiebreak": "suit",
                           "open_pair_double": {Variant.SEVEN_CARD_STUD: True}}

_HEADER = re.compile(r"(?:Bovada|Bodog(?:\.com|\.eu| UK| Canada|88)?|Ignition) Hand "
                     r"#C?(?P<id>\d+):?\s+(?P<rest>.*)")
_GAME = re.compile(r"(?:TBL#(?P<table>\S+)\s+)?(?P<game>7CARD HiLo|7CARD_HL|7CARD)\s+"
                   r"(?:Tournament #(?:M-)?(?P<tid>\d+) TBL#(?P<ttable>\d+),\s*)?"
                   r"(?P<limit>Fixed Limit|No Limit|Pot Limit)?(?P<rest>.*)")
_LEVEL = re.compile(r"Level (?P<level>\d+)\s*\((?P<stakes>[^)]*)\)")
_OTHER_GAME = re.compile(r"HOLDEM|OMAHA|Hold'?em|Omaha|DRAW|5CARD", re.I)
_VARIANTS = {"7CARD": Variant.SEVEN_CARD_STUD, "7CARD HiLo": Variant.SEVEN_CARD_STUD_HILO,
             "7CARD_HL": Variant.SEVEN_CARD_STUD_HILO}


def detect(head: str) -> bool:
    """A file whose first line that says something is a Bovada, Bodog or
    Ignition header.

    >>> detect("Bovada Hand #1 TBL#2 7CARD Fixed Limit - 2016-03-14 12:00:00")
    True
    >>> detect("Full Tilt Poker Game #1: Table T - 1/2 - Limit Razz - 1:00:00 ET - 2010/01/01")
    False
    """
    return first_line_is(head, _HEADER)


#: the text of a header up to its date (after its last " - ") -> its facts
_HEADERS: dict[str, tuple[Any, ...]] = {}


def _header(header: str, number: int) -> tuple[Any, ...]:
    """What a hand's header says: (variant, None, None (the stakes: the C
    reader finds them in the hand), currency sign, cents, currency, table,
    fields), raising ``Fail`` or ``Skip``.  Cash tables are in dollars,
    tournaments in chips.  The text before the date is the same in every
    hand of a table: read once."""
    match = _HEADER.match(header)
    assert match is not None
    rest = match["rest"]
    at = rest.rfind(" - ")
    if at >= 0:
        facts = _HEADERS.get(rest[:at])
        if facts is not None:
            return (*facts[:7], (*facts[7], ("_date", rest[at + 3:].strip())))
    return _read_header(rest, number)


def _read_header(text: str, number: int) -> tuple[Any, ...]:
    game = _GAME.match(text)
    if game is None:
        if _OTHER_GAME.search(text):
            raise Skip()
        raise Fail(number, f"unknown game: {text!r}")
    if game["limit"] not in (None, "Fixed Limit"):
        raise Fail(number, f"{game['game']} {game['limit']} is not supported (fixed limit "
                           f"only)")
    variant = _VARIANTS[game["game"]]
    rest = game["rest"]
    at = rest.rfind(" - ")
    fields: list[tuple[str, Any]] = []
    known = True  # (the facts do not depend on the date: kept for the next hands)
    if game["tid"]:
        table, sign, currency = game["ttable"], 0, None
        fields.append(("_tournament", game["tid"]))
        level = _LEVEL.search(rest)
        if level:
            fields.append(("_level", level["level"]))
            fields.append(("_level_stakes", level["stakes"]))
        known = level is not None and level.end() <= at
    else:
        table, sign, currency = game["table"], 1, "USD"
    fields.append(("_game", game["game"]))
    facts = (variant, None, None, sign, currency is not None, currency, table, tuple(fields))
    if at < 0:
        return facts
    if known:
        if len(_HEADERS) >= 1024:
            _HEADERS.clear()
        _HEADERS[text[:len(text) - len(rest) + at]] = facts
    return (*facts[:7], (*facts[7], ("_date", rest[at + 3:].strip())))


class BovadaReader(CTextReader):
    """The hands of one Bovada file (see the module), read in C
    (src/studcore/site_bovada.c) but for the header's game; ``skipped``,
    ``cancelled``, ``hands`` and ``errors`` count what was read so far."""

    format = "bovada"
    c_format = 1  # STUD_SITE_BOVADA
    header_of = staticmethod(_header)


def _reader(file: str | None = None, profile: dict[str, Any] | None = None) -> BovadaReader:
    return BovadaReader(file=file, profile=PROFILE if profile is None else profile)


FORMAT = SiteFormat("bovada", "Bovada / Bodog", detect, _reader, PROFILE)
