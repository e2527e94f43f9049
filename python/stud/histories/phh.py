"""PHH, the Poker Hand History format (phh-std), read into and written from
``HandRecord``.

A ``.phh`` file is one hand: a TOML document of fields.  A ``.phhs`` file
is a collection: one TOML table per hand, ``[1]``, ``[2]`` ... (the spec
says nothing of collections; this is how pokerkit writes and reads them).
``read_phh_lines`` reads either from any iterable of lines and yields each
hand as soon as its section ends, so memory holds one hand, whatever the
size of the file; ``read_phh`` does the same for a string.  ``write_phh``
writes one hand, ``write_phhs`` a collection, chunk by chunk.

>>> text = '''
... variant = "FR"
... antes = [1, 1]
... bring_in = 2
... small_bet = 5
... big_bet = 10
... starting_stacks = [100, 100]
... actions = ["d dh p1 As2d5c", "d dh p2 ????Kh", "p2 pb", "p1 cbr 5", "p2 f"]
... '''
>>> record = next(read_phh(text))
>>> record.variant.name, [str(step) for step in record.steps[2:]]
('RAZZ', ['seat 1 brings in', 'seat 0 completes, bets or raises to 5', 'seat 1 folds'])
>>> next(read_phh(write_phh(record))) == record
True

Variants (``variant``): ``F7S`` Seven Card Stud, ``F7S/8`` Seven Card Stud
Hi-Lo, ``FR`` Razz.  PHH has no code for Five Card Stud, 2-7 Razz or Seven
Card Stud Hi-Lo Regular: ``F5S`` and ``F5S/8`` (hi-lo), ``F2R`` (2-7 Razz,
docs/rules.md 12) and ``F7S/R`` (Hi-Lo Regular, 13) are this package's
extension, read and written here and nowhere else (pokerkit does not know
them; docs/histories.md says how they were chosen).  Any other code, a
game that is not stud, is an error.

Fields, read into the record (the rest of the record's fields keep their
defaults; a ``profile``, a dict of ``stud.Rules`` options, sets the rules'
options, which PHH cannot say):

======================  ========================================================
PHH                     HandRecord
======================  ========================================================
``variant``             ``rules.variant`` (the codes above)
``antes``               ``rules.ante``: one per player, all equal (the engine
                        has one ante for everyone; unequal antes are an error)
``bring_in``            ``rules.bring_in``
``small_bet``           ``rules.small_bet``
``big_bet``             ``rules.big_bet``
``starting_stacks``     ``starting_stacks`` (its length is the number of players)
``actions``             ``steps``, see below
``players``             ``players``
``seats``               ``seats`` (the seat numbers, as the file gives them)
``hand``                ``hand_id`` (a string; an integer is read as its digits
                        and written back as an integer)
``table``               ``table`` (likewise)
``finishing_stacks``    ``finishing_stacks``
``winnings``            ``collected`` (after rake, as the spec says)
``currency``            ``currency``; with it, amounts are money and are read as
                        cents: ``2.50`` is 250
``_rake``               ``rake``: an extension (PHH has no rake field); written
                        only when the rake is not 0
``_rules``              ``rules``' options (docs/rules.md) that differ from
                        their defaults, as an inline table: an extension (PHH
                        cannot say them); a ``profile`` given to the reader
                        overrides them
======================  ========================================================

Every other field (``author``, ``time``, ``seat_count``, user-defined ones
with a leading underscore, unknown ones...) is kept in ``fields`` as
``(name, value)`` pairs in file order (floats as ``Decimal``, exactly as
written) and written back with the same values.  ``ante_trimming_status``
is kept only when false: true is the engine's rule (antes count when side
pots are layered, docs/rules.md 1), and ``write_phh`` writes it true
unless the record keeps false.  ``blinds_or_straddles`` is an error unless
every entry is 0 (then it is kept).

Amounts are whole chips: a fractional amount without ``currency`` is an
error; with ``currency`` every amount must be a whole number of cents
(hundredths of the unit, whatever the currency).  Unknown stacks
(``inf``, or ``null``) are not supported.

Actions (players are ``p1`` .. ``pN`` in PHH, seats 0 .. N-1 in the record):

=====================  =========================================================
PHH                    step
=====================  =========================================================
``d dh pN CARDS``      ``Dealt``: one street's cards, down cards first, as
                       pokerkit writes them (third street is one action of
                       three cards).  A first street dealt a card at a time
                       (pokerkit's uncompressed form) is joined into one step;
                       after the first street a deal is one card.  ``??`` is a
                       card nobody saw (None).
``d db CARD``          ``CommunityDealt`` (docs/rules.md 5.1): one card
``pN pb``              ``Acted(seat, BRING_IN)`` (PHH gives no amount: ``to``
                       is None)
``pN f``               ``Acted(seat, FOLD)``
``pN cc``              ``Acted(seat, CHECK_CALL)`` (no amount: None)
``pN cbr AMOUNT``      ``Acted(seat, RAISE, AMOUNT)``: complete, bet or raise to
                       AMOUNT, the seat's total for the round, as the engine
                       means it
``pN sm CARDS``        ``Showed(seat, cards)`` (``??`` for a card not shown)
``pN sm -``            ``Showed(seat, ())``: shows the cards it was dealt
``pN sm``              ``Mucked(seat)``
=====================  =========================================================

Commentary (``# ...`` in an action) and no-op actions (empty, or only a
commentary) are dropped: a record has no place for them.  ``sd`` (stand
pat or discard) belongs to draw games and is an error.  Written back, a
bring-in or a call loses its ``to`` (PHH has no place for it).  A card
may be dealt once in a hand; a show may repeat the seat's own cards,
reveal its unknown ones or include the community card, but not show
another seat's card.

Written, a hand's fields come in this order: ``variant``,
``ante_trimming_status``, ``antes``, ``bring_in``, ``small_bet``,
``big_bet``, ``starting_stacks``, ``actions`` (one per line), then those
the record has of ``hand``, ``table``, ``seats``, ``players``,
``finishing_stacks``, ``winnings``, ``currency``, ``_rake``, ``_rules``, then the kept
``fields`` in their order.  Strings are TOML basic strings ("...").
The rules' options are not written (PHH cannot say them).

TOML: the standard library's ``tomllib`` (Python 3.11 and later); on 3.10
the package it came from, ``tomli`` (the extra ``histories``).

Errors: ``HistoryError`` (a ValueError) names the file, the hand (its
section in a ``.phhs``, else its ``hand`` field, else 1) and the line of
the offending action or field, or of the hand's start.
"""

