/*
** grammar.y — the grammar of PML (README, The language), a subset of Standard ML with
** parallel pairs {e1, e2}.
**
** Processed by Lemon into build/gen/grammar.c and grammar.h (the token
** codes the lexer returns).  parse.c drives the parser one token at a time,
** passing a ParseState as the extra argument.  Actions only call builders
** in ast.c (which never fail) or helpers in parse.c (which may report an
** error; parse.c then stops feeding tokens, so actions must merely not
** crash after an error).
**
** Operator precedence is SML's: infix operators bind tighter than ':',
** which binds tighter than andalso, then orelse; fn, case, if and raise
** extend as far right as possible, and a '|' after a nested case or fn
** continues the innermost match.  Types are parsed and dropped, except
** that a datatype constructor's argument type tells how many fields it has.
*/

%include {
#include <assert.h>
#include <stdlib.h>
#include "parse.h"

#define ARENA (ps->arena)
#define SP(t) tok_span(ps, (t))
#define TO(s, t) span_to((s), (t).end)
}

%name pmlParse
%token_prefix TK_
%token_type {Token}
%extra_argument {ParseState *ps}
/* 0: the parser's stack grows on the heap, so deep nesting is reported by
** parse.c's depth check at the construct that passes the limit; overflow
** then only means that growing failed. */
%stack_size 0

%syntax_error { parse_syntax_error(ps, yymajor, TOKEN); }
%stack_overflow { parse_error(ps, tok_span(ps, ps->cur), "out of memory for the parser's stack"); }
/* Nothing to free: the tree and the tokens' text live in the arena. */
%token_destructor { (void)ps; }

/* Every token, so that grammar.h defines them all. */
%token ID LONGID TYVAR INT WORD REAL STRING CHAR PROJ SEL.
%token VAL FUN AND FN CASE OF IF THEN ELSE LET IN END DATATYPE TYPE OP
       ANDALSO ORELSE RAISE AS DIV MOD EXCEPTION HANDLE
       INFIX INFIXR NONFIX REC WHILE DO
       STRUCTURE STRUCT SIGNATURE SIG LOCAL OPEN EQTYPE FUNCTOR SEAL
       ABSTYPE WITH WITHTYPE WHERE SHARING INCLUDE.
%token DARROW ARROW BAR COLON SEMI COMMA WILD
       LPAREN RPAREN LBRACK RBRACK LBRACE RBRACE LREC DOTS.

/* Lowest first.  FN..ELSE: the rules that end with an expression reduce
** last, so their expression extends as far right as possible. */
%right FN OF DARROW RAISE ELSE DO.
%left HANDLE.
%right BAR.
%left ORELSE.
%left ANDALSO.
%right AS.
%left COLON.
/* ILn / IRn: a name declared infix / infixr n (parse.c turns the name's
** token into one of these); the built-in operators have SML's levels:
** = < ... 4, :: @ 5 (right), + - ^ 6, * / div mod 7. */
%left IL0.
%right IR0.
%left IL1.
%right IR1.
%left IL2.
%right IR2.
%left IL3.
%right IR3.
%left EQ NE LT GT LE GE IL4.
%right IR4.
%right CONS APPEND IR5.
%left IL5.
%left PLUS MINUS CARET IL6.
%right IR6.
%left STAR SLASH DIV MOD IL7.
%right IR7.
%left IL8.
%right IR8.
%left IL9.
%right IR9.

%type exp {Expr *}
%type appexp {Expr *}
%type aexp {Expr *}
%type exps {List}
%type seq2 {List}
%type seqexps {List}
%type match {List}
%type mrule {Clause *}
%type pat {Pat *}
%type apat {Pat *}
%type atpat {Pat *}
%type pats {List}
%type exprows {RowList}
%type patrows {RowList}
%type label {Token}
%type atpats {List}
%type dec {Dec *}
%type ldecs {List}
%type funbinds {List}
%type funbind {FunDef *}
%type fclause {FunClause *}
%type fname {Token}
%type opname {Token}
%type datbinds {List}
%type datbind {List}
%type conbinds {List}
%type conbind {ConDef *}
%type ty {TyInfo}
%type tupty {TyInfo}
%type appty {TyInfo}
%type atty {TyInfo}

/* ---- programs ---------------------------------------------------------- */
/* An expression may stand at the top level only at the start or after a
** ';' (as in SML), so that "val x = f y" is never "val x = f; y". */

program ::= fresh.
program ::= fresh exp(E).               { parse_add_dec(ps, ast_val(ARENA, E->span, ast_pvar(ARENA, PAT_VAR, E->span, "it"), E)); }
program ::= decd.

fresh ::= .
fresh ::= fresh SEMI.
fresh ::= decd SEMI.
fresh ::= fresh exp(E) SEMI.            { parse_add_dec(ps, ast_val(ARENA, E->span, ast_pvar(ARENA, PAT_VAR, E->span, "it"), E)); }

decd ::= fresh dec(D).                  { parse_add_dec(ps, D); }
decd ::= decd dec(D).                   { parse_add_dec(ps, D); }

/* ---- declarations -------------------------------------------------------- */

