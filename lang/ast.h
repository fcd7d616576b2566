/*
 * ast.h — the syntax tree of PML (README, The language), and the front end's interface.
 *
 * The parser (grammar.y, driven by parse.c) builds the tree with the ast_*
 * constructors below; it knows names only as strings.  The resolver
 * (resolve.c) then fills the fields marked "resolver:" — what each name
 * refers to, frame slots, free-variable lists — once, before running.
 *
 * All nodes live in one Arena, freed at once with ast_free.  Nodes are
 * plain C structs; interpreter values never point into or out of them
 * except through const Expr * (the code of a closure).
 */
#ifndef PML_AST_H
#define PML_AST_H

#include <stdint.h>
#include "source.h"

typedef struct Arena Arena;
Arena *arena_new(void);
void *arena_alloc(Arena *a, size_t n); /* zeroed, 16-byte aligned */
char *arena_strndup(Arena *a, const char *s, size_t n);
void arena_free(Arena *a);

/* ---- what a resolved name refers to ---------------------------------- */
typedef enum RefKind {
    REF_NONE,   /* not resolved yet */
    REF_LOCAL,  /* index = slot in the current function's frame */
    REF_FREE,   /* index = slot in the current closure's captured values */
    REF_SELF,   /* index = function number within the current fun group */
    REF_PRIM,   /* index = primitive number (prims.h) */
    REF_CON,    /* con = the constructor */
} RefKind;

typedef struct ConDef ConDef;

/* ---- type expressions (kept for the static semantics, lang/types.h) ---- */
typedef enum TyKind {
    TYX_VAR,        /* name: 'a, ''a */
    TYX_CON,        /* args[0..n-1] name: int, 'a list, (int, string) pair */
    TYX_TUPLE,      /* args[0] * ... * args[n-1], n >= 2 */
    TYX_RECORD,     /* {labels[i] : args[i]}, source order; n == 0 is unit */
    TYX_ARROW,      /* args[0] -> args[1] */
} TyKind;

typedef struct TyExp TyExp;
struct TyExp {
    TyKind kind;
    Span span;
    const char *name;
    uint32_t n;
    TyExp **args;
    const char **labels;
};

/* One binding of a type constructor: [tyvars] name = ty (type, withtype),
 * or the name and parameters of a datatype (ty NULL). */
typedef struct TyBind {
    const char *name;
    Span span;
    uint32_t ntyvars;
    const char **tyvars;
    TyExp *ty;
} TyBind;

typedef struct Ref {
    RefKind kind;
    uint32_t index;
    const ConDef *con;  /* REF_CON: the constructor; an exception made at
                           each evaluation (in a frame slot): its
                           declaration's ConDef, for the type checker */
} Ref;

/* A constructor of a datatype or an exception.  Builtins: true, false
 * (bool), nil and :: (list), NONE and SOME (option), and the Basis
 * exceptions (Fail, Div, Overflow, ...), LESS, EQUAL and GREATER (order). */
struct ConDef {
    const char *name;
    uint32_t tag;       /* index among its datatype's constructors */
    uint32_t ncons;     /* how many constructors its datatype has */
    int has_arg;        /* 1: C of ty */
    uint32_t nfields;   /* with an argument: 1, or k when declared of t1*...*tk */
    const char *alias_of; /* exception E = F: the name F (declarations only) */
    const char *tyname; /* the datatype's name (t of datatype t = ...) */
    int abstract;       /* 1: of an abstype (its values print as -) */
    int opaque;         /* 1: of a datatype that an opaque signature (:>)
                           makes abstract outside (its values print as -) */
    int infix;          /* 0: printed C (a, b); else 1 + the precedence of
                           the name's top-level infix status, printed a C b */
    int infix_right;    /* with infix: declared infixr */
    /* resolver: an exception declared inside a function is made anew at
     * each evaluation of its declaration (SML'97 §6.4): fresh = 1, and the
     * running function's frame slot `slot` holds this evaluation's
     * exception (eval_rules.c copies this ConDef, the copy is its identity) */
    int fresh;
    uint32_t slot;
    const TyBind *dt;   /* the datatype it constructs (NULL: an exception) */
    TyExp *arg_ty;      /* with an argument: its type */
};

/* An exception constructor: ncons is 0 (exn is an open type). */
static inline int con_is_exn(const ConDef *c) { return c->ncons == 0; }

/* The labels of a record type, sorted as SML/NJ sorts them: numerals
 * first by value, then names by their bytes.  A record whose labels are
 * 1..n (n != 1) is a tuple and has no RecShape. */
