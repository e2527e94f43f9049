# The agent environments' compiled side (src/studcore/observe.*, vecenv.*):
# the observation encoder over a Hand, the five environment actions, the
# per-table seed stream, and the vector environment's tables stepped in C.
# stud/envs/ builds the PettingZoo, Gymnasium and vector faces on these.
cimport cython
from cpython.mem cimport PyMem_Calloc


OBS_SIZE = STUD_OBS_SIZE
# big bets an amount of 1 in the observation stands for (observe.h)
OBS_AMOUNT_UNIT = STUD_OBS_AMOUNT_UNIT
ENV_ACTIONS = STUD_ENV_ACTIONS
# (name, offset, length) of each field of the observation, in order (observe.h)
OBS_FIELDS = (
    ("down_cards", STUD_OBS_DOWN, 52),
    ("up_cards", STUD_OBS_UP, 52 * STUD_MAX_SEATS),
    ("community", STUD_OBS_COMMUNITY, 52),
    ("street", STUD_OBS_STREET, STUD_MAX_STREETS),
    ("present", STUD_OBS_PRESENT, STUD_MAX_SEATS),
    ("live", STUD_OBS_LIVE, STUD_MAX_SEATS),
    ("all_in", STUD_OBS_ALL_IN, STUD_MAX_SEATS),
    ("stack", STUD_OBS_STACK, STUD_MAX_SEATS),
    ("round_bet", STUD_OBS_ROUND_BET, STUD_MAX_SEATS),
    ("put_in", STUD_OBS_PUT_IN, STUD_MAX_SEATS),
    ("pot", STUD_OBS_POT, 1),
    ("to_call", STUD_OBS_TO_CALL, 1),
    ("bring_in", STUD_OBS_BRING_IN, STUD_MAX_SEATS),
    ("aggressor", STUD_OBS_AGGRESSOR, STUD_MAX_SEATS),
    ("raises_left", STUD_OBS_RAISES_LEFT, 1),
    ("uncapped", STUD_OBS_UNCAPPED, 1),
    ("bets", STUD_OBS_BETS, STUD_MAX_STREETS),
    ("to_act", STUD_OBS_TO_ACT, 1),
    ("two_sizes", STUD_OBS_TWO_SIZES, 1),
)


cdef int _observe_into(const stud_hand *hand, seat, float[::1] out) except -1:
    """stud_observe for a seat and a buffer checked first."""
    s = _whole(seat, "seat")
    if not 0 <= s < hand.n_seats:
        raise ValueError(f"seat must be 0..{hand.n_seats - 1}, not {s}")
    if out.shape[0] != STUD_OBS_SIZE:
        raise ValueError(f"the observation holds {STUD_OBS_SIZE} values, not {out.shape[0]}")
    stud_observe(hand, <int>s, &out[0])
    return 0


def _observe(Hand hand not None, seat, float[::1] out not None):
    """Writes what ``seat`` may see of ``hand`` into ``out`` (float32,
    OBS_SIZE values; observe.h)."""
    _observe_into(&hand.state, seat, out)


def _env_actions(Hand hand not None):
    """The actor's legal environment actions: a tuple of ENV_ACTIONS entries,
    each the Action it stands for, or None where it is not legal."""
    cdef stud_action acts[STUD_ENV_ACTIONS]
    cdef unsigned legal = stud_env_actions(&hand.state, acts)
    return tuple(_action(acts[i].kind, acts[i].amount) if legal >> i & 1 else None
                 for i in range(STUD_ENV_ACTIONS))


def _env_legal_bits(Hand hand not None):
    """The actor's legal environment actions as bits: bit i set when id i
    is legal now (0 when no action is awaited)."""
    cdef stud_action acts[STUD_ENV_ACTIONS]
    return stud_env_actions(&hand.state, acts)


