/*
 * plot.c — see plot.h.  The script does the drawing; this file only lays
 * out numbers and chooses styles, so the .gp stays readable and editable.
 */
#include "plot.h"

#include <errno.h>
#include <stddef.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "child.h"
#include "docpath.h"
#include "outfile.h"
#include "textout.h"

/* Per policy, in sched_policy_names order: the paper's Fig. 10 uses + for
 * depth-first, x for breadth-first and a square for work stealing. */
static const char *const line_colors[] = {"#1f5fa8", "#c8281e", "#238b45", "#7b3294", "#e6760a"};
static const int line_dashes[] = {1, 2, 4, 5, 3};
static const int line_points[] = {1, 2, 4, 6, 8};
#define NLINESTYLES 5

/* Areas: distinct, print-safe colours; grays are left for "other" and the queue. */
static const char *const area_colors[] = {"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
                                          "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#86bcb6"};
#define NAREACOLORS 10

/* The picture formats, by file name extension: gnuplot's own terminals. */
static const char *const format_ext[] = {[PLOT_SVG] = ".svg", [PLOT_PNG] = ".png", [PLOT_PDF] = ".pdf"};

int plot_format(const char *path)
{
    const char *slash = strrchr(path, '/'), *base = slash ? slash + 1 : path;
    size_t n = strlen(base);
    for (int f = 0; f < 3; f++)
        if (n > 4 && strcmp(base + n - 4, format_ext[f]) == 0) return f;
    return -1;
}

/* The three paths of a plot: X.svg (.png, .pdf) -> X.dat, X.gp, and their base names. */
typedef struct PlotPaths { char *dir, *pic, *dat, *gp; PlotFormat format; } PlotPaths;

static void paths_free(PlotPaths *p) { free(p->dir); free(p->pic); free(p->dat); free(p->gp); }

static int paths_make(const char *pic, PlotPaths *p)
{
    const char *slash = strrchr(pic, '/');
    const char *base = slash ? slash + 1 : pic;
    size_t stem = strlen(base);
    int f = plot_format(pic);
    memset(p, 0, sizeof *p);
    p->format = f < 0 ? PLOT_SVG : (PlotFormat)f;
    if (f >= 0) stem -= 4;
    p->dir = slash ? strndup(pic, (size_t)(slash - pic) + 1) : strdup("./");
    p->pic = strdup(base);
    p->dat = malloc(stem + 5);
    p->gp = malloc(stem + 4);
    if (!p->dir || !p->pic || !p->dat || !p->gp) { paths_free(p); return -1; }
    sprintf(p->dat, "%.*s.dat", (int)stem, base);
    sprintf(p->gp, "%.*s.gp", (int)stem, base);
    return 0;
}

/* The part of path after its last '/'. */
static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* DIR + NAME, for outfile_open (malloc'd). */
static char *in_dir(const PlotPaths *p, const char *name)
{
    char *s = malloc(strlen(p->dir) + strlen(name) + 1);
    if (s) sprintf(s, "%s%s", p->dir, name);
    return s;
}

/* A gnuplot string: single quotes (only '' is special); no control characters. */
static void gp_string(FILE *f, const char *s)
{
    fputc('\'', f);
    for (; *s; s++) {
        if (*s == '\'') fputc('\'', f);
        fputc((unsigned char)*s < 0x20 ? ' ' : *s, f);
    }
    fputc('\'', f);
}

/* A legend entry: a gnuplot string cut at LABEL_MAX bytes (on a
 * character boundary), the source position being the useful part. */
#define LABEL_MAX 64
static void gp_label(FILE *f, const char *s)
{
    size_t n = strlen(s);
    if (n <= LABEL_MAX) { gp_string(f, s); return; }
    n = LABEL_MAX;
    while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80) n--;
    char buf[LABEL_MAX + 4];
    snprintf(buf, sizeof buf, "%.*s...", (int)n, s);
    gp_string(f, buf);
}

static void dat_number(FILE *f, double x)
{
    if (isnan(x)) fputs(" NaN", f);
    else fprintf(f, " %s", num_text(x).s);
}

/* The opening every script shares: where the picture goes, its terminal
 * (by the extension), size (pixels; a PDF at 100 pixels an inch), fonts. */
