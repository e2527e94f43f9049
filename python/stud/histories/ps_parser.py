"""One PokerStars hand's lines to a ``HandRecord``: ``_Parser``, which ends
a hand's reading with ``_fail``'s exceptions (``_Fail``: an error;
``_Skip``: another game, or a cancelled hand).  ``pokerstars`` reads the
hands the C reader leaves to it with it."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable
from typing import Any

from .._core import Card, _checked_stacks
from ..enums import Variant
from ..game import Rules
from ._fail import _Fail, _Skip
from .ps_grammar import (
    _ACTED,
    _ACTION_VERB,
    _AMOUNT,
    _AMOUNTS,
    _BRACKETS,
    _CACHE_SIZE,
    _CARDS,
    _CASHED_OUT,
    _CHAT,
    _COLLECTED,
    _CURRENCIES,
    _DATE,
    _FEE,
    _HEADER,
    _LEVEL,
    _MUCKED,
    _OTHER_GAME,
    _PARSED,
    _POT_PART,
    _ROUND,
    _SEAT,
    _STAKES,
    _STREET,
    _STREET_NUMBERS,
    _STUD_GAME,
    _SUMMARY_SEAT,
    _TABLE,
    _TOTAL,
    _TOURNAMENT,
    _UNCALLED,
    _VARIANTS,
    _dealt_step,
    _field_name,
    _parse_action,
)
from .record import (
    Acted,
    CommunityDealt,
    HandRecord,
    Move,
    Mucked,
    Showed,
    Source,
    Step,
    _cached_rules,
    _trusted,
    show_once,
)


class _Parser:
    """One hand's lines to a HandRecord (raises _Fail or _Skip)."""

    def __init__(self, lines: list[tuple[int, str]], file: str | None,
                 options: dict[str, Any]) -> None:
        self.lines = lines
        self.file = file
        self.options = options
        self.fields: list[tuple[str, Any]] = []
        self.cents = False  # amounts are money (cents) rather than chips
        self.currency: str | None = None
        self.table: str | None = None
        self.players: dict[str, tuple[int, int]] = {}  # name -> (site seat, stack)
        self.names: list[str] = []  # the players' names, longest first
        self.colon_names = False  # a name holds ": "
        self.order: list[str] = []  # the engine's seats: names by site seat
        self.seat_of: dict[str, int] = {}
        self.steps: list[Step] = []
        self.put_in: dict[str, int] = {}
        self.antes: list[tuple[str, int, bool, int]] = []  # name, amount, all in, line
        self.bring_in: tuple[int, bool] | None = None  # amount, all in
        self.first_call: int | None = None  # the first call of the bring-in
        self.completed = False  # 3rd street saw a completion
        self.street = 0  # 0 before the deal
        self.community: set[int] = set()  # streets dealt as a community card
        self.bets: dict[int, int] = {}  # seat -> its bet in this round
        self.folded: set[int] = set()
        self.visible: dict[str, list[Card]] = {}  # what the Dealt lines showed
        self.pending: dict[str, list[Card]] = {}  # this street's new cards
        self.deal_open = False  # the street's Dealt lines may still come
        self.hero: str | None = None
        self.seen: dict[Card, str] = {}  # card -> owner ("" for the community)
        self.collected: dict[str, int] = {}
        self.showdown = False
        self.summary = False
        self.total: int | None = None
        self.total_line = 0
        self.rake = 0
        self.pots: tuple[int, ...] = ()
        self.mucked_cards: list[tuple[int, tuple[Card, ...]]] = []
        self.shown_cards: list[tuple[int, tuple[Card, ...]]] = []
        self.showed: dict[int, int] = {}  # seat -> the index of its Showed step
        self.seat_lines: dict[str, int] = {}  # name -> the line of its seat
        self.reshuffled: list[int] = []

    # ---- the hand ------------------------------------------------------------------

    def parse(self) -> HandRecord:
        number, header = self.lines[0]
        variant, small, big = self._header(number, header)
        line_ = self._line
        for number, line in itertools.islice(self.lines, 1, None):
            line_(number, line)
        last = self.lines[-1][0]
        if not self.summary:
            raise _Fail(last, "the hand ends before its summary (the file is cut short?)")
        if self.total is None:
            raise _Fail(last, "the summary has no 'Total pot' line")
        return self._record(variant, small, big)

    def _record(self, variant: Variant, small: int, big: int) -> HandRecord:
        header_line = self.lines[0][0]
        line = self.total_line
        assert self.total is not None
        put_in = sum(self.put_in.values())
        if put_in != self.total:
            raise _Fail(line, f"the total pot, {self._show(self.total)}, is not what was put in, "
                              f"{self._show(put_in)}")
        got = sum(self.collected.values())
        if got + self.rake != self.total:
            raise _Fail(line, f"the collections ({self._show(got)}) and the rake "
                              f"({self._show(self.rake)}) do not make the total pot "
                              f"({self._show(self.total)})")
        if self.pots and sum(self.pots) + self.rake != self.total:
            raise _Fail(line, "the main and side pots and the rake do not make the total pot")
        ante = max((amount for _, amount, _, _ in self.antes), default=0)
        posted = {name for name, _, _, _ in self.antes}
        for name, amount, all_in, where in self.antes:
            if name not in self.seat_of:
                raise _Fail(where, f"{name} posted the ante but was not dealt in")
            if amount != ante and not all_in:
                raise _Fail(where, f"{name} posted an ante of {self._show(amount)}, the "
                                   f"others {self._show(ante)}")
        if ante:
            for name in self.order:
                if name not in posted:
                    raise _Fail(line, f"{name} was dealt in without posting the ante")
        for name in self.order:
            if self.put_in.get(name, 0) > self.players[name][1]:
                raise _Fail(line, f"{name} put in {self._show(self.put_in[name])}, more than "
                                  f"the {self._show(self.players[name][1])} he sat with")
        bring_in: int | None
        if self.bring_in is not None and not self.bring_in[1]:
            bring_in = self.bring_in[0]
        elif self.first_call is not None:
            bring_in = self.first_call
            self.fields.append(("bring_in_from", "the first call of the bring-in"))
        elif self.bring_in is not None and self.bring_in[0] > small // 2:
            bring_in = self.bring_in[0]  # all in for more than the default: at least that
            self.fields.append(("bring_in_from", "the bring-in, all in"))
        else:
            bring_in = None
            self.fields.append(("bring_in_from", "not in the hand: the rules' default"))
        rules = self._rules(variant, small, big, ante, bring_in, header_line)
        stacks = [self.players[name][1] for name in self.order]
        try:  # the engine's own checks of the stacks, so replay cannot refuse them
            _checked_stacks(rules, stacks, "seat")
        except (TypeError, ValueError) as error:
            # the line of the seat with no chips, else of the largest stack
            name = min(self.order, key=lambda n: (self.players[n][1] > 0, -self.players[n][1]))
            raise _Fail(self.seat_lines.get(name, header_line), str(error)) from None
        if self.pots:
            self.fields.append(("pots", self.pots))
        # kept as text ("As Kd"), as any format can write them
        if self.mucked_cards:
            self.fields.append(("mucked_cards", tuple(
                (seat, " ".join(map(str, cards))) for seat, cards in self.mucked_cards)))
        if self.shown_cards:
            self.fields.append(("shown_cards", tuple(
                (seat, " ".join(map(str, cards))) for seat, cards in self.shown_cards)))
        if self.reshuffled:
            self.fields.append(("deck_reshuffled", tuple(self.reshuffled)))
        players = self.players
        order = self.order
        values = (rules, tuple(players[name][1] for name in order), tuple(self.steps),
                  tuple(order), tuple(players[name][0] for name in order), self.hand_id,
                  self.table, tuple(self.collected.get(name, 0) for name in order), self.rake,
                  None, self.currency,
                  tuple((_field_name(name), value) for name, value in self.fields),
                  _trusted(Source, self.file, header_line, "pokerstars"))
        if 2 <= len(order) <= 8:
            # every value as the checks would leave it: the reader made them so
            return _trusted(HandRecord, *values)
        try:
            return HandRecord(*values)
        except (TypeError, ValueError) as error:
            raise _Fail(header_line, str(error)) from None

    def _rules(self, variant: Variant, small: int, big: int, ante: int, bring_in: int | None,
               line: int) -> Rules:
        """``Rules(...)`` of the hand, the same object for the same values."""
        try:
            return _cached_rules(variant, small, big, ante, bring_in, **self.options)
        except (TypeError, ValueError) as error:
            raise _Fail(line, f"the rules: {error}") from None

    # ---- the header ------------------------------------------------------------------

    def _header(self, number: int, header: str) -> tuple[Variant, int, int]:
        match = _HEADER.match(header)
        assert match is not None
        self.hand_id = match["id"]
        parts = _DATE.split(match["rest"].strip(), maxsplit=1)
        variant, small, big = self._game(number, parts[0].strip())
        if match["zoom"]:
            self.fields.append(("zoom", True))
        if len(parts) > 1:
            self.fields.append(("date", parts[1].strip()))
        return variant, small, big

    def _game(self, number: int, desc: str) -> tuple[Variant, int, int]:
        """The game and stakes of the header's text (before the date)."""
        club = None
        if desc.startswith("{") and "}" in desc:
            club, desc = desc[1:desc.index("}")], desc[desc.index("}") + 1:].strip()
        game = _STUD_GAME.search(desc)
        if game is None:
            if _OTHER_GAME.search(desc):
                raise _Skip()
            raise _Fail(number, f"unknown game: {desc!r}")
        if game["limit"].lower() not in ("limit", "fixed limit"):
            raise _Fail(number, f"{game['game']} {game['limit']} is not supported (fixed limit "
                                f"only)")
        variant = _VARIANTS[game["game"].lower()]
        before, after = desc[:game.start()], desc[game.end():]
        tournament = _TOURNAMENT.match(before)
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
            raise _Fail(number, f"no stakes in the header: {desc!r}")
        if tournament is None:
            symbol = stakes["c1"] or stakes["c2"]
            self.currency = stakes["code"] or _CURRENCIES.get(symbol)
            self.cents = self.currency is not None
        small = self._amount(stakes["small"], number)
        big = self._amount(stakes["big"], number)
        self.fields.append(("game", desc))
        if mix:
            self.fields.append(("mix", mix))
        if tournament is not None:
            self.fields.append(("tournament", tournament["tid"]))
            if buy_in:
                self.fields.append(("buy_in", " ".join(buy_in)))
            level = _LEVEL.search(after)
            if level:
                self.fields.append(("level", level["level"]))
            match_round = _ROUND.search(after)
            if match_round:
                self.fields.append(("match_round", match_round["round"]))
        if club is not None:
            self.fields.append(("club", club))
        return variant, small, big

    # ---- one line ------------------------------------------------------------------

    def _line(self, number: int, line: str) -> None:
        if line.startswith("*** "):
            self._section(number, line)
            return
        if ' said, "' in line and _CHAT.match(line):
            return  # chat, from a player at the table or not
        if self.summary:
            self._summary(number, line)
            return
        if self.street == 0 and line.startswith("Table "):
            self._table(number, line)
            return
        if self.street == 0 and line.startswith("Seat "):
            self._seat(number, line)
            return
        if line.startswith("Dealt to "):
            self._dealt(number, line)
            return
        if line == "Hand cancelled":
            raise _Skip(cancelled=True)
        match = _UNCALLED.fullmatch(line) if line.startswith("Uncalled bet (") else None
        if match:
            self._flush(number)
            name = self._known(match["name"], number)
            amount = self._amount(match["a"], number)
            if not 0 < amount <= self.put_in.get(name, 0):
                raise _Fail(number, f"{name} gets back {self._show(amount)} he did not bet")
            self.put_in[name] -= amount
            seat = self.seat_of.get(name)
            if seat is not None:
                self.bets[seat] = self.bets.get(seat, 0) - amount
            return
        match = _COLLECTED.fullmatch(line) if " collected " in line else None
        if match:
            self._flush(number)
            name = self._known(match["name"], number)
            if name not in self.seat_of:
                raise _Fail(number, f"{name} collects but was not dealt in")
            self.collected[name] = self.collected.get(name, 0) + self._amount(match["a"], number)
            return
        if " cashed out " in line and _CASHED_OUT.match(line) \
                and self._who(line, " cashed out ") is not None:
            raise _Fail(number, "a hand cashed out before its end is not supported")
        if line == "The deck is reshuffled":
            # the burn and folded cards go back: only the live hands' stay out
            live = {name for name, seat in self.seat_of.items() if seat not in self.folded}
            self.seen = {card: owner for card, owner in self.seen.items()
                         if owner == "" or owner in live}
            self.reshuffled.append(self.street)
            return
        who = self._who(line, ": ")
        if who is not None:
            self._action(number, *who)
            return
        match = _ACTION_VERB.match(line)
        if match:
            raise _Fail(number, f"an action by {match['name']!r}, who is not at the table")
        # anything else informs only: joins, leaves, is disconnected, has timed
        # out, was removed from the table, Betting is capped, Pair on board ...

    def _section(self, number: int, line: str) -> None:
        match = _STREET.fullmatch(line)
        if match is None:
            raise _Fail(number, f"unknown section {line!r}")
        name = match["name"].lower()
        self._flush(number)
        if name == "summary":
            self.summary = True
            return
        if name == "show down":
            if self.street == 0:
                raise _Fail(number, "a showdown before the deal")
            self.showdown = True
            return
        if name not in _STREET_NUMBERS:
            raise _Fail(number, f"{match['name']!r} is not a stud street")
        street = _STREET_NUMBERS[name]
        if self.showdown or street != (3 if self.street == 0 else self.street + 1):
            raise _Fail(number, f"{match['name']} comes out of order")
        self.street = street
        self.bets = {}
        self.deal_open = True
        if match["card"] is not None:
            if street == 3:
                raise _Fail(number, "a community card on 3rd street")
            cards = self._cards(match["card"], number)
            if len(cards) != 1:
                raise _Fail(number, "a community card is one card")
            self._see(cards[0], "", number)
            self.community.add(street)
            self.steps.append(CommunityDealt(cards[0]))

    def _table(self, number: int, line: str) -> None:
        match = _TABLE.fullmatch(line)
        if match is None:
            raise _Fail(number, f"the table line does not parse: {line!r}")
        if self.table is not None:  # (a record keeps one table and one size)
            raise _Fail(number, "a second table line in the hand")
        self.table = match["name"]
        if match["max"]:
            self.fields.append(("max_seats", int(match["max"])))

    def _seat(self, number: int, line: str) -> None:
        match = _SEAT.fullmatch(line)
        if match is None:
            raise _Fail(number, f"the seat line does not parse: {line!r}")
        name, seat = match["name"], int(match["num"])
        if name in self.players or any(s == seat for s, _ in self.players.values()):
            raise _Fail(number, f"seat {seat} ({name}) is listed twice")
        self.players[name] = (seat, self._amount(match["stack"], number))
        self.seat_lines[name] = number
        self.names = sorted(self.players, key=len, reverse=True)
        self.colon_names = self.colon_names or ": " in name

    def _dealt(self, number: int, line: str) -> None:
        rest = line[9:]  # (after "Dealt to ")
        # the longest name followed by " [": where " [" is, the last first
        players = self.players
        name = None
        end = rest.rfind(" [")
        while end >= 0:
            if rest[:end] in players:
                name = rest[:end]
                break
            end = rest.rfind(" [", 0, end + 1)
        if name is None:
            raise _Fail(number, f"cards dealt to {rest.split(' [')[0]!r}, who is not at the "
                                f"table")
        if not self.deal_open:
            raise _Fail(number, f"cards dealt to {name} outside the deal of a street")
        match = _BRACKETS.fullmatch(rest[len(name) + 1:])
        if match is None:
            raise _Fail(number, f"the cards dealt to {name} do not parse")
        first = self._cards(match["a"], number)
        second = None if match["b"] is None else self._cards(match["b"], number)
        if name in self.pending:
            raise _Fail(number, f"{name} is dealt twice on one street")
        if self.street == 3:
            if second is not None or len(first) not in (1, 3):
                raise _Fail(number, f"3rd street deals one card face up, or three to the hero: "
                                    f"not {line[len('Dealt to ') + len(name):].strip()}")
            if len(first) == 3:
                if self.hero is not None:
                    raise _Fail(number, f"both {self.hero} and {name} show their down cards")
                self.hero = name
                self.fields.append(("hero", name))
            self.visible[name] = []
            new = list(first)
        else:
            seat = self.seat_of.get(name)
            if seat is None:
                raise _Fail(number, f"{name} is dealt a card but was not dealt in")
            if seat in self.folded:
                raise _Fail(number, f"{name} is dealt a card after folding")
            if list(first) != self.visible[name]:
                raise _Fail(number, f"the cards repeated for {name} ({_text(first)}) are not "
                                    f"the ones dealt before ({_text(self.visible[name])})")
            new = [] if second is None else list(second)
            if len(new) > 1 or (new and self.street in self.community):
                raise _Fail(number, f"{name} is dealt {_text(new)} on {self._street_name()}")
        for card in new:
            self._see(card, name, number)
        self.visible[name] = self.visible[name] + new
        self.pending[name] = new

    def _flush(self, number: int) -> None:
        """The street's Dealt steps, once its Dealt lines are over."""
        if not self.deal_open:
            return
        self.deal_open = False
        pending, self.pending = self.pending, {}
        if self.street == 3:
            if len(pending) < 2:
                raise _Fail(number, "fewer than two players are dealt in")
            self.order = sorted(pending, key=lambda name: self.players[name][0])
            self.seat_of = {name: seat for seat, name in enumerate(self.order)}
            for seat, name in enumerate(self.order):
                cards = pending[name]
                self.steps.append(_dealt_step(seat, tuple(cards) if len(cards) == 3
                                              else (None, None, cards[0])))
            return
        if self.street in self.community:
            return
        for seat, name in enumerate(self.order):
            if seat in self.folded:
                continue
            new = pending.get(name)
            if new:
                self.steps.append(_dealt_step(seat, tuple(new)))
            elif self.street == 7:  # the down card only the hero sees
                self.steps.append(_dealt_step(seat, (None,)))
            else:
                raise _Fail(number, f"no card dealt to {name} on {self._street_name()}")

    def _action(self, number: int, name: str, rest: str) -> None:
        parsed = _PARSED.get(rest)
        if parsed is None:
            parsed = _parse_action(rest)
            if len(_PARSED) >= _CACHE_SIZE:
                _PARSED.clear()
            _PARSED[rest] = parsed
        kind, all_in, match = parsed
        if kind is None:
            raise _Fail(number, f"{name}: unknown action {match['rest']!r}")
        if kind == "info":
            return
        if kind == "ante":
            if self.street != 0:
                raise _Fail(number, f"{name} posts an ante after the deal")
            amount = self._amount(match["a"], number)
            self.put_in[name] = self.put_in.get(name, 0) + amount
            self.antes.append((name, amount, all_in, number))
            return
        if self.street == 0:
            raise _Fail(number, f"{name} acts before the deal")
        if self.deal_open:
            self._flush(number)
        seat = self.seat_of.get(name)
        if seat is None:
            raise _Fail(number, f"{name} acts but was not dealt in")
        if kind in ("show", "muck", "no_show"):
            live = len(self.order) - len(self.folded)
            showdown = seat not in self.folded and live >= 2
            if kind == "show":
                cards = self._cards(match["cards"], number)
                if len(set(cards) | set(self.visible[name])) > 7 - len(self.community):
                    raise _Fail(number, f"{name} shows more cards than he holds")
                for card in cards:
                    self._see(card, name, number, again=True)
                if showdown:
                    self._show_once(number, name, Showed(seat, cards))
                else:
                    self.shown_cards.append((seat, cards))
            elif showdown:
                self.steps.append(Mucked(seat))
            return
        if self.showdown:
            raise _Fail(number, f"{name} bets after the showdown began")
        if seat in self.folded:
            raise _Fail(number, f"{name} acts after folding")
        before = self.bets.get(seat, 0)
        to: int | None = None
        if kind == "fold":
            move = Move.FOLD
            self.folded.add(seat)
        elif kind == "check":
            move = Move.CHECK_CALL
        elif kind == "call":
            move, to = Move.CHECK_CALL, before + self._amount(match["a"], number)
            if self.street == 3 and not self.completed and self.first_call is None:
                self.first_call = to
        elif kind == "bring_in":
            if self.street != 3 or self.bring_in is not None or self.bets:
                raise _Fail(number, f"{name} brings in out of turn")
            move, to = Move.BRING_IN, self._amount(match["a"], number)
            self.bring_in = (to, all_in)
        else:
            move = Move.RAISE
            if kind == "bet":
                to = before + self._amount(match["a"], number)
            else:
                to = self._amount(match["b"], number)
            faced = max(self.bets.values(), default=0)
            if to <= faced and not all_in:
                raise _Fail(number, f"{name} raises to {self._show(to)}, not above the bet")
            if kind == "raise" and to > faced:
                by = self._amount(match["a"], number)
                if by != to - faced:
                    raise _Fail(number, f"{name} raises {self._show(by)} to {self._show(to)}, "
                                        f"but the bet was {self._show(faced)}: a raise of "
                                        f"{self._show(to - faced)}")
            if self.street == 3:
                self.completed = True
        if to is not None:
            if to < before:
                raise _Fail(number, f"{name}'s bet goes down to {self._show(to)}")
            self.put_in[name] = self.put_in.get(name, 0) + to - before
            self.bets[seat] = to
        key = (seat, move, to)
        step = _ACTED.get(key)
        if step is None:
            if len(_ACTED) >= _CACHE_SIZE:
                _ACTED.clear()
            step = _ACTED[key] = _trusted(Acted, seat, move, to)
        self.steps.append(step)

    def _show_once(self, number: int, name: str, step: Showed) -> None:
        """A seat's show, once (``record.show_once``); other cards than he
        showed before are an error."""
        other = show_once(self.steps, self.showed, step)
        if other is not None:
            added, missing = other
            raise _Fail(number, f"{name} shows {_text(added)}, not the cards he "
                                f"showed before, {_text(missing)}")

    def _summary(self, number: int, line: str) -> None:
        if line.startswith("Total pot "):
            match = _TOTAL.fullmatch(line)
            if match is None:
                raise _Fail(number, f"the total pot line does not parse: {line!r}")
            if self.total is not None:  # (a record keeps one total, one rake, one summary)
                raise _Fail(number, "a second 'Total pot' line in the summary")
            self.total = self._amount(match["total"], number)
            self.rake = self._amount(match["rake"], number)
            self.total_line = number
            self.pots = tuple(self._amount(a, number)
                              for a in _POT_PART.findall(match["pots"]))
            more = match["more"].strip(" |")
            if more:
                self.fields.append(("summary", more))
                # 11.3: a fee besides the rake (a jackpot) counts as rake
                for fee in _FEE.finditer(more):
                    self.rake += self._amount(fee["amount"], number)
            return
        if " mucked [" not in line:
            return  # (nothing else of the summary is read)
        match = _SUMMARY_SEAT.fullmatch(line)
        if match is None:
            return  # "Board [..]" and the like
        name = next((n for n, (s, _) in self.players.items() if s == int(match["num"])), None)
        mucked = _MUCKED.search(match["rest"])
        if name is None or mucked is None:
            return
        seat = self.seat_of.get(name)
        if seat is None:
            raise _Fail(number, f"{name} mucks but was not dealt in")
        cards = self._cards(mucked[1], number)
        for card in cards:
            self._see(card, name, number, again=True)
        self.mucked_cards.append((seat, cards))

    # ---- small parts --------------------------------------------------------------

    def _who(self, line: str, separator: str) -> tuple[str, str] | None:
        if separator == ": " and not self.colon_names:
            # the name ends where ": " first does when no name holds ": "
            end = line.find(": ")
            if end >= 0 and line[:end] in self.players:
                return line[:end], line[end + 2:]
            return None
        for name in self.names:
            if line.startswith(name) and line.startswith(separator, len(name)):
                return name, line[len(name) + len(separator):]
        return None

    def _known(self, name: str, number: int) -> str:
        if name not in self.players:
            raise _Fail(number, f"{name!r} is not at the table")
        return name

    def _amount(self, text: str, number: int) -> int:
        key = (text, self.currency)
        value = _AMOUNTS.get(key)
        if value is None:
            value = self._read_amount(text, number)
            if len(_AMOUNTS) >= _CACHE_SIZE:
                _AMOUNTS.clear()
            _AMOUNTS[key] = value
        return value

    def _read_amount(self, text: str, number: int) -> int:
        match = _AMOUNT.fullmatch(text)
        if match is None:
            raise _Fail(number, f"the amount {text!r} does not parse")
        symbol, frac = match["sym"], match["frac"] or ""
        if symbol and _CURRENCIES[symbol] != self.currency:
            raise _Fail(number, f"the amount {text!r} is not in the hand's "
                                f"{self.currency or 'chips'}")
        value = int(match["whole"].replace(",", ""))
        if self.cents:
            if frac[2:].strip("0"):
                raise _Fail(number, f"the amount {text!r} is finer than a cent")
            value = value * 100 + int(frac[:2].ljust(2, "0"))
        elif frac.strip("0"):
            raise _Fail(number, f"the amount {text!r} is not a whole number of chips")
        if value >= 1 << 31:
            raise _Fail(number, f"the amount {text!r} is too large")
        return value

    def _cards(self, text: str, number: int) -> tuple[Card, ...]:
        cards = []
        for word in text.split():
            card = _CARDS.get(word)
            if card is None:
                try:
                    card = Card(word)
                except ValueError:
                    raise _Fail(number, f"{word!r} is not a card") from None
            if card in cards:
                raise _Fail(number, f"{card} is listed twice in [{text}]")
            cards.append(card)
        if not cards:
            raise _Fail(number, "no cards between the brackets")
        return tuple(cards)

    def _see(self, card: Card, owner: str, number: int, again: bool = False) -> None:
        """Note a card, refusing one seen elsewhere (or twice, unless ``again``)."""
        previous = self.seen.get(card)
        if previous is None:
            self.seen[card] = owner
        elif previous != owner or not again:
            where = "the community card" if previous == "" else f"{previous}'s"
            raise _Fail(number, f"{card} is seen twice in the hand (it is {where})")

    def _show(self, amount: int) -> str:
        if not self.cents:
            return str(amount)
        symbol = next((s for s, c in _CURRENCIES.items() if c == self.currency), "")
        return f"{symbol}{amount // 100}.{amount % 100:02d}"

    def _street_name(self) -> str:
        return "7th street" if self.street == 7 else f"{self.street}th street"


def _text(cards: Iterable[Card]) -> str:
    return "[" + " ".join(str(card) for card in cards) + "]"
