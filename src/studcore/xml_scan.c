/* xml_scan.c: the plain-XML scanner of xml_scan.h. */
#include "xml_scan.h"

#include <string.h>

/* What each byte is to the scanner, a bit per class. */
enum {
    XC_SPACE = 1,      /* ' ', '\t', '\n', '\r' */
    XC_NAME_START = 2, /* a name's first character: ASCII letters, '_' */
    XC_NAME = 4,       /* a name's other characters: those, digits, '-', '.' */
    XC_PLAIN = 8,      /* printable ASCII with nothing to look at in (xml_chars) */
    XC_PLAIN_TEXT = 16 /* the same in character data, where '\t' and '\n' are too */
};

/* The classes of each byte (XC_*; bytes 0x80 and above are in none). */
static const unsigned char xml_class[256] = {
     0,  0,  0,  0,  0,  0,  0,  0,  0, 17, 17,  0,  0,  1,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,
    25, 24,  0, 24, 24, 24,  0,  0, 24, 24, 24, 24, 24, 28, 28, 24,
    28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 24, 24,  0, 24,  0, 24,
    24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
    30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 24, 24, 24, 24, 30,
    24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
    30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 24, 24, 24, 24, 24,
};

static inline size_t space_end(const char *s, size_t len, size_t pos)
{
    while (pos < len && (xml_class[(unsigned char)s[pos]] & XC_SPACE))
        pos++;
    return pos;
}

size_t stud_xml_space(const char *s, size_t len, size_t pos)
{
    return space_end(s, len, pos);
}

/* The code point of the UTF-8 character at s[i] and its bytes in *n; -1:
 * not a character XML allows (or not UTF-8, or cut short). */
static long xml_char_at(const char *s, size_t len, size_t i, size_t *n)
{
    const unsigned char *u = (const unsigned char *)s + i;
    size_t left = len - i, k, need;
    long c;
    if (u[0] < 0x80) {
        *n = 1;
        c = u[0];
        if (c < 0x20 && c != '\t' && c != '\n' && c != '\r')
            return -1;
        return c;
    }
    if (u[0] >= 0xC2 && u[0] <= 0xDF) {
        need = 2;
        c = u[0] & 0x1F;
    } else if (u[0] >= 0xE0 && u[0] <= 0xEF) {
        need = 3;
        c = u[0] & 0x0F;
    } else if (u[0] >= 0xF0 && u[0] <= 0xF4) {
        need = 4;
        c = u[0] & 0x07;
    } else {
        return -1;
    }
    if (left < need)
        return -1;
    for (k = 1; k < need; k++) {
        if ((u[k] & 0xC0) != 0x80)
            return -1;
        c = (c << 6) | (u[k] & 0x3F);
    }
    if ((need == 3 && c < 0x800) || (need == 4 && (c < 0x10000 || c > 0x10FFFF)))
        return -1;
    if ((c >= 0xD800 && c <= 0xDFFF) || c == 0xFFFE || c == 0xFFFF)
        return -1;
    *n = need;
    return c;
}

static inline int name_char(char c)
{
    return xml_class[(unsigned char)c] & XC_NAME;
}

/* The name at s[pos]: its end, or 0 (none, or one the scanner gives up on). */
static inline size_t xml_name(const char *s, size_t len, size_t pos)
{
    size_t i = pos;
    if (i >= len || !(xml_class[(unsigned char)s[i]] & XC_NAME_START))
        return 0;
    while (i < len && name_char(s[i]))
        i++;
    if (i < len && ((unsigned char)s[i] >= 0x80 || s[i] == ':'))
        return 0;
    return i;
}