static void gp_preamble(FILE *f, const PlotPaths *p, int width, int height)
{
    fprintf(f, "# Written by pml (%s).  Redraw with: gnuplot ", docpath("docs/sweep.md"));
    fputs(p->gp, f);
    fputs("\nif (!exists(\"outfile\")) outfile = ", f);
    gp_string(f, p->pic);
    if (p->format == PLOT_SVG)
        fprintf(f, "\nset terminal svg size %d,%d dynamic noenhanced font 'Helvetica,11' background '#ffffff'\n", width,
                height);
    else if (p->format == PLOT_PNG)
        fprintf(f, "\nset terminal pngcairo size %d,%d noenhanced font 'Helvetica,9' background '#ffffff'\n", width,
                height);
    else
        fprintf(f, "\nset terminal pdfcairo size %.2fin,%.2fin noenhanced font 'Helvetica,7' background '#ffffff'\n",
                width / 100.0, height / 100.0);
    fputs("if (outfile eq '-') { set output } else { set output outfile }\n"
          "if (!exists(\"datafile\")) datafile = ", f);
    gp_string(f, p->dat);
    fputc('\n', f);
}

static void gp_titles(FILE *f, const char *title, const char *xlabel, const char *ylabel)
{
    if (title) { fputs("set title ", f); gp_string(f, title); fputc('\n', f); }
    if (xlabel) { fputs("set xlabel ", f); gp_string(f, xlabel); fputc('\n', f); }
    if (ylabel) { fputs("set ylabel ", f); gp_string(f, ylabel); fputc('\n', f); }
}

/* ---- running gnuplot ---- */

/* Runs `gnuplot -e "outfile='-'; datafile='D'" G` in the plot's
 * directory, G and D the script and data where they are now (their
 * temporary files until the command's outputs are committed: main.c), its
 * picture copied to out.  0, or 1 with msg (gnuplot missing or failing;
 * a failed write to out is left in out's error flag, for its commit). */
static int render(const PlotPaths *p, FILE *out, char *msg, size_t msglen)
{
    const char *prog = getenv("PML_GNUPLOT") ? getenv("PML_GNUPLOT") : "gnuplot";
    char *gp = in_dir(p, p->gp), *dat = in_dir(p, p->dat), *e = NULL;
    const char *gp_now = gp ? outfile_pending(gp) : NULL, *dat_now = dat ? outfile_pending(dat) : NULL;
    int rc = 1;
    if (!gp || !dat || !(e = malloc(strlen(dat_now) + 40))) { snprintf(msg, msglen, "out of memory"); goto end; }
    /* a temporary file's name is pml's own, with no quote; the real name is the script's default */
    if (dat_now == dat) strcpy(e, "outfile='-'");
    else sprintf(e, "outfile='-'; datafile='%s'", base_name(dat_now));
    const char *argv[] = {prog, "-e", e, base_name(gp_now), NULL};
    ChildRun c = {argv, p->dir, NULL, 0, out, CHILD_ERR_SHOW};
    switch (child_run(&c)) {
    case CHILD_OK: case CHILD_OUTPUT: rc = 0; break;
    case CHILD_MISSING: snprintf(msg, msglen, "'%s' not found (install gnuplot-nox); kept %s and %s", prog, p->dat, p->gp); break;
    case CHILD_SYSTEM: snprintf(msg, msglen, "cannot start gnuplot: %s", strerror(errno)); break;
    default: snprintf(msg, msglen, "gnuplot failed on %s; kept %s and %s", p->gp, p->dat, p->gp); break;
    }
end:
    free(gp); free(dat); free(e);
    return rc;
}

/* The picture gnuplot wrote (into fd, flushed) must be there whole, even
 * when gnuplot exits 0: an SVG ending in </svg>, a PNG in its IEND chunk,
 * a PDF in %%EOF.  0 if it is. */
