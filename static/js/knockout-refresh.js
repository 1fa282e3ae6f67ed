// Public tabellone: fetch the bracket every N seconds and swap it in when it changed.
(function () {
  "use strict";
  var page = document.querySelector("[data-refresh]");
  if (!page || !window.fetch) { return; }
  var seconds = parseInt(page.getAttribute("data-refresh"), 10) || 30;
  var url = page.getAttribute("data-partial-url");
  function refresh() {
    fetch(url, { headers: { "Accept": "text/html" }, cache: "no-store" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (!html) { return; }
        var holder = document.createElement("div");
        holder.innerHTML = html;
        var fresh = holder.querySelector("#brackets");
        var current = document.getElementById("brackets");
        if (fresh && current && fresh.getAttribute("data-version") !== current.getAttribute("data-version")) {
          current.replaceWith(fresh);
        } else if (fresh && !current) {
          window.location.reload();
        }
      })
      .catch(function () { /* offline for a moment: try again at the next tick */ })
      .finally(function () { window.setTimeout(refresh, seconds * 1000); });
  }
  window.setTimeout(refresh, seconds * 1000);
})();
