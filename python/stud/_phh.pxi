# PHH read in C (src/studcore/phh_read.h): the splitter over blocks of a
# file's bytes, the reader of one hand and verify's loop, for
# stud.histories.phh, which checks what needs the engine (the rules, the
# stacks) and builds records.

from cpython.mem cimport PyMem_Calloc, PyMem_Realloc
from cpython.unicode cimport PyUnicode_DecodeUTF8, PyUnicode_DecodeASCII
from cpython.bytes cimport PyBytes_FromStringAndSize
from libc.string cimport memcmp, memcpy as _phh_memcpy

import datetime as _datetime
import re as _re
from decimal import Decimal as _Decimal

# the names of the C reader's fields, in the order of enum stud_phh_field
_PHH_FIELD_NAMES = ("variant", "antes", "bring_in", "small_bet", "big_bet", "starting_stacks",
                    "actions", "players", "seats", "hand", "table", "finishing_stacks",
                    "winnings", "currency", "_rake", "_rules", "blinds_or_straddles",
                    "ante_trimming_status")


cdef inline int _phh_digits(const char *p, uint32_t n, int64_t *out) noexcept:
    """1 and the value in *out when p[0, n) is an optional sign and 1 to
    18 ASCII digits (what int(text, 10) reads to the same value); else 0."""
    cdef uint32_t j = 0
    cdef int64_t v = 0
    cdef bint neg = False
    if n > 0 and (p[0] == b'-' or p[0] == b'+'):
        neg = p[0] == b'-'
        j = 1
    if n <= j or n - j > 18:
        return 0
    while j < n:
        if not b'0' <= p[j] <= b'9':
            return 0
        v = v * 10 + (p[j] - 48)
        j += 1
    out[0] = -v if neg else v
    return 1


@cython.final
@cython.auto_pickle(False)
cdef class _PhhSplit:
    """A PHH text split into hands over blocks of bytes (phh_split.c).
    chunks: the text's parts in order (str, or UTF-8 bytes or a view of them), of any size;
    file_lines: lines as io._lines reads a file (the lines already read
    given as `physical`); lf_only: each chunk is a line (str), whose end
    (its last \\r and \\n) is made "\\n", and lines end at "\\n" alone.  Iterating
    gives phh.py's items: ("hand", first line, section name or None,
    number), the hand's bytes left for _PhhDoc.read_split until the next
    item; ("long", first line, name, number) for a hand past max_hand
    characters; ("line", number) for a line past max_line characters (the
    end: nothing follows)."""
    cdef stud_phh_splitter sp
    cdef char *buf
    cdef size_t cap, used
    cdef bint at_end, done, lines
    cdef object chunks
    cdef readonly int event

    def __init__(self, chunks, bint file_lines, bint lf_only, size_t max_line,
                 size_t max_hand, uint32_t physical=0):
        stud_phh_split_init(&self.sp, file_lines, lf_only, max_line, max_hand, physical)
        self.chunks = iter(chunks)
        self.lines = lf_only
        PyMem_Free(self.buf)  # (a second __init__ starts again)
        self.buf = NULL
        self.cap = self.used = 0
        self.at_end = self.done = False
        self.event = STUD_PHH_MORE

    def __dealloc__(self):
        PyMem_Free(self.buf)

    cdef int _add(self, object chunk) except -1:
        cdef const unsigned char[::1] view
        cdef const char *p = NULL
        cdef Py_ssize_t n
        cdef char *grown
        cdef size_t want
        if isinstance(chunk, str):
            if self.lines:  # (a line: its end, if any, made "\\n")
                chunk = (<str>chunk).rstrip("\r\n")
            chunk = (<str>chunk).encode("utf-8", "surrogatepass")
        elif not isinstance(chunk, (bytes, memoryview)) or self.lines:
            raise TypeError(f"lines must be str, not {type(chunk).__name__}")
        view = chunk  # (io's _utf8_blocks gives views of its buffer: copied here)
        n = view.shape[0]
        if n:
            p = <const char *>&view[0]
        if self.used + n + 1 > self.cap:
            want = max(self.used + n + 1, 2 * self.cap, 1 << 16)
            grown = <char *>PyMem_Realloc(self.buf, want)
            if grown == NULL:
                raise MemoryError()
            self.buf = grown
            self.cap = want
        if n:
            _phh_memcpy(self.buf + self.used, p, n)
        self.used += n
        if self.lines:
            self.buf[self.used] = b"\n"
            self.used += 1
        return 0

    cdef int advance(self) except -1:
        """The next event (enum stud_phh_split_event), the block filled as needed."""
        cdef int event
        if self.done:
            self.event = STUD_PHH_END
            return STUD_PHH_END
        while True:
            event = stud_phh_split_next(&self.sp, self.buf, self.used, self.at_end)
            if event != STUD_PHH_MORE:
                self.event = event
                if event == STUD_PHH_END or event == STUD_PHH_LONG_LINE:
                    self.done = True
                return event
            self.used = stud_phh_split_compact(&self.sp, self.buf, self.used)
            chunk = next(self.chunks, None)
            if chunk is None:
                self.at_end = True
            else:
                self._add(chunk)

    cdef object item(self):
        """phh.py's item of the current event (None at the end)."""
        cdef object name = None
        if self.event == STUD_PHH_END:
            return None
        if self.event == STUD_PHH_LONG_LINE:
            return "line", self.sp.first_line
        if self.sp.has_name:
            name = PyUnicode_DecodeUTF8(self.buf + self.sp.name_start,
                                        <Py_ssize_t>self.sp.name_len, "surrogatepass")
        return ("hand" if self.event == STUD_PHH_HAND else "long", self.sp.first_line, name,
                self.sp.index)

    def __iter__(self):
        return self

    def __next__(self):
        self.advance()
        found = self.item()
        if found is None:
            raise StopIteration
        return found


