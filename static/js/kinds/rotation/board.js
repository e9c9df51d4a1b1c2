// Rotation's board: the position shown (the drawing, or a step of the
// server's trajectory with the frame's turn), drawn on the canvas with its
// marks (the stick pointed at, the goal's, the keyboard's cursor, a hint),
// published in the page's data-* attributes and words, and animated step by
// step.

import { plural } from "../../common/format.js";
import { say } from "../../shell/messages.js";
import { animateStep } from "./animate.js";
import { describeBoard } from "./describe.js";
import { prefetchTurns, askMove } from "./nextsteps.js";
import { canvas, pg, state, view } from "./here.js";
import { stepWords } from "./words.js";

const $ = (selector) => document.querySelector(selector);

export function positionsOf(grid) {
  const out = {};
  for (const s of grid.sticks().values()) out[s.symbol] = [s.row, s.col];
  return out;
}

export function current() {
  const t = state.timeline;
  // Draw shows the drawing as it is edited, unturned (the position played
  // or watched comes back in Try it)
  if (!t || state.mode === "draw") return { grid: state.design, orientation: 0, step: 0 };
  const step = t.steps[t.cursor];
  return {
    grid: state.design.withSticks(t.specs, step.sticks),
    orientation: step.orientation,
    step: t.cursor,
  };
}

function scene(grid, orientation, extra = {}) {
  const sticks = [...grid.sticks().values()].map((s) => ({ ...s, dr: 0, dc: 0 }));
  return { grid, sticks, angle: (orientation * Math.PI) / 2, ...marks(grid), ...extra };
}

// The stick named by the goal, while it is on the board.
function goalStick(grid) {
  const g = goal();
  return g.startsWith("stick:") && grid.sticks().has(g.slice(6)) ? g.slice(6) : null;
}

// The stick to outline: under the pointer, else under the cursor, else the goal's.
function highlighted(grid) {
  if (state.hover && grid.sticks().has(state.hover)) return state.hover;
  const cursor = shownCursor();
  if (cursor && grid.inside(...cursor) && grid.isStick(...cursor)) return grid.get(...cursor);
  return goalStick(grid);
}

function shownCursor() {
  return state.cursorShown && state.mode === "draw" ? state.cursor : null;
}

function marks(grid) {
  // the goal's stick keeps its ring while another is pointed at: on a big
  // board its colour alone would not find it again
  return { highlight: highlighted(grid), goal: goalStick(grid), cursor: shownCursor() };
}

export function render() {
  const now = current();
  if (state.extra) {
    const grid = state.extra.grid || now.grid;
    view.draw(scene(grid, 0, state.extra));
  } else {
    const hint = hintOnBoard(now);
    view.draw(scene(now.grid, now.orientation, hint ? { hint: { turn: hint.move, sticks: hint.sticks } } : {}));
  }
  const { highlight, cursor } = marks(now.grid);
  canvas.dataset.highlight = highlight ?? "";
  if (cursor) canvas.dataset.cursor = cursor.join(",");
  else delete canvas.dataset.cursor;
}

export function publish() {
  const now = current();
  canvas.dataset.board = now.grid.toText();
  canvas.dataset.orientation = String(now.orientation);
  canvas.dataset.step = String(now.step);
  const sides = ["bottom", "right", "top", "left"];
  canvas.setAttribute("aria-label",
    `Puzzle board, ${now.grid.width} by ${now.grid.height}, ${plural(now.grid.sticks().size, "stick")}, ` +
    `gravity towards the frame's ${sides[now.orientation]} side`);
  $("#move-counter").textContent = `Moves: ${now.step}`;
  $("#board-description").textContent = describeBoard(now.grid, now.orientation) +
    (state.timeline ? ` Moves: ${now.step}.` : "");
  canvas.setAttribute("aria-describedby", `${state.mode}-keys board-description`);
  pg.moveList.update(state.timeline);
  updateButtons();
}

