# The sites' text formats read in C (src/studcore/site_text.h), for
# stud.histories.sites: a file's lines cleaned and split into hands at each
# header line in C, each hand's header read by the site's module (its game,
# table and fields: ``header_of``), its other lines by the site's C reader,
# and the hand made a HandRecord (the one the constructor would make:
# record.py's ``_trusted``) or a HistoryError naming the file, hand and line.

from cpython.mem cimport PyMem_Free, PyMem_Malloc, PyMem_Realloc
from cpython.unicode cimport PyUnicode_AsUTF8AndSize
from libc.string cimport memchr, memcpy, memmove, memset

cdef object _SITE_FAIL = None    # histories/_fail.py's _Fail and _Skip, HistoryError
cdef object _SITE_SKIP = None
cdef object _SITE_HISTORY_ERROR = None

#: lines taken from the source at a time
cdef Py_ssize_t _SITE_BATCH = 2048


cdef str _site_text(const char *buf, stud_hh_span span):
    return buf[span.start:span.start + span.len].decode("utf-8", "surrogatepass")


cdef size_t _site_drop_nuls(char *s, size_t n) noexcept:
    """Drops the NUL bytes of s[0, n) in place: the bytes left."""
    cdef char *nul = <char *>memchr(s, 0, n)
    cdef size_t to, k
    if nul == NULL:
        return n
    to = <size_t>(nul - s)
    for k in range(to, n):
        if s[k] != 0:
            s[to] = s[k]
            to += 1
    return to


cdef int _site_replay_game(stud_hh_hand *hh, object rules, int64_t small, int64_t big,
                           int64_t ante, int64_t bring_in, bint cents, int n_seats) except -1:
    """A hand's game for the C replay (``verify``): the rules' variant, the
    bets (each under 2**31: the caller's check), ante and bring-in (< 0:
    none), its seats; the rest emptied, the stacks, collections and rake
    the caller's."""
    memset(hh, 0, <size_t>(<char *>&hh.steps[0] - <char *>hh))
    hh.variant = rules.variant
    hh.small_bet, hh.big_bet = <int32_t>small, <int32_t>big
    hh.ante = <int32_t>ante
    hh.bring_in = STUD_HH_NONE if bring_in < 0 else <int32_t>bring_in
    hh.cents = cents
    hh.n_seats = n_seats
    return 0


cdef bint _site_replays(stud_hh_hand *hh, const stud_hh_step *steps, int n_steps,
                        bytes rules_bytes) except -1:
    """Whether the C replay reproduces the hand (its game set by
    _site_replay_game, its stacks and collections) with these steps."""
    hh.has_collected = 1
    hh.n_steps = n_steps
    memcpy(hh.steps, steps, n_steps * sizeof(stud_hh_step))
    return stud_ps_replay(hh, <const stud_rules *><const char *>rules_bytes) == STUD_PS_REPRODUCED


