/* fuzz_sites.c: the sites' text readers in C (site_text.h: site_formats.c
 * choosing each site's header test and reader, the shared builder
 * site_text.c) on arbitrary bytes, split into lines and hands as
 * python/stud/_sitetext.pxi splits a file, then each hand read replayed
 * by ps_replay.c as `verify` replays it.
 *
 * Input: 1 byte picks the format (of those read in C), 1 the game the
 * header is taken to give (variant; chips, or cents with a currency sign;
 * the bets, or none for the reader to find), the rest is the file's text.
 * Invariants: no crash or sanitizer report on any bytes; a cleaned line
 * stays inside its raw line; every hand is read or is an error with a
 * message (terminated, not empty) on a line of the hand, its quoted spans
 * inside the text; a hand read has its players' spans and seats inside the
 * text, its seats dealt in among its players, its steps within its seats
 * and cards, its fields and table inside the text, and the same result
 * read twice; its replay settles or falls back,
 * never anything else.
 *
 * iPoker and Merge (STUD_SITE_IPOKER, STUD_SITE_MERGE, XML): each line's
 * marks and declaration test, then each "<game" of the text scanned
 * (xml_scan.h) and, when the scanner reads it whole, read by the site's
 * reader (stud_xml_ipoker_read, stud_xml_merge_read) with the game the
 * second byte gives.  Invariants: a tree's nodes in document order (a
 * parent before its children, its `end` after them), its tags, texts and
 * attributes inside the text or the tree's buffer of decoded text, the
 * element's end inside the text and after its start tag; a hand read has
 * 2 to 8 seats, its names inside the tree, steps within its seats and
 * cards, collections not below 0, the same result read twice (a hand
 * cancelled too), and its replay settles or falls back.
 */
#define FUZZ_TARGET "fuzz_sites"
#include "fuzz_common.h"

#include <string.h>

#include "ps_history.h"
#include "site_lines.h"
#include "site_text.h"
#include "site_xml_hand.h"
#include "text_lines.h"
#include "xml_scan.h"

#define MAX_LINES 4096

static char buf[1 << 16], pristine[1 << 16]; /* (a reader may rewrite its hand's bytes) */
static uint32_t starts[MAX_LINES], ends[MAX_LINES], numbers[MAX_LINES];
static uint8_t headers[MAX_LINES];
static stud_site_hand hand, again;
static stud_hh_hand hh;

static int inside(stud_hh_span span, size_t len)
{
    return (size_t)span.start + span.len <= len;
}

