# PokerStars hand histories verified in C (src/studcore/ps_history.h): the
# loop over one chunk of a file, for stud.histories.verify.


from libc.string cimport memcmp as _ps_memcmp, memset


def _ps_amount(str text, bint cents, unsigned symbols, str currency):
    """The amount of a text as the C reader reads a hand's amounts: whole
    chips, or cents when ``cents``; ``symbols``: the currency symbols it may
    carry (1 "$", 2 "€", 4 "£"), ``currency``: the hand's, for the message.
    Returns the amount, or the message of its error (a str)."""
    cdef stud_ps_game game
    cdef int64_t value = 0
    cdef bytes data = text.encode("utf-8", "surrogatepass")
    cdef bytes code = currency.encode("utf-8")[:7]
    cdef stud_hh_error *err = <stud_hh_error *>PyMem_Malloc(sizeof(stud_hh_error))
    if err == NULL:
        raise MemoryError()
    memset(&game, 0, sizeof(game))
    game.cents, game.symbols = cents, symbols
    memcpy(game.currency, <const char *>code, len(code))
    try:
        if stud_ps_amount(<const char *>data, len(data), &game, &value, err) == STUD_HH_READ:
            return value
        return err.message.decode("utf-8", "replace")
    finally:
        PyMem_Free(err)


#: _ps_clean's flags: the bytes hold a \r, and \r\r\n
_PS_CLEAN_CR = STUD_PS_CLEAN_CR
_PS_CLEAN_CRCRLF = STUD_PS_CLEAN_CRCRLF


def _ps_clean(const unsigned char[::1] data) -> int:
    """Nonzero when the C reader may read these bytes as they are
    (stud_ps_clean): 1, with _PS_CLEAN_CR when they hold a \\r and
    _PS_CLEAN_CRCRLF when they hold \\r\\r\\n."""
    return stud_ps_clean(<const char *>&data[0], data.shape[0]) if data.shape[0] else 1


def _ps_last_header(const unsigned char[::1] data) -> int:
    """The offset of the last line (not the first) that is a hand's header
    and ends within the data, or 0 when there is none."""
    if data.shape[0] == 0:
        return 0
    return stud_ps_last_header(<const char *>&data[0], data.shape[0])


def _ps_count_lines(const unsigned char[::1] data) -> int:
    """Line ends in the data (\\n, \\r\\n and \\r each one)."""
    if data.shape[0] == 0:
        return 0
    return stud_ps_count_lines(<const char *>&data[0], data.shape[0])


cdef enum:
    _PS_RECENT = 16  # games and rules _ps_verify_chunk keeps at hand (a file has few)


ctypedef struct _ps_recent_game:  # a header's game text and what it says
    const char *desc  # (the bytes of a key of ``games``, held in _ps_verify_chunk's ``held``)
    Py_ssize_t len
    int kind  # 0: a game (``game``), 1: another game (skipped), 2: an error (read again in Python)
    stud_ps_game game


ctypedef struct _ps_recent_rules:  # a rules key (variant, small, big, ante, bring-in)
    int32_t key[5]
    bint ok  # (else the rules are an error: the hand goes to replay.py)
    stud_rules rules


cdef inline int _ps_game_slot(const _ps_recent_game *slots, int n, int last, const char *buf,
                              const stud_ps_item *item) noexcept:
    """The slot of the item's header game text (the last one used looked
    at first), or -1."""
    cdef Py_ssize_t size = item.desc_end - item.desc_start
    cdef const char *desc = buf + item.desc_start
    cdef int k
    if last >= 0 and slots[last].len == size and _ps_memcmp(slots[last].desc, desc, size) == 0:
        return last
    for k in range(n):
        if slots[k].len == size and _ps_memcmp(slots[k].desc, desc, size) == 0:
            return k
    return -1


cdef inline int _ps_rules_slot(const _ps_recent_rules *slots, int n, int last,
                               const int32_t *key) noexcept:
    """The slot of a rules key (the last one used looked at first), or -1."""
    cdef int k
    if last >= 0 and _ps_memcmp(slots[last].key, key, sizeof(int32_t) * 5) == 0:
        return last
    for k in range(n):
        if _ps_memcmp(slots[k].key, key, sizeof(int32_t) * 5) == 0:
            return k
    return -1


