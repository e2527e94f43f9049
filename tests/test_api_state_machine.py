"""A hypothesis state machine over the public Python API of the betting engine.

Each example starts a hand with a random variant, bet sizes, options, table
and deck (a seeded shuffle or a stacked deck), automatic or manual showdown,
then runs a random sequence of: legal actions (through ``act`` in each of
its forms and the shortcut methods), illegal attempts of every kind (which
must raise and change nothing), showdown decisions, copies that must evolve
independently, pickle round trips that must deal the same future cards,
replays, views and new hands.  After every step the chips are counted on
the hand and on every copy.
"""

from __future__ import annotations

import copy
import operator
import pickle
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
import stud
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from stud import Action, ActionKind, Card, CardSet, Category, Hand, IllegalActionError, Variant
from stud.game import (
    ActionTaken,
    AntePosted,
    CardDealt,
    CommunityCardDealt,
    HandMucked,
    HandShown,
    PotAwarded,
    Rules,
    StreetStarted,
    UncalledBetReturned,
)

ALL_CARDS = [Card.from_index(i) for i in range(52)]
OPEN_PAIR_GAMES = (Variant.SEVEN_CARD_STUD, Variant.FIVE_CARD_STUD)
#: events a replay must reproduce exactly (burns are not replayed: no deck)
REPLAYED_EVENTS = (AntePosted, StreetStarted, CardDealt, CommunityCardDealt, ActionTaken,
                   UncalledBetReturned, HandShown, HandMucked, PotAwarded)
MAX_COPIES = 4


# ---- how a hand begins ---------------------------------------------------------------

@dataclass(frozen=True)
class Setup:
    """Everything a new hand is made from."""

    rules: Rules
    stacks: tuple[int, ...]
    seed: int
    deck: Any  # None, a string, or a list of str / Card
    showdown: str

    def start(self) -> Hand:
        return Hand(self.rules, list(self.stacks), seed=self.seed, deck=self.deck,
                    showdown=self.showdown)


@st.composite
def rules_strategy(draw: st.DrawFn) -> Rules:
    """A valid Rules: any variant, explicit or default bet sizes, any options."""
    variant = draw(st.sampled_from(list(Variant)))
    small = draw(st.sampled_from([1, 2, 3, 4, 5, 10, 25, 100, 1 << 20]))
    sizes: dict[str, int] = {}
    if draw(st.booleans()):
        sizes["big_bet"] = draw(st.integers(small, 4 * small))
        sizes["ante"] = draw(st.integers(0, small))
        sizes["bring_in"] = draw(st.integers(1, small))
    elif small < 2:  # the default bring-in, small // 2, would be 0
        sizes["bring_in"] = 1
    options: dict[str, Any] = {
        "bring_in_tiebreak": draw(st.sampled_from(["position", "suit"])),
        "board_tiebreak": draw(st.sampled_from(["position", "suit"])),
        "max_raises": draw(st.one_of(st.integers(0, 5), st.just(100))),
        "reopen_rule": draw(st.sampled_from(["half_bet", "full_raise"])),
        "odd_chip": draw(st.sampled_from(["high_card", "position"])),
        "burn_cards": draw(st.booleans()),
    }
    if draw(st.booleans()):
        options["heads_up_uncapped"] = draw(st.booleans())
    if variant in OPEN_PAIR_GAMES:
        options["open_pair_double"] = draw(st.booleans())
    if variant is Variant.SEVEN_CARD_STUD_HILO_REGULAR:  # its own options (13.2, 13.5)
        options["action_order"] = draw(st.sampled_from(["low", "high"]))
        options["low_needs_five_ranks"] = draw(st.booleans())
    return Rules(variant, small, **sizes, **options)


