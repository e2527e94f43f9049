/* site_partypoker.c: PartyPoker's text hand histories (python/stud/histories/
 * sites/partypoker.py says the format), a hand's lines after its game line
 * read on LineHand's builder (site_lines.h) as the Python reader read them,
 * check for check and message for message; the banner's and the game
 * line's reading is the Python module's (header_of).
 *
 * A hand begins at its "#Game No" line, or at a banner no "#Game No" line
 * came before (site_formats.c's stud_site_header gives 1 and 2: _SiteText
 * splits so); its game line is the line after its banner, a blank one kept
 * (stud_site_partypoker_game).  Python's \w is Unicode's (WORD below). */
#include <string.h>

#include "site_lines.h"

/* Python 3.11's \w beyond ASCII (str.isalnum(), Unicode 14): ranges of code points,
 * first and last, written from Python's unicodedata. */
static const uint32_t WORD[][2] = {
    {0xaa, 0xaa}, {0xb2, 0xb3}, {0xb5, 0xb5}, {0xb9, 0xba}, {0xbc, 0xbe}, {0xc0, 0xd6},
    {0xd8, 0xf6}, {0xf8, 0x2c1}, {0x2c6, 0x2d1}, {0x2e0, 0x2e4}, {0x2ec, 0x2ec}, {0x2ee, 0x2ee},
    {0x370, 0x374}, {0x376, 0x377}, {0x37a, 0x37d}, {0x37f, 0x37f}, {0x386, 0x386},
    {0x388, 0x38a}, {0x38c, 0x38c}, {0x38e, 0x3a1}, {0x3a3, 0x3f5}, {0x3f7, 0x481},
    {0x48a, 0x52f}, {0x531, 0x556}, {0x559, 0x559}, {0x560, 0x588}, {0x5d0, 0x5ea},
    {0x5ef, 0x5f2}, {0x620, 0x64a}, {0x660, 0x669}, {0x66e, 0x66f}, {0x671, 0x6d3},
    {0x6d5, 0x6d5}, {0x6e5, 0x6e6}, {0x6ee, 0x6fc}, {0x6ff, 0x6ff}, {0x710, 0x710},
    {0x712, 0x72f}, {0x74d, 0x7a5}, {0x7b1, 0x7b1}, {0x7c0, 0x7ea}, {0x7f4, 0x7f5},
    {0x7fa, 0x7fa}, {0x800, 0x815}, {0x81a, 0x81a}, {0x824, 0x824}, {0x828, 0x828},
    {0x840, 0x858}, {0x860, 0x86a}, {0x870, 0x887}, {0x889, 0x88e}, {0x8a0, 0x8c9},
    {0x904, 0x939}, {0x93d, 0x93d}, {0x950, 0x950}, {0x958, 0x961}, {0x966, 0x96f},
    {0x971, 0x980}, {0x985, 0x98c}, {0x98f, 0x990}, {0x993, 0x9a8}, {0x9aa, 0x9b0},
    {0x9b2, 0x9b2}, {0x9b6, 0x9b9}, {0x9bd, 0x9bd}, {0x9ce, 0x9ce}, {0x9dc, 0x9dd},
    {0x9df, 0x9e1}, {0x9e6, 0x9f1}, {0x9f4, 0x9f9}, {0x9fc, 0x9fc}, {0xa05, 0xa0a},
    {0xa0f, 0xa10}, {0xa13, 0xa28}, {0xa2a, 0xa30}, {0xa32, 0xa33}, {0xa35, 0xa36},
    {0xa38, 0xa39}, {0xa59, 0xa5c}, {0xa5e, 0xa5e}, {0xa66, 0xa6f}, {0xa72, 0xa74},
    {0xa85, 0xa8d}, {0xa8f, 0xa91}, {0xa93, 0xaa8}, {0xaaa, 0xab0}, {0xab2, 0xab3},
    {0xab5, 0xab9}, {0xabd, 0xabd}, {0xad0, 0xad0}, {0xae0, 0xae1}, {0xae6, 0xaef},
    {0xaf9, 0xaf9}, {0xb05, 0xb0c}, {0xb0f, 0xb10}, {0xb13, 0xb28}, {0xb2a, 0xb30},
    {0xb32, 0xb33}, {0xb35, 0xb39}, {0xb3d, 0xb3d}, {0xb5c, 0xb5d}, {0xb5f, 0xb61},
    {0xb66, 0xb6f}, {0xb71, 0xb77}, {0xb83, 0xb83}, {0xb85, 0xb8a}, {0xb8e, 0xb90},
    {0xb92, 0xb95}, {0xb99, 0xb9a}, {0xb9c, 0xb9c}, {0xb9e, 0xb9f}, {0xba3, 0xba4},
    {0xba8, 0xbaa}, {0xbae, 0xbb9}, {0xbd0, 0xbd0}, {0xbe6, 0xbf2}, {0xc05, 0xc0c},
    {0xc0e, 0xc10}, {0xc12, 0xc28}, {0xc2a, 0xc39}, {0xc3d, 0xc3d}, {0xc58, 0xc5a},
    {0xc5d, 0xc5d}, {0xc60, 0xc61}, {0xc66, 0xc6f}, {0xc78, 0xc7e}, {0xc80, 0xc80},
    {0xc85, 0xc8c}, {0xc8e, 0xc90}, {0xc92, 0xca8}, {0xcaa, 0xcb3}, {0xcb5, 0xcb9},
    {0xcbd, 0xcbd}, {0xcdd, 0xcde}, {0xce0, 0xce1}, {0xce6, 0xcef}, {0xcf1, 0xcf2},
    {0xd04, 0xd0c}, {0xd0e, 0xd10}, {0xd12, 0xd3a}, {0xd3d, 0xd3d}, {0xd4e, 0xd4e},
    {0xd54, 0xd56}, {0xd58, 0xd61}, {0xd66, 0xd78}, {0xd7a, 0xd7f}, {0xd85, 0xd96},
    {0xd9a, 0xdb1}, {0xdb3, 0xdbb}, {0xdbd, 0xdbd}, {0xdc0, 0xdc6}, {0xde6, 0xdef},
    {0xe01, 0xe30}, {0xe32, 0xe33}, {0xe40, 0xe46}, {0xe50, 0xe59}, {0xe81, 0xe82},
    {0xe84, 0xe84}, {0xe86, 0xe8a}, {0xe8c, 0xea3}, {0xea5, 0xea5}, {0xea7, 0xeb0},
    {0xeb2, 0xeb3}, {0xebd, 0xebd}, {0xec0, 0xec4}, {0xec6, 0xec6}, {0xed0, 0xed9},
    {0xedc, 0xedf}, {0xf00, 0xf00}, {0xf20, 0xf33}, {0xf40, 0xf47}, {0xf49, 0xf6c},
    {0xf88, 0xf8c}, {0x1000, 0x102a}, {0x103f, 0x1049}, {0x1050, 0x1055}, {0x105a, 0x105d},
    {0x1061, 0x1061}, {0x1065, 0x1066}, {0x106e, 0x1070}, {0x1075, 0x1081}, {0x108e, 0x108e},
    {0x1090, 0x1099}, {0x10a0, 0x10c5}, {0x10c7, 0x10c7}, {0x10cd, 0x10cd}, {0x10d0, 0x10fa},
    {0x10fc, 0x1248}, {0x124a, 0x124d}, {0x1250, 0x1256}, {0x1258, 0x1258}, {0x125a, 0x125d},
    {0x1260, 0x1288}, {0x128a, 0x128d}, {0x1290, 0x12b0}, {0x12b2, 0x12b5}, {0x12b8, 0x12be},
    {0x12c0, 0x12c0}, {0x12c2, 0x12c5}, {0x12c8, 0x12d6}, {0x12d8, 0x1310}, {0x1312, 0x1315},
    {0x1318, 0x135a}, {0x1369, 0x137c}, {0x1380, 0x138f}, {0x13a0, 0x13f5}, {0x13f8, 0x13fd},
    {0x1401, 0x166c}, {0x166f, 0x167f}, {0x1681, 0x169a}, {0x16a0, 0x16ea}, {0x16ee, 0x16f8},
    {0x1700, 0x1711}, {0x171f, 0x1731}, {0x1740, 0x1751}, {0x1760, 0x176c}, {0x176e, 0x1770},
    {0x1780, 0x17b3}, {0x17d7, 0x17d7}, {0x17dc, 0x17dc}, {0x17e0, 0x17e9}, {0x17f0, 0x17f9},
    {0x1810, 0x1819}, {0x1820, 0x1878}, {0x1880, 0x1884}, {0x1887, 0x18a8}, {0x18aa, 0x18aa},
    {0x18b0, 0x18f5}, {0x1900, 0x191e}, {0x1946, 0x196d}, {0x1970, 0x1974}, {0x1980, 0x19ab},
    {0x19b0, 0x19c9}, {0x19d0, 0x19da}, {0x1a00, 0x1a16}, {0x1a20, 0x1a54}, {0x1a80, 0x1a89},
    {0x1a90, 0x1a99}, {0x1aa7, 0x1aa7}, {0x1b05, 0x1b33}, {0x1b45, 0x1b4c}, {0x1b50, 0x1b59},
    {0x1b83, 0x1ba0}, {0x1bae, 0x1be5}, {0x1c00, 0x1c23}, {0x1c40, 0x1c49}, {0x1c4d, 0x1c7d},
    {0x1c80, 0x1c88}, {0x1c90, 0x1cba}, {0x1cbd, 0x1cbf}, {0x1ce9, 0x1cec}, {0x1cee, 0x1cf3},
    {0x1cf5, 0x1cf6}, {0x1cfa, 0x1cfa}, {0x1d00, 0x1dbf}, {0x1e00, 0x1f15}, {0x1f18, 0x1f1d},
    {0x1f20, 0x1f45}, {0x1f48, 0x1f4d}, {0x1f50, 0x1f57}, {0x1f59, 0x1f59}, {0x1f5b, 0x1f5b},
    {0x1f5d, 0x1f5d}, {0x1f5f, 0x1f7d}, {0x1f80, 0x1fb4}, {0x1fb6, 0x1fbc}, {0x1fbe, 0x1fbe},
    {0x1fc2, 0x1fc4}, {0x1fc6, 0x1fcc}, {0x1fd0, 0x1fd3}, {0x1fd6, 0x1fdb}, {0x1fe0, 0x1fec},
    {0x1ff2, 0x1ff4}, {0x1ff6, 0x1ffc}, {0x2070, 0x2071}, {0x2074, 0x2079}, {0x207f, 0x2089},
    {0x2090, 0x209c}, {0x2102, 0x2102}, {0x2107, 0x2107}, {0x210a, 0x2113}, {0x2115, 0x2115},
    {0x2119, 0x211d}, {0x2124, 0x2124}, {0x2126, 0x2126}, {0x2128, 0x2128}, {0x212a, 0x212d},
    {0x212f, 0x2139}, {0x213c, 0x213f}, {0x2145, 0x2149}, {0x214e, 0x214e}, {0x2150, 0x2189},
    {0x2460, 0x249b}, {0x24ea, 0x24ff}, {0x2776, 0x2793}, {0x2c00, 0x2ce4}, {0x2ceb, 0x2cee},
    {0x2cf2, 0x2cf3}, {0x2cfd, 0x2cfd}, {0x2d00, 0x2d25}, {0x2d27, 0x2d27}, {0x2d2d, 0x2d2d},
    {0x2d30, 0x2d67}, {0x2d6f, 0x2d6f}, {0x2d80, 0x2d96}, {0x2da0, 0x2da6}, {0x2da8, 0x2dae},
    {0x2db0, 0x2db6}, {0x2db8, 0x2dbe}, {0x2dc0, 0x2dc6}, {0x2dc8, 0x2dce}, {0x2dd0, 0x2dd6},
    {0x2dd8, 0x2dde}, {0x2e2f, 0x2e2f}, {0x3005, 0x3007}, {0x3021, 0x3029}, {0x3031, 0x3035},
    {0x3038, 0x303c}, {0x3041, 0x3096}, {0x309d, 0x309f}, {0x30a1, 0x30fa}, {0x30fc, 0x30ff},
    {0x3105, 0x312f}, {0x3131, 0x318e}, {0x3192, 0x3195}, {0x31a0, 0x31bf}, {0x31f0, 0x31ff},
    {0x3220, 0x3229}, {0x3248, 0x324f}, {0x3251, 0x325f}, {0x3280, 0x3289}, {0x32b1, 0x32bf},
    {0x3400, 0x4dbf}, {0x4e00, 0xa48c}, {0xa4d0, 0xa4fd}, {0xa500, 0xa60c}, {0xa610, 0xa62b},
    {0xa640, 0xa66e}, {0xa67f, 0xa69d}, {0xa6a0, 0xa6ef}, {0xa717, 0xa71f}, {0xa722, 0xa788},
    {0xa78b, 0xa7ca}, {0xa7d0, 0xa7d1}, {0xa7d3, 0xa7d3}, {0xa7d5, 0xa7d9}, {0xa7f2, 0xa801},
    {0xa803, 0xa805}, {0xa807, 0xa80a}, {0xa80c, 0xa822}, {0xa830, 0xa835}, {0xa840, 0xa873},
    {0xa882, 0xa8b3}, {0xa8d0, 0xa8d9}, {0xa8f2, 0xa8f7}, {0xa8fb, 0xa8fb}, {0xa8fd, 0xa8fe},
    {0xa900, 0xa925}, {0xa930, 0xa946}, {0xa960, 0xa97c}, {0xa984, 0xa9b2}, {0xa9cf, 0xa9d9},
    {0xa9e0, 0xa9e4}, {0xa9e6, 0xa9fe}, {0xaa00, 0xaa28}, {0xaa40, 0xaa42}, {0xaa44, 0xaa4b},
    {0xaa50, 0xaa59}, {0xaa60, 0xaa76}, {0xaa7a, 0xaa7a}, {0xaa7e, 0xaaaf}, {0xaab1, 0xaab1},
    {0xaab5, 0xaab6}, {0xaab9, 0xaabd}, {0xaac0, 0xaac0}, {0xaac2, 0xaac2}, {0xaadb, 0xaadd},
    {0xaae0, 0xaaea}, {0xaaf2, 0xaaf4}, {0xab01, 0xab06}, {0xab09, 0xab0e}, {0xab11, 0xab16},
    {0xab20, 0xab26}, {0xab28, 0xab2e}, {0xab30, 0xab5a}, {0xab5c, 0xab69}, {0xab70, 0xabe2},
    {0xabf0, 0xabf9}, {0xac00, 0xd7a3}, {0xd7b0, 0xd7c6}, {0xd7cb, 0xd7fb}, {0xf900, 0xfa6d},
    {0xfa70, 0xfad9}, {0xfb00, 0xfb06}, {0xfb13, 0xfb17}, {0xfb1d, 0xfb1d}, {0xfb1f, 0xfb28},
    {0xfb2a, 0xfb36}, {0xfb38, 0xfb3c}, {0xfb3e, 0xfb3e}, {0xfb40, 0xfb41}, {0xfb43, 0xfb44},
    {0xfb46, 0xfbb1}, {0xfbd3, 0xfd3d}, {0xfd50, 0xfd8f}, {0xfd92, 0xfdc7}, {0xfdf0, 0xfdfb},
    {0xfe70, 0xfe74}, {0xfe76, 0xfefc}, {0xff10, 0xff19}, {0xff21, 0xff3a}, {0xff41, 0xff5a},
    {0xff66, 0xffbe}, {0xffc2, 0xffc7}, {0xffca, 0xffcf}, {0xffd2, 0xffd7}, {0xffda, 0xffdc},
    {0x10000, 0x1000b}, {0x1000d, 0x10026}, {0x10028, 0x1003a}, {0x1003c, 0x1003d},
    {0x1003f, 0x1004d}, {0x10050, 0x1005d}, {0x10080, 0x100fa}, {0x10107, 0x10133},
    {0x10140, 0x10178}, {0x1018a, 0x1018b}, {0x10280, 0x1029c}, {0x102a0, 0x102d0},
    {0x102e1, 0x102fb}, {0x10300, 0x10323}, {0x1032d, 0x1034a}, {0x10350, 0x10375},
    {0x10380, 0x1039d}, {0x103a0, 0x103c3}, {0x103c8, 0x103cf}, {0x103d1, 0x103d5},
    {0x10400, 0x1049d}, {0x104a0, 0x104a9}, {0x104b0, 0x104d3}, {0x104d8, 0x104fb},
    {0x10500, 0x10527}, {0x10530, 0x10563}, {0x10570, 0x1057a}, {0x1057c, 0x1058a},
    {0x1058c, 0x10592}, {0x10594, 0x10595}, {0x10597, 0x105a1}, {0x105a3, 0x105b1},
    {0x105b3, 0x105b9}, {0x105bb, 0x105bc}, {0x10600, 0x10736}, {0x10740, 0x10755},
    {0x10760, 0x10767}, {0x10780, 0x10785}, {0x10787, 0x107b0}, {0x107b2, 0x107ba},
    {0x10800, 0x10805}, {0x10808, 0x10808}, {0x1080a, 0x10835}, {0x10837, 0x10838},
    {0x1083c, 0x1083c}, {0x1083f, 0x10855}, {0x10858, 0x10876}, {0x10879, 0x1089e},
    {0x108a7, 0x108af}, {0x108e0, 0x108f2}, {0x108f4, 0x108f5}, {0x108fb, 0x1091b},
    {0x10920, 0x10939}, {0x10980, 0x109b7}, {0x109bc, 0x109cf}, {0x109d2, 0x10a00},
    {0x10a10, 0x10a13}, {0x10a15, 0x10a17}, {0x10a19, 0x10a35}, {0x10a40, 0x10a48},
    {0x10a60, 0x10a7e}, {0x10a80, 0x10a9f}, {0x10ac0, 0x10ac7}, {0x10ac9, 0x10ae4},
    {0x10aeb, 0x10aef}, {0x10b00, 0x10b35}, {0x10b40, 0x10b55}, {0x10b58, 0x10b72},
    {0x10b78, 0x10b91}, {0x10ba9, 0x10baf}, {0x10c00, 0x10c48}, {0x10c80, 0x10cb2},
    {0x10cc0, 0x10cf2}, {0x10cfa, 0x10d23}, {0x10d30, 0x10d39}, {0x10e60, 0x10e7e},
    {0x10e80, 0x10ea9}, {0x10eb0, 0x10eb1}, {0x10f00, 0x10f27}, {0x10f30, 0x10f45},
    {0x10f51, 0x10f54}, {0x10f70, 0x10f81}, {0x10fb0, 0x10fcb}, {0x10fe0, 0x10ff6},
    {0x11003, 0x11037}, {0x11052, 0x1106f}, {0x11071, 0x11072}, {0x11075, 0x11075},
    {0x11083, 0x110af}, {0x110d0, 0x110e8}, {0x110f0, 0x110f9}, {0x11103, 0x11126},
    {0x11136, 0x1113f}, {0x11144, 0x11144}, {0x11147, 0x11147}, {0x11150, 0x11172},
    {0x11176, 0x11176}, {0x11183, 0x111b2}, {0x111c1, 0x111c4}, {0x111d0, 0x111da},
    {0x111dc, 0x111dc}, {0x111e1, 0x111f4}, {0x11200, 0x11211}, {0x11213, 0x1122b},
    {0x11280, 0x11286}, {0x11288, 0x11288}, {0x1128a, 0x1128d}, {0x1128f, 0x1129d},
    {0x1129f, 0x112a8}, {0x112b0, 0x112de}, {0x112f0, 0x112f9}, {0x11305, 0x1130c},
    {0x1130f, 0x11310}, {0x11313, 0x11328}, {0x1132a, 0x11330}, {0x11332, 0x11333},
    {0x11335, 0x11339}, {0x1133d, 0x1133d}, {0x11350, 0x11350}, {0x1135d, 0x11361},
    {0x11400, 0x11434}, {0x11447, 0x1144a}, {0x11450, 0x11459}, {0x1145f, 0x11461},
    {0x11480, 0x114af}, {0x114c4, 0x114c5}, {0x114c7, 0x114c7}, {0x114d0, 0x114d9},
    {0x11580, 0x115ae}, {0x115d8, 0x115db}, {0x11600, 0x1162f}, {0x11644, 0x11644},
    {0x11650, 0x11659}, {0x11680, 0x116aa}, {0x116b8, 0x116b8}, {0x116c0, 0x116c9},
    {0x11700, 0x1171a}, {0x11730, 0x1173b}, {0x11740, 0x11746}, {0x11800, 0x1182b},
    {0x118a0, 0x118f2}, {0x118ff, 0x11906}, {0x11909, 0x11909}, {0x1190c, 0x11913},
    {0x11915, 0x11916}, {0x11918, 0x1192f}, {0x1193f, 0x1193f}, {0x11941, 0x11941},
    {0x11950, 0x11959}, {0x119a0, 0x119a7}, {0x119aa, 0x119d0}, {0x119e1, 0x119e1},
    {0x119e3, 0x119e3}, {0x11a00, 0x11a00}, {0x11a0b, 0x11a32}, {0x11a3a, 0x11a3a},
    {0x11a50, 0x11a50}, {0x11a5c, 0x11a89}, {0x11a9d, 0x11a9d}, {0x11ab0, 0x11af8},
    {0x11c00, 0x11c08}, {0x11c0a, 0x11c2e}, {0x11c40, 0x11c40}, {0x11c50, 0x11c6c},
    {0x11c72, 0x11c8f}, {0x11d00, 0x11d06}, {0x11d08, 0x11d09}, {0x11d0b, 0x11d30},
    {0x11d46, 0x11d46}, {0x11d50, 0x11d59}, {0x11d60, 0x11d65}, {0x11d67, 0x11d68},
    {0x11d6a, 0x11d89}, {0x11d98, 0x11d98}, {0x11da0, 0x11da9}, {0x11ee0, 0x11ef2},
    {0x11fb0, 0x11fb0}, {0x11fc0, 0x11fd4}, {0x12000, 0x12399}, {0x12400, 0x1246e},
    {0x12480, 0x12543}, {0x12f90, 0x12ff0}, {0x13000, 0x1342e}, {0x14400, 0x14646},
    {0x16800, 0x16a38}, {0x16a40, 0x16a5e}, {0x16a60, 0x16a69}, {0x16a70, 0x16abe},
    {0x16ac0, 0x16ac9}, {0x16ad0, 0x16aed}, {0x16b00, 0x16b2f}, {0x16b40, 0x16b43},
    {0x16b50, 0x16b59}, {0x16b5b, 0x16b61}, {0x16b63, 0x16b77}, {0x16b7d, 0x16b8f},
    {0x16e40, 0x16e96}, {0x16f00, 0x16f4a}, {0x16f50, 0x16f50}, {0x16f93, 0x16f9f},
    {0x16fe0, 0x16fe1}, {0x16fe3, 0x16fe3}, {0x17000, 0x187f7}, {0x18800, 0x18cd5},
    {0x18d00, 0x18d08}, {0x1aff0, 0x1aff3}, {0x1aff5, 0x1affb}, {0x1affd, 0x1affe},
    {0x1b000, 0x1b122}, {0x1b150, 0x1b152}, {0x1b164, 0x1b167}, {0x1b170, 0x1b2fb},
    {0x1bc00, 0x1bc6a}, {0x1bc70, 0x1bc7c}, {0x1bc80, 0x1bc88}, {0x1bc90, 0x1bc99},
    {0x1d2e0, 0x1d2f3}, {0x1d360, 0x1d378}, {0x1d400, 0x1d454}, {0x1d456, 0x1d49c},
    {0x1d49e, 0x1d49f}, {0x1d4a2, 0x1d4a2}, {0x1d4a5, 0x1d4a6}, {0x1d4a9, 0x1d4ac},
    {0x1d4ae, 0x1d4b9}, {0x1d4bb, 0x1d4bb}, {0x1d4bd, 0x1d4c3}, {0x1d4c5, 0x1d505},
    {0x1d507, 0x1d50a}, {0x1d50d, 0x1d514}, {0x1d516, 0x1d51c}, {0x1d51e, 0x1d539},
    {0x1d53b, 0x1d53e}, {0x1d540, 0x1d544}, {0x1d546, 0x1d546}, {0x1d54a, 0x1d550},
    {0x1d552, 0x1d6a5}, {0x1d6a8, 0x1d6c0}, {0x1d6c2, 0x1d6da}, {0x1d6dc, 0x1d6fa},
    {0x1d6fc, 0x1d714}, {0x1d716, 0x1d734}, {0x1d736, 0x1d74e}, {0x1d750, 0x1d76e},
    {0x1d770, 0x1d788}, {0x1d78a, 0x1d7a8}, {0x1d7aa, 0x1d7c2}, {0x1d7c4, 0x1d7cb},
    {0x1d7ce, 0x1d7ff}, {0x1df00, 0x1df1e}, {0x1e100, 0x1e12c}, {0x1e137, 0x1e13d},
    {0x1e140, 0x1e149}, {0x1e14e, 0x1e14e}, {0x1e290, 0x1e2ad}, {0x1e2c0, 0x1e2eb},
    {0x1e2f0, 0x1e2f9}, {0x1e7e0, 0x1e7e6}, {0x1e7e8, 0x1e7eb}, {0x1e7ed, 0x1e7ee},
    {0x1e7f0, 0x1e7fe}, {0x1e800, 0x1e8c4}, {0x1e8c7, 0x1e8cf}, {0x1e900, 0x1e943},
    {0x1e94b, 0x1e94b}, {0x1e950, 0x1e959}, {0x1ec71, 0x1ecab}, {0x1ecad, 0x1ecaf},
    {0x1ecb1, 0x1ecb4}, {0x1ed01, 0x1ed2d}, {0x1ed2f, 0x1ed3d}, {0x1ee00, 0x1ee03},
    {0x1ee05, 0x1ee1f}, {0x1ee21, 0x1ee22}, {0x1ee24, 0x1ee24}, {0x1ee27, 0x1ee27},
    {0x1ee29, 0x1ee32}, {0x1ee34, 0x1ee37}, {0x1ee39, 0x1ee39}, {0x1ee3b, 0x1ee3b},
    {0x1ee42, 0x1ee42}, {0x1ee47, 0x1ee47}, {0x1ee49, 0x1ee49}, {0x1ee4b, 0x1ee4b},
    {0x1ee4d, 0x1ee4f}, {0x1ee51, 0x1ee52}, {0x1ee54, 0x1ee54}, {0x1ee57, 0x1ee57},
    {0x1ee59, 0x1ee59}, {0x1ee5b, 0x1ee5b}, {0x1ee5d, 0x1ee5d}, {0x1ee5f, 0x1ee5f},
    {0x1ee61, 0x1ee62}, {0x1ee64, 0x1ee64}, {0x1ee67, 0x1ee6a}, {0x1ee6c, 0x1ee72},
    {0x1ee74, 0x1ee77}, {0x1ee79, 0x1ee7c}, {0x1ee7e, 0x1ee7e}, {0x1ee80, 0x1ee89},
    {0x1ee8b, 0x1ee9b}, {0x1eea1, 0x1eea3}, {0x1eea5, 0x1eea9}, {0x1eeab, 0x1eebb},
    {0x1f100, 0x1f10c}, {0x1fbf0, 0x1fbf9}, {0x20000, 0x2a6df}, {0x2a700, 0x2b738},
    {0x2b740, 0x2b81d}, {0x2b820, 0x2cea1}, {0x2ceb0, 0x2ebe0}, {0x2f800, 0x2fa1d},
    {0x30000, 0x3134a},
};

