// Rotation's Draw mode: the drawing (its own Undo and Redo), the tools with
// the pointer (editor.js) and the keyboard's cursor, the goal, the frame's
// size, import and export of the puzzle's text; and the two modes' tabs.

import { announce } from "../../common/announce.js";
import { post } from "../../common/api.js";
import { copyText, downloadText } from "../../common/files.js";
import { plural } from "../../common/format.js";
import { focusAfterPointerPick } from "../../common/keys.js";
import { Tabs } from "../../common/tabs.js";
import { say, setAnswer } from "../../shell/messages.js";
import { cellWords } from "./describe.js";
import { Editor } from "./editor.js";
import { Grid, WALL, EMPTY } from "./grid.js";
import { warmUp } from "./nextsteps.js";
import { goal, publish, render, updateButtons } from "./board.js";
import { canvas, pg, state, view } from "./here.js";

const $ = (selector) => document.querySelector(selector);

let tabs = null;
let editor = null;
const stopPlaying = () => pg.stopPlaying();

export function designWarnings(g = state.design) {
  let gaps = 0;
  for (let r = 0; r < g.height; r++) {
    for (let c = 0; c < g.width; c++) if (g.isBorder(r, c) && g.get(r, c) !== WALL) gaps++;
  }
  if (g.sticks().size === 0) return "No sticks yet: choose the Stick tool and drag on the board.";
  if (gaps === 0) return "This frame has no gap: nothing can ever fall out. Open one with the Gap tool.";
  return "";
}

// ------------------------------------------------------------------- edit
export function setMode(mode) {
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

export function leaveTimeline() {
  stopPlaying();
  if (state.timeline) {
    state.timeline = null;
    say(""); // its "Move 2 of 8." is about a board no longer shown
    render();
    publish();
    pg.keep();
  }
}

export function commit(grid, message = "", title = "Your puzzle") {
  $("#puzzle-title").textContent = title;
  state.undo.push(state.design);
  state.redo = [];
  state.design = grid;
  afterDesignChange(message);
}

// A puzzle given whole (a level's): drawn as the new design, Undo in Draw
// brings back the one it replaces, and it opens in Try it, to be played.
export function openPuzzle(text, { title = "Your puzzle", message = "" } = {}) {
  pg.whenIdle(() => {
    leaveTimeline();
    commit(Grid.fromText(text), message, title);
    setMode("try");
    pg.keep();
  });
}

// The goal list offers each stick of the board by name.
export function refreshGoals() {
  const select = $("#goal");
  const chosen = select.value;
  const options = [["any", "Any stick falls out"], ["all", "All sticks fall out"]];
  for (const symbol of state.design.sticks().keys()) options.push([`stick:${symbol}`, `Stick ${symbol} falls out`]);
  select.replaceChildren(...options.map(([value, label]) => new Option(label, value)));
  select.value = options.some(([value]) => value === chosen) ? chosen : "any";
  showGoal();
}

// A goal kept or linked, when the board has it.
export function chooseGoal(value) {
  const select = $("#goal");
  if (![...select.options].some((option) => option.value === value)) return;
  select.value = value;
  showGoal();
}

// The line under the title says the goal chosen, not always the default one.
export function showGoal() {
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
  pg.keep();
  pg.keeper.followAddress(text);
  warmUpSoon();
}

// Editing comes in bursts: the first turns are fetched once it pauses.
let warmTimer = null;
export function warmUpSoon() {
  clearTimeout(warmTimer);
  warmTimer = setTimeout(() => warmUp(state.design.toText()), 500);
}

// Ctrl+Z and Ctrl+Y act on what the mode shows: the turns in Try it, the
// drawing in Draw (each mode's buttons are its own).
export function undoShown() {
  if (state.mode === "try") undoTurn();
  else undoEdit();
}

export function redoShown() {
  if (state.mode === "try") redoTurn();
  else redoEdit();
}

export function undoTurn() {
  stopPlaying();
  pg.run(() => pg.backward());
}

export function redoTurn() {
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
export function boardKey(e) {
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

export const MIN_SIZE = 3;
export const MAX_SIZE = 64;

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

export function showSize() {
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
    const body = await post("/api/rotation/parse", { board: text });
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

// The drawing's tabs, tools, buttons and fields.
export function mountDrawing() {
  tabs = new Tabs($(".mode-tabs"), (tab) => {
    if (tab.id === "tab-draw") {
      setMode("draw");
    } else {
      setMode("try");
      say("Turn with ← and →, the buttons, or a swipe on the board.");
    }
    pg.keep();
  });

  editor = new Editor({
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
}
