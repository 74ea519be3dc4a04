/* The browser check of report.html's charts, run by scripts/check-report-charts inside a copy of the page: for each
   chart (an inline svg of class chart) the texts whose boxes overlap, the texts that leave the drawing, and whether
   the page scrolls sideways; written into a pre element of id selftest as JSON lines. Not part of any report. */
(function () {
  function run() {
    var lines = [];
    var errors = [];
    document.querySelectorAll("details").forEach(function (d) { d.open = true; });
    document.querySelectorAll("svg.chart").forEach(function (svg, n) {
      var frame = svg.getBoundingClientRect();
      var boxes = Array.prototype.map.call(svg.querySelectorAll("text"), function (t) {
        return {text: t.textContent, r: t.getBoundingClientRect()};
      });
      var overlaps = [];
      var outside = [];
      boxes.forEach(function (a, i) {
        if (a.r.left < frame.left - 0.5 || a.r.right > frame.right + 0.5) outside.push(a.text);
        for (var k = i + 1; k < boxes.length; k++) {
          var b = boxes[k];
          if (a.r.left < b.r.right - 0.5 && b.r.left < a.r.right - 0.5 && a.r.top < b.r.bottom - 0.5
              && b.r.top < a.r.bottom - 0.5) overlaps.push(a.text + " / " + b.text);
        }
      });
      var title = svg.querySelector("title");
      lines.push(JSON.stringify({chart: n + 1, title: title ? title.textContent : "", width: Math.round(frame.width),
        texts: boxes.length, overlaps: overlaps, outside: outside}));
    });
    lines.push(JSON.stringify({page: true, charts: lines.length,
      scrollsSideways: document.documentElement.scrollWidth > window.innerWidth, errors: errors}));
    var pre = document.createElement("pre");
    pre.id = "selftest";
    pre.textContent = lines.join("\n");
    document.body.appendChild(pre);
  }
  if (document.readyState === "complete") run(); else window.addEventListener("load", run);
})();
