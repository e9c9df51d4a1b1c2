// Rotation's board on the page: the canvas (render.js draws, animate.js
// moves), the marks on it (the stick pointed at, the goal's, the keyboard's
// cursor, a hint's arrow and the sticks it moves), its words for screen
// readers, the turn buttons, a swipe, and in Draw mode the drawing
// (drawing.js), shown as drawn, unturned. The shell gives the positions;
// this only draws them.

import { number, t, tn } from "../../common/i18n.js";
import { animateStep } from "./animate.js";
import { describeBoard } from "./describe.js";
import { Drawing } from "./drawing.js";
import { Grid } from "./grid.js";
import { design, gridOf } from "./position.js";
import { BoardView } from "./render.js";

const $ = (selector) => document.querySelector(selector);

// the side of the frame that is down, by its orientation (quarter turns clockwise)
const DOWN = [
  () => t("gravity towards the frame's bottom side"),
  () => t("gravity towards the frame's right side"),
  () => t("gravity towards the frame's top side"),
  () => t("gravity towards the frame's left side"),
];
const TURN_KEYS = { ArrowLeft: "L", ArrowRight: "R" };
const MIN_SIZE = 3;
const MAX_SIZE = 64;

export class RotationView {
  constructor(host) {
    this.host = host;
    this.canvas = $("#board");
    this.board = new BoardView(this.canvas);
    this.hover = null; // the stick under the pointer
    this.hinted = null; // {key, move, sticks}: the sticks the hinted turn moves
    this.drawing = new Drawing(host, this);
    for (const [id, move] of [["#turn-left", "L"], ["#turn-right", "R"]]) {
      $(id).addEventListener("click", () => this.turn(move));
    }
    this.installPointer();
    host.on("timeline", () => this.drawing.setMode("try"));
    host.on("published", () => this.published());
    host.on("arrived", () => this.prefetch());
    host.on("started", (how) => this.drawing.started(how));
  }

  turn(move) {
    this.drawing.setMode("try");
    this.host.tryMove(move);
  }

  get start() {
    return this.host.start;
  }

  // What is shown: the drawing in Draw mode, else the position.
  shown(position) {
    if (this.drawing.mode === "draw") return { grid: this.drawing.design, orientation: 0 };
    return { grid: gridOf(position, this.start), orientation: position.orientation };
  }

  // The stick named by the goal, while it is on the board.
  goalStick(grid) {
    const g = $("#goal").value;
    return g.startsWith("stick:") && grid.sticks().has(g.slice(6)) ? g.slice(6) : null;
  }

  marks(grid) {
    const cursor = this.drawing.shownCursor();
    let highlight = this.goalStick(grid);
    if (cursor && grid.inside(...cursor) && grid.isStick(...cursor)) highlight = grid.get(...cursor);
    if (this.hover && grid.sticks().has(this.hover)) highlight = this.hover;
    // the goal's stick keeps its ring while another is pointed at: on a big
    // board its colour alone would not find it again
    return { highlight, goal: this.goalStick(grid), cursor };
  }

  scene(grid, orientation, extra = {}) {
    const sticks = [...grid.sticks().values()].map((s) => ({ ...s, dr: 0, dc: 0 }));
    return { grid, sticks, angle: (orientation * Math.PI) / 2, ...this.marks(grid), ...extra };
  }

  show(position, { hinted = null } = {}) {
    this.position = position;
    const { grid, orientation } = this.shown(position);
    const extra = this.drawing.mode === "draw" ? this.drawing.extra : null;
    if (extra) {
      this.board.draw(this.scene(extra.grid || grid, 0, extra));
    } else {
      const hint = hinted ? { turn: hinted, sticks: this.hintSticks(position, hinted) } : null;
      this.board.draw(this.scene(grid, orientation, hint ? { hint } : {}));
    }
    const { highlight, cursor } = this.marks(grid);
    this.canvas.dataset.highlight = highlight ?? "";
    if (cursor) this.canvas.dataset.cursor = cursor.join(",");
    else delete this.canvas.dataset.cursor;
  }

  // Which sticks the hinted turn moves is the server's word (the turn as
  // /api/rotation/move plays it): asked once, then drawn.
  hintSticks(position, move) {
    const key = this.host.keyOf(position);
    if (this.hinted?.key === key && this.hinted.move === move) return this.hinted.sticks;
    const mark = { key, move, sticks: [] };
    this.hinted = mark;
    const button = $(move === "L" ? "#turn-left" : "#turn-right");
    button.classList.add("hinted");
    setTimeout(() => button.classList.remove("hinted"), 1800);
    const grid = gridOf(position, this.start);
    this.host.askMove(position, move).then((step) => {
      if (this.hinted !== mark) return;
      const moved = Object.entries(step.moved || {}).filter(([, n]) => n > 0).map(([symbol]) => symbol);
      mark.sticks = [...new Set([...moved, ...(step.released || [])])].filter((symbol) => grid.sticks().has(symbol));
      this.host.render();
    }).catch(() => {});
    return mark.sticks;
  }

  // The page's words and data follow the board shown (in Draw, the drawing).
  published() {
    const now = this.drawing.mode === "draw" ? { grid: this.drawing.design, orientation: 0 } :
      this.shown(this.host.current());
    const step = this.drawing.mode === "draw" ? 0 : this.host.step();
    this.canvas.dataset.board = now.grid.toText();
    this.canvas.dataset.orientation = String(now.orientation);
    this.canvas.dataset.step = String(step);
    const size = now.grid.sticks().size;
    this.canvas.setAttribute("aria-label", tn("Puzzle board, %(width)s by %(height)s, %(n)s stick, %(gravity)s",
      "Puzzle board, %(width)s by %(height)s, %(n)s sticks, %(gravity)s", size,
      { width: number(now.grid.width), height: number(now.grid.height), gravity: DOWN[now.orientation]() }));
    $("#move-counter").textContent = t("Moves: %(turns)s", { turns: number(step) });
    $("#board-description").textContent = this.describe(this.host.current());
    this.canvas.setAttribute("aria-describedby", `${this.drawing.mode}-keys board-description`);
    this.drawing.buttons();
  }