/* The code point of the UTF-8 character at s[i] and its bytes in *n (0: none). */
static uint32_t code_at(const char *s, size_t len, size_t i, size_t *n)
{
    const unsigned char *u = (const unsigned char *)s;
    uint32_t cp;
    size_t k;
    *n = 0;
    if (i >= len)
        return 0;
    if (u[i] < 0x80) {
        *n = 1;
        return u[i];
    }
    if (u[i] >= 0xf8 || u[i] < 0xc0)
        return 0;
    k = u[i] >= 0xf0 ? 4 : u[i] >= 0xe0 ? 3 : 2;
    cp = u[i] & (k == 4 ? 0x07 : k == 3 ? 0x0f : 0x1f);
    if (i + k > len)
        return 0;
    for (size_t j = 1; j < k; j++) {
        if ((u[i + j] & 0xc0) != 0x80)
            return 0;
        cp = (cp << 6) | (u[i + j] & 0x3f);
    }
    *n = k;
    return cp;
}

/* The bytes of a \w character at s[i] (0: none). */
static size_t word_at(const char *s, size_t len, size_t i)
{
    size_t n;
    uint32_t cp = code_at(s, len, i, &n);
    if (!n)
        return 0;
    if (cp < 0x80)
        return ((cp >= '0' && cp <= '9') || (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') ||
                cp == '_') ? 1 : 0;
    size_t lo = 0, hi = sizeof WORD / sizeof WORD[0];
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (cp < WORD[mid][0])
            hi = mid;
        else if (cp > WORD[mid][1])
            lo = mid + 1;
        else
            return n;
    }
    return 0;
}

