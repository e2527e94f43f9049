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
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any, Union

from ..._core import Card
from ...enums import Variant
from ..errors import HistoryError
from ..record import Acted, HandRecord, Move, Mucked, Showed, _trusted
from . import SiteFormat
from ._stud_lines import LineHand, LineReader, action_patterns, amount_of, bounded, read_card
from ._stud_text import Fail, Skip

__all__ = ["FORMAT", "PARTYPOKER_PROFILE", "PartyPokerReader"]

#: PartyPoker's table rules: the open-pair double bet on 4th street in
#: Seven Card Stud (docs/rules.md 4.4, 11.3)
PARTYPOKER_PROFILE: dict[str, Any] = {"open_pair_double": {Variant.SEVEN_CARD_STUD: True}}

_GAME_NO = re.compile(r"#Game No\s*:\s*(\w+)\s*$")
_BANNER = re.compile(r"\*{5} Hand History [Ff]or Game (\w+) \*{5}")
_GAMES = re.compile(r"7 Card Stud Hi-Lo|7 Card Stud|Texas Hold'?em|Double Hold'?em|Hold'?em|"
                    r"Omaha Hi-Lo|Omaha|Short Deck|Razz|5 Card Stud|Draw|Badugi")
_CASH = re.compile(r"(?P<sym>[$€]?)(?P<small>[\d,.]+)/[$€]?(?P<big>[\d,.]+)\s*(?P<iso>[A-Z]{3})?\s+"
                   r"(?:(?P<limit>FL|NL|PL|Limit)\s+)?(?P<game>.+?)\s+-\s+(?P<date>.*)$")
_TOURNEY = re.compile(r"(?:(?P<limit>FL|NL|PL)\s+)?(?P<game>.+?)\s+(?P<buyin>.*?)"
                      r"Trny:\s?(?P<tid>\d+)\s+Level:\s*(?P<level>\d+)\s+"
                      r"(?:Blinds|Stakes)(?:-Antes)?\((?P<small>[\d, ]+)/(?P<big>[\d, ]+)"
                      r"(?:\s*-\s*(?P<ante>[\d, ]+))?\)\s*-\s*(?P<date>.*)$")
_TABLE = re.compile(r"Table (?P<name>.*?)\s*\((?:Real|Play) Money\)")
_BUTTON = re.compile(r"Seat (\d+) is the button")
_PLAYERS = re.compile(r"Total number of players\s*:\s*(\d+)(?:\s*/\s*(\d+))?")
_SEAT = re.compile(r"Seat (?P<num>\d+): (?P<name>.+?) \(\s*(?P<stack>[$€]?[\d,.]+)\s*"
                   r"(?:[A-Z]{3}\s*)?\)(?P<rest>.*)$")
_STREETS = {"** Dealing **": 3, "** Dealing Third street **": 3,
            "** Dealing Fourth street **": 4, "** Dealing Fifth street **": 5,
            "** Dealing Sixth street **": 6, "** Dealing River **": 7,
            "** Dealing Seventh street **": 7}
_DEALT = re.compile(r"Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\]\s*$")
_VERBS = ("posts ante", "bring-ins", "completes", "double bets", "bets", "raises", "calls",
          "checks", "folds", "is all-In", "shows", "doesn't show", "mucks", "wins")
_ACTION, _ACTION_GREEDY = action_patterns(_VERBS)
_AMOUNT = re.compile(r"\s*[\[(]?\s*(?:Lo\s*\(\s*|Hi\s*\(\s*)?(?P<sym>[$€]?)\s*"
                     r"(?P<num>\d[\d,]*(?:\.\d+)?)\s*(?:USD|EUR|chips)?\s*[\])]?\)?\.?")
_SHOWN = re.compile(r"\s*\[(?P<cards>[^\]]*)\]")
#: lines that say nothing about the hand (comings and goings, time, chat)
_NOISE = re.compile(
    r"Game #\w+ starts\.?$|.+ has (?:joined|left) the table\.?$|.+ is sitting out\.?$|"
    r".+ (?:has|will be using) .*(?:seconds?|time ?bank).*$|.+ is (?:dis|re)connected.*$|"
    r".+ has been (?:dis|re)connected.*$|Connection Lost.*$|Player .+ finished in .*$|"
    r"Congratulations to .*$|.+ (?:has been|was) reconnected.*$|.+ did not respond in time\.?$|"
    r"There is no Small Blind.*$|.+ is feeling .*$|.+ adds .* chips?.*$|.+ sits out\.?$|"
    r".+ is back\.?$")
