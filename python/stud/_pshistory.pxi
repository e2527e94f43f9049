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
    (stud_ps_clean): 1, with _PS_CLEAN_CR when they hold a \r and
    _PS_CLEAN_CRCRLF when they hold \r\r\n."""
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


def _ps_verify_chunk(const unsigned char[::1] data, long first_line, dict games, object game_of,
                     dict rules_cache, object rules_of, _Tally tally=None, object on_item=None,
                     int cr=-1):
    """Splits clean bytes (_ps_clean) into hands and verifies each in C.

    ``games``: header game text (bytes) -> ``game_of(text)``: False
    (another game: skipped), a message (the hand is an error), or the
    facts of _ps_set_game.  ``rules_cache``: (variant, small, big, ante,
    bring-in or None) -> ``rules_of(...)``'s Rules (None: the rules are an
    error).  ``cr``: 1 when the bytes hold a \r, 0 when not (_ps_clean
    says which), -1 not known.  Returns (reproduced, skipped, items, the
    number of the line after the bytes): items, in file order,
    are ("hand", first line, start, end) for the hands not reproduced here
    (errors, cancelled hands, and the replays C does not settle: the
    caller reads them into records or errors and replays them with
    replay.py) and ("outside", line, start, end) for lines outside any
    hand.  With a ``tally`` each hand replayed is also added to it
    (_tally_hand), and with ``on_item`` the items are given to it as they
    come, not listed."""
    cdef stud_ps_scanner scanner
    cdef stud_ps_item item
    cdef stud_ps_game game
    cdef stud_rules c_rules
    cdef stud_hh_hand *hand
    cdef stud_ps_extra extra
    cdef Py_ssize_t n = data.shape[0]
    cdef const char *buf
    cdef long reproduced = 0, skipped = 0
    cdef bytes last_desc = None
    cdef object last_game = None, game_facts = None, facts, key, entry
    cdef int32_t last_key[5]
    cdef bint have_rules = False, decided
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
                if not _ps_same_desc(last_desc, buf, &item):
                    desc = buf[item.desc_start:item.desc_end]
                    facts = games.get(desc)
                    if facts is None and desc not in games:
                        facts = games[desc] = game_of(desc)
                    last_desc, last_game = desc, facts
                facts = last_game
                if facts is False:
                    skipped += 1
                    decided = True
                elif type(facts) is not str:
                    if facts is not game_facts:  # (set again only when the game changes)
                        _ps_set_game(&game, facts)
                        game_facts = facts
                    if stud_ps_read(buf, &item, &game, hand, &extra, NULL) == STUD_HH_READ \
                            and extra.n_dealt == hand.n_seats:
                        if not (have_rules and last_key[0] == game.variant
                                and last_key[1] == game.small_bet
                                and last_key[2] == game.big_bet and last_key[3] == hand.ante
                                and last_key[4] == hand.bring_in):
                            key = (game.variant, game.small_bet, game.big_bet, hand.ante,
                                   None if hand.bring_in < 0 else hand.bring_in)
                            entry = rules_cache.get(key)
                            if entry is None:
                                entry = rules_cache[key] = _rules_bytes(rules_of(*key))
                            have_rules = entry is not False
                            if have_rules:
                                memcpy(&c_rules, <const char *>(<bytes>entry), sizeof(stud_rules))
                                last_key[0], last_key[1], last_key[2] = \
                                    game.variant, game.small_bet, game.big_bet
                                last_key[3], last_key[4] = hand.ante, hand.bring_in
                        if have_rules and (
                                stud_ps_replay(hand, &c_rules) == STUD_PS_REPRODUCED
                                if tally is None else _tally_hand(tally, buf, hand, &c_rules, 0)):
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
