/* The players' sheet (issue 30): each line's total and the VP as the scores are typed.
 * The server decides (bounds, unlikely values, VP): this only shows the sums. */
(function () {
  "use strict";
  var node = document.getElementById("vp-data");
  var vp = node ? JSON.parse(node.textContent) : { bands: [], total: 0 };
  function toInt(input) {
    var v = parseInt((input.value || "").replace(/[^0-9-]/g, ""), 10);
    return isNaN(v) ? 0 : v;
  }
  function convert(ns, ew) {
    if (!vp.bands || !vp.bands.length) return null;
    var diff = Math.abs(ns - ew);
    for (var i = 0; i < vp.bands.length; i++) {
      var max = vp.bands[i][0];
      if (max === null || diff <= max) {
        var win = vp.bands[i][1];
        var lose = vp.total - win;
        return ns >= ew ? [win, lose] : [lose, win];
      }
    }
    return null;
  }
  function recompute(form) {
    var ns = 0, ew = 0, won = [0, 0];
    form.querySelectorAll("tbody tr").forEach(function (row) {
      var inputs = row.querySelectorAll("input.score");
      if (inputs.length < 2) return;
      var a = toInt(inputs[0]), b = toInt(inputs[1]);
      ns += a; ew += b;
      if (a > b) won[0] += 1; else if (b > a) won[1] += 1;
    });
    var tn = form.querySelector(".tot-ns"), te = form.querySelector(".tot-ew");
    if (tn) tn.textContent = ns;
    if (te) te.textContent = ew;
    var d = form.querySelector(".live .diff");
    if (d) d.textContent = Math.abs(ns - ew);
    var v = form.querySelector(".live .vp");
    if (!v) return;
    if (vp.game === "briscola") { v.textContent = won[0] + "–" + won[1]; return; }
    var pair = convert(ns, ew);
    v.textContent = pair ? pair[0] + "–" + pair[1] : "—";
  }
  document.querySelectorAll(".table-entry form[data-sheet]").forEach(function (form) {
    form.addEventListener("input", function () { recompute(form); });
    recompute(form);
  });
})();
