# HandRecords from the neutral description of a hand the C readers make
# (src/studcore/hh_hand.h), and the loop over one part of a PokerStars file
# that reads its hands in C (src/studcore/ps_history.h), for
# stud.histories.pokerstars: every hand becomes a record, a HistoryError,
# or is passed over (counted).  The record is the one the constructor would
# make (record.py's ``_trusted``): the C reader has checked its values.

from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_GET_SIZE
from cpython.object cimport PyObject_GenericGetAttr, PyObject_GenericSetAttr, PyTypeObject
from cpython.ref cimport PyObject
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from libc.string cimport memset

cdef object _HH_CLASSES = None   # (HandRecord, Source, Dealt, CommunityDealt, Acted, Showed, Mucked)
cdef object _HistoryError = None
cdef tuple _HH_CARDS = None      # card index -> Card (255: None)
cdef tuple _HH_MOVES = None      # Move by number
cdef char _HH_CARD_TEXT[2 * 52]  # card index -> its two characters (str(Card))
cdef tuple _HH_RECORD_FIELDS = None
# a record's fields as the readers set them: its steps kept as the C steps'
# bytes under _HH_STEPS_KEPT until asked for (_HhLazySteps)
cdef tuple _HH_LAZY_FIELDS = None
cdef str _HH_STEPS_KEPT = "_hh_steps"
# the steps made, shared (they are immutable): a direct-mapped table by the
# step's key (_hh_step), each slot the last step of its keys made; an
# entry's object is a reference the table holds
cdef enum:
    _HH_SLOT_BITS = 12
cdef uint64_t _HH_SLOT_KEYS[1 << _HH_SLOT_BITS]
cdef PyObject *_HH_SLOT_STEPS[1 << _HH_SLOT_BITS]

cdef tuple _BRING_IN_FROM = (None, "the first call of the bring-in", "the bring-in, all in",
                             "not in the hand: the rules' default")


cdef _hh_setup():
    global _HH_CLASSES, _HH_CARDS, _HH_MOVES, _HH_RECORD_FIELDS, _HH_LAZY_FIELDS, _HistoryError
    from stud.histories.errors import HistoryError
    from stud.histories.record import (Acted, CommunityDealt, Dealt, HandRecord, Move, Mucked,
                                       Showed, Source)
    _HistoryError = HistoryError
    _HH_CLASSES = (HandRecord, Source, Dealt, CommunityDealt, Acted, Showed, Mucked)
    cards = [None] * 256
    for index in range(52):
        cards[index] = Card.from_index(index)
    _HH_CARDS = tuple(cards)
    for index in range(52):
        text = str(cards[index]).encode("ascii")
        if len(text) != 2:
            raise AssertionError(f"a card of {len(text)} characters")
        _HH_CARD_TEXT[2 * index], _HH_CARD_TEXT[2 * index + 1] = text[0], text[1]
    _HH_MOVES = tuple(Move(k) for k in range(4))
    _HH_RECORD_FIELDS = tuple(HandRecord._fields)
    _HH_LAZY_FIELDS = tuple([_HH_STEPS_KEPT if name == "steps" else name
                             for name in _HH_RECORD_FIELDS])
    if not isinstance(HandRecord.__dict__.get("steps"), _HhLazySteps):
        raise AssertionError("HandRecord.steps is not _HhLazySteps")  # (record.py sets it)


cdef extern from "Python.h":
    PyTypeObject PyBaseObject_Type
    int _hh_delattr "PyObject_GenericSetAttr"(object o, object name, PyObject *value) except -1


cdef tuple _HH_NO_ARGS = ()


cdef inline object _hh_trusted(object cls, tuple fields, tuple values):
    """record.py's ``_trusted``: the record without its checks.  Made as
    ``object.__new__(cls)`` makes it, each field then set as
    ``object.__setattr__`` sets it (in the fields' order: the instances
    share their keys, and no dict is made per record or step)."""
    record = PyBaseObject_Type.tp_new(<type>cls, <PyObject *>_HH_NO_ARGS, NULL)
    cdef Py_ssize_t i
    for i in range(len(fields)):
        PyObject_GenericSetAttr(record, fields[i], values[i])
    return record


