/* Offline-tolerant forms: a sheet typed while the Wi-Fi is down is never lost.
 *
 * Forms opt in with a `data-offline-queue` attribute, or by carrying an idempotency
 * key (an input marked `data-idempotency-key`): resending such a form is harmless,
 * because the server recognises the key and never counts the sheet twice.
 *
 * - When an opted-in form is submitted, its fields are copied to localStorage before
 *   the request leaves.
 * - Only two things keep the copy and send it again later: no answer at all (no
 *   connection, or the answer was lost on the way back) and a 503 (the server cannot
 *   reach its database: it decided nothing). The banner says so; the copy is sent again,
 *   with the same key, when the browser comes back online, every 10 s while copies wait,
 *   and on the next page load.
 * - Every other answer decided: the copy is dropped, and its message (saved; or the
 *   error: 400 a value to fix, 409 a conflict, 500 a server error) is shown at the table,
 *   never called a lost connection. A queued sheet the server refuses leaves the queue
 *   with its message on its card, and the others are still sent.
 * - A form that the page posts without JavaScript is kept (not sent) when the browser
 *   knows it is offline, and sent the same way later.
 * - The login page instead of an answer (the session expired) keeps the copy: it is sent
 *   after the referee logs in again, with the CSRF token of now (the login changed it;
 *   the one kept with the copy would be refused).
 *
 * Messages come from the script tag's data attributes (translated by the template).
 * After a resend the page hears `offline-queue:sent` (detail: {entry, status, body});
 * on the entry page the table's card is swapped for the saved one.
 */
