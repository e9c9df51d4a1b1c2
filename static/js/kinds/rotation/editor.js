// Drawing on the board with the mouse, a finger or the keyboard's cursor:
// walls, gaps, sticks, erasing and moving sticks. Every finished gesture becomes one undoable edit.

import { t, tn } from "../../common/i18n.js";
import { WALL, EMPTY, stickCells } from "./grid.js";

const HELP = {
  stick: () => t("Drag along a row or a column to lay a stick. Drag an existing stick to move it."),
  wall: () => t("Click or drag to add walls; start on a wall to remove walls."),
  gap: () => t("Click a frame cell to open a gap in it, or a gap to close it (the only gap stays: open another first)."),
  move: () => t("Drag a stick to a free place."),
  erase: () => t("Click a stick or a wall to remove it; drag to remove several."),
};

// What a stick laid or moved would run into: the edge, a wall, another stick.
const CROSSING = {
  edge: () => t("A stick cannot cross the edge of the board: that stick was not laid."),
  wall: () => t("A stick cannot cross a wall: that stick was not laid."),
  stick: (other) => t("A stick cannot cross stick %(other)s: that stick was not laid.", { other }),
};
const OVERLAPPING = {
  edge: (stick) => t("Stick %(stick)s cannot go there: it would overlap the edge of the board.", { stick }),
  wall: (stick) => t("Stick %(stick)s cannot go there: it would overlap a wall.", { stick }),
  stick: (stick, other) => t("Stick %(stick)s cannot go there: it would overlap stick %(other)s.", { stick, other }),
};

// The frame's border cells that are not walls.
export function gaps(grid) {
  let n = 0;
  for (let r = 0; r < grid.height; r++) {
    for (let c = 0; c < grid.width; c++) if (grid.isBorder(r, c) && grid.get(r, c) !== WALL) n++;
  }
  return n;
}

export class Editor {
  // host: {grid(), commit(newGrid), preview(scene extras), say(text), view, canvas, beforeEdit()}
  constructor(host) {
    this.host = host;
    this.tool = "stick";
    this.gesture = null;
    const canvas = host.canvas;
    canvas.addEventListener("pointerdown", (e) => this.down(e));
    canvas.addEventListener("pointermove", (e) => this.move(e));
    canvas.addEventListener("pointerup", (e) => this.up(e));
    canvas.addEventListener("pointercancel", () => this.cancel());
  }

  help() {
    return HELP[this.tool]();
  }

  cell(e) {
    return this.host.view.cellAt(this.host.grid(), e.clientX, e.clientY);
  }

  down(e) {
    if (!this.host.editing()) return;
    const at = this.cell(e);
    if (!at) return;
    e.preventDefault();
    this.host.canvas.setPointerCapture(e.pointerId);
    const here = this.host.grid().get(...at);
    const onStick = here !== WALL && here !== EMPTY;
    this.begin(this.tool === "stick" && onStick ? "move" : this.tool, at);
  }

  // Starts a gesture of `tool` at cell `at`; false when it cannot start there.
  begin(tool, at) {
    this.host.beforeEdit();
    const grid = this.host.grid().clone();
    const [r, c] = at;
    const here = grid.get(r, c);
    const onStick = here !== WALL && here !== EMPTY;
    this.gesture = { tool, start: at, end: at, grid, original: this.host.grid(), changed: false };
    if (tool === "move") {
      if (!onStick) {
        this.host.say(t("Press on a stick to move it."));
        this.gesture = null;
        return false;
      }
      this.gesture.symbol = here;
      this.gesture.stick = grid.sticks().get(here);
    } else if (tool === "wall" || tool === "gap") {
      if (tool === "gap" && !grid.isBorder(r, c)) {
        this.host.say(t("A gap is a cell of the frame's outer edge: click the border."));
        this.gesture = null;
        return false;
      }
      // the frame's one way out is not closed by a click meant to find it
      if (tool === "gap" && here !== WALL && gaps(grid) === 1) {
        this.host.say(t("That is the frame's only gap: open another first (click a wall of the frame), then close this one."));
        this.gesture = null;
        return false;
      }
      this.gesture.paint = here === WALL ? EMPTY : WALL;
      this.paint(r, c);
    } else if (tool === "erase") {
      this.erase(r, c);
    }
    this.show();
    return true;
  }

  // ------------------------------------------------ the keyboard's gestures
  // The same gestures, made at the board's keyboard cursor: a wall, a gap or
  // an erasure is one key; a stick or a move starts at one cell and ends at
  // another.
  keyOnce(tool, at) {
    if (!this.host.editing() || this.gesture) return;
    if (tool === "wall" && this.host.grid().isStick(...at)) {
      this.host.say(t("A stick lies there: erase it first (Delete)."));
      return;
    }
    if (tool === "gap" && this.host.grid().isStick(...at)) return;
    if (tool === "erase" && this.host.grid().get(...at) === EMPTY) {
      this.host.say(t("Nothing to erase there."));
      return;
    }
    if (this.begin(tool, at)) this.finish(at);
  }

  keyStart(tool, at) {
    if (!this.host.editing() || this.gesture) return false;
    if (tool === "stick" && this.host.grid().get(...at) !== EMPTY) {
      this.host.say(t("A stick starts on an empty cell inside the frame."));
      return false;
    }
    return this.begin(tool, at);
  }

