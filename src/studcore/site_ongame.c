/* site_ongame.c: OnGame's text hand histories (python/stud/histories/sites/
 * ongame.py says the format), a hand's lines after its header read on
 * LineHand's builder (site_lines.h) as the Python reader read them, check
 * for check and message for message; the header's game (on the hand's
 * first "Table: " line) is the Python module's (header_of). */
#include <stdlib.h>
#include <string.h>

#include "site_lines.h"

/* Python's \w (str patterns): the code points str.isalnum() takes, and
 * '_' (Python 3.11's Unicode 14), as ranges. */
static const uint32_t WORD[][2] = {
    {0x30, 0x39}, {0x41, 0x5A}, {0x5F, 0x5F}, {0x61, 0x7A}, {0xAA, 0xAA}, {0xB2, 0xB3},
    {0xB5, 0xB5}, {0xB9, 0xBA}, {0xBC, 0xBE}, {0xC0, 0xD6}, {0xD8, 0xF6}, {0xF8, 0x2C1},
    {0x2C6, 0x2D1}, {0x2E0, 0x2E4}, {0x2EC, 0x2EC}, {0x2EE, 0x2EE}, {0x370, 0x374},
    {0x376, 0x377}, {0x37A, 0x37D}, {0x37F, 0x37F}, {0x386, 0x386}, {0x388, 0x38A},
    {0x38C, 0x38C}, {0x38E, 0x3A1}, {0x3A3, 0x3F5}, {0x3F7, 0x481}, {0x48A, 0x52F},
    {0x531, 0x556}, {0x559, 0x559}, {0x560, 0x588}, {0x5D0, 0x5EA}, {0x5EF, 0x5F2},
    {0x620, 0x64A}, {0x660, 0x669}, {0x66E, 0x66F}, {0x671, 0x6D3}, {0x6D5, 0x6D5},
    {0x6E5, 0x6E6}, {0x6EE, 0x6FC}, {0x6FF, 0x6FF}, {0x710, 0x710}, {0x712, 0x72F},
    {0x74D, 0x7A5}, {0x7B1, 0x7B1}, {0x7C0, 0x7EA}, {0x7F4, 0x7F5}, {0x7FA, 0x7FA},
    {0x800, 0x815}, {0x81A, 0x81A}, {0x824, 0x824}, {0x828, 0x828}, {0x840, 0x858},
    {0x860, 0x86A}, {0x870, 0x887}, {0x889, 0x88E}, {0x8A0, 0x8C9}, {0x904, 0x939},
    {0x93D, 0x93D}, {0x950, 0x950}, {0x958, 0x961}, {0x966, 0x96F}, {0x971, 0x980},
    {0x985, 0x98C}, {0x98F, 0x990}, {0x993, 0x9A8}, {0x9AA, 0x9B0}, {0x9B2, 0x9B2},
    {0x9B6, 0x9B9}, {0x9BD, 0x9BD}, {0x9CE, 0x9CE}, {0x9DC, 0x9DD}, {0x9DF, 0x9E1},
    {0x9E6, 0x9F1}, {0x9F4, 0x9F9}, {0x9FC, 0x9FC}, {0xA05, 0xA0A}, {0xA0F, 0xA10},
    {0xA13, 0xA28}, {0xA2A, 0xA30}, {0xA32, 0xA33}, {0xA35, 0xA36}, {0xA38, 0xA39},
    {0xA59, 0xA5C}, {0xA5E, 0xA5E}, {0xA66, 0xA6F}, {0xA72, 0xA74}, {0xA85, 0xA8D},
    {0xA8F, 0xA91}, {0xA93, 0xAA8}, {0xAAA, 0xAB0}, {0xAB2, 0xAB3}, {0xAB5, 0xAB9},
    {0xABD, 0xABD}, {0xAD0, 0xAD0}, {0xAE0, 0xAE1}, {0xAE6, 0xAEF}, {0xAF9, 0xAF9},
    {0xB05, 0xB0C}, {0xB0F, 0xB10}, {0xB13, 0xB28}, {0xB2A, 0xB30}, {0xB32, 0xB33},
    {0xB35, 0xB39}, {0xB3D, 0xB3D}, {0xB5C, 0xB5D}, {0xB5F, 0xB61}, {0xB66, 0xB6F},
    {0xB71, 0xB77}, {0xB83, 0xB83}, {0xB85, 0xB8A}, {0xB8E, 0xB90}, {0xB92, 0xB95},
    {0xB99, 0xB9A}, {0xB9C, 0xB9C}, {0xB9E, 0xB9F}, {0xBA3, 0xBA4}, {0xBA8, 0xBAA},
    {0xBAE, 0xBB9}, {0xBD0, 0xBD0}, {0xBE6, 0xBF2}, {0xC05, 0xC0C}, {0xC0E, 0xC10},
    {0xC12, 0xC28}, {0xC2A, 0xC39}, {0xC3D, 0xC3D}, {0xC58, 0xC5A}, {0xC5D, 0xC5D},
    {0xC60, 0xC61}, {0xC66, 0xC6F}, {0xC78, 0xC7E}, {0xC80, 0xC80}, {0xC85, 0xC8C},
    {0xC8E, 0xC90}, {0xC92, 0xCA8}, {0xCAA, 0xCB3}, {0xCB5, 0xCB9}, {0xCBD, 0xCBD},
    {0xCDD, 0xCDE}, {0xCE0, 0xCE1}, {0xCE6, 0xCEF}, {0xCF1, 0xCF2}, {0xD04, 0xD0C},
    {0xD0E, 0xD10}, {0xD12, 0xD3A}, {0xD3D, 0xD3D}, {0xD4E, 0xD4E}, {0xD54, 0xD56},
    {0xD58, 0xD61}, {0xD66, 0xD78}, {0xD7A, 0xD7F}, {0xD85, 0xD96}, {0xD9A, 0xDB1},
    {0xDB3, 0xDBB}, {0xDBD, 0xDBD}, {0xDC0, 0xDC6}, {0xDE6, 0xDEF}, {0xE01, 0xE30},
    {0xE32, 0xE33}, {0xE40, 0xE46}, {0xE50, 0xE59}, {0xE81, 0xE82}, {0xE84, 0xE84},
    {0xE86, 0xE8A}, {0xE8C, 0xEA3}, {0xEA5, 0xEA5}, {0xEA7, 0xEB0}, {0xEB2, 0xEB3},
    {0xEBD, 0xEBD}, {0xEC0, 0xEC4}, {0xEC6, 0xEC6}, {0xED0, 0xED9}, {0xEDC, 0xEDF},
    {0xF00, 0xF00}, {0xF20, 0xF33}, {0xF40, 0xF47}, {0xF49, 0xF6C}, {0xF88, 0xF8C},
    {0x1000, 0x102A}, {0x103F, 0x1049}, {0x1050, 0x1055}, {0x105A, 0x105D}, {0x1061, 0x1061},
    {0x1065, 0x1066}, {0x106E, 0x1070}, {0x1075, 0x1081}, {0x108E, 0x108E}, {0x1090, 0x1099},
    {0x10A0, 0x10C5}, {0x10C7, 0x10C7}, {0x10CD, 0x10CD}, {0x10D0, 0x10FA}, {0x10FC, 0x1248},
    {0x124A, 0x124D}, {0x1250, 0x1256}, {0x1258, 0x1258}, {0x125A, 0x125D}, {0x1260, 0x1288},
    {0x128A, 0x128D}, {0x1290, 0x12B0}, {0x12B2, 0x12B5}, {0x12B8, 0x12BE}, {0x12C0, 0x12C0},
    {0x12C2, 0x12C5}, {0x12C8, 0x12D6}, {0x12D8, 0x1310}, {0x1312, 0x1315}, {0x1318, 0x135A},
    {0x1369, 0x137C}, {0x1380, 0x138F}, {0x13A0, 0x13F5}, {0x13F8, 0x13FD}, {0x1401, 0x166C},
    {0x166F, 0x167F}, {0x1681, 0x169A}, {0x16A0, 0x16EA}, {0x16EE, 0x16F8}, {0x1700, 0x1711},
    {0x171F, 0x1731}, {0x1740, 0x1751}, {0x1760, 0x176C}, {0x176E, 0x1770}, {0x1780, 0x17B3},
    {0x17D7, 0x17D7}, {0x17DC, 0x17DC}, {0x17E0, 0x17E9}, {0x17F0, 0x17F9}, {0x1810, 0x1819},
    {0x1820, 0x1878}, {0x1880, 0x1884}, {0x1887, 0x18A8}, {0x18AA, 0x18AA}, {0x18B0, 0x18F5},
    {0x1900, 0x191E}, {0x1946, 0x196D}, {0x1970, 0x1974}, {0x1980, 0x19AB}, {0x19B0, 0x19C9},
    {0x19D0, 0x19DA}, {0x1A00, 0x1A16}, {0x1A20, 0x1A54}, {0x1A80, 0x1A89}, {0x1A90, 0x1A99},
    {0x1AA7, 0x1AA7}, {0x1B05, 0x1B33}, {0x1B45, 0x1B4C}, {0x1B50, 0x1B59}, {0x1B83, 0x1BA0},
    {0x1BAE, 0x1BE5}, {0x1C00, 0x1C23}, {0x1C40, 0x1C49}, {0x1C4D, 0x1C7D}, {0x1C80, 0x1C88},
    {0x1C90, 0x1CBA}, {0x1CBD, 0x1CBF}, {0x1CE9, 0x1CEC}, {0x1CEE, 0x1CF3}, {0x1CF5, 0x1CF6},
    {0x1CFA, 0x1CFA}, {0x1D00, 0x1DBF}, {0x1E00, 0x1F15}, {0x1F18, 0x1F1D}, {0x1F20, 0x1F45},
    {0x1F48, 0x1F4D}, {0x1F50, 0x1F57}, {0x1F59, 0x1F59}, {0x1F5B, 0x1F5B}, {0x1F5D, 0x1F5D},
    {0x1F5F, 0x1F7D}, {0x1F80, 0x1FB4}, {0x1FB6, 0x1FBC}, {0x1FBE, 0x1FBE}, {0x1FC2, 0x1FC4},
    {0x1FC6, 0x1FCC}, {0x1FD0, 0x1FD3}, {0x1FD6, 0x1FDB}, {0x1FE0, 0x1FEC}, {0x1FF2, 0x1FF4},
    {0x1FF6, 0x1FFC}, {0x2070, 0x2071}, {0x2074, 0x2079}, {0x207F, 0x2089}, {0x2090, 0x209C},
    {0x2102, 0x2102}, {0x2107, 0x2107}, {0x210A, 0x2113}, {0x2115, 0x2115}, {0x2119, 0x211D},
    {0x2124, 0x2124}, {0x2126, 0x2126}, {0x2128, 0x2128}, {0x212A, 0x212D}, {0x212F, 0x2139},
    {0x213C, 0x213F}, {0x2145, 0x2149}, {0x214E, 0x214E}, {0x2150, 0x2189}, {0x2460, 0x249B},
    {0x24EA, 0x24FF}, {0x2776, 0x2793}, {0x2C00, 0x2CE4}, {0x2CEB, 0x2CEE}, {0x2CF2, 0x2CF3},
    {0x2CFD, 0x2CFD}, {0x2D00, 0x2D25}, {0x2D27, 0x2D27}, {0x2D2D, 0x2D2D}, {0x2D30, 0x2D67},
    {0x2D6F, 0x2D6F}, {0x2D80, 0x2D96}, {0x2DA0, 0x2DA6}, {0x2DA8, 0x2DAE}, {0x2DB0, 0x2DB6},
    {0x2DB8, 0x2DBE}, {0x2DC0, 0x2DC6}, {0x2DC8, 0x2DCE}, {0x2DD0, 0x2DD6}, {0x2DD8, 0x2DDE},
    {0x2E2F, 0x2E2F}, {0x3005, 0x3007}, {0x3021, 0x3029}, {0x3031, 0x3035}, {0x3038, 0x303C},
    {0x3041, 0x3096}, {0x309D, 0x309F}, {0x30A1, 0x30FA}, {0x30FC, 0x30FF}, {0x3105, 0x312F},
    {0x3131, 0x318E}, {0x3192, 0x3195}, {0x31A0, 0x31BF}, {0x31F0, 0x31FF}, {0x3220, 0x3229},
    {0x3248, 0x324F}, {0x3251, 0x325F}, {0x3280, 0x3289}, {0x32B1, 0x32BF}, {0x3400, 0x4DBF},
    {0x4E00, 0xA48C}, {0xA4D0, 0xA4FD}, {0xA500, 0xA60C}, {0xA610, 0xA62B}, {0xA640, 0xA66E},
    {0xA67F, 0xA69D}, {0xA6A0, 0xA6EF}, {0xA717, 0xA71F}, {0xA722, 0xA788}, {0xA78B, 0xA7CA},
    {0xA7D0, 0xA7D1}, {0xA7D3, 0xA7D3}, {0xA7D5, 0xA7D9}, {0xA7F2, 0xA801}, {0xA803, 0xA805},
    {0xA807, 0xA80A}, {0xA80C, 0xA822}, {0xA830, 0xA835}, {0xA840, 0xA873}, {0xA882, 0xA8B3},
    {0xA8D0, 0xA8D9}, {0xA8F2, 0xA8F7}, {0xA8FB, 0xA8FB}, {0xA8FD, 0xA8FE}, {0xA900, 0xA925},
    {0xA930, 0xA946}, {0xA960, 0xA97C}, {0xA984, 0xA9B2}, {0xA9CF, 0xA9D9}, {0xA9E0, 0xA9E4},
    {0xA9E6, 0xA9FE}, {0xAA00, 0xAA28}, {0xAA40, 0xAA42}, {0xAA44, 0xAA4B}, {0xAA50, 0xAA59},
    {0xAA60, 0xAA76}, {0xAA7A, 0xAA7A}, {0xAA7E, 0xAAAF}, {0xAAB1, 0xAAB1}, {0xAAB5, 0xAAB6},
    {0xAAB9, 0xAABD}, {0xAAC0, 0xAAC0}, {0xAAC2, 0xAAC2}, {0xAADB, 0xAADD}, {0xAAE0, 0xAAEA},
    {0xAAF2, 0xAAF4}, {0xAB01, 0xAB06}, {0xAB09, 0xAB0E}, {0xAB11, 0xAB16}, {0xAB20, 0xAB26},
    {0xAB28, 0xAB2E}, {0xAB30, 0xAB5A}, {0xAB5C, 0xAB69}, {0xAB70, 0xABE2}, {0xABF0, 0xABF9},
    {0xAC00, 0xD7A3}, {0xD7B0, 0xD7C6}, {0xD7CB, 0xD7FB}, {0xF900, 0xFA6D}, {0xFA70, 0xFAD9},
    {0xFB00, 0xFB06}, {0xFB13, 0xFB17}, {0xFB1D, 0xFB1D}, {0xFB1F, 0xFB28}, {0xFB2A, 0xFB36},
    {0xFB38, 0xFB3C}, {0xFB3E, 0xFB3E}, {0xFB40, 0xFB41}, {0xFB43, 0xFB44}, {0xFB46, 0xFBB1},
    {0xFBD3, 0xFD3D}, {0xFD50, 0xFD8F}, {0xFD92, 0xFDC7}, {0xFDF0, 0xFDFB}, {0xFE70, 0xFE74},
    {0xFE76, 0xFEFC}, {0xFF10, 0xFF19}, {0xFF21, 0xFF3A}, {0xFF41, 0xFF5A}, {0xFF66, 0xFFBE},
    {0xFFC2, 0xFFC7}, {0xFFCA, 0xFFCF}, {0xFFD2, 0xFFD7}, {0xFFDA, 0xFFDC},
    {0x10000, 0x1000B}, {0x1000D, 0x10026}, {0x10028, 0x1003A}, {0x1003C, 0x1003D},
    {0x1003F, 0x1004D}, {0x10050, 0x1005D}, {0x10080, 0x100FA}, {0x10107, 0x10133},
    {0x10140, 0x10178}, {0x1018A, 0x1018B}, {0x10280, 0x1029C}, {0x102A0, 0x102D0},
    {0x102E1, 0x102FB}, {0x10300, 0x10323}, {0x1032D, 0x1034A}, {0x10350, 0x10375},
    {0x10380, 0x1039D}, {0x103A0, 0x103C3}, {0x103C8, 0x103CF}, {0x103D1, 0x103D5},
    {0x10400, 0x1049D}, {0x104A0, 0x104A9}, {0x104B0, 0x104D3}, {0x104D8, 0x104FB},
    {0x10500, 0x10527}, {0x10530, 0x10563}, {0x10570, 0x1057A}, {0x1057C, 0x1058A},
    {0x1058C, 0x10592}, {0x10594, 0x10595}, {0x10597, 0x105A1}, {0x105A3, 0x105B1},
    {0x105B3, 0x105B9}, {0x105BB, 0x105BC}, {0x10600, 0x10736}, {0x10740, 0x10755},
    {0x10760, 0x10767}, {0x10780, 0x10785}, {0x10787, 0x107B0}, {0x107B2, 0x107BA},
    {0x10800, 0x10805}, {0x10808, 0x10808}, {0x1080A, 0x10835}, {0x10837, 0x10838},
    {0x1083C, 0x1083C}, {0x1083F, 0x10855}, {0x10858, 0x10876}, {0x10879, 0x1089E},
    {0x108A7, 0x108AF}, {0x108E0, 0x108F2}, {0x108F4, 0x108F5}, {0x108FB, 0x1091B},
    {0x10920, 0x10939}, {0x10980, 0x109B7}, {0x109BC, 0x109CF}, {0x109D2, 0x10A00},
    {0x10A10, 0x10A13}, {0x10A15, 0x10A17}, {0x10A19, 0x10A35}, {0x10A40, 0x10A48},
    {0x10A60, 0x10A7E}, {0x10A80, 0x10A9F}, {0x10AC0, 0x10AC7}, {0x10AC9, 0x10AE4},
    {0x10AEB, 0x10AEF}, {0x10B00, 0x10B35}, {0x10B40, 0x10B55}, {0x10B58, 0x10B72},
    {0x10B78, 0x10B91}, {0x10BA9, 0x10BAF}, {0x10C00, 0x10C48}, {0x10C80, 0x10CB2},
    {0x10CC0, 0x10CF2}, {0x10CFA, 0x10D23}, {0x10D30, 0x10D39}, {0x10E60, 0x10E7E},
    {0x10E80, 0x10EA9}, {0x10EB0, 0x10EB1}, {0x10F00, 0x10F27}, {0x10F30, 0x10F45},
    {0x10F51, 0x10F54}, {0x10F70, 0x10F81}, {0x10FB0, 0x10FCB}, {0x10FE0, 0x10FF6},
    {0x11003, 0x11037}, {0x11052, 0x1106F}, {0x11071, 0x11072}, {0x11075, 0x11075},
    {0x11083, 0x110AF}, {0x110D0, 0x110E8}, {0x110F0, 0x110F9}, {0x11103, 0x11126},
    {0x11136, 0x1113F}, {0x11144, 0x11144}, {0x11147, 0x11147}, {0x11150, 0x11172},
    {0x11176, 0x11176}, {0x11183, 0x111B2}, {0x111C1, 0x111C4}, {0x111D0, 0x111DA},
    {0x111DC, 0x111DC}, {0x111E1, 0x111F4}, {0x11200, 0x11211}, {0x11213, 0x1122B},
    {0x11280, 0x11286}, {0x11288, 0x11288}, {0x1128A, 0x1128D}, {0x1128F, 0x1129D},
    {0x1129F, 0x112A8}, {0x112B0, 0x112DE}, {0x112F0, 0x112F9}, {0x11305, 0x1130C},
    {0x1130F, 0x11310}, {0x11313, 0x11328}, {0x1132A, 0x11330}, {0x11332, 0x11333},
    {0x11335, 0x11339}, {0x1133D, 0x1133D}, {0x11350, 0x11350}, {0x1135D, 0x11361},
    {0x11400, 0x11434}, {0x11447, 0x1144A}, {0x11450, 0x11459}, {0x1145F, 0x11461},
    {0x11480, 0x114AF}, {0x114C4, 0x114C5}, {0x114C7, 0x114C7}, {0x114D0, 0x114D9},
    {0x11580, 0x115AE}, {0x115D8, 0x115DB}, {0x11600, 0x1162F}, {0x11644, 0x11644},
    {0x11650, 0x11659}, {0x11680, 0x116AA}, {0x116B8, 0x116B8}, {0x116C0, 0x116C9},
    {0x11700, 0x1171A}, {0x11730, 0x1173B}, {0x11740, 0x11746}, {0x11800, 0x1182B},
    {0x118A0, 0x118F2}, {0x118FF, 0x11906}, {0x11909, 0x11909}, {0x1190C, 0x11913},
    {0x11915, 0x11916}, {0x11918, 0x1192F}, {0x1193F, 0x1193F}, {0x11941, 0x11941},
    {0x11950, 0x11959}, {0x119A0, 0x119A7}, {0x119AA, 0x119D0}, {0x119E1, 0x119E1},
    {0x119E3, 0x119E3}, {0x11A00, 0x11A00}, {0x11A0B, 0x11A32}, {0x11A3A, 0x11A3A},
    {0x11A50, 0x11A50}, {0x11A5C, 0x11A89}, {0x11A9D, 0x11A9D}, {0x11AB0, 0x11AF8},
    {0x11C00, 0x11C08}, {0x11C0A, 0x11C2E}, {0x11C40, 0x11C40}, {0x11C50, 0x11C6C},
    {0x11C72, 0x11C8F}, {0x11D00, 0x11D06}, {0x11D08, 0x11D09}, {0x11D0B, 0x11D30},
    {0x11D46, 0x11D46}, {0x11D50, 0x11D59}, {0x11D60, 0x11D65}, {0x11D67, 0x11D68},
    {0x11D6A, 0x11D89}, {0x11D98, 0x11D98}, {0x11DA0, 0x11DA9}, {0x11EE0, 0x11EF2},
    {0x11FB0, 0x11FB0}, {0x11FC0, 0x11FD4}, {0x12000, 0x12399}, {0x12400, 0x1246E},
    {0x12480, 0x12543}, {0x12F90, 0x12FF0}, {0x13000, 0x1342E}, {0x14400, 0x14646},
    {0x16800, 0x16A38}, {0x16A40, 0x16A5E}, {0x16A60, 0x16A69}, {0x16A70, 0x16ABE},
    {0x16AC0, 0x16AC9}, {0x16AD0, 0x16AED}, {0x16B00, 0x16B2F}, {0x16B40, 0x16B43},
    {0x16B50, 0x16B59}, {0x16B5B, 0x16B61}, {0x16B63, 0x16B77}, {0x16B7D, 0x16B8F},
    {0x16E40, 0x16E96}, {0x16F00, 0x16F4A}, {0x16F50, 0x16F50}, {0x16F93, 0x16F9F},
    {0x16FE0, 0x16FE1}, {0x16FE3, 0x16FE3}, {0x17000, 0x187F7}, {0x18800, 0x18CD5},
    {0x18D00, 0x18D08}, {0x1AFF0, 0x1AFF3}, {0x1AFF5, 0x1AFFB}, {0x1AFFD, 0x1AFFE},
    {0x1B000, 0x1B122}, {0x1B150, 0x1B152}, {0x1B164, 0x1B167}, {0x1B170, 0x1B2FB},
    {0x1BC00, 0x1BC6A}, {0x1BC70, 0x1BC7C}, {0x1BC80, 0x1BC88}, {0x1BC90, 0x1BC99},
    {0x1D2E0, 0x1D2F3}, {0x1D360, 0x1D378}, {0x1D400, 0x1D454}, {0x1D456, 0x1D49C},
    {0x1D49E, 0x1D49F}, {0x1D4A2, 0x1D4A2}, {0x1D4A5, 0x1D4A6}, {0x1D4A9, 0x1D4AC},
    {0x1D4AE, 0x1D4B9}, {0x1D4BB, 0x1D4BB}, {0x1D4BD, 0x1D4C3}, {0x1D4C5, 0x1D505},
    {0x1D507, 0x1D50A}, {0x1D50D, 0x1D514}, {0x1D516, 0x1D51C}, {0x1D51E, 0x1D539},
    {0x1D53B, 0x1D53E}, {0x1D540, 0x1D544}, {0x1D546, 0x1D546}, {0x1D54A, 0x1D550},
    {0x1D552, 0x1D6A5}, {0x1D6A8, 0x1D6C0}, {0x1D6C2, 0x1D6DA}, {0x1D6DC, 0x1D6FA},
    {0x1D6FC, 0x1D714}, {0x1D716, 0x1D734}, {0x1D736, 0x1D74E}, {0x1D750, 0x1D76E},
    {0x1D770, 0x1D788}, {0x1D78A, 0x1D7A8}, {0x1D7AA, 0x1D7C2}, {0x1D7C4, 0x1D7CB},
    {0x1D7CE, 0x1D7FF}, {0x1DF00, 0x1DF1E}, {0x1E100, 0x1E12C}, {0x1E137, 0x1E13D},
    {0x1E140, 0x1E149}, {0x1E14E, 0x1E14E}, {0x1E290, 0x1E2AD}, {0x1E2C0, 0x1E2EB},
    {0x1E2F0, 0x1E2F9}, {0x1E7E0, 0x1E7E6}, {0x1E7E8, 0x1E7EB}, {0x1E7ED, 0x1E7EE},
    {0x1E7F0, 0x1E7FE}, {0x1E800, 0x1E8C4}, {0x1E8C7, 0x1E8CF}, {0x1E900, 0x1E943},
    {0x1E94B, 0x1E94B}, {0x1E950, 0x1E959}, {0x1EC71, 0x1ECAB}, {0x1ECAD, 0x1ECAF},
    {0x1ECB1, 0x1ECB4}, {0x1ED01, 0x1ED2D}, {0x1ED2F, 0x1ED3D}, {0x1EE00, 0x1EE03},
    {0x1EE05, 0x1EE1F}, {0x1EE21, 0x1EE22}, {0x1EE24, 0x1EE24}, {0x1EE27, 0x1EE27},
    {0x1EE29, 0x1EE32}, {0x1EE34, 0x1EE37}, {0x1EE39, 0x1EE39}, {0x1EE3B, 0x1EE3B},
    {0x1EE42, 0x1EE42}, {0x1EE47, 0x1EE47}, {0x1EE49, 0x1EE49}, {0x1EE4B, 0x1EE4B},
    {0x1EE4D, 0x1EE4F}, {0x1EE51, 0x1EE52}, {0x1EE54, 0x1EE54}, {0x1EE57, 0x1EE57},
    {0x1EE59, 0x1EE59}, {0x1EE5B, 0x1EE5B}, {0x1EE5D, 0x1EE5D}, {0x1EE5F, 0x1EE5F},
    {0x1EE61, 0x1EE62}, {0x1EE64, 0x1EE64}, {0x1EE67, 0x1EE6A}, {0x1EE6C, 0x1EE72},
    {0x1EE74, 0x1EE77}, {0x1EE79, 0x1EE7C}, {0x1EE7E, 0x1EE7E}, {0x1EE80, 0x1EE89},
    {0x1EE8B, 0x1EE9B}, {0x1EEA1, 0x1EEA3}, {0x1EEA5, 0x1EEA9}, {0x1EEAB, 0x1EEBB},
    {0x1F100, 0x1F10C}, {0x1FBF0, 0x1FBF9}, {0x20000, 0x2A6DF}, {0x2A700, 0x2B738},
    {0x2B740, 0x2B81D}, {0x2B820, 0x2CEA1}, {0x2CEB0, 0x2EBE0}, {0x2F800, 0x2FA1D},
    {0x30000, 0x3134A}
};

