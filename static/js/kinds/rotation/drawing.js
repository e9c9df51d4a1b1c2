// Rotation's Draw mode, a component that hands the shell a start: the
// drawing (its own Undo and Redo), the tools with the pointer (editor.js)
// and the keyboard's cursor, the goal, the frame's size, import and export
// of the puzzle's text; and the two modes' tabs. Each finished edit is the
// shell's new start (host.setStart).

import { announce } from "../../common/announce.js";
import { post } from "../../common/api.js";
import { copyText, downloadText } from "../../common/files.js";
import { number, t, tn } from "../../common/i18n.js";
import { focusAfterPointerPick } from "../../common/keys.js";
import { Tabs } from "../../common/tabs.js";
import { cellWords } from "./describe.js";
import { Editor, gaps } from "./editor.js";
import { Grid, WALL, EMPTY } from "./grid.js";
import { drawnPosition } from "./position.js";

const $ = (selector) => document.querySelector(selector);

export const MIN_SIZE = 3;
export const MAX_SIZE = 64;
const STEPS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

export function designWarnings(g) {
  if (g.sticks().size === 0) return t("No sticks yet: choose the Stick tool and drag on the board.");
  if (gaps(g) === 0) return t("This frame has no gap: nothing can ever fall out. Open one with the Gap tool.");
  return "";
}

// "7" (a square) or "9 × 5" (width × height); null when it is neither.
function parseSize(raw) {
  const m = /^\s*(\d+)\s*(?:[x×*,]\s*(\d+)\s*)?$/i.exec(raw);
  if (!m) return null;
  const width = Number(m[1]);
  const height = m[2] === undefined ? width : Number(m[2]);
  const ok = (n) => n >= MIN_SIZE && n <= MAX_SIZE;
  return ok(width) && ok(height) ? [width, height] : null;
}

const sizeWords = (width, height) => (width === height ? String(width) : `${width} × ${height}`);

function ioSay(text, kind = "info") {
  const el = $("#import-message");
  el.textContent = text;
  el.dataset.kind = kind;
}

export class Drawing {
  constructor(host, view) {
    this.host = host;
    this.view = view;
    this.canvas = view.canvas;
    this.initial = JSON.parse($("#initial").textContent);
    this.design = Grid.fromText(host.start); // the board as drawn, orientation 0
    this.undo = [];
    this.redo = [];
    this.mode = null;
    this.extra = null; // the editor's picture while a gesture is under way
    this.cursor = [1, 1]; // the keyboard's drawing cursor, in board (unturned) coordinates
    this.cursorShown = false; // the board has the keyboard focus in Draw mode
    this.warmTimer = null;
    this.mount();
    this.refreshGoals();
    this.showSize();
    this.setMode(this.initial.mode === "try" ? "try" : "draw");
  }

  // (not before the shell has the view: during the mount)
  render() {
    if (this.host.view) this.host.render();
  }

  say(text, kind = "info") {
    this.host.say(text, kind);
  }

  // ------------------------------------------------------------- modes
  setMode(mode) {
    const changed = this.mode !== mode;
    this.mode = mode;
    this.tabs.show($(mode === "draw" ? "#tab-draw" : "#tab-try"));
    document.body.dataset.mode = mode;
    // each mode's own buttons: the drawing's panel, or the turns' Undo and Redo
    $("#draw-panel").hidden = mode !== "draw";
    $("#undo").hidden = mode === "draw";
    $("#redo").hidden = mode === "draw";
    if (mode !== "draw") this.editor.cancel();
    if (changed && this.host.view) {
      this.render();
      this.host.publish();
    }
  }

  buttons() {
    $("#draw-undo").disabled = this.undo.length === 0;
    $("#draw-redo").disabled = this.redo.length === 0;
  }

  shownCursor() {
    return this.cursorShown && this.mode === "draw" ? this.cursor : null;
  }

  // ------------------------------------------------------------- edits
  // A finished edit: the new start, the drawing before it kept for Undo.
  commit(grid, message = "", title = t("Your puzzle")) {
    this.undo.push(this.design);
    this.redo = [];
    this.design = grid;
    this.changed(title, message);
  }

