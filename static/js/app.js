// The playground: one board, drawn in "Draw" mode, turned in "Try it" mode,
// solved and animated from the engine's trajectory. The server decides every
// move; this page only draws what it answers.

import { post } from "./api.js";
import { animateStep } from "./animate.js";
import { Editor } from "./editor.js";
import { copyText, downloadText } from "./files.js";
import { count, duration, isNumber, plural } from "./format.js";
import { Grid, WALL, EMPTY } from "./grid.js";
import { Jobs, JobStopped } from "./jobs.js";
import { focusAfterPointerPick, installShortcuts } from "./keys.js";
import { MoveList } from "./movelist.js";
import { askMove, prefetchTurns, warmUp } from "./nextsteps.js";
import { BoardView } from "./render.js";
import { followAddress, saveDesign, savedDesign } from "./storage.js";

const $ = (selector) => document.querySelector(selector);
const initial = JSON.parse($("#initial").textContent);
const canvas = $("#board");
const view = new BoardView(canvas);

const state = {
  design: Grid.fromText(initial.board), // the board as drawn, orientation 0
  undo: [],
  redo: [],
  mode: "draw",
  // The steps being shown: steps[0] is the settled start, steps[k] the
  // position after k moves (each as the engine answered it).
  timeline: null, // {kind: "solution" | "play", specs, steps, cursor, goal}
  solution: null, // {text, goal, answer} for the design as last solved
  busy: false,
  solving: false, // waiting for the solver's answer (not an animation)
  playing: false,
  extra: null, // the editor's picture while a gesture is under way
  turns: [], // keys pressed while the board was moving, played in order
  hinting: null, // {grid text, orientation} a hint is being searched for
  jump: null, // a step asked for while a move was under way
};
const MAX_QUEUED_TURNS = 6;

const jobs = new Jobs({ box: $("#progress"), bar: $("#progress-bar"), label: $("#progress-text") });
const moveList = new MoveList({
  list: $("#moves-list"),
  label: $("#moves-label"),
  scrubber: $("#scrubber"),
  scrubRow: $("#scrub-row"),
  onJump: (step) => jumpTo(step),
});

// ---------------------------------------------------------------- helpers
function say(text, kind = "info") {
  const el = $("#board-message");
  el.textContent = text || "";
  el.dataset.kind = kind;
}

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
  return { grid, sticks, angle: (orientation * Math.PI) / 2, ...extra };
}

function render() {
  const now = current();
  if (state.extra) {
    const grid = state.extra.grid || now.grid;
    view.draw(scene(grid, 0, state.extra));
  } else {
    view.draw(scene(now.grid, now.orientation));
  }
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
  moveList.update(state.timeline);
  updateButtons();
}

function updateButtons() {
  const t = state.timeline;
  const busy = state.busy;
  $("#back").disabled = busy || !t || t.cursor === 0;
  $("#restart").disabled = busy || !t || t.cursor === 0;
  $("#step").disabled = busy || (t ? t.cursor >= t.steps.length - 1 && t.kind === "solution" : false);
  $("#undo").disabled = state.mode === "draw" ? state.undo.length === 0 : !t || t.cursor === 0;
  $("#redo").disabled = state.mode === "draw" ? state.redo.length === 0 : !t || t.cursor >= t.steps.length - 1;
  $("#hint").disabled = Boolean(state.hinting) || state.solving;
  $("#solve").disabled = Boolean(state.hinting) || state.solving;
  const play = $("#play");
  play.textContent = state.playing ? "Pause" : "Play";
  play.setAttribute("aria-pressed", String(state.playing));
}

const SPELLED_OUT_MOVES = 20;

function describe(answer) {
  if (answer.status === "solved") {
    const n = answer.length;
    if (n === 0) {
      return `Solved before any turn: stick ${answer.start.released.join(", ")} falls out as the puzzle settles.`;
    }
    // a long solution is told by its chips, not by a wall of letters
    const letters = n <= SPELLED_OUT_MOVES ? `: ${answer.moves.split("").join(" ")}` : "";
    return `Solved in ${plural(n, "move")}${letters}`;
  }
  if (answer.status === "unsolvable") {
    return `No solution: all ${count(answer.states)} reachable positions tried`;
  }
  const which = answer.limit === "time" ? "time" : "state";
  return `Gave up at the ${which} limit: no solution within ${plural(answer.depth, "move")} ` +
         `after ${count(answer.states)} positions.`;
}