dec(D) ::= VAL(T) valbinds(B).          { D = parse_val(ps, SP(T), B); }
%type valbinds {ValBinds}
valbinds(B) ::= pat(P) EQ exp(E).       { B = (ValBinds){list_push(ARENA, (List){0}, P), list_push(ARENA, (List){0}, E)}; }
valbinds(B) ::= valbinds(M) AND pat(P) EQ exp(E). { B = (ValBinds){list_push(ARENA, M.pats, P), list_push(ARENA, M.exps, E)}; }
dec(D) ::= FUN(T) funbinds(L).          { D = ast_fundec(ARENA, SP(T), L); }
/* val 'a x = ..., fun ('a, 'b) f ...: the explicit type variables are
** kept for the static semantics (lang/types.c). */
dec(D) ::= FUN(T) tyvars1(V) funbinds(L). { D = parse_tyvars(ast_fundec(ARENA, SP(T), L), V); }
dec(D) ::= VAL(T) tyvars1(V) valbinds(B). { D = parse_tyvars(parse_val(ps, SP(T), B), V); }
dec(D) ::= DATATYPE(T) datbinds(L).     { D = parse_datatype(ps, span_to(SP(T), ps->datatype_end), L); }
/* withtype and type: abbreviations, kept for the static semantics. */
dec(D) ::= DATATYPE(T) datbinds(L) WITHTYPE typbinds(W). { D = parse_withtype(ps, parse_datatype(ps, span_to(SP(T), ps->datatype_end), L), W); }
dec(D) ::= TYPE(T) typbinds(W).         { D = parse_typedec(ps, SP(T), W); }
/* infix [n] names, infixr [n] names, nonfix names: parse.c applies them
** as the tokens go by; here they only need to be well formed. */
/* ---- modules: structures, signatures, functors, local, open ---- */
dec(D) ::= STRUCTURE(T) ID(N) EQ strexp(S). { D = parse_structure(ps, SP(T), N, NULL, 0, S); }
dec(D) ::= STRUCTURE(T) ID(N) COLON sigexp(G) EQ strexp(S). { D = parse_structure(ps, SP(T), N, G, 0, S); }
dec(D) ::= STRUCTURE(T) ID(N) SEAL sigexp(G) EQ strexp(S). { D = parse_structure(ps, SP(T), N, G, 1, S); }
dec(D) ::= SIGNATURE(T) ID(N) EQ sigexp(G). { D = parse_signature(ps, SP(T), N, G); }
dec(D) ::= LOCAL(T) ldecs(A) IN ldecs(B) END(E). { D = parse_local(ps, TO(SP(T), E), A, B); }
/* abstype datbind with decs end: the datatype's constructors are seen by
** decs only (a local whose first part is the datatype). */
dec(D) ::= ABSTYPE(T) datbinds(L) WITH ldecs(B) END(E). { D = parse_abstype(ps, TO(SP(T), E), parse_datatype(ps, span_to(SP(T), ps->datatype_end), L), B); }
dec(D) ::= ABSTYPE(T) datbinds(L) WITHTYPE typbinds(W) WITH ldecs(B) END(E). { D = parse_abstype(ps, TO(SP(T), E), parse_withtype(ps, parse_datatype(ps, span_to(SP(T), ps->datatype_end), L), W), B); }
dec(D) ::= OPEN(T) longids(L).          { D = parse_open(ps, SP(T), L); }
/* functor F (X : SIG) [: / :> SIG'] = strexp, or F (specs): the specs'
** names are seen by the body as if opened (SML's derived form).  Only at
** top level, as in SML: the resolver says so elsewhere. */
dec(D) ::= FUNCTOR(T) ID(N) LPAREN ID(X) COLON sigexp(G) RPAREN resultsig(R) EQ strexp(S). { D = parse_functor(ps, SP(T), N, X.v.s, G, R, S); }
dec(D) ::= FUNCTOR(T) ID(N) LPAREN(L) specs(G) RPAREN(E) resultsig(R) EQ strexp(S). { D = parse_functor(ps, SP(T), N, NULL, parse_sigexp(ps, TO(SP(L), E), NULL, G), R, S); }
%type resultsig {ResultSig}
resultsig(R) ::= .                      { R = (ResultSig){NULL, 0}; }
resultsig(R) ::= COLON sigexp(G).       { R = (ResultSig){G, 0}; }
resultsig(R) ::= SEAL sigexp(G).        { R = (ResultSig){G, 1}; }

%type strexp {StrExp}
strexp(S) ::= STRUCT(T) ldecs(L) END(E).  { S = (StrExp){TO(SP(T), E), L, NULL, NULL, NULL}; }
strexp(S) ::= ID(T).                    { S = (StrExp){SP(T), (List){0}, T.v.s, NULL, NULL}; }
strexp(S) ::= LONGID(T).                { S = (StrExp){SP(T), (List){0}, T.v.s, NULL, NULL}; }
/* F (A), F (struct ... end), and F (decs) for F (struct decs end) */
strexp(S) ::= ID(F) LPAREN strexp(A) RPAREN(E). { S = parse_functor_app(ps, F, parse_strdec(ps, A), E); }
strexp(S) ::= ID(F) LPAREN(L) ldecs(D) RPAREN(E). { S = parse_functor_app(ps, F, parse_strdec(ps, (StrExp){TO(SP(L), E), D, NULL, NULL, NULL}), E); }

%type longids {List}
longids(L) ::= ID(T).                   { L = list_push(ARENA, (List){0}, (void *)T.v.s); }
longids(L) ::= LONGID(T).               { L = list_push(ARENA, (List){0}, (void *)T.v.s); }
longids(L) ::= longids(M) ID(T).        { L = list_push(ARENA, M, (void *)T.v.s); }
longids(L) ::= longids(M) LONGID(T).    { L = list_push(ARENA, M, (void *)T.v.s); }