typedef struct RecShape {
    uint32_t n;
    const char **labels;
} RecShape;

/* Compares two labels in that order. */
int rec_label_cmp(const char *a, const char *b);

/* A list of variable references: free variables of a closure, of a branch
 * not taken, of a case arm not taken.  names[i] is for display only. */
typedef struct RefList {
    uint32_t n;
    Ref *refs;
    const char **names;
} RefList;

/* Frame slots to clear (live.c: safe-for-space frames): the values they
 * hold are not read again on this path. */
typedef struct Kill {
    uint32_t n;
    uint32_t self;      /* 1: the running closure's captured values are not
                           read again either (the Env lets go of its group) */
    uint32_t *slots;
} Kill;

/* The type of an integer constant (EX_INT, PAT_INT): int, a word (0w5,
 * 0wx1F) or IntInf.int.  A constant too large for int keeps its text in
 * sval (slen bytes, [~]digits or [~]0xhex) and is an IntInf.int. */
typedef enum NumKind {
    NUM_INT,        /* ival */
    NUM_WORD,       /* ival: the bits; Expr/Pat.bits: its width if known */
    NUM_INTINF,     /* ival, or sval when it does not fit in ival */
} NumKind;

/* ---- patterns ---------------------------------------------------------- */
typedef enum PatKind {
    PAT_WILD,       /* _ */
    PAT_VAR,        /* name; the resolver turns a nullary constructor into PAT_CON */
    PAT_INT,        /* ival */
    PAT_CHAR,       /* ival: #"c", 0..255 */
    PAT_STRING,     /* sval */
    PAT_TUPLE,      /* (p1, ..., pn), n != 1; n == 0 is () */
    PAT_LIST,       /* [p1, ..., pn] */
    PAT_CON,        /* name [arg]: C p, p1 :: p2 (name "::", arg a 2-tuple) */
    PAT_AS,         /* name as arg */
    PAT_RECORD,     /* {l1 = p1, ..., ln = pn [, ...]}: labels[i], elems[i];
                       ival = 1 when flexible (...).  A rigid pattern with
                       labels 1..n (n != 1) is a PAT_TUPLE instead */
} PatKind;

typedef struct Pat Pat;
struct Pat {
    PatKind kind;
    Span span;
    const char *name;   /* PAT_VAR, PAT_CON, PAT_AS */
    int64_t ival;       /* PAT_INT, PAT_CHAR; PAT_RECORD: flexible; PAT_CON:
                           1 when written infix, l op r (not for ::) */
    uint8_t num, bits;  /* PAT_INT: NumKind; a word's width (8, 32, 63, 64)
                           or 0 when the type checker did not fix it */
    const char *sval;   /* PAT_STRING: bytes, not NUL-safe: slen */
    uint32_t slen;
    Pat *arg;           /* PAT_CON (NULL if nullary), PAT_AS */
    TyExp *annot;       /* pat : ty (NULL: none) */
    uint32_t n;         /* PAT_TUPLE, PAT_LIST, PAT_RECORD */
    Pat **elems;
    const char **labels;/* PAT_RECORD */
    /* resolver: */
    uint32_t slot;      /* PAT_VAR, PAT_AS: frame slot bound */
    const ConDef *con;  /* PAT_CON */
    Ref fresh;          /* PAT_CON of an exception made at each evaluation
                           (ConDef.fresh): where the one in scope is found;
                           kind REF_NONE otherwise */
};

/* ---- expressions ------------------------------------------------------- */
typedef enum ExprKind {
    EX_INT,         /* ival */
    EX_REAL,        /* rval */
    EX_CHAR,        /* ival: #"c", 0..255 */
    EX_STRING,      /* sval, slen */
    EX_VAR,         /* name (may be a long name: List.nth); also a constructor
                       or primitive used as a value, op +, and the like */
    EX_TUPLE,       /* (e1, ..., en), n != 1; n == 0 is () */
    EX_PAR,         /* {e1, e2}: elems[0], elems[1] */
    EX_SEQ,         /* (e1; ...; en), n >= 2 */
    EX_LIST,        /* [e1, ..., en] */
    EX_APP,         /* a applied to b; infix "x op y" is an EX_APP of the
                       operator's EX_VAR to an EX_TUPLE (x, y) */
    EX_PROJ,        /* #label a: ival >= 1 for a numeral label (name NULL),
                       else name is the label */
    EX_RECORD,      /* {l1 = e1, ..., ln = en}: elems in source order, field
                       i goes to rec_perm[i] of a record of shape rec_shape
                       (NULL: a tuple, labels 1..n in some order) */
    EX_FN,          /* fn match; also each function of a fun group */
    EX_LET,         /* let decs in body end (body: one expr, EX_SEQ if many) */
    EX_IF,          /* if a then b else c */
    EX_CASE,        /* case a of match */
    EX_ANDALSO,     /* a andalso b */
    EX_ORELSE,      /* a orelse b */
    EX_RAISE,       /* raise a */
    EX_HANDLE,      /* a handle match (clauses) */
} ExprKind;

