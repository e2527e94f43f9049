# The betting engine (src/studcore/game.*) behind stud.Hand.
from cpython.bytes cimport PyBytes_FromStringAndSize
from cpython.mem cimport PyMem_Free, PyMem_Malloc, PyMem_Realloc
from cpython.dict cimport PyDict_Next
from cpython.number cimport PyIndex_Check
from cpython.object cimport PyObject
from cpython.list cimport PyList_New, PyList_SET_ITEM
from cpython.ref cimport Py_INCREF, Py_XDECREF
from libc.string cimport memcpy

import functools as _functools
import os as _os
import weakref as _weakref

from stud import game as _game_types
from stud._checks import true_or_false as _true_or_false
from stud.enums import Variant as _Variant

cdef object _Action = _game_types.Action
cdef object _ActionKind = _game_types.ActionKind
cdef object _IllegalActionError = _game_types.IllegalActionError
cdef tuple _ACTION_KINDS = tuple(_game_types.ActionKind)
cdef tuple _SHARES = ("whole", "high", "low", "both")


cdef dict _ACTIONS = {}


cdef str _error_text(int error):
    """The C core's one line for an error code (game.h: stud_error_text)."""
    return stud_error_text(error).decode("ascii")


def _error_texts():
    """The C core's error texts, by code (for the tests)."""
    return [_error_text(code) for code in range(STUD_N_ERRORS)]


def _c_enums():
    """The C core's enum values that Python mirrors (a test checks that the
    Python IntEnums agree)."""
    return {
        "ActionKind": {"FOLD": STUD_FOLD, "CHECK": STUD_CHECK, "CALL": STUD_CALL,
                       "BRING_IN": STUD_BRING_IN, "COMPLETE": STUD_COMPLETE, "BET": STUD_BET,
                       "RAISE": STUD_RAISE},
        "Variant": {"SEVEN_CARD_STUD": STUD_SEVEN_CARD_STUD,
                    "SEVEN_CARD_STUD_HILO": STUD_SEVEN_CARD_STUD_HILO, "RAZZ": STUD_RAZZ,
                    "FIVE_CARD_STUD": STUD_FIVE_CARD_STUD,
                    "FIVE_CARD_STUD_HILO": STUD_FIVE_CARD_STUD_HILO,
                    "DEUCE_TO_SEVEN_RAZZ": STUD_DEUCE_TO_SEVEN_RAZZ,
                    "SEVEN_CARD_STUD_HILO_REGULAR": STUD_SEVEN_CARD_STUD_HILO_REGULAR},
        "policies": {"random": STUD_POLICY_RANDOM, "call": STUD_POLICY_CALL,
                     "strength": STUD_POLICY_STRENGTH},
        "max_seats": STUD_MAX_SEATS, "max_actions": STUD_MAX_ACTIONS,
    }


# the Actions of the smaller amounts, by kind * _ACTION_ROW + amount: made
# on first use and kept (a reference each) for the life of the module
cdef enum:
    _ACTION_ROW = 2048
cdef PyObject *_ACTION_TABLE[(STUD_RAISE + 1) * _ACTION_ROW]


cdef object _action(int kind, int32_t amount):
    """The Action (kind, amount): shared immutable tuples, made once each.
    `kind` is one the engine listed (0..STUD_RAISE)."""
    cdef PyObject **slot
    if 0 <= amount < _ACTION_ROW:
        slot = &_ACTION_TABLE[kind * _ACTION_ROW + amount]
        if slot[0] is NULL:
            action = tuple.__new__(_Action, (_ACTION_KINDS[kind], amount))
            Py_INCREF(action)
            slot[0] = <PyObject *>action
        return <object>slot[0]
    cdef long long key = (<long long>amount << 3) | kind
    action = _ACTIONS.get(key)
    if action is None:
        if len(_ACTIONS) > 4096:
            _ACTIONS.clear()
        action = tuple.__new__(_Action, (_ACTION_KINDS[kind], amount))
        _ACTIONS[key] = action
    return action


# id(rules) -> (a weak reference to it, the snapshot of its fields that was
# validated, its C struct); an entry serves only that very object, unchanged
cdef dict _C_RULES = {}


cdef bint _same_fields(dict now, tuple validated):
    """`now` holds the very objects (names and values) that were validated:
    an identity test, so a value that merely compares equal does not pass."""
    cdef Py_ssize_t pos = 0, i = 0
    cdef PyObject *name
    cdef PyObject *value
    if len(now) != len(validated):
        return False
    while PyDict_Next(now, &pos, &name, &value):
        pair = validated[i]
        if name is not <PyObject *>(<tuple>pair)[0] or value is not <PyObject *>(<tuple>pair)[1]:
            return False
        i += 1
    return True


def _forget_rules(ref, key):
    entry = _C_RULES.get(key)
    if entry is not None and entry[0] is ref:
        del _C_RULES[key]


