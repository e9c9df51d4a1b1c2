// The playground: one board, drawn in "Draw" mode, turned in "Try it" mode,
// solved and animated from the engine's trajectory. The server decides every
// move; this page only draws what it answers.

import { post } from "./api.js";
import { animateStep } from "./animate.js";
import { Editor } from "./editor.js";
import { Grid, WALL, EMPTY } from "./grid.js";
import { BoardView } from "./render.js";

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
  playing: false,
  extra: null, // the editor's picture while a gesture is under way
  job: null, // the id of the solve running on the server
};

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
    `Puzzle board, ${now.grid.width} by ${now.grid.height}, ${now.grid.sticks().size} sticks, ` +
    `gravity towards the frame's ${sides[now.orientation]} side`);
  $("#move-counter").textContent = `Moves: ${now.step}`;
  updateMoveList();
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
  const play = $("#play");
  play.textContent = state.playing ? "Pause" : "Play";
  play.setAttribute("aria-pressed", String(state.playing));
}

function updateMoveList() {
  const list = $("#moves-list");
  const t = state.timeline;
  const moves = t ? t.steps.slice(1).map((s) => s.move) : [];
  list.replaceChildren(...moves.map((move, i) => {
    const li = document.createElement("li");
    li.textContent = move;
    li.title = `Move ${i + 1}: turn ${move === "L" ? "left" : "right"}`;
    if (i < t.cursor) li.classList.add("done");
    if (i === t.cursor - 1) {
      li.classList.add("current");
      li.setAttribute("aria-current", "step");
    }
    return li;
  }));
  list.dataset.kind = t ? t.kind : "";
}

function formatCount(n) {
  return Number(n).toLocaleString("en-US");
}