static int picture_whole(int fd, PlotFormat format)
{
    static const char *const ends[] = {[PLOT_SVG] = "</svg>", [PLOT_PNG] = "IEND\xae\x42\x60\x82", [PLOT_PDF] = "%EOF"};
    off_t end = lseek(fd, 0, SEEK_END);
    char tail[64];
    if (end <= 0) return -1;
    off_t from = end > (off_t)sizeof tail ? end - (off_t)sizeof tail : 0;
    ssize_t n = pread(fd, tail, (size_t)(end - from), from);
    if (n <= 0) return -1;
    size_t k = strlen(ends[format]);
    for (size_t i = 0; i + k <= (size_t)n; i++)
        if (memcmp(tail + i, ends[format], k) == 0) return 0;
    return -1;
}

/* Writes one of the plot's files through write(f, arg), whole or not at all. */
static int write_file(const PlotPaths *p, const char *name, void (*write)(FILE *, const void *, const PlotPaths *),
                      const void *arg, char *msg, size_t msglen)
{
    char *path = in_dir(p, name);
    OutFile o;
    int rc = -1;
    if (!path) snprintf(msg, msglen, "out of memory");
    else if (outfile_open(&o, path) == 0) {
        write(o.f, arg, p);
        rc = outfile_commit(&o);    /* gnuplot reads it next, where outfile_pending says */
    }
    if (rc && path) msg[0] = 0;     /* outfile_* said why */
    free(path);
    return rc;
}

/* Data and script, then the picture. */
static int plot_files(const char *pic, void (*dat)(FILE *, const void *, const PlotPaths *),
                      void (*gp)(FILE *, const void *, const PlotPaths *), const void *arg,
                      char *msg, size_t msglen)
{
    PlotPaths p;
    if (plot_format(pic) < 0) {
        snprintf(msg, msglen, "%s: unknown picture format (give a name ending in %s)", pic, PLOT_EXTENSIONS);
        return -1;
    }
    if (paths_make(pic, &p)) { snprintf(msg, msglen, "out of memory"); return -1; }
    int rc = write_file(&p, p.dat, dat, arg, msg, msglen);
    if (!rc) rc = write_file(&p, p.gp, gp, arg, msg, msglen);
    OutFile o;
    if (!rc && outfile_open(&o, pic)) { msg[0] = 0; rc = -1; }
    if (!rc) {
        rc = render(&p, o.f, msg, msglen);
        /* a failed write is outfile_commit's to report, with its reason */
        if (!rc && fflush(o.f) == 0 && !ferror(o.f) && picture_whole(o.fd, p.format)) {
            snprintf(msg, msglen, "gnuplot's picture %s is incomplete", pic);
            rc = -1;
        }
        if (rc) outfile_abort(&o);
        else if (outfile_commit(&o)) { msg[0] = 0; rc = -1; }
    }
    paths_free(&p);
    return rc;
}

/* ---- lines against x (paper Fig. 10) ---- */

/* The .dat file's first line: "# x | title | title …", each title the
 * first member of one of n structs `size` bytes apart from `first`. */
_Static_assert(offsetof(PlotSeries, title) == 0 && offsetof(PlotLayer, title) == 0, "titles come first");
static void dat_titles(FILE *f, const void *first, size_t size, uint32_t n)
{
    fputs("# x", f);
    for (uint32_t i = 0; i < n; i++) fprintf(f, " | %s", *(const char *const *)((const char *)first + i * size));
    fputc('\n', f);
}

static void lines_dat(FILE *f, const void *arg, const PlotPaths *p)
{
    const PlotLines *l = arg;
    (void)p;
    dat_titles(f, l->series, sizeof *l->series, l->nseries);
    for (uint32_t i = 0; i < l->nx; i++) {
        fputs(num_text(l->x[i]).s, f);
        for (uint32_t s = 0; s < l->nseries; s++) dat_number(f, l->y[(size_t)i * l->nseries + s]);
        fputc('\n', f);
    }
}

