"""Drive pokerkit's fixed-limit stud games from our notation (differential-test oracle).

Plain functions only; no pytest tests here; does not import ``stud``.

    play_pokerkit(variant, small_bet, big_bet, ante, bring_in, stacks, deck,
                  actions, *, max_raises=3, fold_without_bet=False) -> dict

``variant``: "stud" (FixedLimitSevenCardStud), "stud8"
(FixedLimitSevenCardStudHighLowSplitEightOrBetter) or "razz" (FixedLimitRazz).
``deck``: card strings ("As", "Td") in the order they leave the top of the
deck, burns included, dealt in our order (3rd street: every live seat's first
down card from seat 0 up, then every second down card, then every upcard;
4th-7th: one burn, then one card per live seat from the lowest up).
``actions``: our tuples ``(kind, amount)``; kind in fold, check, call,
bring_in, complete, bet, raise; amount = the TOTAL the actor's bet for the
current round becomes (antes excluded); None allowed for fold/check/call
(and for bring_in); when given for call/bring_in it is checked.

Returns ``{"decisions": [...], "stacks": [...], "payoffs": [...],
"community": [...], "cards_used": int}``.  Each decision is
``{"actor": seat, "street": 3..7, "legal": sorted list}``, one per action
applied, taken just before it.  Legal entries, as pokerkit sees them:
``("fold", None)``, ``("check", None)``, ``("call", total)``,
``("bring_in", total)``, ``("complete"|"bet"|"raise", total)`` where total is
the actor's bet for the round after the action (a short all-in call, bring-in,
bet or raise shows the all-in total).  Kind naming: "complete" while no one
has completed the bring-in on 3rd street, "bet" when nobody has bet this
round, otherwise "raise".

An action pokerkit refuses (or whose kind/amount disagrees with pokerkit's
view) raises ``PokerkitRejected`` (a ValueError) carrying ``.trace`` (the
partial trace), ``.index`` and ``.action``.  Running out of actions before
the hand ends raises ``PokerkitIncomplete``; leftover actions after the hand
ends raise ``PokerkitRejected``.  ``legal_actions(state)`` and
``make_state(...)`` are exported for custom drivers; ``random_hand(...)``
plays a random hand (benchmarks, smoke tests).

Settings used (to be as close as possible to /work/shared/RULES.md)
-------------------------------------------------------------------
* Automations ON: ANTE_POSTING, BET_COLLECTION, RUNOUT_COUNT_SELECTION,
  HOLE_CARDS_SHOWING_OR_MUCKING, HAND_KILLING, CHIPS_PUSHING, CHIPS_PULLING.
  OFF: CARD_BURNING, HOLE_DEALING, BOARD_DEALING (we deal every card by hand
  with ``burn_card(card)`` / ``deal_hole(card, seat)`` / ``deal_board(card)``;
  pokerkit's own shuffled deck is never used).  BLIND_OR_STRADDLE_POSTING is
  irrelevant (no blinds).
* ``ante_trimming_status=True``: antes then count in the side-pot layers
  (RULES 7.1).  With False, pokerkit puts every ante in the main pot
  whatever the layers (checked: 3 players, ante 5, stacks 3/100/100, seat 0
  all-in on the ante; False -> main pot 13+..., seat 0 eligible for all the
  antes; True -> main pot 9 for seat 0, side pot 4).
* Antes are one int for everybody (heads-up pokerkit swaps per-seat antes,
  harmless when uniform).
* ``mode=Mode.TOURNAMENT``: one runout, and folding when nothing is to be
  called is refused (``fold_without_bet=True`` switches to CASH_GAME mode,
  where such a fold is allowed, with pokerkit's warning silenced).
* Raise cap: pokerkit counts completions, bets and raises together per round
  (bring-in not counted), default 4 for fixed limit = 1 bet + 3 raises =
  RULES 4.2 default.  ``max_raises=k`` builds a subclass whose count is k+1.

Differences from RULES.md that matter in a differential test
(each was checked by an experiment with this driver; see _experiments()
at the bottom, ``python pokerkit_driver.py --experiments``)
------------------------------------------------------------------------
D1 Bring-in tie (2.2): pokerkit always breaks rank ties by suit
   (c < d < h < s; lowest card brings in, in Razz the highest card with the
   highest suit).  Same as our option ``bring_in_tiebreak="suit"``, NOT the
   default "position".  Exp: 3 players with upcards 5s, 5c, 9d -> seat 1
   brings in; Razz Kc, Ks, 2d -> seat 1.
D2 Later-street opener ties (3.4): pokerkit picks the lowest seat on equal
   boards = our default "position"; there is no suit option.  Board ranking
   (3.2/3.3) agreed on every case tried (pair beats AK; AK-Q beats AK-J; two
   pair beats pair; Razz 7-6 before 8-2, unpaired before paired, A-A lowest
   pair; straights/flushes on board ignored).  Folded and no-chips players
   skipped (3.1) as ours.  7th street opener = 6th street opener (3.5).
D3 Raise cap heads-up (4.3): pokerkit caps every round at the count, also
   heads-up; there is no uncapped heads-up.  Matches our 7-card default
   (capped), not ``heads_up_uncapped=True``.  Exp: heads-up 4th street, bet +
   3 raises, then no raise is legal.
D4 Open pair (4.4): pokerkit never offers the big bet on 4th street with an
   open pair (only S).  Equal to ``open_pair_double=False``; our Stud-hi
   default (True) differs whenever a live board shows a pair on 4th street.
D5 Incomplete all-in wagers (6.1-6.3): pokerkit is ``reopen_rule=
   "full_raise"``: only a full unit (or several short all-ins summing to a
   unit) re-opens; a half-unit all-in does not.  Also, unlike RULES 6.2:
   (a) after a short all-in raise to X over H, the next raise goes to
       X + unit (ours: H + unit).  Exp: 4th street S=10, A bets 10, B all-in
       to 14, C may raise only to 24.
   (b) every all-in bet/raise, even incomplete, counts toward the cap (ours:
       incomplete wagers do not).  Exp: bet, raise, short all-in raise,
       raise -> cap reached (4 counted).
   (c) a short all-in completion (less than S) is treated like a bet: the
       next completion/raise goes to X + S and the bring-in may "raise".
       Exp: BI 2, S 10, seat all-in completes to 4 -> next raise to 14
       (ours: complete to 10).
D6 Short bring-in (2.7): a bring-in player short of BI posts what he has and
   the others may call that short amount (pokerkit), not the full BI (WSOP
   217).  Exp: BI 5, bring-in stack 3 after ante -> call total 3 offered.
   Bring-in all-in on the ante (2.6): the next seat with chips must post the
   bring-in: same as ours.
D7 Odd chips (9.5): within one half (or a hi-only tie) pokerkit gives the odd
   chip(s) to the lowest seat among the winners (~ option odd_chip=
   "position"); never by highest card/suit.  Between the halves of a Stud/8
   pot the odd chip goes to the high half (= ours).  Exp: pot split by two
   equal hands.
D8 Same players tie both halves (9.4): pokerkit splits each half
   separately, so odd chips can differ from splitting the whole pot evenly.
   Exp: two players, identical high and low, pot 2*ante+... with an odd half.
D9 Stud/8 side-pot low half (9.3, the known bug): pokerkit includes the low
   half in every pot as soon as ANY shown hand has a qualifying low; in a
   pot where no eligible player has a low, that half is split among the
   pot's eligible players that have no low (i.e. all of them) instead of
   going to the best high.  Exp: see _experiments (side pot between two
   non-low hands while the all-in main-pot player has a low).
D10 Running out of cards (5.1): pokerkit turns a street into one community
   card when (hole cards needed) > (deck stub + burns + mucked cards); it
   counts folded players' mucked cards as reusable (ours never), always
   burns, and deals individual cards otherwise.  With 8 players who all
   reach 7th street both choose a community card on 7th; with folds the
   choice can differ.  The driver deals the next ``deck`` card wherever
   pokerkit asks for one, so the caller must list cards in pokerkit's
   consumption order in that case (burn, then the community card).
D11 Fold with nothing to call: refused in TOURNAMENT mode (the default
   here); ``fold_without_bet=True`` allows it.
D12 Uncalled bets are returned (second-highest bet cap) at every street's
   bet collection (= RULES 7.1).  All-in side pots are built by contribution
   layers incl. antes with ante_trimming_status=True (= 7.1).  Hi-only and
   Razz showdowns agreed with ours on the cases tried.
"""
from __future__ import annotations

