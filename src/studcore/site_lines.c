/* site_lines.c: LineHand's builder for the sites' C readers (site_lines.h). */
#include "site_lines.h"

#include <string.h>

/* ---- text ---------------------------------------------------------------------------- */

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

int stud_lines_noise(const char *s, size_t len, const char *const *words, size_t n_words)
{
    if (memchr(s, '\n', len))
        return 0;  /* (.+ before, .*$ after: no \n) */
    for (size_t k = 0; k < n_words; k++) {
        size_t n = strlen(words[k]);
        for (size_t p = 1; p + n <= len; p++)
            if (s[p] == ' ' && memcmp(s + p, words[k], n) == 0)
                return 1;
    }
    return 0;
}

int stud_lines_bracket(const char *buf, stud_hh_span rest, stud_hh_span *cards)
{
    const char *s = buf + rest.start;
    size_t len = rest.len, i = stud_site_skip_space(s, len, 0);
    if (i >= len || s[i] != '[')
        return 0;
    const char *close = memchr(s + i + 1, ']', len - i - 1);
    if (!close)
        return 0;
    cards->start = rest.start + (uint32_t)(i + 1);
    cards->len = (uint32_t)((size_t)(close - s) - i - 1);
    return 1;
}

size_t stud_lines_word_at(const char *s, size_t len, size_t i)
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

void stud_lines_clean(char *buf, uint32_t *start, uint32_t *end, int drop_nuls)
{
    size_t s = *start, e = *end;
    if (drop_nuls) {
        char *nul = memchr(buf + s, 0, e - s);
        if (nul) {
            size_t to = (size_t)(nul - buf);
            for (size_t from = to; from < e; from++)
                if (buf[from])
                    buf[to++] = buf[from];
            e = to;
        }
    }
    stud_site_strip(buf, &s, &e);
    *start = (uint32_t)s;
    *end = (uint32_t)e;
}

static const char RANKS[] = "23456789TJQKA";

static int upper_rank(char c)
{
    if (c >= 'a' && c <= 'z')
        c = (char)(c - 'a' + 'A');
    const char *at = c ? strchr(RANKS, c) : NULL;
    return at ? (int)(at - RANKS) : -1;
}

static int lower_suit(char c)
{
    switch (c) {
    case 'c': case 'C': return 0;
    case 'd': case 'D': return 1;
    case 'h': case 'H': return 2;
    case 's': case 'S': return 3;
    default: return -1;
    }
}

/* read_card: the card of a token ("As", "10h"), or -1.  (No other
 * character than ASCII's upper- or lower-cases to a rank or a suit.) */
static int read_card(const char *w, size_t n)
{
    int r, s;
    if (n >= 2 && w[0] == '1' && w[1] == '0') {
        if (n != 3)
            return -1;
        r = 8;
        s = lower_suit(w[2]);
    } else {
        if (n != 2)
            return -1;
        r = upper_rank(w[0]);
        s = lower_suit(w[1]);
    }
    return r >= 0 && s >= 0 ? 4 * r + s : -1;
}

