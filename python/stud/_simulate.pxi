# Whole hands inside C (src/studcore/simulate.*): the random-play harness
# behind stud.play_random and the built-in policies behind stud.simulate.
from libc.string cimport memset as _memset

from stud._checks import true_or_false as _true_or_false


def play_random(rules, stacks, hands, *, seed=0, random_stacks=False, check=False):
    """Plays ``hands`` whole hands inside C, every player choosing uniformly
    among his legal actions, without the GIL.

    Returns a dict: ``hands``, ``decisions``, ``showdowns`` and, with
    ``check=True``, ``violations`` (hands that broke an invariant: the hand
    ended, the chips were kept, no payout was negative, every listed action
    was accepted and unlisted kinds and amounts refused) and the index of
    the first such hand.  ``random_stacks``: each hand's stacks drawn
    uniformly in 1..stacks[seat].

    >>> from stud import Rules, Variant
    >>> report = play_random(Rules(Variant.RAZZ, 10), [200] * 6, 1000, seed=1, check=True)
    >>> report["hands"], report["violations"]
    (1000, 0)
    """
    cdef stud_rules c_rules
    cdef int32_t c_stacks[STUD_MAX_SEATS]
    cdef stud_random_report report
    cdef int n, error
    cdef uint64_t c_seed = <uint64_t>(_whole(seed, "seed") & 0xFFFFFFFFFFFFFFFF), n_hands
    cdef _Stop stop = _Stop()
    cdef bint c_random_stacks = _true_or_false(random_stacks, "random_stacks")
    cdef bint c_check = _true_or_false(check, "check")
    _c_rules(rules, &c_rules)
    stacks = _copy_stacks(stacks, &c_rules, c_stacks, "seat")
    n = len(stacks)
    hands = _whole(hands, "hands")
    if not 0 <= hands < (1 << 63):
        raise ValueError(f"hands must be 0 or more, not {hands}")
    n_hands = hands
    with nogil:
        error = stud_play_random(&c_rules, n, c_stacks, c_random_stacks, n_hands, c_seed,
                                 c_check, &report, &stop.poll)
    if error == STUD_E_INTERRUPTED:
        _raise_stopped()
    if error != STUD_OK:
        raise ValueError(f"cannot play these hands: {_error_text(error)}")
    return {"hands": report.hands, "decisions": report.decisions, "showdowns": report.showdowns,
            "violations": report.violations,
            "first_violation_hand": None if report.first_violation_hand < 0 else report.first_violation_hand}


# the names of enum stud_policy (simulate.h), in its order
BUILTIN_POLICIES = ("random", "call", "strength")
assert (STUD_POLICY_RANDOM, STUD_POLICY_CALL, STUD_POLICY_STRENGTH) == (0, 1, 2)


def _policy_number(name):
    """The stud_policy number of a built-in policy's name; ValueError for
    any other name."""
    if name not in BUILTIN_POLICIES:
        raise ValueError(f"unknown built-in policy {name!r}: {', '.join(BUILTIN_POLICIES)}")
    return BUILTIN_POLICIES.index(name)


def _simulate_builtin(rules, stacks, policies, uint64_t hands, uint64_t seed, bint rotate,
                      bint carry):
    """Hands played inside C by built-in policies (names in BUILTIN_POLICIES),
    without the GIL; per-player totals as a dict of lists."""
    cdef stud_rules c_rules
    cdef int32_t c_stacks[STUD_MAX_SEATS]
    cdef uint8_t c_policies[STUD_MAX_SEATS]
    cdef stud_sim_result result
    cdef int n, error
    cdef _Stop stop = _Stop()
    _c_rules(rules, &c_rules)
    stacks = _copy_stacks(stacks, &c_rules, c_stacks, "player")
    n = len(stacks)
    if len(policies) != n:
        raise ValueError(f"{n} players need {n} policies, got {len(policies)}")
    for p in range(n):
        c_policies[p] = _policy_number(policies[p])
    _memset(&result, 0, sizeof(result))
    with nogil:
        error = stud_simulate(&c_rules, n, c_stacks, c_policies, hands, seed, rotate, carry,
                              &result, &stop.poll)
    if error == STUD_E_INTERRUPTED:
        _raise_stopped()
    if error != STUD_OK:
        raise ValueError(f"cannot simulate these hands: {_error_text(error)}")
    return {"hands": result.hands, "net": [result.net[p] for p in range(n)],
            "net_sq": [result.net_sq[p] for p in range(n)],
            "won": [result.won[p] for p in range(n)],
            "showdowns": [result.showdowns[p] for p in range(n)],
            "showdown_wins": [result.showdown_wins[p] for p in range(n)]}


