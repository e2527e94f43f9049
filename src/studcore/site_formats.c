/* site_formats.c: the sites read in C, chosen by format (site_text.h's
 * stud_site_format): each site's header test, blank lines and hand
 * reader. */
#include "site_text.h"

int stud_site_header(int format, const char *s, size_t len, stud_hh_span *id, stud_hh_span *rest)
{
    switch (format) {
    case STUD_SITE_FULLTILT:
        return stud_site_fulltilt_header(s, len, id, rest);
    case STUD_SITE_EVERLEAF:
        return stud_site_everleaf_header(s, len, id, rest);
    case STUD_SITE_BOVADA:
        return stud_site_bovada_header(s, len, id, rest);
    case STUD_SITE_WINAMAX:
        return stud_site_winamax_header(s, len, id, rest);
    case STUD_SITE_ONGAME:
        return stud_site_ongame_header(s, len, id, rest);
    case STUD_SITE_ABSOLUTE:
        return stud_site_absolute_header(s, len, id, rest);
    case STUD_SITE_KINGSCLUB:
        return stud_site_kingsclub_header(s, len, id, rest);
    case STUD_SITE_PARTYPOKER:
        return stud_site_partypoker_header(s, len, id, rest);
    case STUD_SITE_WPN:
        return stud_site_wpn_header(s, len, id, rest);
    default:
        return 0;
    }
}

int stud_site_blank(int format, const char *s, size_t len)
{
    switch (format) {
    case STUD_SITE_EVERLEAF:
        return stud_site_everleaf_blank(s, len);
    default:
        return 0;
    }
}

int stud_site_quiet(int format, const char *s, size_t len)
{
    switch (format) {
    case STUD_SITE_PARTYPOKER:
        return stud_site_partypoker_noise(s, len);
    default:
        return 0;
    }
}

int stud_site_game_line(int format, const stud_site_lines *lines, uint32_t first, uint32_t count,
                        uint32_t *banner, uint32_t *game, stud_hh_span *id, stud_site_error *err)
{
    switch (format) {
    case STUD_SITE_PARTYPOKER:
        return stud_site_partypoker_game(lines, first, count, banner, game, id, err);
    default:
        return 0;
    }
}

int stud_site_split(int format)
{
    switch (format) {
    case STUD_SITE_WINAMAX:
    case STUD_SITE_ONGAME:
    case STUD_SITE_PARTYPOKER:
        return STUD_SITE_SPLIT_LINES;
    case STUD_SITE_ABSOLUTE:
    case STUD_SITE_KINGSCLUB:
    case STUD_SITE_WPN:
        return STUD_SITE_SPLIT_HANDS;
    default:
        return STUD_SITE_SPLIT_TEXT;
    }
}

int stud_site_read(int format, const stud_site_lines *lines, uint32_t first, uint32_t count,
                   const stud_site_game *game, stud_site_hand *h, stud_site_error *err)
{
    switch (format) {
    case STUD_SITE_FULLTILT:
        return stud_site_fulltilt_read(lines, first, count, game, h, err);
    case STUD_SITE_EVERLEAF:
        return stud_site_everleaf_read(lines, first, count, game, h, err);
    case STUD_SITE_BOVADA:
        return stud_site_bovada_read(lines, first, count, game, h, err);
    case STUD_SITE_WINAMAX:
        return stud_site_winamax_read(lines, first, count, game, h, err);
    case STUD_SITE_ONGAME:
        return stud_site_ongame_read(lines, first, count, game, h, err);
    case STUD_SITE_ABSOLUTE:
        return stud_site_absolute_read(lines, first, count, game, h, err);
    case STUD_SITE_KINGSCLUB:
        return stud_site_kingsclub_read(lines, first, count, game, h, err);
    case STUD_SITE_PARTYPOKER:
        return stud_site_partypoker_read(lines, first, count, game, h, err);
    case STUD_SITE_WPN:
        return stud_site_wpn_read(lines, first, count, game, h, err);
    default:
        return -1;
    }
}

int stud_site_cancelled(int format, const stud_site_lines *lines, uint32_t first, uint32_t count)
{
    switch (format) {
    case STUD_SITE_KINGSCLUB:
        return stud_site_kingsclub_cancelled(lines, first, count);
    default:
        return 0;
    }
}
