"""Card and CardSet: parsing, formatting, order, set operations, masks."""

import random

import pytest
import stud
from stud import Card, CardError, CardSet

from tests.support import reference as ref

RANKS = "23456789TJQKA"
SUITS = "cdhs"
ALL_NAMES = [r + s for r in RANKS for s in SUITS]  # index order 0..51


# ---------------------------------------------------------------- Card


@pytest.mark.parametrize("i", range(52))
def test_card_attributes_match_encoding(i):
    name = ALL_NAMES[i]
    c = Card(name)
    rank, suit = ref.parse(name)[0]
    assert c.rank == rank
    assert c.suit == suit
    assert c.index == i == ref.card_index((rank, suit))
    assert c.mask == ref.card_mask((rank, suit)) == 1 << (16 * SUITS.index(suit) + rank - 2)
    assert str(c) == name
    assert repr(c) == f"Card('{name}')"
    assert Card.from_index(i) == c
    assert str(Card.from_index(i)) == name


@pytest.mark.parametrize("text,expected", [
    ("As", "As"), ("as", "As"), ("AS", "As"), ("aS", "As"),
    ("10s", "Ts"), ("Td", "Td"), ("td", "Td"), ("10H", "Th"), ("2c", "2c"),
    ("kD", "Kd"), ("qh", "Qh"), ("jc", "Jc"),
])
def test_card_parsing_variants(text, expected):
    assert str(Card(text)) == expected
    assert Card(text) == Card(expected)


def test_card_ordering_by_index():
    cards = [Card(n) for n in ALL_NAMES]
    shuffled = cards[:]
    random.Random(1).shuffle(shuffled)
    assert sorted(shuffled) == cards
    assert Card("2c") < Card("2d") < Card("2h") < Card("2s") < Card("3c")
    assert Card("As") > Card("Ah") >= Card("Ah")
    assert Card("Kc") <= Card("Kc")
    assert not (Card("Ac") < Card("Ks"))
    assert Card("Ac") != Card("As")


def test_card_hash_and_equality():
    assert Card("As") == Card("as") == Card.from_index(51)
    assert hash(Card("As")) == hash(Card("as"))
    d = {Card(n): n for n in ALL_NAMES}
    assert len(d) == 52
    assert d[Card("10d")] == "Td"
    assert len({Card("Th"), Card("10h"), Card("th")}) == 1


# ---------------------------------------------------------------- CardSet parsing


@pytest.mark.parametrize("text", [
    "As Kd 7h", "AsKd7h", "as KD 7H", "As,Kd,7h", "As, Kd, 7h", "  As   Kd\t7h  ",
    "7h Kd As", "as,kd 7h", "AS KD 7H",
])
def test_cardset_parse_forms(text):
    cs = CardSet(text)
    assert len(cs) == 3
    assert str(cs) == "As Kd 7h"
    assert repr(cs) == "CardSet('As Kd 7h')"
    assert cs == CardSet([Card("As"), Card("Kd"), Card("7h")])


@pytest.mark.parametrize("text,expected", [
    ("10s", "Ts"), ("10s10d", "Ts Td"), ("10s 9d", "Ts 9d"), ("Ts10h", "Ts Th"),
    ("10c,10d", "Td Tc"), ("9s10s", "Ts 9s"),
])
def test_cardset_ten_forms(text, expected):
    assert str(CardSet(text)) == expected


def test_cardset_from_iterables_and_copy():
    a = CardSet("As Kd 7h")
    assert CardSet(["As", "Kd", "7h"]) == a
    assert CardSet(("7h", Card("As"), "kd")) == a
    assert CardSet(iter([Card("Kd"), Card("7h"), Card("As")])) == a
    assert CardSet(a) == a
    assert CardSet() == CardSet("") == CardSet([])
    assert len(CardSet()) == 0
    assert int(CardSet()) == 0
    assert str(CardSet()) == ""


def test_deck():
    deck = CardSet.deck()
    assert len(deck) == 52
    assert int(deck) == ref.cards_mask(ref.FULL_DECK) == 0x1FFF1FFF1FFF1FFF
    assert {str(c) for c in deck} == set(ALL_NAMES)


def test_iteration_order_highest_rank_down_suits_shdc():
    deck = list(CardSet.deck())
    assert [c.index for c in deck] == list(range(51, -1, -1))
    assert [str(c) for c in deck[:5]] == ["As", "Ah", "Ad", "Ac", "Ks"]
    assert str(CardSet("2c 2s 2d 2h")) == "2s 2h 2d 2c"
    assert str(CardSet("3c 2s Ac")) == "Ac 3c 2s"


def test_iteration_order_random():
    rng = random.Random(7)
    for _ in range(300):
        names = rng.sample(ALL_NAMES, rng.randint(0, 12))
        cs = CardSet(" ".join(names))
        expected = sorted(names, key=ALL_NAMES.index, reverse=True)
        assert [str(c) for c in cs] == expected
        assert str(cs) == " ".join(expected)
        assert repr(cs) == f"CardSet('{' '.join(expected)}')"
        assert all(isinstance(c, Card) for c in cs)


# ---------------------------------------------------------------- masks


def test_int_and_from_mask_round_trip():
    rng = random.Random(11)
    for _ in range(500):
        cards = rng.sample(ref.FULL_DECK, rng.randint(0, 52))
        cs = CardSet(ref.cards_str(cards))
        m = int(cs)
        assert m == ref.cards_mask(cards)
        assert m == sum(Card(ref.card_str(c)).mask for c in cards)
        back = CardSet.from_mask(m)
        assert back == cs
        assert int(back) == m
        assert len(back) == len(cards)


