// Drawing the board on a canvas: the frame turned by any angle, the sticks
// anywhere along their fall, the editor's preview. Nothing here knows the
// rules of the puzzle; it draws what it is given.

import { SYMBOLS, WALL } from "./grid.js";

// The same colours as the server's SVG thumbnails (webapp/rotation/svg.py);
// tests/rotation/test_palette.py checks that both files agree and that every stick
// stands out from the floor and the gap at 3:1, its letter at 4.5:1.
export const PALETTE = ["#c2571a", "#2f7bb0", "#3d8a4f", "#c0392b", "#8a5cc2",
  "#9a7b00", "#1f8a84", "#c2417f", "#5f7089", "#8b5a2b"];
// The letter on each stick colour: black or white, whichever contrasts more.
export const LABEL_COLOURS = ["#000000", "#ffffff", "#000000", "#ffffff", "#ffffff",
  "#000000", "#000000", "#ffffff", "#ffffff", "#ffffff"];
// A ring of ink around white (or white around ink) is seen against anything:
// one of the two always contrasts at least 3:1 with what lies next to it.
const INK = "#1d2330";
const HALO = "#ffffff";
const HINT = "#b3541a"; // the page's --accent-text: 5:1 on white
const WALL_COLOUR = "#2d3a55";
const FLOOR = "#fbfaf7";
const GRID_LINE = "rgba(45, 58, 85, 0.08)";
// A gap must not be told by colour alone: each gap cell gets a light amber
// fill (far from both the floor and the walls) and a dark arrow pointing out
// of the frame (4.5:1 on the fill, 5.5:1 on the floor).
const GAP_FILL = "#ffe0b2";
const GAP_ARROW = "#a84a0c";

// The colours of the page's theme (static/style.css, --board-*), read again
// only when the theme changes; the constants above are the light theme's,
// for a page without the stylesheet.
let themed = null;
function boardColours() {
  const theme = document.documentElement.dataset.theme || "";
  if (themed?.theme === theme) return themed;
  const css = getComputedStyle(document.documentElement);
  const get = (name, light) => css.getPropertyValue(`--board-${name}`).trim() || light;
  themed = {
    theme, floor: get("floor", FLOOR), grid: get("grid", GRID_LINE), wall: get("wall", WALL_COLOUR),
    gap: get("gap", GAP_FILL), gapArrow: get("gap-arrow", GAP_ARROW), ink: get("ink", INK),
    halo: get("halo", HALO), hint: get("hint", HINT), hintHalo: get("hint-halo", HALO),
  };
  return themed;
}

export function stickColour(symbol) {
  return PALETTE[SYMBOLS.indexOf(symbol) % PALETTE.length];
}

export function labelColour(symbol) {
  return LABEL_COLOURS[SYMBOLS.indexOf(symbol) % LABEL_COLOURS.length];
}

export class BoardView {
  constructor(canvas) {
    this.canvas = canvas;
    this.ctx = canvas.getContext("2d");
    this.scene = null;
    this.size = 0;
    new ResizeObserver(() => this.resize()).observe(canvas.parentElement);
    window.addEventListener("themechange", () => { if (this.scene) this.draw(this.scene); });
    this.resize();
  }

  resize() {
    const box = this.canvas.parentElement.getBoundingClientRect();
    const size = Math.max(160, Math.floor(Math.min(box.width, 720, window.innerHeight - 280)));
    if (size === this.size) return;
    this.size = size;
    const dpr = window.devicePixelRatio || 1;
    this.canvas.style.width = `${size}px`;
    this.canvas.style.height = `${size}px`;
    this.canvas.width = Math.round(size * dpr);
    this.canvas.height = Math.round(size * dpr);
    this.ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    if (this.scene) this.draw(this.scene);
  }

  cellSize(grid) {
    return this.size / (Math.max(grid.width, grid.height) + 2);
  }