export function updateButtons() {
  const t = state.timeline;
  const busy = state.busy;
  $("#back").disabled = busy || !t || t.cursor === 0;
  $("#restart").disabled = busy || !t || t.cursor === 0;
  $("#step").disabled = busy || (t ? t.cursor >= t.steps.length - 1 && t.kind === "solution" : false);
  // the turns' Undo and Redo in Try it, the drawing's in the Draw panel
  $("#undo").disabled = !t || t.cursor === 0;
  $("#redo").disabled = !t || t.cursor >= t.steps.length - 1;
  $("#draw-undo").disabled = state.undo.length === 0;
  $("#draw-redo").disabled = state.redo.length === 0;
  $("#hint").disabled = Boolean(state.hinting) || state.solving;
  $("#solve").disabled = Boolean(state.hinting) || state.solving;
  const play = $("#play");
  play.querySelector(".label").textContent = state.playing ? "Pause" : "Play";
  play.classList.toggle("lit", state.playing || Boolean(t && t.steps.length > 1));
  play.setAttribute("aria-pressed", String(state.playing));
}

// ------------------------------------------------------------- animation
export async function animate(fromStep, step, { reverse = false, faster = 1 } = {}) {
  const from = { positions: fromStep.sticks, orientation: fromStep.orientation };
  const specs = state.timeline.specs;
  const speed = (Number($("#speed").value) || 1) * faster;
  const walls = state.design.withSticks(specs, {});
  // the marks of the picture the step starts from, so a highlighted stick stays outlined as it falls
  const start = state.design.withSticks(specs, fromStep.sticks);
  canvas.dataset.animating = reverse ? "back" : "forward";
  try {
    await animateStep(from, step, speed, (positions, offsets, angle) => {
      const sticks = Object.entries(positions).map(([symbol, [row, col]]) => ({
        ...specs.get(symbol), row, col, ...(offsets[symbol] || {}),
      }));
      view.draw({ grid: walls, sticks, angle, ...marks(start) });
    }, { reverse });
  } finally {
    delete canvas.dataset.animating;
  }
}

// Show the settling before the first move, from the board as drawn.
export async function startTimeline(kind, startStep, goal) {
  state.timeline = { kind, specs: state.design.sticks(), steps: [startStep], cursor: 0, goal };
  const drawn = { sticks: positionsOf(state.design), orientation: 0 };
  if (Object.keys(startStep.moved).length || startStep.released.length) {
    await animate(drawn, startStep);
    // sticks drawn in the air drop before anything else: said, not only shown
    const fell = stepWords(startStep);
    say(`Before the first turn the sticks fall into place: ${fell.charAt(0).toLowerCase()}${fell.slice(1)}`);
  }
}

// ------------------------------------------------------------------ solve
export function goal() {
  return $("#goal").value;
}

// ------------------------------------------------------------ play it yourself
export function goalReached(t) {
  const step = t.steps[t.cursor];
  const g = t.goal || "any";
  if (g === "any") return t.steps.slice(0, t.cursor + 1).some((s) => s.released.length);
  if (g === "all") return Object.keys(step.sticks).length === 0;
  const symbol = g.slice(6);
  return !(symbol in step.sticks);
}

export function prefetch() {
  const t = state.timeline;
  if (!t || goalReached(t)) return;
  const now = current();
  prefetchTurns(now.grid.toText(), now.orientation);
}

// The hint drawn on the board (the turn's arrow, the sticks it moves) while
// the board stays where the hint was asked: any turn, edit or step ends it.
export function markHint(move) {
  const now = current();
  const text = now.grid.toText();
  const mark = { design: state.design, text, orientation: now.orientation, move, sticks: [] };
  state.hintShown = mark;
  render();
  // which sticks move is the server's word: the turn as /api/rotation/move plays it
  askMove(text, now.orientation, move).then((step) => {
    if (state.hintShown !== mark) return;
    const moved = Object.entries(step.moved || {}).filter(([, n]) => n > 0).map(([symbol]) => symbol);
    mark.sticks = [...new Set([...moved, ...(step.released || [])])].filter((symbol) => now.grid.sticks().has(symbol));
    render();
  }).catch(() => {});
}

function hintOnBoard(now) {
  const h = state.hintShown;
  if (!h || canvas.dataset.animating) return null;
  if (h.design === state.design && h.text === now.grid.toText() && h.orientation === now.orientation) return h;
  state.hintShown = null; // once left, forgotten: Undo back to its position does not bring it back
  return null;
}
