/* The ± key of a signed score (Burraco: a smazzata, a line's total, a referee-set MP).
 *
 * A phone's number pad (inputmode="numeric") has no minus key on an iPhone. Each field
 * marked data-signed gets a ± key beside it: it turns 120 into -120 and back, or
 * starts an empty field with "-", and leaves the focus (and the pad) in the field. The
 * key is shown on touch screens only (css/scoring.css) and is never in the Tab order:
 * on a keyboard, "-" is typed as ever and Tab goes from score to score.
 */
(function () {
  "use strict";
  var script = document.currentScript;
  var label = (script && script.getAttribute("data-label")) || "±";

  function add(input) {
    if (input.dataset.signKey) { return; }
    input.dataset.signKey = "1";
    var key = document.createElement("button");
    key.type = "button";
    key.className = "sign-key";
    key.tabIndex = -1;
    key.textContent = "±";
    key.setAttribute("aria-label", label + " · " + (input.labels && input.labels[0] ? input.labels[0].textContent : ""));
    key.setAttribute("data-for", input.id);
    input.insertAdjacentElement("afterend", key);
  }

  function flip(input) {
    var value = input.value.trim();
    input.value = value.charAt(0) === "-" ? value.slice(1) : "-" + value;
    input.focus();
    var end = input.value.length;
    if (input.setSelectionRange) { input.setSelectionRange(end, end); }
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }

  function addAll(root) {
    Array.prototype.forEach.call(root.querySelectorAll("input[data-signed]"), add);
  }

  // Keep the field's focus (and the phone's pad open) when the key is pressed.
  document.addEventListener("pointerdown", function (event) {
    if (event.target.closest && event.target.closest(".sign-key")) { event.preventDefault(); }
  });
  document.addEventListener("click", function (event) {
    var key = event.target.closest && event.target.closest(".sign-key");
    if (!key) { return; }
    event.preventDefault();
    var input = document.getElementById(key.getAttribute("data-for"));
    if (input) { flip(input); }
  });
  // Sheets swapped in after a save or fetched later (js/scoring-entry.js).
  new MutationObserver(function (changes) {
    changes.forEach(function (change) {
      Array.prototype.forEach.call(change.addedNodes, function (node) {
        if (node.nodeType !== 1) { return; }
        if (node.matches("input[data-signed]")) { add(node); } else { addAll(node); }
      });
    });
  }).observe(document.body, { childList: true, subtree: true });
  addAll(document);
})();