from __future__ import annotations

import importlib
import io
import re
import sys
from collections.abc import Iterable, Iterator, Mapping
from decimal import MAX_EMAX, MIN_EMIN, Context, Decimal
from typing import Any

from .._core import Card, _checked_stacks
from ..enums import Variant
from ..game import SEVEN_CARD_VARIANTS, Rules
from .errors import HistoryError
from .record import (
    Acted,
    CommunityDealt,
    Dealt,
    HandRecord,
    Move,
    Mucked,
    Showed,
    Source,
    Step,
    _cached_rules,
    _trusted,
    check_profile,
    show_once,
)

__all__ = ["EXTENSION_CODES", "HistoryError", "VARIANT_CODES", "read_phh", "read_phh_lines",
           "write_phh", "write_phhs"]


#: PHH variant codes; F5S, F5S/8, F2R and F7S/R are this package's extension
VARIANT_CODES = {"F7S": Variant.SEVEN_CARD_STUD, "F7S/8": Variant.SEVEN_CARD_STUD_HILO,
                 "FR": Variant.RAZZ, "F5S": Variant.FIVE_CARD_STUD,
                 "F5S/8": Variant.FIVE_CARD_STUD_HILO,
                 "F2R": Variant.DEUCE_TO_SEVEN_RAZZ,  # docs/rules.md 12
                 "F7S/R": Variant.SEVEN_CARD_STUD_HILO_REGULAR}  # docs/rules.md 13
#: the codes PHH itself does not have
EXTENSION_CODES = ("F5S", "F5S/8", "F2R", "F7S/R")
_CODE_OF = {variant: code for code, variant in VARIANT_CODES.items()}

_REQUIRED = ("variant", "antes", "bring_in", "small_bet", "big_bet", "starting_stacks",
             "actions")
_READ = frozenset(_REQUIRED + ("players", "seats", "hand", "table", "finishing_stacks",
                               "winnings", "currency", "_rake", "_rules"))
#: the stud.Rules options that are not stakes: PHH cannot say them, so
#: write_phh writes those that differ from the defaults as ``_rules``
_OPTIONS = tuple(name for name in Rules._fields
                 if name not in ("variant", "small_bet", "big_bet", "ante", "bring_in"))
_RULES_FROM_FILE = ("variant", "small_bet", "big_bet", "ante", "bring_in")

_CARDS = {rank + suit: Card(rank + suit) for rank in "23456789TJQKA" for suit in "cdhs"}
_PLAYER = re.compile(r"p([0-9]+)")
_AMOUNT = re.compile(r"[0-9]+(?:\.[0-9]+)?")
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_WHOLE_NUMBER = re.compile(r"0|[1-9][0-9]{0,17}")


# ---- reading ------------------------------------------------------------------------------

