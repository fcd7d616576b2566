# Written by pml (docs/sweep.md).  Redraw with: gnuplot matmul-sweep.gp
if (!exists("outfile")) outfile = 'matmul-sweep.svg'
set terminal svg size 760,500 dynamic noenhanced font 'Helvetica,11' background '#ffffff'
if (outfile eq '-') { set output } else { set output outfile }
datafile = 'matmul-sweep.dat'
set title 'matmul.pml: high-water mark against n'
set xlabel 'n'
set ylabel 'high-water mark (words)'
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
  datafile using 1:2 with linespoints ls 1 ps 0.70 title 'df, P=1', \
  datafile using 1:3 with linespoints ls 1 ps 1.35 title 'df, P=2', \
  datafile using 1:4 with linespoints ls 1 ps 2.00 title 'df, P=4', \
  datafile using 1:5 with linespoints ls 2 ps 0.70 title 'bf, P=1', \
  datafile using 1:6 with linespoints ls 2 ps 1.35 title 'bf, P=2', \
  datafile using 1:7 with linespoints ls 2 ps 2.00 title 'bf, P=4', \
  datafile using 1:8 with linespoints ls 3 ps 0.70 title 'ws, P=1', \
  datafile using 1:9 with linespoints ls 3 ps 1.35 title 'ws, P=2', \
  datafile using 1:10 with linespoints ls 3 ps 2.00 title 'ws, P=4'
