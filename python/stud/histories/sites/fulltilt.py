"""Full Tilt Poker's text hand histories (``fulltilt``).

A hand begins with its header and ends with its summary::

    Full Tilt Poker Game #2153: Table Hagan - $3/$6 Ante $0.50 - Limit Stud Hi - 12:22 ET - 2010/6/1
    Seat 1: Ann ($31)
    Seat 2: Bob ($67), is sitting out
    Ann antes $0.50
    *** 3RD STREET ***
    Dealt to Ann [Td Jd] [As]
    Dealt to Cy [8c]
    Cy is low with [8c]
    Cy brings in for $1
    Ann completes it to $3
    Cy calls $2
    *** 4TH STREET ***
    Dealt to Ann [Td Jd As] [Jc]
    ...
    *** SHOW DOWN ***
    Ann shows [Jd Td As Jc Js 7h 2s] three of a kind, Jacks
    Cy mucks
    Ann wins the pot ($72.50) with three of a kind, Jacks
    *** SUMMARY ***
    Total pot $75.50 | Rake $3
    Seat 1: Ann showed [Jd Td As Jc Js 7h 2s] and won ($72.50) with three of a kind, Jacks
    Seat 3: Cy mucked [Kd 7c Kc 2h 3s 4d 5h] - a pair of Kings

The games: ``Limit Stud Hi`` (also written ``7 Card Stud``), ``Limit Stud
H/L`` (``Stud Hi/Lo``) and ``Limit Razz``; hands of other games (hold'em,
omaha, draw, badugi) are passed over and counted.  Cash games give
amounts in money with the sign before them (``$``, ``€``, ``£``; commas in
thousands), tournaments (``$10 + $1 Sit & Go (123456789), Table 3 -
30/60 Ante 5 - Limit Razz``) in chips.

The format's ways:

- ``calls`` names the chips the call adds, ``raises to``, ``completes it
  to`` and ``bets`` the new total (a bet: what it adds, the round being
  unopened); ``, and is all in`` follows an all-in amount.
- An uncalled bet is returned on its own line (``Uncalled bet of $4
  returned to Ann``); what a player collects is said on ``wins the pot``,
  ``wins the high pot`` / ``the low pot``, ``wins the main pot`` / ``side
  pot #1`` lines (``ties for`` for a split), and again in the summary.
- A player listed in the seats who sits out is in the hand only if he
  antes or is dealt cards; players sitting down during a hand are not in
  it.  Lines that only inform (``is low with``, ``has 15 seconds left to
  act``, ``sits down``, ``adds $40``, ``stands up``, chat as ``NAME:
  text``) are passed over.
- The winner of an uncontested pot ``mucks``: not a showdown.  The
  summary's ``mucked [..]`` cards are kept as the field ``_mucked_cards``.

What the files never say: the bring-in amount (taken from the hand's
``brings in for`` line, else from the first call of it, else the rules'
default) and the cards of players who folded; the down cards of players
other than the hero are unknown until shown (replay chooses them, docs/
rules.md 11.4).

The profile (docs/rules.md 11.3): bring-in ties go by suit, and a short
all-in raise re-opens the betting at half a bet (``reopen_rule``
"half_bet").

The lines are read in C (src/studcore/site_fulltilt.c, on the builder
all the sites' text readers share, site_text.c); this module reads the
header's game, table and fields (once for each table and stakes).  Text
strips and splits at Python's whitespace; digits are ASCII digits.
"""

from __future__ import annotations

import re
from typing import Any

from ...enums import Variant
from . import SiteFormat
from ._c_text import CTextReader
from ._stud_text import Fail, Skip, currency_of, first_line_is, read_amount

__all__ = ["FORMAT", "FullTiltReader"]

PROFILE: dict[str, Any] = {"bring_in_tiebreak": "suit", "reopen_rule": "half_bet"}

_HEADER = re.compile(r"Full ?Tilt Poker (?:Game|Hand) #(?P<id>\d+):\s*(?P<rest>.*)", re.I)
_GAME = re.compile(r"\b(?:Fixed )?Limit (?P<game>Stud H/L|Stud Hi/Lo|Stud Hi-Lo|Stud 8|"
                   r"Stud Hi|7 Card Stud Hi/Lo|7 Card Stud|Stud|Razz)\s*$", re.I)
_OTHER_GAME = re.compile(r"Hold'?em|Omaha|Draw|Badugi|Triple|2-7|A-5|Lowball|5 Card Stud|"
                         r"Pot Limit|No Limit", re.I)
_VARIANTS = {"stud h/l": Variant.SEVEN_CARD_STUD_HILO, "stud hi/lo": Variant.SEVEN_CARD_STUD_HILO,
             "stud hi-lo": Variant.SEVEN_CARD_STUD_HILO, "stud 8": Variant.SEVEN_CARD_STUD_HILO,
             "7 card stud hi/lo": Variant.SEVEN_CARD_STUD_HILO,
             "stud hi": Variant.SEVEN_CARD_STUD, "7 card stud": Variant.SEVEN_CARD_STUD,
             "stud": Variant.SEVEN_CARD_STUD, "razz": Variant.RAZZ}
