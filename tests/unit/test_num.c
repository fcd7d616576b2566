/*
 * test_num.c — words and IntInf.int (src/eval/num.c; docs/semantics.md,
 * "Words and IntInf"): word masks and text, bignum constants and sizes,
 * GMP's memory in the collector's heap, Real.fmt's corners, and a
 * bignum's size in the cost graph.
 */
#include <gc.h>
#include <string.h>

#include "check.h"
#include "eval.h"
#include "num.h"
#include "resolve.h"

static void test_words(void)
{
    CHECK(num_word_mask(8) == 0xFF, "Word8's mask is 8 bits");
    CHECK(num_word_mask(0) == 0x7FFFFFFFFFFFFFFFull, "a word of unknown width is Word's 63 bits");
    CHECK(num_word_mask(64) == UINT64_MAX, "Word64's mask is every bit");
    char t[24];
    num_word_text(0x1F, t);
    CHECK(strcmp(t, "0wx1F") == 0, "a word prints as 0wx1F (got %s)", t);
    num_word_text(0, t);
    CHECK(strcmp(t, "0wx0") == 0, "zero prints as 0wx0 (got %s)", t);
}

static void test_bignums(void)
{
    mpz_t z;
    mpz_init(z);
    num_big_const(z, 0, "~123456789012345678901234567890", 31);
    char *s = num_big_text(z, 10);
    CHECK(strcmp(s, "~123456789012345678901234567890") == 0, "a big constant reads and prints with ~ (got %s)", s);
    num_big_const(z, 0, "0x10000000000000000", 19);
    CHECK(mpz_sizeinbase(z, 2) == 65, "a hexadecimal big constant is 2^64");
    CHECK(num_big_size(z) == 3, "2^64 is two limbs and a header word (got %u)", num_big_size(z));
    num_big_const(z, 0, NULL, 0);
    CHECK(num_big_size(z) == 2, "0 counts one limb and the header (got %u)", num_big_size(z));
    num_big_const(z, -5, NULL, 0);
    CHECK(strcmp(num_big_text(z, 10), "~5") == 0, "a small constant from ival");
    CHECK(strcmp(num_big_text(z, 16), "~5") == 0 && mpz_cmp_si(z, -5) == 0, "hex text of ~5");
}

/* GMP allocates in the collector's heap: bignums made and dropped in a
 * loop leave the heap bounded. */
static void test_gmp_collected(void)
{
    num_init();
    size_t before = GC_get_heap_size();
    for (int i = 0; i < 20000; i++) {
        mpz_t z;
        mpz_init(z);
        mpz_ui_pow_ui(z, 3, 20000);     /* about 4 KB of limbs each, 80 MB in all */
    }
    GC_gcollect();
    size_t after = GC_get_heap_size();
    CHECK(after < before + ((size_t)64 << 20), "80 MB of dropped bignums are collected (heap %zu -> %zu bytes)",
          before, after);
}

static void fmt_is(double r, char mode, int prec, const char *want)
{
    char out[512];
    num_real_fmt(r, mode, prec, out, sizeof out);
    CHECK(strcmp(out, want) == 0, "Real.fmt %c %d of %.17g is %s (got %s)", mode, prec, r, want, out);
}

static void test_real_fmt(void)
{
    fmt_is(0.35, 'F', 1, "0.4");        /* SML/NJ's digits, rounded half to even */
    fmt_is(0.25, 'F', 1, "0.2");
    fmt_is(0.005, 'F', 2, "0.00");
    fmt_is(2.675, 'G', 3, "2.67");
    fmt_is(2.5, 'F', 0, "2");
    fmt_is(999.999, 'F', 2, "1000.00");
    fmt_is(9.999, 'S', 2, "1.00E1");
    fmt_is(25.0, 'G', 1, "2E01");
    fmt_is(0.00005, 'G', 4, "5E~05");
    fmt_is(1e10, 'G', 12, "10000000000.0");
    fmt_is(0.0, 'S', 3, "0.000E0");
    fmt_is(-0.0, 'F', 2, "~0.00");
    fmt_is(-0.0, 'G', 3, "~0.0");
    fmt_is(0.1, 'F', 30, "0.100000000000000000000000000000");
    fmt_is(1.0 / 0.0, 'S', 2, "inf");
    fmt_is(-1.0 / 0.0, 'F', 2, "~inf");
    fmt_is(0.0 / 0.0, 'G', 2, "nan");
    fmt_is(3.14159, 'E', 0, "0.314159E1");
    fmt_is(1e-10, 'S', 1, "1.0E~10");
    fmt_is(1.0 / 3.0, 'F', 25, "0.3333333333333330000000000");   /* 15 digits, then zeros */
    fmt_is(1.0 / 3.0, 'S', 20, "3.33333333333333E~1");           /* SCI: 15 digits at most */
}

/* A bignum result is one node of its size: IntInf.pow (2, 200) has four
 * limbs, so 5 words. */
static void test_cost(void)
{
    const char *text = "val r = IntInf.pow (2, 200)";
    EvalOptions o;
    eval_options_default(&o);
    Sources s = {0};
    src_add(&s, "lib/prelude.pml", "", 0);
    src_add(&s, "t.pml", text, strlen(text));
    Program *p = ast_program_new();
    CostRun run;
    Diag d = {0};
    int rc = lang_parse(&s, 1, p, &d) == 0 && resolve_program(p, &d) == 0 ? eval_program(p, &s, &o, &run, &d) : -1;
    CHECK(rc == 0, "IntInf.pow (2, 200) runs (%s)", rc ? d.msg : "ok");
    if (rc == 0) {
        uint32_t v = graph_result(&run.g);
        CHECK(graph_size(&run.g, v) == 5, "2^200's node has size 1 + 4 limbs (got %u)", graph_size(&run.g, v));
        cost_run_free(&run);
    }
    ast_program_free(p);
    src_free(&s);
}

int main(void)
{
    GC_INIT();
    test_words();
    test_bignums();
    test_gmp_collected();
    test_real_fmt();
    test_cost();
    return CHECK_DONE();
}
