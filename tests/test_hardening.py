"""The Python/C boundary holds: forged kinds, oversized deals, forged rules,
wrong types, silently accepted junk, and pickles.  Each test here failed
(a crash, a read or write out of bounds, or a silent acceptance) before the
hardening work; see also test_processes.py for threads, fork and Ctrl-C."""

from __future__ import annotations

import pickle
import subprocess
import sys

import numpy as np
import pytest
import stud
from stud import Action, ActionKind, Card, CardSet, Hand, IllegalActionError, Rules, Variant
from stud.game import ActionTaken, HandMucked, HandShown

STUD7 = Rules(Variant.SEVEN_CARD_STUD, 10)


def snapshot(hand: Hand) -> tuple:
    """Everything a refused call must leave as it was."""
    return (hand.street, hand.actor, hand.stacks, hand.pot, hand.bets, hand.legal_actions(),
            hand.history, hand.is_over)


# ---- forged action kinds and amounts ---------------------------------------------------

FORGED_KINDS = [7, 8, 99, -1, -3, 2**31 - 1, -(2**31), 2**70]


@pytest.mark.parametrize("kind", FORGED_KINDS)
def test_forged_kind_in_a_tuple_is_refused(kind):
    hand = Hand(STUD7, [100, 100], seed=1)
    before = snapshot(hand)
    forged = tuple.__new__(Action, (kind, 5))  # an Action made without its checks
    for action in (forged, (kind, 5)):
        with pytest.raises(IllegalActionError, match="unknown action kind"):
            hand.act(action)
    with pytest.raises(IllegalActionError, match="unknown action kind"):
        hand.act(kind, 5)
    assert snapshot(hand) == before


@pytest.mark.parametrize("kind", [99, 7, -1])
def test_action_constructor_checks_its_kind(kind):
    with pytest.raises(IllegalActionError, match="unknown action kind"):
        Action(kind, 5)
    assert Action(2, 10).kind is ActionKind.CALL


@pytest.mark.parametrize("bad", [1.5, "x" * 3, None, object(), True])
def test_wrong_kind_types(bad):
    hand = Hand(STUD7, [100, 100], seed=1)
    before = snapshot(hand)
    with pytest.raises((TypeError, IllegalActionError)):
        hand.act((bad, 5))
    assert snapshot(hand) == before


@pytest.mark.parametrize("amount", [-1, -(2**40), 2**31, 2**64, 10**30])
def test_extreme_amounts_are_illegal(amount):
    hand = Hand(STUD7, [100, 100], seed=1)
    before = snapshot(hand)
    for kind in ActionKind:
        with pytest.raises(IllegalActionError):
            hand.act(kind, amount)
    assert snapshot(hand) == before


@pytest.mark.parametrize("amount", [5.0, "5", b"5", [5], True])
def test_wrong_amount_types(amount):
    hand = Hand(STUD7, [100, 100], seed=1)
    before = snapshot(hand)
    with pytest.raises(TypeError):
        hand.act(ActionKind.BRING_IN, amount)
    assert snapshot(hand) == before


def test_forged_kind_after_the_hand_is_over():
    hand = Hand(STUD7, [100, 100], seed=2)
    while not hand.is_over:
        hand.act(hand.legal_actions()[0])
    before = snapshot(hand)
    for kind in FORGED_KINDS:
        with pytest.raises(IllegalActionError):
            hand.act((kind, 0))
    with pytest.raises(IllegalActionError, match="over"):
        hand.call()
    assert snapshot(hand) == before


def test_forged_kind_from_a_simulate_policy():
    with pytest.raises(IllegalActionError, match="unknown action kind"):
        stud.simulate(STUD7, [lambda view: (7, 5), "call"], 5, seed=1)


def test_forged_kind_through_replay():
    hand = Hand(STUD7, [100, 100], seed=3)
    forged = list(hand.history) + [ActionTaken(hand.actor, tuple.__new__(Action, (7, 5)))]
    with pytest.raises(IllegalActionError, match="unknown action kind"):
        stud.replay(STUD7, [100, 100], forged)


# ---- manual dealing counts before it copies -----------------------------------------------

def test_oversized_manual_deal_is_refused():
    hand = Hand(STUD7, [100, 100], manual=True)
    before = hand.history
    with pytest.raises(stud.CardError, match="seat 0 was given 52"):
        hand.deal([str(CardSet.deck())] * 2)
    with pytest.raises(stud.CardError):
        hand.deal(["As Ks Qs Js", "2c 3c 4c"])
    with pytest.raises(ValueError):
        hand.deal(["As Ks Qs"] * 9)  # more seats than live ones
    assert hand.awaiting_deal and hand.history == before
    hand.deal(["As Ks Qs", "2c 3c 4c"])  # and the right deal still works
    assert hand.actor is not None