  changed(title, message) {
    const warning = message ? "" : designWarnings(this.design);
    const text = this.design.toText();
    // the same board again (an import of the puzzle shown) keeps what was
    // solved or played on it; only the words change
    if (text === this.host.start) this.host.say(message || warning, message ? "info" : "warn");
    else this.host.setStart(text, { title, message: message || warning, tone: message ? "info" : "warn" });
    this.startChanged(text);
  }

  // The shell's start changed (an edit, a level's puzzle, a board brought
  // back): the drawing follows; one from elsewhere keeps the drawing before
  // it for Undo. A level's puzzle opens in Try it, to be played.
  startChanged(text, { opened = false } = {}) {
    if (text !== this.design.toText()) {
      this.undo.push(this.design);
      this.redo = [];
      this.design = Grid.fromText(text);
    }
    const [r, c] = this.cursor;
    this.cursor = [Math.min(r, this.design.height - 1), Math.min(c, this.design.width - 1)];
    this.refreshGoals();
    this.showSize();
    this.buttons();
    if (opened) this.setMode("try");
    this.warmUpSoon();
  }

  undoEdit() {
    if (!this.undo.length || this.host.busy) return;
    this.redo.push(this.design);
    this.design = this.undo.pop();
    const redo = this.redo;
    this.changed(this.host.title, t("Undone."));
    this.redo = redo;
    this.buttons();
  }

  redoEdit() {
    if (!this.redo.length || this.host.busy) return;
    this.undo.push(this.design);
    const redo = this.redo;
    this.design = redo.pop();
    this.changed(this.host.title, t("Redone."));
    this.redo = redo;
    this.buttons();
  }

  // Editing comes in bursts: the first turns are asked for once it pauses.
  warmUpSoon() {
    clearTimeout(this.warmTimer);
    this.warmTimer = setTimeout(() => {
      const drawn = drawnPosition(this.host.start);
      this.host.askMove(drawn, null).then((first) => {
        for (const move of ["L", "R"]) this.host.askMove({ ...drawn, ...first }, move).catch(() => {});
      }).catch(() => {});
    }, 500);
  }

  // After the start-up: a drawing brought back keeps the example for Undo.
  started({ restored }) {
    const played = this.host.step();
    if (restored && this.host.start !== this.initial.board) {
      this.undo = [Grid.fromText(this.initial.board)];
      this.buttons();
      this.say(this.restoredWords(played));
    } else if (!restored && !played) {
      const warning = designWarnings(this.design);
      if (warning) this.say(warning, "warn");
    }
  }

  // "Restored your last drawing, with 2 moves played. Undo brings back the example."
  restoredWords(played) {
    const values = { turns: number(played) };
    if (this.mode === "draw") {
      return played ? tn("Restored your last drawing, with %(turns)s move played. Undo brings back the example.",
        "Restored your last drawing, with %(turns)s moves played. Undo brings back the example.", played, values)
        : t("Restored your last drawing. Undo brings back the example.");
    }
    return played ? tn("Restored your last drawing, with %(turns)s move played. Undo in Draw brings back the example.",
      "Restored your last drawing, with %(turns)s moves played. Undo in Draw brings back the example.", played, values)
      : t("Restored your last drawing. Undo in Draw brings back the example.");
  }

  // ------------------------------------------------------------- the goal
  // The goal list offers each stick of the board by name.
  refreshGoals() {
    const select = $("#goal");
    const chosen = select.value;
    const options = [["any", t("Any stick falls out")], ["all", t("All sticks fall out")]];
    for (const symbol of this.design.sticks().keys()) {
      options.push([`stick:${symbol}`, t("Stick %(stick)s falls out", { stick: symbol })]);
    }
    select.replaceChildren(...options.map(([value, label]) => new Option(label, value)));
    select.value = options.some(([value]) => value === chosen) ? chosen : "any";
    this.showGoal();
  }

  // A goal kept or linked, when the board has it.
  chooseGoal(value) {
    const select = $("#goal");
    if (![...select.options].some((option) => option.value === value)) return;
    select.value = value;
    this.showGoal();
  }