/* A signature: the names it specifies (values, exceptions, constructors,
** substructures) and every spec with its types (lang/types.c). */
%type sigexp {SigExp *}
%type specs {List}
sigexp(G) ::= ID(T).                    { G = parse_sigexp(ps, SP(T), T.v.s, (List){0}); }
sigexp(G) ::= SIG(T) specs(L) END(E).   { G = parse_sigexp(ps, TO(SP(T), E), NULL, L); }
sigexp(G) ::= sigexp(S) WHERE wheretypes(W). { G = parse_where(ps, S, W); }
%type wheretypes {List}
%type wheretype {TyBind *}
wheretypes(L) ::= TYPE wheretype(B).    { L = list_push(ARENA, (List){0}, B); }
wheretypes(L) ::= wheretypes(M) AND TYPE wheretype(B). { L = list_push(ARENA, M, B); }
wheretype(B) ::= typbind(T).            { B = T; }
wheretype(B) ::= tyvars(V) LONGID(N) EQ ty(Y). { B = parse_tybind(ps, V, N, Y.t); }
specs(L) ::= .                          { L = (List){0}; }
specs(L) ::= specs(M) SEMI.             { L = M; }
specs(L) ::= specs(M) VAL valspecs(V).  { L = parse_add_specs(ps, M, V); }
specs(L) ::= specs(M) TYPE typespecs(V). { L = parse_add_specs(ps, M, V); }
specs(L) ::= specs(M) EQTYPE typespecs(V). { L = parse_add_specs(ps, M, parse_eqtype_specs(V)); }
specs(L) ::= specs(M) DATATYPE(T) datbinds(C). { L = parse_datatype_spec(ps, M, SP(T), C, (List){0}); }
specs(L) ::= specs(M) DATATYPE(T) datbinds(C) WITHTYPE typbinds(W). { L = parse_datatype_spec(ps, M, SP(T), C, W); }
specs(L) ::= specs(M) DATATYPE tyvars ID(N) EQ DATATYPE tycon(C). { L = parse_datatype_copy_spec(ps, M, N, C); }
specs(L) ::= specs(M) INCLUDE ID(T).    { L = parse_spec(ps, M, SPEC_INCLUDE, parse_spec_entry(ps, "include ", T)); }
specs(L) ::= specs(M) SHARING TYPE sharing(S). { L = parse_add_specs(ps, M, S); }
specs(L) ::= specs(M) SHARING sharing(S). { L = parse_add_specs(ps, M, S); }
%type sharing {List}
%type longname {Token}
sharing(L) ::= longname(A) EQ longname(B). { L = parse_sharing(ps, parse_sharing(ps, (List){0}, "type", A), NULL, B); }
sharing(L) ::= sharing(M) EQ longname(B). { L = parse_sharing(ps, M, NULL, B); }
sharing(L) ::= sharing(M) AND longname(A) EQ longname(B). { L = parse_sharing(ps, parse_sharing(ps, M, "type", A), NULL, B); }
sharing(L) ::= sharing(M) AND TYPE longname(A) EQ longname(B). { L = parse_sharing(ps, parse_sharing(ps, M, "type", A), NULL, B); }
longname(N) ::= ID(T).                  { N = T; }
longname(N) ::= LONGID(T).              { N = T; }
specs(L) ::= specs(M) EXCEPTION exbinds(C). { L = parse_con_specs(ps, M, SPEC_EXN, C); }
specs(L) ::= specs(M) STRUCTURE ID(T) COLON sigexp(G). { L = parse_str_spec(ps, M, T.v.s, G); }
%type valspecs {List}
valspecs(L) ::= valname(T) COLON ty(Y).  { L = list_push(ARENA, (List){0}, parse_val_spec(ps, T, Y.t)); }
valspecs(L) ::= valspecs(M) AND valname(T) COLON ty(Y). { L = list_push(ARENA, M, parse_val_spec(ps, T, Y.t)); }
%type valname {Token}
valname(N) ::= ID(T).                   { N = T; }
valname(N) ::= OP opname(T).            { N = T; }
valname(N) ::= infixop(T).              { N = T; }
%type typespecs {List}
%type typespec {Spec *}
typespecs(L) ::= typespec(S).           { L = list_push(ARENA, (List){0}, S); }
typespecs(L) ::= typespecs(M) AND typespec(S). { L = list_push(ARENA, M, S); }
typespec(S) ::= tyvars(V) ID(N).        { S = parse_type_spec(ps, V, N, NULL); }
typespec(S) ::= tyvars(V) ID(N) EQ ty(Y). { S = parse_type_spec(ps, V, N, Y.t); }

dec(D) ::= INFIX fixity.                { D = NULL; }
dec(D) ::= INFIXR fixity.               { D = NULL; }
dec(D) ::= NONFIX fixnames.             { D = NULL; }
dec(D) ::= VAL(T) REC valbinds(B).      { D = parse_val_rec_and(ps, SP(T), B); }
dec(D) ::= EXCEPTION(T) exbinds(L).     { D = ast_exception(ARENA, span_to(SP(T), ps->datatype_end), L); }

%type exbinds {List}
%type exbind {ConDef *}
exbinds(L) ::= exbind(C).               { L = list_push(ARENA, (List){0}, C); }
exbinds(L) ::= exbinds(M) AND exbind(C). { L = list_push(ARENA, M, C); }
exbind(C) ::= ID(T).                    { C = ast_condef(ARENA, T.v.s, 0, (TyInfo){0, 0, 0, NULL}); ps->datatype_end = T.end; }
exbind(C) ::= ID(T) OF ty(Y).           { C = ast_condef(ARENA, T.v.s, 1, Y); ps->datatype_end = Y.end; }
exbind(C) ::= ID(T) EQ ID(A).           { C = ast_condef(ARENA, T.v.s, 0, (TyInfo){0, 0, 0, NULL}); C->alias_of = A.v.s; ps->datatype_end = A.end; }
exbind(C) ::= ID(T) EQ LONGID(A).       { C = ast_condef(ARENA, T.v.s, 0, (TyInfo){0, 0, 0, NULL}); C->alias_of = A.v.s; ps->datatype_end = A.end; }

ldecs(L) ::= .                          { L = (List){0}; }
ldecs(L) ::= ldecs(M) SEMI.             { L = M; }
ldecs(L) ::= ldecs(M) dec(D).           { L = D ? list_push(ARENA, M, D) : M; }

funbinds(L) ::= funbind(F).             { L = list_push(ARENA, (List){0}, F); }
funbinds(L) ::= funbinds(M) AND funbind(F). { L = list_push(ARENA, M, F); }

funbind(F) ::= fclause(C).              { F = parse_fun_start(ps, C); }
funbind(F) ::= funbind(G) BAR fclause(C). { F = parse_fun_add(ps, G, C); }