@pytest.mark.parametrize("i", range(52))
def test_single_card_masks(i):
    c = Card.from_index(i)
    assert int(CardSet([c])) == c.mask
    assert CardSet.from_mask(c.mask) == CardSet([c])
    assert list(CardSet.from_mask(c.mask)) == [c]


@pytest.mark.parametrize("bit", [13, 14, 15, 29, 30, 31, 45, 46, 47, 61, 62, 63])
def test_from_mask_rejects_unused_bits(bit):
    with pytest.raises(ValueError):
        CardSet.from_mask(1 << bit)
    with pytest.raises(ValueError):
        CardSet.from_mask(int(CardSet("As Kd")) | (1 << bit))


@pytest.mark.parametrize("m", [-1, -2, 1 << 64, (1 << 64) | 1, 1 << 100])
def test_from_mask_rejects_out_of_range(m):
    with pytest.raises((ValueError, OverflowError)):
        CardSet.from_mask(m)


# ---------------------------------------------------------------- set behaviour


def test_set_operations_match_python_sets():
    rng = random.Random(3)
    for _ in range(300):
        a_names = set(rng.sample(ALL_NAMES, rng.randint(0, 15)))
        b_names = set(rng.sample(ALL_NAMES, rng.randint(0, 15)))
        a, b = CardSet(" ".join(a_names)), CardSet(" ".join(b_names))
        for got, exp in ((a | b, a_names | b_names), (a & b, a_names & b_names),
                         (a - b, a_names - b_names)):
            assert isinstance(got, CardSet)
            assert {str(c) for c in got} == exp
            assert len(got) == len(exp)
            assert got == CardSet(" ".join(exp))
        assert int(a | b) == int(a) | int(b)
        assert int(a & b) == int(a) & int(b)
        assert int(a - b) == int(a) & ~int(b)


def test_set_operations_do_not_mutate():
    a, b = CardSet("As Kd"), CardSet("Kd 7h")
    _ = a | b, a & b, a - b
    assert a == CardSet("As Kd") and b == CardSet("Kd 7h")


def test_contains():
    cs = CardSet("As Kd 7h Th")
    assert Card("As") in cs
    assert "As" in cs
    assert "Kd" in cs and "7h" in cs
    assert "Th" in cs and "10h" in cs
    assert Card("Ks") not in cs
    assert "Ks" not in cs
    assert "2c" not in cs
    assert Card("2c") not in CardSet()
    for n in ALL_NAMES:
        assert (n in CardSet.deck()) and (Card(n) in CardSet.deck())


def test_equality_and_hash():
    a = CardSet("As Kd 7h")
    b = CardSet("7h,As,Kd")
    assert a == b and hash(a) == hash(b)
    assert a != CardSet("As Kd 7d")
    assert a != CardSet("As Kd")
    d = {a: 1}
    assert d[b] == 1
    assert len({a, b, CardSet("AsKd7h"), CardSet.from_mask(int(a))}) == 1
    assert len({CardSet("As"), CardSet("Ah"), CardSet("As Ah"), CardSet()}) == 4


# ---------------------------------------------------------------- errors


def test_carderror_is_valueerror():
    assert issubclass(CardError, ValueError)
    assert stud.CardError is CardError


@pytest.mark.parametrize("token", ["1s", "Ax", "A", "Zs", "11s", "0d", "x", "1", "Xs", "Aq"])
def test_card_bad_token_named(token):
    with pytest.raises(CardError) as ei:
        Card(token)
    assert token in str(ei.value)


@pytest.mark.parametrize("text,token", [
    ("As 1s Kd", "1s"), ("As Ax", "Ax"), ("Kd Zs", "Zs"), ("As Kd Qx", "Qx"),
    ("As Kd 11s", "11"),
])
def test_cardset_bad_token_named(text, token):
    with pytest.raises(CardError) as ei:
        CardSet(text)
    assert token in str(ei.value)


@pytest.mark.parametrize("items", [["As", "1s"], ["As", "Ax"],
                                   ["Kd", ""], ["Kd", "As Qh"],
                                   ["Kd", "A"]])
def test_cardset_bad_token_in_list(items):
    with pytest.raises(CardError) as ei:
        CardSet(items)
    bad = items[-1]
    if bad:
        assert bad in str(ei.value)


@pytest.mark.parametrize("text", ["", " ", ","])
def test_card_rejects_empty_token(text):
    with pytest.raises(CardError):
        Card(text)


@pytest.mark.parametrize("text", ["As,,Kd", "As , , Kd", " As Kd ,"])
def test_cardset_repeated_separators_are_one_separator(text):
    # separators between cards are optional, so runs of them separate nothing more
    assert CardSet(text) == CardSet("As Kd")


@pytest.mark.parametrize("text,dups", [
    ("As As", ["As"]), ("As as", ["As", "as"]), ("AsKdAs", ["As"]), ("Ts 10s", ["Ts", "10s"]),
    ("td Td", ["Td", "td"]), ("As,Kd,7h,7h", ["7h"]),
])
def test_duplicates_raise(text, dups):
    with pytest.raises(CardError) as ei:
        CardSet(text)
    # the message names the duplicated card
    assert any(d in str(ei.value) for d in dups), str(ei.value)


def test_duplicates_in_iterable_raise():
    with pytest.raises(CardError):
        CardSet([Card("As"), Card("As")])
    with pytest.raises(CardError):
        CardSet(["As", Card("As")])
    with pytest.raises(CardError):
        CardSet(["Ts", "10s"])


@pytest.mark.parametrize("junk", [None, 3.5, object(), [1, 2]])
def test_card_junk(junk):
    with pytest.raises((TypeError, ValueError)):
        Card(junk)


@pytest.mark.parametrize("i", [-1, 52, 100, -53])
def test_from_index_out_of_range(i):
    with pytest.raises((ValueError, IndexError)):
        Card.from_index(i)
