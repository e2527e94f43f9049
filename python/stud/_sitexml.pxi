# The XML sites read in C (src/studcore/xml_scan.h, site_xml_hand.h), for
# stud.histories.sites: an iPoker or Merge file streamed hand by hand, each
# <game> element scanned and read in C, the rest of the file left to the
# Python stream (sites/_xml.py's xml_items) where the scanner gives up.

from cpython.mem cimport PyMem_Free, PyMem_Malloc, PyMem_Realloc
from cpython.unicode cimport PyUnicode_AsUTF8AndSize
from libc.string cimport memcpy, memmove, memset
from libc.string cimport memchr as _xml_memchr


cdef int _XML_OUTSIDE = 0   # between documents (xml_items: no parser)
cdef int _XML_IN_ROOT = 1   # between the root's children (Merge's: the hands, no root written)
cdef Py_ssize_t _XML_BATCH = 256          # xml_items's lines fed at most at a time
cdef size_t _XML_MOST_HELD = 64 << 20     # text held since the last clean point, at most
cdef object _XML_FROMSTRING = None
#: the keys of a hand's info that its reading looks up
cdef frozenset _XML_INFO_KEYS = frozenset(["gametype", "tournamentcode", "tournamentname",
                                           "currency", "tablename"])


cdef str _xml_text(stud_xml_str s):
    return s.s[:s.len].decode("utf-8")


cdef object _xml_value(const stud_xml_str *s):
    """An attribute's value as bytes (None: not there)."""
    return None if s == NULL else s.s[:s.len]


