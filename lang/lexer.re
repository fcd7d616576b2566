/*
 * lexer.re — PML's tokens (README, The language), an re2c specification.
 *
 * Processed by `re2c -W` into build/gen/lexer.c.  The text ends with a NUL
 * (SrcFile.text), used as the sentinel: no rule matches a NUL in its middle,
 * and a NUL before the end of the text is reported as a bad byte.
 *
 * Comments and strings have their own small scanners below (nested
 * comments keep a depth counter, strings decode escapes into a scratch
 * buffer), so nothing here recurses.  Token codes come from grammar.h,
 * which Lemon generates from grammar.y.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"
#include "grammar.h"

/*!re2c
    re2c:define:YYCTYPE = "unsigned char";
    re2c:define:YYCURSOR = "lx->cur";
    re2c:define:YYMARKER = "mark";
    re2c:yyfill:enable = 0;

    digit = [0-9];
    hex = [0-9a-fA-F];
    idch = [a-zA-Z0-9_'];
    ident = [a-zA-Z] idch*;
    exp = [eE] "~"? digit+;
    /* symbolic names: all of SML's characters (# alone, and #"c", #1,
     * #label, are the longer tokens below) */
    symch = [!%&+/:<=>@~^|*$?`\\#] | "-";
*/

void lex_init(Lexer *lx, const SrcFile *f, uint32_t file, Arena *a, Diag *d)
{
    memset(lx, 0, sizeof *lx);
    lx->text = (const unsigned char *)f->text;
    lx->cur = lx->line_start = lx->text;
    lx->lim = lx->text + f->len;
    lx->line = lx->last_line = 1;
    lx->last_end = lx->last_line_start = lx->text;
    lx->file = file;
    lx->arena = a;
    lx->d = d;
}

void lex_free(Lexer *lx)
{
    free(lx->buf);
    lx->buf = NULL;
}

static Span lx_span(const Lexer *lx, const unsigned char *from,
                    const unsigned char *to)
{
    Span s;
    s.file = lx->file;
    s.line = lx->line;
    s.col = (uint32_t)(from - lx->line_start) + 1;
    s.off = (uint32_t)(from - lx->text);
    s.end = (uint32_t)(to - lx->text);
    return s;
}

static void newline(Lexer *lx, const unsigned char *after)
{
    lx->line++;
    lx->line_start = after;
}

static int lx_error(Lexer *lx, Span sp, const char *msg)
{
    diag_set(lx->d, sp, "%s", msg);
    return -1;
}

/* A byte that cannot start a token. */
static int bad_byte(Lexer *lx, const unsigned char *at)
{
    Span sp = lx_span(lx, at, at + 1);
    if (*at >= 0x21 && *at < 0x7F)
        diag_set(lx->d, sp, "illegal character '%c'", *at);
    else if (*at >= 0x80)
        diag_set(lx->d, sp, "non-ASCII byte 0x%02x outside a string or comment", *at);
    else
        diag_set(lx->d, sp, "invalid byte 0x%02x in source", *at);
    return -1;
}

/* ---- words ---------------------------------------------------------------- */

typedef struct Word {
    const char *text;
    int code;   /* TK_*, or 0: an SML reserved word PML does not have */
} Word;

static const Word words[] = {
    {"and", TK_AND}, {"andalso", TK_ANDALSO}, {"as", TK_AS},
    {"case", TK_CASE}, {"datatype", TK_DATATYPE}, {"div", TK_DIV},
    {"else", TK_ELSE}, {"end", TK_END}, {"exception", TK_EXCEPTION},
    {"fn", TK_FN}, {"fun", TK_FUN}, {"handle", TK_HANDLE},
    {"if", TK_IF}, {"in", TK_IN}, {"let", TK_LET}, {"mod", TK_MOD},
    {"of", TK_OF}, {"op", TK_OP}, {"orelse", TK_ORELSE},
    {"raise", TK_RAISE}, {"then", TK_THEN}, {"type", TK_TYPE},
    {"val", TK_VAL},
    {"infix", TK_INFIX}, {"infixr", TK_INFIXR}, {"nonfix", TK_NONFIX},
    {"rec", TK_REC}, {"while", TK_WHILE}, {"do", TK_DO},
    {"structure", TK_STRUCTURE}, {"struct", TK_STRUCT},
    {"signature", TK_SIGNATURE}, {"sig", TK_SIG}, {"local", TK_LOCAL},
    {"open", TK_OPEN}, {"eqtype", TK_EQTYPE}, {"functor", TK_FUNCTOR},
    {"abstype", TK_ABSTYPE}, {"with", TK_WITH}, {"include", TK_INCLUDE},
    {"sharing", TK_SHARING}, {"where", TK_WHERE},
    {"withtype", TK_WITHTYPE},
};

static int word(Lexer *lx, const unsigned char *s, Token *t)
{
    size_t n = (size_t)(lx->cur - s);
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        if (strlen(words[i].text) == n && memcmp(words[i].text, s, n) == 0) {
            if (words[i].code)
                return words[i].code;
            diag_set(lx->d, lx_span(lx, s, lx->cur),
                     "'%s' is Standard ML but not supported by PML",
                     words[i].text);
            return -1;
        }
    }
    t->v.s = arena_strndup(lx->arena, (const char *)s, n);
    t->slen = (uint32_t)n;
    return TK_ID;
}

/* Standard ML syntax PML lacks (#[1, 2]): the error
 * names the feature. */
static int unsupported(Lexer *lx, const unsigned char *s, const char *what)
{
    diag_set(lx->d, lx_span(lx, s, lx->cur), "%s", what);
    return -1;
}

static int name(Lexer *lx, const unsigned char *s, Token *t, int code)
{
    size_t n = (size_t)(lx->cur - s);
    t->v.s = arena_strndup(lx->arena, (const char *)s, n);
    t->slen = (uint32_t)n;
    return code;
}

/* ---- numbers -------------------------------------------------------------- */

static int digit_value(unsigned char c)
{
    if (c <= '9')
        return c - '0';
    return (c | 0x20) - 'a' + 10;
}

/* [~]digits or [~]0xhex; ~ is the minus sign.  A literal whose magnitude
 * passes 2^63 - 1 (2^63 when negative) is kept as its text (v.s, slen > 0):
 * an IntInf.int constant (docs/semantics.md, "Words and IntInf"). */
static int integer(Lexer *lx, const unsigned char *s, Token *t)
{
    const unsigned char *p = s;
    int neg = *p == '~';
    p += neg;
    unsigned base = 10;
    if (p + 1 < lx->cur && p[0] == '0' && p[1] == 'x') {
        base = 16;
        p += 2;
    }
    uint64_t limit = neg ? (uint64_t)1 << 63 : ((uint64_t)1 << 63) - 1, v = 0;
    for (; p < lx->cur; p++) {
        unsigned dv = (unsigned)digit_value(*p);
        if (v > (limit - dv) / base)
            return name(lx, s, t, TK_INT);
        v = v * base + dv;
    }
    t->v.i = neg ? (int64_t)(0 - v) : (int64_t)v;
    return TK_INT;
}

/* 0wdigits or 0wxhex: a word constant of at most 64 bits (the widest
 * word, Word64); v.i holds its bits. */
static int word_const(Lexer *lx, const unsigned char *s, Token *t)
{
    const unsigned char *p = s + 2;
    unsigned base = 10;
    if (*p == 'x') {
        base = 16;
        p++;
    }
    uint64_t v = 0;
    for (; p < lx->cur; p++) {
        unsigned dv = (unsigned)digit_value(*p);
        if (v > (UINT64_MAX - dv) / base)
            return lx_error(lx, lx_span(lx, s, lx->cur), "word constant too large");
        v = v * base + dv;
    }
    t->v.i = (int64_t)v;
    return TK_WORD;
}

static int real(Lexer *lx, const unsigned char *s, Token *t)
{
    size_t n = (size_t)(lx->cur - s);
    char small[64], *buf = n < sizeof small ? small : malloc(n + 1);
    if (!buf)
        return lx_error(lx, lx_span(lx, s, lx->cur), "out of memory");
    for (size_t i = 0; i < n; i++)
        buf[i] = s[i] == '~' ? '-' : (char)s[i];
    buf[n] = 0;
    t->v.r = strtod(buf, NULL);
    if (buf != small)
        free(buf);
    if (isinf(t->v.r))
        return lx_error(lx, lx_span(lx, s, lx->cur),
                        "real literal out of range");
    return TK_REAL;
}

/* #i: a tuple field number, 1 or more. */
static int proj(Lexer *lx, const unsigned char *s, Token *t)
{
    uint64_t v = 0;
    for (const unsigned char *p = s + 1; p < lx->cur && v <= UINT32_MAX; p++)
        v = v * 10 + (uint64_t)(*p - '0');
    if (v == 0 || v > UINT32_MAX)
        return lx_error(lx, lx_span(lx, s, lx->cur),
                        "invalid tuple field number");
    t->v.i = (int64_t)v;
    return TK_PROJ;
}

/* #label: a record field selector (#name; #digits is proj above). */
static int selector(Lexer *lx, const unsigned char *s, Token *t)
{
    size_t n = (size_t)(lx->cur - s) - 1;
    t->v.s = arena_strndup(lx->arena, (const char *)s + 1, n);
    t->slen = (uint32_t)n;
    return TK_SEL;
}

/* Skips white space and (nested) comments from p, without consuming. */
static const unsigned char *skip_blank(const unsigned char *p)
{
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == '\f' || *p == '\v')
            p++;
        if (p[0] != '(' || p[1] != '*')
            return p;
        uint32_t depth = 0;
        do {
            if (*p == 0)
                return p;
            if (p[0] == '(' && p[1] == '*') {
                depth++;
                p += 2;
            } else if (p[0] == '*' && p[1] == ')') {
                depth--;
                p += 2;
            } else {
                p++;
            }
        } while (depth > 0);
    }
}

/* '{' at s (consumed): a record when the next tokens are '}' or a label
 * (a name or a numeral) and '=' (not "=>"); otherwise the '{' of a
 * parallel pair {e1, e2} or of a record pattern.  As in SML, {x = y, ...}
 * is therefore always a record: a parallel pair of equality tests is
 * written {(x = y), ...}. */
static int left_brace(Lexer *lx)
{
    const unsigned char *p = skip_blank(lx->cur);
    if (*p == '}')
        return TK_LREC;
    if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')) {
        while ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
               (*p >= '0' && *p <= '9') || *p == '_' || *p == '\'')
            p++;
    } else if (*p >= '0' && *p <= '9') {
        while (*p >= '0' && *p <= '9')
            p++;
    } else {
        return TK_LBRACE;
    }
    p = skip_blank(p);
    if (p[0] == '=' && p[1] != '>')
        return TK_LREC;
    return TK_LBRACE;
}

/* ---- comments ------------------------------------------------------------- */

/* Skips a comment whose "(*" is at s (already consumed); nests. */
static int comment(Lexer *lx, const unsigned char *s)
{
    Span open = lx_span(lx, s, s + 2);
    uint32_t depth = 1;
    for (;;) {
        const unsigned char *p = lx->cur;
        /*!re2c
            "(*"  { depth++; continue; }
            "*)"  { if (--depth == 0) return 0; continue; }
            "\n"  { newline(lx, lx->cur); continue; }
            "\x00" {
                if (p == lx->lim)
                    return lx_error(lx, open, "unterminated comment");
                continue;
            }
            [^(*\n\x00]+ | [(*] { continue; }
        */
    }
}

/* ---- strings -------------------------------------------------------------- */

static void put(Lexer *lx, unsigned char c)
{
    if (lx->buf_len == lx->buf_cap) {
        size_t cap = lx->buf_cap ? 2 * lx->buf_cap : 256;
        unsigned char *b = realloc(lx->buf, cap);
        if (!b) {   /* as in the arena (ast.c): no failure path to take */
            fputs("pml: error: out of memory\n", stderr);
            exit(1);
        }
        lx->buf = b;
        lx->buf_cap = cap;
    }
    lx->buf[lx->buf_len++] = c;
}

static void put_run(Lexer *lx, const unsigned char *from,
                    const unsigned char *to)
{
    for (; from < to; from++)
        put(lx, *from);
}

static int bad_escape(Lexer *lx, const unsigned char *at, const char *why)
{
    Span sp = lx_span(lx, at, lx->cur);
    int n = (int)(lx->cur - at), shown = n <= 8;
    for (int i = 1; i < n; i++)
        shown = shown && at[i] >= 0x21 && at[i] < 0x7F;
    if (shown)
        diag_set(lx->d, sp, "invalid escape '%.*s' in string%s", n,
                 (const char *)at, why);
    else
        diag_set(lx->d, sp, "invalid escape in string%s", why);
    return -1;
}

/* A \ddd or \uXXXX escape: one byte, so its value must be at most 255. */
static int code_escape(Lexer *lx, const unsigned char *at, unsigned base)
{
    unsigned v = 0;
    for (const unsigned char *p = at + 1 + (base == 16); p < lx->cur; p++)
        v = v * base + (unsigned)digit_value(*p);
    if (v > 255)
        return bad_escape(lx, at, " (character code above 255)");
    put(lx, (unsigned char)v);
    return 0;
}

/* A \ white space \ gap: skipped, but its newlines count. */
static void gap(Lexer *lx, const unsigned char *at)
{
    for (const unsigned char *p = at; p < lx->cur; p++)
        if (*p == '\n')
            newline(lx, p + 1);
}

/* One step of a string body; 1 at the closing quote, -1 on error. */
static int string_step(Lexer *lx, Span open)
{
    const unsigned char *p = lx->cur, *mark;
    (void)mark;
    /*!re2c
        "\""   { return 1; }
        "\\a"  { put(lx, 7); return 0; }
        "\\b"  { put(lx, 8); return 0; }
        "\\t"  { put(lx, 9); return 0; }
        "\\n"  { put(lx, 10); return 0; }
        "\\v"  { put(lx, 11); return 0; }
        "\\f"  { put(lx, 12); return 0; }
        "\\r"  { put(lx, 13); return 0; }
        "\\\"" { put(lx, '"'); return 0; }
        "\\\\" { put(lx, '\\'); return 0; }
        "\\^" [@-_] { put(lx, (unsigned char)(p[2] - 64)); return 0; }
        "\\" digit{3} { return code_escape(lx, p, 10); }
        "\\u" hex{4} { return code_escape(lx, p, 16); }
        "\\" [ \t\n\r\f]+ "\\" { gap(lx, p); return 0; }
        "\\" [^\x00\n] { return bad_escape(lx, p, ""); }
        "\\" | "\n" { return lx_error(lx, open, "unterminated string"); }
        "\x00" {
            if (p == lx->lim)
                return lx_error(lx, open, "unterminated string");
            return bad_byte(lx, p);
        }
        [^"\\\n\x00]+ { put_run(lx, p, lx->cur); return 0; }
    */
}

static int string(Lexer *lx, const unsigned char *s, Token *t)
{
    Span open = lx_span(lx, s, s + 1);
    lx->buf_len = 0;
    int r;
    while ((r = string_step(lx, open)) == 0)
        ;
    if (r < 0)
        return -1;
    t->v.s = arena_strndup(lx->arena, (const char *)lx->buf, lx->buf_len);
    t->slen = (uint32_t)lx->buf_len;
    return TK_STRING;
}

/* #"c": a string of exactly one character (after escapes). */
static int char_lit(Lexer *lx, const unsigned char *s, Token *t)
{
    if (string(lx, s + 1, t) < 0)
        return -1;
    if (t->slen != 1)
        return lx_error(lx, lx_span(lx, s, lx->cur),
                        "a character literal #\"...\" must hold exactly one character");
    t->v.i = (unsigned char)t->v.s[0];
    return TK_CHAR;
}

/* ---- tokens --------------------------------------------------------------- */

/* One step: a token code, 0 at the end, -1 on error, or -2 for white space
 * and comments (the caller loops). */
static int step(Lexer *lx, Token *t)
{
    const unsigned char *s = lx->cur, *mark;
    t->off = (uint32_t)(s - lx->text);
    t->line = lx->line;
    t->col = (uint32_t)(s - lx->line_start) + 1;
    (void)mark;
    /*!re2c
        [ \t\r\f\v]+ { return -2; }
        "\n"   { newline(lx, lx->cur); return -2; }
        "(*"   { return comment(lx, s) < 0 ? -1 : -2; }
        "\x00" { return s == lx->lim ? 0 : bad_byte(lx, s); }

        "~"? digit+ { return integer(lx, s, t); }
        "~"? "0x" hex+ { return integer(lx, s, t); }
        "0w" digit+ | "0wx" hex+ { return word_const(lx, s, t); }
        "~"? digit+ "." digit+ exp? | "~"? digit+ exp { return real(lx, s, t); }
        "#" digit+ { return proj(lx, s, t); }
        "#" ident { return selector(lx, s, t); }
        "..." { return TK_DOTS; }
        "\"" { return string(lx, s, t); }
        "#\"" { return char_lit(lx, s, t); }
        "#[" { return unsupported(lx, s, "vector expressions #[...] are not supported by PML (use Vector.fromList [...])"); }

        ident { return word(lx, s, t); }
        ident ("." ident)+ { return name(lx, s, t, TK_LONGID); }
        ident ("." ident)* "." symch+ { return name(lx, s, t, TK_LONGID); }
        "'" idch+ { return name(lx, s, t, TK_TYVAR); }
        "~" { return name(lx, s, t, TK_ID); }

        "=>" { return TK_DARROW; }
        ":>" { return TK_SEAL; }
        "->" { return TK_ARROW; }
        "::" { return TK_CONS; }
        "<>" { return TK_NE; }
        "<=" { return TK_LE; }
        ">=" { return TK_GE; }
        "="  { return TK_EQ; }
        "<"  { return TK_LT; }
        ">"  { return TK_GT; }
        "+"  { return TK_PLUS; }
        "-"  { return TK_MINUS; }
        "*"  { return TK_STAR; }
        "/"  { return TK_SLASH; }
        "^"  { return TK_CARET; }
        "@"  { return TK_APPEND; }
        "|"  { return TK_BAR; }
        ":"  { return TK_COLON; }
        ";"  { return TK_SEMI; }
        ","  { return TK_COMMA; }
        "_"  { return TK_WILD; }
        "("  { return TK_LPAREN; }
        ")"  { return TK_RPAREN; }
        "["  { return TK_LBRACK; }
        "]"  { return TK_RBRACK; }
        "{"  { return left_brace(lx); }
        "}"  { return TK_RBRACE; }
        "#"    { return bad_byte(lx, s); } /* reserved alone (SML'97 §2.4) */
        symch+ { return name(lx, s, t, TK_ID); }
        *    { return bad_byte(lx, s); }
    */
}

int lex_next(Lexer *lx, Token *t)
{
    int k;
    memset(t, 0, sizeof *t);
    while ((k = step(lx, t)) == -2)
        ;
    if (k == 0) {
        /* The end of file sits just after the last token, on its line. */
        t->off = t->end = (uint32_t)(lx->last_end - lx->text);
        t->line = lx->last_line;
        t->col = (uint32_t)(lx->last_end - lx->last_line_start) + 1;
        lx->cur = lx->lim;  /* the NUL was consumed: stay at the end */
        return 0;
    }
    t->end = (uint32_t)(lx->cur - lx->text);
    lx->last_end = lx->cur;
    lx->last_line = lx->line;
    lx->last_line_start = lx->line_start;
    return k;
}
