"""The game text of a PokerStars header (what comes before its date):
the game, the limit, the stakes and currency, a mixed game's name, a
tournament's number, buy-in, level and match round, a Home Game's club.
The C reader (``src/studcore/ps_read.c``) reads the hands' lines; this
module reads the game text, once per distinct text of a file, into what
the C reader is given (``pokerstars._game_record_facts``) and what the
writer checks (``pokerstars_write``)."""

from __future__ import annotations

import re
from typing import Any, Union

from ..enums import Variant

_CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP"}
_VARIANTS = {"7 card stud hi/lo": Variant.SEVEN_CARD_STUD_HILO,
             "7 card stud": Variant.SEVEN_CARD_STUD, "razz": Variant.RAZZ}

_STUD_GAME = re.compile(r"(?P<game>7 Card Stud Hi/Lo|7 Card Stud|Razz)\s+"
                        r"(?P<limit>Limit|Pot Limit|No Limit|Fixed Limit)\b", re.IGNORECASE)
_OTHER_GAME = re.compile(r"Hold'?em|Omaha|Badugi|Badeucy|Badacey|Draw|Lowball|Courchevel|"
                         r"Fusion|Archie|Drawmaha|5 Card Stud|Five Card Stud", re.IGNORECASE)
_STAKES = re.compile(r"(?P<c1>[$€£]?)(?P<small>\d[\d,]*(?:\.\d+)?)/(?P<c2>[$€£]?)"
                     r"(?P<big>\d[\d,]*(?:\.\d+)?)(?:\s+(?P<code>[A-Z]{3})\b)?")
_LEVEL = re.compile(r"Level\s+(?P<level>[IVXLCDM\d]+)", re.IGNORECASE)
_ROUND = re.compile(r"Match Round\s+(?P<round>\w+)", re.IGNORECASE)
_TOURNAMENT = re.compile(r"Tournament #(?P<tid>\d+),?\s*(?P<rest>.*)", re.IGNORECASE)

#: what a game text says: (variant, small bet, big bet, the currency or
#: None for chips, the record's fields), False (another game), or the
#: message of the hand's error
GameText = Union[tuple[Variant, int, int, Union[str, None], tuple[tuple[str, Any], ...]], bool,
                 str]


def _field_name(name: str) -> str:
    """Fields are named as PHH names them where it has the field (the table
    size), and as PHH user-defined fields (a leading ``_``) otherwise, so a
    record written as PHH keeps them all."""
    return "seat_count" if name == "max_seats" else "_" + name


def symbols_of(currency: str | None) -> int:
    """The currency symbols amounts of this currency may carry (1 "$", 2
    "€", 4 "£"), as the C reader takes them."""
    return sum(bit for symbol, bit in (("$", 1), ("€", 2), ("£", 4))
               if _CURRENCIES[symbol] == currency)


def read_game_text(desc: str) -> GameText:
    """The game text of a header (before its date, stripped)."""
    from .._core import _ps_amount

    fields: list[tuple[str, Any]] = []
    club = None
    if desc.startswith("{") and "}" in desc:
        club, desc = desc[1:desc.index("}")], desc[desc.index("}") + 1:].strip()
    game = _STUD_GAME.search(desc)
    if game is None:
        if _OTHER_GAME.search(desc):
            return False
        return f"unknown game: {desc!r}"
    if game["limit"].lower() not in ("limit", "fixed limit"):
        return f"{game['game']} {game['limit']} is not supported (fixed limit only)"
    variant = _VARIANTS[game["game"].lower()]
    before, after = desc[:game.start()], desc[game.end():]
    tournament = _TOURNAMENT.match(before)
    buy_in: list[str] = []
    if tournament is not None:
        before = tournament["rest"]
        tokens = before.split()
        buy_in = tokens[:1] if tokens and (re.search(r"\d", tokens[0])
                                           or tokens[0].lower() == "freeroll") else []
        if buy_in and len(tokens) > 1 and re.fullmatch("[A-Z]{3}", tokens[1]):
            buy_in = tokens[:2]
        before = before.strip()[len(" ".join(buy_in)):]
    mix = before.strip().rstrip("(").strip() or None
    stakes = _STAKES.search(after)
    if stakes is None:
        return f"no stakes in the header: {desc!r}"
    currency = None
    if tournament is None:
        symbol = stakes["c1"] or stakes["c2"]
        currency = stakes["code"] or _CURRENCIES.get(symbol)
    bets = []
    for text in (stakes["small"], stakes["big"]):
        bet = _ps_amount(text, currency is not None, symbols_of(currency), currency or "")
        if isinstance(bet, str):
            return bet
        bets.append(bet)
    fields.append(("game", desc))
    if mix:
        fields.append(("mix", mix))
    if tournament is not None:
        fields.append(("tournament", tournament["tid"]))
        if buy_in:
            fields.append(("buy_in", " ".join(buy_in)))
        level = _LEVEL.search(after)
        if level:
            fields.append(("level", level["level"]))
        match_round = _ROUND.search(after)
        if match_round:
            fields.append(("match_round", match_round["round"]))
    if club is not None:
        fields.append(("club", club))
    return (variant, bets[0], bets[1], currency,
            tuple((_field_name(name), value) for name, value in fields))