fclause(C) ::= fname(N) atpats(P) EQ exp(E). { C = parse_fclause(ps, N, P, E); }
fclause(C) ::= fname(N) atpats(P) COLON ty(Y) EQ exp(E). { C = parse_fclause(ps, N, P, parse_annot(E, Y)); }

/* x ++ y = e: a clause of the infix function ++, whose argument is the
** pair (x, y). */
fclause(C) ::= atpat(L) infixop(N) atpat(R) EQ exp(E). { C = parse_fclause_infix(ps, L, N, R, E); }
fclause(C) ::= atpat(L) infixop(N) atpat(R) COLON ty(Y) EQ exp(E). { C = parse_fclause_infix(ps, L, N, R, parse_annot(E, Y)); }
/* (x ++ y) = e, (f ** g) x = e: the infix function's head in parentheses,
** then its further curried arguments. */
fclause(C) ::= parenpat(H) EQ exp(E).   { C = parse_fclause_paren(ps, H, (List){0}, E); }
fclause(C) ::= parenpat(H) atpats(P) EQ exp(E). { C = parse_fclause_paren(ps, H, P, E); }
fclause(C) ::= parenpat(H) COLON ty(Y) EQ exp(E). { C = parse_fclause_paren(ps, H, (List){0}, parse_annot(E, Y)); }
fclause(C) ::= parenpat(H) atpats(P) COLON ty(Y) EQ exp(E). { C = parse_fclause_paren(ps, H, P, parse_annot(E, Y)); }
%type infixop {Token}
infixop(N) ::= IL0(T). { N = T; }
infixop(N) ::= IL1(T). { N = T; }
infixop(N) ::= IL2(T). { N = T; }
infixop(N) ::= IL3(T). { N = T; }
infixop(N) ::= IL4(T). { N = T; }
infixop(N) ::= IL5(T). { N = T; }
infixop(N) ::= IL6(T). { N = T; }
infixop(N) ::= IL7(T). { N = T; }
infixop(N) ::= IL8(T). { N = T; }
infixop(N) ::= IL9(T). { N = T; }
infixop(N) ::= IR0(T). { N = T; }
infixop(N) ::= IR1(T). { N = T; }
infixop(N) ::= IR2(T). { N = T; }
infixop(N) ::= IR3(T). { N = T; }
infixop(N) ::= IR4(T). { N = T; }
infixop(N) ::= IR5(T). { N = T; }
infixop(N) ::= IR6(T). { N = T; }
infixop(N) ::= IR7(T). { N = T; }
infixop(N) ::= IR8(T). { N = T; }
infixop(N) ::= IR9(T). { N = T; }

fname(N) ::= ID(T).                     { N = T; }
fname(N) ::= LONGID(T).                 { N = T; }   /* the prelude's List.nth */
fname(N) ::= OP(O) opname(T).           { N = T; N.off = O.off; N.line = O.line; N.col = O.col; }

datbinds(L) ::= datbind(M).             { L = M; }
datbinds(L) ::= datbinds(M) AND datbind(B). { L = M; for (uint32_t i = 0; i < B.n; i++) L = list_push(ARENA, L, B.v[i]); }

datbind(L) ::= tyvars(V) ID(N) EQ conbinds(C). { L = parse_datbind(ps, V, N, C); }
/* datatype t = datatype M.t: M.t's constructors under their own names */
dec(D) ::= DATATYPE(T) tyvars ID(N) EQ DATATYPE tycon(C). { D = parse_datatype_copy(ps, TO(SP(T), C), N, C); }

conbinds(L) ::= conbind(C).             { L = list_push(ARENA, (List){0}, C); }
conbinds(L) ::= conbinds(M) BAR conbind(C). { L = list_push(ARENA, M, C); }

conbind(C) ::= conname(T).              { C = ast_condef(ARENA, T.v.s, 0, (TyInfo){0, 0, 0, NULL}); ps->datatype_end = T.end; }
conbind(C) ::= conname(T) OF ty(Y).     { C = ast_condef(ARENA, T.v.s, 1, Y); ps->datatype_end = Y.end; }

/* a constructor's name; op before an infix one (SML/NJ also accepts it
** without op) */
%type conname {Token}
conname(N) ::= ID(T).                   { N = T; }
conname(N) ::= OP opname(T).            { N = T; }
conname(N) ::= infixop(T).              { N = T; }
conname(N) ::= symop(T).                { N = T; }

fixity ::= fixnames.
fixity ::= INT fixnames.
fixnames ::= fixname.
fixnames ::= fixnames fixname.
fixname ::= ID.
fixname ::= opname0.
/* a built-in operator named in a fixity declaration (its level is fixed) */
opname0 ::= STAR. opname0 ::= SLASH. opname0 ::= PLUS. opname0 ::= MINUS.
opname0 ::= CARET. opname0 ::= CONS. opname0 ::= APPEND. opname0 ::= EQ.
opname0 ::= NE. opname0 ::= LT. opname0 ::= GT. opname0 ::= LE. opname0 ::= GE.
opname0 ::= DIV. opname0 ::= MOD.

%type typbinds {List}
%type typbind {TyBind *}
typbinds(L) ::= typbind(B).             { L = list_push(ARENA, (List){0}, B); }
typbinds(L) ::= typbinds(M) AND typbind(B). { L = list_push(ARENA, M, B); }
typbind(B) ::= tyvars(V) ID(N) EQ ty(Y). { B = parse_tybind(ps, V, N, Y.t); }

%type tyvars {List}
%type tyvars1 {List}
%type tyvarlist {List}
tyvars(L) ::= .                         { L = (List){0}; }
tyvars(L) ::= tyvars1(V).               { L = V; }
tyvars1(L) ::= TYVAR(T).                { L = list_push(ARENA, (List){0}, (void *)T.v.s); }
tyvars1(L) ::= LPAREN tyvarlist(V) RPAREN. { L = V; }
tyvarlist(L) ::= TYVAR(T).              { L = list_push(ARENA, (List){0}, (void *)T.v.s); }
tyvarlist(L) ::= tyvarlist(M) COMMA TYVAR(T). { L = list_push(ARENA, M, (void *)T.v.s); }

