"""stud.equity against a slow independent enumerator, known values, the
hi-lo accounting of docs/rules.md 9, Monte Carlo error bars and bad input."""

from fractions import Fraction
from itertools import combinations

import pytest
import stud
from stud import CardSet, Variant

SEVEN = (Variant.SEVEN_CARD_STUD, Variant.SEVEN_CARD_STUD_HILO, Variant.RAZZ,
         Variant.DEUCE_TO_SEVEN_RAZZ, Variant.SEVEN_CARD_STUD_HILO_REGULAR)


def slow_equity(variant, hands, dead="", five_ranks=False):
    """Every deal of the missing cards, settled by docs/rules.md 9 with exact fractions.

    Independent of the C enumeration: plain itertools over the stub, one
    evaluation per hand per outcome (the scalar evaluators are checked
    exhaustively elsewhere)."""
    size = 7 if variant in SEVEN else 5
    known = [CardSet(h) for h in hands]
    out = CardSet(dead)
    for cards in known:
        out = out | cards
    stub = [c for c in CardSet.deck() if c not in out]
    n = len(known)
    share = [Fraction(0)] * n
    high_wins, low_wins, scoops = [0] * n, [0] * n, [0] * n
    high_ties, low_ties = [0] * n, [0] * n
    outcomes = 0

    def deal(p, left, finals):
        nonlocal outcomes
        if p == n:
            outcomes += 1
            settle(finals)
            return
        for extra in combinations(left, size - len(known[p])):
            rest = [c for c in left if c not in extra]
            deal(p + 1, rest, finals + [known[p] | CardSet(extra)])

    def settle(finals):
        if variant == Variant.RAZZ:
            highs = [stud.razz_value(f) for f in finals]
        elif variant == Variant.DEUCE_TO_SEVEN_RAZZ:  # the best 2-7 low takes all (12.5)
            highs = [stud.evaluate_27(f).value for f in finals]
        else:
            highs = [stud.high_value(f) for f in finals]
        if variant == Variant.SEVEN_CARD_STUD_HILO_REGULAR:  # an A-5 low for all (13.4)
            lows = [stud.razz_value(f) for f in finals]
            if five_ranks:  # 13.5: none without five distinct ranks
                lows = [v if len({c.rank for c in f}) >= 5 else 0 for v, f in zip(lows, finals)]
        elif variant in (Variant.SEVEN_CARD_STUD_HILO, Variant.FIVE_CARD_STUD_HILO):
            lows = [stud.low8_value(f) for f in finals]
        else:
            lows = [0] * n
        hw = [p for p in range(n) if highs[p] == max(highs)]
        lw = [p for p in range(n) if lows[p] and lows[p] == max(lows)]
        for p in range(n):
            got = Fraction(0)
            if p in hw:
                high_wins[p] += 1
                high_ties[p] += len(hw) > 1
                got += Fraction(1, 2 * len(hw)) if lw else Fraction(1, len(hw))
            if p in lw:
                low_wins[p] += 1
                low_ties[p] += len(lw) > 1
                got += Fraction(1, 2 * len(lw))
            share[p] += got
            scoops[p] += got == 1

    deal(0, stub, [])
    return outcomes, [s / outcomes for s in share], [h / outcomes for h in high_wins], \
        [x / outcomes for x in low_wins], [s / outcomes for s in scoops], \
        [t / outcomes for t in high_ties], [t / outcomes for t in low_ties]


def test_known_value():
    result = stud.equity(Variant.SEVEN_CARD_STUD, ["As Ah Ts Th 8h 8d", "Kc Qc Jc Td 3c 2d"])
    assert result.exact and result.outcomes == 1_560 and result.stderr is None
    assert round(result.equity[0], 6) == 0.714103
    assert result.equity[0] + result.equity[1] == pytest.approx(1.0)


