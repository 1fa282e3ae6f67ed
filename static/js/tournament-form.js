// The tournament form: the rule packs and counts follow the game; the movement plan's
// blocks show what they mean, in words, as they are chosen. Without this script the
// form still works: the server checks the same and says what is wrong.
(function () {
  "use strict";
  var form = document.getElementById("tournament-form");
  if (!form) return;

  // --- The game chooses which rule packs and counts are offered.
  var game = form.querySelector("#id_game");
  function follow(select, keepValue) {
    if (!select || !game) return;
    var chosen = game.value;
    var current = select.options[select.selectedIndex];
    var first = null, same = null;
    Array.prototype.forEach.call(select.options, function (option) {
      var mine = !option.dataset.game || option.dataset.game === chosen;
      option.hidden = !mine;
      option.disabled = !mine;
      if (mine && first === null) first = option;
      if (mine && keepValue && current && option.value === current.value) same = option;
    });
    Array.prototype.forEach.call(select.querySelectorAll("optgroup"), function (group) {
      group.hidden = !group.querySelector("option:not([hidden])");
    });
    if (current && !current.disabled) return;
    var next = same || first;
    if (next) next.selected = true;
  }
  // Turns to 2005 points are Burraco's: the box is hidden (and unticked) for Briscola.
  function toPoints() {
    var box = form.querySelector("#id_to_points");
    if (!box || !game) return;
    var burraco = game.value === "burraco";
    var row = box.closest(".field") || box.parentNode;
    row.style.display = burraco ? "" : "none";
    if (!burraco) box.checked = false;
  }
  function onGame() {
    follow(form.querySelector("#id_rule_pack"), false);
    follow(form.querySelector("#id_hands_per_round"), true);
    toPoints();
  }
  if (game && !game.disabled) {
    game.addEventListener("change", onGame);
    onGame();
  }

  // --- The movement plan.
  var plan = document.getElementById("plan");
  if (!plan) return;
  var labels = JSON.parse(document.getElementById("plan-labels").textContent);
  var oneRound = (plan.dataset.oneRound || "").split(" ");
  var rows = Array.prototype.slice.call(plan.querySelectorAll(".plan-row"));
  var summary = document.getElementById("plan-words");
  var format = form.querySelector("#id_format");

  function fill(template, values) {
    return template.replace(/%\((\w+)\)s/g, function (_m, key) { return values[key]; });
  }
  function blocks() {
    var out = [];
    rows.forEach(function (row) {
      var movement = row.querySelector("select").value;
      var count = parseInt(row.querySelector("input").value, 10);
      if (!movement) return;
      if (oneRound.indexOf(movement) >= 0) count = 1;
      out.push([movement, count > 0 ? count : 1]);
    });
    return out;
  }
  function words(list) {
    var parts = [], first = 1;
    if (list.length && list[0][0] === "round_robin") list = [];
    if (!list.length) parts.push(plan.dataset.roundRobin);
    list.forEach(function (block) {
      var last = first + block[1] - 1;
      var label = labels[block[0]] || block[0];
      parts.push(block[1] === 1
        ? fill(plan.dataset.one, {number: first, movement: label})
        : fill(plan.dataset.many, {first: first, last: last, movement: label}));
      first = last + 1;
    });
    var text = parts.join(" · ");
    return text.charAt(0).toUpperCase() + text.slice(1);
  }
  function update() {
    var teams = format && format.value === "teams";
    var firstMovement = rows[0].querySelector("select");
    var mitchell = firstMovement.querySelector("option[value=mitchell]");
    if (mitchell && !firstMovement.disabled) {
      mitchell.disabled = teams;
      if (teams && firstMovement.value === "mitchell") firstMovement.value = "seeded";
    }
    var calendar = firstMovement.value === "round_robin";
    var open = true;  // rows are shown up to the first empty one
    rows.forEach(function (row, index) {
      var select = row.querySelector("select");
      var input = row.querySelector("input");
      var label = row.querySelector(".plan-count label");
      var shown = index === 0 || (open && !calendar);
      row.hidden = !shown;
      if (!shown) select.value = "";  // what is sent is what is seen
      if (index > 0 && !select.value) open = false;
      var counted = select.value && select.value !== "round_robin" &&
        oneRound.indexOf(select.value) < 0;
      row.querySelector(".plan-count").hidden = !counted;
      if (counted && !input.value) input.value = 1;
      label.textContent = input.value === "1" ? label.dataset.one : label.dataset.many;
    });
    summary.textContent = words(blocks());
  }
  plan.addEventListener("input", update);
  plan.addEventListener("change", update);
  if (format) format.addEventListener("change", update);
  update();
})();
