"""Winning Poker Network (Americas Cardroom, Black Chip, True Poker, Yatahay
...) text hand histories of the stud games: both of the network's formats.

The newer software (2019 on) writes a hand as::

    Hand #78708209 - 7Stud H/L(Fixed Limit) - $0.10/$0.20 - 2019/07/18 15:13:01 UTC
    Table 'Ohio' 8-max
    Seat 1: ann ($5.00)
    ann posts ante $0.02
    *** 3rd STREET ***
    Dealt to ann [As Kd 2c]          (the hero: all three; the others: the up card)
    bob brings in $0.05
    ann raises $0.05 to $0.10        (raise by, then to; "and is all-in")
    *** 4th STREET ***
    Dealt to ann [As Kd 2c] [5s]     (the cards before, then the new one)
    Uncalled bet ($0.10) returned to ann
    *** SUMMARY ***
    Total pot $0.40 | Rake $0.02
    Seat 1: ann showed [As Kd 2c 5s 6d 7h 8c] and won $0.38 with ...

a tournament's header being ``Game Hand #N - Tournament #T - 7Stud(Fixed
Limit) - Level 3 (250.00/500.00)- DATE`` (chips written with two decimals).
The older software wrote::

    Game started at: 2014/5/6 7:08:09
    Game ID: 312345678 0.10/0.20 Ohio (Seven Cards Stud HiLow)
    Seat 1: ann (5).
    Player ann ante (0.02)
    Player ann received card: [10s]  (one card a line, "10" for a ten)
    Player bob bring in (0.05)
    Player ann raises (0.10)         (the chips the action adds; "allin (X)" too)
    *** Third street ***             (the labels run one street behind: this
                                      marker opens 4th street)
    ------ Summary ------
    *Player ann shows: ... [As Kd 2c 5s 6d 7h 8c]. Bets: 0.22. Collects: 0.38. Wins: 0.16.
    Player bob mucks (does not show cards). Bets: 0.22. Collects: 0. Loses: 0.22.
    Game ended at: 2014/5/6 7:09:00

Amounts: the newer format's cash amounts carry a currency sign and commas
in thousands (kept as cents, ``currency`` "USD"); tournament amounts are
chips (``1,500.00`` is 1500).  The older format writes plain numbers: a
table named ``..., Table N`` is a tournament's (chips), any other a cash
table (dollars, kept as cents).

What the files never say, and how the reader copes:

- the newer format may leave the uncalled bet out and count it in what
  the winner "won" (the reader takes it back out when the collections and
  the rake add up to the total pot plus the uncalled part); the older one
  never writes an uncalled bet: its "Collects" include it, and the reader
  takes the part of the largest bet nobody matched out of that seat's
  collection;
- the older format states no rake: ``rake`` is 0 and ``collected`` given,
  and the replay derives the rake (docs/rules.md 11.3);
- other players' down cards, and their 7th street card, unless shown
  (None: chosen by docs/rules.md 11.4);
- the bring-in when the seat due to bring in completed at once or was all
  in for less: the rules' default (``small_bet // 2``) is used.

Street markers: a street's cards are recognised without its marker too
(a card dealt after the street's betting began opens the next street), so
the markers of 4th to 6th street (up cards for all) may be missing; 7th
street's is needed when no card of it is named and there is betting on it
(a showdown alone deals it: the cards up to 7th street are then dealt).

The profile: the odd chip of a split pot goes to the low half
(``odd_chip_half="low"``, docs/rules.md 11.3); the other options are the
engine's defaults.  Hands of other games (Hold'em, Omaha ...) are skipped
and counted; no-limit or pot-limit stud is an error.

The lines are read in C (src/studcore/site_wpn.c, on the builder of this
module's ``_Hand`` in C, site_wpn_hand.c); this module reads the header's
game, stakes and fields, with the 2nd line, where the older format's
``Game ID`` follows its ``Game started at:`` (``header_lines`` 2).  The
file is split into hands as ``_HandsReader`` split it, a hand beginning at
a newer header, at ``Game started at:``, or at ``Game ID: `` unless it
follows the ``Game started at:`` of its hand (site_formats.c's
``stud_site_split``, _sitetext.pxi).
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from ..._core import Card
from ...enums import Variant
from .._fail import _Fail, _Skip
from ..record import (
    Acted,
    Dealt,
    HandRecord,
    Move,
    Mucked,
    Showed,
    Source,
    Step,
    _cached_rules,
    _trusted,
    options_for,
)
from . import SiteFormat
from ._c_text import CTextReader
from ._stud_text import amount_value, shown_again

__all__ = ["FORMAT", "WPN_PROFILE", "WpnReader"]

#: Winning's table rules: the odd chip of a split pot to the low half
WPN_PROFILE: dict[str, Any] = {"odd_chip_half": "low"}

_NEW_HEADER = re.compile(
    r"(?:Game )?Hand #(?P<id>\d+) - (?:(?P<gtd>[^#]*?)Tournament #(?P<tid>\d+) - )?"
    r"(?P<game>[^()]+?)\((?P<limit>[^()]+)\) - (?:Level (?P<level>[IVXLC\d]+) )?"
    r"\(?(?P<small>[$€£]?[\d,.]+)/(?P<big>[$€£]?[\d,.]+)\)?\s*-\s*(?P<date>.*)")
_OLD_START = "Game started at:"
_OLD_HEADER = re.compile(r"Game ID: (?P<id>\d+) (?P<small>[\d,.]+)/(?P<big>[\d,.]+) "
                         r"(?P<table>.*?) ?\((?P<game>[^()]+)\)(?: (?P<max>\d+)-max)?")
_NEW_GAMES = {"7Stud": Variant.SEVEN_CARD_STUD, "7Stud H/L": Variant.SEVEN_CARD_STUD_HILO,
              "7Stud HiLo": Variant.SEVEN_CARD_STUD_HILO}
_OLD_GAMES = {"Seven Cards Stud": Variant.SEVEN_CARD_STUD,
              "Seven Cards Stud HiLow": Variant.SEVEN_CARD_STUD_HILO}
_STUD_WORDS = re.compile(r"stud|razz", re.IGNORECASE)
_CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP"}

_TOURNAMENT_TABLE = re.compile(r", Table \d+$")


def _variant(number: int, game: str, games: dict[str, Variant],
             stud: re.Pattern[str]) -> Variant | None:
    """The variant of the header's ``game``: None for a game not stud
    (``stud`` finds no word of it: the hand is skipped), ``_Fail`` for a
    stud game not in ``games``."""
    variant = games.get(game)
    if variant is None and stud.search(game):
        raise _Fail(number, f"unknown stud game {game!r}")
    return variant


class _Hand:
    """What one hand's lines say, format aside; ``record()`` makes the
    HandRecord.  (This site's, Absolute's and KingsClub's lines are read in
    C on its port, src/studcore/site_wpn_hand.c, whose checks and messages
    are these; here it reads the headers' stakes.)"""

    #: amounts read, by text and currency (a subclass that reads amounts
    #: otherwise has its own)
    _cache: ClassVar[dict[tuple[str, str | None], int]] = {}

    def __init__(self, number: int, hand_id: str, money: str | None, options: dict[str, Any],
                 file: str | None) -> None:
        self.first = number
        self.hand_id = hand_id
        self.currency = money  # None: chips
        self.options = options
        self.file = file
        self.players: dict[str, tuple[int, int, int]] = {}  # name -> site seat, stack, line
        self.sitting_out: set[str] = set()
        self.antes: dict[str, int] = {}
        self.in_hand: set[str] = set()
        self.street = 0
        self.streets: list[tuple[dict[str, list[Card]], list[tuple[str, Move, int | None]]]] = []
        self.bets: dict[str, int] = {}
        self.put_in: dict[str, int] = {}
        self.folded: set[str] = set()
        self.bring_in: int | None = None
        self.bring_in_all_in = False
        self.shows: list[tuple[str, tuple[Card, ...] | None]] = []  # None: a muck
        self.seen: dict[Card, str] = {}
        self.fields: list[tuple[str, Any]] = []
        self.table: str | None = None
        self.hero: str | None = None

    # ---- amounts and names -------------------------------------------------------

    def amount(self, text: str, number: int) -> int:
        key = (text, self.currency)
        cache = self._cache
        value = cache.get(key)
        if value is None:
            value = self._amount(text, number)
            if len(cache) >= 4096:
                cache.clear()
            cache[key] = value
        return value

    def _amount(self, text: str, number: int) -> int:
        text = text.rstrip(".")
        symbol = text[:1]
        if symbol in _CURRENCIES:
            if _CURRENCIES[symbol] != self.currency:
                raise _Fail(number, f"the amount {text!r} is not in the hand's "
                                    f"{self.currency or 'chips'}")
            text = text[1:]
        whole, _, frac = text.replace(",", "").partition(".")
        if not whole.isdigit() or (frac and not frac.isdigit()):
            raise _Fail(number, f"the amount {text!r} does not parse")
        return amount_value(int(whole), frac, self.currency, text, number)

    def known(self, name: str, number: int) -> str:
        if name not in self.players:
            raise _Fail(number, f"{name!r} is not at the table")
        return name

    # ---- what happened -----------------------------------------------------------

    def seat(self, number: int, site_seat: int, name: str, stack: int, out: bool) -> None:
        if name in self.players:
            raise _Fail(number, f"{name!r} is listed twice")
        self.players[name] = (site_seat, stack, number)
        if out:
            self.sitting_out.add(name)

    def ante(self, number: int, name: str, amount: int) -> None:
        self.known(name, number)
        self.antes[name] = self.antes.get(name, 0) + amount
        self.put_in[name] = self.put_in.get(name, 0) + amount
        self.in_hand.add(name)

    def new_street(self, number: int, street: int | None = None) -> None:
        street = self.street + 1 if street is None else street
        if street < 3:
            street = 3
        if street != self.street + 1 and not (self.street == 0 and street == 3):
            raise _Fail(number, f"street {street} follows street {self.street}")
        self.street = street
        self.streets.append(({}, []))
        self.bets = {}

    def deal(self, number: int, name: str, cards: list[Card]) -> None:
        self.known(name, number)
        if self.street == 0:
            self.new_street(number, 3)
        dealt, acts = self.streets[-1]
        if acts or (self.street > 3 and name in dealt) or (
                name in dealt and len(dealt[name]) + len(cards) > 3):
            # a card after the street's betting began, or one too many: the
            # next street (its marker missing)
            if self.street >= 7:
                raise _Fail(number, "a card dealt after 7th street")
            self.new_street(number)
            dealt = self.streets[-1][0]
        for card in cards:
            owner = self.seen.get(card)
            if owner is not None:
                raise _Fail(number, f"{card} is seen twice in the hand")
            self.seen[card] = name
        dealt.setdefault(name, []).extend(cards)
        self.in_hand.add(name)

    def show(self, number: int, name: str, cards: tuple[Card, ...]) -> None:
        """``name`` shows ``cards`` (each seen in his hand only)."""
        for card in cards:
            owner = self.seen.get(card)
            if owner is not None and owner != name:
                raise _Fail(number, f"{card} is seen twice in the hand")
            self.seen[card] = name
        for index, (who, before) in enumerate(self.shows):
            if who == name and before is not None:  # shown again (repeated or with more)
                if shown_again(number, name, before, cards):
                    self.shows[index] = (name, cards)
                return
        self.shows.append((name, cards))

    def stakes(self, number: int, small_text: str, big_text: str) -> tuple[int, int]:
        """The small and the big bet of the header's texts (a space in
        them, after a currency sign, aside)."""
        small = self.amount(small_text.replace(" ", ""), number)
        big = self.amount(big_text.replace(" ", ""), number)
        if small <= 0 or big < small:
            raise _Fail(number, f"the stakes {small_text}/{big_text} do not hold")
        self._small = small
        return small, big

    def fold_check_or_amount(self, number: int, name: str, verb: str, text: str | None,
                             fold: str, check: str) -> int | None:
        """A fold or a check (the verbs ``fold`` and ``check``) is acted
        here (None); any other verb's amount, ``text``, is read."""
        if verb == fold or verb == check:
            self.act(number, name, Move.FOLD if verb == fold else Move.CHECK_CALL, None)
            return None
        if text is None:
            raise _Fail(number, f"{verb} without an amount")
        return self.amount(text, number)

    def act(self, number: int, name: str, move: Move, to: int | None) -> None:
        self.known(name, number)
        if self.street == 0:
            self.new_street(number, 3)
        if name in self.folded:
            raise _Fail(number, f"{name} acts after folding")
        self.in_hand.add(name)
        if to is not None:
            before = self.bets.get(name, 0)
            if to < before:
                raise _Fail(number, f"{name}'s bet goes down from {before} to {to}")
            self.put_in[name] = self.put_in.get(name, 0) + to - before
            self.bets[name] = to
        if move is Move.FOLD:
            self.folded.add(name)
        self.streets[-1][1].append((name, move, to))

    def add(self, number: int, name: str, chips: int, verb: str, all_in: bool) -> None:
        """An action that names the chips it adds (the older format, and
        the newer one's calls and bets): its kind from the bets so far."""
        before = self.bets.get(name, 0)
        to = before + chips
        top = max(self.bets.values(), default=0)
        if self.street == 3 and self.bring_in_all_in and top == self.bring_in:
            # a bring-in all in for less: the others call the whole bring-in
            # (docs/rules.md 2.7), the record's default one (see `record`)
            top = max(top, self._small // 2 or 1)
        if verb == "bring in":
            self.act(number, name, Move.BRING_IN, to)
            self.bring_in = to
            # all in for it (said, or the stack spent): the rules' bring-in is more
            self.bring_in_all_in = all_in or self.put_in.get(name, 0) >= self.players[name][1]
        elif verb == "calls" or (verb == "allin" and to <= top):
            self.act(number, name, Move.CHECK_CALL, to)
        elif verb == "allin" and self.street == 3 and top == 0 and self.bring_in is None \
                and not self.streets[-1][1] and to <= max(self._small // 2, 1):
            self.bring_in = to
            self.bring_in_all_in = True
            self.act(number, name, Move.BRING_IN, to)
        else:
            self.act(number, name, Move.RAISE, to)

    _small = 0

    # ---- the record --------------------------------------------------------------

    def record(self, number: int, variant: Variant, small: int, big: int,
               collected: dict[str, int], rake: int, fmt: str) -> HandRecord:
        order = sorted((name for name in self.players if name in self.in_hand),
                       key=lambda name: self.players[name][0])
        if len(order) < 2:
            raise _Fail(number, f"{len(order)} player(s) dealt in: a hand has 2 or more")
        if len(order) > 8:
            raise _Fail(number, f"{len(order)} players dealt in: stud seats 8 at most")
        seat_of = {name: seat for seat, name in enumerate(order)}
        for name in collected:
            if name not in seat_of:
                raise _Fail(number, f"{name!r} collects without being dealt in")
        steps: list[Step] = []
        folded: set[str] = set()
        streets = self.streets
        if self.shows and len(streets) < 5:
            # a showdown comes after 7th street: the streets dealt with
            # nothing to say (no marker, no card shown, no betting)
            streets = streets + [({}, []) for _ in range(5 - len(streets))]
        for index, (dealt, acts) in enumerate(streets):
            street = 3 + index
            for name in order:
                if name in folded:
                    if name in dealt:
                        raise _Fail(number, f"{name} is dealt a card after folding")
                    continue
                cards: list[Card | None] = list(dealt.get(name, ()))
                want = 3 if street == 3 else 1
                if len(cards) > want:
                    raise _Fail(number, f"{name} is dealt {len(cards)} cards on street {street}")
                if len(cards) < want:
                    # the cards not named: down cards first on 3rd street
                    cards = [*(None for _ in range(want - len(cards))), *cards]
                steps.append(_trusted(Dealt, seat_of[name], tuple(cards)))
            for name, move, to in acts:
                steps.append(_trusted(Acted, seat_of[name], move, to))
                if move is Move.FOLD:
                    folded.add(name)
        for name, shown in self.shows:
            if name not in seat_of:
                raise _Fail(number, f"{name!r} shows without being dealt in")
            if shown is None:
                steps.append(_trusted(Mucked, seat_of[name]))
            else:
                steps.append(_trusted(Showed, seat_of[name], shown))
        ante = max(self.antes.values(), default=0)
        bring_in = self.bring_in
        if bring_in is None or self.bring_in_all_in:
            default = small // 2 or 1
            bring_in = max(default, bring_in or 0) if bring_in is not None else default
            if bring_in > small:
                bring_in = small
        options = options_for(self.options, variant)
        try:
            rules = _cached_rules(variant, small, big, ante, bring_in, **options)
        except (TypeError, ValueError) as error:
            raise _Fail(self.first, f"the game's rules do not hold: {error}") from None
        fields = [("seat_count", self.fields_max), *self.fields]
        if self.hero is not None and self.hero in seat_of:
            fields.append(("_hero", self.hero))
        return HandRecord(
            rules, tuple(self.players[name][1] for name in order), tuple(steps),
            players=tuple(order), seats=tuple(self.players[name][0] for name in order),
            hand_id=self.hand_id, table=self.table,
            collected=tuple(collected.get(name, 0) for name in order), rake=rake,
            currency=self.currency, fields=tuple(fields),
            source=Source(self.file, self.first, fmt))

    fields_max = 8

    def uncalled(self) -> tuple[str | None, int]:
        """The seat whose bet nobody matched, and by how much."""
        if not self.put_in:
            return None, 0
        ranked = sorted(self.put_in.items(), key=lambda item: item[1], reverse=True)
        top_name, top = ranked[0]
        second = ranked[1][1] if len(ranked) > 1 else 0
        return top_name, top - second


#: the currency's sign as the C reader numbers it (site_text.h)
_SIGNS = {None: 0, "USD": 1, "EUR": 2, "GBP": 3}
#: (the header from its game to its stakes, or the older one's after its
#: number) -> its facts
_HEADERS: dict[str, tuple[Any, ...]] = {}


def _cached(key: str, read: Any) -> tuple[Any, ...]:
    facts = _HEADERS.get(key)
    if facts is None:
        facts = read()
        if len(_HEADERS) >= 1024:
            _HEADERS.clear()
        _HEADERS[key] = facts
    return facts


def _header(line: str, number: int, second: str | None = None,
            second_number: int | None = None) -> tuple[Any, ...]:
    """What a hand's header says (the older format's with its 2nd line):
    (variant, small bet, big bet, currency sign, cents, currency, table
    (None: the lines name it), fields), raising ``_Fail`` or ``_Skip``."""
    if line.startswith(_OLD_START) or line.startswith("Game ID: "):
        return _old_header(line, number, second, second_number)
    header = _NEW_HEADER.match(line)
    if header is None:  # (the split found one)
        raise _Fail(number, "the header does not parse")
    facts = _cached(line[header.end("id"):header.end("big")],
                    lambda: _read_new_header(header, number))
    fields = facts[7]
    return (*facts[:7], (fields[0], ("_date", header["date"].strip()), *fields[1:]))


def _read_new_header(header: re.Match[str], number: int) -> tuple[Any, ...]:
    game = header["game"].strip()
    variant = _variant(number, game, _NEW_GAMES, _STUD_WORDS)
    limit = header["limit"]
    if variant is not None and limit != "Fixed Limit":
        raise _Fail(number, f"{limit} stud is not read: only fixed-limit stud")
    if variant is None:
        raise _Skip()
    tournament = header["tid"]
    currency = _CURRENCIES.get(header["small"][:1]) if tournament is None else None
    small, big = _Hand(number, "", currency, {}, None).stakes(number, header["small"],
                                                               header["big"])
    fields: list[tuple[str, Any]] = [("_game", f"{game}({limit})")]
    if tournament is not None:
        fields.append(("_tournament", tournament))
        if header["level"]:
            fields.append(("_level", header["level"]))
    return (variant, small, big, _SIGNS[currency], currency is not None, currency, None,
            tuple(fields))


def _old_header(line: str, number: int, second: str | None,
                second_number: int | None) -> tuple[Any, ...]:
    date = None
    if line.startswith(_OLD_START):
        date = line[len(_OLD_START):].strip()
        if second is None or second_number is None:
            raise _Fail(number, "the hand is cut off after its first line")
        line, number = second, second_number
    header = _OLD_HEADER.fullmatch(line)
    if header is None:
        raise _Fail(number, "no Game ID line that parses")
    facts = _cached(line[header.end("id"):], lambda: _read_old_header(header, number))
    return facts if not date else (*facts[:7], (*facts[7], ("_date", date)))


def _read_old_header(header: re.Match[str], number: int) -> tuple[Any, ...]:
    game = header["game"].strip()
    variant = _variant(number, game, _OLD_GAMES, _STUD_WORDS)
    if variant is None:
        raise _Skip()
    table = header["table"].strip()
    currency = None if _TOURNAMENT_TABLE.search(table) is not None else "USD"
    small, big = _Hand(number, "", currency, {}, None).stakes(number, header["small"],
                                                               header["big"])
    fields = (("seat_count", int(header["max"]) if header["max"] else 8), ("_game", game))
    return (variant, small, big, _SIGNS[currency], currency is not None, currency, table,
            fields)


class WpnReader(CTextReader):
    """The hands of one Winning file, either format (see the module), read
    in C (src/studcore/site_wpn.c) but for the header's game; ``skipped``,
    ``cancelled``, ``hands`` and ``errors`` count what was read so far."""

    format = "wpn"
    c_format = 8  # STUD_SITE_WPN
    header_lines = 2
    header_of = staticmethod(_header)

    def __init__(self, file: str | None = None, profile: dict[str, Any] | None = None) -> None:
        super().__init__(file=file, profile=WPN_PROFILE if profile is None else profile)


_DETECT_NEW = re.compile(r"^(?:Game )?Hand #\d+ - (?:[^\n#]*Tournament #\d+ - )?[^\n()]+"
                         r"\((?:Fixed Limit|No Limit|Pot Limit|All-in or Fold Limit)\) - ",
                         re.MULTILINE)
_DETECT_OLD = re.compile(r"^Game ID: \d+ [\d,.]+/[\d,.]+ .*\([^()\n]+\)", re.MULTILINE)


def detect(head: str) -> bool:
    """Either Winning format: the newer header (``Hand #N - GAME(LIMIT) -``),
    or the older ``Game started at:`` with its ``Game ID: N S/B TABLE (GAME)``."""
    if _DETECT_NEW.search(head):
        return True
    return "Game started at: " in head and _DETECT_OLD.search(head) is not None


def _reader(*, file: str | None = None, profile: dict[str, Any] | None = None) -> WpnReader:
    return WpnReader(file=file, profile=profile)


FORMAT = SiteFormat("wpn", "Winning Poker Network", detect, _reader, WPN_PROFILE)
