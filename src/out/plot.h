/*
 * plot.h — pictures through gnuplot, for `pml sweep --plot` and
 * `pml run --profile` (docs/sweep.md).
 *
 * A plot is three files side by side: the data (X.dat, plain columns), a
 * gnuplot script that reads it (X.gp) and the picture it draws (X.svg,
 * X.png or X.pdf: the extension chooses gnuplot's terminal, svg, pngcairo
 * or pdfcairo).  The
 * script names its files relative to its own directory, so
 * `cd DIR && gnuplot X.gp` redraws the picture after an edit.  Each file
 * is written whole or not at all (outfile_open); when gnuplot is missing or
 * fails, the data and script are kept and plot_* returns 1 with a note.
 * The gnuplot program is `gnuplot`, or $PML_GNUPLOT.
 */
#ifndef PML_PLOT_H
#define PML_PLOT_H

#include <stddef.h>
#include <stdint.h>

typedef enum PlotFormat { PLOT_SVG, PLOT_PNG, PLOT_PDF } PlotFormat;
#define PLOT_EXTENSIONS ".svg, .png or .pdf"

/* The format a picture's file name asks for, by its extension; -1 for
 * none of PLOT_EXTENSIONS (callers say so as a usage error). */
int plot_format(const char *path);

/* One line of a line plot. */
typedef struct PlotSeries {
    const char *title;
    uint32_t style;     /* colour, dash and point type: 0 df (+), 1 bf (x), 2 ws (square), … */
    double pointsize;   /* larger for more processors (paper Fig. 10) */
    int points;         /* points only, no line (measured values beside predicted lines) */
} PlotSeries;

/* Lines against x: y[i * nseries + s] is series s at x[i], NaN if missing. */
typedef struct PlotLines {
    const char *title, *xlabel, *ylabel;
    int loglog;         /* both axes logarithmic */
    uint32_t nx, nseries;
    const double *x, *y;
    const PlotSeries *series;
} PlotLines;

/* One area of a stacked plot; color NULL picks the next of a palette. */
typedef struct PlotLayer { const char *title, *color; } PlotLayer;

/* One panel of a stacked plot: y[i * nlayers + l] is layer l's part at x[i]. */
typedef struct PlotPanel {
    const char *title;
    uint32_t nx;
    const double *x, *y;
    double mark_x;      /* a dashed vertical line here (the high-water mark); NaN for none */
} PlotPanel;

/* Stacked areas, layer 0 at the bottom (paper Figs. 2b, 11), in a grid of
 * panels ncols wide, with one legend for all of them under the grid. */
typedef struct PlotStack {
    const char *title, *xlabel, *ylabel;
    uint32_t nlayers, npanels, ncols;
    const PlotLayer *layers;
    const PlotPanel *panels;
} PlotStack;

/* A processor timeline: boxes of processor-steps, coloured by group.
 * box[4 * i ..]: first x, last x (step coordinates, boxes span x0..x1),
 * processor 0..P-1, group 0..ngroups-1. */
typedef struct PlotTimeline {
    const char *title, *xlabel;
    uint32_t P, T, ngroups;
    const char *const *groups;  /* legend names, in group order */
    uint32_t nboxes;
    const double *box;
} PlotTimeline;

/* Write pic's .dat and .gp, then draw pic.  0 when all three are written;
 * 1 when gnuplot is missing or failed (data and script kept; msg says
 * so); -1 with msg when a file cannot be written (msg "": outfile.h
 * has said which and why), gnuplot's picture is incomplete, or pic's
 * extension is not one of PLOT_EXTENSIONS. */
int plot_lines(const char *pic, const PlotLines *p, char *msg, size_t msglen);
int plot_stack(const char *pic, const PlotStack *p, char *msg, size_t msglen);
int plot_timeline(const char *pic, const PlotTimeline *p, char *msg, size_t msglen);

#endif
