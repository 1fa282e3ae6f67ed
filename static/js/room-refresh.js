/* The referees' room (issue 30): while the players enter, the entry page shows each
 * table's state live: it reloads every 30 s, unless the referee is typing (a field
 * focused, or a sheet with a value typed: nothing typed is ever lost). */
(function () {
  "use strict";
  var EVERY_MS = 30000;
  function busy() {
    var active = document.activeElement;
    if (active && /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName) && active.id !== "goto") {
      return true;
    }
    var typed = false;
    document.querySelectorAll("form[data-sheet] input.score, form[data-sheet] input.reason").forEach(function (el) {
      if ((el.value || "").trim()) typed = true;
    });
    return typed;
  }
  window.setInterval(function () {
    if (!busy() && navigator.onLine !== false) window.location.reload();
  }, EVERY_MS);
})();
