"""Differential test: stud's betting engine against pokerkit, on random hands.

Seven Card Stud ("stud"), Stud/8 ("stud8") and Razz ("razz"), 2 to 6
players (no deck shortage, D10), several bet structures, deep stacks (nobody
can go all in) mixed with short ones (all-ins, side pots, short bring-ins).

Each hand: a shuffled 52-card deck; stud.Hand plays it with actions chosen
at random (seeded) from stud's own legal actions; the same deck and actions
are replayed through pokerkit by tests/support/pokerkit_driver.py (play_pokerkit).
At every decision both must agree on the actor and on the exact set of
legal (kind, amount) pairs; at the end on every final stack.  On top of
that, stud's final stacks are checked on every hand against ``settle()``,
an independent settlement of docs/rules.md 7 and 9 written with stud's
evaluators.

stud is set to pokerkit's behaviour wherever docs/rules.md has an option (see
the driver's docstring): bring_in_tiebreak="suit" (D1), board_tiebreak=
"position" (D2), heads_up_uncapped=False (D3), open_pair_double=False (D4),
odd_chip="position" (D7), reopen_rule="full_raise" (D5, mostly), max_raises
= 3 (pokerkit's cap of 4 wagers).  D11 cannot arise: neither side offers a
fold when a check is possible (asserted on stud's side at every decision).
The remaining known differences are recognised, counted, and checked
against docs/rules.md instead of against pokerkit:

* D5 (6.1-6.3, reopen_rule="full_raise"): stud re-opens the betting only
  on a completion or a wager that lifts the last full level by a whole
  unit; pokerkit compares an all-in's increase with the previous increase
  instead.  So after a short all-in opening bet (below the unit) pokerkit
  lets the players who had checked raise, and after a completion (BI -> S)
  an all-in raise by only S - BI re-opens for the completer.  stud gives
  them call or fold (6.2, 6.3), as a model of 6.2 kept by this test
  confirms at every decision; comparison of the hand stops there.
* D6 (2.7): the bring-in player has at most BI behind: stud offers only
  "bring in for all he has" (2.3, 2.7), pokerkit also a "complete" to the
  same all-in total.  When he is short of BI the others must still enter
  for the full BI in stud (2.7, WSOP 217) but may call the short amount in
  pokerkit: comparison stops there.  When he has exactly BI the two
  actions are the same chips: only that decision's legal set differs and
  the rest of the hand is compared.
* D8 (9.4): the same players tie for both halves of a Stud/8 pot: stud
  splits the whole pot evenly, pokerkit each half on its own.
* D9 (9.3, pokerkit bug): in a Stud/8 pot where no eligible player has a
  qualifying low but some other hand does, pokerkit splits the low half
  among the pot's players with no low; RULES 9.3 gives the whole pot to
  the best high.
* D7b (9.5, not in the driver's list): a pot or half split k >= 3 ways
  with 2 or more odd chips: stud gives them one each from the lowest seat
  (odd_chip="position"), pokerkit all to the lowest seat.
* N1 (not in the driver's list; docs/rules.md is silent): every other player
  with chips is covered by the current bet: pokerkit offers no raise, stud
  does (any excess would come back uncalled).  Only that decision differs.
* N2 (7.2, not in the driver's list): pokerkit kills the hands that win
  nothing, then merges consecutive pots left with the same players before
  splitting, so odd chips fall differently from RULES 7.2 (each pot on its
  own).

For settlement differences (D7b, D8, N2, D9) the whole hand's betting has
been compared; only the final stacks differ.  stud's stacks must equal
``settle()`` (docs/rules.md) on every hand, and pokerkit's must equal
``settle(..., pokerkit=True)`` (a model of pokerkit's way), except in a
hand with a D9 pot (whose "low half" split depends on pokerkit's hand
killing, not modelled), where they must differ from docs/rules.md.

B1 was a stud bug found here (docs/rules.md 6.2: re-opening is per player, not
for the whole table), now fixed: test_reopen_is_per_player keeps the two
hands that showed it, and the random test fails on any new case.
"""

from __future__ import annotations

import collections
import random

import pytest

pytest.importorskip("pokerkit")

import stud  # noqa: E402
from stud import ActionKind, Hand, Rules, Variant  # noqa: E402

from tests.support import pokerkit_driver as pkd  # noqa: E402