@pytest.mark.parametrize("variant, hands, dead", [
    (Variant.SEVEN_CARD_STUD, ["As Ah Ts Th 8h 8d", "Kc Qc Jc Td 3c 2d", "9s 9d 4c 4d 2h 2s"], ""),
    (Variant.SEVEN_CARD_STUD_HILO, ["As 2d 3c 4h 9s Kd", "Ah 2h 3s 5d Qc Qd", "7c 7d 7h 6c 6d 5s"], "8h 8c"),
    (Variant.SEVEN_CARD_STUD_HILO, ["Ac 2c 3d 4d 6s", "As 3h 4s 6c 2h Kd"], "5h 5c 5s"),
    (Variant.RAZZ, ["Ac 2c 3d 4d 9s", "As 3h 4s 6c 8h Kd"], "7c 7d"),
    (Variant.FIVE_CARD_STUD, ["As Kd 7h 2c", "Qs Qd 4h 3c", "Jh Tc 9d 8s"], ""),
    (Variant.FIVE_CARD_STUD_HILO, ["As 2d 7h 3c", "Ah 4h 5h 6c"], "8d"),
    # many ties of both halves: the same low ranks
    (Variant.FIVE_CARD_STUD_HILO, ["As 2d 7h 3c", "Ah 2h 3s 7d", "Kc Kd Qh"], ""),
    (Variant.RAZZ, ["As 2d 3h 4c 5s 9d", "Ad 2s 3c 4h 5d 9s"], ""),
    # 2-7: five hearts (the flush avoided or not by the last card), aces high
    (Variant.DEUCE_TO_SEVEN_RAZZ, ["2h 3h 4h 5h 7h", "8c 6d 5s 4c 2d Qh"], ""),
    (Variant.DEUCE_TO_SEVEN_RAZZ, ["As 2d 3c 4h 5s 6h", "6s 5d 4c 3h 2h Kd", "7c 7d 2c 8d 9d Td"],
     "8s 8h"),
    (Variant.DEUCE_TO_SEVEN_RAZZ, ["7s 5s 4s 3s 9s", "7d 5d 4d 3d 2d Kh"], ""),
    # hi-lo regular: every hand has a low; ties of the A-5 low
    (Variant.SEVEN_CARD_STUD_HILO_REGULAR, ["Kc Kd Ks 9h 9c 7d", "Th 8s 6c 4d 3h Jc"], ""),
    (Variant.SEVEN_CARD_STUD_HILO_REGULAR, ["As 2d 3c 4h 9s Kd", "Ah 2h 3s 4d Qc Qd",
                                            "7c 7d 7h 6c 5s 5d"], "8h 8c"),
    (Variant.SEVEN_CARD_STUD_HILO_REGULAR, ["Qs Qd Jc Jh 9s", "Qc Qh Js Jd 9d Kd"], ""),
    # more players than the cells of (high, low) winners kept on the stack
    *[(variant, ["As 2d 3c 4h 5s 6d 7c", "Ah 2h 3s 5d Kc Ks 9h", "Qs Qd 7h 8h Th 6c Kh",
                 "Jc Jd 5c 6s 7s 8s", "9d 9s 4c 4d 2s 3d"], "")
      for variant in SEVEN],
    *[(variant, ["As 2d 3c 4h 5s", "Ah 2h 3s 5d Kc", "Qs Qd 7c 8h Th", "Jc Jd 5c 6s 7s",
                 "9d 9h 4c 4d 2s", "Tc Td 8c 8d 7d", "Kd Kh Qh Qc", "Ad Ac Js 9c"], "")
      for variant in (Variant.FIVE_CARD_STUD, Variant.FIVE_CARD_STUD_HILO)],
    # a full Five Card Stud table: nine and ten players (hi-lo: up to 2^20 cells),
    # most hands complete so that the slow enumerator stays quick
    *[(variant, ["As 2d 3c 4h", "Ah 2h 3s 5d 8s", "Qs Qd 7c 8h Ts", "Jc Jd 5c 6s 7s",
                 "9d 9h 4c 4d 2s", "Tc Td 8c 8d 7d", "Kd Kh Qh Qc 3d", "Ad Ac Js 9c 6c",
                 "7h 6h 5h 4s", "Ks Kc 6d"][:n], "")
      for variant in (Variant.FIVE_CARD_STUD, Variant.FIVE_CARD_STUD_HILO) for n in (9, 10)],
])
def test_exact_matches_the_slow_enumerator(variant, hands, dead):
    outcomes, share, high, low, scoop, high_tie, low_tie = slow_equity(variant, hands, dead)
    result = stud.equity(variant, hands, dead or None, exact=True)
    assert result.outcomes == outcomes
    # the C side counts in 1/840 units: exact, since at most four players tie a half
    assert result.equity == pytest.approx([float(s) for s in share], abs=1e-12)
    assert result.high == pytest.approx([float(h) for h in high], abs=1e-12)
    assert result.low == pytest.approx([float(x) for x in low], abs=1e-12)
    assert result.scoop == pytest.approx([float(s) for s in scoop], abs=1e-12)
    # wins alone and ties, apart
    assert result.tie == pytest.approx([float(t) for t in high_tie], abs=1e-12)
    assert result.low_tie == pytest.approx([float(t) for t in low_tie], abs=1e-12)
    assert result.win == pytest.approx([float(h - t) for h, t in zip(high, high_tie)], abs=1e-12)
    assert result.low_win == pytest.approx([float(x - t) for x, t in zip(low, low_tie)], abs=1e-12)


