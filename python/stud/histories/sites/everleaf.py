"""Everleaf Gaming's text hand histories (``everleaf``).

A hand begins with its banner (an ``Everleaf Gaming Game #N`` line may
come first) and runs to its ``wins`` lines::

    ***** Hand history for game #75065769 *****
    $0.25/$0.50 7 Card Stud - 2008/12/05 - 21:43:59
    Table Sheffield
    Seat 1: ann ( $ 10.50 USD )
    Seat 3: bob ( $ 5 USD )
    ann: posts ante [$ 0.05 USD]
    bob: posts ante [$ 0.05 USD]
    ** Dealing down cards **
    Dealt to ann [ 2c, 5h, 7d ]
    Dealt to bob [ Kh ]
    ann posts bring-in $0.10.
    bob completes to $0.25.
    ann: calls [$ 0.15 USD]
    **** dealing 4th street ****
    Dealt to ann [ 9s ]
    Dealt to bob [ Kc ]
    bob: bets [$ 0.50 USD]
    ann: folds
    bob wins $ 0.60 USD from main pot

The header's stakes are the small and big bets (``$0.25/$0.50``; in
euros ``€``; tournament chips without a sign); the game is ``7 Card
Stud`` (``Razz`` and ``7 Card Stud Hi/Lo`` are read too); hold'em and
omaha hands are passed over and counted.

The format's ways:

- Amounts in brackets carry a sign and a currency word (``[$ 0.15
  USD]``, ``[€ 2 EUR]``, ``[ 40 Chips]``); the bring-in and completion
  lines end with a full stop (``posts bring-in $0.10.``).
- ``calls`` names the chips added, ``raises`` the raise over the bet (the
  raise *by*), ``bets`` the bet, ``completes to`` the new total.
- Cards are written ``[ 2c, 5h ]``.  Each street's ``Dealt to`` lines give
  the cards a player is dealt that street as the file's owner saw them:
  three on 3rd street for the owner, the up card for the others (hidden
  cards may be written ``xx``), the up card on 4th-6th street, and on
  7th street only the owner's card.  The public material we read does
  not describe the stud card lines beyond hold'em's ``Dealt to NAME [
  .. ]``: this is the shape this reader takes.
- No uncalled bet is written and no total pot: a ``wins`` line (``wins $
  0.60 USD from main pot``, ``wins high``, ``wins low``, ``from side pot
  #1``) gives what was collected, the uncalled part left out; the rake is
  never stated (replay derives it).
- ``shows [ .. ]`` shows a hand at the showdown; ``mucks [ .. ]`` and
  ``does not show cards`` give it up (the first naming the cards).

What the files never say: the rake, the total pot, uncalled bets, the
table size.  A hand cut off before its ``wins`` lines is reported, never
read.

The profile (docs/rules.md 11.3): Seven Card Stud deals the open pair's
double bet on 4th street (``open_pair_double``).

The lines are read in C (src/studcore/site_everleaf.c, on the builder
all the sites' text readers share, site_text.c); this module reads the
header's game from the banner's next line.  Text strips and splits at
Python's whitespace; digits are ASCII digits.
"""

from __future__ import annotations

import re
from typing import Any

from ...enums import Variant
from . import SiteFormat
from ._c_text import CTextReader
from ._stud_text import Fail, Skip, read_amount

__all__ = ["FORMAT", "EverleafReader"]

PROFILE: dict[str, Any] = {"open_pair_double": {Variant.SEVEN_CARD_STUD: True}}

_BANNER = re.compile(r"\*{5} Hand history for game #(?P<id>\d+) \*{5}")
_GAMING = re.compile(r"Everleaf Gaming Game #(?P<id>\d+)")
_GAME = re.compile(r"(?:Blinds )?(?P<small>[$€]?\s?[\d,]+(?:\.\d+)?) ?/ ?(?P<big>[$€]?\s?"
                   r"[\d,]+(?:\.\d+)?) (?P<limit>NL |PL )?(?P<game>7 Card Stud Hi/Lo|"
                   r"7 Card Stud|Razz|Hold'em|Omaha Hi/Lo|Omaha)(?P<rest>.*)")
