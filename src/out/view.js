/* pml view: the page's script (compiled into pml; plain JavaScript, no
 * library, no network).  The data is the JSON in #pml-data (cmd_view.c);
 * each schedule's distilled graph is an inline SVG in #pml-svg-I. */
(function () {
  "use strict";
  var D = JSON.parse(document.getElementById("pml-data").textContent);
  var S = D.schedules, NS = S.length;
  var maxT = 0, minStride = Infinity;
  S.forEach(function (s) { maxT = Math.max(maxT, s.T); minStride = Math.min(minStride, s.stride); });
  var PROC = ["#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"];
  var SITE = ["#e6a04c", "#5b9bd5", "#70ad47", "#c55a9f", "#8e7cc3", "#d9534f"];
  var STATE = { done: "#000000", started: "#555555", ready: "#7fb8e6", waiting: "#d9d9d9" };
  var cur = 0, timer = null;

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    for (var k in attrs || {}) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  /* the last sampled index whose step is <= t */
  function sampleAt(s, t) {
    var lo = 0, hi = s.steps.length - 1;
    if (t >= s.steps[hi]) return hi;
    while (lo < hi) { var mid = (lo + hi + 1) >> 1; if (s.steps[mid] <= t) lo = mid; else hi = mid - 1; }
    return lo;
  }
  function holderAt(s, t) {
    var k = 0;
    for (var i = 0; i < s.hsteps.length; i++) if (s.hsteps[i] <= t) k = i;
    return k;
  }
  function space(s, k) { return s.heap[k] + (s.with_queue ? s.queue[k] : 0); }
  function groupColour(g) { return "hsl(" + Math.round((g * 137.508) % 360) + ",65%,55%)"; }
  function siteName(x) { return x.line ? x.file + ":" + x.line + ":" + x.col : x.text; }

  /* ---- the layout ---- */
  document.title = "pml view: " + D.file;
  var body = document.body;
  body.appendChild(el("h1", {}, "pml view: " + D.file + (D.params ? " " + D.params : "") + " \u2014 " +
    S.map(function (s) { return s.policy + " on P=" + s.P; }).join(" vs ")));
  var bar = el("div", { "class": "bar" });
  var play = el("button", { id: "play" }, "\u25b6 play");
  var slider = el("input", { id: "step", type: "range", min: "0", max: String(maxT), step: "1", value: "0" });
  var label = el("span", { id: "steplabel" });
  bar.appendChild(play); bar.appendChild(slider); bar.appendChild(label);
  S.forEach(function (s, i) {
    var b = el("button", { "class": "mark" }, (NS > 1 ? (i ? "B" : "A") + "'s " : "") + "high-water mark (" + (i ? "M" : "m") + ")");
    b.onclick = function () { setStep(s.hwm_step); };
    bar.appendChild(b);
  });
  body.appendChild(bar);
  var help = "Keys: \u2190 \u2192 one step (with Shift: 10), space play/pause, m " +
    (NS > 1 ? "A's mark, M B's mark" : "the high-water mark") + ", Home/End.";
  S.forEach(function (s) {
    if (s.stride > 1) help += " " + s.policy + " P=" + s.P + " has " + s.T + " steps: every " + s.stride +
      "th step is shown (and the mark).";
  });
  body.appendChild(el("div", { "class": "note" }, help));
  var legend = el("div", { "class": "legend" });
  [["done", STATE.done], ["in progress (some members done)", STATE.started], ["ready", STATE.ready],
   ["not yet ready", STATE.waiting]].forEach(function (x) {
    var sp = el("span"); var sw = el("span", { "class": "swatch" }); sw.style.background = x[1];
    sp.appendChild(sw); sp.appendChild(document.createTextNode(x[0])); legend.appendChild(sp);
  });
  for (var p = 0; p < Math.max.apply(null, S.map(function (s) { return s.P; })) && p < PROC.length; p++) {
    var sp = el("span"); var sw = el("span", { "class": "swatch" }); sw.style.background = PROC[p];
    sp.appendChild(sw); sp.appendChild(document.createTextNode("running on processor " + p)); legend.appendChild(sp);
  }
  legend.appendChild(el("span", {}, "\u2014 black edges: the roots at the high-water mark, width = words held"));
  body.appendChild(legend);
  var panels = el("div", { "class": "panels" });
  panels.style.gridTemplateColumns = "repeat(" + NS + ", minmax(0, 1fr))";
  body.appendChild(panels);

  var P = S.map(function (s, i) {
    var box = el("div", { "class": "panel", id: "panel-" + i });
    box.appendChild(el("h2", {}, (NS > 1 ? (i ? "B: " : "A: ") : "") + s.policy + " on P=" + s.P + ": " + s.T +
      " steps, high-water mark " + s.hwm + " " + D.units + " at step " + s.hwm_step));
    var status = el("div", { "class": "status" });
    box.appendChild(status);
    var graph = el("div", { "class": "graph" });
    var tpl = document.getElementById("pml-svg-" + i);
    graph.appendChild(document.importNode(tpl.content, true));
    box.appendChild(graph);
    var nodes = [];
    graph.querySelectorAll("g.node").forEach(function (g) {
      var t = g.querySelector("title"), e = g.querySelector("ellipse");
      if (t && e && /^n\d+$/.test(t.textContent)) nodes[+t.textContent.slice(1)] = e;
    });
    var chart = el("canvas", { height: "170" }); box.appendChild(chart);
    var gantt = el("canvas", { height: String(16 + 12 * Math.min(s.P, 16)) }); box.appendChild(gantt);
    box.appendChild(el("div", { "class": "note" }, "Space over time (black line: heap + queue, as pml schedule; " +
      "areas: the top holders, as pml run --profile), then which processor ran which node (colour) at each step."));
    var table = el("table", { "class": "holders" }); box.appendChild(table);
    panels.appendChild(box);
    /* the sites that ever rank in the top: the stacking order and colours */
    var best = {};
    s.hat.forEach(function (row) { for (var j = 0; j + 1 < row.length; j += 2) best[row[j]] = Math.max(best[row[j]] || 0, row[j + 1]); });
    var top = Object.keys(best).map(Number).sort(function (a, b) { return best[b] - best[a]; }).slice(0, SITE.length);
    return { s: s, box: box, status: status, nodes: nodes, chart: chart, gantt: gantt, table: table, top: top,
             prev: null };
  });

  var srcBox = el("div", { "class": "panel" });
  var srcSel = el("select", { id: "srcfile" });
  D.sources.forEach(function (f, i) { srcSel.appendChild(el("option", { value: String(i) }, f.path)); });
  srcSel.value = String(D.sources.length - 1);
  srcBox.appendChild(el("h2", {}, "Source: the top holders' lines " + (NS > 1 ? "(yellow: A, blue: B, green: both)" : "highlighted")));
  srcBox.appendChild(srcSel);
  var pre = el("pre", { "class": "src" }); srcBox.appendChild(pre);
  body.appendChild(srcBox);
  var srcLines = D.sources.map(function (f) { return f.text.split("\n"); });
  srcSel.onchange = function () { renderSource(true); };

  /* ---- drawing ---- */
  function colourNodes(v, k) {
    var s = v.s, ts = s.steps[k], run = s.run[k], running = {};
    for (var j = 0; j + 1 < run.length; j += 2) running[run[j]] = run[j + 1];
    for (var g = 1; g < v.nodes.length; g++) {
      var e = v.nodes[g]; if (!e) continue;
      var c = g in running ? PROC[running[g] % PROC.length]
            : s.glast[g] <= ts ? STATE.done
            : s.gfirst[g] <= ts ? STATE.started
            : s.gready[g] <= ts ? STATE.ready : STATE.waiting;
      e.setAttribute("fill", c);
      e.setAttribute("stroke", g in running ? "#000" : "none");
      e.setAttribute("stroke-width", g in running ? "2" : "0");
    }
    return Object.keys(running).length;
  }

  function drawChart(v, t) {
    var s = v.s, c = v.chart, w = c.clientWidth || 600, h = c.height;
    c.width = w;
    var x = c.getContext("2d"), ymax = 1;
    for (var k = 0; k < s.steps.length; k++) ymax = Math.max(ymax, space(s, k));
    s.hat.forEach(function (row) { var tot = 0; for (var j = 1; j < row.length; j += 2) tot += row[j]; tot += row[row.length - 1]; ymax = Math.max(ymax, tot); });
    var L = 44, R = 8, Tp = 14, B = 16, W = w - L - R, H = h - Tp - B;
    function X(step) { return L + W * step / Math.max(1, maxT); }
    function Y(val) { return Tp + H - H * val / ymax; }
    x.clearRect(0, 0, w, h);
    x.font = "11px Helvetica, Arial, sans-serif";
    /* stacked holders: one band per top site, then the others */
    var layers = v.top.concat(["other"]);
    var base = s.hsteps.map(function () { return 0; });
    layers.forEach(function (site, li) {
      var vals = s.hat.map(function (row) {
        if (site === "other") {
          var o = row[row.length - 1];
          for (var j = 0; j + 1 < row.length; j += 2) if (v.top.indexOf(row[j]) < 0) o += row[j + 1];
          return o;
        }
        for (var j2 = 0; j2 + 1 < row.length; j2 += 2) if (row[j2] === site) return row[j2 + 1];
        return 0;
      });
      x.beginPath();
      s.hsteps.forEach(function (st, i) { var px = X(st), py = Y(base[i] + vals[i]); if (i) x.lineTo(px, py); else x.moveTo(px, py); });
      for (var i = s.hsteps.length - 1; i >= 0; i--) x.lineTo(X(s.hsteps[i]), Y(base[i]));
      x.closePath();
      x.fillStyle = site === "other" ? "#cccccc" : SITE[li % SITE.length];
      x.globalAlpha = 0.75; x.fill(); x.globalAlpha = 1;
      s.hsteps.forEach(function (st, i) { base[i] += vals[i]; });
    });
    /* the exact space, the axes, the mark and the cursor */
    x.strokeStyle = "#000"; x.lineWidth = 1; x.beginPath();
    for (var k2 = 0; k2 < s.steps.length; k2++) { var px2 = X(s.steps[k2]), py2 = Y(space(s, k2)); if (k2) x.lineTo(px2, py2); else x.moveTo(px2, py2); }
    x.stroke();
    x.fillStyle = "#000";
    x.fillText(String(Math.round(ymax)), 2, Tp + 4); x.fillText("0", 2, Tp + H);
    x.fillText("step 0", L, h - 3); x.fillText(String(maxT), w - R - 30, h - 3);
    var mx = X(s.hwm_step), my = Y(s.hwm);
    x.beginPath(); x.arc(mx, my, 3, 0, 7); x.fill();
    var lab = "high-water mark " + s.hwm + " at step " + s.hwm_step;
    x.fillText(lab, Math.min(mx + 5, w - R - x.measureText(lab).width), Math.max(my - 3, 11));
    x.strokeStyle = "#d00"; x.beginPath(); x.moveTo(X(t), Tp); x.lineTo(X(t), Tp + H); x.stroke();
  }

  function drawGantt(v, k) {
    var s = v.s, c = v.gantt, w = c.clientWidth || 600, h = c.height;
    if (v.ganttW !== w) {                                  /* the static part, once per width */
      c.width = w;
      var x = c.getContext("2d"), L = 44, W = w - L - 8, rows = Math.min(s.P, 16), rh = (h - 16) / rows;
      x.clearRect(0, 0, w, h);
      x.font = "10px Helvetica, Arial, sans-serif"; x.fillStyle = "#000";
      for (var p = 0; p < rows; p++) x.fillText("proc " + p, 2, 10 + p * rh + rh / 2);
      for (var i = 0; i < s.steps.length; i++) {
        var run = s.run[i], x0 = L + W * s.steps[i] / Math.max(1, maxT);
        var x1 = L + W * (i + 1 < s.steps.length ? s.steps[i + 1] : s.steps[i] + s.stride) / Math.max(1, maxT);
        for (var j = 0; j + 1 < run.length; j += 2) {
          if (run[j + 1] >= rows) continue;
          x.fillStyle = groupColour(run[j]);
          x.fillRect(x0, 4 + run[j + 1] * rh, Math.max(1, x1 - x0), rh - 1);
        }
      }
      v.ganttImg = x.getImageData(0, 0, w, h); v.ganttW = w; v.ganttL = L; v.ganttWW = W;
    }
    var ctx = c.getContext("2d");
    ctx.putImageData(v.ganttImg, 0, 0);
    var cx = v.ganttL + v.ganttWW * s.steps[k] / Math.max(1, maxT);
    ctx.strokeStyle = "#d00"; ctx.beginPath(); ctx.moveTo(cx, 0); ctx.lineTo(cx, h); ctx.stroke();
  }

  function renderHolders(v, t) {
    var s = v.s, hk = holderAt(s, t), row = s.hat[hk], tb = v.table;
    tb.textContent = "";
    var cap = tb.createCaption();
    cap.textContent = "Top holders at step " + s.hsteps[hk] + (s.hsteps[hk] !== t ? " (the nearest sampled step before " + t + ")" : "");
    var tot = row[row.length - 1];
    for (var j = 1; j < row.length; j += 2) tot += row[j];
    for (var j2 = 0; j2 + 1 < row.length; j2 += 2) {
      var site = s.sites[row[j2]], tr = el("tr");
      var sw = el("span", { "class": "swatch" }), li = v.top.indexOf(row[j2]);
      sw.style.background = li >= 0 ? SITE[li] : "#ccc";
      var td0 = el("td"); td0.appendChild(sw); tr.appendChild(td0);
      tr.appendChild(el("td", { "class": "num" }, (+row[j2 + 1].toFixed(2)) + ""));
      tr.appendChild(el("td", { "class": "num" }, tot ? (100 * row[j2 + 1] / tot).toFixed(1) + "%" : ""));
      tr.appendChild(el("td", {}, siteName(site)));
      tr.appendChild(el("td", {}, site.line ? site.text.slice(0, 90) : ""));
      tb.appendChild(tr);
    }
    if (row[row.length - 1] > 0) {
      var tr2 = el("tr"); tr2.appendChild(el("td")); tr2.appendChild(el("td", { "class": "num" }, (+row[row.length - 1].toFixed(2)) + ""));
      tr2.appendChild(el("td")); tr2.appendChild(el("td", {}, "(others)")); tb.appendChild(tr2);
    }
    return row;
  }

  function renderSource(keep) {
    var lines = {};
    P.forEach(function (v, i) {
      var row = v.s.hat[holderAt(v.s, cur)];
      for (var j = 0; j + 1 < row.length; j += 2) {
        var site = v.s.sites[row[j]];
        if (!site.line) continue;
        var fi = D.sources.findIndex(function (f) { return f.path === site.file; });
        (lines[fi] = lines[fi] || {})[site.line] = (lines[fi][site.line] || "") + " hl" + i;
        if (!keep && i === 0 && j === 0 && fi >= 0) srcSel.value = String(fi);
      }
    });
    var fi2 = +srcSel.value, hl = lines[fi2] || {}, frag = document.createDocumentFragment(), first = null;
    srcLines[fi2].forEach(function (text, n) {
      var line = el("div", { "class": (hl[n + 1] || "").trim() });
      line.appendChild(el("span", { "class": "ln" }, String(n + 1)));
      line.appendChild(document.createTextNode(text));
      frag.appendChild(line);
      if (hl[n + 1] && !first) first = line;
    });
    pre.textContent = ""; pre.appendChild(frag);
    if (first) pre.scrollTop = Math.max(0, first.offsetTop - pre.offsetTop - 40);
  }

  function setStep(t) {
    cur = Math.max(0, Math.min(maxT, Math.round(t)));
    slider.value = String(cur);
    label.textContent = "step " + cur + " of " + maxT;
    P.forEach(function (v) {
      var s = v.s, k = sampleAt(s, cur), nrun = colourNodes(v, k);
      var sp = space(s, k);
      v.status.textContent = "step " + s.steps[k] + ": space " + sp + " " + D.units + " (heap " + s.heap[k] +
        ", queue " + s.queue[k] + "), " + nrun + " node" + (nrun === 1 ? "" : "s") + " running" +
        (cur > s.T ? " \u2014 finished" : "") + (s.steps[k] === s.hwm_step ? " \u2014 the high-water mark" : "");
      v.status.setAttribute("data-step", String(s.steps[k]));
      v.status.setAttribute("data-space", String(sp));
      v.status.setAttribute("data-running", String(nrun));
      drawChart(v, cur); drawGantt(v, k); renderHolders(v, cur);
    });
    renderSource(false);
  }

  function toggle() {
    if (timer) { clearInterval(timer); timer = null; play.textContent = "\u25b6 play"; return; }
    play.textContent = "\u23f8 pause";
    var inc = Math.max(minStride, Math.ceil(maxT / 400));
    timer = setInterval(function () { if (cur >= maxT) toggle(); else setStep(cur + inc); }, 60);
  }
  play.onclick = toggle;
  slider.oninput = function () { setStep(+slider.value); };
  document.addEventListener("keydown", function (e) {
    if (e.target && e.target.tagName === "SELECT") return;
    var d = (e.shiftKey ? 10 : 1) * minStride;
    if (e.key === "ArrowRight") setStep(cur + d);
    else if (e.key === "ArrowLeft") setStep(cur - d);
    else if (e.key === " ") toggle();
    else if (e.key === "m") setStep(S[0].hwm_step);
    else if (e.key === "M" && NS > 1) setStep(S[1].hwm_step);
    else if (e.key === "Home") setStep(0);
    else if (e.key === "End") setStep(maxT);
    else return;
    e.preventDefault();
  });
  window.addEventListener("resize", function () { setStep(cur); });

  /* for tests and the curious: the page's own view of its data */
  window.pmlView = {
    maxT: maxT, setStep: setStep, step: function () { return cur; },
    schedules: S.map(function (s, i) {
      return {
        policy: s.policy, P: s.P, T: s.T, hwm: s.hwm, hwm_step: s.hwm_step, steps: s.steps,
        space: s.steps.map(function (st, k) { return space(s, k); }),
        running: s.run.map(function (r) { return r.length / 2; }),
        status: function () { var a = P[i].status; return { step: +a.getAttribute("data-step"), space: +a.getAttribute("data-space"), running: +a.getAttribute("data-running") }; }
      };
    })
  };
  setStep(S[0].hwm_step);
})();
