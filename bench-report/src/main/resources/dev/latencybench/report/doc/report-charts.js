/*
 * report.html's interactive charts: each <figure class="ichart"> holds its chart's data (charts/<base>.json, written
 * by the runner beside the PNG and SVG from the same series) in a <script type="application/json">; this script
 * draws it with uPlot, which the page carries inline. A reader can hover a point for its values, zoom by dragging
 * across the plot or with the mouse wheel (double-click zooms out), hide or show a line by clicking its name, and,
 * where the lines are percentiles (p99.9, p99, p50) or an interval's max, pick which to show. Small multiples become
 * one plot per panel on the same axes, zoomed together. Nothing is fetched.
 *
 * window.reportCharts lists every chart drawn (its id, data and uPlot plots), for a browser test to drive.
 */
(function () {
  "use strict";
  var charts = [];
  window.reportCharts = charts;
  var PICK = /^(.*) (p[0-9.]+|max)$/;
  var HINT = "Hover for values; drag across the plot or turn the mouse wheel to zoom, double-click to zoom out;"
    + " click a name in the legend to hide or show its line.";

  var kit = window.reportChartKit; // report-charts-kit.js, written into the page before this script
  var num = kit.num, xText = kit.xText, el = kit.el, nearest = kit.nearest, plotSize = kit.plotSize, row = kit.row,
    placeTip = kit.placeTip, drawLineMarks = kit.drawLineMarks, lineTip = kit.lineTip, xSplits = kit.xSplits,
    xValues = kit.xValues, asSet = kit.asSet, logSplits = kit.logSplits, axis = kit.axis;

  /** Back to the chart's own axes, as the image draws them. */
  function home(chart) {
    var x = xBounds(chart), y = yBounds(chart);
    setX(chart, x[0], x[1]);
    chart.plots.forEach(function (p) {
      p.setScale("y", {min: y[0], max: y[1]});
    });
  }


  function linePlot(chart, panel, size, tip) {
    var spec = chart.spec;
    var xs = [];
    panel.lines.forEach(function (l) {
      l.x.forEach(function (v) {
        xs.push(v);
      });
    });
    xs.sort(function (a, b) {
      return a - b;
    });
    xs = xs.filter(function (v, i) {
      return i === 0 || v !== xs[i - 1];
    });
    var at = new Map();
    xs.forEach(function (v, i) {
      at.set(v, i);
    });
    var data = [xs];
    var series = [{label: spec.x.title}];
    panel.lines.forEach(function (l) {
      var ys = new Array(xs.length); // undefined: no point of this line at that x, joined over; null: a gap
      l.x.forEach(function (v, k) {
        ys[at.get(v)] = l.y[k];
      });
      data.push(ys);
      series.push({label: l.name, stroke: l.colour, width: l.width, dash: l.dash.length ? l.dash : undefined,
        points: l.x.length === 1 ? {show: true, size: 2 * l.width + 6, fill: l.colour} : {show: false}});
    });
    var opts = {
      width: size.width,
      height: size.height,
      title: panel.title || undefined,
      scales: {
        x: {time: false, auto: false, range: asSet([spec.x.min, spec.x.max])},
        y: {distr: 3, log: 10, auto: false, range: asSet([spec.y.min, spec.y.max])}
      },
      axes: [
        axis({label: spec.x.title, splits: xSplits(spec), values: xValues(spec)}),
        axis({label: spec.y.title, size: 60, splits: logSplits, values: function (u, splits) {
          return splits.map(num);
        }})
      ],
      series: series,
      legend: {live: false},
      cursor: {drag: {x: true, y: true, uni: 30}, points: {show: false}},
      hooks: {
        draw: [function (u) {
          drawLineMarks(u, spec, panel);
        }],
        setCursor: [function (u) {
          lineTip(u, spec, panel, tip);
        }]
      }
    };
    var plot = new uPlot(opts, data, null);
    // a column of dots is drawn as lines of one point each, all of one name: the legend names it once
    var named = {};
    plot.root.querySelectorAll(".u-legend .u-series").forEach(function (row) {
      var name = row.textContent.trim();
      if (named[name]) {
        row.style.display = "none";
      }
      named[name] = true;
    });
    return plot;
  }

  function barPlot(chart, size, tip) {
    var spec = chart.spec;
    var n = spec.categories.length, m = spec.series.length;
    var slot = 0.8 / m;
    var bars = kit.barSeries(spec), data = bars.data, series = bars.series;
    function draw(u) {
      var ctx = u.ctx, b = u.bbox, r = uPlot.pxRatio;
      kit.clipToPlot(u);
      var bottom = b.top + b.height;
      spec.series.forEach(function (s, j) {
        if (!u.series[j + 1].show) {
          return;
        }
        s.values.forEach(function (v, i) {
          if (v == null) {
            return;
          }
          var x0 = u.valToPos(i - 0.4 + j * slot, "x", true), x1 = u.valToPos(i - 0.4 + (j + 1) * slot, "x", true);
          var top = u.valToPos(v, "y", true);
          ctx.fillStyle = s.colour;
          ctx.fillRect(x0 + r, top, Math.max(1, x1 - x0 - 2 * r), bottom - top);
          var label = num(v);
          ctx.font = (11 * r) + "px sans-serif";
          ctx.fillStyle = "#222";
          ctx.textAlign = "center";
          var high = s.high && s.high[i] != null ? u.valToPos(s.high[i], "y", true) : top;
          if (ctx.measureText(label).width <= x1 - x0) {
            ctx.fillText(label, (x0 + x1) / 2, Math.min(top, high) - 4 * r);
          }
          if (s.low && s.low[i] != null) {
            var mid = (x0 + x1) / 2, lo = u.valToPos(s.low[i], "y", true), cap = 3.5 * r;
            ctx.strokeStyle = "#222";
            ctx.lineWidth = 1.5 * r;
            ctx.beginPath();
            ctx.moveTo(mid, lo);
            ctx.lineTo(mid, high);
            ctx.moveTo(mid - cap, lo);
            ctx.lineTo(mid + cap, lo);
            ctx.moveTo(mid - cap, high);
            ctx.lineTo(mid + cap, high);
            ctx.stroke();
          }
        });
      });
      ctx.restore();
    }
    function showTip(u) {
      var left = u.cursor.left, top = u.cursor.top;
      if (left == null || left < 0) {
        tip.style.display = "none";
        return;
      }
      var i = Math.round(u.posToVal(left, "x"));
      if (i < 0 || i >= n) {
        tip.style.display = "none";
        return;
      }
      tip.textContent = "";
      tip.appendChild(el("div", "tip-head", spec.categories[i]));
      spec.series.forEach(function (s, j) {
        if (u.series[j + 1].show && s.values[i] != null) {
          var range = s.low && s.low[i] != null ? " (forks " + num(s.low[i]) + " to " + num(s.high[i]) + ")" : "";
          row(tip, s.colour, s.name + ": " + num(s.values[i]) + " " + spec.y.unit + range);
        }
      });
      placeTip(u, tip, left, top);
    }
    var opts = {
      width: size.width,
      height: size.height,
      scales: {
        x: {time: false, auto: false, range: asSet([-0.5, n - 0.5])},
        y: spec.y.log ? {distr: 3, log: 10, auto: false, range: asSet([spec.y.min, spec.y.max])}
          : {auto: false, range: asSet([spec.y.min, spec.y.max])}
      },
      axes: [
        kit.categoryAxis(spec.categories, size.width - 60), // the y axis takes 60 px
        axis(spec.y.log ? {label: spec.y.title, size: 60, splits: logSplits, values: function (u, splits) {
          return splits.map(num);
        }} : {label: spec.y.title, size: 60, values: function (u, splits) {
          return splits.map(num);
        }})
      ],
      series: series,
      legend: {live: false, show: m > 1},
      cursor: {drag: {x: true, y: false}, points: {show: false}},
      hooks: {draw: [draw], setCursor: [showTip]}
    };
    return new uPlot(opts, data, null);
  }

  /** The percentile (or max) each line name ends with, when every line's does and there are two or more. */
  function pickTokens(spec) {
    var tokens = [];
    var all = true;
    spec.panels.forEach(function (p) {
      p.lines.forEach(function (l) {
        var m = PICK.exec(l.name);
        if (!m) {
          all = false;
        } else if (tokens.indexOf(m[2]) < 0) {
          tokens.push(m[2]);
        }
      });
    });
    return all && tokens.length >= 2 ? tokens : null;
  }

  /** Whether a line of this percentile token has at least one point. */
  function hasPoints(spec, token) {
    return spec.panels.some(function (p) {
      return p.lines.some(function (l) {
        var m = PICK.exec(l.name);
        return m !== null && m[2] === token && l.y.some(function (v) {
          return v !== null;
        });
      });
    });
  }

  function pick(chart, token) {
    chart.picked = token;
    chart.plots.forEach(function (u, p) {
      chart.spec.panels[p].lines.forEach(function (l, i) {
        var m = PICK.exec(l.name);
        u.setSeries(i + 1, {show: token === "all" || (m !== null && m[2] === token)});
      });
    });
  }

  /** Sets the x range of every plot of the chart (its panels zoom together). */
  function setX(chart, min, max) {
    chart.syncing = true;
    chart.plots.forEach(function (u) {
      u.setScale("x", {min: min, max: max});
    });
    chart.syncing = false;
  }

  function xBounds(chart) {
    var s = chart.spec;
    return s.type !== "lines" ? [-0.5, s.categories.length - 0.5] : [s.x.min, s.x.max];
  }

  function yBounds(chart) {
    return [chart.spec.y.min, chart.spec.y.max];
  }

  function wire(chart, u) {
    u.over.addEventListener("wheel", function (e) {
      e.preventDefault();
      var rect = u.over.getBoundingClientRect();
      var at = u.posToVal(e.clientX - rect.left, "x");
      var f = e.deltaY < 0 ? 0.75 : 1 / 0.75;
      var bounds = xBounds(chart);
      var min = Math.max(bounds[0], at - (at - u.scales.x.min) * f);
      var max = Math.min(bounds[1], at + (u.scales.x.max - at) * f);
      if (max > min) {
        setX(chart, min, max);
      }
    }, {passive: false});
    u.over.addEventListener("dblclick", function () {
      home(chart);
    });
    u.hooks.setScale = u.hooks.setScale || [];
    u.hooks.setScale.push(function (plot, key) {
      if (key === "x" && !chart.syncing) { // a drag in one panel zooms them all
        setX(chart, plot.scales.x.min, plot.scales.x.max);
      }
    });
  }

  function build(fig) {
    var spec = JSON.parse(fig.querySelector("script.chart-data").textContent);
    var chart = {id: fig.id, spec: spec, plots: [], picked: "all"};
    var box = el("div", "ichart-box");
    box.appendChild(el("div", "ichart-title", spec.title));
    var tokens = spec.type === "lines" ? pickTokens(spec) : null;
    if (tokens) {
      var bar = el("div", "ichart-pick", "Show: ");
      var most = 0;
      spec.panels.forEach(function (p) {
        most = Math.max(most, p.lines.length);
      });
      // with many lines, the first percentile that has a point (a smoke step has too few samples for its
      // p99.9, so that line is empty); else every line
      var first = "all";
      if (most > 4) {
        first = tokens.filter(function (t) {
          return hasPoints(spec, t);
        }).concat(["all"])[0];
      }
      tokens.concat(["all"]).forEach(function (t) {
        var label = el("label");
        var input = el("input");
        input.type = "radio";
        input.name = fig.id + "-pick";
        input.value = t;
        input.checked = t === first;
        input.addEventListener("change", function () {
          pick(chart, t);
        });
        label.appendChild(input);
        label.appendChild(document.createTextNode(" " + (t === "all" ? "all" : t) + " "));
        bar.appendChild(label);
      });
      box.appendChild(bar);
      chart.firstPick = first;
    }
    var grid = el("div", "ichart-grid");
    box.appendChild(grid);
    var tip = el("div", "ichart-tip");
    var panels = spec.type === "lines" ? spec.panels.length : 1;
    var size = plotSize(fig, panels);
    grid.style.gridTemplateColumns = "repeat(" + size.columns + ", 1fr)";
    fig.insertBefore(box, fig.firstChild);
    if (spec.type === "lines") {
      spec.panels.forEach(function (p) {
        var cell = el("div", "ichart-cell");
        grid.appendChild(cell);
        var t = tip.cloneNode(false);
        var u = linePlot(chart, p, size, t);
        cell.appendChild(u.root);
        u.over.appendChild(t);
        chart.plots.push(u);
      });
    } else {
      var cell = el("div", "ichart-cell");
      grid.appendChild(cell);
      var u = spec.type === "shares" ? window.reportChartShares.plot(chart, size, tip) // report-charts-shares.js
        : barPlot(chart, size, tip);
      cell.appendChild(u.root);
      u.over.appendChild(tip);
      chart.plots.push(u);
    }
    chart.plots.forEach(function (u) {
      wire(chart, u);
    });
    if (chart.firstPick) {
      pick(chart, chart.firstPick);
    }
    home(chart);
    var keys = [];
    if (spec.level) {
      keys.push("red dashed line: " + spec.level.name);
    }
    if (spec.type === "lines") {
      var any = function (f) {
        return spec.panels.some(function (p) {
          return p[f].length > 0;
        });
      };
      if (any("forkStarts")) {
        keys.push("grey dashed rule: a fork begins");
      }
      if (any("pauses")) {
        keys.push("triangle: a stop-the-world pause, at its start, as high as it was long");
      }
      if (spec.panels.some(function (p) {
        return (p.outliers || []).length > 0;
      })) {
        keys.push("diamond: a sample kept as an outlier, at its end, as high as it was long, in its cause's colour");
      }
      if (any("failures")) {
        keys.push("\u00d7: a step that failed");
      }
      if (any("maxima")) {
        keys.push("dot labelled max: the line's highest sample");
      }
    } else if (spec.type === "shares") {
      // what the bars count, as the y axis names it (TailCauses: "share of <what> (%)"): beyond p99.9, beyond p99
      // or the worst samples kept, whichever level the chart fell back to
      var counted = (spec.y.title || "").replace(/^share of /, "").replace(/ \(%\)$/, "") || "the samples counted";
      keys.push("a bar per cell, cut by the cause of each of " + counted + ", the number over it the samples"
        + " attributed; a cell without a bar says why in its place");
    } else if (spec.series.some(function (s) {
      return s.low;
    })) {
      keys.push("whisker: lowest to highest fork");
    }
    box.appendChild(el("div", "ichart-hint", (keys.length ? keys.join("; ") + ". " : "") + HINT));
    if (spec.type === "lines") { // the outliers' causes, each in its colour, as the image's legend names them
      var causes = el("div", "ichart-hint");
      var seen = {};
      spec.panels.forEach(function (p) {
        (p.outliers || []).forEach(function (o) {
          if (!seen[o[3]]) {
            seen[o[3]] = true;
            var key = el("span", null, "\u25c6 ");
            key.style.color = o[2];
            causes.appendChild(key);
            causes.appendChild(document.createTextNode("outlier: " + o[3] + "   "));
          }
        });
      });
      if (causes.childNodes.length) {
        box.appendChild(causes);
      }
    }
    window.addEventListener("resize", function () {
      var s = plotSize(fig, panels);
      grid.style.gridTemplateColumns = "repeat(" + s.columns + ", 1fr)";
      chart.plots.forEach(function (u) {
        u.setSize({width: s.width, height: s.height});
      });
    });
    charts.push(chart);
  }

  function buildOnce(fig) {
    if (fig.dataset.drawn) {
      return;
    }
    fig.dataset.drawn = "1";
    try {
      build(fig);
    } catch (e) { // one chart's bad data leaves the others drawn, and says why in its place
      fig.insertBefore(el("p", "ichart-error", "This chart could not be drawn: " + e), fig.firstChild);
    }
  }

  // a chart inside a folded part has no width until the part opens: it is drawn then
  function hidden(fig) {
    for (var d = fig.parentElement; d; d = d.parentElement) {
      if (d.tagName === "DETAILS" && !d.open) {
        return true;
      }
    }
    return false;
  }

  function drawVisible() {
    Array.prototype.forEach.call(document.querySelectorAll("figure.ichart"), function (fig) {
      if (!hidden(fig)) {
        buildOnce(fig);
      }
    });
  }

  function start() {
    Array.prototype.forEach.call(document.querySelectorAll("details"), function (d) {
      d.addEventListener("toggle", function () {
        if (d.open) {
          drawVisible();
        }
      });
    });
    drawVisible();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