_VARIANTS = {"7 Card Stud": Variant.SEVEN_CARD_STUD,
             "7 Card Stud Hi/Lo": Variant.SEVEN_CARD_STUD_HILO, "Razz": Variant.RAZZ}
#: the currency's sign as the C reader numbers it (site_text.h)
_SIGNS = {None: 0, "USD": 1, "EUR": 2, "GBP": 3}
#: the game line up to its first " - " (the whole line without one) -> its
#: facts but the date, and where its game ends
_GAMES: dict[str, tuple[tuple[Any, ...], int]] = {}


def detect(head: str) -> bool:
    """A file whose first line that says something is an Everleaf banner.

    >>> detect("***** Hand history for game #75065769 *****")
    True
    >>> detect("Everleaf Gaming Game #75065769\\n***** Hand history for game #75065769 *****")
    True
    >>> detect("PokerStars Hand #1: Razz Limit (1/2) - 2010/01/01 1:00:00 ET")
    False
    """
    lines = head.lstrip("#").split("\n", 2)
    first = lines[0].strip()
    if _GAMING.fullmatch(first):
        return len(lines) > 1 and _BANNER.fullmatch(lines[1].strip()) is not None
    return _BANNER.fullmatch(first) is not None


def _header(banner: str, number: int, line: str | None = None,
            line_number: int | None = None) -> tuple[Any, ...]:
    """What a hand's banner and the game line after it say: (variant,
    small bet, big bet, currency sign, cents, currency, table, fields),
    raising ``Fail`` or ``Skip`` (hold'em and omaha hands).  The game line
    up to its first " - " is the same in every hand of a table and stakes:
    read once (no part of the game's pattern can take the "-", so what
    follows, the date, changes nothing before it)."""
    if line is None or line_number is None:
        raise Fail(number, "the hand ends after its banner")
    at = line.find(" - ")
    key = line if at < 0 else line[:at]
    cached = _GAMES.get(key) if "\n" not in line else None
    if cached is None:
        cached = _read_game(line, line_number)
        if "\n" not in line:
            if len(_GAMES) >= 1024:
                _GAMES.clear()
            _GAMES[key] = cached
    facts, end = cached
    date = line[end:].strip(" -")
    if date:
        return (*facts[:7], (*facts[7], ("_date", date)))
    return facts


def _read_game(line: str, number: int) -> tuple[tuple[Any, ...], int]:
    """The game line's facts but the date, and where its game ends."""
    game = _GAME.fullmatch(line)
    if game is None:
        raise Fail(number, f"the game line does not parse: {line!r}")
    if game["game"] not in _VARIANTS:
        raise Skip()
    if game["limit"]:
        raise Fail(number, f"{game['limit'].strip()} {game['game']} is not supported "
                           f"(fixed limit only)")
    sign = game["small"] + game["big"]
    currency = "USD" if "$" in sign else "EUR" if "€" in sign else None
    small = read_amount(game["small"].replace(" ", ""), currency, number)
    big = read_amount(game["big"].replace(" ", ""), currency, number)
    return ((_VARIANTS[game["game"]], small, big, _SIGNS[currency], currency is not None,
             currency, None, (("_game", game["game"]),)), game.end("game"))


class EverleafReader(CTextReader):
    """The hands of one Everleaf file (see the module), read in C
    (src/studcore/site_everleaf.c) but for the header's game; ``skipped``,
    ``cancelled``, ``hands`` and ``errors`` count what was read so far.
    The "Everleaf Gaming Game #N" line before a banner is read as blank
    (the line numbers stay those of the file)."""

    format = "everleaf"
    c_format = 2  # STUD_SITE_EVERLEAF
    header_lines = 2
    header_of = staticmethod(_header)


def _reader(file: str | None = None, profile: dict[str, Any] | None = None) -> EverleafReader:
    return EverleafReader(file=file, profile=PROFILE if profile is None else profile)


FORMAT = SiteFormat("everleaf", "Everleaf", detect, _reader, PROFILE)
