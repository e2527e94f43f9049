# HandRecords from the neutral description of a hand the C readers make
# (src/studcore/hh_hand.h), and the loop over one part of a PokerStars file
# that reads its hands in C (src/studcore/ps_history.h), for
# stud.histories.pokerstars.  The record is the one the constructor would
# make (record.py's ``_trusted``): the C reader has checked its values.

cdef object _HH_CLASSES = None   # (HandRecord, Source, Dealt, CommunityDealt, Acted, Showed, Mucked)
cdef tuple _HH_CARDS = None      # card index -> Card (255: None)
cdef tuple _HH_MOVES = None      # Move by number
cdef tuple _HH_RECORD_FIELDS = None
cdef dict _HH_STEPS = {}         # a step's bytes (line aside) -> the step: immutable, so shared
cdef Py_ssize_t _HH_CACHE_SIZE = 1 << 14

cdef tuple _BRING_IN_FROM = (None, "the first call of the bring-in", "the bring-in, all in",
                             "not in the hand: the rules' default")


cdef _hh_setup():
    global _HH_CLASSES, _HH_CARDS, _HH_MOVES, _HH_RECORD_FIELDS
    from stud.histories.record import (Acted, CommunityDealt, Dealt, HandRecord, Move, Mucked,
                                       Showed, Source)
    _HH_CLASSES = (HandRecord, Source, Dealt, CommunityDealt, Acted, Showed, Mucked)
    cards = [None] * 256
    for index in range(52):
        cards[index] = Card.from_index(index)
    _HH_CARDS = tuple(cards)
    _HH_MOVES = tuple(Move(k) for k in range(4))
    _HH_RECORD_FIELDS = tuple(HandRecord._fields)


cdef inline object _hh_trusted(object cls, tuple fields, tuple values):
    """record.py's ``_trusted``: the record without its checks."""
    record = object.__new__(cls)
    record.__dict__.update(zip(fields, values))
    return record


cdef inline str _hh_text(const char *buf, stud_hh_span span):
    return buf[span.start:span.start + span.len].decode("utf-8")


cdef tuple _hh_cards(const uint8_t *cards, int n):
    cdef int k
    return tuple([_HH_CARDS[cards[k]] for k in range(n)])


cdef object _hh_step(const stud_hh_step *step):
    """The record.py step of a C step, shared with every equal one."""
    cdef char key[16]
    _memset(key, 0, sizeof(key))
    key[0] = <char>step.type
    key[1] = <char>step.seat
    key[2] = <char>step.move
    key[3] = <char>step.n_cards
    memcpy(&key[4], &step.to, 4)
    memcpy(&key[8], step.cards, 7)
    cdef bytes k = key[:15]
    found = _HH_STEPS.get(k)
    if found is not None:
        return found
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
    if len(_HH_STEPS) >= _HH_CACHE_SIZE:
        _HH_STEPS.clear()
    _HH_STEPS[k] = made
    return made


cdef tuple _ps_card_lists(const stud_ps_cards *lists, int n):
    cdef int k, c
    return tuple([(lists[k].seat, " ".join([str(_HH_CARDS[lists[k].cards[c]])
                                            for c in range(lists[k].n_cards)]))
                  for k in range(n)])


cdef object _ps_record(const char *buf, const stud_ps_item *item, stud_hh_hand *hand,
                       stud_ps_extra *extra, object rules, tuple game_fields, object currency,
                       object file):
    """The HandRecord of a hand stud_ps_read read (as the Python reader made it)."""
    cdef int seat, k
    cdef Py_ssize_t end
    HandRecord, Source = _HH_CLASSES[0], _HH_CLASSES[1]
    players = tuple([_hh_text(buf, hand.players[seat]) for seat in range(hand.n_seats)])
    # the fields, in the order the Python reader adds them: the game's, the
    # header's, the table's, the hero's, then the record's own
    fields = list(game_fields)
    end = item.start
    while end < item.end and buf[end] != b'\n' and buf[end] != b'\r':
        end += 1
    if buf[item.start:item.start + 16].lower() == b"pokerstars zoom ":
        fields.append(("_zoom", True))
    date = buf[item.desc_end:end].decode("utf-8").strip()
    if date:
        fields.append(("_date", date[1:].strip()))
    if extra.max_seats:
        fields.append(("seat_count", extra.max_seats))
    if extra.hero >= 0:
        fields.append(("_hero", players[extra.hero]))
    if extra.bring_in_from != STUD_PS_BRING_IN_LINE:
        fields.append(("_bring_in_from", _BRING_IN_FROM[extra.bring_in_from]))
    if extra.n_pots:
        fields.append(("_pots", tuple([extra.pots[k] for k in range(extra.n_pots)])))
    if extra.n_mucked:
        fields.append(("_mucked_cards", _ps_card_lists(extra.mucked, extra.n_mucked)))
    if extra.n_shown:
        fields.append(("_shown_cards", _ps_card_lists(extra.shown, extra.n_shown)))
    steps = tuple([_hh_step(&hand.steps[k]) for k in range(hand.n_steps)])
    table = _hh_text(buf, hand.table) if hand.table.start else None
    source = _hh_trusted(Source, ("file", "line", "format"), (file, hand.first_line, "pokerstars"))
    return _hh_trusted(HandRecord, _HH_RECORD_FIELDS, (
        rules, tuple([hand.stacks[seat] for seat in range(hand.n_seats)]), steps, players,
        tuple([hand.seat_numbers[seat] for seat in range(hand.n_seats)]),
        _hh_text(buf, hand.hand_id), table,
        tuple([hand.collected[seat] for seat in range(hand.n_seats)]), hand.rake, None, currency,
        tuple(fields), source))