@st.composite
def setups(draw: st.DrawFn) -> Setup:
    """A table for a new hand: 2..max players, short to deep stacks, a seeded
    shuffle or a stacked deck given in any of its accepted forms."""
    rules = draw(rules_strategy())
    n = draw(st.integers(2, rules.max_players))
    unit: int = rules.big_bet  # type: ignore[assignment]  # set by __post_init__
    # at most 2**26 a seat: ten seats stay within the 2**30 chips a table may hold
    stack = st.one_of(st.integers(1, min(3 * unit, 1 << 26)),
                      st.integers(1, min(60 * unit, 1 << 26)), st.integers(1, 1 << 26))
    stacks = tuple(draw(st.lists(stack, min_size=n, max_size=n)))
    seed = draw(st.one_of(st.integers(0, 2**64 - 1), st.integers(-2**70, 2**70)))
    deck: Any = None
    if draw(st.booleans()):
        order = draw(st.permutations(ALL_CARDS))[:draw(st.integers(0, 52))]
        form = draw(st.sampled_from(["str", "list_str", "list_card"]))
        if form == "str":
            deck = " ".join(str(c) for c in order)
        elif form == "list_str":
            deck = [str(c) for c in order]
        else:
            deck = list(order)
    showdown = draw(st.sampled_from(["auto", "manual"]))
    return Setup(rules, stacks, seed, deck, showdown)


# ---- looking at a hand ----------------------------------------------------------------

def snapshot(hand: Hand) -> tuple:
    """Everything a caller can observe of a hand, for 'nothing changed' checks."""
    seats = range(hand.n_seats)
    return (hand.stacks, hand.pot, hand.pots, hand.legal_actions(), hand.history, hand.actor,
            hand.street, hand.bets, hand.contributions, hand.is_over, hand.awaiting_showdown,
            hand.may_muck, hand.payouts, hand.live_seats, hand.folded, hand.all_in,
            tuple(hand.up_cards(s) for s in seats), tuple(hand.down_cards(s) for s in seats),
            hand.community)


def check_chips(hand: Hand, start: list[int]) -> None:
    """The invariants every reachable state keeps (docs/rules.md 7, 9)."""
    stacks, total = hand.stacks, sum(start)
    assert hand.starting_stacks == start
    assert all(chips >= 0 for chips in stacks), stacks
    assert all(chips >= 0 for chips in hand.contributions), hand.contributions
    if not hand.is_over:
        assert hand.payouts is None
        assert sum(stacks) + hand.pot == total, (stacks, hand.pot, start)
        assert sum(p.amount for p in hand.pots) == hand.pot
        assert hand.street in hand.rules.streets
        live = hand.live_seats
        assert hand.actor is None or hand.actor in live, (hand.actor, live)
        if hand.awaiting_showdown:
            assert hand.actor is not None and hand.legal_actions() == []
        else:
            assert (hand.actor is None) == (hand.legal_actions() == [])
            assert hand.actor is None or hand.actor not in hand.all_in
    else:
        assert sum(stacks) == total, (stacks, start)
        assert hand.street is None and hand.actor is None and hand.legal_actions() == []
        # the pots stay readable: as paid, among the seats that contested them
        assert hand.pot == sum(hand.contributions) == sum(p.amount for p in hand.pots)
        assert all(p.eligible and set(p.eligible) <= set(hand.live_seats) for p in hand.pots)
        assert all(chips >= 0 for chips in hand.payouts), hand.payouts
        returned, awarded = [0] * hand.n_seats, [0] * hand.n_seats
        for event in hand.history:
            if isinstance(event, UncalledBetReturned):
                returned[event.seat] += event.amount
            elif isinstance(event, PotAwarded):
                awarded[event.seat] += event.amount
        # the final pot: every chip put in, less the uncalled bets handed back
        assert sum(awarded) == sum(hand.contributions)
        assert hand.payouts == [a + r for a, r in zip(awarded, returned)]
        assert sum(hand.payouts) == sum(hand.contributions) + sum(returned)
        assert stacks == [s - c - r + p for s, c, r, p in
                          zip(start, hand.contributions, returned, hand.payouts)]


def cards_in(value: Any) -> set[Card]:
    """Every card anywhere inside a view (tuples, lists, dicts, card sets)."""
    if isinstance(value, Card):
        return {value}
    if isinstance(value, CardSet):
        return set(value)
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for v in value.values())) if value else set()
    if isinstance(value, (tuple, list)):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    return set()


