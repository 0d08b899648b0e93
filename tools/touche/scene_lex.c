/* SPDX-License-Identifier: MIT */
#include "scene_lex.h"

#include "utf8.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void tt_lexer_init(tt_lexer *lx, const char *src, size_t size)
{
    memset(lx, 0, sizeof *lx);
    lx->src = src;
    lx->size = size;
    lx->line = 1;
    lx->at_line_start = true;
}

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }
static bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
static bool is_digit(char c) { return c >= '0' && c <= '9'; }
static bool is_word_char(char c) { return is_alpha(c) || is_digit(c) || c == '.' || c == '-'; }
/* Bytes that may follow a token directly. */
static bool is_delimiter(const tt_lexer *lx, size_t pos)
{
    if (pos >= lx->size) return true;
    char c = lx->src[pos];
    return is_space(c) || c == '\n' || c == '#';
}

static tt_loc loc_at(const tt_lexer *lx, size_t pos)
{
    tt_loc l;
    l.line = lx->line;
    l.column = (int)(pos - lx->line_start) + 1;
    return l;
}

static void skip_to_newline(tt_lexer *lx)
{
    while (lx->pos < lx->size && lx->src[lx->pos] != '\n') lx->pos++;
}

static tt_token make(tt_lexer *lx, tt_tok_kind kind, size_t start)
{
    tt_token t;
    memset(&t, 0, sizeof t);
    t.kind = kind;
    t.loc = loc_at(lx, start);
    t.text = lx->src + start;
    t.length = (int)(lx->pos - start);
    return t;
}

/* A malformed token: swallow the rest of it so one mistake is one message. */
static tt_token bad(tt_lexer *lx, size_t start, const char *problem)
{
    while (!is_delimiter(lx, lx->pos)) lx->pos++;
    if (lx->pos == start) lx->pos++;
    tt_token t = make(lx, TT_TOK_BAD, start);
    t.problem = problem;
    return t;
}

static tt_token lex_number(tt_lexer *lx)
{
    size_t start = lx->pos, p = lx->pos;
    int digits = 0;
    if (p < lx->size && (lx->src[p] == '+' || lx->src[p] == '-')) p++;
    while (p < lx->size && is_digit(lx->src[p])) { p++; digits++; }
    if (p < lx->size && lx->src[p] == '.') {
        p++;
        while (p < lx->size && is_digit(lx->src[p])) { p++; digits++; }
    }
    if (digits == 0) { lx->pos = p; return bad(lx, start, "malformed number"); }
    if (p < lx->size && (lx->src[p] == 'e' || lx->src[p] == 'E')) {
        p++;
        if (p < lx->size && (lx->src[p] == '+' || lx->src[p] == '-')) p++;
        int exp_digits = 0;
        while (p < lx->size && is_digit(lx->src[p])) { p++; exp_digits++; }
        if (exp_digits == 0) { lx->pos = p; return bad(lx, start, "malformed number"); }
    }
    lx->pos = p;
    if (!is_delimiter(lx, p)) return bad(lx, start, "malformed number");
    tt_token t = make(lx, TT_TOK_NUMBER, start);
    (void)tt_decimal_parse(t.text, (size_t)t.length, &t.number); /* its shape is checked above */
    return t;
}

bool tt_decimal_parse(const char *text, size_t length, double *out)
{
    char buf[128];
    if (length >= sizeof buf) {
        /* So many digits is no number a person meant; call it out of range. */
        *out = 1e300;
        return true;
    }
    /* strtod raises the overflow exception on "1e999": estimate the decimal
     * magnitude first (the first non-zero digit's place plus the exponent)
     * and call anything far beyond the limit out of range without it. */
    long place = 0, exponent = 0;
    bool seen_nonzero = false, fraction = false, in_exponent = false;
    for (size_t i = 0; i < length; i++) {
        char c = text[i];
        if (c == 'e' || c == 'E') { in_exponent = true; continue; }
        if (c == '.') { fraction = true; continue; }
        if (!is_digit(c)) continue;
        if (in_exponent) {
            if (exponent < 100000) exponent = exponent * 10 + (c - '0');
        } else if (!seen_nonzero && c != '0') {
            seen_nonzero = true;
            if (fraction) place--;
        } else if (!seen_nonzero && fraction) {
            place--;
        } else if (seen_nonzero && !fraction) {
            place++;
        }
    }
    const char *e = memchr(text, 'e', length);
    if (!e) e = memchr(text, 'E', length);
    if (e && e + 1 < text + length && e[1] == '-') exponent = -exponent;
    if (seen_nonzero && place + exponent > 300) {
        *out = 1e300;
        return true;
    }
    memcpy(buf, text, length);
    buf[length] = '\0';
    char *end = NULL;
    *out = strtod(buf, &end);
    return end == buf + length;
}