static void lines_gp(FILE *f, const void *arg, const PlotPaths *p)
{
    const PlotLines *l = arg;
    gp_preamble(f, p, 760, 500);
    gp_titles(f, l->title, l->xlabel, l->ylabel);
    fputs("set key outside right top vertical Left reverse samplen 3 spacing 1.2\n"
          "set grid lc rgb '#dddddd'\nset border 3\nset tics nomirror\nset offsets graph 0.03, graph 0.03, graph 0.05, 0\n"
          "set autoscale xfix\n", f);
    fputs(l->loglog ? "set logscale xy\n" : "set yrange [0:*]\n", f);
    for (int s = 0; s < NLINESTYLES; s++)
        fprintf(f, "set style line %d lc rgb '%s' dt %d pt %d lw 1.5\n", s + 1, line_colors[s], line_dashes[s],
                line_points[s]);
    fputs("plot", f);
    for (uint32_t s = 0; s < l->nseries; s++) {
        const PlotSeries *ps = &l->series[s];
        fprintf(f, "%s \\\n  datafile using 1:%u with %s ls %u ps %.2f title ", s ? "," : "", s + 2,
                ps->points ? "points" : "linespoints", ps->style % NLINESTYLES + 1, ps->pointsize);
        gp_label(f, ps->title);
    }
    fputc('\n', f);
}

/* ---- stacked areas (paper Figs. 2b, 11) ---- */

static void stack_dat(FILE *f, const void *arg, const PlotPaths *p)
{
    const PlotStack *st = arg;
    (void)p;
    dat_titles(f, st->layers, sizeof *st->layers, st->nlayers);
    fputs("# one block per panel (gnuplot index 0, 1, ...), two blank lines apart\n", f);
    for (uint32_t k = 0; k < st->npanels; k++) {
        const PlotPanel *pn = &st->panels[k];
        fprintf(f, "%s# %s\n", k ? "\n\n" : "", pn->title ? pn->title : "");
        for (uint32_t i = 0; i < pn->nx; i++) {
            fputs(num_text(pn->x[i]).s, f);
            for (uint32_t l = 0; l < st->nlayers; l++) dat_number(f, pn->y[(size_t)i * st->nlayers + l]);
            fputc('\n', f);
        }
    }
}

/* ($2+$3+...): the top of layer l-1 (0 for l = 0), columns 2.. being layers 0.. */
static void gp_cumulative(FILE *f, uint32_t l)
{
    if (l == 0) { fputs("(0)", f); return; }
    fputc('(', f);
    for (uint32_t c = 0; c < l; c++) fprintf(f, "%s$%u", c ? "+" : "", c + 2);
    fputc(')', f);
}

static const char *layer_color(const PlotStack *st, uint32_t l)
{
    if (st->layers[l].color) return st->layers[l].color;
    uint32_t k = 0;
    for (uint32_t i = 0; i < l; i++) k += st->layers[i].color == NULL;
    return area_colors[k % NAREACOLORS];
}

/* One panel: layers drawn top first, so the legend reads like the stack. */
static void stack_panel(FILE *f, const PlotStack *st, uint32_t k, int with_key)
{
    const PlotPanel *pn = &st->panels[k];
    if (pn->title) { fputs("set title ", f); gp_string(f, pn->title); fputc('\n', f); }
    if (!isnan(pn->mark_x))
        fprintf(f, "set arrow 1 from %s, graph 0 to %s, graph 1 nohead dt 2 lw 1.5 lc rgb '#000000' front\n",
                num_text(pn->mark_x).s, num_text(pn->mark_x).s);
    fputs(with_key ? "set key\n" : "unset key\n", f);
    fputs("plot", f);
    for (uint32_t n = 0; n < st->nlayers; n++) {
        uint32_t l = st->nlayers - 1 - n;
        fprintf(f, "%s \\\n  datafile index %u using 1:", n ? "," : "", k);
        gp_cumulative(f, l);
        fputc(':', f);
        gp_cumulative(f, l + 1);
        fprintf(f, " with filledcurves fc rgb '%s' title ", layer_color(st, l));
        gp_label(f, st->layers[l].title);
    }
    fputs("\nunset arrow 1\n", f);
}