static size_t word_end(const char *s, size_t len, size_t i)
{
    size_t k;
    while ((k = word_at(s, len, i)) != 0)
        i += k;
    return i;
}

static size_t skip_space(const char *s, size_t len, size_t i)
{
    size_t k;
    while (i < len && (k = stud_site_space_at(s, len, i)) != 0)
        i += k;
    return i;
}

static size_t digits_end(const char *s, size_t len, size_t i)
{
    size_t k;
    int v;
    while ((k = stud_site_digit_at(s, len, i, &v)) != 0)
        i += k;
    return i;
}

static int has_prefix(const char *s, size_t len, size_t i, const char *lit)
{
    size_t n = strlen(lit);
    return i + n <= len && memcmp(s + i, lit, n) == 0;
}

/* The first offset >= from of `lit` in s (len: none). */
static size_t find(const char *s, size_t len, size_t from, const char *lit)
{
    size_t n = strlen(lit);
    for (size_t p = from; p + n <= len; p++)
        if (s[p] == lit[0] && memcmp(s + p, lit, n) == 0)
            return p;
    return len;
}

/* _BANNER: \*{5} Hand History [Ff]or Game (\w+) \*{5} (a prefix) */
static int banner(const char *s, size_t len, stud_hh_span *id)
{
    static const char A[] = "***** Hand History ";
    size_t i = sizeof A - 1;
    if (!has_prefix(s, len, 0, A) || i >= len || (s[i] != 'F' && s[i] != 'f') ||
        !has_prefix(s, len, i + 1, "or Game "))
        return 0;
    i += 9;
    size_t e = word_end(s, len, i);
    if (e == i || !has_prefix(s, len, e, " *****"))
        return 0;
    id->start = (uint32_t)i;
    id->len = (uint32_t)(e - i);
    return 1;
}

