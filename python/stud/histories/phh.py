"""PHH, the Poker Hand History format (phh-std), read into and written from
``HandRecord``.

A ``.phh`` file is one hand: a TOML document of fields.  A ``.phhs`` file
is a collection: one TOML table per hand, ``[1]``, ``[2]`` ... (the spec
says nothing of collections; this is how pokerkit writes and reads them).
``read_phh_lines`` reads either from any iterable of lines and yields each
hand as soon as its section ends, so memory holds one hand, whatever the
size of the file; ``read_phh`` does the same for a string.  The text is
split into hands in C (src/studcore/phh_split.c): an open text file (and
the file ``stud.histories.read`` opens) a block of a MB at a time, any
other iterable a line at a time.  ``write_phh``
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

TOML: read in C (src/studcore/phh_read.c), the subset PHH files use:
strings (basic, literal, multi-line, with escapes), integers, floats,
booleans, dates and times, arrays (over several lines), inline tables,
comments and one level of sub-tables (``[1._clock]``); dotted keys and
arrays of tables are an error.  The C reader holds one hand at a time.

Errors: ``HistoryError`` (a ValueError) names the file, the hand (its
section in a ``.phhs``, else its ``hand`` field, else 1) and the line of
the offending action or field, or of the hand's start.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Iterator, Mapping
from decimal import Decimal
from typing import Any

from .._core import _checked_stacks, _PhhDoc, _PhhSplit, _rules_seat_limit
from ..enums import Variant
from ..game import Rules
from .errors import HistoryError
from .record import HandRecord, Source, _cached_rules, _trusted, check_profile

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
    return _read_lines(_split(lines), file, _options(profile), errors == "yield")


def _split(lines: Iterable[str]) -> _PhhSplit:
    """The splitter in C over the text of ``lines``: the rest of a file
    ``read`` opened, read a block at a time and its lines as ``read``'s
    (io._lines); a text file's blocks; any other iterable's lines, one by
    one (a hand is given as soon as the header after it is)."""
    from .io import CHUNK, MAX_LINE, _FileLines

    if isinstance(lines, _FileLines):
        parts, number = lines.rest()
        return _PhhSplit(parts, True, False, MAX_LINE, MAX_HAND_CHARS, number)
    if isinstance(lines, io.TextIOBase):
        read = lines.read
        return _PhhSplit(iter(lambda: read(CHUNK), ""), False, False, 0, MAX_HAND_CHARS)
    return _PhhSplit(lines, False, True, 0, MAX_HAND_CHARS)


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


def _read_lines(split: _PhhSplit, file: str | None, options: dict[str, Any],
                yield_errors: bool = False) -> Iterator[Any]:
    doc = _PhhDoc()
    rules_cache: dict[tuple[Any, ...], Rules] = {}  # the stakes and _rules -> the rules
    known: dict[tuple[Any, ...], Any] = {}  # the same as written -> (rules, most seats)
    for item in split:
        read = _read_item(doc, split, item, file, options, rules_cache, known)
        if isinstance(read, HistoryError) and not yield_errors:
            raise read
        yield read


def _read_item(doc: Any, split: _PhhSplit, item: tuple[Any, ...], file: str | None,
               options: dict[str, Any], rules_cache: dict[tuple[Any, ...], Rules],
               known: dict[tuple[Any, ...], Any] | None = None) -> HandRecord | HistoryError:
    """The record of one item of the splitter (its hand read from it), or
    why it cannot be read; a line too long is raised (the end)."""
    kind, start = item[0], item[1]
    if kind == "line":
        from .io import long_line

        raise long_line(file, start)
    _, _, name, count = item
    if kind == "long":
        return HistoryError(f"the hand is longer than {MAX_HAND_CHARS:,} characters (a "
                            f"string or an array left open?)", file,
                            count if name is None else name, start)
    try:
        return _read_hand(doc, split, start, name, count, file, options, rules_cache, known)
    except HistoryError as error:
        return error


class _Bad(Exception):
    """Why a hand cannot be read, and the line (in the file) at fault."""

    def __init__(self, reason: str, line: int) -> None:
        super().__init__(reason)
        self.reason = reason
        self.line = line


_VARIANTS = tuple(VARIANT_CODES.values())  # in the C reader's order (phh_read.c)
# the fields' slots of the C reader (enum stud_phh_field)
_F_SMALL_BET, _F_STARTING_STACKS, _F_HAND, _F_RULES = 3, 5, 9, 15
_SYNTAX, _EARLY, _STAKES = 0, 1, 2  # enum stud_phh_stage


def _read_hand(doc: Any, split: _PhhSplit, start: int, name: str | None, index: int,
               file: str | None, options: dict[str, Any],
               rules_cache: dict[tuple[Any, ...], Rules],
               known: dict[tuple[Any, ...], Any] | None = None) -> HandRecord:
    """One hand read in C (src/studcore/phh_read.c), then checked with the
    engine (the rules, the stacks) and built into a record.  ``known``: the
    stakes and ``_rules`` as written of hands read so far (``rules_key``)
    -> (their rules, the most seats): a hand of known ones and no date is
    made into its record in one call (``_PhhDoc.record``)."""
    label: str | int = index if name is None else name
    status = doc.read_split(split)
    if known is not None and status == 0:
        made = doc.record(file, known, _READ)
        if made is not None:
            return made  # type: ignore[no-any-return]
    stage = doc.stage
    try:
        if status == 0 or stage > _SYNTAX:  # the TOML was read: its dates and times too?
            line = doc.value_error_line()
            if line:
                raise _Bad("not valid TOML: a date or time that is none", line)
            if name is None:
                hand = doc.field(_F_HAND)
                if isinstance(hand, (str, int)) and not isinstance(hand, bool):
                    label = hand
        if status != 0 and stage <= _EARLY:
            raise _Bad(*reversed(doc.error))
        variant, currency, stacks, ante, small, big, bring_in = doc.stakes()
        written = doc.field(_F_RULES)  # this package's options, written by write_phh
        if written is None:
            written = {}
        # (the rules' cache knows values by type too: 1 is not True to the rules)
        key: tuple[Any, ...] | None = (variant, small, big, ante, bring_in, *(
            (k, type(v), v) for k, v in written.items())) if (
            isinstance(written, dict) and not (status != 0 and stage == _STAKES)) else None
        try:
            rules = None if key is None else rules_cache.get(key)
        except TypeError:  # an option's value that does not hash (a table per variant)
            key = rules = None
        if rules is None:
            rules_line = doc.field_line(_F_RULES)
            if not isinstance(written, dict) or not all(
                    isinstance(k, str) and k in _OPTIONS for k in written):
                raise _Bad(f"_rules must be a table of stud.Rules options "
                           f"({', '.join(_OPTIONS)}), not {_what(written)}", rules_line)
            if written:
                try:  # the file's options alone first, so that their mistakes name their line
                    Rules(Variant.SEVEN_CARD_STUD, 10, **written)
                except (TypeError, ValueError) as exc:
                    raise _Bad(f"_rules: {_clip(str(exc))}", rules_line) from None
            if status != 0 and stage == _STAKES:
                raise _Bad(*reversed(doc.error))
            try:
                rules = _cached_rules(_VARIANTS[variant], small, big, ante, bring_in,
                                      **{**written, **options})
            except (TypeError, ValueError) as exc:
                raise _Bad(f"the stakes make no rules: {_clip(str(exc))}",
                           doc.field_line(_F_SMALL_BET)) from None
            if key is not None:
                if len(rules_cache) >= 1024:
                    rules_cache.clear()
                rules_cache[key] = rules
        try:  # the engine's own checks of the stacks, so replay cannot refuse them
            _checked_stacks(rules, stacks, "seat")
        except (TypeError, ValueError) as exc:
            raise _Bad(f"starting_stacks: {_clip(str(exc))}",
                       doc.field_line(_F_STARTING_STACKS)) from None
        if status != 0:
            raise _Bad(*reversed(doc.error))
        steps, players, seats, hand_id, table, collected, rake, finishing = doc.record_values()
        kept = doc.kept(_READ)
    except _Bad as bad:
        raise HistoryError(bad.reason, file, label, bad.line) from None
    if known is not None:  # (the next hands of these stakes and options: made in one call)
        if len(known) >= 1024:
            known.clear()
        known[doc.rules_key()] = (rules, _rules_seat_limit(rules))
    # every value as the record's checks would leave it: checked above
    return _trusted(HandRecord, rules, tuple(stacks), steps, players, seats, hand_id, table,
                    collected, rake, finishing, currency, kept,
                    _trusted(Source, file, start, "phh"))


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


# the writing half lives in phh_write (imported last: it reads this module's tables)
from .phh_write import write_phh, write_phhs  # noqa: E402
