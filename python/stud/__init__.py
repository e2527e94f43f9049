"""stud: C-accelerated stud poker for Python.

Cards and card sets over 64-bit masks, and lookup-table evaluation of high
hands, 8-or-better lows, Razz (A-5) lows and deuce-to-seven lows, one hand at a time or in
batches with the GIL released.

>>> import stud
>>> str(stud.evaluate_high("Ah Ad Ac Kd Ks 2c 3d"))
'Full house, aces full of kings'
>>> str(stud.evaluate_low8("8d 6c 4h 2s Ac Kd Kh"))
'8-6-4-2-A'
"""

from typing import TYPE_CHECKING

from ._core import (
    HIGH_CLASSES,
    LOW8_CLASSES,
    LOW27_CLASSES,
    RAZZ_CLASSES,
    Card,
    CardSet,
    Hand,
    HighHand,
    LowHand,
    board_value,
    evaluate_27,
    evaluate_27_batch,
    evaluate_high,
    evaluate_high_batch,
    evaluate_hilo,
    evaluate_hilo_batch,
    evaluate_low8,
    evaluate_low8_batch,
    evaluate_razz,
    evaluate_razz_batch,
    high_value,
    low8_value,
    play_random,
    razz_value,
)
from .enums import Category, Variant
from .errors import CardError
from .game import Action, ActionKind, HandView, IllegalActionError, Pot, Rules, replay
from .odds import EquityResult, TooManyOutcomes, equity
from .simulation import BUILTIN_POLICIES, Policy, SimulationResult, simulate

if TYPE_CHECKING:
    from .equity_tables import EquityTable, TableMismatchError, equity_table
else:
    def __getattr__(name: str) -> object:
        # equity tables (files, Ray) are imported when first asked for: they
        # would double ``import stud``'s time
        if name in ("EquityTable", "TableMismatchError", "equity_table"):
            from . import equity_tables

            return getattr(equity_tables, name)
        raise AttributeError(f"module 'stud' has no attribute {name!r}")

__version__ = "0.1.0"

__all__ = [
    "BUILTIN_POLICIES",
    "Policy",
    "SimulationResult",
    "simulate",
    "EquityResult",
    "TooManyOutcomes",
    "equity",
    "EquityTable",
    "TableMismatchError",
    "equity_table",
    "Action",
    "ActionKind",
    "Hand",
    "HandView",
    "IllegalActionError",
    "Pot",
    "Rules",
    "Variant",
    "HIGH_CLASSES",
    "LOW8_CLASSES",
    "LOW27_CLASSES",
    "RAZZ_CLASSES",
    "Card",
    "CardError",
    "CardSet",
    "Category",
    "HighHand",
    "LowHand",
    "board_value",
    "evaluate_27",
    "evaluate_27_batch",
    "evaluate_high",
    "evaluate_high_batch",
    "evaluate_hilo",
    "evaluate_hilo_batch",
    "evaluate_low8",
    "evaluate_low8_batch",
    "evaluate_razz",
    "evaluate_razz_batch",
    "high_value",
    "low8_value",
    "play_random",
    "razz_value",
    "replay",
]
