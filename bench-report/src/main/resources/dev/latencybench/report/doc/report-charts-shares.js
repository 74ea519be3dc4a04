/*
 * report.html's stacked share bars (a chart of type "shares": the tail's causes per cell), drawn with uPlot from the
 * chart's data by report-charts.js, which gets them from window.reportChartShares. Written into the page after
 * report-charts-kit.js, whose stateless parts it uses, and before report-charts.js. Holds no state of its own.
 */
window.reportChartShares = (function () {
  "use strict";
  var kit = window.reportChartKit;
  var num = kit.num, el = kit.el, row = kit.row, placeTip = kit.placeTip, asSet = kit.asSet, axis = kit.axis;

  /**
   * Stacked shares (type "shares"): a bar per category from 0 to 100%, cut into its series in order, each part's
   * share written in it where it fits and the total over the bar; a category without a bar has its reason in its
   * place. Hidden series leave a gap, so a part keeps its height.
   */
  function sharePlot(chart, size, tip) {
    var spec = chart.spec;
    var n = spec.categories.length;
    var bars = kit.barSeries(spec), data = bars.data, series = bars.series;
    function draw(u) {
      var ctx = u.ctx, r = uPlot.pxRatio;
      kit.clipToPlot(u);
      ctx.font = (11 * r) + "px sans-serif";
      ctx.textAlign = "center";
      spec.categories.forEach(function (c, i) {
        var x0 = u.valToPos(i - 0.3, "x", true), x1 = u.valToPos(i + 0.3, "x", true), mid = (x0 + x1) / 2;
        if (spec.missing[i] != null) {
          ctx.fillStyle = "#57606a";
          ctx.fillText(spec.missing[i], mid, u.valToPos(50, "y", true));
          return;
        }
        var below = 0;
        spec.series.forEach(function (s, j) {
          var v = s.values[i];
          if (v == null || v <= 0) {
            return;
          }
          var bottom = u.valToPos(below, "y", true), top = u.valToPos(below + v, "y", true);
          below += v;
          if (!u.series[j + 1].show) {
            return;
          }
          ctx.fillStyle = s.colour;
          ctx.fillRect(x0, top, Math.max(1, x1 - x0), bottom - top);
          var label = num(v) + "%";
          if (bottom - top >= 16 * r && ctx.measureText(label).width + 4 * r <= x1 - x0) {
            ctx.fillStyle = "#fff";
            ctx.fillText(label, mid, (top + bottom) / 2 + 4 * r);
          }
        });
        ctx.fillStyle = "#222";
        ctx.fillText(spec.totals[i].toLocaleString("en-US"), mid, u.valToPos(100, "y", true) - 4 * r);
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
      if (spec.missing[i] != null) {
        tip.appendChild(el("div", null, "no bar: " + spec.missing[i]));
      } else {
        spec.series.forEach(function (s) {
          row(tip, s.colour, s.name + ": " + s.counts[i].toLocaleString("en-US") + " of "
            + spec.totals[i].toLocaleString("en-US") + " (" + num(s.values[i]) + "%)");
        });
      }
      placeTip(u, tip, left, top);
    }
    var opts = {
      width: size.width,
      height: size.height,
      scales: {
        x: {time: false, auto: false, range: asSet([-0.5, n - 0.5])},
        y: {auto: false, range: asSet([spec.y.min, spec.y.max])}
      },
      axes: [
        kit.categoryAxis(spec.categories, size.width - 60), // the y axis takes 60 px
        axis({label: spec.y.title, size: 60, splits: function (u, ai, min, max) {
          return [0, 20, 40, 60, 80, 100].filter(function (v) { // not the room above 100% left for the totals
            return v >= min && v <= max;
          });
        }, values: function (u, splits) {
          return splits.map(num);
        }})
      ],
      series: series,
      legend: {live: false, show: true},
      cursor: {drag: {x: true, y: false}, points: {show: false}},
      hooks: {draw: [draw], setCursor: [showTip]}
    };
    return new uPlot(opts, data, null);
  }

  return {plot: sharePlot};
})();