_CANCELLED = re.compile(r"Table Closed|Hand cancelled|Game cancelled", re.IGNORECASE)
_STUD = {"7 Card Stud": Variant.SEVEN_CARD_STUD, "7 Card Stud Hi-Lo": Variant.SEVEN_CARD_STUD_HILO}


def _cards(text: str, line: int) -> tuple[Card, ...]:
    return tuple(read_card(t, line, suit_first=True) for t in text.replace(",", " ").split())


def _number(text: str, cents: bool, line: int) -> int:
    return bounded(amount_of(text.replace(",", "").replace(" ", ""), cents, line), text, line)


class _Hand(LineHand):
    """One hand's lines to a HandRecord (raises Fail or Skip)."""

    format = "partypoker"

    def number(self, text: str, line: int) -> int:
        return _number(text, self.cents, line)

    def parse(self) -> HandRecord:
        lines = self.lines
        index = 0
        fields = self.fields
        # the banner, and the game line after it
        while index < len(lines) and not _BANNER.match(lines[index][1]):
            match = _GAME_NO.match(lines[index][1])
            if match:
                self.hand_id = match.group(1)
            index += 1
        if index >= len(lines):
            raise Fail(lines[-1][0], "no '***** Hand History for Game' line")
        self.hand_id = _BANNER.match(lines[index][1]).group(1)  # type: ignore[union-attr]
        index += 1
        if index >= len(lines):
            raise Fail(lines[-1][0], "the hand ends after its banner (cut short?)")
        number, header = lines[index]
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
        cents = self.cents = cash is not None
        currency: str | None = None
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
        index += 1

        table: str | None = None
        listed, antes, put_in, steps = self.listed, self.antes, self.put_in, self.steps
        acted = False  # a decision made this street
        mucked_cards: list[tuple[int, str]] = []
        wins = False
        cancelled = False

        for number, line in lines[index:]:
            if not line:
                continue
            if line in _STREETS:
                self.new_street(number, line, _STREETS[line])
                acted = False
                continue
            street = self.street
            if street == 0:
                seat = _SEAT.match(line)
                if seat is not None:
                    self.seat(number, int(seat.group("num")), seat.group("name").strip(),
                              seat.group("stack").lstrip("$€"))
                    continue
                found = _BUTTON.match(line)
                if found is not None:
                    self.button = int(found.group(1))
                    continue
                found = _PLAYERS.match(line)
                if found is not None:
                    if any(name == "seat_count" for name, _ in fields):
                        raise Fail(number, "a second line of the number of players")
                    if found.group(2):
                        fields.append(("seat_count", int(found.group(2))))
                    continue
                found = _TABLE.match(line)
                if found is not None:
                    table = found.group("name")
                    continue
            if line.startswith("Dealt to "):
                if street == 0:
                    raise Fail(number, "cards dealt before the deal")
                found = _DEALT.match(line)
                if found is None:
                    raise Fail(number, f"a 'Dealt to' line that does not read: {line!r}")
                name = found.group("name")
                if name not in listed:
                    raise Fail(number, f"cards dealt to {name}, who is not seated")
                cards = _cards(found.group("cards"), number)
                self.note(cards, name, number)
                count = 3 if street == 3 else 1
                if not cards or not self.deal_pending:
                    raise Fail(number, f"cards dealt to {name} out of the deal")
                if street == 3:
                    self.dealt_in.append(name)
                    if len(cards) == 3:
                        self.hero = name
                if len(cards) >= count:
                    self.dealt[name] = cards[len(cards) - count:]
                else:
                    self.dealt[name] = (None,) * (count - len(cards)) + cards
                continue
            action = self.action(line, _ACTION, _ACTION_GREEDY)
            if action is None:
                if _NOISE.match(line):
                    continue
                if _CANCELLED.match(line):
                    cancelled = True
                    continue
                colon = line.find(": ")
                if colon > 0 and line[:colon] in listed:
                    continue  # chat
                raise Fail(number, f"a line that does not read: {line!r}")
            name, verb, rest = action.group("name", "verb", "rest")
            if verb == "posts ante":
                if street:
                    raise Fail(number, f"{name} posts an ante after the deal")
                if name in antes:
                    raise Fail(number, f"{name} posts the ante twice")
                paid = self.amount(rest, number, _AMOUNT)
                antes[name] = (paid, number)
                put_in[name] = put_in.get(name, 0) + paid
                continue
            if verb in ("shows", "doesn't show", "mucks", "wins"):
                self.flush_deal(number)
                if name not in self.seat_of:
                    raise Fail(number, f"{name} is not in the hand")
                seat_number = self.seat_of[name]
                if verb == "wins":
                    self.collected[name] = (self.collected.get(name, 0)
                                            + self.amount(rest, number, _AMOUNT))
                    wins = True
                    continue
                shown = _SHOWN.match(rest)
                cards = _cards(shown.group("cards"), number) if shown else ()
                self.note(cards, name, number)
                if verb == "shows":
                    steps.append(_trusted(Showed, seat_number, cards))
                else:
                    steps.append(_trusted(Mucked, seat_number))
                    if cards:
                        mucked_cards.append((seat_number, " ".join(map(str, cards))))
                continue
            # a betting decision
            if street == 0:
                raise Fail(number, f"{name} acts before the deal")
            self.flush_deal(number)
            if name not in self.seat_of:
                raise Fail(number, f"{name} acts but is not in the hand")
            seat_number = self.acting(number, name)
            if verb in ("folds", "checks"):
                self.fold_or_check(seat_number, name, verb == "folds")
            else:
                bets = self.bets
                added = self.amount(rest, number, _AMOUNT)
                to = bets.get(name, 0) + added
                top = max(bets.values(), default=0)
                if verb == "bring-ins":
                    move = Move.BRING_IN
                    self.bring_in = added
                elif verb == "calls":
                    move = Move.CHECK_CALL
                elif verb == "is all-In":
                    if street == 3 and not acted:
                        move = Move.BRING_IN
                    elif to > top:
                        move = Move.RAISE
                    else:
                        move = Move.CHECK_CALL
                else:  # completes, bets, double bets, raises
                    move = Move.RAISE
                bets[name] = to
                put_in[name] = put_in.get(name, 0) + added
                steps.append(_trusted(Acted, seat_number, move, to))
            acted = True

        last = lines[-1][0]
        if not wins:
            if cancelled:
                raise Skip(cancelled=True)
            raise Fail(last, "the hand ends before anyone wins (the file is cut short?)")
        if not self.order:
            raise Fail(last, "nobody was dealt in")
        # the antes: one amount, short only when all in
        ante = self.check_antes()
        if ante:
            for name in self.order:
                if name not in antes:
                    raise Fail(listed[name][2], f"{name} was dealt in without posting the ante")
        self.check_stacks(last)
        # what the pots held: all put in, less the uncalled part of the top bet
        given = sorted(put_in.values(), reverse=True) + [0, 0]
        pot = sum(given) - (given[0] - given[1])
        got = sum(self.collected.values())
        if got > pot or (not cents and got != pot):
            raise Fail(last, f"the wins ({got}) do not make the pot ({pot})"
                             + ("" if cents else ": a tournament takes no rake"))
        return self.finish(variant, small, big, ante, lines[index - 1][0], table, 0, currency,
                           [("_mucked_cards", tuple(mucked_cards))] if mucked_cards else ())