(function () {
  "use strict";

  var STORE = "torneo-offline-queue";
  var RETRY_MS = 10000;
  var script = document.currentScript;
  var text = (script && script.dataset) || {};
  var nativeFetch = window.fetch.bind(window);
  var flushing = false;
  var timer = null;

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

  function load() {
    try {
      return JSON.parse(window.localStorage.getItem(STORE) || "[]");
    } catch (e) {
      return [];
    }
  }

  function store(entries) {
    try {
      window.localStorage.setItem(STORE, JSON.stringify(entries));
    } catch (e) { /* storage full or disabled: the page's own message remains */ }
  }

  function put(entry) {
    var entries = load().filter(function (e) { return e.key !== entry.key; });
    entries.push(entry);
    store(entries);
  }

  function drop(key) {
    store(load().filter(function (e) { return e.key !== key; }));
  }

  function find(key) {
    return load().filter(function (e) { return e.key === key; })[0] || null;
  }

  function optedIn(form) {
    return form && form.matches &&
      (form.matches("[data-offline-queue]") || !!form.querySelector("[data-idempotency-key]"));
  }

  function keyOf(form) {
    var input = form.querySelector("[data-idempotency-key]") ||
      form.querySelector("[name$=idempotency_key]");
    return input ? input.value : null;
  }

  function snapshot(form) {
    var fields = [];
    new FormData(form).forEach(function (value, name) {
      if (typeof value === "string") fields.push([name, value]);
    });
    var card = form.closest("[id]");
    return {
      key: keyOf(form),
      action: form.action,
      fields: fields,
      card: card ? card.id : "",
      page: window.location.pathname,
      at: new Date().toISOString(),
      state: "pending",
    };
  }

  // The CSRF token to send now: a login since the sheet was kept rotated it, so the
  // one stored with the sheet would be refused (403) and the sheet lost. The cookie
  // holds the current one; else a form of this page; else the stored one.
  function currentCsrf(entry) {
    var cookie = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    if (cookie) return decodeURIComponent(cookie[1]);
    var input = document.querySelector("input[name=csrfmiddlewaretoken]");
    if (input && input.value) return input.value;
    for (var i = 0; i < entry.fields.length; i++) {
      if (entry.fields[i][0] === "csrfmiddlewaretoken") return entry.fields[i][1];
    }
    return "";
  }

  function bodyOf(entry, token) {
    var data = new FormData();
    entry.fields.forEach(function (pair) {
      data.append(pair[0], pair[0] === "csrfmiddlewaretoken" ? token : pair[1]);
    });
    return data;
  }

  function formFor(entry) {
    var forms = document.querySelectorAll("form");
    for (var i = 0; i < forms.length; i++) {
      if (optedIn(forms[i]) && keyOf(forms[i]) === entry.key) return forms[i];
    }
    return null;
  }

  /* ---- what the referee sees ---- */

  function banner() {
    var el = document.getElementById("offline-queue");
    if (!el) {
      el = document.createElement("div");
      el.id = "offline-queue";
      el.className = "msg msg-warning offline-queue";
      el.setAttribute("role", "status");
      el.setAttribute("aria-live", "polite");
      var main = document.querySelector("main") || document.body;
      main.insertBefore(el, main.firstChild);
    }
    return el;
  }

  function refreshBanner() {
    var waiting = load().filter(function (e) { return e.state === "queued"; });
    var el = document.getElementById("offline-queue");
    if (!waiting.length) {
      if (el) el.remove();
      return;
    }
    el = banner();
    el.textContent = (text.waiting || "Waiting:") + " " + waiting.length + ". " +
      (text.queued || "");
  }

  function noteOn(entry, message, cls) {
    var form = formFor(entry);
    var card = (form && form.closest(".sheet-card")) ||
      (entry.card && document.getElementById(entry.card));
    var slot = card && card.querySelector(".row-message");
    if (!slot) return;
    slot.textContent = message;
    slot.classList.remove("queued", "conflict");
    if (cls) slot.classList.add(cls);
  }

  function queue(entry) {
    entry.state = "queued";
    put(entry);
    // After the page's own message for the failed request.
    window.setTimeout(function () {
      noteOn(entry, text.queued || "", "queued");
      refreshBanner();
    }, 0);
    schedule();
  }

  function schedule() {
    if (timer === null && load().length) {
      timer = window.setInterval(flush, RETRY_MS);
    }
  }

  function isJson(response) {
    return (response.headers.get("Content-Type") || "").indexOf("application/json") !== -1;
  }

  // The login page instead of our answer: the session expired, nothing was decided.
  function isLogin(response) {
    return !isJson(response) && response.redirected && /\/login\//.test(response.url);
  }

  // Only a 503 (the database unreachable) or the login page leave the sheet undecided:
  // every other answer decided (saved, or refused with a reason shown at the table).
  function decided(response) {
    return response.status !== 503 && !isLogin(response);
  }

  // The words of an answer that is not our JSON (a proxy's error page, a CSRF refusal).
  function failure(status) {
    return (text.refused || "") + " (HTTP " + status + ")";
  }

  /* ---- sending again ---- */

  function applyAnswer(entry, status, body) {
    var form = formFor(entry);
    var card = (form && form.closest(".sheet-card")) ||
      (entry.card && document.getElementById(entry.card));
    if (body && body.ok && body.html && card) {
      var holder = document.createElement("div");
      holder.innerHTML = body.html.trim();
      var fresh = holder.firstElementChild;
      card.replaceWith(fresh);
      var slot = fresh.querySelector(".row-message");
      if (slot) slot.textContent = (body.message || "") + " " + (text.sent || "");
      updateTeamLines(body.team_lines);
    } else if (body) {
      var errors = body.errors || {};
      var all = [];
      Object.keys(errors).forEach(function (k) { all = all.concat(errors[k]); });
      noteOn(entry, all.join(" ") || body.message || "", body.ok ? "" : "conflict");
    }
    if (body && body.progress) {
      var progress = document.getElementById("progress");
      if (progress && body.progress.label) progress.textContent = body.progress.label;
      var missing = document.getElementById("missing");
      if (missing && body.progress.missing) {
        missing.textContent = body.progress.missing.length ? "" : "—";
        body.progress.missing.forEach(function (n, i) {
          var a = document.createElement("a");
          a.href = "#t" + n;
          a.textContent = n;
          if (i) missing.appendChild(document.createTextNode(", "));
          missing.appendChild(a);
        });
      }
    }
    document.dispatchEvent(new CustomEvent("offline-queue:sent", {
      detail: { entry: entry, status: status, body: body },
    }));
  }

  // Resolves true when the server decided (the copy is dropped), false when the copy
  // waits: then the server is unreachable for the others too, and the round stops.
  function sendOne(entry) {
    var token = currentCsrf(entry);
    return nativeFetch(entry.action, {
      method: "POST",
      body: bodyOf(entry, token),
      headers: { Accept: "application/json", "X-CSRFToken": token },
      credentials: "same-origin",
    }).then(function (response) {
      if (isLogin(response)) {
        var el = banner();
        el.textContent = text.login || "";
        return false;
      }
      if (!decided(response)) return false; // 503: the server is not ready yet, later
      drop(entry.key);
      if (!isJson(response)) {
        applyAnswer(entry, response.status, { ok: false, message: failure(response.status) });
        return true;
      }
      return response.json().catch(function () {
        return { ok: false, message: failure(response.status) };
      }).then(function (body) {
        applyAnswer(entry, response.status, body);
        return true;
      });
    });
  }

  function flush() {
    if (flushing) return Promise.resolve();
    var entries = load().filter(function (e) { return e.state === "queued"; });
    if (!entries.length) {
      if (timer !== null) { window.clearInterval(timer); timer = null; }
      refreshBanner();
      return Promise.resolve();
    }
    flushing = true;
    var chain = Promise.resolve(true);
    entries.forEach(function (entry) {
      chain = chain.then(function (goOn) {
        return goOn ? sendOne(entry) : false;
      });
    });
    return chain.catch(function () { return false; }).then(function () {
      flushing = false;
      refreshBanner();
    });
  }

  /* ---- watching the page's own submissions ---- */

  // The page's script sends the form with fetch: keep a copy until an answer comes.
  window.fetch = function (resource, init) {
    var key = null;
    if (init && init.body instanceof FormData) {
      var fields = init.body;
      var pending = load().filter(function (e) {
        return e.state === "pending" && fields.get && e.fields.some(function (pair) {
          return /idempotency_key$/.test(pair[0]) && fields.get(pair[0]) === e.key;
        });
      })[0];
      key = pending ? pending.key : null;
    }
    var request = nativeFetch(resource, init);
    if (!key) return request;
    return request.then(function (response) {
      if (decided(response)) {
        drop(key); // the page shows the answer, whatever it is
        refreshBanner();
      } else {
        var entry = find(key);
        if (entry) queue(entry);
      }
      return response;
    }, function (error) {
      var entry = find(key);
      if (entry) queue(entry);
      throw error;
    });
  };

  // Capture phase: runs before the page's own submit handler.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!optedIn(form) || !keyOf(form)) return;
    put(snapshot(form));
  }, true);

  // Bubble phase on window: runs after every other handler.
  window.addEventListener("submit", function (event) {
    var form = event.target;
    if (!optedIn(form) || !keyOf(form)) return;
    var entry = find(keyOf(form));
    if (!entry) return;
    if (event.defaultPrevented) return; // a script sends it: the fetch wrapper watches
    if (!navigator.onLine) {
      event.preventDefault();
      queue(entry);
    } else {
      drop(entry.key); // an ordinary post: the browser keeps the page if it fails
    }
  });

  window.addEventListener("online", flush);

  // Copies left by an earlier page (or a crash): resend them now.
  store(load().map(function (e) {
    if (e.state === "pending") e.state = "queued";
    return e;
  }));
  refreshBanner();
  if (load().length) {
    schedule();
    if (navigator.onLine) flush();
  }
})();
