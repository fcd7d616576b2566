# Written by pml (docs/sweep.md).  Redraw with: gnuplot matmul-sweep-holders.gp
if (!exists("outfile")) outfile = 'matmul-sweep-holders.svg'
set terminal svg size 1140,1080 dynamic noenhanced font 'Helvetica,11' background '#ffffff'
if (outfile eq '-') { set output } else { set output outfile }
datafile = 'matmul-sweep-holders.dat'
set xlabel 'n'
set ylabel 'space (words)'
set style fill solid 0.9 noborder
set grid front lc rgb '#cccccc'
set border 3
set tics nomirror front
set yrange [0:*]
set autoscale xfix
set key at screen 0.02, 0.1815 left top Left reverse samplen 2 spacing 1.15 maxrows 10
set multiplot title 'matmul.pml: who holds the space at the high-water mark, against n'

# panel 1
set origin 0.0000, 0.7074
set size 0.3333, 0.2593
set title 'df, P=1'
set key
plot \
  datafile index 0 using 1:($2+$3+$4+$5+$6+$7+$8+$9+$10):($2+$3+$4+$5+$6+$7+$8+$9+$10+$11) with filledcurves fc rgb '#6e6e6e' title 'scheduler queue', \
  datafile index 0 using 1:($2+$3+$4+$5+$6+$7+$8+$9):($2+$3+$4+$5+$6+$7+$8+$9+$10) with filledcurves fc rgb '#c9c9c9' title 'other holders', \
  datafile index 0 using 1:($2+$3+$4+$5+$6+$7+$8):($2+$3+$4+$5+$6+$7+$8+$9) with filledcurves fc rgb '#ff9da7' title 'lib/prelude.pml:71:28 sub (v, i)', \
  datafile index 0 using 1:($2+$3+$4+$5+$6+$7):($2+$3+$4+$5+$6+$7+$8) with filledcurves fc rgb '#b07aa1' title 'lib/prelude.pml:58:40 loop (i + k, j - k)', \
  datafile index 0 using 1:($2+$3+$4+$5+$6):($2+$3+$4+$5+$6+$7) with filledcurves fc rgb '#edc948' title 'examples/matmul.pml:25:53 sub (B, i)', \
  datafile index 0 using 1:($2+$3+$4+$5):($2+$3+$4+$5+$6) with filledcurves fc rgb '#59a14f' title 'lib/prelude.pml:40:40 loop (i + k, j - k)', \
  datafile index 0 using 1:($2+$3+$4):($2+$3+$4+$5) with filledcurves fc rgb '#76b7b2' title 'lib/prelude.pml:37:39 f i', \
  datafile index 0 using 1:($2+$3):($2+$3+$4) with filledcurves fc rgb '#e15759' title 'lib/prelude.pml:37:14 if j = 1 then vector (1, f i) else let val...', \
  datafile index 0 using 1:($2):($2+$3) with filledcurves fc rgb '#f28e2b' title 'examples/matmul.pml:24:52 sub (b, i)', \
  datafile index 0 using 1:(0):($2) with filledcurves fc rgb '#4e79a7' title 'lib/prelude.pml:55:14 if j = 1 then g (i, sub (v, i)) else let v...'
unset arrow 1

# panel 2
set origin 0.3333, 0.7074
set size 0.3333, 0.2593
set title 'df, P=2'
unset key
plot \
  datafile index 1 using 1:($2+$3+$4+$5+$6+$7+$8+$9+$10):($2+$3+$4+$5+$6+$7+$8+$9+$10+$11) with filledcurves fc rgb '#6e6e6e' title 'scheduler queue', \
  datafile index 1 using 1:($2+$3+$4+$5+$6+$7+$8+$9):($2+$3+$4+$5+$6+$7+$8+$9+$10) with filledcurves fc rgb '#c9c9c9' title 'other holders', \
  datafile index 1 using 1:($2+$3+$4+$5+$6+$7+$8):($2+$3+$4+$5+$6+$7+$8+$9) with filledcurves fc rgb '#ff9da7' title 'lib/prelude.pml:71:28 sub (v, i)', \
  datafile index 1 using 1:($2+$3+$4+$5+$6+$7):($2+$3+$4+$5+$6+$7+$8) with filledcurves fc rgb '#b07aa1' title 'lib/prelude.pml:58:40 loop (i + k, j - k)', \
  datafile index 1 using 1:($2+$3+$4+$5+$6):($2+$3+$4+$5+$6+$7) with filledcurves fc rgb '#edc948' title 'examples/matmul.pml:25:53 sub (B, i)', \
  datafile index 1 using 1:($2+$3+$4+$5):($2+$3+$4+$5+$6) with filledcurves fc rgb '#59a14f' title 'lib/prelude.pml:40:40 loop (i + k, j - k)', \
  datafile index 1 using 1:($2+$3+$4):($2+$3+$4+$5) with filledcurves fc rgb '#76b7b2' title 'lib/prelude.pml:37:39 f i', \
  datafile index 1 using 1:($2+$3):($2+$3+$4) with filledcurves fc rgb '#e15759' title 'lib/prelude.pml:37:14 if j = 1 then vector (1, f i) else let val...', \
  datafile index 1 using 1:($2):($2+$3) with filledcurves fc rgb '#f28e2b' title 'examples/matmul.pml:24:52 sub (b, i)', \
  datafile index 1 using 1:(0):($2) with filledcurves fc rgb '#4e79a7' title 'lib/prelude.pml:55:14 if j = 1 then g (i, sub (v, i)) else let v...'