class PartyPokerReader(LineReader):
    """Reads a PartyPoker file's lines (see the module): ``read(lines)``
    yields a ``HandRecord`` per hand and a ``HistoryError`` per hand that
    cannot be read; ``skipped`` counts the hands of other games,
    ``cancelled`` the hands the site cancelled."""

    hand = _Hand
    profile_default = PARTYPOKER_PROFILE

    def read(self, lines: Iterable[str]) -> Iterator[Union[HandRecord, HistoryError]]:
        hand: list[tuple[int, str]] = []
        game_no = False  # the hand began with '#Game No', its banner still to come
        for number, raw in enumerate(lines, 1):
            line = raw.strip()
            if line.startswith("#Game No"):
                if hand:
                    yield from self._hand(hand)
                hand = [(number, line)]
                game_no = True
                continue
            if line.startswith("*****") and _BANNER.match(line):
                if hand and not game_no:
                    yield from self._hand(hand)
                    hand = []
                game_no = False
                hand.append((number, line))
                continue
            if hand:
                hand.append((number, line))
            elif line and not _NOISE.match(line):
                yield HistoryError(f"a line before the first hand: {line!r}", self.file, None,
                                   number)
        if hand:
            yield from self._hand(hand)


def detect(head: str) -> bool:
    """A PartyPoker file: a ``***** Hand History for Game N *****`` banner
    (888poker's names its site between the stars and ``Hand``)."""
    return any(_BANNER.match(line) for line in head.split("\n"))


FORMAT = SiteFormat("partypoker", "PartyPoker", detect, PartyPokerReader, PARTYPOKER_PROFILE)
