#!/usr/bin/env python3
"""Drives Debian's chromium headless over the DevTools protocol on a pipe
(--remote-debugging-pipe: JSON messages ended by NUL on fds 3 and 4; only
the standard library) to check a `pml view` page from the page itself.

usage: view_browser.py PAGE.html SHOT_PREFIX SCHEDULE.json...

SCHEDULE.json: `pml schedule` of each panel, in order.  Prints PASS/FAIL
lines: for each schedule, the page's space at every sampled step equals
`pml schedule`'s heap + queue, the nodes it shows running at each step are
those `pml schedule` visited then (so at most P), its step count is T_P;
the status line's busy processors and ready tasks equal the schedule's at
every kept step; both charts share one y-scale by default (and not after
the toggle, when the marks differ); a site has one colour in every panel's
table and chart band and in the source view, and distinct coloured sites
have distinct colours; the keys a, b, x jump to A's mark, B's mark, both;
at 1280x720 the graphs, charts and top holders are inside the window and
nothing overflows sideways, and node labels are shown at 14 px or more;
the page made no network request and raised no JavaScript error; with
PML_VIEW_SOURCE_HAS=TEXT, that TEXT is in one of the page's sources.  Keeps
screenshots SHOT_PREFIX-1280x720.png and SHOT_PREFIX-1920x1080.png at the
last panel's mark (each panel at its own mark with two)."""
import base64, json, os, shutil, subprocess, sys, tempfile, time

CHROMIUM = os.environ.get("PML_CHROMIUM", "/usr/bin/chromium")


class Browser:
    def __init__(self, profile):
        r1, w1 = os.pipe()    # we write, chromium reads on fd 3
        r2, w2 = os.pipe()    # chromium writes on fd 4, we read
        def child():   # fds 3 and 4 (Popen would close them after this: close_fds=False)
            a, b = os.dup(r1), os.dup(w2)
            os.dup2(a, 3); os.dup2(b, 4)
            os.close(a); os.close(b)
        self.proc = subprocess.Popen(
            [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             "--disable-extensions", "--remote-debugging-pipe", "--user-data-dir=" + profile,
             "--window-size=1920,1080", "about:blank"],
            close_fds=False, preexec_fn=child, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(r1); os.close(w2)
        self.w = os.fdopen(w1, "wb", buffering=0)
        self.r = os.fdopen(r2, "rb", buffering=0)
        self.buf = b""
        self.next_id = 0
        self.events = []

    def _read(self, deadline):
        while b"\0" not in self.buf:
            if time.time() > deadline:
                raise TimeoutError("no answer from chromium")
            chunk = self.r.read(65536)
            if not chunk:
                raise EOFError("chromium closed the pipe")
            self.buf += chunk
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg)

    def call(self, method, params=None, session=None, timeout=60):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        self.w.write(json.dumps(msg).encode() + b"\0")
        deadline = time.time() + timeout
        while True:
            m = self._read(deadline)
            if m.get("id") == self.next_id:
                if "error" in m:
                    raise RuntimeError("%s: %s" % (method, m["error"]))
                return m.get("result", {})
            self.events.append(m)

    def wait_event(self, name, timeout=60):
        deadline = time.time() + timeout
        for m in self.events:
            if m.get("method") == name:
                return m
        while True:
            m = self._read(deadline)
            self.events.append(m)
            if m.get("method") == name:
                return m

    def close(self):
        try:
            self.call("Browser.close", timeout=10)
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


SIZES = [(1280, 720), (1920, 1080)]