/* _GAME_NO: #Game No\s*:\s*(\w+)\s*$ */
static int game_no(const char *s, size_t len, stud_hh_span *id)
{
    if (!has_prefix(s, len, 0, "#Game No"))
        return 0;
    size_t i = skip_space(s, len, 8);
    if (i >= len || s[i] != ':')
        return 0;
    i = skip_space(s, len, i + 1);
    size_t e = word_end(s, len, i);
    if (e == i || skip_space(s, len, e) != len)
        return 0;
    id->start = (uint32_t)i;
    id->len = (uint32_t)(e - i);
    return 1;
}

int stud_site_partypoker_header(const char *s, size_t len, stud_hh_span *id, stud_hh_span *rest)
{
    id->start = id->len = 0;
    rest->start = (uint32_t)len;
    rest->len = 0;
    if (has_prefix(s, len, 0, "#Game No")) {
        game_no(s, len, id);
        return 1;
    }
    return has_prefix(s, len, 0, "*****") && banner(s, len, id) ? 2 : 0;
}

/* _NOISE: a line that says nothing of the hand (each alternative the whole
 * line, none across a \n). */
int stud_site_partypoker_noise(const char *s, size_t len)
{
    if (memchr(s, '\n', len))
        return 0;
    if (has_prefix(s, len, 0, "Game #")) {
        size_t e = word_end(s, len, 6);
        if (e > 6 && has_prefix(s, len, e, " starts") &&
            (e + 7 == len || (e + 8 == len && s[len - 1] == '.')))
            return 1;
    }
    if (has_prefix(s, len, 0, "Connection Lost") || has_prefix(s, len, 0, "Congratulations to ") ||
        has_prefix(s, len, 0, "There is no Small Blind"))
        return 1;
    if (has_prefix(s, len, 0, "Player ") && find(s, len, 8, " finished in ") < len)
        return 1;
    /* .+ TEXT\.?$ */
    static const char *const ENDS[] = {" has joined the table", " has left the table",
                                       " is sitting out", " did not respond in time", " sits out",
                                       " is back"};
    for (size_t k = 0; k < sizeof ENDS / sizeof ENDS[0]; k++) {
        size_t n = strlen(ENDS[k]), m = len && s[len - 1] == '.' ? len - 1 : len;
        if ((m > n && memcmp(s + m - n, ENDS[k], n) == 0) ||
            (len > n && memcmp(s + len - n, ENDS[k], n) == 0))
            return 1;
    }
    /* .+ TEXT.*$ */
    static const char *const WITHIN[] = {" is disconnected", " is reconnected",
                                         " has been disconnected", " has been reconnected",
                                         " was reconnected", " is feeling "};
    for (size_t k = 0; k < sizeof WITHIN / sizeof WITHIN[0]; k++)
        if (find(s, len, 1, WITHIN[k]) < len)
            return 1;
    /* .+ (?:has|will be using) .*(?:seconds?|time ?bank).*$ */
    static const char *const USING[] = {" has ", " will be using "};
    for (size_t k = 0; k < 2; k++) {
        size_t p = find(s, len, 1, USING[k]);
        if (p < len) {
            size_t from = p + strlen(USING[k]);
            if (find(s, len, from, "second") < len || find(s, len, from, "time bank") < len ||
                find(s, len, from, "timebank") < len)
                return 1;
        }
    }
    /* .+ adds .* chips?.*$ */
    size_t p = find(s, len, 1, " adds ");
    if (p < len && find(s, len, p + 6, " chip") < len)
        return 1;
    return 0;
}