import random
import time
import warnings
from typing import Any, Iterable, Sequence

from pokerkit import (
    Automation,
    FixedLimitRazz,
    FixedLimitSevenCardStud,
    FixedLimitSevenCardStudHighLowSplitEightOrBetter,
    Mode,
)

__all__ = [
    "VARIANTS",
    "PokerkitRejected",
    "PokerkitIncomplete",
    "make_state",
    "legal_actions",
    "play_pokerkit",
    "random_hand",
    "pokerkit_version",
]

VARIANTS = {
    "stud": FixedLimitSevenCardStud,
    "stud8": FixedLimitSevenCardStudHighLowSplitEightOrBetter,
    "razz": FixedLimitRazz,
}

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.RUNOUT_COUNT_SELECTION,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


class PokerkitRejected(ValueError):
    """pokerkit refused an action (or the action disagrees with pokerkit)."""

    def __init__(self, message: str, trace: dict, index: int, action: Any):
        super().__init__(message)
        self.trace = trace
        self.index = index
        self.action = action


class PokerkitIncomplete(ValueError):
    """The actions ran out before the hand ended."""

    def __init__(self, message: str, trace: dict):
        super().__init__(message)
        self.trace = trace


def pokerkit_version() -> str:
    try:
        from importlib.metadata import version
        return version("pokerkit")
    except Exception:  # pragma: no cover
        return "unknown"