cdef inline bytes _hh_steps_kept(const stud_hh_step *steps, int n):
    """The steps of a hand as a record keeps them until they are asked for:
    a copy of the C steps (they hold no pointer), not the buffers' own."""
    return PyBytes_FromStringAndSize(<const char *>steps, n * <Py_ssize_t>sizeof(stud_hh_step))


cdef inline object _hh_record(tuple values):
    """The HandRecord of ``values``, HandRecord's fields in order with the
    steps as ``_hh_steps_kept`` made them."""
    return _hh_trusted(_HH_CLASSES[0], _HH_LAZY_FIELDS, values)


@cython.final
@cython.auto_pickle(False)
cdef class _HhLazySteps:
    """``HandRecord.steps`` for the records the C readers make.  Such a
    record keeps its steps as a copy of the C steps until they are first
    asked for (``record.steps``, and through it equality, hashing, pickling,
    ``repr``, ``replay``...); they are then made, the same tuple of the same
    steps the reader would have made at once, and kept in the record.  A
    record never shows the difference: nothing to do for a caller.

    A descriptor without ``__set__``: a record's own ``steps`` (every
    record made by the constructor has one) is found before it."""

    def __get__(self, instance, owner):
        if instance is None:  # (the class has no value of its own, as any field without a default)
            raise AttributeError(f"type object {owner.__name__!r} has no attribute 'steps'")
        try:
            kept = PyObject_GenericGetAttr(instance, _HH_STEPS_KEPT)
        except AttributeError:
            raise AttributeError(f"{type(instance).__name__!r} object has no attribute "
                                 f"'steps'") from None
        steps = _hh_steps_of(kept)
        PyObject_GenericSetAttr(instance, "steps", steps)
        try:  # (another thread may have made them too)
            _hh_delattr(instance, _HH_STEPS_KEPT, NULL)
        except AttributeError:
            pass
        return steps


cdef tuple _hh_steps_of(bytes kept):
    """The steps of ``_hh_steps_kept``'s bytes, as _hh_step makes them."""
    cdef stud_hh_step step
    cdef const char *p = PyBytes_AS_STRING(kept)
    cdef Py_ssize_t k, n = PyBytes_GET_SIZE(kept) // <Py_ssize_t>sizeof(stud_hh_step)
    out = PyTuple_New(n)
    for k in range(n):
        memcpy(&step, p + k * sizeof(stud_hh_step), sizeof(stud_hh_step))  # (aligned)
        made = _hh_step(&step)
        Py_INCREF(made)
        PyTuple_SET_ITEM(out, k, made)
    return out


cdef inline object _block_utf8(object block):
    """A block of a file's text (io's ``_FileLines.rest``) as the C readers
    take it, UTF-8 bytes to copy before the next block is asked for: io's
    ``_utf8_blocks`` views as they are, a str encoded (lone surrogates
    kept)."""
    if type(block) is str:
        return (<str>block).encode("utf-8", "surrogatepass")
    return block


cdef inline str _hh_text(const char *buf, stud_hh_span span):
    return buf[span.start:span.start + span.len].decode("utf-8", "surrogatepass")


cdef tuple _hh_cards(const uint8_t *cards, int n):
    cdef int k
    return tuple([_HH_CARDS[cards[k]] for k in range(n)])


