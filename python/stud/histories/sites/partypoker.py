"""PartyPoker's text hand histories of the stud games.

The format
----------
Each hand begins with ``#Game No : N``, then the banner ``***** Hand
History for Game N *****`` (no site name in it: 888poker's banner, which
follows the same ``#Game No`` line, names its site), then the game line:

- cash: ``$0.50/$1 USD 7 Card Stud - <date>`` (the small and the big bet;
  euro tables ``€0.50/€1 EUR``), the game ``7 Card Stud`` or ``7 Card Stud
  Hi-Lo`` (PartyPoker dealt no other stud game), amounts then written
  ``[$0.50 USD]``, ``$1,200``: read as cents of the currency;
- tournament: ``7 Card Stud  $10 USD Buy-in Trny:1234 Level:3
  Stakes-Antes(20/40 - 5) - <date>``: amounts in chips (``[1,500]``).

Then ``Table <name> (Real Money)``, ``Seat N is the button``, ``Total
number of players : n/max``, a ``Seat N: name ( $20 USD )`` line per
player, the antes (``name posts ante [$0.05 USD]``), and the streets:
``** Dealing **`` (3rd street), ``** Dealing Fourth street **``, ``Fifth``,
``Sixth``, ``** Dealing River **``, each followed by ``Dealt to name [
cards ]`` lines and the actions.  Between hands the client writes ``Game
#N starts.``.

Quirks
------
- Every amount an action names is what the action *added* (``raises
  [$1 USD]`` puts $1 more in, whatever the seat had in before; ``calls``
  likewise); the reader turns them into the seat's round total.
- ``bring-ins``, ``completes``, ``bets``, ``double bets`` (the big bet made
  on 4th street in Seven Card Stud when a board shows an open pair:
  docs/rules.md 4.4, the profile's ``open_pair_double``), ``raises``,
  ``calls``, ``checks``, ``folds``, and ``is all-In [amount]`` with no verb:
  a bring-in when it opens 3rd street, a raise when it goes over the bet,
  else a call.
- The hero's ``Dealt to`` line on 3rd street gives his three cards, the
  others' lines their up card only; 7th street gives the hero's card.
- ``doesn't show [ cards ]`` reveals a hand that is given up (a ``Mucked``
  step; the cards are kept in the field ``mucked_cards``).
- ``name wins $3.40 USD`` (``wins Lo ($1.70 USD)`` for the low half; ``wins
  120 chips`` in tournaments), with or without ``from the main pot ...``.

What the files never say
------------------------
No rake line, no total pot and no summary: ``collected`` holds the wins,
``rake`` stays 0 and the replay derives the rake (docs/rules.md 11.3); in
tournaments the wins must make the pot exactly.  No uncalled bet is
written: the engine returns it.  Other players' down cards are never
written unless shown (None in the record: docs/rules.md 11.4 chooses them).
The ante and the bring-in come from the ``posts ante`` and ``bring-ins``
lines (a hand whose bring-in was completed at once uses the rules'
default bring-in).  A hand with no ``wins`` line is cut short: an error.

The profile
-----------
``open_pair_double`` in Seven Card Stud (the only rule the files show that
differs from the defaults).

Read in C
---------
The lines after the game line are read in C (src/studcore/site_partypoker.c
on site_lines.c, LineHand's builder), the file split as the former Python
reader split it (a hand begins at its ``#Game No`` line, or at a banner
with none before it; a line before the first hand is an error unless it
says nothing of the hand: a coming or going, a time warning); this
module reads the banner's number and the game line (``_header``).
"""

from __future__ import annotations

import re
from typing import Any

from ...enums import Variant
from . import SiteFormat
from ._c_text import CTextReader
from ._stud_lines import amount_of, bounded
from ._stud_text import Fail, Skip

__all__ = ["FORMAT", "PARTYPOKER_PROFILE", "PartyPokerReader"]

#: PartyPoker's table rules: the open-pair double bet on 4th street in
#: Seven Card Stud (docs/rules.md 4.4, 11.3)
PARTYPOKER_PROFILE: dict[str, Any] = {"open_pair_double": {Variant.SEVEN_CARD_STUD: True}}

_BANNER = re.compile(r"\*{5} Hand History [Ff]or Game (\w+) \*{5}")
_GAMES = re.compile(r"7 Card Stud Hi-Lo|7 Card Stud|Texas Hold'?em|Double Hold'?em|Hold'?em|"
                    r"Omaha Hi-Lo|Omaha|Short Deck|Razz|5 Card Stud|Draw|Badugi")