def _ps_verify_chunk(const unsigned char[::1] data, long first_line, dict games, object game_of,
                     dict rules_cache, object rules_of, _Tally tally=None, object on_item=None,
                     int cr=-1):
    """Splits clean bytes (_ps_clean) into hands and verifies each in C.

    ``games``: header game text (bytes) -> ``game_of(text)``: False
    (another game: skipped), a message (the hand is an error), or the
    facts of _ps_set_game.  ``rules_cache``: (variant, small, big, ante,
    bring-in or None) -> ``rules_of(...)``'s Rules (None: the rules are an
    error).  The last _PS_RECENT of each are also kept here in C: no
    Python object is made or looked up for a hand of a game and rules
    seen lately.  ``cr``: 1 when the bytes hold a \\r, 0 when not
    (_ps_clean says which), -1 not known.  Returns (reproduced, skipped,
    items, the number of the line after the bytes): items, in file order,
    are ("hand", first line, start, end) for the hands not reproduced here
    (errors, cancelled hands, and the replays C does not settle: the
    caller reads them into records or errors and replays them with
    replay.py) and ("outside", line, start, end) for lines outside any
    hand.  With a ``tally`` each hand replayed is also added to it
    (_tally_hand), and with ``on_item`` the items are given to it as they
    come, not listed."""
    cdef stud_ps_scanner scanner
    cdef stud_ps_item item
    cdef stud_hh_hand *hand
    cdef stud_ps_extra extra
    cdef Py_ssize_t n = data.shape[0]
    cdef const char *buf
    cdef long reproduced = 0, skipped = 0
    cdef _ps_recent_game recent_games[_PS_RECENT]
    cdef _ps_recent_rules recent_rules[_PS_RECENT]
    cdef int n_games = 0, n_rules = 0, g = -1, r = -1, made = 0, made_rules = 0
    cdef int32_t key[5]
    cdef object facts, entry
    cdef list held = [None] * _PS_RECENT  # (each game slot's text, which its desc points into)
    cdef bint decided
    cdef list items = []
    if n == 0:
        return 0, 0, items, first_line
    buf = <const char *>&data[0]
    hand = <stud_hh_hand *>PyMem_Malloc(sizeof(stud_hh_hand))
    if hand == NULL:
        raise MemoryError()
    try:
        stud_ps_scanner_init(&scanner, buf, n, first_line, cr)
        while True:
            stud_ps_scan(&scanner, &item)
            if item.kind == STUD_PS_END:
                break
            if item.kind == STUD_PS_OUTSIDE:
                _ps_item(items, on_item, ("outside", item.first_line, item.start, item.end))
                continue
            decided = False
            if item.n_lines <= STUD_PS_MAX_HAND_LINES:
                g = _ps_game_slot(recent_games, n_games, g, buf, &item)
                if g < 0:
                    desc = buf[item.desc_start:item.desc_end]
                    facts = games.get(desc)
                    if facts is None and desc not in games:
                        facts = games[desc] = game_of(desc)
                    g = made % _PS_RECENT  # (the oldest slot, once all are used)
                    made += 1
                    n_games = min(made, _PS_RECENT)
                    held[g] = desc
                    recent_games[g].desc = <const char *>(<bytes>desc)
                    recent_games[g].len = len(desc)
                    recent_games[g].kind = 1 if facts is False else 2 if type(facts) is str else 0
                    if recent_games[g].kind == 0:
                        _ps_set_game(&recent_games[g].game, facts)
                if recent_games[g].kind == 1:
                    skipped += 1
                    decided = True
                elif recent_games[g].kind == 0 and stud_ps_read(
                        buf, &item, &recent_games[g].game, hand, &extra, NULL) == STUD_HH_READ \
                        and extra.n_dealt == hand.n_seats:
                    key[0] = recent_games[g].game.variant
                    key[1] = recent_games[g].game.small_bet
                    key[2] = recent_games[g].game.big_bet
                    key[3], key[4] = hand.ante, hand.bring_in
                    r = _ps_rules_slot(recent_rules, n_rules, r, key)
                    if r < 0:
                        entry = (key[0], key[1], key[2], key[3], None if key[4] < 0 else key[4])
                        facts = rules_cache.get(entry)
                        if facts is None:
                            facts = rules_cache[entry] = _rules_bytes(rules_of(*entry))
                        r = made_rules % _PS_RECENT  # (the oldest slot, once all are used)
                        made_rules += 1
                        n_rules = min(made_rules, _PS_RECENT)
                        memcpy(recent_rules[r].key, key, sizeof(key))
                        recent_rules[r].ok = facts is not False
                        if recent_rules[r].ok:
                            memcpy(&recent_rules[r].rules, <const char *>(<bytes>facts),
                                   sizeof(stud_rules))
                    if recent_rules[r].ok and (
                            stud_ps_replay(hand, &recent_rules[r].rules) == STUD_PS_REPRODUCED
                            if tally is None
                            else _tally_hand(tally, buf, hand, &recent_rules[r].rules, 0)):
                        reproduced += 1
                        decided = True
            if not decided:
                _ps_item(items, on_item, ("hand", item.first_line, item.start, item.end))
    finally:
        PyMem_Free(hand)
    return reproduced, skipped, items, scanner.line


cdef inline bint _ps_same_desc(bytes last, const char *buf, const stud_ps_item *item):
    """True when the item's header game text is ``last`` (no bytes made)."""
    cdef Py_ssize_t n = item.desc_end - item.desc_start
    return (last is not None and len(last) == n
            and _ps_memcmp(<const char *>last, buf + item.desc_start, n) == 0)


cdef inline int _ps_item(list items, object on_item, tuple item) except -1:
    if on_item is None:
        items.append(item)
    else:
        on_item(item)
    return 0


cdef object _rules_bytes(object rules):
    """The C rules of a Rules, or False (None, or rules the engine refuses:
    the Python replay raises there)."""
    cdef stud_rules out
    if rules is None:
        return False
    try:
        _c_rules(rules, &out)
    except (TypeError, ValueError):
        return False
    return (<char *>&out)[:sizeof(stud_rules)]
