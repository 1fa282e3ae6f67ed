/* Score entry, keyboard first.
 *
 * - Type a table number in "Vai al tavolo" and press Enter: the focus jumps to that
 *   table's first score. Tab moves through the hands; Enter saves.
 * - Totals, MP difference and VP are shown live from the round's VP table (embedded in
 *   the page with json_script): the server recomputes everything through `rules`.
 *   With totals-only entry (docs/rules.md §5f) a sheet is one row: the two totals.
 * - A save is sent with fetch (JSON answer): the table's card is swapped for the saved
 *   one, the progress and the missing tables are updated and the focus goes back to
 *   "Vai al tavolo". On an error the typed sheet stays and each message is put next to
 *   its field. Each sheet carries an idempotency key: sending it twice never counts twice.
 * - An answer that is an error is shown as that error (a value to fix, a conflict, a
 *   server error with its HTTP status): only no answer at all is a lost connection.
 * - Unlikely values (docs/rules.md §5): the server marks them and sends a confirmation
 *   key; the key goes into the sheet's hidden `confirm` field and the button says
 *   "Conferma e salva", so Enter once more saves the sheet as typed. Change a marked
 *   value and the server asks again.
 * - A long round's page comes with the sheets of its first missing tables only; going
 *   to another table ("Vai al tavolo", or its "Scrivi la scheda" link) fetches its card
 *   with the sheet (`?card=1`). The keys typed while it loads are played into it.
 * Without JavaScript the forms post normally and the server answers with the page.
 */
