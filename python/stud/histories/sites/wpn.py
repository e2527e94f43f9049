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
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any, ClassVar, Union

from ..._core import Card
from ...enums import Variant
from .._fail import _Fail, _Skip
from ..errors import HistoryError
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
from ._stud_text import amount_value, shown_again

__all__ = ["FORMAT", "WPN_PROFILE", "WpnReader"]

#: Winning's table rules: the odd chip of a split pot to the low half
WPN_PROFILE: dict[str, Any] = {"odd_chip_half": "low"}

MAX_HAND_LINES = 5000

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

_NEW_SEAT = re.compile(r"Seat (?P<num>\d+): (?P<name>.+?) \((?P<stack>[$€£]?[\d,.]+)\)"
                       r"(?P<out> is sitting out)?")
_TABLE = re.compile(r"Table '(?P<name>.*)' (?P<max>\d+)-max")
_NEW_STREET = re.compile(r"\*\*\* (?P<n>[3-7])(?:rd|th) STREET \*\*\*")
_NEW_ACTION = re.compile(
    r"(?P<name>.+?) (?P<verb>posts ante|posts the ante|brings[- ]in(?: low)?|bets|calls|raises"
    r"|checks|folds)(?: (?P<a>[$€£]?\d[\d,]*(?:\.\d+)?)\.?)?"
    r"(?: to (?P<to>[$€£]?\d[\d,]*(?:\.\d+)?)\.?)?"
    r"(?P<allin> and is all-in)?")
_DEALT = re.compile(r"Dealt to (?P<name>.+?) \[(?P<a>[^\]]*)\](?: \[(?P<b>[^\]]*)\])?")
_UNCALLED = re.compile(r"Uncalled bet \((?P<a>[^)]+)\) returned to (?P<name>.+)")
_COLLECTED = re.compile(r"(?P<name>.+?) collected (?P<a>[$€£]?[\d,.]+)")
_TOTAL = re.compile(r"Total pot (?P<total>[$€£]?[\d,.]+)(?P<rest>.*)")
_FEE = re.compile(r"\| *(?:Rake|[A-Za-z ]*(?:Jackpot|Fee|jackpot|fee)) (?P<a>[$€£]?[\d,.]+)")
_SUMMARY_SEAT = re.compile(r"Seat (?P<num>\d+): (?P<rest>.*)")
_WON = re.compile(r"(?:won|collected) \(?(?P<a>[$€£]?\d[\d,]*(?:\.\d+)?)\)?")
_BRACKET = re.compile(r"\[(?P<cards>[^\]]*)\]")

_OLD_SEAT = re.compile(r"Seat (?P<num>\d+): (?P<name>.+) \((?P<stack>[\d,.]+)\)\.?")
_OLD_ACTION = re.compile(r"Player (?P<name>.+) (?P<verb>posts ante|ante|bring in|bets|calls"
                         r"|raises|allin|caps|cap) \((?P<a>[\d,.]+)\)")
_OLD_PLAIN = re.compile(r"Player (?P<name>.+) (?P<verb>checks|folds)")
_OLD_CARD = re.compile(r"Player (?P<name>.+) received card: \[(?P<card>[^\]]+)\]")
_OLD_MARKERS = {"*** Third street ***": 4, "*** Fourth street ***": 5,
                "*** Fifth street ***": 6, "*** Sixth street ***": 7}
_OLD_RESULT = re.compile(r"(?P<star>\*?)Player (?P<name>.+?) (?P<what>shows|mucks|does not show)"
                         r"(?P<rest>.*?)\.? ?Bets: (?P<bets>[\d,.]+)\. Collects: "
                         r"(?P<got>[\d,.]+)\. (?:Wins|Loses): [\d,.]+\.?")
_TOURNAMENT_TABLE = re.compile(r", Table \d+$")

_NEW_VERBS = frozenset(("posts", "brings", "brings-in", "bets", "calls", "raises", "checks",
                        "folds"))
_OLD_VERBS = frozenset(("ante", "posts", "bring", "bets", "calls", "raises", "allin", "caps",
                        "cap", "checks", "folds", "received"))


