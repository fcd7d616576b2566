#!/usr/bin/env python3
"""Every option of every command does something (docs/options.md).

usage: options_audit.py PML PROGRAM.pml DOCS/options.md

For each command of `pml help`, each option its --help lists is run on
top of a baseline command line (below), with a value (below) that should
change what the command does; what it does is its exit status, standard
output, standard error and the files it writes, with the figures that
vary run to run (wall times) left out.  Prints PASS when they differ or
when docs/options.md lists the pair in its table of options that may leave
an output unchanged, FAIL otherwise; FAIL too for an option this script has
no value for (a new option: give it one here)."""
import concurrent.futures, json, os, re, shutil, subprocess, sys, tempfile

PML, PROG, DOC = sys.argv[1], os.path.abspath(sys.argv[2]), sys.argv[3]
WORK = tempfile.mkdtemp(prefix="pml-options-")

# The baseline of each command: ws on 2 processors where it simulates, so
# that --seed and --steal-cost can matter; P1 and P2 are sweep shards.
BASE = {
    "run": "run PROG -D n=6 --sched ws -p 3",
    "exec": "exec PROG -D n=5 --format json",
    "check": "check PROG",
    "graph": "graph PROG -D n=4 -o g.json",
    "schedule": "schedule PROG -D n=6 --sched ws -p 3 -o s.json",
    "dot": "dot PROG -D n=6 --sched ws -p 3 -o d.dot",
    "stats": "stats PROG -D n=5",
    "sweep": "sweep PROG -D n=4:6 --sched ws -p 3 -o s.csv",
    "merge": "merge P1 P2 -o m.csv",
    "worst": "worst PROG -D n=5 -p 3",
    "diff": "diff PROG -D n=6 --sched df -p 2 --vs --sched ws -p 3",
    "view": "view PROG -D n=5 --sched ws -p 3 -o v.html",
    "paths": "paths PROG -D n=5",
    "bounds": "bounds PROG -D n=5 -p 3",
    "speedup": "speedup PROG -D n=6 -p 1:3 --sched ws -o s.csv",
    "race": "race PROG -D n=5",
}

# An option's arguments, and what it needs beside it ("context", in the
# baseline of both runs); by option, or by "command option".
SHARED = {
    "-D": "-D n=7", "--max-nodes": "--max-nodes 50", "--max-depth": "--max-depth 3",
    "--time-limit": ("--time-limit 0.000001", "-D n=20"),   # checked every 65536 nodes: a run that makes them
    "--no-prelude": "--no-prelude", "--check-invariants": "--check-invariants",
    "--print-depth": "--print-depth 1", "--print-length": "--print-length 1", "--string-depth": "--string-depth 2",
    "--sched": "--sched bf", "-p": "-p 4", "--coarse": "--coarse", "--seed": "--seed 12345",
    "--units": "--units nodes", "--no-queue-space": "--no-queue-space",
    "--fork-cost": "--fork-cost 3", "--steal-cost": "--steal-cost 4",
    "--types": "--types", "--no-warnings": "--no-warnings",
}
OWN = {
    "run --by": "--by alloc", "run --group": "--group site", "run --stack": "--stack", "run --top": "--top 1",
    "run --format": "--format json", "run --races": "--races off", "run --summary": "--summary", "run --chart": "--chart", "run --inclusive": ("--inclusive", "--group function"), "run --quiet": "--quiet",
    "race --races": ("--races error", "-D n=6"), "race --format": "--format json", "run --profile": ("--profile p.svg", "--sched df -p 1"),
    "exec --sample": "--sample 64", "exec --sample-error": "--sample-error 50", "exec --compare": "--compare",
    "exec --format": "--format csv", "exec --sched": "--sched bf", "exec -p": "-p 2",
    "graph -o": "-o other.json", "graph --format": "--format binary",
    "schedule -o": "-o other.json", "schedule --plot": "--plot t.svg",
    "dot -o": "-o other.dot", "dot --render": "--render svg", "dot --step": "--step 3",
    "dot --max-shown": "--max-shown 3", "dot --all": "--all", "dot --min-share": "--min-share 60",
    "dot --label-top": "--label-top 1", "dot --raw": "--raw", "dot --labels": "--labels",
    "dot --fast-layout": "--fast-layout",
    "stats --format": "--format json",
    "sweep -D": "-D n=4:7", "sweep -j": "-j 1", "sweep -o": "-o other.csv", "sweep --plot": "--plot s.svg",
    "sweep --loglog": ("--loglog", "--plot s.svg"), "sweep --top": "--top 1", "sweep --by": "--by alloc",
    "sweep --group": "--group site", "sweep --exec": "--exec", "sweep --sample": ("--sample 64", "--exec"),
    "sweep --shard": "--shard 1/2", "sweep --wide": "--wide",
    "merge -o": "-o other.csv", "merge --plot": "--plot m.svg", "merge --loglog": ("--loglog", "--plot m.svg"),
    "worst --format": "--format json", "worst --fail-above": "--fail-above 1", "worst --witness": "--witness w.json",
    "worst --exact": "--exact", "worst --top": "--top 1", "worst --by": "--by alloc", "worst --group": "--group site",
    "diff --vs": None,   # in the baseline: without it diff is a usage error
    "diff --top": "--top 1", "diff --format": "--format json", "diff -o": "-o d.txt", "diff --by": "--by alloc",
    "diff --group": "--group site",
    "view -o": "-o other.html", "view --max-shown": "--max-shown 3", "view --by": "--by alloc",
    "view --group": "--group site",
    "view --lesson": "--lesson df-vs-bf",   # with FILE, --sched and -p: a usage error, exit 2
    "paths --top": "--top 1", "paths -k": "-k 2", "paths --format": "--format json",
    "bounds --static": "--static 2", "bounds --tasks": ("--tasks 2", "--static 2"),
    "bounds --latency": ("--latency 50", "--static 2"), "bounds --no-exact": "--no-exact", "bounds --format": "--format json",
    "speedup -p": "-p 1:4", "speedup -o": "-o other.csv", "speedup --plot": "--plot s.svg",
}