  // The cell under a pointer, for the unturned board; null outside.
  cellAt(grid, clientX, clientY) {
    const rect = this.canvas.getBoundingClientRect();
    const s = this.cellSize(grid);
    const x = clientX - rect.left - (this.size - grid.width * s) / 2;
    const y = clientY - rect.top - (this.size - grid.height * s) / 2;
    const r = Math.floor(y / s);
    const c = Math.floor(x / s);
    return grid.inside(r, c) ? [r, c] : null;
  }

  // scene: {grid, sticks: [{symbol,row,col,length,vertical,dr,dc,alpha}],
  //         angle (radians, clockwise), preview: {cells, ok}, selected,
  //         highlight (a stick's symbol or null), goal (the goal's stick or
  //         null, ringed as well), cursor ([row, col] or null)}
  draw(scene) {
    this.scene = scene;
    const colours = this.colours = boardColours();
    // what the last picture marked, for tests and tools that cannot read pixels
    this.canvas.dataset.drawnHighlight = scene.highlight ?? "";
    this.canvas.dataset.drawnGoal = scene.goal ?? "";
    this.canvas.dataset.drawnCursor = scene.cursor ? scene.cursor.join(",") : "";
    const { ctx, size } = this;
    const { grid } = scene;
    const s = this.cellSize(grid);
    const angle = scene.angle || 0;
    const fit = 1 / (Math.abs(Math.cos(angle)) + Math.abs(Math.sin(angle)));

    ctx.save();
    ctx.clearRect(0, 0, size, size);
    ctx.translate(size / 2, size / 2);
    ctx.rotate(angle);
    ctx.scale(fit, fit);
    ctx.translate(-(grid.width * s) / 2, -(grid.height * s) / 2);

    ctx.fillStyle = colours.floor;
    ctx.fillRect(0, 0, grid.width * s, grid.height * s);
    ctx.strokeStyle = colours.grid;
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let r = 1; r < grid.height; r++) { ctx.moveTo(0, r * s); ctx.lineTo(grid.width * s, r * s); }
    for (let c = 1; c < grid.width; c++) { ctx.moveTo(c * s, 0); ctx.lineTo(c * s, grid.height * s); }
    ctx.stroke();

    for (let r = 0; r < grid.height; r++) {
      for (let c = 0; c < grid.width; c++) {
        const v = grid.get(r, c);
        if (v === WALL) {
          ctx.fillStyle = colours.wall;
          ctx.fillRect(c * s - 0.5, r * s - 0.5, s + 1, s + 1);
        } else if (grid.isBorder(r, c)) {
          this.gapMark(r, c, s, grid);
        }
      }
    }

    if (scene.preview) {
      ctx.fillStyle = scene.preview.ok ? "rgba(90, 164, 105, 0.45)" : "rgba(192, 80, 77, 0.45)";
      for (const [r, c] of scene.preview.cells) {
        if (grid.inside(r, c)) ctx.fillRect(c * s + 1, r * s + 1, s - 2, s - 2);
      }
    }