def main():
    page, prefix = sys.argv[1], sys.argv[2]
    scheds = [json.load(open(p)) for p in sys.argv[3:]]
    results = []
    def check(name, ok, why=""):
        results.append(ok)
        print(("PASS " + name) if ok else ("FAIL %s: %s" % (name, why)))
    profile = tempfile.mkdtemp(prefix="pml-chromium-")
    b = Browser(profile)
    try:
        target = b.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        s = b.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for dom in ("Network", "Runtime", "Log", "Page"):
            b.call(dom + ".enable", session=s)
        def size(w, h):
            b.call("Emulation.setDeviceMetricsOverride",
                   {"width": w, "height": h, "deviceScaleFactor": 1, "mobile": False}, session=s)
        size(*SIZES[0])
        url = "file://" + os.path.abspath(page)
        b.call("Page.navigate", {"url": url}, session=s)
        b.wait_event("Page.loadEventFired")
        def js(expr):
            r = b.call("Runtime.evaluate", {"expression": expr, "returnByValue": True}, session=s)
            if "exceptionDetails" in r:
                raise RuntimeError("page: %s" % r["exceptionDetails"])
            return r["result"].get("value")
        def key(k, code, vk):
            for t in ("keyDown", "keyUp"):
                b.call("Input.dispatchKeyEvent", {"type": t, "key": k, "text": k if t == "keyDown" else "",
                                                  "code": code, "windowsVirtualKeyCode": vk}, session=s)
        def statuses():
            return js("window.pmlView.schedules.map(function(x){return x.status();})")
        view = js("(function(){var v=window.pmlView; return {maxT: v.maxT, s: v.schedules.map(function(x){"
                  "return {policy: x.policy, P: x.P, T: x.T, hwm: x.hwm, hwm_step: x.hwm_step, steps: x.steps,"
                  " space: x.space, running: x.running};})};})()")
        check("view_page_shows_%d_schedules" % len(scheds), len(view["s"]) == len(scheds),
              "%d schedules" % len(view["s"]))
        want_src = os.environ.get("PML_VIEW_SOURCE_HAS")
        if want_src:    # the program's text reached the page's data whole
            srcs = js("JSON.parse(document.getElementById('pml-data').textContent).sources.map(function(f){return f.text;})")
            check("view_page_source_text_intact", any(want_src in t for t in srcs), "not among %d sources" % len(srcs))
        for i, (pv, sj) in enumerate(zip(view["s"], scheds)):
            name = "view_%s_P%d" % (pv["policy"], pv["P"])
            check(name + "_step_count_is_T_P", pv["T"] == sj["steps"], "%s vs %s" % (pv["T"], sj["steps"]))
            want = [sj["heap"][t] + (sj["queue"][t] if sj["with_queue"] else 0) for t in pv["steps"]]
            bad = [t for t, a, w in zip(pv["steps"], pv["space"], want) if a != w]
            check(name + "_space_per_step_equals_pml_schedule", not bad and len(pv["steps"]) > 0,
                  "differs at steps %s" % bad[:5])
            visited, procs_at = {}, {}
            for v, st in enumerate(sj["step"]):
                visited[st] = visited.get(st, 0) + 1
                procs_at.setdefault(st, set()).add(sj["proc"][v] if "proc" in sj else v)
            bad = [t for t, r in zip(pv["steps"], pv["running"]) if r != visited.get(t, 0) or r > sj["P"]]
            check(name + "_at_most_P_nodes_run_per_step", not bad, "steps %s" % bad[:5])
            check(name + "_mark_is_pml_schedule_s", pv["hwm"] == sj["hwm"] and pv["hwm_step"] == sj["hwm_step"],
                  "%s@%s vs %s@%s" % (pv["hwm"], pv["hwm_step"], sj["hwm"], sj["hwm_step"]))
            # the status line, as the page shows it, at up to 60 kept steps and the marks
            ks = sorted(set(pv["steps"][::max(1, len(pv["steps"]) // 60)] + [x["hwm_step"] for x in scheds]))
            got = js("(function(ks){var v=window.pmlView, out=[]; ks.forEach(function(t){v.setStep(t);"
                     " out.push(v.schedules[%d].status());}); return out;})(%s)" % (i, json.dumps(ks)))
            bad = []
            for t, st in zip(ks, got):
                u = st["step"]
                procs = len(procs_at.get(u, ()))
                if st["busy"] != procs or st["busy"] != visited.get(u, 0) or st["ready"] != sj["queue"][u] or u > t:
                    bad.append((t, st, procs, sj["queue"][u]))
            check(name + "_status_counts_the_schedules_busy_processors_and_ready_tasks", not bad, str(bad[:2]))
        # the graph shows every busy processor's colour (a node run by several: striped), at
        # the marks and 40 kept steps
        for i, sj in enumerate(scheds):
            ks = view["s"][i]["steps"]
            for t in sorted({x["hwm_step"] for x in scheds} | set(ks[::max(1, len(ks) // 40)])):
                js("window.pmlView.setStep(%d)" % t)
                shown = js("""(function(i){var p={}, PROC=%s;
                    document.querySelectorAll('#panel-' + i + ' g.node ellipse').forEach(function(e){
                      var f=e.getAttribute('fill')||'', m=/^url\\(#pml-p\\d+-([\\d-]+)\\)$/.exec(f);
                      if (m) m[1].split('-').forEach(function(q){p[q]=1;});
                      else if (PROC.indexOf(f) >= 0) p[PROC.indexOf(f)]=1;});
                    return Object.keys(p).length;})(%d)""" % (json.dumps(["#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"]), i))
                st = statuses()[i]
                if sj["P"] <= 8 and shown != st["busy"]:
                    check("view_%s_P%d_graph_shows_each_busy_processor" % (sj["policy"], sj["P"]), False,
                          "step %d: %d shown, %d busy" % (t, shown, st["busy"]))
                    break
            else:
                check("view_%s_P%d_graph_shows_each_busy_processor" % (sj["policy"], sj["P"]), True)
        # the timeline: a few colours (by function, as pml schedule --plot), or busy/idle after t
        cols = js("window.pmlView.schedules.map(function(x){return x.ganttColours();})")
        check("view_timeline_by_function_uses_at_most_9_colours", all(0 < len(c) <= 9 for c in cols), str(cols))
        key("t", "KeyT", 84)
        cols = js("window.pmlView.schedules.map(function(x){return x.ganttColours();})")
        check("view_key_t_colours_the_timeline_busy_or_idle", all(len(c) == 1 for c in cols), str(cols))
        key("t", "KeyT", 84)
        # the page explains itself: a caption per panel, a "what to look for" line naming each mark
        look = js("document.getElementById('lookfor').textContent")
        caps = js("Array.prototype.map.call(document.querySelectorAll('p.caption'), function(c){return c.textContent;})")
        check("view_captions_and_what_to_look_for_from_the_data",
              look.startswith("What to look for: ") and all("{:,}".format(x["hwm"]) in look for x in scheds)
              and len(caps) == len(scheds) and all(len(c) > 40 for c in caps), look[:120])
        # the charts' axes are titled, with the units
        titles = js("Array.prototype.map.call(document.querySelectorAll('canvas.chart'), function(c){"
                    "return [c.getAttribute('data-ytitle'), c.getAttribute('data-xtitle')];})")
        check("view_charts_have_axis_titles_with_units", all(y and "(" in y and x and x.startswith("step") for y, x in titles)
              and len(titles) == len(scheds), str(titles))
        check("view_graph_title_drawn_by_the_page_not_the_svg",
              js("document.querySelectorAll('.graph svg g.graph > text').length") == 0, "svg text left")
        # the step box
        t = scheds[-1]["hwm_step"]
        js("(function(){var b=document.getElementById('stepbox'); b.value='%d'; b.dispatchEvent(new Event('change'));})()" % t)
        check("view_step_box_goes_to_the_step", statuses()[-1]["step"] == t, str(statuses()[-1]))
        # keys: a (and m) to A's mark, b to B's, x each to its own
        js("window.pmlView.setStep(0)")
        key("a", "KeyA", 65)
        st = statuses()
        check("view_key_a_jumps_to_A_mark", st[0]["step"] == scheds[0]["hwm_step"] and st[0]["space"] == scheds[0]["hwm"], str(st[0]))
        js("window.pmlView.setStep(0)")
        key("m", "KeyM", 77)
        check("view_key_m_jumps_to_the_mark", statuses()[0]["step"] == scheds[0]["hwm_step"], str(statuses()[0]))
        if len(scheds) > 1:
            key("b", "KeyB", 66)
            st = statuses()
            check("view_key_b_puts_both_panels_at_B_mark",
                  all(x["step"] == min(scheds[1]["hwm_step"], sj["steps"]) for x, sj in zip(st, scheds))
                  and st[1]["space"] == scheds[1]["hwm"], str(st))
            key("x", "KeyX", 88)
            st = statuses()
            check("view_key_x_puts_each_panel_at_its_own_mark",
                  all(x["step"] == sj["hwm_step"] and x["space"] == sj["hwm"] for x, sj in zip(st, scheds)), str(st))
            # one y-scale for both charts by default; each its own after y
            ys = js("window.pmlView.schedules.map(function(x){return x.ymax();})")
            check("view_charts_share_one_y_scale_by_default", len(set(ys)) == 1 and ys[0] >= max(x["hwm"] for x in scheds), str(ys))
            key("y", "KeyY", 89)
            ys2 = js("window.pmlView.schedules.map(function(x){return x.ymax();})")
            differ = scheds[0]["hwm"] != scheds[1]["hwm"]
            check("view_key_y_gives_each_chart_its_own_scale", (len(set(ys2)) == 2) == differ, str(ys2))
            key("y", "KeyY", 89)
        # one colour per site: the holders' tables, the charts' bands and the source view agree
        js("window.pmlView.bothMarks ? window.pmlView.bothMarks() : 0")
        col = js("""(function(){var out={rows:[], bands:[], src:[]};
            document.querySelectorAll('table.holders tr[data-site]').forEach(function(r){
              out.rows.push([+r.getAttribute('data-site'), getComputedStyle(r.querySelector('.swatch')).backgroundColor]);});
            window.pmlView.schedules.forEach(function(x){var b=x.bands(); for (var k in b) if (k!=='other') out.bands.push([+k, b[k]]);});
            document.querySelectorAll('pre.src div.hl').forEach(function(d){
              out.src.push([+d.getAttribute('data-site'), getComputedStyle(d).backgroundColor]);});
            return out;})()""")
        def norm(c):
            c = c.strip()
            if c.startswith("#"):
                return tuple(int(c[k:k + 2], 16) for k in (1, 3, 5))
            return tuple(int(float(x)) for x in c[c.index("(") + 1:c.index(")")].split(",")[:3])
        seen, bad = {}, []
        for site, c in col["rows"] + col["bands"] + col["src"]:
            if seen.setdefault(site, norm(c)) != norm(c):
                bad.append((site, seen[site], norm(c)))
        grey = (200, 200, 200)
        coloured = {}
        for site, c in seen.items():
            if c != grey and coloured.setdefault(c, site) != site:
                bad.append(("two sites, one colour", c))
        check("view_one_colour_per_site_in_tables_charts_and_source", not bad and col["rows"] and col["bands"], str(bad[:3]))
        # at 1280x720: the first screen fits; labels readable
        js("window.pmlView.redraw()")
        time.sleep(0.2)
        fit = js("""(function(){var H=innerHeight, W=innerWidth, bad=[];
            document.querySelectorAll('.graph, canvas.chart, canvas.gantt, table.holders').forEach(function(e){
              var r=e.getBoundingClientRect(); if (r.bottom > H + 0.5 || r.right > W + 0.5 || r.height < 20)
                bad.push(e.className + ' ' + Math.round(r.bottom) + 'x' + Math.round(r.right) + ' h' + Math.round(r.height));});
            document.querySelectorAll('.screen *').forEach(function(e){
              if (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX === 'visible' && e.clientWidth > 0)
                bad.push('sideways: ' + e.tagName + '.' + e.className);});
            if (document.documentElement.scrollWidth > W) bad.push('page wider than the window');
            var labels = Array.prototype.map.call(document.querySelectorAll('.nodelabel'), function(l){
              return parseFloat(getComputedStyle(l).fontSize);});
            return {bad: bad, labels: labels, rows: document.querySelectorAll('table.holders tr').length};})()""")
        check("view_first_screen_fits_1280x720", not fit["bad"] and fit["rows"] >= 3 * len(scheds), str(fit["bad"][:4]))
        check("view_node_labels_shown_at_14px_or_more", fit["labels"] and min(fit["labels"]) >= 14,
              str(fit["labels"][:5]))
        # printed: no controls, nothing cut off at the window's height
        b.call("Emulation.setEmulatedMedia", {"media": "print"}, session=s)
        pr = js("(function(){var sc=document.querySelector('.screen'); return {bar: getComputedStyle(document.querySelector('.bar')).display,"
                " overflow: getComputedStyle(sc).overflowY, graph: document.querySelector('.graph').getBoundingClientRect().height};})()")
        check("view_print_stylesheet_hides_the_controls_and_keeps_the_graphs",
              pr["bar"] == "none" and pr["overflow"] == "visible" and pr["graph"] > 100, str(pr))
        b.call("Emulation.setEmulatedMedia", {"media": ""}, session=s)
        # screenshots: at the last panel's mark, each panel at its own with two
        for w, h in SIZES:
            size(w, h)
            js("window.pmlView.redraw()")
            if len(scheds) > 1:
                js("window.pmlView.bothMarks()")
            else:
                js("window.pmlView.setStep(%d)" % scheds[-1]["hwm_step"])
            time.sleep(0.4)
            shot = "%s-%dx%d.png" % (prefix, w, h)
            png = b.call("Page.captureScreenshot", {"format": "png"}, session=s)["data"]
            with open(shot, "wb") as f:
                f.write(base64.b64decode(png))
            check("view_screenshot_%dx%d_taken" % (w, h), os.path.getsize(shot) > 10000, "%d bytes" % os.path.getsize(shot))
        # drain what is left, then look at every event
        try:
            b.call("Runtime.evaluate", {"expression": "1"}, session=s)
        except Exception:
            pass
        reqs = [m["params"]["request"]["url"] for m in b.events if m.get("method") == "Network.requestWillBeSent"]
        other = [u for u in reqs if u != url and not u.startswith("data:")]
        check("view_page_makes_no_network_request", not other, str(other[:3]))
        errs = [m for m in b.events if m.get("method") == "Runtime.exceptionThrown"
                or (m.get("method") == "Log.entryAdded" and m["params"]["entry"]["level"] == "error")
                or (m.get("method") == "Runtime.consoleAPICalled" and m["params"]["type"] == "error")]
        check("view_page_raises_no_javascript_error", not errs, json.dumps(errs[:2])[:300])
    except Exception as e:
        check("view_browser_session", False, repr(e))
    finally:
        b.close()
        shutil.rmtree(profile, ignore_errors=True)
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