  // The line under the title says the goal chosen, not always the default one.
  showGoal() {
    const g = $("#goal").value;
    $("#goal-text").textContent = g === "all" ? t("Turn the frame so that every stick falls out through the gap.")
      : g.startsWith("stick:") ? t("Turn the frame so that stick %(stick)s falls out through the gap.", { stick: g.slice(6) })
        : t("Turn the frame so that a stick falls out through the gap.");
  }

  // ------------------------------------------------- drawing with the keyboard
  cursorWords() {
    const [r, c] = this.cursor;
    const g = this.extra?.grid || this.design;
    const editor = this.editor;
    // a stick being carried is lifted off the preview: name it, not the floor under it
    const values = { row: number(r + 1), column: number(c + 1), cell: cellWords(g, r, c) };
    if (editor.busy && editor.gesture.tool === "move") {
      return t("Row %(row)s, column %(column)s: carrying stick %(stick)s.", { ...values, stick: editor.gesture.symbol });
    }
    return editor.busy ? t("Row %(row)s, column %(column)s: %(cell)s, laying a stick.", values)
      : t("Row %(row)s, column %(column)s: %(cell)s.", values);
  }

  showCursor() {
    this.cursorShown = true;
    this.render();
  }

  // A key pressed on the focused board; true when it was used. In Draw mode
  // the arrows move the drawing cursor; in Try it they turn (as elsewhere).
  boardKey(e) {
    if (this.mode !== "draw") return false;
    if (e.shiftKey) return e.key in STEPS; // no hidden turn from the drawing board
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    const at = this.cursor;
    const grid = this.design;
    const editor = this.editor;
    if (STEPS[key]) {
      const [dr, dc] = STEPS[key];
      this.cursor = [Math.max(0, Math.min(grid.height - 1, at[0] + dr)), Math.max(0, Math.min(grid.width - 1, at[1] + dc))];
      editor.keyTo(this.cursor);
      this.showCursor();
      announce(this.cursorWords());
      return true;
    }
    const edit = (fn) => {
      if (this.host.busy) {
        this.say(t("Wait for the board to stop moving."));
        return true;
      }
      fn();
      this.showCursor();
      return true;
    };
    // G and M come from English words (gap, move); L (Lücke) and V (verschieben) are the
    // German ones. Both work in either language: a key never changes meaning with the page's.
    switch (key) {
      case "w": return edit(() => this.once("wall", at));
      case "g": case "l": return edit(() => this.once("gap", at));
      case "x": case "Delete": case "Backspace": return edit(() => this.once("erase", at));
      case "s": case "m": case "v":
        return edit(() => {
          if (editor.busy) editor.finish(at);
          else if (editor.keyStart(key === "s" ? "stick" : "move", at)) announce(this.cursorWords());
        });
      case "Enter":
        if (!editor.busy) return false;
        return edit(() => editor.finish(at));
      case "Escape":
        if (!editor.busy) return false;
        editor.cancel();
        this.say(t("Cancelled."));
        this.render();
        return true;
      default:
        return false;
    }
  }

  // One cell changed at the cursor: say what the cell holds now.
  once(tool, at) {
    const before = this.design;
    this.editor.keyOnce(tool, at);
    if (this.design !== before) announce(this.cursorWords());
  }

  // ------------------------------------------------------------- the frame
  showSize() {
    $("#size").value = sizeWords(this.design.width, this.design.height);
  }

  // Only this makes a new frame: the Size box alone never replaces the drawing.
  newFrame() {
    const field = $("#size");
    const size = parseSize(field.value);
    if (!size) {
      const values = { min: number(MIN_SIZE), max: number(MAX_SIZE) };
      this.say(t("Choose a size from %(min)s to %(max)s a side: 7 for a square, 9x5 for width × height. Your board is unchanged.", values), "error");
      field.focus();
      return;
    }
    const [width, height] = size;
    const fresh = Grid.frame(width, height);
    if (fresh.toText() === this.design.toText()) {
      this.say(t("This is already an empty %(width)s × %(height)s frame.", { width: number(width), height: number(height) }));
      return;
    }
    this.commit(fresh, t("A fresh %(width)s × %(height)s frame with a gap in the bottom row.", { width: number(width), height: number(height) }));
  }