def _ps_read_records(const unsigned char[::1] data, long first_line, dict games, object game_of,
                     dict rules_cache, object rules_of, object file):
    """Splits clean bytes (_ps_clean) into hands and reads each in C.

    ``games``: header game text (bytes) -> ``game_of(text)``: None (the
    Python reader fails on it), False (another game: skipped), or
    ((variant, small bet, big bet, cents, currency symbols), currency,
    the record's fields of the game).  ``rules_cache``: (variant, small,
    big, ante, bring-in or None) -> (Rules, the most seats) from
    ``rules_of(...)`` (None: the Python reader fails).  Returns (skipped,
    items): items, in file order, are the HandRecords of the hands read
    here, ("hand", first line, start, end) for the hands left to the Python
    reader and ("outside", line, start, end) for lines outside any hand."""
    cdef stud_ps_scanner scanner
    cdef stud_ps_item item
    cdef stud_ps_game game
    cdef stud_hh_hand *hand
    cdef stud_ps_extra extra
    cdef Py_ssize_t n = data.shape[0]
    cdef const char *buf
    cdef long skipped = 0
    cdef bytes last_desc = None
    cdef object last_game = None, facts, key, entry, record
    cdef bint decided, fits
    cdef int seat
    cdef long total
    cdef list items = []
    if n == 0:
        return 0, items
    if _HH_CLASSES is None:
        _hh_setup()
    buf = <const char *>&data[0]
    hand = <stud_hh_hand *>PyMem_Malloc(sizeof(stud_hh_hand))
    if hand == NULL:
        raise MemoryError()
    try:
        stud_ps_scanner_init(&scanner, buf, n, first_line)
        while True:
            stud_ps_scan(&scanner, &item)
            if item.kind == STUD_PS_END:
                break
            if item.kind == STUD_PS_OUTSIDE:
                items.append(("outside", item.first_line, item.start, item.end))
                continue
            decided = False
            if item.n_lines <= STUD_PS_MAX_HAND_LINES:
                desc = buf[item.desc_start:item.desc_end]
                if desc != last_desc:
                    facts = games.get(desc)
                    if facts is None and desc not in games:
                        facts = games[desc] = game_of(desc)
                    last_desc, last_game = desc, facts
                facts = last_game
                if facts is False:
                    skipped += 1
                    decided = True
                elif facts is not None:
                    game.variant, game.small_bet, game.big_bet, game.cents, game.symbols = facts[0]
                    if stud_ps_read(buf, &item, &game, hand, &extra) == STUD_PS_REPRODUCED:
                        key = (game.variant, game.small_bet, game.big_bet, hand.ante,
                               None if hand.bring_in == STUD_HH_NONE else hand.bring_in)
                        entry = rules_cache.get(key)
                        if entry is None:
                            entry = rules_cache[key] = rules_of(*key)
                        if entry is not False:
                            # the engine's checks of the stacks (_checked_stacks)
                            fits = hand.n_seats <= entry[1]
                            total = 0
                            for seat in range(hand.n_seats):
                                fits = fits and hand.stacks[seat] > 0
                                total += hand.stacks[seat]
                            if fits and total <= (1 << 30):
                                items.append(_ps_record(buf, &item, hand, &extra, entry[0],
                                                        facts[2], facts[1], file))
                                decided = True
            if not decided:
                items.append(("hand", item.first_line, item.start, item.end))
    finally:
        PyMem_Free(hand)
    return skipped, items


def _rules_seat_limit(rules) -> int:
    """The most seats the engine deals these rules to."""
    cdef stud_rules c_rules
    _c_rules(rules, &c_rules)
    return _seat_limit(&c_rules)