def _variant(number: int, game: str, games: dict[str, Variant],
             stud: re.Pattern[str]) -> Variant | None:
    """The variant of the header's ``game``: None for a game not stud
    (``stud`` finds no word of it: the hand is skipped), ``_Fail`` for a
    stud game not in ``games``."""
    variant = games.get(game)
    if variant is None and stud.search(game):
        raise _Fail(number, f"unknown stud game {game!r}")
    return variant


def _damaged(players: dict[str, Any], line: str, number: int, verbs: frozenset[str]) -> None:
    """Raises for a line of a player's action that did not parse (a line
    of a player that is not an action, chat say, passes)."""
    for name in players:
        if line.startswith(name) and line[len(name):len(name) + 1] == " " and \
                line[len(name) + 1:].split(" ", 1)[0] in verbs:
            raise _Fail(number, f"the line {line!r} does not parse")


_CARDS: dict[str, Card] = {}
_RANKS = "23456789TJQKA"


def _card(word: str, number: int) -> Card:
    card = _CARDS.get(word)
    if card is None:
        text = word
        if text[:2] == "10":
            text = "T" + text[2:]
        if len(text) == 2 and text[0] in "cdhsCDHS" and text[1].upper() in _RANKS:
            text = text[1] + text[0]  # written suit first
        try:
            card = Card(text[0].upper() + text[1:].lower() if len(text) == 2 else text)
        except ValueError:
            raise _Fail(number, f"{word!r} is not a card") from None
        if len(_CARDS) < 256:
            _CARDS[word] = card
    return card


class _Hand:
    """What one hand's lines say, format aside; ``record()`` makes the
    HandRecord.  (Absolute's and KingsClub's lines are read in C on its
    port, src/studcore/site_wpn_hand.c, whose checks and messages are
    these.)"""

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


class _Lines:
    """The lines of one hand, and the file and the rules' options they are
    read with (the base of the sites' readings built on ``_Hand``)."""

    def __init__(self, lines: list[tuple[int, str]], file: str | None,
                 options: dict[str, Any]) -> None:
        self.lines = lines
        self.file = file
        self.options = options

    def header(self, pattern: re.Pattern[str], games: dict[str, Variant],
               stud: re.Pattern[str], limits: frozenset[str],
               whole: bool = True) -> tuple[int, re.Match[str], str, Variant | None]:
        """The first line's number, its match by ``pattern`` (its groups
        ``game`` and ``limit``), the game and its variant (None: not a stud
        game, to skip; a stud game's limit must be one of ``limits``)."""
        number, line = self.lines[0]
        header = pattern.fullmatch(line) if whole else pattern.match(line)
        if header is None:
            raise _Fail(number, "the header does not parse")
        game = header["game"].strip()
        variant = _variant(number, game, games, stud)
        if variant is not None and header["limit"] not in limits:
            raise _Fail(number, f"{header['limit']} stud is not read: only fixed-limit stud")
        return number, header, game, variant

    @staticmethod
    def seat_line(hand: _Hand, number: int, line: str, pattern: re.Pattern[str]) -> None:
        """A seat's line before the deal (``pattern``'s groups ``num``,
        ``name``, ``stack`` and ``out``, the last for a player sitting out)."""
        match = pattern.fullmatch(line)
        if match is None:
            raise _Fail(number, f"the seat line {line!r} does not parse")
        hand.seat(number, int(match["num"]), match["name"],
                  hand.amount(match["stack"], number), match["out"] is not None)

    @staticmethod
    def uncalled_line(hand: _Hand, number: int, line: str, pattern: re.Pattern[str],
                      returned: dict[str, int]) -> None:
        """An uncalled bet returned (``pattern``'s groups ``name`` and ``a``)."""
        match = pattern.fullmatch(line)
        if match is None:
            raise _Fail(number, f"the line {line!r} does not parse")
        name = hand.known(match["name"], number)
        returned[name] = returned.get(name, 0) + hand.amount(match["a"], number)