_STAKES = re.compile(r"(?P<small>[$€£]?[\d,]+(?:\.\d+)?)/(?P<big>[$€£]?[\d,]+(?:\.\d+)?)"
                     r"(?: Ante (?P<ante>[$€£]?[\d,]+(?:\.\d+)?))?(?P<more>.*)")
_TOURNAMENT = re.compile(r"(?P<desc>.*)\((?P<tid>\d+)\),\s*Table (?P<table>.*)")
#: the currency's sign as the C reader numbers it (site_text.h)
_SIGNS = {None: 0, "USD": 1, "EUR": 2, "GBP": 3}
#: the text of a header up to its game (" - "-separated parts) -> its facts
_HEADERS: dict[str, tuple[Any, ...]] = {}
_SEPARATOR = " - "


def detect(head: str) -> bool:
    """A file whose first line that says something is a Full Tilt header.

    >>> detect("Full Tilt Poker Game #1: Table T - 1/2 - Limit Razz - 1:00:00 ET - 2010/01/01")
    True
    >>> detect("PokerStars Hand #1: Razz Limit (1/2) - 2010/01/01 1:00:00 ET")
    False
    """
    return first_line_is(head, _HEADER)


def _header(header: str, number: int) -> tuple[Any, ...]:
    """What a hand's header says: (variant, small bet, big bet, currency
    sign, cents, currency, table, fields), raising ``Fail`` or ``Skip``.
    The parts up to the game's are the same in every hand of a table: read
    once (the parts after it are the date)."""
    match = _HEADER.match(header)
    assert match is not None
    rest = match["rest"]
    at = rest.find(_SEPARATOR)
    while True:
        facts = _HEADERS.get(rest if at < 0 else rest[:at])
        if facts is not None:
            if at < 0:
                return facts
            date = [part.strip() for part in rest[at + 3:].split(_SEPARATOR) if part.strip()]
            if not date:
                return facts
            return (*facts[:7], (*facts[7], ("_date", " - ".join(date))))
        if at < 0:
            break
        at = rest.find(_SEPARATOR, at + 3)
    return _read_header(header, number, rest)


def _read_header(header: str, number: int, text: str) -> tuple[Any, ...]:
    parts = text.split(_SEPARATOR)
    game_at = next((i for i, part in enumerate(parts) if _GAME.search(part.strip())), None)
    if game_at is None:
        if _OTHER_GAME.search(text):
            raise Skip()
        raise Fail(number, f"unknown game: {text!r}")
    game = _GAME.search(parts[game_at].strip())
    assert game is not None
    variant = _VARIANTS[game["game"].lower()]
    stakes_at = next((i for i in range(game_at - 1, -1, -1)
                      if _STAKES.fullmatch(parts[i].strip())), None)
    if stakes_at is None:
        raise Fail(number, f"no stakes in the header: {header!r}")
    stakes = _STAKES.fullmatch(parts[stakes_at].strip())
    assert stakes is not None
    fields: list[tuple[str, Any]] = []
    currency = None
    where = " - ".join(parts[:stakes_at]).strip()
    tournament = _TOURNAMENT.fullmatch(where)
    if tournament is not None:
        table = tournament["table"].strip()
        fields.append(("_tournament", tournament["tid"]))
        if tournament["desc"].strip():
            fields.append(("_tournament_name", tournament["desc"].strip()))
    else:
        table = where[6:].strip() if where.startswith("Table ") else where
        currency = currency_of(stakes["small"] + stakes["big"])
    small = read_amount(stakes["small"], currency, number)
    big = read_amount(stakes["big"], currency, number)
    if stakes["ante"]:
        fields.append(("_stated_ante", read_amount(stakes["ante"], currency, number)))
    fields.append(("_game", parts[game_at].strip()))
    facts = (variant, small, big, _SIGNS[currency], currency is not None, currency, table,
             tuple(fields))
    if len(_HEADERS) >= 1024:
        _HEADERS.clear()
    _HEADERS[_SEPARATOR.join(parts[:game_at + 1])] = facts
    date = [part.strip() for part in parts[game_at + 1:] if part.strip()]
    if date:
        return (*facts[:7], (*facts[7], ("_date", " - ".join(date))))
    return facts


class FullTiltReader(CTextReader):
    """The hands of one Full Tilt file (see the module), read in C
    (src/studcore/site_fulltilt.c) but for the header's game; ``skipped``,
    ``cancelled``, ``hands`` and ``errors`` count what was read so far."""

    format = "fulltilt"
    c_format = 0  # STUD_SITE_FULLTILT
    header_of = staticmethod(_header)


def _reader(file: str | None = None, profile: dict[str, Any] | None = None) -> FullTiltReader:
    return FullTiltReader(file=file, profile=PROFILE if profile is None else profile)


FORMAT = SiteFormat("fulltilt", "Full Tilt Poker", detect, _reader, PROFILE)
