"""Helpers for the rules table (tests/rules/): stacked decks and scripted hands.

``stack_deck`` writes the deck string ``stud.Hand(deck=...)`` wants from what
each seat should receive street by street, so a scenario reads as the cards
per player; ``drive`` plays a list of steps, asserting before each action who
is to act and, when given, the exact legal actions.  At the end, what the
rules table's files share: short variant names, ``make`` (a hand on a
stacked deck with the table's defaults) and the layouts several docs/rules.md
sections use.
"""

from __future__ import annotations

import re

from stud import ActionKind, Hand, Rules, Variant
from stud.game import ActionTaken, CardBurned, CommunityCardDealt, HandMucked, HandShown, PotAwarded

SEVEN = (Variant.SEVEN_CARD_STUD, Variant.SEVEN_CARD_STUD_HILO, Variant.RAZZ,
         Variant.DEUCE_TO_SEVEN_RAZZ, Variant.SEVEN_CARD_STUD_HILO_REGULAR)
FIVE = (Variant.FIVE_CARD_STUD, Variant.FIVE_CARD_STUD_HILO)
ALL_VARIANTS = SEVEN + FIVE

_RANKS = "23456789TJQKA"
_SUITS = "cdhs"
ALL_CARDS = [r + s for s in _SUITS for r in _RANKS]


def _cards(text):
    return text.split() if isinstance(text, str) else list(text)


def stack_deck(first, *later, burns=True, burn=None):
    """The deck, top first, that deals the given cards.

    ``first``: one string per seat with that seat's first-street cards in
    the order they are dealt to it ("d1 d2 up" in the seven-card games,
    "down up" in Five Card Stud).  ``later``: one entry per later street, a
    dict seat -> card for the seats still live then (dealt from the lowest
    seat), or a string of cards in live-seat order.  ``burns``: whether the
    rules burn a card before each later street; the burn cards are taken
    from ``burn`` (a list, consumed in order) or else from the cards no
    seat receives (the lowest unused ones first, in ``ALL_CARDS`` order).
    """
    seats = [_cards(s) for s in first]
    per = len(seats[0])
    assert all(len(s) == per for s in seats)
    order = []
    for k in range(per):
        order += [s[k] for s in seats]
    streets = []
    for entry in later:
        if isinstance(entry, dict):
            streets.append([entry[s] for s in sorted(entry)])
        else:
            streets.append(_cards(entry))
    named = set(order) | {c for st in streets for c in st}
    spare = list(burn) if burn is not None else [c for c in ALL_CARDS if c not in named]
    for cards in streets:
        if burns:
            order.append(spare.pop(0))
        order += cards
    assert len(set(order)) == len(order), f"duplicate card in {order}"
    return " ".join(order)


def _street_deck(hands, first_street, **kw):
    """Deck from per-seat cards: the first `first_street` cards of each seat
    on the first street, then one card per street."""
    seats = [_cards(h) for h in hands]
    first = [" ".join(s[:first_street]) for s in seats]
    n_later = max(len(s) for s in seats) - first_street
    later = [{seat: s[first_street + k] for seat, s in enumerate(seats) if len(s) > first_street + k}
             for k in range(n_later)]
    return stack_deck(first, *later, **kw)


def seven(hands, **kw):
    """Deck for a seven-card game: per seat "d1 d2 u3 [u4 u5 u6 d7]"."""
    return _street_deck(hands, 3, **kw)


def five(hands, **kw):
    """Deck for Five Card Stud: per seat "down u2 [u3 u4 u5]"."""
    return _street_deck(hands, 2, **kw)


def deal(variant, hands, **kw):
    return (seven if variant in SEVEN else five)(hands, **kw)


def legal_text(hand):
    return ", ".join(str(a) for a in hand.legal_actions())


_STEP = re.compile(r"^\s*(\d+)\s+([a-z_]+)(?:\s+(\d+))?\s*$")
_KINDS = {"fold": ActionKind.FOLD, "check": ActionKind.CHECK, "call": ActionKind.CALL,
          "bring_in": ActionKind.BRING_IN, "complete": ActionKind.COMPLETE,
          "bet": ActionKind.BET, "raise": ActionKind.RAISE}


def drive(hand, steps):
    """Plays ``steps``, asserting the actor (and legal actions) before each.

    A step is a string:

    * ``"2 raise 20"`` - seat 2 is to act and raises to 20 (amount optional
      when only one amount is legal for the kind);
    * ``"2 raise 20 ? fold, call 10, raise to 20"`` - and its legal actions,
      as ``str(Action)`` joined by ", ", are exactly these, in this order;
    * ``"street 4"`` - the hand is now on 4th street;
    * ``"over"`` - the hand is over.
    """
    for step in steps:
        where = f"step {step!r} ({hand!r})"
        if step.startswith("street"):
            assert hand.street == int(step.split()[1]), where
            continue
        if step == "over":
            assert hand.is_over, where
            continue
        action, _, legal = step.partition("?")
        m = _STEP.match(action)
        assert m, f"bad step {step!r}"
        seat, verb, amount = int(m[1]), m[2], m[3]
        assert hand.actor == seat, f"{where}: actor is {hand.actor}, expected {seat}"
        if legal.strip():
            assert legal_text(hand) == legal.strip(), f"{where}: legal is {legal_text(hand)!r}"
        hand.act(_KINDS[verb], None if amount is None else int(amount))