  // The cursor moved while a stick or a move is under way.
  keyTo(at) {
    const g = this.gesture;
    if (!g) return;
    g.end = at;
    this.show();
  }

  get busy() {
    return Boolean(this.gesture);
  }

  move(e) {
    const g = this.gesture;
    if (!g) return;
    const at = this.cell(e);
    if (!at) return;
    g.end = at;
    if (g.tool === "wall" || g.tool === "gap") this.paint(...at);
    else if (g.tool === "erase") this.erase(...at);
    this.show();
  }

  up(e) {
    if (!this.gesture) return;
    this.finish(this.cell(e));
  }

  // Ends the gesture under way at `at` (or where it was last), as one edit.
  finish(at) {
    const g = this.gesture;
    if (!g) return;
    if (at) g.end = at;
    this.gesture = null;
    if (g.tool === "stick") this.finishStick(g);
    else if (g.tool === "move") this.finishMove(g);
    else if (g.changed) this.host.commit(g.grid);
    this.host.preview(null);
  }

  cancel() {
    this.gesture = null;
    this.host.preview(null);
  }

  paint(r, c) {
    const g = this.gesture;
    const grid = g.grid;
    if (grid.isStick(r, c)) return;
    if (g.tool === "gap" && !grid.isBorder(r, c)) return;
    if (grid.get(r, c) !== g.paint) {
      grid.set(r, c, g.paint);
      g.changed = true;
    }
  }

  erase(r, c) {
    const g = this.gesture;
    const grid = g.grid;
    const v = grid.get(r, c);
    if (v === EMPTY) return;
    if (v === WALL) grid.set(r, c, EMPTY);
    else grid.cells = grid.cells.map((x) => (x === v ? EMPTY : x));
    g.changed = true;
  }

  // The straight run from start to end, or null when the drag is not straight.
  line(g) {
    const [r0, c0] = g.start;
    const [r1, c1] = g.end;
    if (r0 !== r1 && c0 !== c1) return null;
    const cells = [];
    const n = Math.max(Math.abs(r1 - r0), Math.abs(c1 - c0));
    const sr = Math.sign(r1 - r0);
    const sc = Math.sign(c1 - c0);
    for (let k = 0; k <= n; k++) cells.push([r0 + k * sr, c0 + k * sc]);
    return cells;
  }

  moved(g) {
    const dr = g.end[0] - g.start[0];
    const dc = g.end[1] - g.start[1];
    return stickCells({ ...g.stick, row: g.stick.row + dr, col: g.stick.col + dc });
  }

  // {what: "edge" | "wall" | "stick", stick}, or null when nothing is in the way
  blocker(grid, cells, own) {
    for (const [r, c] of cells) {
      if (!grid.inside(r, c)) return { what: "edge" };
      const v = grid.get(r, c);
      if (v === WALL) return { what: "wall" };
      if (v !== EMPTY && v !== own) return { what: "stick", stick: v };
    }
    return null;
  }

  show() {
    const g = this.gesture;
    if (!g) return;
    if (g.tool === "stick") {
      const cells = this.line(g);
      if (!cells) {
        this.host.preview({ preview: { cells: [g.start, g.end], ok: false }, grid: g.grid });
      } else {
        this.host.preview({ preview: { cells, ok: !this.blocker(g.grid, cells) }, grid: g.grid });
      }
    } else if (g.tool === "move") {
      const cells = this.moved(g);
      const grid = g.grid.clone();
      grid.cells = grid.cells.map((x) => (x === g.symbol ? EMPTY : x));
      this.host.preview({ preview: { cells, ok: !this.blocker(g.grid, cells, g.symbol) }, grid, selected: g.symbol });
    } else {
      this.host.preview({ grid: g.grid });
    }
  }

  finishStick(g) {
    const cells = this.line(g);
    if (!cells) {
      this.host.say(t("A stick must be straight: drag along one row or one column."));
      return;
    }
    const blocked = this.blocker(g.grid, cells);
    if (blocked) {
      this.host.say(CROSSING[blocked.what](blocked.stick));
      return;
    }
    const symbol = g.grid.nextSymbol();
    if (!symbol) {
      this.host.say(t("A board holds at most 62 sticks (0-9, a-z, A-Z)."));
      return;
    }
    for (const [r, c] of cells) g.grid.set(r, c, symbol);
    this.host.commit(g.grid, tn("Stick %(stick)s laid (%(n)s cell).", "Stick %(stick)s laid (%(n)s cells).", cells.length, { stick: symbol }));
  }

  finishMove(g) {
    if (g.end[0] === g.start[0] && g.end[1] === g.start[1]) return;
    const cells = this.moved(g);
    const blocked = this.blocker(g.grid, cells, g.symbol);
    if (blocked) {
      this.host.say(OVERLAPPING[blocked.what](g.symbol, blocked.stick));
      return;
    }
    const grid = g.grid;
    grid.cells = grid.cells.map((x) => (x === g.symbol ? EMPTY : x));
    for (const [r, c] of cells) grid.set(r, c, g.symbol);
    this.host.commit(grid, t("Stick %(stick)s moved.", { stick: g.symbol }));
  }
}