ctypedef struct _phh_recent_rules:  # the stakes of a rules key (variant, small, big, ante, bring-in)
    int64_t key[5]  # (its `_rules` as written: _PhhDoc.recent_written, the same slot)
    bint ok  # (else the rules are an error: the hand goes to the Python replay)
    stud_rules rules


@cython.final
@cython.auto_pickle(False)
cdef class _PhhDoc:
    """One hand read by stud_phh_read, and what phh.py asks of it."""
    cdef stud_phh_doc *doc
    cdef stud_hh_error err
    cdef const char *base      # the bytes of the hand read (strings decoded in place)
    cdef object owner          # what holds them
    cdef char *scratch         # verify's copy of a hand (the reader writes it)
    cdef size_t scratch_cap
    cdef readonly int status
    # verify's fast path: the C rules of the last _PS_RECENT stakes and
    # `_rules` (a file has few), the last used (last_recent) looked at first
    cdef _phh_recent_rules recent[_PS_RECENT]
    cdef list recent_written
    cdef int n_recent, made_recent, last_recent
    # kept(): the last `read` and the fields it names (bits of enum stud_phh_field)
    cdef object kept_read
    cdef uint32_t kept_mask

    def __cinit__(self):
        self.doc = <stud_phh_doc *>PyMem_Calloc(1, sizeof(stud_phh_doc))
        if self.doc == NULL:
            raise MemoryError()
        self.doc.tokens = <stud_phh_token *>PyMem_Calloc(STUD_PHH_MAX_TOKENS,
                                                         sizeof(stud_phh_token))
        self.doc.slots = <uint32_t *>PyMem_Calloc(3 * STUD_PHH_HASH_SLOTS, sizeof(uint32_t))
        if self.doc.tokens == NULL or self.doc.slots == NULL:
            raise MemoryError()
        self.status = STUD_HH_ERROR
        self.base = b""
        self.recent_written = [None] * _PS_RECENT
        self.last_recent = -1

    def __dealloc__(self):
        if self.doc != NULL:
            PyMem_Free(self.doc.tokens)
            PyMem_Free(self.doc.slots)
            PyMem_Free(self.doc)
        PyMem_Free(self.scratch)

    def read_split(self, _PhhSplit split):
        """Reads the hand of split's current item, in place; its status."""
        if split.event != STUD_PHH_HAND:
            raise ValueError("the splitter is not at a hand")
        self.owner = split
        self.base = split.buf + split.sp.start
        self.status = stud_phh_read(split.buf + split.sp.start, split.sp.len,
                                    split.sp.first_line, split.sp.has_name, self.doc, &self.err)
        return self.status

    cdef bint _verify(self, _PhhSplit split, dict rules_cache, object rules_of,
                      _Tally tally=None) except -1:
        """True when the hand of split's current item (left as it is: read
        from a copy) is read and replayed in C as reproduced
        (stud_ps_replay), with the rules of rules_of(variant, small bet, big
        bet, ante, bring-in, `_rules` value or None) (None: no rules), kept
        in rules_cache; False when the Python reader and replay must decide
        it: a read error, a date or time (Python checks them), more than 8
        players, no rules, or a replay not confirmed.  With a tally, the
        replay is the one that counts the hand's statistics (hh_stats.c),
        and the hand is added to it."""
        cdef stud_phh_doc *d = self.doc
        cdef int f
        cdef object key, entry, written
        cdef int64_t key5[5]
        cdef int slot
        cdef char *buf
        cdef char *grown
        cdef size_t n = split.sp.len
        if n + 1 > self.scratch_cap:
            grown = <char *>PyMem_Realloc(self.scratch, n + 1)
            if grown == NULL:
                raise MemoryError()
            self.scratch = grown
            self.scratch_cap = n + 1
        buf = self.scratch
        _phh_memcpy(buf, split.buf + split.sp.start, n)
        self.owner = None
        self.base = buf
        self.status = stud_phh_read(buf, n, split.sp.first_line, split.sp.has_name, d,
                                    &self.err)
        if self.status != STUD_HH_READ:
            return False
        if d.n_players != d.hand.n_seats or d.n_players > STUD_HH_MAX_SEATS:
            return False
        if d.last_datetime > d.top:  # (a date or time: checked by the Python reader)
            return False
        f = d.field[<int>STUD_PHH_F_RULES]
        written = self._written(buf)
        key5[0], key5[1], key5[2] = d.hand.variant, d.small_bet, d.big_bet
        key5[3], key5[4] = d.ante, d.bring_in
        slot = self._recent_slot(key5, written)
        if slot < 0:
            key = (d.hand.variant, d.small_bet, d.big_bet, d.ante, d.bring_in, written)
            entry = rules_cache.get(key)
            if entry is None:
                if len(rules_cache) >= 1024:
                    rules_cache.clear()
                entry = rules_cache[key] = _rules_bytes(rules_of(
                    *key[:5], None if f < 0 else self._value(f + 1)))
            slot = self.made_recent % _PS_RECENT  # (the oldest slot, once all are used)
            self.made_recent += 1
            self.n_recent = min(self.made_recent, _PS_RECENT)
            _phh_memcpy(self.recent[slot].key, key5, sizeof(key5))
            self.recent_written[slot] = written
            self.recent[slot].ok = entry is not False
            if self.recent[slot].ok:
                _phh_memcpy(&self.recent[slot].rules, <const char *>(<bytes>entry),
                            sizeof(stud_rules))
        self.last_recent = slot
        if not self.recent[slot].ok:
            return False
        if tally is not None:
            return _tally_hand(tally, buf, &d.hand, &self.recent[slot].rules, True) == 1
        return stud_ps_replay(&d.hand, &self.recent[slot].rules) == STUD_PS_REPRODUCED

    cdef int _recent_slot(self, const int64_t *key5, object written):
        """The slot of these stakes and `_rules` as written among the recent
        ones (the last used looked at first), or -1."""
        cdef int k = self.last_recent, tried
        for tried in range(self.n_recent + 1):
            if k >= 0 and memcmp(self.recent[k].key, key5, sizeof(int64_t) * 5) == 0 \
                    and self.recent_written[k] == written:
                return k
            k = tried
        return -1

    cdef object _written(self, const char *buf):
        """`_rules`' tokens as they are written (kinds, flags, lengths,
        bytes), naming its value, or None without it."""
        cdef stud_phh_doc *d = self.doc
        cdef stud_phh_token *t
        cdef uint32_t i, end
        cdef int f = d.field[<int>STUD_PHH_F_RULES]
        cdef char key_buf[512]
        cdef Py_ssize_t used = 0
        cdef object written
        if f < 0:
            return None
        end = d.tokens[f + 1].end
        for i in range(f + 1, end):
            t = &d.tokens[i]
            if used + 6 + <Py_ssize_t>t.len > <Py_ssize_t>sizeof(key_buf):
                used = -1  # (too long to name here: named by a new bytes)
                break
            key_buf[used] = <char>t.kind
            key_buf[used + 1] = <char>t.flag
            _phh_memcpy(key_buf + used + 2, &t.len, 4)
            _phh_memcpy(key_buf + used + 6, buf + t.start, t.len)
            used += 6 + t.len
        if used < 0:
            written = bytearray()
            for i in range(f + 1, end):
                t = &d.tokens[i]
                written += bytes((t.kind, t.flag)) + str(t.len).encode() + b":"
                written += buf[t.start:t.start + t.len]
            return b"+" + bytes(written)
        last = None if self.last_recent < 0 else self.recent_written[self.last_recent]
        if (last is not None and len(<bytes>last) == used
                and memcmp(<const char *>(<bytes>last), key_buf, used) == 0):
            return last  # (the last hand's, not a new bytes)
        return PyBytes_FromStringAndSize(key_buf, used)

    def rules_key(self):
        """The stakes and `_rules` as written of the hand read: what makes
        its rules (with the reader's profile)."""
        cdef stud_phh_doc *d = self.doc
        return (d.hand.variant, d.small_bet, d.big_bet, d.ante, d.bring_in,
                self._written(self.base))

    def record(self, object file, dict known, frozenset read):
        """The HandRecord of the hand read, made here when it was read
        (status 0), holds no date or time (Python checks them), and its
        rules_key() is in known (-> (Rules, the most seats they deal to))
        with stacks the engine takes (the fields not in `read` kept); else
        None (phh.py's _read_hand reads it, and its error if any)."""
        cdef stud_phh_doc *d = self.doc
        cdef stud_hh_hand *h = &d.hand
        cdef int seat, n = d.n_players
        cdef int64_t total = 0
        if self.status != STUD_HH_READ:
            return None
        if d.last_datetime > d.top:  # (a date or time: checked by the Python reader)
            return None
        entry = known.get(self.rules_key())
        if entry is None:
            return None
        # the engine's checks of the stacks (_checked_stacks)
        if not 2 <= n <= <int>(<tuple>entry)[1]:
            return None
        for seat in range(n):
            if d.stacks[seat] <= 0 or d.stacks[seat] > (1 << 30):
                return None
            total += d.stacks[seat]
        if total > (1 << 30):
            return None
        steps, players, seats, hand_id, table, collected, rake, finishing = \
            self._record_values(True)
        currency = self._text(h.currency.start, h.currency.len) if h.cents else None
        source = _hh_trusted(_HH_CLASSES[1], ("file", "line", "format"),
                             (file, h.first_line, "phh"))
        return _hh_record((
            (<tuple>entry)[0], tuple([d.stacks[seat] for seat in range(n)]), steps, players,
            seats, hand_id, table, collected, rake, finishing, currency, self.kept(read),
            source))

    @property
    def stage(self):
        return self.doc.stage

    @property
    def error(self):
        """(line, message) of the error."""
        return self.err.line, self.err.message.decode("utf-8", "replace")

    cdef object _text(self, uint32_t start, uint32_t length):
        return PyUnicode_DecodeUTF8(self.base + start, length, "surrogatepass")

    cdef object _value(self, uint32_t i):
        """The Python value of token i (phh.py's TOML values: floats as Decimal)."""
        cdef stud_phh_token *t = &self.doc.tokens[i]
        cdef uint32_t e
        if t.kind == STUD_PHH_STRING:
            return self._text(t.start, t.len)
        if t.kind == STUD_PHH_INTEGER:
            text = self._text(t.start, t.len).replace("_", "")
            return int(text, 0) if text[:2] in ("0x", "0o", "0b") else int(text, 10)
        if t.kind == STUD_PHH_FLOAT:
            return _Decimal(self._text(t.start, t.len).replace("_", ""))
        if t.kind == STUD_PHH_BOOL:
            return bool(t.flag)
        if t.kind == STUD_PHH_DATETIME:
            return _phh_datetime(self._text(t.start, t.len))
        if t.kind == STUD_PHH_ARRAY:
            out = []
            e = i + 1
            while e < t.end:
                out.append(self._value(e))
                e = self.doc.tokens[e].end
            return out
        # an inline table, or a section: KEY-value pairs
        table = {}
        e = i + 1
        while e < t.end:
            table[self._text(self.doc.tokens[e].start, self.doc.tokens[e].len)] = \
                self._value(e + 1)
            e = self.doc.tokens[e + 1].end
        return table

    def value_error_line(self):
        """The line of the first date or time that is none (or 0)."""
        cdef uint32_t i
        for i in range(self.doc.top, self.doc.n_tokens):
            if self.doc.tokens[i].kind == STUD_PHH_DATETIME:
                try:
                    _phh_datetime(self._text(self.doc.tokens[i].start, self.doc.tokens[i].len))
                except ValueError:
                    return self.doc.tokens[i].line
        return 0

    def field_line(self, int field):
        """The line of a field read (its key), or 0."""
        if not 0 <= field < STUD_PHH_N_FIELDS or self.doc.field[field] < 0:
            return 0
        return self.doc.tokens[self.doc.field[field]].line

    def field(self, int field):
        """The Python value of a field read, or None when absent."""
        if not 0 <= field < STUD_PHH_N_FIELDS or self.doc.field[field] < 0:
            return None
        return self._value(self.doc.field[field] + 1)

    def stakes(self):
        """(variant, currency or None, stacks, ante, small bet, big bet,
        bring-in): what the engine's checks take."""
        cdef stud_hh_hand *h = &self.doc.hand
        cdef int n = self.doc.n_players
        currency = self._text(h.currency.start, h.currency.len) if h.cents else None
        return (h.variant, currency, [self.doc.stacks[i] for i in range(n)], self.doc.ante,
                self.doc.small_bet, self.doc.big_bet, self.doc.bring_in)

    def kept(self, frozenset read):
        """The fields not read, as (name, value) pairs in file order
        (ante_trimming_status only when false).  The keys the C reader
        matched to a field named in `read` are passed over without their
        name decoded (it is that field's name)."""
        cdef uint32_t i = self.doc.top
        cdef stud_phh_token *t
        cdef uint32_t mask
        cdef int32_t skip[STUD_PHH_N_FIELDS + 1]
        cdef int32_t x
        cdef int f, m, n_skip = 0, at = 0
        if read is not self.kept_read:
            mask = 0
            for f in range(STUD_PHH_N_FIELDS):
                if _PHH_FIELD_NAMES[f] in read:
                    mask |= 1u << f
            self.kept_mask = mask
            self.kept_read = read
        mask = self.kept_mask
        for f in range(STUD_PHH_N_FIELDS):  # their keys' tokens, in increasing order
            x = self.doc.field[f]
            if x >= 0 and mask >> f & 1:
                m = n_skip
                while m > 0 and skip[m - 1] > x:
                    skip[m] = skip[m - 1]
                    m -= 1
                skip[m] = x
                n_skip += 1
        skip[n_skip] = -1
        out = []
        while i < self.doc.n_tokens:
            t = &self.doc.tokens[i]
            while at < n_skip and <uint32_t>skip[at] < i:
                at += 1
            if at < n_skip and <uint32_t>skip[at] == i:
                i = self.doc.tokens[i + 1].end
                continue
            if (<int32_t>i == self.doc.field[<int>STUD_PHH_F_TRIMMING] and self.doc.trimming
                    and self.doc.tokens[i + 1].kind == STUD_PHH_BOOL
                    and not mask >> <int>STUD_PHH_F_TRIMMING & 1):
                i = self.doc.tokens[i + 1].end  # (ante_trimming_status = true: not kept)
                continue
            name = self._text(t.start, t.len)
            if t.kind == STUD_PHH_SECTION:
                if name not in read:
                    out.append((name, self._value(i)))
                i = t.end
                continue
            if name not in read and not (name == "ante_trimming_status"
                                         and self.doc.trimming
                                         and self.doc.tokens[i + 1].kind == STUD_PHH_BOOL):
                out.append((name, self._value(i + 1)))
            i = self.doc.tokens[i + 1].end
        return tuple(out)

    def record_values(self):
        """(steps, players, seats, hand id, table, collected, rake,
        finishing stacks) of a hand read, as HandRecord holds them."""
        return self._record_values(False)

    cdef tuple _record_values(self, bint kept_steps):
        """record_values(); with ``kept_steps`` the steps as _hh_steps_kept
        keeps them (for _hh_record)."""
        cdef stud_hh_hand *h = &self.doc.hand
        cdef int i, n = h.n_seats
        if _HH_CLASSES is None:
            _hh_setup()
        if kept_steps:
            steps = _hh_steps_kept(h.steps, h.n_steps)
        else:  # (_hhrecord.pxi: steps shared with every equal one)
            steps = tuple([_hh_step(&h.steps[i]) for i in range(h.n_steps)])
        players = None
        if h.has_players:
            players = tuple([self._text(h.players[i].start, h.players[i].len) for i in range(n)])
        seats = self._seats()
        hand_id = self._name(STUD_PHH_F_HAND)
        table = self._name(STUD_PHH_F_TABLE)
        collected = tuple([h.collected[i] for i in range(n)]) if h.has_collected else None
        finishing = tuple([h.finishing[i] for i in range(n)]) if h.has_finishing else None
        return steps, players, seats, hand_id, table, collected, h.rake, finishing

    cdef object _name(self, int field):
        """str() of a field's value, or None when absent: a string as it
        is, an integer of plain digits as written (what str(int(text))
        gives back), others through _value."""
        cdef int k = self.doc.field[field]
        cdef stud_phh_token *t
        cdef int64_t v
        if k < 0:
            return None
        t = &self.doc.tokens[k + 1]
        if t.kind == STUD_PHH_STRING:
            return self._text(t.start, t.len)
        if (t.kind == STUD_PHH_INTEGER and _phh_digits(self.base + t.start, t.len, &v)
                and (t.len == 1 or b'1' <= self.base[t.start] <= b'9')):
            return PyUnicode_DecodeASCII(self.base + t.start, t.len, NULL)
        return str(self._value(k + 1))

    cdef object _seats(self):
        """tuple(field(seats)), or None: integers of a sign and up to 18
        digits read here, others through _value."""
        cdef int k = self.doc.field[<int>STUD_PHH_F_SEATS]
        cdef stud_phh_token *t
        cdef uint32_t e
        cdef int64_t v
        if k < 0:
            return None
        if self.doc.tokens[k + 1].kind != STUD_PHH_ARRAY:
            return tuple(self._value(k + 1))
        out = []
        e = k + 2
        while e < self.doc.tokens[k + 1].end:
            t = &self.doc.tokens[e]
            if t.kind == STUD_PHH_INTEGER and _phh_digits(self.base + t.start, t.len, &v):
                out.append(v)
            else:
                out.append(self._value(e))
            e = t.end
        return tuple(out)


