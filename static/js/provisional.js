/* Provisional results (docs/rules.md §5e): the page says until when a closed round may
 * still be corrected; this counts the time left in the browser, from the deadline the
 * server published (ISO 8601 in data-deadline), so the page itself stays cacheable.
 * Once a deadline passes its line goes; when none is left the box says once that the
 * results are final, and a round's badge
 * (data-until) takes its final wording (data-final): a published file needs no
 * rewriting when the period ends. */
(function () {
  "use strict";
  var box = document.getElementById("provisional");
  if (!box) return;
  function tick() {
    var now = Date.now(), open = 0;
    box.querySelectorAll("[data-deadline]").forEach(function (line) {
      var left = Date.parse(line.dataset.deadline) - now;
      var slot = line.querySelector(".left");
      if (isNaN(left)) return;
      if (left <= 0) {  // said once for the whole box below, not once per round
        line.hidden = true;
        return;
      }
      open++;
      var minutes = Math.ceil(left / 60000);
      if (slot) {
        slot.textContent = left < 60000 ? box.dataset.soon :
          minutes === 1 ? box.dataset.one : box.dataset.many.replace("__N__", minutes);
      }
    });
    if (!open && !box.classList.contains("final")) {
      box.classList.add("final");
      var said = document.createElement("p");
      said.className = "final";
      said.textContent = box.dataset.final;
      box.appendChild(said);
    }
    document.querySelectorAll(".badge[data-until]").forEach(function (badge) {
      if (Date.parse(badge.dataset.until) <= now) {
        badge.textContent = badge.dataset.final;
        badge.classList.remove("warn");
        badge.classList.add("ok");
        badge.removeAttribute("data-until");
      }
    });
  }
  tick();
  setInterval(tick, 15000);
})();
