# Written by docs/time-pictures.sh.  Redraw with: gnuplot time-levels.gp
set terminal svg size 760,400 dynamic noenhanced font 'Helvetica,11' background '#ffffff'
set output 'time-levels.svg'
set title 'fib 6: the parallelism profile (326 nodes, span 94); level schedule on P = 2 takes 188 steps, lower bound 163'
set xlabel 'level (the step at which unboundedly many processors visit the node)'
set ylabel 'nodes'
set style fill solid 0.8 border rgb '#1f5fa8'
set boxwidth 0.8
set key outside bottom center horizontal
set yrange [0:*]
set offsets 0, 0, 1, 0
plot 'time-levels.dat' using 1:2 with boxes lc rgb '#9ecae1' title 'q_l: nodes at level l', \
     '' using 1:3 with histeps lc rgb '#c8281e' lw 2 title 'ceil(q_l / 2): steps of level l on 2 processors', \
     2 with lines dt 2 lc rgb '#555555' title 'P = 2'
