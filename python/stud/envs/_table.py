"""One table over a ``stud.Hand``, shared by the AEC and Gymnasium faces.

It follows the vector environment's rule (src/studcore/vecenv.h): reset
with seed ``s``, the k-th hand is dealt from the k-th draw of the table's
stream, and built-in policies draw from that stream too, so a table here
and table ``t`` of a VectorEnv reset with ``s - t`` see the same cards and
the same observations.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Union

import numpy as np
from numpy.typing import NDArray

from .._checks import seed_or_random, whole_number
from .._core import (
    BUILTIN_POLICIES,
    ENV_PLAY_OVER,
    ENV_PLAY_PYTHON,
    ENV_SEAT_PYTHON,
    OBS_SIZE,
    Hand,
    _checked_stacks,
    _env_action,
    _env_actions,
    _env_legal_bits,
    _env_play,
    _env_rewards,
    _HandDealer,
    _observe,
    _SeedStream,
    _TableCore,
)
from ..game import Action, ActionKind, HandView, Rules
from .layout import MAX_SLOTS as MAX_SEATS
from .layout import N_ACTIONS, STATE_SIZE

# the mask of each set of legal ids (bits), made once: handed out as copies
_MASKS = [np.array([bits >> i & 1 for i in range(N_ACTIONS)], dtype=np.int8)
          for bits in range(1 << N_ACTIONS)]
_BOOL_MASKS = [m.astype(np.bool_) for m in _MASKS]
_BITS = (1 << N_ACTIONS) - 1  # the legal bits of what _env_play returns
SEAT_AGENT = 255  # an agent seat's code for _env_play (STUD_SEAT_AGENT, vecenv.h)


class ObservationPolicy:
    """A seat played by a function of what an agent sees: ``fn(observation,
    mask)`` gets the seat's observation (float32[720], as ``observe``
    gives it) and its action mask (int8[5], as ``legal_mask`` gives it) and
    returns an action id 0..4 (an int or a numpy integer) that is legal
    now.  This is how a trained network sits at a table as an opponent.

    The wrapper is what tells the two kinds of callables apart: a bare
    callable is given ``Hand.view(seat)`` and returns a ``stud.Action``;
    wrapped in ``ObservationPolicy`` it is given ``(observation, mask)``
    and returns an id.  Nothing is guessed from the callable's signature.

    >>> import numpy as np
    >>> from stud.envs import GymEnv, ObservationPolicy
    >>> first_legal = ObservationPolicy(lambda obs, mask: int(np.flatnonzero(mask)[0]))
    >>> env = GymEnv("razz", opponents=[first_legal])
    >>> obs, info = env.reset(seed=3)
    """

    __slots__ = ("fn",)

    def __init__(self, fn: Callable[[NDArray[np.float32], NDArray[np.int8]], Any]) -> None:
        if not callable(fn):
            raise TypeError(f"ObservationPolicy wraps a callable (observation, mask) -> action "
                            f"id, not {type(fn).__name__}")
        #: the wrapped function
        self.fn = fn

    def __call__(self, observation: NDArray[np.float32], mask: NDArray[np.int8]) -> Any:
        return self.fn(observation, mask)

    def __getstate__(self) -> Any:
        return self.fn

    def __setstate__(self, state: Any) -> None:
        self.fn = state

    def __repr__(self) -> str:
        return f"ObservationPolicy({self.fn!r})"


#: a seat's player: None (the agent), a built-in policy's name, a callable
#: given ``Hand.view(seat)`` that returns an Action, or an ObservationPolicy
SeatPolicy = Union[None, str, ObservationPolicy, Callable[[HandView], Any]]


def observe(hand: Hand, seat: int) -> NDArray[np.float32]:
    """What ``seat`` may see of ``hand`` (any ``stud.Hand``, any of its
    seats, whoever is to act): the float32[720] observation of
    docs/envs.md, the same bits the environments give.

    >>> from stud import Hand, Rules
    >>> hand = Hand(Rules("razz", 10), [300, 300], seed=3)
    >>> obs = observe(hand, 1)
    >>> obs.shape, obs.dtype
    ((720,), dtype('float32'))
    """
    if not isinstance(hand, Hand):
        raise TypeError(f"observe reads a stud.Hand, not {type(hand).__name__}")
    out = np.empty(OBS_SIZE, dtype=np.float32)
    _observe(hand, seat, out)
    return out


def table_state(hand: Hand) -> NDArray[np.float32]:
    """The whole table (privileged): seat 0's observation, each seat's down
    cards (52 per seat, MAX_SEATS seats) and the seat to act one-hot."""
    out = np.zeros(STATE_SIZE, dtype=np.float32)
    _observe(hand, 0, out[:OBS_SIZE])
    seen = np.empty(OBS_SIZE, dtype=np.float32)
    for seat in range(hand.n_seats):
        _observe(hand, seat, seen)
        out[OBS_SIZE + 52 * seat:OBS_SIZE + 52 * seat + 52] = seen[:52]
    if not hand.is_over and hand.actor is not None:
        out[OBS_SIZE + 52 * MAX_SEATS + hand.actor] = 1.0
    return out


def legal_mask(hand: Hand) -> NDArray[np.int8]:
    """The action mask of ``hand`` now: int8[5], 1 at each action id
    (``stud.envs.ACTION_NAMES``) legal for the seat to act; all 0 when no
    action is awaited (the hand is over).

    >>> from stud import Hand, Rules
    >>> legal_mask(Hand(Rules("razz", 10), [300, 300], seed=3)).tolist()
    [0, 0, 1, 1, 0]
    """
    if not isinstance(hand, Hand):
        raise TypeError(f"legal_mask reads a stud.Hand, not {type(hand).__name__}")
    return np.array([a is not None for a in _env_actions(hand)], dtype=np.int8)


def check_rules(rules: Any) -> Rules:
    """Rules, or a variant (a name or a stud.Variant) with the default
    limits of a small bet of 10 (docs/rules.md 1)."""
    if isinstance(rules, Rules):
        return rules
    try:
        return Rules(rules, 10)
    except (TypeError, ValueError) as error:
        raise ValueError(f"rules must be a stud.Rules or a variant: {error}") from None


def big_bet(rules: Rules) -> int:
    """The big bet (Rules fills it in when it is not given)."""
    assert rules.big_bet is not None
    return rules.big_bet


def whole(value: Any) -> int | None:
    """``value`` as an int when it is a whole number (``whole_number``'s
    rule: anything with ``__index__``, numpy integers included, not a
    bool), else None."""
    try:
        return whole_number(value, "a whole number")
    except TypeError:
        return None


def check_stacks(rules: Rules, players: Any, stacks: Any) -> list[int]:
    players = whole_number(players, "players")
    limit = rules.max_players
    if not 2 <= players <= limit:
        raise ValueError(f"{rules.variant.name} is played by 2 to {limit} players, not {players}")
    if stacks is None:
        stacks = 100 * big_bet(rules)
    if whole(stacks) is not None:
        stacks = [whole(stacks)] * players
    elif isinstance(stacks, (float, np.floating)):
        raise TypeError(f"stacks must be whole numbers of chips (one number for every seat, "
                        f"or a list of one per seat), not {stacks!r}")
    elif isinstance(stacks, (str, bytes)) or not isinstance(stacks, Iterable):
        raise TypeError(f"stacks must be a whole number of chips or a list of one per seat, "
                        f"not {type(stacks).__name__}")
    given = list(stacks)
    if len(given) != players:
        raise ValueError(f"{players} players need {players} stacks, got {len(given)}")
    out = _checked_stacks(rules, given, "seat")  # whole, positive, 2**30 in all: as the engine
    ante = rules.ante or 0
    for s, chips in enumerate(out):
        if chips <= ante:  # every seat has chips for the betting (vecenv.h)
            raise ValueError(f"seat {s}'s stack must be above the ante ({ante}), not {chips}")
    return out


def check_policy(seat: int, policy: Any) -> SeatPolicy:
    if policy is None or isinstance(policy, ObservationPolicy) or callable(policy):
        return policy  # type: ignore[no-any-return]
    if isinstance(policy, str) and policy in BUILTIN_POLICIES:
        return policy
    raise ValueError(f"seat {seat}'s policy must be None (the agent), a callable, an "
                     f"ObservationPolicy or one of "
                     f"{', '.join(BUILTIN_POLICIES)}; not {policy!r}")


#: the Table state kept in _TableCore's C fields (pickled with the rest)
_CORE_FIELDS = ("hand", "stream", "codes", "bits", "fast", "in_c", "broken", "dealer",
                "reward_unit")


class Table(_TableCore):
    """Hands one after another on fixed stacks; ``policies[seat]`` None
    for the agent's seats, a built-in name or a callable for the others.

    The state the environments' hot paths read (the hand, the stream, the
    legal bits, the seat codes) lives in the compiled base class
    ``_TableCore``, whose ``gym_step``, ``gym_reset``, ``aec_step`` and
    ``observation`` are those paths; the methods here are the rest.

    A table copies and pickles (``copy.deepcopy``, ``pickle``) with its
    hand and its stream's state, so a copy deals and plays on as the
    original would.  Callable policies are copied (or pickled) with it.
    """

    def __init__(self, rules: Rules, stacks: list[int], policies: Sequence[SeatPolicy],
                 reward_unit: int) -> None:
        self.rules = rules
        self.stacks = stacks
        self.policies = list(policies)
        self.reward_unit = reward_unit  # chips a reward of 1 stands for
        self.stream = _SeedStream(0)
        self.hand = None
        #: the legal ids of the agent's decision now as bits (bit i: id i);
        #: 0 when no agent decision is awaited (or the table is broken)
        self.bits = 0
        #: why the table cannot go on (a seat's policy failed mid-hand), or None
        self.broken = None
        #: each seat's code for ``_env_play``: STUD_SEAT_AGENT (the agent's),
        #: a built-in policy's number (played in C) or ENV_SEAT_PYTHON (a callable)
        self.codes = bytes(
            SEAT_AGENT if p is None else BUILTIN_POLICIES.index(p) if isinstance(p, str)
            else ENV_SEAT_PYTHON for p in self.policies)
        #: False: every seat's action goes through the Python loop of
        #: ``play_others_python`` (the reference the C path is tested against)
        self.fast = True
        #: True when no seat is played by a Python callable: one ``_env_play``
        #: call then plays every seat up to the agent's next decision
        self.in_c = ENV_SEAT_PYTHON not in self.codes
        self.dealer = _HandDealer(rules, stacks)  # Hand(rules, stacks, seed=...), quicker
        self.masks = _MASKS

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state.update((name, getattr(self, name)) for name in _CORE_FIELDS)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        state = dict(state)
        for name in _CORE_FIELDS:
            if name in state:
                setattr(self, name, state.pop(name))
        self.__dict__.update(state)
        self.masks = _MASKS
        if self.codes is None:  # (pickled before the codes were kept)
            self.codes = bytes(
                SEAT_AGENT if p is None else BUILTIN_POLICIES.index(p) if isinstance(p, str)
                else ENV_SEAT_PYTHON for p in self.policies)
            self.fast = True
            self.dealer = _HandDealer(self.rules, self.stacks)
        self.in_c = ENV_SEAT_PYTHON not in self.codes

    @property
    def legal(self) -> tuple[Action | None, ...]:
        """The engine action of each id legal now (None where it is not)."""
        if not self.bits:
            return (None,) * N_ACTIONS
        assert self.hand is not None
        return _env_actions(self.hand)

    def reset(self, seed: int | None, seat: int = 0,
              out: NDArray[np.float32] | None = None) -> int:
        self.stream = _SeedStream(seed_or_random(seed))
        return self.new_hand(seat, out)

    def new_hand(self, seat: int = 0, out: NDArray[np.float32] | None = None) -> int:
        """The stream's next hand, played on to the agent's first decision
        (``play_others``: what ``seat`` sees written into ``out``, when given)."""
        self.broken = None
        self.bits = 0
        seed = self.stream.next_seed()
        if not self.fast:
            self.hand = Hand(self.rules, self.stacks, seed=seed)
            return self.play_others(-1, seat, out)
        if self.in_c:  # the deal and play_others's C call, in one call
            return self.deal_play(seed, seat, out)
        self.hand = self.dealer.deal(seed)
        return self.play_others(-1, seat, out)

    def play_others(self, a: int = -1, seat: int = 0,
                    out: NDArray[np.float32] | None = None) -> int:
        """Plays legal id ``a`` for the agent seat to act (none when -1),
        then the seats that are not the agent's act until one of his must;
        then writes what ``seat`` sees into ``out`` (when given).  Returns
        what ``_env_play`` returns (the legal bits, ENV_PLAY_OVER).

        The built-in seats play in C (``_env_play``), a callable's seat in
        Python.  If a seat's policy fails (it raises, or gives no action or
        an illegal one) the error goes on to the caller and the table is
        broken until the next hand: ``broken`` says why."""
        hand = self.hand
        assert hand is not None
        self.bits = 0
        if not self.fast:
            return self.play_others_python(a, seat, out)
        try:
            r = _env_play(hand, self.stream, self.codes, a, seat, out)
        except BaseException as error:
            self.fail(error)
            raise
        assert r >= 0  # (``a`` was checked legal)
        while r & ENV_PLAY_PYTHON:
            actor = hand.actor
            assert actor is not None
            self.act_python(actor, self.policies[actor])
            try:
                r = _env_play(hand, self.stream, self.codes, -1, seat, out)
            except BaseException as error:
                self.fail(error)
                raise
        self.bits = r & _BITS
        return r

    def play_others_python(self, a: int = -1, seat: int = 0,
                           out: NDArray[np.float32] | None = None) -> int:
        """``play_others`` one action at a time through ``Hand.act`` (the
        path the environments took before ``_env_play``; kept as the
        reference the tests compare it with)."""
        hand = self.hand
        assert hand is not None
        self.bits = 0
        if a >= 0:
            action = _env_action(hand, a)
            assert action is not None
            hand.act(action)
        while not hand.is_over:
            actor = hand.actor
            assert actor is not None  # automatic hands wait only for actions
            policy = self.policies[actor]
            if policy is None:
                break
            self.act_python(actor, policy)
        self.bits = _env_legal_bits(hand)
        if out is not None:
            _observe(hand, seat, out)
        return self.bits | (ENV_PLAY_OVER if hand.is_over else 0)

    def act_python(self, seat: int, policy: SeatPolicy) -> None:
        """Seat ``seat`` (to act) plays its policy's action through ``Hand.act``."""
        hand = self.hand
        assert hand is not None and policy is not None
        action: Any
        try:
            if isinstance(policy, str):
                action = self.stream.choose(policy, hand)
            elif isinstance(policy, ObservationPolicy):
                action = self.observation_policy_action(seat, policy)
            else:
                action = policy(hand.view(seat))
                if isinstance(action, (int, np.integer)) and not isinstance(
                        action, ActionKind):
                    # (an int would be read as an ActionKind, numbered otherwise than ids)
                    raise TypeError(
                        f"seat {seat}'s policy returned {action!r}: a callable given "
                        f"Hand.view(seat) returns a stud.Action; a policy that returns "
                        f"an action id 0..{N_ACTIONS - 1} takes (observation, mask): "
                        f"wrap it as stud.envs.ObservationPolicy(fn)")
            if action is None:
                raise ValueError(f"seat {seat}'s policy gave no action")
            hand.act(action)
        except BaseException as error:
            self.broken = (f"seat {seat}'s policy raised {type(error).__name__} "
                           f"({error}) and the hand cannot go on")
            raise

    def observation_policy_action(self, seat: int, policy: ObservationPolicy) -> Action:
        """The engine action for the id an ObservationPolicy gives at ``seat``."""
        assert self.hand is not None
        legal = _env_actions(self.hand)
        mask = _MASKS[_env_legal_bits(self.hand)].copy()
        chosen = policy(self.observe(seat), mask)
        if isinstance(chosen, (bool, np.bool_)) or not isinstance(chosen, (int, np.integer)):
            raise TypeError(f"seat {seat}'s ObservationPolicy returned {chosen!r}: it returns "
                            f"an action id 0..{N_ACTIONS - 1}")
        a = int(chosen)
        action = legal[a] if 0 <= a < N_ACTIONS else None
        if action is None:
            raise ValueError(f"seat {seat}'s ObservationPolicy returned action {a}, not legal "
                             f"now: legal are {np.flatnonzero(mask).tolist()}")
        return action

    def check_playable(self, seat: int | None = None) -> None:
        """RuntimeError unless an agent seat (``seat``, when given) is to act."""
        if self.broken is not None:
            raise RuntimeError(f"{self.broken}: reset() the environment")
        hand = self.hand
        assert hand is not None
        if hand.is_over:
            raise RuntimeError("the hand is over: reset() the environment")
        actor = hand.actor
        if actor is None or self.policies[actor] is not None or (
                seat is not None and actor != seat):
            whose = "an agent's seat" if seat is None else f"the agent's seat {seat}"
            raise RuntimeError(f"seat {actor} is to act, not {whose}: reset() the environment")

    def mask(self) -> NDArray[np.int8]:
        """The action mask now: a fresh int8[5]."""
        return _MASKS[self.bits].copy()

    def bool_mask(self) -> NDArray[np.bool_]:
        """The action mask now: a fresh bool[5]."""
        return _BOOL_MASKS[self.bits].copy()

    def check_action(self, action: Any) -> int:
        """The action id, if it is a legal one now; a clear error otherwise."""
        if type(action) is not int and (isinstance(action, (bool, np.bool_))
                                        or not isinstance(action, (int, np.integer))):
            raise TypeError(f"an action is a whole number 0..{N_ACTIONS - 1}, not {action!r}")
        a = int(action)
        if not (0 <= a < N_ACTIONS and self.bits >> a & 1):
            legal = [i for i in range(N_ACTIONS) if self.bits >> i & 1]
            raise ValueError(f"action {a} is not legal now: legal are {legal}")
        return a

    def apply(self, a: int) -> None:
        """Plays legal action id ``a`` for the agent seat to act, then the
        other seats until an agent seat must act or the hand ends (after
        ``check_playable`` and ``check_action``, as the environments call
        them: a broken table has no legal action, so ``a`` is never one)."""
        assert self.hand is not None and self.broken is None
        self.play_others(a)

    def observe(self, seat: int) -> NDArray[np.float32]:
        out = np.empty(OBS_SIZE, dtype=np.float32)
        assert self.hand is not None
        _observe(self.hand, seat, out)
        return out

    def rewards(self) -> list[float]:
        assert self.hand is not None
        return _env_rewards(self.hand, self.reward_unit)