def _env_action(Hand hand not None, Py_ssize_t a):
    """The Action environment id ``a`` stands for now, or None when it is
    not legal (or not an id)."""
    cdef stud_action acts[STUD_ENV_ACTIONS]
    cdef unsigned legal = stud_env_actions(&hand.state, acts)
    if a < 0 or a >= STUD_ENV_ACTIONS or not (legal >> a & 1):
        return None
    return _action(acts[a].kind, acts[a].amount)


def _env_rewards(Hand hand not None, int32_t unit):
    """Each seat's result of the finished hand divided by ``unit`` (1 for
    chips, the big bet for big bets): Python floats, worked out in double
    as the vector environment's rewards are."""
    cdef double out[STUD_MAX_SEATS]
    cdef int32_t start[STUD_MAX_SEATS]
    if hand.state.phase != STUD_PHASE_OVER:
        raise ValueError("the hand is not over")
    if unit < 1:
        raise ValueError(f"the reward unit is 1 chip or more, not {unit}")
    for s, chips in enumerate(hand._start_stacks):
        start[s] = chips
    stud_env_rewards(&hand.state, start, unit, out)
    return [out[s] for s in range(hand.state.n_seats)]


@cython.auto_pickle(False)
cdef class _HandDealer:
    """Deals the hands of a table: ``deal(seed)`` is
    ``Hand(rules, stacks, seed=seed)``, with the rules and stacks checked
    and converted once, here, rather than at every hand."""
    cdef stud_rules c_rules
    cdef int32_t c_stacks[STUD_MAX_SEATS]
    cdef int n_seats
    cdef readonly object rules
    cdef readonly list stacks

    def __init__(self, rules, stacks):
        _c_rules(rules, &self.c_rules)
        self.stacks = _copy_stacks(stacks, &self.c_rules, self.c_stacks, "seat")
        self.n_seats = len(self.stacks)
        self.rules = rules

    def deal(self, seed):
        """A new Hand, as ``Hand(rules, stacks, seed=seed)`` makes it."""
        return self._deal(<uint64_t>(_whole(seed, "seed") & 0xFFFFFFFFFFFFFFFF))

    cdef Hand _deal(self, uint64_t c_seed):
        cdef stud_log log
        cdef Hand hand = Hand.__new__(Hand)
        hand._starting = True
        log.n = 0
        error = stud_hand_start(&hand.state, &self.c_rules, self.n_seats, self.c_stacks,
                                NULL, 0, 0, 0, c_seed, &log)
        if error != STUD_OK:
            raise ValueError(f"cannot start the hand: {_error_text(error)}")
        stud_hand_set_rake(&hand.state, 0)
        hand.rules = self.rules
        hand._start_stacks = list(self.stacks)
        hand._seed = c_seed
        hand._deck = None
        hand._showdown_mode = "auto"
        hand._record(&log)
        return hand

    def __reduce__(self):
        return (_HandDealer, (self.rules, self.stacks))


cdef enum:
    # a seat _env_play leaves to Python: a callable's (the agent's is STUD_SEAT_AGENT)
    _SEAT_PYTHON = STUD_SEAT_AGENT - 1
    # what _env_play returns besides the legal bits (bits 0..4)
    _PLAY_OVER = 1 << 5      # the hand is over
    _PLAY_PYTHON = 1 << 6    # a seat Python plays (ENV_SEAT_PYTHON) is to act
    _LEGAL_BITS = (1 << STUD_ENV_ACTIONS) - 1

ENV_SEAT_PYTHON = _SEAT_PYTHON
ENV_PLAY_OVER = _PLAY_OVER
ENV_PLAY_PYTHON = _PLAY_PYTHON