def passive_to(hand, street):
    """Everyone brings in / calls / checks until ``street`` (asserts nothing)."""
    while not hand.is_over and hand.street != street:
        kinds = [a.kind for a in hand.legal_actions()]
        for k in (ActionKind.CHECK, ActionKind.BRING_IN, ActionKind.CALL):
            if k in kinds:
                hand.act(k)
                break
        else:  # pragma: no cover - a scenario error
            raise AssertionError(f"no passive action in {hand.legal_actions()}")


def check_down(hand):
    """Passive play to the end of the hand."""
    passive_to(hand, None)
    assert hand.is_over


def final_stacks(hand):
    return hand.stacks


def shown_order(hand):
    """(seat, "show" | "muck") in the order of the showdown."""
    return [(e.seat, "show" if isinstance(e, HandShown) else "muck")
            for e in hand.history if isinstance(e, (HandShown, HandMucked))]


def awards(hand):
    return [(e.pot, e.seat, e.share, e.amount) for e in hand.history if isinstance(e, PotAwarded)]


def actions(hand):
    return [(e.seat, str(e.action)) for e in hand.history if isinstance(e, ActionTaken)]


def burns(hand):
    return [str(e.card) for e in hand.history if isinstance(e, CardBurned)]


def community_events(hand):
    return [str(e.card) for e in hand.history if isinstance(e, CommunityCardDealt)]


def snapshot(hand):
    """Everything observable about a hand, to check that it did not change."""
    return (hand.street, hand.actor, hand.stacks, hand.bets, hand.pot, hand.pots,
            hand.legal_actions(), hand.history, hand.payouts, hand.live_seats,
            [hand.up_cards(s) for s in range(hand.n_seats)],
            [hand.down_cards(s) for s in range(hand.n_seats)])


def new_hand(variant, hands, stacks=None, *, deck_kw=None, seed=1, **rules_kw):
    """A hand of ``variant`` with S=10 (B=20, ante 2, BI 5 unless given) and
    the stacked deck of ``hands``; stacks default to 1000 each."""
    rules = Rules(variant, rules_kw.pop("small_bet", 10), **rules_kw)
    deck = deal(variant, hands, burns=rules.burn_cards, **(deck_kw or {}))
    stacks = stacks or [1000] * len(hands)
    return Hand(rules, stacks, deck=deck, seed=seed)


# --------------------------------------------------------------------------
# Shared by the rules table's files (tests/rules/test_*.py)
# --------------------------------------------------------------------------

V7, V8, RZ, V5, V58 = (Variant.SEVEN_CARD_STUD, Variant.SEVEN_CARD_STUD_HILO, Variant.RAZZ,
                       Variant.FIVE_CARD_STUD, Variant.FIVE_CARD_STUD_HILO)
R27, HL = Variant.DEUCE_TO_SEVEN_RAZZ, Variant.SEVEN_CARD_STUD_HILO_REGULAR
HI_FAMILY = (V7, V8, V5, V58)  # lowest upcard brings in, highest board acts first
LOW_FAMILY = (RZ, R27, HL)  # highest upcard brings in, lowest board acts first


def make(variant, hands, stacks=None, *, burn=None, seed=3, **rules_kw):
    rules = Rules(variant, rules_kw.pop("small_bet", 10), **rules_kw)
    kw = {} if burn is None else {"burn": burn}
    deck = deal(variant, hands, burns=rules.burn_cards, **kw)
    return Hand(rules, list(stacks or [1000] * len(hands)), deck=deck, seed=seed)


def first_street(variant):
    """Three seats' first-street cards with seat 0 to bring in (2c lowest in
    the hi games, Kc highest in Razz); later cards are left to the shuffle."""
    if variant in (RZ, HL):  # the king highest, the ace low (2.1, 13.2)
        return ["2h 3h Kc", "4s 5s 9d", "6s 7h 2c"]
    if variant == R27:  # the ace highest (12.2)
        return ["2h 3h Ac", "4s 5s 9d", "6s 7h 2c"]
    if variant in SEVEN:
        return ["Ah Kh 2c", "Qs Js 9d", "Ts 8h Kc"]
    return ["Ah 2c", "Qs 9d", "Ts Kc"]


def fill(ups, per_down, avoid=()):
    """Seat strings: each seat's upcards with ``per_down`` filler down cards
    in front (and, for seven-card hands, nothing after)."""
    used = {c for u in ups for c in u.split()} | set(avoid)
    spare = [c for c in ALL_CARDS if c not in used]
    out = []
    for u in ups:
        downs = [spare.pop() for _ in range(per_down)]
        out.append(" ".join(downs + u.split()))
    return out


# 2.6 / 3.1 layout: seat 0 has the lowest upcard, and the best hand;
# seat 1: pair of queens; seat 2: trips kings.
ALLIN7 = ["Ac Ad 2c Ah 3d 4h 9s", "Qc Qd 9h 5s Td Js 3c", "Kc Kd 8h Ks 7d 6s Jh"]
ALLIN5 = ["Ac 2c Ah Ad 3d", "Qc 9h 5s Td Qd", "Kc 8h Ks 7d Kd"]

# Layout for later-street betting (docs/rules.md 4; 6, 8 and 10 use it too).
# Seat 0 brings in (2c) and has the highest board every street (ace high);
# seat 0 trip aces, seat 1 queens, seat 2 trip kings, seat 3 (when present)
# a ten-high straight.  No 8-low for seats 0-2.
L3 = ALLIN7
L4 = ALLIN7 + ["5d 6d 7h 8d 9d Tc 2h"]