/* ---- types: kept as TyExp for the static semantics ------------------------ */
/* [COLON]: after "e : t", a '*' or '->' continues the type, not the
** expression (e : t1 * t2 is never (e : t1) * t2). */

ty(Y) ::= tupty(T). [COLON]             { Y = T; }
ty(Y) ::= tupty(L) ARROW ty(R).         { Y = (TyInfo){1, 1, R.end, parse_ty2(ps, TYX_ARROW, L.t, R.t)}; }

tupty(Y) ::= appty(T).                  { Y = T; }
tupty(Y) ::= tupty(L) STAR appty(R).    { Y = (TyInfo){L.n + 1, 1, R.end, parse_tystar(ps, L.n, L.t, R.t)}; }

appty(Y) ::= atty(T).                   { Y = T; }
appty(Y) ::= appty(A) tycon(C).         { Y = (TyInfo){1, 1, C.end, parse_tyapp(ps, list_push(ARENA, (List){0}, A.t), C)}; }

%type tycon {Token}
tycon(C) ::= ID(T).                     { C = T; }
tycon(C) ::= LONGID(T).                 { C = T; }

atty(Y) ::= TYVAR(T).                   { Y = (TyInfo){1, 1, T.end, parse_tyname(ps, TYX_VAR, T)}; }
atty(Y) ::= tycon(T).                   { Y = (TyInfo){1, 1, T.end, parse_tyapp(ps, (List){0}, T)}; }
atty(Y) ::= LBRACE(L) tyrows(W) RBRACE(R). { Y = (TyInfo){1, 1, R.end, parse_tyrecord(ps, TO(SP(L), R), W)}; }
atty(Y) ::= LREC(L) tyrows(W) RBRACE(R). { Y = (TyInfo){1, 1, R.end, parse_tyrecord(ps, TO(SP(L), R), W)}; }
atty(Y) ::= LREC(L) RBRACE(R).          { Y = (TyInfo){1, 1, R.end, parse_tyrecord(ps, TO(SP(L), R), (RowList){.dots = 0})}; }
atty(Y) ::= LPAREN ty(T) RPAREN(R).     { Y = (TyInfo){1, T.n == 1 ? T.inner : T.n, R.end, T.t}; }
atty(Y) ::= LPAREN ty(T) COMMA tylist(A) RPAREN tycon(C). { Y = (TyInfo){1, 1, C.end, parse_tyapp(ps, list_cons(ARENA, T.t, A), C)}; }

%type tyrows {RowList}
tyrows(W) ::= label(N) COLON ty(Y).     { W = parse_tyrow(ps, (RowList){0}, N, Y.t); }
tyrows(W) ::= tyrows(M) COMMA label(N) COLON ty(Y). { W = parse_tyrow(ps, M, N, Y.t); }

%type tylist {List}
tylist(L) ::= ty(Y).                    { L = list_push(ARENA, (List){0}, Y.t); }
tylist(L) ::= tylist(M) COMMA ty(Y).    { L = list_push(ARENA, M, Y.t); }

/* ---- expressions ------------------------------------------------------- */

