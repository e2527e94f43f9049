/* xml_scan.h: a scanner for the plain XML that the sites' hand histories
 * are written in (iPoker's, Merge's), reading one element and everything
 * in it into a flat tree of its elements, attributes and texts.
 *
 * It reads a subset of XML and checks the well-formedness of what it
 * reads: elements, their attributes quoted with " or ', the five named
 * entities and numeric character references, character data.  Anything
 * outside that subset, or anything it doubts, it gives up on
 * (STUD_XML_GIVE_UP) and leaves to a full parser (Python's expat): a
 * comment, CDATA, a processing instruction, a DOCTYPE; a name that is not
 * ASCII ([A-Za-z_][A-Za-z0-9._-]*: no namespace prefix); a mismatched
 * tag; an attribute twice; a tab, line end or '<' in an attribute's
 * value (XML rewrites them as spaces); "]]>";
 * a byte sequence that is not a character XML allows (controls, a lone
 * surrogate, U+FFFE, U+FFFF); a bound exceeded.  What it accepts, an XML
 * parser reads the same: the tree's tags, attributes in the order written,
 * and texts (an element's text: its character data before its first
 * child, as ElementTree's ``text``), the references decoded and line ends
 * ("\r\n", a lone "\r") made "\n".
 *
 * The text is UTF-8; the tree points into it (or into its own buffer of
 * decoded texts), which must outlive the tree.
 */
#ifndef STUD_XML_SCAN_H
#define STUD_XML_SCAN_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define STUD_XML_MAX_NODES 4096
#define STUD_XML_MAX_ATTRS 16384
#define STUD_XML_MAX_DECODED (1u << 20)
#define STUD_XML_MAX_DEPTH 64

enum { STUD_XML_OK = 0, STUD_XML_MORE = 1, STUD_XML_GIVE_UP = 2 };

typedef struct {
    const char *s;
    uint32_t len;
} stud_xml_str;

typedef struct {
    stud_xml_str name, value;
} stud_xml_attr;

/* An element: nodes are kept in document order (an element's descendants
 * follow it; `end` is the index after its last). */
typedef struct {
    stud_xml_str tag;
    stud_xml_str text;       /* the character data before its first child (len 0: none) */
    size_t at;               /* the offset of its '<' in the text */
    size_t open_end;         /* the offset after its start tag */
    int parent, first_child, next_sibling, end;
    uint32_t attr_first, n_attrs;
} stud_xml_node;

typedef struct {
    int n_nodes;
    uint32_t n_attrs;
    size_t used;             /* bytes of `decoded` in use */
    stud_xml_node nodes[STUD_XML_MAX_NODES];
    stud_xml_attr attrs[STUD_XML_MAX_ATTRS];
    char decoded[STUD_XML_MAX_DECODED];
} stud_xml_tree;

/* XML's whitespace (space, tab, line feed, carriage return) from s[pos]:
 * the offset after it. */
size_t stud_xml_space(const char *s, size_t len, size_t pos);

/* Reads the element whose '<' is s[pos] and all it holds into `t` (emptied
 * first: the element is node 0); *end: the offset after its end tag.
 * STUD_XML_MORE: the text ends before the element does (all of it read
 * well so far); STUD_XML_GIVE_UP: see the header. */
int stud_xml_element(const char *s, size_t len, size_t pos, stud_xml_tree *t, size_t *end);

/* Reads only the start tag at s[pos] (a document's root) into `t` as node
 * 0; *end after it, *empty whether it closes itself ("<a/>"). */
int stud_xml_start_tag(const char *s, size_t len, size_t pos, stud_xml_tree *t, size_t *end,
                       int *empty);

/* Reads the end tag "</tag>" at s[pos] (tag[0, tag_len)); *end after it. */
int stud_xml_end_tag(const char *s, size_t len, size_t pos, const char *tag, size_t tag_len,
                     size_t *end);

/* Whether a and b hold the same bytes. */
static inline int stud_xml_same(stud_xml_str a, stud_xml_str b)
{
    return a.len == b.len && (a.len == 0 || memcmp(a.s, b.s, a.len) == 0);
}

/* The value of node's attribute `name` (NULL: none).  (Inline: a name
 * written out is measured where it is written.) */
static inline const stud_xml_str *stud_xml_get(const stud_xml_tree *t, int node,
                                               const char *name)
{
    const stud_xml_node *e = &t->nodes[node];
    size_t n = strlen(name);
    uint32_t k;
    for (k = e->attr_first; k < e->attr_first + e->n_attrs; k++)
        if (t->attrs[k].name.len == n && memcmp(t->attrs[k].name.s, name, n) == 0)
            return &t->attrs[k].value;
    return NULL;
}

/* Whether the node's tag is `tag`. */
static inline int stud_xml_is(const stud_xml_tree *t, int node, const char *tag)
{
    size_t n = strlen(tag);
    return t->nodes[node].tag.len == n && memcmp(t->nodes[node].tag.s, tag, n) == 0;
}

/* What a line of text holds, as the Python stream that batches lines looks
 * for it: STUD_XML_MARK_BANG "<!", STUD_XML_MARK_PI "<?", and the end tags
 * "</hand>" (STUD_XML_MARK_HAND) and "</root>" (STUD_XML_MARK_ROOT). */
enum { STUD_XML_MARK_BANG = 1, STUD_XML_MARK_PI = 2, STUD_XML_MARK_HAND = 4,
       STUD_XML_MARK_ROOT = 8 };
unsigned stud_xml_line_marks(const char *s, size_t len, const char *hand, const char *root);

/* Whether s[0, len) is an XML declaration "<?xml ... ?>" ("xml" in any
 * case, no '>' before its end) with only XML whitespace around it. */
int stud_xml_declaration_line(const char *s, size_t len);

#endif