def test_rule_book_showdowns_of_the_new_games():
    # docs/rules.md 12.5: the flush counts against the first hand
    r = stud.equity(Variant.DEUCE_TO_SEVEN_RAZZ, ["2h 3h 4h 5h 7h 9c Kd", "8c 6d 5s 4c 2d Qh Qs"])
    assert r.outcomes == 1 and r.equity == (0.0, 1.0) and r.scoop == (0.0, 1.0)
    assert r.low == (0.0, 0.0)
    r = stud.equity(Variant.DEUCE_TO_SEVEN_RAZZ, ["As 2d 3c 4h 5s 5d Ac", "4c 4s 4d 9h 9s Th Jh"])
    assert r.equity == (1.0, 0.0)
    r = stud.equity(Variant.DEUCE_TO_SEVEN_RAZZ, ["As 2d 3c 4h 5s 5d Ac", "Kc Qd Jh 9s 8c 8d 8h"])
    assert r.equity == (0.0, 1.0)
    # 13.4: kings full take the high half, T-8-6-4-3 the low half
    regular = Variant.SEVEN_CARD_STUD_HILO_REGULAR
    r = stud.equity(regular, ["Kc Kd Ks 9h 9c 7d 2s", "Th 8s 6c 4d 3h Jc Qd"])
    assert r.equity == (0.5, 0.5) and r.high == (1.0, 0.0) and r.low == (0.0, 1.0)
    # in Stud/8 the first scoops: the second has no qualifying low
    r = stud.equity(Variant.SEVEN_CARD_STUD_HILO, ["Kc Kd Ks 9h 9c 7d 2s", "Th 8s 6c 4d 3h Jc Qd"])
    assert r.equity == (1.0, 0.0)
    # 2-2-9-7-5 beats Q-Q-A-A-K for the low (pairs count against, ace low)
    r = stud.equity(regular, ["Ac Ad As Kh Kc Qd Qs", "2c 2d 5h 5s 7c 7d 9h"])
    assert r.equity == (0.5, 0.5) and r.low == (0.0, 1.0)
    # one hand best both ways scoops
    r = stud.equity(regular, ["As 2s 3s 4s 5s Kd Kh", "Ac Ad 9c 9d Tc Th Qh"])
    assert r.equity == (1.0, 0.0) and r.scoop == (1.0, 0.0)


@pytest.mark.parametrize("hands, dead", [
    # pairs and trips: hands short of five ranks are common on the river
    (["Ac Ad As Kh Kc Qd", "2c 2d 5h 5s 7c 7d"], ""),
    (["Qs Qd Jc Jh 9s 9d", "Qc Qh Js Jd 9c Kd"], ""),
    (["As 2d 3c 3h 9s 9d", "Kh Kd Ks 5d 5c 6h", "7c 7d 7h 6c 6d 8s"], "8h 8c"),
    (["2c 2d 2h 3c 3d", "4c 4d 4h 5c 5d 5h"], "6c 6d 6h 6s 7c 7d 7h 7s"),
])
def test_low_needs_five_ranks_matches_the_slow_enumerator(hands, dead):
    regular = Variant.SEVEN_CARD_STUD_HILO_REGULAR
    outcomes, share, high, low, scoop, high_tie, low_tie = slow_equity(regular, hands, dead,
                                                                        five_ranks=True)
    result = stud.equity(regular, hands, dead or None, exact=True, low_needs_five_ranks=True)
    assert result.outcomes == outcomes
    assert result.equity == pytest.approx([float(s) for s in share], abs=1e-12)
    assert result.high == pytest.approx([float(h) for h in high], abs=1e-12)
    assert result.low == pytest.approx([float(x) for x in low], abs=1e-12)
    assert result.scoop == pytest.approx([float(s) for s in scoop], abs=1e-12)
    assert result.tie == pytest.approx([float(t) for t in high_tie], abs=1e-12)
    assert result.low_tie == pytest.approx([float(t) for t in low_tie], abs=1e-12)
    # the option changes the answer here (else the test would prove nothing)
    assert stud.equity(regular, hands, dead or None, exact=True) != result
    # a Rules carries it; Monte Carlo takes it too
    rules = stud.Rules(regular, 10, low_needs_five_ranks=True)
    assert stud.equity(rules, hands, dead or None, exact=True) == result
    assert stud.equity(rules, hands, dead or None, exact=True, low_needs_five_ranks=False) \
        == stud.equity(regular, hands, dead or None, exact=True)
    approx = stud.equity(rules, hands, dead or None, trials=60_000, seed=5)
    for e, a, err in zip(result.equity, approx.equity, approx.stderr):
        assert abs(e - a) < 4 * err + 1e-12