static void check_hand(int format, const stud_site_hand *h, size_t len, int variant)
{
    REQUIRE(h->n_players >= 0 && h->n_players <= STUD_SITE_MAX_PLAYERS);
    REQUIRE(h->n_order >= 0 && h->n_order <= h->n_players);
    for (int p = 0; p < h->n_players; p++) {
        REQUIRE(inside(h->name[p], len) && h->name[p].len > 0);
        REQUIRE(inside(h->seat_digits[p], len) && h->seat_digits[p].len > 0);
        /* (ASCII digits; a LineReader site's, any decimal digits: site_lines.h; a
         * _HandsReader site's too: \d, site_wpn_hand.h) */
        for (uint32_t k = 0, n; k < h->seat_digits[p].len; k += n) {
            int value;
            n = stud_site_digit_at(buf + h->seat_digits[p].start, h->seat_digits[p].len, k,
                                    &value);
            REQUIRE(n > 0 && (n == 1 || stud_site_split(format) != STUD_SITE_SPLIT_TEXT));
        }
    }
    for (int seat = 0; seat < h->n_order; seat++) {
        int p = h->order[seat];
        REQUIRE(p >= 0 && p < h->n_players && h->seat_of[p] == seat);
        REQUIRE(h->collected[p] >= 0);
    }
    REQUIRE(h->hero >= -1 && h->hero < h->n_players);
    REQUIRE(h->n_steps >= 0 && h->n_steps <= STUD_HH_MAX_STEPS);
    for (int k = 0; k < h->n_steps; k++) {
        const stud_hh_step *step = &h->steps[k];
        REQUIRE(step->seat < h->n_order || step->type == STUD_HH_COMMUNITY);
        REQUIRE(step->n_cards <= 7);
        for (int c = 0; c < step->n_cards; c++)
            REQUIRE(step->cards[c] < 52 || step->cards[c] == STUD_HH_UNKNOWN);
    }
    REQUIRE(h->n_mucked >= 0 && h->n_mucked <= STUD_SITE_MAX_LIST);
    for (int k = 0; k < h->n_mucked; k++)
        REQUIRE((h->mucked[k].n_cards >= 0 && h->mucked[k].n_cards <= 52) ||
                (h->mucked[k].n_cards == -1 && inside(h->mucked[k].name, len) &&
                 inside(h->mucked[k].text, len))); /* (-1: a list as written, WPN's) */
    REQUIRE(h->n_pots >= 0 && h->n_pots <= STUD_SITE_MAX_LIST);
    for (int k = 0; k < h->n_pots; k++)
        REQUIRE(inside(h->pots[k], len));
    REQUIRE(h->n_fields >= 0 && h->n_fields <= STUD_SITE_MAX_FIELDS);
    for (int k = 0; k < h->n_fields; k++)
        REQUIRE(h->fields[k].key != NULL &&
                (h->fields[k].text != NULL || inside(h->fields[k].value, len)));
    if (h->has_table)
        REQUIRE(inside(h->table, len));
    REQUIRE(h->game.small_bet >= -1 && h->game.big_bet >= -1);
    REQUIRE(h->ante_out >= 0 && h->bring_in_out >= -1);
    if (h->n_order < 2 || h->n_order > 8 || h->game.small_bet <= 0 ||
        h->game.small_bet >= (1 << 30) || h->game.big_bet >= (1 << 30) ||
        h->ante_out >= (1 << 30) || h->bring_in_out >= (1 << 30))
        return; /* (the record's own checks refuse it before any replay) */
    /* the replay `verify` runs (_SiteText._reproduced) */
    stud_rules rules;
    stud_rules_default(&rules, variant, (int32_t)h->game.small_bet);
    rules.big_bet = (int32_t)h->game.big_bet;
    rules.ante = (int32_t)h->ante_out;
    if (h->bring_in_out >= 0)
        rules.bring_in = (int32_t)h->bring_in_out;
    rules.bring_in_tiebreak = STUD_TIE_SUIT;
    if (stud_rules_check(&rules) != STUD_OK)
        return;
    memset(&hh, 0, (size_t)((char *)&hh.steps[0] - (char *)&hh));
    hh.variant = variant;
    hh.small_bet = (int32_t)h->game.small_bet;
    hh.big_bet = (int32_t)h->game.big_bet;
    hh.ante = (int32_t)h->ante_out;
    hh.bring_in = h->bring_in_out < 0 ? STUD_HH_NONE : (int32_t)h->bring_in_out;
    hh.cents = h->game.cents;
    hh.n_seats = h->n_order;
    for (int seat = 0; seat < h->n_order; seat++) {
        int p = h->order[seat];
        if (!(h->stack[p] > 0 && h->stack[p] < (1 << 30) && h->collected[p] < (1 << 30)))
            return;
        hh.stacks[seat] = (int32_t)h->stack[p];
        hh.collected[seat] = (int32_t)h->collected[p];
    }
    hh.has_collected = 1;
    if (h->rake_known) {
        if (!(h->rake >= 0 && h->rake < (1 << 30)))
            return;
        hh.rake = (int32_t)h->rake;
    }
    hh.n_steps = h->n_steps;
    memcpy(hh.steps, h->steps, sizeof(stud_hh_step) * (size_t)h->n_steps);
    int verdict = stud_ps_replay(&hh, &rules);
    REQUIRE(verdict == STUD_PS_REPRODUCED || verdict == STUD_PS_FALLBACK);
}

/* Two steps alike in what a record takes of them (cards past n_cards are not set). */
static int same_step(const stud_hh_step *a, const stud_hh_step *b)
{
    if (a->type != b->type || a->seat != b->seat || a->move != b->move ||
        a->n_cards != b->n_cards || a->to != b->to || a->line != b->line)
        return 0;
    return memcmp(a->cards, b->cards, a->n_cards) == 0;
}