def decide(hand: Hand, rng: random.Random) -> None:
    """One random decision: a legal action (a check or call more often than
    not, so that many hands reach the showdown), or show/muck at a manual
    showdown."""
    if hand.awaiting_showdown:
        if hand.may_muck and rng.random() < 0.5:
            hand.muck()
        else:
            hand.show()
        return
    legal = hand.legal_actions()
    passive = [a for a in legal if a.kind in (ActionKind.CHECK, ActionKind.CALL)]
    if passive and rng.random() < 0.6:
        hand.act(passive[0])
    else:
        hand.act(legal[rng.randrange(len(legal))])


ACT_FORMS = ["act", "pair", "kind_amount", "name", "int", "shortcut"]


def act_in_form(hand: Hand, action: Action, form: str) -> None:
    """Takes a legal action through ``act`` (an Action, a plain pair, kind
    and amount, the kind's name or number, the amount left out when only one
    is legal) or through its shortcut method."""
    kind, amount = action
    only = sum(a.kind == kind for a in hand.legal_actions()) == 1
    if form == "act":
        hand.act(action)
    elif form == "pair":
        hand.act((int(kind), amount))
    elif form == "kind_amount":
        hand.act(kind, amount)
    elif form == "name":
        hand.act(kind.name.lower(), None if only else amount)
    elif form == "int":
        hand.act(int(kind), None if only else amount)
    else:
        shortcut: dict[ActionKind, Callable[..., None]] = {
            ActionKind.FOLD: hand.fold, ActionKind.CHECK: hand.check, ActionKind.CALL: hand.call,
            ActionKind.BRING_IN: hand.bring_in, ActionKind.COMPLETE: hand.complete,
            ActionKind.BET: hand.bet, ActionKind.RAISE: hand.raise_to}
        if kind >= ActionKind.COMPLETE:
            shortcut[kind](None if only else amount)
        elif only:
            shortcut[kind]()
        else:  # two amounts for a kind whose shortcut takes none
            hand.act(action)


# ---- illegal attempts -----------------------------------------------------------------

MISSING = object()
WRONG_TYPES = [1.0, 2.5, None, b"fold", [1], {"kind": 1}, object(), 1j, True, False]
KIND_NAMES = [k.name.lower() for k in ActionKind] + [k.name for k in ActionKind] + ["Call", "rAiSe"]


def kinds() -> st.SearchStrategy:
    """Action kinds, good and bad: enum members, ints in and out of 0..6,
    names and garbage strings, other int enums, wrong types."""
    return st.one_of(
        st.sampled_from(list(ActionKind)),
        st.integers(0, 6),
        st.integers(-2**70, -1), st.integers(7, 2**70),
        st.sampled_from([-1, 7, 8, 255, 256, 2**31, 2**32 + 2, 2**63, 2**64 + 1]),
        st.sampled_from(KIND_NAMES),
        st.sampled_from(["", "bring in", "bring-in", "allin", "shove", " fold", "FOLD ", "0"]),
        st.text(max_size=6),
        st.sampled_from(list(Category)),
        st.sampled_from(WRONG_TYPES),
    )


def amounts(legal: list[Action]) -> st.SearchStrategy:
    """Amounts, good and bad: the legal ones and their neighbours, negative,
    huge, missing, of the wrong type."""
    near = sorted({a.amount + d for a in legal for d in (-1, 0, 1)}) or [0]
    return st.one_of(
        st.sampled_from(near), st.just(None), st.integers(0, 200),
        st.integers(-2**70, -1), st.integers(2**31 - 2, 2**70),
        st.sampled_from([-1, 2**31 - 1, 2**31, 2**32, 2**63, 2**64, 10**30]),
        st.sampled_from(WRONG_TYPES + ["10", "5", 10.0, 5.0]),
    )


@dataclass(frozen=True)
class Attempt:
    """A call on a hand: ``method(*args)`` and the exceptions it may raise
    (empty when the call is legal)."""

    method: str
    args: tuple
    allowed: tuple[type[BaseException], ...]

    def run(self, hand: Hand) -> None:
        getattr(hand, self.method)(*self.args)

    def __repr__(self) -> str:
        return f"hand.{self.method}{self.args!r} -> {[e.__name__ for e in self.allowed]}"


