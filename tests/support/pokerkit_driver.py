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
ends raise ``PokerkitRejected``; a too-short ``deck`` raises
``PokerkitDeckExhausted``.  ``legal_actions(state)`` and
``make_state(...)`` are exported for custom drivers; ``random_hand(...)``
plays a random hand (benchmarks, smoke tests).

Settings used (to be as close as possible to docs/rules.md)
-------------------------------------------------------------------
pokerkit 0.7.7 (``pokerkit_version()``).

* Automations ON: ANTE_POSTING, BET_COLLECTION, RUNOUT_COUNT_SELECTION,
  HOLE_CARDS_SHOWING_OR_MUCKING, HAND_KILLING, CHIPS_PUSHING, CHIPS_PULLING.
  OFF: CARD_BURNING, HOLE_DEALING, BOARD_DEALING: every card is dealt by
  hand with ``burn_card(card)``, ``deal_hole(card, seat)`` and (shortage
  only) ``deal_board(card)``; pokerkit's own shuffled deck is never used.
  BLIND_OR_STRADDLE_POSTING is irrelevant (stud has none).  Showing/mucking
  and hand killing only decide who shows; final stacks are those of "cards
  speak" (except D9).
* ``ante_trimming_status=True``: antes then count in side-pot layers (7.1).
  With False pokerkit puts all antes in the main pot (D12).
* One int ante for everyone (heads-up pokerkit swaps per-seat antes;
  harmless when uniform).  Ante short stacks post what they have (= ours).
* ``mode=Mode.TOURNAMENT``: single runout; a fold when nothing is to be
  called is refused (``fold_without_bet=True`` -> CASH_GAME, allowed).
* Raise cap: pokerkit counts completion/bets/raises together per round (the
  bring-in not counted); fixed-limit default 4 = 1 bet + 3 raises = RULES
  4.2 default.  ``max_raises=k`` uses a subclass whose count is k + 1.
* Amounts: pokerkit's ``complete_bet_or_raise_to(x)`` and ``bets`` are round
  totals, antes excluded, exactly like ours (checked by the operation's
  amount on every raise and by final stacks).

Differences from docs/rules.md that matter in a differential test.  Each is
pinned by tests/test_pokerkit_observed.py (observed on pokerkit 0.7.7; one
test per fact, marked ``pokerkit_observed``: ``pytest -m pokerkit_observed``),
which plays stud's side of the same deck and actions too.  Not pinned
there (seen, not kept as tests): several short all-ins summing to a unit
(D5), the odd chip between Stud/8 halves (D7), which seats D9's hand
killing shows, and uncontested pots going unshown (D12).
--------------------------------------------------------------------------
D1 Bring-in ties (2.2): pokerkit breaks rank ties by suit, c < d < h < s
   (lowest card brings in; Razz: highest card, ace low, king high, and the
   highest suit), i.e. our ``bring_in_tiebreak="suit"``, never the default
   "position".  Exp: upcards 5s/5c/9d -> seat 1; Razz Kc/Ks/2c -> seat 1.
   Ace high for the stud bring-in (2.1) agrees.
D2 Later-street opener (3.1-3.5): agrees with our DEFAULT ("position"):
   equal boards -> lowest seat (9c5d vs 9s5h: seat 0), no suit option.
   Board ranking agreed on every case tried (KK > 44 > AK; AKQ > AKJ;
   2c2d3c4c > 5h6h7h8h, no straights/flushes; Razz 7-6 before 8-2, T-9
   before A-A/2-2, A-A before 2-2); the all-in high board is skipped and
   action starts with the next seat clockwise with chips; 7th = 6th opener.
D3 Heads-up cap (4.3): always capped (bet + 3 raises then call/fold only,
   heads-up too).  Same as our 7-card default; ``heads_up_uncapped=True``
   cannot be reproduced.
D4 Open pair (4.4): never.  4th street with 9c9d showing: only ("bet", S).
   Our Stud-hi default ``open_pair_double=True`` differs whenever a live
   4th-street board is paired; compare with it off (or skip such hands).