typedef struct Dec Dec;
typedef struct Expr Expr;

/* One arm of a match: npats patterns (1 for fn and case; k for the last
 * function of a curried clausal fun) and a body. */
typedef struct Clause {
    uint32_t npats;
    Pat **pats;
    Expr *body;
    Span span;
    /* resolver: free variables of the arm less its pattern's variables,
     * as seen from the enclosing scope (the use edges when not taken). */
    RefList free;
    /* live.c: the slots cleared once this arm is taken, before its body */
    Kill kill;
} Clause;

struct Value; struct Ev; struct Env; /* the evaluator's (src/eval) */

struct Expr {
    ExprKind kind;
    Span span;
    uint32_t id;        /* resolver: dense number, the annotation index */
    int64_t ival;       /* EX_INT; EX_PROJ: index */
    uint8_t num, bits;  /* EX_INT: NumKind; a word's width (8, 32, 63, 64)
                           or 0 when the type checker did not fix it */
    double rval;
    const char *sval;   /* EX_STRING */
    uint32_t slen;
    const char *name;   /* EX_VAR */
    Expr *a, *b, *c;    /* sub-expressions as documented per kind */
    uint32_t n;         /* EX_TUPLE, EX_PAR, EX_SEQ, EX_LIST */
    Expr **elems;
    uint32_t nclauses;  /* EX_FN, EX_CASE */
    Clause *clauses;
    uint32_t ndecs;     /* EX_LET */
    Dec **decs;
    const RecShape *rec_shape; /* EX_RECORD */
    uint32_t *rec_perm;
    TyExp *annot;       /* e : ty (NULL: none); a clausal fun's result type */
    /* resolver: */
    Ref ref;            /* EX_VAR */
    RefList free;       /* EX_FN: captured variables, in slot order;
                           EX_IF: free variables of b (index 0) and c are in
                           branch_free[0], branch_free[1]; every expression:
                           its free variables when the Theorem 1 check is on */
    RefList branch_free[2];
    /* EX_FN: */
    uint32_t nlocals;   /* frame size of the function's body; EX_PAR (live.c):
                           of the frame it runs in */
    uint32_t nhidden;   /* curried clausal fun: the first nhidden patterns of
                           each clause match these captured variables */
    Ref *hidden;
    const char *fn_name;/* the function's name, or NULL for an anonymous fn */
    uint32_t fn_stage, fn_stages; /* curried clausal fun f p1 ... pk: this fn
                           takes argument fn_stage of fn_stages = k (1-based);
                           0, 0 for any other fn */
    int prim_args;      /* EX_APP: resolver: 1 when a is a primitive or a
                           constructor applied directly (no closure call) */
    /* live.c: kill, the slots cleared once e is evaluated (EX_VAR, EX_FN:
     * the last reads); kill_path[i], those cleared when path i is taken:
     * EX_IF its b (0) or c (1), EX_ANDALSO and EX_ORELSE going on to b (0)
     * or not (1), EX_HANDLE's a returning normally (0); EX_PAR: those
     * cleared at the fork, once each branch has its copy of the frame (0) */
    Kill kill;
    Kill kill_path[2];
    /* src/eval (ev_compile): the evaluator's code for this expression,
     * chosen once per evaluation by its form, operands pre-decoded
     * (closure generation) */
    struct Value *(*code)(struct Ev *, const struct Expr *, const struct Env *);
};

/* ---- declarations ------------------------------------------------------ */
typedef enum DecKind {
    DEC_VAL,        /* val pat = a */
    DEC_FUN,        /* fun f ... and g ...: nfuns functions */
    DEC_DATATYPE,   /* datatype ... : ncons constructors over all its types */
    DEC_EXCEPTION,  /* exception E [of ty] and ...: ncons exception constructors */
    DEC_STRUCTURE,  /* structure name [: / :> sig] = struct decs end, or = alias */
    DEC_SIGNATURE,  /* signature name = sig */
    DEC_LOCAL,      /* local decs in decs2 end */
    DEC_OPEN,       /* open names */
    DEC_FUNCTOR,    /* functor name (param) [: / :> sig] = body (top level only) */
    DEC_TYPE,       /* type tb and ...: ntybinds abbreviations (no run-time effect) */
} DecKind;

