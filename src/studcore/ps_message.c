/* ps_message.c: see ps_message.h. */
#include "ps_message.h"

#include <stdio.h>
#include <string.h>

void ps_msg_init(ps_msg *m, stud_hh_error *err)
{
    m->err = err;
    m->n = 0;
}

void ps_msg_start(ps_msg *m, uint32_t line)
{
    m->err->line = line;
    m->err->message[0] = 0;
    m->n = 0;
}

void ps_msg_raw(ps_msg *m, const char *s, size_t len)
{
    size_t room = STUD_HH_MESSAGE - 1 - m->n;
    if (len > room) {
        len = room;
        /* (not inside a code point) */
        while (len > 0 && ((unsigned char)s[len] & 0xC0) == 0x80)
            len--;
    }
    memcpy(m->err->message + m->n, s, len);
    m->n += len;
    m->err->message[m->n] = 0;
}

void ps_msg_put(ps_msg *m, const char *text)
{
    ps_msg_raw(m, text, strlen(text));
}

void ps_msg_int(ps_msg *m, long long v)
{
    char text[32];
    snprintf(text, sizeof text, "%lld", v);
    ps_msg_put(m, text);
}

void ps_msg_amount(ps_msg *m, int64_t v, int cents, const char *symbol)
{
    if (!cents) {
        ps_msg_int(m, (long long)v);
        return;
    }
    /* f"{symbol}{v // 100}.{v % 100:02d}" (floor division) */
    long long whole = (long long)(v >= 0 ? v / 100 : -((-v + 99) / 100));
    long long part = (long long)(v - whole * 100);
    char text[48];
    snprintf(text, sizeof text, "%lld.%02lld", whole, part);
    ps_msg_put(m, symbol);
    ps_msg_put(m, text);
}

void ps_msg_card(ps_msg *m, int card)
{
    char text[3] = {"23456789TJQKA"[card / 4], "cdhs"[card % 4], 0};
    ps_msg_put(m, text);
}

void ps_msg_cards(ps_msg *m, const uint8_t *cards, int n)
{
    ps_msg_put(m, "[");
    for (int k = 0; k < n; k++) {
        if (k)
            ps_msg_put(m, " ");
        ps_msg_card(m, cards[k]);
    }
    ps_msg_put(m, "]");
}

uint32_t ps_code_point(const char *s, size_t len, size_t *size)
{
    const unsigned char *p = (const unsigned char *)s;
    unsigned b = p[0];
    size_t n = b < 0x80 ? 1 : b >= 0xC2 && b <= 0xDF ? 2 : b >= 0xE0 && b <= 0xEF ? 3
             : b >= 0xF0 && b <= 0xF4 ? 4 : 0;
    if (n == 1) {
        *size = 1;
        return b;
    }
    uint32_t c = n == 2 ? (b & 0x1F) : n == 3 ? (b & 0x0F) : (b & 0x07);
    int good = n > 0 && len >= n;
    for (size_t k = 1; good && k < n; k++) {
        good = (p[k] & 0xC0) == 0x80;
        c = c << 6 | (p[k] & 0x3F);
    }
    if (good && ((n == 3 && c < 0x800) || (n == 4 && (c < 0x10000 || c > 0x10FFFF))))
        good = 0;
    if (!good) {
        *size = 1;
        return 0xDC00 + b;
    }
    *size = n;
    return c;
}

/* str.isprintable() of a code point past ASCII, as near as a short list
 * gets it: the separators, controls and format characters, surrogates,
 * private use, non-characters and the unassigned code points of the
 * scripts a player's name is written in (Latin, Greek, Cyrillic, kana,
 * CJK, Hangul) are not printable */
static int printable(uint32_t c)
{
    static const uint32_t not_printable[][2] = {
        {0x80, 0xA0},       {0xAD, 0xAD},       {0x378, 0x379},     {0x380, 0x383},
        {0x38B, 0x38B},     {0x38D, 0x38D},     {0x3A2, 0x3A2},     {0x530, 0x530},
        {0x557, 0x558},     {0x58B, 0x58C},     {0x590, 0x590},     {0x600, 0x605},
        {0x61C, 0x61C},     {0x6DD, 0x6DD},     {0x70F, 0x70F},     {0x1680, 0x1680},
        {0x180E, 0x180E},   {0x2000, 0x200F},   {0x2028, 0x202F},   {0x205F, 0x206F},
        {0x3000, 0x3000},   {0x3040, 0x3040},   {0x3097, 0x3098},   {0xD800, 0xF8FF},
        {0xFDD0, 0xFDEF},   {0xFEFF, 0xFEFF},   {0xFFF0, 0xFFFB},   {0xFFFE, 0xFFFF},
        {0xE0000, 0xE0FFF}, {0xF0000, 0x10FFFF}};
    for (size_t k = 0; k < sizeof not_printable / sizeof not_printable[0]; k++)
        if (c >= not_printable[k][0] && c <= not_printable[k][1])
            return 0;
    return 1;
}