function setAnswer(text, kind = "info") {
  const el = $("#answer");
  el.textContent = text;
  el.dataset.kind = kind;
}

function designWarnings() {
  const g = state.design;
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
  canvas.dataset.animating = reverse ? "back" : "forward";
  try {
    await animateStep(from, step, speed, (positions, offsets, angle) => {
      const sticks = Object.entries(positions).map(([symbol, [row, col]]) => ({
        ...specs.get(symbol), row, col, ...(offsets[symbol] || {}),
      }));
      view.draw({ grid: walls, sticks, angle });
    }, { reverse });
  } finally {
    delete canvas.dataset.animating;
  }
}

async function run(task) {
  if (state.busy) return false;
  state.busy = true;
  updateButtons();
  try {
    await task();
    return true;
  } catch (error) {
    say(error.message, error instanceof JobStopped ? "info" : "error");
    return false;
  } finally {
    state.busy = false;
    render();
    publish();
    if (state.jump !== null) {
      const cursor = state.jump;
      state.jump = null;
      jumpTo(cursor);
    }
    // keys pressed while something else moved the board
    if (state.turns.length) setTimeout(playTurns, 0);
  }
}

// Show the settling before the first move, from the board as drawn.
async function startTimeline(kind, startStep, goal) {
  state.timeline = { kind, specs: state.design.sticks(), steps: [startStep], cursor: 0, goal };
  const drawn = { sticks: positionsOf(state.design), orientation: 0 };
  if (Object.keys(startStep.moved).length || startStep.released.length) await animate(drawn, startStep);
}

async function forward() {
  const t = state.timeline;
  if (!t || t.cursor >= t.steps.length - 1) return false;
  const step = t.steps[t.cursor + 1];
  await animate(t.steps[t.cursor], step);
  t.cursor += 1;
  publish();
  prefetch();
  if (t.kind === "solution") {
    say(step.released.length ? `Move ${t.cursor}: stick ${step.released.join(", ")} falls out.` : `Move ${t.cursor} of ${t.steps.length - 1}.`,
        step.released.length ? "ok" : "info");
  }
  return true;
}

// One step back, animated backwards: the sticks rise, the frame turns back.
async function backward(faster = 1) {
  const t = state.timeline;
  if (!t || t.cursor === 0) return false;
  await animate(t.steps[t.cursor - 1], t.steps[t.cursor], { reverse: true, faster });
  t.cursor -= 1;
  publish();
  prefetch();
  say(t.cursor ? `Back at move ${t.cursor}.` : "Back at the start.");
  return true;
}

// Up to a few steps are walked back quickly; further, the start is shown at once.
const ANIMATED_RESTART_STEPS = 4;

function restart() {
  const t = state.timeline;
  if (!t || t.cursor === 0) return;
  stopPlaying();
  if (t.cursor > ANIMATED_RESTART_STEPS) {
    jumpTo(0);
    return;
  }
  run(async () => {
    while (await backward(3)) { /* to the start */ }
  });
}

// ------------------------------------------------------------------ solve
function goal() {
  return $("#goal").value;
}

// Ask the server; a big puzzle becomes a job whose progress is shown.
async function fetchSolution() {
  const text = state.design.toText();
  const g = goal();
  if (state.solution && state.solution.text === text && state.solution.goal === g) return state.solution.answer;
  const answer = await jobs.solve({ board: text, goal: g });
  state.solution = { text, goal: g, answer };
  return answer;
}

async function showSolution() {
  let answer;
  setAnswer("Solving…");
  say("");
  state.solving = true;
  updateButtons();
  try {
    answer = await fetchSolution();
  } catch (error) {
    const kind = error instanceof JobStopped ? "info" : "error";
    setAnswer(error.message, kind);
    say(error.message, kind);
    return null;
  } finally {
    state.solving = false;
  }
  const facts = [];
  if (isNumber(answer.states)) facts.push(`${count(answer.states)} positions looked at`);
  if (duration(answer.time)) facts.push(duration(answer.time));
  const detail = answer.status === "solved" && facts.length ? ` (${facts.join(", ")})` : "";
  setAnswer(describe(answer) + detail, answer.status === "solved" ? "ok" : "warn");
  await startTimeline("solution", answer.start, answer.goal);
  for (const step of answer.trajectory || []) state.timeline.steps.push(step);
  publish();
  return answer;
}

async function solveClicked() {
  stopPlaying();
  await run(showSolution);
}