/* read_card(token, suit_first=True): the card, or -1 */
static int read_card_suit_first(const char *w, size_t n)
{
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

int stud_lines_cards(const char *buf, stud_hh_span text, uint32_t line, int how, uint8_t *cards,
                     int *n, stud_site_error *err)
{
    const char *s = buf + text.start;
    size_t len = text.len, i = 0, k;
    int count = 0, commas = how & STUD_LINES_COMMAS;
    while (i < len) {
        if (commas && s[i] == ',') {
            i++;
            continue;
        }
        if ((k = stud_site_space_at(s, len, i)) != 0) {
            i += k;
            continue;
        }
        size_t w = i;
        while (i < len && !(commas && s[i] == ',') && stud_site_space_at(s, len, i) == 0)
            i++;
        size_t wn = i - w;
        int card;
        if ((how & STUD_LINES_HIDDEN) && ((wn == 1 && (s[w] == 'X' || s[w] == 'x')) ||
                                          (wn == 2 && s[w] == '?' && s[w + 1] == '?')))
            card = STUD_HH_UNKNOWN;
        else if ((card = how & STUD_LINES_SUIT_FIRST ? read_card_suit_first(s + w, wn)
                                                     : read_card(s + w, wn)) < 0) {
            stud_hh_span word = {text.start + (uint32_t)w, (uint32_t)wn};
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

int stud_lines_action_match(const char *buf, stud_hh_span line, const char *const *verbs,
                            int n_verbs, int greedy, stud_hh_span *name, int *verb,
                            stud_hh_span *rest)
{
    const char *s = buf + line.start;
    size_t len = line.len;
    if (len < 3 || memchr(s, '\n', len))
        return 0;  /* (the name and the rest are of the regex's ".": no \n) */
    for (size_t k = 1; k < len; k++) {
        size_t p = greedy ? len - k : k;  /* (the name: at least one character) */
        if (s[p] != ' ')
            continue;
        for (int v = 0; v < n_verbs; v++) {
            if (p + 1 >= len || verbs[v][0] != s[p + 1])
                continue;
            size_t n = strlen(verbs[v]), after = p + 1 + n;
            if (after > len || memcmp(s + p + 1, verbs[v], n) != 0)
                continue;
            if (after < len && s[after] != ' ')
                continue;
            name->start = line.start;
            name->len = (uint32_t)p;
            *verb = v;
            rest->start = line.start + (uint32_t)after;
            rest->len = (uint32_t)(len - after);
            return 1;
        }
    }
    return 0;
}

/* ---- LineHand ------------------------------------------------------------------------ */

void stud_lines_init(stud_lines_hand *L, stud_site_hand *h, const char *buf,
                     const stud_site_game *game, uint32_t first_line, stud_lines_number number)
{
    stud_site_init(h, buf, game, first_line);
    L->h = h;
    L->number = number;
    L->street = L->deal_pending = 0;
    L->n_antes = L->n_put = L->n_dealt = 0;
    memset(L->seen, -1, sizeof L->seen);
    L->hero = -1;
    L->has_button = 0;
    L->button.start = L->button.len = 0;
    L->has_bring_in = 0;
    L->bring_in = 0;
}

int stud_lines_amount(const stud_lines_hand *L, stud_hh_span rest, uint32_t line,
                      stud_lines_pattern pattern, int64_t *out, stud_site_error *err)
{
    stud_hh_span num;
    if (!pattern(L->h->buf, rest, &num)) {
        size_t a = rest.start, e = rest.start + rest.len;
        stud_site_strip(L->h->buf, &a, &e);
        stud_hh_span text = {(uint32_t)a, (uint32_t)(e - a)};
        return stud_site_fail(err, L->h, line, "no amount in %R", text);
    }
    return L->number(L, num, line, out, err);
}

int stud_lines_action(const stud_lines_hand *L, stud_hh_span line, const char *const *verbs,
                      int n_verbs, int *verb, stud_hh_span *rest)
{
    const stud_site_hand *h = L->h;
    stud_hh_span name;
    if (!stud_lines_action_match(h->buf, line, verbs, n_verbs, 0, &name, verb, rest))
        return -1;
    int player = stud_site_find(h, h->buf + name.start, name.len);
    if (player >= 0)
        return player;
    if (!stud_lines_action_match(h->buf, line, verbs, n_verbs, 1, &name, verb, rest))
        return -1;
    return stud_site_find(h, h->buf + name.start, name.len);
}

int stud_lines_seat(stud_lines_hand *L, uint32_t line, stud_hh_span digits, stud_hh_span name,
                    stud_hh_span stack, stud_site_error *err)
{
    stud_site_hand *h = L->h;
    int64_t chips;
    if (stud_site_find(h, h->buf + name.start, name.len) >= 0)
        return stud_site_fail(err, h, line, "%T is seated twice", name);
    if (L->number(L, stack, line, &chips, err))
        return -1;
    if (h->n_players >= STUD_SITE_MAX_PLAYERS)
        return stud_site_fail(err, h, line, "more than %d players are listed",
                              (int64_t)STUD_SITE_MAX_PLAYERS);
    int p = h->n_players++;
    h->name[p] = name;
    uint32_t chars = 0;
    for (uint32_t i = 0; i < name.len; i++)
        chars += ((unsigned char)h->buf[name.start + i] & 0xc0) != 0x80;
    h->name_chars[p] = chars;
    h->seat_digits[p] = digits;
    h->stack[p] = chips;
    h->put_in[p] = 0;
    h->seat_of[p] = -1;
    h->visible[p] = 0;
    h->pending_n[p] = -1;
    h->collected[p] = 0;
    L->anted[p] = L->has_put[p] = L->folded[p] = L->dealt_in[p] = 0;
    L->bets[p] = 0;
    L->dealt_n[p] = -1;
    return 0;
}

/* Whether the digits x are below the digits y, as numbers. */
static int digits_below(const char *buf, stud_hh_span x, stud_hh_span y)
{
    int da[2] = {0, 0}, value;
    const char *s = buf + x.start, *t = buf + y.start;
    size_t i = 0, j = 0, n, cx = 0, cy = 0, k;
    /* leading zeros off, then the digits counted */
    while (i < x.len && (n = stud_site_digit_at(s, x.len, i, &value)) && value == 0)
        i += n;
    while (j < y.len && (n = stud_site_digit_at(t, y.len, j, &value)) && value == 0)
        j += n;
    for (k = i; k < x.len; k += n, cx++)
        if (!(n = stud_site_digit_at(s, x.len, k, &value)))
            break;
    for (k = j; k < y.len; k += n, cy++)
        if (!(n = stud_site_digit_at(t, y.len, k, &value)))
            break;
    if (cx != cy)
        return cx < cy;
    while (i < x.len && j < y.len) {
        i += stud_site_digit_at(s, x.len, i, &da[0]);
        j += stud_site_digit_at(t, y.len, j, &da[1]);
        if (da[0] != da[1])
            return da[0] < da[1];
    }
    return 0;
}

/* Whether player a's site seat is below b's (as numbers). */
static int seat_below(const stud_site_hand *h, int a, int b)
{
    return digits_below(h->buf, h->seat_digits[a], h->seat_digits[b]);
}

/* seats_now: the seats at the first decision: those who anted or were
 * dealt cards, in seat order (from the button's left if there is one). */
static int seats_now(stud_lines_hand *L, uint32_t line, stud_site_error *err)
{
    stud_site_hand *h = L->h;
    int n = 0;
    int names[STUD_SITE_MAX_PLAYERS];
    for (int p = 0; p < h->n_players; p++) {
        if (!L->anted[p] && !L->dealt_in[p])
            continue;
        int at = n++;
        while (at > 0 && seat_below(h, p, names[at - 1])) {
            names[at] = names[at - 1];
            at--;
        }
        names[at] = p;
    }
    if (L->has_button) {  /* the seats after the button's first, in their order */
        int after[STUD_SITE_MAX_PLAYERS], m = 0;
        for (int k = 0; k < n; k++)
            if (digits_below(h->buf, L->button, h->seat_digits[names[k]]))
                after[m++] = names[k];
        for (int k = 0; k < n; k++)
            if (!digits_below(h->buf, L->button, h->seat_digits[names[k]]))
                after[m++] = names[k];
        memcpy(names, after, sizeof(int) * (size_t)n);
    }
    if (n < 2 || n > 8)
        return stud_site_fail(err, h, line, "%d players dealt in: a stud hand has 2 to 8",
                              (int64_t)n);
    h->n_order = n;
    for (int seat = 0; seat < n; seat++) {
        h->order[seat] = names[seat];
        h->seat_of[names[seat]] = seat;
    }
    return 0;
}

int stud_lines_new_street(stud_lines_hand *L, uint32_t line, stud_hh_span text, int street,
                          stud_site_error *err)
{
    if (stud_lines_flush_deal(L, line, err))
        return -1;
    if (street <= L->street)
        return stud_site_fail(err, L->h, line, "%R after street %d", text, (int64_t)L->street);
    L->street = street;
    L->h->street = street;
    for (int p = 0; p < L->h->n_players; p++)
        L->bets[p] = 0;
    L->deal_pending = 1;
    return 0;
}

int stud_lines_flush_deal(stud_lines_hand *L, uint32_t line, stud_site_error *err)
{
    stud_site_hand *h = L->h;
    if (!L->deal_pending)
        return 0;
    L->deal_pending = 0;
    if (h->n_order == 0 && seats_now(L, line, err))
        return -1;
    int count = L->street == 3 ? 3 : 1, failed = 0;
    for (int seat = 0; seat < h->n_order && !failed; seat++) {
        int p = h->order[seat];
        if (L->folded[p])
            continue;
        stud_hh_step *s = stud_site_step(L->h, line, STUD_HH_DEALT, seat, err);
        if (!s) {
            failed = 1;
            break;
        }
        if (L->dealt_n[p] >= 0) {
            s->n_cards = (uint8_t)L->dealt_n[p];
            memcpy(s->cards, L->dealt_cards[p], (size_t)L->dealt_n[p]);
        } else {
            s->n_cards = (uint8_t)count;
            memset(s->cards, STUD_HH_UNKNOWN, (size_t)count);
        }
    }
    for (int k = 0; k < L->n_dealt && !failed; k++) {
        int p = L->dealt_order[k];
        if (h->seat_of[p] < 0 || L->folded[p])
            failed = stud_site_fail(err, h, line, "cards dealt to %N, who is not in the hand",
                                    p);
    }
    for (int k = 0; k < L->n_dealt; k++)
        L->dealt_n[L->dealt_order[k]] = -1;
    L->n_dealt = 0;
    return failed ? -1 : 0;
}

int stud_lines_note(stud_lines_hand *L, const uint8_t *cards, int n, int owner, uint32_t line,
                    stud_site_error *err)
{
    for (int c = 0; c < n; c++) {
        int card = cards[c];
        if (card == STUD_HH_UNKNOWN)
            continue;
        int other = L->seen[card];
        if (other >= 0 && other != owner)
            return stud_site_fail(err, L->h, line, "%c is dealt twice (%N, %N)", card, other,
                                  owner);
        L->seen[card] = (int8_t)owner;
    }
    return 0;
}

void stud_lines_dealt(stud_lines_hand *L, int player, const uint8_t *cards, int n)
{
    if (L->dealt_n[player] < 0)
        L->dealt_order[L->n_dealt++] = player;
    L->dealt_n[player] = (int8_t)n;
    memcpy(L->dealt_cards[player], cards, (size_t)n);
}

static void put(stud_lines_hand *L, int player, int64_t amount)
{
    if (!L->has_put[player]) {
        L->has_put[player] = 1;
        L->put_order[L->n_put++] = player;
    }
    L->h->put_in[player] += amount;
}

int stud_lines_post_ante(stud_lines_hand *L, uint32_t line, int player, stud_hh_span rest,
                         stud_lines_pattern pattern, stud_site_error *err)
{
    int64_t paid;
    if (L->street || L->anted[player])
        return stud_site_fail(err, L->h, line, "%N posts an ante out of place", player);
    if (stud_lines_amount(L, rest, line, pattern, &paid, err))
        return -1;
    L->anted[player] = 1;
    L->ante_player[L->n_antes] = player;
    L->ante_paid[L->n_antes] = paid;
    L->ante_line[L->n_antes++] = line;
    put(L, player, paid);
    return 0;
}

int stud_lines_acting(stud_lines_hand *L, uint32_t line, int player, int *seat,
                      stud_site_error *err)
{
    if (L->street == 0)
        return stud_site_fail(err, L->h, line, "%N acts before the deal", player);
    if (L->folded[player])
        return stud_site_fail(err, L->h, line, "%N acts after folding", player);
    *seat = L->h->seat_of[player];
    return 0;
}

int stud_lines_fold_or_check(stud_lines_hand *L, uint32_t line, int seat, int player, int fold,
                             stud_site_error *err)
{
    stud_hh_step *s = stud_site_step(L->h, line, STUD_HH_ACTED, seat, err);
    if (!s)
        return -1;
    s->move = fold ? STUD_HH_FOLD : STUD_HH_CHECK_CALL;
    if (fold)
        L->folded[player] = 1;
    return 0;
}

int stud_lines_decision(stud_lines_hand *L, uint32_t number, int player, int kind,
                        stud_hh_span rest, int all_in, stud_hh_span text,
                        stud_lines_pattern raise_to, stud_lines_pattern amount,
                        stud_site_error *err)
{
    int seat = 0, move; /* (stud_lines_acting sets seat: gcc -O3 cannot tell) */
    int64_t to;
    if (stud_lines_acting(L, number, player, &seat, err))
        return -1;
    if (kind == STUD_LINES_FOLD || kind == STUD_LINES_CHECK)
        return stud_lines_fold_or_check(L, number, seat, player, kind == STUD_LINES_FOLD, err);
    if (kind == STUD_LINES_RAISE) {
        stud_hh_span num;
        if (!raise_to(L->h->buf, rest, &num))
            return stud_site_fail(err, L->h, number, "a raise with no 'to' amount: %R", text);
        if (L->number(L, num, number, &to, err))
            return -1;
        move = STUD_HH_RAISE;
    } else {
        int64_t added;
        if (stud_lines_amount(L, rest, number, amount, &added, err))
            return -1;
        to = L->bets[player] + added;
        move = kind == STUD_LINES_CALL ? STUD_HH_CHECK_CALL
             : kind == STUD_LINES_BRING_IN ? STUD_HH_BRING_IN : STUD_HH_RAISE;
        if (kind == STUD_LINES_BRING_IN && !all_in) {
            L->has_bring_in = 1;
            L->bring_in = to;
        }
    }
    return stud_lines_bet_to(L, number, seat, player, move, to, err);
}

int stud_lines_bet_to(stud_lines_hand *L, uint32_t line, int seat, int player, int move,
                      int64_t to, stud_site_error *err)
{
    int64_t had = L->bets[player];
    if (to < had)
        return stud_site_fail(err, L->h, line, "%N's bet goes down to %d", player, to);
    put(L, player, to - had);
    L->bets[player] = to;
    stud_hh_step *s = stud_site_step(L->h, line, STUD_HH_ACTED, seat, err);
    if (!s)
        return -1;
    s->move = (uint8_t)move;
    /* (an amount past int32 is only in a hand that fails at its end: more than a stack) */
    s->to = to > INT32_MAX ? INT32_MAX : (int32_t)to;
    return 0;
}

int stud_lines_collect(stud_lines_hand *L, int player, int64_t amount)
{
    L->h->collected[player] += amount;
    L->h->any_collected = 1;
    return 0;
}

int stud_lines_step_showed(stud_lines_hand *L, uint32_t line, int seat, int player,
                           const uint8_t *cards, int n, int at, stud_site_error *err)
{
    if (n > 7)
        return stud_site_fail(err, L->h, line, "%N shows %d cards: a stud hand has 7", player,
                              (int64_t)n);
    stud_hh_step *s;
    if (at < 0) {
        if (!(s = stud_site_step(L->h, line, STUD_HH_SHOWED, seat, err)))
            return -1;
    } else {
        s = &L->h->steps[at];
        s->line = line;
    }
    s->n_cards = (uint8_t)n;
    memcpy(s->cards, cards, (size_t)n);
    return 0;
}

int stud_lines_step_mucked(stud_lines_hand *L, uint32_t line, int seat, stud_site_error *err)
{
    return stud_site_step(L->h, line, STUD_HH_MUCKED, seat, err) ? 0 : -1;
}

int stud_lines_check_antes(const stud_lines_hand *L, int64_t *ante, stud_site_error *err)
{
    const stud_site_hand *h = L->h;
    int64_t most = 0;
    for (int a = 0; a < L->n_antes; a++)
        if (a == 0 || L->ante_paid[a] > most)
            most = L->ante_paid[a];
    for (int a = 0; a < L->n_antes; a++) {
        int p = L->ante_player[a];
        if (h->seat_of[p] < 0)
            return stud_site_fail(err, h, L->ante_line[a],
                                  "%N posted the ante but was not dealt in", p);
        if (L->ante_paid[a] != most && L->ante_paid[a] != h->stack[p])
            return stud_site_fail(err, h, L->ante_line[a], "%N posted an ante of %d, the others %d",
                                  p, L->ante_paid[a], most);
    }
    *ante = most;
    return 0;
}

int stud_lines_check_stacks(const stud_lines_hand *L, uint32_t last, stud_site_error *err)
{
    const stud_site_hand *h = L->h;
    for (int seat = 0; seat < h->n_order; seat++) {
        int p = h->order[seat];
        if (h->put_in[p] > h->stack[p])
            return stud_site_fail(err, h, last, "%N put in %d, more than the %d he sat with", p,
                                  h->put_in[p], h->stack[p]);
    }
    return 0;
}

void stud_lines_uncalled(const stud_lines_hand *L, int *top, int64_t *uncalled)
{
    const stud_site_hand *h = L->h;
    int best = -1;
    for (int k = 0; k < L->n_put; k++) {
        int p = L->put_order[k];
        if (best < 0 || h->put_in[p] > h->put_in[best])
            best = p;
    }
    int64_t next = 0;
    int any = 0;
    for (int k = 0; k < L->n_put; k++) {
        int p = L->put_order[k];
        if (p != best && (!any || h->put_in[p] > next)) {
            next = h->put_in[p];
            any = 1;
        }
    }
    *top = best;
    *uncalled = best < 0 ? 0 : h->put_in[best] - next;
}

void stud_lines_finish(stud_lines_hand *L, int64_t ante, int64_t rake)
{
    stud_site_hand *h = L->h;
    h->ante_out = ante;
    h->bring_in_out = L->has_bring_in ? L->bring_in : -1;
    h->rake = rake;
    h->rake_known = 1;
    h->hero = L->hero;
}

int stud_lines_money(const stud_lines_hand *L, stud_hh_span text, uint32_t line, int how,
                     int64_t *out, stud_site_error *err)
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
        if ((how & STUD_LINES_NO_BREAK) && (unsigned char)s[i] == 0xc2 && i + 1 < len &&
            (unsigned char)s[i + 1] == 0xa0) {
            removed = 1;
            i += 2;
            continue;
        }
        if ((how & STUD_LINES_NO_BREAK) && (unsigned char)s[i] == 0xe2 && i + 2 < len &&
            (unsigned char)s[i + 1] == 0x80 && (unsigned char)s[i + 2] == 0xaf) {
            removed = 1;
            i += 3;
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
                whole_digits = -1000000;  /* not a digit: no amount */
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
    if (value >= ((int64_t)1 << 31))
        return how & STUD_LINES_BOUND_AS_WRITTEN
                   ? stud_site_fail(err, L->h, line, "%R: an amount is at most 2**31 - 1 chips",
                                    text)
                   : FAIL(": an amount is at most 2**31 - 1 chips");
#undef FAIL
    *out = value;
    return 0;
}