VARIANTS = {"stud": Variant.SEVEN_CARD_STUD, "stud8": Variant.SEVEN_CARD_STUD_HILO,
            "razz": Variant.RAZZ}
CARDS = [r + s for r in "23456789TJQKA" for s in "cdhs"]
# (small bet, big bet, ante, bring-in); pokerkit needs BI < S
STRUCTURES = [(10, 20, 2, 5), (4, 8, 1, 2), (10, 20, 0, 3), (6, 12, 1, 3)]
HANDS_PER_VARIANT = 600
AGGRESSIVE = (ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE)
PASSIVE = (ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN)
AGGRESSIVE_NAMES = ("complete", "bet", "raise")


def rules_for(variant: str, small: int, big: int, ante: int, bring_in: int) -> Rules:
    """stud rules set to pokerkit's behaviour wherever docs/rules.md has an option."""
    return Rules(VARIANTS[variant], small, big, ante, bring_in,
                 bring_in_tiebreak="suit",      # D1
                 board_tiebreak="position",     # D2
                 reopen_rule="full_raise",      # D5 (6.3)
                 open_pair_double=False,        # D4
                 heads_up_uncapped=False,       # D3
                 odd_chip="position",           # D7
                 max_raises=3)                  # pokerkit: 4 wagers a round


def to_driver(action) -> tuple:
    """stud's Action -> the driver's (kind, amount); no amount for fold/check."""
    kind = action.kind.name.lower()
    return (kind, None if kind in ("fold", "check") else action.amount)


def _sort_key(entry):
    return (entry[0], -1 if entry[1] is None else entry[1])


def driver_legal(actions) -> list:
    return sorted((to_driver(a) for a in actions), key=_sort_key)


# ---- playing a random hand in stud ----------------------------------------------------


def play_stud(variant, structure, stacks, deck, rng, fold_p, raise_p):
    """Play one hand in stud at random; return the hand, its decisions and actions.

    Each decision records the actor, the street, the legal actions (driver
    format) and what the test needs to recognise D5, D6, N1 and B1, from a
    small model of docs/rules.md 6 kept here independently of the engine:
    ``closed``: the actor already acted in this round and what he faces now
    is less than a full unit over the bet he matched then (only short
    all-ins came since), so he may only call or fold (6.2; reopen_rule=
    "full_raise", 6.3: only a full unit re-opens; as pokerkit, and as stud
    says, any completion re-opens).
    """
    small, big, _, bring_in = structure
    hand = Hand(rules_for(variant, *structure), stacks, deck=" ".join(deck))
    decisions, actions = [], []
    round_street = None
    while not hand.is_over:
        legal = hand.legal_actions()
        seat, street = hand.actor, hand.street
        unit = small if street in (3, 4) else big      # 1: no open-pair option (D4)
        if street != round_street:
            round_street, matched, completed_at, acted_at = street, {}, -1, {}
        kinds = {a.kind for a in legal}
        # D11 cannot arise: stud offers no fold when a check is possible
        assert not (ActionKind.FOLD in kinds and ActionKind.CHECK in kinds), legal
        bets, chips = hand.bets, hand.stacks
        # 6.2/6.3 per player: one who acted this round, with no completion
        # since, and who faces less than a unit over what he matched then,
        # was re-opened by nothing: call or fold only
        closed = (seat in acted_at and acted_at[seat] >= completed_at
                  and max(bets) - matched[seat] < unit)
        # can any other player with chips put in more than the current bet?
        answerable = any(chips[s] > 0 and chips[s] + bets[s] > max(bets)
                         for s in hand.live_seats if s != seat)
        decisions.append({"actor": seat, "street": street, "legal": driver_legal(legal),
                          "closed": closed, "answerable": answerable, "bets": bets,
                          "stack": chips[seat], "unit": unit})
        x = rng.random()
        folds = [a for a in legal if a.kind == ActionKind.FOLD]
        aggressive = [a for a in legal if a.kind in AGGRESSIVE]
        passive = [a for a in legal if a.kind in PASSIVE]
        if x < fold_p and folds:
            action = folds[0]
        elif x < fold_p + raise_p and aggressive:
            action = rng.choice(aggressive)
        else:
            action = rng.choice(passive or aggressive)
        if action.kind == ActionKind.COMPLETE:
            completed_at = len(decisions) - 1
        elif action.kind in AGGRESSIVE and action.amount - max(bets) < unit:
            # 4.1: a raise short of the unit is only legal all in
            assert action.amount == chips[seat] + bets[seat], (action, hand.history)
        hand.act(action)
        acted_at[seat] = len(decisions) - 1
        matched[seat] = hand.bets[seat] if not hand.is_over and hand.street == street else 0
        actions.append(to_driver(action))
    return hand, decisions, actions