class _Reading(_Lines):
    """The lines of one hand in either format, to a record."""

    # ---- the newer format ----------------------------------------------------------

    def new(self) -> HandRecord:
        number, header, game, variant = self.header(
            _NEW_HEADER, _NEW_GAMES, _STUD_WORDS, frozenset(("Fixed Limit",)), whole=False)
        if variant is None:
            raise _Skip()
        limit = header["limit"]
        tournament = header["tid"]
        symbol = header["small"][:1]
        currency = _CURRENCIES.get(symbol) if tournament is None else None
        hand = _Hand(number, header["id"], currency, self.options, self.file)
        small, big = hand.stakes(number, header["small"], header["big"])
        hand.fields.append(("_game", f"{game}({limit})"))
        hand.fields.append(("_date", header["date"].strip()))
        if tournament is not None:
            hand.fields.append(("_tournament", tournament))
            if header["level"]:
                hand.fields.append(("_level", header["level"]))
        summary = False
        total: int | None = None
        rake = 0
        won: dict[str, int] = {}
        collected_lines: dict[str, int] = {}
        summary_seats: set[int] = set()
        returned: dict[str, int] = {}
        mucked_cards: list[tuple[str, str]] = []
        players = hand.players
        for number, line in self.lines[1:]:
            if summary:
                if line.startswith("Total pot "):
                    match = _TOTAL.match(line)
                    if match is None:
                        raise _Fail(number, "the total pot does not parse")
                    total = hand.amount(match["total"], number)
                    rake = sum(hand.amount(fee["a"], number)
                               for fee in _FEE.finditer(match["rest"]))
                elif line.startswith("Seat "):
                    match = _SUMMARY_SEAT.match(line)
                    if match is not None:
                        summary_seats.add(int(match["num"]))
                        self._summary_seat(hand, number, match["rest"], won, mucked_cards)
                continue
            first = line[:1]
            if first == "*":
                street = _NEW_STREET.fullmatch(line)
                if street is not None:
                    hand.new_street(number, int(street["n"]))
                elif line.startswith("*** SUMMARY"):
                    summary = True
                continue
            if first == "S" and line.startswith("Seat ") and hand.street == 0:
                self.seat_line(hand, number, line, _NEW_SEAT)
                continue
            if first == "T" and line.startswith("Table '"):
                match = _TABLE.match(line)
                if match is not None:
                    hand.table = match["name"]
                    hand.fields_max = int(match["max"])
                continue
            if first == "D" and line.startswith("Dealt to "):
                match = _DEALT.fullmatch(line)
                if match is None:
                    raise _Fail(number, f"the line {line!r} does not parse")
                name = hand.known(match["name"], number)
                new = match["b"] if match["b"] is not None else match["a"]
                cards = [_card(word, number) for word in new.split()]
                if match["b"] is not None:
                    # the cards before, repeated: they must be the ones dealt
                    before = [_card(word, number) for word in match["a"].split()]
                    for card in before:
                        if hand.seen.get(card) != name:
                            raise _Fail(number, f"{card} was not dealt to {name} before")
                if hand.street == 3 and len(cards) == 3:
                    hand.hero = name
                hand.deal(number, name, cards)
                continue
            if first == "U" and line.startswith("Uncalled bet"):
                self.uncalled_line(hand, number, line, _UNCALLED, returned)
                continue
            match = _NEW_ACTION.fullmatch(line)
            if match is not None and match["name"] in players:
                self._new_action(hand, number, match)
                continue
            match = _COLLECTED.match(line)
            if match is not None and match["name"] in players:
                name = match["name"]
                collected_lines[name] = collected_lines.get(name, 0) + hand.amount(
                    match["a"], number)
                continue
            _damaged(players, line, number, _NEW_VERBS)
            # anything else (chat, comings and goings, time-outs) says nothing of the hand
        last = self.lines[-1][0]
        if not summary or total is None:
            raise _Fail(last, "the hand is cut off: no summary with the total pot")
        for name in players:  # (in the order listed: the same error whatever the hash seed)
            if name in hand.in_hand and players[name][0] not in summary_seats:
                raise _Fail(last, f"the hand is cut off: the summary has no line for {name}")
        collected = won if won else collected_lines
        top_name, excess = hand.uncalled()
        given = sum(returned.values())
        if returned:
            for name, amount in returned.items():
                hand.put_in[name] -= amount
        elif excess and top_name is not None and \
                sum(collected.values()) + rake == total + excess and \
                collected.get(top_name, 0) >= excess:
            # the uncalled bet counted in what its owner won
            collected = dict(collected)
            collected[top_name] -= excess
            given = excess
        put_in = sum(hand.put_in.values()) - (given if not returned else 0)
        if put_in != total:
            raise _Fail(last, f"the total pot {total} is not the {put_in} put in")
        if sum(collected.values()) + rake != total:
            raise _Fail(last, f"the collections ({sum(collected.values())}) and the rake "
                              f"({rake}) are not the total pot ({total})")
        if mucked_cards:
            hand.fields.append(("_mucked_cards", tuple(mucked_cards)))
        return hand.record(last, variant, small, big, collected, rake, "wpn")

    def _new_action(self, hand: _Hand, number: int, match: re.Match[str]) -> None:
        name, verb = match["name"], match["verb"]
        all_in = match["allin"] is not None
        if verb in ("checks", "folds") and match["a"] is not None:
            raise _Fail(number, f"{verb} with an amount")
        amount = hand.fold_check_or_amount(number, name, verb, match["a"], "folds", "checks")
        if amount is None:
            return
        if verb.startswith("posts"):
            hand.ante(number, name, amount)
        elif verb.startswith("brings"):
            hand.add(number, name, amount - hand.bets.get(name, 0), "bring in", all_in)
        elif verb == "raises":
            if match["to"] is not None:
                hand.act(number, name, Move.RAISE, hand.amount(match["to"], number))
            else:  # raises by
                top = max(hand.bets.values(), default=0)
                hand.act(number, name, Move.RAISE, top + amount)
        elif verb == "bets":
            hand.act(number, name, Move.RAISE, hand.bets.get(name, 0) + amount)
        else:  # calls: the chips added
            hand.add(number, name, amount, "calls", all_in)

    def _summary_seat(self, hand: _Hand, number: int, rest: str, won: dict[str, int],
                      mucked_cards: list[tuple[str, str]]) -> None:
        name = next((n for n in sorted(hand.players, key=len, reverse=True)
                     if rest.startswith(n + " ")), None)
        if name is None:
            return
        tail = rest[len(name) + 1:]
        amounts = [hand.amount(m["a"], number) for m in _WON.finditer(tail)]
        if amounts:
            won[name] = won.get(name, 0) + sum(amounts)
        bracket = _BRACKET.search(tail)
        if "showed" in tail.split("[", 1)[0] and bracket is not None:
            hand.show(number, name, tuple(_card(word, number)
                                          for word in bracket["cards"].split()))
        elif tail.startswith("mucked") or " mucked" in tail.split("[", 1)[0]:
            hand.shows.append((name, None))
            if bracket is not None:
                mucked_cards.append((name, bracket["cards"]))

    # ---- the older format --------------------------------------------------------

    def old(self) -> HandRecord:
        number, line = self.lines[0]
        index = 0
        date = None
        if line.startswith(_OLD_START):
            date = line[len(_OLD_START):].strip()
            index = 1
        if index >= len(self.lines):
            raise _Fail(number, "the hand is cut off after its first line")
        number, line = self.lines[index]
        header = _OLD_HEADER.fullmatch(line)
        if header is None:
            raise _Fail(number, "no Game ID line that parses")
        game = header["game"].strip()
        variant = _variant(number, game, _OLD_GAMES, _STUD_WORDS)
        if variant is None:
            raise _Skip()
        table = header["table"].strip()
        tournament = _TOURNAMENT_TABLE.search(table) is not None
        hand = _Hand(self.lines[0][0], header["id"], None if tournament else "USD",
                     self.options, self.file)
        hand.table = table
        if header["max"]:
            hand.fields_max = int(header["max"])
        small, big = hand.stakes(number, header["small"], header["big"])
        hand.fields.append(("_game", game))
        if date:
            hand.fields.append(("_date", date))
        summary = False
        ended = False
        bets_said: dict[str, int] = {}
        collects: dict[str, int] = {}
        players = hand.players
        hero_cards: dict[str, int] = {}
        for number, line in self.lines[index + 1:]:
            if line.startswith("Game ended at:"):
                ended = True
                continue
            if summary:
                match = _OLD_RESULT.fullmatch(line)
                if match is None:
                    continue
                name = hand.known(match["name"], number)
                bets_said[name] = hand.amount(match["bets"], number)
                collects[name] = hand.amount(match["got"], number)
                what = match["what"]
                if what == "mucks":
                    hand.shows.append((name, None))
                elif what == "shows":
                    bracket = _BRACKET.search(match["rest"])
                    if bracket is not None:
                        hand.show(number, name, tuple(_card(w, number)
                                                      for w in bracket["cards"].split()))
                continue
            if line.startswith("Player "):
                match = _OLD_CARD.fullmatch(line)
                if match is not None:
                    name = hand.known(match["name"], number)
                    hand.deal(number, name, [_card(match["card"].strip(), number)])
                    if hand.street == 3:
                        hero_cards[name] = hero_cards.get(name, 0) + 1
                    continue
                match = _OLD_ACTION.fullmatch(line)
                if match is not None and match["name"] in players:
                    name, verb = match["name"], match["verb"]
                    amount = hand.amount(match["a"], number)
                    if verb in ("ante", "posts ante"):
                        hand.ante(number, name, amount)
                    elif verb == "bets":
                        hand.add(number, name, amount, "bets", False)
                    elif verb in ("raises", "caps", "cap"):
                        hand.act(number, name, Move.RAISE, hand.bets.get(name, 0) + amount)
                    else:
                        hand.add(number, name, amount, verb, verb == "allin")
                    continue
                match = _OLD_PLAIN.fullmatch(line)
                if match is not None and match["name"] in players:
                    hand.act(number, match["name"],
                             Move.FOLD if match["verb"] == "folds" else Move.CHECK_CALL, None)
                    continue
                _damaged(players, line[7:], number, _OLD_VERBS)
                continue
            if line.startswith("Seat ") and hand.street == 0:
                match = _OLD_SEAT.fullmatch(line)
                if match is not None:
                    hand.seat(number, int(match["num"]), match["name"],
                              hand.amount(match["stack"], number), False)
                    continue
            if line.startswith("***"):
                street = _OLD_MARKERS.get(line)
                if street is not None:
                    if hand.street != street:  # (already opened by its cards)
                        hand.new_street(number, street)
                continue
            if line.startswith("------ Summary"):
                summary = True
        last = self.lines[-1][0]
        if not ended or not summary:
            raise _Fail(last, "the hand is cut off: no summary and end")
        for name in players:  # (in the order listed)
            if name not in hand.in_hand:
                continue
            if name not in collects:
                raise _Fail(last, f"the summary has no line for {name}")
            if bets_said[name] != hand.put_in.get(name, 0):
                raise _Fail(last, f"{name} bets {hand.put_in.get(name, 0)} in the hand, the "
                                  f"summary says {bets_said[name]}")
        hero = [name for name, count in hero_cards.items() if count == 3]
        if hero:
            hand.hero = hero[0]
        top_name, excess = hand.uncalled()
        collected = dict(collects)
        if excess and top_name is not None:
            # the uncalled bet, never written, is in its owner's "Collects"
            if collected.get(top_name, 0) < excess:
                raise _Fail(last, f"{top_name}'s uncalled {excess} is not in what he collects")
            collected[top_name] -= excess
        if sum(collected.values()) > sum(hand.put_in.values()) - excess:
            raise _Fail(last, "the players collect more than the pot held")
        return hand.record(last, variant, small, big, collected, 0, "wpn")


