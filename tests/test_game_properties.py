"""Properties of the betting engine over many random hands.

The bulk checks run inside C (stud.play_random with check=True): at every
decision each listed action is accepted and unlisted kinds and amounts are
refused; every hand ends, keeps the chips and pays nothing negative.  The
Python-level checks cover what C cannot see: copies, replays, views,
errors and history.
"""

import random

import pytest
import stud
from stud import ActionKind, Hand, IllegalActionError, Rules, Variant
from stud.game import ActionTaken, CardDealt, HandShown, PotAwarded, max_players

OPTION_SETS = [
    {},
    {"reopen_rule": "full_raise", "bring_in_tiebreak": "suit", "board_tiebreak": "suit"},
    {"max_raises": 4, "odd_chip": "position", "burn_cards": False},
    {"heads_up_uncapped": True, "open_pair_double": True},
]


def players(variant):
    return max_players(variant)


@pytest.mark.parametrize("variant", list(Variant))
def test_hundred_thousand_random_hands_keep_every_invariant(variant):
    hands = 0
    for k, options in enumerate(OPTION_SETS):
        if "open_pair_double" in options and variant not in (Variant.SEVEN_CARD_STUD,
                                                             Variant.FIVE_CARD_STUD):
            options = {k: v for k, v in options.items() if k != "open_pair_double"}  # 4.4
        rules = Rules(variant, 10, **options)
        for n in (2, 3, 6, players(variant)):
            # short stacks (1..60 chips) all-in often; deep ones play every street
            for stacks, share in (([60] * n, 5000), ([600] * n, 1250)):
                report = stud.play_random(rules, stacks, share, seed=1000 * k + n,
                                          random_stacks=True, check=True)
                assert report["violations"] == 0, (variant, options, n, report)
                assert report["showdowns"] > 0
                hands += report["hands"]
    assert hands >= 100_000


def random_hand(rng, variant, **options):
    n = rng.randint(2, players(variant))
    stacks = [rng.choice([1, 3, 7, 15, 40, 120, 500]) for _ in range(n)]
    rules = Rules(variant, rng.choice([2, 4, 10]), **options)
    return rules, stacks, Hand(rules, stacks, seed=rng.getrandbits(64))


def play_out(rng, hand, on_decision=None):
    while not hand.is_over:
        if on_decision:
            on_decision(hand)
        hand.act(rng.choice(hand.legal_actions()))


@pytest.mark.parametrize("variant", list(Variant))
def test_copies_are_independent_and_replays_are_equal(variant):
    rng = random.Random(int(variant))
    for _ in range(150):
        rules, stacks, hand = random_hand(rng, variant)
        snapshots = []

        def branch(h, snapshots=snapshots):
            if rng.random() < 0.2:
                twin = h.copy()
                before = (twin.stacks, twin.actor, twin.history)
                snapshots.append((twin, before))

        play_out(rng, hand, branch)
        assert sum(hand.stacks) == sum(stacks)
        assert all(p >= 0 for p in hand.payouts)
        # the copies did not move when the original went on
        for twin, before in snapshots:
            assert (twin.stacks, twin.actor, twin.history) == before
            play_out(rng, twin)
            assert sum(twin.stacks) == sum(stacks)
        again = stud.replay(rules, stacks, hand.history)
        assert again.is_over and again.payouts == hand.payouts and again.stacks == hand.stacks
        strip = (CardDealt, ActionTaken, HandShown, PotAwarded)
        assert [e for e in again.history if isinstance(e, strip)] == \
               [e for e in hand.history if isinstance(e, strip)]


def test_view_shows_only_what_a_seat_may_see():
    rng = random.Random(5)
    for _ in range(50):
        _, _, hand = random_hand(rng, Variant.SEVEN_CARD_STUD)
        for _ in range(rng.randint(0, 12)):
            if hand.is_over:
                break
            hand.act(rng.choice(hand.legal_actions()))
        for seat in range(hand.n_seats):
            view = hand.view(seat)
            assert view["down_cards"] == hand.down_cards(seat)
            assert all(view["up_cards"][s] == hand.up_cards(s) for s in range(hand.n_seats))
            hidden = {c for s in range(hand.n_seats) if s != seat for c in hand.down_cards(s)}
            shown = set(view["down_cards"]) | {c for cards in view["up_cards"].values() for c in cards}
            assert not hidden & shown
            assert (view["legal_actions"] == hand.legal_actions()) == (hand.actor == seat) or \
                not hand.legal_actions()


def test_illegal_actions_raise_and_change_nothing():
    rng = random.Random(9)
    checked = 0
    for _ in range(200):
        _, _, hand = random_hand(rng, rng.choice(list(Variant)))
        while not hand.is_over:
            legal = hand.legal_actions()
            kinds = {a.kind for a in legal}
            before = (hand.stacks, hand.actor, hand.bets, hand.history)
            for kind in ActionKind:
                if kind not in kinds:
                    with pytest.raises(IllegalActionError) as error:
                        hand.act(kind, 10**6 if kind >= ActionKind.BRING_IN else None)
                    assert "legal:" in str(error.value)
                    checked += 1
            for action in legal:
                if action.kind >= ActionKind.BRING_IN:
                    with pytest.raises(IllegalActionError):
                        hand.act(action.kind, action.amount + 1 if action.amount + 1 not in
                                 {a.amount for a in legal if a.kind == action.kind} else -1)
            assert (hand.stacks, hand.actor, hand.bets, hand.history) == before
            hand.act(rng.choice(legal))
        with pytest.raises(IllegalActionError, match="over"):
            hand.fold()
    assert checked > 1000