# ---- settlement per docs/rules.md 7 and 9 (and pokerkit's way) ------------------------------


def _split(amount, winners, award, pokerkit):
    """Even shares; odd chips one each from the lowest seat (9.5 position),
    or, pokerkit's way, all of them to the lowest seat (D7b)."""
    winners = sorted(winners)
    share, odd = divmod(amount, len(winners))
    for seat in winners:
        award[seat] += share
    if pokerkit:
        award[winners[0]] += odd
    else:
        for seat in winners[:odd]:
            award[seat] += 1


def pots_of(contributions, eligible_seats):
    """Main and side pots by layers of contribution, antes included (7.1):
    [(amount, eligible seats)], main pot first.  Layers with the same
    eligible players make one pot (dead money of folded seats falls in the
    layers it reaches).  pokerkit does the same after killing the hands
    that win nothing, which can join pots that docs/rules.md keeps apart (N2)."""
    pots, floor = [], 0
    for level in sorted(set(contributions)):
        amount = sum(min(c, level) - min(c, floor) for c in contributions)
        eligible = [s for s in eligible_seats if contributions[s] >= level]
        floor = level
        if not amount:
            continue
        if pots and (not eligible or pots[-1][1] == eligible):
            pots[-1] = (pots[-1][0] + amount, pots[-1][1])
        else:
            pots.append((amount, eligible))
    return pots