/* _CANCELLED: Table Closed|Hand cancelled|Game cancelled, any case (a prefix;
 * U+017F, the long s, is an s). */
static int cancelled_line(const char *s, size_t len)
{
    static const char *const WORDS[] = {"table closed", "hand cancelled", "game cancelled"};
    for (size_t k = 0; k < 3; k++) {
        const char *w = WORDS[k];
        size_t i = 0, j = 0;
        for (; w[j]; j++) {
            if (i < len && (s[i] | 0x20) == w[j] && ((s[i] >= 'A' && s[i] <= 'Z') ||
                                                      (s[i] >= 'a' && s[i] <= 'z') || s[i] == w[j])) {
                i++;
            } else if (w[j] == 's' && i + 1 < len && (unsigned char)s[i] == 0xc5 &&
                       (unsigned char)s[i + 1] == 0xbf) {
                i += 2;
            } else {
                break;
            }
        }
        if (!w[j])
            return 1;
    }
    return 0;
}

/* Where the hand's game line is: the line after its banner (blank lines at
 * the hand's end not counted).  1, *banner_at and *game_at its lines; -1
 * with `err` set and *id the hand's number so far. */
int stud_site_partypoker_game(const stud_site_lines *lines, uint32_t first, uint32_t count,
                              uint32_t *banner_at, uint32_t *game_at, stud_hh_span *id,
                              stud_site_error *err)
{
    uint32_t end = first + count;
    while (end > first + 1 && lines->end[end - 1] == lines->start[end - 1])
        end--;
    id->start = id->len = 0;
    for (uint32_t k = first; k < end; k++) {
        const char *s = lines->buf + lines->start[k];
        size_t len = lines->end[k] - lines->start[k];
        stud_hh_span got;
        if (has_prefix(s, len, 0, "*****") && banner(s, len, &got)) {
            id->start = lines->start[k] + got.start;
            id->len = got.len;
            if (k + 1 >= end)
                return stud_site_fail(err, NULL, lines->number[end - 1],
                                      "the hand ends after its banner (cut short?)");
            *banner_at = k;
            *game_at = k + 1;
            return 1;
        }
        if (game_no(s, len, &got)) {
            id->start = lines->start[k] + got.start;
            id->len = got.len;
        }
    }
    return stud_site_fail(err, NULL, lines->number[end - 1],
                          "no '***** Hand History for Game' line");
}

/* ---- the hand's lines ------------------------------------------------------------------ */

typedef struct {
    const char *s;   /* the line */
    size_t len;
    uint32_t at;     /* its offset in the buffer */
} line_t;

