#!/usr/bin/env bash
# fuzz/coverage.sh — source coverage reached by each fuzzer's corpus
# (fuzz/out/NAME): the harnesses built with clang's coverage mapping
# (make fuzz-cov) replay the corpus once; llvm-cov reports the lines and
# branches covered in the files each harness is for.
set -eu
cd "$(dirname "$0")/.."
B=build-fuzzcov
for name in fuzz_front fuzz_eval fuzz_merge; do
    [ -d "fuzz/out/$name" ] || continue
    rm -f "$B/$name".prof*
    LLVM_PROFILE_FILE="$B/$name.profraw" "$B/fuzz/$name" -runs=0 "fuzz/out/$name" >/dev/null 2>&1 || true
    llvm-profdata merge -sparse "$B/$name.profraw" -o "$B/$name.profdata"
    case $name in
    fuzz_front) files="lang/lexer.re lang/parse.c lang/ast.c lang/resolve.c lang/source.c $B/gen/lexer.c $B/gen/grammar.c" ;;
    fuzz_eval) files="src/eval/eval.c src/eval/eval_prims.c src/eval/values.c src/graph/graph.c" ;;
    fuzz_merge) files="src/out/shard.c" ;;
    esac
    echo "== $name ($(ls "fuzz/out/$name" | wc -l) inputs)"
    # shellcheck disable=SC2086
    llvm-cov report "$B/fuzz/$name" -instr-profile="$B/$name.profdata" $files 2>/dev/null |
        awk 'NF >= 13 && $1 != "Filename" { printf "  %-16s lines %7s  branches %7s\n", $1, $10, $13 }'
done
