"""The WPN reader against the outputs its pure-Python reader gave on every
sample (both of the network's formats) and on seeded mutated copies of each
(tests/histories_sites/c_reader.py says how; ``mutations.json`` holds them),
the reference a reader in C must give.  Rewrite them (``python -m
tests.histories_sites.wpn.golden --write``) only for a change of what the
reader means to give.
"""

from __future__ import annotations

import sys
from pathlib import Path

from stud.histories.sites.wpn import WPN_PROFILE, WpnReader

from ..c_reader import Mutations

HERE = Path(__file__).resolve().parent
SAMPLES = HERE / "samples"
SITE = Mutations(SAMPLES, HERE / "mutations.json",
                 lambda file: WpnReader(file=file, profile=WPN_PROFILE), [
                     # the newer format
                     "Hand #", "Game Hand #", "Tournament #", " - Tournament #12 - ", "7Stud",
                     "7Stud H/L", "7Stud HiLo", "(Fixed Limit)", "(No Limit)", "Holdem",
                     " - Level ", "Level IV ", "Table '", "' 8-max", "Seat 1: ",
                     " is sitting out", " posts ante ", " posts the ante ", " brings in ",
                     " brings-in low ", " bets ", " calls ", " raises ", " to ", " checks",
                     " folds", " and is all-in", "Dealt to ", "] [", "*** 3rd STREET ***",
                     "*** 4th STREET ***", "*** 7th STREET ***", "*** SUMMARY ***",
                     "Total pot ", "| Rake ", "| Jackpot fee ", "Uncalled bet (",
                     ") returned to ", " collected ", " showed [", " mucked", " won ",
                     " and won (", "1,000.00",
                     # the older format
                     "Game started at: ", "Game ID: ", "Player ", " received card: [",
                     " ante (", " bring in (", " allin (", " caps (", " cap (", " bets (",
                     " raises (", "*** Third street ***", "*** Sixth street ***",
                     "------ Summary ------", "*Player ", " shows: ", " mucks",
                     " does not show", "Bets: ", ". Collects: ", ". Wins: ", ". Loses: ",
                     "Game ended at:", ", Table 3", " (Seven Cards Stud)",
                     " (Seven Cards Stud HiLow)", " 6-max", "10s", "10"], copies=100)


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    SITE.write()