@cython.final
@cython.auto_pickle(False)
cdef class _SiteXml:
    """The records and errors of one XML file's lines (an iterator of
    str), in file order, as ``reader`` reads them with Python's stream
    (``_xml.xml_items``): ``format`` (site_text.h's stud_site_format) says
    whose: STUD_SITE_IPOKER (an ``IPokerReader``: <game> elements inside a
    <session> root, whose <general> is the reader's ``session``) or
    STUD_SITE_MERGE (a ``MergeReader``: <game> elements with no root
    element around them, xml_items's ``rootless``).  Its counts
    (``skipped``, ``cancelled``, ``hands``, ``errors``) are the reader's.

    The lines are taken as ``xml_items`` takes them: fed in batches (a
    batch ends at a line holding "</game>" or the root's end tag, or at
    256 lines).  The text the scanner reads (xml_scan.h: the XML
    declaration of a document's first line, or of any line between Merge's
    hands; iPoker's root <session> and its <general>; the <game> elements;
    whitespace between them) is read in C: each <game> element scanned into
    a tree, its game found by the reader's ``game_of`` (iPoker's from the
    session's and the hand's own <general>, Merge's from its
    <description>), read by the site's C reader (stud_xml_ipoker_read,
    stud_xml_merge_read), and made a record here; a hand that reading
    leaves to Python (an error, a form it does not read) is read by the
    reader's ``read_hand`` from the element ElementTree makes of its text
    (``_python_hand``).  What is read is given at the end of each batch
    that ends between elements (a clean point); where the scanner gives up
    (anything else: a comment, a DOCTYPE, text that is not well-formed or
    is not whitespace between the elements, an element that is none of
    those, a <game> start tag cut by a line break, a line with a line break
    inside it or one after a line without its end, a lone surrogate, a
    truncated hand, a source that fails ...), what was read since the last
    clean point is dropped and the reader's Python stream
    (``_python_read``) reads the rest of the file from there, in the state
    it would have had (between hands inside the root, its parser's lines
    counted from the document's first, or between documents; for Merge,
    from the first line that is not blank, where xml_items opens the
    element it puts around the hands): the same records, errors and counts
    as the Python reader's.  A file read opened is split into lines here,
    a block of its text at a time (``read_blocks``)."""
    cdef object lines, reader, file, fallback, failure
    cdef int format          # STUD_SITE_IPOKER or STUD_SITE_MERGE
    cdef bint rootless       # (Merge) no root element: the hands follow one another
    cdef bytes root          # the root element's tag (xml_items's; Merge's never written)
    cdef bint file_lines     # the lines are io's (a \r ends a line there, never \r then \n)
    cdef char *buf
    cdef size_t used, cap, pos
    cdef uint32_t *starts    # the offsets of the lines since the clean point, and their numbers
    cdef uint32_t *numbers
    cdef size_t n, n_cap
    cdef list pending        # those lines (str; None: split here, made a str when asked)
    cdef list held           # what was read since the clean point
    cdef list out            # what is given next
    cdef Py_ssize_t out_at
    cdef int state, clean_state, batch_n
    cdef uint32_t number, clean_number
    cdef uint32_t doc_base, clean_base   # the line the document began at
    cdef object clean_session
    cdef long clean_counts[5]
    cdef bint unended, done, odd
    cdef Py_ssize_t line_size
    cdef size_t last_end     # the end of the last line taken
    cdef object blocks       # (read_blocks) the text's blocks, split here
    cdef char *raw
    cdef size_t raw_len, raw_cap
    cdef bint raw_end
    cdef stud_text_lines split
    cdef int waiting         # 1: a <game> is open, 2: a <general> (its end not yet seen)
    cdef stud_xml_tree *tree
    cdef stud_xml_record *rec
    cdef dict games          # the game of a <gametype> (Merge: a <description>): (facts) or
                             # the _Skip it is, or False (Python's error)
    cdef list field_names    # (Merge) the last <game>'s attributes' names: (bytes, "_" + name)
    cdef dict rules_cache    # the rules of (variant, bets, ante, bring-in), or False (they fail)
    cdef object session_of   # the session the fields below are of
    cdef tuple session_fields
    cdef frozenset session_keys
    cdef object game_of, options
    # verify: hands the C replay settles are counted, no record made
    cdef readonly bint in_c
    cdef public long reproduced
    cdef stud_hh_hand *hh
    cdef object c_rules_of
    cdef object c_rules_bytes

    def __cinit__(self, *args, **kwargs):
        self.tree = <stud_xml_tree *>PyMem_Malloc(sizeof(stud_xml_tree))
        self.rec = <stud_xml_record *>PyMem_Malloc(sizeof(stud_xml_record))
        if self.tree == NULL or self.rec == NULL:
            raise MemoryError()

    def __dealloc__(self):
        PyMem_Free(self.tree)
        PyMem_Free(self.rec)
        PyMem_Free(self.hh)
        PyMem_Free(self.buf)
        PyMem_Free(self.raw)
        PyMem_Free(self.starts)
        PyMem_Free(self.numbers)

    def __init__(self, lines, reader, int format):
        global _XML_FROMSTRING
        if _HH_CLASSES is None:
            _hh_setup()
        if _XML_FROMSTRING is None:
            from xml.etree.ElementTree import fromstring
            _XML_FROMSTRING = fromstring
        from stud.histories.io import _FileLines
        self.file_lines = isinstance(lines, _FileLines)
        self.lines = iter(lines)
        if format != STUD_SITE_IPOKER and format != STUD_SITE_MERGE:
            raise ValueError(f"not an XML site's format: {format}")
        self.format = format
        self.rootless = format == STUD_SITE_MERGE
        self.root = b"merge-history" if self.rootless else b"session"
        self.reader = reader
        self.file = reader.file
        self.game_of = reader.game_of
        self.options = reader.profile
        self.pending, self.held, self.out = [], [], []
        self.games = {}
        self.field_names = []
        self.rules_cache = {}
        self.state = self.clean_state = _XML_OUTSIDE
        self.clean_number = 1
        self._snapshot()

    def replay_in_c(self):
        """From now on, a hand read in C that the C replay reproduces
        (src/studcore/ps_replay.c) is counted in ``reproduced`` and gives
        no record; the others are records as before (``verify``)."""
        if self.hh == NULL:
            self.hh = <stud_hh_hand *>PyMem_Malloc(sizeof(stud_hh_hand))
            if self.hh == NULL:
                raise MemoryError()
        self.in_c = True
        return self

    def __iter__(self):
        return self

    def __next__(self):
        while True:
            if self.fallback is not None:
                return next(self.fallback)
            if self.out_at < len(self.out):
                item = self.out[self.out_at]
                self.out_at += 1
                return item
            self.out, self.out_at = [], 0
            if self.done:
                raise StopIteration
            self._step()

    cdef void _snapshot(self):
        reader = self.reader
        if not self.rootless:
            self.clean_session = reader.session
        self.clean_counts[0] = reader.skipped
        self.clean_counts[1] = reader.cancelled
        self.clean_counts[2] = reader.hands
        self.clean_counts[3] = reader.errors
        self.clean_counts[4] = self.reproduced

    cdef int _take_line(self) except -1:
        """The next line into buf (at ``used``, with its end, its number
        and offset kept): 1; 0 at the end of the lines; 2 when the source
        failed (``failure``: raised once the lines before it are read)."""
        cdef Py_ssize_t size
        cdef const char *text
        cdef size_t start, count, end, k, to
        cdef int got
        cdef bytes held
        if self.blocks is None:
            try:
                line = next(self.lines)
            except StopIteration:
                return 0
            except Exception as error:
                self.failure = error
                return 2
            self.pending.append(line)
            try:
                text = PyUnicode_AsUTF8AndSize(line, &size)
            except UnicodeEncodeError:
                held = line.encode("utf-8", "surrogatepass")
                text = held
                size = len(held)
                self.odd = True
            self._grow(<size_t>size)
            memcpy(self.buf + self.used, text, size)
        else:
            while True:
                got = stud_text_line_next(&self.split, self.raw, self.raw_len, self.raw_end,
                                          &start, &count)
                if got == STUD_TEXT_LINE:
                    break
                if got == STUD_TEXT_LONG:
                    from stud.histories.io import long_line
                    self.failure = long_line(self.file, self.split.physical + 1)
                    return 2
                if got == STUD_TEXT_END:
                    return 0
                if self._take_block():
                    return 2
            end = start + count  # (its end: \n, \r\n or \r, or none, last)
            if end < self.raw_len and self.raw[end] == b'\n':
                end += 1
            elif end < self.raw_len and self.raw[end] == b'\r':
                end += 1
                if end < self.raw_len and self.raw[end] == b'\n':
                    end += 1
            self._grow(end - start)
            to = self.used
            if _xml_memchr(self.raw + start, 0, end - start) == NULL:
                memcpy(self.buf + to, self.raw + start, end - start)
                to += end - start
            else:
                for k in range(start, end):  # (io._lines drops NUL bytes)
                    if self.raw[k] != 0:
                        self.buf[to] = self.raw[k]
                        to += 1
            size = <Py_ssize_t>(to - self.used)
            self.pending.append(None)
        self.number += 1
        self.starts[self.n] = <uint32_t>self.used
        self.numbers[self.n] = self.number
        self.n += 1
        self.line_size = size
        self.last_end = self.used + <size_t>size
        return 1

    cdef int _take_block(self) except -1:
        """The next block of text into ``raw`` (the text not yet split
        kept first); 1: the source failed."""
        cdef Py_ssize_t size
        cdef const unsigned char[::1] held
        cdef size_t keep = self.raw_len - self.split.pos
        cdef size_t cap
        cdef void *p
        try:
            block = next(self.blocks)
        except StopIteration:
            self.raw_end = True
            return 0
        except Exception as error:
            self.failure = error
            return 1
        held = _block_utf8(block)
        size = held.shape[0]
        if keep:  # (raw is NULL before the first block: no memmove of NULL)
            memmove(self.raw, self.raw + self.split.pos, keep)
        self.raw_len = keep
        self.split.pos = 0
        cap = self.raw_cap if self.raw_cap else 1 << 16
        while keep + <size_t>size > cap:
            cap *= 2
        if cap != self.raw_cap:
            p = PyMem_Realloc(self.raw, cap)
            if p == NULL:
                raise MemoryError()
            self.raw, self.raw_cap = <char *>p, cap
        if size:
            memcpy(self.raw + keep, &held[0], size)
        self.raw_len = keep + <size_t>size
        return 0

    def read_blocks(self, blocks, Py_ssize_t max_line, long before=0):
        """Reads ``blocks`` (an iterator of str or UTF-8 bytes, or views of them: a text file's text as it
        is, line ends and all; io's ``_FileLines.rest``) instead of the
        lines given: split into lines here as ``stud.histories.io._lines``
        splits a file (text_lines.h; a line of more than ``max_line``
        characters is ``io.long_line``'s error, raised once the lines
        before it are read; ``before``: the file's lines before the
        text, for its number).  Only before any line is taken."""
        if self.number:
            raise RuntimeError("read_blocks before any line is read")
        self.blocks = iter(blocks)
        self.file_lines = True
        stud_text_lines_init(&self.split, 1, 0, max_line, <uint32_t>before)
        return self

    cdef list _lines_of(self, Py_ssize_t a, Py_ssize_t b):
        """The pending lines a to b - 1, as str (as the source gave them)."""
        cdef size_t s, e
        out = []
        for k in range(a, b):
            line = self.pending[k]
            if line is None:
                s = self.starts[k]
                e = self.starts[k + 1] if <size_t>(k + 1) < self.n else self.last_end
                line = self.buf[s:e].decode("utf-8", "surrogatepass")
            out.append(line)
        return out

    cdef int _step(self) except -1:
        """Takes lines until a clean point (or the end, or a give-up)."""
        cdef Py_ssize_t size
        cdef char *text
        cdef size_t end_at
        cdef bint ends_batch
        cdef unsigned marks
        cdef int got
        while True:
            got = self._take_line()
            if got == 0:
                self._finish()
                return 0
            if got == 2 or self.unended or self.odd:  # (the source failed; a line after one
                self._give_up()                     # without its end; a lone surrogate)
                return 0
            text = self.buf + self.used
            size = self.line_size
            # the line's only line break is its end: \n, \r\n or \r
            end_at = <size_t>size
            if end_at and text[end_at - 1] == b'\n':
                end_at -= 1
                if end_at and text[end_at - 1] == b'\r':
                    end_at -= 1
            elif end_at and text[end_at - 1] == b'\r':
                end_at -= 1
                if not self.file_lines:
                    self.unended = True
            else:
                self.unended = True
            # (split here, a line has none: text_lines.h ends it at the first)
            if self.blocks is None and (_xml_memchr(text, b'\n', end_at) != NULL or
                                        _xml_memchr(text, b'\r', end_at) != NULL):
                self._give_up()
                return 0
            marks = stud_xml_line_marks(text, size, "game", self.root)
            if marks & STUD_XML_MARK_BANG:
                self._give_up()
                return 0
            if marks & STUD_XML_MARK_PI:  # (xml_items drops a declaration anywhere: only
                                          # Merge's hands have none around them)
                if (self.state != _XML_OUTSIDE and not self.rootless) or self.waiting or \
                        stud_xml_space(self.buf, self.used, self.pos) != self.used or \
                        not stud_xml_declaration_line(text, size):
                    self._give_up()
                    return 0
                if self.pending[self.n - 1] is None:  # (the line as given, for a give-up)
                    self.pending[self.n - 1] = text[:size].decode("utf-8", "surrogatepass")
                memset(text, b' ', end_at)  # (xml_items drops it)
            self.used += size
            self.batch_n += 1
            ends_batch = self.batch_n >= _XML_BATCH or \
                (marks & (STUD_XML_MARK_HAND | STUD_XML_MARK_ROOT)) != 0
            if self._scan(marks) < 0:
                self._give_up()
                return 0
            if ends_batch:
                self.batch_n = 0
                if self.pos == self.used and not self.unended:  # a clean point
                    self.out = self.held
                    self.held = []
                    self.pending = []
                    self.used = self.pos = self.n = 0
                    self.clean_number = self.number + 1
                    self.clean_state = self.state
                    self.clean_base = self.doc_base
                    self._snapshot()
                    if self.out:
                        return 0
            if self.used > _XML_MOST_HELD:
                self._give_up()
                return 0

    cdef int _finish(self) except -1:
        """The end of the lines: what was read is given if all of it was."""
        if stud_xml_space(self.buf, self.used, self.pos) == self.used and not self.waiting:
            self.out = self.held
            self.held = []
            self.done = True
            return 0
        self._give_up()
        return 0

    cdef int _give_up(self) except -1:
        """The rest to the Python stream, from the clean point."""
        from itertools import chain
        reader = self.reader
        if not self.rootless:
            reader.session = self.clean_session
        reader.skipped, reader.cancelled, reader.hands, reader.errors = \
            self.clean_counts[0], self.clean_counts[1], self.clean_counts[2], \
            self.clean_counts[3]
        self.reproduced = self.clean_counts[4]
        self.held = []
        if self.failure is not None:
            rest = _xml_raising(self.failure)
        elif self.blocks is not None:
            rest = self._rest_lines()
        else:
            rest = self.lines
        self.fallback = iter(reader._python_read(
            chain(self._lines_of(0, self.n), rest), (self.clean_number, self.clean_base
                                        if self.clean_state == _XML_IN_ROOT else None)))
        self.pending = []
        self.used = self.pos = self.n = 0
        return 0

    def _rest_lines(self):
        """(read_blocks) the lines not yet taken, as str, then the source's
        failure if it fails."""
        cdef int got
        while True:
            self.n = self.used = 0
            self.pending = []
            got = self._take_line()
            if got == 0:
                return
            if got == 2:
                raise self.failure
            yield self._lines_of(0, 1)[0]

    cdef int _grow(self, size_t more) except -1:
        cdef size_t cap = self.cap if self.cap else 1 << 16
        cdef void *p
        while self.used + more > cap:
            cap *= 2
        if cap >= (<size_t>1 << 32):
            raise MemoryError("more than 4 GB held")
        if cap != self.cap:
            p = PyMem_Realloc(self.buf, cap)
            if p == NULL:
                raise MemoryError()
            self.buf, self.cap = <char *>p, cap
        if self.n < self.n_cap:
            return 0
        cap = self.n_cap * 2 if self.n_cap else 1024
        p = PyMem_Realloc(self.starts, cap * sizeof(uint32_t))
        if p == NULL:
            raise MemoryError()
        self.starts = <uint32_t *>p
        p = PyMem_Realloc(self.numbers, cap * sizeof(uint32_t))
        if p == NULL:
            raise MemoryError()
        self.numbers = <uint32_t *>p
        self.n_cap = cap
        return 0

    cdef Py_ssize_t _line_index(self, size_t offset) noexcept:
        """The index of the pending line holding buf[offset]."""
        cdef Py_ssize_t lo = 0, hi = <Py_ssize_t>self.n - 1, mid
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.starts[mid] <= offset:
                lo = mid
            else:
                hi = mid - 1
        return lo

    cdef int _scan(self, unsigned marks) except -2:
        """Reads what the text now holds whole; -1: the scanner gives up."""
        cdef const char *buf = self.buf
        cdef size_t p, end
        cdef int got, empty
        cdef stud_xml_tree *t = self.tree
        while True:
            p = stud_xml_space(buf, self.used, self.pos)
            if p == self.used:
                self.pos = p
                return 0
            if buf[p] != b'<':
                return -1
            if self.state == _XML_OUTSIDE and self.rootless:
                # (xml_items opens the element around the hands at the first line
                # that is not blank: the document begins there)
                self.state = _XML_IN_ROOT
                self.doc_base = self.numbers[self._line_index(p)]
                continue
            if self.state == _XML_OUTSIDE:
                got = stud_xml_start_tag(buf, self.used, p, t, &end, &empty)
                if got == STUD_XML_MORE:
                    return 0
                if got != STUD_XML_OK or empty or not stud_xml_is(t, 0, "session"):
                    return -1
                self.state = _XML_IN_ROOT
                self.doc_base = self.numbers[self._line_index(p)]
                self.pos = end
                continue
            if p + 1 < self.used and buf[p + 1] == b'/':
                if self.rootless:
                    return -1
                got = stud_xml_end_tag(buf, self.used, p, "session", 7, &end)
                if got == STUD_XML_MORE:
                    return 0
                if got != STUD_XML_OK:
                    return -1
                self.state = _XML_OUTSIDE
                self.pos = end
                # (xml_items starts the next document at a batch's first line)
                if stud_xml_space(buf, self.used, end) != self.used:
                    return -1
                continue
            if self.waiting == 0:
                if self.used - p >= 6 and memcmp(buf + p, b"<game", 5) == 0 and \
                        not (b'a' <= buf[p + 5] <= b'z' or b'A' <= buf[p + 5] <= b'Z' or
                             b'0' <= buf[p + 5] <= b'9' or buf[p + 5] in b"_-.:"):
                    self.waiting = 1
                elif not self.rootless and self.used - p >= 9 and \
                        memcmp(buf + p, b"<general", 8) == 0:
                    self.waiting = 2
                elif self.used - p < (6 if self.rootless else 9):
                    return 0
                else:
                    return -1
            # (scanned once its end tag can be there)
            if self.waiting == 1 and not marks & STUD_XML_MARK_HAND:
                return 0
            got = stud_xml_element(buf, self.used, p, t, &end)
            if got == STUD_XML_MORE:
                return 0
            if got != STUD_XML_OK:
                return -1
            if self.waiting == 1:
                if self._hand(p, end) < 0:
                    return -1
            elif not stud_xml_is(t, 0, "general") or self._header() < 0:
                return -1
            self.waiting = 0
            self.pos = end

    cdef int _header(self) except -2:
        """The session's <general>: the reader's ``session``."""
        cdef stud_xml_tree *t = self.tree
        cdef int k
        for k in range(1, t.n_nodes):
            if stud_xml_is(t, k, "game"):
                return -1
        session = {}
        k = t.nodes[0].first_child
        while k >= 0:
            session[_xml_text(t.nodes[k].tag)] = _xml_text(t.nodes[k].text).strip()
            k = t.nodes[k].next_sibling
        self.reader.session = session
        return 0

    cdef int _hand(self, size_t p, size_t end) except -2:
        """A <game> element (buf[p, end)), read by its site's reading."""
        cdef stud_xml_tree *t = self.tree
        cdef Py_ssize_t first, last
        cdef int k, got
        cdef uint32_t line
        # the start tag on one line, the end tag "</game>" on one line
        first = self._line_index(p)
        if t.nodes[0].open_end > (self.starts[first + 1] if <size_t>first + 1 < self.n
                                  else self.used):
            return -1
        if end < 7 or memcmp(self.buf + end - 7, b"</game>", 7) != 0:
            return -1
        for k in range(1, t.n_nodes):
            if stud_xml_is(t, k, "game"):
                return -1
        last = self._line_index(end - 1)
        line = self.numbers[first]
        got = self._merge_hand(line) if self.format == STUD_SITE_MERGE else \
            self._ipoker_hand(line)
        if got:
            return self._in_python(p, end, first, last, line)
        return 0

    cdef int _ipoker_hand(self, uint32_t line) except -1:
        """An iPoker <game> (the tree's), read: 0, or 1 when left to Python."""
        cdef stud_xml_tree *t = self.tree
        cdef stud_xml_record *r = self.rec
        cdef int k, general, got
        reader = self.reader
        # the hand's game: the session's <general> and its own (info)
        session = reader.session
        if session is not self.session_of:
            self.session_of = session
            self.session_fields = tuple([("_" + k2, v) for k2, v in session.items()
                                         if k2 != "gametype"])
            self.session_keys = frozenset(session)
        own = []
        general = t.nodes[0].first_child
        while general >= 0 and not stud_xml_is(t, general, "general"):
            general = t.nodes[general].next_sibling
        if general >= 0:
            k = t.nodes[general].first_child
            while k >= 0:
                if t.nodes[k].text.len and not stud_xml_is(t, k, "players"):
                    value = _xml_text(t.nodes[k].text).strip()
                    if value:
                        own.append((_xml_text(t.nodes[k].tag), value))
                k = t.nodes[k].next_sibling
        fields = None
        if len(own) == 1 and own[0][0] not in self.session_keys and \
                own[0][0] not in _XML_INFO_KEYS:
            info = session  # (what the hand adds names nothing the game is read from)
            fields = self.session_fields + (("_" + own[0][0], own[0][1]),)
        else:
            info = dict(session)
            for k2, value in own:
                info[k2] = value
        gametype = info.get("gametype")
        tournament = "tournamentcode" in info or "tournamentname" in info
        facts = self._game((gametype, tournament), line)
        if facts is False:
            return 1
        if facts is None:
            return 0
        variant, small, big, cents, sign_currency = facts
        got = stud_xml_ipoker_read(t, 0, variant, cents, line, r)
        if got != STUD_XML_READ:
            return 1
        rules = self._rules(variant, small, big)
        if rules is False:
            return 1
        currency = (sign_currency or info.get("currency") or None) if cents else None
        if fields is None:
            fields = tuple([("_" + k2, v) for k2, v in info.items() if k2 != "gametype"])
        code = stud_xml_get(t, 0, "gamecode")
        return self._record(rules, small, big, cents, None if code == NULL else
                            _xml_text(code[0]), info.get("tablename"), currency, fields, line,
                            "ipoker")

    cdef int _merge_hand(self, uint32_t line) except -1:
        """A Merge <game> (the tree's), read: 0, or 1 when left to Python."""
        cdef stud_xml_tree *t = self.tree
        cdef stud_xml_record *r = self.rec
        cdef int description, got
        cdef uint32_t a
        cdef const stud_xml_str *v
        # the game: its <description> (the first child of that name) and a mixed
        # game's multigametype=
        description = t.nodes[0].first_child
        while description >= 0 and not stud_xml_is(t, description, "description"):
            description = t.nodes[description].next_sibling
        if description < 0:
            return 1
        kind = _xml_value(stud_xml_get(t, description, "type"))
        stakes = _xml_value(stud_xml_get(t, description, "stakes"))
        mixed = _xml_value(stud_xml_get(t, 0, "multigametype"))
        facts = self._game((kind, stakes, mixed), line)
        if facts is False:
            return 1
        if facts is None:
            return 0
        variant, small, big, cents = facts
        got = stud_xml_merge_read(t, 0, variant, cents, line, r)
        if got == STUD_XML_CANCELLED:
            self.reader.cancelled += 1
            return 0
        if got != STUD_XML_READ:
            return 1
        rules = self._rules(variant, small, big)
        if rules is False:
            return 1
        # the fields: every attribute of <game> but its id, as written (their
        # names those of the hand before where it has the same)
        if not self._same_names():
            self.field_names = [(t.attrs[a].name.s[:t.attrs[a].name.len],
                                 "_" + _xml_text(t.attrs[a].name))
                                for a in range(t.nodes[0].attr_first,
                                               t.nodes[0].attr_first + t.nodes[0].n_attrs)]
        names = self.field_names
        fields = [(names[a][1], _xml_text(t.attrs[t.nodes[0].attr_first + a].value))
                  for a in range(t.nodes[0].n_attrs) if names[a][0] != b"id"]
        v = stud_xml_get(t, 0, "data")
        data = [] if v == NULL else _xml_text(v[0]).split("|")
        v = stud_xml_get(t, 0, "id")
        return self._record(rules, small, big, cents, None if v == NULL else _xml_text(v[0]),
                            data[1] if len(data) > 1 else None, "USD" if cents else None,
                            tuple(fields), line, "merge")

    cdef object _game(self, tuple key, uint32_t line):
        """The reader's ``game_of``, cached by what it reads (``key``:
        iPoker's gametype and whether a tournament, read with ``line``;
        Merge's <description> type and stakes and its multigametype, as
        bytes): its facts (a tuple), None for a hand skipped (counted
        here), False where it fails (Python's error)."""
        facts = self.games.get(key)
        if facts is None:
            try:
                if self.rootless:
                    facts = self.game_of(*[None if v is None else v.decode() for v in key])
                else:
                    facts = self.game_of(key[0], key[1], line)
            except _SITE_SKIP_XML() as skip:
                facts = skip
            except Exception:
                facts = False
            if len(self.games) >= 256:
                self.games.clear()
            self.games[key] = facts
        if facts is False or type(facts) is tuple:
            return facts
        if facts.cancelled:
            self.reader.cancelled += 1
        else:
            self.reader.skipped += 1
        return None

    cdef bint _same_names(self):
        """Whether the <game>'s attributes have the names, in order, of the
        hand's before (``field_names``)."""
        cdef stud_xml_tree *t = self.tree
        cdef uint32_t a, first = t.nodes[0].attr_first
        cdef list names = self.field_names
        cdef bytes name
        if len(names) != t.nodes[0].n_attrs:
            return False
        for a in range(t.nodes[0].n_attrs):
            name = names[a][0]
            if len(name) != t.attrs[first + a].name.len or \
                    memcmp(<const char *>name, t.attrs[first + a].name.s, len(name)) != 0:
                return False
        return True

    cdef object _rules(self, object variant, object small, object big):
        """The rules of the hand just read (its ante and bring-in the deal's),
        cached; False where they fail (Python's error)."""
        cdef stud_xml_record *r = self.rec
        bring_in = None if r.deal.bring_in < 0 else r.deal.bring_in
        key = (variant, small, big, r.deal.ante, bring_in)
        rules = self.rules_cache.get(key)
        if rules is None:
            try:
                rules = _cached_rules_xml(variant, small, big, r.deal.ante, bring_in,
                                          self.options)
            except (TypeError, ValueError):
                rules = False
            if len(self.rules_cache) >= 256:
                self.rules_cache.clear()
            self.rules_cache[key] = rules
        return rules

    cdef int _record(self, object rules, object small, object big, bint cents, object hand_id,
                     object table, object currency, tuple fields, uint32_t line,
                     str name) except -1:
        """The hand just read counted, and made a record (or, replaying in
        C, counted as reproduced where the C replay reproduces it)."""
        cdef stud_xml_record *r = self.rec
        cdef int k, seat
        self.reader.hands += 1
        if self.in_c and 0 <= small < (1 << 31) and 0 <= big < (1 << 31) and \
                self._reproduced(r, rules, small, big, cents):
            self.reproduced += 1
            return 0
        source = _hh_trusted(_HH_CLASSES[1], ("file", "line", "format"), (self.file, line, name))
        self.held.append(_hh_record((
            rules, tuple([r.deal.stacks[seat] for seat in range(r.n)]),
            _hh_steps_kept(r.deal.steps, r.deal.n_steps),
            tuple([_xml_text(r.name[seat]) for seat in range(r.n)]),
            tuple([r.seat[seat] for seat in range(r.n)]), hand_id, table,
            tuple([r.collected[seat] for seat in range(r.n)]), 0, None, currency, fields,
            source)))
        return 0

    cdef int _in_python(self, size_t p, size_t end, Py_ssize_t first, Py_ssize_t last,
                        uint32_t line) except -2:
        """The hand read by the reader's Python: the element ElementTree
        makes of its text, its lines those of the batch it ended in."""
        element = _XML_FROMSTRING(self.buf[p:end].decode("utf-8"))
        self.held.extend(self.reader._python_hand(element, line, self._lines_of(first, last + 1)))
        return 0

    cdef bint _reproduced(self, stud_xml_record *r, object rules, int64_t small, int64_t big,
                          bint cents) except -1:
        """Whether the C replay reproduces the hand as its record would
        say it."""
        cdef stud_hh_hand *hh = self.hh
        cdef int seat
        if rules is not self.c_rules_of:
            self.c_rules_of, self.c_rules_bytes = rules, _rules_bytes(rules)
        if self.c_rules_bytes is False:
            return False
        if not (0 <= small < (1 << 31) and 0 <= big < (1 << 31) and r.deal.ante < (1 << 31)):
            return False
        _site_replay_game(hh, rules, small, big, r.deal.ante, r.deal.bring_in, cents, r.n)
        for seat in range(r.n):
            if not (0 < r.deal.stacks[seat] < (1 << 31)) or \
                    not (0 <= r.collected[seat] < (1 << 31)):
                return False
            hh.stacks[seat] = <int32_t>r.deal.stacks[seat]
            hh.collected[seat] = <int32_t>r.collected[seat]
        return _site_replays(hh, r.deal.steps, r.deal.n_steps, self.c_rules_bytes)


def _xml_raising(error):
    """Lines that are none: the source's failure, raised."""
    raise error
    yield


cdef object _XML_SKIP = None
cdef object _XML_RULES = None


cdef object _SITE_SKIP_XML():
    global _XML_SKIP
    if _XML_SKIP is None:
        from stud.histories.sites._xml import Skip
        _XML_SKIP = Skip
    return _XML_SKIP


cdef object _cached_rules_xml(object variant, object small, object big, object ante,
                              object bring_in, object options):
    global _XML_RULES
    if _XML_RULES is None:
        from stud.histories.record import _cached_rules, options_for
        _XML_RULES = (_cached_rules, options_for)
    return _XML_RULES[0](variant, small, big, ante, bring_in, **_XML_RULES[1](options, variant))
