# Written by pml (docs/sweep.md).  Redraw with: gnuplot matmul-profile-bf.gp
if (!exists("outfile")) outfile = 'matmul-profile-bf.svg'
set terminal svg size 760,660 dynamic noenhanced font 'Helvetica,11' background '#ffffff'
if (outfile eq '-') { set output } else { set output outfile }
datafile = 'matmul-profile-bf.dat'
set xlabel 'step'
set ylabel 'space (words)'
set style fill solid 0.9 noborder
set grid front lc rgb '#cccccc'
set border 3
set tics nomirror front
set yrange [0:*]
set autoscale xfix
set key at screen 0.02, 0.2970 left top Left reverse samplen 2 spacing 1.15 maxrows 10
set multiplot title 'matmul.pml: space over time'

# panel 1
set origin 0.0000, 0.3091
set size 1.0000, 0.6364
set title 'bf, P=2: high-water mark 2820 words at step 12600'
set arrow 1 from 12600, graph 0 to 12600, graph 1 nohead dt 2 lw 1.5 lc rgb '#000000' front
set key
plot \
  datafile index 0 using 1:($2+$3+$4+$5+$6+$7+$8+$9+$10):($2+$3+$4+$5+$6+$7+$8+$9+$10+$11) with filledcurves fc rgb '#6e6e6e' title 'scheduler queue', \
  datafile index 0 using 1:($2+$3+$4+$5+$6+$7+$8+$9):($2+$3+$4+$5+$6+$7+$8+$9+$10) with filledcurves fc rgb '#c9c9c9' title 'other holders', \
  datafile index 0 using 1:($2+$3+$4+$5+$6+$7+$8):($2+$3+$4+$5+$6+$7+$8+$9) with filledcurves fc rgb '#ff9da7' title 'lib/prelude.pml:60:16 f (#1 lr, #2 lr)', \
  datafile index 0 using 1:($2+$3+$4+$5+$6+$7):($2+$3+$4+$5+$6+$7+$8) with filledcurves fc rgb '#b07aa1' title 'lib/prelude.pml:37:28 vector (1, f i)', \
  datafile index 0 using 1:($2+$3+$4+$5+$6):($2+$3+$4+$5+$6+$7) with filledcurves fc rgb '#edc948' title 'lib/prelude.pml:58:27 loop (i, k)', \
  datafile index 0 using 1:($2+$3+$4+$5):($2+$3+$4+$5+$6) with filledcurves fc rgb '#59a14f' title 'lib/prelude.pml:55:28 g (i, sub (v, i))', \
  datafile index 0 using 1:($2+$3+$4):($2+$3+$4+$5) with filledcurves fc rgb '#76b7b2' title 'lib/prelude.pml:58:40 loop (i + k, j - k)', \
  datafile index 0 using 1:($2+$3):($2+$3+$4) with filledcurves fc rgb '#e15759' title 'lib/prelude.pml:55:34 sub (v, i)', \
  datafile index 0 using 1:($2):($2+$3) with filledcurves fc rgb '#f28e2b' title 'examples/matmul.pml:24:52 sub (b, i)', \
  datafile index 0 using 1:(0):($2) with filledcurves fc rgb '#4e79a7' title 'lib/prelude.pml:55:14 if j = 1 then g (i, sub (v, i)) else let v...'
unset arrow 1
unset multiplot