exp(E) ::= appexp(X).                   { E = X; }
exp(E) ::= exp(X) STAR(O) exp(Y).       { E = ast_infix(ARENA, X, SP(O), "*", Y); }
exp(E) ::= exp(X) SLASH(O) exp(Y).      { E = ast_infix(ARENA, X, SP(O), "/", Y); }
exp(E) ::= exp(X) DIV(O) exp(Y).        { E = ast_infix(ARENA, X, SP(O), "div", Y); }
exp(E) ::= exp(X) MOD(O) exp(Y).        { E = ast_infix(ARENA, X, SP(O), "mod", Y); }
exp(E) ::= exp(X) PLUS(O) exp(Y).       { E = ast_infix(ARENA, X, SP(O), "+", Y); }
exp(E) ::= exp(X) MINUS(O) exp(Y).      { E = ast_infix(ARENA, X, SP(O), "-", Y); }
exp(E) ::= exp(X) CARET(O) exp(Y).      { E = ast_infix(ARENA, X, SP(O), "^", Y); }
exp(E) ::= exp(X) CONS(O) exp(Y).       { E = ast_infix(ARENA, X, SP(O), "::", Y); }
exp(E) ::= exp(X) APPEND(O) exp(Y).     { E = ast_infix(ARENA, X, SP(O), "@", Y); }
exp(E) ::= exp(X) EQ(O) exp(Y).         { E = ast_infix(ARENA, X, SP(O), "=", Y); }
exp(E) ::= exp(X) NE(O) exp(Y).         { E = ast_infix(ARENA, X, SP(O), "<>", Y); }
exp(E) ::= exp(X) LT(O) exp(Y).         { E = ast_infix(ARENA, X, SP(O), "<", Y); }
exp(E) ::= exp(X) GT(O) exp(Y).         { E = ast_infix(ARENA, X, SP(O), ">", Y); }
exp(E) ::= exp(X) LE(O) exp(Y).         { E = ast_infix(ARENA, X, SP(O), "<=", Y); }
exp(E) ::= exp(X) GE(O) exp(Y).         { E = ast_infix(ARENA, X, SP(O), ">=", Y); }
exp(E) ::= exp(X) IL0(O) exp(Y). { E = ast_infix(ARENA, X, SP(O), O.v.s, Y); }
exp(E) ::= exp(X) IL1(O) exp(Y). { E = ast_infix(ARENA, X, SP(O), O.v.s, Y); }
exp(E) ::= exp(X) IL2(O) exp(Y). { E = ast_infix(ARENA, X, SP(O), O.v.s, Y); }
exp(E) ::= exp(X) IL3(O) exp(Y). { E = ast_infix(ARENA, X, SP(O), O.v.s, Y); }
exp(E) ::= exp(X) IL4(O) exp(Y). { E = ast_infix(ARENA, X, SP(O), O.v.s, Y); }
exp(E) ::= exp(X) IL5(O) exp(Y). { E = ast_infix(ARENA, X, SP(O), O.v.s, Y); }
exp(E) ::= exp(X) IL6(O) exp(Y). { E = ast_infix(ARENA, X, SP(O), O.v.s, Y); }
exp(E) ::= exp(X) IL7(O) exp(Y). { E = ast_infix(ARENA, X, SP(O), O.v.s, Y); }
exp(E) ::= exp(X) IL8(O) exp(Y). { E = ast_infix(ARENA, X, SP(O), O.v.s, Y); }
exp(E) ::= exp(X) IL9(O) exp(Y). { E = ast_infix(ARENA, X, SP(O), O.v.s, Y); }
exp(E) ::= exp(X) IR0(O) exp(Y). { E = ast_infix(ARENA, X, SP(O), O.v.s, Y); }
exp(E) ::= exp(X) IR1(O) exp(Y). { E = ast_infix(ARENA, X, SP(O), O.v.s, Y); }
exp(E) ::= exp(X) IR2(O) exp(Y). { E = ast_infix(ARENA, X, SP(O), O.v.s, Y); }
exp(E) ::= exp(X) IR3(O) exp(Y). { E = ast_infix(ARENA, X, SP(O), O.v.s, Y); }
exp(E) ::= exp(X) IR4(O) exp(Y). { E = ast_infix(ARENA, X, SP(O), O.v.s, Y); }
exp(E) ::= exp(X) IR5(O) exp(Y). { E = ast_infix(ARENA, X, SP(O), O.v.s, Y); }
exp(E) ::= exp(X) IR6(O) exp(Y). { E = ast_infix(ARENA, X, SP(O), O.v.s, Y); }
exp(E) ::= exp(X) IR7(O) exp(Y). { E = ast_infix(ARENA, X, SP(O), O.v.s, Y); }
exp(E) ::= exp(X) IR8(O) exp(Y). { E = ast_infix(ARENA, X, SP(O), O.v.s, Y); }
exp(E) ::= exp(X) IR9(O) exp(Y). { E = ast_infix(ARENA, X, SP(O), O.v.s, Y); }
exp(E) ::= exp(X) ANDALSO exp(Y).       { E = ast_binary(ARENA, EX_ANDALSO, X, Y); }
exp(E) ::= exp(X) ORELSE exp(Y).        { E = ast_binary(ARENA, EX_ORELSE, X, Y); }
exp(E) ::= exp(X) COLON ty(Y).          { E = parse_annot(ast_widen(X, span_to(X->span, Y.end)), Y); }
exp(E) ::= FN(T) match(M).              { E = ast_fn(ARENA, EX_FN, span_to(SP(T), parse_match_end(M)), NULL, M); }
exp(E) ::= CASE(T) exp(X) OF match(M).  { E = ast_fn(ARENA, EX_CASE, span_to(SP(T), parse_match_end(M)), X, M); }
exp(E) ::= IF(T) exp(C) THEN exp(X) ELSE exp(Y). { E = ast_if(ARENA, span_to(SP(T), Y->span.end), C, X, Y); }
exp(E) ::= WHILE(T) exp(C) DO exp(B).   { E = parse_while(ps, span_to(SP(T), B->span.end), C, B); }
exp(E) ::= RAISE(T) exp(X).             { E = ast_raise(ARENA, span_to(SP(T), X->span.end), X); }
exp(E) ::= exp(X) HANDLE match(M).      { E = ast_fn(ARENA, EX_HANDLE, span_to(X->span, parse_match_end(M)), X, M); }

appexp(E) ::= aexp(X).                  { E = X; }
appexp(E) ::= appexp(F) aexp(X).        { E = ast_app(ARENA, F, X); }

aexp(E) ::= INT(T).                     { E = parse_int(ps, T, NUM_INT); }
aexp(E) ::= WORD(T).                    { E = parse_int(ps, T, NUM_WORD); }
aexp(E) ::= REAL(T).                    { E = ast_real(ARENA, SP(T), T.v.r); }
aexp(E) ::= CHAR(T).                    { E = ast_char(ARENA, SP(T), T.v.i); }
aexp(E) ::= STRING(T).                  { E = ast_string(ARENA, SP(T), T.v.s, T.slen); }
aexp(E) ::= ID(T).                      { E = ast_var(ARENA, SP(T), T.v.s); }
aexp(E) ::= LONGID(T).                  { E = ast_var(ARENA, SP(T), T.v.s); }
aexp(E) ::= OP(T) opname(N).            { E = ast_var(ARENA, TO(SP(T), N), N.v.s); }
aexp(E) ::= OP(T) LONGID(N).            { E = ast_var(ARENA, TO(SP(T), N), N.v.s); }  /* op I.+ */
aexp(E) ::= PROJ(T).                    { E = ast_selector(ARENA, SP(T), T.v.i, NULL); }
aexp(E) ::= SEL(T).                     { E = ast_selector(ARENA, SP(T), 0, T.v.s); }
aexp(E) ::= LPAREN(L) RPAREN(R).        { E = ast_elems(ARENA, EX_TUPLE, TO(SP(L), R), (List){0}); }
aexp(E) ::= LPAREN(L) exps(X) RPAREN(R). { E = X.n == 1 ? ast_widen(X.v[0], TO(SP(L), R)) : ast_elems(ARENA, EX_TUPLE, TO(SP(L), R), X); }
aexp(E) ::= LPAREN(L) seq2(X) RPAREN(R). { E = ast_elems(ARENA, EX_SEQ, TO(SP(L), R), X); }
aexp(E) ::= LBRACK(L) RBRACK(R).        { E = ast_elems(ARENA, EX_LIST, TO(SP(L), R), (List){0}); }
aexp(E) ::= LBRACK(L) exps(X) RBRACK(R). { E = ast_elems(ARENA, EX_LIST, TO(SP(L), R), X); }
aexp(E) ::= LREC(L) RBRACE(R).          { E = ast_elems(ARENA, EX_TUPLE, TO(SP(L), R), (List){0}); }
aexp(E) ::= LREC(L) exprows(X) RBRACE(R). { E = parse_record(ps, TO(SP(L), R), X); }
aexp(E) ::= LBRACE(L) exps(X) RBRACE(R). { E = parse_par(ps, TO(SP(L), R), X); }
aexp(E) ::= LET(L) ldecs(D) IN seqexps(X) END(R). { E = ast_let(ARENA, TO(SP(L), R), D, X); }