static void read_hand(int format, const stud_site_game *game, uint32_t first, uint32_t count,
                      size_t len, int variant)
{
    stud_site_lines lines = {buf, starts, ends, numbers};
    stud_site_error err;
    memcpy(buf, pristine, len);
    int status = stud_site_read(format, &lines, first, count, game, &hand, &err);
    if (status < 0)
        return; /* (a format with no C reader yet) */
    REQUIRE(status == STUD_HH_READ || status == STUD_HH_ERROR || status == STUD_HH_SKIPPED);
    if (status == STUD_HH_SKIPPED)
        return; /* (a hand the site cancelled) */
    if (status == STUD_HH_ERROR) {
        const char *nul = memchr(err.message, 0, sizeof err.message);
        REQUIRE(nul != NULL && nul > err.message);
        REQUIRE(err.line >= numbers[first] && err.line <= numbers[first + count - 1]);
        REQUIRE(err.n_args >= 0 && err.n_args <= STUD_SITE_MAX_ARGS);
        for (int k = 0; k < err.n_args; k++)
            REQUIRE(inside(err.args[k], len));
        return;
    }
    check_hand(format, &hand, len, variant);
    memcpy(buf, pristine, len);
    stud_site_error err2;
    REQUIRE(stud_site_read(format, &lines, first, count, game, &again, &err2) == STUD_HH_READ);
    REQUIRE(again.n_steps == hand.n_steps && again.n_order == hand.n_order);
    for (int k = 0; k < hand.n_steps; k++)
        REQUIRE(same_step(&again.steps[k], &hand.steps[k]));
    for (int seat = 0; seat < hand.n_order; seat++)
        REQUIRE(again.order[seat] == hand.order[seat] &&
                again.collected[again.order[seat]] == hand.collected[hand.order[seat]]);
}

static stud_xml_tree tree;
static stud_xml_record xml_hand, xml_again;

static int in_text(stud_xml_str s, size_t len)
{
    const char *text_end = buf + len, *decoded_end = tree.decoded + tree.used;
    if (s.len == 0)
        return 1;
    return (s.s >= buf && s.s + s.len <= text_end) ||
           (s.s >= tree.decoded && s.s + s.len <= decoded_end);
}

static void check_tree(size_t at, size_t end, size_t len)
{
    REQUIRE(tree.n_nodes >= 1 && tree.n_nodes <= STUD_XML_MAX_NODES);
    REQUIRE(end > at && end <= len && tree.nodes[0].open_end <= end);
    REQUIRE(tree.nodes[0].end == tree.n_nodes && tree.nodes[0].parent == -1);
    for (int k = 0; k < tree.n_nodes; k++) {
        const stud_xml_node *node = &tree.nodes[k];
        REQUIRE(node->tag.len > 0 && in_text(node->tag, len) && in_text(node->text, len));
        REQUIRE(node->at >= at && node->at < node->open_end && node->open_end <= end);
        REQUIRE(node->end > k && node->end <= tree.n_nodes);
        REQUIRE(k == 0 || (node->parent >= 0 && node->parent < k &&
                           tree.nodes[node->parent].end >= node->end));
        REQUIRE(node->first_child == -1 || node->first_child == k + 1);
        REQUIRE(node->next_sibling == -1 || node->next_sibling == node->end);
        REQUIRE(node->attr_first + node->n_attrs <= tree.n_attrs);
        for (uint32_t a = node->attr_first; a < node->attr_first + node->n_attrs; a++)
            REQUIRE(tree.attrs[a].name.len > 0 && in_text(tree.attrs[a].name, len) &&
                    in_text(tree.attrs[a].value, len));
    }
}

