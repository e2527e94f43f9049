"""Hand histories: read and write them, replay and check them, look at them.

* ``read(source, format=None, profile=None, on_error=None)``: the hands of a
  PHH file (``.phh``, ``.phhs``: ``stud.histories.phh``) or of PokerStars'
  text histories of 7 Card Stud, Stud Hi/Lo and Razz
  (``stud.histories.pokerstars``), one ``HandRecord`` at a time (a
  ``Reading``, which also counts the hands passed over).
* ``write(records_or_hands, dest, format="phh")``: PHH out, or PokerStars-style
  text (``format="pokerstars"``, ``stud.histories.pokerstars_write``).
* ``HandRecord.replay()``: the hand played through the engine and checked
  against the record, ``MismatchError`` at the first step that differs.
* ``verify(source)``: every hand read, replayed and checked (PokerStars
  files by path in C, with the verdicts of ``read`` + ``replay``:
  ``stud.histories.verify``).
* ``analyze`` / ``summarize``: equities street by street, the all-in
  adjusted result, totals per player (``stud.histories.analysis``).
* ``Summary``: the same totals with the statistics stud trackers show
  (VPIP, steals, went to showdown, ...: ``stud.histories.stats``) and each
  player's results hand by hand, for ``results_graph``
  (``stud.histories.plot``).
* ``export(sources, dest)``: Parquet tables of hands, seats and actions
  (``stud.histories.export``; docs/analysis.md queries them with DuckDB).
* ``text`` / ``html``: a hand street by street (``stud.histories.view``).

Amounts are whole chips; money amounts are cents.
"""

from .analysis import HandAnalysis, PlayerTotals, StreetEquity, Summary, analyze, summarize
from .errors import HistoryError
from .export import ExportCounts, export
from .io import FORMATS, PROFILES, Reading, formats, read, write
from .plot import results_graph
from .record import Acted, CommunityDealt, Dealt, HandRecord, Move, Mucked, Showed, Source, Step
from .replay import MismatchError
from .verify import Verification, verify
from .view import html, text

__all__ = ["FORMATS", "PROFILES", "Acted", "CommunityDealt", "Dealt", "ExportCounts",
           "HandAnalysis", "HandRecord", "HistoryError", "MismatchError", "Move", "Mucked",
           "PlayerTotals", "Reading", "Showed", "Source", "Step", "StreetEquity", "Summary",
           "Verification", "analyze", "export", "formats", "html", "read", "results_graph",
           "summarize", "text", "verify", "write"]