unset arrow 1

# panel 3
set origin 0.6667, 0.7074
set size 0.3333, 0.2593
set title 'df, P=4'
unset key
plot \
  datafile index 2 using 1:($2+$3+$4+$5+$6+$7+$8+$9+$10):($2+$3+$4+$5+$6+$7+$8+$9+$10+$11) with filledcurves fc rgb '#6e6e6e' title 'scheduler queue', \
  datafile index 2 using 1:($2+$3+$4+$5+$6+$7+$8+$9):($2+$3+$4+$5+$6+$7+$8+$9+$10) with filledcurves fc rgb '#c9c9c9' title 'other holders', \
  datafile index 2 using 1:($2+$3+$4+$5+$6+$7+$8):($2+$3+$4+$5+$6+$7+$8+$9) with filledcurves fc rgb '#ff9da7' title 'lib/prelude.pml:71:28 sub (v, i)', \
  datafile index 2 using 1:($2+$3+$4+$5+$6+$7):($2+$3+$4+$5+$6+$7+$8) with filledcurves fc rgb '#b07aa1' title 'lib/prelude.pml:58:40 loop (i + k, j - k)', \
  datafile index 2 using 1:($2+$3+$4+$5+$6):($2+$3+$4+$5+$6+$7) with filledcurves fc rgb '#edc948' title 'examples/matmul.pml:25:53 sub (B, i)', \
  datafile index 2 using 1:($2+$3+$4+$5):($2+$3+$4+$5+$6) with filledcurves fc rgb '#59a14f' title 'lib/prelude.pml:40:40 loop (i + k, j - k)', \
  datafile index 2 using 1:($2+$3+$4):($2+$3+$4+$5) with filledcurves fc rgb '#76b7b2' title 'lib/prelude.pml:37:39 f i', \
  datafile index 2 using 1:($2+$3):($2+$3+$4) with filledcurves fc rgb '#e15759' title 'lib/prelude.pml:37:14 if j = 1 then vector (1, f i) else let val...', \
  datafile index 2 using 1:($2):($2+$3) with filledcurves fc rgb '#f28e2b' title 'examples/matmul.pml:24:52 sub (b, i)', \
  datafile index 2 using 1:(0):($2) with filledcurves fc rgb '#4e79a7' title 'lib/prelude.pml:55:14 if j = 1 then g (i, sub (v, i)) else let v...'
unset arrow 1