/* A record label: a name or a numeral 1, 2, ... */
label(N) ::= ID(T).                     { N = T; }
label(N) ::= INT(T).                    { N = parse_num_label(ps, T); }

exprows(L) ::= label(N) EQ exp(E).      { L = parse_row(ps, (RowList){0}, N, E); }
exprows(L) ::= exprows(M) COMMA label(N) EQ exp(E). { L = parse_row(ps, M, N, E); }

opname(N) ::= ID(T).        { N = T; }
opname(N) ::= IL0(T). { N = T; }
opname(N) ::= IL1(T). { N = T; }
opname(N) ::= IL2(T). { N = T; }
opname(N) ::= IL3(T). { N = T; }
opname(N) ::= IL4(T). { N = T; }
opname(N) ::= IL5(T). { N = T; }
opname(N) ::= IL6(T). { N = T; }
opname(N) ::= IL7(T). { N = T; }
opname(N) ::= IL8(T). { N = T; }
opname(N) ::= IL9(T). { N = T; }
opname(N) ::= IR0(T). { N = T; }
opname(N) ::= IR1(T). { N = T; }
opname(N) ::= IR2(T). { N = T; }
opname(N) ::= IR3(T). { N = T; }
opname(N) ::= IR4(T). { N = T; }
opname(N) ::= IR5(T). { N = T; }
opname(N) ::= IR6(T). { N = T; }
opname(N) ::= IR7(T). { N = T; }
opname(N) ::= IR8(T). { N = T; }
opname(N) ::= IR9(T). { N = T; }

opname(N) ::= DIV(T).       { N = T; N.v.s = "div"; }
opname(N) ::= MOD(T).       { N = T; N.v.s = "mod"; }
opname(N) ::= CONS(T).      { N = T; N.v.s = "::"; }
opname(N) ::= EQ(T).        { N = T; N.v.s = "="; }
opname(N) ::= symop(T).     { N = T; }

/* the built-in operators that may also name a constructor */
%type symop {Token}
symop(N) ::= STAR(T).       { N = T; N.v.s = "*"; }
symop(N) ::= SLASH(T).      { N = T; N.v.s = "/"; }
symop(N) ::= PLUS(T).       { N = T; N.v.s = "+"; }
symop(N) ::= MINUS(T).      { N = T; N.v.s = "-"; }
symop(N) ::= CARET(T).      { N = T; N.v.s = "^"; }
symop(N) ::= APPEND(T).     { N = T; N.v.s = "@"; }
symop(N) ::= NE(T).         { N = T; N.v.s = "<>"; }
symop(N) ::= LT(T).         { N = T; N.v.s = "<"; }
symop(N) ::= GT(T).         { N = T; N.v.s = ">"; }
symop(N) ::= LE(T).         { N = T; N.v.s = "<="; }
symop(N) ::= GE(T).         { N = T; N.v.s = ">="; }

exps(L) ::= exp(E).                     { L = list_push(ARENA, (List){0}, E); }
exps(L) ::= exps(M) COMMA exp(E).       { L = list_push(ARENA, M, E); }

seq2(L) ::= exp(X) SEMI exp(Y).         { L = list_push(ARENA, list_push(ARENA, (List){0}, X), Y); }
seq2(L) ::= seq2(M) SEMI exp(E).        { L = list_push(ARENA, M, E); }

seqexps(L) ::= exp(E).                  { L = list_push(ARENA, (List){0}, E); }
seqexps(L) ::= seqexps(M) SEMI exp(E).  { L = list_push(ARENA, M, E); }

match(L) ::= mrule(R).                  { L = list_push(ARENA, (List){0}, R); }
match(L) ::= match(M) BAR mrule(R).     { L = list_push(ARENA, M, R); }

mrule(R) ::= pat(P) DARROW exp(E).      { R = ast_clause(ARENA, list_push(ARENA, (List){0}, P), E); }

/* ---- patterns ------------------------------------------------------------ */