def _phh_verify_run(_PhhSplit split, _PhhDoc doc, dict rules_cache, object rules_of,
                    long most, _Tally tally=None):
    """Hands read and replayed in C (_PhhDoc._verify) until one that
    does not reproduce there, another item, the end, or `most` hands:
    (hands reproduced, the item or None).  With a tally, each hand is
    replayed with its counts (hh_stats.c) and added to it."""
    cdef long reproduced = 0
    while reproduced < most:
        if split.advance() == STUD_PHH_HAND and doc._verify(split, rules_cache, rules_of,
                                                            tally):
            reproduced += 1
            continue
        return reproduced, split.item()
    return reproduced, False


# TOML's dates and times (the spec's grammar): a time has seconds, a fraction
# of them keeps its first six digits (microseconds), an offset is Z or +hh:mm
_PHH_TIME = r"(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\.[0-9]+)?"
_PHH_DATE = r"[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])"
_PHH_DATETIME = _re.compile(
    rf"{_PHH_DATE}(?:[Tt ]{_PHH_TIME}(?:[Zz]|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])?)?")
_PHH_LOCAL_TIME = _re.compile(_PHH_TIME)


def _phh_datetime(str text):
    """A TOML date, time or date-time (tomllib's types); ValueError if none."""
    match = _PHH_LOCAL_TIME.fullmatch(text) or _PHH_DATETIME.fullmatch(text)
    if match is None:
        raise ValueError(f"{text!r} is not a TOML date or time")
    fraction = match.group(1)
    if fraction is not None and len(fraction) > 7:  # (a point and six digits)
        text = text.replace(fraction, fraction[:7], 1)
    upper = text.upper()
    if ":" in text and "-" not in text[:5]:
        return _datetime.time.fromisoformat(upper)
    if ":" not in text:
        return _datetime.date.fromisoformat(text)
    return _datetime.datetime.fromisoformat(upper.replace(" ", "T", 1))