# panel 4
set origin 0.0000, 0.4481
set size 0.3333, 0.2593
set title 'bf, P=1'
unset key
plot \
  datafile index 3 using 1:($2+$3+$4+$5+$6+$7+$8+$9+$10):($2+$3+$4+$5+$6+$7+$8+$9+$10+$11) with filledcurves fc rgb '#6e6e6e' title 'scheduler queue', \
  datafile index 3 using 1:($2+$3+$4+$5+$6+$7+$8+$9):($2+$3+$4+$5+$6+$7+$8+$9+$10) with filledcurves fc rgb '#c9c9c9' title 'other holders', \
  datafile index 3 using 1:($2+$3+$4+$5+$6+$7+$8):($2+$3+$4+$5+$6+$7+$8+$9) with filledcurves fc rgb '#ff9da7' title 'lib/prelude.pml:71:28 sub (v, i)', \
  datafile index 3 using 1:($2+$3+$4+$5+$6+$7):($2+$3+$4+$5+$6+$7+$8) with filledcurves fc rgb '#b07aa1' title 'lib/prelude.pml:58:40 loop (i + k, j - k)', \
  datafile index 3 using 1:($2+$3+$4+$5+$6):($2+$3+$4+$5+$6+$7) with filledcurves fc rgb '#edc948' title 'examples/matmul.pml:25:53 sub (B, i)', \
  datafile index 3 using 1:($2+$3+$4+$5):($2+$3+$4+$5+$6) with filledcurves fc rgb '#59a14f' title 'lib/prelude.pml:40:40 loop (i + k, j - k)', \
  datafile index 3 using 1:($2+$3+$4):($2+$3+$4+$5) with filledcurves fc rgb '#76b7b2' title 'lib/prelude.pml:37:39 f i', \
  datafile index 3 using 1:($2+$3):($2+$3+$4) with filledcurves fc rgb '#e15759' title 'lib/prelude.pml:37:14 if j = 1 then vector (1, f i) else let val...', \
  datafile index 3 using 1:($2):($2+$3) with filledcurves fc rgb '#f28e2b' title 'examples/matmul.pml:24:52 sub (b, i)', \
  datafile index 3 using 1:(0):($2) with filledcurves fc rgb '#4e79a7' title 'lib/prelude.pml:55:14 if j = 1 then g (i, sub (v, i)) else let v...'
unset arrow 1

# panel 5
set origin 0.3333, 0.4481
set size 0.3333, 0.2593
set title 'bf, P=2'
unset key
plot \
  datafile index 4 using 1:($2+$3+$4+$5+$6+$7+$8+$9+$10):($2+$3+$4+$5+$6+$7+$8+$9+$10+$11) with filledcurves fc rgb '#6e6e6e' title 'scheduler queue', \
  datafile index 4 using 1:($2+$3+$4+$5+$6+$7+$8+$9):($2+$3+$4+$5+$6+$7+$8+$9+$10) with filledcurves fc rgb '#c9c9c9' title 'other holders', \
  datafile index 4 using 1:($2+$3+$4+$5+$6+$7+$8):($2+$3+$4+$5+$6+$7+$8+$9) with filledcurves fc rgb '#ff9da7' title 'lib/prelude.pml:71:28 sub (v, i)', \
  datafile index 4 using 1:($2+$3+$4+$5+$6+$7):($2+$3+$4+$5+$6+$7+$8) with filledcurves fc rgb '#b07aa1' title 'lib/prelude.pml:58:40 loop (i + k, j - k)', \
  datafile index 4 using 1:($2+$3+$4+$5+$6):($2+$3+$4+$5+$6+$7) with filledcurves fc rgb '#edc948' title 'examples/matmul.pml:25:53 sub (B, i)', \
  datafile index 4 using 1:($2+$3+$4+$5):($2+$3+$4+$5+$6) with filledcurves fc rgb '#59a14f' title 'lib/prelude.pml:40:40 loop (i + k, j - k)', \
  datafile index 4 using 1:($2+$3+$4):($2+$3+$4+$5) with filledcurves fc rgb '#76b7b2' title 'lib/prelude.pml:37:39 f i', \
  datafile index 4 using 1:($2+$3):($2+$3+$4) with filledcurves fc rgb '#e15759' title 'lib/prelude.pml:37:14 if j = 1 then vector (1, f i) else let val...', \
  datafile index 4 using 1:($2):($2+$3) with filledcurves fc rgb '#f28e2b' title 'examples/matmul.pml:24:52 sub (b, i)', \
  datafile index 4 using 1:(0):($2) with filledcurves fc rgb '#4e79a7' title 'lib/prelude.pml:55:14 if j = 1 then g (i, sub (v, i)) else let v...'
unset arrow 1