def test_rule_book_five_ranks_case():
    # docs/rules.md 13.5's worked case: with the option the first scoops
    hands = ["Ac Ad As Kh Kc Qd Qs", "2c 2d 5h 5s 7c 7d 9h"]
    regular = Variant.SEVEN_CARD_STUD_HILO_REGULAR
    assert stud.equity(regular, hands).equity == (0.5, 0.5)
    r = stud.equity(regular, hands, low_needs_five_ranks=True)
    assert r.equity == (1.0, 0.0) and r.scoop == (1.0, 0.0) and r.low == (0.0, 0.0)


@pytest.mark.parametrize("variant", [v for v in Variant
                                     if v is not Variant.SEVEN_CARD_STUD_HILO_REGULAR])
def test_low_needs_five_ranks_is_for_hi_lo_regular_only(variant):
    with pytest.raises(ValueError, match="13.5"):
        stud.equity(variant, ["As 2d", "Kc Kd"], low_needs_five_ranks=True)
    assert stud.equity(variant, ["As 2d 3c 4h 5s", "Kc Kd 3d 4c 5c"], low_needs_five_ranks=False)
    with pytest.raises(TypeError):
        stud.equity(Variant.SEVEN_CARD_STUD_HILO_REGULAR, ["As 2d", "Kc Kd"],
                    low_needs_five_ranks=1)  # type: ignore[arg-type]


def test_hi_lo_accounting_on_finished_hands():
    hilo = Variant.SEVEN_CARD_STUD_HILO
    # seat 0 the high (a flush), seat 1 the low: half each
    r = stud.equity(hilo, ["Ah Kh Qh 9h 2h Kd Ks", "As 2c 3d 4s 6c 9d Jc"])
    assert r.outcomes == 1 and r.equity == (0.5, 0.5) and r.scoop == (0.0, 0.0)
    assert r.high == (1.0, 0.0) and r.low == (0.0, 1.0)
    # the seeds' quartering: both the same low, seat 1 also the high: 25% / 75%
    r = stud.equity(hilo, ["Ac 2d 3h 4s 6c Kd Qd", "As 2c 3d 4c 6d 6h 6s"])
    assert r.equity == (0.25, 0.75) and r.low == (1.0, 1.0) and r.high == (0.0, 1.0)
    # no low: the high scoops (9.3)
    r = stud.equity(hilo, ["Ac Ad Kh Ks 9c 9d Tc", "Qs Qc Jd Jc 9h 9s 2d"])
    assert r.equity == (1.0, 0.0) and r.scoop == (1.0, 0.0) and r.low == (0.0, 0.0)
    # the same players tie both halves: an even split (9.4)
    r = stud.equity(hilo, ["Ac 2d 3h 4s 5c Kd Qd", "As 2c 3d 4c 5d Ks Qc"])
    assert r.equity == (0.5, 0.5) and r.scoop == (0.0, 0.0)


@pytest.mark.parametrize("variant, hands", [
    (Variant.SEVEN_CARD_STUD_HILO, ["As 2d 3c 4h", "Ah 2h 3s 5d"]),
    (Variant.RAZZ, ["Ac 2c 3d 9h 9d", "4s 5h 6c Kd Qd"]),
    (Variant.SEVEN_CARD_STUD, ["As Ah Ts Th 8h", "Kc Qc Jc Td 2s"]),
    (Variant.DEUCE_TO_SEVEN_RAZZ, ["2h 3h 4h 5h", "7c 6d 5s 4c 2d"]),
    (Variant.SEVEN_CARD_STUD_HILO_REGULAR, ["As 2d 3c 4h", "Kh Kd 3s 5d"]),
])
def test_monte_carlo_is_within_four_standard_errors(variant, hands):
    exact = stud.equity(variant, hands, exact=True)
    approx = stud.equity(variant, hands, exact=False, trials=100_000, seed=11)
    assert not approx.exact and approx.outcomes == 100_000
    for e, a, err in zip(exact.equity, approx.equity, approx.stderr):
        assert 0 < err < 0.01
        assert abs(e - a) < 4 * err


