// The rotation kind: one board, drawn in "Draw" mode, turned in "Try it"
// mode, solved and animated from the engine's trajectory. The timeline (Play,
// Pause, Step, Back, Restart, chips, scrubber), Solve as a job, Try it, Hint
// and Undo/Redo of the moves are the shell's (static/js/shell/playground.js);
// this module gives what is rotation's own: the drawing editor and its keys,
// the goals, the frame's orientation, the trajectory's steps (each a turn and
// the falls it causes) animated on the canvas, and the words for them. The
// server decides every move; this page only draws what it answers.

import { announce } from "../../common/announce.js";
import { post } from "../../common/api.js";
import { animateStep } from "./animate.js";
import { cellWords, describeBoard } from "./describe.js";
import { Editor } from "./editor.js";
import { copyText, downloadText } from "../../common/files.js";
import { duration, isNumber, named, plural } from "../../common/format.js";
import { Grid, WALL, EMPTY } from "./grid.js";
import { Jobs } from "../../common/jobs.js";
import { focusAfterPointerPick, installShortcuts } from "../../common/keys.js";
import { askMove, prefetchTurns, warmUp } from "./nextsteps.js";
import { BoardView } from "./render.js";
import { Tabs } from "../../common/tabs.js";
import { Playground } from "../../shell/playground.js";
import { say, setAnswer } from "../../shell/messages.js";
import { forgetLinkMoves, linkMoves, share } from "../../shell/share.js";
import { announceSolved } from "../../common/solved.js";

const $ = (selector) => document.querySelector(selector);
const initial = JSON.parse($("#initial").textContent);
const canvas = $("#board");
const view = new BoardView(canvas);

// Rotation's Play has no pause between moves (each move's fall is its own
// pause); Restart walks a few steps back at three times the speed.
const TIMING = {
  playGap: 0, reducedPause: 600, animatedRestartSteps: 4, rewindMs: 1500, rewindStepMs: 80, restartFaster: 3,
};

const TEXTS = {
  unsolvableToPlay: "Nothing to play: no sequence of turns solves this puzzle.",
  goalAlready: "Nothing to play: the goal is reached before any turn.",
  latestMove: "That was your latest move. Turn again, or press Solve to watch the shortest way.",
};

// The shell with rotation's steps: each step of a timeline is a step of the
// server's trajectory ({move, moved, released, sticks, orientation}), and
// steps[0] the settled start.
class RotationPlayground extends Playground {
  constructor() {
    super({ name: "rotation", words: {} });
    this.view = view;
    this.timing = TIMING;
    this.texts = TEXTS;
    Object.assign(this.state, {
      design: Grid.fromText(initial.board), // the board as drawn, orientation 0
      undo: [],
      redo: [],
      mode: "draw",
      extra: null, // the editor's picture while a gesture is under way
      cursor: [1, 1], // the keyboard's drawing cursor, in board (unturned) coordinates
      cursorShown: false, // the board has the keyboard focus in Draw mode
      hover: null, // the stick under the pointer
      hintShown: null, // the hint drawn on the board and the position it is for
    });
  }

  makeJobs() {
    return new Jobs({ box: $("#progress"), bar: $("#progress-bar"), label: $("#progress-text") });
  }

  moveListOptions() {
    return {}; // turns: the move list's own titles and labels
  }

  startText() {
    return this.state.design.toText();
  }

  solveOptions() {
    return { goal: goal() };
  }

  current() {
    return current();
  }

  render() {
    render();
  }

  publish() {
    publish();
  }

  updateButtons() {
    updateButtons();
  }

  // The drawing, the tab, the goal and the turns played, kept in the browser.
  keep() {
    const t = state.timeline;
    const play = t?.kind === "play";
    // a step's board text is the sticks' places again: not kept twice
    const steps = play ? t.steps.map(({ board, ...step }) => step) : null;
    this.keeper.save({ start: state.design.toText(), title: $("#puzzle-title").textContent, steps,
      cursor: play ? t.cursor : 0, goal: play ? t.goal : goal(), mode: state.mode });
  }

  arrived() {
    this.keep();
    prefetch();
  }

  animateStep(before, after, options) {
    return animate(before, after, options);
  }