def action_errors(hand: Hand, kind: Any, amount: Any) -> set[type[BaseException]]:
    """The errors ``act(kind, amount)`` may raise, from the documented
    contract: a kind or amount of the wrong type is a TypeError; an unknown
    kind, an amount out of range or an action not listed is an
    IllegalActionError.  Empty: the action is legal."""
    legal = hand.legal_actions()
    if isinstance(kind, str):
        if kind.upper() not in ActionKind.__members__:
            return {IllegalActionError}
        kind_value = int(ActionKind[kind.upper()])
    elif isinstance(kind, bool) or not hasattr(type(kind), "__index__"):
        return {TypeError}
    else:
        kind_value = operator.index(kind)
        if not 0 <= kind_value <= 6:
            return {IllegalActionError}
    if amount is None:
        matches = [a for a in legal if a.kind == kind_value]
        return set() if len(matches) == 1 else {IllegalActionError}
    if isinstance(amount, bool) or not hasattr(type(amount), "__index__"):
        return {TypeError}
    if (kind_value, operator.index(amount)) in legal:
        return set()
    return {IllegalActionError}


@st.composite
def attempts(draw: st.DrawFn, hand: Hand) -> Attempt:
    """A random call that ought to fail (or, rarely, happens to be legal)."""
    legal = hand.legal_actions()
    kind = draw(kinds())
    amount = draw(amounts(legal))
    form = draw(st.sampled_from(["act", "act_kind_only", "tuple", "action", "short_tuple",
                                 "long_tuple", "tuple_and_amount", "list", "nested",
                                 "shortcut", "shortcut_extra", "showdown", "deal"]))
    if form == "act":
        errors = action_errors(hand, kind, amount)
        return Attempt("act", (kind, amount), tuple(errors))
    if form == "act_kind_only":
        return Attempt("act", (kind,), tuple(action_errors(hand, kind, None)))
    if form in ("tuple", "action"):
        pair: tuple = (kind, amount)
        if form == "action":
            try:  # an Action checks its own fields: what it refuses goes as a plain tuple
                pair = Action(kind, amount)
            except (TypeError, ValueError):
                pass
        return Attempt("act", (pair,), tuple(action_errors(hand, kind, amount)))
    if form == "short_tuple":
        return Attempt("act", ((kind,),), (TypeError,))
    if form == "long_tuple":
        return Attempt("act", ((kind, amount, amount),), (TypeError,))
    if form == "tuple_and_amount":  # the amount twice
        return Attempt("act", ((kind, amount), 0 if amount is None else amount), (TypeError,))
    if form == "list":  # a list is not an action
        return Attempt("act", ([kind, amount],), (TypeError,))
    if form == "nested":
        return Attempt("act", (((kind, amount), amount),), (TypeError,))
    if form in ("shortcut", "shortcut_extra"):
        name = draw(st.sampled_from(["fold", "check", "call", "bring_in", "complete", "bet",
                                     "raise_to"]))
        kind_value = {"fold": 0, "check": 1, "call": 2, "bring_in": 3, "complete": 4, "bet": 5,
                      "raise_to": 6}[name]
        takes_amount = kind_value >= 4
        if form == "shortcut_extra" and not takes_amount:
            return Attempt(name, (amount,), (TypeError,))
        args = (amount,) if takes_amount else ()
        return Attempt(name, args, tuple(action_errors(hand, kind_value, amount if args else None)))
    if form == "showdown":
        which = draw(st.sampled_from(["show", "muck"]))
        legal_now = hand.awaiting_showdown and (which == "show" or hand.may_muck)
        return Attempt(which, (), () if legal_now else (IllegalActionError,))
    # a hand dealt from its deck never waits for deal()
    return Attempt("deal", (draw(st.sampled_from([None, {0: "As"}, ["As", "Kd"]])),),
                   (IllegalActionError,))


# ---- the machine ----------------------------------------------------------------------