static stud_hh_span sub(const line_t *l, size_t from, size_t to)
{
    stud_hh_span span = {l->at + (uint32_t)from, (uint32_t)(to - from)};
    return span;
}

static size_t dot_end(const char *s, size_t len, size_t from)
{
    const char *nl = from < len ? memchr(s + from, '\n', len - from) : NULL;
    return nl ? (size_t)(nl - s) : len;
}

static const char EURO[] = "\xe2\x82\xac";

/* [$€]? at s[i]: its bytes */
static size_t symbol_at(const char *s, size_t len, size_t i)
{
    if (i < len && s[i] == '$')
        return 1;
    return has_prefix(s, len, i, EURO) ? 3 : 0;
}

/* _AMOUNT: \s*[\[(]?\s*(?:Lo\s*\(\s*|Hi\s*\(\s*)?[$€]?\s*(?P<num>\d[\d,]*(?:\.\d+)?) (a prefix) */
static int amount_pattern(const char *buf, stud_hh_span text, stud_hh_span *num)
{
    const char *s = buf + text.start;
    size_t len = text.len, i = skip_space(s, len, 0), k;
    int v;
    if (i < len && (s[i] == '[' || s[i] == '('))
        i++;
    i = skip_space(s, len, i);
    if (has_prefix(s, len, i, "Lo") || has_prefix(s, len, i, "Hi")) {
        size_t j = skip_space(s, len, i + 2);
        if (j < len && s[j] == '(')
            i = skip_space(s, len, j + 1);
    }
    i += symbol_at(s, len, i);
    i = skip_space(s, len, i);
    if (!(k = stud_site_digit_at(s, len, i, &v)))
        return 0;
    size_t e = i + k;
    for (;;) {
        if (e < len && s[e] == ',')
            e++;
        else if ((k = stud_site_digit_at(s, len, e, &v)) != 0)
            e += k;
        else
            break;
    }
    if (e < len && s[e] == '.' && (k = stud_site_digit_at(s, len, e + 1, &v)) != 0)
        e = digits_end(s, len, e + 1 + k);
    num->start = text.start + (uint32_t)i;
    num->len = (uint32_t)(e - i);
    return 1;
}

/* _number: the text without its commas and spaces, in chips or cents
 * (amount_of's messages quote it so, bounded's as written). */
static int pp_number(const stud_lines_hand *L, stud_hh_span text, uint32_t line, int64_t *out,
                     stud_site_error *err)
{
    const char *s = L->h->buf + text.start;
    size_t len = text.len;
    char quoted[4096];
    size_t q = 0;
    int removed = 0, dots = 0, whole_digits = 0, frac_chars = 0, frac_ok = 1, not_zero = 0,
        late = 0, v;
    int64_t whole = 0, cents = 0;
    quoted[q++] = '\'';
    for (size_t i = 0; i < len;) {
        size_t k = 1;
        if (s[i] == ',' || s[i] == ' ') {
            removed = 1;
            i++;
            continue;
        }
        size_t d = stud_site_digit_at(s, len, i, &v);
        if (d)
            k = d;
        else
            while (i + k < len && ((unsigned char)s[i + k] & 0xc0) == 0x80)
                k++;
        for (size_t c = 0; c < k && q < sizeof quoted - 2; c++)
            quoted[q++] = s[i + c];
        if (dots == 0 && s[i] == '.') {
            dots = 1;
        } else if (dots == 0) {
            if (d) {
                whole_digits++;
                whole = whole * 10 + v;
                if (whole > ((int64_t)1 << 40))
                    whole = (int64_t)1 << 40;
            } else {
                whole_digits = -1000000;
            }
        } else {
            if (!d)
                frac_ok = 0;
            if (!(k == 1 && s[i] == '0'))
                not_zero = 1;
            if (frac_chars >= 2 && !(k == 1 && s[i] == '0'))
                late = 1;
            if (d && frac_chars < 2)
                cents += (frac_chars == 0 ? 10 : 1) * v;
            frac_chars++;
        }
        i += k;
    }
    quoted[q++] = '\'';
    quoted[q] = 0;
#define FAIL(what) \
    (removed ? stud_site_fail(err, L->h, line, "%s" what, quoted) \
             : stud_site_fail(err, L->h, line, "%R" what, text))
    if (whole_digits <= 0 || !frac_ok)
        return FAIL(" is not an amount");
    int64_t value;
    if (!L->h->game.cents) {
        if (not_zero)
            return FAIL(": chips are whole");
        value = whole;
    } else {
        if (late)
            return FAIL(" is not a whole number of cents");
        value = whole * 100 + cents;
    }
#undef FAIL
    if (value >= ((int64_t)1 << 31))
        return stud_site_fail(err, L->h, line, "%R: an amount is at most 2**31 - 1 chips", text);
    *out = value;
    return 0;
}

/* _SEAT: Seat (?P<num>\d+): (?P<name>.+?) \(\s*(?P<stack>[$€]?[\d,.]+)\s*(?:[A-Z]{3}\s*)?\)
 * (?P<rest>.*)$ ; the stack without its sign, the name stripped */
static int seat_pattern(const line_t *l, stud_hh_span *digits, stud_hh_span *name,
                        stud_hh_span *stack)
{
    const char *s = l->s;
    size_t len = l->len, i, k;
    int v;
    if (!has_prefix(s, len, 0, "Seat "))
        return 0;
    i = digits_end(s, len, 5);
    if (i == 5 || !has_prefix(s, len, i, ": "))
        return 0;
    size_t name_at = i + 2, dots = dot_end(s, len, name_at);
    for (size_t p = name_at + 1; p + 1 < len && p <= dots; p++) {
        if (s[p] != ' ' || s[p + 1] != '(')
            continue;
        size_t j = skip_space(s, len, p + 2);
        j += symbol_at(s, len, j);
        size_t from = j;
        for (;;) {
            if (j < len && (s[j] == ',' || s[j] == '.'))
                j++;
            else if ((k = stud_site_digit_at(s, len, j, &v)) != 0)
                j += k;
            else
                break;
        }
        if (j == from)
            continue;
        size_t e = skip_space(s, len, j);
        if (e + 3 < len && s[e] >= 'A' && s[e] <= 'Z' && s[e + 1] >= 'A' && s[e + 1] <= 'Z' &&
            s[e + 2] >= 'A' && s[e + 2] <= 'Z')
            e = skip_space(s, len, e + 3);
        if (e >= len || s[e] != ')' || memchr(s + e, '\n', len - e))
            continue;
        size_t a = name_at, b = p;
        stud_site_strip(s, &a, &b);
        *digits = sub(l, 5, i);
        *name = sub(l, a, b);
        *stack = sub(l, from, j);
        return 1;
    }
    return 0;
}

/* _DEALT: Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\]\s*$ */
static int dealt_pattern(const line_t *l, stud_hh_span *name, stud_hh_span *cards)
{
    const char *s = l->s;
    size_t len = l->len, dots = dot_end(s, len, 9);
    for (size_t p = 10; p + 1 < len && p <= dots; p++) {
        if (s[p] != ' ' || s[p + 1] != '[')
            continue;
        const char *close = memchr(s + p + 2, ']', len - p - 2);
        if (!close)
            return 0;
        size_t a_end = (size_t)(close - s);
        if (skip_space(s, len, a_end + 1) == len) {
            *name = sub(l, 9, p);
            *cards = sub(l, p + 2, a_end);
            return 1;
        }
    }
    return 0;
}