cdef void _c_rules(object rules, stud_rules *out) except *:
    """The C rules of a stud.Rules.  Read from one snapshot of its fields
    (never through attributes a subclass could override), validated by
    building a plain Rules from them (a Rules made by a tampered pickle skips
    its constructor), and cached for that object while its fields stay as
    validated; nothing stored on the object is trusted."""
    if type(rules) is not _game_types.Rules:
        raise TypeError(f"rules must be a stud.Rules (not a subclass), not {type(rules).__name__}")
    key = id(rules)
    entry = _C_RULES.get(key)
    if entry is not None and entry[0]() is rules and _same_fields(rules.__dict__, entry[1]):
        memcpy(out, <const char *>(<bytes>entry[2]), sizeof(stud_rules))
        return
    fields = dict(rules.__dict__)
    types = tuple(map(type, fields.values()))
    if tuple(fields) != _game_types.Rules._fields:
        raise ValueError(f"not a valid stud.Rules: fields {tuple(fields)}")
    checked = _game_types.Rules(**fields)  # raises ValueError on bad values
    if checked.__dict__ != fields or tuple(map(type, checked.__dict__.values())) != types:
        raise ValueError(f"not a valid stud.Rules: {fields!r} is not in normal form "
                         f"(made as {checked!r})")
    stud_rules_default(out, int(checked.variant), checked.small_bet)
    out.big_bet = checked.big_bet
    out.ante = checked.ante
    out.bring_in = checked.bring_in
    out.bring_in_tiebreak = checked.bring_in_tiebreak == "suit"
    out.board_tiebreak = checked.board_tiebreak == "suit"
    out.max_raises = checked.max_raises
    out.heads_up_uncapped = checked.heads_up_uncapped
    out.open_pair_double = checked.open_pair_double
    out.reopen_rule = checked.reopen_rule == "full_raise"
    out.odd_chip = checked.odd_chip == "position"
    out.burn_cards = checked.burn_cards
    stud_rules_set_order(out, STUD_ORDER_HIGH if checked.action_order == "high" else STUD_ORDER_LOW)
    out.low_needs_five_ranks = checked.low_needs_five_ranks
    out.fold_when_can_check = checked.fold_when_can_check
    out.odd_chip_half = checked.odd_chip_half == "low"
    if stud_rules_check(out) != STUD_OK:
        raise ValueError(f"inconsistent rules: {rules!r}: {_error_text(STUD_E_RULES)}")
    if len(_C_RULES) > 1024:
        _C_RULES.clear()
    ref = _weakref.ref(rules, _functools.partial(_forget_rules, key=key))
    _C_RULES[key] = (ref, tuple(fields.items()), (<char *>out)[:sizeof(stud_rules)])


cdef list _mask_cards(uint64_t mask):
    return list(_cardset(mask))


cdef tuple _seat_tuple(unsigned seats):
    """The seats of a bit set, ascending."""
    cdef list out = []
    cdef int seat
    for seat in range(STUD_MAX_SEATS):
        if seats >> seat & 1:
            out.append(seat)
    return tuple(out)


cdef int _seat_limit(stud_rules *rules):
    return rules.max_players if rules.max_players < STUD_MAX_SEATS else STUD_MAX_SEATS


cdef list _copy_stacks(object stacks, stud_rules *rules, int32_t *out, str who):
    """Validated stacks (2..max players, each a positive whole number, at most
    2**30 chips in all) copied into `out` (STUD_MAX_SEATS entries): counted
    before anything is written."""
    stacks = list(stacks)
    cdef int limit = _seat_limit(rules)
    cdef Py_ssize_t seat, n = len(stacks)
    if not 2 <= n <= limit:
        raise ValueError(f"{_Variant(rules.variant).name} takes 2 to {limit} players, "
                         f"got {n}")
    total = 0
    for seat in range(n):
        chips = stacks[seat]
        if type(chips) is not int:  # (the message is only written when it may be needed)
            chips = _whole(chips, f"the stack of {who} {seat}")
        if chips <= 0:
            raise ValueError(f"the stack of {who} {seat} must be a positive number of chips, "
                             f"not {chips}")
        stacks[seat] = chips
        total += chips
    if total > (1 << 30):
        raise ValueError(f"the stacks add up to {total:,} chips: at most 2**30 are allowed")
    for seat in range(n):
        out[seat] = stacks[seat]
    return stacks


def _checked_stacks(rules, stacks, str who):
    """The stacks as the engine checks them (2..max players, each a positive
    whole number, 2**30 chips in all), as a list; for checks made up front."""
    cdef stud_rules c_rules
    cdef int32_t c_stacks[STUD_MAX_SEATS]
    _c_rules(rules, &c_rules)
    return _copy_stacks(stacks, &c_rules, c_stacks, who)


cdef int _action_kind(object kind) except -1:
    """An action kind (ActionKind, its name, or a whole number 0..6) as an int."""
    if isinstance(kind, str):
        try:
            return _ActionKind[kind.upper()]
        except KeyError:
            raise _IllegalActionError(f"unknown action {kind!r}: kinds are "
                                      f"{', '.join(k.name.lower() for k in _ACTION_KINDS)}") from None
    value = _whole(kind, "an action kind")
    if not STUD_FOLD <= value <= STUD_RAISE:
        raise _IllegalActionError(f"unknown action kind {value}: kinds are {STUD_FOLD}..{STUD_RAISE} "
                                  f"(stud.ActionKind)")
    return value


