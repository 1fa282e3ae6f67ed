/* The venue screen (public/venue.py): one screenful at a time, by itself.
 *
 * Each board (the round's seating, each standings table) is cut into pages that fit
 * the screen: as many columns as its width holds (data-column-em wide each), as many
 * rows as its height holds, read down each column. A page stays data-seconds seconds;
 * after the last one the page is asked again (the published file: a 304 when nothing
 * changed) and, when it changed, the boards are swapped for the new ones.
 * ?secondi=N sets another pace. Without the script the page refreshes itself every
 * minute (<noscript> meta refresh).
 */
(function () {
  "use strict";
  var main = document.getElementById("venue");
  if (!main) { return; }
  // ?secondi=N: another pace (the view answers it; the file has the default).
  var asked = /[?&]secondi=(\d+)/.exec(window.location.search);
  var seconds = Math.max(1, parseInt(asked ? asked[1] : main.getAttribute("data-seconds"), 10) || 12);
  var label = main.getAttribute("data-page-label") || "";
  var foot = document.getElementById("venue-page");
  var shown = main.innerHTML;
  var slides = [];
  var at = 0;
  var timer = null;

  function em() {
    return parseFloat(window.getComputedStyle(document.documentElement).fontSize) || 16;
  }

  function heads(board, columns) {
    var cols = board.querySelector(".cols");
    var holder = board.querySelector(".heads");
    if (!cols) { return; }
    if (!holder) {
      holder = document.createElement("div");
      holder.className = "heads";
      cols.parentNode.insertBefore(holder, cols);
      holder.appendChild(cols);
    }
    while (holder.children.length < columns) { holder.appendChild(cols.cloneNode(true)); }
    while (holder.children.length > columns) { holder.removeChild(holder.lastChild); }
  }

  function layout() {
    slides = [];
    var boards = Array.prototype.slice.call(main.querySelectorAll(".board"));
    var bottom = (foot ? foot.parentNode.getBoundingClientRect().top : window.innerHeight);
    boards.forEach(function (board) { board.hidden = true; });
    boards.forEach(function (board) {
      var list = board.querySelector(".rows");
      var items = list ? Array.prototype.slice.call(list.children) : [];
      if (!items.length) { slides.push({ board: board, items: [], from: 0, to: 0 }); return; }
      board.hidden = false;
      items.forEach(function (item, i) { item.hidden = i > 0; });
      var gap = 2.2 * em();
      var width = parseFloat(board.getAttribute("data-column-em") || "20") * em();
      var columns = Math.max(1, Math.min(4, Math.floor((list.clientWidth + gap) / (width + gap))));
      columns = Math.min(columns, items.length);
      board.style.setProperty("--columns", String(columns));
      heads(board, columns);
      var height = items[0].getBoundingClientRect().height || em();
      var top = list.getBoundingClientRect().top;
      var rows = Math.max(1, Math.floor((bottom - top) / height));
      list.style.gridTemplateRows = "repeat(" + Math.min(rows, Math.ceil(items.length / columns)) + ", auto)";
      var per = rows * columns;
      for (var from = 0; from < items.length; from += per) {
        slides.push({ board: board, items: items, from: from, to: from + per });
      }
      board.hidden = true;
    });
  }

  function show(index) {
    var slide = slides[index];
    if (!slide) { return; }
    slides.forEach(function (s) { s.board.hidden = s.board !== slide.board; });
    var list = slide.board.querySelector(".rows");
    if (list) {
      var count = Math.min(slide.to, slide.items.length) - slide.from;
      var columns = parseInt(slide.board.style.getPropertyValue("--columns"), 10) || 1;
      list.style.gridTemplateRows = "repeat(" + Math.max(1, Math.ceil(count / columns)) + ", auto)";
    }
    slide.items.forEach(function (item, i) { item.hidden = i < slide.from || i >= slide.to; });
    if (foot) {
      foot.textContent = slides.length > 1 ?
        label.replace("{page}", index + 1).replace("{pages}", slides.length) : "";
    }
  }

  function start() {
    layout();
    at = 0;
    show(at);
    schedule();
  }

  function schedule() {
    window.clearTimeout(timer);
    timer = window.setTimeout(next, seconds * 1000);
  }

  function next() {
    at += 1;
    if (at < slides.length) { show(at); schedule(); return; }
    refresh();
  }

  function refresh() {
    if (!window.fetch) { window.location.reload(); return; }
    fetch(window.location.pathname + window.location.search, { cache: "no-cache", credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (html) {
          var holder = document.createElement("div");
          holder.innerHTML = html;
          var fresh = holder.querySelector("#venue");
          if (fresh && fresh.innerHTML !== shown) {
            shown = fresh.innerHTML;
            main.innerHTML = shown;
          }
        }
      })
      .catch(function () { /* the hall's Wi-Fi away for a moment: the same boards again */ })
      .then(start);
  }

  var resized = null;
  window.addEventListener("resize", function () {
    window.clearTimeout(resized);
    resized = window.setTimeout(function () { layout(); at = Math.min(at, slides.length - 1); show(at); }, 300);
  });
  start();
})();