static size_t code_at(const char *s, size_t len, size_t i, uint32_t *cp)
{
    unsigned char c = (unsigned char)s[i];
    size_t n = c < 0x80 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
    if (i + n > len)
        n = len - i;
    uint32_t v = n == 1 ? c : n == 2 ? (c & 0x1fu) : n == 3 ? (c & 0x0fu) : (c & 0x07u);
    for (size_t k = 1; k < n; k++)
        v = (v << 6) | ((unsigned char)s[i + k] & 0x3fu);
    *cp = v;
    return n;
}

/* The bytes of a character of [\w-] at s[i] (0: none). */
static size_t word_at(const char *s, size_t len, size_t i)
{
    uint32_t cp;
    if (i >= len)
        return 0;
    size_t n = code_at(s, len, i, &cp);
    if (cp == '-' || cp == '_')
        return n;
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

/* The end of the run of [\w-] from s[i]. */
static size_t word_run(const char *s, size_t len, size_t i)
{
    size_t k;
    while ((k = word_at(s, len, i)) != 0)
        i += k;
    return i;
}

static int has(const char *s, size_t len, size_t i, const char *lit)
{
    size_t n = strlen(lit);
    return i + n <= len && memcmp(s + i, lit, n) == 0;
}

static int no_newline(const char *s, size_t from, size_t to)
{
    return from >= to || memchr(s + from, '\n', to - from) == NULL;
}

static const char OPEN[] = "***** History for hand ";

/* _OPEN: \*{5} History for hand (?P<hid>[\w-]+)(?P<tour> \(TOURNAMENT:.*\))? \*{5}$ */
int stud_site_ongame_header(const char *s, size_t len, stud_hh_span *id, stud_hh_span *rest)
{
    size_t n = sizeof OPEN - 1;
    if (len < n || memcmp(s, OPEN, n) != 0)
        return 0;
    size_t e = word_run(s, len, n);
    if (e == n)
        return 0;
    size_t tl = len - e;
    const char *t = s + e;
    if (!((tl == 6 && memcmp(t, " *****", 6) == 0) ||
          (tl >= 20 && memcmp(t, " (TOURNAMENT:", 13) == 0 && memcmp(t + tl - 7, ") *****", 7) == 0 &&
           no_newline(t, 13, tl - 7))))
        return 0;
    id->start = id->len = 0;  /* (the header's reading names the hand) */
    rest->start = (uint32_t)n;
    rest->len = (uint32_t)(len - n);
    return 1;
}

/* _CLOSE: \*{5} End of hand [\w-]+ \*{5}$ */
static int close_line(const char *s, size_t len)
{
    static const char END[] = "***** End of hand ";
    size_t n = sizeof END - 1;
    if (len < n || memcmp(s, END, n) != 0)
        return 0;
    size_t e = word_run(s, len, n);
    return e > n && len - e == 6 && memcmp(s + e, " *****", 6) == 0;
}

/* ---- amounts ------------------------------------------------------------------------- */

/* The bytes of a currency sign ($, €, £) at s[i] (0: none). */
static size_t sign_at(const char *s, size_t len, size_t i)
{
    if (i < len && s[i] == '$')
        return 1;
    if (i + 2 <= len && (unsigned char)s[i] == 0xc2 && (unsigned char)s[i + 1] == 0xa3)
        return 2;
    if (i + 3 <= len && (unsigned char)s[i] == 0xe2 && (unsigned char)s[i + 1] == 0x82 &&
        (unsigned char)s[i + 2] == 0xac)
        return 3;
    return 0;
}

static size_t digit_at(const char *s, size_t len, size_t i)
{
    int v;
    return i < len ? stud_site_digit_at(s, len, i, &v) : 0;
}

/* The bytes of a character _NUM may hold at s[i] (0: none). */
static size_t num_char(const char *s, size_t len, size_t i)
{
    if (i >= len)
        return 0;
    if (s[i] == '-' || s[i] == ',' || s[i] == '.')
        return 1;
    size_t k = sign_at(s, len, i);
    return k ? k : digit_at(s, len, i);
}

static size_t num_run(const char *s, size_t len, size_t i)
{
    size_t k;
    while ((k = num_char(s, len, i)) != 0)
        i += k;
    return i;
}

/* After _NUM's [$€£]?-? at s[i]. */
static size_t num_lead(const char *s, size_t len, size_t i)
{
    i += sign_at(s, len, i);
    if (i < len && s[i] == '-')
        i++;
    return i;
}

/* The digits from s[i]: their end, *count how many (at most `most`). */
static size_t digits(const char *s, size_t len, size_t i, size_t most, size_t *count)
{
    size_t k, c = 0;
    while (c < most && (k = digit_at(s, len, i)) != 0) {
        i += k;
        c++;
    }
    *count = c;
    return i;
}

/* Whether s[i] is ",ddd": its end, or 0. */
static size_t group_at(const char *s, size_t len, size_t i)
{
    size_t c;
    if (i >= len || s[i] != ',')
        return 0;
    size_t e = digits(s, len, i + 1, 3, &c);
    return c == 3 ? e : 0;
}

/* Whether s[a, b) is all of _NUM: [$€£]?-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)? */
static int num_full(const char *s, size_t a, size_t b)
{
    size_t c, g;
    size_t i = num_lead(s, b, a);
    size_t k = digits(s, b, i, (size_t)-1, &c);
    if (c == 0)
        return 0;
    if (k < b && s[k] == ',') {
        if (c > 3)
            return 0;
        while ((g = group_at(s, b, k)) != 0)
            k = g;
    }
    if (k < b && s[k] == '.') {
        k = digits(s, b, k + 1, (size_t)-1, &c);
        if (c == 0)
            return 0;
    }
    return k == b;
}

typedef int (*num_try)(void *ctx, size_t end);

/* The matches of _NUM at s[i] in the regex's order, each tried by `ok`
 * until one holds: its end, or 0 (none holds). */
static size_t num_each(const char *s, size_t len, size_t i, num_try ok, void *ctx)
{
    size_t c, r, g;
    size_t j = num_lead(s, len, i);
    size_t k = digits(s, len, j, (size_t)-1, &r);
    if (r == 0)
        return 0;
    /* \d{1,3}(?:,\d{3})+: the groups the most first */
    if (r <= 3 && group_at(s, len, k)) {
        /* (the groups' ends walked back from the last: each 4 characters, the
         * digits' bytes told by their lead bytes) */
        size_t n = 0, e = k, at;
        while ((g = group_at(s, len, e)) != 0) {
            e = g;
            n++;
        }
        at = e;
        for (size_t t = n; t-- > 0;) {
            if (t < n - 1) {
                /* back over ",ddd" */
                for (int d = 0; d < 3; d++) {
                    at--;
                    while (((unsigned char)s[at] & 0xc0) == 0x80)
                        at--;
                }
                at--;
            }
            if (t == n - 1 && at < len && s[at] == '.' && digit_at(s, len, at + 1)) {
                size_t f = digits(s, len, at + 1, (size_t)-1, &c);
                /* the fraction's digits the most first */
                size_t p = f;
                while (p > at + 1) {
                    if (ok(ctx, p))
                        return p;
                    p--;
                    while (p > at + 1 && ((unsigned char)s[p] & 0xc0) == 0x80)
                        p--;
                }
            }
            if (ok(ctx, at))
                return at;
        }
    }
    /* \d+ */
    if (k < len && s[k] == '.' && digit_at(s, len, k + 1)) {
        size_t f = digits(s, len, k + 1, (size_t)-1, &c), p = f;
        while (p > k + 1) {
            if (ok(ctx, p))
                return p;
            p--;
            while (p > k + 1 && ((unsigned char)s[p] & 0xc0) == 0x80)
                p--;
        }
    }
    for (size_t p = k; p > j;) {
        if (ok(ctx, p))
            return p;
        p--;
        while (p > j && ((unsigned char)s[p] & 0xc0) == 0x80)
            p--;
    }
    return 0;
}

static int any_end(void *ctx, size_t end)
{
    (void)ctx;
    (void)end;
    return 1;
}

/* _number: the text without its commas, a leading + and its sign, in
 * chips or cents; `signed_` lets it be negative. */
static int og_number(const stud_site_hand *h, const char *t, size_t len, uint32_t line,
                     int signed_, int64_t *out, stud_site_error *err)
{
    char quoted[4096];
    size_t q = 0, i = 0, n = 0;
    char text_buf[4096];
    const char *x;
    /* text.replace(",", "") */
    for (size_t k = 0; k < len && n < sizeof text_buf; k++)
        if (t[k] != ',')
            text_buf[n++] = t[k];
    x = text_buf;
    while (i < n && x[i] == '+')
        i++;
    int negative = i < n && x[i] == '-';
    while (i < n && x[i] == '-')
        i++;
    for (;;) {
        size_t k = sign_at(x, n, i);
        if (!k)
            break;
        i += k;
    }
    while (i < n && x[i] == '-')
        i++;
    quoted[q++] = '\'';
    for (size_t k = i; k < n && q < sizeof quoted - 2; k++)
        quoted[q++] = x[k];
    quoted[q++] = '\'';
    quoted[q] = 0;
    if (negative && !signed_)
        return stud_site_fail(err, h, line, "%s is not an amount", quoted);
    /* amount_of */
    size_t dot = i;
    while (dot < n && x[dot] != '.')
        dot++;
    int64_t whole = 0, cents = 0;
    size_t wd = 0;
    for (size_t k = i; k < dot;) {
        int v;
        size_t d = stud_site_digit_at(x, dot, k, &v);
        if (!d)
            return stud_site_fail(err, h, line, "%s is not an amount", quoted);
        whole = whole * 10 + v;
        if (whole > ((int64_t)1 << 40))
            whole = (int64_t)1 << 40;
        k += d;
        wd++;
    }
    if (wd == 0)
        return stud_site_fail(err, h, line, "%s is not an amount", quoted);
    int not_zero = 0, late = 0;
    size_t fc = 0;
    if (dot < n) {
        for (size_t k = dot + 1; k < n;) {
            int v;
            size_t d = stud_site_digit_at(x, n, k, &v);
            if (!d)
                return stud_site_fail(err, h, line, "%s is not an amount", quoted);
            if (x[k] != '0')
                not_zero = 1;
            if (fc >= 2 && x[k] != '0')
                late = 1;
            if (fc < 2)
                cents += (fc == 0 ? 10 : 1) * v;
            fc++;
            k += d;
        }
    }
    int64_t value;
    if (!h->game.cents) {
        if (not_zero)
            return stud_site_fail(err, h, line, "%s: chips are whole", quoted);
        value = whole;
    } else {
        if (late)
            return stud_site_fail(err, h, line, "%s is not a whole number of cents", quoted);
        value = whole * 100 + cents;
    }
    if (value >= ((int64_t)1 << 31))
        return stud_site_fail(err, h, line, "%s: an amount is at most 2**31 - 1 chips", quoted);
    *out = negative ? -value : value;
    return 0;
}

static int og_number_span(const stud_lines_hand *L, stud_hh_span text, uint32_t line,
                          int64_t *out, stud_site_error *err)
{
    return og_number(L->h, L->h->buf + text.start, text.len, line, 0, out, err);
}

static size_t skip_space(const char *s, size_t len, size_t i)
{
    size_t k;
    while (i < len && (k = stud_site_space_at(s, len, i)) != 0)
        i += k;
    return i;
}

/* _AMOUNT: \s*\(?(?P<num>NUM)\)? (a prefix) */
static int amount_pattern(const char *buf, stud_hh_span text, stud_hh_span *num)
{
    const char *s = buf + text.start;
    size_t len = text.len, i = skip_space(s, len, 0), e;
    if (i < len && s[i] == '(' && (e = num_each(s, len, i + 1, any_end, NULL)) != 0)
        i++;
    else if ((e = num_each(s, len, i, any_end, NULL)) == 0)
        return 0;
    num->start = text.start + (uint32_t)i;
    num->len = (uint32_t)(e - i);
    return 1;
}

/* _RAISE_TO: .*? to (?P<num>NUM) (a prefix) */
static int raise_to_text(const char *s, size_t len, size_t *from, size_t *to)
{
    for (size_t p = 0; p + 4 <= len; p++) {
        if (s[p] == '\n')
            return 0;
        if (memcmp(s + p, " to ", 4) != 0)
            continue;
        size_t e = num_each(s, len, p + 4, any_end, NULL);
        if (e) {
            *from = p + 4;
            *to = e;
            return 1;
        }
    }
    return 0;
}

static int raise_to_pattern(const char *buf, stud_hh_span text, stud_hh_span *num)
{
    size_t a, e;
    if (!raise_to_text(buf + text.start, text.len, &a, &e))
        return 0;
    num->start = text.start + (uint32_t)a;
    num->len = (uint32_t)(e - a);
    return 1;
}

/* ---- lines --------------------------------------------------------------------------- */

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

static const char RANKS[] = "23456789TJQKA";

/* read_card: the card of a token ("As", "10h"), or -1. */
static int read_card(const char *w, size_t n)
{
    int r, su;
    char rank, suit;
    if (n >= 2 && w[0] == '1' && w[1] == '0') {
        if (n != 3)
            return -1;
        rank = 'T';
        suit = w[2];
    } else {
        if (n != 2)
            return -1;
        rank = w[0];
        suit = w[1];
    }
    if (rank >= 'a' && rank <= 'z')
        rank = (char)(rank - 'a' + 'A');
    const char *at = rank ? strchr(RANKS, rank) : NULL;
    r = at ? (int)(at - RANKS) : -1;
    switch (suit) {
    case 'c': case 'C': su = 0; break;
    case 'd': case 'D': su = 1; break;
    case 'h': case 'H': su = 2; break;
    case 's': case 'S': su = 3; break;
    default: su = -1;
    }
    return r >= 0 && su >= 0 ? 4 * r + su : -1;
}

/* _cards: the cards of `text`, commas and whitespace between them. */
static int og_cards(const char *buf, stud_hh_span text, uint32_t line, uint8_t *cards, int *n,
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
} STREETS[] = {{"Dealing pocket cards", 3}, {"--- Dealing 4th street", 4},
               {"--- Dealing 5th street", 5}, {"--- Dealing 6th street", 6},
               {"--- Dealing river", 7}, {"--- Dealing 7th street", 7}};

enum { K_ANTE = 100, K_SHOW, K_MUCK };

static const char *const VERBS[] = {"posts ante", "small bring in", "big bring in", "bets",
                                    "raises", "calls", "checks", "folds", "shows", "mucks",
                                    "doesn't show"};
static const int KINDS[] = {K_ANTE, STUD_LINES_BRING_IN, STUD_LINES_COMPLETE, STUD_LINES_BET,
                            STUD_LINES_RAISE, STUD_LINES_CALL, STUD_LINES_CHECK, STUD_LINES_FOLD,
                            K_SHOW, K_MUCK, K_MUCK};
#define N_VERBS ((int)(sizeof VERBS / sizeof VERBS[0]))

/* _NOISE: a line that says nothing of the hand. */
static const char *const NOISE[] = {" sits out", " is sitting out", " has joined the table",
                                    " has left the table", " is disconnected", " is reconnected",
                                    " timed out"};
static const char *const NOISE_START[] = {"User: ", "Button: ", "Start hand: ",
                                          "Players in round: "};

static int noise(const line_t *l)
{
    if (memchr(l->s, '\n', l->len))
        return 0;  /* (.+ before, .*$ after: no \n) */
    for (size_t k = 0; k < sizeof NOISE / sizeof NOISE[0]; k++) {
        size_t n = strlen(NOISE[k]);
        for (size_t p = 1; p + n <= l->len; p++)
            if (l->s[p] == ' ' && memcmp(l->s + p, NOISE[k], n) == 0)
                return 1;
    }
    for (size_t k = 0; k < sizeof NOISE_START / sizeof NOISE_START[0]; k++)
        if (has(l->s, l->len, 0, NOISE_START[k]))
            return 1;
    return 0;
}

typedef struct {
    stud_lines_hand L;
    int summary, closed, pot_lines;
    int64_t pots, rake;
    uint32_t summary_line, table_line;
    uint8_t showed[STUD_SITE_MAX_PLAYERS];
    int n_nets;
    int net_order[STUD_SITE_MAX_PLAYERS];
    uint8_t has_net[STUD_SITE_MAX_PLAYERS];
    int64_t net[STUD_SITE_MAX_PLAYERS];
    uint32_t net_line[STUD_SITE_MAX_PLAYERS];
} og_hand;

/* _Hand.show.  (A show of more than 7 cards is an error here, as in
 * Winamax's reader: a step holds 7 cards; ongame.py made a record of it,
 * which no replay takes.) */
static int show(og_hand *o, int player, stud_hh_span text, uint32_t line, stud_site_error *err)
{
    stud_lines_hand *L = &o->L;
    stud_site_hand *h = L->h;
    uint8_t cards[STUD_LINES_MAX_CARDS];
    int n;
    if (og_cards(h->buf, text, line, cards, &n, err))
        return -1;
    if (h->seat_of[player] < 0)
        return stud_site_fail(err, h, line, "%N shows but is not in the hand", player);
    if (stud_lines_note(L, cards, n, player, line, err))
        return -1;
    if (!o->showed[player] && n) {
        o->showed[player] = 1;
        return stud_lines_step_showed(L, line, h->seat_of[player], player, cards, n, -1, err);
    }
    return 0;
}

/* _SHARE: \s*(?P<name>.+?) \((?P<num>NUM)(?: (?P<half>High|Low))?\)$ on s[0, len): the
 * name's and the number's ends. */
static int share_at(const char *s, size_t len, size_t q)
{
    if (!(q + 1 < len && s[q] == ' ' && s[q + 1] == '('))
        return 0;
    size_t e = num_run(s, len, q + 2);
    if (!num_full(s, q + 2, e))
        return 0;
    size_t t = len - e;
    return (t == 1 && s[e] == ')') || (t == 6 && memcmp(s + e, " High)", 6) == 0) ||
           (t == 5 && memcmp(s + e, " Low)", 5) == 0);
}

static int share_pattern(const char *s, size_t len, size_t *name_from, size_t *name_to,
                         size_t *num_to)
{
    size_t w = skip_space(s, len, 0);
    if (memchr(s, '\n', len))
        return 0;  /* (a share is of .* : no \n) */
    for (size_t q = w + 1; q < len; q++) {
        if (share_at(s, len, q)) {
            *name_from = w;
            *name_to = q;
            *num_to = num_run(s, len, q + 2);
            return 1;
        }
    }
    /* \s* giving back: a name of the whitespace character before " (" */
    if (w >= 2 && s[w - 1] == ' ' && share_at(s, len, w - 1)) {
        size_t b = w - 2;
        while (b > 0 && ((unsigned char)s[b] & 0xc0) == 0x80)
            b--;
        *name_from = b;
        *name_to = w - 1;
        *num_to = num_run(s, len, w + 1);
        return 1;
    }
    return 0;
}

static int pot_line(og_hand *o, uint32_t number, const line_t *l, int *matched,
                    stud_site_error *err)
{
    stud_lines_hand *L = &o->L;
    stud_site_hand *h = L->h;
    const char *s = l->s;
    size_t len = l->len, i, c;
    *matched = 0;
    if (has(s, len, 0, "Main pot: ")) {
        i = 10;
    } else if (has(s, len, 0, "Side pot")) {
        i = 8;
        if (i < len && s[i] == ' ') {
            size_t e = digits(s, len, i + 1, (size_t)-1, &c);
            if (c)
                i = e;
        }
        if (!has(s, len, i, ": "))
            return 0;
        i += 2;
    } else {
        return 0;
    }
    size_t e = num_run(s, len, i);
    if (!has(s, len, e, " won by ") || !num_full(s, i, e) || !no_newline(s, e + 8, len))
        return 0;
    *matched = 1;
    int64_t pot;
    if (og_number(h, s + i, e - i, number, 0, &pot, err))
        return -1;
    o->pots += pot;
    o->pot_lines++;
    size_t from = e + 8;
    for (;;) {
        size_t to = from;
        while (to < len && !(to + 1 < len && s[to] == ',' && s[to + 1] == ' '))
            to++;
        if (to + 1 >= len)
            to = len;
        size_t na, nb, ne;
        stud_hh_span part = sub(l, from, to);
        int player = -1;
        if (share_pattern(s + from, to - from, &na, &nb, &ne))
            player = stud_site_find(h, s + from + na, nb - na);
        if (player < 0)
            return stud_site_fail(err, h, number, "a share that does not read: %R", part);
        int64_t got;
        if (og_number(h, s + from + nb + 2, ne - nb - 2, number, 0, &got, err))
            return -1;
        stud_lines_collect(L, player, got);
        if (to == len)
            break;
        from = to + 2;
    }
    return 0;
}

/* The rest of a summary's seat line after its stack, from `e`:
 * (?:, net: (?P<net>[-+]?NUM))?(?:, \[(?P<cards>[^\]]*)\])?.*$ */
typedef struct {
    const char *s;
    size_t len;
    size_t cards_from, cards_to;
    int has_cards;
} seat_rest;

static int cards_then_end(void *ctx, size_t at)
{
    seat_rest *r = ctx;
    const char *s = r->s;
    size_t len = r->len;
    if (has(s, len, at, ", [")) {
        const char *close = memchr(s + at + 3, ']', len - at - 3);
        if (close && no_newline(s, (size_t)(close - s) + 1, len)) {
            r->has_cards = 1;
            r->cards_from = at + 3;
            r->cards_to = (size_t)(close - s);
            return 1;
        }
    }
    r->has_cards = 0;
    return no_newline(s, at, len);
}

static int summary_seat(og_hand *o, uint32_t number, const line_t *l, int *matched,
                        stud_site_error *err)
{
    stud_lines_hand *L = &o->L;
    stud_site_hand *h = L->h;
    const char *s = l->s;
    size_t len = l->len, c;
    *matched = 0;
    if (!has(s, len, 0, "Seat "))
        return 0;
    size_t i = digits(s, len, 5, (size_t)-1, &c);
    if (!c || !has(s, len, i, ": "))
        return 0;
    size_t name_at = i + 2;
    for (size_t q = name_at + 1; q + 1 < len && s[q - 1] != '\n'; q++) {
        if (s[q] != ' ' || s[q + 1] != '(')
            continue;
        size_t e = num_run(s, len, q + 2);
        if (e >= len || s[e] != ')' || !num_full(s, q + 2, e))
            continue;
        seat_rest r = {s, len, 0, 0, 0};
        size_t after = e + 1, net_from = 0, net_to = 0;
        int found = 0;
        if (has(s, len, after, ", net: ")) {
            net_from = after + 7;
            size_t k = net_from < len && (s[net_from] == '-' || s[net_from] == '+')
                           ? net_from + 1 : net_from;
            net_to = num_each(s, len, k, cards_then_end, &r);
            found = net_to != 0;
        }
        if (!found && !cards_then_end(&r, after))
            continue;
        *matched = 1;
        int player = stud_site_find(h, s + name_at, q - name_at);
        if (player < 0) {
            *matched = 0;
            return 0;
        }
        if (found) {
            int64_t net;
            if (og_number(h, s + net_from, net_to - net_from, number, 1, &net, err))
                return -1;
            if (!o->has_net[player]) {
                o->has_net[player] = 1;
                o->net_order[o->n_nets++] = player;
            }
            o->net[player] = net;
            o->net_line[player] = number;
        }
        if (r.has_cards && r.cards_to > r.cards_from)
            return show(o, player, sub(l, r.cards_from, r.cards_to), number, err);
        return 0;
    }
    return 0;
}

/* _SEAT: Seat (?P<num>\d+): (?P<name>.+) \((?P<stack>[$€£]?[\d.,]+)\)$ */
static int seat_pattern(const line_t *l, stud_hh_span *num, stud_hh_span *name,
                        stud_hh_span *stack)
{
    const char *s = l->s;
    size_t len = l->len, c;
    if (!has(s, len, 0, "Seat "))
        return 0;
    size_t i = digits(s, len, 5, (size_t)-1, &c);
    if (!c || !has(s, len, i, ": ") || s[len - 1] != ')')
        return 0;
    size_t name_at = i + 2;
    const char *nl = memchr(s + name_at, '\n', len - name_at);
    size_t dots = nl ? (size_t)(nl - s) : len;
    for (size_t p = len; p-- > name_at + 1;) {
        if (p > dots)
            continue;
        if (s[p] != ' ' || p + 1 >= len || s[p + 1] != '(')
            continue;
        size_t from = p + 2, e = from + sign_at(s, len, from), k;
        size_t body = e;
        while ((k = (e < len && (s[e] == '.' || s[e] == ',')) ? 1 : digit_at(s, len, e)) != 0)
            e += k;
        if (e == body || e != len - 1)
            continue;
        *num = sub(l, 5, i);
        *name = sub(l, name_at, p);
        *stack = sub(l, from, e);
        return 1;
    }
    return 0;
}

/* _DEALT: (?:Dealing to|New hand for) (?P<name>.+?): \[(?P<cards>[^\]]*)\]$ */
static int dealt_pattern(const line_t *l, stud_hh_span *name, stud_hh_span *cards)
{
    const char *s = l->s;
    size_t len = l->len, at;
    if (has(s, len, 0, "Dealing to "))
        at = 11;
    else if (has(s, len, 0, "New hand for "))
        at = 13;
    else
        return 0;
    for (size_t q = at + 1; q + 3 <= len && s[q - 1] != '\n'; q++) {
        if (memcmp(s + q, ": [", 3) != 0)
            continue;
        const char *close = memchr(s + q + 3, ']', len - q - 3);
        if (close && (size_t)(close - s) == len - 1) {
            *name = sub(l, at, q);
            *cards = sub(l, q + 3, len - 1);
            return 1;
        }
    }
    return 0;
}

/* _SHOWN: \s*\[(?P<cards>[^\]]*)\] (a prefix of the rest) */
static int shown_pattern(const char *buf, stud_hh_span rest, stud_hh_span *cards)
{
    const char *s = buf + rest.start;
    size_t len = rest.len, i = skip_space(s, len, 0);
    if (i >= len || s[i] != '[')
        return 0;
    const char *close = memchr(s + i + 1, ']', len - i - 1);
    if (!close)
        return 0;
    cards->start = rest.start + (uint32_t)(i + 1);
    cards->len = (uint32_t)((size_t)(close - s) - i - 1);
    return 1;
}

static int contains(const char *s, size_t len, const char *lit)
{
    size_t n = strlen(lit);
    for (size_t p = 0; p + n <= len; p++)
        if (memcmp(s + p, lit, n) == 0)
            return 1;
    return 0;
}

/* s[0, len) with every `lit` taken out (str.replace(lit, "")), in place: the bytes left. */
static size_t take_out(char *s, size_t len, const char *lit)
{
    size_t n = strlen(lit), to = 0;
    for (size_t p = 0; p < len;) {
        if (p + n <= len && memcmp(s + p, lit, n) == 0) {
            p += n;
            continue;
        }
        s[to++] = s[p++];
    }
    return to;
}

/* rest.replace("[all in]", "").replace("and is all-in", "").rstrip(), into s: the bytes. */
static size_t cleaned_rest(char *s, size_t len)
{
    len = take_out(s, len, "[all in]");
    len = take_out(s, len, "and is all-in");
    size_t a = 0, e = len;
    stud_site_strip(s, &a, &e);
    return a == e ? 0 : e;
}

static int raise_line(og_hand *o, uint32_t number, int player, stud_hh_span rest,
                      stud_hh_span text, stud_site_error *err)
{
    stud_lines_hand *L = &o->L;
    stud_site_hand *h = L->h;
    int seat;
    if (stud_lines_acting(L, number, player, &seat, err))
        return -1;
    char small[512], *copy = rest.len <= sizeof small ? small : malloc(rest.len);
    if (!copy)
        return stud_site_fail(err, h, number, "out of memory");
    memcpy(copy, h->buf + rest.start, rest.len);
    size_t n = cleaned_rest(copy, rest.len), a, e;
    int64_t to;
    int failed;
    if (!raise_to_text(copy, n, &a, &e))
        failed = stud_site_fail(err, h, number, "a raise with no 'to' amount: %R", text);
    else
        failed = og_number(h, copy + a, e - a, number, 0, &to, err);
    if (copy != small)
        free(copy);
    if (failed)
        return -1;
    return stud_lines_bet_to(L, number, seat, player, STUD_HH_RAISE, to, err);
}

static int dealt_line(og_hand *o, uint32_t number, stud_hh_span name, stud_hh_span text,
                      stud_site_error *err)
{
    stud_lines_hand *L = &o->L;
    stud_site_hand *h = L->h;
    uint8_t cards[STUD_LINES_MAX_CARDS], padded[3];
    int n;
    int player = stud_site_find(h, h->buf + name.start, name.len);
    if (player < 0 || !L->deal_pending)
        return stud_site_fail(err, h, number, "cards dealt to %T out of place", name);
    if (og_cards(h->buf, text, number, cards, &n, err) ||
        stud_lines_note(L, cards, n, player, number, err))
        return -1;
    int count = L->street == 3 ? 3 : 1;
    if (n < 1 || n > count)
        return stud_site_fail(err, h, number, "%d cards for %T on street %d", (int64_t)n, name,
                              (int64_t)L->street);
    if (L->street == 3) {
        L->dealt_in[player] = 1;
        if (n == 3)
            L->hero = player;
    }
    for (int c = 0; c < count - n; c++)
        padded[c] = STUD_HH_UNKNOWN;
    memcpy(padded + (count - n), cards, (size_t)n);
    stud_lines_dealt(L, player, padded, count);
    return 0;
}

static int hand_line(og_hand *o, uint32_t number, const line_t *l, stud_site_error *err)
{
    stud_lines_hand *L = &o->L;
    stud_site_hand *h = L->h;
    const char *s = l->s;
    size_t len = l->len;
    if (len == 3 && memcmp(s, "---", 3) == 0)
        return 0;
    if (close_line(s, len)) {
        o->closed = 1;
        return 0;
    }
    if (len == 8 && memcmp(s, "Summary:", 8) == 0) {
        if (stud_lines_flush_deal(L, number, err))
            return -1;
        o->summary = 1;
        o->summary_line = number;
        return 0;
    }
    if (o->summary) {
        int matched;
        if (pot_line(o, number, l, &matched, err))
            return -1;
        if (matched)
            return 0;
        if (has(s, len, 0, "Rake taken: ") && num_full(s, 12, len)) {
            int64_t rake;
            if (og_number(h, s + 12, len - 12, number, 0, &rake, err))
                return -1;
            o->rake += rake;
            return 0;
        }
        if (summary_seat(o, number, l, &matched, err))
            return -1;
        if (matched)
            return 0;
        return stud_site_fail(err, h, number, "a summary line that does not read: %R",
                              sub(l, 0, len));
    }
    for (size_t k = 0; k < sizeof STREETS / sizeof STREETS[0]; k++)
        if (strlen(STREETS[k].label) == len && memcmp(s, STREETS[k].label, len) == 0)
            return stud_lines_new_street(L, number, sub(l, 0, len), STREETS[k].street, err);
    if (L->street == 0) {
        stud_hh_span num, name, stack;
        if (seat_pattern(l, &num, &name, &stack))
            return stud_lines_seat(L, number, num, name, stack, err);
    }
    stud_hh_span name, cards;
    if (dealt_pattern(l, &name, &cards))
        return dealt_line(o, number, name, cards, err);
    int verb;
    stud_hh_span rest;
    int player = stud_lines_action(L, sub(l, 0, len), VERBS, N_VERBS, &verb, &rest);
    if (player < 0) {
        if (noise(l))
            return 0;
        return stud_site_fail(err, h, number, "a line that does not read: %R", sub(l, 0, len));
    }
    int kind = KINDS[verb];
    const char *r = h->buf + rest.start;
    int all_in = contains(r, rest.len, "[all in]") || contains(r, rest.len, "and is all-in");
    if (kind != STUD_LINES_RAISE)  /* (the line no longer quoted: its rest cleaned in place) */
        rest.len = (uint32_t)cleaned_rest((char *)r, rest.len);
    if (kind == K_ANTE)
        return stud_lines_post_ante(L, number, player, rest, amount_pattern, err);
    if (stud_lines_flush_deal(L, number, err))
        return -1;
    if (h->seat_of[player] < 0)
        return stud_site_fail(err, h, number, "%N is not in the hand", player);
    if (kind == K_SHOW || kind == K_MUCK) {
        stud_hh_span shown;
        if (kind == K_SHOW && shown_pattern(h->buf, rest, &shown))
            return show(o, player, shown, number, err);
        return 0;
    }
    if (kind == STUD_LINES_RAISE)
        return raise_line(o, number, player, rest, sub(l, 0, len), err);
    return stud_lines_decision(L, number, player, kind, rest, all_in, sub(l, 0, len),
                               raise_to_pattern, amount_pattern, err);
}

int stud_site_ongame_read(const stud_site_lines *lines, uint32_t first, uint32_t count,
                          const stud_site_game *game, stud_site_hand *h, stud_site_error *err)
{
    og_hand o;
    stud_lines_hand *L = &o.L;
    uint32_t head = lines->number[first];
    stud_lines_init(L, h, lines->buf, game, head, og_number_span);
    o.summary = o.closed = o.pot_lines = 0;
    o.pots = o.rake = 0;
    o.summary_line = head;
    o.table_line = head;
    o.n_nets = 0;
    memset(o.showed, 0, sizeof o.showed);
    memset(o.has_net, 0, sizeof o.has_net);
    uint32_t table_at = first + count;
    for (uint32_t k = first; k < first + count; k++)
        if (lines->end[k] - lines->start[k] >= 7 &&
            memcmp(lines->buf + lines->start[k], "Table: ", 7) == 0) {
            table_at = k;
            o.table_line = lines->number[k];
            break;
        }
    for (uint32_t k = first + 1; k < first + count; k++) {
        if (k == table_at)
            continue;
        line_t l = {lines->buf + lines->start[k], lines->end[k] - lines->start[k],
                    lines->start[k]};
        if (hand_line(&o, lines->number[k], &l, err))
            return STUD_HH_ERROR;
    }
    uint32_t last = lines->number[first + count - 1];
    if (!o.summary || !o.pot_lines || !o.closed) {
        stud_site_fail(err, h, last, "the hand ends before its summary and end line (cut short?)");
        return STUD_HH_ERROR;
    }
    if (h->n_order == 0) {
        stud_site_fail(err, h, last, "nobody was dealt in");
        return STUD_HH_ERROR;
    }
    int64_t ante = 0, put = 0, got = 0, uncalled;
    for (int a = 0; a < L->n_antes; a++)
        if (a == 0 || L->ante_paid[a] > ante)
            ante = L->ante_paid[a];
    if (game->ante >= 0 && ante && ante != game->ante) {
        stud_site_fail(err, h, o.table_line, "the antes posted (%d) are not the table's (%d)",
                       ante, game->ante);
        return STUD_HH_ERROR;
    }
    int top;
    if (stud_lines_check_antes(L, &ante, err) || stud_lines_check_stacks(L, last, err))
        return STUD_HH_ERROR;
    for (int p = 0; p < h->n_players; p++) {
        put += h->put_in[p];
        got += h->collected[p];
    }
    stud_lines_uncalled(L, &top, &uncalled);
    if (o.pots != put - uncalled) {
        stud_site_fail(err, h, o.summary_line,
                       "the pots (%d) are not what was put in less the uncalled bet (%d)", o.pots,
                       put - uncalled);
        return STUD_HH_ERROR;
    }
    if (got + o.rake != o.pots) {
        stud_site_fail(err, h, o.summary_line,
                       "the shares (%d) and the rake (%d) do not make the pots (%d)", got, o.rake,
                       o.pots);
        return STUD_HH_ERROR;
    }
    for (int k = 0; k < o.n_nets; k++) {
        int p = o.net_order[k];
        int64_t paid = h->put_in[p] - (p == top ? uncalled : 0);
        if (o.net[p] != h->collected[p] - paid) {
            stud_site_fail(err, h, o.net_line[p],
                           "%N's net %d is not what he won less what he put in (%d)", p, o.net[p],
                           h->collected[p] - paid);
            return STUD_HH_ERROR;
        }
    }
    stud_lines_finish(L, game->ante >= 0 ? game->ante : ante, o.rake);
    return STUD_HH_READ;
}
