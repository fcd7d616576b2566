# pml graph --format binary (docs/graph-format.md): the arrays read with
# numpy as the document shows carry the same graphs as the JSON format
# (every node's kind, size, annotation and place, every edge and heap edge,
# work, span, result and value); networkx builds a DAG from them whose
# longest path is the span; the file holds at most 30 bytes per node; its
# length says whether it was cut short.
. "$(dirname "$0")/lib.sh"

# numpy and networkx come from Debian (python3-numpy, python3-networkx,
# TEST_DEBS): the python3 that imports them
PY=$(python_with numpy networkx)
if [ -z "$PY" ]; then
    fail "numpy and networkx are installed (python3-numpy, python3-networkx, TEST_DEBS)" "no python3 imports them"
    exit 0
fi

# the reader of docs/graph-format.md, as written there
python3 - "$(dirname "$0")/../docs/graph-format.md" > "$TMP/read.py" <<'PY'
import re, sys
print(re.search(r"<!-- the binary reader -->\n```python\n(.*?)\n```", open(sys.argv[1], encoding="utf-8").read(), re.S).group(1))
PY

cat > "$TMP/compare.py" <<'PY'
import json, os, sys
sys.path.insert(0, os.path.dirname(sys.argv[0]))
from read import read_pml_graph
import numpy as np
head, a = read_pml_graph(sys.argv[1])
j = json.load(open(sys.argv[2]))
n = head["work"]
assert head["format"] == "pml-graph-binary" and head["version"] == 1, "format/version"
for k in ("work", "span", "result", "value"):
    assert head[k] == j[k], "%s: %r against %r" % (k, head[k], j[k])
assert len(j["nodes"]) == n and all(len(a[k]) == n for k in ("kind", "size", "annot", "child1", "child2"))
for i, node in enumerate(j["nodes"]):
    an = head["annots"][a["annot"][i]]
    got = {"id": i + 1, "kind": head["kinds"][a["kind"][i]], "value": bool(a["size"][i]), "size": int(a["size"][i]),
           "annot": an["text"], "file": head["files"][an["file"]], "line": an["line"], "col": an["col"]}
    assert got == node, "node %d: %r against %r" % (i + 1, got, node)
ids = np.arange(1, n + 1)
edges = sorted((int(v), int(v + a[c][v - 1])) for c in ("child1", "child2") for v in ids[a[c] > 0])
assert edges == sorted(map(tuple, j["edges"])), "edges"
heap = [{"src": int(s), "dst": int(d), "kind": head["heap_kinds"][k]}
        for s, d, k in zip(a["heap_src"], a["heap_dst"], a["heap_kind"])]
assert heap == j["heap_edges"] and head["heap_edges"] == len(heap), "heap edges"
PY

cat > "$TMP/nx.py" <<'PY'
import os, sys
sys.path.insert(0, os.path.dirname(sys.argv[0]))
from read import read_pml_graph
import networkx as nx, numpy as np
head, a = read_pml_graph(sys.argv[1])
ids = np.arange(1, head["work"] + 1)
G = nx.DiGraph()
G.add_nodes_from(ids.tolist())
for c in ("child1", "child2"):
    has = a[c] > 0
    G.add_edges_from(zip(ids[has].tolist(), (ids[has] + a[c][has]).tolist()))
assert G.number_of_nodes() == head["work"] and nx.is_directed_acyclic_graph(G), "not a DAG of work nodes"
assert nx.dag_longest_path_length(G) + 1 == head["span"], "longest path %d, span %d" % (
    nx.dag_longest_path_length(G) + 1, head["span"])
assert max(d for _, d in G.in_degree()) <= 2 and max(d for _, d in G.out_degree()) <= 2, "degrees"
H = nx.DiGraph()
H.add_edges_from(zip(a["heap_src"].tolist(), a["heap_dst"].tolist()))
assert all(s > d for s, d in H.edges()), "heap edges point backward"
PY

for f in examples/*.pml tests/sml/corpus_list_*.pml; do
    [ -f "$f" ] || continue
    name="binary graph of $f equals its JSON graph"
    if limit 120 "$PML" graph "$f" -D n=4 --format binary -o "$TMP/g.bin" 2>"$TMP/err" &&
       limit 120 "$PML" graph "$f" -D n=4 -o "$TMP/g.json" 2>>"$TMP/err" &&
       "$PY" "$TMP/compare.py" "$TMP/g.bin" "$TMP/g.json" 2>>"$TMP/err"; then
        pass "$name"
    else
        fail "$name" "$(tail -3 "$TMP/err" | tr '\n' ' ')"
    fi
done

for f in examples/quicksort.pml examples/mergesort.pml examples/fib.pml; do
    name="networkx reads the binary graph of $f: a DAG whose longest path is the span"
    if limit 120 "$PML" graph "$f" -D n=8 --format binary -o "$TMP/g.bin" 2>"$TMP/err" &&
       "$PY" "$TMP/nx.py" "$TMP/g.bin" 2>>"$TMP/err"; then
        pass "$name"
    else
        fail "$name" "$(tail -3 "$TMP/err" | tr '\n' ' ')"
    fi
done

# at most 30 bytes per node on every example at 10^4-10^6 nodes
for f in examples/*.pml; do
    name="binary graph of $f at most 30 bytes per node"
    case $f in */fib.pml) n=18 ;; */nqueens.pml) n=6 ;; *) n=30 ;; esac
    if limit 300 "$PML" graph "$f" -D n=$n --format binary -o "$TMP/g.bin" 2>"$TMP/err" &&
       per=$(python3 -c 'import json,os,sys; p=sys.argv[1]; h=json.loads(open(p,"rb").readline()); print("%.1f" % (os.path.getsize(p) / h["work"]))' "$TMP/g.bin") &&
       python3 -c 'import sys; sys.exit(0 if float(sys.argv[1]) <= 30 else 1)' "$per"; then
        pass "$name ($per)"
    else
        fail "$name" "${per:-} $(tail -2 "$TMP/err" | tr '\n' ' ')"
    fi
done

# the header's byte count tells a whole file from a cut one
"$PML" graph examples/fib.pml -D n=6 --format binary -o "$TMP/g.bin"
whole() { python3 -c 'import json,os,sys; p=sys.argv[1]; f=open(p,"rb"); h=json.loads(f.readline()); sys.exit(0 if os.path.getsize(p) == f.tell() + h["bytes"] else 1)' "$1"; }
head -c -5 "$TMP/g.bin" > "$TMP/cut.bin"
if whole "$TMP/g.bin" && ! whole "$TMP/cut.bin"; then pass "binary graph: its length is the header's plus bytes, a cut file is not"
else fail "binary graph: its length is the header's plus bytes, a cut file is not" "length check"; fi

out=$("$PML" graph examples/fib.pml --format csv 2>&1); rc=$?
if [ $rc -eq 2 ] && grep -q "json|binary\|json, binary\|'csv'" <<<"$out"; then pass "pml graph --format csv is a usage error naming the formats"
else fail "pml graph --format csv is a usage error naming the formats" "rc $rc: $out"; fi
