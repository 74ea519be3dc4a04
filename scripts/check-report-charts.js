/* The browser check of report.html's charts, run by scripts/check-report-charts inside a copy of the page: drives one
   chart with DOM events through uPlot's own listeners (hover, drag, double-click, wheel, legend click, the percentile
   picker) and writes what each did into <pre id="selftest"> as JSON. ?chart=<base>&shot=<step> stops after that
   step (hover, zoom, legend) with every other block hidden, for a screenshot. Not part of any report. */
(function () {
  var errors = [];
  window.addEventListener("error", function (e) { errors.push(String(e.message)); });
  function run() {
    var q = new URLSearchParams(location.search);
    var out = {errors: errors, charts: (window.reportCharts || []).length,
      chartErrors: Array.prototype.map.call(document.querySelectorAll(".ichart-error"), function (e) { return e.textContent; }),
      scripts: Array.prototype.map.call(document.querySelectorAll("script[src],link[href]"), function (e) { return e.outerHTML; })};
    var c = (window.reportCharts || []).filter(function (c) { return c.id === "chart-" + q.get("chart"); })[0];
    var shot = q.get("shot") || "";
    if (c) {
      var fig = document.getElementById(c.id);
      if (shot) {
        Array.prototype.forEach.call(document.querySelector("main").children, function (e) {
          if (!e.contains(fig)) e.style.display = "none";
        });
        // inside its part, the chart alone too
        for (var p = fig; p.parentElement && p.parentElement.tagName !== "MAIN"; p = p.parentElement) {
          Array.prototype.forEach.call(p.parentElement.children, function (e) {
            if (e !== p && e.tagName !== "SUMMARY") e.style.display = "none";
          });
        }
      }
      window.dispatchEvent(new Event("resize"));
      window.dispatchEvent(new Event("scroll"));
      var u = c.plots[0];
      var r = u.over.getBoundingClientRect();
      function at(fx, fy, extra) {
        var o = {clientX: r.left + r.width * fx, clientY: r.top + r.height * fy, bubbles: true, cancelable: true, view: window, button: 0, buttons: 1, movementX: 5, movementY: 1};
        for (var k in extra || {}) o[k] = extra[k];
        return o;
      }
      var tip = u.over.querySelector(".ichart-tip");
      out.chart = c.id;
      out.plots = c.plots.length;
      out.series = u.series.slice(1).map(function (s) { return s.label + (s.show ? "" : " (hidden)"); });
      out.picked = c.picked;
      out.x0 = [u.scales.x.min, u.scales.x.max];
      var steps = [
        function () { u.over.dispatchEvent(new MouseEvent("mousemove", at(0.55, 0.4))); },
        function () { out.hover = {shown: getComputedStyle(tip).display, text: tip.innerText}; if (shot === "hover") return "stop";
          u.over.dispatchEvent(new MouseEvent("mousedown", at(0.2, 0.5)));
          u.over.dispatchEvent(new MouseEvent("mousemove", at(0.5, 0.5))); },
        function () { document.dispatchEvent(new MouseEvent("mouseup", at(0.5, 0.5))); },
        function () { out.afterDrag = [u.scales.x.min, u.scales.x.max];
          out.otherPanelsAfterDrag = c.plots.slice(1).map(function (p) { return [p.scales.x.min, p.scales.x.max]; });
          u.over.dispatchEvent(new MouseEvent("dblclick", at(0.5, 0.5))); },
        function () { out.afterDoubleClick = [u.scales.x.min, u.scales.x.max];
          u.over.dispatchEvent(new WheelEvent("wheel", at(0.5, 0.5, {deltaY: -120}))); },
        function () { out.afterWheelIn = [u.scales.x.min, u.scales.x.max];
          if (shot === "zoom") { u.over.dispatchEvent(new MouseEvent("mousemove", at(0.55, 0.4))); return "stop"; }
          u.over.dispatchEvent(new MouseEvent("dblclick", at(0.5, 0.5))); },
        function () {
          var rows = u.root.querySelectorAll(".u-legend tr.u-series");
          if (rows.length > 1) rows[1].querySelector("th").dispatchEvent(new MouseEvent("click", {bubbles: true, button: 0}));
        },
        function () { out.afterLegendClick = u.series.slice(1).map(function (s) { return s.label + (s.show ? "" : " (hidden)"); });
          var all = fig.querySelector(".ichart-pick input[value=all]");
          if (all) all.click(); },
        function () { out.afterPickAll = u.series.slice(1).map(function (s) { return s.label + (s.show ? "" : " (hidden)"); });
          if (shot === "legend") { u.over.dispatchEvent(new MouseEvent("mousemove", at(0.55, 0.4))); } }
      ];
      var i = 0;
      (function next() {
        var r = i < steps.length ? steps[i++]() : "stop";
        if (r === "stop") finish(); else setTimeout(next, 40);
      })();
      return;
    }
    finish();
    function finish() {
    var pre = document.createElement("pre");
    pre.id = "selftest";
    pre.textContent = JSON.stringify(out, null, 1);
    document.body.appendChild(pre);
    if (shot) pre.style.display = "none";
    }
  }
  // a chart in a folded part is drawn when the part opens: open them all (each opening's toggle event draws its
  // charts), then check
  window.addEventListener("load", function () {
    Array.prototype.forEach.call(document.querySelectorAll("details"), function (d) { d.open = true; });
    setTimeout(run, 200);
  });
})();