_capped_classes: dict[tuple[str, int], type] = {}


def _game_class(variant: str, max_raises: int) -> type:
    try:
        base = VARIANTS[variant]
    except KeyError:
        raise ValueError(f"unknown variant {variant!r}; use one of {sorted(VARIANTS)}") from None
    count = max_raises + 1  # pokerkit counts the bet/completion too
    if count == base.max_completion_betting_or_raising_count:
        return base
    key = (variant, count)
    cls = _capped_classes.get(key)
    if cls is None:
        cls = type(f"{base.__name__}Cap{count}", (base,),
                   {"max_completion_betting_or_raising_count": count})
        _capped_classes[key] = cls
    return cls


def make_state(variant: str, small_bet: int, big_bet: int, ante: int, bring_in: int,
               stacks: Sequence[int], *, max_raises: int = 3, fold_without_bet: bool = False):
    """A fresh pokerkit state with antes posted, waiting for 3rd street's cards."""
    cls = _game_class(variant, max_raises)
    mode = Mode.CASH_GAME if fold_without_bet else Mode.TOURNAMENT
    return cls.create_state(
        AUTOMATIONS,
        True,            # ante trimming: antes count in side-pot layers
        ante,
        bring_in,
        small_bet,
        big_bet,
        tuple(stacks),
        len(stacks),
        mode=mode,
    )


def _raise_kind(state) -> str:
    if state.completion_status:
        return "complete"
    if max(state.bets) == 0:
        return "bet"
    return "raise"


def legal_actions(state) -> list:
    """Our-style legal actions for pokerkit's current actor (sorted)."""
    i = state.actor_index
    if i is None:
        return []
    bet = state.bets[i]
    out = []
    if state.can_fold():
        out.append(("fold", None))
    if state.can_post_bring_in():
        out.append(("bring_in", bet + state.effective_bring_in_amount))
    if state.can_check_or_call():
        amount = state.checking_or_calling_amount
        out.append(("check", None) if amount == 0 else ("call", bet + amount))
    if state.can_complete_bet_or_raise_to():
        kind = _raise_kind(state)
        lo = state.min_completion_betting_or_raising_to_amount
        hi = state.max_completion_betting_or_raising_to_amount
        out.append((kind, lo))
        if hi != lo:  # never in fixed limit
            out.append((kind, hi))
    out.sort(key=lambda a: (a[0], -1 if a[1] is None else a[1]))
    return out


def _next_dealee(state) -> int:
    # our order: the seat with the most cards still owed, lowest seat first
    pending = state.hole_dealing_statuses
    best, best_n = -1, 0
    for seat, q in enumerate(pending):
        if len(q) > best_n:
            best, best_n = seat, len(q)
    return best


