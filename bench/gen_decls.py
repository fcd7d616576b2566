#!/usr/bin/env python3
"""Prints a PML program of N top-level declarations (or, for let and list,
one declaration of N parts) in one of these shapes, for bench/bench_decls.sh
and tests/test_scale.sh:

  val     val x1 = 1  val x2 = x1 + 1  ...  (each names the one before)
  fun     fun f1 x = x + 1  fun f2 x = f1 x + 1  ...  val result = fN 0
          (a chain of N distinct calls N deep when run)
  let     val result = let val x1 = 1 ... val xN = x(N-1) + 1 in xN end
  list    val xs = [0, 1, ..., N-1]
  struct  structure Si = struct structure T = struct val x.. (10) end end
          open Si.T  (N/10 of each: two levels deep, every one opened)

Usage: bench/gen_decls.py SHAPE N
"""
import sys

def gen(shape, n, w):
    if shape == "val":
        w("val x1 = 1\n")
        for i in range(2, n + 1):
            w("val x%d = x%d + 1\n" % (i, i - 1))
    elif shape == "fun":
        w("fun f1 x = x + 1\n")
        for i in range(2, n + 1):
            w("fun f%d x = f%d x + 1\n" % (i, i - 1))
        w("val result = f%d 0\n" % n)
    elif shape == "let":
        w("val result = let val x1 = 1\n")
        for i in range(2, n + 1):
            w("  val x%d = x%d + 1\n" % (i, i - 1))
        w("in x%d end\n" % n)
    elif shape == "list":
        w("val xs = [")
        w(", ".join(str(i) for i in range(n)))
        w("]\n")
    elif shape == "struct":
        k = 0
        for s in range(max(n // 10, 1)):
            w("structure S%d = struct structure T = struct" % s)
            for _ in range(10):
                k += 1
                w(" val x%d = %d" % (k, k))
            w(" end end\nopen S%d.T\n" % s)
    else:
        sys.exit("gen_decls.py: unknown shape '%s'" % shape)

if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    gen(sys.argv[1], int(sys.argv[2]), sys.stdout.write)
