"""Hand histories: records of played hands, read from and written to files.

See ``record`` for what one hand holds.
"""

from .record import Acted, CommunityDealt, Dealt, HandRecord, Move, Mucked, Showed, Source, Step

__all__ = ["Acted", "CommunityDealt", "Dealt", "HandRecord", "Move", "Mucked", "Showed",
           "Source", "Step"]