_CASH = re.compile(r"(?P<sym>[$€]?)(?P<small>[\d,.]+)/[$€]?(?P<big>[\d,.]+)\s*(?P<iso>[A-Z]{3})?\s+"
                   r"(?:(?P<limit>FL|NL|PL|Limit)\s+)?(?P<game>.+?)\s+-\s+(?P<date>.*)$")
_TOURNEY = re.compile(r"(?:(?P<limit>FL|NL|PL)\s+)?(?P<game>.+?)\s+(?P<buyin>.*?)"
                      r"Trny:\s?(?P<tid>\d+)\s+Level:\s*(?P<level>\d+)\s+"
                      r"(?:Blinds|Stakes)(?:-Antes)?\((?P<small>[\d, ]+)/(?P<big>[\d, ]+)"
                      r"(?:\s*-\s*(?P<ante>[\d, ]+))?\)\s*-\s*(?P<date>.*)$")
# (the lines after the game line are read in C: src/studcore/site_partypoker.c)
_STUD = {"7 Card Stud": Variant.SEVEN_CARD_STUD, "7 Card Stud Hi-Lo": Variant.SEVEN_CARD_STUD_HILO}


def _number(text: str, cents: bool, line: int) -> int:
    return bounded(amount_of(text.replace(",", "").replace(" ", ""), cents, line), text, line)


def _of_hand(fail: Fail, hand_id: str | None) -> Fail:
    """``fail`` naming the hand it ends (``_SiteText`` reports it so)."""
    fail.hand = hand_id  # type: ignore[attr-defined]
    return fail


def _header(banner: str, banner_line: int, header: str, number: int) -> tuple[Any, ...]:
    """What a hand's banner and the game line after it say: (variant, small
    bet, big bet, currency sign, cents, currency, table, fields, the hand's
    id, the stated ante or None), raising ``Fail`` (its ``hand`` the hand's
    id) or ``Skip``."""
    found = _BANNER.match(banner)
    hand_id = found.group(1) if found else None
    try:
        return _read_header(header, number) + (hand_id, None)
    except Fail as fail:
        raise _of_hand(fail, hand_id) from None


def _read_header(header: str, number: int) -> tuple[Any, ...]:
    games = _GAMES.findall(header)
    if not games:
        raise Fail(number, f"no game named in {header!r}")
    if games[0] not in _STUD:
        raise Skip()
    variant = _STUD[games[0]]
    tourney = _TOURNEY.match(header) if "Trny:" in header else None
    cash = None if tourney else _CASH.match(header)
    match = tourney or cash
    if match is None:
        raise Fail(number, f"a game line that does not read: {header!r}")
    if match.group("limit") in ("NL", "PL"):
        raise Fail(number, "only fixed-limit stud is read")
    cents = cash is not None
    currency: str | None = None
    fields: list[tuple[str, Any]] = []
    if cash is not None:
        currency = cash.group("iso") or {"$": "USD", "€": "EUR"}.get(cash.group("sym"))
        if currency is None:
            raise Fail(number, "a cash game's line that names no currency")
    else:
        assert tourney is not None
        fields += [("_tournament", tourney.group("tid")), ("_level", tourney.group("level"))]
        if tourney.group("buyin").strip():
            fields.append(("_buy_in", tourney.group("buyin").strip()))
    small = _number(match.group("small"), cents, number)
    big = _number(match.group("big"), cents, number)
    fields += [("_game", header), ("_date", match.group("date").strip())]
    symbol = {"$": 1, "€": 2}.get(cash.group("sym"), 0) if cash is not None else 0
    return (variant, small, big, symbol, cents, currency, None, tuple(fields))


class PartyPokerReader(CTextReader):
    """Reads a PartyPoker file's lines (see the module), in C
    (src/studcore/site_partypoker.c) but for the banner's and the game
    line's reading: ``read(lines)`` yields a ``HandRecord`` per hand and a
    ``HistoryError`` per hand that cannot be read; ``skipped`` counts the
    hands of other games, ``cancelled`` the hands the site cancelled,
    ``hands`` and ``errors`` what was read."""

    format = "partypoker"
    c_format = 7  # STUD_SITE_PARTYPOKER
    header_lines = 2
    header_of = staticmethod(_header)


def detect(head: str) -> bool:
    """A PartyPoker file: a ``***** Hand History for Game N *****`` banner
    (888poker's names its site between the stars and ``Hand``)."""
    return any(_BANNER.match(line) for line in head.split("\n"))


FORMAT = SiteFormat("partypoker", "PartyPoker", detect, PartyPokerReader, PARTYPOKER_PROFILE)