static void stack_gp(FILE *f, const void *arg, const PlotPaths *p)
{
    const PlotStack *st = arg;
    uint32_t ncols = st->ncols ? st->ncols : 1, nrows = (st->npanels + ncols - 1) / ncols;
    int pw = ncols > 1 ? 380 : 760, ph = ncols > 1 ? 280 : 420, title_h = st->title ? 36 : 8;
    int key_h = 18 * (int)st->nlayers + 24;
    int W = pw * (int)ncols, H = title_h + ph * (int)nrows + key_h;
    gp_preamble(f, p, W, H);
    gp_titles(f, NULL, st->xlabel, st->ylabel);
    fputs("set style fill solid 0.9 noborder\nset grid front lc rgb '#cccccc'\nset border 3\nset tics nomirror front\n"
          "set yrange [0:*]\nset autoscale xfix\n", f);
    fprintf(f, "set key at screen 0.02, %.4f left top Left reverse samplen 2 spacing 1.15 maxrows %u\n",
            (double)(key_h - 8) / H, st->nlayers ? st->nlayers : 1);
    fputs("set multiplot", f);
    if (st->title) { fputs(" title ", f); gp_string(f, st->title); }
    fputc('\n', f);
    for (uint32_t k = 0; k < st->npanels; k++) {
        uint32_t r = k / ncols, c = k % ncols;
        fprintf(f, "\n# panel %u\nset origin %.4f, %.4f\nset size %.4f, %.4f\n", k + 1, (double)c / ncols,
                (double)(key_h + ph * (int)(nrows - 1 - r)) / H, 1.0 / ncols, (double)ph / H);
        stack_panel(f, st, k, k == 0);
    }
    fputs("unset multiplot\n", f);
}

/* ---- processor timeline ---- */

/* One block per group (gnuplot index g): "x0 x1 processor" per box. */
static void timeline_dat(FILE *f, const void *arg, const PlotPaths *p)
{
    const PlotTimeline *t = arg;
    (void)p;
    fputs("# first_step last_step processor; one block per function (gnuplot index 0, 1, ...)\n", f);
    for (uint32_t g = 0; g < t->ngroups; g++) {
        fprintf(f, "%s# %s\n", g ? "\n\n" : "", t->groups[g]);
        for (uint32_t i = 0; i < t->nboxes; i++)
            if ((uint32_t)t->box[4 * i + 3] == g) fprintf(f, "%g %g %g\n", t->box[4 * i], t->box[4 * i + 1], t->box[4 * i + 2]);
    }
}

static void timeline_gp(FILE *f, const void *arg, const PlotPaths *p)
{
    const PlotTimeline *t = arg;
    uint32_t rows = t->P < 64 ? t->P : 64;
    gp_preamble(f, p, 900, 150 + 18 * (int)rows + 18 * (int)t->ngroups);
    gp_titles(f, t->title, t->xlabel, "processor");
    fprintf(f, "set style fill solid 1.0 noborder\nset border 3\nset tics nomirror\nset grid x lc rgb '#eeeeee'\n"
               "set xrange [0.5:%u.5]\nset yrange [%g:-0.6] reverse\n", t->T, t->P - 0.4);
    if (t->P <= 32) fputs("set ytics 1\n", f);
    fputs("set key outside bottom center horizontal Left reverse samplen 1.5 maxcols 3\n", f);
    int any = 0;
    fputs("plot", f);
    for (uint32_t g = 0; g < t->ngroups; g++) {
        int has = 0;
        for (uint32_t i = 0; i < t->nboxes && !has; i++) has = (uint32_t)t->box[4 * i + 3] == g;
        if (!has) continue; /* gnuplot refuses an empty block */
        const char *colour = g + 1 == t->ngroups && strcmp(t->groups[g], "other functions") == 0
                                 ? "#aaaaaa" : area_colors[g % NAREACOLORS];
        fprintf(f, "%s \\\n  datafile index %u using (($1+$2)/2):3:1:2:($3-0.4):($3+0.4) with boxxyerror fc rgb '%s' title ",
                any ? "," : "", g, colour);
        gp_label(f, t->groups[g]);
        any = 1;
    }
    if (!any) fputs(" NaN notitle", f);
    fputc('\n', f);
}

/* ---- the pictures (plot.h) ---- */

int plot_lines(const char *svg, const PlotLines *p, char *msg, size_t msglen)
{
    return plot_files(svg, lines_dat, lines_gp, p, msg, msglen);
}

int plot_stack(const char *svg, const PlotStack *p, char *msg, size_t msglen)
{
    return plot_files(svg, stack_dat, stack_gp, p, msg, msglen);
}

int plot_timeline(const char *pic, const PlotTimeline *p, char *msg, size_t msglen)
{
    return plot_files(pic, timeline_dat, timeline_gp, p, msg, msglen);
}