@cython.final
@cython.auto_pickle(False)
cdef class _SiteText:
    """The records and errors of one site file's lines (an iterator of
    str), in file order.  ``format``: the site's C reader
    (stud_site_format); ``name``: the records' source format;
    ``header_of(text, line)``: the header's (variant, small bet, big bet,
    currency sign 0-3, cents, currency, table, fields), raising the
    readers' _Fail or _Skip (the bets None: the site's C reader finds
    them in the hand; ``header_lines`` 2 or 3: ``header_of(text, line,
    second line's text, its number[, third's, its number])``, each None
    for a line the hand has not); ``rules_of(variant, small, big, ante,
    bring-in or None)``: the hand's Rules (raising TypeError or
    ValueError); ``header_prefix`` (a str, or None): the game is on the
    hand's first line that starts with it, anywhere in the hand:
    ``header_of(text, line, that line's text, its number)`` (None and the
    hand's last line's number when it has none), and an error of the rules
    names that line.  ``hands``, ``errors``, ``skipped`` and ``cancelled``
    count what was read so far.

    A format whose file splits as _stud_lines.LineReader splits it
    (site_text.h's stud_site_split: STUD_SITE_SPLIT_LINES) has its lines
    only stripped, numbered as given, each line before the first hand an
    error, no bound of lines, its stacks checked after its rules; its
    header test names no hand: ``header_of`` gives two more values, the
    hand's id and the ante the header states (or None), and a _Fail it
    raises names the hand in its ``hand`` (None when it has none).  One
    whose file splits as wpn.py's ``_HandsReader`` splits it
    (STUD_SITE_SPLIT_HANDS) has its lines only stripped, a header found by
    the format's test alone, its own messages (a line outside any hand, a
    hand of more lines, rules that do not hold), and a header without the
    hand's number names none; its header test may give 3 (a hand of the
    format's other kind, numbered on its second line) and 4 (a header of
    that kind unless the hand so far is of that kind with no line of 4 in
    its first three: WPN's older format)."""
    cdef object lines, file, name, header_of, rules_of
    cdef bytes header_prefix
    cdef int format, header_lines, split
    cdef uint32_t given   # (split LINES) the lines given so far
    cdef dict rules_cache
    cdef object last_variant, last_rules   # the last hand's rules, and what they were of
    cdef int64_t last_key[4]
    cdef char *buf
    cdef size_t used, cap
    cdef uint32_t *starts
    cdef uint32_t *ends
    cdef uint32_t *numbers
    cdef uint8_t *headers
    cdef size_t n, n_cap, pos
    cdef uint32_t line_no
    cdef bint exhausted, started, outside, numbered
    cdef bint game_no, after_banner   # (split LINES, headers of 2: stud_site_header)
    # (split HANDS, headers of 3 and 4: stud_site_header) the hand so far: of
    # the other kind, its lines (up to 3), a header of 4 among its first three
    cdef bint hand_other, hand_four
    cdef int hand_lines
    cdef object failure   # what the source raised: raised once the hands before it are out
    # blocks of text (io's _FileLines.rest) split into lines here, as
    # io._lines splits a file's: the text not yet split is buf[tail, used)
    cdef object blocks
    cdef size_t tail
    cdef stud_text_lines text   # (text.pos: from tail, while a block is split)
    cdef stud_site_hand *hand
    cdef public long hands, errors, skipped, cancelled
    # verify: a hand the C replay settles (ps_replay.c) is counted here, no
    # record made; the others are records, for the Python replay
    cdef readonly bint in_c
    cdef public long reproduced
    cdef stud_hh_hand *hh
    cdef object c_rules_of       # the last rules, and their C rules (bytes, or False)
    cdef object c_rules_bytes

    def __cinit__(self, *args, **kwargs):
        self.hand = <stud_site_hand *>PyMem_Malloc(sizeof(stud_site_hand))
        if self.hand == NULL:
            raise MemoryError()

    def __init__(self, lines, int format, str name, object file, object header_of,
                 object rules_of, int header_lines=1, object header_prefix=None):
        global _SITE_FAIL, _SITE_SKIP, _SITE_HISTORY_ERROR
        if _SITE_FAIL is None:
            from stud.histories._fail import _Fail, _Skip
            from stud.histories.errors import HistoryError
            _SITE_FAIL, _SITE_SKIP, _SITE_HISTORY_ERROR = _Fail, _Skip, HistoryError
        if _HH_CLASSES is None:
            _hh_setup()
        self.lines = iter(lines)
        self.numbered = isinstance(getattr(self.lines, "number", None), int)
        self.blocks = None
        if not 0 <= format < STUD_SITE_FORMATS or header_lines not in (1, 2, 3):
            raise ValueError(f"no C reader for the site format {format} reading "
                             f"{header_lines} header lines")
        self.format, self.header_lines = format, header_lines
        self.header_prefix = None if header_prefix is None else header_prefix.encode("utf-8")
        self.split = stud_site_split(format)
        self.name, self.file, self.header_of, self.rules_of = name, file, header_of, rules_of
        self.rules_cache = {}
        self.hands = self.errors = self.skipped = self.cancelled = 0

    def replay_in_c(self):
        """From now on, a hand read that the C replay reproduces
        (src/studcore/ps_replay.c: the Python replay's steps, the cards
        nobody names filled as it fills them, its settlement compared with
        the file's; a rake the file does not state derived from the pots
        and the collections, as replay derives it) is
        counted in ``reproduced`` and gives no record; a hand it cannot
        settle (a mismatch, unknown up cards) is a record as before, for
        ``stud.histories.replay`` to decide (``stud.histories.verify``)."""
        if self.hh == NULL:
            self.hh = <stud_hh_hand *>PyMem_Malloc(sizeof(stud_hh_hand))
            if self.hh == NULL:
                raise MemoryError()
        self.in_c = True
        return self

    def read_blocks(self, blocks, long first_line, Py_ssize_t max_line):
        """Reads ``blocks`` (an iterator of str or UTF-8 bytes: a text file's text as it
        is, line ends and all) instead of the lines given: split into
        lines here as ``stud.histories.io._lines`` splits a file (a line
        ends at \\n, \\r\\n or \\r; a \\r\\n after a line ended by a
        \\r alone is no line; a line of more than ``max_line``
        characters, its end included, is ``io.long_line``'s error and the
        end of the text); ``first_line``: the number of the first line.
        Only before the first hand is taken."""
        if self.n or self.used:
            raise RuntimeError("read_blocks before any line is read")
        self.blocks = iter(blocks)
        stud_text_lines_init(&self.text, 1, 0, max_line, <uint32_t>(first_line - 1))
        return self

    def __dealloc__(self):
        PyMem_Free(self.hh)
        PyMem_Free(self.hand)
        PyMem_Free(self.buf)
        PyMem_Free(self.starts)
        PyMem_Free(self.ends)
        PyMem_Free(self.numbers)
        PyMem_Free(self.headers)

    def __iter__(self):
        return self

    cdef size_t _compact(self):
        """Drops the lines before ``pos``; returns how many."""
        cdef size_t gone = self.pos, base, k
        if gone == 0:
            return 0
        if gone == self.n and self.tail == self.used:
            self.used = self.n = self.pos = self.tail = 0
            return gone
        base = self.starts[gone] if gone < self.n else self.tail
        memmove(self.buf, self.buf + base, self.used - base)
        self.used -= base
        self.tail -= base
        self.n -= gone
        for k in range(self.n):
            self.starts[k] = self.starts[k + gone] - <uint32_t>base
            self.ends[k] = self.ends[k + gone] - <uint32_t>base
            self.numbers[k] = self.numbers[k + gone]
            self.headers[k] = self.headers[k + gone]
        self.pos = 0
        return gone

    cdef int _grow(self, size_t more) except -1:
        cdef size_t cap = self.cap if self.cap else 1 << 16
        cdef void *p
        while self.used + more > cap:
            cap *= 2
        if cap >= (<size_t>1 << 32):
            raise MemoryError("a hand of more than 4 GB")
        if cap != self.cap:
            p = PyMem_Realloc(self.buf, cap)
            if p == NULL:
                raise MemoryError()
            self.buf, self.cap = <char *>p, cap
        if self.n < self.n_cap:
            return 0
        cap = self.n_cap * 2 if self.n_cap else 4096
        p = PyMem_Realloc(self.starts, cap * sizeof(uint32_t))
        if p == NULL:
            raise MemoryError()
        self.starts = <uint32_t *>p
        p = PyMem_Realloc(self.ends, cap * sizeof(uint32_t))
        if p == NULL:
            raise MemoryError()
        self.ends = <uint32_t *>p
        p = PyMem_Realloc(self.numbers, cap * sizeof(uint32_t))
        if p == NULL:
            raise MemoryError()
        self.numbers = <uint32_t *>p
        p = PyMem_Realloc(self.headers, cap)
        if p == NULL:
            raise MemoryError()
        self.headers = <uint8_t *>p
        self.n_cap = cap
        return 0

    cdef size_t _fill(self) except? 0:
        """Takes the next lines of the source (dropping those read:
        returns how many), cleaned, the blank ones left out."""
        cdef size_t gone = self._compact()
        try:
            if self.blocks is not None:
                self._take_block()
            else:
                self._take()
        except Exception as error:
            self.failure = error
            self.exhausted = True
        return gone

    cdef int _take(self) except -1:
        cdef Py_ssize_t size, count = 0
        cdef const char *text
        cdef bytes held
        for raw in self.lines:
            if self.numbered:  # (a file's lines as io._lines reads them: its own numbers)
                self.line_no = <uint32_t>self.lines.number
            else:
                self.line_no += 1
            try:
                text = PyUnicode_AsUTF8AndSize(raw, &size)
            except UnicodeEncodeError:
                held = raw.encode("utf-8", "surrogatepass")
                text = held
                size = len(held)
            self._grow(<size_t>size)
            memcpy(self.buf + self.used, text, size)
            self._keep_line(<uint32_t>self.used, <uint32_t>(self.used + size), self.line_no)
            self.used += size
            count += 1
            if count >= _SITE_BATCH:
                break
        else:
            self.exhausted = True
        return 0

    cdef int _take_block(self) except -1:
        """Splits the next block of text into lines (the last, maybe
        unended, kept for the next block); at the end of the blocks, the
        last line too."""
        cdef Py_ssize_t size
        cdef const unsigned char[::1] held
        cdef bint final = False
        try:
            block = next(self.blocks)
        except StopIteration:
            final = True
        if not final:
            held = _block_utf8(block)
            size = held.shape[0]
            self._grow(<size_t>size)
            if size:
                memcpy(self.buf + self.used, &held[0], size)
            self.used += size
        self._split(final)
        if final:
            self.exhausted = True
        return 0

    cdef int _split(self, bint final) except -1:
        """The lines of buf[tail, used) that end (all of them when
        ``final``), each numbered, its NULs dropped (as io._lines drops
        them, before a reader sees the line), cleaned and kept unless blank
        (text_lines.h reads them as io._lines reads a file)."""
        cdef size_t start, count
        cdef int got
        self.text.pos = self.tail
        while True:
            got = stud_text_line_next(&self.text, self.buf, self.used, final, &start, &count)
            if got == STUD_TEXT_LONG:
                from stud.histories.io import long_line
                self.tail = self.used
                self.blocks = iter(())
                raise long_line(self.file, self.text.physical + 1)
            if got != STUD_TEXT_LINE:
                break
            self._grow(0)
            self._keep_line(<uint32_t>start, <uint32_t>(start + _site_drop_nuls(
                self.buf + start, count)), self.text.physical)
        self.tail = self.text.pos
        return 0

    cdef int _keep_line(self, uint32_t s, uint32_t e, uint32_t number) except -1:
        """Cleans buf[s, e), the line numbered ``number``, and keeps it
        unless blank, or one the site reads as blank (stud_site_blank)
        (a line slot must be free: ``_grow``)."""
        cdef stud_hh_span id_span, rest_span
        cdef int header
        cdef bint four
        if self.split == STUD_SITE_SPLIT_LINES:  # (LineReader: enumerate, strip; io._lines's NULs)
            self.given += 1
            number = self.given
            stud_lines_clean(self.buf, &s, &e, self.blocks is not None)
            if self.after_banner:  # (the line after a banner: its game line, even blank)
                self.after_banner = False
                if e == s:
                    self.starts[self.n] = s
                    self.ends[self.n] = e
                    self.numbers[self.n] = number
                    self.headers[self.n] = 0
                    self.n += 1
                    return 0
        elif self.split == STUD_SITE_SPLIT_HANDS:  # (_HandsReader: the line stripped, nothing more)
            stud_lines_clean(self.buf, &s, &e, 0)
        elif stud_site_blank(self.format, self.buf + s, e - s):
            return 0
        else:
            stud_site_clean_line(self.buf, &s, &e)
        if e > s:
            self.starts[self.n] = s
            self.ends[self.n] = e
            self.numbers[self.n] = number
            header = stud_site_header(self.format, self.buf + s, e - s, &id_span, &rest_span)
            if header == 2:  # (a banner: a header unless it follows its "#Game No" line)
                header = not self.game_no
                self.game_no = False
                self.after_banner = True
            elif header == 1 and self.split == STUD_SITE_SPLIT_LINES:
                self.game_no = True
            elif self.split == STUD_SITE_SPLIT_HANDS:  # (wpn.py's WpnReader.starts)
                four = header == 4
                if four and self.hand_other and not self.hand_four:
                    header = 0
                if header:
                    self.hand_other, self.hand_four, self.hand_lines = header >= 3, four, 1
                elif 0 < self.hand_lines < 3:
                    self.hand_lines += 1
                    self.hand_four = self.hand_four or four
                header = header != 0
            self.headers[self.n] = header
            self.n += 1
        return 0

    cdef int _raise_failure(self) except -1:
        """Raises what the source raised, once (as a generator over the
        source would, after the hands before it)."""
        failure, self.failure = self.failure, None
        if failure is not None:
            self.pos = self.n
            raise failure
        return 0

    cdef str _message(self, const stud_site_error *err):
        parts = err.message.decode("utf-8", "replace").split("\x01")
        out = [parts[0]]
        cdef int k
        for k in range(err.n_args):
            text = _site_text(self.buf, err.args[k])
            out.append(repr(text) if err.repr[k] else text)
            out.append(parts[k + 1] if k + 1 < len(parts) else "")
        return "".join(out)

    def __next__(self):
        cdef size_t a, b
        cdef stud_hh_span id_span, rest_span
        while True:
            if self.pos == self.n:
                if self.exhausted:
                    self._raise_failure()
                    raise StopIteration
                self._fill()
                continue
            if not self.started:
                if self.headers[self.pos]:
                    self.started = True
                else:
                    a = self.pos
                    self.pos += 1
                    if self.split == STUD_SITE_SPLIT_LINES:
                        if stud_site_quiet(self.format, self.buf + self.starts[a],
                                           self.ends[a] - self.starts[a]):
                            continue
                        self.errors += 1
                        line = self.buf[self.starts[a]:self.ends[a]].decode("utf-8",
                                                                            "surrogatepass")
                        return _SITE_HISTORY_ERROR(f"a line before the first hand: {line!r}",
                                                   self.file, None, self.numbers[a])
                    if self.outside:
                        continue
                    self.outside = True
                    self.errors += 1
                    line = self.buf[self.starts[a]:self.ends[a]].decode("utf-8", "surrogatepass")
                    if self.split == STUD_SITE_SPLIT_HANDS:
                        return _SITE_HISTORY_ERROR(f"a line outside any hand: {line[:80]!r}",
                                                   self.file, None, self.numbers[a])
                    return _SITE_HISTORY_ERROR(f"text outside any hand: {line[:60]!r}",
                                               self.file, None, self.numbers[a])
            b = self.pos + 1
            while True:
                while b < self.n and not self.headers[b]:
                    b += 1
                if b < self.n or self.exhausted:
                    break
                b -= self._fill()
            if b == self.n:
                self._raise_failure()  # (the hand the source broke off is not read)
            a = self.pos
            self.pos = b
            found = self._hand(a, b - a)
            if found is not None:
                return found

    cdef object _hand(self, size_t a, size_t count):
        cdef stud_hh_span id_span, rest_span, second
        cdef stud_site_lines lines
        cdef stud_site_game game
        cdef stud_site_error err
        cdef stud_site_hand *h = self.hand
        cdef int status, k
        cdef size_t at
        cdef uint32_t banner_at, game_at, rules_line = self.numbers[a]
        cdef const char *line = self.buf + self.starts[a]
        if stud_site_header(self.format, line, self.ends[a] - self.starts[a], &id_span,
                            &rest_span) == 3 and count > 1:  # (its number on its second line)
            line = self.buf + self.starts[a + 1]
            if stud_site_header(self.format, line, self.ends[a + 1] - self.starts[a + 1],
                                &id_span, &rest_span) != 4:
                id_span.len = 0
        hand_id = line[id_span.start:id_span.start + id_span.len].decode(
            "utf-8", "surrogatepass") if id_span.len else None
        line = self.buf + self.starts[a]
        lines.buf = self.buf
        lines.start, lines.end, lines.number = self.starts, self.ends, self.numbers
        if stud_site_cancelled(self.format, &lines, <uint32_t>a, <uint32_t>count):
            self.cancelled += 1
            return None
        if count > STUD_SITE_MAX_HAND_LINES and self.split != STUD_SITE_SPLIT_LINES:
            self.errors += 1
            return _SITE_HISTORY_ERROR(
                f"the hand has more than {STUD_SITE_MAX_HAND_LINES} lines", self.file, hand_id,
                self.numbers[a + (STUD_SITE_MAX_HAND_LINES if self.split == STUD_SITE_SPLIT_HANDS
                                  else count) - 1])
        header = line[:self.ends[a] - self.starts[a]].decode("utf-8", "surrogatepass")
        game_at = 0
        if self.split == STUD_SITE_SPLIT_LINES:  # (a game on a line of its own: its banner's)
            status = stud_site_game_line(self.format, &lines, <uint32_t>a, <uint32_t>count,
                                         &banner_at, &game_at, &id_span, &err)
            if status < 0:
                self.errors += 1
                return _SITE_HISTORY_ERROR(
                    self._message(&err), self.file,
                    _site_text(self.buf, id_span) if id_span.len else None, err.line)
            if status > 0:
                second.start, second.len = self.starts[banner_at], \
                    self.ends[banner_at] - self.starts[banner_at]
                header = _site_text(self.buf, second)
                second.start, second.len = self.starts[game_at], \
                    self.ends[game_at] - self.starts[game_at]
                rules_line = self.numbers[game_at]
        try:
            if game_at:
                facts = self.header_of(header, self.numbers[banner_at],
                                       _site_text(self.buf, second), rules_line)
            elif self.header_prefix is not None:
                prefix = self.header_prefix
                at = a
                while at < a + count and not self.buf[self.starts[at]:self.ends[at]].startswith(
                        prefix):
                    at += 1
                if at < a + count:
                    second.start, second.len = self.starts[at], self.ends[at] - self.starts[at]
                    rules_line = self.numbers[at]
                    facts = self.header_of(header, self.numbers[a], _site_text(self.buf, second),
                                           rules_line)
                else:
                    facts = self.header_of(header, self.numbers[a], None,
                                           self.numbers[a + count - 1])
            elif self.header_lines == 1:
                facts = self.header_of(header, self.numbers[a])
            else:
                more = []
                for k in range(1, self.header_lines):
                    if <size_t>k < count:
                        second.start = self.starts[a + k]
                        second.len = self.ends[a + k] - self.starts[a + k]
                        more += [_site_text(self.buf, second), self.numbers[a + k]]
                    else:
                        more += [None, None]
                facts = self.header_of(header, self.numbers[a], *more)
        except _SITE_SKIP as skip:
            if skip.cancelled:
                self.cancelled += 1
            else:
                self.skipped += 1
            return None
        except _SITE_FAIL as fail:
            self.errors += 1
            return _SITE_HISTORY_ERROR(fail.reason, self.file, getattr(fail, "hand", hand_id),
                                       fail.line)
        except Exception as error:  # a hand the header's reading got wrong: still never a crash
            self.errors += 1
            return _SITE_HISTORY_ERROR(f"cannot read the hand: {type(error).__name__}: {error}",
                                       self.file, hand_id, self.numbers[a])
        header_ante = None
        if len(facts) == 10:  # (the hand's id and the stated ante: split LINES)
            hand_id, header_ante = facts[8], facts[9]
            facts = facts[:8]
        variant, small, big, symbol, cents, currency, table, header_fields = facts
        game.ante = -1 if header_ante is None else header_ante
        game.small_bet = -1 if small is None else small
        game.big_bet = -1 if big is None else big
        game.symbol, game.cents = symbol, cents
        status = stud_site_read(self.format, &lines, <uint32_t>a, <uint32_t>count, &game, h, &err)
        if status < 0:
            raise ValueError(f"no C reader for the site format {self.format}")
        if status == STUD_HH_SKIPPED:  # (a hand the site cancelled)
            self.cancelled += 1
            return None
        if status != STUD_HH_READ:
            self.errors += 1
            return _SITE_HISTORY_ERROR(self._message(&err), self.file, hand_id, err.line)
        first = self.numbers[a]
        small, big = h.game.small_bet, h.game.big_bet  # (the hand's, where the header has none)
        if variant is self.last_variant and small == self.last_key[0] and \
                big == self.last_key[1] and h.ante_out == self.last_key[2] and \
                h.bring_in_out == self.last_key[3]:
            rules = self.last_rules
        else:
            key = (variant, small, big, h.ante_out,
                   None if h.bring_in_out < 0 else h.bring_in_out)
            rules = self.rules_cache.get(key)
            if rules is None:
                try:
                    rules = self.rules_of(*key)
                except (TypeError, ValueError) as error:
                    rules = (f"the game's rules do not hold: {error}"
                             if self.split == STUD_SITE_SPLIT_HANDS
                             else f"the rules: {error}")
                if len(self.rules_cache) >= 256:
                    self.rules_cache.clear()
                self.rules_cache[key] = rules
            self.last_variant, self.last_rules = variant, rules
            self.last_key[0], self.last_key[1], self.last_key[2], self.last_key[3] = \
                small, big, h.ante_out, h.bring_in_out
        if type(rules) is str:
            self.errors += 1
            return _SITE_HISTORY_ERROR(rules, self.file, hand_id, rules_line)
        if h.n_order > 8:
            self.errors += 1
            return _SITE_HISTORY_ERROR(f"a stud hand has 2 to 8 seats, not {h.n_order}",
                                       self.file, hand_id, first)
        if self.split == STUD_SITE_SPLIT_LINES:  # (LineHand.finish: the engine's checks)
            total = 0
            for k in range(h.n_order):
                chips = h.stack[h.order[k]]
                if chips <= 0:
                    self.errors += 1
                    return _SITE_HISTORY_ERROR(
                        f"the stack of seat {k} must be a positive number of chips, not {chips}",
                        self.file, hand_id, first)
                total += chips
            if total > (1 << 30):
                self.errors += 1
                return _SITE_HISTORY_ERROR(
                    f"the stacks add up to {total:,} chips: at most 2**30 are allowed",
                    self.file, hand_id, first)
        self.hands += 1
        if self.in_c and self._reproduced(h, rules, small, big, cents):
            self.reproduced += 1
            return None
        return self._record(h, rules, hand_id, table, currency, header_fields, first)

    cdef bint _reproduced(self, stud_site_hand *h, object rules, int64_t small, int64_t big,
                          bint cents) except -1:
        """Whether the C replay reproduces the hand as its record would
        say it (the record's stacks, steps, collections and rake)."""
        cdef stud_hh_hand *hh = self.hh
        cdef int seat, p
        if rules is not self.c_rules_of:
            self.c_rules_of, self.c_rules_bytes = rules, _rules_bytes(rules)
        if self.c_rules_bytes is False:  # (seats and steps fit: _hand and the builder's bounds)
            return False
        _site_replay_game(hh, rules, small, big, h.ante_out, h.bring_in_out, cents, h.n_order)
        for seat in range(h.n_order):
            p = h.order[seat]
            if not (0 < h.stack[p] < (1 << 31)) or not (0 <= h.collected[p] < (1 << 31)):
                return False
            hh.stacks[seat] = <int32_t>h.stack[p]
            hh.collected[seat] = <int32_t>h.collected[p]
        if h.rake_known:
            if not (0 <= h.rake < (1 << 31)):
                return False
            hh.rake = <int32_t>h.rake
        return _site_replays(hh, h.steps, h.n_steps, self.c_rules_bytes)

    cdef object _record(self, stud_site_hand *h, object rules, object hand_id, object table,
                        object currency, tuple header_fields, uint32_t first):
        cdef const char *buf = self.buf
        cdef int seat, k, c, p
        cdef stud_site_cards *m
        cdef stud_site_field *f
        order = [h.order[seat] for seat in range(h.n_order)]
        players = tuple([_site_text(buf, h.name[p]) for p in order])
        fields = []
        for k in range(h.n_fields):
            if k == h.n_lead_fields:
                fields += header_fields
            f = &h.fields[k]
            value = _site_text(buf, f.value) if f.text == NULL else f.text.decode("utf-8")
            fields.append((f.key.decode("ascii"), int(value) if f.as_int else value))
        if h.n_fields <= h.n_lead_fields:
            fields += header_fields
        if h.has_table:
            table = _site_text(buf, h.table)
        for k in range(h.n_pots):
            fields.append(("_pots", _site_text(buf, h.pots[k])))
        if h.hero >= 0 and self.split == STUD_SITE_SPLIT_LINES:  # (LineHand.finish's order)
            fields.append(("_hero", _site_text(buf, h.name[h.hero])))
        if h.n_mucked:
            mucked = []
            for k in range(h.n_mucked):
                m = &h.mucked[k]
                if m.n_cards < 0:  # (a list as written, of the player named)
                    mucked.append((_site_text(buf, m.name), _site_text(buf, m.text)))
                else:
                    mucked.append((m.seat, _hh_card_text(m.cards, m.n_cards)))
            fields.append(("_mucked_cards", tuple(mucked)))
        if h.hero >= 0 and self.split != STUD_SITE_SPLIT_LINES:
            fields.append(("_hero", _site_text(buf, h.name[h.hero])))
        source = _hh_trusted(_HH_CLASSES[1], ("file", "line", "format"),
                             (self.file, first, self.name))
        return _hh_record((
            rules, tuple([h.stack[p] for p in order]), _hh_steps_kept(h.steps, h.n_steps),
            players,
            tuple([int(_site_text(buf, h.seat_digits[p])) for p in order]),
            hand_id, table, tuple([h.collected[p] for p in order]),
            h.rake if h.rake_known else 0, None, currency, tuple(fields), source))
