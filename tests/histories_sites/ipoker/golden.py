"""The iPoker reader against the outputs its pure-Python reader gave on
every sample and on seeded mutated copies of each
(tests/histories_sites/c_reader.py says how; ``mutations.json`` holds them),
the reference a reader in C must give.  The texts a mutation inserts are
XML's (tags, quotes, entities, comments, CDATA, a DOCTYPE, a hand's closing
tag) and iPoker's (its tags, attribute names, action and card types,
amounts).  Rewrite them (``python -m tests.histories_sites.ipoker.golden
--write``) only for a change of what the reader means to give.
"""

from __future__ import annotations

import sys
from pathlib import Path

from stud.histories.sites.ipoker import PROFILE, IPokerReader

from ..c_reader import Mutations

HERE = Path(__file__).resolve().parent
SAMPLES = HERE / "samples"
SITE = Mutations(SAMPLES, HERE / "mutations.json",
                 lambda file: IPokerReader(file=file, profile=PROFILE), [
                     "<", ">", "/>", "</", '"', "'", "=", "&", "&amp;", "&lt;", "&#38;",
                     "&#x41;", "&bogus;", "</game>", "<game gamecode=\"7\">", "</round>",
                     "<round no=\"9\">", "</session>", "<session>", "<!--", "-->", "<!-- x -->",
                     "<![CDATA[", "]]>", "<![CDATA[S2]]>", "<!DOCTYPE session>", "<?pi x?>",
                     "<?xml version=\"1.0\"?>", "<general>", "</general>", "<players>",
                     "<player seat=\"3\" name=\"ann\" chips=\"$1\" win=\"$0\" />",
                     "<cards type=\"Pocket\" player=\"eve\">X X X</cards>",
                     "<action no=\"99\" player=\"eve\" type=\"0\" sum=\"0\" />",
                     " seat=", " name=", " chips=", " win=", " bet=", " no=", " player=",
                     " type=", " sum=", "gamecode", "sessioncode", "gametype", "tablename",
                     "nickname", "currency", "tournamentcode", "tournamentname",
                     "null", "X", "XX", "?", "S", "H", "D", "C", "10", "1", "S10", "HA",
                     "$", "€", "£", ",", ".", ",00", " €", "-", "1.000", "1,234.5",
                     "Pocket", "Fourth Street", "Fifth Street", "Sixth Street", "River",
                     "Third Street", "0", "3", "4", "5", "6", "7", "8", "9", "15", "16", "23",
                     "1", "2", "17", "99", "7 Card Stud", "Razz", "5 Card Stud Hi-Lo", " NL ",
                     " L ", " FL ", "Hi-Lo", "\t", "\u00e9", "\u00a0"], copies=120)


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    SITE.write()