def _env_play(Hand hand not None, _SeedStream stream not None, bytes policy not None,
              Py_ssize_t a, Py_ssize_t seat, float[::1] out):
    """One environment step of a table in one call: plays environment id
    ``a`` for the actor (none when ``a`` is -1), then the built-in seats
    (``policy[seat]``: a stud_policy number, drawing from ``stream`` as
    _SeedStream.choose does) until a seat whose entry is STUD_SEAT_AGENT or
    ENV_SEAT_PYTHON must act, or the hand ends; every action goes through
    the Hand (its history records it).  Then, when ``out`` is given, writes
    what ``seat`` sees into it.  Returns -1 when ``a`` is not legal now
    (nothing changed), else the legal bits of the decision now (0 once the
    hand is over) with ENV_PLAY_OVER and ENV_PLAY_PYTHON."""
    if out is None:
        return _play(hand, stream, policy, a, seat, NULL)
    if out.shape[0] != STUD_OBS_SIZE:
        raise ValueError(f"the observation holds {STUD_OBS_SIZE} values, not {out.shape[0]}")
    return _play(hand, stream, policy, a, seat, &out[0])


cdef int _play(Hand hand, _SeedStream stream, bytes policy, Py_ssize_t a, Py_ssize_t seat,
               float *out) except -2:
    """_env_play's work, the observation written to ``out`` when not NULL
    (STUD_OBS_SIZE floats); the seat and the codes are checked first."""
    cdef stud_action acts[STUD_ENV_ACTIONS]
    cdef stud_action act
    cdef unsigned legal
    cdef int p, actor, n = hand.state.n_seats
    cdef const unsigned char *codes
    if policy is None or len(policy) < n:
        raise ValueError(f"{n} seats need {n} policy codes, not "
                         f"{0 if policy is None else len(policy)}")
    codes = policy
    if out != NULL and not 0 <= seat < n:
        raise ValueError(f"seat must be 0..{n - 1}, not {seat}")
    if a >= 0:
        legal = stud_env_actions(&hand.state, acts)
        if a >= STUD_ENV_ACTIONS or not (legal >> a & 1):
            return -1
        hand._apply(acts[a].kind, acts[a].amount)
    while hand.state.phase != STUD_PHASE_OVER:
        actor = hand.state.actor
        if not 0 <= actor < n:
            raise RuntimeError("no seat is to act in a hand that is not over")
        p = codes[actor]
        if p == STUD_SEAT_AGENT or p == _SEAT_PYTHON:
            break
        if p > STUD_POLICY_STRENGTH:
            raise ValueError(f"seat {actor}: no built-in policy {p}")
        act = stud_policy_choose(p, &hand.state, stream.state)
        if act.kind < 0:
            raise RuntimeError(f"seat {actor}'s built-in policy gave no action")
        hand._apply(act.kind, act.amount)
    if out != NULL:
        stud_observe(&hand.state, <int>seat, out)
    if hand.state.phase == STUD_PHASE_OVER:
        return _PLAY_OVER
    legal = stud_env_actions(&hand.state, acts)
    if codes[hand.state.actor] == _SEAT_PYTHON:
        legal |= _PLAY_PYTHON
    return <int>legal


@cython.auto_pickle(False)
cdef class _SeedStream:
    """A table's stream (vecenv.h): the k-th draw deals the k-th hand, and
    the built-in policies draw from it too."""
    cdef uint64_t state[4]

    def __init__(self, seed):
        stud_rng_seed(self.state, <uint64_t>(_whole(seed, "seed") & 0xFFFFFFFFFFFFFFFF))

    def next_seed(self):
        """The next hand's deck seed."""
        return stud_rng_next(self.state)

    def choose(self, name, Hand hand not None):
        """The built-in policy's Action for the hand's actor (None if no
        action is awaited), drawing from this stream as the C tables do."""
        cdef stud_action action = stud_policy_choose(_policy_number(name), &hand.state,
                                                     self.state)
        if action.kind < 0:
            return None
        return _action(action.kind, action.amount)

    def __reduce__(self):
        # the four words as they are: a copy draws on exactly as this stream
        return (_seed_stream_at, (tuple(self.state[k] for k in range(4)),))