def documented():
    """(command, option) pairs the doc's table says may change nothing."""
    pairs = set()
    for line in open(DOC, encoding="utf-8"):
        m = re.match(r"^\| `pml (\w+)` \| `(-[-\w]+)`", line)
        if m:
            pairs.add((m.group(1), m.group(2)))
    return pairs


def options_of(cmd):
    out = subprocess.run([PML, cmd, "--help"], capture_output=True, text=True).stdout
    opts = []
    for line in out.splitlines():
        m = re.match(r"^  (?:-(\w), --([\w-]+)|-(\w)\b|    --([\w-]+))", line)
        if m:
            name = "-" + m.group(1) if m.group(1) else "-" + m.group(3) if m.group(3) else "--" + m.group(4)
            if m.group(2):
                name = "--" + m.group(2)
            if name not in ("-h", "--help"):
                opts.append(name)
    return opts


def words(s):
    return s.replace("PROG", PROG).replace("P1", os.path.join(WORK, "p1.csv")).replace(
        "P2", os.path.join(WORK, "p2.csv")).split()


def normal(cmd, text):
    """What does not vary from run to run: exec's timings and heap figures left out."""
    if cmd == "exec":
        try:
            d = json.loads(text)
            return json.dumps({"value": d["value"], "sample_words": d["sample_words"],
                               "runs": [{k: r.get(k) for k in ("policy", "P", "predicted_words")} for r in d["runs"]]})
        except (ValueError, KeyError):
            return text
    return re.sub(r"\d+\.\d+ ?s\b", "T s", text)


def outcome(cmd, args, tag):
    d = os.path.join(WORK, tag)
    os.makedirs(d)
    p = subprocess.run([PML] + args, cwd=d, capture_output=True, text=True, timeout=600)
    files = {}
    for f in sorted(os.listdir(d)):
        with open(os.path.join(d, f), "rb") as fh:
            files[f] = normal(cmd, fh.read().decode("utf-8", "replace"))
    shutil.rmtree(d)
    return (p.returncode, normal(cmd, p.stdout), p.stderr.replace(d, "DIR"), files)


def check(job):
    cmd, opt, docs = job
    key = cmd + " " + opt
    spec = OWN.get(key, SHARED.get(opt, "?")) if key in OWN or opt in SHARED else "?"
    name = "option_%s_%s_changes_something_or_is_documented" % (cmd, opt.lstrip("-"))
    if spec is None:
        return "PASS " + name
    if spec == "?":
        return "FAIL %s: no value for %s in tests/options_audit.py" % (name, key)
    arg, ctx = spec if isinstance(spec, tuple) else (spec, "")
    tag = "%s_%s" % (cmd, opt.strip("-"))
    base = words(BASE[cmd]) + words(ctx)
    a = outcome(cmd, base, tag + "_a")
    b = outcome(cmd, base + words(arg), tag + "_b")
    if a != b or (cmd, opt) in docs:
        return "PASS " + name
    return "FAIL %s: pml %s with and without %s: the same outcome (exit %d), and docs/options.md does not say why" % (
        name, " ".join(words(BASE[cmd] + " " + ctx)).replace(PROG, "PROG"), arg, a[0])


def main():
    for i in (1, 2):
        subprocess.run([PML, "sweep", PROG, "-D", "n=2:5", "--shard", "%d/2" % i, "-o",
                        os.path.join(WORK, "p%d.csv" % i)], check=True)
    docs = documented()
    listed = subprocess.run([PML, "help"], capture_output=True, text=True).stdout
    cmds = re.findall(r"^  (\w+) ", listed, re.M)
    jobs = []
    for cmd in cmds:
        if cmd not in BASE:
            print("FAIL option_audit_knows_%s: no baseline for pml %s in tests/options_audit.py" % (cmd, cmd))
            continue
        jobs += [(cmd, o, docs) for o in options_of(cmd)]
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as ex:
        for line in ex.map(check, jobs):
            print(line, flush=True)
    stale = [p for p in docs if p[0] in cmds and p[1] not in options_of(p[0])]
    if stale:
        print("FAIL options_doc_names_only_options_the_commands_take: %s" % stale[:5])
    else:
        print("PASS options_doc_names_only_options_the_commands_take")
    shutil.rmtree(WORK, ignore_errors=True)


if __name__ == "__main__":
    main()
