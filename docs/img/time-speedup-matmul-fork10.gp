# Written by pml (docs/sweep.md).  Redraw with: gnuplot time-speedup-matmul-fork10.gp
if (!exists("outfile")) outfile = 'time-speedup-matmul-fork10.svg'
set terminal svg size 760,500 dynamic noenhanced font 'Helvetica,11' background '#ffffff'
if (outfile eq '-') { set output } else { set output outfile }
datafile = 'time-speedup-matmul-fork10.dat'
set title 'examples/matmul.pml: factored speedup, fork cost 10, steal cost 0'
set xlabel 'processors P'
set ylabel 'speedup over the work T1'
set key outside right top vertical Left reverse samplen 3 spacing 1.2
set grid lc rgb '#dddddd'
set border 3
set tics nomirror
set offsets graph 0.03, graph 0.03, graph 0.05, 0
set autoscale xfix
set yrange [0:*]
set style line 1 lc rgb '#1f5fa8' dt 1 pt 1 lw 1.5
set style line 2 lc rgb '#c8281e' dt 2 pt 2 lw 1.5
set style line 3 lc rgb '#238b45' dt 4 pt 4 lw 1.5
set style line 4 lc rgb '#7b3294' dt 5 pt 6 lw 1.5
set style line 5 lc rgb '#e6760a' dt 3 pt 8 lw 1.5
plot \
  datafile using 1:2 with linespoints ls 5 ps 0.60 title 'linear (P)', \
  datafile using 1:3 with linespoints ls 5 ps 0.30 title 'span bound T1/Tinf', \
  datafile using 1:4 with linespoints ls 4 ps 0.50 title 'df maximal', \
  datafile using 1:5 with linespoints ls 2 ps 0.50 title 'df idle-specific', \
  datafile using 1:6 with linespoints ls 3 ps 0.50 title 'df inflation-specific', \
  datafile using 1:7 with linespoints ls 1 ps 0.50 title 'df actual', \
  datafile using 1:8 with linespoints ls 4 ps 0.90 title 'bf maximal', \
  datafile using 1:9 with linespoints ls 2 ps 0.90 title 'bf idle-specific', \
  datafile using 1:10 with linespoints ls 3 ps 0.90 title 'bf inflation-specific', \
  datafile using 1:11 with linespoints ls 1 ps 0.90 title 'bf actual', \
  datafile using 1:12 with linespoints ls 4 ps 1.30 title 'ws maximal', \
  datafile using 1:13 with linespoints ls 2 ps 1.30 title 'ws idle-specific', \
  datafile using 1:14 with linespoints ls 3 ps 1.30 title 'ws inflation-specific', \
  datafile using 1:15 with linespoints ls 1 ps 1.30 title 'ws actual'
