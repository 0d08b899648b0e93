/* SPDX-License-Identifier: MIT */
/* UTF-8 for the tool: the one decoder that the lexer (which rejects invalid
 * text in strings), the JSON writer and the XML writer (which must never emit
 * invalid UTF-8, whatever the scene's path) share. */
#ifndef TT_UTF8_H
#define TT_UTF8_H

#include <stddef.h>
#include <stdint.h>

/* Decodes the sequence at s (n bytes available). Returns its length (1-4)
 * and the code point, or 0 when it is not well-formed UTF-8 (a stray
 * continuation byte, a truncated or overlong sequence, a surrogate, or a code
 * point beyond U+10FFFF). n == 0 returns 0. */
int tt_utf8_decode(const char *s, size_t n, uint32_t *code_point);

/* The code point U+FFFD written in place of every byte that does not decode. */
#define TT_UTF8_REPLACEMENT "\xEF\xBF\xBD"

#endif
