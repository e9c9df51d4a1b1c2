// Drawing the board on a canvas: the frame turned by any angle, the sticks
// anywhere along their fall, the editor's preview. Nothing here knows the
// rules of the puzzle; it draws what it is given.

import { SYMBOLS, WALL } from "./grid.js";

// The same colours as the server's SVG thumbnails (webapp/rotation/svg.py).
export const PALETTE = ["#e07a2f", "#3c8dbc", "#5aa469", "#c0504d", "#8e6bbf",
  "#d4a72c", "#3aa6a0", "#d46a9f", "#6d7f99", "#9c6b3e"];
const WALL_COLOUR = "#2d3a55";
const FLOOR = "#fbfaf7";
const GRID_LINE = "rgba(45, 58, 85, 0.08)";
// A gap must not be told by colour alone: each gap cell gets a light amber
// fill (far from both the floor and the walls) and a dark arrow pointing out
// of the frame (4.5:1 on the fill, 5.5:1 on the floor).
const GAP_FILL = "#ffe0b2";
const GAP_ARROW = "#a84a0c";

export function stickColour(symbol) {
  return PALETTE[SYMBOLS.indexOf(symbol) % PALETTE.length];
}

export class BoardView {
  constructor(canvas) {
    this.canvas = canvas;
    this.ctx = canvas.getContext("2d");
    this.scene = null;
    this.size = 0;
    new ResizeObserver(() => this.resize()).observe(canvas.parentElement);
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
  //         angle (radians, clockwise), preview: {cells, ok}, selected}
  draw(scene) {
    this.scene = scene;
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

    ctx.fillStyle = FLOOR;
    ctx.fillRect(0, 0, grid.width * s, grid.height * s);
    ctx.strokeStyle = GRID_LINE;
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let r = 1; r < grid.height; r++) { ctx.moveTo(0, r * s); ctx.lineTo(grid.width * s, r * s); }
    for (let c = 1; c < grid.width; c++) { ctx.moveTo(c * s, 0); ctx.lineTo(c * s, grid.height * s); }
    ctx.stroke();

    for (let r = 0; r < grid.height; r++) {
      for (let c = 0; c < grid.width; c++) {
        const v = grid.get(r, c);
        if (v === WALL) {
          ctx.fillStyle = WALL_COLOUR;
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
    ctx.restore();
  }

  // An outward arrow in the gap cell (r, c): a head and a stem, centred on
  // the cell so that the cell's middle is always dark. On small cells (a
  // 64 x 64 board on a phone) the stem and head grow to stay visible.
  gapMark(r, c, s, grid) {
    const { ctx } = this;
    ctx.fillStyle = GAP_FILL;
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
    ctx.fillStyle = GAP_ARROW;
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

  stick(stick, s, angle, selected) {
    const { ctx } = this;
    const inset = Math.max(1.5, s * 0.1);
    const row = stick.row + (stick.dr || 0);
    const col = stick.col + (stick.dc || 0);
    const w = (stick.vertical ? 1 : stick.length) * s - 2 * inset;
    const h = (stick.vertical ? stick.length : 1) * s - 2 * inset;
    const x = col * s + inset;
    const y = row * s + inset;
    ctx.save();
    ctx.globalAlpha = stick.alpha ?? 1;
    ctx.fillStyle = stickColour(stick.symbol);
    ctx.beginPath();
    ctx.roundRect(x, y, w, h, Math.min(w, h) * 0.3);
    ctx.fill();
    if (selected) {
      ctx.lineWidth = Math.max(2, s * 0.08);
      ctx.strokeStyle = "#1d2330";
      ctx.stroke();
    }
    if (s >= 14) {
      ctx.translate(x + w / 2, y + h / 2);
      ctx.rotate(-angle);
      ctx.fillStyle = "rgba(255, 255, 255, 0.95)";
      ctx.font = `600 ${Math.round(s * 0.5)}px system-ui, sans-serif`;
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillText(stick.symbol, 0, 1);
    }
    ctx.restore();
  }
}