def _apply(state, action, legal) -> None:
    kind, amount = action[0], (action[1] if len(action) > 1 else None)
    i = state.actor_index
    if kind == "fold":
        if ("fold", None) not in legal:
            raise ValueError("fold not legal in pokerkit")
        state.fold()
    elif kind in ("check", "call"):
        entry = next((a for a in legal if a[0] in ("check", "call")), None)
        if entry is None:
            raise ValueError("check/call not legal in pokerkit")
        if entry[0] != kind:
            raise ValueError(f"pokerkit sees {entry[0]}, not {kind}")
        if kind == "call" and amount is not None and amount != entry[1]:
            raise ValueError(f"call total is {entry[1]} in pokerkit, not {amount}")
        state.check_or_call()
    elif kind == "bring_in":
        entry = next((a for a in legal if a[0] == "bring_in"), None)
        if entry is None:
            raise ValueError("bring-in not legal in pokerkit")
        if amount is not None and amount != entry[1]:
            raise ValueError(f"bring-in total is {entry[1]} in pokerkit, not {amount}")
        state.post_bring_in()
    elif kind in ("complete", "bet", "raise"):
        if amount is None:
            raise ValueError(f"{kind} needs a total amount")
        if (kind, amount) not in legal:
            raise ValueError(f"({kind!r}, {amount}) not legal in pokerkit; legal: {legal}")
        state.complete_bet_or_raise_to(amount)
    else:
        raise ValueError(f"unknown action kind {kind!r}")
    assert state.actor_index != i or True


