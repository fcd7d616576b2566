/*
 * profile.h — space over time for one schedule (`pml run --profile
 * FILE.svg`, like hp2ps; docs/sweep.md): the heap, split by holder, and
 * the scheduler queue, stacked, step by step, with the high-water mark
 * marked.
 *
 * Attribution walks the heap graph once per step it is asked for, so it
 * is done at PROFILE_SAMPLES evenly spaced steps (0 and T among them) plus
 * the high-water step, and the plot joins those points with straight
 * lines: a peak between two samples is cut, except the highest, which is
 * always drawn.
 */
#ifndef PML_PROFILE_H
#define PML_PROFILE_H

#include "eval.h"
#include "report.h"

#define PROFILE_SAMPLES 200
#define PROFILE_HOLDERS 8   /* holders drawn, besides other holders and the queue */

/* Simulates o's first policy and P on r and draws svg (with its .dat and
 * .gp).  As plot_stack: 0, 1 (no picture; msg says why), -1 with msg. */
int profile_plot(const CostRun *r, const Sources *s, const ReportOptions *o, const char *svg,
                 char *msg, size_t msglen);

#endif