(function () {
  "use strict";

  var dataNode = document.getElementById("vp-data");
  var vpData = dataNode ? JSON.parse(dataNode.textContent) : { bands: [], total: 0 };
  var bar = document.getElementById("entry-bar");
  var goto = document.getElementById("goto");

  // Team tournaments: the match line of the other table of the match ("Match 1 ·
  // 11–9 VP"), so that both cards show the match result once both tables count.
  function updateTeamLines(lines) {
    Object.keys(lines || {}).forEach(function (number) {
      var line = document.querySelector("#t" + number + " .team-match");
      if (!line) return;
      var holder = document.createElement("div");
      holder.innerHTML = lines[number].trim();
      if (holder.firstElementChild) line.replaceWith(holder.firstElementChild);
    });
  }

  function toInt(input) {
    var text = (input.value || "").trim();
    if (!/^-?\d+$/.test(text)) return null;
    return parseInt(text, 10);
  }

  function convert(ns, ew) {
    var diff = Math.abs(ns - ew);
    var bands = vpData.bands;
    for (var i = 0; i < bands.length; i++) {
      var max = bands[i][0];
      if (max === null || diff <= max) {
        var win = bands[i][1];
        var lose = vpData.total - win;
        return ns >= ew ? [win, lose] : [lose, win];
      }
    }
    return null;
  }

  // Briscola: the best of N rows are shown; a 60-60 partita the pack replays shows one
  // more row (the spare rows are in the page, hidden: data-shown says how many show).
  // A turn to points (data-target, docs/rules.md §4.4): one more row than the last
  // typed until a line's running total reaches the target.
  function showRows(form) {
    var table = form.querySelector("table.hands");
    var shown = table ? parseInt(table.dataset.shown || "0", 10) : 0;
    if (!shown) return;
    var target = parseInt(table.dataset.target || "0", 10);
    var rows = table.querySelectorAll("tbody tr"), ties = 0, last = 0;
    var ns = 0, ew = 0, reached = false;
    rows.forEach(function (row, i) {
      var inputs = row.querySelectorAll("input.score");
      if (inputs.length < 2) return;
      var a = toInt(inputs[0]), b = toInt(inputs[1]);
      if (a === 60 && b === 60) ties++;
      if (inputs[0].value.trim() !== "" || inputs[1].value.trim() !== "") last = i + 1;
      ns += a || 0;
      ew += b || 0;
      if (target && Math.max(ns, ew) >= target) reached = true;
    });
    if (target && last && !reached) last += 1;
    var visible = Math.min(rows.length, Math.max(shown + ties, last));
    rows.forEach(function (row, i) { row.hidden = i >= visible; });
  }

  // What no smazzata (or partita) can hold, or no line total when only the totals are
  // typed (docs/rules.md §5f): the server says why when it is saved.
  function impossible(v, totals) {
    var low = totals ? vpData.total_min : vpData.min;
    var high = totals ? vpData.total_max : vpData.max;
    if (low !== undefined && (v < low || v > high)) return true;
    if (vpData.game === "burraco") return v % 5 !== 0;
    return v === 1 || v === 119; // no cards are worth 1 point
  }

  // A turn to points whose lines are both short of the target has no VP yet.
  function short(form, ns, ew) {
    var table = form.querySelector("table.hands");
    var target = table ? parseInt(table.dataset.target || "0", 10) : 0;
    return target > 0 && Math.max(ns, ew) < target;
  }

  function recompute(form) {
    showRows(form);
    var totals = !!form.querySelector("table.totals");
    var ns = 0, ew = 0, any = false, bad = false, winsNs = 0, winsEw = 0;
    form.querySelectorAll("tbody tr").forEach(function (row) {
      var inputs = row.querySelectorAll("input.score");
      if (inputs.length < 2) return;
      var a = toInt(inputs[0]), b = toInt(inputs[1]);
      [inputs[0], inputs[1]].forEach(function (input) {
        var v = toInt(input);
        var wrong = input.value.trim() !== "" && (v === null || impossible(v, totals));
        input.classList.toggle("suspect", wrong);
        if (wrong) bad = true;
      });
      if (a !== null) { ns += a; any = true; }
      if (b !== null) { ew += b; any = true; }
      if (a !== null && b !== null) {
        if (a > b) winsNs++; else if (b > a) winsEw++;
      }
    });
    var totNs = form.querySelector(".tot-ns"), totEw = form.querySelector(".tot-ew");
    if (!totNs && !totals) return;
    if (totNs) { totNs.textContent = ns; totEw.textContent = ew; }
    var diff = form.querySelector(".diff");
    if (diff) diff.textContent = Math.abs(ns - ew);
    var vp = form.querySelector(".vp");
    if (vpData.game !== "burraco") {
      vp.textContent = winsNs + "–" + winsEw;
    } else if (!any || bad || short(form, ns, ew)) {
      vp.textContent = "—";
    } else {
      var pair = convert(ns, ew);
      vp.textContent = pair ? pair[0] + "–" + pair[1] : "—";
    }
  }

  function card(n) { return document.getElementById("t" + n); }

  function firstInput(el) {
    return el && el.querySelector("form[data-sheet] input:not([type=hidden]), form[data-sheet] button");
  }

  // A card sent without its sheet: fetch it with the sheet, swap it in, focus it.
  // The keys typed while it loads (scores, Tab, Backspace, Enter) are kept and played
  // into the sheet once it is there, as if it had been on the page all along.
  var pending = null;

  document.addEventListener("keydown", function (event) {
    if (!pending || event.ctrlKey || event.metaKey || event.altKey) return;
    var fields = pending.fields, last = fields.length - 1;
    if (event.key === "Enter") {
      pending.enter = true;
    } else if (event.key === "Tab") {
      if (event.shiftKey) { if (last > 0) fields.pop(); } else { fields.push(""); }
    } else if (event.key === "Backspace") {
      fields[last] = fields[last].slice(0, -1);
    } else if (event.key.length === 1) {
      fields[last] += event.key;
    } else {
      return;
    }
    event.preventDefault();
  }, true);

  function focusable(form) {
    return Array.prototype.filter.call(
      // Not the ± keys (js/score-sign.js): never in the Tab order.
      form.querySelectorAll("input:not([type=hidden]), button:not(.sign-key), textarea, select"),
      function (el) { return !el.disabled && !el.closest("[hidden]"); }
    );
  }

  function replay(fresh, typed) {
    var form = fresh.querySelector("form[data-sheet]");
    if (!form) return;
    var fields = focusable(form);
    if (!fields.length) return;
    var nothing = typed.fields.length === 1 && !typed.fields[0];
    typed.fields.forEach(function (text, i) {
      if (i < fields.length && fields[i].matches("input")) fields[i].value = text;
    });
    recompute(form);
    var at = fields[Math.min(typed.fields.length, fields.length) - 1];
    at.focus();
    if (nothing && at.select) at.select();
    if (typed.enter) {
      if (form.requestSubmit) form.requestSubmit(); else send(form);
    }
  }

  function loadCard(article) {
    var slot = article.querySelector(".sheet-slot[data-card]");
    if (!slot || article.dataset.loading) return;
    article.dataset.loading = "1";
    var typed = pending = { fields: [""], enter: false };
    fetch(slot.dataset.card, { credentials: "same-origin" }).then(function (response) {
      if (!response.ok) throw new Error(String(response.status));
      return response.text();
    }).then(function (html) {
      var holder = document.createElement("div");
      holder.innerHTML = html.trim();
      var fresh = holder.firstElementChild;
      // Anything else (the login page after a lost session): not a card.
      if (!fresh || !fresh.matches(".sheet-card")) throw new Error("not a card");
      if (pending === typed) pending = null;
      article.replaceWith(fresh);
      bindAll(fresh);
      replay(fresh, typed);
    }).catch(function () {
      if (pending === typed) pending = null;
      delete article.dataset.loading;
      var message = article.querySelector(".row-message");
      if (message) {
        message.textContent = bar.dataset.cardFailed;
        message.classList.add("conflict");
      }
    });
  }

  function jump() {
    var n = (goto.value || "").trim();
    var err = document.getElementById("goto-error");
    err.textContent = "";
    if (!n) return;
    var target = card(n);
    var input = firstInput(target);
    if (!target) {
      err.textContent = bar.dataset.unknown + " " + n;
      goto.select();
      return;
    }
    target.scrollIntoView({ block: "center" });
    if (target.querySelector(".sheet-slot[data-card]")) {
      goto.value = "";
      loadCard(target);
      return;
    }
    if (input) {
      input.focus();
      if (input.select) input.select();
    } else {
      var link = target.querySelector("a");
      if (link) link.focus();
    }
    goto.value = "";
  }

  function clearErrors(form) {
    form.querySelectorAll(".field-error").forEach(function (el) { el.textContent = ""; });
    form.querySelectorAll("[aria-invalid]").forEach(function (el) { el.removeAttribute("aria-invalid"); });
  }

  function showErrors(form, errors) {
    var first = null;
    var general = form.querySelector(".form-errors");
    Object.keys(errors).forEach(function (name) {
      var text = errors[name].join(" ");
      var input = form.querySelector('[name="' + name + '"]') ||
        form.querySelector('[name$="-' + name + '"]');
      var slot = input && form.querySelector('.field-error[data-for="' + input.name + '"]');
      if (slot) {
        slot.textContent = text;
        input.setAttribute("aria-invalid", "true");
        if (!first) first = input;
      } else {
        var p = document.createElement("p");
        p.className = "field-error";
        p.textContent = text;
        general.appendChild(p);
      }
    });
    if (first) { first.focus(); if (first.select) first.select(); }
  }

  function updateProgress(progress) {
    var el = document.getElementById("progress");
    if (el && progress) el.textContent = progress.label;
    var missing = document.getElementById("missing");
    if (missing && progress) {
      missing.textContent = "";
      if (!progress.missing.length) missing.textContent = "—";
      progress.missing.forEach(function (n, i) {
        var a = document.createElement("a");
        a.href = "#t" + n;
        a.textContent = n;
        missing.appendChild(a);
        if (i < progress.missing.length - 1) missing.appendChild(document.createTextNode(", "));
      });
    }
  }

  function send(form) {
    if (form.dataset.busy) return; // the key makes a resend harmless; this avoids the noise
    form.dataset.busy = "1";
    var article = form.closest(".sheet-card");
    var message = (article || form.parentNode).querySelector(".row-message");
    var csrf = form.querySelector("[name=csrfmiddlewaretoken]").value;
    fetch(form.action, {
      method: "POST",
      body: new FormData(form),
      headers: { Accept: "application/json", "X-CSRFToken": csrf },
      credentials: "same-origin",
    }).then(function (response) {
      var answer = { status: response.status, body: null, login: false };
      var type = response.headers.get("Content-Type") || "";
      if (type.indexOf("application/json") === -1) {
        answer.login = response.redirected && /\/login\//.test(response.url);
        return answer;
      }
      return response.json().then(function (body) {
        answer.body = body;
        return answer;
      }, function () { return answer; });
    }).then(function (answer) {
      delete form.dataset.busy;
      var body = answer.body;
      if (!body) {
        // Not the endpoint's JSON: the login page (session expired: the offline queue
        // keeps the sheet) or an error page. Either way the typed sheet stays here.
        if (message) {
          message.textContent = answer.login ? bar.dataset.login :
            bar.dataset.failed + " (HTTP " + answer.status + ")";
          message.classList.add("conflict");
        }
        return;
      }
      updateProgress(body.progress);
      if (body.ok) {
        if (body.redirect) { window.location.assign(body.redirect); return; }
        if (article && body.html) {
          var holder = document.createElement("div");
          holder.innerHTML = body.html.trim();
          var fresh = holder.firstElementChild;
          article.replaceWith(fresh);
          var msg = fresh.querySelector(".row-message");
          if (msg) msg.textContent = body.message;
          bindAll(fresh);
          updateTeamLines(body.team_lines);
        } else {
          window.location.reload();
          return;
        }
        if (goto) { goto.focus(); }
        return;
      }
      clearErrors(form);
      if (message) { message.textContent = ""; message.classList.remove("conflict"); }
      askConfirmation(form, body.code === "unlikely" ? body.confirm : "");
      if (body.lock_version !== undefined) {
        form.querySelector("[name$=lock_version]").value = body.lock_version;
      }
      if (body.code === "conflict" || body.code === "confirmed") {
        if (message) {
          message.textContent = (body.errors.__all__ || body.errors.reason || []).join(" ") +
            (body.saved ? " — " + body.saved : "");
          message.classList.add("conflict");
        }
        delete body.errors.__all__;
      }
      // A rejected attempt used its key: a new one for the next try of this sheet.
      if (body.code === "conflict" && body.idempotency_key) {
        form.querySelector("[data-idempotency-key]").value = body.idempotency_key;
      }
      showErrors(form, body.errors || {});
    }).catch(function () {
      delete form.dataset.busy;
      if (message) message.textContent = bar ? bar.dataset.offline : "";
    });
  }

  // Unlikely values: the key confirms them on the next save; any other answer clears it.
  function askConfirmation(form, key) {
    var input = form.querySelector("[data-confirm]");
    var save = form.querySelector("button.save");
    if (input) input.value = key || "";
    form.classList.toggle("confirming", !!key);
    if (!save) return;
    if (!save.dataset.saveLabel) save.dataset.saveLabel = save.textContent;
    save.textContent = key ? save.dataset.confirmLabel : save.dataset.saveLabel;
  }

  function bindAll(root) {
    root.querySelectorAll("form[data-sheet]").forEach(function (form) {
      recompute(form);
    });
  }

  document.addEventListener("input", function (event) {
    var form = event.target.closest && event.target.closest("form[data-sheet]");
    if (form) recompute(form);
  });

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form[data-sheet]")) return;
    if (!form.closest(".sheet-card")) return; // the table page posts normally
    event.preventDefault();
    send(form);
  });

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest(".sheet-slot[data-card] a");
    if (!link) return;
    event.preventDefault();
    loadCard(link.closest(".sheet-card"));
  });

  if (goto) {
    goto.addEventListener("keydown", function (event) {
      if (event.key === "Enter") { event.preventDefault(); jump(); }
    });
  }

  bindAll(document);
})();