function hasSolutionTimeline() {
  const t = state.timeline;
  return t && t.kind === "solution" && state.solution &&
    state.solution.text === state.design.toText() && state.solution.goal === goal();
}

function nothingToPlay(answer) {
  if (answer.status === "unsolvable") {
    say("Nothing to play: no sequence of turns solves this puzzle.", "warn");
  } else {
    say("Nothing to play: the solver stopped at its limit before finding a solution.", "warn");
  }
}

async function playClicked() {
  if (state.playing) {
    stopPlaying();
    return;
  }
  state.playing = true;
  updateButtons();
  await run(async () => {
    if (!hasSolutionTimeline()) {
      const answer = await showSolution();
      if (!answer) return;
      if (answer.status !== "solved") {
        nothingToPlay(answer);
        return;
      }
    }
    const t = state.timeline;
    if (t.cursor >= t.steps.length - 1) {
      if (t.steps.length === 1) {
        say("Nothing to play: the goal is reached before any turn.");
        return;
      }
      t.cursor = 0;
      render();
      publish();
    }
    while (state.playing && await forward()) { /* one move at a time */ }
  });
  state.playing = false;
  updateButtons();
}

function stopPlaying() {
  state.playing = false;
  updateButtons();
}

async function stepClicked() {
  stopPlaying();
  await run(async () => {
    if (!state.timeline) {
      const answer = await showSolution();
      if (!answer) return;
      if (answer.status !== "solved") {
        nothingToPlay(answer);
        return;
      }
    }
    if (state.timeline.kind === "play" && state.timeline.cursor >= state.timeline.steps.length - 1) {
      say("That was your latest move. Turn again, or press Solve to watch the shortest way.");
      return;
    }
    await forward();
  });
}

function jumpTo(cursor) {
  const t = state.timeline;
  if (t && state.busy && state.playing) {
    // playing stops after the move under way; then the jump is made
    stopPlaying();
    state.jump = cursor;
    return;
  }
  if (!t || state.busy) {
    publish(); // puts the scrubber back where the board is
    return;
  }
  stopPlaying();
  t.cursor = Math.max(0, Math.min(cursor, t.steps.length - 1));
  say(t.cursor ? `Move ${t.cursor} of ${t.steps.length - 1}.` : "Back at the start.");
  render();
  publish();
  prefetch();
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
  if (state.solving) {
    say("The solver is still working: wait for it, or press Cancel.");
    return;
  }
  if (state.hinting) jobs.cancel().catch(() => {}); // that hint is for a position about to be left
  stopPlaying();
  if (state.turns.length >= MAX_QUEUED_TURNS) return;
  state.turns.push(move);
  if (!state.busy) playTurns();
}

async function playTurns() {
  if (state.busy || !state.turns.length) return;
  await run(async () => {
    while (state.turns.length) {
      const move = state.turns.shift();
      if (!(await turnOnce(move))) state.turns = [];
    }
  });
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
  prefetch();
  if (goalReached(t)) {
    await celebrate(t.cursor);
    return false;
  }
  say(step.released.length ? `Stick ${step.released.join(", ")} fell out.` : "");
  return true;
}

async function celebrate(moves) {
  let best = null;
  const s = state.solution;
  if (s && s.text === state.design.toText() && s.goal === goal() && s.answer.status === "solved") {
    best = s.answer.length;
  } else if (state.design.toText() === initial.board && Number.isInteger(initial.optimal) && goal() === "any") {
    best = initial.optimal;
  } else {
    try {
      const answer = await fetchSolution();
      if (answer.status === "solved") best = answer.length;
    } catch {
      best = null;
    }
  }
  const done = plural(moves, "move");
  if (best === null) say(`Done in ${done}!`, "ok");
  else if (best === moves) say(`Done in ${done}: the shortest possible!`, "ok");
  else say(`Done in ${done}; the shortest takes ${best}.`, "ok");
}

// The hint straight from the solved answer, when the turns so far follow it.
function hintFromSolution() {
  const s = state.solution;
  if (!s || s.text !== state.design.toText() || s.goal !== goal() || s.answer.status !== "solved") return null;
  const t = state.timeline;
  const played = t ? t.steps.slice(1, t.cursor + 1).map((step) => step.move).join("") : "";
  if (!s.answer.moves.startsWith(played)) return null;
  return { status: "solved", move: s.answer.moves[played.length] || null, length: s.answer.length - played.length };
}

