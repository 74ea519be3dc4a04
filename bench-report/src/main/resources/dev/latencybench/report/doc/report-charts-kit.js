/*
 * The parts of report.html's interactive charts that hold no chart state: numbers and axis values as text, the
 * hover box, the line marks of a plot, axis ticks. report-charts.js (written into the page after this) draws the
 * charts with them; window.reportChartKit hands them over, and nothing else of the page uses it.
 */
window.reportChartKit = (function () {
  "use strict";

  function num(v) {
    if (v == null || !isFinite(v)) {
      return "\u2013";
    }
    var a = Math.abs(v);
    var digits = a >= 100 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : 3;
    return v.toLocaleString("en-US", {maximumFractionDigits: digits});
  }

  /** An x value as the reader knows it: a percentile, a count on a log axis, seconds. */
  function xText(scale, x) {
    if (x == null || !isFinite(x)) {
      return "\u2013";
    }
    if (scale === "nines") {
      var p = 100 - 100 * Math.pow(10, -x);
      return p.toFixed(Math.max(1, Math.floor(x + 1e-9) - 1)) + "%";
    }
    if (scale === "log2") {
      return Math.round(Math.pow(2, x)).toLocaleString("en-US");
    }
    if (scale === "log10") {
      return Math.round(Math.pow(10, x)).toLocaleString("en-US");
    }
    return num(x);
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) {
      e.className = cls;
    }
    if (text != null) {
      e.textContent = text;
    }
    return e;
  }

  /** The index in the rising array xs nearest to x. */
  function nearest(xs, x) {
    var lo = 0, hi = xs.length - 1;
    while (hi - lo > 1) {
      var mid = (lo + hi) >> 1;
      if (xs[mid] < x) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return Math.abs(xs[lo] - x) <= Math.abs(xs[hi] - x) ? lo : hi;
  }

  function plotSize(fig, panels) {
    var width = Math.max(280, fig.clientWidth);
    var columns = panels > 1 && width >= 720 ? 2 : 1;
    return {width: Math.floor((width - (columns - 1) * 12) / columns), height: panels > 1 ? 300 : 420, columns: columns};
  }

  function row(tip, colour, text) {
    var r = el("div", "tip-row");
    var sw = el("span", "swatch");
    sw.style.background = colour;
    r.appendChild(sw);
    r.appendChild(document.createTextNode(text));
    tip.appendChild(r);
  }

  function placeTip(u, tip, left, top) {
    tip.style.display = "block";
    var w = tip.offsetWidth, h = tip.offsetHeight;
    var x = left + 14 + w > u.over.clientWidth ? Math.max(-u.over.offsetLeft, left - 14 - w) : left + 14;
    var y = top + 14 + h > u.over.clientHeight ? Math.max(0, top - 14 - h) : top + 14;
    tip.style.left = x + "px";
    tip.style.top = y + "px";
  }

  /** Saves the context and clips it to the plot's box: what a draw hook paints stays inside the axes. */
  function clipToPlot(u) {
    var ctx = u.ctx, b = u.bbox;
    ctx.save();
    ctx.beginPath();
    ctx.rect(b.left, b.top, b.width, b.height);
    ctx.clip();
  }

  /** Closes the path drawn and fills it in {@code colour}, outlined in white: a mark on a line chart. */
  function fillOutlined(ctx, colour, r) {
    ctx.closePath();
    ctx.fillStyle = colour;
    ctx.fill();
    ctx.strokeStyle = "#fff";
    ctx.lineWidth = 0.8 * r;
    ctx.stroke();
  }

  /**
   * A bar chart's uPlot data and series: x the category's index, a series per spec series that draws no path of
   * its own (the chart's draw hook paints the bars).
   */
  function barSeries(spec) {
    var data = [spec.categories.map(function (c, i) {
      return i;
    })];
    var series = [{label: "cell"}];
    spec.series.forEach(function (s) {
      data.push(s.values);
      series.push({label: s.name, stroke: s.colour, fill: s.colour, width: 0, points: {show: false},
        paths: function () {
          return null;
        }});
    });
    return {data: data, series: series};
  }

  function drawLineMarks(u, spec, panel) {
    var ctx = u.ctx, b = u.bbox, r = uPlot.pxRatio;
    clipToPlot(u);
    ctx.lineWidth = 1.2 * r;
    ctx.strokeStyle = "#666";
    ctx.setLineDash([5 * r, 4 * r]);
    panel.forkStarts.forEach(function (x) {
      var px = u.valToPos(x, "x", true);
      ctx.beginPath();
      ctx.moveTo(px, b.top);
      ctx.lineTo(px, b.top + b.height);
      ctx.stroke();
    });
    if (spec.level) {
      var py = u.valToPos(spec.level.y, "y", true);
      ctx.strokeStyle = "#b00020";
      ctx.lineWidth = 1.6 * r;
      ctx.setLineDash([9 * r, 5 * r]);
      ctx.beginPath();
      ctx.moveTo(b.left, py);
      ctx.lineTo(b.left + b.width, py);
      ctx.stroke();
    }
    ctx.setLineDash([]);
    var half = 4.5 * r;
    panel.pauses.forEach(function (p) {
      var x = u.valToPos(p[0], "x", true), y = u.valToPos(p[1], "y", true);
      ctx.beginPath();
      ctx.moveTo(x - half, y - 2 * half);
      ctx.lineTo(x + half, y - 2 * half);
      ctx.lineTo(x, y);
      fillOutlined(ctx, p[2], r);
    });
    // a kept outlier: a diamond in its cause's colour, outlined in white, at its end and as high as it was long
    var tip = 4 * r;
    (panel.outliers || []).forEach(function (p) {
      var x = u.valToPos(p[0], "x", true), y = u.valToPos(p[1], "y", true);
      ctx.beginPath();
      ctx.moveTo(x, y - tip);
      ctx.lineTo(x + tip, y);
      ctx.lineTo(x, y + tip);
      ctx.lineTo(x - tip, y);
      fillOutlined(ctx, p[2], r);
    });
    var cross = 5 * r;
    panel.failures.forEach(function (p) {
      var x = u.valToPos(p[0], "x", true), y = u.valToPos(p[1], "y", true);
      [[4.5, "#fff"], [2.2, p[2]]].forEach(function (s) {
        ctx.lineWidth = s[0] * r;
        ctx.strokeStyle = s[1];
        ctx.beginPath();
        ctx.moveTo(x - cross, y - cross);
        ctx.lineTo(x + cross, y + cross);
        ctx.moveTo(x - cross, y + cross);
        ctx.lineTo(x + cross, y - cross);
        ctx.stroke();
      });
    });
    // a line's maximum, beyond its last drawn percentile: a dot ringed in white, labelled on its left; a label
    // that would overprint one already drawn is left out (the ringed dots say the rest)
    var labels = [];
    (panel.maxima || []).forEach(function (p) {
      var x = u.valToPos(p[0], "x", true), y = u.valToPos(p[1], "y", true);
      ctx.beginPath();
      ctx.arc(x, y, 4.5 * r, 0, 2 * Math.PI);
      ctx.fillStyle = p[2];
      ctx.fill();
      ctx.strokeStyle = "#fff";
      ctx.lineWidth = 1.2 * r;
      ctx.stroke();
      ctx.font = (13 * r) + "px sans-serif";
      ctx.textAlign = "right";
      var w = ctx.measureText("max").width, box = {l: x - 9 * r - w - 2 * r, r: x - 7 * r, t: y - 9 * r, b: y + 7 * r};
      var clash = labels.some(function (o) { return box.l < o.r && o.l < box.r && box.t < o.b && o.t < box.b; });
      if (!clash) {
        labels.push(box);
        ctx.fillText("max", x - 9 * r, y + 4 * r);
      }
    });
    ctx.restore();
  }

  function lineTip(u, spec, panel, tip) {
    var left = u.cursor.left, top = u.cursor.top;
    if (left == null || left < 0) {
      tip.style.display = "none";
      return;
    }
    var x = u.posToVal(left, "x");
    tip.textContent = "";
    var head = null;
    panel.lines.forEach(function (line, i) {
      if (!u.series[i + 1].show || line.x.length === 0) {
        return;
      }
      var k = nearest(line.x, x);
      var at = xText(spec.x.scale, line.x[k]);
      if (head === null) {
        head = at;
        tip.appendChild(el("div", "tip-head", spec.x.title.replace(/ \(log scale\)$/, "") + ": " + at));
      }
      row(tip, line.colour, line.name + ": " + num(line.y[k]) + " " + spec.y.unit + (at === head ? "" : " (at " + at
        + ")"));
    });
    panel.pauses.forEach(function (p) {
      if (Math.abs(u.valToPos(p[0], "x") - left) <= 6) {
        row(tip, p[2], "stop-the-world pause: " + num(p[1]) + " " + spec.y.unit);
      }
    });
    (panel.outliers || []).forEach(function (p) {
      if (Math.abs(u.valToPos(p[0], "x") - left) <= 6) {
        row(tip, p[2], "outlier, " + p[3] + ": " + num(p[1]) + " " + spec.y.unit);
      }
    });
    panel.failures.forEach(function (p) {
      if (Math.abs(u.valToPos(p[0], "x") - left) <= 6) {
        row(tip, p[2], "this step failed (the table says why)");
      }
    });
    (panel.maxima || []).forEach(function (p) {
      if (Math.abs(u.valToPos(p[0], "x") - left) <= 6) {
        row(tip, p[2], "max: " + num(p[1]) + " " + spec.y.unit);
      }
    });
    if (head === null) {
      tip.style.display = "none";
      return;
    }
    placeTip(u, tip, left, top);
  }

  function xSplits(spec) {
    return function (u, axisIdx, min, max) {
      var eps = (max - min) * 1e-6;
      var ticks = spec.x.ticks.filter(function (t) {
        return t >= min - eps && t <= max + eps;
      });
      if (ticks.length >= 2) {
        return ticks;
      }
      var out = [];
      for (var i = 0; i <= 4; i++) {
        out.push(min + (max - min) * i / 4);
      }
      return out;
    };
  }

  function xValues(spec) {
    return function (u, splits) {
      return splits.map(function (v) {
        var k = spec.x.ticks.indexOf(v);
        return k >= 0 ? spec.x.labels[k] : xText(spec.x.scale, v);
      });
    };
  }

  /**
   * A scale's range is what it was set to: the chart's own bounds at first ({@code home}), then the zoom's. Hiding or
   * showing a line asks for a range without one: the scale keeps the one it has, or takes the chart's bounds.
   */
  function asSet(bounds) {
    return function (u, min, max, key) {
      if (min != null && max != null && isFinite(min) && isFinite(max)) {
        return [min, max];
      }
      var now = u.scales[key];
      return now && isFinite(now.min) && isFinite(now.max) && now.min < now.max ? [now.min, now.max] : bounds;
    };
  }
  /** Log-axis ticks: 1, 2 and 5 times the powers of ten in [min, max], or only the powers where those are many. */
  function logSplits(u, axisIdx, min, max) {
    var out = [], decades = [];
    for (var k = Math.floor(Math.log10(min)); k <= Math.ceil(Math.log10(max)); k++) {
      [1, 2, 5].forEach(function (m) {
        var v = m * Math.pow(10, k);
        if (v >= min * 0.999 && v <= max * 1.001) {
          out.push(v);
          if (m === 1) {
            decades.push(v);
          }
        }
      });
    }
    return out.length > 9 && decades.length >= 2 ? decades : out;
  }

  var AXIS = {stroke: "#222", grid: {stroke: "#e3e3e3", width: 1}, ticks: {stroke: "#8c8c8c", width: 1, size: 4}};

  function axis(extra) {
    var a = {stroke: AXIS.stroke, grid: AXIS.grid, ticks: AXIS.ticks};
    Object.keys(extra).forEach(function (k) {
      a[k] = extra[k];
    });
    return a;
  }

  /** {@code text} in lines of at most {@code chars} characters, broken after a space or a hyphen where it can be. */
  function wrap(text, chars) {
    var lines = [], line = "";
    String(text).split(/(?<=[ -])/).forEach(function (word) {
      while (word.length > chars) { // a word longer than a line: cut it
        if (line) {
          lines.push(line.trim());
          line = "";
        }
        lines.push(word.slice(0, chars));
        word = word.slice(chars);
      }
      if (line && (line + word).trim().length > chars) {
        lines.push(line.trim());
        line = "";
      }
      line += word;
    });
    if (line.trim()) {
      lines.push(line.trim());
    }
    return lines;
  }

  /**
   * A bar chart's category axis: a tick per category, its name wrapped to the width of its slot (a plot of
   * {@code width} pixels shared by the categories), the axis as tall as the most lines, so that long cell names
   * (a search's steps with their JVM and collector) never print over each other.
   */
  function categoryAxis(categories, width) {
    var slot = width / Math.max(1, categories.length);
    var chars = Math.max(6, Math.floor((slot - 8) / 6.5)); // about 6.5 px a character at the axis's 12 px font
    var labels = categories.map(function (c) {
      return wrap(c, chars);
    });
    var most = labels.reduce(function (m, l) {
      return Math.max(m, l.length);
    }, 1);
    return axis({grid: {show: false}, size: 24 + 15 * most, splits: function (u, ai, min, max) {
      return categories.map(function (c, i) {
        return i;
      }).filter(function (i) {
        return i >= min - 1e-9 && i <= max + 1e-9;
      });
    }, values: function (u, splits) {
      return splits.map(function (i) {
        return labels[i].join("\n");
      });
    }});
  }

  return {
    num: num, xText: xText, el: el, nearest: nearest, plotSize: plotSize, row: row, placeTip: placeTip,
    drawLineMarks: drawLineMarks, lineTip: lineTip, xSplits: xSplits, xValues: xValues, asSet: asSet,
    logSplits: logSplits, axis: axis, wrap: wrap, categoryAxis: categoryAxis, clipToPlot: clipToPlot,
    barSeries: barSeries
  };
})();