/* What a signature's entry specifies (SML/NJ's words in its errors:
 * "unmatched value specification").  The kinds up to SPEC_DATATYPE name
 * something the resolver matches by name (SigExp.names); the others only
 * the static semantics reads (SigExp.specs). */
typedef enum SpecKind {
    SPEC_VAL,       /* val x : ty */
    SPEC_CON,       /* a constructor of a datatype spec */
    SPEC_EXN,       /* exception E */
    SPEC_STR,       /* structure S : sig */
    SPEC_INCLUDE,   /* include S: the entry is "include S" */
    SPEC_DATATYPE,  /* datatype t = datatype T: the entry is "datatype T" */
    SPEC_TYPE,      /* type [tyvars] t [= ty] */
    SPEC_EQTYPE,    /* eqtype [tyvars] t */
    SPEC_DATDEC,    /* datatype t = C ... (its constructors follow as SPEC_CON) */
    SPEC_SHARING,   /* sharing type t1 = t2 = ... */
} SpecKind;

struct SigExp;

/* One specification, in source order. */
typedef struct Spec {
    const char *name;       /* what SigExp.names holds for it (or the type's) */
    SpecKind kind;
    Span span;
    const ConDef *con;      /* SPEC_CON, SPEC_EXN */
    const struct SigExp *sub; /* SPEC_STR */
    const TyExp *ty;        /* SPEC_VAL: the value's type */
    const TyBind *bind;     /* SPEC_TYPE, SPEC_EQTYPE: [tyvars] t [= ty] (ty
                               NULL: abstract); SPEC_DATATYPE: t of
                               datatype t = datatype T */
    const Dec *dat;         /* SPEC_DATDEC: the datatype (and withtype) */
    uint32_t nnames;        /* SPEC_SHARING: the (long) type names shared */
    const char **names;
} Spec;

/* A signature: the names it specifies (values, exceptions, datatype
 * constructors, substructures), or the name of a declared signature, and
 * every specification with its types (lang/types.c matches them). */
typedef struct SigExp {
    Span span;
    const char *name;       /* a signature's name, or NULL: names below */
    uint32_t nnames;
    const char **names;     /* the names specified; "include S" (with the
                               space no name has) stands for S's names,
                               "datatype T" for T's constructors */
    uint8_t *kinds;         /* kinds[i]: the SpecKind of names[i] */
    const ConDef **cons;    /* SPEC_CON, SPEC_EXN: the constructor specified */
    const struct SigExp **subs; /* SPEC_STR: the substructure's signature */
    uint32_t nspecs;        /* every spec, types included, in source order */
    const Spec **specs;
    uint32_t nwhere;        /* sig where type [tyvars] t = ty and ...: t may be
                               long (S.t) */
    const TyBind **where;
} SigExp;

/* One function of a fun group before the resolver: its clauses all have
 * the same number (the arity) of patterns. */
typedef struct FunDef {
    const char *name;
    Span span;
    uint32_t nclauses;
    Clause *clauses;
    /* resolver: the closure code; for arity k > 1 a chain of k nested
     * EX_FN, the last with nhidden = k - 1 */
    Expr *fn;
} FunDef;