class _HandsReader:
    """The hands of one file (the base of this module's reader and of the
    readers built on its ``_Hand``): a hand runs from a line ``starts``
    accepts to the next; past ``MAX_HAND_LINES`` lines it is an error;
    ``parse`` reads its lines into a record, raising ``_Fail`` or
    ``_Skip``."""

    #: the site's table rules, unless the caller gives others
    site_profile: ClassVar[dict[str, Any]] = {}

    def __init__(self, *, file: str | None = None, profile: dict[str, Any] | None = None) -> None:
        self.file = file
        self.options: dict[str, Any] = dict(self.site_profile if profile is None else profile)
        self.skipped = 0
        self.cancelled = 0
        self.hands = 0
        self.errors = 0

    def starts(self, line: str, kind: str, hand: list[tuple[int, str]]) -> str:
        """The kind of hand that ``line`` begins ("" for none), after a
        hand of ``kind`` whose lines so far are ``hand``."""
        raise NotImplementedError

    def hand_id(self, lines: list[tuple[int, str]], kind: str) -> str | None:
        raise NotImplementedError

    def parse(self, lines: list[tuple[int, str]], kind: str) -> HandRecord:
        raise NotImplementedError

    def is_cancelled(self, lines: list[tuple[int, str]]) -> bool:
        """A hand the site cancelled, counted and not read."""
        return False

    def read(self, lines: Iterable[str]) -> Iterator[Union[HandRecord, HistoryError]]:
        hand: list[tuple[int, str]] = []
        kind = ""
        extra = 0
        outside = False
        starts = self.starts
        for number, raw in enumerate(lines, 1):
            line = raw.strip()
            if not line:
                continue
            begins = starts(line, kind, hand)
            if begins:
                if hand:
                    yield from self._finish(hand, kind, extra)
                hand, kind, extra, outside = [(number, line)], begins, 0, False
            elif not hand:
                if not outside:
                    outside = True
                    self.errors += 1
                    yield HistoryError(f"a line outside any hand: {line[:80]!r}", self.file,
                                       None, number)
            elif len(hand) < MAX_HAND_LINES:
                hand.append((number, line))
            else:
                extra += 1
        if hand:
            yield from self._finish(hand, kind, extra)

    def _finish(self, lines: list[tuple[int, str]], kind: str,
                extra: int) -> Iterator[Union[HandRecord, HistoryError]]:
        hand_id = self.hand_id(lines, kind)
        if self.is_cancelled(lines):
            self.cancelled += 1
            return
        try:
            if extra:
                raise _Fail(lines[-1][0], f"the hand has more than {MAX_HAND_LINES} lines")
            record = self.parse(lines, kind)
        except _Skip as skip:
            if skip.cancelled:
                self.cancelled += 1
            else:
                self.skipped += 1
            return
        except _Fail as fail:
            self.errors += 1
            yield HistoryError(fail.reason, self.file, hand_id, fail.line)
            return
        except Exception as error:  # noqa: BLE001 - a hand read wrong is still never a crash
            self.errors += 1
            yield HistoryError(f"cannot read the hand: {type(error).__name__}: {error}",
                               self.file, hand_id, lines[0][0])
            return
        self.hands += 1
        yield record


class WpnReader(_HandsReader):
    """The hands of one Winning file, either format (see the module)."""

    site_profile = WPN_PROFILE

    def starts(self, line: str, kind: str, hand: list[tuple[int, str]]) -> str:
        if line[:1] in "GH":
            if line.startswith(_OLD_START):
                return "old"
            if line.startswith("Game ID: ") and (
                    kind != "old" or any(text.startswith("Game ID: ") for _, text in hand[:3])):
                return "old"
            if (line.startswith("Hand #") or line.startswith("Game Hand #")) \
                    and _NEW_HEADER.match(line):
                return "new"
        return ""

    def hand_id(self, lines: list[tuple[int, str]], kind: str) -> str | None:
        hand_id = None
        for _, line in lines[:2]:
            match = _NEW_HEADER.match(line) if kind == "new" else _OLD_HEADER.match(line)
            if match is not None:
                hand_id = match["id"]
        return hand_id

    def parse(self, lines: list[tuple[int, str]], kind: str) -> HandRecord:
        reading = _Reading(lines, self.file, self.options)
        return reading.new() if kind == "new" else reading.old()


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