/* _TABLE: Table (?P<name>.*?)\s*\((?:Real|Play) Money\) (a prefix) */
static int table_pattern(const line_t *l, stud_hh_span *name)
{
    const char *s = l->s;
    size_t len = l->len, dots = dot_end(s, len, 6);
    if (!has_prefix(s, len, 0, "Table "))
        return 0;
    for (size_t q = 6; q <= dots; q++) {
        size_t r = skip_space(s, len, q);
        if (has_prefix(s, len, r, "(Real Money)") || has_prefix(s, len, r, "(Play Money)")) {
            *name = sub(l, 6, q);
            return 1;
        }
    }
    return 0;
}

/* read_card(token, suit_first=True): the card, or -1 */
static int read_card(const char *w, size_t n)
{
    static const char RANKS[] = "23456789TJQKA";
    char a, b;
    if (n >= 2 && w[0] == '1' && w[1] == '0') {
        if (n != 3)
            return -1;
        a = 'T';
        b = w[2];
    } else {
        if (n != 2)
            return -1;
        a = w[0];
        b = w[1];
    }
    char la = (char)(a >= 'A' && a <= 'Z' ? a + 32 : a), ub = (char)(b >= 'a' && b <= 'z' ? b - 32 : b);
    if ((la == 'c' || la == 'd' || la == 'h' || la == 's') && ub && strchr(RANKS, ub)) {
        char t = a;  /* written suit first */
        a = b;
        b = t;
    }
    char ua = (char)(a >= 'a' && a <= 'z' ? a - 32 : a), lb = (char)(b >= 'A' && b <= 'Z' ? b + 32 : b);
    const char *r = ua ? strchr(RANKS, ua) : NULL;
    int suit = lb == 'c' ? 0 : lb == 'd' ? 1 : lb == 'h' ? 2 : lb == 's' ? 3 : -1;
    if (!r || suit < 0)
        return -1;
    return 4 * (int)(r - RANKS) + suit;
}

/* _cards: the cards of `text`, commas and whitespace between them. */
static int pp_cards(const char *buf, stud_hh_span text, uint32_t line, uint8_t *cards, int *n,
                    stud_site_error *err)
{
    const char *s = buf + text.start;
    size_t len = text.len, i = 0, k;
    int count = 0;
    while (i < len) {
        if (s[i] == ',') {
            i++;
            continue;
        }
        if ((k = stud_site_space_at(s, len, i)) != 0) {
            i += k;
            continue;
        }
        size_t w = i;
        while (i < len && s[i] != ',' && stud_site_space_at(s, len, i) == 0)
            i++;
        int card = read_card(s + w, i - w);
        if (card < 0) {
            stud_hh_span word = {text.start + (uint32_t)w, (uint32_t)(i - w)};
            return stud_site_fail(err, NULL, line, "%R is not a card", word);
        }
        if (count < STUD_LINES_MAX_CARDS)
            cards[count] = (uint8_t)card;
        count++;
    }
    if (count > STUD_LINES_MAX_CARDS)
        return stud_site_fail(err, NULL, line, "more than %d cards in [%T]",
                              (int64_t)STUD_LINES_MAX_CARDS, text);
    *n = count;
    return 0;
}

static const struct {
    const char *label;
    int street;
} STREETS[] = {{"** Dealing **", 3}, {"** Dealing Third street **", 3},
               {"** Dealing Fourth street **", 4}, {"** Dealing Fifth street **", 5},
               {"** Dealing Sixth street **", 6}, {"** Dealing River **", 7},
               {"** Dealing Seventh street **", 7}};

enum { V_ANTE, V_BRING_IN, V_COMPLETES, V_DOUBLE, V_BETS, V_RAISES, V_CALLS, V_CHECKS, V_FOLDS,
       V_ALL_IN, V_SHOWS, V_NO_SHOW, V_MUCKS, V_WINS };
static const char *const VERBS[] = {"posts ante", "bring-ins", "completes", "double bets", "bets",
                                    "raises", "calls", "checks", "folds", "is all-In", "shows",
                                    "doesn't show", "mucks", "wins"};
#define N_VERBS ((int)(sizeof VERBS / sizeof VERBS[0]))

typedef struct {
    stud_lines_hand L;
    int acted, wins, cancelled, has_seat_count;
    uint32_t seat_line[STUD_SITE_MAX_PLAYERS];
} pp_hand;

static int dealt_line(pp_hand *w, uint32_t number, const line_t *l, stud_site_error *err)
{
    stud_lines_hand *L = &w->L;
    stud_site_hand *h = L->h;
    stud_hh_span name, text;
    uint8_t cards[STUD_LINES_MAX_CARDS], keep[3];
    int n;
    if (L->street == 0)
        return stud_site_fail(err, h, number, "cards dealt before the deal");
    if (!dealt_pattern(l, &name, &text))
        return stud_site_fail(err, h, number, "a 'Dealt to' line that does not read: %R",
                              sub(l, 0, l->len));
    int player = stud_site_find(h, h->buf + name.start, name.len);
    if (player < 0)
        return stud_site_fail(err, h, number, "cards dealt to %T, who is not seated", name);
    if (pp_cards(h->buf, text, number, cards, &n, err) ||
        stud_lines_note(L, cards, n, player, number, err))
        return -1;
    int count = L->street == 3 ? 3 : 1;
    if (n == 0 || !L->deal_pending)
        return stud_site_fail(err, h, number, "cards dealt to %T out of the deal", name);
    if (L->street == 3) {
        L->dealt_in[player] = 1;
        if (n == 3)
            L->hero = player;
    }
    for (int c = 0; c < count; c++) {
        int from = n - count + c;
        keep[c] = from >= 0 ? cards[from] : STUD_HH_UNKNOWN;
    }
    stud_lines_dealt(L, player, keep, count);
    return 0;
}