static void check_xml_hand(const stud_xml_record *r, int variant, int cents, int suit_ties)
{
    const stud_xml_deal *d = &r->deal;
    REQUIRE(r->n >= 2 && r->n <= STUD_XML_MAX_SEATS && d->n == r->n);
    REQUIRE(d->n_steps >= 0 && d->n_steps <= STUD_HH_MAX_STEPS);
    for (int k = 0; k < d->n_steps; k++) {
        const stud_hh_step *step = &d->steps[k];
        REQUIRE(step->seat < r->n || step->type == STUD_HH_COMMUNITY);
        REQUIRE(step->n_cards <= 7);
        for (int c = 0; c < step->n_cards; c++)
            REQUIRE(step->cards[c] < 52 || step->cards[c] == STUD_HH_UNKNOWN);
    }
    for (int seat = 0; seat < r->n; seat++)
        REQUIRE(r->collected[seat] >= 0 && d->stacks[seat] >= 0);
    REQUIRE(d->ante >= 0 && d->bring_in >= -1);
    /* the replay `verify` runs (_SiteXml._reproduced) */
    int32_t small = cents ? 10 : 100;
    stud_rules rules;
    stud_rules_default(&rules, variant, small);
    rules.big_bet = 2 * small;
    if (d->ante >= (1 << 30) || d->bring_in >= (1 << 30))
        return;
    rules.ante = (int32_t)d->ante;
    if (d->bring_in >= 0)
        rules.bring_in = (int32_t)d->bring_in;
    if (suit_ties) /* (iPoker's profile) */
        rules.bring_in_tiebreak = STUD_TIE_SUIT;
    if (stud_rules_check(&rules) != STUD_OK)
        return;
    memset(&hh, 0, (size_t)((char *)&hh.steps[0] - (char *)&hh));
    hh.variant = variant;
    hh.small_bet = small;
    hh.big_bet = 2 * small;
    hh.ante = rules.ante;
    hh.bring_in = d->bring_in < 0 ? STUD_HH_NONE : (int32_t)d->bring_in;
    hh.cents = (uint8_t)cents;
    hh.n_seats = r->n;
    for (int seat = 0; seat < r->n; seat++) {
        if (!(d->stacks[seat] > 0 && d->stacks[seat] < (1 << 30) &&
              r->collected[seat] < (1 << 30)))
            return;
        hh.stacks[seat] = (int32_t)d->stacks[seat];
        hh.collected[seat] = (int32_t)r->collected[seat];
    }
    hh.has_collected = 1;
    hh.n_steps = d->n_steps;
    memcpy(hh.steps, d->steps, sizeof(stud_hh_step) * (size_t)d->n_steps);
    int verdict = stud_ps_replay(&hh, &rules);
    REQUIRE(verdict == STUD_PS_REPRODUCED || verdict == STUD_PS_FALLBACK);
}

typedef int (*xml_reader)(const stud_xml_tree *t, int game, int variant, int cents,
                          uint32_t line, stud_xml_record *r);

