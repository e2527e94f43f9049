# cython: language_level=3, embedsignature=True
"""The compiled layer of stud: wraps the C core (src/studcore) for Python.

Everything here converts Python values to card masks and back, checks them
once, and calls the C core.  The public names are re-exported by
``stud/__init__.py``; see that package for the documentation.
"""

include "_cards.pxi"
include "_poll.pxi"
include "_eval.pxi"
include "_game.pxi"
include "_simulate.pxi"
include "_equity.pxi"
include "_envs.pxi"
include "_hhstats.pxi"
include "_pshistory.pxi"
include "_hhrecord.pxi"
include "_phh.pxi"
include "_sitetext.pxi"
include "_textlines.pxi"
include "_sitexml.pxi"
