/* pml view: the page's script (compiled into pml; plain JavaScript, no
 * library, no network).  The data is the JSON in #pml-data (cmd_view.c);
 * each schedule's distilled graph is an inline SVG in #pml-svg-I.  What the
 * page shows and why: docs/view.md. */
(function () {
  "use strict";
  var D = JSON.parse(document.getElementById("pml-data").textContent);
  var S = D.schedules, NS = S.length;
  var maxT = 0, minStride = Infinity;
  S.forEach(function (s) { maxT = Math.max(maxT, s.T); minStride = Math.min(minStride, s.stride); });
  /* processors (running nodes), sites (holders: chart, table, source) and
   * functions (the timeline): three palettes, each colour kept for one thing */
  var PROC = ["#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"];
  var SITE = ["#e6a04c", "#5b9bd5", "#70ad47", "#c55a9f", "#8e7cc3", "#d9534f", "#4db6ac", "#a1887f"];
  var FN = ["#3a6ea5", "#c0504d", "#9bbb59", "#8064a2", "#f79646", "#4bacc6", "#7f6000", "#ff66cc"];
  var OTHER = "#c8c8c8", BUSY = "#444444";
  var STATE = { done: "#000000", started: "#666666", ready: "#7fb8e6", waiting: "#dddddd" };
  var CAPTION = {
    df: "Depth-first: the processors always take the ready tasks that come first in the one-processor " +
        "order (leftmost in the graph). The run stays close to the sequential one, and so does its space.",
    bf: "Breadth-first: ready tasks wait in one first-in, first-out queue, so the graph runs level by " +
        "level and every branch is started before any is finished; each started branch holds its data until it ends.",
    ws: "Work stealing: each processor runs its own newest task first and, when it has none, steals the " +
        "oldest task of another. A thief starts a distant part of the graph and holds its data alongside the rest."
  };
  var cur = S.map(function () { return 0; });      /* each panel's step */
  var timer = null, sharedY = true, ganttMode = "function";

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    for (var k in attrs || {}) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function num(x) { return Math.round(x).toLocaleString("en-US"); }
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
  function siteName(x) { return x.line ? x.file.replace(/^.*\//, "") + ":" + x.line + ":" + x.col : x.text; }
  function fnShort(name) { return name.replace(/ \(.*\)$/, ""); }
  function busy(run) { var p = {}, n = 0; for (var j = 1; j < run.length; j += 2) if (!p[run[j]]) { p[run[j]] = 1; n++; } return n; }
  /* a panel's name in sentences: its policy, or its program when the programs differ */
  var samePrograms = S.every(function (s) { return s.program === S[0].program; });
  var sameP = S.every(function (s) { return s.P === S[0].P; });
  function who(s) {
    return samePrograms ? s.policy + (sameP ? "" : " on P=" + s.P) : s.program.replace(/^.*\//, "");
  }

  /* ---- colours for the whole page: one per site, one per function ---- */
  var siteColour = {}, fnColour = {};
  (function () {
    var best = {};
    S.forEach(function (s) {
      s.hat.forEach(function (row) { for (var j = 0; j + 1 < row.length; j += 2) best[row[j]] = Math.max(best[row[j]] || 0, row[j + 1]); });
    });
    Object.keys(best).map(Number).sort(function (a, b) { return best[b] - best[a] || a - b; })
      .forEach(function (site, i) { siteColour[site] = i < SITE.length ? SITE[i] : OTHER; });
    var steps = {};
    S.forEach(function (s) {
      s.run.forEach(function (run) { for (var j = 0; j < run.length; j += 2) { var f = s.gfn[run[j]]; steps[f] = (steps[f] || 0) + 1; } });
    });
    Object.keys(steps).map(Number).sort(function (a, b) { return steps[b] - steps[a] || a - b; })
      .forEach(function (f, i) { fnColour[f] = i < FN.length ? FN[i] : OTHER; });
  })();
  function colourOfSite(site) { return siteColour[site] || OTHER; }

  /* ---- the layout: one screen (title, controls, panels), then the source ---- */
  document.title = "pml view: " + D.title;
  var body = document.body, screen = el("div", { "class": "screen" });
  body.appendChild(screen);
  var head = el("header");
  screen.appendChild(head);
  head.appendChild(el("h1", {}, (D.lesson ? "" : "pml view: ") + D.title + (D.params ? " (" + D.params + ")" : "") +
    (D.lesson ? "" : " \u2014 " + S.map(function (s) { return s.policy + " on P=" + s.P; }).join(" vs "))));
  var intro = el("div", { "class": "intro" });
  head.appendChild(intro);
  if (D.lesson) intro.appendChild(el("p", { "class": "lesson" }, D.lesson));
  if (D.sweep && D.sweep.length) intro.appendChild(sweepTable());
  var look = el("p", { "class": "lookfor", id: "lookfor" });
  head.appendChild(look);

  var bar = el("div", { "class": "bar" });
  var play = el("button", { id: "play", title: "play or pause (space)" }, "\u25b6 play");
  var speed = el("select", { id: "speed", title: "play speed" });
  var base = Math.max(1, Math.round(maxT / 20));        /* the whole run in about 20 s */
  [[base / 10, "slow"], [base, "normal"], [base * 5, "fast"]].forEach(function (x, i) {
    var o = el("option", { value: String(Math.max(1, Math.round(x[0]))), title: num(Math.max(1, x[0])) + " steps a second" }, x[1]);
    if (i === 1) o.selected = true;
    speed.appendChild(o);
  });
  var slider = el("input", { id: "step", type: "range", min: "0", max: String(maxT), step: "1", value: "0", "aria-label": "step" });
  var box = el("input", { id: "stepbox", type: "number", min: "0", max: String(maxT), value: "0", title: "go to step" });
  var label = el("span", { id: "steplabel" });
  [play, el("span", {}, "speed"), speed, slider, el("span", {}, "step"), box, label].forEach(function (e) { bar.appendChild(e); });
  function button(id, text, title, fn) { var b = el("button", { id: id, title: title }, text); b.onclick = fn; bar.appendChild(b); return b; }
  S.forEach(function (s, i) {
    button("mark" + i, (NS > 1 ? (i ? "B" : "A") + "'s mark" : "mark") + " (" + (i ? "b" : "a") + ")",
      "every panel to the step of " + (NS > 1 ? (i ? "B" : "A") + "'s " : "the ") + "high-water mark", function () { setAll(s.hwm_step); });
  });
  if (NS > 1) button("marks", "both (x)", "each panel at its own high-water mark", bothMarks);
  var ybtn = button("yscale", "", "one y-scale for both charts, or each its own (y)", function () { sharedY = !sharedY; redraw(); });
  var gbtn = button("gantt", "", "colour the processor timeline by function or by busy/idle (t)", function () {
    ganttMode = ganttMode === "function" ? "busy" : "function"; P.forEach(function (v) { v.ganttW = 0; }); redraw();
  });
  head.appendChild(bar);

  var legend = el("div", { "class": "legend" });
  function swatch(colour, text, parent) {
    var sp = el("span"); var sw = el("span", { "class": "swatch" }); sw.style.background = colour;
    sp.appendChild(sw); sp.appendChild(document.createTextNode(text)); (parent || legend).appendChild(sp);
  }
  legend.appendChild(el("span", {}, "Graph:"));
  [["done", STATE.done], ["in progress", STATE.started], ["ready", STATE.ready], ["not yet ready", STATE.waiting]]
    .forEach(function (x) { swatch(x[1], x[0]); });
  var maxP = Math.max.apply(null, S.map(function (s) { return s.P; }));
  for (var p = 0; p < maxP && p < PROC.length; p++) swatch(PROC[p], "proc " + p);
  legend.appendChild(el("span", {}, "\u2014 black edges: what is live at the mark. Keys: \u2190 \u2192 step (Shift: \u00d710), space play, " +
    (NS > 1 ? "a/b A's/B's mark, x both, " : "a the mark, ") + "Home/End, y, t."));
  head.appendChild(legend);

  var panels = el("div", { "class": "panels" });
  panels.style.gridTemplateColumns = "repeat(" + NS + ", minmax(0, 1fr))";
  screen.appendChild(panels);

  var P = S.map(function (s, i) {
    var pbox = el("div", { "class": "panel", id: "panel-" + i });
    var name = (NS > 1 ? (i ? "B: " : "A: ") : "") + (samePrograms ? "" : s.program.replace(/^.*\//, "") + ", ") +
      s.policy + " on P=" + s.P;
    pbox.appendChild(el("h2", { title: num(s.T) + " steps" }, name + ": high-water mark " + num(s.hwm) + " " + D.units +
      " at step " + num(s.hwm_step) + " of " + num(s.T)));
    pbox.appendChild(el("p", { "class": "caption" }, CAPTION[s.policy] || ""));
    var status = el("div", { "class": "status" });
    pbox.appendChild(status);
    var graph = el("div", { "class": "graph" });
    graph.appendChild(document.importNode(document.getElementById("pml-svg-" + i).content, true));
    var labels = el("div", { "class": "labels" });
    graph.appendChild(labels);
    pbox.appendChild(graph);
    var nodes = [];
    var svg = graph.querySelector("svg");
    graph.querySelectorAll("g.node").forEach(function (g) {
      var t = g.querySelector("title"), e = g.querySelector("ellipse");
      if (t && e && /^n\d+$/.test(t.textContent)) nodes[+t.textContent.slice(1)] = e;
    });
    var chart = el("canvas", { "class": "chart" }); pbox.appendChild(chart);
    var gantt = el("canvas", { "class": "gantt" }); pbox.appendChild(gantt);
    var fkey = el("div", { "class": "fnkey" }); pbox.appendChild(fkey);
    var table = el("table", { "class": "holders" }); pbox.appendChild(table);
    panels.appendChild(pbox);
    return { s: s, i: i, box: pbox, status: status, graph: graph, svg: svg, labels: labels, nodes: nodes,
             chart: chart, gantt: gantt, fkey: fkey, table: table, grad: {} };
  });

  P.forEach(function (v) { fitGraph(v.svg); });      /* now that it is laid out */

  var srcBox = el("section", { "class": "panel source" });
  var srcSel = el("select", { id: "srcfile" });
  D.sources.forEach(function (f, i) { srcSel.appendChild(el("option", { value: String(i) }, f.path)); });
  srcSel.value = String(D.sources.length - 1);
  srcBox.appendChild(el("h2", {}, "Source: the top holders' lines, in their sites' colours (A, B: which panel's holders)"));
  srcBox.appendChild(srcSel);
  var pre = el("pre", { "class": "src" }); srcBox.appendChild(pre);
  body.appendChild(srcBox);
  var srcLines = D.sources.map(function (f) { return f.text.split("\n"); });
  srcSel.onchange = function () { renderSource(true); };

  /* The graph's own title and legend (drawn inside the SVG, far too small
   * once scaled) give way to the page's; the drawing is cropped to its
   * nodes and edges and fills its box. */
  function fitGraph(svg) {
    if (!svg) return;
    var g = svg.querySelector("g.graph");
    g.querySelectorAll(":scope > text, :scope > polygon, :scope > g:not(.node):not(.edge)").forEach(function (t) { t.remove(); });
    svg.removeAttribute("width"); svg.removeAttribute("height");
    try {
      var b = g.getBBox(), m = 6;
      var tr = g.transform.baseVal.consolidate();
      var x = b.x + (tr ? tr.matrix.e : 0), y = b.y + (tr ? tr.matrix.f : 0);
      svg.setAttribute("viewBox", (x - m) + " " + (y - m) + " " + (b.width + 2 * m) + " " + (b.height + 2 * m));
    } catch (e) { /* keep Graphviz's viewBox */ }
    svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
  }

  function sweepTable() {
    var t = el("table", { "class": "sweep", id: "sweep" });
    var pols = [], Ps = [];
    D.sweep.forEach(function (r) { if (pols.indexOf(r.policy) < 0) pols.push(r.policy); if (Ps.indexOf(r.P) < 0) Ps.push(r.P); });
    var tr = el("tr"); tr.appendChild(el("th", {}, "high-water mark (" + D.units + ")"));
    Ps.forEach(function (p) { tr.appendChild(el("th", {}, "P = " + p)); }); t.appendChild(tr);
    pols.forEach(function (pol) {
      var row = el("tr"); row.appendChild(el("th", {}, pol));
      Ps.forEach(function (p) {
        var r = D.sweep.filter(function (x) { return x.policy === pol && x.P === p; })[0];
        row.appendChild(el("td", {}, r ? num(r.hwm) : ""));
      });
      t.appendChild(row);
    });
    return t;
  }

  /* ---- what to look for, from the data ---- */
  function topHolder(s, t) {
    var row = s.hat[holderAt(s, t)], tot = row[row.length - 1];
    for (var j = 1; j < row.length; j += 2) tot += row[j];
    if (row.length < 3) return "";
    var site = D.sites[row[0]];
    return (site.line ? site.text.slice(0, 50) + (site.text.length > 50 ? "\u2026" : "") + " (" + siteName(site) + ")" : site.text) +
      " holds " + Math.round(100 * row[1] / Math.max(tot, 1e-9)) + "%";
  }
  function atMark(s) {
    var k = sampleAt(s, s.hwm_step);
    return "at step " + num(s.hwm_step) + " " + who(s) + " has " + num(s.queue[k]) + " ready task" + (s.queue[k] === 1 ? "" : "s") +
      " and " + topHolder(s, s.hwm_step);
  }
  function lookFor() {
    var text;
    if (NS === 1) {
      text = "The high-water mark is " + num(S[0].hwm) + " " + D.units + ": " + atMark(S[0]) + ". Press a to go there.";
    } else {
      var b = S[0].hwm >= S[1].hwm ? 0 : 1, big = S[b], small = S[1 - b], r = big.hwm / Math.max(small.hwm, 1);
      text = (r >= 1.05 ? who(big) + "'s high-water mark is " + (r >= 10 ? Math.round(r) : r.toFixed(1)) + "\u00d7 " + who(small) + "'s"
              : "The two high-water marks are within " + Math.round(100 * (r - 1)) + "% of each other") +
        " (" + num(big.hwm) + " against " + num(small.hwm) + " " + D.units + "). Press x to put each at its mark: " +
        atMark(big) + "; " + atMark(small) + ".";
      if (D.sweep && D.sweep.length) {
        var Ps = [];
        D.sweep.forEach(function (x) { if (Ps.indexOf(x.P) < 0) Ps.push(x.P); });
        var ratio = Ps.map(function (p) {
          var a = D.sweep.filter(function (x) { return x.P === p && x.policy === S[1].policy; })[0],
              c = D.sweep.filter(function (x) { return x.P === p && x.policy === S[0].policy; })[0];
          return a && c ? (a.hwm / Math.max(c.hwm, 1)).toFixed(2) : "?";
        });
        text += " As P grows (" + Ps.join(", ") + "), " + S[1].policy + "/" + S[0].policy + " is " + ratio.join(", ") + ".";
      }
    }
    look.textContent = "What to look for: " + text;
  }

  /* ---- drawing ---- */
  function gradient(v, g, procs) {                     /* a node run by several processors: stripes */
    var key = procs.join(",");
    if (v.grad[key]) return v.grad[key];
    var id = "pml-p" + v.i + "-" + procs.join("-"), defs = v.svg.querySelector("defs");
    if (!defs) { defs = document.createElementNS(v.svg.namespaceURI, "defs"); v.svg.insertBefore(defs, v.svg.firstChild); }
    var lg = document.createElementNS(v.svg.namespaceURI, "linearGradient");
    lg.setAttribute("id", id);
    procs.forEach(function (p, j) {
      [j / procs.length, (j + 1) / procs.length].forEach(function (off) {
        var st = document.createElementNS(v.svg.namespaceURI, "stop");
        st.setAttribute("offset", String(off)); st.setAttribute("stop-color", PROC[p % PROC.length]); lg.appendChild(st);
      });
    });
    defs.appendChild(lg);
    return (v.grad[key] = "url(#" + id + ")");
  }
  function colourNodes(v, k) {
    var s = v.s, ts = s.steps[k], run = s.run[k], running = {};
    for (var j = 0; j + 1 < run.length; j += 2) (running[run[j]] = running[run[j]] || []).push(run[j + 1]);
    for (var g = 1; g < v.nodes.length; g++) {
      var e = v.nodes[g]; if (!e) continue;
      var r = running[g];
      var c = r ? (r.length === 1 ? PROC[r[0] % PROC.length] : gradient(v, g, r.sort(function (a, b) { return a - b; })))
            : s.glast[g] <= ts ? STATE.done
            : s.gfirst[g] <= ts ? STATE.started
            : s.gready[g] <= ts ? STATE.ready : STATE.waiting;
      e.setAttribute("fill", c);
      e.setAttribute("stroke", r ? "#000" : "none");
      e.setAttribute("stroke-width", r ? "3" : "0");
    }
    return running;
  }

  /* Labels in screen pixels, large enough to read from the back of a
   * room: the running nodes first, then the largest, never overlapping. */
  function placeLabels(v, running) {
    var host = v.graph.getBoundingClientRect(), boxes = [], cand = [];
    v.labels.textContent = "";
    for (var g = 1; g < v.nodes.length; g++) {
      var e = v.nodes[g]; if (!e || !v.s.glabel[g]) continue;
      var r = e.getBoundingClientRect();
      if (r.width === 0 || r.right < host.left || r.left > host.right || r.bottom < host.top || r.top > host.bottom) continue;
      cand.push({ g: g, r: r, pri: (running[g] ? 1e9 : 0) + r.width * r.height });
    }
    cand.sort(function (a, b) { return b.pri - a.pri; });
    var fs = parseFloat(getComputedStyle(v.graph).getPropertyValue("--label-size")) || 15, shown = 0, times = {};
    for (var i = 0; i < cand.length && shown < 40; i++) {
      var c = cand[i], text = v.s.glabel[c.g], w = text.length * fs * 0.58 + 6, h = fs + 4;
      if (!running[c.g] && (times[text] || 0) >= 2) continue;      /* a name twice is enough */
      var x = (c.r.left + c.r.right) / 2 - host.left - w / 2, y = c.r.bottom - host.top + 1;
      if (y + h > host.height) y = c.r.top - host.top - h - 1;
      x = Math.max(0, Math.min(host.width - w, x));
      if (y < 0) continue;
      var bx = { l: x, r: x + w, t: y, b: y + h };
      if (boxes.some(function (o) { return bx.l < o.r && o.l < bx.r && bx.t < o.b && o.t < bx.b; })) continue;
      boxes.push(bx);
      times[text] = (times[text] || 0) + 1;
      var d = el("span", { "class": "nodelabel" + (running[c.g] ? " running" : "") }, text);
      d.style.left = x + "px"; d.style.top = y + "px";
      v.labels.appendChild(d);
      shown++;
    }
  }

  function ymaxOf(s) {
    var y = 1;
    for (var k = 0; k < s.steps.length; k++) y = Math.max(y, space(s, k));
    s.hat.forEach(function (row) { var tot = 0; for (var j = 1; j < row.length; j += 2) tot += row[j]; y = Math.max(y, tot + row[row.length - 1]); });
    return y;
  }
  var ymaxAll = Math.max.apply(null, S.map(ymaxOf));

  function sizeCanvas(c) {
    var w = Math.max(100, Math.floor(c.clientWidth)), h = Math.max(40, Math.floor(c.clientHeight));
    if (c.width !== w) c.width = w;
    if (c.height !== h) c.height = h;
    return [w, h];
  }

  function drawChart(v, t) {
    var s = v.s, c = v.chart, wh = sizeCanvas(c), w = wh[0], h = wh[1];
    var x = c.getContext("2d"), ymax = sharedY ? ymaxAll : ymaxOf(s);
    c.setAttribute("data-ymax", String(ymax));
    var L = 56, R = 10, Tp = 16, B = 30, W = w - L - R, H = h - Tp - B;
    function X(step) { return L + W * step / Math.max(1, maxT); }
    function Y(val) { return Tp + H - H * val / ymax; }
    x.clearRect(0, 0, w, h);
    x.font = "12px Helvetica, Arial, sans-serif";
    /* stacked holders: one band per coloured site (the page's order), then the rest */
    var sites = [];
    s.hat.forEach(function (row) { for (var j = 0; j + 1 < row.length; j += 2) if (siteColour[row[j]] !== OTHER && sites.indexOf(row[j]) < 0) sites.push(row[j]); });
    sites.sort(function (a, b) { return SITE.indexOf(siteColour[a]) - SITE.indexOf(siteColour[b]); });
    var basev = s.hsteps.map(function () { return 0; }), bands = {};
    sites.concat(["other"]).forEach(function (site) {
      var vals = s.hat.map(function (row) {
        var o = 0;
        if (site === "other") { o = row[row.length - 1]; for (var j = 0; j + 1 < row.length; j += 2) if (sites.indexOf(row[j]) < 0) o += row[j + 1]; return o; }
        for (var j2 = 0; j2 + 1 < row.length; j2 += 2) if (row[j2] === site) return row[j2 + 1];
        return 0;
      });
      x.beginPath();
      s.hsteps.forEach(function (st, i) { var px = X(st), py = Y(basev[i] + vals[i]); if (i) x.lineTo(px, py); else x.moveTo(px, py); });
      for (var i = s.hsteps.length - 1; i >= 0; i--) x.lineTo(X(s.hsteps[i]), Y(basev[i]));
      x.closePath();
      x.fillStyle = site === "other" ? OTHER : colourOfSite(site);
      bands[site] = x.fillStyle;
      x.globalAlpha = 0.8; x.fill(); x.globalAlpha = 1;
      s.hsteps.forEach(function (st, i) { basev[i] += vals[i]; });
    });
    v.bands = bands;
    /* the end of a shorter schedule */
    if (s.T < maxT) { x.fillStyle = "#f2f2f2"; x.fillRect(X(s.T), Tp, X(maxT) - X(s.T), H); }
    /* the exact space */
    x.strokeStyle = "#000"; x.lineWidth = 1.5; x.beginPath();
    for (var k = 0; k < s.steps.length; k++) { var px2 = X(s.steps[k]), py2 = Y(space(s, k)); if (k) x.lineTo(px2, py2); else x.moveTo(px2, py2); }
    x.stroke(); x.lineWidth = 1;
    /* axes, with titles and units */
    x.strokeStyle = "#888"; x.beginPath(); x.moveTo(L, Tp); x.lineTo(L, Tp + H); x.lineTo(L + W, Tp + H); x.stroke();
    x.fillStyle = "#000"; x.textAlign = "right";
    [0, 0.5, 1].forEach(function (f) { x.fillText(num(ymax * f), L - 4, Y(ymax * f) + 4); });
    x.textAlign = "left";
    x.save(); x.translate(12, Tp + H / 2); x.rotate(-Math.PI / 2); x.textAlign = "center";
    x.fillText("space (" + D.units + ")", 0, 0); x.restore();
    c.setAttribute("data-ytitle", "space (" + D.units + ")");
    x.textAlign = "center";
    var xt = "step (one processor-visit each; " + (NS > 1 ? "A: " + num(S[0].T) + ", B: " + num(S[1].T) + " steps" : num(s.T) + " steps") + ")";
    x.fillText(xt, L + W / 2, h - 4);
    c.setAttribute("data-xtitle", xt);
    x.textAlign = "left"; x.fillText("0", L, Tp + H + 13);
    x.textAlign = "right"; x.fillText(num(maxT), L + W, Tp + H + 13);
    /* both marks as labelled lines, then the cursor */
    S.forEach(function (o, i) {
      var mx = X(o.hwm_step);
      x.setLineDash(i ? [2, 3] : [6, 3]); x.strokeStyle = "#000"; x.beginPath(); x.moveTo(mx, Tp); x.lineTo(mx, Tp + H); x.stroke();
      x.setLineDash([]);
      var lab = (NS > 1 ? (i ? "B" : "A") + "'s mark " : "mark ") + num(o.hwm);
      var tw = x.measureText(lab).width, lx = mx + 3;
      x.textAlign = "left";
      if (lx + tw > L + W) lx = mx - 3 - tw;
      x.fillStyle = "rgba(255,255,255,0.8)"; x.fillRect(lx - 1, Tp - 13 + 12 * i, tw + 2, 13);
      x.fillStyle = "#000"; x.fillText(lab, lx, Tp - 2 + 12 * i);
    });
    x.strokeStyle = "#d00"; x.lineWidth = 2; x.beginPath(); x.moveTo(X(t), Tp); x.lineTo(X(t), Tp + H); x.stroke(); x.lineWidth = 1;
  }

  function drawGantt(v, t) {
    var s = v.s, c = v.gantt, wh = sizeCanvas(c), w = wh[0], h = wh[1], rows = Math.min(s.P, 16), L = 56, W = w - L - 10;
    if (v.ganttW !== w || v.ganttH !== h) {                      /* the static part, once per size */
      var x = c.getContext("2d"), rh = (h - 2) / rows;
      x.clearRect(0, 0, w, h);
      v.ganttColours = {};
      x.font = Math.min(11, rh) + "px Helvetica, Arial, sans-serif"; x.fillStyle = "#000"; x.textAlign = "right";
      if (rh >= 7) for (var p = 0; p < rows; p++) x.fillText("proc " + p, L - 4, 1 + p * rh + rh / 2 + 4);
      else { x.fillText(rows + " procs", L - 4, h / 2 + 4); }
      x.fillStyle = "#fff"; x.fillRect(L, 0, W, h); x.strokeStyle = "#ccc"; x.strokeRect(L, 0.5, W, h - 1);
      for (var i = 0; i < s.steps.length; i++) {
        var run = s.run[i], x0 = L + W * s.steps[i] / Math.max(1, maxT);
        var x1 = L + W * (i + 1 < s.steps.length ? s.steps[i + 1] : s.steps[i] + 1) / Math.max(1, maxT);
        for (var j = 0; j + 1 < run.length; j += 2) {
          if (run[j + 1] >= rows) continue;
          x.fillStyle = ganttMode === "busy" ? BUSY : fnColour[s.gfn[run[j]]] || OTHER;
          v.ganttColours[x.fillStyle] = 1;
          x.fillRect(x0, 1 + run[j + 1] * rh, Math.max(1, x1 - x0), Math.max(1, rh - 1));
        }
      }
      v.ganttImg = x.getImageData(0, 0, w, h); v.ganttW = w; v.ganttH = h; v.ganttL = L; v.ganttWW = W;
      renderFnKey(v);
    }
    var ctx = c.getContext("2d");
    ctx.putImageData(v.ganttImg, 0, 0);
    var cx = v.ganttL + v.ganttWW * t / Math.max(1, maxT);
    ctx.strokeStyle = "#d00"; ctx.lineWidth = 2; ctx.beginPath(); ctx.moveTo(cx, 0); ctx.lineTo(cx, h); ctx.stroke(); ctx.lineWidth = 1;
  }

  function renderFnKey(v) {
    v.fkey.textContent = "";
    v.fkey.appendChild(el("span", {}, "Timeline: " + (ganttMode === "busy" ? "" : "by function \u2014")));
    if (ganttMode === "busy") { swatch(BUSY, "busy", v.fkey); swatch("#fff", "idle", v.fkey); return; }
    var seen = {};
    v.s.run.forEach(function (run) { for (var j = 0; j < run.length; j += 2) seen[v.s.gfn[run[j]]] = 1; });
    Object.keys(seen).map(Number).sort(function (a, b) { return FN.indexOf(fnColour[a]) - FN.indexOf(fnColour[b]); })
      .forEach(function (f) { if (fnColour[f] !== OTHER) swatch(fnColour[f], fnShort(D.fns[f]), v.fkey); });
    swatch(OTHER, "other", v.fkey);
  }

  function renderHolders(v, t) {
    var s = v.s, hk = holderAt(s, t), row = s.hat[hk], tb = v.table;
    tb.textContent = "";
    var cap = tb.createCaption();
    cap.textContent = "Who holds the space at step " + num(s.hsteps[hk]) +
      " (held by " + (D.by === "alloc" ? "allocation" : "use") + ", grouped by " + D.group + ")" +
      (s.hsteps[hk] !== t ? " (holders are kept at " + s.hsteps.length + " steps; the nearest before " + num(t) + ")" : "");
    var tot = row[row.length - 1];
    for (var j = 1; j < row.length; j += 2) tot += row[j];
    var rows = window.innerHeight < 900 ? 3 : 6;
    for (var j2 = 0; j2 + 1 < row.length && j2 < 2 * rows; j2 += 2) {
      var site = D.sites[row[j2]], tr = el("tr", { "data-site": String(row[j2]) });
      var sw = el("span", { "class": "swatch" });
      sw.style.background = colourOfSite(row[j2]);
      var td0 = el("td"); td0.appendChild(sw); tr.appendChild(td0);
      tr.appendChild(el("td", { "class": "num" }, (+row[j2 + 1].toFixed(1)).toLocaleString("en-US")));
      tr.appendChild(el("td", { "class": "num" }, tot ? (100 * row[j2 + 1] / tot).toFixed(0) + "%" : ""));
      tr.appendChild(el("td", { "class": "pos" }, siteName(site)));
      tr.appendChild(el("td", { "class": "text" }, site.line ? site.text : ""));
      tb.appendChild(tr);
    }
  }

  function renderSource(keep) {
    var lines = {};
    P.forEach(function (v, i) {
      var row = v.s.hat[holderAt(v.s, cur[i])];
      for (var j = 0; j + 1 < row.length; j += 2) {
        var site = D.sites[row[j]];
        if (!site.line) continue;
        var fi = D.sources.findIndex(function (f) { return f.path === site.file; });
        var l = ((lines[fi] = lines[fi] || {})[site.line] = lines[fi][site.line] || { panels: "", site: row[j] });
        if (l.panels.indexOf(i ? "B" : "A") < 0) l.panels += NS > 1 ? (i ? "B" : "A") : "\u25c6";
        if (!keep && i === 0 && j === 0 && fi >= 0) srcSel.value = String(fi);
      }
    });
    var fi2 = +srcSel.value, hl = lines[fi2] || {}, frag = document.createDocumentFragment(), first = null;
    srcLines[fi2].forEach(function (text, n) {
      var h = hl[n + 1], line = el("div", h ? { "class": "hl", "data-site": String(h.site) } : {});
      if (h) line.style.background = colourOfSite(h.site);
      line.appendChild(el("span", { "class": "ln" }, String(n + 1)));
      line.appendChild(el("span", { "class": "who" }, h ? h.panels : ""));
      line.appendChild(document.createTextNode(text));
      frag.appendChild(line);
      if (h && !first) first = line;
    });
    pre.textContent = ""; pre.appendChild(frag);
    if (first) pre.scrollTop = Math.max(0, first.offsetTop - pre.offsetTop - 40);
  }

  function redraw() {
    ybtn.textContent = "y: " + (sharedY ? "shared" : "each its own");
    gbtn.textContent = "timeline: " + (ganttMode === "function" ? "function" : "busy");
    var linked = cur.every(function (t) { return t === cur[0]; });
    slider.value = String(cur[0]);
    if (document.activeElement !== box) box.value = String(cur[0]);
    label.textContent = "of " + num(maxT) + (linked ? "" : " (" +
      P.map(function (v, i) { return (i ? "B" : "A") + " at " + num(cur[i]); }).join(", ") + ")");
    P.forEach(function (v, i) {
      var s = v.s, t = cur[i], k = sampleAt(s, t), running = colourNodes(v, k);
      var sp = space(s, k), nb = busy(s.run[k]);
      v.status.textContent = "step " + num(s.steps[k]) + (s.steps[k] !== t ? " (kept step before " + num(t) + ")" : "") +
        ": " + num(sp) + " " + D.units + " (heap " + num(s.heap[k]) + " + queue " + num(s.queue[k]) + ") \u00b7 " +
        nb + "/" + s.P + " processors busy \u00b7 " + num(s.queue[k]) + " ready" +
        (t > s.T ? " \u00b7 finished at " + num(s.T) : "") + (s.steps[k] === s.hwm_step ? " \u00b7 its mark" : "");
      v.status.setAttribute("data-step", String(s.steps[k]));
      v.status.setAttribute("data-space", String(sp));
      v.status.setAttribute("data-busy", String(nb));
      v.status.setAttribute("data-ready", String(s.queue[k]));
      v.status.classList.toggle("atmark", s.steps[k] === s.hwm_step);
      drawChart(v, t); drawGantt(v, t); renderHolders(v, t);
      placeLabels(v, running);
    });
    renderSource(false);
  }
  function clamp(t) { return Math.max(0, Math.min(maxT, Math.round(t))); }
  function setAll(t) { t = clamp(t); cur = cur.map(function () { return t; }); redraw(); }
  function shift(d) { cur = cur.map(function (t) { return clamp(t + d); }); redraw(); }
  function bothMarks() { cur = S.map(function (s) { return s.hwm_step; }); redraw(); }

  var acc = 0;
  function toggle() {
    if (timer) { clearInterval(timer); timer = null; play.textContent = "\u25b6 play"; return; }
    if (cur[0] >= maxT) setAll(0);
    play.textContent = "\u23f8 pause";
    timer = setInterval(function () {
      acc += +speed.value * 0.05;
      var d = Math.floor(acc / minStride) * minStride;
      if (d < 1) return;
      acc -= d;
      if (Math.min.apply(null, cur) >= maxT) toggle(); else shift(d);
    }, 50);
  }
  play.onclick = toggle;
  slider.oninput = function () { setAll(+slider.value); };
  box.onchange = function () { setAll(+box.value); box.blur(); };
  document.addEventListener("keydown", function (e) {
    if (e.target && (e.target.tagName === "SELECT" || e.target.tagName === "INPUT" && e.target.type === "number")) return;
    var d = (e.shiftKey ? 10 : 1) * minStride;
    if (e.key === "ArrowRight") shift(d);
    else if (e.key === "ArrowLeft") shift(-d);
    else if (e.key === " ") toggle();
    else if (e.key === "a" || e.key === "m") setAll(S[0].hwm_step);
    else if ((e.key === "b" || e.key === "M") && NS > 1) setAll(S[1].hwm_step);
    else if (e.key === "x" && NS > 1) bothMarks();
    else if (e.key === "y") ybtn.onclick();
    else if (e.key === "t") gbtn.onclick();
    else if (e.key === "Home") setAll(0);
    else if (e.key === "End") setAll(maxT);
    else return;
    e.preventDefault();
  });
  var resizeTimer = null;
  window.addEventListener("resize", function () { clearTimeout(resizeTimer); resizeTimer = setTimeout(redraw, 100); });
  window.addEventListener("beforeprint", redraw);

  /* for tests and the curious: the page's own view of its data */
  window.pmlView = {
    maxT: maxT, setStep: setAll, bothMarks: bothMarks, steps: function () { return cur.slice(); },
    step: function () { return cur[0]; }, redraw: redraw,
    setSharedY: function (b) { sharedY = !!b; redraw(); },
    siteColour: function (site) { return colourOfSite(site); },
    schedules: S.map(function (s, i) {
      return {
        policy: s.policy, P: s.P, T: s.T, hwm: s.hwm, hwm_step: s.hwm_step, steps: s.steps,
        space: s.steps.map(function (st, k) { return space(s, k); }),
        running: s.run.map(function (r) { return r.length / 2; }),
        ymax: function () { return +P[i].chart.getAttribute("data-ymax"); },
        bands: function () { return P[i].bands; },
        ganttColours: function () { return Object.keys(P[i].ganttColours); },
        status: function () {
          var a = P[i].status;
          return { step: +a.getAttribute("data-step"), space: +a.getAttribute("data-space"),
                   running: +a.getAttribute("data-busy"), busy: +a.getAttribute("data-busy"), ready: +a.getAttribute("data-ready") };
        }
      };
    })
  };
  lookFor();
  setAll(S[0].hwm_step);
})();