cdef object _hh_step(const stud_hh_step *step):
    """The record.py step of a C step, shared with every equal one."""
    # the key: type, seat, move, card count, then the amount or the cards
    # (six bits each, 63 for an unknown card): 53 bits at most
    cdef uint64_t key = step.type | (<uint64_t>step.seat & 7) << 3 | \
        (<uint64_t>step.move & 3) << 6 | (<uint64_t>step.n_cards & 7) << 8
    cdef int c
    if step.type == STUD_HH_ACTED:
        key |= <uint64_t>(<int64_t>step.to + 1) << 11
    else:
        for c in range(step.n_cards if step.n_cards <= 7 else 7):
            key |= <uint64_t>(step.cards[c] if step.cards[c] < 52 else 63) << (11 + 6 * c)
    cdef size_t slot = <size_t>((key * <uint64_t>0x9E3779B97F4A7C15) >> (64 - _HH_SLOT_BITS))
    if _HH_SLOT_STEPS[slot] != NULL and _HH_SLOT_KEYS[slot] == key:
        return <object>_HH_SLOT_STEPS[slot]
    HandRecord, Source, Dealt, CommunityDealt, Acted, Showed, Mucked = _HH_CLASSES
    cdef int t = step.type
    if t == STUD_HH_DEALT:
        made = _hh_trusted(Dealt, ("seat", "cards"), (step.seat, _hh_cards(step.cards, step.n_cards)))
    elif t == STUD_HH_COMMUNITY:
        made = _hh_trusted(CommunityDealt, ("card",), (_HH_CARDS[step.cards[0]],))
    elif t == STUD_HH_ACTED:
        made = _hh_trusted(Acted, ("seat", "move", "to"), (
            step.seat, _HH_MOVES[step.move], None if step.to == STUD_HH_NONE else step.to))
    elif t == STUD_HH_SHOWED:
        made = _hh_trusted(Showed, ("seat", "cards"), (step.seat, _hh_cards(step.cards, step.n_cards)))
    else:
        made = _hh_trusted(Mucked, ("seat",), (step.seat,))
    Py_INCREF(made)
    Py_XDECREF(_HH_SLOT_STEPS[slot])
    _HH_SLOT_STEPS[slot] = <PyObject *>made
    _HH_SLOT_KEYS[slot] = key
    return made


cdef str _hh_card_text(const uint8_t *cards, int n):
    """``" ".join(str(card) ...)`` of n cards, each written from
    _HH_CARD_TEXT (a card is two characters)."""
    cdef char text[3 * 256]
    cdef int c
    if n <= 0:
        return ""
    for c in range(n if n <= 256 else 256):
        if cards[c] >= 52:  # (a card nobody saw: written as Python writes None)
            return " ".join([str(_HH_CARDS[cards[c]]) for c in range(n)])
        text[3 * c] = _HH_CARD_TEXT[2 * cards[c]]
        text[3 * c + 1] = _HH_CARD_TEXT[2 * cards[c] + 1]
        text[3 * c + 2] = b' '
    return text[:3 * n - 1].decode("ascii")


cdef tuple _ps_card_lists(const stud_ps_cards *lists, int n):
    cdef int k
    return tuple([(lists[k].seat, _hh_card_text(lists[k].cards, lists[k].n_cards))
                  for k in range(n)])


cdef object _ps_record(const char *buf, const stud_ps_item *item, stud_hh_hand *hand,
                       stud_ps_extra *extra, object rules, tuple game_fields, object currency,
                       object file):
    """The HandRecord of a hand stud_ps_read read."""
    cdef int seat, k
    cdef Py_ssize_t end
    HandRecord, Source = _HH_CLASSES[0], _HH_CLASSES[1]
    players = tuple([_hh_text(buf, hand.players[seat]) for seat in range(hand.n_seats)])
    # the fields, in the order the lines give them: the game's, the
    # header's, the table's, the hero's, then the record's own
    fields = list(game_fields)
    end = item.start
    while end < item.end and buf[end] != b'\n' and buf[end] != b'\r':
        end += 1
    if buf[item.start:item.start + 16].lower() == b"pokerstars zoom ":
        fields.append(("_zoom", True))
    date = buf[item.desc_end:end].decode("utf-8", "surrogatepass").strip()
    if date:
        fields.append(("_date", date[1:].strip()))
    if extra.has_max_seats:
        fields.append(("seat_count", extra.max_seats))
    if extra.hero >= 0:
        fields.append(("_hero", players[extra.hero]))
    if extra.summary.len:
        fields.append(("_summary", _hh_text(buf, extra.summary)))
    if extra.bring_in_from != STUD_PS_BRING_IN_LINE:
        fields.append(("_bring_in_from", _BRING_IN_FROM[extra.bring_in_from]))
    if extra.n_pots:
        fields.append(("_pots", tuple([extra.pots[k] for k in range(extra.n_pots)])))
    if extra.n_mucked:
        fields.append(("_mucked_cards", _ps_card_lists(extra.mucked, extra.n_mucked)))
    if extra.n_shown:
        fields.append(("_shown_cards", _ps_card_lists(extra.shown, extra.n_shown)))
    if extra.n_reshuffled:
        fields.append(("_deck_reshuffled",
                       tuple([extra.reshuffled[k] for k in range(extra.n_reshuffled)])))
    table = _hh_text(buf, hand.table) if hand.table.start else None
    source = _hh_trusted(Source, ("file", "line", "format"), (file, hand.first_line, "pokerstars"))
    return _hh_record((
        rules, tuple([hand.stacks[seat] for seat in range(hand.n_seats)]),
        _hh_steps_kept(hand.steps, hand.n_steps), players,
        tuple([hand.seat_numbers[seat] for seat in range(hand.n_seats)]),
        _hh_text(buf, hand.hand_id), table,
        tuple([hand.collected[seat] for seat in range(hand.n_seats)]), hand.rake, None, currency,
        tuple(fields), source))


