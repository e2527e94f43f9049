"""Absolute Poker / UltimateBet (the Cereus network) text hand histories of
the stud games.

A hand::

    Stage #1571362962: Seven Card Hi/Lo Normal $0.50/$1, $0.10 ante - 2009-08-05 15:24:06 (ET)
    Table: TORONTO AVE (Real Money) Seat #1 is the dealer
    Seat 1 - ann ($5.00 in chips)
    ann - Ante $0.10
    *** 3rd STREET ***
    ann - Pocket [As Kd 5c]          (every card so far, H for one not seen)
    Bob Marley - Pocket [H H 9h]
    Bob Marley - Bring-In $0.25.
    ann - Raises $0.50               (the chips the action adds)
    *** 4TH STREET *** ... *** 6TH STREET *** ... *** RIVER ***
    ann - Shows [As Kd 5c 7d 8s 9c 2h] (a description)
    *** SUMMARY ***
    Seat 1: ann won Total ($2.20)

``Normal`` is fixed limit; the games are ``7 Card Stud``, ``Seven Card
Hi/Lo`` and ``Razz``; a tournament's header has ``Tourney ID N`` and
amounts in chips; cash amounts carry ``$`` (or ``€``) and commas in
thousands (kept as cents).  Actions name the chips they add: ``Bets``,
``Raises``, ``Calls``, ``All-In`` (a bet, a call or the bring-in, from the
bets so far) and ``All-In(Raise)``; ``Folds`` and ``Checks``.

What the files never say: the rake (``rake`` is 0, ``collected`` is what
each seat won, and the replay derives the rake, docs/rules.md 11.3); the
uncalled bet returned (the engine returns it itself: what a seat "won" is
from the pots only); the cards written ``H``, other players' down cards
(None: chosen by 11.4).  Each ``Pocket`` line repeats the cards dealt on
the streets before: they must be the ones dealt.

The profile: the engine's defaults (no rule of the site's own is known).
Hands of other games are skipped and counted; pot-limit or no-limit stud
is an error.

The lines are read in C (src/studcore/site_absolute.c, on the builder of
wpn.py's ``_Hand`` in C, site_wpn_hand.c); this module reads the header's
game, stakes and fields.  The file is split into hands as wpn.py's
``_HandsReader`` splits it (site_formats.c's ``stud_site_split``).
"""

from __future__ import annotations

import re
from typing import Any

from ...enums import Variant
from .._fail import _Fail, _Skip
from . import SiteFormat
from ._c_text import CTextReader
from .wpn import _Hand, _variant

__all__ = ["ABSOLUTE_PROFILE", "FORMAT", "AbsoluteReader"]

#: Absolute's table rules: the engine's defaults
ABSOLUTE_PROFILE: dict[str, Any] = {}

_AMOUNT = r"(?:\$|€ ?)?\d[\d,]*(?:\.\d+)?"
_HEADER = re.compile(
    r"Stage #C?(?P<id>\d+):? +(?:Tourney ID (?P<tid>\d+) +)?(?P<game>.+?) +"
    r"(?P<kind>\(1 on 1\)|Single Tournament|Multi Normal Tournament|)\s*"
    r"(?P<limit>No Limit|Pot Limit|Normal|Limit|NO LIMIT|POT LIMIT|NORMAL)\s+"
    rf"(?P<small>{_AMOUNT})(?:/(?P<big>{_AMOUNT}))?(?:, (?P<ante>{_AMOUNT}) ante)?"
    r"\s+(?:Turbo\s+)?-\s+(?P<date>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d.*)")
_GAMES = {"7 Card Stud": Variant.SEVEN_CARD_STUD, "Seven Card Stud": Variant.SEVEN_CARD_STUD,
          "Seven Card Hi/Lo": Variant.SEVEN_CARD_STUD_HILO,
          "7 Card Stud Hi/Lo": Variant.SEVEN_CARD_STUD_HILO, "Razz": Variant.RAZZ}
_STUD = re.compile(r"stud|razz|seven card", re.IGNORECASE)
#: the header's words for fixed-limit
_LIMITS = frozenset(("Normal", "Limit", "NORMAL"))
#: the currency's sign as the C reader numbers it (site_text.h)
_SIGNS = {None: 0, "USD": 1, "EUR": 2, "GBP": 3}
#: the header up to its date -> its facts but the date
_HEADERS: dict[str, tuple[Any, ...]] = {}


def _money(text: str) -> str | None:
    if text.startswith("$"):
        return "USD"
    if text.startswith("€"):
        return "EUR"
    return None


def _header(line: str, number: int) -> tuple[Any, ...]:
    """What a hand's header says: (variant, small bet, big bet, currency
    sign, cents, currency, table (None: the lines name it), fields),
    raising ``_Fail`` or ``_Skip``; read once for each text up to the
    date."""
    header = _HEADER.fullmatch(line)
    if header is None:
        raise _Fail(number, "the header does not parse")
    date = header["date"].strip()
    key = line[header.end("id"):header.start("date")]
    facts = _HEADERS.get(key)
    if facts is None:
        facts = _read_header(header, number)
        if len(_HEADERS) >= 1024:
            _HEADERS.clear()
        _HEADERS[key] = facts
    fields = facts[7]
    return (*facts[:7], (*fields[:2], ("_date", date), *fields[2:]))


def _read_header(header: re.Match[str], number: int) -> tuple[Any, ...]:
    game = header["game"].strip()
    variant = _variant(number, game, _GAMES, _STUD)
    if variant is not None and header["limit"] not in _LIMITS:
        raise _Fail(number, f"{header['limit']} stud is not read: only fixed-limit stud")
    if variant is None:
        raise _Skip()
    if header["big"] is None:
        raise _Fail(number, "the header gives one stake: the small and big bets are needed")
    currency = None if header["tid"] else _money(header["small"])
    small, big = _Hand(number, "", currency, {}, None).stakes(number, header["small"],
                                                               header["big"])
    fields: list[tuple[str, Any]] = [("seat_count", 8), ("_game", game)]
    if header["tid"]:
        fields.append(("_tournament", header["tid"]))
    if header["ante"] is not None:
        fields.append(("_ante", header["ante"]))
    return (variant, small, big, _SIGNS[currency], currency is not None, currency, None,
            tuple(fields))


class AbsoluteReader(CTextReader):
    """The hands of one Absolute Poker / UltimateBet file (see the module),
    read in C (src/studcore/site_absolute.c) but for the header's game;
    ``skipped``, ``cancelled``, ``hands`` and ``errors`` count what was
    read so far."""

    format = "absolute"
    c_format = 5  # STUD_SITE_ABSOLUTE
    header_of = staticmethod(_header)


_DETECT = re.compile(r"^Stage #C?\d+:? .* - \d{4}-\d\d-\d\d \d\d:\d\d:\d\d", re.MULTILINE)


def detect(head: str) -> bool:
    """A ``Stage #N: GAME ... - YYYY-MM-DD hh:mm:ss`` header and seats
    written ``Seat N - NAME (... in chips)``."""
    return _DETECT.search(head) is not None and re.search(
        r"^Seat \d+ - .+ \(.+ in chips\)", head, re.MULTILINE) is not None


def _reader(*, file: str | None = None,
            profile: dict[str, Any] | None = None) -> AbsoluteReader:
    return AbsoluteReader(file=file, profile=ABSOLUTE_PROFILE if profile is None else profile)


FORMAT = SiteFormat("absolute", "Absolute Poker / UltimateBet", detect, _reader,
                    ABSOLUTE_PROFILE)