void ps_msg_repr(ps_msg *m, const char *s, size_t len)
{
    int single = memchr(s, '\'', len) != NULL, dbl = memchr(s, '"', len) != NULL;
    char quote = single && !dbl ? '"' : '\'';
    char q[2] = {quote, 0};
    ps_msg_put(m, q);
    size_t i = 0;
    while (i < len) {
        size_t size;
        uint32_t c = ps_code_point(s + i, len - i, &size);
        char text[16];
        if (c == (uint32_t)quote || c == '\\') {
            text[0] = '\\';
            text[1] = (char)c;
            text[2] = 0;
        } else if (c == '\t') {
            memcpy(text, "\\t", 3);
        } else if (c == '\n') {
            memcpy(text, "\\n", 3);
        } else if (c == '\r') {
            memcpy(text, "\\r", 3);
        } else if (c < 0x20 || c == 0x7F) {
            snprintf(text, sizeof text, "\\x%02x", (unsigned)c);
        } else if (c < 0x7F || (printable(c) && !(c >= 0xDC80 && c <= 0xDCFF && size == 1))) {
            ps_msg_raw(m, s + i, size);
            i += size;
            continue;
        } else if (c <= 0xFF) {
            snprintf(text, sizeof text, "\\x%02x", (unsigned)c);
        } else if (c <= 0xFFFF) {
            snprintf(text, sizeof text, "\\u%04x", (unsigned)c);
        } else {
            snprintf(text, sizeof text, "\\U%08x", (unsigned)c);
        }
        ps_msg_put(m, text);
        i += size;
    }
    ps_msg_put(m, q);
}

int ps_word_at(const char *s, size_t len)
{
    size_t size;
    uint32_t c = ps_code_point(s, len, &size);
    if (c < 0x80)
        return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
               c == '_';
    if (c < 0xC0)
        return c == 0xAA || c == 0xB2 || c == 0xB3 || c == 0xB5 || c == 0xB9 || c == 0xBA ||
               (c >= 0xBC && c <= 0xBE);
    if (c < 0x300)
        return c != 0xD7 && c != 0xF7 && !(c >= 0x2C2 && c <= 0x2C5) &&
               !(c >= 0x2D2 && c <= 0x2DF) && !(c >= 0x2E5 && c <= 0x2EB) && c != 0x2ED &&
               !(c >= 0x2EF && c <= 0x2FF);
    if (c < 0x370)
        return 0; /* (combining marks) */
    if (c >= 0x2000 && c <= 0x2BFF)
        return 0; /* (punctuation and symbols) */
    if (c >= 0x3000 && c <= 0x303F)
        return (c >= 0x3005 && c <= 0x3007) || (c >= 0x3021 && c <= 0x3029);
    if ((c >= 0x3099 && c <= 0x309C) || c == 0x30A0 || c == 0x30FB)
        return 0;
    if ((c >= 0xD800 && c <= 0xF8FF) || c >= 0xFE00)
        return 0;
    return 1;
}

static int rank_of(uint32_t c)
{
    if (c >= '2' && c <= '9')
        return (int)c - '2';
    switch (c) {
    case 'T': case 't': return 8;
    case 'J': case 'j': return 9;
    case 'Q': case 'q': return 10;
    case 'K': case 'k': return 11;
    case 'A': case 'a': return 12;
    default: return -1;
    }
}

static int suit_of(uint32_t c)
{
    switch (c) {
    case 'c': case 'C': case 0x2663: case 0x2667: return 0;
    case 'd': case 'D': case 0x2666: case 0x2662: return 1;
    case 'h': case 'H': case 0x2665: case 0x2661: return 2;
    case 's': case 'S': case 0x2660: case 0x2664: return 3;
    default: return -1;
    }
}

int ps_card_word(const char *s, size_t len)
{
    if (len == 2) { /* (the common spelling first) */
        int rank = rank_of((unsigned char)s[0]), suit = suit_of((unsigned char)s[1]);
        if (rank >= 0 && suit >= 0)
            return rank * 4 + suit;
    }
    int card = -1;
    size_t i = 0;
    while (i < len) {
        if (s[i] == ',') {
            i++;
            continue;
        }
        int rank;
        size_t size;
        if (s[i] == '1' && i + 1 < len && s[i + 1] == '0') {
            rank = 8;
            i += 2;
        } else {
            rank = rank_of(ps_code_point(s + i, len - i, &size));
            i += size;
        }
        if (rank < 0 || i >= len)
            return -1;
        int suit = suit_of(ps_code_point(s + i, len - i, &size));
        if (suit < 0 || card >= 0)
            return -1; /* (not a card, or a second one) */
        i += size;
        card = rank * 4 + suit;
    }
    return card;
}
