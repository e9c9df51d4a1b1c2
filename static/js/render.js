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
const GAP_MARK = "#f0a04b";

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

  gapMark(r, c, s, grid) {
    const { ctx } = this;
    const t = Math.max(2, s * 0.14);
    ctx.fillStyle = GAP_MARK;
    if (r === 0) ctx.fillRect(c * s, 0, s, t);
    if (r === grid.height - 1) ctx.fillRect(c * s, (r + 1) * s - t, s, t);
    if (c === 0) ctx.fillRect(0, r * s, t, s);
    if (c === grid.width - 1) ctx.fillRect((c + 1) * s - t, r * s, t, s);
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