def _seed_stream_at(words):
    """A _SeedStream in the state ``words`` (four 64-bit words, not all 0:
    xoshiro256** never reaches that state), as __reduce__ saved it."""
    cdef _SeedStream stream = _SeedStream.__new__(_SeedStream)
    cdef int k
    words = tuple(words)
    if len(words) != 4 or not any(words):
        raise ValueError("a seed stream's state is four 64-bit words, not all 0")
    for k in range(4):
        value = _whole(words[k], "a seed stream's word")
        if not 0 <= value < (1 << 64):
            raise ValueError("a seed stream's state is four 64-bit words, not all 0")
        stream.state[k] = <uint64_t>value
    return stream


# numpy.empty and float32, looked up at the first observation made here
# (numpy is the envs extra's, not a dependency of the compiled module)
cdef object _np_empty = None
cdef object _np_float32 = None


cdef object _fresh_observation():
    """A new float32[STUD_OBS_SIZE] numpy array (its values unset)."""
    global _np_empty, _np_float32
    if _np_empty is None:
        import numpy
        _np_float32 = numpy.dtype(numpy.float32)
        _np_empty = numpy.empty
    return _np_empty(STUD_OBS_SIZE, _np_float32)


cdef int _check_observation_buffer(Py_buffer *view) except -1:
    """ValueError unless ``view`` holds STUD_OBS_SIZE float32 values."""
    cdef const char *f = view.format
    if f != NULL and (f[0] == b'@' or f[0] == b'=' or f[0] == b'<'):
        f += 1
    if (f == NULL or f[0] != b'f' or f[1] != 0 or view.itemsize != sizeof(float)
            or view.len != STUD_OBS_SIZE * sizeof(float)):
        raise ValueError(f"the observation is {STUD_OBS_SIZE} float32 values")
    return 0