static size_t put_utf8(char *out, long c)
{
    if (c < 0x80) {
        out[0] = (char)c;
        return 1;
    }
    if (c < 0x800) {
        out[0] = (char)(0xC0 | (c >> 6));
        out[1] = (char)(0x80 | (c & 0x3F));
        return 2;
    }
    if (c < 0x10000) {
        out[0] = (char)(0xE0 | (c >> 12));
        out[1] = (char)(0x80 | ((c >> 6) & 0x3F));
        out[2] = (char)(0x80 | (c & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (c >> 18));
    out[1] = (char)(0x80 | ((c >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((c >> 6) & 0x3F));
    out[3] = (char)(0x80 | (c & 0x3F));
    return 4;
}

/* The reference at s[pos] ('&'): its character in *c, its end in *end;
 * STUD_XML_MORE when the text ends inside it. */
static int xml_reference(const char *s, size_t len, size_t pos, long *c, size_t *end)
{
    static const struct { const char *name; char c; } named[] = {
        {"amp;", '&'}, {"lt;", '<'}, {"gt;", '>'}, {"quot;", '"'}, {"apos;", '\''}};
    size_t i = pos + 1, k, n;
    long value = 0;
    int hex = 0, digits = 0;
    if (i >= len)
        return STUD_XML_MORE;
    if (s[i] != '#') {
        for (k = 0; k < sizeof named / sizeof named[0]; k++) {
            n = strlen(named[k].name);
            if (len - i >= n && memcmp(s + i, named[k].name, n) == 0) {
                *c = named[k].c;
                *end = i + n;
                return STUD_XML_OK;
            }
        }
        return len - i < 6 ? STUD_XML_MORE : STUD_XML_GIVE_UP;
    }
    i++;
    if (i < len && s[i] == 'x') {
        hex = 1;
        i++;
    }
    for (;; i++) {
        if (i >= len)
            return STUD_XML_MORE;
        char d = s[i];
        int v;
        if (d >= '0' && d <= '9')
            v = d - '0';
        else if (hex && d >= 'a' && d <= 'f')
            v = d - 'a' + 10;
        else if (hex && d >= 'A' && d <= 'F')
            v = d - 'A' + 10;
        else
            break;
        if (++digits > 8)
            return STUD_XML_GIVE_UP;
        value = value * (hex ? 16 : 10) + v;
    }
    if (!digits || s[i] != ';')
        return STUD_XML_GIVE_UP;
    if (!(value == 0x9 || value == 0xA || value == 0xD || (value >= 0x20 && value <= 0xD7FF) ||
          (value >= 0xE000 && value <= 0xFFFD) || (value >= 0x10000 && value <= 0x10FFFF)))
        return STUD_XML_GIVE_UP;
    *c = value;
    *end = i + 1;
    return STUD_XML_OK;
}


/* Character data or an attribute's value from s[pos] to its end (a '<'
 * for character data, the quote for a value): checked, its references
 * decoded and, in character data, its line ends made "\n" as XML makes
 * them ("\r\n" and a lone "\r"); *out the text (when `keep`: else only
 * checked), *end where it stopped. */
static int xml_chars(const char *s, size_t len, size_t pos, int attribute, char quote, int keep,
                     stud_xml_tree *t, stud_xml_str *out, size_t *end)
{
    size_t i = pos, n, start = 0, run;
    int decoding = 0;
    long c;
    /* the bytes with nothing to look at in: printable ASCII but '<', '&',
     * '>' (the end of "]]>") and the quotes (a value's end); in character
     * data, '\t' and '\n' too (in a value they are given up on) */
    const unsigned plain = attribute ? XC_PLAIN : XC_PLAIN_TEXT;
    while (i < len) {
        char b = s[i];
        if (xml_class[(unsigned char)b] & plain) { /* (a run of them at once) */
            size_t from = i;
            do
                i++;
            while (i < len && (xml_class[(unsigned char)s[i]] & plain));
            if (decoding) {
                if (t->used + (i - from) > STUD_XML_MAX_DECODED)
                    return STUD_XML_GIVE_UP;
                memcpy(t->decoded + t->used, s + from, i - from);
                t->used += i - from;
            }
            continue;
        }
        if (b == '<') {
            if (attribute)
                return STUD_XML_GIVE_UP;
            break;
        }
        if (attribute && b == quote)
            break;
        if (b == '\r' && !attribute) {
            if (i + 1 >= len)
                return STUD_XML_MORE; /* (a "\n" may follow) */
            if (keep && !decoding) {
                decoding = 1;
                run = i - pos;
                if (t->used + run + 1 > STUD_XML_MAX_DECODED)
                    return STUD_XML_GIVE_UP;
                start = t->used;
                memcpy(t->decoded + t->used, s + pos, run);
                t->used += run;
            }
            if (keep) {
                if (t->used + 1 > STUD_XML_MAX_DECODED)
                    return STUD_XML_GIVE_UP;
                t->decoded[t->used++] = '\n';
            }
            i += s[i + 1] == '\n' ? 2 : 1;
            continue;
        }
        if (b == '&') {
            size_t after;
            int got = xml_reference(s, len, i, &c, &after);
            if (got != STUD_XML_OK)
                return got;
            if (!keep) {
                i = after;
                continue;
            }
            if (!decoding) {
                decoding = 1;
                run = i - pos;
                if (t->used + run + 4 > STUD_XML_MAX_DECODED)
                    return STUD_XML_GIVE_UP;
                start = t->used;
                memcpy(t->decoded + t->used, s + pos, run);
                t->used += run;
            }
            if (t->used + 4 > STUD_XML_MAX_DECODED)
                return STUD_XML_GIVE_UP;
            t->used += put_utf8(t->decoded + t->used, c);
            i = after;
            continue;
        }
        if (attribute && (b == '\r' || b == '\t' || b == '\n'))
            return STUD_XML_GIVE_UP;
        if (b == '>' && !attribute && i >= pos + 2 && s[i - 1] == ']' && s[i - 2] == ']')
            return STUD_XML_GIVE_UP;
        if ((unsigned char)b < 0x80 && (unsigned char)b >= 0x20) {
            n = 1;
        } else {
            if ((unsigned char)b >= 0x80 && len - i < 4) {
                /* (a character cut by the text's end: more may come) */
                size_t want = ((unsigned char)b >= 0xF0) ? 4 : ((unsigned char)b >= 0xE0) ? 3 : 2;
                if (len - i < want)
                    return STUD_XML_MORE;
            }
            if (xml_char_at(s, len, i, &n) < 0)
                return STUD_XML_GIVE_UP;
        }
        if (decoding) {
            if (t->used + n > STUD_XML_MAX_DECODED)
                return STUD_XML_GIVE_UP;
            memcpy(t->decoded + t->used, s + i, n);
            t->used += n;
        }
        i += n;
    }
    if (i >= len)
        return STUD_XML_MORE;
    if (decoding) {
        out->s = t->decoded + start;
        out->len = (uint32_t)(t->used - start);
    } else {
        out->s = s + pos;
        out->len = (uint32_t)(i - pos);
    }
    *end = i;
    return STUD_XML_OK;
}

/* A start tag at s[pos] into a new node (its parent `parent`). */
static int xml_open(const char *s, size_t len, size_t pos, int parent, stud_xml_tree *t,
                    size_t *end, int *empty)
{
    size_t i = pos + 1, name_end, k;
    stud_xml_node *node;
    int id;
    if (t->n_nodes >= STUD_XML_MAX_NODES)
        return STUD_XML_GIVE_UP;
    name_end = xml_name(s, len, i);
    if (!name_end)
        return i >= len ? STUD_XML_MORE : STUD_XML_GIVE_UP;
    if (name_end >= len)
        return STUD_XML_MORE;
    id = t->n_nodes++;
    node = &t->nodes[id];
    node->tag.s = s + i;
    node->tag.len = (uint32_t)(name_end - i);
    node->text.s = s;
    node->text.len = 0;
    node->at = pos;
    node->parent = parent;
    node->first_child = node->next_sibling = -1;
    node->end = id + 1;
    node->attr_first = t->n_attrs;
    node->n_attrs = 0;
    i = name_end;
    for (;;) {
        size_t after = space_end(s, len, i);
        if (after >= len)
            return STUD_XML_MORE;
        if (s[after] == '>') {
            *empty = 0;
            *end = node->open_end = after + 1;
            return STUD_XML_OK;
        }
        if (s[after] == '/') {
            if (after + 1 >= len)
                return STUD_XML_MORE;
            if (s[after + 1] != '>')
                return STUD_XML_GIVE_UP;
            *empty = 1;
            *end = node->open_end = after + 2;
            return STUD_XML_OK;
        }
        if (after == i) /* (attributes are apart) */
            return STUD_XML_GIVE_UP;
        i = after;
        name_end = xml_name(s, len, i);
        if (!name_end)
            return STUD_XML_GIVE_UP;
        if (t->n_attrs >= STUD_XML_MAX_ATTRS)
            return STUD_XML_GIVE_UP;
        stud_xml_attr *a = &t->attrs[t->n_attrs];
        a->name.s = s + i;
        a->name.len = (uint32_t)(name_end - i);
        for (k = node->attr_first; k < t->n_attrs; k++)
            if (stud_xml_same(t->attrs[k].name, a->name))
                return STUD_XML_GIVE_UP;
        i = space_end(s, len, name_end);
        if (i >= len)
            return STUD_XML_MORE;
        if (s[i] != '=')
            return STUD_XML_GIVE_UP;
        i = space_end(s, len, i + 1);
        if (i >= len)
            return STUD_XML_MORE;
        if (s[i] != '"' && s[i] != '\'')
            return STUD_XML_GIVE_UP;
        int got = xml_chars(s, len, i + 1, 1, s[i], 1, t, &a->value, &after);
        if (got != STUD_XML_OK)
            return got;
        t->n_attrs++;
        node->n_attrs++;
        i = after + 1;
        if (i >= len)
            return STUD_XML_MORE;
    }
}

int stud_xml_end_tag(const char *s, size_t len, size_t pos, const char *tag, size_t tag_len,
                     size_t *end)
{
    size_t i = pos + 2;
    if (len - pos < 2)
        return STUD_XML_MORE;
    if (s[pos] != '<' || s[pos + 1] != '/')
        return STUD_XML_GIVE_UP;
    if (len - i < tag_len)
        return memcmp(s + i, tag, len - i) == 0 ? STUD_XML_MORE : STUD_XML_GIVE_UP;
    if (memcmp(s + i, tag, tag_len) != 0)
        return STUD_XML_GIVE_UP;
    i += tag_len;
    if (i < len && name_char(s[i]))
        return STUD_XML_GIVE_UP;
    i = space_end(s, len, i);
    if (i >= len)
        return STUD_XML_MORE;
    if (s[i] != '>')
        return STUD_XML_GIVE_UP;
    *end = i + 1;
    return STUD_XML_OK;
}

static void xml_reset(stud_xml_tree *t)
{
    t->n_nodes = 0;
    t->n_attrs = 0;
    t->used = 0;
}

int stud_xml_start_tag(const char *s, size_t len, size_t pos, stud_xml_tree *t, size_t *end,
                       int *empty)
{
    xml_reset(t);
    if (pos >= len)
        return STUD_XML_MORE;
    if (s[pos] != '<')
        return STUD_XML_GIVE_UP;
    return xml_open(s, len, pos, -1, t, end, empty);
}

int stud_xml_element(const char *s, size_t len, size_t pos, stud_xml_tree *t, size_t *end)
{
    int stack[STUD_XML_MAX_DEPTH], last_child[STUD_XML_MAX_DEPTH];
    int depth = 0, empty, got, id;
    size_t i;
    got = stud_xml_start_tag(s, len, pos, t, &i, &empty);
    if (got != STUD_XML_OK)
        return got;
    if (empty) {
        *end = i;
        return STUD_XML_OK;
    }
    stack[0] = 0;
    last_child[0] = -1;
    depth = 1;
    for (;;) {
        stud_xml_str text;
        size_t after;
        int top = stack[depth - 1];
        /* (only an element's first run of text is its text: the others are
         * checked, not kept) */
        got = xml_chars(s, len, i, 0, 0, last_child[depth - 1] < 0, t, &text, &after);
        if (got != STUD_XML_OK)
            return got;
        if (last_child[depth - 1] < 0)
            t->nodes[top].text = text;
        i = after; /* s[i] is '<' */
        if (i + 1 >= len)
            return STUD_XML_MORE;
        if (s[i + 1] == '/') {
            got = stud_xml_end_tag(s, len, i, t->nodes[top].tag.s, t->nodes[top].tag.len, &after);
            if (got != STUD_XML_OK)
                return got;
            t->nodes[top].end = t->n_nodes;
            i = after;
            if (--depth == 0) {
                *end = i;
                return STUD_XML_OK;
            }
            continue;
        }
        if (s[i + 1] == '!' || s[i + 1] == '?')
            return STUD_XML_GIVE_UP;
        got = xml_open(s, len, i, top, t, &after, &empty);
        if (got != STUD_XML_OK)
            return got;
        id = t->n_nodes - 1;
        if (last_child[depth - 1] < 0)
            t->nodes[top].first_child = id;
        else
            t->nodes[last_child[depth - 1]].next_sibling = id;
        last_child[depth - 1] = id;
        i = after;
        if (!empty) {
            if (depth >= STUD_XML_MAX_DEPTH)
                return STUD_XML_GIVE_UP;
            stack[depth] = id;
            last_child[depth] = -1;
            depth++;
        }
    }
}

int stud_xml_declaration_line(const char *s, size_t len)
{
    size_t i = space_end(s, len, 0);
    if (len - i < 7 || s[i] != '<' || s[i + 1] != '?' || (s[i + 2] | 0x20) != 'x' ||
        (s[i + 3] | 0x20) != 'm' || (s[i + 4] | 0x20) != 'l')
        return 0;
    i += 5;
    while (i < len && s[i] != '>')
        i++;
    if (i >= len || s[i - 1] != '?')
        return 0;
    return space_end(s, len, i + 1) == len;
}

/* Whether s[i] starts "</tag>". */
static int end_tag_at(const char *s, size_t len, size_t i, const char *tag, size_t n)
{
    return len - i >= n + 3 && memcmp(s + i + 2, tag, n) == 0 && s[i + 2 + n] == '>';
}

unsigned stud_xml_line_marks(const char *s, size_t len, const char *hand, const char *root)
{
    unsigned marks = 0;
    size_t hand_n = strlen(hand), root_n = strlen(root), i = 0;
    const char *at;
    while (i + 1 < len && (at = memchr(s + i, '<', len - i - 1)) != NULL) {
        i = (size_t)(at - s);
        if (s[i + 1] == '!')
            marks |= STUD_XML_MARK_BANG;
        else if (s[i + 1] == '?')
            marks |= STUD_XML_MARK_PI;
        else if (s[i + 1] == '/') {
            if (end_tag_at(s, len, i, hand, hand_n))
                marks |= STUD_XML_MARK_HAND;
            if (end_tag_at(s, len, i, root, root_n))
                marks |= STUD_XML_MARK_ROOT;
        }
        i++;
    }
    return marks;
}