D5 Incomplete all-ins (6.1-6.3): pokerkit is "full_raise"-like but not ours:
   (a) S=10: bet 10, all-in to 14 -> next player's raise is to 24 (X + S;
       ours H + S = 20; full_raise: 24).  All-in to 15 (half a unit) does
       not re-open for the bettor: [call 15, fold] (ours half_bet:
       re-opens, raise 25; full_raise: as pokerkit).
   (b) a short all-in counts toward the cap: bet 10, raise 20, all-in 24
       (+4), raise 34 -> next seat [call 34, fold] (ours half_bet:
       incomplete, not counted: the raise is to 30 and a raise to 40
       stays allowed; full_raise: as pokerkit, 6.6).  All-in to 25 (+5)
       then raise 35: [call 35, fold], as ours (complete under half_bet,
       counted under full_raise); with max_raises=4 pokerkit offers 45.
   (c) short all-in completion: BI 2, S 10, all-in "complete" to 4 -> the
       bring-in AND a player who had only called the bring-in get
       [call 4, fold, raise 14] (labelled raise).  pokerkit treats it as a
       full bet that re-opens; ours half_bet: incomplete, both had acted,
       call or fold only (6.2); full_raise: as pokerkit (6.6).
   Several short all-ins re-open only when they sum to a full unit.
D6 Bring-in (2.6, 2.7): bring-in short of BI (3 of 5): he is offered
   [("bring_in", 3), ("complete", 3)] (two all-in actions; "complete 3"
   makes the next raise 3 + S), and the next player may call 3 (ours/WSOP:
   must put in the full BI).  Bring-in player all in on the ante: the next
   seat with chips must post it (= ours).  pokerkit refuses BI == S
   ("The bring-in must be less than the min bet."); ours allows BI <= S.
D7 Odd chips (9.5): within a pot/half the odd chip(s) go to the lowest
   winning seat, whatever the cards: pot 7 tied A-K-Q-J-9 -> seat 0 gets 4
   both when it holds Ad and when it holds As (Razz pot 13: 7/6 to seat 0).
   = our option odd_chip="position"; differs from the default "high_card".
   The odd chip between a Stud/8 pot's halves goes to the high half (= 9.3).
D8 Same players tie both halves (9.4): pokerkit splits each half on its
   own: pot 10 (halves 5/5) -> 6/4 to seat 0/1; ours 5/5.
D9 Stud/8 side-pot low half (9.3, bug): the low half exists in every pot as
   soon as ANY shown hand has a low; in a pot where no eligible (unkilled)
   player has a low it is split among those eligible players who have none.
   Exp: stacks 3/9/100/100, seat 0 all in with a 7-low, seat 1 (KKJJ) all
   in on 4th, seats 2 (QQTT) and 3 play on: pokerkit [6, 20, 103, 83],
   ours [6, 24, 99, 83] (side pot of 18: 9 high to seat 1, 9 "low" 5/4 to
   seats 1/2).  Seat 3, who can win nothing, is killed first, so it only
   shows when a no-low player still wins something elsewhere.
D10 Running out of cards (5.1): before a street pokerkit compares the hole
   cards needed with deck stub + burns + MUCKED cards (no burn in the
   count); if short, the street becomes one community board card (always
   after a burn).  8 players to 7th: one community card, as ours (the
   driver needed 53 list entries: a burn card is reused).  8 players with a
   fold on 3rd: pokerkit deals 7 hole cards on 7th reusing burns and the
   folded hand (56 entries); ours deals a community card.  The driver hands
   out the next ``deck`` entry whatever pokerkit asks for, so list cards in
   pokerkit's consumption order in such hands (or avoid them).
D11 Fold when checking is possible: refused (TOURNAMENT); see the option.
D12 Agreements worth knowing: uncalled bets go back (a completion to 10 over
   a bring-in of 5 that nobody calls returns 5; a 5th-street bet that is
   folded to returns it); side pots by contribution layers including antes
   (trimming on; off: ante 5, stacks 3/100/100 -> one pot of 13 for all
   three); once at most one player has chips and has matched, the rest is
   dealt without decisions; uncontested pots go unshown.

