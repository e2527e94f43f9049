"""Records of hands (stud.histories): Hand -> record -> replay reproduces the
hand; cards nobody saw are filled without changing the result; every way a
record can disagree with the engine raises MismatchError at that step."""

import random

import pytest
import stud
from stud.game import ActionTaken, HandMucked, PotAwarded
from stud.histories import Acted, Dealt, Move, Mucked, Showed
from stud.histories.replay import MismatchError


def random_hand(seed, *, showdown="auto", variants=tuple(stud.Variant)):
    rng = random.Random(seed)
    variant = rng.choice(variants)
    seats = rng.randint(2, 8)
    stacks = [rng.randint(3, 250) for _ in range(seats)]
    hand = stud.Hand(stud.Rules(variant, 10), stacks, seed=seed, showdown=showdown)
    while not hand.is_over:
        if hand.awaiting_showdown:
            hand.muck() if hand.may_muck and rng.random() < 0.5 else hand.show()
        else:
            hand.act(rng.choice(hand.legal_actions()))
    return hand


def actions(hand):
    return [(e.seat, e.action) for e in hand.history if isinstance(e, ActionTaken)]


@pytest.mark.parametrize("showdown", ["auto", "manual"])
def test_a_hand_and_its_record_replay_alike(showdown):
    for seed in range(150):
        hand = random_hand(seed, showdown=showdown)
        record = hand.to_record(hand_id=str(seed))
        again = record.replay()
        assert again.stacks == hand.stacks and again.payouts == hand.payouts, seed
        assert actions(again) == actions(hand)
        assert again.to_record(hand_id=str(seed)).steps == record.steps


def hidden(record):
    """The record as a site would write it for nobody in particular: the down
    cards of every seat that did not show are unknown."""
    shown = {s.seat for s in record.steps if isinstance(s, Showed)}
    up = {}  # per seat, which of its cards were up, from the street layout
    steps = []
    for step in record.steps:
        if isinstance(step, Dealt) and step.seat not in shown:
            street = up.setdefault(step.seat, 0)
            up[step.seat] += 1
            faces = face_up(record.rules, street, len(step.cards))
            step = Dealt(step.seat, tuple(c if f else None for c, f in zip(step.cards, faces)))
        steps.append(step)
    return record.replace(steps=tuple(steps))


def face_up(rules, street_index, n_cards):
    """Which cards of a seat's street are face up (docs/rules.md 1)."""
    seven = rules.variant in (stud.Variant.SEVEN_CARD_STUD, stud.Variant.SEVEN_CARD_STUD_HILO,
                              stud.Variant.RAZZ)
    last = len(rules.streets) - 1
    if street_index == 0:
        return [False] * (n_cards - 1) + [True]
    return [not (seven and street_index == last)] * n_cards


def test_cards_nobody_saw_do_not_change_the_result():
    checked = 0
    for seed in range(200):
        hand = random_hand(seed)
        record = hidden(hand.to_record())
        if all(c is not None for s in record.steps if isinstance(s, Dealt) for c in s.cards):
            continue
        again = record.replay()
        assert again.stacks == hand.stacks, seed
        checked += 1
    assert checked > 100


def a_record():
    hand = random_hand(5)
    while sum(isinstance(s, Acted) for s in hand.to_record().steps) < 4:
        hand = random_hand(hand.n_seats * 1000 + len(hand.history))
    return hand.to_record(players=tuple(f"p{s}" for s in range(hand.n_seats)), hand_id="H1")


def replace_step(record, index, step):
    steps = list(record.steps)
    steps[index] = step
    return record.replace(steps=tuple(steps))


def test_a_wrong_amount_is_named_at_its_step():
    record = a_record()
    index = next(i for i, s in enumerate(record.steps)
                 if isinstance(s, Acted) and s.to is not None and s.move is not Move.FOLD)
    step = record.steps[index]
    with pytest.raises(MismatchError) as caught:
        replace_step(record, index, Acted(step.seat, step.move, step.to + 1)).replay()
    assert caught.value.step == index and "hand H1" in str(caught.value)
    assert "not legal" in str(caught.value)


def test_the_wrong_seat_acting_is_named():
    record = a_record()
    index = next(i for i, s in enumerate(record.steps) if isinstance(s, Acted))
    step = record.steps[index]
    other = (step.seat + 1) % record.n_seats
    with pytest.raises(MismatchError, match="awaits seat") as caught:
        replace_step(record, index, Acted(other, step.move, step.to)).replay()
    assert caught.value.step == index


def test_a_different_collection_is_a_settlement_mismatch():
    record = a_record()
    collected = list(record.collected)
    winner = max(range(record.n_seats), key=collected.__getitem__)
    collected[winner] -= 1
    collected[(winner + 1) % record.n_seats] += 1
    wrong = record.replace(collected=tuple(collected))
    with pytest.raises(MismatchError, match="collected") as caught:
        wrong.replay()
    assert caught.value.step is None and "p" in str(caught.value)


def test_a_truncated_record_and_a_card_seen_twice():
    record = a_record()
    last = max(i for i, s in enumerate(record.steps) if isinstance(s, Acted))
    short = record.replace(steps=record.steps[:last])
    with pytest.raises(MismatchError, match="ends before the hand does"):
        short.replay()
    first, second = [i for i, s in enumerate(record.steps) if isinstance(s, Dealt)][:2]
    twice = replace_step(record, second, Dealt(record.steps[second].seat,
                                               record.steps[first].cards))
    with pytest.raises(MismatchError, match="already dealt") as caught:
        twice.replay()
    assert caught.value.step == second