def test_error_message_says_why_and_what_is_legal():
    hand = Hand(Rules(Variant.SEVEN_CARD_STUD, 10), [100, 100, 100], deck="2c 3c 4c 2d 3d 4d Kh 9s 5h")
    assert hand.actor == 2  # 5h is the lowest upcard: the bring-in (2.1)
    with pytest.raises(IllegalActionError, match=r"seat 2 cannot check.*legal: bring in for 5, complete to 10"):
        hand.check()
    hand.bring_in()
    with pytest.raises(IllegalActionError, match=r"seat 0 cannot check: 5 to call; legal: fold, call 5, complete to 10"):
        hand.check()


@pytest.mark.parametrize("kwargs, message", [
    ({"small_bet": 0}, "small_bet"),
    ({"small_bet": 10, "bring_in": 11}, "bring_in"),
    ({"small_bet": 10, "big_bet": 5}, "big_bet"),
    ({"small_bet": 10, "ante": -1}, "ante"),
    ({"small_bet": 10, "bring_in_tiebreak": "color"}, "bring_in_tiebreak"),
    ({"small_bet": 10, "reopen_rule": "sometimes"}, "reopen_rule"),
    ({"small_bet": 10, "max_raises": -1}, "max_raises"),
    ({"small_bet": 10.5}, "small_bet"),
    ({"small_bet": 10, "burn_cards": 1}, "burn_cards"),
])
def test_bad_rules_are_refused(kwargs, message):
    with pytest.raises(ValueError, match=message):
        Rules(Variant.RAZZ, **kwargs)


def test_bad_hands_are_refused():
    rules = Rules(Variant.SEVEN_CARD_STUD, 10)
    with pytest.raises(ValueError, match="2 to 8 players"):
        Hand(rules, [100] * 9)
    with pytest.raises(ValueError, match="2 to 8 players"):
        Hand(rules, [100])
    with pytest.raises(ValueError, match="stack of seat 1"):
        Hand(rules, [100, 0])
    with pytest.raises(ValueError, match="stack of seat 0"):
        Hand(rules, [-5, 100])
    with pytest.raises(stud.CardError, match="duplicate"):
        Hand(rules, [100, 100], deck="As Kd As")
    with pytest.raises(TypeError):
        Hand("stud", [100, 100])
    assert len(Hand(Rules(Variant.FIVE_CARD_STUD, 10), [50] * 10, seed=1).live_seats) == 10


def test_seeded_hands_repeat():
    rules = Rules(Variant.SEVEN_CARD_STUD_HILO, 10)
    a, b = Hand(rules, [200] * 5, seed=42), Hand(rules, [200] * 5, seed=42)
    rng_a, rng_b = random.Random(1), random.Random(1)
    play_out(rng_a, a)
    play_out(rng_b, b)
    assert a.history == b.history
    assert Hand(rules, [200] * 5, seed=43).history != Hand(rules, [200] * 5, seed=42).history


def test_manual_dealing_follows_the_caller():
    rules = Rules(Variant.RAZZ, 10)
    hand = Hand(rules, [100, 100], manual=True)
    assert hand.awaiting_deal and hand.actor is None
    hand.deal({0: "Kc 2d 3h", 1: "4c 5d Qs"})
    assert hand.up_cards(0) == (stud.Card("3h"),) and hand.down_cards(1) == (stud.Card("4c"), stud.Card("5d"))
    assert hand.actor == 1  # Razz: the highest upcard (the queen) brings in (2.1)
    with pytest.raises(IllegalActionError):
        hand.deal({0: "2c", 1: "2h"})  # betting comes first
    hand.bring_in()
    hand.call()
    assert hand.awaiting_deal and hand.street == 4
    with pytest.raises(stud.CardError):
        hand.deal({0: "Kc", 1: "8h"})  # the Kc is out already
    with pytest.raises(ValueError):
        hand.deal({0: "9c"})  # seat 1 is live too
    hand.deal(["9c", "8h"])
    assert hand.actor == 0  # Razz: 9-3 is a lower board than Q-8, it acts first (3.3)


def test_manual_showdown_lets_players_muck_and_lose_their_claim():
    rules = Rules(Variant.SEVEN_CARD_STUD, 10, ante=0)
    # seat 0: aces; seat 1: kings.  Both check or call to the end.
    hand = Hand(rules, [100, 100], showdown="manual",
                deck="As Ks Ad Kd 2c 3c 9h 4h 8h 5h 7d 6d Jc Qc Ah Kh")
    while not hand.awaiting_showdown:
        legal = {a.kind: a for a in hand.legal_actions()}
        hand.act(legal.get(ActionKind.CHECK) or legal.get(ActionKind.CALL) or legal[ActionKind.BRING_IN])
    first = hand.actor
    assert hand.may_muck
    hand.muck()
    second = hand.actor
    assert second != first and not hand.may_muck  # the last claimant must show
    with pytest.raises(IllegalActionError, match="cannot muck"):
        hand.muck()
    hand.show()
    assert hand.is_over
    assert hand.payouts[second] == sum(hand.contributions) and hand.payouts[first] == 0
    kinds = [type(e).__name__ for e in hand.history[-3:]]
    assert kinds == ["HandMucked", "HandShown", "PotAwarded"]
