# Written by pml (docs/sweep.md).  Redraw with: gnuplot fib6-ws4-timeline.gp
if (!exists("outfile")) outfile = 'fib6-ws4-timeline.svg'
set terminal svg size 900,258 dynamic noenhanced font 'Helvetica,11' background '#ffffff'
if (outfile eq '-') { set output } else { set output outfile }
datafile = 'fib6-ws4-timeline.dat'
set title 'fib.pml, ws, P=4: 119 steps, 10 delay, 140 no-work'
set xlabel 'step'
set ylabel 'processor'
set style fill solid 1.0 noborder
set border 3
set tics nomirror
set grid x lc rgb '#eeeeee'
set xrange [0.5:119.5]
set yrange [3.6:-0.6] reverse
set ytics 1
set key outside bottom center horizontal Left reverse samplen 1.5 maxcols 3
plot \
  datafile index 0 using (($1+$2)/2):3:1:2:($3-0.4):($3+0.4) with boxxyerror fc rgb '#4e79a7' title 'fib (examples/fib.pml:18)', \
  datafile index 1 using (($1+$2)/2):3:1:2:($3-0.4):($3+0.4) with boxxyerror fc rgb '#f28e2b' title 'top level'