  clearSticks() {
    const grid = this.design.clone();
    grid.cells = grid.cells.map((v) => (v === WALL ? WALL : EMPTY));
    this.commit(grid, t("All sticks removed."));
  }

  // ------------------------------------------------------- import and export
  async importText(text) {
    if (!text.trim()) {
      ioSay(t("Paste a puzzle first, or open a .txt file."), "error");
      return;
    }
    try {
      const body = await post(this.host.api("parse"), { board: text });
      const grid = Grid.fromText(body.board);
      const imported = tn("Imported a %(width)s × %(height)s puzzle with %(n)s stick.", "Imported a %(width)s × %(height)s puzzle with %(n)s sticks.",
        body.sticks, { width: number(body.width), height: number(body.height) });
      const warning = designWarnings(grid);
      this.commit(grid, `${imported} ${warning}`.trim(), t("Imported puzzle"));
      ioSay(warning ? t("Imported. %(warning)s", { warning }) : t("Imported."), warning ? "warn" : "ok");
    } catch (error) {
      const message = error.message.charAt(0).toUpperCase() + error.message.slice(1);
      ioSay(message, "error");
      this.say(t("That text is not a puzzle: %(error)s. Your board is unchanged.", { error: error.message }), "error");
    }
  }

  // The drawing's tabs, tools, buttons and fields.
  mount() {
    const canvas = this.canvas;
    this.tabs = new Tabs($(".mode-tabs"), (tab) => {
      if (tab.id === "tab-draw") {
        this.setMode("draw");
      } else {
        this.setMode("try");
        this.say(t("Turn with ← and →, the buttons, or a swipe on the board."));
      }
      this.host.keep();
    });
    this.editor = new Editor({
      canvas,
      view: this.view.board,
      grid: () => this.design,
      editing: () => this.mode === "draw" && !this.host.busy,
      beforeEdit: () => this.host.stopPlaying(),
      commit: (grid, message) => this.commit(grid, message),
      say: (text) => this.say(text),
      preview: (extra) => {
        this.extra = extra;
        this.render();
      },
    });
    const editor = this.editor;
    canvas.addEventListener("focus", () => {
      if (canvas.matches(":focus-visible")) this.showCursor();
    });
    canvas.addEventListener("blur", () => {
      this.cursorShown = false;
      editor.cancel();
      this.render();
    });
    canvas.addEventListener("pointerdown", () => {
      if (this.cursorShown) {
        this.cursorShown = false;
        this.render();
      }
    });
    $("#new-frame").addEventListener("click", () => this.newFrame());
    $("#size").addEventListener("keydown", (e) => {
      if (e.key === "Enter") {
        e.preventDefault();
        this.newFrame();
      }
    });
    $("#clear").addEventListener("click", () => this.clearSticks());
    $("#draw-undo").addEventListener("click", () => this.undoEdit());
    $("#draw-redo").addEventListener("click", () => this.redoEdit());
    $("#goal").addEventListener("change", () => {
      this.showGoal();
      // a solve or moves under the goal before are for another puzzle now
      this.host.setStart(this.host.start, { title: this.host.title });
      this.render(); // the goal's stick is the one outlined
    });
    $("#import").addEventListener("click", () => this.importText($("#import-text").value));
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
      await this.importText(text);
      e.target.value = "";
    });
    $("#download").addEventListener("click", () => {
      downloadText(this.design.toText(), `puzzle-${this.design.width}x${this.design.height}.txt`);
    });
    $("#copy-text").addEventListener("click", async () => {
      ioSay((await copyText(this.design.toText())) ? t("Puzzle text copied.") : t("Copying is blocked here."), "ok");
    });
    for (const radio of document.querySelectorAll('input[name="tool"]')) {
      radio.addEventListener("change", () => {
        editor.tool = radio.value;
        $("#tool-help").textContent = editor.help();
        this.setMode("draw");
        this.host.keep();
      });
    }
    focusAfterPointerPick($(".tools"), canvas);
  }
}
