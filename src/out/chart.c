/*
 * chart.c — see chart.h.
 */
#include "chart.h"

#include <string.h>

Chart chart_of(const SpaceProfile *sp)
{
    Chart c;
    memset(&c, 0, sizeof c);
    uint64_t steps = (uint64_t)sp->T + 1;
    c.ncols = steps < CHART_WIDTH ? (uint32_t)steps : CHART_WIDTH;
    c.T = sp->T;
    c.hwm = sp->hwm;
    c.mark_col = (uint32_t)((uint64_t)sp->hwm_step * c.ncols / steps);
    for (uint64_t t = 0; t < steps; t++) {
        uint64_t s = sp->heap[t] + (sp->with_queue && sp->queue ? sp->queue[t] : 0);
        uint32_t k = (uint32_t)(t * c.ncols / steps);
        if (s > c.col[k]) c.col[k] = s;
    }
    return c;
}

/* Rows of a column of space s: 0..CHART_HEIGHT, rounded up so that any
 * space shows. */
static uint32_t rows_of(const Chart *c, uint64_t s)
{
    if (!c->hwm || !s) return 0;
    return (uint32_t)((s * CHART_HEIGHT + c->hwm - 1) / c->hwm);
}

void chart_print(FILE *f, const Chart *c, const char *units)
{
    char top[24];
    int w = snprintf(top, sizeof top, "%llu", (unsigned long long)c->hwm);
    fprintf(f, "  %*s\n", w, units);
    for (uint32_t r = CHART_HEIGHT; r >= 1; r--) {
        uint32_t end = c->ncols;    /* no blanks at the end of the line */
        while (end > 0 && rows_of(c, c->col[end - 1]) < r) end--;
        fprintf(f, "  %*s%c", w, r == CHART_HEIGHT ? top : "", r == CHART_HEIGHT ? '^' : '|');
        for (uint32_t k = 0; k < end; k++)
            fputc(rows_of(c, c->col[k]) >= r ? (k == c->mark_col ? '#' : ':') : ' ', f);
        fputc('\n', f);
    }
    fprintf(f, "  %*s+", w, "0");
    for (uint32_t k = 0; k < c->ncols; k++) fputc('-', f);
    fputs(">step\n", f);
    fprintf(f, "  %*s0", w + 1, "");
    if (c->ncols > 1) fprintf(f, "%*u", (int)c->ncols - 1, c->T);
    fputc('\n', f);
}