    for (const stick of scene.sticks) this.stick(stick, s, angle, scene.selected === stick.symbol);
    // The highlighted stick is drawn last so that its ring lies over its
    // neighbours; its letter is shown even where cells are too small for
    // letters, so that "stick q" can be found on a 64 x 64 board.
    for (const symbol of new Set([scene.goal, scene.highlight])) {
      const lit = symbol != null && scene.sticks.find((st) => st.symbol === symbol);
      if (lit && (lit.alpha ?? 1) > 0) this.highlightStick(lit, s, angle);
    }
    if (scene.cursor && grid.inside(scene.cursor[0], scene.cursor[1])) this.cursorMark(scene.cursor, s);
    // a hint: the sticks its turn moves ringed, and its arrow over the board
    const hinted = scene.hint ? scene.sticks.filter((st) => scene.hint.sticks.includes(st.symbol)) : [];
    for (const stick of hinted) this.highlightStick(stick, s, angle);
    ctx.restore();
    if (scene.hint) this.turnArrow(scene.hint.turn);
    this.canvas.dataset.drawnHint = scene.hint ? scene.hint.turn : "";
    this.canvas.dataset.drawnHintSticks = hinted.map((st) => st.symbol).join(",");
  }

  // The hinted turn: an arc over the frame's top, in the margin round the
  // board (it covers no stick and no number), its head the way the frame
  // turns (L anticlockwise, R clockwise), in the accent colour in a white
  // band so that it is seen on anything under it.
  turnArrow(turn) {
    const { ctx, size } = this;
    const r = size * 0.47;
    const clockwise = turn === "R";
    const from = -Math.PI * (clockwise ? 0.69 : 0.31);
    const to = -Math.PI * (clockwise ? 0.31 : 0.69);
    const end = [size / 2 + r * Math.cos(to), size / 2 + r * Math.sin(to)];
    const along = to + (clockwise ? Math.PI / 2 : -Math.PI / 2); // the tangent at the head
    const head = Math.max(10, size * 0.05);
    const path = new Path2D();
    path.arc(size / 2, size / 2, r, from, to, !clockwise);
    const tip = new Path2D();
    tip.moveTo(end[0] + head * Math.cos(along), end[1] + head * Math.sin(along));
    tip.lineTo(end[0] + head * 0.8 * Math.cos(along + 2.2), end[1] + head * 0.8 * Math.sin(along + 2.2));
    tip.lineTo(end[0] + head * 0.8 * Math.cos(along - 2.2), end[1] + head * 0.8 * Math.sin(along - 2.2));
    tip.closePath();
    const width = Math.max(4, size * 0.018);
    ctx.save();
    ctx.globalAlpha = 0.9;
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    ctx.strokeStyle = this.colours.hintHalo;
    ctx.lineWidth = width * 2.4;
    ctx.stroke(path);
    ctx.stroke(tip);
    ctx.strokeStyle = this.colours.hint;
    ctx.fillStyle = this.colours.hint;
    ctx.lineWidth = width;
    ctx.stroke(path);
    ctx.fill(tip);
    ctx.restore();
  }

  // An outward arrow in the gap cell (r, c): a head and a stem, centred on
  // the cell so that the cell's middle is always dark. On small cells (a
  // 64 x 64 board on a phone) the stem and head grow to stay visible.
  gapMark(r, c, s, grid) {
    const { ctx } = this;
    ctx.fillStyle = this.colours.gap;
    ctx.fillRect(c * s, r * s, s, s);
    let angle = 0;   // pointing up; then turned to face the side it opens on
    if (r === 0) angle = 0;
    else if (r === grid.height - 1) angle = Math.PI;
    else if (c === 0) angle = -Math.PI / 2;
    else if (c === grid.width - 1) angle = Math.PI / 2;
    const small = s < 14;
    const tip = small ? 0.46 : 0.38;
    const base = small ? 0.08 : 0.04;
    const half = small ? 0.46 : 0.34;
    const stem = small ? 0.2 : 0.12;
    const foot = small ? 0.46 : 0.36;
    ctx.save();
    ctx.translate((c + 0.5) * s, (r + 0.5) * s);
    ctx.rotate(angle);
    ctx.scale(s, s);
    ctx.fillStyle = this.colours.gapArrow;
    ctx.beginPath();
    ctx.moveTo(0, -tip);
    ctx.lineTo(half, base);
    ctx.lineTo(stem, base);
    ctx.lineTo(stem, foot);
    ctx.lineTo(-stem, foot);
    ctx.lineTo(-stem, base);
    ctx.lineTo(-half, base);
    ctx.closePath();
    if (small) {
      // A few pixels are easy to miss: a wider arrowhead in the margin
      // outside the frame points the way out as well.
      ctx.moveTo(0, -1.45);
      ctx.lineTo(1.3, -0.55);
      ctx.lineTo(-1.3, -0.55);
      ctx.closePath();
    }
    ctx.fill();
    ctx.restore();
  }

  box(stick, s) {
    const inset = Math.max(1.5, s * 0.1);
    const row = stick.row + (stick.dr || 0);
    const col = stick.col + (stick.dc || 0);
    // never negative: on a 64 x 64 board in the smallest canvas a cell is
    // narrower than two insets, and roundRect throws on a negative radius
    const w = Math.max(1, (stick.vertical ? 1 : stick.length) * s - 2 * inset);
    const h = Math.max(1, (stick.vertical ? stick.length : 1) * s - 2 * inset);
    return { x: col * s + inset, y: row * s + inset, w, h };
  }

  stick(stick, s, angle, selected) {
    const { ctx } = this;
    const { x, y, w, h } = this.box(stick, s);
    ctx.save();
    ctx.globalAlpha = stick.alpha ?? 1;
    ctx.fillStyle = stickColour(stick.symbol);
    ctx.beginPath();
    ctx.roundRect(x, y, w, h, Math.min(w, h) * 0.3);
    ctx.fill();
    if (selected) {
      ctx.lineWidth = Math.max(2, s * 0.08);
      ctx.strokeStyle = this.colours.ink;
      ctx.stroke();
    }
    if (s >= 14) this.label(stick.symbol, x + w / 2, y + h / 2, Math.round(s * 0.5), angle);
    ctx.restore();
  }

  label(symbol, cx, cy, px, angle) {
    const { ctx } = this;
    ctx.save();
    ctx.translate(cx, cy);
    ctx.rotate(-angle);
    ctx.fillStyle = labelColour(symbol);
    ctx.font = `650 ${px}px system-ui, sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(symbol, 0, 1);
    ctx.restore();
  }

  // A white band hugging the stick and an ink band around it: the white
  // stands out from the stick's colour, the ink from the floor and the gap.
  highlightStick(stick, s, angle) {
    const { ctx } = this;
    const { x, y, w, h } = this.box(stick, s);
    const band = Math.max(2, s * 0.09);
    const radius = Math.min(w, h) * 0.3;
    ctx.save();
    ctx.globalAlpha = stick.alpha ?? 1;
    ctx.lineJoin = "round";
    ctx.beginPath();
    ctx.roundRect(x - band * 1.5, y - band * 1.5, w + band * 3, h + band * 3, radius + band * 1.5);
    ctx.lineWidth = band;
    ctx.strokeStyle = this.colours.ink;
    ctx.stroke();
    ctx.beginPath();
    ctx.roundRect(x - band * 0.5, y - band * 0.5, w + band, h + band, radius + band * 0.5);
    ctx.strokeStyle = this.colours.halo;
    ctx.stroke();
    if (s < 14) {
      // Too small for a letter on the stick: a badge in the stick's colour,
      // ringed like the stick, carries it at a readable size.
      const r = 13;
      const cx = x + w / 2;
      const cy = y + h / 2;
      ctx.beginPath();
      ctx.arc(cx, cy, r + 2, 0, 2 * Math.PI);
      ctx.fillStyle = this.colours.ink;
      ctx.fill();
      ctx.beginPath();
      ctx.arc(cx, cy, r, 0, 2 * Math.PI);
      ctx.fillStyle = this.colours.halo;
      ctx.fill();
      ctx.beginPath();
      ctx.arc(cx, cy, r - 2, 0, 2 * Math.PI);
      ctx.fillStyle = stickColour(stick.symbol);
      ctx.fill();
      this.label(stick.symbol, cx, cy, 16, angle);
    }
    ctx.restore();
  }

  // The keyboard cursor: ink, white, ink, so that some band of it contrasts
  // with whatever lies under it (floor, wall, gap or stick).
  cursorMark([r, c], s) {
    const { ctx } = this;
    const band = Math.max(1.5, s * 0.07);
    ctx.save();
    ctx.lineWidth = band * 3;
    ctx.strokeStyle = this.colours.ink;
    ctx.strokeRect(c * s + band * 1.5, r * s + band * 1.5, s - band * 3, s - band * 3);
    ctx.lineWidth = band;
    ctx.strokeStyle = this.colours.halo;
    ctx.strokeRect(c * s + band * 1.5, r * s + band * 1.5, s - band * 3, s - band * 3);
    ctx.restore();
  }
}

