#!/usr/bin/env python3
"""Drives Debian's chromium headless over the DevTools protocol on a pipe
(--remote-debugging-pipe: JSON messages ended by NUL on fds 3 and 4; only
the standard library) to check a `pml view` page from the page itself.

usage: view_browser.py PAGE.html SCREENSHOT.png SCHEDULE.json... [--key m]

Prints PASS/FAIL lines: for each schedule, the page's space at every
sampled step equals `pml schedule`'s heap + queue, the nodes it shows
running at each step are those `pml schedule` visited then (so at most P),
its step count is T_P; the key m jumps to the high-water mark; the page
made no network request and raised no JavaScript error; with
PML_VIEW_SOURCE_HAS=TEXT, that TEXT is in one of the page's sources.  Keeps
a screenshot at the mark."""
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
             "--window-size=1600,1100", "about:blank"],
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


def main():
    page, shot = sys.argv[1], sys.argv[2]
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
        b.call("Emulation.setDeviceMetricsOverride",
               {"width": 1600, "height": 1100, "deviceScaleFactor": 1, "mobile": False}, session=s)
        url = "file://" + os.path.abspath(page)
        b.call("Page.navigate", {"url": url}, session=s)
        b.wait_event("Page.loadEventFired")
        def js(expr):
            r = b.call("Runtime.evaluate", {"expression": expr, "returnByValue": True}, session=s)
            if "exceptionDetails" in r:
                raise RuntimeError("page: %s" % r["exceptionDetails"])
            return r["result"].get("value")
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
            visited = {}
            for st in sj["step"]:
                visited[st] = visited.get(st, 0) + 1
            bad = [t for t, r in zip(pv["steps"], pv["running"]) if r != visited.get(t, 0) or r > sj["P"]]
            check(name + "_at_most_P_nodes_run_per_step", not bad, "steps %s" % bad[:5])
            check(name + "_mark_is_pml_schedule_s", pv["hwm"] == sj["hwm"] and pv["hwm_step"] == sj["hwm_step"],
                  "%s@%s vs %s@%s" % (pv["hwm"], pv["hwm_step"], sj["hwm"], sj["hwm_step"]))
        # the key m jumps to A's high-water mark; the page's own status says so
        js("window.pmlView.setStep(0)")
        for t in ("keyDown", "keyUp"):
            b.call("Input.dispatchKeyEvent", {"type": t, "key": "m", "text": "m" if t == "keyDown" else "",
                                              "code": "KeyM", "windowsVirtualKeyCode": 77}, session=s)
        st = js("window.pmlView.schedules[0].status()")
        sj = scheds[0]
        check("view_key_m_jumps_to_the_mark",
              st["step"] == sj["hwm_step"] and st["space"] == sj["hwm"] and st["running"] <= sj["P"], str(st))
        for i, sj in enumerate(scheds[1:], 1):
            js("window.pmlView.setStep(%d)" % sj["hwm_step"])
            st = js("window.pmlView.schedules[%d].status()" % i)
            check("view_status_at_B_mark_shows_its_space", st["space"] == sj["hwm"], str(st))
        js("window.pmlView.setStep(%d)" % scheds[0]["hwm_step"])
        time.sleep(0.3)
        png = b.call("Page.captureScreenshot", {"format": "png"}, session=s)["data"]
        with open(shot, "wb") as f:
            f.write(base64.b64decode(png))
        check("view_screenshot_taken", os.path.getsize(shot) > 10000, "%d bytes" % os.path.getsize(shot))
        if os.environ.get("PML_VIEW_SHOT_LAST"):     # also at the last schedule's mark
            js("window.pmlView.setStep(%d)" % scheds[-1]["hwm_step"])
            time.sleep(0.3)
            png = b.call("Page.captureScreenshot", {"format": "png"}, session=s)["data"]
            with open(os.environ["PML_VIEW_SHOT_LAST"], "wb") as f:
                f.write(base64.b64decode(png))
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