static tt_token lex_string(tt_lexer *lx)
{
    size_t start = lx->pos;
    lx->pos++;
    while (lx->pos < lx->size) {
        unsigned char c = (unsigned char)lx->src[lx->pos];
        if (c == '"') {
            lx->pos++;
            return make(lx, TT_TOK_STRING, start);
        }
        if (c == '\n') break;
        if (c < 0x20 && c != '\t') { lx->pos++; return bad(lx, start, "control character in string"); }
        if (c >= 0x80) {
            /* The title goes into JSON and XML, which must stay valid UTF-8:
             * say where the first byte that does not decode is. */
            uint32_t cp;
            int len = tt_utf8_decode(lx->src + lx->pos, lx->size - lx->pos, &cp);
            if (len == 0) {
                size_t at = lx->pos;
                tt_token t = bad(lx, start, "invalid UTF-8 in a string");
                t.loc = loc_at(lx, at);
                return t;
            }
            lx->pos += (size_t)len;
            continue;
        }
        if (c == '\\' && lx->pos + 1 < lx->size && lx->src[lx->pos + 1] != '\n' &&
            (unsigned char)lx->src[lx->pos + 1] < 0x80)
            lx->pos++;
        lx->pos++;
    }
    tt_token t = make(lx, TT_TOK_BAD, start);
    t.problem = "unterminated string (a string ends with \" on the same line)";
    return t;
}

tt_token tt_lexer_next(tt_lexer *lx)
{
    for (;;) {
        if (lx->pos >= lx->size) {
            tt_token t;
            memset(&t, 0, sizeof t);
            t.loc = loc_at(lx, lx->pos);
            t.text = lx->src + lx->size;
            if (lx->statement_open) {
                lx->statement_open = false;
                t.kind = TT_TOK_END;
            } else {
                t.kind = TT_TOK_EOF;
            }
            return t;
        }
        char c = lx->src[lx->pos];
        if (lx->at_line_start) {
            lx->at_line_start = false;
            size_t p = lx->pos;
            while (p < lx->size && is_space(lx->src[p])) p++;
            if (p >= lx->size || lx->src[p] == '\n' || lx->src[p] == '#') {
                /* Blank or comment-only lines neither end nor continue a statement. */
                lx->pos = p;
                skip_to_newline(lx);
                continue;
            }
            if (lx->statement_open) {
                /* A new line with content ends the statement; the parser decides
                 * whether the line continues it (it starts with a property). */
                lx->statement_open = false;
                tt_token t = make(lx, TT_TOK_END, p);
                t.length = 0;
                lx->pos = p;
                return t;
            }
            lx->pos = p;
            continue;
        }
        if (c == '\n') {
            lx->pos++;
            lx->line++;
            lx->line_start = lx->pos;
            lx->at_line_start = true;
            continue;
        }
        if (is_space(c)) { lx->pos++; continue; }
        if (c == '#') { skip_to_newline(lx); continue; }

        lx->statement_open = true;
        size_t start = lx->pos;
        if (is_alpha(c)) {
            while (lx->pos < lx->size && is_word_char(lx->src[lx->pos])) lx->pos++;
            if (!is_delimiter(lx, lx->pos)) return bad(lx, start, "unexpected character in a name");
            return make(lx, TT_TOK_WORD, start);
        }
        if (is_digit(c) || c == '+' || c == '-' || c == '.') return lex_number(lx);
        if (c == '"') return lex_string(lx);
        lx->pos++;
        tt_token t = make(lx, TT_TOK_BAD, start);
        t.problem = "unexpected character";
        return t;
    }
}

void tt_token_describe(const tt_token *tok, char *out, size_t out_size)
{
    if (out_size == 0) return;
    switch (tok->kind) {
    case TT_TOK_END: snprintf(out, out_size, "end of line"); return;
    case TT_TOK_EOF: snprintf(out, out_size, "end of file"); return;
    default: break;
    }
    /* Quote the token, escaping what is not printable ASCII, and cut long ones. */
    size_t o = 0;
    const int limit = 32;
    if (o + 1 < out_size) out[o++] = '\'';
    for (int i = 0; i < tok->length && i < limit; i++) {
        unsigned char c = (unsigned char)tok->text[i];
        char piece[8];
        if (c >= 0x20 && c < 0x7f && c != '\'' && c != '\\') {
            piece[0] = (char)c;
            piece[1] = '\0';
        } else {
            snprintf(piece, sizeof piece, "\\x%02X", c);
        }
        size_t n = strlen(piece);
        if (o + n + 5 >= out_size) break;
        memcpy(out + o, piece, n);
        o += n;
    }
    if (tok->length > limit && o + 4 < out_size) { memcpy(out + o, "...", 3); o += 3; }
    if (o + 1 < out_size) out[o++] = '\'';
    out[o < out_size ? o : out_size - 1] = '\0';
}