def read_phh(text: str, *, file: str | None = None,
             profile: Mapping[str, Any] | None = None) -> Iterator[HandRecord]:
    """The hands of a ``.phh`` (one) or ``.phhs`` (a collection) text, one
    at a time; ``file`` names it in errors and in each record's ``source``;
    ``profile``: ``stud.Rules`` options for every hand (PHH cannot say
    them).  ``HistoryError`` for a hand that cannot be read."""
    if not isinstance(text, str):
        raise TypeError(f"read_phh reads a str, not {type(text).__name__}")
    return read_phh_lines(io.StringIO(text, newline=""), file=file, profile=profile)


def read_phh_lines(lines: Iterable[str], file: str | None = None, *,
                   profile: Mapping[str, Any] | None = None,
                   errors: str = "raise") -> Iterator[HandRecord]:
    """``read_phh`` from any iterable of lines (an open text file, say),
    yielding each hand of a collection as its section ends.  ``errors=
    "yield"``: a hand that cannot be read is yielded as its HistoryError
    and reading goes on with the next hand (``stud.histories.read`` does)."""
    if errors not in ("raise", "yield"):
        raise ValueError(f'errors is "raise" or "yield", not {errors!r}')
    return _read_lines(iter(lines), file, _options(profile), errors == "yield")


def _options(profile: Mapping[str, Any] | None) -> dict[str, Any]:
    """The profile's Rules options, checked once (a mistake of the caller,
    not of a file: ValueError or TypeError, not HistoryError)."""
    if profile is None:
        return {}
    if not isinstance(profile, Mapping):
        raise TypeError(f"profile must be a dict of stud.Rules options, not {profile!r}")
    options = dict(profile)
    for name in options:
        if name in _RULES_FROM_FILE:
            raise ValueError(f"profile: {name!r} comes from the file, not from a profile")
        if name not in Rules._fields:
            raise ValueError(f"profile: stud.Rules has no option {name!r}")
    check_profile(options)  # the values' types and ranges
    return options


#: the most characters one hand's text may hold: a hand past it (a string or
#: an array left open, which would swallow the rest of the file) is an
#: error, and reading goes on at the next table header
MAX_HAND_CHARS = 1 << 24


def _read_lines(lines: Iterator[str], file: str | None, options: dict[str, Any],
                yield_errors: bool = False) -> Iterator[Any]:
    scanner = _Scanner()
    collection: bool | None = None  # not known until the first line that says something
    chunk: list[str] = []
    size = 0  # the characters of chunk
    skipping = False  # past a hand too long: its lines are dropped up to the next header
    start = 0
    name: str | None = None
    count = 0
    for number, line in enumerate(lines, 1):
        if not isinstance(line, str):
            raise TypeError(f"lines must be str, not {type(line).__name__}")
        line = line.rstrip("\r\n")
        if number == 1:
            line = line.removeprefix("\ufeff")
        if collection is None:
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            collection = _header_key(line) is not None  # a .phh starts with its fields
            start = number
        if collection and (scanner.at_top or skipping):
            key = _header_key(line)
            if key is not None and key != name:  # [2] ends [1]; [1.x] is part of [1]
                if chunk:
                    count += 1
                    yield _hand_or_error(chunk, start, name, count, file, options, yield_errors)
                chunk, size, start, name, skipping = [], 0, number, key, False
        if skipping:
            continue
        chunk.append(line)
        size += len(line) + 1
        scanner.feed(line)
        if size > MAX_HAND_CHARS:
            count += 1
            error = HistoryError(f"the hand is longer than {MAX_HAND_CHARS:,} characters (a "
                                 f"string or an array left open?)", file,
                                 count if name is None else name, start)
            if not yield_errors:
                raise error
            yield error
            chunk, size, skipping, scanner = [], 0, True, _Scanner()
    if chunk:
        yield _hand_or_error(chunk, start, name, count + 1, file, options, yield_errors)


def _hand_or_error(chunk: list[str], start: int, name: str | None, index: int,
                   file: str | None, options: dict[str, Any],
                   yield_errors: bool) -> HandRecord | HistoryError:
    try:
        return _read_hand(chunk, start, name, index, file, options)
    except HistoryError as error:
        if yield_errors:
            return error
        raise