function showHint(answer) {
  if (answer.status === "solved" && answer.move) {
    const rest = answer.length - 1;
    say(`Hint: turn ${answer.move === "L" ? "left (L)" : "right (R)"}` +
        (rest ? `, then ${plural(rest, "more move", "more moves")}.` : ": a stick falls out."));
    const button = answer.move === "L" ? $("#turn-left") : $("#turn-right");
    button.classList.add("hinted");
    setTimeout(() => button.classList.remove("hinted"), 1800);
  } else if (answer.status === "solved") {
    say("The goal is reached already.");
  } else if (answer.status === "unsolvable") {
    say("No sequence of turns reaches the goal from here.", "warn");
  } else {
    say("This one is too big for a hint: the search stopped at its limit.", "warn");
  }
}

async function hint() {
  if (state.solving || state.hinting) return;
  const known = hintFromSolution();
  if (known) {
    showHint(known);
    return;
  }
  const now = current();
  const asked = { text: now.grid.toText(), orientation: now.orientation, goal: goal() };
  const fromStart = !state.timeline;
  state.hinting = asked;
  updateButtons();
  say("Looking for the best next turn…");
  try {
    const answer = await jobs.solve({ board: asked.text, orientation: asked.orientation, goal: asked.goal }, "Hint");
    const still = current();
    if (still.grid.toText() !== asked.text || still.orientation !== asked.orientation || goal() !== asked.goal) return;
    if (fromStart && asked.text === state.design.toText()) {
      state.solution = { text: asked.text, goal: asked.goal, answer };
    }
    showHint({ status: answer.status, move: (answer.moves || "")[0] || null, length: answer.length });
  } catch (error) {
    const still = current();
    if (still.grid.toText() === asked.text && still.orientation === asked.orientation) {
      say(error.message, error instanceof JobStopped ? "info" : "error");
    }
  } finally {
    state.hinting = null;
    updateButtons();
  }
}

// ------------------------------------------------------------------- edit
function setMode(mode) {
  state.mode = mode;
  $("#tab-draw").setAttribute("aria-selected", String(mode === "draw"));
  $("#tab-try").setAttribute("aria-selected", String(mode === "try"));
  document.body.dataset.mode = mode;
  canvas.style.touchAction = "none";
  updateButtons();
}

function leaveTimeline() {
  stopPlaying();
  if (state.timeline) {
    state.timeline = null;
    render();
    publish();
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
}

function afterDesignChange(message = "") {
  refreshGoals();
  state.timeline = null;
  setAnswer("");
  say(message || designWarnings(), message ? "info" : "warn");
  $("#size").value = String(state.design.width);
  render();
  publish();
  const text = state.design.toText();
  saveDesign(text);
  followAddress(text);
  warmUpSoon();
}

// Editing comes in bursts: the first turns are fetched once it pauses.
let warmTimer = null;
function warmUpSoon() {
  clearTimeout(warmTimer);
  warmTimer = setTimeout(() => warmUp(state.design.toText()), 500);
}

function undo() {
  if (state.mode === "try") {
    stopPlaying();
    run(backward);
    return;
  }
  if (!state.undo.length || state.busy) return;
  state.redo.push(state.design);
  state.design = state.undo.pop();
  afterDesignChange("Undone.");
}

function redo() {
  if (state.mode === "try") {
    run(forward);
    return;
  }
  if (!state.redo.length || state.busy) return;
  state.undo.push(state.design);
  state.design = state.redo.pop();
  afterDesignChange("Redone.");
}

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

// The rules allow frames from 3 to 64 cells a side.
const MIN_SIZE = 3;
const MAX_SIZE = 64;

// Only this makes a new frame: the Size box alone never replaces the drawing.
function newFrame() {
  const field = $("#size");
  const raw = field.value.trim();
  const n = Number(raw);
  if (!raw || !Number.isInteger(n) || n < MIN_SIZE || n > MAX_SIZE) {
    say(`Choose a size from ${MIN_SIZE} to ${MAX_SIZE}. Your board is unchanged.`, "error");
    field.focus();
    return;
  }
  const fresh = Grid.frame(n);
  if (fresh.toText() === state.design.toText()) {
    say(`This is already an empty ${n} × ${n} frame.`);
    return;
  }
  leaveTimeline();
  commit(fresh, `A fresh ${n} × ${n} frame with a gap in the bottom row.`);
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
    commit(Grid.fromText(body.board), `Imported a ${body.width} × ${body.height} puzzle with ${plural(body.sticks, "stick")}.`,
      "Imported puzzle");
    ioSay("Imported.", "ok");
  } catch (error) {
    const message = error.message.charAt(0).toUpperCase() + error.message.slice(1);
    ioSay(message, "error");
    say(`That text is not a puzzle: ${error.message}. Your board is unchanged.`, "error");
  }
}