static int hand_line(pp_hand *w, uint32_t number, const line_t *l, stud_site_error *err)
{
    stud_lines_hand *L = &w->L;
    stud_site_hand *h = L->h;
    const char *s = l->s;
    size_t len = l->len;
    if (len == 0)
        return 0;
    if (has_prefix(s, len, 0, "** "))
        for (size_t k = 0; k < sizeof STREETS / sizeof STREETS[0]; k++)
            if (strlen(STREETS[k].label) == len && memcmp(s, STREETS[k].label, len) == 0) {
                w->acted = 0;
                return stud_lines_new_street(L, number, sub(l, 0, len), STREETS[k].street, err);
            }
    if (L->street == 0) {
        stud_hh_span digits, name, stack;
        size_t i;
        if (seat_pattern(l, &digits, &name, &stack)) {
            int p = h->n_players;
            if (stud_lines_seat(L, number, digits, name, stack, err))
                return -1;
            w->seat_line[p] = number;
            return 0;
        }
        if (has_prefix(s, len, 0, "Seat ") && (i = digits_end(s, len, 5)) > 5 &&
            has_prefix(s, len, i, " is the button")) {
            L->has_button = 1;
            L->button = sub(l, 5, i);
            return 0;
        }
        if (has_prefix(s, len, 0, "Total number of players")) {
            i = skip_space(s, len, 23);
            if (i < len && s[i] == ':') {
                i = skip_space(s, len, i + 1);
                size_t e = digits_end(s, len, i);
                if (e > i) {
                    if (w->has_seat_count)
                        return stud_site_fail(err, h, number,
                                              "a second line of the number of players");
                    size_t j = skip_space(s, len, e);
                    if (j < len && s[j] == '/') {
                        j = skip_space(s, len, j + 1);
                        size_t f = digits_end(s, len, j);
                        if (f > j) {
                            if (stud_site_add_field(h, number, "seat_count", NULL, sub(l, j, f),
                                                    err))
                                return -1;
                            h->fields[h->n_fields - 1].as_int = 1;
                            w->has_seat_count = 1;
                        }
                    }
                    return 0;
                }
            }
        }
        if (table_pattern(l, &name)) {
            h->has_table = 1;
            h->table = name;
            return 0;
        }
    }
    if (has_prefix(s, len, 0, "Dealt to "))
        return dealt_line(w, number, l, err);
    int verb;
    stud_hh_span rest;
    int player = stud_lines_action(L, sub(l, 0, len), VERBS, N_VERBS, &verb, &rest);
    if (player < 0) {
        if (stud_site_partypoker_noise(s, len))
            return 0;
        if (cancelled_line(s, len)) {
            w->cancelled = 1;
            return 0;
        }
        size_t colon = find(s, len, 0, ": ");
        if (colon > 0 && colon < len && stud_site_find(h, s, colon) >= 0)
            return 0;  /* chat */
        return stud_site_fail(err, h, number, "a line that does not read: %R", sub(l, 0, len));
    }
    if (verb == V_ANTE) {
        int64_t paid;
        if (L->street)
            return stud_site_fail(err, h, number, "%N posts an ante after the deal", player);
        if (L->anted[player])
            return stud_site_fail(err, h, number, "%N posts the ante twice", player);
        if (stud_lines_amount(L, rest, number, amount_pattern, &paid, err))
            return -1;
        L->anted[player] = 1;
        L->ante_player[L->n_antes] = player;
        L->ante_paid[L->n_antes] = paid;
        L->ante_line[L->n_antes++] = number;
        h->put_in[player] += paid;
        return 0;
    }
    if (verb >= V_SHOWS) {
        if (stud_lines_flush_deal(L, number, err))
            return -1;
        int seat = h->seat_of[player];
        if (seat < 0)
            return stud_site_fail(err, h, number, "%N is not in the hand", player);
        if (verb == V_WINS) {
            int64_t got;
            if (stud_lines_amount(L, rest, number, amount_pattern, &got, err))
                return -1;
            w->wins = 1;
            return stud_lines_collect(L, player, got);
        }
        uint8_t cards[STUD_LINES_MAX_CARDS];
        int n = 0;
        const char *r = h->buf + rest.start;
        size_t i = skip_space(r, rest.len, 0);
        if (i < rest.len && r[i] == '[') {
            const char *close = memchr(r + i + 1, ']', rest.len - i - 1);
            if (close) {
                stud_hh_span shown = {rest.start + (uint32_t)(i + 1),
                                      (uint32_t)((size_t)(close - r) - i - 1)};
                if (pp_cards(h->buf, shown, number, cards, &n, err))
                    return -1;
            }
        }
        if (stud_lines_note(L, cards, n, player, number, err))
            return -1;
        if (n > 52)
            return stud_site_fail(err, h, number, "%N shows or mucks %d cards", player,
                                  (int64_t)n);
        if (verb == V_SHOWS)
            return stud_lines_step_showed(L, number, seat, player, cards, n, -1, err);
        if (stud_lines_step_mucked(L, number, seat, err))
            return -1;
        return n ? stud_site_keep_mucked(h, number, seat, cards, n, err) : 0;
    }
    /* a betting decision */
    if (L->street == 0)
        return stud_site_fail(err, h, number, "%N acts before the deal", player);
    if (stud_lines_flush_deal(L, number, err))
        return -1;
    if (h->seat_of[player] < 0)
        return stud_site_fail(err, h, number, "%N acts but is not in the hand", player);
    int seat;
    if (stud_lines_acting(L, number, player, &seat, err))
        return -1;
    if (verb == V_FOLDS || verb == V_CHECKS) {
        if (stud_lines_fold_or_check(L, number, seat, player, verb == V_FOLDS, err))
            return -1;
    } else {
        int64_t added, top = 0;
        if (stud_lines_amount(L, rest, number, amount_pattern, &added, err))
            return -1;
        int64_t to = L->bets[player] + added;
        for (int p = 0; p < h->n_players; p++)
            if (L->bets[p] > top)
                top = L->bets[p];
        int move;
        if (verb == V_BRING_IN) {
            move = STUD_HH_BRING_IN;
            L->has_bring_in = 1;
            L->bring_in = added;
        } else if (verb == V_CALLS) {
            move = STUD_HH_CHECK_CALL;
        } else if (verb == V_ALL_IN) {
            move = L->street == 3 && !w->acted ? STUD_HH_BRING_IN
                 : to > top ? STUD_HH_RAISE : STUD_HH_CHECK_CALL;
        } else {
            move = STUD_HH_RAISE;
        }
        if (stud_lines_bet_to(L, number, seat, player, move, to, err))
            return -1;
    }
    w->acted = 1;
    return 0;
}

int stud_site_partypoker_read(const stud_site_lines *lines, uint32_t first, uint32_t count,
                              const stud_site_game *game, stud_site_hand *h, stud_site_error *err)
{
    pp_hand w;
    stud_lines_hand *L = &w.L;
    uint32_t head = lines->number[first], banner_at, game_at;
    stud_hh_span id;
    stud_lines_init(L, h, lines->buf, game, head, pp_number);
    if (stud_site_partypoker_game(lines, first, count, &banner_at, &game_at, &id, err) < 0)
        return STUD_HH_ERROR;
    w.acted = w.wins = w.cancelled = w.has_seat_count = 0;
    uint32_t end = first + count;
    while (end > first + 1 && lines->end[end - 1] == lines->start[end - 1])
        end--;
    for (uint32_t k = game_at + 1; k < end; k++) {
        line_t l = {lines->buf + lines->start[k], lines->end[k] - lines->start[k],
                    lines->start[k]};
        if (hand_line(&w, lines->number[k], &l, err))
            return STUD_HH_ERROR;
    }
    uint32_t last = lines->number[end - 1];
    if (!w.wins) {
        if (w.cancelled)
            return STUD_HH_SKIPPED;
        stud_site_fail(err, h, last, "the hand ends before anyone wins (the file is cut short?)");
        return STUD_HH_ERROR;
    }
    if (h->n_order == 0) {
        stud_site_fail(err, h, last, "nobody was dealt in");
        return STUD_HH_ERROR;
    }
    int64_t ante, put1 = 0, put2 = 0, sum = 0, got = 0;
    if (stud_lines_check_antes(L, &ante, err))
        return STUD_HH_ERROR;
    if (ante)
        for (int seat = 0; seat < h->n_order; seat++) {
            int p = h->order[seat];
            if (!L->anted[p]) {
                stud_site_fail(err, h, w.seat_line[p], "%N was dealt in without posting the ante",
                               p);
                return STUD_HH_ERROR;
            }
        }
    if (stud_lines_check_stacks(L, last, err))
        return STUD_HH_ERROR;
    for (int p = 0; p < h->n_players; p++) {
        int64_t v = h->put_in[p];
        sum += v;
        got += h->collected[p];
        if (v > put1) {
            put2 = put1;
            put1 = v;
        } else if (v > put2) {
            put2 = v;
        }
    }
    int64_t pot = sum - (put1 - put2);
    if (got > pot || (!game->cents && got != pot)) {
        stud_site_fail(err, h, last, game->cents ? "the wins (%d) do not make the pot (%d)"
                       : "the wins (%d) do not make the pot (%d): a tournament takes no rake",
                       got, pot);
        return STUD_HH_ERROR;
    }
    stud_lines_finish(L, ante, 0);
    return STUD_HH_READ;
}
