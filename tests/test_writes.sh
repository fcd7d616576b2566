#!/usr/bin/env bash
# Output files on a full disk (docs/reliability.md, "Output files"): every
# command that writes files, given /dev/full and then a small filesystem
# filled to 0, 8 and 40 KiB free, either succeeds with all its outputs or
# exits 1 naming the file and the reason ("cannot write 'F': No space left
# on device") and leaves no file at all; a plot that fails (exit 1) after
# its CSV was written leaves the old CSV in place (merge, speedup).
cd "$(dirname "$0")/.."
source tests/lib.sh
PML=${PML:-$PWD/pml}
fib=examples/fib.pml

"$PML" sweep $fib -D n=2:6 --shard 1/2 -o "$TMP/p1.csv" && "$PML" sweep $fib -D n=2:6 --shard 2/2 -o "$TMP/p2.csv" ||
    fail writes_shards_made "pml sweep --shard failed"

# ---- /dev/full: exit 1 and the message ----
for c in "graph $fib -D n=6 -o" "schedule $fib -D n=6 -o" "dot $fib -D n=6 -o" "sweep $fib -D n=2:4 -o" \
         "merge $TMP/p1.csv $TMP/p2.csv -o" "speedup $fib -D n=6 -p 1:2 -o" "view $fib -D n=4 -o" \
         "diff $fib -D n=6 --sched=df --vs --sched=bf -o" "worst $fib -D n=4 --witness"; do
    $PML $c /dev/full > /dev/null 2> "$TMP/err"; rc=$?
    expect_eq "pml ${c%% *} to /dev/full: exit 1, naming it and why" \
        "1 pml: error: cannot write '/dev/full': No space left on device" "$rc $(cat "$TMP/err")"
done