@cython.final
cdef class Hand:
    """One hand of stud, from the antes to the payouts.

    >>> from stud import Hand, Rules, Variant
    >>> hand = Hand(Rules(Variant.SEVEN_CARD_STUD, 10), [500, 500, 500], seed=7)
    >>> hand.street, hand.actor is not None
    (3, True)
    >>> hand.legal_actions()[0].kind.name
    'BRING_IN'

    ``stacks``: chips per seat (2..8 seats in the seven-card games, 2..10 in
    Five Card Stud), seat 0 first to the dealer's left.  Antes are posted and
    the first street dealt at once.  Cards come from a shuffle (``seed``: a
    whole number for a reproducible one), or from ``deck``: the cards in
    the order they leave the top, burns included (any cards not named follow
    in a shuffled order); or, with ``manual=True``, from ``deal()`` calls.

    ``showdown="manual"``: at the showdown each player in turn (docs/rules.md
    8.1) calls show() or muck(); by default a hand shows when it wins or
    ties part of a pot and mucks otherwise (8.2).

    ``rake``: chips the house takes from the pots when they are paid, the
    main pot first, before any pot is split (docs/rules.md 11.1; at most the
    whole pot; for replaying a site's hand, whose history says how much).

    Dealing order (docs/rules.md 1): on the first street each live seat from the
    lowest gets its first down card, then its second (seven-card games),
    then its upcard; before each later street one card is burned (when
    ``rules.burn_cards``), then each live seat from the lowest gets one
    card (face down on 7th street).  If the stub runs short, the burn cards
    go back under it (shuffled, or in the order burned with a given deck)
    and, if still short, one community card is dealt (docs/rules.md 5.1).
    """
    cdef stud_hand state
    cdef readonly object rules
    # the history: each call's raw events appended to a buffer of this Hand's
    # own (PyMem, freed with it), decoded only when history is read
    cdef stud_event *_events
    cdef Py_ssize_t _n_events, _events_room
    cdef list _start_stacks
    # how the hand began, for pickling (a pickle replays the hand from these)
    cdef uint64_t _seed
    cdef bytes _deck
    cdef str _showdown_mode
    cdef bint _starting  # __init__ is running (its callbacks may not start it again)
    # the legal actions last listed, while the state is still the one they
    # were listed for (_n_offered >= 0): legal_actions() hands out these
    # objects (references owned here) and act() takes one of them back
    # without checking it again
    cdef int _n_offered
    cdef PyObject *_offered[STUD_MAX_ACTIONS]
    cdef stud_action _offer[STUD_MAX_ACTIONS]

    def __dealloc__(self):
        self._drop_offers()
        PyMem_Free(self._events)

    def __cinit__(self):
        self._n_offered = -1
        # a Hand made by Hand.__new__ alone is an empty, finished hand: every
        # call on it is refused (the struct is zeroed by Cython)
        self.state.phase = STUD_PHASE_OVER
        self.state.actor = -1
        self._start_stacks = []
        self._showdown_mode = "auto"

    def __init__(self, rules, stacks, *, seed=None, deck=None, manual=False,
                 str showdown="auto", rake=0):
        cdef stud_rules c_rules
        cdef int32_t c_stacks[STUD_MAX_SEATS]
        cdef uint8_t order[STUD_CARDS]
        cdef stud_log log
        cdef uint64_t used = 0, c_seed
        if self.rules is not None or self._starting:
            raise TypeError("a Hand is started once: make a new one")
        self._starting = True
        if type(manual) is not bool:
            _true_or_false(manual, "manual")  # raises
        _c_rules(rules, &c_rules)
        stacks = _copy_stacks(stacks, &c_rules, c_stacks, "seat")
        if seed is None:
            seed = int.from_bytes(_os.urandom(8), "little")
        c_seed = <uint64_t>(_whole(seed, "seed") & 0xFFFFFFFFFFFFFFFF)
        if showdown not in ("auto", "manual"):
            raise ValueError(f'showdown must be "auto" or "manual", not {showdown!r}')
        if manual and deck is not None:
            raise ValueError("a manual hand is dealt by deal(): give no deck")
        c_rake = _whole(rake, "rake")
        if not 0 <= c_rake < 1 << 31:
            raise ValueError(f"rake is 0 to 2**31 - 1 chips, not {c_rake}")
        if not manual and deck is not None:
            given = _ordered_cards(deck)  # at most 52: repeats are refused
            for i, card in enumerate(given):
                order[i] = card
                used |= stud_card_bit(card)
            rest = [c for c in range(STUD_CARDS) if not used & stud_card_bit(c)]
            _shuffle_with_seed(rest, c_seed)
            for i, card in enumerate(rest):
                order[len(given) + i] = card
        log.n = 0
        self._drop_offers()
        error = stud_hand_start(&self.state, &c_rules, len(stacks), c_stacks,
                                order if deck is not None else NULL, deck is not None, manual,
                                showdown == "manual", c_seed, &log)
        if error != STUD_OK:
            raise ValueError(f"cannot start the hand: {_error_text(error)}")
        stud_hand_set_rake(&self.state, <int32_t>c_rake)  # (a new hand is never over)
        self.rules = rules
        self._start_stacks = stacks
        self._seed = c_seed
        self._deck = (<char *>order)[:STUD_CARDS] if deck is not None else None
        self._showdown_mode = showdown
        self._record(&log)
        # (_starting stays set: a started hand is never started again)

    cdef int _record(self, stud_log *log) except -1:
        """Appends the log's events to the history (raw, decoded on demand)."""
        cdef Py_ssize_t n = self._n_events + log.n, room
        cdef stud_event *grown
        if log.n == 0:
            return 0
        if n > self._events_room:
            room = 2 * n if n > 32 else 64
            grown = <stud_event *>PyMem_Realloc(self._events, room * sizeof(stud_event))
            if grown is NULL:
                raise MemoryError()
            self._events = grown
            self._events_room = room
        memcpy(self._events + self._n_events, log.events, log.n * sizeof(stud_event))
        self._n_events = n
        return 0

    cdef bytes _raw_events(self):
        """A snapshot of the history's raw events."""
        return PyBytes_FromStringAndSize(<const char *>self._events,
                                         self._n_events * sizeof(stud_event))

    # ---- state ---------------------------------------------------------------------

    @property
    def n_seats(self) -> int:
        return self.state.n_seats

    @property
    def street(self):
        """The current street's number (3..7, or 2..5 in Five Card Stud);
        None once the hand is over."""
        if self.state.phase == STUD_PHASE_OVER:
            return None
        return self.state.rules.streets[self.state.street].number

    @property
    def actor(self):
        """The seat to act, or None (dealing, or the hand is over)."""
        return None if self.state.actor < 0 else self.state.actor

    @property
    def is_over(self) -> bool:
        return self.state.phase == STUD_PHASE_OVER

    @property
    def awaiting_showdown(self) -> bool:
        """Manual showdown: True while ``actor`` must show() or muck()."""
        return self.state.phase == STUD_PHASE_SHOWDOWN

    @property
    def may_muck(self) -> bool:
        """Manual showdown: the actor may muck (someone else can still win
        every pot he is in)."""
        return stud_hand_may_muck(&self.state) != 0

    def show(self):
        """Manual showdown: the actor shows his cards (docs/rules.md 8.2)."""
        self._showdown(1)

    def muck(self):
        """Manual showdown: the actor mucks and gives up his claim (docs/rules.md 8.2)."""
        self._showdown(0)

    cdef _showdown(self, int show):
        cdef stud_log log
        if self.state.phase != STUD_PHASE_SHOWDOWN:
            raise _IllegalActionError("no showdown decision is awaited")
        if not show and not stud_hand_may_muck(&self.state):
            raise _IllegalActionError(
                f"seat {self.state.actor} cannot muck: no one else can win a pot he is in")
        log.n = 0
        self._drop_offers()
        stud_hand_show(&self.state, show, &log)
        self._record(&log)

    @property
    def awaiting_deal(self) -> bool:
        """Manual dealing: True when the next street's cards are awaited."""
        return self.state.phase == STUD_PHASE_DEAL

    @property
    def stacks(self) -> list:
        """Chips behind each seat now."""
        return [self.state.stack[s] for s in range(self.state.n_seats)]

    @property
    def starting_stacks(self) -> list:
        return list(self._start_stacks)

    @property
    def bets(self) -> list:
        """Each seat's bet in the current betting round."""
        if self.state.phase == STUD_PHASE_OVER:
            return [0] * self.state.n_seats
        return [self.state.round_bet[s] for s in range(self.state.n_seats)]

    @property
    def contributions(self) -> list:
        """Chips each seat has put in this hand, antes included (uncalled
        bets returned are taken off)."""
        return [self.state.total[s] for s in range(self.state.n_seats)]

    @property
    def pot(self) -> int:
        """All chips in the middle (antes and bets, less uncalled bets
        returned); once the hand is over, the pot that was paid out."""
        return sum(self.contributions)

    @property
    def pots(self) -> list:
        """The main pot then the side pots (docs/rules.md 7.1), with the seats
        that can win each.  Once the hand is over, the pots as they were
        paid: the seats that contested each at the showdown (a pot whose
        contenders all mucked went to the pot below it, docs/rules.md 8.2)."""
        cdef int32_t amount[STUD_MAX_SEATS]
        cdef unsigned eligible[STUD_MAX_SEATS]
        cdef unsigned contenders = stud_hand_live(&self.state)
        cdef int over = self.state.phase == STUD_PHASE_OVER
        if over:
            contenders &= ~(<unsigned>self.state.mucked)
        cdef int n = stud_hand_pots(&self.state, contenders, amount, eligible)
        pots = []
        carried = 0
        for p in range(n - 1, -1, -1):
            if over and eligible[p] == 0:
                carried += amount[p]
                continue
            if amount[p] + carried:
                pots.append(_game_types.Pot(amount[p] + carried, tuple(
                    s for s in range(self.state.n_seats) if eligible[p] >> s & 1)))
            carried = 0
        pots.reverse()
        return pots

    def _pots_among(self, contenders):
        """The pots (docs/rules.md 7.1) with ``contenders`` (seats) as the
        ones who may win them, whatever the hand's own state says (the
        all-in adjustment keeps the seats that later mucked): a list of
        (amount, eligible seats), the main pot first."""
        cdef int32_t amount[STUD_MAX_SEATS]
        cdef unsigned eligible[STUD_MAX_SEATS]
        cdef unsigned bits = 0
        for seat in contenders:
            s = _whole(seat, "seat")
            if not 0 <= s < self.state.n_seats:
                raise ValueError(f"seat must be 0..{self.state.n_seats - 1}, not {s}")
            bits |= 1u << s
        cdef int n = stud_hand_pots(&self.state, bits, amount, eligible)
        return [(amount[p], [s for s in range(self.state.n_seats) if eligible[p] >> s & 1])
                for p in range(n)]

    @property
    def live_seats(self) -> tuple:
        """Seats that have not folded."""
        cdef unsigned live = stud_hand_live(&self.state)
        return _seat_tuple(live)

    @property
    def folded(self) -> tuple:
        return _seat_tuple(self.state.folded)

    @property
    def all_in(self) -> tuple:
        return _seat_tuple(self.state.all_in)

    @property
    def bring_in_seat(self):
        """The seat that had to bring it in (docs/rules.md 2.1), or None."""
        return None if self.state.bring_in_seat < 0 else self.state.bring_in_seat

    cdef int _seat(self, object seat) except -1:
        value = _whole(seat, "a seat")
        if not 0 <= value < self.state.n_seats:
            raise ValueError(f"no seat {value}: seats are 0..{self.state.n_seats - 1}")
        return value

    def up_cards(self, seat) -> tuple:
        """The seat's face-up cards, in the order dealt."""
        cdef int s = self._seat(seat)
        return self._dealt(s, 1)

    def down_cards(self, seat) -> tuple:
        """The seat's face-down cards, in the order dealt."""
        cdef int s = self._seat(seat)
        return self._dealt(s, 0)

    cdef tuple _dealt(self, int s, int up):
        """The seat's upcards (`up`) or down cards, in the order dealt."""
        cdef int k
        cdef list out = []
        for k in range(self.state.n_cards[s]):
            if (self.state.up_flags[s] >> k & 1) == up:
                out.append(_card(self.state.cards[s][k]))
        return tuple(out)

    def cards(self, seat) -> CardSet:
        """All the seat's cards, with the community card if one was dealt."""
        cdef int s = self._seat(seat)
        return _cardset(self.state.all_mask[s] | self.state.community)

    @property
    def community(self) -> CardSet:
        """The community card(s) dealt when the deck ran short (docs/rules.md 5.1)."""
        return _cardset(self.state.community)

    @property
    def payouts(self):
        """Chips each seat took from the pot, winnings and uncalled bets
        returned, once the hand is over; None before (nothing is paid until
        the end)."""
        if self.state.phase != STUD_PHASE_OVER:
            return None
        return [self.state.payout[s] for s in range(self.state.n_seats)]

    @property
    def rake(self) -> int:
        """The rake this hand takes when its pots are paid (docs/rules.md 11.1)."""
        return self.state.rake

    def to_record(self, **fields):
        """This hand as a ``stud.histories.HandRecord`` (its rules, stacks and
        steps; what each seat collected once it is over); ``fields``: other
        record fields such as ``players`` or ``hand_id``.  Written to PHH
        with ``stud.histories.write``."""
        from stud.histories.replay import record_of
        return record_of(self, **fields)

    def view(self, seat) -> dict:
        """What one seat may see: its own down cards, every upcard and the
        community card, the chips, and its legal actions when it is to act.

        A bot given only this cannot see another player's hidden cards.
        """
        cdef int s = self._seat(seat), t
        cdef dict up_cards = {}
        for t in range(self.state.n_seats):
            up_cards[t] = self._dealt(t, 1)
        return {
            "seat": s,
            "street": self.street,
            "actor": self.actor,
            "down_cards": self._dealt(s, 0),
            "up_cards": up_cards,
            "community": _cardset(self.state.community),
            "stacks": self.stacks,
            "bets": self.bets,
            "pot": self.pot,
            "live_seats": self.live_seats,
            "legal_actions": self.legal_actions() if self.state.actor == s else [],
        }

    # ---- acting ---------------------------------------------------------------------

    def legal_actions(self) -> list:
        """The actor's legal actions (empty when nobody is to act)."""
        cdef int i, n = self._list_offers()
        out = PyList_New(n)
        for i in range(n):
            Py_INCREF(<object>self._offered[i])
            PyList_SET_ITEM(out, i, <object>self._offered[i])
        return out

    cdef int _list_offers(self) except -1:
        """Lists the legal actions as shared Action objects, once per state
        (every change of the state drops them: _drop_offers); their count."""
        cdef int n, i
        if self._n_offered < 0:
            n = stud_hand_legal(&self.state, self._offer)
            for i in range(n):
                action = _action(self._offer[i].kind, self._offer[i].amount)
                Py_INCREF(action)
                self._offered[i] = <PyObject *>action
                self._n_offered = i + 1
            self._n_offered = n
        return self._n_offered

    cdef void _drop_offers(self) noexcept:
        cdef int i
        for i in range(self._n_offered):
            Py_XDECREF(self._offered[i])
        self._n_offered = -1

    def act(self, action, amount=None):
        """Takes an action: an ``Action``, or a kind (``ActionKind`` or its
        name) with an amount (the total the bet becomes; optional when the
        kind allows one amount).  Illegal: ``IllegalActionError``, no change;
        a kind or amount of the wrong type: ``TypeError``."""
        cdef int i, n
        if type(action) is _Action and amount is None:
            # the common case: one of the Action objects the engine makes
            # (one per kind and amount, shared: legal_actions(), the
            # built-in policies, the history), and listed for this very
            # state, is legal: it goes to the engine without another check
            n = self._list_offers()
            for i in range(n):
                if <PyObject *>action is self._offered[i]:
                    self._apply(self._offer[i].kind, self._offer[i].amount)
                    return
            # another Action: an ActionKind is a valid kind (read from the
            # tuple itself, as the type made it)
            kind = (<tuple>action)[0]
            if type(kind) is _ActionKind:
                return self._act(kind, (<tuple>action)[1])
        if isinstance(action, tuple):  # an Action, or any (kind, amount) pair
            items = tuple.__getitem__(action, slice(None))  # what it holds, not what it says
            if len(items) != 2:
                raise TypeError(f"an action is a (kind, amount) pair, not {_short(action)}")
            if amount is not None:
                raise TypeError("give the amount in the action or as an argument, not both")
            kind, amount = items
            return self._act(_action_kind(kind), amount)
        return self._act(_action_kind(action), amount)

    cdef _act(self, int kind, object amount):
        """Checks, then applies; the way actions reach the engine (besides
        the listed objects act() takes back at once).  `kind` is within
        STUD_FOLD..STUD_RAISE (checked by _action_kind)."""
        cdef stud_action legal[STUD_MAX_ACTIONS]
        cdef int n, i, error, matches = 0
        cdef int32_t c_amount = 0
        n = stud_hand_legal(&self.state, legal)
        if amount is None:
            for i in range(n):
                if legal[i].kind == kind:
                    matches += 1
                    c_amount = legal[i].amount
            if matches > 1:
                raise _IllegalActionError(
                    f"seat {self.state.actor}: say how much to {_ACTION_KINDS[kind].name.lower()}: "
                    f"legal: {self._legal_text()}")
        else:
            amount = _whole(amount, "an amount")
            if not 0 <= amount < (1 << 31):
                raise _IllegalActionError(
                    f"seat {self.state.actor} cannot {_ACTION_KINDS[kind].name.lower()} "
                    f"to {amount}: legal: {self._legal_text()}")
            c_amount = amount
        error = stud_hand_check(&self.state, kind, c_amount)
        if error != STUD_OK:
            raise _IllegalActionError(self._why(kind, c_amount, error))
        self._apply(kind, c_amount)

    cdef int _apply(self, int kind, int32_t amount) except -1:
        """Applies a legal action and records what it did."""
        cdef stud_log log
        log.n = 0
        self._drop_offers()  # the state changes: what was legal may not be
        stud_hand_apply(&self.state, kind, amount, &log)
        self._record(&log)
        return 0

    cdef str _legal_text(self):
        return ", ".join(str(a) for a in self.legal_actions())

    cdef str _why(self, int kind, int32_t amount, int error):
        name = _ACTION_KINDS[kind].name.lower().replace("_", " ")
        if error == STUD_E_NOT_BETTING:
            if self.state.phase == STUD_PHASE_OVER:
                return f"cannot {name}: the hand is over"
            return f"cannot {name}: the next street must be dealt first (deal())"
        seat = self.state.actor
        to_call = self.state.bet_to - self.state.round_bet[seat]
        if error == STUD_E_AMOUNT:
            reason = f"not to {amount}"
        elif kind == STUD_CHECK and to_call > 0:
            reason = f"{to_call} to call"
        elif kind in (STUD_FOLD, STUD_CALL) and self.state.bet_to == 0:
            reason = "nothing to call"
        else:
            reason = "not now"
        return f"seat {seat} cannot {name}: {reason}; legal: {self._legal_text()}"

    def fold(self):
        self._act(STUD_FOLD, None)

    def check(self):
        self._act(STUD_CHECK, None)

    def call(self):
        self._act(STUD_CALL, None)

    def bring_in(self):
        self._act(STUD_BRING_IN, None)

    def check_or_call(self):
        """Checks when there is nothing to call, else calls (never folds or
        raises); IllegalActionError when neither is legal (the bring-in).

        >>> from stud import Hand, Rules, Variant
        >>> hand = Hand(Rules(Variant.RAZZ, 10), [100, 100], seed=1)
        >>> hand.bring_in(); hand.check_or_call()
        >>> hand.street
        4
        >>> hand.check_or_call(); str(hand.history[-1].action)
        'check'
        >>> Hand(Rules(Variant.RAZZ, 10), [100, 100], seed=1).check_or_call()
        Traceback (most recent call last):
        ...
        stud.game.IllegalActionError: seat 0 cannot call: nothing to call; legal: bring in for 5, complete to 10
        """
        cdef stud_action legal[STUD_MAX_ACTIONS]
        cdef int n = stud_hand_legal(&self.state, legal), i
        for i in range(n):
            if legal[i].kind == STUD_CHECK or legal[i].kind == STUD_CALL:
                self._act(legal[i].kind, None)
                return
        self._act(STUD_CALL, None)  # refused, with the reason and what is legal

    def complete(self, amount=None):
        self._act(STUD_COMPLETE, amount)

    def bet(self, amount=None):
        self._act(STUD_BET, amount)

    def raise_to(self, amount=None):
        self._act(STUD_RAISE, amount)

    # ---- manual dealing ------------------------------------------------------------------

    def deal(self, cards=None, *, community=None):
        """Manual dealing: the next street's cards.

        ``cards``: for every live seat, its cards for this street (the down
        cards first), as a mapping seat -> cards or a list in seat order;
        or ``community``: one community card (docs/rules.md 5.1).
        """
        cdef stud_log log
        cdef uint8_t given[STUD_MAX_SEATS * 7]
        cdef int per_seat = 0, i = 0, error
        cdef int community_card = -1
        if self.state.phase != STUD_PHASE_DEAL:
            raise _IllegalActionError("no street is waiting to be dealt")
        live = self.live_seats
        if community is not None:
            if cards is not None:
                raise ValueError("give cards or a community card, not both")
            mask = _mask_or_int(community)
            if stud_popcount(mask) != 1:
                raise CardError(f"one community card, got {community!r}")
            community_card = stud_lowest_card(mask)
        else:
            if cards is None:
                raise ValueError("deal() needs cards or a community card")
            if isinstance(cards, dict):
                for seat in cards:
                    if isinstance(seat, bool) or not PyIndex_Check(seat):
                        raise TypeError(f"seats are whole numbers, not {seat!r}")
                if set(cards) != set(live):
                    raise ValueError(f"cards for exactly the live seats {live}, got {sorted(cards)}")
                per = [cards[s] for s in live]
            else:
                if isinstance(cards, (str, CardSet)):
                    raise TypeError(
                        f"deal() takes each live seat's cards (a list in seat order or a "
                        f"dict seat -> cards), not one {type(cards).__name__}: e.g. "
                        f"deal(['As Kd 7h', '2c 9d Th']) for two seats on 3rd street")
                try:
                    per = list(cards)
                except TypeError:
                    raise TypeError(f"deal() takes a list or a dict of each live seat's "
                                    f"cards, not {type(cards).__name__}") from None
                if len(per) != len(live):
                    raise ValueError(f"cards for the {len(live)} live seats, got {len(per)}")
            street = self.state.rules.streets[self.state.street]
            per_seat = street.down + street.up
            orders = [_ordered_cards(seat_cards) for seat_cards in per]
            # counted before anything is copied: each seat exactly this street's cards
            for seat, ordered in zip(live, orders):
                if len(ordered) != per_seat:
                    raise CardError(f"street {street.number} deals {per_seat} card(s) to each "
                                    f"live seat: seat {seat} was given {len(ordered)}")
            for ordered in orders:
                for card in ordered:
                    given[i] = card
                    i += 1
        log.n = 0
        self._drop_offers()
        error = stud_hand_deal(&self.state, given, i, per_seat, community_card, &log)
        if error != STUD_OK:
            street = self.state.rules.streets[self.state.street]
            raise CardError(
                f"cannot deal these cards: street {street.number} deals {street.down + street.up} "
                f"card(s) to each live seat, all different from the cards already out"
                f"{self._repeated(given, i, community_card)}")
        self._record(&log)

    cdef str _repeated(self, const uint8_t *given, int n, int community_card):
        """For deal()'s error: the first card given that is already out or
        given twice, as ": Ah is already out" (or "" if none is)."""
        cdef uint64_t out = self.state.community, bit
        cdef int seat, k
        for seat in range(self.state.n_seats):
            out |= self.state.all_mask[seat]
        if community_card >= 0:
            if out & stud_card_bit(community_card):
                return f": {_card(community_card)} is already out"
            return ""
        for k in range(n):
            bit = stud_card_bit(given[k])
            if out & bit:
                return f": {_card(given[k])} is already out or given twice"
            out |= bit
        return ""

    # ---- history and copies -----------------------------------------------------------------

    @property
    def history(self) -> tuple:
        """Everything that happened, in order, as event records."""
        # decoded from a snapshot: making the records runs Python code, which
        # may act on this hand (another thread, a gc callback) and move the log
        cdef bytes raw = self._raw_events()
        cdef const stud_event *events = <const stud_event *><const char *>raw
        cdef int n = len(raw) // sizeof(stud_event), k
        cdef list out = []
        cdef const stud_event *e
        for k in range(n):
            e = &events[k]
            t = e.type
            if t == STUD_EV_ANTE:
                out.append(_game_types.AntePosted(e.seat, e.amount))
            elif t == STUD_EV_DEAL:
                out.append(_game_types.CardDealt(e.seat, _card(e.card), bool(e.flag)))
            elif t == STUD_EV_BURN:
                out.append(_game_types.CardBurned(_card(e.card)))
            elif t == STUD_EV_COMMUNITY:
                out.append(_game_types.CommunityCardDealt(_card(e.card)))
            elif t == STUD_EV_RESHUFFLE:
                out.append(_game_types.BurnsReshuffled())
            elif t == STUD_EV_STREET:
                out.append(_game_types.StreetStarted(e.card))
            elif t == STUD_EV_ACTION:
                out.append(_game_types.ActionTaken(e.seat, _action(e.card, e.amount)))
            elif t == STUD_EV_RETURN:
                out.append(_game_types.UncalledBetReturned(e.seat, e.amount))
            elif t == STUD_EV_SHOW:
                out.append(_game_types.HandShown(e.seat, _cardset(self.state.all_mask[e.seat] |
                                                                   self.state.community)))
            elif t == STUD_EV_MUCK:
                out.append(_game_types.HandMucked(e.seat))
            elif t == STUD_EV_RAKE:
                out.append(_game_types.RakeTaken(e.amount))
            else:
                out.append(_game_types.PotAwarded(e.seat, e.card, _SHARES[e.flag], e.amount))
        return tuple(out)

    cdef tuple _decisions(self):
        """What the callers decided, in order: every action, and for a manual
        hand its deals, for a manual showdown its shows and mucks.  With how
        the hand began, this is all a pickle needs."""
        cdef bytes raw = self._raw_events()  # a snapshot, as in history
        cdef const stud_event *events = <const stud_event *><const char *>raw
        cdef int n = len(raw) // sizeof(stud_event), k
        cdef const stud_event *e
        cdef bint manual = self.state.manual, manual_showdown = self.state.manual_showdown
        out = []
        dealt = None
        for k in range(n):
            e = &events[k]
            if manual and e.type == STUD_EV_STREET:
                dealt = {}
                out.append(("deal", dealt))
            elif manual and e.type == STUD_EV_DEAL:
                dealt.setdefault(e.seat, []).append(e.card)
            elif manual and e.type == STUD_EV_COMMUNITY:
                out[len(out) - 1] = ("community", e.card)
            elif e.type == STUD_EV_ACTION:
                out.append(("act", e.card, e.amount))
            elif manual_showdown and (e.type == STUD_EV_SHOW or e.type == STUD_EV_MUCK):
                out.append(("show", e.type == STUD_EV_SHOW))
        return tuple((d[0], tuple((seat, tuple(cards)) for seat, cards in sorted(d[1].items())))
                     if d[0] == "deal" else d for d in out)

    def __reduce__(self):
        """A hand pickles as how it began and what was decided since; loading
        replays that through the engine (see _restore_hand), so a tampered
        pickle raises instead of making a state the rules cannot reach."""
        return (_restore_hand, (self.rules, tuple(self._start_stacks), self._seed, self._deck,
                                bool(self.state.manual), self._showdown_mode, self._decisions(),
                                self.state.rake))

    def copy(self) -> Hand:
        """An independent copy (the state is one plain struct: a memcpy)."""
        cdef Hand other = Hand.__new__(Hand)
        memcpy(&other.state, &self.state, sizeof(stud_hand))
        other.rules = self.rules
        other._start_stacks = self._start_stacks
        if self._n_events:
            other._events = <stud_event *>PyMem_Malloc(self._n_events * sizeof(stud_event))
            if other._events is NULL:
                raise MemoryError()
            memcpy(other._events, self._events, self._n_events * sizeof(stud_event))
            other._n_events = other._events_room = self._n_events
        other._seed = self._seed
        other._deck = self._deck
        other._showdown_mode = self._showdown_mode
        return other

    def __copy__(self):
        return self.copy()

    def __deepcopy__(self, memo):
        return self.copy()

    def __repr__(self):
        state = "over" if self.is_over else f"street {self.street}, actor {self.actor}"
        return f"<Hand {_Variant(self.state.rules.variant).name} {self.state.n_seats} seats, {state}>"


