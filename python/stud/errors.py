"""Exceptions raised by stud."""


class CardError(ValueError):
    """A card or a set of cards could not be read, or repeats a card.

    >>> import stud
    >>> stud.CardSet("As Xd")
    Traceback (most recent call last):
    ...
    stud.errors.CardError: bad card 'Xd' in 'As Xd': a card is a rank (2-9, T or 10, J, Q, K, A) then a suit (c, d, h, s)
    """
