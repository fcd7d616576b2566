/*
 * parse.h — the front end's private interface, shared by lexer.re,
 * grammar.y, parse.c and ast.c.  Nothing outside lang/ includes it: the
 * public interface of the front end is lang_parse() in ast.h.
 *
 * Pipeline: lex_next() turns bytes into Tokens; parse.c feeds them to the
 * Lemon parser (grammar.y), whose actions build the tree with the builders
 * below; parse.c then checks the tree's depth and appends it to a Program.
 */
#ifndef PML_PARSE_H
#define PML_PARSE_H

#include "ast.h"

/* Deepest nesting accepted: open brackets ( [ { let, and levels of the
 * syntax tree.  Later stages may recurse over the tree this deep.  The
 * parser's own stack grows as needed (grammar.y). */
#define PARSE_MAX_DEPTH 10000

/* One token.  off/end are byte offsets into the file's text. */
typedef struct Token {
    uint32_t off, end, line, col;
    union {
        int64_t i;      /* TK_INT; TK_PROJ: the field number */
        double r;       /* TK_REAL */
        const char *s;  /* TK_STRING (decoded, slen bytes); TK_ID, TK_LONGID,
                           TK_TYVAR (NUL-terminated name in the arena) */
    } v;
    uint32_t slen;
} Token;

/* The lexer's state: one file, scanned once from start to end. */
typedef struct Lexer {
    const unsigned char *text, *cur, *lim; /* *lim == 0 (the sentinel) */
    const unsigned char *line_start;
    uint32_t line, file;
    /* where the last token ended: the end of file is reported there */
    const unsigned char *last_end, *last_line_start;
    uint32_t last_line;
    Arena *arena;
    Diag *d;
    unsigned char *buf;     /* scratch for string decoding */
    size_t buf_len, buf_cap;
} Lexer;

void lex_init(Lexer *lx, const SrcFile *f, uint32_t file, Arena *a, Diag *d);
/* The next token's code (TK_*), 0 at end of file, -1 on error (d set). */
int lex_next(Lexer *lx, Token *t);
void lex_free(Lexer *lx);

/* A growable list in the arena (see ast_push). */
typedef struct List {
    void **v;
    uint32_t n;
} List;

/* What the grammar knows of a type: its top-level '*' components (n), the
 * components of a parenthesised tuple type when n == 1 (inner), and where
 * its text ends.  Only datatype constructors use it (ConDef.nfields). */
typedef struct TyInfo {
    uint32_t n, inner, end;
    TyExp *t;           /* the type itself (lang/types.c reads it) */
} TyInfo;

/* The rows of a record expression or pattern, in source order. */
typedef struct RowList {
    List labels;        /* const char * */
    List items;         /* Expr * or Pat * */
    List spans;         /* Span * of each label, for errors */
    int dots;           /* a pattern's "..." was seen */
} RowList;

/* val p1 = e1 and p2 = e2 ...: the patterns and expressions, in order. */
typedef struct ValBinds {
    List pats;          /* Pat * */
    List exps;          /* Expr * */
} ValBinds;

/* A structure expression: struct decs end, another structure's name, or
 * a functor applied to an argument (the argument an unnamed structure
 * declaration, as parse_strdec makes). */
typedef struct StrExp {
    Span span;
    List decs;
    const char *alias_of;
    const char *functor;
    Dec *arg;
} StrExp;

/* A functor's result signature: none, ": sig" or ":> sig". */
typedef struct ResultSig {
    SigExp *sig;
    int opaque;
} ResultSig;

/* One entry of a signature, as the grammar reads it (see SigExp). */

/* One clause of a clausal fun, with the name it was written with. */
typedef struct FunClause {
    const char *name;
    Span name_span;
    Clause *c;
} FunClause;

/* A fixity declaration in force: infix / infixr prec, or nonfix. */
typedef struct Fixity {
    const char *name;
    int prec, right, nonfix;
} Fixity;

/* State of one parse, Lemon's %extra_argument. */
typedef struct ParseState {
    Arena *arena;
    Program *prog;
    uint32_t file;
    const SrcFile *src;
    Diag *d;
    int failed;         /* the first error is in d; ignore what follows */
    Token cur;          /* the token being fed, for stack overflow reports */
    uint32_t datatype_end; /* where the last constructor read ends */
    /* fixity (parse.c): declarations in force, newest last; marks[i] is
     * the count when the i-th open let/local/struct/sig began */
    Fixity *fix;
    uint32_t nfix, capfix;
    uint32_t *marks;
    uint32_t nmarks, capmarks;
    int declaring;      /* 0, or the TK_INFIX/INFIXR/NONFIX being read */
    int decl_prec, decl_first;
    int prev_tk;
    List datatypes;     /* the datatype declarations read (Dec *) */
    Sources *srcs;      /* where a file named by `use` is loaded */
    uint32_t use_depth; /* how many `use`s led to this file */
} ParseState;