def _restore_hand(rules, stacks, seed, deck, manual, showdown, decisions, rake=0):
    """Rebuilds a pickled hand by playing it again: every value goes through
    the same checks as a caller's, and the result is a hand the engine
    reached itself (the same future cards, legal actions and history)."""
    from pickle import UnpicklingError
    try:
        if not isinstance(manual, bool) or not isinstance(decisions, tuple):
            raise TypeError("malformed hand record")
        if deck is not None:
            if not isinstance(deck, bytes) or len(deck) != STUD_CARDS:
                raise ValueError("the deck is not 52 cards")
            deck = [Card.from_index(card) for card in deck]
        hand = Hand(rules, stacks, seed=seed, deck=deck, manual=manual, showdown=showdown,
                    rake=rake)
        for decision in decisions:
            if not isinstance(decision, tuple) or not decision:
                raise TypeError(f"malformed decision {decision!r}")
            what = decision[0]
            if what == "act" and len(decision) == 3:
                hand.act((decision[1], decision[2]))
            elif what == "deal" and len(decision) == 2:
                hand.deal({seat: [Card.from_index(card) for card in cards]
                           for seat, cards in decision[1]})
            elif what == "community" and len(decision) == 2:
                hand.deal(community=Card.from_index(decision[1]))
            elif what == "show" and len(decision) == 2 and isinstance(decision[1], bool):
                hand.show() if decision[1] else hand.muck()
            else:
                raise TypeError(f"malformed decision {decision!r}")
    except (TypeError, ValueError) as error:
        raise UnpicklingError(f"not a valid pickled stud.Hand: {error}") from error
    return hand