@cython.auto_pickle(False)
cdef class _TableCore:
    """What stud.envs' Table (envs/_table.py, a subclass) keeps of the hand
    being played, where its hot paths read it in C: the GymEnv step and
    reset, the AEC step and observation, each one call that plays the
    built-in seats (_env_play's loop) and makes the fresh arrays and dicts
    the environment hands out.  Each returns None (or -1) where it does not
    apply, and the environment then takes its checked Python path."""
    # the hand being played (None before the first)
    cdef public Hand hand
    # the table's stream (vecenv.h): the k-th draw deals the k-th hand
    cdef public _SeedStream stream
    # each seat's code for _env_play (STUD_SEAT_AGENT, a policy, ENV_SEAT_PYTHON)
    cdef public bytes codes
    # the legal ids of the agent's decision now as bits (0 when none is awaited)
    cdef public int bits
    # False: every seat acts through Table.play_others_python (the reference)
    cdef public bint fast
    # True when no seat is a Python callable's
    cdef public bint in_c
    # why the hand cannot go on (a seat's policy failed), or None
    cdef public object broken
    cdef public _HandDealer dealer
    # chips a reward of 1 stands for
    cdef public int32_t reward_unit
    # the int8[5] mask of each set of legal bits (envs/_table.py's _MASKS), copied out
    cdef public list masks

    def fail(self, error):
        """A seat's built-in policy raised in ``_env_play``: the table is
        broken until the next hand (``broken`` says why)."""
        self.bits = 0
        assert self.hand is not None
        self.broken = (f"seat {self.hand.actor}'s policy raised {type(error).__name__} "
                       f"({error}) and the hand cannot go on")

    cdef int _play_into(self, Py_ssize_t a, Py_ssize_t seat, object obs) except -2:
        """_play on the hand, what ``seat`` sees written into the fresh
        float32 array ``obs``; a seat's failure breaks the table (fail)."""
        cdef Py_buffer view
        PyObject_GetBuffer(obs, &view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS | PyBUF_FORMAT)
        try:
            _check_observation_buffer(&view)
            try:
                return _play(self.hand, self.stream, self.codes, a, seat, <float *>view.buf)
            except BaseException as error:
                self.fail(error)
                raise
        finally:
            PyBuffer_Release(&view)

    cdef double _reward(self, Py_ssize_t seat) except? -1.0:
        """_env_rewards(hand, reward_unit)[seat] of the finished hand."""
        cdef double out[STUD_MAX_SEATS]
        cdef int32_t start[STUD_MAX_SEATS]
        cdef Hand hand = self.hand
        cdef Py_ssize_t s
        for s, chips in enumerate(hand._start_stacks):
            start[s] = chips
        stud_env_rewards(&hand.state, start, self.reward_unit, out)
        return out[seat]

    cdef object _masked(self, object obs, int bits):
        """The observation dict ``{"observation": obs, "action_mask": a copy of
        the mask of bits}``."""
        return {"observation": obs, "action_mask": self.masks[bits].copy()}

    def gym_step(self, action, Py_ssize_t seat):
        """GymEnv.step for a legal ``int`` id with the agent's ``seat`` to
        act and every other seat built in: one call plays it and the other
        seats, and returns ``(obs, reward, terminated, False, info)`` as
        GymEnv.step does; None when the step needs GymEnv.step's own path."""
        cdef Py_ssize_t a
        cdef Hand hand = self.hand
        cdef int played
        if type(action) is not int or hand is None or not (self.fast and self.in_c):
            return None
        try:
            a = action
        except OverflowError:
            return None
        if (a < 0 or a >= STUD_ENV_ACTIONS or not (self.bits >> a & 1)
                or hand.state.phase != STUD_PHASE_BETTING or hand.state.actor != seat):
            return None
        obs = _fresh_observation()
        played = self._play_into(a, seat, obs)
        if played < 0:  # (only if the hand was played behind the environment's back)
            raise ValueError(f"action {a} is not legal now")
        self.bits = played & _LEGAL_BITS
        seen = self._masked(obs, self.bits)
        over = played & _PLAY_OVER != 0
        return (seen, self._reward(seat) if over else 0.0, over, False,
                {"action_mask": seen["action_mask"].copy(), "illegal_action": False})

    cdef int _deal_play(self, uint64_t seed, Py_ssize_t seat, object obs) except -2:
        """Table.new_hand with every seat built in: the hand dealt from
        ``seed`` played to the first agent decision, what ``seat`` sees
        written into ``obs`` (when not None)."""
        cdef int played
        self.broken = None
        self.bits = 0
        self.hand = self.dealer._deal(seed)
        if obs is not None:
            played = self._play_into(-1, seat, obs)
        else:
            try:
                played = _play(self.hand, self.stream, self.codes, -1, seat, NULL)
            except BaseException as error:
                self.fail(error)
                raise
        self.bits = played & _LEGAL_BITS
        return played

    def deal_play(self, seed, Py_ssize_t seat, obs):
        """The hand dealt from ``seed`` (a stream's draw), played by the
        built-in seats to the first agent decision in one call, what
        ``seat`` sees written into ``obs`` (float32[720], or None):
        Table.new_hand when no seat is a Python callable's.  Returns what
        ``_env_play`` returns."""
        if self.dealer is None or self.stream is None or self.codes is None:
            raise RuntimeError("the table has no dealer")
        return self._deal_play(<uint64_t>(_whole(seed, "seed") & 0xFFFFFFFFFFFFFFFF), seat, obs)

    def gym_reset(self, Py_ssize_t seat):
        """GymEnv.reset without a seed, every other seat built in: the
        stream's next hand played to the agent's first decision, and
        ``(obs, info)`` as GymEnv.reset returns them; None otherwise."""
        if (not (self.fast and self.in_c) or self.dealer is None or self.stream is None
                or self.codes is None):
            return None
        obs = _fresh_observation()
        self._deal_play(stud_rng_next(self.stream.state), seat, obs)
        seen = self._masked(obs, self.bits)
        return seen, {"action_mask": seen["action_mask"].copy(), "illegal_action": False}

    def aec_step(self, action, Py_ssize_t actor):
        """The AEC step of a legal ``int`` id for ``actor``, the seat to act
        (every seat an agent's): -1 when the step needs the AEC's checked
        path, else the legal bits after it, with ENV_PLAY_OVER, and the seat
        to act now times 256."""
        cdef Py_ssize_t a
        cdef Hand hand = self.hand
        cdef int played
        if type(action) is not int or hand is None:
            return -1
        try:
            a = action
        except OverflowError:
            return -1
        if (a < 0 or a >= STUD_ENV_ACTIONS or not (self.bits >> a & 1)
                or hand.state.phase != STUD_PHASE_BETTING or hand.state.actor != actor):
            return -1
        played = _play(hand, self.stream, self.codes, a, 0, NULL)
        if played < 0:  # (only if the hand was played behind the environment's back)
            raise ValueError(f"action {a} is not legal now")
        self.bits = played & _LEGAL_BITS
        if played & _PLAY_OVER:
            return played
        return played | hand.state.actor << 8

    def observation(self, Py_ssize_t seat, bint acting):
        """The AEC observation of ``seat``: a fresh float32[720] of what it
        sees and a fresh copy of the mask (the legal bits when ``acting``,
        else all 0), in a dict."""
        cdef Py_buffer view
        obs = _fresh_observation()
        PyObject_GetBuffer(obs, &view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS | PyBUF_FORMAT)
        try:
            _check_observation_buffer(&view)
            if self.hand is None or not 0 <= seat < self.hand.state.n_seats:
                raise ValueError(f"no seat {seat} at this table")
            stud_observe(&self.hand.state, <int>seat, <float *>view.buf)
        finally:
            PyBuffer_Release(&view)
        return self._masked(obs, self.bits if acting else 0)