# panel 6
set origin 0.6667, 0.4481
set size 0.3333, 0.2593
set title 'bf, P=4'
unset key
plot \
  datafile index 5 using 1:($2+$3+$4+$5+$6+$7+$8+$9+$10):($2+$3+$4+$5+$6+$7+$8+$9+$10+$11) with filledcurves fc rgb '#6e6e6e' title 'scheduler queue', \
  datafile index 5 using 1:($2+$3+$4+$5+$6+$7+$8+$9):($2+$3+$4+$5+$6+$7+$8+$9+$10) with filledcurves fc rgb '#c9c9c9' title 'other holders', \
  datafile index 5 using 1:($2+$3+$4+$5+$6+$7+$8):($2+$3+$4+$5+$6+$7+$8+$9) with filledcurves fc rgb '#ff9da7' title 'lib/prelude.pml:71:28 sub (v, i)', \
  datafile index 5 using 1:($2+$3+$4+$5+$6+$7):($2+$3+$4+$5+$6+$7+$8) with filledcurves fc rgb '#b07aa1' title 'lib/prelude.pml:58:40 loop (i + k, j - k)', \
  datafile index 5 using 1:($2+$3+$4+$5+$6):($2+$3+$4+$5+$6+$7) with filledcurves fc rgb '#edc948' title 'examples/matmul.pml:25:53 sub (B, i)', \
  datafile index 5 using 1:($2+$3+$4+$5):($2+$3+$4+$5+$6) with filledcurves fc rgb '#59a14f' title 'lib/prelude.pml:40:40 loop (i + k, j - k)', \
  datafile index 5 using 1:($2+$3+$4):($2+$3+$4+$5) with filledcurves fc rgb '#76b7b2' title 'lib/prelude.pml:37:39 f i', \
  datafile index 5 using 1:($2+$3):($2+$3+$4) with filledcurves fc rgb '#e15759' title 'lib/prelude.pml:37:14 if j = 1 then vector (1, f i) else let val...', \
  datafile index 5 using 1:($2):($2+$3) with filledcurves fc rgb '#f28e2b' title 'examples/matmul.pml:24:52 sub (b, i)', \
  datafile index 5 using 1:(0):($2) with filledcurves fc rgb '#4e79a7' title 'lib/prelude.pml:55:14 if j = 1 then g (i, sub (v, i)) else let v...'
unset arrow 1

# panel 7
set origin 0.0000, 0.1889
set size 0.3333, 0.2593
set title 'ws, P=1'
unset key
plot \
  datafile index 6 using 1:($2+$3+$4+$5+$6+$7+$8+$9+$10):($2+$3+$4+$5+$6+$7+$8+$9+$10+$11) with filledcurves fc rgb '#6e6e6e' title 'scheduler queue', \
  datafile index 6 using 1:($2+$3+$4+$5+$6+$7+$8+$9):($2+$3+$4+$5+$6+$7+$8+$9+$10) with filledcurves fc rgb '#c9c9c9' title 'other holders', \
  datafile index 6 using 1:($2+$3+$4+$5+$6+$7+$8):($2+$3+$4+$5+$6+$7+$8+$9) with filledcurves fc rgb '#ff9da7' title 'lib/prelude.pml:71:28 sub (v, i)', \
  datafile index 6 using 1:($2+$3+$4+$5+$6+$7):($2+$3+$4+$5+$6+$7+$8) with filledcurves fc rgb '#b07aa1' title 'lib/prelude.pml:58:40 loop (i + k, j - k)', \
  datafile index 6 using 1:($2+$3+$4+$5+$6):($2+$3+$4+$5+$6+$7) with filledcurves fc rgb '#edc948' title 'examples/matmul.pml:25:53 sub (B, i)', \
  datafile index 6 using 1:($2+$3+$4+$5):($2+$3+$4+$5+$6) with filledcurves fc rgb '#59a14f' title 'lib/prelude.pml:40:40 loop (i + k, j - k)', \
  datafile index 6 using 1:($2+$3+$4):($2+$3+$4+$5) with filledcurves fc rgb '#76b7b2' title 'lib/prelude.pml:37:39 f i', \
  datafile index 6 using 1:($2+$3):($2+$3+$4) with filledcurves fc rgb '#e15759' title 'lib/prelude.pml:37:14 if j = 1 then vector (1, f i) else let val...', \
  datafile index 6 using 1:($2):($2+$3) with filledcurves fc rgb '#f28e2b' title 'examples/matmul.pml:24:52 sub (b, i)', \
  datafile index 6 using 1:(0):($2) with filledcurves fc rgb '#4e79a7' title 'lib/prelude.pml:55:14 if j = 1 then g (i, sub (v, i)) else let v...'
unset arrow 1

