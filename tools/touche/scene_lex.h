/* SPDX-License-Identifier: MIT */
/* The scene file's tokens.
 *
 * Each line with content ends with a TT_TOK_END token (blank and comment-only
 * lines produce none); the parser lets a line that begins with a property
 * name continue the statement above. '#' starts a comment that runs to the
 * end of the line. Tokens are words (a letter or '_' then letters, digits, '_', '.',
 * '-'), numbers (decimal, optional sign, fraction and exponent) and
 * double-quoted strings. Anything else is a TT_TOK_BAD token carrying the
 * offending byte, so the parser can say what it expected instead.
 */
#ifndef TT_SCENE_LEX_H
#define TT_SCENE_LEX_H

#include "scene.h"

typedef enum tt_tok_kind {
    TT_TOK_WORD,
    TT_TOK_NUMBER,
    TT_TOK_STRING,
    TT_TOK_END,      /* end of a statement */
    TT_TOK_EOF,
    TT_TOK_BAD       /* a byte or sequence that is no token */
} tt_tok_kind;

typedef struct tt_token {
    tt_tok_kind kind;
    tt_loc loc;
    const char *text;   /* points into the source; not NUL-terminated */
    int length;
    double number;      /* TT_TOK_NUMBER: its value (may be out of range, the parser checks) */
    const char *problem;/* TT_TOK_BAD / malformed number or string: what is wrong */
} tt_token;

typedef struct tt_lexer {
    const char *src;
    size_t size;
    size_t pos;
    int line;
    size_t line_start;
    bool at_line_start; /* the next token is the first of a physical line */
    bool statement_open;/* a token of the current statement was produced */
} tt_lexer;

void tt_lexer_init(tt_lexer *lx, const char *src, size_t size);
tt_token tt_lexer_next(tt_lexer *lx);

/* The value of the decimal number in text[0, length) (digits, a sign, a
 * point, an exponent), without strtod's overflow exception: a number far
 * beyond any limit (over 1e300, or 128 characters and more) reads as 1e300.
 * False when the text is not one whole number. The scene lexer and the OBJ
 * reader share it. */
bool tt_decimal_parse(const char *text, size_t length, double *out);

/* Writes a printable rendering of a token (quoted, truncated, with bytes that
 * are not printable ASCII as \xNN) for messages. */
void tt_token_describe(const tt_token *tok, char *out, size_t out_size);

#endif
