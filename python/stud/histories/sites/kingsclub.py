"""KingsClub text hand histories of the stud games: Seven Card Stud, Seven
Card Stud Hi-Lo, Razz and 2-7 Razz (``stud.Variant.DEUCE_TO_SEVEN_RAZZ``).

A hand::

    #987654321: Limit Seven Card Stud - $0.10/$0.20 - 2021-03-04 05:06:07
    Table 'Rio' 8-max
    Seat 1: ann ($5.00)
    ann: posts ante $0.02
    *** 3RD STREET ***
    Dealt to ann: [As Kd 2c]            (X for a card not seen: [X X 9h])
    bob brings in for $0.05
    ann raises $0.05 to $0.10
    *** 4TH STREET ***
    Dealt to ann: [As Kd 2c] [5s]       (the cards before, then the new one)
    ...
    Uncalled bet ($0.10) returned to ann
    ann shows [As Kd 2c 5s 6d 7h 8c]
    ann wins ($0.38) from pot
    *** SUMMARY ***
    Rake 0.02

The header begins with ``#`` and the hand number; cash amounts carry a
currency sign (kept as cents); a tournament's table is ``'T<id> [<n>]'``
and its amounts are written in hundredths of a chip (``1.50`` is 150
chips).  Some files put the 3rd street deal and betting before any marker:
their labels then run one street behind (``*** 3RD STREET ***`` opens 4th
street, ``*** 6TH STREET ***`` 7th); the reader tells them apart by what
comes before the first marker.

What the files never say: other players' down cards (``X``: None, chosen
by docs/rules.md 11.4) unless shown.  ``Rake`` is stated; ``wins (X)``
lines give each seat's collections (all pots).

Site rules (the profile): the open pair on 4th street allows the double
bet in Seven Card Stud (``open_pair_double``).  KingsClub's records also
show, after a completion to the small bet S, a raise to S + the bring-in
(not 2S): no engine option deals so (docs/rules.md 11.3 lists none), so
such hands are read as written and do not reproduce: the replay reports a
``MismatchError`` at that raise.

The lines are read in C (src/studcore/site_kingsclub.c, on the builder of
wpn.py's ``_Hand`` in C, site_wpn_hand.c); this module reads the header's
game, stakes and fields, with the 2nd and 3rd lines, where a tournament's
table is named (``header_lines`` 3).  The file is split into hands as
wpn.py's ``_HandsReader`` splits it (site_formats.c's ``stud_site_split``);
a hand with a line ``Hand cancelled`` is counted, not read.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from ...enums import Variant
from .._fail import _Fail, _Skip
from . import SiteFormat
from ._c_text import CTextReader
from .wpn import _Hand, _variant

__all__ = ["FORMAT", "KINGSCLUB_PROFILE", "KingsClubReader"]

#: KingsClub's table rules: the open-pair double bet (Seven Card Stud)
KINGSCLUB_PROFILE: dict[str, Any] = {"open_pair_double": {Variant.SEVEN_CARD_STUD: True}}

_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP"}
_AMOUNT = r"[$€£]?\d[\d,]*(?:\.\d+)?"
_HEADER = re.compile(r"#(?P<id>\d+): +(?P<limit>Limit|No Limit|Pot Limit) (?P<game>.+?) - "
                     rf"(?P<small>{_AMOUNT})/(?P<big>{_AMOUNT})(?: - (?P<date>.*))?")
_GAMES = {"Seven Card Stud": Variant.SEVEN_CARD_STUD,
          "Seven Card Stud Hi-Lo": Variant.SEVEN_CARD_STUD_HILO, "Razz": Variant.RAZZ,
          "2-7 Razz": Variant.DEUCE_TO_SEVEN_RAZZ}
_STUD = re.compile(r"stud|razz", re.IGNORECASE)
#: the header's words for fixed-limit
_LIMITS = frozenset(("Limit",))
_TABLE = re.compile(r"Table (?:ID )?'(?P<name>.+?)'(?: (?P<max>\d+)-max)?")
_TOURNAMENT = re.compile(r"T(?P<tid>\d+) \[(?P<n>\d+)\]")


class _KHand(_Hand):
    """Amounts in hundredths: cents of money, or hundredths of a chip in a
    tournament (``1.50`` is 150 chips)."""

    _cache: ClassVar[dict[tuple[str, str | None], int]] = {}

    def _amount(self, text: str, number: int) -> int:
        text = text.rstrip(".")
        if text[:1] in _SYMBOLS:
            if _SYMBOLS[text[0]] != self.currency:
                raise _Fail(number, f"the amount {text!r} is not in the hand's "
                                    f"{self.currency or 'chips'}")
            text = text[1:]
        whole, _, frac = text.replace(",", "").partition(".")
        if not whole.isdigit() or (frac and not frac.isdigit()) or frac[2:].strip("0"):
            raise _Fail(number, f"the amount {text!r} does not parse")
        value = int(whole) * 100 + int(frac[:2].ljust(2, "0"))
        if value >= 1 << 31:
            raise _Fail(number, f"the amount {text!r} is too large")
        return value


#: the currency's sign as the C reader numbers it (site_text.h)
_SIGNS = {None: 0, "USD": 1, "EUR": 2, "GBP": 3}
#: (the header from its game to its stakes, the tournament) -> its facts
_HEADERS: dict[tuple[str, str | None], tuple[Any, ...]] = {}


def _header(line: str, number: int, second: str | None = None, second_number: int | None = None,
            third: str | None = None, third_number: int | None = None) -> tuple[Any, ...]:
    """What a hand's header says, with the 2nd and 3rd lines (a tournament's
    table is named there): (variant, small bet, big bet, currency sign,
    cents, currency, table (None: the lines name it), fields), raising
    ``_Fail`` or ``_Skip``."""
    header = _HEADER.fullmatch(line)
    if header is None:
        raise _Fail(number, "the header does not parse")
    tournament = None
    for text in (second, third):
        if text is not None:
            match = _TABLE.match(text)
            if match is not None:
                tournament = _TOURNAMENT.fullmatch(match["name"])
    tid = None if tournament is None else tournament["tid"]
    key = (line[header.end("id"):header.end("big")], tid)
    facts = _HEADERS.get(key)
    if facts is None:
        facts = _read_header(header, number, tid)
        if len(_HEADERS) >= 1024:
            _HEADERS.clear()
        _HEADERS[key] = facts
    fields = facts[7]
    if header["date"]:
        fields = (fields[0], ("_date", header["date"].strip()), *fields[1:])
    return (*facts[:7], fields)


def _read_header(header: re.Match[str], number: int, tid: str | None) -> tuple[Any, ...]:
    game = header["game"].strip()
    variant = _variant(number, game, _GAMES, _STUD)
    if variant is not None and header["limit"] not in _LIMITS:
        raise _Fail(number, f"{header['limit']} stud is not read: only fixed-limit stud")
    if variant is None:
        raise _Skip()
    currency = None if tid is not None else _SYMBOLS.get(header["small"][:1], "USD")
    small, big = _KHand(number, "", currency, {}, None).stakes(number, header["small"],
                                                                header["big"])
    fields: list[tuple[str, Any]] = [("_game", f"Limit {game}")]
    if tid is not None:
        fields.append(("_tournament", tid))
    return (variant, small, big, _SIGNS[currency], currency is not None, currency, None,
            tuple(fields))


class KingsClubReader(CTextReader):
    """The hands of one KingsClub file (see the module), read in C
    (src/studcore/site_kingsclub.c) but for the header's game; ``skipped``,
    ``cancelled``, ``hands`` and ``errors`` count what was read so far."""

    format = "kingsclub"
    c_format = 6  # STUD_SITE_KINGSCLUB
    header_lines = 3
    header_of = staticmethod(_header)


_DETECT = re.compile(rf"^#\d+: +(?:Limit|No Limit|Pot Limit) [^\n]+? - {_AMOUNT}/{_AMOUNT}",
                     re.MULTILINE)


def detect(head: str) -> bool:
    """A ``#N: Limit GAME - S/B`` header and a ``Table '...'`` line."""
    return _DETECT.search(head) is not None and re.search(
        r"^Table (?:ID )?'", head, re.MULTILINE) is not None


def _reader(*, file: str | None = None,
            profile: dict[str, Any] | None = None) -> KingsClubReader:
    return KingsClubReader(file=file, profile=KINGSCLUB_PROFILE if profile is None else profile)


FORMAT = SiteFormat("kingsclub", "KingsClub", detect, _reader, KINGSCLUB_PROFILE)