def _builtin_choice(str policy not None, Hand hand not None, uint64_t seed):
    """The built-in policy's action for the hand's actor (as in C)."""
    cdef uint64_t state[4]
    cdef int number = _policy_number(policy)
    stud_rng_seed(state, seed)
    cdef stud_action action = stud_policy_choose(number, &hand.state, state)
    if action.kind < 0:
        return None
    return _action(action.kind, action.amount)


cdef dict _playout_fields(stud_hand *h, int error, uint64_t decisions, uint64_t *rng):
    """What playout.h promises of a hand after a playout, as plain values."""
    cdef int n = h.n_seats
    if error != STUD_OK:
        return {"error": error}
    return {"error": error, "decisions": decisions, "rng": [rng[k] for k in range(4)],
            "hand_rng": [h.rng[k] for k in range(4)], "n_seats": n, "phase": h.phase,
            "actor": h.actor, "street": h.street, "deck": bytes(h.deck[:52]),
            "deck_top": h.deck_top, "deck_len": h.deck_len,
            "burns": bytes(h.burns[:h.n_burns]), "community": h.community,
            "up_mask": [h.up_mask[s] for s in range(n)],
            "all_mask": [h.all_mask[s] for s in range(n)],
            "board": [h.board[s] for s in range(n)], "folded": h.folded, "all_in": h.all_in,
            "stack": [h.stack[s] for s in range(n)], "total": [h.total[s] for s in range(n)],
            "payout": [h.payout[s] for s in range(n)]}


def _playout_pair(rules, stacks, uint64_t seed, policies=None, uint64_t choice_seed=0,
                  uint64_t step_limit=0xFFFFFFFFFFFFFFFF):
    """One hand played twice, by the playout kernel (playout.h) and by the
    general path (stud_hand_start, then stud_policy_choose and
    stud_hand_apply at each decision), from the same seeds: the two final
    states as dicts (for the tests; they must be equal).  `policies`: a
    built-in policy name per seat, or None for uniform random choices."""
    cdef stud_rules c_rules
    cdef int32_t c_stacks[STUD_MAX_SEATS]
    cdef uint8_t c_policies[STUD_MAX_SEATS]
    cdef uint64_t rng[4]
    cdef uint64_t decisions = 0
    cdef stud_hand kernel, general
    cdef stud_playout_cache cache
    cdef stud_action action
    cdef int n, seat, error
    _c_rules(rules, &c_rules)
    stacks = _copy_stacks(stacks, &c_rules, c_stacks, "seat")
    n = len(stacks)
    if policies is not None:
        if len(policies) != n:
            raise ValueError(f"{n} seats need {n} policies, got {len(policies)}")
        for seat in range(n):
            c_policies[seat] = _policy_number(policies[seat])
    else:
        for seat in range(n):
            c_policies[seat] = STUD_POLICY_RANDOM
    stud_rng_seed(rng, choice_seed)
    error = stud_playout_prepare(&kernel, &c_rules, &cache)
    if error == STUD_OK:
        error = stud_playout(&kernel, n, c_stacks, seed, c_policies if policies is not None else NULL,
                             &cache, rng, step_limit, &decisions)
    first = _playout_fields(&kernel, error, decisions, rng)
    stud_rng_seed(rng, choice_seed)
    decisions = 0
    error = stud_hand_start(&general, &c_rules, n, c_stacks, NULL, 0, 0, 0, seed, NULL)
    if error == STUD_OK:
        while general.phase == STUD_PHASE_BETTING:
            decisions += 1
            if decisions > step_limit:
                break
            action = stud_policy_choose(c_policies[general.actor], &general, rng)
            stud_hand_apply(&general, action.kind, action.amount, NULL)
    return first, _playout_fields(&general, error, decisions, rng)