class HandMachine(RuleBasedStateMachine):
    """Drives one hand (and its copies) through the public API."""

    def __init__(self) -> None:
        super().__init__()
        self.setup: Setup
        self.hand: Hand
        self.copies: list[tuple[Hand, tuple]] = []

    def begin(self, setup: Setup) -> None:
        self.setup = setup
        self.hand = setup.start()
        self.copies = []
        assert self.hand.starting_stacks == list(setup.stacks)

    @property
    def start(self) -> list[int]:
        return list(self.setup.stacks)

    @initialize(setup=setups())
    def first_hand(self, setup: Setup) -> None:
        self.begin(setup)

    @precondition(lambda self: self.hand.is_over)
    @rule(setup=setups())
    def next_hand(self, setup: Setup) -> None:
        self.begin(setup)

    # -- acting

    @precondition(lambda self: bool(self.hand.legal_actions()))
    @rule(data=st.data(), count=st.integers(1, 6))
    def act_legal(self, data: st.DataObject, count: int) -> None:
        """A few legal actions, each through one of the ways the API takes it."""
        hand = self.hand
        for _ in range(count):
            legal = hand.legal_actions()
            if not legal:
                break
            action = data.draw(st.sampled_from(legal), label="action")
            form = data.draw(st.sampled_from(ACT_FORMS), label="form")
            seat, before = hand.actor, len(hand.history)
            act_in_form(hand, action, form)
            taken = [e for e in hand.history[before:] if isinstance(e, ActionTaken)]
            assert taken == [ActionTaken(seat, action)], (action, hand.history[before:])
            check_chips(hand, self.start)

    @rule(data=st.data())
    def attempt_illegal(self, data: st.DataObject) -> None:
        """A call that should fail must raise the documented error and leave
        the hand exactly as it was."""
        hand = self.hand
        attempt = data.draw(attempts(hand), label="attempt")
        if not attempt.allowed:
            return  # the draw happened to be legal: nothing to check here
        before = snapshot(hand)
        with pytest.raises((IllegalActionError, TypeError)) as error:
            attempt.run(hand)
        assert isinstance(error.value, attempt.allowed), (attempt, error.value)
        if isinstance(error.value, IllegalActionError):
            assert isinstance(error.value, ValueError) and str(error.value)
        assert snapshot(hand) == before, attempt

    @precondition(lambda self: self.hand.awaiting_showdown)
    @rule(mucks=st.lists(st.booleans(), min_size=1, max_size=8))
    def show_or_muck(self, mucks: list[bool]) -> None:
        """Manual showdown decisions in turn; a seat that may not muck (no one
        else can win a pot he is in) is refused and must show."""
        hand = self.hand
        for muck in mucks:
            if not hand.awaiting_showdown:
                break
            seat, before = hand.actor, len(hand.history)
            assert seat in hand.live_seats
            if muck and hand.may_muck:
                hand.muck()
                assert hand.history[before] == HandMucked(seat)
            else:
                if not hand.may_muck:
                    state = snapshot(hand)
                    with pytest.raises(IllegalActionError, match="cannot muck"):
                        hand.muck()
                    assert snapshot(hand) == state
                hand.show()
                shown = hand.history[before]
                assert isinstance(shown, HandShown) and shown.seat == seat
                assert shown.cards == hand.cards(seat)
            check_chips(hand, self.start)

    @precondition(lambda self: not self.hand.is_over)
    @rule(seed=st.integers(0, 2**32), stop_at_showdown=st.booleans())
    def play_to_end(self, seed: int, stop_at_showdown: bool) -> None:
        """The rest of the hand at random (or the betting only, leaving a
        manual showdown to show_or_muck), checking the chips at each step."""
        rng = random.Random(seed)
        while not self.hand.is_over and not (stop_at_showdown and self.hand.awaiting_showdown):
            decide(self.hand, rng)
            check_chips(self.hand, self.start)

    # -- copies

    @rule(how=st.sampled_from(["copy", "copy.copy", "copy.deepcopy"]))
    def take_copy(self, how: str) -> None:
        hand = self.hand
        twin = {"copy": Hand.copy, "copy.copy": copy.copy, "copy.deepcopy": copy.deepcopy}[how](hand)
        assert type(twin) is Hand and twin is not hand
        state = snapshot(hand)
        assert snapshot(twin) == state
        assert twin.rules == hand.rules
        assert snapshot(pickle.loads(pickle.dumps(twin))) == state  # a copy pickles as well
        self.copies.append((twin, state))
        del self.copies[:-MAX_COPIES]

    @precondition(lambda self: any(not twin.is_over for twin, _ in self.copies))
    @rule(data=st.data())
    def advance_copy(self, data: st.DataObject) -> None:
        """A copy moves on; the hand and the other copies stay where they were."""
        live = [k for k, (twin, _) in enumerate(self.copies) if not twin.is_over]
        k = data.draw(st.sampled_from(live), label="copy")
        twin = self.copies[k][0]
        original = snapshot(self.hand)
        decide(twin, random.Random(data.draw(st.integers(0, 2**32), label="seed")))
        self.copies[k] = (twin, snapshot(twin))
        assert snapshot(self.hand) == original

    # -- pickles and replays

    @rule(protocol=st.integers(0, pickle.HIGHEST_PROTOCOL), seed=st.integers(0, 2**32))
    def pickle_round_trip(self, protocol: int, seed: int) -> None:
        """A pickled hand loads as the same hand, with the same future cards."""
        hand = self.hand
        clone = pickle.loads(pickle.dumps(hand, protocol=protocol))
        assert type(clone) is Hand
        assert clone.legal_actions() == hand.legal_actions()
        assert clone.history == hand.history
        assert clone.stacks == hand.stacks
        assert snapshot(clone) == snapshot(hand)
        assert clone.rules == hand.rules and clone.starting_stacks == hand.starting_stacks
        # the same decisions from here deal the same cards to both
        ahead = hand.copy()
        rng_a, rng_b = random.Random(seed), random.Random(seed)
        while not ahead.is_over:
            decide(ahead, rng_a)
            decide(clone, rng_b)
            assert clone.history == ahead.history
        assert clone.is_over and clone.payouts == ahead.payouts and clone.stacks == ahead.stacks
        check_chips(clone, self.start)

    @rule()
    def replay(self) -> None:
        """stud.replay rebuilds the hand from its history: the same cards,
        actions and chips, mid-hand or finished."""
        hand = self.hand
        again = stud.replay(hand.rules, self.start, hand.history)
        assert again.stacks == hand.stacks
        assert again.is_over == hand.is_over
        assert [e for e in again.history if isinstance(e, REPLAYED_EVENTS)] == \
               [e for e in hand.history if isinstance(e, REPLAYED_EVENTS)]
        seats = range(hand.n_seats)
        assert [again.cards(s) for s in seats] == [hand.cards(s) for s in seats]
        if hand.is_over:
            assert again.payouts == hand.payouts
        else:
            assert (again.pot, again.actor, again.street, again.legal_actions()) == \
                   (hand.pot, hand.actor, hand.street, hand.legal_actions())
            assert again.awaiting_showdown == hand.awaiting_showdown

    # -- views

    @rule()
    def views(self) -> None:
        """view(seat) shows that seat's down cards and every upcard, never
        another seat's down cards, and the legal actions only to the actor."""
        hand = self.hand
        seats = range(hand.n_seats)
        down = {s: set(hand.down_cards(s)) for s in seats}
        for seat in seats:
            view = hand.view(seat)
            assert view["seat"] == seat and view["down_cards"] == hand.down_cards(seat)
            assert view["up_cards"] == {s: hand.up_cards(s) for s in seats}
            assert view["stacks"] == hand.stacks and view["pot"] == hand.pot
            seen = cards_in(view)
            for other in seats:
                if other != seat:
                    assert not seen & down[other], (seat, other, seen & down[other])
            expected = hand.legal_actions() if hand.actor == seat else []
            assert view["legal_actions"] == expected
        for bad in (-1, hand.n_seats, 2**70):
            with pytest.raises(ValueError):
                hand.view(bad)
        for bad in ("0", 1.0, None, True):
            with pytest.raises(TypeError):
                hand.view(bad)

    # -- invariants

    @invariant()
    def chips_are_kept(self) -> None:
        check_chips(self.hand, self.start)
        for twin, _ in self.copies:
            check_chips(twin, self.start)

    @invariant()
    def copies_stay_put(self) -> None:
        for twin, state in self.copies:
            assert snapshot(twin) == state


HandMachine.TestCase.settings = settings(
    max_examples=400, stateful_step_count=30, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
TestHandMachine = HandMachine.TestCase
