/* SPDX-License-Identifier: MIT */
#include "utf8.h"

int tt_utf8_decode(const char *text, size_t n, uint32_t *code_point)
{
    const unsigned char *s = (const unsigned char *)text;
    if (n == 0) return 0;
    unsigned c = s[0];
    if (c < 0x80) { *code_point = c; return 1; }
    int len;
    uint32_t cp, min;
    if (c >= 0xC2 && c <= 0xDF) { len = 2; cp = c & 0x1Fu; min = 0x80; }
    else if (c >= 0xE0 && c <= 0xEF) { len = 3; cp = c & 0x0Fu; min = 0x800; }
    else if (c >= 0xF0 && c <= 0xF4) { len = 4; cp = c & 0x07u; min = 0x10000; }
    else return 0;   /* a continuation byte, C0/C1 (always overlong) or F5..FF */
    if ((size_t)len > n) return 0;
    for (int i = 1; i < len; i++) {
        if ((s[i] & 0xC0u) != 0x80u) return 0;
        cp = (cp << 6) | (s[i] & 0x3Fu);
    }
    if (cp < min || cp > 0x10FFFFu || (cp >= 0xD800u && cp <= 0xDFFFu)) return 0;
    *code_point = cp;
    return len;
}
