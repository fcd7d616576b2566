#!/usr/bin/env python3
"""Every command's --help against itself (docs/options.md): a default its
summary states ("Default: every policy, P = 1, 2, 8.") is the default its
--sched and -p rows state.  One line per command, PASS or FAIL."""
import re, subprocess, sys

pml = sys.argv[1]
usage = subprocess.run([pml, "help"], capture_output=True, text=True).stdout
commands = re.findall(r"^  ([a-z]+)\s", usage, re.M)
if not commands:
    print("FAIL help defaults: no commands in pml help")
for cmd in commands:
    text = subprocess.run([pml, cmd, "--help"], capture_output=True, text=True).stdout
    head, _, rest = text.partition("\noptions:")
    if not rest:
        head, _, rest = text.partition("\nsimulation options:")
    # the option rows, each with its continuation lines joined
    rows = re.sub(r"\n {28}", " ", rest)
    def row_default(flag):
        m = re.search(r"^  (?:-., )?(?:\s*)" + re.escape(flag) + r"\b.*\(default ([^)]*)\)", rows, re.M)
        return m.group(1) if m else None
    summary = " ".join(head.split())
    said = re.search(r"Default: ([^.]*)\.", summary)
    bad = []
    if said:
        parts = [p.strip() for p in said.group(1).split(",")]
        if "every policy" in parts and row_default("--sched") != "every policy":
            bad.append("summary: every policy; --sched row: %s" % row_default("--sched"))
        m = re.search(r"P = ([0-9, ]+)", said.group(1))
        p = row_default("-p")
        if m and p is not None and re.sub(r"\s", "", m.group(1)) != re.sub(r"\s", "", p):
            bad.append("summary: P = %s; -p row: %s" % (m.group(1), p))
    elif row_default("--sched") not in (None, "df") or row_default("-p") not in (None, "1", "1:16"):
        bad.append("rows say other defaults (%s, %s) than the summary's none" % (row_default("--sched"), row_default("-p")))
    if bad:
        print("FAIL %s --help agrees with itself on defaults: %s" % (cmd, "; ".join(bad)))
    else:
        print("PASS %s --help agrees with itself on defaults" % cmd)