def test_recorded_mucks_are_honoured():
    for seed in range(300):
        hand = random_hand(seed, showdown="manual")
        if any(isinstance(e, HandMucked) for e in hand.history):
            break
    record = hand.to_record()
    assert any(isinstance(s, Mucked) for s in record.steps)
    again = record.replay()
    mucked = [e.seat for e in again.history if isinstance(e, HandMucked)]
    assert mucked == [s.seat for s in record.steps if isinstance(s, Mucked)]
    assert [e for e in again.history if isinstance(e, PotAwarded)] == \
        [e for e in hand.history if isinstance(e, PotAwarded)]


def test_the_street_by_street_view():
    from html.parser import HTMLParser

    from stud.histories.view import html, text

    for seed in range(40):
        hand = random_hand(seed)
        names = tuple(f"player{s}" for s in range(hand.n_seats))
        record = hidden(hand.to_record(players=names))
        lines = text(record).splitlines()
        streets = [e.street for e in hand.history if type(e).__name__ == "StreetStarted"]
        assert [line for line in lines if line.endswith(" street")] == \
            [{2: "2nd", 3: "3rd"}.get(s, f"{s}th") + " street" for s in streets]
        net = [b - a for a, b in zip(hand.starting_stacks, hand.stacks)]
        for seat, chips in enumerate(net):
            if chips:
                assert f"{names[seat]} " in lines[-1] and f"{chips:+d}" in lines[-1]
        # cards nobody saw are never printed: a down card of a seat that did not show
        shown = {s.seat for s in record.steps if isinstance(s, Showed)}
        for step in record.steps:
            if isinstance(step, Dealt) and step.seat not in shown and None in step.cards:
                assert "??" in text(record)
                break
        page = html(record)
        parser = HTMLParser()
        parser.feed(page)
        assert page.startswith("<table") and page.endswith("</table>")
        assert record._repr_html_() == page


def test_all_in_adjusted_results():
    from stud.histories.analysis import analyze, summarize

    seen_all_in = 0
    records = []
    for seed in range(60):
        hand = random_hand(seed)
        record = hand.to_record(players=tuple(f"p{s}" for s in range(hand.n_seats)))
        records.append(record)
        result = analyze(record, trials=2_000, equities=False)
        assert result.net == tuple(b - a for a, b in zip(hand.starting_stacks, hand.stacks))
        if result.all_in_street is None:
            assert result.adjusted == tuple(float(x) for x in result.net)
        else:
            seen_all_in += 1
            # the pots' expected shares add up to the pots: zero-sum (no rake here)
            assert sum(result.adjusted) == pytest.approx(0, abs=1e-6)
            assert result.all_in_street in hand.rules.streets
    assert seen_all_in >= 3
    totals = summarize(records, trials=2_000)
    assert sum(t.hands for t in totals.values()) == sum(r.n_seats for r in records)
    assert sum(t.net for t in totals.values()) == 0


def test_all_in_adjusted_matches_the_equity_of_the_moment():
    from stud.histories.analysis import analyze

    # ann all in on 6th street, two cards each to come: the exact equity then
    deck = "Ah Kc Ad Kd As Qh 2c 3d 4h 5s 6c 7d 8h 9s Tc Jd"
    hand = stud.Hand(stud.Rules("stud", 10, burn_cards=False), [47, 500], deck=deck)
    for action in (hand.bring_in, hand.complete, hand.call):
        action()
    while hand.actor is not None:
        hand.act(hand.legal_actions()[-1])
    result = analyze(hand, equities=False)
    assert result.all_in_street is not None and result.all_in_street < 7
    street = result.all_in_street
    count = {3: 3, 4: 4, 5: 5, 6: 6}[street]
    dealt = {0: [], 1: []}  # each seat's cards at the moment, in the order dealt
    for event in hand.history:
        if type(event).__name__ == "CardDealt" and len(dealt[event.seat]) < count:
            dealt[event.seat].append(str(event.card))
    exact = stud.equity("stud", [" ".join(dealt[0]), " ".join(dealt[1])])
    pot = sum(hand.contributions)
    assert result.adjusted[0] == pytest.approx(exact.equity[0] * pot - hand.contributions[0],
                                               abs=0.02 * pot)


def test_a_show_naming_more_cards_than_the_seat_was_dealt_unseen():
    """A seat's down cards unknown, its show naming them and, in place of one
    of its up cards, a card nobody dealt it: the show contradicts the deal
    (a site's line damaged); the replay says so rather than filling the
    down cards and dropping the rest."""
    checked = 0
    for seed in range(300):
        hand = random_hand(seed, variants=(stud.Variant.SEVEN_CARD_STUD,))
        record = hand.to_record()
        shows = [i for i, s in enumerate(record.steps)
                 if isinstance(s, Showed) and len(s.cards) == 7]
        if not shows:
            continue
        at = shows[0]
        seat = record.steps[at].seat
        named = {c for s in record.steps if isinstance(s, Dealt) for c in s.cards}
        stranger = next(c for c in (stud.Card.from_index(i) for i in range(52))
                        if c not in named)
        third = next(s for s in record.steps if isinstance(s, Dealt) and s.seat == seat)
        down, up = third.cards[:2], third.cards[2]
        steps = []
        for index, step in enumerate(record.steps):
            if step is third:
                step = Dealt(seat, (None, None, up))  # the down cards unknown
            elif index == at:
                step = Showed(seat, tuple(stranger if c == up else c for c in step.cards))
            steps.append(step)
        damaged = record.replace(steps=tuple(steps))
        with pytest.raises(MismatchError, match="more cards than it was dealt unseen") as caught:
            damaged.replay()
        assert caught.value.step == at
        # the show of the down cards alone says nothing against the deal
        steps[at] = Showed(seat, down)
        assert record.replace(steps=tuple(steps)).replay().stacks == hand.stacks
        checked += 1
    assert checked >= 20
