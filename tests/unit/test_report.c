/*
 * test_report.c — the per-schedule report (report.c): figures and holders
 * on a graph worked out by hand, and annotation text escaped correctly
 * for JSON strings and CSV fields.
 */
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "report.h"

/* The graph of test_space.c's Fig. 8 example, with annotations 0..2. */
static void build(CostRun *r, Annot *an)
{
    memset(r, 0, sizeof *r);
    Graph *g = &r->g;
    graph_init(g, 10);
    graph_add_node(g, NK_CONST, 1, 0);
    graph_add_node(g, NK_CONST, 2, 0);
    graph_add_node(g, NK_CONST, 1, 0);
    graph_add_node(g, NK_IF, 0, 1);
    graph_add_node(g, NK_TUPLE, 3, 2);
    for (uint32_t v = 1; v < 5; v++) graph_add_edge(g, v, v + 1);
    graph_add_heap(g, 4, 3, HE_USE);
    graph_add_heap(g, 4, 2, HE_USE);
    graph_add_heap(g, 5, 1, HE_RETAIN);
    graph_set_result(g, 5);
    an[0] = (Annot){1, 3, 7, "x"};
    an[1] = (Annot){1, 4, 2, "if say \"hi, there\"\n\\ then"};
    an[2] = (Annot){1, 5, 1, "(a, b)"};
    r->annots = an;
    r->nannots = 3;
    r->result_name = "it";
    r->value_text = (char *)"(1, 2)";
}

static char *render(const CostRun *r, const Sources *s, ReportOptions *o)
{
    char *buf = NULL, msg[200];
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (report_run(f, r, s, o, msg, sizeof msg)) fprintf(f, "ERROR %s", msg);
    fclose(f);
    return buf;
}

int main(void)
{
    CostRun r;
    Annot an[3];
    build(&r, an);
    SrcFile files[2] = {{.path = (char *)"prelude.pml"}, {.path = (char *)"my,file.pml"}};
    Sources src = {.files = files, .n = 2};
    ReportOptions o;
    report_options_default(&o);

    Measure sr;
    char msg[200];
    MeasureOptions mo = report_measure_options(&r, &o, "df", 1);
    CHECK(measure_run(&r.g, &mo, &sr, msg, sizeof msg) == 0 && sr.T == 5 && sr.hwm == 5 &&
          sr.hwm_step == 3 && sr.heap == 4 && sr.queue == 1, "df P=1: T, high-water mark (heap 4 + queue 1) and its step");
    double sum = 0;
    for (uint32_t i = 0; i < sr.nholders; i++) sum += sr.holders[i].space;
    CHECK(sr.nholders == 3 && sr.holders[0].kind == HOLDER_ANNOT && sr.holders[0].annot == 1 &&
          sr.holders[0].space == 3 && sum == 5, "by use: the if's two root edges (3 words), e2's use (1), the queue (1)");
    measure_free(&sr);
    o.by = MEASURE_BY_ALLOC;
    mo = report_measure_options(&r, &o, "df", 1);
    measure_run(&r.g, &mo, &sr, msg, sizeof msg);
    CHECK(sr.nholders == 2 && sr.holders[0].annot == 0 && sr.holders[0].space == 4,
          "by allocation: the three constants (annotation 0) hold 4 words");
    measure_free(&sr);
    o.by = MEASURE_BY_USE;
    mo = report_measure_options(&r, &o, "lifo", 1);
    CHECK(measure_run(&r.g, &mo, &sr, msg, sizeof msg) == -1, "an unknown policy is an error");

    o.format = REPORT_JSON;
    char *js = render(&r, &src, &o);
    CHECK(strstr(js, "\"text\": \"if say \\\"hi, there\\\"\\n\\\\ then\"") != NULL, "JSON escapes quotes, newlines and backslashes in annotations");
    CHECK(strstr(js, "\"file\": \"my,file.pml\", \"line\": 4, \"col\": 2") != NULL, "JSON gives each holder's file, line and column");
    CHECK(strstr(js, "\"kind\": \"queue\"") && strstr(js, "\"hwm\": 5, \"hwm_step\": 3"), "JSON lists the queue as its own holder and the hwm");
    free(js);

    o.format = REPORT_CSV;
    char *cs = render(&r, &src, &o);
    CHECK(strstr(cs, "\"my,file.pml\",4,2,\"if say \"\"hi, there\"\"\n\\ then\"\n") != NULL,
          "CSV quotes fields with commas, quotes and newlines (RFC 4180)");
    CHECK(strncmp(cs, "policy,P,coarse,", 16) == 0, "CSV starts with its header");
    free(cs);

    o.format = REPORT_TEXT;
    o.top = 1;
    char *tx = render(&r, &src, &o);
    CHECK(strstr(tx, "val it = (1, 2)") && strstr(tx, "scheduler queue") && strstr(tx, "(1 more)") &&
          strstr(tx, "my,file.pml:4:2"), "text: value, holders with file:line:col, the queue, and the rest summed with --top 1");
    free(tx);
    graph_free(&r.g);
    return CHECK_DONE();
}