/* ---- parse.c: helpers for grammar actions ------------------------------ */
Span tok_span(const ParseState *ps, Token t);
void parse_error(ParseState *ps, Span sp, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void parse_syntax_error(ParseState *ps, int major, Token t);
void parse_too_deep(ParseState *ps, Span sp);
void parse_add_dec(ParseState *ps, Dec *d);
Expr *parse_par(ParseState *ps, Span sp, List elems);
Token parse_num_label(ParseState *ps, Token t);
Expr *parse_int(ParseState *ps, Token t, NumKind num);
Pat *parse_pint(ParseState *ps, Token t, NumKind num);
RowList parse_row(ParseState *ps, RowList l, Token label, Expr *e);
Expr *parse_record(ParseState *ps, Span sp, RowList rows);
RowList parse_prow(ParseState *ps, Token label, Pat *p);
RowList parse_prow_dots(ParseState *ps, Span sp);
RowList parse_prow_join(ParseState *ps, RowList l, RowList r);
Pat *parse_precord(ParseState *ps, Span sp, RowList rows);
FunClause *parse_fclause(ParseState *ps, Token name, List pats, Expr *body);
FunClause *parse_fclause_infix(ParseState *ps, Pat *l, Token name, Pat *r, Expr *body);
/* (l op r) p2 ... pk = body: a clause of op, whose arguments are the pair
 * (l, r), then p2 ... pk; head must be an infix application. */
FunClause *parse_fclause_paren(ParseState *ps, Pat *head, List pats, Expr *body);
Pat *parse_pinfix(ParseState *ps, Pat *l, Token op, Pat *r);
Expr *parse_while(ParseState *ps, Span sp, Expr *cond, Expr *body);
/* val p1 = e1 and ... and pk = ek: one binding, or (p1, ..., pk) =
 * (e1, ..., ek), every ei evaluated before any pi binds (SML's meaning). */
Dec *parse_val(ParseState *ps, Span sp, ValBinds b);
/* include S, datatype t = datatype T in a signature: the spec entries
 * "include S", "datatype T" (see SigExp). */
const char *parse_spec_entry(ParseState *ps, const char *kind, Token name);
/* datatype t = datatype T: a DEC_DATATYPE without constructors, named t,
 * alias_of T. */
Dec *parse_datatype_copy(ParseState *ps, Span sp, Token name, Token of);
/* val rec f = fn ... and g = fn ...: one fun group. */
Dec *parse_val_rec_and(ParseState *ps, Span sp, ValBinds b);
/* datatype datbinds: its Dec, remembered so that the constructors' fixity
 * at the end of the parse can be recorded for printing. */
Dec *parse_datatype(ParseState *ps, Span sp, List cons);
/* abstype: a local declaring the datatype for decs only. */
Dec *parse_abstype(ParseState *ps, Span sp, Dec *datatype, List decs);
Dec *parse_structure(ParseState *ps, Span sp, Token name, SigExp *sig, int opaque, StrExp s);
Dec *parse_signature(ParseState *ps, Span sp, Token name, SigExp *sig);
/* names: Spec * entries. */
SigExp *parse_sigexp(ParseState *ps, Span sp, const char *name, List names);
/* specs with one more entry; one per name of names (const char *); one per
 * constructor of cons (ConDef *); a substructure's. */
List parse_spec(ParseState *ps, List specs, SpecKind kind, const char *name);
List parse_con_specs(ParseState *ps, List specs, SpecKind kind, List cons);
List parse_str_spec(ParseState *ps, List specs, const char *name, const SigExp *sub);
/* The specs the static semantics reads (ast.h, Spec): */
List parse_add_specs(ParseState *ps, List specs, List more);
Spec *parse_val_spec(ParseState *ps, Token name, TyExp *ty);
Spec *parse_type_spec(ParseState *ps, List tyvars, Token name, TyExp *ty);
List parse_eqtype_specs(List specs);
List parse_datatype_spec(ParseState *ps, List specs, Span sp, List cons, List withtype);
List parse_datatype_copy_spec(ParseState *ps, List specs, Token name, Token of);
List parse_sharing(ParseState *ps, List groups, const char *what, Token name);
SigExp *parse_where(ParseState *ps, SigExp *g, List binds);
/* A structure expression as an unnamed structure declaration. */
Dec *parse_strdec(ParseState *ps, StrExp s);
/* F (arg), F (struct ... end), F (decs): the application's StrExp. */
StrExp parse_functor_app(ParseState *ps, Token f, Dec *arg, Token rparen);
/* functor F (X : psig) res = body, or (specs) when param is NULL. */
Dec *parse_functor(ParseState *ps, Span sp, Token name, const char *param, SigExp *psig,
                   ResultSig res, StrExp body);
Dec *parse_local(ParseState *ps, Span sp, List a, List b);
Dec *parse_open(ParseState *ps, Span sp, List names);
uint32_t parse_match_end(List arms);
/* Type expressions (ast.h, TyExp): a type variable, a constructor applied
 * to args, t1 -> t2, a '*' chain (l has n components already), a record. */
TyExp *parse_tyname(ParseState *ps, TyKind k, Token name);
TyExp *parse_tyapp(ParseState *ps, List args, Token tycon);
TyExp *parse_ty2(ParseState *ps, TyKind k, TyExp *l, TyExp *r);
TyExp *parse_tystar(ParseState *ps, uint32_t n, TyExp *l, TyExp *r);
RowList parse_tyrow(ParseState *ps, RowList l, Token label, TyExp *t);
TyExp *parse_tyrecord(ParseState *ps, Span sp, RowList rows);
TyBind *parse_tybind(ParseState *ps, List tyvars, Token name, TyExp *t);
/* One datatype of a datatype declaration: its constructors, numbered and
 * pointing at the datatype's name and parameters. */
List parse_datbind(ParseState *ps, List tyvars, Token name, List cons);
Dec *parse_typedec(ParseState *ps, Span sp, List binds);
Dec *parse_withtype(ParseState *ps, Dec *datatype, List binds);
Dec *parse_tyvars(Dec *d, List tyvars);
Expr *parse_annot(Expr *e, TyInfo t);
Pat *parse_pannot(Pat *p, TyInfo t);
List list_cons(Arena *a, void *item, List l);
FunDef *parse_fun_start(ParseState *ps, FunClause *fc);
FunDef *parse_fun_add(ParseState *ps, FunDef *f, FunClause *fc);

/* ---- ast.c: tree builders (they never fail) ------------------------------ */
List list_push(Arena *a, List l, void *item);
Span span_to(Span a, uint32_t end);
Expr *ast_widen(Expr *e, Span outer);
Expr *ast_int(Arena *a, Span sp, int64_t v);
Expr *ast_char(Arena *a, Span sp, int64_t v);
Expr *ast_real(Arena *a, Span sp, double v);
Expr *ast_string(Arena *a, Span sp, const char *s, uint32_t n);
Expr *ast_var(Arena *a, Span sp, const char *name);
Expr *ast_elems(Arena *a, ExprKind k, Span sp, List elems);
Expr *ast_body(Arena *a, List seq);
Expr *ast_app(Arena *a, Expr *f, Expr *x);
Expr *ast_infix(Arena *a, Expr *x, Span opsp, const char *op, Expr *y);
Expr *ast_binary(Arena *a, ExprKind k, Expr *x, Expr *y);
Expr *ast_selector(Arena *a, Span sp, int64_t index, const char *label);
Expr *ast_fn(Arena *a, ExprKind k, Span sp, Expr *scrut, List arms);
Expr *ast_if(Arena *a, Span sp, Expr *c, Expr *t, Expr *e);
Expr *ast_raise(Arena *a, Span sp, Expr *x);
Expr *ast_let(Arena *a, Span sp, List decs, List body);
Clause *ast_clause(Arena *a, List pats, Expr *body);

Pat *ast_pvar(Arena *a, PatKind k, Span sp, const char *name);
Pat *ast_pint(Arena *a, Span sp, int64_t v);
Pat *ast_pchar(Arena *a, Span sp, int64_t v);
Pat *ast_pstring(Arena *a, Span sp, const char *s, uint32_t n);
Pat *ast_pelems(Arena *a, PatKind k, Span sp, List elems);
Pat *ast_pcon(Arena *a, Span sp, const char *name, Pat *arg);
Pat *ast_pcons(Arena *a, Pat *hd, Pat *tl);
Pat *ast_pas(Arena *a, Span sp, const char *name, Pat *p);
Pat *ast_pwiden(Pat *p, Span outer);

Dec *ast_val(Arena *a, Span sp, Pat *p, Expr *e);
Dec *ast_fundec(Arena *a, Span sp, List funs);
ConDef *ast_condef(Arena *a, const char *name, int has_arg, TyInfo ty);
List ast_datbind(List cons, const char *tyname);
Dec *ast_datatype(Arena *a, Span sp, List cons);
Dec *ast_exception(Arena *a, Span sp, List cons);

#endif
