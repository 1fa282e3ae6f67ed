// The standings reached from a pair's page (?coppia=N): mark the pair's rows in the
// full tables too. The rows are cached for everyone; this marks them on the phone.
(function () {
  "use strict";
  var box = document.querySelector("[data-mine]");
  if (!box) { return; }
  var number = box.getAttribute("data-mine");
  var rows = document.querySelectorAll(".standings-table tbody tr");
  for (var i = 0; i < rows.length; i++) {
    var cell = rows[i].children[1];
    if (cell && cell.textContent.trim() === number) {
      rows[i].classList.add("mine-highlight");
    }
  }
})();