class _Bad(Exception):
    """Why a hand cannot be read, and where in it: a line of the hand's
    text (1-based), a field's name or an action's index."""

    def __init__(self, reason: str, *, line: int | None = None, field: str | None = None,
                 action: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.line = line
        self.field = field
        self.action = action


def _read_hand(chunk: list[str], start: int, name: str | None, index: int,
               file: str | None, options: dict[str, Any]) -> HandRecord:
    label: str | int = index if name is None else name
    try:
        doc = _load_toml("\n".join(chunk))
        if name is None:
            table = doc
            hand = table.get("hand")
            if isinstance(hand, (str, int)) and not isinstance(hand, bool):
                label = hand
        else:
            label, table = next(iter(doc.items()))
            if not isinstance(table, dict):
                raise _Bad(f"[{label}] is not a hand: a .phhs holds one table per hand")
        return _record(table, options, _trusted(Source, file, start, "phh"))
    except _Bad as bad:
        line = bad.line or (_field_line(chunk, bad.field) if bad.field else None) or (
            _action_line(chunk, bad.action) if bad.action is not None else None) or 1
        raise HistoryError(bad.reason, file, label, start + line - 1) from None


def _record(table: dict[str, Any], options: dict[str, Any], source: Source) -> HandRecord:
    for name in _REQUIRED:
        if name not in table:
            raise _Bad(f"the required field {name!r} is missing (is the hand cut short?)")
    code = table["variant"]
    variant = VARIANT_CODES.get(code) if isinstance(code, str) else None
    if variant is None:
        raise _Bad(f"variant {code!r} is not a stud game read here: one of "
                   f"{', '.join(VARIANT_CODES)} ({', '.join(EXTENSION_CODES)}: this "
                   f"package's extension)",
                   field="variant")
    currency = _string(table, "currency")
    money = currency is not None
    stacks = _amounts(table, "starting_stacks", money)
    n = len(stacks)
    antes = _amounts(table, "antes", money, n)
    if len(set(antes)) > 1:
        raise _Bad(f"unequal antes {antes}: stud has one ante for every player", field="antes")
    written = table.get("_rules", {})  # this package's options, written by write_phh
    if not isinstance(written, dict) or not all(
            isinstance(k, str) and k in _OPTIONS for k in written):
        raise _Bad(f"_rules must be a table of stud.Rules options ({', '.join(_OPTIONS)}), "
                   f"not {_what(written)}", field="_rules")
    try:  # the file's options alone first, so that their mistakes name their line
        Rules(Variant.SEVEN_CARD_STUD, 10, **written)
    except (TypeError, ValueError) as exc:
        raise _Bad(f"_rules: {_clip(str(exc))}", field="_rules") from None
    try:
        rules = _cached_rules(variant, _amount(table, "small_bet", money),
                              _amount(table, "big_bet", money), antes[0] if antes else 0,
                              _amount(table, "bring_in", money), **{**written, **options})
    except (TypeError, ValueError) as exc:
        raise _Bad(f"the stakes make no rules: {_clip(str(exc))}", field="small_bet") from None
    try:  # the engine's own checks of the stacks, so replay cannot refuse them
        _checked_stacks(rules, stacks, "seat")
    except (TypeError, ValueError) as exc:
        raise _Bad(f"starting_stacks: {_clip(str(exc))}", field="starting_stacks") from None
    blinds = table.get("blinds_or_straddles")
    if blinds is not None and (not isinstance(blinds, list) or any(b != 0 for b in blinds)):
        raise _Bad("stud has a bring-in, not blinds or straddles",
                   field="blinds_or_straddles")
    trimming = table.get("ante_trimming_status", True)
    if not isinstance(trimming, bool):
        raise _Bad(f"ante_trimming_status must be true or false, not {trimming!r}",
                   field="ante_trimming_status")
    actions = table["actions"]
    if not isinstance(actions, list):
        raise _Bad(f"actions must be an array of strings, not {_what(actions)}",
                   field="actions")
    steps = _steps(actions, n, variant, money)
    players = table.get("players")
    if players is not None and (not isinstance(players, list)
                                or not all(isinstance(p, str) for p in players)):
        raise _Bad(f"players must be an array of strings, not {_what(players)}",
                   field="players")
    seats = table.get("seats")
    if seats is not None and (not isinstance(seats, list) or not all(
            type(s) is int for s in seats)):
        raise _Bad(f"seats must be an array of integers, not {_what(seats)}", field="seats")
    for name, value in (("players", players), ("seats", seats)):
        if value is not None and len(value) != n:
            raise _Bad(f"{name} has {len(value)} entries for {n} players", field=name)
    rake = table.get("_rake")
    if rake is not None and _amount(table, "_rake", money) >= 1 << 31:
        raise _Bad(f"_rake is {_short(_amount(table, '_rake', money))}: the engine takes a rake "
                   f"of 0 to 2**31 - 1 chips", field="_rake")
    kept = tuple((k, v) for k, v in table.items()
                 if k not in _READ and not (k == "ante_trimming_status" and v is True))
    values = (rules, tuple(stacks), steps, None if players is None else tuple(players),
              None if seats is None else tuple(seats), _name(table, "hand"),
              _name(table, "table"), _optional_amounts(table, "winnings", money, n),
              0 if rake is None else _amount(table, "_rake", money),
              _optional_amounts(table, "finishing_stacks", money, n), currency, kept, source)
    if 2 <= n <= 8:
        # every value as the record's checks would leave it: checked above
        return _trusted(HandRecord, *values)
    try:
        return HandRecord(*values)
    except (TypeError, ValueError) as exc:
        raise _Bad(str(exc)) from None


def _clip(message: str) -> str:
    """A message of at most 200 characters (a value in it may be huge)."""
    return message if len(message) <= 200 else message[:197] + "..."


def _what(value: object) -> str:
    """A value for a message: its TOML type and a bounded repr."""
    kind, text = type(value).__name__, repr(value)
    if isinstance(value, Decimal):  # floats are read as Decimal
        kind, text = "float", _number_text(value)
    return f"{kind} {text if len(text) <= 40 else text[:37] + '...'}"


def _number_text(value: Decimal) -> str:
    if value.is_finite():
        return str(value)
    return "nan" if value.is_nan() else "-inf" if value < 0 else "inf"


def _string(table: dict[str, Any], name: str) -> str | None:
    value = table.get(name)
    if value is not None and not isinstance(value, str):
        raise _Bad(f"{name} must be a string, not {_what(value)}", field=name)
    return value


def _name(table: dict[str, Any], name: str) -> str | None:
    """A string or integer field (``hand``, ``table``) as a string."""
    value = table.get(name)
    if value is None or isinstance(value, str):
        return value
    if type(value) is int:
        return str(value)
    raise _Bad(f"{name} must be a string or an integer, not {_what(value)}", field=name)


def _chips(value: object, money: bool, what: str, field: str | None = None,
           action: int | None = None) -> int:
    """A whole number of chips (or, with money, of cents) from a TOML number,
    its size bounded before any conversion (a number of a million digits,
    or ``1e1000000``, is refused from its digits, not turned into an int)."""
    if isinstance(value, bool) or not isinstance(value, (int, Decimal, float)):
        raise _Bad(f"{what} must be a number, not {_what(value)}", field=field, action=action)
    number = Decimal(value) if isinstance(value, float) else value
    if isinstance(number, Decimal) and not number.is_finite():
        raise _Bad(f"{what} is {_number_text(number)}: unknown amounts are not supported",
                   field=field, action=action)
    if number < 0:
        raise _Bad(f"{what} is negative ({_short(number)})", field=field, action=action)
    if isinstance(number, Decimal):
        if number and number.adjusted() >= _MAX_DIGITS:
            raise _Bad(f"{what} is {_short(number)}: too large an amount", field=field,
                       action=action)
        sign, digits, exponent = number.as_tuple()
        if len(digits) > 2 * _MAX_DIGITS:  # trailing zeros dropped, exactly (no rounding)
            kept = len(digits)
            while kept and digits[kept - 1] == 0:
                kept -= 1
            if kept > 2 * _MAX_DIGITS:  # a digit finer than 10**-18: not whole, nor cents
                raise _Bad(f"{what} is {_short(number)}: " + ("not a whole number of cents"
                           if money else "amounts are whole chips"), field=field, action=action)
            number = Decimal((sign, digits[:kept], int(exponent) + len(digits) - kept))
    elif number >= 10 ** _MAX_DIGITS:
        raise _Bad(f"{what} is {_short(number)}: too large an amount", field=field,
                   action=action)
    scaled = _WIDE.multiply(number, 100) if money else number
    if scaled != int(scaled):
        raise _Bad(f"{what} is {_short(number)}: " + ("not a whole number of cents" if money else
                   "amounts are whole chips (money needs a currency field, then cents)"),
                   field=field, action=action)
    return int(scaled)


#: an amount has fewer digits than this (whole part): any more is refused
#: before it becomes an int
_MAX_DIGITS = 18
#: exact arithmetic for amounts of bounded digits (the default context rounds at 28)
_WIDE = Context(prec=4 * _MAX_DIGITS + 4, Emax=MAX_EMAX, Emin=MIN_EMIN, traps=[])


def _short(number: int | Decimal) -> str:
    """A number for a message, at most about 40 characters."""
    text = _number_text(number) if isinstance(number, Decimal) else (
        str(number) if number < 10 ** 40 else f"a number of {len(str(number))} digits")
    return text if len(text) <= 40 else text[:37] + "..."


def _amount(table: dict[str, Any], name: str, money: bool) -> int:
    return _chips(table[name], money, name, field=name)


def _amounts(table: dict[str, Any], name: str, money: bool, n: int | None = None) -> list[int]:
    value = table[name]
    if not isinstance(value, list):
        raise _Bad(f"{name} must be an array of numbers, not {_what(value)}", field=name)
    if n is not None and len(value) != n:
        raise _Bad(f"{name} has {len(value)} entries for {n} players", field=name)
    return [_chips(v, money, f"{name}[{i}]", field=name) for i, v in enumerate(value)]


def _optional_amounts(table: dict[str, Any], name: str, money: bool,
                      n: int) -> tuple[int, ...] | None:
    return None if table.get(name) is None else tuple(_amounts(table, name, money, n))


def _cards(text: str) -> tuple[Card | None, ...]:
    if len(text) % 2:
        raise _Bad(f"{text!r} is not cards: two characters a card, rank then suit")
    cards: list[Card | None] = []
    for i in range(0, len(text), 2):
        pair = text[i:i + 2]
        card = _CARDS.get(pair)
        if card is None and pair != "??":
            raise _Bad(f"{pair!r} in {text!r} is not a card: a rank (2-9, T, J, Q, K, A) then "
                       f"a suit (c, d, h, s), or ?? for an unknown card")
        cards.append(card)
    return tuple(cards)


def _steps(actions: list[Any], n: int, variant: Variant, money: bool) -> tuple[Step, ...]:
    seven = variant in SEVEN_CARD_VARIANTS
    first, most = (3, 7) if seven else (2, 5)
    steps: list[Step] = []
    dealt: list[list[Card | None]] = [[] for _ in range(n)]  # each seat's cards so far
    opened: dict[int, int] = {}  # seat -> index of its unfinished first-street Dealt
    last_other = -1  # index of the last step that is not a hole deal
    owner: dict[Card, int] = {}  # card -> seat it was dealt to, -1 for the community card
    showed: dict[int, int] = {}  # seat -> the index of its Showed step

    def seat_of(word: str) -> int:
        match = _PLAYER.fullmatch(word)
        if match is None:
            raise _Bad(f"{word!r} is not a player: p1 to p{n}")
        number = int(match.group(1))
        if not 1 <= number <= n:
            raise _Bad(f"no player {word} in a hand of {n} players (p1 to p{n})")
        return number - 1

    def take(cards: tuple[Card | None, ...], seat: int) -> None:
        for card in cards:
            if card is None:
                continue
            if card in owner:
                raise _Bad(f"{card} is dealt twice")
            owner[card] = seat

    for index, action in enumerate(actions):
        try:
            if not isinstance(action, str):
                raise _Bad(f"an action is a string, not {_what(action)}")
            words = action.split("#", 1)[0].split()  # commentary dropped
            if not words:
                continue  # a no-op
            if words[0] == "d":
                if len(words) == 4 and words[1] == "dh":
                    seat, cards = seat_of(words[2]), _cards(words[3])
                    if not cards:
                        raise _Bad("a hole deal gives at least one card")
                    held = len(dealt[seat])
                    if held + len(cards) > most:
                        raise _Bad(f"p{seat + 1} would hold {held + len(cards)} cards: "
                                   f"{variant.name} deals {most}")
                    if held < first:
                        if held + len(cards) > first:
                            raise _Bad(f"p{seat + 1} is dealt {len(cards)} cards after {held}: "
                                       f"the first street deals {first}")
                        take(cards, seat)
                        where = opened.get(seat)
                        if where is not None and where > last_other:
                            step = steps[where]
                            assert isinstance(step, Dealt)
                            steps[where] = _trusted(Dealt, seat, step.cards + cards)
                        elif held:
                            raise _Bad(f"p{seat + 1}'s first-street cards come in pieces "
                                       f"with other actions between")
                        else:
                            opened[seat] = len(steps)
                            steps.append(_trusted(Dealt, seat, cards))
                    else:
                        if len(cards) != 1:
                            raise _Bad(f"p{seat + 1} is dealt {len(cards)} cards at once: after "
                                       f"the first street a street deals one")
                        take(cards, seat)
                        steps.append(_trusted(Dealt, seat, cards))
                    dealt[seat].extend(cards)
                    continue
                if len(words) == 3 and words[1] == "db":
                    cards = _cards(words[2])
                    if len(cards) != 1 or cards[0] is None:
                        raise _Bad(f"{words[2]!r}: a community card is one card, face up "
                                   f"(docs/rules.md 5.1)")
                    take(cards, -1)
                    steps.append(CommunityDealt(cards[0]))
                else:
                    raise _Bad(f"{action!r}: the dealer deals hole cards ('d dh pN CARDS') or "
                               f"the community card ('d db CARD')")
            else:
                seat = seat_of(words[0])
                verb, rest = (words[1] if len(words) > 1 else ""), words[2:]
                if verb in _MOVES and not rest:
                    steps.append(_acted(seat, _MOVES[verb], None))
                elif verb == "cbr" and len(rest) == 1:
                    if not _AMOUNT.fullmatch(rest[0]):
                        raise _Bad(f"amount {rest[0]!r} does not parse: digits, with a decimal "
                                   f"point for money")
                    to = _chips(Decimal(rest[0]), money, "the amount")
                    if to == 0:
                        raise _Bad("a completion, bet or raise is to a positive amount")
                    steps.append(_acted(seat, Move.RAISE, to) if to < 1 << 31
                                 else Acted(seat, Move.RAISE, to))  # (which refuses it)
                elif verb == "sm" and not rest:
                    steps.append(Mucked(seat))
                elif verb == "sm" and rest == ["-"]:
                    _show_once(steps, showed, Showed(seat, ()))
                elif verb == "sm" and len(rest) == 1:
                    _show_once(steps, showed, Showed(seat, _shown(_cards(rest[0]), seat, owner,
                                                                  dealt)))
                elif verb == "sd":
                    raise _Bad(f"{action!r}: standing pat or discarding is for draw games")
                else:
                    raise _Bad(f"{action!r} is not an action: pN f, cc, pb, cbr AMOUNT, "
                               f"sm [CARDS or -]")
            last_other = len(steps) - 1
        except _Bad as bad:
            bad.action = index
            raise
        except (TypeError, ValueError) as exc:  # a step refused what it was given
            raise _Bad(f"{action!r}: {exc}", action=index) from None
    return tuple(steps)


_MOVES = {"f": Move.FOLD, "cc": Move.CHECK_CALL, "pb": Move.BRING_IN}
#: (seat, move, to) -> the step: immutable, so shared
_ACTED: dict[tuple[int, Move, int | None], Acted] = {}


def _acted(seat: int, move: Move, to: int | None) -> Acted:
    """``Acted(seat, move, to)`` of a seat, move and amount already checked."""
    key = (seat, move, to)
    step = _ACTED.get(key)
    if step is None:
        if len(_ACTED) >= 4096:
            _ACTED.clear()
        step = _ACTED[key] = _trusted(Acted, seat, move, to)
    return step


def _show_once(steps: list[Step], showed: dict[int, int], step: Showed) -> None:
    """A seat's show, once (``record.show_once``); other cards than it
    showed before are an error."""
    other = show_once(steps, showed, step)
    if other is not None:
        added, missing = other
        raise _Bad(f"p{step.seat + 1} shows {' '.join(map(str, added))}, not the "
                   f"cards it showed before ({' '.join(map(str, missing))})")


def _shown(cards: tuple[Card | None, ...], seat: int, owner: dict[Card, int],
           dealt: list[list[Card | None]]) -> tuple[Card | None, ...]:
    """The shown cards, checked against the deals: a seat shows its own
    cards, the community card, or cards it was dealt unseen."""
    known = [card for card in cards if card is not None]
    if len(set(known)) != len(known):
        raise _Bad(f"p{seat + 1} shows a card twice")
    revealed = []
    for card in known:
        holder = owner.get(card)
        if holder is None:
            revealed.append(card)
        elif holder not in (seat, -1):
            raise _Bad(f"p{seat + 1} shows {card}, dealt to p{holder + 1}")
    if dealt[seat] and len(revealed) > dealt[seat].count(None):
        raise _Bad(f"p{seat + 1} shows {' '.join(map(str, revealed))}, more cards than it was "
                   f"dealt unseen")
    for card in revealed:
        owner[card] = seat
    return cards


def _field_line(chunk: list[str], name: str) -> int | None:
    """The line (1-based, in the hand's text) where a field is given."""
    pattern = re.compile(rf"""\s*(?:{re.escape(name)}|"{re.escape(name)}"|'{re.escape(name)}')"""
                         rf"\s*=")
    for number, line in enumerate(chunk, 1):
        if pattern.match(line):
            return number
    return None


_ACTIONS_KEY = re.compile(r"""^[ \t]*(?:actions|"actions"|'actions')[ \t]*=[ \t]*\[""",
                          re.MULTILINE)
_ARRAY_MARK = re.compile(r"""["'#\[\]{}]|[^\s,\[\]{}#"']+""")


def _action_line(chunk: list[str], index: int) -> int | None:
    """The line (1-based, in the hand's text) of the index-th action
    (strings skipped by hand: linear, in flat memory)."""
    text = "\n".join(chunk)
    match = _ACTIONS_KEY.search(text)
    if match is None:
        return None
    depth, count, position = 1, 0, match.end()
    while True:
        token = _ARRAY_MARK.search(text, position)
        if token is None:
            break
        kind, start = token.group()[0], token.start()
        position = token.end()
        if kind == "#":
            end = text.find("\n", start)
            position = len(text) if end < 0 else end
            continue
        if kind in "]}":
            depth -= 1
            if depth == 0:
                break
            continue
        if kind in "\"'":
            end = (_close(text, start + 3, kind * 3) if text.startswith(kind * 3, start)
                   else _string_end(text, start))
            position = len(text) if end < 0 else end
        if depth == 1:  # an element of the array: a string, or whatever else it holds
            if count == index:
                return text.count("\n", 0, start) + 1
            count += 1
        if kind in "[{":
            depth += 1
    return text.count("\n", 0, match.start()) + 1


# ---- splitting a collection into hands ----------------------------------------------------

# (scanned by hand, not by a regex with a repeated group: a regex keeps
# memory for each character of a long string; these are linear and flat)
_HEADER_START = re.compile(r"[ \t]*\[\[?[ \t]*")
_BARE_KEY_START = re.compile(r"[A-Za-z0-9_-]+")
_LINE_MARK = re.compile(r"[\"'#\[\]{}]")


def _header_key(line: str) -> str | None:
    """The first key of a table header line (``[1]`` -> "1"), or None."""
    match = _HEADER_START.match(line)
    if match is None:
        return None
    at = match.end()
    if line.startswith(('"', "'"), at):
        end = _string_end(line, at)
        return None if end < 0 else line[at + 1:end - 1]
    bare = _BARE_KEY_START.match(line, at)
    return None if bare is None else bare.group()


def _string_end(line: str, at: int) -> int:
    """Where the one-line string opening at ``line[at]`` (a " or a ')
    closes (the index after its quote), or -1."""
    quote = line[at]
    position = at + 1
    while True:
        found = line.find(quote, position)
        if found < 0 or quote == "'":
            return found + 1 if found >= 0 else -1
        slashes = found
        while slashes > at + 1 and line[slashes - 1] == "\\":
            slashes -= 1
        if (found - slashes) % 2 == 0:  # not escaped
            return found + 1
        position = found + 1


class _Scanner:
    """Follows the TOML lines go through just enough to tell a table header
    from a line inside a multi-line string or array."""

    def __init__(self) -> None:
        self.open_string: str | None = None  # the delimiter of a multi-line string
        self.depth = 0  # open brackets and braces

    @property
    def at_top(self) -> bool:
        return self.open_string is None and self.depth == 0

    def feed(self, line: str) -> None:
        position = 0
        while True:
            if self.open_string is not None:
                end = _close(line, position, self.open_string)
                if end < 0:
                    return
                self.open_string, position = None, end
            match = _LINE_MARK.search(line, position)
            if match is None:
                return
            mark, at = match.group(), match.start()
            position = at + 1
            if mark == "#":
                return
            if mark in "\"'":
                if line.startswith(mark * 3, at):
                    self.open_string, position = mark * 3, at + 3
                    continue
                end = _string_end(line, at)
                if end < 0:
                    return  # a string left open: TOML's error, its parser names it
                position = end
            elif mark in "[{":
                self.depth += 1
            else:
                self.depth = max(0, self.depth - 1)


def _close(line: str, position: int, delimiter: str) -> int:
    """Where a multi-line string closes in ``line`` (the index after it), or -1."""
    while True:
        found = line.find(delimiter, position)
        if found < 0:
            return -1
        if delimiter == '"""':
            slashes = found
            while slashes > 0 and line[slashes - 1] == "\\":
                slashes -= 1
            if (found - slashes) % 2:  # an escaped quote: the delimiter starts one later
                position = found + 1
                continue
        end = found + 3
        while end < len(line) and line[end] == delimiter[0] and end - found < 5:
            end += 1  # up to two quotes before the delimiter belong to the string
        return end


# ---- TOML ---------------------------------------------------------------------------------

def _toml_module() -> Any:
    """tomllib (Python 3.11+), or on 3.10 its original, tomli (``pip install
    "stud[histories]"``)."""
    name = "tomllib" if sys.version_info >= (3, 11) else "tomli"
    try:
        return importlib.import_module(name)
    except ImportError:  # pragma: no cover - Python 3.10 without the extra
        return None


_tomllib: Any = _toml_module()
_LONG_NUMBER = re.compile(r"[0-9_]{4301}")
_TOML_LINE = re.compile(r"\s*\(at line (\d+), column \d+\)|\s*\(at end of document\)")


def _load_toml(text: str) -> dict[str, Any]:
    """A TOML document, floats as Decimal; _Bad with the line for bad TOML."""
    if _tomllib is None:  # pragma: no cover - Python 3.10 without the extra
        raise ImportError('reading PHH on Python 3.10 needs tomli: pip install "stud[histories]"')
    try:
        document: dict[str, Any] = _tomllib.loads(text, parse_float=Decimal)
    except ValueError as exc:  # (TOMLDecodeError, and int's limit of 4300 digits)
        if not isinstance(exc, _tomllib.TOMLDecodeError):
            long = _LONG_NUMBER.search(text)
            line = 1 if long is None else text.count("\n", 0, long.start()) + 1
            raise _Bad("not valid TOML here: a number of more than 4300 digits",
                       line=line) from None
        message = str(exc)
        match = _TOML_LINE.search(message)
        line = text.count("\n") + 1 if match is None or match.group(1) is None else int(
            match.group(1))
        reason = message if match is None else message[:match.start()] + message[match.end():]
        raise _Bad(f"not valid TOML: {reason}", line=line) from None
    return document


# the writing half lives in phh_write (imported last: it reads this module's tables)
from .phh_write import write_phh, write_phhs  # noqa: E402