  playStepMessage(t, step) {
    return [`${stepWords(step)} Moves: ${t.cursor}.`, "info"];
  }

  solutionStepMessage(t, step) {
    const n = step.released.length;
    const out = n ? ` ${capital(named(step.released, "stick"))} ${n === 1 ? "falls" : "fall"} out.` : "";
    return [`Move ${t.cursor} of ${t.steps.length - 1}. ${stepWords(step, false)}${out}`,
      step.released.length ? "ok" : "info"];
  }

  answerText(answer) {
    const facts = [];
    if (isNumber(answer.states)) facts.push(`${plural(answer.states, "position")} looked at`);
    if (duration(answer.time)) facts.push(duration(answer.time));
    const detail = answer.status === "solved" && !answer.reason && facts.length ? ` (${facts.join(", ")})` : "";
    return describe(answer) + detail;
  }

  async buildSolutionTimeline(answer) {
    await startTimeline("solution", answer.start, answer.goal);
    if (!this.state.timeline) return; // left while the start settled
    for (const step of answer.trajectory || []) this.state.timeline.steps.push(step);
  }

  moveOnce(move) {
    return turnOnce(move);
  }

  undo() {
    undoTurn(); // the button in Try it; Ctrl+Z follows the mode (installKeys)
  }

  redo() {
    redoTurn();
  }

  // ------------------------------------------------------------ hint
  provenShortest() {
    return true; // a rotation answer is always a shortest one
  }

  hintPosition() {
    const now = current();
    return { text: now.grid.toText(), orientation: now.orientation, goal: goal() };
  }

  hintStill(asked, failed = false) {
    const still = current();
    return still.grid.toText() === asked.text && still.orientation === asked.orientation &&
      (failed || goal() === asked.goal);
  }

  needsServerHint(known) {
    return !known;
  }

  // A solve from the position as it is (its orientation too), as a job.
  async fetchHint(asked) {
    const fromStart = !this.state.timeline;
    this.say("Looking for the best next turn…");
    const answer = await this.jobs.solve({ board: asked.text, orientation: asked.orientation, goal: asked.goal }, "Hint");
    if (this.hintStill(asked) && fromStart && asked.text === this.state.design.toText()) {
      this.state.solution = this.solutionOf(asked.text, answer);
    }
    return { status: answer.status, move: (answer.moves || "")[0] || null, length: answer.length };
  }

  showHint(answer) {
    showHint(answer);
  }

  // The link carries the puzzle, and when asked the turns played and their goal.
  share(which) {
    const t = state.timeline;
    const turns = $("#share-moves").checked && t?.kind === "play" ? playedTurns(t) : "";
    const more = turns ? { moves: turns, ...(goal() === "any" ? {} : { goal: goal() }) } : {};
    return share(which === "short" ? "/api/links" : "/api/share", { board: state.design.toText() }, more);
  }

  installKeys() {
    installShortcuts({
      board: canvas,
      boardKey,
      undo,
      redo,
      turn,
      home: () => Boolean(this.state.timeline) && (this.jumpTo(0), true),
      end: () => Boolean(this.state.timeline) && (this.jumpTo(this.state.timeline.steps.length - 1), true),
      play: () => this.playClicked(),
    });
  }
}

const pg = new RotationPlayground();
const state = pg.state;
const stopPlaying = () => pg.stopPlaying();

// ---------------------------------------------------------------- helpers

const TURNED = { L: "Turned left.", R: "Turned right." };

// "Turned left. Stick 0 fell 3 cells, stick 1 fell 1 cell. Stick 1 fell out."
function stepWords(step, released = true) {
  const words = step.move ? [TURNED[step.move]] : [];
  const fell = Object.entries(step.moved || {}).filter(([, n]) => n > 0)
    .map(([symbol, n]) => `stick ${symbol} fell ${plural(n, "cell")}`);
  if (fell.length) words.push(`${fell.join(", ")}.`.replace(/^s/, "S"));
  if (released && step.released.length) words.push(`${capital(named(step.released, "stick"))} fell out.`);
  if (!fell.length && !step.released.length) words.push("Nothing moved.");
  return words.join(" ");
}

// "LRR": the turns of a play timeline up to the step shown.
function playedTurns(t) {
  return t.steps.slice(1, t.cursor + 1).map((step) => step.move).join("");
}

