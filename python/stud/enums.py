"""Enumerations of the public API."""

from enum import IntEnum


class Category(IntEnum):
    """The category of a high poker hand, weakest first.

    >>> Category.FLUSH > Category.STRAIGHT
    True
    """

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8


class Variant(IntEnum):
    """The games stud plays (docs/rules.md).  Anywhere a variant is asked
    for, its number, its name or its short name (``stud.game.VARIANT_NAMES``:
    "stud", "stud8", "razz", "five", "five8", "razz27", "studhl") does as
    well.  ``DEUCE_TO_SEVEN_RAZZ`` is 2-7 Razz (docs/rules.md 12),
    ``SEVEN_CARD_STUD_HILO_REGULAR`` Stud Hi-Lo with no qualifier (13).

    >>> Variant.RAZZ.name, int(Variant.FIVE_CARD_STUD_HILO)
    ('RAZZ', 4)
    """

    SEVEN_CARD_STUD = 0
    SEVEN_CARD_STUD_HILO = 1
    RAZZ = 2
    FIVE_CARD_STUD = 3
    FIVE_CARD_STUD_HILO = 4
    DEUCE_TO_SEVEN_RAZZ = 5
    SEVEN_CARD_STUD_HILO_REGULAR = 6