def _winners(variant, amount, eligible, cards, d8_whole):
    """[(chips, winners)] of one pot at showdown: RULES 9.1-9.6 (and 9.4's
    whole-pot split when ``d8_whole``)."""
    if variant == "razz":
        values = {s: stud.razz_value(cards[s]) for s in eligible}      # 9.6
    else:
        values = {s: stud.high_value(cards[s]) for s in eligible}      # 9.1
    best = max(values.values())
    high = [s for s in eligible if values[s] == best]
    lows = {}
    if variant == "stud8":
        lows = {s: v for s in eligible if (v := stud.low8_value(cards[s]))}   # 9.2
    if not lows:
        # hi games, Razz, or a Stud/8 pot where no eligible player has a
        # qualifying low: the best high takes the whole pot (9.3)
        return [(amount, high)]
    best_low = max(lows.values())
    low = [s for s in eligible if lows.get(s) == best_low]
    if d8_whole and high == low and len(high) > 1:
        return [(amount, high)]      # 9.4: the same players tie both halves
    return [((amount + 1) // 2, high), (amount // 2, low)]   # 9.3: odd chip to high


def settle(variant, hand, *, pokerkit=False):
    """Final stacks by docs/rules.md 7 and 9 from the hand's contributions and
    cards (odd_chip="position"), using stud's evaluators only.

    ``pokerkit=True`` models pokerkit's way instead (for hands without a
    D9 pot): hands that win nothing are killed, consecutive pots with the
    same remaining players are merged before splitting (N2), Stud/8 halves
    are split on their own even when the same players win both (D8), and
    odd chips all go to the lowest seat (D7b).

    Returns (stacks, notes): notes names the situations met where docs/rules.md
    and pokerkit may part: "D7b" (k >= 3 winners, 2+ odd chips), "D8",
    "N2" (pokerkit merged pots).
    """
    start, contrib, live = hand.starting_stacks, hand.contributions, hand.live_seats
    n = len(start)
    award = [0] * n
    notes = set()
    if len(live) == 1:
        award[live[0]] += sum(contrib)          # 6.4: wins without showing
        return [start[s] - contrib[s] + award[s] for s in range(n)], notes
    cards = {s: hand.cards(s) for s in live}
    pots = pots_of(contrib, live)
    if pokerkit:
        alive = sorted({s for amount, eligible in pots
                        for _, winners in _winners(variant, amount, eligible, cards, True)
                        for s in winners})
        merged = pots_of(contrib, alive)
        if len(merged) < len(pots):
            notes.add("N2")
        pots = merged
    for amount, eligible in pots:
        if variant == "stud8" and not pokerkit:
            parts = _winners(variant, amount, eligible, cards, False)
            if len(parts) == 2 and parts[0][1] == parts[1][1] and len(parts[0][1]) > 1:
                notes.add("D8")
        for chips, winners in _winners(variant, amount, eligible, cards, not pokerkit):
            if len(winners) >= 3 and chips % len(winners) >= 2:
                notes.add("D7b")
            _split(chips, winners, award, pokerkit)
    return [start[s] - contrib[s] + award[s] for s in range(n)], notes


def d9_pots(variant, hand):
    """The Stud/8 pots that meet D9: two or more eligible players, none with
    a qualifying low, while some live hand has one (so pokerkit makes a low
    half).  Returns the list of their eligible seats."""
    live = hand.live_seats
    if variant != "stud8" or len(live) < 2:
        return []
    has_low = {s: stud.low8_value(hand.cards(s)) > 0 for s in live}
    if not any(has_low.values()):
        return []
    return [eligible for _, eligible in pots_of(hand.contributions, live)
            if len(eligible) >= 2 and not any(has_low[s] for s in eligible)]


class Mismatch(AssertionError):
    pass


def compare_hand(variant, structure, stacks, deck, rng, fold_p, raise_p):
    """Play one random hand in both engines and compare; returns the
    outcome: "full"; "D6=" or "N1" when one decision's legal set differed
    as known and the rest was compared; "D5", "D6" (comparison cut at
    that decision); "D9" or a "+"-joined set of "D7b", "D8", "N2" when only
    the settlement differed, as known."""
    hand, decisions, actions = play_stud(variant, structure, stacks, deck, rng, fold_p, raise_p)
    small, big, ante, bring_in = structure
    where = f"{variant} {structure} stacks={stacks}\ndeck={' '.join(deck)}\nactions={actions}"

    # stud against docs/rules.md 7/9 on every hand
    expected, notes = settle(variant, hand)
    assert hand.stacks == expected, f"stud settlement {hand.stacks} != RULES {expected}\n{where}"
    assert sum(hand.stacks) == sum(stacks)

    try:
        trace = pkd.play_pokerkit(variant, small, big, ante, bring_in, stacks, deck, actions)
        rejected = None
    except pkd.PokerkitRejected as exc:
        trace, rejected = exc.trace, exc
    pk_decisions = trace["decisions"]

    outcome = "full"
    for j, ours in enumerate(decisions):
        if j >= len(pk_decisions):
            raise Mismatch(f"pokerkit stopped after {j} decisions ({rejected})\n{where}")
        theirs = pk_decisions[j]
        assert theirs["actor"] == ours["actor"], (j, ours, theirs, where)
        assert theirs["street"] == ours["street"], (j, ours, theirs, where)
        if ours["closed"] and any(k in AGGRESSIVE_NAMES for k, _ in ours["legal"]):
            # B1 (fixed): the actor matched a bet, then only short all-ins
            # came, less than a unit over his bet: RULES 6.2, he "already
            # acted and matched H": call or fold only (pokerkit agrees).
            raise Mismatch(f"decision {j}: stud lets a closed player raise (B1)\n{where}")
        if theirs["legal"] == ours["legal"]:
            continue
        mine, pks = ours["legal"], theirs["legal"]
        # D6 (2.3, 2.7): the bring-in player has at most BI: stud offers
        # only the bring-in for all he has, pokerkit also a "complete" to
        # the same all-in total.
        if (len(mine) == 1 and mine[0][0] == "bring_in"
                and mine[0][1] == ours["stack"] <= bring_in
                and pks == [mine[0], ("complete", mine[0][1])]):
            if mine[0][1] == bring_in:
                outcome = "D6="     # same chips either way: go on comparing
                continue
            # short of BI: stud makes the others enter for the full BI (2.7)
            for later in decisions[j + 1:]:
                if later["street"] != 3:
                    break
                calls = [a for k, a in later["legal"] if k == "call"]
                if calls and max(later["bets"]) == mine[0][1]:
                    assert calls[0] == min(bring_in, later["stack"] + later["bets"][later["actor"]]), \
                        (later, where)
            return "D6"
        # N1 (not in the driver's list; docs/rules.md is silent): every other
        # player with chips is covered by the current bet (he can at most
        # call all in), so nobody could answer a raise.  pokerkit refuses
        # to raise ("no reason to ... raise"); stud offers it (may_raise in
        # game.c only asks that another player have chips) and would return
        # the uncalled part (7.1).  Only this decision's legal set differs.
        if not ours["answerable"] and pks == [e for e in mine if e[0] not in AGGRESSIVE_NAMES]:
            outcome = "N1"
            if actions[j][0] in AGGRESSIVE_NAMES:
                return "N1"     # pokerkit refused it: nothing more to compare
            continue
        # D5 (6.2, 6.3 full_raise): the actor acted in this round after the
        # last full wager, and since then only short all-ins came: he may
        # only call or fold (stud).  pokerkit measures "full" against the
        # previous increase, not the unit: a short all-in opening bet re-opens
        # for the players who checked, and after a completion (BI -> S,
        # increase S - BI) an all-in raise of S - BI re-opens; it then offers
        # a raise one unit above the all-in.
        if ours["closed"]:
            extra = [e for e in pks if e not in mine]
            top = max(ours["bets"])
            assert [k for k, _ in mine] == ["call", "fold"], (mine, where)
            assert sorted(mine + extra, key=_sort_key) == pks and extra == [("raise", min(
                top + ours["unit"], ours["stack"] + ours["bets"][ours["actor"]]))], \
                (mine, pks, where)
            return "D5"
        raise Mismatch(f"decision {j}: stud {mine} vs pokerkit {pks} "
                       f"(seat {ours['actor']}, street {ours['street']})\n{where}")
    if rejected is not None:
        raise Mismatch(f"pokerkit refused an action stud took: {rejected}\n{where}")
    assert len(pk_decisions) == len(decisions), where

    if trace["stacks"] == hand.stacks:
        return outcome
    # Settlement differences: the betting was the same everywhere, and
    # stud's stacks are docs/rules.md's (settle() above).
    model, pk_notes = settle(variant, hand, pokerkit=True)
    if trace["stacks"] == model:
        # explained by D7b, D8 and/or N2 (pokerkit's way, modelled)
        assert notes | pk_notes, (trace["stacks"], hand.stacks, where)
        return "+".join(sorted(notes | pk_notes))
    # D9 (9.3): in a Stud/8 pot where no eligible player has a low, RULES
    # gives the whole pot to the best high, as stud does (settle() above);
    # pokerkit splits a "low" half among players without a low (its hand
    # killing decides which: not modelled).
    assert d9_pots(variant, hand), \
        f"final stacks: stud {hand.stacks} (= RULES) vs pokerkit {trace['stacks']}\n{where}"
    assert sum(trace["stacks"]) == sum(stacks) and trace["stacks"] != hand.stacks
    return "D9"


def random_setup(rng, variant):
    n = rng.randint(2, 6)
    structure = rng.choice(STRUCTURES)
    small, big, ante, _ = structure
    deep = ante + 8 * small + 12 * big + 1     # more than a capped hand can cost
    if rng.random() < 0.5:
        stacks = [rng.randint(deep, 2 * deep) for _ in range(n)]
    else:
        stacks = [rng.randint(1, 12 * small) if rng.random() < 0.6 else rng.randint(deep, 2 * deep)
                  for _ in range(n)]
    deck = CARDS[:]
    rng.shuffle(deck)
    fold_p = rng.choice([0.05, 0.15, 0.3])
    raise_p = rng.choice([0.15, 0.3, 0.5])
    return structure, stacks, deck, fold_p, raise_p


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_random_hands_agree_with_pokerkit(variant):
    rng = random.Random(f"pokerkit-differential-{variant}")
    counts = collections.Counter()
    for _ in range(HANDS_PER_VARIANT):
        structure, stacks, deck, fold_p, raise_p = random_setup(rng, variant)
        counts[compare_hand(variant, structure, stacks, deck, rng, fold_p, raise_p)] += 1
    print(variant, dict(counts))
    # a broken harness must not pass by skipping: most hands are compared
    # decision by decision and stack by stack
    assert counts["full"] >= 0.9 * HANDS_PER_VARIANT, counts


# B1: found by the random test above (stud8, seed "pokerkit-differential-stud8").
B1_DECK = ("3d Jc Ts 9s Kd Ad 8d Qh 8h Jd 4d Ks 6s Jh Js 5s 4s 4h 8c Ah Td 9d 7h 6c Qd Qc "
           "9h 3h 3s 7d Th 2s Ac 7c Tc 2d 9c 7s Kc 2h Qs 6d Kh 6h 2c 5d 3c 4c 8s As 5c 5h")
B1_ACTIONS = [("bring_in", 5), ("call", 5), ("call", 5), ("call", 5), ("call", 5),
              ("bet", 10), ("call", 10), ("raise", 20), ("raise", 30), ("call", 30),
              ("raise", 40), ("call", 12), ("call", 40), ("call", 40), ("call", 40),
              ("check", None), ("bet", 20), ("raise", 37), ("call", 37), ("raise", 47),
              ("call", 47)]


def test_reopen_is_per_player():
    """B1 (docs/rules.md 6.2/6.3): on 5th street seat 2 bets 20, seat 3 raises all
    in to 37 (short: +17 < B), seat 4 calls 37, seat 0 raises all in to 47
    (+10, short), seat 2 calls.  Seat 4 matched 37 and faces only 10 more:
    call or fold (pokerkit agrees), though the two short all-ins together
    lift the last full level by a unit."""
    hand = Hand(rules_for("stud8", 10, 20, 2, 5), [94, 19, 96, 84, 490], deck=B1_DECK)
    for kind, amount in B1_ACTIONS:
        hand.act(kind, amount)
    assert hand.street == 5 and hand.actor == 4 and hand.bets == [47, 0, 47, 37, 37]
    assert driver_legal(hand.legal_actions()) == [("call", 47), ("fold", None)]


def test_reopen_is_per_player_half_bet():
    """B1 with the default half_bet rule (docs/rules.md 6.2): 4th street, S=10:
    seat 0 bets 10, seat 1 raises all in to 13, seat 2 calls 13, seat 3 raises
    all in to 16, seat 0 calls (he faces +6: re-opened for him).  Seat 2
    matched 13 and faces only 3 more: call or fold only."""
    deck = pkd._deck_for([("2c", "3c", "Ah"), ("4d", "5d", "Kd"), ("6h", "7h", "Qh"),
                          ("8s", "9s", "2s")], [("As", "3d", "4h", "5s")])
    hand = Hand(Rules(Variant.SEVEN_CARD_STUD, 10, open_pair_double=False), [400, 20, 400, 23],
                deck=" ".join(deck))
    for kind, amount in [("bring_in", 5), ("call", 5), ("call", 5), ("call", 5), ("bet", 10),
                         ("raise", 13), ("call", 13), ("raise", 16), ("call", 16)]:
        hand.act(kind, amount)
    assert hand.street == 4 and hand.actor == 2 and hand.bets == [16, 13, 13, 16]
    assert driver_legal(hand.legal_actions()) == [("call", 16), ("fold", None)]


# ---- the driver itself (tests/support/pokerkit_driver.py) ------------------------------


@pytest.mark.parametrize("variant, players", [("stud8", 5), ("razz", 6), ("stud", 2)])
def test_driver_replays_random_hands(variant, players):
    """A hand played at random by the driver's ``random_hand`` replays through
    ``play_pokerkit`` to the end (every action accepted), no chip lost."""
    rng = random.Random(f"driver-replay-{variant}")
    for _ in range(3):
        stacks, deck, actions = pkd.random_hand(variant, players, rng=rng)
        trace = pkd.play_pokerkit(variant, 10, 20, 2, 5, stacks, deck, actions)
        assert len(trace["decisions"]) == len(actions)
        assert sum(trace["stacks"]) == sum(stacks)


def test_driver_reports_refusals():
    """An action pokerkit refuses (a check by the bring-in player) raises
    ``PokerkitRejected`` carrying the action, its index and the partial trace."""
    deck = pkd._deck_for([("2c", "3c", "9c"), ("2d", "3d", "Ts")])
    with pytest.raises(pkd.PokerkitRejected, match="check/call not legal") as info:
        pkd.play_pokerkit("stud", 10, 20, 1, 5, [100] * 2, deck, [("check", None)])
    assert info.value.index == 0 and info.value.action == ("check", None)
    assert [d["actor"] for d in info.value.trace["decisions"]] == [0]
    assert info.value.trace["decisions"][0]["legal"] == [("bring_in", 5), ("complete", 10)]
