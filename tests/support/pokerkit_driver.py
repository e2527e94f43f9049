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
asserted by ``_experiments()`` (``python tests/support/pokerkit_driver.py
--experiments``), on pokerkit 0.7.7.
--------------------------------------------------------------------------
D1 Bring-in ties (2.2): pokerkit breaks rank ties by suit, c < d < h < s
   (lowest card brings in; Razz: highest card, ace low, king high, and the
   highest suit), i.e. our ``bring_in_tiebreak="suit"``, never the default
   "position".  Exp: upcards 5s/5c/9d -> seat 1; Razz Kc/Ks/2d -> seat 1.
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
       ours H + S = 20).  All-in to 15 (half a unit) does not re-open for
       the bettor: [call 15, fold] (ours half_bet: re-opens).
   (b) the short all-in counts toward the cap: bet 10, raise 20, all-in 25,
       raise 35 -> next seat [call 35, fold] (ours: incomplete not counted,
       raise allowed).  With max_raises=4 pokerkit offers raise 45.
   (c) short all-in completion: BI 2, S 10, all-in "complete" to 4 -> the
       bring-in AND a player who had only called the bring-in get
       [call 4, fold, raise 14] (labelled raise; ours: complete to 10, and
       the earlier caller may only call/fold).  pokerkit treats it as a
       full bet that re-opens.
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
dominates.  ``python tests/support/pokerkit_driver.py --bench``.
"""
from __future__ import annotations

import random
import time
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
# helpers for the self-check and the experiments


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


def _print_trace(title: str, trace: dict) -> None:
    print(f"== {title}")
    for d in trace["decisions"]:
        print(f"  street {d['street']} seat {d['actor']}: {d['legal']}")
    if trace["community"]:
        print("  community:", trace["community"])
    print("  final stacks:", trace["stacks"], " cards used:", trace["cards_used"])


# ---------------------------------------------------------------------------
# self-check


def _selfcheck() -> None:
    print("pokerkit", pokerkit_version())

    # 1. Stud, 3 players, fold-out on 3rd street (upcards 9s 4d 2s: seat 2 brings in).
    deck = _deck_for([("Ah", "Kd", "9s"), ("2c", "3c", "4d"), ("Qs", "Qh", "2s")])
    acts = [("bring_in", 5), ("complete", 10), ("fold", None), ("fold", None)]
    t = play_pokerkit("stud", 10, 20, 1, 5, [200, 200, 200], deck, acts)
    _print_trace("stud, 3 players, fold-out on 3rd", t)
    assert t["decisions"][0]["legal"] == [("bring_in", 5), ("complete", 10)]
    # seat 0's completion to 10 is called by nobody: 5 comes back
    assert t["stacks"] == [207, 199, 194], t["stacks"]

    # 2. Stud/8, 4 players, checked down to a showdown (high and low split).
    holes = [("Ah", "2d", "3c"), ("Kc", "Kd", "7h"), ("9s", "Ts", "Js"), ("4c", "5c", "6d")]
    later = [("8c", "Kh", "Qs", "2h"), ("4h", "Ks", "Qc", "5d"),
             ("Jd", "9d", "Tc", "7c"), ("8s", "8h", "9h", "Td")]
    t = _autoplay("stud8", 4, 8, 1, 2, [100] * 4, _deck_for(holes, later))
    _print_trace("stud8, 4 players, showdown", t)
    assert t["stacks"] == [97, 103, 97, 103]    # quad kings high, 7-6-5-4-2 low

    # 3. Razz, heads-up, 3rd street capped at complete + 3 raises.
    deck = _deck_for([("Ac", "2c", "Kd"), ("3d", "4d", "5h")],
                     [("6c", "7d"), ("8c", "9d"), ("Tc", "Td"), ("Jc", "Js")])
    acts = [("bring_in", 1), ("complete", 4), ("raise", 8), ("raise", 12), ("raise", 16),
            ("call", 16)] + [("check", None)] * 8
    t = play_pokerkit("razz", 4, 8, 0, 1, [100, 100], deck, acts)
    _print_trace("razz heads-up, capped 3rd street", t)
    assert _legal_at(t, 4) == [("call", 12), ("fold", None), ("raise", 16)]
    assert _legal_at(t, 5) == [("call", 16), ("fold", None)]          # cap reached

    # 4. Stud, 6 players, a fold, a short stack all in on 4th (side pot).
    holes = [("As", "Ad", "Kh"), ("2h", "7c", "3s"), ("Qd", "Jd", "Td"),
             ("8h", "8d", "6c"), ("5s", "5h", "Jh"), ("9c", "4h", "Qh")]
    later = [("Ac", "Tc", "Js", "8s", "6h"), ("2d", "Kc", "7h", "6s", "4s"),
             ("2s", "Ks", "7s", "9s", "Th"), ("3c", "Qc", "9h", "5c", "3d")]
    acts = [("bring_in", 2), ("call", 2), ("complete", 4), ("call", 4), ("call", 4),
            ("fold", None), ("call", 4), ("call", 4)]
    st = [100, 100, 100, 9, 100, 100]
    t = _autoplay("stud", 4, 8, 1, 2, st, _deck_for(holes, later), acts, aggressive=True)
    _print_trace("stud, 6 players, fold + all-in short stack (side pot)", t)
    assert t["stacks"][3] == 0 and sum(t["stacks"]) == sum(st)

    # 5. Random hands replayed through play_pokerkit.
    rng = random.Random(7)
    for v, n in (("stud8", 5), ("razz", 6), ("stud", 2)):
        stacks, deck, actions = random_hand(v, n, rng=rng)
        t = play_pokerkit(v, 10, 20, 2, 5, stacks, deck, actions)
        _print_trace(f"random {v}, {n} players", t)
        assert sum(t["stacks"]) == sum(stacks)

    # 6. Refusals are reported, state unchanged for the caller.
    try:
        play_pokerkit("stud", 10, 20, 1, 5, [100] * 2,
                      _deck_for([("2c", "3c", "9c"), ("2d", "3d", "Ts")]), [("check", None)])
    except PokerkitRejected as exc:
        print("== refusal example:", exc)
    else:  # pragma: no cover
        raise AssertionError("check by the bring-in player was accepted")


# ---------------------------------------------------------------------------
# experiments behind the differences listed in the module docstring


def _experiments() -> None:  # noqa: C901 - a list of facts
    def say(tag, *a):
        print(f"[{tag}]", *a)

    # D1 bring-in ties by suit; ace high in stud; Razz highest card, ace low.
    t = _probe("stud", 10, 20, 1, 5, [100] * 3,
               _deck_for([("Ah", "Kd", "5s"), ("2h", "3d", "5c"), ("Qs", "Qh", "9d")]), [])
    assert t["decisions"][0]["actor"] == 1
    t = _probe("stud", 10, 20, 1, 5, [100] * 3,
               _deck_for([("Kh", "Kd", "As"), ("2h", "3d", "Kc"), ("Qs", "Qh", "9d")]), [])
    assert t["decisions"][0]["actor"] == 2          # As is not low in stud
    t = _probe("razz", 10, 20, 1, 5, [100] * 3,
               _deck_for([("Ah", "2d", "Kc"), ("2h", "3d", "Ks"), ("Qs", "4h", "2c")]), [])
    assert t["decisions"][0]["actor"] == 1
    t = _probe("razz", 10, 20, 1, 5, [100] * 3,
               _deck_for([("2h", "2d", "Ac"), ("3h", "3d", "Qs"), ("4s", "4h", "Kc")]), [])
    assert t["decisions"][0]["actor"] == 2          # K highest in Razz, A lowest
    say("D1", "5s/5c/9d -> seat 1 (5c) brings in; Razz Kc/Ks/2d -> seat 1 (Ks)")

    # D2 later-street openers.
    H = [("2c", "3c", "9c"), ("2d", "3d", "9s"), ("4c", "4d", "3h")]
    L = [("5d", "5h", "2s"), ("Ac", "Ah", "Qh"), ("7c", "7d", "8h"), ("Tc", "Td", "Th")]
    o = _openers(_autoplay("stud", 10, 20, 1, 5, [100] * 3, _deck_for(H, L)))
    assert o[4] == o[5] == o[6] == o[7] == 0        # 9c5d.. == 9s5h..: lowest seat
    H = [("2c", "3c", "Ac"), ("2d", "3d", "As"), ("4c", "5d", "9d")]
    L = [("Kh", "Kd", "2s"), ("Jh", "Qh", "3h"), ("7c", "7d", "8h"), ("Tc", "Td", "Th")]
    o = _openers(_autoplay("stud", 10, 20, 1, 5, [100] * 3, _deck_for(H, L)))
    assert o[4] == 0 and o[5] == 1                  # AK tie -> seat 0; AKQ > AKJ
    H = [("2c", "3c", "Ac"), ("2d", "3d", "4s"), ("4c", "5d", "Kd")]
    L = [("Kh", "4h", "Ks"), ("Ah", "5h", "Qh"), ("7c", "7d", "8h"), ("Tc", "Td", "Th")]
    o = _openers(_autoplay("stud", 10, 20, 1, 5, [100] * 3, _deck_for(H, L)))
    assert o[4] == 2 and o[5] == 0                  # KK > 44 > AK; then AA
    H = [("Kc", "Qc", "5h"), ("Kd", "Qd", "2c"), ("Ks", "Qs", "9s")]
    L = [("6h", "2d", "Ts"), ("7h", "3c", "Js"), ("8h", "4c", "3s")]
    o = _openers(_autoplay("stud", 10, 20, 1, 5, [100] * 3, _deck_for(H, L)))
    assert o[6] == 1                                # 2c2d3c4c > 5h6h7h8h (no straights)
    H = [("Kc", "Qc", "7c"), ("Kd", "Qd", "8d"), ("Ks", "Qs", "2s")]
    L = [("6h", "2h", "9h"), ("Jc", "Jd", "Js"), ("Tc", "Td", "Ts"), ("3c", "3d", "3s")]
    o = _openers(_autoplay("razz", 10, 20, 1, 5, [100] * 3, _deck_for(H, L)))
    assert o[4] == 0                                # Razz 7-6 before 8-2 and 9-2
    H = [("Kc", "Qc", "Ac"), ("Kd", "Qd", "2d"), ("Ks", "Qs", "Ts")]
    L = [("Ah", "2h", "9h"), ("4c", "4d", "4s"), ("5c", "5d", "5s"), ("6c", "6d", "6h")]
    o = _openers(_autoplay("razz", 10, 20, 1, 5, [100] * 3, _deck_for(H, L)))
    assert o[4] == 2                                # unpaired T-9 before A-A, 2-2
    L = [("Ah", "2h", "Th"), ("4c", "4d", "4s"), ("5c", "5d", "5s"), ("6c", "6d", "6h")]
    o = _openers(_autoplay("razz", 10, 20, 1, 5, [100] * 3, _deck_for(H, L)))
    assert o[4] == 0                                # A-A lowest pair
    H = [("2c", "3c", "4c"), ("2d", "3d", "5d"), ("Ac", "Ad", "Ah")]
    L = [("6h", "7h", "As"), ("8c", "8d", "8h"), ("9c", "9d", "9h"), ("Tc", "Td", "Th")]
    t = _autoplay("stud", 10, 20, 1, 5, [100, 100, 11], _deck_for(H, L),
                  [("bring_in", 5), ("call", 5), ("complete", 10), ("call", 10), ("call", 10)])
    assert _openers(t)[4] == 0                      # AA on board all in: next clockwise
    say("D2", "ties -> lowest seat; rankings as RULES 3.2/3.3; all-in opener skipped clockwise")

    # D3 heads-up 4th street capped.
    H2 = [("2c", "3c", "9c"), ("2d", "3d", "Ts")]
    L2 = [("5d", "5h"), ("Ac", "Ah"), ("7c", "7d"), ("Tc", "Td")]
    t = _probe("stud", 10, 20, 1, 5, [200] * 2, _deck_for(H2, L2),
               [("bring_in", 5), ("call", 5), ("bet", 10), ("raise", 20), ("raise", 30),
                ("raise", 40)])
    assert _legal_at(t, -1) == [("call", 40), ("fold", None)]
    say("D3", "heads-up 4th: bet 10, raises 20 30 40, then", _legal_at(t, -1))

    # D4 open pair on 4th street: only the small bet.
    L2p = [("9d", "5h"), ("Ac", "Ah"), ("7c", "7d"), ("Tc", "Td")]
    t = _probe("stud", 10, 20, 1, 5, [200] * 2, _deck_for(H2, L2p), [("bring_in", 5), ("call", 5)])
    assert t["decisions"][-1]["actor"] == 0 and _legal_at(t, -1) == [("bet", 10), ("check", None)]
    say("D4", "4th street, seat 0 shows 9c9d:", _legal_at(t, -1))

    # D5 incomplete all-ins.
    H3 = [("2c", "3c", "9c"), ("2d", "3d", "Ts"), ("4c", "4d", "Js")]
    L3 = [("5d", "5h", "6s"), ("Ac", "Ah", "Ad"), ("7c", "7d", "7h"), ("Tc", "Td", "Th")]
    pre = [("bring_in", 5), ("call", 5), ("call", 5), ("bet", 10)]   # 4th: seat 2 bets
    t = _probe("stud", 10, 20, 1, 5, [20, 200, 200], _deck_for(H3, L3), pre + [("raise", 14)])
    assert _legal_at(t, -1) == [("call", 14), ("fold", None), ("raise", 24)]
    say("D5a", "bet 10, all-in to 14; next player:", _legal_at(t, -1))
    t = _probe("stud", 10, 20, 1, 5, [20, 200, 200], _deck_for(H3, L3),
               pre + [("raise", 14), ("call", 14)])
    assert _legal_at(t, -1) == [("call", 14), ("fold", None)]
    t = _probe("stud", 10, 20, 1, 5, [21, 200, 200], _deck_for(H3, L3),
               pre + [("raise", 15), ("call", 15)])
    assert _legal_at(t, -1) == [("call", 15), ("fold", None)]
    say("D5a", "the bettor facing an all-in of +5 (half a unit): no raise", _legal_at(t, -1))
    H4 = [("2c", "3c", "9c"), ("2d", "3d", "Ts"), ("4c", "4d", "Js"), ("5c", "6c", "Qs")]
    L4 = [("5d", "5h", "6s", "7s"), ("Ac", "Ah", "Ad", "As"), ("7c", "7d", "7h", "8c"),
          ("Tc", "Td", "Th", "9s")]
    pre = [("bring_in", 5), ("call", 5), ("call", 5), ("call", 5),
           ("bet", 10), ("raise", 20), ("raise", 25), ("raise", 35)]
    t = _probe("stud", 10, 20, 1, 5, [200, 31, 200, 200], _deck_for(H4, L4), pre)
    assert _legal_at(t, -1) == [("call", 35), ("fold", None)]
    t = _probe("stud", 10, 20, 1, 5, [200, 31, 200, 200], _deck_for(H4, L4), pre, max_raises=4)
    assert _legal_at(t, -1) == [("call", 35), ("fold", None), ("raise", 45)]
    say("D5b", "bet 10, raise 20, all-in 25, raise 35 -> cap reached (max_raises=4: raise 45)")
    H3c = [("2c", "3c", "9c"), ("2d", "3d", "Ts"), ("4c", "4d", "2s")]
    pre = [("bring_in", 2), ("call", 2), ("complete", 4)]   # seat 1 all in for 4 < S/2
    t = _probe("stud", 10, 20, 1, 2, [200, 5, 200], _deck_for(H3c, L3), pre)
    assert _legal_at(t, -1) == [("call", 4), ("fold", None), ("raise", 14)]
    t = _probe("stud", 10, 20, 1, 2, [200, 5, 200], _deck_for(H3c, L3), pre + [("call", 4)])
    assert t["decisions"][-1]["actor"] == 0
    assert _legal_at(t, -1) == [("call", 4), ("fold", None), ("raise", 14)]
    say("D5c", "BI 2, all-in completion to 4: bring-in and the earlier caller may raise to 14")

    # D6 short bring-in; bring-in player all in on the ante.
    t = _probe("stud", 10, 20, 1, 5, [200, 200, 4], _deck_for(H3c, L3), [("bring_in", 3)])
    assert _legal_at(t, 0) == [("bring_in", 3), ("complete", 3)]
    assert _legal_at(t, 1) == [("call", 3), ("complete", 10), ("fold", None)]
    t = _probe("stud", 10, 20, 1, 5, [200, 200, 1], _deck_for(H3c, L3), [])
    assert t["decisions"][0]["actor"] == 0
    assert _legal_at(t, 0) == [("bring_in", 5), ("complete", 10)]
    try:
        make_state("stud", 10, 20, 1, 10, [100, 100])
    except ValueError as exc:
        say("D6", "BI == S refused:", exc)
    else:  # pragma: no cover
        raise AssertionError
    say("D6", "bring-in short (3 of 5): next may call 3; bring-in all in on ante -> seat 0 posts")

    # D7 odd chip of a tie to the lowest seat, whatever the suits.
    L = [("Qh", "Qc"), ("Jc", "Js"), ("9c", "9s"), ("3h", "3d")]
    H = [("Ad", "Kd", "2h"), ("As", "Kh", "4d"), ("5c", "6c", "Ts")]
    t = _autoplay("stud", 4, 8, 1, 2, [100] * 3, _deck_for(H, L),
                  [("bring_in", 2), ("call", 2), ("fold", None)])
    assert t["stacks"] == [101, 100, 99]
    H = [("As", "Kh", "4d"), ("Ad", "Kd", "2h"), ("5c", "6c", "Ts")]
    t = _autoplay("stud", 4, 8, 1, 2, [100] * 3, _deck_for(H, L),
                  [("bring_in", 2), ("fold", None), ("call", 2)])
    assert t["stacks"] == [101, 100, 99]
    H = [("Ad", "2d", "3h"), ("As", "2h", "3d"), ("5c", "6c", "Ts")]
    L = [("5h", "5d"), ("Kc", "Ks"), ("Qc", "Qs"), ("Jh", "Jd")]
    t = _autoplay("razz", 4, 8, 1, 2, [100] * 3, _deck_for(H, L),
                  [("bring_in", 2), ("complete", 4), ("call", 4), ("fold", None)])
    assert t["stacks"] == [102, 101, 97]
    say("D7", "pot 7 tied A-K-Q-J-9: seat 0 gets 4 with Ad or with As; Razz pot 13: 7/6")

    # D8 same two players tie both halves, pot 10 -> 6/4 instead of 5/5.
    H = [("Ac", "2c", "3d"), ("Ad", "2h", "3s")]
    L = [("4d", "4s"), ("6h", "6c"), ("Kh", "Kc"), ("Qs", "Qh")]
    t = _autoplay("stud8", 4, 8, 2, 3, [100, 100], _deck_for(H, L))
    assert t["stacks"] == [101, 99]
    say("D8", "stud8 scoop-tie, pot 10: stacks", t["stacks"])

    # D9 Stud/8 side-pot low half given to players without a low.
    H = [("Ac", "2d", "3h"), ("Ks", "Kh", "9d"), ("Qc", "Qd", "Td"), ("8c", "8d", "Jd")]
    L = [("4s", "Jc", "9c", "9h"), ("7c", "Js", "5h", "Kc"), ("Kd", "8h", "6s", "As"),
         ("Qh", "Ts", "Th", "Jh")]
    acts = [("bring_in", 2), ("complete", 4), ("call", 4), ("call", 4),
            ("bet", 4), ("call", 4), ("call", 4), ("bet", 8), ("call", 8)] \
        + [("check", None)] * 4
    t = play_pokerkit("stud8", 4, 8, 1, 2, [3, 9, 100, 100], _deck_for(H, L), acts)
    assert t["stacks"] == [6, 20, 103, 83]          # ours: [6, 24, 99, 83]
    say("D9", "stud8 side pot (18) w/o any low: pokerkit", t["stacks"], "ours [6, 24, 99, 83]")

    # D10 running out of cards.
    cards = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    random.Random(3).shuffle(cards)
    t = _autoplay("stud", 10, 20, 1, 5, [100] * 8, cards + [cards[24]])
    assert len(t["community"]) == 1 and t["cards_used"] == 53
    t0 = _probe("stud", 10, 20, 1, 5, [100] * 8, cards, [("bring_in", 5)])
    f = t0["decisions"][-1]["actor"]
    muck = [cards[f], cards[8 + f], cards[16 + f]]
    t = _autoplay("stud", 10, 20, 1, 5, [100] * 8, cards + muck + [cards[24]],
                  [("bring_in", 5), ("fold", None)])
    assert t["community"] == [] and t["cards_used"] == 56
    say("D10", "8 live: one community card on 7th; 7 live after a fold: 7 hole cards "
               "(needs 56 cards: burns and the folded hand reused)")

    # D11 fold with nothing to call.
    t = _probe("stud", 10, 20, 1, 5, [200] * 2, _deck_for(H2, L2), [("bring_in", 5), ("call", 5)])
    assert ("fold", None) not in _legal_at(t, -1)
    t = _probe("stud", 10, 20, 1, 5, [200] * 2, _deck_for(H2, L2), [("bring_in", 5), ("call", 5)],
               fold_without_bet=True)
    assert ("fold", None) in _legal_at(t, -1)
    say("D11", "no fold when checking is possible (TOURNAMENT mode)")

    # D12 antes in side-pot layers (ante_trimming_status), uncalled bets.
    for trim, want in ((True, [(9, (0, 1, 2)), (4, (1, 2))]), (False, [(13, (0, 1, 2))])):
        st = FixedLimitSevenCardStud.create_state(AUTOMATIONS, trim, 5, 2, 10, 20,
                                                  (3, 100, 100), 3)
        got = [(p.amount, p.player_indices) for p in st.pots]
        assert got == want, got
    t = _probe("stud", 10, 20, 1, 5, [200, 200], _deck_for(H2, L2),
               [("bring_in", 5), ("call", 5), ("check", None), ("check", None),
                ("bet", 20), ("fold", None)])
    assert sorted(t["stacks"]) == [194, 206]
    t = _probe("stud", 10, 20, 1, 5, [200, 11], _deck_for(H2, L2),
               [("bring_in", 5), ("complete", 10), ("call", 10)])
    assert len(t["decisions"]) == 3 and not t.get("pending")
    say("D12", "antes layered with trimming on; uncalled bet returned; all-in runout no betting")
    print("all experiments agree with the docstring")


def _bench(seconds: float = 3.0) -> None:
    """Random 6-player Stud/8 hands, action by action."""
    print("pokerkit", pokerkit_version())
    for fold_prob in (0.15, 0.5):
        rng = random.Random(1)
        n, t0 = 0, time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            random_hand("stud8", 6, rng=rng, fold_prob=fold_prob)
            n += 1
        dt = time.perf_counter() - t0
        print(f"driver loop, fold_prob={fold_prob}: {n / dt:.0f} hands/s")

    autos = AUTOMATIONS + (Automation.CARD_BURNING, Automation.HOLE_DEALING,
                           Automation.BOARD_DEALING)
    rng = random.Random(1)
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
    print(f"pure pokerkit (its own dealing, fold 15%, raise 20%): {n / dt:.0f} hands/s")


if __name__ == "__main__":
    import sys
    if "--experiments" in sys.argv:
        _experiments()
    elif "--bench" in sys.argv:
        _bench()
    else:
        _selfcheck()