function download() {
  downloadText(state.design.toText(), `puzzle-${state.design.width}x${state.design.height}.txt`);
}

// ------------------------------------------------------------------ share
async function share(kind) {
  const msg = $("#share-message");
  try {
    const body = await post(kind === "short" ? "/api/links" : "/api/share", { board: state.design.toText() });
    let url = new URL(body.url, window.location.origin);
    if ($("#share-play").checked) url.searchParams.set("play", "1");
    url = url.toString();
    $("#share-url").value = url;
    const copied = await copyText(url);
    msg.textContent = copied ? "Link copied to the clipboard." : "Copy the link above.";
    msg.dataset.kind = "ok";
  } catch (error) {
    msg.textContent = error.message;
    msg.dataset.kind = "error";
  }
}

// ------------------------------------------------------------------ wiring
$("#tab-draw").addEventListener("click", () => setMode("draw"));
$("#tab-try").addEventListener("click", () => {
  setMode("try");
  say("Turn with ← and →, the buttons, or a swipe on the board.");
});
$("#solve").addEventListener("click", solveClicked);
$("#cancel").addEventListener("click", () => jobs.cancel().catch((error) => say(error.message, "error")));
$("#play").addEventListener("click", playClicked);
$("#step").addEventListener("click", stepClicked);
$("#back").addEventListener("click", () => {
  stopPlaying();
  run(backward);
});
$("#restart").addEventListener("click", restart);
$("#turn-left").addEventListener("click", () => turn("L"));
$("#turn-right").addEventListener("click", () => turn("R"));
$("#hint").addEventListener("click", hint);
$("#undo").addEventListener("click", undo);
$("#redo").addEventListener("click", redo);
$("#new-frame").addEventListener("click", newFrame);
$("#size").addEventListener("keydown", (e) => {
  if (e.key === "Enter") {
    e.preventDefault();
    newFrame();
  }
});
$("#clear").addEventListener("click", clearSticks);
$("#goal").addEventListener("change", () => {
  leaveTimeline();
  setAnswer("");
});
$("#import").addEventListener("click", () => importText($("#import-text").value));
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
$("#copy-link").addEventListener("click", () => share("full"));
$("#short-link").addEventListener("click", () => share("short"));
for (const radio of document.querySelectorAll('input[name="tool"]')) {
  radio.addEventListener("change", () => {
    editor.tool = radio.value;
    $("#tool-help").textContent = editor.help();
    setMode("draw");
  });
}
focusAfterPointerPick($(".tools"), canvas);

installShortcuts({
  undo,
  redo,
  turn,
  home: () => Boolean(state.timeline) && (jumpTo(0), true),
  end: () => Boolean(state.timeline) && (jumpTo(state.timeline.steps.length - 1), true),
  play: playClicked,
});

// A swipe on the board turns it in "Try it" mode: right is clockwise.
let swipe = null;
canvas.addEventListener("pointerdown", (e) => {
  if (state.mode === "try") swipe = { x: e.clientX, y: e.clientY };
});
canvas.addEventListener("pointerup", (e) => {
  if (!swipe || state.mode !== "try") return;
  const dx = e.clientX - swipe.x;
  const dy = e.clientY - swipe.y;
  swipe = null;
  if (Math.abs(dx) > 30 && Math.abs(dx) > Math.abs(dy)) turn(dx > 0 ? "R" : "L");
});

// The page at "/" with no puzzle in its address brings back the last drawing.
function restoreSaved() {
  if (window.location.pathname !== "/" || new URLSearchParams(window.location.search).has("p")) return false;
  const text = savedDesign();
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
  followAddress(text);
  return true;
}

const restored = restoreSaved();
setMode(initial.mode === "try" ? "try" : "draw");
refreshGoals();
$("#size").value = String(state.design.width);
render();
publish();
if (restored) say("Restored your last drawing. Undo brings back the example.");
else say(designWarnings(), "warn");
if (!restored && Number.isInteger(initial.optimal)) {
  setAnswer(`The shortest solution takes ${plural(initial.optimal, "move")}. Try it, or press Solve.`);
}
if (initial.autoplay && !restored) playClicked();
else warmUpSoon();
