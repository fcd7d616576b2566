/* breakdown.c — see breakdown.h. */
#include "breakdown.h"

#include <stdlib.h>
#include <string.h>

uint32_t breakdown_pick(const BreakdownRow *rows, uint32_t n, uint32_t nkeys, uint32_t max, uint32_t *picked)
{
    double *score = calloc(nkeys ? nkeys : 1, sizeof *score);
    uint32_t k = 0;
    if (!score) return 0;
    for (uint32_t i = 0; i < n; i++)
        for (uint32_t j = 0; j < rows[i].ncells; j++) score[rows[i].cells[j].key] += rows[i].weight * rows[i].cells[j].space;
    for (; k < max; k++) {
        uint32_t best = nkeys;
        for (uint32_t a = 0; a < nkeys; a++)
            if (score[a] > 0 && (best == nkeys || score[a] > score[best])) best = a;
        if (best == nkeys) break;
        picked[k] = best;
        score[best] = 0;
    }
    free(score);
    return k;
}

void breakdown_fill(const BreakdownRow *row, const uint32_t *picked, uint32_t np, double *y)
{
    double rest = row->heap;
    for (uint32_t l = 0; l < np; l++) {
        y[l] = 0;
        for (uint32_t j = 0; j < row->ncells; j++)
            if (row->cells[j].key == picked[l]) y[l] += row->cells[j].space;
        rest -= y[l];
    }
    y[np] = rest > 0 ? rest : 0;
    y[np + 1] = row->queue;
}

int breakdown_layers(PlotLayer *layers, uint32_t np)
{
    layers[np] = (PlotLayer){strdup("other holders"), "#c9c9c9"};
    layers[np + 1] = (PlotLayer){strdup("scheduler queue"), "#6e6e6e"};
    return layers[np].title && layers[np + 1].title ? 0 : -1;
}