struct Dec {
    DecKind kind;
    Span span;
    Pat *pat;           /* DEC_VAL */
    Expr *a;            /* DEC_VAL */
    uint32_t nfuns;     /* DEC_FUN */
    FunDef *funs;
    uint32_t ncons;     /* DEC_DATATYPE, DEC_EXCEPTION */
    ConDef *cons;
    const char *name;   /* DEC_STRUCTURE (NULL: a functor's body or
                           argument), DEC_SIGNATURE, DEC_FUNCTOR,
                           DEC_DATATYPE with alias_of (the new name t) */
    uint32_t ndecs, ndecs2; /* DEC_STRUCTURE: decs; DEC_LOCAL: decs, decs2 */
    Dec **decs, **decs2;
    const char *alias_of; /* DEC_STRUCTURE: structure name = alias_of;
                             DEC_DATATYPE: datatype t = datatype alias_of */
    SigExp *sig;        /* DEC_STRUCTURE, DEC_FUNCTOR's result (NULL: none),
                           DEC_SIGNATURE */
    int opaque;         /* DEC_STRUCTURE, DEC_FUNCTOR: :> */
    const char *functor;/* DEC_STRUCTURE = F (arg): F; DEC_FUNCTOR: the
                           parameter's name (NULL: a spec list, opened) */
    Dec *arg;           /* DEC_STRUCTURE = F (arg): arg; DEC_STRUCTURE
                           S = F (arg): the application; DEC_FUNCTOR: the
                           body; each an unnamed DEC_STRUCTURE.  A body is
                           never resolved itself: the resolver copies it
                           per application and sets the application's
                           decs to the argument and the copy (S's decs to
                           the application), which the evaluator runs */
    SigExp *psig;       /* DEC_FUNCTOR: the parameter's signature */
    Dec *formal_body;   /* DEC_FUNCTOR: resolver: the copy of the body
                           resolved against the formal argument at the
                           declaration (its ids and slots given back; only
                           the static semantics reads it) */
    uint32_t nnames;    /* DEC_OPEN: the structures opened */
    const char **names;
    uint32_t ntybinds;  /* DEC_TYPE; DEC_DATATYPE: its withtype bindings */
    TyBind *tybinds;
    uint32_t ntyvars;   /* DEC_VAL, DEC_FUN: explicit val 'a ... */
    const char **tyvars;
    /* resolver: DEC_FUN */
    uint32_t slot0;     /* frame slots slot0 .. slot0+nfuns-1 hold the functions */
    RefList free;       /* the group's captured variables */
    uint32_t id;        /* annotation index of the group's closure node;
                           DEC_EXCEPTION: of the nodes that make its fresh
                           exceptions */
    Kill kill;          /* live.c: DEC_VAL, DEC_FUN, DEC_EXCEPTION: the slots
                           cleared once the declaration is evaluated */
};

/* A whole program: the prelude's declarations followed by the user's. */
/* The result's static type, as far as its printing needs it (lang/types.c):
 * a value of an abstract type prints as -, as SML/NJ prints it, wherever it
 * sits in the result (inside a list, a record, a constructor).  The shape of
 * a recursive datatype points back to itself. */
typedef enum PrintShapeKind {
    PS_ABSTRACT,    /* print - */
    PS_RECORD,      /* a record or tuple: names are its labels ("1", "2", ...) */
    PS_DATA,        /* a datatype: names are its constructors, sub their
                       arguments (NULL: none, or no guidance) */
    PS_ELEM,        /* a vector or array: sub[0] is its elements' */
} PrintShapeKind;

typedef struct PrintShape {
    PrintShapeKind kind;
    uint32_t n;
    const char **names;
    const struct PrintShape **sub;
} PrintShape;

typedef struct Program {
    Arena *arena;
    uint32_t ndecs, cap;
    Dec **decs;
    uint32_t nuser0;    /* index of the first declaration of the user file */
    /* resolver: */
    uint32_t nlocals;   /* frame size of the top level */
    uint32_t nexprs;    /* number of expression ids (annotations) */
    const char *result_name; /* the last top-level val's name ("it" for exp;) */
    /* static semantics: the result's type as SML/NJ prints it (NULL: none),
     * and where in the result a value of an abstract type sits (NULL:
     * nowhere, or unknown) */
    const char *result_type;
    const struct PrintShape *result_shape;
    /* resolver: per expression id, the span and, for closures, the label
     * "[a,b,c]" (NULL: the annotation is the source text of the span) */
    Span *id_span;
    const char **id_label;
} Program;

/* ---- constructors used by the grammar ---------------------------------- */
Expr *ast_expr(Arena *a, ExprKind k, Span sp);
Pat *ast_pat(Arena *a, PatKind k, Span sp);
Dec *ast_dec(Arena *a, DecKind k, Span sp);
/* Growable arrays for the grammar's lists: append returns the new array. */
void **ast_push(Arena *a, void **arr, uint32_t n, void *item);
Span span_join(Span a, Span b);
/* A fresh copy of an unresolved declaration: new nodes throughout (new
 * constructors, so a copied datatype or exception is a new one), names,
 * signatures and record shapes shared.  *count grows by the nodes made. */
Dec *ast_copy_dec(Arena *a, const Dec *d, size_t *count);

/* ---- the front end ----------------------------------------------------- */
/* Lexes and parses file `file` of s, appending its declarations to p
 * (p->arena must be set).  Returns 0, or -1 with d filled. */
int lang_parse(Sources *s, uint32_t file, Program *p, Diag *d);

Program *ast_program_new(void);
void ast_program_free(Program *p);

#endif