cdef list _ordered_cards(object cards):
    """Card ids in the order written (a string or an iterable of Card/str)."""
    cdef list order = []
    cdef uint64_t seen = 0, bit
    if isinstance(cards, CardSet):
        raise TypeError("a CardSet has no order: give the cards as a string or a list")
    if isinstance(cards, str):
        _parse(<str>cards, order)  # "As Kd 7h" or "AsKd7h"; repeats refused there
        return order
    try:
        items = iter(cards)
    except TypeError:
        raise TypeError(f"cards are a string such as 'As Kd 7h' or a list of Card or str, "
                        f"not {type(cards).__name__}") from None
    for item in items:
        if isinstance(item, Card):
            card = (<Card>item).index
        elif isinstance(item, str):
            mask = _parse(item)
            if stud_popcount(mask) != 1:
                raise CardError(f"each item must be one card, got {_short(item)}")
            card = stud_lowest_card(mask)
        else:
            raise TypeError(f"expected Card or str items, not {type(item).__name__}")
        bit = stud_card_bit(card)
        if seen & bit:
            raise CardError(f"duplicate card {str(_card(card))!r}")
        seen |= bit
        order.append(card)
    return order


cdef _shuffle_with_seed(list cards, uint64_t seed):
    """Shuffles card ids (at most 52) in place with the engine's PRNG (the
    same cards for the same seed)."""
    cdef uint64_t state[4]
    cdef uint8_t buf[STUD_CARDS]
    cdef int i, n = len(cards)
    if n > STUD_CARDS:
        raise ValueError("at most 52 cards")
    stud_rng_seed(state, seed ^ 0xD1B54A32D192ED03ULL)
    for i in range(n):
        buf[i] = cards[i]
    stud_shuffle(state, buf, n)
    for i in range(n):
        cards[i] = buf[i]
