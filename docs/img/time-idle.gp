# Written by docs/time-pictures.sh.  Redraw with: gnuplot time-idle.gp
set terminal svg size 760,300 dynamic noenhanced font 'Helvetica,11' background '#ffffff'
set output 'time-idle.svg'
set title 'fib 6, ws, P = 4: 119 steps; 4 x 119 = 326 work + 10 delay + 140 no-work'
set xlabel 'step'
set ylabel 'processors'
set yrange [0:4.6]
set ytics 1
set style fill solid 1.0 noborder
set boxwidth 1.0
set key outside bottom center horizontal
plot 'time-idle.dat' using 1:($2+$3+$4) with boxes lc rgb '#bdbdbd' title 'no-work (nothing ready)', \
     '' using 1:($2+$3) with boxes lc rgb '#c8281e' title 'delay (idle, work ready)', \
     '' using 1:2 with boxes lc rgb '#1f5fa8' title 'busy'
