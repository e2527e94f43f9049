"""PokerStars text hand histories out: ``write_pokerstars``.

``write_pokerstars(record)`` writes one hand (a ``HandRecord``, or a
finished ``stud.Hand``) as PokerStars writes its stud hands, the text
``stud.histories.pokerstars`` reads back::

    PokerStars Hand #1:  7 Card Stud Limit (10/20) - 2000/01/01 0:00:00 ET
    Table 'Stud' 8-max
    Seat 1: Player1 (100 in chips)
    ...
    *** SUMMARY ***
    Total pot 31 | Rake 0

The record is replayed through the engine (``HandRecord.replay``, so a
record that does not replay raises ``MismatchError``), and the engine's
history gives what a history of PokerStars says and a record does not:
the verbs (``brings in for``, ``bets``, ``completes it to``, ``raises X to
Y``, ``calls``, ``checks``, ``folds``; ``bets`` for the bring-in seat
opening with the completion, as PokerStars writes it), the amounts each
verb names, ``and is all-in``, the antes, the uncalled bets returned, the
pots each seat collected and the rake.

What is written, and how it reads back:

- The header: the variant and the stakes (``7 Card Stud``, ``7 Card Stud
  Hi/Lo``, ``Razz``; ``(10/20)`` in chips, or ``($0.10/$0.20 USD)`` when
  ``record.currency`` is set: amounts are then cents, written as
  ``$0.10``, ``€1``, ``£2.50``, and with no symbol for other currencies,
  whose code the header gives).  A record read from PokerStars keeps its
  header's game text (field ``_game``: a tournament, its buy-in and level,
  a mixed game), used again when it still says the record's game and
  stakes; ``_date`` gives the date (``DEFAULT_DATE`` without it), ``_zoom``
  and ``_club`` the kind of table.  The hand number is ``hand_id`` when it
  is all digits, else the ``hand_id`` argument, else 1.
- Seats: ``record.seats`` when they go up with the engine's seats (else
  1, 2, ...), the players' names (``Player1`` ... without them), the
  starting stacks; the table (``record.table``, else ``Stud``) and its size
  (field ``seat_count``, else 8).
- Cards: PokerStars shows each player's up cards, and all the cards of
  one player, the hero.  The hero is the ``hero`` argument (an engine
  seat), else the player the field ``_hero`` names (a record read from
  PokerStars), else nobody: then every seat's ``Dealt to`` lines show its
  up cards only, as in a hand watched from the rail.  Other seats' down
  cards are not written, however well the record knows them: read back,
  they are unknown (None), except where a showdown shows them.  The hero
  must have every card known.  An up card the record does not know cannot
  be written (``ValueError``).
- The showdown: the record's ``Showed`` and ``Mucked`` steps in their order
  (``shows [...]``, without the community card and without a hand
  description; ``mucks hand``).  In the summary a mucked hand's cards are
  listed when known (field ``_mucked_cards``, or every card of the seat
  known to the record); read back, they are the field ``_mucked_cards``.
- The summary: the total pot (antes and bets less what was returned), the
  main and side pots after the rake when there are side pots, the rake,
  the community card, one line per seat.

A record whose rules are not PokerStars' (``stud.histories.pokerstars.
POKERSTARS_PROFILE``) reads back the same only when read with its own
options: ``rules_profile(record.rules)`` gives them.  The reader takes the
ante and the bring-in from the hand: a hand where every ante was all in
for less, or where nobody brought in, reads back with the rules' defaults
(the steps and the chips are the same).

>>> from stud import Hand, Rules
>>> from stud.histories.pokerstars import read_pokerstars
>>> hand = Hand(Rules("razz", 10), [100, 100], seed=7)
>>> while not hand.is_over:
...     hand.act(hand.legal_actions()[-1])
>>> text = write_pokerstars(hand, hand_id=42)
>>> print(text.splitlines()[0])
PokerStars Hand #42:  Razz Limit (10/20) - 2000/01/01 0:00:00 ET
>>> [record] = read_pokerstars(text, profile=rules_profile(hand.rules))
>>> record.replay().stacks == hand.stacks
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, Union

from ..enums import Variant
from ..game import (
    ActionKind,
    ActionTaken,
    AntePosted,
    BurnsReshuffled,
    CardBurned,
    CardDealt,
    CommunityCardDealt,
    HandMucked,
    HandShown,
    PotAwarded,
    RakeTaken,
    StreetStarted,
    UncalledBetReturned,
)
from .record import CommunityDealt, Dealt, HandRecord, Mucked, Showed

if TYPE_CHECKING:
    from .._core import Card, Hand
    from ..game import Rules

__all__ = ["DEFAULT_DATE", "rules_profile", "write_pokerstars", "write_pokerstars_hands"]

#: the date of a hand whose record has none (field ``_date``)
DEFAULT_DATE = "2000/01/01 0:00:00 ET"

_GAMES = {Variant.SEVEN_CARD_STUD: "7 Card Stud", Variant.SEVEN_CARD_STUD_HILO: "7 Card Stud Hi/Lo",
          Variant.RAZZ: "Razz"}
_SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£"}
_HEADERS = {3: "*** 3rd STREET ***", 4: "*** 4th STREET ***", 5: "*** 5th STREET ***",
            6: "*** 6th STREET ***", 7: "*** RIVER ***"}
_STREETS = {3: "3rd Street", 4: "4th Street", 5: "5th Street", 6: "6th Street", 7: "River"}
_NOT_NAMES = ("*** ", "Seat ", "Table ", "Dealt to ", "Uncalled bet (", "PokerStars ",
              "Hand cancelled", "The deck is reshuffled")
_OPTIONS = ("bring_in_tiebreak", "board_tiebreak", "max_raises", "heads_up_uncapped",
            "open_pair_double", "reopen_rule", "odd_chip", "burn_cards", "shortage",
            "fold_when_can_check", "odd_chip_half")


def rules_profile(rules: Rules) -> dict[str, Any]:
    """The options of ``rules`` as a reader's ``profile``: what reading a
    written hand back needs for the same rules (a PokerStars history does
    not say them).

    >>> from stud import Rules
    >>> rules_profile(Rules("razz", 10))["bring_in_tiebreak"]
    'position'
    """
    return {name: getattr(rules, name) for name in _OPTIONS}


def write_pokerstars(record: Union[HandRecord, Hand], *, hero: int | None = None,
                     hand_id: str | int | None = None, **fields: Any) -> str:
    """One hand as PokerStars text (lines ending in ``\\n``, the last one
    too); see the module's docstring.  ``record``: a ``HandRecord`` (it is
    replayed: ``MismatchError`` if it does not replay) or a ``stud.Hand``
    that is over, written as ``hand.to_record(**fields)`` (``fields``:
    ``players``, ``seats``, ``table``, ``currency`` ...; the hand is not
    replayed).  ``hero``: the engine seat whose down cards are shown
    (None: the record's ``_hero`` field, else nobody).  ``hand_id``: the
    hand number when the record has none of digits."""
    from .._core import Hand

    if isinstance(record, Hand):
        if not record.is_over:
            raise ValueError("the hand is not over: only a finished hand is written")
        hand = record
        record = hand.to_record(**fields)
    elif fields:
        raise TypeError(f"record fields ({', '.join(fields)}) go with a Hand, not a record")
    elif isinstance(record, HandRecord):
        record = _one_show_each(record)
        hand = record.replay()
    else:
        raise TypeError(f"write_pokerstars writes a HandRecord or a Hand, not "
                        f"{type(record).__name__}")
    return _Writer(record, hand, hero, hand_id).write()


def _one_show_each(record: HandRecord) -> HandRecord:
    """The record with one show a seat: a seat that shows again (at an
    all-in, then at the showdown, as pokerkit writes) has the fuller show,
    in the place of the first; a show of other cards is left for the replay
    to refuse."""
    steps = list(record.steps)
    first: dict[int, int] = {}
    drop: list[int] = []
    for index, step in enumerate(steps):
        if type(step) is not Showed:
            continue
        at = first.setdefault(step.seat, index)
        if at == index:
            continue
        before = steps[at]
        assert isinstance(before, Showed)
        old = {card for card in before.cards if card is not None}
        new = {card for card in step.cards if card is not None}
        if new <= old or old <= new:
            if old < new:
                steps[at] = step
            drop.append(index)
    if not drop:
        return record
    return record.replace(steps=tuple(s for i, s in enumerate(steps) if i not in set(drop)))


def write_pokerstars_hands(records: Iterable[Union[HandRecord, Hand]], *,
                           first_id: int = 1) -> Iterator[str]:
    """Each hand's text followed by the blank lines between hands, as a
    PokerStars file has them: ``"".join(...)`` (or ``writelines``) is a
    file ``read_pokerstars`` reads.  A hand without a hand number of digits
    gets ``first_id`` plus its position."""
    for index, record in enumerate(records):
        yield write_pokerstars(record, hand_id=first_id + index) + "\n\n\n"


class _Writer:
    def __init__(self, record: HandRecord, hand: Hand, hero: int | None,
                 hand_id: str | int | None) -> None:
        rules = record.rules
        if rules.variant not in _GAMES:
            # 2-7 Razz and Hi-Lo Regular (docs/rules.md 12, 13) are seven-card
            # games too, but no PokerStars history names them: none is invented
            raise ValueError(f"PokerStars histories hold the seven-card games PokerStars deals "
                             f"({', '.join(_GAMES.values())}), not {rules.variant.name}: "
                             f"write it as PHH (stud.histories.phh) instead")
        self.record = record
        self.hand = hand
        self.n = n = record.n_seats
        self.fields = dict(record.fields)
        currency = record.currency
        self.money = currency is not None
        self.symbol = _SYMBOLS.get(currency, "") if currency is not None else ""
        names = record.players or tuple(f"Player{seat + 1}" for seat in range(n))
        for name in names:
            # (a name the reader would take for another line)
            if not name or name != name.strip() or "\n" in name or "\r" in name \
                    or name.startswith(_NOT_NAMES) or ' said, "' in name:
                raise ValueError(f"{name!r} cannot be a player's name in a PokerStars history")
        if len(set(names)) != n:
            raise ValueError(f"two players have one name: {names}")
        self.names = names
        seats = record.seats
        if seats is None or seats[0] < 1 or any(a >= b for a, b in zip(seats, seats[1:])):
            seats = tuple(range(1, n + 1))
        self.seats = seats
        # the record's cards, street by street, per seat
        self.dealt: list[list[tuple[Card | None, ...]]] = [[] for _ in range(n)]
        self.community: list[Card] = []
        shows: list[Showed | Mucked] = []
        for step in record.steps:
            if isinstance(step, Dealt):
                self.dealt[step.seat].append(step.cards)
            elif isinstance(step, CommunityDealt):
                self.community.append(step.card)
            elif isinstance(step, (Showed, Mucked)):
                shows.append(step)
        self.shows = shows
        if hero is None:
            named = self.fields.get("_hero")
            if named in names:
                hero = names.index(named)
                if not self._known(hero):
                    hero = None
        else:
            if not 0 <= hero < n:
                raise ValueError(f"no seat {hero} at {n} seats")
            if not self._known(hero):
                raise ValueError(f"seat {hero} cannot be the hero: the record does not know "
                                 f"all of its cards")
        self.hero = hero
        self.hand_id = record.hand_id if record.hand_id and record.hand_id.isdigit() else (
            str(hand_id) if hand_id is not None else "1")

    def _known(self, seat: int) -> bool:
        return all(card is not None for cards in self.dealt[seat] for card in cards)

    def _amount(self, amount: int) -> str:
        if not self.money:
            return str(amount)
        whole, cents = divmod(amount, 100)
        return f"{self.symbol}{whole}.{cents:02d}" if cents else f"{self.symbol}{whole}"

    # ---- the header ------------------------------------------------------------------

    def _header(self) -> str:
        fields = self.fields
        if fields.get("_zoom"):
            prefix = "PokerStars Zoom Hand #"
        elif "_club" in fields:
            prefix = "PokerStars Home Game Hand #"
        else:
            prefix = "PokerStars Hand #"
        club = f"{{{fields['_club']}}} " if "_club" in fields else ""
        date = fields.get("_date", DEFAULT_DATE)
        game = fields.get("_game")
        if isinstance(game, str) and self._says_the_game(club + game):
            desc = game
        else:
            desc = self._game()
        space = "  " if "_tournament" not in fields and not club else " "
        return f"{prefix}{self.hand_id}:{space}{club}{desc} - {date}"

    def _game(self) -> str:
        rules, fields = self.record.rules, self.fields
        game = _GAMES[rules.variant]
        big = rules.big_bet
        assert big is not None  # (Rules sets it)
        stakes = f"{self._amount(rules.small_bet)}/{self._amount(big)}"
        mix = fields.get("_mix")
        if "_tournament" in fields:
            buy_in = f"{fields['_buy_in']} " if "_buy_in" in fields else ""
            name = f"{mix} ({game} Limit)" if mix else f"{game} Limit"
            level = f"Level {fields['_level']} " if "_level" in fields else ""
            return f"Tournament #{fields['_tournament']}, {buy_in}{name} - {level}({stakes})"
        if self.record.currency is not None:
            stakes += f" {self.record.currency}"
        return f"{mix} ({game} Limit, {stakes})" if mix else f"{game} Limit ({stakes})"

    def _says_the_game(self, desc: str) -> bool:
        """Whether a kept game text still says the record's game and stakes."""
        from .ps_game import read_game_text

        game = read_game_text(desc.strip())
        if not isinstance(game, tuple):
            return False
        variant, small, big, currency, _ = game
        rules = self.record.rules
        return (variant, small, big, currency) == (
            rules.variant, rules.small_bet, rules.big_bet, self.record.currency)

    # ---- the hand --------------------------------------------------------------------

    def write(self) -> str:
        record, hand, names, amount = self.record, self.hand, self.names, self._amount
        n = self.n
        out = [self._header(),
               f"Table '{record.table if record.table is not None else 'Stud'}' "
               f"{self.fields.get('seat_count', record.rules.max_players)}-max"]
        stacks = list(record.starting_stacks)
        for seat in range(n):
            out.append(f"Seat {self.seats[seat]}: {names[seat]} ({amount(stacks[seat])} in chips)")
        bets = [0] * n
        put_in = [0] * n  # chips in the pot, antes included
        voluntary = [False] * n  # put chips in beyond the ante
        folded_on: dict[int, int] = {}
        visible: list[list[Card]] = [[] for _ in range(n)]
        street_of = [0] * n  # the streets dealt so far, per seat
        reshuffled = set(self.fields.get("_deck_reshuffled", ()))
        awarded = [0] * n
        winners: set[int] = set()
        shown: set[int] = set()
        mucked: set[int] = set()
        showdown = False
        rake = 0
        street = 0
        n_pots = max(1, len(hand.pots))
        pot_amounts = [0] * n_pots
        history = hand.history
        count = len(history)
        index = 0
        while index < count:
            event = history[index]
            index += 1
            kind = type(event)
            if kind is ActionTaken:
                assert isinstance(event, ActionTaken)
                seat = event.seat
                act, to = event.action
                before, top = bets[seat], max(bets)
                chips = to - before
                stacks[seat] -= chips
                put_in[seat] += chips
                bets[seat] = to
                if act is ActionKind.FOLD:
                    text = "folds"
                    folded_on[seat] = street
                elif act is ActionKind.CHECK:
                    text = "checks"
                elif act is ActionKind.CALL:
                    text = f"calls {amount(chips)}"
                elif act is ActionKind.BRING_IN:
                    text = f"brings in for {amount(to)}"
                elif act is ActionKind.BET or (act is ActionKind.COMPLETE and top == 0):
                    text = f"bets {amount(chips)}"
                elif act is ActionKind.COMPLETE:
                    text = f"completes it to {amount(to)}"
                else:
                    text = f"raises {amount(to - top)} to {amount(to)}"
                if chips:
                    voluntary[seat] = True
                    if stacks[seat] == 0:
                        text += " and is all-in"
                out.append(f"{names[seat]}: {text}")
            elif kind is AntePosted:
                assert isinstance(event, AntePosted)
                seat = event.seat
                if event.amount:
                    stacks[seat] -= event.amount
                    put_in[seat] += event.amount
                    out.append(f"{names[seat]}: posts the ante {amount(event.amount)}"
                               + (" and is all-in" if stacks[seat] == 0 else ""))
            elif kind is StreetStarted:
                assert isinstance(event, StreetStarted)
                street = event.street
                bets = [0] * n
                # what the street deals: a community card, or cards per seat
                dealt: list[int] = []
                community: Card | None = None
                while index < count:
                    ahead = history[index]
                    if type(ahead) is CardDealt:
                        assert isinstance(ahead, CardDealt)
                        if ahead.seat not in dealt:
                            dealt.append(ahead.seat)
                    elif type(ahead) is CommunityCardDealt:
                        assert isinstance(ahead, CommunityCardDealt)
                        community = ahead.card
                    elif type(ahead) is not CardBurned and type(ahead) is not BurnsReshuffled:
                        break
                    index += 1
                out.append(_HEADERS[street] + ("" if community is None else f" [{community}]"))
                if street in reshuffled:
                    out.append("The deck is reshuffled")
                for seat in sorted(dealt):
                    line = self._dealt(seat, street, street_of[seat], visible[seat])
                    street_of[seat] += 1
                    if line is not None:
                        out.append(line)
            elif kind is UncalledBetReturned:
                assert isinstance(event, UncalledBetReturned)
                seat = event.seat
                stacks[seat] += event.amount
                put_in[seat] -= event.amount
                bets[seat] -= event.amount
                out.append(f"Uncalled bet ({amount(event.amount)}) returned to {names[seat]}")
            elif kind is HandShown or kind is HandMucked:
                assert isinstance(event, (HandShown, HandMucked))
                (shown if kind is HandShown else mucked).add(event.seat)
                if not showdown:
                    showdown = True
                    out.append("*** SHOW DOWN ***")
                    out.extend(self._showdown())
            elif kind is RakeTaken:
                assert isinstance(event, RakeTaken)
                rake += event.amount
            elif kind is PotAwarded:
                assert isinstance(event, PotAwarded)
                seat = event.seat
                winners.add(seat)
                if not event.amount:
                    continue
                awarded[seat] += event.amount
                pot_amounts[event.pot] += event.amount
                if n_pots == 1:
                    where = "pot"
                elif event.pot == 0:
                    where = "main pot"
                elif n_pots == 2:
                    where = "side pot"
                else:
                    where = f"side pot-{event.pot}"
                out.append(f"{names[seat]} collected {amount(event.amount)} from {where}")
        if not showdown:
            out.extend(self._showdown(after=True))
            for seat, cards in self.fields.get("_shown_cards", ()):
                out.append(f"{names[seat]}: shows [{cards}]")
            if not self.fields.get("_shown_cards"):
                out.extend(f"{names[seat]}: doesn't show hand" for seat in range(n)
                           if seat in winners and seat not in folded_on)
        out.append("*** SUMMARY ***")
        pots = ""
        kept_pots = self.fields.get("_pots")
        if isinstance(kept_pots, tuple) and len(kept_pots) == n_pots \
                and sum(kept_pots) == sum(pot_amounts):
            # the pots as the site split the rake between them (the engine takes
            # it from the main pot first)
            pot_amounts = list(kept_pots)
        if n_pots > 1:
            pots = " Main pot " + amount(pot_amounts[0]) + "." + "".join(
                f" Side pot{'' if n_pots == 2 else f'-{p}'} {amount(pot_amounts[p])}."
                for p in range(1, n_pots))
        more = self.fields.get("_summary")
        out.append(f"Total pot {amount(sum(put_in))}{pots} | Rake {amount(rake)}"
                   + (f" | {more}" if more else ""))
        if self.community:
            out.append("Board [" + " ".join(map(str, self.community)) + "]")
        kept = {seat: cards for seat, cards in self.fields.get("_mucked_cards", ())}
        showed = {step.seat: step for step in self.shows if type(step) is Showed}
        for seat in range(n):
            head = f"Seat {self.seats[seat]}: {names[seat]}"
            won = f"won ({amount(awarded[seat])})" if awarded[seat] else ""
            if seat in kept:
                out.append(f"{head} mucked [{kept[seat]}]")
            elif seat in folded_on:
                bet = "" if voluntary[seat] or folded_on[seat] != 3 else " (didn't bet)"
                out.append(f"{head} folded on the {_STREETS[folded_on[seat]]}{bet}")
            elif seat in shown:
                step = showed.get(seat)
                cards = "" if step is None else f" [{self._shown_text(step)}]"
                out.append(f"{head} showed{cards} and " + (won or "lost"))
            elif seat in mucked:
                cards = self._all_cards(seat)
                out.append(f"{head} mucked" + (f" [{cards}]" if cards else ""))
            elif seat in winners:
                out.append(f"{head} collected ({amount(awarded[seat])})")
            else:
                out.append(f"{head} lost")
        out.append("")
        return "\n".join(out)

    def _dealt(self, seat: int, street: int, nth: int, visible: list[Card]) -> str | None:
        """The seat's ``Dealt to`` line of the street (None: nothing shown)."""
        cards = self.dealt[seat][nth] if nth < len(self.dealt[seat]) else ()
        name = self.names[seat]
        if seat == self.hero:
            new = [card for card in cards if card is not None]
        elif street == 3:
            new = [] if len(cards) != 3 or cards[2] is None else [cards[2]]
            if not new:
                raise ValueError(f"{self.record}: {name}'s 3rd street up card is not known: a "
                                 f"PokerStars history shows every up card")
        elif street == 7:
            return None
        else:
            new = [card for card in cards if card is not None]
            if len(new) != 1:
                raise ValueError(f"{self.record}: {name}'s {_STREETS[street]} card is not known: "
                                 f"a PokerStars history shows every up card")
        text = " ".join(map(str, new))
        if street == 3:
            line = f"Dealt to {name} [{text}]"
        else:
            line = f"Dealt to {name} [{' '.join(map(str, visible))}] [{text}]"
        visible.extend(new)
        return line

    def _shown_text(self, step: Showed) -> str:
        return " ".join(str(card) for card in step.cards
                        if card is not None and card not in self.community)

    def _all_cards(self, seat: int) -> str:
        """The seat's cards as dealt, when the record knows them all."""
        if not self.dealt[seat] or not self._known(seat):
            return ""
        return " ".join(str(card) for cards in self.dealt[seat] for card in cards)

    def _showdown(self, after: bool = False) -> list[str]:
        """The record's shows and mucks (``after``: the shows of a hand that
        had no showdown, written after its collections)."""
        lines = []
        for step in self.shows:
            name = self.names[step.seat]
            if type(step) is Mucked:
                if not after:
                    lines.append(f"{name}: mucks hand")
            else:
                assert isinstance(step, Showed)
                text = self._shown_text(step)
                if text:
                    lines.append(f"{name}: shows [{text}]")
        return lines