const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

function positionsOf(grid) {
  const out = {};
  for (const s of grid.sticks().values()) out[s.symbol] = [s.row, s.col];
  return out;
}

function current() {
  const t = state.timeline;
  if (!t) return { grid: state.design, orientation: 0, step: 0 };
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

function render() {
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

function publish() {
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

function updateButtons() {
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
  play.textContent = state.playing ? "Pause" : "Play";
  play.setAttribute("aria-pressed", String(state.playing));
}

const SPELLED_OUT_MOVES = 20;

// Answers decided without a search say why (`reason`; older cached answers lack it).
const REASONS = {
  "no-gap": { unsolvable: "No solution: the frame has no gap, so no stick can ever fall out." },
  "no-sticks": {
    solved: "Solved in 0 moves: the board has no sticks, so none is left to release.",
    unsolvable: "No solution: the board has no sticks.",
  },
};

function describe(answer) {
  const why = REASONS[answer.reason]?.[answer.status];
  if (why) return why;
  if (answer.status === "solved") {
    const n = answer.length;
    if (n === 0) {
      const out = answer.start?.released || [];
      if (!out.length) return "Solved before any turn: the goal holds as the puzzle settles.";
      return `Solved before any turn: ${named(out, "stick")} ${out.length === 1 ? "falls" : "fall"} out ` +
        "as the puzzle settles.";
    }
    // a long solution is told by its chips, not by a wall of letters
    const letters = n <= SPELLED_OUT_MOVES ? `: ${answer.moves.split("").join(" ")}` : "";
    return `Solved in ${plural(n, "move")}${letters}`;
  }
  if (answer.status === "unsolvable") {
    if (answer.reason && answer.summary) return `No solution: ${answer.summary}.`;
    if (!isNumber(answer.states)) return "No solution: no sequence of turns reaches the goal.";
    return `No solution: all ${plural(answer.states, "reachable position")} tried.`;
  }
  const which = answer.limit === "time" ? "time" : "state";
  return `Gave up at the ${which} limit: no solution within ${plural(answer.depth, "move")} ` +
         `after ${plural(answer.states, "position")}.`;
}

function designWarnings(g = state.design) {
  let gaps = 0;
  for (let r = 0; r < g.height; r++) {
    for (let c = 0; c < g.width; c++) if (g.isBorder(r, c) && g.get(r, c) !== WALL) gaps++;
  }
  if (g.sticks().size === 0) return "No sticks yet: choose the Stick tool and drag on the board.";
  if (gaps === 0) return "This frame has no gap: nothing can ever fall out. Open one with the Gap tool.";
  return "";
}

// ------------------------------------------------------------- animation
async function animate(fromStep, step, { reverse = false, faster = 1 } = {}) {
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
async function startTimeline(kind, startStep, goal) {
  state.timeline = { kind, specs: state.design.sticks(), steps: [startStep], cursor: 0, goal };
  const drawn = { sticks: positionsOf(state.design), orientation: 0 };
  if (Object.keys(startStep.moved).length || startStep.released.length) await animate(drawn, startStep);
}

// ------------------------------------------------------------------ solve
function goal() {
  return $("#goal").value;
}

// ------------------------------------------------------------ play it yourself
function goalReached(t) {
  const step = t.steps[t.cursor];
  const g = t.goal || "any";
  if (g === "any") return t.steps.slice(0, t.cursor + 1).some((s) => s.released.length);
  if (g === "all") return Object.keys(step.sticks).length === 0;
  const symbol = g.slice(6);
  return !(symbol in step.sticks);
}

function prefetch() {
  const t = state.timeline;
  if (!t || goalReached(t)) return;
  const now = current();
  prefetchTurns(now.grid.toText(), now.orientation);
}

function turn(move) {
  setMode("try");
  pg.tryMove(move);
}

async function turnOnce(move) {
  let t = state.timeline;
  if (!t) {
    const start = await askMove(state.design.toText(), 0, null);
    await startTimeline("play", start, goal());
    t = state.timeline;
  } else {
    t.kind = "play";
    t.goal = goal();
    t.steps = t.steps.slice(0, t.cursor + 1);
  }
  if (goalReached(t)) {
    say("A stick is already out. Press Undo or Restart to try again.");
    return false;
  }
  const now = current();
  const step = await askMove(now.grid.toText(), now.orientation, move);
  t.steps.push(step);
  await animate(t.steps[t.cursor], step);
  t.cursor += 1;
  publish();
  pg.arrived();
  if (goalReached(t)) {
    await celebrate(t.cursor);
    return false;
  }
  say(`${stepWords(step)} Moves: ${t.cursor}.`);
  return true;
}

async function celebrate(moves) {
  if (goal() === "any") announceSolved(state.design.toText(), moves);
  const last = stepWords(state.timeline.steps[moves]);
  let best = null;
  const s = state.solution;
  if (pg.solutionFits(s) && s.answer.status === "solved") {
    best = s.answer.length;
  } else if (state.design.toText() === initial.board && Number.isInteger(initial.optimal) && goal() === "any") {
    best = initial.optimal;
  } else {
    try {
      const answer = await pg.fetchSolution();
      if (answer.status === "solved") best = answer.length;
    } catch {
      best = null;
    }
  }
  const done = plural(moves, "move");
  if (best === null) say(`${last} Done in ${done}!`, "ok");
  else if (best === moves) say(`${last} Done in ${done}: the shortest possible!`, "ok");
  else say(`${last} Done in ${done}; the shortest takes ${best}.`, "ok");
}

function showHint(answer) {
  if (answer.status === "solved" && answer.move) {
    const rest = answer.length - 1;
    say(`Hint: turn ${answer.move === "L" ? "left (L)" : "right (R)"}` +
        (rest ? `, then ${plural(rest, "more move", "more moves")}.` : ": a stick falls out."));
    const button = answer.move === "L" ? $("#turn-left") : $("#turn-right");
    button.classList.add("hinted");
    setTimeout(() => button.classList.remove("hinted"), 1800);
    markHint(answer.move);
  } else if (answer.status === "solved") {
    say("The goal is reached already.");
  } else if (answer.status === "unsolvable") {
    say("No sequence of turns reaches the goal from here.", "warn");
  } else {
    say("This one is too big for a hint: the search stopped at its limit.", "warn");
  }
}

// The hint drawn on the board (the turn's arrow, the sticks it moves) while
// the board stays where the hint was asked: any turn, edit or step ends it.
function markHint(move) {
  const now = current();
  const text = now.grid.toText();
  const mark = { design: state.design, text, orientation: now.orientation, move, sticks: [] };
  state.hintShown = mark;
  render();
  // which sticks move is the server's word: the turn as /api/move plays it
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

// ------------------------------------------------------------------- edit
function setMode(mode) {
  const changed = state.mode !== mode;
  state.mode = mode;
  tabs.show($(mode === "draw" ? "#tab-draw" : "#tab-try"));
  document.body.dataset.mode = mode;
  // each mode's own buttons: the drawing's panel, or the turns' Undo and Redo
  $("#draw-panel").hidden = mode !== "draw";
  $("#undo").hidden = mode === "draw";
  $("#redo").hidden = mode === "draw";
  canvas.style.touchAction = "none";
  if (mode !== "draw") editor.cancel();
  updateButtons();
  if (changed) {
    render();
    publish();
  }
}

function leaveTimeline() {
  stopPlaying();
  if (state.timeline) {
    state.timeline = null;
    say(""); // its "Move 2 of 8." is about a board no longer shown
    render();
    publish();
    pg.keep();
  }
}

function commit(grid, message = "", title = "Your puzzle") {
  $("#puzzle-title").textContent = title;
  state.undo.push(state.design);
  state.redo = [];
  state.design = grid;
  afterDesignChange(message);
}

// The goal list offers each stick of the board by name.
function refreshGoals() {
  const select = $("#goal");
  const chosen = select.value;
  const options = [["any", "Any stick falls out"], ["all", "All sticks fall out"]];
  for (const symbol of state.design.sticks().keys()) options.push([`stick:${symbol}`, `Stick ${symbol} falls out`]);
  select.replaceChildren(...options.map(([value, label]) => new Option(label, value)));
  select.value = options.some(([value]) => value === chosen) ? chosen : "any";
  showGoal();
}

// A goal kept or linked, when the board has it.
function chooseGoal(value) {
  const select = $("#goal");
  if (![...select.options].some((option) => option.value === value)) return;
  select.value = value;
  showGoal();
}

// The line under the title says the goal chosen, not always the default one.
function showGoal() {
  const g = goal();
  const who = g === "all" ? "every stick falls" : g.startsWith("stick:") ? `stick ${g.slice(6)} falls` : "a stick falls";
  $("#goal-text").textContent = `Turn the frame so that ${who} out through the gap.`;
}

function afterDesignChange(message = "") {
  const [r, c] = state.cursor;
  state.cursor = [Math.min(r, state.design.height - 1), Math.min(c, state.design.width - 1)];
  refreshGoals();
  state.timeline = null;
  setAnswer("");
  say(message || designWarnings(), message ? "info" : "warn");
  showSize();
  render();
  publish();
  const text = state.design.toText();
  pg.keeper.saveDrawing(text);
  pg.keeper.followDrawing(text);
  pg.keep();
  warmUpSoon();
}

// Editing comes in bursts: the first turns are fetched once it pauses.
let warmTimer = null;
function warmUpSoon() {
  clearTimeout(warmTimer);
  warmTimer = setTimeout(() => warmUp(state.design.toText()), 500);
}

// Ctrl+Z and Ctrl+Y act on what the mode shows: the turns in Try it, the
// drawing in Draw (each mode's buttons are its own).
function undo() {
  if (state.mode === "try") undoTurn();
  else undoEdit();
}

function redo() {
  if (state.mode === "try") redoTurn();
  else redoEdit();
}

function undoTurn() {
  stopPlaying();
  pg.run(() => pg.backward());
}

function redoTurn() {
  pg.run(() => pg.forward()); // Play goes on: Redo only follows it
}

function undoEdit() {
  if (!state.undo.length || state.busy) return;
  state.redo.push(state.design);
  state.design = state.undo.pop();
  afterDesignChange("Undone.");
}

function redoEdit() {
  if (!state.redo.length || state.busy) return;
  state.undo.push(state.design);
  state.design = state.redo.pop();
  afterDesignChange("Redone.");
}

const tabs = new Tabs($(".mode-tabs"), (tab) => {
  if (tab.id === "tab-draw") {
    setMode("draw");
  } else {
    setMode("try");
    say("Turn with ← and →, the buttons, or a swipe on the board.");
  }
  pg.keep();
});

const editor = new Editor({
  canvas,
  view,
  grid: () => state.design,
  editing: () => state.mode === "draw" && !state.busy,
  beforeEdit: leaveTimeline,
  commit,
  say,
  preview: (extra) => {
    state.extra = extra;
    render();
  },
});

// ------------------------------------------------- drawing with the keyboard
const STEPS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

function cursorWords() {
  const [r, c] = state.cursor;
  const g = state.extra?.grid || state.design;
  // a stick being carried is lifted off the preview: name it, not the floor under it
  if (editor.busy && editor.gesture.tool === "move") return `Row ${r + 1}, column ${c + 1}: carrying stick ${editor.gesture.symbol}.`;
  const under = editor.busy ? ", laying a stick" : "";
  return `Row ${r + 1}, column ${c + 1}: ${cellWords(g, r, c)}${under}.`;
}

function showCursor() {
  state.cursorShown = true;
  render();
}

// A key pressed on the focused board; true when it was used. In Draw mode
// the arrows move the drawing cursor; in Try it they turn (as elsewhere).
function boardKey(e) {
  if (state.mode !== "draw") return false;
  if (e.shiftKey) return e.key in STEPS; // no hidden turn from the drawing board
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  const at = state.cursor;
  const grid = state.design;
  if (STEPS[key]) {
    const [dr, dc] = STEPS[key];
    state.cursor = [Math.max(0, Math.min(grid.height - 1, at[0] + dr)), Math.max(0, Math.min(grid.width - 1, at[1] + dc))];
    editor.keyTo(state.cursor);
    showCursor();
    announce(cursorWords());
    return true;
  }
  const edit = (fn) => {
    if (state.busy) {
      say("Wait for the board to stop moving.");
      return true;
    }
    fn();
    showCursor();
    return true;
  };
  switch (key) {
    case "w": return edit(() => once("wall", at));
    case "g": return edit(() => once("gap", at));
    case "x": case "Delete": case "Backspace": return edit(() => once("erase", at));
    case "s": case "m":
      return edit(() => {
        if (editor.busy) editor.finish(at);
        else if (editor.keyStart(key === "s" ? "stick" : "move", at)) announce(cursorWords());
      });
    case "Enter":
      if (!editor.busy) return false;
      return edit(() => editor.finish(at));
    case "Escape":
      if (!editor.busy) return false;
      editor.cancel();
      say("Cancelled.");
      render();
      return true;
    default:
      return false;
  }
}

// One cell changed at the cursor: say what the cell holds now.
function once(tool, at) {
  const before = state.design;
  editor.keyOnce(tool, at);
  if (state.design !== before) announce(cursorWords());
}

canvas.addEventListener("focus", () => {
  if (canvas.matches(":focus-visible")) showCursor();
});
canvas.addEventListener("blur", () => {
  state.cursorShown = false;
  editor.cancel();
  render();
});
canvas.addEventListener("pointerdown", () => {
  if (state.cursorShown) {
    state.cursorShown = false;
    render();
  }
});

// The rules allow frames from 3 to 64 cells a side.
const MIN_SIZE = 3;
const MAX_SIZE = 64;

// "7" (a square) or "9 × 5" (width × height); null when it is neither.
function parseSize(raw) {
  const m = /^\s*(\d+)\s*(?:[x×*,]\s*(\d+)\s*)?$/i.exec(raw);
  if (!m) return null;
  const width = Number(m[1]);
  const height = m[2] === undefined ? width : Number(m[2]);
  const ok = (n) => n >= MIN_SIZE && n <= MAX_SIZE;
  return ok(width) && ok(height) ? [width, height] : null;
}

function sizeWords(width, height) {
  return width === height ? String(width) : `${width} × ${height}`;
}

function showSize() {
  $("#size").value = sizeWords(state.design.width, state.design.height);
}

// Only this makes a new frame: the Size box alone never replaces the drawing.
function newFrame() {
  const field = $("#size");
  const size = parseSize(field.value);
  if (!size) {
    say(`Choose a size from ${MIN_SIZE} to ${MAX_SIZE} a side: 7 for a square, 9x5 for width × height. ` +
        "Your board is unchanged.", "error");
    field.focus();
    return;
  }
  const [width, height] = size;
  const fresh = Grid.frame(width, height);
  if (fresh.toText() === state.design.toText()) {
    say(`This is already an empty ${width} × ${height} frame.`);
    return;
  }
  leaveTimeline();
  commit(fresh, `A fresh ${width} × ${height} frame with a gap in the bottom row.`);
}

function clearSticks() {
  leaveTimeline();
  const grid = state.design.clone();
  grid.cells = grid.cells.map((v) => (v === WALL ? WALL : EMPTY));
  commit(grid, "All sticks removed.");
}

// ------------------------------------------------------- import and export
function ioSay(text, kind = "info") {
  const el = $("#import-message");
  el.textContent = text;
  el.dataset.kind = kind;
}

async function importText(text) {
  if (!text.trim()) {
    ioSay("Paste a puzzle first, or open a .txt file.", "error");
    return;
  }
  try {
    const body = await post("/api/parse", { board: text });
    leaveTimeline();
    const grid = Grid.fromText(body.board);
    const imported = `Imported a ${body.width} × ${body.height} puzzle with ${plural(body.sticks, "stick")}.`;
    const warning = designWarnings(grid);
    commit(grid, `${imported} ${warning}`.trim(), "Imported puzzle");
    ioSay(warning ? `Imported. ${warning}` : "Imported.", warning ? "warn" : "ok");
  } catch (error) {
    const message = error.message.charAt(0).toUpperCase() + error.message.slice(1);
    ioSay(message, "error");
    say(`That text is not a puzzle: ${error.message}. Your board is unchanged.`, "error");
  }
}

function download() {
  downloadText(state.design.toText(), `puzzle-${state.design.width}x${state.design.height}.txt`);
}

// ------------------------------------------------------------------ wiring
pg.wire(); // Solve, Cancel, Play, Step, Back, Restart, Hint, Undo, Redo, the links
$("#turn-left").addEventListener("click", () => turn("L"));
$("#turn-right").addEventListener("click", () => turn("R"));
$("#new-frame").addEventListener("click", newFrame);
$("#size").addEventListener("keydown", (e) => {
  if (e.key === "Enter") {
    e.preventDefault();
    newFrame();
  }
});
$("#clear").addEventListener("click", clearSticks);
$("#draw-undo").addEventListener("click", undoEdit);
$("#draw-redo").addEventListener("click", redoEdit);
$("#goal").addEventListener("change", () => {
  showGoal();
  pg.whenIdle(() => {
    leaveTimeline();
    setAnswer("");
    render(); // the goal's stick is the one outlined
    pg.keep();
  }, "The new goal applies as soon as the board stops moving.");
});
$("#import").addEventListener("click", () => importText($("#import-text").value));
// an error is about the text as it was: editing it makes the message stale
$("#import-text").addEventListener("input", () => {
  if ($("#import-message").dataset.kind === "error") ioSay("");
});
$("#open-file").addEventListener("click", () => $("#import-file").click());
$("#import-file").addEventListener("change", async (e) => {
  const file = e.target.files[0];
  if (!file) return;
  const text = await file.text();
  $("#import-text").value = text;
  await importText(text);
  e.target.value = "";
});
$("#download").addEventListener("click", download);
$("#copy-text").addEventListener("click", async () => {
  ioSay((await copyText(state.design.toText())) ? "Puzzle text copied." : "Copying is blocked here.", "ok");
});
for (const radio of document.querySelectorAll('input[name="tool"]')) {
  radio.addEventListener("change", () => {
    editor.tool = radio.value;
    $("#tool-help").textContent = editor.help();
    setMode("draw");
    pg.keep();
  });
}
focusAfterPointerPick($(".tools"), canvas);

pg.installKeys();

// A swipe on the board turns it in "Try it" mode: right is clockwise.
let swipe = null;
canvas.addEventListener("pointerdown", (e) => {
  if (state.mode === "try") swipe = { x: e.clientX, y: e.clientY };
});
// The stick under the pointer is outlined (on the board as turned now).
canvas.addEventListener("pointermove", (e) => {
  const hover = stickAt(e.clientX, e.clientY);
  if (hover === state.hover) return;
  state.hover = hover;
  if (!canvas.dataset.animating) render();
});
canvas.addEventListener("pointerleave", () => {
  state.hover = null;
  if (!canvas.dataset.animating) render();
});

function stickAt(clientX, clientY) {
  const now = current();
  const rect = canvas.getBoundingClientRect();
  // back from the turned picture to the frame's own coordinates
  const cx = rect.left + rect.width / 2;
  const cy = rect.top + rect.height / 2;
  const a = (now.orientation * Math.PI) / 2;
  const dx = clientX - cx;
  const dy = clientY - cy;
  const x = cx + dx * Math.cos(a) + dy * Math.sin(a);
  const y = cy - dx * Math.sin(a) + dy * Math.cos(a);
  const at = view.cellAt(now.grid, x, y);
  return at && now.grid.isStick(...at) ? now.grid.get(...at) : null;
}

canvas.addEventListener("pointerup", (e) => {
  if (!swipe || state.mode !== "try") return;
  const dx = e.clientX - swipe.x;
  const dy = e.clientY - swipe.y;
  swipe = null;
  if (Math.abs(dx) > 30 && Math.abs(dx) > Math.abs(dy)) turn(dx > 0 ? "R" : "L");
});

// The page at "/" with no puzzle in its address brings back the last drawing.
function restoreDrawing() {
  if (window.location.pathname !== "/" || new URLSearchParams(window.location.search).has("p")) return false;
  const text = pg.keeper.savedDrawing();
  if (!text || text === initial.board) return false;
  let grid;
  try {
    grid = Grid.fromText(text);
    if (!(grid.width >= MIN_SIZE && grid.width <= MAX_SIZE && grid.height >= MIN_SIZE && grid.height <= MAX_SIZE)) return false;
  } catch {
    return false;
  }
  state.undo.push(state.design); // Undo brings back the example
  state.design = grid;
  $("#puzzle-title").textContent = "Your puzzle";
  pg.keeper.followDrawing(text);
  return true;
}

// The work kept on the board shown comes back with it: the tab, the goal
// and the turns played (a link that asks to play shows its own solution).
// Only what the user did is kept, so opening a puzzle keeps the work on
// another until a tab, a turn or an edit (pg.keep).
function restoreWork() {
  const saved = pg.keeper.load();
  if (initial.autoplay || !saved || saved.start !== state.design.toText()) return null;
  chooseGoal(saved.goal);
  const steps = keptSteps(saved.steps, state.design);
  if (steps) {
    const cursor = Math.max(0, Math.min(Number.isInteger(saved.cursor) ? saved.cursor : 0, steps.length - 1));
    state.timeline = { kind: "play", specs: state.design.sticks(), steps, cursor, goal: goal() };
  }
  return saved.mode === "try" || saved.mode === "draw" ? saved.mode : null;
}

const TURNS = [null, "L", "R"];

// Steps of the server's trajectory for the sticks of `grid`, or null.
function keptSteps(steps, grid) {
  if (!Array.isArray(steps) || steps.length < 2) return null;
  const symbols = new Set(grid.sticks().keys());
  const place = (at) => Array.isArray(at) && at.length === 2 && at.every(Number.isInteger) && grid.inside(...at);
  const fits = (step) => step && typeof step === "object" && TURNS.includes(step.move ?? null) &&
    [0, 1, 2, 3].includes(step.orientation) && Array.isArray(step.released) &&
    step.moved && typeof step.moved === "object" && step.sticks && typeof step.sticks === "object" &&
    Object.entries(step.sticks).every(([symbol, at]) => symbols.has(symbol) && place(at));
  return steps.every(fits) ? steps : null;
}

// A link may carry turns played on its puzzle (?moves=LRR, from Share):
// the server plays them again and the page opens in Try it at the last.
function sharedTurns() {
  if (initial.autoplay) return null;
  const params = new URLSearchParams(window.location.search);
  const linked = linkMoves(params, (text) => {
    if (!/^[LR]+$/.test(text)) throw new Error(`"${text.slice(0, 20)}" is not a row of turns L and R`);
    return text;
  });
  return linked && { ...linked, goal: params.get("goal") };
}

async function replayTurns({ moves, goal: wanted, error }) {
  if (error) {
    forgetLinkMoves("goal");
    say(`The turns in this link cannot be read (${error}): the puzzle opens at its start.`, "warn");
    return;
  }
  chooseGoal(wanted);
  say("Playing the turns of the link…");
  const design = state.design;
  const specs = design.sticks();
  const t = { kind: "play", specs, steps: [await askMove(design.toText(), 0, null)], cursor: 0, goal: goal() };
  for (const move of moves) {
    if (goalReached(t)) break; // no turn is played once the goal is reached
    const last = t.steps[t.cursor];
    t.steps.push(await askMove(design.withSticks(specs, last.sticks).toText(), last.orientation, move));
    t.cursor += 1;
  }
  if (state.design !== design || state.timeline) return; // the board was changed meanwhile
  state.timeline = t;
  setMode("try");
  // the link's turns are played once: a reload brings back the work as it goes on
  forgetLinkMoves("goal");
  pg.arrived();
  say(`Played the link's ${plural(t.cursor, "turn")}. Moves: ${t.cursor}.`);
}

const shared = sharedTurns();
const restored = !shared && restoreDrawing();
refreshGoals();
const keptMode = shared ? null : restoreWork();
setMode(keptMode || (initial.mode === "try" ? "try" : "draw"));
showSize();
render();
publish();
const played = state.timeline ? state.timeline.cursor : 0;
if (restored) {
  const moves = played ? `, with ${plural(played, "move")} played` : "";
  say(`Restored your last drawing${moves}. ${state.mode === "draw" ? "Undo" : "Undo in Draw"} brings back the example.`);
} else if (played) {
  say(`Restored your work: ${plural(played, "move")} played.`);
} else {
  say(designWarnings(), "warn");
}
if (!restored && Number.isInteger(initial.optimal)) {
  setAnswer(`The shortest solution takes ${plural(initial.optimal, "move")}. Try it, or press Solve.`);
}
if (initial.autoplay && !restored) pg.playClicked();
else if (shared) pg.run(() => replayTurns(shared));
else if (state.timeline) prefetch();
else warmUpSoon();