cdef object _ps_error(const char *buf, const stud_ps_item *item, object message, long line,
                      object file):
    """The HistoryError of a hand: ``message`` at ``line``."""
    hand_id = buf[item.id_start:item.id_end].decode("utf-8", "surrogatepass")
    return _HistoryError(message, file, hand_id, line)


cdef int _ps_set_game(stud_ps_game *game, tuple facts) except -1:
    """The C game of ``game_of``'s facts: (variant, small bet, big bet, 1 for
    cents, the currency symbols amounts may carry, the currency code or
    None, the symbol amounts are shown with)."""
    cdef bytes code, symbol
    game.variant, game.small_bet, game.big_bet, game.cents, game.symbols = facts[:5]
    code = (facts[5] or "").encode("utf-8")[:7]
    symbol = (facts[6] or "").encode("utf-8")[:7]
    memcpy(game.currency, <const char *>code, len(code))
    game.currency[len(code)] = 0
    memcpy(game.symbol, <const char *>symbol, len(symbol))
    game.symbol[len(symbol)] = 0
    return 0


@cython.final
@cython.auto_pickle(False)
cdef class _PsRecords:
    """The hands of clean bytes (_ps_clean), or of lines given stripped
    (stud_ps_read's text), split and read in C one at a time, in file
    order: a HandRecord, or a HistoryError, per hand; ("outside", line,
    start, end) for the first line of a run of text outside any hand.
    ``skipped``: the hands of other games passed over so far;
    ``cancelled``: the cancelled ones.  ``ended_only``: a last hand not
    ended (by a blank line after its summary) is not read (the text after
    it could not be had).
    ``cr``: 1 when the bytes hold a \\r, 0 when not (_ps_clean says which),
    -1 not known.  ``line``: the number of the scanner's line; once every
    item is had, of the line after the bytes.

    ``games``: header game text (bytes) -> ``game_of(text)``: False
    (another game: skipped), a message (the hand is an error at its
    header), or (the facts of _ps_set_game, the currency, the record's
    fields of the game).  ``rules_cache``: (variant, small, big, ante,
    bring-in or None) -> ``rules_of(...)``: (Rules, the most seats), or the
    message of the rules' error."""
    cdef const unsigned char[::1] data
    cdef stud_ps_scanner scanner
    cdef stud_hh_hand *hand
    cdef stud_hh_error *err
    cdef stud_ps_extra extra
    cdef dict games, rules_cache
    cdef object game_of, rules_of, file, last_game, game_facts
    cdef bytes last_desc
    cdef stud_ps_game game  # (of game_facts: set again only when the game changes)
    cdef public long skipped, cancelled
    cdef bint ended_only

    cdef bint ready

    def __cinit__(self, *args, **kwargs):
        self.hand = <stud_hh_hand *>PyMem_Malloc(sizeof(stud_hh_hand))
        self.err = <stud_hh_error *>PyMem_Malloc(sizeof(stud_hh_error))
        if self.hand == NULL or self.err == NULL:
            raise MemoryError()

    def __init__(self, const unsigned char[::1] data, long first_line, dict games,
                 object game_of, dict rules_cache, object rules_of, object file,
                 bint ended_only=False, int cr=-1):
        self.data = data
        self.games, self.game_of, self.rules_cache, self.rules_of = games, game_of, rules_cache, rules_of
        self.file = file
        self.skipped = 0
        self.cancelled = 0
        self.ended_only = ended_only
        if _HH_CLASSES is None:
            _hh_setup()
        if data.shape[0] == 0:
            raise ValueError("no bytes to read")
        stud_ps_scanner_init(&self.scanner, <const char *>&data[0], data.shape[0], first_line, cr)
        self.ready = True

    @property
    def line(self) -> int:
        return self.scanner.line

    def __dealloc__(self):
        PyMem_Free(self.hand)
        PyMem_Free(self.err)

    def __iter__(self):
        return self

    def __next__(self):
        cdef stud_ps_item item
        cdef stud_ps_game game
        cdef stud_hh_hand *hand = self.hand
        if not self.ready:
            raise StopIteration
        cdef const char *buf = <const char *>&self.data[0]
        cdef bint fits
        cdef int seat, status
        cdef long total
        while True:
            stud_ps_scan(&self.scanner, &item)
            if item.kind == STUD_PS_END:
                raise StopIteration
            if item.kind == STUD_PS_OUTSIDE:
                return ("outside", item.first_line, item.start, item.end)
            if self.ended_only and not item.ended:
                raise StopIteration
            if item.n_lines > STUD_PS_MAX_HAND_LINES:  # (an error, whatever the game)
                memset(&game, 0, sizeof(game))
                stud_ps_read(buf, &item, &game, hand, &self.extra, self.err)
                return _ps_error(buf, &item, self.err.message.decode("utf-8", "replace"),
                                 self.err.line, self.file)
            if not _ps_same_desc(self.last_desc, buf, &item):
                desc = buf[item.desc_start:item.desc_end]
                facts = self.games.get(desc)
                if facts is None:
                    facts = self.games[desc] = self.game_of(desc)
                self.last_desc, self.last_game = desc, facts
            facts = self.last_game
            if facts is False:
                self.skipped += 1
                continue
            if type(facts) is str:
                return _ps_error(buf, &item, facts, item.first_line, self.file)
            if facts is not self.game_facts:
                _ps_set_game(&self.game, facts[0])
                self.game_facts = facts
            status = stud_ps_read(buf, &item, &self.game, hand, &self.extra, self.err)
            if status == STUD_HH_SKIPPED:
                self.cancelled += 1
                continue
            if status != STUD_HH_READ:
                return _ps_error(buf, &item, self.err.message.decode("utf-8", "replace"),
                                 self.err.line, self.file)
            key = (self.game.variant, self.game.small_bet, self.game.big_bet, hand.ante,
                   None if hand.bring_in == STUD_HH_NONE else hand.bring_in)
            entry = self.rules_cache.get(key)
            if entry is None:
                entry = self.rules_cache[key] = self.rules_of(*key)
            if type(entry) is str:
                return _ps_error(buf, &item, entry, item.first_line, self.file)
            # the engine's checks of the stacks (_checked_stacks)
            fits = self.extra.n_dealt <= entry[1]
            total = 0
            for seat in range(self.extra.n_dealt):
                fits = fits and self.extra.dealt_stacks[seat] > 0
                total += self.extra.dealt_stacks[seat]
            if not fits or total > (1 << 30):
                return self._stacks_error(buf, &item, entry[0])
            return _ps_record(buf, &item, hand, &self.extra, entry[0], facts[2], facts[1],
                              self.file)

    cdef object _stacks_error(self, const char *buf, const stud_ps_item *item, object rules):
        """The engine's message on the stacks, at the line of the seat with
        no chips, else of the largest stack."""
        cdef int seat, chosen = 0
        stacks = [self.extra.dealt_stacks[seat] for seat in range(self.extra.n_dealt)]
        for seat in range(self.extra.n_dealt):
            if (stacks[seat] > 0, -stacks[seat]) < (stacks[chosen] > 0, -stacks[chosen]):
                chosen = seat
        try:
            _checked_stacks(rules, stacks, "seat")
        except (TypeError, ValueError) as error:
            return _ps_error(buf, item, str(error), self.extra.seat_lines[chosen], self.file)
        raise AssertionError("stacks the engine takes")  # (the checks above are its own)


def _rules_seat_limit(rules) -> int:
    """The most seats the engine deals these rules to."""
    cdef stud_rules c_rules
    _c_rules(rules, &c_rules)
    return _seat_limit(&c_rules)