static void fuzz_xml(size_t len, uint8_t pick, int format)
{
    int variant = pick % 5, cents = pick >> 3 & 1, ipoker = format == STUD_SITE_IPOKER;
    xml_reader read = ipoker ? stud_xml_ipoker_read : stud_xml_merge_read;
    const char *root = ipoker ? "session" : "merge-history";
    stud_text_lines text;
    size_t start, n, at = 0, end;
    int got;
    stud_text_lines_init(&text, 1, 0, 0, 0);
    while ((got = stud_text_line_next(&text, buf, len, 1, &start, &n)) == STUD_TEXT_LINE) {
        unsigned marks = stud_xml_line_marks(buf + start, n, "game", root);
        REQUIRE(marks < 16);
        if (stud_xml_declaration_line(buf + start, n))
            REQUIRE(marks & STUD_XML_MARK_PI);
    }
    for (int tries = 0; tries < 64 && at < len; tries++) {
        const char *found = memchr(buf + at, '<', len - at);
        if (found == NULL)
            break;
        at = (size_t)(found - buf);
        int empty;
        if (stud_xml_start_tag(buf, len, at, &tree, &end, &empty) == STUD_XML_OK)
            REQUIRE(end > at && end <= len && tree.n_nodes == 1);
        got = stud_xml_element(buf, len, at, &tree, &end);
        REQUIRE(got == STUD_XML_OK || got == STUD_XML_MORE || got == STUD_XML_GIVE_UP);
        if (got == STUD_XML_OK) {
            check_tree(at, end, len);
            got = stud_xml_is(&tree, 0, "game") ? read(&tree, 0, variant, cents, 1, &xml_hand)
                                                : STUD_XML_PYTHON;
            REQUIRE(got == STUD_XML_READ || got == STUD_XML_PYTHON ||
                    (got == STUD_XML_CANCELLED && !ipoker));
            if (got == STUD_XML_CANCELLED)
                REQUIRE(read(&tree, 0, variant, cents, 1, &xml_again) == STUD_XML_CANCELLED);
            if (got == STUD_XML_READ) {
                check_xml_hand(&xml_hand, variant, cents, ipoker);
                REQUIRE(read(&tree, 0, variant, cents, 1, &xml_again) == STUD_XML_READ);
                REQUIRE(xml_again.n == xml_hand.n &&
                        xml_again.deal.n_steps == xml_hand.deal.n_steps);
                for (int k = 0; k < xml_hand.deal.n_steps; k++)
                    REQUIRE(same_step(&xml_again.deal.steps[k], &xml_hand.deal.steps[k]));
                for (int seat = 0; seat < xml_hand.n; seat++)
                    REQUIRE(xml_again.collected[seat] == xml_hand.collected[seat] &&
                            xml_again.seat[seat] == xml_hand.seat[seat]);
            }
        }
        at++;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2 || size - 2 > sizeof buf)
        return 0;
    int format = data[0] % STUD_SITE_FORMATS;
    uint8_t pick = data[1];
    int variant = pick % 3; /* stud, stud/8, razz */
    stud_site_game game;
    game.cents = pick >> 2 & 1;
    game.symbol = game.cents ? 1 + (pick >> 3 & 1) : 0;
    if (pick >> 4 & 1) {
        game.small_bet = game.big_bet = -1; /* the header has no stakes */
    } else {
        game.small_bet = 10 + (pick >> 5) * 10;
        game.big_bet = 2 * game.small_bet;
    }
    game.ante = game.small_bet > 0 && (pick & 3) == 3 ? game.small_bet / 5 : -1;
    size_t len = size - 2;
    memcpy(buf, data + 2, len);
    if (format == STUD_SITE_IPOKER || format == STUD_SITE_MERGE) {
        fuzz_xml(len, pick, format);
        return 0;
    }
    /* the lines, as _SiteText.read_blocks splits them, each cleaned and kept unless blank */
    stud_text_lines text;
    stud_text_lines_init(&text, 1, 0, 0, 0);
    size_t start, n;
    uint32_t kept = 0;
    int got, game_no = 0, after_banner = 0;
    int hand_other = 0, hand_four = 0, hand_lines = 0; /* (split HANDS: headers of 3 and 4) */
    while ((got = stud_text_line_next(&text, buf, len, 1, &start, &n)) == STUD_TEXT_LINE) {
        if (kept == MAX_LINES)
            break;
        if (stud_site_blank(format, buf + start, n))
            continue;
        uint32_t s = (uint32_t)start, e = (uint32_t)(start + n);
        if (stud_site_split(format) != STUD_SITE_SPLIT_TEXT)
            stud_lines_clean(buf, &s, &e, 1);
        else
            stud_site_clean_line(buf, &s, &e);
        REQUIRE(s >= start && e <= start + n && s <= e);
        if (e == s && !after_banner)
            continue;
        after_banner = 0;
        stud_hh_span id, rest;
        if (e == s) { /* (a banner's game line, even blank: _SiteText keeps it) */
            starts[kept] = s;
            ends[kept] = e;
            numbers[kept] = text.physical;
            headers[kept++] = 0;
            continue;
        }
        starts[kept] = s;
        ends[kept] = e;
        numbers[kept] = text.physical;
        headers[kept] = (uint8_t)stud_site_header(format, buf + s, e - s, &id, &rest);
        if (headers[kept] == 2) { /* (a banner: a header unless after its "#Game No" line) */
            headers[kept] = !game_no;
            game_no = 0;
            after_banner = 1;
        } else if (headers[kept] == 1 && stud_site_split(format) == STUD_SITE_SPLIT_LINES) {
            game_no = 1;
        } else if (stud_site_split(format) == STUD_SITE_SPLIT_HANDS) {
            /* (WPN's older kind: a header of 4 unless after its hand's header of 3) */
            int four = headers[kept] == 4;
            REQUIRE(headers[kept] <= 1 || headers[kept] == 3 || four);
            if (four && hand_other && !hand_four)
                headers[kept] = 0;
            if (headers[kept]) {
                hand_other = headers[kept] >= 3;
                hand_four = four;
                hand_lines = 1;
                headers[kept] = 1;
            } else if (hand_lines > 0 && hand_lines < 3) {
                hand_lines++;
                hand_four |= four;
            }
        }
        if (headers[kept]) {
            /* (a LineReader site's header test names no hand, its header's reading does;
             * a _HandsReader site's header may have no number) */
            REQUIRE(id.start + id.len <= e - s &&
                    (id.len > 0 || stud_site_split(format) != STUD_SITE_SPLIT_TEXT));
            REQUIRE(rest.start + rest.len <= e - s);
        }
        kept++;
    }
    REQUIRE(got == STUD_TEXT_END || got == STUD_TEXT_LINE);
    memcpy(pristine, buf, len); /* the lines cleaned: what each hand's reading starts from */
    /* the hands: from each header to the next */
    uint32_t k = 0;
    while (k < kept && !headers[k])
        k++;
    while (k < kept) {
        uint32_t b = k + 1;
        while (b < kept && !headers[b])
            b++;
        if (b - k <= STUD_SITE_MAX_HAND_LINES || stud_site_split(format) == STUD_SITE_SPLIT_LINES)
            read_hand(format, &game, k, b - k, len, variant);
        k = b;
    }
    return 0;
}