# ---- rules: never trusted from a pickle or a forged cache -----------------------------------

def test_rules_pickle_carries_fields_only():
    rules = Rules(Variant.RAZZ, 10, max_raises=4, board_tiebreak="suit")
    Hand(rules, [100, 100], seed=1)  # the C struct is now cached on the object
    data = pickle.dumps(rules)
    assert b"_c_rules" not in data
    assert pickle.loads(data) == rules


@pytest.mark.parametrize("field, value", [("variant", 200), ("small_bet", 2**40),
                                          ("bring_in", 0), ("max_raises", 10**6),
                                          ("open_pair_double", "yes")])
def test_tampered_rules_pickle_is_validated(field, value):
    rules = Rules(Variant.SEVEN_CARD_STUD, 10)
    function, values = rules.__reduce__()
    values = list(values)
    values[Rules._fields.index(field)] = value
    with pytest.raises(ValueError):
        pickle.loads(pickle.dumps(_Reduced(function, tuple(values))))


def test_rules_rebuilt_without_their_constructor_are_validated_on_use():
    # what a hand-made pickle can build: a Rules whose __init__ never ran
    import copyreg

    good = Rules(Variant.SEVEN_CARD_STUD, 10)
    for field, value in (("small_bet", -5), ("bring_in_tiebreak", "x"), ("max_raises", 10**6),
                         ("variant", 200), ("burn_cards", "yes")):
        state = {name: getattr(good, name) for name in Rules._fields}
        state[field] = value
        forged = pickle.loads(pickle.dumps(_Reduced(copyreg._reconstructor,
                                                    (Rules, object, None), state)))
        with pytest.raises(ValueError):
            Hand(forged, [100, 100])
    # nothing stored on the object stands in for its fields
    forged = Rules(Variant.SEVEN_CARD_STUD, 10)
    object.__setattr__(forged, "_c_rules", b"\xff" * 200)
    with pytest.raises(ValueError, match="not a valid stud.Rules"):
        Hand(forged, [100] * 8)
    hand = Hand(Rules(Variant.SEVEN_CARD_STUD, 500), [10_000] * 2, seed=1)
    assert hand.legal_actions()[0].amount == 250  # the engine's bets are the fields' bets


def test_too_many_seats_are_counted_before_copying():
    for function in (lambda s: Hand(STUD7, s), lambda s: stud.play_random(STUD7, s, 1)):
        with pytest.raises(ValueError, match="2 to 8 players"):
            function([100] * 150)


# ---- silently accepted junk is refused --------------------------------------------------------

@pytest.mark.parametrize("index", [1.5, "3", None, True])
def test_card_from_index_needs_a_whole_number(index):
    with pytest.raises(TypeError):
        Card.from_index(index)


@pytest.mark.parametrize("stacks", [[1.5, 100], ["100", 100], [True, 100], [0, 100], [-5, 100]])
def test_simulate_stacks_are_checked(stacks):
    with pytest.raises((TypeError, ValueError), match="stack of player 0"):
        stud.simulate(STUD7, ["call", "call"], 10, stacks=stacks, seed=1)


def test_simulate_stack_totals_say_which_limit():
    with pytest.raises(ValueError, match=r"2\*\*30"):
        stud.simulate(STUD7, ["call", "call"], 10, stacks=[2**31, 100], seed=1)


@pytest.mark.parametrize("junk", [[1, 2, 3], ["ante"], [None], [("act", 1, 5)]])
def test_replay_refuses_junk(junk):
    with pytest.raises(TypeError, match=r"history\[0\]"):
        stud.replay(STUD7, [100, 100], junk)


@pytest.mark.parametrize("variant", [Variant.RAZZ, Variant.SEVEN_CARD_STUD_HILO,
                                     Variant.FIVE_CARD_STUD_HILO])
def test_open_pair_double_refused_where_rules_say_never(variant):
    with pytest.raises(ValueError, match="4.4"):
        Rules(variant, 10, open_pair_double=True)
    assert Rules(variant, 10, open_pair_double=False).open_pair_double is False