  describe(position) {
    const now = this.shown(position);
    const line = this.host.timelineShown;
    const turns = line && this.drawing.mode !== "draw" ? ` ${t("Moves: %(turns)s.", { turns: number(line.cursor) })}` : "";
    return describeBoard(now.grid, now.orientation) + turns;
  }

  async animate(from, to, { speed = 1, reverse = false } = {}) {
    // backwards, the later step (from) is played back to the earlier (to)
    const [before, after] = reverse ? [to, from] : [from, to];
    const start = this.start;
    const grid = design(start);
    const specs = grid.sticks();
    const walls = grid.withSticks(specs, {});
    // the marks of the picture the step starts from, so a highlighted stick stays outlined as it falls
    const marks = this.marks(grid.withSticks(specs, before.sticks));
    // the turn between the two is a quarter clockwise (R) or back (L)
    const turn = (after.orientation - before.orientation + 4) % 4;
    const step = { ...after, move: turn === 1 ? "R" : turn === 3 ? "L" : null };
    this.canvas.dataset.animating = reverse ? "back" : "forward";
    try {
      await animateStep({ positions: before.sticks, orientation: before.orientation }, step, speed,
        (positions, offsets, angle) => {
          const sticks = Object.entries(positions).map(([symbol, [row, col]]) => ({
            ...specs.get(symbol), row, col, ...(offsets[symbol] || {}),
          }));
          this.board.draw({ grid: walls, sticks, angle, ...marks });
        }, { reverse });
    } finally {
      delete this.canvas.dataset.animating;
    }
  }

  valid(text) {
    try {
      const g = Grid.fromText(text);
      return g.width >= MIN_SIZE && g.width <= MAX_SIZE && g.height >= MIN_SIZE && g.height <= MAX_SIZE;
    } catch {
      return false;
    }
  }

  // ← and → turn (and bring Try it); in Draw the focused board's arrows move its cursor (boardKey).
  keyMove(e) {
    const move = TURN_KEYS[e.key];
    if (!move || e.shiftKey) return null;
    this.drawing.setMode("try");
    return move;
  }

  boardKey(e) {
    return this.drawing.boardKey(e);
  }

  // Ctrl+Z and Ctrl+Y in Draw act on the drawing (each mode's buttons are its own).
  undoKey() {
    return this.drawing.mode === "draw" && (this.drawing.undoEdit(), true);
  }

  redoKey() {
    return this.drawing.mode === "draw" && (this.drawing.redoEdit(), true);
  }

  startChanged(text, options) {
    this.hinted = null;
    this.drawing.startChanged(text, options);
  }

  // Kept with the work: the goal and the tab; a link's goal comes the same way.
  kept() {
    return { goal: $("#goal").value, mode: this.drawing.mode };
  }

  restore(saved) {
    this.drawing.startChanged(saved.start ?? this.start);
    if (saved.goal) this.drawing.chooseGoal(saved.goal);
    if (saved.mode === "try" || saved.mode === "draw") this.drawing.setMode(saved.mode);
  }

  // Both turns from the position shown, asked ahead, so a turn starts the
  // moment its key is pressed.
  prefetch() {
    if (this.host.endedHere()) return;
    const now = this.host.current();
    for (const move of ["L", "R"]) this.host.askMove(now, move).catch(() => {});
  }

  // A swipe turns the board in "Try it" (right is clockwise); the stick
  // under the pointer is outlined.
  installPointer() {
    const canvas = this.canvas;
    let swipe = null;
    canvas.addEventListener("pointerdown", (e) => {
      if (this.drawing.mode === "try") swipe = { x: e.clientX, y: e.clientY };
    });
    canvas.addEventListener("pointermove", (e) => {
      const hover = this.stickAt(e.clientX, e.clientY);
      if (hover === this.hover) return;
      this.hover = hover;
      if (!canvas.dataset.animating) this.host.render();
    });
    canvas.addEventListener("pointerleave", () => {
      this.hover = null;
      if (!canvas.dataset.animating) this.host.render();
    });
    canvas.addEventListener("pointerup", (e) => {
      if (!swipe || this.drawing.mode !== "try") return;
      const dx = e.clientX - swipe.x;
      const dy = e.clientY - swipe.y;
      swipe = null;
      if (Math.abs(dx) > 30 && Math.abs(dx) > Math.abs(dy)) this.turn(dx > 0 ? "R" : "L");
    });
  }

  stickAt(clientX, clientY) {
    if (!this.position) return null;
    const now = this.shown(this.position);
    const rect = this.canvas.getBoundingClientRect();
    // back from the turned picture to the frame's own coordinates
    const cx = rect.left + rect.width / 2;
    const cy = rect.top + rect.height / 2;
    const a = (now.orientation * Math.PI) / 2;
    const dx = clientX - cx;
    const dy = clientY - cy;
    const x = cx + dx * Math.cos(a) + dy * Math.sin(a);
    const y = cy - dx * Math.sin(a) + dy * Math.cos(a);
    const at = this.board.cellAt(now.grid, x, y);
    return at && now.grid.isStick(...at) ? now.grid.get(...at) : null;
  }
}