function describe(answer) {
  if (answer.status === "solved") {
    const n = answer.length;
    if (n === 0) {
      return `Solved before any turn: stick ${answer.start.released.join(", ")} falls out as the puzzle settles.`;
    }
    return `Solved in ${n} move${n === 1 ? "" : "s"}: ${answer.moves.split("").join(" ")}`;
  }
  if (answer.status === "unsolvable") {
    return `No solution: all ${formatCount(answer.states)} reachable positions tried`;
  }
  const which = answer.limit === "time" ? "time" : "state";
  return `Gave up at the ${which} limit: no solution within ${answer.depth} moves ` +
         `after ${formatCount(answer.states)} positions.`;
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
async function animate(fromStep, step) {
  const from = { positions: fromStep.sticks, orientation: fromStep.orientation };
  const specs = state.timeline.specs;
  const speed = Number($("#speed").value) || 1;
  const walls = state.design.withSticks(specs, {});
  await animateStep(from, step, speed, (positions, offsets, angle) => {
    const sticks = Object.entries(positions).map(([symbol, [row, col]]) => ({
      ...specs.get(symbol), row, col, ...(offsets[symbol] || {}),
    }));
    view.draw({ grid: walls, sticks, angle });
  });
}

async function run(task) {
  if (state.busy) return false;
  state.busy = true;
  updateButtons();
  try {
    await task();
    return true;
  } catch (error) {
    say(error.message, "error");
    return false;
  } finally {
    state.busy = false;
    render();
    publish();
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
  if (t.kind === "solution") {
    say(step.released.length ? `Move ${t.cursor}: stick ${step.released.join(", ")} falls out.` : `Move ${t.cursor} of ${t.steps.length - 1}.`,
        step.released.length ? "ok" : "info");
  }
  return true;
}

// ------------------------------------------------------------------ solve
function goal() {
  return $("#goal").value;
}

// Ask the server; a big puzzle becomes a job whose progress is polled.
async function fetchSolution() {
  const text = state.design.toText();
  const g = goal();
  if (state.solution && state.solution.text === text && state.solution.goal === g) return state.solution.answer;
  let job = await post("/api/jobs", { board: text, goal: g });
  if (job.status === "running") job = await follow(job);
  if (job.status === "cancelled") throw new Error(`Cancelled after ${formatCount(job.states || 0)} positions.`);
  if (job.status !== "done") throw new Error(job.error || "The solver could not finish.");
  state.solution = { text, goal: g, answer: job.answer };
  return job.answer;
}

async function follow(job) {
  const box = $("#progress");
  const bar = $("#progress-bar");
  const label = $("#progress-text");
  state.job = job.id;
  box.hidden = false;
  try {
    while (job.status === "running") {
      bar.value = job.max_states ? Math.min(1, (job.states || 0) / job.max_states) : 0;
      label.textContent = `${formatCount(job.states || 0)} positions, ${job.depth || 0} moves deep, ${job.seconds.toFixed(1)} s`;
      await new Promise((resolve) => setTimeout(resolve, 250));
      const response = await fetch(`/api/jobs/${job.id}`);
      job = await response.json();
      if (!response.ok) throw new Error(job.error || "The solve was lost.");
    }
    return job;
  } finally {
    state.job = null;
    box.hidden = true;
  }
}

async function cancelJob() {
  if (!state.job) return;
  await post(`/api/jobs/${state.job}/cancel`, {});
}

async function showSolution() {
  let answer;
  setAnswer("Solving…");
  try {
    answer = await fetchSolution();
  } catch (error) {
    setAnswer(error.message, "error");
    say(error.message, "error");
    return null;
  }
  const detail = answer.status === "solved"
    ? ` (${formatCount(answer.states)} positions looked at, ${answer.time < 0.01 ? "<0.01" : answer.time.toFixed(2)} s)`
    : "";
  setAnswer(describe(answer) + detail, answer.status === "solved" ? "ok" : "warn");
  await startTimeline("solution", answer.start, answer.goal);
  for (const step of answer.trajectory) state.timeline.steps.push(step);
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
      if (!answer || answer.status !== "solved") return;
    }
    const t = state.timeline;
    if (t.cursor >= t.steps.length - 1) {
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
  if (!t || state.busy) return;
  stopPlaying();
  t.cursor = Math.max(0, Math.min(cursor, t.steps.length - 1));
  say("");
  render();
  publish();
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

async function turn(move) {
  setMode("try");
  stopPlaying();
  await run(async () => {
    let t = state.timeline;
    if (!t) {
      const start = await post("/api/move", { board: state.design.toText(), orientation: 0, move: null });
      await startTimeline("play", start, goal());
      t = state.timeline;
    } else {
      t.kind = "play";
      t.goal = goal();
      t.steps = t.steps.slice(0, t.cursor + 1);
    }
    if (goalReached(t)) {
      say("A stick is already out. Press Undo or Restart to try again.");
      return;
    }
    const now = current();
    const step = await post("/api/move", { board: now.grid.toText(), orientation: now.orientation, move });
    t.steps.push(step);
    await animate(t.steps[t.cursor], step);
    t.cursor += 1;
    publish();
    if (goalReached(t)) await celebrate(t.cursor);
    else say(step.released.length ? `Stick ${step.released.join(", ")} fell out.` : "");
  });
}

async function celebrate(count) {
  let best = null;
  try {
    const answer = await fetchSolution();
    if (answer.status === "solved") best = answer.length;
  } catch {
    best = null;
  }
  const moves = `${count} move${count === 1 ? "" : "s"}`;
  if (best === null) say(`Done in ${moves}!`, "ok");
  else if (best === count) say(`Done in ${moves}: the shortest possible!`, "ok");
  else say(`Done in ${moves}; the shortest takes ${best}.`, "ok");
}

async function hint() {
  await run(async () => {
    const now = current();
    const answer = await post("/api/hint", { board: now.grid.toText(), orientation: now.orientation, goal: goal() });
    if (answer.status === "solved" && answer.move) {
      const rest = answer.length - 1;
      say(`Hint: turn ${answer.move === "L" ? "left (L)" : "right (R)"}` +
          (rest ? `, then ${rest} more move${rest === 1 ? "" : "s"}.` : ": a stick falls out."));
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
  });
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
}

function undo() {
  if (state.mode === "try") {
    if (state.timeline && state.timeline.cursor > 0) jumpTo(state.timeline.cursor - 1);
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

function newFrame() {
  const n = Number($("#size").value);
  if (!Number.isInteger(n) || n < 4 || n > 40) {
    say("Choose a size from 4 to 40.", "error");
    $("#size").value = String(state.design.width);
    return;
  }
  const fresh = Grid.frame(n);
  if (fresh.toText() === state.design.toText()) return; // the size field's change and the button's click
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
    commit(Grid.fromText(body.board), `Imported a ${body.width} × ${body.height} puzzle with ${body.sticks} sticks.`,
      "Imported puzzle");
    ioSay("Imported.", "ok");
  } catch (error) {
    const message = error.message.charAt(0).toUpperCase() + error.message.slice(1);
    ioSay(message, "error");
    say(`That text is not a puzzle: ${error.message}. Your board is unchanged.`, "error");
  }
}

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement("textarea");
    area.value = text;
    document.body.append(area);
    area.select();
    let ok = false;
    try { ok = document.execCommand("copy"); } catch { ok = false; }
    area.remove();
    return ok;
  }
}

function download() {
  const blob = new Blob([state.design.toText()], { type: "text/plain" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = `puzzle-${state.design.width}x${state.design.height}.txt`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
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
$("#cancel").addEventListener("click", () => cancelJob().catch((error) => say(error.message, "error")));
$("#play").addEventListener("click", playClicked);
$("#step").addEventListener("click", stepClicked);
$("#back").addEventListener("click", () => state.timeline && jumpTo(state.timeline.cursor - 1));
$("#restart").addEventListener("click", () => jumpTo(0));
$("#turn-left").addEventListener("click", () => turn("L"));
$("#turn-right").addEventListener("click", () => turn("R"));
$("#hint").addEventListener("click", hint);
$("#undo").addEventListener("click", undo);
$("#redo").addEventListener("click", redo);
$("#new-frame").addEventListener("click", newFrame);
$("#size").addEventListener("change", newFrame);
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

document.addEventListener("keydown", (e) => {
  const tag = e.target.tagName;
  if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
  const ctrl = e.ctrlKey || e.metaKey;
  if (ctrl && e.key.toLowerCase() === "z" && !e.shiftKey) { e.preventDefault(); undo(); }
  else if (ctrl && (e.key.toLowerCase() === "y" || (e.key.toLowerCase() === "z" && e.shiftKey))) { e.preventDefault(); redo(); }
  else if (ctrl || e.altKey) return;
  else if (e.key === "ArrowLeft") { e.preventDefault(); turn("L"); }
  else if (e.key === "ArrowRight") { e.preventDefault(); turn("R"); }
  else if (e.key === " " && tag !== "BUTTON") { e.preventDefault(); playClicked(); }
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

setMode("draw");
refreshGoals();
$("#size").value = String(state.design.width);
render();
publish();
say(designWarnings(), "warn");
if (initial.optimal !== null && initial.optimal !== undefined) {
  setAnswer(`The shortest solution takes ${initial.optimal} move${initial.optimal === 1 ? "" : "s"}. Try it, or press Solve.`);
}
if (initial.autoplay) playClicked();