def test_monte_carlo_repeats_whatever_the_threads():
    hands = ["As 2d 3c", "Ah 2h 3s", "Kd Kc 9h"]
    one = stud.equity(Variant.SEVEN_CARD_STUD_HILO, hands, exact=False, trials=150_000, seed=3)
    two = stud.equity(Variant.SEVEN_CARD_STUD_HILO, hands, exact=False, trials=150_000, seed=3,
                      threads=2)
    assert one == two
    other = stud.equity(Variant.SEVEN_CARD_STUD_HILO, hands, exact=False, trials=150_000, seed=4)
    assert other != one


def test_exact_is_the_same_on_two_threads():
    hands = ["As 2d 3c 4h 9d", "Ah 2h 3s 5d Kc"]
    assert stud.equity(Variant.SEVEN_CARD_STUD_HILO, hands, threads=2) == \
        stud.equity(Variant.SEVEN_CARD_STUD_HILO, hands, threads=1)


def test_choice_of_method():
    small = stud.equity(Variant.SEVEN_CARD_STUD, ["As Ah Ts", "Kc Qc Jc Td 3c"], exact=None)
    assert small.exact  # C(45,4) * C(41,2) outcomes, under the limit
    large = stud.equity(Variant.SEVEN_CARD_STUD, ["As Ah", "Kc Qc", "2d 2h"], trials=5_000, seed=1)
    assert not large.exact and large.outcomes == 5_000


@pytest.mark.parametrize("hands, dead, error", [
    (["As Kd", "As Qd"], None, stud.CardError),                 # the same card twice
    (["As Kd", "Qd Jd"], "Kd", stud.CardError),                 # a known card is dead
    (["As Kd 2c 3c 4c 5c 6c 7c", "Qd Jd"], None, ValueError),   # 8 cards in a 7-card game
    (["As Kd"], None, ValueError),                              # one player
    ([f"{r}c {r}d" for r in "23456789T"], None, ValueError),   # nine players (7 cards)
    (["As Kd Zz", "Qd"], None, stud.CardError),                 # not a card
])
def test_bad_input(hands, dead, error):
    with pytest.raises(error):
        stud.equity(Variant.SEVEN_CARD_STUD, hands, dead)


def test_eight_players_to_seventh_street_are_refused():
    hands = ["2c 2d 2h", "3c 3d 3h", "4c 4d 4h", "5c 5d 5h", "6c 6d 6h", "7c 7d 7h",
             "8c 8d 8h", "9c 9d 9h"]
    with pytest.raises(ValueError, match="not enough cards"):
        stud.equity(Variant.SEVEN_CARD_STUD, hands)


def test_exact_refuses_an_endless_enumeration():
    with pytest.raises(ValueError, match="exact=False"):
        stud.equity(Variant.RAZZ, ["Ac 2c 3d", "4s 5h 6c", "Kd Qd 8c"], exact=True)


def test_five_card_hands_hold_five():
    with pytest.raises(ValueError, match="5"):
        stud.equity(Variant.FIVE_CARD_STUD, ["As Kd Qh Jc Tc 9c", "2c"])
    with pytest.raises(TypeError):
        stud.equity(Variant.FIVE_CARD_STUD, "As Kd")
    with pytest.raises(ValueError, match="trials"):
        stud.equity(Variant.RAZZ, ["As", "Kd"], exact=False, trials=0)


def test_player_limits_follow_the_tables():
    """8 players in the seven-card games, 10 in Five Card Stud (docs/rules.md 1)."""
    ten = [f"{r}c {r}d" for r in "23456789TJ"]
    result = stud.equity(Variant.FIVE_CARD_STUD, ten, exact=False, trials=2_000, seed=3)
    assert len(result.equity) == 10 and sum(result.equity) == pytest.approx(1.0)
    with pytest.raises(ValueError, match="2 to 10 players in FIVE_CARD_STUD, got 11"):
        stud.equity(Variant.FIVE_CARD_STUD, ten + ["Qc Qd"], exact=False, trials=10)
    with pytest.raises(ValueError, match="2 to 8 players in RAZZ, got 9"):
        stud.equity(Variant.RAZZ, ten[:9], exact=False, trials=10)


def test_every_variant_has_a_scoring():
    from stud._core import _EQUITY_SCORING
    from stud.odds import _SCORING

    assert set(_SCORING) == set(Variant)
    assert sorted(_EQUITY_SCORING.values()) == list(range(5))  # game.h's enum stud_scoring
