// The solved moment, the same for every kind: a short celebration on the
// board (none under "reduce motion"), a panel that says how the player did
// against the shortest ("Solved in 9 moves; the shortest takes 7", a mark
// when it was the shortest) and a big Next puzzle: the gallery's next, or
// a new puzzle of the level last chosen (medium when none was). The panel
// goes at the player's next action anywhere else on the page.

import { number, t, tn } from "../common/i18n.js";

const $ = (selector) => document.querySelector(selector);

const CELEBRATION_MS = 1200;

let mounted = false;

function mount() {
  if (mounted) return;
  mounted = true;
  const panel = $("#solved-panel");
  const hide = (e) => {
    if (!panel.hidden && !panel.contains(e.target)) panel.hidden = true;
  };
  // on a click, not a press: the panel's going moves what is under the pointer
  document.addEventListener("click", hide, true);
  document.addEventListener("keydown", hide, true);
  const next = $("#solved-next");
  if (next.tagName === "BUTTON") {
    next.addEventListener("click", () => {
      panel.hidden = true;
      const level = $("#level-message")?.dataset.level || "medium";
      $(`#levels-panel button[data-level="${level}"]`)?.click();
    });
  }
}

// `moves`: the player's; `best`: the shortest known (null: not known).
export function showSolved(moves, best) {
  if (!$("#solved-panel")) return;
  let text = tn("Solved in %(n)s move.", "Solved in %(n)s moves.", moves);
  if (best !== null && best === moves) {
    text = tn("Solved in %(n)s move: the shortest possible. ★", "Solved in %(n)s moves: the shortest possible. ★", moves);
  } else if (best !== null) {
    text = tn("Solved in %(n)s move; the shortest takes %(best)s.", "Solved in %(n)s moves; the shortest takes %(best)s.",
      moves, { best: number(best) });
  }
  show(t("Solved!"), text, best !== null && best === moves);
}

function show(heading, text, shortest) {
  const panel = $("#solved-panel");
  mount();
  $("#solved-heading").textContent = heading;
  $("#solved-text").textContent = text;
  panel.dataset.shortest = String(shortest);
  panel.hidden = false;
  const board = $("#board");
  board.classList.remove("celebrate");
  void board.getBoundingClientRect(); // the animation starts again on a second solve
  board.classList.add("celebrate");
  setTimeout(() => board.classList.remove("celebrate"), CELEBRATION_MS);
}

// A solution watched to its end: the same panel, saying whose moves they were.
export function showWatched(moves, proven) {
  if (!$("#solved-panel")) return;
  const text = proven
    ? tn("%(n)s move, the shortest possible. Restart and try it yourself, or go on.",
      "%(n)s moves, the shortest possible. Restart and try it yourself, or go on.", moves)
    : tn("%(n)s move, not proven shortest. Restart and try it yourself, or go on.",
      "%(n)s moves, not proven shortest. Restart and try it yourself, or go on.", moves);
  show(t("The solution, watched"), text, false);
}