def play_pokerkit(variant: str, small_bet: int, big_bet: int, ante: int, bring_in: int,
                  stacks: Sequence[int], deck: Sequence[str], actions: Iterable,
                  *, max_raises: int = 3, fold_without_bet: bool = False,
                  return_state: bool = False) -> dict:
    """Play one hand in pokerkit with our cards and actions; return the trace."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        state = make_state(variant, small_bet, big_bet, ante, bring_in, stacks,
                           max_raises=max_raises, fold_without_bet=fold_without_bet)
        deck = list(deck)
        actions = list(actions)
        trace: dict = {"decisions": [], "stacks": None, "payoffs": None,
                       "community": [], "cards_used": 0}
        pos = 0
        k = 0

        def draw() -> str:
            nonlocal pos
            if pos >= len(deck):
                raise PokerkitIncomplete("deck exhausted", trace)
            card = deck[pos]
            pos += 1
            return card

        while state.status:
            if state.can_burn_card():
                state.burn_card(draw())
            elif state.can_deal_hole():
                state.deal_hole(draw(), _next_dealee(state))
            elif state.can_deal_board():
                card = draw()
                state.deal_board(card)
                trace["community"].append(card)
            elif state.actor_index is not None:
                legal = legal_actions(state)
                trace["decisions"].append({
                    "actor": state.actor_index,
                    "legal": legal,
                    "street": state.street_index + 3,
                })
                if k >= len(actions):
                    trace["cards_used"] = pos
                    raise PokerkitIncomplete(
                        f"no action left for seat {state.actor_index} "
                        f"on street {state.street_index + 3}", trace)
                action = actions[k]
                try:
                    _apply(state, action, legal)
                except ValueError as exc:
                    trace["cards_used"] = pos
                    raise PokerkitRejected(f"action {k} {action!r} by seat "
                                           f"{trace['decisions'][-1]['actor']}: {exc}",
                                           trace, k, action) from exc
                k += 1
            else:  # pragma: no cover - an automation we did not enable
                raise RuntimeError("pokerkit is waiting for an operation the driver does not do")
        trace["cards_used"] = pos
        trace["stacks"] = list(state.stacks)
        trace["payoffs"] = list(state.payoffs)
        if k != len(actions):
            raise PokerkitRejected(f"{len(actions) - k} action(s) left after the hand ended",
                                   trace, k, actions[k])
        if return_state:
            trace["state"] = state
        return trace


def random_hand(variant: str = "stud8", players: int = 6, *, small_bet: int = 10,
                big_bet: int = 20, ante: int = 2, bring_in: int = 5, stack: int = 500,
                rng: random.Random | None = None, fold_prob: float = 0.15,
                raise_prob: float = 0.2) -> tuple[list, list[str], list]:
    """Play a random hand in pokerkit through play_pokerkit's loop.

    Returns (stacks, deck, actions): feed them to play_pokerkit (or to our
    engine) to replay the same hand.
    """
    rng = rng or random.Random()
    stacks = [stack] * players
    cards = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    rng.shuffle(cards)
    actions: list = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        state = make_state(variant, small_bet, big_bet, ante, bring_in, stacks)
        pos = 0
        while state.status:
            if state.can_burn_card():
                state.burn_card(cards[pos]); pos += 1
            elif state.can_deal_hole():
                state.deal_hole(cards[pos], _next_dealee(state)); pos += 1
            elif state.can_deal_board():
                state.deal_board(cards[pos]); pos += 1
            else:
                legal = legal_actions(state)
                x = rng.random()
                passive = [a for a in legal if a[0] in ("check", "call", "bring_in")]
                aggressive = [a for a in legal if a[0] in ("complete", "bet", "raise")]
                if x < fold_prob and ("fold", None) in legal:
                    a = ("fold", None)
                elif x < fold_prob + raise_prob and aggressive:
                    a = rng.choice(aggressive)
                else:
                    a = rng.choice(passive or aggressive)
                _apply(state, a, legal)
                actions.append(a)
    return stacks, cards[:pos], actions


# ---------------------------------------------------------------------------
# self-check


def _deck_for(holes: Sequence[Sequence[str]], later: Sequence[Sequence[str]] = (),
              burns: Sequence[str] = ()) -> list[str]:
    """Build a deck list: holes[seat] = 3 cards (down, down, up); later[s] =
    cards for 4th.. street in live-seat order; burns[s] before later[s]."""
    n = len(holes)
    out = [holes[s][0] for s in range(n)] + [holes[s][1] for s in range(n)] \
        + [holes[s][2] for s in range(n)]
    used = set(out) | {c for st in later for c in st} | set(burns)
    spare = [r + s for r in "23456789TJQKA" for s in "cdhs" if r + s not in used]
    for st_i, street in enumerate(later):
        out.append(burns[st_i] if st_i < len(burns) else spare.pop())
        out.extend(street)
    return out + spare


def _print_trace(title: str, trace: dict) -> None:
    print(f"== {title}")
    for d in trace["decisions"]:
        print(f"  street {d['street']} seat {d['actor']}: {d['legal']}")
    if trace["community"]:
        print("  community:", trace["community"])
    print("  final stacks:", trace["stacks"], " cards used:", trace["cards_used"])


def _selfcheck() -> None:
    print("pokerkit", pokerkit_version())

    # 1. Stud, 3 players, fold-out on 3rd street.
    deck = _deck_for([("Ah", "Kd", "9s"), ("2c", "3c", "4d"), ("Qs", "Qh", "2s")])
    # upcards 9s, 4d, 2s -> seat 2 brings in
    acts = [("bring_in", 5), ("complete", 10), ("fold", None), ("fold", None)]
    t = play_pokerkit("stud", 10, 20, 1, 5, [200, 200, 200], deck, acts)
    _print_trace("stud, 3 players, fold-out on 3rd", t)
    assert t["stacks"] == [207, 199, 194], t["stacks"]
    assert t["decisions"][0]["legal"] == [("bring_in", 5), ("complete", 10)]

    # 2. Stud/8, 4 players, showdown (checks and calls all the way).
    holes = [("Ah", "2d", "3c"), ("Kc", "Kd", "7h"), ("9s", "Ts", "Js"), ("4c", "5c", "6d")]
    later = [("8c", "Kh", "Qs", "2h"), ("4h", "Ks", "Qc", "5d"),
             ("Jd", "9d", "Tc", "7c"), ("8s", "8h", "9h", "Td")]
    deck = _deck_for(holes, later)
    acts = [("bring_in", 2), ("call", 2), ("call", 2), ("call", 2)]  # 3c brings in
    acts += [("check", None)] * 16
    t = play_pokerkit("stud8", 4, 8, 1, 2, [100] * 4, deck, acts)
    _print_trace("stud8, 4 players, showdown", t)
    assert sum(t["stacks"]) == 400

    # 3. Razz, heads-up (2 players), capped raising on 3rd street.
    deck = _deck_for([("Ac", "2c", "Kd"), ("3d", "4d", "5h")],
                     [("6c", "7d"), ("8c", "9d"), ("Tc", "Td"), ("Jc", "Js")])
    acts = [("bring_in", 1), ("complete", 4), ("raise", 8), ("raise", 12), ("raise", 16),
            ("call", 16)] + [("check", None)] * 8
    t = play_pokerkit("razz", 4, 8, 0, 1, [100, 100], deck, acts)
    _print_trace("razz heads-up, capped 3rd street", t)
    assert t["decisions"][4]["legal"] == [("call", 12), ("fold", None), ("raise", 16)]
    assert t["decisions"][5]["legal"] == [("call", 16), ("fold", None)]  # cap reached

    # 4. Stud, 6 players, an all-in short stack (side pot) and a fold.
    holes = [("As", "Ad", "Kh"), ("2h", "7c", "3s"), ("Qd", "Jd", "Td"),
             ("8h", "8d", "6c"), ("5s", "5h", "Jh"), ("9c", "4h", "Qh")]
    later = [("Ac", "Tc", "Js", "8s", "6h"), ("2d", "Kc", "7h", "6s", "4s"),
             ("2s", "Ks", "7s", "9s", "Th"), ("3c", "Qc", "9h", "5c", "3d")]
    deck = _deck_for(holes, later)
    # seat 1 (3s) brings in; seat 3 has 9 chips (8 after the ante)
    acts = [("bring_in", 2), ("call", 2), ("complete", 4), ("call", 4), ("call", 4),
            ("fold", None), ("call", 4), ("call", 4)]
    # then: bet whenever possible, else call/check -> seat 3 goes all in on 4th
    st = [100, 100, 100, 9, 100, 100]
    t = _play_greedy("stud", 4, 8, 1, 2, st, deck, acts)
    _print_trace("stud, 6 players, all-in short stack + side pot", t)
    assert sum(t["stacks"]) == sum(st)

    # 5. Stud/8 5 players, everyone calls down, bets on 5th-7th.
    rng = random.Random(7)
    for v, n in (("stud8", 5), ("razz", 6), ("stud", 2)):
        stacks, deck, actions = random_hand(v, n, rng=rng)
        t = play_pokerkit(v, 10, 20, 2, 5, stacks, deck, actions)
        _print_trace(f"random {v}, {n} players", t)
        assert sum(t["stacks"]) == sum(stacks)


def _play_greedy(variant, s, b, ante, bi, stacks, deck, prefix):
    """Replay `prefix`, then bet whenever the actor may bet (else check/call)."""
    actions = list(prefix)
    while True:
        try:
            return play_pokerkit(variant, s, b, ante, bi, stacks, deck, actions)
        except PokerkitIncomplete as exc:
            legal = exc.trace["decisions"][-1]["legal"]
            kinds = dict(legal)
            if "bet" in kinds:
                actions.append(("bet", kinds["bet"]))
            elif "call" in kinds:
                actions.append(("call", kinds["call"]))
            else:
                actions.append(("check", None))


def _bench(seconds: float = 3.0) -> None:
    """Random 6-player Stud/8 hands action by action through the driver, and
    pure pokerkit with its own dealing automations."""
    rng = random.Random(1)
    n, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        random_hand("stud8", 6, rng=rng)
        n += 1
    dt = time.perf_counter() - t0
    print(f"driver loop (manual dealing, legal list each decision): {n / dt:.0f} hands/s")

    autos = AUTOMATIONS + (Automation.CARD_BURNING, Automation.HOLE_DEALING,
                           Automation.BOARD_DEALING)
    n, t0 = 0, time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        while time.perf_counter() - t0 < seconds:
            st = FixedLimitSevenCardStudHighLowSplitEightOrBetter.create_state(
                autos, True, 2, 5, 10, 20, (500,) * 6, 6)
            while st.status:
                x = rng.random()
                if x < 0.15 and st.can_fold():
                    st.fold()
                elif x < 0.35 and st.can_complete_bet_or_raise_to():
                    st.complete_bet_or_raise_to()
                elif st.can_post_bring_in():
                    st.post_bring_in()
                else:
                    st.check_or_call()
            n += 1
    dt = time.perf_counter() - t0
    print(f"pure pokerkit (auto dealing, random actions): {n / dt:.0f} hands/s")


if __name__ == "__main__":
    import sys
    _selfcheck()
    if "--bench" in sys.argv:
        _bench()