# panel 8
set origin 0.3333, 0.1889
set size 0.3333, 0.2593
set title 'ws, P=2'
unset key
plot \
  datafile index 7 using 1:($2+$3+$4+$5+$6+$7+$8+$9+$10):($2+$3+$4+$5+$6+$7+$8+$9+$10+$11) with filledcurves fc rgb '#6e6e6e' title 'scheduler queue', \
  datafile index 7 using 1:($2+$3+$4+$5+$6+$7+$8+$9):($2+$3+$4+$5+$6+$7+$8+$9+$10) with filledcurves fc rgb '#c9c9c9' title 'other holders', \
  datafile index 7 using 1:($2+$3+$4+$5+$6+$7+$8):($2+$3+$4+$5+$6+$7+$8+$9) with filledcurves fc rgb '#ff9da7' title 'lib/prelude.pml:71:28 sub (v, i)', \
  datafile index 7 using 1:($2+$3+$4+$5+$6+$7):($2+$3+$4+$5+$6+$7+$8) with filledcurves fc rgb '#b07aa1' title 'lib/prelude.pml:58:40 loop (i + k, j - k)', \
  datafile index 7 using 1:($2+$3+$4+$5+$6):($2+$3+$4+$5+$6+$7) with filledcurves fc rgb '#edc948' title 'examples/matmul.pml:25:53 sub (B, i)', \
  datafile index 7 using 1:($2+$3+$4+$5):($2+$3+$4+$5+$6) with filledcurves fc rgb '#59a14f' title 'lib/prelude.pml:40:40 loop (i + k, j - k)', \
  datafile index 7 using 1:($2+$3+$4):($2+$3+$4+$5) with filledcurves fc rgb '#76b7b2' title 'lib/prelude.pml:37:39 f i', \
  datafile index 7 using 1:($2+$3):($2+$3+$4) with filledcurves fc rgb '#e15759' title 'lib/prelude.pml:37:14 if j = 1 then vector (1, f i) else let val...', \
  datafile index 7 using 1:($2):($2+$3) with filledcurves fc rgb '#f28e2b' title 'examples/matmul.pml:24:52 sub (b, i)', \
  datafile index 7 using 1:(0):($2) with filledcurves fc rgb '#4e79a7' title 'lib/prelude.pml:55:14 if j = 1 then g (i, sub (v, i)) else let v...'
unset arrow 1

# panel 9
set origin 0.6667, 0.1889
set size 0.3333, 0.2593
set title 'ws, P=4'
unset key
plot \
  datafile index 8 using 1:($2+$3+$4+$5+$6+$7+$8+$9+$10):($2+$3+$4+$5+$6+$7+$8+$9+$10+$11) with filledcurves fc rgb '#6e6e6e' title 'scheduler queue', \
  datafile index 8 using 1:($2+$3+$4+$5+$6+$7+$8+$9):($2+$3+$4+$5+$6+$7+$8+$9+$10) with filledcurves fc rgb '#c9c9c9' title 'other holders', \
  datafile index 8 using 1:($2+$3+$4+$5+$6+$7+$8):($2+$3+$4+$5+$6+$7+$8+$9) with filledcurves fc rgb '#ff9da7' title 'lib/prelude.pml:71:28 sub (v, i)', \
  datafile index 8 using 1:($2+$3+$4+$5+$6+$7):($2+$3+$4+$5+$6+$7+$8) with filledcurves fc rgb '#b07aa1' title 'lib/prelude.pml:58:40 loop (i + k, j - k)', \
  datafile index 8 using 1:($2+$3+$4+$5+$6):($2+$3+$4+$5+$6+$7) with filledcurves fc rgb '#edc948' title 'examples/matmul.pml:25:53 sub (B, i)', \
  datafile index 8 using 1:($2+$3+$4+$5):($2+$3+$4+$5+$6) with filledcurves fc rgb '#59a14f' title 'lib/prelude.pml:40:40 loop (i + k, j - k)', \
  datafile index 8 using 1:($2+$3+$4):($2+$3+$4+$5) with filledcurves fc rgb '#76b7b2' title 'lib/prelude.pml:37:39 f i', \
  datafile index 8 using 1:($2+$3):($2+$3+$4) with filledcurves fc rgb '#e15759' title 'lib/prelude.pml:37:14 if j = 1 then vector (1, f i) else let val...', \
  datafile index 8 using 1:($2):($2+$3) with filledcurves fc rgb '#f28e2b' title 'examples/matmul.pml:24:52 sub (b, i)', \
  datafile index 8 using 1:(0):($2) with filledcurves fc rgb '#4e79a7' title 'lib/prelude.pml:55:14 if j = 1 then g (i, sub (v, i)) else let v...'
unset arrow 1
unset multiplot