# ---- a small full filesystem ----
# Each command writes into an empty directory O of a 2 MiB tmpfs filled to
# FREE KiB; pml run from a private mount namespace (unshare: as root, or in
# a user namespace), so nothing is left mounted.
cat > "$TMP/full.sh" <<EOF
M="$TMP/fs"; E="$TMP/err"; PML="$PML"; fib=$PWD/$fib; P1="$TMP/p1.csv"; P2="$TMP/p2.csv"
mount -t tmpfs -o size=2m tmpfs "\$M" || exit 3
# command|the files it writes when it succeeds
while IFS='|' read -r c files; do
    for free in 0 8 40; do
        rm -rf "\$M"/*; mkdir "\$M/o"
        avail=\$(df -k --output=avail "\$M" | tail -1)
        [ \$((avail - free)) -gt 0 ] && head -c \$(( (avail - free) * 1024 )) /dev/zero > "\$M/fill" 2>/dev/null
        (cd "\$M/o" && eval "\$PML \$c" > /dev/null 2> "\$E"); rc=\$?
        left=\$(ls -A "\$M/o" | sort | tr '\n' ' ')
        if [ \$rc = 0 ]; then
            [ "\$left" = "\$files " ] && echo "PASS full_disk_\${c%% *}_\${free}k_all_outputs" ||
                echo "FAIL full_disk_\${c%% *}_\${free}k_all_outputs: [\$left] for [\$files ]"
        else
            msg=\$(grep -cE "^pml: error: cannot write '[^']*'( \\(standard output\\))?: No space left on device\$" "\$E")
            [ \$rc = 1 ] && [ "\$msg" -ge 1 ] && [ -z "\$left" ] && echo "PASS full_disk_\${c%% *}_\${free}k_named_and_nothing_left" ||
                echo "FAIL full_disk_\${c%% *}_\${free}k_named_and_nothing_left: exit \$rc, [\$left], \$(head -c 300 "\$E")"
        fi
    done
done <<'LIST'
graph \$fib -D n=10 -o g.json|g.json
schedule \$fib -D n=10 -o s.json|s.json
schedule \$fib -D n=10 --plot t.svg|t.dat t.gp t.svg
dot \$fib -D n=10 -o d.dot|d.dot
dot \$fib -D n=10 -o d.svg|d.svg
dot \$fib -D n=10 -o d.dot --render svg|d.dot d.svg
sweep \$fib -D n=2:8 -o s.csv|s.csv
sweep \$fib -D n=2:8 -o s.csv --plot s.svg|s-holders.dat s-holders.gp s-holders.svg s.csv s.dat s.gp s.svg
merge \$P1 \$P2 -o m.csv|m.csv
merge \$P1 \$P2 -o m.csv --plot m.svg|m-holders.dat m-holders.gp m-holders.svg m.csv m.dat m.gp m.svg
speedup \$fib -D n=10 -o sp.csv --plot sp.svg|sp.csv sp.dat sp.gp sp.svg
view \$fib -D n=8 -o v.html|v.html
diff \$fib -D n=10 --sched=df --vs --sched=bf -o diff.txt|diff.txt
worst \$fib -D n=6 --witness w.json|w.json
run \$fib -D n=10 --sched=df --profile p.svg|p.dat p.gp p.svg
LIST
EOF
mkdir -p "$TMP/fs"
if [ "$(id -u)" = 0 ]; then unshare -m bash "$TMP/full.sh" > "$TMP/full.out" 2>&1
else unshare -rm bash "$TMP/full.sh" > "$TMP/full.out" 2>&1; fi
if grep -q '^PASS\|^FAIL' "$TMP/full.out"; then
    grep '^PASS\|^FAIL' "$TMP/full.out"
else
    fail full_disk_filesystem "could not mount a tmpfs in a private namespace: $(head -c 200 "$TMP/full.out")"
fi

# standard output on it: the message names the file
cat > "$TMP/stdout.sh" <<EOF
mount -t tmpfs -o size=64k tmpfs "$TMP/fs" && head -c 64k /dev/zero > "$TMP/fs/fill" 2>/dev/null
"$PML" run $fib -D n=10 --format json > "$TMP/fs/r.json" 2> "$TMP/err"
echo "\$? \$(cat "$TMP/err")"
EOF
if [ "$(id -u)" = 0 ]; then out=$(unshare -m bash "$TMP/stdout.sh" 2>&1); else out=$(unshare -rm bash "$TMP/stdout.sh" 2>&1); fi
expect_eq "standard output on a full disk: exit 1, naming the file and why" \
    "1 pml: error: cannot write '$TMP/fs/r.json' (standard output): No space left on device" "$out"

# ---- a plot that fails keeps the old CSV (merge, speedup) ----
# A stand-in for gnuplot that writes half a picture and exits 0.
printf '#!/bin/sh\necho "<svg"\n' > "$TMP/halfplot"
chmod +x "$TMP/halfplot"
mkdir -p "$TMP/k"
echo old > "$TMP/k/m.csv"; echo old > "$TMP/k/sp.csv"
PML_GNUPLOT="$TMP/halfplot" "$PML" merge "$TMP/p1.csv" "$TMP/p2.csv" -o "$TMP/k/m.csv" --plot "$TMP/k/m.svg" 2> "$TMP/err"
expect_eq "merge --plot failing: exit 1, the old CSV kept, no plot file" "1 old m.csv sp.csv" \
    "$? $(cat "$TMP/k/m.csv") $(ls "$TMP/k" | tr '\n' ' ' | sed 's/ $//')"
expect_eq "merge --plot failing says why" 1 "$(grep -c "gnuplot's picture .*m.svg is incomplete" "$TMP/err")"
PML_GNUPLOT="$TMP/halfplot" "$PML" speedup $fib -D n=6 -p 1:2 -o "$TMP/k/sp.csv" --plot "$TMP/k/sp.svg" 2> "$TMP/err"
expect_eq "speedup --plot failing: exit 1, the old CSV kept, no plot file" "1 old m.csv sp.csv" \
    "$? $(cat "$TMP/k/sp.csv") $(ls "$TMP/k" | tr '\n' ' ' | sed 's/ $//')"
"$PML" merge "$TMP/p1.csv" "$TMP/p2.csv" -o "$TMP/k/m.csv" --plot "$TMP/k/m.svg" 2>/dev/null
expect_eq "merge --plot succeeding writes the CSV and the plots" "0 7" "$? $(ls "$TMP/k" | grep -c '^m')"