Speed (2-core box, 6-player Stud/8, random policy fold 15%/raise 20%, ~92%
of hands reach showdown): ~60-75 hands/s with pokerkit dealing itself or
through this driver; ~290 hands/s when half the decisions fold (hands end
early).  Showdown evaluation (``can_win_now`` / ``Hand.from_game``)
dominates.  ``python bench/pokerkit_loop.py`` measures this driver's loop
(``driver_loop_rate``, fold 15% and 50%) and pokerkit dealing itself.
"""
from __future__ import annotations

import random
import warnings
from collections.abc import Iterable, Sequence
from typing import Any

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
    "PokerkitDeckExhausted",
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


class PokerkitDeckExhausted(ValueError):
    """pokerkit asked for more cards than ``deck`` holds."""

    def __init__(self, message: str, trace: dict):
        super().__init__(message)
        self.trace = trace


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
        op = state.complete_bet_or_raise_to(amount)
        # pokerkit's amount is the round total too (antes excluded)
        assert op.amount == amount and op.player_index == i, (op, amount)
    else:
        raise ValueError(f"unknown action kind {kind!r}")


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
                trace["cards_used"] = pos
                raise PokerkitDeckExhausted(
                    f"deck exhausted after {pos} cards (street {state.street_index + 3})", trace)
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
                state.burn_card(cards[pos])
                pos += 1
            elif state.can_deal_hole():
                state.deal_hole(cards[pos], _next_dealee(state))
                pos += 1
            elif state.can_deal_board():
                state.deal_board(cards[pos])
                pos += 1
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
# helpers for tests/test_pokerkit_observed.py (stacked decks, partial traces)


def _deck_for(holes: Sequence[Sequence[str]], later: Sequence[Sequence[str]] = (),
              burns: Sequence[str] = ()) -> list[str]:
    """A deck list in our dealing order.

    holes[seat] = (down, down, up) for 3rd street; later[k] = the cards of
    street 4+k in live-seat order; burns[k] the burn before later[k] (else a
    spare card).  Unused cards follow, so the deck is always long enough.
    """
    n = len(holes)
    out = [holes[s][0] for s in range(n)] + [holes[s][1] for s in range(n)] \
        + [holes[s][2] for s in range(n)]
    used = set(out) | {c for st in later for c in st} | set(burns)
    spare = [r + s for r in "23456789TJQKA" for s in "cdhs" if r + s not in used]
    for k, street in enumerate(later):
        out.append(burns[k] if k < len(burns) else spare.pop())
        out.extend(street)
    return out + spare


def _probe(variant, s, b, ante, bi, stacks, deck, actions, **kw) -> dict:
    """play_pokerkit, but return the partial trace when the actions run out
    (its last decision is then the pending one)."""
    try:
        return play_pokerkit(variant, s, b, ante, bi, stacks, deck, actions, **kw)
    except PokerkitIncomplete as exc:
        exc.trace["pending"] = True
        return exc.trace


def _autoplay(variant, s, b, ante, bi, stacks, deck, prefix=(), *, aggressive=False, **kw):
    """Replay `prefix`, then post the bring-in / (bet if `aggressive`) /
    call / check until the hand ends."""
    actions = list(prefix)
    while True:
        t = _probe(variant, s, b, ante, bi, stacks, deck, actions, **kw)
        if not t.get("pending"):
            return t
        legal = dict(t["decisions"][-1]["legal"])
        for kind in (("bring_in", "bet", "call", "check") if aggressive
                     else ("bring_in", "call", "check")):
            if kind in legal:
                actions.append((kind, legal[kind]))
                break


def _openers(trace) -> dict:
    out: dict = {}
    for d in trace["decisions"]:
        out.setdefault(d["street"], d["actor"])
    return out


def _legal_at(trace, k) -> list:
    return trace["decisions"][k]["legal"]