pat(P) ::= apat(Q).                     { P = Q; }
pat(P) ::= pat(H) CONS pat(T).          { P = ast_pcons(ARENA, H, T); }
pat(P) ::= pat(H) IL0(O) pat(T). { P = parse_pinfix(ps, H, O, T); }
pat(P) ::= pat(H) IL1(O) pat(T). { P = parse_pinfix(ps, H, O, T); }
pat(P) ::= pat(H) IL2(O) pat(T). { P = parse_pinfix(ps, H, O, T); }
pat(P) ::= pat(H) IL3(O) pat(T). { P = parse_pinfix(ps, H, O, T); }
pat(P) ::= pat(H) IL4(O) pat(T). { P = parse_pinfix(ps, H, O, T); }
pat(P) ::= pat(H) IL5(O) pat(T). { P = parse_pinfix(ps, H, O, T); }
pat(P) ::= pat(H) IL6(O) pat(T). { P = parse_pinfix(ps, H, O, T); }
pat(P) ::= pat(H) IL7(O) pat(T). { P = parse_pinfix(ps, H, O, T); }
pat(P) ::= pat(H) IL8(O) pat(T). { P = parse_pinfix(ps, H, O, T); }
pat(P) ::= pat(H) IL9(O) pat(T). { P = parse_pinfix(ps, H, O, T); }
pat(P) ::= pat(H) IR0(O) pat(T). { P = parse_pinfix(ps, H, O, T); }
pat(P) ::= pat(H) IR1(O) pat(T). { P = parse_pinfix(ps, H, O, T); }
pat(P) ::= pat(H) IR2(O) pat(T). { P = parse_pinfix(ps, H, O, T); }
pat(P) ::= pat(H) IR3(O) pat(T). { P = parse_pinfix(ps, H, O, T); }
pat(P) ::= pat(H) IR4(O) pat(T). { P = parse_pinfix(ps, H, O, T); }
pat(P) ::= pat(H) IR5(O) pat(T). { P = parse_pinfix(ps, H, O, T); }
pat(P) ::= pat(H) IR6(O) pat(T). { P = parse_pinfix(ps, H, O, T); }
pat(P) ::= pat(H) IR7(O) pat(T). { P = parse_pinfix(ps, H, O, T); }
pat(P) ::= pat(H) IR8(O) pat(T). { P = parse_pinfix(ps, H, O, T); }
pat(P) ::= pat(H) IR9(O) pat(T). { P = parse_pinfix(ps, H, O, T); }
pat(P) ::= pat(Q) COLON ty(Y).          { P = parse_pannot(ast_pwiden(Q, span_to(Q->span, Y.end)), Y); }
pat(P) ::= ID(T) AS pat(Q).             { P = ast_pas(ARENA, SP(T), T.v.s, Q); }

apat(P) ::= atpat(Q).                   { P = Q; }
apat(P) ::= ID(T) atpat(Q).             { P = ast_pcon(ARENA, span_join(SP(T), Q->span), T.v.s, Q); }
apat(P) ::= LONGID(T) atpat(Q).         { P = ast_pcon(ARENA, span_join(SP(T), Q->span), T.v.s, Q); }
apat(P) ::= OP(O) ID(T) atpat(Q).       { P = ast_pcon(ARENA, span_join(SP(O), Q->span), T.v.s, Q); }

atpat(P) ::= WILD(T).                   { P = ast_pat(ARENA, PAT_WILD, SP(T)); }
atpat(P) ::= LONGID(T).                 { P = ast_pvar(ARENA, PAT_VAR, SP(T), T.v.s); }
atpat(P) ::= ID(T).                     { P = ast_pvar(ARENA, PAT_VAR, SP(T), T.v.s); }
atpat(P) ::= OP(O) opname(T).           { P = ast_pvar(ARENA, PAT_VAR, TO(SP(O), T), T.v.s); }
atpat(P) ::= INT(T).                    { P = parse_pint(ps, T, NUM_INT); }
atpat(P) ::= WORD(T).                   { P = parse_pint(ps, T, NUM_WORD); }
atpat(P) ::= CHAR(T).                   { P = ast_pchar(ARENA, SP(T), T.v.i); }
atpat(P) ::= STRING(T).                 { P = ast_pstring(ARENA, SP(T), T.v.s, T.slen); }
atpat(P) ::= LPAREN(L) RPAREN(R).       { P = ast_pelems(ARENA, PAT_TUPLE, TO(SP(L), R), (List){0}); }
atpat(P) ::= parenpat(Q).               { P = Q; }
%type parenpat {Pat *}
parenpat(P) ::= LPAREN(L) pats(X) RPAREN(R). { P = X.n == 1 ? ast_pwiden(X.v[0], TO(SP(L), R)) : ast_pelems(ARENA, PAT_TUPLE, TO(SP(L), R), X); }
atpat(P) ::= LBRACK(L) RBRACK(R).       { P = ast_pelems(ARENA, PAT_LIST, TO(SP(L), R), (List){0}); }
atpat(P) ::= LREC(L) RBRACE(R).         { P = ast_pelems(ARENA, PAT_TUPLE, TO(SP(L), R), (List){0}); }
atpat(P) ::= LREC(L) patrows(X) RBRACE(R). { P = parse_precord(ps, TO(SP(L), R), X); }
atpat(P) ::= LBRACE(L) patrows(X) RBRACE(R). { P = parse_precord(ps, TO(SP(L), R), X); }
atpat(P) ::= LBRACK(L) pats(X) RBRACK(R). { P = ast_pelems(ARENA, PAT_LIST, TO(SP(L), R), X); }

pats(L) ::= pat(P).                     { L = list_push(ARENA, (List){0}, P); }
pats(L) ::= pats(M) COMMA pat(P).       { L = list_push(ARENA, M, P); }

/* Record pattern rows: label = pat, a punned name (with an optional type
** or as-pattern), and a final "..." (flexible). */
patrows(L) ::= patrow(R).                { L = R; }
patrows(L) ::= patrows(M) COMMA patrow(R). { L = parse_prow_join(ps, M, R); }
%type patrow {RowList}
patrow(L) ::= DOTS(T).                  { L = parse_prow_dots(ps, SP(T)); }
patrow(L) ::= label(N) EQ pat(P).       { L = parse_prow(ps, N, P); }
patrow(L) ::= ID(T).                    { L = parse_prow(ps, T, ast_pvar(ARENA, PAT_VAR, SP(T), T.v.s)); }
patrow(L) ::= ID(T) COLON ty(Y).        { L = parse_prow(ps, T, parse_pannot(ast_pvar(ARENA, PAT_VAR, SP(T), T.v.s), Y)); }
patrow(L) ::= ID(T) AS pat(Q).          { L = parse_prow(ps, T, ast_pas(ARENA, SP(T), T.v.s, Q)); }

atpats(L) ::= atpat(P).                 { L = list_push(ARENA, (List){0}, P); }
atpats(L) ::= atpats(M) atpat(P).       { L = list_push(ARENA, M, P); }