@cython.auto_pickle(False)
cdef class _Tables:
    """The vector environment's tables (vecenv.h); stud.envs.VectorEnv owns
    one and the numpy buffers it writes into."""
    cdef stud_vec_config config
    cdef stud_table *tables
    cdef Py_ssize_t n
    cdef bint started
    cdef stud_vec_out out   # where the bound output arrays are (bind)
    cdef object buffers     # the bound output arrays (their memoryviews)
    cdef readonly object rules

    def __cinit__(self):
        self.tables = NULL
        self.n = 0
        self.buffers = None

    def __dealloc__(self):
        PyMem_Free(self.tables)

    def __init__(self, rules, stacks, policies, Py_ssize_t n, bint chips):
        if self.tables != NULL:
            raise TypeError("_Tables are made once")
        _c_rules(rules, &self.config.rules)
        stacks = _copy_stacks(stacks, &self.config.rules, self.config.stacks, "seat")
        self.config.n_seats = len(stacks)
        if len(policies) != len(stacks):
            raise ValueError(f"{len(stacks)} seats need {len(stacks)} policies, got "
                             f"{len(policies)}")
        for s, name in enumerate(policies):
            self.config.policy[s] = STUD_SEAT_AGENT if name is None else _policy_number(name)
        if all(name is not None for name in policies):
            raise ValueError("at least one seat must be the agent's (None)")
        self.config.reward_unit = 1 if chips else self.config.rules.big_bet
        error = stud_vec_check(&self.config)
        if error == STUD_E_RULES:
            raise ValueError(f"every stack must be more than the ante "
                             f"({self.config.rules.ante})")
        if error != STUD_OK:
            raise ValueError(f"cannot set these tables: {_error_text(error)}")
        if not 1 <= n <= (1 << 24):
            raise ValueError(f"num_tables must be 1..{1 << 24}, not {n}")
        self.tables = <stud_table *>PyMem_Calloc(n, sizeof(stud_table))
        if self.tables == NULL:
            raise MemoryError()
        self.n = n
        self.rules = rules

    def bind(self, float[:, ::1] obs not None, uint8_t[:, ::1] mask not None,
             int8_t[::1] player not None, double[:, ::1] rewards not None,
             uint8_t[::1] terminated not None):
        """Where reset, step and apply write, once for all: the arrays stay
        bound (their buffers held) as long as the tables live, so that a
        step takes no more than its actions from Python."""
        if (obs.shape[0] != self.n or obs.shape[1] != STUD_OBS_SIZE
                or mask.shape[0] != self.n or mask.shape[1] != STUD_ENV_ACTIONS
                or player.shape[0] != self.n or rewards.shape[0] != self.n
                or rewards.shape[1] != STUD_MAX_SEATS or terminated.shape[0] != self.n):
            raise ValueError("the output buffers do not match the tables")
        if self.buffers is not None:
            raise TypeError("the tables' outputs are bound once")
        self.buffers = (obs, mask, player, rewards, terminated)
        self.out.obs = &obs[0, 0]
        self.out.mask = &mask[0, 0]
        self.out.player = &player[0]
        self.out.rewards = &rewards[0, 0]
        self.out.terminated = &terminated[0]

    def reset(self, uint64_t[::1] seeds not None):
        if self.buffers is None:
            raise RuntimeError("bind() the outputs first")
        if seeds.shape[0] != self.n:
            raise ValueError(f"{self.n} tables need {self.n} seeds, got {seeds.shape[0]}")
        with nogil:
            stud_vec_reset(self.tables, self.n, &self.config, &seeds[0], &self.out)
        self.started = True

    def first_illegal(self, int64_t[::1] actions not None):
        """-1 when every table's action is legal now, else the first table
        whose action is not."""
        cdef size_t bad
        if not self.started:
            raise RuntimeError("reset() the tables before stepping them")
        if actions.shape[0] != self.n:
            raise ValueError(f"{self.n} tables need {self.n} actions, got {actions.shape[0]}")
        with nogil:
            bad = stud_vec_first_illegal(self.tables, self.n, &actions[0])
        return -1 if bad == <size_t>self.n else <Py_ssize_t>bad

    def step(self, int64_t[::1] actions not None):
        """first_illegal and apply to every table in one call, on one thread:
        -1 when the tables stepped, else the first table whose action is not
        legal (then no table has moved).  ``actions`` is an int64 copy the
        caller owns: checked, then applied, so no other thread changes it in
        between."""
        cdef size_t bad
        if not self.started:
            raise RuntimeError("reset() the tables before stepping them")
        if actions.shape[0] != self.n:
            raise ValueError(f"{self.n} tables need {self.n} actions, got {actions.shape[0]}")
        with nogil:
            bad = stud_vec_first_illegal(self.tables, self.n, &actions[0])
            if bad == <size_t>self.n:
                stud_vec_step(self.tables, self.n, &self.config, &actions[0], &self.out)
        return -1 if bad == <size_t>self.n else <Py_ssize_t>bad

    def apply(self, int64_t[::1] actions not None, Py_ssize_t lo, Py_ssize_t hi):
        """Steps tables lo..hi-1 without the GIL.  Only after first_illegal
        found every action legal, on an actions buffer the caller owns and
        does not change meanwhile (several threads may apply disjoint ranges
        at once: each writes its own rows)."""
        cdef stud_vec_out out
        if not self.started:
            raise RuntimeError("reset() the tables before stepping them")
        if actions.shape[0] != self.n or not 0 <= lo <= hi <= self.n:
            raise ValueError("the actions or the range do not match the tables")
        if lo == hi:
            return
        out = self.out
        out.obs += lo * STUD_OBS_SIZE
        out.mask += lo * STUD_ENV_ACTIONS
        out.player += lo
        out.rewards += lo * STUD_MAX_SEATS
        out.terminated += lo
        with nogil:
            stud_vec_step(self.tables + lo, hi - lo, &self.config, &actions[lo], &out)

    def observe(self, Py_ssize_t t, seat, float[::1] out not None):
        """Writes what ``seat`` of table t sees now into ``out`` (OBS_SIZE
        float32 values)."""
        if not 0 <= t < self.n:
            raise IndexError(f"table {t} of {self.n}")
        _observe_into(&self.tables[t].hand, seat, out)