def test_cli_refuses_zero_hands():
    out = subprocess.run([sys.executable, "-m", "stud.cli", "simulate", "--hands", "0"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2
    assert "--hands must be 1 or more" in out.stderr and "inf" not in out.stdout


def test_engine_errors_come_from_one_table():
    texts = stud._core._error_texts()
    assert len(texts) == len(set(texts)) >= 10 and "unknown" not in " ".join(texts)
    with pytest.raises(ValueError, match="unknown policy 'x'"):
        stud.simulate(STUD7, ["x", "call"], 1)


# ---- integers of any kind: anything with __index__ -----------------------------------------

def test_numpy_integers_are_accepted():
    royal = int(CardSet("As Ks Qs Js Ts"))
    assert stud.high_value(np.uint64(royal)) == stud.HIGH_CLASSES
    assert stud.evaluate_high(np.int64(royal)).value == stud.HIGH_CLASSES
    assert CardSet.from_mask(np.uint64(royal)) == CardSet("As Ks Qs Js Ts")
    assert Card.from_index(np.int8(51)) == Card("As")
    hand = Hand(Rules(Variant.RAZZ, np.int64(10)), [np.int64(100), np.int32(100)],
                seed=np.uint64(9))
    hand.act(ActionKind.BRING_IN, np.int64(5))
    assert hand.pot == 9
    assert hand.up_cards(np.int64(0)) == hand.up_cards(0)
    assert stud.play_random(STUD7, [np.int64(100)] * 2, np.int64(10))["hands"] == 10


def test_bools_are_not_numbers():
    with pytest.raises(TypeError):
        stud.high_value(True)
    with pytest.raises(TypeError):
        Hand(STUD7, [100, 100]).up_cards(True)


# ---- pickling: every public object, Hand included ------------------------------------------

def play_to_end(hand: Hand, pick: int = -1) -> Hand:
    while not hand.is_over:
        if hand.awaiting_showdown:
            hand.show()
        else:
            legal = hand.legal_actions()
            hand.act(legal[pick % len(legal)])
    return hand


@pytest.mark.parametrize("variant", list(Variant))
@pytest.mark.parametrize("how", ["seeded", "stacked", "manual_showdown"])
def test_hand_in_progress_continues_identically_after_unpickling(variant, how):
    rules = Rules(variant, 10)
    kwargs = {"seed": 77}
    if how == "stacked":
        kwargs["deck"] = "As Kd 5c  2s Qh 9c  3d 7s Tc"
    if how == "manual_showdown":
        kwargs["showdown"] = "manual"
    hand = Hand(rules, [300, 200, 250, 80], **kwargs)
    for step in range(9):
        legal = hand.legal_actions()
        hand.act(legal[step % len(legal)])
    clone = pickle.loads(pickle.dumps(hand))
    assert clone.history == hand.history
    assert clone.legal_actions() == hand.legal_actions()
    assert (clone.stacks, clone.pot, clone.actor, clone.street) == \
           (hand.stacks, hand.pot, hand.actor, hand.street)
    play_to_end(hand, 1)
    play_to_end(clone, 1)
    assert clone.history == hand.history  # the same future cards
    assert clone.payouts == hand.payouts


def test_manual_hand_pickles_with_its_deals_and_community_card():
    rules = Rules(Variant.SEVEN_CARD_STUD, 10)
    hand = Hand(rules, [100, 100], seed=5)
    play_to_end(hand)
    again = stud.replay(rules, [100, 100], hand.history)  # manual dealing and showdown
    clone = pickle.loads(pickle.dumps(again))
    assert clone.history == again.history and clone.payouts == hand.payouts


def test_copies_pickle_like_their_original():
    hand = Hand(STUD7, [100, 100, 100], seed=6)
    hand.act(hand.legal_actions()[0])
    copy = hand.copy()
    clone = pickle.loads(pickle.dumps(copy))
    play_to_end(hand)
    play_to_end(clone)
    assert clone.history == hand.history


TAMPERED = [
    lambda args: (args[0], args[1], args[2], args[3], args[4], args[5],
                  args[6] + (("act", 9, 5),)),
    lambda args: (args[0], args[1], args[2], args[3], args[4], args[5],
                  args[6] + (("act", 6, 10**9),)),
    lambda args: (args[0], (100,) * 150, *args[2:]),
    lambda args: (args[0], args[1], args[2], b"\x00" * 52, *args[4:]),
    lambda args: (args[0], args[1], args[2], b"\xff" * 52, *args[4:]),
    lambda args: (args[0], args[1], args[2], args[3], args[4], args[5], "junk"),
    lambda args: (args[0], args[1], args[2], args[3], args[4], args[5], (("deal", ((0, (99,)),)),)),
    lambda args: (args[0], args[1], args[2], args[3], args[4], "nonsense", args[6]),
    lambda args: (args[0], args[1], 1.5, *args[3:]),
]


@pytest.mark.parametrize("tamper", range(len(TAMPERED)))
def test_tampered_hand_pickle_raises(tamper):
    hand = Hand(STUD7, [100, 100], deck="As Kd 5c 2s Qh 9c", seed=8)
    hand.act(hand.legal_actions()[0])
    restore, args = hand.__reduce__()
    bad_args = TAMPERED[tamper](args)
    data = pickle.dumps(_Reduced(restore, bad_args))
    with pytest.raises(pickle.UnpicklingError, match="not a valid pickled stud.Hand"):
        pickle.loads(data)


class _Reduced:
    """Pickles as an arbitrary call, with a state when given (to forge a
    pickle)."""

    def __init__(self, function, args, state=None):
        self.function, self.args, self.state = function, args, state

    def __reduce__(self):
        if self.state is None:
            return (self.function, self.args)
        return (self.function, self.args, self.state)


def test_every_public_object_pickles():
    hand = play_to_end(Hand(Rules(Variant.SEVEN_CARD_STUD_HILO, 10), [100, 100, 100], seed=9))
    objects = [
        Card("As"), CardSet("As Kd 7h"), stud.evaluate_high("As Ks Qs Js Ts 2d"),
        stud.evaluate_low8("As 2d 3c 4h 5s Kd"), stud.evaluate_razz("As 2d 3c 4h 5s Kd"),
        Rules(Variant.FIVE_CARD_STUD, 4, max_raises=4), Action(ActionKind.CALL, 10),
        Variant.RAZZ, stud.Category.FLUSH, *hand.history, *hand.pots, hand,
        stud.equity(Variant.RAZZ, ["As 2d 3c 4h 5s", "Kd Kh 9c 8d 7s"]),
        stud.simulate(STUD7, ["call", "random"], 10, seed=1),
    ]
    for obj in objects:
        clone = pickle.loads(pickle.dumps(obj))
        if isinstance(obj, Hand):
            assert clone.history == obj.history and clone.payouts == obj.payouts
        else:
            assert clone == obj, obj


def test_tampered_evaluation_pickle_is_evaluated_again():
    high = stud.evaluate_high("As Ks Qs Js Ts")
    function, args = high.__reduce__()
    with pytest.raises(stud.CardError):
        function(CardSet("As Ks"))  # what a forged pickle would have to pass
    assert pickle.loads(pickle.dumps(high)).value == high.value


def _advance(hand: Hand) -> Hand:
    """Runs in a pool worker: one more legal action (the last one)."""
    if not hand.is_over:
        hand.act(hand.legal_actions()[-1])
    return hand


def test_hands_travel_through_a_process_pool():
    import multiprocessing

    hands = [Hand(Rules(variant, 10), [200] * 4, seed=k) for k, variant in enumerate(Variant)]
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        moved = pool.map(_advance, hands, chunksize=1)
    for hand, back in zip(hands, moved):
        _advance(hand)
        assert back.history == hand.history
        assert back.legal_actions() == hand.legal_actions()


# ---- the two rule edges (docs/rules.md 2.8, 8.2) -----------------------------------------------------

def test_8_2_a_tie_for_a_share_worth_no_chip_still_shows():
    # Stud/8, S=2, B=4, BI=1, no ante: seat 2 brings in, two calls, checked down.
    # Seat 0 has quad kings (no low); seats 1 and 2 both have 7-5-4-3-2.
    rules = Rules(Variant.SEVEN_CARD_STUD_HILO, 2, big_bet=4, bring_in=1, ante=0)
    deck = ("Ks 2c 3h  Kh 3c 4s  Kc 9h 2h  8d Kd 4d 5s  8h Qs 5d 7s  8s Qh 7c 9d"
            "  8c Jc Ts Tc")
    hand = Hand(rules, [50, 50, 50], deck=deck)
    assert hand.actor == 2
    hand.bring_in()
    hand.call()
    hand.call()
    while not hand.is_over:
        hand.check()
    # high half 2 to seat 0; the low half (1 chip) tied: the odd chip goes to
    # seat 2, whose 7s outranks seat 1's 7c (9.5); seat 1 tied, so it shows
    assert hand.payouts == [2, 0, 1]
    shown = {e.seat for e in hand.history if isinstance(e, HandShown)}
    mucked = {e.seat for e in hand.history if isinstance(e, HandMucked)}
    assert shown == {0, 1, 2} and not mucked


def test_2_8_short_bring_in_with_bi_equal_to_s_is_the_bet():
    # BI = S = 10, ante 1, stacks [5, 100, 100]: seat 0 brings in all in for 4
    rules = Rules(Variant.SEVEN_CARD_STUD, 10, bring_in=10, ante=1)
    hand = Hand(rules, [5, 100, 100], deck="2c Kd 5c  3s Qh 9c  4d 7s Tc")
    assert [str(a) for a in hand.legal_actions()] == ["bring in for 4"]
    hand.bring_in()
    # no "complete to 10" that equals the call: call S or raise to 2S
    assert [str(a) for a in hand.legal_actions()] == ["fold", "call 10", "raise to 20"]
    hand.call()
    assert [str(a) for a in hand.legal_actions()] == ["fold", "call 10", "raise to 20"]
    hand.raise_to(20)
    assert [a.kind for a in hand.legal_actions()] == [ActionKind.FOLD, ActionKind.CALL,
                                                      ActionKind.RAISE]
    assert hand.legal_actions()[-1].amount == 30


# ---- a second hostile probe: objects made or used the wrong way -----------------------------

def test_a_hand_made_by_new_alone_refuses_everything():
    hand = Hand.__new__(Hand)
    assert hand.legal_actions() == [] and hand.is_over and hand.history == ()
    for call in (hand.check, hand.fold, hand.call, hand.show, lambda: hand.deal(["As Ks Qs"])):
        with pytest.raises(IllegalActionError):
            call()
    started = Hand(STUD7, [100, 100], seed=1)
    with pytest.raises(TypeError, match="started once"):
        started.__init__(STUD7, [100, 100])


def test_private_helpers_check_their_inputs():
    with pytest.raises(TypeError):
        stud._core._builtin_choice("random", None, 1)
    with pytest.raises(ValueError, match="not set up"):
        stud._core._BatchJob().run(0, 10)
    assert not hasattr(stud._core, "_shuffle_with_seed")  # internal to the module now


def test_cards_and_sets_are_immutable():
    cards = CardSet("As Kd")
    with pytest.raises(TypeError, match="immutable"):
        cards.__init__("2c 3c")
    card = Card("As")
    with pytest.raises(TypeError, match="immutable"):
        card.__init__("2c")
    assert str(cards) == "As Kd" and str(card) == "As"
    with pytest.raises(TypeError):
        Card(None)
    for made in (Card.from_index(3), CardSet.from_mask(7), stud.evaluate_high("As Ks Qs Js Ts").cards):
        with pytest.raises(TypeError):
            made.__init__("2c")


def test_evaluated_hands_come_only_from_the_evaluators():
    with pytest.raises(TypeError):
        stud.HighHand()
    with pytest.raises(TypeError):
        stud.LowHand()


def test_hilo_outputs_must_not_overlap():
    masks = np.array([int(CardSet("As 2d 3c 4h 5s Kd Kh"))] * 8, dtype=np.uint64)
    out = np.zeros(8, np.uint16)
    with pytest.raises(ValueError, match="overlap"):
        stud.evaluate_hilo_batch(masks, out, out)
    with pytest.raises(ValueError, match="overlap"):
        stud.evaluate_hilo_batch(masks, out, out[:8])


def test_community_card_only_when_the_deck_runs_short():
    # 5.1: two players never exhaust the deck, in either game
    five = Hand(Rules(Variant.FIVE_CARD_STUD, 10), [100, 100], manual=True)
    five.deal(["As Kd", "2c 7h"])
    five.bring_in()
    five.call()
    assert five.awaiting_deal
    with pytest.raises(stud.CardError):
        five.deal(community="2s")
    seven = Hand(STUD7, [100] * 3, manual=True)
    seven.deal(["As Kd Qh", "2c 7h 9d", "3s 4s 5s"])
    seven.bring_in()
    seven.call()
    seven.call()
    assert seven.awaiting_deal
    with pytest.raises(stud.CardError):
        seven.deal(community="2s")
    seven.deal(["6h", "8h", "Th"])  # the street itself is dealt as usual
    assert seven.actor is not None


def test_replay_checks_what_each_event_says():
    from stud.game import CardDealt, CommunityCardDealt

    hand = play_to_end(Hand(STUD7, [100, 100, 100], seed=11))
    history = list(hand.history)
    k = next(i for i, e in enumerate(history) if isinstance(e, ActionTaken))
    wrong_seat = history[:k] + [ActionTaken((history[k].seat + 1) % 3, history[k].action)]
    with pytest.raises(ValueError, match="awaits seat"):
        stud.replay(STUD7, [100, 100, 100], wrong_seat)
    d = next(i for i, e in enumerate(history) if isinstance(e, CardDealt))
    for bad in (CardDealt(0.0, history[d].card, False), CardDealt(99, history[d].card, False),
                CardDealt(0, "As", False), CommunityCardDealt(None)):
        with pytest.raises((TypeError, ValueError)):
            stud.replay(STUD7, [100, 100, 100], history[:d] + [bad] + history[d + 1:])


@pytest.mark.parametrize("call", [
    lambda: stud.simulate(STUD7, ["call", "call"], 10, seed=1.5),
    lambda: stud.simulate(STUD7, ["call", "call"], 10, seed="x"),
    lambda: stud.simulate(STUD7, ["call", "call"], 10, seed=True),
    lambda: stud.simulate(STUD7, ["call", "call"], 10, rotate="no"),
    lambda: stud.simulate(STUD7, ["call", "call"], 10, carry=[]),
    lambda: stud.simulate(None, ["call", "call"], 10),
    lambda: stud.equity(Variant.RAZZ, ["As 2d", "Kh Kd"], exact="no"),
    lambda: stud.equity(Variant.RAZZ, ["As 2d", "Kh Kd"], exact=0),
    lambda: stud.equity(Variant.RAZZ, ["As 2d 3c 4h 5s", "Kh Kd"], trials="many"),
    lambda: stud.equity(Variant.RAZZ, ["As 2d 3c 4h 5s", "Kh Kd"], seed="x"),
    lambda: stud.board_value("As", razz="yes"),
    lambda: Hand(STUD7, [100, 100], manual="yes"),
    lambda: stud.play_random(STUD7, [100, 100], 1, check="no"),
])
def test_junk_flags_seeds_and_counts_are_refused(call):
    with pytest.raises(TypeError):
        call()


@pytest.mark.parametrize("variant", [True, 1.0, "RAZ", "seven", 9, None, b"razz"])
def test_variants_must_be_variants(variant):
    with pytest.raises(ValueError, match="unknown variant"):
        Rules(variant, 10)
    with pytest.raises(ValueError, match="unknown variant"):
        stud.equity(variant, ["As 2d", "Kh Kd"])


def test_numpy_seeds_and_counts_work_everywhere():
    a = stud.simulate(STUD7, ["random", "call"], 200, seed=np.int64(3))
    b = stud.simulate(STUD7, ["random", "call"], 200, seed=3)
    assert a == b
    c = stud.equity(Variant.RAZZ, ["As 2d", "Kh Kd"], exact=False, trials=np.int64(1000),
                    seed=np.uint64(4))
    assert c == stud.equity(Variant.RAZZ, ["As 2d", "Kh Kd"], exact=False, trials=1000, seed=4)


def test_huge_counts_are_refused_before_any_work():
    with pytest.raises(ValueError, match="hands must be between"):
        stud.simulate(STUD7, ["random", "call"], 10**20, seed=1)
    with pytest.raises(ValueError, match="trials must be between"):
        stud.equity(Variant.RAZZ, ["As 2d", "Kh Kd"], exact=False, trials=2**70)


def test_rules_options_must_be_the_strings_named():
    class Anything(str):
        def __eq__(self, other):
            return True

        __hash__ = str.__hash__

    with pytest.raises(ValueError):
        Rules(Variant.RAZZ, 10, bring_in_tiebreak=Anything("x"))

    class Yes:
        def __eq__(self, other):
            return True

    with pytest.raises(ValueError):
        Rules(Variant.RAZZ, 10, odd_chip=Yes())


def test_action_amounts_are_numbers():
    with pytest.raises(TypeError):
        Action(ActionKind.BET, "junk")
    with pytest.raises(TypeError):
        Action(3, None)


# ---- found by the C fuzzers (fuzz/corpus/*/regress-*) ---------------------------------------

def test_batch_writes_every_value_before_a_bad_mask():
    good = int(CardSet("As Ks Qs Js Ts"))
    for bad_at in (1, 63, 64, 65, 130):
        masks = np.full(200, good, dtype=np.uint64)
        masks[bad_at] = 0
        out = np.zeros(200, np.uint16)
        with pytest.raises(ValueError, match=rf"masks\[{bad_at}\]"):
            stud.evaluate_high_batch(masks, out)
        assert (out[:bad_at] == stud.HIGH_CLASSES).all()


def test_uncalled_ante_chips_do_not_make_a_bet_negative():
    # both players all in from the antes; 51 ante chips go back to seat 0
    hand = Hand(Rules(Variant.FIVE_CARD_STUD_HILO, 513), [52, 1], manual=True)
    hand.deal(["As Kd", "2c 7h"])
    assert hand.awaiting_deal
    assert hand.bets == [0, 0] and hand.stacks == [51, 0] and hand.pot == 2


# ---- a third probe: caches, re-entrancy, aliasing -----------------------------------------

def test_a_rules_subclass_cannot_change_other_rules():
    class Shifty(Rules):
        reads = 0

        @property
        def open_pair_double(self):
            Shifty.reads += 1
            return True if Shifty.reads == 4 else self.__dict__["open_pair_double"]

        @open_pair_double.setter
        def open_pair_double(self, value):
            self.__dict__["open_pair_double"] = value

    shifty = Shifty(Variant.RAZZ, 10)
    Shifty.reads = 0
    with pytest.raises(TypeError, match="not a subclass"):
        Hand(shifty, [1000, 1000], seed=0)
    plain = Rules(Variant.RAZZ, 10)
    hand = Hand(plain, [1000, 1000], deck="2c 3c 4s 4c Kc 9h 7d Kh 8s")
    hand.bring_in()
    hand.call()
    assert [str(a) for a in hand.legal_actions()] == ["check", "bet 10"]  # 4.4: never in Razz


def test_rules_whose_fields_were_renamed_or_retyped_are_refused():
    Hand(Rules(Variant.SEVEN_CARD_STUD, 10, 20, 4, 4), [100, 100], seed=1)
    for change in ("swap", "float", "int flag"):
        forged = Rules(Variant.SEVEN_CARD_STUD, 10, 20, 4, 4)
        fields = forged.__dict__
        if change == "swap":
            names, values = list(fields), list(fields.values())
            names[2], names[3] = names[3], names[2]
            fields.clear()
            fields.update(zip(names, values))
        elif change == "float":
            fields["small_bet"] = 10.0
        else:
            fields["burn_cards"] = 1
        with pytest.raises(ValueError):
            Hand(forged, [100, 100], seed=1)


def test_a_hand_cannot_be_started_again_from_inside_its_start():
    hand = Hand.__new__(Hand)

    class Seed:
        def __index__(self):
            hand.__init__(STUD7, [100, 100], seed=1)
            return 1

    with pytest.raises(TypeError, match="started once"):
        hand.__init__(STUD7, [100, 100], seed=Seed())


def test_worker_counts_have_a_ceiling():
    for call in (lambda: stud.simulate(STUD7, ["call", "call"], 10, seed=1, workers=10**6),
                 lambda: stud.equity(Variant.RAZZ, ["As 2d", "Kh Kd"], exact=False,
                                     trials=10, threads=2**1000),
                 lambda: stud.evaluate_high_batch(np.zeros(0, np.uint64), threads=10**9)):
        with pytest.raises(ValueError, match="0 \\(all cores\\) to 1024"):
            call()


def test_unmade_cards_cannot_be_hashed_then_changed():
    card = Card.__new__(Card)
    with pytest.raises(TypeError, match="not hashable"):
        hash(card)
    card.__init__("As")
    assert {card} == {Card("As")}
    cards = CardSet.__new__(CardSet)
    with pytest.raises(TypeError, match="not hashable"):
        hash(cards)


def test_unevaluated_hands_say_so():
    assert str(stud.HighHand.__new__(stud.HighHand)) == "no hand"
    low = stud.LowHand.__new__(stud.LowHand)
    assert str(low) == "no hand" and low.kind == "razz"


def test_deal_seats_must_be_whole_numbers():
    hand = Hand(STUD7, [100, 100], manual=True)
    for seats in ({0: "2c 3c 4c", 1.0: "2d 3d 4d"}, {0: "2c 3c 4c", True: "2d 3d 4d"},
                  {0: "2c 3c 4c", np.float64(1.0): "2d 3d 4d"}):
        with pytest.raises(TypeError, match="seats are whole numbers"):
            hand.deal(seats)
    hand.deal({0: "2c 3c 4c", np.int64(1): "2d 3d 4d"})


def test_batch_outputs_must_not_overlap_the_masks():
    masks = np.full(64, int(CardSet("As Ks Qs Js Ts")), dtype=np.uint64)
    with pytest.raises(ValueError, match="must not overlap masks"):
        stud.evaluate_high_batch(masks, masks.view(np.uint16)[64:128])
    with pytest.raises(ValueError, match="must not overlap masks"):
        stud.evaluate_hilo_batch(masks, np.zeros(64, np.uint16), masks.view(np.uint16)[:64])
    assert (masks == int(CardSet("As Ks Qs Js Ts"))).all()


@pytest.mark.parametrize("amount", [-1, 2**31, 2**1000])
def test_action_amounts_are_in_range(amount):
    with pytest.raises(IllegalActionError):
        Action(ActionKind.CALL, amount)


# ---- the front door: names, conveniences, one contract ------------------------------------

@pytest.mark.parametrize("name, variant", [("razz", Variant.RAZZ), ("RAZZ", Variant.RAZZ),
                                           ("stud8", Variant.SEVEN_CARD_STUD_HILO),
                                           ("Five_Card_Stud_Hilo", Variant.FIVE_CARD_STUD_HILO),
                                           (np.int64(3), Variant.FIVE_CARD_STUD)])
def test_variants_by_name_short_name_or_number(name, variant):
    assert Rules(name, 10).variant is variant
    assert stud.equity(name, ["As 2d 3c 4h 5s", "Kd Kh 9c 8d 7s"]).exact


def test_check_or_call():
    hand = Hand(Rules(Variant.SEVEN_CARD_STUD, 10), [100, 100, 100], seed=4)
    with pytest.raises(IllegalActionError, match="bring in"):
        hand.check_or_call()
    hand.bring_in()
    hand.check_or_call()
    assert hand.history[-1].action.kind is ActionKind.CALL
    hand.complete()
    hand.check_or_call()
    while hand.street == 3:
        hand.check_or_call()
    hand.check_or_call()
    assert hand.history[-1].action.kind is ActionKind.CHECK


def test_progress_without_tqdm_says_so(monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_tqdm(name, *args, **kwargs):
        if name == "tqdm":
            raise ImportError("no tqdm here")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_tqdm)
    with pytest.warns(UserWarning, match="needs tqdm"):
        stud.simulate(STUD7, ["call", "call"], 10, seed=1, progress=True)


def test_python_enums_follow_the_c_core():
    c = stud._core._c_enums()
    assert {k.name: int(k) for k in ActionKind} == c["ActionKind"]
    assert {v.name: int(v) for v in Variant} == c["Variant"]
    assert {name: k for k, name in enumerate(stud.BUILTIN_POLICIES)} == c["policies"]
    assert max(Rules(v, 10).max_players for v in Variant) == c["max_seats"]


# ---- a final probe: identity, not equality; snapshots, not live buffers ----------------------

def test_a_used_rules_cannot_be_changed_to_equal_looking_values():
    class Liar(int):
        def __eq__(self, other):
            return True

        __hash__ = int.__hash__

    for field, value in (("small_bet", Liar(50)), ("small_bet", 10.0), ("burn_cards", 1),
                         ("max_raises", 3.0)):
        rules = Rules(Variant.SEVEN_CARD_STUD, 10)
        Hand(rules, [1000, 1000], seed=1)  # validated and cached
        object.__setattr__(rules, field, value)
        with pytest.raises(ValueError):
            Hand(rules, [1000, 1000], seed=1)


def test_objects_posing_as_rules_are_refused():
    honest = dict(Rules(Variant.SEVEN_CARD_STUD, 10).__dict__)

    class FakeDict(Rules):
        @property
        def __dict__(self):
            return dict(honest)

    class Fake:
        __class__ = property(lambda self: Rules)

    fake = Fake()
    fake.__dict__.update(honest)
    for forged in (FakeDict(Variant.SEVEN_CARD_STUD, 10), fake):
        with pytest.raises(TypeError):
            Hand(forged, [100, 100])
        with pytest.raises(TypeError):
            stud.play_random(forged, [9, 9], 1)
        with pytest.raises(TypeError):
            stud.simulate(forged, ["call", "call"], 1, seed=1)


def test_history_is_read_from_a_snapshot_while_the_hand_moves():
    import gc

    rules = Rules(Variant.SEVEN_CARD_STUD, 10)
    for seed in range(30):
        hand = Hand(rules, [1000] * 8, seed=seed)

        def act(phase, info, hand=hand):
            if phase == "start" and not hand.is_over:
                hand.act(hand.legal_actions()[-1])

        gc.callbacks.append(act)
        threshold = gc.get_threshold()
        gc.set_threshold(1)
        try:
            while not hand.is_over:
                events = hand.history
                pickle.dumps(hand)
                assert all(isinstance(e, stud.game.Event.__args__) for e in events)
        finally:
            gc.callbacks.remove(act)
            gc.set_threshold(*threshold)


def test_lying_tuples_and_deep_inputs_give_clear_errors():
    class Liar(tuple):
        def __len__(self):
            return 2

    hand = Hand(STUD7, [100, 100], seed=1)
    with pytest.raises(TypeError, match="pair"):
        hand.act(Liar((3, 5, 7)))
    deep: list = []
    for _ in range(100_000):
        deep = [deep]
    with pytest.raises(TypeError):
        CardSet(deep)


def test_evaluated_hands_repr_as_python_that_makes_them_again():
    namespace = vars(stud)
    for hand in (stud.evaluate_high("Ah Ad Ac Kd Ks 2c 3d"), stud.evaluate_low8("As 2d 3c 4h 8s Kd"),
                 stud.evaluate_razz("Kd Kh 3c 3d 2s Ac Ah")):
        again = eval(repr(hand), namespace)
        assert again == hand and str(again) == str(hand)
